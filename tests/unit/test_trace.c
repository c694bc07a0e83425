/*
 * test_trace.c - the traced search against independent facts: the place
 * events are exactly the consistent partial placements (counted here by a
 * separate enumeration), the solutions are the published total in the
 * textbook's order, every conflict names a real attacker on the line it
 * names, columns are tried in ascending order, and stopping works.
 */
#include <string.h>

#include "testutil.h"

#define TRACE_MAX_TESTED_N 10

/* ---- the independent count: prefixes of k non-attacking queens ---- */

/* True when no two of queens[0..k-1] (one a row) attack each other. */
static bool prefix_ok(const int *queens, int k)
{
    for (int a = 0; a < k; a++) {
        for (int b = a + 1; b < k; b++) {
            int dc = queens[a] - queens[b];
            if (dc == 0 || dc == b - a || dc == a - b)
                return false;
        }
    }
    return true;
}

/* Counts the consistent prefixes of every length 1..n by trying all n
 * columns in the next row of each consistent prefix; also the solutions. */
static void count_prefixes(int *queens, int k, int n, uint64_t *prefixes,
                           uint64_t *solutions)
{
    if (k == n) {
        (*solutions)++;
        return;
    }
    for (int c = 0; c < n; c++) {
        queens[k] = c;
        if (prefix_ok(queens, k + 1)) {
            (*prefixes)++;
            count_prefixes(queens, k + 1, n, prefixes, solutions);
        }
    }
}

/* ---- checking every event as it comes ---- */

struct checker {
    int n;
    uint64_t steps;
    nq_trace_stats counted; /* counted here, event by event */
    int vector[NQ_MAX_N];   /* the partial vector as the events build it */
    int depth;
    int last_tried[NQ_MAX_N]; /* column last tried in each row, -1: none */
    uint64_t fingerprint;     /* of the solutions, in order */
    uint64_t stop_at_step;    /* 0: never stop */
};

/* True when square (row, col) lies on `line` of the queen (qr, qc). */
static bool on_line(nq_constraint line, int row, int col, int qr, int qc)
{
    switch (line) {
    case NQ_CONSTRAINT_COLUMN:
        return col == qc;
    case NQ_CONSTRAINT_DIAGONAL:
        return row - col == qr - qc;
    case NQ_CONSTRAINT_ANTIDIAGONAL:
        return row + col == qr + qc;
    case NQ_CONSTRAINT_NONE:
        break;
    }
    return false;
}

static void check_tried_in_order(struct checker *c, int row, int col)
{
    assert_true(col > c->last_tried[row]);
    c->last_tried[row] = col;
    /* The rows below start again from column 1. */
    for (int r = row + 1; r < c->n; r++)
        c->last_tried[r] = -1;
}

static int check_event(const nq_trace_event *e, int n, void *user)
{
    struct checker *c = user;
    assert_int_equal(n, c->n);
    assert_int_equal(e->step, ++c->steps);
    switch (e->kind) {
    case NQ_TRACE_PLACE:
        c->counted.placements++;
        assert_int_equal(e->row, c->depth);
        check_tried_in_order(c, e->row, e->col);
        c->vector[e->row] = e->col;
        c->depth = e->row + 1;
        assert_true(prefix_ok(c->vector, c->depth));
        assert_int_equal(e->constraint, NQ_CONSTRAINT_NONE);
        break;
    case NQ_TRACE_CONFLICT: {
        c->counted.conflicts[e->constraint]++;
        assert_true(e->row <= c->depth);
        c->depth = e->row;
        check_tried_in_order(c, e->row, e->col);
        /* The named queen stands where it is said to, on the named line. */
        assert_true(e->clash_row >= 0 && e->clash_row < e->row);
        assert_int_equal(c->vector[e->clash_row], e->clash_col);
        assert_true(
            on_line(e->constraint, e->row, e->col, e->clash_row, e->clash_col));
        /* No line tested earlier (column, then \, then /) is taken. */
        for (int line = NQ_CONSTRAINT_COLUMN; line < (int)e->constraint;
             line++) {
            for (int r = 0; r < e->row; r++)
                assert_false(on_line((nq_constraint)line, e->row, e->col, r,
                                     c->vector[r]));
        }
        break;
    }
    case NQ_TRACE_BACKTRACK:
        c->counted.backtracks++;
        assert_true(e->row >= 0 && e->row < n);
        c->depth = e->row > 0 ? e->row - 1 : 0;
        break;
    case NQ_TRACE_SOLUTION:
        c->counted.solutions++;
        assert_int_equal(c->depth, n);
        assert_true(test_is_solution(c->vector, n));
        for (int i = 0; i < n; i++)
            c->fingerprint =
                c->fingerprint * 1099511628211u + (uint64_t)c->vector[i] + 1;
        break;
    }
    /* The library's vector is the one the events build. */
    assert_int_equal(e->depth, c->depth);
    assert_memory_equal(e->cols, c->vector, sizeof(int) * (size_t)c->depth);
    return c->stop_at_step != 0 && e->step == c->stop_at_step;
}

static void checker_init(struct checker *c, int n)
{
    memset(c, 0, sizeof *c);
    c->n = n;
    for (int r = 0; r < NQ_MAX_N; r++)
        c->last_tried[r] = -1;
}

/* The solutions of the textbook algorithm, fingerprinted the same way. */
static int fingerprint_solution(const int *cols, int n, void *user)
{
    uint64_t *f = user;
    for (int i = 0; i < n; i++)
        *f = *f * 1099511628211u + (uint64_t)cols[i] + 1;
    return 0;
}

static void test_events_against_independent_counts(void **state)
{
    (void)state;
    for (int n = 1; n <= TRACE_MAX_TESTED_N; n++) {
        int queens[NQ_MAX_N];
        uint64_t prefixes = 0, solutions = 0;
        count_prefixes(queens, 0, n, &prefixes, &solutions);
        assert_int_equal(solutions, oeis_counts(n).total);

        struct checker c;
        checker_init(&c, n);
        nq_trace_stats stats;
        assert_int_equal(nq_trace(n, check_event, &c, &stats), NQ_OK);
        assert_int_equal(stats.placements, prefixes);
        assert_int_equal(stats.solutions, oeis_counts(n).total);
        assert_memory_equal(&stats.conflicts, &c.counted.conflicts,
                            sizeof stats.conflicts);
        assert_int_equal(stats.placements, c.counted.placements);
        assert_int_equal(stats.backtracks, c.counted.backtracks);
        assert_int_equal(stats.solutions, c.counted.solutions);
        assert_int_equal(stats.steps, c.steps);
        assert_int_equal(stats.steps, stats.placements +
                                          nq_trace_conflicts(&stats) +
                                          stats.backtracks + stats.solutions);
        /* Every row entered tries all n columns; every row entered is
         * given up once; the search ends back at the top. */
        uint64_t rows_entered = 1 + stats.placements - stats.solutions;
        assert_int_equal(stats.placements + nq_trace_conflicts(&stats),
                         (uint64_t)n * rows_entered);
        assert_int_equal(stats.backtracks, rows_entered);
        assert_int_equal(c.depth, 0);

        /* The same solutions in the same order as the textbook's. */
        uint64_t textbook = 0;
        assert_int_equal(nq_classic_solve(NQ_CLASSIC_ARRAYS, n,
                                          fingerprint_solution, &textbook,
                                          NULL),
                         NQ_OK);
        assert_int_equal(c.fingerprint, textbook);
    }
}

static void test_four_queens_by_hand(void **state)
{
    (void)state;
    /* Seed 004's tree for 4 queens: 16 placements (nodes below the root),
     * 2 solutions; the counts by kind are those of the golden text trace
     * (tests/cli/cases/trace-4), whose 77 steps were read through by hand. */
    nq_trace_stats stats;
    assert_int_equal(nq_trace(4, NULL, NULL, &stats), NQ_OK);
    assert_int_equal(stats.placements, 16);
    assert_int_equal(stats.solutions, 2);
    assert_int_equal(stats.backtracks, 15);
    assert_int_equal(stats.conflicts[NQ_CONSTRAINT_COLUMN], 28);
    assert_int_equal(stats.conflicts[NQ_CONSTRAINT_DIAGONAL], 9);
    assert_int_equal(stats.conflicts[NQ_CONSTRAINT_ANTIDIAGONAL], 7);
    assert_int_equal(stats.steps, 77);
}

static void test_stop_and_null_callback(void **state)
{
    (void)state;
    nq_trace_stats all;
    assert_int_equal(nq_trace(8, NULL, NULL, &all), NQ_OK);

    struct checker c;
    checker_init(&c, 8);
    nq_trace_stats full;
    assert_int_equal(nq_trace(8, check_event, &c, &full), NQ_OK);
    assert_memory_equal(&all, &full, sizeof all);

    for (uint64_t stop = 1; stop <= 300; stop += 37) {
        checker_init(&c, 8);
        c.stop_at_step = stop;
        nq_trace_stats part;
        assert_int_equal(nq_trace(8, check_event, &c, &part), NQ_E_STOPPED);
        assert_int_equal(part.steps, stop);
        assert_int_equal(c.steps, stop);
    }
    assert_int_equal(nq_trace(6, NULL, NULL, NULL), NQ_OK);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    nq_trace_stats stats;
    memset(&stats, 0xff, sizeof stats);
    assert_int_equal(nq_trace(0, NULL, NULL, &stats), NQ_E_RANGE);
    assert_int_equal(stats.steps, 0);
    assert_int_equal(stats.placements, 0);
    assert_int_equal(nq_trace(NQ_MAX_N + 1, NULL, NULL, NULL), NQ_E_RANGE);
    assert_int_equal(nq_trace(-3, NULL, NULL, NULL), NQ_E_RANGE);
    assert_string_equal(nq_constraint_name(NQ_CONSTRAINT_COLUMN), "column");
    assert_string_equal(nq_constraint_name(NQ_CONSTRAINT_DIAGONAL), "diagonal");
    assert_string_equal(nq_constraint_name(NQ_CONSTRAINT_ANTIDIAGONAL),
                        "anti-diagonal");
    assert_string_equal(nq_constraint_name(NQ_CONSTRAINT_NONE), "none");
    assert_null(nq_constraint_name((nq_constraint)9));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_events_against_independent_counts),
        cmocka_unit_test(test_four_queens_by_hand),
        cmocka_unit_test(test_stop_and_null_callback),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
