/*
 * count_recount.c - one subproblem of a plan counted again by an engine
 * that shares no code with the plan's own, for `nqueens audit`: plain
 * bitboard backtracking, row by row, over the cells the subproblem fixes.
 *  - a join unit: its halves listed and paired apart from the join's
 *    code (count_recount_join.c); times the unit's weight;
 *  - a constellation: its border queens placed, the other rows free;
 *    times its weight;
 *  - the symmetric searches: the queen of row 0 in its column and, with
 *    every queen, the others of its orbit under the half or quarter turn,
 *    checked square by square (not by bit masks).
 * It is slower than the engines it checks (no table, no pruning by
 * constellations), which an audit of a small sample affords.
 */
#include <stdbool.h>
#include <string.h>

#include "count/count_plan.h"
#include "run/pool.h"

/* Completions of rows row..n-1 where row r may take the columns of
 * allowed[r]; cols, left and right the columns and diagonals taken. */
static uint64_t rows_below(int n, const uint64_t *allowed, int row,
                           uint64_t cols, uint64_t left, uint64_t right)
{
    if (row == n)
        return 1;
    uint64_t full = n == 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
    uint64_t open = allowed[row] & ~(cols | left | right) & full;
    if (row == n - 1) /* the last row: each open cell is a solution */
        return (uint64_t)__builtin_popcountll(open);
    uint64_t count = 0;
    while (open != 0) {
        uint64_t bit = open & -open;
        open ^= bit;
        count += rows_below(n, allowed, row + 1, cols | bit,
                            ((left | bit) << 1) & full, (right | bit) >> 1);
    }
    return count;
}

/* The squares a symmetric search has taken. */
struct orbit_board {
    int n;
    int col[NQ_MAX_N]; /* by row; -1: empty */
    bool col_used[NQ_MAX_N];
    bool sum_used[2 * NQ_MAX_N];
    bool diff_used[2 * NQ_MAX_N];
};

/* The orbit of (r, c) under `turns` quarter turns (1: 4 squares, 2: 2). */
static int orbit(int n, int turns, int r, int c, int rows[4], int cols[4])
{
    int len = 0;
    for (int i = 0; i < 4; i += turns) {
        rows[len] = r;
        cols[len] = c;
        len++;
        for (int t = 0; t < turns; t++) {
            int nr = c, nc = n - 1 - r; /* a quarter turn */
            r = nr;
            c = nc;
        }
    }
    return len;
}

/* Places the queens of an orbit; false (and nothing placed) where one of
 * them attacks another queen or a row holds another queen. */
static bool place(struct orbit_board *b, const int *rows, const int *cols,
                  int len, bool *placed)
{
    int n = b->n;
    int done = 0;
    bool ok = true;
    for (int i = 0; i < len && ok; i++) {
        int r = rows[i], c = cols[i];
        placed[i] = false;
        if (b->col[r] == c) {
            continue; /* the same square again: the orbit maps onto it */
        }
        if (b->col[r] >= 0 || b->col_used[c] || b->sum_used[r + c] ||
            b->diff_used[r - c + n]) {
            ok = false;
            break;
        }
        b->col[r] = c;
        b->col_used[c] = b->sum_used[r + c] = b->diff_used[r - c + n] = true;
        placed[i] = true;
        done = i + 1;
    }
    if (!ok) {
        for (int i = 0; i < done; i++) {
            if (!placed[i])
                continue;
            int r = rows[i], c = cols[i];
            b->col[r] = -1;
            b->col_used[c] = b->sum_used[r + c] = b->diff_used[r - c + n] =
                false;
        }
    }
    return ok;
}

static void unplace(struct orbit_board *b, const int *rows, const int *cols,
                    int len, const bool *placed)
{
    for (int i = 0; i < len; i++) {
        if (!placed[i])
            continue;
        int r = rows[i], c = cols[i];
        b->col[r] = -1;
        b->col_used[c] = b->sum_used[r + c] = b->diff_used[r - c + b->n] =
            false;
    }
}

/* The solutions that complete the board, every queen with its orbit. */
static uint64_t orbit_search(struct orbit_board *b, int turns)
{
    int row = 0;
    while (row < b->n && b->col[row] >= 0)
        row++;
    if (row == b->n)
        return 1;
    uint64_t count = 0;
    for (int c = 0; c < b->n; c++) {
        int rows[4], cols[4];
        bool placed[4];
        int len = orbit(b->n, turns, row, c, rows, cols);
        if (!place(b, rows, cols, len, placed))
            continue;
        count += orbit_search(b, turns);
        unplace(b, rows, cols, len, placed);
    }
    return count;
}

/* Solutions unchanged by `turns` quarter turns with the queen of row 0
 * in column `col`. */
static uint64_t symmetric(int n, int turns, int col)
{
    struct orbit_board b;
    memset(&b, 0, sizeof b);
    b.n = n;
    for (int r = 0; r < n; r++)
        b.col[r] = -1;
    int rows[4], cols[4];
    bool placed[4];
    int len = orbit(n, turns, 0, col, rows, cols);
    if (!place(&b, rows, cols, len, placed))
        return 0;
    return orbit_search(&b, turns);
}

int nq_plan_recount(const nq_plan *plan, uint64_t id, nq_subcount *out)
{
    if (plan == NULL || out == NULL || id >= nq_plan_size(plan))
        return NQ_E_INVAL;
    int n = plan->n;
    nq_subcount sub = {0, 0, 0};
    uint64_t index, count = 0, weight = 1;
    switch (nq__plan_kind(plan, id, &index)) {
    case NQ_SUB_SYM180:
        sub.sym180 = symmetric(n, 2, (int)index);
        break;
    case NQ_SUB_SYM90:
        sub.sym90 = symmetric(n, 1, (int)index);
        break;
    case NQ_SUB_CONSTELLATION: {
        uint64_t full = n == 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
        uint64_t allowed[NQ_MAX_N] = {0};
        int cols[NQ_MAX_N];
        nq__constellation_cells(n, &plan->cons[index], cols);
        for (int r = 0; r < n; r++)
            allowed[r] = cols[r] >= 0 ? (uint64_t)1 << cols[r] : full;
        count = rows_below(n, allowed, 0, 0, 0, 0);
        weight = plan->cons[index].weight;
        break;
    }
    case NQ_SUB_JOIN: {
        const struct nq__join_unit *u = &plan->units[index];
        int status = nq__recount_join_unit(n, u->top, u->middle, &count);
        if (status != 0)
            return status;
        weight = u->weight;
        break;
    }
    }
    if (__builtin_mul_overflow(count, weight, &sub.total))
        return NQ_E_OVERFLOW;
    *out = sub;
    return 0;
}

/* ---- many ids on the pool ------------------------------------------ */

struct recount_run {
    const nq_plan *plan;
    const uint64_t *ids;
    nq_subproblem_fn done;
    void *user;
};

static int recount_work(void *ctx, int worker, size_t index, void *result)
{
    (void)worker;
    struct recount_run *run = ctx;
    return nq_plan_recount(run->plan, run->ids[index], result);
}

static int recount_done(void *ctx, size_t index, const void *result)
{
    struct recount_run *run = ctx;
    if (run->done == NULL)
        return 0;
    return run->done(run->ids[index], result, run->user) != 0 ? NQ_E_STOPPED
                                                              : 0;
}

int nq_plan_recount_ids(const nq_plan *plan, const uint64_t *ids, size_t nids,
                        int threads, nq_subproblem_fn done, void *user)
{
    if (plan == NULL || (ids == NULL && nids > 0) || threads < 0)
        return NQ_E_INVAL;
    for (size_t i = 0; i < nids; i++) {
        if (ids[i] >= nq_plan_size(plan))
            return NQ_E_INVAL;
    }
    struct recount_run run = {plan, ids, done, user};
    struct nq__pool_job job = {.count = nids,
                               .threads = threads,
                               .result_size = sizeof(nq_subcount),
                               .work = recount_work,
                               .done = recount_done,
                               .ctx = &run};
    return nq__pool_run(&job);
}
