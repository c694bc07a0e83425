/*
 * test_construct.c - the explicit construction, proved by checking rather
 * than trusted: every n up to 3,000 and each residue of n mod 12 near 10^6
 * is verified by nq_verify (itself tested against the textbook oracle in
 * test_verify.c) and, for small n, by the tests' own O(n^2) checker.
 * test_construct_slow.c takes every n up to 100,000.
 */
#include <limits.h>
#include <stdlib.h>

#include "testutil.h"

/* Builds the solution of n three ways and checks it. */
static void check_construct(int n, int *cols, int *again)
{
    assert_int_equal(nq_construct(n, cols), 0);
    nq_verify_result r;
    int rc = nq_verify(cols, n, NULL, NULL, &r);
    if (rc != 0 || r.empty_rows != 0)
        fail_msg("n = %d: nq_verify %d, %llu attacking pairs", n, rc,
                 (unsigned long long)r.pairs);
    if (n <= 300)
        assert_true(test_is_solution(cols, n));
    /* Row by row and in odd blocks, the same columns. */
    for (int r0 = 0; r0 < n; r0 += 7) {
        int count = n - r0 < 7 ? n - r0 : 7;
        assert_int_equal(nq_construct_range(n, r0, count, again + r0), 0);
    }
    assert_memory_equal(again, cols, sizeof(int) * (size_t)n);
    for (int r0 = 0; r0 < n; r0 += 1 + n / 50)
        assert_int_equal(nq_construct_column(n, r0), cols[r0]);
}

static void test_every_n_to_3000(void **state)
{
    (void)state;
    int *cols = malloc(sizeof(int) * 3000);
    int *again = malloc(sizeof(int) * 3000);
    assert_non_null(cols);
    assert_non_null(again);
    for (int n = 4; n <= 3000; n++)
        check_construct(n, cols, again);
    free(cols);
    free(again);
}

static void test_each_residue_near_a_million(void **state)
{
    (void)state;
    const int base = 1000000 - 1000000 % 12; /* 999996: residue 0 */
    int *cols = malloc(sizeof(int) * (size_t)(base + 24));
    int *again = malloc(sizeof(int) * (size_t)(base + 24));
    assert_non_null(cols);
    assert_non_null(again);
    for (int k = 0; k < 12; k++) {
        int n = base + 12 + k; /* every residue, above 10^6 */
        assert_int_equal(n % 12, k);
        check_construct(n, cols, again);
    }
    free(cols);
    free(again);
}

static void test_small_and_impossible(void **state)
{
    (void)state;
    int cols[4] = {-5, -5, -5, -5};
    assert_int_equal(nq_construct(1, cols), 0);
    assert_int_equal(cols[0], 0);
    assert_int_equal(nq_construct(2, cols), NQ_E_NOSOLUTION);
    assert_int_equal(nq_construct(3, cols), NQ_E_NOSOLUTION);
    assert_int_equal(nq_construct(0, cols), NQ_E_RANGE);
    assert_int_equal(nq_construct(-4, cols), NQ_E_RANGE);
    assert_int_equal(nq_construct(4, NULL), NQ_E_INVAL);
    assert_int_equal(nq_construct_column(3, 0), NQ_E_NOSOLUTION);
    assert_int_equal(nq_construct_column(8, 8), NQ_E_INVAL);
    assert_int_equal(nq_construct_column(8, -1), NQ_E_INVAL);
    assert_int_equal(nq_construct_range(8, 4, 5, cols), NQ_E_INVAL);
    assert_int_equal(nq_construct_range(8, 9, 0, cols), NQ_E_INVAL);
    assert_int_equal(nq_construct_range(8, 8, 0, NULL), 0);
    assert_int_equal(nq_construct_range(8, -1, 1, cols), NQ_E_INVAL);
}

/* Near INT_MAX the arithmetic must not overflow: the blocks agree with the
 * single rows, every column is on the board, and a sample of rows is free
 * of attacks among itself. */
static void test_largest_boards(void **state)
{
    (void)state;
    const int sizes[] = {INT_MAX, INT_MAX - 1, INT_MAX - 5, 2000000006};
    enum { BLOCK = 4096 };
    static int block[BLOCK];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        const int starts[] = {0, n / 2 - BLOCK / 2, n / 3, n - BLOCK};
        for (size_t b = 0; b < 4; b++) {
            assert_int_equal(nq_construct_range(n, starts[b], BLOCK, block), 0);
            for (int k = 0; k < BLOCK; k++) {
                int64_t row = (int64_t)starts[b] + k;
                assert_true(block[k] >= 0 && block[k] < n);
                if (k % 97 == 0)
                    assert_int_equal(nq_construct_column(n, (int)row),
                                     block[k]);
                for (int j = k + 1; j < BLOCK && j < k + 64; j++) {
                    int64_t d = (int64_t)block[j] - block[k];
                    assert_true(d != 0 && d != j - k && d != k - j);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_and_impossible),
        cmocka_unit_test(test_every_n_to_3000),
        cmocka_unit_test(test_each_residue_near_a_million),
        cmocka_unit_test(test_largest_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
