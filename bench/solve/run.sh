#!/bin/sh
# bench/solve/run.sh - throughput and memory of `nqueens solve`.
#
#   make build && sh bench/solve/run.sh [N] [RUNS]      (defaults: 16 3)
#
# For 1 and 2 threads it times, RUNS times each, and prints the median:
#   search   nq_solve with a callback that only counts (the baseline: what
#            the ordered search costs without any output)
#   file     nqueens solve N --format vector -o FILE  (a file on disk,
#            written to a temporary name, fsync'ed and renamed)
#   null     nqueens solve N --format vector -o /dev/null
# and the ratio file/search (1.00: the output is free). Then the peak
# resident memory of `solve N --format vector -o /dev/null` (all cores),
# which must not grow with the number of solutions.
#
# Timings on a shared machine are noisy: run it when the machine is quiet
# and look at the CPU seconds as well as the wall clock.
set -eu
N=${1:-16}
RUNS=${2:-3}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
NQUEENS=$BUILD/nqueens
OUT_DIR=${BENCH_DIR:-${TMPDIR:-/tmp}}
WORK=$(mktemp -d "$OUT_DIR/nq-bench-solve.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

[ -x "$NQUEENS" ] || { echo "build first: make build" >&2; exit 2; }
cc -O2 -I"$ROOT/include" "$ROOT/bench/solve/search_only.c" \
    "$BUILD/libnqueens.a" -lpthread -o "$WORK/search_only"
solutions=$("$WORK/search_only" "$N" 1)
echo "n = $N: $solutions solutions; $(nproc) cores; median of $RUNS runs"
echo "machine load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# median FILE: the median of the numbers in FILE, one a line.
median() {
    sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# measure NAME CMD...: runs CMD RUNS times; records wall and CPU seconds.
measure() {
    name=$1
    shift
    : > "$WORK/$name.wall"
    : > "$WORK/$name.cpu"
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        /usr/bin/time -f "%e %U %S" -o "$WORK/time" "$@" > /dev/null
        awk '{ print $1 }' "$WORK/time" >> "$WORK/$name.wall"
        awk '{ print $2 + $3 }' "$WORK/time" >> "$WORK/$name.cpu"
        i=$((i + 1))
    done
}

printf '%-8s %-7s %10s %10s %14s %8s\n' threads what wall_s cpu_s solutions/s vs_search
for threads in 1 2; do
    measure search "$WORK/search_only" "$N" "$threads"
    measure file "$NQUEENS" solve "$N" --format vector --threads "$threads" \
        -o "$WORK/out.txt"
    measure null "$NQUEENS" solve "$N" --format vector --threads "$threads" \
        -o /dev/null
    base=$(median "$WORK/search.wall")
    for what in search file null; do
        wall=$(median "$WORK/$what.wall")
        cpu=$(median "$WORK/$what.cpu")
        awk -v t="$threads" -v w="$what" -v wall="$wall" -v cpu="$cpu" \
            -v s="$solutions" -v base="$base" 'BEGIN {
            printf "%-8s %-7s %10.2f %10.2f %14.0f %8.2f\n", t, w, wall, cpu,
                s / wall, base / wall }'
    done
done
[ "$(wc -l < "$WORK/out.txt")" = "$solutions" ] || echo "WARNING: the file has the wrong number of lines"

/usr/bin/time -v "$NQUEENS" solve "$N" --format vector -o /dev/null \
    2> "$WORK/rss" > /dev/null
rss=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$WORK/rss")
echo "peak RSS of solve $N --format vector -o /dev/null (all cores): $rss KiB"
echo "machine load after: $(cut -d' ' -f1-3 /proc/loadavg)"
