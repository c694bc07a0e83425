/*
 * json.c - the tool's JSON writer: commas from a bit per open container,
 * strings escaped per RFC 8259 with UTF-8 checked.
 *
 * `solve --format json` writes millions of lines through it, so a token
 * (a bracket, a key that needs no escaping, an integer) goes straight into
 * the writer's buffer, its comma with it, in one step; only what does not
 * fit there takes the writer's calls.
 */
#include <math.h>
#include <string.h>

#include "output/json.h"

void json_start(struct json *j, struct writer *out)
{
    j->out = out;
    j->depth = 0;
    j->nonempty = 0;
    j->after_key = false;
    j->line_break = false;
}

/* "00" to "99": the two digits of each number below 100. */
static const char json_pairs[] = "00010203040506070809"
                                 "10111213141516171819"
                                 "20212223242526272829"
                                 "30313233343536373839"
                                 "40414243444546474849"
                                 "50515253545556575859"
                                 "60616263646566676869"
                                 "70717273747576777879"
                                 "80818283848586878889"
                                 "90919293949596979899";

/* Writes u in decimal just before `end`, two digits at a time; returns
 * where the digits start (at most 20 bytes before end). */
static char *json_digits(char *end, unsigned long long u)
{
    while (u >= 100) {
        end -= 2;
        memcpy(end, json_pairs + 2 * (u % 100), 2);
        u /= 100;
    }
    if (u >= 10) {
        end -= 2;
        memcpy(end, json_pairs + 2 * u, 2);
    } else {
        *--end = (char)('0' + u);
    }
    return end;
}

/* Room for `need` bytes at the end of the writer's buffer, flushed first
 * if need be; NULL when there is none (an error, no buffer, or more than
 * the buffer holds). */
static char *json_room(struct writer *w, size_t need)
{
    if (w->cap - w->len < need && need <= w->cap)
        writer_flush(w);
    if (w->err != 0 || w->buf == NULL || w->cap - w->len < need)
        return NULL;
    return w->buf + w->len;
}

/* Before a value or a key: whether it needs a comma to separate it from
 * the member before it. Records that the container now has a member. */
static bool json_needs_comma(struct json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return false;
    }
    if (j->depth == 0)
        return false;
    uint32_t bit = UINT32_C(1) << j->depth;
    bool comma = (j->nonempty & bit) != 0;
    j->nonempty |= bit;
    if (j->line_break) {
        j->line_break = false;
        if (comma)
            writer_putc(j->out, ',');
        writer_putc(j->out, '\n');
        return false;
    }
    return comma;
}

/* Writes the comma, if one is due, then text[0..len-1]. */
static void json_token(struct json *j, const char *text, size_t len)
{
    bool comma = json_needs_comma(j);
    char *p = json_room(j->out, len + 1);
    if (p == NULL) {
        if (comma)
            writer_putc(j->out, ',');
        writer_put(j->out, text, len);
        return;
    }
    *p = ',';
    p += comma;
    memcpy(p, text, len);
    j->out->len = (size_t)(p + len - j->out->buf);
}

static void json_open(struct json *j, char bracket)
{
    json_token(j, &bracket, 1);
    if (j->depth < JSON_MAX_DEPTH)
        j->depth++;
    j->nonempty &= ~(UINT32_C(1) << j->depth);
}

static void json_close(struct json *j, char bracket)
{
    writer_putc(j->out, bracket);
    if (j->depth > 0)
        j->depth--;
}

void json_begin_object(struct json *j)
{
    json_open(j, '{');
}

void json_end_object(struct json *j)
{
    json_close(j, '}');
}

void json_begin_array(struct json *j)
{
    json_open(j, '[');
}

void json_end_array(struct json *j)
{
    json_close(j, ']');
}

/* The length of the valid UTF-8 sequence at s (the bytes up to the
 * terminating NUL), or 0 when s does not start one: no overlong forms, no
 * surrogates, nothing above U+10FFFF (RFC 3629). */
static size_t utf8_sequence(const unsigned char *s)
{
    unsigned char c = s[0];
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0; /* overlong below */
        else if (c == 0xED)
            hi = 0x9F; /* surrogates above */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90; /* overlong below */
        else if (c == 0xF4)
            hi = 0x8F; /* above U+10FFFF */
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++) {
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    }
    return len;
}

/* Whether byte c stands for itself inside a JSON string (printable ASCII
 * other than the quote and the backslash). */
static bool json_plain(unsigned char c)
{
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

/* The length of the run of bytes at s that go into a JSON string as they
 * are: plain ASCII and valid UTF-8, up to the terminating NUL or the
 * first byte that needs escaping. */
static size_t json_plain_run(const unsigned char *s)
{
    const unsigned char *p = s;
    for (;;) {
        if (json_plain(*p)) {
            p++;
        } else if (*p >= 0x80) {
            size_t len = utf8_sequence(p);
            if (len == 0)
                break;
            p += len;
        } else {
            break;
        }
    }
    return (size_t)(p - s);
}

/* The escape of byte c, one that json_plain_run stopped at (not NUL),
 * into out; returns its length: \" and \\, \u00xx for a control byte,
 * \ufffd for a byte that is not part of valid UTF-8. */
static size_t json_escape_byte(unsigned char c, char out[JSON_ESCAPE_MAX])
{
    static const char hex[] = "0123456789abcdef";
    if (c == '"' || c == '\\') {
        out[0] = '\\';
        out[1] = (char)c;
        return 2;
    }
    out[0] = '\\';
    out[1] = 'u';
    if (c < 0x20) {
        out[2] = '0';
        out[3] = '0';
        out[4] = hex[c >> 4];
        out[5] = hex[c & 15];
    } else {
        out[2] = 'f'; /* U+FFFD, the replacement character */
        out[3] = 'f';
        out[4] = 'f';
        out[5] = 'd';
    }
    return 6;
}

void json_put_string(struct writer *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    writer_putc(out, '"');
    for (;;) {
        size_t run = json_plain_run(s);
        writer_put(out, (const char *)s, run);
        s += run;
        if (*s == '\0')
            break;
        char escaped[JSON_ESCAPE_MAX];
        writer_put(out, escaped, json_escape_byte(*s++, escaped));
    }
    writer_putc(out, '"');
}

char *json_text_string(char *p, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    *p++ = '"';
    for (;;) {
        size_t run = json_plain_run(s);
        memcpy(p, s, run);
        p += run;
        s += run;
        if (*s == '\0')
            break;
        p += json_escape_byte(*s++, p);
    }
    *p++ = '"';
    return p;
}

char *json_text_key(char *p, const char *key)
{
    p = json_text_string(p, key);
    *p++ = ':';
    return p;
}

char *json_text_uint(char *p, uint64_t value)
{
    char buf[20];
    char *start = json_digits(buf + sizeof buf, value);
    size_t len = (size_t)(buf + sizeof buf - start);
    memcpy(p, start, len);
    return p + len;
}

void json_key(struct json *j, const char *key)
{
    /* The keys are the program's own short names: one token. */
    if (strlen(key) <= 16) {
        char token[JSON_ESCAPE_MAX * 16 + 3];
        const char *end = json_text_key(token, key);
        json_token(j, token, (size_t)(end - token));
    } else {
        if (json_needs_comma(j))
            writer_putc(j->out, ',');
        json_put_string(j->out, key);
        writer_putc(j->out, ':');
    }
    j->after_key = true;
}

void json_string(struct json *j, const char *text)
{
    if (text == NULL) {
        json_null(j);
        return;
    }
    if (json_needs_comma(j))
        writer_putc(j->out, ',');
    json_put_string(j->out, text);
}

void json_uint(struct json *j, uint64_t value)
{
    char buf[20];
    char *start = json_digits(buf + sizeof buf, value);
    json_token(j, start, (size_t)(buf + sizeof buf - start));
}

void json_int(struct json *j, int64_t value)
{
    char buf[21];
    /* -(value + 1) + 1: no overflow at INT64_MIN */
    uint64_t u = value < 0 ? (uint64_t)(-(value + 1)) + 1 : (uint64_t)value;
    char *start = json_digits(buf + sizeof buf, u);
    if (value < 0)
        *--start = '-';
    json_token(j, start, (size_t)(buf + sizeof buf - start));
}

void json_double(struct json *j, double value, int decimals)
{
    if (!isfinite(value)) {
        json_null(j);
        return;
    }
    if (json_needs_comma(j))
        writer_putc(j->out, ',');
    writer_printf(j->out, "%.*f", decimals, value);
}

void json_bool(struct json *j, bool value)
{
    json_token(j, value ? "true" : "false", value ? 4 : 5);
}

void json_null(struct json *j)
{
    json_token(j, "null", 4);
}

/* Writes value in decimal at p, unterminated; returns the end. A number
 * below 100 (a column) is one 2-byte copy from json_pairs, so p needs a
 * byte of room past the number. */
static char *json_put_int(char *p, long long value)
{
    if (value >= 0 && value < 100) {
        int one_digit = value < 10;
        memcpy(p, json_pairs + 2 * value + one_digit, 2);
        return p + 2 - one_digit;
    }
    unsigned long long u = value < 0 ? 0ull - (unsigned long long)value
                                     : (unsigned long long)value;
    if (value < 0)
        *p++ = '-';
    char digits[20];
    char *start = json_digits(digits + sizeof digits, u);
    size_t len = (size_t)(digits + sizeof digits - start);
    memcpy(p, start, len);
    return p + len;
}

char *json_text_ints(char *p, const int *values, size_t count, int offset)
{
    for (size_t i = 0; i < count; i++) {
        if (i > 0)
            *p++ = ',';
        p = json_put_int(p, (long long)values[i] + offset);
    }
    return p;
}

/* Elements json_ints writes in one piece. */
#define JSON_INTS_PIECE 1024

void json_ints(struct json *j, const int *values, size_t count, int offset)
{
    struct writer *w = j->out;
    char spare[JSON_INTS_MAX(JSON_INTS_PIECE)];
    for (size_t i = 0; i < count;) {
        size_t take = count - i < JSON_INTS_PIECE ? count - i : JSON_INTS_PIECE;
        /* Before the room is taken: a pending json_break writes. */
        bool comma = json_needs_comma(j);
        /* Straight into the writer's buffer; through `spare` only when
         * the writer has none (an error, or closed). */
        char *start = json_room(w, JSON_INTS_MAX(take));
        bool direct = start != NULL;
        if (!direct)
            start = spare;
        char *p = start;
        if (comma)
            *p++ = ',';
        p = json_text_ints(p, values + i, take, offset);
        i += take;
        if (direct)
            w->len += (size_t)(p - start);
        else
            writer_put(w, spare, (size_t)(p - start));
    }
}

void json_int_array(struct json *j, const int *values, size_t count, int offset)
{
    json_begin_array(j);
    json_ints(j, values, count, offset);
    json_end_array(j);
}

void json_break(struct json *j)
{
    j->line_break = true;
}

void json_end_line(struct json *j)
{
    writer_putc(j->out, '\n');
    j->depth = 0;
    j->nonempty = 0;
    j->after_key = false;
    j->line_break = false;
}
