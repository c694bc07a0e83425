#!/bin/sh
# The first solutions of a slow stream show at once: the tool's output
# buffer goes out once a tenth of a second has passed, not only when it
# is full. At N = 32 the first solution comes within a second and the
# next ones slowly, so a buffer that waited to be full would show nothing
# for minutes.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# first_line_within SECONDS FILE CMD...: runs CMD in the background with
# its output to FILE and waits for a first whole line there, then stops it.
first_line_within() {
    limit=$1
    file=$2
    shift 2
    : > "$file" # before the background job opens it, for the first look
    "$@" > "$file" 2> "$TMP/err" &
    pid=$!
    waited=0
    while [ "$(wc -l < "$file")" -eq 0 ] && [ "$waited" -lt "$((limit * 10))" ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    [ "$(wc -l < "$file")" -gt 0 ] || fail "$* showed nothing in $limit s"
}

want=$("$NQUEENS" find 32 --method search --format vector)
first_line_within 60 "$TMP/vector" "$NQUEENS" solve 32 --format vector
[ "$(head -n 1 "$TMP/vector")" = "$want" ] ||
    fail "first line of solve 32: $(head -n 1 "$TMP/vector")"
first_line_within 60 "$TMP/json" "$NQUEENS" solve 32 --format json
grep -q '^{"n":32,"index":1,"queens":\[' "$TMP/json" ||
    fail "first line of solve 32 --format json: $(head -n 1 "$TMP/json")"
first_line_within 60 "$TMP/board" "$NQUEENS" 32
[ "$(head -n 1 "$TMP/board")" = "Solution 1:" ] ||
    fail "first line of nqueens 32: $(head -n 1 "$TMP/board")"

# verify reading a pipe says what it found of a record at once, not when
# the next record comes: two records, one invalid, then nothing for a
# while (the FIFO kept open here) and only then the end.
mkfifo "$TMP/placements"
"$NQUEENS" verify "$TMP/placements" > "$TMP/verdicts" 2> "$TMP/err" &
pid=$!
exec 3> "$TMP/placements"
printf '1 2 3 4\n2 4 1 3\n' >&3
waited=0
while ! grep -q '^record 1, line 1: invalid' "$TMP/verdicts" && [ "$waited" -lt 300 ]; do
    sleep 0.1
    waited=$((waited + 1))
done
grep -q '^record 1, line 1: invalid' "$TMP/verdicts" ||
    fail "verify kept the verdict of a record back while its input waited"
printf '3 1 4 2\n' >&3
exec 3>&-
status=0
wait "$pid" || status=$?
[ "$status" = 1 ] || fail "verify of a pipe: exit $status"
grep -q '^3 placements: 2 valid, 1 invalid' "$TMP/verdicts" ||
    fail "verify of a pipe: $(cat "$TMP/verdicts")"
pass
