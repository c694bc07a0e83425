/*
 * cmd_trace.c - `nqueens trace N`: the teaching texts' backtracking search,
 * one event a line (text or JSON), optionally with the board after each
 * placement, and a summary that sets the nodes visited against brute force.
 * The animated and HTML views live in trace_animate.c and trace_html.c.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "output/json.h"
#include "trace/big.h"
#include "trace/trace.h"

static const char trace_head[] =
    "Usage: nqueens trace [OPTIONS] N\n"
    "\n"
    "Runs the textbooks' backtracking search on an N x N board (one queen a\n"
    "row, columns tried in ascending order, boolean arrays for the columns\n"
    "and both diagonals) and prints every step, rows and columns from 1:\n"
    "  place      a queen goes on a square no queen attacks\n"
    "  conflict   a square is pruned: the column, the diagonal \\ or the\n"
    "             anti-diagonal / of an earlier queen (named) holds it\n"
    "  backtrack  every column of a row is tried: the queen above is lifted\n"
    "  solution   all N queens stand\n"
    "Each line ends with the partial solution vector after the step. A\n"
    "summary follows: the steps counted, and what brute force would visit.\n"
    "\n"
    "Options:\n";

static const char trace_tail[] =
    "\n"
    "Examples:\n"
    "  nqueens trace 4\n"
    "  nqueens trace --board --first 6\n"
    "  nqueens trace --json 5 | grep '\"solution\"'\n"
    "  nqueens trace --format html -o trace.html 6\n"
    "  nqueens trace --tree 4\n"
    "  nqueens trace --format html --play -o play.html 8\n"
    "  nqueens trace --animate --delay 50 8\n"
    "\n"
    "Exit status: 0 success, 2 bad usage or an error, 130 --animate stopped\n"
    "by Ctrl-C (143 by SIGTERM, 129 by SIGHUP).\n";

#define TRACE_DEFAULT_DELAY_MS 200

int trace_stop(const nq_trace_event *e, bool first, uint64_t max_steps,
               enum trace_end *end)
{
    if (e->kind == NQ_TRACE_BACKTRACK && e->row == 0)
        return 0; /* the last event of the search: nothing is cut off */
    if (first && e->kind == NQ_TRACE_SOLUTION) {
        *end = TRACE_END_FIRST;
        return 1;
    }
    if (max_steps != 0 && e->step >= max_steps) {
        *end = TRACE_END_MAX_STEPS;
        return 1;
    }
    return 0;
}

/* The steps of the whole search of N queens (what `trace N --summary`
 * counts), for N up to 15; beyond, a trace may reach any 64-bit step. */
static const uint64_t trace_whole_steps[] = {
    0,     3,     9,      24,      77,       274,      1047,      4136,
    17777, 80772, 383689, 1973632, 10960057, 64490204, 405259951, 2703877392};

int trace_step_width(int n, uint64_t max_steps)
{
    uint64_t last = UINT64_MAX;
    if (n >= 0 &&
        (size_t)n < sizeof trace_whole_steps / sizeof trace_whole_steps[0])
        last = trace_whole_steps[n];
    if (max_steps != 0 && max_steps < last)
        last = max_steps; /* the last step of a cut trace is max_steps */
    int width = 1;
    for (; last >= 10; last /= 10)
        width++;
    return width < 7 ? 7 : width;
}

const char *trace_kind_name(nq_trace_kind kind)
{
    switch (kind) {
    case NQ_TRACE_PLACE:
        return "place";
    case NQ_TRACE_CONFLICT:
        return "conflict";
    case NQ_TRACE_BACKTRACK:
        return "backtrack";
    case NQ_TRACE_SOLUTION:
        return "solution";
    }
    return "?";
}

/* The line of a constraint as the text trace names it. */
static const char *trace_line_name(nq_constraint constraint)
{
    switch (constraint) {
    case NQ_CONSTRAINT_COLUMN:
        return "column";
    case NQ_CONSTRAINT_DIAGONAL:
        return "diagonal \\";
    case NQ_CONSTRAINT_ANTIDIAGONAL:
        return "anti-diagonal /";
    case NQ_CONSTRAINT_NONE:
        break;
    }
    return "?";
}

const char *trace_square_text(const nq_trace_event *event, char *buf,
                              size_t size)
{
    switch (event->kind) {
    case NQ_TRACE_PLACE:
    case NQ_TRACE_CONFLICT:
        snprintf(buf, size, "(%d,%d)", event->row + 1, event->col + 1);
        break;
    case NQ_TRACE_BACKTRACK:
        snprintf(buf, size, "row %d", event->row + 1);
        break;
    case NQ_TRACE_SOLUTION:
        snprintf(buf, size, "-");
        break;
    }
    return buf;
}

const char *trace_reason_text(const nq_trace_event *event, char *buf,
                              size_t size)
{
    switch (event->kind) {
    case NQ_TRACE_PLACE:
        snprintf(buf, size, "safe");
        break;
    case NQ_TRACE_CONFLICT:
        snprintf(buf, size, "%s of (%d,%d)", trace_line_name(event->constraint),
                 event->clash_row + 1, event->clash_col + 1);
        break;
    case NQ_TRACE_BACKTRACK:
        if (event->row == 0)
            snprintf(buf, size, "no column left: search done");
        else
            snprintf(buf, size, "no column left: back to row %d", event->row);
        break;
    case NQ_TRACE_SOLUTION:
        snprintf(buf, size, "all queens placed");
        break;
    }
    return buf;
}

bool trace_attacked(const int *cols, int depth, int row, int col)
{
    for (int r = 0; r < depth; r++) {
        int c = cols[r];
        if (r == row && c == col)
            return false;
        if (r == row || c == col || r - c == row - col || r + c == row + col)
            return true;
    }
    return false;
}

void trace_note_cut(int n, uint64_t max_steps, bool by_default)
{
    if (by_default)
        cli_note("trace of %d cut after %llu step%s, the page's default cap "
                 "(--max-steps K records K)",
                 n, (unsigned long long)max_steps, max_steps == 1 ? "" : "s");
    else
        cli_note("trace of %d cut after %llu step%s (--max-steps)", n,
                 (unsigned long long)max_steps, max_steps == 1 ? "" : "s");
}

void trace_write_summary(struct writer *w, int n, const nq_trace_stats *stats,
                         enum trace_end end, uint64_t max_steps, bool alone)
{
    const uint64_t *c = stats->conflicts;
    writer_printf(w, "%sSummary for %d %s", alone ? "" : "\n", n,
                  n == 1 ? "queen" : "queens");
    switch (end) {
    case TRACE_END_COMPLETE:
        writer_puts(w, " (the whole search):\n");
        break;
    case TRACE_END_FIRST:
        writer_puts(w, " (stopped at the first solution):\n");
        break;
    case TRACE_END_MAX_STEPS:
        writer_printf(w, " (stopped after %llu step%s):\n",
                      (unsigned long long)max_steps, max_steps == 1 ? "" : "s");
        break;
    case TRACE_END_INTERRUPTED:
        writer_puts(w, " (interrupted):\n");
        break;
    }
    writer_printf(w, "  steps        %llu\n", (unsigned long long)stats->steps);
    /* The nodes of the tree of one queen a row that the search visits: the
     * root, each placement and each conflict (a node pruned). */
    uint64_t conflicts = nq_trace_conflicts(stats);
    uint64_t visited = stats->placements + 1 + conflicts;
    writer_printf(w,
                  "  placements   %llu (consistent partial placements: with "
                  "the root, the empty board,\n               %llu of the %llu "
                  "nodes backtracking visits%s)\n",
                  (unsigned long long)stats->placements,
                  (unsigned long long)stats->placements + 1,
                  (unsigned long long)visited,
                  conflicts > 0 ? "; the conflicts prune the rest" : "");
    writer_printf(w,
                  "  conflicts    %llu (column %llu, diagonal \\ %llu, "
                  "anti-diagonal / %llu)\n",
                  (unsigned long long)nq_trace_conflicts(stats),
                  (unsigned long long)c[NQ_CONSTRAINT_COLUMN],
                  (unsigned long long)c[NQ_CONSTRAINT_DIAGONAL],
                  (unsigned long long)c[NQ_CONSTRAINT_ANTIDIAGONAL]);
    writer_printf(w, "  backtracks   %llu\n",
                  (unsigned long long)stats->backtracks);
    writer_printf(w, "  solutions    %llu\n",
                  (unsigned long long)stats->solutions);

    struct big power, factorial;
    big_set(&power, 1);
    big_set(&factorial, 1);
    for (int i = 1; i <= n; i++) {
        big_mul(&power, (uint32_t)n);
        big_mul(&factorial, (uint32_t)i);
    }
    char power_text[BIG_TEXT_SIZE];
    char factorial_text[BIG_TEXT_SIZE];
    writer_printf(w,
                  "  brute force  %s %s with one queen a row (%d^%d), "
                  "%s with one a row and a column (%d!)\n",
                  big_text(&power, power_text, sizeof power_text),
                  n == 1 ? "leaf" : "leaves", n, n,
                  big_text(&factorial, factorial_text, sizeof factorial_text),
                  n);
}

/* ---- the event stream ---- */

enum trace_format { TRACE_TEXT, TRACE_JSON, TRACE_HTML };

struct trace_printer {
    struct writer *out;
    enum trace_format format;
    bool board;         /* draw the board after each placement */
    bool first;         /* stop at the first solution */
    bool summary;       /* the summary alone, no events */
    uint64_t max_steps; /* 0: no limit */
    uint64_t solutions; /* solution events so far */
    int step_width;     /* of the step column (trace_step_width) */
    enum trace_end end; /* why the trace stopped, if it did */
};

static void trace_write_vector(struct writer *w, const nq_trace_event *event,
                               const char *separator)
{
    for (int r = 0; r < event->depth; r++) {
        if (r > 0)
            writer_puts(w, separator);
        writer_printf(w, "%d", event->cols[r] + 1);
    }
}

/* The board is drawn under the event column: indented by the width of
 * the step column and its space. */
static void trace_write_board(struct writer *w, const nq_trace_event *event,
                              int n, int indent)
{
    for (int row = 0; row < n; row++) {
        writer_printf(w, "%*s", indent, "");
        for (int col = 0; col < n; col++) {
            char cell = TRACE_FREE;
            if (row < event->depth && event->cols[row] == col)
                cell = TRACE_QUEEN;
            else if (trace_attacked(event->cols, event->depth, row, col))
                cell = TRACE_ATTACKED;
            if (col > 0)
                writer_putc(w, ' ');
            writer_putc(w, cell);
        }
        writer_putc(w, '\n');
    }
    writer_putc(w, '\n');
}

static void trace_write_text(struct trace_printer *p,
                             const nq_trace_event *event, int n)
{
    char square[32];
    char reason[64];
    trace_square_text(event, square, sizeof square);
    if (event->kind == NQ_TRACE_SOLUTION)
        snprintf(reason, sizeof reason, "solution %llu",
                 (unsigned long long)p->solutions);
    else
        trace_reason_text(event, reason, sizeof reason);
    writer_printf(p->out, "%-*llu %-10s %-8s %-30s ", p->step_width,
                  (unsigned long long)event->step, trace_kind_name(event->kind),
                  square, reason);
    writer_putc(p->out, '[');
    trace_write_vector(p->out, event, " ");
    writer_puts(p->out, "]\n");
    if (p->board && event->kind == NQ_TRACE_PLACE)
        trace_write_board(p->out, event, n, p->step_width + 1);
}

static void trace_write_json(struct trace_printer *p,
                             const nq_trace_event *event)
{
    struct json j;
    json_start(&j, p->out);
    json_begin_object(&j);
    json_key(&j, "event");
    json_string(&j, trace_kind_name(event->kind));
    json_key(&j, "step");
    json_uint(&j, event->step);
    switch (event->kind) {
    case NQ_TRACE_PLACE:
        json_key(&j, "row");
        json_int(&j, event->row + 1);
        json_key(&j, "col");
        json_int(&j, event->col + 1);
        break;
    case NQ_TRACE_CONFLICT:
        json_key(&j, "row");
        json_int(&j, event->row + 1);
        json_key(&j, "col");
        json_int(&j, event->col + 1);
        json_key(&j, "constraint");
        json_string(&j, nq_constraint_name(event->constraint));
        json_key(&j, "with");
        json_begin_object(&j);
        json_key(&j, "row");
        json_int(&j, event->clash_row + 1);
        json_key(&j, "col");
        json_int(&j, event->clash_col + 1);
        json_end_object(&j);
        break;
    case NQ_TRACE_BACKTRACK:
        json_key(&j, "row");
        json_int(&j, event->row + 1);
        break;
    case NQ_TRACE_SOLUTION:
        json_key(&j, "index");
        json_uint(&j, p->solutions);
        break;
    }
    json_key(&j, "queens");
    json_int_array(&j, event->cols, (size_t)event->depth, 1);
    json_end_object(&j);
    json_end_line(&j);
}

static int trace_print_event(const nq_trace_event *event, int n, void *user)
{
    struct trace_printer *p = user;
    if (event->kind == NQ_TRACE_SOLUTION)
        p->solutions++;
    if (p->format == TRACE_JSON)
        trace_write_json(p, event);
    else if (!p->summary)
        trace_write_text(p, event, n);
    if (p->out->err != 0)
        return 1; /* the output is gone: stop searching */
    return trace_stop(event, p->first, p->max_steps, &p->end);
}

static int trace_stream(int n, struct trace_printer *p, const char *path)
{
    struct writer out;
    if (writer_open(&out, path) != 0)
        return EXIT_USAGE;
    /* p is the caller's and dies with this call's caller: out outlives
     * every use of p->out. */
    // cppcheck-suppress autoVariables
    p->out = &out;
    nq_trace_stats stats;
    p->step_width = trace_step_width(n, p->max_steps);
    if (p->format == TRACE_TEXT && !p->summary)
        writer_printf(&out, "%-*s %-10s %-8s %-30s %s\n", p->step_width, "step",
                      "event", "square", "why", "vector");
    int rc = nq_trace(n, trace_print_event, p, &stats);
    if (rc != NQ_OK && rc != NQ_E_STOPPED) {
        writer_close(&out, false);
        return cli_error("%s", nq_strerror(rc));
    }
    if (p->format == TRACE_TEXT)
        trace_write_summary(&out, n, &stats, p->end, p->max_steps, p->summary);
    int status = writer_close(&out, true);
    if (status == 0 && p->end == TRACE_END_MAX_STEPS)
        trace_note_cut(n, p->max_steps, false);
    return status;
}

/* The options after parsing. */
struct trace_args {
    struct trace_printer printer;
    bool animate;
    long long delay_ms; /* -1: not given */
    const char *path;   /* -o, NULL: standard output */
    bool json;          /* --json */
    bool format_given;  /* --format */
    bool tree;          /* --tree: the search tree instead of the events */
    bool play;          /* --play: the page where the learner plays */
};

static const struct opt_choice trace_formats[] = {{"text", TRACE_TEXT},
                                                  {"json", TRACE_JSON},
                                                  {"html", TRACE_HTML},
                                                  {NULL, 0}};

#define ARGS struct trace_args
static const struct opt trace_opts[] = {
    OPT_FLAG("board", 0, ARGS, printer.board,
             "draw the board after each placement (Q queen,\n"
             "x attacked square, . free square)"),
    OPT_USE_HELP(opt_json, ARGS, json,
                 "one JSON object a line per event (no summary);\n"
                 "the same as --format json"),
    OPT_ONE_GIVEN(ARGS, printer.format, format_given, .name = "format",
                  .letter = 'f', .kind = OPTK_CHOICE, .choices = trace_formats,
                  .value_name = "FMT",
                  .help = "text (default), json, or html: one self-contained\n"
                          "page that replays the search (play, pause, step,\n"
                          "speed); at most 100000 steps unless --max-steps"),
    OPT_USE_HELP(opt_output, ARGS, path,
                 "write to FILE instead of standard output"),
    OPT_FLAG("animate", 0, ARGS, animate,
             "redraw the board in place on a terminal, in colour\n"
             "(NO_COLOR respected); Ctrl-C stops it (exit\n"
             "status 130) after printing the summary"),
    OPT_INT_WANT("delay", 0, ARGS, delay_ms, 0, 60000, "MS",
                 "milliseconds from 0 to 60000",
                 "milliseconds between animation frames (default 200)"),
    OPT_FLAG("tree", 0, ARGS, tree,
             "the search tree, depth first: a line per square\n"
             "tried, indented by its row, with the vector and\n"
             "the verdict; then the nodes visited at each depth\n"
             "against the full tree's N^d and the N!/(N-d)!\n"
             "permutations (with --json: an object per node,\n"
             "with its parent); the HTML page always draws it"),
    OPT_FLAG("play", 0, ARGS, play,
             "write instead the page where the learner places\n"
             "queens (an HTML file, as --format html): attacks\n"
             "shown, \"can this be completed?\", hints, completion\n"
             "and the solutions found, from every solution of N\n"
             "embedded in the page; N at most 12"),
    OPT_FLAG("summary", 0, ARGS, printer.summary,
             "the summary alone: without the events (text) or\n"
             "the tree's lines (--tree: its table of depths)"),
    OPT_FLAG("first", 0, ARGS, printer.first, "stop at the first solution"),
    OPT_INT_WANT("max-steps", 0, ARGS, printer.max_steps, 1, INT64_MAX, "K",
                 "an integer from 1 to " OPT_INT64_MAX_TEXT,
                 "stop after K steps (events); the HTML page\n"
                 "stops after 100000 unless given, and a cut\n"
                 "trace says so on standard error"),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef ARGS

const struct optable trace_table = OPTABLE(trace_opts, 19, false);

/* Refuses two options given together: names both, and why. */
static int trace_exclude(const char *option, const char *other, const char *why)
{
    return cli_usage_error("%s and %s exclude each other (%s)", option, other,
                           why);
}

/* --play: the page where the learner plays, once no other option asks for
 * something that page does not do (it goes with --format html and -o). */
static int trace_play_checked(const struct trace_args *a, int n,
                              const char *format_option)
{
    static const char why[] = "--play writes the page where the learner "
                              "plays: it goes with --format html and -o only";
    const char *other = NULL;
    if (a->printer.format != TRACE_HTML && (a->json || a->format_given))
        other = format_option;
    else if (a->printer.board)
        other = "--board";
    else if (a->printer.summary)
        other = "--summary";
    else if (a->tree)
        other = "--tree";
    else if (a->animate)
        other = "--animate";
    else if (a->delay_ms >= 0)
        other = "--delay";
    else if (a->printer.first)
        other = "--first";
    else if (a->printer.max_steps != 0)
        other = "--max-steps";
    if (other != NULL)
        return trace_exclude("--play", other, why);
    return trace_play(n, a->path);
}

int cmd_trace(int argc, char **argv)
{
    struct trace_args a = {.printer = {.format = TRACE_TEXT}, .delay_ms = -1};
    struct trace_printer *printer = &a.printer;
    const char *n_text = NULL;
    int status = optable_parse(&trace_table, argc, argv, &a, &n_text);
    if (status == OPTABLE_HELP) {
        optable_usage(trace_head, &trace_table, trace_tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    if (n_text == NULL)
        return cli_usage_error("trace needs N");
    int n = 0;
    if (!cli_parse_n(n_text, NQ_MAX_N, "", &n))
        return EXIT_USAGE;

    if (a.json && a.format_given && printer->format != TRACE_JSON)
        return cli_usage_error("--json and --format %s exclude each other "
                               "(--json is --format json)",
                               trace_formats[printer->format].word);
    if (a.json)
        printer->format = TRACE_JSON;
    /* The option that chose the format, for the messages. */
    char format_option[32] = "--json";
    if (!a.json)
        snprintf(format_option, sizeof format_option, "--format %s",
                 trace_formats[printer->format].word);
    if (printer->board && printer->format != TRACE_TEXT)
        return trace_exclude("--board", format_option,
                             "--board draws text boards");
    if (printer->summary && printer->format != TRACE_TEXT)
        return trace_exclude("--summary", format_option,
                             "--summary writes the text summary alone");
    if (printer->summary && printer->board)
        return trace_exclude("--summary", "--board",
                             "--summary writes no boards");
    if (a.play)
        return trace_play_checked(&a, n, format_option);
    if (a.delay_ms >= 0 && !a.animate)
        return cli_usage_error("--delay only goes with --animate");
    if (a.animate) {
        static const char why[] = "--animate draws on the terminal";
        if (a.tree)
            return trace_exclude("--animate", "--tree",
                                 "--animate draws the boards of the search "
                                 "on the terminal, not its tree");
        if (printer->board)
            return trace_exclude("--animate", "--board", why);
        if (printer->format != TRACE_TEXT)
            return trace_exclude("--animate", format_option, why);
        if (a.path != NULL)
            return trace_exclude("--animate", "-o", why);
        if (printer->summary)
            return trace_exclude("--animate", "--summary", why);
        return trace_animate(n, printer->first, printer->max_steps,
                             a.delay_ms >= 0 ? (long)a.delay_ms
                                             : TRACE_DEFAULT_DELAY_MS);
    }
    if (a.tree) {
        if (printer->format == TRACE_HTML)
            return trace_exclude("--tree", "--format html",
                                 "the HTML page always shows the tree");
        if (printer->board)
            return trace_exclude("--board", "--tree", "--tree draws no boards");
        return trace_tree(n, printer->format == TRACE_JSON, printer->first,
                          printer->summary, printer->max_steps, a.path);
    }
    if (printer->format == TRACE_HTML)
        return trace_html(n, printer->first,
                          printer->max_steps != 0
                              ? printer->max_steps
                              : TRACE_HTML_DEFAULT_MAX_STEPS,
                          printer->max_steps == 0, a.path);
    return trace_stream(n, printer, a.path);
}
