/*
 * count_checkpoint.c - `nqueens count N --checkpoint FILE`: the count as a
 * run that can be killed and resumed. The subproblems are counted on a
 * thread of their own (local_run.h) while this one takes each count in
 * and keeps the books (count_tally.h, as rank 0 of nqueens-mpi does): the
 * finished subproblems go into the SQLite checkpoint in batches; SIGINT,
 * SIGTERM and SIGHUP save at once, stop the run, save each count that
 * still ends, and exit 130, 143 or 129. The same command run again
 * computes only what is missing, and the result is exactly that of an
 * uninterrupted count (the subproblems' ids and counts do not depend on
 * who ran them, or when).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/deadline.h"
#include "common/interrupt.h"
#include "common/messages.h"
#include "count/census_file.h"
#include "count/checkpoint_errors.h"
#include "count/count_request.h"
#include "count/count_tally.h"
#include "count/local_run.h"
#include "nqueens.h"

int checkpoint_engine(const char *path)
{
    nq_checkpoint_info earlier;
    if (nq_checkpoint_read(path, &earlier) != NQ_OK)
        return NQ_ENGINE_AUTO;
    if (strncmp(earlier.signature, "join/", 5) == 0)
        return NQ_ENGINE_JOIN;
    if (strncmp(earlier.signature, "constellations/", 15) == 0)
        return NQ_ENGINE_CONSTELLATIONS;
    return NQ_ENGINE_AUTO;
}

int checkpoint_census(const char *path, int n, uint32_t **census, uint64_t *len)
{
    *census = NULL;
    *len = 0;
    nq_checkpoint_info earlier;
    uint64_t kept = 0;
    if (nq_checkpoint_read(path, &earlier) != NQ_OK || earlier.n != n ||
        nq_checkpoint_census(path, NULL, 0, &kept) != NQ_OK || kept == 0)
        return NQ_OK; /* open reports what is wrong with the file */
    *census = malloc(kept * sizeof **census);
    if (*census == NULL)
        return NQ_OK; /* walked again instead */
    int rc = nq_checkpoint_census(path, *census, kept, len);
    if (rc != NQ_OK || *len != kept) {
        free(*census);
        *census = NULL;
        *len = 0;
    }
    return rc;
}

/* The books of the run, and whether it must stop. */
struct count_books {
    struct tally *tally;
    bool stop; /* --max-time passed, or a count could not be kept */
};

static void take_count(void *user, const struct local_result *r)
{
    struct count_books *b = user;
    if (tally_add(b->tally, r->id, &r->count) != 0)
        b->stop = true;
}

/* Whether the run must stop now: a signal, --max-time, a failure. */
static bool count_stopping(struct count_books *b)
{
    struct deadline *d = b->tally->progress.deadline;
    if (d != NULL && deadline_check(d))
        b->stop = true;
    return b->stop || interrupt_signal() != 0;
}

/* Counts the ids still to count on a thread of their own while this one
 * takes each count in. On a stop it saves at once (a SIGKILL may follow
 * the SIGTERM of a batch system), then each count that ends while the run
 * winds down. Returns the run's code: NQ_OK, NQ_E_STOPPED after a stop, or
 * the error of the count. */
static int count_pending(struct tally *t, int threads)
{
    if (t->pending_len == 0)
        return NQ_OK;
    struct count_books books = {t, false};
    /* --max-time counts from the start: it may have passed while the plan
     * was made (a census, a GPU's kernel build), or a signal come. A run
     * that ended before the loop below looked would not see it. */
    if (count_stopping(&books))
        return NQ_E_STOPPED;
    struct local_run run;
    int rc = local_init(&run, t->plan, threads);
    if (rc == NQ_OK)
        rc = local_start(&run, t->pending, t->pending_len);
    if (rc != NQ_OK) {
        local_free(&run);
        return rc;
    }
    bool stopped = false;
    while (!local_finished(&run)) {
        local_take(&run, take_count, &books);
        if (count_stopping(&books)) {
            stopped = true;
            break;
        }
        local_wait(&run, LOCAL_LOOK_MS);
    }
    if (stopped) {
        tally_save(t);
        local_stop(&run);
        while (!local_finished(&run)) {
            if (local_take(&run, take_count, &books) > 0)
                tally_save(t);
            local_wait(&run, LOCAL_LOOK_MS);
        }
    }
    rc = local_end(&run);
    local_take(&run, take_count, &books);
    local_free(&run);
    return rc;
}

/* The census of --census FILE where the checkpoint keeps none (*census
 * NULL): read into *census, or where FILE does not exist *write set, for
 * the plan's census to be written there. Returns 0 or the exit status. */
static int read_census_file(const struct count_request *req, uint32_t **census,
                            uint64_t *len, bool *from_file, bool *write)
{
    *from_file = false;
    *write = false;
    if (req->census == NULL)
        return 0;
    uint32_t *read = NULL;
    uint64_t read_len = 0;
    int status = census_file_read(req->census, req->n, &read, &read_len);
    if (status > 1)
        return status;
    *write = status == 1;
    if (*census == NULL && read != NULL) {
        *census = read;
        *len = read_len;
        *from_file = true;
    } else {
        free(read);
    }
    return 0;
}

/* Says (unless --quiet) why --census FILE, which does not exist, is not
 * written: the plan keeps no census to write. The other parts then plan
 * as without the file. */
static void note_census_unwritten(const struct count_request *req,
                                  const nq_plan *plan)
{
    if (req->progress == PROGRESS_OFF)
        return;
    const char *why =
        nq_plan_engine(plan) != NQ_ENGINE_JOIN ? "the constellations take none"
        : nq_plan_passes(plan) <= 1
            ? "the join runs in one pass, which takes none"
            : "it would take more than a sixteenth of the memory budget (a "
              "larger --memory, or fewer --threads, lets the count keep it)";
    cli_note("census '%s' not written: %s", req->census, why);
}

/* The plan of a checkpointed count: the engine and the census of the run
 * it resumes, if any, or else the census of --census FILE (written there
 * from the plan where FILE does not exist); `message` (size bytes, kept
 * as long as the plan) for the words of a GPU that fails; *from_file:
 * the plan's census was read from --census FILE. Returns 0 or the exit
 * status. */
static int count_checkpoint_plan(const struct count_request *req,
                                 nq_plan **plan, char *message, size_t size,
                                 bool *from_file)
{
    nq_count_options options;
    nq_plan_options plan_options;
    count_request_options(req, true, &options, &plan_options);
    options.device_message = message;
    options.device_message_size = size;
    /* Resuming: the engine that began the run finishes it. */
    if (options.engine == NQ_ENGINE_AUTO)
        options.engine = (nq_engine)checkpoint_engine(req->checkpoint);
    /* Resuming a join in passes: the census of the tops that planned it,
     * so that the plan is made without walking them again. */
    uint32_t *census = NULL;
    int rc = checkpoint_census(req->checkpoint, req->n, &census,
                               &plan_options.census_len);
    if (rc != NQ_OK)
        return checkpoint_error(req->checkpoint, rc, req->n, NULL, 0);
    bool write = false;
    int status = read_census_file(req, &census, &plan_options.census_len,
                                  from_file, &write);
    if (status != 0) {
        free(census);
        return status;
    }
    plan_options.census = census;
    rc = nq_plan_create_ex(req->n, &options, &plan_options, plan);
    /* Planned: the watchdog of --max-time (count_checkpointed()) no longer
     * cuts the run, which writes files from here on (--census FILE). */
    deadline_take_over();
    free(census);
    if (rc != NQ_OK) {
        /* In the words of the engine that runs, the checkpoint's on a
         * resume (the budget it needs, the join's range of N, the GPU's
         * own words), as without a checkpoint. */
        struct count_request asked = *req;
        asked.engine = options.engine;
        return count_failure(&asked, rc, message);
    }
    count_note_fallback(req, options.engine, *plan);
    /* A plan without a census (no passes, or none beside their tables)
     * leaves FILE unwritten: the other parts plan as without it. */
    const uint32_t *counts = NULL;
    uint64_t len = 0;
    nq_plan_census(*plan, &counts, &len);
    if (write && counts == NULL)
        note_census_unwritten(req, *plan);
    status = write && counts != NULL
                 ? census_file_write(req->census, req->n, counts, len)
                 : 0;
    if (status != 0) {
        nq_plan_free(*plan);
        *plan = NULL;
    }
    return status;
}

int count_checkpointed(const struct count_request *req,
                       struct deadline *deadline, nq_count_result *result,
                       char *engine, size_t engine_size, bool *on_device)
{
    int status = tally_refuse_busy(req);
    if (status >= 0)
        return status;
    nq_plan *plan = NULL;
    char gpu_message[1024] = "";
    bool census_from_file = false;
    /* The plan looks at no clock (the join's census takes seconds): past
     * the limit, the watchdog ends it, before anything is saved. */
    count_watchdog(req, deadline);
    status = count_checkpoint_plan(req, &plan, gpu_message, sizeof gpu_message,
                                   &census_from_file);
    deadline_take_over(); /* also where the plan was not made */
    if (status != 0)
        return status;
    count_engine_name(plan, engine, engine_size);
    *on_device = nq_plan_engine(plan) == NQ_ENGINE_GPU;

    struct tally t;
    status = tally_open(&t, req, plan, !census_from_file);
    if (status >= 0) {
        tally_free(&t);
        nq_plan_free(plan);
        return status;
    }
    progress_start(&t.progress, req->progress);
    t.progress.deadline = deadline;
    interrupt_install();
    tally_show(&t);
    int run = count_pending(&t, req->threads);
    progress_end(&t.progress);
    if (run != NQ_OK && run != NQ_E_STOPPED && t.err == NQ_OK)
        t.err = run;
    int closed = NQ_OK;
    int rc = tally_close(&t, result, &closed);
    nq_plan_free(plan);
    if (rc == NQ_E_STOPPED && interrupt_signal() != 0)
        return tally_say_interrupted(&t, "", closed, interrupt_exit_status(),
                                     0);
    if (rc == NQ_E_STOPPED && deadline->passed)
        return tally_say_max_time(&t, closed);
    if (rc == NQ_E_DEVICE)
        return count_gpu_error(req, rc, gpu_message);
    if (rc == NQ_E_CORRUPT && census_from_file)
        return census_file_mismatch(req->census, req->n);
    status = tally_say_failed(&t, rc);
    if (status >= 0)
        return status;
    if (rc != NQ_OK)
        return cli_error("count of %d: %s", req->n, nq_strerror(rc));
    return -1;
}
