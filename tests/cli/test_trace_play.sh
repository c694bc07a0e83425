#!/bin/sh
# nqueens trace --format html --play: the page where the learner places
# queens, in a real browser (Debian's chromium, headless) as the replay page
# is tested. The page's ?selftest=STATE clicks squares and buttons and uses
# the keyboard (arrows, Enter on a square), and reports what it shows; the
# boards it reports are checked here against the tool itself (verify,
# complete): a conflict is shown, an impossible board is said to be
# impossible, a hint keeps a completion possible, "complete it" goes
# through the hint's square and gives a
# solution that keeps the learner's queens. A screenshot of each state is
# not blank. Skips (status 77) only when chromium is not installed.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

need_browser "the play page"

# headless URL ARGS...: the page in the browser, with a fresh profile.
headless() {
    headless_browser 3000 "$@"
}

# field NAME: the value of "NAME":... in $result, up to the next key.
field() {
    printf "%s\n" "$result" | sed -n "s/.*\"$1\":\\(\"[^\"]*\"\\|[^,]*\\).*/\\1/p" | head -1
}
# queens_of STATE: the queens of that state as "r:c,r:c,...".
queens_of() {
    printf "%s\n" "$result" | sed -n "s/.*\"$1\":{\"queens\":\\[\\(\\[[^]]*\\]\\(,\\[[^]]*\\]\\)*\\)\\].*/\\1/p" |
        sed 's/\],\[/,/g; s/\[//g; s/\]//g' | awk -F, '{ for (i = 1; i < NF; i += 2) printf "%s%s:%s", (i > 1 ? "," : ""), $i, $(i + 1) }'
}

"$NQUEENS" trace --format html --play -o "$TMP/play.html" 8 || fail "trace --play 8"
# Self-contained, and the solutions are the library's: 92 vectors of 8.
if grep -Eiq '<script[^>]+src=|<link|<img|<iframe|@import|url\(|https?://' "$TMP/play.html"; then
    fail "the page refers to something outside itself"
fi
digits=$(sed -n 's/.*"solutions":"\([0-9a-b]*\)".*/\1/p' "$TMP/play.html")
[ "${#digits}" = $((92 * 8)) ] || fail "the page does not hold 92 solutions of 8"
"$NQUEENS" solve 8 --format vector --base 0 | tr -d ' \n' > "$TMP/solve-digits"
[ "$digits" = "$(cat "$TMP/solve-digits")" ] || fail "the embedded solutions are not solve's"

headless "file://$TMP/play.html?selftest=all" --dump-dom > "$TMP/dom.html" ||
    fail "$browser --dump-dom failed: $(tail -3 "$TMP/browser.log")"
result=$(sed -n 's/.*<pre id="selftest">\(.*\)<\/pre>.*/\1/p' "$TMP/dom.html")
[ -n "$result" ] || fail "the page's script did not run: $(grep -o 'id="errors">[^<]*' "$TMP/dom.html")"
printf "%s\n" "$result" | grep -q '"errors":\[\]' || fail "script errors: $result"
printf "%s\n" "$result" | grep -q '"total":92,"classes":12,' || fail "totals: $result"

# (1,1) and (2,2): the conflict shown (both queens marked, a line between
# them, the pair named) and no completion.
printf "%s\n" "$result" | grep -q '"conflict":{"queens":\[\[1,1\],\[2,2\]\],[^}]*"pairs":"(1,1) and (2,2) attack each other on a diagonal [^,]*,"conflicts":2,"lines":1,' ||
    fail "the conflict is not shown: $result"
printf "%s\n" "$result" | grep -q '"conflictCan":"No: it cannot be completed' || fail "a conflict said completable"
printf "%s\n" "$result" | grep -q '"lifted":{"queens":\[\[1,1\]\],[^}]*"conflicts":0,"lines":0,' ||
    fail "lifting the queen left a conflict: $result"
# (1,1) and (2,3): no attack, yet impossible; the tool agrees.
expect_exit 1 "$NQUEENS" complete 8 --given "$(queens_of impossible)"
printf "%s\n" "$result" | grep -q '"impossible":{"queens":\[\[1,1\],\[2,3\]\],"answer":"No: it cannot be completed' ||
    fail "an impossible board was not said to be impossible: $result"
printf "%s\n" "$result" | grep -q '"impossibleComplete":{"queens":\[\[1,1\],\[2,3\]\],"answer":"Impossible' ||
    fail "complete it on an impossible board: $result"
# The keyboard: the arrows moved to (2,3) (square 10), Enter lifted it.
printf "%s\n" "$result" | grep -q '"focused":"10","keyboard":{"queens":\[\[1,1\]\],' ||
    fail "the keyboard did not lift (2,3): $result"
printf "%s\n" "$result" | grep -q '"can":"Yes: 4 of the 92 solutions keep this queen."' ||
    fail "completable board: $result"
[ "$("$NQUEENS" complete 8 --given 1:1 --count)" = 4 ] || fail "the tool counts otherwise"
# The hint keeps a completion possible, by the tool's count.
hint=$(printf "%s\n" "$result" | sed -n 's/.*"hintAt":\[\([0-9]*\),\([0-9]*\)\].*/\1:\2/p')
[ -n "$hint" ] || fail "no hint: $result"
count=$("$NQUEENS" complete 8 --given "1:1,$hint" --count)
[ "$count" -ge 1 ] || fail "the hint $hint leaves no completion"
printf "%s\n" "$result" | grep -q "\"answer\":\"Hint: try ($(echo "$hint" | tr : ,)): $count of the 4 completions" ||
    fail "the hint's words: $result"
# Complete it: a solution (verify) that keeps (1,1), counted as found.
done_queens=$(queens_of complete)
vector=$(echo "$done_queens" | tr ',' '\n' | sort -n | cut -d: -f2 | tr '\n' ' ')
echo "$done_queens" | grep -q '^1:1,' || fail "complete it lost the queen on (1,1): $done_queens"
[ "$(echo "$done_queens" | tr ',' '\n' | wc -l)" = 8 ] || fail "complete it: $done_queens"
echo "$vector" | "$NQUEENS" verify > /dev/null || fail "complete it gave an invalid board: $vector"
# It goes through the hint's square, so Hint and Complete it agree.
printf "%s\n" "$result" | grep -q '"completeKeepsHint":true' ||
    fail "complete it left the hint's square: $result"
echo "$done_queens" | tr ',' '\n' | grep -qx "$hint" ||
    fail "complete it did not go through the hint $hint: $done_queens"
printf "%s\n" "$result" | grep -q "\"answer\":\"Completed through ($(echo "$hint" | tr : ,)), the hint's square" ||
    fail "complete it's words: $result"
# The solution's number is its place in solve's order.
index=$("$NQUEENS" solve 8 --format vector | grep -nx "$(echo "$vector" | sed 's/ $//')" | cut -d: -f1)
printf "%s\n" "$result" | grep -q "\"solved\":\"A solution! It is solution $index of 92" ||
    fail "the solution is not marked as solution $index: $result"
printf "%s\n" "$result" | grep -q '"found":"You found 1 of the 92 solutions' || fail "not counted: $result"

# A screenshot of each state: a drawn board is far larger than a blank page.
for state in conflict impossible hint complete; do
    headless "file://$TMP/play.html?selftest=$state" --window-size=1100,800 \
        --screenshot="$TMP/$state.png" > /dev/null || fail "screenshot $state"
    [ "$(od -An -c -N4 "$TMP/$state.png" | tr -d ' ')" = '211PNG' ] || fail "$state: not a PNG"
    size=$(wc -c < "$TMP/$state.png")
    [ "$size" -gt 20000 ] || fail "screenshot $state of $size bytes: nothing drawn?"
done

# The check can fail: a page whose script breaks must not pass.
sed 's/^  render();$/  renderr();/' "$TMP/play.html" > "$TMP/broken.html"
cmp -s "$TMP/play.html" "$TMP/broken.html" && fail "could not break the page"
headless "file://$TMP/broken.html?selftest=all" --dump-dom > "$TMP/broken-dom.html" || true
grep -q '"status":"ok"' "$TMP/broken-dom.html" && fail "a broken page passed"
grep -q 'Script error: .*renderr' "$TMP/broken-dom.html" || fail "a broken page's error was not shown"

# Boards without solutions and the limit.
"$NQUEENS" trace --play -o "$TMP/play3.html" 3
grep -q '"n":3,"solutions":"",$' "$TMP/play3.html" && grep -q '^"classOf":\[\],$' "$TMP/play3.html" ||
    fail "n=3 data"
expect_exit 2 "$NQUEENS" trace --play 13
grep -q 'at most 12, got 13' "$TMP/stderr" || fail "n=13 message"
[ ! -s "$TMP/stdout" ] || fail "n=13 wrote a page"
expect_exit 2 "$NQUEENS" trace --play --tree 6
pass
