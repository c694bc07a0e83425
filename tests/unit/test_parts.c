/*
 * test_parts.c - the cut of a plan into parts and the audit's recount:
 * the parts of every M cover the plan's ids once each whatever the
 * threads or the memory budget that made the plan, and add up to the
 * published counts; the recount of every id agrees with the engines.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The ids of part k of m, malloc'ed. */
static uint64_t *part_ids(const nq_plan *plan, unsigned k, unsigned m,
                          size_t *count)
{
    assert_int_equal(nq_plan_part_ids(plan, k, m, NULL, 0, count), 0);
    uint64_t *ids = malloc((*count + 1) * sizeof *ids);
    assert_non_null(ids);
    size_t again = 0;
    assert_int_equal(nq_plan_part_ids(plan, k, m, ids, *count, &again), 0);
    assert_int_equal(again, *count);
    return ids;
}

/* A plan; `estimate`: its passes cut from an estimated census, as a
 * part's run cuts them (nq_plan_options.census_estimate). */
static nq_plan *make_plan_estimated(int n, nq_engine engine, int threads,
                                    unsigned min_passes, int estimate)
{
    nq_count_options o;
    nq_plan_options p;
    assert_int_equal(nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION), 0);
    assert_int_equal(nq_plan_options_init(&p, NQ_PLAN_OPTIONS_VERSION), 0);
    o.engine = engine;
    o.threads = threads;
    p.min_passes = min_passes;
    p.census_estimate = estimate;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_ex(n, &o, &p, &plan), 0);
    return plan;
}

static nq_plan *make_plan(int n, nq_engine engine, int threads,
                          unsigned min_passes)
{
    return make_plan_estimated(n, engine, threads, min_passes, 0);
}

/* The result of the sum of every id's count is the published one. */
static void check_published(const nq_plan *plan, const nq_subcount *sum, int n)
{
    nq_count_result r;
    assert_int_equal(nq_plan_result(plan, sum, &r), 0);
    struct oeis_row want = oeis_counts(n);
    assert_int_equal(r.total, want.total);
    assert_int_equal(r.unique, want.unique);
}

/* Every id in exactly one part, ascending within it; the parts' counts
 * add up to the published ones. */
static void check_parts(int n, nq_engine engine, unsigned m)
{
    nq_plan *plan = make_plan(n, engine, 1, 0);
    uint64_t size = nq_plan_size(plan);
    unsigned char *seen = calloc(size, 1);
    assert_non_null(seen);
    nq_subcount sum = {0, 0, 0};
    for (unsigned k = 1; k <= m; k++) {
        size_t count = 0;
        uint64_t *ids = part_ids(plan, k, m, &count);
        for (size_t i = 0; i < count; i++) {
            assert_true(ids[i] < size);
            assert_int_equal(seen[ids[i]], 0);
            seen[ids[i]] = 1;
            if (i > 0)
                assert_true(ids[i - 1] < ids[i]);
            nq_subcount c;
            assert_int_equal(nq_plan_count_one(plan, ids[i], &c), 0);
            assert_int_equal(nq_subcount_add(&sum, &c), 0);
        }
        free(ids);
    }
    for (uint64_t id = 0; id < size; id++)
        assert_int_equal(seen[id], 1);
    check_published(plan, &sum, n);
    free(seen);
    nq_plan_free(plan);
}

static void test_parts_cover_the_plan(void **state)
{
    (void)state;
    for (int n = 4; n <= 12; n++) {
        for (unsigned m = 1; m <= 7; m++) {
            check_parts(n, NQ_ENGINE_JOIN, m);
            check_parts(n, NQ_ENGINE_CONSTELLATIONS, m);
        }
    }
}

/* The same parts from a plan in passes on 3 threads, or cut from an
 * estimated census on 2, as from a whole table on 1: the cut depends on
 * the signature and M alone. */
static void test_parts_independent_of_the_run(void **state)
{
    (void)state;
    for (int n = 10; n <= 14; n++) {
        nq_plan *whole = make_plan(n, NQ_ENGINE_JOIN, 1, 0);
        nq_plan *runs[2] = {make_plan(n, NQ_ENGINE_JOIN, 3, 10),
                            make_plan_estimated(n, NQ_ENGINE_JOIN, 2, 10, 1)};
        for (int r = 0; r < 2; r++) {
            assert_true(nq_plan_passes(runs[r]) > 1);
            assert_string_equal(nq_plan_signature(whole),
                                nq_plan_signature(runs[r]));
        }
        for (unsigned m = 2; m <= 7; m += 5) {
            for (unsigned k = 1; k <= m; k++) {
                size_t a = 0;
                uint64_t *x = part_ids(whole, k, m, &a);
                for (int r = 0; r < 2; r++) {
                    size_t b = 0;
                    uint64_t *y = part_ids(runs[r], k, m, &b);
                    assert_int_equal(a, b);
                    assert_memory_equal(x, y, a * sizeof *x);
                    free(y);
                }
                free(x);
            }
        }
        nq_plan_free(whole);
        nq_plan_free(runs[0]);
        nq_plan_free(runs[1]);
    }
}

/* A plan cut from an estimated census keeps none (its passes count their
 * own tops), and counts the published totals, also in a small budget. */
static void test_estimated_census(void **state)
{
    (void)state;
    for (int n = 10; n <= 15; n++) {
        nq_count_options o;
        nq_plan_options p;
        nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION);
        nq_plan_options_init(&p, NQ_PLAN_OPTIONS_VERSION);
        o.engine = NQ_ENGINE_JOIN;
        o.threads = 2;
        o.memory_bytes = n == 15 ? 2u << 20 : 0;
        p.min_passes = 10;
        p.census_estimate = 1;
        nq_plan *plan = NULL;
        assert_int_equal(nq_plan_create_ex(n, &o, &p, &plan), 0);
        assert_true(nq_plan_passes(plan) > 1);
        const uint32_t *census = NULL;
        uint64_t len = 1;
        nq_plan_census(plan, &census, &len);
        assert_null(census);
        assert_int_equal(len, 0);
        nq_count_result r;
        assert_int_equal(nq_count_plan(plan, &o, &r), 0);
        struct oeis_row want = oeis_counts(n);
        assert_int_equal(r.total, want.total);
        assert_int_equal(r.unique, want.unique);
        nq_plan_free(plan);
    }
}

/* Balanced by work: at n = 14 in 4 parts, no part's count of solutions
 * (a stand-in for its work) is more than twice another's, though the
 * parts' numbers of ids differ. */
static void test_parts_balanced(void **state)
{
    (void)state;
    nq_plan *plan = make_plan(14, NQ_ENGINE_JOIN, 1, 0);
    uint64_t low = UINT64_MAX, high = 0;
    for (unsigned k = 1; k <= 4; k++) {
        size_t count = 0;
        uint64_t *ids = part_ids(plan, k, 4, &count);
        assert_true(count > 0);
        uint64_t total = 0;
        for (size_t i = 0; i < count; i++) {
            nq_subcount c;
            assert_int_equal(nq_plan_count_one(plan, ids[i], &c), 0);
            total += c.total;
        }
        low = total < low ? total : low;
        high = total > high ? total : high;
        free(ids);
    }
    assert_true(high < 2 * low);
    nq_plan_free(plan);
}

static void test_parts_bad_arguments(void **state)
{
    (void)state;
    nq_plan *plan = make_plan(8, NQ_ENGINE_AUTO, 1, 0);
    size_t count = 0;
    assert_int_equal(nq_plan_part_ids(plan, 0, 3, NULL, 0, &count), NQ_E_INVAL);
    assert_int_equal(nq_plan_part_ids(plan, 4, 3, NULL, 0, &count), NQ_E_INVAL);
    assert_int_equal(nq_plan_part_ids(plan, 1, 0, NULL, 0, &count), NQ_E_INVAL);
    assert_int_equal(nq_plan_part_ids(NULL, 1, 1, NULL, 0, &count), NQ_E_INVAL);
    /* More parts than ids: some are empty, all together are the plan. */
    uint64_t total = 0;
    for (unsigned k = 1; k <= 500; k++) {
        assert_int_equal(nq_plan_part_ids(plan, k, 500, NULL, 0, &count), 0);
        total += count;
    }
    assert_int_equal(total, nq_plan_size(plan));
    nq_plan_free(plan);
}

/* The recount agrees with the engine on every id. */
static void test_recount_agrees(void **state)
{
    (void)state;
    static const nq_engine engines[] = {NQ_ENGINE_JOIN,
                                        NQ_ENGINE_CONSTELLATIONS};
    for (int n = 1; n <= 11; n++) {
        for (int e = 0; e < 2; e++) {
            if (engines[e] == NQ_ENGINE_JOIN && n < 2)
                continue;
            nq_plan *plan = make_plan(n, engines[e], 1, 0);
            nq_subcount sum = {0, 0, 0};
            for (uint64_t id = 0; id < nq_plan_size(plan); id++) {
                nq_subcount a, b;
                assert_int_equal(nq_plan_count_one(plan, id, &a), 0);
                assert_int_equal(nq_plan_recount(plan, id, &b), 0);
                assert_int_equal(a.total, b.total);
                assert_int_equal(a.sym180, b.sym180);
                assert_int_equal(a.sym90, b.sym90);
                assert_int_equal(nq_subcount_add(&sum, &b), 0);
            }
            struct oeis_row want = oeis_counts(n);
            assert_int_equal(sum.total, want.total);
            assert_int_equal(sum.sym180, want.sym180);
            assert_int_equal(sum.sym90, want.sym90);
            nq_subcount out;
            assert_int_equal(nq_plan_recount(plan, nq_plan_size(plan), &out),
                             NQ_E_INVAL);
            nq_plan_free(plan);
        }
    }
}

static int add_count(uint64_t id, const nq_subcount *count, void *user)
{
    (void)id;
    return nq_subcount_add(user, count);
}

/* The plan of a part (nq_plan_options.part, parts): the same ids in the
 * part as from the whole plan, its passes cut for its own units (no more
 * than the whole plan's, since the others' groups weigh nothing), and
 * the parts, each run on its own plan, add up to the published counts. */
static void test_part_plans(void **state)
{
    (void)state;
    for (int n = 12; n <= 15; n++) {
        for (unsigned m = 2; m <= 4; m += 2) {
            unsigned min_passes = (10 + m - 1) / m;
            nq_plan *whole =
                make_plan_estimated(n, NQ_ENGINE_JOIN, 2, min_passes, 1);
            nq_subcount sum = {0, 0, 0};
            for (unsigned k = 1; k <= m; k++) {
                nq_count_options o;
                nq_plan_options p;
                assert_int_equal(
                    nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION), 0);
                assert_int_equal(
                    nq_plan_options_init(&p, NQ_PLAN_OPTIONS_VERSION), 0);
                o.engine = NQ_ENGINE_JOIN;
                o.threads = 2;
                p.min_passes = min_passes;
                p.census_estimate = 1;
                p.part = k;
                p.parts = m;
                nq_plan *plan = NULL;
                assert_int_equal(nq_plan_create_ex(n, &o, &p, &plan), 0);
                assert_string_equal(nq_plan_signature(plan),
                                    nq_plan_signature(whole));
                assert_true(nq_plan_passes(plan) <= nq_plan_passes(whole));
                size_t a = 0, b = 0;
                uint64_t *x = part_ids(whole, k, m, &a);
                uint64_t *y = part_ids(plan, k, m, &b);
                assert_int_equal(a, b);
                assert_memory_equal(x, y, a * sizeof *x);
                assert_int_equal(nq_plan_run(plan, y, b, 2, add_count, &sum),
                                 0);
                free(x);
                free(y);
                nq_plan_free(plan);
            }
            check_published(whole, &sum, n);
            nq_plan_free(whole);
        }
    }
    /* A part out of range is refused. */
    nq_count_options o;
    nq_plan_options p;
    nq_plan *plan = NULL;
    assert_int_equal(nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION), 0);
    assert_int_equal(nq_plan_options_init(&p, NQ_PLAN_OPTIONS_VERSION), 0);
    p.part = 3;
    p.parts = 2;
    assert_int_equal(nq_plan_create_ex(12, &o, &p, &plan), NQ_E_INVAL);
    p.part = 0;
    assert_int_equal(nq_plan_create_ex(12, &o, &p, &plan), NQ_E_INVAL);
}

/* The join's units recounted at n = 12 to 16, whose halves are many
 * enough that the recount splits its lists on bits before it tests
 * pairs: the recounts add up to the published totals. */
static void test_recount_join_larger(void **state)
{
    (void)state;
    for (int n = 12; n <= 16; n++) {
        nq_plan *plan = make_plan(n, NQ_ENGINE_JOIN, 1, 0);
        uint64_t total = 0;
        for (uint64_t id = 0; id < nq_plan_size(plan); id++) {
            nq_subcount sub;
            assert_int_equal(nq_plan_recount(plan, id, &sub), 0);
            total += sub.total;
        }
        assert_int_equal(total, oeis_counts(n).total);
        nq_plan_free(plan);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parts_cover_the_plan),
        cmocka_unit_test(test_parts_independent_of_the_run),
        cmocka_unit_test(test_estimated_census),
        cmocka_unit_test(test_parts_balanced),
        cmocka_unit_test(test_parts_bad_arguments),
        cmocka_unit_test(test_recount_agrees),
        cmocka_unit_test(test_recount_join_larger),
        cmocka_unit_test(test_part_plans),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
