/*
 * count_join_kernel.c - the inner loop of the half-board join: how many
 * pairs of words share no bit. Written so that the compiler turns the loop
 * over q into vector instructions; on x86-64 it is built for AVX-512, AVX2
 * and the baseline, and the loader picks what the processor has. Where the
 * processor has AVX-512, a form written with its instructions takes over:
 * a test and a masked add per word of p and 16 of q, where the compiler's
 * loop spends four (about a third of the time of n = 17 went there).
 */
#include "common/bits.h"
#include "count/join/count_join.h"

NQ_VECTOR_CLONES
uint64_t nq__join_pairs(const uint32_t *p, size_t np, const uint32_t *q,
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

#if defined(__x86_64__) && defined(__GNUC__) && !defined(NQ_NO_CLONES)
#include <immintrin.h>

/* The lanes of c added up: each lane is at most nq / 16 + 1, their sum at
 * most nq, so 32 bits hold it. */
__attribute__((target("avx512f"))) static inline uint64_t lanes_sum(__m512i c)
{
    return (uint32_t)_mm512_reduce_add_epi32(c);
}

/* sum + the 16 lanes of c (32 bits each) widened to 64 bits: 8 lanes of
 * 64 bits, added up once at the end instead of four sums a row. */
__attribute__((target("avx512f"))) static inline __m512i lanes_add(__m512i sum,
                                                                   __m512i c)
{
    __m512i low = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(c));
    __m512i high = _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(c, 1));
    return _mm512_add_epi64(sum, _mm512_add_epi64(low, high));
}

__attribute__((target("avx512f"))) static uint64_t
pairs_avx512(const uint32_t *p, size_t np, const uint32_t *q, size_t nq)
{
    const __m512i one = _mm512_set1_epi32(1);
    const size_t whole = nq & ~(size_t)15;
    const __mmask16 tail = (__mmask16)((1u << (nq - whole)) - 1);
    const __m512i last = _mm512_maskz_loadu_epi32(tail, q + whole);
    uint64_t total = 0;
    __m512i sum = _mm512_setzero_si512();
    size_t i = 0;
    /* Four words of p against 16 of q: one load serves 64 tests. The
     * last, partial 16 of q are counted apart, as bits of a mask. Each
     * lane of c0 + c1 + c2 + c3 is at most nq / 4: 32 bits hold it. */
    for (; i + 4 <= np; i += 4) {
        __m512i p0 = _mm512_set1_epi32((int)p[i]);
        __m512i p1 = _mm512_set1_epi32((int)p[i + 1]);
        __m512i p2 = _mm512_set1_epi32((int)p[i + 2]);
        __m512i p3 = _mm512_set1_epi32((int)p[i + 3]);
        __m512i c0 = _mm512_setzero_si512(), c1 = c0, c2 = c0, c3 = c0;
        for (size_t j = 0; j < whole; j += 16) {
            __m512i v = _mm512_loadu_si512(q + j);
            c0 = _mm512_mask_add_epi32(c0, _mm512_testn_epi32_mask(v, p0), one,
                                       c0);
            c1 = _mm512_mask_add_epi32(c1, _mm512_testn_epi32_mask(v, p1), one,
                                       c1);
            c2 = _mm512_mask_add_epi32(c2, _mm512_testn_epi32_mask(v, p2), one,
                                       c2);
            c3 = _mm512_mask_add_epi32(c3, _mm512_testn_epi32_mask(v, p3), one,
                                       c3);
        }
        sum = lanes_add(sum, _mm512_add_epi32(_mm512_add_epi32(c0, c1),
                                              _mm512_add_epi32(c2, c3)));
        total += (unsigned)__builtin_popcount(
                     _mm512_mask_testn_epi32_mask(tail, last, p0)) +
                 (unsigned)__builtin_popcount(
                     _mm512_mask_testn_epi32_mask(tail, last, p1)) +
                 (unsigned)__builtin_popcount(
                     _mm512_mask_testn_epi32_mask(tail, last, p2)) +
                 (unsigned)__builtin_popcount(
                     _mm512_mask_testn_epi32_mask(tail, last, p3));
    }
    for (; i < np; i++) {
        __m512i p0 = _mm512_set1_epi32((int)p[i]);
        __m512i c0 = _mm512_setzero_si512();
        for (size_t j = 0; j < whole; j += 16) {
            __m512i v = _mm512_loadu_si512(q + j);
            c0 = _mm512_mask_add_epi32(c0, _mm512_testn_epi32_mask(v, p0), one,
                                       c0);
        }
        total +=
            lanes_sum(c0) + (unsigned)__builtin_popcount(
                                _mm512_mask_testn_epi32_mask(tail, last, p0));
    }
    return total + (uint64_t)_mm512_reduce_add_epi64(sum);
}

nq__join_pairs_fn nq__join_pick_pairs(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return pairs_avx512;
    return nq__join_pairs;
}

#else

nq__join_pairs_fn nq__join_pick_pairs(void)
{
    return nq__join_pairs;
}

#endif
