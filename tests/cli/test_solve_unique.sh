#!/bin/sh
# `nqueens solve --unique`: the representatives (the smallest vector of each
# class under the 8 symmetries) equal the awk oracle's for n = 1..10, in
# order, and their number is the published unique count up to n = 12.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
ORACLE="$NQ_SOURCE_DIR/tests/cli/oracle.awk"

for n in 1 2 3 4 5 6 7 8 9 10; do
    awk -v n="$n" -v unique=1 -f "$ORACLE" > "$TMP/want"
    [ "$(wc -l < "$TMP/want")" = "$(published_unique "$n")" ] ||
        fail "oracle unique count for $n"
    "$NQUEENS" solve "$n" --unique --format vector > "$TMP/got" ||
        fail "solve $n --unique"
    cmp -s "$TMP/want" "$TMP/got" || fail "--unique $n differs from the oracle"
done
for n in 11 12; do
    got=$("$NQUEENS" solve "$n" --unique --format vector | wc -l)
    [ "$got" = "$(published_unique "$n")" ] ||
        fail "solve $n --unique: $got lines, published $(published_unique "$n")"
done
# Numbered 1..12 for n = 8, in every format that numbers.
"$NQUEENS" solve 8 --unique --format json | tail -1 |
    grep -q '^{"n":8,"index":12,' || fail "json index under --unique"
"$NQUEENS" solve 8 --unique | grep -c '^Solution' | grep -qx 12 ||
    fail "board count under --unique"
pass
