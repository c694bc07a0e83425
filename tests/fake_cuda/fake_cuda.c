/*
 * fake_cuda.c - a stand-in for NVIDIA's libcuda.so.1, for the tests of a
 * build with -DNQ_GPU_API=CUDA on a machine without a GPU: the calls of
 * the driver API that src/gpu/gpu_cuda.c (and NVRTC) makes, with one device
 * whose memory is the host's and whose kernel is count_kernel.cl itself,
 * compiled here as C (one work-item takes every task, as the kernel's
 * atomic counter hands them out). It checks what a driver would refuse or
 * get wrong without a word:
 *  - the module is PTX from NVRTC with the entry nq_count_tasks and a
 *    work-group size, and launches use that block size;
 *  - every copy and every kernel access stays inside an allocation (the
 *    buffers are looked up by their base address);
 *  - work on a stream runs in order, and only when the host waits for it
 *    (cuStreamSynchronize, or a copy into host memory): a host that read
 *    the counts before waiting would read the fill pattern, not counts;
 *  - NQ_FAKE_CUDA_FAIL=launch makes every launch fail, =sync every wait
 *    (as a kernel that faults), =init cuInit (no driver); with
 *    NQ_FAKE_CUDA_FAIL_RANK=R, only in the MPI rank R (Open MPI's
 *    OMPI_COMM_WORLD_RANK).
 * State is global here: this is a test double of a process-wide driver,
 * not the library.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The driver API's types, as cuda.h declares them (a test double needs
 * the ABI, not the header). */
typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct fake_context *CUcontext;
typedef struct fake_module *CUmodule;
typedef struct fake_module *CUfunction;
typedef struct fake_stream *CUstream;

enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_INVALID_IMAGE = 200,
    CUDA_ERROR_INVALID_CONTEXT = 201,
    CUDA_ERROR_INVALID_HANDLE = 400,
    CUDA_ERROR_NOT_FOUND = 500,
    CUDA_ERROR_ILLEGAL_ADDRESS = 700,
    CUDA_ERROR_LAUNCH_FAILED = 719,
    CUDA_ERROR_NOT_SUPPORTED = 801,
};

/* cuda.h's attribute numbers. */
#define ATTRIBUTE_MULTIPROCESSOR_COUNT 16
#define ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR 75
#define ATTRIBUTE_COMPUTE_CAPABILITY_MINOR 76

/* ---- the kernel, compiled as C ------------------------------------------ */

typedef unsigned int uint;
typedef uint64_t ulong;
typedef struct {
    uint x, y;
} uint2;
typedef struct {
    uint x, y, z, w;
} uint4;
#define __kernel static
#define __global
#define __local
#define NQ_BOUNDS
#define get_local_id(dim) 0u
#define atomic_inc(p) ((*(p))++)
#define clz(x) ((uint)__builtin_clz(x))
#define NQ_UINT4(x, y, z, w) ((uint4){x, y, z, w})
#include "count_kernel.cl"

/* ---- the device's memory ------------------------------------------------ */

#define MAX_ALLOCATIONS 64
#define FILL 0xa5 /* what fresh memory holds: never a count */

struct allocation {
    unsigned char *base;
    size_t size;
};
static struct allocation allocations[MAX_ALLOCATIONS];

/* The allocation at `base` with room for `bytes`, or NULL. */
static unsigned char *memory(CUdeviceptr base, size_t bytes)
{
    for (int i = 0; i < MAX_ALLOCATIONS; i++)
        if ((uintptr_t)allocations[i].base == base)
            return bytes <= allocations[i].size ? allocations[i].base : NULL;
    return NULL;
}

static const char *failing(void)
{
    const char *f = getenv("NQ_FAKE_CUDA_FAIL");
    const char *only = getenv("NQ_FAKE_CUDA_FAIL_RANK");
    const char *rank = getenv("OMPI_COMM_WORLD_RANK");
    if (only != NULL && (rank == NULL || strcmp(only, rank) != 0))
        return "";
    return f != NULL ? f : "";
}

/* ---- streams: work queued until the host waits ----------------------------
 */

enum op_kind { OP_COPY_IN, OP_ZERO, OP_LAUNCH, OP_COPY_OUT };

struct op {
    enum op_kind kind;
    CUdeviceptr device;
    void *host;          /* COPY_IN: a copy of the bytes; COPY_OUT: target */
    size_t bytes;        /* copies and ZERO's words * 4 */
    CUdeviceptr args[6]; /* LAUNCH: levels, lasts, tasks, (n), out, next */
    unsigned ntasks;
};

#define MAX_OPS 16

struct fake_stream {
    struct op ops[MAX_OPS];
    int count;
};

struct fake_module {
    unsigned group; /* .maxntid of the PTX */
};

struct fake_context {
    int retained;
};

static struct fake_context context;

/* Runs a launch: the kernel over every task, bounds checked. */
static CUresult run_launch(const struct op *op)
{
    unsigned n = op->ntasks;
    const uint2 *levels = (const uint2 *)memory(op->args[0], 1);
    const uint *lasts = (const uint *)memory(op->args[1], 1);
    const uint4 *tasks = (const uint4 *)memory(op->args[2], n * sizeof(uint4));
    ulong *out = (ulong *)memory(op->args[4], n * sizeof(ulong));
    uint *next = (uint *)memory(op->args[5], sizeof(uint));
    if (levels == NULL || lasts == NULL || tasks == NULL || out == NULL ||
        next == NULL)
        return CUDA_ERROR_ILLEGAL_ADDRESS;
    nq_count_tasks(levels, lasts, tasks, n, out, next);
    return CUDA_SUCCESS;
}

static CUresult run_op(const struct op *op)
{
    unsigned char *m;
    switch (op->kind) {
    case OP_COPY_IN:
        if ((m = memory(op->device, op->bytes)) == NULL)
            return CUDA_ERROR_INVALID_VALUE;
        memcpy(m, op->host, op->bytes);
        free(op->host);
        return CUDA_SUCCESS;
    case OP_ZERO:
        if ((m = memory(op->device, op->bytes)) == NULL)
            return CUDA_ERROR_INVALID_VALUE;
        memset(m, 0, op->bytes);
        return CUDA_SUCCESS;
    case OP_LAUNCH:
        return run_launch(op);
    case OP_COPY_OUT:
        if ((m = memory(op->device, op->bytes)) == NULL)
            return CUDA_ERROR_INVALID_VALUE;
        memcpy(op->host, m, op->bytes);
        return CUDA_SUCCESS;
    }
    return CUDA_ERROR_INVALID_VALUE;
}

/* Runs what is queued on s, in order; the first failure is kept. */
static CUresult drain(CUstream s)
{
    CUresult rc = CUDA_SUCCESS;
    for (int i = 0; i < s->count; i++) {
        CUresult r = run_op(&s->ops[i]);
        if (rc == CUDA_SUCCESS)
            rc = r;
    }
    s->count = 0;
    if (rc == CUDA_SUCCESS && strcmp(failing(), "sync") == 0)
        rc = CUDA_ERROR_LAUNCH_FAILED;
    return rc;
}

static CUresult queue(CUstream s, const struct op *op)
{
    if (s == NULL)
        return CUDA_ERROR_INVALID_HANDLE; /* the code uses its own streams */
    if (s->count == MAX_OPS)
        return CUDA_ERROR_OUT_OF_MEMORY;
    s->ops[s->count++] = *op;
    return CUDA_SUCCESS;
}

/* ---- the calls ---------------------------------------------------------- */

CUresult cuInit(unsigned flags)
{
    (void)flags;
    return strcmp(failing(), "init") == 0 ? CUDA_ERROR_NO_DEVICE : CUDA_SUCCESS;
}

/* NVRTC looks libcuda up too, and asks it for its private tables: none
 * here, as from the toolkit's stub of libcuda. */
CUresult cuGetExportTable(const void **table, const void *id)
{
    (void)id;
    *table = NULL;
    return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuDriverGetVersion(int *version)
{
    *version = 13000;
    return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult err, const char **name)
{
    switch (err) {
    case CUDA_ERROR_NO_DEVICE:
        *name = "CUDA_ERROR_NO_DEVICE";
        return CUDA_SUCCESS;
    case CUDA_ERROR_LAUNCH_FAILED:
        *name = "CUDA_ERROR_LAUNCH_FAILED";
        return CUDA_SUCCESS;
    case CUDA_ERROR_ILLEGAL_ADDRESS:
        *name = "CUDA_ERROR_ILLEGAL_ADDRESS";
        return CUDA_SUCCESS;
    default:
        return CUDA_ERROR_INVALID_VALUE;
    }
}

CUresult cuDeviceGetCount(int *count)
{
    *count = 1;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
    if (ordinal != 0)
        return CUDA_ERROR_INVALID_DEVICE;
    *device = 0;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice device)
{
    if (device != 0 || len <= 0)
        return CUDA_ERROR_INVALID_VALUE;
    snprintf(name, (size_t)len, "nqueens fake CUDA device");
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice device)
{
    if (device != 0)
        return CUDA_ERROR_INVALID_DEVICE;
    switch (attribute) {
    case ATTRIBUTE_MULTIPROCESSOR_COUNT:
        *value = 2;
        return CUDA_SUCCESS;
    case ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
        *value = 9;
        return CUDA_SUCCESS;
    case ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
        *value = 0;
        return CUDA_SUCCESS;
    default:
        return CUDA_ERROR_INVALID_VALUE;
    }
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice device)
{
    if (device != 0)
        return CUDA_ERROR_INVALID_DEVICE;
    context.retained++;
    *ctx = &context;
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device)
{
    if (device != 0 || context.retained == 0)
        return CUDA_ERROR_INVALID_CONTEXT;
    context.retained--;
    return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx)
{
    return ctx == &context && context.retained > 0 ? CUDA_SUCCESS
                                                   : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image)
{
    const char *ptx = image;
    const char *bound = strstr(ptx, ".maxntid ");
    if (strstr(ptx, ".entry nq_count_tasks(") == NULL || bound == NULL)
        return CUDA_ERROR_INVALID_IMAGE;
    struct fake_module *m = calloc(1, sizeof *m);
    if (m == NULL)
        return CUDA_ERROR_OUT_OF_MEMORY;
    m->group = (unsigned)strtoul(bound + strlen(".maxntid "), NULL, 10);
    *module = m;
    return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *f, CUmodule module, const char *name)
{
    if (strcmp(name, "nq_count_tasks") != 0)
        return CUDA_ERROR_NOT_FOUND;
    *f = module;
    return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule module)
{
    free(module);
    return CUDA_SUCCESS;
}

CUresult cuStreamCreate(CUstream *s, unsigned flags)
{
    (void)flags;
    *s = calloc(1, sizeof **s);
    return *s != NULL ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuStreamSynchronize(CUstream s)
{
    return s != NULL ? drain(s) : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuStreamDestroy_v2(CUstream s)
{
    if (s == NULL)
        return CUDA_ERROR_INVALID_HANDLE;
    for (int i = 0; i < s->count; i++)
        if (s->ops[i].kind == OP_COPY_IN)
            free(s->ops[i].host);
    free(s);
    return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes)
{
    for (int i = 0; i < MAX_ALLOCATIONS; i++) {
        if (allocations[i].base == NULL) {
            unsigned char *m = malloc(bytes);
            if (m == NULL)
                return CUDA_ERROR_OUT_OF_MEMORY;
            memset(m, FILL, bytes);
            allocations[i].base = m;
            allocations[i].size = bytes;
            *ptr = (CUdeviceptr)(uintptr_t)m;
            return CUDA_SUCCESS;
        }
    }
    return CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemFree_v2(CUdeviceptr ptr)
{
    for (int i = 0; i < MAX_ALLOCATIONS; i++) {
        if ((uintptr_t)allocations[i].base == ptr) {
            free(allocations[i].base);
            allocations[i].base = NULL;
            return CUDA_SUCCESS;
        }
    }
    return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes,
                              CUstream s)
{
    if (memory(dst, bytes) == NULL)
        return CUDA_ERROR_INVALID_VALUE;
    /* From pageable memory: the bytes are taken now. */
    struct op op = {.kind = OP_COPY_IN, .device = dst, .bytes = bytes};
    op.host = malloc(bytes > 0 ? bytes : 1);
    if (op.host == NULL)
        return CUDA_ERROR_OUT_OF_MEMORY;
    memcpy(op.host, src, bytes);
    CUresult rc = queue(s, &op);
    if (rc != CUDA_SUCCESS)
        free(op.host);
    return rc;
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t words,
                          CUstream s)
{
    if (value != 0) /* the code only zeroes */
        return CUDA_ERROR_INVALID_VALUE;
    struct op op = {.kind = OP_ZERO, .device = dst, .bytes = words * 4};
    return memory(dst, op.bytes) == NULL ? CUDA_ERROR_INVALID_VALUE
                                         : queue(s, &op);
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes,
                              CUstream s)
{
    struct op op = {
        .kind = OP_COPY_OUT, .device = src, .host = dst, .bytes = bytes};
    if (memory(src, bytes) == NULL)
        return CUDA_ERROR_INVALID_VALUE;
    CUresult rc = queue(s, &op);
    /* Into pageable memory: done (with the work before it) on return. */
    return rc == CUDA_SUCCESS ? drain(s) : rc;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUstream s, void **params, void **extra)
{
    if (f == NULL || params == NULL || extra != NULL)
        return CUDA_ERROR_INVALID_VALUE;
    if (gx == 0 || gy != 1 || gz != 1 || bx != f->group || by != 1 || bz != 1 ||
        shared != 0)
        return CUDA_ERROR_INVALID_VALUE; /* the kernel's own block size */
    if (strcmp(failing(), "launch") == 0)
        return CUDA_ERROR_LAUNCH_FAILED;
    struct op op = {.kind = OP_LAUNCH};
    for (int i = 0; i < 6; i++)
        if (i != 3)
            op.args[i] = *(const CUdeviceptr *)params[i];
    op.ntasks = *(const unsigned *)params[3];
    return queue(s, &op);
}
