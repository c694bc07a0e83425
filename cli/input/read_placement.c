/*
 * read_placement.c - reads a placement given as a vector of column numbers
 * or as a drawn board (see read_placement.h for the accepted text).
 *
 * The reader is a push parser: blocks of bytes are fed to it as they come,
 * so a file and a buffer take the same path, and nothing but the placement
 * itself is kept. Until the first line shows which kind of input it is, the
 * bytes that could start either are held back and replayed once it does.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/read_placement.h"
#include "nqueens.h"

/* Bytes read from a stream at a time. */
#define READ_BLOCK (1u << 20)

enum reader_mode {
    MODE_DETECT, /* before the first line has shown the kind of input */
    MODE_TITLE,  /* inside a title line "Solution K:" */
    MODE_VECTOR, /* column numbers */
    MODE_BOARD   /* rows of cells */
};

struct reader {
    struct placement_options opt;
    struct placement_error *error;
    int failed; /* 0, or the code of the first error */
    enum reader_mode mode;
    long long line; /* position of the next byte, 1-based */
    long long column;
    long long eol_column; /* column of the last newline read */
    int *cols;            /* the placement being built */
    size_t count;         /* entries of cols filled */
    size_t cap;           /* entries cols has room for */
    long long max_n;      /* the largest n accepted */

    /* detection: the start of the first line, held back while undecided */
    char *pending;
    size_t pending_len;
    size_t pending_cap;
    long long pending_line; /* where the held-back bytes start */
    long long pending_column;
    bool pending_dash; /* a '-' is among them: a board, not a vector */
    bool title_seen;   /* the one allowed title line was read */

    /* a title line */
    char title[40];   /* its first bytes */
    size_t title_len; /* bytes of the line so far (may exceed title) */
    long long title_line;

    /* vector */
    bool in_number;        /* inside the digits of a number */
    uint32_t value;        /* the number so far */
    long long number_line; /* where it started */
    long long number_column;
    bool after_number;   /* the last token was a number (a comma may come) */
    long long max_value; /* the largest value read, -1 before any */
    long long max_line;  /* where it was */
    long long max_column;

    /* board */
    long long width;  /* cells of the first row, -1 before it */
    long long cells;  /* cells of the current row so far */
    long long queen;  /* 0-based cell of the row's queen, -1 if none */
    bool board_ended; /* a blank line followed the rows */

    /* blocked squares (read_blocked) and what tells `#` apart; the fields
     * are ordered by size, so that the struct has no holes */
    bool any_blocked;         /* some `#` was read */
    char first_empty;         /* the first glyph that drew an empty square */
    char mixed_glyph;         /* a second one, 0 if none */
    unsigned empty_glyphs;    /* which of ". x - _ 0" drew empty squares */
    unsigned blocked_colours; /* bit (r + c) % 2 for each `#` */
    unsigned empty_colours;   /* the same for each empty square */
    long long mixed_line;     /* where the second empty glyph appeared */
    long long mixed_column;
    long long blocked_line; /* where the first `#` stands */
    long long blocked_column;
    uint64_t blocked[64]; /* bit c of blocked[r]: a `#` there */
};

/* ---- errors ------------------------------------------------------------ */

static void reader_fail(struct reader *r, int code, long long line,
                        long long column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void reader_fail(struct reader *r, int code, long long line,
                        long long column, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = code;
    r->error->code = code;
    r->error->line = line;
    r->error->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error->message, sizeof r->error->message, fmt, ap);
    va_end(ap);
}

/* Writes `byte` for a message: 'c' for a printable one, else \xHH. */
static const char *describe_byte(unsigned char byte, char buf[16])
{
    if (byte >= 0x21 && byte < 0x7f)
        snprintf(buf, 16, "'%c'", byte);
    else
        snprintf(buf, 16, "byte \\x%02x", byte);
    return buf;
}

static void fail_unexpected(struct reader *r, unsigned char byte,
                            const char *expected)
{
    char what[16];
    reader_fail(r, NQ_E_PARSE, r->line, r->column, "unexpected %s: %s",
                describe_byte(byte, what), expected);
}

/* ---- the placement being built ----------------------------------------- */

/* Makes room for one more entry; false (and the error set) when it fails. */
static bool cols_reserve(struct reader *r)
{
    if (r->count < r->cap)
        return true;
    size_t cap = r->cap ? r->cap * 2 : 1024;
    if (cap > (size_t)r->max_n)
        cap = (size_t)r->max_n;
    if (cap <= r->count || cap > SIZE_MAX / sizeof(int)) {
        reader_fail(r, NQ_E_NOMEM, 0, 0, "out of memory");
        return false;
    }
    int *grown = realloc(r->cols, cap * sizeof(int));
    if (grown == NULL) {
        reader_fail(r, NQ_E_NOMEM, 0, 0, "out of memory");
        return false;
    }
    r->cols = grown;
    r->cap = cap;
    return true;
}

/* ---- vectors ------------------------------------------------------------ */

/* A number of a vector is complete: check what can be checked now. */
static void vector_number_done(struct reader *r)
{
    r->in_number = false;
    r->after_number = true;
    long long v = r->value;
    if (v < r->opt.base) {
        reader_fail(r, NQ_E_PARSE, r->number_line, r->number_column,
                    r->opt.base_fixed
                        ? "0 is not a column: JSON columns are numbered "
                          "from 1, whatever --base says"
                        : "0 is not a column: columns are numbered from 1 "
                          "(use --base 0 for 0-based columns)");
        return;
    }
    if ((long long)r->count >= r->max_n) {
        if (r->opt.expected_n > 0)
            reader_fail(r, NQ_E_PARSE, r->number_line, r->number_column,
                        "more than the %d values expected", r->opt.expected_n);
        else
            reader_fail(r, NQ_E_PARSE, r->number_line, r->number_column,
                        "more than %lld values", r->max_n);
        return;
    }
    if (v > r->max_value) {
        r->max_value = v;
        r->max_line = r->number_line;
        r->max_column = r->number_column;
    }
    if (!cols_reserve(r))
        return;
    r->cols[r->count++] = (int)(v - r->opt.base);
}

/* A '.' of a vector: a row without a queen. */
static void vector_empty_row(struct reader *r)
{
    r->after_number = true;
    if ((long long)r->count >= r->max_n) {
        if (r->opt.expected_n > 0)
            reader_fail(r, NQ_E_PARSE, r->number_line, r->number_column,
                        "more than the %d values expected", r->opt.expected_n);
        else
            reader_fail(r, NQ_E_PARSE, r->number_line, r->number_column,
                        "more than %lld values", r->max_n);
        return;
    }
    if (cols_reserve(r))
        r->cols[r->count++] = -1;
}

static void vector_feed(struct reader *r, const unsigned char *p, size_t len)
{
    /* The hot loop works on local copies of the position and the number. */
    long long line = r->line, column = r->column;
    uint32_t value = r->value;
    bool in_number = r->in_number;
    for (size_t i = 0; i < len && !r->failed; i++) {
        unsigned char c = p[i];
        unsigned digit = (unsigned)c - '0';
        if (digit < 10) {
            if (!in_number) {
                in_number = true;
                value = 0;
                r->number_line = line;
                r->number_column = column;
            }
            if (value > (INT_MAX - digit) / 10) {
                reader_fail(r, NQ_E_PARSE, r->number_line, r->number_column,
                            "number too large for a column");
                break;
            }
            value = value * 10 + digit;
            column++;
            continue;
        }
        if (in_number) {
            r->value = value;
            vector_number_done(r);
            in_number = false;
            if (r->failed)
                break;
        }
        r->line = line;
        r->column = column;
        switch (c) {
        case ' ':
        case '\t':
        case '\r':
            column++;
            break;
        case '\n':
            r->eol_column = column;
            line++;
            column = 1;
            break;
        case ',':
            if (!r->after_number) {
                reader_fail(r, NQ_E_PARSE, line, column,
                            "a comma must follow a number");
                break;
            }
            r->after_number = false;
            column++;
            break;
        case '-':
            reader_fail(r, NQ_E_PARSE, line, column,
                        "a column number cannot be negative");
            break;
        case '.':
            /* A row without a queen, where such rows are allowed. */
            if (!r->opt.allow_empty_rows) {
                fail_unexpected(r, c,
                                "a vector holds column numbers separated "
                                "by spaces, commas or newlines");
                break;
            }
            r->number_line = line;
            r->number_column = column;
            vector_empty_row(r);
            column++;
            break;
        default:
            fail_unexpected(r, c,
                            "a vector holds column numbers separated "
                            "by spaces, commas or newlines");
            break;
        }
    }
    r->value = value;
    r->in_number = in_number;
    if (!r->failed) {
        r->line = line;
        r->column = column;
    }
}

/* An input that ends with no placement: named at its last line read (an
 * empty line is line 1, as is an empty input), not at the line after the
 * last newline, which nobody wrote. */
static void fail_no_placement(struct reader *r)
{
    bool after_newline = r->column == 1 && r->line > 1;
    reader_fail(r, NQ_E_PARSE, after_newline ? r->line - 1 : r->line, 1,
                "no placement given");
}

/* Where the input ended, for what is missing at its end: after a final
 * newline, the end of the line before it (no one wrote the line after). */
static void end_position(const struct reader *r, long long *line,
                         long long *column)
{
    *line = r->line;
    *column = r->column;
    if (r->column == 1 && r->line > 1) {
        *line = r->line - 1;
        *column = r->eol_column > 0 ? r->eol_column : 1;
    }
}

static void vector_finish(struct reader *r)
{
    if (r->in_number)
        vector_number_done(r);
    if (r->failed)
        return;
    if (r->count == 0) {
        fail_no_placement(r);
        return;
    }
    if (r->opt.expected_n > 0 && r->count != (size_t)r->opt.expected_n) {
        long long line, column;
        end_position(r, &line, &column);
        reader_fail(r, NQ_E_PARSE, line, column, "%zu values, expected %d",
                    r->count, r->opt.expected_n);
        return;
    }
    long long last = (long long)r->count - 1 + r->opt.base;
    if (r->max_value > last)
        reader_fail(r, NQ_E_PARSE, r->max_line, r->max_column,
                    "%lld is off the board: %zu value%s place%s %zu "
                    "queen%s on columns %d to %lld",
                    r->max_value, r->count, r->count == 1 ? "" : "s",
                    r->count == 1 ? "s" : "", r->count,
                    r->count == 1 ? "" : "s", r->opt.base, last);
}

/* ---- boards -------------------------------------------------------------- */

/* A line of the board ends (at r->line, r->column). */
static void board_row_done(struct reader *r)
{
    if (r->cells == 0) { /* a blank line */
        if (r->count > 0)
            r->board_ended = true;
        return;
    }
    if (r->width < 0) {
        if (r->cells > r->max_n) {
            if (r->opt.expected_n > 0)
                reader_fail(r, NQ_E_PARSE, r->line, r->column,
                            "row 1 has %lld cells, expected %d", r->cells,
                            r->opt.expected_n);
            else
                reader_fail(r, NQ_E_PARSE, r->line, r->column,
                            "row 1 has %lld cells, more than %lld", r->cells,
                            r->max_n);
            return;
        }
        if (r->opt.expected_n > 0 && r->cells != r->opt.expected_n) {
            reader_fail(r, NQ_E_PARSE, r->line, r->column,
                        "row 1 has %lld cells, expected %d", r->cells,
                        r->opt.expected_n);
            return;
        }
        r->width = r->cells;
        r->cols = malloc((size_t)r->width * sizeof(int));
        if (r->cols == NULL) {
            reader_fail(r, NQ_E_NOMEM, 0, 0, "out of memory");
            return;
        }
        r->cap = (size_t)r->width;
    } else if (r->cells != r->width) {
        reader_fail(r, NQ_E_PARSE, r->line, r->column,
                    "row %zu has %lld cells, row 1 has %lld", r->count + 1,
                    r->cells, r->width);
        return;
    }
    if ((long long)r->count == r->width) {
        reader_fail(r, NQ_E_PARSE, r->line, 1,
                    "more rows than the %lld columns of row 1: a board is "
                    "square",
                    r->width);
        return;
    }
    if (r->queen < 0 && !r->opt.allow_empty_rows) {
        reader_fail(r, NQ_E_PARSE, r->line, r->column, "row %zu holds no queen",
                    r->count + 1);
        return;
    }
    r->cols[r->count++] = (int)r->queen;
    r->cells = 0;
    r->queen = -1;
}

/* With read_blocked: records a square that holds no queen (the cell
 * r->cells of row r->count), blocked or empty, and how it was drawn. */
static void board_note_square(struct reader *r, unsigned char c)
{
    unsigned colour = 1u << ((r->count + (size_t)r->cells) & 1);
    if (c == '#') {
        if (!r->any_blocked) {
            r->blocked_line = r->line;
            r->blocked_column = r->column;
        }
        r->any_blocked = true;
        r->blocked_colours |= colour;
        if (r->count < 64 && r->cells < 64)
            r->blocked[r->count] |= 1ull << r->cells;
        return;
    }
    static const char empties[] = ".x-_0";
    unsigned glyph = 1u << (strchr(empties, c) - empties);
    r->empty_colours |= colour;
    if (r->empty_glyphs == 0)
        r->first_empty = (char)c;
    else if ((r->empty_glyphs & glyph) == 0 && r->mixed_glyph == 0) {
        r->mixed_glyph = (char)c;
        r->mixed_line = r->line;
        r->mixed_column = r->column;
    }
    r->empty_glyphs |= glyph;
}

/* With read_blocked, at the end of a board: refuses a board on which `#`
 * could mean an empty square (see read_placement.h). */
static void board_check_glyphs(struct reader *r)
{
    if (r->mixed_glyph != 0) {
        reader_fail(r, NQ_E_PARSE, r->mixed_line, r->mixed_column,
                    "empty squares drawn both '%c' and '%c': draw them one "
                    "way, and blocked squares '#'",
                    r->first_empty, r->mixed_glyph);
        return;
    }
    if (!r->any_blocked)
        return;
    if (r->empty_glyphs == 0) {
        reader_fail(r, NQ_E_PARSE, r->blocked_line, r->blocked_column,
                    "every square without a queen is '#', which marks a "
                    "blocked square: draw empty squares '.'");
        return;
    }
    bool one_colour_each =
        (r->blocked_colours == 1 || r->blocked_colours == 2) &&
        (r->empty_colours | r->blocked_colours) == 3 &&
        (r->empty_colours & r->blocked_colours) == 0;
    if (one_colour_each)
        reader_fail(r, NQ_E_PARSE, r->blocked_line, r->blocked_column,
                    "the '#' squares alternate with the empty ones like a "
                    "chessboard's dark squares: draw every empty square '%c' "
                    "and mark only blocked squares '#'",
                    r->first_empty);
}

static void board_feed(struct reader *r, const unsigned char *p, size_t len)
{
    for (size_t i = 0; i < len && !r->failed; i++) {
        unsigned char c = p[i];
        switch (c) {
        case '\n':
            board_row_done(r);
            r->cells = 0;
            r->queen = -1;
            r->eol_column = r->column;
            r->line++;
            r->column = 1;
            continue;
        case ' ':
        case '\t':
        case '\r':
            r->column++;
            continue;
        case 'Q':
        case 'q':
        case '.':
        case '#':
        case 'x':
        case '-':
        case '_':
        case '0':
            break;
        default:
            fail_unexpected(r, c,
                            r->opt.read_blocked
                                ? "a board row holds Q or q for a queen, # "
                                  "for a blocked square and . x - _ 0 for "
                                  "an empty square"
                                : "a board row holds Q or q for a queen and "
                                  ". # x - _ 0 for an empty square");
            return;
        }
        if (r->board_ended) {
            reader_fail(r, NQ_E_PARSE, r->line, r->column,
                        "more text after the blank line that ends the board");
            return;
        }
        if (r->width < 0 && r->cells >= r->max_n) {
            reader_fail(r, NQ_E_PARSE, r->line, r->column,
                        "row 1 has more than %lld cells", r->max_n);
            return;
        }
        if (r->width >= 0 && r->cells >= r->width) {
            reader_fail(r, NQ_E_PARSE, r->line, r->column,
                        "row %zu has more than the %lld cells of row 1",
                        r->count + 1, r->width);
            return;
        }
        if (r->opt.read_blocked && c != 'Q' && c != 'q')
            board_note_square(r, c);
        if (c == 'Q' || c == 'q') {
            if (r->queen >= 0) {
                reader_fail(r, NQ_E_CONFLICT, r->line, r->column,
                            "row %zu holds a second queen (cells %lld and "
                            "%lld)",
                            r->count + 1, r->queen + 1, r->cells + 1);
                return;
            }
            r->queen = r->cells;
        }
        r->cells++;
        r->column++;
    }
}

static void board_finish(struct reader *r)
{
    if (r->cells > 0)
        board_row_done(r);
    if (r->failed)
        return;
    if (r->count == 0) {
        fail_no_placement(r);
        return;
    }
    long long line, column;
    end_position(r, &line, &column);
    if ((long long)r->count < r->width)
        reader_fail(r, NQ_E_PARSE, line, column,
                    "the board has %zu rows of %lld cells: a board is square",
                    r->count, r->width);
    else if (r->opt.read_blocked)
        board_check_glyphs(r);
}

/* ---- telling vector from board ------------------------------------------ */

static void feed(struct reader *r, const unsigned char *p, size_t len);

/* The kind is known: replay what was held back, in its place. */
static void detect_decided(struct reader *r, enum reader_mode mode)
{
    r->mode = mode;
    long long line = r->line, column = r->column;
    r->line = r->pending_line;
    r->column = r->pending_column;
    size_t held = r->pending_len;
    r->pending_len = 0;
    feed(r, (const unsigned char *)r->pending, held);
    if (!r->failed) {
        /* r->pending stays owned by the reader (freed by reader_end); the
         * analyzer loses it across the recursive feed(). */
        // NOLINTNEXTLINE(clang-analyzer-unix.Malloc)
        r->line = line;
        r->column = column;
    }
}

static bool detect_hold(struct reader *r, unsigned char c)
{
    if (r->pending_len == r->pending_cap) {
        size_t cap = r->pending_cap ? r->pending_cap * 2 : 64;
        char *grown = realloc(r->pending, cap);
        if (grown == NULL) {
            reader_fail(r, NQ_E_NOMEM, 0, 0, "out of memory");
            return false;
        }
        r->pending = grown;
        r->pending_cap = cap;
    }
    if (r->pending_len == 0) {
        r->pending_line = r->line;
        r->pending_column = r->column;
    }
    r->pending[r->pending_len++] = (char)c;
    return true;
}

/* Consumes bytes until the kind of input is known; returns how many. */
static size_t detect_feed(struct reader *r, const unsigned char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = p[i];
        bool started = r->pending_len > 0;
        switch (c) {
        case '\n':
            if (started) {
                /* A first line of zeros (and dashes): see the header. */
                detect_decided(r, r->pending_dash ? MODE_BOARD : MODE_VECTOR);
                return i;
            }
            r->line++;
            r->column = 1;
            continue;
        case ' ':
        case '\t':
        case '\r':
            if (started) {
                if (!detect_hold(r, c))
                    return len;
            }
            r->column++;
            continue;
        case '0':
        case '-':
            if (c == '-')
                r->pending_dash = true;
            if (!detect_hold(r, c))
                return len;
            r->column++;
            continue;
        case 'Q':
        case 'q':
        case '.':
        case '#':
        case 'x':
        case '_':
            detect_decided(r, MODE_BOARD);
            return i;
        case ',':
            detect_decided(r, MODE_VECTOR);
            return i;
        case 'S':
            if (!started && !r->title_seen) {
                r->mode = MODE_TITLE;
                r->title_len = 0;
                r->title_line = r->line;
                return i;
            }
            break;
        default:
            if (c >= '1' && c <= '9') {
                detect_decided(r, MODE_VECTOR);
                return i;
            }
            break;
        }
        if (c == '{' || c == '[')
            fail_unexpected(r, c,
                            "JSON is read as one object a line with a "
                            "\"queens\" array, as solve --json writes it; "
                            "or give the columns as a vector (2 4 1 3)");
        else if (c == '<')
            fail_unexpected(r, c,
                            "an SVG picture is not read back; write the "
                            "placements with --format vector, json, csv or "
                            "board");
        else
            fail_unexpected(r, c,
                            "expected column numbers or the rows of a board");
        return len;
    }
    return len;
}

/* True when the title line reads "Solution K:" (spaces allowed at its end). */
static bool title_is_valid(const char *t, size_t len)
{
    static const char word[] = "Solution";
    size_t i = sizeof word - 1;
    if (len < i + 3 || memcmp(t, word, i) != 0)
        return false;
    if (t[i] != ' ')
        return false;
    while (i < len && t[i] == ' ')
        i++;
    size_t digits = 0;
    while (i < len && t[i] >= '0' && t[i] <= '9') {
        i++;
        digits++;
    }
    if (digits == 0 || i == len || t[i] != ':')
        return false;
    for (i++; i < len; i++) {
        if (t[i] != ' ' && t[i] != '\t' && t[i] != '\r')
            return false;
    }
    return true;
}

static size_t title_feed(struct reader *r, const unsigned char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '\n') {
            if (r->title_len > sizeof r->title ||
                !title_is_valid(r->title, r->title_len)) {
                reader_fail(r, NQ_E_PARSE, r->title_line, 1,
                            "a title line must read 'Solution K:'");
                return len;
            }
            r->title_seen = true;
            r->mode = MODE_DETECT;
            r->line++;
            r->column = 1;
            return i + 1;
        }
        if (r->title_len < sizeof r->title)
            r->title[r->title_len] = (char)p[i];
        r->title_len++;
        r->column++;
    }
    return len;
}

static void feed(struct reader *r, const unsigned char *p, size_t len)
{
    while (len > 0 && !r->failed) {
        size_t used = len;
        switch (r->mode) {
        case MODE_DETECT:
            used = detect_feed(r, p, len);
            break;
        case MODE_TITLE:
            used = title_feed(r, p, len);
            break;
        case MODE_VECTOR:
            vector_feed(r, p, len);
            break;
        case MODE_BOARD:
            board_feed(r, p, len);
            break;
        }
        p += used;
        len -= used;
    }
}

static void finish(struct reader *r)
{
    if (r->failed)
        return;
    if (r->mode == MODE_TITLE) {
        /* A title without a newline after it is a title of nothing. */
        fail_no_placement(r);
        return;
    }
    if (r->mode == MODE_DETECT) {
        if (r->pending_len == 0) {
            fail_no_placement(r);
            return;
        }
        detect_decided(r, r->pending_dash ? MODE_BOARD : MODE_VECTOR);
        if (r->failed)
            return;
    }
    if (r->mode == MODE_VECTOR)
        vector_finish(r);
    else
        board_finish(r);
}

/* ---- the entry points --------------------------------------------------- */

void placement_options_init(struct placement_options *options)
{
    memset(options, 0, sizeof *options);
    options->base = 1;
}

static bool reader_init(struct reader *r, const struct placement_options *o,
                        struct placement *out, struct placement_error *error)
{
    memset(r, 0, sizeof *r);
    memset(out, 0, sizeof *out);
    memset(error, 0, sizeof *error);
    r->error = error;
    if (o != NULL)
        r->opt = *o;
    else
        placement_options_init(&r->opt);
    r->mode = r->opt.vector_only  ? MODE_VECTOR
              : r->opt.board_only ? MODE_BOARD
                                  : MODE_DETECT;
    r->line = 1;
    r->column = 1;
    r->max_value = -1;
    r->width = -1;
    r->queen = -1;
    r->max_n = INT_MAX;
    if (r->opt.max_n > 0)
        r->max_n = r->opt.max_n;
    if (r->opt.expected_n > 0 && r->opt.expected_n < r->max_n)
        r->max_n = r->opt.expected_n;
    if ((r->opt.base != 0 && r->opt.base != 1) || r->opt.expected_n < 0 ||
        r->opt.max_n < 0 ||
        (r->opt.read_blocked && (r->opt.max_n < 1 || r->opt.max_n > 64))) {
        reader_fail(r, NQ_E_INVAL, 0, 0, "invalid reader options");
        return false;
    }
    return true;
}

/* Hands the placement over, or cleans up after a failure. */
static int reader_end(struct reader *r, struct placement *out)
{
    free(r->pending);
    if (r->failed) {
        free(r->cols);
        return r->failed;
    }
    out->n = (int)r->count;
    out->cols = r->cols;
    out->format = r->mode == MODE_BOARD ? PLACEMENT_BOARD : PLACEMENT_VECTOR;
    if (r->any_blocked && r->mode == MODE_BOARD) {
        out->blocked = malloc(r->count * sizeof(uint64_t));
        if (out->blocked == NULL) {
            free(r->cols);
            out->cols = NULL;
            out->n = 0;
            r->error->code = NQ_E_NOMEM;
            snprintf(r->error->message, sizeof r->error->message,
                     "out of memory");
            return NQ_E_NOMEM;
        }
        memcpy(out->blocked, r->blocked, r->count * sizeof(uint64_t));
    }
    /* Give back what doubling reserved beyond n. */
    if (r->cap > r->count) {
        int *fit = realloc(out->cols, r->count * sizeof(int));
        if (fit != NULL)
            out->cols = fit;
    }
    return 0;
}

int placement_read_buffer(const char *data, size_t len,
                          const struct placement_options *options,
                          struct placement *out, struct placement_error *error)
{
    struct reader r;
    if (reader_init(&r, options, out, error)) {
        feed(&r, (const unsigned char *)data, len);
        finish(&r);
    }
    return reader_end(&r, out);
}

int placement_read_file(FILE *stream, const struct placement_options *options,
                        struct placement *out, struct placement_error *error)
{
    return placement_read_file_after(NULL, 0, stream, options, out, error);
}

int placement_read_file_after(const char *prefix, size_t len, FILE *stream,
                              const struct placement_options *options,
                              struct placement *out,
                              struct placement_error *error)
{
    struct reader r;
    if (!reader_init(&r, options, out, error))
        return reader_end(&r, out);
    feed(&r, (const unsigned char *)prefix, len);
    unsigned char *block = malloc(READ_BLOCK);
    if (block == NULL) {
        reader_fail(&r, NQ_E_NOMEM, 0, 0, "out of memory");
        return reader_end(&r, out);
    }
    while (!r.failed) {
        size_t got = fread(block, 1, READ_BLOCK, stream);
        feed(&r, block, got);
        if (got < READ_BLOCK) {
            if (ferror(stream)) {
                int e = errno;
                reader_fail(&r, NQ_E_IO, 0, 0, "read error: %s", strerror(e));
                r.error->errno_value = e;
            }
            break;
        }
    }
    free(block);
    finish(&r);
    return reader_end(&r, out);
}

int placement_read_pieces(const char *prefix, size_t len,
                          placement_more_fn *more, void *context,
                          const struct placement_options *options,
                          struct placement *out, struct placement_error *error)
{
    struct reader r;
    if (reader_init(&r, options, out, error)) {
        feed(&r, (const unsigned char *)prefix, len);
        const unsigned char *piece;
        size_t got;
        while (!r.failed && (got = more(context, &piece)) > 0)
            feed(&r, piece, got);
        finish(&r);
    }
    return reader_end(&r, out);
}

void placement_free(struct placement *placement)
{
    free(placement->cols);
    placement->cols = NULL;
    free(placement->blocked);
    placement->blocked = NULL;
    placement->n = 0;
}
