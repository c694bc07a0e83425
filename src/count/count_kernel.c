/*
 * count_kernel.c - the counter's hot loop: iterative depth-first search over
 * the free rows with three bit masks per level (columns taken, diagonals
 * running down-right, diagonals running down-left). Queens pre-placed by
 * the constellation enter as precomputed masks, so the loop has one shape
 * for every constellation and never visits their rows.
 */
#include <stddef.h>

#include "common/bits.h"
#include "count/count_kernel.h"

uint64_t nq__kernel_count(const struct nq__kernel_setup *s)
{
    if (s->levels == 0)
        return 1; /* the border queens are the whole solution */

    /* Per level, from the queens placed at the levels above it (the border
     * queens are in forbid): the columns taken (cols), the diagonals
     * running down-right (right) and down-left (left) that reach its row,
     * and the squares still to try (todo). A square is free when its bit is
     * clear in all of cols | right | left | forbid. */
    uint64_t cols[NQ_MAX_N], right[NQ_MAX_N], left[NQ_MAX_N], todo[NQ_MAX_N];
    cols[0] = 0;
    right[0] = 0;
    left[0] = 0;
    todo[0] = ~s->forbid[0];
    /* Level indices as size_t: no sign extension in the loop. */
    const size_t last = (size_t)s->levels - 1;
    if (last == 0) /* cppcheck takes ~x for never 0 */
        // cppcheck-suppress knownConditionTrueFalse
        return todo[0] != 0;

    uint64_t count = 0;
    size_t i = 0;
    for (;;) {
        uint64_t avail = todo[i];
        if (avail == 0) {
            if (i == 0)
                break;
            i--;
            continue;
        }
        uint64_t bit = nq__lowest_bit(avail); /* lowest free square */
        todo[i] = avail ^ bit;
        size_t j = i + 1;
        /* The diagonals move one column per row, s->gap[j] rows down. */
        uint64_t c = cols[i] | bit;
        uint64_t r = (right[i] | bit) << s->gap[j];
        uint64_t l = (left[i] | bit) >> s->gap[j];
        uint64_t next = ~(c | r | l | s->forbid[j]);
        if (j == last) {
            /* One column is left for the last free row: it fits or not.
             * The count grows by one per solution, so it cannot wrap in
             * less than 2^64 steps (centuries). */
            count += next != 0;
            continue;
        }
        // cppcheck-suppress knownConditionTrueFalse ; ~x can be 0
        if (next != 0) {
            cols[j] = c;
            right[j] = r;
            left[j] = l;
            todo[j] = next;
            i = j;
        }
    }
    return count;
}
