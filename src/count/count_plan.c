/*
 * count_plan.c - the plan of a count: its subproblems with stable ids (see
 * count_plan.h for the layout), solving one id, running many on the thread
 * pool, and adding the pieces up with every addition checked.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "count/count_plan.h"
#include "gpu/gpu.h"
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
    snprintf(p->signature, sizeof p->signature, NQ_PLAN_CONSTELLATIONS_SIGN,
             p->n);
    return 0;
}

/* The constellations, counted on an OpenCL device: the plan of
 * NQ_ENGINE_CONSTELLATIONS (the same ids and signature) with the device
 * opened and its kernel built. `want` says whether a CPU device will do. */
static int plan_gpu(nq_plan *p, uint64_t budget, const nq_count_options *o,
                    enum nq__gpu_want want, struct nq__gpu *given)
{
    if (p->n > NQ_GPU_MAX_N) {
        if (o->device_message != NULL && o->device_message_size > 0)
            snprintf(o->device_message, o->device_message_size,
                     "the GPU engine takes N up to %d", NQ_GPU_MAX_N);
        return NQ_E_RANGE;
    }
    int rc = plan_constellations(p, budget);
    if (rc != 0)
        return rc;
    if (given != NULL) {
        p->gpu = given;
        p->gpu_borrowed = true;
    } else {
        rc = nq__gpu_open(o->device, want, NULL, NULL, o->device_message,
                          o->device_message_size, &p->gpu);
        if (rc != 0)
            return rc;
    }
    p->engine = NQ_ENGINE_GPU;
    p->device_message = o->device_message;
    p->device_message_size = o->device_message_size;
    return 0;
}

bool nq__plan_auto_gpu(int n, int device)
{
    return n >= NQ_GPU_AUTO_MIN_N && n <= NQ_GPU_MAX_N &&
           nq__gpu_find(device, NQ_GPU_GPU_ONLY) >= 0;
}

/* The tops per share and group of the whole table (*len entries), the
 * census split between processes where the options ask for it (then
 * census_sum is called, and the plan notes it). A census given is taken
 * as it is (a pass's build checks it against the tops it walks), its
 * shares folded into those of `threads` threads where they divide them
 * (nq__join_fold_shares(): one thread takes any census); *shared says
 * whether its shares are those of `threads` threads, as a pass's build
 * needs them (else only their sums serve: a resume or an audit on
 * another number of threads). */
static int walk_census(nq_plan *p, int threads, const nq_plan_options *o,
                       uint32_t **share_tops, uint64_t *len, bool *shared)
{
    uint64_t own = nq__join_share_tops_bytes(p->n, threads);
    *shared = true;
    uint64_t *sums = NULL, groups = 0;
    if (o->census != NULL && o->census_len <= SIZE_MAX / sizeof **share_tops &&
        nq__join_sum_shares(p->n, o->census, o->census_len, &sums, &groups) ==
            0) {
        free(sums);
        size_t bytes = (size_t)o->census_len * sizeof **share_tops;
        if (bytes != own &&
            nq__join_fold_shares(p->n, threads, o->census, o->census_len,
                                 share_tops, len) == 0)
            return 0;
        *share_tops = malloc(bytes);
        if (*share_tops == NULL)
            return NQ_E_NOMEM;
        memcpy(*share_tops, o->census, bytes);
        *len = o->census_len;
        *shared = bytes == own;
        return 0;
    }
    bool split = o->census_parts > 1;
    int rc = nq__join_census_part(p->n, threads, split ? o->census_part : 0,
                                  split ? o->census_parts : 1, share_tops, len);
    if (!split)
        return rc;
    p->census_summed = true;
    int summed = o->census_sum(o->census_user, rc == 0 ? *share_tops : NULL,
                               rc == 0 ? *len : 0);
    if (rc != 0 || summed == 0)
        return rc;
    /* Not shared: the whole census here. */
    free(*share_tops);
    return nq__join_census_part(p->n, threads, 0, 1, share_tops, len);
}

uint64_t nq__plan_beside(int n, int threads, uint64_t budget, bool *with_census)
{
    /* Beside a pass's table: the filter of its tops, and the tops per
     * share and group that spare each build its count walk, where they
     * take little of the budget (at n = 20 on two threads, 12 MB). */
    uint64_t census = nq__join_share_tops_bytes(n, threads);
    *with_census = census <= budget / 16;
    return ((uint64_t)1 << n) + (*with_census ? census : 0);
}

uint64_t nq__plan_units_bytes(uint64_t units)
{
    /* The units, and one result slot per id during a run. */
    return units * (sizeof(struct nq__join_unit) + 48);
}

/* The passes of *passes as even as their number allows: cut again with
 * the least cap on a pass's tops, to a 64th, that makes no more passes
 * (nor fewer than min_passes) and builds no more tops (between their
 * mean and their largest). A share of the tops rarely packs into as many
 * passes as it divides them into: a part of n = 20 in four, asked for
 * three, took passes of 376, 386 and 170 million tops, now three of
 * 309-315 (its largest table, and the pages it faults in, a fifth
 * smaller); a part of n = 16 in three, asked for four, five of up to 638
 * thousand tops, now of up to 520. Caps that fit no cut count as too
 * small; each cap tried lies strictly between the two bounds, so that
 * small tables (a 64th of no top) end too. */
static void even_out(int n, int threads, unsigned min_passes,
                     const struct nq__join_unit *units, uint64_t count,
                     const uint64_t *tops, uint64_t budget,
                     struct nq__join_passes *passes)
{
    /* Not for odd n: its cuts (two or three families, each cut three
     * ways) take 0.1-0.2 s each at n = 19, and evening out its passes
     * took a second more of a checkpointed count for 55 MB less (from 21
     * on its passes fill the budget). */
    uint64_t below = passes->built / passes->count, above = passes->most;
    if (n % 2 == 1 || above <= below + below / 8)
        return; /* or even enough */
    while (above - below > 1 && above - below > above / 64) {
        uint64_t cap = below + (above - below) / 2;
        struct nq__join_passes even;
        if (nq__join_passes_plan(n, threads, units, count, tops, budget, cap,
                                 &even) != 0) {
            below = cap;
            continue;
        }
        if (even.count <= passes->count && even.count >= min_passes &&
            even.built <= passes->built) {
            nq__join_passes_free(passes);
            *passes = even;
            above = cap;
        } else {
            nq__join_passes_free(&even);
            below = cap;
        }
    }
}

int nq__plan_cut(int n, int threads, unsigned min_passes,
                 const struct nq__join_unit *units, uint64_t count,
                 const uint64_t *tops, uint64_t groups, uint64_t budget,
                 struct nq__join_passes *passes)
{
    uint64_t max_tops = UINT64_MAX;
    if (min_passes > 1) {
        uint64_t all = 0;
        for (uint64_t i = 0; i < groups; i++)
            all += tops[i];
        max_tops = (all + min_passes - 1) / min_passes;
    }
    int rc = nq__join_passes_plan(n, threads, units, count, tops, budget,
                                  max_tops, passes);
    /* Odd n: the passes of two families each build every top (or share
     * patterns, count_join_passes.c), so passes of a tenth of the tops are
     * twice ten or more (22 at n = 19). Larger passes, while there are
     * still min_passes of them. */
    while (rc == 0 && min_passes > 1 &&
           passes->count > min_passes + min_passes / 4) {
        struct nq__join_passes coarser;
        max_tops += max_tops / 4;
        if (nq__join_passes_plan(n, threads, units, count, tops, budget,
                                 max_tops, &coarser) != 0)
            break;
        if (coarser.count < min_passes || coarser.count >= passes->count) {
            nq__join_passes_free(&coarser);
            break;
        }
        nq__join_passes_free(passes);
        *passes = coarser;
    }
    if (rc == 0 && min_passes > 1)
        even_out(n, threads, min_passes, units, count, tops, budget, passes);
    if (rc == NQ_E_NOMEM && max_tops != UINT64_MAX) {
        /* No cut that fine (small n): the finest the budget takes. */
        rc = nq__join_passes_plan(n, threads, units, count, tops, budget,
                                  UINT64_MAX, passes);
    }
    return rc;
}

/* The probes of an estimated census (per start of the table's walk), and
 * their seed. */
#define ESTIMATE_PROBES 2048
#define ESTIMATE_SEED 0x6e71706172747300ULL

/* The join in passes, where the whole table does not fit the budget or
 * at least `min_passes` passes are asked for: the tops of each group are
 * counted (in little memory), and the passes cut so that the largest
 * pass's table fits (and holds at most 1/min_passes of the tops, where a
 * cut that fine exists). Each run builds one pass's table at a time
 * (plan_run_passes()). */
static int plan_passes(nq_plan *p, uint64_t budget, int threads,
                       const nq_plan_options *o)
{
    unsigned min_passes = o->min_passes;
    bool with_census = false;
    uint64_t beside = nq__plan_beside(p->n, threads, budget, &with_census);
    if (beside >= budget)
        return NQ_E_NOMEM;
    uint64_t *tops = NULL;
    uint64_t groups = 0, len = 0;
    uint32_t *share_tops = NULL;
    bool shared = true, estimated = false;
    uint64_t room = budget - beside; /* for the cut */
    int rc = 0;
    if (o->census_estimate != 0 && o->census == NULL && o->census_parts <= 1) {
        /* Estimated (nq_plan_options.census_estimate): the passes count
         * their own tops, and are cut with room for the estimate's error. */
        double all = 0.0;
        rc = nq__join_sample_tops(p->n, ESTIMATE_PROBES, ESTIMATE_SEED, &tops,
                                  &groups, &all);
        room = room / 8 * 7;
        shared = false;
        estimated = true;
    } else {
        rc = walk_census(p, threads, o, &share_tops, &len, &shared);
        if (rc == 0)
            rc = nq__join_sum_shares(p->n, share_tops, len, &tops, &groups);
    }
    if (rc == 0 && with_census && shared) {
        p->share_tops = share_tops;
        p->share_tops_len = len;
        share_tops = NULL;
    }
    free(share_tops);
    if (rc == 0 && o->parts > 1)
        rc = nq__plan_part_tops(p, o->part, o->parts, tops, groups);
    if (rc != 0) {
        free(tops);
        return rc;
    }
    /* Beside each pass's table, what its threads take. */
    uint64_t work =
        nq__join_passes_work(p->n, threads, tops, groups, estimated, room);
    rc = work < room
             ? nq__plan_cut(p->n, threads, min_passes, p->units, p->work_count,
                            tops, groups, room - work, &p->passes)
             : NQ_E_NOMEM;
    p->tops = 0;
    for (uint64_t g = 0; g < groups; g++)
        p->tops += tops[g];
    free(tops);
    if (rc != 0)
        return rc;
    p->threads = threads;
    p->table_budget = budget - beside;
    p->census_room = with_census;
    return 0;
}

/* The join's units and table of n, if they fit the budget (and no passes
 * are asked for), or else its cut into passes. */
static int plan_join(nq_plan *p, uint64_t budget, int threads,
                     const nq_plan_options *o)
{
    unsigned min_passes = o->min_passes;
    if (p->n > NQ_JOIN_MAX_N)
        return NQ_E_RANGE;
    int rc = nq__join_units(p->n, &p->units, &p->work_count);
    if (rc != 0)
        return rc;
    uint64_t units_bytes = nq__plan_units_bytes(p->work_count);
    if (units_bytes >= budget)
        return NQ_E_NOMEM;
    rc = min_passes > 1 && p->n >= 4
             ? NQ_E_NOMEM
             : nq__join_table_build(p->n, threads, budget - units_bytes,
                                    &p->table);
    if (rc == NQ_E_NOMEM && p->n >= 4)
        rc = plan_passes(p, budget - units_bytes, threads, o);
    if (rc != 0)
        return rc;
    p->engine = NQ_ENGINE_JOIN;
    snprintf(p->signature, sizeof p->signature, NQ_PLAN_JOIN_SIGN, p->n);
    return 0;
}

/* nq__plan_create_limited() on options read whole, but for the census_sum
 * call that every plan creation of a shared census makes; *summed: made
 * already. `given`: a device opened already (NULL: none). */
static int plan_create(int n, const nq_count_options *options,
                       const nq_plan_options *plan_options, uint64_t limit,
                       struct nq__gpu *given, nq_plan **plan, bool *summed)
{
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if (options->threads < 0 || options->engine < NQ_ENGINE_AUTO ||
        options->engine > NQ_ENGINE_GPU ||
        (plan_options->census_parts > 1 &&
         (plan_options->census_sum == NULL ||
          plan_options->census_part >= plan_options->census_parts)) ||
        plan_options->parts > NQ_PARTS_MAX ||
        (plan_options->parts > 1 &&
         (plan_options->part < 1 || plan_options->part > plan_options->parts)))
        return NQ_E_INVAL;
    int threads = options->threads;
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
        rc = plan_join(p, budget, threads, plan_options);
        break;
    case NQ_ENGINE_CONSTELLATIONS:
        rc = plan_constellations(p, budget);
        break;
    case NQ_ENGINE_GPU:
        rc = plan_gpu(p, budget, options, NQ_GPU_ANY, given);
        break;
    default:
        rc = NQ_E_RANGE;
        if (nq__plan_auto_gpu(n, options->device)) {
            /* A device of type GPU, where one builds the kernel, wins from
             * here on; none (or a failing one): the CPU, saying nothing. */
            nq_count_options quiet = *options;
            quiet.device_message = NULL;
            quiet.device_message_size = 0;
            rc = plan_gpu(p, budget, &quiet, NQ_GPU_GPU_ONLY, NULL);
            if (rc != 0) {
                free(p->cons);
                p->cons = NULL;
                p->work_count = 0;
                rc = NQ_E_RANGE;
            }
        }
        if (rc == NQ_E_RANGE && n >= NQ_JOIN_MIN_N && n <= NQ_JOIN_MAX_N)
            rc = plan_join(p, budget, threads, plan_options);
        if (rc == NQ_E_RANGE || rc == NQ_E_NOMEM) {
            /* No room for the join: backtracking needs next to none. */
            free(p->units);
            p->units = NULL;
            rc = plan_constellations(p, budget);
        }
        break;
    }
    *summed = p->census_summed;
    if (rc != 0) {
        nq_plan_free(p);
        return rc;
    }
    *plan = p;
    return 0;
}

/* nq__plan_create_limited() with a device opened already (NULL: none). */
static int plan_create_on(int n, const nq_count_options *options,
                          const nq_plan_options *plan_options, uint64_t limit,
                          struct nq__gpu *given, nq_plan **plan)
{
    if (plan == NULL)
        return NQ_E_INVAL;
    *plan = NULL;
    nq_plan_options po;
    if (nq__plan_options_read(plan_options, &po) != NQ_OK)
        return NQ_E_INVAL; /* no field of it can be trusted */
    nq_count_options o;
    bool summed = false;
    int rc = nq__count_options_read(options, &o);
    if (rc == NQ_OK)
        rc = plan_create(n, &o, &po, limit, given, plan, &summed);
    /* Processes that share a census call census_sum once each, whether
     * they walked one or not, so that none waits on the others. */
    if (po.census_parts > 1 && po.census_sum != NULL && !summed)
        po.census_sum(po.census_user, NULL, 0);
    return rc;
}

int nq__plan_create_limited(int n, const nq_count_options *options,
                            const nq_plan_options *plan_options, uint64_t limit,
                            nq_plan **plan)
{
    return plan_create_on(n, options, plan_options, limit, NULL, plan);
}

int nq__plan_create_on(int n, const nq_count_options *options,
                       struct nq__gpu *device, nq_plan **plan)
{
    if (device == NULL || options == NULL || options->engine != NQ_ENGINE_GPU)
        return NQ_E_INVAL;
    return plan_create_on(n, options, NULL, UINT64_MAX, device, plan);
}

int nq_plan_create(int n, const nq_count_options *options, nq_plan **plan)
{
    return nq__plan_create_limited(n, options, NULL, UINT64_MAX, plan);
}

int nq_plan_create_ex(int n, const nq_count_options *options,
                      const nq_plan_options *plan_options, nq_plan **plan)
{
    return nq__plan_create_limited(n, options, plan_options, UINT64_MAX, plan);
}

void nq_plan_free(nq_plan *plan)
{
    if (plan == NULL)
        return;
    free(plan->cons);
    free(plan->units);
    nq__join_table_free(&plan->table);
    nq__join_passes_free(&plan->passes);
    free(plan->share_tops);
    if (!plan->gpu_borrowed)
        nq__gpu_close(plan->gpu);
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

int nq_plan_device(const nq_plan *plan)
{
    return plan != NULL && plan->gpu != NULL ? nq__gpu_index(plan->gpu) : -1;
}

nq_engine nq_plan_id_engine(const nq_plan *plan, uint64_t id)
{
    if (plan == NULL || id >= nq_plan_size(plan))
        return NQ_ENGINE_AUTO;
    uint64_t index;
    if (plan->engine == NQ_ENGINE_GPU &&
        nq__plan_kind(plan, id, &index) != NQ_SUB_CONSTELLATION)
        return NQ_ENGINE_CONSTELLATIONS; /* on the pool: plan_run_gpu() */
    return plan->engine;
}

int nq_plan_n(const nq_plan *plan)
{
    return plan->n;
}

uint64_t nq_plan_passes(const nq_plan *plan)
{
    return plan->passes.count > 0 ? plan->passes.count : 1;
}

void nq_plan_census(const nq_plan *plan, const uint32_t **counts, uint64_t *len)
{
    *counts = plan != NULL ? plan->share_tops : NULL;
    *len = *counts != NULL ? plan->share_tops_len : 0;
}

uint64_t nq_plan_pass_bytes(const nq_plan *plan)
{
    return plan->passes.count > 0 ? plan->passes.largest : 0;
}

void nq_plan_tops(const nq_plan *plan, uint64_t *tops, uint64_t *built)
{
    bool passes = plan->passes.count > 0;
    *tops = passes ? plan->tops : 0;
    *built = passes ? plan->passes.built : 0;
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

/* The outer columns that refine a pass's own where a run asks for part
 * of its units (a part of `count --part`, a resumed run): 4 a side. */
#define PARTIAL_PASS_COLUMNS 8

/* Marks a pattern and its mirror image as kept tops. */
static void keep_pattern(uint8_t *keep, uint32_t pattern, int n)
{
    keep[pattern] |= NQ_JOIN_KEEP_TOP;
    keep[nq__join_mirror(pattern, n)] |= NQ_JOIN_KEEP_TOP;
}

/* The tops that the table of pass `pass` keeps, into `keep` (room for 2^n
 * entries); returns its fixed columns. `whole`: the whole pass's; else
 * those of the groups that the units of ids[0..m) (all of that pass)
 * read, under the pass's fixed columns and the outer ones, so that a run
 * of part of a pass builds part of its table. */
static uint32_t pass_keep(const nq_plan *plan, uint32_t pass, bool whole,
                          const uint64_t *ids, size_t m, uint8_t *keep)
{
    int n = plan->n;
    if (whole)
        return nq__join_cut_keep(n, &plan->passes, plan->units,
                                 plan->work_count, pass, keep);
    uint32_t fixed = nq__join_family_of_pass(&plan->passes, pass)->fixed |
                     nq__join_fixed_columns(n, PARTIAL_PASS_COLUMNS);
    uint32_t full = (uint32_t)(((uint64_t)1 << n) - 1);
    memset(keep, 0, (size_t)1 << n);
    for (size_t i = 0; i < m; i++) {
        uint64_t index;
        (void)nq__plan_kind(plan, ids[i], &index);
        const struct nq__join_unit *u = &plan->units[index];
        uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
        keep_pattern(keep, u->top & fixed, n);
        keep_pattern(keep, full & ~u->top & ~middle & fixed, n);
    }
    return fixed;
}

/* The table of the tops that `keep` keeps under `fixed`, counted from
 * `census` (NULL: by a walk of their own), its entries in `memory` (NULL:
 * its own). */
static int build_table(const nq_plan *plan, uint32_t fixed, const uint8_t *keep,
                       const uint32_t *census, struct nq__join_memory *memory,
                       struct nq__join_table *t)
{
    struct nq__join_keep filter = {
        .fixed = fixed, .keep = keep, .share_tops = census, .memory = memory};
    return nq__join_table_build_pass(plan->n, plan->threads, plan->table_budget,
                                     &filter, t);
}

/* The table of pass `pass` of a plan in passes, built into t; `keep` has
 * room for 2^n entries. */
static int pass_table(const nq_plan *plan, uint32_t pass, uint8_t *keep,
                      struct nq__join_memory *memory, struct nq__join_table *t)
{
    uint32_t fixed = pass_keep(plan, pass, true, NULL, 0, keep);
    return build_table(plan, fixed, keep, plan->share_tops, memory, t);
}

/* Solves `id` with `table` the join's table (of the id's pass). */
static int count_id(const nq_plan *plan, const struct nq__join_table *table,
                    uint64_t id, nq_subcount *out)
{
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
        int rc = nq__join_count(table, u, &solutions);
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

/* The pass of the join unit `index` of a plan in passes. */
static uint32_t unit_pass(const nq_plan *plan, uint64_t index)
{
    return nq__join_unit_pass(plan->n, &plan->passes, &plan->units[index]);
}

uint64_t nq_plan_pass_of(const nq_plan *plan, uint64_t id)
{
    uint64_t index;
    if (plan == NULL || id >= nq_plan_size(plan) ||
        nq__plan_kind(plan, id, &index) != NQ_SUB_JOIN)
        return NQ_PLAN_NO_PASS;
    return plan->passes.count > 0 ? unit_pass(plan, index) : 0;
}

static int plan_run_gpu(const nq_plan *plan, const uint64_t *ids, size_t nids,
                        int threads, nq_subproblem_fn done, void *user);

/* Keeps the one result of a run of one id. */
static int keep_one(uint64_t id, const nq_subcount *count, void *user)
{
    (void)id;
    *(nq_subcount *)user = *count;
    return 0;
}

int nq_plan_count_one(const nq_plan *plan, uint64_t id, nq_subcount *out)
{
    if (plan == NULL || out == NULL || id >= nq_plan_size(plan))
        return NQ_E_INVAL;
    uint64_t index;
    if (plan->gpu != NULL &&
        nq__plan_kind(plan, id, &index) == NQ_SUB_CONSTELLATION)
        return plan_run_gpu(plan, &id, 1, 1, keep_one, out);
    if (plan->passes.count == 0 ||
        nq__plan_kind(plan, id, &index) != NQ_SUB_JOIN)
        return count_id(plan, &plan->table, id, out);
    /* One unit of a plan in passes: the table of its pass, for it alone. */
    uint8_t *keep = malloc((size_t)1 << plan->n);
    if (keep == NULL)
        return NQ_E_NOMEM;
    struct nq__join_table t;
    int rc = pass_table(plan, unit_pass(plan, index), keep, NULL, &t);
    free(keep);
    if (rc != 0)
        return rc;
    rc = count_id(plan, &t, id, out);
    nq__join_table_free(&t);
    return rc;
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
    return nq_count_result_of(plan->n, sum, result);
}

const char *nq_engine_name(nq_engine engine)
{
    switch (engine) {
    case NQ_ENGINE_JOIN:
        return "join";
    case NQ_ENGINE_CONSTELLATIONS:
        return "constellations";
    case NQ_ENGINE_GPU:
        return "gpu";
    case NQ_ENGINE_AUTO:
        return "auto";
    default:
        return NULL;
    }
}

int nq_count_result_of(int n, const nq_subcount *sum, nq_count_result *result)
{
    if (sum == NULL || result == NULL || n < 1 || n > NQ_MAX_N)
        return NQ_E_INVAL;
    nq_count_result r = {
        .total = sum->total, .sym180 = sum->sym180, .sym90 = sum->sym90};
    if (n == 1) {
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
    const struct nq__join_table *table;
    const uint64_t *ids;
    nq_subproblem_fn done;
    void *user;
};

static int plan_run_work(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    struct plan_run *run = ctx;
    return count_id(run->plan, run->table, run->ids[index], result);
}

static int plan_run_done(void *ctx, size_t index, const void *result)
{
    struct plan_run *run = ctx;
    if (run->done == NULL)
        return 0;
    return run->done(run->ids[index], result, run->user) != 0 ? NQ_E_STOPPED
                                                              : 0;
}

/* Runs ids[0..nids) on the pool with `table`. */
static int run_ids(const nq_plan *plan, const struct nq__join_table *table,
                   const uint64_t *ids, size_t nids, int threads,
                   nq_subproblem_fn done, void *user)
{
    struct plan_run run = {plan, table, ids, done, user};
    if (table != NULL)
        threads = nq__join_run_threads(table, threads);
    struct nq__pool_job job = {.count = nids,
                               .threads = threads,
                               .result_size = sizeof(nq_subcount),
                               .work = plan_run_work,
                               .done = plan_run_done,
                               .ctx = &run};
    return nq__pool_run(&job);
}

/* The ids of pass p among ids[0..nids) (pass[i]: each one's), into
 * some[]; returns how many. */
static size_t ids_of_pass(const uint64_t *ids, const uint32_t *pass,
                          size_t nids, size_t p, uint64_t *some)
{
    size_t m = 0;
    for (size_t i = 0; i < nids; i++) {
        if (pass[i] == p)
            some[m++] = ids[i];
    }
    return m;
}

/* A run that builds two tables or more with no census from the plan (a
 * part's run, a resumed one, one cut from an estimate) counts the tops of
 * all of them in one walk first (nq__join_census_kept()), which every
 * build then takes as its census. A walk visits most of the nodes that a
 * walk of every top visits, whatever share of the tops it keeps, so one
 * walk for all the tables costs much less than a walk each (n = 20, the
 * three tables of a part of four: 858 million nodes of the last row
 * walked one table at a time, 638 million in one walk, 812 million in the
 * walk of every top). None where the plan keeps a census, where one does
 * not fit beside a table, or for one table. inrun[p] : the run's units of
 * pass p, units[p] : all of them; some[] and keep[] are room to work in. */
static int run_census(const nq_plan *plan, const uint64_t *ids, size_t nids,
                      const uint32_t *pass, const uint64_t *inrun,
                      const uint64_t *units, uint64_t *some, uint8_t *keep,
                      uint32_t **census)
{
    *census = NULL;
    int n = plan->n;
    size_t built = 0;
    uint32_t fixed = nq__join_fixed_columns(n, PARTIAL_PASS_COLUMNS);
    for (size_t p = 0; p < plan->passes.count; p++) {
        if (inrun[p] == 0)
            continue;
        built++;
        fixed |= nq__join_family_of_pass(&plan->passes, (uint32_t)p)->fixed;
    }
    if (plan->share_tops != NULL || !plan->census_room || built < 2)
        return 0;
    /* The union of the tables' patterns under `fixed`, which holds each
     * table's fixed columns: pattern[i] is the pattern of index i. */
    int k = __builtin_popcount(fixed);
    size_t patterns = (size_t)1 << k;
    uint8_t *kept = calloc(patterns, 1);
    uint32_t *pattern = malloc(patterns * sizeof *pattern);
    int rc = NQ_E_NOMEM;
    if (kept == NULL || pattern == NULL)
        goto out;
    for (size_t i = 0; i < patterns; i++) {
        pattern[i] = 0;
        uint32_t cols = fixed;
        for (int j = 0; j < k; j++, cols &= cols - 1) {
            if (i >> j & 1)
                pattern[i] |= cols & -cols;
        }
    }
    for (size_t p = 0; p < plan->passes.count; p++) {
        if (inrun[p] == 0)
            continue;
        size_t m = ids_of_pass(ids, pass, nids, p, some);
        uint32_t own =
            pass_keep(plan, (uint32_t)p, m >= units[p], some, m, keep);
        for (size_t i = 0; i < patterns; i++)
            kept[i] |= keep[pattern[i] & own] & NQ_JOIN_KEEP_TOP;
    }
    memset(keep, 0, (size_t)1 << n);
    for (size_t i = 0; i < patterns; i++)
        keep[pattern[i]] = kept[i];
    struct nq__join_keep filter = {.fixed = fixed, .keep = keep};
    uint64_t len = 0;
    rc = nq__join_census_kept(n, plan->threads, &filter, census, &len);
    if (rc == NQ_E_NOMEM)
        rc = 0; /* each build walks its own tops, as without a census */
out:
    free(kept);
    free(pattern);
    return rc;
}

/* A plan in passes: the ids that need no table first, then pass by pass
 * the units of that pass, with its table built before and freed after. A
 * pass none of whose units is asked for costs nothing. */
static int plan_run_passes(const nq_plan *plan, const uint64_t *ids,
                           size_t nids, int threads, nq_subproblem_fn done,
                           void *user)
{
    uint64_t *some = malloc((nids > 0 ? nids : 1) * sizeof *some);
    uint32_t *pass = malloc((nids > 0 ? nids : 1) * sizeof *pass);
    uint8_t *keep = malloc((size_t)1 << plan->n);
    /* The units of each pass, all of them and the run's, to tell a run
     * of a whole pass from one of part of it. */
    uint64_t *units = calloc(plan->passes.count, sizeof *units);
    uint64_t *inrun = calloc(plan->passes.count, sizeof *inrun);
    uint32_t *census = NULL;
    /* The tables' entries, one after the other in the same pages. */
    struct nq__join_memory memory = {NULL, 0};
    int rc = NQ_E_NOMEM;
    if (some == NULL || pass == NULL || keep == NULL || units == NULL ||
        inrun == NULL)
        goto out;
    size_t m = 0;
    for (size_t i = 0; i < nids; i++) {
        uint64_t index;
        pass[i] = UINT32_MAX; /* an id of no pass: it needs no table */
        if (nq__plan_kind(plan, ids[i], &index) == NQ_SUB_JOIN) {
            pass[i] = unit_pass(plan, index);
            inrun[pass[i]]++;
        } else {
            some[m++] = ids[i];
        }
    }
    rc = run_ids(plan, NULL, some, m, threads, done, user);
    for (uint64_t i = 0; rc == 0 && i < plan->work_count; i++)
        units[unit_pass(plan, i)]++;
    if (rc == 0)
        rc = run_census(plan, ids, nids, pass, inrun, units, some, keep,
                        &census);
    const uint32_t *counted = census != NULL ? census : plan->share_tops;
    for (size_t p = 0; p < plan->passes.count && rc == 0; p++) {
        if (inrun[p] == 0)
            continue;
        m = ids_of_pass(ids, pass, nids, p, some);
        bool whole = m >= units[p];
        struct nq__join_table t;
        uint32_t fixed = pass_keep(plan, (uint32_t)p, whole, some, m, keep);
        rc = build_table(plan, fixed, keep, counted, &memory, &t);
        /* The whole pass's table fits by the cut's making; a part of it
         * may not, under a budget so tight that the finer walk's own
         * table tips it over. */
        if (rc == NQ_E_NOMEM && !whole)
            rc = pass_table(plan, (uint32_t)p, keep, &memory, &t);
        if (rc != 0)
            break;
        rc = run_ids(plan, &t, some, m, threads, done, user);
        nq__join_table_free(&t);
    }
out:
    nq__join_memory_free(&memory);
    free(census);
    free(inrun);
    free(units);
    free(keep);
    free(pass);
    free(some);
    return rc;
}

/* ---- running ids on the GPU ----------------------------------------- */

struct gpu_run {
    const nq_plan *plan;
    const uint64_t *ids; /* the constellations' ids, in the order run */
    nq_subproblem_fn done;
    void *user;
};

/* The search of the constellation of item `item`. */
static int gpu_setup(void *user, size_t item, struct nq__kernel_setup *setup)
{
    const struct gpu_run *run = user;
    uint64_t index;
    (void)nq__plan_kind(run->plan, run->ids[item], &index);
    nq__constellation_setup(run->plan->n, &run->plan->cons[index], setup);
    return 0;
}

/* A constellation counted: weighted by its class, checked, reported. */
static int gpu_done(void *user, size_t item, uint64_t completions)
{
    const struct gpu_run *run = user;
    uint64_t index;
    (void)nq__plan_kind(run->plan, run->ids[item], &index);
    nq_subcount sub = {0, 0, 0};
    if (__builtin_mul_overflow(
            completions, (uint64_t)run->plan->cons[index].weight, &sub.total) ||
        sub.total > run->plan->limit)
        return NQ_E_OVERFLOW;
    if (run->done == NULL)
        return 0;
    return run->done(run->ids[item], &sub, run->user) != 0 ? NQ_E_STOPPED : 0;
}

/* A GPU plan: the symmetric searches on the pool (they are cheap), then
 * the constellations on the device, in the order given. */
static int plan_run_gpu(const nq_plan *plan, const uint64_t *ids, size_t nids,
                        int threads, nq_subproblem_fn done, void *user)
{
    uint64_t *cpu = malloc((nids > 0 ? nids : 1) * sizeof *cpu);
    uint64_t *gpu = malloc((nids > 0 ? nids : 1) * sizeof *gpu);
    int rc = NQ_E_NOMEM;
    if (cpu == NULL || gpu == NULL)
        goto out;
    size_t ncpu = 0, ngpu = 0;
    for (size_t i = 0; i < nids; i++) {
        uint64_t index;
        if (nq__plan_kind(plan, ids[i], &index) == NQ_SUB_CONSTELLATION)
            gpu[ngpu++] = ids[i];
        else
            cpu[ncpu++] = ids[i];
    }
    rc = ncpu > 0 ? run_ids(plan, NULL, cpu, ncpu, threads, done, user) : 0;
    if (rc == 0 && ngpu > 0) {
        struct gpu_run run = {plan, gpu, done, user};
        rc = nq__gpu_run(plan->gpu, plan->n, ngpu, gpu_setup, gpu_done, &run,
                         plan->device_message, plan->device_message_size);
    }
out:
    free(gpu);
    free(cpu);
    return rc;
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
    if (plan->gpu != NULL)
        return plan_run_gpu(plan, ids, nids, threads, done, user);
    if (plan->passes.count > 0)
        return plan_run_passes(plan, ids, nids, threads, done, user);
    return run_ids(plan, &plan->table, ids, nids, threads, done, user);
}
