/*
 * bits.h - the lowest set bit of a mask, written once for every engine,
 * and the attribute that builds a loop over words for several processors.
 *
 * The engines keep sets of columns (or rows) as bit masks, bit c standing
 * for column c, and walk a set from its lowest bit up: that is what makes
 * the searches try columns from left to right. These helpers are static
 * inline, so each call compiles to the same instructions as the expression
 * written out (x & -x is BLSI, x & (x - 1) BLSR, the index TZCNT/BSF).
 * Private to the library.
 */
#ifndef NQ_BITS_H
#define NQ_BITS_H

#include <stdint.h>

/* The lowest set bit of x alone (0 when x is 0). */
static inline uint64_t nq__lowest_bit(uint64_t x)
{
    return x & (0 - x);
}

/* The lowest set bit of a 32-bit mask alone (0 when x is 0). */
static inline uint32_t nq__lowest_bit32(uint32_t x)
{
    return x & (0u - x);
}

/* x without its lowest set bit (0 when x has at most one bit set). */
static inline uint64_t nq__clear_lowest(uint64_t x)
{
    return x & (x - 1);
}

/* A 32-bit mask without its lowest set bit. */
static inline uint32_t nq__clear_lowest32(uint32_t x)
{
    return x & (x - 1);
}

/* The index of the lowest set bit of x (its column). x must not be 0. */
static inline int nq__bit_index(uint64_t x)
{
    return __builtin_ctzll(x);
}

/* The index of the lowest set bit of a 32-bit mask. x must not be 0. */
static inline int nq__bit_index32(uint32_t x)
{
    return __builtin_ctz(x);
}

/* Before a function whose loop over words the compiler turns into vector
 * instructions: on x86-64 it is built for AVX-512, AVX2 and the baseline,
 * and the loader picks what the processor has (not under the sanitizers,
 * whose runtime is not up when the loader picks). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&         \
    !defined(NQ_NO_CLONES)
#define NQ_VECTOR_CLONES                                                       \
    __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define NQ_VECTOR_CLONES
#endif

#endif /* NQ_BITS_H */
