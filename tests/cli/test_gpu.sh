#!/bin/sh
# count --engine gpu on whatever device is found (in CI: PoCL, the CPU as
# an OpenCL device; CUDA's GPUs in a -DNQ_GPU_API=CUDA build): the device listing, the dry run, the published counts for an
# odd and an even N, --max-time, SIGINT with and without a checkpoint, a
# checkpoint begun on the GPU and finished on the CPU and the other way
# round, and the usage errors. In a build without the GPU engine: the
# refusal says why. Small N only: the kernel runs on two cores here.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

if [ "${NQ_GPU:-OFF}" != ON ]; then
    expect_exit 2 "$NQUEENS" count 8 --engine gpu
    grep -q "built without GPU support (OpenCL)" "$TMP/stderr" ||
        fail "refusal without GPU support: $(cat "$TMP/stderr")"
    expect_exit 2 "$NQUEENS" count --list-devices
    grep -q "built without GPU support" "$TMP/stderr" ||
        fail "listing without GPU support: $(cat "$TMP/stderr")"
    # The dry run refuses as the count does (no estimate on a "none"
    # device).
    for json in "" --json; do
        # shellcheck disable=SC2086
        expect_exit 2 "$NQUEENS" count 8 --engine gpu --dry-run $json
        grep -q "count of 8 on the GPU: this nqueens was built without GPU support" \
            "$TMP/stderr" || fail "dry run $json without GPU support: $(cat "$TMP/stderr")"
        [ ! -s "$TMP/stdout" ] || fail "dry run $json without GPU support wrote: $(cat "$TMP/stdout")"
    done
    pass
fi

# The devices, numbered as --device takes them.
"$NQUEENS" count --list-devices > "$TMP/devices" 2> "$TMP/err" ||
    fail "--list-devices: $(cat "$TMP/err")"
grep -q '^0: ' "$TMP/devices" ||
    fail "no device found (OpenCL: apt-get install pocl-opencl-icd, and ocl-icd-opencl-dev opencl-headers to build) $(cat "$TMP/err")"

# With --json, the same devices as one object a line (--json was taken
# and the text lines written).
"$NQUEENS" count --list-devices --json > "$TMP/devices.json" 2> "$TMP/err" ||
    fail "--list-devices --json: $(cat "$TMP/err")"
[ "$(wc -l < "$TMP/devices.json")" = "$(wc -l < "$TMP/devices")" ] ||
    fail "--list-devices --json: $(cat "$TMP/devices.json")"
first=$(sed -n 's/^0: //p' "$TMP/devices" | sed 's/[\\"]/\\&/g')
head -n 1 "$TMP/devices.json" | grep -qxF "{\"device\":0,\"description\":\"$first\"}" ||
    fail "--list-devices --json: $(head -n 1 "$TMP/devices.json")"

# --dry-run: no model of a device's time, and it says so (not the CPU's
# time under the device's name).
"$NQUEENS" count 20 --engine gpu --dry-run > "$TMP/out" ||
    fail "count 20 --engine gpu --dry-run"
# The API the engine was built on (OpenCL; CUDA in a -DNQ_GPU_API=CUDA
# build).
api="an OpenCL"
[ "${NQ_GPU_API:-OPENCL}" = CUDA ] && api="a CUDA"
grep -qx "count of 20: engine constellations/1 n=20 on $api device, memory .*, time unknown (no model of a device's cost: bench/gpu/device-check.sh times one)" "$TMP/out" ||
    fail "dry run on the GPU: $(cat "$TMP/out")"
"$NQUEENS" count 20 --engine gpu --dry-run --json > "$TMP/out" ||
    fail "count 20 --engine gpu --dry-run --json"
grep -q '"estimated_seconds":null,"machine_speed":null' "$TMP/out" ||
    fail "dry run on the GPU, JSON: $(cat "$TMP/out")"

# The published counts, odd and even N, text and JSON (the first run also
# builds the kernel, which PoCL then keeps in its cache).
for n in 11 12; do
    "$NQUEENS" count "$n" --engine gpu > "$TMP/out" 2> "$TMP/err" ||
        fail "count $n --engine gpu: $(cat "$TMP/err")"
    expect_published "$n" "$TMP/out"
    grep -qx "engine   constellations/1 n=$n on GPU device 0" "$TMP/out" ||
        fail "engine line: $(cat "$TMP/out")"
    # The CPU's threads counted the symmetric searches alone, and the
    # line says so (it read as if they had counted everything).
    grep -qx "threads  [0-9]* (sym180 and sym90; the rest on the device)" "$TMP/out" ||
        fail "threads line: $(cat "$TMP/out")"
done
"$NQUEENS" count 10 --engine gpu --threads 3 --checkpoint "$TMP/threads.db" > "$TMP/out" ||
    fail "count 10 --engine gpu --checkpoint"
grep -qx "threads  3 (sym180 and sym90; the rest on the device)" "$TMP/out" ||
    fail "threads line with --checkpoint: $(cat "$TMP/out")"
# On the CPU, the threads counted it all.
"$NQUEENS" count 10 --engine constellations --threads 3 > "$TMP/out" ||
    fail "count 10 --engine constellations"
grep -qx "threads  3" "$TMP/out" || fail "threads line on the CPU: $(cat "$TMP/out")"
"$NQUEENS" count 10 --device 0 --json > "$TMP/out" ||
    fail "count 10 --device 0 --json"
grep -q '^{"n":10,"total":724,"unique":92,"sym180":12,"sym90":0,.*"engine":"constellations/1 n=10 on GPU device 0"' "$TMP/out" ||
    fail "JSON: $(cat "$TMP/out")"

# Usage errors: exit 2 and a line that says what is wrong.
expect_exit 2 "$NQUEENS" count 8 --device 99
grep -q "count of 8 on the GPU: no GPU device 99" "$TMP/stderr" ||
    fail "--device 99: $(cat "$TMP/stderr")"
# The dry run refuses a device that is not there as the count does (it
# said "on an OpenCL device", exit 0, for a count that could not start).
for json in "" --json; do
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" count 20 --device 99 --dry-run $json
    grep -q "count of 20 on the GPU: no GPU device 99" "$TMP/stderr" ||
        fail "dry run $json, --device 99: $(cat "$TMP/stderr")"
    [ ! -s "$TMP/stdout" ] || fail "dry run $json, --device 99 wrote: $(cat "$TMP/stdout")"
done
# No device at all (OpenCL: the loader shown an empty folder of drivers).
if [ "${NQ_GPU_API:-OPENCL}" != CUDA ]; then
    mkdir "$TMP/no-drivers"
    expect_exit 2 env OCL_ICD_VENDORS="$TMP/no-drivers" "$NQUEENS" count 20 \
        --engine gpu --dry-run
    grep -q "count of 20 on the GPU: no OpenCL device found" "$TMP/stderr" ||
        fail "dry run without a device: $(cat "$TMP/stderr")"
    # No device is an empty list, exit 0: -o FILE is written, empty (it
    # was left unmade).
    env OCL_ICD_VENDORS="$TMP/no-drivers" "$NQUEENS" count --list-devices \
        -o "$TMP/no-devices" 2> "$TMP/no-devices.err" ||
        fail "--list-devices, no device"
    { [ -f "$TMP/no-devices" ] && [ ! -s "$TMP/no-devices" ]; } ||
        fail "--list-devices -o FILE, no device: $(ls -l "$TMP")"
    grep -q "no OpenCL device found" "$TMP/no-devices.err" ||
        fail "no note: $(cat "$TMP/no-devices.err")"
fi
# A memory budget too small for the plan: the budget it needs, with a
# checkpoint as without (with one it said "on the GPU: out of memory").
for cp in "" "--checkpoint $TMP/small.db"; do
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" count 12 --engine gpu --memory 1K $cp
    grep -q "count of 12 needs a memory budget of about .*, more than the 1 KiB given (--memory)" \
        "$TMP/stderr" || fail "--memory 1K $cp: $(cat "$TMP/stderr")"
done
expect_exit 2 "$NQUEENS" count 8 --device 0 --engine join
grep -q -- "--device needs --engine gpu" "$TMP/stderr" || fail "--device with join"
expect_exit 2 "$NQUEENS" count 8 --list-devices
expect_exit 2 "$NQUEENS" count 33 --engine gpu
expect_exit 2 "$NQUEENS" count 28 --engine gpu --device x

# The stops below need counts that run for a while on this device: 16 and
# 17 take about 1 and 10 s on two cores through PoCL, milliseconds on a
# GPU. Where 16 takes under half a second, N grows (to 19 at most: the
# CPU finishes one of them below) until a count takes that long.
gpu_seconds() {
    "$NQUEENS" count "$1" --engine gpu --quiet --json |
        sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p'
}
stop_n=16
stop_seconds=$(gpu_seconds $stop_n)
while [ "$stop_n" -lt 19 ] &&
    awk -v s="$stop_seconds" 'BEGIN { exit !(s < 0.5) }'; do
    stop_n=$((stop_n + 1))
    stop_seconds=$(gpu_seconds $stop_n)
done
long_n=$((stop_n + 1))

# --max-time: stopped, no result, exit 2.
expect_exit 2 "$NQUEENS" count $long_n --engine gpu --max-time 0.5 --quiet
grep -q "stopped by --max-time 0.5: no result" "$TMP/stderr" ||
    fail "--max-time: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] || fail "--max-time: output on stdout"

# A script's background command starts with SIGINT ignored (POSIX, no
# job control), and the tool leaves an ignored signal ignored: the runs
# that get SIGINT here start with its default action (env
# --default-signal), as a command typed at a terminal does.
# SIGINT without a checkpoint: exit 130, the work is said to be lost. The
# signal goes once the count has begun (its first progress line is out):
# before that the device is being opened, and the default action would
# end the tool without a word.
: > "$TMP/err" # empty before the wait below looks at it
env --default-signal=INT "$NQUEENS" count $long_n --engine gpu --progress \
    > "$TMP/out" 2> "$TMP/err" &
pid=$!
tries=0
until [ -s "$TMP/err" ]; do
    kill -0 "$pid" 2> /dev/null || fail "count $long_n ended before SIGINT: $(cat "$TMP/err")"
    tries=$((tries + 1))
    [ "$tries" -lt 1200 ] || fail "no progress from count $long_n after 60 s"
    sleep 0.05
done
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 130 ] || fail "SIGINT: exit $status, expected 130: $(cat "$TMP/err")"
grep -q "interrupted after" "$TMP/err" || fail "SIGINT message: $(cat "$TMP/err")"

# A checkpoint begun on the GPU, stopped by SIGINT once some of the
# constellations are in (beyond the 2N ids of the symmetric searches),
# finished on the CPU; and one begun on the CPU, finished on the GPU.
handover() {
    n=$1 db=$2 first=$3 second=$4
    env --default-signal=INT "$NQUEENS" count "$n" --engine "$first" \
        --threads 1 --checkpoint "$db" --checkpoint-interval 0.05 --quiet \
        > "$TMP/out" 2> "$TMP/err" &
    pid=$!
    wait_done_above "$db" $((2 * n)) "$pid"
    kill -INT "$pid" 2> /dev/null || true
    status=0
    wait "$pid" || status=$?
    [ "$status" = 130 ] || fail "$first, SIGINT: exit $status: $(cat "$TMP/err")"
    saved=$(done_of "$db")
    [ "$saved" -gt $((2 * n)) ] || fail "$first: only $saved saved"
    "$NQUEENS" status "$db" | grep -q "^plan  *constellations/1 n=$n$" ||
        fail "status plan after $first"
    "$NQUEENS" count "$n" --engine "$second" --checkpoint "$db" --quiet \
        > "$TMP/out" 2> "$TMP/err" || fail "resume on $second: $(cat "$TMP/err")"
    expect_published "$n" "$TMP/out"
    "$NQUEENS" status "$db" | grep -q '^time .* in 2 runs$' ||
        fail "status after $second: $(cat "$TMP/err")"
}
# The rows name what counted them: the CPU's threads the 2N symmetric
# searches (as the constellations do), the device the rest (all read
# "gpu"), in the text of status --units and in its JSON.
"$NQUEENS" count 8 --engine gpu --checkpoint "$TMP/rows.db" --quiet > /dev/null ||
    fail "count 8 --engine gpu --checkpoint"
"$NQUEENS" status --units "$TMP/rows.db" > "$TMP/rows" || fail "status --units"
awk 'NR > 1 && $5 != ($1 < 16 ? "constellations" : "gpu") { bad = 1 }
     END { exit bad || NR < 17 }' "$TMP/rows" || fail "status --units: $(cat "$TMP/rows")"
"$NQUEENS" status --units --json "$TMP/rows.db" > "$TMP/rows.json" || fail "status --units --json"
grep -q '^{"id":15,.*"engine":"constellations"' "$TMP/rows.json" &&
    grep -q '^{"id":16,.*"engine":"gpu"' "$TMP/rows.json" ||
    fail "status --units --json: $(head -n 20 "$TMP/rows.json")"
handover $stop_n "$TMP/gpu-cpu.db" gpu constellations
handover 16 "$TMP/cpu-gpu.db" constellations gpu

# --max-time with a checkpoint saves, and the same command finishes. The
# limit is a third of what the count takes (at 16 through PoCL about 1 s,
# the limit 0.3 s: at 1 s, a count that ended a few milliseconds after it
# was reported as done).
db=$TMP/max-time.db
limit=$(awk -v s="$stop_seconds" 'BEGIN { printf "%g", int(s / 3 * 100 + 0.5) / 100 }')
expect_exit 2 "$NQUEENS" count $stop_n --engine gpu --checkpoint "$db" \
    --checkpoint-interval 0.05 --max-time "$limit" --quiet
grep -q "stopped by --max-time $limit: [0-9]* of [0-9]* subproblems saved" "$TMP/stderr" ||
    fail "--max-time $limit with a checkpoint: $(cat "$TMP/stderr")"
"$NQUEENS" count $stop_n --engine gpu --checkpoint "$db" --quiet > "$TMP/out" ||
    fail "resume after --max-time"
expect_published $stop_n "$TMP/out"
# Its provenance over two runs: the symmetric searches counted by the
# CPU (as constellations), every other unit by the GPU engine.
"$NQUEENS" status --units "$db" > "$TMP/units" || fail "status --units"
awk -v sym=$((2 * stop_n)) '
    NR > 1 && $5 != ($1 < sym ? "constellations" : "gpu") { bad = 1 }
    END { exit bad }' "$TMP/units" || fail "the units' engines: $(cat "$TMP/units")"

# --max-time counts from the start of the run, the kernel's build
# included, with a checkpoint as without one (with one, the clock started
# once the plan was made: a long build overran the limit by its time). A
# preloaded clBuildProgram takes 1000 s on the tool's clock (OpenCL only).
if [ "${NQ_GPU_API:-OPENCL}" != CUDA ]; then
    for cp in "" "--checkpoint $TMP/slow-build.db"; do
        # shellcheck disable=SC2086
        expect_exit 2 env LD_PRELOAD="$NQ_SLOW_KERNEL_BUILD" \
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
            "$NQUEENS" count 10 --engine gpu --max-time 100 --quiet $cp
        grep -q "^nqueens: error: count of 10 stopped by --max-time 100" "$TMP/stderr" ||
            fail "a build of 1000 s, --max-time 100 $cp: $(cat "$TMP/stderr")"
    done
fi

# --engine auto takes a device of type GPU from N = 18 on, and the dry run
# says what the count does (it described the join while the count ran on
# the GPU). PoCL's CPU device is no GPU: auto leaves it, in both. A
# preloaded clGetDeviceInfo makes it a GPU (OpenCL only): then both take
# it. The count is stopped by SIGINT once its checkpoint is made (its plan
# made, the kernel built), and the checkpoint names the plan it made: the join
# on the CPU, the constellations on the GPU.
if [ "${NQ_GPU_API:-OPENCL}" != CUDA ]; then
    for preload in "" "$NQ_DEVICE_TYPE_GPU"; do
        "$NQUEENS" count --list-devices > "$TMP/devices"
        if [ -z "$preload" ]; then
            grep -q '(gpu, ' "$TMP/devices" && break # a real GPU: not this test
            plan=join/2
            said="count of 18: engine join/2 n=18"
        else
            plan=constellations/1
            said="count of 18: engine constellations/1 n=18 on an OpenCL device"
        fi
        env LD_PRELOAD="$preload" \
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
            "$NQUEENS" count 18 --dry-run > "$TMP/out" || fail "count 18 --dry-run"
        grep -q "^$said, " "$TMP/out" ||
            fail "auto's dry run (preload '$preload'): $(cat "$TMP/out")"
        db=$TMP/auto-${preload:+gpu}.db
        env --default-signal=INT LD_PRELOAD="$preload" \
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
            "$NQUEENS" count 18 --checkpoint "$db" --quiet &
        pid=$!
        # The file is made (whole, by a rename) once the plan is: then
        # SIGINT. Not wait_catching: PoCL's LLVM catches SIGINT from the
        # moment the runtime is loaded, before the plan.
        tries=0
        until [ -e "$db" ]; do
            tries=$((tries + 1))
            [ "$tries" -lt 1200 ] && kill -0 "$pid" 2> /dev/null ||
                fail "auto's count (preload '$preload') made no checkpoint"
            sleep 0.05
        done
        kill -INT "$pid"
        status=0
        wait "$pid" || status=$?
        [ "$status" = 130 ] || fail "auto's count (preload '$preload'): exit $status after SIGINT"
        "$NQUEENS" status "$db" | grep -q "^plan  *$plan n=18$" ||
            fail "auto's count (preload '$preload'): $("$NQUEENS" status "$db")"
    done
fi
pass
