/*
 * opt_common.h - the options several commands take, defined once
 * (cli/common/opt_common.c): a command names them in its option table with
 * OPT_USE (optable.h) and says which field of its options they set.
 */
#ifndef NQ_CLI_OPT_COMMON_H
#define NQ_CLI_OPT_COMMON_H

#include "common/optable.h"

/* INT64_MAX in words, for the range of an option's error ("from 0 to
 * ..."): the preprocessor cannot make a string of the constant. */
#define OPT_INT64_MAX_TEXT "9223372036854775807"

/* -h, --help: show the help and exit. */
extern const struct opt_def opt_help;
/* -t, --threads T: an int, 0 (all cores) to NQ_MAX_THREADS. */
extern const struct opt_def opt_threads;
/* -f, --format FORMAT: a const struct output_format * (format.h). */
extern const struct opt_def opt_format;
/* -o, --output FILE: a const char *, not empty. */
extern const struct opt_def opt_output;
/* --base 0|1: an int. */
extern const struct opt_def opt_base;
/* --queen GLYPH, --empty GLYPH: const char *, not empty; --compact: a
 * bool. The fields of a struct board_style (board.h). */
extern const struct opt_def opt_queen;
extern const struct opt_def opt_empty;
extern const struct opt_def opt_compact;
/* -q, --quiet: a bool. */
extern const struct opt_def opt_quiet;
/* -j, --json: a bool; where --format exists, the same as --format json. */
extern const struct opt_def opt_json;

/* -l, --limit K: a uint64_t, 0 or more. */
extern const struct opt_def opt_limit;
/* --max-time SEC: a double, 0 (no limit) to 10^6 seconds. */
extern const struct opt_def opt_max_time;

struct output_format;

/* --json where --format exists: --json alone is --format json; with
 * another --format the two are refused (the error names both). Returns 0
 * or EXIT_USAGE. */
int opt_json_format(bool json, bool format_given,
                    const struct output_format **format);

/* --queen and --empty (either may be NULL, not given): a glyph with white
 * space in it, the same glyph for both, or one glyph that begins the other
 * would draw (or read) boards that do not show their queens; refused.
 * Returns 0 or EXIT_USAGE. */
int opt_glyphs_check(const char *queen, const char *empty);

#endif /* NQ_CLI_OPT_COMMON_H */
