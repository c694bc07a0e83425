/*
 * test_cli_format_stream.c - the one callback that writes the solutions of
 * `solve` and `complete` (cli/output/format_table.c): it writes exactly
 * --limit solutions (none for 0) and stops on the last; an SVG without
 * --limit stops, writing nothing more, once it holds
 * SVG_DEFAULT_MAX_BOARDS; a deadline stops it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "output/format.h"
#include "testutil.h"

static const int queens8[8] = {0, 4, 7, 5, 2, 6, 1, 3};

/* A stream of vectors of 8 into a file of its own. */
struct fixture {
    char path[64];
    struct writer out;
    struct format_stream s;
};

static void open_stream(struct fixture *f, const struct output_format *format,
                        uint64_t limit)
{
    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "/tmp/nq-format-stream-%ld.txt",
             (long)getpid());
    assert_int_equal(writer_open(&f->out, f->path), 0);
    f->s.format = format;
    f->s.limit = limit;
    deadline_start(&f->s.deadline, 0);
    f->s.run.out = &f->out;
    f->s.run.n = 8;
    f->s.run.base = 1;
    f->s.run.style = &board_style_default;
}

/* Ends the stream and returns the lines written. */
static int close_stream(struct fixture *f)
{
    f->s.run.abandon = f->s.svg_overflow;
    (void)f->s.format->end(&f->s.run);
    assert_int_equal(writer_close(&f->out, true), 0);
    FILE *in = fopen(f->path, "r");
    int lines = 0;
    if (in != NULL) {
        for (int c = fgetc(in); c != EOF; c = fgetc(in))
            lines += c == '\n';
        fclose(in);
    }
    remove(f->path);
    return lines;
}

static void test_limit(void **state)
{
    (void)state;
    for (uint64_t limit = 0; limit <= 3; limit++) {
        struct fixture f;
        open_stream(&f, &format_vector, limit);
        assert_int_equal(format_vector.begin(&f.s.run), 0);
        for (uint64_t i = 1; i <= 5; i++) {
            int stop = format_stream_write(queens8, 8, &f.s);
            /* Goes on before the limit, stops on it and after it. */
            assert_int_equal(stop != 0, i >= limit);
        }
        assert_int_equal(f.s.run.index, limit);
        assert_false(f.s.svg_overflow);
        assert_int_equal(close_stream(&f), (int)limit);
    }
}

static void test_svg_cap(void **state)
{
    (void)state;
    struct fixture f;
    open_stream(&f, &format_svg, UINT64_MAX);
    assert_int_equal(format_svg.begin(&f.s.run), 0);
    for (int i = 0; i < SVG_DEFAULT_MAX_BOARDS; i++)
        assert_int_equal(format_stream_write(queens8, 8, &f.s), 0);
    assert_false(f.s.svg_overflow);
    /* One more is one too many: nothing written, the stream stops. */
    assert_int_not_equal(format_stream_write(queens8, 8, &f.s), 0);
    assert_true(f.s.svg_overflow);
    assert_int_equal(f.s.run.index, SVG_DEFAULT_MAX_BOARDS);
    (void)close_stream(&f);

    /* With a limit the cap is the limit's. */
    open_stream(&f, &format_svg, SVG_DEFAULT_MAX_BOARDS + 1);
    assert_int_equal(format_svg.begin(&f.s.run), 0);
    for (int i = 0; i < SVG_DEFAULT_MAX_BOARDS; i++)
        assert_int_equal(format_stream_write(queens8, 8, &f.s), 0);
    assert_int_not_equal(format_stream_write(queens8, 8, &f.s), 0);
    assert_false(f.s.svg_overflow);
    assert_int_equal(f.s.run.index, SVG_DEFAULT_MAX_BOARDS + 1);
    (void)close_stream(&f);
}

static void test_deadline(void **state)
{
    (void)state;
    struct fixture f;
    open_stream(&f, &format_vector, UINT64_MAX);
    assert_int_equal(format_vector.begin(&f.s.run), 0);
    assert_int_equal(format_stream_write(queens8, 8, &f.s), 0);
    deadline_start(&f.s.deadline, 1e-9); /* passed by the next look */
    struct timespec wait = {0, 1000000};
    nanosleep(&wait, NULL);
    assert_int_not_equal(format_stream_write(queens8, 8, &f.s), 0);
    assert_true(f.s.deadline.passed);
    assert_int_equal(close_stream(&f), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limit),
        cmocka_unit_test(test_svg_cap),
        cmocka_unit_test(test_deadline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
