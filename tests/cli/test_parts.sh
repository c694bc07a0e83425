#!/bin/sh
# count --part K/M and merge: the parts of a count, merged, give the
# published counts; a missing part is named (exit 1); files of other plans,
# cuts or rules are refused (exit 2); a part killed with SIGKILL resumes;
# a merge of merges is the same count; provenance shows in status --units.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/parts-lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

# A few N and M, both engines (tests/cli/test_parts_all_slow.sh: every N
# up to 14 and every M up to 7; few here, as make memcheck runs each
# under valgrind).
parts_merge_published 6 1
parts_merge_published 11 3
parts_merge_published 10 2 --engine constellations

# Three parts of 12 on three "hosts".
for k in 1 2 3; do
    NQUEENS_HOST=host$k "$NQUEENS" count 12 --part $k/3 --checkpoint "$TMP/p$k.db" \
        --quiet > /dev/null || fail "part $k/3"
done

# A host name that status --units could not show as one word is refused
# before anything is counted, as is one too long for the file.
for host in "node a" "$(printf 'node\ta')" "$(printf '%064d' 0)"; do
    expect_exit 2 env NQUEENS_HOST="$host" "$NQUEENS" count 8 --checkpoint "$TMP/host.db"
    grep -qx "nqueens: error: NQUEENS_HOST must be a name of 1 to 63 bytes, without spaces or control characters" \
        "$TMP/stderr" || fail "NQUEENS_HOST='$host': $(cat "$TMP/stderr")"
    [ ! -s "$TMP/stdout" ] || fail "NQUEENS_HOST='$host' counted"
    [ ! -e "$TMP/host.db" ] || fail "NQUEENS_HOST='$host' made the checkpoint"
done

# Missing part: named, exit 1, on stdout.
expect_exit 1 "$NQUEENS" merge "$TMP/p1.db" "$TMP/p3.db"
grep -qx "missing     part 2: no file" "$TMP/stdout" ||
    fail "missing part: $(cat "$TMP/stdout")"
expect_exit 1 "$NQUEENS" merge --json "$TMP/p1.db" "$TMP/p3.db"
grep -q '"complete":false,.*"missing_parts":\[2\]}' "$TMP/stdout" ||
    fail "missing part, JSON: $(cat "$TMP/stdout")"

# Merge of merges: the same result, the same JSON keys as count.
"$NQUEENS" merge -o "$TMP/m13.db" "$TMP/p1.db" "$TMP/p3.db" > /dev/null || true
[ -f "$TMP/m13.db" ] || fail "merge -o wrote no file"
"$NQUEENS" merge --json "$TMP/m13.db" "$TMP/p2.db" > "$TMP/out" ||
    fail "merge of a merge: $(cat "$TMP/out")"
# The checkpoints record no thread counts: threads null, no threads line.
grep -q '^{"n":12,"total":14200,"unique":1787,"sym180":80,"sym90":8,"threads":null,"engine":"join/2 n=12","seconds":' "$TMP/out" ||
    fail "merge --json: $(cat "$TMP/out")"
# The same part twice is taken once.
"$NQUEENS" merge "$TMP/p1.db" "$TMP/p2.db" "$TMP/p3.db" "$TMP/m13.db" > "$TMP/out" ||
    fail "merge with a part twice"
grep -qx "total    14200" "$TMP/out" || fail "merge with a part twice: $(cat "$TMP/out")"
sed 's/ .*//' "$TMP/out" | tr '\n' ' ' | grep -qx "n total unique sym180 sym90 engine seconds " ||
    fail "merge: the lines of count but threads: $(cat "$TMP/out")"

# Other plans, cuts and rules: refused, exit 2, the file named.
"$NQUEENS" count 12 --part 1/4 --checkpoint "$TMP/q1.db" --quiet > /dev/null
expect_exit 2 "$NQUEENS" merge "$TMP/p1.db" "$TMP/q1.db"
grep -q "error: '$TMP/q1.db' is cut into 4 parts and '$TMP/p1.db' into 3" "$TMP/stderr" ||
    fail "other cut: $(cat "$TMP/stderr")"
"$NQUEENS" count 12 --part 2/3 --engine constellations --checkpoint "$TMP/c2.db" --quiet > /dev/null
expect_exit 2 "$NQUEENS" merge "$TMP/p1.db" "$TMP/c2.db"
grep -q "error: '$TMP/c2.db' is of another count than '$TMP/p1.db' ('constellations/1 n=12'" "$TMP/stderr" ||
    fail "other plan: $(cat "$TMP/stderr")"
cp "$TMP/p2.db" "$TMP/r2.db"
sqlite3 "$TMP/r2.db" "UPDATE meta SET value = 7 WHERE key = 'part_rule'"
expect_exit 2 "$NQUEENS" merge "$TMP/p1.db" "$TMP/r2.db"
grep -q "holds parts cut by rule 7 and '$TMP/p1.db' by rule 2" "$TMP/stderr" ||
    fail "other rule: $(cat "$TMP/stderr")"
# A file of a newer format is named as such, second as first.
cp "$TMP/p2.db" "$TMP/v2.db"
sqlite3 "$TMP/v2.db" "PRAGMA user_version = 3"
for order in "$TMP/p1.db $TMP/v2.db" "$TMP/v2.db $TMP/p1.db"; do
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" merge $order
    grep -qx "nqueens: error: checkpoint '$TMP/v2.db' has format 3; this nqueens reads format 2 (use a newer nqueens)" \
        "$TMP/stderr" || fail "merge $order, a newer format: $(cat "$TMP/stderr")"
done
# A part table altered to claim more subproblems than the plan holds.
cp "$TMP/p2.db" "$TMP/s2.db"
sqlite3 "$TMP/s2.db" "UPDATE part SET size = size + 1"
expect_exit 2 "$NQUEENS" merge "$TMP/p1.db" "$TMP/p3.db" "$TMP/s2.db"
grep -q "'$TMP/s2.db' and the files before it do not add up" "$TMP/stderr" ||
    fail "altered part size: $(cat "$TMP/stderr")"
# ... or a history that no file can record.
cp "$TMP/p2.db" "$TMP/h2.db"
sqlite3 "$TMP/h2.db" "UPDATE meta SET value = 9223372036854775807 WHERE key = 'sessions'"
expect_exit 2 "$NQUEENS" merge -o "$TMP/h.db" "$TMP/p1.db" "$TMP/h2.db"
grep -q "'$TMP/h2.db' and the files before it do not add up" "$TMP/stderr" ||
    fail "altered sessions: $(cat "$TMP/stderr")"
[ ! -e "$TMP/h.db" ] || fail "a refused merge wrote its file"
# -o in a folder that does not exist: the system's reason, as -o says it.
expect_exit 2 "$NQUEENS" merge -o "$TMP/no/such/m.db" "$TMP/p1.db"
grep -qx "nqueens: error: cannot write the merged checkpoint '$TMP/no/such/m.db': No such file or directory" \
    "$TMP/stderr" || fail "merge -o in a missing folder: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "merge -o in a missing folder printed: $(cat "$TMP/stdout")"
expect_exit 2 "$NQUEENS" merge "$TMP/p1.db" "$TMP/missing.db"
grep -q "no checkpoint '$TMP/missing.db'" "$TMP/stderr" || fail "missing file: $(cat "$TMP/stderr")"
# A part's file is its part's alone.
expect_exit 2 "$NQUEENS" count 12 --part 2/3 --checkpoint "$TMP/p1.db"
grep -q "checkpoint '$TMP/p1.db' is of part 1/3, not 2/3" "$TMP/stderr" ||
    fail "part into another's file: $(cat "$TMP/stderr")"
# Opened for the whole count, a part's file or a merge's says what it
# holds (the plan is the same: no "other decomposition").
expect_exit 2 "$NQUEENS" count 12 --checkpoint "$TMP/p1.db"
grep -qx "nqueens: error: checkpoint '$TMP/p1.db' holds part 1/3 of the count, not the whole count (\`nqueens count 12 --part 1/3\` resumes it, or give another file name)" \
    "$TMP/stderr" || fail "part's file for the whole count: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" count 12 --checkpoint "$TMP/m13.db"
grep -q "^nqueens: error: checkpoint '$TMP/m13.db' is a merge of 2 of 3 parts, which no count resumes" \
    "$TMP/stderr" || fail "merge's file for the whole count: $(cat "$TMP/stderr")"
# A part's file whose part table, or whose rows, are not the part's (the
# plan the same): named as altered, not as another plan's.
cp "$TMP/p1.db" "$TMP/a1.db"
sqlite3 "$TMP/a1.db" "UPDATE part SET size = size + 1"
cp "$TMP/p2.db" "$TMP/a2.db"
sqlite3 "$TMP/a2.db" "ATTACH '$TMP/p1.db' AS o; DELETE FROM done WHERE id = (SELECT min(id) FROM done);
    INSERT INTO done SELECT * FROM o.done LIMIT 1"
for k in 1 2; do
    expect_exit 2 "$NQUEENS" count 12 --part $k/3 --checkpoint "$TMP/a$k.db"
    grep -qx "nqueens: error: checkpoint '$TMP/a$k.db' is of part $k/3 of this plan, but what it holds is not that part's subproblems (an altered file; give another file name)" \
        "$TMP/stderr" || fail "altered part $k: $(cat "$TMP/stderr")"
done
expect_exit 2 "$NQUEENS" count 12 --part 1/3
grep -q "part needs --checkpoint FILE" "$TMP/stderr" || fail "--part alone: $(cat "$TMP/stderr")"
for bad in 0/3 4/3 2/ 1/1000001; do
    expect_exit 2 "$NQUEENS" count 12 --part "$bad" --checkpoint "$TMP/x.db"
    grep -q "error: --part must be K/M" "$TMP/stderr" || fail "--part $bad: $(cat "$TMP/stderr")"
done
[ ! -e "$TMP/x.db" ] || fail "a refused --part made a file"

# Provenance: status --units lists each subproblem with engine, version,
# host and time, text and JSON lines.
"$NQUEENS" status --units "$TMP/p2.db" > "$TMP/units" || fail "status --units"
head -1 "$TMP/units" | grep -qx "id total sym180 sym90 engine version host time" ||
    fail "status --units header: $(head -1 "$TMP/units")"
version=$("$NQUEENS" --version | awk '{ print $NF }')
grep -Eq "^[0-9]+ [0-9]+ [0-9]+ [0-9]+ join $version host2 20[0-9-]+T[0-9:]+Z\$" "$TMP/units" ||
    fail "status --units lines: $(sed -n 2p "$TMP/units")"
"$NQUEENS" status --units --json "$TMP/p2.db" > "$TMP/units.json"
[ "$(wc -l < "$TMP/units.json")" -eq "$(($(wc -l < "$TMP/units") - 1))" ] ||
    fail "status --units --json: not one line a unit"
grep -q '"engine":"join","version":"'"$version"'","host":"host2","at":"20' "$TMP/units.json" ||
    fail "status --units --json: $(head -1 "$TMP/units.json")"
"$NQUEENS" status "$TMP/p2.db" > "$TMP/status"
grep -qx "part        2 of 3 ([0-9]* subproblems)" "$TMP/status" || fail "status of a part: $(cat "$TMP/status")"
grep -qx "result      this part is complete: \`nqueens merge\` it with the other parts" "$TMP/status" ||
    fail "status of a part: $(cat "$TMP/status")"
# JSON says which part too (0: the whole count, or a merge of several).
"$NQUEENS" status --json "$TMP/p2.db" | grep -q '"subproblems":276,"part":2,"parts":3,"parts_held":1,' ||
    fail "status --json of a part: $("$NQUEENS" status --json "$TMP/p2.db")"
"$NQUEENS" status --json "$TMP/m13.db" | grep -q '"part":0,"parts":3,"parts_held":2,' ||
    fail "status --json of a merge: $("$NQUEENS" status --json "$TMP/m13.db")"

# A merge of several parts: no count resumes it, and status says what
# does (the parts' own files, merged again).
"$NQUEENS" status "$TMP/m13.db" > "$TMP/status"
grep -qx "parts       2 of 3 ([0-9]* subproblems)" "$TMP/status" &&
    grep -qx "result      the parts it holds are complete: \`nqueens merge\` it with the other parts" "$TMP/status" ||
    fail "status of a merge: $(cat "$TMP/status")"
cp "$TMP/p1.db" "$TMP/u1.db"
sqlite3 "$TMP/u1.db" "DELETE FROM done WHERE id = (SELECT min(id) FROM done)"
"$NQUEENS" merge -o "$TMP/u13.db" "$TMP/u1.db" "$TMP/p3.db" > /dev/null || true
"$NQUEENS" status "$TMP/u13.db" > "$TMP/status"
grep -qx "result      not yet: some of its parts are not finished (resume each with \`nqueens count 12 --part K/3\` on its own checkpoint, then merge again)" \
    "$TMP/status" || fail "status of an unfinished merge: $(cat "$TMP/status")"

# A part killed with SIGKILL resumes and merges to the published count.
db=$TMP/k2.db
"$NQUEENS" count 14 --part 2/2 --engine constellations --threads 1 --checkpoint "$db" \
    --checkpoint-interval 0.05 --quiet > /dev/null 2>&1 &
pid=$!
wait_done_above "$db" 0 "$pid"
kill -KILL "$pid" 2> /dev/null || true
wait "$pid" 2> /dev/null || true
"$NQUEENS" status "$db" > "$TMP/status" || fail "status of a killed part"
grep -q "result      not yet: run \`nqueens count 14 --part 2/2 --checkpoint $db\` again" "$TMP/status" ||
    grep -q "this part is complete" "$TMP/status" || fail "killed part: $(cat "$TMP/status")"
"$NQUEENS" count 14 --part 2/2 --engine constellations --checkpoint "$db" --quiet > /dev/null ||
    fail "resuming the killed part"
"$NQUEENS" count 14 --part 1/2 --engine constellations --checkpoint "$TMP/k1.db" --quiet > /dev/null
"$NQUEENS" merge "$TMP/k1.db" "$db" > "$TMP/out" || fail "merge after the kill"
grep -qx "total    $(published_total 14)" "$TMP/out" || fail "after the kill: $(cat "$TMP/out")"
# A part with a row changed through SQLite (its check fails): the merge
# refuses it, naming the file and the subproblem, and prints no count.
cp "$TMP/k1.db" "$TMP/bad1.db"
id=$(sqlite3 "$TMP/bad1.db" "SELECT id FROM done ORDER BY id LIMIT 1 OFFSET 2")
sqlite3 "$TMP/bad1.db" "UPDATE done SET total = total + 1 WHERE id = $id"
expect_exit 2 "$NQUEENS" merge "$TMP/bad1.db" "$db"
grep -q "^nqueens: error: checkpoint '$TMP/bad1.db' is damaged: the row of subproblem $id (total [0-9]*, host '[^']*', constellations, nqueens [0-9.]*, [0-9: -]* UTC) fails its check" "$TMP/stderr" ||
    fail "merge of a damaged row: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "merge of a damaged row printed: $(cat "$TMP/stdout")"
# The README's examples.
cd "$TMP"
check_readme_examples "Parts on any machines" 7
pass
