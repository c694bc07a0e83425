/*
 * test_classic.c - the three textbook algorithms against the published
 * counts and against each other: every solution valid, in strictly
 * increasing lexicographic order, the same sequence from all three.
 */
#include <string.h>

#include "testutil.h"

#define CLASSIC_MAX_TESTED_N 12

/* Collects what a run emits: a count, order and validity checks, and a
 * fingerprint of the whole sequence so that runs can be compared. */
struct collector {
    int n;
    uint64_t seen;
    uint64_t fingerprint;
    int previous[NQ_MAX_N];
    uint64_t stop_after; /* 0: never stop */
};

static int collect(const int *cols, int n, void *user)
{
    struct collector *c = user;
    assert_int_equal(n, c->n);
    assert_true(test_is_solution(cols, n));
    if (c->seen > 0)
        assert_int_equal(test_compare(c->previous, cols, n), -1);
    memcpy(c->previous, cols, sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++)
        c->fingerprint =
            c->fingerprint * 1099511628211u + (uint64_t)cols[i] + 1;
    c->seen++;
    return c->stop_after != 0 && c->seen == c->stop_after;
}

static void test_counts_order_and_agreement(void **state)
{
    (void)state;
    for (int n = 1; n <= CLASSIC_MAX_TESTED_N; n++) {
        struct oeis_row published = oeis_counts(n);
        uint64_t first_fingerprint = 0;
        for (int m = 0; m < NQ_CLASSIC_METHOD_COUNT; m++) {
            struct collector c = {.n = n};
            uint64_t count = 12345;
            int rc =
                nq_classic_solve((nq_classic_method)m, n, collect, &c, &count);
            assert_int_equal(rc, NQ_OK);
            assert_int_equal(count, published.total);
            assert_int_equal(c.seen, published.total);
            if (m == 0)
                first_fingerprint = c.fingerprint;
            else
                assert_int_equal(c.fingerprint, first_fingerprint);
        }
    }
}

static void test_first_solution_of_eight(void **state)
{
    (void)state;
    /* The teaching texts' first solution for n = 8: 1 5 8 6 3 7 2 4. */
    static const int expected[8] = {0, 4, 7, 5, 2, 6, 1, 3};
    for (int m = 0; m < NQ_CLASSIC_METHOD_COUNT; m++) {
        struct collector c = {.n = 8, .stop_after = 1};
        uint64_t count = 0;
        int rc = nq_classic_solve((nq_classic_method)m, 8, collect, &c, &count);
        assert_int_equal(rc, NQ_E_STOPPED);
        assert_int_equal(count, 1);
        assert_memory_equal(c.previous, expected, sizeof expected);
    }
}

static void test_stop_midway(void **state)
{
    (void)state;
    for (int m = 0; m < NQ_CLASSIC_METHOD_COUNT; m++) {
        struct collector c = {.n = 8, .stop_after = 50};
        uint64_t count = 0;
        assert_int_equal(
            nq_classic_solve((nq_classic_method)m, 8, collect, &c, &count),
            NQ_E_STOPPED);
        assert_int_equal(count, 50);
        assert_int_equal(c.seen, 50);
    }
}

static void test_no_callback_counts(void **state)
{
    (void)state;
    uint64_t count = 0;
    assert_int_equal(
        nq_classic_solve(NQ_CLASSIC_ISSAFE, 10, NULL, NULL, &count), NQ_OK);
    assert_int_equal(count, oeis_counts(10).total);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    uint64_t count = 99;
    assert_int_equal(nq_classic_solve(NQ_CLASSIC_ARRAYS, 0, NULL, NULL, &count),
                     NQ_E_RANGE);
    assert_int_equal(count, 0);
    assert_int_equal(nq_classic_solve(NQ_CLASSIC_ARRAYS, -5, NULL, NULL, NULL),
                     NQ_E_RANGE);
    assert_int_equal(
        nq_classic_solve(NQ_CLASSIC_ARRAYS, NQ_MAX_N + 1, NULL, NULL, NULL),
        NQ_E_RANGE);
    assert_int_equal(
        nq_classic_solve((nq_classic_method)7, 4, NULL, NULL, NULL),
        NQ_E_INVAL);
    assert_null(nq_classic_name((nq_classic_method)7));
    assert_string_equal(nq_classic_name(NQ_CLASSIC_ITERATIVE), "iterative");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_order_and_agreement),
        cmocka_unit_test(test_first_solution_of_eight),
        cmocka_unit_test(test_stop_midway),
        cmocka_unit_test(test_no_callback_counts),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
