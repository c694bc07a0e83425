/*
 * board.h - drawing a placement as n lines of n cells, and the style
 * that --queen, --empty and --compact choose (cli/output/board.c, the options
 * in cli/common/opt_common.c).
 */
#ifndef NQ_CLI_BOARD_H
#define NQ_CLI_BOARD_H

#include <stdbool.h>
#include <stdint.h>

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

/* The glyph of a square where no queen may stand (complete's blocked
 * squares and excluded diagonals), the one complete --board reads. It is
 * none of the empty-square glyphs that a board of verify may use but `#`,
 * which complete reads as blocked (cli/input/read_placement.h). */
#define BOARD_BLOCKED_GLYPH "#"

/* board_write() with the squares of `blocked` (n masks, bit c of
 * blocked[r]) drawn BOARD_BLOCKED_GLYPH where no queen stands. */
void board_write_blocked(struct writer *w, const int *cols, int n,
                         const struct board_style *style,
                         const uint64_t *blocked);

#endif /* NQ_CLI_BOARD_H */
