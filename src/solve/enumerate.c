/*
 * enumerate.c - nq_solve() and nq_solve_unique(): every solution (or every
 * canonical one) streamed to one callback in lexicographic order, on any
 * number of threads, in bounded memory.
 *
 * The search is split into ordered subproblems: the placements of the
 * first `depth` rows, in lexicographic order, so that concatenating the
 * subproblems' solutions in id order gives the whole sequence in order.
 * They run on the pool in id order (run/pool.h, nq__pool_run_ordered()):
 * the pool's workers take ids in turn and pack their solutions into pieces
 * (chunks of solutions) that reach the calling thread in id order, with
 * memory bounded by the pool's look-ahead window and its cap of pieces
 * queued per id. A worker keeps its source (the join's walk arrays) from
 * one subproblem to the next.
 *
 * Below a prefix the solutions come from the meet-in-the-middle join
 * (solve_join.h) where its table fits, else from the plain bitboard
 * search (kernel.h); both yield them in lexicographic order.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "common/kernel.h"
#include "common/options.h"
#include "common/symmetry.h"
#include "nqueens.h"
#include "run/pool.h"
#include "solve/solve_join.h"

#define ENUM_DEFAULT_BUFFER ((size_t)8 << 20) /* bytes */
#define ENUM_MAX_CHUNK ((size_t)256 << 10)    /* bytes of solutions */
#define ENUM_MIN_CHUNK ((size_t)4 << 10)
#define ENUM_WINDOW_PER_THREAD 4 /* ids in flight per worker */
#define ENUM_SERIAL_BELOW_N 12   /* threads = 0 runs serially below this n */
/* From this n on, the join's table takes long enough to build (0.03 s at
 * n = 15, 0.1 to 0.2 s at 16 to 20) that the first subproblems are
 * searched plainly first, for ENUM_PLAIN_FIRST_SECONDS at most, so that
 * the first solutions do not wait for the table. */
#define ENUM_PLAIN_FIRST_MIN_N 15
#define ENUM_PLAIN_FIRST_SECONDS 0.02

/* Queens the plain search places between two looks at a stopped run's
 * flag: a few milliseconds of work. */
#define ENUM_POLL_QUEENS ((uint64_t)1 << 20)

/* The solutions below one prefix, from the join or the plain search. */
struct source {
    const struct solve_join *join; /* NULL: the plain search */
    struct kernel kernel;
    struct solve_join_walk walk;
    /* Set when the run stops (NULL: never looked at): the plain search
     * below a prefix with no solution can run for seconds on a big board,
     * and gives up when it sees the flag. */
    const atomic_bool *cancel;
};

/* Starts a source over the solutions whose rows 0..base-1 hold prefix. */
static int source_start(struct source *s, const struct solve_join *join, int n,
                        const int *prefix, int base, uint64_t first_row)
{
    s->join = join;
    s->cancel = NULL;
    if (join != NULL)
        return nq__solve_join_walk_start(&s->walk, join, prefix, base,
                                         first_row);
    return nq__kernel_start(&s->kernel, n, prefix, base, n, first_row);
}

/* The next solution (0-based columns by row) in *cols: 1; 0 at the end;
 * NQ_E_NOMEM; NQ_E_STOPPED when the run stopped meanwhile. */
static int source_next(struct source *s, const int **cols)
{
    if (s->join != NULL) {
        *cols = s->walk.cols;
        return nq__solve_join_walk_next(&s->walk);
    }
    *cols = s->kernel.cols;
    if (s->cancel == NULL)
        return nq__kernel_next(&s->kernel) ? 1 : 0;
    for (;;) {
        uint64_t placed = 0;
        enum kernel_stop why =
            nq__kernel_next_counted(&s->kernel, &placed, ENUM_POLL_QUEENS);
        if (why != KERNEL_PAUSED)
            return why == KERNEL_FOUND ? 1 : 0;
        if (atomic_load_explicit(s->cancel, memory_order_relaxed))
            return NQ_E_STOPPED;
    }
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

/* Pieces hold solutions packed as one byte per row (n <= 64 columns fit),
 * piece->count of them, or for an encoded stream their bytes as the
 * encoder wrote them (piece->len). */
struct stream {
    /* What is searched; read-only once the pool runs. */
    int n;
    bool unique;
    int depth;        /* rows fixed by a subproblem's prefix */
    size_t per_chunk; /* solutions per piece */
    nq_solution_fn fn;
    void *user;
    const nq_solve_encoder *encoder; /* not NULL: an encoded stream */
    /* The table of the join (solve_join.h); NULL: the plain search. */
    const struct solve_join *join;

    struct kernel prefixes; /* the subproblems' prefixes; under the pool's
                               lock (next_prefix) */
    struct stream_worker *workers; /* one per worker of the pool */
    atomic_bool cancel;            /* set by the pool when the run stops */
};

/* What a worker keeps from one subproblem to the next. */
struct stream_worker {
    struct source src;      /* freed after the run */
    bool started;           /* src has been started */
    size_t ramp;            /* solutions of its next full piece */
    unsigned char *scratch; /* an encoded stream's columns: per_chunk
                               solutions */
};

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

/* The first output must come at once: a worker's first piece holds one
 * solution, each next one twice as many, up to `per_chunk`. Below a
 * prefix of a big board, thousands of solutions can take seconds. */
static size_t ramp_up(size_t ramp, size_t per_chunk)
{
    return ramp >= per_chunk / 2 ? per_chunk : ramp * 2;
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
    size_t want = 1;
    while (rc == NQ_OK) {
        long got = source_fill(&src, n, unique, cols, want);
        if (got <= 0) {
            rc = (int)got;
            break;
        }
        size_t len = enc->encode(cols, (size_t)got, n, text, enc->user);
        if (enc->emit(text, len, (size_t)got, enc->user) != 0)
            rc = NQ_E_STOPPED;
        else if ((size_t)got < want)
            break; /* that was the last */
        want = ramp_up(want, per);
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

/* The first subproblems from `prefixes` on, by the plain search on the
 * calling thread, for about ENUM_PLAIN_FIRST_SECONDS (whole subproblems).
 * Returns 0 (the rest is still to do), ENUM_NO_MORE (there was no more) or
 * the code that stopped it. */
#define ENUM_NO_MORE 1
static int solve_plain_first(int n, bool unique, struct kernel *prefixes,
                             int depth, size_t buffer, nq_solution_fn fn,
                             void *user, const nq_solve_encoder *enc)
{
    size_t per = enc != NULL ? encoded_per_chunk(chunk_bytes_of(buffer, 1),
                                                 enc->max_bytes)
                             : 1;
    unsigned char *cols = malloc(per * (size_t)n);
    char *text = enc != NULL ? malloc(per * enc->max_bytes) : NULL;
    if (cols == NULL || (enc != NULL && text == NULL)) {
        free(cols);
        free(text);
        return NQ_E_NOMEM;
    }
    double until = nq__monotonic_seconds() + ENUM_PLAIN_FIRST_SECONDS;
    size_t want = 1;
    int rc = NQ_OK;
    while (rc == NQ_OK) {
        if (nq__monotonic_seconds() >= until)
            break;
        if (!nq__kernel_next(prefixes)) {
            rc = ENUM_NO_MORE;
            break;
        }
        struct source src;
        rc = source_start(&src, NULL, n, prefixes->cols, depth, ~(uint64_t)0);
        while (rc == NQ_OK) {
            if (enc == NULL) {
                const int *c;
                int more = source_next(&src, &c);
                if (more <= 0) {
                    rc = more;
                    break;
                }
                if (unique && !nq__symmetry_is_canonical(c, n))
                    continue;
                if (fn(c, n, user) != 0)
                    rc = NQ_E_STOPPED;
                continue;
            }
            long got = source_fill(&src, n, unique, cols, want);
            if (got <= 0) {
                rc = (int)got;
                break;
            }
            size_t len = enc->encode(cols, (size_t)got, n, text, enc->user);
            if (enc->emit(text, len, (size_t)got, enc->user) != 0)
                rc = NQ_E_STOPPED;
            else if ((size_t)got < want)
                break; /* the subproblem's last */
            want = ramp_up(want, per);
        }
    }
    free(cols);
    free(text);
    return rc;
}

/* ---- the pool's workers ------------------------------------------------ */

/* The prefix of subproblem `id` (ids come in turn); under the pool's
 * lock. */
static int next_prefix(void *ctx, uint64_t id, void *item)
{
    (void)id;
    struct stream *st = ctx;
    if (!nq__kernel_next(&st->prefixes))
        return 0;
    memcpy(item, st->prefixes.cols, sizeof(int) * (size_t)st->depth);
    return 1;
}

/* Finds every solution below one prefix and emits them, a piece at a
 * time. */
static int solve_subproblem(void *ctx, int worker, uint64_t id,
                            const void *prefix, struct nq__pool_piece **piece,
                            struct nq__pool_out *out)
{
    (void)id;
    const struct stream *st = ctx;
    struct stream_worker *w = &st->workers[worker];
    const int n = st->n;
    const nq_solve_encoder *enc = st->encoder;
    if (enc != NULL && w->scratch == NULL) {
        w->scratch = malloc(st->per_chunk * (size_t)n);
        if (w->scratch == NULL)
            return NQ_E_NOMEM;
    }
    int rc = w->started ? source_restart(&w->src, st->join, n, prefix,
                                         st->depth, ~(uint64_t)0)
                        : source_start(&w->src, st->join, n, prefix, st->depth,
                                       ~(uint64_t)0);
    w->started = true;
    if (rc != NQ_OK)
        return rc; /* cannot happen: the prefixes are valid */
    w->src.cancel = &st->cancel;
    if (w->ramp == 0)
        w->ramp = 1;
    struct nq__pool_piece *c = *piece;
    long got = 0;
    while (c != NULL) {
        unsigned char *cols = enc != NULL ? w->scratch : c->data;
        size_t want = w->ramp;
        got = source_fill(&w->src, n, st->unique, cols, want);
        if (got <= 0)
            break;
        c->count = (size_t)got;
        if (enc != NULL)
            c->len = enc->encode(cols, c->count, n, (char *)c->data, enc->user);
        if (c->count < want)
            break; /* the last one */
        w->ramp = ramp_up(want, st->per_chunk);
        c = nq__pool_emit(out, c);
    }
    *piece = c;
    /* Out of memory stops the run; so does a stop seen by the search. */
    return got < 0 ? (int)got : NQ_OK;
}

/* ---- the calling thread: the pieces in id order ----------------------- */

/* Calls fn for every solution of a piece, or emit for an encoded one. */
static int deliver_piece(void *ctx, uint64_t id, const struct nq__pool_piece *c)
{
    (void)id;
    const struct stream *st = ctx;
    if (st->encoder != NULL)
        return st->encoder->emit((const char *)c->data, c->len, c->count,
                                 st->encoder->user) != 0
                   ? NQ_E_STOPPED
                   : NQ_OK;
    int cols[NQ_MAX_N];
    const int n = st->n;
    for (size_t i = 0; i < c->count; i++) {
        const unsigned char *packed = c->data + i * (size_t)n;
        for (int r = 0; r < n; r++)
            cols[r] = packed[r];
        if (st->fn(cols, n, st->user) != 0)
            return NQ_E_STOPPED;
    }
    return NQ_OK;
}

/* The subproblems from `prefixes` on (an iterator of the prefixes of
 * `depth` rows, perhaps begun), on `threads` workers of the pool. */
static int solve_parallel(int n, bool unique, const struct solve_join *join,
                          int threads, size_t buffer, nq_solution_fn fn,
                          void *user, const nq_solve_encoder *enc,
                          const struct kernel *prefixes, int depth)
{
    struct stream st;
    memset(&st, 0, sizeof st);
    atomic_init(&st.cancel, false);
    st.n = n;
    st.unique = unique;
    st.join = join;
    st.depth = depth;
    st.fn = fn;
    st.user = user;
    st.encoder = enc;
    size_t window = (size_t)threads * ENUM_WINDOW_PER_THREAD;
    /* Pieces small enough that each slot holds a few within the budget. */
    size_t chunk_bytes = chunk_bytes_of(buffer, window);
    size_t piece_size;
    if (enc != NULL) {
        st.per_chunk = encoded_per_chunk(chunk_bytes, enc->max_bytes);
        piece_size = st.per_chunk * enc->max_bytes;
    } else {
        st.per_chunk = chunk_bytes / (size_t)n;
        piece_size = st.per_chunk * (size_t)n;
    }
    size_t slot_cap = buffer / (window * chunk_bytes);
    if (slot_cap < 2)
        slot_cap = 2;
    st.prefixes = *prefixes;
    st.workers = calloc((size_t)threads, sizeof *st.workers);
    if (st.workers == NULL)
        return NQ_E_NOMEM;
    struct nq__pool_stream run = {.threads = threads,
                                  .window = window,
                                  .slot_cap = slot_cap,
                                  .item_size = sizeof(int) * (size_t)st.depth,
                                  .piece_size = piece_size,
                                  .next = next_prefix,
                                  .produce = solve_subproblem,
                                  .deliver = deliver_piece,
                                  .ctx = &st,
                                  .cancel = &st.cancel};
    int rc = nq__pool_run_ordered(&run);
    for (int t = 0; t < threads; t++) {
        if (st.workers[t].started)
            source_free(&st.workers[t].src);
        free(st.workers[t].scratch);
    }
    free(st.workers);
    return rc;
}

/* ---- the public calls ------------------------------------------------- */

static int solve(int n, const nq_solve_options *options, bool unique,
                 nq_solution_fn fn, void *user, const nq_solve_encoder *enc)
{
    nq_solve_options o;
    int read = nq__solve_options_read(options, &o);
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if ((fn == NULL && enc == NULL) || read != NQ_OK || o.threads < 0)
        return NQ_E_INVAL;
    int threads = o.threads; /* at most NQ_MAX_THREADS */
    if (threads == 0)
        threads = n < ENUM_SERIAL_BELOW_N ? 1 : nq__pool_threads(0);
    size_t buffer = o.buffer_bytes != 0 ? o.buffer_bytes : ENUM_DEFAULT_BUFFER;
    int depth = subproblem_depth(n);
    struct kernel prefixes;
    int rc = nq__kernel_start(&prefixes, n, NULL, 0, depth,
                              first_row_columns(n, unique));
    bool plain_first = n >= ENUM_PLAIN_FIRST_MIN_N && n <= SOLVE_JOIN_MAX_N;
    if (rc == NQ_OK && plain_first)
        rc = solve_plain_first(n, unique, &prefixes, depth, buffer, fn, user,
                               enc);
    if (rc != NQ_OK)
        return rc == ENUM_NO_MORE ? NQ_OK : rc;
    /* The join where it serves this n; the plain search where it does
     * not, or where its table cannot be had. */
    struct solve_join table;
    const struct solve_join *join =
        nq__solve_join_build(&table, n, threads) == NQ_OK ? &table : NULL;
    if (join != NULL && depth > join->top_rows) {
        if (plain_first) {
            /* The prefixes begun cannot be cut shorter: go on plainly. */
            nq__solve_join_free(&table);
            join = NULL;
        } else {
            depth = join->top_rows; /* a prefix fixes top rows only */
            rc = nq__kernel_start(&prefixes, n, NULL, 0, depth,
                                  first_row_columns(n, unique));
        }
    }
    if (rc == NQ_OK)
        rc = threads == 1 && !plain_first
                 ? solve_serial(n, unique, join, buffer, fn, user, enc)
                 : solve_parallel(n, unique, join, threads, buffer, fn, user,
                                  enc, &prefixes, depth);
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
