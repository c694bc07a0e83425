/*
 * format.h - the output formats of `nqueens solve`: a table of formats,
 * each a begin/solution/end triple writing through a struct writer.
 * Columns become text through a small table built once per run, so the
 * hot path copies a few bytes per row and never calls printf.
 */
#ifndef NQ_CLI_FORMAT_H
#define NQ_CLI_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "common/deadline.h"
#include "nqueens.h"
#include "output/board.h"
#include "output/writer.h"

/* The text of each column number followed by a separator, e.g. "12 ". */
struct number_table {
    char text[NQ_MAX_N][4]; /* digits then the separator (not terminated) */
    unsigned char len[NQ_MAX_N]; /* bytes used in text */
};

/* Fills `table` for columns 0..NQ_MAX_N-1 written as column + base. */
void number_table_init(struct number_table *table, int base, char separator);

/* Appends cols[0..n-1] through the table to `line`; returns the end. The
 * last separator is included. `line` needs room for 4 * n bytes. */
char *number_table_put(const struct number_table *table, const int *cols, int n,
                       char *line);

/* The longest line a line format builds: a prefix with a 20-digit index,
 * then at most 4 bytes a row. */
#define FORMAT_LINE_MAX (64 + 4 * NQ_MAX_N)

/* Writes value in decimal (or text) into buf, unterminated; returns the
 * end. */
char *format_put_decimal(char *buf, uint64_t value);
char *format_put_text(char *buf, const char *text);

/* One run of a format: what every format needs, and room for its own. */
struct format_run {
    struct writer *out;              /* where the text goes */
    int n;                           /* board size */
    int base;                        /* number of the first column: 0 or 1 */
    const struct board_style *style; /* glyphs of the board format */
    bool unique;                     /* one solution per symmetry class */
    uint64_t index;                  /* solutions written, this one included */
    struct number_table numbers;     /* filled by the format's begin */
    void *state;                     /* the format's own, freed by its end */
    bool abandon;                    /* the run failed: end only frees */
    bool limited;            /* --limit cut the run: these are the first ones */
    bool completions;        /* they complete given queens (complete) */
    const uint64_t *blocked; /* NULL, or n masks (complete): bit c of
                                blocked[r] draws square (r, c) as one where
                                no queen may stand (board: '#'; svg) */
    const int *given;        /* NULL, or n columns, -1 for none (complete):
                                the queens given in advance, marked in the
                                svg */
};

struct output_format {
    const char *name; /* the --format value */
    bool uses_base;   /* --base applies */
    bool uses_glyphs; /* --queen, --empty, --compact apply */
    /* Each returns 0, or prints an error and returns an exit status. */
    int (*begin)(struct format_run *run);
    void (*solution)(struct format_run *run, const int *cols);
    int (*end)(struct format_run *run);
    /* Optional (NULL: none): the text of `count` solutions in a row, n
     * column bytes each, into out (room for max_bytes(n) a solution);
     * returns its length. Only reads run (not index; state as begin left
     * it), so that the search threads of nq_solve_encoded() can call it at
     * once. */
    size_t (*encode)(const struct format_run *run, const unsigned char *cols,
                     size_t count, char *out);
    size_t (*max_bytes)(int n);
};

/* An end that has nothing to finish. */
int format_no_end(struct format_run *run);

extern const struct output_format format_board;
extern const struct output_format format_vector;
extern const struct output_format format_json;
extern const struct output_format format_csv;
extern const struct output_format format_svg;

/* The format called `name`, or NULL. */
const struct output_format *format_find(const char *name);

/* The names of every format in words ("board, vector, ... or svg"), for
 * messages. */
extern const char format_words[];

/* Without --limit an SVG holds at most this many boards; with --limit it
 * may hold up to SVG_LIMIT_MAX (it is built in memory: the size of the
 * picture must be known before its first board). */
#define SVG_DEFAULT_MAX_BOARDS 1000
#define SVG_LIMIT_MAX 100000

/* A stream of solutions written in one format, as `solve` and `complete`
 * write theirs, through format_stream_write(). */
struct format_stream {
    const struct output_format *format;
    struct format_run run;
    uint64_t limit;           /* solutions to write; UINT64_MAX: all */
    bool peek;                /* at the limit, search on for one solution
                                 more, to tell whether the limit cut the
                                 run (the SVG's title says so) */
    bool past_limit;          /* peek found a solution past the limit */
    bool svg_overflow;        /* an SVG without --limit met too many boards */
    struct deadline deadline; /* --max-time */
};

/* An nq_solution_fn over a struct format_stream (`user`): writes the
 * solution unless `limit` are written already or an SVG without --limit
 * holds SVG_DEFAULT_MAX_BOARDS (then svg_overflow is set, and the run
 * must fail: the picture is not all there is). Returns non-zero to stop:
 * then, or once the output has failed, the limit is reached (with peek:
 * a solution past it has come, past_limit set) or the deadline has
 * passed. */
int format_stream_write(const int *cols, int n, void *user);

#endif /* NQ_CLI_FORMAT_H */
