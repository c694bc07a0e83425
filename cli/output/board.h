/*
 * board.h - drawing a placement as n lines of n cells, and the style
 * that --queen, --empty and --compact choose (cli/output/board.c, the options
 * in cli/common/opt_common.c).
 */
#ifndef NQ_CLI_BOARD_H
#define NQ_CLI_BOARD_H

#include <stdbool.h>

#include "output/writer.h"

/* How a board is drawn. */
struct board_style {
    const char *queen; /* glyph of a queen, "Q" by default */
    const char *empty; /* glyph of an empty square, "." by default */
    bool compact;      /* no space between cells */
};

extern const struct board_style board_style_default;

/* Writes n lines of n cells for the 0-based columns `cols`. */
void board_write(struct writer *w, const int *cols, int n,
                 const struct board_style *style);

#endif /* NQ_CLI_BOARD_H */
