/*
 * count_parts.c - the cut of a plan into M parts that independent
 * processes count (`nqueens count N --part K/M`), each on any machine, so
 * that the parts' checkpoints merge into the whole count.
 *
 * The cut must be the same wherever it is made: it depends on the plan's
 * ids and on M alone, never on threads or the memory budget. It is
 * balanced by estimated work rather than by the number of ids, since the
 * ids differ in cost by orders of magnitude:
 *  - the symmetric searches (ids [0, 2n)) are one group each, of work 1;
 *  - a constellation is one group, its work the product over the rows
 *    without a border queen of the squares the border queens leave free
 *    there (the breadth of its search tree, row by row);
 *  - the join's units are gathered by their class of patterns on the
 *    outer columns (nq__join_pass_key() under nq__join_fixed_columns(n,
 *    k), k the fewest even columns that give at least 8 classes a part),
 *    since the units of a class read the same groups of the table: a part
 *    then builds the tables of its own classes alone. A unit's work is
 *    a + b + a * b / 1024, where a and b are the tops of the groups of its
 *    two halves (a pass over each, and the pairs of their 1,024 buckets),
 *    estimated by seeded probes (the same on every machine).
 *    Where even the finest k gives too few classes, each unit is a group.
 * The groups, costliest first (ties: the smaller first id), go each to
 * the part with the least work so far (ties: the smaller part).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "count/count_plan.h"
#include "count/join/count_join.h"

/* One group of ids and its estimated work. */
struct part_group {
    double work;
    uint64_t first; /* its smallest id */
};

/* Groups of at least this many per part, for the join's classes. */
#define GROUPS_PER_PART 8

/* The most outer columns the join's classes are taken on. */
#define PART_MAX_COLUMNS 16

/* The work of a constellation: the product, over the rows without a
 * border queen, of the squares free of the border queens' lines. */
static double constellation_work(int n, const struct nq__constellation *c)
{
    int cols[NQ_MAX_N];
    nq__constellation_cells(n, c, cols);
    double work = 1.0;
    for (int r = 0; r < n; r++) {
        if (cols[r] >= 0)
            continue;
        int free = 0;
        for (int col = 0; col < n; col++) {
            bool open = true;
            for (int q = 0; q < n && open; q++) {
                int d = cols[q] - col;
                if (cols[q] >= 0 && (d == 0 || d == q - r || d == r - q))
                    open = false;
            }
            free += open;
        }
        work *= free > 0 ? free : 1;
    }
    return work;
}

/* The probes and seed of the estimate of the tops of each group that
 * weighs the join's units: part of the rule (NQ_PART_RULE), never of a
 * machine. */
#define PART_PROBES 2048
#define PART_SEED 0x6e71706172747331ULL

/* The tops of the groups of the whole table, estimated by seeded probes
 * (nq__join_sample_tops()): the same on every machine, in milliseconds,
 * where the walk of every top takes minutes from n = 22 on. A group alone
 * is estimated roughly; a class of parts sums many. */
static int group_tops(const nq_plan *plan, uint64_t **tops, uint64_t *len)
{
    double all = 0.0;
    return nq__join_sample_tops(plan->n, PART_PROBES, PART_SEED, tops, len,
                                &all);
}

/* The tops whose columns are `set`: the kept ones (the queen of row 0
 * left of the middle, or on it) and the mirror images of the first. */
static double set_tops(const uint64_t *tops, uint64_t len, uint64_t sets,
                       const struct nq__join_ranks *ranks, uint32_t set, int n)
{
    uint64_t r = nq__join_rank(ranks, set);
    uint64_t m = nq__join_rank(ranks, nq__join_mirror(set, n));
    double a = 0;
    if (r < len)
        a += (double)tops[r];
    if (m < len)
        a += (double)tops[m];
    if (sets + r < len)
        a += (double)tops[sets + r];
    return a;
}

/* The fixed columns whose classes give the join's groups, or 0 where
 * each unit is a group. */
static uint32_t class_columns(const nq_plan *plan, unsigned parts)
{
    uint32_t last = 0;
    for (int k = 2; k <= PART_MAX_COLUMNS; k += 2) {
        uint32_t fixed = nq__join_fixed_columns(plan->n, k);
        if (fixed == last)
            break;
        last = fixed;
        uint8_t *seen = calloc((size_t)1 << k, 1);
        if (seen == NULL)
            return 0;
        uint64_t classes = 0;
        for (uint64_t i = 0; i < plan->work_count; i++) {
            uint32_t key = nq__join_pass_key(plan->n, fixed, &plan->units[i]);
            uint32_t at = nq__join_pattern_index(key, fixed);
            classes += !seen[at];
            seen[at] = 1;
        }
        free(seen);
        if (classes >= (uint64_t)GROUPS_PER_PART * parts)
            return fixed;
    }
    return 0;
}

/* The join's groups: group_of[i] for unit i (offset by `base`), their work
 * added to g[]; *ngroups grows by the groups made. */
static int join_groups(const nq_plan *plan, unsigned parts, uint64_t base,
                       uint64_t *group_of, struct part_group *g,
                       uint64_t *ngroups)
{
    int n = plan->n;
    uint64_t *tops = NULL, len = 0;
    struct nq__join_ranks *ranks = NULL;
    uint32_t *class_group = NULL;
    int rc = 0;
    if (n >= 4) {
        ranks = malloc(sizeof *ranks);
        rc = ranks == NULL ? NQ_E_NOMEM : group_tops(plan, &tops, &len);
        if (rc != 0)
            goto out;
        nq__join_ranks_init(ranks, n);
    }
    uint32_t fixed = class_columns(plan, parts);
    int k = __builtin_popcount(fixed);
    class_group = malloc(((size_t)1 << k) * sizeof *class_group);
    if (class_group == NULL) {
        rc = NQ_E_NOMEM;
        goto out;
    }
    memset(class_group, 0xff, ((size_t)1 << k) * sizeof *class_group);
    uint64_t sets = nq__join_binomial(n, n / 2);
    uint32_t full = (uint32_t)(((uint64_t)1 << n) - 1);
    for (uint64_t i = 0; i < plan->work_count; i++) {
        const struct nq__join_unit *u = &plan->units[i];
        uint64_t at = *ngroups;
        if (fixed != 0) {
            uint32_t key = nq__join_pass_key(n, fixed, u);
            uint32_t index = nq__join_pattern_index(key, fixed);
            if (class_group[index] == UINT32_MAX) {
                class_group[index] = (uint32_t)*ngroups;
                g[*ngroups] = (struct part_group){0.0, base + i};
                ++*ngroups;
            }
            at = class_group[index];
        } else {
            g[*ngroups] = (struct part_group){0.0, base + i};
            ++*ngroups;
        }
        group_of[base + i] = at;
        double work = 1.0;
        if (ranks != NULL) {
            uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
            double a = set_tops(tops, len, sets, ranks, u->top, n);
            double b =
                set_tops(tops, len, sets, ranks, full & ~u->top & ~middle, n);
            work = a + b + a * b / 1024.0;
        }
        g[at].work += work;
    }
out:
    free(class_group);
    free(ranks);
    free(tops);
    return rc;
}

/* Orders groups costliest first, then by first id. */
static int by_work(const void *pa, const void *pb)
{
    const struct part_group *a = pa, *b = pb;
    if (a->work != b->work)
        return a->work > b->work ? -1 : 1;
    return a->first < b->first ? -1 : a->first > b->first;
}

/* A heap of parts by (work so far, number). */
struct part_heap {
    double *load;
    uint32_t *heap;
    uint32_t len;
};

static bool lighter(const struct part_heap *h, uint32_t a, uint32_t b)
{
    double load_a = h->load[a], load_b = h->load[b];
    if (load_a != load_b)
        return load_a < load_b;
    return a < b;
}

/* Adds `work` to the lightest part, which it returns. */
static uint32_t heap_take(struct part_heap *h, double work)
{
    uint32_t top = h->heap[0];
    h->load[top] += work;
    /* Sift the root down. */
    uint32_t i = 0;
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, best = i;
        if (l < h->len && lighter(h, h->heap[l], h->heap[best]))
            best = l;
        if (r < h->len && lighter(h, h->heap[r], h->heap[best]))
            best = r;
        if (best == i)
            break;
        uint32_t t = h->heap[i];
        h->heap[i] = h->heap[best];
        h->heap[best] = t;
        i = best;
    }
    return top;
}

/* The part (0-based) of every group. */
static int assign(const struct part_group *g, uint64_t ngroups, unsigned parts,
                  uint32_t *part_of)
{
    struct part_group *order = malloc((ngroups + 1) * sizeof *order);
    struct part_heap h = {calloc(parts + 1, sizeof(double)),
                          calloc(parts + 1, sizeof(uint32_t)), parts};
    int rc = NQ_E_NOMEM;
    if (order != NULL && h.load != NULL && h.heap != NULL) {
        memcpy(order, g, ngroups * sizeof *order);
        qsort(order, ngroups, sizeof *order, by_work);
        for (uint32_t p = 0; p < parts; p++) {
            h.load[p] = 0.0;
            h.heap[p] = p; /* all equal, ordered by number: a heap */
        }
        /* The groups were made in the order of their first ids, so a
         * group's first id finds its number. */
        for (uint64_t i = 0; i < ngroups; i++) {
            uint64_t lo = 0, hi = ngroups;
            while (lo < hi) {
                uint64_t mid = lo + (hi - lo) / 2;
                if (g[mid].first < order[i].first)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            part_of[lo] = heap_take(&h, order[i].work);
        }
        rc = 0;
    }
    free(order);
    free(h.load);
    free(h.heap);
    return rc;
}

int nq_plan_part_ids(const nq_plan *plan, unsigned part, unsigned parts,
                     uint64_t *ids, size_t capacity, size_t *count)
{
    if (count != NULL)
        *count = 0;
    if (plan == NULL || count == NULL || parts < 1 || parts > NQ_PARTS_MAX ||
        part < 1 || part > parts)
        return NQ_E_INVAL;
    uint64_t size = nq_plan_size(plan);
    uint64_t *group_of = calloc(size + 1, sizeof *group_of);
    struct part_group *g = calloc(size + 1, sizeof *g);
    uint32_t *part_of = calloc(size + 1, sizeof *part_of);
    int rc = NQ_E_NOMEM;
    if (group_of == NULL || g == NULL || part_of == NULL)
        goto out;
    uint64_t ngroups = 0, base = plan->sym180_ids + plan->sym90_ids;
    for (uint64_t id = 0; id < base; id++) {
        group_of[id] = ngroups;
        g[ngroups++] = (struct part_group){1.0, id};
    }
    rc = 0;
    if (plan->engine == NQ_ENGINE_JOIN) {
        rc = join_groups(plan, parts, base, group_of, g, &ngroups);
    } else {
        for (uint64_t i = 0; i < plan->work_count; i++) {
            group_of[base + i] = ngroups;
            g[ngroups++] = (struct part_group){
                constellation_work(plan->n, &plan->cons[i]), base + i};
        }
    }
    if (rc == 0)
        rc = assign(g, ngroups, parts, part_of);
    if (rc != 0)
        goto out;
    size_t k = 0;
    for (uint64_t id = 0; id < size; id++) {
        if (part_of[group_of[id]] != part - 1)
            continue;
        if (ids != NULL && k < capacity)
            ids[k] = id;
        k++;
    }
    *count = k;
out:
    free(group_of);
    free(g);
    free(part_of);
    return rc;
}

/* Marks the groups of the sets `set` and its mirror image, in every part
 * of the table. */
static void mark_set(bool *read, const struct nq__join_ranks *ranks,
                     uint32_t set, int n, int table_parts, uint64_t sets)
{
    uint64_t r = nq__join_rank(ranks, set);
    uint64_t m = nq__join_rank(ranks, nq__join_mirror(set, n));
    for (int t = 0; t < table_parts; t++) {
        read[(uint64_t)t * sets + r] = true;
        read[(uint64_t)t * sets + m] = true;
    }
}

int nq__plan_part_tops(nq_plan *plan, unsigned part, unsigned parts,
                       uint64_t *tops, uint64_t groups)
{
    int n = plan->n;
    int rows = n / 2;
    int table_parts = rows >= 2 && n % 2 == 1 ? 2 : 1;
    uint64_t sets = nq__join_binomial(n, rows);
    if (groups != (uint64_t)table_parts * sets)
        return NQ_E_INVAL;
    /* The rule groups the join's units as the plan's engine: the plan is
     * the join's from here on (plan_join() says so again at its end). */
    plan->engine = NQ_ENGINE_JOIN;
    size_t count = 0;
    int rc = nq_plan_part_ids(plan, part, parts, NULL, 0, &count);
    if (rc != 0)
        return rc;
    uint64_t *ids = malloc((count + 1) * sizeof *ids);
    bool *read = calloc(groups, sizeof *read);
    struct nq__join_ranks *ranks = malloc(sizeof *ranks);
    rc = NQ_E_NOMEM;
    if (ids != NULL && read != NULL && ranks != NULL)
        rc = nq_plan_part_ids(plan, part, parts, ids, count, &count);
    if (rc == 0) {
        nq__join_ranks_init(ranks, n);
        uint32_t full = (uint32_t)(((uint64_t)1 << n) - 1);
        uint64_t base = plan->sym180_ids + plan->sym90_ids;
        for (size_t i = 0; i < count; i++) {
            if (ids[i] < base)
                continue;
            const struct nq__join_unit *u = &plan->units[ids[i] - base];
            uint32_t middle = u->middle < 0 ? 0 : (uint32_t)1 << u->middle;
            mark_set(read, ranks, u->top, n, table_parts, sets);
            mark_set(read, ranks, full & ~u->top & ~middle, n, table_parts,
                     sets);
        }
        for (uint64_t g = 0; g < groups; g++) {
            if (!read[g])
                tops[g] = 0;
        }
    }
    free(ranks);
    free(read);
    free(ids);
    return rc;
}
