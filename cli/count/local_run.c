/*
 * local_run.c - a chunk of a plan's ids counted on a thread of its own
 * (local_run.h): rank 0 of nqueens-mpi, and count --checkpoint.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "count/local_run.h"

/* Results kept at first; the buffer doubles as it fills. */
#define LOCAL_RESULTS_FIRST 256

/* The counting thread's callback: keeps the result for the main thread. */
static int local_done(uint64_t id, const nq_subcount *count, void *user)
{
    struct local_run *l = user;
    int rc = 0;
    pthread_mutex_lock(&l->lock);
    if (l->done_len == l->done_cap) {
        size_t cap = l->done_cap * 2;
        struct local_result *d = realloc(l->done, cap * sizeof *d);
        if (d == NULL) {
            rc = NQ_E_NOMEM; /* a lost result: the job fails */
            l->rc = rc;
        } else {
            l->done = d;
            l->done_cap = cap;
        }
    }
    if (rc == 0)
        l->done[l->done_len++] = (struct local_result){id, *count};
    pthread_mutex_unlock(&l->lock);
    return rc != 0 || atomic_load(&l->stop);
}

static void *local_main(void *arg)
{
    struct local_run *l = arg;
    int rc = nq_plan_run(l->plan, l->ids, l->count, l->threads, local_done, l);
    pthread_mutex_lock(&l->lock);
    if (l->rc == NQ_OK)
        l->rc = rc;
    l->finished = true;
    pthread_cond_broadcast(&l->ended);
    pthread_mutex_unlock(&l->lock);
    return NULL;
}

/* A condition variable timed on the monotonic clock, which no change of
 * the wall clock moves. */
static int cond_init_monotonic(pthread_cond_t *cond)
{
    pthread_condattr_t monotonic;
    if (pthread_condattr_init(&monotonic) != 0)
        return -1;
    int rc = pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    if (rc == 0)
        rc = pthread_cond_init(cond, &monotonic);
    pthread_condattr_destroy(&monotonic);
    return rc;
}

int local_init(struct local_run *l, const nq_plan *plan, int threads)
{
    memset(l, 0, sizeof *l);
    l->plan = plan;
    l->threads = threads;
    l->done_cap = LOCAL_RESULTS_FIRST;
    l->taking_cap = LOCAL_RESULTS_FIRST;
    l->done = malloc(l->done_cap * sizeof *l->done);
    l->taking = malloc(l->taking_cap * sizeof *l->taking);
    atomic_init(&l->stop, false);
    bool locked = pthread_mutex_init(&l->lock, NULL) == 0;
    bool waits = locked && cond_init_monotonic(&l->ended) == 0;
    if (l->done == NULL || l->taking == NULL || !waits) {
        if (locked)
            pthread_mutex_destroy(&l->lock);
        free(l->done);
        free(l->taking);
        memset(l, 0, sizeof *l);
        return NQ_E_NOMEM;
    }
    return NQ_OK;
}

int local_start(struct local_run *l, const uint64_t *ids, size_t count)
{
    if (l->running)
        return NQ_E_INVAL; /* one chunk at a time */
    l->ids = ids;
    l->count = count;
    l->finished = false;
    l->rc = NQ_OK;
    atomic_store(&l->stop, false);
    if (pthread_create(&l->thread, NULL, local_main, l) != 0)
        return NQ_E_NOMEM;
    l->running = true;
    return NQ_OK;
}

void local_stop(struct local_run *l)
{
    atomic_store(&l->stop, true);
}

size_t local_take(struct local_run *l,
                  void (*take)(void *user, const struct local_result *r),
                  void *user)
{
    /* Swap the buffers, so that the counting thread goes on filling one
     * while this thread takes the other in (a checkpoint write, say). */
    pthread_mutex_lock(&l->lock);
    struct local_result *got = l->done;
    size_t len = l->done_len, cap = l->done_cap;
    l->done = l->taking;
    l->done_cap = l->taking_cap;
    l->done_len = 0;
    pthread_mutex_unlock(&l->lock);
    for (size_t i = 0; i < len; i++)
        take(user, &got[i]);
    l->taking = got;
    l->taking_cap = cap;
    return len;
}

bool local_finished(struct local_run *l)
{
    pthread_mutex_lock(&l->lock);
    bool finished = l->finished;
    pthread_mutex_unlock(&l->lock);
    return finished;
}

int local_end(struct local_run *l)
{
    if (!l->running)
        return NQ_OK;
    pthread_join(l->thread, NULL);
    l->running = false;
    return l->rc;
}

void local_free(struct local_run *l)
{
    if (l->taking == NULL)
        return; /* never initialised (taking is this thread's alone) */
    local_stop(l);
    local_end(l);
    pthread_mutex_destroy(&l->lock);
    pthread_cond_destroy(&l->ended);
    free(l->done);
    free(l->taking);
    memset(l, 0, sizeof *l);
}

void local_wait(struct local_run *l, long ms)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += ms % 1000 * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&l->lock);
    int rc = 0;
    while (!l->finished && rc == 0)
        rc = pthread_cond_timedwait(&l->ended, &l->lock, &until);
    pthread_mutex_unlock(&l->lock);
}

/* The longest sleep between two looks, in nanoseconds. */
#define LOCAL_NAP_MAX_NS 2000000L

void local_nap(long *ns)
{
    struct timespec ts = {0, *ns};
    nanosleep(&ts, NULL);
    *ns = *ns * 2 > LOCAL_NAP_MAX_NS ? LOCAL_NAP_MAX_NS : *ns * 2;
}
