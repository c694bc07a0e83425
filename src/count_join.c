/*
 * count_join.c - the units of the half-board join and the count of one
 * unit (see count_join.h for the idea).
 *
 * Words. A top's word has bit x (0 <= x <= n - 2) for each anti-diagonal
 * (r + c constant) it attacks on its boundary row at column x, and bit
 * n - 1 + j for each main diagonal (r - c constant) it attacks at column
 * j + 1. (The anti-diagonal at column n - 1 and the main one at column 0
 * of the boundary row reach no row above it, so no top attacks them.) A
 * bottom half read upside down is a top u; its word, rewritten for the
 * top's boundary row, shares a bit with a top's word exactly when the two
 * halves share a diagonal:
 *   even n: the boundary rows are n/2 (top) and n/2 - 1 (u, upside down),
 *           one row apart, and the rewrite swaps the two halves of u's
 *           word;
 *   odd n:  both meet the middle row; anti and main swap, each moved by
 *           one bit, and a half that attacks the middle queen is dropped.
 *
 * Counting pairs. A few bits of the word (two windows) sort both sides
 * into buckets; a top of bucket x can only pair with bottoms of buckets
 * y with x & y == 0, which skips most pairs, and the windows are cut out
 * of the words so that what is left fits 32 bits for the vector loop.
 */
#include <stdlib.h>
#include <string.h>

#include "count_join.h"
#include "nqueens.h"

static uint32_t reverse_bits(uint32_t x, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++)
        r |= ((x >> i) & 1u) << (n - 1 - i);
    return r;
}

static uint32_t next_same_bits(uint32_t mask)
{
    uint32_t low = mask & -mask;
    uint32_t ripple = mask + low;
    return ripple | (((mask ^ ripple) >> 2) / low);
}

/* A unit (m, set) and its images under mirror and flip, as ordered keys. */
static uint64_t unit_key(int m, uint32_t set)
{
    return (uint64_t)(uint32_t)(m + 1) << 32 | set;
}

/* Appends (m, set) if it is the smallest key of its class; returns 0 or
 * NQ_E_NOMEM. */
static int add_if_canonical(int n, int m, uint32_t set,
                            struct nq_join_unit **units, uint64_t *count,
                            uint64_t *cap)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    uint32_t middle = m < 0 ? 0 : (uint32_t)1 << m;
    int mm = m < 0 ? -1 : n - 1 - m;
    uint32_t flip = full & ~set & ~middle;
    uint64_t keys[4] = {unit_key(m, set), unit_key(m, flip),
                        unit_key(mm, reverse_bits(set, n)),
                        unit_key(mm, reverse_bits(flip, n))};
    int distinct = 0;
    for (int i = 0; i < 4; i++) {
        if (keys[i] < keys[0])
            return 0;
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= keys[j] == keys[i];
        distinct += !seen;
    }
    if (*count == *cap) {
        uint64_t grown = *cap == 0 ? 1024 : *cap * 2;
        struct nq_join_unit *more = realloc(*units, grown * sizeof *more);
        if (more == NULL)
            return NQ_E_NOMEM;
        *units = more;
        *cap = grown;
    }
    (*units)[(*count)++] = (struct nq_join_unit){
        .top = set, .middle = (int8_t)m, .weight = (uint8_t)distinct};
    return 0;
}

int nq_join_units(int n, struct nq_join_unit **units, uint64_t *count)
{
    *units = NULL;
    *count = 0;
    if (n < 2 || n > NQ_JOIN_MAX_N)
        return NQ_E_RANGE;
    int rows = n / 2;
    uint64_t cap = 0;
    uint32_t end = (uint32_t)1 << n;
    /* Even n: no middle (m = -1). Odd n: the middle queen in column m, the
     * left half and the centre (the mirror takes care of the rest). */
    int m_first = n % 2 == 0 ? -1 : 0;
    int m_last = n % 2 == 0 ? -1 : n / 2;
    for (int m = m_first; m <= m_last; m++) {
        uint32_t middle = m < 0 ? 0 : (uint32_t)1 << m;
        for (uint32_t set = ((uint32_t)1 << rows) - 1; set < end;
             set = next_same_bits(set)) {
            if (set & middle)
                continue;
            int rc = add_if_canonical(n, m, set, units, count, &cap);
            if (rc != 0) {
                free(*units);
                *units = NULL;
                *count = 0;
                return rc;
            }
        }
    }
    return 0;
}

/* The colex rank of a set among the sets of its size. */
static uint64_t colex_rank(uint32_t set)
{
    uint64_t rank = 0;
    int i = 1;
    while (set != 0) {
        int c = __builtin_ctz(set);
        set &= set - 1;
        /* + C(c, i) */
        uint64_t binom = 1;
        for (int j = 0; j < i; j++)
            binom = binom * (uint64_t)(c - j) / (uint64_t)(j + 1);
        rank += c >= i ? binom : 0;
        i++;
    }
    return rank;
}

/* The bucket windows of n: `width` bits of each half of the word. */
struct windows {
    int width;
    int anti_at, main_at; /* first bit of each window */
};

static struct windows windows_of(int n)
{
    int half = n - 1;
    int width = (2 * half - 32 + 1) / 2; /* what must go for 32 bits */
    if (width < 3)
        width = 3;
    if (width > half)
        width = half;
    int at = (half - width) / 2; /* the middle of the boundary row */
    return (struct windows){width, at, half + at};
}

/* The bucket of a word: its two windows side by side. */
static uint32_t bucket_of(const struct windows *w, uint64_t word)
{
    uint64_t low = ((uint64_t)1 << w->width) - 1;
    return (uint32_t)(((word >> w->anti_at) & low) |
                      ((word >> w->main_at) & low) << w->width);
}

/* The word with its two windows cut out. */
static uint32_t rest_of(const struct windows *w, uint64_t word)
{
    uint64_t hi = word >> (w->main_at + w->width) << w->main_at;
    word = (word & (((uint64_t)1 << w->main_at) - 1)) | hi;
    hi = word >> (w->anti_at + w->width) << w->anti_at;
    word = (word & (((uint64_t)1 << w->anti_at) - 1)) | hi;
    return (uint32_t)word;
}

/* One side of a unit, sorted by bucket. */
struct side {
    uint32_t *word;   /* the cut words, bucket by bucket */
    uint32_t *bucket; /* scratch: each word's bucket, in input order */
    size_t *start;    /* buckets + 1 offsets into word */
    size_t size;
};

/* Sorts `count` rewritten words (rest, bucket) into s by bucket. */
static void side_sort(struct side *s, const uint32_t *rest, size_t count,
                      size_t buckets)
{
    memset(s->start, 0, (buckets + 1) * sizeof *s->start);
    for (size_t i = 0; i < count; i++)
        s->start[s->bucket[i] + 1]++;
    for (size_t b = 0; b < buckets; b++)
        s->start[b + 1] += s->start[b];
    size_t *next = s->start + buckets + 1; /* the scratch after start */
    memcpy(next, s->start, buckets * sizeof *next);
    for (size_t i = 0; i < count; i++)
        s->word[next[s->bucket[i]]++] = rest[i];
    s->size = count;
}

int nq_join_count(const struct nq_join_table *t, const struct nq_join_unit *u,
                  uint64_t *count)
{
    int n = t->n, half = n - 1;
    uint32_t full = ((uint32_t)1 << n) - 1;
    uint64_t low = ((uint64_t)1 << half) - 1;
    uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
    uint32_t bottom_set = full & ~u->top & ~middle;
    /* The word bits of a half that attacks the middle queen. */
    uint64_t hits_middle = 0;
    if (u->middle >= 0) {
        int m = u->middle;
        if (m <= n - 2)
            hits_middle |= (uint64_t)1 << m;
        if (m >= 1)
            hits_middle |= (uint64_t)1 << (half + m - 1);
    }
    uint64_t ti = colex_rank(u->top), bi = colex_rank(bottom_set);
    const uint64_t *tops = t->word + t->start[ti];
    size_t ntops = (size_t)(t->start[ti + 1] - t->start[ti]);
    const uint64_t *bottoms = t->word + t->start[bi];
    size_t nbottoms = (size_t)(t->start[bi + 1] - t->start[bi]);

    struct windows w = windows_of(n);
    size_t buckets = (size_t)1 << (2 * w.width);
    size_t most = ntops > nbottoms ? ntops : nbottoms;
    uint32_t *rest = malloc((most + 1) * sizeof *rest);
    uint32_t *cand = malloc((nbottoms + 1) * sizeof *cand);
    struct side top = {0}, bottom = {0};
    top.word = malloc((ntops + 1) * sizeof *top.word);
    top.bucket = malloc((most + 1) * sizeof *top.bucket);
    top.start = malloc(2 * (buckets + 1) * sizeof *top.start);
    bottom.word = malloc((nbottoms + 1) * sizeof *bottom.word);
    bottom.bucket = top.bucket;
    bottom.start = malloc(2 * (buckets + 1) * sizeof *bottom.start);
    int rc = NQ_E_NOMEM;
    if (rest == NULL || cand == NULL || top.word == NULL ||
        top.bucket == NULL || top.start == NULL || bottom.word == NULL ||
        bottom.start == NULL)
        goto out;

    size_t kept = 0;
    for (size_t i = 0; i < ntops; i++) {
        uint64_t word = tops[i];
        if (word & hits_middle)
            continue;
        top.bucket[kept] = bucket_of(&w, word);
        rest[kept++] = rest_of(&w, word);
    }
    side_sort(&top, rest, kept, buckets);

    kept = 0;
    for (size_t i = 0; i < nbottoms; i++) {
        uint64_t word = bottoms[i], as_top;
        if (u->middle < 0) {
            as_top = (word >> half) | (word & low) << half;
        } else {
            if (word & hits_middle)
                continue;
            as_top = (((word >> half) << 1) & low) | ((word & low) >> 1)
                                                         << half;
        }
        bottom.bucket[kept] = bucket_of(&w, as_top);
        rest[kept++] = rest_of(&w, as_top);
    }
    side_sort(&bottom, rest, kept, buckets);

    uint64_t total = 0;
    uint32_t all = (uint32_t)(buckets - 1);
    for (uint32_t x = 0; x < buckets; x++) {
        size_t np = top.start[x + 1] - top.start[x];
        if (np == 0)
            continue;
        /* The bottoms of every bucket y with x & y == 0, side by side. */
        size_t nc = 0;
        uint32_t open = all & ~x;
        uint32_t y = open;
        for (;;) {
            size_t from = bottom.start[y], len = bottom.start[y + 1] - from;
            memcpy(cand + nc, bottom.word + from, len * sizeof *cand);
            nc += len;
            if (y == 0)
                break;
            y = (y - 1) & open;
        }
        total += nq_join_pairs(top.word + top.start[x], np, cand, nc);
    }
    *count = total;
    rc = 0;
out:
    free(rest);
    free(cand);
    free(top.word);
    free(top.bucket);
    free(top.start);
    free(bottom.word);
    free(bottom.start);
    return rc;
}
