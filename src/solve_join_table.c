/*
 * solve_join_table.c - the table of bottoms (see solve_join.h).
 *
 * The bottoms are found by a small search over the last rows, in
 * lexicographic order, twice: once to count each group, once to put
 * every bottom in its place, so that a group keeps the search's order
 * and no sort is needed.
 */
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"
#include "solve_join.h"

/* What the search over the bottom rows needs. */
struct bottom_search {
    int n;
    int rows;          /* bottom rows */
    uint32_t board;    /* the n low bits */
    uint32_t *cursor;  /* per column set: entries counted, or next slot */
    uint32_t *filters; /* NULL: only count */
    uint32_t *rests;
    size_t count;                    /* bottoms found */
    size_t cap;                      /* stop counting past this many */
    int cols[SOLVE_JOIN_MAX_BOTTOM]; /* the bottom so far */
};

/* The number of bits set in x (no popcnt instruction needed). */
static uint32_t bits_set(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* Counts the bottom in s->cols, on column set `set`, or puts its entry in
 * place. */
static void add_bottom(struct bottom_search *s, uint32_t set)
{
    if (s->filters == NULL) {
        s->cursor[set]++;
        return;
    }
    const int n = s->n;
    const int shift = solve_join_filter_shift(n);
    uint64_t word = 0;
    uint32_t ranks = 0;
    for (int k = 0; k < s->rows; k++) {
        int d = s->cols[k];
        if (d - k >= 0)
            word |= (uint64_t)1 << (d - k); /* down-right, on row a */
        if (d + k < n)
            word |= (uint64_t)1 << (n + d + k); /* down-left, on row a */
        uint32_t rank = bits_set(set & ((1u << d) - 1));
        ranks |= rank << (3 * k);
    }
    uint32_t at = s->cursor[set]++;
    s->filters[at] = solve_join_filter(word, shift);
    s->rests[at] = solve_join_rest(word, shift) | ranks << (2 * shift);
}

/* Every placement of rows r..rows-1 below the masks (bit c = column c of
 * row r: taken columns, attacked along either diagonal), leftmost first. */
static void bottom_rows(struct bottom_search *s, int r, uint32_t columns,
                        uint32_t down, uint32_t up)
{
    if (r == s->rows) {
        if (s->cursor != NULL)
            add_bottom(s, columns);
        s->count++;
        return;
    }
    uint32_t avail = s->board & ~(columns | down | up);
    while (avail != 0 && s->count <= s->cap) {
        uint32_t bit = avail & (0u - avail);
        avail ^= bit;
        s->cols[r] = __builtin_ctz(bit);
        bottom_rows(s, r + 1, columns | bit, (down | bit) << 1,
                    (up | bit) >> 1);
    }
}

void solve_join_free(struct solve_join *j)
{
    free(j->offsets);
    free(j->filters);
    free(j->rests);
    j->offsets = NULL;
    j->filters = NULL;
    j->rests = NULL;
    j->count = 0;
}

int solve_join_build(struct solve_join *j, int n)
{
    *j = (struct solve_join){.n = n};
    if (n < SOLVE_JOIN_MIN_N || n > SOLVE_JOIN_MAX_N)
        return 1;
    const size_t sets = (size_t)1 << n;
    struct bottom_search s = {
        .n = n, .board = (uint32_t)sets - 1, .cap = SOLVE_JOIN_MAX_ENTRIES};
    j->offsets = calloc(sets + 1, sizeof *j->offsets);
    s.cursor = calloc(sets, sizeof *s.cursor);
    if (j->offsets == NULL || s.cursor == NULL)
        goto nomem;
    /* As many bottom rows as fit the budget, up to n / 2 - 1 (more would
     * leave few tops with huge groups; n = 16 takes 7): count each group,
     * from the most rows down, until a count stays within the budget (a
     * count over it stops as soon as it gets there). */
    int most = n / 2 - 1;
    s.rows = most < SOLVE_JOIN_MAX_BOTTOM ? most : SOLVE_JOIN_MAX_BOTTOM;
    for (;; s.rows--) {
        if (s.rows == 0) {
            free(s.cursor);
            solve_join_free(j);
            return 1;
        }
        memset(s.cursor, 0, sets * sizeof *s.cursor);
        s.count = 0;
        bottom_rows(&s, 0, 0, 0, 0);
        if (s.count <= SOLVE_JOIN_MAX_ENTRIES)
            break;
    }
    j->count = s.count;
    size_t room = j->count > 0 ? j->count : 1;
    j->filters = malloc(room * sizeof *j->filters);
    j->rests = malloc(room * sizeof *j->rests);
    if (j->filters == NULL || j->rests == NULL)
        goto nomem;
    uint32_t at = 0;
    for (size_t set = 0; set < sets; set++) {
        j->offsets[set] = at;
        at += s.cursor[set];
        s.cursor[set] = j->offsets[set];
    }
    j->offsets[sets] = at;
    s.filters = j->filters;
    s.rests = j->rests;
    s.count = 0;
    bottom_rows(&s, 0, 0, 0, 0); /* every bottom into its group, in order */
    free(s.cursor);
    j->top_rows = n - s.rows;
    j->bottom_rows = s.rows;
    j->shift = solve_join_filter_shift(n);
    j->scan = solve_join_pick_scan();
    return NQ_OK;
nomem:
    free(s.cursor);
    solve_join_free(j);
    return NQ_E_NOMEM;
}
