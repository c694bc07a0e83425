/*
 * count_estimate.c - a count's cost, said before it starts, at once at any
 * N. The plan is outlined, not made (nq_plan_outline(): the engine, the
 * passes, the tops and the memory, with the census of the tops estimated
 * from random probes instead of walked), and its time comes from a model
 * of each engine's cost fitted to counts measured on the project's
 * two-core development machine (bench/README.md, "Estimates"):
 *
 *   join:            5.55 ns a top walked + 3.42 ns a solution
 *   constellations:  100 ns a solution
 *
 * on one thread, where the join walks each top twice for its whole table
 * (a count, then a fill) and for a plan in passes the census once, then
 * the tops each pass builds, 4 more for each group a pass's table holds
 * and as many as there are groups for each pass (the cost the plan's own
 * cut weighs). Fitted at n = 16 to 22 (a two-parameter least squares of
 * the logarithms), the model is within 0.8 to 1.3 of each measured count
 * there; more threads divide it by 1 + 0.85 for each further core used,
 * and any count spends about 12 ms starting (n = 14 takes about 20 ms).
 * The solutions are the published totals (OEIS A000170), grown by their
 * last ratio beyond. bench/estimate.sh prints the estimate beside the
 * real time.
 *
 * Machines differ, and the same machine's speed drifts by up to 2x from
 * day to day, so the model is scaled by the machine's speed now: a small
 * count of the join (n = 13 on one thread, a few milliseconds), the
 * fastest of five, against its time on the machine the model describes.
 * NQUEENS_SPEED (a factor: 2 is twice as fast as that machine) stands in
 * for the measure, for estimates that must not vary.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "common/messages.h"
#include "common/published.h"
#include "count/count_estimate.h"
#include "nqueens.h"

/* The model's constants: seconds on one thread. */
#define MODEL_JOIN_TOP 5.55e-9
#define MODEL_JOIN_SOLUTION 3.42e-9
#define MODEL_CONSTELLATIONS_SOLUTION 1.0e-7
#define MODEL_SETUP 0.012       /* the start, plan and threads of any count */
#define MODEL_PASS_GROUP_TOPS 4 /* tops a held group costs */
#define MODEL_THREAD_GAIN 0.85  /* the speed each further core adds */

/* The measure of the machine's speed: the join's count of CALIBRATE_N on
 * one thread, the fastest of CALIBRATE_RUNS, took CALIBRATE_SECONDS on
 * the machine the model describes. */
#define CALIBRATE_N 13
#define CALIBRATE_RUNS 5
#define CALIBRATE_SECONDS 2.2e-3

/* The total for n, the last published one grown by its last ratio
 * beyond. */
static double expected_total(int n)
{
    if (n <= PUBLISHED_MAX_N)
        return (double)published_totals[n];
    double growth = (double)published_totals[PUBLISHED_MAX_N] /
                    (double)published_totals[PUBLISHED_MAX_N - 1];
    double total = (double)published_totals[PUBLISHED_MAX_N];
    for (int k = PUBLISHED_MAX_N; k < n; k++)
        total *= growth;
    return total;
}

/* "512.0 MiB" and the like. */
static void format_bytes(double bytes, char *buf, size_t size)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024 && u < 4) {
        bytes /= 1024;
        u++;
    }
    snprintf(buf, size, "%.*f %s", u == 0 ? 0 : 1, bytes, units[u]);
}

/* "under a second", "40 seconds", "3.5 minutes", "2.1 hours", "5.0 days",
 * "12 years". */
static void format_duration(double s, char *buf, size_t size)
{
    if (s < 1)
        snprintf(buf, size, "under a second");
    else if (s < 1.5)
        snprintf(buf, size, "1 second");
    else if (s < 90)
        snprintf(buf, size, "%.0f seconds", s);
    else if (s < 5400)
        snprintf(buf, size, "%.1f minutes", s / 60);
    else if (s < 172800)
        snprintf(buf, size, "%.1f hours", s / 3600);
    else if (s < 3 * 365.25 * 86400)
        snprintf(buf, size, "%.1f days", s / 86400);
    else
        snprintf(buf, size, "%.0f years", s / (365.25 * 86400));
}

double count_model_seconds(int join, double walked, double solutions,
                           int threads)
{
    double work =
        join ? MODEL_JOIN_TOP * walked + MODEL_JOIN_SOLUTION * solutions
             : MODEL_CONSTELLATIONS_SOLUTION * solutions;
    int cores = nq_count_default_threads(); /* those it may run on */
    int used = threads;
    if (used > cores)
        used = cores;
    if (used < 1)
        used = 1;
    return work / (1 + MODEL_THREAD_GAIN * (used - 1));
}

/* How many times slower than the model's machine this one counts now
 * (see the head of the file), within 1/16 and 16. */
static double machine_slowness(void)
{
    const char *speed = getenv("NQUEENS_SPEED");
    if (speed != NULL && *speed != '\0') {
        char *end = NULL;
        double v = strtod(speed, &end);
        if (*end == '\0' && v >= 1.0 / 16 && v <= 16)
            return 1 / v;
        cli_note("NQUEENS_SPEED '%s' is not a factor from 0.0625 to 16: "
                 "the machine's speed is measured instead",
                 speed);
    }
    nq_count_options o;
    nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION);
    o.threads = 1;
    o.engine = NQ_ENGINE_JOIN;
    double best = -1;
    for (int i = 0; i < CALIBRATE_RUNS; i++) {
        nq_count_result r;
        double start = cli_monotonic_seconds();
        if (nq_count(CALIBRATE_N, &o, &r) != NQ_OK)
            return 1;
        double took = cli_monotonic_seconds() - start;
        if (best < 0 || took < best)
            best = took;
    }
    double slowness = best / CALIBRATE_SECONDS;
    return slowness < 1.0 / 16 ? 1.0 / 16 : slowness > 16 ? 16 : slowness;
}

/* The tops the join walks (see the head of the file). */
static double walked_tops(const nq_outline *o)
{
    if (o->passes <= 1)
        return 2 * o->tops;
    return (o->census ? o->tops : 0) + o->built +
           MODEL_PASS_GROUP_TOPS * (double)o->held +
           (double)o->passes * (double)o->groups;
}

int count_estimate(int n, const nq_count_options *options,
                   const nq_plan_options *plan_options, int threads,
                   struct count_estimate *e)
{
    memset(e, 0, sizeof *e);
    e->n = n;
    e->threads = threads;
    e->seconds = -1;
    nq_outline o;
    int rc = nq_plan_outline(n, options, plan_options, &o);
    if (rc != 0) {
        e->error = nq_strerror(rc);
        return rc;
    }
    e->passes = o.passes;
    e->memory = (double)o.bytes;
    e->tops = o.tops;
    snprintf(e->signature, sizeof e->signature, "%s", o.signature);
    if (o.passes > 1)
        snprintf(e->engine, sizeof e->engine, "%s in %llu passes", o.signature,
                 (unsigned long long)o.passes);
    else
        snprintf(e->engine, sizeof e->engine, "%s", o.signature);
    if (o.engine == NQ_ENGINE_GPU) {
        /* No model of a device's time: devices differ by orders of
         * magnitude, and none was at hand to fit one. Said so, rather
         * than the CPU's time under the device's name. */
        e->on_device = true;
        return 0;
    }
    bool join = o.engine == NQ_ENGINE_JOIN;
    e->speed = 1 / machine_slowness();
    e->seconds =
        MODEL_SETUP + count_model_seconds(join, join ? walked_tops(&o) : 0,
                                          expected_total(n), threads) /
                          e->speed;
    return 0;
}

void count_estimate_line(const struct count_estimate *e, char *line,
                         size_t size)
{
    char memory[32];
    format_bytes(e->memory, memory, sizeof memory);
    if (e->on_device) {
        const char *api = nq_gpu_api();
        snprintf(line, size,
                 "count of %d: engine %s on %s %s device, memory %s, "
                 "time unknown (no model of a device's cost: "
                 "bench/gpu/device-check.sh times one)",
                 e->n, e->engine, strcmp(api, "OpenCL") == 0 ? "an" : "a", api,
                 memory);
        return;
    }
    char when[32];
    format_duration(e->seconds, when, sizeof when);
    snprintf(line, size,
             "count of %d: engine %s, memory %s, %s%s on %d thread%s "
             "(a model of the engine's cost)",
             e->n, e->engine, memory, e->seconds < 1 ? "" : "about ", when,
             e->threads, e->threads == 1 ? "" : "s");
}
