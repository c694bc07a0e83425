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
