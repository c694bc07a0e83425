/*
 * master.c - rank 0 of nqueens-mpi: owns the unfinished subproblem ids
 * (from the checkpoint when there is one), hands chunks of them to the
 * workers on request, counts chunks of its own on a thread of its own
 * (count/local_run.h) while its main thread serves the workers, collects every
 * count, checkpoints it, and prints the result as `nqueens count` does.
 *
 * Chunks shrink as the list empties (a share of what is left per rank), so
 * that the last subproblems spread over every rank instead of queueing
 * behind one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "common/deadline.h"
#include "common/interrupt.h"
#include "count/count_tally.h"
#include "count/local_run.h"
#include "mpi_count.h"

struct master {
    const struct mpi_job *job;
    struct tally t;         /* the books (count/count_tally.h): the
                               checkpoint, the sum, the ids not finished when
                               the run began (t.pending, ordered by pass) */
    size_t next;            /* the next id of t.pending to hand out */
    uint8_t *outstanding;   /* bit per id: not yet counted in this run */
    uint64_t *buf;          /* receive buffer */
    size_t buf_cap;         /* words in buf */
    int *stops;             /* per rank: "no more work" replies sent */
    int workers_left;       /* workers not yet sent all their stops */
    struct local_run local; /* rank 0's own chunk */
    int err;                /* the first failure, an NQ_E_* code */
    int err_rank;           /* the rank it came from */
    char err_device[MPI_DEVICE_MESSAGE_MAX]; /* what its GPU said, or "" */
    int stop_signal; /* SIGINT, SIGTERM or SIGHUP, to any rank; 0: none */
    int stop_rank;   /* the rank that got it first */
    struct deadline deadline; /* --max-time, from the start of the run
                                 (before the plan) */
};

/* Whether the job must stop: a signal, to rank 0 (seen here) or to a
 * worker (it sent TAG_STOP), or --max-time has passed. */
static bool master_stopping(struct master *m)
{
    if (m->stop_signal == 0 && interrupt_signal() != 0) {
        m->stop_signal = interrupt_signal();
        m->stop_rank = 0;
    }
    return m->stop_signal != 0 || deadline_check(&m->deadline);
}

static void master_fail(struct master *m, int err, int rank)
{
    if (m->err == NQ_OK) {
        m->err = err;
        m->err_rank = rank;
    }
}

/* Takes in the count of subproblem `id`, from whichever rank. */
static void master_record(struct master *m, uint64_t id,
                          const nq_subcount *count, int rank)
{
    if (id >= m->t.size) {
        master_fail(m, NQ_E_INVAL, rank);
        return;
    }
    if (!(m->outstanding[id / 8] & (1u << (id % 8)))) {
        /* A worker given a pass counts all its units, also those that a
         * checkpoint had already: those are dropped. Elsewhere it is an
         * id that was not handed out. */
        if (!m->job->in_passes ||
            nq_plan_pass_of(m->job->plan, id) == NQ_PLAN_NO_PASS)
            master_fail(m, NQ_E_INVAL, rank);
        return;
    }
    /* Rank 0's own counts carry its provenance as the checkpoint has it;
     * another rank's, that rank's host and version. */
    const struct mpi_origin *o = rank > 0 ? &m->job->origins[rank] : NULL;
    if (tally_add_from(&m->t, id, count, o != NULL ? o->host : NULL,
                       o != NULL ? o->version : NULL) != 0 &&
        m->t.err != NQ_OK) {
        master_fail(m, m->t.err, 0);
        return;
    }
    m->outstanding[id / 8] &= (uint8_t) ~(1u << (id % 8));
}

/* In a job in passes, the ids from queue[next] on that share its pass (or
 * that read no pass), and that pass in *pass. */
static size_t master_same_pass(const struct master *m, uint64_t *pass)
{
    size_t left = m->t.pending_len - m->next;
    const uint64_t *q = m->t.pending + m->next;
    *pass = nq_plan_pass_of(m->job->plan, q[0]);
    size_t same = 1;
    while (same < left && nq_plan_pass_of(m->job->plan, q[same]) == *pass)
        same++;
    return same;
}

/* How many ids to give a rank that wants up to `want`. In a job in passes
 * a chunk never spans two passes, and the ids of one pass go out whole. */
static size_t master_chunk(const struct master *m, uint64_t want)
{
    size_t left = m->t.pending_len - m->next;
    if (m->job->in_passes && left > 0) {
        uint64_t pass;
        left = master_same_pass(m, &pass);
        if (pass != NQ_PLAN_NO_PASS)
            return left;
    }
    size_t share = left / (2 * (size_t)m->job->ranks);
    if (share < 1)
        share = 1;
    if (share > want)
        share = (size_t)want;
    return share < left ? share : left;
}

/* Receives one message that `status` announced and answers it. */
static void master_handle(struct master *m, const MPI_Status *status)
{
    int words = 0;
    MPI_Get_count(status, MPI_UINT64_T, &words);
    int source = status->MPI_SOURCE;
    if (words < 0)
        words = 0;
    if ((size_t)words > m->buf_cap) {
        uint64_t *b = realloc(m->buf, (size_t)words * sizeof *b);
        if (b == NULL) {
            master_fail(m, NQ_E_NOMEM, 0);
            return;
        }
        m->buf = b;
        m->buf_cap = (size_t)words;
    }
    MPI_Recv(m->buf, words, MPI_UINT64_T, source, status->MPI_TAG,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (status->MPI_TAG == TAG_STOP) {
        int sig = words > 0 ? (int)m->buf[0] : 0;
        if (m->stop_signal == 0 && sig > 0 && sig < 64) {
            m->stop_signal = sig;
            m->stop_rank = source;
        }
        return;
    }
    if (status->MPI_TAG == TAG_ERROR) {
        if (m->err == NQ_OK && words > 1) {
            /* The worker's device line, however long the message. */
            size_t bytes = ((size_t)words - 1) * sizeof(uint64_t);
            if (bytes > sizeof m->err_device - 1)
                bytes = sizeof m->err_device - 1;
            memcpy(m->err_device, m->buf + 1, bytes);
            m->err_device[bytes] = '\0';
        }
        master_fail(m, words > 0 ? (int)(int64_t)m->buf[0] : NQ_E_INVAL,
                    source);
        return;
    }
    uint64_t results = words >= REQUEST_HEADER ? m->buf[1] : 0;
    if (status->MPI_TAG != TAG_REQUEST || words < REQUEST_HEADER ||
        (uint64_t)words != REQUEST_HEADER + RESULT_WORDS * results) {
        master_fail(m, NQ_E_INVAL, source);
        return;
    }
    for (uint64_t i = 0; i < results; i++) {
        const uint64_t *r = m->buf + REQUEST_HEADER + RESULT_WORDS * i;
        nq_subcount count = {r[1], r[2], r[3]};
        master_record(m, r[0], &count, source);
    }
    if (m->buf[0] == 0)
        return; /* results only */
    /* No more work once the job fails or stops. */
    size_t k =
        m->err == NQ_OK && m->stop_signal == 0 ? master_chunk(m, m->buf[0]) : 0;
    uint64_t pass = NQ_PLAN_NO_PASS;
    if (k > 0 && m->job->in_passes)
        pass = nq_plan_pass_of(m->job->plan, m->t.pending[m->next]);
    if (pass != NQ_PLAN_NO_PASS)
        MPI_Send(&pass, 1, MPI_UINT64_T, source, TAG_PASS, MPI_COMM_WORLD);
    else
        MPI_Send(m->t.pending + m->next, (int)k, MPI_UINT64_T, source, TAG_WORK,
                 MPI_COMM_WORLD);
    m->next += k;
    if (k == 0 && ++m->stops[source] == m->job->in_flight)
        m->workers_left--;
}

/* Answers every message that has arrived; returns how many. */
static size_t master_serve(struct master *m)
{
    size_t served = 0;
    for (;; served++) {
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
        if (!flag)
            break;
        master_handle(m, &status);
    }
    return served;
}

/* Takes in one of rank 0's own counts (from local_take()). */
static void master_take_local(void *user, const struct local_result *r)
{
    struct master *m = user;
    master_record(m, r->id, &r->count, 0);
}

/* Ends rank 0's chunk once it has returned (at once where `wait`: after
 * local_stop()) and takes in its last counts. */
static void master_end_local(struct master *m, bool wait)
{
    if (!m->local.running || (!wait && !local_finished(&m->local)))
        return;
    int rc = local_end(&m->local);
    local_take(&m->local, master_take_local, m);
    if (rc != NQ_OK && rc != NQ_E_STOPPED)
        master_fail(m, rc, 0);
}

/* Stops rank 0's chunk and waits for it to end, saving each count that
 * comes in meanwhile, its own or a worker's: under mpirun SIGKILL may
 * come before the end. */
static void master_stop_local(struct master *m)
{
    local_stop(&m->local);
    long nap = LOCAL_NAP_FIRST_NS;
    while (m->local.running && !local_finished(&m->local)) {
        size_t news = master_serve(m);
        news += local_take(&m->local, master_take_local, m);
        if (news > 0)
            tally_save(&m->t);
        local_nap(&nap);
    }
    master_end_local(m, true);
}

/* Starts rank 0's next chunk: alone, everything in one go; with workers,
 * a chunk like theirs. */
static void master_start_local(struct master *m)
{
    const struct mpi_job *job = m->job;
    size_t k = m->t.pending_len - m->next;
    if (job->ranks > 1)
        k = master_chunk(m, CHUNK_PER_THREAD * (uint64_t)job->threads);
    int rc = local_start(&m->local, m->t.pending + m->next, k);
    if (rc != NQ_OK)
        master_fail(m, rc, 0);
    else
        m->next += k;
}

/* The loop: serve the workers, take in rank 0's own counts and start its
 * next chunk as one ends, until every count is in and every worker was
 * told to stop. On a signal the checkpoint is saved at once, before the
 * subproblems still running finish: under mpirun the signal is mpirun's
 * SIGTERM, and SIGKILL follows a second later (docs/mpi.md). */
static void master_loop(struct master *m)
{
    long nap = LOCAL_NAP_FIRST_NS;
    bool saved = false;
    for (;;) {
        size_t news = master_serve(m);
        news += local_take(&m->local, master_take_local, m);
        master_end_local(m, false);
        bool stopping = master_stopping(m);
        if (stopping && !saved) {
            tally_save(&m->t);
            saved = true;
        }
        /* A signal after the last count lets the workers go in order. */
        if (m->err != NQ_OK || (stopping && m->t.done < m->t.size)) {
            /* No result: the -o file goes now, as mpirun's SIGKILL may
             * come before rank 0's own chunk ends. */
            cleanup_now();
            master_stop_local(m);
            break;
        }
        if (m->t.done == m->t.size && m->workers_left == 0 && !m->local.running)
            break;
        if (!m->local.running && m->next < m->t.pending_len) {
            master_start_local(m);
            news++;
        }
        if (news > 0)
            nap = LOCAL_NAP_FIRST_NS;
        else
            local_nap(&nap);
    }
}

/* Opens the books (the checkpoint, the ids to count) and orders the ids
 * by pass; returns an exit status, or -1 to go on. */
static int master_prepare(struct master *m)
{
    int status = tally_open(&m->t, m->job->req, m->job->plan, true);
    if (status >= 0)
        return status;
    m->outstanding = calloc((size_t)(m->t.size / 8 + 1), 1);
    m->stops = calloc((size_t)m->job->ranks, sizeof *m->stops);
    if (m->outstanding == NULL || m->stops == NULL)
        return cli_error("out of memory");
    if (m->job->in_passes && mpi_order_by_pass(m->job->plan, m->t.pending,
                                               m->t.pending_len) != NQ_OK)
        return cli_error("out of memory");
    for (size_t i = 0; i < m->t.pending_len; i++)
        m->outstanding[m->t.pending[i] / 8] |=
            (uint8_t)(1u << (m->t.pending[i] % 8));
    m->workers_left = m->job->ranks - 1;
    if (local_init(&m->local, m->job->plan, m->job->threads) != NQ_OK)
        return cli_error("out of memory");
    return -1;
}

/* Says how the run ended when it did not complete; returns the status. */
static int master_report_failure(struct master *m, int closed)
{
    if (m->err == NQ_OK && m->stop_signal != 0) {
        char by[48] = "";
        if (m->stop_rank != 0)
            snprintf(by, sizeof by, " (a signal to rank %d)", m->stop_rank);
        return tally_say_interrupted(&m->t, by, closed, 128 + m->stop_signal,
                                     cli_monotonic_seconds() - m->job->start);
    }
    if (m->err == NQ_OK && m->deadline.passed) {
        if (m->job->req->checkpoint != NULL)
            return tally_say_max_time(&m->t, closed);
        return cli_error("count of %d stopped by --max-time %g: no result",
                         m->job->req->n, m->job->req->max_time);
    }
    int status = tally_say_failed(&m->t, m->err);
    if (status >= 0)
        return status;
    /* What the failing rank's GPU said, where a GPU failed. */
    const char *why = nq_strerror(m->err);
    if (m->err_rank != 0 && m->err_device[0] != '\0')
        why = m->err_device;
    if (m->err_rank == 0 && m->job->device_message != NULL &&
        m->job->device_message[0] != '\0')
        why = m->job->device_message;
    return cli_error("count of %d failed on rank %d: %s", m->job->req->n,
                     m->err_rank, why);
}

int mpi_master(const struct mpi_job *job, bool *abort_job)
{
    struct master m;
    memset(&m, 0, sizeof m);
    m.job = job;
    m.deadline = job->deadline;
    int status = master_prepare(&m);
    /* Tell the workers whether there is a run at all. */
    int go = status < 0;
    MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);

    nq_count_result result;
    memset(&result, 0, sizeof result);
    if (go) {
        progress_start(&m.t.progress, job->req->progress);
        tally_show(&m.t);
        master_loop(&m);
        progress_end(&m.t.progress);
        if (m.err != NQ_OK && m.t.err == NQ_OK)
            m.t.err = m.err; /* a worker's failure: no result */
        int closed = NQ_OK;
        int rc = tally_close(&m.t, &result, &closed);
        if (rc != NQ_OK && rc != NQ_E_STOPPED)
            master_fail(&m, rc, 0);
        if (rc != NQ_OK) {
            status = master_report_failure(&m, closed);
            /* Workers may be counting or waiting: the job ends here. */
            *abort_job = job->ranks > 1;
        } else {
            /* The result is in: the workers, which wait for it watching
             * for signals, may end. */
            for (int r = 1; r < job->ranks; r++)
                MPI_Send(NULL, 0, MPI_UINT64_T, r, TAG_END, MPI_COMM_WORLD);
        }
    }
    tally_free(&m.t);
    local_free(&m.local);
    free(m.outstanding);
    free(m.stops);
    free(m.buf);
    if (status >= 0) {
        writer_close(job->out, false); /* no result: no -o file */
        return status;
    }
    count_report(job->out, job->req, &result, job->total_threads,
                 nq_plan_engine(job->plan) == NQ_ENGINE_GPU,
                 nq_plan_signature(job->plan),
                 cli_monotonic_seconds() - job->start);
    return writer_close(job->out, true);
}
