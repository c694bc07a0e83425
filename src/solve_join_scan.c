/*
 * solve_join_scan.c - the join's inner loop: which entries of a block
 * share no bit with the top's word (see solve_join.h). Most blocks hold
 * no match at all (n = 16: one solution per about 970 entries compared),
 * so the work is the comparison; vector forms test 4 or 8 entries an
 * instruction and only then look at the few that matched. On x86-64 the
 * AVX-512 and AVX2 forms are compiled whatever the build's -march and
 * picked at run time from what the processor has.
 */
#include "solve_join.h"

int solve_join_scan_plain(const uint64_t *e, int count, uint64_t word,
                          uint64_t *hits)
{
    int found = 0;
    for (int i = 0; i < count; i++) {
        hits[found] = e[i];
        found += (e[i] & word) == 0; /* kept only if it matched */
    }
    return found;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(NQ_NO_CLONES)
#include <immintrin.h>

__attribute__((target("avx512f"))) static int
scan_avx512(const uint64_t *e, int count, uint64_t word, uint64_t *hits)
{
    const __m512i w = _mm512_set1_epi64((long long)word);
    int found = 0, i = 0;
    for (; i + 8 <= count; i += 8) {
        unsigned match = _mm512_testn_epi64_mask(_mm512_loadu_si512(e + i), w);
        for (; match != 0; match &= match - 1)
            hits[found++] = e[i + __builtin_ctz(match)];
    }
    if (i < count) {
        __mmask8 lanes = (__mmask8)((1u << (count - i)) - 1);
        __m512i v = _mm512_maskz_loadu_epi64(lanes, e + i);
        unsigned match = _mm512_mask_testn_epi64_mask(lanes, v, w);
        for (; match != 0; match &= match - 1)
            hits[found++] = e[i + __builtin_ctz(match)];
    }
    return found;
}

__attribute__((target("avx2"))) static int
scan_avx2(const uint64_t *e, int count, uint64_t word, uint64_t *hits)
{
    const __m256i w = _mm256_set1_epi64x((long long)word);
    const __m256i zero = _mm256_setzero_si256();
    int found = 0, i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(e + i));
        __m256i none = _mm256_cmpeq_epi64(_mm256_and_si256(v, w), zero);
        unsigned match = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(none));
        for (; match != 0; match &= match - 1)
            hits[found++] = e[i + __builtin_ctz(match)];
    }
    return found + solve_join_scan_plain(e + i, count - i, word, hits + found);
}

solve_join_scan_fn solve_join_pick_scan(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return scan_avx512;
    if (__builtin_cpu_supports("avx2"))
        return scan_avx2;
    return solve_join_scan_plain;
}

#else

solve_join_scan_fn solve_join_pick_scan(void)
{
    return solve_join_scan_plain;
}

#endif
