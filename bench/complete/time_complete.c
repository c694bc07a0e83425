/*
 * time_complete.c - times the answers of the completion engine on the
 * instances that gen.c writes (one a line on standard input):
 *
 *   time_complete ROW_NODES LEX_NODES < instances     (0: skip that one)
 *
 * For each instance it prints one line:
 *   N K ANSWER FAST_WALL FAST_CPU ROW_S ROW LEX_S LEX
 *  ANSWER     "complete" or "refute": the answer of the fewest-free-cells
 *             search (nq_complete_first, NQ_COMPLETE_FEWEST_FREE), which
 *             decides whether a completion exists
 *  FAST_WALL  its wall-clock seconds; FAST_CPU its CPU seconds (the
 *             machine is shared: CPU time is the steadier figure)
 *  ROW_S      the baseline: the same engine and pruning, but branching on
 *             the rows in order (the lexicographic search), stopped at the
 *             first completion or after ROW_NODES nodes; ROW says how it
 *             ended: "complete", "refute" or "budget"
 *  LEX_S      the default output of `nqueens complete`: the
 *             lexicographically first completion with a budget of
 *             LEX_NODES nodes (the tool's default is 20000000); LEX is
 *             "lex", "refute" or "budget" (the tool then prints the fast
 *             answer)
 * Before a line is printed every completion is checked (valid, keeps the
 * given queens) and every search that finished must agree with ANSWER.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "complete/complete_search.h"
#include "nqueens.h"

static double clock_seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double now(void)
{
    return clock_seconds(CLOCK_MONOTONIC);
}

static double cpu_now(void)
{
    return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

/* The baseline: rows in order. Returns "complete", "refute", "budget". */
static const char *row_order(int n, const int *given, uint64_t nodes, int *cols)
{
    struct cs_node root;
    nq__cs_root(n, given, NULL, &root);
    struct cs_run run = {.n = n,
                         .policy = CS_LEXICOGRAPHIC,
                         .stop_after = 1,
                         .node_limit = nodes};
    memcpy(run.cols, given, sizeof(int) * (size_t)n);
    nq__cs_search(&run, &root);
    memcpy(cols, run.cols, sizeof(int) * (size_t)n);
    return run.limited ? "budget" : run.count > 0 ? "complete" : "refute";
}

/* Valid solution that keeps the given queens? */
static int check(int n, const int *given, const int *cols)
{
    for (int a = 0; a < n; a++) {
        if (cols[a] < 0 || cols[a] >= n)
            return 0;
        if (given[a] >= 0 && given[a] != cols[a])
            return 0;
        for (int b = a + 1; b < n; b++) {
            if (cols[a] == cols[b] || abs(cols[a] - cols[b]) == b - a)
                return 0;
        }
    }
    return 1;
}

/* Parses "N K r:c,r:c,..." ("-" for none). Returns 1 on success. */
static int parse(char *line, int *n, int *k, int *given)
{
    char *list = NULL;
    *n = (int)strtol(line, &list, 10);
    *k = (int)strtol(list, &list, 10);
    if (*n < 1 || *n > NQ_MAX_N)
        return 0;
    for (int r = 0; r < *n; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
    while (*list == ' ')
        list++;
    if (*list == '-')
        return 1;
    while (*list != '\0' && *list != '\n') {
        int r = (int)strtol(list, &list, 10);
        if (*list++ != ':')
            return 0;
        int c = (int)strtol(list, &list, 10);
        if (r < 1 || r > *n || c < 1 || c > *n)
            return 0;
        given[r - 1] = c - 1;
        if (*list == ',')
            list++;
    }
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: time_complete ROW_NODES LEX_NODES\n");
        return 2;
    }
    uint64_t row_nodes = strtoull(argv[1], NULL, 10);
    uint64_t lex_nodes = strtoull(argv[2], NULL, 10);
    char line[4096];
    while (fgets(line, sizeof line, stdin) != NULL) {
        int n, k, given[NQ_MAX_N], fast[NQ_MAX_N], row[NQ_MAX_N];
        int lex[NQ_MAX_N];
        if (!parse(line, &n, &k, given)) {
            fprintf(stderr, "time_complete: bad line: %s", line);
            return 2;
        }
        double w0 = now(), c0 = cpu_now();
        int rc_fast =
            nq_complete_first(n, given, NQ_COMPLETE_FEWEST_FREE, NULL, fast);
        double c1 = cpu_now(), w1 = now();
        if (rc_fast != NQ_OK && rc_fast != NQ_E_NOSOLUTION) {
            fprintf(stderr, "time_complete: %s on: %s", nq_strerror(rc_fast),
                    line);
            return 1;
        }
        const char *answer = rc_fast == NQ_OK ? "complete" : "refute";
        bool wrong = rc_fast == NQ_OK && !check(n, given, fast);

        const char *row_end = "-";
        double w2 = now();
        if (row_nodes != 0) {
            row_end = row_order(n, given, row_nodes, row);
            if (strcmp(row_end, "budget") != 0 && strcmp(row_end, answer) != 0)
                wrong = true;
            if (strcmp(row_end, "complete") == 0 && !check(n, given, row))
                wrong = true;
        }
        double w3 = now();

        const char *lex_end = "-";
        if (lex_nodes != 0) {
            nq_complete_options options;
            nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
            options.node_limit = lex_nodes;
            int rc = nq_complete_first(n, given, NQ_COMPLETE_LEXICOGRAPHIC,
                                       &options, lex);
            lex_end = rc == NQ_OK             ? "lex"
                      : rc == NQ_E_NOSOLUTION ? "refute"
                                              : "budget";
            if (rc == NQ_OK && (rc_fast != NQ_OK || !check(n, given, lex)))
                wrong = true;
            if (rc == NQ_E_NOSOLUTION && rc_fast != NQ_E_NOSOLUTION)
                wrong = true;
            /* The row-order search meets the lexicographically first
             * completion first: both must be the same. */
            if (rc == NQ_OK && strcmp(row_end, "complete") == 0 &&
                memcmp(lex, row, sizeof(int) * (size_t)n) != 0)
                wrong = true;
        }
        double w4 = now();
        if (wrong) {
            fprintf(stderr, "time_complete: WRONG ANSWER on: %s", line);
            return 1;
        }
        printf("%d %d %s %.6f %.6f %.6f %s %.6f %s\n", n, k, answer, w1 - w0,
               c1 - c0, w3 - w2, row_end, w4 - w3, lex_end);
        fflush(stdout);
    }
    return 0;
}
