/*
 * pool.c - the thread pool behind every parallel call of the library (see
 * pool.h): counting, the join tables' builds, completion counts and the
 * solve stream.
 *
 * Any order: workers take the next item index from one atomic counter
 * (dynamic scheduling: a long item never holds up the others), write the
 * result into the item's own slot and append the index to a queue. The
 * calling thread looks at the queue every DRAIN_MS and calls `done` for
 * what it finds, so callbacks never run on two threads at once and always
 * on the thread that asked for the run.
 *
 * In id order: a worker takes the next id under the lock (the `next`
 * callback makes the item), produces its output as pieces queued on the
 * id's slot, and the calling thread hands the pieces of the oldest
 * unfinished id (the head) to `deliver`, then moves to the next id.
 * Memory is bounded twice: workers never run more than `window` ids ahead
 * of the head, and a slot holds at most `slot_cap` pieces (a worker that
 * fills its slot waits until the calling thread drains it). The head slot
 * is always being drained, so the pipeline cannot deadlock. Until the
 * first piece goes out, only the head is handed out: the first output
 * (the first solution a user waits for) then has the processors to
 * itself instead of sharing them with look-ahead work.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run/pool.h"

/* How often the calling thread of an any-order run looks for finished
 * items, and the period of the tick in both modes. */
#define DRAIN_MS 5

int nq__pool_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    /* The processors this process may run on (taskset, a container's
     * cpuset, mpirun's binding), not all those online. A mask of more
     * processors than cpu_set_t holds fails: then the online ones. */
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        cores = CPU_COUNT(&set);
#endif
    if (cores < 1)
        return 1;
    return cores > NQ_MAX_THREADS ? NQ_MAX_THREADS : (int)cores;
}

int nq__pool_threads(int threads)
{
    if (threads <= 0)
        return nq__pool_cores();
    return threads > NQ_MAX_THREADS ? NQ_MAX_THREADS : threads;
}

/* ---- what both modes share ---------------------------------------------- */

/* The time `ms` milliseconds from now on the monotonic clock. */
static struct timespec ms_from_now(long ms)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_nsec += ms * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

/* The optional tick of a run, on the calling thread. */
struct ticker {
    nq__pool_tick_fn fn; /* NULL: no tick */
    void *ctx;           /* handed to fn */
    struct timespec due; /* the next call, on the monotonic clock */
};

static void ticker_init(struct ticker *t, nq__pool_tick_fn fn, void *ctx)
{
    t->fn = fn;
    t->ctx = ctx;
    t->due = (struct timespec){0, 0};
    if (fn != NULL)
        t->due = ms_from_now(DRAIN_MS);
}

/* True when the tick should run now (then the next one is set). */
static bool ticker_due(struct ticker *t)
{
    if (t->fn == NULL)
        return false;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec < t->due.tv_sec ||
        (now.tv_sec == t->due.tv_sec && now.tv_nsec < t->due.tv_nsec))
        return false;
    t->due = ms_from_now(DRAIN_MS);
    return true;
}

/* A condition variable whose timed waits run on the monotonic clock. */
static void cond_init_monotonic(pthread_cond_t *cond)
{
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(cond, &monotonic);
    pthread_condattr_destroy(&monotonic);
}

/* One worker thread: the run it serves and its index in it. */
struct member {
    void *run;
    int index;
};

/* The worker threads of a run. */
struct crew {
    pthread_t *ids;
    struct member *members;
    int started; /* threads running (or ended, not yet joined) */
};

/* Starts up to `threads` threads of main(member) and says in c->started
 * how many started (0 when none could: the caller then works alone).
 * Returns 0 or NQ_E_NOMEM. */
static int crew_start(struct crew *c, int threads, void *(*main)(void *),
                      void *run)
{
    c->started = 0;
    c->ids = calloc((size_t)threads, sizeof *c->ids);
    c->members = calloc((size_t)threads, sizeof *c->members);
    if (c->ids == NULL || c->members == NULL) {
        free(c->ids);
        free(c->members);
        return NQ_E_NOMEM;
    }
    for (; c->started < threads; c->started++) {
        struct member *m = &c->members[c->started];
        m->run = run;
        m->index = c->started;
        if (pthread_create(&c->ids[c->started], NULL, main, m) != 0)
            break;
    }
    return 0;
}

static void crew_join(struct crew *c)
{
    for (int i = 0; i < c->started; i++)
        pthread_join(c->ids[i], NULL);
    free(c->ids);
    free(c->members);
}

/* ---- any order --------------------------------------------------------- */

struct job_run {
    const struct nq__pool_job *job;
    unsigned char *results; /* count slots of result_size bytes */

    atomic_size_t next; /* the next index to hand out */
    atomic_bool stop;   /* set once the run must end early */

    pthread_mutex_t lock; /* guards everything below */
    pthread_cond_t wake;  /* signalled on an error and when a worker ends */
    size_t *finished;     /* indices in order of completion */
    size_t produced;      /* entries written to finished */
    int live;             /* workers still running */
    int error;            /* the code that stopped the run, 0 if none */
};

/* Stops the run with `code` (the first one kept); with the lock held. */
static void job_stop(struct job_run *r, int code)
{
    if (r->error == 0)
        r->error = code;
    atomic_store(&r->stop, true);
    if (r->job->cancel != NULL)
        atomic_store(r->job->cancel, true);
}

static void *job_worker(void *arg)
{
    const struct member *m = arg;
    struct job_run *r = m->run;
    const struct nq__pool_job *job = r->job;
    while (!atomic_load(&r->stop)) {
        size_t index = atomic_fetch_add(&r->next, 1);
        if (index >= job->count)
            break;
        int rc = job->work(job->ctx, m->index, index,
                           r->results + index * job->result_size);
        pthread_mutex_lock(&r->lock);
        if (rc != 0) {
            job_stop(r, rc);
            pthread_cond_signal(&r->wake);
        } else {
            r->finished[r->produced++] = index;
        }
        /* The caller looks for finished items every DRAIN_MS on its own:
         * a wake-up per item would cost more than a short item (the join
         * has tens of thousands of a few microseconds). */
        pthread_mutex_unlock(&r->lock);
    }
    pthread_mutex_lock(&r->lock);
    r->live--;
    pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* One worker: everything on the calling thread, no locks needed. */
static int job_inline(const struct nq__pool_job *job)
{
    unsigned char *result = malloc(job->result_size > 0 ? job->result_size : 1);
    if (result == NULL)
        return NQ_E_NOMEM;
    struct ticker tick;
    ticker_init(&tick, job->tick, job->ctx);
    int rc = 0;
    for (size_t i = 0; i < job->count && rc == 0; i++) {
        rc = job->work(job->ctx, 0, i, result);
        if (rc == 0 && job->done != NULL)
            rc = job->done(job->ctx, i, result);
        if (rc == 0 && ticker_due(&tick))
            rc = tick.fn(tick.ctx);
    }
    if (rc != 0 && job->cancel != NULL)
        atomic_store(job->cancel, true);
    free(result);
    return rc;
}

/* The calling thread's part: report finished items and tick until every
 * worker has ended. */
static void job_drain(struct job_run *r)
{
    const struct nq__pool_job *job = r->job;
    struct ticker tick;
    ticker_init(&tick, job->tick, job->ctx);
    size_t consumed = 0;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        if (job->done == NULL)
            consumed = r->produced;
        while (r->error == 0 && consumed < r->produced) {
            size_t index = r->finished[consumed++];
            pthread_mutex_unlock(&r->lock);
            int rc = job->done(job->ctx, index,
                               r->results + index * job->result_size);
            pthread_mutex_lock(&r->lock);
            if (rc != 0)
                job_stop(r, rc);
        }
        if (r->live == 0 && (r->error != 0 || consumed == r->produced))
            break;
        if (r->error == 0 && ticker_due(&tick)) {
            pthread_mutex_unlock(&r->lock);
            int rc = tick.fn(tick.ctx);
            pthread_mutex_lock(&r->lock);
            if (rc != 0)
                job_stop(r, rc);
            continue;
        }
        struct timespec until = ms_from_now(DRAIN_MS);
        pthread_cond_timedwait(&r->wake, &r->lock, &until);
    }
    pthread_mutex_unlock(&r->lock);
}

int nq__pool_run(const struct nq__pool_job *job)
{
    if (job == NULL || job->work == NULL || job->threads < 0)
        return NQ_E_INVAL;
    if (job->count == 0)
        return 0;
    int threads = nq__pool_threads(job->threads);
    if ((size_t)threads > job->count)
        threads = (int)job->count;
    if (threads == 1)
        return job_inline(job);

    if (job->result_size > 0 && job->count > SIZE_MAX / job->result_size)
        return NQ_E_NOMEM;
    struct job_run r = {.job = job, .live = threads};
    atomic_init(&r.next, 0);
    atomic_init(&r.stop, false);
    r.results = malloc(job->result_size * job->count + 1);
    r.finished = calloc(job->count, sizeof *r.finished);
    if (r.results == NULL || r.finished == NULL) {
        free(r.results);
        free(r.finished);
        return NQ_E_NOMEM;
    }
    pthread_mutex_init(&r.lock, NULL);
    cond_init_monotonic(&r.wake);

    struct crew crew;
    int rc = crew_start(&crew, threads, job_worker, &r);
    bool alone = false; /* no thread started: the calling thread works */
    if (rc == 0) {
        alone = crew.started == 0;
        if (!alone) {
            pthread_mutex_lock(&r.lock);
            r.live -= threads - crew.started; /* those that did not start */
            pthread_mutex_unlock(&r.lock);
            job_drain(&r);
            rc = r.error;
        }
        crew_join(&crew);
    }
    pthread_cond_destroy(&r.wake);
    pthread_mutex_destroy(&r.lock);
    free(r.results);
    free(r.finished);
    return alone ? job_inline(job) : rc;
}

/* ---- in id order -------------------------------------------------------- */

/* The queued output of the item with id = slot index mod window. */
struct slot {
    struct nq__pool_piece *first; /* oldest queued piece */
    struct nq__pool_piece *last;  /* newest queued piece */
    size_t pieces;                /* pieces queued */
    bool done;                    /* the item has queued all it made */
};

struct stream_run {
    const struct nq__pool_stream *s; /* read-only once the workers run */

    /* Everything below is guarded by lock. */
    pthread_mutex_t lock;
    pthread_cond_t workers_wake; /* head moved, a slot drained, stop */
    pthread_cond_t caller_wake;  /* an id handed out, a piece queued, done */
    bool items_done;             /* `next` had no more */
    uint64_t next_id;            /* the id the next worker takes */
    uint64_t head;               /* the id whose pieces go out now */
    bool opened;                 /* a piece went out: the whole window is
                                    open (before, one id at a time) */
    struct slot *slots;          /* window slots */
    struct nq__pool_piece *free_pieces; /* drained pieces, for reuse */
    bool stop;                          /* a code stopped the run, or it ends */
    int error;           /* the code that stopped it, 0 if none */
    bool caller_waits;   /* the caller sleeps on caller_wake */
    int workers_waiting; /* workers asleep on workers_wake */
    struct ticker tick;  /* the caller's alone */
};

/* Where a producer queues its pieces. */
struct nq__pool_out {
    struct stream_run *run; /* NULL: on one thread, delivered on the spot */
    uint64_t id;            /* the item */
    /* On one thread: */
    const struct nq__pool_stream *s;
    struct ticker *tick;
    int error; /* the code of deliver or tick that stopped the run */
};

/* Waking a thread that is not asleep costs a system call for nothing
 * (thousands a run): the sleepers say so, under the lock. With a tick the
 * caller sleeps until the tick is due at the latest. */
static void wait_as_caller(struct stream_run *r)
{
    r->caller_waits = true;
    if (r->tick.fn != NULL)
        pthread_cond_timedwait(&r->caller_wake, &r->lock, &r->tick.due);
    else
        pthread_cond_wait(&r->caller_wake, &r->lock);
    r->caller_waits = false;
}

static void wait_as_worker(struct stream_run *r)
{
    r->workers_waiting++;
    pthread_cond_wait(&r->workers_wake, &r->lock);
    r->workers_waiting--;
}

/* Both with the lock held. */
static void wake_caller(struct stream_run *r)
{
    if (r->caller_waits)
        pthread_cond_signal(&r->caller_wake);
}

static void wake_workers(struct stream_run *r)
{
    if (r->workers_waiting > 0)
        pthread_cond_broadcast(&r->workers_wake);
}

/* Stops the run with `code` (the first one kept) and wakes everyone to
 * see it; with the lock held. */
static void stream_stop(struct stream_run *r, int code)
{
    if (r->error == 0)
        r->error = code;
    r->stop = true;
    if (r->s->cancel != NULL)
        atomic_store(r->s->cancel, true);
    wake_workers(r);
    wake_caller(r);
}

/* A piece from the free list or the heap; with the lock held. NULL: out
 * of memory, and the run stops. */
static struct nq__pool_piece *take_piece(struct stream_run *r)
{
    struct nq__pool_piece *c = r->free_pieces;
    if (c != NULL) {
        r->free_pieces = c->next;
    } else {
        c = malloc(sizeof *c + r->s->piece_size);
        if (c == NULL) {
            stream_stop(r, NQ_E_NOMEM);
            return NULL;
        }
    }
    c->next = NULL;
    c->count = 0;
    c->len = 0;
    return c;
}

/* Queues piece c (NULL: none) on its slot, or an empty one on the free
 * list, and tells the caller; with the lock held. */
static void queue_piece(struct stream_run *r, struct slot *slot,
                        struct nq__pool_piece *c)
{
    if (c != NULL && c->count > 0) {
        c->next = NULL;
        if (slot->last != NULL)
            slot->last->next = c;
        else
            slot->first = c;
        slot->last = c;
        slot->pieces++;
    } else if (c != NULL) {
        c->next = r->free_pieces;
        r->free_pieces = c;
    }
    wake_caller(r);
}

/* On one thread: delivers the piece at once and hands it back emptied. */
static struct nq__pool_piece *emit_inline(struct nq__pool_out *out,
                                          struct nq__pool_piece *c)
{
    if (out->error == 0 && c->count > 0)
        out->error = out->s->deliver(out->s->ctx, out->id, c);
    if (out->error == 0 && ticker_due(out->tick))
        out->error = out->tick->fn(out->tick->ctx);
    if (out->error != 0)
        return NULL;
    c->count = 0;
    c->len = 0;
    return c;
}

struct nq__pool_piece *nq__pool_emit(struct nq__pool_out *out,
                                     struct nq__pool_piece *piece)
{
    struct stream_run *r = out->run;
    if (r == NULL)
        return emit_inline(out, piece);
    struct slot *slot = &r->slots[out->id % r->s->window];
    pthread_mutex_lock(&r->lock);
    queue_piece(r, slot, piece);
    struct nq__pool_piece *fresh = NULL;
    while (!r->stop && slot->pieces >= r->s->slot_cap)
        wait_as_worker(r);
    if (!r->stop)
        fresh = take_piece(r);
    pthread_mutex_unlock(&r->lock);
    return fresh;
}

static void *stream_worker(void *arg)
{
    const struct member *m = arg;
    struct stream_run *r = m->run;
    const struct nq__pool_stream *s = r->s;
    void *item = malloc(s->item_size > 0 ? s->item_size : 1);
    struct nq__pool_out out = {.run = r};
    pthread_mutex_lock(&r->lock);
    if (item == NULL)
        stream_stop(r, NQ_E_NOMEM);
    for (;;) {
        while (!r->stop && !r->items_done &&
               r->next_id >= r->head + (r->opened ? s->window : 1))
            wait_as_worker(r);
        if (r->stop || r->items_done)
            break;
        int more = s->next(s->ctx, r->next_id, item);
        if (more <= 0) {
            if (more < 0) {
                stream_stop(r, more);
            } else {
                r->items_done = true;
                wake_caller(r);
            }
            break;
        }
        uint64_t id = r->next_id++;
        struct slot *slot = &r->slots[id % s->window];
        memset(slot, 0, sizeof *slot);
        struct nq__pool_piece *piece = take_piece(r);
        wake_caller(r);
        if (piece == NULL)
            break; /* out of memory: the run stops */
        pthread_mutex_unlock(&r->lock);
        out.id = id;
        int rc = s->produce(s->ctx, m->index, id, item, &piece, &out);
        pthread_mutex_lock(&r->lock);
        if (rc != 0)
            stream_stop(r, rc);
        queue_piece(r, slot, piece);
        slot->done = true;
    }
    pthread_mutex_unlock(&r->lock);
    free(item);
    return NULL;
}

/* The calling thread: hands the pieces out in id order until the last
 * item's, or a stop. Returns the code that stopped the run, or 0. */
static int stream_drain(struct stream_run *r)
{
    const struct nq__pool_stream *s = r->s;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        if (ticker_due(&r->tick)) {
            pthread_mutex_unlock(&r->lock);
            int rc = r->tick.fn(r->tick.ctx);
            pthread_mutex_lock(&r->lock);
            if (rc != 0)
                stream_stop(r, rc);
        }
        if (r->stop)
            break;
        if (r->head >= r->next_id) {
            if (r->items_done)
                break; /* every id delivered */
            wait_as_caller(r);
            continue;
        }
        struct slot *slot = &r->slots[r->head % s->window];
        struct nq__pool_piece *c = slot->first;
        if (c == NULL) {
            if (!slot->done) {
                wait_as_caller(r);
                continue;
            }
            r->head++; /* done and drained: the next id's turn */
            wake_workers(r);
            continue;
        }
        slot->first = c->next;
        if (slot->first == NULL)
            slot->last = NULL;
        slot->pieces--;
        r->opened = true;
        wake_workers(r);
        pthread_mutex_unlock(&r->lock);
        int rc = s->deliver(s->ctx, r->head, c);
        pthread_mutex_lock(&r->lock);
        c->next = r->free_pieces;
        r->free_pieces = c;
        if (rc != 0)
            stream_stop(r, rc);
    }
    int rc = r->error;
    r->stop = true;
    wake_workers(r);
    pthread_mutex_unlock(&r->lock);
    return rc;
}

/* One worker: every item made and delivered on the calling thread. */
static int stream_inline(const struct nq__pool_stream *s)
{
    void *item = malloc(s->item_size > 0 ? s->item_size : 1);
    struct nq__pool_piece *piece = malloc(sizeof *piece + s->piece_size);
    struct ticker tick;
    ticker_init(&tick, s->tick, s->ctx);
    struct nq__pool_out out = {.s = s, .tick = &tick};
    int rc = item == NULL || piece == NULL ? NQ_E_NOMEM : 0;
    for (uint64_t id = 0; rc == 0; id++) {
        int more = s->next(s->ctx, id, item);
        if (more <= 0) {
            rc = more;
            break;
        }
        piece->next = NULL;
        piece->count = 0;
        piece->len = 0;
        struct nq__pool_piece *last = piece;
        out.id = id;
        rc = s->produce(s->ctx, 0, id, item, &last, &out);
        if (out.error != 0)
            rc = out.error; /* it stopped the run first */
        if (rc == 0 && last != NULL)
            emit_inline(&out, last);
        rc = rc != 0 ? rc : out.error;
    }
    if (rc != 0 && s->cancel != NULL)
        atomic_store(s->cancel, true);
    free(piece);
    free(item);
    return rc;
}

static void free_pieces(struct nq__pool_piece *c)
{
    while (c != NULL) {
        struct nq__pool_piece *next = c->next;
        free(c);
        c = next;
    }
}

int nq__pool_run_ordered(const struct nq__pool_stream *s)
{
    if (s == NULL || s->next == NULL || s->produce == NULL ||
        s->deliver == NULL || s->threads < 0 || s->window == 0 ||
        s->slot_cap == 0)
        return NQ_E_INVAL;
    int threads = nq__pool_threads(s->threads);
    if (threads == 1)
        return stream_inline(s);

    struct stream_run r = {.s = s};
    r.slots = calloc(s->window, sizeof *r.slots);
    if (r.slots == NULL)
        return NQ_E_NOMEM;
    ticker_init(&r.tick, s->tick, s->ctx);
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.workers_wake, NULL);
    cond_init_monotonic(&r.caller_wake);

    struct crew crew;
    int rc = crew_start(&crew, threads, stream_worker, &r);
    bool alone = false; /* no thread started: the calling thread works */
    if (rc == 0) {
        alone = crew.started == 0;
        if (!alone)
            rc = stream_drain(&r);
        crew_join(&crew);
    }

    for (size_t i = 0; i < s->window; i++)
        free_pieces(r.slots[i].first);
    free_pieces(r.free_pieces);
    pthread_cond_destroy(&r.caller_wake);
    pthread_cond_destroy(&r.workers_wake);
    pthread_mutex_destroy(&r.lock);
    free(r.slots);
    return alone ? stream_inline(s) : rc;
}
