/*
 * cmd_solve.c - `nqueens solve N`: the solutions as a stream, in
 * lexicographic order of their 1-based column vectors, in the format asked
 * for (format.h), all of them or one per symmetry class (--unique).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "common/deadline.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "nqueens.h"
#include "output/board.h"
#include "output/format.h"
#include "output/writer.h"

static const char solve_head[] =
    "Usage: nqueens solve [OPTIONS] N\n"
    "\n"
    "Writes the solutions of the N-queens puzzle in lexicographic order of\n"
    "their column vectors (the column of the queen in row 1 first), the\n"
    "order of the textbook programs, whatever the number of threads.\n"
    "\n"
    "Options:\n";

static const char solve_tail[] =
    "\n"
    "Formats:\n"
    "  board   \"Solution K:\", then N lines of N cells; a blank line\n"
    "          between boards\n"
    "  vector  one line per solution: 1 5 8 6 3 7 2 4\n"
    "  json    one object per line:\n"
    "          {\"n\":8,\"index\":1,\"queens\":[1,5,8,6,3,7,2,4]}\n"
    "  csv     a header (index,row1,...,rowN), then one record per solution\n"
    "  svg     one SVG picture of the boards, numbered; at most 1000 boards\n"
    "          unless --limit says how many (up to 100000); its title says\n"
    "          whether they are all the solutions or the first K\n"
    "\n"
    "Examples:\n"
    "  nqueens solve 8 --format vector | head -3\n"
    "  nqueens solve 8 --unique --format json\n"
    "  nqueens solve 8 --format svg -o queens8.svg\n"
    "\n"
    "Exit status: 0 success (also when there is no solution), 2 bad usage,\n"
    "an output that could not be written or the time limit of --max-time.\n";

/* nq_solve_encoded()'s side of a format that encodes: the search threads
 * make the text, the calling thread writes it. */
static size_t solve_encode(const unsigned char *cols, size_t count, int n,
                           char *out, void *user)
{
    const struct format_stream *s = user;
    (void)n;
    return s->format->encode(&s->run, cols, count, out);
}

static int solve_emit(const char *bytes, size_t len, size_t count, void *user)
{
    struct format_stream *s = user;
    writer_put(s->run.out, bytes, len);
    writer_record_end(s->run.out);
    s->run.index += count;
    return s->run.out->err != 0 || deadline_check(&s->deadline);
}

/* The search calls back only with solutions, and a large board can go a
 * long while without one (`solve 34 --limit 1` takes seconds): a watchdog
 * ends such a run a little after the limit. A run whose solutions come
 * stops at the limit itself, on a whole record (solve_emit). */
static void solve_watchdog(const struct deadline *d, int n)
{
    static char message[96];
    snprintf(message, sizeof message,
             "solve %d stopped by --max-time %g while searching", n,
             d->seconds);
    deadline_enforce(d, DEADLINE_GRACE, message);
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
    bool format_given;
    bool json;
    double max_time; /* 0: no limit */
};

#define ARGS struct solve_args
static const struct opt solve_opts[] = {
    OPT_USE_GIVEN(opt_format, ARGS, format, format_given, NULL),
    OPT_USE_HELP(opt_json, ARGS, json, "the same as --format json"),
    OPT_FLAG("unique", 'u', ARGS, unique,
             "one solution per class under the 8 symmetries\n"
             "of the square: the smallest vector of its class"),
    OPT_USE_GIVEN(opt_limit, ARGS, limit, limit_given, NULL),
    OPT_USE_GIVEN(opt_base, ARGS, base, base_given,
                  "number of the first column in vector and csv\n"
                  "(default 1; json is always 1-based)"),
    OPT_USE_HELP(opt_output, ARGS, output,
                 "write to FILE, complete or not at all (a failed\n"
                 "or interrupted run leaves no FILE behind)"),
    OPT_USE_HELP(opt_threads, ARGS, threads,
                 "search threads (default 0: all cores)"),
    OPT_USE(opt_max_time, ARGS, max_time),
    OPT_USE_GIVEN(opt_queen, ARGS, style.queen, glyphs_given, NULL),
    OPT_USE_GIVEN(opt_empty, ARGS, style.empty, glyphs_given, NULL),
    OPT_USE_GIVEN(opt_compact, ARGS, style.compact, glyphs_given, NULL),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef ARGS

const struct optable solve_table = OPTABLE(solve_opts, 23, true);

/* Parses argv; returns -1 to go on, or the exit status to return. */
static int solve_parse(int argc, char **argv, struct solve_args *a)
{
    const char *n_text = NULL;
    int status = optable_parse(&solve_table, argc, argv, a, &n_text);
    if (status == OPTABLE_HELP) {
        optable_usage(solve_head, &solve_table, solve_tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    if (n_text == NULL)
        return cli_usage_error("solve needs N, the size of the board");
    if (!cli_parse_n(n_text, NQ_MAX_N, "", &a->n))
        return EXIT_USAGE;
    if (opt_json_format(a->json, a->format_given, &a->format) != 0)
        return EXIT_USAGE;
    if (a->base_given && !a->format->uses_base)
        return cli_usage_error("--base applies to --format vector and csv, "
                               "not %s",
                               a->format->name);
    if (a->glyphs_given && !a->format->uses_glyphs)
        return cli_usage_error("--queen, --empty and --compact apply to "
                               "--format board, not %s",
                               a->format->name);
    if (opt_glyphs_check(a->style.queen, a->style.empty) != 0)
        return EXIT_USAGE;
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
    /* The SVG's title says whether --limit cut the run: the search looks
     * for one solution past the limit. */
    struct format_stream s = {
        .format = a.format, .limit = a.limit, .peek = a.format == &format_svg};
    deadline_start(&s.deadline, a.max_time);
    solve_watchdog(&s.deadline, a.n);
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
    nq_solve_options_init(&options, NQ_SOLVE_OPTIONS_VERSION);
    options.threads = a.threads;
    /* Every solution in a format that encodes a run at once: the text is
     * made on the search threads. */
    nq_solve_encoder encoder = {
        .encode = solve_encode, .emit = solve_emit, .user = &s};
    bool encoded = a.format->encode != NULL && !a.unique && !a.limit_given;
    if (encoded)
        encoder.max_bytes = a.format->max_bytes(a.n);
    /* The search runs on other threads: this one can wait on the disk. */
    if (encoded && a.threads != 1 && nq_count_default_threads() > 1)
        writer_direct(&out);
    int rc = s.limit == 0 ? NQ_OK
             : encoded    ? nq_solve_encoded(a.n, &options, &encoder)
             : a.unique
                 ? nq_solve_unique(a.n, &options, format_stream_write, &s)
                 : nq_solve(a.n, &options, format_stream_write, &s);
    /* A failed run only frees what the format holds: an SVG stopped by
     * --max-time is not written, as it cannot end on a whole solution. */
    s.run.abandon = (rc != NQ_OK && rc != NQ_E_STOPPED) || s.svg_overflow ||
                    s.deadline.passed;
    s.run.limited = a.limit_given && (a.limit == 0 || s.past_limit);
    status = a.format->end(&s.run);
    if (rc != NQ_OK && rc != NQ_E_STOPPED) {
        writer_close(&out, false);
        return cli_error("%s", nq_strerror(rc));
    }
    if (s.deadline.passed) {
        writer_close(&out, false);
        return cli_error("solve %d stopped by --max-time %g after %llu "
                         "solutions",
                         a.n, a.max_time, (unsigned long long)s.run.index);
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
