/*
 * gen.c - seeded random instances for the completion benchmark: random
 * non-attacking placements of k queens on an n x n board.
 *
 *   gen SEED N COUNT      COUNT instances of size N, one a line:
 *                         N K ROW:COL,ROW:COL,...   (1-based)
 *
 * Half the instances take k uniformly from 1..n-1; the other half from
 * the window k* - sqrt(n) .. k* + sqrt(n) around k* = n - 2.3 sqrt(n),
 * where about half of the placements can be completed. A placement is
 * built queen by queen: a random free row, then a random cell of it that
 * no queen placed so far attacks. When every cell of the chosen row is
 * attacked the attempt starts over; if k cannot be reached in many
 * attempts k is lowered by one (large k jam random placements).
 * The generator is our own xorshift, so a seed gives the same instances on
 * every machine.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define GEN_MAX_N 64
#define GEN_ATTEMPTS 20000

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

/* A uniform integer in [0, bound). */
static int rng_below(int bound)
{
    return (int)(rng_next() % (uint64_t)bound);
}

/* Tries to place k queens; returns 1 and fills cols (-1: free) or 0. */
static int place(int n, int k, int *cols)
{
    int rows[GEN_MAX_N];
    for (int r = 0; r < n; r++) {
        cols[r] = -1;
        rows[r] = r;
    }
    /* A random order of the rows (Fisher-Yates); the first k get queens. */
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(i + 1);
        int t = rows[i];
        rows[i] = rows[j];
        rows[j] = t;
    }
    for (int q = 0; q < k; q++) {
        int r = rows[q];
        int free_cells[GEN_MAX_N];
        int nfree = 0;
        for (int c = 0; c < n; c++) {
            int safe = 1;
            for (int s = 0; s < n && safe; s++) {
                if (cols[s] < 0)
                    continue;
                int d = abs(s - r);
                if (cols[s] == c || abs(cols[s] - c) == d)
                    safe = 0;
            }
            if (safe)
                free_cells[nfree++] = c;
        }
        if (nfree == 0)
            return 0;
        cols[r] = free_cells[rng_below(nfree)];
    }
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: gen SEED N COUNT\n");
        return 2;
    }
    rng_state = strtoull(argv[1], NULL, 10) * 0x9e3779b97f4a7c15ull + 1;
    int n = atoi(argv[2]);
    int count = atoi(argv[3]);
    if (n < 1 || n > GEN_MAX_N || count < 0) {
        fprintf(stderr, "gen: N must be 1..64\n");
        return 2;
    }
    double root = sqrt((double)n);
    int center = (int)lround(n - 2.3 * root);
    int spread = (int)ceil(root);
    for (int i = 0; i < count; i++) {
        int k;
        if (i % 2 == 0 || n < 4)
            k = 1 + rng_below(n > 1 ? n - 1 : 1);
        else
            k = center - spread + rng_below(2 * spread + 1);
        if (k < 0)
            k = 0;
        if (k > n)
            k = n;
        int cols[GEN_MAX_N];
        int attempts = 0;
        while (!place(n, k, cols)) {
            if (++attempts == GEN_ATTEMPTS) {
                k--;
                attempts = 0;
            }
        }
        printf("%d %d ", n, k);
        int first = 1;
        for (int r = 0; r < n; r++) {
            if (cols[r] < 0)
                continue;
            printf("%s%d:%d", first ? "" : ",", r + 1, cols[r] + 1);
            first = 0;
        }
        printf("%s\n", first ? "-" : "");
    }
    return 0;
}
