/*
 * parse.c - checked number parsing: the whole text must be the number, and
 * a number that does not fit is an error, never a wrapped value.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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
    if (*p != '\0') {
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

bool cli_looks_negative(const char *text)
{
    return text[0] == '-' && isdigit((unsigned char)text[1]);
}
