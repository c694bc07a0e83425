/*
 * count_recount_join.c - a unit of the join counted again for `nqueens
 * audit` by code that shares nothing with the join's: none of its table,
 * buckets, vector kernel or cut.
 *  - Its top halves (the unit's columns, one queen a row in rows 0..h-1)
 *    and its bottom halves (the other columns in rows h..n-1, the middle
 *    queen in its column for odd n) are listed by a plain search, each as
 *    the set of diagonals it takes, both kinds numbered on the whole
 *    board (r + c and c - r + n - 1 for the queen at (r, c)).
 *  - A top and a bottom make a solution exactly when their sets are
 *    disjoint; only n - 1 diagonals of each kind can be taken by both
 *    halves, so each half keeps those 2(n - 1) bits in a word.
 *  - The disjoint pairs are counted by splitting on one bit at a time: of
 *    the tops with the bit only the bottoms without it can pair, so
 *    pairs(A, B) = pairs(A without, B) + pairs(A with, B without), the
 *    bits that rule out the most pairs first; lists too small to split
 *    further have every pair tested.
 * Searching the bottom rows again under every top cost ten times the
 * join a unit; listing each half once costs about twice (n = 20), which
 * an audit of a sample of 1% within 3% of the count needs.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "common/bits.h"
#include "count/count_plan.h"

/* Lists no larger than this (the product of their lengths) have every
 * pair tested: the vector loop over pairs costs less than splitting
 * further (measured at n = 18 to 20 with AVX2: 4,096 pairs took a third
 * longer). */
#define LEAF_PAIRS 65536

/* The words of one side's halves. */
struct halves {
    uint64_t *word;
    size_t len, cap;
};

struct half_search {
    int n;
    int last;                /* the search stops after row last - 1 */
    const uint64_t *allowed; /* the columns row r may take */
    int h;                   /* the rows of the top half */
    uint64_t keep;           /* n - 1 bits */
    struct halves *out;
    bool nomem;
};

static void push(struct half_search *s, uint64_t word)
{
    struct halves *h = s->out;
    if (h->len == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 1024;
        uint64_t *grown = realloc(h->word, cap * sizeof *grown);
        if (grown == NULL) {
            s->nomem = true;
            return;
        }
        h->word = grown;
        h->cap = cap;
    }
    h->word[h->len++] = word;
}

/* Every placement of rows row .. last - 1 beside the queens whose columns
 * and diagonals are given: bit r + c of sums, bit c - r + n - 1 of diffs
 * for the queen at (r, c). The diagonals both halves can take are sums
 * h .. h + n - 2 and diffs n - h .. 2n - 2 - h. */
static void search(struct half_search *s, int row, uint64_t cols, uint64_t sums,
                   uint64_t diffs)
{
    if (s->nomem)
        return;
    int n = s->n;
    if (row == s->last) {
        push(s,
             ((sums >> s->h) & s->keep) |
                 (((diffs >> ((n - s->h) & 63)) & s->keep) << ((n - 1) & 63)));
        return;
    }
    /* The squares of this row on a diagonal already taken: r + c = sum
     * at column sum - row, c - r + n - 1 = diff at diff - (n - 1 - row)
     * (row < n: the shift is never negative; the shifts are masked
     * for the analyser, which cannot tell). */
    uint64_t open = s->allowed[row] & ~cols & ~(sums >> row) &
                    ~(diffs >> ((n - 1 - row) & 63));
    while (open != 0) {
        int c = __builtin_ctzll(open);
        open &= open - 1;
        search(s, row + 1, cols | (uint64_t)1 << c,
               sums | (uint64_t)1 << (row + c),
               diffs | (uint64_t)1 << ((c - row + n - 1) & 63));
    }
}

/* Moves the words without `bit` to the front; returns how many. */
static size_t partition(uint64_t *w, size_t len, uint64_t bit)
{
    size_t lo = 0, hi = len;
    for (;;) {
        while (lo < hi && (w[lo] & bit) == 0)
            lo++;
        while (lo < hi && (w[hi - 1] & bit) != 0)
            hi--;
        if (lo >= hi)
            return lo;
        uint64_t t = w[lo];
        w[lo] = w[hi - 1];
        w[hi - 1] = t;
    }
}

NQ_VECTOR_CLONES
static uint64_t every_pair(const uint64_t *a, size_t na, const uint64_t *b,
                           size_t nb)
{
    uint64_t count = 0;
    for (size_t i = 0; i < na; i++) {
        uint64_t x = a[i];
        for (size_t j = 0; j < nb; j++)
            count += (x & b[j]) == 0;
    }
    return count;
}

/* The pairs of a[0..na) and b[0..nb) with no bit in common, splitting on
 * bits[0..nbits). The lists are reordered, each within its range. */
static uint64_t disjoint_pairs(uint64_t *a, size_t na, uint64_t *b, size_t nb,
                               const uint64_t *bits, int nbits)
{
    if (na == 0 || nb == 0)
        return 0;
    if (nbits == 0 || na * nb <= LEAF_PAIRS)
        return every_pair(a, na, b, nb);
    if (na < nb) { /* split the longer list: the shorter is kept whole */
        uint64_t *t = a;
        a = b;
        b = t;
        size_t tn = na;
        na = nb;
        nb = tn;
    }
    size_t a0 = partition(a, na, bits[0]);
    size_t b0 = partition(b, nb, bits[0]);
    /* The words of a with the bit against b's without it first: the
     * other call reorders all of b, this one only b[0..b0). */
    uint64_t with = disjoint_pairs(a + a0, na - a0, b, b0, bits + 1, nbits - 1);
    return with + disjoint_pairs(a, a0, b, nb, bits + 1, nbits - 1);
}

/* The bits that both lists set, those that rule out the most pairs (the
 * product of the two lists' counts) first; returns how many. */
static int split_order(const struct halves *a, const struct halves *b,
                       int width, uint64_t bits[64])
{
    uint64_t in_a[64] = {0}, in_b[64] = {0};
    for (size_t i = 0; i < a->len; i++)
        for (uint64_t w = a->word[i]; w != 0; w &= w - 1)
            in_a[__builtin_ctzll(w)]++;
    for (size_t i = 0; i < b->len; i++)
        for (uint64_t w = b->word[i]; w != 0; w &= w - 1)
            in_b[__builtin_ctzll(w)]++;
    double ruled_out[64];
    int count = 0;
    for (int i = 0; i < width; i++) {
        if (in_a[i] == 0 || in_b[i] == 0)
            continue;
        ruled_out[count] = (double)in_a[i] * (double)in_b[i];
        bits[count++] = (uint64_t)1 << i;
    }
    for (int i = 1; i < count; i++) { /* insertion sort, largest first */
        double r = ruled_out[i];
        uint64_t bit = bits[i];
        int j = i;
        for (; j > 0 && ruled_out[j - 1] < r; j--) {
            ruled_out[j] = ruled_out[j - 1];
            bits[j] = bits[j - 1];
        }
        ruled_out[j] = r;
        bits[j] = bit;
    }
    return count;
}

int nq__recount_join_unit(int n, uint64_t top, int middle, uint64_t *out)
{
    /* The top rows 0 .. h - 1 on the unit's columns; the others (from the
     * middle row, for odd n) on the rest. */
    uint64_t full = ((uint64_t)1 << n) - 1;
    uint64_t bottom = full & ~top & ~(middle < 0 ? 0 : (uint64_t)1 << middle);
    int h = n / 2;
    uint64_t allowed[NQ_MAX_N] = {0};
    for (int r = 0; r < n; r++)
        allowed[r] = r < h ? top : bottom;
    if (middle >= 0)
        allowed[h] = (uint64_t)1 << middle;

    struct halves tops = {NULL, 0, 0}, bottoms = {NULL, 0, 0};
    struct half_search s = {.n = n,
                            .last = h,
                            .allowed = allowed,
                            .h = h,
                            .keep = ((uint64_t)1 << (n - 1)) - 1,
                            .out = &tops};
    search(&s, 0, 0, 0, 0);
    s.last = n;
    s.out = &bottoms;
    if (!s.nomem)
        search(&s, h, 0, 0, 0);
    int status = NQ_E_NOMEM;
    if (!s.nomem) {
        uint64_t bits[64];
        int nbits = split_order(&tops, &bottoms, 2 * (n - 1), bits);
        *out = disjoint_pairs(tops.word, tops.len, bottoms.word, bottoms.len,
                              bits, nbits);
        status = 0;
    }
    free(tops.word);
    free(bottoms.word);
    return status;
}
