#!/bin/sh
# The README's examples of `nqueens solve` run as written and print what the
# README shows, so that the documentation cannot drift from the tool.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
need_tool xmllint libxml2-utils

mkdir "$TMP/bin"
ln -s "$NQUEENS" "$TMP/bin/nqueens"
# The console block of the section, as "$ command" lines and output lines.
awk '/^## Solutions as a stream/ { in_section = 1; next }
     in_section && /^## / { exit }
     in_section && /^```console/ { in_block = 1; next }
     in_block && /^```/ { exit }
     in_block { print }' "$NQ_SOURCE_DIR/README.md" > "$TMP/block"
[ -s "$TMP/block" ] || fail "no console block in the README's solve section"

# Splits the block into one script and one expected output per command.
awk -v dir="$TMP" '
    /^\$ / { count++; cmd = dir "/cmd" count; sub(/^\$ /, ""); print > cmd; close(cmd); printf "" > (dir "/want" count); next }
    { want = dir "/want" count; print >> want; close(want) }
    END { print count > (dir "/count") }' "$TMP/block"
count=$(cat "$TMP/count")
[ "$count" -ge 5 ] || fail "only $count examples found"
i=1
while [ "$i" -le "$count" ]; do
    (cd "$TMP" && PATH="$TMP/bin:$PATH" sh "$TMP/cmd$i") > "$TMP/got$i" ||
        fail "README example failed: $(cat "$TMP/cmd$i")"
    cmp -s "$TMP/want$i" "$TMP/got$i" ||
        fail "README example prints something else: $(cat "$TMP/cmd$i")"
    i=$((i + 1))
done
xmllint --noout "$TMP/queens8.svg" || fail "README's SVG example"
pass
