#!/bin/sh
# Times other launch shapes of the GPU engine on the GPU machine, to tune
# what was chosen without a GPU at hand (src/gpu/gpu_run.c's NQ_GPU_*
# values: the work-group size, the groups a compute unit, the levels a
# task leaves, where the stacks are, the kernel's loop, the seconds a
# batch): the tool is
# built once a variant, each with its -D values, and `count N --engine
# gpu` is timed for each in rounds (every variant once a round, so that a
# drift of the machine touches them all alike) until the time runs out.
# It writes a table of the medians and their ratios to the default's.
#
# Usage: bench/gpu/tune.sh [LIMIT_SECONDS [N]]    (defaults 240 and 20)
# The table goes to $OUT/gpu-tune.md and the log to $OUT/gpu-tune.log
# when $OUT is set, else to standard output. The API is OpenCL where it
# sees a GPU, else CUDA (NQ_GPU_CHECK_API=cuda: CUDA), as in
# device-check.sh, which says what the machine needs (bench/gpu/carry).
# NQ_GPU_TUNE_VARIANTS, lines of NAME=FLAGS, replaces the list below.
set -u
limit=${1:-240}
n=${2:-20}
case $limit$n in '' | *[!0-9]*)
    echo "usage: $0 [LIMIT_SECONDS [N]]" >&2
    exit 2
    ;;
esac
log_name=gpu-tune.log
# shellcheck source=bench/gpu/gpu-env.sh
. "$(dirname "$0")/gpu-env.sh"

# NAME=FLAGS, one a line.
variants=${NQ_GPU_TUNE_VARIANTS:-"default=
groups-8-a-unit=-DNQ_GPU_GROUPS_PER_UNIT=8
groups-24-a-unit=-DNQ_GPU_GROUPS_PER_UNIT=24
group-32=-DNQ_GPU_GROUP=32 -DNQ_GPU_GROUPS_PER_UNIT=32
group-128=-DNQ_GPU_GROUP=128 -DNQ_GPU_GROUPS_PER_UNIT=8
rest-n-7=-DNQ_GPU_REST_OFFSET=7
rest-n-9=-DNQ_GPU_REST_OFFSET=9
private-stacks=-DNQ_GPU_LOCAL_STACK=0
batch-1s=-DNQ_GPU_BATCH_SECONDS=1.0"}
# The default is always timed, first: the others are compared with it.
printf '%s\n' "$variants" | grep -q '^default=' || variants="default=
$variants"
names=$(printf '%s\n' "$variants" | sed -n 's/=.*//p' | awk '$0 == "default" { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }')
flags_of() {
    printf '%s\n' "$variants" | sed -n "s/^$1=//p"
}

# A misspelt value would be built and timed as the default: refuse it.
for name in $names; do
    for word in $(flags_of "$name"); do
        macro=$(printf '%s' "$word" | sed -n 's/^-D\([A-Z0-9_]*\)=.*/\1/p')
        if [ -z "$macro" ] || ! grep -q "ifndef $macro\$" "$root/src/gpu/gpu_run.c"; then
            echo "$0: variant $name: $word is not one of src/gpu/gpu_run.c's NQ_GPU_* values" >&2
            exit 2
        fi
    done
done

say "# nqueens GPU tuning, $(date -u '+%Y-%m-%d %H:%M UTC'), n = $n, limit ${limit} s"
gpu_line=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2> /dev/null | head -n 1)
say "GPU (nvidia-smi): ${gpu_line:-none found}"
prepare_machine

# The API: OpenCL where it sees a GPU, else CUDA where it does.
# (Nothing of an earlier run's builds is kept: a variant not built this
# time must not be timed from an older tree.)
tune=$root/build-tune
rm -rf "$tune"
api=OPENCL
if [ "${NQ_GPU_CHECK_API:-}" = cuda ]; then
    api=CUDA
else
    build_tool "$tune/default" OPENCL nqueens_cli
    if ! sees_gpu "$tune/default/nqueens"; then
        api=CUDA
    fi
fi
if [ "$api" = CUDA ]; then
    mv "$tune/default" "$tune/default-opencl" 2> /dev/null
    build_tool "$tune/default" CUDA nqueens_cli
    if ! sees_gpu "$tune/default/nqueens" && [ "${NQ_GPU_CHECK_API:-}" != cuda ] &&
        [ -x "$tune/default-opencl/nqueens" ]; then
        # Neither sees a GPU (a trial, on PoCL): OpenCL, the engine's own.
        api=OPENCL
        rm -rf "$tune/default"
        mv "$tune/default-opencl" "$tune/default"
    fi
    rm -rf "$tune/default-opencl"
fi
sees_gpu "$tune/default/nqueens" ||
    say "no build sees a GPU: the values tuned apply to GPUs only, so here the variants differ in nothing"
device=$("$tune/default/nqueens" count --list-devices 2> /dev/null | head -n 1)
say "API: $api; device: ${device:-none}"

say ""
say "## Builds"
for name in $names; do
    [ "$name" = default ] && continue
    [ "$(left)" -gt 30 ] || break
    say "$name: $(flags_of "$name")"
    build_tool "$tune/$name" "$api" nqueens_cli "$(flags_of "$name")"
done

# run_once NAME: one count with variant NAME's tool; appends its seconds to
# its times, or says what went wrong. A run may take 3 times the default's
# first (30 s at least), so that a slow variant leaves time to the others.
want=$(published "$n")
cap=""
run_once() {
    t=$(left)
    [ -n "$cap" ] && [ "$cap" -lt "$t" ] && t=$cap
    r=$(timeout "$t" "$tune/$1/nqueens" count "$n" --engine gpu --quiet --json 2> "$tune/$1.err" |
        sed -n 's/.*"total":\([0-9]*\),.*"seconds":\([0-9.]*\).*/\2 \1/p')
    if [ -z "$r" ]; then
        say "$1: failed or out of time (${t} s): $(head -n 2 "$tune/$1.err")"
        echo failed >> "$tune/$1.times"
    elif [ "${r#* }" != "$want" ]; then
        say "$1: WRONG total ${r#* }, published $want"
        echo wrong >> "$tune/$1.times"
    else
        echo "${r% *}" >> "$tune/$1.times"
        [ -n "$cap" ] || cap=$(awk -v s="${r% *}" 'BEGIN { c = int(3 * s) + 1; print (c < 30 ? 30 : c) }')
    fi
}
median_of() {
    grep -E '^[0-9.]+$' "$tune/$1.times" 2> /dev/null | sort -g |
        awk '{ v[NR] = $1 } END { if (NR > 0) print v[int((NR + 1) / 2)] }'
}

say ""
say "## Rounds"
for name in $names; do
    : > "$tune/$name.times"
done
round=0
while [ "$round" -lt 5 ]; do
    # A round only where the last fitted twice in the time left.
    [ "$round" -eq 0 ] || [ $((2 * round_seconds + 10)) -lt "$(left)" ] || break
    round_start=$(date +%s)
    for name in $names; do
        [ -x "$tune/$name/nqueens" ] || continue
        [ "$(left)" -gt 10 ] || break
        run_once "$name"
    done
    round_seconds=$(($(date +%s) - round_start))
    round=$((round + 1))
    say "round $round: $round_seconds s"
done

base=$(median_of default)
table="| variant | build flags | median s (runs) | default / variant |
|---|---|---|---|"
for name in $names; do
    m=$(median_of "$name")
    runs=$(grep -cE '^[0-9.]+$' "$tune/$name.times" 2> /dev/null)
    bad=$(grep -cvE '^[0-9.]+$' "$tune/$name.times" 2> /dev/null)
    if [ ! -x "$tune/$name/nqueens" ]; then
        cell="not built (no time left, or the build failed: see the log)"
        ratio="-"
    elif [ -z "$m" ]; then
        cell="no run"
        ratio="-"
    else
        cell="$m ($runs)"
        ratio=$(awk -v b="$base" -v m="$m" 'BEGIN { if (b == "") print "-"; else printf "%.2f", b / m }')
    fi
    [ "${bad:-0}" -gt 0 ] && cell="$cell, $bad failed or wrong"
    flags=$(flags_of "$name")
    table="$table
| $name | ${flags:-(none)} | $cell | $ratio |"
done

report="# GPU tuning: $(date -u '+%Y-%m-%d')

GPU: ${gpu_line:-none found}; the engine on $api ($device).
\`count $n --engine gpu\` with the tool built once a variant (the values of
src/gpu/gpu_run.c set with -D), $round rounds of bench/gpu/tune.sh (limit
${limit} s), every variant once a round; seconds as the tool reports them.
Above 1 in the last column: faster than the default.

$table
"
if [ -n "$out" ]; then
    printf '%s' "$report" > "$out/gpu-tune.md"
    say ""
    say "table written to $out/gpu-tune.md"
else
    printf '\n%s' "$report"
fi
say "done in $(($(date +%s) - start)) s"
