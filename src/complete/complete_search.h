/*
 * complete_search.h - the completion engine shared by complete.c (first
 * completion, streaming) and complete_count.c (threaded count): a
 * backtracking search over bitboards that keeps, for every free row, the
 * cells still free in it, so that the given queens, projected once onto
 * every free row, cost nothing during the search.
 */
#ifndef NQ_COMPLETE_SEARCH_H
#define NQ_COMPLETE_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "nqueens.h"

/* One node of the search: the rows still without a queen and the cells
 * each of them can still take. Rows are kept in ascending order. */
struct cs_node {
    int nfree;                /* rows without a queen */
    uint64_t cols_free;       /* bit c: no queen stands in column c yet */
    uint8_t row[NQ_MAX_N];    /* row[i]: the i-th free row, ascending */
    uint64_t avail[NQ_MAX_N]; /* avail[i]: free cells of row row[i] */
};

/* Which free row the search branches on. */
enum cs_policy {
    CS_LEXICOGRAPHIC, /* the uppermost: completions come in lex order */
    CS_FEWEST_FREE    /* the one with the fewest free cells */
};

/* One run of the search. The caller fills the fields marked "in". */
struct cs_run {
    int n;                   /* in: board size */
    enum cs_policy policy;   /* in */
    nq_solution_fn fn;       /* in: called per completion; may be NULL */
    void *user;              /* in: handed to fn */
    uint64_t stop_after;     /* in: stop after this many completions, 0 never */
    atomic_bool *cancel;     /* in: may be NULL; polled, true stops the run */
    nq_progress_fn progress; /* in: may be NULL; called as cancel is polled
                                (nodes, 0, completions), non-zero stops */
    void *progress_user;     /* in: handed to progress */
    uint64_t node_limit;     /* in: stop after this many nodes, 0 never */
    int split_depth;         /* in: >0 hands nodes at this branching depth to
                                split instead of searching them */
    int (*split)(const struct cs_node *node, void *user); /* in */
    void *split_user;   /* in: handed to split */
    int cols[NQ_MAX_N]; /* in: given queens; out: the last completion */
    uint64_t count;     /* out: completions found */
    uint64_t nodes;     /* out: nodes visited */
    bool limited;       /* out: the node limit stopped the run */
};

/* Builds the root node of `given` (already checked by
 * nq_complete_check_options): every given queen's column and diagonals
 * removed from every free row, and so are the squares that `exclusions`
 * (may be NULL) rules out. */
void nq__cs_root(int n, const int *given,
                 const nq_complete_exclusions *exclusions,
                 struct cs_node *root);

/* Places a queen on free row index i (row node->row[i]), column c, and
 * writes the child node to `to`, which may be `from` itself. */
void nq__cs_place(const struct cs_node *from, int i, int c, struct cs_node *to);

/* Searches below `node` (the run's cols hold the queens placed above it).
 * Returns 0 when the subtree was searched to its end, 1 when the search
 * stopped: fn, split or stop_after asked for it, cancel was set, progress
 * asked for it, or the node limit was reached (run->limited then says
 * so). */
int nq__cs_search(struct cs_run *run, const struct cs_node *node);

#endif /* NQ_COMPLETE_SEARCH_H */
