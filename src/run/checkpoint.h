/*
 * checkpoint.h - what the resumable run (checkpoint_run.c) asks of an
 * open checkpoint beyond the public calls.
 */
#ifndef NQ_RUN_CHECKPOINT_H
#define NQ_RUN_CHECKPOINT_H

#include "nqueens.h"

/* nq__checkpoint_engine() : the engine the rows recorded now name ("" when
 * none was set). */
const char *nq__checkpoint_engine(const nq_checkpoint *cp);

#endif /* NQ_RUN_CHECKPOINT_H */
