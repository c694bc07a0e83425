#!/bin/sh
# nqueens verify against the published counts: of the 256 placements of
# 4 queens one per row, written as vectors and as boards, exactly the
# published number are valid (exit 0) and the rest invalid (exit 1). Then
# large inputs: a million queens valid, the same with two rows swapped into
# an attack invalid with those rows named, and a file cut short malformed.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

valid=0
for a in 1 2 3 4; do for b in 1 2 3 4; do for c in 1 2 3 4; do for d in 1 2 3 4; do
    status=0
    echo "$a $b $c $d" | "$NQUEENS" verify -q || status=$?
    # The same placement drawn as a board must get the same answer.
    bstatus=0
    for col in $a $b $c $d; do
        i=1; line=""
        while [ $i -le 4 ]; do
            if [ $i = "$col" ]; then line="${line}Q"; else line="${line}."; fi
            i=$((i + 1))
        done
        echo "$line"
    done | "$NQUEENS" verify -q || bstatus=$?
    [ "$status" = "$bstatus" ] || fail "$a $b $c $d: vector $status, board $bstatus"
    case $status in
    0) valid=$((valid + 1)) ;;
    1) ;;
    *) fail "$a $b $c $d: exit $status" ;;
    esac
done; done; done; done
[ "$valid" = "$(published_total 4)" ] || fail "$valid valid placements of 4, expected $(published_total 4)"

# A million queens, one a line.
"$NQUEENS" find 1000000 --method random --seed 9 | tr ' ' '\n' > "$TMP/big"
"$NQUEENS" verify "$TMP/big" > "$TMP/out" || fail "a million queens"
grep -qx 'valid: 1000000 queens, no two attack each other' "$TMP/out" || fail "valid message"

# Rows 500000 and 500001 take the columns of a diagonal attack: row 500001
# gets the column next to row 500000's.
awk 'NR == 500000 { c = $1 } NR == 500001 { print c + 1; next } { print }' "$TMP/big" \
    > "$TMP/bad"
expect_exit 1 "$NQUEENS" verify "$TMP/bad"
grep -q 'row 500000 column [0-9]* and row 500001 column [0-9]*: same diagonal' \
    "$TMP/stdout" || fail "the attacking rows are not named: $(head -3 "$TMP/stdout")"

# Cut inside the file: fewer values than columns, named at the end.
head -c 100000 "$TMP/big" | head -n 10000 > "$TMP/short"
expect_exit 2 "$NQUEENS" verify "$TMP/short"
grep -q 'line [0-9]*, column [0-9]*:' "$TMP/stderr" || fail "no position in: $(cat "$TMP/stderr")"

# Standard input as '-', the help on stdout.
echo "2 4 1 3" | "$NQUEENS" verify - > /dev/null || fail "verify -"
"$NQUEENS" verify --help | grep -q '^Usage: nqueens verify' || fail "--help"
expect_exit 2 "$NQUEENS" verify --base 2
expect_exit 2 "$NQUEENS" verify --n 0
pass
