/*
 * test_plan_outline.c - nq_plan_outline() against the plan it outlines:
 * the same engine, signature and passes as nq_plan_create() over the
 * engines, budgets, thread counts and checkpoint cuts where the plan is
 * made in a moment; the tops its random probes estimate within a few
 * percent of those the census counts (nq__join_group_tops()); the same
 * answer on every call; and the errors of nq_plan_create().
 */
#include <stdlib.h>
#include <string.h>

#include "count/join/count_join.h"
#include "nqueens.h"
#include "testutil.h"

/* The outline and the plan of n under `budget` bytes (0: default), on
 * `threads`, with at least `min_passes` passes. */
static void check_against_plan(int n, uint64_t budget, int threads,
                               unsigned min_passes, nq_engine engine)
{
    nq_count_options o;
    nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION);
    o.memory_bytes = budget;
    o.threads = threads;
    o.engine = engine;
    nq_plan_options po;
    nq_plan_options_init(&po, NQ_PLAN_OPTIONS_VERSION);
    po.min_passes = min_passes;
    nq_outline outline;
    nq_plan *plan = NULL;
    int want = nq_plan_create_ex(n, &o, &po, &plan);
    int got = nq_plan_outline(n, &o, &po, &outline);
    assert_int_equal(got, want);
    if (want != 0)
        return;
    assert_int_equal(outline.engine, nq_plan_engine(plan));
    assert_string_equal(outline.signature, nq_plan_signature(plan));
    assert_int_equal(outline.passes, nq_plan_passes(plan));
    if (nq_plan_passes(plan) > 1) /* (a cut into one pass walks it too) */
        assert_int_equal(outline.census, 1);
    assert_true(outline.bytes > 0);
    if (nq_plan_passes(plan) > 1) {
        /* The largest pass's table, and what the plan holds beside. */
        assert_true(outline.bytes >= nq_plan_pass_bytes(plan) / 2);
        assert_true(outline.bytes <=
                    2 * nq_plan_pass_bytes(plan) + ((uint64_t)64 << 20));
    }
    nq_plan_free(plan);
}

static void test_same_cut_as_the_plan(void **state)
{
    (void)state;
    for (int n = 1; n <= 16; n++) {
        check_against_plan(n, 0, 1, 0, NQ_ENGINE_AUTO);
        check_against_plan(n, 0, 2, 0, NQ_ENGINE_AUTO);
        check_against_plan(n, 0, 1, 0, NQ_ENGINE_CONSTELLATIONS);
        check_against_plan(n, 0, 2, 10, NQ_ENGINE_AUTO); /* a checkpoint */
    }
    /* Passes under small budgets, odd and even n, one and two threads. */
    check_against_plan(15, (uint64_t)4 << 20, 1, 0, NQ_ENGINE_JOIN);
    check_against_plan(16, (uint64_t)12 << 20, 2, 0, NQ_ENGINE_JOIN);
    check_against_plan(17, (uint64_t)24 << 20, 1, 0, NQ_ENGINE_JOIN);
    check_against_plan(17, (uint64_t)44 << 20, 2, 0, NQ_ENGINE_AUTO);
    /* Too small for the join: constellations, or NQ_E_NOMEM when asked
     * for the join itself. */
    check_against_plan(16, (uint64_t)1 << 20, 1, 0, NQ_ENGINE_AUTO);
    check_against_plan(16, (uint64_t)1 << 20, 1, 0, NQ_ENGINE_JOIN);
}

/* Budgets near the least the join takes, where an outline from
 * estimated tops judged otherwise than the plan (n = 17 in 4 MiB: 159
 * passes told, the join refused; auto ran the constellations): the same
 * engine and passes, or the same refusal. */
static void test_small_budgets_as_the_plan(void **state)
{
    (void)state;
    const uint64_t kib = 1024;
    for (int n = 12; n <= 17; n++) {
        for (uint64_t budget = 256 * kib; budget <= 8192 * kib;
             budget += budget / 2) {
            check_against_plan(n, budget, 2, 0, NQ_ENGINE_JOIN);
            check_against_plan(n, budget, 1, 0, NQ_ENGINE_AUTO);
        }
    }
    check_against_plan(17, 4096 * kib, 2, 0, NQ_ENGINE_JOIN);
    check_against_plan(17, 4096 * kib, 2, 0, NQ_ENGINE_AUTO);
}

/* The tops the census counts, and the outline's estimate of them. */
static void test_tops_near_the_census(void **state)
{
    (void)state;
    for (int n = 8; n <= 17; n++) {
        uint64_t *group_tops = NULL, groups = 0;
        assert_int_equal(nq__join_group_tops(n, 1, &group_tops, &groups, NULL),
                         0);
        double all = 0;
        for (uint64_t g = 0; g < groups; g++)
            all += (double)group_tops[g];
        free(group_tops);
        nq_outline outline;
        assert_int_equal(nq_plan_outline(n, NULL, NULL, &outline), 0);
        assert_int_equal(outline.groups, groups);
        assert_true(outline.tops > 0.97 * all && outline.tops < 1.03 * all);
    }
}

/* The same every time: the probes have a fixed seed. */
static void test_repeatable(void **state)
{
    (void)state;
    nq_outline a, b;
    assert_int_equal(nq_plan_outline(20, NULL, NULL, &a), 0);
    assert_int_equal(nq_plan_outline(20, NULL, NULL, &b), 0);
    assert_true(a.tops == b.tops);
    assert_int_equal(a.passes, b.passes);
    assert_int_equal(a.bytes, b.bytes);
    /* The plan's passes at the default 2 GiB on two threads (the default
     * threads are the machine's cores, and each takes room beside the
     * tables: on eight there are 10 passes). */
    nq_count_options two;
    nq_count_options_init(&two, NQ_COUNT_OPTIONS_VERSION);
    two.threads = 2;
    nq_outline c;
    assert_int_equal(nq_plan_outline(20, &two, NULL, &c), 0);
    assert_int_equal(c.passes, 9);
}

static void test_errors(void **state)
{
    (void)state;
    nq_outline o;
    nq_count_options opts;
    nq_count_options_init(&opts, NQ_COUNT_OPTIONS_VERSION);
    assert_int_equal(nq_plan_outline(0, NULL, NULL, &o), NQ_E_RANGE);
    assert_int_equal(nq_plan_outline(NQ_MAX_N + 1, NULL, NULL, &o), NQ_E_RANGE);
    assert_int_equal(nq_plan_outline(8, NULL, NULL, NULL), NQ_E_INVAL);
    opts.threads = -1;
    assert_int_equal(nq_plan_outline(8, &opts, NULL, &o), NQ_E_INVAL);
    nq_count_options_init(&opts, NQ_COUNT_OPTIONS_VERSION);
    opts.engine = NQ_ENGINE_JOIN;
    assert_int_equal(nq_plan_outline(24, &opts, NULL, &o), NQ_E_RANGE);
    opts.version = 0; /* never initialised */
    assert_int_equal(nq_plan_outline(8, &opts, NULL, &o), NQ_E_INVAL);
}

/* The GPU engine where the library has none: refused as the plan refuses
 * it, with the same words (a build with it outlines the constellations,
 * the device being the plan's to open). */
static void test_gpu_engine(void **state)
{
    (void)state;
    nq_outline o;
    nq_count_options opts;
    nq_count_options_init(&opts, NQ_COUNT_OPTIONS_VERSION);
    opts.engine = NQ_ENGINE_GPU;
    if (strcmp(nq_gpu_api(), "none") != 0) {
        assert_int_equal(nq_plan_outline(8, &opts, NULL, &o), 0);
        assert_int_equal(o.engine, NQ_ENGINE_GPU);
        return;
    }
    char outlined[256] = "", planned[256] = "";
    opts.device_message = outlined;
    opts.device_message_size = sizeof outlined;
    assert_int_equal(nq_plan_outline(8, &opts, NULL, &o), NQ_E_UNSUPPORTED);
    opts.device_message = planned;
    opts.device_message_size = sizeof planned;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_ex(8, &opts, NULL, &plan),
                     NQ_E_UNSUPPORTED);
    assert_null(plan);
    assert_non_null(strstr(outlined, "without GPU support"));
    assert_string_equal(outlined, planned);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_cut_as_the_plan),
        cmocka_unit_test(test_small_budgets_as_the_plan),
        cmocka_unit_test(test_tops_near_the_census),
        cmocka_unit_test(test_repeatable),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_gpu_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
