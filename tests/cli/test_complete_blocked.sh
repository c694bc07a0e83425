#!/bin/sh
# nqueens complete with blocked squares and excluded diagonals, and the
# coordinates of every input form: Nauck's puzzle of 1850 (queens at
# 0-based (3,3) and (4,1), exactly 2 completions) through --given,
# --board (a drawn board, a partial vector that starts with '.') and
# --instance, each with --base 0 and 1; --base 0 round trips through
# --given, --board and verify; --blocked and a board's '#' mean the same,
# and so do --exclude-diagonal and an instance's diags; a board written
# with its blocked squares reads back as the same problem; the SVG marks
# the given queens and the blocked squares; CSPLib's own files give the
# published answers.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
DATA=$NQ_SOURCE_DIR/tests/data/csplib

# Nauck's two completions, 1-based vectors.
printf '5 1 8 4 2 7 3 6\n5 7 1 4 2 8 6 3\n' > "$TMP/nauck1"
awk '{ for (i = 1; i <= NF; i++) $i = $i - 1; print }' "$TMP/nauck1" > "$TMP/nauck0"

printf 'letting n = 8\nletting init = [[3, 3], [4, 1]]\n' > "$TMP/nauck.param"
printf '. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . Q . . . .\n. Q . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n' > "$TMP/nauck.board"
printf '. . . 4 2 . . .\n' > "$TMP/nauck.vector1"
printf '. . . 3 1 . . .\n' > "$TMP/nauck.vector0"

for base in 0 1; do
    if [ "$base" = 0 ]; then given=3:3,4:1; else given=4:4,5:2; fi
    for form in given board vector instance; do
        case $form in
        given) set -- 8 --given "$given" ;;
        board) set -- --board "$TMP/nauck.board" ;;
        vector) set -- --board "$TMP/nauck.vector$base" ;;
        instance) set -- --instance "$TMP/nauck.param" ;;
        esac
        what="$form, --base $base"
        count=$("$NQUEENS" complete "$@" --base "$base" --count) ||
            fail "$what: --count failed"
        [ "$count" = 2 ] || fail "$what: $count completions, expected 2"
        "$NQUEENS" complete "$@" --base "$base" --all --format vector > "$TMP/all" ||
            fail "$what: --all failed"
        cmp -s "$TMP/all" "$TMP/nauck$base" ||
            fail "$what: --all gave $(cat "$TMP/all")"
        first=$("$NQUEENS" complete "$@" --base "$base" --format vector)
        [ "$first" = "$(head -1 "$TMP/nauck$base")" ] ||
            fail "$what: first completion $first"
    done
done

# --base 0 round trips: a completion written 0-based is read back 0-based
# by --given (as pairs), --board (as a vector) and verify.
"$NQUEENS" complete 8 --given 3:3,4:1 --base 0 --format vector > "$TMP/c0"
"$NQUEENS" verify --base 0 "$TMP/c0" > /dev/null || fail "verify --base 0 refused $(cat "$TMP/c0")"
expect_exit 2 "$NQUEENS" verify "$TMP/c0"
pairs=$(awk '{ for (i = 1; i <= NF; i++) printf "%s%d:%d", (i == 1 ? "" : ","), i - 1, $i }' "$TMP/c0")
again=$("$NQUEENS" complete 8 --given "$pairs" --base 0 --format vector)
[ "$again" = "$(cat "$TMP/c0")" ] || fail "--given round trip: $again"
again=$("$NQUEENS" complete --board "$TMP/c0" --base 0 --format vector --base 0)
[ "$again" = "$(cat "$TMP/c0")" ] || fail "--board round trip: $again"
# The same vector read 1-based is another placement, or none: never the
# same answer in silence.
[ "$("$NQUEENS" complete 8 --given 3:3,4:1 --format vector)" != "$(cat "$TMP/c0")" ] ||
    fail "--given read the same in both bases"

# A partial vector that starts with '.', and the same in a pipe.
out=$(printf '. . . 4 2 . . .\n' | "$NQUEENS" complete --board - --count)
[ "$out" = 2 ] || fail "'. . . 4 2 . . .' on standard input: $out"
out=$(printf '. . . 3 1 . . .\n' | "$NQUEENS" complete --board - --base 0 --input-format vector --count)
[ "$out" = 2 ] || fail "--input-format vector: $out"

# Blocked squares: --blocked and a drawn '#' are the same problem; the
# board written with them reads back as the same problem.
"$NQUEENS" complete 8 --given 4:4,5:2 --blocked 2:1 --all --format vector > "$TMP/b1"
[ "$(cat "$TMP/b1")" = '5 7 1 4 2 8 6 3' ] ||
    fail "--blocked 2:1 left $(cat "$TMP/b1"), expected Nauck's second completion alone"
printf '. . . . . . . .\n# . . . . . . .\n. . . . . . . .\n. . . Q . . . .\n. Q . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n' > "$TMP/blocked.board"
"$NQUEENS" complete --board "$TMP/blocked.board" --all --format vector > "$TMP/b2"
cmp -s "$TMP/b1" "$TMP/b2" || fail "--blocked 2:1 and a '#' at 2:1 differ"
"$NQUEENS" complete 8 --given 4:4,5:2 --blocked 2:1 --all > "$TMP/drawn"
sed -n 3p "$TMP/drawn" | grep -q '^# ' || fail "the blocked square is not drawn: $(head -3 "$TMP/drawn")"
"$NQUEENS" complete --board "$TMP/drawn" --format vector > "$TMP/b3"
head -1 "$TMP/b1" | cmp -s - "$TMP/b3" || fail "the written board read back as another problem"

# The block file of CSPLib's problem 080 (1-based pairs) and the same
# squares given with --blocked.
blocks=$(sed -n 's/.*blocks = *//p' "$DATA/block-10-18-696.param" |
    tr -d '[] ' | awk -F, '{ for (i = 1; i < NF; i += 2) printf "%s%s:%s", (i == 1 ? "" : ","), $i, $(i + 1) }')
a=$("$NQUEENS" complete --instance "$DATA/block-10-18-696.param" --count)
b=$("$NQUEENS" complete 10 --blocked "$blocks" --count)
[ "$a" = "$b" ] && [ "$a" -gt 0 ] || fail "block file: $a completions, --blocked: $b"

# Excluded diagonals: CSPLib's file (the published answers: a completion
# for d = 1 to 6 leading pairs, none for 7 to 12), and the same pairs
# given with --exclude-diagonal, 1-based (sum K + 2, diff K - 9).
pairs=$(sed -n 's/^diags = *//p' "$DATA/diag-10-4-1.param" | tr -d '[] ')
for d in 1 6 7 12; do
    want=0; [ "$d" -le 6 ] || want=1
    expect_exit "$want" "$NQUEENS" complete --instance "$DATA/diag-10-4-1.param" --first-diagonals "$d"
    list=$(echo "$pairs" | awk -F, -v d="$d" '{ for (i = 1; i < 2 * d; i += 2)
        printf "%s%s", (i == 1 ? "" : ","), ($(i + 1) == 1 ? "sum:" ($i + 2) : "diff:" ($i - 9)) }')
    a=$("$NQUEENS" complete --instance "$DATA/diag-10-4-1.param" --first-diagonals "$d" --count)
    b=$("$NQUEENS" complete 10 --exclude-diagonal "$list" --count)
    [ "$a" = "$b" ] || fail "d=$d: the file gives $a completions, --exclude-diagonal $list gives $b"
done
[ "$("$NQUEENS" complete --instance "$DATA/diag-10-4-1.param" --first-diagonals 0 --count)" = 724 ] ||
    fail "d = 0 is the empty 10 x 10 board"

# The SVG marks the given queens (red, on a ring) and the blocked squares.
"$NQUEENS" complete 8 --given 4:4,5:2 --blocked 1:3,8:8 --all --format svg > "$TMP/c.svg"
[ "$(grep -c 'href="#given"' "$TMP/c.svg")" = 4 ] || fail "SVG: given queens not marked twice a board"
[ "$(grep -c 'href="#queen"' "$TMP/c.svg")" = 12 ] || fail "SVG: the other queens"
[ "$(grep -c 'href="#blocked"' "$TMP/c.svg")" = 4 ] || fail "SVG: blocked squares not drawn"
if command -v xmllint > /dev/null; then
    xmllint --noout "$TMP/c.svg" || fail "SVG is not well-formed"
fi
# An excluded diagonal's squares are drawn like blocked ones.
"$NQUEENS" complete 4 --exclude-diagonal diff:0 > "$TMP/d4"
[ "$(grep -c '#' "$TMP/d4")" = 4 ] || fail "excluded diagonal not drawn: $(cat "$TMP/d4")"
pass
