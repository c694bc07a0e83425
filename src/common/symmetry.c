/*
 * symmetry.c - the 8 symmetries of the square acting on placements, the
 * canonical form of a class (its lexicographically smallest vector) and
 * the size of a class.
 *
 * A placement with one queen per row and per column is a permutation, and
 * every image can be read off it or off its inverse (inv[c] = the row of
 * the queen in column c): the transforms that swap rows and columns are
 * the ones that need the inverse. Element i of each image is computed on
 * its own, so a comparison stops at the first element that differs, which
 * for most placements is the first one.
 */
#include <stdbool.h>
#include <stdint.h>

#include "common/symmetry.h"
#include "nqueens.h"

/* Element i of the image of cols (inverse inv) under transform s. */
static int image_at(nq_symmetry s, const int *cols, const int *inv, int n,
                    int i)
{
    switch (s) {
    case NQ_SYM_IDENTITY:
        return cols[i];
    case NQ_SYM_ROT90: /* (r, c) -> (c, n-1-r) */
        return n - 1 - inv[i];
    case NQ_SYM_ROT180: /* (r, c) -> (n-1-r, n-1-c) */
        return n - 1 - cols[n - 1 - i];
    case NQ_SYM_ROT270: /* (r, c) -> (n-1-c, r) */
        return inv[n - 1 - i];
    case NQ_SYM_MIRROR: /* (r, c) -> (r, n-1-c) */
        return n - 1 - cols[i];
    case NQ_SYM_FLIP: /* (r, c) -> (n-1-r, c) */
        return cols[n - 1 - i];
    case NQ_SYM_DIAGONAL: /* (r, c) -> (c, r) */
        return inv[i];
    case NQ_SYM_ANTIDIAGONAL: /* (r, c) -> (n-1-c, n-1-r) */
        return n - 1 - inv[n - 1 - i];
    }
    return -1;
}

/* Fills inv with the inverse of the permutation cols. */
static void invert(const int *cols, int n, int *inv)
{
    for (int r = 0; r < n; r++)
        inv[cols[r]] = r;
}

/* Compares the images of cols under a and b lexicographically. */
static int compare_images(nq_symmetry a, nq_symmetry b, const int *cols,
                          const int *inv, int n)
{
    for (int i = 0; i < n; i++) {
        int x = image_at(a, cols, inv, n, i);
        int y = image_at(b, cols, inv, n, i);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

/* Checks the public calls' preconditions: n in range, cols a permutation. */
static int check_permutation(const int *cols, int n)
{
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if (cols == NULL)
        return NQ_E_INVAL;
    uint64_t seen = 0;
    for (int r = 0; r < n; r++) {
        if (cols[r] < 0 || cols[r] >= n)
            return NQ_E_INVAL;
        uint64_t bit = (uint64_t)1 << cols[r];
        if (seen & bit)
            return NQ_E_INVAL;
        seen |= bit;
    }
    return NQ_OK;
}

bool nq__symmetry_is_canonical(const int *cols, int n)
{
    int inv[NQ_MAX_N];
    invert(cols, n, inv);
    for (int s = 1; s < NQ_SYMMETRY_COUNT; s++) {
        if (compare_images((nq_symmetry)s, NQ_SYM_IDENTITY, cols, inv, n) < 0)
            return false;
    }
    return true;
}

int nq_transform(nq_symmetry s, const int *cols, int n, int *out)
{
    int rc = check_permutation(cols, n);
    if (rc != NQ_OK)
        return rc;
    if (out == NULL || (int)s < 0 || (int)s >= NQ_SYMMETRY_COUNT)
        return NQ_E_INVAL;
    int inv[NQ_MAX_N], image[NQ_MAX_N];
    invert(cols, n, inv);
    for (int i = 0; i < n; i++)
        image[i] = image_at(s, cols, inv, n, i);
    /* Written last, so that out may be cols itself. */
    for (int i = 0; i < n; i++)
        out[i] = image[i];
    return NQ_OK;
}

int nq_canonical(const int *cols, int n, int *out, int *class_size)
{
    int rc = check_permutation(cols, n);
    if (rc != NQ_OK)
        return rc;
    int inv[NQ_MAX_N];
    invert(cols, n, inv);
    nq_symmetry smallest = NQ_SYM_IDENTITY;
    int fixed = 0; /* transforms that leave cols unchanged */
    for (int s = 0; s < NQ_SYMMETRY_COUNT; s++) {
        if (compare_images((nq_symmetry)s, NQ_SYM_IDENTITY, cols, inv, n) == 0)
            fixed++;
        if (compare_images((nq_symmetry)s, smallest, cols, inv, n) < 0)
            smallest = (nq_symmetry)s;
    }
    if (out != NULL) {
        int image[NQ_MAX_N];
        for (int i = 0; i < n; i++)
            image[i] = image_at(smallest, cols, inv, n, i);
        for (int i = 0; i < n; i++)
            out[i] = image[i];
    }
    /* The class is the orbit: 8 divided by the size of the stabiliser. */
    if (class_size != NULL)
        *class_size = NQ_SYMMETRY_COUNT / fixed;
    return NQ_OK;
}

int nq_class_size(const int *cols, int n)
{
    int size = 0;
    int rc = nq_canonical(cols, n, NULL, &size);
    return rc != NQ_OK ? rc : size;
}

int nq_is_canonical(const int *cols, int n)
{
    int rc = check_permutation(cols, n);
    if (rc != NQ_OK)
        return rc;
    return nq__symmetry_is_canonical(cols, n) ? 1 : 0;
}
