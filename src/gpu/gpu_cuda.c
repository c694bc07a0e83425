/*
 * gpu_cuda.c - the device side of the GPU executor through NVIDIA's CUDA
 * driver API, for a machine whose driver shows no OpenCL platform
 * (-DNQ_GPU_API=CUDA; the CUDA toolkit's headers, libcuda and NVRTC).
 *
 * The kernel is the same source as on OpenCL (count_kernel.cl, embedded at
 * build time), built when a plan opens its device by NVRTC as CUDA C++
 * (-DNQ_CUDA spells OpenCL's words in CUDA's) into PTX for the device's
 * compute capability, which the driver loads. Its build log is kept for
 * the error, as on OpenCL. Devices are numbered as the driver numbers
 * them; every one is a GPU.
 *
 * A plan holds the device's primary context (made current on each thread
 * that calls) and the loaded module; each stream of a run is a CUDA
 * stream of its own with its own buffers, so that two threads may run on
 * one plan at once, and the two streams of a run count side by side.
 *
 * Nothing here prints: every failure is a code and a line in the caller's
 * message buffer, naming the device and what failed.
 */
#include <cuda.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu_device.h"
#include "gpu_kernel_source.h" /* generated: nq_gpu_kernel_source[] */

/* The most options NVRTC is given: ours and the caller's words. */
#define MAX_OPTIONS 16

struct nq__gpu {
    CUdevice device;
    CUcontext context; /* the device's primary context, retained */
    CUmodule module;
    CUfunction function;
    int index;                  /* the device's number */
    unsigned units;             /* multiprocessors */
    struct nq__gpu_shape shape; /* how runs use it */
    char name[256];             /* the device's name */
};

/* ---- messages -------------------------------------------------------- */

static const char *cu_error_name(CUresult err)
{
    const char *name = NULL;
    if (cuGetErrorName(err, &name) != CUDA_SUCCESS || name == NULL)
        return "a CUDA error";
    return name;
}

/* A failed driver call on device `g`: its message, NQ_E_DEVICE. */
static int device_failed(const struct nq__gpu *g, const char *what,
                         CUresult err, char *message, size_t size)
{
    nq__gpu_say(message, size, "GPU device %d (%s): %s failed: %s (%d)",
                g->index, g->name, what, cu_error_name(err), (int)err);
    return err == CUDA_ERROR_OUT_OF_MEMORY ? NQ_E_NOMEM : NQ_E_DEVICE;
}

/* ---- devices ---------------------------------------------------------- */

/* The driver's devices: their number, or 0 with the reason in *err. */
static int driver_devices(CUresult *err)
{
    int count = 0;
    *err = cuInit(0);
    if (*err == CUDA_SUCCESS)
        *err = cuDeviceGetCount(&count);
    return *err == CUDA_SUCCESS ? count : 0;
}

const char *nq_gpu_api(void)
{
    return "CUDA";
}

int nq_gpu_device_count(void)
{
    CUresult err;
    return driver_devices(&err);
}

int nq_gpu_device_name(int index, char *name, size_t size)
{
    if (name == NULL || size == 0 || index < 0)
        return NQ_E_INVAL;
    CUresult err;
    CUdevice d;
    if (index >= driver_devices(&err) || cuDeviceGet(&d, index) != CUDA_SUCCESS)
        return NQ_E_INVAL;
    char device[256] = "?";
    int units = 0, major = 0, minor = 0, driver = 0;
    (void)cuDeviceGetName(device, (int)sizeof device, d);
    (void)cuDeviceGetAttribute(&units, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                               d);
    (void)cuDeviceGetAttribute(&major,
                               CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d);
    (void)cuDeviceGetAttribute(&minor,
                               CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d);
    (void)cuDriverGetVersion(&driver);
    snprintf(name, size,
             "%s (gpu, %d multiprocessors; CUDA driver %d.%d, compute "
             "capability %d.%d)",
             device, units, driver / 1000, driver % 1000 / 10, major, minor);
    return 0;
}

/* ---- opening a device -------------------------------------------------- */

/* The virtual architecture NVRTC builds for: the device's compute
 * capability, or the newest NVRTC knows below it (a device newer than
 * the toolkit still runs PTX of an older one). 0: none. */
static int nvrtc_arch(int major, int minor)
{
    int want = major * 10 + minor, best = 0, count = 0;
    if (nvrtcGetNumSupportedArchs(&count) != NVRTC_SUCCESS || count <= 0)
        return want;
    int *archs = malloc((size_t)count * sizeof *archs);
    if (archs == NULL)
        return want;
    if (nvrtcGetSupportedArchs(archs) == NVRTC_SUCCESS)
        for (int i = 0; i < count; i++)
            if (archs[i] <= want && archs[i] > best)
                best = archs[i];
    free(archs);
    return best;
}

/* The head of NVRTC's log of `program` into out[0..size). */
static void build_log_head(nvrtcProgram program, char *out, size_t size)
{
    out[0] = '\0';
    size_t len = 0;
    if (nvrtcGetProgramLogSize(program, &len) != NVRTC_SUCCESS || len <= 1)
        return;
    char *log = malloc(len + 1);
    if (log == NULL)
        return;
    if (nvrtcGetProgramLog(program, log) == NVRTC_SUCCESS) {
        log[len] = '\0';
        nq__gpu_log_head(log, out, size);
    }
    free(log);
}

int nq__gpu_cuda_ptx(const char *source, const char *options, int arch,
                     const struct nq__gpu_shape *shape, char **ptx, char *log,
                     size_t log_size)
{
    *ptx = NULL;
    log[0] = '\0';
    char depth[32], width[32], target[48], words[256];
    snprintf(depth, sizeof depth, "-DNQ_DEPTH=%d", NQ_GPU_DEPTH);
    snprintf(width, sizeof width, "-DNQ_GROUP=%zu", shape->group);
    snprintf(target, sizeof target, "--gpu-architecture=compute_%d", arch);
    snprintf(words, sizeof words, "%s", options != NULL ? options : "");
    const char *argv[MAX_OPTIONS] = {"-DNQ_CUDA", depth, width, target};
    int argc = 4;
    if (shape->local_stack)
        argv[argc++] = "-DNQ_LOCAL_STACK";
    char *save = NULL;
    for (char *w = strtok_r(words, " ", &save); w != NULL && argc < MAX_OPTIONS;
         w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;

    nvrtcProgram program;
    nvrtcResult err = nvrtcCreateProgram(
        &program, source != NULL ? source : nq_gpu_kernel_source,
        "count_kernel.cl", 0, NULL, NULL);
    if (err != NVRTC_SUCCESS) {
        snprintf(log, log_size, "%s", nvrtcGetErrorString(err));
        return err == NVRTC_ERROR_OUT_OF_MEMORY ? NQ_E_NOMEM : NQ_E_DEVICE;
    }
    err = nvrtcCompileProgram(program, argc, argv);
    size_t len = 0;
    if (err == NVRTC_SUCCESS)
        err = nvrtcGetPTXSize(program, &len);
    if (err == NVRTC_SUCCESS) {
        *ptx = malloc(len);
        if (*ptx == NULL) {
            nvrtcDestroyProgram(&program);
            return NQ_E_NOMEM;
        }
        err = nvrtcGetPTX(program, *ptx);
    }
    if (err != NVRTC_SUCCESS) {
        char head[512];
        build_log_head(program, head, sizeof head);
        snprintf(log, log_size, "%s%s%s", nvrtcGetErrorString(err),
                 head[0] != '\0' ? "; build log: " : "; no build log", head);
        free(*ptx);
        *ptx = NULL;
    }
    nvrtcDestroyProgram(&program);
    return err == NVRTC_SUCCESS ? 0 : NQ_E_DEVICE;
}

/* The kernel built for g's device into *ptx, or an error in message[]. */
static int build_kernel(const struct nq__gpu *g, const char *source,
                        const char *options, char **ptx, char *message,
                        size_t size)
{
    int major = 0, minor = 0;
    (void)cuDeviceGetAttribute(
        &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, g->device);
    (void)cuDeviceGetAttribute(
        &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, g->device);
    int arch = nvrtc_arch(major, minor);
    if (arch == 0) {
        nq__gpu_say(message, size,
                    "GPU device %d (%s): compute capability %d.%d is older "
                    "than any this NVRTC builds for",
                    g->index, g->name, major, minor);
        return NQ_E_DEVICE;
    }
    char log[640];
    int rc = nq__gpu_cuda_ptx(source, options, arch, &g->shape, ptx, log,
                              sizeof log);
    if (rc != 0)
        nq__gpu_say(message, size,
                    "GPU device %d (%s) could not build the kernel: %s",
                    g->index, g->name, log);
    return rc;
}

/* The device numbered `index` (< 0: the first), into g. */
static int pick_device(struct nq__gpu *g, int index, char *message, size_t size)
{
    CUresult err;
    int count = driver_devices(&err);
    if (count == 0) {
        nq__gpu_say(message, size,
                    "no CUDA device found (%s: %s, %d; the NVIDIA driver's "
                    "libcuda and a GPU are needed)",
                    err == CUDA_SUCCESS ? "cuDeviceGetCount" : "cuInit",
                    err == CUDA_SUCCESS ? "no device" : cu_error_name(err),
                    (int)err);
        return NQ_E_UNSUPPORTED;
    }
    if (index >= count) {
        nq__gpu_say(message, size, "no GPU device %d: %d found (0 to %d)",
                    index, count, count - 1);
        return NQ_E_UNSUPPORTED;
    }
    g->index = index < 0 ? 0 : index;
    err = cuDeviceGet(&g->device, g->index);
    if (err != CUDA_SUCCESS)
        return device_failed(g, "cuDeviceGet", err, message, size);
    if (cuDeviceGetName(g->name, (int)sizeof g->name, g->device) !=
        CUDA_SUCCESS)
        snprintf(g->name, sizeof g->name, "?");
    int units = 0;
    if (cuDeviceGetAttribute(&units, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                             g->device) != CUDA_SUCCESS ||
        units <= 0)
        units = 1;
    g->units = (unsigned)units;
    nq__gpu_shape_for(true, &g->shape);
    return 0;
}

int nq__gpu_find(int index, enum nq__gpu_want want)
{
    (void)want; /* every CUDA device is a GPU */
    CUresult err;
    int count = driver_devices(&err);
    if (count == 0 || index >= count)
        return NQ_E_UNSUPPORTED;
    return index < 0 ? 0 : index; /* as pick_device() takes it */
}

int nq__gpu_open(int index, enum nq__gpu_want want, const char *source,
                 const char *options, char *message, size_t message_size,
                 struct nq__gpu **out)
{
    (void)want; /* every CUDA device is a GPU */
    if (out == NULL)
        return NQ_E_INVAL;
    *out = NULL;
    struct nq__gpu *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NQ_E_NOMEM;
    int rc = pick_device(g, index, message, message_size);
    if (rc != 0) {
        free(g);
        return rc;
    }
    CUresult err = cuDevicePrimaryCtxRetain(&g->context, g->device);
    if (err != CUDA_SUCCESS) {
        rc = device_failed(g, "cuDevicePrimaryCtxRetain", err, message,
                           message_size);
        g->context = NULL;
        nq__gpu_close(g);
        return rc;
    }
    char *ptx = NULL;
    rc = build_kernel(g, source, options, &ptx, message, message_size);
    if (rc != 0) {
        nq__gpu_close(g);
        return rc;
    }
    err = cuCtxSetCurrent(g->context);
    if (err == CUDA_SUCCESS)
        err = cuModuleLoadData(&g->module, ptx);
    free(ptx);
    if (err != CUDA_SUCCESS) {
        g->module = NULL;
        rc = device_failed(g, "loading the kernel (cuModuleLoadData)", err,
                           message, message_size);
        nq__gpu_close(g);
        return rc;
    }
    err = cuModuleGetFunction(&g->function, g->module, "nq_count_tasks");
    if (err != CUDA_SUCCESS) {
        rc =
            device_failed(g, "cuModuleGetFunction", err, message, message_size);
        nq__gpu_close(g);
        return rc;
    }
    *out = g;
    return 0;
}

void nq__gpu_close(struct nq__gpu *g)
{
    if (g == NULL)
        return;
    if (g->module != NULL && cuCtxSetCurrent(g->context) == CUDA_SUCCESS)
        cuModuleUnload(g->module);
    if (g->context != NULL)
        cuDevicePrimaryCtxRelease(g->device);
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
    CUstream stream;
    CUdeviceptr levels, lasts, tasks, out, next;
    size_t room;      /* the tasks the buffers take */
    uint64_t *counts; /* where the batch in flight's counts go */
    size_t in_flight; /* its tasks; 0: none */
};

static int stream_failed(const struct nq__gpu_stream *s, const char *what,
                         CUresult err)
{
    return device_failed(s->g, what, err, s->message, s->message_size);
}

static void release_buffer(CUdeviceptr *m)
{
    if (*m != 0)
        cuMemFree(*m);
    *m = 0;
}

static int make_buffer(struct nq__gpu_stream *s, size_t bytes, CUdeviceptr *m)
{
    CUresult err = cuMemAlloc(m, bytes);
    if (err != CUDA_SUCCESS) {
        *m = 0;
        return stream_failed(s, "cuMemAlloc", err);
    }
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
    int rc = 0;
    CUresult err = cuCtxSetCurrent(g->context);
    /* Not blocking: the streams of a run, and of other runs, never wait
     * for each other through the context's default stream. */
    if (err == CUDA_SUCCESS)
        err = cuStreamCreate(&s->stream, CU_STREAM_NON_BLOCKING);
    if (err != CUDA_SUCCESS) {
        s->stream = NULL;
        rc = stream_failed(s, "cuStreamCreate", err);
    }
    size_t searches = g->shape.batch_searches;
    if (rc == 0)
        rc = make_buffer(s,
                         searches * NQ_GPU_LEVEL_STRIDE * 2 * sizeof(uint32_t),
                         &s->levels);
    if (rc == 0)
        rc = make_buffer(s, searches * sizeof(uint32_t), &s->lasts);
    if (rc == 0)
        rc = make_buffer(s, sizeof(uint32_t), &s->next);
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
    if (cuCtxSetCurrent(s->g->context) == CUDA_SUCCESS) {
        if (s->stream != NULL) {
            /* What is in flight ends before its buffers go. */
            cuStreamSynchronize(s->stream);
            cuStreamDestroy(s->stream);
        }
        release_buffer(&s->levels);
        release_buffer(&s->lasts);
        release_buffer(&s->tasks);
        release_buffer(&s->out);
        release_buffer(&s->next);
    }
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
    int rc = make_buffer(s, room * 4 * sizeof(uint32_t), &s->tasks);
    if (rc == 0)
        rc = make_buffer(s, room * sizeof(uint64_t), &s->out);
    if (rc == 0)
        s->room = room;
    return rc;
}

int nq__gpu_stream_launch(struct nq__gpu_stream *s,
                          const struct nq__gpu_batch *b, uint64_t *counts)
{
    const struct nq__gpu *g = s->g;
    CUresult err = cuCtxSetCurrent(g->context);
    if (err != CUDA_SUCCESS)
        return stream_failed(s, "cuCtxSetCurrent", err);
    int rc = stream_room(s, b->tasks);
    if (rc != 0)
        return rc;
    /* From pageable memory the driver stages the bytes before it returns,
     * so the batch may be refilled at once. */
    err = cuMemcpyHtoDAsync(
        s->levels, b->levels,
        b->searches * NQ_GPU_LEVEL_STRIDE * 2 * sizeof(uint32_t), s->stream);
    if (err == CUDA_SUCCESS)
        err = cuMemcpyHtoDAsync(s->lasts, b->lasts,
                                b->searches * sizeof(uint32_t), s->stream);
    if (err == CUDA_SUCCESS)
        err = cuMemcpyHtoDAsync(s->tasks, b->task_words,
                                b->tasks * 4 * sizeof(uint32_t), s->stream);
    if (err == CUDA_SUCCESS)
        err = cuMemsetD32Async(s->next, 0, 1, s->stream);
    if (err != CUDA_SUCCESS)
        return stream_failed(s, "copying a batch to the device", err);
    unsigned ntasks = (unsigned)b->tasks;
    /* The kernel's arguments, in order. */
    void *args[] = {&s->levels, &s->lasts, &s->tasks,
                    &ntasks,    &s->out,   &s->next};
    size_t groups = nq__gpu_launch_groups(&g->shape, g->units, b->tasks);
    err = cuLaunchKernel(g->function, (unsigned)groups, 1, 1,
                         (unsigned)g->shape.group, 1, 1, 0, s->stream, args,
                         NULL);
    if (err != CUDA_SUCCESS)
        return stream_failed(s, "cuLaunchKernel", err);
    /* The counts are read back in the wait: a copy into pageable memory
     * returns only once done, which here would wait for the kernel. */
    s->counts = counts;
    s->in_flight = b->tasks;
    return 0;
}

int nq__gpu_stream_wait(struct nq__gpu_stream *s)
{
    if (s->in_flight == 0)
        return 0;
    size_t tasks = s->in_flight;
    s->in_flight = 0;
    CUresult err = cuCtxSetCurrent(s->g->context);
    if (err == CUDA_SUCCESS)
        err = cuStreamSynchronize(s->stream);
    if (err == CUDA_SUCCESS)
        err = cuMemcpyDtoHAsync(s->counts, s->out, tasks * sizeof(uint64_t),
                                s->stream);
    if (err == CUDA_SUCCESS)
        err = cuStreamSynchronize(s->stream);
    if (err != CUDA_SUCCESS)
        return stream_failed(s, "counting a batch", err);
    return 0;
}
