/*
 * fuzz_read_n.c - N read from standard input (`echo 8 | nqueens`):
 * cli_parse_n_text takes any bytes. The reference here skips a UTF-8
 * byte-order mark at the very start, trims white space itself and accepts
 * only an optional '+', digits and a value 1..64.
 */
#include <stdbool.h>
#include <string.h>

#include "common/parse.h"
#include "fuzz.h"

static bool is_space(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* The contract: one number 1..64 with white space around it, after a
 * byte-order mark where the input begins with one. */
static bool reference_read(const uint8_t *data, size_t size, int *n)
{
    size_t start = 0;
    if (size >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF)
        start = 3;
    size_t end = size;
    while (start < end && is_space(data[start]))
        start++;
    while (end > start && is_space(data[end - 1]))
        end--;
    /* A sign: '-' can only give zero or less, which is out of range. */
    if (start < end && data[start] == '-')
        return false;
    if (start < end && data[start] == '+')
        start++;
    if (start == end)
        return false;
    long value = 0;
    for (size_t i = start; i < end; i++) {
        if (data[i] < '0' || data[i] > '9')
            return false;
        value = value * 10 + (data[i] - '0');
        if (value > 64)
            return false;
    }
    if (value < 1)
        return false;
    *n = (int)value;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy without a terminator: the reader gets a length. */
    char *text = malloc(size > 0 ? size : 1);
    if (text == NULL)
        abort();
    memcpy(text, data, size);
    int n = -1;
    int want = 0;
    bool ok = cli_parse_n_text(text, size, 64, "fuzz input", &n);
    FUZZ_CHECK(ok == reference_read(data, size, &want));
    FUZZ_CHECK(ok ? n == want : n == -1);
    free(text);
    return 0;
}
