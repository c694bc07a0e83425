/*
 * count_join_passes.c - the cut of the join's units into passes, each of
 * which reads only part of the table: a unit's pattern is the set of
 * fixed columns its top uses; a unit reads its own group, its mirror's
 * and those of the bottom that complements it, so a pass of the patterns
 * {P, mir(P), F \ P, mir(F \ P)} reads only the groups of those patterns
 * (and, for odd n, of F \ P less the middle queen's column).
 */
#include <string.h>

#include "count/join/count_join.h"

uint32_t nq__join_fixed_columns(int n, int k)
{
    uint32_t fixed = 0;
    for (int i = 0; i < k / 2 && 2 * i + 1 < n - 1; i++)
        fixed |= (uint32_t)1 << i | (uint32_t)1 << (n - 1 - i);
    return fixed;
}

static uint32_t smaller(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

uint32_t nq__join_pass_key(int n, uint32_t fixed, const struct nq__join_unit *u)
{
    uint32_t p = u->top & fixed, q = fixed & ~u->top;
    return smaller(smaller(p, nq__join_mirror(p, n)),
                   smaller(q, nq__join_mirror(q, n)));
}

/* Marks `pattern` and its mirror image as kept tops. */
static void keep_both(uint8_t *keep, uint32_t pattern, int n)
{
    keep[pattern] |= NQ_JOIN_KEEP_TOP;
    keep[nq__join_mirror(pattern, n)] |= NQ_JOIN_KEEP_TOP;
}

void nq__join_pass_keep(int n, uint32_t fixed,
                        const struct nq__join_unit *units, uint64_t count,
                        uint32_t key, uint8_t *keep)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    memset(keep, 0, ((size_t)1 << n) * sizeof *keep);
    for (uint64_t i = 0; i < count; i++) {
        const struct nq__join_unit *u = &units[i];
        if (nq__join_pass_key(n, fixed, u) != key)
            continue;
        uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
        keep_both(keep, u->top & fixed, n);
        keep_both(keep, full & ~u->top & ~middle & fixed, n);
    }
    /* Every subset of a kept pattern is a part of it. */
    for (uint32_t p = fixed;; p = (p - 1) & fixed) {
        if (keep[p] & NQ_JOIN_KEEP_TOP) {
            for (uint32_t s = p;; s = (s - 1) & p) {
                keep[s] |= NQ_JOIN_KEEP_PART;
                if (s == 0)
                    break;
            }
        }
        if (p == 0)
            break;
    }
}
