/*
 * test_count_join.c - the pieces of the half-board join on their own: the
 * vector loop that counts disjoint pairs against a plain double loop, the
 * fill of a unit's sides against the definition of each way of reading, the
 * units against the classes they stand for, and the table against its
 * memory budget. (That every unit counts exactly its solutions is checked
 * against the textbook search in test_count.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "count/join/count_join.h"
#include "count/join/count_join_bins.h"
#include "nqueens.h"
#include "testutil.h"

/* A small deterministic generator, so that failures repeat. */
static uint32_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(*state >> 32);
}

/* A word with about a quarter of its bits set. */
static uint32_t sparse_random(uint64_t *state)
{
    uint32_t a = next_random(state);
    return a & next_random(state);
}

/* The bins of the cut into passes: the first bin with room found by the
 * tree against a scan of every bin, and the patterns each holds against a
 * plain table, over random rooms, takes and holds. */
static void test_bins_against_scan(void **state)
{
    (void)state;
    enum { BINS = 37, PATTERNS = 64 };
    uint64_t seed = 11;
    struct nq__join_bins b;
    assert_int_equal(nq__join_bins_init(&b, BINS, PATTERNS, BINS * PATTERNS),
                     0);
    uint64_t bytes[BINS] = {0}, tops[BINS] = {0};
    bool held[BINS][PATTERNS] = {{false}};
    for (int step = 0; step < 4000; step++) {
        uint32_t r = next_random(&seed);
        if (b.count < BINS && (b.count == 0 || r % 8 == 0)) {
            size_t at = b.count;
            bytes[at] = 100 + next_random(&seed) % 900;
            tops[at] = 50 + next_random(&seed) % 450;
            assert_int_equal(nq__join_bins_open(&b, bytes[at], tops[at]), at);
        }
        uint64_t want_bytes = next_random(&seed) % 1000;
        uint64_t want_tops = next_random(&seed) % 500;
        size_t scan = b.count;
        for (size_t c = 0; c < b.count && scan == b.count; c++) {
            if (bytes[c] >= want_bytes && tops[c] >= want_tops)
                scan = c;
        }
        assert_int_equal(nq__join_bins_first_fit(&b, want_bytes, want_tops),
                         scan);
        if (scan < b.count) {
            uint64_t take_bytes = want_bytes / 2, take_tops = want_tops / 3;
            nq__join_bins_take(&b, scan, take_bytes, take_tops);
            bytes[scan] -= take_bytes;
            tops[scan] -= take_tops;
            uint32_t p = next_random(&seed) % PATTERNS;
            assert_int_equal(nq__join_bins_holds(&b, scan, p), held[scan][p]);
            if (!held[scan][p]) {
                nq__join_bins_hold(&b, scan, p);
                held[scan][p] = true;
            }
        }
    }
    for (size_t c = 0; c < b.count; c++) {
        for (uint32_t p = 0; p < PATTERNS; p++)
            assert_int_equal(nq__join_bins_holds(&b, c, p), held[c][p]);
    }
    nq__join_bins_free(&b);
}

static void test_pairs_against_double_loop(void **state)
{
    (void)state;
    uint64_t seed = 42;
    uint32_t p[40] = {0}, q[80] = {0};
    for (size_t np = 0; np <= 40; np += 3) {
        for (size_t nq = 0; nq <= 80; nq += 7) {
            /* Sparse words, as the join's are, so that pairs do meet. */
            for (size_t i = 0; i < np; i++)
                p[i] = sparse_random(&seed);
            for (size_t j = 0; j < nq; j++)
                q[j] = sparse_random(&seed);
            uint64_t want = 0;
            for (size_t i = 0; i < np; i++) {
                for (size_t j = 0; j < nq; j++)
                    want += (p[i] & q[j]) == 0;
            }
            assert_int_equal(nq__join_pairs(p, np, q, nq), want);
            assert_int_equal(nq__join_pick_pairs()(p, np, q, nq), want);
        }
    }
    /* All pairs, and none. */
    memset(p, 0, sizeof p);
    memset(q, 0, sizeof q);
    assert_int_equal(nq__join_pairs(p, 40, q, 80), 40 * 80);
    assert_int_equal(nq__join_pick_pairs()(p, 40, q, 80), 40 * 80);
    for (size_t j = 0; j < 80; j++)
        q[j] = UINT32_MAX;
    p[0] = 1;
    assert_int_equal(nq__join_pairs(p, 1, q, 80), 0);
    assert_int_equal(nq__join_pick_pairs()(p, 1, q, 80), 0);
}

/* A stored rest as a side reads it, bit by bit from the definition: the
 * mirror reverses the 2h bits; read as a bottom, the two halves of h bits
 * swap (odd n: the high half moves down a bit as it becomes the low one,
 * the low half up a bit as it becomes the high one). */
static uint32_t read_rest(uint32_t e, bool mirror, enum nq__join_flip flip,
                          int h)
{
    uint32_t r = 0;
    for (int i = 0; i < 2 * h; i++) {
        if (e >> i & 1)
            r |= (uint32_t)1 << (mirror ? 2 * h - 1 - i : i);
    }
    if (flip == NQ_JOIN_AS_TOP)
        return r;
    uint32_t out = 0;
    for (int i = 0; i < 2 * h; i++) {
        if ((r >> i & 1) == 0)
            continue;
        int to = i < h ? i + h : i - h; /* the halves swapped */
        if (flip == NQ_JOIN_FLIP_ODD)
            to += i < h ? -1 : 1;
        if (i < h ? to >= h : to < h) /* moved off its half */
            out |= (uint32_t)1 << to;
    }
    return out;
}

/* Every way of reading, every rest width, runs of every length up to 40:
 * the picked fill (the vector one where the processor has it) and the
 * plain one write exactly the rests the definition keeps, in order, and
 * nothing past the room they were given. */
static void test_fill_against_definition(void **state)
{
    (void)state;
    uint64_t seed = 7;
    nq__join_fill_fn fills[2] = {nq__join_fill_plain, nq__join_pick_fill()};
    uint32_t rest[40], want[40], out[40 + NQ_JOIN_FILL_PAD + 1];
    for (int h = 0; h <= 16; h++) {
        uint32_t bits = h == 16 ? UINT32_MAX : ((uint32_t)1 << 2 * h) - 1;
        for (int way = 0; way < 6; way++) {
            bool mirror = way >= 3;
            enum nq__join_flip flip = (enum nq__join_flip)(way % 3);
            for (size_t len = 0; len <= 40; len++) {
                uint32_t drop = len % 3 == 0 ? 0 : next_random(&seed) & bits;
                drop &= sparse_random(&seed);
                size_t kept = 0;
                /* Bits above the rest's (a table's fine bits, which the
                 * way names) are read as if they were not there. */
                uint32_t above = len % 2 == 0 ? 0 : ~bits;
                for (size_t i = 0; i < len; i++) {
                    uint32_t own = sparse_random(&seed) & bits;
                    rest[i] = own | (next_random(&seed) & above);
                    if ((own & drop) == 0)
                        want[kept++] = read_rest(own, mirror, flip, h);
                }
                struct nq__join_way w = {mirror, flip, h, drop, above != 0};
                for (int f = 0; f < 2; f++) {
                    out[len + NQ_JOIN_FILL_PAD] = 0xdeadbeef;
                    assert_int_equal(fills[f](out, rest, len, &w), kept);
                    for (size_t i = 0; i < kept; i++)
                        assert_int_equal(out[i], want[i]);
                    assert_int_equal(out[len + NQ_JOIN_FILL_PAD], 0xdeadbeef);
                }
            }
        }
    }
}

static uint32_t reverse(uint32_t x, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++) {
        if (x & (1u << i))
            r |= 1u << (n - 1 - i);
    }
    return r;
}

/* Every (middle, top set) of n belongs to exactly one unit's class, and a
 * unit's weight is the size of its class. */
static void test_units_cover_each_class_once(void **state)
{
    (void)state;
    for (int n = 2; n <= 11; n++) {
        struct nq__join_unit *units = NULL;
        uint64_t count = 0;
        assert_int_equal(nq__join_units(n, &units, &count), 0);
        assert_true(count > 0);
        uint32_t full = (1u << n) - 1;
        int rows = n / 2;
        uint64_t pieces = 0, weights = 0;
        int m_first = n % 2 == 0 ? -1 : 0, m_last = n % 2 == 0 ? -1 : n - 1;
        for (int m = m_first; m <= m_last; m++) {
            uint32_t middle = m < 0 ? 0 : 1u << m;
            for (uint32_t set = 0; set <= full; set++) {
                if (__builtin_popcount(set) != rows || (set & middle))
                    continue;
                pieces++;
                /* The images of (m, set) under mirror and flip. */
                uint32_t flip = full & ~set & ~middle;
                int mm = m < 0 ? -1 : n - 1 - m;
                const int ms[4] = {m, m, mm, mm};
                const uint32_t sets[4] = {set, flip, reverse(set, n),
                                          reverse(flip, n)};
                int found = 0;
                for (uint64_t u = 0; u < count; u++) {
                    for (int g = 0; g < 4; g++) {
                        if (units[u].middle == ms[g] &&
                            units[u].top == sets[g]) {
                            found++;
                            break;
                        }
                    }
                }
                assert_int_equal(found, 1);
            }
        }
        for (uint64_t u = 0; u < count; u++) {
            assert_true(units[u].weight == 1 || units[u].weight == 2 ||
                        units[u].weight == 4);
            weights += units[u].weight;
        }
        assert_int_equal(weights, pieces);
        free(units);
    }
    struct nq__join_unit *units = NULL;
    uint64_t count = 0;
    assert_int_equal(nq__join_units(1, &units, &count), NQ_E_RANGE);
    assert_int_equal(nq__join_units(NQ_JOIN_MAX_N + 1, &units, &count),
                     NQ_E_RANGE);
}

/* The table keeps each top once: with the mirror images of part 0 added,
 * its size is the number of placements of n / 2 queens in the top rows,
 * counted here by brute force. */
static uint64_t placements(int n, int rows, int row, uint32_t cols,
                           const int *queens)
{
    if (row == rows)
        return 1;
    uint64_t total = 0;
    int here[32];
    memcpy(here, queens, sizeof here);
    for (int c = 0; c < n; c++) {
        if (cols & (1u << c))
            continue;
        int ok = 1;
        for (int r = 0; r < row; r++) {
            int d = here[r] - c;
            ok &= d != row - r && d != r - row;
        }
        if (!ok)
            continue;
        here[row] = c;
        total += placements(n, rows, row + 1, cols | (1u << c), here);
    }
    return total;
}

static void test_table_holds_every_top(void **state)
{
    (void)state;
    for (int n = 2; n <= 12; n++) {
        struct nq__join_table t;
        assert_int_equal(nq__join_table_build(n, 2, (uint64_t)1 << 30, &t), 0);
        uint64_t kept = t.start[t.parts * t.sets];
        /* Mirrored: part 0 stands for itself and its mirror images. */
        uint64_t part0 = t.start[t.sets];
        uint64_t stands_for = t.mirrored ? kept + part0 : kept;
        int queens[32] = {0};
        assert_int_equal(stands_for, placements(n, n / 2, 0, 0, queens));
        for (uint64_t g = 0; g < t.parts * t.sets; g++) {
            const uint32_t *bs = t.bucket_start + g * (t.buckets + 1);
            assert_int_equal(bs[0], 0);
            assert_int_equal(bs[t.buckets], t.start[g + 1] - t.start[g]);
            for (uint32_t b = 0; b < t.buckets; b++)
                assert_true(bs[b] <= bs[b + 1]);
        }
        nq__join_table_free(&t);
    }
}

static void test_table_budget(void **state)
{
    (void)state;
    struct nq__join_table t;
    /* n = 14 keeps 417,528 tops of 4 bytes: 1 MiB is too little. */
    assert_int_equal(nq__join_table_build(14, 2, (uint64_t)1 << 20, &t),
                     NQ_E_NOMEM);
    assert_null(t.start);
    assert_null(t.rest);
    assert_int_equal(nq__join_table_build(14, 1, (uint64_t)64 << 20, &t), 0);
    nq__join_table_free(&t);
    assert_int_equal(nq__join_table_build(1, 1, (uint64_t)1 << 30, &t),
                     NQ_E_RANGE);
}

/* The textbook search's solutions, tallied by (middle column, top set):
 * what each unit of the join must count. */
struct by_unit {
    uint64_t tally[NQ_JOIN_MAX_N + 1][1u << 12];
};

static int tally_unit(const int *cols, int n, void *user)
{
    struct by_unit *o = user;
    uint32_t top = 0;
    for (int r = 0; r < n / 2; r++)
        top |= 1u << cols[r];
    int m = n % 2 == 0 ? -1 : cols[n / 2];
    o->tally[m + 1][top]++;
    return 0;
}

/* A pass's table t (of the tops whose columns meet `fixed` in a pattern
 * keep keeps) holds exactly the groups of the kept patterns, in order,
 * each as large as in the whole table. */
static void assert_held_groups(const struct nq__join_table *t,
                               const struct nq__join_table *whole,
                               uint32_t fixed, const uint8_t *keep)
{
    int n = t->n;
    assert_non_null(t->group_of);
    uint64_t held = 0;
    for (uint32_t set = 0; set < 1u << n; set++) {
        if (__builtin_popcount(set) != t->rows)
            continue;
        bool kept = keep[set & fixed] & NQ_JOIN_KEEP_TOP;
        for (int part = 0; part < t->parts; part++) {
            uint64_t g = part * t->sets + nq__join_rank(t->ranks, set);
            uint32_t h = t->group_of[g];
            assert_int_equal(h == NQ_JOIN_NO_GROUP, !kept);
            if (!kept)
                continue;
            held++;
            assert_int_equal(t->start[h + 1] - t->start[h],
                             whole->start[g + 1] - whole->start[g]);
        }
    }
    assert_int_equal(held, t->groups);
    uint32_t last = 0;
    for (uint64_t g = 0; g < t->parts * t->sets; g++) {
        if (t->group_of[g] == NQ_JOIN_NO_GROUP)
            continue;
        assert_int_equal(t->group_of[g], last); /* in the groups' order */
        last++;
    }
}

/* What one thread takes beside a table of n to sort a group or count a
 * unit (nq__join_work_bytes() of the largest group): a plan leaves it
 * beside each pass's table (nq__join_passes_work()), so the builds below
 * take it on top of the budget that their cut was made for. */
static uint64_t one_thread_bytes(int n)
{
    uint64_t *tops = NULL, groups = 0, largest = 0;
    assert_int_equal(nq__join_group_tops(n, 1, &tops, &groups, NULL), 0);
    for (uint64_t g = 0; g < groups; g++)
        largest = tops[g] > largest ? tops[g] : largest;
    free(tops);
    return nq__join_work_bytes(n, 1, largest);
}

/* Every unit counted with its pass's table, for every cut of F: each
 * against the textbook search, and the pass tables together no larger than
 * the whole table times the number of passes (each smaller alone). */
static void test_passes_against_oracle(void **state)
{
    (void)state;
    static struct by_unit oracle;
    static uint8_t keep[1u << 12];
    static uint32_t itself[1u << 12];
    for (uint32_t i = 0; i < 1u << 12; i++)
        itself[i] = i;
    int cuts = 0;   /* the n whose whole table a cut undercuts */
    int splits = 0; /* of them, odd n cut in two families */
    for (int n = 4; n <= 10; n++) {
        memset(&oracle, 0, sizeof oracle);
        uint64_t total = 0;
        assert_int_equal(
            nq_classic_solve(NQ_CLASSIC_ARRAYS, n, tally_unit, &oracle, &total),
            NQ_OK);
        struct nq__join_unit *units = NULL;
        uint64_t count = 0;
        assert_int_equal(nq__join_units(n, &units, &count), 0);
        struct nq__join_table whole;
        assert_int_equal(nq__join_table_build(n, 1, (uint64_t)1 << 30, &whole),
                         0);
        uint64_t whole_size = whole.start[whole.parts * whole.sets];
        /* The count pass alone gives each group's size. */
        uint64_t *group_tops = NULL, groups = 0;
        uint32_t *share_tops = NULL;
        assert_int_equal(
            nq__join_group_tops(n, 1, &group_tops, &groups, &share_tops), 0);
        assert_int_equal(groups, (uint64_t)whole.parts * whole.sets);
        for (uint64_t g = 0; g < groups; g++)
            assert_int_equal(group_tops[g],
                             whole.start[g + 1] - whole.start[g]);
        /* A cut into passes whose largest table fits a budget a little
         * below the whole table's. */
        uint64_t whole_bytes = nq__join_table_bytes(n, 1, whole_size);
        uint64_t budget = whole_bytes - 1 + one_thread_bytes(n);
        struct nq__join_passes cut;
        if (nq__join_passes_plan(n, 1, units, count, group_tops,
                                 whole_bytes - 1, UINT64_MAX, &cut) == 0) {
            assert_true(cut.k >= 2 && cut.count >= 2);
            assert_true(cut.largest < whole_bytes - 1);
            /* Every unit's key has a pass, and each pass's table is built
             * within the budget. */
            for (uint64_t i = 0; i < count; i++) {
                uint32_t pass = nq__join_unit_pass(n, &cut, &units[i]);
                assert_true(pass < cut.count);
                uint32_t fixed = nq__join_family_of_pass(&cut, pass)->fixed;
                uint32_t key = nq__join_pass_key(n, fixed, &units[i]);
                int found = 0;
                for (size_t j = cut.first[pass]; j < cut.first[pass + 1]; j++)
                    found += cut.keys[j] == key;
                assert_int_equal(found, 1);
            }
            /* A split cut (odd n) builds each top at most once in each
             * family: the others (their middle queen in the first's
             * fixed columns) are cut by other columns. */
            bool split = cut.families > 1;
            assert_true(!split || n % 2 == 1);
            splits += split;
            uint64_t built = 0;
            for (uint32_t pass = 0; pass < cut.count; pass++) {
                uint32_t fixed =
                    nq__join_cut_keep(n, &cut, units, count, pass, keep);
                struct nq__join_keep filter = {.fixed = fixed, .keep = keep};
                struct nq__join_table t, c;
                assert_int_equal(
                    nq__join_table_build_pass(n, 1, budget, &filter, &t), 0);
                /* Counted from the whole table's census instead of its
                 * own walk: the same table. */
                filter.share_tops = share_tops;
                assert_int_equal(
                    nq__join_table_build_pass(n, 1, budget, &filter, &c), 0);
                uint64_t size = t.start[t.groups];
                built += size;
                assert_int_equal(c.groups, t.groups);
                assert_memory_equal(c.group_of, t.group_of,
                                    t.parts * t.sets * sizeof *t.group_of);
                assert_memory_equal(c.start, t.start,
                                    (t.groups + 1) * sizeof *t.start);
                assert_memory_equal(c.rest, t.rest, size * sizeof *t.rest);
                nq__join_table_free(&c);
                nq__join_table_free(&t);
            }
            assert_int_equal(built, cut.built);
            if (n % 2 == 0)
                assert_int_equal(built, whole_size);
            else if (split)
                assert_true(built <= (uint64_t)cut.families * whole_size);
            nq__join_passes_free(&cut);
            cuts++;
        }
        assert_int_equal(nq__join_passes_plan(n, 1, units, count, group_tops,
                                              64, UINT64_MAX, &cut),
                         NQ_E_NOMEM);
        free(group_tops);
        free(share_tops);
        for (int k = 0; k <= n - 1; k += 2) {
            uint32_t fixed = nq__join_fixed_columns(n, k);
            assert_int_equal(fixed & (n % 2 ? 1u << (n / 2) : 0), 0);
            assert_int_equal(fixed, nq__join_mirror(fixed, n));
            uint64_t sum = 0, counted = 0;
            int passes = 0;
            /* Each pass once: the keys in increasing order. */
            for (uint32_t key = 0; key <= fixed; key++) {
                int used = 0;
                for (uint64_t i = 0; i < count && !used; i++)
                    used = nq__join_pass_key(n, fixed, &units[i]) == key;
                if (!used)
                    continue;
                passes++;
                /* One key a pass: each key is its own pass. */
                nq__join_pass_keep(n, fixed, UINT64_MAX, units, count, itself,
                                   nq__join_pattern_index(key, fixed), keep);
                struct nq__join_keep filter = {.fixed = fixed, .keep = keep};
                struct nq__join_table t;
                assert_int_equal(nq__join_table_build_pass(n, 1 + passes % 2,
                                                           (uint64_t)1 << 30,
                                                           &filter, &t),
                                 0);
                assert_true(t.start[t.groups] <= whole_size);
                assert_held_groups(&t, &whole, fixed, keep);
                for (uint64_t i = 0; i < count; i++) {
                    const struct nq__join_unit *u = &units[i];
                    uint32_t own = t.group_of[nq__join_rank(t.ranks, u->top)];
                    if (nq__join_pass_key(n, fixed, u) != key) {
                        /* Not this pass's: refused where its top's group
                         * is not held. */
                        uint64_t c = 0;
                        if (own == NQ_JOIN_NO_GROUP)
                            assert_int_equal(nq__join_count(&t, u, &c),
                                             NQ_E_INVAL);
                        continue;
                    }
                    uint64_t c = 0;
                    assert_int_equal(nq__join_count(&t, u, &c), 0);
                    assert_int_equal(c, oracle.tally[u->middle + 1][u->top]);
                    sum += c * u->weight;
                    counted++;
                }
                nq__join_table_free(&t);
            }
            assert_int_equal(counted, count);
            assert_int_equal(sum, total);
            assert_true(passes >= 1);
            if (k >= 2)
                assert_true(passes >= 2);
        }
        nq__join_table_free(&whole);
        free(units);
    }
    assert_true(cuts > 0);
    assert_true(splits > 0);
}

/* The units of n (*units, *count) and the tops of each group
 * (*group_tops), both malloc'ed; returns the tops of all groups. */
static uint64_t units_and_tops(int n, struct nq__join_unit **units,
                               uint64_t *count, uint64_t **group_tops)
{
    uint64_t groups = 0, whole = 0;
    assert_int_equal(nq__join_units(n, units, count), 0);
    assert_int_equal(nq__join_group_tops(n, 1, group_tops, &groups, NULL), 0);
    for (uint64_t g = 0; g < groups; g++)
        whole += (*group_tops)[g];
    return whole;
}

/* A run's pass tables built one after another in one struct
 * nq__join_memory (as nq_plan_run() builds them): every unit counted right
 * from entries that lie in a block the tables before wrote, the block
 * kept where it is large enough, never larger than a build's budget, and
 * taken anew where a build's budget no longer holds it beside the table's
 * other memory. */
static void test_memory_between_passes(void **state)
{
    (void)state;
    static uint8_t keep[1u << 12];
    for (int n = 11; n <= 12; n++) {
        struct nq__join_unit *units = NULL;
        uint64_t count = 0, *group_tops = NULL;
        uint64_t whole = units_and_tops(n, &units, &count, &group_tops);
        uint64_t tables = nq__join_table_bytes(n, 1, whole) / 3;
        uint64_t budget = tables + one_thread_bytes(n);
        struct nq__join_passes cut = {0};
        assert_int_equal(nq__join_passes_plan(n, 1, units, count, group_tops,
                                              tables, UINT64_MAX, &cut),
                         0);
        assert_true(cut.count >= 3);
        struct nq__join_memory memory = {NULL, 0};
        uint64_t sum = 0, kept = 0, last_sum = 0;
        uint32_t last = cut.count - 1;
        for (uint32_t pass = 0; pass < cut.count; pass++) {
            uint32_t fixed =
                nq__join_cut_keep(n, &cut, units, count, pass, keep);
            struct nq__join_keep filter = {
                .fixed = fixed, .keep = keep, .memory = &memory};
            const void *before = memory.block;
            struct nq__join_table t;
            assert_int_equal(
                nq__join_table_build_pass(n, 1, budget, &filter, &t), 0);
            assert_true(t.borrowed);
            assert_ptr_equal(t.rest, memory.block);
            assert_true(memory.bytes <= budget);
            kept += before != NULL && memory.block == before;
            for (uint64_t i = 0; i < count; i++) {
                const struct nq__join_unit *u = &units[i];
                uint64_t c = 0;
                if (nq__join_unit_pass(n, &cut, u) != pass)
                    continue;
                assert_int_equal(nq__join_count(&t, u, &c), 0);
                sum += c * u->weight;
                last_sum += pass == last ? c * u->weight : 0;
            }
            nq__join_table_free(&t);
        }
        assert_int_equal(sum, oeis_counts(n).total);
        assert_true(kept > 0);
        /* The last pass under the least budget it builds in alone: the
         * block of the largest pass does not fit beside it. */
        uint32_t fixed = nq__join_cut_keep(n, &cut, units, count, last, keep);
        struct nq__join_keep filter = {.fixed = fixed, .keep = keep};
        struct nq__join_table t;
        uint64_t low = 0, high = budget; /* fails, builds */
        while (high - low > 1) {
            uint64_t mid = low + (high - low) / 2;
            int rc = nq__join_table_build_pass(n, 1, mid, &filter, &t);
            assert_true(rc == 0 || rc == NQ_E_NOMEM);
            if (rc == 0)
                nq__join_table_free(&t);
            *(rc == 0 ? &high : &low) = mid;
        }
        uint64_t largest = memory.bytes;
        filter.memory = &memory;
        assert_int_equal(nq__join_table_build_pass(n, 1, high, &filter, &t), 0);
        assert_true(memory.bytes < largest);
        assert_true(memory.bytes <= high);
        uint64_t again = 0;
        for (uint64_t i = 0; i < count; i++) {
            uint64_t c = 0;
            if (nq__join_unit_pass(n, &cut, &units[i]) != last)
                continue;
            assert_int_equal(nq__join_count(&t, &units[i], &c), 0);
            again += c * units[i].weight;
        }
        assert_true(last_sum > 0);
        assert_int_equal(again, last_sum);
        nq__join_table_free(&t);
        nq__join_memory_free(&memory);
        assert_null(memory.block);
        nq__join_passes_free(&cut);
        free(group_tops);
        free(units);
    }
}

/* Odd n in budgets so small that the second family, cut by the few
 * columns inside the first's, does not fit: split in three (the middle
 * queens in the outer and in the inner half of the first's columns),
 * each top built at most three times, and every unit counted with its
 * pass's table against the textbook search. */
static void test_three_families(void **state)
{
    (void)state;
    static struct by_unit oracle;
    static uint8_t keep[1u << 12];
    int found = 0;
    for (int n = 9; n <= 11; n += 2) {
        memset(&oracle, 0, sizeof oracle);
        uint64_t total = 0;
        assert_int_equal(
            nq_classic_solve(NQ_CLASSIC_ARRAYS, n, tally_unit, &oracle, &total),
            NQ_OK);
        struct nq__join_unit *units = NULL;
        uint64_t count = 0, *group_tops = NULL;
        uint64_t whole = units_and_tops(n, &units, &count, &group_tops);
        uint64_t tables = nq__join_table_bytes(n, 1, whole);
        uint64_t budget = 0, beside = one_thread_bytes(n);
        struct nq__join_passes cut = {0};
        while (tables > 64) {
            tables = tables / 8 * 7;
            budget = tables + beside;
            if (nq__join_passes_plan(n, 1, units, count, group_tops, tables,
                                     UINT64_MAX, &cut) != 0)
                break;
            if (cut.families == 3)
                break;
            nq__join_passes_free(&cut);
        }
        if (cut.families == 3) {
            found++;
            assert_true(cut.built <= 3 * whole);
            uint64_t sum = 0, counted = 0;
            for (uint32_t pass = 0; pass < cut.count; pass++) {
                uint32_t fixed =
                    nq__join_cut_keep(n, &cut, units, count, pass, keep);
                struct nq__join_keep filter = {.fixed = fixed, .keep = keep};
                struct nq__join_table t;
                assert_int_equal(
                    nq__join_table_build_pass(n, 1, budget, &filter, &t), 0);
                for (uint64_t i = 0; i < count; i++) {
                    const struct nq__join_unit *u = &units[i];
                    if (nq__join_unit_pass(n, &cut, u) != pass)
                        continue;
                    uint64_t c = 0;
                    assert_int_equal(nq__join_count(&t, u, &c), 0);
                    assert_int_equal(c, oracle.tally[u->middle + 1][u->top]);
                    sum += c * u->weight;
                    counted++;
                }
                nq__join_table_free(&t);
            }
            assert_int_equal(counted, count);
            assert_int_equal(sum, total);
            nq__join_passes_free(&cut);
        }
        free(group_tops);
        free(units);
    }
    assert_true(found > 0);
}

/* Every unit counted with table t, each against the textbook search's
 * tally where `oracle` is given; returns the weighted sum. */
static uint64_t count_units(const struct nq__join_table *t,
                            const struct nq__join_unit *units, uint64_t count,
                            const struct by_unit *oracle)
{
    uint64_t sum = 0;
    for (uint64_t i = 0; i < count; i++) {
        const struct nq__join_unit *u = &units[i];
        uint64_t c = 0;
        assert_int_equal(nq__join_count(t, u, &c), 0);
        if (oracle != NULL)
            assert_int_equal(c, oracle->tally[u->middle + 1][u->top]);
        sum += c * u->weight;
    }
    return sum;
}

/* The budget holds the table and what its threads take beside it: each
 * thread's sort of a group or count of a unit (nq__join_work_bytes()),
 * as many threads as fit, and still the published counts on fewer. n <=
 * 17 is never binned, so a thread's share is nq__join_work_bytes() of
 * one thread. */
static void test_table_budget_holds_threads(void **state)
{
    (void)state;
    /* A table not built (a constellations plan's) bounds nothing. */
    const struct nq__join_table none = {0};
    assert_int_equal(nq__join_run_threads(&none, 1), 1);
    assert_int_equal(nq__join_run_threads(&none, 5), 5);
    assert_int_equal(nq__join_run_threads(&none, 0), 0);
    for (int n = 12; n <= 13; n++) {
        uint64_t *group_tops = NULL, groups = 0, tops = 0, largest = 0;
        assert_int_equal(nq__join_group_tops(n, 3, &group_tops, &groups, NULL),
                         0);
        for (uint64_t g = 0; g < groups; g++) {
            tops += group_tops[g];
            largest = group_tops[g] > largest ? group_tops[g] : largest;
        }
        free(group_tops);
        /* The slots: every top, and a spare one. */
        uint64_t table = nq__join_table_bytes(n, 3, tops + 1);
        uint64_t each = nq__join_work_bytes(n, 1, largest);
        assert_true(each >= nq__join_count_bytes(n, false, largest));
        assert_int_equal(nq__join_work_bytes(n, 3, largest), 3 * each);
        struct nq__join_unit *units = NULL;
        uint64_t count = 0;
        assert_int_equal(nq__join_units(n, &units, &count), 0);
        const uint64_t budgets[] = {table + each - 1, table + each,
                                    table + 2 * each + each / 2,
                                    table + 10 * each};
        /* As many as fit beside the table, whatever threads built it. */
        const int threads[] = {0, 1, 2, 10};
        for (int i = 0; i < 4; i++) {
            struct nq__join_table t;
            int rc = nq__join_table_build(n, 3, budgets[i], &t);
            if (threads[i] == 0) {
                assert_int_equal(rc, NQ_E_NOMEM);
                continue;
            }
            assert_int_equal(rc, 0);
            assert_int_equal(t.threads, threads[i]);
            /* A run counts on no more than that, however many it asks. */
            assert_int_equal(nq__join_run_threads(&t, 64),
                             threads[i] < 64 ? threads[i] : 64);
            assert_int_equal(nq__join_run_threads(&t, 1), 1);
            assert_int_equal(count_units(&t, units, count, NULL),
                             oeis_counts(n).total);
            nq__join_table_free(&t);
        }
        free(units);
    }
}

/* A compact table (odd n, the edge bits kept apart, as n = 21 needs) at
 * small odd n: every unit against the textbook search, above all those
 * whose middle queen sits in column 0 or n - 1, the only ones that read
 * the edge bits; and n = 13 and 15 against the published counts. */
static void test_compact_against_oracle(void **state)
{
    (void)state;
    static struct by_unit oracle;
    const struct nq__join_keep compact = {.compact = true};
    for (int n = 5; n <= 15; n += 2) {
        uint64_t total = 0;
        if (n <= 11) {
            memset(&oracle, 0, sizeof oracle);
            assert_int_equal(nq_classic_solve(NQ_CLASSIC_ARRAYS, n, tally_unit,
                                              &oracle, &total),
                             NQ_OK);
        } else {
            total = n == 13 ? 73712 : 2279184;
        }
        struct nq__join_unit *units = NULL;
        uint64_t count = 0;
        assert_int_equal(nq__join_units(n, &units, &count), 0);
        struct nq__join_table t;
        assert_int_equal(
            nq__join_table_build_pass(n, 2, (uint64_t)1 << 30, &compact, &t),
            0);
        assert_true(t.compact);
        assert_non_null(t.extra);
        assert_int_equal(t.rest_half, n - 2 - t.windows.width);
        /* The build keeps each bucket in the extra byte until its sort;
         * after it, an entry's extra byte holds its edge bits alone. */
        for (uint64_t i = 0; i < t.start[t.groups]; i++)
            assert_int_equal(t.extra[i] >> NQ_JOIN_FINE_SHIFT, 0);
        uint64_t edge_units = 0;
        for (uint64_t i = 0; i < count; i++)
            edge_units += units[i].middle == 0 || units[i].middle == n - 1;
        assert_true(edge_units > 0);
        assert_int_equal(
            count_units(&t, units, count, n <= 11 ? &oracle : NULL), total);
        nq__join_table_free(&t);
        free(units);
    }
}

/* The published total of n; for n <= 11 also each unit's count by the
 * textbook search in *oracle, whose solutions must add up to that total. */
static uint64_t published_and_oracle(int n, struct by_unit *oracle)
{
    uint64_t total = oeis_counts(n).total;
    if (n <= 11) {
        uint64_t found = 0;
        memset(oracle, 0, sizeof *oracle);
        assert_int_equal(
            nq_classic_solve(NQ_CLASSIC_ARRAYS, n, tally_unit, oracle, &found),
            NQ_OK);
        assert_int_equal(found, total);
    }
    return total;
}

/* Wide windows (as n = 20, 22 and 23 have: 5 bits, the outer ones kept
 * in each entry) at small n: their fine bits in the stored rest (as
 * n = 20 keeps them) and in the extra byte (as n = 22 does), and for odd
 * n with a compact table as n = 23 has: every unit against the textbook
 * search up to n = 11, and the sums against the published counts up to
 * 14. */
static void test_wide_against_oracle(void **state)
{
    (void)state;
    static struct by_unit oracle;
    for (int n = 8; n <= 14; n++) {
        uint64_t total = published_and_oracle(n, &oracle);
        struct nq__join_unit *units = NULL;
        uint64_t count = 0;
        assert_int_equal(nq__join_units(n, &units, &count), 0);
        /* 0: fine bits in the rest; 1: in the extra byte; 2: compact. */
        for (int shape = 0; shape <= 1 + n % 2; shape++) {
            const struct nq__join_keep keep = {.wide = true,
                                               .compact = shape == 2,
                                               .fine_in_extra = shape == 1};
            struct nq__join_table t;
            assert_int_equal(
                nq__join_table_build_pass(n, 2, (uint64_t)1 << 30, &keep, &t),
                0);
            assert_int_equal(t.windows.width, 5);
            assert_int_equal(t.windows.inner, 3);
            assert_int_equal(t.buckets, 64);
            assert_int_equal(t.compact, shape == 2);
            if (shape == 0) {
                assert_null(t.extra);
                assert_int_equal(t.fine_at, 2 * t.rest_half);
            } else {
                assert_non_null(t.extra);
                assert_int_equal(t.fine_at, 0);
            }
            assert_int_equal(
                count_units(&t, units, count, n <= 11 ? &oracle : NULL), total);
            nq__join_table_free(&t);
        }
        free(units);
    }
}

static int compare_words(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The entries of one bucket of a group, sorted, for comparing tables. */
static uint32_t *bucket_sorted(const struct nq__join_table *t, uint64_t g,
                               uint32_t y, uint32_t *size)
{
    const uint32_t *bs = t->bucket_start + g * (t->buckets + 1);
    *size = bs[y + 1] - bs[y];
    uint32_t *copy = malloc((*size + 1) * sizeof *copy);
    assert_non_null(copy);
    memcpy(copy, t->rest + t->start[g] + bs[y], *size * sizeof *copy);
    qsort(copy, *size, sizeof *copy, compare_words);
    return copy;
}

/* The binned fill (as n = 18's whole table is filled) at small n, with
 * bins of 2, 8 and 64 groups, on one thread and on three: the same groups
 * and, bucket by bucket, the same entries as the table filled group by
 * group, and every unit against the textbook search (n <= 11) and the
 * published counts. */
static void test_binned_against_plain(void **state)
{
    (void)state;
    static struct by_unit oracle;
    static const int bin_bits[] = {1, 3, 6};
    for (int n = 6; n <= 14; n++) {
        uint64_t total = published_and_oracle(n, &oracle);
        struct nq__join_unit *units = NULL;
        uint64_t count = 0;
        assert_int_equal(nq__join_units(n, &units, &count), 0);
        struct nq__join_table plain;
        assert_int_equal(nq__join_table_build(n, 1, (uint64_t)1 << 30, &plain),
                         0);
        for (int k = 0; k < 3; k++) {
            const struct nq__join_keep keep = {.bin_bits = bin_bits[k]};
            struct nq__join_table t;
            assert_int_equal(nq__join_table_build_pass(n, 1 + 2 * (k % 2),
                                                       (uint64_t)1 << 30, &keep,
                                                       &t),
                             0);
            assert_int_equal(t.groups, plain.groups);
            assert_int_equal(t.buckets, plain.buckets);
            for (uint64_t g = 0; g < t.groups; g++) {
                assert_int_equal(t.start[g + 1] - t.start[g],
                                 plain.start[g + 1] - plain.start[g]);
                for (uint32_t y = 0; y < t.buckets; y++) {
                    uint32_t a_size = 0, b_size = 0;
                    uint32_t *a = bucket_sorted(&t, g, y, &a_size);
                    uint32_t *b = bucket_sorted(&plain, g, y, &b_size);
                    assert_int_equal(a_size, b_size);
                    assert_memory_equal(a, b, a_size * sizeof *a);
                    free(a);
                    free(b);
                }
            }
            assert_int_equal(
                count_units(&t, units, count, n <= 11 ? &oracle : NULL), total);
            nq__join_table_free(&t);
        }
        nq__join_table_free(&plain);
        free(units);
    }
}

/* The census of some patterns' tops (as a run of several passes walks
 * it once for all of them), on one thread and on three: each share's
 * count of every group it keeps equal to the whole census's, 0 for every
 * other group; a pass's table counted from it equal to one that walks its
 * own tops; and a pass that keeps a pattern the census does not
 * refused (NQ_E_CORRUPT), never a table with groups missing. */
static void test_census_kept(void **state)
{
    (void)state;
    static uint8_t keep[1u << 14], more[1u << 14];
    uint64_t seed = 7;
    for (int n = 6; n <= 14; n++) {
        struct nq__join_ranks *ranks = malloc(sizeof *ranks);
        assert_non_null(ranks);
        nq__join_ranks_init(ranks, n);
        uint32_t fixed = nq__join_fixed_columns(n, 6);
        memset(keep, 0, (size_t)1 << n);
        int kept = 0;
        for (uint32_t p = fixed;; p = (p - 1) & fixed) {
            if (next_random(&seed) % 3 == 0) {
                keep[p] = keep[nq__join_mirror(p, n)] = NQ_JOIN_KEEP_TOP;
                kept++;
            }
            if (p == 0)
                break;
        }
        assert_true(kept > 0);
        for (int threads = 1; threads <= 3; threads += 2) {
            uint64_t *tops = NULL, groups = 0, len = 0, whole_len = 0;
            uint32_t *whole = NULL, *census = NULL;
            assert_int_equal(
                nq__join_group_tops(n, threads, &tops, &groups, &whole), 0);
            whole_len = nq__join_share_tops_bytes(n, threads) / sizeof *whole;
            struct nq__join_keep filter = {.fixed = fixed, .keep = keep};
            assert_int_equal(
                nq__join_census_kept(n, threads, &filter, &census, &len), 0);
            assert_int_equal(len, whole_len);
            uint64_t sets = nq__join_binomial(n, n / 2), counted = 0;
            uint32_t last = ((1u << (n / 2)) - 1) << (n - n / 2);
            for (uint32_t set = (1u << (n / 2)) - 1;;
                 set = nq__join_next_set(set)) {
                bool in = keep[set & fixed] != 0;
                for (uint64_t g = nq__join_rank(ranks, set); g < groups;
                     g += sets) {
                    for (uint64_t k = 0; k < len / groups; k++) {
                        uint64_t at = k * groups + g;
                        assert_int_equal(census[at], in ? whole[at] : 0);
                        counted += census[at];
                    }
                }
                if (set == last)
                    break;
            }
            assert_true(counted > 0);
            struct nq__join_table t, c;
            assert_int_equal(nq__join_table_build_pass(
                                 n, threads, (uint64_t)1 << 30, &filter, &t),
                             0);
            filter.share_tops = census;
            assert_int_equal(nq__join_table_build_pass(
                                 n, threads, (uint64_t)1 << 30, &filter, &c),
                             0);
            assert_int_equal(c.groups, t.groups);
            assert_memory_equal(c.start, t.start,
                                (t.groups + 1) * sizeof *t.start);
            assert_int_equal(c.start[c.groups], counted);
            assert_memory_equal(c.rest, t.rest,
                                t.start[t.groups] * sizeof *t.rest);
            nq__join_table_free(&c);
            nq__join_table_free(&t);
            /* A pattern more than the census's, one with tops: on
             * several threads too, each share's stores stay in its own
             * slots (ThreadSanitizer sees no race), and the table is
             * refused. */
            uint32_t extra = UINT32_MAX;
            for (uint32_t set = (1u << (n / 2)) - 1; extra == UINT32_MAX;
                 set = nq__join_next_set(set)) {
                if (keep[set & fixed] == 0 &&
                    tops[nq__join_rank(ranks, set)] > 0)
                    extra = set & fixed;
                if (set == last)
                    break;
            }
            assert_true(extra != UINT32_MAX);
            memcpy(more, keep, (size_t)1 << n);
            more[extra] = NQ_JOIN_KEEP_TOP;
            filter.keep = more;
            assert_int_equal(nq__join_table_build_pass(
                                 n, threads, (uint64_t)1 << 30, &filter, &c),
                             NQ_E_CORRUPT);
            free(census);
            free(whole);
            free(tops);
        }
        free(ranks);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bins_against_scan),
        cmocka_unit_test(test_pairs_against_double_loop),
        cmocka_unit_test(test_fill_against_definition),
        cmocka_unit_test(test_units_cover_each_class_once),
        cmocka_unit_test(test_table_holds_every_top),
        cmocka_unit_test(test_table_budget),
        cmocka_unit_test(test_table_budget_holds_threads),
        cmocka_unit_test(test_three_families),
        cmocka_unit_test(test_passes_against_oracle),
        cmocka_unit_test(test_memory_between_passes),
        cmocka_unit_test(test_compact_against_oracle),
        cmocka_unit_test(test_wide_against_oracle),
        cmocka_unit_test(test_binned_against_plain),
        cmocka_unit_test(test_census_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
