/*
 * baseline.c - the classic single-thread bitboard counter with mirror
 * symmetry (the Somers/Richards method), written independently of the
 * library as the yardstick of bench/count-bench.sh: row by row with three
 * bit masks (columns, both diagonals); the queen of the first row only in
 * the left half, the count doubled, the middle column of odd n added once.
 *
 * Usage: baseline N   prints "N TOTAL SECONDS".
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Counts the completions below a row: all masks hold bit c for column c. */
static uint64_t solve(uint32_t full, uint32_t cols, uint32_t left,
                      uint32_t right)
{
    if (cols == full)
        return 1;
    uint64_t count = 0;
    uint32_t avail = full & ~(cols | left | right);
    while (avail != 0) {
        uint32_t bit = avail & (0u - avail);
        avail ^= bit;
        count += solve(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return count;
}

static uint64_t count_mirror(int n)
{
    uint32_t full = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
    uint64_t half = 0;
    for (int c = 0; c < n / 2; c++) {
        uint32_t bit = UINT32_C(1) << c;
        half += solve(full, bit, bit << 1, bit >> 1);
    }
    uint64_t total = 2 * half;
    if (n % 2 == 1) {
        uint32_t bit = UINT32_C(1) << (n / 2);
        total += solve(full, bit, bit << 1, bit >> 1);
    }
    return total;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long n = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || *end != '\0' || n < 1 || n > 32) {
        fprintf(stderr, "usage: baseline N (1 <= N <= 32)\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t total = count_mirror((int)n);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) +
                     (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%ld %llu %.3f\n", n, (unsigned long long)total, seconds);
    return 0;
}
