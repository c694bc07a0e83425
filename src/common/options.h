/*
 * options.h - the options structs as the library reads them: the caller's
 * struct, of whatever version it was built with, copied over the defaults
 * of every field this library has (the rule of growing is in the public
 * header, part 2), so that the engines read whole structs of the current
 * version and never a byte past the caller's.
 */
#ifndef NQ_COMMON_OPTIONS_H
#define NQ_COMMON_OPTIONS_H

#include "nqueens.h"

/* nq__count_options_read() : *out = the defaults, overwritten by the
 * fields that `given`'s version has (NULL: the defaults alone), threads
 * above NQ_MAX_THREADS brought down to it. Returns 0, or NQ_E_INVAL for a
 * version of 0 or one newer than the library's (*out then holds the
 * defaults). The same for the other structs below. */
int nq__count_options_read(const nq_count_options *given,
                           nq_count_options *out);
int nq__solve_options_read(const nq_solve_options *given,
                           nq_solve_options *out);
int nq__complete_options_read(const nq_complete_options *given,
                              nq_complete_options *out);
int nq__plan_options_read(const nq_plan_options *given, nq_plan_options *out);

#endif /* NQ_COMMON_OPTIONS_H */
