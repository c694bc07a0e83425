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

# A vector on one line of more than 1 MiB is read in pieces, never held
# whole: the same verdicts, positions and line numbers as a short one.
"$NQUEENS" find 200000 --format vector > "$TMP/long"
[ "$(wc -c < "$TMP/long")" -gt 1100000 ] || fail "the long vector is not long"
{ echo "2 4 1 3"; tr -d '\n' < "$TMP/long"; printf '\r\n3 1 4 2\r\n'; } > "$TMP/long3"
expect_exit 0 "$NQUEENS" verify "$TMP/long3"
grep -q '^3 placements: 3 valid, 0 invalid' "$TMP/stdout" ||
    fail "long line between short ones: $(cat "$TMP/stdout")"
awk '{ t = $1; $1 = $2; $2 = t; print }' "$TMP/long" > "$TMP/long-bad"
expect_exit 1 "$NQUEENS" verify "$TMP/long-bad"
grep -q '^row 1 column [0-9]* and row 3 column [0-9]*: same diagonal' "$TMP/stdout" ||
    fail "long line, attacking rows: $(head -3 "$TMP/stdout")"
{ echo "2 4 1 3"; sed 's/ [0-9]*$/ x/' "$TMP/long"; } > "$TMP/long-x"
expect_exit 2 "$NQUEENS" verify "$TMP/long-x"
col=$(($(sed 's/ [0-9]*$/ x/' "$TMP/long" | wc -c) - 1))
grep -q "line 2, column $col: " "$TMP/stderr" ||
    fail "long line, error at line 2 column $col: $(cat "$TMP/stderr")"

# Standard input as '-', the help on stdout.
echo "2 4 1 3" | "$NQUEENS" verify - > /dev/null || fail "verify -"
"$NQUEENS" verify --help | grep -q '^Usage: nqueens verify' || fail "--help"
expect_exit 2 "$NQUEENS" verify --base 2
expect_exit 2 "$NQUEENS" verify --n 0
pass
