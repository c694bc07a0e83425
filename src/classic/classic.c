/*
 * classic.c - the three backtracking algorithms of the teaching texts the
 * product grew from. They are written to be read and trusted, not to be
 * fast: every fast engine is tested against them.
 *
 *  arrays     row by row, recursive, with boolean arrays for the columns and
 *             both diagonal directions (diags1 = row-col+n-1, diags2 = row+col)
 *  issafe     row by row, recursive, isSafe(k, j) scans the earlier rows of a
 *             1-based solution vector q[1..n]
 *  iterative  the same scan without recursion: x[k]++ tries the next column,
 *             k++ descends, k-- backtracks
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

/* What every algorithm carries: the callback and the solution counter. */
struct classic_run {
    int n;
    nq_solution_fn fn;
    void *user;
    uint64_t count;
    int cols[NQ_MAX_N]; /* 0-based columns handed to the callback */
};

/* Reports one solution; returns non-zero when the callback asks to stop. */
static int classic_emit(struct classic_run *run)
{
    run->count++;
    return run->fn != NULL && run->fn(run->cols, run->n, run->user) != 0;
}

/* ---- (a) boolean arrays --------------------------------------------- */

struct arrays_state {
    bool cols[NQ_MAX_N];
    bool diags1[2 * NQ_MAX_N - 1]; /* index row - col + n - 1 */
    bool diags2[2 * NQ_MAX_N - 1]; /* index row + col */
};

static int arrays_backtrack(struct classic_run *run, struct arrays_state *s,
                            int row)
{
    int n = run->n;
    if (row == n)
        return classic_emit(run);
    for (int col = 0; col < n; col++) {
        int d1 = row - col + n - 1;
        int d2 = row + col;
        if (s->cols[col] || s->diags1[d1] || s->diags2[d2])
            continue;
        run->cols[row] = col;
        s->cols[col] = s->diags1[d1] = s->diags2[d2] = true;
        int stop = arrays_backtrack(run, s, row + 1);
        s->cols[col] = s->diags1[d1] = s->diags2[d2] = false;
        if (stop)
            return stop;
    }
    return 0;
}

static int classic_arrays(struct classic_run *run)
{
    struct arrays_state s;
    memset(&s, 0, sizeof s);
    return arrays_backtrack(run, &s, 0);
}

/* ---- (b) isSafe(k, j) on a 1-based vector ---------------------------- */

/* Can a queen stand in row k, column j, given rows 1..k-1 of q? */
static bool is_safe(const int *q, int k, int j)
{
    for (int i = 1; i < k; i++) {
        if (q[i] == j || abs(i - k) == abs(q[i] - j))
            return false;
    }
    return true;
}

/* Copies the 1-based vector q[1..n] into the 0-based columns and emits. */
static int emit_vector(struct classic_run *run, const int *q)
{
    for (int i = 1; i <= run->n; i++)
        run->cols[i - 1] = q[i] - 1;
    return classic_emit(run);
}

static int issafe_queens(struct classic_run *run, int *q, int k)
{
    if (k > run->n)
        return emit_vector(run, q);
    for (int j = 1; j <= run->n; j++) {
        if (is_safe(q, k, j)) {
            q[k] = j;
            if (issafe_queens(run, q, k + 1))
                return 1;
        }
    }
    return 0;
}

static int classic_issafe(struct classic_run *run)
{
    int q[NQ_MAX_N + 1] = {0};
    return issafe_queens(run, q, 1);
}

/* ---- (c) iterative, k++ / k-- ---------------------------------------- */

static int classic_iterative(struct classic_run *run)
{
    int n = run->n;
    int x[NQ_MAX_N + 1] = {0};
    int k = 1;
    x[1] = 0;
    while (k > 0) {
        x[k] += 1;
        while (x[k] <= n && !is_safe(x, k, x[k]))
            x[k] += 1;
        if (x[k] <= n) {
            if (k == n) {
                if (emit_vector(run, x))
                    return 1;
            } else {
                k++;
                x[k] = 0;
            }
        } else {
            k--;
        }
    }
    return 0;
}

/* ---- entry point ------------------------------------------------------ */

const char *nq_classic_name(nq_classic_method method)
{
    switch (method) {
    case NQ_CLASSIC_ARRAYS:
        return "arrays";
    case NQ_CLASSIC_ISSAFE:
        return "issafe";
    case NQ_CLASSIC_ITERATIVE:
        return "iterative";
    }
    return NULL;
}

int nq_classic_solve(nq_classic_method method, int n, nq_solution_fn fn,
                     void *user, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if (nq_classic_name(method) == NULL)
        return NQ_E_INVAL;

    struct classic_run run = {.n = n, .fn = fn, .user = user, .count = 0};
    int stopped = 0;
    switch (method) {
    case NQ_CLASSIC_ARRAYS:
        stopped = classic_arrays(&run);
        break;
    case NQ_CLASSIC_ISSAFE:
        stopped = classic_issafe(&run);
        break;
    case NQ_CLASSIC_ITERATIVE:
        stopped = classic_iterative(&run);
        break;
    }
    if (count != NULL)
        *count = run.count;
    return stopped ? NQ_E_STOPPED : NQ_OK;
}
