#!/bin/sh
# bench/solve/first.sh - how soon the first solution comes out.
#
#   make build && sh bench/solve/first.sh [RUNS] [N...]
#                                   (defaults: 5, then 8 12 16 20 24 28 30 32)
#
# For each N it times, RUNS times each, `nqueens find N --method search`
# (the plain search stopped at its first solution: the mark) and
# `nqueens solve N --limit 1 --format vector` on 1 and 2 threads and on
# four times the cores, and prints the medians and each solve's distance
# from the mark in seconds. Output asked for in order should start as soon
# as the first subproblem yields it, on any number of threads.
set -eu
RUNS=${1:-5}
[ $# -gt 0 ] && shift
SIZES=${*:-8 12 16 20 24 28 30 32}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
NQUEENS=$BUILD/nqueens
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nq-bench-first.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
[ -x "$NQUEENS" ] || { echo "build first: make build" >&2; exit 2; }
many=$(($(nproc) * 4))
echo "median of $RUNS runs; $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# median_of CMD...: the median wall seconds of RUNS runs of CMD.
median_of() {
    : > "$WORK/walls"
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        /usr/bin/time -f "%e" -o "$WORK/time" "$@" > /dev/null
        cat "$WORK/time" >> "$WORK/walls"
        i=$((i + 1))
    done
    sort -n "$WORK/walls" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

printf '%4s %8s %8s %8s %8s %9s\n' N find_s t1_s t2_s "t${many}_s" worst_gap
for n in $SIZES; do
    mark=$(median_of "$NQUEENS" find "$n" --method search --format vector)
    t1=$(median_of "$NQUEENS" solve "$n" --limit 1 --format vector --threads 1)
    t2=$(median_of "$NQUEENS" solve "$n" --limit 1 --format vector --threads 2)
    tm=$(median_of "$NQUEENS" solve "$n" --limit 1 --format vector --threads "$many")
    printf '%4s %8s %8s %8s %8s %9s\n' "$n" "$mark" "$t1" "$t2" "$tm" \
        "$(echo "$mark $t1 $t2 $tm" | awk '{ g = $2; if ($3 > g) g = $3;
            if ($4 > g) g = $4; printf "%.2f", g - $1 }')"
done
