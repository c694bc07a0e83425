/*
 * test_count_tasks.c - the thread pool under the counter: every item runs
 * and is reported exactly once for any thread count, results reach the
 * callback intact, the first error or stop code wins, and nothing is
 * reported after a stop.
 */
#include <pthread.h>
#include <string.h>

#include "run/tasks.h"
#include "testutil.h"

#define ITEMS 2000

struct job {
    int ran[ITEMS];      /* written by workers, each its own slot */
    int reported[ITEMS]; /* written by the calling thread */
    size_t reports;
    size_t fail_at;    /* work fails on this index (ITEMS: never) */
    size_t stop_after; /* done stops after this many reports (0: never) */
    pthread_t caller;  /* the thread that called nq__tasks_run */
};

static int job_work(void *ctx, size_t index, void *result)
{
    struct job *j = ctx;
    j->ran[index]++;
    uint64_t value = (uint64_t)index * index + 7;
    memcpy(result, &value, sizeof value);
    return index == j->fail_at ? NQ_E_OVERFLOW : 0;
}

static int job_done(void *ctx, size_t index, const void *result)
{
    struct job *j = ctx;
    assert_true(pthread_equal(pthread_self(), j->caller));
    uint64_t value;
    memcpy(&value, result, sizeof value);
    assert_true(value == (uint64_t)index * index + 7);
    j->reported[index]++;
    j->reports++;
    return j->stop_after != 0 && j->reports == j->stop_after ? 42 : 0;
}

static void job_init(struct job *j)
{
    memset(j, 0, sizeof *j);
    j->fail_at = ITEMS;
    j->caller = pthread_self();
}

static void test_every_item_once(void **state)
{
    (void)state;
    static struct job j;
    for (int threads = 0; threads <= 5; threads++) {
        job_init(&j);
        assert_int_equal(nq__tasks_run(ITEMS, threads, sizeof(uint64_t),
                                       job_work, job_done, &j),
                         0);
        assert_int_equal(j.reports, ITEMS);
        for (size_t i = 0; i < ITEMS; i++) {
            assert_int_equal(j.ran[i], 1);
            assert_int_equal(j.reported[i], 1);
        }
    }
    /* Nothing to do, more threads than items. */
    job_init(&j);
    assert_int_equal(
        nq__tasks_run(0, 3, sizeof(uint64_t), job_work, job_done, &j), 0);
    assert_int_equal(
        nq__tasks_run(2, 8, sizeof(uint64_t), job_work, job_done, &j), 0);
    assert_int_equal(j.reports, 2);
}

static void test_errors_and_stops(void **state)
{
    (void)state;
    static struct job j;
    for (int threads = 1; threads <= 3; threads++) {
        job_init(&j);
        j.fail_at = 500;
        assert_int_equal(nq__tasks_run(ITEMS, threads, sizeof(uint64_t),
                                       job_work, job_done, &j),
                         NQ_E_OVERFLOW);
        assert_int_equal(j.reported[500], 0);
        assert_true(j.reports < ITEMS);

        job_init(&j);
        j.stop_after = 10;
        assert_int_equal(nq__tasks_run(ITEMS, threads, sizeof(uint64_t),
                                       job_work, job_done, &j),
                         42);
        assert_int_equal(j.reports, 10); /* nothing after the stop */
    }
    assert_int_equal(nq__tasks_run(5, -1, 8, job_work, NULL, NULL), NQ_E_INVAL);
    assert_int_equal(nq__tasks_run(5, 1, 8, NULL, NULL, NULL), NQ_E_INVAL);
    assert_true(nq__tasks_online_cores() >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_once),
        cmocka_unit_test(test_errors_and_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
