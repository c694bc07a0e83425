/*
 * count_estimate.h - what a long count is in for, said before it starts:
 * the engine, the memory its plan holds and the time it will take on this
 * machine, from a short calibration count scaled by the published growth
 * of the totals (cli/count_estimate.c).
 */
#ifndef NQ_CLI_COUNT_ESTIMATE_H
#define NQ_CLI_COUNT_ESTIMATE_H

#include <stddef.h>

struct nq_plan;
struct nq_count_options;

/* The largest N whose total fits in 64 bits (the total for 29 is past
 * 2^64, going by the published growth). */
#define COUNT_MAX_64BIT_N 28

/* Counts below this N are over in seconds: no estimate is made. */
#define COUNT_ESTIMATE_FROM_N 17

/* Writes into `line` (without newline) "count of N: engine SIGNATURE,
 * memory M, about T on K threads (calibrated on N = C)" for the built
 * `plan`, timing a count of a smaller N with the same engine and options.
 * Returns the estimated seconds, or a negative number when no estimate can
 * be made (then `line` says so). */
double count_estimate(const struct nq_plan *plan,
                      const struct nq_count_options *options, int threads,
                      char *line, size_t size);

#endif /* NQ_CLI_COUNT_ESTIMATE_H */
