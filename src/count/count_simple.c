/*
 * count_simple.c - the two simplest fast counters, kept apart from the full
 * engine so that `nqueens bench` can show what each idea buys:
 *
 *  bitboard  the textbook's search tree, but the three boolean arrays
 *            become three bit masks and "which columns are free in this
 *            row" is one expression instead of a loop of tests;
 *  mirror    the same, with the first queen only in the left half of the
 *            first row: a solution's mirror image is a solution, so the
 *            left half's count doubled is the total (the middle column of
 *            an odd board is its own mirror and is searched in full).
 *
 * Both report nodes: queens placed, the same unit as nq_trace()'s place
 * events, so the bench compares like with like.
 */
#define NQ_EXPERIMENTAL /* nq_count_bitboard*(): part 5 of nqueens.h */
#include <string.h>

#include "common/bits.h"
#include "nqueens.h"

struct bitboard_run {
    uint64_t all;   /* the n low bits: the columns of the board */
    uint64_t total; /* solutions found */
    uint64_t nodes; /* queens placed */
};

/* One row. `cols`: columns holding a queen; `left`/`right`: squares of
 * this row attacked along the `/` and `\` diagonals by the queens above
 * (shifted by one column per row as they go down). */
static void bitboard_row(struct bitboard_run *run, uint64_t cols, uint64_t left,
                         uint64_t right)
{
    if (cols == run->all) {
        run->total++;
        return;
    }
    uint64_t free_squares = run->all & ~(cols | left | right);
    while (free_squares != 0) {
        uint64_t bit = nq__lowest_bit(free_squares); /* lowest free */
        free_squares ^= bit;
        run->nodes++;
        bitboard_row(run, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
}

static uint64_t bitboard_all(int n)
{
    return n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* Validates n and zeroes the outputs; returns 0 or NQ_E_RANGE. */
static int bitboard_start(int n, uint64_t *total, uint64_t *nodes)
{
    if (total != NULL)
        *total = 0;
    if (nodes != NULL)
        *nodes = 0;
    return n < 1 || n > NQ_MAX_N ? NQ_E_RANGE : NQ_OK;
}

static void bitboard_finish(const struct bitboard_run *run, uint64_t *total,
                            uint64_t *nodes)
{
    if (total != NULL)
        *total = run->total;
    if (nodes != NULL)
        *nodes = run->nodes;
}

int nq_count_bitboard(int n, uint64_t *total, uint64_t *nodes)
{
    int rc = bitboard_start(n, total, nodes);
    if (rc != NQ_OK)
        return rc;
    struct bitboard_run run = {.all = bitboard_all(n)};
    bitboard_row(&run, 0, 0, 0);
    bitboard_finish(&run, total, nodes);
    return NQ_OK;
}

int nq_count_bitboard_mirror(int n, uint64_t *total, uint64_t *nodes)
{
    int rc = bitboard_start(n, total, nodes);
    if (rc != NQ_OK)
        return rc;
    struct bitboard_run run = {.all = bitboard_all(n)};
    /* The first row's left half, each solution standing for two. */
    for (int col = 0; col < n / 2; col++) {
        uint64_t bit = (uint64_t)1 << col;
        run.nodes++;
        bitboard_row(&run, bit, bit << 1, bit >> 1);
    }
    run.total *= 2;
    /* The middle column of an odd board mirrors onto itself. */
    if (n % 2 == 1) {
        uint64_t bit = (uint64_t)1 << (n / 2);
        run.nodes++;
        bitboard_row(&run, bit, bit << 1, bit >> 1);
    }
    bitboard_finish(&run, total, nodes);
    return NQ_OK;
}
