#!/bin/sh
# nqueens find: every method's output is a solution by `nqueens verify`;
# random is reproducible by seed and differs between seeds; search gives
# the textbook program's first board; a glyph option draws a board above
# 64; -o writes the same bytes as standard output and leaves nothing
# behind on failure; the formats agree.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# Construction: every n to 40, then sizes of each residue mod 12 (the unit
# tests check every n to 100,000 in the library).
n=4
while [ "$n" -le 40 ]; do
    "$NQUEENS" find "$n" --format vector > "$TMP/v" || fail "find $n"
    "$NQUEENS" verify --n "$n" "$TMP/v" > /dev/null || fail "find $n: not valid"
    n=$((n + 1))
done
for n in 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 99999; do
    "$NQUEENS" find "$n" > "$TMP/v"
    "$NQUEENS" verify --n "$n" "$TMP/v" > /dev/null || fail "find $n: not valid"
done

# Boards, json and 0-based vectors of the same solution agree.
"$NQUEENS" find 12 | "$NQUEENS" verify -q || fail "board of 12"
"$NQUEENS" find 12 --format vector > "$TMP/v1"
"$NQUEENS" find 12 --format vector --base 0 | tr ' ' '\n' |
    awk '{ printf "%s%d", (NR > 1 ? " " : ""), $1 + 1 } END { print "" }' > "$TMP/v0"
cmp -s "$TMP/v1" "$TMP/v0" || fail "--base 0 differs from --base 1"
"$NQUEENS" find 12 --format json |
    sed -n 's/^{"n":12,"method":"construct","queens":\[\(.*\)\]}$/\1/p' |
    tr ',' ' ' > "$TMP/vj"
cmp -s "$TMP/v1" "$TMP/vj" || fail "json differs from vector"

# Above 64 the default is a vector, but a glyph option asks for a board:
# 65 rows of 65 cells, each with one queen, that verify reads back.
"$NQUEENS" find 65 --queen X --empty o > "$TMP/b65" || fail "find 65 --queen X"
[ "$(grep -c '^[Xo ]*X[o ]*$' "$TMP/b65")" = 65 ] || fail "find 65 --queen: $(head -2 "$TMP/b65")"
"$NQUEENS" verify -q --queen X --empty o --n 65 "$TMP/b65" || fail "board of 65 not valid"
"$NQUEENS" find 70 --compact | "$NQUEENS" verify -q --n 70 || fail "find 70 --compact"
expect_exit 2 "$NQUEENS" find 10001 --compact
grep -q 'got 10001 (--queen, --empty and --compact draw a board); --format vector' \
    "$TMP/stderr" || fail "find 10001 --compact: $(cat "$TMP/stderr")"

# -o FILE holds exactly what standard output gets.
"$NQUEENS" find 100000 -o "$TMP/out.txt"
"$NQUEENS" find 100000 | cmp -s - "$TMP/out.txt" || fail "-o differs"
"$NQUEENS" verify -q "$TMP/out.txt" || fail "-o file not valid"
expect_exit 1 "$NQUEENS" find 3 -o "$TMP/none.txt"
[ ! -e "$TMP/none.txt" ] || fail "find 3 -o left a file"
[ -z "$(ls "$TMP" | grep 'tmp-')" ] || fail "a temporary file was left"

# Random: valid for many seeds and sizes, the same for the same seed,
# different for different seeds.
for n in 4 5 8 13 65 20001; do
    for seed in 0 77 123456789; do
        "$NQUEENS" find "$n" --method random --seed "$seed" --format vector > "$TMP/r"
        "$NQUEENS" verify -q --n "$n" "$TMP/r" || fail "random $n seed $seed"
    done
done
"$NQUEENS" find 5000 --method random --seed 42 > "$TMP/a"
"$NQUEENS" find 5000 --method random --seed 42 > "$TMP/b"
"$NQUEENS" find 5000 --method random --seed 43 > "$TMP/c"
cmp -s "$TMP/a" "$TMP/b" || fail "the same seed gave two solutions"
! cmp -s "$TMP/a" "$TMP/c" || fail "two seeds gave one solution"
"$NQUEENS" find 5000 --method random > "$TMP/d"
"$NQUEENS" find 5000 --method random --seed 1 | cmp -s - "$TMP/d" ||
    fail "the default seed is not 1"

# Search: the first board of the textbook program, for n = 4..10.
for n in 4 5 6 7 8 9 10; do
    "$NQUEENS" "$n" | sed -n "1,$((n + 1))p" > "$TMP/want"
    "$NQUEENS" find "$n" --method search > "$TMP/got"
    cmp -s "$TMP/want" "$TMP/got" || fail "search $n: not the first solution"
done
for n in 20 24 29; do
    "$NQUEENS" find "$n" --method search --timeout 0 --format vector |
        "$NQUEENS" verify -q --n "$n" || fail "search $n"
done

# A search that cannot finish in time says so, exit 2, and writes nothing.
expect_exit 2 "$NQUEENS" find 62 --method search --timeout 0.2 -o "$TMP/s62"
grep -q 'no solution of 62 queens within 0.2 s' "$TMP/stderr" || fail "timeout message"
[ ! -e "$TMP/s62" ] || fail "a timed-out search left a file"

# Help on stdout, exit 0; a full disk is an error.
"$NQUEENS" find --help | grep -q '^Usage: nqueens find' || fail "--help"
"$NQUEENS" find --help | grep -qF "$("$NQUEENS" find 8 --format json)" ||
    fail "the help's JSON example is not what find 8 prints"
expect_exit 2 sh -c '"$NQUEENS" find 100000 > /dev/full'
grep -q 'No space left' "$TMP/stderr" || fail "/dev/full message"
pass
