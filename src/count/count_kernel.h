/*
 * count_kernel.h - the bitboard hot loop of the counter: the rows left free
 * by a start constellation, filled one by one, with the pre-placed queens
 * folded into per-level masks so that the loop neither visits their rows
 * nor asks whether a row was pre-placed.
 */
#ifndef NQ_COUNT_KERNEL_H
#define NQ_COUNT_KERNEL_H

#include <stdint.h>

#include "nqueens.h"

/* The search as the kernel sees it. Bit c of a mask is column c. The levels
 * are the rows without a border queen, top to bottom; the border queens
 * have no level: what they attack is closed in advance in every level's
 * forbid mask, so the loop never visits their rows. */
struct nq__kernel_setup {
    int levels;                /* rows to fill; 0: the border queens alone */
    uint64_t forbid[NQ_MAX_N]; /* squares closed at level i: the columns and
                                  diagonals of the border queens, and the
                                  bits >= n */
    int gap[NQ_MAX_N];         /* rows from level i - 1 down to level i (1,
                                  or more where border queens lie between);
                                  gap[0] is unused */
};

/* Counts the ways to fill every level. */
uint64_t nq__kernel_count(const struct nq__kernel_setup *s);

struct nq__constellation;

/* The setup of the search of constellation c of n (the image of c that is
 * cheapest to search; all have the same count): what nq__kernel_count()
 * and the GPU executor (src/gpu/) count. */
void nq__constellation_setup(int n, const struct nq__constellation *c,
                             struct nq__kernel_setup *s);

#endif /* NQ_COUNT_KERNEL_H */
