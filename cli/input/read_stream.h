/*
 * read_stream.h - the reader of what the tool writes: one placement or a
 * stream of them, in any of its formats, one record at a time.
 *
 * Formats (recognised from the first line that is not blank, unless one
 * is forced):
 *  vector  column numbers, one placement a line (spaces or commas between
 *          them). A first line holding a single number starts the older
 *          form: the whole input is one vector, its numbers on any lines.
 *  json    one object a line with a "queens" array (solve, find, complete,
 *          the solutions of trace --json and trace --tree --json; their
 *          other events and nodes are skipped),
 *          its columns 1-based whatever the base (null: a row without a
 *          queen, where such rows are read); an "n", where given, must be
 *          the number of columns
 *  csv     a header (index,row1,...,rowN or row1,...) then one placement a
 *          line; the index column is not a queen
 *  board   n lines of n cells (see read_placement.h), with or without
 *          "Solution K:" titles and blank lines between boards; the
 *          closing "K solutions in total." line is skipped
 *  matrix  n lines of n cells, 1 a queen and 0 an empty square, separated
 *          by spaces, commas or nothing, brackets ignored; titles and
 *          blank lines as for boards (a stream whose first title is
 *          followed by a row of 0s and 1s holds matrices; a first row
 *          of 4 cells or more with a 0 is one, and so is one of 2 or 3
 *          cells apart with a 0 where columns start at 1)
 * Each record is handed to the placement reader (cli/input/read_placement.c),
 * whose messages and positions it keeps, shifted to the record's place in
 * the stream. A UTF-8 byte-order mark is skipped. Memory holds one record,
 * never the stream, and a vector's placement, never its text: a line of
 * vectors longer than `long_line` is read in pieces, and is then a vector
 * whatever follows its start.
 */
#ifndef NQ_READ_STREAM_H
#define NQ_READ_STREAM_H

#include <stdio.h>

#include "input/read_placement.h"

enum stream_format {
    STREAM_AUTO = 0,
    STREAM_VECTOR,
    STREAM_JSON,
    STREAM_CSV,
    STREAM_BOARD,
    STREAM_MATRIX
};

/* How a stream is read. Zero-initialised plus placement_options_init()
 * on `read` gives the defaults. */
struct stream_options {
    enum stream_format format;     /* STREAM_AUTO: recognised */
    struct placement_options read; /* base, n, empty rows of each record */
    const char *queen;             /* board glyph of a queen; NULL: Q or q */
    const char *empty;             /* board glyph of an empty square; NULL:
                                      . # x - _ 0 */
    const char *format_option;     /* the command's option that forces the
                                      format, for messages; NULL: --format */
    size_t long_line;              /* a vector line from this length on is
                                      read in pieces, never held whole;
                                      0: 1 MiB (the tests set less) */
};

/* One placement of the stream. */
struct stream_record {
    long long number; /* 1-based position in the stream */
    long long line;   /* line where it starts */
    struct placement placement;
};

struct stream_reader;

/* Parses a --format value of verify ("vector", "json", "csv", "board",
 * "matrix"); false if it is none of them. */
bool stream_format_parse(const char *name, enum stream_format *out);

/* Starts reading `f` (left open by the reader). NULL when out of memory. */
struct stream_reader *stream_reader_new(FILE *f,
                                        const struct stream_options *options);

/* The format recognised (or forced); STREAM_AUTO before the first record. */
enum stream_format stream_reader_format(const struct stream_reader *r);

/* Lines read so far. */
long long stream_reader_lines(const struct stream_reader *r);

/* The line to name where the input ended with no placement: the last
 * line read (1 for an empty input: an empty line is line 1). */
long long stream_reader_end_line(const struct stream_reader *r);

/* Reads the next record. Returns 1 and fills `record` (its placement is
 * the caller's: placement_free), 0 at the end of the stream, or a
 * negative NQ_E_* code with `error` filled. NQ_E_CONFLICT (a board row
 * with two queens) fills record->number and line too, and the stream may
 * be read on; after any other error it may not. */
int stream_next(struct stream_reader *r, struct stream_record *record,
                struct placement_error *error);

void stream_reader_free(struct stream_reader *r);

#endif /* NQ_READ_STREAM_H */
