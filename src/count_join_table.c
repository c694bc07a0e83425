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

struct table_build {
    int n, rows;
    const uint32_t *rank_of;  /* column mask -> colex rank of the set */
    uint32_t *counts;         /* [task][set]: tops found by the task */
    uint64_t *next;           /* [task][set]: next slot (fill pass) */
    uint64_t *word;           /* the table's words (fill pass) */
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
            uint32_t rank = b->rank_of[cols | bit];
            if (w->next == NULL) {
                w->counts[rank]++;
                if (++w->found == REPORT_EVERY)
                    report(b, w);
            } else {
                b->word[w->next[rank]++] =
                    (uint64_t)((anti | bit) >> 1) |
                    (uint64_t)((main | bit) & low) << shift;
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

/* rank_of[mask] for every mask of `rows` bits out of n, in colex order. */
static uint32_t *rank_table(int n, int rows, uint64_t *sets)
{
    uint32_t *rank_of = calloc((size_t)1 << n, sizeof *rank_of);
    if (rank_of == NULL)
        return NULL;
    uint32_t rank = 0;
    uint32_t mask = ((uint32_t)1 << rows) - 1;
    uint32_t end = (uint32_t)1 << n;
    while (mask < end) {
        rank_of[mask] = rank++;
        /* the next mask with the same number of bits (colex order) */
        uint32_t low = mask & -mask;
        uint32_t ripple = mask + low;
        if (ripple == 0 || rank == 0)
            break;
        mask = ripple | (((mask ^ ripple) >> 2) / low);
    }
    *sets = rank;
    return rank_of;
}

int nq_join_table_build(int n, int threads, uint64_t budget,
                        struct nq_join_table *t)
{
    memset(t, 0, sizeof *t);
    int rows = half_rows(n);
    if (n < 2 || n > NQ_JOIN_MAX_N || rows < 1)
        return NQ_E_RANGE;
    uint64_t sets;
    uint32_t *rank_of = rank_table(n, rows, &sets);
    if (rank_of == NULL)
        return NQ_E_NOMEM;
    size_t tasks = (size_t)n;
    struct table_build b = {.n = n, .rows = rows, .rank_of = rank_of,
                            .sets = sets};
    uint64_t fixed = ((uint64_t)sizeof *rank_of << n) +
                     tasks * sets * (sizeof *b.counts + sizeof *b.next) +
                     (sets + 1) * sizeof *t->start;
    if (fixed >= budget) {
        free(rank_of);
        return NQ_E_NOMEM;
    }
    b.room = (budget - fixed) / sizeof *t->word;
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
    b.word = malloc((at > 0 ? at : 1) * sizeof *b.word);
    if (b.word == NULL)
        goto out;
    rc = nq_tasks_run(tasks, threads, 0, fill_task, NULL, &b);
    if (rc != 0)
        goto out;
    t->n = n;
    t->rows = rows;
    t->sets = sets;
    t->word = b.word;
    b.word = NULL;
out:
    free(b.word);
    free(b.next);
    free(b.counts);
    free(rank_of);
    if (rc != 0) {
        free(t->start);
        t->start = NULL;
    }
    return rc;
}

void nq_join_table_free(struct nq_join_table *t)
{
    free(t->start);
    free(t->word);
    memset(t, 0, sizeof *t);
}
