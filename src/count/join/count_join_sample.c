/*
 * count_join_sample.c - the tops of each group of the join's whole table,
 * estimated by random probes instead of counted (the census walks every
 * top: minutes from n = 22 on). Knuth's estimator: a probe goes down the
 * rows of a half board from one of the table's starts, taking a free
 * column at random on each row; the product of the numbers of free
 * columns it met is an unbiased estimate of the tops below the start, and
 * is credited to the group the probe ends in. What the cut into passes
 * reads, the tops of each pattern of a few fixed columns, is a sum over
 * many groups, so a few hundred probes a start estimate it to within a
 * few percent; a group alone is estimated badly, and nothing relies on it.
 * The starts, groups and parts are those of count_join_table.c.
 */
#include <stdlib.h>
#include <string.h>

#include "count/join/count_join.h"
#include "nqueens.h"

/* A small generator of its own (splitmix64), seeded by the caller: the
 * same probes every time, so the same estimate. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The k-th lowest set bit of `bits` (k < popcount). */
static uint32_t kth_bit(uint32_t bits, uint32_t k)
{
    for (; k > 0; k--)
        bits &= bits - 1;
    return bits & -bits;
}

/* One probe from a start state on row `row`: adds its estimate (times
 * `scale`) to the group it ends in. */
static void probe(int n, int rows, const struct nq__join_ranks *ranks,
                  uint64_t part, int row, uint32_t cols, uint32_t anti,
                  uint32_t main, double scale, double *tops, uint64_t *state)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    double weight = scale;
    for (; row < rows; row++) {
        uint32_t free_cols = ~(cols | anti | main) & full;
        uint32_t choices = (uint32_t)__builtin_popcount(free_cols);
        if (choices == 0)
            return;
        uint32_t bit =
            kth_bit(free_cols, (uint32_t)(next_random(state) % choices));
        weight *= choices;
        cols |= bit;
        anti = (anti | bit) >> 1;
        main = ((main | bit) << 1) & full;
    }
    tops[part + nq__join_rank(ranks, cols)] += weight;
}

int nq__join_sample_tops(int n, uint32_t probes, uint64_t seed,
                         uint64_t **group_tops, uint64_t *groups, double *all)
{
    *group_tops = NULL;
    *groups = 0;
    *all = 0;
    if (n < 4 || n > NQ_JOIN_MAX_N || probes == 0)
        return NQ_E_RANGE;
    int rows = n / 2; /* odd n: the middle row is in neither half */
    int parts = n % 2 == 1 ? 2 : 1;
    uint64_t sets = nq__join_binomial(n, rows);
    uint64_t count = (uint64_t)parts * sets;
    struct nq__join_ranks *ranks = malloc(sizeof *ranks);
    double *tops = calloc(count, sizeof *tops);
    uint64_t *out = malloc(count * sizeof *out);
    if (ranks == NULL || tops == NULL || out == NULL) {
        free(ranks);
        free(tops);
        free(out);
        return NQ_E_NOMEM;
    }
    nq__join_ranks_init(ranks, n);
    uint32_t full = ((uint32_t)1 << n) - 1;
    uint64_t state = seed;
    /* The starts of a mirrored table: the queen of row 0 left of the
     * middle column (part 0) or on it (part 1), and every queen of row 1
     * (rows >= 2 from n = 4 on); the probes go on from row 2. */
    for (int c0 = 0; c0 < (n + 1) / 2; c0++) {
        uint32_t q0 = (uint32_t)1 << c0;
        uint64_t part = 2 * c0 == n - 1 ? sets : 0;
        uint32_t anti = q0 >> 1, main = (q0 << 1) & full;
        uint32_t free_cols = ~(q0 | anti | main) & full;
        while (free_cols != 0) {
            uint32_t q1 = free_cols & -free_cols;
            free_cols ^= q1;
            for (uint32_t i = 0; i < probes; i++)
                probe(n, rows, ranks, part, 2, q0 | q1, (anti | q1) >> 1,
                      ((main | q1) << 1) & full, 1.0 / probes, tops, &state);
        }
    }
    for (uint64_t g = 0; g < count; g++) {
        *all += tops[g];
        out[g] = (uint64_t)(tops[g] + 0.5);
    }
    free(tops);
    free(ranks);
    *group_tops = out;
    *groups = count;
    return 0;
}
