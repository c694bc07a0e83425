/*
 * duration.c - decimals for a time in seconds (duration.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "common/duration.h"

#define DURATION_MAX_DECIMALS 12

int cli_seconds_decimals(double seconds)
{
    if (!(seconds > 0)) /* also NaN */
        return 3;
    /* Two decimals in [1, 10); one fewer for each power of ten above,
     * one more below. */
    int decimals = 2;
    double low = 1, high = 10;
    while (seconds >= high && decimals > 0) {
        decimals--;
        low *= 10;
        high *= 10;
    }
    while (seconds < low && decimals < DURATION_MAX_DECIMALS) {
        decimals++;
        low /= 10;
        high /= 10;
    }
    /* 9.996 rounds to 10.00 at two decimals: one fewer keeps three. */
    char text[64];
    snprintf(text, sizeof text, "%.*f", decimals, seconds);
    if (decimals > 0 && strtod(text, NULL) >= high)
        decimals--;
    return decimals;
}
