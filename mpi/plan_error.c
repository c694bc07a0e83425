/*
 * plan_error.c - the one line that says why the ranks could not make the
 * plan of a count. Every rank makes the plan, and with the same options
 * they all fail alike: rank 0 alone says so, in the words of `nqueens
 * count` for the same cause (a budget too small, N out of the join's
 * range, the GPU's own message), and names a rank only where another
 * rank failed and rank 0 did not.
 */
#include <stdio.h>
#include <string.h>

#include "common/messages.h"
#include "count/memory_need.h"
#include "mpi_count.h"

/* The budget a rank takes when --memory is not given (the library's). */
#define PLAN_DEFAULT_BUDGET ((uint64_t)2 << 30)

/* How long the search for the budget needed may take, and how far above
 * the one given it looks: as `nqueens count` does. */
#define PLAN_NEED_SECONDS 2.0
#define PLAN_NEED_ABOVE ((uint64_t)256 << 20)
#define PLAN_NEED_SMALL ((uint64_t)64 << 20)

/* The highest budget worth trying: 8 times the one given (64 MiB for a
 * smaller one), 256 MiB more at most, half the machine's memory at
 * most. */
static uint64_t plan_need_ceiling(uint64_t budget)
{
    uint64_t ceiling = cli_memory_of_machine() / 2;
    uint64_t span = budget <= UINT64_MAX / 8 ? budget * 8 : UINT64_MAX;
    if (span < PLAN_NEED_SMALL)
        span = PLAN_NEED_SMALL;
    if (ceiling > span)
        ceiling = span;
    if (budget <= UINT64_MAX - PLAN_NEED_ABOVE &&
        ceiling > budget + PLAN_NEED_ABOVE)
        ceiling = budget + PLAN_NEED_ABOVE;
    return ceiling;
}

/* A budget too small for the plan of the count: the budget it needs, as
 * far as a short search finds it. Returns the exit status. */
static int plan_memory_refusal(const struct count_request *req)
{
    nq_count_options options;
    count_request_options(req, false, &options, NULL);
    uint64_t budget =
        req->memory_bytes != 0 ? req->memory_bytes : PLAN_DEFAULT_BUDGET;
    options.memory_bytes = budget;
    struct memory_need need;
    int rc = cli_memory_need(req->n, &options, plan_need_ceiling(budget),
                             PLAN_NEED_SECONDS, &need);
    char size[32], given[48], low[32], high[32];
    cli_format_bytes(size, sizeof size, budget);
    snprintf(given, sizeof given,
             req->memory_bytes != 0 ? "the %s given" : "the default %s", size);
    cli_format_bytes(low, sizeof low, need.low);
    cli_format_bytes(high, sizeof high, need.high);
    const char *hint = req->engine == NQ_ENGINE_JOIN
                           ? "; --engine constellations needs almost none"
                           : "";
    if (rc != 0)
        return cli_error("count of %d needs more memory than %s (--memory)%s",
                         req->n, given, hint);
    if (need.high == 0)
        return cli_error("count of %d needs a memory budget above %s; %s "
                         "is too small (--memory)%s",
                         req->n, low, given, hint);
    if (need.high - need.low > need.high / 8)
        return cli_error("count of %d needs a memory budget of %s to %s, "
                         "more than %s (--memory)%s",
                         req->n, low, high, given, hint);
    return cli_error("count of %d needs a memory budget of about %s, more "
                     "than %s (--memory)%s",
                     req->n, high, given, hint);
}

int mpi_plan_error(const struct count_request *req, int rc, int rank,
                   const char *device_message)
{
    bool said = device_message != NULL && device_message[0] != '\0';
    if (rank != 0)
        return cli_error("count of %d failed on rank %d: %s", req->n, rank,
                         said ? device_message : nq_strerror(rc));
    if (req->engine == NQ_ENGINE_GPU &&
        (rc == NQ_E_UNSUPPORTED || rc == NQ_E_DEVICE || rc == NQ_E_RANGE ||
         (rc == NQ_E_NOMEM && said)))
        return count_gpu_error(req, rc, device_message);
    if (rc == NQ_E_NOMEM)
        return plan_memory_refusal(req);
    if (rc == NQ_E_RANGE && req->engine == NQ_ENGINE_JOIN)
        return cli_error("count of %d: the join takes N from 2 to 23 "
                         "(--engine constellations takes any N)",
                         req->n);
    return cli_error("count of %d: %s", req->n, nq_strerror(rc));
}
