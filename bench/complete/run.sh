#!/bin/sh
# bench/complete/run.sh - how fast `nqueens complete` answers: seeded random
# placements of k non-attacking queens (bench/complete/gen.c) on boards
# from 16 to 64, each either completed or refuted.
#
#   make build && sh bench/complete/run.sh [COUNT] [RUNS] [SEED]
#                                          (defaults: 200 3 1)
#
# COUNT instances per n: half with k uniform in 1..n-1, half in the window
# around k* = n - 2.3 sqrt(n) where about half can be completed. Every
# instance is timed RUNS times and its median kept (bench/complete/
# time_complete.c checks every answer first). Per n it prints:
#   done%    instances that can be completed (all k; then in the window)
#   fast     the fewest-free-cells search, what decides "complete or
#            refute": median and worst wall ms, median and worst CPU ms
#   row      the baseline timed in the same run: the same engine branching
#            on the rows in order, stopped after 2,000,000 nodes; its
#            median ms, median/fast (the ratio of the medians) and how
#            many instances it could not answer within the budget
#   lex      the tool's default output, the lexicographically first
#            completion within 20,000,000 nodes (first run only): median
#            and worst ms, and how many fell back to the fast answer
# The machine is shared and timings are noisy: CPU times are steadier.
set -eu
COUNT=${1:-200}
RUNS=${2:-3}
SEED=${3:-1}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nq-bench-complete.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

[ -f "$BUILD/libnqueens.a" ] || { echo "build first: make build" >&2; exit 2; }
cc -O2 "$ROOT/bench/complete/gen.c" -lm -o "$WORK/gen"
cc -O2 -I"$ROOT/include" -I"$ROOT/src" "$ROOT/bench/complete/time_complete.c" \
    "$BUILD/libnqueens.a" -lpthread -o "$WORK/time_complete"

echo "nqueens complete: $COUNT instances per n, seed $SEED, median of $RUNS runs;" \
    "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%4s %9s  %-29s  %-22s  %s\n' "" "" \
    "fast (decides): wall / cpu ms" "row order (baseline)" \
    "lex (default output)"
printf '%4s %9s  %6s %7s %6s %7s  %6s %6s %7s  %6s %7s %5s\n' \
    n done% median worst median worst median ratio budget median worst budget
for n in 16 24 32 40 48 56 64; do
    "$WORK/gen" "$SEED" "$n" "$COUNT" > "$WORK/instances"
    run=1
    while [ "$run" -le "$RUNS" ]; do
        lex=0
        [ "$run" = 1 ] && lex=20000000
        "$WORK/time_complete" 2000000 "$lex" < "$WORK/instances" > "$WORK/run$run"
        run=$((run + 1))
    done
    # Per instance the median over the runs; then the figures per n.
    cat "$WORK"/run* | awk -v n="$n" -v runs="$RUNS" -v count="$COUNT" '
        function median(a, m,    i, j, t) {
            for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return a[int((m + 1) / 2)]
        }
        {
            i = (NR - 1) % count + 1
            k[i] = $2; answer[i] = $3
            wall[i, ++seen[i]] = $4; cpu[i, seen[i]] = $5; row[i, seen[i]] = $6
            if ($7 == "budget") rowbudget[i] = 1
            if ($9 != "-") { lex[i] = $8; if ($9 == "budget") lexbudget++ }
        }
        END {
            center = n - 2.3 * sqrt(n); spread = int(sqrt(n) + 0.999)
            for (i = 1; i <= count; i++) {
                for (r = 1; r <= runs; r++) { w[r] = wall[i, r]; c[r] = cpu[i, r]; b[r] = row[i, r] }
                W[i] = median(w, runs); C[i] = median(c, runs); B[i] = median(b, runs); L[i] = lex[i]
                done += answer[i] == "complete"
                if (k[i] >= center - spread && k[i] <= center + spread) { win++; windone += answer[i] == "complete" }
                if (rowbudget[i]) rb++
            }
            mw = median(W, count); mc = median(C, count); mb = median(B, count); ml = median(L, count)
            xw = 0; xc = 0; xl = 0
            for (i = 1; i <= count; i++) { if (W[i] > xw) xw = W[i]; if (C[i] > xc) xc = C[i]; if (L[i] > xl) xl = L[i] }
            printf "%4d %3d%%/%3d%%  %6.3f %7.2f %6.3f %7.2f  %6.3f %6.1f %7d  %6.3f %7.1f %5d\n",
                n, 100 * done / count, win ? 100 * windone / win : 0,
                1000 * mw, 1000 * xw, 1000 * mc, 1000 * xc,
                1000 * mb, mb / mw, rb, 1000 * ml, 1000 * xl, lexbudget
        }'
    rm -f "$WORK"/run*
done
