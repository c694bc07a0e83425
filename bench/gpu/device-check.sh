#!/bin/sh
# The one script to run on the GPU machine (one NVIDIA H100 or H200, 16
# cores, nvcc, CMake and the NVIDIA driver, no internet): builds the tool
# with the GPU engine, says which OpenCL platforms and devices it sees,
# runs the GPU tests (ctest -L gpu), then times `count N --engine gpu` and
# the CPU baseline `count N -t 16` on the same machine for N = 18 to 22,
# stopping before its time limit, and writes a markdown table (N, GPU s,
# CPU s, ratio, totals checked against the published ones).
#
# Usage: bench/gpu/device-check.sh [LIMIT_SECONDS]    (default 420: the
#        whole run, build included, fits 7 minutes, so that a second try
#        fits a 15-minute lease)
# The table goes to $OUT/gpu-table.md and the log to $OUT/device-check.log
# when $OUT is set, else to standard output. NQ_GPU_CHECK_NS="18 19"
# chooses other N (for a trial run anywhere, on PoCL: "12 13").
#
# It builds the engine on OpenCL (build-gpu/) and on CUDA (build-cuda/,
# the same kernel source through NVRTC): the one that sees the GPU is
# tested and timed (OpenCL first), the other timed once at n = 20 beside
# it where it sees the GPU too.
#
# What the machine lacks is carried: see bench/gpu/gpu-env.sh.
set -u
limit=${1:-420}
case $limit in '' | *[!0-9]*) echo "usage: $0 [LIMIT_SECONDS]" >&2; exit 2 ;; esac
log_name=device-check.log
# shellcheck source=bench/gpu/gpu-env.sh
. "$(dirname "$0")/gpu-env.sh"

say "# nqueens GPU device check, $(date -u '+%Y-%m-%d %H:%M UTC'), limit ${limit} s"
say "machine: $(uname -m), $(nproc) cores; $(sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2> /dev/null | tr -d '"')"
gpu_line=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2> /dev/null | head -n 1)
say "GPU (nvidia-smi): ${gpu_line:-none found}"
prepare_machine

say ""
say "## Build (OpenCL)"
build_tool "$root/build-gpu" OPENCL
say ""
say "## Build (CUDA: the driver API and NVRTC, the same kernel source; the tool alone)"
build_tool "$root/build-cuda" CUDA nqueens_cli

say ""
say "## Devices"
if command -v clinfo > /dev/null; then
    logged clinfo -l || true
fi
for api in gpu cuda; do
    say "build-$api:"
    [ -x "$root/build-$api/nqueens" ] && { logged "$root/build-$api/nqueens" count --list-devices || true; }
done

# The engine tested and timed: CUDA where it alone sees a GPU (or where
# NQ_GPU_CHECK_API=cuda), else OpenCL (the engine's own API; PoCL's CPU
# in a trial). The other, where it sees the GPU too, is timed once at the
# end for comparison.
first=gpu
second=cuda
if [ "${NQ_GPU_CHECK_API:-}" = cuda ] ||
    { ! sees_gpu "$root/build-gpu/nqueens" && sees_gpu "$root/build-cuda/nqueens"; }; then
    first=cuda
    second=gpu
fi
build=$root/build-$first
tool=$build/nqueens
if [ "$first" = cuda ]; then
    say ""
    say "## Build (CUDA, the tests too)"
    build_tool "$build" CUDA
fi
if [ ! -x "$tool" ]; then
    say "the build failed: see the log"
    exit 1
fi
say "timed: the engine on $(api_name $first) ($build)"

# ---- the GPU tests ----------------------------------------------------------
say ""
say "## ctest -L gpu"
t=$(left)
test_limit=$((t / 2))
[ "$test_limit" -gt 240 ] && test_limit=240
logged timeout "$test_limit" ctest --test-dir "$build" -L gpu --output-on-failure \
    --timeout "$test_limit" | grep -E 'Test +#|tests passed|FAILED|Failed|Error' || true

# ---- the timings ------------------------------------------------------------
# count_once N ARGS...: one run; prints "SECONDS TOTAL", or nothing.
count_once() {
    n=$1
    shift
    t=$(left)
    [ "$t" -gt 5 ] || return 1
    timeout "$t" "$tool" count "$n" "$@" --quiet --json 2> "$build/count.err" |
        sed -n 's/.*"total":\([0-9]*\),.*"seconds":\([0-9.]*\).*/\2 \1/p'
}
# timed N ESTIMATE ARGS...: the median seconds of up to 3 runs (3 where a
# run takes under 20 s and time allows) and the total, "- -" when the
# estimate does not fit the time left, "failed -" when the first run
# gave no total.
timed() {
    n=$1
    estimate=$2
    shift 2
    if [ "$(awk -v e="$estimate" -v l="$(left)" 'BEGIN { print (e > l - 10) }')" = 1 ]; then
        echo "- -"
        return
    fi
    runs=""
    total=-
    k=0
    while [ "$k" -lt 3 ]; do
        r=$(count_once "$n" "$@")
        [ -n "$r" ] || break
        runs="$runs ${r% *}"
        total=${r#* }
        k=$((k + 1))
        s=${r% *}
        [ "$(awk -v s="$s" -v l="$(left)" 'BEGIN { print (s < 20 && 2 * s < l - 10) }')" = 1 ] || break
    done
    if [ -z "$runs" ]; then
        echo "failed -"
        return
    fi
    median=$(echo "$runs" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    echo "$median/$k $total"
}

say ""
say "## Timings"
table="| n | GPU s (median/runs) | CPU -t 16 s (median/runs) | CPU/GPU | total | published |
|---|---|---|---|---|---|"
gpu_prev=""
cpu_prev=""
gpu20=""
for n in ${NQ_GPU_CHECK_NS:-18 19 20 21 22}; do
    # Each N takes about 8 times the one before.
    gpu_est=$(awk -v p="$gpu_prev" 'BEGIN { print (p == "" ? 1 : p * 9) }')
    cpu_est=$(awk -v p="$cpu_prev" 'BEGIN { print (p == "" ? 1 : p * 9) }')
    g=$(timed "$n" "$gpu_est" --engine gpu)
    gs=${g% *}
    gt=${g#* }
    if [ "$gs" = - ]; then
        say "n = $n: stopped, about $(left) s left (the GPU run would take about ${gpu_est} s)"
        break
    fi
    if [ "$gs" = failed ]; then
        say "n = $n: the GPU count failed: $(head -n 3 "$build/count.err")"
        break
    fi
    c=$(timed "$n" "$cpu_est" -t 16)
    cs=${c% *}
    ct=${c#* }
    [ "$cs" = failed ] && cs=-
    want=$(published "$n")
    check="ok"
    [ "$gt" = "$want" ] || check="WRONG: $gt, published $want"
    [ "$ct" = - ] || [ "$ct" = "$want" ] || check="$check; CPU WRONG: $ct"
    ratio=$(awk -v g="${gs%/*}" -v c="${cs%/*}" 'BEGIN { if (c == "-") print "-"; else printf "%.1f", c / g }')
    row="| $n | $gs | $cs | $ratio | $gt | $check |"
    say "$row"
    table="$table
$row"
    gpu_prev=${gs%/*}
    [ "$n" = 20 ] && gpu20=$gpu_prev
    [ "$cs" = - ] || cpu_prev=${cs%/*}
    [ "$cs" = - ] && cpu_prev=$(awk -v p="$cpu_est" 'BEGIN { print p }')
done

# The other API at n = 20, once, where it sees the GPU and time allows.
other=""
if sees_gpu "$root/build-$second/nqueens" && [ -n "$gpu20" ] &&
    [ "$(awk -v g="$gpu20" -v l="$(left)" 'BEGIN { print (2 * g + 10 < l) }')" = 1 ]; then
    tool=$root/build-$second/nqueens
    o=$(count_once 20 --engine gpu)
    if [ -n "$o" ]; then
        ot=${o#* }
        check="ok"
        [ "$ot" = "$(published 20)" ] || check="WRONG: $ot"
        other="
The same kernel source on $(api_name $second), n = 20, one run: ${o% *} s
(on $(api_name $first): $gpu20 s, the median above); total $check."
        say "n = 20 on $(api_name $second): ${o% *} s, total $check"
    fi
fi

report="# GPU check: $(date -u '+%Y-%m-%d')

GPU: ${gpu_line:-none found}; $(nproc) cores; tool built with -DNQ_NATIVE=ON;
the engine on $(api_name $first).
\`count N --engine gpu\` against \`count N -t 16\` (the join, default 2 GiB
budget) on the same machine, in one run of bench/gpu/device-check.sh
(limit ${limit} s); seconds as the tool reports them, median of the runs
made (3 where a run takes under 20 s and time allowed).

$table
$other
"
if [ -n "$out" ]; then
    printf '%s' "$report" > "$out/gpu-table.md"
    say ""
    say "table written to $out/gpu-table.md"
else
    printf '\n%s' "$report"
fi
say "done in $(($(date +%s) - start)) s"
