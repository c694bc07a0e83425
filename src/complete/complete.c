/*
 * complete.c - completing a board on which some queens are given: the
 * input checks (the given queens, and the blocked squares and excluded
 * diagonals of the options), the first completion (lexicographic or
 * fewest-free-cells order) and the stream of every completion in
 * lexicographic order. The search itself is in complete_search.c, the
 * threaded count in complete_count.c.
 */
#include <string.h>

#include "common/bits.h"
#include "common/options.h"
#include "complete/complete_search.h"
#include "nqueens.h"

int nq_complete_check(int n, const int *given, nq_complete_conflict *conflict)
{
    if (conflict != NULL)
        *conflict = (nq_complete_conflict){0, 0, NQ_COMPLETE_NO_ATTACK};
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if (given == NULL)
        return NQ_E_INVAL;
    for (int r = 0; r < n; r++) {
        if (given[r] < NQ_COMPLETE_FREE_ROW || given[r] >= n)
            return NQ_E_INVAL;
    }
    /* Row b outer, row a inner: the pair reported is the first in row
     * order, the order in which a reader of the board meets them. */
    for (int b = 1; b < n; b++) {
        if (given[b] < 0)
            continue;
        for (int a = 0; a < b; a++) {
            if (given[a] < 0)
                continue;
            nq_complete_attack kind = NQ_COMPLETE_NO_ATTACK;
            if (given[a] == given[b])
                kind = NQ_COMPLETE_SAME_COLUMN;
            else if (b - a == given[b] - given[a])
                kind = NQ_COMPLETE_SAME_DIAGONAL;
            else if (b - a == given[a] - given[b])
                kind = NQ_COMPLETE_SAME_ANTIDIAGONAL;
            if (kind != NQ_COMPLETE_NO_ATTACK) {
                if (conflict != NULL)
                    *conflict = (nq_complete_conflict){a, b, kind};
                return NQ_E_CONFLICT;
            }
        }
    }
    return NQ_OK;
}

/* True when `x` names only squares and diagonals of the n x n board. */
static bool complete_exclusions_fit(int n, const nq_complete_exclusions *x)
{
    uint64_t cols = n == 64 ? ~0ull : (1ull << n) - 1;
    for (int r = 0; r < NQ_MAX_N; r++) {
        uint64_t allowed = r < n ? cols : 0;
        if ((x->blocked[r] & ~allowed) != 0)
            return false;
    }
    /* Diagonals 0 .. 2n-2: 2n-1 bits of the 128. */
    int bits = 2 * n - 1;
    uint64_t low = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t high = bits > 64 ? (1ull << (bits - 64)) - 1 : 0;
    return (x->sum[0] & ~low) == 0 && (x->sum[1] & ~high) == 0 &&
           (x->diff[0] & ~low) == 0 && (x->diff[1] & ~high) == 0;
}

/* How a given queen at (r, c) stands on an excluded square, if it does. */
static nq_complete_attack
complete_excluded_kind(int n, int r, int c, const nq_complete_exclusions *x)
{
    int sum = r + c;
    int diff = r - c + n - 1;
    if ((x->blocked[r] >> c) & 1)
        return NQ_COMPLETE_ON_BLOCKED;
    if ((x->sum[sum >> 6] >> (sum & 63)) & 1)
        return NQ_COMPLETE_ON_EXCLUDED_SUM;
    if ((x->diff[diff >> 6] >> (diff & 63)) & 1)
        return NQ_COMPLETE_ON_EXCLUDED_DIFF;
    return NQ_COMPLETE_NO_ATTACK;
}

int nq_complete_check_options(int n, const int *given,
                              const nq_complete_options *options,
                              nq_complete_conflict *conflict)
{
    int rc = nq_complete_check(n, given, conflict);
    if (rc == NQ_E_RANGE || rc == NQ_E_INVAL)
        return rc;
    /* Options of an unknown version are refused as every call refuses
     * them: none of their fields can be trusted. */
    nq_complete_options o;
    if (nq__complete_options_read(options, &o) != NQ_OK) {
        if (conflict != NULL)
            *conflict = (nq_complete_conflict){0, 0, NQ_COMPLETE_NO_ATTACK};
        return NQ_E_INVAL;
    }
    const nq_complete_exclusions *x = o.exclusions;
    if (x == NULL)
        return rc;
    if (!complete_exclusions_fit(n, x)) {
        if (conflict != NULL)
            *conflict = (nq_complete_conflict){0, 0, NQ_COMPLETE_NO_ATTACK};
        return NQ_E_INVAL;
    }
    if (rc != NQ_OK)
        return rc; /* two given queens attack each other: named first */
    for (int r = 0; r < n; r++) {
        if (given[r] < 0)
            continue;
        nq_complete_attack kind = complete_excluded_kind(n, r, given[r], x);
        if (kind != NQ_COMPLETE_NO_ATTACK) {
            if (conflict != NULL)
                *conflict = (nq_complete_conflict){r, r, kind};
            return NQ_E_CONFLICT;
        }
    }
    return NQ_OK;
}

/* Work left for the searches of one call: a node budget shared by all of
 * the searches that nq_complete_first() makes. */
struct complete_budget {
    uint64_t limit; /* nodes allowed in all, 0: no limit */
    uint64_t used;  /* nodes spent so far */
    bool exceeded;  /* the limit stopped a search */
};

/* Searches below `node` for the first completion in the fewest-free-cells
 * order. `cols` holds the queens placed above the node; on success it
 * receives the completion. Returns true when one exists; false when none
 * does or the budget ran out (budget->exceeded then says which). */
static bool complete_exists(int n, const struct cs_node *node, int *cols,
                            struct complete_budget *budget)
{
    struct cs_run run = {.n = n, .policy = CS_FEWEST_FREE, .stop_after = 1};
    if (budget->limit != 0)
        run.node_limit = budget->limit - budget->used;
    memcpy(run.cols, cols, sizeof(int) * (size_t)n);
    nq__cs_search(&run, node);
    budget->used += run.nodes;
    if (run.limited) {
        budget->exceeded = true;
        return false;
    }
    if (run.count == 0)
        return false;
    memcpy(cols, run.cols, sizeof(int) * (size_t)n);
    return true;
}

/* The lexicographically first completion, found with the fast search as
 * an oracle. `best` always holds a completion that agrees with every row
 * fixed so far; going down the rows, only columns smaller than best's can
 * beat it, and each is either refuted or gives a smaller completion. So
 * the cost is one fast search per column tried, never a lexicographic
 * search through a hard subtree. Returns 0, NQ_E_NOSOLUTION or
 * NQ_E_TIMEOUT. */
static int complete_first_lex(int n, const int *given,
                              const nq_complete_exclusions *exclusions,
                              int *out, struct complete_budget *budget)
{
    struct cs_node node;
    int best[NQ_MAX_N];
    nq__cs_root(n, given, exclusions, &node);
    memcpy(best, given, sizeof(int) * (size_t)n);
    if (!complete_exists(n, &node, best, budget))
        return budget->exceeded ? NQ_E_TIMEOUT : NQ_E_NOSOLUTION;

    struct cs_node trial;
    int cols[NQ_MAX_N];
    while (node.nfree > 0) {
        /* The uppermost free row is row[0]: rows are kept ascending. */
        int r = node.row[0];
        uint64_t smaller = node.avail[0] & ((1ull << best[r]) - 1);
        while (smaller != 0) {
            int c = nq__bit_index(smaller);
            smaller = nq__clear_lowest(smaller);
            memcpy(cols, best, sizeof(int) * (size_t)n);
            cols[r] = c;
            nq__cs_place(&node, 0, c, &trial);
            if (complete_exists(n, &trial, cols, budget)) {
                memcpy(best, cols, sizeof(int) * (size_t)n);
                break;
            }
            if (budget->exceeded)
                return NQ_E_TIMEOUT;
        }
        nq__cs_place(&node, 0, best[r], &node);
    }
    memcpy(out, best, sizeof(int) * (size_t)n);
    return NQ_OK;
}

int nq_complete_first(int n, const int *given, nq_complete_order order,
                      const nq_complete_options *options, int *out)
{
    int rc = nq_complete_check_options(n, given, options, NULL);
    if (rc != NQ_OK)
        return rc;
    nq_complete_options o;
    if (out == NULL || nq__complete_options_read(options, &o) != NQ_OK)
        return NQ_E_INVAL;
    const nq_complete_exclusions *exclusions = o.exclusions;
    struct complete_budget budget = {.limit = o.node_limit};
    int cols[NQ_MAX_N];
    if (order == NQ_COMPLETE_LEXICOGRAPHIC) {
        rc = complete_first_lex(n, given, exclusions, cols, &budget);
    } else if (order == NQ_COMPLETE_FEWEST_FREE) {
        struct cs_node root;
        nq__cs_root(n, given, exclusions, &root);
        memcpy(cols, given, sizeof(int) * (size_t)n);
        rc = NQ_OK;
        if (!complete_exists(n, &root, cols, &budget))
            rc = budget.exceeded ? NQ_E_TIMEOUT : NQ_E_NOSOLUTION;
    } else {
        return NQ_E_INVAL;
    }
    if (rc == NQ_OK)
        memcpy(out, cols, sizeof(int) * (size_t)n);
    return rc;
}

int nq_complete_each(int n, const int *given, nq_solution_fn fn, void *user,
                     uint64_t *count)
{
    return nq_complete_each_options(n, given, NULL, fn, user, count);
}

int nq_complete_each_options(int n, const int *given,
                             const nq_complete_options *options,
                             nq_solution_fn fn, void *user, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    int rc = nq_complete_check_options(n, given, options, NULL);
    if (rc != NQ_OK)
        return rc;
    nq_complete_options o;
    if (nq__complete_options_read(options, &o) != NQ_OK)
        return NQ_E_INVAL;
    struct cs_node root;
    nq__cs_root(n, given, o.exclusions, &root);
    struct cs_run run = {.n = n,
                         .policy = CS_LEXICOGRAPHIC,
                         .fn = fn,
                         .user = user,
                         .progress = o.progress,
                         .progress_user = o.progress_user};
    memcpy(run.cols, given, sizeof(int) * (size_t)n);
    int stopped = nq__cs_search(&run, &root);
    if (count != NULL)
        *count = run.count;
    return stopped ? NQ_E_STOPPED : NQ_OK;
}
