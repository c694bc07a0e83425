/*
 * verify_json.c - `verify --json` (verify_json.h): one object a placement,
 * with the totals of nq_verify() and the first attacking pairs, so that a
 * script reads the verdicts without parsing sentences; then a summary.
 */
#include <stdio.h>

#include "find/verify_json.h"
#include "nqueens.h"
#include "output/json.h"

/* Lists attacking pairs into the open "conflicts" array. */
struct pair_lister {
    struct json *j;
    const int *cols;
    int base;
    int listed;
};

static int list_pair(int row_a, int row_b, nq_line_kind line, void *user)
{
    static const char *const names[] = {"column", "diagonal", "anti-diagonal"};
    struct pair_lister *l = user;
    json_begin_object(l->j);
    json_key(l->j, "rows");
    json_begin_array(l->j);
    json_int(l->j, row_a + 1);
    json_int(l->j, row_b + 1);
    json_end_array(l->j);
    json_key(l->j, "columns");
    json_begin_array(l->j);
    json_int(l->j, l->cols[row_a] + l->base);
    json_int(l->j, l->cols[row_b] + l->base);
    json_end_array(l->j);
    json_key(l->j, "line");
    json_string(l->j, names[line]);
    json_end_object(l->j);
    return ++l->listed == VERIFY_JSON_LISTED;
}

int verify_json_record(struct writer *out, long long record, long long line,
                       const struct placement *p, int base, bool *valid)
{
    nq_verify_result r;
    int rc = nq_verify(p->cols, p->n, NULL, NULL, &r);
    if (rc != 0 && rc != NQ_E_CONFLICT)
        return rc;
    *valid = rc == 0 && r.empty_rows == 0;
    struct json j;
    json_start(&j, out);
    json_begin_object(&j);
    json_key(&j, "record");
    json_int(&j, record);
    json_key(&j, "line");
    json_int(&j, line);
    json_key(&j, "n");
    json_int(&j, p->n);
    json_key(&j, "valid");
    json_bool(&j, *valid);
    json_key(&j, "empty_rows");
    json_uint(&j, r.empty_rows);
    json_key(&j, "pairs");
    json_uint(&j, r.pairs);
    json_key(&j, "column_pairs");
    json_uint(&j, r.column_pairs);
    json_key(&j, "diagonal_pairs");
    json_uint(&j, r.diagonal_pairs);
    json_key(&j, "antidiagonal_pairs");
    json_uint(&j, r.antidiagonal_pairs);
    json_key(&j, "conflicts");
    json_begin_array(&j);
    if (r.pairs > 0) {
        struct pair_lister l = {.j = &j, .cols = p->cols, .base = base};
        (void)nq_verify(p->cols, p->n, list_pair, &l, NULL);
    }
    json_end_array(&j);
    json_end_object(&j);
    json_end_line(&j);
    return 0;
}

void verify_json_unreadable(struct writer *out, long long record,
                            long long line, const struct placement_error *err)
{
    char text[sizeof err->message + 64];
    snprintf(text, sizeof text, "line %lld, column %lld: %s", err->line,
             err->column, err->message);
    struct json j;
    json_start(&j, out);
    json_begin_object(&j);
    json_key(&j, "record");
    json_int(&j, record);
    json_key(&j, "line");
    json_int(&j, line);
    json_key(&j, "valid");
    json_bool(&j, false);
    json_key(&j, "error");
    json_string(&j, text);
    json_end_object(&j);
    json_end_line(&j);
}

void verify_json_summary(struct writer *out, long long placements,
                         long long valid, int distinct, long long repeated)
{
    struct json j;
    json_start(&j, out);
    json_begin_object(&j);
    json_key(&j, "placements");
    json_int(&j, placements);
    json_key(&j, "valid");
    json_int(&j, valid);
    json_key(&j, "invalid");
    json_int(&j, placements - valid);
    json_key(&j, "distinct");
    if (distinct < 0)
        json_null(&j);
    else
        json_bool(&j, distinct != 0);
    if (repeated > 0) {
        json_key(&j, "repeated");
        json_int(&j, repeated);
    }
    json_end_object(&j);
    json_end_line(&j);
}
