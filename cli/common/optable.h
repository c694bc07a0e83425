/*
 * optable.h - the commands' options declared once, as tables: from one
 * table come the getopt_long strings, the checks of each value with one
 * wording of the errors, and the Options block of the command's --help
 * (cli/common/optable.c). Options several commands take are defined once in
 * cli/common/opt_common.c.
 *
 * Adding an option to a command is one entry in its table (the array of
 * struct opt in cli/cmd_<command>.c), for example
 *
 *     OPT_INT("limit", 'l', struct solve_args, limit, 0, INT64_MAX, "K",
 *             "stop after K solutions"),
 *
 * naming the field it sets in the command's options struct (integers go
 * into int, enum, int64_t or uint64_t fields by their width), or, for an
 * option that several commands take, a use of its common definition:
 *
 *     OPT_USE(opt_threads, struct solve_args, threads),
 *
 * (OPT_USE_HELP gives it this command's help text, OPT_USE_GIVEN also sets
 * a bool when it is given). Any other combination of fields of struct
 * opt_def goes through OPT_ONE(type, member, .name = ..., ...). A value
 * that needs more than a range or a list of words gets a setter (OPTK_CALL,
 * OPT_CALL). A new option that several commands share is defined once in
 * cli/common/opt_common.c. Help texts of several lines separate them with '\n';
 * the table's column and indentation lay them out. OPT_SECTION starts a
 * titled group of options in --help, OPT_NOTE writes a line that is no
 * option. The order of the table is the order of --help.
 *
 * tests/unit/test_cli_optable.c (add a new command's table to its list)
 * and tests/cli/test_help_options.sh check that every option --help lists
 * is accepted and that every option a table holds is listed.
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
    size_t field_size; /* its width (1, 4 or 8), for the integer kinds */
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

/* The width of a field as an integer: 8 for the 64-bit types, 1 for a
 * bool, else 4 (int, enums; only the kinds that store an integer use it). */
#define OPT_WIDTH_(type, member)                                               \
    _Generic(((type *)0)->member, _Bool : 1, long : 8, unsigned long : 8,      \
             long long : 8, unsigned long long : 8, default : 4)
#define OPT_FIELD_(type, member)                                               \
    .field = offsetof(type, member), .field_size = OPT_WIDTH_(type, member)

/* A use of a common definition (cli/common/opt_common.c) by one command. */
#define OPT_USE(d, type, member)                                               \
    {                                                                          \
        .def = &(d), OPT_FIELD_(type, member), .given = OPT_NO_FIELD           \
    }
#define OPT_USE_HELP(d, type, member, text)                                    \
    {                                                                          \
        .def = &(d), OPT_FIELD_(type, member), .given = OPT_NO_FIELD,          \
        .help = (text)                                                         \
    }
/* The same, with a bool field `given` set when the option is given. */
#define OPT_USE_GIVEN(d, type, member, given_member, text)                     \
    {                                                                          \
        .def = &(d), OPT_FIELD_(type, member),                                 \
        .given = offsetof(type, given_member), .help = (text)                  \
    }
/* A use of a definition that stores nothing in a field (a setter that
 * takes the whole options struct, --help). */
#define OPT_USE_ARGS(d, text)                                                  \
    {                                                                          \
        .def = &(d), .field = OPT_NO_FIELD, .given = OPT_NO_FIELD,             \
        .help = (text)                                                         \
    }

/* An option for one command alone, its definition written in place (a
 * compound literal, so that the table stays one list): `def` is the
 * designated initializer of its struct opt_def. */
#define OPT_ONE(type, member, ...)                                             \
    {                                                                          \
        .def = &(const struct opt_def){__VA_ARGS__}, OPT_FIELD_(type, member), \
        .given = OPT_NO_FIELD                                                  \
    }
#define OPT_ONE_GIVEN(type, member, given_member, ...)                         \
    {                                                                          \
        .def = &(const struct opt_def){__VA_ARGS__}, OPT_FIELD_(type, member), \
        .given = offsetof(type, given_member)                                  \
    }
#define OPT_FLAG(n, l, type, member, text)                                     \
    OPT_ONE(type, member, .name = (n), .letter = (l), .kind = OPTK_FLAG,       \
            .help = (text))
#define OPT_VALUE(n, l, type, member, value, text)                             \
    OPT_ONE(type, member, .name = (n), .letter = (l), .kind = OPTK_VALUE,      \
            .min = (value), .help = (text))
#define OPT_INT_WANT(n, l, type, member, lo, hi, value_name_, want_, text)     \
    OPT_ONE(type, member, .name = (n), .letter = (l), .kind = OPTK_INT,        \
            .value_name = (value_name_), .min = (lo), .max = (hi),             \
            .want = (want_), .help = (text))
#define OPT_INT(n, l, type, member, lo, hi, value_name_, text)                 \
    OPT_INT_WANT(n, l, type, member, lo, hi, value_name_, NULL, text)
#define OPT_CHOICE(n, l, type, member, choices_, value_name_, text)            \
    OPT_ONE(type, member, .name = (n), .letter = (l), .kind = OPTK_CHOICE,     \
            .choices = (choices_), .value_name = (value_name_),                \
            .help = (text))
#define OPT_STRING(n, l, type, member, value_name_, text)                      \
    OPT_ONE(type, member, .name = (n), .letter = (l), .kind = OPTK_STRING,     \
            .value_name = (value_name_), .help = (text))
/* A setter that gets the whole options struct. */
#define OPT_CALL(n, l, takes, setter, value_name_, text)                       \
    {                                                                          \
        .def = &(const struct opt_def){.name = (n),                            \
                                       .letter = (l),                          \
                                       .kind = OPTK_CALL,                      \
                                       .takes_value = (takes),                 \
                                       .value_name = (value_name_),            \
                                       .help = (text),                         \
                                       .set = (setter)},                       \
        .field = OPT_NO_FIELD, .given = OPT_NO_FIELD                           \
    }
/* Not options: a heading, and a line of the Options block. */
#define OPT_SECTION(title)                                                     \
    {                                                                          \
        .def = &(const struct opt_def){.kind = OPTK_SECTION, .help = (title)}, \
        .field = OPT_NO_FIELD, .given = OPT_NO_FIELD                           \
    }
#define OPT_NOTE(head, text)                                                   \
    {                                                                          \
        .def = &(const struct opt_def){.kind = OPTK_NOTE,                      \
                                       .value_name = (head),                   \
                                       .help = (text)},                        \
        .field = OPT_NO_FIELD, .given = OPT_NO_FIELD                           \
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
