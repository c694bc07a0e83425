/*
 * count_part.h - `nqueens count N --part K/M --checkpoint FILE`: one of M
 * parts of a count, for any batch system; `nqueens merge` sums the parts
 * (cli/count/count_part.c).
 */
#ifndef NQ_CLI_COUNT_PART_H
#define NQ_CLI_COUNT_PART_H

#include <stddef.h>
#include <stdint.h>

#include "common/optable.h"

struct count_request;
struct nq_plan;
struct nq_checkpoint;
struct nq_count_result;
struct writer;

/* --part K/M: sets the request's part and parts. */
extern const struct opt_def count_opt_part;

/* Opens the checkpoint of the request's part of `plan` (ids from
 * nq_plan_part_ids()), and names this host where NQUEENS_HOST says so.
 * Returns 0 or an nq error code (reported by the caller). */
int count_part_open(const struct count_request *req, const struct nq_plan *plan,
                    struct nq_checkpoint **cp);

/* Names the host of the rows a run records: $NQUEENS_HOST where it is
 * set (machines whose names say nothing, such as containers), once
 * count_check_host() has taken it. Returns 0 or an nq error code. */
int count_name_host(struct nq_checkpoint *cp);

/* Says what is wrong with NQUEENS_HOST (too long, a space or a control
 * character), before a checkpoint is made that could not record it;
 * returns 0 or the exit status. */
int count_check_host(void);

/* Says why the checkpoint of a part of `plan` was refused as another
 * plan's or part's; returns EXIT_USAGE. */
int count_part_refused(const struct count_request *req,
                       const struct nq_plan *plan);

/* Writes what a finished part counted (text lines or one JSON object). */
void count_part_report(struct writer *out, const struct count_request *req,
                       const struct nq_count_result *sums, const char *engine,
                       double seconds);

#endif /* NQ_CLI_COUNT_PART_H */
