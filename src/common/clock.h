/*
 * clock.h - the library's one clock for durations: seconds on the
 * monotonic clock, which never jumps when the wall clock is set. Private.
 */
#ifndef NQ_CLOCK_H
#define NQ_CLOCK_H

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC): only the
 * difference of two readings means something. */
double nq__monotonic_seconds(void);

#endif /* NQ_CLOCK_H */
