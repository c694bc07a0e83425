#!/bin/sh
# `nqueens solve`: --limit, -o FILE (complete or absent: never a truncated
# file under the final name, no temporary file left, also when killed), and
# the SVG's cap on the number of boards.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
need_tool xmllint libxml2-utils

# --limit K gives the first K solutions; 0 gives none (csv: the header).
"$NQUEENS" solve 10 --format vector > "$TMP/all"
for k in 1 5 724 1000; do
    "$NQUEENS" solve 10 --format vector --limit "$k" > "$TMP/k"
    head -n "$k" "$TMP/all" | cmp -s - "$TMP/k" || fail "--limit $k"
done
[ -z "$("$NQUEENS" solve 8 --format vector --limit 0)" ] || fail "--limit 0"
[ "$("$NQUEENS" solve 8 --format csv --limit 0)" = "index,row1,row2,row3,row4,row5,row6,row7,row8" ] ||
    fail "--limit 0 csv"
"$NQUEENS" solve 8 --unique --format vector --limit 3 | wc -l | grep -qx 3 ||
    fail "--unique --limit 3"
# Zero solutions is an answer.
expect_exit 0 "$NQUEENS" solve 3 --format vector
[ ! -s "$TMP/stdout" ] || fail "n = 3 printed something"

# -o FILE holds exactly what standard output would, and nothing is left over.
mkdir "$TMP/out"
for format in board vector json csv svg; do
    "$NQUEENS" solve 8 --format "$format" > "$TMP/want"
    "$NQUEENS" solve 8 --format "$format" -o "$TMP/out/q.$format" ||
        fail "-o with $format"
    cmp -s "$TMP/want" "$TMP/out/q.$format" || fail "-o with $format differs"
done
[ "$(ls "$TMP/out" | wc -l)" = 5 ] || fail "files left in the output folder: $(ls "$TMP/out")"
# -o onto an existing file replaces it; onto a device writes through.
"$NQUEENS" solve 6 --format vector -o "$TMP/out/q.vector"
[ "$(wc -l < "$TMP/out/q.vector")" = 4 ] || fail "-o over an existing file"
"$NQUEENS" solve 8 --format vector -o /dev/null || fail "-o /dev/null"
[ -c /dev/null ] || fail "/dev/null is no longer a device"

# A failed run leaves no file: too many boards for an SVG without --limit.
expect_exit 2 "$NQUEENS" solve 12 --format svg --unique -o "$TMP/out/x.svg"
expect_exit 2 "$NQUEENS" solve 12 --format svg -o "$TMP/out/x.svg"
grep -q 'more than 1000 solutions.*--limit' "$TMP/stderr" || fail "svg cap message"
[ ! -e "$TMP/out/x.svg" ] || fail "a failed run left its file"
"$NQUEENS" solve 12 --format svg --limit 1001 | xmllint --noout - ||
    fail "svg with --limit above 1000"
expect_exit 2 "$NQUEENS" solve 12 --format svg --limit 100001
# An unwritable place and a full disk are errors, exit 2.
expect_exit 2 "$NQUEENS" solve 8 -o "$TMP/no/such/folder/q.txt"
grep -q "cannot write" "$TMP/stderr" || fail "unwritable -o message"
expect_exit 2 "$NQUEENS" solve 8 --format vector -o /dev/full
grep -q 'No space left' "$TMP/stderr" || fail "/dev/full message"

# Killed by SIGTERM or SIGINT in the middle of a long run: neither the file
# nor a temporary file is left, and the status says which signal. (n = 17:
# the 14.8 million boards of 16 are written in under a second.)
for sig in TERM INT; do
    status=0
    timeout --preserve-status -s "$sig" 1 \
        "$NQUEENS" solve 17 --format vector -o "$TMP/out/big.txt" || status=$?
    case $sig in
    TERM) [ "$status" = 143 ] || fail "SIGTERM: exit $status, expected 143" ;;
    INT) [ "$status" = 130 ] || fail "SIGINT: exit $status, expected 130" ;;
    esac
    [ "$(ls "$TMP/out" | wc -l)" = 5 ] ||
        fail "SIG$sig left files behind: $(ls "$TMP/out")"
done
# The same for a signal that comes the moment the temporary file is made
# (a preloaded mkstemp raises SIGTERM).
status=0
env LD_PRELOAD="$NQ_SIGNAL_AT_MKSTEMP" \
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
    "$NQUEENS" solve 8 -o "$TMP/out/made.txt" 2> "$TMP/err" || status=$?
[ "$status" = 143 ] || fail "SIGTERM at mkstemp: exit $status: $(cat "$TMP/err")"
[ "$(ls "$TMP/out" | wc -l)" = 5 ] ||
    fail "SIGTERM at mkstemp left files behind: $(ls "$TMP/out")"

# Glyphs too long for the board's row buffer take the cell-by-cell path and
# draw the same boards.
long=$(printf '%0600d' 0 | tr 0 o)
"$NQUEENS" solve 8 --empty "$long" > "$TMP/long"
"$NQUEENS" solve 8 --empty o > "$TMP/short"
sed "s/$long/o/g" "$TMP/long" | cmp -s - "$TMP/short" || fail "long glyphs"
pass
