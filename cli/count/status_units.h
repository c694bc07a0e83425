/*
 * status_units.h - `nqueens status FILE --units`: the finished
 * subproblems with their provenance (cli/count/status_units.c).
 */
#ifndef NQ_CLI_STATUS_UNITS_H
#define NQ_CLI_STATUS_UNITS_H

#include <stdbool.h>

struct writer;

/* Writes every row of the checkpoint at `path` (text lines after a
 * header, or JSON lines). Returns 0 or the reader's nq error code. */
int status_units(struct writer *w, const char *path, bool json);

#endif /* NQ_CLI_STATUS_UNITS_H */
