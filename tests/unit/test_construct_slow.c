/*
 * test_construct_slow.c - the explicit construction checked by nq_verify
 * for every n from 4 to 100,000 (about 5 * 10^9 queens in all, hence the
 * slow label).
 */
#include <stdlib.h>

#include "testutil.h"

#define CONSTRUCT_SLOW_MAX_N 100000

static void test_every_n_to_100000(void **state)
{
    (void)state;
    int *cols = malloc(sizeof(int) * CONSTRUCT_SLOW_MAX_N);
    assert_non_null(cols);
    for (int n = 4; n <= CONSTRUCT_SLOW_MAX_N; n++) {
        assert_int_equal(nq_construct(n, cols), 0);
        nq_verify_result r;
        int rc = nq_verify(cols, n, NULL, NULL, &r);
        if (rc != 0 || r.empty_rows != 0)
            fail_msg("n = %d: nq_verify %d, %llu attacking pairs", n, rc,
                     (unsigned long long)r.pairs);
    }
    free(cols);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_n_to_100000),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
