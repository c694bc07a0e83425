#!/bin/sh
# solve --max-time: a run that finds no solution for a long while (N = 40
# with --limit 1 takes minutes) still stops soon after the limit, exit 2; a
# stream stopped by the limit ends on a whole record in every format
# that streams (the program reading it never gets half a line).
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

expect_exit 2 timeout 60 "$NQUEENS" solve 40 --format vector --limit 1 --max-time 0.3
grep -q "^nqueens: error: solve 40 stopped by --max-time 0.3" "$TMP/stderr" ||
    fail "solve 40 --max-time: $(cat "$TMP/stderr")"

for format in vector json csv board; do
    expect_exit 2 "$NQUEENS" solve 17 --format $format --max-time 0.3 --threads 2
    grep -q "stopped by --max-time 0.3 \(after\|while searching\)" "$TMP/stderr" ||
        fail "$format: $(cat "$TMP/stderr")"
    # The watchdog (no batch of solutions in 2.3 s: a slow machine) cuts
    # where it finds the stream; the usual stop ends on a whole record.
    ! grep -q "while searching" "$TMP/stderr" || continue
    [ -s "$TMP/stdout" ] || continue # nothing written yet: nothing cut
    [ "$(tail -c 1 "$TMP/stdout" | od -An -c | tr -d ' ')" = '\n' ] ||
        fail "$format: the stream ends inside a line: $(tail -c 80 "$TMP/stdout")"
    case $format in
    vector)
        awk 'NF != 17 { bad = 1 } END { exit bad }' "$TMP/stdout" ||
            fail "vector: a line without 17 columns"
        ;;
    json)
        tail -n 1 "$TMP/stdout" | grep -q '^{"n":17,.*}$' ||
            fail "json: last line $(tail -n 1 "$TMP/stdout")"
        ;;
    board)
        # A board is 17 lines under its title, then an empty line.
        lines=$(wc -l < "$TMP/stdout")
        [ $((lines % 19)) = 0 ] || [ $((lines % 19)) = 18 ] ||
            fail "board: $lines lines is not a whole number of boards"
        ;;
    esac
done

# An SVG is one picture, kept until the end: stopped by the limit it is not
# written at all (it was cut wherever the writer's buffer last went out,
# mid-element). 28 queens on one thread give about two thousand boards in
# a second, 1.5 KB each: the picture passes that buffer (256 KiB) at a
# tenth of that speed and stays far from --limit 100000 at ten times it.
expect_exit 2 "$NQUEENS" solve 28 --format svg --limit 100000 --max-time 1 --threads 1
grep -q "stopped by --max-time 1 " "$TMP/stderr" || fail "svg: $(cat "$TMP/stderr")"
[ ! -s "$TMP/stdout" ] ||
    fail "svg: $(wc -c < "$TMP/stdout") bytes of a cut picture: $(tail -c 80 "$TMP/stdout")"
pass
