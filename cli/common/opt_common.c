/*
 * opt_common.c - the options several commands take, so that each means
 * one thing, checks its value one way and words its errors alike.
 */
#include <stdint.h>
#include <string.h>

#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "nqueens.h"
#include "output/format.h"

#define OPT_STR_(x) #x
#define NQ_STR_(x) OPT_STR_(x)

const struct opt_def opt_help = {.name = "help",
                                 .letter = 'h',
                                 .kind = OPTK_HELP,
                                 .help = "show this help and exit"};

const struct opt_def opt_threads = {.name = "threads",
                                    .letter = 't',
                                    .kind = OPTK_INT,
                                    .value_name = "T",
                                    .help = "worker threads (default 0: all "
                                            "cores)",
                                    .min = 0,
                                    .max = NQ_MAX_THREADS,
                                    .want = "an integer from 0 (all cores) "
                                            "to " NQ_STR_(NQ_MAX_THREADS)};

/* --format: a name of format.h's table. */
static int set_format(const struct opt_def *def, const char *value, void *dest)
{
    const struct output_format *f = format_find(value);
    if (f == NULL) {
        char quoted[64];
        return cli_usage_error("--%s must be %s, got '%s'", def->name,
                               format_words,
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
    .letter = 'j',
    .kind = OPTK_FLAG,
    .help = "one JSON object instead of the text lines"};

const struct opt_def opt_quiet = {.name = "quiet",
                                  .letter = 'q',
                                  .kind = OPTK_FLAG,
                                  .help =
                                      "print nothing: the exit status tells"};

const struct opt_def opt_limit = {
    .name = "limit",
    .letter = 'l',
    .kind = OPTK_INT,
    .value_name = "K",
    .help = "stop after K solutions",
    .min = 0,
    .max = INT64_MAX,
    .want = "a whole number from 0 to " OPT_INT64_MAX_TEXT};

/* Up to a million seconds, about 11 days: more is a typo. */
const struct opt_def opt_max_time = {
    .name = "max-time",
    .kind = OPTK_SECONDS,
    .value_name = "SEC",
    .help = "stop with exit status 2 after SEC seconds (default 0:\n"
            "no limit)",
    .min = 0,
    .max = 1000000};

int opt_json_format(bool json, bool format_given,
                    const struct output_format **format)
{
    if (!json)
        return 0;
    if (format_given && *format != &format_json)
        return cli_usage_error("--json and --format %s exclude each other "
                               "(--json is --format json)",
                               (*format)->name);
    *format = &format_json;
    return 0;
}

/* A glyph with white space in it: a space, a tab, a line break. (Other
 * control bytes pass: an escape sequence may colour a glyph.) */
static bool glyph_blank(const char *glyph)
{
    return strpbrk(glyph, " \t\n\r\v\f") != NULL;
}

/* A glyph as a message shows it: as given (UTF-8 too), unless it holds
 * control bytes (an escape sequence), which are written \xHH. */
static const char *glyph_shown(const char *glyph, char *buf, size_t size)
{
    for (const unsigned char *s = (const unsigned char *)glyph; *s; s++) {
        if (*s < ' ' || *s == 0x7f)
            return cli_quote(glyph, buf, size);
    }
    return glyph;
}

int opt_glyphs_check(const char *queen, const char *empty)
{
    const char *names[2] = {"queen", "empty"};
    const char *glyphs[2] = {queen, empty};
    for (int i = 0; i < 2; i++) {
        if (glyphs[i] != NULL && glyph_blank(glyphs[i])) {
            char quoted[64];
            return cli_usage_error(
                "--%s '%s': a glyph holds no white space (spaces and line "
                "breaks tell the cells and rows of a board apart)",
                names[i], cli_quote(glyphs[i], quoted, sizeof quoted));
        }
    }
    if (queen == NULL || empty == NULL)
        return 0;
    char q_buf[64], e_buf[64];
    const char *q = glyph_shown(queen, q_buf, sizeof q_buf);
    const char *e = glyph_shown(empty, e_buf, sizeof e_buf);
    if (strcmp(queen, empty) == 0)
        return cli_usage_error("--queen and --empty are both '%s': a board "
                               "would not show where its queens stand",
                               q);
    /* Cells are read glyph by glyph from the left: one glyph that begins
     * another could not be told from it (--compact: QQQ). */
    size_t queen_len = strlen(queen), empty_len = strlen(empty);
    if (strncmp(queen, empty, queen_len < empty_len ? queen_len : empty_len) ==
        0)
        return cli_usage_error("--queen '%s' and --empty '%s': one glyph "
                               "begins the other, so a board would not show "
                               "where its queens stand",
                               q, e);
    return 0;
}
