/*
 * kernel.h - the bitboard backtracking hot loop as a resumable iterator.
 *
 * The iterator walks the search tree row by row, trying columns from left
 * to right, so it yields placements in lexicographic order of their column
 * vectors. It can start below a fixed prefix of rows and stop at any depth:
 * stopping at depth d enumerates the prefixes that split a search into
 * ordered subproblems; starting from such a prefix and stopping at depth n
 * enumerates one subproblem's solutions. Because it is an iterator rather
 * than a callback, the caller's loop decides what to do with each
 * placement (buffer it, filter it, stop), with no call through a pointer
 * on the hot path. Private to the library.
 */
#ifndef NQ_KERNEL_H
#define NQ_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "nqueens.h"

/* One search in progress. Row r's masks hold, as bit c = column c, the
 * squares of row r attacked by the queens of rows 0..r-1. */
struct kernel {
    int n;                          /* board size, 1..NQ_MAX_N */
    int base;                       /* rows 0..base-1 are fixed */
    int target;                     /* yield when this many rows hold queens */
    int row;                        /* row to resume from; -1 when exhausted */
    uint64_t board;                 /* the n low bits: the squares of a row */
    uint64_t avail[NQ_MAX_N + 1];   /* columns of row r still to try */
    uint64_t columns[NQ_MAX_N + 1]; /* columns taken by earlier rows */
    uint64_t diag_down[NQ_MAX_N + 1]; /* attacked along down-right diagonals */
    uint64_t diag_up[NQ_MAX_N + 1];   /* attacked along down-left diagonals */
    int cols[NQ_MAX_N];               /* the placement: 0-based column by row */
};

/* Starts a search on an n x n board whose rows 0..base-1 hold the queens
 * prefix[0..base-1] (0-based columns), yielding every way to fill rows
 * base..target-1, in lexicographic order. first_row_columns limits the
 * columns tried in row base (bit c = column c; ~0 for all). Returns 0,
 * NQ_E_RANGE for a bad n, NQ_E_INVAL when base/target are out of order or
 * the prefix is not a conflict-free placement (then nothing is yielded). */
int nq__kernel_start(struct kernel *k, int n, const int *prefix, int base,
                     int target, uint64_t first_row_columns);

/* Advances to the next placement. Returns true with k->cols[0..target-1]
 * holding it, or false when the search is exhausted. */
bool nq__kernel_next(struct kernel *k);

/* Why nq__kernel_next_counted() returned. */
enum kernel_stop {
    KERNEL_EXHAUSTED = 0, /* the search is over */
    KERNEL_FOUND = 1,     /* a placement: k->cols[0..target-1] holds it */
    KERNEL_PAUSED = 2     /* *placed reached limit: call again to go on */
};

/* nq__kernel_next() that also counts the queens it places: every column it
 * takes in any row, the last row's and those that leave the next row no
 * square included (the nodes of the plain backtracking tree), adding them
 * to *placed. Before placing a queen it checks *placed against `limit` and
 * pauses when it has been reached, with the search intact, so that a
 * caller can report progress or give up every so many queens and then
 * resume. A search that pauses yields the same placements in the same
 * order as one that does not. */
enum kernel_stop nq__kernel_next_counted(struct kernel *k, uint64_t *placed,
                                         uint64_t limit);

#endif /* NQ_KERNEL_H */
