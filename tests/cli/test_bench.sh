#!/bin/sh
# nqueens bench: every method's row is there with the published count and
# the textbook's node count; --json is one object; and the correctness
# check fires, loudly and with exit status 1, for each method made wrong.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

"$NQUEENS" bench --runs 1 8 > "$TMP/table" || fail "bench 8 exited $?"
nodes=$("$NQUEENS" trace --json 8 | grep -c '"event":"place"')
for label in 'textbook: boolean arrays' 'textbook: isSafe scan' \
    'textbook: iterative' 'bitboard  '; do
    grep -q "^$label *$nodes " "$TMP/table" || fail "row '$label' with $nodes nodes"
done
grep -q "^bitboard + mirror *$((nodes / 2)) " "$TMP/table" || fail "mirror row"
grep -q "published count: $(published_total 8) solutions" "$TMP/table" || fail "published line"

"$NQUEENS" bench --json --runs 2 9 > "$TMP/json" || fail "bench --json"
[ "$(wc -l < "$TMP/json")" = 1 ] || fail "--json: one line"
grep -q '^{"n":9,"runs":2,' "$TMP/json" || fail "--json head"
methods=$(grep -o '"method":"[a-z0-9-]*"' "$TMP/json" | sed 's/.*:"\(.*\)"/\1/')
for m in arrays issafe iterative bitboard mirror; do
    echo "$methods" | grep -qx "$m" || fail "--json lacks $m"
done
count=$(grep -o '"total":[0-9]*' "$TMP/json" | sort -u)
[ "$count" = "\"total\":$(published_total 9)" ] || fail "--json totals: $count"

# Each method made wrong on purpose must stop the bench.
for m in $methods; do
    status=0
    NQUEENS_BENCH_FAULT=$m "$NQUEENS" bench --runs 1 7 > "$TMP/out" 2> "$TMP/err" || status=$?
    [ "$status" = 1 ] || fail "fault in $m: exit $status"
    grep -q "bench: $m counted 41 solutions of 7 queens, the published count is 40" "$TMP/err" ||
        fail "fault in $m: $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "fault in $m: figures printed anyway"
done
# On one core the table says "1 core to run on" and "engine, 1 thread"
# (it read "1 cores", "1 threads"): test_threads_affinity.sh, under taskset.
# The man page's EXIT STATUS names that 1, as the README's does.
sed -n '/^\.SH EXIT STATUS/,/^\.SH DIAGNOSTICS/p' "$NQ_SOURCE_DIR/docs/nqueens.1" |
    grep -q '^\.BR bench ,$' || fail "man page EXIT STATUS: no 1 for bench"
# One run and one solution in the singular; every time with three
# significant digits (a bitboard call on 8 takes microseconds: never 0.000).
"$NQUEENS" bench --methods bitboard,mirror --runs 1 1 > "$TMP/one"
grep -q '^nqueens bench 1: median time a call over 1 run, on this machine' "$TMP/one" || fail "1 run: $(head -1 "$TMP/one")"
grep -q 'published count: 1 solution$' "$TMP/one" || fail "1 solution: $(cat "$TMP/one")"
"$NQUEENS" bench --methods bitboard,mirror --runs 3 8 > "$TMP/eight"
grep -q 'over 3 runs,' "$TMP/eight" || fail "3 runs"
for row in bitboard 'bitboard + mirror'; do
    median=$(grep "^$row  " "$TMP/eight" | awk '{ print $(NF - 2) }')
    significant=$(printf '%s\n' "$median" | tr -d . | sed 's/^0*//')
    [ "${#significant}" -ge 3 ] || fail "bench 8 $row: median $median"
done
# Speed-ups with three significant digits too (an engine call on 8 is
# far slower than the textbook's: never 0.0x), in a column of their own.
for ratio in $(sed -n '/^method /,/^$/p' "$TMP/table" | awk 'NR > 1 && NF { print $NF }'); do
    significant=$(printf '%s\n' "${ratio%x}" | tr -d . | sed 's/^0*//')
    [ "${#significant}" -ge 3 ] || fail "bench 8 speed-up $ratio"
done
[ "$(sed -n '/^method /,/^$/p' "$TMP/table" | awk 'NF { print length($0) }' | sort -u | wc -l)" = 1 ] ||
    fail "bench 8: the columns do not line up"
"$NQUEENS" bench --methods bitboard,mirror --json --runs 1 8 |
    grep -q '"speedup":1\.00}' || fail "--json speed-up: three significant digits"
# The speed-ups are over the first method kept in the table's order.
"$NQUEENS" bench --methods mirror,bitboard --runs 1 8 > "$TMP/order"
grep -q '^speed-up: over bitboard\.' "$TMP/order" || fail "speed-up baseline: $(cat "$TMP/order")"
# --methods: only those rows, speed-ups over the first of them.
"$NQUEENS" bench --methods mirror,bitboard --json --runs 1 8 > "$TMP/some"
[ "$(grep -o '"method":"[a-z0-9-]*"' "$TMP/some" | tr '\n' ' ')" = '"method":"bitboard" "method":"mirror" ' ] ||
    fail "--methods rows: $(cat "$TMP/some")"
grep -q '"speedup_over":"bitboard"' "$TMP/some" || fail "--methods baseline"
# Every run lasts 50 ms at least, as --help says, whatever the first call
# cost (cold, it took up to fifty times longer than the next ones, and runs
# of 1 to 30 ms came of it): the calls of a run times the median a call.
"$NQUEENS" bench --json --runs 1 8 > "$TMP/runs"
grep -o '"method":"[a-z0-9-]*","total":[0-9]*,"nodes":[0-9a-z]*,"calls_per_run":[0-9]*,"median_seconds":[0-9.e+-]*' "$TMP/runs" |
    sed 's/"method":"\([^"]*\)".*"calls_per_run":\([0-9]*\),"median_seconds":\(.*\)/\1 \2 \3/' |
    awk '{ n++; if ($2 * $3 < 0.0499) { print $1 ": " $2 " calls of " $3 " s"; bad = 1 } }
         END { exit bad || n != 7 }' > "$TMP/short" ||
    fail "runs shorter than 50 ms (or not 7 methods): $(cat "$TMP/short")"
expect_exit 2 "$NQUEENS" bench --methods arrays,fast 8
grep -q "unknown method 'fast'" "$TMP/stderr" || fail "--methods unknown"
"$NQUEENS" bench --help | grep -q '^Usage: nqueens bench' || fail "--help"
pass
