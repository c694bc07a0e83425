/*
 * test_read_placement.c - the tool's reader of vectors and boards
 * (cli/input/read_placement.c): what it accepts, what it refuses and where it
 * says the problem is, whole buffers against the same text read from a file
 * in blocks, and random junk that must never crash it.
 *
 * The reader belongs to the tool, not to the library, so its source is
 * compiled into this test directly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/input/read_placement.c"
#include "testutil.h"

static const int eight[8] = {0, 4, 7, 5, 2, 6, 1, 3}; /* 1 5 8 6 3 7 2 4 */

/* Reads `text` from a buffer and, through a temporary file, from a stream;
 * both must agree. Returns the code; `out` is filled on success. */
static int read_both(const char *text, const struct placement_options *o,
                     struct placement *out, struct placement_error *err)
{
    size_t len = strlen(text);
    int rc = placement_read_buffer(text, len, o, out, err);

    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    rewind(f);
    struct placement again;
    struct placement_error err2;
    int rc2 = placement_read_file(f, o, &again, &err2);
    fclose(f);
    assert_int_equal(rc2, rc);
    if (rc == 0) {
        assert_int_equal(again.n, out->n);
        assert_int_equal(again.format, out->format);
        assert_memory_equal(again.cols, out->cols,
                            sizeof(int) * (size_t)out->n);
        placement_free(&again);
    } else {
        assert_int_equal(err2.line, err->line);
        assert_int_equal(err2.column, err->column);
        assert_string_equal(err2.message, err->message);
    }
    return rc;
}

static void expect_eight(const char *text, int base, enum placement_format fmt)
{
    struct placement_options o;
    placement_options_init(&o);
    o.base = base;
    struct placement p;
    struct placement_error e;
    int rc = read_both(text, &o, &p, &e);
    if (rc != 0)
        fail_msg("'%s': %d at %lld:%lld: %s", text, rc, e.line, e.column,
                 e.message);
    assert_int_equal(p.n, 8);
    assert_int_equal(p.format, fmt);
    assert_memory_equal(p.cols, eight, sizeof eight);
    placement_free(&p);
}

static void test_vectors(void **state)
{
    (void)state;
    expect_eight("1 5 8 6 3 7 2 4\n", 1, PLACEMENT_VECTOR);
    expect_eight("1 5 8 6 3 7 2 4", 1, PLACEMENT_VECTOR);
    expect_eight("1,5,8,6,3,7,2,4\n", 1, PLACEMENT_VECTOR);
    expect_eight("  1, 5, 8, 6,\r\n3, 7, 2, 4,\r\n\r\n", 1, PLACEMENT_VECTOR);
    expect_eight("\n\n1\n5\n8\n6\n3\n7\n2\n4\n\n", 1, PLACEMENT_VECTOR);
    expect_eight("\t1\t5 8 6 3 7 2 04", 1, PLACEMENT_VECTOR);
    expect_eight("0 4 7 5 2 6 1 3\n", 0, PLACEMENT_VECTOR);
    expect_eight("0,4,7,5,2,6,1,3", 0, PLACEMENT_VECTOR);
    expect_eight("Solution 1:\n1 5 8 6 3 7 2 4\n", 1, PLACEMENT_VECTOR);
}

static void test_boards(void **state)
{
    (void)state;
    const char *spaced = "Q . . . . . . .\n"
                         ". . . . Q . . .\n"
                         ". . . . . . . Q\n"
                         ". . . . . Q . .\n"
                         ". . Q . . . . .\n"
                         ". . . . . . Q .\n"
                         ". Q . . . . . .\n"
                         ". . . Q . . . .\n";
    expect_eight(spaced, 1, PLACEMENT_BOARD);
    expect_eight(spaced, 0, PLACEMENT_BOARD); /* base is for vectors only */
    const char *compact = "Qxxxxxxx\r\nxxxxQxxx\r\nxxxxxxxQ\r\nxxxxxQxx\r\n"
                          "xxQxxxxx\r\nxxxxxxQx\r\nxQxxxxxx\r\nxxxQxxxx";
    expect_eight(compact, 1, PLACEMENT_BOARD);
    const char *mixed =
        "\n\nSolution 7:\n\nq#######\n0000q000\n-------q\n"
        "_____q__\n..q.....\n######q#\n0q000000\n---q----\n\n\n";
    expect_eight(mixed, 1, PLACEMENT_BOARD);
}

/* A first row that starts with zeros or dashes is held back, then
 * recognised by its queen. */
static void test_board_held_back_start(void **state)
{
    (void)state;
    struct placement p;
    struct placement_error e;
    const char *text = "- - 0 Q\nQ - - -\n- - - Q\n- Q - -\n";
    assert_int_equal(read_both(text, NULL, &p, &e), 0);
    assert_int_equal(p.n, 4);
    assert_int_equal(p.format, PLACEMENT_BOARD);
    int want[4] = {3, 0, 3, 1};
    assert_memory_equal(p.cols, want, sizeof want);
    placement_free(&p);

    /* One cell, one queen; one number. */
    assert_int_equal(read_both("Q", NULL, &p, &e), 0);
    assert_int_equal(p.n, 1);
    assert_int_equal(p.cols[0], 0);
    assert_int_equal(p.format, PLACEMENT_BOARD);
    placement_free(&p);
    assert_int_equal(read_both("1\n", NULL, &p, &e), 0);
    assert_int_equal(p.n, 1);
    assert_int_equal(p.cols[0], 0);
    assert_int_equal(p.format, PLACEMENT_VECTOR);
    placement_free(&p);
}

static void test_empty_rows(void **state)
{
    (void)state;
    struct placement_options o;
    placement_options_init(&o);
    o.allow_empty_rows = true;
    struct placement p;
    struct placement_error e;
    const char *text = ". Q . .\n. . . .\n. . . .\nQ . . .\n";
    assert_int_equal(read_both(text, &o, &p, &e), 0);
    int want[4] = {1, -1, -1, 0};
    assert_int_equal(p.n, 4);
    assert_memory_equal(p.cols, want, sizeof want);
    placement_free(&p);

    /* The same board without the option is refused at the empty row. */
    assert_int_equal(read_both(text, NULL, &p, &e), NQ_E_PARSE);
    assert_int_equal(e.line, 2);
    assert_string_equal(e.message, "row 2 holds no queen");
}

/* One refused input: the code, where, and the words. */
struct bad_case {
    const char *text;
    int base;
    int expected_n;
    int code;
    long long line, column;
    const char *message; /* a part of the message */
};

static const struct bad_case bad_cases[] = {
    {"", 1, 0, NQ_E_PARSE, 1, 1, "no placement given"},
    {"\n  \n", 1, 0, NQ_E_PARSE, 2, 1, "no placement given"},
    {"1 2 x", 1, 0, NQ_E_PARSE, 1, 5, "unexpected 'x'"},
    {"1 2 3\n4 5 ?\n", 1, 0, NQ_E_PARSE, 2, 5, "unexpected '?'"},
    {"1 2 3 4 5 6 7 9\n", 1, 0, NQ_E_PARSE, 1, 15, "9 is off the board"},
    {"1 9 3 4 5 6 7 8\n", 1, 0, NQ_E_PARSE, 1, 3, "columns 1 to 8"},
    {"0 1 2", 1, 0, NQ_E_PARSE, 1, 1, "use --base 0"},
    {"0 1 3", 0, 0, NQ_E_PARSE, 1, 5, "3 is off the board"},
    {"1 -2 3", 1, 0, NQ_E_PARSE, 1, 3, "negative"},
    {"1,,2", 1, 0, NQ_E_PARSE, 1, 3, "a comma must follow a number"},
    {",1,2", 1, 0, NQ_E_PARSE, 1, 1, "a comma must follow a number"},
    {"1 2 99999999999", 1, 0, NQ_E_PARSE, 1, 5, "too large"},
    {"2 4 1 3", 1, 5, NQ_E_PARSE, 1, 8, "4 values, expected 5"},
    /* After a final newline, the end of the line before it. */
    {"2 4 1 3\n", 1, 5, NQ_E_PARSE, 1, 8, "4 values, expected 5"},
    {"2\n4\n\n", 1, 5, NQ_E_PARSE, 3, 1, "2 values, expected 5"},
    {"2 4 1 3 5 7", 1, 5, NQ_E_PARSE, 1, 11, "more than the 5 values"},
    {"1 2\0 3", 1, 0, NQ_E_PARSE, 1, 4, "byte \\x00"},
    {"Q . .\n. . Q\n", 1, 0, NQ_E_PARSE, 2, 6, "2 rows of 3 cells"},
    {"Q . .\n. Q\n", 1, 0, NQ_E_PARSE, 2, 4, "row 2 has 2 cells, row 1 has 3"},
    {"Q . .\n. . . Q\n", 1, 0, NQ_E_PARSE, 2, 7, "more than the 3 cells"},
    {"Q .\n. Q\nQ .\n", 1, 0, NQ_E_PARSE, 3, 1, "more rows than the 2"},
    {"Q . . .\n. Q Q .\n", 1, 0, NQ_E_CONFLICT, 2, 5, "second queen"},
    {". Q\nQ .\n\nQ .\n", 1, 0, NQ_E_PARSE, 4, 1, "after the blank line"},
    {"Q . y\n", 1, 0, NQ_E_PARSE, 1, 5, "unexpected 'y'"},
    {"Q 1\n", 1, 0, NQ_E_PARSE, 1, 3, "unexpected '1'"},
    {"Q . .\n. . Q\n. Q .\n", 1, 4, NQ_E_PARSE, 1, 6, "expected 4"},
    {"Solution one:\nQ\n", 1, 0, NQ_E_PARSE, 1, 1, "Solution K:"},
    {"Solution 1:\nSolution 2:\nQ\n", 1, 0, NQ_E_PARSE, 2, 1, "unexpected 'S'"},
    {"Solution 1:\n", 1, 0, NQ_E_PARSE, 1, 1, "no placement given"},
    {"[1, 2]", 1, 0, NQ_E_PARSE, 1, 1, "unexpected '['"},
    {"00 0\n0 0 0", 1, 0, NQ_E_PARSE, 1, 1, "use --base 0"},
};

static void test_refusals(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad_case *c = &bad_cases[i];
        struct placement_options o;
        placement_options_init(&o);
        o.base = c->base;
        o.expected_n = c->expected_n;
        struct placement p;
        struct placement_error e;
        /* The NUL case is 6 bytes long; every other text ends at its NUL. */
        size_t len = strcmp(c->text, "1 2") == 0 ? 6 : strlen(c->text);
        int rc = placement_read_buffer(c->text, len, &o, &p, &e);
        if (rc != c->code || e.line != c->line || e.column != c->column ||
            strstr(e.message, c->message) == NULL)
            fail_msg("case %zu '%s': got %d at %lld:%lld '%s', expected %d at "
                     "%lld:%lld '%s'",
                     i, c->text, rc, e.line, e.column, e.message, c->code,
                     c->line, c->column, c->message);
        assert_int_equal(e.code, rc);
        assert_null(p.cols);
    }
}

static void test_invalid_options(void **state)
{
    (void)state;
    struct placement_options o;
    placement_options_init(&o);
    o.base = 2;
    struct placement p;
    struct placement_error e;
    assert_int_equal(placement_read_buffer("1", 1, &o, &p, &e), NQ_E_INVAL);
    placement_options_init(&o);
    o.max_n = 3;
    assert_int_equal(placement_read_buffer("2 4 1 3", 7, &o, &p, &e),
                     NQ_E_PARSE);
    assert_non_null(strstr(e.message, "more than 3 values"));
    assert_int_equal(placement_read_buffer("Q...\n", 5, &o, &p, &e),
                     NQ_E_PARSE);
    assert_non_null(strstr(e.message, "more than 3 cells"));
}

/* A long vector crosses the file reader's block boundaries everywhere. */
static void test_long_vector_through_blocks(void **state)
{
    (void)state;
    const int n = 400000; /* about 2.7 MB of text: three blocks */
    int *cols = malloc(sizeof(int) * (size_t)n);
    assert_non_null(cols);
    for (int i = 0; i < n; i++)
        cols[i] = (int)(((uint64_t)i * 7919u) % (uint64_t)n);
    size_t cap = (size_t)n * 12 + 16, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    static const char *seps[] = {" ", ",", "\n", ", ", "\r\n", "\t"};
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(text + len, cap - len, "%d%s", cols[i] + 1,
                                seps[i % 6]);
    struct placement p;
    struct placement_error e;
    assert_int_equal(read_both(text, NULL, &p, &e), 0);
    assert_int_equal(p.n, n);
    assert_memory_equal(p.cols, cols, sizeof(int) * (size_t)n);
    placement_free(&p);
    free(text);
    free(cols);
}

/* A board whose first row is one long run of zeros before its queen. */
static void test_long_board_row_held_back(void **state)
{
    (void)state;
    const int n = 1500;
    size_t len = (size_t)n * (size_t)(2 * n + 1);
    char *text = malloc(len + 1);
    assert_non_null(text);
    size_t at = 0;
    for (int r = 0; r < n; r++) {
        int queen = (r == 0) ? n - 1 : r - 1;
        for (int c = 0; c < n; c++) {
            text[at++] = c == queen ? 'Q' : '0';
            text[at++] = c == n - 1 ? '\n' : ' ';
        }
    }
    text[at] = '\0';
    struct placement p;
    struct placement_error e;
    assert_int_equal(read_both(text, NULL, &p, &e), 0);
    assert_int_equal(p.n, n);
    assert_int_equal(p.format, PLACEMENT_BOARD);
    assert_int_equal(p.cols[0], n - 1);
    for (int r = 1; r < n; r++)
        assert_int_equal(p.cols[r], r - 1);
    placement_free(&p);
    free(text);
}

/* Random text from the reader's own alphabet: no crash, no leak, and what
 * is accepted is a placement with every column on the board. */
static void test_random_junk(void **state)
{
    (void)state;
    static const char alphabet[] = "0123456789 ,\n\r\tQq.#x-_S:ol";
    uint64_t x = 88172645463325252u;
    char text[64];
    int accepted = 0;
    for (int round = 0; round < 200000; round++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t len = (size_t)(x % 24);
        uint64_t y = x;
        for (size_t i = 0; i < len; i++) {
            y = y * 6364136223846793005u + 1442695040888963407u;
            text[i] = alphabet[(y >> 33) % (sizeof alphabet - 1)];
        }
        struct placement_options o;
        placement_options_init(&o);
        o.base = (int)(x >> 60) & 1;
        o.allow_empty_rows = (x >> 61) & 1;
        struct placement p;
        struct placement_error e;
        int rc = placement_read_buffer(text, len, &o, &p, &e);
        if (rc == 0) {
            accepted++;
            assert_true(p.n >= 1);
            for (int r = 0; r < p.n; r++)
                assert_true(p.cols[r] >= (o.allow_empty_rows ? -1 : 0) &&
                            p.cols[r] < p.n);
            placement_free(&p);
        } else {
            assert_true(rc == NQ_E_PARSE || rc == NQ_E_CONFLICT);
            assert_true(e.line >= 1 && e.column >= 1);
            assert_true(e.message[0] != '\0');
        }
    }
    assert_true(accepted > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_boards),
        cmocka_unit_test(test_board_held_back_start),
        cmocka_unit_test(test_empty_rows),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_invalid_options),
        cmocka_unit_test(test_long_vector_through_blocks),
        cmocka_unit_test(test_long_board_row_held_back),
        cmocka_unit_test(test_random_junk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
