/*
 * gpu.h - the GPU executor of the start-constellation plan (private to the
 * library and its tests). The plan (count/count_plan.c) stays what it is
 * on the CPU: the same ids, the same signature; a plan made for
 * NQ_ENGINE_GPU holds an opened device and hands the ids of its
 * constellations to nq__gpu_run(), which counts each one's search on the
 * device and reports the counts in the order of the items given.
 *
 * Two halves:
 *  - gpu_tasks.c (plain C, always built): a search, as the CPU kernel's
 *    setup, cut into tasks for the device: its first levels placed on the
 *    host, each task the masks at the level where the device takes over;
 *    and a batch of searches as the kernel's buffers want them.
 *  - gpu_opencl.c (built with OpenCL) or gpu_none.c (without): the device
 *    itself: discovery, context, the kernel built once per plan with its
 *    build log kept for errors, and the launches, two batches in flight.
 */
#ifndef NQ_GPU_H
#define NQ_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "count/count_kernel.h"
#include "nqueens.h"

/* The widest board the device's 32-bit masks take. */
#define NQ_GPU_MAX_N 32

/* The entries of level data each search takes in a batch (one per row of
 * the widest board): the kernel's NQ_LEVEL_STRIDE. */
#define NQ_GPU_LEVEL_STRIDE 32

/* The most levels a task leaves below it: the kernel's NQ_DEPTH, the size
 * of its stack. */
#define NQ_GPU_DEPTH 14

/* The smallest n for which NQ_ENGINE_AUTO takes a GPU device when one is
 * found: below it a count takes less than a second on the CPU, less than
 * opening the device. */
#define NQ_GPU_AUTO_MIN_N 18

/* ---- cutting searches into tasks (gpu_tasks.c) ---------------------- */

/* A batch: searches 0..searches-1 and their tasks, as the kernel reads
 * them (see count_kernel.cl for the layout). */
struct nq__gpu_batch {
    size_t searches;      /* searches in the batch */
    size_t max_searches;  /* room for this many */
    uint32_t *levels;     /* searches * NQ_GPU_LEVEL_STRIDE * 2: per level,
                             its closed squares and its gap */
    uint32_t *lasts;      /* searches: the index of the last level */
    uint64_t *first;      /* searches + 1: the first task of each search,
                             and the end of the last */
    uint64_t *direct;     /* searches: completions found on the host (a
                             search of at most one level has no task) */
    size_t tasks;         /* tasks in the batch */
    size_t max_tasks;     /* room for this many (grows) */
    uint32_t *task_words; /* tasks * 4: columns, the two diagonals, and the
                             search << 8 | level */
};

/* nq__gpu_batch_init() : an empty batch with room for max_searches
 * searches and about max_tasks tasks. Returns 0 or NQ_E_NOMEM. */
int nq__gpu_batch_init(struct nq__gpu_batch *b, size_t max_searches,
                       size_t max_tasks);

/* nq__gpu_batch_free() : releases a batch (zeroed or initialised). */
void nq__gpu_batch_free(struct nq__gpu_batch *b);

/* nq__gpu_batch_clear() : no search, no task; the room stays. */
void nq__gpu_batch_clear(struct nq__gpu_batch *b);

/* nq__gpu_batch_add() : appends the search `s` (the CPU kernel's setup of
 * a board of at most NQ_GPU_MAX_N columns), its first levels placed on the
 * host so that each task leaves `rest` levels or fewer below it (1 <= rest
 * <= NQ_GPU_DEPTH; a search shallower than that is one task). The batch
 * must have room for another search. Returns 0 or NQ_E_NOMEM (the batch
 * is then as before). */
int nq__gpu_batch_add(struct nq__gpu_batch *b, const struct nq__kernel_setup *s,
                      int rest);

/* Where the host's placements of a search stopped when its batch filled
 * up: a depth-first search over its first levels, resumed in the next
 * batch. A search's tasks grow about twentyfold with each N once `rest`
 * is NQ_GPU_DEPTH (up to 39 million at n = 25 in a sample, so billions
 * at 27), so they are made a batch at a time, never all at once. */
struct nq__gpu_cut {
    bool more; /* the search has placements left to make into tasks */
    int level; /* the level whose squares are being tried */
    uint32_t cols[NQ_GPU_MAX_N];  /* per level: the columns taken above */
    uint32_t right[NQ_GPU_MAX_N]; /* the diagonals running down-right */
    uint32_t left[NQ_GPU_MAX_N];  /* the diagonals running down-left */
    uint32_t todo[NQ_GPU_MAX_N];  /* the squares still to try */
};

/* nq__gpu_batch_add_part() : nq__gpu_batch_add(), but the search's tasks
 * are made only while the batch holds fewer than `max_tasks`: where some
 * are left, cut->more is set, and a later call with the same search and
 * cut (in a batch cleared or another) appends it again with the tasks
 * that follow. cut->more false: the search from its start. The
 * completions of the search are the sum over its parts. On an error the
 * cut is lost. */
int nq__gpu_batch_add_part(struct nq__gpu_batch *b,
                           const struct nq__kernel_setup *s, int rest,
                           size_t max_tasks, struct nq__gpu_cut *cut);

/* nq__gpu_batch_sum() : the completions of search k of the batch from the
 * tasks' counts (counts[0 .. b->tasks)). Returns 0, or NQ_E_OVERFLOW when
 * the sum does not fit in 64 bits. */
int nq__gpu_batch_sum(const struct nq__gpu_batch *b, size_t k,
                      const uint64_t *counts, uint64_t *sum);

/* nq__gpu_tasks_count() : counts the tasks' completions on the host, one
 * by one, the way the kernel does (for the tests: a model of the kernel
 * in C). */
void nq__gpu_tasks_count(const struct nq__gpu_batch *b, uint64_t *counts);

/* ---- the device (gpu_opencl.c, or gpu_none.c without OpenCL) --------- */

/* An opened device: its context and the kernel built for it. Immutable
 * once opened, so several threads may run on it at once (each run has its
 * own queue and buffers). */
struct nq__gpu;

/* Whom nq__gpu_open() takes. */
enum nq__gpu_want {
    NQ_GPU_ANY,     /* device `index`, or where index < 0 the first GPU,
                       else the first device of any kind (PoCL's CPU) */
    NQ_GPU_GPU_ONLY /* only a device of type GPU (never a CPU device): the
                       choice of NQ_ENGINE_AUTO */
};

/* nq__gpu_open() : opens device `index` (numbered as
 * nq_gpu_device_name() numbers them; < 0: the first that `want` takes)
 * and builds the kernel for it from `source` (NULL: the embedded
 * count_kernel.cl; the tests hand a broken one) with `options` added to
 * the build options (NULL: none). Returns 0 and sets *out, or
 * NQ_E_UNSUPPORTED (built without OpenCL, no device, no such index),
 * NQ_E_DEVICE (the device failed: message[] names it and says what
 * failed, with the first lines of the build log), NQ_E_NOMEM. `message`
 * (may be NULL) receives a line for the user on any error. */
int nq__gpu_open(int index, enum nq__gpu_want want, const char *source,
                 const char *options, char *message, size_t message_size,
                 struct nq__gpu **out);

/* nq__gpu_find() : the number of the device that nq__gpu_open() would
 * open for `index` and `want`, found by listing the devices (none opened,
 * no kernel built), or NQ_E_UNSUPPORTED where it would find none. */
int nq__gpu_find(int index, enum nq__gpu_want want);

/* nq__gpu_close() : releases the device; NULL is allowed. */
void nq__gpu_close(struct nq__gpu *g);

/* nq__gpu_name() : the name of the opened device. */
const char *nq__gpu_name(const struct nq__gpu *g);

/* nq__gpu_index() : the number of the opened device. */
int nq__gpu_index(const struct nq__gpu *g);

/* Fills the setup of item `item` of a run (the search of one
 * constellation). Returns 0 or an NQ_E_* code that stops the run. */
typedef int (*nq__gpu_setup_fn)(void *user, size_t item,
                                struct nq__kernel_setup *setup);

/* Takes the completions of item `item`; called on the calling thread,
 * items in order, a batch at a time. Returns 0 to go on, or an NQ_E_*
 * code that stops the run (NQ_E_STOPPED for a stop asked for). */
typedef int (*nq__gpu_done_fn)(void *user, size_t item, uint64_t completions);

/* nq__gpu_run() : counts the searches of items 0..count-1 (boards of n)
 * on the device,
 * batch by batch (each batch's tasks made on the host while the device
 * counts the one before), and reports each to `done`. Returns 0, the
 * first non-zero code of setup or done, NQ_E_DEVICE (a launch or a copy
 * failed: message[] says which, on which device), NQ_E_OVERFLOW,
 * NQ_E_NOMEM. */
int nq__gpu_run(const struct nq__gpu *g, int n, size_t count,
                nq__gpu_setup_fn setup, nq__gpu_done_fn done, void *user,
                char *message, size_t message_size);

#endif /* NQ_GPU_H */
