/*
 * test_verify.c - the O(n) verifier against independent oracles: on every
 * placement of up to 7 queens (one per row, any columns) it must agree with
 * the tests' own O(n^2) checker, accept exactly the published number of
 * solutions and exactly those the textbook algorithm lists; on random
 * placements, partial ones included, its pair totals and its listing must
 * match a brute-force count of attacking pairs.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The pairs of a placement by brute force, in nq_verify's order. */
struct pair {
    int a, b;
    nq_line_kind kind;
};

static size_t brute_pairs(const int *cols, int n, struct pair *out,
                          uint64_t per_kind[3])
{
    size_t count = 0;
    per_kind[0] = per_kind[1] = per_kind[2] = 0;
    for (int b = 0; b < n; b++) {
        if (cols[b] < 0)
            continue;
        for (int kind = 0; kind < 3; kind++) {
            for (int a = 0; a < b; a++) {
                if (cols[a] < 0)
                    continue;
                bool same = kind == 0   ? cols[a] == cols[b]
                            : kind == 1 ? a - cols[a] == b - cols[b]
                                        : a + cols[a] == b + cols[b];
                if (same) {
                    per_kind[kind]++;
                    if (out != NULL)
                        out[count] = (struct pair){a, b, (nq_line_kind)kind};
                    count++;
                }
            }
        }
    }
    return count;
}

struct listing {
    struct pair *pairs;
    size_t count;
    size_t stop_after; /* 0: never */
};

static int record(int a, int b, nq_line_kind kind, void *user)
{
    struct listing *l = user;
    l->pairs[l->count++] = (struct pair){a, b, kind};
    return l->stop_after != 0 && l->count == l->stop_after;
}

/* Every placement with one queen per row, n = 1..7 (n^n of them). */
static void test_all_placements_small(void **state)
{
    (void)state;
    for (int n = 1; n <= 7; n++) {
        int cols[7] = {0};
        uint64_t accepted = 0;
        uint64_t fingerprint = 0;
        for (;;) {
            nq_verify_result r;
            int rc = nq_verify(cols, n, NULL, NULL, &r);
            bool valid = test_is_solution(cols, n);
            assert_int_equal(rc, valid ? 0 : NQ_E_CONFLICT);
            assert_int_equal(r.pairs == 0, valid);
            if (valid) {
                accepted++;
                for (int i = 0; i < n; i++)
                    fingerprint = fingerprint * 31 + (uint64_t)cols[i];
            }
            int i = n - 1;
            while (i >= 0 && ++cols[i] == n)
                cols[i--] = 0;
            if (i < 0)
                break;
        }
        assert_int_equal(accepted, oeis_counts(n).total);
        (void)fingerprint;
    }
}

/* Every solution the textbook algorithm lists for n <= 10 is accepted; each
 * with two rows swapped or one queen moved is refused when the O(n^2)
 * checker refuses it. */
static int check_classic(const int *cols, int n, void *user)
{
    (void)user;
    int copy[NQ_MAX_N];
    assert_int_equal(nq_verify(cols, n, NULL, NULL, NULL), 0);
    for (int r = 0; r + 1 < n; r++) {
        memcpy(copy, cols, sizeof(int) * (size_t)n);
        copy[r] = cols[r + 1];
        copy[r + 1] = cols[r];
        int rc = nq_verify(copy, n, NULL, NULL, NULL);
        assert_int_equal(rc, test_is_solution(copy, n) ? 0 : NQ_E_CONFLICT);
        memcpy(copy, cols, sizeof(int) * (size_t)n);
        copy[r] = (cols[r] + 1) % n;
        rc = nq_verify(copy, n, NULL, NULL, NULL);
        assert_int_equal(rc, test_is_solution(copy, n) ? 0 : NQ_E_CONFLICT);
    }
    return 0;
}

static void test_classic_solutions(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        uint64_t count = 0;
        assert_int_equal(
            nq_classic_solve(NQ_CLASSIC_ARRAYS, n, check_classic, NULL, &count),
            0);
        assert_int_equal(count, oeis_counts(n).total);
    }
}

/* Random placements (some rows empty): totals and listing by brute force. */
static void test_random_pairs(void **state)
{
    (void)state;
    uint64_t x = 0x853c49e6748fea9bu;
    struct pair *want = malloc(sizeof(struct pair) * 200 * 200 * 3);
    struct pair *got = malloc(sizeof(struct pair) * 200 * 200 * 3);
    int *cols = malloc(sizeof(int) * 200);
    assert_non_null(want);
    assert_non_null(got);
    assert_non_null(cols);
    for (int round = 0; round < 3000; round++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        int n = 1 + (int)((x >> 33) % 200);
        bool partial = (x >> 20) & 1;
        int spread =
            1 + (int)((x >> 40) % (uint64_t)n); /* few columns: many pairs */
        for (int r = 0; r < n; r++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            cols[r] = (int)((x >> 33) % (uint64_t)spread);
            if (partial && (x >> 50) % 4 == 0)
                cols[r] = -1;
        }
        uint64_t per_kind[3];
        size_t expected = brute_pairs(cols, n, want, per_kind);
        struct listing l = {.pairs = got};
        nq_verify_result r;
        int rc = nq_verify(cols, n, record, &l, &r);
        assert_int_equal(rc, expected == 0 ? 0 : NQ_E_CONFLICT);
        assert_int_equal(r.pairs, expected);
        assert_int_equal(r.column_pairs, per_kind[0]);
        assert_int_equal(r.diagonal_pairs, per_kind[1]);
        assert_int_equal(r.antidiagonal_pairs, per_kind[2]);
        assert_int_equal(l.count, expected);
        for (size_t k = 0; k < expected; k++) {
            assert_int_equal(got[k].a, want[k].a);
            assert_int_equal(got[k].b, want[k].b);
            assert_int_equal(got[k].kind, want[k].kind);
        }
        uint64_t empty = 0;
        int first_empty = -1;
        for (int i = 0; i < n; i++) {
            if (cols[i] == -1 && empty++ == 0)
                first_empty = i;
        }
        assert_int_equal(r.empty_rows, empty);
        assert_int_equal(r.first_empty_row, first_empty);

        /* Stopping after three: the totals stay whole. */
        if (expected > 3) {
            struct listing s = {.pairs = got, .stop_after = 3};
            assert_int_equal(nq_verify(cols, n, record, &s, &r), NQ_E_STOPPED);
            assert_int_equal(s.count, 3);
            assert_int_equal(r.pairs, expected);
        }
    }
    free(want);
    free(got);
    free(cols);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    int cols[4] = {1, 3, 0, 2};
    nq_verify_result r;
    assert_int_equal(nq_verify(cols, 4, NULL, NULL, &r), 0);
    assert_int_equal(r.empty_rows, 0);
    assert_int_equal(r.first_empty_row, -1);
    assert_int_equal(nq_verify(cols, 0, NULL, NULL, &r), NQ_E_RANGE);
    assert_int_equal(nq_verify(NULL, 4, NULL, NULL, &r), NQ_E_INVAL);
    cols[2] = 4;
    assert_int_equal(nq_verify(cols, 4, NULL, NULL, &r), NQ_E_INVAL);
    cols[2] = -2;
    assert_int_equal(nq_verify(cols, 4, NULL, NULL, &r), NQ_E_INVAL);
    assert_int_equal(r.pairs, 0);
    cols[2] = -1; /* a partial board without attacks */
    assert_int_equal(nq_verify(cols, 4, NULL, NULL, &r), 0);
    assert_int_equal(r.empty_rows, 1);
    assert_int_equal(r.first_empty_row, 2);
}

/* One queen per column on a long diagonal: n - 1 pairs per... all pairs. */
static void test_large_conflicts(void **state)
{
    (void)state;
    const int n = 1000000;
    int *cols = malloc(sizeof(int) * (size_t)n);
    assert_non_null(cols);
    for (int r = 0; r < n; r++)
        cols[r] = r; /* every queen on the main diagonal */
    struct pair got[10];
    struct listing l = {.pairs = got, .stop_after = 10};
    nq_verify_result res;
    assert_int_equal(nq_verify(cols, n, record, &l, &res), NQ_E_STOPPED);
    assert_int_equal(res.pairs, (uint64_t)n * (n - 1) / 2);
    assert_int_equal(res.diagonal_pairs, res.pairs);
    /* Ordered by the later row, then the earlier. */
    const struct pair first[4] = {{0, 1, NQ_LINE_DIAGONAL},
                                  {0, 2, NQ_LINE_DIAGONAL},
                                  {1, 2, NQ_LINE_DIAGONAL},
                                  {0, 3, NQ_LINE_DIAGONAL}};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(got[k].a, first[k].a);
        assert_int_equal(got[k].b, first[k].b);
        assert_int_equal(got[k].kind, first[k].kind);
    }
    free(cols);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_all_placements_small),
        cmocka_unit_test(test_classic_solutions),
        cmocka_unit_test(test_random_pairs),
        cmocka_unit_test(test_large_conflicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
