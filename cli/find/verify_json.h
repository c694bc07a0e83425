/*
 * verify_json.h - `verify --json`: the verdict on each placement as one
 * JSON object a line, and a closing summary object (cli/find/verify_json.c).
 */
#ifndef NQ_CLI_VERIFY_JSON_H
#define NQ_CLI_VERIFY_JSON_H

#include <stdbool.h>

#include "input/read_placement.h"
#include "output/writer.h"

/* The most attacking pairs an object lists (its "pairs" counts them all). */
#define VERIFY_JSON_LISTED 10

/* Checks placement p (record `record`, from line `line` of the input) and
 * writes its object:
 *   {"record":1,"line":1,"n":4,"valid":false,"empty_rows":0,"pairs":1,
 *    "column_pairs":1,"diagonal_pairs":0,"antidiagonal_pairs":0,
 *    "conflicts":[{"rows":[1,2],"columns":[2,2],"line":"column"}]}
 * rows 1-based, columns in `base`. Sets *valid. Returns 0 or an NQ_E_
 * code of nq_verify (nothing written then). */
int verify_json_record(struct writer *out, long long record, long long line,
                       const struct placement *p, int base, bool *valid);

/* The object of a record that is no placement (a board row with two
 * queens): {"record":..,"line":..,"valid":false,"error":"line L, column
 * C: ..."}. */
void verify_json_unreadable(struct writer *out, long long record,
                            long long line, const struct placement_error *err);

/* The closing object: {"placements":P,"valid":V,"invalid":I,
 * "distinct":true|false|null} (null: not checked, the stream not in
 * increasing order), and "repeated":K where record K repeats the one
 * before. */
void verify_json_summary(struct writer *out, long long placements,
                         long long valid, int distinct, long long repeated);

#endif /* NQ_CLI_VERIFY_JSON_H */
