/*
 * count_estimate.h - what a long count is in for, said before it starts:
 * the engine, the memory its plan holds and the time it will take on this
 * machine, from a short calibration count scaled by the published growth
 * of the totals (cli/count/count_estimate.c).
 */
#ifndef NQ_CLI_COUNT_ESTIMATE_H
#define NQ_CLI_COUNT_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

struct nq_plan;
struct nq_count_options;

/* The largest N whose total fits in 64 bits (the total for 29 is past
 * 2^64, going by the published growth). */
#define COUNT_MAX_64BIT_N 28

/* Counts below this N are over in seconds: no estimate is made. */
#define COUNT_ESTIMATE_FROM_N 17

/* What a count is in for. */
struct count_estimate {
    int n;
    char engine[96];   /* the plan's signature, and its passes if more */
    uint64_t passes;   /* nq_plan_passes() */
    double memory;     /* bytes the count will hold at its peak */
    int threads;       /* the threads it will run on */
    int calibration_n; /* the smaller N timed */
    double seconds;    /* the estimate; negative: none (see `error`) */
    const char *error; /* why there is no estimate, or NULL */
};

/* Estimates the count of the built `plan` on `threads` threads, timing a
 * count of a smaller N with the same engine and options. */
void count_estimate(const struct nq_plan *plan,
                    const struct nq_count_options *options, int threads,
                    struct count_estimate *e);

/* Writes into `line` (without newline) "count of N: engine SIGNATURE,
 * memory M, about T on K threads (estimated from a count of C)". */
void count_estimate_line(const struct count_estimate *e, char *line,
                         size_t size);

#endif /* NQ_CLI_COUNT_ESTIMATE_H */
