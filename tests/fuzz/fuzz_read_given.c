/*
 * fuzz_read_given.c - the reader of `complete --given "r:c,r:c,..."`
 * (cli/input/read_given.c), fed any text for a board size taken from the first
 * byte. Its answer is checked against a reference reader written here from
 * the contract: 1-based ROW:COLUMN pairs separated by commas, spaces and
 * tabs around the numbers, each number [+-]digits, every queen on the
 * board and no row given twice; an empty or blank text gives no queen.
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

static bool reference_given(const char *text, int n, int *given)
{
    for (int r = 0; r < n; r++)
        given[r] = NQ_COMPLETE_FREE_ROW;
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
        if (row < 1 || row > n || col < 1 || col > n)
            return false;
        if (given[row - 1] != NQ_COMPLETE_FREE_ROW)
            return false;
        given[row - 1] = (int)col - 1;
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
    /* An argument: the text ends at the first NUL. */
    char *text = fuzz_strndup(data + 1, size - 1);
    int got[NQ_MAX_N];
    int want[NQ_MAX_N];
    int rc = read_given(text, n, got);
    bool ok = reference_given(text, n, want);
    FUZZ_CHECK(rc == 0 || rc == EXIT_USAGE);
    FUZZ_CHECK((rc == 0) == ok);
    if (ok)
        FUZZ_CHECK(memcmp(got, want, (size_t)n * sizeof(int)) == 0);
    free(text);
    return 0;
}
