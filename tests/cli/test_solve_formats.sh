#!/bin/sh
# `nqueens solve`: every format read back into vectors and compared, order
# included, with the awk oracle (tests/cli/oracle.awk) for n = 1..10.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
need_tool xmllint libxml2-utils
ORACLE="$NQ_SOURCE_DIR/tests/cli/oracle.awk"

for n in 1 2 3 4 5 6 7 8 9 10; do
    awk -v n="$n" -f "$ORACLE" > "$TMP/want"
    count=$(wc -l < "$TMP/want")
    [ "$count" = "$(published_total "$n")" ] || fail "oracle count for $n"

    # vector, 1-based and 0-based
    "$NQUEENS" solve "$n" --format vector > "$TMP/got" || fail "vector $n"
    cmp -s "$TMP/want" "$TMP/got" || fail "vector $n differs from the oracle"
    "$NQUEENS" solve "$n" --format vector --base 0 |
        awk '{ for (i = 1; i <= NF; i++) $i = $i + 1; print }' > "$TMP/got"
    cmp -s "$TMP/want" "$TMP/got" || fail "vector --base 0, n = $n"

    # json: exact shape, index counting from 1, n right
    "$NQUEENS" solve "$n" --format json > "$TMP/json" || fail "json $n"
    awk -v n="$n" '
        !/^\{"n":[0-9]+,"index":[0-9]+,"queens":\[[0-9]+(,[0-9]+)*\]\}$/ { print "shape: " $0; exit 1 }
        {
            line = $0; gsub(/[^0-9,]/, " ", line); gsub(/,/, " ", line)
            split(line, f, " ")
            if (f[1] != n || f[2] != NR) { print "n or index at line " NR; exit 1 }
            out = f[3]; for (i = 4; i <= n + 2; i++) out = out " " f[i]
            print out
        }' "$TMP/json" > "$TMP/got" || fail "json $n: $(cat "$TMP/got" | tail -1)"
    cmp -s "$TMP/want" "$TMP/got" || fail "json $n differs from the oracle"

    # csv: the header, then index and columns; --base 0 too
    for base in 1 0; do
        "$NQUEENS" solve "$n" --format csv --base "$base" > "$TMP/csv" || fail "csv $n"
        awk -F, -v n="$n" -v base="$base" '
            NR == 1 {
                want = "index"; for (i = 1; i <= n; i++) want = want ",row" i
                if ($0 != want) { print "header: " $0; exit 1 }
                next
            }
            {
                if (NF != n + 1 || $1 != NR - 1) { print "record " NR; exit 1 }
                out = $2 + 1 - base
                for (i = 3; i <= NF; i++) out = out " " ($i + 1 - base)
                print out
            }' "$TMP/csv" > "$TMP/got" || fail "csv $n: $(tail -1 "$TMP/got")"
        cmp -s "$TMP/want" "$TMP/got" || fail "csv --base $base, n = $n"
    done

    # board: "Solution K:", n rows of n cells, a blank line between boards;
    # with the default glyphs and with --compact --queen X --empty _
    for style in default compact; do
        if [ "$style" = default ]; then
            "$NQUEENS" solve "$n" > "$TMP/board" || fail "board $n"
            queen=Q empty=. sep=" "
        else
            "$NQUEENS" solve "$n" --compact --queen X --empty _ > "$TMP/board" || fail "board $n"
            queen=X empty=_ sep=""
        fi
        awk -v n="$n" -v queen="$queen" -v empty="$empty" -v sep="$sep" '
            function bad(what) { print what " at line " NR; failed = 1; exit 1 }
            /^Solution [0-9]+:$/ {
                if (row != 0 && row != n) bad("short board")
                boards++
                if ($2 != boards ":") bad("numbering")
                if (boards > 1 && !blank) bad("no blank line between boards")
                row = 0; blank = 0; next
            }
            /^$/ { if (row != n) bad("blank line inside a board"); blank = 1; next }
            {
                row++
                cells = sep == "" ? split($0, c, "") : split($0, c, " ")
                if (cells != n) bad("row width")
                col = 0
                for (i = 1; i <= n; i++) {
                    if (c[i] == queen) { if (col) bad("two queens"); col = i }
                    else if (c[i] != empty) bad("glyph " c[i])
                }
                if (!col) bad("no queen")
                v[row] = col
                if (row == n) { out = v[1]; for (i = 2; i <= n; i++) out = out " " v[i]; print out }
            }
            END { if (!failed && blank) bad("blank line after the last board") }
        ' "$TMP/board" > "$TMP/got" || fail "board ($style) $n: $(tail -1 "$TMP/got")"
        cmp -s "$TMP/want" "$TMP/got" || fail "board ($style) $n differs from the oracle"
    done

    # svg: well-formed XML; each board's queens and number read back
    "$NQUEENS" solve "$n" --format svg > "$TMP/svg" || fail "svg $n"
    xmllint --noout "$TMP/svg" || fail "svg $n is not well-formed XML"
    awk -v n="$n" '
        /<g transform=/ { row = 0; delete v; next }
        /<use / {
            match($0, /x="[0-9]+"/); x = substr($0, RSTART + 3, RLENGTH - 4)
            match($0, /y="[0-9]+"/); y = substr($0, RSTART + 3, RLENGTH - 4)
            v[y / 24 + 1] = x / 24 + 1; row++; next
        }
        /<text / {
            match($0, />[0-9]+</); number = substr($0, RSTART + 1, RLENGTH - 2)
            if (number != ++boards || row != n) { print "board " boards; exit 1 }
            out = v[1]; for (i = 2; i <= n; i++) out = out " " v[i]; print out
        }' "$TMP/svg" > "$TMP/got" || fail "svg $n: $(tail -1 "$TMP/got")"
    cmp -s "$TMP/want" "$TMP/got" || fail "svg $n differs from the oracle"
done

# Glyphs that would draw boards without visible queens are refused by
# every command that draws or reads boards (exit 2, the reason named);
# other glyphs, an escape sequence among them, are drawn as given.
for cmd in "4" "solve 4" "find 5" "complete 4 --all" "verify"; do
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" $cmd --queen o --empty o
    grep -q "are both 'o'" "$TMP/stderr" || fail "$cmd: same glyphs: $(cat "$TMP/stderr")"
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" $cmd --queen 'Q Q'
    grep -q "no white space" "$TMP/stderr" || fail "$cmd: blank glyph: $(cat "$TMP/stderr")"
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" $cmd --empty "$(printf 'x\ty')"
    grep -qF "'x\\x09y'" "$TMP/stderr" || fail "$cmd: tab glyph: $(cat "$TMP/stderr")"
    # shellcheck disable=SC2086
    expect_exit 2 "$NQUEENS" $cmd --queen Q --empty QQ
    grep -q "one glyph begins the other" "$TMP/stderr" || fail "$cmd: prefix glyph: $(cat "$TMP/stderr")"
done
red=$(printf '\033[31mQ\033[0m')
"$NQUEENS" solve 4 --limit 1 --queen "$red" > "$TMP/red" || fail "escape glyph refused"
grep -qF ". $red . ." "$TMP/red" || fail "escape glyph not drawn: $(cat "$TMP/red")"
pass
