#!/bin/sh
# nqueens complete against the textbook program: for seeded random sets of
# given queens on boards up to 10 x 10 (INSTANCES of them, 80 by default;
# test_complete_many_slow.sh runs 400 with another seed) (possible, impossible and attacking),
# the solutions that `nqueens N` prints and that keep the given queens are
# exactly what --all lists, in the same order; --count is their number; the
# default output is the first of them (exit 1 when there is none); --order
# fast gives one of them; --board reads back what complete wrote. With
# nothing given, --count is the published total.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# The oracle: every solution of n as a line of 1-based columns.
for n in 1 2 3 4 5 6 7 8 9 10; do
    "$NQUEENS" "$n" | awk '
        /^Solution/ { row = 0; vec = ""; next }
        / Q|Q / || $0 == "Q" {
            for (c = 1; c <= NF; c++) if ($c == "Q") vec = vec (row ? " " : "") c
            row++
        }
        /^$/ && vec != "" { print vec; vec = "" }
        END { if (vec != "") print vec }' > "$TMP/solutions$n"
    [ "$(wc -l < "$TMP/solutions$n")" -eq "$(published_total "$n")" ] ||
        fail "oracle for n=$n"
done

INSTANCES=${INSTANCES:-80}
SEED=${SEED:-20261122}
# "n given-list awk-filter" lines from a seeded awk.
awk -v instances="$INSTANCES" -v seed="$SEED" 'BEGIN {
    srand(seed)
    for (i = 0; i < instances; i++) {
        n = 1 + int(rand() * 10)
        percent = rand() * 0.6
        list = ""; filter = ""
        for (r = 1; r <= n; r++) {
            if (rand() < percent) {
                c = 1 + int(rand() * n)
                list = list (list == "" ? "" : ",") r ":" c
                filter = filter " && $" r " == " c
            }
        }
        print n, (list == "" ? "-" : list), "1" filter
    }
}' > "$TMP/instances"

checked=0
impossible=0
attacking=0
while read -r n list filter; do
    [ "$list" = - ] && list=""
    awk "$filter" "$TMP/solutions$n" > "$TMP/expected"
    expected=$(wc -l < "$TMP/expected")
    status=0
    "$NQUEENS" complete "$n" --given "$list" --count > "$TMP/count" 2> "$TMP/err" || status=$?
    if [ "$status" = 2 ]; then
        # Only attacking queens are refused; the oracle then has nothing.
        grep -q 'attack each other' "$TMP/err" || fail "n=$n '$list': $(cat "$TMP/err")"
        [ "$expected" -eq 0 ] || fail "n=$n '$list' refused but completable"
        attacking=$((attacking + 1))
        continue
    fi
    [ "$status" = 0 ] || fail "n=$n '$list' --count exited $status"
    [ "$(cat "$TMP/count")" -eq "$expected" ] ||
        fail "n=$n '$list': count $(cat "$TMP/count"), expected $expected"
    "$NQUEENS" complete "$n" --given "$list" --all --format vector > "$TMP/all" ||
        fail "n=$n '$list' --all"
    cmp -s "$TMP/all" "$TMP/expected" || fail "n=$n '$list': --all differs"
    status=0
    "$NQUEENS" complete "$n" --given "$list" --format vector > "$TMP/first" 2> "$TMP/err" || status=$?
    if [ "$expected" -eq 0 ]; then
        [ "$status" = 1 ] || fail "n=$n '$list': exit $status, expected 1"
        [ ! -s "$TMP/first" ] || fail "n=$n '$list': output without completion"
        grep -qx 'nqueens: no completion exists' "$TMP/err" || fail "n=$n '$list': message"
        impossible=$((impossible + 1))
    else
        [ "$status" = 0 ] || fail "n=$n '$list': exit $status"
        head -1 "$TMP/expected" | cmp -s - "$TMP/first" || fail "n=$n '$list': first"
        "$NQUEENS" complete "$n" --given "$list" --order fast --format vector > "$TMP/fast" ||
            fail "n=$n '$list' --order fast"
        grep -qxF "$(cat "$TMP/fast")" "$TMP/expected" || fail "n=$n '$list': fast"
    fi
    checked=$((checked + 1))
done < "$TMP/instances"
# The mix must hold every kind, or the test proves little.
[ $((checked * 2)) -ge "$INSTANCES" ] && [ $((impossible * 10)) -ge "$INSTANCES" ] &&
    [ $((attacking * 10)) -ge "$INSTANCES" ] ||
    fail "weak mix: $checked checked, $impossible impossible, $attacking attacking"

# Nothing given: the published totals, with 1 and 2 threads.
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
    for t in 1 2; do
        got=$("$NQUEENS" complete "$n" --count --threads "$t")
        [ "$got" = "$(published_total "$n")" ] || fail "n=$n -t $t: $got"
    done
done

# What complete writes as a board, --board reads back (from a file and -).
"$NQUEENS" complete 12 --given 2:5,11:1 > "$TMP/board12"
"$NQUEENS" complete --board "$TMP/board12" --format vector > "$TMP/v1"
"$NQUEENS" complete 12 --given 2:5,11:1 --format vector > "$TMP/v2"
cmp -s "$TMP/v1" "$TMP/v2" || fail "board round trip"
"$NQUEENS" complete --board - --format vector < "$TMP/board12" > "$TMP/v3"
cmp -s "$TMP/v1" "$TMP/v3" || fail "board from standard input"
# A partial board: the first completion keeps its queens.
printf '. . . . . . . .\n. . . . . . . .\n. . . Q . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n' > "$TMP/partial8"
"$NQUEENS" complete --board "$TMP/partial8" --format vector > "$TMP/p1"
"$NQUEENS" complete 8 --given 3:4 --format vector > "$TMP/p2"
cmp -s "$TMP/p1" "$TMP/p2" || fail "partial board"

# Large boards: n = 64, a completion that keeps the queens given.
"$NQUEENS" complete 64 --given 1:64,33:1,64:40 --order fast --format vector > "$TMP/v64"
awk '{ if (NF != 64 || $1 != 64 || $33 != 1 || $64 != 40) exit 1
       for (a = 1; a <= 64; a++) for (b = a + 1; b <= 64; b++)
           if ($a == $b || $a - $b == b - a || $b - $a == b - a) exit 1 }' "$TMP/v64" ||
    fail "n=64 completion"

# The formats are solve's: the same bytes for the same boards.
"$NQUEENS" complete 6 --all --format csv > "$TMP/c1"
"$NQUEENS" solve 6 --format csv > "$TMP/c2"
cmp -s "$TMP/c1" "$TMP/c2" || fail "csv differs from solve's"
"$NQUEENS" complete 6 --all --format svg > "$TMP/s1"
"$NQUEENS" solve 6 --format svg > "$TMP/s2"
cmp -s "$TMP/s1" "$TMP/s2" || fail "svg differs from solve's"
expect_exit 2 "$NQUEENS" complete 11 --all --format svg
grep -q 'too many boards' "$TMP/stderr" || fail "svg overflow message"

# -o writes a file only when the answer is complete; a full disk is exit 2.
"$NQUEENS" complete 8 --given 1:1 -o "$TMP/out.txt" --format vector
[ "$(cat "$TMP/out.txt")" = "1 5 8 6 3 7 2 4" ] || fail "-o"
expect_exit 1 "$NQUEENS" complete 8 --given 1:1,2:3 -o "$TMP/none.txt"
[ ! -e "$TMP/none.txt" ] || fail "-o left a file without a completion"
expect_exit 2 sh -c '"$0" complete 8 --all > /dev/full' "$NQUEENS"
# A JSON record read as a partial board: null is a row without a queen.
printf '{"n":6,"queens":[5,null,null,null,null,null]}\n' > "$TMP/partial.json"
[ "$("$NQUEENS" complete --board "$TMP/partial.json" --format vector)" = "5 3 1 6 4 2" ] ||
    fail "JSON partial board"
printf '{"queens":[2,null,1,3]}\n' | expect_exit 1 "$NQUEENS" verify
grep -q 'row 2' "$TMP/stdout" || fail "verify JSON null row: $(cat "$TMP/stdout")"

# Past --max-nodes without a completion, no note speaks of one written.
expect_exit 1 "$NQUEENS" complete 8 --given 1:1,2:3 --max-nodes 1
[ "$(cat "$TMP/stderr")" = "nqueens: no completion exists" ] ||
    fail "--max-nodes, no completion: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" complete 8 --blocked 1:1 --blocked 1:2
grep -q -- '--blocked given twice: list every square in one --blocked' "$TMP/stderr" ||
    fail "--blocked twice: $(cat "$TMP/stderr")"

# --threads is for --count; elsewhere it would do nothing, and is refused.
[ "$("$NQUEENS" complete 8 --count --threads 2)" = 92 ] || fail "--count --threads 2"
for mode in "" --all "--limit 3"; do
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" complete 8 $mode --threads 2
    grep -q -- '--threads goes with --count' "$TMP/stderr" || fail "--threads $mode: $(cat "$TMP/stderr")"
done
expect_exit 0 "$NQUEENS" complete --help
grep -q '^Usage: nqueens complete' "$TMP/stdout" || fail "--help"
pass
