/*
 * parse.c - checked number parsing: the whole text must be the number, and
 * a number that does not fit is an error, never a wrapped value.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/messages.h"
#include "common/parse.h"

bool cli_parse_long(const char *text, long long min, long long max,
                    long long *value)
{
    if (text == NULL || *text == '\0')
        return false;
    /* strtoll accepts leading spaces; the contract does not. */
    if (isspace((unsigned char)text[0]))
        return false;
    const char *digits = text;
    if (*digits == '+' || *digits == '-')
        digits++;
    if (!isdigit((unsigned char)*digits))
        return false;

    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno == ERANGE || *end != '\0' || v < min || v > max)
        return false;
    *value = v;
    return true;
}

const char *cli_quote(const char *text, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)text;
    size_t out = 0;
    /* Keep room for one escape (4 bytes), "..." and the terminator. */
    for (; *p != '\0' && out + 8 < size; p++) {
        if (isprint(*p)) {
            buf[out++] = (char)*p;
        } else {
            buf[out++] = '\\';
            buf[out++] = 'x';
            buf[out++] = hex[*p >> 4];
            buf[out++] = hex[*p & 15];
        }
    }
    /* A buffer too small for even "..." gets the text cut silently. */
    if (*p != '\0' && out + 4 <= size) {
        memcpy(buf + out, "...", 3);
        out += 3;
    }
    buf[out] = '\0';
    return buf;
}

bool cli_parse_n(const char *text, int max, const char *where, int *n)
{
    long long v = 0;
    if (!cli_parse_long(text, 1, max, &v)) {
        char quoted[64];
        cli_usage_error("N must be an integer from 1 to %d, got '%s'%s%s", max,
                        cli_quote(text, quoted, sizeof quoted),
                        *where ? " " : "", where);
        return false;
    }
    *n = (int)v;
    return true;
}

bool cli_parse_n_text(const char *text, size_t len, int max, const char *source,
                      int *n)
{
    if (memchr(text, '\0', len) != NULL) {
        cli_usage_error("N must be an integer, got a NUL byte on %s", source);
        return false;
    }
    /* One number, with white space around it, after a UTF-8 byte-order
     * mark where an editor wrote one (as verify skips it). */
    static const char space[] = " \t\r\n\v\f";
    size_t start = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        start = 3;
    while (start < len && strchr(space, text[start]) != NULL)
        start++;
    size_t end = len;
    while (end > start && strchr(space, text[end - 1]) != NULL)
        end--;
    if (start == end) {
        cli_usage_error("no N given on %s", source);
        return false;
    }
    char *number = malloc(end - start + 1);
    if (number == NULL) {
        cli_error("out of memory");
        return false;
    }
    memcpy(number, text + start, end - start);
    number[end - start] = '\0';
    char where[128];
    snprintf(where, sizeof where, "from %s", source);
    bool ok = cli_parse_n(number, max, where, n);
    free(number);
    return ok;
}

bool cli_looks_negative(const char *text)
{
    return text[0] == '-' && isdigit((unsigned char)text[1]);
}
