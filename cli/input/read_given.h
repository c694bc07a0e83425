/*
 * read_given.h - the readers of `complete --given "r:c,r:c,..."` (queens
 * placed in advance) and `complete --blocked "r:c,..."` (squares where no
 * queen may stand): ROW:COLUMN pairs in the numbering of --base (1 by
 * default, or 0).
 */
#ifndef NQ_READ_GIVEN_H
#define NQ_READ_GIVEN_H

#include <stdint.h>

/* Parses `text` for an n x n board into given[0..n-1]: the 0-based column
 * of the queen of each row, NQ_COMPLETE_FREE_ROW where none is given.
 * Rows and columns are numbered from `base` (0 or 1). Pairs are separated
 * by commas; spaces around numbers are allowed; an empty or all-blank text
 * gives no queen. Returns 0, or prints one line naming the pair at fault
 * (malformed, off the board, a row given two queens) and returns
 * EXIT_USAGE. Whether the queens attack each other is left to
 * nq_complete_check(). */
int read_given(const char *text, int n, int base, int *given);

/* Parses the squares of `text` (the same pairs, for --blocked) into
 * blocked[0..n-1]: bit c of blocked[r] for square (r, c), 0-based; the
 * rows are cleared first. Returns 0, or prints one line naming the pair at
 * fault (malformed, off the board, a square named twice) and returns
 * EXIT_USAGE. */
int read_blocked(const char *text, int n, int base, uint64_t *blocked);

#endif /* NQ_READ_GIVEN_H */
