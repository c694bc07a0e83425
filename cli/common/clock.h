/*
 * clock.h - the one clock of the tool: seconds on the monotonic clock, for
 * timings, deadlines and progress (cli/common/clock.c).
 */
#ifndef NQ_CLI_CLOCK_H
#define NQ_CLI_CLOCK_H

/* Seconds since an arbitrary fixed moment; never jumps with the wall
 * clock. */
double cli_monotonic_seconds(void);

#endif /* NQ_CLI_CLOCK_H */
