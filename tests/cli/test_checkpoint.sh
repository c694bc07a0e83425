#!/bin/sh
# count --checkpoint: a checkpointed count gives the published counts and
# the same output again from the finished file; status reads it; files of
# another n, damaged, truncated, empty or foreign files are refused with
# exit 2 and a message that says which, and are left as they were.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# counts FILE: the lines that must not depend on how the count ran.
counts() {
    grep -E '^(n|total|unique|sym180|sym90|engine) ' "$1"
}
# expect_refused WHY FILE CMD...: exit 2, WHY in the message, FILE intact.
expect_refused() {
    why=$1
    file=$2
    shift 2
    before=$(cksum < "$file")
    expect_exit 2 "$@"
    grep -q "$why" "$TMP/stderr" || fail "$*: message '$(cat "$TMP/stderr")' lacks '$why'"
    [ "$(wc -l < "$TMP/stderr")" = 1 ] || fail "$*: more than one line on stderr"
    [ "$(cksum < "$file")" = "$before" ] || fail "$*: changed the refused file"
}

db=$TMP/run.db
"$NQUEENS" count 12 > "$TMP/plain" || fail "plain count"
"$NQUEENS" count 12 --checkpoint "$db" > "$TMP/first" 2> "$TMP/err" || fail "checkpointed count: $(cat "$TMP/err")"
[ ! -s "$TMP/err" ] || fail "stderr off a terminal: $(cat "$TMP/err")"
counts "$TMP/first" > "$TMP/a"
counts "$TMP/plain" > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "checkpointed count differs from the plain one"
grep -qx "total    $(published_total 12)" "$TMP/first" || fail "total of 12"
grep -qx "unique   $(published_unique 12)" "$TMP/first" || fail "unique of 12"
ls -A "$TMP" | grep -q 'run.db.' && fail "files left beside the checkpoint: $(ls -A "$TMP")"

# Run again: nothing left to do, the same answer.
"$NQUEENS" count 12 --checkpoint "$db" --json > "$TMP/again" || fail "rerun"
grep -q "\"total\":$(published_total 12)," "$TMP/again" || fail "rerun total"

# status, as text and as JSON; sqlite3 sees the same.
"$NQUEENS" status "$db" > "$TMP/status" || fail "status"
grep -q '^result .*complete: 14200 solutions, 1787 unique' "$TMP/status" || fail "status result: $(cat "$TMP/status")"
size=$(sed -n 's/^done *\([0-9]*\) of \([0-9]*\) .*/\2/p' "$TMP/status")
grep -q "^done *$size of $size subproblems (100.00%)" "$TMP/status" || fail "status done"
grep -q '^time .* in 2 runs$' "$TMP/status" || fail "status runs: $(cat "$TMP/status")"
"$NQUEENS" status --json "$db" > "$TMP/json" || fail "status --json"
grep -q '"n":12,' "$TMP/json" && grep -q '"complete":true' "$TMP/json" &&
    grep -q '"total":14200,' "$TMP/json" || fail "status json: $(cat "$TMP/json")"
if command -v sqlite3 > /dev/null; then
    [ "$(sqlite3 "$db" 'SELECT count(*), sum(total) FROM done')" = "$size|14200" ] ||
        fail "sqlite3 sees $(sqlite3 "$db" 'SELECT count(*), sum(total) FROM done')"
fi

# -o or --census naming the checkpoint itself (status -o, its FILE):
# refused before anything is written, the checkpoint kept.
expect_refused "names the checkpoint '$db' itself" "$db" "$NQUEENS" count 12 --checkpoint "$db" -o "$db"
expect_refused "names the checkpoint '$db' itself" "$db" "$NQUEENS" count 12 --checkpoint "$db" -o "$TMP/./run.db"
expect_refused "names the checkpoint '$db' itself" "$db" "$NQUEENS" count 12 --checkpoint "$db" --census "$db"
expect_refused "names the checkpoint '$db' itself" "$db" "$NQUEENS" status "$db" -o "$db"
expect_exit 2 "$NQUEENS" count 12 --checkpoint "$TMP/new.db" -o "$TMP/new.db"
[ ! -e "$TMP/new.db" ] || fail "count --checkpoint F -o F made F"

# Another n: refused, the file says what it is for.
expect_refused "is for n = 12, not n = 13" "$db" "$NQUEENS" count 13 --checkpoint "$db"

# Not a checkpoint: a text file, an empty file, another SQLite database.
printf 'n,total\n8,92\n' > "$TMP/text.db"
expect_refused "not an nqueens checkpoint" "$TMP/text.db" "$NQUEENS" count 12 --checkpoint "$TMP/text.db"
expect_refused "not an nqueens checkpoint" "$TMP/text.db" "$NQUEENS" status "$TMP/text.db"
: > "$TMP/empty.db"
expect_refused "not an nqueens checkpoint (it is empty)" "$TMP/empty.db" "$NQUEENS" count 12 --checkpoint "$TMP/empty.db"
if command -v sqlite3 > /dev/null; then
    sqlite3 "$TMP/other.db" 'CREATE TABLE t(x); INSERT INTO t VALUES (1);'
    expect_refused "not an nqueens checkpoint" "$TMP/other.db" "$NQUEENS" count 12 --checkpoint "$TMP/other.db"
    # A count changed from outside fails its row check.
    cp "$db" "$TMP/edited.db"
    sqlite3 "$TMP/edited.db" 'UPDATE done SET total = total + 1 WHERE id = 3'
    expect_refused "is damaged" "$TMP/edited.db" "$NQUEENS" count 12 --checkpoint "$TMP/edited.db"
    expect_refused "is damaged" "$TMP/edited.db" "$NQUEENS" status "$TMP/edited.db"
    # A join in passes keeps the census of its tops, which a resume plans
    # from; changed from outside, it fails its check.
    "$NQUEENS" count 14 --engine join --threads 2 --checkpoint "$TMP/census.db" \
        > /dev/null || fail "count 14 in passes"
    [ "$(sqlite3 "$TMP/census.db" "SELECT value > 0 FROM meta WHERE key = 'census_len'")" = 1 ] ||
        fail "no census kept"
    sqlite3 "$TMP/census.db" "UPDATE meta SET value = zeroblob(length(value)) WHERE key = 'census'"
    expect_refused "is damaged" "$TMP/census.db" "$NQUEENS" count 14 --engine join --threads 2 --checkpoint "$TMP/census.db"
fi

# Damaged pages and a truncated file.
cp "$db" "$TMP/damaged.db"
head -c 4096 /dev/urandom | dd of="$TMP/damaged.db" bs=4096 seek=1 conv=notrunc 2> /dev/null
expect_refused "is damaged" "$TMP/damaged.db" "$NQUEENS" count 12 --checkpoint "$TMP/damaged.db"
cp "$db" "$TMP/short.db"
bytes=$(wc -c < "$db")
head -c $((bytes / 2)) "$db" > "$TMP/short.db"
expect_refused "is damaged" "$TMP/short.db" "$NQUEENS" count 12 --checkpoint "$TMP/short.db"
expect_refused "is damaged" "$TMP/short.db" "$NQUEENS" status "$TMP/short.db"

# Missing files and directories, bad values.
expect_exit 2 "$NQUEENS" status "$TMP/none.db"
grep -q "no checkpoint" "$TMP/stderr" || fail "status of a missing file: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" count 12 --checkpoint "$TMP/no/such/dir.db"
grep -q "cannot create checkpoint" "$TMP/stderr" || fail "missing directory: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" count 12 --checkpoint "$TMP/x.db" --checkpoint-interval -1
expect_exit 2 "$NQUEENS" count 12 --checkpoint "$TMP/x.db" --checkpoint-interval 1e3
expect_exit 2 "$NQUEENS" count 12 --checkpoint ""
expect_exit 2 "$NQUEENS" count 12 --checkpoint-interval 5
grep -q -- "--checkpoint-interval needs --checkpoint FILE" "$TMP/stderr" || fail "interval alone"
expect_exit 2 "$NQUEENS" status
expect_exit 2 "$NQUEENS" status a b

# A budget too small for the join: the budget it needs, as without a
# checkpoint, and no file; on a resume, the need of the checkpoint's join.
expect_exit 2 "$NQUEENS" count 13 --engine join -m 100K -q --checkpoint "$TMP/small.db"
grep -q "^nqueens: error: count of 13 needs a memory budget of about [0-9]* KiB, more than the 100 KiB given" \
    "$TMP/stderr" || fail "join in 100K with a checkpoint: $(cat "$TMP/stderr")"
[ ! -e "$TMP/small.db" ] || fail "a refused count created its checkpoint"
"$NQUEENS" count 13 --engine join -q --checkpoint "$TMP/small.db" > /dev/null ||
    fail "count 13 --engine join --checkpoint"
expect_exit 2 "$NQUEENS" count 13 -m 100K -q --checkpoint "$TMP/small.db"
grep -q "count of 13 needs a memory budget of about [0-9]* KiB" "$TMP/stderr" ||
    fail "resumed join in 100K: $(cat "$TMP/stderr")"
"$NQUEENS" status --help | grep -q '^Usage: nqueens status' || fail "status --help"
# The README's checkpoint examples, run as they stand in a fresh directory
# (but for the seconds and the thread count, which vary).
readme_example() {
    awk -v cmd="\$ $1" '
        index($0, "$ ") == 1 { on = ($0 == cmd); next }
        /^```/ { on = 0 }
        on' "$NQ_SOURCE_DIR/README.md"
}
normalize() {
    sed -e 's/"seconds":[0-9.]*/"seconds":S/' -e 's/"threads":[0-9]*/"threads":T/'
}
mkdir "$TMP/readme"
for example in "nqueens count 13 --checkpoint n13.db --quiet --json" \
    "nqueens status n13.db | sed -n '2,5p;9p'" \
    "sqlite3 n13.db 'SELECT * FROM progress'"; do
    readme_example "$example" | normalize > "$TMP/want"
    [ -s "$TMP/want" ] || fail "README example '$example' not found"
    (cd "$TMP/readme" && PATH="$(dirname "$NQUEENS"):$PATH" sh -c "$example") |
        normalize > "$TMP/got"
    cmp -s "$TMP/want" "$TMP/got" || fail "README example '$example' differs: $(diff "$TMP/want" "$TMP/got")"
done
pass
