/*
 * read_instance.h - the reader of `complete --instance FILE`: the
 * benchmark files of the n-queens completion problem in CSPLib
 * (problems 079 and 080).
 *
 * Two kinds of file, told apart by the names they define:
 *  - Essence parameter files: `letting n = 8`, `letting init = [[3, 3],
 *    [4, 1]]` (given queens, rows and columns 0-based, as CSPLib's model
 *    partialqueens reads them), `letting blocks = [[1, 3], ...]` (blocked
 *    squares, 1-based, as the blockedqueens model reads them). `be` may
 *    stand for `=`; `$` starts a comment; a `language ESSENCE' 1.0` line
 *    is skipped.
 *  - the excluded-diagonals files of problem 079: `n = 10`, `numdiags =
 *    14`, `diags = [[4, 1], [2, 1], ...]`: each pair [K, T] excludes the
 *    sum diagonal row + column = K (T = 1) or the difference diagonal
 *    row - column = K - (n - 1) (T = 0), 0-based. An instance is the file
 *    and a number d of leading pairs (--first-diagonals; all by default).
 * The coordinates are those of the format, whatever --base says: a file
 * means the same board to every solver that reads it.
 */
#ifndef NQ_READ_INSTANCE_H
#define NQ_READ_INSTANCE_H

#include <stddef.h>

#include "nqueens.h"

/* What an instance file asks. */
struct instance {
    int n;                           /* board size */
    int given[NQ_MAX_N];             /* 0-based columns, -1 a free row */
    nq_complete_exclusions excluded; /* blocked squares, excluded diagonals */
    int diagonals;      /* pairs of `diags` in the file, -1 without one */
    int diagonals_used; /* the leading pairs applied */
};

/* Reads the `len` bytes at `text` (not NUL-terminated; a NUL byte is
 * malformed) into `out`, applying the first `first_diagonals` pairs of a
 * `diags` list (-1: all). Returns 0, or -1 with `line` (1-based, 0 when the
 * problem is the whole file) and `message` (size bytes, no position in it)
 * filled. */
int instance_parse(const char *text, size_t len, int first_diagonals,
                   struct instance *out, long long *line, char *message,
                   size_t size);

/* Reads the file at `path` ("-": standard input) with instance_parse();
 * returns 0, or prints one line naming the file and the line at fault
 * and returns EXIT_USAGE. */
int read_instance(const char *path, int first_diagonals, struct instance *out);

#endif /* NQ_READ_INSTANCE_H */
