/*
 * count_estimate.h - what a count is in for, said before it starts and at
 * once at any N: the engine, its passes and memory from the library's
 * outline of the plan (nq_plan_outline(), no census walked), and the time
 * from a model of the engines' cost fitted to measured counts, scaled by
 * the machine's speed measured at once (cli/count/count_estimate.c).
 */
#ifndef NQ_CLI_COUNT_ESTIMATE_H
#define NQ_CLI_COUNT_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nq_count_options;
struct nq_plan_options;

/* The largest N whose total fits in 64 bits (the total for 29 is past
 * 2^64, going by the published growth). */
#define COUNT_MAX_64BIT_N 28

/* Counts below this N are over in seconds: no estimate is announced. */
#define COUNT_ESTIMATE_FROM_N 17

/* What a count is in for. */
struct count_estimate {
    int n;
    char engine[96];    /* the plan's signature, and its passes if more */
    char signature[64]; /* the plan's signature alone */
    uint64_t passes;    /* the plan's passes */
    double memory;      /* bytes the count will hold at its peak */
    int threads;        /* the threads it will run on */
    double tops;        /* the join: the tops of its table (estimated) */
    double seconds;     /* the estimate; negative: none (see `error`, and
                           on_device) */
    double speed;       /* the machine's speed now against the model's; 0:
                           not measured (on_device) */
    bool on_device;     /* the GPU engine: no model of its time */
    const char *error;  /* why there is no estimate, or NULL */
};

/* Estimates the count of n with `options` and `plan_options` (its
 * min_passes) on `threads` threads (the
 * options' own threads may be 0, all cores). Returns 0, or the library's
 * error where the count could not be planned (no estimate then). */
int count_estimate(int n, const struct nq_count_options *options,
                   const struct nq_plan_options *plan_options, int threads,
                   struct count_estimate *e);

/* The model alone: the seconds of a count's work on the model's machine,
 * on `threads` threads, whose
 * engine walks `walked` tops (the join) and finds `solutions` solutions
 * (count_estimate.c says how each is fitted). */
double count_model_seconds(int join, double walked, double solutions,
                           int threads);

/* Writes into `line` (without newline) "count of N: engine SIGNATURE,
 * memory M, about T on K threads (a model of the engine's cost)", or for
 * the GPU engine that its time is unknown. */
void count_estimate_line(const struct count_estimate *e, char *line,
                         size_t size);

#endif /* NQ_CLI_COUNT_ESTIMATE_H */
