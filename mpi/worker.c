/*
 * worker.c - a rank of nqueens-mpi other than 0: asks rank 0 for chunks of
 * subproblem ids, counts each chunk on its threads and sends the counts
 * back with its next request. Several requests are kept in flight, so the
 * next chunk is usually there when the current one is done.
 *
 * In a join in passes a worker is sent a pass instead of ids: it counts
 * every unit of the pass (one build of its table) and sends the results
 * back as they come, a small message at a time.
 *
 * SIGINT, SIGTERM or SIGHUP to a worker stops its chunk at the next finished
 * subproblem; it sends what it finished and tells rank 0, which saves and
 * ends the job. A worker that died of the signal instead would make Open
 * MPI kill rank 0 before it could save (mpirun, stopped by a signal, sends
 * SIGTERM to every rank at once). A worker that has finished its share
 * waits for rank 0's word that the job has its result (TAG_END), still
 * watching for signals, so that a signal to it stops the job too.
 */
#include <stdlib.h>
#include <string.h>

#include "common/interrupt.h"
#include "mpi_count.h"

struct worker {
    uint64_t *out;   /* the next request: header, then results */
    uint64_t filled; /* results in out */
    bool streaming;  /* counting a pass: results go out every so many */
    /* Counting a pass: its units not yet done; when `ahead` are left, the
     * request for the next pass goes out (`asked`), so that it is there
     * when this one ends. */
    uint64_t left, ahead, want;
    bool asked;
};

/* Sends the results in out as a request that wants `want` ids (0: none,
 * results only). */
static void worker_send(struct worker *w, uint64_t want)
{
    w->out[0] = want;
    w->out[1] = w->filled;
    MPI_Send(w->out, (int)(REQUEST_HEADER + RESULT_WORDS * w->filled),
             MPI_UINT64_T, 0, TAG_REQUEST, MPI_COMM_WORLD);
    w->filled = 0;
}

static int worker_done(uint64_t id, const nq_subcount *count, void *user)
{
    struct worker *w = user;
    uint64_t *r = w->out + REQUEST_HEADER + RESULT_WORDS * w->filled++;
    r[0] = id;
    r[1] = count->total;
    r[2] = count->sym180;
    r[3] = count->sym90;
    if (w->streaming && --w->left == w->ahead && !w->asked) {
        worker_send(w, w->want);
        w->asked = true;
    } else if (w->streaming && w->filled == PASS_RESULTS_PER_MESSAGE) {
        worker_send(w, 0);
    }
    return interrupt_signal() != 0;
}

/* The ids of pass `pass` of the plan into ids (room for all of the plan's);
 * returns how many. */
static size_t worker_pass_ids(const nq_plan *plan, uint64_t pass, uint64_t *ids)
{
    size_t count = 0;
    uint64_t size = nq_plan_size(plan);
    for (uint64_t id = 0; id < size; id++) {
        if (nq_plan_pass_of(plan, id) == pass)
            ids[count++] = id;
    }
    return count;
}

/* Tells rank 0 that this worker got a signal. */
static void worker_send_stop(void)
{
    uint64_t sig = (uint64_t)interrupt_signal();
    MPI_Send(&sig, 1, MPI_UINT64_T, 0, TAG_STOP, MPI_COMM_WORLD);
}

/* Waits, its share done, for rank 0 to say that the job has its result
 * (TAG_END), while other ranks still count: a signal meanwhile stops the
 * job, as a signal to a rank that counts does (rank 0 saves, says so and
 * ends the job). In MPI_Finalize the signal went unheeded until the whole
 * job had ended. Returns 0, or the exit status where rank 0 sent something
 * else. */
static int worker_wait_end(const struct mpi_job *job, bool stop_sent)
{
    for (;;) {
        MPI_Status st;
        if (!mpi_wait_message(0, &st, !stop_sent)) {
            worker_send_stop();
            stop_sent = true;
            continue;
        }
        if (st.MPI_TAG != TAG_END)
            return cli_error("rank %d: unexpected message from rank 0",
                             job->rank);
        MPI_Recv(NULL, 0, MPI_UINT64_T, 0, TAG_END, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        return EXIT_OK;
    }
}

/* Tells rank 0 that a chunk failed with `rc`, and what this rank's device
 * said about it, which only this rank knows (TAG_ERROR). */
static void worker_send_error(const struct mpi_job *job, int rc)
{
    uint64_t words[1 + (MPI_DEVICE_MESSAGE_MAX + sizeof(uint64_t) - 1) /
                           sizeof(uint64_t)];
    memset(words, 0, sizeof words);
    words[0] = (uint64_t)(int64_t)rc;
    size_t len = job->device_message != NULL ? strlen(job->device_message) : 0;
    if (len > MPI_DEVICE_MESSAGE_MAX - 1)
        len = MPI_DEVICE_MESSAGE_MAX - 1;
    if (len > 0)
        memcpy(words + 1, job->device_message, len);
    int count =
        len > 0 ? (int)(1 + (len + sizeof(uint64_t)) / sizeof(uint64_t)) : 1;
    MPI_Send(words, count, MPI_UINT64_T, 0, TAG_ERROR, MPI_COMM_WORLD);
}

int mpi_worker(const struct mpi_job *job)
{
    int go = 0;
    MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!go)
        return EXIT_USAGE; /* rank 0 said why */

    uint64_t want = CHUNK_PER_THREAD * (uint64_t)job->threads;
    /* Room for a chunk, or in passes for every id of a pass (the results
     * of a pass go out PASS_RESULTS_PER_MESSAGE at a time). */
    uint64_t room = job->in_passes ? nq_plan_size(job->plan) : want;
    uint64_t results =
        want > PASS_RESULTS_PER_MESSAGE ? want : PASS_RESULTS_PER_MESSAGE;
    uint64_t *ids = malloc((room > 0 ? room : 1) * sizeof *ids);
    struct worker w = {.out = malloc((REQUEST_HEADER + RESULT_WORDS * results) *
                                     sizeof(uint64_t)),
                       .want = want};
    if (ids == NULL || w.out == NULL) {
        free(ids);
        free(w.out);
        return cli_error("rank %d: out of memory", job->rank);
    }
    uint64_t hello[REQUEST_HEADER] = {want, 0};
    for (int i = 0; i < job->in_flight; i++)
        MPI_Send(hello, REQUEST_HEADER, MPI_UINT64_T, 0, TAG_REQUEST,
                 MPI_COMM_WORLD);

    int status = EXIT_OK;
    int stops = 0;
    bool stop_sent = false;
    while (stops < job->in_flight) {
        MPI_Status st;
        if (!mpi_wait_message(0, &st, !stop_sent)) {
            worker_send_stop(); /* the signal came while it waited */
            stop_sent = true;
            continue;
        }
        int words = 0;
        MPI_Get_count(&st, MPI_UINT64_T, &words);
        bool pass = st.MPI_TAG == TAG_PASS;
        if ((st.MPI_TAG != TAG_WORK && !pass) || words < 0 ||
            (uint64_t)words > want || (pass && words != 1)) {
            status =
                cli_error("rank %d: unexpected message from rank 0", job->rank);
            break;
        }
        MPI_Recv(ids, words, MPI_UINT64_T, 0, st.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (words == 0) {
            stops++;
            continue;
        }
        if (pass && (!job->in_passes || ids[0] >= nq_plan_passes(job->plan))) {
            status =
                cli_error("rank %d: unexpected message from rank 0", job->rank);
            break;
        }
        if (pass)
            words = (int)worker_pass_ids(job->plan, ids[0], ids);
        w.streaming = pass;
        w.left = (uint64_t)words;
        w.ahead = pass ? (uint64_t)words / PASS_ASK_AHEAD : 0;
        w.asked = false;
        /* After a signal no chunk is counted: rank 0 ends the job. The
         * empty answer keeps the requests in flight all the same, so that
         * a job whose work was all done by then still ends in order. */
        w.filled = 0;
        int rc = NQ_OK;
        if (!stop_sent) {
            rc = nq_plan_run(job->plan, ids, (size_t)words, job->threads,
                             worker_done, &w);
            if (rc == NQ_E_STOPPED && interrupt_signal() != 0)
                rc = NQ_OK; /* the finished part goes to rank 0 below */
        }
        if (rc != NQ_OK) {
            worker_send_error(job, rc); /* rank 0 reports it, ends the job */
            status = EXIT_USAGE;
            break;
        }
        if (w.asked)
            worker_send(&w, 0); /* the rest of the pass's results */
        else
            worker_send(&w, want);
        if (interrupt_signal() != 0 && !stop_sent) {
            worker_send_stop();
            stop_sent = true;
        }
    }
    free(ids);
    free(w.out);
    if (status == EXIT_OK)
        status = worker_wait_end(job, stop_sent);
    return status;
}
