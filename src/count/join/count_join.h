/*
 * count_join.h - the half-board join (meet in the middle): every solution
 * splits into a top half and a bottom half, each a partial placement of
 * its own rows. The top halves are enumerated once and grouped by the set
 * of columns they use; a bottom half, turned upside down, is a top half
 * too. A solution is then a pair (top with columns C, bottom with the
 * other columns) whose diagonals meet nowhere, and counting those pairs
 * is a count of disjoint bit words, done many at a time.
 *
 * Odd n: the middle row keeps one queen, in column m; the halves above and
 * below it have (n - 1) / 2 rows each and must not attack it.
 *
 * Units: a unit is one (m, C) (m = -1 for even n) chosen from its class
 * under the mirror (columns reversed) and the flip (rows reversed), which
 * map solutions one to one between the members of a class; a unit counts
 * its solutions times the size of its class.
 *
 * Files: count_join_units.c (units, ranks of column sets),
 * count_join_table.c (the table of tops), count_join.c (one unit's count),
 * count_join_fill.c (a unit's sides from the table), count_join_kernel.c
 * (the vector loop over pairs of words).
 */
#ifndef NQ_COUNT_JOIN_H
#define NQ_COUNT_JOIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest n the join takes: the words without their windows must fit
 * 32 bits, which odd n = 21 reaches only with its edge bits kept apart
 * (see nq__join_compact()), and n = 22 and 23 only with wide windows (see
 * struct nq__join_windows). */
#define NQ_JOIN_MAX_N 23

/* One unit of work. */
struct nq__join_unit {
    uint32_t top;    /* columns used by the top half */
    int16_t middle;  /* column of the middle row's queen; -1 for even n */
    uint16_t weight; /* size of its class: 1, 2 or 4 */
};

/* Two windows of `width` bits, one in each half of a word (the halves:
 * bits 0..n-2 and n-1..2n-3), sort words into buckets: the bucket is the
 * bits of both windows side by side, the rest is the word without them
 * (at most 32 bits for n <= 20). Even n: both windows at the same place,
 * so that mirror and flip map buckets onto buckets; odd n: the one in the
 * first half a bit further on, for the same reason.
 *
 * Wide windows (n >= 22, whose rest needs 5 bits cut from each half to
 * fit 32, and n = 20, whose large sides repay the finer buckets): a
 * table's bucket offsets would then be 1,025 a group, too many to keep.
 * Its buckets are the inner 3 bits of each window (nq__join_coarse());
 * the outer bit at each end of each window (nq__join_fine(), 4 bits)
 * each entry keeps in its extra byte or above its rest, and a
 * group's entries are sorted by them within each bucket, so that a unit
 * still sorts its sides into all 1,024 buckets. */
struct nq__join_windows {
    int width;
    int inner; /* bits of each window a table's buckets keep: width, or
                  width - 2 for wide windows */
    int first_at, second_at; /* first bit of each window in its half */
};

/* nq__join_coarse() : the bits of `bucket` a table's buckets keep. */
static inline uint32_t nq__join_coarse(const struct nq__join_windows *w,
                                       uint32_t bucket)
{
    if (w->inner == w->width)
        return bucket;
    uint32_t inner = ((uint32_t)1 << w->inner) - 1;
    return ((bucket >> 1) & inner) | ((bucket >> (w->width + 1)) & inner)
                                         << w->inner;
}

/* nq__join_fine() : the outer bits of `bucket`'s windows, 4 bits (0 for
 * windows that are not wide). */
static inline uint32_t nq__join_fine(const struct nq__join_windows *w,
                                     uint32_t bucket)
{
    if (w->inner == w->width)
        return 0;
    int last = w->width - 1;
    return (bucket & 1) | ((bucket >> last) & 1) << 1 |
           ((bucket >> w->width) & 1) << 2 |
           ((bucket >> (w->width + last)) & 1) << 3;
}

/* Fine bits: 16 values; an entry's extra byte keeps them above its edge
 * bits (nq__join_edge()), or its stored rest above the rest's bits
 * (struct nq__join_table's fine_at). */
#define NQ_JOIN_FINE 16
#define NQ_JOIN_FINE_SHIFT 2

/* The most buckets a unit's sides are sorted into: windows of 5 bits. */
#define NQ_JOIN_SIDE_BUCKETS_MAX 1024

/* The colex rank of a set of columns c_0 < c_1 < ... is the sum of
 * C(c_i, i + 1). Split at column `split`: the low columns' part depends on
 * them alone, the high columns' part on them and on how many low columns
 * come first; two small tables instead of one of 2^n entries. */
#define NQ_JOIN_RANK_SPLIT_MAX ((NQ_JOIN_MAX_N + 1) / 2)
struct nq__join_ranks {
    int split;
    uint32_t low[1 << NQ_JOIN_RANK_SPLIT_MAX];
    uint8_t low_count[1 << NQ_JOIN_RANK_SPLIT_MAX]; /* its columns */
    uint32_t high[NQ_JOIN_RANK_SPLIT_MAX + 1][1 << NQ_JOIN_RANK_SPLIT_MAX];
};

/* nq__join_reverse32() : the 32 bits of x in reverse order. */
static inline uint32_t nq__join_reverse32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}

/* nq__join_mirror() : the columns of `set` in a mirror (1 <= n <= 32
 * columns). */
static inline uint32_t nq__join_mirror(uint32_t set, int n)
{
    return nq__join_reverse32(set) >> (32 - n);
}

/* How a stored rest is read into one side of a unit (count_join.c says
 * why): the rest is two halves of `rest_half` bits side by side. */
enum nq__join_flip {
    NQ_JOIN_AS_TOP,    /* the top itself */
    NQ_JOIN_FLIP_EVEN, /* read as a bottom, even n: the halves swapped */
    NQ_JOIN_FLIP_ODD   /* read as a bottom, odd n: the halves swapped, the
                          one moved up a bit, the other down */
};

/* nq__join_rewrite_bare() : the rest e, with no bits above the rest's,
 * as read: its mirror image first (every bit reversed) if `mirror`, then
 * as `flip` says. */
static inline uint32_t nq__join_rewrite_bare(uint32_t e, bool mirror,
                                             enum nq__join_flip flip,
                                             int rest_half)
{
    int rest_bits = 2 * rest_half;
    uint32_t low = ((uint32_t)1 << rest_half) - 1;
    if (mirror)
        e = rest_bits == 0 ? 0 : nq__join_reverse32(e) >> (32 - rest_bits);
    if (flip == NQ_JOIN_FLIP_EVEN)
        e = (e >> rest_half) | (e & low) << rest_half;
    else if (flip == NQ_JOIN_FLIP_ODD)
        e = (((e >> rest_half) << 1) & low) | ((e & low) >> 1) << rest_half;
    return e;
}

/* nq__join_rewrite_rest() : nq__join_rewrite_bare() of a stored rest whose
 * bits above the rest's (a table's fine bits, see fine_at) are left out
 * first. */
static inline uint32_t nq__join_rewrite_rest(uint32_t e, bool mirror,
                                             enum nq__join_flip flip,
                                             int rest_half)
{
    int rest_bits = 2 * rest_half;
    if (rest_bits < 32)
        e &= ((uint32_t)1 << rest_bits) - 1;
    return nq__join_rewrite_bare(e, mirror, flip, rest_half);
}

/* One way of reading a run of stored rests; those sharing a bit with
 * `drop` are left out. */
struct nq__join_way {
    bool mirror;
    enum nq__join_flip flip;
    int rest_half;
    uint32_t drop;
    bool fine_above; /* the stored rests keep fine bits above (fine_at) */
};

/* Writes the rests rest[0..len) as `way` reads them, but those it leaves
 * out, to out[0...] in order; returns how many it wrote. out must have
 * room for len + NQ_JOIN_FILL_PAD entries. */
typedef size_t (*nq__join_fill_fn)(uint32_t *out, const uint32_t *rest,
                                   size_t len, const struct nq__join_way *way);
#define NQ_JOIN_FILL_PAD 16

/* Counts the pairs (p[i], q[j]) whose words share no bit (see
 * nq__join_pairs()). */
typedef uint64_t (*nq__join_pairs_fn)(const uint32_t *p, size_t np,
                                      const uint32_t *q, size_t nq);

/* nq__join_fill_plain() : the fill in plain C, for any processor (and for
 * the tests); nq__join_pick_fill() : the fastest fill this processor runs
 * (AVX-512 on x86-64 where it has it). */
size_t nq__join_fill_plain(uint32_t *out, const uint32_t *rest, size_t len,
                           const struct nq__join_way *way);
nq__join_fill_fn nq__join_pick_fill(void);

/* nq__join_fill_edge() : the plain fill of a compact table's rests that
 * also leaves out those whose extra bytes (extra[0..len)) meet drop_edge,
 * the edge bits of the middle queen. */
size_t nq__join_fill_edge(uint32_t *out, const uint32_t *rest,
                          const uint8_t *extra, size_t len,
                          const struct nq__join_way *way, uint8_t drop_edge);

/* nq__join_ranks_init() : the tables for sets of n columns. */
void nq__join_ranks_init(struct nq__join_ranks *r, int n);

/* nq__join_ranks_bytes() : the bytes of the tables that n's ranks fill
 * (the rest of the struct is never touched, so never resident). */
uint64_t nq__join_ranks_bytes(int n);

/* nq__join_rank() : the colex rank of `set` among the sets of its size. */
static inline uint32_t nq__join_rank(const struct nq__join_ranks *r,
                                     uint32_t set)
{
    uint32_t low = set & (((uint32_t)1 << r->split) - 1);
    return r->low[low] + r->high[r->low_count[low]][set >> r->split];
}

/* nq__join_next_set() : the next set of as many columns, in increasing
 * order (Gosper's rule); `set` must not be the last. */
static inline uint32_t nq__join_next_set(uint32_t set)
{
    uint32_t low = set & -set;
    uint32_t ripple = set + low;
    return ripple | (((set ^ ripple) >> 2) / low);
}

/* nq__join_binomial() : C(a, b), 0 unless 0 <= b <= a (a <= 32). */
uint32_t nq__join_binomial(int a, int b);

/* The tops: every placement of `rows` queens in rows 0..rows-1, as a word
 * of the diagonals it attacks on row `rows`: bit x (0 <= x <= n - 2) for
 * the diagonal r + c = rows + x, bit n - 1 + j for r - c = rows - j - 1.
 * Kept cut into bucket and rest, in groups: by part, then by column set
 * (group part * sets + colex rank of the set), and within a group by
 * bucket, so that only the rest needs storing. Mirrored tables (n >= 4)
 * keep only the tops with the queen of row 0 left of the middle column
 * (part 0) or on it (part 1, odd n): the others are mirror images of part
 * 0's. A pass's table holds only the groups of its own patterns: its
 * offsets and counters are sized for them (at n = 23, for all 2.7 million
 * groups they took 860 MiB a pass), and group_of numbers them. */
struct nq__join_table {
    int n;
    int rows;
    int mirrored; /* 1: only the tops described above are kept */
    int parts;    /* 1, or 2 for a mirrored table of odd n */
    struct nq__join_windows windows;
    uint64_t sets;          /* column sets of `rows` columns: C(n, rows) */
    uint64_t groups;        /* groups held: parts * sets, or a pass's own */
    uint32_t *group_of;     /* a pass's table: [part * sets + rank] : the
                               held group, in the same order, or
                               NQ_JOIN_NO_GROUP; NULL: the group itself
                               (nq__join_held()) */
    uint64_t *start;        /* held group h: entries start[h] ..
                               start[h + 1] - 1; groups + 1 entries */
    uint32_t *rest;         /* start[groups] entries */
    int rest_half;          /* bits of each half of a stored rest */
    bool compact;           /* see nq__join_compact() */
    bool borrowed;          /* rest and extra lie in a struct
                               nq__join_memory's block, which outlives
                               the table */
    uint8_t *extra;         /* compact, or wide with fine_at 0: each
                               entry's edge bits (bits 0 and 1) and fine
                               bits (from bit NQ_JOIN_FINE_SHIFT); else
                               NULL */
    int fine_at;            /* wide windows with a rest of at most 28 bits,
                               not compact (n = 20): each entry's fine bits
                               stand in its stored rest from this bit on,
                               and extra is NULL; 0 otherwise */
    uint32_t buckets;       /* 1 << (2 * windows.inner); within a bucket,
                               wide windows' entries are sorted by their
                               fine bits */
    uint32_t *bucket_start; /* [held group][bucket + 1]: bucket b of held
                               group h is rest[start[h] + bucket_start[h *
                               (buckets + 1) + b] ...] up to the entry of
                               b + 1 */
    struct nq__join_ranks *ranks; /* of the sets of n columns */
    nq__join_fill_fn fill;        /* nq__join_pick_fill()'s */
    nq__join_pairs_fn pairs;      /* nq__join_pick_pairs()'s */
    int threads; /* the most threads whose counts of units the build's
                    budget holds beside the table (nq__join_count_bytes()),
                    whatever threads built it; 0 in a table not built */
};

#define NQ_JOIN_NO_GROUP UINT32_MAX

/* nq__join_held() : the held group of group g (part * sets + rank), or
 * NQ_JOIN_NO_GROUP where a pass's table does not hold it. */
static inline uint64_t nq__join_held(const struct nq__join_table *t, uint64_t g)
{
    return t->group_of == NULL ? g : t->group_of[g];
}

/* nq__join_windows_of() : the windows of n; wide ones where n needs them
 * or `wide` asks for them (n >= 8, as the tests take to try them). */
struct nq__join_windows nq__join_windows_of(int n, bool wide);

/* nq__join_bucket() : the bits of both windows of `word`, side by side. */
static inline uint32_t nq__join_bucket(const struct nq__join_windows *w, int n,
                                       uint64_t word)
{
    uint64_t low = ((uint64_t)1 << w->width) - 1;
    int second = n - 1 + w->second_at;
    return (uint32_t)(((word >> w->first_at) & low) | ((word >> second) & low)
                                                          << w->width);
}

/* `word` without the bits [at, at + len). */
static inline uint64_t nq__join_cut(uint64_t word, int at, int len)
{
    return (word & (((uint64_t)1 << at) - 1)) | (word >> (at + len)) << at;
}

/* nq__join_rest() : `word` without the bits of the windows: two halves
 * of n - 1 - width bits. */
static inline uint64_t nq__join_rest(const struct nq__join_windows *w, int n,
                                     uint64_t word)
{
    word = nq__join_cut(word, n - 1 + w->second_at, w->width);
    return nq__join_cut(word, w->first_at, w->width);
}

/* Compact tables (odd n whose rest exceeds 32 bits). For odd n, the rest's
 * lowest bit (the anti-diagonal at column 0 of the middle row) and its
 * highest (the main one at column n - 1) meet no bottom: a bottom's flip
 * shifts them out (nq__join_rewrite_rest()). They tell only whether a top
 * attacks a middle queen in column 0 or n - 1. A compact table stores the
 * rest without them, two halves of n - 2 - width bits, and keeps them
 * apart as the entry's edge bits (bit 0: the lowest, bit 1: the highest).
 * Without them, a bottom's odd flip is a swap of the two halves, as for
 * even n. */
static inline bool nq__join_compact(int n, const struct nq__join_windows *w)
{
    return n % 2 == 1 && 2 * (n - 1 - w->width) > 32;
}

/* nq__join_stored_rest() : a rest of 2 * half bits as a compact table
 * (`compact`) or any other stores it. */
static inline uint32_t nq__join_stored_rest(uint64_t rest, int half,
                                            bool compact)
{
    if (!compact)
        return (uint32_t)rest;
    return (uint32_t)((rest >> 1) & (((uint64_t)1 << (2 * half - 2)) - 1));
}

/* nq__join_edge() : the edge bits of a rest of 2 * half bits. */
static inline uint8_t nq__join_edge(uint64_t rest, int half)
{
    return (uint8_t)((rest & 1) | ((rest >> (2 * half - 1)) & 1) << 1);
}

/* The most tops one table holds: its fill counts each top's slot in 32
 * bits, and the last slot is spare. */
#define NQ_JOIN_TABLE_TOPS_MAX ((uint64_t)UINT32_MAX - 1)

/* nq__join_table_build() : enumerates and groups the tops of n on `threads`
 * threads (0 = all usable cores), in at most `budget` bytes with what
 * its threads take beside it (t->threads of them count units within
 * it). Returns 0,
 * NQ_E_RANGE or NQ_E_NOMEM (also when the table would not fit the budget:
 * the count of the tops, which comes first, stops soon after that is
 * known). */
int nq__join_table_build(int n, int threads, uint64_t budget,
                         struct nq__join_table *t);

void nq__join_table_free(struct nq__join_table *t);

/* The memory of a run's pass tables' entries, kept from one build to
 * the next: the first touch of fresh pages costs a fault and the zeroing
 * of each page (about a fifth of the processor time of a part of n = 19
 * on a virtual machine), which a block already touched does not. */
struct nq__join_memory {
    void *block;
    uint64_t bytes;
};

/* nq__join_memory_free() : frees m's block (none held is fine). */
void nq__join_memory_free(struct nq__join_memory *m);

/* Passes: the table of one pass holds only the tops whose columns meet a
 * fixed set F of columns (symmetric under the mirror) in a pattern that
 * the pass's units read. keep has 2^n entries, indexed by (columns & F):
 * NQ_JOIN_KEEP_TOP where a top with that pattern is kept, else 0. */
#define NQ_JOIN_KEEP_TOP 1

struct nq__join_keep {
    uint32_t fixed;
    const uint8_t *keep;
    /* NULL, or where the entries are taken from (struct nq__join_memory):
     * the table then borrows them, and must be freed before m is. */
    struct nq__join_memory *memory;
    /* NULL, or the whole table's tops per share and group from
     * nq__join_group_tops() on the same threads: the build then counts
     * the pass's tops from it instead of walking the tops twice, and
     * fails with NQ_E_CORRUPT where its fill finds other tops. */
    const uint32_t *share_tops;
    /* A compact table (nq__join_compact()) for any odd n >= 5, and wide
     * windows for any n >= 8, as the tests take to try them where the
     * counts are quick. */
    bool compact;
    bool wide;
    /* Wide windows: the fine bits in the extra byte even where the rest
     * leaves room for them (as n = 22 keeps them), for the tests. */
    bool fine_in_extra;
    /* A whole table (keep NULL) of any n filled in bins (unpacked, as
     * n = 18's is) of at most 1 << bin_bits groups, for the tests; 0: as
     * n says. */
    int bin_bits;
};

/* nq__join_table_build_pass() : nq__join_table_build() for the tops that
 * `keep` keeps (NULL: all of them); also NQ_E_CORRUPT (see share_tops). */
int nq__join_table_build_pass(int n, int threads, uint64_t budget,
                              const struct nq__join_keep *keep,
                              struct nq__join_table *t);

/* nq__join_walk_bytes() : the bytes of the table that steers the walk of
 * a pass's table of `rows` rows cut by k fixed columns. */
uint64_t nq__join_walk_bytes(int rows, int k);

/* nq__join_group_tops() : the count pass of the whole table alone: the
 * tops of every group (*groups = parts * sets entries, malloc'ed, free()),
 * in little memory; and, unless share_tops is NULL, the same per share of
 * the walk on `threads` threads (what a table built on as many threads
 * takes as its nq__join_keep's share_tops; as many bytes as the table's
 * counters, see nq__join_table_bytes()). Returns 0, NQ_E_RANGE or
 * NQ_E_NOMEM. */
int nq__join_group_tops(int n, int threads, uint64_t **tops, uint64_t *groups,
                        uint32_t **share_tops);

/* nq__join_census_part() : nq__join_group_tops()'s share_tops counted
 * from part of the walk alone (*len = shares * groups entries, malloc'ed,
 * free()): of each share's starts, those numbered part, part + parts,
 * part + 2 parts, ... The parts add up to the whole (nqueens-mpi splits
 * the census between its ranks).
 * nq__join_sum_shares() : the tops of every group from share_tops of `len`
 * entries, walked on any number of threads (*groups entries, malloc'ed,
 * free()). Both return 0, NQ_E_RANGE or NQ_E_NOMEM; the sum NQ_E_INVAL
 * where len is not a whole number of shares. */
int nq__join_census_part(int n, int threads, unsigned part, unsigned parts,
                         uint32_t **share_tops, uint64_t *len);
int nq__join_sum_shares(int n, const uint32_t *share_tops, uint64_t len,
                        uint64_t **tops, uint64_t *groups);

/* nq__join_fold_shares() : share_tops of `len` entries walked on any
 * number of threads, as a walk on `threads` threads would have counted
 * them (*folded_len entries, malloc'ed, free()), so that a pass's build
 * on those threads can take them as its census. Share k of a walk holds
 * the starts k, k + S, k + 2S, ... (S shares), so where the shares S' of
 * `threads` divide S, share k' of S' holds those of the shares k = k'
 * mod S'. Returns 0, NQ_E_RANGE, NQ_E_NOMEM, NQ_E_INVAL where len is not
 * a whole number of shares or S' does not divide it, NQ_E_OVERFLOW where
 * a sum leaves 32 bits. */
int nq__join_fold_shares(int n, int threads, const uint32_t *share_tops,
                         uint64_t len, uint32_t **folded, uint64_t *folded_len);

/* nq__join_census_kept() : nq__join_group_tops()'s share_tops of the
 * tops that keep->keep keeps alone, by the walk of a pass's table (*len =
 * shares * groups entries, malloc'ed, free(); the groups it does not keep
 * hold 0): one walk that counts the tops of several passes, whose builds
 * then take it as their census where every group they keep is one it
 * keeps. Returns 0, NQ_E_RANGE or NQ_E_NOMEM. */
int nq__join_census_kept(int n, int threads, const struct nq__join_keep *keep,
                         uint32_t **share_tops, uint64_t *len);

/* nq__join_sample_tops() : nq__join_sum_shares()'s tops of every group
 * estimated by `probes` random probes from each start of the table's walk
 * (count_join_sample.c), the same for the same seed: *groups entries
 * (malloc'ed, free()), rounded, and *all their sum before rounding. For
 * the sums over many groups that the cut into passes reads, in
 * milliseconds where the census takes minutes. Returns 0, NQ_E_RANGE or
 * NQ_E_NOMEM. */
int nq__join_sample_tops(int n, uint32_t probes, uint64_t seed,
                         uint64_t **group_tops, uint64_t *groups, double *all);

/* nq__join_share_tops_bytes() : the bytes of nq__join_group_tops()'s
 * share_tops on `threads` threads (UINT64_MAX if n is out of range). */
uint64_t nq__join_share_tops_bytes(int n, int threads);

/* nq__join_table_bytes() : the bytes the whole table of n with `tops`
 * tops takes while it is built on `threads` threads (UINT64_MAX if n is
 * out of range): what nq__join_table_build() holds against its budget.
 * nq__join_pass_bytes() : the same for a pass's table cut by k fixed
 * columns that holds `groups` groups (nq__join_table_build_pass()). */
uint64_t nq__join_table_bytes(int n, int threads, uint64_t tops);
uint64_t nq__join_pass_bytes(int n, int threads, int k, uint64_t groups,
                             uint64_t tops);

/* The passes of the join. A key (nq__join_pass_key()) names the units of
 * one family of patterns; a pass is a set of keys whose tops fit one
 * table, built by one walk over the tops. The units come in families
 * (count_join_passes.c), each cut by fixed columns of its own: the first
 * has the units whose middle queen is off its columns (every unit of even
 * n); the others, the units of odd n whose middle queen is in them, cut
 * by columns off their own middle queens' (one family, or two where the
 * columns left to one are too few). A shared cut, where no split one
 * fits, has all units in one family whose passes share patterns. */
#define NQ_JOIN_FAMILIES_MAX 3
struct nq__join_family {
    uint32_t fixed;   /* its fixed columns (symmetric under the mirror) */
    uint64_t middles; /* its units: those whose middle queen's bit (bit 0
                         for none, c + 1 for column c) is in it */
    size_t first;     /* its passes: [first, first + count) */
    size_t count;
    uint32_t *pass_of; /* 2^k entries: the pass of each key, by
                          nq__join_pattern_index() */
};

struct nq__join_passes {
    int k; /* the first family's fixed columns: 0 (one
              pass, the whole table) */
    int families;
    struct nq__join_family family[NQ_JOIN_FAMILIES_MAX];
    size_t count;     /* passes, family after family */
    uint32_t *keys;   /* pass i's: keys[first[i] .. first[i + 1]) */
    size_t *first;    /* count + 1 entries */
    uint64_t largest; /* the bytes of the largest pass's table */
    uint64_t most;    /* the tops of the pass that builds most */
    uint64_t built;   /* the tops all passes build (odd n: a top is
                         built in more than one pass) */
    uint64_t held;    /* the groups all passes' tables hold */
};

/* nq__join_family_of_pass() : the family whose passes include `pass`. */
const struct nq__join_family *
nq__join_family_of_pass(const struct nq__join_passes *c, uint32_t pass);

/* nq__join_unit_pass() : the pass of unit u under the cut c. */
uint32_t nq__join_unit_pass(int n, const struct nq__join_passes *c,
                            const struct nq__join_unit *u);

/* nq__join_cut_keep() : fills keep[0 .. 2^n) for pass `pass` of the cut
 * c (nq__join_pass_keep() for the family of the pass) and returns the
 * fixed columns that keep is indexed by. */
uint32_t nq__join_cut_keep(int n, const struct nq__join_passes *c,
                           const struct nq__join_unit *units, uint64_t count,
                           uint32_t pass, uint8_t *keep);

/* nq__join_passes_work() : the bytes of `room` that a cut leaves beside
 * each pass's table for what its threads take (nq__join_work_bytes()),
 * from the tops of each group (`groups` entries), `estimated` or
 * counted: from an estimate at most a sixteenth of the room, or what the
 * threads take whatever the groups. */
uint64_t nq__join_passes_work(int n, int threads, const uint64_t *group_tops,
                              uint64_t groups, bool estimated, uint64_t room);

/* nq__join_passes_plan() : the passes whose tables fit `budget` bytes, and
 * at most `max_tops` tops, built on `threads` threads: of the fewest fixed
 * columns k (even, from 2) that fit and of a little finer ones, split in
 * two or three families or shared (count_join_passes.c), the cut that
 * costs least
 * (the tops it builds, and a little for each pass); from the tops of each
 * group of the whole table (nq__join_group_tops()). Returns 0 or
 * NQ_E_NOMEM (no cut fits; also when out of memory). */
int nq__join_passes_plan(int n, int threads, const struct nq__join_unit *units,
                         uint64_t count, const uint64_t *group_tops,
                         uint64_t budget, uint64_t max_tops,
                         struct nq__join_passes *passes);

void nq__join_passes_free(struct nq__join_passes *passes);

/* nq__join_fixed_columns() : F of k columns (k even, k < n): the k / 2
 * outermost columns on each side, never the middle column of odd n. */
uint32_t nq__join_fixed_columns(int n, int k);

/* nq__join_pass_key() : the pass of unit u under the fixed columns F: the
 * smallest of its pattern P = top & F, mir(P), F \ P and mir(F \ P), so
 * that a class's members and the complements they read share one pass. */
uint32_t nq__join_pass_key(int n, uint32_t fixed,
                           const struct nq__join_unit *u);

/* nq__join_pattern_index() : the index of pattern p (a subset of `fixed`)
 * among the 2^k patterns of `fixed`: p's bits, packed. */
uint32_t nq__join_pattern_index(uint32_t p, uint32_t fixed);

/* The index of a set's pattern (its columns in `fixed`, packed as
 * nq__join_pattern_index() packs them), from a table per byte of the
 * columns (n <= 24): nq__join_packer_init() fills it for `fixed`. */
struct nq__join_packer {
    uint32_t byte[3][256];
};

void nq__join_packer_init(struct nq__join_packer *pk, uint32_t fixed);

static inline uint32_t nq__join_packed_index(const struct nq__join_packer *pk,
                                             uint32_t set)
{
    return pk->byte[0][set & 0xff] | pk->byte[1][(set >> 8) & 0xff] |
           pk->byte[2][(set >> 16) & 0xff];
}

/* nq__join_pass_keep() : fills keep[0 .. 2^n) for the pass `pass` of the
 * units whose middle queen's bit (bit 0 for none, c + 1 for column c) is
 * in `middles`, where pass_of[nq__join_pattern_index(key, fixed)] is the
 * pass of each key: the patterns of the groups that its units read (their
 * tops, the bottoms that complement them, and the mirror images of
 * both). */
void nq__join_pass_keep(int n, uint32_t fixed, uint64_t middles,
                        const struct nq__join_unit *units, uint64_t count,
                        const uint32_t *pass_of, uint32_t pass, uint8_t *keep);

/* nq__join_units() : the units of n in their stable order (free()): by
 * top set in colex order, then by middle column. "join/2" in a plan's
 * signature names this order ("join/1" took the sets for each middle
 * column in turn). Returns 0 or NQ_E_NOMEM. */
int nq__join_units(int n, struct nq__join_unit **units, uint64_t *count);

/* nq__join_count() : the solutions of one unit (not yet weighted) into
 * *count. Returns 0, NQ_E_NOMEM, or NQ_E_INVAL where t is a pass's table
 * that does not hold the unit's groups. */
int nq__join_count(const struct nq__join_table *t,
                   const struct nq__join_unit *u, uint64_t *count);

/* nq__join_count_bytes() : the most bytes nq__join_count() allocates for
 * one unit of a table of n (of wide windows where n or `wide` asks for
 * them, nq__join_windows_of()) whose largest group holds `largest` tops
 * (its sides, held while it runs, on each thread that counts).
 * nq__join_work_bytes() : what `threads` threads (0 = all usable cores)
 * take beside a table of n whose largest group holds `largest` tops: each
 * thread's count of a unit or its sort of a group during the build,
 * whichever is more. A table's budget holds them: its build sorts on as
 * many threads as fit beside it, and says how many may count
 * (nq__join_table.threads). */
uint64_t nq__join_count_bytes(int n, bool wide, uint64_t largest);
uint64_t nq__join_work_bytes(int n, int threads, uint64_t largest);

/* nq__join_run_threads() : the threads that count units with table t
 * when `threads` are asked for (0 = all usable cores): no more than
 * t->threads, where t was built. */
int nq__join_run_threads(const struct nq__join_table *t, int threads);

/* nq__join_pairs() : the pairs (p[i], q[j]) with p[i] & q[j] == 0
 * (nq < 2^32), in C the compiler vectorises; nq__join_pick_pairs() : the
 * fastest form this processor runs (AVX-512 on x86-64 where it has it). */
uint64_t nq__join_pairs(const uint32_t *p, size_t np, const uint32_t *q,
                        size_t nq);
nq__join_pairs_fn nq__join_pick_pairs(void);

#endif /* NQ_COUNT_JOIN_H */
