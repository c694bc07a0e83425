/*
 * complete_output.c - the text of completions in the formats that
 * `nqueens solve` writes, so that one reader handles both commands.
 */
#include <string.h>

#include "complete_output.h"

bool complete_format_find(const char *name, enum complete_format *format)
{
    static const struct {
        const char *name;
        enum complete_format format;
    } names[] = {{"board", COMPLETE_BOARD},
                 {"vector", COMPLETE_VECTOR},
                 {"json", COMPLETE_JSON},
                 {"csv", COMPLETE_CSV}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(names[i].name, name) == 0) {
            *format = names[i].format;
            return true;
        }
    }
    return false;
}

void complete_output_begin(struct complete_output *o)
{
    if (o->format != COMPLETE_CSV)
        return;
    writer_puts(o->out, "index");
    for (int r = 1; r <= o->n; r++)
        writer_printf(o->out, ",row%d", r);
    writer_putc(o->out, '\n');
}

/* Writes the columns plus `base`, separated by `separator`. */
static void complete_put_columns(struct writer *w, const int *cols, int n,
                                 int base, char separator)
{
    for (int r = 0; r < n; r++) {
        if (r > 0)
            writer_putc(w, separator);
        writer_put_u64(w, (uint64_t)(cols[r] + base));
    }
}

void complete_output_write(struct complete_output *o, const int *cols)
{
    struct writer *w = o->out;
    o->index++;
    switch (o->format) {
    case COMPLETE_BOARD:
        if (o->index > 1)
            writer_putc(w, '\n');
        writer_puts(w, "Solution ");
        writer_put_u64(w, o->index);
        writer_puts(w, ":\n");
        board_write(w, cols, o->n, o->style);
        break;
    case COMPLETE_VECTOR:
        complete_put_columns(w, cols, o->n, o->base, ' ');
        writer_putc(w, '\n');
        break;
    case COMPLETE_JSON:
        writer_printf(w, "{\"n\":%d,\"index\":", o->n);
        writer_put_u64(w, o->index);
        writer_puts(w, ",\"queens\":[");
        complete_put_columns(w, cols, o->n, 1, ',');
        writer_puts(w, "]}\n");
        break;
    case COMPLETE_CSV:
        writer_put_u64(w, o->index);
        writer_putc(w, ',');
        complete_put_columns(w, cols, o->n, o->base, ',');
        writer_putc(w, '\n');
        break;
    }
}
