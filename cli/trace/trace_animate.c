/*
 * trace_animate.c - `nqueens trace --animate`: the board redrawn in place
 * on a terminal after every step, in colour unless NO_COLOR is set, with
 * the event and the counters under it. Ctrl-C ends it cleanly: the cursor
 * comes back, the summary is printed and the exit status is 130, as for
 * any program a shell sees stopped by SIGINT; SIGTERM and SIGHUP the same
 * way, with 143 and 129.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "common/interrupt.h"
#include "trace/trace.h"

/* The columns a frame is taken to need where the run is not measured
 * (trace_frame_size()): its counters pass them only after millions of
 * steps. */
#define TRACE_MIN_COLUMNS 72

/* A run is measured (the search run through first, without frames, to
 * learn how wide its counters grow) up to this n, a tenth of a second at
 * 12, or when --max-steps keeps it to this many steps. */
#define TRACE_MEASURE_MAX_N 12
#define TRACE_MEASURE_MAX_STEPS 10000000

/* The frame's lines that grow with the run: its first line (n, the step)
 * and the counters. */
#define TRACE_HEADER_FORMAT "nqueens trace %d   step %llu   (Ctrl-C stops)"
#define TRACE_COUNTERS_FORMAT                                                  \
    "  placements %llu   conflicts %llu (column %llu, \\ %llu, / %llu)"
#define TRACE_TOTALS_FORMAT "  backtracks %llu   solutions %llu"

/* How much longer a solution stays on the screen than another step. */
#define TRACE_SOLUTION_PAUSE 5

/* The signal that ends the animation, 0 while none has come. */
static volatile sig_atomic_t trace_interrupted;

static void trace_on_signal(int signo)
{
    trace_interrupted = signo;
}

/* The signals that end it cleanly: the cursor must come back. */
static const int trace_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define TRACE_SIGNALS (sizeof trace_signals / sizeof trace_signals[0])

/* Terminal escapes; the colour ones are empty strings under NO_COLOR. */
struct trace_palette {
    const char *reset;     /* back to the terminal's default */
    const char *queen;     /* a queen standing */
    const char *newest;    /* the queen just placed */
    const char *attacked;  /* a square some queen attacks */
    const char *candidate; /* the square pruned by this conflict */
    const char *clash;     /* the queen that pruned it */
    const char *solved;    /* the queens of a solution */
};

static const struct trace_palette trace_colour = {.reset = "\x1b[0m",
                                                  .queen = "\x1b[1m",
                                                  .newest = "\x1b[1;32m",
                                                  .attacked = "\x1b[2m",
                                                  .candidate = "\x1b[1;37;41m",
                                                  .clash = "\x1b[1;30;43m",
                                                  .solved = "\x1b[1;37;42m"};

static const struct trace_palette trace_plain = {.reset = "",
                                                 .queen = "",
                                                 .newest = "",
                                                 .attacked = "",
                                                 .candidate = "",
                                                 .clash = "",
                                                 .solved = ""};

struct trace_animation {
    struct writer *out;
    const struct trace_palette *palette;
    bool first;
    uint64_t max_steps;
    long delay_ms;
    uint64_t solutions;  /* solution events so far */
    nq_trace_stats seen; /* the counters shown under the board */
    enum trace_end end;
};

/* One cell of the frame: its glyph and its colour. */
static void trace_cell(struct trace_animation *a, const nq_trace_event *e,
                       int row, int col)
{
    const struct trace_palette *p = a->palette;
    bool queen = row < e->depth && e->cols[row] == col;
    bool no_colour = p->reset[0] == '\0';
    const char *colour = "";
    char glyph = TRACE_FREE;
    if (e->kind == NQ_TRACE_CONFLICT && row == e->row && col == e->col) {
        colour = p->candidate;
        glyph = no_colour ? '?' : TRACE_QUEEN; /* the queen that cannot go */
    } else if (queen) {
        glyph = TRACE_QUEEN;
        if (e->kind == NQ_TRACE_SOLUTION)
            colour = p->solved;
        else if (e->kind == NQ_TRACE_CONFLICT && row == e->clash_row) {
            colour = p->clash;
            glyph = no_colour ? '@' : TRACE_QUEEN; /* the attacker */
        } else if (e->kind == NQ_TRACE_PLACE && row == e->row)
            colour = p->newest;
        else
            colour = p->queen;
    } else if (trace_attacked(e->cols, e->depth, row, col)) {
        colour = p->attacked;
        glyph = TRACE_ATTACKED;
    }
    writer_puts(a->out, colour);
    writer_putc(a->out, glyph);
    if (colour[0] != '\0')
        writer_puts(a->out, p->reset);
}

/* The column numbers over the board, one digit a cell so that the board
 * stays two characters a column: from 10 on, the tens stand in a row
 * above the units (a column 12 reads 1 over 2). */
static void trace_column_labels(struct writer *w, int n)
{
    if (n >= 10) {
        writer_puts(w, "     ");
        for (int col = 0; col < n; col++) {
            int number = col + 1;
            if (number >= 10)
                writer_printf(w, "%d ", number / 10 % 10);
            else
                writer_puts(w, "  ");
        }
        writer_puts(w, "\x1b[K\n");
    }
    writer_puts(w, "     ");
    for (int col = 0; col < n; col++)
        writer_printf(w, "%d ", (col + 1) % 10);
    writer_puts(w, "\x1b[K\n");
}

static void trace_frame(struct trace_animation *a, const nq_trace_event *e,
                        int n)
{
    struct writer *w = a->out;
    char square[32];
    char reason[64];
    const uint64_t *c = a->seen.conflicts;
    writer_puts(w, "\x1b[H"); /* home; every line then clears its end */
    writer_printf(w, TRACE_HEADER_FORMAT "\x1b[K\n", n,
                  (unsigned long long)e->step);
    writer_puts(w, "\x1b[K\n");
    trace_column_labels(w, n);
    for (int row = 0; row < n; row++) {
        writer_printf(w, "  %2d ", row + 1);
        for (int col = 0; col < n; col++) {
            trace_cell(a, e, row, col);
            writer_putc(w, ' ');
        }
        writer_puts(w, "\x1b[K\n");
    }
    trace_square_text(e, square, sizeof square);
    if (e->kind == NQ_TRACE_SOLUTION)
        snprintf(reason, sizeof reason, "solution %llu",
                 (unsigned long long)a->solutions);
    else
        trace_reason_text(e, reason, sizeof reason);
    writer_printf(w, "\x1b[K\n  %-10s %-8s %s\x1b[K\n  vector [",
                  trace_kind_name(e->kind), square, reason);
    for (int r = 0; r < e->depth; r++)
        writer_printf(w, r > 0 ? " %d" : "%d", e->cols[r] + 1);
    writer_printf(w,
                  "]\x1b[K\n\x1b[K\n" TRACE_COUNTERS_FORMAT
                  "\x1b[K\n" TRACE_TOTALS_FORMAT "\x1b[K\n\x1b[J",
                  (unsigned long long)a->seen.placements,
                  (unsigned long long)nq_trace_conflicts(&a->seen),
                  (unsigned long long)c[NQ_CONSTRAINT_COLUMN],
                  (unsigned long long)c[NQ_CONSTRAINT_DIAGONAL],
                  (unsigned long long)c[NQ_CONSTRAINT_ANTIDIAGONAL],
                  (unsigned long long)a->seen.backtracks,
                  (unsigned long long)a->seen.solutions);
    writer_flush(w);
}

/* Sleeps `ms` milliseconds unless Ctrl-C comes first. */
static void trace_sleep(long ms)
{
    struct timespec left = {.tv_sec = ms / 1000,
                            .tv_nsec = (ms % 1000) * 1000000L};
    while (!trace_interrupted && nanosleep(&left, &left) != 0 &&
           errno == EINTR) {
    }
}

static int trace_animate_event(const nq_trace_event *e, int n, void *user)
{
    struct trace_animation *a = user;
    if (trace_interrupted) {
        a->end = TRACE_END_INTERRUPTED;
        return 1;
    }
    a->seen.steps++;
    switch (e->kind) {
    case NQ_TRACE_PLACE:
        a->seen.placements++;
        break;
    case NQ_TRACE_CONFLICT:
        a->seen.conflicts[e->constraint]++;
        break;
    case NQ_TRACE_BACKTRACK:
        a->seen.backtracks++;
        break;
    case NQ_TRACE_SOLUTION:
        a->seen.solutions++;
        a->solutions++;
        break;
    }
    trace_frame(a, e, n);
    if (a->out->err != 0)
        return 1;
    trace_sleep(e->kind == NQ_TRACE_SOLUTION
                    ? a->delay_ms * TRACE_SOLUTION_PAUSE
                    : a->delay_ms);
    if (trace_interrupted) {
        a->end = TRACE_END_INTERRUPTED;
        return 1;
    }
    return trace_stop(e, a->first, a->max_steps, &a->end);
}

/* The stop rule of the animation, for the run that measures it. */
struct trace_measure {
    bool first;
    uint64_t max_steps;
    enum trace_end end;
};

static int trace_measure_event(const nq_trace_event *e, int n, void *user)
{
    (void)n;
    struct trace_measure *m = user;
    return trace_stop(e, m->first, m->max_steps, &m->end);
}

/* The width of the widest line that shows the counters of `s` (which only
 * grow: the last frame's are the widest), the first line's with them. */
static int trace_counters_width(int n, const nq_trace_stats *s)
{
    const uint64_t *c = s->conflicts;
    int widths[3] = {
        snprintf(NULL, 0, TRACE_HEADER_FORMAT, n, (unsigned long long)s->steps),
        snprintf(NULL, 0, TRACE_COUNTERS_FORMAT,
                 (unsigned long long)s->placements,
                 (unsigned long long)nq_trace_conflicts(s),
                 (unsigned long long)c[NQ_CONSTRAINT_COLUMN],
                 (unsigned long long)c[NQ_CONSTRAINT_DIAGONAL],
                 (unsigned long long)c[NQ_CONSTRAINT_ANTIDIAGONAL]),
        snprintf(NULL, 0, TRACE_TOTALS_FORMAT,
                 (unsigned long long)s->backtracks,
                 (unsigned long long)s->solutions)};
    int widest = 0;
    for (int i = 0; i < 3; i++)
        widest = widths[i] > widest ? widths[i] : widest;
    return widest;
}

/* The width of the widest event line ("  conflict   (2,3)    ..."): its
 * longest reason, with the largest numbers n and the run can give. */
static int trace_event_width(int n, uint64_t solutions)
{
    int reasons[4] = {
        snprintf(NULL, 0, "anti-diagonal / of (%d,%d)", n, n),
        snprintf(NULL, 0, "no column left: back to row %d", n > 1 ? n - 1 : 1),
        (int)strlen("no column left: search done"),
        snprintf(NULL, 0, "solution %llu", (unsigned long long)solutions)};
    int widest = 0;
    for (int i = 0; i < 4; i++)
        widest = reasons[i] > widest ? reasons[i] : widest;
    return 2 + 10 + 1 + 8 + 1 + widest;
}

/* The rows and columns a frame takes: the lines of trace_frame() and one
 * for the cursor after them; one column more than the widest line of the
 * run: the board's rows, the vector line (every column's number), the
 * event line, and the first line and the counters at their last values,
 * which a run short enough to measure gives (TRACE_MEASURE_MAX_N,
 * TRACE_MEASURE_MAX_STEPS); for a longer one at least TRACE_MIN_COLUMNS. */
static void trace_frame_size(int n, bool first, uint64_t max_steps, int *rows,
                             int *cols)
{
    int label_rows = n >= 10 ? 2 : 1;
    *rows = n + label_rows + 9;
    int vector = (int)strlen("  vector []");
    for (int k = 1; k <= n; k++)
        vector += (k >= 10 ? 2 : 1) + (k > 1 ? 1 : 0);
    int widest = 5 + 2 * n; /* a board row: "  12 " and two a cell */
    if (vector > widest)
        widest = vector;
    nq_trace_stats last = {0};
    struct trace_measure m = {.first = first, .max_steps = max_steps};
    bool measured = false;
    if (n <= TRACE_MEASURE_MAX_N ||
        (max_steps != 0 && max_steps <= TRACE_MEASURE_MAX_STEPS)) {
        int rc = nq_trace(n, trace_measure_event, &m, &last);
        measured = rc == NQ_OK || rc == NQ_E_STOPPED;
    }
    if (measured) {
        int counters = trace_counters_width(n, &last);
        int event = trace_event_width(n, last.solutions);
        widest = counters > widest ? counters : widest;
        widest = event > widest ? event : widest;
        *cols = widest + 1;
        return;
    }
    *cols = widest + 1 > TRACE_MIN_COLUMNS ? widest + 1 : TRACE_MIN_COLUMNS;
}

/* A positive whole number from the environment, or 0. */
static int trace_env_size(const char *name)
{
    const char *text = getenv(name);
    if (text == NULL || *text == '\0')
        return 0;
    char *end = NULL;
    long value = strtol(text, &end, 10);
    return *end == '\0' && value > 0 && value < 100000 ? (int)value : 0;
}

/* The terminal's size as it reports it, else as $LINES and $COLUMNS say;
 * 0 where neither knows (then the frame is let be). */
static void trace_terminal_size(int *rows, int *cols)
{
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) {
        *rows = size.ws_row;
        *cols = size.ws_col;
    }
    if (*rows <= 0)
        *rows = trace_env_size("LINES");
    if (*cols <= 0)
        *cols = trace_env_size("COLUMNS");
}

int trace_animate(int n, bool first, uint64_t max_steps, long delay_ms)
{
    if (!isatty(STDOUT_FILENO))
        return cli_usage_error("--animate needs a terminal on standard "
                               "output; use --board for a printable trace");
    /* A frame taller or wider than the terminal would scroll instead of
     * redrawing in place. */
    int need_rows = 0, need_cols = 0;
    trace_frame_size(n, first, max_steps, &need_rows, &need_cols);
    int rows = 0, cols = 0;
    trace_terminal_size(&rows, &cols);
    if ((rows > 0 && rows < need_rows) || (cols > 0 && cols < need_cols))
        return cli_error(
            "--animate: a board of %d needs a terminal of %d rows and %d "
            "columns, this one has %d and %d; enlarge it, or use --board",
            n, need_rows, need_cols, rows > 0 ? rows : need_rows,
            cols > 0 ? cols : need_cols);
    const char *no_colour = getenv("NO_COLOR");
    struct writer out;
    if (writer_open(&out, NULL) != 0)
        return EXIT_USAGE;
    struct trace_animation a = {
        .out = &out,
        .palette = no_colour != NULL && no_colour[0] != '\0' ? &trace_plain
                                                             : &trace_colour,
        .first = first,
        .max_steps = max_steps,
        .delay_ms = delay_ms};

    /* No SA_RESTART: Ctrl-C must cut the sleep short. */
    struct sigaction previous[TRACE_SIGNALS];
    trace_interrupted = 0;
    for (size_t i = 0; i < TRACE_SIGNALS; i++)
        signal_catch(trace_signals[i], trace_on_signal, &previous[i]);

    writer_puts(&out, "\x1b[?25l\x1b[H\x1b[2J"); /* hide cursor, clear */
    nq_trace_stats stats;
    int rc = nq_trace(n, trace_animate_event, &a, &stats);
    writer_puts(&out, "\x1b[?25h"); /* the cursor back, whatever happened */
    for (size_t i = 0; i < TRACE_SIGNALS; i++)
        sigaction(trace_signals[i], &previous[i], NULL);
    if (trace_interrupted)
        a.end = TRACE_END_INTERRUPTED;
    if (rc != NQ_OK && rc != NQ_E_STOPPED) {
        writer_close(&out, true);
        return cli_error("%s", nq_strerror(rc));
    }
    /* After Ctrl-C the search stopped at the event it was showing, which
     * the library counted but the screen did not finish: show the screen's
     * counts, the ones the learner saw. */
    trace_write_summary(&out, n,
                        a.end == TRACE_END_INTERRUPTED ? &a.seen : &stats,
                        a.end, max_steps, false);
    int status = writer_close(&out, true);
    /* 128 + the signal, what shells report for a program it stopped. */
    if (status == 0 && a.end == TRACE_END_INTERRUPTED)
        return 128 + trace_interrupted;
    if (status == 0 && a.end == TRACE_END_MAX_STEPS)
        trace_note_cut(n, max_steps, false);
    return status;
}
