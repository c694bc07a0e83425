/*
 * solve_join.c - the table of bottoms and the walk that joins the tops
 * with it (see solve_join.h).
 *
 * The bottoms are found by a small search over the last rows, in
 * lexicographic order, twice: once to count each group, once to put
 * every bottom in its place, so that a group keeps the search's order
 * and no sort is needed.
 */
#include <stdlib.h>

#include "nqueens.h"
#include "solve_join.h"

/* What the search over the bottom rows needs. */
struct bottom_search {
    int n;
    int rows;            /* bottom rows */
    uint32_t board;      /* the n low bits */
    uint32_t *cursor;    /* per column set: entries counted, or next slot */
    uint64_t *entries;   /* NULL: only count */
    size_t count;        /* bottoms found */
    size_t cap;          /* stop counting past this many */
    int cols[SOLVE_JOIN_MAX_BOTTOM]; /* the bottom so far */
};

/* The entry of the bottom in s->cols, on column set `set`. */
static uint64_t bottom_entry(const struct bottom_search *s, uint32_t set)
{
    const int n = s->n;
    uint64_t entry = 0;
    for (int k = 0; k < s->rows; k++) {
        int d = s->cols[k];
        if (d - k >= 0)
            entry |= (uint64_t)1 << (d - k);     /* down-right, on row a */
        if (d + k < n)
            entry |= (uint64_t)1 << (n + d + k); /* down-left, on row a */
        uint64_t rank = (uint64_t)__builtin_popcount(set & ((1u << d) - 1));
        entry |= rank << (2 * n + 3 * k);
    }
    return entry;
}

/* Every placement of rows r..rows-1 below the masks (bit c = column c of
 * row r: taken columns, attacked along either diagonal), leftmost first. */
static void bottom_rows(struct bottom_search *s, int r, uint32_t columns,
                        uint32_t down, uint32_t up)
{
    if (r == s->rows) {
        if (s->entries != NULL)
            s->entries[s->cursor[columns]++] = bottom_entry(s, columns);
        else if (s->cursor != NULL)
            s->cursor[columns]++;
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

/* The most bottom rows whose table fits the budget: as many as possible
 * up to n / 2 - 1 (more would leave few tops with huge groups and a big
 * table; n = 16 takes 7), or 0 when not even one row fits. */
static int choose_bottom_rows(int n)
{
    int most = n / 2 - 1;
    if (most > SOLVE_JOIN_MAX_BOTTOM)
        most = SOLVE_JOIN_MAX_BOTTOM;
    int best = 0;
    for (int rows = 1; rows <= most; rows++) {
        struct bottom_search s = {.n = n,
                                  .rows = rows,
                                  .board = (1u << n) - 1,
                                  .cap = SOLVE_JOIN_MAX_ENTRIES};
        bottom_rows(&s, 0, 0, 0, 0);
        if (s.count > SOLVE_JOIN_MAX_ENTRIES)
            break;
        best = rows;
    }
    return best;
}

void solve_join_free(struct solve_join *j)
{
    free(j->offsets);
    free(j->entries);
    j->offsets = NULL;
    j->entries = NULL;
    j->count = 0;
}

int solve_join_build(struct solve_join *j, int n)
{
    *j = (struct solve_join){.n = n};
    if (n < SOLVE_JOIN_MIN_N || n > SOLVE_JOIN_MAX_N)
        return 1;
    int rows = choose_bottom_rows(n);
    if (rows == 0)
        return 1;
    const size_t sets = (size_t)1 << n;
    struct bottom_search s = {.n = n,
                              .rows = rows,
                              .board = (uint32_t)sets - 1,
                              .cap = SOLVE_JOIN_MAX_ENTRIES};
    j->offsets = calloc(sets + 1, sizeof *j->offsets);
    s.cursor = calloc(sets, sizeof *s.cursor);
    if (j->offsets == NULL || s.cursor == NULL)
        goto nomem;
    bottom_rows(&s, 0, 0, 0, 0); /* counts per column set */
    j->count = s.count;
    j->entries = malloc((j->count > 0 ? j->count : 1) * sizeof *j->entries);
    if (j->entries == NULL)
        goto nomem;
    uint32_t at = 0;
    for (size_t set = 0; set < sets; set++) {
        j->offsets[set] = at;
        at += s.cursor[set];
        s.cursor[set] = j->offsets[set];
    }
    j->offsets[sets] = at;
    s.entries = j->entries;
    s.count = 0;
    bottom_rows(&s, 0, 0, 0, 0); /* every bottom into its group, in order */
    free(s.cursor);
    j->top_rows = n - rows;
    j->bottom_rows = rows;
    j->scan = solve_join_pick_scan();
    return NQ_OK;
nomem:
    free(s.cursor);
    solve_join_free(j);
    return NQ_E_NOMEM;
}

int solve_join_walk_start(struct solve_join_walk *w, const struct solve_join *j,
                          const int *prefix, int base,
                          uint64_t first_row_columns)
{
    w->join = j;
    w->next = w->end = NULL;
    w->nhits = w->hit = 0;
    w->word = 0;
    if (base > j->top_rows)
        return NQ_E_INVAL;
    return kernel_start(&w->top, j->n, prefix, base, j->top_rows,
                        first_row_columns);
}

/* Moves to the next top whose group is not empty; false when none is
 * left. Sets the word, the group's range and columns, and the top's
 * columns in w->cols. */
static bool next_top(struct solve_join_walk *w)
{
    const struct solve_join *j = w->join;
    const int n = j->n;
    const int last = j->top_rows - 1;
    const uint64_t board = ((uint64_t)1 << n) - 1;
    struct kernel *k = &w->top;
    while (kernel_next(k)) {
        /* The last top row's masks are still in the kernel; add its queen
         * and follow the diagonals one row down, onto row a. */
        uint64_t bit = (uint64_t)1 << k->cols[last];
        uint64_t columns = k->columns[last] | bit;
        uint64_t down = ((k->diag_down[last] | bit) << 1) & board;
        uint64_t up = (k->diag_up[last] | bit) >> 1;
        uint32_t set = (uint32_t)(board & ~columns);
        const uint64_t *first = j->entries + j->offsets[set];
        const uint64_t *end = j->entries + j->offsets[set + 1];
        if (first == end)
            continue;
        w->word = down | up << n;
        w->next = first;
        w->end = end;
        for (int r = 0; r <= last; r++)
            w->cols[r] = k->cols[r];
        for (int i = 0; set != 0; i++, set &= set - 1)
            w->group_cols[i] = __builtin_ctz(set);
        return true;
    }
    return false;
}

bool solve_join_walk_next(struct solve_join_walk *w)
{
    const struct solve_join *j = w->join;
    for (;;) {
        if (w->hit < w->nhits) {
            uint64_t e = w->hits[w->hit++] >> (2 * j->n);
            int *bottom = w->cols + j->top_rows;
            for (int k = 0; k < j->bottom_rows; k++, e >>= 3)
                bottom[k] = w->group_cols[e & 7];
            return true;
        }
        if (w->next < w->end) {
            ptrdiff_t left = w->end - w->next;
            int count = left < SOLVE_JOIN_BLOCK ? (int)left : SOLVE_JOIN_BLOCK;
            w->nhits = j->scan(w->next, count, w->word, w->hits);
            w->hit = 0;
            w->next += count;
            continue;
        }
        if (!next_top(w))
            return false;
    }
}
