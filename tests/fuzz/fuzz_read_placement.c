/*
 * fuzz_read_placement.c - the reader of vectors and boards behind `verify`
 * and `complete --board` (cli/input/read_placement.c), fed any bytes under
 * options taken from the first byte of the input.
 *
 * What must hold, whatever the bytes:
 *  - the answer is a placement or NQ_E_PARSE / NQ_E_CONFLICT with a
 *    message and a position inside the text;
 *  - a placement obeys the options (n, base, empty rows) and reads back
 *    the same when written out again as a vector, as a board, and as a
 *    board under a "Solution K:" title;
 *  - for text made only of vector characters (digits, spaces, commas,
 *    newlines) and for text made only of board characters, the answer is
 *    the one of a reference reader written here from the contract;
 *  - fed to the reader's push parser in blocks (one byte at a time, and
 *    blocks of 2 to 17 bytes), the answer, position and message are
 *    those of the whole buffer: the reader resumes at any cut, as it must
 *    across the 1 MiB blocks of a file.
 */
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
/* The push parser itself (feed, finish) is private to the reader: the
 * source is included, as its unit test does, to cut the input into
 * blocks at will. */
#include "input/read_placement.c"

/* The options encoded in one byte. */
static void options_from_byte(uint8_t b, struct placement_options *o)
{
    static const int expected[4] = {0, 4, 8, 1};
    static const int max[4] = {0, 8, 64, 1000};
    placement_options_init(o);
    o->base = b & 1;
    o->allow_empty_rows = (b >> 1) & 1;
    o->expected_n = expected[(b >> 2) & 3];
    o->max_n = max[(b >> 4) & 3];
}

/* The largest n the options let through. */
static long long options_limit(const struct placement_options *o)
{
    long long limit = o->max_n > 0 ? o->max_n : INT_MAX;
    if (o->expected_n > 0 && o->expected_n < limit)
        limit = o->expected_n;
    return limit;
}

static bool only_bytes_of(const uint8_t *p, size_t len, const char *set)
{
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '\0' || strchr(set, p[i]) == NULL)
            return false;
    }
    return true;
}

/* ---- a reference reader of the two plain forms ------------------------ */

/* Vector text: numbers separated by spaces, tabs, CRs, newlines and
 * commas, each comma right after a number (white space between allowed).
 * Returns true and fills cols (room for len entries) and *n. */
static bool reference_vector(const uint8_t *p, size_t len,
                             const struct placement_options *o, int *cols,
                             int *n)
{
    long long limit = options_limit(o);
    long long count = 0;
    long long max_value = -1;
    bool comma_allowed = false;
    for (size_t i = 0; i < len;) {
        if (p[i] >= '0' && p[i] <= '9') {
            long long v = 0;
            for (; i < len && p[i] >= '0' && p[i] <= '9'; i++) {
                v = v * 10 + (p[i] - '0');
                if (v > INT_MAX)
                    return false;
            }
            if (v < o->base || count >= limit)
                return false;
            if (v > max_value)
                max_value = v;
            cols[count++] = (int)(v - o->base);
            comma_allowed = true;
        } else if (p[i] == ',') {
            if (!comma_allowed)
                return false;
            comma_allowed = false;
            i++;
        } else {
            i++; /* white space */
        }
    }
    if (count == 0 || (o->expected_n > 0 && count != o->expected_n))
        return false;
    if (max_value > count - 1 + o->base)
        return false;
    *n = (int)count;
    return true;
}

/* Board text: lines of cells (Q q a queen; . # x _ - empty; spaces, tabs
 * and CRs ignored), blank lines before and after, none inside. */
static bool reference_board(const uint8_t *p, size_t len,
                            const struct placement_options *o, int *cols,
                            int *n, bool *two_queens)
{
    long long limit = options_limit(o);
    long long width = -1;
    long long rows = 0;
    bool ended = false;
    *two_queens = false;
    size_t i = 0;
    while (i < len) {
        long long cells = 0;
        long long queen = -1;
        int queens = 0;
        for (; i < len && p[i] != '\n'; i++) {
            if (p[i] == ' ' || p[i] == '\t' || p[i] == '\r')
                continue;
            if (p[i] == 'Q' || p[i] == 'q') {
                queens++;
                queen = cells;
            }
            cells++;
        }
        i++; /* the newline, or past the end */
        if (queens > 1)
            *two_queens = true;
        if (cells == 0) {
            if (rows > 0)
                ended = true;
            continue;
        }
        if (ended)
            return false;
        if (width < 0) {
            width = cells;
            if (width > limit || (o->expected_n > 0 && width != o->expected_n))
                return false;
        }
        if (cells != width || rows == width || queens > 1)
            return false;
        if (queens == 0 && !o->allow_empty_rows)
            return false;
        cols[rows++] = queens ? (int)queen : -1;
    }
    if (rows == 0 || rows != width)
        return false;
    *n = (int)rows;
    return true;
}

/* ---- properties --------------------------------------------------------- */

/* Where an error points must be inside the text (or just past its end). */
static void check_position(const uint8_t *p, size_t len,
                           const struct placement_error *e)
{
    FUZZ_CHECK(e->message[0] != '\0');
    FUZZ_CHECK(memchr(e->message, '\0', sizeof e->message) != NULL);
    FUZZ_CHECK(e->line >= 0 && e->column >= 0);
    if (e->line == 0)
        return;
    long long line = 1;
    size_t start = 0;
    for (size_t i = 0; i < len && line < e->line; i++) {
        if (p[i] == '\n') {
            line++;
            start = i + 1;
        }
    }
    FUZZ_CHECK(line == e->line);
    size_t end = start;
    while (end < len && p[end] != '\n')
        end++;
    FUZZ_CHECK(e->column >= 1 && (size_t)e->column <= end - start + 1);
}

/* Writes the placement out in one of three ways and reads it back. */
static void check_round_trip(const struct placement *got,
                             const struct placement_options *o)
{
    size_t room = (size_t)got->n * ((size_t)got->n * 2 + 16) + 64;
    char *text = malloc(room);
    if (text == NULL)
        abort();
    for (int form = 0; form < 3; form++) {
        /* A vector says "no queen" with `.`, read as a vector even where
         * the first line would read as a board row. */
        struct placement_options read = *o;
        read.vector_only = form == 0;
        size_t len = 0;
        if (form == 2)
            len += (size_t)snprintf(text, room, "Solution 7:\n");
        for (int r = 0; r < got->n; r++) {
            if (form == 0) {
                const char *end = r + 1 < got->n ? " " : "\n";
                if (got->cols[r] < 0)
                    len += (size_t)snprintf(text + len, room - len, ".%s", end);
                else
                    len += (size_t)snprintf(text + len, room - len, "%d%s",
                                            got->cols[r] + o->base, end);
                continue;
            }
            for (int c = 0; c < got->n; c++) {
                text[len++] = got->cols[r] == c ? 'Q' : '.';
                text[len++] = c + 1 < got->n ? ' ' : '\n';
            }
        }
        struct placement again;
        struct placement_error e;
        int rc = placement_read_buffer(text, len, &read, &again, &e);
        FUZZ_CHECK(rc == 0);
        FUZZ_CHECK(again.n == got->n);
        FUZZ_CHECK(again.format ==
                   (form == 0 ? PLACEMENT_VECTOR : PLACEMENT_BOARD));
        FUZZ_CHECK(
            memcmp(again.cols, got->cols, (size_t)got->n * sizeof(int)) == 0);
        placement_free(&again);
    }
    free(text);
}

/* Feeds the text to the reader's push parser `chunk` bytes at a time, the
 * way placement_read_file feeds it blocks, and finishes as it does. */
static int read_in_chunks(const uint8_t *p, size_t len, size_t chunk,
                          const struct placement_options *o,
                          struct placement *out, struct placement_error *e)
{
    struct reader r;
    if (reader_init(&r, o, out, e)) {
        for (size_t i = 0; i < len && !r.failed; i += chunk)
            feed(&r, p + i, len - i < chunk ? len - i : chunk);
        finish(&r);
    }
    return reader_end(&r, out);
}

/* However the text is cut into blocks, the answer, its position and its
 * message are those of the whole buffer. */
static void check_chunks(const uint8_t *p, size_t len, size_t chunk,
                         const struct placement_options *o, int rc,
                         const struct placement *got,
                         const struct placement_error *e)
{
    struct placement again;
    struct placement_error e2;
    int rc2 = read_in_chunks(p, len, chunk, o, &again, &e2);
    FUZZ_CHECK(rc2 == rc);
    if (rc == 0) {
        FUZZ_CHECK(again.n == got->n && again.format == got->format);
        FUZZ_CHECK(
            memcmp(again.cols, got->cols, (size_t)got->n * sizeof(int)) == 0);
        placement_free(&again);
        return;
    }
    FUZZ_CHECK(strcmp(e2.message, e->message) == 0);
    FUZZ_CHECK(e2.line == e->line && e2.column == e->column);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    struct placement_options o;
    options_from_byte(data[0], &o);
    const uint8_t *p = data + 1;
    size_t len = size - 1;
    /* An exact-size copy: a read past the end is caught. */
    char *text = malloc(len > 0 ? len : 1);
    if (text == NULL)
        abort();
    memcpy(text, p, len);

    struct placement got;
    struct placement_error e;
    int rc = placement_read_buffer(text, len, &o, &got, &e);
    FUZZ_CHECK(rc == 0 || rc == NQ_E_PARSE || rc == NQ_E_CONFLICT);
    if (rc == 0) {
        FUZZ_CHECK(got.n >= 1 && got.n <= options_limit(&o));
        FUZZ_CHECK(o.expected_n == 0 || got.n == o.expected_n);
        FUZZ_CHECK(got.format == PLACEMENT_VECTOR ||
                   got.format == PLACEMENT_BOARD);
        for (int r = 0; r < got.n; r++) {
            FUZZ_CHECK(got.cols[r] < got.n);
            FUZZ_CHECK(got.cols[r] >= 0 ||
                       (got.cols[r] == -1 && o.allow_empty_rows));
        }
        check_round_trip(&got, &o);
    } else {
        check_position(p, len, &e);
    }

    int *cols = malloc((len + 1) * sizeof(int));
    if (cols == NULL)
        abort();
    int n = 0;
    if (only_bytes_of(p, len, "0123456789 ,\t\r\n")) {
        bool ok = reference_vector(p, len, &o, cols, &n);
        FUZZ_CHECK(ok == (rc == 0));
        if (ok) {
            FUZZ_CHECK(got.format == PLACEMENT_VECTOR && got.n == n);
            FUZZ_CHECK(memcmp(got.cols, cols, (size_t)n * sizeof(int)) == 0);
        }
    } else if (only_bytes_of(p, len, "Qq.#x_- \t\r\n")) {
        bool two_queens = false;
        bool ok = reference_board(p, len, &o, cols, &n, &two_queens);
        FUZZ_CHECK(ok == (rc == 0));
        if (ok) {
            FUZZ_CHECK(got.format == PLACEMENT_BOARD && got.n == n);
            FUZZ_CHECK(memcmp(got.cols, cols, (size_t)n * sizeof(int)) == 0);
        }
        if (rc == NQ_E_CONFLICT)
            FUZZ_CHECK(two_queens);
    }
    free(cols);

    /* One byte at a time (every cut), and blocks of 2 to 17 bytes. */
    check_chunks(p, len, 1, &o, rc, &got, &e);
    check_chunks(p, len, 2 + (size_t)(data[0] >> 4), &o, rc, &got, &e);
    if (rc == 0)
        placement_free(&got);
    free(text);
    return 0;
}
