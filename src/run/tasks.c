/*
 * tasks.c - the thread pool behind nq_plan_run() and nq_count().
 *
 * Workers take the next item index from one atomic counter (dynamic
 * scheduling: a long subproblem never holds up the others), write the
 * result into the item's own slot and append the index to a queue. The
 * calling thread sleeps on a condition variable, drains the queue and calls
 * the `done` callback, so callbacks never run on two threads at once and
 * always on the thread that asked for the run.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "nqueens.h"
#include "run/tasks.h"

struct tasks {
    size_t count;           /* items 0..count-1 */
    size_t result_size;     /* bytes of one result */
    unsigned char *results; /* count slots of result_size bytes */
    nq_task_work_fn work;
    void *ctx;

    atomic_size_t next; /* the next index to hand out */
    atomic_bool stop;   /* set once the run must end early */

    pthread_mutex_t lock; /* guards everything below */
    pthread_cond_t wake;  /* signalled when an item finishes or a worker ends */
    size_t *finished;     /* indices in order of completion */
    size_t produced;      /* entries written to finished */
    int live;             /* workers still running */
    int error;            /* first error of a work item, 0 if none */
};

int nq__tasks_online_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1)
        return 1;
    return cores > 1024 ? 1024 : (int)cores;
}

static void *tasks_worker(void *arg)
{
    struct tasks *t = arg;
    while (!atomic_load(&t->stop)) {
        size_t index = atomic_fetch_add(&t->next, 1);
        if (index >= t->count)
            break;
        int rc = t->work(t->ctx, index, t->results + index * t->result_size);
        pthread_mutex_lock(&t->lock);
        if (rc != 0) {
            if (t->error == 0)
                t->error = rc;
            atomic_store(&t->stop, true);
        } else {
            t->finished[t->produced++] = index;
        }
        /* The caller looks for finished items every DRAIN_MS on its own:
         * a wake-up per item would cost more than a short item (the join
         * has tens of thousands of a few microseconds). */
        if (rc != 0)
            pthread_cond_signal(&t->wake);
        pthread_mutex_unlock(&t->lock);
    }
    pthread_mutex_lock(&t->lock);
    t->live--;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

/* One worker: everything on the calling thread, no locks needed. */
static int tasks_run_inline(size_t count, size_t result_size,
                            nq_task_work_fn work, nq_task_done_fn done,
                            void *ctx)
{
    unsigned char *result = malloc(result_size > 0 ? result_size : 1);
    if (result == NULL)
        return NQ_E_NOMEM;
    int rc = 0;
    for (size_t i = 0; i < count && rc == 0; i++) {
        rc = work(ctx, i, result);
        if (rc == 0 && done != NULL)
            rc = done(ctx, i, result);
    }
    free(result);
    return rc;
}

/* How often the calling thread reports the items finished meanwhile. */
#define DRAIN_MS 5

/* The calling thread's part: report finished items until every worker has
 * ended. Returns the first non-zero value of `done`, or 0. */
static int tasks_drain(struct tasks *t, nq_task_done_fn done)
{
    int stopped_by = 0;
    size_t consumed = 0;
    pthread_mutex_lock(&t->lock);
    for (;;) {
        while (stopped_by == 0 && consumed < t->produced) {
            size_t index = t->finished[consumed++];
            pthread_mutex_unlock(&t->lock);
            int rc = done != NULL ? done(t->ctx, index,
                                         t->results + index * t->result_size)
                                  : 0;
            pthread_mutex_lock(&t->lock);
            if (rc != 0) {
                stopped_by = rc;
                atomic_store(&t->stop, true);
            }
        }
        if (t->live == 0 && (stopped_by != 0 || consumed == t->produced))
            break;
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += DRAIN_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&t->wake, &t->lock, &until);
    }
    pthread_mutex_unlock(&t->lock);
    return stopped_by;
}

int nq__tasks_run(size_t count, int threads, size_t result_size,
                  nq_task_work_fn work, nq_task_done_fn done, void *ctx)
{
    if (work == NULL || threads < 0)
        return NQ_E_INVAL;
    if (count == 0)
        return 0;
    if (threads == 0)
        threads = nq__tasks_online_cores();
    if ((size_t)threads > count)
        threads = (int)count;
    if (threads == 1)
        return tasks_run_inline(count, result_size, work, done, ctx);

    if (result_size > 0 && count > SIZE_MAX / result_size)
        return NQ_E_NOMEM;
    struct tasks t = {
        .count = count, .result_size = result_size, .work = work, .ctx = ctx};
    atomic_init(&t.next, 0);
    atomic_init(&t.stop, false);
    t.results = malloc(result_size * count + 1);
    t.finished = calloc(count, sizeof *t.finished);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    if (t.results == NULL || t.finished == NULL || ids == NULL) {
        free(t.results);
        free(t.finished);
        free(ids);
        return NQ_E_NOMEM;
    }
    pthread_mutex_init(&t.lock, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&t.wake, &monotonic);
    pthread_condattr_destroy(&monotonic);

    int started = 0;
    int rc = 0;
    for (; started < threads; started++) {
        pthread_mutex_lock(&t.lock);
        t.live++;
        pthread_mutex_unlock(&t.lock);
        if (pthread_create(&ids[started], NULL, tasks_worker, &t) != 0) {
            pthread_mutex_lock(&t.lock);
            t.live--;
            pthread_mutex_unlock(&t.lock);
            atomic_store(&t.stop, true);
            rc = NQ_E_THREAD;
            break;
        }
    }
    /* Without every worker, report nothing: the run failed as a whole. */
    int stopped_by = tasks_drain(&t, rc == 0 ? done : NULL);
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);

    if (rc == 0)
        rc = t.error != 0 ? t.error : stopped_by;
    pthread_cond_destroy(&t.wake);
    pthread_mutex_destroy(&t.lock);
    free(t.results);
    free(t.finished);
    free(ids);
    return rc;
}
