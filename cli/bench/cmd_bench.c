/*
 * cmd_bench.c - `nqueens bench [N]`: every counting method side by side on
 * this machine, so a learner sees in one table what each idea buys: the
 * textbooks' three algorithms, the plain bitboard, the bitboard with mirror
 * symmetry, and the full engine on one thread and on all of them.
 *
 * Like xxHash's benchmark, it first proves each method right: every run's
 * count is checked against the published count, and a wrong one stops the
 * bench with a message and exit status 1 before any figure is shown.
 */
#define NQ_EXPERIMENTAL /* nq_count_bitboard*(): part 5 of nqueens.h */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "common/clock.h"
#include "common/duration.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "common/published.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/writer.h"

/* The published counts (common/published.h) are the bench's check. */
#define BENCH_MAX_N PUBLISHED_MAX_N
#define BENCH_DEFAULT_N 12
#define BENCH_DEFAULT_RUNS 5
#define BENCH_MAX_RUNS 1000
/* A run repeats a quick method until it lasts this long. */
#define BENCH_MIN_RUN_SECONDS 0.05
#define BENCH_MAX_REPS 1000000L

/* Environment variable naming a method whose count is made wrong on
 * purpose, so that the tests can see the correctness check fire. */
#define BENCH_FAULT_ENV "NQUEENS_BENCH_FAULT"

static const char bench_head[] =
    "Usage: nqueens bench [OPTIONS] [N]\n"
    "\n"
    "Runs every counting method on an N x N board (default 12) on this\n"
    "machine and shows them side by side: solutions, nodes (the queens\n"
    "placed), median time of several runs (a quick method is called again\n"
    "and again until a run lasts 50 ms), nodes per second, and speed-up\n"
    "over the textbook's boolean-array algorithm (with --methods: over the\n"
    "first method kept, in the order of the list below). Every run's count is\n"
    "first checked against the published count: a wrong method stops the\n"
    "bench with exit status 1. N is 1 to 27 (the published counts); the\n"
    "textbook methods take minutes beyond 15.\n"
    "\n"
    "Methods:\n"
    "  arrays      textbook: boolean arrays for columns and diagonals, an\n"
    "              O(1) test per square\n"
    "  issafe      textbook: isSafe(k, j) scans the earlier rows, O(n) a test\n"
    "  iterative   textbook: the same scan without recursion (k++ / k--)\n"
    "  bitboard    the same tree; a row's free squares in one expression\n"
    "              on three bit masks\n"
    "  mirror      bitboard on the left half of the first row, doubled\n"
    "  engine-1    the full engine (nq_count) on one thread\n"
    "  engine-all  the full engine on all cores\n"
    "\n"
    "Options:\n";

static const char bench_tail[] =
    "\n"
    "Timings are of this machine at this moment: other programs running at\n"
    "the same time slow some runs, which the median only partly hides.\n";

/* One method: runs once on n, giving the count and the nodes visited
 * (nodes is left at UINT64_MAX when the method does not count them). */
struct bench_method {
    const char *key;   /* short name, as in --help and the JSON */
    const char *label; /* the table's words */
    int (*run)(int n, uint64_t *total, uint64_t *nodes);
};

static int bench_classic(nq_classic_method method, int n, uint64_t *total)
{
    return nq_classic_solve(method, n, NULL, NULL, total);
}

static int bench_arrays(int n, uint64_t *total, uint64_t *nodes)
{
    (void)nodes;
    return bench_classic(NQ_CLASSIC_ARRAYS, n, total);
}

static int bench_issafe(int n, uint64_t *total, uint64_t *nodes)
{
    (void)nodes;
    return bench_classic(NQ_CLASSIC_ISSAFE, n, total);
}

static int bench_iterative(int n, uint64_t *total, uint64_t *nodes)
{
    (void)nodes;
    return bench_classic(NQ_CLASSIC_ITERATIVE, n, total);
}

static int bench_engine(int n, int threads, uint64_t *total)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.threads = threads;
    nq_count_result result;
    int rc = nq_count(n, &options, &result);
    *total = result.total;
    return rc;
}

static int bench_engine_one(int n, uint64_t *total, uint64_t *nodes)
{
    (void)nodes;
    return bench_engine(n, 1, total);
}

static int bench_engine_all(int n, uint64_t *total, uint64_t *nodes)
{
    (void)nodes;
    return bench_engine(n, 0, total);
}

static const struct bench_method bench_methods[] = {
    {"arrays", "textbook: boolean arrays", bench_arrays},
    {"issafe", "textbook: isSafe scan", bench_issafe},
    {"iterative", "textbook: iterative", bench_iterative},
    {"bitboard", "bitboard", nq_count_bitboard},
    {"mirror", "bitboard + mirror", nq_count_bitboard_mirror},
    {"engine-1", "engine, 1 thread", bench_engine_one},
    {"engine-all", "engine, all threads", bench_engine_all},
};

#define BENCH_METHOD_COUNT (sizeof bench_methods / sizeof *bench_methods)

/* What the bench measured for one method. */
struct bench_row {
    bool selected;  /* asked for (--methods) and so measured */
    uint64_t total; /* solutions counted */
    uint64_t nodes; /* nodes visited; UINT64_MAX: not counted */
    double median;  /* median seconds of one call over the runs */
    long reps;      /* calls per run */
};

static int bench_compare_double(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs m once on n and checks the count. Returns 0, or prints what went
 * wrong and returns the exit status. */
static int bench_run_checked(const struct bench_method *m, int n,
                             uint64_t *total, uint64_t *nodes)
{
    const char *fault = getenv(BENCH_FAULT_ENV);
    *nodes = UINT64_MAX;
    int rc = m->run(n, total, nodes);
    if (rc != NQ_OK)
        return cli_error("bench: %s failed on %d: %s", m->key, n,
                         nq_strerror(rc));
    if (fault != NULL && strcmp(fault, m->key) == 0)
        (*total)++; /* the tests' deliberate fault */
    if (*total != published_totals[n]) {
        cli_error("bench: %s counted %llu solutions of %d queens, the "
                  "published count is %llu: this method is WRONG on this "
                  "build",
                  m->key, (unsigned long long)*total, n,
                  (unsigned long long)published_totals[n]);
        return EXIT_NEGATIVE;
    }
    return 0;
}

/* More calls a run, for a run of `reps` calls that lasted `elapsed`
 * seconds, short of BENCH_MIN_RUN_SECONDS: enough to pass it by a quarter,
 * and always more than before. */
static long bench_more_reps(long reps, double elapsed)
{
    double wanted = elapsed > 0
                        ? 1.25 * BENCH_MIN_RUN_SECONDS / elapsed * (double)reps
                        : (double)BENCH_MAX_REPS;
    long more =
        wanted < (double)BENCH_MAX_REPS ? (long)wanted + 1 : BENCH_MAX_REPS;
    return more > reps ? more : reps + 1;
}

/* Times method m: one untimed call (checked) to warm up and to guess how
 * many calls make one run last BENCH_MIN_RUN_SECONDS, so that the clock's
 * resolution and the scheduler's noise stay small beside it; then `runs`
 * runs of that many calls, every call checked. The first call, cold, may
 * take many times longer than the next ones (an engine's threads start, its
 * memory is touched): a run that falls short gets more calls and the runs
 * begin again, so that every run lasts BENCH_MIN_RUN_SECONDS at least (but
 * at BENCH_MAX_REPS calls) and holds as many calls. The row gets the
 * median seconds per call. */
static int bench_measure(const struct bench_method *m, int n, int runs,
                         uint64_t textbook_nodes, struct bench_row *row)
{
    double seconds[BENCH_MAX_RUNS];
    uint64_t total = 0;
    uint64_t nodes = UINT64_MAX;
    double start = cli_monotonic_seconds();
    int status = bench_run_checked(m, n, &total, &nodes);
    if (status != 0)
        return status;
    double once = cli_monotonic_seconds() - start;
    long reps = 1;
    if (once < BENCH_MIN_RUN_SECONDS)
        reps = once > 0 ? (long)(BENCH_MIN_RUN_SECONDS / once) + 1
                        : BENCH_MAX_REPS;
    if (reps > BENCH_MAX_REPS)
        reps = BENCH_MAX_REPS;
    int done = 0;
    while (done < runs) {
        start = cli_monotonic_seconds();
        for (long r = 0; r < reps; r++) {
            status = bench_run_checked(m, n, &total, &nodes);
            if (status != 0)
                return status;
        }
        double elapsed = cli_monotonic_seconds() - start;
        if (elapsed < BENCH_MIN_RUN_SECONDS && reps < BENCH_MAX_REPS) {
            reps = bench_more_reps(reps, elapsed);
            done = 0;
            continue;
        }
        seconds[done++] = elapsed / (double)reps;
    }
    row->total = total;
    row->nodes = nodes;
    row->reps = reps;
    /* The textbook methods visit the tree nq_trace() counts. */
    if (m->run == bench_arrays || m->run == bench_issafe ||
        m->run == bench_iterative)
        row->nodes = textbook_nodes;
    if (m->run == nq_count_bitboard && textbook_nodes != UINT64_MAX &&
        row->nodes != textbook_nodes) {
        cli_error("bench: bitboard visited %llu nodes, the textbook %llu: "
                  "the trees should be the same",
                  (unsigned long long)row->nodes,
                  (unsigned long long)textbook_nodes);
        return EXIT_NEGATIVE;
    }
    qsort(seconds, (size_t)runs, sizeof *seconds, bench_compare_double);
    row->median = runs % 2 == 1
                      ? seconds[runs / 2]
                      : (seconds[runs / 2 - 1] + seconds[runs / 2]) / 2;
    return 0;
}

/* "12.3 M" style: a rate a reader can take in at a glance. */
static const char *bench_rate(double per_second, char *buf, size_t size)
{
    if (per_second >= 1e9)
        snprintf(buf, size, "%.2f G", per_second / 1e9);
    else if (per_second >= 1e6)
        snprintf(buf, size, "%.2f M", per_second / 1e6);
    else if (per_second >= 1e3)
        snprintf(buf, size, "%.2f k", per_second / 1e3);
    else
        snprintf(buf, size, "%.0f", per_second);
    return buf;
}

/* Decimals that give `ratio` three significant digits (8.00, 0.0123),
 * none from 100 on (123), at most 7 so that it fits its column. */
static int bench_ratio_decimals(double ratio)
{
    int decimals = 2;
    double limit = 1;
    while (ratio < limit && decimals < 7) {
        decimals++;
        limit /= 10;
    }
    limit = 10;
    while (ratio >= limit && decimals > 0) {
        decimals--;
        limit *= 10;
    }
    return decimals;
}

/* A speed-up with three significant digits: 0.0123, 8.00, 123. */
static const char *bench_ratio(double ratio, char *buf, size_t size)
{
    int decimals = bench_ratio_decimals(ratio);
    snprintf(buf, size, "%.*f", decimals, ratio);
    /* 9.996 rounds to 10.00: the rounded value takes one decimal less. */
    int rounded = bench_ratio_decimals(strtod(buf, NULL));
    if (rounded < decimals)
        snprintf(buf, size, "%.*f", rounded, ratio);
    return buf;
}

/* The row the speed-ups are measured against: the textbook's boolean
 * arrays, or the first method asked for when they were left out. */
static size_t bench_baseline(const struct bench_row *rows)
{
    size_t i = 0;
    while (i + 1 < BENCH_METHOD_COUNT && !rows[i].selected)
        i++;
    return i;
}

static void bench_write_table(struct writer *w, int n, int runs,
                              const struct bench_row *rows)
{
    int cores = nq_count_default_threads(); /* those it may run on */
    size_t base = bench_baseline(rows);
    writer_printf(w,
                  "nqueens bench %d: median time a call over %d run%s, on "
                  "this machine (%d core%s to run on)\n",
                  n, runs, runs == 1 ? "" : "s", cores, cores == 1 ? "" : "s");
    writer_printf(w,
                  "every run checked against the published count: %llu "
                  "solution%s\n\n",
                  (unsigned long long)published_totals[n],
                  published_totals[n] == 1 ? "" : "s");
    writer_printf(w, "%-26s %14s %12s %12s %10s\n", "method", "nodes",
                  "median s", "nodes/s", "speed-up");
    double baseline = rows[base].median;
    for (size_t i = 0; i < BENCH_METHOD_COUNT; i++) {
        const struct bench_row *r = &rows[i];
        if (!r->selected)
            continue;
        char nodes[32] = "-";
        char rate[32] = "-";
        if (r->nodes != UINT64_MAX) {
            snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)r->nodes);
            if (r->median > 0)
                bench_rate((double)r->nodes / r->median, rate, sizeof rate);
        }
        char label[64];
        if (strcmp(bench_methods[i].key, "engine-all") == 0)
            snprintf(label, sizeof label, "engine, %d thread%s", cores,
                     cores == 1 ? "" : "s");
        else
            snprintf(label, sizeof label, "%s", bench_methods[i].label);
        writer_printf(w, "%-26s %14s %12.*f %12s", label, nodes,
                      cli_seconds_decimals(r->median), r->median, rate);
        if (r->median > 0) {
            char ratio[32];
            writer_printf(
                w, " %9sx\n",
                bench_ratio(baseline / r->median, ratio, sizeof ratio));
        } else {
            writer_puts(w, "         -\n");
        }
    }
    writer_printf(w,
                  "\nspeed-up: over %s. nodes: queens placed. The textbooks' "
                  "three\nalgorithms visit the same tree; the bitboard visits "
                  "it too, with cheaper\ntests; mirror visits about half.\n",
                  bench_methods[base].key);
}

static void bench_write_json(struct writer *w, int n, int runs,
                             const struct bench_row *rows)
{
    struct json j;
    json_start(&j, w);
    json_begin_object(&j);
    json_key(&j, "n");
    json_int(&j, n);
    json_key(&j, "runs");
    json_int(&j, runs);
    json_key(&j, "cores");
    json_int(&j, nq_count_default_threads());
    json_key(&j, "published");
    json_uint(&j, published_totals[n]);
    json_key(&j, "methods");
    json_begin_array(&j);
    size_t base = bench_baseline(rows);
    double baseline = rows[base].median;
    for (size_t i = 0; i < BENCH_METHOD_COUNT; i++) {
        const struct bench_row *r = &rows[i];
        if (!r->selected)
            continue;
        json_begin_object(&j);
        json_key(&j, "method");
        json_string(&j, bench_methods[i].key);
        json_key(&j, "total");
        json_uint(&j, r->total);
        json_key(&j, "nodes");
        if (r->nodes != UINT64_MAX)
            json_uint(&j, r->nodes);
        else
            json_null(&j);
        json_key(&j, "calls_per_run");
        json_int(&j, r->reps);
        json_key(&j, "median_seconds");
        json_double(&j, r->median, 9);
        json_key(&j, "nodes_per_second");
        if (r->nodes != UINT64_MAX && r->median > 0)
            json_double(&j, (double)r->nodes / r->median, 0);
        else
            json_null(&j);
        json_key(&j, "speedup");
        if (r->median > 0)
            json_double(&j, baseline / r->median,
                        bench_ratio_decimals(baseline / r->median));
        else
            json_null(&j);
        json_end_object(&j);
    }
    json_end_array(&j);
    json_key(&j, "speedup_over");
    json_string(&j, bench_methods[base].key);
    json_end_object(&j);
    json_end_line(&j);
}

/* Marks the methods named in `list` ("arrays,mirror"). Returns false on an
 * unknown name, after saying so. */
static bool bench_select(const char *list, struct bench_row *rows)
{
    for (size_t i = 0; i < BENCH_METHOD_COUNT; i++)
        rows[i].selected = false;
    const char *p = list;
    for (;;) {
        size_t len = strcspn(p, ",");
        bool found = false;
        for (size_t i = 0; i < BENCH_METHOD_COUNT; i++) {
            if (strlen(bench_methods[i].key) == len &&
                strncmp(bench_methods[i].key, p, len) == 0) {
                rows[i].selected = true;
                found = true;
            }
        }
        if (!found) {
            char names[256] = "";
            for (size_t i = 0; i < BENCH_METHOD_COUNT; i++) {
                strcat(names, i == 0 ? "" : ", ");
                strcat(names, bench_methods[i].key);
            }
            cli_usage_error("--methods: unknown method '%.*s', the methods "
                            "are %s",
                            (int)(len < 40 ? len : 40), p, names);
            return false;
        }
        if (p[len] == '\0')
            return true;
        p += len + 1;
    }
}

/* The options after parsing. */
struct bench_args {
    int runs;
    bool json;
    const char *output;                        /* -o, NULL: standard output */
    struct bench_row rows[BENCH_METHOD_COUNT]; /* .selected by --methods */
};

/* --methods: the rows to run. */
static int set_methods(const struct opt_def *def, const char *value, void *dest)
{
    (void)def;
    return bench_select(value, dest) ? 0 : EXIT_USAGE;
}

#define ARGS struct bench_args
static const struct opt bench_opts[] = {
    OPT_INT("runs", 0, ARGS, runs, 1, BENCH_MAX_RUNS, "R",
            "runs per method, the median is shown (default 5)"),
    OPT_ONE(ARGS, rows, .name = "methods", .kind = OPTK_CALL,
            .takes_value = true, .value_name = "LIST",
            .help = "only these methods, comma-separated "
                    "(for a large N:\n"
                    "--methods bitboard,mirror,engine-1,"
                    "engine-all)",
            .set = set_methods),
    OPT_USE_HELP(opt_json, ARGS, json, "one JSON object instead of the table"),
    OPT_USE(opt_output, ARGS, output),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef ARGS

const struct optable bench_table = OPTABLE(bench_opts, 15, false);

int cmd_bench(int argc, char **argv)
{
    struct bench_args a = {.runs = BENCH_DEFAULT_RUNS};
    struct bench_row *rows = a.rows;
    for (size_t i = 0; i < BENCH_METHOD_COUNT; i++)
        rows[i].selected = true;
    const char *n_text = NULL;
    int status = optable_parse(&bench_table, argc, argv, &a, &n_text);
    if (status == OPTABLE_HELP) {
        optable_usage(bench_head, &bench_table, bench_tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    int n = BENCH_DEFAULT_N;
    if (n_text != NULL && !cli_parse_n(n_text, BENCH_MAX_N, "", &n))
        return EXIT_USAGE;

    /* The textbook's node count, from the instrumented search (untimed,
     * and as slow as the textbook: only when a row shows or checks it). */
    uint64_t textbook_nodes = UINT64_MAX;
    if (rows[0].selected || rows[1].selected || rows[2].selected) {
        nq_trace_stats stats;
        int rc = nq_trace(n, NULL, NULL, &stats);
        if (rc != NQ_OK)
            return cli_error("bench: %s", nq_strerror(rc));
        textbook_nodes = stats.placements;
    }

    for (size_t i = 0; i < BENCH_METHOD_COUNT; i++) {
        if (!rows[i].selected)
            continue;
        status = bench_measure(&bench_methods[i], n, a.runs, textbook_nodes,
                               &rows[i]);
        if (status != 0)
            return status;
    }

    struct writer out;
    if (writer_open(&out, a.output) != 0)
        return EXIT_USAGE;
    if (a.json)
        bench_write_json(&out, n, a.runs, rows);
    else
        bench_write_table(&out, n, a.runs, rows);
    return writer_close(&out, true);
}
