/*
 * optable.h - the commands' options declared once, as tables: from one
 * table come the getopt_long strings, the checks of each value with one
 * wording of the errors, and the Options block of the command's --help
 * (cli/optable.c). Options several commands take are defined once in
 * cli/opt_common.c.
 *
 * Adding an option to a command is one entry in its table, for example
 *
 *     OPT_INT("limit", 'l', struct solve_args, limit, 0, INT64_MAX, "K",
 *             "stop after K solutions"),
 *
 * with the field it sets in the command's options struct (int, int64_t,
 * uint64_t: by its size), or, for one that several commands take, a use
 * of its common definition:
 *
 *     OPT_USE(opt_threads, struct solve_args, threads),
 *
 * (OPT_USE_HELP gives it this command's help text). A value that needs
 * more than a range or a list of words gets a setter (OPT_CALL). A help
 * text of several lines separates them with '\n'; OPT_SECTION starts a
 * titled group of options in --help, OPT_NOTE a line that is no option.
 * tests/unit/test_cli_optable.c and tests/cli/test_help_options.sh check
 * that every option --help lists is accepted and the other way round.
 */
#ifndef NQ_CLI_OPTABLE_H
#define NQ_CLI_OPTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What an option's value is, and so how it is checked and stored. */
enum opt_kind {
    OPTK_FLAG,    /* no value: sets a bool to true */
    OPTK_VALUE,   /* no value: sets an int field to `min` */
    OPTK_INT,     /* an integer in [min, max] into an int or 64-bit int */
    OPTK_SIZE,    /* a size such as 512M or 2G into a uint64_t (bytes) */
    OPTK_SECONDS, /* seconds (digits and '.') in [min, max] into a double */
    OPTK_CHOICE,  /* one of the words of `choices`, its value into an int */
    OPTK_STRING,  /* any non-empty text: the const char * points at it */
    OPTK_CALL,    /* the setter `set` checks and stores the value */
    OPTK_HELP,    /* -h/--help: the parse stops and asks for the help */
    OPTK_SECTION, /* not an option: a heading in --help */
    OPTK_NOTE     /* not an option: a line of the Options block */
};

/* One word of an OPTK_CHOICE option and the value it stands for. */
struct opt_choice {
    const char *word;
    int value;
};

struct opt_def;

/* The setter of an OPTK_CALL option: checks `value` (NULL for an option
 * without value) and stores it at `dest`: the field of the opt, or the
 * command's whole options struct when the opt names no field. Returns 0,
 * or prints the error (cli_usage_error) and returns EXIT_USAGE. */
typedef int (*opt_setter)(const struct opt_def *def, const char *value,
                          void *dest);

/* What an option is, the same in every command that takes it. */
struct opt_def {
    const char *name;       /* long name without "--"; NULL: no option */
    int letter;             /* short name, 0 when none */
    enum opt_kind kind;     /* how the value is read */
    bool takes_value;       /* OPTK_CALL: whether a value follows */
    const char *value_name; /* in --help: "T", "FILE", "0|1" */
    const char *help;       /* --help text, lines separated by '\n' */
    long long min, max;     /* OPTK_INT, OPTK_SECONDS: the range */
    const struct opt_choice *choices; /* OPTK_CHOICE: ends with word NULL */
    const char *want;                 /* the error's "must be ..." words;
                                         NULL: made from the range */
    opt_setter set;                   /* OPTK_CALL */
};

/* Marks "no such field" in an opt. */
#define OPT_NO_FIELD ((size_t)-1)

/* An option as one command takes it: where its value goes. */
struct opt {
    const struct opt_def *def;
    size_t field;      /* offset of the field set; OPT_NO_FIELD: none */
    size_t field_size; /* its size, for OPTK_INT */
    size_t given;      /* offset of a bool set when given, or OPT_NO_FIELD */
    const char *help;  /* this command's help text, NULL: def->help */
};

/* A command's options and how its --help lays them out. */
struct optable {
    const struct opt *opts;
    size_t count;
    int column;        /* the column where help texts start */
    bool indent_longs; /* "      --base" (true) or "  --base" (false) */
};

#define OPT_FIELD_(type, member)                                               \
    offsetof(type, member), sizeof(((type *)0)->member)

/* A use of a common definition (cli/opt_common.c) by one command. */
#define OPT_USE(def, type, member)                                             \
    {                                                                          \
        &(def), OPT_FIELD_(type, member), OPT_NO_FIELD, NULL                   \
    }
#define OPT_USE_HELP(def, type, member, text)                                  \
    {                                                                          \
        &(def), OPT_FIELD_(type, member), OPT_NO_FIELD, (text)                 \
    }
/* The same, with a bool field `given` set when the option is given. */
#define OPT_USE_GIVEN(def, type, member, given_member, text)                   \
    {                                                                          \
        &(def), OPT_FIELD_(type, member), offsetof(type, given_member), (text) \
    }
/* A use of a definition that stores nothing in a field (a setter that
 * takes the whole options struct, --help, headings). */
#define OPT_USE_ARGS(def, text)                                                \
    {                                                                          \
        &(def), OPT_NO_FIELD, 0, OPT_NO_FIELD, (text)                          \
    }

/* Definitions for one command alone, written in place (compound
 * literals, so that the table stays one list). */
#define OPT_FLAG(name, letter, type, member, help)                             \
    {                                                                          \
        &(const struct opt_def){(name), (letter), OPTK_FLAG, false,            \
                                NULL,   (help),   0,         0,                \
                                NULL,   NULL,     NULL},                       \
            OPT_FIELD_(type, member), OPT_NO_FIELD, NULL                       \
    }
#define OPT_VALUE(name, letter, type, member, value, help)                     \
    {                                                                          \
        &(const struct opt_def){(name), (letter), OPTK_VALUE, false,           \
                                NULL,   (help),   (value),    0,               \
                                NULL,   NULL,     NULL},                       \
            OPT_FIELD_(type, member), OPT_NO_FIELD, NULL                       \
    }
#define OPT_INT_WANT(name, letter, type, member, lo, hi, value_name, want,     \
                     help)                                                     \
    {                                                                          \
        &(const struct opt_def){(name),       (letter), OPTK_INT, true,        \
                                (value_name), (help),   (lo),     (hi),        \
                                NULL,         (want),   NULL},                 \
            OPT_FIELD_(type, member), OPT_NO_FIELD, NULL                       \
    }
#define OPT_INT(name, letter, type, member, lo, hi, value_name, help)          \
    OPT_INT_WANT(name, letter, type, member, lo, hi, value_name, NULL, help)
#define OPT_CHOICE(name, letter, type, member, choices, value_name, help)      \
    {                                                                          \
        &(const struct opt_def){(name),       (letter), OPTK_CHOICE, true,     \
                                (value_name), (help),   0,           0,        \
                                (choices),    NULL,     NULL},                 \
            OPT_FIELD_(type, member), OPT_NO_FIELD, NULL                       \
    }
#define OPT_STRING(name, letter, type, member, value_name, help)               \
    {                                                                          \
        &(const struct opt_def){(name),       (letter), OPTK_STRING, true,     \
                                (value_name), (help),   0,           0,        \
                                NULL,         NULL,     NULL},                 \
            OPT_FIELD_(type, member), OPT_NO_FIELD, NULL                       \
    }
#define OPT_CALL(name, letter, takes_value, setter, value_name, help)          \
    {                                                                          \
        &(const struct opt_def){                                               \
            (name), (letter), OPTK_CALL, (takes_value), (value_name), (help),  \
            0,      0,        NULL,      NULL,          (setter)},             \
            OPT_NO_FIELD, 0, OPT_NO_FIELD, NULL                                \
    }
#define OPT_SECTION(title)                                                     \
    {                                                                          \
        &(const struct opt_def){NULL, 0, OPTK_SECTION, false, NULL, (title),   \
                                0,    0, NULL,         NULL,  NULL},           \
            OPT_NO_FIELD, 0, OPT_NO_FIELD, NULL                                \
    }
#define OPT_NOTE(head, help)                                                   \
    {                                                                          \
        &(const struct opt_def){NULL, 0, OPTK_NOTE, false, (head), (help),     \
                                0,    0, NULL,      NULL,  NULL},              \
            OPT_NO_FIELD, 0, OPT_NO_FIELD, NULL                                \
    }

#define OPTABLE(opts, column, indent_longs)                                    \
    {                                                                          \
        (opts), sizeof(opts) / sizeof((opts)[0]), (column), (indent_longs)     \
    }

/* What optable_parse returns besides an exit status. */
enum { OPTABLE_GO = -1, OPTABLE_HELP = -3 };

/* Parses argv[1..] (argv[0] is the command) by the table into `args`.
 * Words that are no option (and negative numbers, "-3") are positional:
 * with n_text, the first goes into *n_text and a second is the error
 * "more than one N given"; with n_text NULL they are left to the caller
 * in argv[optind..argc-1]. Returns
 * OPTABLE_GO to go on, OPTABLE_HELP when -h/--help was given (the
 * command prints its help and exits 0), or EXIT_USAGE after printing
 * the error. */
int optable_parse(const struct optable *t, int argc, char **argv, void *args,
                  const char **n_text);

/* Writes the table's Options block, one option a line (or more). */
void optable_help(const struct optable *t, FILE *out);

/* Writes a command's --help on standard output: `head` (up to and with
 * "Options:\n"), the Options block, then `tail`. */
void optable_usage(const char *head, const struct optable *t, const char *tail);

/* Parses a size: a positive integer with an optional K, M, G or T suffix
 * (powers of 1024), optionally followed by B or iB. */
bool optable_parse_size(const char *text, uint64_t *bytes);

#endif /* NQ_CLI_OPTABLE_H */
