/*
 * test_cli_published.c - the tool's one table of published totals
 * (cli/common/published.c), which `bench` checks its methods against and
 * the estimate of a count scales from, agrees with the test data's
 * tests/data/oeis-counts.tsv at every n it holds.
 */
#include "common/published.h"
#include "testutil.h"

static void test_published_matches_the_data(void **state)
{
    (void)state;
    assert_int_equal(published_totals[0], 1); /* a(0): the empty board */
    for (int n = 1; n <= PUBLISHED_MAX_N; n++)
        assert_true(published_totals[n] == oeis_counts(n).total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_matches_the_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
