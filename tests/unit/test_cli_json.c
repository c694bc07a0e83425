/*
 * test_cli_json.c - the tool's JSON writer (cli/output/json.c): strings escaped
 * as RFC 8259 asks (the quote, the backslash, control bytes as \u00xx),
 * valid UTF-8 passed through and invalid bytes replaced, numbers exact at
 * the ends of their ranges, commas and brackets placed for the caller,
 * and the in-memory pieces the hot paths build lines from.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output/json.h"
#include "output/writer.h"
#include "testutil.h"

/* A writer on a fresh temporary file; json_output() closes it and returns
 * what was written. */
struct capture {
    char path[64];
    struct writer out;
    struct json j;
};

static void capture_open(struct capture *c)
{
    strcpy(c->path, "/tmp/nq-json-XXXXXX");
    int fd = mkstemp(c->path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(writer_open(&c->out, c->path), 0);
    json_start(&c->j, &c->out);
}

/* Closes the capture and returns its text (valid until the next call). */
static const char *capture_text(struct capture *c)
{
    static char text[1 << 21];
    assert_int_equal(writer_close(&c->out, true), 0);
    FILE *f = fopen(c->path, "rb");
    assert_non_null(f);
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    unlink(c->path);
    return text;
}

/* `text` written as one JSON string value. */
static const char *string_json(const char *text)
{
    struct capture c;
    capture_open(&c);
    json_string(&c.j, text);
    return capture_text(&c);
}

static void test_plain_strings_pass_through(void **state)
{
    (void)state;
    assert_string_equal(string_json(""), "\"\"");
    assert_string_equal(string_json("join/2 n=8"), "\"join/2 n=8\"");
    assert_string_equal(string_json("a/b'c~"), "\"a/b'c~\"");
}

static void test_quote_and_backslash_are_escaped(void **state)
{
    (void)state;
    assert_string_equal(string_json("say \"hi\""), "\"say \\\"hi\\\"\"");
    assert_string_equal(string_json("a\\b"), "\"a\\\\b\"");
    assert_string_equal(string_json("\\\""), "\"\\\\\\\"\"");
}

static void test_control_bytes_are_escaped(void **state)
{
    (void)state;
    assert_string_equal(string_json("a\nb"), "\"a\\u000ab\"");
    assert_string_equal(string_json("\x01"), "\"\\u0001\"");
    assert_string_equal(string_json("\t\r\x1f"), "\"\\u0009\\u000d\\u001f\"");
    /* DEL is not a control character for JSON. */
    assert_string_equal(string_json("\x7f"), "\"\x7f\"");
}

static void test_valid_utf8_passes_through(void **state)
{
    (void)state;
    /* é (2 bytes), € (3 bytes), U+1F600 (4 bytes), U+10FFFF. */
    assert_string_equal(string_json("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
    assert_string_equal(string_json("\xe2\x82\xac 5"), "\"\xe2\x82\xac 5\"");
    assert_string_equal(string_json("\xf0\x9f\x98\x80"),
                        "\"\xf0\x9f\x98\x80\"");
    assert_string_equal(string_json("\xf4\x8f\xbf\xbf"),
                        "\"\xf4\x8f\xbf\xbf\"");
}

static void test_invalid_utf8_is_replaced(void **state)
{
    (void)state;
    /* A stray byte, a lone continuation, an overlong '/', a surrogate, a
     * sequence cut short, and a code point above U+10FFFF. */
    assert_string_equal(string_json("a\xff"), "\"a\\ufffd\"");
    assert_string_equal(string_json("\x80"), "\"\\ufffd\"");
    assert_string_equal(string_json("\xc0\xaf"), "\"\\ufffd\\ufffd\"");
    assert_string_equal(string_json("\xed\xa0\x80"),
                        "\"\\ufffd\\ufffd\\ufffd\"");
    assert_string_equal(string_json("\xe2\x82z"), "\"\\ufffd\\ufffdz\"");
    assert_string_equal(string_json("\xf4\x90\x80\x80"),
                        "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
}

static void test_keys_are_escaped(void **state)
{
    (void)state;
    struct capture c;
    capture_open(&c);
    json_begin_object(&c.j);
    json_key(&c.j, "a\"b");
    json_null(&c.j);
    json_key(&c.j, "a key longer than sixteen bytes\n");
    json_bool(&c.j, true);
    json_end_object(&c.j);
    assert_string_equal(capture_text(&c),
                        "{\"a\\\"b\":null,"
                        "\"a key longer than sixteen bytes\\u000a\":true}");
}

static void test_numbers(void **state)
{
    (void)state;
    struct capture c;
    capture_open(&c);
    json_begin_array(&c.j);
    json_uint(&c.j, 0);
    json_uint(&c.j, UINT64_MAX);
    json_int(&c.j, -1);
    json_int(&c.j, INT64_MIN);
    json_int(&c.j, INT64_MAX);
    json_double(&c.j, 0.5, 3);
    json_double(&c.j, 2.0 / 3.0, 2);
    json_double(&c.j, 1234.5678, 0);
    json_double(&c.j, NAN, 3);
    json_double(&c.j, INFINITY, 1);
    json_bool(&c.j, false);
    json_null(&c.j);
    json_string(&c.j, NULL);
    json_end_array(&c.j);
    assert_string_equal(capture_text(&c),
                        "[0,18446744073709551615,-1,-9223372036854775808,"
                        "9223372036854775807,0.500,0.67,1235,null,null,"
                        "false,null,null]");
}

static void test_nesting_and_commas(void **state)
{
    (void)state;
    struct capture c;
    capture_open(&c);
    json_begin_object(&c.j);
    json_key(&c.j, "n");
    json_int(&c.j, 8);
    json_key(&c.j, "empty");
    json_begin_array(&c.j);
    json_end_array(&c.j);
    json_key(&c.j, "with");
    json_begin_object(&c.j);
    json_key(&c.j, "row");
    json_int(&c.j, 1);
    json_key(&c.j, "col");
    json_int(&c.j, 2);
    json_end_object(&c.j);
    json_key(&c.j, "list");
    json_begin_array(&c.j);
    json_begin_object(&c.j);
    json_end_object(&c.j);
    json_begin_object(&c.j);
    json_key(&c.j, "x");
    json_string(&c.j, "y");
    json_end_object(&c.j);
    json_end_array(&c.j);
    json_break(&c.j);
    json_key(&c.j, "last");
    json_bool(&c.j, true);
    json_end_object(&c.j);
    json_end_line(&c.j);
    json_begin_object(&c.j);
    json_end_object(&c.j);
    json_end_line(&c.j);
    assert_string_equal(capture_text(&c),
                        "{\"n\":8,\"empty\":[],\"with\":{\"row\":1,\"col\":2},"
                        "\"list\":[{},{\"x\":\"y\"}],\n\"last\":true}\n{}\n");
}

static void test_int_arrays(void **state)
{
    (void)state;
    const int cols[8] = {0, 4, 7, 5, 2, 6, 1, 3};
    const int wide[4] = {-5, 99, 100, 2147483647};
    struct capture c;
    capture_open(&c);
    json_begin_object(&c.j);
    json_key(&c.j, "queens");
    json_int_array(&c.j, cols, 8, 1);
    json_key(&c.j, "none");
    json_int_array(&c.j, cols, 0, 1);
    json_key(&c.j, "wide");
    json_int_array(&c.j, wide, 4, 1);
    json_key(&c.j, "blocks");
    json_begin_array(&c.j);
    json_ints(&c.j, cols, 3, 0);
    json_ints(&c.j, cols, 0, 0);
    json_break(&c.j);
    json_ints(&c.j, cols + 3, 2, 0);
    json_end_array(&c.j);
    json_end_object(&c.j);
    assert_string_equal(capture_text(&c),
                        "{\"queens\":[1,5,8,6,3,7,2,4],\"none\":[],"
                        "\"wide\":[-4,100,101,2147483648],"
                        "\"blocks\":[0,4,7,\n5,2]}");
}

/* An array longer than the writer's buffer goes through in pieces. */
static void test_long_int_array(void **state)
{
    (void)state;
    enum { COUNT = 200000 };
    int *values = malloc(COUNT * sizeof *values);
    char *expected = malloc((size_t)COUNT * 8 + 3);
    assert_non_null(values);
    assert_non_null(expected);
    size_t len = 0;
    expected[len++] = '[';
    for (int i = 0; i < COUNT; i++) {
        values[i] = i * 7 % 100003;
        len += (size_t)sprintf(expected + len, "%s%d", i ? "," : "",
                               values[i] + 1);
    }
    expected[len++] = ']';
    expected[len] = '\0';
    struct capture c;
    capture_open(&c);
    json_int_array(&c.j, values, COUNT, 1);
    assert_string_equal(capture_text(&c), expected);
    free(values);
    free(expected);
}

static void test_text_in_memory(void **state)
{
    (void)state;
    const int cols[4] = {1, 3, 0, 2};
    char line[128];
    char *p = line;
    *p++ = '{';
    p = json_text_key(p, "n");
    p = json_text_uint(p, 4);
    *p++ = ',';
    p = json_text_key(p, "name\\");
    p = json_text_string(p, "q\"\x02\xc3\xa9\xfe");
    *p++ = ',';
    p = json_text_key(p, "queens");
    *p++ = '[';
    p = json_text_ints(p, cols, 4, 1);
    *p++ = ']';
    *p++ = '}';
    *p = '\0';
    assert_string_equal(line, "{\"n\":4,\"name\\\\\":"
                              "\"q\\\"\\u0002\xc3\xa9\\ufffd\","
                              "\"queens\":[2,4,1,3]}");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_strings_pass_through),
        cmocka_unit_test(test_quote_and_backslash_are_escaped),
        cmocka_unit_test(test_control_bytes_are_escaped),
        cmocka_unit_test(test_valid_utf8_passes_through),
        cmocka_unit_test(test_invalid_utf8_is_replaced),
        cmocka_unit_test(test_keys_are_escaped),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_nesting_and_commas),
        cmocka_unit_test(test_int_arrays),
        cmocka_unit_test(test_long_int_array),
        cmocka_unit_test(test_text_in_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
