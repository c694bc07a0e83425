/*
 * test_options_version.c - options that grow without breaking callers: a
 * caller built against version 1 of each options struct (its layout copied
 * here, as that program's header had it) still gets the defaults from
 * _init, has nothing written past its struct, and counts, solves and
 * completes as before; a version of 0 or one newer than the library's is
 * refused; and too many threads run on NQ_MAX_THREADS in every call.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The structs as version 1 of the header defined them. A later version
 * adds fields at their end; these copies stay as they are. */
struct count_options_v1 {
    unsigned version;
    int threads;
    uint64_t memory_bytes;
    nq_engine engine;
    nq_progress_fn progress;
    void *progress_user;
};

struct solve_options_v1 {
    unsigned version;
    int threads;
    size_t buffer_bytes;
};

struct complete_options_v1 {
    unsigned version;
    int threads;
    uint64_t node_limit;
    nq_progress_fn progress;
    void *progress_user;
};

struct plan_options_v1 {
    unsigned version;
    unsigned min_passes;
    unsigned census_part;
    unsigned census_parts;
    nq_census_sum_fn census_sum;
    void *census_user;
    const uint32_t *census;
    uint64_t census_len;
};

#define CANARY 0xA5
#define CANARY_BYTES 64

/* A v1 struct with bytes after it that the library must leave alone. */
#define GUARDED(type)                                                          \
    struct {                                                                   \
        type options;                                                          \
        unsigned char after[CANARY_BYTES];                                     \
    }

static void assert_canary(const unsigned char *after)
{
    for (size_t i = 0; i < CANARY_BYTES; i++)
        assert_int_equal(after[i], CANARY);
}

/* _init with version 1: the defaults in every v1 field (the struct was
 * filled with other bytes first), nothing written after it; and a call
 * given it reads it as the v1 struct it is. */
static void test_count_v1(void **state)
{
    (void)state;
    GUARDED(struct count_options_v1) g;
    memset(&g, CANARY, sizeof g);
    assert_int_equal(
        nq_count_options_init((nq_count_options *)(void *)&g.options, 1),
        NQ_OK);
    assert_int_equal(g.options.version, 1);
    assert_int_equal(g.options.threads, 0);
    assert_int_equal(g.options.memory_bytes, 0);
    assert_int_equal(g.options.engine, NQ_ENGINE_AUTO);
    assert_true(g.options.progress == NULL);
    assert_null(g.options.progress_user);
    assert_canary(g.after);

    g.options.threads = 2;
    nq_count_result r;
    const nq_count_options *as_new = (const nq_count_options *)(void *)&g;
    assert_int_equal(nq_count(10, as_new, &r), NQ_OK);
    assert_int_equal(r.total, 724);
    assert_int_equal(r.unique, 92);
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(10, as_new, &plan), NQ_OK);
    assert_int_equal(nq_count_plan(plan, as_new, &r), NQ_OK);
    assert_int_equal(r.total, 724);
    nq_plan_free(plan);
    assert_canary(g.after);
}

/* A v1 struct alone on the heap, so that a sanitizer build catches a read
 * past its end. */
static void test_count_v1_heap(void **state)
{
    (void)state;
    struct count_options_v1 *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(nq_count_options_init((nq_count_options *)(void *)o, 1),
                     NQ_OK);
    o->threads = 1;
    o->engine = NQ_ENGINE_JOIN;
    nq_count_result r;
    assert_int_equal(nq_count(8, (nq_count_options *)(void *)o, &r), NQ_OK);
    assert_int_equal(r.total, 92);
    free(o);
}

static int record_solution(const int *cols, int n, void *user)
{
    (void)cols;
    (void)n;
    (*(uint64_t *)user)++;
    return 0;
}

static void test_solve_v1(void **state)
{
    (void)state;
    GUARDED(struct solve_options_v1) g;
    memset(&g, CANARY, sizeof g);
    assert_int_equal(
        nq_solve_options_init((nq_solve_options *)(void *)&g.options, 1),
        NQ_OK);
    assert_int_equal(g.options.version, 1);
    assert_int_equal(g.options.threads, 0);
    assert_int_equal(g.options.buffer_bytes, 0);
    assert_canary(g.after);
    g.options.threads = 2;
    uint64_t seen = 0;
    assert_int_equal(nq_solve(8, (const nq_solve_options *)(void *)&g,
                              record_solution, &seen),
                     NQ_OK);
    assert_int_equal(seen, 92);
    assert_canary(g.after);
}

static void test_complete_v1(void **state)
{
    (void)state;
    GUARDED(struct complete_options_v1) g;
    memset(&g, CANARY, sizeof g);
    assert_int_equal(
        nq_complete_options_init((nq_complete_options *)(void *)&g.options, 1),
        NQ_OK);
    assert_int_equal(g.options.version, 1);
    assert_int_equal(g.options.threads, 0);
    assert_int_equal(g.options.node_limit, 0);
    assert_true(g.options.progress == NULL);
    assert_null(g.options.progress_user);
    assert_canary(g.after);
    int given[8] = {0, -1, -1, -1, -1, -1, -1, -1};
    uint64_t count = 0;
    g.options.threads = 2;
    assert_int_equal(nq_complete_count(8, given,
                                       (const nq_complete_options *)(void *)&g,
                                       &count),
                     NQ_OK);
    assert_int_equal(count, 4); /* the 92 with a queen in the corner */
    int out[8];
    assert_int_equal(nq_complete_first(8, given, NQ_COMPLETE_LEXICOGRAPHIC,
                                       (const nq_complete_options *)(void *)&g,
                                       out),
                     NQ_OK);
    assert_int_equal(out[0], 0);
    assert_canary(g.after);
}

static void test_plan_v1(void **state)
{
    (void)state;
    GUARDED(struct plan_options_v1) g;
    memset(&g, CANARY, sizeof g);
    assert_int_equal(
        nq_plan_options_init((nq_plan_options *)(void *)&g.options, 1), NQ_OK);
    assert_int_equal(g.options.version, 1);
    assert_int_equal(g.options.min_passes, 0);
    assert_int_equal(g.options.census_part, 0);
    assert_int_equal(g.options.census_parts, 0);
    assert_true(g.options.census_sum == NULL);
    assert_null(g.options.census_user);
    assert_null(g.options.census);
    assert_int_equal(g.options.census_len, 0);
    assert_canary(g.after);
    g.options.min_passes = 10;
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_JOIN;
    options.threads = 2;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_ex(12, &options,
                                       (const nq_plan_options *)(void *)&g,
                                       &plan),
                     NQ_OK);
    assert_true(nq_plan_passes(plan) >= 10);
    nq_count_result r;
    assert_int_equal(nq_count_plan(plan, &options, &r), NQ_OK);
    assert_int_equal(r.total, 14200);
    nq_plan_free(plan);
    assert_canary(g.after);
}

/* Version 0 (never initialised) and versions newer than the library's
 * are refused by _init, which then writes nothing, and by the calls. */
static void test_unknown_versions(void **state)
{
    (void)state;
    const unsigned bad[] = {0, NQ_COUNT_OPTIONS_VERSION + 1, 1000};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nq_count_options c;
        memset(&c, CANARY, sizeof c);
        assert_int_equal(nq_count_options_init(&c, bad[i]), NQ_E_INVAL);
        assert_int_equal(((unsigned char *)&c)[0], CANARY);
        nq_count_options_init(&c, NQ_COUNT_OPTIONS_VERSION);
        c.version = bad[i];
        nq_count_result r;
        assert_int_equal(nq_count(8, &c, &r), NQ_E_INVAL);
        nq_plan *plan = NULL;
        assert_int_equal(nq_plan_create(8, &c, &plan), NQ_E_INVAL);
        assert_null(plan);

        nq_plan_options p;
        assert_int_equal(
            nq_plan_options_init(
                &p, bad[i] == 0 ? 0 : bad[i] + NQ_PLAN_OPTIONS_VERSION),
            NQ_E_INVAL);
        nq_plan_options_init(&p, NQ_PLAN_OPTIONS_VERSION);
        p.version = bad[i] == 0 ? 0 : NQ_PLAN_OPTIONS_VERSION + 1;
        assert_int_equal(nq_plan_create_ex(8, NULL, &p, &plan), NQ_E_INVAL);

        nq_solve_options s;
        assert_int_equal(nq_solve_options_init(&s, 0), NQ_E_INVAL);
        nq_solve_options_init(&s, NQ_SOLVE_OPTIONS_VERSION);
        s.version = bad[i] == 0 ? 0 : NQ_SOLVE_OPTIONS_VERSION + 1;
        uint64_t seen = 0;
        assert_int_equal(nq_solve(6, &s, record_solution, &seen), NQ_E_INVAL);
        assert_int_equal(seen, 0);

        nq_complete_options k;
        assert_int_equal(
            nq_complete_options_init(&k, NQ_COMPLETE_OPTIONS_VERSION + 1),
            NQ_E_INVAL);
        nq_complete_options_init(&k, NQ_COMPLETE_OPTIONS_VERSION);
        k.version = bad[i] == 0 ? 0 : NQ_COMPLETE_OPTIONS_VERSION + 1;
        int given[6] = {-1, -1, -1, -1, -1, -1};
        uint64_t count = 1;
        assert_int_equal(nq_complete_count(6, given, &k, &count), NQ_E_INVAL);
        assert_int_equal(count, 0);
        int out[6];
        assert_int_equal(
            nq_complete_first(6, given, NQ_COMPLETE_LEXICOGRAPHIC, &k, out),
            NQ_E_INVAL);
        assert_int_equal(
            nq_complete_each_options(6, given, &k, NULL, NULL, &count),
            NQ_E_INVAL);
        nq_complete_conflict conflict;
        assert_int_equal(nq_complete_check_options(6, given, &k, &conflict),
                         NQ_E_INVAL);
    }
    assert_int_equal(nq_count_options_init(NULL, NQ_COUNT_OPTIONS_VERSION),
                     NQ_E_INVAL);
}

/* The one rule for too many threads: every call runs on NQ_MAX_THREADS
 * (the pool starts no more than it has work for), none refuses. */
static void test_too_many_threads(void **state)
{
    (void)state;
    nq_count_options c;
    nq_count_options_init(&c, NQ_COUNT_OPTIONS_VERSION);
    c.threads = NQ_MAX_THREADS + 1;
    nq_count_result r;
    assert_int_equal(nq_count(8, &c, &r), NQ_OK);
    assert_int_equal(r.total, 92);

    nq_solve_options s;
    nq_solve_options_init(&s, NQ_SOLVE_OPTIONS_VERSION);
    s.threads = NQ_MAX_THREADS + 1;
    s.buffer_bytes = 1; /* the least: 32 KiB a thread */
    uint64_t seen = 0;
    assert_int_equal(nq_solve(8, &s, record_solution, &seen), NQ_OK);
    assert_int_equal(seen, 92);

    nq_complete_options k;
    nq_complete_options_init(&k, NQ_COMPLETE_OPTIONS_VERSION);
    k.threads = NQ_MAX_THREADS + 1;
    int given[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    uint64_t count = 0;
    assert_int_equal(nq_complete_count(8, given, &k, &count), NQ_OK);
    assert_int_equal(count, 92);

    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(8, NULL, &plan), NQ_OK);
    assert_int_equal(nq_count_plan(plan, &c, &r), NQ_OK);
    assert_int_equal(r.total, 92);
    nq_plan_free(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_v1),
        cmocka_unit_test(test_count_v1_heap),
        cmocka_unit_test(test_solve_v1),
        cmocka_unit_test(test_complete_v1),
        cmocka_unit_test(test_plan_v1),
        cmocka_unit_test(test_unknown_versions),
        cmocka_unit_test(test_too_many_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
