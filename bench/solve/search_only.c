/*
 * search_only.c - the baselines of the solve benchmark: the same ordered
 * enumeration as `nqueens solve` with a callback that only counts (what
 * the search alone costs), or the textbook algorithm with that callback.
 *   search_only N THREADS          nq_solve, THREADS search threads
 *   search_only N classic          nq_classic_solve (arrays), one thread
 * Prints the number of solutions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

static int count_one(const int *cols, int n, void *user)
{
    (void)cols;
    (void)n;
    ++*(unsigned long long *)user;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: search_only N THREADS|classic\n");
        return 2;
    }
    int n = atoi(argv[1]);
    unsigned long long count = 0;
    int rc;
    if (strcmp(argv[2], "classic") == 0) {
        rc = nq_classic_solve(NQ_CLASSIC_ARRAYS, n, count_one, &count, NULL);
    } else {
        nq_solve_options options;
        nq_solve_options_init(&options, NQ_SOLVE_OPTIONS_VERSION);
        options.threads = atoi(argv[2]);
        rc = nq_solve(n, &options, count_one, &count);
    }
    if (rc != NQ_OK) {
        fprintf(stderr, "search_only: %s\n", nq_strerror(rc));
        return 1;
    }
    printf("%llu\n", count);
    return 0;
}
