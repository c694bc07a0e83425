#!/bin/sh
# Signals to a checkpointed nqueens-mpi job: every way of stopping it saves
# the work so far, and the same command resumes to the published count.
#
# What Open MPI 4.1's mpirun does (measured on this machine; docs/mpi.md,
# "Stopping a job"): it does not forward SIGINT or SIGTERM (ess_base_forward_signals
# refuses them). It sends every rank SIGCONT, a second later SIGTERM, a
# second after that SIGKILL, and exits 1 whatever the ranks did. Each rank
# runs in its own process group, so a Ctrl-C on the terminal reaches only
# mpirun. So:
#   - SIGINT to mpirun: rank 0 sees SIGTERM, saves within that second, says
#     so; mpirun exits non-zero (1), never 130;
#   - SIGINT or SIGTERM to rank 0 itself, or to any worker: rank 0 saves and
#     ends the job with MPI_Abort(128 + signal), and mpirun exits with that
#     code: 130 or 143.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"
. "$NQ_SOURCE_DIR/tests/mpi/mpi-lib.sh"

db=$TMP/17.db
# The count under test, in the background (constellations on one thread a
# rank: seconds of work, where the join would be done at once). $job is
# mpirun's pid (no `timeout` in between: the signal goes to mpirun).
start_job() {
    # shellcheck disable=SC2086
    "$MPIRUN" $MPIRUN_FLAGS -np 2 "$NQUEENS_MPI" count 17 \
        --threads 1 --engine constellations --checkpoint "$db" \
        --checkpoint-interval 0.05 > "$TMP/out" 2> "$TMP/err" &
    job=$!
}

# stopped_with STATUS WHAT: the job ended with STATUS, rank 0 said that it
# saved, and the file holds what it said; sets $saved.
stopped_with() {
    got=0
    wait "$job" || got=$?
    case $1 in
    nonzero) [ "$got" != 0 ] || fail "$2: mpirun exit 0" ;;
    *) [ "$got" = "$1" ] || fail "$2: mpirun exit $got, expected $1: $(cat "$TMP/err")" ;;
    esac
    line=$(grep "^nqueens-mpi: interrupted" "$TMP/err") ||
        fail "$2: rank 0 did not say it saved: $(cat "$TMP/err")"
    said=$(echo "$line" | sed -n 's/.*: \([0-9]*\) of 4353 subproblems saved in .*/\1/p')
    saved=$(done_of "$db")
    [ -n "$said" ] && [ "$said" = "$saved" ] ||
        fail "$2: rank 0 said '$line', the file holds $saved"
    [ ! -s "$TMP/out" ] || fail "$2: a result on stdout: $(cat "$TMP/out")"
    echo "$2: mpirun exit $got, $saved saved" >&2
}

# SIGINT to mpirun (what Ctrl-C does): mpirun's SIGTERM reaches rank 0,
# which saves and says so; mpirun's own status is not 130.
start_job
wait_done_above "$db" 0 "$job"
kill -INT "$job"
stopped_with nonzero "SIGINT to mpirun"
grep -q "^nqueens-mpi: interrupted: " "$TMP/err" || fail "SIGINT to mpirun: $(cat "$TMP/err")"
first=$saved

# SIGINT to rank 0: 130.
start_job
wait_done_above "$db" "$first" "$job"
kill -INT "$(rank_pid 0 "$db")"
stopped_with 130 "SIGINT to rank 0"
[ "$saved" -gt "$first" ] || fail "the second run saved nothing"
second=$saved

# SIGTERM to the worker: rank 0 hears of it, saves, 143.
start_job
wait_done_above "$db" "$second" "$job"
kill -TERM "$(rank_pid 1 "$db")"
stopped_with 143 "SIGTERM to rank 1"
grep -q "^nqueens-mpi: interrupted (a signal to rank 1): " "$TMP/err" ||
    fail "SIGTERM to rank 1: $(cat "$TMP/err")"

# The same command resumes, to the published count, from all three.
start_job
status=0
wait "$job" || status=$?
[ "$status" = 0 ] || fail "resumed job: exit $status: $(cat "$TMP/err")"
expect_published 17 "$TMP/out"
"$NQUEENS" status "$db" | grep -q '^time .* in 4 runs$' ||
    fail "the job did not resume: $("$NQUEENS" status "$db")"
pass
