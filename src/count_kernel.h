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
 * the i-th free row from the top. */
struct nq_kernel_setup {
    int levels;                    /* free rows; 0: the border queens alone */
    uint64_t cols;                 /* columns taken before level 0 */
    uint64_t down_right;           /* diagonals running down-right (<<) at level 0 */
    uint64_t down_left;            /* diagonals running down-left (>>) at level 0 */
    int shift[NQ_MAX_N];           /* rows from level i-1 down to level i */
    uint64_t add_right[NQ_MAX_N];  /* down-right diagonals of pre-placed queens
                                      between levels i-1 and i, seen at level i */
    uint64_t add_left[NQ_MAX_N];   /* the same, down-left */
    uint64_t forbid[NQ_MAX_N];     /* squares of level i attacked from below by
                                      pre-placed queens, and bits >= n */
};

/* Counts the ways to fill every level. */
uint64_t nq_kernel_count(const struct nq_kernel_setup *s);

#endif /* NQ_COUNT_KERNEL_H */
