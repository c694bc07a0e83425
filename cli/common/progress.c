/*
 * progress.c - the progress display of long counts on standard error:
 * subproblems done of total, percent, solutions so far, elapsed time,
 * rate and an estimate of the time left.
 *
 * On a terminal the line is redrawn in place at most a few times a second;
 * elsewhere nothing is shown unless asked for, and then a whole line is
 * written every few seconds (a log file gets lines, not carriage returns).
 * The library only reports numbers through its callback; the words are
 * here.
 */
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/messages.h"
#include "common/progress.h"

/* Seconds between two redraws on a terminal, and between two lines
 * elsewhere. */
#define PROGRESS_TERMINAL_PERIOD 0.25
#define PROGRESS_LOG_PERIOD 5.0

/* For this long the time left is the estimate's, where there is one. */
#define PROGRESS_ESTIMATE_SECONDS 60.0

/* Writes a duration as H:MM:SS, or D days H:MM:SS. */
static void format_duration(char *buf, size_t size, double seconds)
{
    if (!(seconds >= 0.0) || seconds > 1e12) {
        snprintf(buf, size, "--");
        return;
    }
    unsigned long long s = (unsigned long long)(seconds + 0.5);
    unsigned long long days = s / 86400;
    s %= 86400;
    if (days > 0)
        snprintf(buf, size, "%llud %llu:%02llu:%02llu", days, s / 3600,
                 s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60,
                 s % 60);
}

size_t progress_format(char *buf, size_t size, uint64_t done, uint64_t total,
                       uint64_t solutions, double elapsed, double rate)
{
    return progress_format_left(buf, size, done, total, solutions, elapsed,
                                rate, -1);
}

size_t progress_format_left(char *buf, size_t size, uint64_t done,
                            uint64_t total, uint64_t solutions, double elapsed,
                            double rate, double left_seconds)
{
    char spent[32], left[32];
    format_duration(spent, sizeof spent, elapsed);
    if (done >= total)
        snprintf(left, sizeof left, "0:00:00");
    else if (left_seconds >= 0.0)
        format_duration(left, sizeof left, left_seconds);
    else if (rate > 0.0)
        format_duration(left, sizeof left, (double)(total - done) / rate);
    else
        snprintf(left, sizeof left, "--");
    double percent = total > 0 ? 100.0 * (double)done / (double)total : 100.0;
    /* Never round up to 100% before the end. */
    if (done < total && percent > 99.99)
        percent = 99.99;
    int len =
        snprintf(buf, size,
                 "%6.2f%% | %llu/%llu subproblems | %llu solutions | "
                 "%s elapsed | %.1f/s | %s left",
                 percent, (unsigned long long)done, (unsigned long long)total,
                 (unsigned long long)solutions, spent, rate, left);
    if (len < 0)
        return 0;
    return (size_t)len < size ? (size_t)len : size - 1;
}

void progress_start(struct progress *p, enum progress_mode mode)
{
    memset(p, 0, sizeof *p);
    p->terminal = isatty(STDERR_FILENO) != 0;
    p->enabled = mode == PROGRESS_ON || (mode == PROGRESS_AUTO && p->terminal);
    p->start = cli_monotonic_seconds();
    p->last = p->start;
}

/* Draws one line now. */
static void progress_draw(struct progress *p, double now)
{
    char line[256];
    double elapsed = now - p->start;
    uint64_t new_done = p->done - p->first_done;
    double rate = elapsed > 0.0 ? (double)new_done / elapsed : 0.0;
    /* The estimate's time left in the first minute, while it lasts. */
    double left = -1;
    if (p->expected_end > 0 && elapsed < PROGRESS_ESTIMATE_SECONDS &&
        p->expected_end > now)
        left = p->expected_end - now;
    size_t len = progress_format_left(line, sizeof line, p->done, p->total,
                                      p->solutions, elapsed, rate, left);
    if (p->terminal) {
        /* Cut to the terminal's width: a wrapped line cannot be redrawn. */
        struct winsize ws;
        if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
            len > (size_t)ws.ws_col - 1)
            len = (size_t)ws.ws_col - 1;
        fprintf(stderr, "\r%.*s\033[K", (int)len, line);
        p->drawn = true;
    } else {
        fprintf(stderr, "%s: %.*s\n", cli_program, (int)len, line);
    }
    fflush(stderr);
    p->last = now;
}

void progress_expect(struct progress *p, double start, double seconds)
{
    p->expected_end = seconds >= 0 ? start + seconds : 0;
}

int progress_report(uint64_t done, uint64_t total, uint64_t solutions,
                    void *user)
{
    struct progress *p = user;
    if (!p->seen) {
        /* Work finished by earlier runs does not count for the rate. */
        p->seen = true;
        p->first_done = done;
    }
    p->done = done;
    p->total = total;
    p->solutions = solutions;
    int stop = p->deadline != NULL && deadline_check(p->deadline);
    if (!p->enabled)
        return stop;
    double now = cli_monotonic_seconds();
    double period =
        p->terminal ? PROGRESS_TERMINAL_PERIOD : PROGRESS_LOG_PERIOD;
    if (now - p->last >= period)
        progress_draw(p, now);
    return stop;
}

void progress_end(struct progress *p)
{
    if (!p->enabled)
        return;
    if (p->seen)
        progress_draw(p, cli_monotonic_seconds());
    if (p->drawn)
        fputc('\n', stderr);
    fflush(stderr);
    p->drawn = false;
}
