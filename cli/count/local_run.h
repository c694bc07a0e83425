/*
 * local_run.h - a chunk of a plan's ids counted on a thread of its own, so
 * that the calling thread stays free: rank 0 of nqueens-mpi answers the
 * workers at all times (counted on its main thread, a chunk kept rank 0
 * deaf for as long as one of its subproblems ran, and a join pass's table
 * takes seconds to build: 7 s at n = 20 on one thread; the workers'
 * results backed up until their sends blocked), and `count --checkpoint`
 * saves the moment a signal comes, and each count that ends while the
 * run winds down (count/count_tally.h).
 *
 * The counting thread never calls MPI nor touches the checkpoint: it keeps
 * each finished count for the calling thread, which takes them in with
 * local_take().
 */
#ifndef NQ_CLI_LOCAL_RUN_H
#define NQ_CLI_LOCAL_RUN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

/* A finished subproblem of the local chunk. */
struct local_result {
    uint64_t id;
    nq_subcount count;
};

struct local_run {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t ended; /* signalled when nq_plan_run() returns */
    const nq_plan *plan;
    const uint64_t *ids; /* the chunk: the caller keeps it until the end */
    size_t count;
    int threads;
    bool running;     /* started and not yet ended by local_end() */
    atomic_bool stop; /* local_stop(): end at the next finished one */
    /* Under lock: the results not yet taken, and how the run ended. */
    struct local_result *done;
    size_t done_len, done_cap;
    /* The main thread's: the results it takes in, swapped with done. */
    struct local_result *taking;
    size_t taking_cap;
    bool finished; /* nq_plan_run() returned */
    int rc;        /* ... with this, or NQ_E_NOMEM for a lost result */
};

/* Prepares *l (no thread yet). Returns 0 or an NQ_E_* code. */
int local_init(struct local_run *l, const nq_plan *plan, int threads);

/* Starts counting ids[0..count) on a new thread. Returns 0, NQ_E_INVAL
 * while a chunk is running (until local_end()), or NQ_E_NOMEM when no
 * thread could be started. */
int local_start(struct local_run *l, const uint64_t *ids, size_t count);

/* Asks a running chunk to stop at its next finished subproblem. */
void local_stop(struct local_run *l);

/* Calls take(user, result) for each result finished since the last call,
 * in the order they finished, on the calling thread. Returns how many. */
size_t local_take(struct local_run *l,
                  void (*take)(void *user, const struct local_result *r),
                  void *user);

/* Whether the running chunk has returned (its last results may still be
 * there to take). */
bool local_finished(struct local_run *l);

/* Waits for the running chunk to return and ends it: returns its code
 * (NQ_OK, NQ_E_STOPPED after local_stop() or a code of the count). Take
 * the last results after it. */
int local_end(struct local_run *l);

/* Ends a chunk still running (stopped) and releases *l. */
void local_free(struct local_run *l);

/* Waits until the running chunk returns or `ms` milliseconds have passed,
 * whichever comes first: the results wait in their buffer meanwhile (no
 * one needs them sooner), and the calling thread wakes a few times a
 * second instead of after every result (a part of n = 20 on one thread
 * woke 98,000 times in 65 s with local_nap(), and spent 4% more
 * processor time for it). */
void local_wait(struct local_run *l, long ms);

/* How long a checkpointed count waits between two looks at its results,
 * a signal and --max-time: 50 ms. */
#define LOCAL_LOOK_MS 50L

/* A short sleep of a thread that waits for messages in nqueens-mpi
 * without spinning: *ns nanoseconds, then *ns doubles for
 * the next one, up to 2 ms; a wait starts at LOCAL_NAP_FIRST_NS. A wait
 * that nothing answers costs a core next to nothing, and an answer waits
 * a couple of milliseconds at most. */
#define LOCAL_NAP_FIRST_NS 10000L
void local_nap(long *ns);

#endif
