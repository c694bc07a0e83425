/*
 * format_board.c - `solve --format board`: each solution as "Solution K:"
 * and the board of the teaching texts (cli/output/board.c), a blank line
 * between boards. Complete's squares where no queen may stand are drawn '#'.
 */
#include "output/format.h"

static int board_begin(struct format_run *run)
{
    (void)run;
    return 0;
}

static void board_solution(struct format_run *run, const int *cols)
{
    if (run->index > 1)
        writer_putc(run->out, '\n');
    writer_puts(run->out, "Solution ");
    writer_put_u64(run->out, run->index);
    writer_puts(run->out, ":\n");
    if (run->blocked != NULL)
        board_write_blocked(run->out, cols, run->n, run->style, run->blocked);
    else
        board_write(run->out, cols, run->n, run->style);
}

const struct output_format format_board = {
    .name = "board",
    .uses_glyphs = true,
    .begin = board_begin,
    .solution = board_solution,
    .end = format_no_end,
};
