/*
 * prefault.h - asking the kernel for the pages of a large fresh block at
 * once, before scattered stores would fault them in one by one. Private.
 */
#ifndef NQ_PREFAULT_H
#define NQ_PREFAULT_H

#include <stddef.h>

/* nq__prefault() : maps the whole pages inside [p, p + bytes) writable
 * now. A hint: where the kernel cannot (Linux before 5.14, other
 * systems) nothing happens, and the stores fault the pages in as before. */
void nq__prefault(void *p, size_t bytes);

#endif /* NQ_PREFAULT_H */
