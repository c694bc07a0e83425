/*
 * test_cli_writer.c - the tool's output writer (cli/output/writer.c) keeps its
 * promise that no run leaves a partial file under the name asked for:
 * nothing at all when the output fails or is abandoned, the whole output
 * when it succeeds, devices written in place and never replaced, and an
 * unusable -o path refused before any work. Errors go to stderr as the
 * tool's one-line messages (not checked here: the CLI tests do).
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/messages.h"
#include "output/writer.h"
#include "testutil.h"

/* A fresh scratch folder per test, removed with all it holds (files
 * only: the tests make no sub-folders). */
static int make_scratch(void **state)
{
    char *dir = strdup("/tmp/nq-writer-XXXXXX");
    if (dir == NULL)
        return -1;
    if (mkdtemp(dir) == NULL) {
        free(dir);
        return -1;
    }
    *state = dir;
    return 0;
}

static int remove_scratch(void **state)
{
    char *dir = *state;
    DIR *d = opendir(dir);
    int rc = d == NULL ? -1 : 0;
    const struct dirent *entry;
    while (d != NULL && (entry = readdir(d)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        if (unlink(path) != 0)
            rc = -1;
    }
    if (d != NULL)
        closedir(d);
    if (rmdir(dir) != 0)
        rc = -1;
    free(dir);
    return rc;
}

/* How many entries the folder holds (besides . and ..). */
static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int count = 0;
    const struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0)
            count++;
    }
    closedir(d);
    return count;
}

/* The whole content of a file, NUL-terminated; caller frees. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    return strdup(buf);
}

static void path_in(char *out, size_t size, const char *dir, const char *name)
{
    snprintf(out, size, "%s/%s", dir, name);
}

static void test_complete_output_is_renamed_into_place(void **state)
{
    const char *dir = *state;
    char path[512];
    path_in(path, sizeof path, dir, "out.txt");
    struct writer w;
    assert_int_equal(writer_open(&w, path), 0);
    /* More than the buffer holds, so that it is flushed on the way. */
    for (int i = 0; i < 100000; i++)
        writer_puts(&w, "0123456789\n");
    /* Until the close, the final name does not exist: a reader never
     * sees a half-written file under it. */
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(writer_close(&w, true), 0);
    assert_int_equal(count_entries(dir), 1);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_size, 100000 * 11);
}

/* A big output in pieces of every size, its length no whole number of
 * blocks: every byte arrives, in order, written around the page cache or
 * not (where the file system refuses it; the last partial block goes out
 * at the close). */
/* Pieces of every size up to 5000 bytes, and now and then one bigger
 * than half the buffer (written past it). */
static size_t piece_length(int i)
{
    return i % 50 == 49 ? 200000 - (size_t)i : (size_t)(i * 7919 % 5000);
}

static void big_output_arrives_whole(const char *dir, bool direct)
{
    char path[512];
    path_in(path, sizeof path, dir, "big.txt");
    struct writer w;
    assert_int_equal(writer_open(&w, path), 0);
    if (direct)
        writer_direct(&w);
    static char piece[200000];
    size_t total = 0;
    uint32_t x = 1;
    for (int i = 0; total < ((size_t)3 << 20); i++) {
        size_t len = piece_length(i);
        for (size_t k = 0; k < len; k++) {
            x = x * 1103515245u + 12345u;
            piece[k] = (char)(x >> 24);
        }
        writer_put(&w, piece, len);
        if (i % 97 == 0)
            writer_flush(&w); /* a flush at any point keeps the order */
        total += len;
    }
    writer_putc(&w, '!');
    total++;
    assert_int_equal(writer_close(&w, true), 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    x = 1;
    size_t at = 0;
    for (int i = 0; at + 1 < total; i++) {
        size_t len = piece_length(i);
        for (size_t k = 0; k < len; k++, at++) {
            x = x * 1103515245u + 12345u;
            assert_int_equal(fgetc(f), (unsigned char)(x >> 24));
        }
    }
    assert_int_equal(fgetc(f), '!');
    assert_int_equal(fgetc(f), EOF);
    fclose(f);
    unlink(path);
}

static void test_big_output_arrives_whole(void **state)
{
    big_output_arrives_whole(*state, false);
    big_output_arrives_whole(*state, true);
}

/* Asked for after the first byte, or for standard output, direct writes
 * are not taken: nothing changes. */
static void test_late_direct_changes_nothing(void **state)
{
    char path[512];
    path_in(path, sizeof path, *state, "late.txt");
    struct writer w;
    assert_int_equal(writer_open(&w, path), 0);
    writer_puts(&w, "abc\n");
    writer_direct(&w);
    assert_false(w.direct);
    writer_puts(&w, "def\n");
    assert_int_equal(writer_close(&w, true), 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[16] = {0};
    assert_int_equal(fread(text, 1, sizeof text, f), 8);
    assert_string_equal(text, "abc\ndef\n");
    fclose(f);
    unlink(path);
    struct writer out;
    assert_int_equal(writer_open(&out, NULL), 0);
    writer_direct(&out);
    assert_false(out.direct);
    assert_int_equal(writer_close(&out, true), 0);
}

static void test_abandoned_output_leaves_nothing(void **state)
{
    const char *dir = *state;
    char path[512];
    path_in(path, sizeof path, dir, "out.txt");
    struct writer w;
    assert_int_equal(writer_open(&w, path), 0);
    for (int i = 0; i < 100000; i++)
        writer_puts(&w, "0123456789\n");
    assert_int_equal(writer_close(&w, false), 0);
    assert_int_equal(count_entries(dir), 0);
}

static void test_abandoned_output_keeps_the_old_file(void **state)
{
    const char *dir = *state;
    char path[512];
    path_in(path, sizeof path, dir, "out.txt");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("old\n", f);
    fclose(f);

    struct writer w;
    assert_int_equal(writer_open(&w, path), 0);
    writer_puts(&w, "new\n");
    assert_int_equal(writer_close(&w, false), 0);
    char *text = slurp(path);
    assert_string_equal(text, "old\n");
    free(text);
    assert_int_equal(count_entries(dir), 1);

    assert_int_equal(writer_open(&w, path), 0);
    writer_puts(&w, "new\n");
    assert_int_equal(writer_close(&w, true), 0);
    text = slurp(path);
    assert_string_equal(text, "new\n");
    free(text);
    assert_int_equal(count_entries(dir), 1);
}

static void test_missing_folder_is_refused_at_open(void **state)
{
    const char *dir = *state;
    char path[512];
    path_in(path, sizeof path, dir, "no/such/folder/out.txt");
    struct writer w;
    assert_int_equal(writer_open(&w, path), EXIT_USAGE);
    assert_int_equal(count_entries(dir), 0);
}

static void test_folder_as_output_is_refused_at_open(void **state)
{
    const char *dir = *state;
    struct writer w;
    assert_int_equal(writer_open(&w, dir), EXIT_USAGE);
    assert_int_equal(count_entries(dir), 0);
}

static void test_file_as_folder_is_refused_at_open(void **state)
{
    const char *dir = *state;
    char file[512];
    char path[600];
    path_in(file, sizeof file, dir, "file");
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/out.txt", file);
    struct writer w;
    assert_int_equal(writer_open(&w, path), EXIT_USAGE);
    assert_int_equal(count_entries(dir), 1);
}

static void test_full_device_is_an_error_and_stays_a_device(void **state)
{
    (void)state;
    struct stat st;
    if (stat("/dev/full", &st) != 0)
        skip();
    struct writer w;
    assert_int_equal(writer_open(&w, "/dev/full"), 0);
    for (int i = 0; i < 100000; i++)
        writer_puts(&w, "0123456789\n");
    assert_int_equal(writer_close(&w, true), EXIT_USAGE);
    assert_int_equal(stat("/dev/full", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

static void test_null_device_is_written_in_place(void **state)
{
    (void)state;
    struct writer w;
    assert_int_equal(writer_open(&w, "/dev/null"), 0);
    writer_puts(&w, "nothing\n");
    assert_int_equal(writer_close(&w, true), 0);
    struct stat st;
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

static void test_standard_output_names(void **state)
{
    (void)state;
    /* NULL and "-" both mean standard output: no file is involved. */
    struct writer w;
    assert_int_equal(writer_open(&w, "-"), 0);
    assert_null(w.path);
    assert_int_equal(w.fd, STDOUT_FILENO);
    assert_int_equal(writer_close(&w, false), 0);
    assert_int_equal(writer_open(&w, NULL), 0);
    assert_null(w.tmp_path);
    assert_int_equal(writer_close(&w, false), 0);
}

/* A slow stream shows its records within about a tenth of a second, not
 * in batches: 40 records through a pipe, one every 10 ms (or more on a
 * busy machine). By the last one, all but those of the last tenth of a
 * second have gone out; once the first bytes were out, the writer looked
 * at the clock only every 64 records and held the 30 after them. */
static void test_slow_records_go_out_soon(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    assert_int_equal(fcntl(fds[0], F_SETFL, O_NONBLOCK), 0);
    char path[64];
    snprintf(path, sizeof path, "/dev/fd/%d", fds[1]);
    struct writer w;
    assert_int_equal(writer_open(&w, path), 0);
    const struct timespec pause = {.tv_sec = 0, .tv_nsec = 10000000L};
    for (int i = 0; i < 40; i++) {
        writer_puts(&w, "1 3 5 2 4\n");
        writer_record_end(&w);
        nanosleep(&pause, NULL);
    }
    char buf[4096];
    ssize_t got = read(fds[0], buf, sizeof buf);
    int lines = 0;
    for (ssize_t i = 0; i < got; i++)
        lines += buf[i] == '\n';
    assert_in_range(lines, 25, 40);
    assert_int_equal(writer_close(&w, true), 0);
    close(fds[0]);
    close(fds[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            test_complete_output_is_renamed_into_place, make_scratch,
            remove_scratch),
        cmocka_unit_test_setup_teardown(test_abandoned_output_leaves_nothing,
                                        make_scratch, remove_scratch),
        cmocka_unit_test_setup_teardown(
            test_abandoned_output_keeps_the_old_file, make_scratch,
            remove_scratch),
        cmocka_unit_test_setup_teardown(test_missing_folder_is_refused_at_open,
                                        make_scratch, remove_scratch),
        cmocka_unit_test_setup_teardown(
            test_folder_as_output_is_refused_at_open, make_scratch,
            remove_scratch),
        cmocka_unit_test_setup_teardown(test_file_as_folder_is_refused_at_open,
                                        make_scratch, remove_scratch),
        cmocka_unit_test(test_full_device_is_an_error_and_stays_a_device),
        cmocka_unit_test(test_null_device_is_written_in_place),
        cmocka_unit_test_setup_teardown(test_big_output_arrives_whole,
                                        make_scratch, remove_scratch),
        cmocka_unit_test_setup_teardown(test_late_direct_changes_nothing,
                                        make_scratch, remove_scratch),
        cmocka_unit_test(test_standard_output_names),
        cmocka_unit_test(test_slow_records_go_out_soon),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
