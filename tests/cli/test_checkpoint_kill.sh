#!/bin/sh
# A checkpointed count stopped by SIGINT saves and exits 130, by SIGTERM
# exits 143, and killed with SIGKILL at several points loses no committed
# work; resumed, it gives the published counts.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

# SIGINT and SIGTERM in the middle of n = 17 (far from done when stopped).
db=$TMP/17.db
"$NQUEENS" count 17 --threads 1 --checkpoint "$db" --checkpoint-interval 0.05 \
    > "$TMP/out" 2> "$TMP/err" &
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
"$NQUEENS" status "$db" | grep -q '^result *not yet' || fail "status after SIGINT"

"$NQUEENS" count 17 --threads 1 --checkpoint "$db" --checkpoint-interval 0.05 \
    > "$TMP/out" 2> "$TMP/err" &
pid=$!
wait_done_above "$db" "$first" "$pid"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 143 ] || fail "SIGTERM: exit $status, expected 143: $(cat "$TMP/err")"
[ "$(done_of "$db")" -gt "$first" ] || fail "the resumed run saved nothing"
"$NQUEENS" status "$db" | grep -q '^time .* in 2 runs$' || fail "status runs"

# SIGKILL at three points of n = 14 and 15, then the published counts.
kill_and_resume 14 "$TMP/14.db" 3 "$NQUEENS" count --threads 1
kill_and_resume 15 "$TMP/15.db" 3 "$NQUEENS" count --threads 1
pass
