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

#include "common/kernel.h"

/* The join serves 4 <= n <= SOLVE_JOIN_MAX_N: an entry (2n bits of
 * diagonals and 3 bits per bottom row) fits 64 bits, and the group index
 * (2^n offsets) stays small. Other n take the plain search. */
#define SOLVE_JOIN_MIN_N 4
#define SOLVE_JOIN_MAX_N 20
#define SOLVE_JOIN_MAX_BOTTOM 8 /* bottom rows: 3 bits name a column */

/* The table's entries stay within this many, so that it takes at most
 * 32 MiB (n = 16: 3,998,456 bottoms of 7 rows). */
#define SOLVE_JOIN_MAX_ENTRIES ((size_t)4 << 20)

/* Entries compared at a time (a scan block). */
#define SOLVE_JOIN_BLOCK 256

/* Rows of a batch: the tops that share all but their last
 * SOLVE_JOIN_BATCH_ROWS rows are joined together. Tops of a batch that
 * use the same columns (in another order) read the same group, so a group
 * is read once for all of them (n = 16: 3.7 tops a read on average), which
 * saves most of the memory traffic; their solutions are then put back in
 * the tops' order. */
#define SOLVE_JOIN_BATCH_ROWS 6

/* A scan: appends to hits, for every entry e[i] (0 <= i < count <=
 * SOLVE_JOIN_BLOCK) and every words[t] (0 <= t < ntops) that share no
 * bit, (ids[t] << 32 | (first + i)); one top's hits in the order of i.
 * Returns how many it appended (at most count * ntops). */
typedef size_t (*solve_join_scan_fn)(const uint32_t *e, int count,
                                     uint32_t first, const uint32_t *words,
                                     const uint32_t *ids, int ntops,
                                     uint64_t *hits);

/* The bottoms of one n, read-only once built (threads share it). The
 * 2n-bit diagonal word of a bottom is cut in two 32-bit halves: the
 * filter, bits shift..shift+31 (shift = n - 16 for n > 16, else 0: the
 * whole word for n <= 16), which is what the scan compares; and the rest,
 * which holds the 2 * shift other bits (compared only for the few entries
 * that pass the filter), then from bit 2 * shift on 3 bits per bottom row
 * (row a in the highest 3, the last row in the lowest): the rank of the
 * row's column among the group's columns (0 = the leftmost), which with
 * the group's column set gives the column back. Packed that way, the
 * ranks of a group's bottoms grow in the group's (lexicographic) order. */
struct solve_join {
    int n;
    int top_rows;            /* a: rows enumerated by the search */
    int bottom_rows;         /* n - a: rows taken from the table */
    int shift;               /* where the filter starts in the word */
    uint32_t *offsets;       /* 2^n + 1: group S holds entries offsets[S].. */
    uint32_t *filters;       /* grouped by column set, sorted in a group */
    uint32_t *rests;         /* the rest of each entry, alike */
    size_t count;            /* entries */
    solve_join_scan_fn scan; /* the best scan on this processor */
};

/* Where the filter starts in a diagonal word (see struct solve_join). */
static inline int solve_join_filter_shift(int n)
{
    return n > 16 ? n - 16 : 0;
}

/* The filter part of a 2n-bit diagonal word. */
static inline uint32_t solve_join_filter(uint64_t word, int shift)
{
    return (uint32_t)(word >> shift);
}

/* The rest of a diagonal word: its shift low bits, then the bits above
 * the filter. */
static inline uint32_t solve_join_rest(uint64_t word, int shift)
{
    uint64_t low = word & (((uint64_t)1 << shift) - 1);
    return (uint32_t)(low | (word >> (shift + 32)) << shift);
}

/* nq__solve_join_build() : the table for n, or nothing, built on up to
 * `threads` threads of the pool (at most 8; the table is the same for any
 * number). Returns NQ_OK with the table built; 1 when the join does
 * not serve this n (tiny or large n, or a table over the budget): use the
 * plain search; NQ_E_NOMEM. */
int nq__solve_join_build(struct solve_join *j, int n, int threads);

/* Frees what nq__solve_join_build() allocated (a zeroed struct is fine). */
void nq__solve_join_free(struct solve_join *j);

/* One top of a batch. */
struct solve_join_top {
    uint32_t filter;  /* its diagonals on row a: the filter part */
    uint32_t rest;    /* and the rest (see struct solve_join) */
    uint32_t set;     /* the columns it leaves to the bottom */
    uint32_t end_hit; /* its solutions end at sorted[end_hit] */
    unsigned char cols[SOLVE_JOIN_BATCH_ROWS]; /* its batch rows' columns */
};

/* Bytes of a column set (n <= SOLVE_JOIN_MAX_N columns). */
#define SOLVE_JOIN_SQUEEZE_BYTES 3

/* A set of columns that tops of a batch leave to the bottom. */
struct solve_join_slot {
    uint32_t set;   /* the columns */
    uint32_t count; /* tops on it (0: a free slot), then where they end */
};

/* One walk over the solutions below a prefix, as an iterator (the shape
 * of struct kernel). Holds one batch at a time. */
/* What a walk allocates, kept from one prefix to the next
 * (nq__solve_join_walk_restart()) so that its pages are not cleared again. */
struct solve_join_room {
    struct solve_join_top *tops; /* the batch's tops, in order */
    size_t cap_tops;
    uint64_t *hits;   /* (top << 32 | entry), as scanned */
    uint32_t *sorted; /* the hits' rests by top, in order */
    size_t cap_hits, cap_sorted;
    struct solve_join_slot *slots; /* by the set squeezed to free columns */
    uint32_t *slot_of;             /* per top: its set's slot */
    uint32_t *used;                /* the slots in use, in increasing order */
    size_t cap_slots;
    uint32_t *words;     /* the tops' filters, set by set */
    uint32_t *ids;       /* and their indices */
    uint32_t *with_hits; /* the tops with solutions, in order */
};

struct solve_join_walk {
    const struct solve_join *join;
    int base;              /* rows fixed by the walk's prefix */
    int batch_base;        /* rows fixed within a batch */
    uint64_t first_row;    /* columns allowed in row base */
    struct kernel batches; /* the batches' prefixes, in order */
    struct solve_join_room room;
    size_t ntops, nhits;     /* in room.tops, room.hits */
    uint32_t prefix_columns; /* the columns of the batch's prefix */
    size_t nused;            /* in room.used */
    /* A set's slot: the bits of its bytes squeezed to the free columns,
     * table b for bits 8b..8b+7, for the free columns `squeezed`. */
    uint16_t squeeze[SOLVE_JOIN_SQUEEZE_BYTES][256];
    uint32_t squeezed;
    bool squeeze_ready;
    size_t nwith_hits; /* in room.with_hits */
    size_t top, hit; /* the next solution: tops[with_hits[top]], sorted[hit] */
    bool ready;      /* cols and group_cols hold that top */
    int group_cols[SOLVE_JOIN_MAX_BOTTOM]; /* its group's columns */
    int cols[NQ_MAX_N]; /* the solution: 0-based column by row */
};

/* nq__solve_join_walk_start() : every solution whose rows 0..base-1 hold
 * prefix[0..base-1] (base <= the table's top rows), in lexicographic
 * order; first_row_columns limits row base as in nq__kernel_start(). Returns
 * nq__kernel_start()'s code. Free the walk with nq__solve_join_walk_free() in
 * every case. */
int nq__solve_join_walk_start(struct solve_join_walk *w,
                              const struct solve_join *j, const int *prefix,
                              int base, uint64_t first_row_columns);

/* nq__solve_join_walk_restart() : as nq__solve_join_walk_start() on a walk that
 * was started before (and not freed), keeping its arrays: a thread that
 * walks below many prefixes allocates them once. */
int nq__solve_join_walk_restart(struct solve_join_walk *w,
                                const struct solve_join *j, const int *prefix,
                                int base, uint64_t first_row_columns);

/* Frees what the walk holds. */
void nq__solve_join_walk_free(struct solve_join_walk *w);

/* The next solution in w->cols[0..n-1]: returns 1; 0 when none is left;
 * NQ_E_NOMEM. */
int nq__solve_join_walk_next(struct solve_join_walk *w);

/* nq__solve_join_walk_fill() : the next solutions, at most max of them, as
 * n bytes each (the 0-based column of each row) from out on, in the order
 * of nq__solve_join_walk_next() (the two may be mixed). Returns how many it
 * wrote (fewer than max only at the end: 0 when none is left), or
 * NQ_E_NOMEM. */
long nq__solve_join_walk_fill(struct solve_join_walk *w, unsigned char *out,
                              size_t max);

/* nq__solve_join_pick_scan() : the scan for this processor: AVX-512 or AVX2
 * compare 16 or 8 entries an instruction. */
solve_join_scan_fn nq__solve_join_pick_scan(void);

/* The scan in plain C, for any processor (and for the tests). */
size_t nq__solve_join_scan_plain(const uint32_t *e, int count, uint32_t first,
                                 const uint32_t *words, const uint32_t *ids,
                                 int ntops, uint64_t *hits);

#endif /* NQ_SOLVE_JOIN_H */
