#!/bin/sh
# The CUDA engine's failures, through the stand-in driver (fake_cuda.c,
# NQ_FAKE_CUDA_FAIL): no driver, a launch refused, a kernel that faults.
# Each is an error naming the device and what failed, exit 2, and no
# count on standard output; a checkpointed count that fails keeps its
# checkpoint, which the CPU then finishes with the published count; a
# rank of nqueens-mpi that fails says so (where nqueens-mpi is built).
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# No driver: no device to list (a note, exit 0), and --engine gpu refused.
NQ_FAKE_CUDA_FAIL=init "$NQUEENS" count --list-devices > "$TMP/out" 2> "$TMP/err" ||
    fail "--list-devices without a driver: $(cat "$TMP/err")"
[ ! -s "$TMP/out" ] || fail "devices listed without a driver: $(cat "$TMP/out")"
grep -q "no CUDA device found" "$TMP/err" || fail "no-driver note: $(cat "$TMP/err")"
NQ_FAKE_CUDA_FAIL=init expect_exit 2 "$NQUEENS" count 10 --engine gpu
grep -q "no CUDA device found (cuInit: CUDA_ERROR_NO_DEVICE, 100" "$TMP/stderr" ||
    fail "no driver: $(cat "$TMP/stderr")"

# A launch refused, a kernel that faults: the device, the call, the code.
NQ_FAKE_CUDA_FAIL=launch expect_exit 2 "$NQUEENS" count 12 --engine gpu
grep -q "GPU device 0 (nqueens fake CUDA device): cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED (719)" "$TMP/stderr" ||
    fail "launch failure: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "a count printed after a failed launch: $(cat "$TMP/stdout")"
NQ_FAKE_CUDA_FAIL=sync expect_exit 2 "$NQUEENS" count 12 --engine gpu --json
grep -q "GPU device 0 (nqueens fake CUDA device): counting a batch failed: CUDA_ERROR_LAUNCH_FAILED (719)" "$TMP/stderr" ||
    fail "kernel failure: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "a count printed after a failed kernel: $(cat "$TMP/stdout")"

# A checkpointed count whose device fails keeps what it has; the CPU
# finishes it.
NQ_FAKE_CUDA_FAIL=sync expect_exit 2 "$NQUEENS" count 12 --engine gpu --checkpoint "$TMP/c.db"
[ -s "$TMP/c.db" ] || fail "no checkpoint left by the failed count"
"$NQUEENS" count 12 --engine constellations --checkpoint "$TMP/c.db" > "$TMP/out" 2> "$TMP/err" ||
    fail "resume on the CPU: $(cat "$TMP/err")"
grep -qx "total    $(published_total 12)" "$TMP/out" || fail "resumed count: $(cat "$TMP/out")"
# nqueens-mpi: a rank whose device fails says what its device said, and
# the job fails.
if [ -n "${NQUEENS_MPI:-}" ]; then
    status=0
    # shellcheck disable=SC2086 # the flags are words
    NQ_FAKE_CUDA_FAIL=launch timeout 120 "$MPIRUN" $MPIRUN_FLAGS -np 2 \
        "$NQUEENS_MPI" count 12 --engine gpu --threads 1 > "$TMP/out" 2> "$TMP/err" || status=$?
    [ "$status" = 2 ] || fail "nqueens-mpi, a launch refused: exit $status: $(cat "$TMP/err")"
    grep -q "cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED" "$TMP/err" ||
        fail "nqueens-mpi, a launch refused: $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "nqueens-mpi printed a count: $(cat "$TMP/out")"
    # Only rank 1's device fails: rank 0 says what rank 1's device said.
    # (n = 15: enough work that rank 1 is handed some before rank 0 alone
    # has done it all.)
    status=0
    # shellcheck disable=SC2086 # the flags are words
    NQ_FAKE_CUDA_FAIL=launch NQ_FAKE_CUDA_FAIL_RANK=1 timeout 120 "$MPIRUN" $MPIRUN_FLAGS -np 2 \
        "$NQUEENS_MPI" count 15 --engine gpu --threads 1 > "$TMP/out" 2> "$TMP/err" || status=$?
    [ "$status" = 2 ] || fail "nqueens-mpi, rank 1's launch refused: exit $status: $(cat "$TMP/err")"
    grep -q "failed on rank 1: GPU device 0 (.*): cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED" "$TMP/err" ||
        fail "nqueens-mpi, rank 1's launch refused: $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "nqueens-mpi printed a count: $(cat "$TMP/out")"
fi
pass
