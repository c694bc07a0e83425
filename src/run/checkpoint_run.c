/*
 * checkpoint_run.c - a count that can be stopped and resumed: the plan's
 * subproblems that the checkpoint has not recorded run on the thread pool,
 * each is recorded as it finishes, and the checkpoint commits them in
 * batches, and as each pass of a join in passes ends, so that a run
 * killed later redoes no pass that had ended. Stopping (through the
 * progress callback) commits first, so a run that was asked to stop loses
 * nothing but the subproblems in flight.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "nqueens.h"
#include "run/checkpoint.h"

struct run_state {
    nq_checkpoint *cp;
    const nq_plan *plan;
    uint64_t *pass_left; /* per pass: its pending ids not yet finished;
                            NULL for a plan in one pass */
    nq_progress_fn progress;
    void *progress_user;
    uint64_t size;    /* subproblems in the plan */
    nq_engine engine; /* what the rows recorded now name; NQ_ENGINE_AUTO:
                         the caller named the executor, left as it is */
    int err;          /* the first error of the done callback */
    bool stopped;     /* the progress callback asked to stop */
};

/* Tells the progress callback where the whole plan is. */
static int run_report(struct run_state *s)
{
    if (s->progress == NULL)
        return 0;
    nq_checkpoint_info info;
    nq_checkpoint_info_get(s->cp, &info);
    return s->progress(info.done, s->size, info.sum.total, s->progress_user);
}

/* Names the engine that counted `id` where the run named the engine
 * (a GPU plan's symmetric searches run on the CPU). */
static int run_provenance(struct run_state *s, uint64_t id)
{
    nq_engine engine = nq_plan_id_engine(s->plan, id);
    if (s->engine == NQ_ENGINE_AUTO || engine == s->engine)
        return NQ_OK;
    s->engine = engine;
    return nq_checkpoint_set_provenance(s->cp, nq_engine_name(engine), NULL);
}

static int run_done(uint64_t id, const nq_subcount *count, void *user)
{
    struct run_state *s = user;
    int err = run_provenance(s, id);
    if (err == NQ_OK)
        err = nq_checkpoint_record(s->cp, id, count);
    uint64_t pass = nq_plan_pass_of(s->plan, id);
    if (err == NQ_OK && s->pass_left != NULL && pass != NQ_PLAN_NO_PASS &&
        --s->pass_left[pass] == 0)
        err = nq_checkpoint_commit(s->cp); /* a pass ended */
    if (err != NQ_OK) {
        s->err = err;
        return 1;
    }
    if (run_report(s) != 0) {
        s->stopped = true;
        return 1;
    }
    return 0;
}

/* nq_checkpoint_run() but for the engine it leaves named. */
static int run_checkpoint(nq_checkpoint *cp, const nq_plan *plan,
                          const nq_count_options *options,
                          nq_count_result *result)
{
    if (result != NULL)
        memset(result, 0, sizeof *result);
    if (cp == NULL || plan == NULL || result == NULL)
        return NQ_E_INVAL;
    nq_checkpoint_info info;
    nq_checkpoint_info_get(cp, &info);
    if (info.n != nq_plan_n(plan) || info.size != nq_plan_size(plan) ||
        strcmp(info.signature, nq_plan_signature(plan)) != 0)
        return NQ_E_CHECKPOINT;

    nq_count_options o;
    if (nq__count_options_read(options, &o) != NQ_OK)
        return NQ_E_INVAL;
    /* Provenance: the engine that counts each row, unless the caller
     * named another executor. */
    nq_engine engine = NQ_ENGINE_AUTO;
    if (nq__checkpoint_engine(cp)[0] == '\0') {
        engine = nq_plan_engine(plan);
        int rc = nq_checkpoint_set_provenance(cp, nq_engine_name(engine), NULL);
        if (rc != NQ_OK)
            return rc;
    }
    struct run_state s = {.cp = cp,
                          .plan = plan,
                          .engine = engine,
                          .progress = o.progress,
                          .progress_user = o.progress_user,
                          .size = info.size,
                          .err = NQ_OK};
    size_t pending = (size_t)(info.part_size - info.done);
    uint64_t *ids = NULL;
    if (pending > 0 && (pending > SIZE_MAX / sizeof *ids ||
                        (ids = malloc(pending * sizeof *ids)) == NULL))
        return NQ_E_NOMEM;
    int err = nq_checkpoint_pending(cp, ids, pending, &pending);
    uint64_t passes = nq_plan_passes(plan);
    if (err == NQ_OK && passes > 1 && ids != NULL) {
        s.pass_left = calloc(passes, sizeof *s.pass_left);
        if (s.pass_left == NULL)
            err = NQ_E_NOMEM;
        for (size_t i = 0; err == NQ_OK && i < pending; i++) {
            uint64_t pass = nq_plan_pass_of(plan, ids[i]);
            if (pass != NQ_PLAN_NO_PASS)
                s.pass_left[pass]++;
        }
    }

    if (err == NQ_OK && run_report(&s) != 0)
        err = NQ_E_STOPPED;
    if (err == NQ_OK && pending > 0) {
        err = nq_plan_run(plan, ids, pending, o.threads, run_done, &s);
        if (err == NQ_E_STOPPED && s.err != NQ_OK)
            err = s.err;
    }
    free(ids);
    free(s.pass_left);
    if (err == NQ_OK) {
        nq_checkpoint_info_get(cp, &info);
        if (info.parts > 0) {
            /* A part: its sums alone, once they are on disk; the result
             * is the merge's. */
            err = nq_checkpoint_commit(cp);
            if (err == NQ_OK) {
                result->total = info.sum.total;
                result->sym180 = info.sum.sym180;
                result->sym90 = info.sum.sym90;
            }
            return err;
        }
        err = nq_plan_result(plan, &info.sum, result);
    }
    /* The last batch and the result go in one transaction; after a stop or
     * an error, whatever finished is kept all the same. */
    if (err == NQ_OK) {
        err = nq_checkpoint_finish(cp, result);
    } else {
        (void)nq_checkpoint_commit(cp); /* the first error is reported */
    }
    if (err != NQ_OK)
        memset(result, 0, sizeof *result);
    return err;
}

int nq_checkpoint_run(nq_checkpoint *cp, const nq_plan *plan,
                      const nq_count_options *options, nq_count_result *result)
{
    /* A run that names the engine of its rows (the caller named none)
     * leaves none named: the next run on cp names its rows anew, where it
     * would take the engine named last (the CPU's after a GPU plan's
     * symmetric search) for the caller's executor and give it to all. */
    bool names = cp != NULL && nq__checkpoint_engine(cp)[0] == '\0';
    int err = run_checkpoint(cp, plan, options, result);
    if (names && nq__checkpoint_engine(cp)[0] != '\0')
        (void)nq_checkpoint_set_provenance(cp, "", NULL);
    return err;
}
