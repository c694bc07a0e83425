/*
 * checkpoint.h - what the resumable run (checkpoint_run.c) asks of an
 * open checkpoint beyond the public calls.
 */
#ifndef NQ_RUN_CHECKPOINT_H
#define NQ_RUN_CHECKPOINT_H

#include "nqueens.h"

/* The most wall seconds a file may record (about 30 million years): more
 * is read as damage. */
#define NQ__CHECKPOINT_SECONDS_MAX 1e15
/* The most sessions a file may record (a 64-bit signed field); a file
 * that holds that many takes no further run. */
#define NQ__CHECKPOINT_SESSIONS_MAX ((uint64_t)INT64_MAX)

/* nq__checkpoint_engine() : the engine the rows recorded now name ("" when
 * none was set). */
const char *nq__checkpoint_engine(const nq_checkpoint *cp);

/* nq__checkpoint_take_history() : the file a merge writes (nq_merge_write())
 * keeps the sessions, seconds and creation time of the files merged, and
 * counts no time of its own. Returns 0 or NQ_E_IO. */
int nq__checkpoint_take_history(nq_checkpoint *cp, uint64_t sessions,
                                double seconds, int64_t created);

#endif /* NQ_RUN_CHECKPOINT_H */
