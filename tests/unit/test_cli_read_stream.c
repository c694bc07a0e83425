/*
 * test_cli_read_stream.c - the reader of streams of placements
 * (cli/input/read_stream.c): each format the tool writes is cut into the right
 * records with the right numbers and lines, the format is recognised or
 * forced, and malformed records are named by line and column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/read_stream.h"
#include "nqueens.h"
#include "testutil.h"

/* The two solutions of n = 4, 0-based. */
static const int four[2][4] = {{1, 3, 0, 2}, {2, 0, 3, 1}};

struct read_all {
    int records;
    int cols[8][8];
    int n[8];
    long long line[8];
    int rc;                     /* the last code: 0 at the end */
    struct placement_error err; /* when rc < 0 */
    enum stream_format format;
};

/* Reads every record of `text` (at most 8). */
static void read_text_all(const char *text, const struct stream_options *o,
                          struct read_all *out)
{
    memset(out, 0, sizeof *out);
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(f);
    struct stream_reader *r = stream_reader_new(f, o);
    assert_non_null(r);
    for (;;) {
        struct stream_record rec;
        int rc = stream_next(r, &rec, &out->err);
        out->rc = rc;
        if (rc != 1)
            break;
        assert_true(out->records < 8);
        assert_int_equal(rec.number, out->records + 1);
        assert_true(rec.placement.n <= 8);
        out->n[out->records] = rec.placement.n;
        out->line[out->records] = rec.line;
        memcpy(out->cols[out->records], rec.placement.cols,
               sizeof(int) * (size_t)rec.placement.n);
        placement_free(&rec.placement);
        out->records++;
    }
    out->format = stream_reader_format(r);
    stream_reader_free(r);
    fclose(f);
}

static void defaults(struct stream_options *o)
{
    memset(o, 0, sizeof *o);
    placement_options_init(&o->read);
}

/* `text` reads as the two solutions of 4, in `format`, starting on the
 * lines given. */
static void expect_four(const char *text, const struct stream_options *o,
                        enum stream_format format, long long line1,
                        long long line2)
{
    struct read_all all;
    read_text_all(text, o, &all);
    if (all.rc != 0)
        fail_msg("'%s': %d at %lld:%lld: %s", text, all.rc, all.err.line,
                 all.err.column, all.err.message);
    assert_int_equal(all.format, format);
    assert_int_equal(all.records, 2);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(all.n[k], 4);
        assert_memory_equal(all.cols[k], four[k], sizeof four[k]);
    }
    assert_int_equal(all.line[0], line1);
    assert_int_equal(all.line[1], line2);
}

static void test_each_format(void **state)
{
    (void)state;
    struct stream_options o;
    defaults(&o);
    expect_four("2 4 1 3\n3 1 4 2\n", &o, STREAM_VECTOR, 1, 2);
    expect_four("\n2,4,1,3\r\n\n3,1,4,2", &o, STREAM_VECTOR, 2, 4);
    expect_four("{\"n\":4,\"index\":1,\"queens\":[2,4,1,3]}\n"
                "{\"n\":4,\"index\":2,\"queens\":[3,1,4,2]}\n",
                &o, STREAM_JSON, 1, 2);
    /* trace --json: only the solutions are placements. */
    expect_four("{\"event\":\"place\",\"row\":1,\"queens\":[1]}\n"
                "{\"event\":\"conflict\",\"with\":{\"row\":1,\"col\":1},"
                "\"queens\":[1]}\n"
                "{\"event\":\"solution\",\"queens\":[2,4,1,3]}\n"
                "{\"queens\":[3, 1, 4, 2], \"note\":\"a \\\"}\"}\n",
                &o, STREAM_JSON, 3, 4);
    expect_four("index,row1,row2,row3,row4\n1,2,4,1,3\n2,3,1,4,2\n", &o,
                STREAM_CSV, 2, 3);
    expect_four("row1,row2,row3,row4\n2,4,1,3\n3,1,4,2\n", &o, STREAM_CSV, 2,
                3);
    expect_four("Solution 1:\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n"
                "Solution 2:\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n"
                "2 solutions in total.\n",
                &o, STREAM_BOARD, 2, 8);
    /* Boards back to back, no titles or blank lines. */
    expect_four(".Q..\n...Q\nQ...\n..Q.\n..Q.\nQ...\n...Q\n.Q..\n", &o,
                STREAM_BOARD, 1, 5);
    expect_four("0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n"
                "[0, 0, 1, 0],\n[1, 0, 0, 0],\n[0, 0, 0, 1],\n[0, 1, 0, 0]\n",
                &o, STREAM_MATRIX, 1, 6);
    expect_four("\xEF\xBB\xBF"
                "2 4 1 3\n3 1 4 2\n",
                &o, STREAM_VECTOR, 1, 2);
    o.read.base = 0;
    expect_four("1 3 0 2\n2 0 3 1\n", &o, STREAM_VECTOR, 1, 2);
    o.read.base = 1;
    o.queen = "\xE2\x99\x9B"; /* U+265B, the black queen */
    o.empty = "o";
    expect_four("Solution 1:\no \xE2\x99\x9B o o\no o o \xE2\x99\x9B\n"
                "\xE2\x99\x9B o o o\no o \xE2\x99\x9B o\n\n"
                "Solution 2:\no o \xE2\x99\x9B o\n\xE2\x99\x9B o o o\n"
                "o o o \xE2\x99\x9B\no \xE2\x99\x9B o o\n",
                &o, STREAM_BOARD, 2, 8);
}

/* A first line of one number: the whole input is one vector. */
static void test_whole_vector(void **state)
{
    (void)state;
    struct stream_options o;
    defaults(&o);
    struct read_all all;
    read_text_all("2\n4\n\n1 3\n", &o, &all);
    assert_int_equal(all.rc, 0);
    assert_int_equal(all.records, 1);
    assert_int_equal(all.n[0], 4);
    assert_memory_equal(all.cols[0], four[0], sizeof four[0]);
}

static void test_forced_format(void **state)
{
    (void)state;
    struct stream_options o;
    defaults(&o);
    enum stream_format f = STREAM_AUTO;
    assert_true(stream_format_parse("matrix", &f));
    assert_int_equal(f, STREAM_MATRIX);
    assert_false(stream_format_parse("yaml", &f));
    /* A matrix row forced to be a vector: 0 is no column. */
    o.format = STREAM_VECTOR;
    struct read_all all;
    read_text_all("0 1 0 0\n", &o, &all);
    assert_int_equal(all.rc, NQ_E_PARSE);
    assert_int_equal(all.err.line, 1);
    assert_int_equal(all.err.column, 1);
    o.format = STREAM_JSON;
    read_text_all("2 4 1 3\n", &o, &all);
    assert_int_equal(all.rc, NQ_E_PARSE);
    assert_string_equal(all.err.message, "a JSON line holds one object");
}

/* Partial placements as vectors: `.` is a row without a queen, on any
 * line, even a line of nothing else (which would read as a board row). */
static void test_vectors_with_empty_rows(void **state)
{
    (void)state;
    struct stream_options o;
    defaults(&o);
    o.read.allow_empty_rows = true;
    struct read_all all;
    read_text_all("2 . 1 .\n. .\n.\n", &o, &all);
    if (all.rc != 0)
        fail_msg("%d at %lld:%lld: %s", all.rc, all.err.line, all.err.column,
                 all.err.message);
    assert_int_equal(all.format, STREAM_VECTOR);
    assert_int_equal(all.records, 3);
    static const int first[4] = {1, -1, 0, -1};
    assert_int_equal(all.n[0], 4);
    assert_memory_equal(all.cols[0], first, sizeof first);
    assert_int_equal(all.n[1], 2);
    assert_int_equal(all.cols[1][0], -1);
    assert_int_equal(all.cols[1][1], -1);
    assert_int_equal(all.n[2], 1);
    assert_int_equal(all.cols[2][0], -1);
    /* Forced, the first line too is a vector. */
    o.format = STREAM_VECTOR;
    read_text_all(". .\n2 .\n", &o, &all);
    assert_int_equal(all.rc, 0);
    assert_int_equal(all.records, 2);
    assert_int_equal(all.n[0], 2);
    assert_int_equal(all.cols[1][0], 1);
}

/* Errors are placed where they are in the stream. */
static void test_errors(void **state)
{
    (void)state;
    struct stream_options o;
    defaults(&o);
    struct read_all all;
    read_text_all("{\"queens\":[2,4,1,3]}\n{\"queens\":[3,1,5,2]}\n", &o, &all);
    assert_int_equal(all.records, 1);
    assert_int_equal(all.rc, NQ_E_PARSE);
    assert_int_equal(all.err.line, 2);
    assert_int_equal(all.err.column, 16);
    read_text_all("{\"queens\":[2,4,1,3]} x\n", &o, &all);
    assert_int_equal(all.rc, NQ_E_PARSE);
    assert_int_equal(all.err.column, 22);
    read_text_all("index,row1,row2,row3,row4\n1,2,4,1,3\nx,3,1,4,2\n", &o,
                  &all);
    assert_int_equal(all.records, 1);
    assert_int_equal(all.rc, NQ_E_PARSE);
    assert_int_equal(all.err.line, 3);
    read_text_all("index,row1,row2,row3,row4\n1,2,4,1\n", &o, &all);
    assert_int_equal(all.rc, NQ_E_PARSE);
    assert_string_equal(all.err.message, "3 values, expected 4");
    /* A board row with two queens: that record is invalid, the next one is
     * read. */
    FILE *f = fmemopen((void *)"QQ\n..\n\nQ\n", 9, "r");
    assert_non_null(f);
    struct stream_reader *r = stream_reader_new(f, &o);
    struct stream_record rec;
    struct placement_error err;
    assert_int_equal(stream_next(r, &rec, &err), NQ_E_CONFLICT);
    assert_int_equal(rec.number, 1);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 2);
    assert_int_equal(stream_next(r, &rec, &err), 1);
    assert_int_equal(rec.number, 2);
    assert_int_equal(rec.placement.n, 1);
    placement_free(&rec.placement);
    assert_int_equal(stream_next(r, &rec, &err), 0);
    stream_reader_free(r);
    fclose(f);
}

/* Two reads of the same text gave the same records, codes and errors. */
static void expect_same(const char *text, const struct read_all *a,
                        const struct read_all *b, size_t long_line)
{
    if (a->rc != b->rc || a->records != b->records || a->format != b->format ||
        a->err.line != b->err.line || a->err.column != b->err.column ||
        strcmp(a->err.message, b->err.message) != 0)
        fail_msg("'%s' with lines of %zu bytes in pieces: %d records, rc "
                 "%d at %lld:%lld '%s'; whole: %d records, rc %d at "
                 "%lld:%lld '%s'",
                 text, long_line, b->records, b->rc, b->err.line, b->err.column,
                 b->err.message, a->records, a->rc, a->err.line, a->err.column,
                 a->err.message);
    for (int k = 0; k < a->records; k++) {
        assert_int_equal(a->n[k], b->n[k]);
        assert_int_equal(a->line[k], b->line[k]);
        assert_memory_equal(a->cols[k], b->cols[k],
                            sizeof(int) * (size_t)a->n[k]);
    }
}

/* A vector line too long to be held whole is read in pieces (here from
 * a few bytes on, where the tool starts at 1 MiB) to the same records and
 * the same errors, at the same places, as when held whole; the other
 * formats' lines are not cut. */
static void test_long_lines(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "2 4 1 3\n3 1 4 2\n",
        "2 4 1 3\r\n3 1 4 2\r\n",
        "\357\273\2772 4 1 3\n3 1 4 2", /* a byte-order mark first */
        "2,4,1,3\n\n   \n3, 1, 4, 2\n",
        "2 4 1 3\n3 1 4 2 9\n",
        "2 4 1 3\n3 1 x 2\n",
        "2 4 1 3\n3 1 0 2\n",
        "2 4 1 3\n3 1 4 99999999999\n",
        "2 4 1 3\n3 1 4 -2\n",
        "2 4 1 3\n1 2 3 4\n3 1 4 2\n",
        "2 4 1 3\n3 1 4\n",
        "4\n2 4 1 3\n",
        "1 3 5 2 4\n",
        "2 4 . 3\n. . 1 3\n",
        ". . 4 1\n",
        "{\"queens\":[2,4,1,3]}\n{\"queens\":[3,1,4,2]}\n",
        "index,row1,row2,row3,row4\n1,2,4,1,3\n2,3,1,4,2\n",
        "Solution 1:\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n",
        ". Q . .\n. . . Q\nQ . . .\n. . Q .\n",
        "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n",
        "0,53 000\r,\r\r",
        "2 4 1 3\r\n3 1 4\r\n",
        "2 4 1 3\r\n3 1 4\r",
        "2 4 1 3\r\n3 1 4 \r\r\n",
    };
    static const enum stream_format formats[] = {STREAM_AUTO, STREAM_VECTOR};
    static const size_t cuts[] = {1, 2, 3, 4, 5, 6, 7, 8};
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        for (size_t f = 0; f < 2; f++) {
            for (int empty = 0; empty < 2; empty++) {
                struct stream_options o;
                defaults(&o);
                o.format = formats[f];
                o.read.allow_empty_rows = empty;
                o.read.base = empty; /* 0-based with empty rows */
                o.read.expected_n = empty ? 4 : 0;
                struct read_all whole, pieces;
                read_text_all(texts[t], &o, &whole);
                for (size_t c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
                    o.long_line = cuts[c];
                    read_text_all(texts[t], &o, &pieces);
                    expect_same(texts[t], &whole, &pieces, cuts[c]);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_format),
        cmocka_unit_test(test_whole_vector),
        cmocka_unit_test(test_forced_format),
        cmocka_unit_test(test_vectors_with_empty_rows),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_long_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
