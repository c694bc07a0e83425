/*
 * cmd_count.c - `nqueens count N`: the exact number of solutions, the
 * unique count and the counts of solutions unchanged by a half or a quarter
 * turn, from nq_count() on all cores.
 *
 * Output (text), one "key value" line each, so that people read it and
 * scripts can pick a line with grep or awk:
 *   n        8
 *   total    92
 *   unique   12
 *   sym180   4
 *   sym90    0
 *   threads  2
 *   engine   constellations/1 n=8
 *   seconds  0.001
 * With --json the same fields as one JSON object on one line. A count on
 * a GPU says what the threads counted:
 *   threads  2 (sym180 and sym90; the rest on the device)
 *
 * The progress display (--progress/--quiet) hooks in at count_run(),
 * where the options reach the library; --checkpoint runs the count through
 * count_checkpointed() (cli/count/count_checkpoint.c).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "common/clock.h"
#include "common/deadline.h"
#include "common/duration.h"
#include "common/interrupt.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "common/progress.h"
#include "count/census_file.h"
#include "count/count_estimate.h"
#include "count/count_part.h"
#include "count/count_request.h"
#include "count/count_tally.h"
#include "count/memory_need.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/writer.h"

static const char count_head[] =
    "Usage: nqueens count [OPTIONS] N\n"
    "\n"
    "Counts the solutions of the N-queens puzzle exactly (1 <= N <= 64;\n"
    "the time grows about 7-fold with each N), with the number of classes\n"
    "under the 8 symmetries of the square (unique) and the number of\n"
    "solutions unchanged by a half turn (sym180) and a quarter turn (sym90).\n"
    "The result does not depend on the number of threads. A count that does\n"
    "not fit in 64 bits is an error, never a wrapped number.\n"
    "\n"
    "Options:\n";

static const char count_tail[] =
    "\n"
    "Output: lines 'n', 'total', 'unique', 'sym180', 'sym90', 'threads',\n"
    "'engine' and 'seconds', each followed by its value (with --engine gpu\n"
    "the threads count sym180 and sym90 only, as their line says). A part\n"
    "(--part) gives 'n', 'part', 'subproblems', 'solutions', 'sym180',\n"
    "'sym90', 'engine' and 'seconds': its own sums, which `nqueens merge`\n"
    "adds up.\n"
    "\n"
    "Exit status: 0 success, 2 bad usage or a count that failed, 130,\n"
    "143 or 129 stopped by SIGINT, SIGTERM or SIGHUP (with --checkpoint,\n"
    "the finished work saved first).\n";

#define REQ struct count_request
static const struct opt count_opts[] = {
    OPT_USE(opt_threads, REQ, threads),
    OPT_USE(count_opt_memory, REQ, memory_bytes),
    OPT_USE_HELP(count_opt_engine, REQ, engine,
                 "auto (default): join for N <= 23 where it fits\n"
                 "the memory budget (whole or in passes), else\n"
                 "constellations (with a note, which --dry-run\n"
                 "shows as its engine);\n"
                 "join: half boards joined, the fastest; its whole\n"
                 "table takes about 33M at N=16, 778M at 18, 1.9G\n"
                 "at 19, 17.3G at 20, and where that does not fit\n"
                 "the memory budget it runs in passes, a part of\n"
                 "the table at a time (slower);\n"
                 "constellations: backtracking, any N, almost no\n"
                 "memory;\n"
                 "gpu: the constellations on an OpenCL device (a\n"
                 "CUDA one in a -DNQ_GPU_API=CUDA build), N <= 32;\n"
                 "auto takes it from N = 18 on where a GPU is found"),
    OPT_USE_GIVEN(count_opt_device, REQ, device, device_set,
                  "the device of --engine gpu, numbered as\n"
                  "--list-devices numbers them (default: the first\n"
                  "GPU, else the first device); implies --engine gpu"),
    OPT_USE(count_opt_list_devices, REQ, list_devices),
    OPT_USE(opt_json, REQ, json),
    OPT_USE_HELP(opt_output, REQ, output,
                 "write to FILE, complete or not at all"),
    OPT_USE_HELP(opt_max_time, REQ, max_time,
                 "give up after SEC seconds, the plan included,\n"
                 "exit status 2 (default 0: no limit); with\n"
                 "--checkpoint the work is saved"),
    OPT_USE_HELP(count_opt_progress, REQ, progress,
                 "show progress on stderr also when it is not a\n"
                 "terminal (then a line every few seconds)"),
    OPT_USE_HELP(count_opt_quiet, REQ, progress,
                 "no progress display, not even on a terminal"),
    OPT_USE_HELP(count_opt_checkpoint, REQ, checkpoint,
                 "keep finished work in FILE (an SQLite database);\n"
                 "the same command again resumes from it. SIGINT,\n"
                 "SIGTERM and SIGHUP save and exit 130, 143 and\n"
                 "129. One run at a time: a FILE in use by another\n"
                 "is refused. The join then runs in ten passes or\n"
                 "more, even where its whole table fits, so that a\n"
                 "resume redoes little (slower by up to 2x at odd N)"),
    OPT_USE_GIVEN(count_opt_interval, REQ, checkpoint_interval,
                  checkpoint_interval_set,
                  "seconds between two saves (default 10; 0 saves\n"
                  "every finished subproblem); each pass of the join\n"
                  "is also saved as it ends"),
    OPT_USE_ARGS(count_opt_part, NULL),
    OPT_USE(count_opt_census, REQ, census),
    OPT_USE(count_opt_dry_run, REQ, dry_run),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef REQ

/* The table of `nqueens count`, for its parse and for the tests. */
const struct optable count_table = OPTABLE(count_opts, 20, false);

/* Writes the result as text lines or as one JSON object; threads 0 (not
 * known) leaves the threads line out, and is null in JSON. On a device
 * the threads counted the symmetric searches alone (count_plan.c's
 * plan_run_gpu()): the line says so, lest it read as the count's. */
void count_report(struct writer *out, const struct count_request *req,
                  const nq_count_result *r, int threads, bool on_device,
                  const char *engine, double seconds)
{
    unsigned long long total = r->total, unique = r->unique;
    unsigned long long sym180 = r->sym180, sym90 = r->sym90;
    if (req->json) {
        struct json j;
        json_start(&j, out);
        json_begin_object(&j);
        json_key(&j, "n");
        json_int(&j, req->n);
        json_key(&j, "total");
        json_uint(&j, total);
        json_key(&j, "unique");
        json_uint(&j, unique);
        json_key(&j, "sym180");
        json_uint(&j, sym180);
        json_key(&j, "sym90");
        json_uint(&j, sym90);
        json_key(&j, "threads");
        if (threads > 0)
            json_int(&j, threads);
        else
            json_null(&j);
        json_key(&j, "engine");
        json_string(&j, engine);
        json_key(&j, "seconds");
        json_double(&j, seconds, cli_seconds_decimals(seconds));
        json_end_object(&j);
        json_end_line(&j);
    } else {
        writer_printf(out,
                      "n        %d\ntotal    %llu\nunique   %llu\n"
                      "sym180   %llu\nsym90    %llu\n",
                      req->n, total, unique, sym180, sym90);
        if (threads > 0)
            writer_printf(out, "threads  %d%s\n", threads,
                          on_device ? " (sym180 and sym90; the rest on the "
                                      "device)"
                                    : "");
        writer_printf(out, "engine   %s\nseconds  %.*f\n", engine,
                      cli_seconds_decimals(seconds), seconds);
    }
}

/* The budget the library takes when --memory is not given. */
#define COUNT_DEFAULT_BUDGET ((uint64_t)2 << 30)

/* How long the refusal of a budget may look for the one needed (seconds
 * of processor time), and how far above the budget: a plan is made for
 * each budget tried, and a large one takes long to make (seconds from
 * n = 18 on). */
#define COUNT_NEED_SECONDS 2.0
#define COUNT_NEED_ABOVE ((uint64_t)256 << 20)
#define COUNT_NEED_SMALL ((uint64_t)64 << 20)

/* The budget the count needs is searched up to 8 times the budget
 * (64 MiB for a smaller one) and 256 MiB more at most, half the
 * machine's memory at most; its plans are those of the count, in the
 * passes of a checkpoint where there is one. */
static int count_memory_refusal(const struct count_request *req)
{
    nq_count_options options;
    nq_plan_options plan_options;
    count_request_options(req, req->checkpoint != NULL, &options,
                          &plan_options);
    uint64_t budget =
        req->memory_bytes != 0 ? req->memory_bytes : COUNT_DEFAULT_BUDGET;
    options.memory_bytes = budget;
    uint64_t ceiling = cli_memory_of_machine() / 2;
    uint64_t span = budget <= UINT64_MAX / 8 ? budget * 8 : UINT64_MAX;
    if (span < COUNT_NEED_SMALL)
        span = COUNT_NEED_SMALL;
    if (ceiling > span)
        ceiling = span;
    if (budget <= UINT64_MAX - COUNT_NEED_ABOVE &&
        ceiling > budget + COUNT_NEED_ABOVE)
        ceiling = budget + COUNT_NEED_ABOVE;
    struct memory_need need;
    int rc = cli_memory_need(req->n, &options, &plan_options, ceiling,
                             COUNT_NEED_SECONDS, &need);
    char size[32], given[48], low[32], high[32];
    cli_format_bytes(size, sizeof size, budget);
    snprintf(given, sizeof given,
             req->memory_bytes != 0 ? "the %s given" : "the default %s", size);
    cli_format_bytes(low, sizeof low, need.low);
    cli_format_bytes(high, sizeof high, need.high);
    const char *hint = req->engine == NQ_ENGINE_JOIN
                           ? "; --engine constellations needs almost none"
                           : "";
    if (rc != 0)
        return cli_error("count of %d needs more memory than %s (--memory)%s",
                         req->n, given, hint);
    if (need.high == 0)
        return cli_error("count of %d needs a memory budget above %s; %s "
                         "is too small (--memory)%s",
                         req->n, low, given, hint);
    if (need.high - need.low > need.high / 8)
        return cli_error("count of %d needs a memory budget of %s to %s, "
                         "more than %s (--memory)%s",
                         req->n, low, high, given, hint);
    return cli_error("count of %d needs a memory budget of about %s, more "
                     "than %s (--memory)%s",
                     req->n, high, given, hint);
}

int count_failure(const struct count_request *req, int rc,
                  const char *gpu_message)
{
    if (req->engine == NQ_ENGINE_GPU &&
        (rc == NQ_E_UNSUPPORTED || rc == NQ_E_DEVICE || rc == NQ_E_RANGE ||
         (rc == NQ_E_NOMEM && gpu_message != NULL && gpu_message[0] != '\0')))
        return count_gpu_error(req, rc, gpu_message);
    if (rc == NQ_E_NOMEM)
        return count_memory_refusal(req);
    if (rc == NQ_E_RANGE && req->engine == NQ_ENGINE_JOIN)
        return cli_error("count of %d: the join takes N from 2 to 23 "
                         "(--engine constellations takes any N)",
                         req->n);
    return cli_error("count of %d: %s", req->n, nq_strerror(rc));
}

/* Draws progress, and stops the count at --max-time or a signal. */
static int count_progress(uint64_t done, uint64_t total, uint64_t solutions,
                          void *user)
{
    return progress_report(done, total, solutions, user) != 0 ||
           interrupt_signal() != 0;
}

/* What a count is in for: said before one projected to take more than a
 * minute (unless --quiet), and all that --dry-run writes (to `out`). The
 * estimate outlines the plan instead of making it, so it comes at once,
 * before a census of minutes. Sets *seconds to the estimate (negative:
 * none made). Returns 0, or the error that makes the count impossible
 * (--dry-run only). */
static int count_announce(const struct count_request *req,
                          const nq_count_options *options,
                          const nq_plan_options *plan_options,
                          struct writer *out, double *seconds)
{
    *seconds = -1;
    if (!req->dry_run &&
        (req->n < COUNT_ESTIMATE_FROM_N || req->progress == PROGRESS_OFF))
        return 0;
    int threads = req->threads != 0 ? req->threads : nq_count_default_threads();
    struct count_estimate e;
    int rc = count_estimate(req->n, options, plan_options, threads, &e);
    if (rc != 0)
        return req->dry_run ? rc : 0;
    *seconds = e.seconds;
    if (req->dry_run && req->json) {
        struct json j;
        json_start(&j, out);
        json_begin_object(&j);
        json_key(&j, "n");
        json_int(&j, e.n);
        json_key(&j, "engine");
        json_string(&j, e.signature);
        json_key(&j, "passes");
        json_uint(&j, e.passes);
        json_key(&j, "memory_bytes");
        json_uint(&j, (uint64_t)e.memory);
        json_key(&j, "threads");
        json_int(&j, e.threads);
        json_key(&j, "estimated_seconds");
        if (e.on_device)
            json_null(&j);
        else
            json_double(&j, e.seconds, cli_seconds_decimals(e.seconds));
        json_key(&j, "machine_speed");
        if (e.on_device)
            json_null(&j);
        else
            json_double(&j, e.speed, 2);
        json_key(&j, "tops");
        if (e.tops > 0)
            json_double(&j, e.tops, 0);
        else
            json_null(&j);
        json_end_object(&j);
        json_end_line(&j);
        return 0;
    }
    char line[256];
    count_estimate_line(&e, line, sizeof line);
    if (req->dry_run)
        writer_printf(out, "%s\n", line);
    else if (e.seconds > 60)
        cli_note("%s", line);
    return 0;
}

/* Runs the count without a checkpoint. Returns an NQ_ code, or
 * NQ_E_STOPPED after --dry-run. */
static int count_run(const struct count_request *req, nq_count_result *result,
                     char *engine, size_t engine_size, bool *on_device,
                     struct deadline *deadline, struct writer *out,
                     char *gpu_message, size_t gpu_message_size)
{
    nq_count_options options;
    nq_plan_options plan_options;
    /* With --checkpoint (only --dry-run comes here): the plan it would
     * run. */
    count_request_options(req, req->checkpoint != NULL, &options,
                          &plan_options);
    /* The engine of the run it would resume, as count_checkpoint_plan()
     * takes it. */
    if (req->checkpoint != NULL && options.engine == NQ_ENGINE_AUTO)
        options.engine = (nq_engine)checkpoint_engine(req->checkpoint);
    options.device_message = gpu_message;
    options.device_message_size = gpu_message_size;

    double start = cli_monotonic_seconds();
    double estimate = -1;
    int rc = count_announce(req, &options, &plan_options, out, &estimate);
    if (req->dry_run)
        return rc != 0 ? rc : NQ_E_STOPPED;
    nq_plan *plan = NULL;
    rc = nq_plan_create_ex(req->n, &options, &plan_options, &plan);
    if (rc != 0) {
        deadline_take_over(); /* this error is the ending, not the limit's */
        return rc;
    }
    count_engine_name(plan, engine, engine_size);
    *on_device = nq_plan_engine(plan) == NQ_ENGINE_GPU;
    count_note_fallback(req, options.engine, plan);

    struct progress progress;
    progress_start(&progress, req->progress);
    progress_expect(&progress, start, estimate);
    progress.deadline = deadline;
    options.progress = count_progress;
    options.progress_user = &progress;
    interrupt_install();
    rc = nq_count_plan(plan, &options, result);
    deadline_take_over(); /* the watchdog, if not already ending it, lets the
                          run end as it will */
    nq_plan_free(plan);
    progress_end(&progress);
    if (rc == NQ_E_STOPPED && interrupt_signal() != 0)
        count_say_lost("", cli_monotonic_seconds() - start, progress.done,
                       progress.total);
    return rc;
}

/* A count checks the time only when a subproblem ends, and the join's
 * census, its table and its passes are built for seconds without one
 * (`count 21 --max-time 1` gave up after half a minute): a watchdog ends
 * the run at the limit, planning included. No grace: a count without a
 * checkpoint writes nothing before its result, so the watchdog cuts
 * nothing, and deadline_take_over() keeps it off a result being written
 * (with two seconds of grace, `count 19 --engine join --max-time 0.3` ran
 * for 2.4 s). With --checkpoint (and in nqueens-mpi) it watches the plan
 * alone, which saves nothing: the run then stops itself, saving what it
 * has done since the last commit, which the watchdog would lose. */
void count_watchdog(const struct count_request *req, const struct deadline *d)
{
    static char message[384];
    if (req->checkpoint == NULL) {
        snprintf(message, sizeof message,
                 "count of %d stopped by --max-time %g: no result", req->n,
                 d->seconds);
    } else {
        char name[256];
        snprintf(message, sizeof message,
                 "count of %d stopped by --max-time %g while planning, "
                 "before any work was saved in '%s'",
                 req->n, d->seconds,
                 cli_quote(req->checkpoint, name, sizeof name));
    }
    deadline_enforce(d, 0, message);
}

/* Counts and writes the result to `out`; returns the exit status. */
static int count_write(const struct count_request *req, struct writer *out)
{
    double start = cli_monotonic_seconds();
    struct deadline deadline;
    deadline_start(&deadline, req->max_time);
    nq_count_result result;
    char engine[128] = "";
    bool on_device = false;
    char gpu_message[1024] = "";
    int rc = 0;
    if (req->checkpoint != NULL && !req->dry_run) {
        int status = count_checkpointed(req, &deadline, &result, engine,
                                        sizeof engine, &on_device);
        if (status >= 0)
            return status;
    } else {
        if (!req->dry_run)
            count_watchdog(req, &deadline);
        rc = count_run(req, &result, engine, sizeof engine, &on_device,
                       &deadline, out, gpu_message, sizeof gpu_message);
        if (req->dry_run && rc == NQ_E_STOPPED)
            return EXIT_OK;
        if (rc == NQ_E_STOPPED && interrupt_signal() != 0)
            return interrupt_exit_status();
    }
    double seconds = cli_monotonic_seconds() - start;
    if (rc == NQ_E_STOPPED && deadline.passed)
        return cli_error("count of %d stopped by --max-time %g: no result",
                         req->n, req->max_time);
    if (rc != 0)
        return count_failure(req, rc, gpu_message);

    if (req->parts > 0) {
        count_part_report(out, req, &result, engine, seconds);
        return EXIT_OK;
    }
    int threads = req->threads != 0 ? req->threads : nq_count_default_threads();
    count_report(out, req, &result, threads, on_device, engine, seconds);
    return EXIT_OK;
}

int cmd_count(int argc, char **argv)
{
    struct count_request req = {0};
    int status =
        count_parse(argc, argv, &count_table, count_head, count_tail, &req);
    if (status >= 0)
        return status;
    if (req.checkpoint != NULL && (status = count_check_host()) != 0)
        return status;

    struct writer out;
    if (writer_open(&out, req.output) != 0)
        return EXIT_USAGE;
    status = count_write(&req, &out);
    return writer_close(&out, status == EXIT_OK) != 0 ? EXIT_USAGE : status;
}
