#!/bin/sh
# growth.sh - how the time and the peak memory of `nqueens count` grow with
# N: for each N, one thread and all cores, the median seconds, the processor
# seconds, the peak memory, the engine and passes the plan chose, and the
# ratio of each N's time to the one before; then the time projected to
# N = 27 from the growth of the last two steps (their geometric mean: the
# join grows unevenly from even to odd N and from odd to even). The
# projection assumes the engine of the last N measured goes on as it is;
# past N = 20 the join cannot run and past its whole table's memory it
# runs in passes, which costs more (bench/README.md has the figures).
#
# Usage: bench/growth.sh [N ...]               (default: 16 17 18 19)
# Environment:
#   BUILD=build        the build folder (make build first)
#   RUNS=3             runs per N and thread count; the median is reported
#   THREADS="1 <all>"  thread counts to time (default: 1 and nproc)
#   MEMORY=2G          the --memory budget of every count
# Every count is checked against the published one in tests/data before
# its time is kept. Peak memory (max RSS) comes from /usr/bin/time.
set -eu

BUILD=${BUILD:-build}
RUNS=${RUNS:-3}
all=$(nproc 2>/dev/null || echo 2)
THREADS=${THREADS:-"1 $all"}
MEMORY=${MEMORY:-2G}
[ $# -gt 0 ] || set -- 16 17 18 19
tool=$BUILD/nqueens
here=$(dirname "$0")
counts=$here/../tests/data/oeis-counts.tsv
[ -x "$tool" ] || { echo "growth: $tool missing (make build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "growth: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() {
    sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "machine: $(nproc) cores, $(uname -m); load average $(cut -d' ' -f1-3 /proc/loadavg); budget $MEMORY"
echo "median of $RUNS runs; growth = seconds of N / seconds of N - 1 (same thread count)"
printf '%4s %7s %10s %10s %10s %8s  %s\n' N threads seconds cpu_s peak_MiB growth plan
for t in $THREADS; do
    previous=""
    before_previous=""
    for n in "$@"; do
        want=$(awk -v n="$n" '$1 == n { print $2 }' "$counts")
        rm -f "$work/sec" "$work/cpu" "$work/kib"
        i=0
        while [ "$i" -lt "$RUNS" ]; do
            /usr/bin/time -f '%M %U %S' -o "$work/rss" \
                "$tool" count --json --quiet --memory "$MEMORY" --threads "$t" "$n" > "$work/out"
            got=$(sed -n 's/.*"total":\([0-9]*\).*/\1/p' "$work/out")
            [ -z "$want" ] || [ "$got" = "$want" ] ||
                { echo "growth: n=$n: counted $got, published $want" >&2; exit 1; }
            sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p' "$work/out" >> "$work/sec"
            awk '{ print $1 >> "'"$work/kib"'"; print $2 + $3 >> "'"$work/cpu"'" }' "$work/rss"
            i=$((i + 1))
        done
        sec=$(median "$work/sec")
        peak=$(awk '$1 > m { m = $1 } END { printf "%.1f", m / 1024 }' "$work/kib")
        plan=$(sed -n 's/.*"engine":"\([^"]*\)".*/\1/p' "$work/out")
        passes=$("$tool" count --dry-run --memory "$MEMORY" --threads "$t" "$n" 2>&1 |
            sed -n 's/.*\(in [0-9]* passes\).*/\1/p')
        growth=-
        [ -n "$previous" ] && growth=$(awk -v a="$sec" -v b="$previous" 'BEGIN { printf "%.2f", a / b }')
        printf '%4s %7s %10s %10s %10s %8s  %s\n' "$n" "$t" "$sec" "$(median "$work/cpu")" \
            "$peak" "$growth" "$plan${passes:+ $passes}"
        last_n=$n
        last_sec=$sec
        step=""
        [ -n "$before_previous" ] &&
            step=$(awk -v a="$sec" -v b="$before_previous" 'BEGIN { printf "%.2f", sqrt(a / b) }')
        before_previous=$previous
        previous=$sec
    done
    if [ -n "$step" ] && [ "$last_n" -lt 27 ]; then
        awk -v n="$last_n" -v s="$last_sec" -v g="$step" -v t="$t" 'BEGIN {
            printf "projection on %s thread(s), growth %.2f a step (the last two steps):", t, g
            for (k = n + 1; k <= 27; k++) {
                s *= g
                if (s < 3600) printf " %d: %.0f s;", k, s
                else if (s < 86400 * 2) printf " %d: %.1f h;", k, s / 3600
                else if (s < 86400 * 730) printf " %d: %.0f days;", k, s / 86400
                else printf " %d: %.1f years;", k, s / (86400 * 365)
            }
            printf "\n"
        }'
    fi
done
