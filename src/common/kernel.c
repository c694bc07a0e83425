/*
 * kernel.c - the bitboard backtracking hot loop (see kernel.h).
 *
 * A row is a 64-bit mask, bit c standing for column c. Going one row down,
 * a queen's down-right diagonal moves one column right (shift left) and its
 * down-left diagonal one column left (shift right); bits pushed past the
 * board's edge are cut off by the board mask or fall off the word. Taking
 * the lowest set bit first tries columns from left to right, which is what
 * makes the output lexicographic.
 */
#include "common/kernel.h"
#include "common/bits.h"

/* The n low bits set, for 1 <= n <= 64. */
static uint64_t board_mask(int n)
{
    return n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* The squares of row r attacked by fixed queens in rows 0..r-1. */
static void masks_from_prefix(struct kernel *k, int r)
{
    uint64_t columns = 0, down = 0, up = 0;
    for (int i = 0; i < r; i++) {
        int distance = r - i;
        uint64_t bit = (uint64_t)1 << k->cols[i];
        columns |= bit;
        if (distance < 64) {
            down |= bit << distance;
            up |= bit >> distance;
        }
    }
    k->columns[r] = columns;
    k->diag_down[r] = down;
    k->diag_up[r] = up;
    k->avail[r] = k->board & ~(columns | down | up);
}

int nq__kernel_start(struct kernel *k, int n, const int *prefix, int base,
                     int target, uint64_t first_row_columns)
{
    k->row = -1;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if (base < 0 || base > target || target > n)
        return NQ_E_INVAL;
    k->n = n;
    k->base = base;
    k->target = target;
    k->board = board_mask(n);
    for (int r = 0; r < base; r++) {
        if (prefix[r] < 0 || prefix[r] >= n)
            return NQ_E_INVAL;
        masks_from_prefix(k, r);
        if ((k->avail[r] & ((uint64_t)1 << prefix[r])) == 0)
            return NQ_E_INVAL;
        k->cols[r] = prefix[r];
    }
    masks_from_prefix(k, base);
    k->avail[base] &= first_row_columns;
    k->row = base;
    return NQ_OK;
}

/* The one loop behind nq__kernel_next() and nq__kernel_next_counted().
 * `counted` is a constant in each caller: always inlined, the loop of
 * nq__kernel_next() keeps no trace of the counting, and the one of
 * nq__kernel_next_counted() adds a compare and an increment per queen. */
static inline __attribute__((always_inline)) enum kernel_stop
kernel_advance(struct kernel *k, const bool counted, uint64_t *placed,
               uint64_t limit)
{
    int r = k->row;
    if (r < 0)
        return KERNEL_EXHAUSTED;
    if (k->target == k->base) {
        /* Nothing to place: the prefix itself is the one placement. */
        k->row = -1;
        return KERNEL_FOUND;
    }
    const int base = k->base;
    const int last = k->target - 1;
    const uint64_t board = k->board;
    while (r >= base) {
        if (counted && *placed >= limit) {
            k->row = r; /* every mask of rows base..r is up to date */
            return KERNEL_PAUSED;
        }
        uint64_t avail = k->avail[r];
        if (avail == 0) {
            r--; /* row r is exhausted: backtrack */
            continue;
        }
        uint64_t bit = nq__lowest_bit(avail); /* leftmost untried column */
        k->avail[r] = avail ^ bit;
        if (counted)
            ++*placed;
        if (r == last) {
            k->cols[r] = nq__bit_index(bit);
            k->row = r;
            return KERNEL_FOUND;
        }
        uint64_t columns = k->columns[r] | bit;
        uint64_t down = (k->diag_down[r] | bit) << 1;
        uint64_t up = (k->diag_up[r] | bit) >> 1;
        uint64_t next = board & ~(columns | down | up);
        if (next == 0)
            continue; /* row r+1 would have no square: try the next column */
        k->cols[r] = nq__bit_index(bit);
        r++;
        k->columns[r] = columns;
        k->diag_down[r] = down;
        k->diag_up[r] = up;
        k->avail[r] = next;
    }
    k->row = -1;
    return KERNEL_EXHAUSTED;
}

bool nq__kernel_next(struct kernel *k)
{
    /* Uncounted, it never pauses: found or exhausted, true or false. */
    return kernel_advance(k, false, NULL, 0) != KERNEL_EXHAUSTED;
}

enum kernel_stop nq__kernel_next_counted(struct kernel *k, uint64_t *placed,
                                         uint64_t limit)
{
    return kernel_advance(k, true, placed, limit);
}
