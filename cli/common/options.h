/*
 * options.h - the commands' option parsing on top of getopt_long: a fresh
 * start per command, negative numbers taken as the positional N, and one
 * wording for option errors (cli/common/options.c).
 */
#ifndef NQ_CLI_OPTIONS_H
#define NQ_CLI_OPTIONS_H

#include <stdbool.h>

struct option;

/* What cli_getopt returns after it printed "more than one N given". */
enum { CLI_OPT_FAILED = -2 };

/* Starts a parse with getopt_long afresh (optind = 1), its own messages
 * off (opterr = 0): each command words its errors as cli_option_error. */
void cli_getopt_reset(void);

/* getopt_long, after cli_getopt_reset: when n_text is not NULL, a negative
 * number ("-3") before the next option is taken as the positional N (into
 * *n_text) rather than as an option. Returns the next option, -1 at the
 * end, or CLI_OPT_FAILED. */
int cli_getopt(int argc, char **argv, const char *optstring,
               const struct option *options, const char **n_text);

/* For an option no case took (':' a missing value, '?' an unknown or
 * ambiguous option or a value given to a flag, CLI_OPT_FAILED): prints the
 * error, if not printed yet, naming the option at fault (longs: the long
 * options of the parse), and returns EXIT_USAGE. */
int cli_option_error(int c, char **argv, const struct option *longs);

/* Takes argv[optind..argc-1] as the positional N; false, with the error
 * "more than one N given" printed, when there are two. */
bool cli_take_rest_n(int argc, char **argv, const char **n_text);

#endif /* NQ_CLI_OPTIONS_H */
