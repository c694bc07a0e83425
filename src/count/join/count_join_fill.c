/*
 * count_join_fill.c - copying a run of stored rests into one side of a
 * unit: each rewritten as the side reads it (mirrored, flipped), and
 * those that attack the middle queen left out. The join spends about a
 * third of its time here at n = 17, so on x86-64 a vector form (16 rests
 * an instruction, the kept ones packed together) is picked at run time
 * where the processor has AVX-512; the plain form serves everywhere else
 * and is what the vector form is tested against.
 */
#include "count/join/count_join.h"

/* The plain loop, inlined with constant `mirror`, `flip` and
 * `fine_above`. Each rest is written, and kept when it misses the drop: no
 * branch to mispredict on about every other entry. Only the tables with
 * fine bits above the rest pay for their mask. */
static inline __attribute__((always_inline)) size_t
fill_loop(uint32_t *out, const uint32_t *rest, size_t len, uint32_t drop,
          bool mirror, enum nq__join_flip flip, int rest_half, bool fine_above)
{
    size_t at = 0;
    for (size_t i = 0; i < len; i++) {
        out[at] = fine_above
                      ? nq__join_rewrite_rest(rest[i], mirror, flip, rest_half)
                      : nq__join_rewrite_bare(rest[i], mirror, flip, rest_half);
        at += (rest[i] & drop) == 0;
    }
    return at;
}

/* nq__join_fill_plain() with `fine_above` constant. */
static inline __attribute__((always_inline)) size_t
fill_plain(uint32_t *out, const uint32_t *rest, size_t len,
           const struct nq__join_way *way, bool fine_above)
{
#define FILL(mirror, flip)                                                     \
    fill_loop(out, rest, len, way->drop, mirror, flip, way->rest_half,         \
              fine_above)
    switch ((int)way->mirror * 3 + (int)way->flip) {
    case 0:
        return FILL(false, NQ_JOIN_AS_TOP);
    case 1:
        return FILL(false, NQ_JOIN_FLIP_EVEN);
    case 2:
        return FILL(false, NQ_JOIN_FLIP_ODD);
    case 3:
        return FILL(true, NQ_JOIN_AS_TOP);
    case 4:
        return FILL(true, NQ_JOIN_FLIP_EVEN);
    default:
        return FILL(true, NQ_JOIN_FLIP_ODD);
    }
#undef FILL
}

size_t nq__join_fill_plain(uint32_t *out, const uint32_t *rest, size_t len,
                           const struct nq__join_way *way)
{
    return way->fine_above ? fill_plain(out, rest, len, way, true)
                           : fill_plain(out, rest, len, way, false);
}

size_t nq__join_fill_edge(uint32_t *out, const uint32_t *rest,
                          const uint8_t *extra, size_t len,
                          const struct nq__join_way *way, uint8_t drop_edge)
{
    size_t at = 0;
    for (size_t i = 0; i < len; i++) {
        out[at] = nq__join_rewrite_rest(rest[i], way->mirror, way->flip,
                                        way->rest_half);
        at += (rest[i] & way->drop) == 0 && (extra[i] & drop_edge) == 0;
    }
    return at;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(NQ_NO_CLONES)
#include <immintrin.h>

/* The same in 16 lanes. The mirror reverses the bits of each byte with
 * two table lookups (a nibble at a time), then the bytes of each lane;
 * the kept lanes are packed to the front of a register, and the whole
 * register is stored (hence NQ_JOIN_FILL_PAD). */
__attribute__((target("avx512f,avx512bw"))) static size_t
fill_avx512(uint32_t *out, const uint32_t *rest, size_t len,
            const struct nq__join_way *way)
{
    const int half = way->rest_half;
    const __m512i low = _mm512_set1_epi32((int)(((uint32_t)1 << half) - 1));
    const __m512i drop = _mm512_set1_epi32((int)way->drop);
    /* The rest's bits alone (see nq__join_rewrite_rest()). */
    const __m512i rest_bits = _mm512_set1_epi32(
        2 * half < 32 ? (int)(((uint32_t)1 << (2 * half)) - 1) : -1);
    const __m512i by_half = _mm512_set1_epi32(half);
    /* A shift of 32 or more gives 0, as the plain mirror of 0 bits. */
    const __m512i by_mirror = _mm512_set1_epi32(32 - 2 * half);
    const __m512i nibble = _mm512_set1_epi8(0x0f);
    const __m512i reversed_nibble = _mm512_broadcast_i32x4(
        _mm_setr_epi8(0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5,
                      0xd, 0x3, 0xb, 0x7, 0xf));
    const __m512i reversed_bytes = _mm512_broadcast_i32x4(
        _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
    size_t at = 0;
    for (size_t i = 0; i < len; i += 16) {
        size_t left = len - i;
        __mmask16 lanes =
            left >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << left) - 1);
        __m512i raw = _mm512_maskz_loadu_epi32(lanes, rest + i);
        __mmask16 keep = _mm512_mask_testn_epi32_mask(lanes, raw, drop);
        __m512i e = _mm512_and_si512(raw, rest_bits);
        if (way->mirror) {
            __m512i lo = _mm512_shuffle_epi8(reversed_nibble,
                                             _mm512_and_si512(e, nibble));
            __m512i hi = _mm512_shuffle_epi8(
                reversed_nibble,
                _mm512_and_si512(_mm512_srli_epi16(e, 4), nibble));
            e = _mm512_or_si512(_mm512_slli_epi16(lo, 4), hi);
            e = _mm512_shuffle_epi8(e, reversed_bytes);
            e = _mm512_srlv_epi32(e, by_mirror);
        }
        if (way->flip == NQ_JOIN_FLIP_EVEN) {
            e = _mm512_or_si512(
                _mm512_srlv_epi32(e, by_half),
                _mm512_sllv_epi32(_mm512_and_si512(e, low), by_half));
        } else if (way->flip == NQ_JOIN_FLIP_ODD) {
            __m512i up = _mm512_and_si512(
                _mm512_slli_epi32(_mm512_srlv_epi32(e, by_half), 1), low);
            __m512i down = _mm512_sllv_epi32(
                _mm512_srli_epi32(_mm512_and_si512(e, low), 1), by_half);
            e = _mm512_or_si512(up, down);
        }
        _mm512_storeu_si512(out + at, _mm512_maskz_compress_epi32(keep, e));
        at += (size_t)__builtin_popcount(keep);
    }
    return at;
}

nq__join_fill_fn nq__join_pick_fill(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"))
        return fill_avx512;
    return nq__join_fill_plain;
}

#else

nq__join_fill_fn nq__join_pick_fill(void)
{
    return nq__join_fill_plain;
}

#endif
