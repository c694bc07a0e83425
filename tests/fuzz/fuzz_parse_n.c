/*
 * fuzz_parse_n.c - the N argument parser: cli_parse_long, cli_parse_n,
 * cli_quote (which echoes a bad argument back in the error message) and
 * cli_looks_negative. Every answer is checked against a reference parser
 * written here from the contract: an optional sign, decimal digits and
 * nothing else, a value that fits and lies in the range.
 */
#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "common/parse.h"
#include "fuzz.h"

/* The contract, spelled out digit by digit: true and *value when `text`
 * is [+-]digits, representable as a long long and within [min, max]. */
static bool reference_parse(const char *text, long long min, long long max,
                            long long *value)
{
    const char *p = text;
    bool negative = false;
    if (*p == '+' || *p == '-')
        negative = *p++ == '-';
    if (*p == '\0')
        return false;
    /* The magnitude, saturated at limit + 1: more than any long long. */
    const unsigned long long limit = (unsigned long long)LLONG_MAX + 1;
    unsigned long long magnitude = 0;
    for (; *p != '\0'; p++) {
        if (*p < '0' || *p > '9')
            return false;
        if (magnitude > limit / 10)
            magnitude = limit + 1;
        else
            magnitude = magnitude * 10 + (unsigned long long)(*p - '0');
    }
    if (magnitude > (negative ? limit : limit - 1))
        return false;
    long long v = 0;
    if (negative)
        v = magnitude == limit ? LLONG_MIN : -(long long)magnitude;
    else
        v = (long long)magnitude;
    if (v < min || v > max)
        return false;
    *value = v;
    return true;
}

/* Ranges worth checking: all of long long, the board sizes, edge ranges. */
static const long long ranges[][2] = {
    {LLONG_MIN, LLONG_MAX},
    {1, 64},
    {0, 0},
    {-64, -1},
    {LLONG_MIN, LLONG_MIN},
    {LLONG_MAX, LLONG_MAX},
    {0, 1000000000},
};

/* cli_quote must stay inside `size`, end in NUL and print only
 * printable bytes, whatever the text. */
static void check_quote(const char *text, size_t size)
{
    char *buf = malloc(size); /* exact size: an overflow is caught */
    if (buf == NULL)
        abort();
    const char *out = cli_quote(text, buf, size);
    FUZZ_CHECK(out == buf);
    size_t len = strlen(buf);
    FUZZ_CHECK(len < size);
    for (size_t i = 0; i < len; i++)
        FUZZ_CHECK(isprint((unsigned char)buf[i]));
    /* Text that fits comes back unchanged when it is all printable. */
    bool printable = true;
    for (const char *p = text; *p != '\0'; p++)
        printable = printable && isprint((unsigned char)*p);
    if (printable && strlen(text) + 8 < size)
        FUZZ_CHECK(strcmp(buf, text) == 0);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An argument cannot hold a NUL byte: the text ends at the first. */
    char *text = fuzz_strndup(data, size);

    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        long long got = 12345;
        long long want = 0;
        bool ok = cli_parse_long(text, ranges[i][0], ranges[i][1], &got);
        bool want_ok = reference_parse(text, ranges[i][0], ranges[i][1], &want);
        FUZZ_CHECK(ok == want_ok);
        if (ok)
            FUZZ_CHECK(got == want);
        else
            FUZZ_CHECK(got == 12345); /* untouched on failure */
    }

    int n = -1;
    long long want = 0;
    bool ok = cli_parse_n(text, 64, "", &n);
    FUZZ_CHECK(ok == reference_parse(text, 1, 64, &want));
    FUZZ_CHECK(ok ? n == (int)want : n == -1);

    FUZZ_CHECK(cli_looks_negative(text) ==
               (text[0] == '-' && text[1] >= '0' && text[1] <= '9'));

    static const size_t sizes[] = {1, 2, 3, 4, 5, 8, 9, 12, 64};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        check_quote(text, sizes[i]);

    free(text);
    return 0;
}
