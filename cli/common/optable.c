/*
 * optable.c - option tables turned into a getopt_long parse, checked
 * values and the Options block of --help, so that every command reads
 * and words its options the same way.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "common/messages.h"
#include "common/optable.h"
#include "common/options.h"
#include "common/parse.h"

/* More options than any command takes; the tables are checked by the
 * unit test. */
enum { OPTABLE_MAX = 64, OPT_LONG_BASE = 256 };

static void *field_of(void *args, const struct opt *o)
{
    return (char *)args + o->field;
}

static bool takes_value(const struct opt_def *d)
{
    switch (d->kind) {
    case OPTK_FLAG:
    case OPTK_VALUE:
    case OPTK_HELP:
    case OPTK_SECTION:
    case OPTK_NOTE:
        return false;
    case OPTK_CALL:
        return d->takes_value;
    default:
        return true;
    }
}

static bool is_option(const struct opt_def *d)
{
    return d->kind != OPTK_SECTION && d->kind != OPTK_NOTE;
}

/* The words of a choice list for a message: "lex or fast". */
static void choice_words(const struct opt_choice *c, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; c[i].word != NULL && used < size; i++) {
        const char *sep = i == 0 ? "" : c[i + 1].word == NULL ? " or " : ", ";
        int w = snprintf(buf + used, size - used, "%s%s", sep, c[i].word);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

/* "--NAME must be WANT, got 'VALUE'", WANT from the definition. */
static int value_error(const struct opt_def *d, const char *value)
{
    char want[160];
    char quoted[64];
    if (d->want != NULL)
        snprintf(want, sizeof want, "%s", d->want);
    else if (d->kind == OPTK_INT)
        snprintf(want, sizeof want, "an integer from %lld to %lld", d->min,
                 d->max);
    else if (d->kind == OPTK_SECONDS)
        snprintf(want, sizeof want, "a number of seconds from %lld to %lld",
                 d->min, d->max);
    else if (d->kind == OPTK_SIZE)
        snprintf(want, sizeof want, "a size such as 512M or 2G");
    else if (d->kind == OPTK_CHOICE)
        choice_words(d->choices, want, sizeof want);
    else
        snprintf(want, sizeof want, "a valid value");
    return cli_usage_error("--%s must be %s, got '%s'", d->name, want,
                           cli_quote(value, quoted, sizeof quoted));
}

bool optable_parse_size(const char *text, uint64_t *bytes)
{
    const char *p = text;
    if (!isdigit((unsigned char)*p))
        return false;
    uint64_t value = 0;
    for (; isdigit((unsigned char)*p); p++) {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, (uint64_t)(*p - '0'), &value))
            return false;
    }
    static const char suffixes[] = "KMGT";
    int shift = 0;
    const char *s =
        *p != '\0' ? strchr(suffixes, toupper((unsigned char)*p)) : NULL;
    if (s != NULL) {
        shift = 10 * (int)(s - suffixes + 1);
        p++;
        if (*p == 'i' || *p == 'I')
            p++;
    }
    if (*p == 'B' || *p == 'b')
        p++;
    if (*p != '\0' || value == 0)
        return false;
    if (shift != 0 && value > (UINT64_MAX >> shift))
        return false;
    *bytes = value << shift;
    return true;
}

/* Seconds as digits and '.', no sign, no exponent. */
static bool parse_seconds(const char *text, double lo, double hi, double *out)
{
    if (!isdigit((unsigned char)text[0]))
        return false;
    for (const char *c = text; *c; c++)
        if (!isdigit((unsigned char)*c) && *c != '.')
            return false;
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !(v >= lo && v <= hi))
        return false;
    *out = v;
    return true;
}

/* Stores v into a field of `size` bytes: a bool, an int (or enum) or a
 * 64-bit integer. */
static void store_int(void *dest, size_t size, long long v)
{
    if (size == sizeof(bool)) {
        bool b = v != 0;
        memcpy(dest, &b, sizeof b);
    } else if (size == sizeof(int64_t)) {
        int64_t i = v;
        memcpy(dest, &i, sizeof i);
    } else {
        int i = (int)v;
        memcpy(dest, &i, sizeof i);
    }
}

/* Checks and stores the value of one option. */
static int apply(const struct opt *o, const char *value, void *args)
{
    const struct opt_def *d = o->def;
    void *dest = o->field == OPT_NO_FIELD ? args : field_of(args, o);
    long long v = 0;
    switch (d->kind) {
    case OPTK_FLAG:
        *(bool *)dest = true;
        break;
    case OPTK_VALUE:
        store_int(dest, o->field_size, d->min);
        break;
    case OPTK_INT:
        if (!cli_parse_long(value, d->min, d->max, &v))
            return value_error(d, value);
        store_int(dest, o->field_size, v);
        break;
    case OPTK_SIZE:
        if (!optable_parse_size(value, (uint64_t *)dest))
            return value_error(d, value);
        break;
    case OPTK_SECONDS:
        if (!parse_seconds(value, (double)d->min, (double)d->max,
                           (double *)dest))
            return value_error(d, value);
        break;
    case OPTK_CHOICE: {
        const struct opt_choice *c = d->choices;
        while (c->word != NULL && strcmp(c->word, value) != 0)
            c++;
        if (c->word == NULL)
            return value_error(d, value);
        store_int(dest, o->field_size, c->value);
        break;
    }
    case OPTK_STRING:
        if (*value == '\0')
            return cli_usage_error("--%s needs %s", d->name,
                                   d->want != NULL ? d->want : "a value");
        *(const char **)dest = value;
        break;
    case OPTK_CALL:
        if (d->set(d, value, dest) != 0)
            return EXIT_USAGE;
        break;
    default:
        break;
    }
    if (o->given != OPT_NO_FIELD)
        *(bool *)((char *)args + o->given) = true;
    return 0;
}

/* Makes getopt_long's short string and long array from the table. */
static void build_getopt(const struct optable *t, char *shorts,
                         struct option *longs)
{
    size_t ns = 0, nl = 0;
    shorts[ns++] = ':';
    for (size_t i = 0; i < t->count && i < OPTABLE_MAX; i++) {
        const struct opt_def *d = t->opts[i].def;
        if (!is_option(d))
            continue;
        bool arg = takes_value(d);
        if (d->letter != 0) {
            shorts[ns++] = (char)d->letter;
            if (arg)
                shorts[ns++] = ':';
        }
        longs[nl++] =
            (struct option){d->name, arg ? required_argument : no_argument,
                            NULL, OPT_LONG_BASE + (int)i};
    }
    shorts[ns] = '\0';
    longs[nl] = (struct option){NULL, 0, NULL, 0};
}

/* The table entry of what getopt_long returned, or NULL. */
static const struct opt *find_opt(const struct optable *t, int c)
{
    if (c >= OPT_LONG_BASE && (size_t)(c - OPT_LONG_BASE) < t->count)
        return &t->opts[c - OPT_LONG_BASE];
    for (size_t i = 0; i < t->count; i++)
        if (is_option(t->opts[i].def) && t->opts[i].def->letter == c)
            return &t->opts[i];
    return NULL;
}

int optable_parse(const struct optable *t, int argc, char **argv, void *args,
                  const char **n_text)
{
    char shorts[2 * OPTABLE_MAX + 2];
    struct option longs[OPTABLE_MAX + 1];
    build_getopt(t, shorts, longs);

    cli_getopt_reset();
    for (;;) {
        int c = cli_getopt(argc, argv, shorts, longs, n_text);
        if (c == -1)
            break;
        const struct opt *o =
            c == ':' || c == '?' || c == CLI_OPT_FAILED ? NULL : find_opt(t, c);
        if (o == NULL)
            return cli_option_error(c, argv, longs);
        if (o->def->kind == OPTK_HELP)
            return OPTABLE_HELP;
        if (apply(o, optarg, args) != 0)
            return EXIT_USAGE;
    }
    if (n_text != NULL && !cli_take_rest_n(argc, argv, n_text))
        return EXIT_USAGE;
    return OPTABLE_GO;
}

/* Writes `text` from column `column` on, lines split at '\n'. */
static void help_lines(const char *text, int at, int column, FILE *out)
{
    while (*text != '\0') {
        const char *end = strchr(text, '\n');
        size_t len = end != NULL ? (size_t)(end - text) : strlen(text);
        fprintf(out, "%*s%.*s\n", column - at, "", (int)len, text);
        text += len + (end != NULL);
        at = 0;
    }
}

void optable_help(const struct optable *t, FILE *out)
{
    for (size_t i = 0; i < t->count; i++) {
        const struct opt *o = &t->opts[i];
        const struct opt_def *d = o->def;
        const char *help = o->help != NULL ? o->help : d->help;
        if (d->kind == OPTK_SECTION) {
            fprintf(out, "%s\n", help);
            continue;
        }
        char head[96];
        if (d->kind == OPTK_NOTE)
            snprintf(head, sizeof head, "%*s%s", t->indent_longs ? 6 : 2, "",
                     d->value_name);
        else if (d->letter != 0)
            snprintf(head, sizeof head, "  -%c, --%s%s%s", d->letter, d->name,
                     d->value_name != NULL ? " " : "",
                     d->value_name != NULL ? d->value_name : "");
        else
            snprintf(head, sizeof head, "%*s--%s%s%s", t->indent_longs ? 6 : 2,
                     "", d->name, d->value_name != NULL ? " " : "",
                     d->value_name != NULL ? d->value_name : "");
        int at = (int)strlen(head);
        fputs(head, out);
        if (at >= t->column) {
            fputc('\n', out);
            at = 0;
        }
        help_lines(help, at, t->column, out);
    }
}

void optable_usage(const char *head, const struct optable *t, const char *tail)
{
    fputs(head, stdout);
    optable_help(t, stdout);
    fputs(tail, stdout);
}
