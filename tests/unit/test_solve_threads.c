/*
 * test_solve_threads.c - nq_solve() and nq_solve_unique() against the
 * textbook oracle: the same solutions in the same order for 1, 2 and 3
 * threads and for buffers so small that workers keep waiting for the
 * caller; the callback only ever on the calling thread, one call at a
 * time; stopping; the unique representatives against canonical forms
 * computed the plain way and against the published unique counts.
 * nq_solve_encoded() the same way, with an encoder that writes each
 * solution's letters and a line end, parsed back.
 */
#include <pthread.h>

#include "oracle.h"

#define SOLVE_MAX_ORACLE_N 10

/* Collects what nq_solve hands out and checks how it is handed out. */
struct receiver {
    struct placements got;
    pthread_t caller;    /* the thread that called nq_solve */
    int inside;          /* calls in progress: must never exceed 1 */
    uint64_t stop_after; /* 0: never stop */
};

static int receive(const int *cols, int n, void *user)
{
    struct receiver *r = user;
    assert_true(pthread_equal(pthread_self(), r->caller));
    assert_int_equal(++r->inside, 1);
    placements_add(cols, n, &r->got);
    r->inside--;
    return r->stop_after != 0 && r->got.count == r->stop_after;
}

static struct receiver run_solve(int n, bool unique, int threads, size_t buffer,
                                 uint64_t stop_after, int expected_rc)
{
    struct receiver r = {
        .got = {.n = n}, .caller = pthread_self(), .stop_after = stop_after};
    nq_solve_options options;
    nq_solve_options_init(&options, NQ_SOLVE_OPTIONS_VERSION);
    options.threads = threads;
    options.buffer_bytes = buffer;
    int rc = unique ? nq_solve_unique(n, &options, receive, &r)
                    : nq_solve(n, &options, receive, &r);
    assert_int_equal(rc, expected_rc);
    return r;
}

static const int thread_counts[] = {0, 1, 2, 3};
/* 0: the default; 1: the smallest chunks and slots, so that workers wait. */
static const size_t buffer_sizes[] = {0, 1};

static void test_all_solutions_in_order(void **state)
{
    (void)state;
    for (int n = 1; n <= SOLVE_MAX_ORACLE_N; n++) {
        struct placements oracle = oracle_solutions(n);
        for (size_t t = 0; t < 4; t++) {
            for (size_t b = 0; b < 2; b++) {
                struct receiver r = run_solve(n, false, thread_counts[t],
                                              buffer_sizes[b], 0, NQ_OK);
                assert_same_sequence(&oracle, &r.got);
                placements_free(&r.got);
            }
        }
        placements_free(&oracle);
    }
}

static void test_order_under_back_pressure(void **state)
{
    (void)state;
    /* 14200 solutions through chunks of 4 KiB, two per slot. */
    const int n = 12;
    struct placements oracle = oracle_solutions(n);
    for (int threads = 2; threads <= 3; threads++) {
        struct receiver r = run_solve(n, false, threads, 1, 0, NQ_OK);
        assert_same_sequence(&oracle, &r.got);
        placements_free(&r.got);
    }
    placements_free(&oracle);
}

/* The oracle's solutions that equal their canonical form, in order. */
static struct placements oracle_representatives(int n)
{
    struct placements all = oracle_solutions(n);
    struct placements reps = {.n = n};
    for (size_t i = 0; i < all.count; i++) {
        int smallest[NQ_MAX_N];
        int distinct = 0;
        reference_canonical(placement_at(&all, i), n, smallest, &distinct);
        if (test_compare(smallest, placement_at(&all, i), n) == 0)
            placements_add(smallest, n, &reps);
    }
    placements_free(&all);
    return reps;
}

static void test_unique_representatives(void **state)
{
    (void)state;
    for (int n = 1; n <= SOLVE_MAX_ORACLE_N; n++) {
        struct placements reps = oracle_representatives(n);
        assert_int_equal(reps.count, oeis_counts(n).unique);
        for (size_t t = 0; t < 4; t++) {
            struct receiver r = run_solve(n, true, thread_counts[t],
                                          buffer_sizes[t % 2], 0, NQ_OK);
            assert_same_sequence(&reps, &r.got);
            placements_free(&r.got);
        }
        placements_free(&reps);
    }
}

static void test_published_counts(void **state)
{
    (void)state;
    for (int n = 11; n <= 12; n++) {
        struct oeis_row published = oeis_counts(n);
        struct receiver all = run_solve(n, false, 3, 0, 0, NQ_OK);
        assert_int_equal(all.got.count, published.total);
        struct receiver unique = run_solve(n, true, 2, 0, 0, NQ_OK);
        assert_int_equal(unique.got.count, published.unique);
        /* Valid, strictly increasing, each its class's canonical form. */
        for (size_t i = 0; i < unique.got.count; i++) {
            const int *cols = placement_at(&unique.got, i);
            assert_true(test_is_solution(cols, n));
            assert_int_equal(nq_is_canonical(cols, n), 1);
            if (i > 0)
                assert_int_equal(
                    test_compare(placement_at(&unique.got, i - 1), cols, n),
                    -1);
        }
        placements_free(&all.got);
        placements_free(&unique.got);
    }
}

static void test_stop(void **state)
{
    (void)state;
    const int n = 9; /* 352 solutions */
    struct placements oracle = oracle_solutions(n);
    const uint64_t stops[] = {1, 50, 351, 352};
    for (size_t s = 0; s < 4; s++) {
        for (size_t t = 0; t < 4; t++) {
            struct receiver r = run_solve(n, false, thread_counts[t], 1,
                                          stops[s], NQ_E_STOPPED);
            assert_int_equal(r.got.count, stops[s]);
            assert_memory_equal(r.got.cols, oracle.cols,
                                stops[s] * (size_t)n * sizeof(int));
            placements_free(&r.got);
        }
    }
    /* Stopping the unique stream on its first class. */
    struct receiver r = run_solve(8, true, 2, 0, 1, NQ_E_STOPPED);
    static const int first_unique_of_8[8] = {0, 4, 7, 5, 2, 6, 1, 3};
    assert_memory_equal(r.got.cols, first_unique_of_8,
                        sizeof first_unique_of_8);
    placements_free(&r.got);
    placements_free(&oracle);
}

static int never_called(const int *cols, int n, void *user)
{
    (void)cols;
    (void)n;
    (void)user;
    fail_msg("the callback must not run when the call is refused");
    return 1;
}

static void test_errors(void **state)
{
    (void)state;
    nq_solve_options options;
    nq_solve_options_init(&options, NQ_SOLVE_OPTIONS_VERSION);
    assert_int_equal(options.threads, 0);
    assert_int_equal(nq_solve(0, NULL, never_called, NULL), NQ_E_RANGE);
    assert_int_equal(nq_solve(NQ_MAX_N + 1, NULL, never_called, NULL),
                     NQ_E_RANGE);
    assert_int_equal(nq_solve_unique(-3, NULL, never_called, NULL), NQ_E_RANGE);
    assert_int_equal(nq_solve(8, NULL, NULL, NULL), NQ_E_INVAL);
    options.threads = -1;
    assert_int_equal(nq_solve(8, &options, never_called, NULL), NQ_E_INVAL);
    options.version = NQ_SOLVE_OPTIONS_VERSION + 1; /* not known yet */
    options.threads = 2;
    assert_int_equal(nq_solve_unique(8, &options, never_called, NULL),
                     NQ_E_INVAL);
    options.version = NQ_SOLVE_OPTIONS_VERSION;
    /* No solution is an answer, not an error. */
    options.threads = 2;
    assert_int_equal(nq_solve(3, &options, never_called, NULL), NQ_OK);
}

/* The encoded stream's side: each solution as letters 'a' + column,
 * then '\n'; emit parses them back. */
struct encoded {
    struct placements got;
    pthread_t caller;
    uint64_t stop_after_emits; /* 0: never stop */
    uint64_t emits;
};

static size_t encode_letters(const unsigned char *cols, size_t count, int n,
                             char *out, void *user)
{
    (void)user;
    char *at = out;
    for (size_t i = 0; i < count; i++) {
        for (int r = 0; r < n; r++)
            *at++ = (char)('a' + cols[i * (size_t)n + (size_t)r]);
        *at++ = '\n';
    }
    return (size_t)(at - out);
}

static int emit_letters(const char *bytes, size_t len, size_t count, void *user)
{
    struct encoded *e = user;
    const int n = e->got.n;
    assert_true(pthread_equal(pthread_self(), e->caller));
    assert_true(count > 0);
    assert_int_equal(len, count * (size_t)(n + 1));
    for (size_t i = 0; i < count; i++) {
        int cols[NQ_MAX_N];
        const char *line = bytes + i * (size_t)(n + 1);
        for (int r = 0; r < n; r++)
            cols[r] = line[r] - 'a';
        assert_int_equal(line[n], '\n');
        placements_add(cols, n, &e->got);
    }
    return ++e->emits == e->stop_after_emits;
}

static struct encoded run_encoded(int n, int threads, size_t buffer,
                                  uint64_t stop_after_emits, int expected_rc)
{
    struct encoded e = {.got = {.n = n},
                        .caller = pthread_self(),
                        .stop_after_emits = stop_after_emits};
    nq_solve_options options;
    nq_solve_options_init(&options, NQ_SOLVE_OPTIONS_VERSION);
    options.threads = threads;
    options.buffer_bytes = buffer;
    nq_solve_encoder encoder = {.encode = encode_letters,
                                .emit = emit_letters,
                                .max_bytes = (size_t)n + 1,
                                .user = &e};
    assert_int_equal(nq_solve_encoded(n, &options, &encoder), expected_rc);
    return e;
}

static void test_encoded_in_order(void **state)
{
    (void)state;
    for (int n = 1; n <= SOLVE_MAX_ORACLE_N; n++) {
        struct placements oracle = oracle_solutions(n);
        for (size_t t = 0; t < 4; t++) {
            for (size_t b = 0; b < 2; b++) {
                struct encoded e =
                    run_encoded(n, thread_counts[t], buffer_sizes[b], 0, NQ_OK);
                assert_same_sequence(&oracle, &e.got);
                placements_free(&e.got);
            }
        }
        placements_free(&oracle);
    }
    /* Many chunks through small slots, the join's table on threads. */
    struct placements oracle = oracle_solutions(12);
    for (int threads = 1; threads <= 3; threads++) {
        struct encoded e = run_encoded(12, threads, 1, 0, NQ_OK);
        assert_true(e.emits > 1);
        assert_same_sequence(&oracle, &e.got);
        placements_free(&e.got);
    }
    placements_free(&oracle);
}

static void test_encoded_stop_and_errors(void **state)
{
    (void)state;
    const int n = 12;
    struct placements oracle = oracle_solutions(n);
    for (int threads = 1; threads <= 3; threads++) {
        struct encoded e = run_encoded(n, threads, 1, 2, NQ_E_STOPPED);
        assert_int_equal(e.emits, 2);
        assert_true(e.got.count > 0 && e.got.count < oracle.count);
        assert_memory_equal(e.got.cols, oracle.cols,
                            e.got.count * (size_t)n * sizeof(int));
        placements_free(&e.got);
    }
    placements_free(&oracle);

    nq_solve_encoder encoder = {.encode = encode_letters,
                                .emit = emit_letters,
                                .max_bytes = 9,
                                .user = NULL};
    assert_int_equal(nq_solve_encoded(8, NULL, NULL), NQ_E_INVAL);
    assert_int_equal(nq_solve_encoded(0, NULL, &encoder), NQ_E_RANGE);
    assert_int_equal(nq_solve_encoded(NQ_MAX_N + 1, NULL, NULL), NQ_E_RANGE);
    nq_solve_encoder bad = encoder;
    bad.encode = NULL;
    assert_int_equal(nq_solve_encoded(8, NULL, &bad), NQ_E_INVAL);
    bad = encoder;
    bad.emit = NULL;
    assert_int_equal(nq_solve_encoded(8, NULL, &bad), NQ_E_INVAL);
    bad = encoder;
    bad.max_bytes = 0;
    assert_int_equal(nq_solve_encoded(8, NULL, &bad), NQ_E_INVAL);
    bad.max_bytes = NQ_SOLVE_MAX_ENCODED + 1;
    assert_int_equal(nq_solve_encoded(8, NULL, &bad), NQ_E_INVAL);
    nq_solve_options options;
    nq_solve_options_init(&options, NQ_SOLVE_OPTIONS_VERSION);
    options.threads = -1;
    assert_int_equal(nq_solve_encoded(8, &options, &encoder), NQ_E_INVAL);
    /* No solution: nothing emitted, an answer all the same. */
    options.threads = 2;
    struct encoded none = {.got = {.n = 3}, .caller = pthread_self()};
    encoder.user = &none;
    assert_int_equal(nq_solve_encoded(3, &options, &encoder), NQ_OK);
    assert_int_equal(none.emits, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_solutions_in_order),
        cmocka_unit_test(test_order_under_back_pressure),
        cmocka_unit_test(test_unique_representatives),
        cmocka_unit_test(test_published_counts),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_encoded_in_order),
        cmocka_unit_test(test_encoded_stop_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
