#!/bin/sh
# count --max-time without a checkpoint: a count that looks at the time
# only when a subproblem ends still stops soon after the limit where none
# ends for a long while (n = 21 on one thread: the join's census and first
# passes take half a minute here), with exit status 2, one line, and no -o
# file or temporary file left.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

mkdir "$TMP/out"
start=$(date +%s)
expect_exit 2 timeout 120 "$NQUEENS" count 21 --threads 1 --memory 256M \
    --max-time 0.5 --quiet -o "$TMP/out/21.txt"
took=$(($(date +%s) - start))
# The watchdog ends it two seconds past the limit; the rest is room for a
# loaded machine.
[ "$took" -le 10 ] || fail "count 21 --max-time 0.5 took $took s"
grep -qx "nqueens: error: count of 21 stopped by --max-time 0.5: no result" "$TMP/stderr" ||
    fail "count 21 --max-time: $(cat "$TMP/stderr")"
[ "$(wc -l < "$TMP/stderr")" = 1 ] || fail "not one line: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "output on stdout: $(cat "$TMP/stdout")"
[ -z "$(ls "$TMP/out")" ] || fail "left behind: $(ls "$TMP/out")"
pass
