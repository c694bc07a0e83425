/*
 * find_search.c - the first solution in lexicographic order, by bitboard
 * backtracking on an explicit stack, for n up to 64.
 *
 * Columns are bits: bit c of a mask is column c, and the lowest free bit is
 * tried first, so solutions come in lexicographic order and the first one
 * found is the lexicographically smallest. The search for it grows quickly
 * with n for some sizes, so a progress callback can cancel it.
 */
#include <string.h>

#include "nqueens.h"

/* Placements between two progress calls. */
#define SEARCH_PROGRESS_EVERY 65536u

/* What the rows above a row leave for it. */
struct search_frame {
    uint64_t cols;  /* columns taken by queens above */
    uint64_t diag;  /* squares of this row on a "\" diagonal of a queen above */
    uint64_t anti;  /* squares of this row on a "/" diagonal of a queen above */
    uint64_t free_; /* columns of this row not yet tried and not attacked */
};

int nq_first_solution(int n, int *cols, nq_progress_fn progress, void *user)
{
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if (cols == NULL)
        return NQ_E_INVAL;
    const uint64_t full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    struct search_frame stack[NQ_MAX_N];
    uint64_t placements = 0;
    int row = 0;
    stack[0] = (struct search_frame){0, 0, 0, full};
    for (;;) {
        struct search_frame *f = &stack[row];
        if (f->free_ == 0) {
            if (row == 0)
                return NQ_E_NOSOLUTION;
            row--;
            continue;
        }
        uint64_t bit = f->free_ & (~f->free_ + 1); /* the lowest column */
        f->free_ ^= bit;
        cols[row] = __builtin_ctzll(bit);
        if (++placements % SEARCH_PROGRESS_EVERY == 0 && progress != NULL &&
            progress(placements, 0, 0, user) != 0)
            return NQ_E_STOPPED;
        if (row == n - 1)
            return 0;
        /* A "\" diagonal moves one column right per row down, a "/" one
         * column left; bits pushed past column n-1 fall off with `full`. */
        struct search_frame *next = &stack[row + 1];
        next->cols = f->cols | bit;
        next->diag = ((f->diag | bit) << 1) & full;
        next->anti = (f->anti | bit) >> 1;
        next->free_ = full & ~(next->cols | next->diag | next->anti);
        row++;
    }
}
