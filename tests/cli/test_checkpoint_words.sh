#!/bin/sh
# The words of status, merge and audit agree with their numbers: one
# subproblem is "1 subproblem", never "1 subproblems". The count of n = 1
# cut into 3 parts has one subproblem a part, so every such line can say 1.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

for k in 1 2 3; do
    "$NQUEENS" count 1 --part "$k/3" --checkpoint "$TMP/p$k.db" --quiet > /dev/null
done
"$NQUEENS" status "$TMP/p1.db" > "$TMP/out"
grep -qx "part        1 of 3 (1 subproblem)" "$TMP/out" || fail "status of a part: $(cat "$TMP/out")"
expect_exit 1 "$NQUEENS" merge "$TMP/p1.db" "$TMP/p2.db"
grep -qx "missing     1 subproblem" "$TMP/stdout" || fail "merge, one missing: $(cat "$TMP/stdout")"
"$NQUEENS" merge -o "$TMP/p1m.db" "$TMP/p1.db" > /dev/null 2>&1 || true
"$NQUEENS" status "$TMP/p1m.db" | grep -qx "part        1 of 3 (1 subproblem)" ||
    fail "status of a merge of one part: $("$NQUEENS" status "$TMP/p1m.db")"
"$NQUEENS" audit --fraction 1 "$TMP/p1.db" > "$TMP/out"
grep -qx "audited     1 of 1 subproblem (fraction 1, seed 1)" "$TMP/out" || fail "audit of one row: $(cat "$TMP/out")"
# And the plural stays where it belongs.
"$NQUEENS" merge -o "$TMP/p12.db" "$TMP/p1.db" "$TMP/p2.db" > /dev/null 2>&1 || true
"$NQUEENS" status "$TMP/p12.db" | grep -qx "parts       2 of 3 (2 subproblems)" ||
    fail "status of a merge of two parts: $("$NQUEENS" status "$TMP/p12.db")"
expect_exit 1 "$NQUEENS" merge "$TMP/p1.db"
grep -qx "missing     2 subproblems" "$TMP/stdout" || fail "merge, two missing: $(cat "$TMP/stdout")"
pass
