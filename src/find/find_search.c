/*
 * find_search.c - the first solution in lexicographic order, by the
 * library's bitboard backtracking (common/kernel), for n up to 64.
 *
 * The kernel tries the lowest free column first, so solutions come in
 * lexicographic order and the first one found is the lexicographically
 * smallest. The search for it grows quickly with n for some sizes, so the
 * kernel pauses every SEARCH_PROGRESS_EVERY queens placed and a progress
 * callback can cancel it.
 */
#include <string.h>

#include "common/kernel.h"
#include "nqueens.h"

/* Placements between two progress calls. */
#define SEARCH_PROGRESS_EVERY 65536u

int nq_first_solution(int n, int *cols, nq_progress_fn progress, void *user)
{
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    if (cols == NULL)
        return NQ_E_INVAL;
    struct kernel k;
    int rc = nq__kernel_start(&k, n, NULL, 0, n, ~(uint64_t)0);
    if (rc != NQ_OK)
        return rc;
    uint64_t placements = 0;
    for (;;) {
        /* The next multiple of SEARCH_PROGRESS_EVERY: the kernel pauses
         * once it has placed that many queens in all. */
        uint64_t limit =
            (placements / SEARCH_PROGRESS_EVERY + 1) * SEARCH_PROGRESS_EVERY;
        enum kernel_stop stop = nq__kernel_next_counted(&k, &placements, limit);
        if (stop == KERNEL_EXHAUSTED)
            return NQ_E_NOSOLUTION;
        /* A pause, or a solution on the very placement that completes a
         * round: progress hears of it first. */
        if ((stop == KERNEL_PAUSED ||
             placements % SEARCH_PROGRESS_EVERY == 0) &&
            progress != NULL && progress(placements, 0, 0, user) != 0)
            return NQ_E_STOPPED;
        if (stop == KERNEL_FOUND) {
            memcpy(cols, k.cols, sizeof(int) * (size_t)n);
            return NQ_OK;
        }
    }
}
