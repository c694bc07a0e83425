/*
 * test_pool_threads.c - the thread pool behind every parallel call
 * (run/pool.h), in both its modes.
 *
 * Any order: every item runs and is reported exactly once for any thread
 * count, results reach the callback intact on the calling thread, worker
 * indices stay below the thread count, one thread runs everything inline.
 * In id order: the pieces reach the caller in id order and make up the
 * serial sequence, however small the window and the cap of pieces per
 * item, and no worker runs ahead of the window nor queues past the cap.
 * Both: the first non-zero code (of a work item, of a callback, of the
 * tick) stops the run and is returned, and nothing is reported after it.
 * The default number of workers follows the CPU affinity, not the cores
 * online.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, sched_setaffinity, CPU_COUNT */
#endif
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "run/pool.h"
#include "testutil.h"

#define ITEMS 2000

/* Checks made on the workers: counted, and the count asserted on the
 * calling thread after each run (cmocka's asserts belong to the test's own
 * thread). */
static atomic_int faults;
#define EXPECT(cond) ((cond) ? (void)0 : (void)atomic_fetch_add(&faults, 1))

/* Sleeps `us` microseconds: work long enough for the tick to come. */
static void nap(long us)
{
    struct timespec t = {0, us * 1000L};
    nanosleep(&t, NULL);
}

/* ---- any order --------------------------------------------------------- */

struct job {
    int ran[ITEMS];      /* written by workers, each its own slot */
    int reported[ITEMS]; /* written by the calling thread */
    size_t reports;
    int threads;             /* workers asked for (0: all cores) */
    size_t fail_at;          /* work fails on this index (ITEMS: never) */
    size_t stop_after;       /* done stops after this many reports (0: never) */
    long work_us;            /* each item sleeps this long */
    int stop_ticks;          /* tick stops at this call (0: never) */
    int ticks;               /* tick calls */
    atomic_bool cancel;      /* the pool's: set once the run stops */
    bool fail_when_stopping; /* work fails (99) once the run stopped */
    atomic_int worker_seen[NQ_MAX_THREADS]; /* items per worker index */
    pthread_t caller;                       /* the thread that ran the pool */
    bool work_on_caller; /* a work item ran on the calling thread */
};

static int job_work(void *ctx, int worker, size_t index, void *result)
{
    struct job *j = ctx;
    EXPECT(worker >= 0 && worker < nq__pool_threads(j->threads));
    atomic_fetch_add(&j->worker_seen[worker], 1);
    if (pthread_equal(pthread_self(), j->caller))
        j->work_on_caller = true; /* only read when the run was inline */
    j->ran[index]++;
    if (j->work_us > 0)
        nap(j->work_us);
    uint64_t value = (uint64_t)index * index + 7;
    memcpy(result, &value, sizeof value);
    if (j->fail_when_stopping && atomic_load(&j->cancel))
        return 99; /* as a cancelled search would */
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

static int job_tick(void *ctx)
{
    struct job *j = ctx;
    assert_true(pthread_equal(pthread_self(), j->caller));
    j->ticks++;
    return j->stop_ticks != 0 && j->ticks == j->stop_ticks ? 77 : 0;
}

static void job_init(struct job *j, int threads)
{
    memset(j, 0, sizeof *j);
    j->threads = threads;
    j->fail_at = ITEMS;
    j->caller = pthread_self();
    atomic_init(&j->cancel, false);
    for (int i = 0; i < NQ_MAX_THREADS; i++)
        atomic_init(&j->worker_seen[i], 0);
}

static int job_run(struct job *j, size_t count)
{
    struct nq__pool_job job = {.count = count,
                               .threads = j->threads,
                               .result_size = sizeof(uint64_t),
                               .work = job_work,
                               .done = job_done,
                               .tick = job_tick,
                               .ctx = j,
                               .cancel = &j->cancel};
    int rc = nq__pool_run(&job);
    assert_int_equal(atomic_exchange(&faults, 0), 0);
    return rc;
}

static void test_every_item_once(void **state)
{
    (void)state;
    static struct job j;
    for (int threads = 0; threads <= 5; threads++) {
        job_init(&j, threads);
        assert_int_equal(job_run(&j, ITEMS), 0);
        assert_int_equal(j.reports, ITEMS);
        for (size_t i = 0; i < ITEMS; i++) {
            assert_int_equal(j.ran[i], 1);
            assert_int_equal(j.reported[i], 1);
        }
        int sum = 0;
        for (int w = 0; w < NQ_MAX_THREADS; w++)
            sum += atomic_load(&j.worker_seen[w]);
        assert_int_equal(sum, ITEMS);
    }
    /* Nothing to do, more threads than items. */
    job_init(&j, 3);
    assert_int_equal(job_run(&j, 0), 0);
    job_init(&j, 8);
    assert_int_equal(job_run(&j, 2), 0);
    assert_int_equal(j.reports, 2);
    for (int w = 2; w < NQ_MAX_THREADS; w++)
        assert_int_equal(atomic_load(&j.worker_seen[w]), 0);
}

static void test_one_thread_runs_inline(void **state)
{
    (void)state;
    static struct job j;
    job_init(&j, 1);
    assert_int_equal(job_run(&j, 100), 0);
    assert_true(j.work_on_caller);
    assert_int_equal(atomic_load(&j.worker_seen[0]), 100);
    /* With several workers the work runs on them. */
    job_init(&j, 3);
    assert_int_equal(job_run(&j, 100), 0);
    assert_false(j.work_on_caller);
}

static void test_errors_and_stops(void **state)
{
    (void)state;
    static struct job j;
    for (int threads = 1; threads <= 3; threads++) {
        /* An error of a work item stops the run and is returned. */
        job_init(&j, threads);
        j.fail_at = 500;
        assert_int_equal(job_run(&j, ITEMS), NQ_E_OVERFLOW);
        assert_int_equal(j.reported[500], 0);
        assert_true(j.reports < ITEMS);

        /* So is the code of done; nothing is reported after it. */
        job_init(&j, threads);
        j.stop_after = 10;
        assert_int_equal(job_run(&j, ITEMS), 42);
        assert_int_equal(j.reports, 10);

        /* The first code wins: items that fail because the run stopped
         * (they poll `cancel`) do not replace its code. */
        job_init(&j, threads);
        j.stop_after = 10;
        j.work_us = 100;
        j.fail_when_stopping = true;
        assert_int_equal(job_run(&j, ITEMS), 42);
        assert_int_equal(j.reports, 10);

        /* The tick runs on the calling thread and can stop the run. */
        job_init(&j, threads);
        j.work_us = 200;
        j.stop_ticks = 3;
        assert_int_equal(job_run(&j, ITEMS), 77);
        assert_int_equal(j.ticks, 3);
        assert_true(j.reports < ITEMS);
    }
    struct nq__pool_job bad = {.count = 5, .threads = -1, .work = job_work};
    assert_int_equal(nq__pool_run(&bad), NQ_E_INVAL);
    bad.threads = 1;
    bad.work = NULL;
    assert_int_equal(nq__pool_run(&bad), NQ_E_INVAL);
    assert_true(nq__pool_cores() >= 1);
    assert_true(nq__pool_cores() <= NQ_MAX_THREADS);
    assert_int_equal(nq__pool_threads(0), nq__pool_cores());
    assert_int_equal(nq__pool_threads(3), 3);
    assert_int_equal(nq__pool_threads(NQ_MAX_THREADS + 5), NQ_MAX_THREADS);
    assert_int_equal(NQ_SOLVE_MAX_THREADS, NQ_MAX_THREADS);
}

/* 0 threads: the cores the process may run on. Pinned to one of its
 * cores (as `taskset -c`), the pool's default is one worker, however
 * many the machine has online. */
static void test_default_follows_affinity(void **state)
{
    (void)state;
#ifdef CPU_COUNT
    cpu_set_t was;
    CPU_ZERO(&was);
    assert_int_equal(sched_getaffinity(0, sizeof was, &was), 0);
    int cores = CPU_COUNT(&was);
    assert_int_equal(nq__pool_cores(),
                     cores < NQ_MAX_THREADS ? cores : NQ_MAX_THREADS);
    if (cores < 2)
        skip(); /* one core already: nothing to tell apart */
    int first = 0;
    while (!CPU_ISSET(first, &was))
        first++;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    assert_int_equal(sched_setaffinity(0, sizeof one, &one), 0);
    int pinned = nq__pool_cores();
    int threads = nq__pool_threads(0);
    assert_int_equal(sched_setaffinity(0, sizeof was, &was), 0);
    assert_int_equal(pinned, 1);
    assert_int_equal(threads, 1);
#else
    skip();
#endif
}

/* ---- in id order --------------------------------------------------------- */

#define IDS 300
#define PER_PIECE 5 /* values a piece holds */

/* Values item `id` makes: 0 for some, up to a few pieces' worth. */
static size_t values_of(uint64_t id)
{
    return (size_t)((id * 7) % 23);
}

struct stream {
    int threads;
    size_t window, slot_cap;
    uint64_t ids;            /* items next hands out */
    uint64_t next_id;        /* the id next expects (under the pool's lock) */
    uint64_t fail_at;        /* produce fails (-5) on this id (IDS: never) */
    uint64_t next_fail_at;   /* next fails (-7) at this id (IDS: never) */
    size_t stop_at_piece;    /* deliver stops (42) at this piece (0: never) */
    int stop_ticks;          /* tick stops (77) at this call (0: never) */
    long deliver_us;         /* each delivery sleeps this long */
    bool fail_when_stopping; /* produce fails (99) once the run stopped */
    atomic_bool cancel;      /* the pool's: set once the run stops */
    pthread_t caller;
    bool produce_on_caller; /* a piece was made on the calling thread */
    /* Pieces emitted but not yet delivered, and the most seen. */
    atomic_long outstanding;
    atomic_long most_outstanding;
    /* The first id whose values have not all been delivered. */
    atomic_uint_least64_t incomplete;
    /* The calling thread's: */
    uint64_t delivered_id; /* id of the last piece delivered */
    size_t delivered_of_id;
    size_t pieces;
    size_t values; /* delivered so far */
    uint64_t serial[IDS * 23];
    int ticks;
};

static int stream_next(void *ctx, uint64_t id, void *item)
{
    struct stream *s = ctx;
    EXPECT(id == s->next_id); /* in turn, one call at a time */
    /* The window: no id is handed out a window past the first one that
     * has not been delivered. */
    EXPECT(id < atomic_load(&s->incomplete) + s->window);
    if (id == s->next_fail_at)
        return -7;
    if (id >= s->ids)
        return 0;
    s->next_id++;
    memcpy(item, &id, sizeof id);
    return 1;
}

/* A piece is emitted: counts it as outstanding. */
static void count_emitted(struct stream *s)
{
    long now = atomic_fetch_add(&s->outstanding, 1) + 1;
    long most = atomic_load(&s->most_outstanding);
    while (now > most &&
           !atomic_compare_exchange_weak(&s->most_outstanding, &most, now)) {
    }
}

static int stream_produce(void *ctx, int worker, uint64_t id, const void *item,
                          struct nq__pool_piece **piece,
                          struct nq__pool_out *out)
{
    struct stream *s = ctx;
    EXPECT(worker >= 0 && worker < nq__pool_threads(s->threads));
    if (pthread_equal(pthread_self(), s->caller))
        s->produce_on_caller = true; /* only read when the run was inline */
    uint64_t from_item;
    memcpy(&from_item, item, sizeof from_item);
    EXPECT(from_item == id);
    if (id == s->fail_at)
        return -5;
    struct nq__pool_piece *c = *piece;
    EXPECT(c != NULL && c->count == 0);
    size_t values = values_of(id);
    for (size_t k = 0; k < values && c != NULL; k++) {
        uint64_t value = id << 20 | k;
        memcpy(c->data + c->count * sizeof value, &value, sizeof value);
        if (++c->count == PER_PIECE) {
            count_emitted(s);
            c = nq__pool_emit(out, c);
            EXPECT(c == NULL || c->count == 0);
        }
    }
    if (c != NULL && c->count > 0)
        count_emitted(s);
    *piece = c;
    if (s->fail_when_stopping && atomic_load(&s->cancel))
        return 99;
    return 0;
}

static int stream_deliver(void *ctx, uint64_t id,
                          const struct nq__pool_piece *piece)
{
    struct stream *s = ctx;
    assert_true(pthread_equal(pthread_self(), s->caller));
    assert_true(piece->count > 0 && piece->count <= PER_PIECE);
    assert_true(s->pieces == 0 || id >= s->delivered_id);
    if (s->pieces == 0 || id != s->delivered_id)
        s->delivered_of_id = 0;
    s->delivered_id = id;
    for (size_t k = 0; k < piece->count; k++) {
        uint64_t value;
        memcpy(&value, piece->data + k * sizeof value, sizeof value);
        assert_true(value == s->serial[s->values]);
        s->values++;
    }
    s->delivered_of_id += piece->count;
    if (s->delivered_of_id == values_of(id)) {
        uint64_t next = id + 1;
        while (next < IDS && values_of(next) == 0)
            next++;
        atomic_store(&s->incomplete, next);
    }
    atomic_fetch_sub(&s->outstanding, 1);
    s->pieces++;
    if (s->deliver_us > 0)
        nap(s->deliver_us);
    return s->stop_at_piece != 0 && s->pieces == s->stop_at_piece ? 42 : 0;
}

static int stream_tick(void *ctx)
{
    struct stream *s = ctx;
    assert_true(pthread_equal(pthread_self(), s->caller));
    s->ticks++;
    return s->stop_ticks != 0 && s->ticks == s->stop_ticks ? 77 : 0;
}

static void stream_init(struct stream *s, int threads, size_t window,
                        size_t slot_cap)
{
    memset(s, 0, sizeof *s);
    s->threads = threads;
    s->window = window;
    s->slot_cap = slot_cap;
    s->ids = IDS;
    s->fail_at = IDS;
    s->next_fail_at = IDS + 1;
    s->caller = pthread_self();
    atomic_init(&s->cancel, false);
    atomic_init(&s->outstanding, 0);
    atomic_init(&s->most_outstanding, 0);
    atomic_init(&s->incomplete, 0);
    size_t at = 0;
    for (uint64_t id = 0; id < IDS; id++) {
        for (size_t k = 0; k < values_of(id); k++)
            s->serial[at++] = id << 20 | k;
    }
    uint64_t first = 0;
    while (first < IDS && values_of(first) == 0)
        first++;
    atomic_store(&s->incomplete, first);
}

static int stream_run(struct stream *s)
{
    struct nq__pool_stream run = {.threads = s->threads,
                                  .window = s->window,
                                  .slot_cap = s->slot_cap,
                                  .item_size = sizeof(uint64_t),
                                  .piece_size = PER_PIECE * sizeof(uint64_t),
                                  .next = stream_next,
                                  .produce = stream_produce,
                                  .deliver = stream_deliver,
                                  .tick = stream_tick,
                                  .ctx = s,
                                  .cancel = &s->cancel};
    int rc = nq__pool_run_ordered(&run);
    assert_int_equal(atomic_exchange(&faults, 0), 0);
    return rc;
}

static size_t all_values(void)
{
    size_t all = 0;
    for (uint64_t id = 0; id < IDS; id++)
        all += values_of(id);
    return all;
}

static void test_in_order_with_pieces(void **state)
{
    (void)state;
    static struct stream s;
    const size_t shapes[][2] = {{1, 1}, {2, 1}, {1, 3}, {3, 2}, {16, 4}};
    for (int threads = 0; threads <= 5; threads++) {
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            stream_init(&s, threads, shapes[k][0], shapes[k][1]);
            assert_int_equal(stream_run(&s), 0);
            assert_int_equal(s.values, all_values());
            assert_int_equal(s.next_id, IDS);
            assert_int_equal(atomic_load(&s.outstanding), 0);
        }
    }
}

/* A slow caller: the workers wait for it, within the window and the cap
 * (each id in flight holds at most slot_cap pieces, and the caller one
 * more that it is delivering). */
static void test_back_pressure(void **state)
{
    (void)state;
    static struct stream s;
    const size_t shapes[][2] = {{1, 1}, {2, 1}, {2, 2}, {4, 1}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        stream_init(&s, 4, shapes[k][0], shapes[k][1]);
        s.deliver_us = 20;
        assert_int_equal(stream_run(&s), 0);
        assert_int_equal(s.values, all_values());
        long most = atomic_load(&s.most_outstanding);
        assert_true(most >= 1);
        assert_true((size_t)most <= s.window * s.slot_cap + 1);
    }
}

static void test_stream_one_thread_runs_inline(void **state)
{
    (void)state;
    static struct stream s;
    stream_init(&s, 1, 1, 1);
    assert_int_equal(stream_run(&s), 0);
    assert_true(s.produce_on_caller);
    assert_int_equal(s.values, all_values());
    stream_init(&s, 3, 4, 2);
    assert_int_equal(stream_run(&s), 0);
    assert_false(s.produce_on_caller);
}

static void test_stream_errors_and_stops(void **state)
{
    (void)state;
    static struct stream s;
    for (int threads = 1; threads <= 4; threads++) {
        /* deliver stops the run: nothing is delivered after it. */
        stream_init(&s, threads, 4, 2);
        s.stop_at_piece = 30;
        assert_int_equal(stream_run(&s), 42);
        assert_int_equal(s.pieces, 30);

        /* The first code wins over the errors it causes. */
        stream_init(&s, threads, 4, 2);
        s.stop_at_piece = 30;
        s.fail_when_stopping = true;
        assert_int_equal(stream_run(&s), 42);
        assert_int_equal(s.pieces, 30);

        /* An error of produce stops the run: no later id is delivered. */
        stream_init(&s, threads, 4, 2);
        s.fail_at = 50;
        assert_int_equal(stream_run(&s), -5);
        assert_true(s.pieces > 0 && s.delivered_id < 50);

        /* So does an error of next. */
        stream_init(&s, threads, 4, 2);
        s.next_fail_at = 20;
        assert_int_equal(stream_run(&s), -7);
        assert_true(s.delivered_id < 20);

        /* The tick runs on the calling thread and can stop the run. */
        stream_init(&s, threads, 4, 2);
        s.deliver_us = 1000;
        s.stop_ticks = 3;
        assert_int_equal(stream_run(&s), 77);
        assert_int_equal(s.ticks, 3);
        assert_true(s.values < all_values());
    }
    struct nq__pool_stream bad = {.threads = 2,
                                  .window = 0,
                                  .slot_cap = 1,
                                  .next = stream_next,
                                  .produce = stream_produce,
                                  .deliver = stream_deliver};
    assert_int_equal(nq__pool_run_ordered(&bad), NQ_E_INVAL);
    bad.window = 1;
    bad.slot_cap = 0;
    assert_int_equal(nq__pool_run_ordered(&bad), NQ_E_INVAL);
    bad.slot_cap = 1;
    bad.threads = -1;
    assert_int_equal(nq__pool_run_ordered(&bad), NQ_E_INVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_once),
        cmocka_unit_test(test_one_thread_runs_inline),
        cmocka_unit_test(test_errors_and_stops),
        cmocka_unit_test(test_default_follows_affinity),
        cmocka_unit_test(test_in_order_with_pieces),
        cmocka_unit_test(test_back_pressure),
        cmocka_unit_test(test_stream_one_thread_runs_inline),
        cmocka_unit_test(test_stream_errors_and_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
