/*
 * format_vector.c - `solve --format vector`: one line per solution, the
 * columns by row separated by spaces, 1-based unless --base 0:
 * "1 5 8 6 3 7 2 4". The line is built in a local buffer and handed to
 * the writer at once.
 */
#include "format.h"

static int vector_begin(struct format_run *run)
{
    number_table_init(&run->numbers, run->base, ' ');
    return 0;
}

static void vector_solution(struct format_run *run, const int *cols)
{
    char line[FORMAT_LINE_MAX];
    char *end = number_table_put(&run->numbers, cols, run->n, line);
    end[-1] = '\n'; /* the last separator ends the line */
    writer_put(run->out, line, (size_t)(end - line));
}

const struct output_format format_vector = {
    .name = "vector",
    .uses_base = true,
    .begin = vector_begin,
    .solution = vector_solution,
    .end = format_no_end,
};
