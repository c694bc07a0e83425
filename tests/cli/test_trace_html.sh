#!/bin/sh
# nqueens trace --format html: the page is one self-contained file, and a
# real browser (Debian's chromium, headless) loads it, steps through the
# replay forward and back (the page's ?selftest=K), shows the board, reports
# no script error and takes a screenshot. A page with a broken script must
# fail the same check. Skips (status 77) only when chromium is not installed.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

need_browser "the HTML replay"

# headless URL ARGS...: the page in the browser, with a fresh profile.
headless() {
    headless_browser 5000 "$@"
}

"$NQUEENS" trace --format html -o "$TMP/trace.html" 6 || fail "trace --format html"

# Self-contained: no fetched script, style, image or font; no network URL.
if grep -Eiq '<script[^>]+src=|<link|<img|<iframe|@import|url\(|https?://' \
    "$TMP/trace.html"; then
    fail "the page refers to something outside itself"
fi
grep -q '<div id="board">' "$TMP/trace.html" || fail "no board element"

# The replay, driven by the page itself: 40 steps forward, back to the
# start, the end (the replayed counts against the library's), 40 again,
# then Play for a while (it must advance), Pause, and back to step 40.
headless "file://$TMP/trace.html?selftest=40" --dump-dom > "$TMP/dom.html" ||
    fail "$browser --dump-dom failed: $(tail -3 "$TMP/browser.log")"
result=$(sed -n 's/.*<pre id="selftest">\(.*\)<\/pre>.*/\1/p' "$TMP/dom.html")
[ -n "$result" ] || fail "the page's script did not run: $(tail -3 "$TMP/browser.log")"
echo "$result" | grep -q '"status":"ok"' || fail "self-test: $result"
echo "$result" | grep -q '"errors":\[\]' || fail "script errors: $result"
echo "$result" | grep -q '"cells":36,' || fail "no 6 x 6 board: $result"
echo "$result" | grep -q '"step":40,' || fail "did not step: $result"
played=$(echo "$result" | sed -n 's/.*"played":\([0-9]*\).*/\1/p')
from=$(echo "$result" | sed -n 's/.*"playedFrom":\([0-9]*\).*/\1/p')
[ -n "$from" ] && [ "${played:-0}" -gt "$from" ] || fail "Play did not advance: $result"
# Step 40 of the search for 6 is the backtrack that leaves [1 3 6].
echo "$result" | grep -q '"queens":3,.*"vector":"\[1 3 6\]"' || fail "state at step 40: $result"
if grep -q 'Uncaught' "$TMP/browser.log"; then
    fail "console: $(grep Uncaught "$TMP/browser.log" | head -2)"
fi

# A screenshot of the page stepped to a conflict: a PNG with a drawn board
# is far larger than an empty page's.
headless "file://$TMP/trace.html?selftest=27" --window-size=900,1000 \
    --screenshot="$TMP/trace.png" > /dev/null || fail "screenshot failed"
[ -f "$TMP/trace.png" ] || fail "no screenshot"
[ "$(od -An -c -N4 "$TMP/trace.png" | tr -d ' ')" = '211PNG' ] || fail "screenshot is not a PNG"
size=$(wc -c < "$TMP/trace.png")
[ "$size" -gt 20000 ] || fail "screenshot of $size bytes: no board drawn?"

# The check can fail: a page whose script breaks must not pass.
sed 's/render();$/renderr();/' "$TMP/trace.html" > "$TMP/broken.html"
headless "file://$TMP/broken.html?selftest=5" --dump-dom > "$TMP/broken-dom.html" || true
grep -q '"status":"ok"' "$TMP/broken-dom.html" && fail "a broken page passed"
grep -q 'Script error: .*renderr' "$TMP/broken-dom.html" || fail "a broken page's error was not shown"

# The search tree beside the board, n = 4, 5, 6: after the whole replay it
# holds one node per square the trace tries (its place and conflict
# events, counted here from the JSON trace); a click on a node moves the
# board to that node's step; a node is a button that takes the focus, and
# the arrow keys step from it (the page's self-test checks these).
for n in 4 5 6; do
    "$NQUEENS" trace --format html -o "$TMP/tree$n.html" "$n" || fail "page for $n"
    tried=$("$NQUEENS" trace --json "$n" | grep -Ec '"event":"(place|conflict)"')
    headless "file://$TMP/tree$n.html?selftest=10" --dump-dom > "$TMP/tree-dom$n.html"
    result=$(sed -n 's/.*<pre id="selftest">\(.*\)<\/pre>.*/\1/p' "$TMP/tree-dom$n.html")
    echo "$result" | grep -q '"status":"ok"' || fail "n=$n tree self-test: $result"
    echo "$result" | grep -q "\"tree\":{\"mode\":\"whole\",\"expected\":$tried,\"nodes\":$tried," ||
        fail "n=$n: the tree should have $tried nodes: $result"
    step=$(echo "$result" | sed -n 's/.*"clickStep":\([0-9]*\),"clickPos":\([0-9]*\).*/\1 \2/p')
    set -- $step
    [ "$#" = 2 ] && [ "$1" = "$2" ] && [ "$1" -gt 1 ] || fail "n=$n: a click on a node did not move the replay: $result"
done
# Too many nodes to draw (more than 20000): the path from the root, the
# squares tried beside the current one, the counts per depth.
"$NQUEENS" trace --format html --max-steps 30000 -o "$TMP/big.html" 9
headless "file://$TMP/big.html?selftest=500" --dump-dom > "$TMP/big-dom.html"
result=$(sed -n 's/.*<pre id="selftest">\(.*\)<\/pre>.*/\1/p' "$TMP/big-dom.html")
echo "$result" | grep -q '"status":"ok".*"tree":{"mode":"path"' || fail "path view: $result"
grep -q '<table class="depths" id="depths"><tbody><tr><th>depth</th>' "$TMP/big-dom.html" ||
    fail "no table of the depths"
# The tree's screenshot: the page at a step where the tree has grown.
headless "file://$TMP/tree6.html?selftest=120" --window-size=1400,1000 \
    --screenshot="$TMP/tree.png" > /dev/null || fail "tree screenshot failed"
size=$(wc -c < "$TMP/tree.png")
[ "$size" -gt 60000 ] || fail "tree screenshot of $size bytes: nothing drawn?"

# Limits: --first and --max-steps shorten the recording and say so.
"$NQUEENS" trace --format html --max-steps 100 -o "$TMP/short.html" 8
grep -q 'first 100 steps' "$TMP/short.html" || fail "--max-steps note"
headless "file://$TMP/short.html?selftest=150" --dump-dom > "$TMP/short-dom.html"
grep -q '"status":"ok".*"step":100,"steps":100,' "$TMP/short-dom.html" ||
    fail "short page: $(sed -n 's/.*<pre id="selftest">\(.*\)<\/pre>.*/\1/p' "$TMP/short-dom.html")"
pass
