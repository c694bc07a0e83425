/*
 * fastclock.c - a clock that runs fast, preloaded into the tool
 * (LD_PRELOAD) by tests of what must not depend on how busy the machine
 * is: every reading of CLOCK_MONOTONIC is a second after the one before,
 * as on a machine so loaded that the tool gets the processor for a moment
 * each second. Other clocks read true.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

/* It stands in for the C library's, whose header names the parameters
 * otherwise. */
/* NOLINTNEXTLINE(readability-inconsistent-declaration-parameter-name) */
int clock_gettime(clockid_t id, struct timespec *ts)
{
    static clock_gettime_fn real;
    static atomic_long ahead; /* seconds added to CLOCK_MONOTONIC so far */
    if (real == NULL) {
        /* (Copied: ISO C has no cast from an object pointer to a
         * function's.) */
        void *sym = dlsym(RTLD_NEXT, "clock_gettime");
        memcpy(&real, &sym, sizeof real);
    }
    int rc = real(id, ts);
    if (rc == 0 && id == CLOCK_MONOTONIC)
        ts->tv_sec += (time_t)atomic_fetch_add(&ahead, 1) + 1;
    return rc;
}
