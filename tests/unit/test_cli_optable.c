/*
 * test_cli_optable.c - the option tables (cli/common/optable.c): every kind of
 * value checked and stored, errors for values out of range or unknown,
 * the positional N, --help asked for, the Options block laid out at the
 * table's column; and, for every command's table, that its long names and
 * letters are unique and that its --help lists each option it takes and
 * nothing else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/optable.h"
#include "testutil.h"

struct t_args {
    bool flag;
    bool on; /* set by a VALUE option of 1 */
    int mode;
    int small;
    int64_t big;
    uint64_t bytes;
    double seconds;
    int choice;
    const char *text;
    bool text_given;
    int calls;
    const char *last;
};

static int t_set(const struct opt_def *def, const char *value, void *dest)
{
    (void)def;
    struct t_args *a = dest;
    a->calls++;
    a->last = value;
    return strcmp(value, "bad") == 0 ? EXIT_USAGE : 0;
}

static const struct opt_choice t_choices[] = {
    {"red", 7}, {"green", 8}, {"blue", 9}, {NULL, 0}};

#define ARGS struct t_args
static const struct opt t_opts[] = {
    OPT_SECTION("First:"),
    OPT_FLAG("flag", 'f', ARGS, flag, "a flag"),
    OPT_VALUE("mode", 0, ARGS, mode, 42, "sets 42"),
    OPT_VALUE("on", 0, ARGS, on, 1, "sets a bool"),
    OPT_INT("small", 's', ARGS, small, -5, 10, "K", "an int\ntwo lines"),
    OPT_INT("big", 0, ARGS, big, 0, INT64_MAX, "B", "a 64-bit int"),
    OPT_ONE(ARGS, bytes, .name = "bytes", .letter = 'm', .kind = OPTK_SIZE,
            .value_name = "SIZE", .help = "a size"),
    OPT_ONE(ARGS, seconds, .name = "a-very-long-option", .kind = OPTK_SECONDS,
            .value_name = "SECONDS", .help = "seconds", .min = 0, .max = 100),
    OPT_SECTION("\nSecond:"),
    OPT_NOTE("(none)", "a note"),
    OPT_CHOICE("colour", 'c', ARGS, choice, t_choices, "C", "a colour"),
    OPT_ONE_GIVEN(ARGS, text, text_given, .name = "text", .kind = OPTK_STRING,
                  .value_name = "T", .help = "a text", .want = "a word"),
    OPT_CALL("call", 'x', true, t_set, "V", "a setter"),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef ARGS

static const struct optable t_table = OPTABLE(t_opts, 20, true);

static int parse(struct t_args *a, const char **n_text, int argc,
                 const char **argv)
{
    memset(a, 0, sizeof *a);
    *n_text = NULL;
    return optable_parse(&t_table, argc, (char **)argv, a, n_text);
}

static void test_values_stored(void **state)
{
    (void)state;
    struct t_args a;
    const char *n = NULL;
    const char *argv[] = {"cmd",      "-f",    "--on",       "--mode", "-s",
                          "-5",       "--big", "9000000000", "-m",     "2G",
                          "--a-very", "0.5",   "--colour",   "blue",   "--text",
                          "hello",    "-x",    "v",          "8"};
    assert_int_equal(parse(&a, &n, 19, argv), OPTABLE_GO);
    assert_true(a.flag);
    assert_int_equal(a.mode, 42);
    assert_true(a.on);
    assert_int_equal(a.small, -5);
    assert_true(a.big == 9000000000LL);
    assert_true(a.bytes == 2ull << 30);
    assert_true(a.seconds == 0.5);
    assert_int_equal(a.choice, 9);
    assert_string_equal(a.text, "hello");
    assert_true(a.text_given);
    assert_int_equal(a.calls, 1);
    assert_string_equal(a.last, "v");
    assert_string_equal(n, "8");
}

static void test_bad_values_refused(void **state)
{
    (void)state;
    static const char *const bad[][3] = {
        {"--small", "11", NULL},   {"--small", "-6", NULL},
        {"--small", "x", NULL},    {"--big", "-1", NULL},
        {"-m", "0", NULL},         {"-m", "3Q", NULL},
        {"-m", "99999999T", NULL}, {"--a-very-long-option", "1e1", NULL},
        {"--a-very", "101", NULL}, {"--colour", "Red", NULL},
        {"--text", "", NULL},      {"-x", "bad", NULL},
        {"--nope", NULL, NULL},    {"--small", NULL, NULL},
        {"-z", NULL, NULL}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct t_args a;
        const char *n = NULL;
        const char *argv[] = {"cmd", bad[i][0], bad[i][1]};
        int argc = bad[i][1] != NULL ? 3 : 2;
        assert_int_equal(parse(&a, &n, argc, argv), EXIT_USAGE);
    }
}

static void test_positional(void **state)
{
    (void)state;
    struct t_args a;
    const char *n = NULL;
    const char *neg[] = {"cmd", "-3", "-f"};
    assert_int_equal(parse(&a, &n, 3, neg), OPTABLE_GO);
    assert_string_equal(n, "-3");
    assert_true(a.flag);
    const char *two[] = {"cmd", "4", "5"};
    assert_int_equal(parse(&a, &n, 3, two), EXIT_USAGE);
    const char *help[] = {"cmd", "--small", "99", "-h"};
    /* The first error stops the parse before --help is seen. */
    assert_int_equal(parse(&a, &n, 4, help), EXIT_USAGE);
    const char *help2[] = {"cmd", "--help", "--small", "99"};
    assert_int_equal(parse(&a, &n, 4, help2), OPTABLE_HELP);
}

/* The Options block of a table, as a string (freed by the caller). */
static char *help_of(const struct optable *t)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    assert_non_null(f);
    optable_help(t, f);
    assert_int_equal(fclose(f), 0);
    return text;
}

static void test_help_layout(void **state)
{
    (void)state;
    char *text = help_of(&t_table);
    assert_string_equal(text, "First:\n"
                              "  -f, --flag        a flag\n"
                              "      --mode        sets 42\n"
                              "      --on          sets a bool\n"
                              "  -s, --small K     an int\n"
                              "                    two lines\n"
                              "      --big B       a 64-bit int\n"
                              "  -m, --bytes SIZE  a size\n"
                              "      --a-very-long-option SECONDS\n"
                              "                    seconds\n"
                              "\n"
                              "Second:\n"
                              "      (none)        a note\n"
                              "  -c, --colour C    a colour\n"
                              "      --text T      a text\n"
                              "  -x, --call V      a setter\n"
                              "  -h, --help        show this help and exit\n");
    free(text);
}

static void test_sizes(void **state)
{
    (void)state;
    uint64_t b = 0;
    assert_true(optable_parse_size("512M", &b) && b == 512ull << 20);
    assert_true(optable_parse_size("1KiB", &b) && b == 1024);
    assert_true(optable_parse_size("3kb", &b) && b == 3072);
    assert_true(optable_parse_size("7", &b) && b == 7);
    assert_true(optable_parse_size("1T", &b) && b == 1ull << 40);
    assert_false(optable_parse_size("0", &b));
    assert_false(optable_parse_size("", &b));
    assert_false(optable_parse_size("-1M", &b));
    assert_false(optable_parse_size("1MX", &b));
    assert_false(optable_parse_size("16777216T", &b));
    assert_false(optable_parse_size("99999999999999999999", &b));
}

static const struct optable *const command_tables[] = {
    &seeds_table,    &count_table, &solve_table,  &find_table,
    &complete_table, &trace_table, &verify_table, &status_table,
    &merge_table,    &audit_table, &bench_table,  NULL};
/* Their names in the man page, in the same order. */
static const char *const command_names[] = {
    "nqueens N", "count",  "solve", "find",  "complete", "trace",
    "verify",    "status", "merge", "audit", "bench"};

static bool is_option(const struct opt_def *d)
{
    return d->kind != OPTK_SECTION && d->kind != OPTK_NOTE;
}

/* Within a command, one long name and one letter mean one option. */
static void test_tables_unique(void **state)
{
    (void)state;
    for (size_t t = 0; command_tables[t] != NULL; t++) {
        const struct optable *table = command_tables[t];
        assert_true(table->count < 64);
        for (size_t i = 0; i < table->count; i++) {
            const struct opt_def *d = table->opts[i].def;
            if (!is_option(d))
                continue;
            assert_non_null(d->name);
            const char *help =
                table->opts[i].help ? table->opts[i].help : d->help;
            assert_true(help != NULL && *help != '\0');
            for (size_t j = i + 1; j < table->count; j++) {
                const struct opt_def *e = table->opts[j].def;
                if (!is_option(e))
                    continue;
                assert_string_not_equal(d->name, e->name);
                assert_true(d->letter == 0 || d->letter != e->letter);
            }
        }
    }
}

/* The option a help line starts with ("  -t, --threads T ..." gives
 * "threads"), or NULL for a line that starts with none. */
static const char *listed_name(const char *line, char *buf, size_t size)
{
    const char *p = line;
    while (*p == ' ')
        p++;
    if (p - line > 6)
        return NULL; /* a continuation line */
    if (p[0] == '-' && p[1] != '-' && p[1] != '\0' && p[2] == ',')
        p += 4;
    if (strncmp(p, "--", 2) != 0)
        return NULL;
    p += 2;
    size_t len = strcspn(p, " \n");
    if (len >= size)
        return NULL;
    memcpy(buf, p, len);
    buf[len] = '\0';
    return buf;
}

/* Each option of a table is listed in its --help, and each option the
 * help lists is one of the table's. */
static void test_help_lists_every_option(void **state)
{
    (void)state;
    for (size_t t = 0; command_tables[t] != NULL; t++) {
        const struct optable *table = command_tables[t];
        char *text = help_of(table);
        size_t listed = 0;
        for (char *line = text; *line != '\0';) {
            char *end = strchr(line, '\n');
            assert_non_null(end);
            *end = '\0';
            char name[64];
            if (listed_name(line, name, sizeof name) != NULL) {
                bool found = false;
                for (size_t i = 0; i < table->count && !found; i++)
                    found = is_option(table->opts[i].def) &&
                            strcmp(table->opts[i].def->name, name) == 0;
                if (!found)
                    fail_msg("help lists --%s, not in the table", name);
                listed++;
            }
            line = end + 1;
        }
        size_t options = 0;
        for (size_t i = 0; i < table->count; i++)
            options += is_option(table->opts[i].def);
        assert_int_equal(listed, options);
        free(text);
    }
}

/* A letter means one option in every command. */
static void test_letters_mean_one_thing(void **state)
{
    (void)state;
    const char *meaning[128] = {NULL};
    for (size_t t = 0; command_tables[t] != NULL; t++) {
        const struct optable *table = command_tables[t];
        for (size_t i = 0; i < table->count; i++) {
            const struct opt_def *d = table->opts[i].def;
            if (!is_option(d) || d->letter == 0)
                continue;
            assert_true(d->letter > 0 && d->letter < 128);
            if (meaning[d->letter] == NULL)
                meaning[d->letter] = d->name;
            if (strcmp(meaning[d->letter], d->name) != 0)
                fail_msg("-%c is --%s in %s but --%s elsewhere", d->letter,
                         d->name, command_names[t], meaning[d->letter]);
        }
    }
}

/* One line of the man page's option table: an option as "-t, --threads"
 * (roff) and the commands that take it. */
struct man_row {
    char head[64];
    char commands[160];
};

static int compare_rows(const void *a, const void *b)
{
    const struct man_row *x = a;
    const struct man_row *y = b;
    const char *nx = strstr(x->head, "\\-\\-");
    const char *ny = strstr(y->head, "\\-\\-");
    int c = strcmp(nx, ny);
    return c != 0 ? c : strcmp(x->head, y->head);
}

/* Writes `text` with each '-' as roff's "\-". */
static void roff_dashes(char *out, size_t size, const char *text)
{
    size_t used = 0;
    for (; *text != '\0' && used + 3 < size; text++) {
        if (*text == '-')
            out[used++] = '\\';
        out[used++] = *text;
    }
    out[used] = '\0';
}

/* The man page's table of options, made from the commands' tables. */
static char *man_table(void)
{
    enum { MAX_ROWS = 128 };
    static struct man_row rows[MAX_ROWS];
    size_t nrows = 0;
    for (size_t t = 0; command_tables[t] != NULL; t++) {
        const struct optable *table = command_tables[t];
        for (size_t i = 0; i < table->count; i++) {
            const struct opt_def *d = table->opts[i].def;
            if (!is_option(d))
                continue;
            char plain[64];
            char head[64];
            if (d->letter != 0)
                snprintf(plain, sizeof plain, "-%c, --%s", d->letter, d->name);
            else
                snprintf(plain, sizeof plain, "--%s", d->name);
            roff_dashes(head, sizeof head, plain);
            size_t r = 0;
            while (r < nrows && strcmp(rows[r].head, head) != 0)
                r++;
            if (r == nrows) {
                assert_true(nrows < MAX_ROWS);
                snprintf(rows[r].head, sizeof rows[r].head, "%s", head);
                rows[r].commands[0] = '\0';
                nrows++;
            }
            size_t used = strlen(rows[r].commands);
            snprintf(rows[r].commands + used, sizeof rows[r].commands - used,
                     "%s%s", used == 0 ? "" : ", ", command_names[t]);
        }
    }
    qsort(rows, nrows, sizeof rows[0], compare_rows);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    assert_non_null(f);
    for (size_t r = 0; r < nrows; r++)
        fprintf(f, ".TP\n.B \"%s\"\n%s\n", rows[r].head, rows[r].commands);
    assert_int_equal(fclose(f), 0);
    return text;
}

/* Reads a whole file into a string (freed by the caller). */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail_msg("cannot read %s", path);
    char *text = NULL;
    size_t size = 0;
    FILE *m = open_memstream(&text, &size);
    assert_non_null(m);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, got, m);
    fclose(f);
    assert_int_equal(fclose(m), 0);
    return text;
}

/* The table in docs/nqueens.1 (between its two marker comments) is the
 * one the option tables make; on a mismatch the right one is printed. */
static void test_man_page_table(void **state)
{
    (void)state;
    static const char begin[] = ".\\\" BEGIN OPTIONS BY COMMAND\n";
    static const char end[] = ".\\\" END OPTIONS BY COMMAND\n";
    char *page = read_text(NQ_TEST_DATA "/../../docs/nqueens.1");
    char *expected = man_table();
    const char *from = strstr(page, begin);
    const char *to = from != NULL ? strstr(from, end) : NULL;
    bool same =
        to != NULL &&
        (size_t)(to - from - (ptrdiff_t)strlen(begin)) == strlen(expected) &&
        memcmp(from + strlen(begin), expected, strlen(expected)) == 0;
    if (!same) {
        printf("docs/nqueens.1 should hold, between the markers:\n%s%s%s",
               begin, expected, end);
        fail_msg("the man page's option table differs from the commands'");
    }
    free(expected);
    free(page);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_stored),
        cmocka_unit_test(test_bad_values_refused),
        cmocka_unit_test(test_positional),
        cmocka_unit_test(test_help_layout),
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_tables_unique),
        cmocka_unit_test(test_help_lists_every_option),
        cmocka_unit_test(test_letters_mean_one_thing),
        cmocka_unit_test(test_man_page_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
