/*
 * board.c - a solution drawn as n lines of n cells, the way the teaching
 * texts print it. The empty row is built once per board and each row is
 * written as three pieces (the cells left of the queen, the queen, the
 * rest), not one call per cell: boards are most of what `nqueens N` does.
 */
#include <string.h>

#include "output/board.h"
#include "output/writer.h"

const struct board_style board_style_default = {
    .queen = "Q", .empty = ".", .compact = false};

/* The row with no queen, "e e e ... e", when it fits in `size` bytes:
 * every row is then a slice of it, the queen, and the rest of it. Returns
 * its length, or 0 when it does not fit. */
static size_t empty_row(char *row, size_t size, int n,
                        const struct board_style *style, size_t empty_len)
{
    size_t sep_len = style->compact ? 0 : 1;
    size_t len = (size_t)n * empty_len + (size_t)(n - 1) * sep_len;
    if (len > size)
        return 0;
    char *p = row;
    for (int col = 0; col < n; col++) {
        if (col > 0 && sep_len > 0)
            *p++ = ' ';
        memcpy(p, style->empty, empty_len);
        p += empty_len;
    }
    return len;
}

void board_write(struct writer *w, const int *cols, int n,
                 const struct board_style *style)
{
    size_t queen_len = strlen(style->queen);
    size_t empty_len = strlen(style->empty);
    char row[4096];
    size_t row_len = empty_row(row, sizeof row, n, style, empty_len);
    size_t cell = empty_len + (style->compact ? 0 : 1);
    for (int r = 0; r < n; r++) {
        if (row_len > 0) {
            /* Three pieces a row, not one call per cell. */
            size_t at = (size_t)cols[r] * cell;
            writer_put(w, row, at);
            writer_put(w, style->queen, queen_len);
            writer_put(w, row + at + empty_len, row_len - at - empty_len);
            writer_putc(w, '\n');
            continue;
        }
        for (int col = 0; col < n; col++) {
            if (col > 0 && !style->compact)
                writer_putc(w, ' ');
            if (cols[r] == col)
                writer_put(w, style->queen, queen_len);
            else
                writer_put(w, style->empty, empty_len);
        }
        writer_putc(w, '\n');
    }
}

void board_write_blocked(struct writer *w, const int *cols, int n,
                         const struct board_style *style,
                         const uint64_t *blocked)
{
    size_t queen_len = strlen(style->queen);
    size_t empty_len = strlen(style->empty);
    for (int r = 0; r < n; r++) {
        for (int col = 0; col < n; col++) {
            if (col > 0 && !style->compact)
                writer_putc(w, ' ');
            if (cols[r] == col)
                writer_put(w, style->queen, queen_len);
            else if ((blocked[r] >> col) & 1)
                writer_puts(w, BOARD_BLOCKED_GLYPH);
            else
                writer_put(w, style->empty, empty_len);
        }
        writer_putc(w, '\n');
    }
}
