/*
 * read_instance.c - reads the CSPLib benchmark files of the completion
 * problem (see read_instance.h): a small tokenizer that counts lines, a
 * parser of `[letting] NAME = VALUE` statements whose values are numbers
 * or lists of pairs, then the checks of each name's meaning, every message
 * with the line it points at.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/messages.h"
#include "common/parse.h"
#include "input/read_instance.h"

/* The largest file read: the benchmark files are a few hundred bytes. */
#define INSTANCE_MAX_BYTES (16u << 20)
/* Numbers beyond this are refused as too large, not wrapped. */
#define INSTANCE_MAX_NUMBER 1000000000LL

enum token_kind { TOKEN_END, TOKEN_NAME, TOKEN_NUMBER, TOKEN_PUNCT };

struct token {
    enum token_kind kind;
    long long line;
    const char *start; /* its text (a name's letters) */
    size_t len;
    long long value; /* a number's value */
};

/* One [a, b] of a list, with the line it stands on. */
struct pair {
    long long a, b;
    long long line;
};

struct pairs {
    struct pair *items;
    size_t count, cap;
    long long line; /* where the list's name stands; 0: not given */
};

struct parser {
    const char *p, *end;
    long long line;
    long long last_line; /* where the last token before the end stood */
    struct token tok;    /* the current token */
    long long fail_line;
    char *message;
    size_t size;
    bool failed;
    /* what the file defines */
    long long n, numdiags;
    long long n_line, numdiags_line; /* 0: not given */
    struct pairs init, blocks, diags;
};

static bool fail(struct parser *ps, long long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(struct parser *ps, long long line, const char *fmt, ...)
{
    if (ps->failed)
        return false;
    ps->failed = true;
    ps->fail_line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->message, ps->size, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Skips blanks, line ends and `$` comments. */
static void skip_space(struct parser *ps)
{
    while (ps->p < ps->end) {
        char c = *ps->p;
        if (c == '\n') {
            ps->line++;
        } else if (c == '$') {
            while (ps->p < ps->end && *ps->p != '\n')
                ps->p++;
            continue;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        ps->p++;
    }
}

/* Reads the next token into ps->tok; false (and the error set) on a
 * character no token starts with or a number too large. */
static bool next(struct parser *ps)
{
    skip_space(ps);
    struct token *t = &ps->tok;
    t->line = ps->line;
    t->start = ps->p;
    t->len = 0;
    if (ps->p == ps->end) {
        /* The end is reported where the text stopped, not on the empty
         * line after the last line break. */
        t->kind = TOKEN_END;
        t->line = ps->last_line > 0 ? ps->last_line : ps->line;
        return true;
    }
    ps->last_line = ps->line;
    char c = *ps->p;
    if (is_letter(c)) {
        while (ps->p < ps->end &&
               (is_letter(*ps->p) || is_digit(*ps->p) || *ps->p == '\''))
            ps->p++;
        t->kind = TOKEN_NAME;
        t->len = (size_t)(ps->p - t->start);
        return true;
    }
    if (is_digit(c) ||
        (c == '-' && ps->p + 1 < ps->end && is_digit(ps->p[1]))) {
        bool negative = c == '-';
        ps->p += negative;
        long long v = 0;
        while (ps->p < ps->end && is_digit(*ps->p)) {
            v = v * 10 + (*ps->p - '0');
            if (v > INSTANCE_MAX_NUMBER)
                return fail(ps, ps->line, "number too large");
            ps->p++;
        }
        t->kind = TOKEN_NUMBER;
        t->value = negative ? -v : v;
        t->len = (size_t)(ps->p - t->start);
        return true;
    }
    if (c == '[' || c == ']' || c == ',' || c == '=') {
        ps->p++;
        t->kind = TOKEN_PUNCT;
        t->len = 1;
        return true;
    }
    unsigned char byte = (unsigned char)c;
    if (byte >= 0x21 && byte < 0x7f)
        return fail(ps, ps->line, "unexpected '%c'", c);
    return fail(ps, ps->line, "unexpected byte \\x%02x", byte);
}

static bool is_punct(const struct token *t, char c)
{
    return t->kind == TOKEN_PUNCT && *t->start == c;
}

static bool is_name(const struct token *t, const char *name)
{
    return t->kind == TOKEN_NAME && t->len == strlen(name) &&
           memcmp(t->start, name, t->len) == 0;
}

/* Describes the current token for a message. */
static const char *token_words(const struct parser *ps, char *buf, size_t size)
{
    const struct token *t = &ps->tok;
    if (t->kind == TOKEN_END)
        return "the end of the file";
    int len = t->len > 24 ? 24 : (int)t->len;
    snprintf(buf, size, "'%.*s'", len, t->start);
    return buf;
}

/* Moves past punctuation `c`, or fails saying what was expected. */
static bool expect(struct parser *ps, char c, const char *what)
{
    if (is_punct(&ps->tok, c))
        return next(ps);
    char buf[40];
    return fail(ps, ps->tok.line, "expected %s, found %s", what,
                token_words(ps, buf, sizeof buf));
}

static bool expect_number(struct parser *ps, long long *value)
{
    if (ps->tok.kind != TOKEN_NUMBER) {
        char buf[40];
        return fail(ps, ps->tok.line, "expected a number, found %s",
                    token_words(ps, buf, sizeof buf));
    }
    *value = ps->tok.value;
    return next(ps);
}

static bool pairs_add(struct parser *ps, struct pairs *list, struct pair p)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? 2 * list->cap : 32;
        struct pair *grown = realloc(list->items, cap * sizeof *grown);
        if (grown == NULL)
            return fail(ps, 0, "out of memory");
        list->items = grown;
        list->cap = cap;
    }
    list->items[list->count++] = p;
    return true;
}

/* A list of pairs: [ [a, b], [a, b], ... ] (possibly empty). */
static bool parse_pairs(struct parser *ps, struct pairs *list)
{
    if (!expect(ps, '[', "'[' (a list of pairs such as [[1, 2], [3, 4]])"))
        return false;
    if (is_punct(&ps->tok, ']'))
        return next(ps);
    for (;;) {
        struct pair p = {.line = ps->tok.line};
        if (!expect(ps, '[', "'[' (a pair such as [1, 2])") ||
            !expect_number(ps, &p.a) || !expect(ps, ',', "','") ||
            !expect_number(ps, &p.b) ||
            !expect(ps, ']', "']' (a pair holds two numbers)") ||
            !pairs_add(ps, list, p))
            return false;
        if (is_punct(&ps->tok, ']'))
            return next(ps);
        if (!expect(ps, ',', "',' or ']'"))
            return false;
    }
}

/* One statement: [letting] NAME (= | be) VALUE. */
static bool parse_statement(struct parser *ps)
{
    if (is_name(&ps->tok, "letting") && !next(ps))
        return false;
    if (ps->tok.kind != TOKEN_NAME) {
        char buf[40];
        return fail(ps, ps->tok.line, "expected a name such as n, found %s",
                    token_words(ps, buf, sizeof buf));
    }
    struct token name = ps->tok;
    if (!next(ps))
        return false;
    if (is_name(&ps->tok, "be")) {
        if (!next(ps))
            return false;
    } else if (!expect(ps, '=', "'=' after the name")) {
        return false;
    }
    long long *number = NULL;
    long long *number_line = NULL;
    struct pairs *list = NULL;
    if (is_name(&name, "n")) {
        number = &ps->n;
        number_line = &ps->n_line;
    } else if (is_name(&name, "numdiags")) {
        number = &ps->numdiags;
        number_line = &ps->numdiags_line;
    } else if (is_name(&name, "init")) {
        list = &ps->init;
    } else if (is_name(&name, "blocks")) {
        list = &ps->blocks;
    } else if (is_name(&name, "diags")) {
        list = &ps->diags;
    } else {
        int len = name.len > 24 ? 24 : (int)name.len;
        return fail(ps, name.line,
                    "unknown name '%.*s' (an instance defines n, init, "
                    "blocks, numdiags or diags)",
                    len, name.start);
    }
    long long defined = number_line != NULL ? *number_line : list->line;
    if (defined != 0) {
        int len = (int)name.len;
        return fail(ps, name.line,
                    "'%.*s' is defined twice (also on line %lld)", len,
                    name.start, defined);
    }
    if (number != NULL) {
        *number_line = name.line;
        return expect_number(ps, number);
    }
    list->line = name.line;
    return parse_pairs(ps, list);
}

/* The queens of init that attack each other, or one that stands where
 * blocks or the diags applied rule a queen out, named in the file's own
 * notation at the line of the later queen's pair (`line_of[r]`: the line
 * of row r's pair). */
static bool instance_conflict(struct parser *ps, const struct instance *in,
                              const long long *line_of,
                              const nq_complete_conflict *c)
{
    int ra = c->row_a, ca = in->given[ra];
    int rb = c->row_b, cb = in->given[rb];
    long long line = line_of[ra] > line_of[rb] ? line_of[ra] : line_of[rb];
    switch (c->kind) {
    case NQ_COMPLETE_ON_BLOCKED:
        return fail(ps, line,
                    "init: queen [%d, %d] stands on a blocked square "
                    "(blocks: [%d, %d])",
                    ra, ca, ra + 1, ca + 1);
    case NQ_COMPLETE_ON_EXCLUDED_SUM:
        return fail(ps, line,
                    "init: queen [%d, %d] stands on an excluded diagonal "
                    "(diags: [%d, 1])",
                    ra, ca, ra + ca);
    case NQ_COMPLETE_ON_EXCLUDED_DIFF:
        return fail(ps, line,
                    "init: queen [%d, %d] stands on an excluded diagonal "
                    "(diags: [%d, 0])",
                    ra, ca, ra - ca + in->n - 1);
    case NQ_COMPLETE_SAME_COLUMN:
        return fail(ps, line,
                    "init: queens [%d, %d] and [%d, %d] attack each other "
                    "in column %d",
                    ra, ca, rb, cb, ca);
    default:
        return fail(ps, line,
                    "init: queens [%d, %d] and [%d, %d] attack each other "
                    "on a %sdiagonal",
                    ra, ca, rb, cb,
                    c->kind == NQ_COMPLETE_SAME_DIAGONAL ? "" : "anti-");
    }
}

/* Checks what the file defines and fills `out`. */
static bool instance_build(struct parser *ps, int first_diagonals,
                           struct instance *out)
{
    if (ps->n_line == 0)
        return fail(ps, 0, "no board size: the file must define n");
    long long n = ps->n;
    if (n < 1 || n > NQ_MAX_N)
        return fail(ps, ps->n_line, "n = %lld: boards from 1 to %d are read", n,
                    NQ_MAX_N);
    memset(out, 0, sizeof *out);
    out->n = (int)n;
    long long line_of[NQ_MAX_N] = {0};
    for (int r = 0; r < NQ_MAX_N; r++)
        out->given[r] = NQ_COMPLETE_FREE_ROW;
    for (size_t i = 0; i < ps->init.count; i++) {
        const struct pair *p = &ps->init.items[i];
        if (p->a < 0 || p->a >= n || p->b < 0 || p->b >= n)
            return fail(ps, p->line,
                        "init: queen [%lld, %lld] is off the board (rows "
                        "and columns of init run from 0 to %lld)",
                        p->a, p->b, n - 1);
        int r = (int)p->a;
        if (out->given[r] != NQ_COMPLETE_FREE_ROW && out->given[r] != p->b)
            return fail(ps, p->line,
                        "init: queens [%d, %d] and [%lld, %lld] share row %d",
                        r, out->given[r], p->a, p->b, r);
        out->given[r] = (int)p->b;
        line_of[r] = p->line;
    }
    for (size_t i = 0; i < ps->blocks.count; i++) {
        const struct pair *p = &ps->blocks.items[i];
        if (p->a < 1 || p->a > n || p->b < 1 || p->b > n)
            return fail(ps, p->line,
                        "blocks: square [%lld, %lld] is off the board (rows "
                        "and columns of blocks run from 1 to %lld)",
                        p->a, p->b, n);
        out->excluded.blocked[p->a - 1] |= 1ull << (p->b - 1);
    }
    out->diagonals = ps->diags.line != 0 ? (int)ps->diags.count : -1;
    if (ps->numdiags_line != 0 && ps->diags.line == 0)
        return fail(ps, ps->numdiags_line, "numdiags without a diags list");
    if (ps->numdiags_line != 0 && ps->numdiags != (long long)ps->diags.count)
        return fail(ps, ps->numdiags_line,
                    "numdiags = %lld, but diags lists %zu pair%s", ps->numdiags,
                    ps->diags.count, ps->diags.count == 1 ? "" : "s");
    if (first_diagonals >= 0 && ps->diags.line == 0)
        return fail(ps, 0, "--first-diagonals: the file has no diags list");
    if (first_diagonals > (int)ps->diags.count)
        return fail(ps, ps->diags.line,
                    "--first-diagonals %d, but diags lists %zu pair%s",
                    first_diagonals, ps->diags.count,
                    ps->diags.count == 1 ? "" : "s");
    size_t used =
        first_diagonals >= 0 ? (size_t)first_diagonals : ps->diags.count;
    out->diagonals_used = (int)used;
    /* Every pair is checked, the ones left out by --first-diagonals too: a
     * malformed file is one whatever part of it is applied. */
    for (size_t i = 0; i < ps->diags.count; i++) {
        const struct pair *p = &ps->diags.items[i];
        if (p->b != 0 && p->b != 1)
            return fail(ps, p->line,
                        "diags: [%lld, %lld]: the type is 1 (a sum diagonal) "
                        "or 0 (a difference diagonal)",
                        p->a, p->b);
        if (p->a < 0 || p->a > 2 * n - 2)
            return fail(ps, p->line,
                        "diags: [%lld, %lld]: diagonal %lld is off the board "
                        "(diagonals run from 0 to %lld)",
                        p->a, p->b, p->a, 2 * n - 2);
        if (i >= used)
            continue;
        uint64_t *set = p->b == 1 ? out->excluded.sum : out->excluded.diff;
        set[p->a >> 6] |= 1ull << (p->a & 63);
    }
    nq_complete_options check;
    nq_complete_options_init(&check, NQ_COMPLETE_OPTIONS_VERSION);
    check.exclusions = &out->excluded;
    nq_complete_conflict conflict;
    if (nq_complete_check_options(out->n, out->given, &check, &conflict) ==
        NQ_E_CONFLICT)
        return instance_conflict(ps, out, line_of, &conflict);
    return true;
}

int instance_parse(const char *text, size_t len, int first_diagonals,
                   struct instance *out, long long *line, char *message,
                   size_t size)
{
    struct parser ps;
    memset(&ps, 0, sizeof ps);
    ps.p = text;
    ps.end = text + len;
    /* A UTF-8 byte-order mark, as some editors save a file, is no text. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        ps.p += 3;
    ps.line = 1;
    ps.message = message;
    ps.size = size;
    bool ok = next(&ps);
    /* Essence files may open with the language line. */
    if (ok && is_name(&ps.tok, "language")) {
        while (ps.p < ps.end && *ps.p != '\n')
            ps.p++;
        ok = next(&ps);
    }
    while (ok && ps.tok.kind != TOKEN_END)
        ok = parse_statement(&ps);
    if (ok)
        ok = instance_build(&ps, first_diagonals, out);
    free(ps.init.items);
    free(ps.blocks.items);
    free(ps.diags.items);
    *line = ok ? 0 : ps.fail_line;
    return ok ? 0 : -1;
}

/* Reads all of `f` into a malloc'ed buffer; NULL with errno or *too_large
 * set. */
static char *slurp(FILE *f, size_t *len, bool *too_large)
{
    size_t cap = 4096;
    size_t used = 0;
    char *buf = malloc(cap);
    *too_large = false;
    while (buf != NULL) {
        size_t got = fread(buf + used, 1, cap - used, f);
        used += got;
        if (used < cap) {
            if (ferror(f)) {
                free(buf);
                return NULL;
            }
            *len = used;
            return buf;
        }
        if (cap >= INSTANCE_MAX_BYTES) {
            *too_large = true;
            free(buf);
            return NULL;
        }
        char *grown = realloc(buf, cap * 2);
        if (grown == NULL)
            free(buf);
        buf = grown;
        cap *= 2;
    }
    return NULL;
}

int read_instance(const char *path, int first_diagonals, struct instance *out)
{
    bool from_stdin = strcmp(path, "-") == 0;
    char source[272];
    if (from_stdin) {
        snprintf(source, sizeof source, "standard input");
    } else {
        char quoted[256];
        snprintf(source, sizeof source, "'%s'",
                 cli_quote(path, quoted, sizeof quoted));
    }
    if (from_stdin && isatty(STDIN_FILENO))
        cli_note("reading an instance from the terminal; end it with Ctrl-D");
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (f == NULL)
        return cli_error("cannot read %s: %s", source, strerror(errno));
    size_t len = 0;
    bool too_large = false;
    errno = 0;
    char *text = slurp(f, &len, &too_large);
    int saved = errno;
    if (!from_stdin)
        fclose(f);
    if (text == NULL && too_large)
        return cli_error("%s: more than %u bytes: not an instance file", source,
                         INSTANCE_MAX_BYTES);
    if (text == NULL)
        return cli_error("cannot read %s: %s", source,
                         saved != 0 ? strerror(saved) : "read error");
    long long line = 0;
    char message[192];
    int rc = instance_parse(text, len, first_diagonals, out, &line, message,
                            sizeof message);
    free(text);
    if (rc == 0)
        return 0;
    if (line > 0)
        return cli_error("%s, line %lld: %s", source, line, message);
    return cli_error("%s: %s", source, message);
}
