/*
 * test_count.c - the counter against its oracles: the published counts
 * (n <= 15), the textbook search subproblem by subproblem (every id counts
 * exactly the solutions it stands for, so the ids cover the search once),
 * equal results for 1, 2 and 3 threads, the overflow paths through an
 * artificially small accumulator, cancelling, and bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "count/count_plan.h"
#include "testutil.h"

#define COUNT_QUICK_MAX_N 15
#define COUNT_ORACLE_MAX_N 10

static nq_count_result count_on(int n, int threads, nq_engine engine)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.threads = threads;
    options.engine = engine;
    nq_count_result r;
    assert_int_equal(nq_count(n, &options, &r), NQ_OK);
    return r;
}

/* The engines a test runs on: each is checked on its own. */
static const nq_engine engines[] = {NQ_ENGINE_JOIN, NQ_ENGINE_CONSTELLATIONS};

/* The join takes n from 2 on; for n = 1 the test asks the default. */
static nq_engine engine_for(int n, nq_engine engine)
{
    return n < 2 && engine == NQ_ENGINE_JOIN ? NQ_ENGINE_AUTO : engine;
}

static void test_published_counts(void **state)
{
    (void)state;
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        for (int n = 1; n <= COUNT_QUICK_MAX_N; n++) {
            struct oeis_row want = oeis_counts(n);
            nq_count_result r = count_on(n, 2, engine_for(n, engines[e]));
            assert_int_equal(r.total, want.total);
            assert_int_equal(r.unique, want.unique);
            assert_int_equal(r.sym180, want.sym180);
            assert_int_equal(r.sym90, want.sym90);
        }
    }
}

/* The symmetric counts alone, from their own ids, reach further than the
 * totals can in a quick test. */
static void test_symmetric_ids(void **state)
{
    (void)state;
    for (int n = 1; n <= 18; n++) {
        struct oeis_row want = oeis_counts(n);
        nq_count_options options;
        nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
        options.engine = NQ_ENGINE_CONSTELLATIONS; /* no table to build */
        nq_plan *plan = NULL;
        assert_int_equal(nq_plan_create(n, &options, &plan), NQ_OK);
        nq_subcount sum = {0, 0, 0};
        for (uint64_t id = 0; id < nq_plan_size(plan); id++) {
            uint64_t index;
            enum nq__subproblem_kind kind = nq__plan_kind(plan, id, &index);
            if (kind != NQ_SUB_SYM180 && kind != NQ_SUB_SYM90)
                continue;
            nq_subcount sub;
            assert_int_equal(nq_plan_count_one(plan, id, &sub), NQ_OK);
            assert_int_equal(nq_subcount_add(&sum, &sub), NQ_OK);
        }
        assert_int_equal(sum.total, 0);
        assert_int_equal(sum.sym180, want.sym180);
        assert_int_equal(sum.sym90, want.sym90);
        nq_plan_free(plan);
    }
}

static void test_threads_agree(void **state)
{
    (void)state;
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        for (int n = 1; n <= 13; n++) {
            nq_engine engine = engine_for(n, engines[e]);
            nq_count_result one = count_on(n, 1, engine);
            for (int threads = 2; threads <= 3; threads++) {
                nq_count_result r = count_on(n, threads, engine);
                assert_memory_equal(&r, &one, sizeof r);
            }
        }
    }
    /* NULL options: the defaults (all cores). */
    nq_count_result r;
    assert_int_equal(nq_count(9, NULL, &r), NQ_OK);
    assert_int_equal(r.total, oeis_counts(9).total);
}

/* The engine follows options->engine and the memory budget. */
static void test_engine_choice(void **state)
{
    (void)state;
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    nq_plan *plan = NULL;

    /* The default: the join where it fits. */
    assert_int_equal(nq_plan_create(12, &options, &plan), NQ_OK);
    assert_string_equal(nq_plan_signature(plan), "join/2 n=12");
    nq_plan_free(plan);

    /* A budget too small for the join's table: constellations. */
    options.memory_bytes = (uint64_t)100 << 10;
    assert_int_equal(nq_plan_create(14, &options, &plan), NQ_OK);
    assert_string_equal(nq_plan_signature(plan), "constellations/1 n=14");
    nq_count_result r;
    assert_int_equal(nq_count(14, &options, &r), NQ_OK);
    assert_int_equal(r.total, oeis_counts(14).total);
    nq_plan_free(plan);

    /* Asked for by name, the join does not fall back. */
    options.engine = NQ_ENGINE_JOIN;
    assert_int_equal(nq_plan_create(14, &options, &plan), NQ_E_NOMEM);
    assert_null(plan);
    options.memory_bytes = 0;
    assert_int_equal(nq_plan_create(NQ_JOIN_MAX_N + 1, &options, &plan),
                     NQ_E_RANGE);
    assert_int_equal(nq_plan_create(1, &options, &plan), NQ_E_RANGE);

    /* Beyond the join's range the default is constellations. */
    options.engine = NQ_ENGINE_AUTO;
    assert_int_equal(nq_plan_create(NQ_JOIN_MAX_N + 1, &options, &plan), NQ_OK);
    char beyond[32];
    snprintf(beyond, sizeof beyond, "constellations/1 n=%d", NQ_JOIN_MAX_N + 1);
    assert_string_equal(nq_plan_signature(plan), beyond);
    nq_plan_free(plan);

    /* No such engine. */
    options.engine = (nq_engine)7;
    assert_int_equal(nq_plan_create(8, &options, &plan), NQ_E_INVAL);
    assert_int_equal(nq_count(8, &options, &r), NQ_E_INVAL);
}

/* The join of the smallest boards fits a small budget: its memory grows
 * with the table, which for n = 2 or 3 holds a handful of tops. */
static void test_join_small_boards(void **state)
{
    (void)state;
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_JOIN;
    options.memory_bytes = (uint64_t)1 << 20;
    for (int threads = 1; threads <= 2; threads++) {
        options.threads = threads;
        for (int n = 2; n <= 6; n++) {
            nq_count_result r;
            assert_int_equal(nq_count(n, &options, &r), NQ_OK);
            assert_int_equal(r.total, oeis_counts(n).total);
        }
    }
}

/* ---- the textbook search, sorted by subproblem ----------------------- */

/* The symmetry g (0..7) of the square applied to (r, c): written here
 * again, apart from the library, so the test does not trust its code. */
static void test_transform(int n, int g, int r, int c, int *tr, int *tc)
{
    int m = n - 1;
    int rr = r, cc = c;
    for (int k = 0; k < (g & 3); k++) { /* quarter turns */
        int t = rr;
        rr = cc;
        cc = m - t;
    }
    if (g & 4)
        cc = m - cc; /* then a mirror */
    *tr = rr;
    *tc = cc;
}

/* The border queens of a solution as (top, bottom, left, right): the
 * column of the queen in row 0, in row n-1, the row of the queen in column
 * 0 and in column n-1; coded in base n. */
static uint64_t border_code(int n, const int *cols)
{
    int top = cols[0], bottom = cols[n - 1], left = 0, right = 0;
    for (int r = 0; r < n; r++) {
        if (cols[r] == 0)
            left = r;
        if (cols[r] == n - 1)
            right = r;
    }
    return (((uint64_t)top * n + bottom) * n + left) * n + right;
}

/* The smallest code among the 8 images of the solution's border (or of a
 * partial placement holding the border queens, -1 in the other rows). */
static uint64_t canonical_border(int n, const int *cols)
{
    uint64_t best = UINT64_MAX;
    for (int g = 0; g < 8; g++) {
        int image[NQ_MAX_N] = {0};
        for (int r = 0; r < n; r++)
            image[r] = -1;
        for (int r = 0; r < n; r++) {
            int tr, tc;
            if (cols[r] < 0)
                continue; /* a partial placement: only its queens */
            test_transform(n, g, r, cols[r], &tr, &tc);
            image[tr] = tc;
        }
        uint64_t code = border_code(n, image);
        if (code < best)
            best = code;
    }
    return best;
}

/* True when the solution is its own image under g. */
static bool fixed_by(int n, const int *cols, int g)
{
    for (int r = 0; r < n; r++) {
        int tr, tc;
        test_transform(n, g, r, cols[r], &tr, &tc);
        if (cols[tr] != tc)
            return false;
    }
    return true;
}

/* What the oracle finds, by subproblem. */
struct oracle {
    int n;
    uint64_t codes[4096];  /* canonical border codes seen */
    uint64_t counts[4096]; /* solutions with that canonical border */
    int ncodes;
    uint64_t sym180[NQ_MAX_N]; /* half-turn symmetric, by column of row 0 */
    uint64_t sym90[NQ_MAX_N];  /* quarter-turn symmetric, likewise */
    /* Solutions by the join's key: [middle row's column + 1][columns of
     * the rows above the middle] (even n: no middle, index 0). */
    uint64_t by_half[COUNT_ORACLE_MAX_N + 1][1 << COUNT_ORACLE_MAX_N];
};

static int oracle_add(const int *cols, int n, void *user)
{
    struct oracle *o = user;
    uint64_t code = canonical_border(n, cols);
    int i = 0;
    while (i < o->ncodes && o->codes[i] != code)
        i++;
    if (i == o->ncodes) {
        assert_true(o->ncodes < 4096);
        o->codes[o->ncodes] = code;
        o->counts[o->ncodes++] = 0;
    }
    o->counts[i]++;
    unsigned top = 0;
    for (int r = 0; r < n / 2; r++)
        top |= 1u << cols[r];
    o->by_half[n % 2 == 1 ? cols[n / 2] + 1 : 0][top]++;
    if (fixed_by(n, cols, 2))
        o->sym180[cols[0]]++;
    if (fixed_by(n, cols, 1))
        o->sym90[cols[0]]++;
    return 0;
}

/* Every id of the plan of n on `engine` counts exactly the solutions it
 * stands for, by the oracle's own sorting of the textbook's solutions. */
static void check_ids_against_oracle(int n, nq_engine engine, uint64_t memory,
                                     size_t passes)
{
    static struct oracle o;
    memset(&o, 0, sizeof o);
    o.n = n;
    uint64_t classic_total = 0;
    assert_int_equal(
        nq_classic_solve(NQ_CLASSIC_ARRAYS, n, oracle_add, &o, &classic_total),
        NQ_OK);

    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = engine;
    options.memory_bytes = memory;
    options.threads = 2;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(n, &options, &plan), NQ_OK);
    assert_int_equal(nq_plan_n(plan), n);
    assert_int_equal(plan->engine, engine);
    assert_true(plan->passes.count >= passes);
    uint64_t size = nq_plan_size(plan);
    nq_subcount sum = {0, 0, 0};
    int matched = 0;
    for (uint64_t id = 0; id < size; id++) {
        nq_subcount sub;
        assert_int_equal(nq_plan_count_one(plan, id, &sub), NQ_OK);
        assert_int_equal(nq_subcount_add(&sum, &sub), NQ_OK);
        uint64_t index;
        switch (nq__plan_kind(plan, id, &index)) {
        case NQ_SUB_SYM180:
            assert_int_equal(sub.total, 0);
            assert_int_equal(sub.sym90, 0);
            assert_int_equal(sub.sym180, o.sym180[index]);
            break;
        case NQ_SUB_SYM90:
            assert_int_equal(sub.total, 0);
            assert_int_equal(sub.sym180, 0);
            assert_int_equal(sub.sym90, o.sym90[index]);
            break;
        case NQ_SUB_CONSTELLATION: {
            /* The id counts exactly the solutions whose border is in the
             * class of its constellation. */
            int cells[NQ_MAX_N];
            nq__constellation_cells(n, &plan->cons[index], cells);
            uint64_t code = border_code(n, cells);
            assert_true(code == canonical_border(n, cells));
            uint64_t want = 0;
            for (int i = 0; i < o.ncodes; i++) {
                if (o.codes[i] == code) {
                    want = o.counts[i];
                    matched++;
                }
            }
            assert_int_equal(sub.total, want);
            break;
        }
        case NQ_SUB_JOIN: {
            /* The unit counts the solutions with its middle queen and its
             * top columns, times the size of its class. */
            const struct nq__join_unit *u = &plan->units[index];
            assert_true(n % 2 == 1 ? u->middle >= 0 : u->middle == -1);
            uint64_t want = o.by_half[u->middle + 1][u->top];
            assert_int_equal(sub.total, want * u->weight);
            assert_true(u->weight == 1 || u->weight == 2 || u->weight == 4);
            break;
        }
        }
    }
    /* Every class with solutions has its id (constellations), and the ids
     * add up. */
    if (engine == NQ_ENGINE_CONSTELLATIONS)
        assert_int_equal(matched, o.ncodes);
    assert_int_equal(sum.total, classic_total);
    nq_count_result r;
    assert_int_equal(nq_plan_result(plan, &sum, &r), NQ_OK);
    assert_int_equal(r.total, oeis_counts(n).total);
    assert_int_equal(r.unique, oeis_counts(n).unique);
    nq_plan_free(plan);
}

static void test_subproblems_against_oracle(void **state)
{
    (void)state;
    for (int n = 1; n <= COUNT_ORACLE_MAX_N; n++)
        check_ids_against_oracle(n, NQ_ENGINE_CONSTELLATIONS, 0, 0);
    for (int n = 2; n <= COUNT_ORACLE_MAX_N; n++)
        check_ids_against_oracle(n, NQ_ENGINE_JOIN, 0, 0);
}

/* ---- the join in passes ----------------------------------------------- */

/* The largest budget, scanned down from 64 MiB by sixteenths, at which the
 * join of n on `threads` threads runs in at least `passes` passes (the
 * whole table no longer fits); 0 if the join stops fitting first. */
static uint64_t budget_for_passes(int n, int threads, size_t passes)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_JOIN;
    options.threads = threads;
    for (uint64_t b = (uint64_t)64 << 20; b > 0; b -= b / 16 + 1) {
        options.memory_bytes = b;
        nq_plan *plan = NULL;
        if (nq_plan_create(n, &options, &plan) != NQ_OK)
            return 0;
        size_t got = plan->passes.count;
        nq_plan_free(plan);
        if (got >= passes)
            return b;
    }
    return 0;
}

/* Each unit of a plan in passes, counted alone (its pass's table built for
 * it), counts what the textbook search says. (At n = 10 the first cut that
 * fits is already 6 passes; a smaller budget leaves no room for the
 * join.) */
static void test_passes_against_oracle(void **state)
{
    (void)state;
    for (int n = 9; n <= COUNT_ORACLE_MAX_N; n++) {
        uint64_t first = budget_for_passes(n, 2, 2);
        if (n < 10 && first == 0)
            continue; /* the whole table is as small as any pass's */
        assert_true(first > 0);
        check_ids_against_oracle(n, NQ_ENGINE_JOIN, first, 2);
    }
}

/* Whole counts in passes, on 1 to 3 threads, against the published ones. */
static void test_passes_published(void **state)
{
    (void)state;
    for (int n = 11; n <= COUNT_QUICK_MAX_N; n++) {
        struct oeis_row want = oeis_counts(n);
        for (int threads = 1; threads <= 3; threads++) {
            nq_count_options options;
            nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
            options.engine = NQ_ENGINE_JOIN;
            options.threads = threads;
            options.memory_bytes = budget_for_passes(n, threads, 2);
            assert_true(options.memory_bytes > 0);
            nq_count_result r;
            assert_int_equal(nq_count(n, &options, &r), NQ_OK);
            assert_int_equal(r.total, want.total);
            assert_int_equal(r.unique, want.unique);
            assert_int_equal(r.sym180, want.sym180);
            assert_int_equal(r.sym90, want.sym90);
        }
    }
}

/* nq_plan_options.min_passes: the plan cuts at least that many passes, each of
 * at most that share of the tops, where the budget would take the whole table;
 * the ids, the signature and the counts are those of the plan without it. */
static void test_min_passes(void **state)
{
    (void)state;
    for (int n = 4; n <= COUNT_QUICK_MAX_N; n++) {
        nq_count_options options;
        nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
        options.engine = NQ_ENGINE_JOIN;
        options.threads = 2;
        nq_plan *whole = NULL, *cut = NULL;
        assert_int_equal(nq_plan_create(n, &options, &whole), NQ_OK);
        assert_int_equal(nq_plan_passes(whole), 1);
        nq_plan_options plan_options;
        nq_plan_options_init(&plan_options, NQ_PLAN_OPTIONS_VERSION);
        plan_options.min_passes = 10;
        assert_int_equal(nq_plan_create_ex(n, &options, &plan_options, &cut),
                         NQ_OK);
        assert_string_equal(nq_plan_signature(cut), nq_plan_signature(whole));
        assert_int_equal(nq_plan_size(cut), nq_plan_size(whole));
        uint64_t all =
            whole->table.start[whole->table.parts * whole->table.sets];
        if (n >= 12) {
            /* From here a cut this fine exists. Odd n's passes share
             * tops: there each holds more than a tenth of the table. */
            assert_true(nq_plan_passes(cut) >= 10);
            if (n % 2 == 0)
                assert_true(nq_plan_pass_bytes(cut) <=
                            nq__join_table_bytes(n, 2, (all + 9) / 10));
            else
                assert_true(nq_plan_passes(cut) <= 15);
        }
        nq_count_result r;
        assert_int_equal(nq_count_plan(cut, &options, &r), NQ_OK);
        struct oeis_row want = oeis_counts(n);
        assert_int_equal(r.total, want.total);
        assert_int_equal(r.unique, want.unique);
        assert_int_equal(r.sym180, want.sym180);
        assert_int_equal(r.sym90, want.sym90);
        nq_plan_free(cut);
        nq_plan_free(whole);
    }
}

/* The passes of a checkpointed count (ten asked for) and of its parts
 * (count --part K/M --checkpoint asks for 10/M, rounded up): at least
 * that many, and even to an eighth at even n, where a cut of that share
 * of the tops packs into one pass more than asked, or a cap a quarter
 * larger into uneven ones (a part of n = 20 in four took 376, 386 and
 * 170 million tops): the largest pass sets the run's peak and the pages
 * it faults in. */
static void test_passes_even(void **state)
{
    (void)state;
    for (int n = 4; n <= 16; n++) {
        for (unsigned parts = 1; parts <= 7; parts++) {
            for (unsigned part = 1; part <= parts; part++) {
                nq_count_options options;
                nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
                options.engine = NQ_ENGINE_JOIN;
                options.threads = 1;
                nq_plan_options plan_options;
                nq_plan_options_init(&plan_options, NQ_PLAN_OPTIONS_VERSION);
                if (parts > 1) {
                    plan_options.part = part;
                    plan_options.parts = parts;
                }
                plan_options.min_passes = (10 + parts - 1) / parts;
                nq_plan *plan = NULL;
                assert_int_equal(
                    nq_plan_create_ex(n, &options, &plan_options, &plan),
                    NQ_OK);
                const struct nq__join_passes *c = &plan->passes;
                /* Every n ends (the cut of n = 8 in passes of a few
                 * tops once looped for ever); from 12 on a cut that
                 * fine exists, and at even n it is evened out. */
                if (n >= 12)
                    assert_true(c->count >= plan_options.min_passes);
                uint64_t mean = c->built / c->count;
                if (n >= 12 && n % 2 == 0)
                    assert_true(c->most <= mean + mean / 8);
                nq_plan_free(plan);
            }
        }
    }
}

/* A census shared between processes, as nqueens-mpi's ranks share it:
 * census_sum stands for the others (it walks their parts itself), and
 * counts how often it is called. */
struct census_others {
    int n, threads;
    unsigned part, parts;
    int calls;
    bool refuse; /* says no: the process walks its census whole */
};

static int sum_census(void *user, uint32_t *counts, uint64_t len)
{
    struct census_others *o = user;
    o->calls++;
    if (o->refuse || counts == NULL)
        return 1;
    for (unsigned part = 0; part < o->parts; part++) {
        if (part == o->part)
            continue;
        uint32_t *other = NULL;
        uint64_t other_len = 0;
        assert_int_equal(nq__join_census_part(o->n, o->threads, part, o->parts,
                                              &other, &other_len),
                         0);
        assert_int_equal(other_len, len);
        for (uint64_t i = 0; i < len; i++)
            counts[i] += other[i];
        free(other);
    }
    return 0;
}

static void test_shared_census(void **state)
{
    (void)state;
    for (int n = 8; n <= 13; n++) {
        /* The parts of the census add up to the whole. */
        uint32_t *whole = NULL;
        uint64_t len = 0, sum_len = 0;
        assert_int_equal(nq__join_census_part(n, 2, 0, 1, &whole, &len), 0);
        uint64_t *sum = calloc(len, sizeof *sum);
        assert_non_null(sum);
        for (unsigned part = 0; part < 3; part++) {
            uint32_t *counts = NULL;
            assert_int_equal(
                nq__join_census_part(n, 2, part, 3, &counts, &sum_len), 0);
            assert_int_equal(sum_len, len);
            bool some = false;
            for (uint64_t i = 0; i < len; i++) {
                sum[i] += counts[i];
                some |= counts[i] != 0;
            }
            /* Each part walks some starts once there are enough. */
            assert_true(some || n < 12);
            free(counts);
        }
        for (uint64_t i = 0; i < len; i++)
            assert_int_equal(sum[i], whole[i]);
        free(sum);
        free(whole);
        /* A plan made from a shared census (or, where the others say no,
         * from its own) counts right, and calls census_sum once. */
        for (unsigned part = 0; part < 3; part++) {
            struct census_others others = {n, 2, part, 3, 0, part == 2};
            nq_count_options options;
            nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
            options.engine = NQ_ENGINE_JOIN;
            options.threads = 2;
            nq_plan_options shared;
            nq_plan_options_init(&shared, NQ_PLAN_OPTIONS_VERSION);
            shared.min_passes = 10;
            shared.census_part = part;
            shared.census_parts = 3;
            shared.census_sum = sum_census;
            shared.census_user = &others;
            nq_plan *plan = NULL;
            assert_int_equal(nq_plan_create_ex(n, &options, &shared, &plan),
                             NQ_OK);
            assert_int_equal(others.calls, 1);
            nq_count_result r;
            assert_int_equal(nq_count_plan(plan, &options, &r), NQ_OK);
            assert_int_equal(r.total, oeis_counts(n).total);
            nq_plan_free(plan);
        }
    }
    /* Once also where no census is walked: constellations, or an n out of
     * range; and no census_sum is an error. */
    struct census_others others = {0};
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    nq_plan_options shared;
    nq_plan_options_init(&shared, NQ_PLAN_OPTIONS_VERSION);
    shared.census_parts = 2;
    shared.census_sum = sum_census;
    shared.census_user = &others;
    options.engine = NQ_ENGINE_CONSTELLATIONS;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_ex(10, &options, &shared, &plan), NQ_OK);
    nq_plan_free(plan);
    assert_int_equal(others.calls, 1);
    options.engine = NQ_ENGINE_JOIN;
    assert_int_equal(
        nq_plan_create_ex(NQ_JOIN_MAX_N + 1, &options, &shared, &plan),
        NQ_E_RANGE);
    assert_int_equal(others.calls, 2);
    shared.census_sum = NULL;
    assert_int_equal(nq_plan_create_ex(10, &options, &shared, &plan),
                     NQ_E_INVAL);
}

/* A census walked on more threads, folded into the shares of fewer where
 * they divide them, is the census that the fewer walk, entry for entry;
 * shares that do not divide, or no whole number of shares, are refused. */
static void test_fold_shares(void **state)
{
    (void)state;
    const int from_to[][2] = {{2, 1}, {4, 2}, {4, 1}, {3, 1}, {4, 3}, {1, 2}};
    for (int n = 8; n <= 14; n++) {
        for (size_t p = 0; p < sizeof from_to / sizeof from_to[0]; p++) {
            uint32_t *from = NULL, *want = NULL, *folded = NULL;
            uint64_t from_len = 0, want_len = 0, folded_len = 0;
            assert_int_equal(
                nq__join_census_part(n, from_to[p][0], 0, 1, &from, &from_len),
                0);
            assert_int_equal(
                nq__join_census_part(n, from_to[p][1], 0, 1, &want, &want_len),
                0);
            int rc = nq__join_fold_shares(n, from_to[p][1], from, from_len,
                                          &folded, &folded_len);
            if (from_len % want_len == 0) {
                assert_int_equal(rc, 0);
                assert_int_equal(folded_len, want_len);
                assert_memory_equal(folded, want, want_len * sizeof *want);
                free(folded);
            } else {
                assert_int_equal(rc, NQ_E_INVAL);
                assert_null(folded);
            }
            /* Not a whole number of shares. */
            assert_int_equal(nq__join_fold_shares(n, from_to[p][1], from,
                                                  from_len - 1, &folded,
                                                  &folded_len),
                             NQ_E_INVAL);
            assert_null(folded);
            free(from);
            free(want);
        }
    }
    /* One thread's single share is no census of two threads' 16. */
    uint32_t *one = NULL, *folded = NULL;
    uint64_t len = 0, folded_len = 0;
    assert_int_equal(nq__join_census_part(12, 1, 0, 1, &one, &len), 0);
    assert_int_equal(
        nq__join_fold_shares(12, 2, one, len, &folded, &folded_len),
        NQ_E_INVAL);
    assert_int_equal(nq__join_fold_shares(NQ_JOIN_MAX_N + 1, 1, one, len,
                                          &folded, &folded_len),
                     NQ_E_RANGE);
    free(one);
}

/* A run of some ids of a plan in passes builds the tables of their passes
 * alone, and the parts add up to the whole, also when a part ran with the
 * whole table (a checkpoint resumed under a smaller budget). */
static int add_up(uint64_t id, const nq_subcount *count, void *user)
{
    (void)id;
    assert_int_equal(nq_subcount_add(user, count), NQ_OK);
    return 0;
}

/* A plan of the join of n on `threads` threads in at least `passes`
 * passes. */
static nq_plan *plan_in_passes(int n, int threads, size_t passes)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_JOIN;
    options.threads = threads;
    options.memory_bytes = budget_for_passes(n, threads, passes);
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(n, &options, &plan), NQ_OK);
    assert_true(plan->passes.count >= passes);
    return plan;
}

static void test_passes_in_parts(void **state)
{
    (void)state;
    int n = 13;
    nq_plan *plan = plan_in_passes(n, 2, 6);
    assert_int_equal(nq_plan_passes(plan), plan->passes.count);
    uint64_t size = nq_plan_size(plan);
    uint64_t *ids = test_malloc(size * sizeof *ids);
    for (uint64_t i = 0; i < size; i++)
        ids[i] = (i * 7919) % size; /* a shuffle: 7919 is prime */
    assert_int_not_equal(size % 7919, 0);
    /* The plan with the whole table has the same ids and signature, so a
     * run begun under one budget goes on under the other: the first part
     * runs on the whole table, the rest in passes. */
    nq_plan *whole = NULL;
    assert_int_equal(nq_plan_create(n, NULL, &whole), NQ_OK);
    assert_int_equal(nq_plan_passes(whole), 1);
    assert_string_equal(nq_plan_signature(whole), nq_plan_signature(plan));
    assert_int_equal(nq_plan_size(whole), size);
    nq_subcount sum = {0, 0, 0};
    size_t half = (size_t)size / 3;
    assert_int_equal(nq_plan_run(whole, ids, half, 2, add_up, &sum), NQ_OK);
    nq_plan_free(whole);
    assert_int_equal(
        nq_plan_run(plan, ids + half, size - half, 1, add_up, &sum), NQ_OK);
    nq_count_result r;
    assert_int_equal(nq_plan_result(plan, &sum, &r), NQ_OK);
    assert_int_equal(r.total, oeis_counts(n).total);
    assert_int_equal(r.unique, oeis_counts(n).unique);
    test_free(ids);
    nq_plan_free(plan);
}

/* nq_plan_pass_of(): every join unit in one of the passes, the symmetric
 * searches in none; the ids of each pass, run alone (as nqueens-mpi hands
 * them to a rank), add up to the published counts. */
static void test_pass_of(void **state)
{
    (void)state;
    int n = 13;
    nq_plan *plan = plan_in_passes(n, 1, 4);
    uint64_t passes = nq_plan_passes(plan);
    uint64_t size = nq_plan_size(plan);
    uint64_t *ids = test_malloc(size * sizeof *ids);
    uint64_t none = 0;
    for (uint64_t id = 0; id < size; id++) {
        uint64_t pass = nq_plan_pass_of(plan, id);
        uint64_t index;
        if (nq__plan_kind(plan, id, &index) == NQ_SUB_JOIN) {
            assert_true(pass < passes);
        } else {
            assert_int_equal(pass, NQ_PLAN_NO_PASS);
            ids[none++] = id;
        }
    }
    assert_true(none > 0);
    assert_int_equal(nq_plan_pass_of(plan, size), NQ_PLAN_NO_PASS);
    nq_subcount sum = {0, 0, 0};
    assert_int_equal(nq_plan_run(plan, ids, none, 1, add_up, &sum), NQ_OK);
    uint64_t counted = none;
    for (uint64_t p = 0; p < passes; p++) {
        size_t m = 0;
        for (uint64_t id = 0; id < size; id++) {
            if (nq_plan_pass_of(plan, id) == p)
                ids[m++] = id;
        }
        assert_true(m > 0); /* no pass is empty */
        assert_int_equal(nq_plan_run(plan, ids, m, 1, add_up, &sum), NQ_OK);
        counted += m;
    }
    assert_int_equal(counted, size);
    nq_count_result r;
    assert_int_equal(nq_plan_result(plan, &sum, &r), NQ_OK);
    assert_int_equal(r.total, oeis_counts(n).total);
    assert_int_equal(r.unique, oeis_counts(n).unique);
    /* A plan of one pass: pass 0 for every join unit. */
    nq_plan *whole = NULL;
    assert_int_equal(nq_plan_create(n, NULL, &whole), NQ_OK);
    for (uint64_t id = 0; id < size; id++) {
        uint64_t index;
        uint64_t want = nq__plan_kind(whole, id, &index) == NQ_SUB_JOIN
                            ? 0
                            : NQ_PLAN_NO_PASS;
        assert_int_equal(nq_plan_pass_of(whole, id), want);
    }
    nq_plan_free(whole);
    test_free(ids);
    nq_plan_free(plan);
}

/* ---- the plan API ------------------------------------------------------ */

struct collected {
    nq_subcount by_id[8192];
    int seen[8192];
    uint64_t calls;
    uint64_t stop_after; /* 0: never */
};

static int collect(uint64_t id, const nq_subcount *count, void *user)
{
    struct collected *c = user;
    assert_true(id < 8192);
    assert_int_equal(c->seen[id], 0);
    c->seen[id] = 1;
    c->by_id[id] = *count;
    c->calls++;
    return c->stop_after != 0 && c->calls == c->stop_after;
}

static void test_plan_run_threads(void **state)
{
    (void)state;
    int n = 11;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(n, NULL, &plan), NQ_OK);
    uint64_t size = nq_plan_size(plan);
    assert_true(size <= 8192);
    uint64_t *ids = test_malloc(size * sizeof *ids);
    for (uint64_t i = 0; i < size; i++)
        ids[i] = size - 1 - i; /* any order */
    static struct collected one, many;
    memset(&one, 0, sizeof one);
    assert_int_equal(nq_plan_run(plan, ids, size, 1, collect, &one), NQ_OK);
    assert_int_equal(one.calls, size);
    for (int threads = 2; threads <= 3; threads++) {
        memset(&many, 0, sizeof many);
        assert_int_equal(nq_plan_run(plan, ids, size, threads, collect, &many),
                         NQ_OK);
        assert_int_equal(many.calls, size);
        assert_memory_equal(many.by_id, one.by_id, size * sizeof(nq_subcount));
    }
    /* A part of the ids, as a resumed run would ask for. */
    memset(&many, 0, sizeof many);
    assert_int_equal(nq_plan_run(plan, ids + 5, 7, 2, collect, &many), NQ_OK);
    assert_int_equal(many.calls, 7);

    /* Stopping from the callback. */
    memset(&many, 0, sizeof many);
    many.stop_after = 3;
    assert_int_equal(nq_plan_run(plan, ids, size, 2, collect, &many),
                     NQ_E_STOPPED);
    assert_int_equal(many.calls, 3);
    memset(&many, 0, sizeof many);
    many.stop_after = 3;
    assert_int_equal(nq_plan_run(plan, ids, size, 1, collect, &many),
                     NQ_E_STOPPED);
    assert_int_equal(many.calls, 3);

    /* Bad ids and arguments. */
    uint64_t bad = size;
    assert_int_equal(nq_plan_run(plan, &bad, 1, 2, NULL, NULL), NQ_E_INVAL);
    assert_int_equal(nq_plan_run(plan, ids, size, -1, NULL, NULL), NQ_E_INVAL);
    nq_subcount sub;
    assert_int_equal(nq_plan_count_one(plan, size, &sub), NQ_E_INVAL);
    assert_int_equal(nq_plan_run(plan, ids, 0, 2, NULL, NULL), NQ_OK);
    test_free(ids);
    nq_plan_free(plan);
}

static void test_plan_signature(void **state)
{
    (void)state;
    nq_plan *a = NULL, *b = NULL, *c = NULL;
    assert_int_equal(nq_plan_create(12, NULL, &a), NQ_OK);
    assert_int_equal(nq_plan_create(12, NULL, &b), NQ_OK);
    assert_int_equal(nq_plan_create(13, NULL, &c), NQ_OK);
    assert_string_equal(nq_plan_signature(a), nq_plan_signature(b));
    assert_string_not_equal(nq_plan_signature(a), nq_plan_signature(c));
    assert_non_null(strstr(nq_plan_signature(a), "n=12"));
    assert_int_equal(nq_plan_size(a), nq_plan_size(b));
    nq_plan_free(a);
    nq_plan_free(b);
    nq_plan_free(c);
    nq_plan_free(NULL);
}

/* Each engine's own word (a checkpoint's provenance records it), and
 * NULL for what is no engine (as nq_classic_name and nq_constraint_name). */
static void test_engine_names(void **state)
{
    (void)state;
    assert_string_equal(nq_engine_name(NQ_ENGINE_JOIN), "join");
    assert_string_equal(nq_engine_name(NQ_ENGINE_CONSTELLATIONS),
                        "constellations");
    assert_string_equal(nq_engine_name(NQ_ENGINE_GPU), "gpu");
    assert_string_equal(nq_engine_name(NQ_ENGINE_AUTO), "auto");
    assert_null(nq_engine_name((nq_engine)9));
    assert_null(nq_engine_name((nq_engine)-1));
}

/* ---- overflow ---------------------------------------------------------- */

static void test_subcount_add_overflow(void **state)
{
    (void)state;
    nq_subcount sum = {UINT64_MAX - 1, 5, 6};
    nq_subcount one = {1, 1, 1};
    assert_int_equal(nq_subcount_add(&sum, &one), NQ_OK);
    assert_true(sum.total == UINT64_MAX);
    nq_subcount before = sum;
    assert_int_equal(nq_subcount_add(&sum, &one), NQ_E_OVERFLOW);
    assert_memory_equal(&sum, &before, sizeof sum); /* unchanged */
    nq_subcount sym = {0, UINT64_MAX, 0};
    assert_int_equal(nq_subcount_add(&sym, &one), NQ_E_OVERFLOW);
    nq_subcount sym90 = {0, 0, UINT64_MAX};
    assert_int_equal(nq_subcount_add(&sym90, &one), NQ_E_OVERFLOW);
}

static void check_small_accumulator(nq_engine engine)
{
    int n = 10;
    struct oeis_row want = oeis_counts(n);
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = engine;
    nq_count_result r;
    /* A limit just big enough: the count goes through. */
    assert_int_equal(nq__count_limited(n, &options, want.total, &r), NQ_OK);
    assert_int_equal(r.total, want.total);
    /* One below the total: every piece fits, the sum does not. */
    memset(&r, 0xff, sizeof r);
    assert_int_equal(nq__count_limited(n, &options, want.total - 1, &r),
                     NQ_E_OVERFLOW);
    assert_int_equal(r.total, 0); /* zeroed on error, never wrapped */
    assert_int_equal(r.unique, 0);
    for (int threads = 1; threads <= 3; threads++) {
        options.threads = threads;
        assert_int_equal(nq__count_limited(n, &options, 50, &r), NQ_E_OVERFLOW);
    }
    /* A limit below one subproblem's weighted count. */
    nq_plan *plan = NULL;
    assert_int_equal(nq__plan_create_limited(n, &options, NULL, 3, &plan),
                     NQ_OK);
    int overflows = 0;
    for (uint64_t id = 0; id < nq_plan_size(plan); id++) {
        nq_subcount sub;
        int rc = nq_plan_count_one(plan, id, &sub);
        assert_true(rc == NQ_OK || rc == NQ_E_OVERFLOW);
        overflows += rc == NQ_E_OVERFLOW;
    }
    assert_true(overflows > 0);
    nq_subcount big = {UINT64_MAX, 0, 0};
    assert_int_equal(nq_plan_result(plan, &big, &r), NQ_E_OVERFLOW);
    nq_plan_free(plan);
}

static void test_small_accumulator(void **state)
{
    (void)state;
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++)
        check_small_accumulator(engines[e]);
}

/* ---- progress, cancel, arguments ------------------------------------- */

struct progress_log {
    uint64_t calls, last_done, last_total, last_solutions;
    uint64_t cancel_at; /* 0: never */
};

static int progress(uint64_t done, uint64_t total, uint64_t solutions,
                    void *user)
{
    struct progress_log *p = user;
    assert_true(done == p->last_done + 1);
    assert_true(solutions >= p->last_solutions);
    p->calls++;
    p->last_done = done;
    p->last_total = total;
    p->last_solutions = solutions;
    return p->cancel_at != 0 && done == p->cancel_at;
}

static void test_progress_and_cancel(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 2; threads++) {
        struct progress_log log = {0};
        nq_count_options options;
        nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
        options.threads = threads;
        options.progress = progress;
        options.progress_user = &log;
        nq_count_result r;
        assert_int_equal(nq_count(11, &options, &r), NQ_OK);
        assert_int_equal(log.calls, log.last_total);
        assert_int_equal(log.last_solutions, r.total);

        struct progress_log cancel = {.cancel_at = 4};
        options.progress_user = &cancel;
        assert_int_equal(nq_count(11, &options, &r), NQ_E_STOPPED);
        assert_int_equal(cancel.calls, 4);
        assert_int_equal(r.total, 0);
    }
}

static void test_bad_arguments(void **state)
{
    (void)state;
    nq_count_result r;
    assert_int_equal(nq_count(0, NULL, &r), NQ_E_RANGE);
    assert_int_equal(nq_count(NQ_MAX_N + 1, NULL, &r), NQ_E_RANGE);
    assert_int_equal(nq_count(8, NULL, NULL), NQ_E_INVAL);
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    assert_int_equal(options.threads, 0);
    assert_int_equal(options.memory_bytes, 0);
    assert_null(options.progress);
    options.threads = -1;
    assert_int_equal(nq_count(8, &options, &r), NQ_E_INVAL);
    /* A budget that cannot hold the plan. */
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.memory_bytes = 100;
    assert_int_equal(nq_count(12, &options, &r), NQ_E_NOMEM);
    nq_plan *plan = (nq_plan *)&r;
    assert_int_equal(nq_plan_create(12, &options, &plan), NQ_E_NOMEM);
    assert_null(plan);
    assert_int_equal(nq_plan_create(-3, NULL, &plan), NQ_E_RANGE);
    assert_true(nq_count_default_threads() >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_counts),
        cmocka_unit_test(test_symmetric_ids),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_engine_choice),
        cmocka_unit_test(test_join_small_boards),
        cmocka_unit_test(test_subproblems_against_oracle),
        cmocka_unit_test(test_passes_against_oracle),
        cmocka_unit_test(test_passes_published),
        cmocka_unit_test(test_min_passes),
        cmocka_unit_test(test_passes_even),
        cmocka_unit_test(test_shared_census),
        cmocka_unit_test(test_fold_shares),
        cmocka_unit_test(test_passes_in_parts),
        cmocka_unit_test(test_pass_of),
        cmocka_unit_test(test_plan_run_threads),
        cmocka_unit_test(test_plan_signature),
        cmocka_unit_test(test_engine_names),
        cmocka_unit_test(test_subcount_add_overflow),
        cmocka_unit_test(test_small_accumulator),
        cmocka_unit_test(test_progress_and_cancel),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
