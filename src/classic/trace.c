/*
 * trace.c - the teaching texts' row-by-row search, told step by step.
 *
 * It is the `arrays` algorithm of classic.c (boolean arrays for the columns
 * and both diagonal directions, columns tried in ascending order) with a
 * callback at every step: a queen placed, a square pruned and why, a row
 * given up, a solution found. Learners watch it through `nqueens trace`;
 * `nqueens bench` uses its statistics as the textbook's node count.
 */
#include <stdbool.h>
#include <string.h>

#include "nqueens.h"

struct trace_run {
    int n;
    nq_trace_fn fn;
    void *user;
    nq_trace_stats stats;
    int cols[NQ_MAX_N];           /* the partial solution vector, 0-based */
    bool col_taken[NQ_MAX_N];     /* a queen stands in this column */
    bool diag1[2 * NQ_MAX_N - 1]; /* `\` diagonals, index row - col + n - 1 */
    bool diag2[2 * NQ_MAX_N - 1]; /* `/` diagonals, index row + col */
};

/* Counts the event, then hands it to the callback; non-zero means stop. */
static int trace_emit(struct trace_run *run, nq_trace_event *event)
{
    nq_trace_stats *s = &run->stats;
    s->steps++;
    switch (event->kind) {
    case NQ_TRACE_PLACE:
        s->placements++;
        break;
    case NQ_TRACE_CONFLICT:
        s->conflicts[event->constraint]++;
        break;
    case NQ_TRACE_BACKTRACK:
        s->backtracks++;
        break;
    case NQ_TRACE_SOLUTION:
        s->solutions++;
        break;
    }
    if (run->fn == NULL)
        return 0;
    event->step = s->steps;
    event->cols = run->cols;
    return run->fn(event, run->n, run->user) != 0;
}

/* The earlier row whose queen stands on the line that pruned (row, col).
 * The boolean arrays only say that the line is taken; the vector says by
 * whom, and exactly one earlier queen can stand on a line. */
static int trace_clash_row(const struct trace_run *run, int row, int col,
                           nq_constraint constraint)
{
    for (int r = 0; r < row; r++) {
        int c = run->cols[r];
        if ((constraint == NQ_CONSTRAINT_COLUMN && c == col) ||
            (constraint == NQ_CONSTRAINT_DIAGONAL && r - c == row - col) ||
            (constraint == NQ_CONSTRAINT_ANTIDIAGONAL && r + c == row + col))
            return r;
    }
    return -1; /* unreachable while the arrays and the vector agree */
}

/* Which constraint prunes (row, col), in the textbook's order of tests. */
static nq_constraint trace_check(const struct trace_run *run, int row, int col)
{
    if (run->col_taken[col])
        return NQ_CONSTRAINT_COLUMN;
    if (run->diag1[row - col + run->n - 1])
        return NQ_CONSTRAINT_DIAGONAL;
    if (run->diag2[row + col])
        return NQ_CONSTRAINT_ANTIDIAGONAL;
    return NQ_CONSTRAINT_NONE;
}

static int trace_row(struct trace_run *run, int row)
{
    int n = run->n;
    if (row == n) {
        nq_trace_event solution = {.kind = NQ_TRACE_SOLUTION,
                                   .row = n,
                                   .col = -1,
                                   .clash_row = -1,
                                   .clash_col = -1,
                                   .depth = n};
        return trace_emit(run, &solution);
    }
    for (int col = 0; col < n; col++) {
        nq_constraint why = trace_check(run, row, col);
        if (why != NQ_CONSTRAINT_NONE) {
            int clash = trace_clash_row(run, row, col, why);
            nq_trace_event conflict = {.kind = NQ_TRACE_CONFLICT,
                                       .row = row,
                                       .col = col,
                                       .constraint = why,
                                       .clash_row = clash,
                                       .clash_col =
                                           clash >= 0 ? run->cols[clash] : -1,
                                       .depth = row};
            if (trace_emit(run, &conflict))
                return 1;
            continue;
        }
        int d1 = row - col + n - 1;
        int d2 = row + col;
        run->cols[row] = col;
        run->col_taken[col] = run->diag1[d1] = run->diag2[d2] = true;
        nq_trace_event place = {.kind = NQ_TRACE_PLACE,
                                .row = row,
                                .col = col,
                                .clash_row = -1,
                                .clash_col = -1,
                                .depth = row + 1};
        int stop = trace_emit(run, &place) || trace_row(run, row + 1);
        run->col_taken[col] = run->diag1[d1] = run->diag2[d2] = false;
        if (stop)
            return 1;
    }
    /* Every column of this row is tried: lift the queen above (the caller
     * does, by returning into its loop), so the vector keeps row - 1. */
    nq_trace_event backtrack = {.kind = NQ_TRACE_BACKTRACK,
                                .row = row,
                                .col = -1,
                                .clash_row = -1,
                                .clash_col = -1,
                                .depth = row > 0 ? row - 1 : 0};
    return trace_emit(run, &backtrack);
}

const char *nq_constraint_name(nq_constraint constraint)
{
    switch (constraint) {
    case NQ_CONSTRAINT_NONE:
        return "none";
    case NQ_CONSTRAINT_COLUMN:
        return "column";
    case NQ_CONSTRAINT_DIAGONAL:
        return "diagonal";
    case NQ_CONSTRAINT_ANTIDIAGONAL:
        return "anti-diagonal";
    }
    return NULL;
}

uint64_t nq_trace_conflicts(const nq_trace_stats *stats)
{
    return stats->conflicts[NQ_CONSTRAINT_COLUMN] +
           stats->conflicts[NQ_CONSTRAINT_DIAGONAL] +
           stats->conflicts[NQ_CONSTRAINT_ANTIDIAGONAL];
}

int nq_trace(int n, nq_trace_fn fn, void *user, nq_trace_stats *stats)
{
    if (stats != NULL)
        memset(stats, 0, sizeof *stats);
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    struct trace_run run;
    memset(&run, 0, sizeof run);
    run.n = n;
    run.fn = fn;
    run.user = user;
    int stopped = trace_row(&run, 0);
    if (stats != NULL)
        *stats = run.stats;
    return stopped ? NQ_E_STOPPED : NQ_OK;
}
