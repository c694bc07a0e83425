/*
 * complete_search.c - the completion engine: depth-first search over the
 * free rows of a board on which some queens are given.
 *
 * A node keeps avail[i], the free cells of each free row. Placing a queen
 * clears its column and its two diagonals from every other free row, so a
 * node never looks at the queens above it again. Before branching, a node
 * is examined in one pass over its rows (forward checking):
 *  - a free row without a free cell, or a free column that no free row can
 *    take, ends the branch: every row and every column needs a queen;
 *  - a row with one free cell, or a column that only one row can take, is
 *    filled at once: every completion below has that queen there, so this
 *    loses nothing, neither for counting nor for the order of the output;
 *  - otherwise the node branches on one row, trying its columns in
 *    ascending order: the uppermost free row (completions then come in
 *    lexicographic order) or the row with the fewest free cells (much
 *    smaller trees on hard instances).
 */
#include "complete/complete_search.h"
#include "common/bits.h"

/* How often the search looks at the cancel flag, in nodes (a power of 2). */
#define CS_POLL_INTERVAL 4096u

/* Bit k of a 128-bit diagonal set (two words, k < 128). */
static bool cs_diagonal_bit(const uint64_t set[2], int k)
{
    return (set[k >> 6] >> (k & 63)) & 1;
}

/* The cells of row r that `x` rules out: its blocked squares and the
 * squares of row r on an excluded diagonal. Runs once per row at the
 * root, so a plain loop over the columns does. */
static uint64_t cs_excluded_cells(int n, int r, const nq_complete_exclusions *x)
{
    uint64_t out = x->blocked[r];
    for (int c = 0; c < n; c++) {
        /* row + column, and row - column offset by n - 1 (0 .. 2n-2) */
        if (cs_diagonal_bit(x->sum, r + c) ||
            cs_diagonal_bit(x->diff, r - c + n - 1))
            out |= 1ull << c;
    }
    return out;
}

void nq__cs_root(int n, const int *given,
                 const nq_complete_exclusions *exclusions, struct cs_node *root)
{
    uint64_t full = n == 64 ? ~0ull : (1ull << n) - 1;
    root->nfree = 0;
    root->cols_free = full;
    for (int r = 0; r < n; r++) {
        if (given[r] >= 0) {
            root->cols_free &= ~(1ull << given[r]);
            continue;
        }
        uint64_t avail = full;
        for (int g = 0; g < n; g++) {
            if (given[g] < 0)
                continue;
            int d = g > r ? g - r : r - g;
            uint64_t bit = 1ull << given[g];
            avail &= ~(bit | bit << d | bit >> d);
        }
        if (exclusions != NULL)
            avail &= ~cs_excluded_cells(n, r, exclusions);
        root->row[root->nfree] = (uint8_t)r;
        root->avail[root->nfree] = avail;
        root->nfree++;
    }
}

void nq__cs_place(const struct cs_node *from, int i, int c, struct cs_node *to)
{
    int r = from->row[i];
    int nfree = from->nfree;
    uint64_t bit = 1ull << c;
    int k = 0;
    /* k <= j throughout, so writing to[k] never clobbers an unread
     * from[j] when to == from. */
    for (int j = 0; j < nfree; j++) {
        if (j == i)
            continue;
        int s = from->row[j];
        int d = s > r ? s - r : r - s; /* 1..63: rows differ */
        to->row[k] = (uint8_t)s;
        to->avail[k] = from->avail[j] & ~(bit | bit << d | bit >> d);
        k++;
    }
    to->cols_free = from->cols_free & ~bit;
    to->nfree = k;
}

/* What cs_examine() finds in a node. */
enum cs_verdict {
    CS_DEAD,   /* some row or column has no free cell left */
    CS_FORCED, /* *pick, *col: a queen that every completion has */
    CS_BRANCH  /* *pick: the row to branch on */
};

static enum cs_verdict cs_examine(const struct cs_node *node,
                                  enum cs_policy policy, int *pick, int *col)
{
    uint64_t once = 0;  /* columns that at least one free row can take */
    uint64_t twice = 0; /* columns that at least two free rows can take */
    int fewest = 0;
    int fewest_cells = NQ_MAX_N + 1;
    for (int j = 0; j < node->nfree; j++) {
        uint64_t a = node->avail[j];
        if (a == 0)
            return CS_DEAD;
        if (nq__clear_lowest(a) == 0) { /* one cell: forced */
            *pick = j;
            *col = nq__bit_index(a);
            return CS_FORCED;
        }
        twice |= once & a;
        once |= a;
        if (policy == CS_FEWEST_FREE) {
            int cells = __builtin_popcountll(a);
            if (cells < fewest_cells) {
                fewest_cells = cells;
                fewest = j;
            }
        }
    }
    if ((node->cols_free & ~once) != 0)
        return CS_DEAD;
    uint64_t single = node->cols_free & ~twice;
    if (single != 0) { /* a column only one row can take */
        int c = nq__bit_index(single);
        for (int j = 0; j < node->nfree; j++) {
            if ((node->avail[j] >> c) & 1) {
                *pick = j;
                *col = c;
                return CS_FORCED;
            }
        }
    }
    *pick = policy == CS_FEWEST_FREE ? fewest : 0;
    return CS_BRANCH;
}

/* Records one completion; returns 1 when the run must stop. */
static int cs_emit(struct cs_run *run)
{
    run->count++;
    if (run->fn != NULL && run->fn(run->cols, run->n, run->user) != 0)
        return 1;
    return run->stop_after != 0 && run->count >= run->stop_after;
}

/* Whether the run is asked to stop: polled every CS_POLL_INTERVAL nodes,
 * so that a search that meets no completion for a long while (when fn is
 * never called) can still be stopped. */
static bool cs_stop(struct cs_run *run)
{
    if (run->cancel != NULL &&
        atomic_load_explicit(run->cancel, memory_order_relaxed))
        return true;
    return run->progress != NULL &&
           run->progress(run->nodes, 0, run->count, run->progress_user) != 0;
}

static int cs_descend(struct cs_run *run, struct cs_node *node, int depth)
{
    int pick = 0;
    int col = 0;
    for (;;) {
        if (node->nfree == 0)
            return cs_emit(run);
        if ((++run->nodes & (CS_POLL_INTERVAL - 1)) == 0 && cs_stop(run))
            return 1;
        if (run->node_limit != 0 && run->nodes >= run->node_limit) {
            run->limited = true;
            return 1;
        }
        enum cs_verdict v = cs_examine(node, run->policy, &pick, &col);
        if (v == CS_DEAD)
            return 0;
        if (v == CS_BRANCH)
            break;
        run->cols[node->row[pick]] = col;
        nq__cs_place(node, pick, col, node);
    }
    if (depth == run->split_depth && run->split != NULL)
        return run->split(node, run->split_user) != 0;

    int r = node->row[pick];
    uint64_t choices = node->avail[pick];
    struct cs_node child;
    while (choices != 0) {
        int c = nq__bit_index(choices);
        choices = nq__clear_lowest(choices);
        run->cols[r] = c;
        nq__cs_place(node, pick, c, &child);
        if (cs_descend(run, &child, depth + 1))
            return 1;
    }
    return 0;
}

int nq__cs_search(struct cs_run *run, const struct cs_node *node)
{
    struct cs_node top = *node;
    return cs_descend(run, &top, 0);
}
