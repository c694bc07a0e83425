/*
 * oracle.h - the textbook algorithm's solutions collected in memory, and
 * the symmetries of the square done the plain way (moving each queen's
 * point): the references that the solution engines' tests compare
 * against. Header-only, so that the tests that need it include it.
 */
#ifndef NQ_TEST_ORACLE_H
#define NQ_TEST_ORACLE_H

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* A sequence of placements of one n, n ints each. */
struct placements {
    int n;
    size_t count;
    size_t capacity;
    int *cols;
};

static inline int placements_add(const int *cols, int n, void *user)
{
    struct placements *p = user;
    assert_int_equal(n, p->n);
    if (p->count == p->capacity) {
        p->capacity = p->capacity ? 2 * p->capacity : 64;
        p->cols = realloc(p->cols, p->capacity * (size_t)n * sizeof(int));
        assert_non_null(p->cols);
    }
    memcpy(p->cols + p->count * (size_t)n, cols, (size_t)n * sizeof(int));
    p->count++;
    return 0;
}

static inline const int *placement_at(const struct placements *p, size_t i)
{
    return p->cols + i * (size_t)p->n;
}

static inline void placements_free(struct placements *p)
{
    free(p->cols);
    memset(p, 0, sizeof *p);
}

/* Every solution of n by the textbook arrays algorithm, in its order. */
static inline struct placements oracle_solutions(int n)
{
    struct placements p = {.n = n};
    uint64_t count = 0;
    assert_int_equal(
        nq_classic_solve(NQ_CLASSIC_ARRAYS, n, placements_add, &p, &count),
        NQ_OK);
    assert_int_equal(count, p.count);
    return p;
}

/* Fails unless a and b hold the same placements in the same order. */
static inline void assert_same_sequence(const struct placements *a,
                                        const struct placements *b)
{
    assert_int_equal(a->n, b->n);
    assert_int_equal(a->count, b->count);
    if (a->count > 0)
        assert_memory_equal(a->cols, b->cols,
                            a->count * (size_t)a->n * sizeof(int));
}

/* The test's own transforms: where the square (r, c) goes. */
static inline void move_point(nq_symmetry s, int n, int r, int c, int *nr,
                              int *nc)
{
    int m = n - 1;
    switch (s) {
    case NQ_SYM_IDENTITY:
        *nr = r;
        *nc = c;
        break;
    case NQ_SYM_ROT90:
        *nr = c;
        *nc = m - r;
        break;
    case NQ_SYM_ROT180:
        *nr = m - r;
        *nc = m - c;
        break;
    case NQ_SYM_ROT270:
        *nr = m - c;
        *nc = r;
        break;
    case NQ_SYM_MIRROR:
        *nr = r;
        *nc = m - c;
        break;
    case NQ_SYM_FLIP:
        *nr = m - r;
        *nc = c;
        break;
    case NQ_SYM_DIAGONAL:
        *nr = c;
        *nc = r;
        break;
    case NQ_SYM_ANTIDIAGONAL:
        *nr = m - c;
        *nc = m - r;
        break;
    }
}

static inline void reference_transform(nq_symmetry s, const int *cols, int n,
                                       int *out)
{
    for (int r = 0; r < n; r++) {
        int nr = 0, nc = 0;
        move_point(s, n, r, cols[r], &nr, &nc);
        out[nr] = nc;
    }
}

/* The smallest image and the number of distinct images, by brute force. */
static inline void reference_canonical(const int *cols, int n, int *smallest,
                                       int *distinct)
{
    int images[NQ_SYMMETRY_COUNT][NQ_MAX_N];
    *distinct = 0;
    for (int s = 0; s < NQ_SYMMETRY_COUNT; s++) {
        reference_transform((nq_symmetry)s, cols, n, images[s]);
        bool seen = false;
        for (int t = 0; t < s && !seen; t++)
            seen = test_compare(images[t], images[s], n) == 0;
        *distinct += !seen;
        if (s == 0 || test_compare(images[s], smallest, n) < 0)
            memcpy(smallest, images[s], sizeof(int) * (size_t)n);
    }
}

#endif /* NQ_TEST_ORACLE_H */
