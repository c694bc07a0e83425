/*
 * format_table.c - the table of output formats, the column-number text
 * that the line formats share, and the callback that writes a stream of
 * solutions through a format (`solve` and `complete`).
 */
#include <string.h>

#include "output/format.h"

static const struct output_format *const formats[] = {
    &format_board, &format_vector, &format_json, &format_csv, &format_svg};

const char format_words[] = "board, vector, json, csv or svg";

const struct output_format *format_find(const char *name)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        if (strcmp(formats[i]->name, name) == 0)
            return formats[i];
    }
    return NULL;
}

void number_table_init(struct number_table *table, int base, char separator)
{
    for (int col = 0; col < NQ_MAX_N; col++) {
        int value = col + base;
        int len = 0;
        if (value >= 10)
            table->text[col][len++] = (char)('0' + value / 10);
        table->text[col][len++] = (char)('0' + value % 10);
        table->text[col][len++] = separator;
        table->len[col] = (unsigned char)len;
    }
}

char *number_table_put(const struct number_table *table, const int *cols, int n,
                       char *line)
{
    for (int r = 0; r < n; r++) {
        /* Always copy 4 bytes: a fixed-size copy is one store. */
        memcpy(line, table->text[cols[r]], 4);
        line += table->len[cols[r]];
    }
    return line;
}

char *format_put_decimal(char *buf, uint64_t value)
{
    char digits[20];
    int len = 0;
    do {
        digits[len++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (len > 0)
        *buf++ = digits[--len];
    return buf;
}

char *format_put_text(char *buf, const char *text)
{
    while (*text != '\0')
        *buf++ = *text++;
    return buf;
}

int format_stream_write(const int *cols, int n, void *user)
{
    struct format_stream *s = user;
    (void)n;
    /* `>=`, not `==`: a limit of 0 writes nothing. */
    if (s->run.index >= s->limit) {
        s->past_limit = true;
        return 1;
    }
    if (s->format == &format_svg && s->limit == UINT64_MAX &&
        s->run.index >= SVG_DEFAULT_MAX_BOARDS) {
        s->svg_overflow = true;
        return 1;
    }
    s->run.index++;
    s->format->solution(&s->run, cols);
    writer_record_end(s->run.out);
    /* With peek the search goes on past the limit: the next call says
     * that another solution exists, or the search ends without one. The
     * deadline is not checked then: the solutions asked for are all
     * there, and the next one is near (solve's ordered stream). */
    if (s->run.index >= s->limit)
        return s->run.out->err != 0 || !s->peek;
    return s->run.out->err != 0 || deadline_check(&s->deadline);
}

int format_no_end(struct format_run *run)
{
    (void)run;
    return 0;
}
