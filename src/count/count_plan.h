/*
 * count_plan.h - the inside of a counting plan (private to the library and
 * its tests): which ids mean which subproblem, and the engines behind them.
 *
 * Ids, in this order (the signature, "constellations/1" or "join/2",
 * names the layout):
 *   [0, n)            sym180 search, the queen of row 0 in column id
 *   [n, 2n)           sym90 search, the queen of row 0 in column id - n
 *   [2n, 2n + W)      the engine's W pieces of work, in enumeration order:
 *                     start constellations, or units of the half-board
 *                     join (count_join.h)
 */
#ifndef NQ_COUNT_PLAN_H
#define NQ_COUNT_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "count/join/count_join.h"
#include "nqueens.h"

/* The default memory budget of a count: 2 GiB. */
#define NQ_COUNT_DEFAULT_MEMORY ((uint64_t)2 << 30)

/* A start constellation: the queens on the four border lines of the board
 * (row 0, row n-1, column 0, column n-1), one per line; a corner queen sits
 * on two lines. Only the smallest of each class under the 8 symmetries is
 * kept, with the size of its class as weight. */
struct nq__constellation {
    uint8_t top;    /* column of the queen in row 0 */
    uint8_t bottom; /* column of the queen in row n-1 */
    uint8_t left;   /* row of the queen in column 0 */
    uint8_t right;  /* row of the queen in column n-1 */
    uint8_t weight; /* size of its symmetry class: 1, 2, 4 or 8 */
};

struct nq_plan {
    int n;
    uint64_t limit;      /* largest count accepted; UINT64_MAX but in tests */
    uint64_t sym180_ids; /* ids [0, sym180_ids) */
    uint64_t sym90_ids;  /* the next sym90_ids ids */
    nq_engine engine;    /* NQ_ENGINE_JOIN, NQ_ENGINE_CONSTELLATIONS or
                            NQ_ENGINE_GPU (constellations on a device) */
    uint64_t work_count; /* the engine's pieces of work, after those */
    struct nq__constellation *cons; /* constellations: the pieces */
    struct nq__join_unit *units;    /* join: the pieces */
    struct nq__join_table table;    /* join: the half boards, or none
                                       when the join runs in passes */
    struct nq__join_passes passes;  /* join in passes: the cut (none: one
                                       pass, `table`) */
    int threads;           /* join in passes: threads that build a table */
    uint32_t *share_tops;  /* join in passes: the whole table's tops per
                              share and group (nq__join_group_tops()) */
    uint64_t table_budget; /* join in passes: the bytes a table may take */
    uint64_t tops;         /* join in passes: the whole table's tops, as
                              the cut counted them (or estimated them) */
    uint64_t share_tops_len;
    bool census_summed; /* the plan options' census_sum has been called */
    bool census_room;   /* join in passes: a census fits beside a table
                           (nq__plan_beside()'s with_census) */
    char signature[64];
    struct nq__gpu *gpu;  /* NQ_ENGINE_GPU: the device that counts the
                             constellations (the rest stays on the CPU) */
    bool gpu_borrowed;    /* the device belongs to the caller of
                             nq__plan_create_on(), not to the plan */
    char *device_message; /* the options' device_message, for the runs */
    size_t device_message_size;
};

/* What one id stands for. */
enum nq__subproblem_kind {
    NQ_SUB_SYM180 = 0,    /* part of the half-turn symmetric search */
    NQ_SUB_SYM90 = 1,     /* part of the quarter-turn symmetric search */
    NQ_SUB_CONSTELLATION, /* one start constellation */
    NQ_SUB_JOIN           /* one unit of the half-board join */
};

/* nq__plan_create_limited() : nq_plan_create() with counts above `limit`
 * treated as overflow, so tests can reach the overflow paths with an
 * artificially small accumulator. */
int nq__plan_create_limited(int n, const nq_count_options *options,
                            const nq_plan_options *plan_options, uint64_t limit,
                            nq_plan **plan);

struct nq__gpu;

/* nq__plan_create_on() : nq_plan_create() of NQ_ENGINE_GPU on a device
 * opened already (nq__gpu_open()), which the plan uses and does not close:
 * the tests build the kernel once for all their plans. */
int nq__plan_create_on(int n, const nq_count_options *options,
                       struct nq__gpu *device, nq_plan **plan);

/* nq__plan_auto_gpu() : whether NQ_ENGINE_AUTO counts n on a GPU, with
 * `device` the caller's nq_count_options.device: n from
 * NQ_GPU_AUTO_MIN_N to NQ_GPU_MAX_N, and a device of type GPU found
 * (listed, not opened). The one rule of nq_plan_create() and of
 * nq_plan_outline() (`count --dry-run`), so that both say the same; a
 * device that then fails to build the kernel leaves the plan to the CPU,
 * which only the plan can know. */
bool nq__plan_auto_gpu(int n, int device);

/* nq__count_limited() : nq_count() on such a plan. */
int nq__count_limited(int n, const nq_count_options *options, uint64_t limit,
                      nq_count_result *result);

/* The signatures of the two layouts, formats of n. */
#define NQ_PLAN_CONSTELLATIONS_SIGN "constellations/1 n=%d"
#define NQ_PLAN_JOIN_SIGN "join/2 n=%d"

/* The join is worth its table from this n on (NQ_ENGINE_AUTO). */
#define NQ_JOIN_MIN_N 4

/* nq__plan_beside() : the bytes a join in passes holds beside a pass's
 * table under `budget` (the filter of its tops, and the census where it
 * takes at most a sixteenth of the budget: *with_census). */
uint64_t nq__plan_beside(int n, int threads, uint64_t budget,
                         bool *with_census);

/* nq__plan_units_bytes() : the bytes the join's `units` take in a plan and
 * its run. */
uint64_t nq__plan_units_bytes(uint64_t units);

/* nq__plan_cut() : the cut of the join's units into passes whose tables
 * fit `budget` bytes, from the tops of each group (`groups` entries,
 * counted by the census or estimated), at least min_passes of them where
 * a cut that fine exists (nq_count_options.min_passes). Returns 0 or
 * NQ_E_NOMEM. */
int nq__plan_cut(int n, int threads, unsigned min_passes,
                 const struct nq__join_unit *units, uint64_t count,
                 const uint64_t *tops, uint64_t groups, uint64_t budget,
                 struct nq__join_passes *passes);

/* nq__plan_kind() : the kind of subproblem `id` and its index within its
 * kind (the column of row 0, or the index of the constellation or unit). */
enum nq__subproblem_kind nq__plan_kind(const nq_plan *plan, uint64_t id,
                                       uint64_t *index);

/* nq__plan_part_tops() : the tops of the groups of the join's table
 * (tops[0 .. groups), as nq__join_sum_shares() makes them) that no unit
 * of part `part` of `parts` (nq_plan_part_ids()) reads set to 0, so that
 * the passes are cut for that part alone. The plan has its units; its
 * engine is set to the join. Returns 0, NQ_E_INVAL, NQ_E_NOMEM. */
int nq__plan_part_tops(nq_plan *plan, unsigned part, unsigned parts,
                       uint64_t *tops, uint64_t groups);

/* nq__recount_join_unit() : the solutions of the join unit with top
 * columns `top` and middle queen `middle` (-1 for even n), counted apart
 * from the join's code for an audit (count_recount_join.c), before the
 * unit's weight. Returns 0 or NQ_E_NOMEM. */
int nq__recount_join_unit(int n, uint64_t top, int middle, uint64_t *out);

/* ---- engines (count_constellation.c, count_symmetric.c) ---- */

/* Lists the canonical constellations of n (1 <= n <= NQ_MAX_N) into a new
 * array (free()). Returns 0 or NQ_E_NOMEM. */
int nq__constellations_list(int n, struct nq__constellation **list,
                            uint64_t *count);

/* The border queens of a constellation as 0-based columns by row, -1 for
 * the rows without one. */
void nq__constellation_cells(int n, const struct nq__constellation *c,
                             int cols[NQ_MAX_N]);

/* The completions of constellation `c` on the inside of the board: the
 * number of solutions whose border queens are exactly those of c. */
uint64_t nq__constellation_count(int n, const struct nq__constellation *c);

/* Solutions unchanged by the rotation by `quarter_turns` * 90 degrees
 * (1 or 2) whose queen in row 0 stands in column `col`. */
uint64_t nq__symmetric_count(int n, int quarter_turns, int col);

#endif /* NQ_COUNT_PLAN_H */
