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
 * With --json the same fields as one JSON object on one line.
 *
 * The progress display (--progress/--quiet) hooks in at count_run(),
 * where the options reach the library; --checkpoint runs the count through
 * count_checkpointed() (cli/count_checkpoint.c).
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "commands.h"
#include "count_request.h"
#include "duration.h"
#include "json.h"
#include "memory_need.h"
#include "messages.h"
#include "nqueens.h"
#include "options.h"
#include "parse.h"
#include "progress.h"
#include "writer.h"

static const char count_usage[] =
    "Usage: nqueens count [OPTIONS] N\n"
    "\n"
    "Counts the solutions of the N-queens puzzle exactly (1 <= N <= 64;\n"
    "the time grows about 7-fold with each N), with the number of classes\n"
    "under the 8 symmetries of the square (unique) and the number of\n"
    "solutions unchanged by a half turn (sym180) and a quarter turn (sym90).\n"
    "The result does not depend on the number of threads. A count that does\n"
    "not fit in 64 bits is an error, never a wrapped number.\n"
    "\n"
    "Options:\n"
    "  -t, --threads T   worker threads (default: all cores)\n"
    "  -m, --memory SIZE memory budget, such as 512M or 2G (default 2G)\n"
    "  --engine E        auto (default): join where its table fits the\n"
    "                    memory budget (N <= 20), else constellations;\n"
    "                    join: half boards joined, the fastest (memory\n"
    "                    about 33M at N=16, 780M at 18, 1.9G at 19);\n"
    "                    constellations: backtracking, any N, almost no\n"
    "                    memory\n"
    "  --json            one JSON object instead of the text lines\n"
    "  --progress        show progress on stderr also when it is not a\n"
    "                    terminal (then a line every few seconds)\n"
    "  --quiet           no progress display, not even on a terminal\n"
    "  --checkpoint FILE keep finished work in FILE (an SQLite database);\n"
    "                    the same command again resumes from it. SIGINT\n"
    "                    and SIGTERM save and exit 130 and 143. One run\n"
    "                    at a time: a FILE in use by another is refused\n"
    "  --checkpoint-interval SECONDS\n"
    "                    seconds between two saves (default 10; 0 saves\n"
    "                    every finished subproblem)\n"
    "  -h, --help        show this help and exit\n"
    "\n"
    "Output: lines 'n', 'total', 'unique', 'sym180', 'sym90', 'threads',\n"
    "'engine' and 'seconds', each followed by its value.\n"
    "\n"
    "Exit status: 0 success, 2 bad usage or a count that failed.\n";

/* Parses SIZE: a positive integer with an optional K, M, G or T suffix
 * (powers of 1024), optionally followed by B or iB. */
static bool parse_size(const char *text, uint64_t *bytes)
{
    const char *p = text;
    if (!isdigit((unsigned char)*p))
        return false;
    uint64_t value = 0;
    for (; isdigit((unsigned char)*p); p++) {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, (uint64_t)(*p - '0'), &value))
            return false;
    }
    int shift = 0;
    switch (toupper((unsigned char)*p)) {
    case 'K':
        shift = 10;
        p++;
        break;
    case 'M':
        shift = 20;
        p++;
        break;
    case 'G':
        shift = 30;
        p++;
        break;
    case 'T':
        shift = 40;
        p++;
        break;
    default:
        break;
    }
    if (shift != 0 && (*p == 'i' || *p == 'I'))
        p++;
    if (*p == 'B' || *p == 'b')
        p++;
    if (*p != '\0' || value == 0)
        return false;
    if (shift != 0 && value > (UINT64_MAX >> shift))
        return false;
    *bytes = value << shift;
    return true;
}

/* Parses the arguments; returns -1 to go on, else the exit status. */
int count_parse(int argc, char **argv, const char *usage,
                struct count_request *req)
{
    static const struct option options[] = {
        {"threads", required_argument, NULL, 't'},
        {"memory", required_argument, NULL, 'm'},
        {"json", no_argument, NULL, 'j'},
        {"engine", required_argument, NULL, COUNT_OPT_ENGINE},
        {"progress", no_argument, NULL, COUNT_OPT_PROGRESS},
        {"quiet", no_argument, NULL, COUNT_OPT_QUIET},
        {"checkpoint", required_argument, NULL, COUNT_OPT_CHECKPOINT},
        {"checkpoint-interval", required_argument, NULL, COUNT_OPT_INTERVAL},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *n_text = NULL;
    char quoted[64];
    long long value = 0;

    cli_getopt_reset();
    for (;;) {
        int c = cli_getopt(argc, argv, ":t:m:h", options, &n_text);
        if (c == -1)
            break;
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return EXIT_OK;
        case 't':
            if (!cli_parse_long(optarg, 1, NQ_MAX_THREADS, &value))
                return cli_usage_error(
                    "--threads must be an integer from 1 to %d, got '%s'",
                    NQ_MAX_THREADS, cli_quote(optarg, quoted, sizeof quoted));
            req->threads = (int)value;
            break;
        case 'm':
            if (!parse_size(optarg, &req->memory_bytes))
                return cli_usage_error(
                    "--memory must be a size such as 512M or 2G, got '%s'",
                    cli_quote(optarg, quoted, sizeof quoted));
            break;
        case 'j':
            req->json = true;
            break;
        case COUNT_OPT_ENGINE:
            if (strcmp(optarg, "auto") == 0)
                req->engine = NQ_ENGINE_AUTO;
            else if (strcmp(optarg, "join") == 0)
                req->engine = NQ_ENGINE_JOIN;
            else if (strcmp(optarg, "constellations") == 0)
                req->engine = NQ_ENGINE_CONSTELLATIONS;
            else
                return cli_usage_error(
                    "--engine must be auto, join or constellations, got '%s'",
                    cli_quote(optarg, quoted, sizeof quoted));
            break;
        case COUNT_OPT_PROGRESS:
        case COUNT_OPT_QUIET:
        case COUNT_OPT_CHECKPOINT:
        case COUNT_OPT_INTERVAL:
            if (count_parse_long_run_option(c, optarg, req) != 0)
                return EXIT_USAGE;
            break;
        default:
            return cli_option_error(c, argv);
        }
    }
    if (!cli_take_rest_n(argc, argv, &n_text))
        return EXIT_USAGE;
    if (n_text == NULL)
        return cli_usage_error("count needs N");
    if (!cli_parse_n(n_text, NQ_MAX_N, "", &req->n))
        return EXIT_USAGE;
    if (req->checkpoint_interval_set && req->checkpoint == NULL)
        return cli_usage_error("--checkpoint-interval needs --checkpoint FILE");
    return -1;
}

/* Writes the result as text lines or as one JSON object. */
void count_report(struct writer *out, const struct count_request *req,
                  const nq_count_result *r, int threads, const char *engine,
                  double seconds)
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
        json_int(&j, threads);
        json_key(&j, "engine");
        json_string(&j, engine);
        json_key(&j, "seconds");
        json_double(&j, seconds, cli_seconds_decimals(seconds));
        json_end_object(&j);
        json_end_line(&j);
    } else {
        writer_printf(out,
                      "n        %d\ntotal    %llu\nunique   %llu\n"
                      "sym180   %llu\nsym90    %llu\nthreads  %d\n"
                      "engine   %s\nseconds  %.*f\n",
                      req->n, total, unique, sym180, sym90, threads, engine,
                      cli_seconds_decimals(seconds), seconds);
    }
}

/* The budget the library takes when --memory is not given. */
#define COUNT_DEFAULT_BUDGET ((uint64_t)2 << 30)

/* How long the refusal of a budget may look for the one needed, and how
 * far above the budget: a plan is made for each budget tried, and a large
 * one takes long to make (seconds from n = 18 on). */
#define COUNT_NEED_SECONDS 2.0
#define COUNT_NEED_ABOVE ((uint64_t)256 << 20)
#define COUNT_NEED_SMALL ((uint64_t)64 << 20)

/* The refusal of a budget too small, with the budget the count needs as
 * far as a short search finds it: up to 8 times the budget (64 MiB for
 * a smaller one) and 256 MiB more at most, half the machine's memory at
 * most. */
static int count_memory_refusal(const struct count_request *req)
{
    nq_count_options options;
    nq_count_options_init(&options);
    options.threads = req->threads;
    options.engine = (nq_engine)req->engine;
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
    int rc =
        cli_memory_need(req->n, &options, ceiling, COUNT_NEED_SECONDS, &need);
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

/* Runs the count: the place where progress and checkpoints will join. */
static int count_run(const struct count_request *req, nq_count_result *result,
                     char *engine, size_t engine_size)
{
    nq_count_options options;
    nq_count_options_init(&options);
    options.threads = req->threads;
    options.memory_bytes = req->memory_bytes;
    options.engine = (nq_engine)req->engine;

    struct progress progress;
    progress_start(&progress, req->progress);
    options.progress = progress_report;
    options.progress_user = &progress;

    nq_plan *plan = NULL;
    int rc = nq_plan_create(req->n, &options, &plan);
    if (rc == 0) {
        snprintf(engine, engine_size, "%s", nq_plan_signature(plan));
        rc = nq_count_plan(plan, &options, result);
        nq_plan_free(plan);
    }
    progress_end(&progress);
    return rc;
}

int cmd_count(int argc, char **argv)
{
    struct count_request req = {0};
    int status = count_parse(argc, argv, count_usage, &req);
    if (status >= 0)
        return status;

    double start = cli_monotonic_seconds();
    nq_count_result result;
    char engine[128] = "";
    int rc = 0;
    if (req.checkpoint != NULL) {
        status = count_checkpointed(&req, &result, engine, sizeof engine);
        if (status >= 0)
            return status;
    } else {
        rc = count_run(&req, &result, engine, sizeof engine);
    }
    double seconds = cli_monotonic_seconds() - start;
    if (rc == NQ_E_NOMEM)
        return count_memory_refusal(&req);
    if (rc == NQ_E_RANGE && req.engine == NQ_ENGINE_JOIN)
        return cli_error("count of %d: the join takes N from 2 to 20 "
                         "(--engine constellations takes any N)",
                         req.n);
    if (rc != 0)
        return cli_error("count of %d: %s", req.n, nq_strerror(rc));

    struct writer out;
    if (writer_open(&out, NULL) != 0)
        return EXIT_USAGE;
    int threads = req.threads != 0 ? req.threads : nq_count_default_threads();
    count_report(&out, &req, &result, threads, engine, seconds);
    return writer_close(&out, true);
}
