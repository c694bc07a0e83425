/*
 * count_constellation.c - start constellations: every solution has exactly
 * one queen on each border line (row 0, row n-1, column 0, column n-1; a
 * corner queen stands on two). The 8 symmetries of the square map the
 * solutions with border queens B one to one onto those with border g(B),
 * so counting the completions of one constellation per symmetry class and
 * weighting it with the size of its class gives the total exactly, with
 * about an eighth of the work.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/symmetry.h"
#include "count/count_kernel.h"
#include "count/count_plan.h"

/* A set of at most 4 border cells. */
struct border {
    int count;
    int row[4], col[4];
};

static void border_add(struct border *b, int row, int col)
{
    for (int i = 0; i < b->count; i++) {
        if (b->row[i] == row && b->col[i] == col)
            return;
    }
    b->row[b->count] = row;
    b->col[b->count] = col;
    b->count++;
}

/* True when each border line holds exactly one of the cells and no two
 * cells attack each other. */
static bool border_valid(int n, const struct border *b)
{
    int top = 0, bottom = 0, left = 0, right = 0;
    for (int i = 0; i < b->count; i++) {
        top += b->row[i] == 0;
        bottom += b->row[i] == n - 1;
        left += b->col[i] == 0;
        right += b->col[i] == n - 1;
        for (int j = i + 1; j < b->count; j++) {
            int dr = b->row[i] - b->row[j], dc = b->col[i] - b->col[j];
            if (dr == 0 || dc == 0 || dr == dc || dr == -dc)
                return false;
        }
    }
    return top == 1 && bottom == 1 && left == 1 && right == 1;
}

/* True when (r1, c1) and (r2, c2) are two different cells that attack each
 * other: then no valid border set holds both. */
static bool cells_clash(int r1, int c1, int r2, int c2)
{
    int dr = r1 - r2, dc = c1 - c2;
    if (dr == 0 && dc == 0)
        return false; /* one corner queen on two lines */
    return dr == 0 || dc == 0 || dr == dc || dr == -dc;
}

/* The constellation of a valid border set, as one number for comparing:
 * top, bottom, left, right in base n. */
static uint64_t border_code(int n, const struct border *b,
                            struct nq__constellation *out)
{
    struct nq__constellation c = {0};
    for (int i = 0; i < b->count; i++) {
        if (b->row[i] == 0)
            c.top = (uint8_t)b->col[i];
        if (b->row[i] == n - 1)
            c.bottom = (uint8_t)b->col[i];
        if (b->col[i] == 0)
            c.left = (uint8_t)b->row[i];
        if (b->col[i] == n - 1)
            c.right = (uint8_t)b->row[i];
    }
    if (out != NULL)
        *out = c;
    uint64_t un = (uint64_t)n;
    return ((c.top * un + c.bottom) * un + c.left) * un + c.right;
}

int nq__constellations_list(int n, struct nq__constellation **list,
                            uint64_t *count)
{
    size_t cap = 64, len = 0;
    struct nq__constellation *out = malloc(cap * sizeof *out);
    if (out == NULL)
        return NQ_E_NOMEM;
    /* Pairs that clash are skipped as soon as both are chosen; what is
     * left is checked in full. */
    for (int top = 0; top < n; top++) {
        for (int bottom = 0; bottom < n; bottom++) {
            if (cells_clash(0, top, n - 1, bottom))
                continue;
            for (int left = 0; left < n; left++) {
                if (cells_clash(left, 0, 0, top) ||
                    cells_clash(left, 0, n - 1, bottom))
                    continue;
                for (int right = 0; right < n; right++) {
                    if (cells_clash(right, n - 1, 0, top) ||
                        cells_clash(right, n - 1, n - 1, bottom) ||
                        cells_clash(right, n - 1, left, 0))
                        continue;
                    struct border b = {0};
                    border_add(&b, 0, top);
                    border_add(&b, n - 1, bottom);
                    border_add(&b, left, 0);
                    border_add(&b, right, n - 1);
                    if (!border_valid(n, &b))
                        continue;
                    struct nq__constellation c;
                    uint64_t code = border_code(n, &b, &c);
                    /* Keep it if no image is smaller; its class has as many
                     * members as it has distinct images. */
                    uint64_t images[NQ_SYMMETRY_COUNT] = {0};
                    int distinct = 0;
                    bool smallest = true;
                    for (int g = 0; g < NQ_SYMMETRY_COUNT && smallest; g++) {
                        struct border t = {0};
                        for (int i = 0; i < b.count; i++) {
                            int tr, tc;
                            nq__symmetry_cell((nq_symmetry)g, n, b.row[i],
                                              b.col[i], &tr, &tc);
                            border_add(&t, tr, tc);
                        }
                        uint64_t image = border_code(n, &t, NULL);
                        if (image < code)
                            smallest = false;
                        bool seen = false;
                        for (int k = 0; k < distinct; k++)
                            seen = seen || images[k] == image;
                        if (!seen)
                            images[distinct++] = image;
                    }
                    if (!smallest)
                        continue;
                    if (len == cap) {
                        cap *= 2;
                        struct nq__constellation *grown =
                            realloc(out, cap * sizeof *out);
                        if (grown == NULL) {
                            free(out);
                            return NQ_E_NOMEM;
                        }
                        out = grown;
                    }
                    c.weight = (uint8_t)distinct;
                    out[len++] = c;
                }
            }
        }
    }
    *list = out;
    *count = len;
    return 0;
}

void nq__constellation_cells(int n, const struct nq__constellation *c,
                             int cols[NQ_MAX_N])
{
    for (int r = 0; r < n; r++)
        cols[r] = -1;
    cols[0] = c->top;
    cols[n - 1] = c->bottom;
    cols[c->left] = 0;
    cols[c->right] = n - 1;
}

/* Folds the border queens into the kernel's per-level masks. Only the rows
 * without a border queen are levels; every square that a border queen
 * attacks (its column, both its diagonals, in every row) is closed in
 * advance, so the search never meets the border queens again and never
 * needs to stop at their rows. The border queens do not attack each other
 * (the constellation is valid), so they belong to every completion. */
static void kernel_setup(int n, const struct nq__constellation *c,
                         struct nq__kernel_setup *s)
{
    int placed[NQ_MAX_N];
    nq__constellation_cells(n, c, placed);
    uint64_t outside = n == 64 ? 0 : ~(uint64_t)0 << n; /* bits >= n */

    memset(s, 0, sizeof *s);
    /* Columns taken by a border queen, closed to every free row. */
    uint64_t taken = 0;
    for (int r = 0; r < n; r++) {
        if (placed[r] >= 0)
            taken |= (uint64_t)1 << placed[r];
    }
    int previous = 0; /* the row of the level before */
    for (int r = 1; r < n - 1; r++) {
        if (placed[r] >= 0)
            continue;
        uint64_t closed = outside | taken;
        for (int q = 0; q < n; q++) {
            if (placed[q] < 0)
                continue;
            int d = q > r ? q - r : r - q;
            if (placed[q] - d >= 0)
                closed |= (uint64_t)1 << (placed[q] - d);
            /* placed[q] >= 0 and d > 0: the analyzer loses the first
             * across the stores to s->forbid. */
            if (placed[q] + d < n)
                // NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult)
                closed |= (uint64_t)1 << (placed[q] + d);
        }
        s->forbid[s->levels] = closed;
        s->gap[s->levels] = r - previous;
        s->levels++;
        previous = r;
    }
}

/* Distance of column (or row) x from the nearer edge. */
static int edge_distance(int n, int x)
{
    return x < n - 1 - x ? x : n - 1 - x;
}

/* Row of a queen on a side line, or n when it stands in a corner (then the
 * search has no inner row for it). */
static int inner_row(int n, int row)
{
    return row > 0 && row < n - 1 ? row : n;
}

/* How cheap the search of an image promises to be (higher is cheaper).
 * All 8 images of a constellation have the same number of completions, but
 * not the same search tree. The weights were fitted to the measured trees
 * of n = 13 and 14 and checked on n = 15, where the chosen images have 11%
 * fewer nodes than a top queen simply near the middle and 3% more than the
 * best image of each constellation: the bottom queen near a corner counts
 * most, then the queens of the side lines away from the top rows. */
static int image_score(int n, const struct nq__constellation *c)
{
    int left = inner_row(n, c->left), right = inner_row(n, c->right);
    int nearest = left < right ? left : right;
    int spread = c->top > c->bottom ? c->top - c->bottom : c->bottom - c->top;
    return 24 * edge_distance(n, c->top) - 65 * edge_distance(n, c->bottom) +
           37 * left + 8 * right - 12 * nearest + 10 * spread +
           40 * edge_distance(n, c->left) + 8 * edge_distance(n, c->right) +
           23 * (c->top == 0 || c->top == n - 1) +
           35 * (c->bottom == 0 || c->bottom == n - 1);
}

/* The image of constellation c to search. */
static struct nq__constellation best_image(int n,
                                           const struct nq__constellation *c)
{
    struct border b = {0};
    border_add(&b, 0, c->top);
    border_add(&b, n - 1, c->bottom);
    border_add(&b, c->left, 0);
    border_add(&b, c->right, n - 1);
    struct nq__constellation best = *c;
    int best_score = 0;
    for (int g = 0; g < NQ_SYMMETRY_COUNT; g++) {
        struct border t = {0};
        for (int i = 0; i < b.count; i++) {
            int tr, tc;
            nq__symmetry_cell((nq_symmetry)g, n, b.row[i], b.col[i], &tr, &tc);
            border_add(&t, tr, tc);
        }
        struct nq__constellation image;
        border_code(n, &t, &image);
        int score = image_score(n, &image);
        if (g == 0 || score > best_score) {
            best_score = score;
            best = image;
        }
    }
    best.weight = c->weight;
    return best;
}

void nq__constellation_setup(int n, const struct nq__constellation *c,
                             struct nq__kernel_setup *s)
{
    struct nq__constellation image = best_image(n, c);
    kernel_setup(n, &image, s);
}

uint64_t nq__constellation_count(int n, const struct nq__constellation *c)
{
    struct nq__kernel_setup s;
    nq__constellation_setup(n, c, &s);
    return nq__kernel_count(&s);
}
