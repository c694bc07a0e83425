/*
 * memory_need.c - the budget a count needs (memory_need.h).
 */
#include <stdio.h>
#include <unistd.h>

#include "common/clock.h"
#include "count/memory_need.h"

/* 0 when the plan fits `budget`, NQ_E_NOMEM when it does not. */
static int plan_fits(int n, const nq_count_options *options,
                     const nq_plan_options *plan_options, uint64_t budget)
{
    nq_count_options tried = *options;
    tried.memory_bytes = budget;
    nq_plan *plan = NULL;
    int rc = nq_plan_create_ex(n, &tried, plan_options, &plan);
    nq_plan_free(plan);
    return rc;
}

int cli_memory_need(int n, const nq_count_options *options,
                    const nq_plan_options *plan_options, uint64_t ceiling,
                    double seconds, struct memory_need *need)
{
    /* Processor time, not the wall clock's: on a loaded machine the same
     * search would stop sooner and the same count be refused with a wider
     * range of budgets. */
    double deadline = cli_process_seconds() + seconds;
    need->low = options->memory_bytes != 0 ? options->memory_bytes : 1;
    need->high = 0;
    /* Doubling up to the ceiling finds a budget that fits... */
    while (need->high == 0) {
        if (need->low >= ceiling || cli_process_seconds() > deadline)
            return 0;
        uint64_t tried = need->low > ceiling / 2 ? ceiling : need->low * 2;
        int rc = plan_fits(n, options, plan_options, tried);
        if (rc == 0)
            need->high = tried;
        else if (rc == NQ_E_NOMEM)
            need->low = tried;
        else
            return rc;
    }
    /* ...and halving the gap narrows it to an eighth. */
    while (need->high - need->low > need->high / 8 &&
           cli_process_seconds() <= deadline) {
        uint64_t middle = need->low + (need->high - need->low) / 2;
        int rc = plan_fits(n, options, plan_options, middle);
        if (rc == 0)
            need->high = middle;
        else if (rc == NQ_E_NOMEM)
            need->low = middle;
        else
            return rc;
    }
    return 0;
}

uint64_t cli_memory_of_machine(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    long page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return UINT64_MAX;
    return (uint64_t)pages * (uint64_t)page;
}

void cli_format_bytes(char *buf, size_t size, uint64_t bytes)
{
    const uint64_t kib = 1024, mib = kib * 1024, gib = mib * 1024;
    if (bytes >= gib)
        /* Tenths of a GiB, rounded up. */
        snprintf(buf, size, "%llu.%llu GiB",
                 (unsigned long long)((bytes * 10 + gib - 1) / gib / 10),
                 (unsigned long long)((bytes * 10 + gib - 1) / gib % 10));
    else if (bytes >= mib)
        snprintf(buf, size, "%llu MiB",
                 (unsigned long long)((bytes + mib - 1) / mib));
    else if (bytes >= kib)
        snprintf(buf, size, "%llu KiB",
                 (unsigned long long)((bytes + kib - 1) / kib));
    else
        snprintf(buf, size, "%llu bytes", (unsigned long long)bytes);
}
