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
#include <stddef.h>
#include <stdint.h>

#include "common/symmetry.h"
#include "nqueens.h"

/* The 8 symmetries, each written once as three steps applied to a cell
 * (r, c) in this order: swap row and column, then reverse the row
 * (r -> n-1-r), then reverse the column (c -> n-1-c). The table is the one
 * definition; the comments give the map it makes. */
static const struct {
    bool swap;     /* (r, c) -> (c, r) first */
    bool flip_row; /* then r -> n-1-r */
    bool flip_col; /* then c -> n-1-c */
} steps[NQ_SYMMETRY_COUNT] = {
    [NQ_SYM_IDENTITY] = {false, false, false},  /* (r, c) */
    [NQ_SYM_ROT90] = {true, false, true},       /* (c, n-1-r) */
    [NQ_SYM_ROT180] = {false, true, true},      /* (n-1-r, n-1-c) */
    [NQ_SYM_ROT270] = {true, true, false},      /* (n-1-c, r) */
    [NQ_SYM_MIRROR] = {false, false, true},     /* (r, n-1-c) */
    [NQ_SYM_FLIP] = {false, true, false},       /* (n-1-r, c) */
    [NQ_SYM_DIAGONAL] = {true, false, false},   /* (c, r) */
    [NQ_SYM_ANTIDIAGONAL] = {true, true, true}, /* (n-1-c, n-1-r) */
};

void nq__symmetry_cell(nq_symmetry s, int n, int row, int col, int *out_row,
                       int *out_col)
{
    int r = steps[s].swap ? col : row;
    int c = steps[s].swap ? row : col;
    *out_row = steps[s].flip_row ? n - 1 - r : r;
    *out_col = steps[s].flip_col ? n - 1 - c : c;
}

/* The image of the permutation cols (inverse inv) under s, as a walk:
 * element i of the image is (at[step * i] ^ flip) + offset. This is the
 * table above read backwards: row i of the image comes from row i, or
 * n-1-i when the rows are reversed, of cols, or of inv when rows and
 * columns swap; a reversed column turns the value v into n-1-v, which is
 * (v ^ -1) + n. */
struct image_walk {
    const int *at; /* element 0 of the image, in cols or inv */
    int step;      /* +1, or -1 when the rows are read from the bottom */
    int flip;      /* 0, or -1 when the value is reversed */
    int offset;    /* 0, or n when the value is reversed */
};

static struct image_walk image_walk(nq_symmetry s, const int *cols,
                                    const int *inv, int n)
{
    const int *values = steps[s].swap ? inv : cols;
    struct image_walk w = {values, 1, 0, 0};
    if (steps[s].flip_row) {
        w.at = values + n - 1;
        w.step = -1;
    }
    if (steps[s].flip_col) {
        w.flip = -1;
        w.offset = n;
    }
    return w;
}

/* Element i of an image. */
static int image_at(const struct image_walk *w, int i)
{
    return (w->at[(ptrdiff_t)w->step * i] ^ w->flip) + w->offset;
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
    struct image_walk wa = image_walk(a, cols, inv, n);
    struct image_walk wb = image_walk(b, cols, inv, n);
    for (int i = 0; i < n; i++) {
        int x = image_at(&wa, i);
        int y = image_at(&wb, i);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

/* Compares the image of cols under s with cols itself: the hot test of
 * the unique enumeration, one walk instead of two. */
static int compare_with_cols(nq_symmetry s, const int *cols, const int *inv,
                             int n)
{
    struct image_walk w = image_walk(s, cols, inv, n);
    const int *p = w.at;
    for (int i = 0; i < n; i++, p += w.step) {
        int x = (*p ^ w.flip) + w.offset;
        if (x != cols[i])
            return x < cols[i] ? -1 : 1;
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
        if (compare_with_cols((nq_symmetry)s, cols, inv, n) < 0)
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
    struct image_walk w = image_walk(s, cols, inv, n);
    for (int i = 0; i < n; i++)
        image[i] = image_at(&w, i);
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
        struct image_walk w = image_walk(smallest, cols, inv, n);
        for (int i = 0; i < n; i++)
            image[i] = image_at(&w, i);
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
