/*
 * read_stream.c - cuts a stream into records and reads each with the
 * placement reader (see read_stream.h for the formats).
 *
 * The input is read a line at a time. A record's text (the numbers of a
 * vector, JSON or CSV line, or the rows of one board) is handed to
 * placement_read_buffer(); its error positions are moved to the record's
 * line and column in the stream.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "input/read_stream.h"
#include "nqueens.h"

struct stream_reader {
    FILE *f;
    struct stream_options opt;
    enum stream_format format;
    char *line;         /* the current line, without its line ending */
    size_t line_cap;    /* bytes allocated at line */
    size_t line_len;    /* bytes of the current line */
    bool held;          /* the current line is not consumed yet */
    bool at_end;        /* no more lines */
    int read_errno;     /* the stream failed: its errno, else 0 */
    bool whole_vector;  /* the older form: the input is one vector */
    long long line_no;  /* number of the current line */
    long long records;  /* records handed out so far */
    int csv_skip_index; /* the CSV records start with an index column */
    int csv_n;          /* queens named by the CSV header */
    char *text;         /* the record being put together */
    size_t text_len;
    size_t text_cap;
    char *source; /* a board's rows as they were read, kept where a
                     glyph is longer than the byte it becomes in
                     text (for the columns of errors) */
    size_t source_len;
    size_t source_cap;
    unsigned char *piece; /* a piece of a long line */
    bool line_ended;      /* the line in hand has been read to its end */
    bool cr_held;         /* a long line's piece ended in '\r', kept back */
    bool tail_given;      /* a long line's last piece has been handed on */
    bool small_matrix;    /* recognised as a matrix by a first row of 2 or
                             3 cells, which a 0-based vector could be */
};

/* A long line is read in pieces of this size at most. */
#define STREAM_PIECE ((size_t)1 << 16)
/* A vector line longer than this is read in pieces, never held whole: the
 * vector of a placement of a billion queens is a line of some 10 GB. */
#define STREAM_LONG_LINE ((size_t)1 << 20)

static const char *const format_names[] = {"auto", "vector", "json",
                                           "csv",  "board",  "matrix"};

bool stream_format_parse(const char *name, enum stream_format *out)
{
    for (int i = STREAM_VECTOR; i <= STREAM_MATRIX; i++) {
        if (strcmp(name, format_names[i]) == 0) {
            *out = (enum stream_format)i;
            return true;
        }
    }
    return false;
}

struct stream_reader *stream_reader_new(FILE *f,
                                        const struct stream_options *options)
{
    struct stream_reader *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->f = f;
    r->opt = *options;
    r->format = options->format;
    r->piece = malloc(STREAM_PIECE + 2);
    if (r->piece == NULL) {
        free(r);
        return NULL;
    }
    return r;
}

enum stream_format stream_reader_format(const struct stream_reader *r)
{
    return r->format;
}

long long stream_reader_lines(const struct stream_reader *r)
{
    return r->line_no;
}

long long stream_reader_end_line(const struct stream_reader *r)
{
    long long lines = stream_reader_lines(r);
    return lines > 0 ? lines : 1;
}

void stream_reader_free(struct stream_reader *r)
{
    if (r == NULL)
        return;
    free(r->line);
    free(r->text);
    free(r->source);
    free(r->piece);
    free(r);
}

static int fail(struct placement_error *e, int code, long long line,
                long long column, const char *message)
{
    e->code = code;
    e->line = line;
    e->column = column;
    e->errno_value = 0;
    snprintf(e->message, sizeof e->message, "%s", message);
    return code;
}

/* Reads into dst, up to `room` bytes, to the end of the line in hand
 * (its '\n' included): byte by byte, so that a line is handed on as soon
 * as it has come, from a terminal or a pipe. Returns the bytes read; sets
 * line_ended at the end of the line or of the input, and read_errno on a
 * reading error. */
static size_t line_read(struct stream_reader *r, unsigned char *dst,
                        size_t room)
{
    size_t got = 0;
    errno = 0;
    while (got < room) {
        int c = getc_unlocked(r->f);
        if (c == EOF) {
            if (ferror(r->f))
                r->read_errno = errno != 0 ? errno : EIO;
            r->line_ended = true;
            break;
        }
        dst[got++] = (unsigned char)c;
        if (c == '\n') {
            r->line_ended = true;
            break;
        }
    }
    return got;
}

/* The next piece of the line in hand, up to and with its '\n'; 0 once the
 * line has ended. */
static size_t line_piece(struct stream_reader *r, const unsigned char **piece)
{
    if (r->line_ended)
        return 0;
    *piece = r->piece;
    return line_read(r, r->piece, STREAM_PIECE);
}

/* Appends the rest of the line in hand to r->line, or at least `limit`
 * bytes of it (0: no limit), leaving line_ended clear where it stops
 * short; false when out of memory (read_errno set). */
static bool line_take(struct stream_reader *r, size_t limit)
{
    while (!r->line_ended && (limit == 0 || r->line_len < limit)) {
        /* Room for a piece, and for a '\n' or '\0' after it. */
        if (r->line_len + STREAM_PIECE + 1 > r->line_cap) {
            size_t cap = r->line_cap > 0 ? r->line_cap : STREAM_PIECE + 1;
            while (cap < r->line_len + STREAM_PIECE + 1)
                cap *= 2;
            char *grown = realloc(r->line, cap);
            if (grown == NULL) {
                r->read_errno = ENOMEM;
                return false;
            }
            r->line = grown;
            r->line_cap = cap;
        }
        size_t room = STREAM_PIECE;
        if (limit > 0 && limit - r->line_len < room)
            room = limit - r->line_len;
        r->line_len +=
            line_read(r, (unsigned char *)r->line + r->line_len, room);
    }
    size_t len = r->line_len;
    if (r->line_ended) {
        if (len > 0 && r->line[len - 1] == '\n')
            len--;
        if (len > 0 && r->line[len - 1] == '\r')
            len--;
    }
    r->line[len] = '\0';
    r->line_len = len;
    return true;
}

/* The length from which a vector line is read in pieces. */
static size_t long_line(const struct stream_reader *r)
{
    return r->opt.long_line > 0 ? r->opt.long_line : STREAM_LONG_LINE;
}

/* Makes the next line current, at least `limit` bytes of it (0: the whole
 * line; line_ended says whether it is all there); false at the end of
 * the input. */
static bool next_line_upto(struct stream_reader *r, size_t limit)
{
    if (r->held) {
        r->held = false;
        if (!r->line_ended && limit == 0 && !line_take(r, 0)) {
            r->at_end = true;
            return false;
        }
        return true;
    }
    if (r->at_end)
        return false;
    errno = 0;
    int c = getc_unlocked(r->f);
    if (c == EOF) {
        if (ferror(r->f))
            r->read_errno = errno != 0 ? errno : EIO;
        r->at_end = true;
        return false;
    }
    ungetc(c, r->f);
    r->line_no++;
    r->line_len = 0;
    r->line_ended = false;
    if (r->line_no == 1 && limit > 0 && limit < 3)
        limit = 3; /* room to see a byte-order mark */
    if (!line_take(r, limit)) {
        r->at_end = true;
        return false;
    }
    if (r->line_no == 1 && r->line_len >= 3 &&
        memcmp(r->line, "\xEF\xBB\xBF", 3) == 0) {
        memmove(r->line, r->line + 3, r->line_len - 3 + 1);
        r->line_len -= 3;
    }
    return true;
}

/* Makes the next line current; false at the end of the input. */
static bool next_line(struct stream_reader *r)
{
    return next_line_upto(r, 0);
}

static bool is_blank(const char *s)
{
    return s[strspn(s, " \t")] == '\0';
}

/* The current line holds nothing but spaces and tabs (a NUL byte is no
 * blank: it is malformed input). */
static bool line_blank(const struct stream_reader *r)
{
    return strspn(r->line, " \t") == r->line_len;
}

/* Appends s[0..len-1] to the buffer *data (holding *used bytes of *cap),
 * terminated; false when out of memory. */
static bool buffer_append(char **data, size_t *used, size_t *cap, const char *s,
                          size_t len)
{
    if (*used + len + 1 > *cap) {
        size_t grown_cap = *cap ? *cap : 256;
        while (grown_cap < *used + len + 1)
            grown_cap *= 2;
        char *grown = realloc(*data, grown_cap);
        if (grown == NULL)
            return false;
        *data = grown;
        *cap = grown_cap;
    }
    memcpy(*data + *used, s, len);
    *used += len;
    (*data)[*used] = '\0';
    return true;
}

static bool text_append(struct stream_reader *r, const char *s, size_t len)
{
    return buffer_append(&r->text, &r->text_len, &r->text_cap, s, len);
}

/* True for "Solution K:" (what `nqueens N` and the board format write). */
static bool is_title(const char *s)
{
    if (strncmp(s, "Solution ", 9) != 0)
        return false;
    s += 9;
    s += strspn(s, " ");
    size_t digits = strspn(s, "0123456789");
    return digits > 0 && s[digits] == ':' && is_blank(s + digits + 1);
}

/* True for the closing "K solutions in total." of `nqueens N`. */
static bool is_count_line(const char *s)
{
    size_t digits = strspn(s, "0123456789");
    if (digits == 0)
        return false;
    s += digits;
    return strcmp(s, " solutions in total.") == 0 ||
           strcmp(s, " solution in total.") == 0;
}

static bool has_prefix_glyph(const char *s, const char *glyph)
{
    return glyph != NULL && strstr(s, glyph) != NULL;
}

/* A line of 0s and 1s only (with separators) holding a 0: a row of a
 * matrix, not a vector, when it has at least four cells (a vector of four
 * or more columns that are all 0 or 1 repeats a column), or, where
 * columns are numbered from 1 (`base`), two or three cells that stand
 * apart (`0 1 0`: no vector holds a 0; `10` or `010` alone on the line is
 * still the first number of a vector written one a line). */
static bool is_matrix_row(const char *s, int base, int *cells_out)
{
    int cells = 0;
    bool zero = false;
    bool apart = true; /* no two cells side by side */
    for (const char *p = s; *p != '\0'; p++) {
        if (*p == '0' || *p == '1') {
            cells++;
            zero = zero || *p == '0';
            apart = apart && (p == s || (p[-1] != '0' && p[-1] != '1'));
        } else if (strchr(" \t,[]", *p) == NULL) {
            return false;
        }
    }
    *cells_out = cells;
    return zero && (cells >= 4 || (base == 1 && cells >= 2 && apart));
}

/* A row of 0s and 1s (with separators) holding a 1: under a "Solution K:"
 * title, where no vector stands, the row of a 0/1 matrix (any size). */
static bool is_zero_one_row(const char *s)
{
    return strchr(s, '1') != NULL && s[strspn(s, "01 \t,[]")] == '\0';
}

static int count_numbers(const char *s)
{
    int count = 0;
    bool in = false;
    for (; *s != '\0'; s++) {
        bool digit = *s >= '0' && *s <= '9';
        if (digit && !in)
            count++;
        in = digit;
    }
    return count;
}

/* What a line of `.`s and numbers (separated by spaces, tabs or commas)
 * holds; a line with anything else is none of these. */
enum dotted_line {
    DOTTED_NONE,   /* some other character, or no `.` */
    DOTTED_VECTOR, /* a `.` and a number other than 0: a partial vector */
    DOTTED_ZEROS   /* `.`s and 0s: a board row, or a 0-based vector */
};

static enum dotted_line dotted_kind(const char *s)
{
    bool dot = false;
    bool zero = false;
    bool nonzero = false;
    for (; *s != '\0'; s++) {
        if (*s == '.')
            dot = true;
        else if (*s == '0')
            zero = true;
        else if (*s >= '1' && *s <= '9')
            nonzero = true;
        else if (strchr(" \t,", *s) == NULL)
            return DOTTED_NONE;
    }
    if (!dot)
        return DOTTED_NONE;
    return nonzero ? DOTTED_VECTOR : zero ? DOTTED_ZEROS : DOTTED_NONE;
}

/* Recognises the format from the first line that is not blank; STREAM_AUTO
 * when the line reads two ways and nothing says which (a partial board of
 * `.`s and `0`s, or a 0-based vector). */
static enum stream_format recognise(struct stream_reader *r, const char *s)
{
    s += strspn(s, " \t");
    if (*s == '{')
        return STREAM_JSON;
    if (strncmp(s, "index,", 6) == 0 || strncmp(s, "row1,", 5) == 0 ||
        strcmp(s, "row1") == 0 || strcmp(s, "index,row1") == 0)
        return STREAM_CSV;
    if (is_title(s) || has_prefix_glyph(s, r->opt.queen) ||
        has_prefix_glyph(s, r->opt.empty))
        return STREAM_BOARD;
    int cells = 0;
    if (is_matrix_row(s, r->opt.read.base, &cells)) {
        r->small_matrix = cells < 4;
        return STREAM_MATRIX;
    }
    if (*s >= '1' && *s <= '9')
        return STREAM_VECTOR; /* a board row starts with a glyph */
    if (r->opt.read.allow_empty_rows) {
        /* `. . 4 2` is a vector with rows left free, wherever its first
         * number stands; `. 0 . .` is one only where columns start at 0. */
        enum dotted_line dotted = dotted_kind(s);
        if (dotted == DOTTED_VECTOR)
            return STREAM_VECTOR;
        if (dotted == DOTTED_ZEROS && r->opt.read.base == 0)
            return STREAM_AUTO;
    }
    if (strpbrk(s, "Qq.#x-_") != NULL)
        return STREAM_BOARD;
    return STREAM_VECTOR;
}

/* Whether the start of a long line makes it a vector whatever follows:
 * it begins as one and holds a byte that no row of a 0/1 matrix has. */
static bool starts_as_vector(const char *s)
{
    s += strspn(s, " \t");
    return *s != '\0' && strchr("0123456789.", *s) != NULL &&
           s[strspn(s, "01 \t,[]")] != '\0';
}

/* Reads `text` (starting at `line`, `column` of the stream) as one
 * placement; moves an error's position to the stream's. */
static int read_text(const struct stream_reader *r, const char *text,
                     size_t len, long long line, long long column,
                     struct placement *out, struct placement_error *error)
{
    int rc = placement_read_buffer(text, len, &r->opt.read, out, error);
    if (rc != 0 && error->line > 0) {
        if (error->line == 1)
            error->column += column - 1;
        error->line += line - 1;
    }
    return rc;
}

/* ---- vectors, one a line ------------------------------------------------- */

/* The next piece of the input, to its end: the older form's vector. */
static size_t input_piece(void *context, const unsigned char **piece)
{
    struct stream_reader *r = context;
    r->line_ended = false;
    return line_piece(r, piece);
}

/* The next piece of the long line in hand, for placement_read_pieces,
 * as a line held whole is handed on: without its "\n" and one '\r'
 * before it, then a '\n' (a '\r' that ends a piece is kept back until
 * the next one shows whether the line ends there). */
static size_t vector_piece(void *context, const unsigned char **piece)
{
    struct stream_reader *r = context;
    if (r->tail_given)
        return 0;
    unsigned char *p = r->piece;
    size_t len = 0;
    if (r->cr_held)
        p[len++] = '\r';
    r->cr_held = false;
    if (!r->line_ended)
        len += line_read(r, p + len, STREAM_PIECE);
    if (r->line_ended) {
        if (len > 0 && p[len - 1] == '\n')
            len--;
        if (len > 0 && p[len - 1] == '\r')
            len--;
        p[len++] = '\n';
        r->tail_given = true;
    } else if (len > 0 && p[len - 1] == '\r') {
        len--;
        r->cr_held = true;
    }
    *piece = p;
    return len;
}

/* Reads the vector on the line in hand, which is too long to be held
 * whole: its start is at r->line, the rest is read in pieces; the line is
 * read to its end whatever the outcome. */
static int read_long_vector(struct stream_reader *r,
                            const struct placement_options *options,
                            struct placement *out,
                            struct placement_error *error)
{
    size_t len = r->line_len;
    r->cr_held = r->line[len - 1] == '\r'; /* the start is not past it */
    r->tail_given = false;
    int rc = placement_read_pieces(r->line, len - r->cr_held, vector_piece, r,
                                   options, out, error);
    const unsigned char *piece;
    while (line_piece(r, &piece) > 0) {
    }
    if (rc != 0 && error->line > 0)
        error->line += r->line_no - 1;
    return rc;
}

static int next_vector(struct stream_reader *r, struct stream_record *rec,
                       struct placement_error *error)
{
    while (next_line_upto(r, long_line(r))) {
        if (r->line_ended && line_blank(r))
            continue;
        /* A long line holding less than two numbers at its start is read
         * whole, so that what follows never depends on where it was cut. */
        if (!r->line_ended && count_numbers(r->line) < 2 && !line_take(r, 0))
            return 0; /* read_errno tells */
        if (line_blank(r))
            continue;
        rec->line = r->line_no;
        /* A vector that holds `.` (rows without a queen) is read as a
         * vector to its end: its first byte may be a `.`. */
        bool dotted =
            r->opt.read.allow_empty_rows && strchr(r->line, '.') != NULL;
        if (r->records == 0 && r->opt.format != STREAM_VECTOR &&
            count_numbers(r->line) == 1) {
            /* One number on the first line: the older form, a vector whose
             * numbers may stand on any lines, read to the end. */
            r->whole_vector = true;
            r->line[r->line_len] = '\n';
            rec->line = 1;
            struct placement_options whole = r->opt.read;
            whole.vector_only = whole.vector_only || dotted;
            int rc =
                placement_read_pieces(r->line, r->line_len + 1, input_piece, r,
                                      &whole, &rec->placement, error);
            if (rc != 0 && error->line > 0)
                error->line += r->line_no - 1;
            r->at_end = true;
            return rc;
        }
        /* Once the stream is known to hold vectors (forced, or a record
         * read), every line is one: `. .` (two rows without a queen) is
         * not the row of a board. The first line of a stream recognised
         * as vectors by default is still told apart. */
        struct stream_reader vector = *r;
        vector.opt.read.vector_only =
            r->opt.format == STREAM_VECTOR || r->records > 0 || dotted;
        if (!r->line_ended)
            return read_long_vector(r, &vector.opt.read, &rec->placement,
                                    error);
        r->line[r->line_len] = '\n';
        return read_text(&vector, r->line, r->line_len + 1, r->line_no, 1,
                         &rec->placement, error);
    }
    return 0;
}

/* ---- CSV ----------------------------------------------------------------- */

/* A line that begins as the tool's CSV header does ("index," or "row1"). */
static bool is_csv_header(const char *s)
{
    return (strncmp(s, "index", 5) == 0 && (s[5] == ',' || s[5] == '\0')) ||
           strncmp(s, "row1", 4) == 0;
}

/* Reads the header on the line in hand: the rows it names, and whether an
 * index column comes first. */
static int csv_header_line(struct stream_reader *r,
                           struct placement_error *error)
{
    const char *s = r->line;
    r->csv_skip_index = 0;
    if (strncmp(s, "index", 5) == 0 && (s[5] == ',' || s[5] == '\0')) {
        r->csv_skip_index = 1;
        s += 5 + (s[5] == ',');
    }
    int n = 0;
    while (*s != '\0') {
        char expect[32];
        int len = snprintf(expect, sizeof expect, "row%d", n + 1);
        if (strncmp(s, expect, (size_t)len) != 0 ||
            (s[len] != ',' && s[len] != '\0'))
            return fail(error, NQ_E_PARSE, r->line_no,
                        (long long)(s - r->line) + 1,
                        "a CSV header reads index,row1,...,rowN");
        n++;
        s += len + (s[len] == ',');
    }
    if (n == 0)
        return fail(error, NQ_E_PARSE, r->line_no, 1,
                    "a CSV header names the rows: index,row1,...,rowN");
    r->csv_n = n;
    return 0;
}

static int csv_header(struct stream_reader *r, struct placement_error *error)
{
    while (next_line(r)) {
        if (!line_blank(r))
            return csv_header_line(r, error);
    }
    return 0;
}

static int next_csv(struct stream_reader *r, struct stream_record *rec,
                    struct placement_error *error)
{
    if (r->csv_n == 0) {
        int rc = csv_header(r, error);
        if (rc != 0 || r->csv_n == 0)
            return rc;
    }
    while (next_line(r)) {
        if (line_blank(r))
            continue;
        if (is_csv_header(r->line)) {
            /* Files joined by cat: each one's header starts its records. */
            int rc = csv_header_line(r, error);
            if (rc != 0)
                return rc;
            continue;
        }
        rec->line = r->line_no;
        const char *s = r->line;
        if (r->csv_skip_index) {
            size_t digits = strspn(s, "0123456789");
            if (digits == 0 || s[digits] != ',')
                return fail(error, NQ_E_PARSE, r->line_no,
                            (long long)digits + 1,
                            "a CSV record starts with its index and a comma");
            s += digits + 1;
        }
        struct placement_options o = r->opt.read;
        if (o.expected_n == 0)
            o.expected_n = r->csv_n;
        o.vector_only = true; /* `1,.,4,1,3`: its `.` is a row, no board */
        struct stream_reader copy = *r;
        copy.opt.read = o;
        size_t offset = (size_t)(s - r->line);
        return read_text(&copy, s, r->line_len - offset, r->line_no,
                         (long long)offset + 1, &rec->placement, error);
    }
    return 0;
}

/* ---- JSON lines ---------------------------------------------------------- */

/* Skips a JSON string starting at s[i] == '"'; returns the index after it,
 * or 0 when it does not end on the line. */
static size_t json_skip_string(const char *s, size_t i)
{
    for (i++; s[i] != '\0'; i++) {
        if (s[i] == '\\' && s[i + 1] != '\0')
            i++;
        else if (s[i] == '"')
            return i + 1;
    }
    return 0;
}

/* Skips one JSON value at s[i]; returns the index after it, or 0. */
static size_t json_skip_value(const char *s, size_t i)
{
    if (s[i] == '"')
        return json_skip_string(s, i);
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        for (; s[i] != '\0'; i++) {
            if (s[i] == '"') {
                size_t end = json_skip_string(s, i);
                if (end == 0)
                    return 0;
                i = end - 1;
            } else if (s[i] == '{' || s[i] == '[') {
                depth++;
            } else if (s[i] == '}' || s[i] == ']') {
                if (--depth == 0)
                    return i + 1;
            }
        }
        return 0;
    }
    size_t len = strcspn(s + i, ",}] \t");
    return len == 0 ? 0 : i + len;
}

/* Finds the "queens" array, the "n" and the "event" of a JSON line. */
struct json_fields {
    size_t queens_open;  /* index of '[', 0 if none */
    size_t queens_close; /* index of ']' */
    size_t n_at;         /* index of the value of "n", 0 if none */
    long long n;         /* that value */
    bool other_event;    /* an "event" or "verdict" other than "solution" */
};

/* Reads the value of "n" at s[at] (ending at s[end]): a whole number from
 * 1 to INT_MAX, else -1. */
static long long json_board_size(const char *s, size_t at, size_t end)
{
    long long n = 0;
    if (at == end || s[at] == '0')
        return -1;
    for (size_t i = at; i < end; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        n = n * 10 + (s[i] - '0');
        if (n > INT_MAX)
            return -1;
    }
    return n;
}

static int json_scan(const struct stream_reader *r, struct json_fields *out,
                     struct placement_error *error)
{
    const char *s = r->line;
    size_t i = strspn(s, " \t");
    memset(out, 0, sizeof *out);
    if (s[i] != '{')
        return fail(error, NQ_E_PARSE, r->line_no, (long long)i + 1,
                    "a JSON line holds one object");
    i++;
    for (;;) {
        i += strspn(s + i, " \t");
        if (s[i] == '}')
            break;
        if (s[i] != '"')
            return fail(error, NQ_E_PARSE, r->line_no, (long long)i + 1,
                        "malformed JSON: a key was expected");
        size_t key = i + 1;
        size_t end = json_skip_string(s, i);
        if (end == 0)
            return fail(error, NQ_E_PARSE, r->line_no, (long long)i + 1,
                        "malformed JSON: a string does not end");
        size_t key_len = end - 1 - key;
        i = end + strspn(s + end, " \t");
        if (s[i] != ':')
            return fail(error, NQ_E_PARSE, r->line_no, (long long)i + 1,
                        "malformed JSON: ':' was expected");
        i++;
        i += strspn(s + i, " \t");
        size_t value = i;
        end = json_skip_value(s, i);
        if (end == 0)
            return fail(error, NQ_E_PARSE, r->line_no, (long long)i + 1,
                        "malformed JSON: a value was expected");
        if (key_len == 6 && memcmp(s + key, "queens", 6) == 0) {
            if (s[value] != '[')
                return fail(error, NQ_E_PARSE, r->line_no, (long long)value + 1,
                            "\"queens\" must be an array of columns");
            out->queens_open = value;
            out->queens_close = end - 1;
        } else if (key_len == 1 && s[key] == 'n') {
            out->n = json_board_size(s, value, end);
            if (out->n < 0)
                return fail(error, NQ_E_PARSE, r->line_no, (long long)value + 1,
                            "\"n\" must be the size of the board, a whole "
                            "number from 1");
            out->n_at = value;
        } else if ((key_len == 5 && memcmp(s + key, "event", 5) == 0) ||
                   (key_len == 7 && memcmp(s + key, "verdict", 7) == 0)) {
            /* trace --json's "event", trace --tree --json's "verdict": a
             * step or a node, a placement only where it is a solution. */
            out->other_event = strncmp(s + value, "\"solution\"", 10) != 0;
        }
        i = end + strspn(s + end, " \t");
        if (s[i] == ',') {
            i++;
            continue;
        }
        if (s[i] != '}')
            return fail(error, NQ_E_PARSE, r->line_no, (long long)i + 1,
                        "malformed JSON: ',' or '}' was expected");
        break;
    }
    i++;
    i += strspn(s + i, " \t");
    if (s[i] != '\0')
        return fail(error, NQ_E_PARSE, r->line_no, (long long)i + 1,
                    "more text after the JSON object");
    return 0;
}

/* The column a reader sees for byte `column` (1-based) of the line in
 * hand: the characters before it, not their bytes (a JSON string may hold
 * UTF-8 characters of several bytes; UTF-8 continuation bytes,
 * 10xxxxxx, start no character). */
static long long char_column(const struct stream_reader *r, long long column)
{
    long long chars = 1;
    for (long long i = 0; i + 1 < column && (size_t)i < r->line_len; i++)
        chars += ((unsigned char)r->line[i] & 0xC0) != 0x80;
    return chars;
}

static int next_json_record(struct stream_reader *r, struct stream_record *rec,
                            struct placement_error *error);

static int next_json(struct stream_reader *r, struct stream_record *rec,
                     struct placement_error *error)
{
    int rc = next_json_record(r, rec, error);
    if (rc != 0 && error->line == r->line_no && error->column > 0)
        error->column = char_column(r, error->column);
    return rc;
}

static int next_json_record(struct stream_reader *r, struct stream_record *rec,
                            struct placement_error *error)
{
    while (next_line(r)) {
        if (line_blank(r))
            continue;
        struct json_fields fields;
        int rc = json_scan(r, &fields, error);
        if (rc != 0)
            return rc;
        if (fields.other_event)
            continue; /* a step or node of a trace, not a solution */
        if (fields.queens_open == 0)
            return fail(error, NQ_E_PARSE, r->line_no, 1,
                        "the JSON object has no \"queens\" array");
        rec->line = r->line_no;
        size_t start = fields.queens_open + 1;
        size_t len = fields.queens_close - start;
        /* A row without a queen is null in JSON, `.` to the vector reader:
         * each null becomes "   ." (the same width, so that positions
         * hold). */
        r->text_len = 0;
        if (!text_append(r, r->line + start, len))
            return fail(error, NQ_E_NOMEM, 0, 0, "out of memory");
        for (char *p = r->text; (p = strstr(p, "null")) != NULL; p += 4) {
            p[0] = p[1] = p[2] = ' ';
            p[3] = '.';
        }
        /* JSON columns are 1-based whatever --base says: the tool writes
         * them so (--base applies to vectors and CSV). */
        struct stream_reader json = *r;
        json.opt.read.base = 1;
        json.opt.read.base_fixed = true;
        /* A first null became a `.`: still a vector, not a board row. */
        json.opt.read.vector_only = true;
        rc = read_text(&json, r->text, len, r->line_no, (long long)start + 1,
                       &rec->placement, error);
        if (rc == 0 && fields.n_at != 0 && rec->placement.n != fields.n) {
            char message[128];
            snprintf(message, sizeof message,
                     "\"n\" is %lld but \"queens\" holds %d columns", fields.n,
                     rec->placement.n);
            placement_free(&rec->placement);
            return fail(error, NQ_E_PARSE, r->line_no,
                        (long long)fields.n_at + 1, message);
        }
        return rc;
    }
    return 0;
}

/* ---- boards and matrices ------------------------------------------------- */

/* The lengths of the glyphs of --queen and --empty (0: none given). */
struct glyph_lengths {
    size_t queen;
    size_t empty;
};

static struct glyph_lengths glyph_lengths(const struct stream_reader *r)
{
    struct glyph_lengths g = {r->opt.queen ? strlen(r->opt.queen) : 0,
                              r->opt.empty ? strlen(r->opt.empty) : 0};
    return g;
}

/* The byte the placement reader gets for the cell or separator at s, and
 * in *len the bytes of s it stands for (a glyph of --queen or --empty may
 * be longer than one). */
static const char *board_glyph(const struct stream_reader *r,
                               struct glyph_lengths g, const char *s,
                               size_t *len)
{
    size_t queen_len = g.queen;
    size_t empty_len = g.empty;
    *len = 1;
    if (r->format == STREAM_MATRIX)
        return *s == '1' ? "Q" : *s == '0' ? "." : strchr(",[]", *s) ? " " : s;
    if (queen_len > 0 && strncmp(s, r->opt.queen, queen_len) == 0) {
        *len = queen_len;
        return "Q";
    }
    if (empty_len > 0 && strncmp(s, r->opt.empty, empty_len) == 0) {
        *len = empty_len;
        return ".";
    }
    return s;
}

/* Whether a glyph of --queen or --empty is more than one byte: then the
 * column of an error in the board's text is not the line's. */
static bool board_glyphs_long(const struct stream_reader *r)
{
    struct glyph_lengths g = glyph_lengths(r);
    return g.queen > 1 || g.empty > 1;
}

/* Appends a row of the board, its glyphs made the placement reader's. */
static bool board_append_row(struct stream_reader *r)
{
    const char *s = r->line;
    const char *end = r->line + r->line_len;
    struct glyph_lengths g = glyph_lengths(r);
    while (s < end) {
        size_t len = 1;
        const char *glyph = board_glyph(r, g, s, &len);
        if (!text_append(r, glyph, 1))
            return false;
        s += len;
    }
    if (board_glyphs_long(r) &&
        (!buffer_append(&r->source, &r->source_len, &r->source_cap, r->line,
                        r->line_len) ||
         !buffer_append(&r->source, &r->source_len, &r->source_cap, "\n", 1)))
        return false;
    return text_append(r, "\n", 1);
}

/* Moves an error's column in the board's text (a byte a glyph) to the
 * column a reader sees on its line: the characters of the glyphs before
 * it. `first_line` is the line of the record's first row; its rows stand
 * on consecutive lines. */
static void board_error_column(const struct stream_reader *r,
                               long long first_line,
                               struct placement_error *error)
{
    if (!board_glyphs_long(r) || error->line < first_line || error->column < 1)
        return;
    /* Each row ends in '\n' (a row may hold a NUL byte). */
    const char *row = r->source;
    const char *source_end = r->source + r->source_len;
    for (long long l = first_line; l < error->line && row < source_end; l++)
        row = (const char *)memchr(row, '\n', (size_t)(source_end - row)) + 1;
    if (row >= source_end)
        return;
    const char *end = memchr(row, '\n', (size_t)(source_end - row));
    const char *s = row;
    struct glyph_lengths g = glyph_lengths(r);
    long long cells = error->column - 1; /* bytes of the text before it */
    for (; cells > 0 && s < end; cells--) {
        size_t len = 1;
        board_glyph(r, g, s, &len);
        s += len;
    }
    long long column = 1 + cells; /* past the row's end: one a byte */
    for (const char *p = row; p < s; p++)
        column += ((unsigned char)*p & 0xC0) != 0x80;
    error->column = column;
}

/* Cells of a row already appended (its non-blank bytes). */
static long long row_cells(const char *row)
{
    long long cells = 0;
    for (; *row != '\n' && *row != '\0'; row++)
        cells += *row != ' ' && *row != '\t';
    return cells;
}

static int next_board(struct stream_reader *r, struct stream_record *rec,
                      struct placement_error *error)
{
    r->text_len = 0;
    r->source_len = 0;
    long long rows = 0;
    long long width = 0;
    long long title = 0; /* the line of a title with no row under it yet */
    while (next_line(r)) {
        if (line_blank(r) || is_count_line(r->line)) {
            if (rows > 0)
                break;
            continue;
        }
        if (is_title(r->line)) {
            if (rows > 0) {
                r->held = true;
                break;
            }
            if (title != 0)
                break; /* two titles: the first one's board is missing */
            title = r->line_no;
            continue;
        }
        if (rows == 0)
            rec->line = r->line_no;
        if (r->format == STREAM_MATRIX) {
            size_t cells = strspn(r->line, "01 \t,[]");
            if (cells < r->line_len)
                return fail(error, NQ_E_PARSE, r->line_no, (long long)cells + 1,
                            "a row of a 0/1 matrix holds 0s and 1s, separated "
                            "by spaces, commas or nothing");
        }
        /* A stream recognised as boards by its first title whose first row
         * is 0s and 1s holds 0/1 matrices (`nqueens N --queen 1 --empty
         * 0`, the teaching texts' matrices under headings). */
        if (rows == 0 && r->records == 0 && r->format == STREAM_BOARD &&
            r->opt.format == STREAM_AUTO && r->opt.queen == NULL &&
            r->opt.empty == NULL && is_zero_one_row(r->line))
            r->format = STREAM_MATRIX;
        size_t before = r->text_len;
        if (!board_append_row(r))
            return fail(error, NQ_E_NOMEM, 0, 0, "out of memory");
        if (rows == 0)
            width = row_cells(r->text + before);
        if (++rows == width)
            break; /* a square: the next line starts another board */
    }
    if (rows == 0 && title != 0 && r->read_errno == 0)
        return fail(error, NQ_E_PARSE, title, 1,
                    "a 'Solution K:' title with no board under it (the "
                    "input was cut?)");
    if (rows == 0)
        return 0;
    /* A format forced is read as such: `2 4 1 3` is no board row. */
    struct stream_reader board = *r;
    board.opt.read.board_only = r->opt.format != STREAM_AUTO;
    int rc = read_text(&board, r->text, r->text_len, rec->line, 1,
                       &rec->placement, error);
    if (rc != 0)
        board_error_column(r, rec->line, error);
    if (rc == NQ_E_PARSE && r->small_matrix && r->records == 0) {
        /* `0 1` alone: say how it was read, and how else it may be. */
        size_t len = strlen(error->message);
        snprintf(error->message + len, sizeof error->message - len,
                 " (read as a 0/1 matrix; a vector numbered from 0 needs "
                 "--base 0)");
    }
    return rc;
}

/* The stream failed: says why. */
static int fail_io(const struct stream_reader *r, struct placement_error *error)
{
    fail(error, NQ_E_IO, 0, 0, "read error");
    error->errno_value = r->read_errno;
    snprintf(error->message, sizeof error->message, "read error: %s",
             strerror(r->read_errno));
    return NQ_E_IO;
}

/* ---- the records --------------------------------------------------------- */

int stream_next(struct stream_reader *r, struct stream_record *rec,
                struct placement_error *error)
{
    memset(rec, 0, sizeof *rec);
    memset(error, 0, sizeof *error);
    if (r->whole_vector)
        return 0;
    if (r->format == STREAM_AUTO) {
        /* The start of a long line tells its format: a vector's is read
         * in pieces. */
        bool got = next_line_upto(r, long_line(r));
        while (got && r->line_ended && line_blank(r))
            got = next_line_upto(r, long_line(r));
        if (!got && r->read_errno != 0)
            return fail_io(r, error);
        if (!got)
            return 0;
        r->format = recognise(r, r->line);
        if (!r->line_ended &&
            (r->format != STREAM_VECTOR || !starts_as_vector(r->line))) {
            /* Not surely a vector by its start: the whole line tells. */
            if (!line_take(r, 0)) {
                r->at_end = true;
                return fail_io(r, error);
            }
            r->format = recognise(r, r->line);
        }
        r->held = true;
        if (r->format == STREAM_AUTO) {
            const char *option = r->opt.format_option != NULL
                                     ? r->opt.format_option
                                     : "--format";
            char message[sizeof error->message];
            snprintf(message, sizeof message,
                     "a row of '.' and '0' reads as a board or as a vector "
                     "numbered from 0: name the format (%s board or vector)",
                     option);
            r->at_end = true;
            return fail(error, NQ_E_PARSE, r->line_no, 1, message);
        }
    }
    int rc = 0;
    switch (r->format) {
    case STREAM_JSON:
        rc = next_json(r, rec, error);
        break;
    case STREAM_CSV:
        rc = next_csv(r, rec, error);
        break;
    case STREAM_BOARD:
    case STREAM_MATRIX:
        rc = next_board(r, rec, error);
        break;
    default:
        rc = next_vector(r, rec, error);
        break;
    }
    if (rc == 0 && r->read_errno != 0) {
        placement_free(&rec->placement);
        return fail_io(r, error);
    }
    if (rc == 0 && rec->line == 0)
        return 0; /* the end */
    rec->number = ++r->records;
    if (rc == 0)
        return 1;
    if (rc != NQ_E_CONFLICT)
        r->at_end = true;
    return rc;
}
