/*
 * format_csv.c - `solve --format csv`: a header "index,row1,...,rowN",
 * then one record per solution: "1,1,5,8,6,3,7,2,4" (1-based unless
 * --base 0).
 */
#include "output/format.h"

static int csv_begin(struct format_run *run)
{
    number_table_init(&run->numbers, run->base, ',');
    writer_puts(run->out, "index");
    for (int r = 1; r <= run->n; r++) {
        writer_puts(run->out, ",row");
        writer_put_u64(run->out, (uint64_t)r);
    }
    writer_putc(run->out, '\n');
    return 0;
}

static void csv_solution(struct format_run *run, const int *cols)
{
    char line[FORMAT_LINE_MAX];
    char *p = format_put_decimal(line, run->index);
    *p++ = ',';
    p = number_table_put(&run->numbers, cols, run->n, p);
    p[-1] = '\n';
    writer_put(run->out, line, (size_t)(p - line));
}

const struct output_format format_csv = {
    .name = "csv",
    .uses_base = true,
    .begin = csv_begin,
    .solution = csv_solution,
    .end = format_no_end,
};
