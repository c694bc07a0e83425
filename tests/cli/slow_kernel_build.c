/*
 * slow_kernel_build.c - an OpenCL kernel build that takes 1000 seconds on
 * the tool's clock, preloaded into the tool (LD_PRELOAD) by tests of what
 * a long build must not change: clBuildProgram builds as the driver does,
 * then every reading of CLOCK_MONOTONIC is 1000 s later, as if the build
 * had taken that long (a large kernel on a slow driver). Nothing else
 * changes; a run that builds no OpenCL kernel reads the true clock.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* What a build adds to the clock. */
#define BUILD_SECONDS 1000

static atomic_long ahead; /* seconds added to CLOCK_MONOTONIC so far */

/* Finds the next definition of `name` (the driver's, the C library's).
 * Copied out: ISO C has no cast from an object pointer to a function's. */
static void next_symbol(const char *name, void *fn, size_t size)
{
    void *sym = dlsym(RTLD_NEXT, name);
    memcpy(fn, &sym, size);
}

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

/* It stands in for the C library's, whose header names the parameters
 * otherwise. */
/* NOLINTNEXTLINE(readability-inconsistent-declaration-parameter-name) */
int clock_gettime(clockid_t id, struct timespec *ts)
{
    static clock_gettime_fn real;
    if (real == NULL)
        next_symbol("clock_gettime", &real, sizeof real);
    int rc = real(id, ts);
    if (rc == 0 && id == CLOCK_MONOTONIC)
        ts->tv_sec += (time_t)atomic_load(&ahead);
    return rc;
}

/* OpenCL's clBuildProgram, in the ABI's types (a test double needs the
 * ABI, not the header): cl_int, cl_program, cl_uint, cl_device_id *. */
typedef int32_t (*build_fn)(void *, uint32_t, const void *, const char *,
                            void (*)(void *, void *), void *);

int32_t clBuildProgram(void *program, uint32_t devices, const void *list,
                       const char *options, void (*notify)(void *, void *),
                       void *user);
int32_t clBuildProgram(void *program, uint32_t devices, const void *list,
                       const char *options, void (*notify)(void *, void *),
                       void *user)
{
    static build_fn real;
    if (real == NULL)
        next_symbol("clBuildProgram", &real, sizeof real);
    int32_t rc = real(program, devices, list, options, notify, user);
    atomic_fetch_add(&ahead, BUILD_SECONDS);
    return rc;
}
