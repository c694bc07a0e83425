/*
 * passes.c - the ids of a join in passes, in the order rank 0 hands them
 * out: a pass at a time, so that each rank builds the table of a pass it
 * is given once and holds one pass's table at a time, within its --memory.
 */
#include <stdlib.h>

#include "mpi_count.h"

/* The sort key of an id: the ids of no pass (the symmetric searches,
 * cheap) first, then pass by pass. */
static uint64_t pass_key(const nq_plan *plan, uint64_t id)
{
    uint64_t pass = nq_plan_pass_of(plan, id);
    return pass == NQ_PLAN_NO_PASS ? 0 : pass + 1;
}

uint64_t mpi_cut_fingerprint(const nq_plan *plan)
{
    /* FNV-1a over the pass of every id. */
    uint64_t hash = 14695981039346656037u;
    uint64_t size = nq_plan_size(plan);
    for (uint64_t id = 0; id < size; id++) {
        hash ^= pass_key(plan, id);
        hash *= 1099511628211u;
    }
    return hash;
}

int mpi_order_by_pass(const nq_plan *plan, uint64_t *ids, size_t count)
{
    /* A counting sort by pass, stable, so that ids stay in increasing
     * order within a pass. */
    size_t keys = (size_t)nq_plan_passes(plan) + 1;
    size_t *start = calloc(keys + 1, sizeof *start);
    uint64_t *sorted = malloc((count > 0 ? count : 1) * sizeof *sorted);
    if (start == NULL || sorted == NULL) {
        free(start);
        free(sorted);
        return NQ_E_NOMEM;
    }
    for (size_t i = 0; i < count; i++)
        start[pass_key(plan, ids[i]) + 1]++;
    for (size_t k = 0; k < keys; k++)
        start[k + 1] += start[k];
    for (size_t i = 0; i < count; i++)
        sorted[start[pass_key(plan, ids[i])]++] = ids[i];
    for (size_t i = 0; i < count; i++)
        ids[i] = sorted[i];
    free(start);
    free(sorted);
    return NQ_OK;
}
