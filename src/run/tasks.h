/*
 * tasks.h - a small pthread pool that runs numbered work items with dynamic
 * scheduling (each idle worker takes the next index) and reports every
 * finished item on the calling thread. Counting hands it subproblem ids;
 * checkpoints and MPI speak in the same ids, so the pool knows nothing of
 * n-queens.
 */
#ifndef NQ_TASKS_H
#define NQ_TASKS_H

#include <stddef.h>

/* Does item `index` and writes its result (result_size bytes) to `result`.
 * Runs on a worker thread, possibly beside other calls. Returns 0 or a
 * negative NQ_E_* code, which stops the run. */
typedef int (*nq_task_work_fn)(void *ctx, size_t index, void *result);

/* Receives a finished item on the thread that called nq__tasks_run(), one
 * item at a time, in any order. Returns 0 to go on, or a non-zero code that
 * stops the run and becomes its return value. */
typedef int (*nq_task_done_fn)(void *ctx, size_t index, const void *result);

/* nq__tasks_online_cores() : the number of online processors (at least 1). */
int nq__tasks_online_cores(void);

/* nq__tasks_run() : runs items 0..count-1 on `threads` workers (0 = all
 * online cores; never more than count) and calls `done` for each finished
 * item. With one worker everything runs on the calling thread. Returns 0,
 * the first error of a work item, the first non-zero value of `done`,
 * NQ_E_NOMEM or NQ_E_THREAD (then `done` has not run). After a stop, items
 * already running finish but are not reported. */
int nq__tasks_run(size_t count, int threads, size_t result_size,
                  nq_task_work_fn work, nq_task_done_fn done, void *ctx);

#endif /* NQ_TASKS_H */
