/*
 * format_json.c - `solve --format json`: one JSON object per line,
 * {"n":8,"index":1,"queens":[1,5,8,6,3,7,2,4]}, the columns 1-based as
 * the contract fixes them.
 *
 * This runs once per solution, millions of times: the text before the
 * index and the text between the index and the columns are built once (by
 * the JSON writer's in-memory functions), and each line is put together in
 * a buffer and handed to the writer in one piece.
 */
#include <stdlib.h>
#include <string.h>

#include "output/format.h"
#include "output/json.h"

/* The parts of every line that do not change in a run. */
struct json_state {
    char head[64];   /* {"n":N,"index": */
    size_t head_len; /* bytes used in head */
    char mid[32];    /* ,"queens":[ */
    size_t mid_len;  /* bytes used in mid */
};

/* The longest line: the head, a 20-digit index, the middle, the columns
 * and "]}\n". */
#define JSON_LINE_MAX (64 + 20 + 32 + JSON_INTS_MAX(NQ_MAX_N) + 3)

static int json_begin(struct format_run *run)
{
    struct json_state *s = malloc(sizeof *s);
    if (s == NULL)
        return cli_error("out of memory");
    char *p = s->head;
    *p++ = '{';
    p = json_text_key(p, "n");
    p = json_text_uint(p, (uint64_t)run->n);
    *p++ = ',';
    p = json_text_key(p, "index");
    s->head_len = (size_t)(p - s->head);
    p = s->mid;
    *p++ = ',';
    p = json_text_key(p, "queens");
    *p++ = '[';
    s->mid_len = (size_t)(p - s->mid);
    run->state = s;
    return 0;
}

static void json_solution(struct format_run *run, const int *cols)
{
    const struct json_state *s = run->state;
    char line[JSON_LINE_MAX];
    char *p = line;
    memcpy(p, s->head, s->head_len);
    p = json_text_uint(p + s->head_len, run->index);
    memcpy(p, s->mid, s->mid_len);
    /* The contract fixes JSON columns as 1-based. */
    p = json_text_ints(p + s->mid_len, cols, (size_t)run->n, 1);
    memcpy(p, "]}\n", 3);
    writer_put(run->out, line, (size_t)(p + 3 - line));
}

static int json_end(struct format_run *run)
{
    free(run->state);
    run->state = NULL;
    return 0;
}

const struct output_format format_json = {
    .name = "json",
    .begin = json_begin,
    .solution = json_solution,
    .end = json_end,
};
