/*
 * fuzz_checkpoint.c - the checkpoint reader (src/run/checkpoint.c): the file
 * handed to `nqueens count --checkpoint FILE` or `nqueens status FILE` may
 * be anything. The first byte of the input says what the file is:
 *  even  the rest of the input, byte for byte (the seeds are real
 *        checkpoints, so mutations reach inside SQLite's pages);
 *  odd   a real checkpoint of a plan of SIZE subproblems, IDS of them
 *        finished with known counts, on which the rest of the input is run
 *        as SQL: rows changed, moved, deleted or added, meta rewritten,
 *        tables dropped (statements that fail are skipped).
 * What must hold:
 *  - nq_checkpoint_read answers 0 or one of its documented codes, and the
 *    same twice; on 0 what it reports is self-consistent;
 *  - opening the file for its own plan is accepted exactly when reading
 *    it is, a refused file is left byte for byte as it was, and an
 *    accepted one reports done + pending = size;
 *  - a doctored checkpoint is never trusted: every id it gives as finished
 *    was finished by the library, and the counts it sums are those the
 *    library recorded for them.
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

/* The counts the library records for finished id i (i odd: unfinished). */
static nq_subcount recorded(uint64_t id)
{
    nq_subcount c = {.total = 1000 + id * 7, .sym180 = id * 3, .sym90 = id};
    return c;
}

static bool finished(uint64_t id)
{
    return id % 2 == 0;
}

static char scratch_dir[] = "/tmp/nq-fuzz-checkpoint-XXXXXX";
static char path[sizeof scratch_dir + 16];
static unsigned char *pristine; /* the checkpoint made once, as bytes */
static size_t pristine_len;

/* Removes the database and whatever SQLite left beside it. */
static void remove_files(void)
{
    static const char *const suffixes[] = {"", "-journal", "-wal", "-shm"};
    char name[sizeof path + 16];
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

static void cleanup(void)
{
    remove_files();
    rmdir(scratch_dir);
}

static void write_file(const unsigned char *data, size_t len)
{
    remove_files();
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

/* Makes the pristine checkpoint with the library, once. */
static void make_pristine(void)
{
    if (mkdtemp(scratch_dir) == NULL)
        abort();
    snprintf(path, sizeof path, "%s/cp.db", scratch_dir);
    atexit(cleanup);
    nq_checkpoint *cp = NULL;
    if (nq_checkpoint_open(path, PLAN_N, PLAN_SIGNATURE, PLAN_SIZE, &cp) != 0)
        abort();
    for (uint64_t id = 0; id < PLAN_SIZE; id++) {
        nq_subcount c = recorded(id);
        if (finished(id) && nq_checkpoint_record(cp, id, &c) != 0)
            abort();
    }
    if (nq_checkpoint_close(cp) != 0)
        abort();
    pristine = fuzz_read_file(path, &pristine_len);
}

static bool known_code(int rc)
{
    return rc == 0 || rc == NQ_E_NOTCHECKPOINT || rc == NQ_E_CORRUPT ||
           rc == NQ_E_CHECKPOINT || rc == NQ_E_IO || rc == NQ_E_NOMEM;
}

static void check_info(const nq_checkpoint_info *info)
{
    FUZZ_CHECK(info->format >= 1 && info->format <= NQ_CHECKPOINT_FORMAT);
    FUZZ_CHECK(memchr(info->signature, '\0', sizeof info->signature) != NULL);
    FUZZ_CHECK(info->done <= info->size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (pristine == NULL)
        make_pristine();
    bool doctored = data[0] & 1;
    if (doctored) {
        write_file(pristine, pristine_len);
        fuzz_run_sql(path, data + 1, size - 1);
    } else {
        write_file(data + 1, size - 1);
    }

    size_t before_len = 0;
    unsigned char *before = fuzz_read_file(path, &before_len);

    nq_checkpoint_info info;
    int rc = nq_checkpoint_read(path, &info);
    FUZZ_CHECK(known_code(rc));
    nq_checkpoint_info again;
    FUZZ_CHECK(nq_checkpoint_read(path, &again) == rc);
    if (rc == 0) {
        check_info(&info);
        FUZZ_CHECK(again.done == info.done && again.size == info.size &&
                   again.sum.total == info.sum.total);
    }

    /* Open it for its own plan (the doctored file: for the plan it was
     * made for), as `count --checkpoint` would. */
    int n = doctored ? PLAN_N : info.n;
    const char *signature = doctored ? PLAN_SIGNATURE : info.signature;
    uint64_t plan_size = doctored ? PLAN_SIZE : info.size;
    if (rc == 0 || doctored) {
        nq_checkpoint *cp = NULL;
        int orc = n >= 1 && plan_size >= 1
                      ? nq_checkpoint_open(path, n, signature, plan_size, &cp)
                      : NQ_E_INVAL;
        FUZZ_CHECK(known_code(orc) || orc == NQ_E_INVAL);
        /* A file that reads whole opens (a part's file: refused as
         * another plan, the whole one), but for damage that only a write
         * meets (a format 1 file's upgrade, or a header whose write
         * version, byte 18, SQLite refuses to write): refused as damaged. */
        bool write_damage =
            info.format < 2 || (before_len > 18 && before[18] > 2);
        int opens = info.parts > 0 ? NQ_E_CHECKPOINT : 0;
        if (rc == 0 && !doctored)
            FUZZ_CHECK(orc == opens || (orc == NQ_E_CORRUPT && write_damage));
        if (orc == 0) {
            nq_checkpoint_info open_info;
            nq_checkpoint_info_get(cp, &open_info);
            uint64_t *ids = malloc(sizeof(uint64_t) * (size_t)plan_size);
            size_t pending = 0;
            if (ids != NULL && plan_size <= 4096) {
                FUZZ_CHECK(nq_checkpoint_pending(cp, ids, (size_t)plan_size,
                                                 &pending) == 0);
                FUZZ_CHECK(open_info.done + pending == plan_size);
                for (size_t i = 1; i < pending; i++)
                    FUZZ_CHECK(ids[i - 1] < ids[i]);
                if (doctored) {
                    /* Every id not pending counts as finished: it must have
                     * been, with the counts recorded for it. */
                    nq_subcount sum = {0, 0, 0};
                    size_t k = 0;
                    for (uint64_t id = 0; id < plan_size; id++) {
                        if (k < pending && ids[k] == id) {
                            k++;
                            continue;
                        }
                        FUZZ_CHECK(finished(id));
                        nq_subcount c = recorded(id);
                        sum.total += c.total;
                        sum.sym180 += c.sym180;
                        sum.sym90 += c.sym90;
                    }
                    FUZZ_CHECK(open_info.sum.total == sum.total);
                    FUZZ_CHECK(open_info.sum.sym180 == sum.sym180);
                    FUZZ_CHECK(open_info.sum.sym90 == sum.sym90);
                }
            }
            free(ids);
            nq_checkpoint_close(cp);
        } else {
            size_t after_len = 0;
            unsigned char *after = fuzz_read_file(path, &after_len);
            FUZZ_CHECK(after_len == before_len &&
                       memcmp(after, before, before_len) == 0);
            free(after);
        }
    }
    free(before);
    remove_files();
    return 0;
}
