/*
 * count_join_table.c - the tops of the half-board join, enumerated by a
 * bitboard search and grouped by column set in two passes (count, then
 * fill). The work is split by the column of the queen in row 0, one task
 * per column on the thread pool; the fill writes each task's tops after
 * those of the tasks before it, so the table never depends on the number
 * of threads.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "count_join.h"
#include "nqueens.h"
#include "tasks.h"

/* The colex rank of a set of columns c_0 < c_1 < ... is the sum of
 * C(c_i, i + 1). Split at column `split`: the low columns' part depends on
 * them alone, the high columns' part on them and on how many low columns
 * come first; two small tables instead of one of 2^n entries. */
#define RANK_SPLIT_MAX 10
struct ranks {
    int split;
    uint32_t low[1 << RANK_SPLIT_MAX];
    uint8_t low_count[1 << RANK_SPLIT_MAX]; /* columns in the low part */
    uint32_t high[RANK_SPLIT_MAX + 1][1 << RANK_SPLIT_MAX];
};

static uint32_t binomial(int a, int b)
{
    if (b < 0 || b > a)
        return 0;
    uint64_t r = 1;
    for (int i = 0; i < b; i++)
        r = r * (uint64_t)(a - i) / (uint64_t)(i + 1);
    return (uint32_t)r;
}

/* Sum of C(split + d_t + 1 ... ) over the columns of `bits` placed from
 * column `offset` on, after `before` smaller columns. */
static uint32_t rank_part(uint32_t bits, int offset, int before)
{
    uint32_t r = 0;
    for (int i = before; bits != 0; i++) {
        int c = __builtin_ctz(bits) + offset;
        bits &= bits - 1;
        r += binomial(c, i + 1);
    }
    return r;
}

static void ranks_init(struct ranks *r, int n)
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

static inline uint32_t rank_of(const struct ranks *r, uint32_t set)
{
    uint32_t low = set & (((uint32_t)1 << r->split) - 1);
    return r->low[low] + r->high[r->low_count[low]][set >> r->split];
}

struct table_build {
    int n, rows;
    const struct ranks *ranks; /* column mask -> colex rank of the set */
    uint32_t *counts;         /* [task][set]: tops found by the task */
    uint64_t *next;           /* [task][set]: next slot (fill pass) */
    struct nq_join_windows windows;
    uint32_t *rest;           /* the table's entries (fill pass) */
    uint8_t *bucket;          /* their buckets until the sort pass */
    const uint64_t *start;    /* sort pass: the table's set offsets */
    uint32_t *bucket_start;   /* sort pass: the table's bucket offsets */
    uint32_t buckets;
    uint64_t largest;         /* sort pass: entries of the largest set */
    uint64_t sets;
    uint64_t room;         /* count pass: the most tops the budget holds */
    atomic_uint_least64_t counted; /* count pass: tops reported so far */
};

/* The count pass reports its tops in batches of this many. */
#define REPORT_EVERY 65536

/* What one task's search writes to. */
struct walk {
    uint32_t *counts; /* count pass: tops per set */
    uint64_t *next;   /* fill pass: next slot per set; NULL when counting */
    uint64_t found;   /* tops so far, not yet reported */
    bool full;        /* count pass: the budget is known to be too small */
};

/* Adds the count pass's tops to the shared total; true once they exceed
 * the room in the budget. */
static bool report(struct table_build *b, struct walk *w)
{
    uint64_t all = atomic_fetch_add_explicit(&b->counted, w->found,
                                             memory_order_relaxed) +
                   w->found;
    w->found = 0;
    w->full = all > b->room;
    return w->full;
}

/* The search below row `row`; `anti` and `main` are the diagonals attacked
 * on that row. Counts (next == NULL) or stores every top. */
static void search(struct table_build *b, struct walk *w, int row,
                   uint32_t cols, uint32_t anti, uint32_t main)
{
    uint32_t full = (b->n == 32) ? UINT32_MAX : ((uint32_t)1 << b->n) - 1;
    uint32_t free_cols = ~(cols | anti | main) & full;
    if (row == b->rows - 1) {
        int shift = b->n - 1;
        uint32_t low = ((uint32_t)1 << shift) - 1;
        while (free_cols != 0) {
            uint32_t bit = free_cols & -free_cols;
            free_cols ^= bit;
            uint32_t rank = rank_of(b->ranks, cols | bit);
            if (w->next == NULL) {
                w->counts[rank]++;
                if (++w->found == REPORT_EVERY)
                    report(b, w);
            } else {
                uint64_t word = (uint64_t)((anti | bit) >> 1) |
                                (uint64_t)((main | bit) & low) << shift;
                uint64_t at = w->next[rank]++;
                b->rest[at] = nq_join_rest(&b->windows, b->n, word);
                b->bucket[at] = (uint8_t)nq_join_bucket(&b->windows, b->n,
                                                        word);
            }
        }
        return;
    }
    while (free_cols != 0 && !w->full) {
        uint32_t bit = free_cols & -free_cols;
        free_cols ^= bit;
        search(b, w, row + 1, cols | bit, (anti | bit) >> 1,
               ((main | bit) << 1) & full);
    }
}

/* Task `column`: the tops with their row-0 queen in that column. */
static void walk_from(struct table_build *b, struct walk *w,
                      size_t column)
{
    uint32_t bit = (uint32_t)1 << column;
    uint32_t full = ((uint32_t)1 << b->n) - 1;
    if (b->rows == 1) {
        /* The one row is also the last: task 0 does it all. */
        if (column == 0)
            search(b, w, 0, 0, 0, 0);
        return;
    }
    search(b, w, 1, bit, bit >> 1, (bit << 1) & full);
}

static int count_task(void *ctx, size_t index, void *result)
{
    (void)result;
    struct table_build *b = ctx;
    struct walk w = {.counts = b->counts + index * b->sets};
    walk_from(b, &w, index);
    return report(b, &w) ? NQ_E_NOMEM : 0;
}

static int fill_task(void *ctx, size_t index, void *result)
{
    (void)result;
    struct table_build *b = ctx;
    struct walk w = {.next = b->next + index * b->sets};
    walk_from(b, &w, index);
    return 0;
}

static int half_rows(int n)
{
    return n / 2; /* odd n: the middle row is not part of a half */
}

/* The sort pass: sets [index * SORT_SETS, ...) sorted by bucket. */
#define SORT_SETS 64

static int sort_task(void *ctx, size_t index, void *result)
{
    (void)result;
    struct table_build *b = ctx;
    uint32_t *scratch = malloc((b->largest + 1) * sizeof *scratch);
    if (scratch == NULL)
        return NQ_E_NOMEM;
    uint64_t first = (uint64_t)index * SORT_SETS;
    uint64_t last = first + SORT_SETS < b->sets ? first + SORT_SETS : b->sets;
    for (uint64_t i = first; i < last; i++) {
        uint64_t from = b->start[i], size = b->start[i + 1] - from;
        uint32_t *bs = b->bucket_start + i * (b->buckets + 1);
        memset(bs, 0, (b->buckets + 1) * sizeof *bs);
        for (uint64_t k = 0; k < size; k++)
            bs[b->bucket[from + k] + 1]++;
        for (uint32_t k = 0; k < b->buckets; k++)
            bs[k + 1] += bs[k];
        memcpy(scratch, b->rest + from, size * sizeof *scratch);
        for (uint64_t k = 0; k < size; k++) {
            /* bs[bucket] runs ahead while placing and ends at the start
             * of the next bucket; shifted back below. */
            b->rest[from + bs[b->bucket[from + k]]++] = scratch[k];
        }
        for (uint32_t k = b->buckets; k > 0; k--)
            bs[k] = bs[k - 1];
        bs[0] = 0;
    }
    free(scratch);
    return 0;
}

int nq_join_table_build(int n, int threads, uint64_t budget,
                        struct nq_join_table *t)
{
    memset(t, 0, sizeof *t);
    int rows = half_rows(n);
    if (n < 2 || n > NQ_JOIN_MAX_N || rows < 1)
        return NQ_E_RANGE;
    struct ranks *ranks = malloc(sizeof *ranks);
    if (ranks == NULL)
        return NQ_E_NOMEM;
    ranks_init(ranks, n);
    uint64_t sets = binomial(n, rows);
    /* Even n: the tasks of the left half's columns; the right half's tops
     * are their mirror images. */
    int mirrored = n % 2 == 0;
    size_t tasks = mirrored ? (size_t)n / 2 : (size_t)n;
    struct table_build b = {.n = n, .rows = rows, .ranks = ranks,
                            .sets = sets, .windows = nq_join_windows_of(n)};
    uint64_t fixed = sizeof *ranks +
                     tasks * sets * (sizeof *b.counts + sizeof *b.next) +
                     (sets + 1) * sizeof *t->start;
    if (fixed >= budget) {
        free(ranks);
        return NQ_E_NOMEM;
    }
    b.buckets = (uint32_t)1 << (2 * b.windows.width);
    fixed += sets * (b.buckets + 1) * sizeof *t->bucket_start;
    if (fixed >= budget) {
        free(ranks);
        return NQ_E_NOMEM;
    }
    b.room = (budget - fixed) / (sizeof *t->rest + sizeof *b.bucket);
    atomic_init(&b.counted, 0);
    b.counts = calloc(tasks * sets, sizeof *b.counts);
    b.next = malloc(tasks * sets * sizeof *b.next);
    t->start = malloc((sets + 1) * sizeof *t->start);
    int rc = NQ_E_NOMEM;
    if (b.counts == NULL || b.next == NULL || t->start == NULL)
        goto out;
    rc = nq_tasks_run(tasks, threads, 0, count_task, NULL, &b);
    if (rc != 0)
        goto out;
    /* Set i holds the tops of task 0, then task 1, ... */
    uint64_t at = 0;
    for (uint64_t i = 0; i < sets; i++) {
        t->start[i] = at;
        for (size_t task = 0; task < tasks; task++) {
            b.next[task * sets + i] = at;
            at += b.counts[task * sets + i];
        }
    }
    t->start[sets] = at;
    rc = NQ_E_NOMEM;
    b.rest = malloc(at * sizeof *b.rest);
    b.bucket = malloc(at * sizeof *b.bucket);
    if (b.rest == NULL || b.bucket == NULL)
        goto out;
    rc = nq_tasks_run(tasks, threads, 0, fill_task, NULL, &b);
    if (rc != 0)
        goto out;
    rc = NQ_E_NOMEM;
    t->bucket_start =
        malloc(sets * (b.buckets + 1) * sizeof *t->bucket_start);
    if (t->bucket_start == NULL)
        goto out;
    b.start = t->start;
    b.bucket_start = t->bucket_start;
    for (uint64_t i = 0; i < sets; i++) {
        if (t->start[i + 1] - t->start[i] > b.largest)
            b.largest = t->start[i + 1] - t->start[i];
    }
    rc = nq_tasks_run((size_t)((sets + SORT_SETS - 1) / SORT_SETS), threads,
                      0, sort_task, NULL, &b);
    if (rc != 0)
        goto out;
    t->n = n;
    t->rows = rows;
    t->mirrored = mirrored;
    t->windows = b.windows;
    t->sets = sets;
    t->rest = b.rest;
    t->buckets = b.buckets;
    b.rest = NULL;
out:
    free(b.rest);
    free(b.bucket);
    free(b.next);
    free(b.counts);
    free(ranks);
    if (rc != 0) {
        free(t->start);
        free(t->bucket_start);
        t->start = NULL;
        t->bucket_start = NULL;
    }
    return rc;
}

void nq_join_table_free(struct nq_join_table *t)
{
    free(t->start);
    free(t->rest);
    free(t->bucket_start);
    memset(t, 0, sizeof *t);
}
