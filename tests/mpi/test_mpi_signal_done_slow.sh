#!/bin/sh
# A signal to a worker that has finished its share while another rank
# still counts stops the job as a signal to any rank does: rank 0 saves,
# says so, and ends the job with 128 + the signal. (Such a worker waited
# in MPI_Finalize, where the signal went unheeded: the job counted on and
# ended with exit 0.)
#
# The state is made, not waited for: rank 2 is stopped (SIGSTOP) once it
# has counted a chunk, holding the three chunks of 16 ids that a worker on
# one thread keeps in hand (16 ids a thread, 3 requests in flight:
# mpi/mpi_count.h). Rank 0 and rank 1 count every other id; once the
# checkpoint holds all but those 48, rank 1 has been told that there is no
# more work, and the job waits for rank 2.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"
. "$NQ_SOURCE_DIR/tests/mpi/mpi-lib.sh"

db=$TMP/done.db
args="count 15 --threads 1 --engine constellations --checkpoint $db --checkpoint-interval 0"

# subproblems_of FILE: the subproblems of the checkpoint's plan, read
# again where a read meets a save in progress.
subproblems_of() {
    tries=0
    until got=$("$NQUEENS" status --json "$1" 2> /dev/null |
        sed -n 's/.*"subproblems":\([0-9]*\),.*/\1/p' | grep .); do
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "cannot read $1"
        sleep 0.05
    done
    echo "$got"
}

# held_counted: whether rank 2 has sent the counts of a chunk back.
held_counted() {
    "$NQUEENS" status --units "$db" 2> /dev/null | grep -q ' held '
}

# start_held: starts the job ($job), and stops rank 2 ($held) once it has
# counted a chunk. Fails (status 1) where by then the job was near its end
# (rank 2's chunks may then be short): the caller starts it again.
start_held() {
    rm -f "$db"
    # Rank 2 names its host, so that the checkpoint shows its first chunk.
    # shellcheck disable=SC2086
    "$MPIRUN" $MPIRUN_FLAGS -np 2 "$NQUEENS_MPI" $args \
        : -np 1 env NQUEENS_HOST=held "$NQUEENS_MPI" $args \
        > "$TMP/out" 2> "$TMP/err" &
    job=$!
    tries=0
    until held_counted; do
        kill -0 "$job" 2> /dev/null || fail "the job ended first: $(cat "$TMP/err")"
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "rank 2 counted nothing within 60 s"
        sleep 0.05
    done
    held=$(rank_pid 2 "$db")
    kill -STOP "$held"
    total=$(subproblems_of "$db")
    # Its three chunks were 16 ids each while a sixth of what was left
    # (a share a rank) came to 16 or more.
    [ "$(done_of "$db")" -le $((total - 200)) ] && return 0
    kill -CONT "$held"
    wait "$job" || true
    return 1
}
attempt=1
until start_held; do
    attempt=$((attempt + 1))
    [ "$attempt" -le 3 ] || fail "rank 2 counted its first chunk only near the end, 3 times"
done

# Every id but rank 2's 48 is counted: rank 1 has finished its share.
tries=0
while [ "$(done_of "$db")" -lt $((total - 48)) ]; do
    tries=$((tries + 1))
    [ "$tries" -lt 2400 ] || {
        kill -CONT "$held"
        fail "$(done_of "$db") of $total counted after 120 s, not all but 48"
    }
    sleep 0.05
done
[ "$(done_of "$db")" = $((total - 48)) ] || {
    kill -CONT "$held"
    fail "$(done_of "$db") of $total counted while rank 2 held 48"
}

kill -TERM "$(rank_pid 1 "$db")"
# The job ends at once; where it does not, the signal went unheeded.
tries=0
while kill -0 "$job" 2> /dev/null; do
    tries=$((tries + 1))
    if [ "$tries" -ge 1200 ]; then
        kill -CONT "$held"
        wait "$job" || true
        fail "SIGTERM to rank 1, which had finished its share: the job went on ($(head -3 "$TMP/out"))"
    fi
    sleep 0.05
done
status=0
wait "$job" || status=$?
[ "$status" = 143 ] || fail "SIGTERM to a finished rank 1: exit $status: $(cat "$TMP/err")"
grep -q "^nqueens-mpi: interrupted (a signal to rank 1): $((total - 48)) of $total subproblems saved in '$db'; the same command resumes\$" "$TMP/err" ||
    fail "SIGTERM to a finished rank 1: $(cat "$TMP/err")"
[ ! -s "$TMP/out" ] || fail "a result on stdout: $(cat "$TMP/out")"

# The same command finishes the count.
# shellcheck disable=SC2086
mpi 2 $args > "$TMP/out" 2> "$TMP/err" || fail "resumed: $(cat "$TMP/err")"
expect_published 15 "$TMP/out"
pass
