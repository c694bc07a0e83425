/*
 * count_estimate.c - a count's cost, estimated before it starts. The time
 * of a count grows with its number of solutions: a count of a smaller N
 * (C) with the same engine and threads is timed, and scaled by the ratio
 * of the published totals (OEIS A000170) of N and C. The memory is what
 * the process holds once the plan is built (the join's whole table is
 * built then), and for a join in passes the largest pass's table beside
 * it. Only public library calls are used.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/published.h"
#include "count/count_estimate.h"
#include "nqueens.h"

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

/* Resident memory of the process in bytes, or 0 when unknown: the second
 * number of /proc/self/statm, in pages. */
static double resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL)
        return 0;
    char text[128];
    bool read = fgets(text, sizeof text, f) != NULL;
    fclose(f);
    if (!read)
        return 0;
    char *end = NULL;
    (void)strtoull(text, &end, 10); /* the total size */
    unsigned long long resident = strtoull(end, &end, 10);
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (double)resident * (double)page : 0;
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

/* The N counted for calibration: a tenth of a second or so here, and at
 * least CALIBRATION_BELOW under N, so that the calibration costs a few
 * thousandths of the count it is for (a count of 15 before one of 17
 * added 8% to it). A small N is counted itself: smaller ones can have no
 * solutions to scale from. */
enum { CALIBRATION_N = 15, CALIBRATION_BELOW = 4 };

static int calibration_n(int n)
{
    if (n <= CALIBRATION_N)
        return n;
    int c = n - CALIBRATION_BELOW;
    return c > CALIBRATION_N ? CALIBRATION_N : c;
}

void count_estimate(const nq_plan *plan, const nq_count_options *options,
                    int threads, struct count_estimate *e)
{
    memset(e, 0, sizeof *e);
    e->n = nq_plan_n(plan);
    e->threads = threads;
    e->memory = resident_bytes() + (double)nq_plan_pass_bytes(plan);
    /* The engine, and the passes of a join that runs in passes. */
    e->passes = nq_plan_passes(plan);
    if (e->passes > 1)
        snprintf(e->engine, sizeof e->engine, "%s in %llu passes",
                 nq_plan_signature(plan), (unsigned long long)e->passes);
    else
        snprintf(e->engine, sizeof e->engine, "%s", nq_plan_signature(plan));
    nq_count_options calibration = *options;
    calibration.engine = nq_plan_engine(plan);
    calibration.progress = NULL;
    calibration.progress_user = NULL;
    e->calibration_n = calibration_n(e->n);
    nq_count_result result;
    double start = cli_monotonic_seconds();
    int rc = nq_count(e->calibration_n, &calibration, &result);
    double seconds = cli_monotonic_seconds() - start;
    e->seconds = -1;
    if (rc != NQ_OK)
        e->error = nq_strerror(rc);
    else
        e->seconds =
            seconds * expected_total(e->n) / expected_total(e->calibration_n);
}

void count_estimate_line(const struct count_estimate *e, char *line,
                         size_t size)
{
    char memory[32];
    format_bytes(e->memory, memory, sizeof memory);
    if (e->seconds < 0) {
        snprintf(line, size,
                 "count of %d: engine %s, memory %s, no estimate "
                 "of its time (%s)",
                 e->n, e->engine, memory, e->error);
        return;
    }
    char when[32];
    format_duration(e->seconds, when, sizeof when);
    snprintf(line, size,
             "count of %d: engine %s, memory %s, %s%s on %d thread%s "
             "(estimated from a count of %d)",
             e->n, e->engine, memory, e->seconds < 1 ? "" : "about ", when,
             e->threads, e->threads == 1 ? "" : "s", e->calibration_n);
}
