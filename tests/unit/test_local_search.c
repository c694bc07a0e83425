/*
 * test_local_search.c - the seeded local search: valid for many sizes and
 * seeds (checked by nq_verify and, for small n, by the tests' own checker),
 * the same solution for the same seed, different ones for different seeds,
 * and a progress callback that can cancel it.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void expect_valid(const int *cols, int n)
{
    nq_verify_result r;
    int rc = nq_verify(cols, n, NULL, NULL, &r);
    if (rc != 0 || r.empty_rows != 0)
        fail_msg("n = %d: not a solution (%llu pairs)", n,
                 (unsigned long long)r.pairs);
    if (n <= 2000)
        assert_true(test_is_solution(cols, n));
}

static void test_sizes_and_seeds(void **state)
{
    (void)state;
    int *cols = malloc(sizeof(int) * 50001);
    int *again = malloc(sizeof(int) * 50001);
    assert_non_null(cols);
    assert_non_null(again);
    /* Every small n with many seeds: local minima there force restarts. */
    for (int n = 4; n <= 120; n++) {
        for (uint64_t seed = 0; seed < 8; seed++) {
            assert_int_equal(nq_random_solution(n, seed, cols, NULL, NULL), 0);
            expect_valid(cols, n);
        }
    }
    const int sizes[] = {250, 251, 500, 1001, 4096, 50001};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        for (uint64_t seed = 1; seed <= 3; seed++) {
            uint64_t big = seed * 0x9e3779b97f4a7c15u;
            assert_int_equal(nq_random_solution(n, big, cols, NULL, NULL), 0);
            expect_valid(cols, n);
            /* The same seed, the same solution. */
            assert_int_equal(nq_random_solution(n, big, again, NULL, NULL), 0);
            assert_memory_equal(again, cols, sizeof(int) * (size_t)n);
        }
    }
    free(cols);
    free(again);
}

/* Twenty seeds on 1,000 queens: twenty different solutions. */
static void test_seeds_differ(void **state)
{
    (void)state;
    enum { N = 1000, SEEDS = 20 };
    static int sols[SEEDS][N];
    for (int s = 0; s < SEEDS; s++) {
        assert_int_equal(
            nq_random_solution(N, (uint64_t)s, sols[s], NULL, NULL), 0);
        expect_valid(sols[s], N);
        for (int t = 0; t < s; t++)
            assert_true(memcmp(sols[s], sols[t], sizeof sols[s]) != 0);
    }
    /* And small boards reach more than one of their solutions. */
    int first[8], other[8];
    assert_int_equal(nq_random_solution(8, 0, first, NULL, NULL), 0);
    bool differs = false;
    for (uint64_t seed = 1; seed < 50 && !differs; seed++) {
        assert_int_equal(nq_random_solution(8, seed, other, NULL, NULL), 0);
        differs = memcmp(first, other, sizeof first) != 0;
    }
    assert_true(differs);
}

static void test_no_solution_and_errors(void **state)
{
    (void)state;
    int cols[4];
    assert_int_equal(nq_random_solution(1, 7, cols, NULL, NULL), 0);
    assert_int_equal(cols[0], 0);
    assert_int_equal(nq_random_solution(2, 7, cols, NULL, NULL),
                     NQ_E_NOSOLUTION);
    assert_int_equal(nq_random_solution(3, 7, cols, NULL, NULL),
                     NQ_E_NOSOLUTION);
    assert_int_equal(nq_random_solution(0, 7, cols, NULL, NULL), NQ_E_RANGE);
    assert_int_equal(nq_random_solution(4, 7, NULL, NULL, NULL), NQ_E_INVAL);
}

static int cancel_at_once(uint64_t done, uint64_t total, uint64_t solutions,
                          void *user)
{
    (void)solutions;
    int *calls = user;
    assert_true(done <= total);
    (*calls)++;
    return 1;
}

static void test_cancel(void **state)
{
    (void)state;
    const int n = 1100000; /* more rows than between two progress calls */
    int *cols = malloc(sizeof(int) * (size_t)n);
    assert_non_null(cols);
    int calls = 0;
    assert_int_equal(nq_random_solution(n, 1, cols, cancel_at_once, &calls),
                     NQ_E_STOPPED);
    assert_int_equal(calls, 1);
    free(cols);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_solution_and_errors),
        cmocka_unit_test(test_sizes_and_seeds),
        cmocka_unit_test(test_seeds_differ),
        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
