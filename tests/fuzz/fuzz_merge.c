/*
 * fuzz_merge.c - the merge of checkpoints (src/run/checkpoint_merge.c,
 * `nqueens merge`): the files handed to it come from machines nobody
 * controls. Two real parts of a plan (part 1: even ids, part 2: odd ids,
 * known counts) are made once; the first byte of the input says which of
 * them is damaged (bit 1: the second) and how (bit 0): even, the rest of
 * the input replaces the file byte for byte; odd, the rest is run on it as
 * SQL (rows changed, moved, added, deleted; meta and parts rewritten).
 * What must hold:
 *  - nq_merge_add answers 0 or one of its documented codes;
 *  - a merge that succeeds holds only what the library recorded: written
 *    out and read back, every row is sound and carries its id's count,
 *    and the sums are those of the rows;
 *  - the undamaged file alone always merges.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "fuzz_sql.h"
#include "nqueens.h"

#define PLAN_N 10
#define PLAN_SIGNATURE "fuzz/1 n=10"
#define PLAN_SIZE 12

static nq_subcount recorded(uint64_t id)
{
    nq_subcount c = {.total = 1000 + id * 7, .sym180 = id * 3, .sym90 = id};
    return c;
}

static char scratch_dir[] = "/tmp/nq-fuzz-merge-XXXXXX";
static char paths[3][sizeof scratch_dir + 16]; /* part 1, part 2, out */
static unsigned char *pristine[2];
static size_t pristine_len[2];

static void remove_file(const char *path)
{
    static const char *const suffixes[] = {"", "-journal", "-wal", "-shm"};
    char name[256];
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

static void cleanup(void)
{
    for (int i = 0; i < 3; i++)
        remove_file(paths[i]);
    rmdir(scratch_dir);
}

static void write_file(const char *path, const unsigned char *data, size_t len)
{
    remove_file(path);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
        abort();
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n <= 0)
            abort();
        done += (size_t)n;
    }
    close(fd);
}

/* The two parts, made with the library once. */
static void make_pristine(void)
{
    if (mkdtemp(scratch_dir) == NULL)
        abort();
    for (int i = 0; i < 3; i++)
        snprintf(paths[i], sizeof paths[i], "%s/%d.db", scratch_dir, i);
    atexit(cleanup);
    for (unsigned part = 1; part <= 2; part++) {
        uint64_t ids[PLAN_SIZE / 2];
        for (size_t i = 0; i < PLAN_SIZE / 2; i++)
            ids[i] = 2 * i + part - 1;
        nq_checkpoint *cp = NULL;
        if (nq_checkpoint_open_part(paths[part - 1], PLAN_N, PLAN_SIGNATURE,
                                    PLAN_SIZE, part, 2, ids, PLAN_SIZE / 2,
                                    &cp) != 0 ||
            nq_checkpoint_set_provenance(cp, "join", "fuzz-host") != 0)
            abort();
        /* Part 2 leaves its last id unfinished. */
        size_t count = part == 1 ? PLAN_SIZE / 2 : PLAN_SIZE / 2 - 1;
        for (size_t i = 0; i < count; i++) {
            nq_subcount c = recorded(ids[i]);
            if (nq_checkpoint_record(cp, ids[i], &c) != 0)
                abort();
        }
        if (nq_checkpoint_close(cp) != 0)
            abort();
        pristine[part - 1] =
            fuzz_read_file(paths[part - 1], &pristine_len[part - 1]);
    }
}

static bool known_code(int rc)
{
    return rc == 0 || rc == NQ_E_NOTCHECKPOINT || rc == NQ_E_CORRUPT ||
           rc == NQ_E_CHECKPOINT || rc == NQ_E_IO || rc == NQ_E_NOMEM ||
           rc == NQ_E_MISMATCH || rc == NQ_E_OVERFLOW;
}

/* Every row of a written merge is sound and the library's. */
static int check_row(const nq_unit_record *u, void *user)
{
    nq_subcount *sum = user;
    nq_subcount want = recorded(u->id);
    FUZZ_CHECK(u->intact);
    FUZZ_CHECK(u->id < PLAN_SIZE);
    FUZZ_CHECK(memcmp(&u->count, &want, sizeof want) == 0);
    FUZZ_CHECK(strcmp(u->host, "fuzz-host") == 0);
    sum->total += want.total;
    sum->sym180 += want.sym180;
    sum->sym90 += want.sym90;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (pristine[0] == NULL)
        make_pristine();
    int damaged = (data[0] >> 1) & 1;
    for (int i = 0; i < 2; i++)
        write_file(paths[i], pristine[i], pristine_len[i]);
    if (data[0] & 1)
        fuzz_run_sql(paths[damaged], data + 1, size - 1);
    else
        write_file(paths[damaged], data + 1, size - 1);

    nq_merge *m = NULL;
    if (nq_merge_new(&m) != 0)
        abort();
    nq_unit_record two[2];
    int rc = nq_merge_add(m, paths[1 - damaged], two);
    FUZZ_CHECK(rc == 0);
    rc = nq_merge_add(m, paths[damaged], two);
    FUZZ_CHECK(known_code(rc));
    if (rc == 0) {
        nq_checkpoint_info info;
        nq_merge_info(m, &info);
        FUZZ_CHECK(info.done <= PLAN_SIZE);
        remove_file(paths[2]);
        FUZZ_CHECK(nq_merge_write(m, paths[2]) == 0);
        nq_subcount sum = {0, 0, 0};
        nq_checkpoint_info back;
        FUZZ_CHECK(nq_checkpoint_units(paths[2], check_row, &sum, &back) == 0);
        FUZZ_CHECK(back.done == info.done);
        FUZZ_CHECK(memcmp(&sum, &info.sum, sizeof sum) == 0);
        FUZZ_CHECK(nq_checkpoint_read(paths[2], &back) == 0);
    }
    nq_merge_free(m);
    for (int i = 0; i < 3; i++)
        remove_file(paths[i]);
    return 0;
}
