/*
 * format_vector.c - `solve --format vector`: one line per solution, the
 * columns by row separated by spaces, 1-based unless --base 0:
 * "1 5 8 6 3 7 2 4".
 *
 * Solutions come in lexicographic order, so a line mostly repeats the
 * first rows of the line before (at n = 16, nine rows or more for nearly
 * every line): the last line is kept, with where each row's text starts,
 * and only the rows from the first one that changed are written again.
 * The line then goes to the writer in one copy.
 */
#include <stdlib.h>
#include <string.h>

#include "format.h"

/* The line of the last solution. */
struct vector_state {
    int cols[NQ_MAX_N];    /* its columns; -1 before the first */
    short start[NQ_MAX_N]; /* where row r's text starts in line */
    char line[FORMAT_LINE_MAX];
};

static int vector_begin(struct format_run *run)
{
    number_table_init(&run->numbers, run->base, ' ');
    struct vector_state *s = malloc(sizeof *s);
    if (s == NULL)
        return cli_error("out of memory");
    for (int r = 0; r < NQ_MAX_N; r++)
        s->cols[r] = -1;
    run->state = s;
    return 0;
}

static void vector_solution(struct format_run *run, const int *cols)
{
    struct vector_state *s = run->state;
    const int n = run->n;
    int r = 0;
    while (r < n && cols[r] == s->cols[r])
        r++;
    /* Rows 0..r-1 are already in the line (r = n: the same line again,
     * which nq_solve never hands out, but the line is still right). */
    char *end = s->line + (r == 0 ? 0 : r < n ? s->start[r] : s->start[n - 1]);
    if (r == n)
        end += run->numbers.len[cols[n - 1]];
    for (; r < n; r++) {
        s->start[r] = (short)(end - s->line);
        s->cols[r] = cols[r];
        /* Always copy 4 bytes: a fixed-size copy is one store. */
        memcpy(end, run->numbers.text[cols[r]], 4);
        end += run->numbers.len[cols[r]];
        if (r == n - 1)
            end[-1] = '\n'; /* the last separator ends the line */
    }
    writer_put(run->out, s->line, (size_t)(end - s->line));
}

/* The lines of a run of solutions, with the same trick: a line copies
 * the rows it shares with the line before, already written just before
 * it, and formats only the others. */
static size_t vector_encode(const struct format_run *run,
                            const unsigned char *cols, size_t count, char *out)
{
    const int n = run->n;
    const struct number_table *t = &run->numbers;
    short start[NQ_MAX_N + 1]; /* where row r starts in the last line;
                                  start[n]: its length */
    const unsigned char *last = NULL;
    char *line = out; /* the last line */
    char *end = out;  /* where the next one goes */
    for (size_t i = 0; i < count; i++, cols += n) {
        int r = 0;
        if (last != NULL)
            while (r < n && cols[r] == last[r])
                r++;
        size_t keep = r == 0 ? 0 : (size_t)start[r];
        /* The line before ends where this one starts: its first keep bytes
         * are copied 16 at a time (fixed-size copies, no call); what goes
         * past keep is written over below or lies past the line's end,
         * within the room. */
        for (size_t k = 0; k < keep; k += 16)
            memcpy(end + k, line + k, 16);
        char *at = end + keep;
        for (; r < n; r++) {
            start[r] = (short)(at - end);
            /* 4 bytes, one store; the extra byte lies within the room. */
            memcpy(at, t->text[cols[r]], 4);
            at += t->len[cols[r]];
        }
        at[-1] = '\n'; /* the last separator ends the line */
        start[n] = (short)(at - end);
        line = end;
        end = at;
        last = cols;
    }
    return (size_t)(end - out);
}

/* At most 3 bytes a row (two digits and a separator), and the copies
 * reach up to 16 bytes further. */
static size_t vector_max_bytes(int n)
{
    return 3 * (size_t)n + 16;
}

static int vector_end(struct format_run *run)
{
    free(run->state);
    run->state = NULL;
    return 0;
}

const struct output_format format_vector = {
    .name = "vector",
    .uses_base = true,
    .begin = vector_begin,
    .solution = vector_solution,
    .end = vector_end,
    .encode = vector_encode,
    .max_bytes = vector_max_bytes,
};
