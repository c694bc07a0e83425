/*
 * count_join_bins.c - the bins of the cut into passes (count_join_bins.h).
 */
#include <stdlib.h>
#include <string.h>

#include "count/join/count_join_bins.h"
#include "nqueens.h"

int nq__join_bins_init(struct nq__join_bins *b, size_t most_bins,
                       size_t patterns, size_t most_holds)
{
    memset(b, 0, sizeof *b);
    b->leaves = 1;
    while (b->leaves < most_bins)
        b->leaves *= 2;
    /* Leaves of bins not open have no room, so no search finds them. */
    b->bytes = calloc(2 * b->leaves, sizeof *b->bytes);
    b->tops = calloc(2 * b->leaves, sizeof *b->tops);
    b->head = malloc((patterns + 1) * sizeof *b->head);
    b->next = malloc((most_holds + 1) * sizeof *b->next);
    b->bin = malloc((most_holds + 1) * sizeof *b->bin);
    if (b->bytes == NULL || b->tops == NULL || b->head == NULL ||
        b->next == NULL || b->bin == NULL) {
        nq__join_bins_free(b);
        return NQ_E_NOMEM;
    }
    for (size_t x = 0; x < patterns; x++)
        b->head[x] = -1;
    b->most = most_holds;
    return 0;
}

void nq__join_bins_free(struct nq__join_bins *b)
{
    free(b->bytes);
    free(b->tops);
    free(b->head);
    free(b->next);
    free(b->bin);
    memset(b, 0, sizeof *b);
}

static uint64_t larger(uint64_t x, uint64_t y)
{
    return x > y ? x : y;
}

/* Sets leaf `bin`'s room and the maxima above it. */
static void set_room(struct nq__join_bins *b, size_t bin, uint64_t bytes,
                     uint64_t tops)
{
    size_t at = b->leaves + bin;
    b->bytes[at] = bytes;
    b->tops[at] = tops;
    for (at /= 2; at >= 1; at /= 2) {
        b->bytes[at] = larger(b->bytes[2 * at], b->bytes[2 * at + 1]);
        b->tops[at] = larger(b->tops[2 * at], b->tops[2 * at + 1]);
    }
}

size_t nq__join_bins_open(struct nq__join_bins *b, uint64_t bytes,
                          uint64_t tops)
{
    size_t bin = b->count++;
    set_room(b, bin, bytes, tops);
    return bin;
}

void nq__join_bins_take(struct nq__join_bins *b, size_t bin, uint64_t bytes,
                        uint64_t tops)
{
    size_t at = b->leaves + bin;
    set_room(b, bin, b->bytes[at] - bytes, b->tops[at] - tops);
}

/* The first leaf under node `at` with the room asked for, or SIZE_MAX.
 * A subtree whose largest room of either kind is too small is skipped;
 * one that passes both may still hold no leaf that fits both at once, so
 * the search may go down both children. */
static size_t first_under(const struct nq__join_bins *b, size_t at,
                          uint64_t bytes, uint64_t tops)
{
    if (b->bytes[at] < bytes || b->tops[at] < tops)
        return SIZE_MAX;
    if (at >= b->leaves)
        return at - b->leaves;
    size_t left = first_under(b, 2 * at, bytes, tops);
    return left != SIZE_MAX ? left : first_under(b, 2 * at + 1, bytes, tops);
}

size_t nq__join_bins_first_fit(const struct nq__join_bins *b, uint64_t bytes,
                               uint64_t tops)
{
    size_t bin = b->count > 0 ? first_under(b, 1, bytes, tops) : SIZE_MAX;
    return bin < b->count ? bin : b->count;
}

void nq__join_bins_hold(struct nq__join_bins *b, size_t bin, uint32_t pattern)
{
    if (b->nodes >= b->most)
        return; /* never: the caller sized it for every pair */
    size_t v = b->nodes++;
    b->bin[v] = (uint32_t)bin;
    b->next[v] = b->head[pattern];
    b->head[pattern] = (int32_t)v;
}

bool nq__join_bins_holds(const struct nq__join_bins *b, size_t bin,
                         uint32_t pattern)
{
    for (int32_t v = b->head[pattern]; v >= 0; v = b->next[v]) {
        if (b->bin[v] == bin)
            return true;
    }
    return false;
}
