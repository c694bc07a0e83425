#!/bin/sh
# longrun-bench.sh - what checkpoints and MPI cost, on this machine:
#   1. checkpoint overhead: `nqueens count N --threads T` with and without
#      --checkpoint (a new file each run, the default interval of 10 s), and
#      with --checkpoint-interval 1 (ten times as many commits);
#   2. MPI scaling: `mpirun -np T nqueens-mpi count N --threads 1` against
#      `nqueens count N --threads T`.
# The runs of each group alternate, so that a change in the machine's load
# hits all of them alike. Printed: the median wall-clock time of the whole
# command (mpirun's start-up included) and of its processor time
# (user + system), and the median of the ratios of paired runs.
#
# Usage: bench/longrun-bench.sh [BUILD_DIR] [RUNS] [N] [T]   (defaults:
# build 5 17 2); ENGINE=auto|join|constellations picks the engine of every
# count (default auto). Needs /usr/bin/time; the MPI part needs nqueens-mpi
# and Open MPI's mpirun.
set -eu
build=${1:-build}
runs=${2:-5}
n=${3:-17}
threads=${4:-2}
engine=${ENGINE:-auto}
nqueens=$build/nqueens
nqueens_mpi=$build/mpi/nqueens-mpi
mpirun_flags="--oversubscribe"
[ "$(id -u)" = 0 ] && mpirun_flags="$mpirun_flags --allow-run-as-root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed NAME CMD...: runs CMD, appends "wall cpu" to $tmp/NAME. CMD must
# print the right total (a benchmark first proves it computes the answer).
timed() {
    name=$1
    shift
    /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$@" > "$tmp/stdout" 2> "$tmp/stderr" || {
        echo "failed: $* ($(head -3 "$tmp/stderr"))" >&2
        exit 1
    }
    grep -q "^total *$expected\$" "$tmp/stdout" || {
        echo "wrong count from $*: $(cat "$tmp/stdout")" >&2
        exit 1
    }
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$tmp/time" >> "$tmp/$name"
}

# median FILE COLUMN
median() {
    awk -v c="$2" '{ print $c }' "$1" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# ratio A B: the median over runs i of B[i] / A[i] (wall clock).
ratio() {
    paste -d' ' "$tmp/$1" "$tmp/$2" | awk '{ print $3 / $1 }' > "$tmp/ratios"
    median "$tmp/ratios" 1
}

# show NAME LABEL
show() {
    printf '%-44s wall %8.3f s  cpu %8.3f s  (wall: %s)\n' "$2" \
        "$(median "$tmp/$1" 1)" "$(median "$tmp/$1" 2)" \
        "$(awk '{ printf "%s ", $1 }' "$tmp/$1")"
}

expected=$("$nqueens" count "$n" --engine "$engine" --quiet | awk '$1 == "total" { print $2 }')
echo "n = $n, $runs runs each, $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"

i=0
while [ "$i" -lt "$runs" ]; do
    timed plain "$nqueens" count "$n" --engine "$engine" --threads "$threads" --quiet
    rm -f "$tmp/run.db"
    timed checkpoint "$nqueens" count "$n" --engine "$engine" --threads "$threads" --quiet --checkpoint "$tmp/run.db"
    rm -f "$tmp/run.db"
    timed every "$nqueens" count "$n" --engine "$engine" --threads "$threads" --quiet --checkpoint "$tmp/run.db" --checkpoint-interval 1
    i=$((i + 1))
done
show plain "count --threads $threads"
show checkpoint "count --threads $threads --checkpoint"
show every "  ... --checkpoint-interval 1"
awk -v r="$(ratio plain checkpoint)" 'BEGIN { printf "checkpoint overhead (median of paired ratios): %+.2f%%\n", (r - 1) * 100 }'
awk -v r="$(ratio plain every)" 'BEGIN { printf "with a commit every second:                    %+.2f%%\n", (r - 1) * 100 }'

# What a checkpoint costs, piece by piece (a long run's difference drowns
# in the noise of a shared machine): the fixed cost of making the file and
# saving the result, and the cost of one commit, from n = 12 (754
# subproblems) with and without a commit after every subproblem.
small=12
small_expected=$("$nqueens" count "$small" --engine "$engine" --quiet | awk '$1 == "total" { print $2 }')
i=0
while [ "$i" -lt "$runs" ]; do
    expected=$small_expected timed small_plain "$nqueens" count "$small" --engine "$engine" --threads "$threads" --quiet
    rm -f "$tmp/run.db"
    expected=$small_expected timed small_checkpoint "$nqueens" count "$small" --engine "$engine" --threads "$threads" --quiet --checkpoint "$tmp/run.db"
    rm -f "$tmp/run.db"
    expected=$small_expected timed small_every "$nqueens" count "$small" --engine "$engine" --threads "$threads" --quiet --checkpoint "$tmp/run.db" --checkpoint-interval 0
    i=$((i + 1))
done
subproblems=$("$nqueens" status --json "$tmp/run.db" | sed -n 's/.*"subproblems":\([0-9]*\),.*/\1/p')
awk -v a="$(median "$tmp/small_plain" 1)" -v b="$(median "$tmp/small_checkpoint" 1)" \
    -v c="$(median "$tmp/small_every" 1)" -v k="$subproblems" 'BEGIN {
    printf "fixed cost of a checkpoint (create, final commit): %.3f s\n", b - a
    printf "one commit (n = 12, %d commits):                %.1f ms\n", k, (c - b) / k * 1000 }'

if [ -x "$nqueens_mpi" ] && command -v mpirun > /dev/null; then
    i=0
    while [ "$i" -lt "$runs" ]; do
        timed local "$nqueens" count "$n" --engine "$engine" --threads "$threads" --quiet
        # shellcheck disable=SC2086
        timed mpi mpirun $mpirun_flags -np "$threads" "$nqueens_mpi" count "$n" --engine "$engine" --threads 1 --quiet
        # Unbound ranks may move between cores as the threads do, which
        # matters on a machine shared with other work.
        # shellcheck disable=SC2086
        timed unbound mpirun $mpirun_flags --bind-to none -np "$threads" "$nqueens_mpi" count "$n" --engine "$engine" --threads 1 --quiet
        i=$((i + 1))
    done
    show local "count --threads $threads"
    show mpi "mpirun -np $threads nqueens-mpi count --threads 1"
    show unbound "  ... mpirun --bind-to none"
    awk -v r="$(ratio local mpi)" 'BEGIN { printf "MPI / threads (median of paired ratios): %.3f\n", r }'
    awk -v r="$(ratio local unbound)" 'BEGIN { printf "  ... --bind-to none:                      %.3f\n", r }'
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
