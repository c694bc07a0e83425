#!/bin/sh
# `nqueens solve` on bigger boards (slow label): for n = 13 and 14 the
# number of solutions and of unique ones is the published count, and 1 and
# 3 threads write the same bytes.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

for n in 13 14; do
    "$NQUEENS" solve "$n" --format vector --threads 1 > "$TMP/one"
    "$NQUEENS" solve "$n" --format vector --threads 3 > "$TMP/three"
    cmp -s "$TMP/one" "$TMP/three" || fail "n = $n: 3 threads differ from 1"
    [ "$(wc -l < "$TMP/one")" = "$(published_total "$n")" ] || fail "n = $n total"
    awk '{ key = ""; for (i = 1; i <= NF; i++) key = key sprintf("%02d", $i)
           if (NR > 1 && key <= previous) { print "order at line " NR; exit 1 }
           previous = key }' "$TMP/one" || fail "n = $n order"
    unique=$("$NQUEENS" solve "$n" --unique --format vector | wc -l)
    [ "$unique" = "$(published_unique "$n")" ] || fail "n = $n unique: $unique"
done
pass
