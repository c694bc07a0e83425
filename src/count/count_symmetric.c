/*
 * count_symmetric.c - the solutions unchanged by a half turn (sym180) or a
 * quarter turn (sym90), found by a search of their own: a queen placed at
 * (r, c) brings the whole orbit of (r, c) under the rotation with it, so
 * only about n/2 (or n/4) rows are chosen and the search is tiny next to
 * the count. Burnside's lemma then gives the unique count from the total.
 */
#include <stdbool.h>

#include "count/count_plan.h"

struct sym_search {
    int n;
    int quarter_turns;            /* 1: quarter turn, 2: half turn */
    bool row[NQ_MAX_N];           /* rows holding a queen */
    bool col[NQ_MAX_N];           /* columns holding a queen */
    bool diag1[2 * NQ_MAX_N - 1]; /* r - c + n - 1 */
    bool diag2[2 * NQ_MAX_N - 1]; /* r + c */
};

/* The orbit of (r, c) under the rotation, without repeated cells. */
static int orbit(const struct sym_search *s, int r, int c, int rows[4],
                 int cols[4])
{
    int m = s->n - 1, count = 0;
    int steps = 4 / s->quarter_turns;
    for (int k = 0; k < steps; k++) {
        bool seen = false;
        for (int i = 0; i < count; i++)
            seen = seen || (rows[i] == r && cols[i] == c);
        if (!seen) {
            rows[count] = r;
            cols[count] = c;
            count++;
        }
        /* Rotate by quarter_turns quarter turns: (r, c) -> (c, m - r). */
        for (int q = 0; q < s->quarter_turns; q++) {
            int t = r;
            r = c;
            c = m - t;
        }
    }
    return count;
}

static void mark(struct sym_search *s, int r, int c, bool on)
{
    s->row[r] = s->col[c] = on;
    s->diag1[r - c + s->n - 1] = s->diag2[r + c] = on;
}

static bool is_free(const struct sym_search *s, int r, int c)
{
    return !s->row[r] && !s->col[c] && !s->diag1[r - c + s->n - 1] &&
           !s->diag2[r + c];
}

/* Places the orbit of (r, c) one cell at a time, each checked against the
 * cells before it. Returns how many were placed (all on success). */
static int place_orbit(struct sym_search *s, int r, int c, int *placed)
{
    int rows[4], cols[4];
    int count = orbit(s, r, c, rows, cols);
    *placed = 0;
    for (int i = 0; i < count; i++) {
        if (!is_free(s, rows[i], cols[i]))
            return count;
        mark(s, rows[i], cols[i], true);
        (*placed)++;
    }
    return count;
}

static void remove_orbit(struct sym_search *s, int r, int c, int placed)
{
    int rows[4] = {0}, cols[4] = {0}; /* placed <= the orbit's size */
    orbit(s, r, c, rows, cols);
    for (int i = 0; i < placed; i++)
        mark(s, rows[i], cols[i], false);
}

/* Fills the first empty row at or after `from` with every column in turn,
 * bringing its orbit along. */
static uint64_t sym_search(struct sym_search *s, int from)
{
    int r = from;
    while (r < s->n && s->row[r])
        r++;
    if (r == s->n)
        return 1;
    uint64_t count = 0;
    for (int c = 0; c < s->n; c++) {
        if (!is_free(s, r, c))
            continue; /* the cheap test first: most columns end here */
        int placed;
        if (place_orbit(s, r, c, &placed) == placed)
            count += sym_search(s, r + 1);
        remove_orbit(s, r, c, placed);
    }
    return count;
}

uint64_t nq__symmetric_count(int n, int quarter_turns, int col)
{
    struct sym_search s = {.n = n, .quarter_turns = quarter_turns};
    int placed;
    uint64_t count = 0;
    if (place_orbit(&s, 0, col, &placed) == placed)
        count = sym_search(&s, 1);
    return count;
}
