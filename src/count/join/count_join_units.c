/*
 * count_join_units.c - the units of the half-board join (one (m, C) from
 * each class under mirror and flip, with the size of its class) and the
 * colex ranks of column sets, by which the table groups its tops.
 */
#include <stdlib.h>

#include "common/bits.h"
#include "count/join/count_join.h"
#include "nqueens.h"

/* The next larger set with as many bits as `mask`, which is not 0
 * (Gosper's hack; its division by the lowest bit is a shift by its index). */
static uint32_t next_same_bits(uint32_t mask)
{
    uint32_t low = nq__lowest_bit32(mask);
    uint32_t ripple = mask + low;
    return ripple | (((mask ^ ripple) >> 2) >> nq__bit_index32(mask));
}

/* A unit (m, set) and its images under mirror and flip, as ordered keys. */
static uint64_t unit_key(int m, uint32_t set)
{
    return (uint64_t)(uint32_t)(m + 1) << 32 | set;
}

/* Appends (m, set) if it is the smallest key of its class; returns 0 or
 * NQ_E_NOMEM. */
static int add_if_canonical(int n, int m, uint32_t set,
                            struct nq__join_unit **units, uint64_t *count,
                            uint64_t *cap)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    uint32_t middle = m < 0 ? 0 : (uint32_t)1 << m;
    int mm = m < 0 ? -1 : n - 1 - m;
    uint32_t flip = full & ~set & ~middle;
    const uint64_t keys[4] = {unit_key(m, set), unit_key(m, flip),
                              unit_key(mm, nq__join_mirror(set, n)),
                              unit_key(mm, nq__join_mirror(flip, n))};
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
        struct nq__join_unit *more = realloc(*units, grown * sizeof *more);
        if (more == NULL)
            return NQ_E_NOMEM;
        *units = more;
        *cap = grown;
    }
    (*units)[(*count)++] = (struct nq__join_unit){
        .top = set, .middle = (int16_t)m, .weight = (uint16_t)distinct};
    return 0;
}

int nq__join_units(int n, struct nq__join_unit **units, uint64_t *count)
{
    *units = NULL;
    *count = 0;
    if (n < 2 || n > NQ_JOIN_MAX_N)
        return NQ_E_RANGE;
    int rows = n / 2;
    uint64_t cap = 0;
    uint32_t end = (uint32_t)1 << n;
    /* Even n: no middle (m = -1). Odd n: the middle queen in column m, the
     * left half and the centre (the mirror takes care of the rest). The
     * units of one top set come one after the other: they read the same
     * groups of the table, which a unit just before has brought into the
     * cache (n = 17: 16% faster than taking every set for each m). */
    int m_first = n % 2 == 0 ? -1 : 0;
    int m_last = n % 2 == 0 ? -1 : n / 2;
    for (uint32_t set = ((uint32_t)1 << rows) - 1; set < end;
         set = next_same_bits(set)) {
        for (int m = m_first; m <= m_last; m++) {
            uint32_t middle = m < 0 ? 0 : (uint32_t)1 << m;
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

uint32_t nq__join_binomial(int a, int b)
{
    if (b < 0 || b > a)
        return 0;
    uint64_t r = 1;
    for (int i = 0; i < b; i++)
        r = r * (uint64_t)(a - i) / (uint64_t)(i + 1);
    return (uint32_t)r;
}

/* The part of the rank that the columns of `bits` (numbered from
 * `offset`) bring when `before` smaller columns come first. */
static uint32_t rank_part(uint32_t bits, int offset, int before)
{
    uint32_t r = 0;
    for (int i = before; bits != 0; i++) {
        int c = nq__bit_index32(bits) + offset;
        bits = nq__clear_lowest32(bits);
        r += nq__join_binomial(c, i + 1);
    }
    return r;
}

uint64_t nq__join_ranks_bytes(int n)
{
    int split = (n + 1) / 2;
    return ((uint64_t)1 << split) * (sizeof(uint32_t) + sizeof(uint8_t)) +
           (uint64_t)(split + 1) * ((uint64_t)sizeof(uint32_t) << (n - split));
}

void nq__join_ranks_init(struct nq__join_ranks *r, int n)
{
    r->split = (n + 1) / 2;
    uint32_t low_sets = (uint32_t)1 << r->split;
    uint32_t high_sets = (uint32_t)1 << (n - r->split);
    for (uint32_t m = 0; m < low_sets; m++) {
        r->low[m] = rank_part(m, 0, 0);
        r->low_count[m] = (uint8_t)__builtin_popcount(m);
    }
    for (int before = 0; before <= r->split; before++) {
        for (uint32_t m = 0; m < high_sets; m++)
            r->high[before][m] = rank_part(m, r->split, before);
    }
}
