#!/bin/sh
# The trace's pages with the keyboard, pressed as a person presses it: the
# keys go through the browser's own input (tests/cli/browser_keys.py over
# the DevTools protocol), so Tab really moves the focus and Enter really
# presses what has it. The replay page: End, the arrows, Home and space
# step and play; Tab reaches the nodes of the search tree and Enter on one
# moves the replay to its step. The play page: Tab reaches the board, the
# arrows move on it, Enter and space put and lift queens, and an attack is
# named. Skips (status 77) when chromium or python3 is not installed.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

need_browser "the keys"
if ! command -v python3 > /dev/null 2>&1; then
    echo "SKIP: python3 is not installed (Debian package python3; make" \
        "check installs it): the keys are not tested"
    exit 77
fi
keys() {
    timeout 120 python3 "$NQ_SOURCE_DIR/tests/cli/browser_keys.py" "$browser" "$1" ||
        fail "browser_keys.py on $1"
}

# ---- the replay page and its tree ----
"$NQUEENS" trace --format html -o "$TMP/trace.html" 5 || fail "trace --format html 5"
steps=$("$NQUEENS" trace --json 5 | wc -l)
step='document.getElementById("c-step").textContent'
keys "file://$TMP/trace.html" > "$TMP/replay.out" << EOF2
key End
eval $step
key ArrowLeft
eval $step
key Home
key ArrowRight 3
eval $step
key Space
eval document.getElementById("play").textContent
key Space
eval document.getElementById("play").textContent
key End
key Tab 7
eval document.activeElement.closest("#tree") !== null && document.activeElement.title
key Tab
eval document.activeElement.title
key Enter
eval $step
EOF2
set -- "\"$steps of $steps\"" "\"$((steps - 1)) of $steps\"" "\"3 of $steps\"" \
    '"Pause"' '"Play"'
for want in "$@"; do
    got=$(sed -n 1p "$TMP/replay.out")
    [ "$got" = "$want" ] || fail "replay keys: got $got, want $want ($(tr '\n' ' ' < "$TMP/replay.out"))"
    sed -i 1d "$TMP/replay.out"
done
# Seven Tabs pass the five buttons and the speed control to the tree's
# first node, (1,1); the next is the second square of row 1.
sed -n 1p "$TMP/replay.out" | grep -q '^"(1,1) queen placed, step 1: jump here"$' ||
    fail "Tab did not reach the tree: $(sed -n 1p "$TMP/replay.out")"
node_step=$(sed -n 2p "$TMP/replay.out" | sed -n 's/^"(1,2) queen placed, step \([0-9]*\): jump here"$/\1/p')
[ -n "$node_step" ] || fail "the next Tab: $(sed -n 2p "$TMP/replay.out")"
[ "$(sed -n 3p "$TMP/replay.out")" = "\"$node_step of $steps\"" ] ||
    fail "Enter on the node of step $node_step: $(sed -n 3p "$TMP/replay.out")"

# ---- the play page ----
"$NQUEENS" trace --format html --play -o "$TMP/play.html" 6 || fail "trace --play 6"
vector='document.getElementById("vector").textContent'
keys "file://$TMP/play.html" > "$TMP/play.out" << EOF2
key Tab 6
eval document.activeElement.dataset.k
key ArrowDown
key ArrowRight 2
eval document.activeElement.dataset.k
key Enter
eval $vector
key Space
eval $vector
key Enter
key ArrowUp
key Enter
eval $vector
eval document.getElementById("pairs").textContent
eval document.querySelectorAll("#board .queen.conflict").length
EOF2
printf '%s\n' '"0"' '"8"' '"(2,3)"' '"none"' '"(1,3) (2,3)"' \
    '"(1,3) and (2,3) attack each other on a column"' 2 > "$TMP/play.want"
cmp -s "$TMP/play.want" "$TMP/play.out" ||
    fail "play keys: got $(tr '\n' ' ' < "$TMP/play.out"), want $(tr '\n' ' ' < "$TMP/play.want")"
pass
