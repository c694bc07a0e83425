/*
 * clock.h - the clocks of the tool: seconds on the monotonic clock, for
 * timings, deadlines and progress, and the processor time of the process,
 * for a bound on work whose result must not depend on how busy the machine
 * is (cli/common/clock.c).
 */
#ifndef NQ_CLI_CLOCK_H
#define NQ_CLI_CLOCK_H

/* Seconds since an arbitrary fixed moment; never jumps with the wall
 * clock. */
double cli_monotonic_seconds(void);

/* Seconds of processor time the process has used, all its threads
 * together; they do not pass while other programs have the processor. */
double cli_process_seconds(void);

#endif /* NQ_CLI_CLOCK_H */
