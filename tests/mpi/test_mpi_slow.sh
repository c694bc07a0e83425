#!/bin/sh
# nqueens-mpi with P = 1, 2 and 3 ranks counts n = 14..16 exactly; a rank
# killed in the middle ends the job with an error, and the checkpoint lets
# the rerun skip the saved work.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

. "$NQ_SOURCE_DIR/tests/mpi/mpi-lib.sh"

expect_counts_on_ranks "1 2 3" "14 15 16"

# Kill rank 1 in the middle: the job ends with an error naming it, and the
# checkpoint lets the rerun skip the saved work. (Constellations: the join
# would end before the kill.)
db=$TMP/killed.db
mpi 3 count 16 --threads 1 --engine constellations --checkpoint "$db" \
    --checkpoint-interval 0.05 > "$TMP/out" 2> "$TMP/err" &
job=$!
wait_done_above "$db" 0 "$job"
# The ranks are the processes running this count with Open MPI's rank in
# their environment.
victim=""
for pid in $(pgrep -f "nqueens-mpi count 16 --threads 1 --engine constellations --checkpoint $db"); do
    rank=$(tr '\0' '\n' < "/proc/$pid/environ" 2> /dev/null |
        sed -n 's/^OMPI_COMM_WORLD_RANK=//p')
    [ "$rank" = 1 ] && victim=$pid
done
[ -n "$victim" ] || fail "rank 1 not found"
kill -KILL "$victim"
status=0
wait "$job" || status=$?
[ "$status" != 0 ] || fail "the job went on without rank 1"
grep -q 'rank 1' "$TMP/err" || fail "no word of rank 1: $(cat "$TMP/err")"
saved=$(done_of "$db")
[ "$saved" -gt 0 ] || fail "nothing saved before rank 1 died"
mpi 2 count 16 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" || fail "rerun after a dead rank"
expect_published 16 "$TMP/out"
"$NQUEENS" status "$db" | grep -q '^time .* in 2 runs$' || fail "rerun did not resume"

# A join in passes is saved as each pass ends, whatever the interval: with
# --checkpoint-interval far longer than the run, the file still grows
# while the job runs; killed whole (mpirun and every rank) after the first
# pass, it keeps that work, and the rerun skips it.
db=$TMP/passes.db
mpi 2 count 18 --engine join --memory 96M --threads 1 --checkpoint "$db" \
    --checkpoint-interval 86400 > "$TMP/out" 2> "$TMP/err" &
job=$!
wait_done_above "$db" 0 "$job"
pkill -KILL -f "nqueens-mpi count 18 --engine join --memory 96M --threads 1 --checkpoint $db" || true
kill -KILL "$job" 2> /dev/null || true
wait "$job" 2> /dev/null || true
saved=$(done_of "$db")
size=$("$NQUEENS" status --json "$db" | sed -n 's/.*"subproblems":\([0-9]*\).*/\1/p')
[ "$saved" -gt 0 ] && [ "$saved" -lt "$size" ] ||
    fail "passes: $saved of $size saved when killed after the first pass"
mpi 2 count 18 --engine join --memory 96M --threads 1 --checkpoint "$db" \
    > "$TMP/out" 2> "$TMP/err" || fail "rerun in passes: $(head -3 "$TMP/err")"
expect_published 18 "$TMP/out"
"$NQUEENS" status "$db" | grep -q '^time .* in 2 runs$' || fail "passes: rerun did not resume"

# The seconds of the result count the whole run, the plan included, as
# those of `nqueens count` do (they began after it). Rank 0 is stopped
# (SIGSTOP) for three seconds once it catches signals, which it does
# before it plans: the count itself takes a fraction of that.
mark=$TMP/seconds.txt
mpi 2 count 17 --engine join --json -o "$mark" > "$TMP/out" 2> "$TMP/err" &
job=$!
root=$(rank_pid_when 0 "$mark") || fail "seconds: no rank 0"
wait_catching "$root"
kill -STOP "$root"
sleep 3
kill -CONT "$root"
wait "$job" || fail "seconds: $(head -3 "$TMP/err")"
seconds=$(sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p' "$mark")
awk -v s="$seconds" 'BEGIN { exit !(s >= 3) }' ||
    fail "seconds $seconds, though rank 0 was stopped for 3 s of the run"
grep -q "\"total\":$(published_total 17)," "$mark" || fail "seconds: $(cat "$mark")"
pass
