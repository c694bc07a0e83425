/*
 * verify.c - checks a placement of queens in O(n): do any two share a
 * column or a diagonal, and which.
 *
 * The common answer is "no", so the first pass only marks columns and both
 * diagonal directions: a byte per line for boards up to 4 million queens,
 * a bit per line above (about 5n bits, small enough for 10^9 queens).
 * Only when it meets an occupied line does the second part run: exact pair
 * totals from per-line counters, one direction at a time, then the pairs
 * themselves for the caller's callback.
 *
 * Index of a queen (row r, column c) on each kind of line:
 *   column        c                in 0..n-1
 *   diagonal      r - c + n - 1    in 0..2n-2   ("\": row - col constant)
 *   antidiagonal  r + c            in 0..2n-2   ("/": row + col constant)
 * computed in int64_t, since 2n - 2 exceeds INT_MAX for n above 2^30.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

/* The index of row r's queen on a line of kind `kind`. */
static size_t line_index(nq_line_kind kind, int64_t n, int64_t r, int64_t c)
{
    switch (kind) {
    case NQ_LINE_COLUMN:
        return (size_t)c;
    case NQ_LINE_DIAGONAL:
        return (size_t)(r - c + n - 1);
    default:
        return (size_t)(r + c);
    }
}

static bool bit_test_and_set(uint64_t *bits, size_t i)
{
    uint64_t mask = (uint64_t)1 << (i & 63);
    bool was = (bits[i >> 6] & mask) != 0;
    bits[i >> 6] |= mask;
    return was;
}

/* Boards up to this size are checked with a byte per line (fastest while
 * the 5n bytes stay in cache), larger ones with a bit per line. */
#define VERIFY_BYTES_MAX_N (1 << 22)

/* Pass 1 with a byte per line: true when some line holds two queens. */
static bool any_attack_bytes(const int *cols, int64_t n, bool *oom)
{
    uint8_t *seen = calloc(5 * (size_t)n, 1);
    if (seen == NULL) {
        *oom = true;
        return false;
    }
    uint8_t *col = seen, *diag = seen + n, *anti = seen + 3 * n - 1;
    /* `hit` gathers what was already marked; no branch in the loop, so the
     * stores of one row do not wait for the loads of the last. */
    unsigned hit = 0;
    for (int64_t r = 0; r < n; r++) {
        int64_t c = cols[r];
        if (c < 0)
            continue;
        hit |= col[c] | diag[r - c + n - 1] | anti[r + c];
        col[c] = diag[r - c + n - 1] = anti[r + c] = 1;
    }
    free(seen);
    return hit != 0;
}

/* Pass 1 with a bit per line, for boards too large for bytes. */
static bool any_attack_bits(const int *cols, int64_t n, bool *oom)
{
    size_t words = (2 * (size_t)n - 1 + 63) / 64;
    uint64_t *col = calloc(words, sizeof(uint64_t));
    uint64_t *diag = calloc(words, sizeof(uint64_t));
    uint64_t *anti = calloc(words, sizeof(uint64_t));
    uint64_t hit = 0;
    if (col == NULL || diag == NULL || anti == NULL) {
        *oom = true;
    } else {
        for (int64_t r = 0; r < n; r++) {
            int64_t c = cols[r];
            if (c < 0)
                continue;
            size_t i1 = (size_t)c, i2 = (size_t)(r - c + n - 1),
                   i3 = (size_t)(r + c);
            uint64_t m1 = (uint64_t)1 << (i1 & 63);
            uint64_t m2 = (uint64_t)1 << (i2 & 63);
            uint64_t m3 = (uint64_t)1 << (i3 & 63);
            hit |= (col[i1 >> 6] & m1) | (diag[i2 >> 6] & m2) |
                   (anti[i3 >> 6] & m3);
            col[i1 >> 6] |= m1;
            diag[i2 >> 6] |= m2;
            anti[i3 >> 6] |= m3;
        }
    }
    free(col);
    free(diag);
    free(anti);
    return hit != 0;
}

static bool any_attack(const int *cols, int n, bool *oom)
{
    if (n <= VERIFY_BYTES_MAX_N)
        return any_attack_bytes(cols, n, oom);
    return any_attack_bits(cols, n, oom);
}

/* The number of pairs of queens sharing a line of kind `kind`; `counts`
 * has room for 2n - 1 counters. */
static uint64_t pairs_on(nq_line_kind kind, const int *cols, int n,
                         uint32_t *counts)
{
    size_t lines = kind == NQ_LINE_COLUMN ? (size_t)n : 2 * (size_t)n - 1;
    memset(counts, 0, lines * sizeof *counts);
    uint64_t pairs = 0;
    for (int64_t r = 0; r < n; r++) {
        if (cols[r] < 0)
            continue;
        /* The queen meets every earlier one on its line. */
        pairs += counts[line_index(kind, n, r, cols[r])]++;
    }
    return pairs;
}

/* Calls fn for every pair, ordered by row_b, kind, row_a. Returns 0 or
 * NQ_E_STOPPED. */
static int list_pairs(const int *cols, int n, nq_conflict_fn fn, void *user,
                      uint64_t *bits[3])
{
    for (int64_t b = 0; b < n; b++) {
        int64_t cb = cols[b];
        if (cb < 0)
            continue;
        for (int kind = 0; kind < 3; kind++) {
            size_t line = line_index((nq_line_kind)kind, n, b, cb);
            if (!bit_test_and_set(bits[kind], line))
                continue;
            /* An earlier queen is on this line: find each one. */
            for (int64_t a = 0; a < b; a++) {
                if (cols[a] >= 0 &&
                    line_index((nq_line_kind)kind, n, a, cols[a]) == line &&
                    fn((int)a, (int)b, (nq_line_kind)kind, user) != 0)
                    return NQ_E_STOPPED;
            }
        }
    }
    return 0;
}

int nq_verify(const int *cols, int n, nq_conflict_fn fn, void *user,
              nq_verify_result *result)
{
    nq_verify_result local;
    if (result == NULL)
        result = &local;
    memset(result, 0, sizeof *result);
    result->first_empty_row = -1;
    if (n < 1)
        return NQ_E_RANGE;
    if (cols == NULL)
        return NQ_E_INVAL;
    for (int r = 0; r < n; r++) {
        if (cols[r] < -1 || cols[r] >= n) {
            memset(result, 0, sizeof *result);
            result->first_empty_row = -1;
            return NQ_E_INVAL;
        }
        if (cols[r] == -1) {
            if (result->empty_rows++ == 0)
                result->first_empty_row = r;
        }
    }

    bool oom = false;
    bool attack = any_attack(cols, n, &oom);
    if (!oom && !attack)
        return 0;

    size_t lines = 2 * (size_t)n - 1;
    uint32_t *counts = oom ? NULL : malloc(lines * sizeof *counts);
    size_t words = (lines + 63) / 64;
    uint64_t *bits[3] = {NULL, NULL, NULL};
    if (counts != NULL && fn != NULL) {
        for (int k = 0; k < 3; k++)
            bits[k] = calloc(words, sizeof(uint64_t));
    }
    if (counts == NULL || (fn != NULL && (!bits[0] || !bits[1] || !bits[2]))) {
        free(counts);
        for (int k = 0; k < 3; k++)
            free(bits[k]);
        memset(result, 0, sizeof *result);
        result->first_empty_row = -1;
        return NQ_E_NOMEM;
    }
    result->column_pairs = pairs_on(NQ_LINE_COLUMN, cols, n, counts);
    result->diagonal_pairs = pairs_on(NQ_LINE_DIAGONAL, cols, n, counts);
    result->antidiagonal_pairs =
        pairs_on(NQ_LINE_ANTIDIAGONAL, cols, n, counts);
    result->pairs = result->column_pairs + result->diagonal_pairs +
                    result->antidiagonal_pairs;
    free(counts);

    int rc = NQ_E_CONFLICT;
    if (fn != NULL && list_pairs(cols, n, fn, user, bits) == NQ_E_STOPPED)
        rc = NQ_E_STOPPED;
    for (int k = 0; k < 3; k++)
        free(bits[k]);
    return rc;
}
