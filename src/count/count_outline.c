/*
 * count_outline.c - nq_plan_outline(): what nq_plan_create() would make,
 * told in milliseconds. The engine and the cut into passes come from the
 * plan's own steps (count_plan.c: the units, the bytes beside a pass,
 * nq__plan_cut()); only the census of the tops, which the plan walks in
 * full, is replaced by an estimate from random probes
 * (count_join_sample.c), so that `count N --dry-run` answers at once at
 * any N and its passes follow whatever the plan's cut becomes. Up to
 * OUTLINE_CENSUS_MAX_N, where the census takes under a second, a join in
 * passes is cut from the census itself: the same passes or refusal.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "count/count_plan.h"
#include "gpu/gpu.h"

/* Probes from each start of the walk: at n = 23 about 250 starts, so 6
 * million steps of a few rows (tens of milliseconds), and the tops of a
 * pattern of 14 fixed columns within about a tenth. */
#define OUTLINE_PROBES 2048
#define OUTLINE_SEED 0x6e717565656e73ULL

/* What the outline is asked, from the options as the library reads them. */
struct ask {
    int threads;         /* nq_count_options.threads */
    unsigned min_passes; /* nq_plan_options.min_passes */
};

/* The constellations, if their memory fits (plan_constellations()). */
static int outline_constellations(int n, uint64_t budget, nq_outline *o)
{
    struct nq__constellation *cons = NULL;
    uint64_t count = 0;
    int rc = nq__constellations_list(n, &cons, &count);
    free(cons);
    if (rc != 0)
        return rc;
    uint64_t need = sizeof(nq_plan) + count * (sizeof *cons + 48);
    if (need > budget)
        return NQ_E_NOMEM;
    o->engine = NQ_ENGINE_CONSTELLATIONS;
    snprintf(o->signature, sizeof o->signature, NQ_PLAN_CONSTELLATIONS_SIGN, n);
    o->pieces = count;
    o->bytes = need;
    return 0;
}

/* The outline makes the plan's cut up to this many passes (n = 21's 46 at
 * the default budget, or n = 22's 275 under 3 GiB, in about a second);
 * beyond, where the cut of a sample of the units would miss patterns, it
 * takes the passes that the tops built fill. Odd n builds each top in two
 * families, or in three where the first family's passes are so many that
 * the second's columns are too few (count_join_passes.c): more than
 * OUTLINE_THIRDS_FILLED passes filled by two builds (the plan's cuts:
 * 21 in 256 MiB and 23 in 2 or 4 GiB three, 21 in 512 MiB and 23 in
 * 8 GiB two). The passes so told: 274 at n = 22 (the plan's 274), 2,199
 * at n = 23 (2,216), 640 at 21 in 256 MiB (754). */
#define OUTLINE_CUT_MAX_PASSES 128
#define OUTLINE_THIRDS_FILLED 300

/* The most units the cut is made from: at n = 21 and 23 (970 thousand
 * and 7.7 million units) a sample of them. */
#define OUTLINE_UNITS_MAX ((uint64_t)1 << 16)

/* A sample of about `keep` of the `count` units, chosen by a hash of
 * their index (the same every time), into *out (malloc'ed). The cut reads
 * of the units only which patterns each key's units read (the pairs of
 * count_join_passes.c), and every pattern is read by hundreds of units
 * of its key: a sample of a few dozen a key misses next to none. */
static int sample_units(const struct nq__join_unit *units, uint64_t count,
                        uint64_t keep, struct nq__join_unit **out,
                        uint64_t *kept)
{
    *out = malloc((keep * 2 + 1) * sizeof **out);
    *kept = 0;
    if (*out == NULL)
        return NQ_E_NOMEM;
    uint64_t below = UINT64_MAX / count * keep; /* the hashes kept */
    for (uint64_t i = 0; i < count && *kept < keep * 2; i++) {
        uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ULL;
        z ^= z >> 29;
        if (z < below)
            (*out)[(*kept)++] = units[i];
    }
    return 0;
}

/* The cut of the plan from the estimated tops (nq__plan_cut()), from a
 * sample of the units where there are many. */
static int outline_cut(int n, const struct ask *options,
                       const struct nq__join_unit *units, uint64_t count,
                       const uint64_t *tops, uint64_t groups, uint64_t budget,
                       struct nq__join_passes *cut)
{
    if (count <= OUTLINE_UNITS_MAX)
        return nq__plan_cut(n, options->threads, options->min_passes, units,
                            count, tops, groups, budget, cut);
    struct nq__join_unit *some = NULL;
    uint64_t kept = 0;
    int rc = sample_units(units, count, OUTLINE_UNITS_MAX, &some, &kept);
    if (rc == 0)
        rc = nq__plan_cut(n, options->threads, options->min_passes, some, kept,
                          tops, groups, budget, cut);
    free(some);
    return rc;
}

/* Up to this n the passes are cut from the census itself, as the plan
 * cuts them (its walk: 0.1 s at n = 17, 0.7 s at 18 on two threads, 10 s
 * at 20), so that a small budget is judged as the plan judges it: from
 * estimated tops, the room beside a pass's table (its threads' work)
 * came out 62 KB where the plan takes 188 KB at n = 17 in 4 MiB, and the
 * outline told 159 passes of a join that the plan refuses. */
#define OUTLINE_CENSUS_MAX_N 18

/* The join in passes from the tops of the census, walked as the plan
 * walks it (walk_census() without a census given): the plan's own steps
 * on the plan's own numbers, so the same passes or the same refusal. */
static int outline_passes_exact(int n, const struct ask *options,
                                const struct nq__join_unit *units,
                                uint64_t count, uint64_t room, nq_outline *o)
{
    uint32_t *share_tops = NULL;
    uint64_t len = 0, *tops = NULL, groups = 0;
    int rc = nq__join_census_part(n, options->threads, 0, 1, &share_tops, &len);
    if (rc == 0)
        rc = nq__join_sum_shares(n, share_tops, len, &tops, &groups);
    free(share_tops);
    uint64_t work = 0;
    if (rc == 0) {
        work = nq__join_passes_work(n, options->threads, tops, groups, false,
                                    room);
        rc = work < room ? 0 : NQ_E_NOMEM;
    }
    struct nq__join_passes cut;
    if (rc == 0)
        rc = nq__plan_cut(n, options->threads, options->min_passes, units,
                          count, tops, groups, room - work, &cut);
    if (rc == 0) {
        o->tops = 0;
        for (uint64_t g = 0; g < groups; g++)
            o->tops += (double)tops[g];
        o->groups = groups;
        o->passes = cut.count;
        o->built = (double)cut.built;
        o->held = cut.held;
        o->bytes += work + cut.largest;
        o->census = 1;
        nq__join_passes_free(&cut);
    }
    free(tops);
    return rc;
}

/* The join in passes from the estimated tops (plan_passes()), or from
 * the census where it is walked at once. */
static int outline_passes(int n, const struct ask *options,
                          const struct nq__join_unit *units, uint64_t count,
                          const uint64_t *tops, uint64_t budget, nq_outline *o)
{
    bool with_census = false;
    uint64_t beside =
        nq__plan_beside(n, options->threads, budget, &with_census);
    if (beside >= budget)
        return NQ_E_NOMEM;
    if (n <= OUTLINE_CENSUS_MAX_N) {
        o->bytes += beside;
        return outline_passes_exact(n, options, units, count, budget - beside,
                                    o);
    }
    /* The passes the tops built fill: where they are many, the plan's cut
     * of every unit takes seconds (n = 23: 4 million units, 2^14 keys and
     * more), and the outline takes those instead. */
    uint64_t room = budget - beside;
    uint64_t work =
        nq__join_passes_work(n, options->threads, tops, o->groups, true, room);
    if (work >= room)
        return NQ_E_NOMEM;
    double per_top =
        (double)(nq__join_table_bytes(n, options->threads, 1 << 20) -
                 nq__join_table_bytes(n, options->threads, 0)) /
        (1 << 20);
    double built = n % 2 == 1 ? 2 * o->tops : o->tops;
    double filled = built * per_top / (double)(room - work);
    if (filled > OUTLINE_CUT_MAX_PASSES) {
        if (n % 2 == 1 && filled > OUTLINE_THIRDS_FILLED) {
            built = 3 * o->tops;
            filled = built * per_top / (double)(room - work);
        }
        o->passes = (uint64_t)filled + 1;
        o->built = built;
        o->held = o->groups * (n % 2 == 1 ? 3 : 1);
        o->bytes += budget;
        o->census = 1;
        return 0;
    }
    struct nq__join_passes cut;
    int rc = outline_cut(n, options, units, count, tops, o->groups, room - work,
                         &cut);
    if (rc != 0)
        return rc;
    o->passes = cut.count;
    o->built = (double)cut.built;
    o->held = cut.held;
    o->bytes += beside + work + cut.largest;
    o->census = 1;
    nq__join_passes_free(&cut);
    return 0;
}

/* The join: its whole table where it fits (and no passes are asked for),
 * else its passes (plan_join()). */
static int outline_join(int n, const struct ask *options, uint64_t budget,
                        nq_outline *o)
{
    if (n > NQ_JOIN_MAX_N)
        return NQ_E_RANGE;
    struct nq__join_unit *units = NULL;
    uint64_t count = 0;
    int rc = nq__join_units(n, &units, &count);
    if (rc != 0)
        return rc;
    uint64_t units_bytes = nq__plan_units_bytes(count);
    uint64_t *tops = NULL;
    memset(o, 0, sizeof *o);
    o->engine = NQ_ENGINE_JOIN;
    snprintf(o->signature, sizeof o->signature, NQ_PLAN_JOIN_SIGN, n);
    o->pieces = count;
    o->passes = 1;
    o->bytes = units_bytes;
    if (units_bytes >= budget)
        rc = NQ_E_NOMEM;
    else if (n < NQ_JOIN_MIN_N) /* a table of one row: tiny */
        o->bytes += nq__join_table_bytes(n, options->threads, (uint64_t)n);
    else
        rc = nq__join_sample_tops(n, OUTLINE_PROBES, OUTLINE_SEED, &tops,
                                  &o->groups, &o->tops);
    if (rc == 0 && n >= NQ_JOIN_MIN_N) {
        uint64_t whole =
            nq__join_table_bytes(n, options->threads, (uint64_t)o->tops) +
            nq__join_passes_work(n, options->threads, tops, o->groups, true,
                                 budget - units_bytes);
        o->built = o->tops;
        o->held = o->groups;
        if (options->min_passes <= 1 && o->tops <= NQ_JOIN_TABLE_TOPS_MAX &&
            whole <= budget - units_bytes)
            o->bytes += whole;
        else
            rc = outline_passes(n, options, units, count, tops,
                                budget - units_bytes, o);
    }
    free(tops);
    free(units);
    return rc;
}

/* Whether the GPU engine has device `index` (< 0: any) to open, by the
 * devices listed (none opened). */
static bool device_there(int index)
{
    if (strcmp(nq_gpu_api(), "none") == 0)
        return false;
    int devices = nq_gpu_device_count();
    return devices > 0 && index < devices;
}

int nq_plan_outline(int n, const nq_count_options *options,
                    const nq_plan_options *plan_options, nq_outline *out)
{
    if (out == NULL)
        return NQ_E_INVAL;
    memset(out, 0, sizeof *out);
    nq_count_options o;
    nq_plan_options po;
    if (nq__count_options_read(options, &o) != NQ_OK ||
        nq__plan_options_read(plan_options, &po) != NQ_OK || o.threads < 0 ||
        o.engine < NQ_ENGINE_AUTO || o.engine > NQ_ENGINE_GPU)
        return NQ_E_INVAL;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    struct ask ask = {.threads = o.threads, .min_passes = po.min_passes};
    uint64_t budget =
        o.memory_bytes != 0 ? o.memory_bytes : NQ_COUNT_DEFAULT_MEMORY;
    out->passes = 1;
    switch (o.engine) {
    case NQ_ENGINE_JOIN:
        return outline_join(n, &ask, budget, out);
    case NQ_ENGINE_CONSTELLATIONS:
        return outline_constellations(n, budget, out);
    case NQ_ENGINE_GPU: {
        /* The constellations' plan, counted on a device (which is not
         * opened here: whether it builds the kernel is the plan's to say).
         * Where the device is not there at all (a library built without
         * the engine, no device found, a number past the last), the
         * outline refuses as the plan does, in its words: nq__gpu_open()
         * then fails before it opens or builds anything. */
        if (n > NQ_GPU_MAX_N)
            return NQ_E_RANGE;
        int rc = outline_constellations(n, budget, out);
        out->engine = NQ_ENGINE_GPU;
        if (rc == 0 && !device_there(o.device)) {
            struct nq__gpu *absent = NULL;
            rc = nq__gpu_open(o.device, NQ_GPU_ANY, NULL, NULL,
                              o.device_message, o.device_message_size, &absent);
            nq__gpu_close(absent); /* one that came since: not kept */
        }
        return rc;
    }
    default: {
        /* A GPU where the plan would take one (nq__plan_auto_gpu(): the
         * plan's own rule), in the constellations' memory. */
        if (nq__plan_auto_gpu(n, o.device) &&
            outline_constellations(n, budget, out) == 0) {
            out->engine = NQ_ENGINE_GPU;
            return 0;
        }
        memset(out, 0, sizeof *out);
        out->passes = 1;
        int rc = NQ_E_RANGE;
        if (n >= NQ_JOIN_MIN_N && n <= NQ_JOIN_MAX_N)
            rc = outline_join(n, &ask, budget, out);
        if (rc == NQ_E_RANGE || rc == NQ_E_NOMEM) {
            memset(out, 0, sizeof *out);
            out->passes = 1;
            rc = outline_constellations(n, budget, out);
        }
        return rc;
    }
    }
}
