#!/bin/sh
# bench/find/run.sh - the speed figures of issue 5, medians of several runs:
#   find 10^7 and 10^8 by construction, written as a vector to a file
#   find 10^6 and 10^7 by the seeded local search
#   verify of a 10^7-queen vector
# Each figure comes with a baseline timed in the same run, so that the
# ratio still means something on a busy machine:
#   construct   cp of the file it wrote (the cost of moving the bytes)
#   random      the construction of the same n (what O(n) output costs)
#   verify      wc -w of the same file (reading and splitting the text)
# Usage: bench/find/run.sh [NQUEENS] [RUNS]  (default build/nqueens, 5)
# The files (about 1.9 GB at the peak) go to $BENCH_DIR (default: a new
# folder under /tmp), removed at the end. This is a benchmark, never a test.
set -eu
NQUEENS=${1:-build/nqueens}
RUNS=${2:-5}
[ -x "$NQUEENS" ] || { echo "no tool at $NQUEENS (make build first)" >&2; exit 2; }
DIR=${BENCH_DIR:-$(mktemp -d)}
trap 'rm -rf "$DIR"' EXIT

# median_of CMD...: runs CMD $RUNS times, prints the median wall time (s).
median_of() {
    i=0
    : > "$DIR/times"
    while [ "$i" -lt "$RUNS" ]; do
        start=$(date +%s.%N)
        "$@" > /dev/null
        end=$(date +%s.%N)
        awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f\n", b - a }' >> "$DIR/times"
        i=$((i + 1))
    done
    sort -g "$DIR/times" | awk '{ t[NR] = $1 } END {
        m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
        printf "%.3f", m }'
}

# report NAME SECONDS BASELINE_NAME BASELINE_SECONDS TARGET
report() {
    ratio=$(awk -v a="$2" -v b="$4" 'BEGIN { printf "%.6f", a / b }')
    printf '%-44s median %7.3f s  (target < %s s)  %s %.3f s, ratio %.2f\n' \
        "$1" "$2" "$5" "$3" "$4" "$ratio"
}

echo "nqueens find/verify benchmark: $(nproc) cores, $RUNS runs each, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "(a shared machine: other work running at the same time shows as noise)"

for n in 10000000 100000000; do
    t=$(median_of "$NQUEENS" find "$n" --format vector -o "$DIR/c$n")
    b=$(median_of cp "$DIR/c$n" "$DIR/copy")
    target=1; [ "$n" = 100000000 ] && target=10
    report "find $n --format vector -o FILE" "$t" "cp FILE" "$b" "$target"
    rm -f "$DIR/copy"
    [ "$n" = 100000000 ] && rm -f "$DIR/c$n"
done

for n in 1000000 10000000; do
    t=$(median_of "$NQUEENS" find "$n" --method random -o "$DIR/r$n")
    b=$(median_of "$NQUEENS" find "$n" -o "$DIR/c$n.2")
    target=1; [ "$n" = 10000000 ] && target=15
    report "find $n --method random -o FILE" "$t" "construct" "$b" "$target"
done

"$NQUEENS" verify -q "$DIR/r10000000" || { echo "random 10^7 is not valid" >&2; exit 1; }
t=$(median_of "$NQUEENS" verify "$DIR/c10000000")
b=$(median_of wc -w "$DIR/c10000000")
report "verify (10^7-queen vector)" "$t" "wc -w" "$b" 3
