/*
 * enumerate.c - nq_solve() and nq_solve_unique(): every solution (or every
 * canonical one) streamed to one callback in lexicographic order, on any
 * number of threads, in bounded memory.
 *
 * The search is split into ordered subproblems: the placements of the
 * first `depth` rows, in lexicographic order, so that concatenating the
 * subproblems' solutions in id order gives the whole sequence in order.
 * Worker threads take ids in turn and pack their solutions into chunks
 * queued on the id's slot; the calling thread hands the chunks of the
 * oldest unfinished id (the head) to the callback, then moves to the next
 * id. Memory is bounded twice: workers never run more than `window` ids
 * ahead of the head, and a slot holds at most `slot_cap` chunks (a worker
 * that fills its slot waits until the calling thread drains it). The head
 * slot is always being drained, so the pipeline cannot deadlock.
 *
 * Below a prefix the solutions come from the meet-in-the-middle join
 * (solve_join.h) where its table fits, else from the plain bitboard
 * search (kernel.h); both yield them in lexicographic order.
 *
 * This is a small ordered pipeline of its own beside the counting pool
 * (tasks.c, nq__tasks_run): that pool runs a known number of items and
 * reports each finished item's fixed-size result in any order, while a
 * stream needs its ids produced lazily, its results in id order, of any
 * size, and workers held back when the caller falls behind. Both hand out
 * ids dynamically to pthread workers and report on the calling thread; a
 * pool that took an "in order, with back-pressure" mode could serve both.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/kernel.h"
#include "common/symmetry.h"
#include "nqueens.h"
#include "run/tasks.h"
#include "solve/solve_join.h"

#define ENUM_DEFAULT_BUFFER ((size_t)8 << 20) /* bytes */
#define ENUM_MAX_CHUNK ((size_t)256 << 10)    /* bytes of solutions */
#define ENUM_MIN_CHUNK ((size_t)4 << 10)
#define ENUM_WINDOW_PER_THREAD 4 /* ids in flight per worker */
#define ENUM_SERIAL_BELOW_N 12   /* threads = 0 runs serially below this n */

/* Solutions packed as one byte per row (n <= 64 columns fit), or for an
 * encoded stream their bytes as the encoder wrote them. */
struct chunk {
    struct chunk *next;   /* queue or free-list link */
    size_t count;         /* solutions held */
    size_t len;           /* bytes of an encoded chunk */
    unsigned char data[]; /* count * n columns, or len encoded bytes */
};

/* The queued output of the subproblem with id = slot index mod window. */
struct slot {
    struct chunk *first; /* oldest queued chunk */
    struct chunk *last;  /* newest queued chunk */
    size_t chunks;       /* chunks queued */
    bool done;           /* the subproblem has queued all it found */
};

/* The solutions below one prefix, from the join or the plain search. */
struct source {
    const struct solve_join *join; /* NULL: the plain search */
    struct kernel kernel;
    struct solve_join_walk walk;
};

/* Starts a source over the solutions whose rows 0..base-1 hold prefix. */
static int source_start(struct source *s, const struct solve_join *join, int n,
                        const int *prefix, int base, uint64_t first_row)
{
    s->join = join;
    if (join != NULL)
        return nq__solve_join_walk_start(&s->walk, join, prefix, base,
                                         first_row);
    return nq__kernel_start(&s->kernel, n, prefix, base, n, first_row);
}

/* The next solution (0-based columns by row) in *cols: 1; 0 at the end;
 * NQ_E_NOMEM. */
static int source_next(struct source *s, const int **cols)
{
    if (s->join != NULL) {
        *cols = s->walk.cols;
        return nq__solve_join_walk_next(&s->walk);
    }
    *cols = s->kernel.cols;
    return nq__kernel_next(&s->kernel) ? 1 : 0;
}

/* As source_start() on a source that was started before (and not
 * freed): the join's walk keeps its arrays. */
static int source_restart(struct source *s, const struct solve_join *join,
                          int n, const int *prefix, int base,
                          uint64_t first_row)
{
    if (join != NULL && s->join == join)
        return nq__solve_join_walk_restart(&s->walk, join, prefix, base,
                                           first_row);
    return source_start(s, join, n, prefix, base, first_row);
}

static void source_free(struct source *s)
{
    if (s->join != NULL)
        nq__solve_join_walk_free(&s->walk);
}

/* The next solutions (canonical ones only if unique), at most max, as n
 * bytes each from out on: how many (fewer than max only at the end), or
 * NQ_E_NOMEM. The join writes the bytes itself, a solution costs it no
 * call. */
static long source_fill(struct source *s, int n, bool unique,
                        unsigned char *out, size_t max)
{
    if (s->join != NULL && !unique)
        return nq__solve_join_walk_fill(&s->walk, out, max);
    size_t filled = 0;
    const int *cols;
    int more = 1;
    while (filled < max && (more = source_next(s, &cols)) == 1) {
        if (unique && !nq__symmetry_is_canonical(cols, n))
            continue;
        unsigned char *o = out + filled++ * (size_t)n;
        for (int r = 0; r < n; r++)
            o[r] = (unsigned char)cols[r];
    }
    return more < 0 ? more : (long)filled;
}

struct pipeline {
    /* What is searched; read-only once the workers run. */
    int n;
    bool unique;
    int depth;         /* rows fixed by a subproblem's prefix */
    size_t per_chunk;  /* solutions per chunk */
    size_t chunk_size; /* bytes of a chunk's data */
    size_t window;     /* ids that may be handed out past the head */
    size_t slot_cap;   /* chunks a slot may hold */
    nq_solution_fn fn;
    void *user;
    const nq_solve_encoder *encoder; /* not NULL: an encoded stream */
    /* The table of the join (solve_join.h); NULL: the plain search. */
    const struct solve_join *join;

    /* Everything below is guarded by lock. */
    pthread_mutex_t lock;
    pthread_cond_t workers_wake; /* head moved, a slot drained, stop */
    pthread_cond_t caller_wake;  /* an id handed out, a chunk queued, done */
    struct kernel prefixes;      /* iterator over the subproblems' prefixes */
    bool prefixes_done;          /* every id has been handed out */
    uint64_t next_id;            /* the id the next worker takes */
    uint64_t head;               /* the id whose solutions go out now */
    struct slot *slots;          /* window slots */
    struct chunk *free_chunks;   /* drained chunks, for reuse */
    bool stop;                   /* the callback stopped or an error */
    int error;                   /* first error of a worker, 0 if none */
    bool caller_waits;           /* the caller sleeps on caller_wake */
    int workers_waiting;         /* workers asleep on workers_wake */
};

/* Waking a thread that is not asleep costs a system call for nothing
 * (thousands a run): the sleepers say so, under the lock. */
static void wait_as_caller(struct pipeline *p)
{
    p->caller_waits = true;
    pthread_cond_wait(&p->caller_wake, &p->lock);
    p->caller_waits = false;
}

static void wait_as_worker(struct pipeline *p)
{
    p->workers_waiting++;
    pthread_cond_wait(&p->workers_wake, &p->lock);
    p->workers_waiting--;
}

/* Both with the lock held. */
static void wake_caller(struct pipeline *p)
{
    if (p->caller_waits)
        pthread_cond_signal(&p->caller_wake);
}

static void wake_workers(struct pipeline *p)
{
    if (p->workers_waiting > 0)
        pthread_cond_broadcast(&p->workers_wake);
}

/* Stops the run with `error` (the first one kept) and wakes everyone to
 * see it; with the lock held. */
static void stop_with(struct pipeline *p, int error)
{
    p->error = p->error ? p->error : error;
    p->stop = true;
    wake_workers(p);
    wake_caller(p);
}

/* Columns allowed in row 0: all, or for the unique search the left half,
 * since a canonical vector is no larger than its mirror image. */
static uint64_t first_row_columns(int n, bool unique)
{
    if (!unique)
        return ~(uint64_t)0;
    int last = (n - 1) / 2;
    return last >= 63 ? ~(uint64_t)0 : ((uint64_t)1 << (last + 1)) - 1;
}

/* Rows fixed per subproblem: deep enough that subproblems are many and
 * small (a few thousand solutions each for n = 16), shallow enough that
 * their number stays modest and that finding the next prefix, which is
 * done under the lock, stays cheap on big boards. */
#define ENUM_MIN_DEPTH 2
#define ENUM_MAX_DEPTH 5
static int subproblem_depth(int n)
{
    int depth = n - 13;
    depth = depth < ENUM_MIN_DEPTH   ? ENUM_MIN_DEPTH
            : depth > ENUM_MAX_DEPTH ? ENUM_MAX_DEPTH
                                     : depth;
    return depth < n ? depth : n;
}

/* All online cores, as the counting pool counts them, within the limit. */
static int online_cores(void)
{
    int cores = nq__tasks_online_cores();
    return cores > NQ_SOLVE_MAX_THREADS ? NQ_SOLVE_MAX_THREADS : cores;
}

/* ---- the calling thread alone ---------------------------------------- */

/* Bytes of a chunk within `buffer` bytes for `slots` slots, each holding
 * a few chunks. */
static size_t chunk_bytes_of(size_t buffer, size_t slots)
{
    size_t bytes = buffer / (slots * 4);
    return bytes > ENUM_MAX_CHUNK   ? ENUM_MAX_CHUNK
           : bytes < ENUM_MIN_CHUNK ? ENUM_MIN_CHUNK
                                    : bytes;
}

/* Solutions an encoded chunk of chunk_bytes holds: at least one. */
static size_t encoded_per_chunk(size_t chunk_bytes, size_t max_bytes)
{
    size_t per = chunk_bytes / max_bytes;
    return per > 0 ? per : 1;
}

/* An encoded stream on the calling thread: a chunk's solutions at a time. */
static int solve_serial_encoded(int n, bool unique,
                                const struct solve_join *join, size_t buffer,
                                const nq_solve_encoder *enc)
{
    size_t per = encoded_per_chunk(chunk_bytes_of(buffer, 1), enc->max_bytes);
    unsigned char *cols = malloc(per * (size_t)n);
    char *text = malloc(per * enc->max_bytes);
    struct source src;
    int rc = source_start(&src, join, n, NULL, 0, first_row_columns(n, unique));
    if (rc == NQ_OK && (cols == NULL || text == NULL))
        rc = NQ_E_NOMEM;
    while (rc == NQ_OK) {
        long got = source_fill(&src, n, unique, cols, per);
        if (got <= 0) {
            rc = (int)got;
            break;
        }
        size_t len = enc->encode(cols, (size_t)got, n, text, enc->user);
        if (enc->emit(text, len, (size_t)got, enc->user) != 0)
            rc = NQ_E_STOPPED;
        else if ((size_t)got < per)
            break; /* that was the last */
    }
    source_free(&src);
    free(cols);
    free(text);
    return rc;
}

static int solve_serial(int n, bool unique, const struct solve_join *join,
                        size_t buffer, nq_solution_fn fn, void *user,
                        const nq_solve_encoder *enc)
{
    if (enc != NULL)
        return solve_serial_encoded(n, unique, join, buffer, enc);
    struct source src;
    int rc = source_start(&src, join, n, NULL, 0, first_row_columns(n, unique));
    const int *cols;
    while (rc == NQ_OK && (rc = source_next(&src, &cols)) == 1) {
        rc = NQ_OK;
        if (unique && !nq__symmetry_is_canonical(cols, n))
            continue;
        if (fn(cols, n, user) != 0)
            rc = NQ_E_STOPPED;
    }
    source_free(&src);
    return rc;
}

/* ---- workers ------------------------------------------------------------ */

/* A chunk from the free list or the heap; called with the lock held. */
static struct chunk *take_chunk(struct pipeline *p)
{
    struct chunk *c = p->free_chunks;
    if (c != NULL) {
        p->free_chunks = c->next;
    } else {
        c = malloc(sizeof *c + p->chunk_size);
        if (c == NULL) {
            stop_with(p, NQ_E_NOMEM);
            return NULL;
        }
    }
    c->next = NULL;
    c->count = 0;
    c->len = 0;
    return c;
}

/* Queues a chunk (NULL: none) on id's slot, marks the slot done if asked,
 * waits while the slot is full, and returns an empty chunk to go on with
 * (NULL when the run stops or is done). */
static struct chunk *queue_chunk(struct pipeline *p, uint64_t id,
                                 struct chunk *c, bool done)
{
    struct slot *slot = &p->slots[id % p->window];
    pthread_mutex_lock(&p->lock);
    if (c != NULL && c->count > 0) {
        if (slot->last != NULL)
            slot->last->next = c;
        else
            slot->first = c;
        slot->last = c;
        slot->chunks++;
    } else if (c != NULL) {
        c->next = p->free_chunks;
        p->free_chunks = c;
    }
    slot->done = done;
    wake_caller(p);
    struct chunk *fresh = NULL;
    if (!done) {
        while (!p->stop && slot->chunks >= p->slot_cap)
            wait_as_worker(p);
        if (!p->stop)
            fresh = take_chunk(p);
    }
    pthread_mutex_unlock(&p->lock);
    return fresh;
}

/* Finds every solution below one prefix and queues them; scratch holds
 * per_chunk solutions' columns (an encoded stream's). src is the worker's
 * source: started already when *started, freed by the worker at its end. */
static void solve_subproblem(struct pipeline *p, uint64_t id, const int *prefix,
                             unsigned char *scratch, struct source *src,
                             bool *started)
{
    const int n = p->n;
    const nq_solve_encoder *enc = p->encoder;
    int rc =
        *started
            ? source_restart(src, p->join, n, prefix, p->depth, ~(uint64_t)0)
            : source_start(src, p->join, n, prefix, p->depth, ~(uint64_t)0);
    *started = true;
    if (rc != NQ_OK) {
        queue_chunk(p, id, NULL, true); /* cannot happen: prefixes are valid */
        return;
    }
    pthread_mutex_lock(&p->lock);
    struct chunk *c = p->stop ? NULL : take_chunk(p);
    pthread_mutex_unlock(&p->lock);
    long got = 0;
    while (c != NULL) {
        unsigned char *cols = enc != NULL ? scratch : c->data;
        got = source_fill(src, n, p->unique, cols, p->per_chunk);
        if (got <= 0)
            break;
        c->count = (size_t)got;
        if (enc != NULL)
            c->len = enc->encode(cols, c->count, n, (char *)c->data, enc->user);
        if (c->count < p->per_chunk)
            break; /* the last one */
        c = queue_chunk(p, id, c, false);
    }
    if (got < 0) { /* out of memory: the run stops with the error */
        pthread_mutex_lock(&p->lock);
        stop_with(p, (int)got);
        pthread_mutex_unlock(&p->lock);
    }
    queue_chunk(p, id, c, true);
}

static void *worker_main(void *arg)
{
    struct pipeline *p = arg;
    int prefix[NQ_MAX_N];
    struct source src; /* kept from one subproblem to the next */
    bool started = false;
    unsigned char *scratch = NULL;
    if (p->encoder != NULL) {
        scratch = malloc(p->per_chunk * (size_t)p->n);
        if (scratch == NULL) {
            pthread_mutex_lock(&p->lock);
            stop_with(p, NQ_E_NOMEM);
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
    }
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && !p->prefixes_done &&
               p->next_id >= p->head + p->window)
            wait_as_worker(p);
        if (p->stop || p->prefixes_done)
            break;
        if (!nq__kernel_next(&p->prefixes)) {
            p->prefixes_done = true;
            wake_caller(p);
            break;
        }
        uint64_t id = p->next_id++;
        memcpy(prefix, p->prefixes.cols, sizeof(int) * (size_t)p->depth);
        struct slot *slot = &p->slots[id % p->window];
        memset(slot, 0, sizeof *slot);
        wake_caller(p);
        pthread_mutex_unlock(&p->lock);
        solve_subproblem(p, id, prefix, scratch, &src, &started);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    if (started)
        source_free(&src);
    free(scratch);
    return NULL;
}

/* ---- the calling thread: hands the chunks out in id order ------------- */

/* Calls fn for every solution of a chunk, or emit for an encoded one;
 * non-zero when it stopped. */
static int deliver(const struct pipeline *p, const struct chunk *c)
{
    if (p->encoder != NULL)
        return p->encoder->emit((const char *)c->data, c->len, c->count,
                                p->encoder->user) != 0;
    int cols[NQ_MAX_N];
    const int n = p->n;
    for (size_t i = 0; i < c->count; i++) {
        const unsigned char *packed = c->data + i * (size_t)n;
        for (int r = 0; r < n; r++)
            cols[r] = packed[r];
        if (p->fn(cols, n, p->user) != 0)
            return 1;
    }
    return 0;
}

static int drain_in_order(struct pipeline *p)
{
    int rc = NQ_OK;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->head >= p->next_id && !p->prefixes_done)
            wait_as_caller(p);
        if (p->stop || p->head >= p->next_id)
            break; /* an error, or every id delivered */
        struct slot *slot = &p->slots[p->head % p->window];
        while (!p->stop && slot->first == NULL && !slot->done)
            wait_as_caller(p);
        if (p->stop)
            break;
        struct chunk *c = slot->first;
        if (c == NULL) {
            p->head++; /* done and drained: the next id's turn */
            wake_workers(p);
            continue;
        }
        slot->first = c->next;
        if (slot->first == NULL)
            slot->last = NULL;
        slot->chunks--;
        wake_workers(p);
        pthread_mutex_unlock(&p->lock);
        int stopped = deliver(p, c);
        pthread_mutex_lock(&p->lock);
        c->next = p->free_chunks;
        p->free_chunks = c;
        if (stopped) {
            rc = NQ_E_STOPPED;
            break;
        }
    }
    if (rc == NQ_OK && p->error != 0)
        rc = p->error;
    p->stop = true;
    wake_workers(p);
    pthread_mutex_unlock(&p->lock);
    return rc;
}

/* Frees every chunk still queued or pooled. */
static void free_chunks(struct pipeline *p)
{
    for (size_t s = 0; s < p->window; s++) {
        for (struct chunk *c = p->slots[s].first, *next; c != NULL; c = next) {
            next = c->next;
            free(c);
        }
    }
    for (struct chunk *c = p->free_chunks, *next; c != NULL; c = next) {
        next = c->next;
        free(c);
    }
}

static int solve_parallel(int n, bool unique, const struct solve_join *join,
                          int threads, size_t buffer, nq_solution_fn fn,
                          void *user, const nq_solve_encoder *enc)
{
    struct pipeline p;
    memset(&p, 0, sizeof p);
    p.n = n;
    p.unique = unique;
    p.join = join;
    p.depth = subproblem_depth(n);
    if (join != NULL && p.depth > join->top_rows)
        p.depth = join->top_rows; /* a prefix fixes top rows only */
    p.fn = fn;
    p.user = user;
    p.encoder = enc;
    p.window = (size_t)threads * ENUM_WINDOW_PER_THREAD;
    /* Chunks small enough that each slot holds a few within the budget. */
    size_t chunk_bytes = chunk_bytes_of(buffer, p.window);
    if (enc != NULL) {
        p.per_chunk = encoded_per_chunk(chunk_bytes, enc->max_bytes);
        p.chunk_size = p.per_chunk * enc->max_bytes;
    } else {
        p.per_chunk = chunk_bytes / (size_t)n;
        p.chunk_size = p.per_chunk * (size_t)n;
    }
    p.slot_cap = buffer / (p.window * chunk_bytes);
    if (p.slot_cap < 2)
        p.slot_cap = 2;
    int rc = nq__kernel_start(&p.prefixes, n, NULL, 0, p.depth,
                              first_row_columns(n, unique));
    if (rc != NQ_OK)
        return rc;
    p.slots = calloc(p.window, sizeof *p.slots);
    pthread_t *workers = calloc((size_t)threads, sizeof *workers);
    if (p.slots == NULL || workers == NULL) {
        free(p.slots);
        free(workers);
        return NQ_E_NOMEM;
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.workers_wake, NULL);
    pthread_cond_init(&p.caller_wake, NULL);

    int started = 0;
    while (started < threads &&
           pthread_create(&workers[started], NULL, worker_main, &p) == 0)
        started++;
    if (started > 0) {
        rc = drain_in_order(&p);
        for (int t = 0; t < started; t++)
            pthread_join(workers[t], NULL);
    } else {
        rc = solve_serial(n, unique, join, buffer, fn, user, enc);
    }

    free_chunks(&p);
    pthread_cond_destroy(&p.caller_wake);
    pthread_cond_destroy(&p.workers_wake);
    pthread_mutex_destroy(&p.lock);
    free(p.slots);
    free(workers);
    return rc;
}

/* ---- the public calls ------------------------------------------------- */

void nq_solve_options_init(nq_solve_options *options)
{
    options->threads = 0;
    options->buffer_bytes = 0;
}

static int solve(int n, const nq_solve_options *options, bool unique,
                 nq_solution_fn fn, void *user, const nq_solve_encoder *enc)
{
    nq_solve_options defaults;
    nq_solve_options_init(&defaults);
    if (options == NULL)
        options = &defaults;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if ((fn == NULL && enc == NULL) || options->threads < 0 ||
        options->threads > NQ_SOLVE_MAX_THREADS)
        return NQ_E_INVAL;
    int threads = options->threads;
    if (threads == 0)
        threads = n < ENUM_SERIAL_BELOW_N ? 1 : online_cores();
    /* The join where it serves this n; the plain search where it does
     * not, or where its table cannot be had. */
    struct solve_join table;
    const struct solve_join *join =
        nq__solve_join_build(&table, n, threads) == NQ_OK ? &table : NULL;
    size_t buffer = options->buffer_bytes != 0 ? options->buffer_bytes
                                               : ENUM_DEFAULT_BUFFER;
    int rc = threads == 1 ? solve_serial(n, unique, join, buffer, fn, user, enc)
                          : solve_parallel(n, unique, join, threads, buffer, fn,
                                           user, enc);
    nq__solve_join_free(&table);
    return rc;
}

int nq_solve(int n, const nq_solve_options *options, nq_solution_fn fn,
             void *user)
{
    return solve(n, options, false, fn, user, NULL);
}

int nq_solve_unique(int n, const nq_solve_options *options, nq_solution_fn fn,
                    void *user)
{
    return solve(n, options, true, fn, user, NULL);
}

int nq_solve_encoded(int n, const nq_solve_options *options,
                     const nq_solve_encoder *encoder)
{
    if (encoder == NULL || encoder->encode == NULL || encoder->emit == NULL ||
        encoder->max_bytes == 0 || encoder->max_bytes > NQ_SOLVE_MAX_ENCODED)
        return n < 1 || n > NQ_MAX_N ? NQ_E_RANGE : NQ_E_INVAL;
    return solve(n, options, false, NULL, NULL, encoder);
}
