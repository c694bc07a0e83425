/*
 * format_json.c - `solve --format json`: one JSON object per line,
 * {"n":8,"index":1,"queens":[1,5,8,6,3,7,2,4]}, the columns 1-based as
 * the contract fixes them.
 */
#include "format.h"

static int json_begin(struct format_run *run)
{
    /* The contract fixes JSON columns as 1-based. */
    number_table_init(&run->numbers, 1, ',');
    return 0;
}

static void json_solution(struct format_run *run, const int *cols)
{
    char line[FORMAT_LINE_MAX];
    char *p = format_put_text(line, "{\"n\":");
    p = format_put_decimal(p, (uint64_t)run->n);
    p = format_put_text(p, ",\"index\":");
    p = format_put_decimal(p, run->index);
    p = format_put_text(p, ",\"queens\":[");
    p = number_table_put(&run->numbers, cols, run->n, p);
    p[-1] = ']'; /* replaces the last comma */
    p = format_put_text(p, "}\n");
    writer_put(run->out, line, (size_t)(p - line));
}

const struct output_format format_json = {
    .name = "json",
    .begin = json_begin,
    .solution = json_solution,
    .end = format_no_end,
};
