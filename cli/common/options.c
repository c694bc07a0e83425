/*
 * options.c - the parts of option parsing every command shares, so that
 * each command words its errors and reads its N the same way.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

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

/* The long option whose getopt value is `val`, or NULL. */
static const struct option *long_by_val(const struct option *longs, int val)
{
    for (; longs != NULL && longs->name != NULL; longs++)
        if (longs->val == val)
            return longs;
    return NULL;
}

/* An unknown or ambiguous long option, `arg` as given ("--name[=value]"):
 * a prefix of several options names them, as an abbreviation of one is
 * taken for it. */
static int long_option_error(const char *arg, const struct option *longs)
{
    const char *name = arg + 2;
    size_t len = strcspn(name, "=");
    char candidates[256] = "";
    size_t used = 0;
    int matches = 0;
    for (; longs != NULL && longs->name != NULL; longs++) {
        if (strncmp(longs->name, name, len) != 0)
            continue;
        matches++;
        int wrote = snprintf(candidates + used, sizeof candidates - used,
                             "%s--%s", matches > 1 ? ", " : "", longs->name);
        if (wrote > 0 && (size_t)wrote < sizeof candidates - used)
            used += (size_t)wrote;
    }
    char given[128], quoted[160];
    snprintf(given, sizeof given, "--%.*s", (int)len, name);
    cli_quote(given, quoted, sizeof quoted);
    if (matches > 1)
        return cli_usage_error("ambiguous option '%s': %s", quoted, candidates);
    return cli_usage_error("unknown option '%s'", quoted);
}

/* One message for each way an option can be wrong, in every command;
 * CLI_OPT_FAILED has had its message already. getopt_long says which
 * option in optopt: a long one's value (from longs), a short one's letter,
 * or 0 for a long name it does not know; argv[optind - 1] is not always
 * the word at fault, since a group of short options ("-qx") is not passed
 * until its end. */
int cli_option_error(int c, char **argv, const struct option *longs)
{
    if (c == CLI_OPT_FAILED)
        return EXIT_USAGE;
    const struct option *named = long_by_val(longs, optopt);
    if (c == ':') {
        if (named != NULL)
            return cli_usage_error("option '--%s' needs a value", named->name);
        return cli_usage_error("option '-%c' needs a value", optopt);
    }
    if (named != NULL)
        return cli_usage_error("option '--%s' takes no value", named->name);
    if (optopt == 0 && optind > 0 && strncmp(argv[optind - 1], "--", 2) == 0)
        return long_option_error(argv[optind - 1], longs);
    if (optopt > ' ' && optopt < 127)
        return cli_usage_error("unknown option '-%c'", optopt);
    /* A byte of a wider character: the word that holds it, whole. */
    const char *word = argv[optind - 1];
    if (strchr(word, optopt) == NULL && argv[optind] != NULL)
        word = argv[optind];
    char quoted[160];
    return cli_usage_error("unknown option in '%s'",
                           cli_quote(word, quoted, sizeof quoted));
}

/* The words left after the options are all candidates for N. */
bool cli_take_rest_n(int argc, char **argv, const char **n_text)
{
    for (; optind < argc; optind++)
        if (!take_n(argv[optind], n_text))
            return false;
    return true;
}
