/*
 * count_tally.h - the books of a count that saves its work: the steps that
 * `count --checkpoint` and rank 0 of nqueens-mpi take alike, with their
 * messages (cli/count/count_tally.c). Open the checkpoint (refused where
 * another run holds it), keep the census of the plan in it, list the ids
 * still to count; take each finished count in (summed, recorded, each
 * pass saved as it ends, progress drawn); save at once when the run is
 * stopped, and each count that comes in while it winds down; finish with
 * the result, or say how far it came.
 */
#ifndef NQ_CLI_COUNT_TALLY_H
#define NQ_CLI_COUNT_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/progress.h"
#include "count/count_request.h"
#include "nqueens.h"

struct tally {
    const struct count_request *req;
    const nq_plan *plan;
    nq_checkpoint *cp;   /* NULL without --checkpoint */
    uint64_t size;       /* subproblems in the plan */
    uint64_t goal;       /* subproblems to finish: the plan's, or those of
                            the part (count --part) */
    uint64_t done;       /* finished, earlier runs included */
    nq_subcount sum;     /* their counts */
    uint64_t *pass_left; /* in passes, with a checkpoint: per pass, its ids
                            not yet counted (saved when none is left) */
    uint64_t *pending;   /* the ids to count, ascending */
    size_t pending_len;
    struct progress progress;
    nq_engine engine; /* the engine the checkpoint's rows now name */
    int err; /* the first failure of a count taken in, an NQ_E_* code */
};

/* Refuses at once a checkpoint that another run holds, before the plan is
 * built (the join's table takes seconds and gigabytes at large n).
 * Returns -1 to go on, else the exit status after saying why. */
int tally_refuse_busy(const struct count_request *req);

/* Opens req->checkpoint (when given) for `plan`, with its interval, keeps
 * the plan's census in it where `keep_census` (not for a census read from
 * --census FILE: see tally_open_checkpoint()), and lists the ids still to
 * count (all of them without a checkpoint). Returns -1 to go on, else the
 * exit status after saying what was wrong; tally_close() releases what
 * was made either way. */
int tally_open(struct tally *t, const struct count_request *req,
               const nq_plan *plan, bool keep_census);

/* Draws the progress so far (once at the start). */
void tally_show(struct tally *t);

/* Takes in the count of subproblem `id`: sums it, records it in the
 * checkpoint, saves when its pass has ended, draws progress. Returns
 * non-zero when the run should stop (--max-time passed, or the count
 * failed: t->err). */
int tally_add(struct tally *t, uint64_t id, const nq_subcount *count);

/* tally_add() of a count made by another process (a rank of
 * nqueens-mpi): the checkpoint records it with that process's host and
 * library version as its provenance (NULL: this process's). */
int tally_add_from(struct tally *t, uint64_t id, const nq_subcount *count,
                   const char *host, const char *version);

/* Saves what has been taken in now (a stop has come). */
void tally_save(struct tally *t);

/* Ends the books: where every count is in (and no failure), the result,
 * recorded in the checkpoint; then closes the checkpoint and frees the
 * lists. Returns NQ_OK with *result filled, else t->err, the error of the
 * result or of the close, or NQ_E_STOPPED where counts are missing (then
 * *result is zeroed); *closed is the close's own code. */
int tally_close(struct tally *t, nq_count_result *result, int *closed);

/* Closes the checkpoint (the work so far is saved) and frees the lists,
 * after tally_open() refused or where no run took place. */
void tally_free(struct tally *t);

/* Says that the run was stopped by a signal (`by`: who got it, such as
 * " (a signal to rank 2)", or "") and how much was saved (`closed`: the
 * close's code), or without a checkpoint, what is lost (count_say_lost(),
 * `seconds` into the run); returns `status`. */
int tally_say_interrupted(const struct tally *t, const char *by, int closed,
                          int status, double seconds);

/* Says that a count without a checkpoint was stopped by a signal (`by` as
 * above) `seconds` into the run, with `done` of its `total` subproblems
 * counted, which are lost: the words of count and nqueens-mpi alike. */
void count_say_lost(const char *by, double seconds, uint64_t done,
                    uint64_t total);

/* Says that --max-time stopped the run and how much was saved; returns
 * the exit status. */
int tally_say_max_time(const struct tally *t, int closed);

/* Says what a failure of the checkpoint (`err`: NQ_E_IO, a write failed;
 * NQ_E_CORRUPT, its census did not match the tops) means and returns the
 * exit status; -1 for any other error, which the caller words. */
int tally_say_failed(const struct tally *t, int err);

#endif /* NQ_CLI_COUNT_TALLY_H */
