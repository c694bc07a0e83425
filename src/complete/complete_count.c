/*
 * complete_count.c - the exact number of completions, on all cores.
 *
 * The fewest-free-cells search is cut at a branching depth deep enough to
 * give a few dozen subproblems per thread (the nodes at that depth, in the
 * search's own deterministic order); completions met above that depth are
 * counted on the way. Threads then take subproblems one at a time from a
 * shared index, so a thread that drew easy ones takes more. The sum does
 * not depend on who counted which subproblem.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "complete/complete_search.h"
#include "nqueens.h"

/* Subproblems wanted per thread: enough to even out their sizes. */
#define COUNT_SUBPROBLEMS_PER_THREAD 64
/* More threads than this are not started, whatever is asked. */
#define COUNT_MAX_THREADS 1024

struct count_job {
    int n;
    struct cs_node *frontier; /* the subproblems */
    size_t size;              /* subproblems in frontier */
    size_t cap;               /* room in frontier */
    bool nomem;               /* growing frontier failed */
    atomic_size_t next;       /* next subproblem to hand out */
    atomic_bool cancel;       /* set to stop every worker */
    pthread_mutex_t lock;     /* guards the fields below */
    uint64_t done;            /* subproblems finished */
    uint64_t total;           /* completions counted so far */
    int error;                /* first error: NQ_E_OVERFLOW, NQ_E_STOPPED */
    nq_progress_fn progress;
    void *progress_user;
};

/* The split callback of the collecting search: keeps a copy of the node. */
static int count_keep(const struct cs_node *node, void *user)
{
    struct count_job *job = user;
    if (job->size == job->cap) {
        size_t cap = job->cap ? job->cap * 2 : 256;
        struct cs_node *grown = realloc(job->frontier, cap * sizeof *grown);
        if (grown == NULL) {
            job->nomem = true;
            return 1;
        }
        job->frontier = grown;
        job->cap = cap;
    }
    job->frontier[job->size++] = *node;
    return 0;
}

/* Fills job->frontier with the nodes at the shallowest branching depth
 * that gives at least `wanted` of them (or all that exist), and
 * job->total with the completions found above it. */
static int count_split(struct count_job *job, const struct cs_node *root,
                       size_t wanted)
{
    for (int depth = 1; depth <= NQ_MAX_N; depth++) {
        job->size = 0;
        struct cs_run run = {.n = job->n,
                             .policy = CS_FEWEST_FREE,
                             .split_depth = depth,
                             .split = count_keep,
                             .split_user = job};
        nq__cs_search(&run, root);
        if (job->nomem)
            return NQ_E_NOMEM;
        job->total = run.count;
        if (job->size >= wanted || job->size == 0)
            break;
    }
    return NQ_OK;
}

/* Reports one finished subproblem; called with the lock held. */
static void count_finished(struct count_job *job, uint64_t found)
{
    if (job->error != 0)
        return;
    if (__builtin_add_overflow(job->total, found, &job->total)) {
        job->error = NQ_E_OVERFLOW;
        atomic_store(&job->cancel, true);
        return;
    }
    job->done++;
    if (job->progress != NULL &&
        job->progress(job->done, job->size, job->total, job->progress_user)) {
        job->error = NQ_E_STOPPED;
        atomic_store(&job->cancel, true);
    }
}

static void *count_worker(void *arg)
{
    struct count_job *job = arg;
    while (!atomic_load(&job->cancel)) {
        size_t i = atomic_fetch_add(&job->next, 1);
        if (i >= job->size)
            break;
        struct cs_run run = {
            .n = job->n, .policy = CS_FEWEST_FREE, .cancel = &job->cancel};
        if (nq__cs_search(&run, &job->frontier[i]))
            break; /* cancelled: the count of this subproblem is partial */
        pthread_mutex_lock(&job->lock);
        count_finished(job, run.count);
        pthread_mutex_unlock(&job->lock);
    }
    return NULL;
}

static int count_threads_wanted(const nq_complete_options *options)
{
    long threads = options->threads;
    if (threads <= 0)
        threads = sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1)
        threads = 1;
    if (threads > COUNT_MAX_THREADS)
        threads = COUNT_MAX_THREADS;
    return (int)threads;
}

/* Runs the workers: the calling thread and threads - 1 others. */
static int count_run(struct count_job *job, int threads)
{
    if ((size_t)threads > job->size)
        threads = job->size > 0 ? (int)job->size : 1;
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    if (ids == NULL)
        return NQ_E_NOMEM;
    int started = 0;
    int rc = NQ_OK;
    for (; started < threads - 1; started++) {
        if (pthread_create(&ids[started], NULL, count_worker, job) != 0) {
            atomic_store(&job->cancel, true);
            rc = NQ_E_THREAD;
            break;
        }
    }
    if (rc == NQ_OK)
        count_worker(job);
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    free(ids);
    return rc;
}

int nq_complete_count(int n, const int *given,
                      const nq_complete_options *options, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    int rc = nq_complete_check(n, given, NULL);
    if (rc != NQ_OK)
        return rc;
    if (count == NULL)
        return NQ_E_INVAL;
    nq_complete_options defaults;
    if (options == NULL) {
        nq_complete_options_init(&defaults);
        options = &defaults;
    }
    int threads = count_threads_wanted(options);

    struct count_job job;
    memset(&job, 0, sizeof job);
    job.n = n;
    job.progress = options->progress;
    job.progress_user = options->progress_user;
    atomic_init(&job.next, 0);
    atomic_init(&job.cancel, false);
    if (pthread_mutex_init(&job.lock, NULL) != 0)
        return NQ_E_THREAD;

    struct cs_node root;
    nq__cs_root(n, given, &root);
    rc = count_split(&job, &root,
                     (size_t)threads * COUNT_SUBPROBLEMS_PER_THREAD);
    if (rc == NQ_OK)
        rc = count_run(&job, threads);
    if (rc == NQ_OK)
        rc = job.error;
    if (rc == NQ_OK)
        *count = job.total;
    pthread_mutex_destroy(&job.lock);
    free(job.frontier);
    return rc;
}
