/*
 * test_count_simple.c - the plain and mirror bitboard counters against the
 * published counts, their node counts against the traced textbook search
 * (the same tree), and their argument checks.
 */
#define NQ_EXPERIMENTAL /* nq_count_bitboard*(): part 5 of nqueens.h */
#include "testutil.h"

#define SIMPLE_MAX_TESTED_N 13
#define SIMPLE_MAX_NODES_N 11

static void test_totals_against_published(void **state)
{
    (void)state;
    for (int n = 1; n <= SIMPLE_MAX_TESTED_N; n++) {
        uint64_t total = 7, nodes = 7;
        assert_int_equal(nq_count_bitboard(n, &total, &nodes), NQ_OK);
        assert_int_equal(total, oeis_counts(n).total);
        uint64_t mirror_total = 7, mirror_nodes = 7;
        assert_int_equal(
            nq_count_bitboard_mirror(n, &mirror_total, &mirror_nodes), NQ_OK);
        assert_int_equal(mirror_total, oeis_counts(n).total);
        assert_true(mirror_nodes <= nodes);
        assert_true(mirror_nodes >= 1);
    }
}

static void test_nodes_are_the_textbook_tree(void **state)
{
    (void)state;
    for (int n = 1; n <= SIMPLE_MAX_NODES_N; n++) {
        nq_trace_stats stats;
        assert_int_equal(nq_trace(n, NULL, NULL, &stats), NQ_OK);
        uint64_t nodes = 0;
        assert_int_equal(nq_count_bitboard(n, NULL, &nodes), NQ_OK);
        assert_int_equal(nodes, stats.placements);
        /* An even board's left half is exactly half the tree. */
        uint64_t mirror_nodes = 0;
        assert_int_equal(nq_count_bitboard_mirror(n, NULL, &mirror_nodes),
                         NQ_OK);
        if (n % 2 == 0)
            assert_int_equal(2 * mirror_nodes, nodes);
        else
            assert_true(2 * mirror_nodes > nodes && mirror_nodes <= nodes);
    }
}

static void test_bad_arguments(void **state)
{
    (void)state;
    uint64_t total = 5, nodes = 5;
    assert_int_equal(nq_count_bitboard(0, &total, &nodes), NQ_E_RANGE);
    assert_int_equal(total, 0);
    assert_int_equal(nodes, 0);
    total = nodes = 5;
    assert_int_equal(nq_count_bitboard_mirror(NQ_MAX_N + 1, &total, &nodes),
                     NQ_E_RANGE);
    assert_int_equal(total, 0);
    assert_int_equal(nodes, 0);
    assert_int_equal(nq_count_bitboard(-1, NULL, NULL), NQ_E_RANGE);
    assert_int_equal(nq_count_bitboard_mirror(0, NULL, NULL), NQ_E_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_totals_against_published),
        cmocka_unit_test(test_nodes_are_the_textbook_tree),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
