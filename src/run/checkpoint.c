/*
 * checkpoint.c - the finished subproblems of a long count, kept in an
 * SQLite database so that a run that was stopped or killed resumes where
 * it was.
 *
 * SQLite is the store because it is the most trusted crash-safe file there
 * is: a transaction is on disk whole or not at all, and a person can look
 * inside with `sqlite3 FILE`. What SQLite does not do is notice a flipped
 * bit in a record, so every row carries a check value over its fields,
 * keyed by the plan's signature; a row that fails it marks the whole file
 * as damaged. A file is verified in full before anything is written to it,
 * and a file that is refused is never changed.
 *
 * Finished subproblems are gathered in memory and written in batches, one
 * transaction each, so the cost is a few fsyncs a minute whatever the
 * number of subproblems.
 *
 * Format 2 adds each row's provenance (the engine that counted it, the
 * library's version, the host and the time), under the row's check, so
 * that a wrong count can be traced to a machine; and the parts of the
 * plan a file holds (`count --part K/M`, `merge`). Format 1 files are
 * read as they are (their rows carry no provenance) and made format 2
 * when a run resumes them.
 *
 * One run at a time: the run that opens a checkpoint holds an exclusive
 * flock() on the file for as long as it is open. SQLite's own locks only
 * keep one transaction from tearing another; they would let two runs take
 * turns recording the same subproblems. flock() locks are separate from
 * the fcntl() locks SQLite takes (on Linux's local file systems), so
 * readers such as `nqueens status` are not kept out, and the kernel drops
 * the lock when the process ends, however it ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "common/clock.h"
#include "nqueens.h"
#include "run/checkpoint.h"

/* PRAGMA application_id of every checkpoint: "NQCP" in ASCII. */
#define CHECKPOINT_APP_ID 0x4E514350

/* How long a reader or writer waits for the other's lock, in ms. */
#define CHECKPOINT_BUSY_MS 10000

/* How often a waiting connection tries the lock again, in ms. */
#define CHECKPOINT_BUSY_POLL_MS 1

static const char checkpoint_schema[] =
    "CREATE TABLE meta(\n"
    "  key TEXT PRIMARY KEY NOT NULL, -- n, signature, size, parts, ...\n"
    "  value NOT NULL);\n"
    "CREATE TABLE done(\n"
    "  id INTEGER PRIMARY KEY NOT NULL, -- the subproblem's id in the plan\n"
    "  total INTEGER NOT NULL,          -- its contribution to the total\n"
    "  sym180 INTEGER NOT NULL,\n"
    "  sym90 INTEGER NOT NULL,\n"
    "  checksum INTEGER NOT NULL,       -- over the row, keyed by the plan\n"
    "  engine TEXT,                     -- what counted it: join, ...\n"
    "  version TEXT,                    -- the library's version\n"
    "  host TEXT,                       -- the machine's name\n"
    "  at INTEGER);                     -- when (Unix time)\n"
    "CREATE TABLE part(\n"
    "  part INTEGER PRIMARY KEY NOT NULL, -- K of the plan's M parts\n"
    "  size INTEGER NOT NULL);            -- its subproblems\n"
    "CREATE VIEW progress AS SELECT\n"
    "  (SELECT count(*) FROM done) AS done,\n"
    "  (SELECT value FROM meta WHERE key = 'size') AS size,\n"
    "  (SELECT sum(total) FROM done) AS solutions;\n";

/* What makes a format 1 file format 2 (after it was verified). */
static const char checkpoint_upgrade[] =
    "ALTER TABLE done ADD COLUMN engine TEXT;\n"
    "ALTER TABLE done ADD COLUMN version TEXT;\n"
    "ALTER TABLE done ADD COLUMN host TEXT;\n"
    "ALTER TABLE done ADD COLUMN at INTEGER;\n"
    "CREATE TABLE part(part INTEGER PRIMARY KEY NOT NULL,\n"
    "                  size INTEGER NOT NULL);\n"
    "PRAGMA user_version = 2;\n";

/* One finished subproblem waiting for the next commit. */
struct checkpoint_record {
    uint64_t id;
    nq_subcount count;
    uint32_t origin; /* its provenance: cp->origins[origin] */
    int64_t at;      /* when it was counted (Unix time) */
};

/* Who counted a record: the engine, the library's version, the host. */
struct checkpoint_origin {
    char engine[NQ_PROVENANCE_MAX];
    char version[NQ_PROVENANCE_MAX];
    char host[NQ_PROVENANCE_MAX];
};

struct nq_checkpoint {
    sqlite3 *db;
    int lock_fd;             /* holds the flock(); -1 when none */
    nq_checkpoint_info info; /* the file as committed plus the batch */
    uint64_t key;            /* keys the row checks: hash of the plan */
    uint8_t *done_bits;      /* bit id set: subproblem id is finished */
    uint8_t *want_bits;      /* a part's file: bit id set: the id is
                                the part's; NULL: every id */
    struct checkpoint_origin *origins; /* the provenances of the batch;
                                          [0] is this run's own */
    uint32_t origins_len, origins_cap;
    struct checkpoint_record *batch; /* recorded, not yet committed */
    size_t batch_len;                /* records in batch */
    size_t batch_cap;                /* room in batch */
    double interval;                 /* seconds between automatic commits */
    double last_commit;              /* monotonic seconds of the last commit */
    double session_start;            /* monotonic seconds when opened */
    double seconds_before;           /* info.seconds when opened */
    bool result_dirty;               /* info.result must be written */
    bool merged; /* written by a merge: its seconds are the runs' of the
                    files merged, the merge's own time is no run's */
};

/* ---- small helpers --------------------------------------------------- */

/* Mixes one 64-bit word into a running hash (multiply and xor-shift, so
 * that every input bit reaches every output bit). */
static uint64_t hash_fold(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9u;
    h ^= h >> 31;
    h *= 0x94d049bb133111ebu;
    h ^= h >> 29;
    return h;
}

/* The key of a plan: every row's check depends on it, so rows of one plan
 * never pass as rows of another. */
static uint64_t plan_key(int n, const char *signature, uint64_t size)
{
    uint64_t h = hash_fold(0x4e51435031ull, (uint64_t)n);
    for (const unsigned char *c = (const unsigned char *)signature; *c; c++)
        h = hash_fold(h, *c);
    return hash_fold(h, size);
}

static uint64_t row_check(uint64_t key, uint64_t id, const nq_subcount *c)
{
    uint64_t h = hash_fold(key, id);
    h = hash_fold(h, c->total);
    h = hash_fold(h, c->sym180);
    return hash_fold(h, c->sym90);
}

/* Folds a string, its end marked, into a hash. */
static uint64_t hash_text(uint64_t h, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        h = hash_fold(h, *c);
    return hash_fold(h, 0x100);
}

/* The check of a format 2 row: its counts and its provenance. A row
 * without provenance (made format 1) keeps the check of format 1. */
static uint64_t row_check_of(uint64_t key, const nq_unit_record *u,
                             bool provenance)
{
    uint64_t h = row_check(key, u->id, &u->count);
    if (!provenance)
        return h;
    h = hash_text(h ^ 0x70726f76ull, u->engine); /* "prov" */
    h = hash_text(h, u->version);
    h = hash_text(h, u->host);
    return hash_fold(h, (uint64_t)u->at);
}

static uint64_t result_check(uint64_t key, const nq_count_result *r)
{
    uint64_t h = hash_fold(key ^ 0x726573756c74ull, r->total);
    h = hash_fold(h, r->unique);
    h = hash_fold(h, r->sym180);
    return hash_fold(h, r->sym90);
}

/* Maps an SQLite result code to ours. */
static int map_sqlite(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_OK:
    case SQLITE_DONE:
    case SQLITE_ROW:
        return NQ_OK;
    case SQLITE_NOTADB:
        return NQ_E_NOTCHECKPOINT;
    case SQLITE_CORRUPT:
        return NQ_E_CORRUPT;
    case SQLITE_NOMEM:
        return NQ_E_NOMEM;
    case SQLITE_BUSY: /* the lock was not had within CHECKPOINT_BUSY_MS */
    case SQLITE_LOCKED:
        return NQ_E_BUSY;
    default:
        return NQ_E_IO;
    }
}

static int exec_sql(sqlite3 *db, const char *sql)
{
    return map_sqlite(sqlite3_exec(db, sql, NULL, NULL, NULL));
}

/* Runs a pragma that answers one integer. */
static int pragma_int(sqlite3 *db, const char *sql, int64_t *value)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            *value = sqlite3_column_int64(st, 0);
            rc = SQLITE_OK;
        } else if (rc == SQLITE_DONE) {
            rc = SQLITE_CORRUPT;
        }
    }
    sqlite3_finalize(st);
    return map_sqlite(rc);
}

/* ---- reading a file -------------------------------------------------- */

/* Reads one meta value as an integer; a missing or mistyped value means
 * the file is damaged. */
static int meta_int(sqlite3 *db, const char *key, int64_t *value, bool required)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?1", -1,
                                &st, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(st);
        return map_sqlite(rc) == NQ_E_IO ? NQ_E_CORRUPT : map_sqlite(rc);
    }
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    int err = NQ_OK;
    if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_INTEGER)
        *value = sqlite3_column_int64(st, 0);
    else if (rc == SQLITE_DONE && !required)
        err = 1; /* absent */
    else if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        err = NQ_E_CORRUPT;
    else
        err = map_sqlite(rc);
    sqlite3_finalize(st);
    return err;
}

static int meta_text(sqlite3 *db, const char *key, char *buf, size_t size)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?1", -1,
                                &st, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(st);
        return NQ_E_CORRUPT;
    }
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    int err = NQ_OK;
    if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_TEXT) {
        const unsigned char *text = sqlite3_column_text(st, 0);
        int len = sqlite3_column_bytes(st, 0);
        if (text == NULL || len <= 0 || (size_t)len >= size ||
            memchr(text, '\0', (size_t)len) != NULL) {
            err = NQ_E_CORRUPT;
        } else {
            memcpy(buf, text, (size_t)len);
            buf[len] = '\0';
        }
    } else {
        err = rc == SQLITE_ROW || rc == SQLITE_DONE ? NQ_E_CORRUPT
                                                    : map_sqlite(rc);
    }
    sqlite3_finalize(st);
    return err;
}

static int meta_real(sqlite3 *db, const char *key, double *value)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?1", -1,
                                &st, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(st);
        return NQ_E_CORRUPT;
    }
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    int err = NQ_OK;
    int type = rc == SQLITE_ROW ? sqlite3_column_type(st, 0) : SQLITE_NULL;
    if (type == SQLITE_FLOAT || type == SQLITE_INTEGER)
        *value = sqlite3_column_double(st, 0);
    else
        err = rc == SQLITE_ROW || rc == SQLITE_DONE ? NQ_E_CORRUPT
                                                    : map_sqlite(rc);
    sqlite3_finalize(st);
    if (err == NQ_OK && !(*value >= 0.0 && *value < NQ__CHECKPOINT_SECONDS_MAX))
        err = NQ_E_CORRUPT;
    return err;
}

/* Reads the meta table into `info` and checks that it makes sense. */
static int read_meta(sqlite3 *db, nq_checkpoint_info *info)
{
    int64_t n = 0, size = 0, created = 0, saved = 0, sessions = 0;
    int err;
    if ((err = meta_int(db, "n", &n, true)) != NQ_OK ||
        (err = meta_text(db, "signature", info->signature,
                         sizeof info->signature)) != NQ_OK ||
        (err = meta_int(db, "size", &size, true)) != NQ_OK ||
        (err = meta_int(db, "created", &created, true)) != NQ_OK ||
        (err = meta_int(db, "saved", &saved, true)) != NQ_OK ||
        (err = meta_int(db, "sessions", &sessions, true)) != NQ_OK ||
        (err = meta_real(db, "seconds", &info->seconds)) != NQ_OK)
        return err;
    if (n < 1 || n > NQ_MAX_N || size < 1 || sessions < 0)
        return NQ_E_CORRUPT;
    info->n = (int)n;
    info->size = (uint64_t)size;
    info->created = created;
    info->saved = saved;
    info->sessions = (uint64_t)sessions;
    return NQ_OK;
}

/* Reads a recorded final result, if any, into info (complete, result):
 * its five keys all there or none, its check passed. Whether it agrees
 * with the rows is the caller's to check. With `failed` (an audit), a
 * result whose check fails is read too: complete 2. */
static int read_result_only(sqlite3 *db, uint64_t key, nq_checkpoint_info *info,
                            bool failed)
{
    int64_t v[5];
    static const char *const keys[5] = {"result_total", "result_unique",
                                        "result_sym180", "result_sym90",
                                        "result_check"};
    int present = 0;
    for (int i = 0; i < 5; i++) {
        int err = meta_int(db, keys[i], &v[i], false);
        if (err < 0)
            return err;
        present += err == NQ_OK;
    }
    if (present == 0)
        return NQ_OK;
    if (present != 5)
        return NQ_E_CORRUPT;
    nq_count_result r = {(uint64_t)v[0], (uint64_t)v[1], (uint64_t)v[2],
                         (uint64_t)v[3]};
    bool sound = result_check(key, &r) == (uint64_t)v[4];
    if (!sound && !failed)
        return NQ_E_CORRUPT;
    info->complete = sound ? 1 : 2;
    info->result = r;
    return NQ_OK;
}

/* Reads a recorded final result, if any, and checks it: only a file
 * with every subproblem done records one. */
static int read_result(sqlite3 *db, uint64_t key, nq_checkpoint_info *info)
{
    int err = read_result_only(db, key, info, false);
    if (err == NQ_OK && info->complete && info->done != info->size)
        err = NQ_E_CORRUPT;
    return err;
}

/* The query of every row, its provenance NULL in a format 1 file. */
static const char *rows_sql(int format)
{
    return format >= 2 ? "SELECT id, total, sym180, sym90, checksum, engine, "
                         "version, host, at FROM done ORDER BY id"
                       : "SELECT id, total, sym180, sym90, checksum, NULL, "
                         "NULL, NULL, NULL FROM done ORDER BY id";
}

/* Copies a provenance text column into dst; false for a value of another
 * type or too long. *null counts the NULL ones. */
static bool row_text(sqlite3_stmt *st, int col, char *dst, int *null)
{
    int type = sqlite3_column_type(st, col);
    if (type == SQLITE_NULL) {
        ++*null;
        return true;
    }
    const unsigned char *text = sqlite3_column_text(st, col);
    int len = sqlite3_column_bytes(st, col);
    if (type != SQLITE_TEXT || text == NULL || len < 0 ||
        len >= NQ_PROVENANCE_MAX || memchr(text, '\0', (size_t)len) != NULL)
        return false;
    memcpy(dst, text, (size_t)len);
    dst[len] = '\0';
    return true;
}

/* Reads the row under `st` into *u, and whether it is intact: its fields
 * of their types, its provenance all there or all absent, its check
 * passed. */
static bool row_read(sqlite3_stmt *st, uint64_t key, nq_unit_record *u)
{
    memset(u, 0, sizeof *u);
    bool ok = true;
    for (int i = 0; i < 5; i++) {
        if (sqlite3_column_type(st, i) != SQLITE_INTEGER)
            ok = false;
    }
    u->id = (uint64_t)sqlite3_column_int64(st, 0);
    u->count.total = (uint64_t)sqlite3_column_int64(st, 1);
    u->count.sym180 = (uint64_t)sqlite3_column_int64(st, 2);
    u->count.sym90 = (uint64_t)sqlite3_column_int64(st, 3);
    uint64_t check = (uint64_t)sqlite3_column_int64(st, 4);
    int null = 0;
    ok = row_text(st, 5, u->engine, &null) && ok;
    ok = row_text(st, 6, u->version, &null) && ok;
    ok = row_text(st, 7, u->host, &null) && ok;
    int type = sqlite3_column_type(st, 8);
    if (type == SQLITE_NULL)
        null++;
    else if (type == SQLITE_INTEGER)
        u->at = sqlite3_column_int64(st, 8);
    else
        ok = false;
    if (null != 0 && null != 4)
        ok = false;
    if (ok && row_check_of(key, u, null == 0) != check)
        ok = false;
    u->intact = ok;
    return ok;
}

/* Reads and verifies every row: checks, ids in range, no overflow. Sets
 * info->done and info->sum, and the bits when `bits` is not NULL. */
static int read_rows(sqlite3 *db, uint64_t key, nq_checkpoint_info *info,
                     uint8_t *bits)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, rows_sql(info->format), -1, &st, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(st);
        return map_sqlite(rc) == NQ_E_IO ? NQ_E_CORRUPT : map_sqlite(rc);
    }
    int err = NQ_OK;
    nq_unit_record u;
    while (err == NQ_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (!row_read(st, key, &u) || u.id >= info->size ||
            nq_subcount_add(&info->sum, &u.count) != NQ_OK) {
            err = NQ_E_CORRUPT;
            break;
        }
        uint64_t id = u.id;
        if (bits != NULL) {
            if (bits[id / 8] & (1u << (id % 8))) {
                err = NQ_E_CORRUPT;
                break;
            }
            bits[id / 8] |= (uint8_t)(1u << (id % 8));
        }
        info->done++;
    }
    if (err == NQ_OK && rc != SQLITE_DONE)
        err = map_sqlite(rc) == NQ_E_IO ? NQ_E_CORRUPT : map_sqlite(rc);
    sqlite3_finalize(st);
    return err;
}

/* Reads the parts a format 2 file holds (table part, meta parts) into
 * info: none for a file of the whole plan. */
static int read_parts(sqlite3 *db, nq_checkpoint_info *info)
{
    info->part_size = info->size;
    if (info->format < 2)
        return NQ_OK;
    int64_t parts = 0;
    int err = meta_int(db, "parts", &parts, false);
    if (err < 0)
        return err;
    bool whole = err == 1;
    if (!whole && (parts < 1 || parts > NQ_PARTS_MAX))
        return NQ_E_CORRUPT;
    int64_t rule = 0;
    if (!whole && (err = meta_int(db, "part_rule", &rule, true)) != NQ_OK)
        return err;
    if (rule < 0 || rule > INT32_MAX)
        return NQ_E_CORRUPT;
    info->part_rule = (int)rule;
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT part, size FROM part ORDER BY part",
                                -1, &st, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(st);
        return NQ_E_CORRUPT;
    }
    uint64_t sum = 0, held = 0;
    int64_t last = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t k = sqlite3_column_int64(st, 0);
        int64_t size = sqlite3_column_int64(st, 1);
        if (whole || sqlite3_column_type(st, 0) != SQLITE_INTEGER ||
            sqlite3_column_type(st, 1) != SQLITE_INTEGER || k < 1 ||
            k > parts || size < 0 || (uint64_t)size > info->size - sum) {
            rc = SQLITE_CORRUPT;
            break;
        }
        sum += (uint64_t)size;
        held++;
        last = k;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return NQ_E_CORRUPT;
    if (whole)
        return NQ_OK;
    if (held == 0)
        return NQ_E_CORRUPT;
    info->parts = (unsigned)parts;
    info->part = held == 1 ? (unsigned)last : 0;
    info->parts_held = held;
    info->part_size = sum;
    return info->done <= sum ? NQ_OK : NQ_E_CORRUPT;
}

/* Whether a statement compiles against the file's schema. */
static bool compiles(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    sqlite3_finalize(st);
    return rc == SQLITE_OK;
}

/* A format 1 file has none of format 2's columns and tables (so that it
 * can be made format 2), a format 2 file all of them. */
static int check_shape(sqlite3 *db, int format)
{
    bool v2 = compiles(db, "SELECT engine, version, host, at FROM done");
    bool parts = compiles(db, "SELECT part, size FROM part");
    if (format >= 2 ? v2 && parts
                    : !parts && !compiles(db, "SELECT engine FROM done") &&
                          !compiles(db, "SELECT version FROM done") &&
                          !compiles(db, "SELECT host FROM done") &&
                          !compiles(db, "SELECT at FROM done"))
        return NQ_OK;
    return NQ_E_CORRUPT;
}

/* Identifies and verifies an open database as a checkpoint, header first.
 * With `bits` (size/8 bytes, zeroed) the finished ids are marked. */
/* `plan_size`: with `bits` (opening for a plan), the size the plan has; a
 * file of another size is refused before its bitmap is allocated, since
 * the size it records may be damaged and enormous. */
static int verify_file(sqlite3 *db, nq_checkpoint_info *info, uint8_t **bits,
                       uint64_t plan_size, bool header_only)
{
    memset(info, 0, sizeof *info);
    int64_t app_id = 0, format = 0;
    int err = pragma_int(db, "PRAGMA application_id", &app_id);
    if (err != NQ_OK)
        return err;
    if (app_id != CHECKPOINT_APP_ID)
        return NQ_E_NOTCHECKPOINT;
    if ((err = pragma_int(db, "PRAGMA user_version", &format)) != NQ_OK)
        return err;
    if (format < 1 || format > INT32_MAX)
        return NQ_E_CORRUPT;
    info->format = (int)format;
    if (format > NQ_CHECKPOINT_FORMAT)
        return NQ_E_CHECKPOINT; /* a newer format: do not guess */

    /* SQLite's own structural check: pages, b-trees, free list. */
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            const unsigned char *text = sqlite3_column_text(st, 0);
            rc = text != NULL && strcmp((const char *)text, "ok") == 0
                     ? SQLITE_OK
                     : SQLITE_CORRUPT;
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK && rc != SQLITE_DONE)
        return map_sqlite(rc) == NQ_E_IO ? NQ_E_CORRUPT : map_sqlite(rc);

    if ((err = read_meta(db, info)) != NQ_OK ||
        (err = check_shape(db, info->format)) != NQ_OK)
        return err;
    if (header_only)
        return NQ_OK;
    uint64_t key = plan_key(info->n, info->signature, info->size);
    if (bits != NULL) {
        if (info->size != plan_size)
            return NQ_E_CHECKPOINT;
        if (info->size / 8 >= SIZE_MAX - 1)
            return NQ_E_NOMEM;
        *bits = calloc((size_t)(info->size / 8 + 1), 1);
        if (*bits == NULL)
            return NQ_E_NOMEM;
    }
    if ((err = read_rows(db, key, info, bits ? *bits : NULL)) != NQ_OK ||
        (err = read_parts(db, info)) != NQ_OK)
        return err;
    return read_result(db, key, info);
}

/* SQLite's busy handler: tries the lock again every millisecond, for
 * CHECKPOINT_BUSY_MS in all. SQLite's own (sqlite3_busy_timeout) backs
 * off to a try every 100 ms, and a run that saves after every subproblem
 * (interval 0) holds the lock for all but a sliver of each save's cycle:
 * a reader trying ten times a second then missed the slivers for seconds
 * (and its 10 s ran out now and then), one trying every millisecond
 * meets one within milliseconds. `tries` counts the calls of this wait. */
static int busy_wait(void *user, int tries)
{
    (void)user;
    if ((int64_t)tries * CHECKPOINT_BUSY_POLL_MS >= CHECKPOINT_BUSY_MS)
        return 0; /* give up: SQLITE_BUSY */
    struct timespec pause = {0, CHECKPOINT_BUSY_POLL_MS * 1000000L};
    nanosleep(&pause, NULL);
    return 1;
}

/* Opens an existing file without creating it. */
static int open_existing(const char *path, sqlite3 **db)
{
    *db = NULL;
    int rc = sqlite3_open_v2(path, db, SQLITE_OPEN_READWRITE, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_close(*db);
        *db = NULL;
        return rc == SQLITE_NOMEM ? NQ_E_NOMEM : NQ_E_IO;
    }
    sqlite3_busy_handler(*db, busy_wait, NULL);
    sqlite3_extended_result_codes(*db, 0);
    return NQ_OK;
}

/* Opens an existing regular file to read it in one transaction: every
 * statement then sees the same state, and the lock is waited for once, not
 * once a statement (a run saving often could take it in every gap between
 * them). Closing the connection ends the transaction. */
static int open_for_reading(const char *path, sqlite3 **db)
{
    *db = NULL;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return NQ_E_IO;
    int err = open_existing(path, db);
    return err == NQ_OK ? exec_sql(*db, "BEGIN") : err;
}

/* Opens the file at `path` to read and verifies it (nq_checkpoint_read());
 * *db is the caller's to close, also on error. */
static int open_verified(const char *path, sqlite3 **db,
                         nq_checkpoint_info *info)
{
    memset(info, 0, sizeof *info);
    int err = open_for_reading(path, db);
    return err == NQ_OK ? verify_file(*db, info, NULL, 0, false) : err;
}

int nq_checkpoint_read(const char *path, nq_checkpoint_info *info)
{
    if (path == NULL || info == NULL)
        return NQ_E_INVAL;
    sqlite3 *db = NULL;
    int err = open_verified(path, &db, info);
    sqlite3_close(db);
    return err;
}

int nq_checkpoint_units(const char *path, nq_unit_fn fn, void *user,
                        nq_checkpoint_info *info)
{
    nq_checkpoint_info own;
    if (info == NULL)
        info = &own;
    memset(info, 0, sizeof *info);
    if (path == NULL || fn == NULL)
        return NQ_E_INVAL;
    sqlite3 *db = NULL;
    int err = open_for_reading(path, &db);
    if (err == NQ_OK)
        err = verify_file(db, info, NULL, 0, true);
    sqlite3_stmt *rows = NULL;
    if (err == NQ_OK && sqlite3_prepare_v2(db, rows_sql(info->format), -1,
                                           &rows, NULL) != SQLITE_OK)
        err = NQ_E_CORRUPT;
    uint64_t key = plan_key(info->n, info->signature, info->size);
    int rc = SQLITE_DONE;
    bool overflow = false;
    while (err == NQ_OK && (rc = sqlite3_step(rows)) == SQLITE_ROW) {
        nq_unit_record u;
        row_read(rows, key, &u);
        if (u.id >= info->size)
            u.intact = 0;
        info->done++;
        /* Only sound rows are summed: a damaged one may hold anything. */
        if (u.intact && nq_subcount_add(&info->sum, &u.count) != NQ_OK)
            overflow = true;
        if (fn(&u, user) != 0)
            err = NQ_E_STOPPED;
    }
    if (err == NQ_OK && rc != SQLITE_DONE)
        err = map_sqlite(rc) == NQ_E_IO ? NQ_E_CORRUPT : map_sqlite(rc);
    /* The result as recorded, for an audit to hold against the rows. */
    if (err == NQ_OK)
        err = overflow ? NQ_E_CORRUPT : read_result_only(db, key, info, true);
    sqlite3_finalize(rows);
    sqlite3_close(db);
    return err;
}

int nq_checkpoint_parts(const char *path, nq_part_fn fn, void *user)
{
    if (path == NULL || fn == NULL)
        return NQ_E_INVAL;
    nq_checkpoint_info info;
    sqlite3 *db = NULL;
    int err = open_verified(path, &db, &info);
    sqlite3_stmt *st = NULL;
    if (err == NQ_OK && info.parts > 0 &&
        sqlite3_prepare_v2(db, "SELECT part, size FROM part ORDER BY part", -1,
                           &st, NULL) != SQLITE_OK)
        err = NQ_E_CORRUPT;
    while (err == NQ_OK && st != NULL && sqlite3_step(st) == SQLITE_ROW) {
        if (fn((unsigned)sqlite3_column_int64(st, 0),
               (uint64_t)sqlite3_column_int64(st, 1), user) != 0)
            err = NQ_E_STOPPED;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return err;
}

/* ---- creating a file ------------------------------------------------- */

/* What a file is opened for: a plan, or one part of it. */
struct open_plan {
    int n;
    const char *signature;
    uint64_t size;
    unsigned part, parts; /* K of M; 0 and 0: the whole plan */
    uint64_t part_size;   /* the part's subproblems */
    /* A merged file of several parts: their numbers and sizes (else
     * NULL, and the one part above). */
    const unsigned *held;
    const uint64_t *held_sizes;
    size_t nheld;
    bool create_only; /* refuse a file that is there */
};

/* Records the parts of a new file, inside the caller's transaction. */
static int write_part(sqlite3 *db, const struct open_plan *plan)
{
    char sql[128];
    snprintf(sql, sizeof sql,
             "INSERT INTO meta(key, value) VALUES ('parts', %u), "
             "('part_rule', %d)",
             plan->parts, NQ_PART_RULE);
    int err = exec_sql(db, sql);
    size_t count = plan->held != NULL ? plan->nheld : 1;
    for (size_t i = 0; err == NQ_OK && i < count; i++) {
        unsigned k = plan->held != NULL ? plan->held[i] : plan->part;
        uint64_t size =
            plan->held != NULL ? plan->held_sizes[i] : plan->part_size;
        snprintf(sql, sizeof sql,
                 "INSERT INTO part(part, size) VALUES (%u, %llu)", k,
                 (unsigned long long)size);
        err = exec_sql(db, sql);
    }
    return err;
}

/* Writes the schema and the plan's description into an empty database. */
static int write_new(sqlite3 *db, const struct open_plan *plan)
{
    int n = plan->n;
    const char *signature = plan->signature;
    uint64_t size = plan->size;
    char pragmas[160];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA application_id = %d; PRAGMA user_version = %d;",
             CHECKPOINT_APP_ID, NQ_CHECKPOINT_FORMAT);
    int err = exec_sql(db, "BEGIN");
    if (err == NQ_OK)
        err = exec_sql(db, pragmas);
    if (err == NQ_OK)
        err = exec_sql(db, checkpoint_schema);
    sqlite3_stmt *st = NULL;
    if (err == NQ_OK &&
        sqlite3_prepare_v2(db,
                           "INSERT INTO meta(key, value) VALUES "
                           "('n', ?1), ('signature', ?2), ('size', ?3), "
                           "('created', ?4), ('saved', ?4), "
                           "('sessions', 0), ('seconds', 0.0), "
                           "('library', ?5)",
                           -1, &st, NULL) != SQLITE_OK)
        err = NQ_E_IO;
    if (err == NQ_OK) {
        sqlite3_bind_int(st, 1, n);
        sqlite3_bind_text(st, 2, signature, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, (int64_t)size);
        sqlite3_bind_int64(st, 4, (int64_t)time(NULL));
        sqlite3_bind_text(st, 5, "nqueens " NQ_VERSION_STRING, -1,
                          SQLITE_STATIC);
        err = map_sqlite(sqlite3_step(st));
    }
    sqlite3_finalize(st);
    if (err == NQ_OK && plan->parts > 0)
        err = write_part(db, plan);
    if (err == NQ_OK)
        err = exec_sql(db, "COMMIT");
    return err;
}

/* Makes the directory entry of a new file durable. */
static void sync_directory(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (slash == NULL) {
        strcpy(dir, ".");
    } else if (slash == path) {
        strcpy(dir, "/");
    } else {
        size_t len = (size_t)(slash - path);
        if (len >= sizeof dir)
            return;
        memcpy(dir, path, len);
        dir[len] = '\0';
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Builds a new checkpoint beside `path` and links it into place, so that
 * `path` never holds a half-made file. The new file is locked before it is
 * linked, so that a run starting at the same moment cannot take it over
 * before its maker opens it. Returns 0 with *lock_fd holding the lock, or
 * 1 when a file appeared at `path` meanwhile (the caller opens that one),
 * or an error. */
static int create_file(const char *path, const struct open_plan *plan,
                       int *lock_fd)
{
    *lock_fd = -1;
    size_t len = strlen(path);
    char *tmp = malloc(len + 16);
    if (tmp == NULL)
        return NQ_E_NOMEM;
    snprintf(tmp, len + 16, "%s.new-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        free(tmp);
        return NQ_E_IO;
    }
    /* mkstemp makes the file private; give it the usual permissions. */
    mode_t mask = umask(0);
    umask(mask);
    int err = fchmod(fd, 0666 & ~mask) == 0 ? NQ_OK : NQ_E_IO;
    if (err == NQ_OK && (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 ||
                         flock(fd, LOCK_EX | LOCK_NB) != 0))
        err = NQ_E_IO;

    sqlite3 *db = NULL;
    if (err == NQ_OK && (err = open_existing(tmp, &db)) == NQ_OK)
        err = write_new(db, plan);
    if (sqlite3_close(db) != SQLITE_OK && err == NQ_OK)
        err = NQ_E_IO;
    if (err == NQ_OK && link(tmp, path) != 0) {
        if (errno == EEXIST) {
            err = 1;
        } else if (errno == EPERM || errno == EOPNOTSUPP || errno == ENOSYS) {
            /* A file system without hard links: rename, after a last look
             * that nothing appeared at `path`. */
            if (access(path, F_OK) == 0)
                err = 1;
            else if (rename(tmp, path) != 0)
                err = NQ_E_IO;
        } else {
            err = NQ_E_IO;
        }
    }
    unlink(tmp);
    free(tmp);
    if (err == NQ_OK) {
        sync_directory(path);
        *lock_fd = fd; /* the file at `path` now, still locked */
    } else {
        close(fd);
    }
    return err;
}

/* Takes the lock of an existing file for this run. Returns 0 with *lock_fd
 * set, NQ_E_BUSY when another run holds it, NQ_E_IO. */
static int lock_existing(const char *path, int *lock_fd)
{
    *lock_fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (*lock_fd < 0)
        return NQ_E_IO;
    if (flock(*lock_fd, LOCK_EX | LOCK_NB) == 0)
        return NQ_OK;
    int err = errno == EWOULDBLOCK ? NQ_E_BUSY : NQ_E_IO;
    close(*lock_fd);
    *lock_fd = -1;
    return err;
}

int nq_checkpoint_in_use(const char *path)
{
    if (path == NULL)
        return NQ_E_INVAL;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return NQ_OK;
    int err = NQ_OK;
    if (flock(fd, LOCK_SH | LOCK_NB) != 0)
        err = errno == EWOULDBLOCK ? NQ_E_BUSY : NQ_OK;
    close(fd); /* releases the shared lock, if taken */
    return err;
}

/* Whether the locked file is still the one at `path` (and so the one
 * SQLite opened): a file removed and made anew in between would not be. */
static bool lock_is_on(int lock_fd, const char *path)
{
    struct stat locked, now;
    return fstat(lock_fd, &locked) == 0 && stat(path, &now) == 0 &&
           locked.st_dev == now.st_dev && locked.st_ino == now.st_ino;
}

/* Whether the file's header forbids writing it: SQLite opens a file read
 * only when its write version (byte 18) is above 2, which no checkpoint
 * ever has, so the file is damaged; else a read-only open is the file
 * system's doing. */
static bool header_forbids_writes(int fd)
{
    unsigned char version = 0;
    return pread(fd, &version, 1, 18) == 1 && version > 2;
}

/* ---- the open checkpoint ---------------------------------------------- */

static void free_checkpoint(nq_checkpoint *cp)
{
    if (cp == NULL)
        return;
    sqlite3_close(cp->db);
    /* Only after SQLite is done with the file: closing any descriptor of a
     * file drops the fcntl() locks this process holds on it. */
    if (cp->lock_fd >= 0)
        close(cp->lock_fd);
    free(cp->done_bits);
    free(cp->batch);
    free(cp->want_bits);
    free(cp->origins);
    free(cp);
}

/* The host's name, as provenance records it. */
static void own_host(char *host, size_t size)
{
    struct utsname u;
    const char *name =
        uname(&u) == 0 && u.nodename[0] != '\0' ? u.nodename : "unknown";
    size_t len = strnlen(name, size - 1); /* a longer name is cut */
    memcpy(host, name, len);
    host[len] = '\0';
}

/* Whether the file's parts are those it is opened for; with `want`, its
 * finished ids must all be the part's. */
static bool parts_match(const nq_checkpoint *cp, const struct open_plan *plan)
{
    const nq_checkpoint_info *i = &cp->info;
    if (plan->parts == 0)
        return i->parts == 0;
    if (i->parts != plan->parts || i->part != plan->part ||
        i->part_size != plan->part_size || i->part_rule != NQ_PART_RULE)
        return false;
    for (uint64_t b = 0; cp->want_bits != NULL && b < (i->size + 7) / 8; b++) {
        if (cp->done_bits[b] & ~cp->want_bits[b])
            return false;
    }
    return true;
}

/* Marks the part's ids in a new bit set; NQ_E_INVAL for an id out of
 * range or given twice. */
static int want_ids(nq_checkpoint *cp, uint64_t size, const uint64_t *ids,
                    size_t nids)
{
    cp->want_bits = calloc((size_t)(size / 8 + 1), 1);
    if (cp->want_bits == NULL)
        return NQ_E_NOMEM;
    for (size_t i = 0; i < nids; i++) {
        uint64_t id = ids[i];
        if (id >= size || (cp->want_bits[id / 8] & (1u << (id % 8))))
            return NQ_E_INVAL;
        cp->want_bits[id / 8] |= (uint8_t)(1u << (id % 8));
    }
    return NQ_OK;
}

static int open_for(const char *path, const struct open_plan *plan,
                    const uint64_t *ids, size_t nids, nq_checkpoint **out)
{
    int n = plan->n;
    const char *signature = plan->signature;
    uint64_t size = plan->size;
    if (out != NULL)
        *out = NULL;
    if (path == NULL || signature == NULL || out == NULL || size == 0 ||
        *signature == '\0' || strlen(signature) >= NQ_CHECKPOINT_SIGNATURE_MAX)
        return NQ_E_INVAL;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_E_RANGE;
    nq_checkpoint *cp = calloc(1, sizeof *cp);
    if (cp == NULL)
        return NQ_E_NOMEM;
    cp->origins = calloc(1, sizeof *cp->origins);
    int err = cp->origins == NULL ? NQ_E_NOMEM : NQ_OK;
    if (err == NQ_OK && plan->parts > 0 && plan->held == NULL)
        err = want_ids(cp, size, ids, nids);
    if (err != NQ_OK) {
        free(cp->want_bits);
        free(cp->origins);
        free(cp);
        return err;
    }
    cp->origins_len = cp->origins_cap = 1;
    snprintf(cp->origins[0].version, NQ_PROVENANCE_MAX, "%s",
             NQ_VERSION_STRING);
    own_host(cp->origins[0].host, NQ_PROVENANCE_MAX);

    cp->lock_fd = -1;

    /* The lock first: a file another run holds is refused before it is
     * read, and nothing of it is touched. */
    for (int attempt = 0;; attempt++) {
        struct stat st;
        if (stat(path, &st) == 0) {
            if (!S_ISREG(st.st_mode) || plan->create_only) {
                err = NQ_E_IO;
                break;
            }
            err = lock_existing(path, &cp->lock_fd);
            if (err == NQ_OK)
                err = open_existing(path, &cp->db);
            break;
        }
        if (errno != ENOENT || attempt > 0) {
            err = NQ_E_IO;
            break;
        }
        err = create_file(path, plan, &cp->lock_fd);
        if (err < 0)
            break;
        if (err == NQ_OK) {
            err = open_existing(path, &cp->db);
            break;
        }
        /* 1: another run made it at the same moment; take it if it can
         * be had (its maker holds it, so normally this run is refused). */
    }
    if (err == NQ_OK && !lock_is_on(cp->lock_fd, path))
        err = NQ_E_BUSY;
    if (err == NQ_OK)
        err = verify_file(cp->db, &cp->info, &cp->done_bits, size, false);
    if (err == NQ_OK &&
        (cp->info.n != n || cp->info.size != size ||
         strcmp(cp->info.signature, signature) != 0 || !parts_match(cp, plan)))
        err = NQ_E_CHECKPOINT;
    /* A run more would not fit the field: only an edited file gets here. */
    if (err == NQ_OK && cp->info.sessions >= NQ__CHECKPOINT_SESSIONS_MAX)
        err = NQ_E_CORRUPT;
    if (err == NQ_OK && sqlite3_db_readonly(cp->db, "main") != 0)
        err = header_forbids_writes(cp->lock_fd) ? NQ_E_CORRUPT : NQ_E_IO;
    /* Verified: from here on the file may be written. A person may have
     * switched it to WAL; keep it one self-contained file. */
    if (err == NQ_OK)
        err = exec_sql(cp->db, "PRAGMA journal_mode = DELETE; "
                               "PRAGMA synchronous = FULL");
    /* A format 1 file goes on as format 2: its rows keep their checks. */
    if (err == NQ_OK && cp->info.format < 2) {
        int rc = sqlite3_exec(cp->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(cp->db, checkpoint_upgrade, NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(cp->db, "COMMIT", NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            sqlite3_exec(cp->db, "ROLLBACK", NULL, NULL, NULL);
            /* Damage that reading could not see can show at the write:
             * the statements are fixed and the shape was checked, so a
             * plain SQL error means the file (say, a header field that
             * only a reload of the schema reads) is damaged. */
            err = (rc & 0xff) == SQLITE_ERROR ? NQ_E_CORRUPT : map_sqlite(rc);
            err = err == NQ_E_NOMEM || err == NQ_E_CORRUPT ? err : NQ_E_IO;
        } else {
            cp->info.format = 2;
        }
    }
    if (err != NQ_OK) {
        free_checkpoint(cp);
        return err;
    }
    cp->info.sessions++;
    cp->key = plan_key(n, signature, size);
    cp->interval = NQ_CHECKPOINT_INTERVAL;
    cp->session_start = nq__monotonic_seconds();
    cp->last_commit = cp->session_start;
    cp->seconds_before = cp->info.seconds;
    *out = cp;
    return NQ_OK;
}

int nq_checkpoint_open(const char *path, int n, const char *signature,
                       uint64_t size, nq_checkpoint **cp)
{
    struct open_plan plan = {.n = n, .signature = signature, .size = size};
    return open_for(path, &plan, NULL, 0, cp);
}

int nq_checkpoint_create_parts(const char *path, int n, const char *signature,
                               uint64_t size, unsigned parts,
                               const unsigned *held, const uint64_t *sizes,
                               size_t nheld, nq_checkpoint **cp)
{
    if (cp != NULL)
        *cp = NULL;
    if (parts > NQ_PARTS_MAX || (parts > 0 && nheld == 0) ||
        (nheld > 0 && (held == NULL || sizes == NULL || parts == 0)))
        return NQ_E_INVAL;
    uint64_t sum = 0;
    for (size_t i = 0; i < nheld; i++) {
        if (held[i] < 1 || held[i] > parts ||
            (i > 0 && held[i] <= held[i - 1]) || sizes[i] > size - sum)
            return NQ_E_INVAL;
        sum += sizes[i];
    }
    struct open_plan plan = {.n = n,
                             .signature = signature,
                             .size = size,
                             .part = nheld == 1 ? held[0] : 0,
                             .parts = parts,
                             .part_size = parts > 0 ? sum : size,
                             .held = held,
                             .held_sizes = sizes,
                             .nheld = nheld,
                             .create_only = true};
    return open_for(path, &plan, NULL, 0, cp);
}

int nq_checkpoint_open_part(const char *path, int n, const char *signature,
                            uint64_t size, unsigned part, unsigned parts,
                            const uint64_t *ids, size_t nids,
                            nq_checkpoint **cp)
{
    if (cp != NULL)
        *cp = NULL;
    if (parts < 1 || parts > NQ_PARTS_MAX || part < 1 || part > parts ||
        (ids == NULL && nids > 0))
        return NQ_E_INVAL;
    struct open_plan plan = {.n = n,
                             .signature = signature,
                             .size = size,
                             .part = part,
                             .parts = parts,
                             .part_size = nids};
    return open_for(path, &plan, ids, nids, cp);
}

int nq_checkpoint_set_provenance(nq_checkpoint *cp, const char *engine,
                                 const char *host)
{
    if (cp == NULL || (engine != NULL && strlen(engine) >= NQ_PROVENANCE_MAX) ||
        (host != NULL && (strlen(host) >= NQ_PROVENANCE_MAX || *host == '\0')))
        return NQ_E_INVAL;
    /* Records of the batch keep the provenance they were made with. */
    if (cp->batch_len > 0) {
        int err = nq_checkpoint_commit(cp);
        if (err != NQ_OK)
            return err;
    }
    if (engine != NULL)
        snprintf(cp->origins[0].engine, NQ_PROVENANCE_MAX, "%s", engine);
    if (host != NULL)
        snprintf(cp->origins[0].host, NQ_PROVENANCE_MAX, "%s", host);
    return NQ_OK;
}

/* The seconds the runs of the file have spent, this one's so far
 * included: at most a second under what a file may record, so that a file
 * whose seconds were raised close to that limit still reads after the run
 * (the figure is a record of time spent, not a count). */
static double run_seconds(const nq_checkpoint *cp)
{
    if (cp->merged)
        return cp->seconds_before;
    double seconds =
        cp->seconds_before + (nq__monotonic_seconds() - cp->session_start);
    const double most = NQ__CHECKPOINT_SECONDS_MAX - 1.0;
    return seconds < most ? seconds : most;
}

void nq_checkpoint_info_get(const nq_checkpoint *cp, nq_checkpoint_info *info)
{
    *info = cp->info;
    info->seconds = run_seconds(cp);
}

int nq_checkpoint_pending(const nq_checkpoint *cp, uint64_t *ids,
                          size_t capacity, size_t *count)
{
    if (cp == NULL || count == NULL)
        return NQ_E_INVAL;
    uint64_t left = cp->info.part_size - cp->info.done;
    if ((uint64_t)capacity < left || (ids == NULL && left != 0))
        return NQ_E_INVAL;
    if (ids == NULL) { /* nothing is pending */
        *count = 0;
        return NQ_OK;
    }
    size_t k = 0;
    for (uint64_t id = 0; id < cp->info.size; id++) {
        uint8_t bit = (uint8_t)(1u << (id % 8));
        if (!(cp->done_bits[id / 8] & bit) &&
            (cp->want_bits == NULL || (cp->want_bits[id / 8] & bit)))
            ids[k++] = id;
    }
    *count = k;
    return NQ_OK;
}

void nq_checkpoint_set_interval(nq_checkpoint *cp, double seconds)
{
    cp->interval = seconds > 0.0 ? seconds : 0.0;
}

/* Adds a record of `origin` to the batch. */
static int record_as(nq_checkpoint *cp, uint64_t id, const nq_subcount *count,
                     uint32_t origin, int64_t at)
{
    uint8_t bit = (uint8_t)(1u << (id % 8));
    if (id >= cp->info.size || (cp->done_bits[id / 8] & bit) ||
        (cp->want_bits != NULL && !(cp->want_bits[id / 8] & bit)))
        return NQ_E_INVAL;
    nq_subcount sum = cp->info.sum;
    if (nq_subcount_add(&sum, count) != NQ_OK)
        return NQ_E_OVERFLOW;
    if (cp->batch_len == cp->batch_cap) {
        size_t cap = cp->batch_cap ? 2 * cp->batch_cap : 256;
        struct checkpoint_record *b = realloc(cp->batch, cap * sizeof *b);
        if (b == NULL)
            return NQ_E_NOMEM;
        cp->batch = b;
        cp->batch_cap = cap;
    }
    cp->batch[cp->batch_len++] =
        (struct checkpoint_record){id, *count, origin, at};
    cp->done_bits[id / 8] |= bit;
    cp->info.sum = sum;
    cp->info.done++;
    if (nq__monotonic_seconds() - cp->last_commit >= cp->interval)
        return nq_checkpoint_commit(cp);
    return NQ_OK;
}

int nq_checkpoint_record(nq_checkpoint *cp, uint64_t id,
                         const nq_subcount *count)
{
    if (cp == NULL || count == NULL)
        return NQ_E_INVAL;
    return record_as(cp, id, count, 0, (int64_t)time(NULL));
}

/* The index of u's provenance among the batch's, added if new. */
static int origin_of(nq_checkpoint *cp, const nq_unit_record *u,
                     uint32_t *index)
{
    struct checkpoint_origin o;
    memset(&o, 0, sizeof o);
    /* strnlen: a field the caller filled to its end has no NUL. */
    if (strnlen(u->engine, NQ_PROVENANCE_MAX) >= NQ_PROVENANCE_MAX ||
        strnlen(u->version, NQ_PROVENANCE_MAX) >= NQ_PROVENANCE_MAX ||
        strnlen(u->host, NQ_PROVENANCE_MAX) >= NQ_PROVENANCE_MAX)
        return NQ_E_INVAL;
    strcpy(o.engine, u->engine);
    strcpy(o.version, u->version);
    strcpy(o.host, u->host);
    /* The rows of one file come from a few machines: look back a little. */
    for (uint32_t i = cp->origins_len; i-- > 1 && i + 8 > cp->origins_len;) {
        if (memcmp(&cp->origins[i], &o, sizeof o) == 0) {
            *index = i;
            return NQ_OK;
        }
    }
    if (cp->origins_len == cp->origins_cap) {
        uint32_t cap = 2 * cp->origins_cap;
        struct checkpoint_origin *more =
            realloc(cp->origins, cap * sizeof *more);
        if (more == NULL)
            return NQ_E_NOMEM;
        cp->origins = more;
        cp->origins_cap = cap;
    }
    cp->origins[cp->origins_len] = o;
    *index = cp->origins_len++;
    return NQ_OK;
}

const char *nq__checkpoint_engine(const nq_checkpoint *cp)
{
    return cp->origins[0].engine;
}

int nq_checkpoint_record_unit(nq_checkpoint *cp, const nq_unit_record *u)
{
    if (cp == NULL || u == NULL)
        return NQ_E_INVAL;
    uint32_t origin = 0;
    int err = origin_of(cp, u, &origin);
    return err == NQ_OK ? record_as(cp, u->id, &u->count, origin, u->at) : err;
}

/* Writes one key of meta, inside the caller's transaction. */
static int put_meta(sqlite3 *db, const char *key, sqlite3_int64 ivalue,
                    double rvalue, bool real)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)", -1, &st,
        NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
        if (real)
            sqlite3_bind_double(st, 2, rvalue);
        else
            sqlite3_bind_int64(st, 2, ivalue);
        rc = sqlite3_step(st);
    }
    sqlite3_finalize(st);
    return map_sqlite(rc);
}

int nq__checkpoint_take_history(nq_checkpoint *cp, uint64_t sessions,
                                double seconds, int64_t created)
{
    cp->merged = true;
    cp->info.sessions = sessions;
    cp->info.seconds = seconds;
    cp->seconds_before = seconds;
    cp->info.created = created;
    return put_meta(cp->db, "created", created, 0, false);
}

/* The body of a commit's transaction: the batch, then the bookkeeping. */
static int write_batch(nq_checkpoint *cp, double seconds, int64_t now)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        cp->db,
        "INSERT INTO done(id, total, sym180, sym90, checksum, engine, "
        "version, host, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        -1, &st, NULL);
    for (size_t i = 0; rc == SQLITE_OK && i < cp->batch_len; i++) {
        const struct checkpoint_record *r = &cp->batch[i];
        const struct checkpoint_origin *o = &cp->origins[r->origin];
        nq_unit_record u;
        memset(&u, 0, sizeof u);
        u.id = r->id;
        u.count = r->count;
        strcpy(u.engine, o->engine);
        strcpy(u.version, o->version);
        strcpy(u.host, o->host);
        u.at = r->at;
        /* A row of a format 1 file, merged on: as it was, no provenance. */
        bool provenance = u.engine[0] != '\0' || u.version[0] != '\0' ||
                          u.host[0] != '\0' || u.at != 0;
        sqlite3_bind_int64(st, 1, (sqlite3_int64)r->id);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)r->count.total);
        sqlite3_bind_int64(st, 3, (sqlite3_int64)r->count.sym180);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)r->count.sym90);
        sqlite3_bind_int64(
            st, 5, (sqlite3_int64)row_check_of(cp->key, &u, provenance));
        if (provenance) {
            sqlite3_bind_text(st, 6, o->engine, -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 7, o->version, -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 8, o->host, -1, SQLITE_STATIC);
            sqlite3_bind_int64(st, 9, r->at);
        } else {
            for (int col = 6; col <= 9; col++)
                sqlite3_bind_null(st, col);
        }
        rc = sqlite3_step(st);
        rc = rc == SQLITE_DONE ? sqlite3_reset(st) : rc;
    }
    sqlite3_finalize(st);
    int err = map_sqlite(rc);
    if (err == NQ_OK)
        err = put_meta(cp->db, "seconds", 0, seconds, true);
    if (err == NQ_OK)
        err = put_meta(cp->db, "saved", now, 0, false);
    if (err == NQ_OK)
        err = put_meta(cp->db, "sessions", (sqlite3_int64)cp->info.sessions, 0,
                       false);
    if (err == NQ_OK && cp->result_dirty) {
        const nq_count_result *r = &cp->info.result;
        err =
            put_meta(cp->db, "result_total", (sqlite3_int64)r->total, 0, false);
        if (err == NQ_OK)
            err = put_meta(cp->db, "result_unique", (sqlite3_int64)r->unique, 0,
                           false);
        if (err == NQ_OK)
            err = put_meta(cp->db, "result_sym180", (sqlite3_int64)r->sym180, 0,
                           false);
        if (err == NQ_OK)
            err = put_meta(cp->db, "result_sym90", (sqlite3_int64)r->sym90, 0,
                           false);
        if (err == NQ_OK)
            err = put_meta(cp->db, "result_check",
                           (sqlite3_int64)result_check(cp->key, r), 0, false);
    }
    return err;
}

int nq_checkpoint_commit(nq_checkpoint *cp)
{
    if (cp == NULL)
        return NQ_E_INVAL;
    double seconds = run_seconds(cp);
    int64_t wall = (int64_t)time(NULL);
    int err = exec_sql(cp->db, "BEGIN IMMEDIATE");
    if (err == NQ_OK) {
        err = write_batch(cp, seconds, wall);
        if (err == NQ_OK)
            err = exec_sql(cp->db, "COMMIT");
        if (err != NQ_OK)
            sqlite3_exec(cp->db, "ROLLBACK", NULL, NULL, NULL);
    }
    if (err != NQ_OK)
        return err == NQ_E_NOMEM ? err : NQ_E_IO;
    cp->batch_len = 0;
    cp->origins_len = 1; /* this run's own stays */
    cp->result_dirty = false;
    /* The interval runs from the end of a save, so that however slow the
     * disk, readers (`nqueens status`) find the file unlocked between saves. */
    cp->last_commit = nq__monotonic_seconds();
    cp->info.seconds = seconds;
    cp->info.saved = wall;
    return NQ_OK;
}

int nq_checkpoint_finish(nq_checkpoint *cp, const nq_count_result *result)
{
    if (cp == NULL || result == NULL || cp->info.done != cp->info.size)
        return NQ_E_INVAL;
    cp->info.result = *result;
    cp->info.complete = 1;
    cp->result_dirty = true;
    return nq_checkpoint_commit(cp);
}

/* ---- the census of a plan ------------------------------------------- */

/* The census is kept in meta: its entries as a blob (4 bytes each, least
 * significant first), their number and a check value keyed by the plan,
 * as a row's. */

static uint64_t census_check(uint64_t key, const uint32_t *counts, uint64_t len)
{
    uint64_t h = hash_fold(key ^ 0x63656e737573ull, len); /* "census" */
    for (uint64_t i = 0; i < len; i += 2) {
        uint64_t high = i + 1 < len ? counts[i + 1] : 0;
        h = hash_fold(h, counts[i] | high << 32);
    }
    return h;
}

/* Writes the census blob, inside the caller's transaction. */
static int put_census(sqlite3 *db, const uint32_t *counts, uint64_t len)
{
    unsigned char *bytes = malloc(len * 4);
    if (bytes == NULL)
        return NQ_E_NOMEM;
    for (uint64_t i = 0; i < len; i++) {
        for (int j = 0; j < 4; j++)
            bytes[4 * i + (uint64_t)j] = (unsigned char)(counts[i] >> (8 * j));
    }
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('census', ?1)", -1,
        &st, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_blob64(st, 1, bytes, len * 4, SQLITE_STATIC);
        rc = sqlite3_step(st);
    }
    sqlite3_finalize(st);
    free(bytes);
    return map_sqlite(rc);
}

int nq_checkpoint_save_census(nq_checkpoint *cp, const uint32_t *counts,
                              uint64_t len)
{
    if (cp == NULL || (counts == NULL && len > 0))
        return NQ_E_INVAL;
    if (len == 0 || len > NQ_CHECKPOINT_CENSUS_MAX)
        return NQ_OK;
    int64_t kept = 0;
    int err = meta_int(cp->db, "census_len", &kept, false);
    if (err == NQ_OK && (uint64_t)kept == len)
        return NQ_OK;
    if (err < 0)
        return err == NQ_E_NOMEM ? err : NQ_E_IO;
    err = exec_sql(cp->db, "BEGIN IMMEDIATE");
    if (err == NQ_OK) {
        err = put_census(cp->db, counts, len);
        if (err == NQ_OK)
            err = put_meta(cp->db, "census_len", (sqlite3_int64)len, 0, false);
        if (err == NQ_OK)
            err = put_meta(cp->db, "census_check",
                           (sqlite3_int64)census_check(cp->key, counts, len), 0,
                           false);
        if (err == NQ_OK)
            err = exec_sql(cp->db, "COMMIT");
        if (err != NQ_OK)
            sqlite3_exec(cp->db, "ROLLBACK", NULL, NULL, NULL);
    }
    return err == NQ_OK || err == NQ_E_NOMEM ? err : NQ_E_IO;
}

/* Reads the census blob of `len` entries into counts and checks it. */
static int read_census(sqlite3 *db, uint64_t key, uint32_t *counts,
                       uint64_t len)
{
    int64_t check = 0;
    int err = meta_int(db, "census_check", &check, true);
    if (err != NQ_OK)
        return err;
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        db, "SELECT value FROM meta WHERE key = 'census'", -1, &st, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(st);
    err = rc == SQLITE_ROW ? NQ_OK : NQ_E_CORRUPT;
    if (err == NQ_OK && (sqlite3_column_type(st, 0) != SQLITE_BLOB ||
                         (uint64_t)sqlite3_column_bytes(st, 0) != len * 4))
        err = NQ_E_CORRUPT;
    const unsigned char *bytes =
        err == NQ_OK ? sqlite3_column_blob(st, 0) : NULL;
    if (err == NQ_OK && bytes == NULL)
        err = NQ_E_NOMEM;
    for (uint64_t i = 0; err == NQ_OK && i < len; i++) {
        const unsigned char *b = bytes + 4 * i;
        counts[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
                    (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    sqlite3_finalize(st);
    if (err == NQ_OK && census_check(key, counts, len) != (uint64_t)check)
        err = NQ_E_CORRUPT;
    return err;
}

int nq_checkpoint_census(const char *path, uint32_t *counts, uint64_t capacity,
                         uint64_t *len)
{
    if (path == NULL || len == NULL)
        return NQ_E_INVAL;
    *len = 0;
    nq_checkpoint_info info;
    sqlite3 *db = NULL;
    int err = open_verified(path, &db, &info);
    int64_t kept = 0;
    if (err == NQ_OK)
        err = meta_int(db, "census_len", &kept, false);
    if (err == 1) {
        err = NQ_OK; /* none kept */
    } else if (err == NQ_OK &&
               (kept < 1 || (uint64_t)kept > NQ_CHECKPOINT_CENSUS_MAX)) {
        err = NQ_E_CORRUPT;
    } else if (err == NQ_OK) {
        *len = (uint64_t)kept;
        if (counts != NULL && capacity >= *len)
            err = read_census(db, plan_key(info.n, info.signature, info.size),
                              counts, *len);
    }
    sqlite3_close(db);
    if (err != NQ_OK)
        *len = 0;
    return err;
}

int nq_checkpoint_close(nq_checkpoint *cp)
{
    if (cp == NULL)
        return NQ_OK;
    int err = nq_checkpoint_commit(cp);
    if (sqlite3_close(cp->db) != SQLITE_OK && err == NQ_OK)
        err = NQ_E_IO;
    cp->db = NULL;
    free_checkpoint(cp);
    return err;
}
