/*
 * test_kernel.c - the bitboard iterator against the textbook oracle: the
 * same solutions in the same order, and the same again when the search is
 * split into subproblems by prefix and the parts are put end to end; the
 * counted form yields the same while it pauses, and counts the queens of
 * the plain bitboard tree.
 */
#define NQ_EXPERIMENTAL /* nq_count_bitboard*(): part 5 of nqueens.h */
#include "common/kernel.h"
#include "oracle.h"

#define KERNEL_MAX_TESTED_N 10

/* Everything the iterator yields from a start, appended to `out`. */
static void collect_from(struct placements *out, int n, const int *prefix,
                         int base, int target, uint64_t first_row)
{
    struct kernel k;
    assert_int_equal(nq__kernel_start(&k, n, prefix, base, target, first_row),
                     NQ_OK);
    while (nq__kernel_next(&k))
        placements_add(k.cols, n, out);
    assert_false(nq__kernel_next(&k)); /* stays exhausted */
}

static void test_whole_search_matches_oracle(void **state)
{
    (void)state;
    for (int n = 1; n <= KERNEL_MAX_TESTED_N; n++) {
        struct placements oracle = oracle_solutions(n);
        struct placements got = {.n = n};
        collect_from(&got, n, NULL, 0, n, ~(uint64_t)0);
        assert_same_sequence(&oracle, &got);
        assert_int_equal(got.count, oeis_counts(n).total);
        placements_free(&oracle);
        placements_free(&got);
    }
}

/* True when the first `rows` queens of cols attack no one. */
static bool partial_ok(const int *cols, int rows, int n)
{
    for (int a = 0; a < rows; a++) {
        if (cols[a] < 0 || cols[a] >= n)
            return false;
        for (int b = a + 1; b < rows; b++) {
            if (cols[a] == cols[b] || abs(cols[a] - cols[b]) == b - a)
                return false;
        }
    }
    return true;
}

static void test_split_by_prefix_matches_oracle(void **state)
{
    (void)state;
    for (int n = 1; n <= KERNEL_MAX_TESTED_N; n++) {
        struct placements oracle = oracle_solutions(n);
        for (int depth = 0; depth <= 3 && depth <= n; depth++) {
            struct placements got = {.n = n};
            struct kernel prefixes;
            assert_int_equal(
                nq__kernel_start(&prefixes, n, NULL, 0, depth, ~(uint64_t)0),
                NQ_OK);
            int previous[NQ_MAX_N];
            bool first = true;
            while (nq__kernel_next(&prefixes)) {
                assert_true(partial_ok(prefixes.cols, depth, n));
                /* Prefixes come in strictly increasing order. */
                if (!first)
                    assert_true(memcmp(previous, prefixes.cols,
                                       sizeof(int) * (size_t)depth) != 0);
                for (int r = 0; r < depth && !first; r++) {
                    if (previous[r] != prefixes.cols[r]) {
                        assert_true(previous[r] < prefixes.cols[r]);
                        break;
                    }
                }
                memcpy(previous, prefixes.cols, sizeof(int) * (size_t)depth);
                first = false;
                collect_from(&got, n, prefixes.cols, depth, n, ~(uint64_t)0);
            }
            assert_same_sequence(&oracle, &got);
            placements_free(&got);
        }
        placements_free(&oracle);
    }
}

static void test_first_row_columns(void **state)
{
    (void)state;
    /* Only columns 0 and 1 in row 0: the oracle's solutions that start so. */
    const int n = 8;
    struct placements oracle = oracle_solutions(n);
    struct placements got = {.n = n};
    collect_from(&got, n, NULL, 0, n, 3);
    size_t expected = 0;
    for (size_t i = 0; i < oracle.count; i++) {
        if (placement_at(&oracle, i)[0] <= 1) {
            assert_memory_equal(placement_at(&oracle, i),
                                placement_at(&got, expected), sizeof(int) * n);
            expected++;
        }
    }
    assert_int_equal(got.count, expected);
    placements_free(&oracle);
    placements_free(&got);
}

static void test_bad_starts(void **state)
{
    (void)state;
    struct kernel k;
    const int attacking[2] = {0, 1}; /* on one diagonal */
    const int same_column[2] = {3, 3};
    const int off_board[1] = {8};
    assert_int_equal(nq__kernel_start(&k, 0, NULL, 0, 0, ~(uint64_t)0),
                     NQ_E_RANGE);
    assert_int_equal(
        nq__kernel_start(&k, NQ_MAX_N + 1, NULL, 0, 1, ~(uint64_t)0),
        NQ_E_RANGE);
    assert_int_equal(nq__kernel_start(&k, 8, attacking, 2, 8, ~(uint64_t)0),
                     NQ_E_INVAL);
    assert_false(nq__kernel_next(&k));
    assert_int_equal(nq__kernel_start(&k, 8, same_column, 2, 8, ~(uint64_t)0),
                     NQ_E_INVAL);
    assert_int_equal(nq__kernel_start(&k, 8, off_board, 1, 8, ~(uint64_t)0),
                     NQ_E_INVAL);
    assert_int_equal(nq__kernel_start(&k, 8, NULL, 3, 2, ~(uint64_t)0),
                     NQ_E_INVAL);
    assert_int_equal(nq__kernel_start(&k, 8, NULL, 0, 9, ~(uint64_t)0),
                     NQ_E_INVAL);
}

static void test_complete_prefix_yields_itself(void **state)
{
    (void)state;
    const int solution[8] = {0, 4, 7, 5, 2, 6, 1, 3};
    struct kernel k;
    assert_int_equal(nq__kernel_start(&k, 8, solution, 8, 8, ~(uint64_t)0),
                     NQ_OK);
    assert_true(nq__kernel_next(&k));
    assert_memory_equal(k.cols, solution, sizeof solution);
    assert_false(nq__kernel_next(&k));
}

static void test_widest_board(void **state)
{
    (void)state;
    /* n = 64 uses every bit of the masks: prefixes of 3 rows are valid,
     * increasing, and as many as a direct count says. */
    const int n = NQ_MAX_N;
    struct kernel k;
    assert_int_equal(nq__kernel_start(&k, n, NULL, 0, 3, ~(uint64_t)0), NQ_OK);
    uint64_t count = 0;
    while (nq__kernel_next(&k)) {
        assert_true(partial_ok(k.cols, 3, n));
        count++;
    }
    uint64_t expected = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int c = 0; c < n; c++) {
                int cols[3] = {a, b, c};
                expected += partial_ok(cols, 3, n);
            }
    assert_int_equal(count, expected);
    /* Twelve rows of the widest board below a queen in the last column. */
    const int prefix[2] = {63, 0};
    assert_int_equal(nq__kernel_start(&k, n, prefix, 2, 12, ~(uint64_t)0),
                     NQ_OK);
    assert_true(nq__kernel_next(&k));
    assert_true(partial_ok(k.cols, 12, n));
    assert_int_equal(k.cols[0], 63);
}

static void test_counted_pauses_and_counts(void **state)
{
    (void)state;
    /* Pausing every `every` queens changes nothing in the sequence, and the
     * queens placed add up to the nodes of nq_count_bitboard(): both count
     * every column taken, the last row's and the dead ends included. */
    const uint64_t every_of[] = {1, 7, 1000, UINT64_MAX};
    for (int n = 1; n <= KERNEL_MAX_TESTED_N; n++) {
        struct placements plain = {.n = n};
        collect_from(&plain, n, NULL, 0, n, ~(uint64_t)0);
        uint64_t total = 0, nodes = 0;
        assert_int_equal(nq_count_bitboard(n, &total, &nodes), NQ_OK);
        for (size_t e = 0; e < sizeof every_of / sizeof *every_of; e++) {
            const uint64_t every = every_of[e];
            struct placements got = {.n = n};
            struct kernel k;
            assert_int_equal(nq__kernel_start(&k, n, NULL, 0, n, ~(uint64_t)0),
                             NQ_OK);
            uint64_t placed = 0, pauses = 0;
            for (;;) {
                uint64_t limit = every == UINT64_MAX
                                     ? UINT64_MAX
                                     : (placed / every + 1) * every;
                enum kernel_stop stop =
                    nq__kernel_next_counted(&k, &placed, limit);
                if (stop == KERNEL_EXHAUSTED)
                    break;
                if (stop == KERNEL_PAUSED) {
                    assert_int_equal(placed % every, 0);
                    pauses++;
                    continue;
                }
                placements_add(k.cols, n, &got);
            }
            assert_same_sequence(&plain, &got);
            assert_int_equal(placed, nodes);
            /* Every queen but those of a solution is followed by a pause
             * (the search goes on), except the last one placed. */
            if (every == 1)
                assert_true(pauses + total + 1 >= nodes && pauses <= nodes);
            placements_free(&got);
        }
        placements_free(&plain);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_search_matches_oracle),
        cmocka_unit_test(test_split_by_prefix_matches_oracle),
        cmocka_unit_test(test_first_row_columns),
        cmocka_unit_test(test_bad_starts),
        cmocka_unit_test(test_complete_prefix_yields_itself),
        cmocka_unit_test(test_widest_board),
        cmocka_unit_test(test_counted_pauses_and_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
