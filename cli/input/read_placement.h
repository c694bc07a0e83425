/*
 * read_placement.h - the reader of placements that people hand the tool:
 * a vector of column numbers or a drawn board, told apart from the input
 * itself. `verify` reads solutions with it, `complete --board` reads
 * partial boards, and the fuzz targets drive it through the buffer entry.
 *
 * It never prints and never exits: a failure comes back as a code with the
 * line, column and words of the problem. Memory is O(n) (the placement and
 * nothing that grows with the text), and the text is scanned by hand in
 * large blocks, so 10^8 numbers read in a second or two.
 *
 * Accepted input (see DESIGN.md, "Vector input" and "Board input"):
 *  vector  integers separated by spaces, tabs, commas or newlines, 1-based
 *          unless base is 0; the number of values is n and every value
 *          must be a column of an n x n board. A comma must follow a number.
 *          With allow_empty_rows, a `.` stands for a row without a queen.
 *  board   n lines of n cells: `Q` or `q` a queen; `.`, `#`, `x`, `-`, `_`,
 *          `0` an empty square; spaces and tabs between cells are ignored.
 *          Blank lines before and after the board are ignored, and so is one
 *          title line "Solution K:" before it (what `nqueens` prints).
 *          With read_blocked (complete --board), `#` is a blocked square
 *          instead; a board that could mean otherwise is refused, never
 *          guessed: one that draws its empty squares with two glyphs (is
 *          `x` empty or blocked?), one whose every square without a queen
 *          is `#` (`#` drawn as the empty square), one whose `#` squares
 *          alternate with its empty ones like a chessboard's dark squares.
 * The kind is decided by the first line: a queen or an empty-square glyph
 * other than `0` makes it a board; a digit 1-9 or a comma a vector. A first
 * line of nothing but `0`s reads as a vector (draw empty squares with `.`).
 * Line endings may be LF or CRLF.
 */
#ifndef NQ_READ_PLACEMENT_H
#define NQ_READ_PLACEMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* How the input is read. Start from placement_options_init(). */
struct placement_options {
    int base;       /* first column number of a vector: 1 (default) or 0 */
    int expected_n; /* insist on this n; 0 (default): any */
    int max_n;      /* refuse a larger n; 0 (default): INT_MAX */
    bool allow_empty_rows; /* a board row may hold no queen (cols[r] = -1);
                              default false */
    bool vector_only;      /* the text is a vector, whatever its first line: a
                              line of `.`s (rows without a queen) is no board
                              row; default false (the first line decides) */
    bool board_only;       /* the text is a board, whatever its first line
                              (a format forced); default false */
    bool read_blocked;     /* a board's `#` is a blocked square, kept in
                              placement.blocked; needs 1 <= max_n <= 64;
                              default false (`#` is an empty square) */
    bool base_fixed;       /* the format numbers columns from 1 whatever
                              --base says (JSON): a 0 is refused without
                              pointing at --base 0; default false */
};

/* What the input looked like. */
enum placement_format {
    PLACEMENT_UNKNOWN = 0,
    PLACEMENT_VECTOR = 1, /* column numbers */
    PLACEMENT_BOARD = 2   /* drawn rows of cells */
};

/* A placement read: cols[r] is the 0-based column of the queen of row r, or
 * -1 for a board row without a queen (only with allow_empty_rows). */
struct placement {
    int n;                        /* rows (and columns) */
    int *cols;                    /* n entries, malloc'ed; placement_free() */
    enum placement_format format; /* how it was written */
    uint64_t *blocked; /* with read_blocked: n masks, bit c of blocked[r]
                          for a `#` at row r, column c (0-based); NULL when
                          the board has none */
};

/* Why reading failed. `code` is one of:
 *   NQ_E_PARSE     malformed input (bad character, ragged board, value out of
 *                  range, wrong size for expected_n, too large, empty)
 *   NQ_E_CONFLICT  a board row holds two queens: the input is readable but
 *                  is no placement of one queen per row
 *   NQ_E_NOMEM     out of memory
 *   NQ_E_IO        the stream failed (errno_value says why)
 * line and column are 1-based and point at the problem (0 when none fits,
 * such as a read error); message says what is wrong, without the position. */
struct placement_error {
    int code;
    long long line;   /* 1-based line of the problem, 0 if none */
    long long column; /* 1-based byte column of the problem, 0 if none */
    int errno_value;  /* for NQ_E_IO */
    char message[192];
};

/* Fills `options` with the defaults (1-based, any n, no empty rows). */
void placement_options_init(struct placement_options *options);

/* Reads all of `stream`. Returns 0 and fills `out`, or a negative NQ_E_*
 * code with `error` filled (then `out` holds nothing to free). `options`
 * may be NULL (the defaults). */
int placement_read_file(FILE *stream, const struct placement_options *options,
                        struct placement *out, struct placement_error *error);

/* The same for the `len` bytes at `prefix` (already taken from the
 * stream) followed by the rest of `stream`. */
int placement_read_file_after(const char *prefix, size_t len, FILE *stream,
                              const struct placement_options *options,
                              struct placement *out,
                              struct placement_error *error);

/* Hands out the next piece of input (*piece, its length returned); 0 at
 * the end. */
typedef size_t placement_more_fn(void *context, const unsigned char **piece);

/* The same for the `len` bytes at `prefix` followed by the pieces `more`
 * hands out, until it returns 0: a placement read without ever holding
 * its whole text. Reading errors are the caller's to tell. */
int placement_read_pieces(const char *prefix, size_t len,
                          placement_more_fn *more, void *context,
                          const struct placement_options *options,
                          struct placement *out, struct placement_error *error);

/* The same for `len` bytes at `data` (NUL bytes are input like any other:
 * malformed). */
int placement_read_buffer(const char *data, size_t len,
                          const struct placement_options *options,
                          struct placement *out, struct placement_error *error);

/* Releases what a successful read returned; safe on a zeroed placement. */
void placement_free(struct placement *placement);

#endif /* NQ_READ_PLACEMENT_H */
