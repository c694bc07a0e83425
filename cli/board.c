/*
 * board.c - a solution drawn as n lines of n cells, the way the teaching
 * texts print it. Each line is built once and written in one piece.
 */
#include <string.h>

#include "cli.h"

const struct board_style board_style_default = {
    .queen = "Q", .empty = ".", .compact = false};

void board_write(struct writer *w, const int *cols, int n,
                 const struct board_style *style)
{
    size_t queen_len = strlen(style->queen);
    size_t empty_len = strlen(style->empty);
    for (int row = 0; row < n; row++) {
        for (int col = 0; col < n; col++) {
            if (col > 0 && !style->compact)
                writer_putc(w, ' ');
            if (cols[row] == col)
                writer_put(w, style->queen, queen_len);
            else
                writer_put(w, style->empty, empty_len);
        }
        writer_putc(w, '\n');
    }
}
