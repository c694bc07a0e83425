/*
 * memory_need.h - how large a memory budget a count needs, for the
 * message that refuses a smaller one (cli/count/memory_need.c).
 */
#ifndef NQ_CLI_MEMORY_NEED_H
#define NQ_CLI_MEMORY_NEED_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

/* What the search found: budgets known too small (`low`) and known to fit
 * (`high`, 0 when none was found). */
struct memory_need {
    uint64_t low;
    uint64_t high;
};

/* Narrows the budget under which the plan of the count of n with
 * `options` and `plan_options` (NULL: the defaults; whose memory_bytes
 * was too small) can be made, by making
 * plans under larger budgets: a budget too small fails early, one that
 * fits builds the plan and frees it (so the search takes about the memory
 * the count would). It tries no budget above `ceiling`, stops once `high`
 * is within an eighth of `low`, or when it has used `seconds` of processor
 * time (not of the wall clock's: the answer does not depend on how busy the
 * machine is). Returns 0, or an error of the plan other than NQ_E_NOMEM. */
int cli_memory_need(int n, const nq_count_options *options,
                    const nq_plan_options *plan_options, uint64_t ceiling,
                    double seconds, struct memory_need *need);

/* The machine's memory in bytes (UINT64_MAX when it does not say). */
uint64_t cli_memory_of_machine(void);

/* Writes `bytes` as "1.9 GiB", "33 MiB", "512 KiB" or "100 bytes",
 * rounded up so that a need is never understated. */
void cli_format_bytes(char *buf, size_t size, uint64_t bytes);

#endif /* NQ_CLI_MEMORY_NEED_H */
