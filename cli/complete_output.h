/*
 * complete_output.h - how `nqueens complete` writes completions: the
 * formats of `nqueens solve` (board, vector, json, csv), one completion or
 * a stream of them, numbered from 1.
 */
#ifndef NQ_COMPLETE_OUTPUT_H
#define NQ_COMPLETE_OUTPUT_H

#include <stdint.h>

#include "cli.h"

enum complete_format {
    COMPLETE_BOARD,  /* "Solution K:", n lines of n cells, a blank line */
    COMPLETE_VECTOR, /* one line of columns: 1 5 8 6 3 7 2 4 */
    COMPLETE_JSON,   /* {"n":8,"index":1,"queens":[1,5,8,6,3,7,2,4]} */
    COMPLETE_CSV     /* a header index,row1,...,rowN then one record each */
};

/* The format called `name`; returns false for an unknown name. */
bool complete_format_find(const char *name, enum complete_format *format);

struct complete_output {
    struct writer *out;
    enum complete_format format;
    int n;
    int base;                        /* vector and csv: first column number */
    const struct board_style *style; /* board glyphs */
    uint64_t index;                  /* completions written so far */
};

/* Writes what comes before the first completion (the csv header). */
void complete_output_begin(struct complete_output *o);

/* Writes one completion, numbered o->index + 1. */
void complete_output_write(struct complete_output *o, const int *cols);

#endif /* NQ_COMPLETE_OUTPUT_H */
