#!/bin/sh
# The replay page's layout in a real browser (Debian's chromium, headless)
# at N = 4, 8, 12 and 20, beside the board on a wide window and below it on
# a narrow one: the page is no wider than the window (the table of depths,
# whose numbers reach 27 digits at 20, scrolls inside its panel instead of
# widening the page), the table's box lies inside its panel, and with the
# tree scrolled to its right end every line's label (the vector it grows
# from) is still in view. The page measures itself (?selftest, "layout").
# Skips (status 77) only when chromium is not installed.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

browser=""
for candidate in chromium chromium-browser; do
    if command -v "$candidate" > /dev/null 2>&1; then
        browser=$candidate
        break
    fi
done
if [ -z "$browser" ]; then
    echo "SKIP: chromium is not installed: the page's layout is not tested"
    exit 77
fi

# layout N WIDTH: the page's self-measured layout at that window width.
layout() {
    profile=$(mktemp -d "$TMP/profile.XXXXXX")
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync \
        --user-data-dir="$profile" --virtual-time-budget=5000 \
        --window-size="$2",900 --dump-dom "file://$TMP/trace$1.html?selftest=30" \
        2>> "$TMP/browser.log" |
        sed -n 's/.*<pre id="selftest">\(.*\)<\/pre>.*/\1/p'
}

# field JSON NAME: a number of the layout object.
field() {
    printf '%s\n' "$1" | sed -n "s/.*\"layout\":{[^}]*\"$2\":\\([0-9]*\\).*/\\1/p"
}

for run in 4:1300 8:1300 12:1300 20:1300 20:700; do
    n=${run%:*}
    width=${run#*:}
    [ -f "$TMP/trace$n.html" ] ||
        "$NQUEENS" trace "$n" --format html -o "$TMP/trace$n.html" 2> /dev/null ||
        fail "trace $n --format html"
    result=$(layout "$n" "$width")
    [ -n "$result" ] || fail "n=$n: the page did not run: $(tail -3 "$TMP/browser.log")"
    printf '%s\n' "$result" | grep -q '"status":"ok"' || fail "n=$n: $result"
    page=$(field "$result" page)
    window=$(field "$result" window)
    [ "$page" -le "$window" ] || fail "n=$n, $width px: the page is $page px wide"
    box=$(printf '%s\n' "$result" | sed -n 's/.*"panel":\[\([0-9]*\),\([0-9]*\)\],"depths":\[\([0-9]*\),\([0-9]*\)\].*/\1 \2 \3 \4/p')
    # shellcheck disable=SC2086
    set -- $box
    [ "$#" -eq 4 ] || fail "n=$n: no boxes: $result"
    if [ "$3" -lt "$1" ] || [ "$4" -gt "$2" ]; then
        fail "n=$n, $width px: the table of depths [$3, $4] leaves its panel [$1, $2]"
    fi
    labels=$(field "$result" labels)
    [ "$(field "$result" labelsInView)" = "$labels" ] ||
        fail "n=$n, $width px: labels out of view: $result"
    # The check means something: at 8 beside the board the tree does
    # scroll sideways, and at 20 the table is wider than its panel.
    if [ "$run" = 8:1300 ]; then
        [ "$(field "$result" treeScrolled)" -gt 0 ] || fail "n=8: the tree did not scroll: $result"
        [ "$labels" -gt 1000 ] || fail "n=8: $labels labels: $result"
    fi
    if [ "$run" = 20:1300 ]; then
        [ "$(field "$result" depthsTable)" -gt $(($2 - $1)) ] ||
            fail "n=20: the table fits its panel, nothing to scroll: $result"
    fi
done
pass
