/*
 * checkpoint_errors.h - the words for a checkpoint file that was refused
 * or failed, shared by `count --checkpoint`, `status` and nqueens-mpi
 * (cli/count/checkpoint_errors.c).
 */
#ifndef NQ_CLI_CHECKPOINT_ERRORS_H
#define NQ_CLI_CHECKPOINT_ERRORS_H

#include <stdint.h>

/* Says why the checkpoint at `path` was refused or failed (`err` from
 * nq_checkpoint_open or _read; `n` and `signature` describe this run, or
 * 0 and NULL where the file is only read: status, merge, audit, for
 * which NQ_E_BUSY is SQLite's lock held too long, not a run's lock) and
 * returns EXIT_USAGE. */
int checkpoint_error(const char *path, int err, int n, const char *signature,
                     uint64_t size);

/* Says that a run holds the checkpoint at `path` (its lock, which one
 * run at a time takes) and returns EXIT_USAGE. */
int checkpoint_in_use(const char *path);

#endif /* NQ_CLI_CHECKPOINT_ERRORS_H */
