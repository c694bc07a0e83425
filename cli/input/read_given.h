/*
 * read_given.h - the reader of `complete --given "r:c,r:c,..."`: queens
 * placed in advance, as 1-based row:column pairs.
 */
#ifndef NQ_READ_GIVEN_H
#define NQ_READ_GIVEN_H

/* Parses `text` for an n x n board into given[0..n-1]: the 0-based column
 * of the queen of each row, NQ_COMPLETE_FREE_ROW where none is given.
 * Pairs are separated by commas; spaces around numbers are allowed; an
 * empty or all-blank text gives no queen. Returns 0, or prints one line
 * naming the pair at fault (malformed, off the board, a row given two
 * queens) and returns EXIT_USAGE. Whether the queens attack each other is
 * left to nq_complete_check(). */
int read_given(const char *text, int n, int *given);

#endif /* NQ_READ_GIVEN_H */
