/*
 * count_join.h - the half-board join (meet in the middle): every solution
 * splits into a top half and a bottom half, each a partial placement of
 * its own rows. The top halves are enumerated once and grouped by the set
 * of columns they use; a bottom half, turned upside down, is a top half
 * too. A solution is then a pair (top with columns C, bottom with the
 * other columns) whose diagonals meet nowhere, and counting those pairs
 * is a count of disjoint bit words, done many at a time.
 *
 * Odd n: the middle row keeps one queen, in column m; the halves above and
 * below it have (n - 1) / 2 rows each and must not attack it.
 *
 * Units: a unit is one (m, C) (m = -1 for even n) chosen from its class
 * under the mirror (columns reversed) and the flip (rows reversed), which
 * map solutions one to one between the members of a class; a unit counts
 * its solutions times the size of its class.
 */
#ifndef NQ_COUNT_JOIN_H
#define NQ_COUNT_JOIN_H

#include <stddef.h>
#include <stdint.h>

/* The largest n the join takes: its words and column sets must fit in 64
 * and 32 bits, and the memory of n = 21 and up is far beyond a machine. */
#define NQ_JOIN_MAX_N 20

/* One unit of work. */
struct nq_join_unit {
    uint32_t top;   /* columns used by the top half */
    int8_t middle;  /* column of the middle row's queen; -1 for even n */
    uint8_t weight; /* size of its class: 1, 2 or 4 */
};

/* The tops: every placement of `rows` queens in rows 0..rows-1, as a word
 * of the diagonals it attacks on row `rows`: bit x (0 <= x <= n - 2) for
 * the diagonal r + c = rows + x, bit n - 1 + j for r - c = rows - j - 1.
 * Grouped by their column set: the words of the set of colex rank i are
 * word[start[i] .. start[i + 1]). */
struct nq_join_table {
    int n;
    int rows;
    uint64_t sets;   /* column sets of `rows` columns: C(n, rows) */
    uint64_t *start; /* sets + 1 entries */
    uint64_t *word;  /* start[sets] entries */
};

/* nq_join_table_build() : enumerates and groups the tops of n on `threads`
 * threads, in at most `budget` bytes. Returns 0, NQ_E_RANGE, NQ_E_NOMEM
 * (also when the table would not fit the budget: the count of the tops,
 * which comes first, stops soon after that is known) or NQ_E_THREAD. */
int nq_join_table_build(int n, int threads, uint64_t budget,
                        struct nq_join_table *t);

void nq_join_table_free(struct nq_join_table *t);

/* nq_join_units() : the units of n in their stable order (free()).
 * Returns 0 or NQ_E_NOMEM. */
int nq_join_units(int n, struct nq_join_unit **units, uint64_t *count);

/* nq_join_count() : the solutions of one unit (not yet weighted) into
 * *count. Returns 0 or NQ_E_NOMEM. */
int nq_join_count(const struct nq_join_table *t, const struct nq_join_unit *u,
                  uint64_t *count);

/* nq_join_pairs() : the pairs (p[i], q[j]) with p[i] & q[j] == 0. */
uint64_t nq_join_pairs(const uint32_t *p, size_t np, const uint32_t *q,
                       size_t nq);

#endif /* NQ_COUNT_JOIN_H */
