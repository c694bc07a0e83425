#!/bin/sh
# nqueens trace --tree: the search tree against an independent count (awk
# enumerates the consistent partial placements at each depth: depth d
# visits n times the placements of depth d - 1), against the trace itself
# (the same squares in the same order as its place and conflict events),
# and in JSON (every node's parent is the queen placed in the row above,
# and its vector extends the parent's). --first and --max-steps cut the
# tree where they cut the trace.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# independent_depths N: a line "d visited placed" per depth d = 0..N
# (depth 0: the root).
independent_depths() {
    awk -v n="$1" '
        function ok(k,   a) {
            for (a = 1; a < k; a++)
                if (q[a] == q[k] || q[a] - q[k] == k - a || q[k] - q[a] == k - a)
                    return 0
            return 1
        }
        function walk(k,   c) {
            if (k > n) return
            for (c = 1; c <= n; c++) {
                q[k] = c
                if (ok(k)) { placed[k]++; walk(k + 1) }
            }
        }
        BEGIN {
            walk(1)
            prev = 1
            print 0, 1, 1  # the root, the empty board
            for (d = 1; d <= n; d++) {
                print d, n * prev, placed[d] + 0
                prev = placed[d] + 0
            }
        }'
}

for n in 4 5 6 7; do
    "$NQUEENS" trace --tree "$n" > "$TMP/tree.txt" || fail "trace --tree $n"
    "$NQUEENS" trace "$n" > "$TMP/trace.txt" || fail "trace $n"
    # The squares of the tree, in order, are the trace's squares tried.
    grep '^ *(' "$TMP/tree.txt" | sed 's/^ *\(([0-9]*,[0-9]*)\).*/\1/' > "$TMP/tree-squares"
    awk '$2 == "place" || $2 == "conflict" { print $3 }' "$TMP/trace.txt" > "$TMP/trace-squares"
    cmp -s "$TMP/tree-squares" "$TMP/trace-squares" ||
        fail "n=$n: the tree's squares differ from the trace's"
    # Indentation: two spaces for each row above the square's.
    awk '/^ *\(/ { match($0, /^ */); split(substr($0, RLENGTH + 2), rc, /[,)]/)
                    if (RLENGTH != 2 * (rc[1] - 1)) { print; exit 1 } }' \
        "$TMP/tree.txt" > /dev/null || fail "n=$n: indentation"
    # The summary's depths against the independent enumeration.
    independent_depths "$n" > "$TMP/want"
    awk '/^  depth/ { on = 1; next } on && $1 ~ /^[0-9]+$/ { print $1, $2, $3 }' \
        "$TMP/tree.txt" > "$TMP/got"
    cmp -s "$TMP/want" "$TMP/got" || fail "n=$n: depths $(tr '\n' ';' < "$TMP/got"), want $(tr '\n' ';' < "$TMP/want")"
    # Solutions: the published total, numbered in order.
    total=$(published_total "$n")
    [ "$(grep -c ' solution [0-9]*$' "$TMP/tree.txt")" = "$total" ] ||
        fail "n=$n: solutions in the tree"
    grep -q "^  solutions $total;" "$TMP/tree.txt" || fail "n=$n: summary's solutions"

    # JSON: node numbers 1, 2, ...; a parent is an earlier place node one
    # row up whose queens are a prefix of the node's.
    "$NQUEENS" trace --tree --json "$n" > "$TMP/tree.json" || fail "--tree --json $n"
    [ "$(wc -l < "$TMP/tree.json")" = "$(wc -l < "$TMP/trace-squares")" ] ||
        fail "n=$n: JSON nodes"
    sed 's/"with":{[^}]*},//; s/[{}"]//g; s/\[/ /; s/\]//' "$TMP/tree.json" | awk -F'[:, ]' '
        { for (i = 1; i < NF; i++) v[$i] = $(i + 1)
          node = v["node"]; parent = v["parent"]; row = v["row"]
          if (node != NR) { print "node " node " at line " NR; exit 1 }
          q = $0; sub(/.*queens: */, "", q); gsub(/ /, "", q)
          if (parent == 0) {
              if (row != 1) { print "root child in row " row; exit 1 }
          } else {
              if (!(parent in placedrow) || placedrow[parent] != row - 1) {
                  print "node " node ": parent " parent; exit 1 }
              if (index(q, queens[parent]) != 1) { print "node " node ": vector"; exit 1 }
          }
          if (v["verdict"] != "conflict") { placedrow[node] = row; queens[node] = q }
        }' > "$TMP/json-check" || fail "n=$n: JSON tree: $(cat "$TMP/json-check")"
done

# --first and --max-steps: the nodes among the trace's first steps.
"$NQUEENS" trace --tree --first 8 > "$TMP/first.txt"
"$NQUEENS" trace --first 8 > "$TMP/first-trace.txt"
[ "$(grep -c '^ *(' "$TMP/first.txt")" = "$(grep -Ec '^[0-9]+ +(place|conflict) ' "$TMP/first-trace.txt")" ] ||
    fail "--first: node count"
tail -n 12 "$TMP/first.txt" | grep -q '^  solutions 1;' || fail "--first: one solution"
grep -q 'stopped at the first solution' "$TMP/first.txt" || fail "--first: summary"
"$NQUEENS" trace --tree --json --max-steps 50 6 > "$TMP/short.json"
want=$("$NQUEENS" trace --json --max-steps 50 6 | grep -Ec '"event":"(place|conflict)"')
[ "$(wc -l < "$TMP/short.json")" = "$want" ] || fail "--max-steps: node count"

# The figures of the full tree stay exact where 64 bits do not hold them:
# 64^64 (116 digits) and 64! at depth 64.
"$NQUEENS" trace --tree --max-steps 1 64 > "$TMP/big.txt"
grep -q '^  64  .* 39402006196394479212279040100143613805079739270465446667948293404245721771497210611414266254884915640806627990306816  126886932185884164103433389335161480802865516174545192198801894375214704230400000000000000$' "$TMP/big.txt" ||
    fail "n=64: depth 64's figures: $(grep '^  64 ' "$TMP/big.txt")"
pass
