/*
 * main.c - nqueens-mpi: `nqueens count` spread over the ranks of an MPI job
 * (Open MPI's mpirun). Every rank reads the same arguments and builds the
 * same plan; they check that they agree on it, then rank 0 hands the
 * subproblem ids out and every rank counts with its threads. The output is
 * that of `nqueens count`, printed by rank 0 alone.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/interrupt.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "common/std_fds.h"
#include "count/checkpoint_errors.h"
#include "count/count_part.h"
#include "count/count_request.h"
#include "count/count_tally.h"
#include "mpi_count.h"

static const char mpi_head[] =
    "Usage: mpirun -np P nqueens-mpi count [OPTIONS] N\n"
    "\n"
    "Counts the solutions of the N-queens puzzle like `nqueens count N`,\n"
    "spread over the P ranks of an MPI job: rank 0 hands the subproblems\n"
    "out as the ranks ask for them and counts some itself, every rank\n"
    "counts with its threads, and rank 0 prints the result. With P = 1\n"
    "rank 0 does all the work. The join runs in ten passes or more (and\n"
    "more where its table does not fit --memory); a pass goes to one\n"
    "rank, which holds that pass's table alone, within its own --memory.\n"
    "\n"
    "Options:\n";

static const char mpi_tail[] =
    "\n"
    "Of the options of nqueens count, --dry-run, --part, --census, --device\n"
    "and --list-devices are not taken here: `nqueens count N --dry-run\n"
    "--checkpoint FILE` shows the plan the ranks share (nothing written),\n"
    "parts are the other way of spreading a count, and with --engine gpu\n"
    "each rank takes a GPU of its own.\n"
    "\n"
    "A rank that dies ends the job (mpirun says which); with --checkpoint\n"
    "the next run skips the work that was saved.\n"
    "\n"
    "Exit status: 0 success, 2 bad usage or a failed count, 130, 143 or\n"
    "129 after SIGINT, SIGTERM or SIGHUP to a rank (the work so far saved\n"
    "with --checkpoint).\n"
    "Open MPI 4's mpirun does not pass SIGINT or SIGTERM on: stopped by\n"
    "one (Ctrl-C), it sends the ranks SIGTERM, SIGKILL a second later,\n"
    "and exits 1; rank 0 saves on that SIGTERM. To stop a job with 130,\n"
    "send SIGINT to a rank: kill -INT PID.\n";

/* The options of `nqueens count`, with what they mean on ranks. */
#define REQ struct count_request
static const struct opt mpi_opts[] = {
    OPT_USE_HELP(opt_threads, REQ, threads,
                 "worker threads on each rank (default: the cores\n"
                 "the rank may run on; mpirun binds ranks to cores,\n"
                 "--bind-to none gives each all of its machine's)"),
    OPT_USE_HELP(count_opt_memory, REQ, memory_bytes,
                 "memory budget of each rank (default 2G)"),
    OPT_USE_HELP(count_opt_engine, REQ, engine,
                 "auto (default), join, constellations or gpu, as\n"
                 "for nqueens count; a rank builds the join's table\n"
                 "of each pass it counts; with gpu, rank r counts on\n"
                 "the r-th GPU of its machine, round the GPUs found"),
    OPT_USE(opt_json, REQ, json),
    OPT_USE_HELP(opt_output, REQ, output,
                 "rank 0 writes the result to FILE, complete or not\n"
                 "at all"),
    OPT_USE_HELP(opt_max_time, REQ, max_time,
                 "rank 0 ends the job after SEC seconds, the plan\n"
                 "included, exit status 2 (default 0: no limit);\n"
                 "with --checkpoint the work is saved"),
    OPT_USE_HELP(count_opt_progress, REQ, progress,
                 "progress on rank 0's stderr, a line every few\n"
                 "seconds when it is not a terminal (under mpirun it\n"
                 "is not)"),
    OPT_USE(count_opt_quiet, REQ, progress),
    OPT_USE_HELP(count_opt_checkpoint, REQ, checkpoint,
                 "rank 0 keeps the finished work of the whole job in\n"
                 "FILE (SQLite); the same command resumes from it.\n"
                 "A FILE in use by another run is refused"),
    OPT_USE_GIVEN(count_opt_interval, REQ, checkpoint_interval,
                  checkpoint_interval_set,
                  "seconds between two saves (default 10); each pass\n"
                  "of the join is also saved as it ends"),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef REQ

static const struct optable mpi_table = OPTABLE(mpi_opts, 20, false);

/* Reads `count [OPTIONS] N`; returns -1 to go on, else the exit status. */
static int mpi_parse(int argc, char **argv, struct count_request *req)
{
    if (argc < 2)
        return cli_usage_error("no command given (nqueens-mpi count N)");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        optable_usage(mpi_head, &mpi_table, mpi_tail);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("nqueens-mpi %s\n", nq_version());
        return EXIT_OK;
    }
    if (strcmp(argv[1], "count") != 0) {
        char quoted[64];
        return cli_usage_error("unknown command '%s' (nqueens-mpi count N)",
                               cli_quote(argv[1], quoted, sizeof quoted));
    }
    cli_command = "count";
    return count_parse(argc - 1, argv + 1, &mpi_table, mpi_head, mpi_tail, req);
}

/* Ranks other than 0 stay silent while the arguments are read: they would
 * only repeat rank 0's words. Returns the descriptors to restore. */
static void silence(int rank, int saved[2])
{
    saved[0] = saved[1] = -1;
    if (rank == 0)
        return;
    fflush(stdout);
    fflush(stderr);
    int null = open("/dev/null", O_WRONLY);
    if (null < 0)
        return;
    saved[0] = dup(STDOUT_FILENO);
    saved[1] = dup(STDERR_FILENO);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    close(null);
}

static void unsilence(int saved[2])
{
    fflush(stdout);
    fflush(stderr);
    for (int i = 0; i < 2; i++) {
        if (saved[i] >= 0) {
            dup2(saved[i], i == 0 ? STDOUT_FILENO : STDERR_FILENO);
            close(saved[i]);
        }
    }
}

/* The census of the join's tops, added up over the ranks (see
 * nq_plan_options): every rank calls this once, so the lengths are
 * compared first, and where they differ (or some rank walked none) all
 * ranks say no and each walks the census whole. */
static int census_sum(void *user, uint32_t *counts, uint64_t len)
{
    (void)user;
    uint64_t mine[2] = {len, UINT64_MAX - len}, most[2];
    MPI_Allreduce(mine, most, 2, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    if (len == 0 || most[0] != len || UINT64_MAX - most[1] != len)
        return 1;
    const uint64_t chunk = (uint64_t)1 << 26; /* an int's worth and less */
    for (uint64_t at = 0; at < len; at += chunk) {
        uint64_t size = len - at < chunk ? len - at : chunk;
        MPI_Allreduce(MPI_IN_PLACE, counts + at, (int)size, MPI_UINT32_T,
                      MPI_SUM, MPI_COMM_WORLD);
    }
    return 0;
}

/* The census kept in rank 0's checkpoint (see checkpoint_census()), sent
 * to every rank: a resumed join in passes is planned without walking the
 * tops again. A rank of another thread count finds it of another length
 * and walks the census whole itself (census_sum() finds nothing to add
 * up).
 * Returns 0 or the exit status, the same on every rank. */
static int share_census(const struct count_request *req, int rank,
                        uint32_t **census, uint64_t *len)
{
    *census = NULL;
    *len = 0;
    int rc = NQ_OK;
    if (rank == 0 && req->checkpoint != NULL)
        rc = checkpoint_census(req->checkpoint, req->n, census, len);
    uint64_t head[2] = {(uint64_t)(rc == NQ_OK ? 0 : 1), *len};
    MPI_Bcast(head, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (head[0] != 0 && rank == 0) {
        deadline_take_over(); /* its words, not the watchdog's, end it */
        return checkpoint_error(req->checkpoint, rc, req->n, NULL, 0);
    }
    if (head[0] != 0)
        return EXIT_USAGE;
    if (head[1] == 0)
        return 0;
    if (rank != 0)
        *census = malloc(head[1] * sizeof **census);
    /* Where some rank has no room for it, none takes it: each walks its
     * part instead. */
    int room = *census != NULL, all_room = 0;
    MPI_Allreduce(&room, &all_room, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_room) {
        free(*census);
        *census = NULL;
        *len = 0;
        return 0;
    }
    *len = head[1];
    const uint64_t chunk = (uint64_t)1 << 26; /* an int's worth and less */
    for (uint64_t at = 0; at < head[1]; at += chunk) {
        uint64_t size = head[1] - at < chunk ? head[1] - at : chunk;
        MPI_Bcast(*census + at, (int)size, MPI_UINT32_T, 0, MPI_COMM_WORLD);
    }
    return 0;
}

/* The first rank whose plan failed, rank 0 before the others, in
 * *failed_rank on every rank, and its NQ_E_* code (NQ_OK where none
 * failed). Rank 0 gets that rank's device message into `message`
 * (MPI_DEVICE_MESSAGE_MAX bytes): only the rank that failed knows it.
 * A collective call. */
static int plan_failure(int rc, int rank, char *message, int *failed_rank)
{
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int mine = rc != NQ_OK ? rank : ranks, first = ranks;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    *failed_rank = first;
    if (first == ranks)
        return NQ_OK;
    MPI_Bcast(&rc, 1, MPI_INT, first, MPI_COMM_WORLD);
    if (first != 0 && rank == first)
        MPI_Send(message, MPI_DEVICE_MESSAGE_MAX, MPI_CHAR, 0, TAG_ERROR,
                 MPI_COMM_WORLD);
    if (first != 0 && rank == 0) {
        MPI_Recv(message, MPI_DEVICE_MESSAGE_MAX, MPI_CHAR, first, TAG_ERROR,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        message[MPI_DEVICE_MESSAGE_MAX - 1] = '\0';
    }
    return rc;
}

/* Builds the plan on every rank, all at once, and checks that all ranks
 * got the same one (another library version or memory budget on some
 * node would give ids another meaning). Every rank plans for `threads`,
 * the most threads of any rank: the join cuts its passes by the threads
 * that build and count them, and ranks of other --threads (or of other
 * cores by default) must cut alike; the most keeps every rank within its
 * --memory. A resumed count takes the engine of rank 0's checkpoint.
 * Returns 0 or the exit status. */
static int agree_on_plan(const struct count_request *req, int rank, int threads,
                         nq_plan **plan, char *device_message,
                         size_t device_message_size)
{
    /* The join in passes, even where the whole table fits a rank's
     * --memory: a pass is what a rank is handed, and a rank builds the
     * table of its passes alone. */
    nq_count_options options;
    nq_plan_options plan_options;
    count_request_options(req, true, &options, &plan_options);
    options.threads = threads;
    int engine = (int)options.engine;
    if (rank == 0 && options.engine == NQ_ENGINE_AUTO &&
        req->checkpoint != NULL)
        engine = checkpoint_engine(req->checkpoint);
    MPI_Bcast(&engine, 1, MPI_INT, 0, MPI_COMM_WORLD);
    options.engine = (nq_engine)engine;
    /* --engine gpu: one rank a GPU, where there are GPUs (rank r takes the
     * r-th, round the GPUs found; the plan's ids do not depend on the
     * device). */
    if (engine == NQ_ENGINE_GPU) {
        options.device = count_rank_device(rank);
        options.device_message = device_message;
        options.device_message_size = device_message_size;
    }
    /* Each rank walks a part of the census of the join's tops. */
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    plan_options.census_part = (unsigned)rank;
    plan_options.census_parts = (unsigned)ranks;
    plan_options.census_sum = census_sum;
    uint32_t *census = NULL;
    int status = share_census(req, rank, &census, &plan_options.census_len);
    if (status != 0)
        return status;
    plan_options.census = census;
    int rc = nq_plan_create_ex(req->n, &options, &plan_options, plan);
    free(census);
    /* With the same options every rank fails alike: rank 0 says it once. */
    int failed_rank = 0;
    rc = plan_failure(rc, rank, device_message, &failed_rank);
    if (rank == 0 && rc != NQ_OK)
        deadline_take_over(); /* its words, not the watchdog's, end it */
    if (rc != NQ_OK && rank != 0)
        return EXIT_USAGE;
    if (rc != NQ_OK) {
        /* The budget it needs, for the threads it was planned for. */
        struct count_request planned = *req;
        planned.threads = threads;
        return mpi_plan_error(&planned, rc, failed_rank, device_message);
    }

    /* The same signature and size: the ids mean the same work. The same
     * cut into passes too: a worker sent the number of a pass counts the
     * ids of that pass by its own plan. */
    char signature[NQ_CHECKPOINT_SIGNATURE_MAX] = "";
    snprintf(signature, sizeof signature, "%s", nq_plan_signature(*plan));
    uint64_t shape[2] = {nq_plan_size(*plan), mpi_cut_fingerprint(*plan)};
    char root_signature[NQ_CHECKPOINT_SIGNATURE_MAX];
    memcpy(root_signature, signature, sizeof signature);
    uint64_t root_shape[2] = {shape[0], shape[1]};
    MPI_Bcast(root_signature, (int)sizeof root_signature, MPI_CHAR, 0,
              MPI_COMM_WORLD);
    MPI_Bcast(root_shape, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    int ok = shape[0] == root_shape[0] && shape[1] == root_shape[1] &&
             strcmp(signature, root_signature) == 0;
    int all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (all_ok)
        return 0;
    if (rank == 0) {
        deadline_take_over();
        return cli_error("the ranks do not agree on the plan of the count "
                         "(another nqueens version or --memory on some "
                         "node?); rank 0 has '%s'",
                         root_signature);
    }
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    cli_program = "nqueens-mpi";
    std_fds_keep(); /* before MPI opens its own files */
    int provided = 0;
    /* Every rank counts on threads, but only its main thread calls MPI:
     * a worker's callbacks run on the thread that called nq_plan_run(),
     * its main one, and rank 0 counts on a thread that never calls MPI
     * (count/local_run.h). FUNNELED would do; SERIALIZED is asked for, as
     * before: with FUNNELED, Open MPI 4.1's mpirun crashed now and then (2 in 7
     * loaded runs of test_mpi_signal_slow) ending a job that rank 0
     * aborted; with SERIALIZED, 0 in 6. */
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) !=
        MPI_SUCCESS) {
        cli_error("cannot start MPI");
        return EXIT_USAGE;
    }
    if (provided < MPI_THREAD_FUNNELED) {
        cli_error("this MPI library does not allow threads "
                  "(MPI_THREAD_FUNNELED)");
        MPI_Finalize();
        return EXIT_USAGE;
    }
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    /* The run's clock, as `nqueens count`'s, starts before the plan (the
     * join's census takes seconds): --max-time bounds, and `seconds`
     * reports, the whole run. It starts before the signals are caught, so
     * that a run stopped (SIGSTOP) meanwhile counts that time too. */
    double start = cli_monotonic_seconds();
    /* Every rank notes SIGINT, SIGTERM and SIGHUP from the start instead of
     * dying of them: a rank that dies makes Open MPI kill the others, rank 0
     * before it could save (mpirun, when it is stopped, sends SIGTERM to
     * every rank at once). */
    interrupt_install();

    struct count_request req;
    memset(&req, 0, sizeof req);
    int saved[2];
    silence(rank, saved);
    int status = mpi_parse(argc, argv, &req);
    unsilence(saved);
    if (status >= 0) {
        MPI_Finalize();
        return status;
    }
    struct deadline deadline;
    deadline_start_at(&deadline, req.max_time, start);

    /* A checkpoint another run holds is refused before any rank builds
     * the plan (the join's table takes seconds and gigabytes at large n);
     * rank 0's open decides all the same. So is a NQUEENS_HOST that rank
     * 0's rows could not record, before the file is made (without one
     * nothing records it, as in `nqueens count`), and an -o FILE
     * that cannot be written, as `nqueens count` refuses it: not after
     * the whole count. */
    int refused = -1;
    struct writer out;
    bool out_open = false;
    if (rank == 0) {
        int host = req.checkpoint != NULL ? count_check_host() : 0;
        refused = host != 0 ? host : tally_refuse_busy(&req);
        if (refused < 0 && writer_open(&out, req.output) != 0)
            refused = EXIT_USAGE;
        out_open = refused < 0;
        /* writer_open() made SIGINT, SIGTERM and SIGHUP remove its file
         * and kill: the first is noted again, a second still does that. */
        interrupt_install();
    }
    MPI_Bcast(&refused, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (refused >= 0) {
        MPI_Finalize();
        return refused;
    }

    /* The cores this rank may run on: mpirun binds ranks (with -np 2 by
     * default to one core each), so a rank counts with as many threads as
     * it has cores of its own, not as many as the machine has. */
    int threads = req.threads != 0 ? req.threads : nq_count_default_threads();
    int plan_threads = threads;
    MPI_Allreduce(&threads, &plan_threads, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    nq_plan *plan = NULL;
    /* What a GPU that fails says (the device, the call, the build log):
     * written by the plan's runs, so it outlives the plan. */
    char device_message[MPI_DEVICE_MESSAGE_MAX] = "";
    /* The plan looks at no clock (the census of the join takes seconds):
     * past --max-time, rank 0's watchdog ends the job, before anything is
     * saved (Open MPI then ends the other ranks). */
    if (rank == 0)
        count_watchdog(&req, &deadline);
    status = agree_on_plan(&req, rank, plan_threads, &plan, device_message,
                           sizeof device_message);
    if (rank == 0)
        deadline_take_over();
    if (status != 0) {
        if (out_open)
            writer_close(&out, false);
        nq_plan_free(plan);
        MPI_Finalize();
        return status;
    }
    struct mpi_job job = {
        .req = &req,
        .plan = plan,
        .rank = rank,
        .ranks = ranks,
        .threads = threads,
        .device_message = device_message,
        .out = out_open ? &out : NULL,
        .start = start,
        .deadline = deadline,
    };
    MPI_Allreduce(&job.threads, &job.total_threads, 1, MPI_INT, MPI_SUM,
                  MPI_COMM_WORLD);
    job.in_passes = nq_plan_passes(plan) > 1;
    job.in_flight =
        job.in_passes ? PASS_REQUESTS_IN_FLIGHT : REQUESTS_IN_FLIGHT;
    struct mpi_origin *origins = mpi_gather_origins(rank, ranks);
    job.origins = origins;

    bool abort_job = false;
    if (rank == 0)
        status = mpi_master(&job, &abort_job);
    else
        status = mpi_worker(&job);
    free(origins);
    nq_plan_free(plan);
    if (abort_job) {
        fflush(NULL);
        MPI_Abort(MPI_COMM_WORLD, status);
    }
    MPI_Finalize();
    return status;
}
