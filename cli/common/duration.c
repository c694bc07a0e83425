/*
 * duration.c - decimals for a time in seconds (duration.h).
 */
#include "common/duration.h"

#define DURATION_MAX_DECIMALS 12

int cli_seconds_decimals(double seconds)
{
    int decimals = 3;
    if (!(seconds > 0)) /* also NaN */
        return decimals;
    /* Each decimal below 0.1 s keeps a third significant digit. */
    double limit = 0.1;
    while (seconds < limit && decimals < DURATION_MAX_DECIMALS) {
        decimals++;
        limit /= 10;
    }
    return decimals;
}
