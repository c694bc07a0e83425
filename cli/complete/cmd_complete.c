/*
 * cmd_complete.c - `nqueens complete N`: some queens are given (--given
 * "r:c,..." or --board FILE), some squares blocked (--blocked, `#` on a
 * board) or some diagonals excluded (--exclude-diagonal), or all of it
 * read from a CSPLib instance file (--instance); write the first
 * completion, count them all (--count) or stream them all (--all), or say
 * that none exists (exit 1).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "common/deadline.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "common/progress.h"
#include "input/read_diagonal.h"
#include "input/read_given.h"
#include "input/read_instance.h"
#include "input/read_placement.h"
#include "input/read_stream.h"
#include "nqueens.h"
#include "output/board.h"
#include "output/format.h"
#include "output/json.h"
#include "output/writer.h"

/* Search nodes the default order may spend proving the lexicographically
 * first completion before it settles for the fewest-free-cells one: about
 * a second of one core (0.8 to 1.1 s of CPU on the development machine).
 * A node count, not a time, so that the output is the same on every
 * machine. */
#define COMPLETE_DEFAULT_MAX_NODES 20000000ull

/* --exclude-diagonal options kept: more than the 254 diagonals of the
 * largest board would repeat some. */
#define COMPLETE_MAX_DIAGONAL_OPTIONS 256

static const char complete_head[] =
    "Usage: nqueens complete [OPTIONS] N [--given ROW:COL,...]\n"
    "       nqueens complete [OPTIONS] [N] --board FILE|-\n"
    "       nqueens complete [OPTIONS] [N] --instance FILE|-\n"
    "\n"
    "Completes a board on which some queens are already placed, some\n"
    "squares blocked or some diagonals excluded: writes the first\n"
    "completion (a solution that keeps every given queen and puts none on\n"
    "a blocked square or an excluded diagonal), or counts or lists them\n"
    "all. Exit status 1 and \"no completion exists\" on standard error\n"
    "when there is none.\n"
    "\n";

static const char complete_tail[] =
    "\n"
    "Examples:\n"
    "  nqueens complete 8 --given 1:1,2:5 --format vector\n"
    "  nqueens complete 8 --given 1:2 --count\n"
    "  nqueens complete 8 --given 1:1,2:3     (exit 1: no completion)\n"
    "  nqueens complete 8 --given 4:4,5:2 --blocked 1:3 --count\n"
    "  nqueens complete 10 --exclude-diagonal sum:5,diff:-3\n"
    "  nqueens complete --instance FILE --first-diagonals 9\n"
    "\n"
    "Exit status: 0 success (also a count or a list of zero completions),\n"
    "1 no completion exists, 2 bad usage or bad input (given queens off\n"
    "the board, sharing a row, attacking each other or standing on a\n"
    "blocked square or an excluded diagonal; a malformed instance file).\n";

enum complete_mode { MODE_FIRST, MODE_COUNT, MODE_ALL };

/* The options after parsing. */
struct complete_args {
    const char *n_text;        /* N as given, NULL if none */
    const char *given_text;    /* --given */
    const char *board_path;    /* --board */
    const char *instance_path; /* --instance */
    const char *blocked_text;  /* --blocked */
    const char *diagonal_texts[COMPLETE_MAX_DIAGONAL_OPTIONS];
    int diagonal_options; /* --exclude-diagonal given */
    int first_diagonals;  /* --first-diagonals */
    bool first_diagonals_given;
    enum stream_format input_format; /* --input-format */
    bool input_format_given;
    enum complete_mode mode;            /* what to write */
    uint64_t limit;                     /* --limit; UINT64_MAX: all */
    nq_complete_order order;            /* --order */
    uint64_t max_nodes;                 /* --max-nodes */
    int threads;                        /* --threads; 0: all cores */
    const struct output_format *format; /* --format */
    int base;                           /* --base */
    struct board_style style;           /* --queen, --empty, --compact */
    bool glyphs_given;                  /* one of them was given */
    const char *output;                 /* -o */
    bool count;                         /* --count */
    bool all;                           /* --all, or --limit */
    bool limit_given;                   /* --limit */
    bool format_given;                  /* --format */
    bool json;                          /* --json */
    bool max_nodes_given;               /* --max-nodes */
    bool threads_given;                 /* --threads */
    double max_time;                    /* --max-time; 0: no limit */
};

/* --given, --blocked: one list of every queen (square), not several. */
static int set_given(const struct opt_def *def, const char *value, void *dest)
{
    const char **given = dest;
    if (*given != NULL)
        return cli_usage_error(
            "--%s given twice: list every %s in one "
            "--%s",
            def->name, strcmp(def->name, "blocked") == 0 ? "square" : "queen",
            def->name);
    *given = value;
    return 0;
}

/* --exclude-diagonal: repeatable; each value may list several. */
static int add_diagonals(const struct opt_def *def, const char *value,
                         void *dest)
{
    struct complete_args *a = dest;
    if (a->diagonal_options == COMPLETE_MAX_DIAGONAL_OPTIONS)
        return cli_usage_error("--%s given more than %d times: list several "
                               "in one, separated by commas",
                               def->name, COMPLETE_MAX_DIAGONAL_OPTIONS);
    a->diagonal_texts[a->diagonal_options++] = value;
    return 0;
}

static const struct opt_choice complete_input_formats[] = {
    {"vector", STREAM_VECTOR}, {"json", STREAM_JSON},     {"csv", STREAM_CSV},
    {"board", STREAM_BOARD},   {"matrix", STREAM_MATRIX}, {NULL, 0}};

static const struct opt_choice complete_orders[] = {
    {"lex", NQ_COMPLETE_LEXICOGRAPHIC},
    {"fast", NQ_COMPLETE_FEWEST_FREE},
    {NULL, 0}};

#define ARGS struct complete_args
static const struct opt complete_opts[] = {
    OPT_SECTION("The given queens:"),
    OPT_ONE(ARGS, given_text, .name = "given", .letter = 'g', .kind = OPTK_CALL,
            .takes_value = true, .value_name = "LIST",
            .help = "ROW:COLUMN pairs separated by commas, in any\n"
                    "rows, numbered from 1 (or --base 0):\n"
                    "--given \"1:1,5:7\"",
            .set = set_given),
    OPT_STRING("board", 'b', ARGS, board_path, "FILE",
               "a partial board (- for standard input): N lines\n"
               "of N cells, Q a queen, # a blocked square; rows\n"
               "may hold no queen; or a vector with . for a free\n"
               "row (2 . . 3), a 0/1 matrix, or any format\n"
               "verify reads"),
    OPT_ONE_GIVEN(ARGS, input_format, input_format_given,
                  .name = "input-format", .kind = OPTK_CHOICE,
                  .choices = complete_input_formats, .value_name = "FORMAT",
                  .help = "--board: vector, json, csv, board or matrix\n"
                          "(default: recognised from the input)"),
    OPT_STRING("instance", 0, ARGS, instance_path, "FILE",
               "a CSPLib instance file (problems 079, 080):\n"
               "letting n, init (queens), blocks (squares), or\n"
               "n, numdiags, diags (excluded diagonals); in the\n"
               "file's own numbering, whatever --base says"),
    OPT_ONE_GIVEN(ARGS, first_diagonals, first_diagonals_given,
                  .name = "first-diagonals", .kind = OPTK_INT,
                  .value_name = "D", .min = 0, .max = 100000000,
                  .help = "--instance with diags: exclude only the first D\n"
                          "(default: all numdiags)"),
    OPT_SECTION("\nSquares where no queen may stand:"),
    OPT_ONE(ARGS, blocked_text, .name = "blocked", .kind = OPTK_CALL,
            .takes_value = true, .value_name = "LIST",
            .help = "blocked squares, ROW:COLUMN pairs as --given",
            .set = set_given),
    OPT_CALL("exclude-diagonal", 0, true, add_diagonals, "sum:K|diff:K",
             "no queen where row + column = K (sum) or\n"
             "row - column = K (diff), in the numbering of\n"
             "--base; repeatable, or several separated by\n"
             "commas"),
    OPT_SECTION("\nWhat to write:"),
    OPT_NOTE("(default)", "the lexicographically first completion"),
    OPT_FLAG("count", 'c', ARGS, count,
             "the number of completions (exact, all threads)"),
    OPT_FLAG("all", 'a', ARGS, all, "every completion, in lexicographic order"),
    OPT_USE_GIVEN(opt_limit, ARGS, limit, limit_given,
                  "with --all: stop after K completions (implies\n"
                  "--all)"),
    OPT_CHOICE("order", 0, ARGS, order, complete_orders, "lex|fast",
               "which completion is the first: lex (default) the\n"
               "lexicographically first; fast the first one met\n"
               "by the search that fills the row with the fewest\n"
               "free cells next (fastest on hard boards)"),
    OPT_ONE_GIVEN(ARGS, max_nodes, max_nodes_given, .name = "max-nodes",
                  .kind = OPTK_INT, .value_name = "M", .min = 0,
                  .max = INT64_MAX,
                  .want = "an integer from 0 (no limit) to " OPT_INT64_MAX_TEXT,
                  .help = "lex: search nodes allowed for proving the\n"
                          "lexicographically first completion (default\n"
                          "20000000, 0 no limit); past them the fast one is\n"
                          "written, with a note on standard error"),
    OPT_USE_HELP(opt_max_time, ARGS, max_time,
                 "--count, --all: stop with exit status 2 after SEC\n"
                 "seconds (default 0: no limit)"),
    OPT_USE_GIVEN(opt_threads, ARGS, threads, threads_given,
                  "--count: threads (default 0: all cores)"),
    OPT_SECTION("\nOutput:"),
    OPT_USE_GIVEN(opt_format, ARGS, format, format_given,
                  "board (default), vector, json, csv or svg, as in\n"
                  "`nqueens solve`; --count with json writes\n"
                  "{\"n\":N,\"completions\":C}"),
    OPT_USE_HELP(opt_json, ARGS, json, "the same as --format json"),
    OPT_USE_HELP(opt_base, ARGS, base,
                 "number of the first row and column, 0 or 1\n"
                 "(default 1): in --given, --blocked,\n"
                 "--exclude-diagonal sum:K, --board vectors and\n"
                 "the vector and csv output"),
    OPT_USE(opt_output, ARGS, output),
    OPT_USE_GIVEN(opt_queen, ARGS, style.queen, glyphs_given,
                  "board: how a queen is drawn (default Q); with\n"
                  "--board, also how it is read"),
    OPT_USE_GIVEN(opt_empty, ARGS, style.empty, glyphs_given,
                  "board: how an empty square is drawn (default .);\n"
                  "with --board, also how it is read"),
    OPT_USE_GIVEN(opt_compact, ARGS, style.compact, glyphs_given, NULL),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef ARGS

const struct optable complete_table = OPTABLE(complete_opts, 23, true);

/* Refuses the options that mean nothing together; returns 0 or
 * EXIT_USAGE. */
static int complete_check_combinations(const struct complete_args *a)
{
    const char *what = a->count ? "--count" : "--all";
    if (a->mode == MODE_COUNT && a->format_given && a->format != &format_json)
        return cli_usage_error("--count and --format %s exclude each other "
                               "(a count is a number, or json)",
                               a->format->name);
    if (a->mode == MODE_COUNT && a->glyphs_given && a->board_path == NULL)
        return cli_usage_error("--count and --queen/--empty/--compact exclude "
                               "each other (a count draws no board)");
    if (a->mode != MODE_FIRST && a->order == NQ_COMPLETE_FEWEST_FREE)
        return cli_usage_error("--order fast and %s exclude each other (%s "
                               "takes every completion, in lexicographic "
                               "order)",
                               a->count ? "--count" : "--all (or --limit)",
                               what);
    if (a->max_nodes_given && a->mode != MODE_FIRST)
        return cli_usage_error("--max-nodes and %s exclude each other "
                               "(--max-nodes bounds the search for the "
                               "first completion)",
                               a->count ? "--count" : "--all (or --limit)");
    if (a->threads_given && a->mode != MODE_COUNT)
        return cli_usage_error("--threads goes with --count (the completions "
                               "that are written are found on one thread)");
    if (a->max_nodes_given && a->order == NQ_COMPLETE_FEWEST_FREE)
        return cli_usage_error("--max-nodes and --order fast exclude each "
                               "other (--max-nodes bounds --order lex)");
    if (a->max_time > 0 && a->mode == MODE_FIRST)
        return cli_usage_error("--max-time goes with --count or --all (the "
                               "first completion is bounded by --max-nodes)");
    if (a->glyphs_given && !a->format->uses_glyphs && a->board_path == NULL)
        return cli_usage_error("--queen, --empty and --compact apply to "
                               "--format board, not %s",
                               a->format->name);
    if (opt_glyphs_check(a->style.queen, a->style.empty) != 0)
        return EXIT_USAGE;
    if (a->format == &format_svg && a->limit_given && a->limit > SVG_LIMIT_MAX)
        return cli_usage_error("an SVG holds at most %d boards; got --limit "
                               "%llu",
                               SVG_LIMIT_MAX, (unsigned long long)a->limit);
    return 0;
}

/* Parses argv; returns 0 to go on, -1 after --help, else the exit status. */
static int complete_parse_args(int argc, char **argv, struct complete_args *a)
{
    int status = optable_parse(&complete_table, argc, argv, a, &a->n_text);
    if (status == OPTABLE_HELP) {
        optable_usage(complete_head, &complete_table, complete_tail);
        return -1;
    }
    if (status != OPTABLE_GO)
        return status;
    a->all = a->all || a->limit_given; /* --limit implies --all */
    if (a->count && a->all)
        return cli_usage_error("--count and --all (or --limit) exclude each "
                               "other");
    if (a->given_text != NULL && a->board_path != NULL)
        return cli_usage_error("--given and --board exclude each other");
    if (a->instance_path != NULL &&
        (a->given_text != NULL || a->board_path != NULL))
        return cli_usage_error("--instance and %s exclude each other (the "
                               "instance gives the queens)",
                               a->board_path != NULL ? "--board" : "--given");
    if (a->first_diagonals_given && a->instance_path == NULL)
        return cli_usage_error("--first-diagonals goes with --instance (the "
                               "first D pairs of its diags list)");
    if (a->input_format_given && a->board_path == NULL)
        return cli_usage_error("--input-format goes with --board (the format "
                               "of the board read)");
    if (a->n_text == NULL && a->board_path == NULL && a->instance_path == NULL)
        return cli_usage_error("no N given");
    if (opt_json_format(a->json, a->format_given, &a->format) != 0)
        return EXIT_USAGE;
    a->mode = a->count ? MODE_COUNT : a->all ? MODE_ALL : MODE_FIRST;
    return complete_check_combinations(a);
}

/* Reads the partial board of --board; returns 0 or an exit status. */
/* Reads the one placement of `f` (any format of read_stream.h); a second
 * one is an error. Returns 0 or a negative NQ_E_* code with `err` set. */
static int read_one_board(FILE *f, const struct stream_options *options,
                          struct stream_record *record,
                          struct placement_error *err)
{
    struct stream_reader *reader = stream_reader_new(f, options);
    if (reader == NULL) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return NQ_E_NOMEM;
    }
    int rc = stream_next(reader, record, err);
    if (rc == 0) {
        err->line = stream_reader_end_line(reader);
        err->column = 1;
        snprintf(err->message, sizeof err->message, "no placement given");
        rc = NQ_E_PARSE;
    } else if (rc == 1) {
        struct stream_record second;
        struct placement_error ignored;
        rc = stream_next(reader, &second, &ignored);
        if (rc != 0) {
            placement_free(&second.placement);
            placement_free(&record->placement);
            err->line = second.line;
            err->column = 1;
            snprintf(err->message, sizeof err->message,
                     "a second placement: complete reads one board");
            rc = NQ_E_PARSE;
        }
    }
    stream_reader_free(reader);
    return rc;
}

static int complete_read_board(const struct complete_args *a, int *n,
                               int *given, uint64_t *blocked)
{
    bool from_stdin = strcmp(a->board_path, "-") == 0;
    /* `source` points into it after the if: its scope cannot shrink. */
    // cppcheck-suppress variableScope
    char quoted[256];
    const char *source = "standard input";
    FILE *f = stdin;
    if (!from_stdin) {
        f = fopen(a->board_path, "rb");
        if (f == NULL)
            return cli_error("cannot read '%s': %s",
                             cli_quote(a->board_path, quoted, sizeof quoted),
                             strerror(errno));
        source = cli_quote(a->board_path, quoted, sizeof quoted);
    } else if (isatty(STDIN_FILENO)) {
        cli_note("reading a board from the terminal; end it with Ctrl-D");
    }
    struct stream_options options = {0};
    placement_options_init(&options.read);
    options.read.allow_empty_rows = true;
    options.read.read_blocked = true;
    options.read.base = a->base;
    options.read.max_n = NQ_MAX_N;
    options.format = a->input_format;
    options.format_option = "--input-format";
    options.read.expected_n = a->n_text != NULL ? *n : 0;
    if (a->glyphs_given) {
        options.queen = a->style.queen;
        options.empty = a->style.empty;
    }
    struct stream_record record = {0};
    struct placement_error err = {0};
    int rc = read_one_board(f, &options, &record, &err);
    if (!from_stdin)
        fclose(f);
    struct placement board = record.placement;
    if (rc != 0) {
        const char *quote = from_stdin ? "" : "'";
        if (err.line > 0)
            return cli_error("%s%s%s, line %lld, column %lld: %s", quote,
                             source, quote, err.line, err.column, err.message);
        return cli_error("%s%s%s: %s", quote, source, quote, err.message);
    }
    *n = board.n;
    memcpy(given, board.cols, sizeof(int) * (size_t)board.n);
    if (board.blocked != NULL)
        memcpy(blocked, board.blocked, sizeof(uint64_t) * (size_t)board.n);
    placement_free(&board);
    return 0;
}

/* The instance file of --instance; returns 0 or an exit status. */
static int complete_read_instance(const struct complete_args *a, int *n,
                                  int *given, nq_complete_exclusions *x)
{
    struct instance instance;
    int first = a->first_diagonals_given ? a->first_diagonals : -1;
    int status = read_instance(a->instance_path, first, &instance);
    if (status != 0)
        return status;
    if (a->n_text != NULL && *n != instance.n)
        return cli_error("N is %d, but the instance is a board of n = %d", *n,
                         instance.n);
    *n = instance.n;
    memcpy(given, instance.given, sizeof(int) * (size_t)instance.n);
    *x = instance.excluded;
    return 0;
}

/* Reads the given queens and the squares where no queen may stand (every
 * source of them, in the numbering of --base); returns 0 or an exit
 * status. */
static int complete_read_problem(const struct complete_args *a, int *n,
                                 int *given, nq_complete_exclusions *x)
{
    memset(x, 0, sizeof *x);
    if (a->n_text != NULL && !cli_parse_n(a->n_text, NQ_MAX_N, "", n))
        return EXIT_USAGE;
    int status = 0;
    if (a->instance_path != NULL)
        status = complete_read_instance(a, n, given, x);
    else if (a->board_path != NULL)
        status = complete_read_board(a, n, given, x->blocked);
    else
        status = read_given(a->given_text != NULL ? a->given_text : "", *n,
                            a->base, given);
    if (status != 0)
        return status;
    /* A square named twice is refused, as a queen given twice is: also
     * where the board (#) or the instance blocks it and --blocked names it
     * again. (A diagonal named twice is allowed: read_diagonals.) */
    if (a->blocked_text != NULL) {
        uint64_t listed[NQ_MAX_N];
        status = read_blocked(a->blocked_text, *n, a->base, listed);
        if (status != 0)
            return status;
        for (int r = 0; r < *n; r++) {
            uint64_t both = x->blocked[r] & listed[r];
            if (both != 0)
                return cli_error(
                    "--blocked: square %d:%d is named twice (%s blocks it "
                    "already)",
                    r + a->base, __builtin_ctzll(both) + a->base,
                    a->instance_path != NULL ? "the instance" : "the board");
            x->blocked[r] |= listed[r];
        }
    }
    for (int i = 0; i < a->diagonal_options && status == 0; i++)
        status = read_diagonals(a->diagonal_texts[i], *n, a->base, x);
    return status;
}

/* Says which given queens attack each other, or which stands where no
 * queen may, in the numbering of --base; returns the exit status. */
static int complete_report_conflict(int n, const int *given,
                                    const nq_complete_options *options,
                                    int base)
{
    nq_complete_conflict conflict;
    int rc = nq_complete_check_options(n, given, options, &conflict);
    if (rc != NQ_E_CONFLICT)
        return cli_error("%s", nq_strerror(rc));
    int a = conflict.row_a;
    int b = conflict.row_b;
    int row_a = a + base;
    int col_a = given[a] + base;
    switch (conflict.kind) {
    case NQ_COMPLETE_ON_BLOCKED:
        return cli_error("given queen %d:%d stands on a blocked square", row_a,
                         col_a);
    case NQ_COMPLETE_ON_EXCLUDED_SUM:
        return cli_error("given queen %d:%d stands on the excluded diagonal "
                         "sum:%d",
                         row_a, col_a, row_a + col_a);
    case NQ_COMPLETE_ON_EXCLUDED_DIFF:
        return cli_error("given queen %d:%d stands on the excluded diagonal "
                         "diff:%d",
                         row_a, col_a, row_a - col_a);
    case NQ_COMPLETE_SAME_COLUMN:
        return cli_error("given queens %d:%d and %d:%d attack each other in "
                         "column %d",
                         row_a, col_a, b + base, given[b] + base, col_a);
    default:
        return cli_error("given queens %d:%d and %d:%d attack each other %s",
                         row_a, col_a, b + base, given[b] + base,
                         conflict.kind == NQ_COMPLETE_SAME_DIAGONAL
                             ? "on a diagonal"
                             : "on an anti-diagonal");
    }
}

/* The squares drawn as ones where no queen may stand: the blocked squares
 * and the squares of the excluded diagonals. False when there are none. */
static bool complete_drawn_blocked(int n, const nq_complete_exclusions *x,
                                   uint64_t *drawn)
{
    bool any = false;
    for (int r = 0; r < n; r++) {
        drawn[r] = x->blocked[r];
        for (int c = 0; c < n; c++) {
            int sum = r + c;
            int diff = r - c + n - 1;
            if (((x->sum[sum >> 6] >> (sum & 63)) & 1) ||
                ((x->diff[diff >> 6] >> (diff & 63)) & 1))
                drawn[r] |= 1ull << c;
        }
        any = any || drawn[r] != 0;
    }
    return any;
}

/* The default mode: one completion, written to s (begun). Returns the exit
 * status. */
static int complete_first(const struct complete_args *a, int n,
                          const int *given, const nq_complete_exclusions *x,
                          struct format_stream *s)
{
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.exclusions = x;
    /* The budget is the lexicographic order's: the fast order needs none. */
    if (a->order == NQ_COMPLETE_LEXICOGRAPHIC)
        options.node_limit = a->max_nodes;
    int cols[NQ_MAX_N];
    int rc = nq_complete_first(n, given, a->order, &options, cols);
    if (rc == NQ_E_TIMEOUT) {
        options.node_limit = 0;
        rc = nq_complete_first(n, given, NQ_COMPLETE_FEWEST_FREE, &options,
                               cols);
        /* The note names the completion written: none when there is none. */
        if (rc == NQ_OK)
            cli_note("note: the lexicographically first completion was not "
                     "proven within %llu search node%s (--max-nodes); this "
                     "is the first of the fewest-free-cells order (--order "
                     "fast)",
                     (unsigned long long)a->max_nodes,
                     a->max_nodes == 1 ? "" : "s");
    }
    if (rc == NQ_E_NOSOLUTION) {
        cli_note("no completion exists");
        return EXIT_NEGATIVE;
    }
    if (rc != NQ_OK)
        return cli_error("%s", nq_strerror(rc));
    format_stream_write(cols, n, s);
    return EXIT_OK;
}

/* The search stops itself at --max-time, on a whole record: at a
 * completion (format_stream_write) or, where none comes for a long while
 * (`complete 40 --all --limit 1` takes minutes to its first), through its
 * progress calls. A watchdog a little after the limit stays, as solve's
 * does, for a run that somehow does not stop. */
static void complete_watchdog(const struct deadline *d)
{
    static char message[96];
    snprintf(message, sizeof message,
             "complete stopped by --max-time %g while searching", d->seconds);
    deadline_enforce(d, DEADLINE_GRACE, message);
}

/* Stops the search of --all at --max-time, also while no completion
 * comes (format_stream_write checks it at each one). */
static int complete_all_progress(uint64_t nodes, uint64_t total,
                                 uint64_t completions, void *user)
{
    (void)nodes;
    (void)total;
    (void)completions;
    struct format_stream *s = user;
    return deadline_check(&s->deadline);
}

/* --all: every completion, written to s (begun). Returns the exit status. */
static int complete_all(int n, const int *given,
                        const nq_complete_exclusions *x,
                        struct format_stream *s)
{
    if (s->limit == 0)
        return EXIT_OK;
    complete_watchdog(&s->deadline);
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.exclusions = x;
    options.progress = complete_all_progress;
    options.progress_user = s;
    int rc = nq_complete_each_options(n, given, &options, format_stream_write,
                                      s, NULL);
    if (rc != NQ_OK && rc != NQ_E_STOPPED)
        return cli_error("%s", nq_strerror(rc));
    /* An SVG's search looks past --limit K for one completion more (its
     * title says whether the K are all): --max-time ending that look
     * leaves the K written, and no failure. */
    bool all_written = s->peek && s->run.index >= s->limit;
    if (s->deadline.passed && !all_written)
        return cli_error("complete stopped by --max-time %g after %llu "
                         "completion%s",
                         s->deadline.seconds, (unsigned long long)s->run.index,
                         s->run.index == 1 ? "" : "s");
    if (s->svg_overflow)
        return cli_usage_error("more than %d completions, too many boards "
                               "for one SVG: choose how many with --limit K",
                               SVG_DEFAULT_MAX_BOARDS);
    return EXIT_OK;
}

static int complete_count(const struct complete_args *a, int n,
                          const int *given, const nq_complete_exclusions *x,
                          struct writer *out)
{
    nq_complete_options options;
    nq_complete_options_init(&options, NQ_COMPLETE_OPTIONS_VERSION);
    options.exclusions = x;
    options.threads = a->threads;
    struct progress progress;
    progress_start(&progress, PROGRESS_OFF);
    struct deadline deadline;
    deadline_start(&deadline, a->max_time);
    progress.deadline = &deadline;
    /* The count checks the time only between its subproblems, which can
     * take minutes on a large board: past the limit a watchdog ends it. */
    static char message[96];
    snprintf(message, sizeof message,
             "complete --count stopped by --max-time %g: no result",
             a->max_time);
    deadline_enforce(&deadline, 0, message);
    options.progress = progress_report;
    options.progress_user = &progress;
    uint64_t count = 0;
    int rc = nq_complete_count(n, given, &options, &count);
    if (rc == NQ_E_STOPPED && deadline.passed)
        return cli_error("complete --count stopped by --max-time %g: no "
                         "result",
                         a->max_time);
    if (rc != NQ_OK)
        return cli_error("%s", nq_strerror(rc));
    if (a->format == &format_json) {
        struct json j;
        json_start(&j, out);
        json_begin_object(&j);
        json_key(&j, "n");
        json_int(&j, n);
        json_key(&j, "completions");
        json_uint(&j, count);
        json_end_object(&j);
        json_end_line(&j);
    } else {
        writer_put_u64(out, count);
        writer_putc(out, '\n');
    }
    return EXIT_OK;
}

int cmd_complete(int argc, char **argv)
{
    struct complete_args a = {.limit = UINT64_MAX,
                              .order = NQ_COMPLETE_LEXICOGRAPHIC,
                              .max_nodes = COMPLETE_DEFAULT_MAX_NODES,
                              .format = &format_board,
                              .base = 1,
                              .style = board_style_default};
    int status = complete_parse_args(argc, argv, &a);
    if (status != 0)
        return status < 0 ? EXIT_OK : status;

    int n = 0;
    int given[NQ_MAX_N];
    nq_complete_exclusions excluded;
    status = complete_read_problem(&a, &n, given, &excluded);
    if (status != 0)
        return status;
    nq_complete_options check;
    nq_complete_options_init(&check, NQ_COMPLETE_OPTIONS_VERSION);
    check.exclusions = &excluded;
    if (nq_complete_check_options(n, given, &check, NULL) != NQ_OK)
        return complete_report_conflict(n, given, &check, a.base);
    uint64_t drawn[NQ_MAX_N];
    bool any_drawn = complete_drawn_blocked(n, &excluded, drawn);
    if (any_drawn && a.mode != MODE_COUNT &&
        (strcmp(a.style.empty, BOARD_BLOCKED_GLYPH) == 0 ||
         strcmp(a.style.queen, BOARD_BLOCKED_GLYPH) == 0))
        return cli_usage_error(
            "--%s '%s' would draw like a square where no "
            "queen may stand: choose another glyph",
            strcmp(a.style.empty, BOARD_BLOCKED_GLYPH) == 0 ? "empty" : "queen",
            BOARD_BLOCKED_GLYPH);
    bool any_given = false;
    for (int r = 0; r < n; r++)
        any_given = any_given || given[r] != NQ_COMPLETE_FREE_ROW;

    struct writer out;
    if (writer_open(&out, a.output) != 0)
        return EXIT_USAGE;
    if (a.mode == MODE_COUNT) {
        status = complete_count(&a, n, given, &excluded, &out);
        int closed = writer_close(&out, status == EXIT_OK);
        return status != EXIT_OK ? status : closed;
    }

    /* The SVG's title says whether --limit cut the run: the search looks
     * for one completion past the limit, as solve's does. */
    struct format_stream s = {
        .format = a.format, .limit = a.limit, .peek = a.format == &format_svg};
    deadline_start(&s.deadline, a.max_time);
    s.run.out = &out;
    s.run.n = n;
    s.run.base = a.base;
    s.run.style = &a.style;
    s.run.blocked = any_drawn ? drawn : NULL;
    s.run.given = any_given ? given : NULL;
    s.run.completions = any_given; /* else they are solve's solutions */
    status = a.format->begin(&s.run);
    if (status != 0) {
        writer_close(&out, false);
        return status;
    }
    if (a.mode == MODE_FIRST)
        status = complete_first(&a, n, given, &excluded, &s);
    else
        status = complete_all(n, given, &excluded, &s);
    /* A failed run only frees what the format holds. */
    s.run.abandon = status != EXIT_OK;
    /* Cut by --limit: one more was found, or --max-time ended the look
     * for one (then more may exist). */
    s.run.limited =
        a.limit_given && (a.limit == 0 || s.past_limit || s.deadline.passed);
    int ended = a.format->end(&s.run);
    if (status == EXIT_OK)
        status = ended;
    int closed = writer_close(&out, status == EXIT_OK);
    return status != EXIT_OK ? status : closed;
}
