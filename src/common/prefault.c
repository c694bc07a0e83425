/*
 * prefault.c - see prefault.h. madvise() is not POSIX, hence the feature
 * macro, kept to this file.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/prefault.h"

void nq__prefault(void *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
    long page = sysconf(_SC_PAGESIZE);
    if (p == NULL || page <= 0)
        return;
    uintptr_t mask = (uintptr_t)page - 1;
    uintptr_t from = ((uintptr_t)p + mask) & ~mask;
    uintptr_t to = ((uintptr_t)p + bytes) & ~mask;
    if (to > from)
        (void)madvise((void *)from, to - from, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)bytes;
#endif
}
