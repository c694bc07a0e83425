/*
 * count_request.h - what `nqueens count` and nqueens-mpi share: the
 * count's request as the command line gives it, its parsing, the report
 * of the result (cli/cmd_count.c), the run with a checkpoint
 * (cli/count_checkpoint.c).
 */
#ifndef NQ_CLI_COUNT_REQUEST_H
#define NQ_CLI_COUNT_REQUEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "progress.h"
#include "writer.h"

struct nq_count_result;

/* What the command line asks a count for. */
struct count_request {
    int n;
    int threads;           /* 0: all cores */
    uint64_t memory_bytes; /* 0: the library's default */
    int engine;            /* --engine: an nq_engine, NQ_ENGINE_AUTO if not
                              given */
    bool json;
    enum progress_mode progress;  /* --progress, --quiet, or by terminal */
    const char *checkpoint;       /* --checkpoint FILE, or NULL */
    double checkpoint_interval;   /* --checkpoint-interval SECONDS ... */
    bool checkpoint_interval_set; /* ... when given */
};

/* Long options of the long-run work, handled by count_parse_long_run_option
 * (cli/count_checkpoint.c). */
enum {
    COUNT_OPT_PROGRESS = 0x1000,
    COUNT_OPT_QUIET,
    COUNT_OPT_CHECKPOINT,
    COUNT_OPT_INTERVAL,
    COUNT_OPT_ENGINE
};

/* Parses the arguments of `count` (argv[0] is the command); `usage` is
 * printed for --help. Returns -1 to go on, else the exit status. */
int count_parse(int argc, char **argv, const char *usage,
                struct count_request *req);

/* Applies one of the COUNT_OPT_* options; returns 0, or prints the error
 * and returns EXIT_USAGE. */
int count_parse_long_run_option(int option, const char *value,
                                struct count_request *req);

/* The engine (an nq_engine) of the plan that the checkpoint at `path`
 * records, so that a resumed run goes on with it; NQ_ENGINE_AUTO when no
 * checkpoint can be read there (opening it later says why). */
int checkpoint_engine(const char *path);

/* Writes the result as the text lines or the JSON object of `count`. */
void count_report(struct writer *out, const struct count_request *req,
                  const struct nq_count_result *r, int threads,
                  const char *engine, double seconds);

/* Runs the count with --checkpoint: resumes from the file, saves on
 * SIGINT/SIGTERM. Returns -1 with *result and engine filled, or the exit
 * status after saying what went wrong (130/143 after a signal). */
int count_checkpointed(const struct count_request *req,
                       struct nq_count_result *result, char *engine,
                       size_t engine_size);

#endif /* NQ_CLI_COUNT_REQUEST_H */
