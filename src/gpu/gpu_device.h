/*
 * gpu_device.h - what a run (gpu_run.c) asks of the device's API: OpenCL
 * (gpu_opencl.c) or CUDA (gpu_cuda.c), one of them in a build. Private to
 * src/gpu.
 *
 * A stream is one batch in flight: a queue of the device with its own
 * kernel object and buffers. A run keeps two, so that the device may start
 * one batch while the last tasks of the other still run, and the host cuts
 * the next batch meanwhile.
 */
#ifndef NQ_GPU_DEVICE_H
#define NQ_GPU_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/gpu.h"

/* How a device is used: its launches and its batches. */
struct nq__gpu_shape {
    bool is_gpu;            /* a GPU, not a CPU device (PoCL in the tests) */
    bool local_stack;       /* the kernel's stacks in local (shared) memory */
    size_t group;           /* work-group size the kernel is built for */
    size_t groups_per_unit; /* work-groups a launch gives each unit */
    size_t batch_searches;  /* searches a batch holds, at most */
    size_t batch_tasks;     /* tasks of a first batch, about */
};

/* nq__gpu_shape_for() : the shape for a GPU (is_gpu) or a CPU device, the
 * same whatever the API (gpu_run.c). */
void nq__gpu_shape_for(bool is_gpu, struct nq__gpu_shape *out);

/* nq__gpu_shape() : the shape of the opened device g. */
const struct nq__gpu_shape *nq__gpu_shape(const struct nq__gpu *g);

/* nq__gpu_launch_groups() : the work-groups of a launch of `tasks` tasks
 * on a device of `units` compute units: one work-item per task up to what
 * keeps every unit busy (each then takes task after task). */
size_t nq__gpu_launch_groups(const struct nq__gpu_shape *shape, unsigned units,
                             size_t tasks);

/* nq__gpu_stream_room() : the tasks a stream's buffers are made for when
 * a batch of `tasks` outgrows their `room`: the shape's first batch at
 * first (room 0), doubled until the batch fits. */
size_t nq__gpu_stream_room(const struct nq__gpu_shape *shape, size_t room,
                           size_t tasks);

/* The device's side of one batch in flight. */
struct nq__gpu_stream;

/* nq__gpu_stream_open() : a stream on g. Its failures are told in
 * message[0..size) (kept for the stream's later calls). Returns 0 and sets
 * *out, or NQ_E_DEVICE, NQ_E_NOMEM. */
int nq__gpu_stream_open(const struct nq__gpu *g, char *message, size_t size,
                        struct nq__gpu_stream **out);

/* nq__gpu_stream_launch() : sends batch b (at least one task) to the
 * device and starts its count; the tasks' counts land in
 * counts[0 .. b->tasks) by the time nq__gpu_stream_wait() returns. b and
 * counts must stay as they are until the wait (OpenCL's copies to the
 * device are not blocking: they read b's memory while the device works;
 * gpu_run.c refills a batch only after its wait). Returns 0,
 * NQ_E_DEVICE, NQ_E_NOMEM. */
int nq__gpu_stream_launch(struct nq__gpu_stream *s,
                          const struct nq__gpu_batch *b, uint64_t *counts);

/* nq__gpu_stream_wait() : waits for the batch launched last (none: at
 * once). Returns 0, or NQ_E_DEVICE when the count or a copy failed. */
int nq__gpu_stream_wait(struct nq__gpu_stream *s);

/* nq__gpu_stream_close() : waits for what is in flight, then releases the
 * stream; NULL is allowed. */
void nq__gpu_stream_close(struct nq__gpu_stream *s);

/* nq__gpu_cuda_ptx() : (gpu_cuda.c, a build with NQ_GPU_API=CUDA) the
 * kernel `source` (NULL: the embedded count_kernel.cl) built by NVRTC as
 * CUDA for compute capability `arch` (90: 9.0) and a device of `shape`
 * (its work-group size, where its stacks are, its loop), with `options` (words
 * split on spaces; NULL: none) added: *ptx (free() it), or NQ_E_DEVICE
 * with the reason and the build log's first lines in log[0..log_size),
 * NQ_E_NOMEM. Needs no device: the tests build the kernel with it where no
 * GPU is. */
int nq__gpu_cuda_ptx(const char *source, const char *options, int arch,
                     const struct nq__gpu_shape *shape, char **ptx, char *log,
                     size_t log_size);

/* ---- the user's lines (gpu_message.c) ------------------------------- */

/* nq__gpu_say() : a message (printf-like) in message[0..size), when there
 * is one. */
__attribute__((format(printf, 3, 4))) void
nq__gpu_say(char *message, size_t size, const char *format, ...);

/* nq__gpu_log_head() : the first lines of a build log, on one line ("; "
 * between them), into out[0..size). */
void nq__gpu_log_head(const char *log, char *out, size_t size);

#endif /* NQ_GPU_DEVICE_H */
