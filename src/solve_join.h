/*
 * solve_join.h - every solution in lexicographic order, meet in the
 * middle: the fast enumeration behind nq_solve().
 *
 * The board is cut into top rows 0..a-1 and bottom rows a..n-1. Every
 * placement of the bottom rows alone (a "bottom") is computed once and
 * kept in a table, grouped by the set of columns it uses; inside a group
 * the bottoms stay in lexicographic order of their columns. The tops are
 * then enumerated in lexicographic order by the bitboard kernel, and a
 * top's completions are the bottoms of the complementary group whose
 * diagonals it does not attack: one AND per bottom, many at a time in
 * vector registers, instead of a search of the last rows below every top.
 * Because the tops come in order and each group is sorted, top + bottom
 * comes out in lexicographic order, as the plain search yields it.
 *
 * The diagonals are compared on the boundary row a: a top queen's
 * diagonals are followed down to row a, a bottom queen's (row a + k,
 * column d) up to it, where its down-right diagonal stands in column
 * d - k and its down-left one in column d + k. A top and a bottom meet on
 * a diagonal exactly when these columns meet, and only columns 0..n-1
 * can meet: so each side is one word of 2n bits (down-right columns in
 * bits 0..n-1, down-left ones in bits n..2n-1). Private to the library.
 */
#ifndef NQ_SOLVE_JOIN_H
#define NQ_SOLVE_JOIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

/* The join serves 4 <= n <= SOLVE_JOIN_MAX_N: an entry (2n bits of
 * diagonals and 3 bits per bottom row) fits 64 bits, and the group index
 * (2^n offsets) stays small. Other n take the plain search. */
#define SOLVE_JOIN_MIN_N 4
#define SOLVE_JOIN_MAX_N 20
#define SOLVE_JOIN_MAX_BOTTOM 8 /* bottom rows: 3 bits name a column */

/* The table's entries stay within this many, so that it takes at most
 * 32 MiB (n = 16: 3,998,456 bottoms of 7 rows). */
#define SOLVE_JOIN_MAX_ENTRIES ((size_t)4 << 20)

/* Entries compared with a top at a time (a scan block). */
#define SOLVE_JOIN_BLOCK 64

/* The bottoms of one n, read-only once built (threads share it). An
 * entry is the bottom's diagonal word in bits 0..2n-1, then from bit 2n
 * on, 3 bits per bottom row (row a first): the rank of its column among
 * the group's columns (0 = the leftmost), which with the group's column
 * set gives the column back. */
typedef int (*solve_join_scan_fn)(const uint64_t *e, int count,
                                  uint64_t word, uint64_t *hits);

struct solve_join {
    int n;
    int top_rows;       /* a: rows enumerated by the search */
    int bottom_rows;    /* n - a: rows taken from the table */
    uint32_t *offsets;  /* 2^n + 1: group S holds entries offsets[S].. */
    uint64_t *entries;  /* grouped by column set, sorted inside a group */
    size_t count;       /* entries */
    solve_join_scan_fn scan; /* solve_join_scan's best form on this CPU */
};

/* solve_join_build() : the table for n, or nothing. Returns NQ_OK with
 * the table built; 1 when the join does not serve this n (tiny or large
 * n, or a table over the budget): use the plain search; NQ_E_NOMEM. */
int solve_join_build(struct solve_join *j, int n);

/* Frees what solve_join_build() allocated (a zeroed struct is fine). */
void solve_join_free(struct solve_join *j);

/* One walk over the solutions below a prefix, as an iterator (the shape
 * of struct kernel). */
struct solve_join_walk {
    const struct solve_join *join;
    struct kernel top;        /* the tops, in lexicographic order */
    uint64_t word;            /* the current top's diagonals on row a */
    const uint64_t *next;     /* the group's entries not yet scanned */
    const uint64_t *end;      /* the end of the group */
    uint64_t hits[SOLVE_JOIN_BLOCK]; /* matching entries of a block */
    int nhits, hit;           /* hits held, the next one to hand out */
    int group_cols[SOLVE_JOIN_MAX_BOTTOM]; /* the group's columns, in order */
    int cols[NQ_MAX_N];       /* the solution: 0-based column by row */
};

/* solve_join_walk_start() : every solution whose rows 0..base-1 hold
 * prefix[0..base-1] (base <= the table's top rows), in lexicographic
 * order; first_row_columns limits row base as in kernel_start(). Returns
 * kernel_start()'s code. */
int solve_join_walk_start(struct solve_join_walk *w, const struct solve_join *j,
                          const int *prefix, int base,
                          uint64_t first_row_columns);

/* The next solution in w->cols[0..n-1]; false when there is none left. */
bool solve_join_walk_next(struct solve_join_walk *w);

/* solve_join_pick_scan() : the scan for this processor. A scan copies
 * the entries e[0..count-1] (count <= SOLVE_JOIN_BLOCK) that share no bit
 * with word to hits, in order, and returns how many; the vector forms
 * compare 8 (AVX-512) or 4 (AVX2) entries an instruction. */
solve_join_scan_fn solve_join_pick_scan(void);

/* The scan in plain C, for any processor (and for the tests). */
int solve_join_scan_plain(const uint64_t *e, int count, uint64_t word,
                          uint64_t *hits);

#endif /* NQ_SOLVE_JOIN_H */
