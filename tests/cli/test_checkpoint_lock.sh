#!/bin/sh
# One run at a time on a checkpoint: while a count holds the file, a second
# count on it is refused at once with exit 2 and one line, and writes
# nothing; `nqueens status` works meanwhile; the first run finishes with
# the published counts. A holder killed with SIGKILL leaves the file free,
# and two runs started together on a new file: one counts, one is refused.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

# Constellations on one thread: n = 16 lasts a second or two, long enough
# for the second run to find the first one at work.
count16() {
    "$NQUEENS" count 16 --threads 1 --engine constellations "$@"
}

db=$TMP/16.db
count16 --checkpoint "$db" --checkpoint-interval 0.05 --quiet \
    > "$TMP/first.out" 2> "$TMP/first.err" &
first=$!
wait_done_above "$db" 0 "$first"
kill -0 "$first" 2> /dev/null || fail "the first run ended before the second began"

# The second run: refused, one line, nothing on stdout, nothing written
# (the file holds no more than the holder saved, and no run of its own).
status=0
count16 --checkpoint "$db" --quiet > "$TMP/second.out" 2> "$TMP/second.err" || status=$?
[ "$status" = 2 ] || fail "second run: exit $status, expected 2: $(cat "$TMP/second.err")"
[ "$(wc -l < "$TMP/second.err")" = 1 ] || fail "second run: not one line: $(cat "$TMP/second.err")"
grep -qx "nqueens: error: checkpoint '$db' is in use by another run (wait for it to end or stop it; 'nqueens status' shows how far it is)" "$TMP/second.err" ||
    fail "second run message: $(cat "$TMP/second.err")"
[ ! -s "$TMP/second.out" ] || fail "second run wrote to stdout"
# A run of another n is refused for the same reason, before the file is
# read, and before its plan is built: this one could not even be built.
expect_exit 2 "$NQUEENS" count 15 --checkpoint "$db" --quiet
grep -q "is in use by another run" "$TMP/stderr" || fail "other n: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" count 20 --engine join --memory 1K --checkpoint "$db" --quiet
grep -q "is in use by another run" "$TMP/stderr" || fail "plan built before the lock was checked: $(cat "$TMP/stderr")"

# status only reads: it works while the run holds the file.
"$NQUEENS" status "$db" > "$TMP/status" 2> "$TMP/status.err" ||
    fail "status while held: $(cat "$TMP/status.err")"
grep -q '^done  *[0-9]* of [0-9]* subproblems' "$TMP/status" || fail "status while held: $(cat "$TMP/status")"
# merge -o does not replace the file under the run (whose work since
# would go into the file replaced): refused at once, the file kept.
expect_exit 2 "$NQUEENS" merge -o "$db" "$db"
grep -q "is in use by another run" "$TMP/stderr" || fail "merge -o onto the held file: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "merge -o onto the held file printed: $(cat "$TMP/stdout")"

status=0
wait "$first" || status=$?
[ "$status" = 0 ] || fail "first run: exit $status: $(cat "$TMP/first.err")"
expect_published 16 "$TMP/first.out"
"$NQUEENS" status "$db" | grep -q "complete: $(published_total 16) solutions" ||
    fail "status after the first run: $("$NQUEENS" status "$db")"
"$NQUEENS" status "$db" | grep -q '^time .* in 1 run$' || fail "runs after the first run"

# A holder killed with SIGKILL: the kernel drops its lock, and the next
# run resumes (a second session in the file).
db=$TMP/killed.db
# (The tool itself in the background, not a function: $! must be its pid.)
"$NQUEENS" count 16 --threads 1 --engine constellations --checkpoint "$db" \
    --checkpoint-interval 0.05 --quiet > /dev/null 2>&1 &
holder=$!
wait_done_above "$db" 0 "$holder"
kill -KILL "$holder" 2> /dev/null || true
wait "$holder" 2> /dev/null || true
count16 --checkpoint "$db" --quiet > "$TMP/out" 2> "$TMP/err" ||
    fail "run after kill -9 of the holder: $(cat "$TMP/err")"
expect_published 16 "$TMP/out"
"$NQUEENS" status "$db" | grep -q '^time .* in 2 runs$' || fail "the run after kill -9 did not resume"

# Two runs started together on a file that is not there yet: one makes it
# and counts, the other is refused at once; nothing is left beside the
# file. (The one that counts is stopped with SIGTERM once the other has
# ended: its count was checked above; the race is what is tested here.)
for i in 1 2; do
    db=$TMP/race$i.db
    "$NQUEENS" count 16 --threads 1 --engine constellations --checkpoint "$db" \
        --checkpoint-interval 0.05 --quiet > "$TMP/a.out" 2> "$TMP/a.err" &
    a=$!
    "$NQUEENS" count 16 --threads 1 --engine constellations --checkpoint "$db" \
        --checkpoint-interval 0.05 --quiet > "$TMP/b.out" 2> "$TMP/b.err" &
    b=$!
    tries=0
    while kill -0 "$a" 2> /dev/null && kill -0 "$b" 2> /dev/null; do
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "two runs on a new file: both still at work after 60 s"
        sleep 0.05
    done
    # The one at work: once it has saved, it stops on SIGTERM in order.
    alive=$a
    kill -0 "$a" 2> /dev/null || alive=$b
    wait_done_above "$db" 0 "$alive"
    kill -TERM "$alive" 2> /dev/null || true
    sa=0
    wait "$a" || sa=$?
    sb=0
    wait "$b" || sb=$?
    case "$sa $sb" in
    "0 2" | "143 2") winner=a loser=b ;;
    "2 0" | "2 143") winner=b loser=a ;;
    *) fail "two runs on a new file: exits $sa and $sb: $(cat "$TMP/a.err" "$TMP/b.err")" ;;
    esac
    grep -q "is in use by another run" "$TMP/$loser.err" || fail "race loser: $(cat "$TMP/$loser.err")"
    [ ! -s "$TMP/$loser.out" ] || fail "race loser wrote to stdout"
    "$NQUEENS" status "$db" | grep -q '^time .* in 1 run$' ||
        fail "race $i: not one run in the file: $("$NQUEENS" status "$db")"
done
[ "$(ls -A "$TMP" | grep -c '\.new-')" = 0 ] || fail "files left beside the checkpoints: $(ls -A "$TMP")"
pass
