/*
 * status_units.h - `nqueens status FILE --units`: the finished
 * subproblems with their provenance (cli/count/status_units.c).
 */
#ifndef NQ_CLI_STATUS_UNITS_H
#define NQ_CLI_STATUS_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json;
struct writer;

/* The time a unit was recorded (Unix time `at`) as ISO 8601 in UTC,
 * "2026-11-27T07:40:03Z". Returns false, `buf` empty, where `at` is 0
 * (not recorded) or cannot be written. */
bool unit_time_iso(char *buf, size_t size, int64_t at);

/* Writes that time as a JSON string, or null where not recorded: the
 * "at" of status --units and of audit --json. */
void json_unit_time(struct json *j, int64_t at);

/* Writes every row of the checkpoint at `path` (text lines after a
 * header, or JSON lines). Returns 0 or the reader's nq error code. */
int status_units(struct writer *w, const char *path, bool json);

#endif /* NQ_CLI_STATUS_UNITS_H */
