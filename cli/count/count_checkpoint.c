/*
 * count_checkpoint.c - `nqueens count N --checkpoint FILE`: the count as a
 * run that can be killed and resumed. The finished subproblems go into the
 * SQLite checkpoint in batches; SIGINT and SIGTERM stop the run at the next
 * finished subproblem, save, and exit 130 or 143. The same command run
 * again computes only what is missing, and the result is exactly that of an
 * uninterrupted count (the subproblems' ids and counts do not depend on
 * who ran them, or when).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/interrupt.h"
#include "common/messages.h"
#include "common/parse.h"
#include "common/progress.h"
#include "count/checkpoint_errors.h"
#include "count/count_request.h"
#include "nqueens.h"

/* Draws progress and stops the run once a signal came. */
static int count_checkpoint_progress(uint64_t done, uint64_t total,
                                     uint64_t solutions, void *user)
{
    return progress_report(done, total, solutions, user) != 0 ||
           interrupt_signal() != 0;
}

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

int count_checkpointed(const struct count_request *req, nq_count_result *result,
                       char *engine, size_t engine_size)
{
    nq_count_options options;
    char gpu_message[1024];
    count_options_of(req, &options, gpu_message, sizeof gpu_message);
    /* A join in passes of about a tenth of the run each, even where the
     * whole table fits: a killed run redoes at most the passes it was
     * building or joining. */
    options.min_passes = CHECKPOINT_PASSES;

    /* A file another run holds is refused before the plan is built (the
     * join's table takes seconds and gigabytes at large n). */
    if (nq_checkpoint_in_use(req->checkpoint) == NQ_E_BUSY)
        return checkpoint_error(req->checkpoint, NQ_E_BUSY, req->n, NULL, 0);

    /* Resuming: the engine that began the run finishes it. */
    if (options.engine == NQ_ENGINE_AUTO)
        options.engine = (nq_engine)checkpoint_engine(req->checkpoint);

    /* Resuming a join in passes: the census of the tops that planned it,
     * so that the plan is made without walking them again. */
    uint32_t *census = NULL;
    int rc = checkpoint_census(req->checkpoint, req->n, &census,
                               &options.census_len);
    if (rc != NQ_OK)
        return checkpoint_error(req->checkpoint, rc, req->n, NULL, 0);
    options.census = census;

    nq_plan *plan = NULL;
    rc = nq_plan_create(req->n, &options, &plan);
    free(census);
    options.census = NULL;
    options.census_len = 0;
    if (rc != NQ_OK && options.engine == NQ_ENGINE_GPU)
        return count_gpu_error(req, rc, gpu_message);
    if (rc != NQ_OK)
        return cli_error("count of %d: %s", req->n, nq_strerror(rc));
    count_engine_name(plan, engine, engine_size);

    nq_checkpoint *cp = NULL;
    rc = nq_checkpoint_open(req->checkpoint, req->n, nq_plan_signature(plan),
                            nq_plan_size(plan), &cp);
    if (rc != NQ_OK) {
        int status =
            checkpoint_error(req->checkpoint, rc, req->n,
                             nq_plan_signature(plan), nq_plan_size(plan));
        nq_plan_free(plan);
        return status;
    }
    if (req->checkpoint_interval_set)
        nq_checkpoint_set_interval(cp, req->checkpoint_interval);
    const uint32_t *planned = NULL;
    uint64_t planned_len = 0;
    nq_plan_census(plan, &planned, &planned_len);
    rc = nq_checkpoint_save_census(cp, planned, planned_len);
    if (rc != NQ_OK) {
        (void)nq_checkpoint_close(cp);
        nq_plan_free(plan);
        char name[256];
        cli_quote(req->checkpoint, name, sizeof name);
        return cli_error("cannot save checkpoint '%s' (disk full or file "
                         "not writable?)",
                         name);
    }

    struct progress progress;
    progress_start(&progress, req->progress);
    struct deadline deadline;
    deadline_start(&deadline, req->max_time);
    progress.deadline = &deadline;
    options.progress = count_checkpoint_progress;
    options.progress_user = &progress;
    interrupt_install();
    rc = nq_checkpoint_run(cp, plan, &options, result);
    progress_end(&progress);

    nq_checkpoint_info info;
    nq_checkpoint_info_get(cp, &info);
    int closed = nq_checkpoint_close(cp);
    nq_plan_free(plan);
    char name[256];
    cli_quote(req->checkpoint, name, sizeof name);
    if (rc == NQ_E_STOPPED && interrupt_signal() != 0) {
        if (closed != NQ_OK)
            cli_error("interrupted, and the last work could not be saved in "
                      "'%s': %s",
                      name, nq_strerror(closed));
        else
            cli_note("interrupted: %llu of %llu subproblems saved in '%s'; "
                     "the same command resumes",
                     (unsigned long long)info.done,
                     (unsigned long long)info.size, name);
        return interrupt_exit_status();
    }
    if (rc == NQ_E_STOPPED && deadline.passed) {
        if (closed != NQ_OK)
            return cli_error("count of %d stopped by --max-time %g, and the "
                             "last work could not be saved in '%s': %s",
                             req->n, req->max_time, name, nq_strerror(closed));
        return cli_error("count of %d stopped by --max-time %g: %llu of %llu "
                         "subproblems saved in '%s'; the same command resumes",
                         req->n, req->max_time, (unsigned long long)info.done,
                         (unsigned long long)info.size, name);
    }
    if (rc == NQ_OK && closed != NQ_OK)
        rc = closed;
    if (rc == NQ_E_IO)
        return cli_error("cannot save checkpoint '%s' (disk full or file "
                         "not writable?)",
                         name);
    if (rc == NQ_E_CORRUPT) /* its census did not match the tops */
        return checkpoint_error(req->checkpoint, rc, req->n, NULL, 0);
    if (rc == NQ_E_DEVICE)
        return count_gpu_error(req, rc, gpu_message);
    if (rc != NQ_OK)
        return cli_error("count of %d: %s", req->n, nq_strerror(rc));
    return -1;
}
