/*
 * checkpoint_merge.c - one count from the checkpoints of its parts
 * (`nqueens merge`): the files must be of one plan (n, signature, size,
 * the same cut into parts by the same rule), no subproblem may carry two
 * different counts, and the union is summed, or written as a checkpoint of
 * its own that merges again like any part (so merging is associative).
 * Every file is verified in full before its rows are taken.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"
#include "run/checkpoint.h"

/* One subproblem as the merge holds it. */
struct merge_row {
    nq_subcount count;
    int64_t at;
    uint32_t origin; /* index into origins + 1; 0: not present */
};

/* A provenance, interned. */
struct merge_origin {
    char engine[NQ_PROVENANCE_MAX];
    char version[NQ_PROVENANCE_MAX];
    char host[NQ_PROVENANCE_MAX];
};

struct nq_merge {
    bool started;            /* a file was added */
    nq_checkpoint_info info; /* the plan; done, sum and parts of the union */
    struct merge_row *rows;  /* [size] */
    struct merge_origin *origins;
    uint32_t origins_len, origins_cap, last_origin;
    unsigned *held; /* parts held, ascending (parts > 0) */
    uint64_t *held_sizes;
    size_t nheld;
    /* While a file is added: */
    int err;
    nq_unit_record *conflict; /* the two records of a conflict */
};

int nq_merge_new(nq_merge **m)
{
    if (m == NULL)
        return NQ_E_INVAL;
    *m = calloc(1, sizeof **m);
    return *m == NULL ? NQ_E_NOMEM : NQ_OK;
}

void nq_merge_free(nq_merge *m)
{
    if (m == NULL)
        return;
    free(m->rows);
    free(m->origins);
    free(m->held);
    free(m->held_sizes);
    free(m);
}

/* The index + 1 of u's provenance, added if new; 0 when out of memory. */
static uint32_t intern(nq_merge *m, const nq_unit_record *u)
{
    struct merge_origin o;
    memset(&o, 0, sizeof o);
    memcpy(o.engine, u->engine, sizeof o.engine);
    memcpy(o.version, u->version, sizeof o.version);
    memcpy(o.host, u->host, sizeof o.host);
    if (m->last_origin > 0 &&
        memcmp(&m->origins[m->last_origin - 1], &o, sizeof o) == 0)
        return m->last_origin;
    for (uint32_t i = 0; i < m->origins_len; i++) {
        if (memcmp(&m->origins[i], &o, sizeof o) == 0)
            return m->last_origin = i + 1;
    }
    if (m->origins_len == m->origins_cap) {
        uint32_t cap = m->origins_cap ? 2 * m->origins_cap : 8;
        struct merge_origin *more = realloc(m->origins, cap * sizeof *more);
        if (more == NULL)
            return 0;
        m->origins = more;
        m->origins_cap = cap;
    }
    m->origins[m->origins_len++] = o;
    return m->last_origin = m->origins_len;
}

/* The record the merge holds for id. */
static void held_record(const nq_merge *m, uint64_t id, nq_unit_record *u)
{
    const struct merge_row *r = &m->rows[id];
    const struct merge_origin *o = &m->origins[r->origin - 1];
    memset(u, 0, sizeof *u);
    u->id = id;
    u->count = r->count;
    u->at = r->at;
    memcpy(u->engine, o->engine, sizeof u->engine);
    memcpy(u->version, o->version, sizeof u->version);
    memcpy(u->host, o->host, sizeof u->host);
    u->intact = 1;
}

static int take_row(const nq_unit_record *u, void *user)
{
    nq_merge *m = user;
    /* The file was verified whole just before, but it may have changed
     * since (another process writes it): a damaged row is never summed. */
    if (!u->intact) {
        if (m->conflict != NULL)
            m->conflict[0] = *u;
        m->err = NQ_E_CORRUPT;
        return 1;
    }
    struct merge_row *r = &m->rows[u->id];
    if (r->origin != 0) {
        if (memcmp(&r->count, &u->count, sizeof r->count) == 0)
            return 0; /* counted twice, alike */
        if (m->conflict != NULL) {
            held_record(m, u->id, &m->conflict[0]);
            m->conflict[1] = *u;
        }
        m->err = NQ_E_MISMATCH;
        return 1;
    }
    nq_subcount sum = m->info.sum;
    uint32_t origin = intern(m, u);
    if (origin == 0 || nq_subcount_add(&sum, &u->count) != NQ_OK) {
        m->err = origin == 0 ? NQ_E_NOMEM : NQ_E_OVERFLOW;
        return 1;
    }
    r->count = u->count;
    r->at = u->at;
    r->origin = origin;
    m->info.sum = sum;
    m->info.done++;
    return 0;
}

/* Adds a part to the list of those held; the same part twice is
 * held once. */
static int take_part(unsigned part, uint64_t size, void *user)
{
    nq_merge *m = user;
    size_t at = 0;
    while (at < m->nheld && m->held[at] < part)
        at++;
    if (at < m->nheld && m->held[at] == part) {
        if (m->held_sizes[at] != size) {
            m->err = NQ_E_CHECKPOINT;
            return 1;
        }
        return 0;
    }
    /* Parts that together hold more subproblems than the plan: a
     * doctored part table. */
    if (size > m->info.size - m->info.part_size) {
        m->err = NQ_E_CHECKPOINT;
        return 1;
    }
    unsigned *held = realloc(m->held, (m->nheld + 1) * sizeof *held);
    if (held != NULL)
        m->held = held;
    uint64_t *sizes =
        realloc(m->held_sizes, (m->nheld + 1) * sizeof *m->held_sizes);
    if (sizes != NULL)
        m->held_sizes = sizes;
    if (held == NULL || sizes == NULL) {
        m->err = NQ_E_NOMEM;
        return 1;
    }
    memmove(&m->held[at + 1], &m->held[at], (m->nheld - at) * sizeof *held);
    memmove(&m->held_sizes[at + 1], &m->held_sizes[at],
            (m->nheld - at) * sizeof *sizes);
    m->held[at] = part;
    m->held_sizes[at] = size;
    m->nheld++;
    m->info.part_size += size;
    return 0;
}

/* Stops at the first damaged row and keeps it. */
static int damaged_row(const nq_unit_record *u, void *user)
{
    if (u->intact)
        return 0;
    *(nq_unit_record *)user = *u;
    return 1;
}

int nq_merge_add(nq_merge *m, const char *path, nq_unit_record conflict[2])
{
    if (m == NULL || path == NULL)
        return NQ_E_INVAL;
    if (conflict != NULL) {
        memset(conflict, 0, 2 * sizeof *conflict);
        conflict[0].intact = 1; /* no damaged row named */
    }
    nq_checkpoint_info info;
    int err = nq_checkpoint_read(path, &info);
    /* A damaged file: name its first damaged row, where a row is. */
    if (err == NQ_E_CORRUPT && conflict != NULL)
        (void)nq_checkpoint_units(path, damaged_row, &conflict[0], NULL);
    if (err != NQ_OK)
        return err;
    if (!m->started) {
        if (info.size / 8 >= SIZE_MAX / sizeof *m->rows)
            return NQ_E_NOMEM;
        m->rows = calloc((size_t)info.size, sizeof *m->rows);
        if (m->rows == NULL)
            return NQ_E_NOMEM;
        m->started = true;
        m->info = info;
        m->info.done = 0;
        m->info.sum = (nq_subcount){0, 0, 0};
        m->info.part_size = info.parts > 0 ? 0 : info.size;
        m->info.parts_held = 0;
        m->info.complete = 0;
        m->info.sessions = 0;
        m->info.seconds = 0;
    } else if (info.n != m->info.n || info.size != m->info.size ||
               info.parts != m->info.parts ||
               info.part_rule != m->info.part_rule ||
               strcmp(info.signature, m->info.signature) != 0) {
        return NQ_E_CHECKPOINT;
    }
    /* The history of the union must be one a file can record: more sessions
     * or seconds than that are not the sum of real runs. */
    if (info.sessions > NQ__CHECKPOINT_SESSIONS_MAX - m->info.sessions ||
        !(m->info.seconds + info.seconds < NQ__CHECKPOINT_SECONDS_MAX))
        return NQ_E_CHECKPOINT;
    /* A later merge must not find a part twice with two sizes. */
    m->err = NQ_OK;
    if (info.parts > 0) {
        err = nq_checkpoint_parts(path, take_part, m);
        if (err != NQ_OK)
            return m->err != NQ_OK ? m->err : err;
        m->info.parts_held = m->nheld;
        m->info.part = m->nheld == 1 ? m->held[0] : 0;
    }
    m->conflict = conflict;
    err = nq_checkpoint_units(path, take_row, m, NULL);
    m->conflict = NULL;
    if (err == NQ_E_STOPPED)
        err = m->err;
    if (err != NQ_OK)
        return err;
    /* More rows than the parts held have: files that name one part hold
     * different subproblems (a doctored file, or another cut). */
    if (m->info.done > m->info.part_size)
        return NQ_E_CHECKPOINT;
    m->info.sessions += info.sessions;
    m->info.seconds += info.seconds;
    if (info.created < m->info.created)
        m->info.created = info.created;
    if (info.saved > m->info.saved)
        m->info.saved = info.saved;
    /* Every id: the whole count. */
    if (m->info.done == m->info.size &&
        nq_count_result_of(m->info.n, &m->info.sum, &m->info.result) == NQ_OK)
        m->info.complete = 1;
    return NQ_OK;
}

void nq_merge_info(const nq_merge *m, nq_checkpoint_info *info)
{
    *info = m->info;
}

int nq_merge_parts(const nq_merge *m, nq_part_fn fn, void *user)
{
    if (m == NULL || fn == NULL)
        return NQ_E_INVAL;
    for (size_t i = 0; i < m->nheld; i++) {
        if (fn(m->held[i], m->held_sizes[i], user) != 0)
            return NQ_E_STOPPED;
    }
    return NQ_OK;
}

int nq_merge_write(const nq_merge *m, const char *path)
{
    if (m == NULL || path == NULL || !m->started)
        return NQ_E_INVAL;
    const nq_checkpoint_info *i = &m->info;
    nq_checkpoint *cp = NULL;
    int err =
        nq_checkpoint_create_parts(path, i->n, i->signature, i->size, i->parts,
                                   m->held, m->held_sizes, m->nheld, &cp);
    if (err != NQ_OK)
        return err;
    nq_checkpoint_set_interval(cp, 1e9); /* one transaction at the end */
    err = nq__checkpoint_take_history(cp, i->sessions, i->seconds, i->created);
    for (uint64_t id = 0; err == NQ_OK && id < i->size; id++) {
        if (m->rows[id].origin == 0)
            continue;
        nq_unit_record u;
        held_record(m, id, &u);
        err = nq_checkpoint_record_unit(cp, &u);
    }
    if (err == NQ_OK && i->complete)
        err = nq_checkpoint_finish(cp, &i->result);
    int closed = nq_checkpoint_close(cp);
    return err != NQ_OK ? err : closed;
}
