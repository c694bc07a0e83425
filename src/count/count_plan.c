/*
 * count_plan.c - the plan of a count: its subproblems with stable ids (see
 * count_plan.h for the layout), solving one id, running many on the thread
 * pool, and adding the pieces up with every addition checked.
 */
#include <stdio.h>
#include <stdlib.h>

#include "count/count_plan.h"
#include "run/pool.h"

/* The constellations of n, if their small memory fits the budget. */
static int plan_constellations(nq_plan *p, uint64_t budget)
{
    int rc = nq__constellations_list(p->n, &p->cons, &p->work_count);
    if (rc != 0)
        return rc;
    /* The plan and one result slot per id during a run: tiny next to any
     * sensible budget, but a budget is a promise. */
    uint64_t need = sizeof *p + p->work_count * (sizeof *p->cons + 48);
    if (need > budget)
        return NQ_E_NOMEM;
    p->engine = NQ_ENGINE_CONSTELLATIONS;
    snprintf(p->signature, sizeof p->signature, "constellations/1 n=%d", p->n);
    return 0;
}

/* The join's units and table of n, if they fit the budget. */
static int plan_join(nq_plan *p, uint64_t budget, int threads)
{
    if (p->n > NQ_JOIN_MAX_N)
        return NQ_E_RANGE;
    int rc = nq__join_units(p->n, &p->units, &p->work_count);
    if (rc != 0)
        return rc;
    uint64_t units_bytes = p->work_count * (sizeof *p->units + 48);
    if (units_bytes >= budget)
        return NQ_E_NOMEM;
    rc = nq__join_table_build(p->n, threads, budget - units_bytes, &p->table);
    if (rc != 0)
        return rc;
    p->engine = NQ_ENGINE_JOIN;
    snprintf(p->signature, sizeof p->signature, "join/2 n=%d", p->n);
    return 0;
}

/* The join is worth its table from this n on. */
#define JOIN_MIN_N 4

int nq__plan_create_limited(int n, const nq_count_options *options,
                            uint64_t limit, nq_plan **plan)
{
    if (plan == NULL)
        return NQ_E_INVAL;
    *plan = NULL;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    nq_count_options defaults;
    if (options == NULL) {
        nq_count_options_init(&defaults);
        options = &defaults;
    }
    if (options->threads < 0 || options->engine < NQ_ENGINE_AUTO ||
        options->engine > NQ_ENGINE_CONSTELLATIONS)
        return NQ_E_INVAL;
    uint64_t budget = options->memory_bytes != 0 ? options->memory_bytes
                                                 : NQ_COUNT_DEFAULT_MEMORY;

    nq_plan *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NQ_E_NOMEM;
    p->n = n;
    p->limit = limit;
    p->sym180_ids = (uint64_t)n;
    p->sym90_ids = (uint64_t)n;
    int rc;
    switch (options->engine) {
    case NQ_ENGINE_JOIN:
        rc = plan_join(p, budget, options->threads);
        break;
    case NQ_ENGINE_CONSTELLATIONS:
        rc = plan_constellations(p, budget);
        break;
    default:
        rc = NQ_E_RANGE;
        if (n >= JOIN_MIN_N && n <= NQ_JOIN_MAX_N)
            rc = plan_join(p, budget, options->threads);
        if (rc == NQ_E_RANGE || rc == NQ_E_NOMEM) {
            /* No room for the join: backtracking needs next to none. */
            free(p->units);
            p->units = NULL;
            rc = plan_constellations(p, budget);
        }
        break;
    }
    if (rc != 0) {
        nq_plan_free(p);
        return rc;
    }
    *plan = p;
    return 0;
}

int nq_plan_create(int n, const nq_count_options *options, nq_plan **plan)
{
    return nq__plan_create_limited(n, options, UINT64_MAX, plan);
}

void nq_plan_free(nq_plan *plan)
{
    if (plan == NULL)
        return;
    free(plan->cons);
    free(plan->units);
    nq__join_table_free(&plan->table);
    free(plan);
}

uint64_t nq_plan_size(const nq_plan *plan)
{
    return plan->sym180_ids + plan->sym90_ids + plan->work_count;
}

nq_engine nq_plan_engine(const nq_plan *plan)
{
    return plan->engine;
}

int nq_plan_n(const nq_plan *plan)
{
    return plan->n;
}

const char *nq_plan_signature(const nq_plan *plan)
{
    return plan->signature;
}

enum nq__subproblem_kind nq__plan_kind(const nq_plan *plan, uint64_t id,
                                       uint64_t *index)
{
    if (id < plan->sym180_ids) {
        *index = id;
        return NQ_SUB_SYM180;
    }
    id -= plan->sym180_ids;
    if (id < plan->sym90_ids) {
        *index = id;
        return NQ_SUB_SYM90;
    }
    *index = id - plan->sym90_ids;
    return plan->engine == NQ_ENGINE_JOIN ? NQ_SUB_JOIN : NQ_SUB_CONSTELLATION;
}

int nq_plan_count_one(const nq_plan *plan, uint64_t id, nq_subcount *out)
{
    if (plan == NULL || out == NULL || id >= nq_plan_size(plan))
        return NQ_E_INVAL;
    nq_subcount sub = {0, 0, 0};
    uint64_t index;
    switch (nq__plan_kind(plan, id, &index)) {
    case NQ_SUB_SYM180:
        sub.sym180 = nq__symmetric_count(plan->n, 2, (int)index);
        break;
    case NQ_SUB_SYM90:
        sub.sym90 = nq__symmetric_count(plan->n, 1, (int)index);
        break;
    case NQ_SUB_CONSTELLATION: {
        const struct nq__constellation *c = &plan->cons[index];
        uint64_t completions = nq__constellation_count(plan->n, c);
        if (__builtin_mul_overflow(completions, (uint64_t)c->weight,
                                   &sub.total))
            return NQ_E_OVERFLOW;
        break;
    }
    case NQ_SUB_JOIN: {
        const struct nq__join_unit *u = &plan->units[index];
        uint64_t solutions;
        int rc = nq__join_count(&plan->table, u, &solutions);
        if (rc != 0)
            return rc;
        if (__builtin_mul_overflow(solutions, (uint64_t)u->weight, &sub.total))
            return NQ_E_OVERFLOW;
        break;
    }
    }
    if (sub.total > plan->limit || sub.sym180 > plan->limit ||
        sub.sym90 > plan->limit)
        return NQ_E_OVERFLOW;
    *out = sub;
    return 0;
}

int nq_subcount_add(nq_subcount *sum, const nq_subcount *add)
{
    nq_subcount s;
    if (__builtin_add_overflow(sum->total, add->total, &s.total) ||
        __builtin_add_overflow(sum->sym180, add->sym180, &s.sym180) ||
        __builtin_add_overflow(sum->sym90, add->sym90, &s.sym90))
        return NQ_E_OVERFLOW;
    *sum = s;
    return 0;
}

int nq_plan_result(const nq_plan *plan, const nq_subcount *sum,
                   nq_count_result *result)
{
    if (plan == NULL || sum == NULL || result == NULL)
        return NQ_E_INVAL;
    if (sum->total > plan->limit || sum->sym180 > plan->limit ||
        sum->sym90 > plan->limit)
        return NQ_E_OVERFLOW;
    nq_count_result r = {
        .total = sum->total, .sym180 = sum->sym180, .sym90 = sum->sym90};
    if (plan->n == 1) {
        /* All 8 symmetries fix the one queen: one class. */
        r.unique = r.total;
    } else {
        /* Burnside: classes = (fixed by identity + half turn + two quarter
         * turns) / 8, as no solution of n >= 2 is its own mirror image.
         * Computed piecewise so that no intermediate sum can wrap. */
        uint64_t whole = r.total / 8 + r.sym180 / 8 + r.sym90 / 4;
        uint64_t rest = r.total % 8 + r.sym180 % 8 + 2 * (r.sym90 % 4);
        if (rest % 8 != 0)
            return NQ_E_INVAL; /* not the sum over all the plan's ids */
        r.unique = whole + rest / 8;
    }
    *result = r;
    return 0;
}

/* ---- running ids on the pool ---------------------------------------- */

struct plan_run {
    const nq_plan *plan;
    const uint64_t *ids;
    nq_subproblem_fn done;
    void *user;
};

static int plan_run_work(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    struct plan_run *run = ctx;
    return nq_plan_count_one(run->plan, run->ids[index], result);
}

static int plan_run_done(void *ctx, size_t index, const void *result)
{
    struct plan_run *run = ctx;
    if (run->done == NULL)
        return 0;
    return run->done(run->ids[index], result, run->user) != 0 ? NQ_E_STOPPED
                                                              : 0;
}

int nq_plan_run(const nq_plan *plan, const uint64_t *ids, size_t nids,
                int threads, nq_subproblem_fn done, void *user)
{
    if (plan == NULL || (ids == NULL && nids > 0) || threads < 0)
        return NQ_E_INVAL;
    uint64_t size = nq_plan_size(plan);
    for (size_t i = 0; i < nids; i++) {
        if (ids[i] >= size)
            return NQ_E_INVAL;
    }
    struct plan_run run = {plan, ids, done, user};
    struct nq__pool_job job = {.count = nids,
                               .threads = threads,
                               .result_size = sizeof(nq_subcount),
                               .work = plan_run_work,
                               .done = plan_run_done,
                               .ctx = &run};
    return nq__pool_run(&job);
}
