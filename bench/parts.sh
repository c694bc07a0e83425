#!/bin/sh
# parts.sh - what counting in parts costs, and what an audit costs: one
# `nqueens count N -t 2` whole, then `count N --part K/M --checkpoint` for
# K = 1..M on one thread each, two at a time (as a job array on a
# two-core machine would run them), then `merge` of their files and
# `audit --fraction F` of the merged file. The parts share one census of
# the join's tops (`--census`): part 1 starts first and writes it, and
# part 2 starts once it is there (as a job array would start the rest
# after its first task), so that no other part walks the tops to count
# them; CENSUS=no runs every part without it (each walks its own tables'
# tops). Prints each step's wall and
# processor seconds and peak memory, and the ratios the issue sets
# targets for: the parts' processor time over the whole run's (at most
# 1.05 at n = 20, M = 4) and the audit's wall time over the whole run's
# (at most 0.03 at n = 20, F = 0.01). The merged total is checked against
# the published one.
#
# Usage: bench/parts.sh [N] [M] [RUNS] [F]     (defaults: 20 4 1 0.01)
# Environment: BUILD=build (the build folder), CENSUS=yes (or no).
set -eu

N=${1:-20}
M=${2:-4}
RUNS=${3:-1}
F=${4:-0.01}
BUILD=${BUILD:-build}
CENSUS=${CENSUS:-yes}
tool=$BUILD/nqueens
here=$(dirname "$0")
counts=$here/../tests/data/oeis-counts.tsv
[ -x "$tool" ] || { echo "parts: $tool missing (make build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "parts: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expected=$(awk -v n="$N" '$1 == n { print $2 }' "$counts")

# timed NAME COMMAND...: runs it, "wall cpu peak-KiB" into $work/NAME.res.
timed() {
    name=$1
    shift
    /usr/bin/time -f "%e %U %S %M" -o "$work/$name.time" "$@" > "$work/$name.out"
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$work/$name.time" > "$work/$name.res"
}

echo "machine: $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); n = $N, $M parts, census $CENSUS, audit fraction $F"
echo "run  whole -t 2 (s cpu-s KiB)  parts (wall-s cpu-s max-KiB)  parts/whole(cpu)  merge(s)  audit(s)  audit/whole(wall)"
run=1
while [ "$run" -le "$RUNS" ]; do
    rm -f "$work"/*.db* "$work"/part-* "$work"/census.bin
    timed whole "$tool" count "$N" -t 2 -q
    start=$(date +%s.%N)
    census=
    [ "$CENSUS" = no ] || census="--census $work/census.bin"
    k=1
    while [ "$k" -le "$M" ]; do
        # shellcheck disable=SC2086 # the option and its file: two words
        timed "part-$k" "$tool" count "$N" -t 1 -q --part "$k/$M" \
            --checkpoint "$work/part-$k.db" $census &
        if [ "$k" = 1 ] && [ -n "$census" ]; then
            # The census written (or part 1 ended without one).
            while [ ! -e "$work/census.bin" ] && kill -0 $! 2> /dev/null; do
                sleep 0.1
            done
        fi
        if [ $((k % 2)) = 0 ] || [ "$k" = "$M" ]; then
            wait
        fi
        k=$((k + 1))
    done
    parts_wall=$(echo "$(date +%s.%N) - $start" | bc)
    timed merge "$tool" merge "$work"/part-*.db -o "$work/merged.db"
    grep -qx "total    $expected" "$work/merge.out" ||
        { echo "parts: wrong merged total: $(grep total "$work/merge.out")" >&2; exit 1; }
    timed audit "$tool" audit "$work/merged.db" --fraction "$F" -t 2
    grep -q '^mismatches  0$' "$work/audit.out" ||
        { echo "parts: audit found mismatches" >&2; cat "$work/audit.out" >&2; exit 1; }
    cat "$work"/part-*.res | awk -v run="$run" -v pw="$parts_wall" \
        -v whole="$(cat "$work/whole.res")" -v merge="$(cat "$work/merge.res")" \
        -v audit="$(cat "$work/audit.res")" '
        { cpu += $2; if ($3 > peak) peak = $3 }
        END {
            split(whole, w, " "); split(merge, m, " "); split(audit, a, " ")
            printf "%-4s %-26s %-29s %-17.3f %-9s %-9s %.4f\n", run, whole,
                sprintf("%.2f %.2f %d", pw, cpu, peak), cpu / w[2], m[1], a[1],
                a[1] / w[1]
        }'
    run=$((run + 1))
done
