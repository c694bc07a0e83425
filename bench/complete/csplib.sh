#!/usr/bin/env bash
# bench/complete/csplib.sh - `nqueens complete` on the excluded-diagonals
# instances of CSPLib's problem 079 (Gent, Jefferson and Nightingale,
# "Complexity of n-Queens Completion", JAIR 2017) against the paper's
# bit-parallel solver, shiftqueens, on the same machine, side by side.
#
#   bench/complete/csplib.sh CSPLIB_DIR SHIFTQUEENS [STEP] [NMIN] [NMAX]
#                            (defaults: STEP 1, NMIN 10, NMAX 21)
#
# CSPLIB_DIR holds the instance folders diag-10/ ... diag-21/ (the
# tarballs Problems/prob079/data/diag-N.tar.gz of github.com/csplib/csplib,
# unpacked), and may hold that repository's
# Problems/prob079/results/run-diags-shiftqueens-processed.txt.gz, the
# published answers. SHIFTQUEENS is shiftqueens built from that
# repository's Problems/prob079/models/shiftqueensdiags.cc (for example
# `g++ -O3 -march=native -o /tmp/shiftqueens shiftqueensdiags.cc`); neither
# is part of this project. An instance is a file and a number d of its
# leading diagonals; every d from 0 to numdiags of every STEP-th file
# (by id: 1, 1 + STEP, ...) is run, and the hardest instance of the paper
# (n = 21, file 259, d = 19, no completion) always.
#
# Each instance runs `nqueens complete --instance FILE --first-diagonals D
# --order fast` (exit 0: a completion exists, 1: none) and shiftqueens
# (its input, the numbers of the file, prepared beforehand), the two in
# alternating order, each timed on its own by the shell's clock. Every
# answer must equal the published one where the paper has it, else
# shiftqueens' answer: one disagreement stops the run. Then `--count` of
# the instances of n <= COUNT_NMAX (default 13; the empty 21 x 21 board
# alone has 3 * 10^11 completions, which no completion search counts in
# minutes), each count checked against the decision (zero exactly when
# no completion exists), each size right after its decisions. Per n it prints instances, how many have a
# completion, total seconds of each program and their ratio, the slowest
# instance of each. The machine is shared: figures are indicative, and
# only figures of one run compare.
set -eu
CSPLIB=${1:?usage: csplib.sh CSPLIB_DIR SHIFTQUEENS [STEP] [NMIN] [NMAX]}
SHIFT=${2:?usage: csplib.sh CSPLIB_DIR SHIFTQUEENS [STEP] [NMIN] [NMAX]}
STEP=${3:-1}
NMIN=${4:-10}
NMAX=${5:-21}
COUNT_NMAX=${COUNT_NMAX:-13}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
NQ=${NQUEENS:-$ROOT/build/nqueens}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nq-bench-csplib.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

[ -x "$NQ" ] || { echo "build first: make build" >&2; exit 2; }
[ -x "$SHIFT" ] || { echo "no shiftqueens at '$SHIFT'" >&2; exit 2; }
[ "${BASH_VERSINFO[0]}" -ge 5 ] || { echo "needs bash 5 (EPOCHREALTIME)" >&2; exit 2; }

# The published answers: "n d id sat" a line.
KNOWN=$WORK/known
RESULTS=$CSPLIB/run-diags-shiftqueens-processed.txt.gz
[ -f "$RESULTS" ] || RESULTS=$CSPLIB/Problems/prob079/results/run-diags-shiftqueens-processed.txt.gz
if [ -f "$RESULTS" ]; then
    zcat "$RESULTS" | awk '/Timeout: 0/ {
        s = $0; sub(/.*Solutions: /, "", s); split(s, w, " ");
        print $1, $2, $4, (w[1] > 0 ? 1 : 0) }' | sort -u > "$KNOWN"
else
    : > "$KNOWN"
fi
declare -A known
while read -r n d id sat; do known["$n $d $id"]=$sat; done < "$KNOWN"

# Seconds (as an integer count of microseconds) between two EPOCHREALTIMEs.
micros() { local a=${1/./} b=${2/./}; echo $((10#$b - 10#$a)); }

run_ours() { # file d -> sets answer (1 a completion, 0 none), took
    local t0=$EPOCHREALTIME rc=0
    "$NQ" complete --instance "$1" --first-diagonals "$2" --order fast \
        --format vector -o /dev/null 2>/dev/null || rc=$?
    local t1=$EPOCHREALTIME
    took=$(micros "$t0" "$t1")
    case $rc in 0) answer=1 ;; 1) answer=0 ;; *) echo "nqueens failed ($rc) on $1 d=$2" >&2; exit 1 ;; esac
}
run_theirs() { # numbers-file d -> sets answer, took
    # Its output goes to a file, read back without a subshell, so that
    # neither program is timed with a fork the other has not.
    local t0=$EPOCHREALTIME out
    "$SHIFT" "$2" < "$1" > "$WORK/shift-out"
    local t1=$EPOCHREALTIME
    out=$(< "$WORK/shift-out")
    took=$(micros "$t0" "$t1")
    case $out in *"Solution Found"*) answer=1 ;; *"No solution"*) answer=0 ;;
        *) echo "shiftqueens gave no answer on $1 d=$2" >&2; exit 1 ;; esac
}

# --count of the instances of size $1 decided above (when n <= COUNT_NMAX):
# appends a line to $WORK/counts, so that a run stopped early keeps them.
count_size() {
    local n=$1 sum=0 total_count=0 count=0 worst=0 file d a t0 t1 c
    [ "$n" -le "$COUNT_NMAX" ] || return 0
    while read -r file d a; do
        t0=$EPOCHREALTIME
        c=$("$NQ" complete --instance "$file" --first-diagonals "$d" --count)
        t1=$EPOCHREALTIME
        took=$(micros "$t0" "$t1")
        if { [ "$c" -gt 0 ] && [ "$a" = 0 ]; } || { [ "$c" = 0 ] && [ "$a" = 1 ]; }; then
            echo "COUNT DISAGREES: $file d=$d: $c completions, decided $a" >&2
            exit 1
        fi
        sum=$((sum + took)) total_count=$((total_count + c)) count=$((count + 1))
        [ "$took" -gt "$worst" ] && worst=$took
    done < <(grep "/diag-$n/" "$WORK/decided")
    awk -v n="$n" -v c="$count" -v k="$total_count" -v s="$sum" -v w="$worst" 'BEGIN {
        printf "%3d %9d %14d %10.2f %10.0fms\n", n, c, k, s / 1e6, w / 1e3 }' >> "$WORK/counts"
}

echo "CSPLib 079 excluded diagonals: every d of every $STEP-th file, n = $NMIN..$NMAX;"
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
printf '%3s %7s %6s %10s %12s %6s %10s %12s %9s\n' n instances sat \
    "nqueens s" "shiftqueens s" ratio "worst ours" "worst theirs" published
total_ours=0 total_theirs=0 total=0 flip=0
declare -a instances_of
for n in $(seq "$NMIN" "$NMAX"); do
    dir=$CSPLIB/diag-$n
    [ -d "$dir" ] || { echo "no $dir" >&2; exit 2; }
    sum_ours=0 sum_theirs=0 count=0 sat=0 worst_ours=0 worst_theirs=0 checked=0
    list=$WORK/list-$n
    : > "$list"
    for id in $(seq 1 "$STEP" 1000); do echo "$id" >> "$list"; done
    if [ "$n" = 21 ] && ! grep -qx 259 "$list"; then echo 259 >> "$list"; fi
    while read -r id; do
        file=$dir/diag-$n-4-$id.param
        [ -f "$file" ] || continue
        nums=$WORK/nums
        tr -c '0-9\n' ' ' < "$file" > "$nums"
        numdiags=$(awk '/numdiags/ {print $3}' "$file")
        first=0
        if [ "$n" = 21 ] && [ "$id" = 259 ] && [ $(( (id - 1) % STEP )) != 0 ]; then
            first=19 numdiags=19 # only the hardest of this file
        fi
        for d in $(seq "$first" "$numdiags"); do
            flip=$((1 - flip))
            if [ $flip = 1 ]; then
                run_ours "$file" "$d"; a_ours=$answer t_ours=$took
                run_theirs "$nums" "$d"; a_theirs=$answer t_theirs=$took
            else
                run_theirs "$nums" "$d"; a_theirs=$answer t_theirs=$took
                run_ours "$file" "$d"; a_ours=$answer t_ours=$took
            fi
            want=${known["$n $d $id"]:-}
            if [ -n "$want" ]; then
                checked=$((checked + 1))
                [ "$a_ours" = "$want" ] || { echo "WRONG: n=$n file $id d=$d: nqueens $a_ours, published $want" >&2; exit 1; }
            fi
            [ "$a_ours" = "$a_theirs" ] || { echo "DISAGREE: n=$n file $id d=$d: nqueens $a_ours, shiftqueens $a_theirs" >&2; exit 1; }
            if [ "$n" = 21 ] && [ "$id" = 259 ] && [ "$d" = 19 ]; then
                hardest="n = 21, file 259, d = 19: answer $a_ours (published ${want:-?}), nqueens $((t_ours / 1000)) ms, shiftqueens $((t_theirs / 1000)) ms"
            fi
            sum_ours=$((sum_ours + t_ours)) sum_theirs=$((sum_theirs + t_theirs))
            [ "$t_ours" -gt "$worst_ours" ] && worst_ours=$t_ours
            [ "$t_theirs" -gt "$worst_theirs" ] && worst_theirs=$t_theirs
            count=$((count + 1)) sat=$((sat + a_ours))
            echo "$file $d $a_ours" >> "$WORK/decided"
        done
    done < "$list"
    total_ours=$((total_ours + sum_ours)) total_theirs=$((total_theirs + sum_theirs))
    total=$((total + count))
    awk -v n="$n" -v c="$count" -v s="$sat" -v o="$sum_ours" -v t="$sum_theirs" \
        -v wo="$worst_ours" -v wt="$worst_theirs" -v k="$checked" 'BEGIN {
        printf "%3d %7d %6d %10.2f %12.2f %6.2f %8.0fms %10.0fms %9d\n",
            n, c, s, o / 1e6, t / 1e6, (t > 0 ? o / t : 0), wo / 1e3, wt / 1e3, k }'
    count_size "$n"
done
awk -v c="$total" -v o="$total_ours" -v t="$total_theirs" 'BEGIN {
    printf "all %7d %6s %10.2f %12.2f %6.2f\n", c, "", o / 1e6, t / 1e6, o / t }'
echo "hardest: ${hardest:-not run}"

echo
echo "--count of the same instances, n = $NMIN..$COUNT_NMAX:"
printf '%3s %9s %14s %10s %12s\n' n instances completions "seconds" "worst"
if [ -f "$WORK/counts" ]; then cat "$WORK/counts"; fi
