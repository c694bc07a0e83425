/*
 * opt_common.c - the options several commands take, so that each means
 * one thing, checks its value one way and words its errors alike.
 */
#include "opt_common.h"
#include "format.h"
#include "messages.h"
#include "nqueens.h"
#include "parse.h"

const struct opt_def opt_help = {.name = "help",
                                 .letter = 'h',
                                 .kind = OPTK_HELP,
                                 .help = "show this help and exit"};

const struct opt_def opt_threads = {.name = "threads",
                                    .letter = 't',
                                    .kind = OPTK_INT,
                                    .value_name = "T",
                                    .help =
                                        "worker threads (default: all cores)",
                                    .min = 1,
                                    .max = NQ_MAX_THREADS};

/* --format: a name of format.h's table. */
static int set_format(const struct opt_def *def, const char *value, void *dest)
{
    const struct output_format *f = format_find(value);
    if (f == NULL) {
        char quoted[64];
        return cli_usage_error("--%s must be one of %s, got '%s'", def->name,
                               format_names,
                               cli_quote(value, quoted, sizeof quoted));
    }
    *(const struct output_format **)dest = f;
    return 0;
}

const struct opt_def opt_format = {
    .name = "format",
    .letter = 'f',
    .kind = OPTK_CALL,
    .takes_value = true,
    .value_name = "FORMAT",
    .help = "board (default), vector, json, csv or svg",
    .set = set_format};

const struct opt_def opt_output = {.name = "output",
                                   .letter = 'o',
                                   .kind = OPTK_STRING,
                                   .value_name = "FILE",
                                   .help =
                                       "write to FILE, complete or not at all",
                                   .want = "a file name"};

const struct opt_def opt_base = {
    .name = "base",
    .kind = OPTK_INT,
    .value_name = "0|1",
    .help = "number of the first column in vector and csv",
    .min = 0,
    .max = 1,
    .want = "0 or 1"};

const struct opt_def opt_queen = {.name = "queen",
                                  .kind = OPTK_STRING,
                                  .value_name = "GLYPH",
                                  .help =
                                      "board: how a queen is drawn (default Q)",
                                  .want = "a glyph"};

const struct opt_def opt_empty = {
    .name = "empty",
    .kind = OPTK_STRING,
    .value_name = "GLYPH",
    .help = "board: how an empty square is drawn (default .)",
    .want = "a glyph"};

const struct opt_def opt_compact = {
    .name = "compact",
    .kind = OPTK_FLAG,
    .help = "board: no space between the cells of a row"};

const struct opt_def opt_json = {
    .name = "json",
    .kind = OPTK_FLAG,
    .help = "one JSON object instead of the text lines"};

const struct opt_def opt_quiet = {.name = "quiet",
                                  .letter = 'q',
                                  .kind = OPTK_FLAG,
                                  .help =
                                      "print nothing: the exit status tells"};
