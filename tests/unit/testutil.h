/*
 * testutil.h - what the unit tests share: the published counts and a
 * placement checker written independently of the library.
 */
#ifndef NQ_TESTUTIL_H
#define NQ_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "nqueens.h"

/* One row of tests/data/oeis-counts.tsv. */
struct oeis_row {
    int n;
    uint64_t total;  /* A000170 */
    uint64_t unique; /* A002562 */
    uint64_t sym180; /* A032522 */
    uint64_t sym90;  /* A033148 */
};

/* The published counts for n (1..27); fails the test if n is missing. */
struct oeis_row oeis_counts(int n);

/* True when cols[0..n-1] places n queens of which no two attack, by the
 * definition: distinct columns and no two on one diagonal. O(n^2). */
bool test_is_solution(const int *cols, int n);

/* Compares two placements lexicographically (-1, 0, 1). */
int test_compare(const int *a, const int *b, int n);

#endif
