#!/bin/sh
# count-bench.sh - times `nqueens count` against the classic mirror bitboard
# counter (bench/baseline.c) in the same run and prints the ratios.
#
# Usage: bench/count-bench.sh [N ...]          (default: 16 17)
# Environment:
#   BUILD=build      the build folder (make build first)
#   RUNS=3           runs of every program per N; the median is reported
#   THREADS="1 2"    thread counts of the engine to time
#   ENGINE=auto      the engine of `nqueens count` (auto, join,
#                    constellations)
# For each N and run the programs take turns (baseline, then the engine
# with each thread count), so a busy machine slows them alike. Before any
# timing, each run checks that both programs agree on the count. Seconds are
# those each program measures around its count (process start-up excluded);
# peak memory (max RSS) and processor time (user + system, the steadier
# figure on a shared machine) come from /usr/bin/time when it is installed.
# With more than one thread count, every run also times the control
# (bench/cores.c): how much faster the most threads finish than one on
# work that shares nothing, at that moment; on a shared virtual machine it
# falls below the number of threads, and so must every program's speed-up.
set -eu

BUILD=${BUILD:-build}
RUNS=${RUNS:-3}
THREADS=${THREADS:-"1 2"}
ENGINE=${ENGINE:-auto}
[ $# -gt 0 ] || set -- 16 17
baseline=$BUILD/bench/nq_bench_baseline
cores=$BUILD/bench/nq_bench_cores
tool=$BUILD/nqueens
most=1
for t in $THREADS; do [ "$t" -gt "$most" ] && most=$t; done
for program in "$baseline" "$cores" "$tool"; do
    [ -x "$program" ] || { echo "count-bench: $program missing (make build)" >&2; exit 2; }
done
timer=""
[ -x /usr/bin/time ] && timer=/usr/bin/time
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# median FILE: the median of the numbers in FILE, one a line.
median() {
    sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# run NAME CMD...: runs CMD, appends its seconds to NAME.sec, its peak
# memory in KiB to NAME.kib and its processor seconds (user + system) to
# NAME.cpu; prints its total count.
run() {
    name=$1
    shift
    if [ -n "$timer" ]; then
        "$timer" -f '%M %U %S' -o "$work/rss" "$@" > "$work/out"
        awk '{ print $1 >> "'"$work/$name.kib"'"; print $2 + $3 >> "'"$work/$name.cpu"'" }' "$work/rss"
    else
        "$@" > "$work/out"
    fi
    case $name in
    base*) awk '{ print $3 >> "'"$work/$name.sec"'"; print $2 }' "$work/out" ;;
    *) sed -e 's/.*"total":\([0-9]*\).*"seconds":\([0-9.]*\).*/\1 \2/' "$work/out" |
        awk '{ print $2 >> "'"$work/$name.sec"'"; print $1 }' ;;
    esac
}

echo "machine: $(nproc) cores, $(uname -m); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median of $RUNS runs; ratio = engine seconds / baseline seconds (same run)"
printf '%4s %-10s %10s %8s %10s %10s\n' N program seconds ratio cpu_s peak_MiB
for n in "$@"; do
    rm -f "$work"/*.sec "$work"/*.kib "$work"/*.cpu "$work/cores"
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        want=$(run base "$baseline" "$n")
        for t in $THREADS; do
            got=$(run "t$t" "$tool" count --json --engine "$ENGINE" --threads "$t" "$n")
            [ "$got" = "$want" ] || { echo "count-bench: n=$n: engine says $got, baseline $want" >&2; exit 1; }
        done
        [ "$most" -gt 1 ] && "$cores" "$most" | awk '{ print $5 }' >> "$work/cores"
        i=$((i + 1))
    done
    base=$(median "$work/base.sec")
    mem() { [ -f "$work/$1.kib" ] && awk '$1 > m { m = $1 } END { printf "%.1f", m / 1024 }' "$work/$1.kib" || printf -- '-'; }
    cpu() { [ -f "$work/$1.cpu" ] && median "$work/$1.cpu" || printf -- '-'; }
    printf '%4s %-10s %10s %8s %10s %10s\n' "$n" baseline "$base" 1 "$(cpu base)" "$(mem base)"
    for t in $THREADS; do
        sec=$(median "$work/t$t.sec")
        ratio=$(awk -v a="$sec" -v b="$base" 'BEGIN { printf "%.3f", a / b }')
        printf '%4s %-10s %10s %8s %10s %10s\n' "$n" "count -t$t" "$sec" "$ratio" "$(cpu "t$t")" "$(mem "t$t")"
    done
    # The speed-up of each thread count over one thread: from the medians,
    # and the median of each run's own ratio (the two counts of a run are
    # seconds apart, so a machine whose speed drifts slows both alike).
    one=$(median "$work/t1.sec" 2> /dev/null || true)
    for t in $THREADS; do
        [ "$t" != 1 ] && [ -n "$one" ] || continue
        paste "$work/t1.sec" "$work/t$t.sec" | awk '{ print $1 / $2 }' > "$work/pairs"
        awk -v a="$one" -v b="$(median "$work/t$t.sec")" -v n="$n" -v t="$t" \
            -v p="$(median "$work/pairs")" \
            'BEGIN { printf "%4s speed-up of %d threads over 1: %.2f (median of the runs'"'"' own: %.2f)\n", n, t, a / b, p }'
    done
    if [ -f "$work/cores" ]; then
        printf '%4s control: %d threads of plain arithmetic over 1, same runs: median %s (%s)\n' \
            "$n" "$most" "$(median "$work/cores")" "$(sort -g "$work/cores" | tr '\n' ' ' | sed 's/ $//')"
    fi
done
