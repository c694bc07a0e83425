/*
 * test_complete.c - the completion engine against the oracle: every
 * solution of the textbook algorithm (nq_classic_solve) that keeps the
 * given queens, on hundreds of seeded random partial boards up to n = 10,
 * many of them impossible; the published totals when nothing is given;
 * the input checks; stopping and cancelling; the progress callback of a
 * threaded count on the calling thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define ORACLE_MAX_N 10
#define ORACLE_MAX_SOLUTIONS 724 /* n = 10 */
#define RANDOM_INSTANCES 600

/* Every solution of one n, in the oracle's (lexicographic) order. */
struct solutions {
    int n;
    size_t count;
    int cols[ORACLE_MAX_SOLUTIONS][ORACLE_MAX_N];
};

static int keep_solution(const int *cols, int n, void *user)
{
    struct solutions *all = user;
    assert_true(all->count < ORACLE_MAX_SOLUTIONS);
    memcpy(all->cols[all->count++], cols, sizeof(int) * (size_t)n);
    return 0;
}

static struct solutions *oracle_solutions(int n)
{
    struct solutions *all = calloc(1, sizeof *all);
    assert_non_null(all);
    all->n = n;
    assert_int_equal(
        nq_classic_solve(NQ_CLASSIC_ARRAYS, n, keep_solution, all, NULL),
        NQ_OK);
    return all;
}

static bool keeps_given(const int *cols, const int *given, int n)
{
    for (int r = 0; r < n; r++) {
        if (given[r] >= 0 && cols[r] != given[r])
            return false;
    }
    return true;
}

/* xorshift64: a seeded generator of our own, the same on every machine. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* Do the given queens attack each other, by the definition? */
static bool given_attack(const int *given, int n)
{
    for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
            if (given[a] < 0 || given[b] < 0)
                continue;
            if (given[a] == given[b] || abs(given[a] - given[b]) == b - a)
                return true;
        }
    }
    return false;
}

/* Checks what nq_complete_each streams against the oracle's list. */
struct stream_check {
    const struct solutions *all;
    const int *given;
    size_t next; /* index in all->cols of the next completion expected */
};

static int check_streamed(const int *cols, int n, void *user)
{
    struct stream_check *s = user;
    while (s->next < s->all->count &&
           !keeps_given(s->all->cols[s->next], s->given, n))
        s->next++;
    assert_true(s->next < s->all->count);
    assert_memory_equal(cols, s->all->cols[s->next], sizeof(int) * (size_t)n);
    s->next++;
    return 0;
}

static void check_instance(const struct solutions *all, const int *given)
{
    int n = all->n;
    /* The oracle: the textbook solutions that keep the given queens. */
    uint64_t expected = 0;
    const int *first = NULL;
    for (size_t i = 0; i < all->count; i++) {
        if (keeps_given(all->cols[i], given, n)) {
            if (first == NULL)
                first = all->cols[i];
            expected++;
        }
    }

    for (int threads = 1; threads <= 3; threads++) {
        nq_complete_options options;
        nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
        options.threads = threads;
        uint64_t count = 99;
        assert_int_equal(nq_complete_count(n, given, &options, &count), NQ_OK);
        assert_int_equal(count, expected);
    }

    struct stream_check s = {.all = all, .given = given, .next = 0};
    uint64_t streamed = 99;
    assert_int_equal(nq_complete_each(n, given, check_streamed, &s, &streamed),
                     NQ_OK);
    assert_int_equal(streamed, expected);

    int out[NQ_MAX_N];
    int rc = nq_complete_first(n, given, NQ_COMPLETE_LEXICOGRAPHIC, NULL, out);
    if (expected == 0) {
        assert_int_equal(rc, NQ_E_NOSOLUTION);
    } else {
        assert_int_equal(rc, NQ_OK);
        assert_memory_equal(out, first, sizeof(int) * (size_t)n);
    }
    rc = nq_complete_first(n, given, NQ_COMPLETE_FEWEST_FREE, NULL, out);
    if (expected == 0) {
        assert_int_equal(rc, NQ_E_NOSOLUTION);
    } else {
        assert_int_equal(rc, NQ_OK);
        assert_true(test_is_solution(out, n));
        assert_true(keeps_given(out, given, n));
    }
}

static void test_random_instances_against_oracle(void **state)
{
    (void)state;
    struct solutions *all[ORACLE_MAX_N + 1];
    for (int n = 1; n <= ORACLE_MAX_N; n++)
        all[n] = oracle_solutions(n);

    uint64_t seed = 0x9e3779b97f4a7c15u;
    int checked = 0, impossible = 0, conflicts = 0;
    for (int i = 0; i < RANDOM_INSTANCES; i++) {
        int n = 1 + (int)(next_random(&seed) % ORACLE_MAX_N);
        /* Each row holds a given queen with a chance from 0 to 60%. */
        unsigned percent = (unsigned)(next_random(&seed) % 61);
        int given[NQ_MAX_N];
        for (int r = 0; r < n; r++) {
            given[r] = NQ_COMPLETE_FREE_ROW;
            if (next_random(&seed) % 100 < percent)
                given[r] = (int)(next_random(&seed) % (uint64_t)n);
        }
        if (given_attack(given, n)) {
            nq_complete_conflict conflict;
            uint64_t count = 5;
            assert_int_equal(nq_complete_check(n, given, &conflict),
                             NQ_E_CONFLICT);
            assert_int_equal(nq_complete_count(n, given, NULL, &count),
                             NQ_E_CONFLICT);
            assert_int_equal(count, 0);
            conflicts++;
            continue;
        }
        assert_int_equal(nq_complete_check(n, given, NULL), NQ_OK);
        uint64_t count = 0;
        assert_int_equal(nq_complete_count(n, given, NULL, &count), NQ_OK);
        impossible += count == 0;
        check_instance(all[n], given);
        checked++;
    }
    /* The mix must hold both kinds, or the test proves little. */
    assert_true(checked >= 300);
    assert_true(impossible >= 50);
    assert_true(checked - impossible >= 50);
    assert_true(conflicts >= 50);
    for (int n = 1; n <= ORACLE_MAX_N; n++)
        free(all[n]);
}

static void test_nothing_given_gives_published_totals(void **state)
{
    (void)state;
    int given[NQ_MAX_N];
    for (int i = 0; i < NQ_MAX_N; i++)
        given[i] = NQ_COMPLETE_FREE_ROW;
    for (int n = 1; n <= 12; n++) {
        uint64_t count = 0;
        assert_int_equal(nq_complete_count(n, given, NULL, &count), NQ_OK);
        assert_int_equal(count, oeis_counts(n).total);
    }
    /* n = 8, in lexicographic order: the teaching texts' 1 5 8 6 3 7 2 4. */
    static const int first8[8] = {0, 4, 7, 5, 2, 6, 1, 3};
    int out[8];
    assert_int_equal(
        nq_complete_first(8, given, NQ_COMPLETE_LEXICOGRAPHIC, NULL, out),
        NQ_OK);
    assert_memory_equal(out, first8, sizeof first8);
}

/* Keeps the first completion a stream emits. */
struct first_kept {
    bool stop;
    int cols[NQ_MAX_N];
};

static int keep_first(const int *cols, int n, void *user)
{
    struct first_kept *kept = user;
    memcpy(kept->cols, cols, sizeof(int) * (size_t)n);
    return kept->stop;
}

static void test_big_boards(void **state)
{
    (void)state;
    /* n = 64 with a few queens, one in the last column: the masks' top
     * bit. The fewest-free-cells order finds a completion at once. */
    int given[64];
    for (int r = 0; r < 64; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
    given[10] = 63;
    given[40] = 0;
    given[63] = 31;
    int fast[64];
    assert_int_equal(
        nq_complete_first(64, given, NQ_COMPLETE_FEWEST_FREE, NULL, fast),
        NQ_OK);
    assert_true(test_is_solution(fast, 64));
    assert_true(keeps_given(fast, given, 64));

    /* Keep 48 of its queens: the lexicographically first completion must
     * be valid, keep them, come no later than `fast`, and equal what the
     * lexicographic stream emits first. `out` may be `given` itself. */
    int partial[64];
    memcpy(partial, fast, sizeof partial);
    for (int r = 0; r < 64; r += 4)
        partial[r] = NQ_COMPLETE_FREE_ROW;
    int lex[64];
    memcpy(lex, partial, sizeof lex);
    assert_int_equal(
        nq_complete_first(64, lex, NQ_COMPLETE_LEXICOGRAPHIC, NULL, lex),
        NQ_OK);
    assert_true(test_is_solution(lex, 64));
    assert_true(keeps_given(lex, partial, 64));
    assert_true(test_compare(lex, fast, 64) <= 0);
    struct first_kept kept = {.stop = true};
    assert_int_equal(nq_complete_each(64, partial, keep_first, &kept, NULL),
                     NQ_E_STOPPED);
    assert_memory_equal(kept.cols, lex, sizeof lex);

    /* The node limit: the empty 40 x 40 board needs far more than 1000
     * nodes to prove its lexicographically first solution. */
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.node_limit = 1000;
    int empty[40];
    for (int r = 0; r < 40; r++)
        empty[r] = NQ_COMPLETE_FREE_ROW;
    int out[64];
    out[0] = 77;
    assert_int_equal(
        nq_complete_first(40, empty, NQ_COMPLETE_LEXICOGRAPHIC, &options, out),
        NQ_E_TIMEOUT);
    assert_int_equal(out[0], 77);

    /* n = 3 has no solution, so an empty 3 x 3 board has no completion. */
    int three[3] = {NQ_COMPLETE_FREE_ROW, NQ_COMPLETE_FREE_ROW,
                    NQ_COMPLETE_FREE_ROW};
    assert_int_equal(
        nq_complete_first(3, three, NQ_COMPLETE_LEXICOGRAPHIC, NULL, out),
        NQ_E_NOSOLUTION);
}

static void test_input_checks(void **state)
{
    (void)state;
    int given[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    int out[8];
    uint64_t count = 0;
    nq_complete_conflict conflict;
    assert_int_equal(nq_complete_check(0, given, NULL), NQ_E_RANGE);
    assert_int_equal(nq_complete_check(65, given, NULL), NQ_E_RANGE);
    assert_int_equal(nq_complete_check(8, NULL, NULL), NQ_E_INVAL);
    assert_int_equal(
        nq_complete_first(8, given, NQ_COMPLETE_FEWEST_FREE, NULL, NULL),
        NQ_E_INVAL);
    assert_int_equal(
        nq_complete_first(8, given, (nq_complete_order)7, NULL, out),
        NQ_E_INVAL);
    assert_int_equal(nq_complete_count(8, given, NULL, NULL), NQ_E_INVAL);
    given[3] = 8;
    assert_int_equal(nq_complete_count(8, given, NULL, &count), NQ_E_INVAL);
    given[3] = -2;
    assert_int_equal(nq_complete_each(8, given, NULL, NULL, &count),
                     NQ_E_INVAL);

    /* Each way of attacking, and the first pair in row order. */
    int column[8] = {-1, 2, -1, -1, 2, -1, -1, -1};
    assert_int_equal(nq_complete_check(8, column, &conflict), NQ_E_CONFLICT);
    assert_int_equal(conflict.row_a, 1);
    assert_int_equal(conflict.row_b, 4);
    assert_int_equal(conflict.kind, NQ_COMPLETE_SAME_COLUMN);
    int diagonal[8] = {-1, 1, -1, 3, -1, -1, -1, 0};
    assert_int_equal(nq_complete_check(8, diagonal, &conflict), NQ_E_CONFLICT);
    assert_int_equal(conflict.row_a, 1);
    assert_int_equal(conflict.row_b, 3);
    assert_int_equal(conflict.kind, NQ_COMPLETE_SAME_DIAGONAL);
    int anti[8] = {6, -1, -1, -1, -1, 1, -1, 0};
    assert_int_equal(nq_complete_check(8, anti, &conflict), NQ_E_CONFLICT);
    assert_int_equal(conflict.row_a, 0);
    assert_int_equal(conflict.row_b, 5);
    assert_int_equal(conflict.kind, NQ_COMPLETE_SAME_ANTIDIAGONAL);
    assert_int_equal(
        nq_complete_first(8, anti, NQ_COMPLETE_FEWEST_FREE, NULL, out),
        NQ_E_CONFLICT);
}

static int stop_at_third(const int *cols, int n, void *user)
{
    (void)cols;
    (void)n;
    int *seen = user;
    return ++*seen == 3;
}

static int cancel_at_once(uint64_t done, uint64_t total, uint64_t solutions,
                          void *user)
{
    (void)total;
    (void)solutions;
    uint64_t *calls = user;
    ++*calls;
    return done >= 1;
}

static void test_stop_and_cancel(void **state)
{
    (void)state;
    int given[12];
    for (int r = 0; r < 12; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
    int seen = 0;
    uint64_t count = 0;
    assert_int_equal(nq_complete_each(8, given, stop_at_third, &seen, &count),
                     NQ_E_STOPPED);
    assert_int_equal(seen, 3);
    assert_int_equal(count, 3);

    uint64_t calls = 0;
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.threads = 2;
    options.progress = cancel_at_once;
    options.progress_user = &calls;
    count = 7;
    assert_int_equal(nq_complete_count(12, given, &options, &count),
                     NQ_E_STOPPED);
    assert_int_equal(count, 0);
    assert_int_equal(calls, 1);
}

/* Where the progress callback of a count ran. */
struct progress_threads {
    pthread_t caller;
    uint64_t calls;
    uint64_t elsewhere; /* calls on another thread */
    uint64_t last_done; /* subproblems done at the last call */
};

static int record_thread(uint64_t done, uint64_t total, uint64_t solutions,
                         void *user)
{
    (void)solutions;
    struct progress_threads *p = user;
    if (!pthread_equal(pthread_self(), p->caller))
        p->elsewhere++;
    p->calls++;
    assert_true(done == p->last_done + 1 && done <= total);
    p->last_done = done;
    return 0;
}

/* The header promises the progress callback runs on the thread that runs
 * the count, never on two at once: on the calling thread, whatever the
 * number of threads that search. */
static void test_progress_on_calling_thread(void **state)
{
    (void)state;
    int given[12];
    for (int r = 0; r < 12; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
    for (int threads = 1; threads <= 4; threads++) {
        struct progress_threads p = {.caller = pthread_self()};
        nq_complete_options options;
        nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
        options.threads = threads;
        options.progress = record_thread;
        options.progress_user = &p;
        uint64_t count = 0;
        assert_int_equal(nq_complete_count(12, given, &options, &count), NQ_OK);
        assert_int_equal(count, 14200);
        assert_true(p.calls > (uint64_t)threads);
        assert_int_equal(p.elsewhere, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_instances_against_oracle),
        cmocka_unit_test(test_nothing_given_gives_published_totals),
        cmocka_unit_test(test_big_boards),
        cmocka_unit_test(test_input_checks),
        cmocka_unit_test(test_stop_and_cancel),
        cmocka_unit_test(test_progress_on_calling_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
