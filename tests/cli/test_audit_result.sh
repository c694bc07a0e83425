#!/bin/sh
# audit holds the final result a finished checkpoint records against the
# sum of its subproblems: a result edited with its check value made anew
# (every check passes) is a mismatch, exit 1, both results named; so is a
# result edited without its check, reported as damaged.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
need_tool sqlite3 sqlite3
need_tool python3 python3

# Adds the given amounts to the file's result and writes its check value
# anew, as the library computes it (src/run/checkpoint.c: plan_key,
# result_check).
cat > "$TMP/edit_result.py" << 'PY'
import sqlite3, sys
M = (1 << 64) - 1
def fold(h, v):
    h ^= (v + 0x9e3779b97f4a7c15 + ((h << 6) & M) + (h >> 2)) & M
    h = (h * 0xbf58476d1ce4e5b9) & M
    h ^= h >> 31
    h = (h * 0x94d049bb133111eb) & M
    h ^= h >> 29
    return h
db = sqlite3.connect(sys.argv[1])
meta = dict(db.execute("SELECT key, value FROM meta"))
h = fold(0x4e51435031, meta['n'])
for c in meta['signature'].encode():
    h = fold(h, c)
key = fold(h, meta['size'])
names = ('total', 'unique', 'sym180', 'sym90')
r = [meta['result_' + k] + int(d) for k, d in zip(names, sys.argv[2:6])]
h = fold(key ^ 0x726573756c74, r[0])
for v in r[1:]:
    h = fold(h, v)
for k, v in zip(names, r):
    db.execute("UPDATE meta SET value = ? WHERE key = ?", (v, 'result_' + k))
db.execute("UPDATE meta SET value = ? WHERE key = 'result_check'",
           (h - (1 << 64) if h >> 63 else h,))
db.commit()
PY

db=$TMP/10.db
"$NQUEENS" count 10 --checkpoint "$db" --quiet > /dev/null
# The helper itself: no change keeps a sound file, the audit clean.
python3 "$TMP/edit_result.py" "$db" 0 0 0 0
expect_exit 0 "$NQUEENS" audit "$db"
grep -qx "mismatches  0" "$TMP/stdout" || fail "clean: $(cat "$TMP/stdout")"

# Eight solutions and one class more, the check made anew: status
# believes it, audit does not.
python3 "$TMP/edit_result.py" "$db" 8 1 0 0
"$NQUEENS" status "$db" | grep -q "^result      complete: 732 solutions, 93 unique" ||
    fail "edited result not read: $("$NQUEENS" status "$db")"
expect_exit 1 "$NQUEENS" audit "$db"
grep -qx "mismatch    result: recorded total 732 unique 93 sym180 12 sym90 0, its subproblems give total 724 unique 92 sym180 12 sym90 0" "$TMP/stdout" ||
    fail "edited result: $(cat "$TMP/stdout")"
grep -qx "mismatches  1" "$TMP/stdout" || fail "edited result: $(cat "$TMP/stdout")"
expect_exit 1 "$NQUEENS" audit --json "$db"
grep -q '"mismatches":1,"units":\[\],"result":{"total":732,"unique":93,"sym180":12,"sym90":0,"intact":true,"of_units":{"total":724,"unique":92,"sym180":12,"sym90":0}}}$' "$TMP/stdout" ||
    fail "edited result, JSON: $(cat "$TMP/stdout")"

# The result edited, its check not: damaged, as a row can be (status
# refuses the file).
sqlite3 "$db" "UPDATE meta SET value = value + 1 WHERE key = 'result_total'"
expect_exit 1 "$NQUEENS" audit "$db"
grep -qx "mismatch    result: recorded total 733 unique 93 sym180 12 sym90 0 fails its check value (the file was altered), its subproblems give total 724 unique 92 sym180 12 sym90 0" "$TMP/stdout" ||
    fail "result without its check: $(cat "$TMP/stdout")"
expect_exit 2 "$NQUEENS" status "$db"
grep -q "is damaged" "$TMP/stderr" || fail "status, result without its check: $(cat "$TMP/stderr")"

# A damaged row is reported as such, not as a result that differs too.
"$NQUEENS" count 10 --checkpoint "$TMP/row.db" --quiet > /dev/null
sqlite3 "$TMP/row.db" "UPDATE done SET total = total + 1 WHERE id = (SELECT max(id) FROM done)"
expect_exit 1 "$NQUEENS" audit "$TMP/row.db"
grep -qx "mismatches  1" "$TMP/stdout" || fail "damaged row: $(cat "$TMP/stdout")"
! grep -q "mismatch    result" "$TMP/stdout" || fail "damaged row: $(cat "$TMP/stdout")"
# Damaged rows whose counts would overflow a sum: still reported as rows,
# exit 1 (a damaged row's counts are never summed).
sqlite3 "$TMP/row.db" "UPDATE done SET total = 9223372036854775000 WHERE id IN (3, 4)"
expect_exit 1 "$NQUEENS" audit "$TMP/row.db"
grep -qx "mismatches  3" "$TMP/stdout" || fail "damaged rows, huge counts: $(cat "$TMP/stdout")"
pass
