/*
 * test_checkpoint.c - the checkpoint store on its own: what is committed
 * comes back exactly, what was not committed when a process died is lost
 * and nothing else, and files that are damaged, truncated, foreign or made
 * for another plan are refused and left untouched.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "run/checkpoint.h"
#include "testutil.h"

#define SIG "test/1 n=12 rows=2"
#define SIZE 100

static char dir[64];
static char path[128];

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/nq-checkpoint-XXXXXX");
    if (mkdtemp(dir) == NULL)
        return -1;
    snprintf(path, sizeof path, "%s/run.db", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* A made-up count for id, distinctive in every field. */
static nq_subcount count_of(uint64_t id)
{
    return (nq_subcount){1000 + id * 7, id % 3, id % 5 == 0};
}

static void record_ids(nq_checkpoint *cp, uint64_t from, uint64_t to)
{
    for (uint64_t id = from; id < to; id++) {
        nq_subcount c = count_of(id);
        assert_int_equal(nq_checkpoint_record(cp, id, &c), NQ_OK);
    }
}

/* Reads the whole file, to show that a refused file was not touched. */
static char *slurp(const char *file, size_t *len)
{
    FILE *f = fopen(file, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    *len = (size_t)size;
    return buf;
}

static void write_file(const char *file, const char *data, size_t len)
{
    FILE *f = fopen(file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

/* Runs `sql` on the file at path, as a person with the sqlite3 shell
 * would. */
static void run_sql(const char *sql)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

/* A checkpoint with ids [0, done) committed. */
static void make_checkpoint(uint64_t done)
{
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    record_ids(cp, 0, done);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
}

/* Opening must fail with `want` and leave the file byte for byte. */
static void expect_refused(int want)
{
    size_t before_len, after_len;
    char *before = slurp(path, &before_len);
    nq_checkpoint *cp = (nq_checkpoint *)&cp;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), want);
    assert_null(cp);
    char *after = slurp(path, &after_len);
    assert_int_equal(before_len, after_len);
    assert_memory_equal(before, after, before_len);
    free(before);
    free(after);
}

static void test_new_file_then_resume(void **state)
{
    (void)state;
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    nq_checkpoint_info info;
    nq_checkpoint_info_get(cp, &info);
    assert_int_equal(info.done, 0);
    assert_int_equal(info.size, SIZE);
    assert_int_equal(info.n, 12);
    assert_string_equal(info.signature, SIG);
    assert_int_equal(info.format, NQ_CHECKPOINT_FORMAT);
    record_ids(cp, 10, 40);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);

    /* Nothing but the database is left beside it. */
    char beside[200];
    snprintf(beside, sizeof beside, "ls -A '%s' | grep -qv '^run.db$'", dir);
    assert_int_not_equal(system(beside), 0);

    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    nq_checkpoint_info_get(cp, &info);
    assert_int_equal(info.done, 30);
    assert_int_equal(info.sessions, 2);
    nq_subcount want = {0, 0, 0};
    for (uint64_t id = 10; id < 40; id++) {
        nq_subcount c = count_of(id);
        want.total += c.total;
        want.sym180 += c.sym180;
        want.sym90 += c.sym90;
    }
    assert_int_equal(info.sum.total, want.total);
    assert_int_equal(info.sum.sym180, want.sym180);
    assert_int_equal(info.sum.sym90, want.sym90);

    uint64_t ids[SIZE];
    size_t count = 0;
    assert_int_equal(nq_checkpoint_pending(cp, ids, SIZE - 31, &count),
                     NQ_E_INVAL);
    assert_int_equal(nq_checkpoint_pending(cp, ids, SIZE - 30, &count), NQ_OK);
    assert_int_equal(count, SIZE - 30);
    for (size_t i = 0; i < count; i++) {
        assert_true(ids[i] < 10 || ids[i] >= 40);
        assert_true(i == 0 || ids[i] > ids[i - 1]);
    }
    /* An id twice or out of range is refused and changes nothing. */
    nq_subcount c = count_of(12);
    assert_int_equal(nq_checkpoint_record(cp, 12, &c), NQ_E_INVAL);
    assert_int_equal(nq_checkpoint_record(cp, SIZE, &c), NQ_E_INVAL);
    nq_checkpoint_info_get(cp, &info);
    assert_int_equal(info.done, 30);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
}

static void test_finish_records_result(void **state)
{
    (void)state;
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    record_ids(cp, 0, SIZE - 1);
    nq_count_result result = {14200, 1787, 80, 8};
    assert_int_equal(nq_checkpoint_finish(cp, &result), NQ_E_INVAL);
    record_ids(cp, SIZE - 1, SIZE);
    assert_int_equal(nq_checkpoint_finish(cp, &result), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);

    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_int_equal(info.complete, 1);
    assert_int_equal(info.done, SIZE);
    assert_int_equal(info.result.total, 14200);
    assert_int_equal(info.result.unique, 1787);
    assert_int_equal(info.result.sym90, 8);
}

/* A child records, commits part, records more and dies without closing:
 * exactly the committed part survives. */
static void test_killed_loses_only_uncommitted(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        nq_checkpoint *cp = NULL;
        if (nq_checkpoint_open(path, 12, SIG, SIZE, &cp) != NQ_OK)
            _exit(3);
        for (uint64_t id = 0; id < 50; id++) {
            nq_subcount c = count_of(id);
            if (nq_checkpoint_record(cp, id, &c) != NQ_OK)
                _exit(4);
            if (id == 19 && nq_checkpoint_commit(cp) != NQ_OK)
                _exit(5);
        }
        _exit(0); /* no close: the last 30 are lost */
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);

    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_int_equal(info.done, 20);
    assert_int_equal(info.complete, 0);
}

/* With interval 0 every result is committed at once. */
static void test_interval_zero_commits_each(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        nq_checkpoint *cp = NULL;
        if (nq_checkpoint_open(path, 12, SIG, SIZE, &cp) != NQ_OK)
            _exit(3);
        nq_checkpoint_set_interval(cp, 0);
        for (uint64_t id = 0; id < 7; id++) {
            nq_subcount c = count_of(id);
            if (nq_checkpoint_record(cp, id, &c) != NQ_OK)
                _exit(4);
        }
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_int_equal(WEXITSTATUS(status), 0);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_int_equal(info.done, 7);
}

static void test_other_plan_refused(void **state)
{
    (void)state;
    make_checkpoint(5);
    size_t len;
    char *before = slurp(path, &len);
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 13, SIG, SIZE, &cp),
                     NQ_E_CHECKPOINT);
    assert_int_equal(
        nq_checkpoint_open(path, 12, "test/1 n=12 rows=3", SIZE, &cp),
        NQ_E_CHECKPOINT);
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE + 1, &cp),
                     NQ_E_CHECKPOINT);
    assert_null(cp);
    size_t after_len;
    char *after = slurp(path, &after_len);
    assert_int_equal(len, after_len);
    assert_memory_equal(before, after, len);
    free(before);
    free(after);
    /* What the file is for can be read, to say why it was refused. */
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_int_equal(info.n, 12);
    assert_int_equal(info.done, 5);
}

static void test_not_a_checkpoint_refused(void **state)
{
    (void)state;
    const char text[] = "n,total\n8,92\n";
    write_file(path, text, sizeof text - 1);
    expect_refused(NQ_E_NOTCHECKPOINT);

    /* An empty file is an empty SQLite database, but not a checkpoint. */
    write_file(path, "", 0);
    expect_refused(NQ_E_NOTCHECKPOINT);

    /* Another program's SQLite database. */
    unlink(path);
    run_sql("CREATE TABLE t(x); INSERT INTO t VALUES (1)");
    expect_refused(NQ_E_NOTCHECKPOINT);

    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_E_NOTCHECKPOINT);
    char missing[160];
    snprintf(missing, sizeof missing, "%s/none.db", dir);
    assert_int_equal(nq_checkpoint_read(missing, &info), NQ_E_IO);
    /* A directory that does not exist: cannot be created. */
    snprintf(missing, sizeof missing, "%s/no/such/dir.db", dir);
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(missing, 12, SIG, SIZE, &cp), NQ_E_IO);
}

/* Finds the 8 big-endian bytes of `value` in the file (SQLite stores
 * integers big-endian) and flips one bit of them. */
static void flip_value_in_file(uint64_t value)
{
    size_t len;
    char *data = slurp(path, &len);
    unsigned char want[8];
    for (int i = 0; i < 8; i++)
        want[i] = (unsigned char)(value >> (56 - 8 * i));
    char *at = NULL;
    for (size_t i = 0; at == NULL && i + 8 <= len; i++) {
        if (memcmp(data + i, want, 8) == 0)
            at = data + i;
    }
    assert_non_null(at);
    at[7] ^= 0x04;
    write_file(path, data, len);
    free(data);
}

static void test_damaged_row_refused(void **state)
{
    (void)state;
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    record_ids(cp, 0, 3);
    nq_subcount odd = {0x1122334455667788ull, 1, 0};
    assert_int_equal(nq_checkpoint_record(cp, 3, &odd), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    assert_int_equal(nq_checkpoint_read(path, &(nq_checkpoint_info){0}), NQ_OK);
    flip_value_in_file(odd.total);
    expect_refused(NQ_E_CORRUPT);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_E_CORRUPT);
}

static void test_damaged_pages_refused(void **state)
{
    (void)state;
    make_checkpoint(SIZE);
    size_t len;
    char *data = slurp(path, &len);
    assert_true(len >= 3 * 4096);
    /* Garbage over the second page: structures SQLite itself checks. */
    for (size_t i = 4096; i < 2 * 4096; i++)
        data[i] = (char)(i * 37);
    write_file(path, data, len);
    free(data);
    nq_checkpoint *cp = NULL;
    int err = nq_checkpoint_open(path, 12, SIG, SIZE, &cp);
    assert_int_equal(err, NQ_E_CORRUPT);
}

static void test_truncated_refused(void **state)
{
    (void)state;
    make_checkpoint(SIZE);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(truncate(path, st.st_size / 2), 0);
    expect_refused(NQ_E_CORRUPT);
    /* Cut inside the 100-byte header: no longer a database at all. */
    assert_int_equal(truncate(path, 60), 0);
    size_t len;
    free(slurp(path, &len));
    nq_checkpoint *cp = NULL;
    int err = nq_checkpoint_open(path, 12, SIG, SIZE, &cp);
    assert_true(err == NQ_E_NOTCHECKPOINT || err == NQ_E_CORRUPT);
}

static void test_newer_format_refused(void **state)
{
    (void)state;
    make_checkpoint(1);
    run_sql("PRAGMA user_version = 99");
    expect_refused(NQ_E_CHECKPOINT);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_E_CHECKPOINT);
    assert_int_equal(info.format, 99);
}

/* A header whose write version (byte 18) SQLite will not write: no
 * checkpoint has one, so reading it is fine but opening it to go on is
 * refused as damage, not as an I/O error. */
static void test_header_write_version_refused(void **state)
{
    (void)state;
    make_checkpoint(4);
    size_t len;
    char *data = slurp(path, &len);
    assert_true(len > 100);
    assert_int_equal(data[18], 1);
    data[18] = 3;
    write_file(path, data, len);
    free(data);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_int_equal(info.done, 4);
    expect_refused(NQ_E_CORRUPT);
}

static void test_edited_meta_refused(void **state)
{
    (void)state;
    make_checkpoint(4);
    run_sql("UPDATE meta SET value = 'x' WHERE key = 'size'");
    expect_refused(NQ_E_CORRUPT);
}

/* The sessions a file records: one run short of the field's most, a run
 * still fits (and is counted); at the most, the file reads but takes no
 * further run (only an edited file gets there). */
static void test_sessions_at_most_refused(void **state)
{
    (void)state;
    make_checkpoint(4);
    run_sql("UPDATE meta SET value = "
            "9223372036854775806 WHERE key = 'sessions'");
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    record_ids(cp, 4, 6);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_true(info.sessions == (uint64_t)INT64_MAX);
    assert_int_equal(info.done, 6);
    expect_refused(NQ_E_CORRUPT);
}

/* A file whose seconds were raised to just under the most a file records
 * takes a run that outlasts the difference and still reads after it: the
 * run's seconds stop under the limit instead of passing it. */
static void test_seconds_stop_under_limit(void **state)
{
    (void)state;
    make_checkpoint(4);
    run_sql("UPDATE meta SET value = 999999999999999.75 "
            "WHERE key = 'seconds'");
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    record_ids(cp, 4, 6);
    const struct timespec half = {0, 500000000L};
    assert_int_equal(nanosleep(&half, NULL), 0);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_int_equal(info.done, 6);
    assert_true(info.seconds >= 999999999999998.0);
    assert_true(info.seconds < NQ__CHECKPOINT_SECONDS_MAX);
}

/* One run at a time: while a checkpoint is open, another open of its file
 * is refused at once and changes nothing; readers go on; closing (or the
 * holder's death, even by SIGKILL) lets the next run in. */
static void test_second_open_refused_while_held(void **state)
{
    (void)state;
    make_checkpoint(5);
    nq_checkpoint *holder = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &holder), NQ_OK);
    record_ids(holder, 5, 8);
    assert_int_equal(nq_checkpoint_commit(holder), NQ_OK);
    expect_refused(NQ_E_BUSY);
    assert_int_equal(nq_checkpoint_in_use(path), NQ_E_BUSY);
    /* Another plan's run is refused for the lock too, before any reading. */
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 13, SIG, SIZE, &cp), NQ_E_BUSY);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    assert_int_equal(info.done, 8);
    /* The holder still writes after the refusals. */
    record_ids(holder, 8, 10);
    assert_int_equal(nq_checkpoint_close(holder), NQ_OK);
    assert_int_equal(nq_checkpoint_in_use(path), NQ_OK);
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    nq_checkpoint_info_get(cp, &info);
    assert_int_equal(info.done, 10);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);

    /* A holder killed with SIGKILL leaves the file free. */
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(ready[0]);
        nq_checkpoint *child = NULL;
        if (nq_checkpoint_open(path, 12, SIG, SIZE, &child) != NQ_OK)
            _exit(3);
        if (write(ready[1], "x", 1) != 1)
            _exit(4);
        for (;;)
            pause();
    }
    close(ready[1]);
    char byte = 0;
    assert_int_equal(read(ready[0], &byte, 1), 1);
    close(ready[0]);
    expect_refused(NQ_E_BUSY);
    assert_int_equal(kill(pid, SIGKILL), 0);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
}

/* A new file is locked from the moment it appears: the maker holds it, and
 * a run that finds it there is refused. */
static void test_new_file_held_by_its_maker(void **state)
{
    (void)state;
    nq_checkpoint *maker = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &maker), NQ_OK);
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_E_BUSY);
    assert_null(cp);
    assert_int_equal(nq_checkpoint_in_use(path), NQ_E_BUSY);
    assert_int_equal(nq_checkpoint_close(maker), NQ_OK);
    /* The look takes nothing: the file can be opened right after it. */
    assert_int_equal(nq_checkpoint_in_use(path), NQ_OK);
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, SIZE, &cp), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    /* No file, or no path. */
    assert_int_equal(unlink(path), 0);
    assert_int_equal(nq_checkpoint_in_use(path), NQ_OK);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(nq_checkpoint_in_use(NULL), NQ_E_INVAL);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(NULL, 12, SIG, SIZE, &cp), NQ_E_INVAL);
    assert_int_equal(nq_checkpoint_open(path, 12, "", SIZE, &cp), NQ_E_INVAL);
    assert_int_equal(nq_checkpoint_open(path, 12, SIG, 0, &cp), NQ_E_INVAL);
    assert_int_equal(nq_checkpoint_open(path, 0, SIG, SIZE, &cp), NQ_E_RANGE);
    char longsig[NQ_CHECKPOINT_SIGNATURE_MAX + 1];
    memset(longsig, 'a', sizeof longsig - 1);
    longsig[sizeof longsig - 1] = '\0';
    assert_int_equal(nq_checkpoint_open(path, 12, longsig, SIZE, &cp),
                     NQ_E_INVAL);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(nq_checkpoint_close(NULL), NQ_OK);
}

/* A run of a join in passes commits as each pass ends, not only every
 * interval: a process killed later redoes no pass that had ended. The
 * progress callback (called after each recorded id) reads what the file
 * holds as another process would. */
struct committed_seen {
    uint64_t values; /* distinct committed counts seen during the run */
    uint64_t last;
};

static int watch_commits(uint64_t done, uint64_t total, uint64_t solutions,
                         void *user)
{
    (void)done;
    (void)total;
    (void)solutions;
    struct committed_seen *seen = user;
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_read(path, &info), NQ_OK);
    if (info.done != seen->last) {
        seen->values++;
        seen->last = info.done;
    }
    return 0;
}

static void test_run_commits_each_pass(void **state)
{
    (void)state;
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_JOIN;
    options.threads = 2;
    nq_plan_options plan_options;
    nq_plan_options_init(&plan_options, NQ_PLAN_OPTIONS_VERSION);
    plan_options.min_passes = 10;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_ex(12, &options, &plan_options, &plan),
                     NQ_OK);
    uint64_t passes = nq_plan_passes(plan);
    assert_true(passes >= 10);
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 12, nq_plan_signature(plan),
                                        nq_plan_size(plan), &cp),
                     NQ_OK);
    nq_checkpoint_set_interval(cp, 1e9); /* no commit by the clock */
    struct committed_seen seen = {0, 0};
    options.progress = watch_commits;
    options.progress_user = &seen;
    nq_count_result r;
    assert_int_equal(nq_checkpoint_run(cp, plan, &options, &r), NQ_OK);
    assert_int_equal(r.total, 14200);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);
    nq_plan_free(plan);
    /* A commit after every pass but the last (which the finish commits,
     * after the last callback). */
    assert_true(seen.values >= passes - 1);
}

/* A run whose last commit fails (its file and folder gone, so that the
 * journal cannot be made) returns the commit's error with the result
 * zeroed, for a part as for the whole plan. */
static void test_run_failed_commit_zeroes_result(void **state)
{
    (void)state;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create(8, NULL, &plan), NQ_OK);
    uint64_t ids[NQ_MAX_N * 4];
    size_t nids = 0;
    assert_int_equal(
        nq_plan_part_ids(plan, 1, 2, ids, sizeof ids / sizeof ids[0], &nids),
        NQ_OK);
    assert_true(nids > 0 && nids <= sizeof ids / sizeof ids[0]);
    for (int part = 0; part <= 1; part++) {
        assert_int_equal(mkdir(dir, 0700) == 0 || errno == EEXIST, 1);
        nq_checkpoint *cp = NULL;
        if (part)
            assert_int_equal(nq_checkpoint_open_part(
                                 path, 8, nq_plan_signature(plan),
                                 nq_plan_size(plan), 1, 2, ids, nids, &cp),
                             NQ_OK);
        else
            assert_int_equal(nq_checkpoint_open(path, 8,
                                                nq_plan_signature(plan),
                                                nq_plan_size(plan), &cp),
                             NQ_OK);
        nq_checkpoint_set_interval(cp, 1e9); /* no commit by the clock */
        assert_int_equal(unlink(path), 0);
        assert_int_equal(rmdir(dir), 0);
        nq_count_result r;
        assert_int_equal(nq_checkpoint_run(cp, plan, NULL, &r), NQ_E_IO);
        assert_int_equal(r.total, 0);
        assert_int_equal(r.unique, 0);
        assert_int_equal(r.sym180, 0);
        assert_int_equal(r.sym90, 0);
        (void)nq_checkpoint_close(cp);
    }
    nq_plan_free(plan);
}

/* The count of a plan on two threads. */
static int count_two(const nq_plan *plan, nq_count_result *r)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.threads = 2;
    return nq_count_plan(plan, &options, r);
}

/* A plan in passes of 15 on `threads` threads (its census is kept), made
 * with `census` given where not NULL. */
static nq_plan *plan_15_on(int threads, const uint32_t *census, uint64_t len)
{
    nq_count_options options;
    nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
    options.engine = NQ_ENGINE_JOIN;
    options.threads = threads;
    nq_plan_options plan_options;
    nq_plan_options_init(&plan_options, NQ_PLAN_OPTIONS_VERSION);
    plan_options.min_passes = 10;
    plan_options.census = census;
    plan_options.census_len = len;
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_ex(15, &options, &plan_options, &plan),
                     NQ_OK);
    assert_true(nq_plan_passes(plan) >= 10);
    return plan;
}

/* plan_15_on() two threads. */
static nq_plan *plan_15(const uint32_t *census, uint64_t len)
{
    return plan_15_on(2, census, len);
}

/* The census of a plan kept in its checkpoint comes back exactly, and a
 * plan made from it is the same plan and counts the same; a damaged one
 * is refused. */
static void test_census_kept(void **state)
{
    (void)state;
    nq_plan *plan = plan_15(NULL, 0);
    const uint32_t *census = NULL;
    uint64_t len = 0;
    nq_plan_census(plan, &census, &len);
    assert_non_null(census);
    assert_true(len > 0);
    nq_checkpoint *cp = NULL;
    assert_int_equal(nq_checkpoint_open(path, 15, nq_plan_signature(plan),
                                        nq_plan_size(plan), &cp),
                     NQ_OK);
    uint64_t none = 1;
    assert_int_equal(nq_checkpoint_census(path, NULL, 0, &none), NQ_OK);
    assert_int_equal(none, 0); /* none kept yet */
    assert_int_equal(nq_checkpoint_save_census(cp, census, len), NQ_OK);
    assert_int_equal(nq_checkpoint_save_census(cp, census, len), NQ_OK);
    assert_int_equal(nq_checkpoint_close(cp), NQ_OK);

    uint64_t kept = 0;
    assert_int_equal(nq_checkpoint_census(path, NULL, 0, &kept), NQ_OK);
    assert_int_equal(kept, len);
    uint32_t *back = malloc((len + 1) * sizeof *back);
    assert_non_null(back);
    assert_int_equal(nq_checkpoint_census(path, back, len, &kept), NQ_OK);
    assert_memory_equal(back, census, len * sizeof *back);

    nq_plan *again = plan_15(back, len);
    assert_int_equal(nq_plan_passes(again), nq_plan_passes(plan));
    const uint32_t *given = NULL;
    uint64_t given_len = 0;
    nq_plan_census(again, &given, &given_len);
    assert_int_equal(given_len, len);
    assert_memory_equal(given, census, len * sizeof *given);
    nq_count_result r;
    assert_int_equal(count_two(again, &r), NQ_OK);
    assert_int_equal(r.total, 2279184);
    nq_plan_free(again);
    nq_plan_free(plan);

    /* Its counts changed in the file (the length kept): refused. */
    run_sql("UPDATE meta SET value = zeroblob(length(value)) "
            "WHERE key = 'census'");
    assert_int_equal(nq_checkpoint_census(path, back, len, &kept),
                     NQ_E_CORRUPT);
    assert_int_equal(kept, 0);
    free(back);
}

/* A census that is not that of the tops (of the right length) fails the
 * count with NQ_E_CORRUPT, never a wrong total: one top moved from one
 * group to another, and one top left out. One of another length is not
 * taken. */
static void test_census_wrong(void **state)
{
    (void)state;
    nq_plan *plan = plan_15(NULL, 0);
    const uint32_t *census = NULL;
    uint64_t len = 0;
    nq_plan_census(plan, &census, &len);
    uint32_t *wrong = malloc((len + 1) * sizeof *wrong);
    assert_non_null(wrong);
    uint64_t from = 0, to = len - 1;
    while (census[from] == 0)
        from++;
    for (int change = 0; change < 2; change++) {
        memcpy(wrong, census, len * sizeof *wrong);
        wrong[from]--;
        if (change == 0)
            wrong[to]++;
        nq_plan *bad = plan_15(wrong, len);
        nq_count_result r = {0};
        assert_int_equal(count_two(bad, &r), NQ_E_CORRUPT);
        assert_int_equal(r.total, 0);
        nq_plan_free(bad);
    }
    memcpy(wrong, census, len * sizeof *wrong);
    wrong[len] = 0;
    wrong[from] += 1000;
    nq_plan *other = plan_15(wrong, len + 1); /* walked again instead */
    nq_count_result r;
    assert_int_equal(count_two(other, &r), NQ_OK);
    assert_int_equal(r.total, 2279184);
    nq_plan_free(other);
    free(wrong);
    nq_plan_free(plan);
}

/* A census walked on another number of threads (a resume or an audit on
 * another machine) cuts the same passes; its shares do not fit this
 * plan's builds, which count their own tops, and the plan keeps none. */
static void test_census_other_threads(void **state)
{
    (void)state;
    nq_plan *plan = plan_15(NULL, 0);
    nq_plan *one = plan_15_on(1, NULL, 0);
    const uint32_t *census = NULL, *two_census = NULL;
    uint64_t len = 0, two_len = 0;
    nq_plan_census(one, &census, &len);
    nq_plan_census(plan, &two_census, &two_len);
    assert_non_null(census);
    assert_true(len > 0 && len != two_len); /* other shares */

    nq_plan *given = plan_15(census, len);
    assert_int_equal(nq_plan_passes(given), nq_plan_passes(plan));
    for (uint64_t id = 0; id < nq_plan_size(plan); id++)
        assert_int_equal(nq_plan_pass_of(given, id), nq_plan_pass_of(plan, id));
    const uint32_t *kept = NULL;
    uint64_t kept_len = 1;
    nq_plan_census(given, &kept, &kept_len);
    assert_null(kept);
    assert_int_equal(kept_len, 0);
    nq_count_result r;
    assert_int_equal(count_two(given, &r), NQ_OK);
    assert_int_equal(r.total, 2279184);
    nq_plan_free(given);
    nq_plan_free(one);
    nq_plan_free(plan);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_new_file_then_resume),
        T(test_finish_records_result),
        T(test_killed_loses_only_uncommitted),
        T(test_interval_zero_commits_each),
        T(test_other_plan_refused),
        T(test_not_a_checkpoint_refused),
        T(test_damaged_row_refused),
        T(test_damaged_pages_refused),
        T(test_truncated_refused),
        T(test_newer_format_refused),
        T(test_header_write_version_refused),
        T(test_edited_meta_refused),
        T(test_sessions_at_most_refused),
        T(test_seconds_stop_under_limit),
        T(test_second_open_refused_while_held),
        T(test_new_file_held_by_its_maker),
        T(test_bad_arguments),
        T(test_run_commits_each_pass),
        T(test_run_failed_commit_zeroes_result),
        T(test_census_kept),
        T(test_census_wrong),
        T(test_census_other_threads),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
