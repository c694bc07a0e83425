/*
 * count.c - nq_count(): the whole count as a user of the plan API, the same
 * path that checkpoints and MPI take (create the plan, run every id, add the
 * pieces with nq_subcount_add, finish with nq_plan_result).
 */
#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "count/count_plan.h"
#include "run/pool.h"

struct count_sum {
    nq_subcount sum;
    uint64_t done;  /* subproblems added */
    uint64_t total; /* subproblems in the plan */
    int error;      /* an error of the sum itself */
    nq_progress_fn progress;
    void *progress_user;
};

static int count_add(uint64_t id, const nq_subcount *count, void *user)
{
    (void)id;
    struct count_sum *s = user;
    s->error = nq_subcount_add(&s->sum, count);
    if (s->error != 0)
        return 1;
    s->done++;
    if (s->progress != NULL &&
        s->progress(s->done, s->total, s->sum.total, s->progress_user) != 0)
        return 1;
    return 0;
}

int nq_count_plan(const nq_plan *plan, const nq_count_options *options,
                  nq_count_result *result)
{
    if (result == NULL)
        return NQ_E_INVAL;
    memset(result, 0, sizeof *result);
    nq_count_options o;
    if (nq__count_options_read(options, &o) != NQ_OK || plan == NULL ||
        o.threads < 0)
        return NQ_E_INVAL;
    uint64_t size = nq_plan_size(plan);
    uint64_t *ids = malloc(size * sizeof *ids);
    if (ids == NULL)
        return NQ_E_NOMEM;
    for (uint64_t i = 0; i < size; i++)
        ids[i] = i;

    struct count_sum s = {.total = size,
                          .progress = o.progress,
                          .progress_user = o.progress_user};
    int rc = nq_plan_run(plan, ids, (size_t)size, o.threads, count_add, &s);
    if (rc == NQ_E_STOPPED && s.error != 0)
        rc = s.error; /* the sum overflowed, nobody asked to stop */
    if (rc == 0)
        rc = nq_plan_result(plan, &s.sum, result);
    if (rc != 0)
        memset(result, 0, sizeof *result);
    free(ids);
    return rc;
}

int nq__count_limited(int n, const nq_count_options *options, uint64_t limit,
                      nq_count_result *result)
{
    if (result == NULL)
        return NQ_E_INVAL;
    memset(result, 0, sizeof *result);
    nq_plan *plan = NULL;
    int rc = nq__plan_create_limited(n, options, NULL, limit, &plan);
    if (rc != 0)
        return rc;
    rc = nq_count_plan(plan, options, result);
    nq_plan_free(plan);
    return rc;
}

int nq_count(int n, const nq_count_options *options, nq_count_result *result)
{
    return nq__count_limited(n, options, UINT64_MAX, result);
}

int nq_count_default_threads(void)
{
    return nq__pool_threads(0);
}
