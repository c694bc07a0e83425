/*
 * count_join_table.c - the tops of the half-board join, enumerated by a
 * bitboard search and grouped by column set in two passes: the count pass
 * counts the tops of every set, the fill pass writes each where its set
 * begins; a third pass sorts every set by bucket. The search is split into
 * starts (the queens of rows 0 and 1), dealt into a few shares per worker:
 * share k holds the starts k, k + K, k + 2K, ... (the interleaving evens
 * out their sizes) and keeps counts of its own, so that no two shares
 * write the same counter or slot. Idle workers take the next share in
 * both passes: a worker slowed by whatever else runs on its core leaves
 * more shares to the others instead of holding up the pass. (Counters per
 * set and bucket would spare the sort: with 64 buckets they no longer fit
 * the cache, and the build took 1.5 times as long; with 4 they saved
 * nothing.) A whole table whose words leave bits free (n = 18) is
 * filled in bins of sets instead and each bin sorted by set and bucket
 * (see choose_bins()).
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/prefault.h"
#include "count/join/count_join.h"
#include "nqueens.h"
#include "run/pool.h"

struct table_build {
    int n, rows;
    const struct nq__join_ranks *ranks; /* column set -> colex rank */
    struct nq__join_windows windows;
    uint32_t buckets;
    uint64_t sets;
    uint64_t all_groups; /* parts * sets */
    uint64_t groups;     /* held: all, or a pass's own (group_of) */
    uint32_t *group_of;  /* a pass's: see struct nq__join_table */
    /* The starts: the state on row `start_row` after its queens. */
    int start_row;
    size_t nstarts;
    uint32_t (*starts)[4]; /* columns, anti and main diagonals, part */
    size_t workers;
    size_t shares;          /* of the starts; see the top of the file */
    uint32_t *counts;       /* [share][group]: count pass: tops; fill pass: the
                               next slot of the table (one load a top
                               fewer than an offset into the group) */
    const uint64_t *start;  /* the table's group offsets */
    uint64_t entries;       /* fill pass: the table's, start[groups] */
    uint32_t *rest;         /* fill pass: the table's entries */
    uint8_t *bucket;        /* fill pass: their buckets, for the sort;
                               NULL when packed or in_extra */
    int packed;             /* rest bits: the bucket is kept above them
                               until the sort (n <= 17); 0: in `bucket`
                               or `extra` */
    int rest_half;          /* of a rest as computed (before compaction) */
    bool compact;           /* see nq__join_compact() */
    bool wide;              /* wide windows (struct nq__join_windows) */
    int fine_at;            /* wide windows whose rest leaves 4 bits free
                               (n = 20): the fine bits' place in the
                               stored rest, above its bits, where they
                               cost no scattered store of their own; 0:
                               in the extra byte */
    bool in_extra;          /* compact but not wide: the bucket is kept in
                               the extra byte, above the edge bits (where
                               wide windows keep their fine bits), until
                               the sort: 5 bytes a top, not 6 */
    bool census_layout;     /* a pass's count pass into counters of every
                               group, laid out as the census's are (no
                               group_of): nq__join_census_kept() */
    uint8_t *extra;         /* fill pass, compact or wide (fine_at 0): the
                               entries' extra bytes (struct
                               nq__join_table) */
    uint32_t *bucket_start; /* sort pass: the table's bucket offsets */
    uint32_t *limits;       /* fill pass of a pass's table: [share][group]
                               the end of the share's slots, where its
                               stores stop (see set_limits()) */
    uint64_t largest;       /* sort pass: entries of the largest group */
    uint64_t largest_bin;   /* binned sort: entries of the largest bin */
    uint64_t room;          /* count pass: the most tops the budget holds */
    /* What the queen of the last row, in column c, adds to a top's rest
     * and bucket (cutting the windows out of a word maps each bit on its
     * own, so a top's rest is its other queens' rest | rest_of[c]). */
    uint64_t rest_of[NQ_JOIN_MAX_N];
    uint32_t bucket_of[NQ_JOIN_MAX_N];
    uint32_t pattern_bit[NQ_JOIN_MAX_N]; /* a pass's walk: pattern_of(1 << c) */
    atomic_uint_least64_t counted;       /* count pass: tops reported so far */
    /* The count pass walks the starts of each share numbered census_part
     * + i * census_parts among the share's (nq__join_census_part()); 0
     * and 1 for all of them. */
    size_t census_part, census_parts;
    /* A pass's table: only the tops whose columns meet `fixed` in a
     * pattern p with keep[p] & NQ_JOIN_KEEP_TOP. NULL: all. */
    uint32_t fixed;
    const uint8_t *keep;
    /* A pass's walk (see make_allowed()): pack gives the index of a set's
     * pattern under `fixed` (k columns); allowed[after << k | index] : the
     * squares open to a queen with `after` rows left below it. NULL: the
     * walk of all tops. */
    int k;
    struct nq__join_packer pack;
    uint32_t *allowed;
    /* The binned fill of a whole table (see choose_bins()): groups in
     * bins of 1 << bin_shift (0: not binned); bin_next[share][bin] : the
     * share's next slot in the bin; a slot holds the group's low bits
     * above its rest (rest_bits) and above its bucket (bucket_bits). */
    uint64_t bins;
    uint32_t *bin_next;
    int bin_shift;
    int rest_bits, bucket_bits;
    int forced_bin_bits; /* nq__join_keep's bin_bits */
};

/* The count pass reports its tops in batches of this many. */
#define REPORT_EVERY 65536

/* What the search of one share writes to. */
struct walk {
    uint32_t *counts;       /* the share's [group] counters */
    const uint32_t *limits; /* fill of a pass's table: the share's [group]
                               ends of its slots */
    uint32_t *bin_next;     /* binned fill: the share's [bin] cursors */
    uint64_t part;  /* groups of the current start's part: part * sets */
    uint64_t found; /* count pass: tops not yet reported */
    bool full;      /* count pass: the budget is known to be too small */
};

/* Adds the count pass's tops to the shared total; true once they exceed
 * the room in the budget. */
static bool report(struct table_build *b, struct walk *w)
{
    uint64_t all =
        atomic_fetch_add_explicit(&b->counted, w->found, memory_order_relaxed) +
        w->found;
    w->found = 0;
    w->full = all > b->room;
    return w->full;
}

/* The bits of a binned top's place in its bin that its rest's word
 * keeps (above the rest); the others are kept above its bucket. */
static inline int place_bits_kept(const struct table_build *b)
{
    int free_bits = 32 - b->rest_bits;
    return free_bits < b->bin_shift ? free_bits : b->bin_shift;
}

/* The tops below one node of the last row (`free_cols` are its free
 * squares): counted, or stored where they belong; `kept`: a pass's walk,
 * whose groups are numbered by group_of. */
static inline __attribute__((always_inline)) void
last_row(struct table_build *b, struct walk *w, uint32_t cols, uint32_t anti,
         uint32_t main, uint32_t free_cols, bool fill, bool kept)
{
    /* Copied out of b: a store to the table could otherwise change them,
     * as far as the compiler knows, and they would be read again after
     * every store. */
    const int n = b->n, packed = b->packed, shift = n - 1;
    const int rest_half = b->rest_half;
    const int fine_at = b->fine_at;
    const bool compact = b->compact, in_extra = b->in_extra;
    uint8_t *const extra = b->extra;
    const uint64_t end = b->entries;
    uint32_t *const table = b->rest;
    uint8_t *const buckets = b->bucket;
    uint32_t *const counts = w->counts;
    const uint32_t *const limits = w->limits;
    const uint32_t *const group_of = b->group_of;
    const uint64_t part = w->part;
    const struct nq__join_windows windows = b->windows;
    uint32_t low = ((uint32_t)1 << shift) - 1;
    /* The rest and bucket of the queens above the last row. */
    uint64_t word = (uint64_t)(anti >> 1) | (uint64_t)(main & low) << shift;
    uint64_t rest_above = nq__join_rest(&windows, n, word);
    uint32_t bucket_above = nq__join_bucket(&windows, n, word);
    /* The whole tables of n <= 19 (the walk over every top): their
     * counts are their own count pass's (no census to distrust), and a top
     * is one word (n <= 17) or a word and its bucket (18, 19). */
    bool plain = !compact && !in_extra && fine_at == 0 && extra == NULL &&
                 windows.inner == windows.width;
    if (fill && !kept && w->bin_next != NULL) {
        /* Binned: the slots of a share's bin are consecutive, so a few
         * hundred store streams instead of stores all over the table. */
        uint32_t *const next = w->bin_next;
        const int bin_shift = b->bin_shift, rest_bits = b->rest_bits;
        const int bucket_bits = b->bucket_bits;
        const int place_low = place_bits_kept(b);
        const uint32_t low_mask = ((uint32_t)1 << bin_shift) - 1;
        for (; free_cols != 0; free_cols &= free_cols - 1) {
            int c = __builtin_ctz(free_cols);
            uint64_t group = part + nq__join_rank(b->ranks, cols | 1u << c);
            uint32_t place = (uint32_t)group & low_mask;
            uint32_t at = next[group >> bin_shift]++;
            /* The bin's next lines asked for ahead of its stores: a few
             * hundred streams are more than the processor follows (n =
             * 18 on one thread 4% faster). */
            __builtin_prefetch(&table[at + 32 < end ? at + 32 : end], 1, 3);
            __builtin_prefetch(&buckets[at + 128 < end ? at + 128 : end], 1, 3);
            table[at] =
                (uint32_t)(rest_above | b->rest_of[c]) | place << rest_bits;
            buckets[at] = (uint8_t)((bucket_above | b->bucket_of[c]) |
                                    (place >> place_low) << bucket_bits);
        }
        return;
    }
    if (fill && !kept && packed != 0) {
        for (; free_cols != 0; free_cols &= free_cols - 1) {
            int c = __builtin_ctz(free_cols);
            uint64_t set = part + nq__join_rank(b->ranks, cols | 1u << c);
            table[counts[set]++] = (uint32_t)(rest_above | b->rest_of[c]) |
                                   (bucket_above | b->bucket_of[c]) << packed;
        }
        return;
    }
    if (fill && !kept && plain) {
        for (; free_cols != 0; free_cols &= free_cols - 1) {
            int c = __builtin_ctz(free_cols);
            uint64_t set = part + nq__join_rank(b->ranks, cols | 1u << c);
            uint64_t at = counts[set]++;
            table[at] = (uint32_t)(rest_above | b->rest_of[c]);
            buckets[at] = (uint8_t)(bucket_above | b->bucket_of[c]);
        }
        return;
    }
    if (!fill) {
        /* A pass's groups are numbered by group_of, unless its counts
         * are laid out as the census's (nq__join_census_kept()). */
        const bool held = kept && !b->census_layout;
        uint64_t found = 0;
        for (; free_cols != 0; free_cols &= free_cols - 1, found++) {
            uint32_t bit = nq__lowest_bit32(free_cols);
            uint64_t set = part + nq__join_rank(b->ranks, cols | bit);
            counts[held ? group_of[set] : set]++;
        }
        /* Reported by the node, not the top: no store a top. */
        w->found += found;
        if (w->found >= REPORT_EVERY)
            report(b, w);
        return;
    }
    while (free_cols != 0) {
        uint32_t bit = nq__lowest_bit32(free_cols);
        free_cols ^= bit;
        uint64_t set = part + nq__join_rank(b->ranks, cols | bit);
        if (kept)
            set = group_of[set];
        int c = __builtin_ctz(bit);
        uint64_t at = counts[set]++;
        /* A pass's table: never past the share's own slots, where
         * another share stores at the same time; a census that is not
         * that of the tops is caught after the fill (filled()). The
         * whole table's counts are its own walk's: never past the table
         * (its last slot is spare). A pass's fill always has its
         * limits (set_limits()); the test of NULL is for the analyzer. */
        if (kept && limits != NULL && at >= limits[set])
            continue;
        if (!kept)
            at = at < end ? at : end;
        uint64_t rest = rest_above | b->rest_of[c];
        uint32_t bucket = bucket_above | b->bucket_of[c];
        /* Slots are scattered: one store each where it fits. */
        if (packed != 0) {
            table[at] = (uint32_t)rest | bucket << packed;
        } else if (fine_at != 0) {
            table[at] = (uint32_t)rest | nq__join_fine(&windows, bucket)
                                             << fine_at;
            buckets[at] = (uint8_t)nq__join_coarse(&windows, bucket);
        } else if (in_extra) {
            table[at] = nq__join_stored_rest(rest, rest_half, true);
            extra[at] = (uint8_t)(nq__join_edge(rest, rest_half) |
                                  bucket << NQ_JOIN_FINE_SHIFT);
        } else {
            table[at] = nq__join_stored_rest(rest, rest_half, compact);
            buckets[at] = (uint8_t)nq__join_coarse(&windows, bucket);
            if (extra != NULL) /* compact, or wide with fine_at 0 */
                extra[at] =
                    (uint8_t)((compact ? nq__join_edge(rest, rest_half) : 0) |
                              nq__join_fine(&windows, bucket)
                                  << NQ_JOIN_FINE_SHIFT);
        }
    }
}

/* A pass's walk: the ordinary search, row after row, where a row's queen
 * may take a column of F only if the pattern it makes can still grow into
 * a kept one, and a column off F only if the pattern so far can grow into
 * a kept one in the rows left after it (the table of make_allowed()).
 * Each top of the pass comes once, and a walk visits no partial top that
 * cannot end in its pass: a pass costs its own tops, not a walk over all
 * of them. */

/* The index of the pattern of `cols` (its columns in F, packed). */
static inline uint32_t pattern_of(const struct table_build *b, uint32_t cols)
{
    return nq__join_packed_index(&b->pack, cols);
}

/* The squares of row `row` a queen may take: every free one in the walk
 * over all tops (allowed NULL); in a pass's walk, the free ones that the
 * pattern so far allows. A pass's walk carries `allowed` offset by its
 * node's pattern index, a queen adding her column's (pattern_bit[]): no
 * lookup of the pattern on the way to `allowed`. */
static inline uint32_t free_squares(const struct table_build *b,
                                    const uint32_t *allowed, int row,
                                    uint32_t cols, uint32_t anti, uint32_t main)
{
    uint32_t full = ((uint32_t)1 << b->n) - 1;
    if (allowed == NULL)
        return ~(cols | anti | main) & full;
    uint32_t after = (uint32_t)(b->rows - row - 1);
    return ~(cols | anti | main) & allowed[after << b->k];
}

/* `allowed` of a pass's walk (offset by a node's pattern index) for the
 * node below it with a queen on `bit`. */
static inline const uint32_t *allowed_below(const struct table_build *b,
                                            const uint32_t *allowed,
                                            uint32_t bit)
{
    return allowed + b->pattern_bit[__builtin_ctz(bit)];
}

static void search_count(struct table_build *b, struct walk *w,
                         const uint32_t *allowed, int row, uint32_t cols,
                         uint32_t anti, uint32_t main);
static void search_fill(struct table_build *b, struct walk *w,
                        const uint32_t *allowed, int row, uint32_t cols,
                        uint32_t anti, uint32_t main);
static void search_count_all(struct table_build *b, struct walk *w, int row,
                             uint32_t cols, uint32_t anti, uint32_t main);
static void search_fill_all(struct table_build *b, struct walk *w, int row,
                            uint32_t cols, uint32_t anti, uint32_t main);

/* The search below row `row` (a pass's, `kept`, with its `allowed`; else
 * the walk over every top); `anti` and `main` are the diagonals attacked
 * on that row. Counts or stores every top. Inlined four times, with
 * `fill` and `kept` constant, and the last two rows inlined too: calls
 * cost more than a leaf's own work, and the walk over every top (the
 * whole table, the census) tests no pattern. */
static inline __attribute__((always_inline)) void
search(struct table_build *b, struct walk *w, const uint32_t *allowed, int row,
       uint32_t cols, uint32_t anti, uint32_t main, bool fill, bool kept)
{
    uint32_t full = ((uint32_t)1 << b->n) - 1;
    if (!kept)
        allowed = NULL;
    uint32_t free_cols = free_squares(b, allowed, row, cols, anti, main);
    if (row == b->rows - 1) {
        last_row(b, w, cols, anti, main, free_cols, fill, kept);
        return;
    }
    while (free_cols != 0 && !w->full) {
        uint32_t bit = nq__lowest_bit32(free_cols);
        free_cols ^= bit;
        uint32_t next_cols = cols | bit, next_anti = (anti | bit) >> 1;
        uint32_t next_main = ((main | bit) << 1) & full;
        const uint32_t *next_allowed =
            kept ? allowed_below(b, allowed, bit) : NULL;
        if (row + 2 == b->rows) {
            last_row(b, w, next_cols, next_anti, next_main,
                     free_squares(b, next_allowed, row + 1, next_cols,
                                  next_anti, next_main),
                     fill, kept);
        } else if (kept && fill) {
            search_fill(b, w, next_allowed, row + 1, next_cols, next_anti,
                        next_main);
        } else if (kept) {
            search_count(b, w, next_allowed, row + 1, next_cols, next_anti,
                         next_main);
        } else if (fill) {
            search_fill_all(b, w, row + 1, next_cols, next_anti, next_main);
        } else {
            search_count_all(b, w, row + 1, next_cols, next_anti, next_main);
        }
    }
}

static void search_count(struct table_build *b, struct walk *w,
                         const uint32_t *allowed, int row, uint32_t cols,
                         uint32_t anti, uint32_t main)
{
    search(b, w, allowed, row, cols, anti, main, false, true);
}

static void search_fill(struct table_build *b, struct walk *w,
                        const uint32_t *allowed, int row, uint32_t cols,
                        uint32_t anti, uint32_t main)
{
    search(b, w, allowed, row, cols, anti, main, true, true);
}

static void search_count_all(struct table_build *b, struct walk *w, int row,
                             uint32_t cols, uint32_t anti, uint32_t main)
{
    search(b, w, NULL, row, cols, anti, main, false, false);
}

static void search_fill_all(struct table_build *b, struct walk *w, int row,
                            uint32_t cols, uint32_t anti, uint32_t main)
{
    search(b, w, NULL, row, cols, anti, main, true, false);
}

/* Share `index` of the starts. */
static int walk_task(struct table_build *b, size_t index, bool fill)
{
    struct walk w = {
        .counts =
            b->counts + index * (b->census_layout ? b->all_groups : b->groups),
        .limits = b->limits != NULL ? b->limits + index * b->groups : NULL,
        .bin_next = b->bin_next != NULL ? b->bin_next + index * b->bins : NULL};
    size_t first = index + b->census_part * b->shares;
    size_t step = b->census_parts * b->shares;
    for (size_t i = first; i < b->nstarts && !w.full; i += step) {
        w.part = b->starts[i][3] * b->sets;
        const uint32_t *s = b->starts[i];
        bool kept = b->keep != NULL; /* a pass's: allowed and group_of */
        const uint32_t *allowed =
            kept ? b->allowed + pattern_of(b, s[0]) : NULL;
        if (fill && kept)
            search_fill(b, &w, allowed, b->start_row, s[0], s[1], s[2]);
        else if (kept)
            search_count(b, &w, allowed, b->start_row, s[0], s[1], s[2]);
        else if (fill)
            search_fill_all(b, &w, b->start_row, s[0], s[1], s[2]);
        else
            search_count_all(b, &w, b->start_row, s[0], s[1], s[2]);
    }
    return !fill && report(b, &w) ? NQ_E_NOMEM : 0;
}

static int count_task(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    (void)result;
    return walk_task(ctx, index, false);
}

static int fill_task(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    (void)result;
    return walk_task(ctx, index, true);
}

/* The first row below the starts. */
static int start_row_of(int rows)
{
    return rows - 1 < 2 ? rows - 1 : 2;
}

/* The starts: every placement of the first min(2, rows - 1) rows; for a
 * mirrored table only those with the queen of row 0 left of the middle
 * column (part 0) or on it (part 1). */
static int make_starts(struct table_build *b, int mirrored)
{
    int n = b->n;
    uint32_t full = ((uint32_t)1 << n) - 1;
    int first_cols = mirrored ? (n + 1) / 2 : n;
    b->start_row = start_row_of(b->rows);
    b->starts = malloc((size_t)n * (size_t)n * sizeof *b->starts);
    if (b->starts == NULL)
        return NQ_E_NOMEM;
    b->nstarts = 0;
    if (b->start_row == 0) {
        b->starts[b->nstarts][0] = 0;
        b->starts[b->nstarts][1] = 0;
        b->starts[b->nstarts][2] = 0;
        b->starts[b->nstarts++][3] = 0;
        return 0;
    }
    for (int c0 = 0; c0 < first_cols; c0++) {
        uint32_t q0 = (uint32_t)1 << c0;
        uint32_t cols = q0, anti = q0 >> 1, main = (q0 << 1) & full;
        uint32_t part = mirrored && 2 * c0 == n - 1;
        uint32_t free_cols =
            b->start_row == 1 ? 0 : ~(cols | anti | main) & full;
        if (b->start_row == 1) {
            b->starts[b->nstarts][0] = cols;
            b->starts[b->nstarts][1] = anti;
            b->starts[b->nstarts][2] = main;
            b->starts[b->nstarts++][3] = part;
        }
        while (free_cols != 0) {
            uint32_t q1 = nq__lowest_bit32(free_cols);
            free_cols ^= q1;
            b->starts[b->nstarts][0] = cols | q1;
            b->starts[b->nstarts][1] = (anti | q1) >> 1;
            b->starts[b->nstarts][2] = ((main | q1) << 1) & full;
            b->starts[b->nstarts++][3] = part;
        }
    }
    return 0;
}

static int half_rows(int n)
{
    return n / 2; /* odd n: the middle row is not part of a half */
}

/* At most this many workers build the table, with this many shares of
 * the starts each: a share keeps a counter per set. */
#define TABLE_WORKERS_MAX 16
#define SHARES_PER_WORKER 8

/* After the count pass: each group's offset, and every share's counters
 * turned into its first slot in the table. */
static void place_groups(struct table_build *b, uint64_t *start)
{
    uint64_t at = 0;
    for (uint64_t i = 0; i < b->groups; i++) {
        start[i] = at;
        uint32_t run = 0;
        for (size_t k = 0; k < b->shares; k++) {
            uint32_t *c = &b->counts[k * b->groups + i];
            uint32_t mine = *c;
            *c = (uint32_t)(at + run);
            run += mine;
        }
        at += run;
        if (run > b->largest)
            b->largest = run;
    }
    start[b->groups] = at;
}

/* The sort keys: a bucket, and for wide windows its fine bits below it. */
#define SORT_KEYS_MAX (64 * NQ_JOIN_FINE)

/* The sort of `size` entries by key (< keys <= SORT_KEYS_MAX): bs[y] :
 * where key y begins, bs[keys] = size; at[r * keys + y] : where the
 * entries k of key y with k % 4 == r go, in turn. The four rows of
 * counters and cursors keep a run of one key from waiting on its own
 * counter (the sort took 1.6 to 1.8 times as long with one row); the
 * order within a key does not matter. counted: 4 * keys counters to use. */
static void bucket_offsets(const uint32_t *key, uint64_t size, uint32_t keys,
                           uint32_t *bs, uint32_t *at, uint32_t *counted)
{
    memset(counted, 0, (size_t)4 * keys * sizeof *counted);
    uint32_t *c0 = counted, *c1 = c0 + keys, *c2 = c1 + keys, *c3 = c2 + keys;
    uint64_t k = 0;
    for (; k + 4 <= size; k += 4) {
        c0[key[k]]++;
        c1[key[k + 1]]++;
        c2[key[k + 2]]++;
        c3[key[k + 3]]++;
    }
    for (; k < size; k++)
        c0[key[k]]++;
    uint32_t next = 0;
    for (uint32_t y = 0; y < keys; y++) {
        bs[y] = next;
        for (int r = 0; r < 4; r++) {
            at[(size_t)r * keys + y] = next;
            next += counted[(size_t)r * keys + y];
        }
    }
    bs[keys] = next;
}

/* in[0..size) to out[] by key, masked by `mask`, with the cursors `at`
 * of bucket_offsets() (four rows of `keys`). */
static inline void scatter_by_key(uint32_t *out, const uint32_t *in,
                                  const uint32_t *key, uint64_t size,
                                  uint32_t *at, uint32_t keys, uint32_t mask)
{
    uint32_t *at0 = at, *at1 = at0 + keys, *at2 = at1 + keys, *at3 = at2 + keys;
    uint64_t k = 0;
    for (; k + 4 <= size; k += 4) {
        out[at0[key[k]]++] = in[k] & mask;
        out[at1[key[k + 1]]++] = in[k + 1] & mask;
        out[at2[key[k + 2]]++] = in[k + 2] & mask;
        out[at3[key[k + 3]]++] = in[k + 3] & mask;
    }
    for (; k < size; k++)
        out[at0[key[k]]++] = in[k] & mask;
}

/* The sort pass: groups [index * SORT_GROUPS, ...) sorted by bucket (and
 * for wide windows, within each bucket by fine bits). */
#define SORT_GROUPS 64

/* A sort's counters for `keys` keys: four rows of cursors, four of
 * counts, and the keys' starts (bucket_offsets()). */
static size_t sort_counters(uint32_t keys)
{
    return (size_t)9 * keys + 1;
}

static int sort_task(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    (void)result;
    struct table_build *b = ctx;
    bool has_extra = b->extra != NULL;
    uint32_t fine = b->wide ? NQ_JOIN_FINE : 1;
    uint32_t keys = b->buckets * fine;
    uint32_t *counters = malloc(sort_counters(keys) * sizeof *counters);
    uint32_t *scratch = malloc((b->largest + 1) * sizeof *scratch);
    uint32_t *key = malloc((b->largest + 1) * sizeof *key);
    uint8_t *scratch_extra =
        has_extra ? malloc((b->largest + 1) * sizeof *scratch_extra) : NULL;
    if (counters == NULL || scratch == NULL || key == NULL ||
        (has_extra && scratch_extra == NULL)) {
        free(counters);
        free(scratch);
        free(key);
        free(scratch_extra);
        return NQ_E_NOMEM;
    }
    uint64_t first = (uint64_t)index * SORT_GROUPS;
    uint64_t last =
        first + SORT_GROUPS < b->groups ? first + SORT_GROUPS : b->groups;
    uint32_t keep =
        b->packed != 0 ? ((uint32_t)1 << b->packed) - 1 : UINT32_MAX;
    for (uint64_t i = first; i < last; i++) {
        uint64_t from = b->start[i], size = b->start[i + 1] - from;
        uint32_t *bs = b->bucket_start + i * (b->buckets + 1);
        if (size == 0) {
            /* Most groups of a pass's table: nothing to sort. */
            memset(bs, 0, (b->buckets + 1) * sizeof *bs);
            continue;
        }
        memcpy(scratch, b->rest + from, size * sizeof *scratch);
        if (has_extra)
            memcpy(scratch_extra, b->extra + from,
                   size * sizeof *scratch_extra);
        if (b->packed != 0) {
            for (uint64_t k = 0; k < size; k++)
                key[k] = scratch[k] >> b->packed;
        } else if (b->in_extra && scratch_extra != NULL) {
            for (uint64_t k = 0; k < size; k++)
                key[k] = (uint32_t)(scratch_extra[k] >> NQ_JOIN_FINE_SHIFT);
        } else {
            for (uint64_t k = 0; k < size; k++)
                key[k] = b->bucket[from + k];
        }
        if (b->fine_at != 0) {
            for (uint64_t k = 0; k < size; k++)
                key[k] = key[k] * NQ_JOIN_FINE + (scratch[k] >> b->fine_at);
        } else if (b->wide && scratch_extra != NULL) {
            for (uint64_t k = 0; k < size; k++)
                key[k] = key[k] * NQ_JOIN_FINE +
                         (uint32_t)(scratch_extra[k] >> NQ_JOIN_FINE_SHIFT);
        }
        uint32_t *at = counters, *counted = at + (size_t)4 * keys;
        uint32_t *key_start = counted + (size_t)4 * keys;
        bucket_offsets(key, size, keys, key_start, at, counted);
        for (uint32_t y = 0; y <= b->buckets; y++)
            bs[y] = key_start[(size_t)y * fine];
        uint32_t *out = b->rest + from;
        if (has_extra) {
            /* The extra bytes go where their rests go. */
            uint8_t *out_extra = b->extra + from;
            uint8_t extra_keep =
                b->in_extra ? (1u << NQ_JOIN_FINE_SHIFT) - 1 : UINT8_MAX;
            uint64_t fours = size & ~(uint64_t)3; /* as bucket_offsets() */
            for (uint64_t k = 0; k < size; k++) {
                uint32_t to = at[(k < fours ? k % 4 : 0) * keys + key[k]]++;
                out[to] = scratch[k];
                out_extra[to] = scratch_extra[k] & extra_keep;
            }
        } else {
            scatter_by_key(out, scratch, key, size, at, keys, keep);
        }
    }
    free(scratch_extra);
    free(key);
    free(scratch);
    free(counters);
    return 0;
}

/* The binned fill (whole tables of n = 18): the fill's stores into one
 * slot of the table per top, all over it, made it the slowest part of a
 * count (it waited on memory: 36% of `count 18 -t 1` against 9% for the
 * count pass's walk of the same tops). Groups are taken in bins of
 * consecutive ranks instead, as many as the bits that the rest and the
 * bucket leave free in their words can number, and the fill writes each
 * top to the next slot of its share's run in its bin, with its group's
 * place in the bin in those bits; each bin is then sorted by group and
 * bucket in one pass (bin_sort_task()), in place of sort_task(), while it
 * is in the cache. At most BINS_MAX bins: n = 18 has 760 of 64 groups;
 * n = 19 leaves 4 bits, too few for its groups. */
#define BINS_MAX 1024
#define BIN_BITS_MAX 16

static void choose_bins(struct table_build *b)
{
    bool plain = b->packed == 0 && !b->compact && !b->in_extra &&
                 b->fine_at == 0 && !b->wide;
    b->rest_bits = 2 * b->rest_half;
    b->bucket_bits = 2 * b->windows.width;
    if (b->keep != NULL || !plain || b->rest_bits >= 32 || b->bucket_bits > 8)
        return;
    int free_bits = (32 - b->rest_bits) + (8 - b->bucket_bits);
    bool forced = b->forced_bin_bits > 0;
    if (forced && free_bits > b->forced_bin_bits)
        free_bits = b->forced_bin_bits;
    if (free_bits > BIN_BITS_MAX) /* tiny n: one bin holds them all */
        free_bits = BIN_BITS_MAX;
    if (free_bits < 1)
        return;
    uint64_t bins = (b->groups + ((uint64_t)1 << free_bits) - 1) >> free_bits;
    if (bins > BINS_MAX && !forced)
        return;
    b->bin_shift = free_bits;
    b->bins = bins;
}

/* After the count pass (before place_groups()): every share's first slot
 * in each bin; a bin's slots are those of its groups. */
static int place_bins(struct table_build *b)
{
    b->bin_next = malloc(b->shares * b->bins * sizeof *b->bin_next);
    if (b->bin_next == NULL)
        return NQ_E_NOMEM;
    uint64_t at = 0;
    for (uint64_t j = 0; j < b->bins; j++) {
        uint64_t first = j << b->bin_shift;
        uint64_t last = (j + 1) << b->bin_shift;
        last = last < b->groups ? last : b->groups;
        uint64_t bin_first = at;
        for (size_t k = 0; k < b->shares; k++) {
            b->bin_next[k * b->bins + j] = (uint32_t)at;
            for (uint64_t g = first; g < last; g++)
                at += b->counts[k * b->groups + g];
        }
        if (at - bin_first > b->largest_bin)
            b->largest_bin = at - bin_first;
    }
    return 0;
}

/* The sort of bin `index` of a binned fill by group and bucket: each
 * group's entries bucket by bucket at the group's place, without the
 * group's bits; an error if a group's entries are not as many as its
 * count said. */
static int bin_sort_task(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    (void)result;
    struct table_build *b = ctx;
    const uint32_t buckets = b->buckets;
    const int rest_bits = b->rest_bits, bucket_bits = b->bucket_bits;
    const int place_low = place_bits_kept(b);
    const uint32_t rest_mask = ((uint32_t)1 << rest_bits) - 1;
    const uint32_t bucket_mask = ((uint32_t)1 << bucket_bits) - 1;
    uint64_t first = (uint64_t)index << b->bin_shift;
    uint64_t last = (uint64_t)(index + 1) << b->bin_shift;
    last = last < b->groups ? last : b->groups;
    uint32_t keys = (uint32_t)(last - first) * buckets;
    uint64_t from = b->start[first], size = b->start[last] - from;
    if (size == 0) {
        memset(b->bucket_start + first * (buckets + 1), 0,
               (last - first) * (buckets + 1) * sizeof *b->bucket_start);
        return 0;
    }
    uint32_t *scratch = malloc((size + 1) * sizeof *scratch);
    uint32_t *key = malloc((size + 1) * sizeof *key);
    uint32_t *counters = malloc(sort_counters(keys) * sizeof *counters);
    if (scratch == NULL || key == NULL || counters == NULL) {
        free(scratch);
        free(key);
        free(counters);
        return NQ_E_NOMEM;
    }
    uint32_t *at = counters, *counted = at + 4 * (size_t)keys;
    uint32_t *key_start = counted + 4 * (size_t)keys;
    memcpy(scratch, b->rest + from, size * sizeof *scratch);
    const uint8_t *bucket = b->bucket + from;
    for (uint64_t k = 0; k < size; k++) {
        uint32_t high = (uint32_t)bucket[k] >> bucket_bits;
        uint32_t place = scratch[k] >> rest_bits | high << place_low;
        key[k] = place * buckets + (bucket[k] & bucket_mask);
    }
    bucket_offsets(key, size, keys, key_start, at, counted);
    int rc = 0;
    for (uint64_t g = first; g < last; g++) {
        const uint32_t *ks = key_start + (g - first) * buckets;
        if (b->start[g] - from != ks[0] ||
            b->start[g + 1] - b->start[g] != ks[buckets] - ks[0])
            rc = NQ_E_CORRUPT; /* cannot happen: the walks are the same */
        uint32_t *bs = b->bucket_start + g * (buckets + 1);
        for (uint32_t y = 0; y <= buckets; y++)
            bs[y] = ks[y] - ks[0];
    }
    scatter_by_key(b->rest + from, scratch, key, size, at, keys, rest_mask);
    free(counters);
    free(key);
    free(scratch);
    return rc;
}

/* Runs the items 0..count-1 of a pass on the pool; they report nothing. */
static int run_pass(size_t count, int threads, nq__pool_work_fn work,
                    struct table_build *b)
{
    struct nq__pool_job job = {
        .count = count, .threads = threads, .work = work, .ctx = b};
    return nq__pool_run(&job);
}

/* The fill's stores land all over the entries, and each store to a fresh
 * page would fault it in alone (at n = 18, a tenth of a count on a
 * virtual machine); the pages are asked for in chunks instead, shared
 * among the workers (nq__prefault()). Item i: chunk i of the rests, then
 * of the buckets, then of the extra bytes. */
#define PREFAULT_CHUNK ((uint64_t)16 << 20)

static uint64_t chunks_of(uint64_t bytes)
{
    return (bytes + PREFAULT_CHUNK - 1) / PREFAULT_CHUNK;
}

/* The entries' arrays (rests, buckets, extra bytes) and their bytes; 0
 * for an array b does not keep. */
static void entry_arrays(const struct table_build *b, uint8_t *arrays[3],
                         uint64_t sizes[3])
{
    arrays[0] = (uint8_t *)b->rest;
    arrays[1] = b->bucket;
    arrays[2] = b->extra;
    sizes[0] = b->entries * sizeof *b->rest;
    sizes[1] = b->bucket != NULL ? b->entries : 0;
    sizes[2] = b->extra != NULL ? b->entries : 0;
}

static int prefault_task(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    (void)result;
    uint8_t *arrays[3];
    uint64_t sizes[3];
    entry_arrays(ctx, arrays, sizes);
    uint64_t i = index;
    for (int a = 0; a < 3; a++) {
        if (i < chunks_of(sizes[a])) {
            uint64_t from = i * PREFAULT_CHUNK, left = sizes[a] - from;
            nq__prefault(
                arrays[a] + from,
                (size_t)(left < PREFAULT_CHUNK ? left : PREFAULT_CHUNK));
            return 0;
        }
        i -= chunks_of(sizes[a]);
    }
    return 0;
}

static int prefault_entries(struct table_build *b)
{
    uint8_t *arrays[3];
    uint64_t sizes[3];
    entry_arrays(b, arrays, sizes);
    uint64_t chunks =
        chunks_of(sizes[0]) + chunks_of(sizes[1]) + chunks_of(sizes[2]);
    if (chunks <= 1) /* a small table: not worth the workers */
        return chunks == 1 ? prefault_task(b, 0, 0, NULL) : 0;
    return run_pass((size_t)chunks, (int)b->workers, prefault_task, b);
}

int nq__join_table_build(int n, int threads, uint64_t budget,
                         struct nq__join_table *t)
{
    return nq__join_table_build_pass(n, threads, budget, NULL, t);
}

uint64_t nq__join_walk_bytes(int rows, int k)
{
    uint64_t walked = (uint64_t)(rows - start_row_of(rows));
    return (walked * sizeof(uint32_t) + 1) << k;
}

/* The table of a pass's walk (struct table_build). need[i] : the fewest
 * columns of F that the pattern of index i lacks to be a kept one, or
 * UINT8_MAX; a queen with `after` rows left below it may take a square of
 * F if its pattern then lacks at most `after` columns, a square off F if
 * the pattern lacks at most `after` already. */
static int make_allowed(struct table_build *b)
{
    uint32_t cols[32];
    int k = 0;
    nq__join_packer_init(&b->pack, b->fixed);
    for (int c = 0; c < b->n; c++) {
        if (b->fixed >> c & 1)
            cols[k++] = (uint32_t)1 << c;
    }
    b->k = k;
    for (int c = 0; c < b->n; c++)
        b->pattern_bit[c] = pattern_of(b, (uint32_t)1 << c);
    size_t patterns = (size_t)1 << k;
    int walked = b->rows - b->start_row;
    uint8_t *need = malloc(patterns);
    b->allowed = malloc((size_t)walked * patterns * sizeof *b->allowed);
    if (need == NULL || b->allowed == NULL) {
        free(need);
        return NQ_E_NOMEM;
    }
    /* An index grows by its bits: larger ones come first. */
    for (size_t i = patterns; i-- > 0;) {
        uint32_t set = 0;
        for (int j = 0; j < k; j++)
            set |= (i >> j & 1) ? cols[j] : 0;
        need[i] = (b->keep[set] & NQ_JOIN_KEEP_TOP) ? 0 : UINT8_MAX;
        for (int j = 0; j < k && need[i] != 0; j++) {
            uint8_t more = need[i | (size_t)1 << j];
            if (!(i >> j & 1) && more != UINT8_MAX && more + 1 < need[i])
                need[i] = (uint8_t)(more + 1);
        }
    }
    uint32_t off = (((uint32_t)1 << b->n) - 1) & ~b->fixed;
    for (int after = 0; after < walked; after++) {
        for (size_t i = 0; i < patterns; i++) {
            uint32_t open = need[i] <= after ? off : 0;
            for (int j = 0; j < k; j++) {
                if (!(i >> j & 1) && need[i | (size_t)1 << j] <= after)
                    open |= cols[j];
            }
            b->allowed[(size_t)after << k | i] = open;
        }
    }
    free(need);
    return 0;
}

/* A pass's held groups (struct nq__join_table): those of the kept
 * patterns, in the order of the groups. */
static int make_groups(struct table_build *b)
{
    b->group_of = malloc(b->all_groups * sizeof *b->group_of);
    if (b->group_of == NULL)
        return NQ_E_NOMEM;
    memset(b->group_of, 0xff, b->all_groups * sizeof *b->group_of);
    uint32_t last = (((uint32_t)1 << b->rows) - 1) << (b->n - b->rows);
    for (uint32_t set = ((uint32_t)1 << b->rows) - 1;;
         set = nq__join_next_set(set)) {
        if (b->keep[set & b->fixed] & NQ_JOIN_KEEP_TOP) {
            uint64_t rank = nq__join_rank(b->ranks, set);
            for (uint64_t g = rank; g < b->all_groups; g += b->sets)
                b->group_of[g] = 0; /* numbered below */
        }
        if (set == last)
            break;
    }
    b->groups = 0;
    for (uint64_t g = 0; g < b->all_groups; g++) {
        if (b->group_of[g] != NQ_JOIN_NO_GROUP)
            b->group_of[g] = (uint32_t)b->groups++;
    }
    return 0;
}

/* Sets up `b` for the tops that `keep` keeps (NULL: all), with its
 * starts and shares; `ranks` is b's to use. */
static int build_init(struct table_build *b, int n, int threads,
                      const struct nq__join_keep *keep,
                      const struct nq__join_ranks *ranks)
{
    int rows = half_rows(n);
    /* The left half's tops (and the middle column's); the right half's
     * are their mirror images. From n = 4 on: a start of one row could
     * not be split. */
    int mirrored = rows >= 2;
    int parts = mirrored && n % 2 == 1 ? 2 : 1;
    *b = (struct table_build){
        .n = n,
        .rows = rows,
        .ranks = ranks,
        .windows = nq__join_windows_of(n, keep != NULL && keep->wide),
        .sets = nq__join_binomial(n, rows),
        .fixed = keep != NULL ? keep->fixed : 0,
        .keep = keep != NULL ? keep->keep : NULL};
    b->all_groups = (uint64_t)parts * b->sets;
    b->groups = b->all_groups;
    b->buckets = (uint32_t)1 << (2 * b->windows.inner);
    b->wide = b->windows.inner != b->windows.width;
    b->rest_half = n - 1 - b->windows.width;
    b->compact = nq__join_compact(n, &b->windows) ||
                 (keep != NULL && keep->compact && n % 2 == 1 && n >= 5);
    b->forced_bin_bits = keep != NULL ? keep->bin_bits : 0;
    b->packed =
        2 * (n - 1) <= 32 && !b->compact && !b->wide && b->forced_bin_bits == 0
            ? 2 * b->rest_half
            : 0;
    /* Windows that are not wide are at most 3 bits: 6 bucket bits. */
    b->in_extra = b->compact && !b->wide;
    b->fine_at = b->wide && !b->compact && 2 * b->rest_half + 4 <= 32 &&
                         !(keep != NULL && keep->fine_in_extra)
                     ? 2 * b->rest_half
                     : 0;
    for (int c = 0; c < n; c++) {
        uint32_t bit = (uint32_t)1 << c;
        uint64_t low = ((uint64_t)1 << (n - 1)) - 1;
        uint64_t word = (uint64_t)(bit >> 1) | (bit & low) << (n - 1);
        b->rest_of[c] = nq__join_rest(&b->windows, n, word);
        b->bucket_of[c] = nq__join_bucket(&b->windows, n, word);
    }
    atomic_init(&b->counted, 0);
    b->census_parts = 1;
    int rc = make_starts(b, mirrored);
    if (rc == 0 && b->keep != NULL)
        rc = make_allowed(b);
    if (rc == 0 && b->keep != NULL)
        rc = make_groups(b);
    if (rc != 0)
        return rc;
    b->workers = (size_t)nq__pool_threads(threads);
    if (b->workers > TABLE_WORKERS_MAX)
        b->workers = TABLE_WORKERS_MAX;
    if (b->workers > b->nstarts)
        b->workers = b->nstarts;
    if (b->workers < 1)
        b->workers = 1;
    b->shares = b->workers == 1 ? 1 : b->workers * SHARES_PER_WORKER;
    if (b->shares > b->nstarts)
        b->shares = b->nstarts;
    if (b->shares < 1)
        b->shares = 1;
    return 0;
}

/* Whether b's entries keep an extra byte. */
static bool keeps_extra(const struct table_build *b)
{
    return b->compact || (b->wide && b->fine_at == 0);
}

/* The bytes each top takes. */
static uint64_t top_bytes(const struct table_build *b)
{
    return sizeof(uint32_t) +
           (b->packed != 0 || b->in_extra ? 0 : sizeof *b->bucket) +
           (keeps_extra(b) ? sizeof *b->extra : 0);
}

/* The bytes a table of b's shape takes with `groups` held groups and
 * `tops` tops: the rank tables, the shares' counters, the group and
 * bucket offsets, the tops, and for a pass's table (`pass`, cut by k
 * fixed columns) the table of its walk and its group_of. */
static uint64_t bytes_of(const struct table_build *b, bool pass, int k,
                         uint64_t groups, uint64_t tops)
{
    uint64_t own = pass ? nq__join_walk_bytes(b->rows, k) +
                              b->all_groups * sizeof *b->group_of
                        : 0;
    uint64_t per_group = b->shares * sizeof *b->counts + sizeof(uint64_t) +
                         (b->buckets + 1) * sizeof(uint32_t);
    return own + nq__join_ranks_bytes(b->n) + groups * per_group +
           sizeof(uint64_t) + tops * top_bytes(b);
}

/* The bytes a table of b's shape takes whatever its tops. */
static uint64_t fixed_bytes(const struct table_build *b)
{
    return bytes_of(b, b->keep != NULL, b->k, b->groups, 0);
}

/* The keys of a sort under windows w: each bucket, and for wide windows
 * its fine bits. */
static uint32_t sort_keys(struct nq__join_windows w)
{
    return ((uint32_t)1 << (2 * w.inner)) *
           (w.inner != w.width ? NQ_JOIN_FINE : 1);
}

/* The bytes a worker's sort_task() takes for groups of at most `largest`
 * entries under windows w. */
static uint64_t group_sort_bytes(struct nq__join_windows w, uint64_t largest)
{
    return sort_counters(sort_keys(w)) * sizeof(uint32_t) +
           (largest + 1) * (2 * sizeof(uint32_t) + sizeof(uint8_t));
}

/* The bytes a thread takes beside a table of n (wide windows where n or
 * `wide` asks for them) whose largest group holds `largest` entries: its
 * count of a unit or its sort_task() of a group, whichever is more. */
static uint64_t unit_or_group_bytes(int n, bool wide, uint64_t largest)
{
    uint64_t count = nq__join_count_bytes(n, wide, largest);
    uint64_t sort = group_sort_bytes(nq__join_windows_of(n, wide), largest);
    return count > sort ? count : sort;
}

/* The bytes each thread takes beside b's table once its groups are
 * placed: unit_or_group_bytes(), or a bin's sort for a binned fill
 * (bin_sort_task()) where that is more. */
static uint64_t thread_bytes(const struct table_build *b)
{
    uint64_t each = unit_or_group_bytes(b->n, b->wide, b->largest);
    if (b->bin_shift == 0)
        return each;
    /* A bin's sort counts the keys of the groups it holds: all of them
     * where they are fewer than a bin could hold (n = 2: 2 groups, not
     * 2^16, whose counters took 9 MB and made its join NQ_E_NOMEM under
     * any smaller budget). */
    uint64_t per_bin = (uint64_t)1 << b->bin_shift;
    if (per_bin > b->groups)
        per_bin = b->groups;
    uint64_t keys = per_bin * b->buckets;
    uint64_t bin =
        (2 * (b->largest_bin + 1) + sort_counters(keys)) * sizeof(uint32_t);
    return bin > each ? bin : each;
}

/* The threads whose thread_bytes() fit the budget beside the table's
 * other memory and `held` bytes of entries (0 where not one does), at
 * most `most`. */
static int threads_fit(const struct table_build *b, uint64_t budget,
                       uint64_t held, int most)
{
    uint64_t fixed = fixed_bytes(b);
    if (fixed >= budget || held > budget - fixed)
        return 0;
    uint64_t fit = (budget - fixed - held) / thread_bytes(b);
    return fit < (uint64_t)most ? (int)fit : most;
}

uint64_t nq__join_work_bytes(int n, int threads, uint64_t largest)
{
    return (uint64_t)nq__pool_threads(threads) *
           unit_or_group_bytes(n, false, largest);
}

/* Before the fill of a pass's table (after place_groups()): the end of
 * each share's slots in each group, the next share's first slot or the
 * group's end. The fill's stores stop there, so that counts that are not
 * those of the tops (a damaged census) never reach another share's slots
 * while that share fills them. They are kept in the memory of the
 * bucket offsets, which the sort writes only after the fill, where it
 * is large enough (no more shares than buckets + 1): no byte more. */
static int set_limits(struct table_build *b, uint32_t *bucket_start)
{
    bool room = b->shares <= (size_t)b->buckets + 1;
    b->limits =
        room ? bucket_start : malloc(b->shares * b->groups * sizeof *b->limits);
    if (b->limits == NULL)
        return NQ_E_NOMEM;
    for (uint64_t g = 0; g < b->groups; g++) {
        for (size_t k = 0; k < b->shares; k++) {
            b->limits[k * b->groups + g] =
                k + 1 < b->shares ? b->counts[(k + 1) * b->groups + g]
                                  : (uint32_t)b->start[g + 1];
        }
    }
    return 0;
}

/* After the fill of a pass's table counted from a census: whether each
 * share's counter of each group stopped at the census's end of its slots
 * (the next share's first, or the group's end). Else the census was not
 * that of these tops (a damaged one) and the table is wrong. */
static bool filled(const struct table_build *b, const uint32_t *census)
{
    for (uint64_t g = 0; g < b->all_groups; g++) {
        uint32_t held = b->group_of[g];
        if (held == NQ_JOIN_NO_GROUP)
            continue;
        uint64_t end = b->start[held];
        for (size_t k = 0; k < b->shares; k++) {
            end += census[k * b->all_groups + g];
            if (b->counts[k * b->groups + held] != end)
                return false;
        }
    }
    return true;
}

/* The count pass of a pass's table without its walk: the whole table's
 * counts per share and group (nq__join_group_tops() on the same threads,
 * so the same shares), kept where the group's pattern is kept. */
static int counts_from_census(struct table_build *b, const uint32_t *census)
{
    uint32_t last = (((uint32_t)1 << b->rows) - 1) << (b->n - b->rows);
    uint64_t tops = 0;
    for (uint32_t set = ((uint32_t)1 << b->rows) - 1;;
         set = nq__join_next_set(set)) {
        if (b->keep[set & b->fixed] & NQ_JOIN_KEEP_TOP) {
            uint64_t rank = nq__join_rank(b->ranks, set);
            for (uint64_t g = rank; g < b->all_groups; g += b->sets) {
                uint64_t held = b->group_of[g];
                for (size_t k = 0; k < b->shares; k++) {
                    uint32_t c = census[k * b->all_groups + g];
                    b->counts[k * b->groups + held] = c;
                    tops += c;
                }
            }
        }
        if (set == last)
            break;
    }
    return tops > b->room ? NQ_E_NOMEM : 0;
}

/* The fill's room for `slots` entries: the rests, and the buckets and
 * extra bytes where b keeps them. Without `m`, malloc'ed; with it, laid
 * end to end in m's block, which is grown where too small and taken anew
 * where it holds more than `most` bytes (the budget left beside the
 * table's other memory), and borrowed by the table. */
static int entries_alloc(struct table_build *b, struct nq__join_memory *m,
                         uint64_t slots, uint64_t most, bool *borrowed)
{
    *borrowed = false;
    bool has_bucket = b->packed == 0 && !b->in_extra;
    bool has_extra = keeps_extra(b);
    if (m == NULL) {
        b->rest = malloc(slots * sizeof *b->rest);
        b->bucket = has_bucket ? malloc(slots * sizeof *b->bucket) : NULL;
        b->extra = has_extra ? malloc(slots * sizeof *b->extra) : NULL;
        return b->rest == NULL || (has_bucket && b->bucket == NULL) ||
                       (has_extra && b->extra == NULL)
                   ? NQ_E_NOMEM
                   : 0;
    }
    uint64_t bytes = slots * top_bytes(b);
    if (m->bytes > most && m->bytes > bytes)
        nq__join_memory_free(m);
    if (m->bytes < bytes) {
        /* Grown in place where it can be: the pages it has keep. */
        void *grown = realloc(m->block, bytes);
        if (grown == NULL)
            return NQ_E_NOMEM;
        m->block = grown;
        m->bytes = bytes;
    }
    uint8_t *at = m->block;
    *borrowed = true;
    b->rest = (uint32_t *)(void *)at;
    at += slots * sizeof *b->rest;
    if (has_bucket) {
        b->bucket = at;
        at += slots * sizeof *b->bucket;
    }
    if (has_extra)
        b->extra = at;
    return 0;
}

int nq__join_table_build_pass(int n, int threads, uint64_t budget,
                              const struct nq__join_keep *keep,
                              struct nq__join_table *t)
{
    memset(t, 0, sizeof *t);
    if (n < 2 || n > NQ_JOIN_MAX_N || half_rows(n) < 1)
        return NQ_E_RANGE;
    struct nq__join_ranks *ranks = malloc(sizeof *ranks);
    if (ranks == NULL)
        return NQ_E_NOMEM;
    nq__join_ranks_init(ranks, n);
    struct table_build b;
    bool census = false; /* the counts come from a census given */
    /* The entries lie in keep->memory's block (entries_alloc()); a local,
     * not a field of b, which the passes' workers are handed. */
    bool borrowed = false;
    int rc = build_init(&b, n, threads, keep, ranks);
    if (rc != 0)
        goto out;
    uint64_t fixed = fixed_bytes(&b);
    rc = NQ_E_NOMEM;
    if (fixed >= budget)
        goto out;
    b.room = (budget - fixed) / top_bytes(&b);
    if (b.room > NQ_JOIN_TABLE_TOPS_MAX)
        b.room = NQ_JOIN_TABLE_TOPS_MAX;
    b.counts = calloc(b.shares * b.groups, sizeof *b.counts);
    t->start = malloc((b.groups + 1) * sizeof *t->start);
    t->bucket_start =
        malloc(b.groups * (b.buckets + 1) * sizeof *t->bucket_start);
    if (b.counts == NULL || t->start == NULL || t->bucket_start == NULL)
        goto out;
    /* A census only for a pass's walk (b.keep): the walk over every top
     * stores without the clamp that a census not of the tops needs. */
    census = keep != NULL && b.keep != NULL && keep->share_tops != NULL;
    if (census)
        rc = counts_from_census(&b, keep->share_tops);
    else
        rc = run_pass(b.shares, (int)b.workers, count_task, &b);
    if (rc != 0)
        goto out;
    choose_bins(&b);
    if (b.bin_shift != 0 && (rc = place_bins(&b)) != 0)
        goto out;
    place_groups(&b, t->start);
    b.start = t->start;
    /* The budget holds the table and what its threads take beside it
     * (at n = 20, 2 MiB a thread beside 2 GiB): the sort runs on as many
     * of `threads` as fit, and the count on as many as fit beside the
     * entries held (t->threads). */
    uint64_t slots = t->start[b.groups] + 1;
    int sorting = threads_fit(&b, budget, slots * top_bytes(&b),
                              nq__pool_threads(threads));
    rc = NQ_E_NOMEM;
    if (sorting == 0)
        goto out;
    struct nq__join_memory *memory = keep != NULL ? keep->memory : NULL;
    rc = entries_alloc(&b, memory, slots,
                       budget - fixed - (uint64_t)sorting * thread_bytes(&b),
                       &borrowed);
    if (rc != 0)
        goto out;
    t->threads = threads_fit(&b, budget,
                             borrowed && memory != NULL ? memory->bytes
                                                        : slots * top_bytes(&b),
                             INT_MAX);
    b.entries = t->start[b.groups];
    if ((rc = prefault_entries(&b)) != 0)
        goto out;
    if (b.keep != NULL && (rc = set_limits(&b, t->bucket_start)) != 0)
        goto out;
    rc = run_pass(b.shares, (int)b.workers, fill_task, &b);
    if (rc == 0 && census && !filled(&b, keep->share_tops))
        rc = NQ_E_CORRUPT;
    if (rc != 0)
        goto out;
    b.bucket_start = t->bucket_start;
    if (b.bin_shift != 0)
        rc = run_pass((size_t)b.bins, sorting, bin_sort_task, &b);
    else
        rc = run_pass((size_t)((b.groups + SORT_GROUPS - 1) / SORT_GROUPS),
                      sorting, sort_task, &b);
    if (rc != 0)
        goto out;
    t->n = n;
    t->rows = b.rows;
    t->mirrored = b.rows >= 2;
    t->parts = (int)(b.all_groups / b.sets);
    t->windows = b.windows;
    t->sets = b.sets;
    t->groups = b.groups;
    t->group_of = b.group_of;
    t->buckets = b.buckets;
    t->rest = b.rest;
    t->compact = b.compact;
    t->rest_half = b.compact ? b.rest_half - 1 : b.rest_half;
    t->extra = b.extra;
    t->borrowed = borrowed;
    t->fine_at = b.fine_at;
    t->fill = nq__join_pick_fill();
    t->pairs = nq__join_pick_pairs();
    b.rest = NULL;
    b.extra = NULL;
    b.group_of = NULL;
out:
    if (!borrowed) {
        free(b.rest);
        free(b.extra);
        free(b.bucket);
    }
    free(b.group_of);
    free(b.counts);
    free(b.bin_next);
    if (b.limits != t->bucket_start)
        free(b.limits);
    free(b.starts);
    free(b.allowed);
    if (rc != 0) {
        free(ranks);
        nq__join_table_free(t);
    } else {
        t->ranks = ranks;
    }
    return rc;
}

/* The shape of a table of n built on `threads` threads, for its sizes
 * alone; false if n is out of range. */
static bool shape_of(int n, int threads, struct table_build *b)
{
    if (n < 2 || n > NQ_JOIN_MAX_N || half_rows(n) < 1)
        return false;
    int rc = build_init(b, n, threads, NULL, NULL);
    free(b->starts);
    free(b->allowed); /* none without a keep; said for the analyser */
    free(b->group_of);
    b->starts = NULL;
    b->allowed = NULL;
    b->group_of = NULL;
    return rc == 0;
}

/* The count pass alone, of the tops that `keep` keeps (NULL: all), over
 * the starts of each share numbered part, part + parts, ...: the tops per
 * share and group, laid out over every group as the census is. */
static int census_walk(int n, int threads, const struct nq__join_keep *keep,
                       unsigned part, unsigned parts, uint32_t **share_tops,
                       uint64_t *len)
{
    *share_tops = NULL;
    *len = 0;
    if (n < 2 || n > NQ_JOIN_MAX_N || half_rows(n) < 1)
        return NQ_E_RANGE;
    struct nq__join_ranks *ranks = malloc(sizeof *ranks);
    if (ranks == NULL)
        return NQ_E_NOMEM;
    nq__join_ranks_init(ranks, n);
    struct table_build b;
    int rc = build_init(&b, n, threads, keep, ranks);
    if (rc != 0)
        goto out;
    rc = NQ_E_NOMEM;
    b.room = UINT64_MAX;
    /* A pass's walk counts as the census of every top does. */
    b.census_layout = keep != NULL;
    b.counts = calloc(b.shares * b.all_groups, sizeof *b.counts);
    if (b.counts == NULL)
        goto out;
    b.census_part = part;
    b.census_parts = parts;
    rc = run_pass(b.shares, (int)b.workers, count_task, &b);
    if (rc != 0)
        goto out;
    *share_tops = b.counts;
    *len = b.shares * b.all_groups;
    b.counts = NULL;
out:
    free(b.counts);
    free(b.starts);
    free(b.allowed);
    free(b.group_of);
    free(ranks);
    return rc;
}

int nq__join_census_part(int n, int threads, unsigned part, unsigned parts,
                         uint32_t **share_tops, uint64_t *len)
{
    *share_tops = NULL;
    *len = 0;
    if (parts < 1 || part >= parts)
        return NQ_E_RANGE;
    return census_walk(n, threads, NULL, part, parts, share_tops, len);
}

int nq__join_census_kept(int n, int threads, const struct nq__join_keep *keep,
                         uint32_t **share_tops, uint64_t *len)
{
    *share_tops = NULL;
    *len = 0;
    if (keep == NULL || keep->keep == NULL)
        return NQ_E_RANGE;
    return census_walk(n, threads, keep, 0, 1, share_tops, len);
}

int nq__join_sum_shares(int n, const uint32_t *share_tops, uint64_t len,
                        uint64_t **tops, uint64_t *groups)
{
    *tops = NULL;
    *groups = 0;
    struct table_build b;
    if (!shape_of(n, 1, &b))
        return NQ_E_RANGE;
    /* The groups do not depend on the threads, the shares do: a census
     * walked on any number of threads sums to the same tops. */
    if (len == 0 || len % b.groups != 0)
        return NQ_E_INVAL;
    uint64_t *sum = calloc(b.groups, sizeof *sum);
    if (sum == NULL)
        return NQ_E_NOMEM;
    for (uint64_t i = 0; i < len; i++)
        sum[i % b.groups] += share_tops[i];
    *tops = sum;
    *groups = b.groups;
    return 0;
}

int nq__join_fold_shares(int n, int threads, const uint32_t *share_tops,
                         uint64_t len, uint32_t **folded, uint64_t *folded_len)
{
    *folded = NULL;
    *folded_len = 0;
    struct table_build b;
    if (!shape_of(n, threads, &b))
        return NQ_E_RANGE;
    if (len == 0 || len % b.groups != 0 || (len / b.groups) % b.shares != 0)
        return NQ_E_INVAL;
    uint64_t own = b.shares * b.groups;
    uint32_t *out = calloc(own, sizeof *out);
    if (out == NULL)
        return NQ_E_NOMEM;
    /* Share k's counts of every group go to share k mod S', whose
     * counts lie at the same offset mod own. */
    for (uint64_t i = 0; i < len; i++) {
        if (__builtin_add_overflow(out[i % own], share_tops[i],
                                   &out[i % own])) {
            free(out);
            return NQ_E_OVERFLOW;
        }
    }
    *folded = out;
    *folded_len = own;
    return 0;
}

int nq__join_group_tops(int n, int threads, uint64_t **tops, uint64_t *groups,
                        uint32_t **share_tops)
{
    *tops = NULL;
    *groups = 0;
    if (share_tops != NULL)
        *share_tops = NULL;
    uint32_t *counts = NULL;
    uint64_t len = 0;
    int rc = nq__join_census_part(n, threads, 0, 1, &counts, &len);
    if (rc == 0)
        rc = nq__join_sum_shares(n, counts, len, tops, groups);
    if (rc == 0 && share_tops != NULL) {
        *share_tops = counts;
        counts = NULL;
    }
    free(counts);
    return rc;
}

uint64_t nq__join_share_tops_bytes(int n, int threads)
{
    struct table_build b;
    return shape_of(n, threads, &b) ? b.shares * b.groups * sizeof *b.counts
                                    : UINT64_MAX;
}

uint64_t nq__join_table_bytes(int n, int threads, uint64_t tops)
{
    struct table_build b;
    return shape_of(n, threads, &b) ? bytes_of(&b, false, 0, b.groups, tops)
                                    : UINT64_MAX;
}

uint64_t nq__join_pass_bytes(int n, int threads, int k, uint64_t groups,
                             uint64_t tops)
{
    struct table_build b;
    return shape_of(n, threads, &b) ? bytes_of(&b, true, k, groups, tops)
                                    : UINT64_MAX;
}

void nq__join_table_free(struct nq__join_table *t)
{
    free(t->group_of);
    free(t->start);
    if (!t->borrowed) {
        free(t->rest);
        free(t->extra);
    }
    free(t->bucket_start);
    free(t->ranks);
    memset(t, 0, sizeof *t);
}

void nq__join_memory_free(struct nq__join_memory *m)
{
    free(m->block);
    m->block = NULL;
    m->bytes = 0;
}
