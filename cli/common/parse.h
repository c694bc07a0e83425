/*
 * parse.h - checked reading of numbers from arguments and streams (no
 * atoi: overflow and junk are errors), and quoting of user text for
 * messages (cli/common/parse.c).
 */
#ifndef NQ_CLI_PARSE_H
#define NQ_CLI_PARSE_H

#include <stdbool.h>
#include <stddef.h>

/* Parses all of `text` as a decimal integer in [min, max] (leading '+' or
 * '-' allowed, no spaces, no junk, overflow checked). Returns true and
 * stores the value on success. */
bool cli_parse_long(const char *text, long long min, long long max,
                    long long *value);

/* Parses the board size N: on failure prints "N must be an integer from
 * 1 to <max>, got '<text>' <where>" and returns false. `where` names the
 * source ("" for the command line, "from standard input"). */
bool cli_parse_n(const char *text, int max, const char *where, int *n);

/* Parses N from `len` bytes read from a stream: one number with optional
 * white space around it. Empty or blank text, NUL bytes and anything else
 * are errors: prints one and returns false. `source` names the stream
 * ("standard input"). */
bool cli_parse_n_text(const char *text, size_t len, int max, const char *source,
                      int *n);

/* Copies `text` into `buf` (size >= 1) for a message: non-printable bytes
 * as \xHH, cut with "..." when longer than the buffer. Returns buf. */
const char *cli_quote(const char *text, char *buf, size_t size);

/* True when `text` looks like a negative number ("-3"), so that a command
 * can treat it as a value rather than as an unknown option. */
bool cli_looks_negative(const char *text);

#endif /* NQ_CLI_PARSE_H */
