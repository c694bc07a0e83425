/*
 * board.h - drawing a placement as n lines of n cells, and the options
 * (--queen, --empty, --compact) that choose the glyphs (cli/board.c).
 */
#ifndef NQ_CLI_BOARD_H
#define NQ_CLI_BOARD_H

#include <stdbool.h>

#include "writer.h"

/* How a board is drawn. */
struct board_style {
    const char *queen; /* glyph of a queen, "Q" by default */
    const char *empty; /* glyph of an empty square, "." by default */
    bool compact;      /* no space between cells */
};

extern const struct board_style board_style_default;

/* Long-option codes of --queen, --empty and --compact, shared by the
 * commands that draw boards (above the codes the commands pick). */
enum { BOARD_OPT_QUEEN = 0x1000, BOARD_OPT_EMPTY, BOARD_OPT_COMPACT };

/* Applies --queen, --empty (value `arg`) or --compact (code c) to `style`.
 * An empty glyph is an error "NAME needs a glyph", NAME being `name` or,
 * when NULL, "--queen" or "--empty". Returns 0 or EXIT_USAGE. */
int board_style_option(int c, const char *arg, const char *name,
                       struct board_style *style);

/* Writes n lines of n cells for the 0-based columns `cols`. */
void board_write(struct writer *w, const int *cols, int n,
                 const struct board_style *style);

#endif /* NQ_CLI_BOARD_H */
