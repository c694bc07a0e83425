/*
 * read_diagonal.c - parses `--exclude-diagonal sum:K,diff:K,...`: the
 * diagonals of the excluded-diagonals problem (CSPLib problem 079), with
 * messages that name the item at fault and the range it must lie in.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/messages.h"
#include "common/parse.h"
#include "input/read_diagonal.h"

/* Numbers are read in a wide range so that sum:999 is "off the board", not
 * "malformed". */
#define DIAGONAL_LIMIT 1000000000LL

static const char diagonal_space[] = " \t";

/* [start, end) without blanks around it, into a buffer of its own size. */
static char *diagonal_trim(const char *start, const char *end)
{
    while (start < end && strchr(diagonal_space, *start) != NULL)
        start++;
    while (end > start && strchr(diagonal_space, end[-1]) != NULL)
        end--;
    size_t len = (size_t)(end - start);
    char *out = malloc(len + 1);
    if (out != NULL) {
        memcpy(out, start, len);
        out[len] = '\0';
    }
    return out;
}

static void set_bit(uint64_t set[2], int k)
{
    set[k >> 6] |= 1ull << (k & 63);
}

/* Parses one "sum:K" or "diff:K" item (number `index`, 1-based). */
static int diagonal_item(const char *item, int index, int n, int base,
                         nq_complete_exclusions *x)
{
    const char *colon = strchr(item, ':');
    bool sum =
        colon != NULL && colon - item == 3 && strncmp(item, "sum", 3) == 0;
    bool diff =
        colon != NULL && colon - item == 4 && strncmp(item, "diff", 4) == 0;
    long long k = 0;
    if ((!sum && !diff) ||
        !cli_parse_long(colon + 1 + strspn(colon + 1, diagonal_space),
                        -DIAGONAL_LIMIT, DIAGONAL_LIMIT, &k)) {
        char quoted[80];
        return cli_usage_error("--exclude-diagonal: item %d '%s' is not "
                               "sum:K or diff:K (such as sum:7 or diff:-2)",
                               index, cli_quote(item, quoted, sizeof quoted));
    }
    if (sum) {
        long long low = 2LL * base;
        long long high = 2LL * (n - 1 + base);
        if (k < low || k > high)
            return cli_error("--exclude-diagonal: sum:%lld is off the %dx%d "
                             "board (row + column runs from %lld to %lld%s)",
                             k, n, n, low, high,
                             base == 0 ? " with --base 0" : "");
        set_bit(x->sum, (int)(k - low));
        return 0;
    }
    if (k < -(n - 1) || k > n - 1)
        return cli_error("--exclude-diagonal: diff:%lld is off the %dx%d "
                         "board (row - column runs from %d to %d)",
                         k, n, n, -(n - 1), n - 1);
    set_bit(x->diff, (int)(k + n - 1));
    return 0;
}

int read_diagonals(const char *text, int n, int base, nq_complete_exclusions *x)
{
    int index = 1;
    for (const char *start = text;; index++) {
        const char *comma = strchr(start, ',');
        const char *end = comma != NULL ? comma : start + strlen(start);
        char *item = diagonal_trim(start, end);
        if (item == NULL)
            return cli_error("out of memory");
        int rc = diagonal_item(item, index, n, base, x);
        free(item);
        if (rc != 0)
            return rc;
        if (comma == NULL)
            break;
        start = comma + 1;
    }
    return 0;
}
