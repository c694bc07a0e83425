/*
 * count_join_bins.h - the bins that the cut into passes packs keys into
 * (count_join_passes.c): each bin's room left, searched for the first
 * that fits in a tree of maxima, and for each pattern the bins that hold
 * it. So a key is placed by looking at the bins it shares a pattern with
 * and at the first bin it fits whole, not at every bin (n = 23 cuts into
 * thousands of passes from tens of thousands of keys).
 */
#ifndef NQ_COUNT_JOIN_BINS_H
#define NQ_COUNT_JOIN_BINS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nq__join_bins {
    size_t count;       /* bins open: 0 .. count - 1 */
    size_t leaves;      /* a power of two, at least the most bins */
    uint64_t *bytes;    /* tree: [1 .. 2 leaves): the most bytes left */
    uint64_t *tops;     /* the same for the tops left */
    int32_t *head;      /* [pattern]: its first holder node, or -1 */
    int32_t *next;      /* [node]: the next holder of the same pattern */
    uint32_t *bin;      /* [node]: the bin that holds the pattern */
    size_t nodes, most; /* nodes used, room for */
};

/* nq__join_bins_init() : no bins open, room for `most_bins` of them,
 * `patterns` patterns and `most_holds` patterns held in all. Returns 0 or
 * NQ_E_NOMEM. */
int nq__join_bins_init(struct nq__join_bins *b, size_t most_bins,
                       size_t patterns, size_t most_holds);
void nq__join_bins_free(struct nq__join_bins *b);

/* nq__join_bins_open() : opens the next bin with `bytes` and `tops` of
 * room; returns its number. */
size_t nq__join_bins_open(struct nq__join_bins *b, uint64_t bytes,
                          uint64_t tops);

/* nq__join_bins_take() : bin `bin` has `bytes` and `tops` less room. */
void nq__join_bins_take(struct nq__join_bins *b, size_t bin, uint64_t bytes,
                        uint64_t tops);

/* nq__join_bins_first_fit() : the first open bin with at least `bytes`
 * and `tops` of room left, or b->count where none has. */
size_t nq__join_bins_first_fit(const struct nq__join_bins *b, uint64_t bytes,
                               uint64_t tops);

/* nq__join_bins_hold() : bin `bin` holds `pattern` (once; the caller
 * checks nq__join_bins_holds() first). */
void nq__join_bins_hold(struct nq__join_bins *b, size_t bin, uint32_t pattern);

/* nq__join_bins_holds() : whether bin `bin` holds `pattern`. */
bool nq__join_bins_holds(const struct nq__join_bins *b, size_t bin,
                         uint32_t pattern);

#endif /* NQ_COUNT_JOIN_BINS_H */
