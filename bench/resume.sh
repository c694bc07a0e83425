#!/bin/sh
# resume.sh - what a resume costs: `nqueens count N` whole (plain), whole
# with --checkpoint, then with --checkpoint killed (SIGKILL) at half the
# checkpointed run's wall time and run again to its end. Prints each
# run's wall and processor seconds and peak memory, the share of the
# checkpoint the killed run left, and the resume's processor time over
# the whole checkpointed run's and over the plain run's (the issue's
# target: at most 0.6 at n = 19 or 20).
#
# Usage: bench/resume.sh [N] [RUNS]     (defaults: 19 1)
# Environment: BUILD=build (the build folder), THREADS (default: nproc).
# The resumed count is checked against the published one in tests/data.
# Where the kill falls within a pass moves the result by a few hundredths:
# take the median of several runs.
set -eu

N=${1:-19}
RUNS=${2:-1}
BUILD=${BUILD:-build}
THREADS=${THREADS:-$(nproc 2>/dev/null || echo 2)}
tool=$BUILD/nqueens
here=$(dirname "$0")
counts=$here/../tests/data/oeis-counts.tsv
[ -x "$tool" ] || { echo "resume: $tool missing (make build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "resume: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expected=$(awk -v n="$N" '$1 == n { print $2 }' "$counts")

# timed NAME ARGS...: runs the count, its "wall cpu peak" into $work/NAME.
timed() {
    name=$1
    shift
    /usr/bin/time -f "%e %U %S %M" -o "$work/$name.time" \
        "$tool" count "$N" -t "$THREADS" -q "$@" > "$work/$name.out"
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$work/$name.time" > "$work/$name"
}

echo "machine: $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); n = $N, $THREADS threads"
echo "run  plain(s cpu-s KiB)  whole(s cpu-s KiB)  left-at-kill  resume(s cpu-s KiB)  resume/whole  resume/plain"
run=1
while [ "$run" -le "$RUNS" ]; do
    rm -f "$work"/*.db*
    timed plain
    timed whole --checkpoint "$work/whole.db"
    half=$(awk '{ print $1 / 2 }' "$work/whole")
    "$tool" count "$N" -t "$THREADS" -q --checkpoint "$work/killed.db" > /dev/null 2>&1 &
    pid=$!
    sleep "$half"
    kill -KILL "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    left=$("$tool" status --json "$work/killed.db" |
        sed -n 's/.*"percent":\([0-9.]*\).*/\1/p' | awk '{ printf "%.1f%%\n", 100 - $1 }')
    timed resume --checkpoint "$work/killed.db"
    grep -qx "total    $expected" "$work/resume.out" ||
        { echo "resume: wrong total: $(grep total "$work/resume.out")" >&2; exit 1; }
    awk -v run="$run" -v left="$left" '
        FILENAME ~ /plain$/ { p = $0; pc = $2 }
        FILENAME ~ /whole$/ { w = $0; wc = $2 }
        FILENAME ~ /resume$/ { r = $0; rc = $2 }
        END { printf "%d  %s  %s  %s  %s  %.3f  %.3f\n", run, p, w, left, r, rc / wc, rc / pc }
    ' "$work/plain" "$work/whole" "$work/resume"
    run=$((run + 1))
done
