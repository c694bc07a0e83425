/*
 * plan_error.c - the one line that says why the ranks could not make the
 * plan of a count. Every rank makes the plan, and with the same options
 * they all fail alike: rank 0 alone says so, in the words of `nqueens
 * count` for the same cause (a budget too small, N out of the join's
 * range, the GPU's own message), and names a rank only where another
 * rank failed and rank 0 did not.
 */
#include "common/messages.h"
#include "count/count_request.h"
#include "mpi_count.h"

int mpi_plan_error(const struct count_request *req, int rc, int rank,
                   const char *device_message)
{
    bool said = device_message != NULL && device_message[0] != '\0';
    if (rank != 0)
        return cli_error("count of %d failed on rank %d: %s", req->n, rank,
                         said ? device_message : nq_strerror(rc));
    return count_failure(req, rc, device_message);
}
