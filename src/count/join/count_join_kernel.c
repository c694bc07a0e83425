/*
 * count_join_kernel.c - the inner loop of the half-board join: how many
 * pairs of words share no bit. Written so that the compiler turns the loop
 * over q into vector instructions; on x86-64 it is built for AVX-512, AVX2
 * and the baseline, and the loader picks what the processor has. Where the
 * processor has AVX-512, a form written with its instructions takes over:
 * a test per word of p and 16 of q, where the compiler's loop spends four
 * (about a third of the time of n = 17 went there).
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

/* The words of q[0..16) under `m` that share no bit with p: a mask. */
__attribute__((target("avx512f"))) static inline __mmask16
misses(__mmask16 m, __m512i q, __m512i p)
{
    return _mm512_mask_testn_epi32_mask(m, q, p);
}

__attribute__((target("avx512f,avx512bw,popcnt"))) static uint64_t
pairs_avx512(const uint32_t *p, size_t np, const uint32_t *q, size_t nq)
{
    const size_t whole = nq & ~(size_t)15;
    const __mmask16 all = 0xFFFF;
    const __mmask16 tail = (__mmask16)((1u << (nq - whole)) - 1);
    const __m512i last = _mm512_maskz_loadu_epi32(tail, q + whole);
    uint64_t total = 0;
    size_t i = 0;
    /* Four words of p against 16 of q: one load serves 64 tests, whose
     * four masks are joined into one word of 64 bits and counted by one
     * popcount. Adding each mask into lanes of counters instead took a
     * second vector instruction beside each test; the joins and the
     * popcount run beside the tests (the kernel 8 to 10% faster, n = 18
     * on one thread 4%). The last, partial 16 of q are counted apart. */
    for (; i + 4 <= np; i += 4) {
        __m512i p0 = _mm512_set1_epi32((int)p[i]);
        __m512i p1 = _mm512_set1_epi32((int)p[i + 1]);
        __m512i p2 = _mm512_set1_epi32((int)p[i + 2]);
        __m512i p3 = _mm512_set1_epi32((int)p[i + 3]);
        uint64_t count = 0;
        for (size_t j = 0; j < whole; j += 16) {
            __m512i v = _mm512_loadu_si512(q + j);
            __mmask32 low =
                _mm512_kunpackw(misses(all, v, p1), misses(all, v, p0));
            __mmask32 high =
                _mm512_kunpackw(misses(all, v, p3), misses(all, v, p2));
            count += (uint64_t)__builtin_popcountll(
                _cvtmask64_u64(_mm512_kunpackd(high, low)));
        }
        __mmask32 low =
            _mm512_kunpackw(misses(tail, last, p1), misses(tail, last, p0));
        __mmask32 high =
            _mm512_kunpackw(misses(tail, last, p3), misses(tail, last, p2));
        total += count + (uint64_t)__builtin_popcountll(
                             _cvtmask64_u64(_mm512_kunpackd(high, low)));
    }
    for (; i < np; i++) {
        __m512i p0 = _mm512_set1_epi32((int)p[i]);
        for (size_t j = 0; j < whole; j += 16)
            total += (unsigned)__builtin_popcount(
                misses(all, _mm512_loadu_si512(q + j), p0));
        total += (unsigned)__builtin_popcount(misses(tail, last, p0));
    }
    return total;
}

nq__join_pairs_fn nq__join_pick_pairs(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("popcnt"))
        return pairs_avx512;
    return nq__join_pairs;
}

#else

nq__join_pairs_fn nq__join_pick_pairs(void)
{
    return nq__join_pairs;
}

#endif
