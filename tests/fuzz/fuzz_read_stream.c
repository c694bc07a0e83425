/*
 * fuzz_read_stream.c - the reader of streams of placements behind
 * `verify` and `complete --board` (cli/input/read_stream.c), fed any bytes
 * under options taken from the first byte of the input.
 *
 * What must hold, whatever the bytes:
 *  - each call gives a record, the end, or NQ_E_PARSE / NQ_E_CONFLICT
 *    with a message and a position on a line of the input;
 *  - records are numbered 1, 2, 3, ... and start on lines in order;
 *  - a record obeys the options (n, empty rows) and, written out again
 *    as vectors one a line (`.` for a row without a queen) and read with
 *    the vector format forced, reads back the same records;
 *  - lines read in pieces (long_line, from the input's size; the tool
 *    starts at 1 MiB) obey the same; with the vector format forced they
 *    read to exactly what they read to held whole.
 */
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "input/read_stream.h"
#include "nqueens.h"

/* Records checked at most, so that a run stays short. */
#define FUZZ_RECORDS 64

static void options_from_byte(uint8_t b, struct stream_options *o)
{
    static const int expected[4] = {0, 4, 8, 1};
    memset(o, 0, sizeof *o);
    placement_options_init(&o->read);
    o->format = (enum stream_format)(b % 6);
    o->read.base = (b >> 3) & 1;
    o->read.allow_empty_rows = (b >> 4) & 1;
    o->read.expected_n = expected[(b >> 5) & 3];
    o->read.max_n = 1000;
    if (b & 0x80) {
        o->queen = "\xE2\x99\x9B";
        o->empty = "o";
    }
}

static long long count_lines(const uint8_t *data, size_t size)
{
    long long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    return lines;
}

/* Appends the record as a vector line to `text` (grown as needed). */
static void append_vector(char **text, size_t *len, size_t *cap,
                          const struct placement *p, int base)
{
    size_t need = *len + (size_t)p->n * 12 + 2;
    if (need > *cap) {
        *cap = need * 2;
        *text = realloc(*text, *cap);
        if (*text == NULL)
            abort();
    }
    for (int i = 0; i < p->n; i++) {
        if (p->cols[i] < 0)
            *len += (size_t)sprintf(*text + *len, "%s.", i ? " " : "");
        else
            *len += (size_t)sprintf(*text + *len, "%s%d", i ? " " : "",
                                    p->cols[i] + base);
    }
    (*text)[(*len)++] = '\n';
    (*text)[*len] = '\0';
}

/* Adds `len` bytes to an FNV-1a hash. */
static uint64_t hash_add(uint64_t h, const void *p, size_t len)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}

/* A hash of everything the records of `text` read to: codes, numbers,
 * lines, columns and messages of errors. */
static uint64_t read_signature(char *text, size_t len,
                               const struct stream_options *o)
{
    FILE *f = fmemopen(text, len > 0 ? len : 1, "r");
    FUZZ_CHECK(f != NULL);
    struct stream_reader *r = stream_reader_new(f, o);
    FUZZ_CHECK(r != NULL);
    uint64_t h = 14695981039346656037u;
    for (int k = 1; k <= FUZZ_RECORDS; k++) {
        struct stream_record rec;
        struct placement_error err;
        int rc = stream_next(r, &rec, &err);
        h = hash_add(h, &rc, sizeof rc);
        h = hash_add(h, &rec.number, sizeof rec.number);
        h = hash_add(h, &rec.line, sizeof rec.line);
        if (rc == 1) {
            h = hash_add(h, &rec.placement.n, sizeof rec.placement.n);
            h = hash_add(h, rec.placement.cols,
                         sizeof(int) * (size_t)rec.placement.n);
            placement_free(&rec.placement);
        } else if (rc < 0) {
            h = hash_add(h, &err.line, sizeof err.line);
            h = hash_add(h, &err.column, sizeof err.column);
            h = hash_add(h, err.message, strlen(err.message));
        }
        if (rc == 0 || (rc < 0 && rc != NQ_E_CONFLICT))
            break;
    }
    stream_reader_free(r);
    fclose(f);
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    struct stream_options o;
    options_from_byte(data[0], &o);
    o.long_line = size % 7; /* 0: the tool's own */
    if (o.format == STREAM_VECTOR && o.long_line > 0) {
        char *text = fuzz_strndup(data + 1, size - 1);
        struct stream_options whole = o;
        whole.long_line = 0;
        FUZZ_CHECK(read_signature(text, size - 1, &o) ==
                   read_signature(text, size - 1, &whole));
        free(text);
    }
    long long lines = count_lines(data + 1, size - 1);
    /* fmemopen of zero bytes is not portable: an empty input reads "". */
    char *copy = fuzz_strndup(data + 1, size - 1);
    FILE *f = fmemopen(copy, size > 1 ? size - 1 : 1, "r");
    FUZZ_CHECK(f != NULL);
    struct stream_reader *r = stream_reader_new(f, &o);
    FUZZ_CHECK(r != NULL);
    char *again = NULL;
    size_t again_len = 0, again_cap = 0;
    int kept[FUZZ_RECORDS + 1][2]; /* n and first column of each record */
    int records = 0;
    long long last_line = 0;
    for (int k = 1; k <= FUZZ_RECORDS; k++) {
        struct stream_record rec;
        struct placement_error err;
        int rc = stream_next(r, &rec, &err);
        if (rc == 0)
            break;
        FUZZ_CHECK(rc == 1 || rc == NQ_E_PARSE || rc == NQ_E_CONFLICT);
        if (rc < 0) {
            FUZZ_CHECK(err.message[0] != '\0');
            FUZZ_CHECK(err.line >= 0 && err.line <= lines + 1);
            FUZZ_CHECK(err.line == 0 || err.column >= 1);
            if (rc != NQ_E_CONFLICT)
                break;
            FUZZ_CHECK(rec.number == k);
            continue;
        }
        FUZZ_CHECK(rec.number == k);
        FUZZ_CHECK(rec.line >= last_line && rec.line <= lines);
        last_line = rec.line;
        const struct placement *p = &rec.placement;
        FUZZ_CHECK(p->n >= 1 && p->n <= 1000);
        FUZZ_CHECK(o.read.expected_n == 0 || p->n == o.read.expected_n);
        for (int i = 0; i < p->n; i++) {
            FUZZ_CHECK(p->cols[i] < p->n);
            FUZZ_CHECK(p->cols[i] >= 0 ||
                       (p->cols[i] == -1 && o.read.allow_empty_rows));
        }
        if (records < FUZZ_RECORDS) {
            kept[records][0] = p->n;
            kept[records][1] = p->cols[0];
            records++;
            append_vector(&again, &again_len, &again_cap, p, o.read.base);
        }
        placement_free(&rec.placement);
    }
    stream_reader_free(r);
    fclose(f);
    free(copy);

    /* Written out as vectors and read back: the same records. */
    if (records > 0) {
        struct stream_options v = o;
        v.format = STREAM_VECTOR;
        v.queen = v.empty = NULL;
        f = fmemopen(again, again_len, "r");
        FUZZ_CHECK(f != NULL);
        r = stream_reader_new(f, &v);
        FUZZ_CHECK(r != NULL);
        for (int k = 0; k < records; k++) {
            struct stream_record rec;
            struct placement_error err;
            FUZZ_CHECK(stream_next(r, &rec, &err) == 1);
            FUZZ_CHECK(rec.placement.n == kept[k][0]);
            FUZZ_CHECK(rec.placement.cols[0] == kept[k][1]);
            placement_free(&rec.placement);
        }
        struct stream_record rec;
        struct placement_error err;
        FUZZ_CHECK(stream_next(r, &rec, &err) == 0);
        stream_reader_free(r);
        fclose(f);
    }
    free(again);
    return 0;
}
