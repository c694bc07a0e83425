/*
 * passes.c - the cost of the join in passes, projected from a seeded
 * random sample of its passes (a count of n = 23 takes most of a day;
 * a sample of its passes takes minutes).
 *
 * The plan of N is made as `count N --memory MIB` would make it, but with
 * its passes cut from the estimated census (nq_plan_options'
 * census_estimate, as `count --part` does), so that no walk of every top
 * comes first: each pass's build then counts its own tops before it
 * fills its table, so the passes walk every top twice between them, as a
 * whole table's build does. SAMPLE passes, drawn by SEED, are each run
 * whole (every unit of the pass, on THREADS threads) and timed; the time
 * to the first finished unit is the pass's build (a unit takes
 * milliseconds), the rest its count. Then:
 *
 *   in passes   = plan + passes * mean(pass)
 *   unlimited   = passes * mean(count) + whole build
 *   whole build = passes * mean(build) * tops / built
 *
 * (the whole table of unlimited memory counts the same units and builds
 * every top once; odd n's passes build each top two or three times:
 * `built` and `tops` from nq_plan_tops()). The symmetric searches cost
 * the same either way and are left out of both.
 *
 * With a sixth argument `census`, the plan is the one `count N` makes:
 * the census of every top walked first (its time is the plan's), each
 * pass's build then filling its table alone.
 *
 * Usage: passes N SAMPLE [SEED [THREADS [MEMORY_MIB [census]]]]
 * prints one line per sampled pass, then the projection.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <nqueens.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* splitmix64: the sample's seeded draws. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

struct pass_run {
    double start, first; /* the run's start, its first unit's end */
    uint64_t units;
    nq_subcount sum;
    int overflow;
};

static int unit_done(uint64_t id, const nq_subcount *count, void *user)
{
    (void)id;
    struct pass_run *r = user;
    if (r->units++ == 0)
        r->first = now();
    if (nq_subcount_add(&r->sum, count) != 0)
        r->overflow = 1;
    return 0;
}

struct stats {
    double sum, squares;
};

static void add_stat(struct stats *s, double x)
{
    s->sum += x;
    s->squares += x * x;
}

/* The mean of k values and its standard error. */
static void mean_error(const struct stats *s, int k, double *mean,
                       double *error)
{
    *mean = s->sum / k;
    double var = k > 1 ? (s->squares - k * *mean * *mean) / (k - 1) : 0;
    *error = var > 0 ? sqrt(var / k) : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(
            stderr,
            "usage: passes N SAMPLE [SEED [THREADS [MEMORY_MIB [census]]]]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    int sample = atoi(argv[2]);
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    int threads = argc > 4 ? atoi(argv[4]) : 0;
    uint64_t mib = argc > 5 ? strtoull(argv[5], NULL, 10) : 2048;
    int census = argc > 6 && strcmp(argv[6], "census") == 0;

    nq_count_options o;
    nq_count_options_init(&o, NQ_COUNT_OPTIONS_VERSION);
    o.threads = threads;
    o.memory_bytes = mib << 20;
    o.engine = NQ_ENGINE_JOIN;
    nq_plan_options po;
    nq_plan_options_init(&po, NQ_PLAN_OPTIONS_VERSION);
    po.census_estimate = !census;

    double t0 = now();
    nq_plan *plan = NULL;
    int rc = nq_plan_create_ex(n, &o, &po, &plan);
    double plan_seconds = now() - t0;
    if (rc != 0) {
        fprintf(stderr, "passes: plan of %d: %s\n", n, nq_strerror(rc));
        return 1;
    }
    uint64_t passes = nq_plan_passes(plan), size = nq_plan_size(plan);
    if (sample < 1 || (uint64_t)sample > passes) {
        fprintf(stderr, "passes: SAMPLE must be 1..%llu\n",
                (unsigned long long)passes);
        nq_plan_free(plan);
        return 2;
    }

    /* The ids of each pass, by a counting sort. */
    uint64_t *first = calloc(passes + 1, sizeof *first);
    uint64_t *ids = malloc((size > 0 ? size : 1) * sizeof *ids);
    uint64_t *order = malloc(passes * sizeof *order);
    if (first == NULL || ids == NULL || order == NULL) {
        fprintf(stderr, "passes: out of memory\n");
        return 1;
    }
    for (uint64_t id = 0; id < size; id++) {
        uint64_t p = nq_plan_pass_of(plan, id);
        if (p != NQ_PLAN_NO_PASS)
            first[p + 1]++;
    }
    for (uint64_t p = 0; p < passes; p++)
        first[p + 1] += first[p];
    uint64_t *fill = malloc((passes + 1) * sizeof *fill);
    if (fill == NULL)
        return 1;
    for (uint64_t p = 0; p <= passes; p++)
        fill[p] = first[p];
    for (uint64_t id = 0; id < size; id++) {
        uint64_t p = nq_plan_pass_of(plan, id);
        if (p != NQ_PLAN_NO_PASS)
            ids[fill[p]++] = id;
    }
    free(fill);

    /* The sample: the first SAMPLE of a seeded shuffle of the passes. */
    for (uint64_t p = 0; p < passes; p++)
        order[p] = p;
    uint64_t state = seed;
    for (int i = 0; i < sample; i++) {
        uint64_t j = i + next_random(&state) % (passes - (uint64_t)i);
        uint64_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }

    printf("n %d: %llu passes, %llu units, memory %llu MiB, threads %d, "
           "plan (%s) %.2f s\n",
           n, (unsigned long long)passes, (unsigned long long)first[passes],
           (unsigned long long)mib, threads,
           census ? "census walked" : "census estimated", plan_seconds);
    printf("%8s %8s %10s %10s %10s\n", "pass", "units", "seconds", "build",
           "count");
    struct stats whole = {0}, build = {0}, count = {0};
    double largest = 0;
    for (int i = 0; i < sample; i++) {
        uint64_t p = order[i];
        struct pass_run r = {0};
        r.start = now();
        rc = nq_plan_run(plan, ids + first[p], first[p + 1] - first[p], threads,
                         unit_done, &r);
        double end = now();
        if (rc != 0 || r.overflow) {
            fprintf(stderr, "passes: pass %llu: %s\n", (unsigned long long)p,
                    nq_strerror(rc != 0 ? rc : NQ_E_OVERFLOW));
            return 1;
        }
        double built = r.units > 0 ? r.first - r.start : end - r.start;
        printf("%8llu %8llu %10.3f %10.3f %10.3f\n", (unsigned long long)p,
               (unsigned long long)r.units, end - r.start, built,
               end - r.first);
        fflush(stdout);
        add_stat(&whole, end - r.start);
        add_stat(&build, built);
        add_stat(&count, end - r.start - built);
        if (end - r.start > largest)
            largest = end - r.start;
    }

    double m_whole, e_whole, m_build, e_build, m_count, e_count;
    mean_error(&whole, sample, &m_whole, &e_whole);
    mean_error(&build, sample, &m_build, &e_build);
    mean_error(&count, sample, &m_count, &e_count);
    uint64_t tops = 0, built = 0;
    nq_plan_tops(plan, &tops, &built);
    double k = (double)passes;
    double in_passes = plan_seconds + k * m_whole;
    double whole_build = built > 0 ? k * m_build * tops / built : k * m_build;
    double unlimited = k * m_count + whole_build;
    printf("mean pass %.3f s (+- %.3f), build %.3f s (+- %.3f), count "
           "%.3f s (+- %.3f), largest %.3f s\n",
           m_whole, e_whole, m_build, e_build, m_count, e_count, largest);
    printf("tops %.4g, built by the passes %.4g (%.2f times)\n", (double)tops,
           (double)built, tops > 0 ? (double)built / tops : 0.0);
    printf("projected: in passes %.0f s (+- %.0f), unlimited memory %.0f s, "
           "ratio %.3f\n",
           in_passes, k * e_whole, unlimited, in_passes / unlimited);
    free(first);
    free(ids);
    free(order);
    nq_plan_free(plan);
    return 0;
}
