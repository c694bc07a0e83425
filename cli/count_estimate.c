/*
 * count_estimate.c - a count's cost, estimated before it starts. The time
 * of a count grows with its number of solutions: a count of a smaller N
 * (C) with the same engine and threads is timed, and scaled by the ratio
 * of the published totals (OEIS A000170) of N and C. The memory is what
 * the process holds once the plan is built (the join's table is built
 * then). Only public library calls are used.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "count_estimate.h"
#include "nqueens.h"

/* The published number of solutions for n = 0..27 (OEIS A000170). */
static const double published_totals[] = {1,
                                          1,
                                          0,
                                          0,
                                          2,
                                          10,
                                          4,
                                          40,
                                          92,
                                          352,
                                          724,
                                          2680,
                                          14200,
                                          73712,
                                          365596,
                                          2279184,
                                          14772512,
                                          95815104,
                                          666090624,
                                          4968057848.0,
                                          39029188884.0,
                                          314666222712.0,
                                          2691008701644.0,
                                          24233937684440.0,
                                          227514171973736.0,
                                          2207893435808352.0,
                                          22317699616364044.0,
                                          234907967154122528.0};
#define PUBLISHED_MAX_N 27

/* The total for n, the last published one grown by its last ratio
 * beyond. */
static double expected_total(int n)
{
    if (n <= PUBLISHED_MAX_N)
        return published_totals[n];
    double growth = published_totals[PUBLISHED_MAX_N] /
                    published_totals[PUBLISHED_MAX_N - 1];
    double total = published_totals[PUBLISHED_MAX_N];
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

/* "40 seconds", "3.5 minutes", "2.1 hours", "5.0 days", "12 years". */
static void format_duration(double s, char *buf, size_t size)
{
    if (s < 90)
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
 * added 8% to it). */
enum { CALIBRATION_N = 15, CALIBRATION_BELOW = 4 };

double count_estimate(const nq_plan *plan, const nq_count_options *options,
                      int threads, char *line, size_t size)
{
    int n = nq_plan_n(plan);
    char memory[32];
    format_bytes(resident_bytes(), memory, sizeof memory);
    /* The engine, and the passes of a join that runs in passes. */
    char engine[96];
    uint64_t passes = nq_plan_passes(plan);
    if (passes > 1)
        snprintf(engine, sizeof engine, "%s in %llu passes",
                 nq_plan_signature(plan), (unsigned long long)passes);
    else
        snprintf(engine, sizeof engine, "%s", nq_plan_signature(plan));
    nq_count_options calibration = *options;
    calibration.engine = nq_plan_engine(plan);
    calibration.progress = NULL;
    calibration.progress_user = NULL;
    int c = n - CALIBRATION_BELOW;
    c = c > CALIBRATION_N ? CALIBRATION_N : c < 1 ? 1 : c;
    nq_count_result result;
    double start = cli_monotonic_seconds();
    int rc = nq_count(c, &calibration, &result);
    double seconds = cli_monotonic_seconds() - start;
    if (rc != NQ_OK) {
        snprintf(line, size,
                 "count of %d: engine %s, memory %s, no estimate "
                 "of its time (%s)",
                 n, engine, memory, nq_strerror(rc));
        return -1;
    }
    double estimate = seconds * expected_total(n) / expected_total(c);
    char when[32];
    format_duration(estimate, when, sizeof when);
    snprintf(line, size,
             "count of %d: engine %s, memory %s, about %s on %d thread%s "
             "(estimated from a count of %d)",
             n, engine, memory, when, threads, threads == 1 ? "" : "s", c);
    return estimate;
}
