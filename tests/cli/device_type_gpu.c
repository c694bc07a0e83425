/*
 * device_type_gpu.c - every OpenCL device says it is a GPU, preloaded into
 * the tool (LD_PRELOAD) by tests of what a machine with a GPU does where
 * only PoCL's CPU device is at hand: clGetDeviceInfo answers
 * CL_DEVICE_TYPE with CL_DEVICE_TYPE_GPU, every other question as the
 * driver does. (`--engine auto` takes a device of type GPU from N = 18 on,
 * never a CPU device.)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* OpenCL's values, as CL/cl.h defines them (a test double needs the ABI,
 * not the header). */
#define CL_SUCCESS 0
#define CL_DEVICE_TYPE 0x1000
#define CL_DEVICE_TYPE_GPU ((uint64_t)1 << 2)

/* clGetDeviceInfo in the ABI's types: cl_int (cl_device_id, cl_uint,
 * size_t, void *, size_t *); cl_device_type is a 64-bit bit field. */
typedef int32_t (*info_fn)(void *, uint32_t, size_t, void *, size_t *);

int32_t clGetDeviceInfo(void *device, uint32_t name, size_t size, void *value,
                        size_t *size_ret);
int32_t clGetDeviceInfo(void *device, uint32_t name, size_t size, void *value,
                        size_t *size_ret)
{
    static info_fn real;
    if (real == NULL) {
        /* (Copied: ISO C has no cast from an object pointer to a
         * function's.) */
        void *sym = dlsym(RTLD_NEXT, "clGetDeviceInfo");
        memcpy(&real, &sym, sizeof real);
    }
    int32_t rc = real(device, name, size, value, size_ret);
    if (rc == CL_SUCCESS && name == CL_DEVICE_TYPE && value != NULL &&
        size >= sizeof(uint64_t)) {
        uint64_t gpu = CL_DEVICE_TYPE_GPU;
        memcpy(value, &gpu, sizeof gpu);
    }
    return rc;
}
