#!/bin/sh
# estimate.sh - how far `nqueens count N --dry-run` is from the real time:
# for each N and thread count, the estimate (`--dry-run --json`, the model
# of cli/count/count_estimate.c), the median wall time of RUNS real counts
# and their ratio (estimate over real; the issue asks for 0.5 to 2), and how
# long the dry run itself took. Every count is checked against the
# published one before its time is kept. A figure is only as good as the
# machine's load while it was taken: the load average is printed first.
#
# Usage: bench/estimate.sh [N ...]             (default: 14 15 16 17 18 19)
# Environment:
#   BUILD=build        the build folder (make build first)
#   RUNS=3             real counts per N and thread count (median reported)
#   THREADS="1 <all>"  thread counts (default: 1 and nproc)
set -eu

BUILD=${BUILD:-build}
RUNS=${RUNS:-3}
all=$(nproc 2>/dev/null || echo 2)
THREADS=${THREADS:-"1 $all"}
[ $# -gt 0 ] || set -- 14 15 16 17 18 19
tool=$BUILD/nqueens
here=$(dirname "$0")
counts=$here/../tests/data/oeis-counts.tsv
[ -x "$tool" ] || { echo "estimate: $tool missing (make build)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() {
    sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Seconds since the epoch, to the millisecond.
now() { date +%s.%N; }

echo "machine: $(nproc) cores, $(uname -m); load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-3s %-7s %-8s %-10s %-10s %-7s %s\n' n threads passes estimate real ratio dry-run
for n in "$@"; do
    want=$(awk -v n="$n" '$1 == n { print $2 }' "$counts")
    for t in $THREADS; do
        start=$(now)
        "$tool" count "$n" -t "$t" --dry-run --json > "$work/dry"
        dry=$(echo "$(now) - $start" | bc)
        est=$(sed -n 's/.*"estimated_seconds":\([0-9.e+-]*\).*/\1/p' "$work/dry")
        passes=$(sed -n 's/.*"passes":\([0-9]*\).*/\1/p' "$work/dry")
        : > "$work/times"
        i=0
        while [ "$i" -lt "$RUNS" ]; do
            start=$(now)
            "$tool" count "$n" -t "$t" -q > "$work/out"
            echo "$(now) - $start" | bc >> "$work/times"
            got=$(awk '$1 == "total" { print $2 }' "$work/out")
            [ -z "$want" ] || [ "$got" = "$want" ] || {
                echo "estimate: count $n gave $got, not $want" >&2
                exit 1
            }
            i=$((i + 1))
        done
        real=$(median "$work/times")
        awk -v n="$n" -v t="$t" -v p="$passes" -v e="$est" -v r="$real" -v d="$dry" \
            'BEGIN { printf "%-3s %-7s %-8s %-10.3g %-10.3g %-7.2f %.2f s\n", n, t, p, e, r, e / r, d }'
    done
done
