/*
 * json.h - the one JSON writer of the tool (cli/output/json.c), on top of a
 * struct writer: objects, arrays, keys and values, with the commas placed
 * for the caller and strings escaped as RFC 8259 asks. Every command that
 * writes JSON goes through it, so that a name or a path with a quote, a
 * backslash or a control byte in it still gives valid JSON.
 *
 * Output is compact (no spaces), one document after another: a caller
 * that writes JSON lines ends each document with json_end_line().
 */
#ifndef NQ_CLI_JSON_H
#define NQ_CLI_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/writer.h"

/* Objects and arrays nest at most this deep. */
#define JSON_MAX_DEPTH 31

/* The state of one JSON writer: where the text goes and, for each open
 * object or array, whether it holds a member yet (the next one needs a
 * comma). */
struct json {
    struct writer *out; /* where the text goes */
    int depth;          /* objects and arrays open */
    uint32_t nonempty;  /* bit d: the container at depth d has a member */
    bool after_key;     /* a key was written: its value comes next */
    bool line_break;    /* json_break: a newline before the next member */
};

/* Starts writing JSON documents to `out`. */
void json_start(struct json *j, struct writer *out);

/* Opens or closes an object or an array (in place of a value). */
void json_begin_object(struct json *j);
void json_end_object(struct json *j);
void json_begin_array(struct json *j);
void json_end_array(struct json *j);

/* Writes the key of the next member of the open object (escaped). */
void json_key(struct json *j, const char *key);

/* Values. A string is escaped: '"' and '\' with a backslash, bytes below
 * 0x20 as \u00xx; valid UTF-8 passes through as it is, and a byte that
 * is not part of valid UTF-8 becomes U+FFFD (\ufffd), so that the output
 * is always valid JSON. NULL is written as null. */
void json_string(struct json *j, const char *text);
void json_uint(struct json *j, uint64_t value);
void json_int(struct json *j, int64_t value);
/* A number with `decimals` digits after the point (printf's %.*f); a
 * value that is not finite is written as null, which JSON has instead. */
void json_double(struct json *j, double value, int decimals);
void json_bool(struct json *j, bool value);
void json_null(struct json *j);

/* An array of `count` integers, each written as values[i] + offset (1 to
 * write 0-based columns 1-based), built straight in the writer's buffer. */
void json_int_array(struct json *j, const int *values, size_t count,
                    int offset);

/* The same elements appended to the array that is open (for an array
 * written a block at a time, as `find` does for a billion queens). */
void json_ints(struct json *j, const int *values, size_t count, int offset);

/* Puts the next member of the open object or array on a new line: a
 * newline after the comma before it. Only whitespace, for a reader. */
void json_break(struct json *j);

/* Ends a JSON line: a newline after a complete document. */
void json_end_line(struct json *j);

/* Writes `text` as a JSON string, quotes included, to `out`: for a caller
 * that needs only the escaping. */
void json_put_string(struct writer *out, const char *text);

/* ---- JSON text in memory, for hot paths ----
 * A line format that writes millions of lines builds each one in a buffer
 * of its own and hands it over in one piece; these write the pieces at p
 * (unterminated) and return the end. The caller owns the structure
 * (brackets, commas) and provides the room each one names. */

/* The most bytes one escaped byte takes (\u00xx). */
#define JSON_ESCAPE_MAX 6

/* The most bytes one element of json_text_ints takes: ",-4294967296" (an
 * int plus the offset, an int too), and the room for `count` of them:
 * one byte more, because a number is copied two bytes at a time. */
#define JSON_INT_MAX_BYTES 12
#define JSON_INTS_MAX(count) ((count)*JSON_INT_MAX_BYTES + 2)

/* A JSON string, quotes included, escaped as json_string does; room:
 * JSON_ESCAPE_MAX * strlen(text) + 2. */
char *json_text_string(char *p, const char *text);
/* A key and its colon; room: JSON_ESCAPE_MAX * strlen(key) + 3. */
char *json_text_key(char *p, const char *key);
/* An unsigned number in decimal; room: 20. */
char *json_text_uint(char *p, uint64_t value);
/* values[0] + offset, ..., values[count-1] + offset, separated by commas
 * (no brackets); room: JSON_INTS_MAX(count). */
char *json_text_ints(char *p, const int *values, size_t count, int offset);

#endif /* NQ_CLI_JSON_H */
