/*
 * test_count_slow.c - the published counts for n = 16 to 18 (slow label:
 * seconds each on two cores): the join with one and with all threads for
 * 16, constellations for 16, the join for 17 and for 18 (whose whole
 * table is filled in bins); the symmetric counts alone for n = 19 to 21.
 */
#include "count/count_plan.h"
#include "testutil.h"

static void check(int n, int threads, nq_engine engine)
{
    struct oeis_row want = oeis_counts(n);
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.threads = threads;
    options.engine = engine;
    nq_count_result r;
    assert_int_equal(nq_count(n, &options, &r), NQ_OK);
    assert_int_equal(r.total, want.total);
    assert_int_equal(r.unique, want.unique);
    assert_int_equal(r.sym180, want.sym180);
    assert_int_equal(r.sym90, want.sym90);
}

static void test_sixteen(void **state)
{
    (void)state;
    check(16, 0, NQ_ENGINE_JOIN);
    check(16, 1, NQ_ENGINE_JOIN);
    check(16, 0, NQ_ENGINE_CONSTELLATIONS);
}

static void test_seventeen(void **state)
{
    (void)state;
    check(17, 0, NQ_ENGINE_JOIN);
}

static void test_eighteen(void **state)
{
    (void)state;
    check(18, 0, NQ_ENGINE_JOIN);
}

static void test_symmetric_to_21(void **state)
{
    (void)state;
    for (int n = 19; n <= 21; n++) {
        struct oeis_row want = oeis_counts(n);
        nq_count_options options;
        nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
        options.engine = NQ_ENGINE_CONSTELLATIONS; /* no table to build */
        nq_plan *plan = NULL;
        assert_int_equal(nq_plan_create(n, &options, &plan), NQ_OK);
        nq_subcount sum = {0, 0, 0};
        for (uint64_t id = 0; id < 2 * (uint64_t)n; id++) {
            uint64_t index;
            enum nq__subproblem_kind kind = nq__plan_kind(plan, id, &index);
            assert_true(kind == NQ_SUB_SYM180 || kind == NQ_SUB_SYM90);
            nq_subcount sub;
            assert_int_equal(nq_plan_count_one(plan, id, &sub), NQ_OK);
            assert_int_equal(nq_subcount_add(&sum, &sub), NQ_OK);
        }
        assert_int_equal(sum.sym180, want.sym180);
        assert_int_equal(sum.sym90, want.sym90);
        nq_plan_free(plan);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sixteen),
        cmocka_unit_test(test_seventeen),
        cmocka_unit_test(test_eighteen),
        cmocka_unit_test(test_symmetric_to_21),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
