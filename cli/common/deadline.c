/*
 * deadline.c - --max-time on the one monotonic clock of the tool.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/deadline.h"
#include "common/interrupt.h"
#include "common/messages.h"

void deadline_start(struct deadline *d, double seconds)
{
    deadline_start_at(d, seconds, cli_monotonic_seconds());
}

void deadline_start_at(struct deadline *d, double seconds, double start)
{
    d->seconds = seconds;
    d->at = seconds > 0 ? start + seconds : 0;
    d->passed = false;
}

bool deadline_check(struct deadline *d)
{
    if (!d->passed && d->at > 0 && cli_monotonic_seconds() >= d->at)
        d->passed = true;
    return d->passed;
}

/* What the watchdog needs: set once, before its thread starts. */
struct watchdog {
    double at;
    const char *message;
};

/* Who ends the run: nobody yet, its caller (it has an answer, or an error
 * of its own, to write) or the watchdog. The first to claim it keeps it,
 * so that a result is never cut by the watchdog, nor the watchdog's line
 * followed by another ending. */
enum { ENDING_OPEN, ENDING_CALLER, ENDING_WATCHDOG };
static atomic_int ending = ENDING_OPEN;

static bool claim_ending(int who)
{
    int open = ENDING_OPEN;
    return atomic_compare_exchange_strong(&ending, &open, who) ||
           atomic_load(&ending) == who;
}

void deadline_take_over(void)
{
    if (claim_ending(ENDING_CALLER))
        return;
    /* The watchdog is ending the process: wait for it. */
    for (;;)
        pause();
}

static void *watchdog_run(void *arg)
{
    const struct watchdog *w = arg;
    for (;;) {
        double left = w->at - cli_monotonic_seconds();
        if (left <= 0)
            break;
        struct timespec pause = {(time_t)left,
                                 (long)((left - (double)(time_t)left) * 1e9)};
        nanosleep(&pause, NULL);
    }
    if (!claim_ending(ENDING_WATCHDOG))
        return NULL; /* the run has its ending: it writes it */
    cli_error("%s", w->message);
    cleanup_now();
    _exit(EXIT_USAGE);
}

void deadline_enforce(const struct deadline *d, double grace,
                      const char *message)
{
    /* One watchdog a process, for its one run. */
    static struct watchdog watchdog;
    if (d->at <= 0)
        return;
    watchdog.at = d->at + grace;
    watchdog.message = message;
    pthread_t thread;
    if (pthread_create(&thread, NULL, watchdog_run, &watchdog) == 0)
        pthread_detach(thread);
}
