/*
 * test_complete_exclusions.c - blocked squares and excluded diagonals in
 * the completion engine, against a brute-force oracle written here: a
 * plain row-by-row search over boolean tables that tries every column of
 * every row and checks each new queen against every queen placed, against
 * the blocked table and against the excluded diagonals, one by one. Seeded
 * random instances up to n = 10 (given queens, blocked squares and
 * diagonals together) compare the first completion, the count (on two
 * threads) and the whole list; Nauck's board of 1850; the input checks
 * (a given queen on a blocked square or an excluded diagonal, exclusions
 * off the board).
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define MAX_N 10
#define MAX_DIAG (2 * MAX_N - 1)
#define MAX_LISTED 800 /* more than the 724 solutions of n = 10 */
#define RANDOM_INSTANCES 400

/* One instance as the oracle sees it: plain tables, 0-based. */
struct instance {
    int n;
    int given[MAX_N];             /* -1: a free row */
    bool blocked[MAX_N][MAX_N];   /* [row][column] */
    bool sum_excluded[MAX_DIAG];  /* [row + column] */
    bool diff_excluded[MAX_DIAG]; /* [row - column + n - 1] */
};

/* What the oracle found: every completion in lexicographic order. */
struct found {
    size_t count;
    int cols[MAX_LISTED][MAX_N];
};

static bool oracle_square_open(const struct instance *in, int r, int c)
{
    return !in->blocked[r][c] && !in->sum_excluded[r + c] &&
           !in->diff_excluded[r - c + in->n - 1];
}

static bool oracle_attacks(int r1, int c1, int r2, int c2)
{
    return c1 == c2 || abs(r1 - r2) == abs(c1 - c2);
}

static void oracle_rows(const struct instance *in, int row, int *cols,
                        struct found *out)
{
    if (row == in->n) {
        /* Every given queen must be kept and attack no other queen. */
        for (int a = 0; a < in->n; a++) {
            for (int b = a + 1; b < in->n; b++) {
                if (oracle_attacks(a, cols[a], b, cols[b]))
                    return;
            }
        }
        assert_true(out->count < MAX_LISTED);
        memcpy(out->cols[out->count++], cols, sizeof(int) * (size_t)in->n);
        return;
    }
    for (int c = 0; c < in->n; c++) {
        if (in->given[row] >= 0 && c != in->given[row])
            continue;
        /* A given queen's own square counts too: one standing on an
         * excluded square leaves no completion (the library refuses such
         * input before searching; see the checks below). */
        if (!oracle_square_open(in, row, c))
            continue;
        bool safe = true;
        for (int r = 0; r < row && safe; r++)
            safe = !oracle_attacks(r, cols[r], row, c);
        if (!safe)
            continue;
        cols[row] = c;
        oracle_rows(in, row + 1, cols, out);
    }
}

static void oracle(const struct instance *in, struct found *out)
{
    int cols[MAX_N];
    out->count = 0;
    oracle_rows(in, 0, cols, out);
}

/* The library's form of the instance's exclusions. */
static void to_exclusions(const struct instance *in, nq_complete_exclusions *x)
{
    memset(x, 0, sizeof *x);
    for (int r = 0; r < in->n; r++) {
        for (int c = 0; c < in->n; c++) {
            if (in->blocked[r][c])
                x->blocked[r] |= 1ull << c;
        }
    }
    for (int k = 0; k < 2 * in->n - 1; k++) {
        if (in->sum_excluded[k])
            x->sum[k / 64] |= 1ull << (k % 64);
        if (in->diff_excluded[k])
            x->diff[k / 64] |= 1ull << (k % 64);
    }
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

static int below(uint64_t *state, int bound)
{
    return (int)(next_random(state) % (uint64_t)bound);
}

/* A random instance: a few given queens that do not attack each other and
 * stand on open squares, a random share of blocked squares and a few
 * excluded diagonals. */
static void random_instance(uint64_t *state, struct instance *in)
{
    memset(in, 0, sizeof *in);
    in->n = 1 + below(state, MAX_N);
    int n = in->n;
    int block_percent = below(state, 30);
    for (int r = 0; r < n; r++) {
        in->given[r] = -1;
        for (int c = 0; c < n; c++)
            in->blocked[r][c] = below(state, 100) < block_percent;
    }
    int diagonals = below(state, n + 1);
    for (int i = 0; i < diagonals; i++) {
        int k = below(state, 2 * n - 1);
        if (below(state, 2) == 0)
            in->sum_excluded[k] = true;
        else
            in->diff_excluded[k] = true;
    }
    int queens = below(state, n / 2 + 1);
    for (int i = 0; i < queens; i++) {
        int r = below(state, n);
        int c = below(state, n);
        bool ok = in->given[r] < 0 && oracle_square_open(in, r, c);
        for (int g = 0; g < n && ok; g++)
            ok = in->given[g] < 0 || !oracle_attacks(g, in->given[g], r, c);
        if (ok)
            in->given[r] = c;
    }
}

static int keep_listed(const int *cols, int n, void *user)
{
    struct found *out = user;
    assert_true(out->count < MAX_LISTED);
    memcpy(out->cols[out->count++], cols, sizeof(int) * (size_t)n);
    return 0;
}

/* A completion of `in` that the oracle also found. */
static void assert_is_found(const int *cols, const struct instance *in,
                            const struct found *expected)
{
    for (size_t i = 0; i < expected->count; i++) {
        if (memcmp(expected->cols[i], cols, sizeof(int) * (size_t)in->n) == 0)
            return;
    }
    fail_msg("a completion the oracle does not know (n = %d)", in->n);
}

static void check_instance(const struct instance *in, struct found *expected,
                           struct found *listed)
{
    nq_complete_exclusions x;
    to_exclusions(in, &x);
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.exclusions = &x;
    options.threads = 2;
    oracle(in, expected);

    assert_int_equal(
        nq_complete_check_options(in->n, in->given, &options, NULL), NQ_OK);
    uint64_t count = 99;
    assert_int_equal(nq_complete_count(in->n, in->given, &options, &count),
                     NQ_OK);
    assert_int_equal(count, expected->count);

    listed->count = 0;
    assert_int_equal(nq_complete_each_options(in->n, in->given, &options,
                                              keep_listed, listed, &count),
                     NQ_OK);
    assert_int_equal(count, expected->count);
    assert_int_equal(listed->count, expected->count);
    for (size_t i = 0; i < expected->count; i++)
        assert_memory_equal(listed->cols[i], expected->cols[i],
                            sizeof(int) * (size_t)in->n);

    int out[MAX_N];
    int rc = nq_complete_first(in->n, in->given, NQ_COMPLETE_LEXICOGRAPHIC,
                               &options, out);
    assert_int_equal(rc, expected->count > 0 ? NQ_OK : NQ_E_NOSOLUTION);
    if (rc == NQ_OK)
        assert_memory_equal(out, expected->cols[0],
                            sizeof(int) * (size_t)in->n);
    rc = nq_complete_first(in->n, in->given, NQ_COMPLETE_FEWEST_FREE, &options,
                           out);
    assert_int_equal(rc, expected->count > 0 ? NQ_OK : NQ_E_NOSOLUTION);
    if (rc == NQ_OK)
        assert_is_found(out, in, expected);
}

static void test_random_against_oracle(void **state)
{
    (void)state;
    struct found *expected = malloc(sizeof *expected);
    struct found *listed = malloc(sizeof *listed);
    assert_non_null(expected);
    assert_non_null(listed);
    uint64_t seed = 0x2017c5b1e079ull;
    size_t solvable = 0;
    size_t refuted = 0;
    for (int i = 0; i < RANDOM_INSTANCES; i++) {
        struct instance in;
        random_instance(&seed, &in);
        check_instance(&in, expected, listed);
        solvable += expected->count > 0;
        refuted += expected->count == 0;
    }
    /* The seeds must exercise both answers, not one of them. */
    assert_true(solvable >= RANDOM_INSTANCES / 10);
    assert_true(refuted >= RANDOM_INSTANCES / 10);
    free(expected);
    free(listed);
}

/* Only diagonals, as in CSPLib's problem 079: every row and column free. */
static void test_only_diagonals(void **state)
{
    (void)state;
    struct found *expected = malloc(sizeof *expected);
    struct found *listed = malloc(sizeof *listed);
    assert_non_null(expected);
    assert_non_null(listed);
    uint64_t seed = 79;
    for (int i = 0; i < 100; i++) {
        struct instance in;
        memset(&in, 0, sizeof in);
        in.n = 4 + below(&seed, MAX_N - 3);
        for (int r = 0; r < in.n; r++)
            in.given[r] = -1;
        for (int d = below(&seed, in.n); d > 0; d--) {
            int k = below(&seed, 2 * in.n - 1);
            if (below(&seed, 2))
                in.sum_excluded[k] = true;
            else
                in.diff_excluded[k] = true;
        }
        check_instance(&in, expected, listed);
    }
    free(expected);
    free(listed);
}

/* Nauck's puzzle of 1850: queens at (3,3) and (4,1), two completions. */
static void test_nauck_with_exclusions(void **state)
{
    (void)state;
    int given[8] = {-1, -1, -1, 3, 1, -1, -1, -1};
    nq_complete_exclusions x;
    memset(&x, 0, sizeof x);
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.exclusions = &x;
    uint64_t count = 0;
    assert_int_equal(nq_complete_count(8, given, &options, &count), NQ_OK);
    assert_int_equal(count, 2);
    /* Blocking a square where the two differ leaves the other alone. */
    struct found both;
    both.count = 0;
    assert_int_equal(
        nq_complete_each_options(8, given, &options, keep_listed, &both, NULL),
        NQ_OK);
    assert_int_equal(both.count, 2);
    int r = 0;
    while (both.cols[0][r] == both.cols[1][r])
        r++;
    x.blocked[r] = 1ull << both.cols[0][r];
    assert_int_equal(nq_complete_count(8, given, &options, &count), NQ_OK);
    assert_int_equal(count, 1);
    int out[8];
    assert_int_equal(
        nq_complete_first(8, given, NQ_COMPLETE_LEXICOGRAPHIC, &options, out),
        NQ_OK);
    assert_memory_equal(out, both.cols[1], sizeof out);
    assert_int_equal(
        nq_complete_first(8, given, NQ_COMPLETE_FEWEST_FREE, &options, out),
        NQ_OK);
    assert_memory_equal(out, both.cols[1], sizeof out);
}

static void test_checks(void **state)
{
    (void)state;
    int given[8] = {-1, -1, -1, 3, 1, -1, -1, -1};
    nq_complete_exclusions x;
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    assert_null(options.exclusions);
    options.exclusions = &x;
    nq_complete_conflict conflict;
    int out[8];
    uint64_t count = 5;

    memset(&x, 0, sizeof x);
    x.blocked[4] = 1ull << 1; /* under the queen (4,1) */
    assert_int_equal(nq_complete_check_options(8, given, &options, &conflict),
                     NQ_E_CONFLICT);
    assert_int_equal(conflict.row_a, 4);
    assert_int_equal(conflict.row_b, 4);
    assert_int_equal(conflict.kind, NQ_COMPLETE_ON_BLOCKED);
    assert_int_equal(nq_complete_count(8, given, &options, &count),
                     NQ_E_CONFLICT);
    assert_int_equal(count, 0);
    assert_int_equal(
        nq_complete_first(8, given, NQ_COMPLETE_FEWEST_FREE, &options, out),
        NQ_E_CONFLICT);
    assert_int_equal(
        nq_complete_each_options(8, given, &options, NULL, NULL, &count),
        NQ_E_CONFLICT);

    memset(&x, 0, sizeof x);
    x.sum[0] = 1ull << 6; /* 3 + 3 */
    assert_int_equal(nq_complete_check_options(8, given, &options, &conflict),
                     NQ_E_CONFLICT);
    assert_int_equal(conflict.row_a, 3);
    assert_int_equal(conflict.kind, NQ_COMPLETE_ON_EXCLUDED_SUM);

    memset(&x, 0, sizeof x);
    x.diff[0] = 1ull << (4 - 1 + 7); /* row - column = 3, offset by 7 */
    assert_int_equal(nq_complete_check_options(8, given, &options, &conflict),
                     NQ_E_CONFLICT);
    assert_int_equal(conflict.row_a, 4);
    assert_int_equal(conflict.kind, NQ_COMPLETE_ON_EXCLUDED_DIFF);

    /* Off the board: column 8, row 8, diagonal 15 of an 8 x 8 board. */
    memset(&x, 0, sizeof x);
    x.blocked[0] = 1ull << 8;
    assert_int_equal(nq_complete_check_options(8, given, &options, NULL),
                     NQ_E_INVAL);
    memset(&x, 0, sizeof x);
    x.blocked[8] = 1;
    assert_int_equal(nq_complete_count(8, given, &options, &count), NQ_E_INVAL);
    memset(&x, 0, sizeof x);
    x.sum[0] = 1ull << 15;
    assert_int_equal(nq_complete_check_options(8, given, &options, NULL),
                     NQ_E_INVAL);
    memset(&x, 0, sizeof x);
    x.diff[1] = 1;
    assert_int_equal(nq_complete_check_options(8, given, &options, NULL),
                     NQ_E_INVAL);
    /* The largest board takes diagonals up to 126. */
    int free_rows[64];
    for (int r = 0; r < 64; r++)
        free_rows[r] = -1;
    memset(&x, 0, sizeof x);
    x.sum[1] = 1ull << 62;
    x.diff[1] = 1ull << 62;
    assert_int_equal(nq_complete_check_options(64, free_rows, &options, NULL),
                     NQ_OK);
    x.sum[1] = 1ull << 63;
    assert_int_equal(nq_complete_check_options(64, free_rows, &options, NULL),
                     NQ_E_INVAL);
    /* Two attacking queens are named before any exclusion. */
    int attacking[8] = {0, 1, -1, -1, -1, -1, -1, -1};
    memset(&x, 0, sizeof x);
    x.blocked[0] = 1;
    assert_int_equal(
        nq_complete_check_options(8, attacking, &options, &conflict),
        NQ_E_CONFLICT);
    assert_int_equal(conflict.kind, NQ_COMPLETE_SAME_DIAGONAL);
}

/* A blocked board where every row keeps cells but no column does: dead
 * at the root. */
static void test_blocked_column(void **state)
{
    (void)state;
    int given[6] = {-1, -1, -1, -1, -1, -1};
    nq_complete_exclusions x;
    memset(&x, 0, sizeof x);
    for (int r = 0; r < 6; r++)
        x.blocked[r] = 1ull << 2;
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.exclusions = &x;
    uint64_t count = 1;
    assert_int_equal(nq_complete_count(6, given, &options, &count), NQ_OK);
    assert_int_equal(count, 0);
    int out[6];
    assert_int_equal(
        nq_complete_first(6, given, NQ_COMPLETE_LEXICOGRAPHIC, &options, out),
        NQ_E_NOSOLUTION);
}

static int count_calls(const int *cols, int n, void *user)
{
    (void)cols;
    (void)n;
    ++*(int *)user;
    return 0;
}

/* Stops at its first call and says how it was called. */
struct stop_at_first {
    int calls;
    uint64_t done, total, solutions;
};

static int stop_at_first(uint64_t done, uint64_t total, uint64_t solutions,
                         void *user)
{
    struct stop_at_first *s = user;
    s->calls++;
    s->done = done;
    s->total = total;
    s->solutions = solutions;
    return 1;
}

/* Every even sum diagonal excluded (rows and columns from 0): n queens
 * need n sum diagonals, and only the n - 1 odd ones are left, so no
 * completion exists; forward checking does not see it, and the search of
 * n = 24 runs through a few hundred thousand nodes without calling fn.
 * The progress callback stops it all the same. */
static void test_each_stops_without_a_completion(void **state)
{
    (void)state;
    enum { N = 24 };
    int given[N];
    for (int r = 0; r < N; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
    nq_complete_exclusions x;
    memset(&x, 0, sizeof x);
    for (int k = 0; k <= 2 * N - 2; k += 2)
        x.sum[k >> 6] |= 1ull << (k & 63);
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.exclusions = &x;
    int completions = 0;
    uint64_t count = 1;
    /* Without progress: to its end, none. */
    assert_int_equal(nq_complete_each_options(N, given, &options, count_calls,
                                              &completions, &count),
                     NQ_OK);
    assert_int_equal(count, 0);
    assert_int_equal(completions, 0);
    struct stop_at_first stop = {0};
    options.progress = stop_at_first;
    options.progress_user = &stop;
    assert_int_equal(nq_complete_each_options(N, given, &options, count_calls,
                                              &completions, &count),
                     NQ_E_STOPPED);
    assert_int_equal(stop.calls, 1);
    assert_int_equal(stop.done, 4096);
    assert_int_equal(stop.total, 0);
    assert_int_equal(stop.solutions, 0);
    assert_int_equal(count, 0);
    assert_int_equal(completions, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_against_oracle),
        cmocka_unit_test(test_only_diagonals),
        cmocka_unit_test(test_nauck_with_exclusions),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_blocked_column),
        cmocka_unit_test(test_each_stops_without_a_completion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
