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
 *
 * A run of solutions made on the search threads (vector_encode) is
 * written whole instead, two rows at a time from a table of the text of
 * every pair of columns: copying the start of the line just written would
 * read bytes still on their way to memory, which costs more.
 */
#include <stdlib.h>
#include <string.h>

#include "output/format.h"

/* The line of the last solution. */
struct vector_state {
    int cols[NQ_MAX_N];    /* its columns; -1 before the first */
    short start[NQ_MAX_N]; /* where row r's text starts in line */
    char line[FORMAT_LINE_MAX];
    /* The text of rows (a, b) side by side for columns a, b < n, at
     * pairs[a * n + b] (unterminated, at most 6 bytes), its length. */
    uint64_t *pairs;
    unsigned char *pair_len;
};

static int vector_begin(struct format_run *run)
{
    number_table_init(&run->numbers, run->base, ' ');
    struct vector_state *s = malloc(sizeof *s);
    if (s == NULL)
        return cli_error("out of memory");
    for (int r = 0; r < NQ_MAX_N; r++)
        s->cols[r] = -1;
    const size_t n = (size_t)run->n;
    s->pairs = calloc(n * n, sizeof *s->pairs);
    s->pair_len = malloc(n * n);
    if (s->pairs == NULL || s->pair_len == NULL) {
        free(s->pairs);
        free(s->pair_len);
        free(s);
        return cli_error("out of memory");
    }
    const struct number_table *t = &run->numbers;
    for (size_t a = 0; a < n; a++) {
        for (size_t b = 0; b < n; b++) {
            char text[8] = {0};
            memcpy(text, t->text[a], t->len[a]);
            memcpy(text + t->len[a], t->text[b], t->len[b]);
            memcpy(&s->pairs[a * n + b], text, 8);
            s->pair_len[a * n + b] = (unsigned char)(t->len[a] + t->len[b]);
        }
    }
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

/* The lines of a run of solutions, two rows a store. */
static size_t vector_encode(const struct format_run *run,
                            const unsigned char *cols, size_t count, char *out)
{
    const struct vector_state *s = run->state;
    const int n = run->n;
    const struct number_table *t = &run->numbers;
    char *at = out;
    for (size_t i = 0; i < count; i++, cols += n) {
        int r = 0;
        for (; r + 1 < n; r += 2) {
            size_t pair = (size_t)cols[r] * (size_t)n + cols[r + 1];
            /* 8 bytes, one store: what lies past the pair's text is
             * written over next, or lies within the room. */
            memcpy(at, &s->pairs[pair], 8);
            at += s->pair_len[pair];
        }
        if (r < n) {
            memcpy(at, t->text[cols[r]], 4);
            at += t->len[cols[r]];
        }
        at[-1] = '\n'; /* the last separator ends the line */
    }
    return (size_t)(at - out);
}

/* At most 3 bytes a row (two digits and a separator), and the last store
 * reaches a few bytes further. */
static size_t vector_max_bytes(int n)
{
    return 3 * (size_t)n + 8;
}

static int vector_end(struct format_run *run)
{
    struct vector_state *s = run->state;
    if (s != NULL) {
        free(s->pairs);
        free(s->pair_len);
    }
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
