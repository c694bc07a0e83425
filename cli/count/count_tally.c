/*
 * count_tally.c - the books of a count that saves its work, kept alike by
 * `count --checkpoint` and rank 0 of nqueens-mpi (count_tally.h): the
 * checkpoint's open, census, records, saves and outcome, and their words.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/messages.h"
#include "common/parse.h"
#include "count/checkpoint_errors.h"
#include "count/count_part.h"
#include "count/count_tally.h"

int tally_refuse_busy(const struct count_request *req)
{
    if (req->checkpoint != NULL &&
        nq_checkpoint_in_use(req->checkpoint) == NQ_E_BUSY)
        return checkpoint_error(req->checkpoint, NQ_E_BUSY, req->n, NULL, 0);
    return -1;
}

/* The checkpoint's name as messages quote it. */
static const char *tally_name(const struct tally *t, char *name, size_t size)
{
    name[0] = '\0';
    if (t->req->checkpoint != NULL)
        cli_quote(t->req->checkpoint, name, size);
    return name;
}

static int tally_cannot_save(const struct tally *t)
{
    char name[256];
    return cli_error("cannot save checkpoint '%s' (disk full or file not "
                     "writable?)",
                     tally_name(t, name, sizeof name));
}

/* Refuses, before anything is counted, a checkpoint in a folder the user
 * may not write: SQLite makes its journal beside the file at every save,
 * so the first save would fail after the work it was to keep. Returns -1
 * or the exit status. */
static int tally_check_folder(const struct tally *t)
{
    char *real = realpath(t->req->checkpoint, NULL); /* where SQLite is */
    if (real == NULL)
        return -1; /* the save says what is wrong */
    char *slash = strrchr(real, '/');
    if (slash == real)
        slash[1] = '\0';
    else if (slash != NULL)
        *slash = '\0';
    int status = -1;
    if (access(real, W_OK | X_OK) != 0) {
        char name[256], folder[256];
        cli_quote(real, folder, sizeof folder);
        status = cli_error("cannot save checkpoint '%s': its folder '%s' "
                           "may not be written (SQLite keeps its journal "
                           "there while it saves): %s",
                           tally_name(t, name, sizeof name), folder,
                           strerror(errno));
    }
    free(real);
    return status;
}

/* Opens the checkpoint and keeps the plan's census in it where
 * `keep_census`, so that a resume plans without walking the tops again.
 * A census read from --census FILE is not kept: only the tables built
 * from it check it, each pass its own groups, and one that a table finds
 * wrong must not stay in the checkpoint, where a resume would take it
 * again (and call the checkpoint damaged) after FILE is deleted as the
 * message advises. Resumed without FILE, the plan walks the census and
 * it is kept then. */
static int tally_open_checkpoint(struct tally *t, bool keep_census)
{
    const struct count_request *req = t->req;
    const char *signature = nq_plan_signature(t->plan);
    /* The callers refuse it before they plan; here no file is made
     * either way. */
    int status = count_check_host();
    if (status != 0)
        return status;
    int rc = req->parts > 0 ? count_part_open(req, t->plan, &t->cp)
                            : nq_checkpoint_open(req->checkpoint, req->n,
                                                 signature, t->size, &t->cp);
    if (rc == NQ_E_CHECKPOINT && req->parts > 0)
        return count_part_refused(req, t->plan);
    if (rc != NQ_OK)
        return checkpoint_error(req->checkpoint, rc, req->n, signature,
                                t->size);
    status = tally_check_folder(t);
    if (status >= 0)
        return status;
    /* Provenance: the engine of the plan (tally_record() names another
     * for the ids that another counts), and NQUEENS_HOST's name. */
    t->engine = nq_plan_engine(t->plan);
    rc = nq_checkpoint_set_provenance(t->cp, nq_engine_name(t->engine), NULL);
    if (rc == NQ_OK)
        rc = count_name_host(t->cp);
    if (rc != NQ_OK)
        return tally_cannot_save(t);
    if (req->checkpoint_interval_set)
        nq_checkpoint_set_interval(t->cp, req->checkpoint_interval);
    const uint32_t *census = NULL;
    uint64_t census_len = 0;
    if (keep_census)
        nq_plan_census(t->plan, &census, &census_len);
    if (nq_checkpoint_save_census(t->cp, census, census_len) != NQ_OK)
        return tally_cannot_save(t);
    nq_checkpoint_info info;
    nq_checkpoint_info_get(t->cp, &info);
    t->done = info.done;
    t->sum = info.sum;
    t->goal = info.part_size;
    return -1;
}

/* Per pass, the ids of the list that are in it: a pass is saved when the
 * last of them is in. */
static int tally_count_passes(struct tally *t)
{
    uint64_t passes = nq_plan_passes(t->plan);
    if (t->cp == NULL || passes <= 1)
        return NQ_OK;
    t->pass_left = calloc(passes, sizeof *t->pass_left);
    if (t->pass_left == NULL)
        return NQ_E_NOMEM;
    for (size_t i = 0; i < t->pending_len; i++) {
        uint64_t pass = nq_plan_pass_of(t->plan, t->pending[i]);
        if (pass != NQ_PLAN_NO_PASS)
            t->pass_left[pass]++;
    }
    return NQ_OK;
}

int tally_open(struct tally *t, const struct count_request *req,
               const nq_plan *plan, bool keep_census)
{
    memset(t, 0, sizeof *t);
    t->req = req;
    t->plan = plan;
    t->size = nq_plan_size(plan);
    t->goal = t->size;
    if (req->checkpoint != NULL) {
        int status = tally_open_checkpoint(t, keep_census);
        if (status >= 0)
            return status;
    }
    size_t left = (size_t)(t->size - t->done);
    t->pending = malloc((left > 0 ? left : 1) * sizeof *t->pending);
    if (t->pending == NULL)
        return cli_error("out of memory");
    if (t->cp != NULL) {
        nq_checkpoint_pending(t->cp, t->pending, left, &t->pending_len);
    } else {
        for (uint64_t id = 0; id < t->size; id++)
            t->pending[id] = id;
        t->pending_len = (size_t)t->size;
    }
    if (tally_count_passes(t) != NQ_OK)
        return cli_error("out of memory");
    return -1;
}

void tally_show(struct tally *t)
{
    (void)progress_report(t->done, t->goal, t->sum.total, &t->progress);
}

/* Records the count of `id` in the checkpoint, made on `host` by
 * `version` (NULL: here). */
static int tally_record(struct tally *t, uint64_t id, const nq_subcount *count,
                        const char *host, const char *version)
{
    /* The engine that counted it: the plan's, or the CPU's for the
     * symmetric searches of a GPU plan. */
    nq_engine engine = nq_plan_id_engine(t->plan, id);
    if (host == NULL || version == NULL) {
        int err = NQ_OK;
        if (engine != t->engine) {
            t->engine = engine;
            err = nq_checkpoint_set_provenance(t->cp, nq_engine_name(engine),
                                               NULL);
        }
        return err == NQ_OK ? nq_checkpoint_record(t->cp, id, count) : err;
    }
    nq_unit_record u;
    memset(&u, 0, sizeof u);
    u.id = id;
    u.count = *count;
    snprintf(u.engine, sizeof u.engine, "%s", nq_engine_name(engine));
    snprintf(u.version, sizeof u.version, "%s", version);
    snprintf(u.host, sizeof u.host, "%s", host);
    u.at = (int64_t)time(NULL);
    return nq_checkpoint_record_unit(t->cp, &u);
}

int tally_add(struct tally *t, uint64_t id, const nq_subcount *count)
{
    return tally_add_from(t, id, count, NULL, NULL);
}

int tally_add_from(struct tally *t, uint64_t id, const nq_subcount *count,
                   const char *host, const char *version)
{
    int err = nq_subcount_add(&t->sum, count);
    if (err == NQ_OK && t->cp != NULL)
        err = tally_record(t, id, count, host, version);
    uint64_t pass = nq_plan_pass_of(t->plan, id);
    if (err == NQ_OK && t->pass_left != NULL && pass != NQ_PLAN_NO_PASS &&
        --t->pass_left[pass] == 0)
        err = nq_checkpoint_commit(t->cp); /* a pass ended: save it now */
    if (err != NQ_OK) {
        if (t->err == NQ_OK)
            t->err = err;
        return 1;
    }
    t->done++;
    return progress_report(t->done, t->goal, t->sum.total, &t->progress);
}

void tally_save(struct tally *t)
{
    if (t->cp != NULL)
        (void)nq_checkpoint_commit(t->cp); /* the close reports a failure */
}

void tally_free(struct tally *t)
{
    (void)nq_checkpoint_close(t->cp);
    t->cp = NULL;
    free(t->pending);
    free(t->pass_left);
    t->pending = NULL;
    t->pass_left = NULL;
    t->pending_len = 0;
}

int tally_close(struct tally *t, nq_count_result *result, int *closed)
{
    memset(result, 0, sizeof *result);
    bool complete = t->err == NQ_OK && t->done == t->goal;
    bool part = t->goal != t->size;
    int err = t->err;
    if (complete && part) {
        /* A part: its own sums; the result is the merge's. */
        result->total = t->sum.total;
        result->sym180 = t->sum.sym180;
        result->sym90 = t->sum.sym90;
    } else if (complete) {
        err = nq_plan_result(t->plan, &t->sum, result);
    }
    if (complete && !part && err == NQ_OK && t->cp != NULL)
        err = nq_checkpoint_finish(t->cp, result);
    *closed = nq_checkpoint_close(t->cp);
    t->cp = NULL;
    tally_free(t);
    if (err == NQ_OK && complete && *closed != NQ_OK)
        err = *closed;
    if (err == NQ_OK && !complete)
        err = NQ_E_STOPPED;
    if (err != NQ_OK)
        memset(result, 0, sizeof *result);
    return err;
}

void count_say_lost(const char *by, double seconds, uint64_t done,
                    uint64_t total)
{
    cli_note("interrupted%s after %.1f s: %llu of %llu subproblems were "
             "done, and are lost without --checkpoint FILE",
             by, seconds, (unsigned long long)done, (unsigned long long)total);
}

int tally_say_interrupted(const struct tally *t, const char *by, int closed,
                          int status, double seconds)
{
    char name[256];
    tally_name(t, name, sizeof name);
    if (t->req->checkpoint == NULL)
        count_say_lost(by, seconds, t->done, t->goal);
    else if (closed != NQ_OK)
        cli_error("interrupted%s, and the last work could not be saved in "
                  "'%s': %s",
                  by, name, nq_strerror(closed));
    else
        cli_note("interrupted%s: %llu of %llu subproblems saved in '%s'; "
                 "the same command resumes",
                 by, (unsigned long long)t->done, (unsigned long long)t->goal,
                 name);
    return status;
}

int tally_say_max_time(const struct tally *t, int closed)
{
    const struct count_request *req = t->req;
    char name[256];
    tally_name(t, name, sizeof name);
    if (closed != NQ_OK)
        return cli_error("count of %d stopped by --max-time %g, and the "
                         "last work could not be saved in '%s': %s",
                         req->n, req->max_time, name, nq_strerror(closed));
    return cli_error("count of %d stopped by --max-time %g: %llu of %llu "
                     "subproblems saved in '%s'; the same command resumes",
                     req->n, req->max_time, (unsigned long long)t->done,
                     (unsigned long long)t->goal, name);
}

int tally_say_failed(const struct tally *t, int err)
{
    if (t->req->checkpoint == NULL)
        return -1;
    if (err == NQ_E_IO)
        return tally_cannot_save(t);
    if (err == NQ_E_CORRUPT) /* its census did not match the tops */
        return checkpoint_error(t->req->checkpoint, err, t->req->n, NULL, 0);
    return -1;
}
