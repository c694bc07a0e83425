#!/bin/sh
# `nqueens solve`: the output is byte-identical whatever the number of
# threads (1, 2 and 3), in every format, all solutions or --unique.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

for n in 6 10 12; do
    for format in board vector json csv svg; do
        for unique in "" --unique; do
            limit=""
            [ "$format" = svg ] && limit="--limit 1000"
            # shellcheck disable=SC2086
            "$NQUEENS" solve "$n" --format "$format" $unique $limit --threads 1 > "$TMP/t1" ||
                fail "solve $n $format $unique --threads 1"
            for threads in 2 3; do
                # shellcheck disable=SC2086
                "$NQUEENS" solve "$n" --format "$format" $unique $limit --threads "$threads" > "$TMP/t" ||
                    fail "solve $n $format $unique --threads $threads"
                cmp -s "$TMP/t1" "$TMP/t" ||
                    fail "solve $n --format $format $unique: --threads $threads differs from 1"
            done
        done
    done
done
# Without --limit the vector format is made on the search threads a run
# of solutions at a time; with one it is made line by line on the calling
# thread: the same text.
for n in 6 11 13; do
    for base in 0 1; do
        for threads in 1 2 3; do
            "$NQUEENS" solve "$n" --format vector --base "$base" --threads "$threads" > "$TMP/runs" ||
                fail "solve $n --format vector --threads $threads"
            "$NQUEENS" solve "$n" --format vector --base "$base" --threads "$threads" \
                --limit 1000000 > "$TMP/lines" || fail "solve $n --limit 1000000"
            cmp -s "$TMP/runs" "$TMP/lines" ||
                fail "solve $n --format vector --base $base --threads $threads: runs and lines differ"
        done
    done
done
# The first solutions of a big board on any number of threads are the
# first in lexicographic order (the plain search's first, which find's
# search also gives), and the run stops once they are out.
for n in 22 25; do
    "$NQUEENS" find "$n" --method search --format vector > "$TMP/first" ||
        fail "find $n --method search"
    for threads in 1 2 4; do
        "$NQUEENS" solve "$n" --limit 1 --format vector --threads "$threads" > "$TMP/t" ||
            fail "solve $n --limit 1 --threads $threads"
        cmp -s "$TMP/first" "$TMP/t" ||
            fail "solve $n --limit 1 --threads $threads: not the first solution"
    done
    "$NQUEENS" solve "$n" --limit 3 --format vector --threads 1 > "$TMP/t1" ||
        fail "solve $n --limit 3 --threads 1"
    "$NQUEENS" solve "$n" --limit 3 --format vector --threads 3 > "$TMP/t" ||
        fail "solve $n --limit 3 --threads 3"
    [ "$(wc -l < "$TMP/t1")" -eq 3 ] || fail "solve $n --limit 3: not 3 lines"
    cmp -s "$TMP/t1" "$TMP/t" || fail "solve $n --limit 3: --threads 3 differs from 1"
done
# The teaching texts' program (all cores by default) prints the same boards
# as one thread of `solve`, then the total.
"$NQUEENS" 12 > "$TMP/seeds"
{ "$NQUEENS" solve 12 --threads 1; echo; echo "14200 solutions in total."; } > "$TMP/solve"
cmp -s "$TMP/seeds" "$TMP/solve" || fail "nqueens 12 differs from solve 12 --threads 1"
pass
