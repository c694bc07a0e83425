#!/bin/sh
# nqueens verify on large inputs: a million queens valid; the same with one
# row moved into an attack invalid, with the two rows named; a file cut
# short malformed, with a position. (test_verify_oracle_slow.sh checks all
# placements of 4 against the published count.)
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

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
