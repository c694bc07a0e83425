/*
 * pool.h - the one thread pool of the library: numbered work items on
 * pthread workers, handed out dynamically (each idle worker takes the next
 * id), with everything the caller hears of them reported on the thread
 * that asked for the run, never on two threads at once. Two modes:
 *
 *   nq__pool_run()         a known number of items, each with a result of
 *                          a fixed size, reported in any order (counting,
 *                          the join tables' builds, completion counts);
 *   nq__pool_run_ordered() items produced lazily, each emitting its output
 *                          as pieces that reach the caller in id order,
 *                          with a bounded look-ahead and back-pressure
 *                          (the solve stream).
 *
 * Both behave the same way around the work: 0 threads means all usable
 * cores (nq__pool_cores(), within NQ_MAX_THREADS), one thread runs
 * everything inline on the calling thread, the first non-zero code (of a
 * work item, of a callback) stops the run and becomes its return value,
 * nothing is reported after a stop, and an optional tick runs on the
 * calling thread every few milliseconds. A work item that gives up because
 * the run stopped (it polls `cancel`) may return any code: the first one
 * has been kept. If no worker can be started the calling thread does the
 * work itself. The pool knows nothing of n-queens.
 */
#ifndef NQ_POOL_H
#define NQ_POOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

/* nq__pool_cores() : the processors this process may run on (its CPU
 * affinity; the online ones where that cannot be read), 1..NQ_MAX_THREADS. */
int nq__pool_cores(void);

/* nq__pool_threads() : the workers a `threads` option stands for: 0 (or
 * less) = nq__pool_cores(); never more than NQ_MAX_THREADS. */
int nq__pool_threads(int threads);

/* Called on the calling thread every few milliseconds while a run goes
 * on (how often is not promised; a short run may not call it at all).
 * Returns 0 to go on, or a non-zero code that stops the run. */
typedef int (*nq__pool_tick_fn)(void *ctx);

/* ---- any order ----------------------------------------------------- */

/* Does item `index` on worker `worker` (0..threads-1: a worker runs one
 * item at a time, so per-worker state indexed by it needs no lock) and
 * writes its result (result_size bytes) to `result`. Runs beside other
 * calls. Returns 0 or a non-zero code, which stops the run. */
typedef int (*nq__pool_work_fn)(void *ctx, int worker, size_t index,
                                void *result);

/* Receives a finished item on the calling thread, one at a time, in any
 * order. Returns 0 to go on, or a non-zero code that stops the run. */
typedef int (*nq__pool_done_fn)(void *ctx, size_t index, const void *result);

struct nq__pool_job {
    size_t count;          /* items 0..count-1 */
    int threads;           /* workers; 0 = nq__pool_cores(); never more than
                              count */
    size_t result_size;    /* bytes of one item's result (may be 0) */
    nq__pool_work_fn work; /* required */
    nq__pool_done_fn done; /* may be NULL */
    nq__pool_tick_fn tick; /* may be NULL */
    void *ctx;             /* handed to the three */
    atomic_bool *cancel;   /* may be NULL: set once the run stops (its code
                              kept), for long items to poll and give up */
};

/* nq__pool_run() : runs items 0..count-1 and calls `done` for each
 * finished one. Returns 0, the first non-zero code of work, done or tick,
 * NQ_E_INVAL (no work, threads < 0) or NQ_E_NOMEM (then nothing ran).
 * After a stop, items already running finish but are not reported. */
int nq__pool_run(const struct nq__pool_job *job);

/* ---- in id order ---------------------------------------------------- */

/* A piece of an item's output: the pool allocates pieces of piece_size
 * bytes, queues them and reuses them; the item's producer fills them. A
 * piece with count 0 is empty and never delivered. */
struct nq__pool_piece {
    struct nq__pool_piece *next; /* the pool's link */
    size_t count;                /* the user's: e.g. solutions held; 0 empty */
    size_t len;                  /* the user's: e.g. bytes written */
    unsigned char data[];        /* piece_size bytes */
};

/* Where a producer queues its pieces (the pool's, opaque). */
struct nq__pool_out;

/* Writes item `id` (item_size bytes) to `item`; called under the pool's
 * lock, one call at a time, ids 0, 1, 2, ... in turn. Returns 1 (an item),
 * 0 (there are no more) or a negative code that stops the run. */
typedef int (*nq__pool_next_fn)(void *ctx, uint64_t id, void *item);

/* Produces the output of item `id` on worker `worker` (as for
 * nq__pool_work_fn). *piece is an empty piece on entry: the producer fills
 * it, queues it with nq__pool_emit() when full (which hands back the next
 * empty one), and leaves in *piece its last piece, full, partly full,
 * empty or NULL, which the pool queues as the item's end. Returns 0 or a
 * non-zero code, which stops the run. */
typedef int (*nq__pool_produce_fn)(void *ctx, int worker, uint64_t id,
                                   const void *item,
                                   struct nq__pool_piece **piece,
                                   struct nq__pool_out *out);

/* Receives one piece of item `id` on the calling thread, ids in order and
 * each item's pieces in the order emitted. Returns 0 to go on, or a
 * non-zero code that stops the run. */
typedef int (*nq__pool_deliver_fn)(void *ctx, uint64_t id,
                                   const struct nq__pool_piece *piece);

struct nq__pool_stream {
    int threads;       /* workers; 0 = nq__pool_cores() */
    size_t window;     /* ids handed out past the one being delivered: at
                          least 1 */
    size_t slot_cap;   /* pieces an item may have queued before its
                          worker waits: at least 1 */
    size_t item_size;  /* bytes of an item, as `next` writes it */
    size_t piece_size; /* bytes of a piece's data */
    nq__pool_next_fn next;
    nq__pool_produce_fn produce;
    nq__pool_deliver_fn deliver;
    nq__pool_tick_fn tick; /* may be NULL */
    void *ctx;             /* handed to the four */
    atomic_bool *cancel;   /* as in nq__pool_job */
};

/* nq__pool_emit() : queues a producer's filled piece on its item (an empty
 * one goes back to the pool), waits while the item has slot_cap pieces
 * queued, and returns an empty piece to go on with, or NULL when the run
 * stops (the producer should then return at once). On one thread the
 * piece is delivered on the spot. */
struct nq__pool_piece *nq__pool_emit(struct nq__pool_out *out,
                                     struct nq__pool_piece *piece);

/* nq__pool_run_ordered() : produces items until `next` has no more, each
 * on whichever worker is idle, no worker running more than `window` ids
 * ahead of the item being delivered (and none ahead of it before the
 * first piece is delivered), and delivers the pieces in order.
 * Returns 0 after the last piece, the first non-zero code of next,
 * produce, deliver or tick, NQ_E_INVAL for bad parameters, or NQ_E_NOMEM
 * (pieces may have been delivered before it). */
int nq__pool_run_ordered(const struct nq__pool_stream *stream);

#endif /* NQ_POOL_H */
