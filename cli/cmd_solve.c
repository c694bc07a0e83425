/*
 * cmd_solve.c - `nqueens solve N`: the solutions as a stream, in
 * lexicographic order of their 1-based column vectors, in the format asked
 * for (format.h), all of them or one per symmetry class (--unique).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "commands.h"
#include "format.h"
#include "messages.h"
#include "nqueens.h"
#include "options.h"
#include "parse.h"
#include "writer.h"

static const char solve_usage[] =
    "Usage: nqueens solve [OPTIONS] N\n"
    "\n"
    "Writes the solutions of the N-queens puzzle in lexicographic order of\n"
    "their column vectors (the column of the queen in row 1 first), the\n"
    "order of the textbook programs, whatever the number of threads.\n"
    "\n"
    "Options:\n"
    "  -f, --format FORMAT  board (default), vector, json, csv or svg\n"
    "  -u, --unique         one solution per class under the 8 symmetries\n"
    "                       of the square: the smallest vector of its class\n"
    "  -l, --limit K        stop after K solutions\n"
    "      --base 0|1       number of the first column in vector and csv\n"
    "                       (default 1; json is always 1-based)\n"
    "  -o, --output FILE    write to FILE, complete or not at all (a failed\n"
    "                       or interrupted run leaves no FILE behind)\n"
    "  -t, --threads T      search threads (default: all cores)\n"
    "      --queen GLYPH    board: how a queen is drawn (default Q)\n"
    "      --empty GLYPH    board: how an empty square is drawn (default .)\n"
    "      --compact        board: no space between the cells of a row\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "Formats:\n"
    "  board   \"Solution K:\", then N lines of N cells; a blank line\n"
    "          between boards\n"
    "  vector  one line per solution: 1 5 8 6 3 7 2 4\n"
    "  json    one object per line:\n"
    "          {\"n\":8,\"index\":1,\"queens\":[1,5,8,6,3,7,2,4]}\n"
    "  csv     a header (index,row1,...,rowN), then one record per solution\n"
    "  svg     one SVG picture of the boards, numbered; at most 1000 boards\n"
    "          unless --limit says how many (up to 100000)\n"
    "\n"
    "Examples:\n"
    "  nqueens solve 8 --format vector | head -3\n"
    "  nqueens solve 8 --unique --format json\n"
    "  nqueens solve 8 --format svg -o queens8.svg\n"
    "\n"
    "Exit status: 0 success (also when there is no solution), 2 bad usage\n"
    "or an output that could not be written.\n";

/* What the solution callback carries. */
struct solve_run {
    const struct output_format *format;
    struct format_run run;
    uint64_t limit;    /* solutions to write; UINT64_MAX: all */
    bool svg_overflow; /* an SVG without --limit met too many boards */
};

static int solve_write_one(const int *cols, int n, void *user)
{
    struct solve_run *s = user;
    (void)n;
    if (s->run.index == s->limit)
        return 1;
    if (s->format == &format_svg && s->limit == UINT64_MAX &&
        s->run.index == SVG_DEFAULT_MAX_BOARDS) {
        s->svg_overflow = true;
        return 1;
    }
    s->run.index++;
    s->format->solution(&s->run, cols);
    /* Stop once the output is gone or the limit is reached. */
    return s->run.out->err != 0 || s->run.index == s->limit;
}

/* nq_solve_encoded()'s side of a format that encodes: the search threads
 * make the text, the calling thread writes it. */
static size_t solve_encode(const unsigned char *cols, size_t count, int n,
                           char *out, void *user)
{
    const struct solve_run *s = user;
    (void)n;
    return s->format->encode(&s->run, cols, count, out);
}

static int solve_emit(const char *bytes, size_t len, size_t count, void *user)
{
    struct solve_run *s = user;
    writer_put(s->run.out, bytes, len);
    s->run.index += count;
    return s->run.out->err != 0;
}

/* The options after parsing. */
struct solve_args {
    int n;
    const struct output_format *format;
    bool unique;
    bool limit_given;
    uint64_t limit;
    int base;
    bool base_given;
    bool glyphs_given;
    const char *output; /* NULL: standard output */
    int threads;        /* 0: all cores */
    struct board_style style;
};

/* Parses argv; returns -1 to go on, or the exit status to return. */
static int solve_parse(int argc, char **argv, struct solve_args *a)
{
    enum { OPT_BASE = 256 };
    static const struct option options[] = {
        {"format", required_argument, NULL, 'f'},
        {"unique", no_argument, NULL, 'u'},
        {"limit", required_argument, NULL, 'l'},
        {"base", required_argument, NULL, OPT_BASE},
        {"output", required_argument, NULL, 'o'},
        {"threads", required_argument, NULL, 't'},
        {"queen", required_argument, NULL, BOARD_OPT_QUEEN},
        {"empty", required_argument, NULL, BOARD_OPT_EMPTY},
        {"compact", no_argument, NULL, BOARD_OPT_COMPACT},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *n_text = NULL;
    long long value = 0;
    char quoted[64];

    cli_getopt_reset();
    for (;;) {
        int c = cli_getopt(argc, argv, ":f:ul:o:t:h", options, &n_text);
        if (c == -1)
            break;
        switch (c) {
        case 'h':
            fputs(solve_usage, stdout);
            return EXIT_OK;
        case 'f':
            a->format = format_find(optarg);
            if (a->format == NULL)
                return cli_usage_error(
                    "--format must be one of %s, got '%s'", format_names,
                    cli_quote(optarg, quoted, sizeof quoted));
            break;
        case 'u':
            a->unique = true;
            break;
        case 'l':
            if (!cli_parse_long(optarg, 0, INT64_MAX, &value))
                return cli_usage_error(
                    "--limit must be a whole number (0 or more), got '%s'",
                    cli_quote(optarg, quoted, sizeof quoted));
            a->limit = (uint64_t)value;
            a->limit_given = true;
            break;
        case OPT_BASE:
            if (!cli_parse_long(optarg, 0, 1, &value))
                return cli_usage_error(
                    "--base must be 0 or 1, got '%s'",
                    cli_quote(optarg, quoted, sizeof quoted));
            a->base = (int)value;
            a->base_given = true;
            break;
        case 'o':
            if (*optarg == '\0')
                return cli_usage_error("--output needs a file name");
            a->output = optarg;
            break;
        case 't':
            if (!cli_parse_long(optarg, 1, NQ_MAX_THREADS, &value))
                return cli_usage_error(
                    "--threads must be an integer from 1 to %d, got '%s'",
                    NQ_MAX_THREADS, cli_quote(optarg, quoted, sizeof quoted));
            a->threads = (int)value;
            break;
        case BOARD_OPT_QUEEN:
        case BOARD_OPT_EMPTY:
        case BOARD_OPT_COMPACT:
            if (board_style_option(c, optarg, NULL, &a->style) != 0)
                return EXIT_USAGE;
            a->glyphs_given = true;
            break;
        default:
            return cli_option_error(c, argv);
        }
    }
    if (!cli_take_rest_n(argc, argv, &n_text))
        return EXIT_USAGE;
    if (n_text == NULL)
        return cli_usage_error("solve needs N, the size of the board");
    if (!cli_parse_n(n_text, NQ_MAX_N, "", &a->n))
        return EXIT_USAGE;
    if (a->base_given && !a->format->uses_base)
        return cli_usage_error("--base applies to --format vector and csv, "
                               "not %s",
                               a->format->name);
    if (a->glyphs_given && !a->format->uses_glyphs)
        return cli_usage_error("--queen, --empty and --compact apply to "
                               "--format board, not %s",
                               a->format->name);
    if (a->format == &format_svg && a->limit_given && a->limit > SVG_LIMIT_MAX)
        return cli_usage_error("an SVG holds at most %d boards; got --limit "
                               "%llu",
                               SVG_LIMIT_MAX, (unsigned long long)a->limit);
    return -1;
}

int cmd_solve(int argc, char **argv)
{
    struct solve_args a = {.format = &format_board,
                           .base = 1,
                           .limit = UINT64_MAX,
                           .style = board_style_default};
    int status = solve_parse(argc, argv, &a);
    if (status >= 0)
        return status;

    struct writer out;
    if (writer_open(&out, a.output) != 0)
        return EXIT_USAGE;
    struct solve_run s = {.format = a.format, .limit = a.limit};
    s.run.out = &out;
    s.run.n = a.n;
    s.run.base = a.base;
    s.run.style = &a.style;
    s.run.unique = a.unique;
    status = a.format->begin(&s.run);
    if (status != 0) {
        writer_close(&out, false);
        return status;
    }

    nq_solve_options options;
    nq_solve_options_init(&options);
    options.threads = a.threads;
    /* Every solution in a format that encodes a run at once: the text is
     * made on the search threads. */
    nq_solve_encoder encoder = {
        .encode = solve_encode, .emit = solve_emit, .user = &s};
    bool encoded = a.format->encode != NULL && !a.unique && !a.limit_given;
    if (encoded)
        encoder.max_bytes = a.format->max_bytes(a.n);
    /* The search runs on other threads: this one can wait on the disk. */
    if (encoded && a.threads != 1 && sysconf(_SC_NPROCESSORS_ONLN) > 1)
        writer_direct(&out);
    int rc = s.limit == 0 ? NQ_OK
             : encoded    ? nq_solve_encoded(a.n, &options, &encoder)
             : a.unique   ? nq_solve_unique(a.n, &options, solve_write_one, &s)
                          : nq_solve(a.n, &options, solve_write_one, &s);
    /* A failed run only frees what the format holds. */
    s.run.abandon = (rc != NQ_OK && rc != NQ_E_STOPPED) || s.svg_overflow;
    status = a.format->end(&s.run);
    if (rc != NQ_OK && rc != NQ_E_STOPPED) {
        writer_close(&out, false);
        return cli_error("%s", nq_strerror(rc));
    }
    if (s.svg_overflow) {
        writer_close(&out, false);
        return cli_usage_error("N = %d has more than %d %ssolutions, too many "
                               "boards for one SVG: choose how many with "
                               "--limit K",
                               a.n, SVG_DEFAULT_MAX_BOARDS,
                               a.unique ? "unique " : "");
    }
    if (status != 0) {
        writer_close(&out, false);
        return status;
    }
    return writer_close(&out, true);
}
