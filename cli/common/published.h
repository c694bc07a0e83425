/*
 * published.h - the published totals of the n-queens puzzle (OEIS
 * A000170, as tests/data/oeis-counts.tsv holds them), written once for the
 * tool: `bench` checks every method against them, and the estimate of a
 * count's time scales from them. Facts to check against and to scale by,
 * never a source of answers.
 */
#ifndef NQ_CLI_PUBLISHED_H
#define NQ_CLI_PUBLISHED_H

#include <stdint.h>

/* The largest n whose total is published. */
#define PUBLISHED_MAX_N 27

/* published_totals[n], n = 0..PUBLISHED_MAX_N (a(0) = 1: the empty
 * board). */
extern const uint64_t published_totals[PUBLISHED_MAX_N + 1];

#endif /* NQ_CLI_PUBLISHED_H */
