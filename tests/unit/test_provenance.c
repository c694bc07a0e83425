/*
 * test_provenance.c - what a checkpoint records of who counted what, and
 * the merge of files: provenance comes back as it was recorded and is
 * under the row's check; a format 1 file is read and made format 2 on
 * resume; a part's file takes its own ids alone; a merge names both hosts
 * of a subproblem with two counts and refuses files of other plans; a
 * wrong count with a sound row is what the recount finds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "testutil.h"

#define SIG "test/1 n=12"
#define SIZE 40

static char dir[64];
static char path[128], path2[128], path3[128];

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/nq-provenance-XXXXXX");
    if (mkdtemp(dir) == NULL)
        return -1;
    snprintf(path, sizeof path, "%s/a.db", dir);
    snprintf(path2, sizeof path2, "%s/b.db", dir);
    snprintf(path3, sizeof path3, "%s/c.db", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static nq_subcount count_of(uint64_t id)
{
    nq_subcount c = {1000 + id, id % 3, id % 2};
    return c;
}

static void sql(const char *file, const char *text)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(file, &db), SQLITE_OK);
    char *message = NULL;
    int rc = sqlite3_exec(db, text, NULL, NULL, &message);
    if (rc != SQLITE_OK)
        print_error("%s: %s\n", text, message ? message : "?");
    sqlite3_free(message);
    assert_int_equal(rc, SQLITE_OK);
    sqlite3_close(db);
}

struct seen {
    nq_unit_record rows[SIZE];
    size_t len;
};

static int collect(const nq_unit_record *u, void *user)
{
    struct seen *s = user;
    assert_true(s->len < SIZE);
    s->rows[s->len++] = *u;
    return 0;
}

static void test_provenance_round_trip(void **state)
{
    (void)state;
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), 0);
    assert_int_equal(nq_checkpoint_set_provenance(cp, "join", "node-7"), 0);
    for (uint64_t id = 0; id < 5; id++) {
        nq_subcount c = count_of(id);
        assert_int_equal(nq_checkpoint_record(cp, id, &c), 0);
    }
    assert_int_equal(nq_checkpoint_set_provenance(cp, "gpu", NULL), 0);
    nq_subcount c = count_of(5);
    assert_int_equal(nq_checkpoint_record(cp, 5, &c), 0);
    char long_host[NQ_PROVENANCE_MAX + 1];
    memset(long_host, 'h', NQ_PROVENANCE_MAX);
    long_host[NQ_PROVENANCE_MAX] = '\0';
    assert_int_equal(nq_checkpoint_set_provenance(cp, NULL, long_host),
                     NQ_E_INVAL);
    assert_int_equal(nq_checkpoint_set_provenance(cp, NULL, ""), NQ_E_INVAL);
    assert_int_equal(nq_checkpoint_close(cp), 0);

    struct seen s = {.len = 0};
    nq_checkpoint_info info;
    int64_t before = (int64_t)time(NULL) - 5;
    assert_int_equal(nq_checkpoint_units(path, collect, &s, &info), 0);
    assert_int_equal(info.format, NQ_CHECKPOINT_FORMAT);
    assert_int_equal(s.len, 6);
    for (size_t i = 0; i < s.len; i++) {
        const nq_unit_record *u = &s.rows[i];
        nq_subcount want = count_of(i);
        assert_int_equal(u->id, i);
        assert_memory_equal(&u->count, &want, sizeof want);
        assert_string_equal(u->engine, i < 5 ? "join" : "gpu");
        assert_string_equal(u->host, "node-7");
        assert_string_equal(u->version, NQ_VERSION_STRING);
        assert_true(u->at >= before && u->at <= (int64_t)time(NULL) + 5);
        assert_int_equal(u->intact, 1);
    }
    /* Provenance is under the check: a host changed is a damaged row. */
    sql(path, "UPDATE done SET host = 'elsewhere' WHERE id = 2");
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_E_CORRUPT);
    s.len = 0;
    assert_int_equal(nq_checkpoint_units(path, collect, &s, NULL), 0);
    assert_int_equal(s.rows[2].intact, 0);
    assert_int_equal(s.rows[1].intact, 1);
}

/* A file of format 1 (made here from one of format 2 whose rows carry no
 * provenance): read, then made format 2 by a resumed run. */
static void test_format_1_read_and_resumed(void **state)
{
    (void)state;
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), 0);
    for (uint64_t id = 0; id < 4; id++) {
        nq_unit_record u;
        memset(&u, 0, sizeof u);
        u.id = id;
        u.count = count_of(id);
        assert_int_equal(nq_checkpoint_record_unit(cp, &u), 0);
    }
    assert_int_equal(nq_checkpoint_close(cp), 0);
    /* The table of format 1, its rows copied (their checks are those of
     * rows without provenance). */
    sql(path, "CREATE TABLE old(\n"
              "  id INTEGER PRIMARY KEY NOT NULL, -- the subproblem's id\n"
              "  total INTEGER NOT NULL,          -- its contribution\n"
              "  sym180 INTEGER NOT NULL,\n"
              "  sym90 INTEGER NOT NULL,\n"
              "  checksum INTEGER NOT NULL);      -- over the row\n"
              "INSERT INTO old SELECT id, total, sym180, sym90, checksum "
              "FROM done; DROP VIEW progress; DROP TABLE done; "
              "ALTER TABLE old RENAME TO done; DROP TABLE part; "
              "CREATE VIEW progress AS SELECT (SELECT count(*) FROM done) "
              "AS done; PRAGMA user_version = 1");
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), 0);
    assert_int_equal(info.format, 1);
    assert_int_equal(info.done, 4);
    assert_int_equal(info.parts, 0);
    struct seen s = {.len = 0};
    assert_int_equal(nq_checkpoint_units(path, collect, &s, NULL), 0);
    assert_int_equal(s.len, 4);
    assert_string_equal(s.rows[3].host, "");
    assert_int_equal(s.rows[3].at, 0);
    assert_int_equal(s.rows[3].intact, 1);

    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), 0);
    nq_subcount c = count_of(4);
    assert_int_equal(nq_checkpoint_record(cp, 4, &c), 0);
    assert_int_equal(nq_checkpoint_close(cp), 0);
    assert_int_equal(nq_checkpoint_read(path, &info), 0);
    assert_int_equal(info.format, 2);
    assert_int_equal(info.done, 5);
    s.len = 0;
    assert_int_equal(nq_checkpoint_units(path, collect, &s, NULL), 0);
    assert_string_equal(s.rows[0].host, "");
    assert_true(s.rows[4].host[0] != '\0');
    assert_true(s.rows[4].at > 0);

    /* A format 1 file with format 2's columns is not one. */
    sql(path, "PRAGMA user_version = 1");
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_E_CORRUPT);
}

static void test_part_file(void **state)
{
    (void)state;
    uint64_t ids[] = {1, 5, 7};
    nq_checkpoint *cp = NULL;
    assert_int_equal(
        nq_checkpoint_open_part(path, 12, SIG, SIZE, 2, 3, ids, 3, &cp), 0);
    uint64_t pending[3];
    size_t count = 0;
    assert_int_equal(nq_checkpoint_pending(cp, pending, 3, &count), 0);
    assert_int_equal(count, 3);
    assert_int_equal(pending[2], 7);
    nq_subcount c = count_of(2);
    assert_int_equal(nq_checkpoint_record(cp, 2, &c), NQ_E_INVAL);
    c = count_of(5);
    assert_int_equal(nq_checkpoint_record(cp, 5, &c), 0);
    assert_int_equal(nq_checkpoint_close(cp), 0);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), 0);
    assert_int_equal(info.parts, 3);
    assert_int_equal(info.part, 2);
    assert_int_equal(info.part_size, 3);
    assert_int_equal(info.done, 1);
    assert_int_equal(info.part_rule, NQ_PART_RULE);
    /* Another part, the whole plan, another cut: refused. */
    assert_int_equal(
        nq_checkpoint_open_part(path, 12, SIG, SIZE, 1, 3, ids, 3, &cp),
        NQ_E_CHECKPOINT);
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp),
                     NQ_E_CHECKPOINT);
    assert_int_equal(
        nq_checkpoint_open_part(path, 12, SIG, SIZE, 2, 4, ids, 3, &cp),
        NQ_E_CHECKPOINT);
    assert_int_equal(
        nq_checkpoint_open_part(path, 12, SIG, SIZE, 4, 3, ids, 3, &cp),
        NQ_E_INVAL);
    /* Resumed: the rest of its ids alone. */
    assert_int_equal(
        nq_checkpoint_open_part(path, 12, SIG, SIZE, 2, 3, ids, 3, &cp), 0);
    assert_int_equal(nq_checkpoint_pending(cp, pending, 3, &count), 0);
    assert_int_equal(count, 2);
    assert_int_equal(pending[0], 1);
    assert_int_equal(pending[1], 7);
    assert_int_equal(nq_checkpoint_close(cp), 0);
}

/* Writes part `part` of 2 (ids of that parity) on `host`; `wrong` gets
 * one more solution. */
static void write_part(const char *file, unsigned part, const char *host,
                       uint64_t wrong)
{
    uint64_t ids[SIZE / 2];
    for (size_t i = 0; i < SIZE / 2; i++)
        ids[i] = 2 * i + (part - 1);
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open_part(file, 12, SIG, SIZE, part, 2, ids,
                                             SIZE / 2, &cp),
                     0);
    assert_int_equal(nq_checkpoint_set_provenance(cp, "join", host), 0);
    for (size_t i = 0; i < SIZE / 2; i++) {
        nq_subcount c = count_of(ids[i]);
        c.total += ids[i] == wrong;
        assert_int_equal(nq_checkpoint_record(cp, ids[i], &c), 0);
    }
    assert_int_equal(nq_checkpoint_close(cp), 0);
}

static void test_merge(void **state)
{
    (void)state;
    write_part(path, 1, "alpha", SIZE);
    write_part(path2, 2, "beta", SIZE);
    nq_merge *m = NULL;
    assert_int_equal(nq_merge_new(&m), 0);
    assert_int_equal(nq_merge_add(m, path, NULL), 0);
    nq_checkpoint_info info;
    nq_merge_info(m, &info);
    assert_int_equal(info.done, SIZE / 2);
    assert_int_equal(info.complete, 0);
    assert_int_equal(nq_merge_add(m, path2, NULL), 0);
    nq_merge_info(m, &info);
    assert_int_equal(info.done, SIZE);
    assert_int_equal(info.parts_held, 2);
    nq_subcount sum = {0, 0, 0};
    for (uint64_t id = 0; id < SIZE; id++) {
        nq_subcount c = count_of(id);
        assert_int_equal(nq_subcount_add(&sum, &c), 0);
    }
    assert_memory_equal(&info.sum, &sum, sizeof sum);
    /* Written, the union merges again to the same sums. */
    assert_int_equal(nq_merge_write(m, path3), 0);
    assert_int_equal(nq_merge_write(m, path3), NQ_E_IO); /* no overwrite */
    /* It keeps the runs' sessions, seconds and first creation, and adds
     * no time of its own. */
    nq_checkpoint_info written;
    assert_int_equal(nq_checkpoint_read(path3, &written), 0);
    assert_int_equal(written.sessions, 2);
    assert_true(written.seconds > 0.0);
    assert_true(written.seconds == info.seconds);
    assert_int_equal(written.created, info.created);
    nq_merge_free(m);
    assert_int_equal(nq_merge_new(&m), 0);
    assert_int_equal(nq_merge_add(m, path3, NULL), 0);
    assert_int_equal(nq_merge_add(m, path, NULL), 0); /* again: alike */
    nq_merge_info(m, &info);
    assert_memory_equal(&info.sum, &sum, sizeof sum);
    nq_merge_free(m);

    /* Part 1 again from another host with one wrong count: refused, both
     * hosts named. */
    char other[160];
    snprintf(other, sizeof other, "%s/wrong.db", dir);
    write_part(other, 1, "gamma", 6);
    assert_int_equal(nq_merge_new(&m), 0);
    assert_int_equal(nq_merge_add(m, path3, NULL), 0);
    nq_unit_record two[2];
    assert_int_equal(nq_merge_add(m, other, two), NQ_E_MISMATCH);
    assert_int_equal(two[0].id, 6);
    assert_int_equal(two[1].id, 6);
    assert_string_equal(two[0].host, "alpha");
    assert_string_equal(two[1].host, "gamma");
    assert_int_equal(two[1].count.total, two[0].count.total + 1);
    nq_merge_free(m);

    /* Another plan: refused. */
    nq_checkpoint *cp = NULL;
    char another[160];
    snprintf(another, sizeof another, "%s/another.db", dir);
    assert_int_equal(nq_checkpoint_open(another, 12, "test/2 n=12", SIZE, &cp),
                     0);
    assert_int_equal(nq_checkpoint_close(cp), 0);
    assert_int_equal(nq_merge_new(&m), 0);
    assert_int_equal(nq_merge_add(m, path, NULL), 0);
    assert_int_equal(nq_merge_add(m, another, NULL), NQ_E_CHECKPOINT);
    nq_merge_free(m);
}

/* A part whose row fails its check (changed through SQLite): the merge
 * refuses it and names the row, adding nothing of the file. */
static void test_merge_damaged_row(void **state)
{
    (void)state;
    write_part(path, 1, "alpha", SIZE);
    write_part(path2, 2, "beta", SIZE);
    sql(path2, "UPDATE done SET total = total + 1 WHERE id = 7");
    nq_merge *m = NULL;
    assert_int_equal(nq_merge_new(&m), 0);
    assert_int_equal(nq_merge_add(m, path, NULL), 0);
    nq_unit_record two[2];
    assert_int_equal(nq_merge_add(m, path2, two), NQ_E_CORRUPT);
    assert_int_equal(two[0].intact, 0);
    assert_int_equal(two[0].id, 7);
    assert_int_equal(two[0].count.total, count_of(7).total + 1);
    assert_string_equal(two[0].host, "beta");
    nq_checkpoint_info info;
    nq_merge_info(m, &info);
    assert_int_equal(info.done, SIZE / 2);
    nq_merge_free(m);
    /* Damage outside the rows (the plan's size, which keys every row's
     * check, so that every row fails): the first row is named. */
    sql(path2, "UPDATE done SET total = total - 1 WHERE id = 7");
    sql(path2, "UPDATE meta SET value = 'test/1 n=13' WHERE key = 'signature'");
    assert_int_equal(nq_merge_new(&m), 0);
    assert_int_equal(nq_merge_add(m, path2, two), NQ_E_CORRUPT);
    assert_int_equal(two[0].intact, 0);
    assert_int_equal(two[0].id, 1);
    nq_merge_free(m);
    /* A file damaged where no row is: no row named. */
    sql(path, "UPDATE meta SET value = 'x' WHERE key = 'n'");
    assert_int_equal(nq_merge_new(&m), 0);
    assert_int_equal(nq_merge_add(m, path, two), NQ_E_CORRUPT);
    assert_int_equal(two[0].intact, 1);
    nq_merge_free(m);
}

/* The audit's check of one row: its count against the recount. */
struct audit_check {
    const nq_plan *plan;
    size_t bad;
    uint64_t bad_id;
};

static int audit_row(const nq_unit_record *u, void *user)
{
    struct audit_check *a = user;
    nq_subcount again;
    assert_int_equal(u->intact, 1);
    assert_int_equal(nq_plan_recount(a->plan, u->id, &again), 0);
    if (memcmp(&again, &u->count, sizeof again) != 0) {
        a->bad++;
        a->bad_id = u->id;
    }
    return 0;
}

/* A wrong count behind a sound row (a faulty machine): the row checks
 * pass, the recount finds it. */
static void test_recount_finds_a_sound_wrong_row(void **state)
{
    (void)state;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(9, NULL, &plan), 0);
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 9, nq_plan_signature(plan),
                                        nq_plan_size(plan), &cp),
                     0);
    uint64_t wrong = nq_plan_size(plan) - 1;
    for (uint64_t id = 0; id < nq_plan_size(plan); id++) {
        nq_subcount c;
        assert_int_equal(nq_plan_count_one(plan, id, &c), 0);
        c.total += id == wrong ? 8 : 0;
        assert_int_equal(nq_checkpoint_record(cp, id, &c), 0);
    }
    assert_int_equal(nq_checkpoint_close(cp), 0);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), 0); /* sound rows */
    struct audit_check a = {plan, 0, 0};
    assert_int_equal(nq_checkpoint_units(path, audit_row, &a, NULL), 0);
    assert_int_equal(a.bad, 1);
    assert_int_equal(a.bad_id, wrong);
    assert_int_equal(nq_checkpoint_units(path, NULL, NULL, NULL), NQ_E_INVAL);
    nq_plan_free(plan);
}

/* A row whose provenance fills its fields with no terminating NUL is
 * refused, never read past the end of a field (the row is on the heap,
 * every byte set, so that a sanitizer sees a read past it). */
static void test_unterminated_provenance(void **state)
{
    (void)state;
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), 0);
    nq_unit_record *u = malloc(sizeof *u);
    assert_non_null(u);
    memset(u, 'x', sizeof *u);
    u->id = 0;
    u->count = count_of(0);
    assert_int_equal(nq_checkpoint_record_unit(cp, u), NQ_E_INVAL);
    free(u);
    assert_int_equal(nq_checkpoint_close(cp), 0);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_provenance_round_trip),
        T(test_format_1_read_and_resumed),
        T(test_part_file),
        T(test_merge),
        T(test_merge_damaged_row),
        T(test_recount_finds_a_sound_wrong_row),
        T(test_unterminated_provenance),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
