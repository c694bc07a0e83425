/*
 * test_count_slow.c - the published counts for n = 16 and 17 (slow label:
 * seconds each on two cores), with one and with all threads for 16.
 */
#include "testutil.h"

static void check(int n, int threads)
{
    struct oeis_row want = oeis_counts(n);
    nq_count_options options;
    nq_count_options_init(&options);
    options.threads = threads;
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
    check(16, 0);
    check(16, 1);
}

static void test_seventeen(void **state)
{
    (void)state;
    check(17, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sixteen),
        cmocka_unit_test(test_seventeen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
