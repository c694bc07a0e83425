/*
 * mpi_count.h - what the parts of nqueens-mpi share: the message tags, the
 * shape of the messages and the two roles.
 *
 * Rank 0 (the master) owns the list of unfinished subproblem ids, hands
 * chunks of it out on request, collects the counts (and checkpoints them)
 * and counts chunks of its own on another thread (count/local_run.h), so that
 * its main thread answers at all times. Every other rank (a worker) keeps
 * several requests in flight, so that the next chunk is there when the
 * current one is done, and returns the counts of each chunk with its next
 * request. Ids and counts travel as arrays of uint64_t.
 *
 * A join in passes (nq_plan_passes() > 1) is handed out a pass at a time:
 * the master's queue is ordered by pass, and a worker is sent the number
 * of a pass (TAG_PASS): it counts every unit of that pass, building the
 * pass's table alone, once. Its results go back in small messages as they
 * come (a request that wants nothing), because every message of this
 * protocol must stay small: a large one waits for its receiver. A worker
 * in passes keeps one request out: it asks for the next pass when the
 * last 1/PASS_ASK_AHEAD of the units of its pass are left, so that it
 * never holds a whole pass ahead (at the end, another rank would wait
 * while it counted that one too).
 */
#ifndef NQ_MPI_COUNT_H
#define NQ_MPI_COUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#include "common/deadline.h"
#include "count/count_request.h"
#include "count/local_run.h"
#include "nqueens.h"

enum mpi_tag {
    /* worker -> master: {want, k, then k x (id, total, sym180, sym90)};
     * want 0: results only, no work wanted */
    TAG_REQUEST = 1,
    /* master -> worker: the ids of a chunk; none means "no more work" */
    TAG_WORK = 2,
    /* worker -> master: {NQ_E_* code, then what the worker's device said,
     * if anything: its bytes in the words after the code, NUL-padded} when
     * a subproblem failed */
    TAG_ERROR = 3,
    /* worker -> master: {signal number} when the worker got SIGINT or
     * SIGTERM; its finished counts came with the request before it */
    TAG_STOP = 4,
    /* master -> worker: {pass}: count the units of that pass */
    TAG_PASS = 5,
    /* master -> worker: {}: the job has its result. A worker sent all its
     * "no more work" replies waits for this, watching for signals (one
     * sends TAG_STOP), while other ranks still count: a signal to it
     * stops the job as a signal to any rank does. */
    TAG_END = 6
};

/* Words in a request before its results, and in one result. */
#define REQUEST_HEADER 2
#define RESULT_WORDS 4

/* The most results a worker counting a pass sends in one message: about
 * 2 KiB, under Open MPI's eager limits (4 KiB in shared memory), so that a
 * send never waits for rank 0 to receive it. */
#define PASS_RESULTS_PER_MESSAGE 64

/* The largest chunk, in ids per thread of the rank that asks. On a loaded
 * machine rank 0 may wait long for a core: with 4 ids a chunk and 2
 * requests in flight a worker of n = 16 spent more than half its time
 * waiting for work; with 16 and 3, almost none. Chunks shrink towards the
 * end all the same. */
#define CHUNK_PER_THREAD 16

/* Requests each worker keeps in flight. */
#define REQUESTS_IN_FLIGHT 3

/* ... and for a join in passes: one, sent when 1/PASS_ASK_AHEAD of the
 * units of the pass being counted are left. With two out (a whole pass
 * waiting), mpirun -np 2 nqueens-mpi count 20 --threads 1 took 153 s,
 * the last pass counted while the other rank waited; with one sent at
 * the end of a pass, 141 s. */
#define PASS_REQUESTS_IN_FLIGHT 1
#define PASS_ASK_AHEAD 8

/* Where a rank counts: its host (NQUEENS_HOST, else the machine's name)
 * and its library's version, recorded with every unit it counts. */
struct mpi_origin {
    char host[NQ_PROVENANCE_MAX];
    char version[NQ_PROVENANCE_MAX];
};

/* mpi_gather_origins() : every rank's origin, gathered on rank 0 (ranks
 * entries, free()); NULL on the other ranks. A collective call. */
struct mpi_origin *mpi_gather_origins(int rank, int ranks);

/* The bytes of what a rank's GPU says when it fails (its number and
 * name, the call that failed, the build log's first lines). */
#define MPI_DEVICE_MESSAGE_MAX 512

/* mpi_plan_error() : says, on rank 0, why the plan of the count `req`
 * could not be made: `rc` is the first failure, of rank `rank`, with what
 * its GPU said (or "" or NULL). The words are those of `nqueens count`
 * for a failure of rank 0's. Returns the exit status (2). */
int mpi_plan_error(const struct count_request *req, int rc, int rank,
                   const char *device_message);

/* What a run of either role needs. */
struct mpi_job {
    const struct count_request *req;
    const nq_plan *plan;
    int rank;                         /* this process's rank */
    int ranks;                        /* processes in the job */
    int threads;                      /* this rank's worker threads */
    int total_threads;                /* worker threads of all ranks together */
    bool in_passes;                   /* the plan is a join in passes */
    int in_flight;                    /* requests a worker keeps out */
    const struct mpi_origin *origins; /* rank 0: each rank's origin */
    const char *device_message;       /* what this rank's GPU said, or "" */
    struct writer *out;       /* rank 0: the result's stream (-o), opened before
                                 the plan as `nqueens count` opens it */
    double start;             /* monotonic seconds when the run began, before
                                 the plan: its `seconds` count from here */
    struct deadline deadline; /* rank 0: --max-time, from `start` */
};

/* A fingerprint of how `plan` cuts its ids into passes: a worker sent a
 * pass's number counts the ids of that pass by its own plan, so the ranks
 * must cut alike. */
uint64_t mpi_cut_fingerprint(const nq_plan *plan);

/* Orders ids[0..count) for a job in passes: the ids of no pass first, then
 * pass by pass, in increasing order within each. Returns 0 or
 * NQ_E_NOMEM. */
int mpi_order_by_pass(const nq_plan *plan, uint64_t *ids, size_t count);

/* Waits, politely, until a message from `source` (or MPI_ANY_SOURCE) can be
 * received: polls with short sleeps, so that a rank that waits leaves its
 * core to the ranks that count (mpirun --oversubscribe on few cores).
 * Returns true with *status filled, or false when `watch_signals` and
 * SIGINT or SIGTERM came (cli/common/interrupt.c). */
bool mpi_wait_message(int source, MPI_Status *status, bool watch_signals);

/* The sleeps are local_nap()'s (count/local_run.h). */

/* The master's part: counts, hands out, collects, checkpoints, prints
 * into job->out and closes it (a named file is kept only with the
 * result). Returns the exit status; sets *abort_job when the workers cannot be
 * let go in order (an error or a signal in the middle of the run). */
int mpi_master(const struct mpi_job *job, bool *abort_job);

/* A worker's part. Returns the exit status. */
int mpi_worker(const struct mpi_job *job);

#endif
