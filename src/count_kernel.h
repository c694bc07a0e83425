/*
 * count_kernel.h - the bitboard hot loop of the counter: the rows left free
 * by a start constellation, filled one by one, with the pre-placed queens
 * folded into per-level masks so that the loop itself never asks whether a
 * row was pre-placed.
 */
#ifndef NQ_COUNT_KERNEL_H
#define NQ_COUNT_KERNEL_H

#include <stdint.h>

#include "nqueens.h"

/* The search as the kernel sees it. Bit c of a mask is column c. Level i is
 * row i + 1 of the board (rows 0 and n-1 hold border queens). */
struct nq_kernel_setup {
    int levels;                /* rows to fill; 0: the border queens alone */
    uint64_t cols;             /* columns taken before level 0 */
    uint64_t down_right;       /* diagonals running down-right at level 0 */
    uint64_t down_left;        /* diagonals running down-left at level 0 */
    uint64_t forbid[NQ_MAX_N]; /* squares closed at level i: attacked from
                                  below, taken by a later pre-placed queen,
                                  or bits >= n; all but one at the level of
                                  a pre-placed queen */
};

/* Counts the ways to fill every level. */
uint64_t nq_kernel_count(const struct nq_kernel_setup *s);

#endif /* NQ_COUNT_KERNEL_H */
