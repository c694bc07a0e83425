/*
 * duration.h - how many decimals a time in seconds is printed with
 * (cli/common/duration.c): always three significant digits, so that the
 * digits of `seconds` do not vary from run to run, and a short run is
 * not shown as 0.000.
 */
#ifndef NQ_CLI_DURATION_H
#define NQ_CLI_DURATION_H

/* Decimals that show `seconds` (printed with "%.*f") with three
 * significant digits: 12.3, 1.23, 0.123, 0.0123, 0.00000120; whole
 * seconds from 100 up (123, 4567: no digit is dropped before the point);
 * at most 12. 3 for zero, a negative time or NaN. */
int cli_seconds_decimals(double seconds);

#endif /* NQ_CLI_DURATION_H */
