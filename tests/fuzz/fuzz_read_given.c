/*
 * fuzz_read_given.c - the readers of `complete --given "r:c,r:c,..."` and
 * `--blocked` (cli/input/read_given.c), fed any text for a board size and
 * a base taken from the first byte. Their answers are checked against a
 * reference reader written here from the contract: ROW:COLUMN pairs
 * numbered from the base, separated by commas, spaces and tabs around the
 * numbers, each number [+-]digits, every pair on the board; no row given
 * two queens, no square blocked twice; an empty or blank text gives
 * nothing.
 */
#include <stdbool.h>
#include <string.h>

#include "common/messages.h"
#include "fuzz.h"
#include "input/read_given.h"
#include "nqueens.h"

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* [start, end) without blanks around it is [+-]digits; *value gets the
 * number, saturated far beyond any board. */
static bool reference_number(const char *start, const char *end,
                             long long *value)
{
    while (start < end && is_blank(*start))
        start++;
    while (end > start && is_blank(end[-1]))
        end--;
    bool negative = false;
    if (start < end && (*start == '+' || *start == '-'))
        negative = *start++ == '-';
    if (start == end)
        return false;
    long long v = 0;
    for (; start < end; start++) {
        if (*start < '0' || *start > '9')
            return false;
        v = v > 1000000000000LL ? v : v * 10 + (*start - '0');
    }
    *value = negative ? -v : v;
    return true;
}

/* Reads the pairs as queens into given[] and as squares into blocked[];
 * `squares` says which list it is (a square may share a row, never be
 * named twice; a queen may not share a row). */
static bool reference_pairs(const char *text, int n, int base, bool squares,
                            int *given, uint64_t *blocked)
{
    for (int r = 0; r < n; r++) {
        given[r] = NQ_COMPLETE_FREE_ROW;
        blocked[r] = 0;
    }
    const char *p = text;
    while (is_blank(*p))
        p++;
    if (*p == '\0')
        return true;
    const char *start = text;
    for (;;) {
        const char *end = strchr(start, ',');
        if (end == NULL)
            end = start + strlen(start);
        const char *colon = memchr(start, ':', (size_t)(end - start));
        long long row = 0;
        long long col = 0;
        if (colon == NULL || !reference_number(start, colon, &row) ||
            !reference_number(colon + 1, end, &col))
            return false;
        row -= base;
        col -= base;
        if (row < 0 || row >= n || col < 0 || col >= n)
            return false;
        if (squares && ((blocked[row] >> col) & 1))
            return false; /* a square named twice */
        if (!squares && given[row] != NQ_COMPLETE_FREE_ROW)
            return false; /* a row given two queens */
        given[row] = (int)col;
        blocked[row] |= 1ull << col;
        if (*end == '\0')
            return true;
        start = end + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    int n = 1 + data[0] % NQ_MAX_N;
    int base = (data[0] & 0x40) ? 0 : 1;
    /* An argument: the text ends at the first NUL. */
    char *text = fuzz_strndup(data + 1, size - 1);
    int got[NQ_MAX_N];
    int want[NQ_MAX_N];
    uint64_t got_blocked[NQ_MAX_N];
    uint64_t want_blocked[NQ_MAX_N];
    int rc = read_given(text, n, base, got);
    bool ok = reference_pairs(text, n, base, false, want, want_blocked);
    FUZZ_CHECK(rc == 0 || rc == EXIT_USAGE);
    FUZZ_CHECK((rc == 0) == ok);
    if (ok)
        FUZZ_CHECK(memcmp(got, want, (size_t)n * sizeof(int)) == 0);
    rc = read_blocked(text, n, base, got_blocked);
    ok = reference_pairs(text, n, base, true, want, want_blocked);
    FUZZ_CHECK(rc == 0 || rc == EXIT_USAGE);
    FUZZ_CHECK((rc == 0) == ok);
    if (ok)
        FUZZ_CHECK(memcmp(got_blocked, want_blocked,
                          (size_t)n * sizeof(uint64_t)) == 0);
    free(text);
    return 0;
}
