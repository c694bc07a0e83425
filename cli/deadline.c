/*
 * deadline.c - --max-time on the one monotonic clock of the tool.
 */
#include "deadline.h"
#include "clock.h"

void deadline_start(struct deadline *d, double seconds)
{
    d->seconds = seconds;
    d->at = seconds > 0 ? cli_monotonic_seconds() + seconds : 0;
    d->passed = false;
}

bool deadline_check(struct deadline *d)
{
    if (!d->passed && d->at > 0 && cli_monotonic_seconds() >= d->at)
        d->passed = true;
    return d->passed;
}
