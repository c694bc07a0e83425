/*
 * options.c - the parts of option parsing every command shares, so that
 * each command words its errors and reads its N the same way.
 */
#include <getopt.h>

#include "common/messages.h"
#include "common/options.h"
#include "common/parse.h"

/* A command takes one N: a second one is an error, not a silent choice. */
static bool take_n(const char *arg, const char **n_text)
{
    if (*n_text != NULL) {
        cli_usage_error("more than one N given");
        return false;
    }
    *n_text = arg;
    return true;
}

/* Every command parses argv from the start, and words its own errors. */
void cli_getopt_reset(void)
{
    opterr = 0;
    optind = 1;
}

/* getopt_long would take "-3" for an unknown option; a negative N has to
 * reach cli_parse_n to get its own message, so it is taken here first. */
int cli_getopt(int argc, char **argv, const char *optstring,
               const struct option *options, const char **n_text)
{
    while (n_text != NULL && optind < argc &&
           cli_looks_negative(argv[optind])) {
        if (!take_n(argv[optind], n_text))
            return CLI_OPT_FAILED;
        optind++;
    }
    return getopt_long(argc, argv, optstring, options, NULL);
}

/* One message for a missing value and one for an unknown option, in every
 * command; CLI_OPT_FAILED has had its message already. */
int cli_option_error(int c, char **argv)
{
    if (c == CLI_OPT_FAILED)
        return EXIT_USAGE;
    if (c == ':')
        return cli_usage_error("option '%s' needs a value", argv[optind - 1]);
    return cli_usage_error("unknown option '%s'", argv[optind - 1]);
}

/* The words left after the options are all candidates for N. */
bool cli_take_rest_n(int argc, char **argv, const char **n_text)
{
    for (; optind < argc; optind++)
        if (!take_n(argv[optind], n_text))
            return false;
    return true;
}
