/*
 * census_file.h - `count --census FILE`: the census of the join's tops
 * (how many tops each group of the table holds, per share of the walk
 * that counted them) kept in a file of its own, so that the parts of one
 * count walk it once between them instead of each walking the tops of
 * its own tables (at N = 20 in 4 parts, 7 s of each part's 66 s against
 * 10 s for the whole census). A census that does not fit the tops is
 * caught by the build that reads it (NQ_E_CORRUPT), never a wrong count.
 *
 * The file: 16 bytes "nqueens census\n\0", then little-endian n (4
 * bytes), 4 bytes 0, the entries' number (8 bytes), a check value of n,
 * the number and the entries (8 bytes, FNV-1a over their bytes), then
 * the entries (4 bytes each). It is written whole to a file beside it,
 * then renamed over FILE: never half a census.
 */
#ifndef NQ_CLI_CENSUS_FILE_H
#define NQ_CLI_CENSUS_FILE_H

#include <stdint.h>

#include "common/optable.h"

/* --census FILE. */
extern const struct opt_def count_opt_census;

/* Reads the census of N = n from `path` into *census (malloc'ed, *len
 * entries). Returns 0; 1 where there is no such file (*census NULL);
 * else says what is wrong with it and returns the exit status (2). */
int census_file_read(const char *path, int n, uint32_t **census, uint64_t *len);

/* Writes census[0..len) of N = n to `path`, whole or not at all. Returns
 * 0, or says why it could not and returns the exit status (2). */
int census_file_write(const char *path, int n, const uint32_t *census,
                      uint64_t len);

/* Says that the census read from `path` did not match the tops of N =
 * n (a build found others), and returns the exit status (2). */
int census_file_mismatch(const char *path, int n);

#endif /* NQ_CLI_CENSUS_FILE_H */
