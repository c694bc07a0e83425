/*
 * solve_join_scan.c - the join's inner loop: which entries of a block
 * share no bit with which of a few tops' words (see solve_join.h). Most
 * comparisons fail (n = 16: one solution per about 970), so the work is
 * the comparison itself: the vector forms load 16 (AVX-512) or 8 (AVX2)
 * entries once, test them against every word, and look closer only where
 * a test matched. On x86-64 they are compiled whatever the build's -march
 * and picked at run time from what the processor has.
 */
#include "common/bits.h"
#include "solve/solve_join.h"

/* The hit of entry first + i with top id. */
static inline uint64_t hit_of(uint32_t id, uint32_t first, int i)
{
    return (uint64_t)id << 32 | (first + (uint32_t)i);
}

size_t nq__solve_join_scan_plain(const uint32_t *e, int count, uint32_t first,
                                 const uint32_t *words, const uint32_t *ids,
                                 int ntops, uint64_t *hits)
{
    size_t found = 0;
    for (int i = 0; i < count; i++) {
        for (int t = 0; t < ntops; t++) {
            hits[found] = hit_of(ids[t], first, i);
            found += (e[i] & words[t]) == 0; /* kept only if it matched */
        }
    }
    return found;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(NQ_NO_CLONES)
#include <immintrin.h>

/* k tops (a constant once inlined) against every entry: their words stay
 * in registers while the entries stream by. An entry matches a top when
 * their AND is zero; the smallest of the k ANDs is zero exactly when one
 * of them is, so one test answers for all k tops and 16 entries (one mask
 * operation instead of k), and the tops are told apart only after a
 * match, which is rare. Each top's hits come in entry order. */
__attribute__((target("avx512f"), always_inline)) static inline size_t
scan_k_avx512(const uint32_t *e, int count, uint32_t first,
              const uint32_t *words, const uint32_t *ids, uint64_t *hits, int k)
{
    __m512i w[8];
    for (int q = 0; q < k; q++)
        w[q] = _mm512_set1_epi32((int)words[q]);
    size_t found = 0;
    for (int i = 0; i < count; i += 16) {
        /* The last load takes only the lanes left. */
        int left = count - i;
        __mmask16 lanes =
            left >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << left) - 1);
        __m512i v = _mm512_maskz_loadu_epi32(lanes, e + i);
        __m512i least = _mm512_and_si512(v, w[0]);
        for (int q = 1; q < k; q++)
            least = _mm512_min_epu32(least, _mm512_and_si512(v, w[q]));
        if (_mm512_mask_testn_epi32_mask(lanes, least, least) == 0)
            continue;
        for (int q = 0; q < k; q++)
            for (unsigned match = _mm512_mask_testn_epi32_mask(lanes, v, w[q]);
                 match != 0; match = nq__clear_lowest32(match))
                hits[found++] =
                    hit_of(ids[q], first, i + nq__bit_index32(match));
    }
    return found;
}

/* The tops eight at a time, then four, two and one: the block's entries
 * are read again for each step, from the first level cache. */
__attribute__((target("avx512f"))) static size_t
scan_avx512(const uint32_t *e, int count, uint32_t first, const uint32_t *words,
            const uint32_t *ids, int ntops, uint64_t *hits)
{
    size_t found = 0;
    int t = 0;
    for (; t + 8 <= ntops; t += 8)
        found +=
            scan_k_avx512(e, count, first, words + t, ids + t, hits + found, 8);
    if (t + 4 <= ntops) {
        found +=
            scan_k_avx512(e, count, first, words + t, ids + t, hits + found, 4);
        t += 4;
    }
    if (t + 2 <= ntops) {
        found +=
            scan_k_avx512(e, count, first, words + t, ids + t, hits + found, 2);
        t += 2;
    }
    if (t < ntops)
        found +=
            scan_k_avx512(e, count, first, words + t, ids + t, hits + found, 1);
    return found;
}

__attribute__((target("avx2"))) static size_t
scan_avx2(const uint32_t *e, int count, uint32_t first, const uint32_t *words,
          const uint32_t *ids, int ntops, uint64_t *hits)
{
    const __m256i zero = _mm256_setzero_si256();
    size_t found = 0;
    int i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(e + i));
        for (int t = 0; t < ntops; t++) {
            __m256i w = _mm256_set1_epi32((int)words[t]);
            __m256i none = _mm256_cmpeq_epi32(_mm256_and_si256(v, w), zero);
            unsigned match =
                (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(none));
            for (; match != 0; match = nq__clear_lowest32(match))
                hits[found++] =
                    hit_of(ids[t], first, i + nq__bit_index32(match));
        }
    }
    return found + nq__solve_join_scan_plain(e + i, count - i,
                                             first + (uint32_t)i, words, ids,
                                             ntops, hits + found);
}

solve_join_scan_fn nq__solve_join_pick_scan(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return scan_avx512;
    if (__builtin_cpu_supports("avx2"))
        return scan_avx2;
    return nq__solve_join_scan_plain;
}

#else

solve_join_scan_fn nq__solve_join_pick_scan(void)
{
    return nq__solve_join_scan_plain;
}

#endif
