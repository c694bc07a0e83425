/*
 * count_join_passes.c - the cut of the join's units into passes, each of
 * which reads only part of the table: a unit's pattern is the set of
 * fixed columns its top uses; a unit reads its own group, its mirror's
 * and those of the bottom that complements it, so the units of the key
 * {P, mir(P), F \ P, mir(F \ P)} read only the groups of those patterns
 * (and, for odd n, of F \ P less the middle queen's column). A pass is a
 * set of keys packed together up to the budget; its table is built by a
 * walk over its own tops alone (count_join_table.c).
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

uint32_t nq__join_pattern_index(uint32_t p, uint32_t fixed)
{
    uint32_t index = 0;
    int at = 0;
    for (; fixed != 0; fixed &= fixed - 1, at++) {
        if (p & fixed & -fixed)
            index |= (uint32_t)1 << at;
    }
    return index;
}

/* Marks `pattern` and its mirror image as kept tops. */
static void keep_both(uint8_t *keep, uint32_t pattern, int n)
{
    keep[pattern] |= NQ_JOIN_KEEP_TOP;
    keep[nq__join_mirror(pattern, n)] |= NQ_JOIN_KEEP_TOP;
}

void nq__join_pass_keep(int n, uint32_t fixed,
                        const struct nq__join_unit *units, uint64_t count,
                        const uint32_t *pass_of, uint32_t pass, uint8_t *keep)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    memset(keep, 0, ((size_t)1 << n) * sizeof *keep);
    for (uint64_t i = 0; i < count; i++) {
        const struct nq__join_unit *u = &units[i];
        uint32_t key = nq__join_pass_key(n, fixed, u);
        if (pass_of[nq__join_pattern_index(key, fixed)] != pass)
            continue;
        uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
        keep_both(keep, u->top & fixed, n);
        keep_both(keep, full & ~u->top & ~middle & fixed, n);
    }
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
    for (uint32_t set = ((uint32_t)1 << rows) - 1;;
         set = nq__join_next_set(set)) {
        uint64_t rank = nq__join_rank(ranks, set);
        for (int part = 0; part < parts; part++)
            tops[set & fixed] += group_tops[(uint64_t)part * sets + rank];
        if (set == last)
            break;
    }
}

/* A key and one pattern whose groups its units read. */
struct key_pattern {
    uint32_t key, pattern;
};

static int by_key_pattern(const void *a, const void *b)
{
    const struct key_pattern *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->pattern > y->pattern) - (x->pattern < y->pattern);
}

/* Every (key, pattern) the units read under `fixed`, in increasing order
 * and each once, into *pairs (malloc'ed); returns how many, 0 when out of
 * memory. */
static size_t key_patterns(int n, uint32_t fixed,
                           const struct nq__join_unit *units, uint64_t count,
                           struct key_pattern **pairs)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    struct key_pattern *all = malloc((count * 4 + 1) * sizeof *all);
    if (all == NULL)
        return 0;
    size_t m = 0;
    for (uint64_t i = 0; i < count; i++) {
        const struct nq__join_unit *u = &units[i];
        uint32_t key = nq__join_pass_key(n, fixed, u);
        uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
        uint32_t p = u->top & fixed, q = full & ~u->top & ~middle & fixed;
        all[m++] = (struct key_pattern){key, p};
        all[m++] = (struct key_pattern){key, nq__join_mirror(p, n)};
        all[m++] = (struct key_pattern){key, q};
        all[m++] = (struct key_pattern){key, nq__join_mirror(q, n)};
    }
    qsort(all, m, sizeof *all, by_key_pattern);
    size_t kept = 0;
    for (size_t i = 0; i < m; i++) {
        if (kept == 0 || by_key_pattern(&all[kept - 1], &all[i]) != 0)
            all[kept++] = all[i];
    }
    *pairs = all;
    return kept;
}

/* One key: where its patterns begin among the pairs, and its tops. */
struct key_size {
    uint32_t key;
    size_t first, last; /* its pairs: [first, last) */
    uint64_t tops;
};

static int by_tops_down(const void *a, const void *b)
{
    const struct key_size *x = a, *y = b;
    if (x->tops != y->tops)
        return x->tops > y->tops ? -1 : 1;
    return (x->key > y->key) - (x->key < y->key);
}

static int by_value(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void nq__join_passes_free(struct nq__join_passes *passes)
{
    free(passes->keys);
    free(passes->first);
    free(passes->pass_of);
    memset(passes, 0, sizeof *passes);
}

/* The cut of k fixed columns: the keys packed into passes (the largest
 * key first, into the pass it adds fewest tops to), each pass's tops those of
 * the union of its patterns, at most `room` tops a pass. NQ_E_NOMEM when a key
 * alone does not fit (or out of memory). */
static int pack(int n, int k, const struct nq__join_unit *units, uint64_t count,
                const uint64_t *tops, uint64_t room,
                struct nq__join_passes *out)
{
    uint32_t fixed = nq__join_fixed_columns(n, k);
    struct key_pattern *pairs = NULL;
    size_t npairs = key_patterns(n, fixed, units, count, &pairs);
    struct key_size *keys = malloc((npairs + 1) * sizeof *keys);
    size_t patterns = (size_t)1 << __builtin_popcount(fixed);
    uint8_t *in = NULL;    /* [pass][pattern index]: kept by the pass */
    uint64_t *fill = NULL; /* [pass]: its tops */
    uint32_t *bin = NULL;  /* [key]: its pass */
    int rc = NQ_E_NOMEM;
    memset(out, 0, sizeof *out);
    if (npairs == 0 || keys == NULL)
        goto out;
    size_t nkeys = 0;
    for (size_t i = 0; i < npairs; i++) {
        if (nkeys == 0 || keys[nkeys - 1].key != pairs[i].key)
            keys[nkeys++] = (struct key_size){pairs[i].key, i, i, 0};
        keys[nkeys - 1].last = i + 1;
        keys[nkeys - 1].tops += tops[pairs[i].pattern];
    }
    qsort(keys, nkeys, sizeof *keys, by_tops_down);
    if (keys[0].tops > room)
        goto out;
    in = calloc(nkeys * patterns, 1);
    fill = calloc(nkeys, sizeof *fill);
    bin = malloc(nkeys * sizeof *bin);
    out->pass_of = calloc(patterns, sizeof *out->pass_of);
    if (in == NULL || fill == NULL || bin == NULL || out->pass_of == NULL)
        goto out;
    size_t bins = 0;
    for (size_t i = 0; i < nkeys; i++) {
        /* The pass that grows least by the key (odd n: units whose middle
         * queen is in F read patterns of other keys too, so passes share
         * patterns; the pass that has most of them already takes it). */
        size_t b = bins;
        uint64_t least = UINT64_MAX;
        for (size_t c = 0; c < bins; c++) {
            uint64_t added = 0;
            for (size_t j = keys[i].first; j < keys[i].last; j++) {
                uint32_t x = nq__join_pattern_index(pairs[j].pattern, fixed);
                if (in[c * patterns + x] == 0)
                    added += tops[pairs[j].pattern];
            }
            if (fill[c] + added <= room && added < least) {
                least = added;
                b = c;
            }
        }
        if (b == bins)
            bins++; /* a new pass: the key fits it alone */
        for (size_t j = keys[i].first; j < keys[i].last; j++) {
            uint32_t x = nq__join_pattern_index(pairs[j].pattern, fixed);
            if (in[b * patterns + x] == 0)
                fill[b] += tops[pairs[j].pattern];
            in[b * patterns + x] = 1;
        }
        bin[i] = (uint32_t)b;
    }
    out->k = k;
    out->fixed = fixed;
    out->count = bins;
    out->keys = malloc(nkeys * sizeof *out->keys);
    out->first = calloc(bins + 1, sizeof *out->first);
    if (out->keys == NULL || out->first == NULL)
        goto out;
    for (size_t i = 0; i < nkeys; i++)
        out->first[bin[i] + 1]++;
    for (size_t b = 0; b < bins; b++)
        out->first[b + 1] += out->first[b];
    for (size_t b = 0; b < bins; b++) {
        if (fill[b] > out->largest)
            out->largest = fill[b]; /* in tops here; the caller makes bytes */
        fill[b] = out->first[b];    /* now the pass's next slot for a key */
    }
    for (size_t i = 0; i < nkeys; i++) {
        out->keys[fill[bin[i]]++] = keys[i].key;
        out->pass_of[nq__join_pattern_index(keys[i].key, fixed)] = bin[i];
    }
    for (size_t b = 0; b < bins; b++)
        qsort(out->keys + out->first[b], out->first[b + 1] - out->first[b],
              sizeof *out->keys, by_value);
    rc = 0;
out:
    if (rc != 0)
        nq__join_passes_free(out);
    free(bin);
    free(fill);
    free(in);
    free(keys);
    free(pairs);
    return rc;
}

/* Finer cuts than the first that fits are tried this far: more, smaller
 * keys pack into fuller passes. */
#define FINER_CUTS 2

int nq__join_passes_plan(int n, int threads, const struct nq__join_unit *units,
                         uint64_t count, const uint64_t *group_tops,
                         uint64_t budget, uint64_t max_tops,
                         struct nq__join_passes *passes)
{
    memset(passes, 0, sizeof *passes);
    if (n < 4 || n > NQ_JOIN_MAX_N)
        return NQ_E_NOMEM;
    uint64_t empty = nq__join_table_bytes(n, threads, 0);
    uint64_t per_top = nq__join_table_bytes(n, threads, 1) - empty;
    struct nq__join_ranks *ranks = malloc(sizeof *ranks);
    uint64_t *tops = malloc(((size_t)1 << n) * sizeof *tops);
    int rc = NQ_E_NOMEM;
    if (ranks == NULL || tops == NULL)
        goto out;
    nq__join_ranks_init(ranks, n);
    uint32_t before = 0;
    int finer = -1; /* cuts tried since the first that fits */
    for (int k = 2; finer < FINER_CUTS; k += 2) {
        uint32_t fixed = nq__join_fixed_columns(n, k);
        if (fixed == before)
            break; /* no column left to fix */
        before = fixed;
        /* Beside the table: the pass of each key. */
        uint64_t beside =
            empty + ((uint64_t)sizeof(uint32_t) << __builtin_popcount(fixed));
        if (beside >= budget)
            break;
        uint64_t room = (budget - beside - 1) / per_top;
        if (room > max_tops)
            room = max_tops;
        pattern_tops(n, fixed, group_tops, ranks, tops);
        struct nq__join_passes cut;
        if (pack(n, k, units, count, tops, room, &cut) != 0) {
            if (finer >= 0)
                break;
            continue;
        }
        finer++;
        if (passes->count == 0 || cut.count < passes->count) {
            nq__join_passes_free(passes);
            *passes = cut;
        } else {
            nq__join_passes_free(&cut);
        }
    }
    if (passes->count > 0) {
        passes->largest = nq__join_table_bytes(n, threads, passes->largest);
        rc = 0;
    }
out:
    free(tops);
    free(ranks);
    return rc;
}
