#!/bin/sh
# nqueens count: the published counts for n = 1..12 in text and JSON, the
# same answer for 1, 2 and 3 threads, memory sizes, help, a full disk.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# published N COLUMN: total 2, unique 3, sym180 4, sym90 5.
published() {
    awk -v n="$1" -v c="$2" '$1 == n { print $c }' "$NQ_TEST_DATA/oeis-counts.tsv"
}
# field FILE KEY: the value of a "key value" line of the text output.
field() {
    awk -v k="$2" '$1 == k { print $2 }' "$1"
}

for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
    "$NQUEENS" count "$n" > "$TMP/out" || fail "count $n exited $?"
    [ "$(field "$TMP/out" n)" = "$n" ] || fail "count $n: n line"
    for pair in total:2 unique:3 sym180:4 sym90:5; do
        key=${pair%%:*}
        want=$(published "$n" "${pair#*:}")
        got=$(field "$TMP/out" "$key")
        [ "$got" = "$want" ] || fail "count $n: $key $got, expected $want"
    done
    # Seconds with three significant digits, whatever the run took
    # (0.000123, 0.0123, 1.23, never 0.000 nor 1.2345).
    grep -q '^seconds  [0-9][0-9]*\.[0-9][0-9]*$' "$TMP/out" || fail "count $n: seconds"
    seconds=$(field "$TMP/out" seconds)
    significant=$(printf '%s\n' "$seconds" | tr -d . | sed 's/^0*//')
    [ "${#significant}" -eq 3 ] || fail "count $n: seconds $seconds has not 3 significant digits"
    [ "$(wc -l < "$TMP/out")" -eq 8 ] || fail "count $n: 8 lines"
done

# JSON: one object on one line with the published numbers.
"$NQUEENS" count --json 10 > "$TMP/json" || fail "count --json"
[ "$(wc -l < "$TMP/json")" -eq 1 ] || fail "json: one line"
grep -q '^{"n":10,"total":724,"unique":92,"sym180":12,"sym90":0,"threads":[0-9]*,"engine":"[^"]*","seconds":[0-9.]*}$' "$TMP/json" ||
    fail "json: $(cat "$TMP/json")"
seconds=$(sed 's/.*"seconds":\([0-9.]*\)}$/\1/' "$TMP/json")
significant=$(printf '%s\n' "$seconds" | tr -d . | sed 's/^0*//')
[ "${#significant}" -eq 3 ] || fail "json: seconds $seconds has not 3 significant digits"

# The threads change nothing but the threads line.
for t in 1 2 3; do
    "$NQUEENS" count --threads "$t" 13 | grep -v -e '^seconds' -e '^threads' > "$TMP/t$t" ||
        fail "count --threads $t"
done
cmp -s "$TMP/t1" "$TMP/t2" || fail "threads 1 and 2 differ"
cmp -s "$TMP/t1" "$TMP/t3" || fail "threads 1 and 3 differ"
"$NQUEENS" count -t 3 8 | grep -q '^threads  3$' || fail "threads line"

# The engines agree on every count; the engine line names the one that ran.
for n in 2 3 4 5 6 7 8 9 10 11 12; do
    "$NQUEENS" count --engine join "$n" > "$TMP/join" || fail "join $n"
    "$NQUEENS" count --engine constellations "$n" > "$TMP/cons" || fail "constellations $n"
    grep -q "^engine   join/2 n=$n\$" "$TMP/join" || fail "join $n: engine line"
    grep -q "^engine   constellations/1 n=$n\$" "$TMP/cons" || fail "constellations $n: engine line"
    grep -E '^(total|unique|sym180|sym90) ' "$TMP/join" > "$TMP/a"
    grep -E '^(total|unique|sym180|sym90) ' "$TMP/cons" > "$TMP/b"
    cmp -s "$TMP/a" "$TMP/b" || fail "engines differ at $n"
done
# auto: the join where its table fits the budget, else constellations.
"$NQUEENS" count 14 | grep -q '^engine   join/2 n=14$' || fail "auto at 14"
"$NQUEENS" count --memory 100K 14 > "$TMP/small" || fail "auto with a small budget"
grep -q '^engine   constellations/1 n=14$' "$TMP/small" || fail "auto fallback: $(cat "$TMP/small")"
grep -qx "total    $(published 14 2)" "$TMP/small" || fail "auto fallback total"
# ... said on stderr (the count takes many times longer), not with -q.
"$NQUEENS" count --memory 100K 14 > /dev/null 2> "$TMP/err"
grep -q "^nqueens: count of 14: the join does not fit the memory budget" "$TMP/err" ||
    fail "auto fallback note: $(cat "$TMP/err")"
"$NQUEENS" count --memory 100K -q 14 > /dev/null 2> "$TMP/err"
[ ! -s "$TMP/err" ] || fail "auto fallback note with -q: $(cat "$TMP/err")"
"$NQUEENS" count 14 > /dev/null 2> "$TMP/err"
[ ! -s "$TMP/err" ] || fail "note without a fallback: $(cat "$TMP/err")"

# The join in passes, where its whole table (33 MiB at 16) does not fit
# the budget: the published counts on one and two threads, the builds
# counted from the census of the tops (16M holds it) or by their own walks.
for spec in "16 16M 2" "16 4M 1" "15 3M 2"; do
    set -- $spec
    "$NQUEENS" count --engine join --memory "$2" -t "$3" "$1" > "$TMP/passes" ||
        fail "count $1 in passes, --memory $2"
    grep -q "^engine   join/2 n=$1\$" "$TMP/passes" || fail "passes: engine line"
    for pair in total:2 unique:3 sym180:4 sym90:5; do
        want=$(published "$1" "${pair#*:}")
        got=$(field "$TMP/passes" "${pair%%:*}")
        [ "$got" = "$want" ] || fail "count $1 --memory $2: ${pair%%:*} $got, expected $want"
    done
done

# Memory sizes: suffixes accepted, junk and zero refused.
for size in 512M 2G 2GiB 1073741824 64k 1t; do
    expect_exit 0 "$NQUEENS" count --memory "$size" 8
done
for size in 0 2X -1 M 99999999999999999999 17000000T; do
    expect_exit 2 "$NQUEENS" count --memory "$size" 8
done

# The README's examples, but for the lines that vary (seconds; threads where
# the example does not set them).
readme_example() {
    awk -v cmd="\$ nqueens $1" '
        index($0, "$ ") == 1 { on = ($0 == cmd); next }
        /^```/ { on = 0 }
        on' "$NQ_SOURCE_DIR/README.md"
}
normalize() {
    sed -e '/^seconds /d' -e '/^threads /d' -e 's/"seconds":[0-9.]*/"seconds":S/'
}
readme_example "count 12" | normalize > "$TMP/want"
[ -s "$TMP/want" ] || fail "README example 'count 12' not found"
"$NQUEENS" count 12 | normalize > "$TMP/got"
cmp -s "$TMP/want" "$TMP/got" || fail "README example 'count 12' differs"
readme_example "count --json --threads 1 10" | normalize > "$TMP/want"
[ -s "$TMP/want" ] || fail "README example 'count --json' not found"
"$NQUEENS" count --json --threads 1 10 | normalize > "$TMP/got"
cmp -s "$TMP/want" "$TMP/got" || fail "README example 'count --json' differs"

# Help on stdout, exit 0; the command is listed in the tool's help.
"$NQUEENS" count --help | grep -q '^Usage: nqueens count' || fail "count --help"
"$NQUEENS" --help | grep -q '^  count N' || fail "listed in nqueens --help"

# A full disk is an error, exit 2.
status=0
"$NQUEENS" count 8 > /dev/full 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "/dev/full: exit $status"
grep -q 'No space left' "$TMP/err" || fail "/dev/full message"
# A budget too small is refused with the budget needed, and that budget
# is enough: for the join (n = 12, 13) and for constellations (n = 12).
for args in "12 --engine join" "13 --engine join" "12"; do
    expect_exit 2 "$NQUEENS" count $args --threads 1 --memory 4K
    need=$(sed -n 's/.*needs a memory budget of about \([0-9]*\) KiB, more than the 4 KiB given (--memory).*/\1/p' "$TMP/stderr")
    [ -n "$need" ] || fail "count $args --memory 4K: $(cat "$TMP/stderr")"
    "$NQUEENS" count $args --threads 1 --memory "${need}K" > /dev/null ||
        fail "count $args: the ${need}K said to be needed is not enough"
    # ...and not far above the least: an eighth less is refused.
    expect_exit 2 "$NQUEENS" count $args --threads 1 --memory "$((need * 7 / 8 - 1))K"
done
# The search for that budget is bounded in processor time, not on the wall
# clock: a machine so busy that the wall clock runs far ahead of the tool
# (here a clock preloaded that jumps a second at each reading) gets the
# same refusal, not a wider range of budgets or none.
for args in "12 --engine join" "13 --engine join" "12"; do
    expect_exit 2 "$NQUEENS" count $args --threads 1 --memory 4K
    cp "$TMP/stderr" "$TMP/idle"
    expect_exit 2 env LD_PRELOAD="$NQ_FASTCLOCK" \
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$NQUEENS" count $args --threads 1 --memory 4K
    cmp -s "$TMP/idle" "$TMP/stderr" ||
        fail "count $args --memory 4K on a busy machine: $(cat "$TMP/stderr"), idle: $(cat "$TMP/idle")"
done
pass
