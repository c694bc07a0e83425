/*
 * test_solve_join.c - the meet-in-the-middle enumeration (solve_join.h)
 * against the references: the textbook oracle for every n it serves up to
 * 11 (the same solutions in the same order, whole or split by prefix, with
 * the first row limited as the unique search limits it), and the plain
 * bitboard search below deep prefixes for n = 17, 18 and 20, where the
 * filter leaves diagonal bits to the rest. The bulk fill against the
 * same references, alone and mixed with single steps; tables built on
 * several threads against one; the order of the packed ranks in a group.
 * The vector scans against the plain one on random words.
 */
#include "common/kernel.h"
#include "oracle.h"
#include "solve/solve_join.h"

#define JOIN_MAX_ORACLE_N 11

/* Everything a walk yields from a start, appended to `out`. */
static void walk_into(struct placements *out, const struct solve_join *j,
                      const int *prefix, int base, uint64_t first_row)
{
    struct solve_join_walk w;
    assert_int_equal(nq__solve_join_walk_start(&w, j, prefix, base, first_row),
                     NQ_OK);
    int rc;
    while ((rc = nq__solve_join_walk_next(&w)) == 1)
        placements_add(w.cols, j->n, out);
    assert_int_equal(rc, 0);
    assert_int_equal(nq__solve_join_walk_next(&w), 0); /* stays exhausted */
    nq__solve_join_walk_free(&w);
}

/* Everything a walk yields through nq__solve_join_walk_fill(), `max` at a
 * time; every third call is a single nq__solve_join_walk_next() instead when
 * `mixed`. Appended to `out`. */
static void fill_into(struct placements *out, const struct solve_join *j,
                      const int *prefix, int base, uint64_t first_row,
                      size_t max, bool mixed)
{
    const int n = j->n;
    struct solve_join_walk w;
    assert_int_equal(nq__solve_join_walk_start(&w, j, prefix, base, first_row),
                     NQ_OK);
    unsigned char *bytes = malloc(max * (size_t)n);
    assert_non_null(bytes);
    for (int call = 0;; call++) {
        if (mixed && call % 3 == 2) {
            int rc = nq__solve_join_walk_next(&w);
            assert_true(rc == 0 || rc == 1);
            if (rc == 0)
                break;
            placements_add(w.cols, n, out);
            continue;
        }
        long got = nq__solve_join_walk_fill(&w, bytes, max);
        assert_true(got >= 0 && (size_t)got <= max);
        for (long i = 0; i < got; i++) {
            int cols[NQ_MAX_N];
            for (int r = 0; r < n; r++)
                cols[r] = bytes[(size_t)i * (size_t)n + (size_t)r];
            placements_add(cols, n, out);
        }
        if ((size_t)got < max)
            break;
    }
    assert_int_equal(nq__solve_join_walk_fill(&w, bytes, max),
                     0); /* exhausted */
    free(bytes);
    nq__solve_join_walk_free(&w);
}

/* Everything the plain search yields below a prefix, appended to out. */
static void kernel_into(struct placements *out, int n, const int *prefix,
                        int base, uint64_t first_row)
{
    struct kernel k;
    assert_int_equal(nq__kernel_start(&k, n, prefix, base, n, first_row),
                     NQ_OK);
    while (nq__kernel_next(&k))
        placements_add(k.cols, n, out);
}

static void test_small_n_is_left_to_the_plain_search(void **state)
{
    (void)state;
    struct solve_join j;
    for (int n = 1; n < SOLVE_JOIN_MIN_N; n++) {
        assert_int_equal(nq__solve_join_build(&j, n, 1), 1);
        nq__solve_join_free(&j);
    }
    assert_int_equal(nq__solve_join_build(&j, SOLVE_JOIN_MAX_N + 1, 1), 1);
    nq__solve_join_free(&j);
}

static void test_whole_enumeration_matches_oracle(void **state)
{
    (void)state;
    for (int n = SOLVE_JOIN_MIN_N; n <= JOIN_MAX_ORACLE_N; n++) {
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 1), NQ_OK);
        assert_true(j.bottom_rows >= 1 && j.top_rows >= 1);
        assert_int_equal(j.top_rows + j.bottom_rows, n);
        struct placements oracle = oracle_solutions(n);
        struct placements got = {.n = n};
        walk_into(&got, &j, NULL, 0, ~(uint64_t)0);
        assert_same_sequence(&oracle, &got);
        placements_free(&oracle);
        placements_free(&got);
        nq__solve_join_free(&j);
    }
}

static void test_prefixes_end_to_end_match_oracle(void **state)
{
    (void)state;
    for (int n = SOLVE_JOIN_MIN_N; n <= JOIN_MAX_ORACLE_N; n++) {
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 1), NQ_OK);
        struct placements oracle = oracle_solutions(n);
        /* Every depth a walk may start from, the top rows included. */
        for (int depth = 1; depth <= j.top_rows; depth++) {
            struct placements got = {.n = n};
            struct kernel prefixes;
            assert_int_equal(
                nq__kernel_start(&prefixes, n, NULL, 0, depth, ~(uint64_t)0),
                NQ_OK);
            while (nq__kernel_next(&prefixes))
                walk_into(&got, &j, prefixes.cols, depth, ~(uint64_t)0);
            assert_same_sequence(&oracle, &got);
            placements_free(&got);
        }
        placements_free(&oracle);
        nq__solve_join_free(&j);
    }
}

static void test_first_row_limit_matches_oracle(void **state)
{
    (void)state;
    for (int n = SOLVE_JOIN_MIN_N; n <= JOIN_MAX_ORACLE_N; n++) {
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 1), NQ_OK);
        struct placements oracle = oracle_solutions(n);
        const int last = (n - 1) / 2; /* the left half, as --unique */
        struct placements want = {.n = n};
        for (size_t i = 0; i < oracle.count; i++)
            if (placement_at(&oracle, i)[0] <= last)
                placements_add(placement_at(&oracle, i), n, &want);
        struct placements got = {.n = n};
        walk_into(&got, &j, NULL, 0, ((uint64_t)1 << (last + 1)) - 1);
        assert_same_sequence(&want, &got);
        placements_free(&got);
        placements_free(&want);
        placements_free(&oracle);
        nq__solve_join_free(&j);
    }
}

/* The first `most` different prefixes of `depth` rows of the plain
 * search's solutions, in order (most prefixes that deep lead nowhere);
 * with edge_row >= 0 only those whose solution has its queen of that row
 * in the first or the last column. Returns how many it found. */
static int first_prefixes(int n, int depth, int edge_row, int most,
                          int prefixes[][NQ_MAX_N])
{
    struct kernel search;
    assert_int_equal(nq__kernel_start(&search, n, NULL, 0, n, ~(uint64_t)0),
                     NQ_OK);
    int kept = 0;
    while (kept < most && nq__kernel_next(&search)) {
        int edge = edge_row >= 0 ? search.cols[edge_row] : 0;
        if ((edge != 0 && edge != n - 1) ||
            (kept > 0 && memcmp(prefixes[kept - 1], search.cols,
                                sizeof(int) * (size_t)depth) == 0))
            continue;
        memcpy(prefixes[kept++], search.cols, sizeof(int) * (size_t)depth);
    }
    return kept;
}

/* Big n, where the rest holds diagonal bits: below prefixes three rows
 * short of the top rows, walk and plain search agree. */
static void test_big_n_matches_plain_search(void **state)
{
    (void)state;
    static const int sizes[] = {17, 18, 20};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const int n = sizes[s];
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 1), NQ_OK);
        assert_true(j.shift > 0);
        const int depth = j.top_rows - 3;
        /* Prefixes whose last top row holds a queen in the first or the
         * last column: its diagonals reach row a in the bits that the
         * filter leaves to the rest. */
        int prefixes[20][NQ_MAX_N];
        int count = first_prefixes(n, depth, j.top_rows - 1, 20, prefixes);
        struct placements want = {.n = n}, got = {.n = n};
        for (int k = 0; k < count; k++) {
            kernel_into(&want, n, prefixes[k], depth, ~(uint64_t)0);
            walk_into(&got, &j, prefixes[k], depth, ~(uint64_t)0);
        }
        assert_true(want.count > 0);
        assert_same_sequence(&want, &got);
        placements_free(&want);
        placements_free(&got);
        nq__solve_join_free(&j);
    }
}

static void test_fill_matches_oracle(void **state)
{
    (void)state;
    static const size_t maxes[] = {1, 2, 7, 1000};
    for (int n = SOLVE_JOIN_MIN_N; n <= JOIN_MAX_ORACLE_N; n++) {
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 1), NQ_OK);
        struct placements oracle = oracle_solutions(n);
        for (size_t m = 0; m < 4; m++) {
            for (int mixed = 0; mixed <= 1; mixed++) {
                struct placements got = {.n = n};
                fill_into(&got, &j, NULL, 0, ~(uint64_t)0, maxes[m], mixed);
                assert_same_sequence(&oracle, &got);
                placements_free(&got);
            }
        }
        /* Below every prefix of the top rows but the last. */
        const int depth = j.top_rows > 1 ? j.top_rows - 1 : 1;
        struct placements got = {.n = n};
        struct kernel prefixes;
        assert_int_equal(
            nq__kernel_start(&prefixes, n, NULL, 0, depth, ~(uint64_t)0),
            NQ_OK);
        while (nq__kernel_next(&prefixes))
            fill_into(&got, &j, prefixes.cols, depth, ~(uint64_t)0, 5, true);
        assert_same_sequence(&oracle, &got);
        placements_free(&got);
        placements_free(&oracle);
        nq__solve_join_free(&j);
    }
}

/* Big n through the fill, below the first prefixes three rows short of
 * the top rows that have solutions, against the plain search. */
static void test_big_n_fill_matches_plain_search(void **state)
{
    (void)state;
    static const int sizes[] = {17, 18, 20};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const int n = sizes[s];
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 2), NQ_OK);
        const int depth = j.top_rows - 3;
        int prefixes[8][NQ_MAX_N];
        int count = first_prefixes(n, depth, -1, 8, prefixes);
        struct placements want = {.n = n}, got = {.n = n};
        for (int k = 0; k < count; k++) {
            kernel_into(&want, n, prefixes[k], depth, ~(uint64_t)0);
            fill_into(&got, &j, prefixes[k], depth, ~(uint64_t)0, 3,
                      (k + 1) % 2);
        }
        assert_true(want.count > 0);
        assert_same_sequence(&want, &got);
        placements_free(&want);
        placements_free(&got);
        nq__solve_join_free(&j);
    }
}

/* One walk restarted below every prefix, each left after a few of its
 * solutions every other time and walked again whole: the oracle's
 * sequence. */
static void test_restart_keeps_nothing_but_room(void **state)
{
    (void)state;
    for (int n = SOLVE_JOIN_MIN_N; n <= JOIN_MAX_ORACLE_N; n++) {
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 1), NQ_OK);
        struct placements oracle = oracle_solutions(n);
        struct placements got = {.n = n};
        const int depth = j.top_rows > 2 ? j.top_rows - 2 : 1;
        struct kernel prefixes;
        assert_int_equal(
            nq__kernel_start(&prefixes, n, NULL, 0, depth, ~(uint64_t)0),
            NQ_OK);
        struct solve_join_walk w;
        bool started = false;
        unsigned char bytes[3 * NQ_MAX_N];
        for (int p = 0; nq__kernel_next(&prefixes); p++) {
            for (int pass = p % 2; pass < 2; pass++) {
                int rc =
                    started ? nq__solve_join_walk_restart(&w, &j, prefixes.cols,
                                                          depth, ~(uint64_t)0)
                            : nq__solve_join_walk_start(&w, &j, prefixes.cols,
                                                        depth, ~(uint64_t)0);
                assert_int_equal(rc, NQ_OK);
                started = true;
                if (pass == 0) { /* a few, then left */
                    assert_true(nq__solve_join_walk_fill(&w, bytes, 3) >= 0);
                    continue;
                }
                long got_now;
                do {
                    got_now = nq__solve_join_walk_fill(&w, bytes, 3);
                    assert_true(got_now >= 0);
                    for (long i = 0; i < got_now; i++) {
                        int cols[NQ_MAX_N];
                        for (int r = 0; r < n; r++)
                            cols[r] = bytes[(size_t)i * (size_t)n + (size_t)r];
                        placements_add(cols, n, &got);
                    }
                } while (got_now == 3);
            }
        }
        if (started)
            nq__solve_join_walk_free(&w);
        assert_same_sequence(&oracle, &got);
        placements_free(&got);
        placements_free(&oracle);
        nq__solve_join_free(&j);
    }
}

static void test_table_same_on_any_threads(void **state)
{
    (void)state;
    for (int n = SOLVE_JOIN_MIN_N; n <= 13; n++) {
        struct solve_join one;
        assert_int_equal(nq__solve_join_build(&one, n, 1), NQ_OK);
        for (int threads = 2; threads <= 3; threads++) {
            struct solve_join many;
            assert_int_equal(nq__solve_join_build(&many, n, threads), NQ_OK);
            assert_int_equal(many.count, one.count);
            assert_int_equal(many.top_rows, one.top_rows);
            assert_memory_equal(many.offsets, one.offsets,
                                (((size_t)1 << n) + 1) * sizeof *one.offsets);
            assert_memory_equal(many.filters, one.filters,
                                one.count * sizeof *one.filters);
            assert_memory_equal(many.rests, one.rests,
                                one.count * sizeof *one.rests);
            nq__solve_join_free(&many);
        }
        nq__solve_join_free(&one);
    }
}

/* The packed ranks of a group's bottoms grow with the group's order
 * (row a's rank highest), and say the bottom's columns: one of each
 * column of the group. */
static void test_ranks_grow_in_a_group(void **state)
{
    (void)state;
    for (int n = SOLVE_JOIN_MIN_N; n <= 12; n++) {
        struct solve_join j;
        assert_int_equal(nq__solve_join_build(&j, n, 1), NQ_OK);
        const int shift = 2 * j.shift;
        for (uint32_t set = 0; set < ((uint32_t)1 << n); set++) {
            for (uint32_t e = j.offsets[set]; e < j.offsets[set + 1]; e++) {
                uint32_t ranks = j.rests[e] >> shift;
                if (e > j.offsets[set])
                    assert_true((j.rests[e - 1] >> shift) < ranks);
                uint32_t seen = 0;
                for (int k = 0; k < j.bottom_rows; k++, ranks >>= 3)
                    seen |= 1u << (ranks & 7);
                assert_int_equal(seen, (1u << j.bottom_rows) - 1);
                assert_int_equal(__builtin_popcount(set), j.bottom_rows);
            }
        }
        nq__solve_join_free(&j);
    }
}

static void test_scans_agree(void **state)
{
    (void)state;
    solve_join_scan_fn scan = nq__solve_join_pick_scan();
    /* Up to 15 tops: every mix of the vector scan's steps of 8, 4, 2, 1. */
    enum { most = 15 };
    uint32_t e[SOLVE_JOIN_BLOCK], words[most], ids[most];
    static uint64_t want[SOLVE_JOIN_BLOCK * most], got[SOLVE_JOIN_BLOCK * most];
    for (int t = 0; t < most; t++)
        ids[t] = (uint32_t)((t * 7 + 3) % most); /* not in order */
    uint32_t x = 12345;
    for (int round = 0; round < 200; round++) {
        /* Sparse random words, so that some pairs share no bit. */
        for (int i = 0; i < SOLVE_JOIN_BLOCK; i++) {
            x = x * 1103515245u + 12345u;
            uint32_t a = x;
            x = x * 1103515245u + 12345u;
            e[i] = a & x;
        }
        for (int t = 0; t < most; t++) {
            x = x * 1103515245u + 12345u;
            uint32_t a = x;
            x = x * 1103515245u + 12345u;
            words[t] = a & x;
        }
        int count = 1 + round % SOLVE_JOIN_BLOCK;
        int ntops = 1 + round % most;
        size_t nw =
            nq__solve_join_scan_plain(e, count, 100, words, ids, ntops, want);
        size_t ng = scan(e, count, 100, words, ids, ntops, got);
        assert_int_equal(ng, nw);
        /* Per top, the same entries in the same order. */
        for (int t = 0; t < ntops; t++) {
            size_t a = 0, b = 0;
            for (;;) {
                while (a < nw && (want[a] >> 32) != ids[t])
                    a++;
                while (b < ng && (got[b] >> 32) != ids[t])
                    b++;
                if (a == nw || b == ng)
                    break;
                assert_int_equal(want[a], got[b]);
                a++;
                b++;
            }
            assert_true(a == nw && b == ng);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_n_is_left_to_the_plain_search),
        cmocka_unit_test(test_whole_enumeration_matches_oracle),
        cmocka_unit_test(test_prefixes_end_to_end_match_oracle),
        cmocka_unit_test(test_first_row_limit_matches_oracle),
        cmocka_unit_test(test_big_n_matches_plain_search),
        cmocka_unit_test(test_fill_matches_oracle),
        cmocka_unit_test(test_big_n_fill_matches_plain_search),
        cmocka_unit_test(test_restart_keeps_nothing_but_room),
        cmocka_unit_test(test_table_same_on_any_threads),
        cmocka_unit_test(test_ranks_grow_in_a_group),
        cmocka_unit_test(test_scans_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
