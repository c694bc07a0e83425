/*
 * test_threads_classic.c - the library keeps no global mutable state, so
 * several threads may run the textbook algorithms at once and each gets
 * exactly the published answer. Labelled `threads` (the name holds
 * "thread"): `make tsan` runs it under ThreadSanitizer, which reports any
 * data race the runs happen to hit.
 */
#include <pthread.h>
#include <string.h>

#include "testutil.h"

#define WORKERS 4

struct worker {
    nq_classic_method method; /* which algorithm this thread runs */
    int n;                    /* board size */
    uint64_t count;           /* solutions counted by the call */
    uint64_t seen;            /* solutions seen by the callback */
    uint64_t invalid;         /* callback placements that are not solutions */
    int rc;                   /* what nq_classic_solve returned */
};

static int check_solution(const int *cols, int n, void *user)
{
    struct worker *w = user;
    w->seen++;
    if (!test_is_solution(cols, n))
        w->invalid++;
    return 0;
}

static void *run_worker(void *arg)
{
    struct worker *w = arg;
    w->rc = nq_classic_solve(w->method, w->n, check_solution, w, &w->count);
    return NULL;
}

static void test_concurrent_solves_agree_with_published_counts(void **state)
{
    (void)state;
    struct worker workers[WORKERS];
    pthread_t threads[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        memset(&workers[i], 0, sizeof workers[i]);
        workers[i].method = (nq_classic_method)(i % NQ_CLASSIC_METHOD_COUNT);
        workers[i].n = 9 + i % 3; /* 9, 10, 11: long enough to overlap */
        assert_int_equal(
            pthread_create(&threads[i], NULL, run_worker, &workers[i]), 0);
    }
    for (int i = 0; i < WORKERS; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    for (int i = 0; i < WORKERS; i++) {
        struct oeis_row want = oeis_counts(workers[i].n);
        assert_int_equal(workers[i].rc, NQ_OK);
        assert_int_equal(workers[i].count, want.total);
        assert_int_equal(workers[i].seen, want.total);
        assert_int_equal(workers[i].invalid, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concurrent_solves_agree_with_published_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
