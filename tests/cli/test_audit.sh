#!/bin/sh
# audit: a clean checkpoint passes; a count planted through SQLite is
# found by --fraction 1 with its provenance (exit 1); the sample is the
# seed's, at least one subproblem, the fraction in any decimal form; bad
# options are refused.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

db=$TMP/13.db
NQUEENS_HOST=node-a "$NQUEENS" count 13 --checkpoint "$db" --quiet > /dev/null
cdb=$TMP/c11.db
"$NQUEENS" count 11 --engine constellations --checkpoint "$cdb" --quiet > /dev/null

# Clean files pass, both engines, every subproblem counted again.
for f in "$db" "$cdb"; do
    expect_exit 0 "$NQUEENS" audit --fraction 1 "$f"
    grep -qx "mismatches  0" "$TMP/stdout" || fail "clean $f: $(cat "$TMP/stdout")"
done
size=$(sqlite3 "$db" "SELECT count(*) FROM done")
grep -q "^audited     $size of $size subproblems (fraction 1, seed 1)\$" "$TMP/stdout" ||
    "$NQUEENS" audit --fraction 1 "$db" | grep -q "^audited     $size of $size " ||
    fail "audit --fraction 1 audits every subproblem"

# A sample: the same seed, the same sample; at least one subproblem.
"$NQUEENS" audit --fraction 0.2 --seed 7 --json "$db" > "$TMP/a1"
"$NQUEENS" audit --fraction 0.2 --seed 7 --json "$db" > "$TMP/a2"
cmp -s "$TMP/a1" "$TMP/a2" || fail "one seed, two samples"
grep -q '"audited":[1-9][0-9]*,"fraction":0.200000,"seed":7,"mismatches":0,"units":\[\]}' "$TMP/a1" ||
    fail "audit --json: $(cat "$TMP/a1")"
"$NQUEENS" audit --fraction 0.000001 "$db" > "$TMP/out"
grep -q "^audited     1 of " "$TMP/out" || fail "a tiny fraction audits one: $(cat "$TMP/out")"
# The fraction echoed is a form --fraction takes, as are the usual
# decimal forms; 0 audits one subproblem too (at least one).
echoed=$(sed -n 's/^audited .*(fraction \([^,]*\), seed.*/\1/p' "$TMP/out")
for f in "$echoed" 1e-3 1E-3 .5 5e-1 0; do
    expect_exit 0 "$NQUEENS" audit --fraction "$f" "$db"
    grep -q "^audited     [1-9][0-9]* of $size subproblems" "$TMP/stdout" ||
        fail "--fraction $f: $(cat "$TMP/stdout") $(cat "$TMP/stderr")"
done
grep -q "^audited     1 of $size subproblems (fraction 0, seed 1)\$" "$TMP/stdout" ||
    fail "--fraction 0 audits one: $(cat "$TMP/stdout")"
"$NQUEENS" audit --fraction .5 "$db" > "$TMP/half"
"$NQUEENS" audit --fraction 0.5 "$db" | cmp -s - "$TMP/half" || fail ".5 is not 0.5"
"$NQUEENS" audit --fraction 1e-7 --json "$db" | grep -q '"fraction":0.000000100000,' ||
    fail "--fraction 1e-7 --json shows the fraction"
for f in inf nan 0x0.1 1e . -0.1 +0.5 " 0.5" 1e2; do
    expect_exit 2 "$NQUEENS" audit --fraction "$f" "$db"
    grep -q "fraction from 0 to 1 (such as 0.05, .5 or 1e-3)" "$TMP/stderr" ||
        fail "--fraction '$f': $(cat "$TMP/stderr")"
done

# A wrong count planted through SQLite (the largest subproblem, one
# solution more): found, with the unit, its engine and host; exit 1.
id=$(sqlite3 "$db" "SELECT id FROM done ORDER BY total DESC LIMIT 1")
sqlite3 "$db" "UPDATE done SET total = total + 1 WHERE id = $id"
expect_exit 1 "$NQUEENS" audit --fraction 1 "$db"
iso='20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]Z'
grep -q "^mismatch    subproblem $id: recorded total [0-9]* .*, recount total [0-9]* .*; engine join, nqueens [0-9.]*, host node-a, $iso\$" "$TMP/stdout" ||
    fail "planted count: $(cat "$TMP/stdout")"
grep -qx "mismatches  1" "$TMP/stdout" || fail "planted count: $(cat "$TMP/stdout")"
expect_exit 1 "$NQUEENS" audit --fraction 1 --json "$db"
grep -q "\"mismatches\":1,\"units\":\\[{\"id\":$id,.*\"host\":\"node-a\"" "$TMP/stdout" ||
    fail "planted count, JSON: $(cat "$TMP/stdout")"
# The time as status --units writes it: ISO 8601, the same string.
at=$(sed -n "s/.*\"host\":\"node-a\",\"at\":\"\($iso\)\".*/\1/p" "$TMP/stdout")
[ -n "$at" ] || fail "audit --json: at is no ISO 8601 time: $(cat "$TMP/stdout")"
"$NQUEENS" status --units --json "$db" | grep -q "^{\"id\":$id,.*\"at\":\"$at\"" ||
    fail "audit --json: at '$at' is not status --units's"
# The damaged row is there in any sample.
expect_exit 1 "$NQUEENS" audit --fraction 0 "$db"

# A plan this nqueens does not make (another version's): named, exit 2.
cp "$cdb" "$TMP/other.db"
sqlite3 "$TMP/other.db" "UPDATE meta SET value = 'constellations/0 n=11' WHERE key = 'signature'"
expect_exit 2 "$NQUEENS" audit "$TMP/other.db"
grep -q "^nqueens: error: cannot audit '$TMP/other.db': its plan 'constellations/0 n=11' ([0-9]* subproblems) is not one this nqueens makes (audit it with the nqueens that counted it, nqueens [0-9.]*)\$" \
    "$TMP/stderr" || fail "another plan: $(cat "$TMP/stderr")"

# Usage.
expect_exit 2 "$NQUEENS" audit
expect_exit 2 "$NQUEENS" audit --fraction 1.5 "$db"
grep -q "fraction from 0 to 1" "$TMP/stderr" || fail "--fraction 1.5: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" audit "$db" "$db"
expect_exit 2 "$NQUEENS" audit "$TMP/none.db"
printf 'not a checkpoint' > "$TMP/text"
expect_exit 2 "$NQUEENS" audit "$TMP/text"
grep -q "is not an nqueens checkpoint" "$TMP/stderr" || fail "not a checkpoint: $(cat "$TMP/stderr")"
pass
