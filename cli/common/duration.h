/*
 * duration.h - how many decimals a time in seconds needs to be read
 * (cli/common/duration.c): a short run is not shown as 0.000.
 */
#ifndef NQ_CLI_DURATION_H
#define NQ_CLI_DURATION_H

/* Decimals that show `seconds` (printed with "%.*f") with at least three
 * significant digits: 3 from one second up (milliseconds), more below
 * (0.0123, 0.000456, 0.00000120), at most 12. */
int cli_seconds_decimals(double seconds);

#endif /* NQ_CLI_DURATION_H */
