# Helpers of the nqueens-mpi tests, sourced after tests/cli/lib.sh and
# tests/cli/checkpoint-lib.sh.

# mpi P ARGS...: nqueens-mpi on P ranks. MPIRUN_FLAGS is meant to split.
mpi() {
    p=$1
    shift
    # shellcheck disable=SC2086
    timeout 300 "$MPIRUN" $MPIRUN_FLAGS -np "$p" "$NQUEENS_MPI" "$@"
}

# expect_counts_on_ranks "P..." "N...": each count on each number of ranks
# gives the published counts.
expect_counts_on_ranks() {
    for p in $1; do
        for n in $2; do
            mpi "$p" count "$n" > "$TMP/out" 2> "$TMP/err" ||
                fail "P=$p n=$n: exit $?: $(head -5 "$TMP/err")"
            expect_published "$n" "$TMP/out"
        done
    done
}

# rank_pid R MARK: the pid of rank R of the job whose command line holds
# MARK (a path of this test's $TMP, so that no other job's rank is found;
# each rank's environment names its rank). Fails where there is none.
rank_pid() {
    for pid in $(pgrep -f -- "$2"); do
        rank=$(tr '\0' '\n' < "/proc/$pid/environ" 2> /dev/null |
            sed -n 's/^OMPI_COMM_WORLD_RANK=//p')
        if [ "$rank" = "$1" ]; then
            echo "$pid"
            return 0
        fi
    done
    fail "rank $1 of the job of '$2' not found"
}

# rank_pid_when R MARK: rank_pid once the rank is there (mpirun starts
# it), 60 s at most.
rank_pid_when() {
    tries=0
    until pid=$(rank_pid "$1" "$2" 2> /dev/null); do
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "rank $1 of the job of '$2' did not start within 60 s"
        sleep 0.05
    done
    echo "$pid"
}
