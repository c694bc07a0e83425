/*
 * complete_count.c - the exact number of completions, on all cores.
 *
 * The fewest-free-cells search is cut at a branching depth deep enough to
 * give a few dozen subproblems per thread (the nodes at that depth, in the
 * search's own deterministic order); completions met above that depth are
 * counted on the way. The pool's threads then take subproblems one at a
 * time, so a thread that drew easy ones takes more, and the calling thread
 * adds up their counts and reports progress. The sum does not depend on
 * who counted which subproblem.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "complete/complete_search.h"
#include "nqueens.h"
#include "run/pool.h"

/* Subproblems wanted per thread: enough to even out their sizes. */
#define COUNT_SUBPROBLEMS_PER_THREAD 64

struct count_job {
    int n;
    struct cs_node *frontier; /* the subproblems */
    size_t size;              /* subproblems in frontier */
    size_t cap;               /* room in frontier */
    bool nomem;               /* growing frontier failed */
    atomic_bool cancel;       /* set by the pool when the run stops: every
                                 search under way gives up */
    /* The calling thread's alone: */
    uint64_t done;  /* subproblems finished */
    uint64_t total; /* completions counted so far */
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

/* Counts the completions below subproblem i (on a worker). */
static int count_work(void *ctx, int worker, size_t i, void *result)
{
    (void)worker;
    struct count_job *job = ctx;
    struct cs_run run = {
        .n = job->n, .policy = CS_FEWEST_FREE, .cancel = &job->cancel};
    if (nq__cs_search(&run, &job->frontier[i]))
        return NQ_E_STOPPED; /* cancelled: the run has its code already */
    memcpy(result, &run.count, sizeof run.count);
    return 0;
}

/* Adds one finished subproblem to the total and reports progress, on the
 * calling thread. A stop sets job->cancel (the pool does), which ends the
 * searches still running. */
static int count_done(void *ctx, size_t i, const void *result)
{
    (void)i;
    struct count_job *job = ctx;
    uint64_t found;
    memcpy(&found, result, sizeof found);
    int rc = NQ_OK;
    if (__builtin_add_overflow(job->total, found, &job->total))
        rc = NQ_E_OVERFLOW;
    else if (job->progress != NULL &&
             job->progress(++job->done, job->size, job->total,
                           job->progress_user) != 0)
        rc = NQ_E_STOPPED;
    return rc;
}

int nq_complete_count(int n, const int *given,
                      const nq_complete_options *options, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    int rc = nq_complete_check_options(n, given, options, NULL);
    if (rc != NQ_OK)
        return rc;
    if (count == NULL)
        return NQ_E_INVAL;
    nq_complete_options o;
    if (nq__complete_options_read(options, &o) != NQ_OK)
        return NQ_E_INVAL;
    /* A negative count of threads has always meant all cores here. */
    int threads = nq__pool_threads(o.threads);

    struct count_job job;
    memset(&job, 0, sizeof job);
    job.n = n;
    job.progress = o.progress;
    job.progress_user = o.progress_user;
    atomic_init(&job.cancel, false);

    struct cs_node root;
    nq__cs_root(n, given, o.exclusions, &root);
    rc = count_split(&job, &root,
                     (size_t)threads * COUNT_SUBPROBLEMS_PER_THREAD);
    if (rc == NQ_OK) {
        struct nq__pool_job run = {.count = job.size,
                                   .threads = threads,
                                   .result_size = sizeof(uint64_t),
                                   .work = count_work,
                                   .done = count_done,
                                   .ctx = &job,
                                   .cancel = &job.cancel};
        rc = nq__pool_run(&run);
    }
    if (rc == NQ_OK)
        *count = job.total;
    free(job.frontier);
    return rc;
}
