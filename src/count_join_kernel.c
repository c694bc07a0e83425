/*
 * count_join_kernel.c - the inner loop of the half-board join: how many
 * pairs of words share no bit. Written so that the compiler turns the loop
 * over q into vector instructions; on x86-64 it is built for AVX-512, AVX2
 * and the baseline, and the loader picks what the processor has.
 */
#include "count_join.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&         \
    !defined(NQ_NO_CLONES)
#define NQ_VECTOR_CLONES                                                       \
    __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define NQ_VECTOR_CLONES
#endif

NQ_VECTOR_CLONES
uint64_t nq_join_pairs(const uint32_t *p, size_t np, const uint32_t *q,
                       size_t nq)
{
    uint64_t total = 0;
    size_t i = 0;
    /* Four words of p against each word of q: one load serves four. */
    for (; i + 4 <= np; i += 4) {
        uint32_t p0 = p[i], p1 = p[i + 1], p2 = p[i + 2], p3 = p[i + 3];
        uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        for (size_t j = 0; j < nq; j++) {
            uint32_t v = q[j];
            c0 += (p0 & v) == 0;
            c1 += (p1 & v) == 0;
            c2 += (p2 & v) == 0;
            c3 += (p3 & v) == 0;
        }
        total += (uint64_t)c0 + c1 + c2 + c3;
    }
    for (; i < np; i++) {
        uint32_t p0 = p[i], c0 = 0;
        for (size_t j = 0; j < nq; j++)
            c0 += (p0 & q[j]) == 0;
        total += c0;
    }
    return total;
}
