/*
 * solve_join.c - the walk that joins the tops with the table of bottoms,
 * batch by batch (see solve_join.h).
 */
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "nqueens.h"
#include "solve/solve_join.h"

int nq__solve_join_walk_start(struct solve_join_walk *w,
                              const struct solve_join *j, const int *prefix,
                              int base, uint64_t first_row_columns)
{
    memset(w, 0, sizeof *w);
    return nq__solve_join_walk_restart(w, j, prefix, base, first_row_columns);
}

int nq__solve_join_walk_restart(struct solve_join_walk *w,
                                const struct solve_join *j, const int *prefix,
                                int base, uint64_t first_row_columns)
{
    /* The arrays stay, emptied; everything else starts afresh. */
    struct solve_join_room room = w->room;
    memset(w, 0, sizeof *w);
    w->room = room;
    if (room.slots != NULL) /* a walk left before its end leaves counts */
        memset(room.slots, 0, room.cap_slots * sizeof *room.slots);
    w->join = j;
    w->base = base;
    w->first_row = first_row_columns;
    w->batches.row = -1;
    if (base < 0 || base > j->top_rows)
        return NQ_E_INVAL;
    int batch_base = j->top_rows - SOLVE_JOIN_BATCH_ROWS;
    w->batch_base = batch_base > base ? batch_base : base;
    /* The first row's limit goes to whichever search places row base. */
    return nq__kernel_start(&w->batches, j->n, prefix, base, w->batch_base,
                            w->batch_base > base ? first_row_columns
                                                 : ~(uint64_t)0);
}

void nq__solve_join_walk_free(struct solve_join_walk *w)
{
    struct solve_join_room *r = &w->room;
    free(r->tops);
    free(r->hits);
    free(r->sorted);
    free(r->slots);
    free(r->slot_of);
    free(r->used);
    free(r->words);
    free(r->ids);
    free(r->with_hits);
    *r = (struct solve_join_room){0};
}

/* Makes room for `need` elements of `size` bytes in *array (capacity
 * *cap, grown to at least double); false when out of memory. */
static bool reserve(void **array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t grown = *cap * 2 > need ? *cap * 2 : need;
    grown = grown < 64 ? 64 : grown;
    void *bigger = realloc(*array, grown * size);
    if (bigger == NULL)
        return false;
    *array = bigger;
    *cap = grown;
    return true;
}

/* Room for one more top in every per-top array. */
static bool reserve_top(struct solve_join_walk *w)
{
    if (w->ntops < w->room.cap_tops)
        return true;
    size_t cap = w->room.cap_tops, need = w->ntops + 1;
    size_t c1 = cap, c2 = cap, c3 = cap, c4 = cap, c5 = cap;
    if (!reserve((void **)&w->room.tops, &c1, need, sizeof *w->room.tops) ||
        !reserve((void **)&w->room.slot_of, &c2, need,
                 sizeof *w->room.slot_of) ||
        !reserve((void **)&w->room.words, &c3, need, sizeof *w->room.words) ||
        !reserve((void **)&w->room.ids, &c4, need, sizeof *w->room.ids) ||
        !reserve((void **)&w->room.with_hits, &c5, need,
                 sizeof *w->room.with_hits))
        return false;
    w->room.cap_tops = c1; /* all five grew alike */
    return true;
}

/* Adds the top whose masks on row a are given (bit c = column c: the
 * columns taken, the squares of row a attacked along either diagonal),
 * its batch rows in path (a byte each, the first lowest). A top whose
 * group is empty is added all the same: its scan reads nothing, and
 * looking the group up here would cost every top a load. */
static int add_top(struct solve_join_walk *w, uint64_t columns, uint64_t down,
                   uint64_t up, uint64_t path)
{
    const struct solve_join *j = w->join;
    const int n = j->n;
    const uint64_t board = ((uint64_t)1 << n) - 1;
    uint32_t set = (uint32_t)(board & ~columns);
    if (!reserve_top(w))
        return NQ_E_NOMEM;
    struct solve_join_top *t = &w->room.tops[w->ntops++];
    uint64_t word = (down & board) | (up & board) << n;
    t->filter = solve_join_filter(word, j->shift);
    t->rest = solve_join_rest(word, j->shift);
    t->set = set;
    t->end_hit = 0;
    /* From a register: bytes just stored one by one and read back as one
     * word would stall the load. */
    for (int i = 0; i < SOLVE_JOIN_BATCH_ROWS; i++)
        t->cols[i] = (unsigned char)(path >> (8 * i));
    return NQ_OK;
}

/* Every top below row r's masks, leftmost first (the kernel's loop,
 * without an iterator's bookkeeping: a batch is searched whole). */
static int add_tops(struct solve_join_walk *w, int r, uint64_t columns,
                    uint64_t down, uint64_t up, uint64_t allowed, uint64_t path)
{
    const int n = w->join->n;
    const uint64_t board = ((uint64_t)1 << n) - 1;
    if (r == w->join->top_rows)
        return add_top(w, columns, down, up, path);
    uint64_t avail = board & ~(columns | down | up) & allowed;
    const int at = 8 * (r - w->batch_base); /* row r's byte in path */
    if (r + 1 == w->join->top_rows) {       /* the last row: no call a top */
        while (avail != 0) {
            uint64_t bit = nq__lowest_bit(avail);
            avail ^= bit;
            uint64_t col = (uint64_t)nq__bit_index(bit);
            int rc = add_top(w, columns | bit, (down | bit) << 1,
                             (up | bit) >> 1, path | col << at);
            if (rc != NQ_OK)
                return rc;
        }
        return NQ_OK;
    }
    while (avail != 0) {
        uint64_t bit = nq__lowest_bit(avail);
        avail ^= bit;
        uint64_t col = (uint64_t)nq__bit_index(bit);
        int rc = add_tops(w, r + 1, columns | bit, (down | bit) << 1,
                          (up | bit) >> 1, ~(uint64_t)0, path | col << at);
        if (rc != NQ_OK)
            return rc;
    }
    return NQ_OK;
}

/* Collects the tops of the next batch, in order, with their words; 1, 0
 * when no batch is left, NQ_E_NOMEM. */
static int collect_tops(struct solve_join_walk *w)
{
    const int bb = w->batch_base;
    if (!nq__kernel_next(&w->batches))
        return 0;
    uint64_t columns = 0, down = 0, up = 0; /* row bb's masks */
    for (int r = 0; r < bb; r++) {
        uint64_t bit = (uint64_t)1 << w->batches.cols[r];
        w->cols[r] = w->batches.cols[r];
        columns |= bit;
        down = (down | bit) << 1;
        up = (up | bit) >> 1;
    }
    w->ntops = 0;
    w->prefix_columns = (uint32_t)columns;
    int rc = add_tops(w, bb, columns, down, up,
                      bb == w->base ? w->first_row : ~(uint64_t)0, 0);
    return rc == NQ_OK ? 1 : rc;
}

/* The tables that squeeze a set of the batch's free columns (those its
 * prefix leaves) into consecutive bits, a byte of the set at a time. */
static void build_squeeze(struct solve_join_walk *w, uint32_t free_columns)
{
    int below = 0; /* free columns under the byte */
    for (int b = 0; b < SOLVE_JOIN_SQUEEZE_BYTES; b++) {
        uint32_t mask = (free_columns >> (8 * b)) & 0xffu;
        uint16_t bit_of[8]; /* where column 8b + p lands, if free */
        for (int p = 0; p < 8; p++) {
            bit_of[p] = (mask >> p & 1u) ? (uint16_t)(1u << below) : 0;
            below += (int)(mask >> p & 1u);
        }
        uint16_t *table = w->squeeze[b];
        table[0] = 0;
        for (unsigned v = 1; v < 256; v++)
            table[v] =
                table[nq__clear_lowest32(v)] | bit_of[nq__bit_index32(v)];
    }
}

/* Lays the batch's tops out by column set: words[] and ids[] hold the
 * filters and indices of one set's tops side by side, the sets in
 * increasing order (so that their groups are read in the table's order;
 * used[] names their slots, whose count ends up as the end of the set's
 * run). A set is a subset of the columns the batch's prefix leaves free:
 * squeezed to those, it is the index of its slot, which is empty while
 * its count is 0. */
static int lay_out_by_set(struct solve_join_walk *w)
{
    const uint32_t board = (uint32_t)(((uint64_t)1 << w->join->n) - 1);
    const uint32_t free_columns = board & ~w->prefix_columns;
    const size_t nslots = (size_t)1 << __builtin_popcount(free_columns);
    if (nslots > w->room.cap_slots) {
        free(w->room.slots);
        free(w->room.used);
        w->room.cap_slots = 0;
        w->room.slots = calloc(nslots, sizeof *w->room.slots);
        w->room.used = malloc(nslots * sizeof *w->room.used);
        if (w->room.slots == NULL || w->room.used == NULL)
            return NQ_E_NOMEM;
        w->room.cap_slots = nslots;
    }
    if (free_columns != w->squeezed || !w->squeeze_ready) {
        build_squeeze(w, free_columns);
        w->squeezed = free_columns;
        w->squeeze_ready = true;
    }
    struct solve_join_slot *slots = w->room.slots;
    for (size_t i = 0; i < w->ntops; i++) {
        uint32_t set = w->room.tops[i].set;
        uint32_t h = w->squeeze[0][set & 0xffu] |
                     w->squeeze[1][(set >> 8) & 0xffu] |
                     w->squeeze[2][(set >> 16) & 0xffu];
        slots[h].set = set;
        slots[h].count++;
        w->room.slot_of[i] = h;
    }
    w->nused = 0;
    uint32_t at = 0;
    for (size_t h = 0; h < nslots; h++) {
        uint32_t count = slots[h].count;
        if (count == 0)
            continue;
        w->room.used[w->nused++] = (uint32_t)h;
        slots[h].count = at; /* the run's start, then its end */
        at += count;
    }
    for (size_t i = 0; i < w->ntops; i++) {
        uint32_t at_run = slots[w->room.slot_of[i]].count++;
        w->room.words[at_run] = w->room.tops[i].filter;
        w->room.ids[at_run] = (uint32_t)i;
    }
    return NQ_OK;
}

/* How many sets ahead a group's lines are asked for (1 and 2 measured
 * alike before the sets were read in order; 2 is a little faster since). */
#define SOLVE_JOIN_PREFETCH_SETS 2

/* Scans each set's group once for all the batch's tops on that set, then
 * sorts the hits by top (stable: a top's hits stay in group order). */
static int join_batch(struct solve_join_walk *w)
{
    const struct solve_join *j = w->join;
    int rc = lay_out_by_set(w);
    if (rc != NQ_OK)
        return rc;
    w->nhits = 0;
    uint32_t run = 0; /* the first top of the set's run in words[] */
    for (size_t u = 0; u < w->nused; u++) {
        /* Groups are read from all over the table, each once per batch
         * or so: ask for the lines of the group after next ahead, all at
         * once (the next one's were asked for a set ago). */
        if (u + SOLVE_JOIN_PREFETCH_SETS < w->nused) {
            uint32_t next_set =
                w->room.slots[w->room.used[u + SOLVE_JOIN_PREFETCH_SETS]].set;
            const uint32_t *from = j->filters + j->offsets[next_set];
            const uint32_t *to = j->filters + j->offsets[next_set + 1];
            for (; from < to; from += 16)
                __builtin_prefetch(from);
        }
        struct solve_join_slot *slot = &w->room.slots[w->room.used[u]];
        uint32_t set = slot->set;
        int ntops = (int)(slot->count - run);
        const uint32_t *words = w->room.words + run;
        const uint32_t *ids = w->room.ids + run;
        run = slot->count;
        slot->count = 0; /* empty again for the next batch */
        for (uint32_t o = j->offsets[set], end = j->offsets[set + 1]; o < end;
             o += SOLVE_JOIN_BLOCK) {
            int count =
                end - o < SOLVE_JOIN_BLOCK ? (int)(end - o) : SOLVE_JOIN_BLOCK;
            size_t need = w->nhits + (size_t)count * (size_t)ntops;
            size_t cap = w->room.cap_hits;
            if (!reserve((void **)&w->room.hits, &cap, need,
                         sizeof *w->room.hits))
                return NQ_E_NOMEM;
            w->room.cap_hits = cap;
            size_t found = j->scan(j->filters + o, count, o, words, ids, ntops,
                                   w->room.hits + w->nhits);
            /* The hits' rests are read once the batch is scanned: ask
             * for them now (about one a set), while the scan goes on. */
            for (size_t h = w->nhits; h < w->nhits + found; h++)
                __builtin_prefetch(j->rests + (uint32_t)w->room.hits[h]);
            w->nhits += found;
        }
    }
    w->nused = 0;
    /* Each hit's rest: the diagonals the filter left out must not meet
     * either (n > 16); the rest then stands in for the entry. These loads
     * are independent, so their cache misses overlap. */
    size_t kept = 0;
    for (size_t h = 0; h < w->nhits; h++) {
        uint32_t top = (uint32_t)(w->room.hits[h] >> 32);
        uint32_t rest = j->rests[(uint32_t)w->room.hits[h]];
        if (j->shift == 0 || (rest & w->room.tops[top].rest) == 0)
            w->room.hits[kept++] = (uint64_t)top << 32 | rest;
    }
    w->nhits = kept;
    if (!reserve((void **)&w->room.sorted, &w->room.cap_sorted, w->nhits,
                 sizeof *w->room.sorted))
        return NQ_E_NOMEM;
    /* Counting sort by top: counts, then each top's end, then places. */
    for (size_t h = 0; h < w->nhits; h++)
        w->room.tops[w->room.hits[h] >> 32].end_hit++;
    uint32_t at = 0;
    for (size_t i = 0; i < w->ntops; i++) {
        at += w->room.tops[i].end_hit;
        w->room.tops[i].end_hit = at;
    }
    for (size_t h = w->nhits; h-- > 0;) {
        struct solve_join_top *t = &w->room.tops[w->room.hits[h] >> 32];
        w->room.sorted[--t->end_hit] = (uint32_t)w->room.hits[h];
    }
    /* end_hit now holds each top's start: turn it into its end again, and
     * list the tops that have solutions (most have none: the walk then
     * goes from one with solutions to the next without a test on each,
     * whose outcome no branch predictor could guess). */
    size_t listed = 0;
    for (size_t i = 0; i < w->ntops; i++) {
        uint32_t start = w->room.tops[i].end_hit;
        uint32_t end =
            i + 1 < w->ntops ? w->room.tops[i + 1].end_hit : (uint32_t)w->nhits;
        w->room.tops[i].end_hit = end;
        w->room.with_hits[listed] = (uint32_t)i;
        listed += end != start;
    }
    w->nwith_hits = listed;
    return NQ_OK;
}

/* Puts tops[top]'s rows and its group's columns in place. */
static void enter_top(struct solve_join_walk *w)
{
    const struct solve_join_top *t = &w->room.tops[w->room.with_hits[w->top]];
    const int bb = w->batch_base;
    for (int i = 0; i < w->join->top_rows - bb && i < SOLVE_JOIN_BATCH_ROWS;
         i++)
        w->cols[bb + i] = t->cols[i];
    uint32_t set = t->set;
    for (int i = 0; set != 0; i++, set = nq__clear_lowest32(set))
        w->group_cols[i] = nq__bit_index32(set);
    w->ready = true;
}

/* Starts the next batch: 1, 0 when none is left, NQ_E_NOMEM. */
static int next_batch(struct solve_join_walk *w)
{
    int rc = collect_tops(w);
    if (rc != 1)
        return rc;
    rc = join_batch(w);
    if (rc != NQ_OK)
        return rc;
    w->top = 0;
    w->hit = 0;
    w->ready = false;
    return 1;
}

int nq__solve_join_walk_next(struct solve_join_walk *w)
{
    const struct solve_join *j = w->join;
    for (;;) {
        if (w->top < w->nwith_hits &&
            w->hit == w->room.tops[w->room.with_hits[w->top]].end_hit) {
            w->top++; /* each listed top has a solution at least */
            w->ready = false;
        }
        if (w->top < w->nwith_hits) {
            if (!w->ready)
                enter_top(w);
            uint32_t e = w->room.sorted[w->hit++] >> (2 * j->shift);
            int *bottom = w->cols + j->top_rows;
            for (int k = j->bottom_rows; k-- > 0; e >>= 3)
                bottom[k] = w->group_cols[e & 7];
            return 1;
        }
        int rc = next_batch(w);
        if (rc != 1)
            return rc;
    }
}

long nq__solve_join_walk_fill(struct solve_join_walk *w, unsigned char *out,
                              size_t max)
{
    const struct solve_join *j = w->join;
    const int n = j->n;
    const int top_rows = j->top_rows;
    const int bb = w->batch_base;
    const int shift = 2 * j->shift;
    const int last = 3 * (j->bottom_rows - 1); /* row a's rank, in bits */
    unsigned char line[NQ_MAX_N] = {0};        /* the current top's rows */
    unsigned char group[SOLVE_JOIN_MAX_BOTTOM];
    size_t filled = 0;
    for (int r = 0; r < bb; r++)
        line[r] = (unsigned char)w->cols[r];
    while (filled < max) {
        if (w->top == w->nwith_hits) {
            int rc = next_batch(w);
            if (rc != 1)
                return rc < 0 ? rc : (long)filled;
            for (int r = 0; r < bb; r++)
                line[r] = (unsigned char)w->cols[r];
            continue;
        }
        const struct solve_join_top *t =
            &w->room.tops[w->room.with_hits[w->top]];
        size_t end = t->end_hit;
        if (w->hit == end) {
            w->top++;
            continue;
        }
        /* The top's rows, then each of its bottoms (row a's rank in the
         * highest bits of the packed ranks). */
        memcpy(line + bb, t->cols, (size_t)(top_rows - bb));
        uint32_t set = t->set;
        for (int i = 0; set != 0; i++, set = nq__clear_lowest32(set))
            group[i] = (unsigned char)nq__bit_index32(set);
        size_t take = end - w->hit;
        if (take > max - filled)
            take = max - filled;
        for (size_t h = w->hit; h < w->hit + take; h++) {
            unsigned char *o = out + filled++ * (size_t)n;
            if (n >= 16)
                memcpy(o, line, 16); /* one store; the bottom goes over */
            else
                memcpy(o, line, (size_t)top_rows);
            uint32_t e = w->room.sorted[h] >> shift;
            for (int k = 0, s = last; k < j->bottom_rows; k++, s -= 3)
                o[top_rows + k] = group[(e >> s) & 7];
        }
        w->hit += take;
        w->ready = false;
    }
    return (long)filled;
}
