/*
 * deadline.h - --max-time: the moment a run gives up, checked by the
 * callbacks of count, solve, complete and find (cli/common/deadline.c).
 */
#ifndef NQ_CLI_DEADLINE_H
#define NQ_CLI_DEADLINE_H

#include <stdbool.h>

/* A time limit; `seconds` 0 is none. */
struct deadline {
    double seconds; /* the limit as given */
    double at;      /* monotonic seconds when it passes; 0: never */
    bool passed;    /* a check found it passed */
};

/* Starts the clock now: the limit passes `seconds` from now (0: never). */
void deadline_start(struct deadline *d, double seconds);

/* The same, from `start` (monotonic seconds, cli_monotonic_seconds()):
 * a clock started before the limit was known. */
void deadline_start_at(struct deadline *d, double seconds, double start);

/* True once the limit has passed (and from then on, d->passed). */
bool deadline_check(struct deadline *d);

/* For a run that cannot stop itself in time (it checks the time only
 * between long pieces of work): from here on, once the limit and `grace`
 * seconds more have passed, a watchdog thread prints "nqueens: error:
 * <message>", removes the -o file being written (cleanup_arm) and ends the
 * process with exit status 2. Does nothing for a limit of 0. `message`
 * must outlive the run. */
void deadline_enforce(const struct deadline *d, double grace,
                      const char *message);

/* Called by a run that deadline_enforce() watches once it ends the run
 * itself: it has its ending (a result, or an error of its own) to write,
 * or from here on it watches the limit on its own. The watchdog then lets
 * it be. Where the watchdog came first and is ending the process, this
 * never returns. */
void deadline_take_over(void);

/* The grace of a stream (solve, complete --all, a count without a
 * checkpoint) that stops itself at the limit whenever its callbacks come,
 * on a whole record: the watchdog cuts only a run that went a long while
 * without one, and leaves room for a slow start (a sanitizer's build, a
 * loaded machine), which a cut would leave at any byte. */
#define DEADLINE_GRACE 2.0

#endif /* NQ_CLI_DEADLINE_H */
