#!/bin/sh
# nqueens verify reads what the tool writes: for n = 1..10 and every
# format, solve, solve --unique, find and complete --all piped into verify
# exit 0 and count the published number of placements (none for 2 and 3:
# a stream of none, exit 0); a stream with one record changed is caught
# with that record's number.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# counted WANT FILE: verify FILE exits 0 and counts WANT placements.
counted() {
    "$NQUEENS" verify "$2" > "$TMP/verdict" ||
        fail "verify $3 exited non-zero: $(head -3 "$TMP/verdict")"
    if [ "$1" = 1 ]; then
        grep -q '^valid: ' "$TMP/verdict" || fail "$3: $(cat "$TMP/verdict")"
    else
        grep -qx "$1 placements: $1 valid, 0 invalid; all distinct (in increasing order)" \
            "$TMP/verdict" || fail "$3: expected $1: $(cat "$TMP/verdict")"
    fi
}

for n in 1 2 3 4 5 6 7 8 9 10; do
    total=$(published_total "$n")
    unique=$(published_unique "$n")
    for format in vector json csv board; do
        "$NQUEENS" solve "$n" --format "$format" > "$TMP/all"
        "$NQUEENS" solve "$n" --unique --format "$format" > "$TMP/unique"
        "$NQUEENS" complete "$n" --all --format "$format" > "$TMP/complete"
        if [ "$total" = 0 ]; then
            # No solution: a stream of none, read as such in every format.
            for f in all unique complete; do
                "$NQUEENS" verify "$TMP/$f" > "$TMP/verdict" ||
                    fail "verify of $f $n --format $format exited non-zero"
                grep -qx '0 placements: 0 valid, 0 invalid; the input holds none' \
                    "$TMP/verdict" || fail "$f $n $format: $(cat "$TMP/verdict")"
            done
            [ "$format" = csv ] || expect_exit 1 "$NQUEENS" find "$n" --format "$format"
            continue
        fi
        counted "$total" "$TMP/all" "solve $n --format $format"
        counted "$unique" "$TMP/unique" "solve $n --unique --format $format"
        counted "$total" "$TMP/complete" "complete $n --all --format $format"
        [ "$format" = csv ] && continue # find writes no CSV
        "$NQUEENS" find "$n" --format "$format" > "$TMP/one"
        counted 1 "$TMP/one" "find $n --format $format"
    done
    # The seeds' program: numbered boards and the closing count line
    # (alone for 2 and 3: "0 solutions in total.").
    "$NQUEENS" "$n" > "$TMP/plain"
    if [ "$total" != 0 ]; then
        counted "$total" "$TMP/plain" "nqueens $n"
    else
        "$NQUEENS" verify "$TMP/plain" | grep -q '^0 placements: ' || fail "nqueens $n"
    fi
done

# One record changed: record 17 of solve 8 moves its first queen to the
# column of its second. Caught with its number, in every format.
"$NQUEENS" solve 8 --format vector |
    awk 'NR == 17 { $1 = $2 } { print }' > "$TMP/bad"
expect_exit 1 "$NQUEENS" verify "$TMP/bad"
grep -q '^record 17, line 17: invalid: ' "$TMP/stdout" || fail "record 17: $(head -3 "$TMP/stdout")"
grep -qx '92 placements: 91 valid, 1 invalid; distinctness not checked (not in increasing order)' \
    "$TMP/stdout" || fail "summary: $(tail -1 "$TMP/stdout")"
"$NQUEENS" solve 8 --format json |
    awk 'NR == 5 { sub(/"queens":\[[0-9]/, "\"queens\":[9") } { print }' > "$TMP/bad.json"
expect_exit 2 "$NQUEENS" verify "$TMP/bad.json"
grep -q 'line 5, column 28: 9 is off the board' "$TMP/stderr" || fail "json: $(cat "$TMP/stderr")"
"$NQUEENS" solve 6 > "$TMP/boards"
awk 'NR == 10 { $0 = "Q . . . . ." } { print }' "$TMP/boards" > "$TMP/bad.board"
expect_exit 1 "$NQUEENS" verify "$TMP/bad.board"
grep -q '^record 2, line 10: invalid: ' "$TMP/stdout" || fail "board: $(cat "$TMP/stdout")"

# A JSON record's "n" must match its queens (column 6 is the value's);
# JSON columns are 1-based whatever --base says, as the tool writes them.
printf '{"n":5,"queens":[2,4,1,3]}\n' > "$TMP/n.json"
expect_exit 2 "$NQUEENS" verify "$TMP/n.json"
grep -q 'line 1, column 6: "n" is 5 but "queens" holds 4 columns' "$TMP/stderr" ||
    fail "json n: $(cat "$TMP/stderr")"
printf '{"n":"x","queens":[2,4,1,3]}\n' > "$TMP/n.json"
expect_exit 2 "$NQUEENS" verify "$TMP/n.json"
grep -q 'column 6: "n" must be the size of the board' "$TMP/stderr" ||
    fail "json n text: $(cat "$TMP/stderr")"
"$NQUEENS" solve 6 --json > "$TMP/six.json"
"$NQUEENS" verify --base 0 "$TMP/six.json" > "$TMP/out" || fail "json --base 0: $(cat "$TMP/out")"
"$NQUEENS" complete 8 --given 0:0 --base 0 --all --json > "$TMP/given.json"
"$NQUEENS" verify --base 0 "$TMP/given.json" > "$TMP/out" ||
    fail "complete --base 0 --json: $(cat "$TMP/out")"

# A record repeated is not distinct.
"$NQUEENS" solve 6 --format csv | awk '{ print } NR == 2 { print }' > "$TMP/twice"
expect_exit 0 "$NQUEENS" verify "$TMP/twice"
grep -q 'not distinct: record 2 repeats the one before' "$TMP/stdout" ||
    fail "repeat: $(cat "$TMP/stdout")"

# Other glyphs, a byte-order mark, 0-based vectors, 0/1 matrices.
"$NQUEENS" solve 6 --queen '♛' --empty o > "$TMP/glyphs"
"$NQUEENS" verify --queen '♛' --empty o "$TMP/glyphs" > /dev/null || fail "glyphs"
printf '\357\273\2772 4 1 3\n3 1 4 2\n' | "$NQUEENS" verify > /dev/null || fail "byte-order mark"
"$NQUEENS" solve 7 --format csv --base 0 > "$TMP/base0"
"$NQUEENS" verify --base 0 "$TMP/base0" > /dev/null || fail "--base 0"
printf '0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n0010\n1000\n0001\n0100\n' > "$TMP/matrix"
"$NQUEENS" verify "$TMP/matrix" > "$TMP/out" || fail "matrix: $(cat "$TMP/out")"
"$NQUEENS" verify --format vector "$TMP/matrix" > /dev/null 2>&1 && fail "--format vector read a matrix"
# 0/1 matrices under "Solution K:" headings, as `nqueens N --queen 1 --empty
# 0` draws them (with and without --compact).
for n in 1 4 6 8; do
    for compact in "" --compact; do
        # shellcheck disable=SC2086
        "$NQUEENS" "$n" --queen 1 --empty 0 $compact > "$TMP/titled"
        counted "$(published_total "$n")" "$TMP/titled" "nqueens $n --queen 1 --empty 0 $compact"
    done
done
"$NQUEENS" solve 8 --format vector | "$NQUEENS" verify -f board > /dev/null 2>&1 &&
    fail "--format board read vectors"
# A format forced is read as such, never as another one.
echo "2 4 1 3" > "$TMP/four"
expect_exit 2 "$NQUEENS" verify --format board "$TMP/four"
grep -q "column 1: unexpected '2': a board row" "$TMP/stderr" || fail "board of a vector: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" verify --format matrix "$TMP/four"
grep -q "column 1: a row of a 0/1 matrix holds 0s and 1s" "$TMP/stderr" ||
    fail "matrix of a vector: $(cat "$TMP/stderr")"
printf '.Q..\n...Q\nQ...\n..Q.\n' > "$TMP/dots"
expect_exit 2 "$NQUEENS" verify --format matrix "$TMP/dots"
"$NQUEENS" verify --format board "$TMP/dots" > /dev/null || fail "--format board"
"$NQUEENS" 6 --queen 1 --empty 0 > "$TMP/six.matrix"
counted 4 "$TMP/six.matrix" "nqueens 6 as a matrix"
"$NQUEENS" verify --format matrix "$TMP/six.matrix" > /dev/null || fail "--format matrix"
expect_exit 2 "$NQUEENS" verify --format yaml
pass
