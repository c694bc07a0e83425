#!/bin/sh
# complete --all --max-time: a run that finds no completion for a long
# while (the lexicographic search of N = 40 takes minutes to its first)
# still stops near the limit, exit 2, as solve's does; --count stops too.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

expect_exit 2 timeout 30 "$NQUEENS" complete 40 --all --limit 1 --format vector --max-time 0.3
grep -q "^nqueens: error: complete stopped by --max-time 0.3 while searching" "$TMP/stderr" ||
    fail "complete 40 --all --max-time: $(cat "$TMP/stderr")"

expect_exit 2 timeout 30 "$NQUEENS" complete 40 --count --threads 1 --max-time 0.3
grep -q "^nqueens: error: complete --count stopped by --max-time 0.3" "$TMP/stderr" ||
    fail "complete 40 --count --max-time: $(cat "$TMP/stderr")"
pass
