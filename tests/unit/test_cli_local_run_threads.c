/*
 * test_cli_local_run_threads.c - a chunk of a plan counted on a thread of
 * its own (cli/count/local_run.c: rank 0 of nqueens-mpi and count
 * --checkpoint), which needs no MPI: a chunk started on it reports every
 * id exactly once, and its counts add up to the published total, whether
 * the main thread takes them in while it runs or after; the join in passes
 * too (its tables built on that thread); a stopped chunk ends with
 * NQ_E_STOPPED, having reported each id at most once; chunk after chunk on
 * the same runner; local_wait() wakes when the chunk returns, not at the
 * end of its time.
 */
#include <string.h>
#include <time.h>

#include "count/local_run.h"
#include "testutil.h"

#define MAX_IDS 100000

struct tally {
    const nq_plan *plan;
    unsigned char seen[MAX_IDS];
    size_t reports;
    int duplicates;
    int foreign; /* ids out of the plan */
    nq_subcount sum;
    int overflow;
};

static void take(void *user, const struct local_result *r)
{
    struct tally *t = user;
    t->reports++;
    if (r->id >= nq_plan_size(t->plan) || r->id >= MAX_IDS) {
        t->foreign++;
        return;
    }
    if (t->seen[r->id]++)
        t->duplicates++;
    if (nq_subcount_add(&t->sum, &r->count) != NQ_OK)
        t->overflow++;
}

static void short_nap(void)
{
    struct timespec ts = {0, 200000L};
    nanosleep(&ts, NULL);
}

static nq_plan *make_plan(int n, nq_engine engine, unsigned min_passes)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = engine;
    options.threads = 2;
    nq_plan_options plan_options;
    nq_plan_options_init(&plan_options, NQ_PLAN_OPTIONS_VERSION);
    plan_options.min_passes = min_passes;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_ex(n, &options, &plan_options, &plan),
                     NQ_OK);
    assert_true(nq_plan_size(plan) <= MAX_IDS);
    return plan;
}

static uint64_t *all_ids(const nq_plan *plan)
{
    uint64_t size = nq_plan_size(plan);
    uint64_t *ids = test_malloc((size_t)size * sizeof *ids);
    for (uint64_t id = 0; id < size; id++)
        ids[id] = id;
    return ids;
}

/* Runs ids [from, to) of the plan as one chunk on l, taking the results in
 * while it runs; returns local_end()'s code. */
static int run_chunk(struct local_run *l, const uint64_t *ids, size_t from,
                     size_t to, struct tally *t)
{
    assert_int_equal(local_start(l, ids + from, to - from), NQ_OK);
    while (!local_finished(l)) {
        local_take(l, take, t);
        short_nap();
    }
    int rc = local_end(l);
    local_take(l, take, t);
    return rc;
}

/* The whole plan of n in `chunks` chunks on `threads` threads: every id
 * once, the published total. */
static void check_whole(int n, nq_engine engine, unsigned min_passes,
                        int threads, size_t chunks)
{
    nq_plan *plan = make_plan(n, engine, min_passes);
    if (min_passes > 1)
        assert_true(nq_plan_passes(plan) >= min_passes);
    uint64_t *ids = all_ids(plan);
    size_t size = (size_t)nq_plan_size(plan);
    struct tally *t = test_calloc(1, sizeof *t);
    t->plan = plan;
    struct local_run l;
    assert_int_equal(local_init(&l, plan, threads), NQ_OK);
    for (size_t c = 0; c < chunks; c++)
        assert_int_equal(
            run_chunk(&l, ids, size * c / chunks, size * (c + 1) / chunks, t),
            NQ_OK);
    local_free(&l);
    assert_int_equal(t->reports, size);
    assert_int_equal(t->duplicates, 0);
    assert_int_equal(t->foreign, 0);
    assert_int_equal(t->overflow, 0);
    nq_count_result result;
    assert_int_equal(nq_plan_result(plan, &t->sum, &result), NQ_OK);
    assert_true(result.total == oeis_counts(n).total);
    test_free(t);
    test_free(ids);
    nq_plan_free(plan);
}

static void test_whole_chunk(void **state)
{
    (void)state;
    for (int n = 4; n <= 12; n++) {
        check_whole(n, NQ_ENGINE_CONSTELLATIONS, 0, 1, 1);
        check_whole(n, NQ_ENGINE_JOIN, 0, 2, 1);
    }
}

static void test_chunks_and_passes(void **state)
{
    (void)state;
    check_whole(12, NQ_ENGINE_CONSTELLATIONS, 0, 2, 7);
    /* The join in passes: each chunk builds its passes' tables on the
     * runner's thread. */
    check_whole(13, NQ_ENGINE_JOIN, 10, 1, 3);
    check_whole(14, NQ_ENGINE_JOIN, 10, 2, 5);
}

/* A chunk stopped early ends with NQ_E_STOPPED, each id reported at most
 * once, none after the end. The stop comes right after the start: the
 * chunk (about 0.1 s on one thread) sees it at its first or second
 * finished subproblem. */
static void test_stop(void **state)
{
    (void)state;
    nq_plan *plan = make_plan(15, NQ_ENGINE_CONSTELLATIONS, 0);
    uint64_t *ids = all_ids(plan);
    size_t size = (size_t)nq_plan_size(plan);
    struct tally *t = test_calloc(1, sizeof *t);
    t->plan = plan;
    struct local_run l;
    assert_int_equal(local_init(&l, plan, 1), NQ_OK);
    assert_int_equal(local_start(&l, ids, size), NQ_OK);
    /* One chunk at a time. */
    assert_int_equal(local_start(&l, ids, size), NQ_E_INVAL);
    local_stop(&l);
    int rc = local_end(&l);
    local_take(&l, take, t);
    assert_int_equal(rc, NQ_E_STOPPED);
    assert_true(t->reports >= 1 && t->reports < size);
    assert_int_equal(t->duplicates, 0);
    assert_int_equal(t->foreign, 0);
    assert_int_equal(local_take(&l, take, t), 0);
    /* The runner takes the whole plan again as a new chunk. */
    memset(t->seen, 0, sizeof t->seen);
    t->reports = 0;
    assert_int_equal(run_chunk(&l, ids, 0, size, t), NQ_OK);
    assert_int_equal(t->reports, size);
    assert_int_equal(t->duplicates, 0);
    local_free(&l);
    test_free(t);
    test_free(ids);
    nq_plan_free(plan);
}

/* A runner freed with its chunk still running stops it first. */
static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A wait of ten minutes ends when the chunk returns (a count of
 * milliseconds): well within a minute on any machine. */
static void test_wait_wakes_at_end(void **state)
{
    (void)state;
    nq_plan *plan = make_plan(11, NQ_ENGINE_JOIN, 0);
    uint64_t *ids = all_ids(plan);
    struct tally *t = test_calloc(1, sizeof *t);
    t->plan = plan;
    struct local_run l;
    assert_int_equal(local_init(&l, plan, 1), NQ_OK);
    for (int round = 0; round < 3; round++) {
        memset(t->seen, 0, sizeof t->seen);
        t->reports = 0;
        double start = seconds_now();
        assert_int_equal(local_start(&l, ids, (size_t)nq_plan_size(plan)),
                         NQ_OK);
        local_wait(&l, 600L * 1000);
        assert_true(local_finished(&l));
        assert_true(seconds_now() - start < 60.0);
        assert_int_equal(local_end(&l), NQ_OK);
        local_take(&l, take, t);
        assert_int_equal(t->reports, nq_plan_size(plan));
        assert_int_equal(t->duplicates, 0);
    }
    /* After the end, a wait returns at once. */
    double start = seconds_now();
    local_wait(&l, 600L * 1000);
    assert_true(seconds_now() - start < 60.0);
    local_free(&l);
    test_free(t);
    test_free(ids);
    nq_plan_free(plan);
}

static void test_free_while_running(void **state)
{
    (void)state;
    nq_plan *plan = make_plan(14, NQ_ENGINE_CONSTELLATIONS, 0);
    uint64_t *ids = all_ids(plan);
    struct local_run l;
    assert_int_equal(local_init(&l, plan, 2), NQ_OK);
    assert_int_equal(local_start(&l, ids, (size_t)nq_plan_size(plan)), NQ_OK);
    local_free(&l);
    test_free(ids);
    nq_plan_free(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_chunk),
        cmocka_unit_test(test_chunks_and_passes),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_wait_wakes_at_end),
        cmocka_unit_test(test_free_while_running),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
