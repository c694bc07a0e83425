/*
 * testutil.c - the published counts, read from the data file, and an
 * independent O(n^2) placement checker.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "testutil.h"

struct oeis_row oeis_counts(int n)
{
    struct oeis_row row = {0};
    FILE *f = fopen(NQ_TEST_DATA "/oeis-counts.tsv", "r");
    if (f == NULL)
        fail_msg("cannot open %s", NQ_TEST_DATA "/oeis-counts.tsv");
    char line[512];
    bool found = false;
    while (!found && fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || line[0] == 'n')
            continue;
        /* Our own data file: sscanf's silence on overflow cannot bite. */
        // NOLINTNEXTLINE(cert-err34-c)
        if (sscanf(line, "%d %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64,
                   &row.n, &row.total, &row.unique, &row.sym180,
                   &row.sym90) == 5 &&
            row.n == n)
            found = true;
    }
    fclose(f);
    if (!found)
        fail_msg("no published counts for n = %d", n);
    return row;
}

bool test_is_solution(const int *cols, int n)
{
    for (int a = 0; a < n; a++) {
        if (cols[a] < 0 || cols[a] >= n)
            return false;
        for (int b = a + 1; b < n; b++) {
            if (cols[a] == cols[b] || abs(cols[a] - cols[b]) == b - a)
                return false;
        }
    }
    return true;
}

int test_compare(const int *a, const int *b, int n)
{
    for (int i = 0; i < n; i++) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}
