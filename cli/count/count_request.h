/*
 * count_request.h - what `nqueens count` and nqueens-mpi share: the
 * count's request as the command line gives it, its parsing, the report
 * of the result (cli/count/cmd_count.c), the run with a checkpoint
 * (cli/count/count_checkpoint.c).
 */
#ifndef NQ_CLI_COUNT_REQUEST_H
#define NQ_CLI_COUNT_REQUEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/optable.h"
#include "common/progress.h"
#include "output/writer.h"

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
    const char *output;           /* -o FILE, NULL: standard output */
    double max_time;              /* --max-time SEC, 0: no limit */
    bool dry_run;                 /* --dry-run: the estimate alone */
    unsigned part, parts;         /* --part K/M; 0 and 0: the whole count */
    const char *census;           /* --census FILE, or NULL */
    int device;                   /* --device ID (an OpenCL device) ... */
    bool device_set;              /* ... when given */
    bool list_devices;            /* --list-devices: name them, exit */
};

/* The options of a count, defined once for `nqueens count` and
 * nqueens-mpi (cli/count/count_options.c): each command lists them in its own
 * table (with its own help texts) over a struct count_request. */
extern const struct opt_def count_opt_memory;       /* -m, --memory SIZE */
extern const struct opt_def count_opt_engine;       /* --engine E */
extern const struct opt_def count_opt_progress;     /* --progress */
extern const struct opt_def count_opt_quiet;        /* --quiet */
extern const struct opt_def count_opt_checkpoint;   /* --checkpoint FILE */
extern const struct opt_def count_opt_interval;     /* --checkpoint-interval */
extern const struct opt_def count_opt_dry_run;      /* --dry-run */
extern const struct opt_def count_opt_device;       /* --device ID */
extern const struct opt_def count_opt_list_devices; /* --list-devices */

/* The error line of a count that failed with `rc` on the GPU engine
 * (NQ_E_UNSUPPORTED, NQ_E_DEVICE, NQ_E_RANGE), with the library's
 * `message`; returns the exit status (2). */
int count_gpu_error(const struct count_request *req, int rc,
                    const char *message);

struct nq_plan;

/* The message of a count that failed with `rc` (not NQ_E_STOPPED): the
 * budget a plan needs, the join's range of N, the GPU's own words
 * (`gpu_message`, may be NULL or empty). Returns the exit status. */
int count_failure(const struct count_request *req, int rc,
                  const char *gpu_message);

/* The engine as the report names it: the plan's signature, and for the
 * GPU engine the device ("constellations/1 n=18 on GPU device 0"). */
void count_engine_name(const struct nq_plan *plan, char *engine, size_t size);

/* Says on stderr (unless --quiet) that auto, `asked`, took the
 * constellations for an N whose join did not fit the memory budget: the
 * count takes many times longer than the join would. */
void count_note_fallback(const struct count_request *req, int asked,
                         const struct nq_plan *plan);

/* The OpenCL device that MPI rank `rank` counts on: the GPUs found
 * (devices of type GPU), one a rank, round them; -1 (the library's
 * choice) where there is none. */
int count_rank_device(int rank);

/* `count --list-devices`: one line per device (OpenCL, or CUDA), numbered
 * as --device takes them ("0: NAME (...)", or with `json` one object a
 * line: {"device":0,"description":"NAME (...)"}), on standard output or
 * in `output` (-o FILE; written, empty, where no device is found).
 * Returns the exit status. */
int count_list_devices(const char *output, bool json);

/* Parses the arguments of `count` (argv[0] is the command) by the table
 * `t`; prints `head`, the table's Options block and `tail` for --help.
 * Returns -1 to go on, else the exit status. */
int count_parse(int argc, char **argv, const struct optable *t,
                const char *head, const char *tail, struct count_request *req);

/* The engine (an nq_engine) of the plan that the checkpoint at `path`
 * records, so that a resumed run goes on with it; NQ_ENGINE_AUTO when no
 * checkpoint can be read there (opening it later says why). */
int checkpoint_engine(const char *path);

/* The census of the tops kept in the checkpoint at `path` for a count of
 * n (malloc'ed into *census, *len entries; NULL where none is kept, or
 * the file is of another n or none yet), for nq_plan_options.census.
 * Returns 0 or the reader's error for a census that is there but
 * damaged. */
int checkpoint_census(const char *path, int n, uint32_t **census,
                      uint64_t *len);

/* Writes the result as the text lines or the JSON object of `count`.
 * `threads` 0: not known (a merge: checkpoints do not record the threads
 * that counted them), no threads line, and null in JSON. `on_device`: a
 * GPU counted the constellations, and the threads only the symmetric
 * searches, as the threads line then says. */
void count_report(struct writer *out, const struct count_request *req,
                  const struct nq_count_result *r, int threads, bool on_device,
                  const char *engine, double seconds);

/* The library's options for the count `req` asks for: the one step from
 * a request to nq_count_options and nq_plan_options, for `count`, `count
 * --checkpoint` and nqueens-mpi alike. `in_passes`: the join cut into
 * CHECKPOINT_PASSES passes at least (a run that saves its work, or whose
 * passes are handed out to ranks). `plan_options` may be NULL. */
struct nq_count_options;
struct nq_plan_options;
void count_request_options(const struct count_request *req, bool in_passes,
                           struct nq_count_options *options,
                           struct nq_plan_options *plan_options);

/* The passes a join is cut into, at least, under --checkpoint and in
 * nqueens-mpi (nq_plan_options.min_passes): each about a tenth of the
 * run. */
#define CHECKPOINT_PASSES 10

/* Runs the count with --checkpoint: resumes from the file, saves on
 * SIGINT/SIGTERM/SIGHUP and once `deadline` (--max-time, started with the
 * run: the plan, a GPU's kernel build, counts) has passed. Returns -1 with
 * *result, engine and *on_device (the plan's constellations on a GPU)
 * filled, or the exit status after saying what went wrong (128 + the
 * signal after a signal, 2 after --max-time). */
struct deadline;
int count_checkpointed(const struct count_request *req,
                       struct deadline *deadline,
                       struct nq_count_result *result, char *engine,
                       size_t engine_size, bool *on_device);

/* Ends the run (the watchdog of cli/common/deadline.h) once the limit of
 * --max-time `d` has passed, unless deadline_take_over() came first:
 * planning included, which looks at no clock. Without --checkpoint "no
 * result"; with one, nothing more saved. */
void count_watchdog(const struct count_request *req, const struct deadline *d);

#endif /* NQ_CLI_COUNT_REQUEST_H */
