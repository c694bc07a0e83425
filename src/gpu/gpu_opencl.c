/*
 * gpu_opencl.c - the device side of the GPU executor, through the standard
 * OpenCL ICD loader: one host path for NVIDIA, AMD, Intel and PoCL (which
 * runs the same kernel on the CPU, for the tests). Devices are numbered in
 * the order the loader lists them, platform by platform.
 *
 * A plan opens its device once (nq__gpu_open): the context and the kernel
 * program, built from the source embedded at build time
 * (count_kernel.cl, through cmake/embed_kernel.cmake), its build log kept
 * for the error. Each run (nq__gpu_run) has its own command queue, kernel
 * object and buffers, so that two threads may run on one plan at once; it
 * keeps two batches in flight: the host cuts the next batch's searches
 * into tasks while the device counts the one before.
 *
 * Nothing here prints: every failure is a code and a line in the caller's
 * message buffer, naming the device and what failed.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "gpu/gpu.h"
#include "gpu_kernel_source.h" /* generated: nq_gpu_kernel_source[] */

/* The most platforms and devices looked at. */
#define MAX_PLATFORMS 16
#define MAX_DEVICES 64

/* The build log lines an error quotes. */
#define LOG_LINES 6

struct nq__gpu {
    cl_context context;
    cl_device_id device;
    cl_program program;
    int index;              /* the device's number */
    bool is_gpu;            /* CL_DEVICE_TYPE_GPU */
    unsigned units;         /* compute units */
    size_t group;           /* work-group size the kernel was built for */
    size_t groups_per_unit; /* work-groups a launch gives each unit */
    size_t batch_searches;  /* searches per batch, at most */
    size_t batch_tasks;     /* tasks per batch, about */
    char name[256];         /* the device's name */
};

/* ---- messages -------------------------------------------------------- */

/* The name of an OpenCL error code. */
static const char *cl_error_name(cl_int err)
{
    switch (err) {
    case CL_DEVICE_NOT_FOUND:
        return "CL_DEVICE_NOT_FOUND";
    case CL_DEVICE_NOT_AVAILABLE:
        return "CL_DEVICE_NOT_AVAILABLE";
    case CL_COMPILER_NOT_AVAILABLE:
        return "CL_COMPILER_NOT_AVAILABLE";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
        return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case CL_OUT_OF_RESOURCES:
        return "CL_OUT_OF_RESOURCES";
    case CL_OUT_OF_HOST_MEMORY:
        return "CL_OUT_OF_HOST_MEMORY";
    case CL_BUILD_PROGRAM_FAILURE:
        return "CL_BUILD_PROGRAM_FAILURE";
    case CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST:
        return "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST";
    case CL_INVALID_VALUE:
        return "CL_INVALID_VALUE";
    case CL_INVALID_DEVICE:
        return "CL_INVALID_DEVICE";
    case CL_INVALID_BUILD_OPTIONS:
        return "CL_INVALID_BUILD_OPTIONS";
    case CL_INVALID_KERNEL_NAME:
        return "CL_INVALID_KERNEL_NAME";
    case CL_INVALID_WORK_GROUP_SIZE:
        return "CL_INVALID_WORK_GROUP_SIZE";
    case CL_INVALID_BUFFER_SIZE:
        return "CL_INVALID_BUFFER_SIZE";
    case -1001: /* the ICD loader's CL_PLATFORM_NOT_FOUND_KHR */
        return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
        return "an OpenCL error";
    }
}

/* Writes a message (printf-like) to message[0..size) when it is there. */
__attribute__((format(printf, 3, 4))) static void
say(char *message, size_t size, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    if (message != NULL && size > 0)
        vsnprintf(message, size, format, ap);
    va_end(ap);
}

/* A failed OpenCL call on device `g`: its message, NQ_E_DEVICE. */
static int device_failed(const struct nq__gpu *g, const char *what, cl_int err,
                         char *message, size_t size)
{
    say(message, size, "GPU device %d (%s): %s failed: %s (%d)", g->index,
        g->name, what, cl_error_name(err), (int)err);
    return err == CL_OUT_OF_HOST_MEMORY ? NQ_E_NOMEM : NQ_E_DEVICE;
}

/* ---- devices ---------------------------------------------------------- */

/* Every device of every platform, in the loader's order: *count of them
 * (at most MAX_DEVICES) into devices[]. */
static void list_devices(cl_device_id *devices, cl_uint *count)
{
    *count = 0;
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint nplatforms = 0;
    if (clGetPlatformIDs(MAX_PLATFORMS, platforms, &nplatforms) != CL_SUCCESS)
        return; /* no loader's platform: no device */
    if (nplatforms > MAX_PLATFORMS)
        nplatforms = MAX_PLATFORMS;
    for (cl_uint p = 0; p < nplatforms; p++) {
        cl_uint found = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL,
                           MAX_DEVICES - *count, devices + *count,
                           &found) != CL_SUCCESS)
            continue;
        if (found > MAX_DEVICES - *count)
            found = MAX_DEVICES - *count;
        *count += found;
    }
}

/* A string property of a device (or its platform), "?" when unknown. */
static void device_string(cl_device_id d, cl_device_info what, char *out,
                          size_t size)
{
    size_t len = 0;
    if (clGetDeviceInfo(d, what, size, out, &len) != CL_SUCCESS || len == 0 ||
        len > size)
        snprintf(out, size, "?");
    out[size - 1] = '\0';
}

static cl_device_type device_type(cl_device_id d)
{
    cl_device_type type = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL) !=
        CL_SUCCESS)
        return 0;
    return type;
}

int nq_gpu_device_count(void)
{
    cl_device_id devices[MAX_DEVICES];
    cl_uint count;
    list_devices(devices, &count);
    return (int)count;
}

int nq_gpu_device_name(int index, char *name, size_t size)
{
    if (name == NULL || size == 0 || index < 0)
        return NQ_E_INVAL;
    cl_device_id devices[MAX_DEVICES];
    cl_uint count;
    list_devices(devices, &count);
    if ((cl_uint)index >= count)
        return NQ_E_INVAL;
    cl_device_id d = devices[index];
    char device[256], platform_name[256], version[128];
    device_string(d, CL_DEVICE_NAME, device, sizeof device);
    device_string(d, CL_DEVICE_VERSION, version, sizeof version);
    cl_platform_id platform = NULL;
    platform_name[0] = '\0';
    /* OpenCL's handles are pointers, and it takes their size. */
    // NOLINTNEXTLINE(bugprone-sizeof-expression)
    if (clGetDeviceInfo(d, CL_DEVICE_PLATFORM, sizeof platform, &platform,
                        NULL) != CL_SUCCESS ||
        clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof platform_name,
                          platform_name, NULL) != CL_SUCCESS)
        snprintf(platform_name, sizeof platform_name, "?");
    platform_name[sizeof platform_name - 1] = '\0';
    cl_device_type type = device_type(d);
    const char *kind = (type & CL_DEVICE_TYPE_GPU) != 0   ? "gpu"
                       : (type & CL_DEVICE_TYPE_CPU) != 0 ? "cpu"
                                                          : "accelerator";
    cl_uint units = 0;
    (void)clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units,
                          NULL);
    snprintf(name, size, "%s (%s, %u compute units; %s, %s)", device, kind,
             (unsigned)units, platform_name, version);
    return 0;
}

/* ---- opening a device -------------------------------------------------- */

/* Copies the first LOG_LINES lines of the build log of `program` on `d`
 * into out[0..size), on one line ("; " between them). */
static void build_log_head(cl_program program, cl_device_id d, char *out,
                           size_t size)
{
    out[0] = '\0';
    size_t len = 0;
    if (clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, 0, NULL,
                              &len) != CL_SUCCESS ||
        len == 0)
        return;
    char *log = malloc(len + 1);
    if (log == NULL)
        return;
    if (clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, len, log,
                              NULL) != CL_SUCCESS) {
        free(log);
        return;
    }
    log[len] = '\0';
    size_t at = 0;
    int lines = 0;
    for (const char *p = log; *p != '\0' && lines < LOG_LINES;) {
        const char *end = strchr(p, '\n');
        size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
        while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' '))
            n--;
        if (n > 0 && at + 3 < size) {
            at += (size_t)snprintf(out + at, size - at, "%s%.*s",
                                   at > 0 ? "; " : "", (int)n, p);
            if (at >= size)
                at = size - 1;
            lines++;
        }
        if (end == NULL)
            break;
        p = end + 1;
    }
    free(log);
}

/* The device numbered `index`, or the first one that `want` takes. */
static int pick_device(int index, enum nq__gpu_want want, cl_device_id *out,
                       int *number, char *message, size_t size)
{
    cl_device_id devices[MAX_DEVICES];
    cl_uint count;
    list_devices(devices, &count);
    if (count == 0) {
        say(message, size,
            "no OpenCL device found (no platform: install the driver's "
            "OpenCL ICD, or pocl-opencl-icd for the CPU)");
        return NQ_E_UNSUPPORTED;
    }
    if (index >= 0) {
        if ((cl_uint)index >= count) {
            say(message, size, "no GPU device %d: %u found (0 to %u)", index,
                (unsigned)count, (unsigned)count - 1);
            return NQ_E_UNSUPPORTED;
        }
        if (want == NQ_GPU_GPU_ONLY &&
            (device_type(devices[index]) & CL_DEVICE_TYPE_GPU) == 0) {
            say(message, size, "device %d is not a GPU", index);
            return NQ_E_UNSUPPORTED;
        }
        *out = devices[index];
        *number = index;
        return 0;
    }
    for (cl_uint i = 0; i < count; i++) {
        if ((device_type(devices[i]) & CL_DEVICE_TYPE_GPU) != 0) {
            *out = devices[i];
            *number = (int)i;
            return 0;
        }
    }
    if (want == NQ_GPU_GPU_ONLY) {
        say(message, size, "no OpenCL device of type GPU found");
        return NQ_E_UNSUPPORTED;
    }
    *out = devices[0];
    *number = 0;
    return 0;
}

/* How the device is used: work-group size, launch size, batches. */
static void plan_launches(struct nq__gpu *g)
{
    g->is_gpu = (device_type(g->device) & CL_DEVICE_TYPE_GPU) != 0;
    cl_uint units = 0;
    if (clGetDeviceInfo(g->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units,
                        &units, NULL) != CL_SUCCESS ||
        units == 0)
        units = 1;
    g->units = units;
    if (g->is_gpu) {
        /* Two warps (or one wavefront) a group; enough groups that each
         * multiprocessor holds several while their stacks fit its local
         * memory; a first batch of four million tasks, later ones sized
         * to the rate measured (BATCH_SECONDS each): long enough that the
         * host's part is hidden and each work-item takes dozens of tasks
         * (so the last, long ones cost little), short enough that a stop
         * (which waits for the batches in flight) comes soon. */
        g->group = 64;
        g->groups_per_unit = 16;
        g->batch_searches = 4096;
        g->batch_tasks = (size_t)1 << 22;
    } else {
        /* A CPU device (PoCL) runs a group's work-items one after the
         * other on one core: a few small groups a core, small batches. */
        g->group = 8;
        g->groups_per_unit = 2;
        g->batch_searches = 256;
        g->batch_tasks = (size_t)1 << 14;
    }
}

int nq__gpu_open(int index, enum nq__gpu_want want, const char *source,
                 const char *options, char *message, size_t message_size,
                 struct nq__gpu **out)
{
    if (out == NULL)
        return NQ_E_INVAL;
    *out = NULL;
    struct nq__gpu *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NQ_E_NOMEM;
    int rc =
        pick_device(index, want, &g->device, &g->index, message, message_size);
    if (rc != 0) {
        free(g);
        return rc;
    }
    device_string(g->device, CL_DEVICE_NAME, g->name, sizeof g->name);
    plan_launches(g);

    cl_int err;
    g->context = clCreateContext(NULL, 1, &g->device, NULL, NULL, &err);
    if (g->context == NULL) {
        rc = device_failed(g, "clCreateContext", err, message, message_size);
        nq__gpu_close(g);
        return rc;
    }
    const char *text = source != NULL ? source : nq_gpu_kernel_source;
    g->program = clCreateProgramWithSource(g->context, 1, &text, NULL, &err);
    if (g->program == NULL) {
        rc = device_failed(g, "clCreateProgramWithSource", err, message,
                           message_size);
        nq__gpu_close(g);
        return rc;
    }
    char flags[256];
    snprintf(flags, sizeof flags,
             "-cl-std=CL1.2 -DNQ_DEPTH=%d -DNQ_GROUP=%zu%s %s", NQ_GPU_DEPTH,
             g->group, g->is_gpu ? " -DNQ_LOCAL_STACK" : "",
             options != NULL ? options : "");
    err = clBuildProgram(g->program, 1, &g->device, flags, NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[512];
        build_log_head(g->program, g->device, log, sizeof log);
        say(message, message_size,
            "GPU device %d (%s) could not build the kernel: %s (%d)%s%s",
            g->index, g->name, cl_error_name(err), (int)err,
            log[0] != '\0' ? "; build log: " : "; no build log", log);
        nq__gpu_close(g);
        return err == CL_OUT_OF_HOST_MEMORY ? NQ_E_NOMEM : NQ_E_DEVICE;
    }
    /* The kernel is made once here to know that it is there; each run
     * makes its own (a kernel object's arguments are per object). */
    cl_kernel k = clCreateKernel(g->program, "nq_count_tasks", &err);
    if (k == NULL) {
        rc = device_failed(g, "clCreateKernel", err, message, message_size);
        nq__gpu_close(g);
        return rc;
    }
    clReleaseKernel(k);
    *out = g;
    return 0;
}

void nq__gpu_close(struct nq__gpu *g)
{
    if (g == NULL)
        return;
    if (g->program != NULL)
        clReleaseProgram(g->program);
    if (g->context != NULL)
        clReleaseContext(g->context);
    free(g);
}

const char *nq__gpu_name(const struct nq__gpu *g)
{
    return g->name;
}

int nq__gpu_index(const struct nq__gpu *g)
{
    return g->index;
}

/* ---- a run ----------------------------------------------------------------
 */

/* One batch in flight: its host side, its buffers on the device, and the
 * items it holds. */
struct slot {
    struct nq__gpu_batch batch;
    uint64_t *counts;   /* batch.tasks counts, read back */
    size_t counts_room; /* room of counts (and of the device buffers) */
    cl_mem levels, lasts, tasks, out, next;
    cl_event read;     /* the read of the counts; NULL: not in flight */
    size_t first_item; /* the items first_item .. first_item + searches */
    /* Each slot has its own queue (and kernel object), so that the device
     * may start one batch's kernel while the last tasks of the other's
     * still run. */
    cl_command_queue queue;
    cl_kernel kernel;
};

/* The seconds of work a batch is sized to on a GPU, once the rate is
 * known; and the bounds of its tasks. */
#define BATCH_SECONDS 2.0
#define BATCH_MIN_TASKS ((size_t)1 << 16)
#define BATCH_MAX_TASKS ((size_t)1 << 25)

struct run {
    const struct nq__gpu *g;
    size_t want_tasks; /* the tasks a batch is filled to */
    struct slot slots[2];
    char *message;
    size_t message_size;
};

/* Releases a buffer (when there is one) and forgets it. */
static void release_buffer(cl_mem *m)
{
    if (*m != NULL)
        clReleaseMemObject(*m);
    *m = NULL;
}

static void slot_release(struct slot *s)
{
    if (s->queue != NULL) {
        /* What is still in flight ends before its buffers go. */
        clFinish(s->queue);
    }
    if (s->read != NULL)
        clReleaseEvent(s->read);
    release_buffer(&s->levels);
    release_buffer(&s->lasts);
    release_buffer(&s->tasks);
    release_buffer(&s->out);
    release_buffer(&s->next);
    free(s->counts);
    nq__gpu_batch_free(&s->batch);
    if (s->kernel != NULL)
        clReleaseKernel(s->kernel);
    if (s->queue != NULL)
        clReleaseCommandQueue(s->queue);
}

/* A buffer on the device of `bytes`. */
static int make_buffer(struct run *r, cl_mem_flags flags, size_t bytes,
                       cl_mem *mem)
{
    cl_int err;
    *mem = clCreateBuffer(r->g->context, flags, bytes, NULL, &err);
    if (*mem == NULL)
        return device_failed(r->g, "clCreateBuffer", err, r->message,
                             r->message_size);
    return 0;
}

/* The buffers of a slot whose batch has `tasks` tasks: made the first
 * time, made again larger when a batch outgrows them. */
static int slot_buffers(struct run *r, struct slot *s, size_t tasks)
{
    const struct nq__gpu *g = r->g;
    int rc = 0;
    if (s->levels == NULL) {
        rc = make_buffer(r, CL_MEM_READ_ONLY,
                         g->batch_searches * NQ_GPU_LEVEL_STRIDE * 2 *
                             sizeof(uint32_t),
                         &s->levels);
        if (rc == 0)
            rc = make_buffer(r, CL_MEM_READ_ONLY,
                             g->batch_searches * sizeof(uint32_t), &s->lasts);
        if (rc == 0)
            rc = make_buffer(r, CL_MEM_READ_WRITE, sizeof(cl_uint), &s->next);
        if (rc != 0)
            return rc;
    }
    if (tasks <= s->counts_room && s->tasks != NULL)
        return 0;
    size_t room = s->counts_room > 0 ? s->counts_room : g->batch_tasks;
    while (room < tasks)
        room *= 2;
    release_buffer(&s->tasks);
    release_buffer(&s->out);
    uint64_t *counts = realloc(s->counts, room * sizeof *counts);
    if (counts == NULL)
        return NQ_E_NOMEM;
    s->counts = counts;
    s->counts_room = room;
    rc =
        make_buffer(r, CL_MEM_READ_ONLY, room * 4 * sizeof(cl_uint), &s->tasks);
    if (rc == 0)
        rc =
            make_buffer(r, CL_MEM_WRITE_ONLY, room * sizeof(cl_ulong), &s->out);
    return rc;
}

/* Fills slot s with the searches of items from `item` on: until the batch
 * holds its tasks, its searches, or the items run out. */
static int slot_fill(struct run *r, struct slot *s, size_t item, size_t count,
                     nq__gpu_setup_fn setup, void *user, int rest)
{
    nq__gpu_batch_clear(&s->batch);
    s->first_item = item;
    struct nq__kernel_setup k;
    while (item < count && s->batch.searches < r->g->batch_searches &&
           s->batch.tasks < r->want_tasks) {
        int rc = setup(user, item, &k);
        if (rc == 0)
            rc = nq__gpu_batch_add(&s->batch, &k, rest);
        if (rc != 0)
            return rc;
        item++;
    }
    return 0;
}

/* Sends slot s's batch to the device and starts its count. */
static int slot_launch(struct run *r, struct slot *s)
{
    const struct nq__gpu_batch *b = &s->batch;
    if (b->tasks == 0)
        return 0; /* every search counted on the host */
    int rc = slot_buffers(r, s, b->tasks);
    if (rc != 0)
        return rc;
    const struct nq__gpu *g = r->g;
    cl_int err = clEnqueueWriteBuffer(s->queue, s->levels, CL_FALSE, 0,
                                      b->searches * NQ_GPU_LEVEL_STRIDE * 2 *
                                          sizeof(uint32_t),
                                      b->levels, 0, NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueWriteBuffer(s->queue, s->lasts, CL_FALSE, 0,
                                   b->searches * sizeof(uint32_t), b->lasts, 0,
                                   NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueWriteBuffer(s->queue, s->tasks, CL_FALSE, 0,
                                   b->tasks * 4 * sizeof(uint32_t),
                                   b->task_words, 0, NULL, NULL);
    const cl_uint zero = 0;
    if (err == CL_SUCCESS)
        err = clEnqueueFillBuffer(s->queue, s->next, &zero, sizeof zero, 0,
                                  sizeof zero, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return device_failed(g, "copying a batch to the device", err,
                             r->message, r->message_size);
    cl_uint ntasks = (cl_uint)b->tasks;
    /* The kernel's arguments in order; the number of tasks is the 4th. */
    const cl_mem buffers[] = {s->levels, s->lasts, s->tasks, s->out, s->next};
    const cl_uint at[] = {0, 1, 2, 4, 5};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        /* OpenCL's handles are pointers, and it takes their size. */
        // NOLINTNEXTLINE(bugprone-sizeof-expression)
        err = clSetKernelArg(s->kernel, at[i], sizeof(cl_mem), &buffers[i]);
        if (err != CL_SUCCESS)
            break;
    }
    if (err == CL_SUCCESS)
        err = clSetKernelArg(s->kernel, 3, sizeof ntasks, &ntasks);
    if (err != CL_SUCCESS)
        return device_failed(g, "clSetKernelArg", err, r->message,
                             r->message_size);
    /* Work-items: one per task up to what keeps every unit busy; each
     * takes task after task. */
    size_t groups = (b->tasks + g->group - 1) / g->group;
    size_t most = (size_t)g->units * g->groups_per_unit;
    if (groups > most)
        groups = most;
    size_t global = groups * g->group, local = g->group;
    err = clEnqueueNDRangeKernel(s->queue, s->kernel, 1, NULL, &global, &local,
                                 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return device_failed(g, "clEnqueueNDRangeKernel", err, r->message,
                             r->message_size);
    err = clEnqueueReadBuffer(s->queue, s->out, CL_FALSE, 0,
                              b->tasks * sizeof(cl_ulong), s->counts, 0, NULL,
                              &s->read);
    if (err == CL_SUCCESS)
        err = clFlush(s->queue);
    if (err != CL_SUCCESS)
        return device_failed(g, "reading the counts back", err, r->message,
                             r->message_size);
    return 0;
}

/* Waits for slot s's counts (when it was launched). */
static int slot_wait(struct run *r, struct slot *s)
{
    if (s->read == NULL)
        return 0;
    cl_int err = clWaitForEvents(1, &s->read);
    cl_int status = CL_COMPLETE;
    if (err == CL_SUCCESS)
        err = clGetEventInfo(s->read, CL_EVENT_COMMAND_EXECUTION_STATUS,
                             sizeof status, &status, NULL);
    clReleaseEvent(s->read);
    s->read = NULL;
    if (err == CL_SUCCESS && status < 0)
        err = status; /* the kernel or the copy failed on the device */
    if (err != CL_SUCCESS)
        return device_failed(r->g, "counting a batch", err, r->message,
                             r->message_size);
    return 0;
}

/* Hands slot s's searches to `done`, in order. */
static int slot_report(struct slot *s, nq__gpu_done_fn done, void *user)
{
    for (size_t k = 0; k < s->batch.searches; k++) {
        uint64_t completions;
        int rc = nq__gpu_batch_sum(&s->batch, k, s->counts, &completions);
        if (rc == 0)
            rc = done(user, s->first_item + k, completions);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The levels a task leaves below it on this device, for a board of n. On
 * a GPU, about n - 8: a few million tasks or more from n = 18 on (3.7
 * million at 18, 11 million at 20 with 12 levels; each level more divides
 * them by 6 to 8), enough for every work-item to take many, while the
 * host cuts them in seconds. On a CPU device (PoCL, in the tests) tasks
 * of 6 levels: many small tasks test the cut. */
static int rest_levels(const struct nq__gpu *g, int n)
{
    if (!g->is_gpu)
        return 6;
    int rest = n - 8;
    return rest < 4 ? 4 : rest > NQ_GPU_DEPTH ? NQ_GPU_DEPTH : rest;
}

/* A slot's queue, kernel object and host batch. */
static int slot_open(struct run *r, struct slot *s)
{
    const struct nq__gpu *g = r->g;
    cl_int err;
    s->queue = clCreateCommandQueue(g->context, g->device, 0, &err);
    if (s->queue == NULL)
        return device_failed(g, "clCreateCommandQueue", err, r->message,
                             r->message_size);
    s->kernel = clCreateKernel(g->program, "nq_count_tasks", &err);
    if (s->kernel == NULL)
        return device_failed(g, "clCreateKernel", err, r->message,
                             r->message_size);
    return nq__gpu_batch_init(&s->batch, g->batch_searches, g->batch_tasks);
}

int nq__gpu_run(const struct nq__gpu *g, int n, size_t count,
                nq__gpu_setup_fn setup, nq__gpu_done_fn done, void *user,
                char *message, size_t message_size)
{
    if (g == NULL || setup == NULL || done == NULL)
        return NQ_E_INVAL;
    if (count == 0)
        return 0;
    struct run r = {.g = g,
                    .want_tasks = g->batch_tasks,
                    .message = message,
                    .message_size = message_size};
    double start = nq__monotonic_seconds();
    uint64_t counted = 0; /* tasks counted and reported */
    int rc = slot_open(&r, &r.slots[0]);
    if (rc == 0)
        rc = slot_open(&r, &r.slots[1]);

    int rest = rest_levels(g, n);
    size_t item = 0;
    int cur = 0;
    if (rc == 0)
        rc = slot_fill(&r, &r.slots[cur], item, count, setup, user, rest);
    if (rc == 0)
        rc = slot_launch(&r, &r.slots[cur]);
    item += r.slots[cur].batch.searches;
    while (rc == 0) {
        struct slot *s = &r.slots[cur], *other = &r.slots[1 - cur];
        bool more = item < count;
        /* The next batch is cut on the host while the device counts this
         * one, and queued before this one ends, so that the device never
         * waits for the host. */
        if (more) {
            rc = slot_fill(&r, other, item, count, setup, user, rest);
            item += other->batch.searches;
            if (rc == 0)
                rc = slot_launch(&r, other);
        }
        if (rc == 0)
            rc = slot_wait(&r, s);
        if (rc == 0)
            rc = slot_report(s, done, user);
        counted += s->batch.tasks;
        double seconds = nq__monotonic_seconds() - start;
        if (g->is_gpu && seconds > 0.05 && counted > 0) {
            /* The next batches: BATCH_SECONDS at the rate so far. */
            double want = (double)counted / seconds * BATCH_SECONDS;
            r.want_tasks = want < (double)BATCH_MIN_TASKS   ? BATCH_MIN_TASKS
                           : want > (double)BATCH_MAX_TASKS ? BATCH_MAX_TASKS
                                                            : (size_t)want;
        }
        if (!more)
            break;
        cur = 1 - cur;
    }
    for (int i = 0; i < 2; i++)
        slot_release(&r.slots[i]);
    return rc;
}
