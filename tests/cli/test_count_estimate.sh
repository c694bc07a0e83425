#!/bin/sh
# A long count says what it is in for: --dry-run writes the engine, memory
# and estimated time and counts nothing, within a second at any N (it
# outlines the plan, walking no census); a count projected past a minute
# says so on stderr first (not with --quiet), and its progress line's
# time left is the estimate's in the first minute; Ctrl-C without --checkpoint
# says what was lost; a count past 64 bits is refused at once.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

pattern='^count of [0-9]*: engine [a-z]*/[0-9]* n=[0-9]*\( in [0-9]* passes\)\{0,1\}, memory [0-9.]* [KMG]*i*B, about [0-9.]* [a-z]* on [0-9]* threads* (a model of the engine.s cost)$'

"$NQUEENS" count 21 --engine constellations --dry-run -t 2 > "$TMP/dry" 2> "$TMP/err" ||
    fail "count --dry-run failed: $(cat "$TMP/err")"
[ "$(wc -l < "$TMP/dry")" -eq 1 ] || fail "--dry-run wrote: $(cat "$TMP/dry")"
grep -q "$pattern" "$TMP/dry" || fail "--dry-run line: $(cat "$TMP/dry")"
grep -q "engine constellations/1 n=21" "$TMP/dry" || fail "engine: $(cat "$TMP/dry")"
grep -q "on 2 threads" "$TMP/dry" || fail "threads: $(cat "$TMP/dry")"
[ ! -s "$TMP/err" ] || fail "--dry-run wrote on stderr: $(cat "$TMP/err")"
# Constellations take hours at 21 where the join takes minutes.
grep -q "about [0-9.]* \(hours\|days\)" "$TMP/dry" ||
    fail "estimate of 21: $(cat "$TMP/dry")"

# A small N: a finite estimate, never "inf".
for n in 1 2 4 6 7 9; do
    "$NQUEENS" count "$n" --dry-run > "$TMP/dry" 2> "$TMP/err" ||
        fail "count $n --dry-run failed: $(cat "$TMP/err")"
    grep -q ", under a second on .*(a model of the engine's cost)\$" "$TMP/dry" ||
        fail "estimate of $n: $(cat "$TMP/dry")"
done

# Within a second at every N from 20 to 28, where making the plan would
# walk the census for minutes (n = 22, 23) or list the constellations of
# n = 28. Processor time, not wall time: the test shares its machine with
# builds. A generous bound (the outline takes about a tenth of it); the
# sanitizers slow it several times.
bound=1
[ -z "${NQ_SANITIZE:-}" ] || bound=5
for n in 20 21 22 23 24 25 26 27 28; do
    /usr/bin/time -f '%U %S %e' -o "$TMP/time" "$NQUEENS" count "$n" --dry-run -t 2 \
        > "$TMP/dry" 2> "$TMP/err" || fail "count $n --dry-run failed: $(cat "$TMP/err")"
    grep -q "$pattern" "$TMP/dry" || fail "--dry-run line of $n: $(cat "$TMP/dry")"
    awk -v b="$bound" '{ exit !($1 + $2 < b && $3 < 10 * b) }' "$TMP/time" ||
        fail "count $n --dry-run took $(cat "$TMP/time") s (user, system, wall)"
done
# The engine that would run: the join up to 23, constellations beyond.
"$NQUEENS" count 23 --dry-run -t 2 | grep -q "engine join/2 n=23 in [0-9]* passes" ||
    fail "count 23 --dry-run: $("$NQUEENS" count 23 --dry-run -t 2)"
"$NQUEENS" count 24 --dry-run -t 2 | grep -q "engine constellations/1 n=24," ||
    fail "count 24 --dry-run: $("$NQUEENS" count 24 --dry-run -t 2)"

# --json: the same as one object.
"$NQUEENS" count 21 --engine constellations --dry-run -t 2 --json > "$TMP/dry" ||
    fail "count --dry-run --json failed"
grep -q '^{"n":21,"engine":"constellations/1 n=21","passes":1,"memory_bytes":[0-9]*,"threads":2,"estimated_seconds":[0-9.]*,"machine_speed":1.00,"tops":null}$' \
    "$TMP/dry" || fail "--dry-run --json: $(cat "$TMP/dry")"
seconds_at() {
    sed -n 's/.*"estimated_seconds":\([0-9.]*\).*/\1/p' "$1"
}
one=$(seconds_at "$TMP/dry")

# The model scaled by the machine's speed: NQUEENS_SPEED=2 halves the
# estimate; without it the speed is measured, a positive number, and the
# estimate is the model's divided by it.
NQUEENS_SPEED=2 "$NQUEENS" count 21 --engine constellations --dry-run -t 2 --json > "$TMP/fast"
awk -v a="$(seconds_at "$TMP/fast")" -v b="$one" 'BEGIN { exit !(a > 0.49 * b && a < 0.51 * b) }' ||
    fail "NQUEENS_SPEED=2: $(cat "$TMP/fast") against $one s"
(unset NQUEENS_SPEED; "$NQUEENS" count 21 --engine constellations --dry-run -t 2 --json) > "$TMP/measured"
# A speed out of range, or not a number, is said and measured instead.
for bad in 17 fast 2x; do
    NQUEENS_SPEED=$bad "$NQUEENS" count 21 --engine constellations --dry-run -t 2 \
        > /dev/null 2> "$TMP/err" || fail "NQUEENS_SPEED=$bad refused the dry run"
    grep -qx "nqueens: NQUEENS_SPEED '$bad' is not a factor from 0.0625 to 16: the machine's speed is measured instead" \
        "$TMP/err" || fail "NQUEENS_SPEED=$bad: $(cat "$TMP/err")"
done
speed=$(sed -n 's/.*"machine_speed":\([0-9.]*\).*/\1/p' "$TMP/measured")
awk -v s="$speed" -v a="$(seconds_at "$TMP/measured")" -v b="$one" \
    'BEGIN { exit !(s >= 0.06 && s <= 16 && a > 0.9 * b / s && a < 1.1 * b / s) }' ||
    fail "measured speed: $(cat "$TMP/measured") against $one s"

# The progress line's time left in the first minute is the estimate's:
# its elapsed and left add up to what --dry-run says (NQUEENS_SPEED fixes
# both; constellations, whose plan takes no time of its own). Off a
# terminal the first line comes with the first subproblem that ends 5 s
# or more into the count: the count runs until that line is out, then is
# stopped. (A --max-time of a few seconds would fall before it where a
# subproblem takes seconds, as under ASan on a loaded machine, and the
# watchdog would end the run without a line.) NQUEENS_SPEED=4 makes the
# estimate two minutes, so that the line falls within it on a slow machine
# too: only the first minute bounds it.
NQUEENS_SPEED=4 "$NQUEENS" count 19 --engine constellations -t 1 --dry-run --json > "$TMP/dry"
estimate=$(seconds_at "$TMP/dry")
NQUEENS_SPEED=4 "$NQUEENS" count 19 --engine constellations -t 1 --progress \
    > /dev/null 2> "$TMP/err" &
pid=$!
tries=0
until grep -q ' elapsed | .* left$' "$TMP/err"; do
    kill -0 "$pid" 2> /dev/null || fail "count 19 ended before its first progress line: $(cat "$TMP/err")"
    tries=$((tries + 1))
    [ "$tries" -lt 1000 ] || fail "no progress line within 50 s: $(cat "$TMP/err")"
    sleep 0.05
done
kill -TERM "$pid" 2> /dev/null || true
wait "$pid" || true
line=$(grep -m 1 ' elapsed | .* left$' "$TMP/err")
echo "$line" | awk -v e="$estimate" '
    function seconds(t,  f) { split(t, f, ":"); return f[1] * 3600 + f[2] * 60 + f[3] }
    { for (i = 1; i <= NF; i++) {
          if ($(i + 1) == "elapsed") spent = seconds($i)
          if ($(i + 1) == "left") left = seconds($i) } }
    END { exit !(spent >= 4 && spent + left >= e - 2 && spent + left <= e + 2) }' ||
    fail "first-minute time left: '$line' against an estimate of $estimate s"

# A join in passes holds its largest pass's table: the memory said is
# near the budget, not the few MiB of the process before the first pass.
"$NQUEENS" count 17 --engine join --memory 24M --dry-run --json > "$TMP/dry" ||
    fail "count 17 --memory 24M --dry-run failed"
bytes=$(sed -n 's/.*"memory_bytes":\([0-9]*\).*/\1/p' "$TMP/dry")
passes=$(sed -n 's/.*"passes":\([0-9]*\).*/\1/p' "$TMP/dry")
[ "$passes" -gt 1 ] || fail "count 17 in 24M: $(cat "$TMP/dry")"
[ "$bytes" -gt $((12 << 20)) ] || fail "count 17 in 24M says $bytes bytes: $(cat "$TMP/dry")"
# (No upper bound under the sanitizers, whose resident memory is their own.)
[ -n "${NQ_SANITIZE:-}" ] || [ "$bytes" -le $((40 << 20)) ] ||
    fail "count 17 in 24M says $bytes bytes: $(cat "$TMP/dry")"

# --dry-run names the engine the count takes and refuses what it
# refuses: n = 17 in 4M on two threads has no room for the join (auto
# takes the constellations), and asked for the join it fails as the count
# does. (Two threads whatever the machine: on one, the default of a
# one-core machine, the join fits in 4M, in 351 passes.)
"$NQUEENS" count 17 -m 4M -t 2 --dry-run --json > "$TMP/dry" ||
    fail "count 17 -m 4M --dry-run failed"
grep -q '"engine":"constellations/1 n=17"' "$TMP/dry" ||
    fail "count 17 -m 4M --dry-run: $(cat "$TMP/dry")"
expect_exit 2 "$NQUEENS" count 17 --engine join -m 4M -t 2 -q
cp "$TMP/stderr" "$TMP/refused"
grep -q "needs a memory budget" "$TMP/refused" || fail "join 17 in 4M: $(cat "$TMP/refused")"
expect_exit 2 "$NQUEENS" count 17 --engine join -m 4M -t 2 --dry-run
cmp -s "$TMP/stderr" "$TMP/refused" ||
    fail "join 17 in 4M --dry-run: $(cat "$TMP/stderr"), the count: $(cat "$TMP/refused")"

# With --checkpoint the join runs in ten passes or more, even where its
# whole table fits; --dry-run says so and creates no file.
"$NQUEENS" count 16 --dry-run --json > "$TMP/dry" || fail "count 16 --dry-run failed"
grep -q '"passes":1,' "$TMP/dry" || fail "count 16 --dry-run: $(cat "$TMP/dry")"
"$NQUEENS" count 16 --checkpoint "$TMP/16.db" --dry-run --json > "$TMP/dry" ||
    fail "count 16 --checkpoint --dry-run failed"
passes=$(sed -n 's/.*"passes":\([0-9]*\).*/\1/p' "$TMP/dry")
[ "$passes" -ge 10 ] || fail "count 16 --checkpoint in $passes passes: $(cat "$TMP/dry")"
[ ! -e "$TMP/16.db" ] || fail "--dry-run created the checkpoint"
# A checkpoint begun by another engine: the count resumes with it, and so
# does the dry run (it named auto's join, the count went on with the
# constellations).
# (Made whole: a --max-time that short could end the run while it plans,
# before the file is made.)
"$NQUEENS" count 12 --engine constellations --checkpoint "$TMP/12.db" -q > /dev/null ||
    fail "count 12 --engine constellations --checkpoint failed"
"$NQUEENS" count 12 --checkpoint "$TMP/12.db" --dry-run > "$TMP/dry" ||
    fail "count 12 --checkpoint --dry-run failed"
grep -q "^count of 12: engine constellations/1 n=12, " "$TMP/dry" ||
    fail "count 12 --checkpoint (constellations) --dry-run: $(cat "$TMP/dry")"
"$NQUEENS" count 12 --checkpoint "$TMP/12.db" | grep -qx "engine   constellations/1 n=12" ||
    fail "count 12 resumed: not on the constellations"

# Before a count projected past a minute: the same line on stderr.
expect_exit 2 "$NQUEENS" count 20 --engine constellations --max-time 0.3
grep -q "^nqueens: count of 20: engine constellations" "$TMP/stderr" ||
    fail "no estimate before count 20: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" count 20 --engine constellations -q --max-time 0.3
grep -q "engine" "$TMP/stderr" && fail "--quiet still estimated: $(cat "$TMP/stderr")"

# Ctrl-C without --checkpoint: exit 130, and what was lost; the same for
# a closed terminal (SIGHUP), 129. The signal goes once the count catches
# it (its plan made: a fifth of a second under ASan, more on a loaded
# machine), not after a fixed time that a slow start could outlast.
# (env --default-signal: a script's background command ignores SIGINT.)
for sig in INT:130 HUP:129; do
    env --default-signal=INT "$NQUEENS" count 19 --engine constellations -q \
        > "$TMP/out" 2> "$TMP/err" &
    pid=$!
    wait_catching "$pid"
    kill -"${sig%:*}" "$pid"
    status=0
    wait "$pid" || status=$?
    [ "$status" -eq "${sig#*:}" ] || fail "count after SIG${sig%:*} exited $status"
    grep -q "^nqueens: interrupted after [0-9.]* s: [0-9]* of [0-9]* subproblems were done, and are lost without --checkpoint FILE$" \
        "$TMP/err" || fail "SIG${sig%:*} message: $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "an interrupted count printed a result"
done
pass
