/*
 * progress.h - the progress display of long runs on standard error: one
 * line redrawn in place on a terminal, a line every few seconds elsewhere
 * (cli/common/progress.c).
 */
#ifndef NQ_CLI_PROGRESS_H
#define NQ_CLI_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/deadline.h"

/* Whether a long count shows its progress on stderr. */
enum progress_mode {
    PROGRESS_AUTO, /* when stderr is a terminal */
    PROGRESS_ON,   /* --progress: off a terminal a line every few seconds */
    PROGRESS_OFF   /* --quiet */
};

/* The state of one progress display. */
struct progress {
    bool enabled;        /* anything is shown at all */
    bool terminal;       /* stderr is a terminal: redraw one line in place */
    bool drawn;          /* a line is on the terminal, not yet ended */
    bool seen;           /* a report came in */
    double start;        /* monotonic seconds when the display started */
    double last;         /* monotonic seconds of the last line drawn */
    uint64_t first_done; /* done at the first report (earlier runs' work) */
    uint64_t done;       /* subproblems finished */
    uint64_t total;      /* subproblems in all */
    uint64_t solutions;  /* solutions found so far */
    struct deadline *deadline; /* --max-time, or NULL */
    double expected_end;       /* monotonic seconds when the estimate says the
                                  work ends; 0: no estimate */
};

/* Starts a display; nothing is drawn until the first report. */
void progress_start(struct progress *p, enum progress_mode mode);

/* The estimate of the whole work, begun at monotonic second `start`
 * (negative: none): in the first minute, before the rate of the
 * subproblems says much (a join builds a pass's table before any of its
 * units is done), the time left is the estimate's. */
void progress_expect(struct progress *p, double start, double seconds);

/* An nq_progress_fn: `user` is the struct progress. Draws when due; asks
 * to stop only once p->deadline (when not NULL) has passed. */
int progress_report(uint64_t done, uint64_t total, uint64_t solutions,
                    void *user);

/* Draws the last state and ends the line. */
void progress_end(struct progress *p);

/* Formats one progress line into buf (without a newline); returns its
 * length. `rate` is subproblems a second, `elapsed` seconds. */
size_t progress_format(char *buf, size_t size, uint64_t done, uint64_t total,
                       uint64_t solutions, double elapsed, double rate);

/* progress_format() with the time left given (negative: from the rate). */
size_t progress_format_left(char *buf, size_t size, uint64_t done,
                            uint64_t total, uint64_t solutions, double elapsed,
                            double rate, double left);

#endif /* NQ_CLI_PROGRESS_H */
