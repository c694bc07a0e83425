/*
 * solve_join_table.c - the table of bottoms (see solve_join.h).
 *
 * The bottoms are found by a small search over the last rows, in
 * lexicographic order, twice: once to count each group, once to put
 * every bottom in its place, so that a group keeps the search's order
 * and no sort is needed. Both passes can run on several threads, each on
 * the bottoms of a range of columns of the first bottom row: a group
 * holds the first range's bottoms first, so each thread knows from the
 * counts where its own go.
 */
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"
#include "run/pool.h"
#include "solve/solve_join.h"

/* What the search over the bottom rows needs. */
struct bottom_search {
    int n;
    int rows;          /* bottom rows */
    uint32_t board;    /* the n low bits */
    uint32_t first;    /* columns allowed in the first bottom row */
    uint32_t *cursor;  /* per column set: entries counted, or next slot */
    uint32_t *filters; /* NULL: only count */
    uint32_t *rests;
    size_t count;             /* bottoms found */
    size_t cap;               /* stop counting past this many */
    unsigned char row_of[32]; /* the bottom so far: row by column */
};

/* Counts the bottom on column set `set` whose diagonal word is `word`,
 * or puts its entry in place. */
static void add_bottom(struct bottom_search *s, uint32_t set, uint64_t word)
{
    if (s->filters == NULL) {
        s->cursor[set]++;
        return;
    }
    const int shift = solve_join_filter_shift(s->n);
    /* The set's columns from the left: the i-th is rank i of its row. */
    uint32_t ranks = 0, cols = set;
    for (uint32_t i = 0; cols != 0; i++, cols &= cols - 1) {
        int k = s->row_of[__builtin_ctz(cols)];
        ranks |= i << (3 * (s->rows - 1 - k)); /* row a highest */
    }
    uint32_t at = s->cursor[set]++;
    s->filters[at] = solve_join_filter(word, shift);
    s->rests[at] = solve_join_rest(word, shift) | ranks << (2 * shift);
}

/* Every placement of rows r..rows-1 below the masks (bit c = column c of
 * row r: taken columns, attacked along either diagonal), leftmost first;
 * word: the diagonals of rows 0..r-1 on row a (see solve_join.h). */
static void bottom_rows(struct bottom_search *s, int r, uint32_t columns,
                        uint32_t down, uint32_t up, uint64_t word)
{
    if (r == s->rows) {
        add_bottom(s, columns, word);
        s->count++;
        return;
    }
    const int n = s->n;
    uint32_t avail = s->board & ~(columns | down | up);
    if (r == 0)
        avail &= s->first;
    while (avail != 0 && s->count <= s->cap) {
        uint32_t bit = avail & (0u - avail);
        avail ^= bit;
        int d = __builtin_ctz(bit);
        s->row_of[d] = (unsigned char)r;
        uint64_t diagonals = 0;
        if (d - r >= 0)
            diagonals |= (uint64_t)1 << (d - r); /* down-right, on row a */
        if (d + r < n)
            diagonals |= (uint64_t)1 << (n + d + r); /* down-left, on row a */
        bottom_rows(s, r + 1, columns | bit, (down | bit) << 1, (up | bit) >> 1,
                    word | diagonals);
    }
}

void nq__solve_join_free(struct solve_join *j)
{
    free(j->offsets);
    free(j->filters);
    free(j->rests);
    j->offsets = NULL;
    j->filters = NULL;
    j->rests = NULL;
    j->count = 0;
}

/* The most threads that build a table: the parts are columns of a row. */
#define SOLVE_JOIN_BUILD_PARTS 8

/* The search over part `index`'s bottoms, on a worker of the pool. */
static int search_part(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    (void)result;
    struct bottom_search *s = (struct bottom_search *)ctx + index;
    s->count = 0;
    bottom_rows(s, 0, 0, 0, 0, 0);
    return 0;
}

/* Runs search_part on every part, a thread each. */
static int search_parts(struct bottom_search *parts, int nparts)
{
    struct nq__pool_job job = {.count = (size_t)nparts,
                               .threads = nparts,
                               .work = search_part,
                               .ctx = parts};
    return nq__pool_run(&job);
}

int nq__solve_join_build(struct solve_join *j, int n, int threads)
{
    *j = (struct solve_join){.n = n};
    if (n < SOLVE_JOIN_MIN_N || n > SOLVE_JOIN_MAX_N)
        return 1;
    const size_t sets = (size_t)1 << n;
    int nparts = threads < 1 ? 1 : threads;
    nparts = nparts > SOLVE_JOIN_BUILD_PARTS ? SOLVE_JOIN_BUILD_PARTS : nparts;
    nparts = nparts > n / 2 ? n / 2 : nparts;
    nparts = nparts < 1 ? 1 : nparts; /* n >= 4 gives 2, but say so */
    struct bottom_search parts[SOLVE_JOIN_BUILD_PARTS];
    j->offsets = calloc(sets + 1, sizeof *j->offsets);
    bool fail = j->offsets == NULL;
    for (int p = 0; p < nparts; p++) {
        /* Columns [n * p / nparts, n * (p + 1) / nparts) of the first
         * row: halves mirror each other, so two parts do equal work. */
        int lo = n * p / nparts, hi = n * (p + 1) / nparts;
        parts[p] = (struct bottom_search){
            .n = n,
            .board = (uint32_t)sets - 1,
            .first = (uint32_t)(((uint64_t)1 << hi) - ((uint64_t)1 << lo)),
            .cap = SOLVE_JOIN_MAX_ENTRIES};
        parts[p].cursor = calloc(sets, sizeof *parts[p].cursor);
        fail = fail || parts[p].cursor == NULL;
    }
    if (fail)
        goto nomem;
    /* As many bottom rows as fit the budget, up to n / 2 - 1 (more would
     * leave few tops with huge groups; n = 16 takes 7): count each group,
     * from the most rows down, until a count stays within the budget (a
     * count over it stops as soon as it gets there). */
    int most = n / 2 - 1;
    int rows = most < SOLVE_JOIN_MAX_BOTTOM ? most : SOLVE_JOIN_MAX_BOTTOM;
    size_t count = 0;
    for (;; rows--) {
        if (rows == 0) {
            for (int p = 0; p < nparts; p++)
                free(parts[p].cursor);
            nq__solve_join_free(j);
            return 1;
        }
        for (int p = 0; p < nparts; p++) {
            memset(parts[p].cursor, 0, sets * sizeof *parts[p].cursor);
            parts[p].rows = rows;
        }
        if (search_parts(parts, nparts) != 0)
            goto nomem;
        count = 0;
        for (int p = 0; p < nparts; p++)
            count += parts[p].count;
        if (count <= SOLVE_JOIN_MAX_ENTRIES)
            break;
    }
    j->count = count;
    size_t room = j->count > 0 ? j->count : 1;
    /* Plain pages: huge ones (madvise) made the walk 2% faster where the
     * system had them free, but where it must first compact memory to
     * find them, the first touch waited longer than the whole build. */
    j->filters = malloc(room * sizeof *j->filters);
    j->rests = malloc(room * sizeof *j->rests);
    if (j->filters == NULL || j->rests == NULL)
        goto nomem;
    /* A group: part 0's bottoms, then part 1's, and so on. */
    uint32_t at = 0;
    for (size_t set = 0; set < sets; set++) {
        j->offsets[set] = at;
        for (int p = 0; p < nparts; p++) {
            uint32_t mine = parts[p].cursor[set];
            parts[p].cursor[set] = at;
            at += mine;
        }
    }
    j->offsets[sets] = at;
    for (int p = 0; p < nparts; p++) {
        parts[p].filters = j->filters;
        parts[p].rests = j->rests;
    }
    /* Every bottom into its group, in order. */
    if (search_parts(parts, nparts) != 0)
        goto nomem;
    for (int p = 0; p < nparts; p++)
        free(parts[p].cursor);
    j->top_rows = n - rows;
    j->bottom_rows = rows;
    j->shift = solve_join_filter_shift(n);
    j->scan = nq__solve_join_pick_scan();
    return NQ_OK;
nomem:
    for (int p = 0; p < nparts; p++)
        free(parts[p].cursor);
    nq__solve_join_free(j);
    return NQ_E_NOMEM;
}
