#!/bin/sh
# The progress display of count: on a terminal (script(1) gives the count
# one) a line redrawn in place; --quiet silences it; off a terminal nothing
# unless --progress, which writes whole lines. Standard output is the same
# in every case.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

line='[0-9.]*% | [0-9]*/[0-9]* subproblems | [0-9]* solutions | [0-9:]* elapsed | [0-9.]*/s | [0-9:-]* left'

# Off a terminal: silent by default, whole lines with --progress.
"$NQUEENS" count 13 > "$TMP/plain" 2> "$TMP/err" || fail "count 13"
[ ! -s "$TMP/err" ] || fail "progress off a terminal: $(cat "$TMP/err")"
"$NQUEENS" count 13 --progress > "$TMP/out" 2> "$TMP/err" || fail "--progress"
cmp -s "$TMP/plain" "$TMP/out" 2> /dev/null ||
    [ "$(grep -v '^seconds' "$TMP/plain")" = "$(grep -v '^seconds' "$TMP/out")" ] ||
    fail "--progress changed stdout"
grep -q "^nqueens: 100.00% | 3050/3050 subproblems | 73712 solutions | " "$TMP/err" ||
    fail "--progress final line: $(cat "$TMP/err")"
grep -q "$line\$" "$TMP/err" || fail "--progress line format: $(cat "$TMP/err")"
if grep -q "$(printf '\r')" "$TMP/err"; then fail "carriage return off a terminal"; fi
"$NQUEENS" count 13 --progress --quiet > "$TMP/out" 2> "$TMP/err" || fail "--quiet"
[ ! -s "$TMP/err" ] || fail "--quiet: $(cat "$TMP/err")"

# On a terminal: redrawn in place with a carriage return, ended by a
# newline; --quiet shows nothing.
if command -v script > /dev/null; then
    # script(1) records what reaches the terminal: here, standard error.
    script -qec "'$NQUEENS' count 14 --threads 1 > /dev/null" "$TMP/tty-err" > /dev/null ||
        fail "count under script"
    sed -i '/^Script \(started\|done\)/d' "$TMP/tty-err"
    grep -q "$(printf '\r')" "$TMP/tty-err" || fail "no redraw on a terminal"
    tr '\r' '\n' < "$TMP/tty-err" | grep -q "^100.00% | 918/918 subproblems | 365596 solutions" ||
        fail "terminal final line: $(cat -v "$TMP/tty-err")"
    script -qec "'$NQUEENS' count 14 --quiet > /dev/null" "$TMP/tty-err" > /dev/null
    sed -i '/^Script \(started\|done\)/d' "$TMP/tty-err"
    if grep -q '[^[:space:]]' "$TMP/tty-err"; then
        fail "--quiet on a terminal: $(cat -v "$TMP/tty-err")"
    fi
fi
pass
