#!/bin/sh
# One grammar across the commands: --max-time stops count (saving its
# checkpoint, which the same command then finishes), solve and complete
# with exit status 2 and no -o file; -o writes the output of every command
# that prints one; -j is --format json where formats exist; --threads 0 is
# all cores; verify takes N as its first word.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# --max-time: the run stops, says so, writes no file.
expect_exit 2 "$NQUEENS" count 17 --engine constellations -q --max-time 0.2 \
    -o "$TMP/count.txt"
grep -q "count of 17 stopped by --max-time 0.2: no result" "$TMP/stderr" ||
    fail "count --max-time message: $(cat "$TMP/stderr")"
[ ! -e "$TMP/count.txt" ] || fail "count --max-time left its -o file"
expect_exit 2 "$NQUEENS" solve 16 --format vector --max-time 0.1 \
    -o "$TMP/solve.txt"
# (after K solutions, or "while searching" where none came in time)
grep -q "solve 16 stopped by --max-time 0.1 \(after [0-9]* solutions\|while searching\)" \
    "$TMP/stderr" || fail "solve --max-time message: $(cat "$TMP/stderr")"
[ ! -e "$TMP/solve.txt" ] || fail "solve --max-time left its -o file"
expect_exit 2 "$NQUEENS" complete 20 --count --max-time 0.2 -o "$TMP/cc.txt"
grep -q "complete --count stopped by --max-time 0.2: no result" \
    "$TMP/stderr" || fail "complete --max-time message: $(cat "$TMP/stderr")"
[ ! -e "$TMP/cc.txt" ] || fail "complete --max-time left its -o file"

# With --checkpoint the work is saved, and the same command finishes it
# with the published count.
# The limit counts the plan too: one thread, so that the count (about a
# second) outlasts a limit that the plan (milliseconds) does not reach.
expect_exit 2 "$NQUEENS" count 16 --engine constellations -q -t 1 --max-time 0.3 \
    --checkpoint "$TMP/c16.db"
grep -q "subproblems saved in '$TMP/c16.db'; the same command resumes" \
    "$TMP/stderr" || fail "checkpoint --max-time message: $(cat "$TMP/stderr")"
"$NQUEENS" count 16 --engine constellations -q --checkpoint "$TMP/c16.db" \
    > "$TMP/resumed" || fail "resume after --max-time"
grep -q "^total    $(published_total 16)\$" "$TMP/resumed" ||
    fail "resumed count: $(cat "$TMP/resumed")"

# -o writes what standard output would have held.
for args in "count 8" "count 8 -j" "bench 6 --runs 1 --methods mirror -j" \
    "4" "find 8 -j" "complete 8 -c -g 1:2" "trace 4 -j"; do
    # shellcheck disable=SC2086 # the words are the arguments
    "$NQUEENS" $args -o "$TMP/out" > "$TMP/stdout-of-o" ||
        fail "nqueens $args -o failed"
    [ ! -s "$TMP/stdout-of-o" ] || fail "nqueens $args -o still printed"
    [ -s "$TMP/out" ] || fail "nqueens $args -o wrote nothing"
done
printf '2 4 1 3\n' > "$TMP/v.txt"
"$NQUEENS" verify 4 "$TMP/v.txt" -o "$TMP/verdict" || fail "verify 4 FILE"
grep -q "^valid: 4 queens" "$TMP/verdict" || fail "verify -o: $(cat "$TMP/verdict")"
expect_exit 2 "$NQUEENS" verify 5 "$TMP/v.txt"

# -j is --format json; --threads 0 is all cores (the same output).
"$NQUEENS" solve 6 -j > "$TMP/j"
"$NQUEENS" solve 6 --format json > "$TMP/f"
cmp -s "$TMP/j" "$TMP/f" || fail "solve -j differs from --format json"
"$NQUEENS" trace 5 -j > "$TMP/j"
"$NQUEENS" trace 5 --format json > "$TMP/f"
cmp -s "$TMP/j" "$TMP/f" || fail "trace -j differs from --format json"
"$NQUEENS" complete 8 -g 1:2 -c -t 0 | grep -qx 8 || fail "complete -t 0"
threads=$("$NQUEENS" count 8 -t 0 | awk '$1 == "threads" { print $2 }')
[ "$threads" -ge 1 ] || fail "count -t 0 reported $threads threads"
pass
