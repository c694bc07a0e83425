/*
 * trace.h - what the parts of `nqueens trace` share: the words for one
 * event, the picture of the board, the summary, and the two views that
 * are not a plain stream (the terminal animation and the HTML replay).
 */
#ifndef NQ_CLI_TRACE_H
#define NQ_CLI_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"
#include "output/writer.h"

/* Glyphs of the trace's boards. */
#define TRACE_QUEEN 'Q'
#define TRACE_ATTACKED 'x'
#define TRACE_FREE '.'

/* Why a trace ended before the search did. */
enum trace_end {
    TRACE_END_COMPLETE = 0, /* the search ran to its end */
    TRACE_END_FIRST,        /* --first: the first solution was found */
    TRACE_END_MAX_STEPS,    /* --max-steps was reached */
    TRACE_END_INTERRUPTED   /* Ctrl-C (or SIGTERM, SIGHUP) during --animate */
};

/* The stop rule of every trace: after event `e`, whether the trace ends
 * before the search does (1, with the reason in *end: --first met a
 * solution, or --max-steps events were made; `max_steps` 0: no limit) or
 * goes on (0). The search's last event (the backtrack from row 0) cuts
 * nothing off, so a trace that ends there is whole. */
int trace_stop(const nq_trace_event *e, bool first, uint64_t max_steps,
               enum trace_end *end);

/* The event's square and reason, as in the text trace: for example
 * "(2,1)" and "column of (1,1)", 1-based. Returns buf. */
const char *trace_square_text(const nq_trace_event *event, char *buf,
                              size_t size);
const char *trace_reason_text(const nq_trace_event *event, char *buf,
                              size_t size);

/* The width of the step column of the text trace of n cut after
 * max_steps steps (0: not cut): the digits of the largest step it can
 * print, at least 7 (all of a trace up to N = 11), so that the columns
 * stay aligned to its end. */
int trace_step_width(int n, uint64_t max_steps);

/* The name of the event kind: place, conflict, backtrack, solution. */
const char *trace_kind_name(nq_trace_kind kind);

/* Whether square (row, col) is attacked by the queens cols[0..depth-1]
 * (a queen's own square is not). */
bool trace_attacked(const int *cols, int depth, int row, int col);

/* Says on standard error that the trace of n was cut after max_steps
 * steps: by the HTML page's default cap (`by_default`) or by
 * --max-steps. */
void trace_note_cut(int n, uint64_t max_steps, bool by_default);

/* Writes the summary block of a trace of n that ended as `end`, after a
 * blank line unless it comes `alone`. */
void trace_write_summary(struct writer *w, int n, const nq_trace_stats *stats,
                         enum trace_end end, uint64_t max_steps, bool alone);

/* Runs the search with a redrawn board on the terminal
 * (cli/trace/trace_animate.c). Returns the exit status. */
int trace_animate(int n, bool first, uint64_t max_steps, long delay_ms);

/* Records the search and writes the self-contained HTML replay page to
 * `path` (NULL or "-": standard output) (cli/trace/trace_html.c), at most
 * max_steps steps (`by_default`: the page's cap, not --max-steps).
 * Returns the exit status. */
int trace_html(int n, bool first, uint64_t max_steps, bool by_default,
               const char *path);

/* Writes the search tree, depth first, a line (or with `json` a JSON
 * object) per square tried, then (text) the nodes visited at each depth
 * against the full tree's; with `summary` that table alone
 * (cli/trace/trace_tree.c). Returns the exit status. */
int trace_tree(int n, bool json, bool first, bool summary, uint64_t max_steps,
               const char *path);

/* Writes the page on which the learner plays (cli/trace/trace_play.c): every
 * solution of n, from the library, embedded for its answers. Refuses n
 * above TRACE_PLAY_MAX_N. Returns the exit status. */
int trace_play(int n, const char *path);
#define TRACE_PLAY_MAX_N 12

/* The step limit of the HTML page when --max-steps is not given: the
 * page holds every event, so it must stay small enough to open. */
#define TRACE_HTML_DEFAULT_MAX_STEPS 100000

#endif /* NQ_CLI_TRACE_H */
