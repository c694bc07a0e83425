/*
 * symmetry.h - what the library's engines use of the symmetry module
 * beyond the public nq_* calls: a canonical-form test without argument
 * checks, for the hot path of the unique enumeration, and the image of one
 * cell, for the constellations of the count. Private.
 */
#ifndef NQ_SYMMETRY_H
#define NQ_SYMMETRY_H

#include <stdbool.h>

#include "nqueens.h"

/* True when the permutation cols[0..n-1] is the lexicographically smallest
 * of its 8 images. The caller guarantees 1 <= n <= NQ_MAX_N and that cols
 * is a permutation of 0..n-1 (one queen per row and per column). */
bool nq__symmetry_is_canonical(const int *cols, int n);

/* The image of cell (row, col) of an n x n board under s, the map that the
 * comments of nq_symmetry give: (*out_row, *out_col). s must be one of the
 * 8 symmetries; no other check is made. */
void nq__symmetry_cell(nq_symmetry s, int n, int row, int col, int *out_row,
                       int *out_col);

#endif /* NQ_SYMMETRY_H */
