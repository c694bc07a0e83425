/*
 * count_join.c - the count of one unit of the half-board join (see
 * count_join.h for the idea).
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
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "count/join/count_join.h"
#include "nqueens.h"
#include "run/pool.h"

struct nq__join_windows nq__join_windows_of(int n, bool wide)
{
    int half = n - 1;
    /* The rest must fit 32 bits: 2 (n - 1 - width) <= 32. An odd width
     * lets the windows sit symmetric under the mirror: even n, both at
     * the same place; odd n, the first a bit further on (see rewrite()).
     * Up to n = 17 the sides are small and 1 bit (4 buckets) does best:
     * more buckets spare pairs, but cost more in sorting and copying
     * than the vector loop spends on those pairs (n = 16: 5% faster than
     * 3 bits; n = 17: 0.49 s for its join with 1 or 2 bits, 0.81 s with
     * 3). From n = 18 on, 3 bits (n = 18 took 1.3 times as long with
     * 1); at n = 20 and from n = 22 on, 5, wide (n = 23 is compact too):
     * 1,024 buckets spare about two thirds of the pairs, but their upkeep
     * is paid by every unit, which only large sides repay (n = 20: about
     * 130 -> 87 s; n = 18 took twice as long with them, and n = 19, whose
     * units are smaller, one for each middle column, five times). */
    int width = n <= 17 ? 1 : 3;
    wide = (wide && n >= 8) || n == 20 || n >= 22;
    if (wide)
        width = 5;
    if (width > half)
        width = half;
    int second = n % 2 == 0 ? (half - width) / 2 : (half - width - 1) / 2;
    if (second < 0)
        second = 0;
    int first = n % 2 == 0 ? second : second + 1;
    if (first + width > half)
        first = half - width;
    return (struct nq__join_windows){width, wide ? width - 2 : width, first,
                                     second};
}

struct cut_word {
    uint32_t rest, bucket;
};

/* Rewrites e as nq__join_rewrite_rest() says; the bucket, two halves of
 * `width` bits side by side, alike. */
static inline struct cut_word rewrite(struct cut_word e, bool mirror,
                                      enum nq__join_flip flip, int rest_half,
                                      int width)
{
    int bucket_bits = 2 * width;
    uint32_t bucket_low = ((uint32_t)1 << width) - 1;
    e.rest = nq__join_rewrite_rest(e.rest, mirror, flip, rest_half);
    if (mirror)
        e.bucket = nq__join_reverse32(e.bucket) >> (32 - bucket_bits);
    if (flip != NQ_JOIN_AS_TOP)
        e.bucket = (e.bucket >> width) | (e.bucket & bucket_low) << width;
    return e;
}

/* One side of a unit, sorted by bucket. */
struct side {
    uint32_t *rest; /* the rests, bucket by bucket */
    size_t *start;  /* buckets + 1 offsets into rest */
    size_t buckets;
};

/* A stored group read one way. */
struct source {
    uint64_t group; /* the table's held group (nq__join_held()) */
    bool mirror;
    enum nq__join_flip flip;
    struct cut_word drop; /* stored entries sharing a bit with it are left
                             out: those that attack the middle queen */
    uint8_t drop_edge;    /* compact: the same for the edge bits */
    /* the stored bucket (all bits of both windows) that becomes bucket y */
    uint32_t stored[NQ_JOIN_SIDE_BUCKETS_MAX];
    /* Wide windows: where the entries of each fine value begin within
     * each of the table's buckets (NQ_JOIN_FINE + 1 a bucket, from the
     * group's first entry); NULL otherwise. */
    uint32_t *fine_start;
};

/* The buckets a unit's sides are sorted into: every bit of both
 * windows. */
static uint32_t side_buckets(const struct nq__join_table *t)
{
    return (uint32_t)1 << (2 * t->windows.width);
}

/* Fills src->fine_start for its group: the entries of each bucket are
 * sorted by their fine bits. */
static void find_fine_starts(const struct nq__join_table *t, struct source *src)
{
    const uint32_t *bs = t->bucket_start + src->group * (t->buckets + 1);
    const uint8_t *extra =
        t->fine_at == 0 ? t->extra + t->start[src->group] : NULL;
    const uint32_t *rest = t->rest + t->start[src->group];
    for (uint32_t c = 0; c < t->buckets; c++) {
        uint32_t *fs = src->fine_start + (size_t)c * (NQ_JOIN_FINE + 1);
        uint32_t k = bs[c];
        for (uint32_t f = 0; f < NQ_JOIN_FINE; f++) {
            fs[f] = k;
            while (k < bs[c + 1] &&
                   (extra != NULL ? (uint32_t)(extra[k] >> NQ_JOIN_FINE_SHIFT)
                                  : rest[k] >> t->fine_at) == f)
                k++;
        }
        fs[NQ_JOIN_FINE] = k;
    }
}

/* The stored word bits of a top that attacks the middle row's column m
 * (none for m < 0). */
static struct cut_word attacks_middle(const struct nq__join_table *t, int m,
                                      uint8_t *edge)
{
    struct cut_word drop = {0, 0};
    *edge = 0;
    if (m < 0)
        return drop;
    int n = t->n;
    uint64_t hits = 0;
    if (m <= n - 2)
        hits |= (uint64_t)1 << m; /* the anti-diagonal at column m */
    if (m >= 1)
        hits |= (uint64_t)1 << (n - 1 + m - 1); /* the main one */
    uint64_t rest = nq__join_rest(&t->windows, n, hits);
    int half = n - 1 - t->windows.width;
    drop.rest = nq__join_stored_rest(rest, half, t->compact);
    if (t->compact)
        *edge = nq__join_edge(rest, half);
    drop.bucket = nq__join_bucket(&t->windows, n, hits);
    return drop;
}

/* Source of the tops with columns `set` stored in `part`, mirrored or
 * not, read as `flip` says, for middle queen m. */
static struct source *source_add(struct source *src,
                                 const struct nq__join_table *t, int part,
                                 uint32_t set, bool mirror,
                                 enum nq__join_flip flip, int m,
                                 uint32_t *fine_start)
{
    int n = t->n;
    if (mirror)
        set = nq__join_mirror(set, n);
    src->group = nq__join_held(t, (uint64_t)part * t->sets +
                                      nq__join_rank(t->ranks, set));
    if (src->group == NQ_JOIN_NO_GROUP)
        return src + 1; /* another pass's: nq__join_count() says so */
    src->mirror = mirror;
    src->flip = flip;
    /* A stored top seen in the mirror attacks m when it attacks the
     * column opposite. */
    src->drop =
        attacks_middle(t, m < 0 || !mirror ? m : n - 1 - m, &src->drop_edge);
    int rest_half = t->rest_half;
    for (uint32_t b = 0; b < side_buckets(t); b++) {
        struct cut_word e = rewrite((struct cut_word){0, b}, mirror, flip,
                                    rest_half, t->windows.width);
        src->stored[e.bucket] = b;
    }
    src->fine_start = NULL;
    if (t->windows.inner != t->windows.width) {
        src->fine_start = fine_start;
        find_fine_starts(t, src);
    }
    return src + 1;
}

/* Fills s from the sources, bucket by bucket. */
static void side_fill(struct side *s, const struct nq__join_table *t,
                      const struct source *src, int nsrc)
{
    int rest_half = t->rest_half;
    uint32_t buckets = side_buckets(t);
    size_t at = 0;
    for (uint32_t y = 0; y < buckets; y++) {
        s->start[y] = at;
        for (int k = 0; k < nsrc; k++) {
            uint32_t b = src[k].stored[y];
            if ((b & src[k].drop.bucket) != 0)
                continue;
            /* The stored entries of bucket b: [from, to) in the group. */
            uint32_t from, to;
            if (src[k].fine_start != NULL) {
                const uint32_t *fs = src[k].fine_start +
                                     (size_t)nq__join_coarse(&t->windows, b) *
                                         (NQ_JOIN_FINE + 1) +
                                     nq__join_fine(&t->windows, b);
                from = fs[0];
                to = fs[1];
            } else {
                const uint32_t *bs =
                    t->bucket_start + src[k].group * (t->buckets + 1);
                from = bs[b];
                to = bs[b + 1];
            }
            const uint32_t *rest = t->rest + t->start[src[k].group];
            struct nq__join_way way = {src[k].mirror, src[k].flip, rest_half,
                                       src[k].drop.rest, t->fine_at != 0};
            if (src[k].drop_edge != 0) {
                const uint8_t *extra = t->extra + t->start[src[k].group];
                at +=
                    nq__join_fill_edge(s->rest + at, rest + from, extra + from,
                                       to - from, &way, src[k].drop_edge);
                continue;
            }
            at += t->fill(s->rest + at, rest + from, to - from, &way);
        }
    }
    s->start[buckets] = at;
}

/* The entries the sources hold, before any are left out. */
static size_t sources_size(const struct nq__join_table *t,
                           const struct source *src, int nsrc)
{
    size_t size = 0;
    for (int k = 0; k < nsrc; k++)
        size += (size_t)(t->start[src[k].group + 1] - t->start[src[k].group]);
    return size;
}

static int side_alloc(struct side *s, size_t size, size_t buckets)
{
    s->buckets = buckets;
    s->rest = malloc((size + NQ_JOIN_FILL_PAD) * sizeof *s->rest);
    s->start = malloc((buckets + 1) * sizeof *s->start);
    return s->rest != NULL && s->start != NULL ? 0 : NQ_E_NOMEM;
}

static void side_free(struct side *s)
{
    free(s->rest);
    free(s->start);
}

/* The bytes nq__join_count() allocates for a unit whose sides hold `size`
 * entries each at most, under windows w. */
static uint64_t count_bytes_of(struct nq__join_windows w, uint64_t size)
{
    uint64_t buckets = (uint64_t)1 << (2 * w.inner);
    uint64_t sides = (uint64_t)1 << (2 * w.width); /* side_buckets() */
    uint64_t fine = w.inner != w.width ? 6 * buckets * (NQ_JOIN_FINE + 1) : 0;
    uint64_t side = (size + NQ_JOIN_FILL_PAD) + (sides + 1);
    return (2 * side + 2 * (size + 1) + fine) * sizeof(uint32_t);
}

uint64_t nq__join_count_bytes(int n, bool wide, uint64_t largest)
{
    /* A side takes a group of each part of the set, and of the left
     * half's mirror images (source_add()); the candidates (also
     * join_sides()'s scratch for either side) and the bottom's halves as
     * many entries. */
    int parts = n % 2 == 1 ? 2 : 1;
    return count_bytes_of(nq__join_windows_of(n, wide), (parts + 1) * largest);
}

int nq__join_run_threads(const struct nq__join_table *t, int threads)
{
    /* A table not built (a plan without one, as the constellations')
     * has it zeroed: no bound. */
    if (t->threads > 0 && t->threads < nq__pool_threads(threads))
        return t->threads;
    return threads;
}

/* The widest windows, and the values of one window's bits. */
#define WINDOW_BITS_MAX 5
#define WINDOW_VALUES_MAX (1 << WINDOW_BITS_MAX)

/* Appends the bottoms of runs [begin[v], end[v]) of `from` for every
 * v within `open` (v = low | (subset of open) << shift) to out[*len...]. */
static void gather(uint32_t *out, size_t *len, const uint32_t *from,
                   const size_t *begin, const size_t *end, uint32_t low,
                   uint32_t open, int shift)
{
    uint32_t v = open;
    for (;;) {
        uint32_t at = low | v << shift;
        size_t size = end[at] - begin[at];
        if (size != 0) {
            memcpy(out + *len, from + begin[at], size * sizeof *out);
            *len += size;
        }
        if (v == 0)
            break;
        v = (v - 1) & open;
    }
}

/* The rest bit that splits both sides: a top and a bottom that both have
 * it share it, so those pairs are never tested. Of the bits of n = 18's
 * rests, it is set in about 54% of the tops and 43% of the bottoms that
 * meet (the most of any bit), which spares about 23% of the tests. */
static int split_bit(const struct nq__join_table *t)
{
    return t->rest_half + t->rest_half / 2;
}

/* Reorders run[0..len), words with `bit` first; returns how many have
 * it. Without branches (which half the words would mispredict): the
 * words with the bit move down in place, the others go to scratch (room
 * for len words) and back after them. */
static size_t split_run(uint32_t *run, size_t len, uint32_t bit,
                        uint32_t *scratch)
{
    size_t with = 0, without = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t w = run[i];
        size_t has = (w & bit) != 0;
        run[with] = w; /* with <= i: a word already read */
        scratch[without] = w;
        with += has;
        without += 1 - has;
    }
    memcpy(run + with, scratch, without * sizeof *run);
    return with;
}

/* Splits each bucket's run of s by `bit` (split_run(); scratch has room
 * for the side): ones[y] is where run y's words without it begin. */
static void split_runs(const struct side *s, uint32_t bit, uint32_t *scratch,
                       size_t *ones)
{
    for (size_t y = 0; y < s->buckets; y++) {
        size_t from = s->start[y];
        ones[y] = from + split_run(s->rest + from, s->start[y + 1] - from, bit,
                                   scratch);
    }
}

/* The most side buckets whose runs are split by split_bit(): narrow
 * windows (64 buckets). Wide ones leave a few words a run, too few to
 * repay the split. Only even n are split: odd n's rests are laid out
 * otherwise, and with the same bit n = 17 took 5% longer (n = 19 the
 * same time). */
#define SPLIT_BUCKETS_MAX 64

/* Counts the pairs of a top of bucket x and a bottom of bucket y with
 * x & y == 0 whose rests share no bit. A bucket is the bits of two
 * windows, low and high; the bottoms that can meet x are gathered one
 * window at a time: for each high part of x, those whose high part misses
 * it, in order of their low part (`half`); then for each x, the runs of
 * `half` whose low part misses x's (`cand`). That is 2 * 6^w copies a
 * unit for windows of w bits, not 3^(2w): 15,552 instead of 59,049 for
 * wide windows. With narrow windows both sides' runs are split by
 * split_bit() too, and the bottoms gathered with it first, then without:
 * the tops without the bit meet all of them, the tops with it only the
 * bottoms without. cand has room for either side, half for the bottom.
 * Returns 0, or NQ_E_INVAL for windows wider than 5 bits (none are). */
static int join_sides(const struct nq__join_table *t, const struct side *top,
                      const struct side *bottom, uint32_t *half, uint32_t *cand,
                      uint64_t *count)
{
    int w = t->windows.width;
    if (w < 0 || w > WINDOW_BITS_MAX)
        return NQ_E_INVAL;
    uint32_t values = (uint32_t)1 << w, all = values - 1;
    /* The bottoms' runs of each class (with the bit, without it; one
     * class where not split): [begin[k][y], end[k][y]). */
    bool split = t->n % 2 == 0 && top->buckets <= SPLIT_BUCKETS_MAX &&
                 bottom->buckets <= SPLIT_BUCKETS_MAX;
    size_t top_ones[SPLIT_BUCKETS_MAX], bottom_ones[SPLIT_BUCKETS_MAX];
    const size_t *begin[2] = {bottom->start, bottom->start};
    const size_t *end[2] = {bottom->start + 1, bottom->start + 1};
    int classes = 1;
    if (split) {
        uint32_t bit = (uint32_t)1 << split_bit(t);
        split_runs(top, bit, cand, top_ones);
        split_runs(bottom, bit, cand, bottom_ones);
        end[0] = bottom_ones;
        begin[1] = bottom_ones;
        classes = 2;
    }
    size_t half_start[2][WINDOW_VALUES_MAX + 1] = {{0}};
    uint32_t gathered = UINT32_MAX; /* the high part `half` is for */
    uint64_t total = 0;
    for (uint32_t x = 0; x < top->buckets; x++) {
        size_t np = top->start[x + 1] - top->start[x];
        if (np == 0)
            continue;
        uint32_t high = x >> w, low = x & all;
        if (high != gathered) {
            size_t nh = 0;
            for (int k = 0; k < classes; k++) {
                for (uint32_t y = 0; y < values; y++) {
                    half_start[k][y] = nh;
                    gather(half, &nh, bottom->rest, begin[k], end[k], y,
                           all & ~high, w);
                }
                half_start[k][values] = nh;
            }
            gathered = high;
        }
        size_t nc = 0, without_at = 0; /* where those without the bit begin */
        for (int k = 0; k < classes; k++) {
            if (k == 1)
                without_at = nc;
            gather(cand, &nc, half, half_start[k], half_start[k] + 1, 0,
                   all & ~low, 0);
        }
        const uint32_t *p = top->rest + top->start[x];
        if (!split) {
            total += t->pairs(p, np, cand, nc);
            continue;
        }
        size_t np_with = top_ones[x] - top->start[x];
        total += t->pairs(p + np_with, np - np_with, cand, nc);
        total += t->pairs(p, np_with, cand + without_at, nc - without_at);
    }
    *count = total;
    return 0;
}

/* Whether the table holds every source's group. */
static bool all_held(const struct source *src, int nsrc)
{
    for (int k = 0; k < nsrc; k++) {
        if (src[k].group == NQ_JOIN_NO_GROUP)
            return false;
    }
    return true;
}

int nq__join_count(const struct nq__join_table *t,
                   const struct nq__join_unit *u, uint64_t *count)
{
    int n = t->n, m = u->middle;
    uint32_t full = ((uint32_t)1 << n) - 1;
    uint32_t middle = m < 0 ? 0 : (uint32_t)1 << m;
    uint32_t top_set = u->top, bottom_set = full & ~u->top & ~middle;
    /* A compact table's odd flip is a swap, as for even n (count_join.h). */
    enum nq__join_flip flip =
        n % 2 == 0 || t->compact ? NQ_JOIN_FLIP_EVEN : NQ_JOIN_FLIP_ODD;

    /* Every top of a set: as stored in each part, and the mirror images
     * of the left half's (see count_join.h). The middle queen lies on
     * the boundary row of both halves, so both leave out what attacks
     * it. */
    struct source tops[3], bottoms[3], *end_top = tops, *end_bottom = bottoms;
    /* Wide windows: each source's fine starts. */
    size_t fine_size = (size_t)t->buckets * (NQ_JOIN_FINE + 1);
    uint32_t *fine = NULL;
    if (t->windows.inner != t->windows.width) {
        fine = malloc(6 * fine_size * sizeof *fine);
        if (fine == NULL)
            return NQ_E_NOMEM;
    }
    uint32_t *next_fine = fine;
    for (int part = 0; part < t->parts; part++) {
        end_top = source_add(end_top, t, part, top_set, false, NQ_JOIN_AS_TOP,
                             m, next_fine);
        end_bottom = source_add(end_bottom, t, part, bottom_set, false, flip, m,
                                fine == NULL ? NULL : next_fine + fine_size);
        if (fine != NULL)
            next_fine += 2 * fine_size;
    }
    if (t->mirrored) {
        end_top = source_add(end_top, t, 0, top_set, true, NQ_JOIN_AS_TOP, m,
                             next_fine);
        end_bottom = source_add(end_bottom, t, 0, bottom_set, true, flip, m,
                                fine == NULL ? NULL : next_fine + fine_size);
    }
    int ntops = (int)(end_top - tops), nbottoms = (int)(end_bottom - bottoms);
    if (!all_held(tops, ntops) || !all_held(bottoms, nbottoms)) {
        free(fine);
        return NQ_E_INVAL; /* a unit of another pass */
    }

    struct side top = {0}, bottom = {0};
    size_t nbottom = sources_size(t, bottoms, nbottoms);
    size_t ntop = sources_size(t, tops, ntops);
    /* cand is join_sides()'s scratch for either side too. */
    size_t ncand = ntop > nbottom ? ntop : nbottom;
    uint32_t *cand = malloc((ncand + 1) * sizeof *cand);
    uint32_t *half = malloc((nbottom + 1) * sizeof *half);
    int rc = NQ_E_NOMEM;
    if (cand == NULL || half == NULL ||
        side_alloc(&top, ntop, side_buckets(t)) != 0 ||
        side_alloc(&bottom, nbottom, side_buckets(t)) != 0)
        goto out;
    side_fill(&top, t, tops, ntops);
    side_fill(&bottom, t, bottoms, nbottoms);
    rc = join_sides(t, &top, &bottom, half, cand, count);
out:
    free(fine);
    free(half);
    free(cand);
    side_free(&top);
    side_free(&bottom);
    return rc;
}
