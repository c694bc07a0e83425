/*
 * count_join_passes.c - the cut of the join's units into passes, each of
 * which reads only part of the table: a unit's pattern is the set of
 * fixed columns its top uses; a unit reads its own group, its mirror's
 * and those of the bottom that complements it, so a pass of the patterns
 * {P, mir(P), F \ P, mir(F \ P)} reads only the groups of those patterns
 * (and, for odd n, of F \ P less the middle queen's column).
 */
#include <stdlib.h>
#include <string.h>

#include "count/join/count_join.h"
#include "nqueens.h"

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
    /* Every subset s of a kept pattern p is a part of it, and a partial
     * top with pattern s grows into p only while its queens off F number
     * at most rows - |p|: it holds at most rows - |p| + |s| queens. */
    int rows = n / 2;
    for (uint32_t p = fixed;; p = (p - 1) & fixed) {
        if (keep[p] & NQ_JOIN_KEEP_TOP) {
            int most = rows - __builtin_popcount(p);
            for (uint32_t s = p;; s = (s - 1) & p) {
                int queens = most + __builtin_popcount(s);
                if (NQ_JOIN_KEEP_QUEENS(keep[s]) < queens)
                    keep[s] = (uint8_t)((keep[s] & NQ_JOIN_KEEP_TOP) |
                                        NQ_JOIN_KEEP_PART | queens << 2);
                else
                    keep[s] |= NQ_JOIN_KEEP_PART;
                if (s == 0)
                    break;
            }
        }
        if (p == 0)
            break;
    }
}

/* The keys of the units under `fixed`, in increasing order, into p. */
static int pass_keys(int n, uint32_t fixed, const struct nq__join_unit *units,
                     uint64_t count, struct nq__join_passes *p)
{
    uint8_t *seen = calloc((size_t)fixed + 1, 1);
    if (seen == NULL)
        return NQ_E_NOMEM;
    size_t keys = 0;
    for (uint64_t i = 0; i < count; i++) {
        uint32_t key = nq__join_pass_key(n, fixed, &units[i]);
        keys += seen[key] == 0;
        seen[key] = 1;
    }
    p->keys = malloc((keys > 0 ? keys : 1) * sizeof *p->keys);
    if (p->keys == NULL) {
        free(seen);
        return NQ_E_NOMEM;
    }
    p->count = 0;
    for (uint32_t key = 0; key <= fixed; key++) {
        if (seen[key])
            p->keys[p->count++] = key;
    }
    free(seen);
    return 0;
}

/* The next set of the same size in increasing order (Gosper's rule). */
static uint32_t next_set(uint32_t set)
{
    uint32_t low = set & -set;
    uint32_t ripple = set + low;
    return ripple | (((set ^ ripple) >> 2) / low);
}

/* tops[P] for every pattern P of `fixed`: the tops of the groups whose
 * column set meets `fixed` in P. */
static void pattern_tops(int n, uint32_t fixed, const uint64_t *group_tops,
                         const struct nq__join_ranks *ranks, uint64_t *tops)
{
    int rows = n / 2;
    int parts = rows >= 2 && n % 2 == 1 ? 2 : 1;
    uint64_t sets = nq__join_binomial(n, rows);
    for (uint32_t p = fixed;; p = (p - 1) & fixed) {
        tops[p] = 0;
        if (p == 0)
            break;
    }
    uint32_t last = (((uint32_t)1 << rows) - 1) << (n - rows);
    for (uint32_t set = ((uint32_t)1 << rows) - 1;; set = next_set(set)) {
        uint64_t rank = nq__join_rank(ranks, set);
        for (int part = 0; part < parts; part++)
            tops[set & fixed] += group_tops[(uint64_t)part * sets + rank];
        if (set == last)
            break;
    }
}

void nq__join_passes_free(struct nq__join_passes *passes)
{
    free(passes->keys);
    memset(passes, 0, sizeof *passes);
}

int nq__join_passes_plan(int n, int threads, const struct nq__join_unit *units,
                         uint64_t count, const uint64_t *group_tops,
                         uint64_t budget, struct nq__join_passes *passes)
{
    memset(passes, 0, sizeof *passes);
    if (n < 4 || n > NQ_JOIN_MAX_N)
        return NQ_E_NOMEM;
    struct nq__join_ranks *ranks = malloc(sizeof *ranks);
    uint64_t *tops = malloc(((size_t)1 << n) * sizeof *tops);
    uint8_t *keep = malloc((size_t)1 << n);
    int rc = NQ_E_NOMEM;
    if (ranks == NULL || tops == NULL || keep == NULL)
        goto out;
    nq__join_ranks_init(ranks, n);
    uint32_t before = 0;
    for (int k = 2;; k += 2) {
        uint32_t fixed = nq__join_fixed_columns(n, k);
        if (fixed == before)
            break; /* no column left to fix */
        before = fixed;
        pattern_tops(n, fixed, group_tops, ranks, tops);
        struct nq__join_passes p = {.k = k, .fixed = fixed};
        rc = pass_keys(n, fixed, units, count, &p);
        if (rc != 0)
            goto out;
        for (size_t i = 0; i < p.count; i++) {
            nq__join_pass_keep(n, fixed, units, count, p.keys[i], keep);
            uint64_t pass_tops = 0;
            for (uint32_t q = fixed;; q = (q - 1) & fixed) {
                if (keep[q] & NQ_JOIN_KEEP_TOP)
                    pass_tops += tops[q];
                if (q == 0)
                    break;
            }
            uint64_t bytes = nq__join_table_bytes(n, threads, pass_tops);
            if (bytes > p.largest)
                p.largest = bytes;
        }
        if (p.largest < budget) {
            *passes = p;
            rc = 0;
            goto out;
        }
        nq__join_passes_free(&p);
        rc = NQ_E_NOMEM;
    }
out:
    free(keep);
    free(tops);
    free(ranks);
    return rc;
}
