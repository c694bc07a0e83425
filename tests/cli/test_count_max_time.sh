#!/bin/sh
# count --max-time: a count that looks at the time only when a subproblem
# ends still stops at the limit where none ends for a long while (n = 21
# on one thread: the join's census and first passes take half a minute
# here), with exit status 2, one line, and no -o file or temporary file
# left. The limit counts the plan: with --checkpoint too, a plan that
# outlasts it is stopped, before anything is saved.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# Wall-clock milliseconds (date +%N is GNU's, as everywhere here).
now_ms() { echo $(($(date +%s%N) / 1000000)); }

mkdir "$TMP/out"
start=$(now_ms)
expect_exit 2 timeout 120 "$NQUEENS" count 21 --threads 1 --memory 256M \
    --max-time 0.1 --quiet -o "$TMP/out/21.txt"
took=$(($(now_ms) - start))
# The watchdog ends it at the limit (it waited two seconds more: 2.1 s
# then, 0.1 s now); the rest is room for a loaded machine.
[ "$took" -lt 1800 ] || fail "count 21 --max-time 0.1 took $took ms"
grep -qx "nqueens: error: count of 21 stopped by --max-time 0.1: no result" "$TMP/stderr" ||
    fail "count 21 --max-time: $(cat "$TMP/stderr")"
[ "$(wc -l < "$TMP/stderr")" = 1 ] || fail "not one line: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "output on stdout: $(cat "$TMP/stdout")"
[ -z "$(ls "$TMP/out")" ] || fail "left behind: $(ls "$TMP/out")"

# With --checkpoint the plan (half a minute here) is in the limit: the
# clock started only after it, and the run said "0 of N saved" then.
start=$(now_ms)
expect_exit 2 timeout 120 "$NQUEENS" count 21 --threads 1 --memory 256M \
    --max-time 0.3 --quiet --checkpoint "$TMP/out/21.db"
took=$(($(now_ms) - start))
[ "$took" -lt 10000 ] || fail "count 21 --max-time 0.3 --checkpoint took $took ms"
grep -qx "nqueens: error: count of 21 stopped by --max-time 0.3 while planning, before any work was saved in '$TMP/out/21.db'" "$TMP/stderr" ||
    fail "count 21 --max-time --checkpoint: $(cat "$TMP/stderr")"
[ -z "$(ls "$TMP/out")" ] || fail "left behind: $(ls "$TMP/out")"
pass
