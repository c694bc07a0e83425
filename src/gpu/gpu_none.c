/*
 * gpu_none.c - the device side of the GPU executor in a library built
 * without OpenCL (-DNQ_WITH_GPU=OFF, or no OpenCL headers and loader where
 * it was built): no device, and every call says so with
 * NQ_E_UNSUPPORTED. The tasks of gpu_tasks.c are built all the same.
 */
#include <stdio.h>

#include "gpu/gpu.h"

/* The line every refusal gives. */
static const char no_gpu[] =
    "this nqueens was built without GPU support (OpenCL): build it with "
    "-DNQ_WITH_GPU=ON, with ocl-icd-opencl-dev and opencl-headers installed";

const char *nq_gpu_api(void)
{
    return "none";
}

int nq_gpu_device_count(void)
{
    return NQ_E_UNSUPPORTED;
}

int nq_gpu_device_name(int index, char *name, size_t size)
{
    (void)index;
    if (name != NULL && size > 0)
        snprintf(name, size, "%s", no_gpu);
    return NQ_E_UNSUPPORTED;
}

int nq__gpu_find(int index, enum nq__gpu_want want)
{
    (void)index;
    (void)want;
    return NQ_E_UNSUPPORTED;
}

int nq__gpu_open(int index, enum nq__gpu_want want, const char *source,
                 const char *options, char *message, size_t message_size,
                 struct nq__gpu **out)
{
    (void)index;
    (void)want;
    (void)source;
    (void)options;
    if (out != NULL)
        *out = NULL;
    if (message != NULL && message_size > 0)
        snprintf(message, message_size, "%s", no_gpu);
    return NQ_E_UNSUPPORTED;
}

void nq__gpu_close(struct nq__gpu *g)
{
    (void)g;
}

const char *nq__gpu_name(const struct nq__gpu *g)
{
    (void)g;
    return "";
}

int nq__gpu_index(const struct nq__gpu *g)
{
    (void)g;
    return -1;
}

int nq__gpu_run(const struct nq__gpu *g, int n, size_t count,
                nq__gpu_setup_fn setup, nq__gpu_done_fn done, void *user,
                char *message, size_t message_size)
{
    (void)g;
    (void)n;
    (void)count;
    (void)setup;
    (void)done;
    (void)user;
    if (message != NULL && message_size > 0)
        snprintf(message, message_size, "%s", no_gpu);
    return NQ_E_UNSUPPORTED;
}
