#!/bin/sh
# complete --all --max-time: a run that finds no completion for a long
# while (the lexicographic search of N = 40 takes minutes to its first,
# and one instance below has none) still stops at the limit, exit 2, as
# solve's does; --count stops too.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# The search itself stops (not the watchdog, which would say "while
# searching" a grace later), on no record.
expect_exit 2 timeout 30 "$NQUEENS" complete 40 --all --limit 1 --format vector --max-time 0.3
grep -qx "nqueens: error: complete stopped by --max-time 0.3 after 0 completions" "$TMP/stderr" ||
    fail "complete 40 --all --max-time: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "complete 40 --all --max-time printed: $(cat "$TMP/stdout")"
# An instance with no completion that takes minutes to exhaust: every
# even sum diagonal of N = 32 excluded (32 queens need 32 sum diagonals,
# 31 are left; forward checking does not see it).
even=$(awk 'BEGIN { for (k = 2; k <= 64; k += 2) printf "%ssum:%d", (k > 2 ? "," : ""), k }')
expect_exit 2 timeout 30 "$NQUEENS" complete 32 --all --exclude-diagonal "$even" --max-time 0.3
grep -qx "nqueens: error: complete stopped by --max-time 0.3 after 0 completions" "$TMP/stderr" ||
    fail "complete 32 without completion --all --max-time: $(cat "$TMP/stderr")"

expect_exit 2 timeout 30 "$NQUEENS" complete 40 --count --threads 1 --max-time 0.3
grep -q "^nqueens: error: complete --count stopped by --max-time 0.3" "$TMP/stderr" ||
    fail "complete 40 --count --max-time: $(cat "$TMP/stderr")"
pass
