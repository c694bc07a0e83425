/*
 * test_find_search.c - the first solution in lexicographic order: for
 * n <= 22 it must be the first that the textbook algorithm lists; to 29,
 * a valid solution; n = 2 and 3 have none; a progress callback cancels.
 */
#include <string.h>

#include "testutil.h"

static int keep_first(const int *cols, int n, void *user)
{
    memcpy(user, cols, sizeof(int) * (size_t)n);
    return 1;
}

static void test_against_textbook(void **state)
{
    (void)state;
    for (int n = 1; n <= 22; n++) {
        if (n == 2 || n == 3)
            continue;
        int want[NQ_MAX_N], got[NQ_MAX_N];
        assert_int_equal(
            nq_classic_solve(NQ_CLASSIC_ARRAYS, n, keep_first, want, NULL),
            NQ_E_STOPPED);
        assert_int_equal(nq_first_solution(n, got, NULL, NULL), 0);
        assert_memory_equal(got, want, sizeof(int) * (size_t)n);
    }
}

static void test_larger_and_impossible(void **state)
{
    (void)state;
    int cols[NQ_MAX_N];
    for (int n = 23; n <= 29; n++) { /* 30 and 32 take 10^8 placements */
        assert_int_equal(nq_first_solution(n, cols, NULL, NULL), 0);
        assert_true(test_is_solution(cols, n));
    }
    assert_int_equal(nq_first_solution(2, cols, NULL, NULL), NQ_E_NOSOLUTION);
    assert_int_equal(nq_first_solution(3, cols, NULL, NULL), NQ_E_NOSOLUTION);
    assert_int_equal(nq_first_solution(0, cols, NULL, NULL), NQ_E_RANGE);
    assert_int_equal(nq_first_solution(65, cols, NULL, NULL), NQ_E_RANGE);
    assert_int_equal(nq_first_solution(8, NULL, NULL, NULL), NQ_E_INVAL);
}

static int stop_third(uint64_t done, uint64_t total, uint64_t solutions,
                      void *user)
{
    (void)total;
    (void)solutions;
    int *calls = user;
    assert_true(done > 0);
    return ++*calls == 3;
}

static void test_cancel(void **state)
{
    (void)state;
    int cols[NQ_MAX_N];
    int calls = 0;
    /* The first solution of 64 takes far more than 3 * 65,536 placements. */
    assert_int_equal(nq_first_solution(64, cols, stop_third, &calls),
                     NQ_E_STOPPED);
    assert_int_equal(calls, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_textbook),
        cmocka_unit_test(test_larger_and_impossible),
        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
