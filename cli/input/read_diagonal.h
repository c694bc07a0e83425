/*
 * read_diagonal.h - the reader of `complete --exclude-diagonal`: sum:K (no
 * queen where row + column = K) and diff:K (row - column = K), in the
 * numbering of --base, several separated by commas.
 */
#ifndef NQ_READ_DIAGONAL_H
#define NQ_READ_DIAGONAL_H

#include "nqueens.h"

/* Adds the diagonals of `text` for an n x n board to x->sum and x->diff
 * (the library's 0-based form: sum k = row + column, diff k = row - column
 * + n - 1). With rows and columns numbered from `base`, sum:K runs from
 * 2 base to 2 (n - 1 + base) and diff:K from -(n - 1) to n - 1 (the same
 * in both bases). Naming a diagonal twice is allowed (the same one).
 * Returns 0, or prints one line naming the item at fault and returns
 * EXIT_USAGE. */
int read_diagonals(const char *text, int n, int base,
                   nq_complete_exclusions *x);

#endif /* NQ_READ_DIAGONAL_H */
