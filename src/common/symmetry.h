/*
 * symmetry.h - what the library's engines use of the symmetry module
 * beyond the public nq_* calls: a canonical-form test without argument
 * checks, for the hot path of the unique enumeration. Private.
 */
#ifndef NQ_SYMMETRY_H
#define NQ_SYMMETRY_H

#include <stdbool.h>

/* True when the permutation cols[0..n-1] is the lexicographically smallest
 * of its 8 images. The caller guarantees 1 <= n <= NQ_MAX_N and that cols
 * is a permutation of 0..n-1 (one queen per row and per column). */
bool nq__symmetry_is_canonical(const int *cols, int n);

#endif /* NQ_SYMMETRY_H */
