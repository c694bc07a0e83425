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
    /* The whole pages: from the first page boundary at or after p. */
    size_t mask = (size_t)page - 1;
    size_t lead = (size_t)(0 - (uintptr_t)p) & mask;
    if (bytes <= lead)
        return;
    size_t len = (bytes - lead) & ~mask;
    if (len > 0)
        (void)madvise((unsigned char *)p + lead, len, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)bytes;
#endif
}
