/*
 * count_join_passes.c - the cut of the join's units into passes, each of
 * which reads only part of the table: a unit's pattern is the set of
 * fixed columns F its top uses; a unit reads its own group, its mirror's
 * and those of the bottom that complements it, so the units of the key
 * {P, mir(P), F \ P, mir(F \ P)} read only the groups of those patterns,
 * and no two keys share a pattern. A pass is a set of keys packed
 * together up to the budget; its table is built by a walk over its own
 * tops alone (count_join_table.c).
 *
 * For odd n that holds only for the units whose middle queen is off F:
 * one in column m of F reads the bottom pattern F \ P \ {m}, another
 * key's, and cut that way the passes built each top about 2.7 times. So
 * the units come in two families: those with the middle queen off F, cut
 * by F, and those with it in F, cut by another set of fixed columns G
 * disjoint from F (the next columns inwards), off which their middle
 * queen is. Each family's passes build every top once: twice in all.
 * Where the columns inside F are too few to cut the second family finely
 * enough (n = 23 in 2 GiB: 6 columns, so keys of billions of tops), it
 * comes in two: those whose middle queen is in F's outer half, cut by
 * columns off that half (F's inner half and inwards), and those in its
 * inner half, cut by F's outer half and the columns inside F: every top
 * three times in all, where the shared cut built each 5.5 times.
 */
#include <stdlib.h>
#include <string.h>

#include "count/join/count_join.h"
#include "count/join/count_join_bins.h"
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

/* The bit of a unit's middle queen in a family's `middles`: bit 0 for
 * even n (no middle queen), bit c + 1 for one in column c. */
static uint64_t middle_bit(const struct nq__join_unit *u)
{
    return (uint64_t)1 << (u->middle + 1);
}

/* Marks `pattern` and its mirror image as kept tops. */
static void keep_both(uint8_t *keep, uint32_t pattern, int n)
{
    keep[pattern] |= NQ_JOIN_KEEP_TOP;
    keep[nq__join_mirror(pattern, n)] |= NQ_JOIN_KEEP_TOP;
}

void nq__join_pass_keep(int n, uint32_t fixed, uint64_t middles,
                        const struct nq__join_unit *units, uint64_t count,
                        const uint32_t *pass_of, uint32_t pass, uint8_t *keep)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    memset(keep, 0, ((size_t)1 << n) * sizeof *keep);
    for (uint64_t i = 0; i < count; i++) {
        const struct nq__join_unit *u = &units[i];
        if ((middle_bit(u) & middles) == 0)
            continue;
        uint32_t key = nq__join_pass_key(n, fixed, u);
        if (pass_of[nq__join_pattern_index(key, fixed)] != pass)
            continue;
        uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
        keep_both(keep, u->top & fixed, n);
        keep_both(keep, full & ~u->top & ~middle & fixed, n);
    }
}

/* The families of a split cut: the first's units have their middle queen
 * off its fixed columns (or none), the second's in them. */
static uint64_t first_middles(uint32_t fixed)
{
    return ~((uint64_t)fixed << 1);
}

static uint64_t second_middles(uint32_t fixed)
{
    return (uint64_t)fixed << 1;
}

uint32_t nq__join_unit_pass(int n, const struct nq__join_passes *c,
                            const struct nq__join_unit *u)
{
    for (int f = 0; f < c->families; f++) {
        const struct nq__join_family *fam = &c->family[f];
        if (middle_bit(u) & fam->middles) {
            uint32_t key = nq__join_pass_key(n, fam->fixed, u);
            return fam->pass_of[nq__join_pattern_index(key, fam->fixed)];
        }
    }
    return UINT32_MAX; /* never: the families hold every unit */
}

const struct nq__join_family *
nq__join_family_of_pass(const struct nq__join_passes *c, uint32_t pass)
{
    int f = 0;
    while (f + 1 < c->families && pass >= c->family[f + 1].first)
        f++;
    return &c->family[f];
}

uint32_t nq__join_cut_keep(int n, const struct nq__join_passes *c,
                           const struct nq__join_unit *units, uint64_t count,
                           uint32_t pass, uint8_t *keep)
{
    const struct nq__join_family *fam = nq__join_family_of_pass(c, pass);
    nq__join_pass_keep(n, fam->fixed, fam->middles, units, count, fam->pass_of,
                       pass, keep);
    return fam->fixed;
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

/* A key and one pattern whose groups its units read, both as their
 * indexes among the patterns of the fixed columns
 * (nq__join_pattern_index()), and the pattern itself. */
struct key_pattern {
    uint32_t key, index, pattern;
};

void nq__join_packer_init(struct nq__join_packer *pk, uint32_t fixed)
{
    for (int i = 0; i < 3; i++) {
        uint32_t below = fixed & (((uint32_t)1 << (8 * i)) - 1);
        uint32_t first = (uint32_t)__builtin_popcount(below);
        for (uint32_t v = 0; v < 256; v++) {
            uint32_t part = (fixed >> (8 * i)) & 0xff;
            pk->byte[i][v] = nq__join_pattern_index(v & part, part) << first;
        }
    }
}

/* The pattern of `fixed` whose index is `index`. */
static uint32_t pattern_at(uint32_t index, uint32_t fixed)
{
    uint32_t p = 0;
    for (; fixed != 0; fixed &= fixed - 1, index >>= 1) {
        if (index & 1)
            p |= fixed & -fixed;
    }
    return p;
}

/* Every (key, pattern) the units of a family (their middle queen's bit in
 * `middles`) read under `fixed`, by key in increasing order and each
 * once, into *pairs (malloc'ed), *npairs of them: a counting sort by key,
 * then each key's patterns told apart by a mark per pattern (a qsort of
 * the pairs took 2.5 s of the 3.4 s plan of a checkpointed n = 19).
 * Returns 0 or NQ_E_NOMEM. */
static int key_patterns(int n, uint32_t fixed, uint64_t middles,
                        const struct nq__join_unit *units, uint64_t count,
                        struct key_pattern **pairs, size_t *npairs)
{
    uint32_t full = ((uint32_t)1 << n) - 1;
    size_t patterns = (size_t)1 << __builtin_popcount(fixed);
    struct nq__join_packer pk;
    nq__join_packer_init(&pk, fixed);
    struct key_pattern *all = malloc((count * 4 + 1) * sizeof *all);
    struct key_pattern *by_key = malloc((count * 4 + 1) * sizeof *by_key);
    size_t *next = calloc(patterns + 1, sizeof *next);
    uint32_t *seen = malloc(patterns * sizeof *seen);
    *pairs = NULL;
    *npairs = 0;
    if (all == NULL || by_key == NULL || next == NULL || seen == NULL) {
        free(all);
        free(by_key);
        free(next);
        free(seen);
        return NQ_E_NOMEM;
    }
    size_t m = 0;
    for (uint64_t i = 0; i < count; i++) {
        const struct nq__join_unit *u = &units[i];
        if ((middle_bit(u) & middles) == 0)
            continue;
        uint32_t key =
            nq__join_packed_index(&pk, nq__join_pass_key(n, fixed, u));
        uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
        uint32_t p = u->top & fixed, q = full & ~u->top & ~middle & fixed;
        uint32_t four[4] = {p, nq__join_mirror(p, n), q, nq__join_mirror(q, n)};
        for (int j = 0; j < 4; j++)
            all[m++] = (struct key_pattern){
                key, nq__join_packed_index(&pk, four[j]), four[j]};
        next[key + 1] += 4;
    }
    for (size_t x = 0; x < patterns; x++)
        next[x + 1] += next[x];
    for (size_t i = 0; i < m; i++)
        by_key[next[all[i].key]++] = all[i];
    /* Now by key; each key's patterns once (a mark per pattern: the key
     * that saw it last, plus one). */
    memset(seen, 0, patterns * sizeof *seen);
    size_t kept = 0;
    for (size_t i = 0; i < m; i++) {
        const struct key_pattern *e = &by_key[i];
        if (seen[e->index] == e->key + 1)
            continue;
        seen[e->index] = e->key + 1;
        all[kept++] = *e;
    }
    free(by_key);
    free(next);
    free(seen);
    *pairs = all;
    *npairs = kept;
    return 0;
}

/* The groups of pattern p of `fixed`: the column sets that meet `fixed`
 * in p, in each part. */
static uint64_t pattern_groups(int n, uint32_t fixed, uint32_t p)
{
    int rows = n / 2, parts = rows >= 2 && n % 2 == 1 ? 2 : 1;
    return (uint64_t)parts * nq__join_binomial(n - __builtin_popcount(fixed),
                                               rows - __builtin_popcount(p));
}

/* What a pass's table of one cut may take: `bytes` for its groups and
 * tops (once what it takes with none is set aside), at `per_group` and
 * `per_top` bytes each, and at most max_tops tops; `base`: the bytes with
 * none. */
struct pass_room {
    uint64_t bytes, per_group, per_top, max_tops, base;
};

/* One key: where its patterns begin among the pairs, its tops, groups
 * and the bytes they take in a pass's table. */
struct key_size {
    uint32_t key, index; /* the key, and its index among the patterns */
    size_t first, last;  /* its pairs: [first, last) */
    uint64_t tops, groups, bytes;
};

static int by_bytes_down(const void *a, const void *b)
{
    const struct key_size *x = a, *y = b;
    if (x->bytes != y->bytes)
        return x->bytes > y->bytes ? -1 : 1;
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
    for (int f = 0; f < passes->families; f++)
        free(passes->family[f].pass_of);
    memset(passes, 0, sizeof *passes);
}

/* Adds pattern p's tops, groups and bytes to *k. */
static void add_pattern(struct key_size *k, int n, uint32_t fixed, uint32_t p,
                        const uint64_t *tops, const struct pass_room *room)
{
    uint64_t groups = pattern_groups(n, fixed, p);
    k->tops += tops[p];
    k->groups += groups;
    k->bytes += tops[p] * room->per_top + groups * room->per_group;
}

/* The cut of one family (its middle queens' bits in `middles`) by the
 * fixed columns `fixed`: its keys packed into passes, the largest first,
 * each into the pass whose table it adds fewest bytes to, as `room` allows;
 * into out's fixed, count, keys, first, pass_of, largest, most, built and
 * held.
 * Where the middle queen of a unit may stand in `fixed`, the unit reads a
 * pattern of another key, and passes share patterns: the pass that has
 * most of a key's already takes it. No unit in the family: no pass.
 * NQ_E_NOMEM when a key alone does not fit (or out of memory). */
static int pack(int n, uint32_t fixed, uint64_t middles,
                const struct nq__join_unit *units, uint64_t count,
                const uint64_t *tops, const struct pass_room *room,
                struct nq__join_passes *out)
{
    struct key_pattern *pairs = NULL;
    size_t npairs = 0;
    struct key_size *keys = NULL;
    size_t patterns = (size_t)1 << __builtin_popcount(fixed);
    struct nq__join_bins bins = {0}; /* the passes, as bins */
    size_t *mark = NULL;   /* [pass]: the last key (+ 1) that looked at it */
    uint32_t *near = NULL; /* the passes that share a pattern with a key */
    struct key_size *fill = NULL; /* [pass]: its tops, groups and bytes */
    uint32_t *bin = NULL;         /* [key]: its pass */
    memset(out, 0, sizeof *out);
    out->k = __builtin_popcount(fixed);
    out->families = 1;
    out->family[0].fixed = fixed;
    out->family[0].middles = middles;
    uint32_t **pass_of = &out->family[0].pass_of;
    int rc = key_patterns(n, fixed, middles, units, count, &pairs, &npairs);
    if (rc == 0 && (keys = malloc((npairs + 1) * sizeof *keys)) == NULL)
        rc = NQ_E_NOMEM;
    if (rc != 0)
        goto out;
    size_t nkeys = 0;
    for (size_t i = 0; i < npairs; i++) {
        if (nkeys == 0 || keys[nkeys - 1].index != pairs[i].key)
            keys[nkeys++] =
                (struct key_size){.key = pattern_at(pairs[i].key, fixed),
                                  .index = pairs[i].key,
                                  .first = i};
        struct key_size *k = &keys[nkeys - 1];
        k->last = i + 1;
        k->tops += tops[pairs[i].pattern];
        k->groups += pattern_groups(n, fixed, pairs[i].pattern);
        k->bytes = k->tops * room->per_top + k->groups * room->per_group;
    }
    qsort(keys, nkeys, sizeof *keys, by_bytes_down);
    rc = NQ_E_NOMEM;
    for (size_t i = 0; i < nkeys; i++) {
        if (keys[i].bytes > room->bytes || keys[i].tops > room->max_tops)
            goto out;
    }
    fill = calloc(nkeys + 1, sizeof *fill);
    bin = malloc((nkeys + 1) * sizeof *bin);
    mark = calloc(nkeys + 1, sizeof *mark);
    near = malloc((npairs + 1) * sizeof *near);
    *pass_of = calloc(patterns, sizeof **pass_of);
    if (fill == NULL || bin == NULL || mark == NULL || near == NULL ||
        *pass_of == NULL ||
        nq__join_bins_init(&bins, nkeys + 1, patterns, npairs) != 0)
        goto out;
    for (size_t i = 0; i < nkeys; i++) {
        /* The bin it adds fewest bytes to, the first of those (a new one
         * where none has room): a bin that holds none of its patterns
         * takes all of its bytes, so the first such that fits is as good
         * as any, and only the bins that share a pattern need a look. */
        size_t b = nq__join_bins_first_fit(&bins, keys[i].bytes, keys[i].tops);
        uint64_t least = b < bins.count ? keys[i].bytes : UINT64_MAX;
        size_t nnear = 0;
        for (size_t j = keys[i].first; j < keys[i].last; j++) {
            for (int32_t v = bins.head[pairs[j].index]; v >= 0;
                 v = bins.next[v]) {
                uint32_t c = bins.bin[v];
                if (mark[c] != i + 1) {
                    mark[c] = i + 1;
                    near[nnear++] = c;
                }
            }
        }
        for (size_t m = 0; m < nnear; m++) {
            size_t c = near[m];
            struct key_size added = {0};
            for (size_t j = keys[i].first; j < keys[i].last; j++) {
                if (!nq__join_bins_holds(&bins, c, pairs[j].index))
                    add_pattern(&added, n, fixed, pairs[j].pattern, tops, room);
            }
            if (fill[c].bytes + added.bytes <= room->bytes &&
                fill[c].tops + added.tops <= room->max_tops &&
                (added.bytes < least || (added.bytes == least && c < b))) {
                least = added.bytes;
                b = c;
            }
        }
        if (b == bins.count) /* a new pass: the key fits it alone */
            nq__join_bins_open(&bins, room->bytes, room->max_tops);
        struct key_size added = {0};
        for (size_t j = keys[i].first; j < keys[i].last; j++) {
            uint32_t x = pairs[j].index;
            if (!nq__join_bins_holds(&bins, b, x)) {
                add_pattern(&added, n, fixed, pairs[j].pattern, tops, room);
                nq__join_bins_hold(&bins, b, x);
            }
        }
        fill[b].tops += added.tops;
        fill[b].groups += added.groups;
        fill[b].bytes += added.bytes;
        nq__join_bins_take(&bins, b, added.bytes, added.tops);
        bin[i] = (uint32_t)b;
    }
    size_t nbins = bins.count;
    out->count = nbins;
    out->family[0].count = nbins;
    out->keys = malloc((nkeys + 1) * sizeof *out->keys);
    out->first = calloc(nbins + 1, sizeof *out->first);
    if (out->keys == NULL || out->first == NULL)
        goto out;
    for (size_t i = 0; i < nkeys; i++)
        out->first[bin[i] + 1]++;
    for (size_t b = 0; b < nbins; b++)
        out->first[b + 1] += out->first[b];
    for (size_t b = 0; b < nbins; b++) {
        out->built += fill[b].tops;
        out->held += fill[b].groups;
        if (room->base + fill[b].bytes > out->largest)
            out->largest = room->base + fill[b].bytes;
        if (fill[b].tops > out->most)
            out->most = fill[b].tops;
        fill[b].first = out->first[b]; /* now the pass's next slot */
    }
    for (size_t i = 0; i < nkeys; i++) {
        out->keys[fill[bin[i]].first++] = keys[i].key;
        (*pass_of)[keys[i].index] = bin[i];
    }
    for (size_t b = 0; b < nbins; b++)
        qsort(out->keys + out->first[b], out->first[b + 1] - out->first[b],
              sizeof *out->keys, by_value);
    rc = 0;
out:
    if (rc != 0)
        nq__join_passes_free(out);
    free(bin);
    free(fill);
    free(near);
    free(mark);
    nq__join_bins_free(&bins);
    free(keys);
    free(pairs);
    return rc;
}

/* Finer cuts than the first that fits are tried this far: more, smaller
 * keys pack into fuller passes. */
#define FINER_CUTS 2

/* What a cut needs, whichever family it is for. */
struct cut_ctx {
    int n;
    const struct nq__join_unit *units;
    uint64_t count;
    const uint64_t *group_tops;
    const struct nq__join_ranks *ranks;
    uint64_t *tops; /* scratch: tops per pattern */
    int threads;
    /* The budget left beside the tables, the most tops a pass may hold
     * whatever the budget (see room()). */
    uint64_t left, max_tops;
};

/* What a pass's table of a cut by `fixed` may take: what is left of the
 * budget once its table without groups or tops is set aside. */
static struct pass_room room(const struct cut_ctx *x, uint32_t fixed)
{
    int k = __builtin_popcount(fixed);
    struct pass_room r = {.max_tops = x->max_tops};
    r.base = nq__join_pass_bytes(x->n, x->threads, k, 0, 0);
    r.per_group = nq__join_pass_bytes(x->n, x->threads, k, 1, 0) - r.base;
    r.per_top = nq__join_pass_bytes(x->n, x->threads, k, 0, 1) - r.base;
    r.bytes = r.base < x->left ? x->left - r.base : 0;
    return r;
}

/* The k outermost columns (k / 2 on each side, as
 * nq__join_fixed_columns() takes them) that are not in `avoid`
 * (symmetric under the mirror). */
static uint32_t columns_avoiding(int n, uint32_t avoid, int k)
{
    uint32_t fixed = 0;
    for (int i = 0, pairs = 0; pairs < k / 2 && 2 * i + 1 < n - 1; i++) {
        if (avoid & (uint32_t)1 << i)
            continue;
        fixed |= (uint32_t)1 << i | (uint32_t)1 << (n - 1 - i);
        pairs++;
    }
    return fixed;
}

/* A family of the units whose middle queen stands in the columns `own`
 * (symmetric): cut by columns off them, the fewest (k = 2, 4, ...) that
 * fit or a little finer where that packs into fewer passes. No unit: no
 * pass. */
static int other_family(const struct cut_ctx *x, uint32_t own,
                        struct nq__join_passes *best)
{
    memset(best, 0, sizeof *best);
    uint64_t middles = second_middles(own);
    bool any = false;
    for (uint64_t i = 0; i < x->count && !any; i++)
        any = (middle_bit(&x->units[i]) & middles) != 0;
    if (!any)
        return 0; /* even n: every unit is in the first family */
    uint32_t before = UINT32_MAX;
    int finer = -1; /* cuts tried since the first that fits */
    for (int k = 2; finer < FINER_CUTS; k += 2) {
        uint32_t fixed = columns_avoiding(x->n, own, k);
        if (fixed == before)
            break; /* no column left to fix */
        before = fixed;
        pattern_tops(x->n, fixed, x->group_tops, x->ranks, x->tops);
        struct nq__join_passes cut;
        struct pass_room r = room(x, fixed);
        if (pack(x->n, fixed, middles, x->units, x->count, x->tops, &r, &cut) !=
            0) {
            if (finer >= 0)
                break;
            continue;
        }
        finer++;
        if (best->families == 0 || cut.count < best->count) {
            nq__join_passes_free(best);
            *best = cut;
        } else {
            nq__join_passes_free(&cut);
        }
    }
    return best->families != 0 ? 0 : NQ_E_NOMEM;
}

/* The cuts of one family each, parts[0..nparts), as one cut: their
 * passes one family after the other (a part with no pass is left out).
 * The parts' pass_of tables move into *out. */
static int join_families(struct nq__join_passes *const *parts, int nparts,
                         struct nq__join_passes *out)
{
    memset(out, 0, sizeof *out);
    size_t keys = 0, passes = 0;
    for (int i = 0; i < nparts; i++) {
        if (parts[i]->count > 0) {
            keys += parts[i]->first[parts[i]->count];
            passes += parts[i]->count;
        }
    }
    out->keys = malloc((keys + 1) * sizeof *out->keys);
    out->first = malloc((passes + 1) * sizeof *out->first);
    if (out->keys == NULL || out->first == NULL) {
        nq__join_passes_free(out);
        return NQ_E_NOMEM;
    }
    out->k = parts[0]->k;
    out->first[0] = 0;
    for (int i = 0; i < nparts; i++) {
        struct nq__join_passes *c = parts[i];
        if (c->count == 0)
            continue;
        size_t at = out->count, key_at = out->first[at];
        memcpy(out->keys + key_at, c->keys,
               c->first[c->count] * sizeof *out->keys);
        for (size_t p = 1; p <= c->count; p++)
            out->first[at + p] = key_at + c->first[p];
        struct nq__join_family *f = &out->family[out->families++];
        *f = c->family[0];
        f->first = at;
        for (size_t x = 0; x < ((size_t)1 << __builtin_popcount(f->fixed)); x++)
            f->pass_of[x] += (uint32_t)at;
        c->family[0].pass_of = NULL; /* now out's */
        out->count += c->count;
        if (c->largest > out->largest)
            out->largest = c->largest;
        if (c->most > out->most)
            out->most = c->most;
        out->built += c->built;
        out->held += c->held;
    }
    return 0;
}

/* A split cut by `fixed` (two families: count_join_passes.c's head) into
 * *cut; with `thirds`, the second family in two (its middle queens in
 * the outer and in the inner half of `fixed`). Returns 0 or NQ_E_NOMEM
 * (it does not fit, or out of memory). */
static int split_cut(const struct cut_ctx *x, uint32_t fixed, bool thirds,
                     struct nq__join_passes *cut)
{
    struct nq__join_passes first, second, third;
    memset(&second, 0, sizeof second);
    memset(&third, 0, sizeof third);
    int k = __builtin_popcount(fixed);
    uint32_t outer = nq__join_fixed_columns(x->n, k / 4 * 2);
    pattern_tops(x->n, fixed, x->group_tops, x->ranks, x->tops);
    struct pass_room r = room(x, fixed);
    int rc = pack(x->n, fixed, first_middles(fixed), x->units, x->count,
                  x->tops, &r, &first);
    if (rc != 0)
        return rc;
    if (!thirds) {
        rc = other_family(x, fixed, &second);
    } else {
        rc = other_family(x, outer, &second);
        if (rc == 0)
            rc = other_family(x, fixed & ~outer, &third);
    }
    if (rc == 0) {
        struct nq__join_passes *parts[] = {&first, &second, &third};
        rc = join_families(parts, thirds ? 3 : 2, cut);
    }
    nq__join_passes_free(&first);
    nq__join_passes_free(&second);
    nq__join_passes_free(&third);
    return rc;
}

/* A shared cut by `fixed`: every unit in one family, odd n's passes
 * sharing patterns; where no split cut fits (small n: the second family
 * finds too few columns to fix). */
static int shared_cut(const struct cut_ctx *x, uint32_t fixed,
                      struct nq__join_passes *cut)
{
    pattern_tops(x->n, fixed, x->group_tops, x->ranks, x->tops);
    struct pass_room r = room(x, fixed);
    return pack(x->n, fixed, UINT64_MAX, x->units, x->count, x->tops, &r, cut);
}

/* The cost of a cut, in tops: those its passes build, PASS_GROUP_TOPS
 * for each group a pass's table holds (its sort goes over them), and for
 * each pass as many as there are groups (the pass's filter and its
 * group_of go over every group and unit). */
#define PASS_GROUP_TOPS 4
static uint64_t cost(const struct nq__join_passes *c, uint64_t groups)
{
    return c->built + c->held * PASS_GROUP_TOPS + c->count * groups;
}

/* Keeps the cheaper of *best and *cut in *best (the first on a tie),
 * frees the other. */
static void keep_better(struct nq__join_passes *best,
                        struct nq__join_passes *cut, uint64_t groups)
{
    if (best->count == 0 || cost(cut, groups) < cost(best, groups)) {
        nq__join_passes_free(best);
        *best = *cut;
    } else {
        nq__join_passes_free(cut);
    }
}

uint64_t nq__join_passes_work(int n, int threads, const uint64_t *group_tops,
                              uint64_t groups, bool estimated, uint64_t room)
{
    uint64_t largest = 0;
    for (uint64_t g = 0; g < groups; g++)
        largest = group_tops[g] > largest ? group_tops[g] : largest;
    /* No pass holds a group larger than the whole table's largest. An
     * estimate's largest runs high (n = 21: 367,774 against 73,829;
     * n = 22: 2.6 million against 440,726), so from one at most a
     * sixteenth of the room, or what the threads take whatever the
     * groups: a table that leaves less room beside it counts on fewer
     * threads. */
    uint64_t work = nq__join_work_bytes(n, threads, largest);
    uint64_t most = nq__join_work_bytes(n, threads, 0);
    most = most > room / 16 ? most : room / 16;
    return estimated && work > most ? most : work;
}

int nq__join_passes_plan(int n, int threads, const struct nq__join_unit *units,
                         uint64_t count, const uint64_t *group_tops,
                         uint64_t budget, uint64_t max_tops,
                         struct nq__join_passes *passes)
{
    memset(passes, 0, sizeof *passes);
    if (n < 4 || n > NQ_JOIN_MAX_N)
        return NQ_E_NOMEM;
    struct nq__join_ranks *ranks = malloc(sizeof *ranks);
    uint64_t *tops = malloc(((size_t)1 << n) * sizeof *tops);
    int rc = NQ_E_NOMEM;
    if (ranks == NULL || tops == NULL)
        goto out;
    nq__join_ranks_init(ranks, n);
    struct cut_ctx x = {.n = n,
                        .units = units,
                        .count = count,
                        .group_tops = group_tops,
                        .ranks = ranks,
                        .tops = tops,
                        .threads = threads,
                        .max_tops = max_tops < NQ_JOIN_TABLE_TOPS_MAX
                                        ? max_tops
                                        : NQ_JOIN_TABLE_TOPS_MAX};
    int rows = n / 2, parts = rows >= 2 && n % 2 == 1 ? 2 : 1;
    uint64_t groups = (uint64_t)parts * nq__join_binomial(n, rows);
    uint32_t before = 0;
    int finer = -1; /* cuts tried since the first that fits */
    for (int k = 2; finer < FINER_CUTS; k += 2) {
        uint32_t fixed = nq__join_fixed_columns(n, k);
        if (fixed == before)
            break; /* no column left to fix */
        before = fixed;
        /* Beside the table: the pass of each key (the second family's,
         * of the fewer columns left inside, is smaller). */
        uint64_t beside = (uint64_t)sizeof(uint32_t)
                          << __builtin_popcount(fixed);
        if (beside >= budget)
            break;
        x.left = budget - beside - 1;
        struct nq__join_passes cut;
        bool fits = false;
        if (split_cut(&x, fixed, false, &cut) == 0) {
            fits = true;
            keep_better(passes, &cut, groups);
        }
        if (n % 2 == 1 && k >= 4 && split_cut(&x, fixed, true, &cut) == 0) {
            fits = true;
            keep_better(passes, &cut, groups);
        }
        if (n % 2 == 1 && shared_cut(&x, fixed, &cut) == 0) {
            fits = true;
            keep_better(passes, &cut, groups);
        }
        if (fits)
            finer++;
        else if (finer >= 0)
            break;
    }
    rc = passes->count > 0 ? 0 : NQ_E_NOMEM;
out:
    if (rc != 0)
        nq__join_passes_free(passes); /* out of memory midway */
    free(tops);
    free(ranks);
    return rc;
}
