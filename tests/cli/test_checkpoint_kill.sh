#!/bin/sh
# A checkpointed count stopped by SIGINT saves and exits 130, by SIGTERM
# 143, by SIGHUP 129 (a second SIGINT kills, leaving no -o file), an
# ignored SIGINT stays ignored, and killed with SIGKILL at several points
# loses no committed work; resumed, it gives the published counts.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

# A script's background command starts with SIGINT ignored (POSIX, no
# job control), and the tool leaves an ignored signal ignored: the runs
# that get SIGINT here start with its default action (env
# --default-signal), as a command typed at a terminal does.
# SIGINT and SIGTERM in the middle of n = 17 (far from done when stopped:
# constellations take seconds, where the join would be done in one).
db=$TMP/17.db
env --default-signal=INT "$NQUEENS" count 17 --threads 1 --engine constellations \
    --checkpoint "$db" --checkpoint-interval 0.05 > "$TMP/out" 2> "$TMP/err" &
pid=$!
wait_done_above "$db" 0 "$pid"
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 130 ] || fail "SIGINT: exit $status, expected 130: $(cat "$TMP/err")"
grep -q "interrupted: [0-9]* of [0-9]* subproblems saved in '$db'; the same command resumes" "$TMP/err" ||
    fail "SIGINT message: $(cat "$TMP/err")"
[ ! -s "$TMP/out" ] || fail "SIGINT: output on stdout"
first=$(done_of "$db")
[ "$first" -gt 0 ] || fail "nothing saved at SIGINT"
# status names the command that goes on, with the file's own name (quoted
# for the shell where it needs it).
"$NQUEENS" status "$db" > "$TMP/status" || fail "status after SIGINT"
grep -qx "result      not yet: run \`nqueens count 17 --checkpoint $db\` again to go on" "$TMP/status" ||
    fail "status after SIGINT: $(cat "$TMP/status")"
cp "$db" "$TMP/it's here.db"
"$NQUEENS" status "$TMP/it's here.db" > "$TMP/status" || fail "status of a copy"
grep -qx "result      not yet: run \`nqueens count 17 --checkpoint '$TMP/it'\\\\''s here.db'\` again to go on" "$TMP/status" ||
    fail "status, quoted name: $(cat "$TMP/status")"
rm "$TMP/it's here.db"

# SIGTERM, then SIGHUP (the terminal of the run closed), each to a
# resumed run: it saves, as SIGINT does, and its run is on the books.
for stop in TERM:143:2 HUP:129:3; do
    sig=${stop%%:*} rest=${stop#*:}
    want=${rest%:*} runs=${rest#*:}
    saved=$(done_of "$db")
    "$NQUEENS" count 17 --threads 1 --engine constellations --checkpoint "$db" \
        --checkpoint-interval 0.05 > "$TMP/out" 2> "$TMP/err" &
    pid=$!
    wait_done_above "$db" "$saved" "$pid"
    kill -"$sig" "$pid"
    status=0
    wait "$pid" || status=$?
    [ "$status" = "$want" ] || fail "SIG$sig: exit $status, expected $want: $(cat "$TMP/err")"
    grep -q "interrupted: [0-9]* of [0-9]* subproblems saved" "$TMP/err" ||
        fail "SIG$sig message: $(cat "$TMP/err")"
    [ "$(done_of "$db")" -gt "$saved" ] || fail "the run resumed before SIG$sig saved nothing"
    "$NQUEENS" status "$db" | grep -q "^time .* in $runs runs\$" ||
        fail "status runs after SIG$sig"
done

# A second SIGINT while the first one's work is saved ends the run at
# once, and removes the temporary file of -o as the first one would have
# (it died of the signal's default action and left the file). Whether it
# comes while the run winds down or after, the status is 130 and no file
# is left but the checkpoint, and its journal where the second signal cut a
# save short: SQLite's own, rolled back or removed by the next save, as after
# a power cut.
mkdir "$TMP/twice"
env --default-signal=INT "$NQUEENS" count 17 --threads 1 --engine constellations \
    --checkpoint "$TMP/twice/17.db" --checkpoint-interval 0.05 \
    -o "$TMP/twice/out" > /dev/null 2> "$TMP/err" &
pid=$!
wait_done_above "$TMP/twice/17.db" 0 "$pid"
kill -INT "$pid"
sleep 0.01
kill -INT "$pid" 2> /dev/null || true
status=0
wait "$pid" || status=$?
[ "$status" = 130 ] || fail "two SIGINTs: exit $status, expected 130: $(cat "$TMP/err")"
left=$(ls "$TMP/twice" | tr '\n' ' ')
[ "$left" = "17.db " ] || [ "$left" = "17.db 17.db-journal " ] ||
    fail "two SIGINTs left $left"
"$NQUEENS" status "$TMP/twice/17.db" > "$TMP/status" ||
    fail "status after two SIGINTs: $(cat "$TMP/status")"
status=0
"$NQUEENS" count 17 --threads 1 --engine constellations \
    --checkpoint "$TMP/twice/17.db" --max-time 1 2> "$TMP/err" || status=$?
# A second, past the plan (which the limit counts) even under valgrind,
# and well before the count's end (8 s here): it saves, so it opened the
# checkpoint.
[ "$status" = 2 ] && grep -q 'subproblems saved in' "$TMP/err" ||
    fail "resumed after two SIGINTs: exit $status: $(cat "$TMP/err")"
[ "$(ls "$TMP/twice")" = 17.db ] || fail "the resumed run left $(ls "$TMP/twice" | tr '\n' ' ')"

# A SIGINT the caller ignores (nohup, a script's background job) stays
# ignored: the count goes on to its end, as a run that was never sent it.
sh -c 'trap "" INT; exec "$0" "$@"' "$NQUEENS" count 17 --threads 1 \
    --engine constellations --checkpoint "$TMP/ignored.db" \
    --checkpoint-interval 0.05 > "$TMP/out" 2> "$TMP/err" &
pid=$!
wait_done_above "$TMP/ignored.db" 0 "$pid"
kill -0 "$pid" 2> /dev/null || fail "count 17 ended before its SIGINT"
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 0 ] || fail "an ignored SIGINT stopped the count: exit $status: $(cat "$TMP/err")"
expect_published 17 "$TMP/out"

# SIGKILL at three points of n = 14 and 15, then the published counts, on
# both engines (a run that ends before its kill still has to resume right).
kill_and_resume 14 "$TMP/14.db" 3 "$NQUEENS" count --threads 1 --engine constellations
kill_and_resume 15 "$TMP/15.db" 3 "$NQUEENS" count --threads 1 --engine constellations
kill_and_resume 15 "$TMP/15j.db" 3 "$NQUEENS" count --threads 1 --engine join

# Resuming takes the engine of the checkpoint: no --engine needed.
"$NQUEENS" count 13 --engine constellations --checkpoint "$TMP/13.db" --quiet > /dev/null
"$NQUEENS" status "$TMP/13.db" | grep -q '^plan  *constellations/1 n=13$' || fail "status plan"
"$NQUEENS" count 13 --checkpoint "$TMP/13.db" --quiet > "$TMP/out" ||
    fail "resume of a constellations checkpoint without --engine"
grep -q '^engine   constellations/1 n=13$' "$TMP/out" || fail "engine of the resumed run: $(cat "$TMP/out")"
expect_published 13 "$TMP/out"
# Asked for another engine than the file's: refused, the file untouched.
status=0
"$NQUEENS" count 13 --engine join --checkpoint "$TMP/13.db" --quiet > /dev/null 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "engine mismatch: exit $status"
grep -q "another decomposition" "$TMP/err" || fail "engine mismatch message: $(cat "$TMP/err")"
pass
