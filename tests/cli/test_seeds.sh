#!/bin/sh
# The teaching texts' program: for n = 1..9 the boards it prints are valid,
# distinct, numbered 1..count, and their number is the published total.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

for n in 1 2 3 4 5 6 7 8 9; do
    expected=$(published_total "$n")
    "$NQUEENS" "$n" > "$TMP/out" || fail "nqueens $n exited $?"
    # Each board becomes one line of 1-based columns, checked by awk.
    awk -v n="$n" -v expected="$expected" '
        /^Solution [0-9]+:$/ { index_seen++; if ($2 != index_seen ":") bad("numbering"); row = 0; vec = ""; next }
        /^$/ { if (row != 0 && row != n) bad("board height"); next }
        /solutions? in total\.$/ { total = $1; next }
        {
            if (NF != n) bad("board width")
            row++
            q = 0
            for (c = 1; c <= NF; c++) if ($c == "Q") { q++; col[row] = c } else if ($c != ".") bad("glyph")
            if (q != 1) bad("one queen a row")
            if (row == n) {
                for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++)
                    if (col[a] == col[b] || col[a] - col[b] == b - a || col[b] - col[a] == b - a) bad("attack")
                vec = ""; for (a = 1; a <= n; a++) vec = vec " " col[a]
                if (vec in seen) bad("repeated board"); seen[vec] = 1
            }
        }
        function bad(what) { print "n=" n ": " what " at line " NR; failed = 1; exit 1 }
        END { if (failed) exit 1; if (index_seen != expected || total != expected) { print "n=" n ": " index_seen " boards, total " total ", expected " expected; exit 1 } }
    ' "$TMP/out" || fail "nqueens $n"
done

# The first board of n = 8 is the textbooks' 1 5 8 6 3 7 2 4.
"$NQUEENS" 8 | sed -n 2,9p > "$TMP/first"
printf 'Q . . . . . . .\n. . . . Q . . .\n. . . . . . . Q\n. . . . . Q . .\n. . Q . . . . .\n. . . . . . Q .\n. Q . . . . . .\n. . . Q . . . .\n' > "$TMP/want"
cmp -s "$TMP/first" "$TMP/want" || fail "first board of 8"

# Help goes to stdout with exit 0; a full disk is an error, exit 2.
"$NQUEENS" --help | grep -q '^Usage: nqueens' || fail "--help"
# N in a file an editor began with a UTF-8 byte-order mark.
[ "$(printf '\357\273\2778\n' | "$NQUEENS" | tail -1)" = "92 solutions in total." ] ||
    fail "byte-order mark before N"
status=0
"$NQUEENS" 8 > /dev/full 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "/dev/full: exit $status"
grep -q 'No space left' "$TMP/err" || fail "/dev/full message"
# On a terminal (a pseudo terminal from script(1)) the prompt asks again
# after a typo, at most three times in all.
command -v script > /dev/null 2>&1 || fail "script(1) is missing (Debian package bsdutils)"
printf '9x\n0\n5\n' | script -qec "'$NQUEENS'; echo \"exit=\$?\"" /dev/null > "$TMP/prompt" 2>&1 ||
    fail "prompt: script failed"
# The terminal echoes the typed lines whenever they arrive, so they may
# land between a prompt and its answer: the checks read the transcript as
# one line and look for the prompt, then the error, in that order.
tr '\n' ' ' < "$TMP/prompt" > "$TMP/prompt.line"
grep -q "Number of queens: .*nqueens: error: N must be an integer from 1 to 64, got '9x' from standard input" "$TMP/prompt.line" ||
    fail "prompt: first typo: $(cat "$TMP/prompt")"
[ "$(grep -o 'Number of queens (1 to 64), again: ' "$TMP/prompt" | wc -l)" = 2 ] || fail "prompt: not asked again twice"
grep -q '^10 solutions in total\.' "$TMP/prompt" || fail "prompt: answer after two typos"
grep -q '^exit=0' "$TMP/prompt" || fail "prompt: exit status"
printf '9x\n0\n99\n5\n' | script -qec "'$NQUEENS'; echo \"exit=\$?\"" /dev/null > "$TMP/prompt" 2>&1 ||
    fail "prompt: script failed"
grep -q "got '99' from standard input" "$TMP/prompt" || fail "prompt: third typo"
grep -q '^exit=2' "$TMP/prompt" || fail "prompt: three typos must end with exit 2"
! grep -q 'solutions in total' "$TMP/prompt" || fail "prompt: a fourth try was taken"
# End of input at the prompt (Ctrl-D): the error on a line of its own.
printf '\004' | script -qec "'$NQUEENS'; echo \"exit=\$?\"" /dev/null > "$TMP/prompt" 2>&1 ||
    fail "prompt: script failed"
grep -q '^nqueens: error: no N given' "$TMP/prompt" || fail "prompt: end of input: $(cat "$TMP/prompt")"
grep -q '^exit=2' "$TMP/prompt" || fail "prompt: end of input must exit 2"
pass
