/*
 * gpu_opencl.c - the device side of the GPU executor, through the standard
 * OpenCL ICD loader: one host path for NVIDIA, AMD, Intel and PoCL (which
 * runs the same kernel on the CPU, for the tests). Devices are numbered in
 * the order the loader lists them, platform by platform.
 *
 * A plan opens its device once (nq__gpu_open): the context and the kernel
 * program, built from the source embedded at build time
 * (count_kernel.cl, through cmake/embed_kernel.cmake), its build log kept
 * for the error. The streams of a run (gpu_device.h) are each a command
 * queue with its own kernel object and buffers, so that two threads may
 * run on one plan at once; the run itself is gpu_run.c's.
 *
 * Nothing here prints: every failure is a code and a line in the caller's
 * message buffer, naming the device and what failed.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu_device.h"
#include "gpu_kernel_source.h" /* generated: nq_gpu_kernel_source[] */

/* The most platforms and devices looked at. */
#define MAX_PLATFORMS 16
#define MAX_DEVICES 64

struct nq__gpu {
    cl_context context;
    cl_device_id device;
    cl_program program;
    int index;                  /* the device's number */
    unsigned units;             /* compute units */
    struct nq__gpu_shape shape; /* how runs use it */
    char name[256];             /* the device's name */
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

/* A failed OpenCL call on device `g`: its message, NQ_E_DEVICE. */
static int device_failed(const struct nq__gpu *g, const char *what, cl_int err,
                         char *message, size_t size)
{
    nq__gpu_say(message, size, "GPU device %d (%s): %s failed: %s (%d)",
                g->index, g->name, what, cl_error_name(err), (int)err);
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

const char *nq_gpu_api(void)
{
    return "OpenCL";
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

/* Copies the first lines of the build log of `program` on `d`
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
    nq__gpu_log_head(log, out, size);
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
        nq__gpu_say(message, size,
                    "no OpenCL device found (no platform: install the driver's "
                    "OpenCL ICD, or pocl-opencl-icd for the CPU)");
        return NQ_E_UNSUPPORTED;
    }
    if (index >= 0) {
        if ((cl_uint)index >= count) {
            nq__gpu_say(message, size, "no GPU device %d: %u found (0 to %u)",
                        index, (unsigned)count, (unsigned)count - 1);
            return NQ_E_UNSUPPORTED;
        }
        if (want == NQ_GPU_GPU_ONLY &&
            (device_type(devices[index]) & CL_DEVICE_TYPE_GPU) == 0) {
            nq__gpu_say(message, size, "device %d is not a GPU", index);
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
        nq__gpu_say(message, size, "no OpenCL device of type GPU found");
        return NQ_E_UNSUPPORTED;
    }
    *out = devices[0];
    *number = 0;
    return 0;
}

int nq__gpu_find(int index, enum nq__gpu_want want)
{
    cl_device_id device;
    int number = -1;
    int rc = pick_device(index, want, &device, &number, NULL, 0);
    return rc != 0 ? rc : number;
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
    cl_uint units = 0;
    if (clGetDeviceInfo(g->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units,
                        &units, NULL) != CL_SUCCESS ||
        units == 0)
        units = 1;
    g->units = units;
    nq__gpu_shape_for((device_type(g->device) & CL_DEVICE_TYPE_GPU) != 0,
                      &g->shape);

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
             g->shape.group, g->shape.local_stack ? " -DNQ_LOCAL_STACK" : "",
             options != NULL ? options : "");
    err = clBuildProgram(g->program, 1, &g->device, flags, NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[512];
        build_log_head(g->program, g->device, log, sizeof log);
        nq__gpu_say(
            message, message_size,
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

const struct nq__gpu_shape *nq__gpu_shape(const struct nq__gpu *g)
{
    return &g->shape;
}

/* ---- streams: a batch in flight ------------------------------------------ */

struct nq__gpu_stream {
    const struct nq__gpu *g;
    char *message; /* where failures are told */
    size_t message_size;
    cl_command_queue queue;
    cl_kernel kernel; /* its own: a kernel object's arguments are its own */
    cl_mem levels, lasts, tasks, out, next;
    size_t room;   /* the tasks the buffers take */
    cl_event read; /* the read of the counts; NULL: nothing in flight */
};

static int stream_failed(const struct nq__gpu_stream *s, const char *what,
                         cl_int err)
{
    return device_failed(s->g, what, err, s->message, s->message_size);
}

/* Releases a buffer (when there is one) and forgets it. */
static void release_buffer(cl_mem *m)
{
    if (*m != NULL)
        clReleaseMemObject(*m);
    *m = NULL;
}

/* A buffer on the device of `bytes`. */
static int make_buffer(struct nq__gpu_stream *s, cl_mem_flags flags,
                       size_t bytes, cl_mem *mem)
{
    cl_int err;
    *mem = clCreateBuffer(s->g->context, flags, bytes, NULL, &err);
    if (*mem == NULL)
        return stream_failed(s, "clCreateBuffer", err);
    return 0;
}

int nq__gpu_stream_open(const struct nq__gpu *g, char *message, size_t size,
                        struct nq__gpu_stream **out)
{
    *out = NULL;
    struct nq__gpu_stream *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NQ_E_NOMEM;
    s->g = g;
    s->message = message;
    s->message_size = size;
    cl_int err;
    int rc = 0;
    s->queue = clCreateCommandQueue(g->context, g->device, 0, &err);
    if (s->queue == NULL)
        rc = stream_failed(s, "clCreateCommandQueue", err);
    if (rc == 0) {
        s->kernel = clCreateKernel(g->program, "nq_count_tasks", &err);
        if (s->kernel == NULL)
            rc = stream_failed(s, "clCreateKernel", err);
    }
    size_t searches = g->shape.batch_searches;
    if (rc == 0)
        rc = make_buffer(s, CL_MEM_READ_ONLY,
                         searches * NQ_GPU_LEVEL_STRIDE * 2 * sizeof(uint32_t),
                         &s->levels);
    if (rc == 0)
        rc = make_buffer(s, CL_MEM_READ_ONLY, searches * sizeof(uint32_t),
                         &s->lasts);
    if (rc == 0)
        rc = make_buffer(s, CL_MEM_READ_WRITE, sizeof(cl_uint), &s->next);
    if (rc != 0) {
        nq__gpu_stream_close(s);
        return rc;
    }
    *out = s;
    return 0;
}

void nq__gpu_stream_close(struct nq__gpu_stream *s)
{
    if (s == NULL)
        return;
    if (s->queue != NULL)
        clFinish(s->queue); /* what is in flight ends before its buffers */
    if (s->read != NULL)
        clReleaseEvent(s->read);
    release_buffer(&s->levels);
    release_buffer(&s->lasts);
    release_buffer(&s->tasks);
    release_buffer(&s->out);
    release_buffer(&s->next);
    if (s->kernel != NULL)
        clReleaseKernel(s->kernel);
    if (s->queue != NULL)
        clReleaseCommandQueue(s->queue);
    free(s);
}

/* The task buffers for `tasks` tasks: made the first time, made again
 * larger (doubled) when a batch outgrows them. */
static int stream_room(struct nq__gpu_stream *s, size_t tasks)
{
    if (tasks <= s->room)
        return 0;
    size_t room = nq__gpu_stream_room(&s->g->shape, s->room, tasks);
    release_buffer(&s->tasks);
    release_buffer(&s->out);
    s->room = 0;
    int rc =
        make_buffer(s, CL_MEM_READ_ONLY, room * 4 * sizeof(cl_uint), &s->tasks);
    if (rc == 0)
        rc =
            make_buffer(s, CL_MEM_WRITE_ONLY, room * sizeof(cl_ulong), &s->out);
    if (rc == 0)
        s->room = room;
    return rc;
}

int nq__gpu_stream_launch(struct nq__gpu_stream *s,
                          const struct nq__gpu_batch *b, uint64_t *counts)
{
    int rc = stream_room(s, b->tasks);
    if (rc != 0)
        return rc;
    const struct nq__gpu *g = s->g;
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
        return stream_failed(s, "copying a batch to the device", err);
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
        return stream_failed(s, "clSetKernelArg", err);
    size_t local = g->shape.group;
    size_t global =
        nq__gpu_launch_groups(&g->shape, g->units, b->tasks) * local;
    err = clEnqueueNDRangeKernel(s->queue, s->kernel, 1, NULL, &global, &local,
                                 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return stream_failed(s, "clEnqueueNDRangeKernel", err);
    err = clEnqueueReadBuffer(s->queue, s->out, CL_FALSE, 0,
                              b->tasks * sizeof(cl_ulong), counts, 0, NULL,
                              &s->read);
    if (err == CL_SUCCESS)
        err = clFlush(s->queue);
    if (err != CL_SUCCESS)
        return stream_failed(s, "reading the counts back", err);
    return 0;
}

int nq__gpu_stream_wait(struct nq__gpu_stream *s)
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
        return stream_failed(s, "counting a batch", err);
    return 0;
}
