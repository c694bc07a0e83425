/*
 * local_search.c - a seeded local search for one solution of n queens, in
 * the manner of Sosic and Gu's QS4 ("Efficient local search with conflict
 * minimization: a case study of the n-queens problem", IEEE Transactions
 * on Knowledge and Data Engineering 6(5), 1994):
 *
 *  1. The queens start as a permutation, so no two ever share a column;
 *     only diagonals can hold attacks, and a move swaps two rows' columns.
 *  2. Greedy start: rows 0..n-c-1 in turn take a random column among those
 *     not yet used that no queen above attacks (a few random tries, then
 *     any). The last c rows take what is left at random.
 *  3. Repair: a queen under attack swaps columns with a random other row
 *     when the swap lowers the number of collisions (a diagonal holding k
 *     queens counts k - 1), until there are none.
 * The greedy start leaves only a few dozen attacked queens even for 10^7,
 * which is why the whole search is near-linear. Small boards can end in a
 * local minimum; then the search starts again from a fresh permutation.
 *
 * The random numbers come from xoshiro256** seeded by splitmix64 and are
 * drawn in one fixed order with integer arithmetic only, so a seed gives the
 * same solution on every platform.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

/* Rows left to the random tail of the greedy start. */
#define QS_TAIL_ROWS 50
/* Random columns tried for a greedy row before one under attack is taken. */
#define QS_GREEDY_TRIES 64
/* Random partners tried for an attacked queen in one pass. */
#define QS_REPAIR_TRIES 128
/* The most queens a diagonal's byte counter may reach before a swap, which
 * adds at most 2 to it. A start that piles more on one diagonal is made
 * again, and a swap that would pass it is refused; neither ever happens in
 * practice (a start has a few dozen collisions in all), but it keeps every
 * counter within its byte. */
#define QS_COUNTER_LIMIT 253
/* Rows or swaps between two progress calls. */
#define QS_PROGRESS_EVERY (1u << 20)

/* ---- random numbers ----------------------------------------------------- */

struct qs_rng {
    uint64_t s[4];
};

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t qs_next(struct qs_rng *g)
{
    uint64_t *s = g->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A number in 0..range-1 (range < 2^32), by multiply and shift. */
static uint32_t qs_below(struct qs_rng *g, uint32_t range)
{
    return (uint32_t)(((qs_next(g) >> 32) * (uint64_t)range) >> 32);
}

/* ---- the search state -------------------------------------------------- */

struct qs {
    int64_t n;
    int *q;        /* q[row] = column: always a permutation */
    uint8_t *diag; /* queens on each "\" diagonal, index row - col + n - 1 */
    uint8_t *anti; /* queens on each "/" diagonal, index row + col */
    uint64_t collisions; /* sum over diagonals of (queens - 1) where > 0 */
    int *list;           /* rows that may be under attack */
    size_t listed;       /* entries in list */
    size_t list_cap;     /* room in list: it grows only when rows are
                            listed afresh, usually to a few dozen */
    struct qs_rng rng;
    nq_progress_fn progress;
    void *user;
    uint64_t ticks; /* work done, for the progress calls */
};

static bool qs_tick(struct qs *s, uint64_t done)
{
    if (++s->ticks % QS_PROGRESS_EVERY != 0 || s->progress == NULL)
        return false;
    return s->progress(done, (uint64_t)s->n, 0, s->user) != 0;
}

static size_t qs_diag(const struct qs *s, int64_t row, int64_t col)
{
    return (size_t)(row - col + s->n - 1);
}

static size_t qs_anti(int64_t row, int64_t col)
{
    return (size_t)(row + col);
}

/* Puts (row, col) on its diagonals; returns the collisions it adds. */
static int qs_add(struct qs *s, int64_t row, int64_t col)
{
    return (s->diag[qs_diag(s, row, col)]++ > 0) +
           (s->anti[qs_anti(row, col)]++ > 0);
}

/* Takes (row, col) off its diagonals; returns the collisions it removes. */
static int qs_remove(struct qs *s, int64_t row, int64_t col)
{
    return (--s->diag[qs_diag(s, row, col)] > 0) +
           (--s->anti[qs_anti(row, col)] > 0);
}

static bool qs_attacked(const struct qs *s, int64_t row)
{
    int64_t col = s->q[row];
    return s->diag[qs_diag(s, row, col)] > 1 || s->anti[qs_anti(row, col)] > 1;
}

/* True when (row, col) may be added to its diagonals twice over. */
static bool qs_room(const struct qs *s, int64_t row, int64_t col)
{
    return s->diag[qs_diag(s, row, col)] <= QS_COUNTER_LIMIT - 2 &&
           s->anti[qs_anti(row, col)] <= QS_COUNTER_LIMIT - 2;
}

/* Swaps the columns of rows i and j if that lowers the collisions. */
static bool qs_try_swap(struct qs *s, int64_t i, int64_t j)
{
    int64_t ci = s->q[i], cj = s->q[j];
    if (!qs_room(s, i, cj) || !qs_room(s, j, ci))
        return false;
    int64_t delta = 0;
    delta -= qs_remove(s, i, ci);
    delta -= qs_remove(s, j, cj);
    delta += qs_add(s, i, cj);
    delta += qs_add(s, j, ci);
    if (delta < 0) {
        s->q[i] = (int)cj;
        s->q[j] = (int)ci;
        s->collisions -= (uint64_t)-delta;
        return true;
    }
    qs_remove(s, i, cj);
    qs_remove(s, j, ci);
    qs_add(s, i, ci);
    qs_add(s, j, cj);
    return false;
}

/* ---- step 2: the greedy start ----------------------------------------- */

static bool bit_get(const uint64_t *bits, size_t i)
{
    return (bits[i >> 6] >> (i & 63)) & 1;
}

static void bit_set(uint64_t *bits, size_t i)
{
    bits[i >> 6] |= (uint64_t)1 << (i & 63);
}

/* Fills q with a permutation that has few attacks. Returns 0, NQ_E_NOMEM
 * or NQ_E_STOPPED. */
static int qs_greedy_start(struct qs *s)
{
    int64_t n = s->n;
    size_t words = (2 * (size_t)n - 1 + 63) / 64;
    uint64_t *diag_bits = calloc(words, sizeof(uint64_t));
    uint64_t *anti_bits = calloc(words, sizeof(uint64_t));
    if (diag_bits == NULL || anti_bits == NULL) {
        free(diag_bits);
        free(anti_bits);
        return NQ_E_NOMEM;
    }
    for (int64_t i = 0; i < n; i++)
        s->q[i] = (int)i;
    int64_t tail = n > 2 * (int64_t)QS_TAIL_ROWS ? QS_TAIL_ROWS : n / 2;
    int rc = 0;
    for (int64_t i = 0; i < n; i++) {
        uint32_t left = (uint32_t)(n - i);
        int64_t k = i + qs_below(&s->rng, left);
        if (i < n - tail) {
            for (int tries = 1; tries < QS_GREEDY_TRIES; tries++) {
                int64_t c = s->q[k];
                if (!bit_get(diag_bits, qs_diag(s, i, c)) &&
                    !bit_get(anti_bits, qs_anti(i, c)))
                    break;
                k = i + qs_below(&s->rng, left);
            }
        }
        int t = s->q[i];
        s->q[i] = s->q[k];
        s->q[k] = t;
        bit_set(diag_bits, qs_diag(s, i, s->q[i]));
        bit_set(anti_bits, qs_anti(i, s->q[i]));
        if (qs_tick(s, (uint64_t)i)) {
            rc = NQ_E_STOPPED;
            break;
        }
    }
    free(diag_bits);
    free(anti_bits);
    return rc;
}

/* Counts the queens on every diagonal. Returns false when one diagonal
 * holds more than QS_COUNTER_LIMIT queens: then the start is made again. */
static bool qs_count(struct qs *s)
{
    int64_t n = s->n;
    memset(s->diag, 0, (2 * (size_t)n - 1) * sizeof *s->diag);
    memset(s->anti, 0, (2 * (size_t)n - 1) * sizeof *s->anti);
    s->collisions = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t c = s->q[i];
        if (s->diag[qs_diag(s, i, c)] >= QS_COUNTER_LIMIT ||
            s->anti[qs_anti(i, c)] >= QS_COUNTER_LIMIT)
            return false;
        s->collisions += (uint64_t)qs_add(s, i, c);
    }
    return true;
}

static int qs_list_attacked(struct qs *s)
{
    s->listed = 0;
    for (int64_t i = 0; i < s->n; i++) {
        if (!qs_attacked(s, i))
            continue;
        if (s->listed == s->list_cap) {
            size_t cap = s->list_cap ? 2 * s->list_cap : 1024;
            int *grown = realloc(s->list, cap * sizeof *grown);
            if (grown == NULL)
                return NQ_E_NOMEM;
            s->list = grown;
            s->list_cap = cap;
        }
        s->list[s->listed++] = (int)i;
    }
    return 0;
}

/* ---- step 3: repair ------------------------------------------------------ */

/* Swaps attacked queens away until no two attack each other. Returns 0,
 * NQ_E_STOPPED, NQ_E_NOMEM, or 1 when the search is stuck and should start
 * again. */
static int qs_repair(struct qs *s)
{
    int64_t n = s->n;
    uint64_t budget = 64 * (uint64_t)n + 4096; /* tries before giving up */
    uint64_t tried = 0;
    int rc = qs_list_attacked(s);
    while (rc == 0 && s->collisions > 0) {
        if (s->listed == 0) { /* attacks the list missed: look again */
            rc = qs_list_attacked(s);
            if (rc != 0)
                break;
        }
        size_t kept = 0;
        for (size_t k = 0; k < s->listed; k++) {
            int64_t i = s->list[k];
            if (!qs_attacked(s, i))
                continue;
            for (int t = 0; t < QS_REPAIR_TRIES; t++) {
                int64_t j = qs_below(&s->rng, (uint32_t)n);
                tried++;
                if (qs_tick(s, n - (uint64_t)s->listed))
                    return NQ_E_STOPPED;
                if (j != i && qs_try_swap(s, i, j)) {
                    /* The partner may now be attacked: keep it in view,
                     * where that overwrites only entries already read
                     * (one it cannot take is found by the next look). */
                    if (qs_attacked(s, j) && kept < k)
                        s->list[kept++] = (int)j;
                    break;
                }
            }
            if (qs_attacked(s, i))
                s->list[kept++] = (int)i;
        }
        s->listed = kept;
        if (tried > budget)
            return 1;
    }
    return rc;
}

int nq_random_solution(int n, uint64_t seed, int *cols, nq_progress_fn progress,
                       void *user)
{
    if (n < 1)
        return NQ_E_RANGE;
    if (n == 2 || n == 3)
        return NQ_E_NOSOLUTION;
    if (cols == NULL)
        return NQ_E_INVAL;
    if (n == 1) {
        cols[0] = 0;
        return 0;
    }
    struct qs s;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.q = cols;
    s.progress = progress;
    s.user = user;
    uint64_t x = seed;
    for (int k = 0; k < 4; k++)
        s.rng.s[k] = splitmix64(&x);

    size_t lines = 2 * (size_t)n - 1;
    s.diag = malloc(lines * sizeof *s.diag);
    s.anti = malloc(lines * sizeof *s.anti);
    int rc = 0;
    if (s.diag == NULL || s.anti == NULL)
        rc = NQ_E_NOMEM;
    while (rc == 0) {
        rc = qs_greedy_start(&s);
        if (rc != 0)
            break;
        if (!qs_count(&s))
            continue; /* a poor start: make another */
        rc = qs_repair(&s);
        if (rc == 1)
            rc = 0; /* stuck in a local minimum: start again */
        else
            break;
    }
    free(s.diag);
    free(s.anti);
    free(s.list);
    return rc;
}
