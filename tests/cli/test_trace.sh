#!/bin/sh
# nqueens trace: for n = 4..8 the event counts against an independent count
# (an awk enumeration of the consistent partial placements) and the
# published totals; every JSON line against the schema of its event; the
# options that stop, draw and write files; the animation on a pseudo
# terminal, including Ctrl-C.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# independent_counts N: "PREFIXES SOLUTIONS", by trying every column of the
# next row of each consistent prefix (awk, sharing nothing with the tool).
independent_counts() {
    awk -v n="$1" '
        function ok(k,   a) {
            for (a = 1; a < k; a++)
                if (q[a] == q[k] || q[a] - q[k] == k - a || q[k] - q[a] == k - a)
                    return 0
            return 1
        }
        function walk(k,   c) {
            if (k > n) { solutions++; return }
            for (c = 1; c <= n; c++) {
                q[k] = c
                if (ok(k)) { prefixes++; walk(k + 1) }
            }
        }
        BEGIN { walk(1); print prefixes + 0, solutions + 0 }'
}

# The JSON schema: one object a line, keys in this order, 1-based numbers.
num='[1-9][0-9]*'
vec="\\[($num(,$num)*)?\\]"
place="^\\{\"event\":\"place\",\"step\":$num,\"row\":$num,\"col\":$num,\"queens\":$vec\\}\$"
conflict="^\\{\"event\":\"conflict\",\"step\":$num,\"row\":$num,\"col\":$num,\"constraint\":\"(column|diagonal|anti-diagonal)\",\"with\":\\{\"row\":$num,\"col\":$num\\},\"queens\":$vec\\}\$"
backtrack="^\\{\"event\":\"backtrack\",\"step\":$num,\"row\":$num,\"queens\":$vec\\}\$"
solution="^\\{\"event\":\"solution\",\"step\":$num,\"index\":$num,\"queens\":$vec\\}\$"

for n in 4 5 6 7 8; do
    set -- $(independent_counts "$n")
    prefixes=$1
    solutions=$2
    [ "$solutions" = "$(published_total "$n")" ] || fail "awk oracle for $n"

    "$NQUEENS" trace --json "$n" > "$TMP/json" || fail "trace --json $n"
    lines=$(wc -l < "$TMP/json")
    good=$(grep -cE "$place|$conflict|$backtrack|$solution" "$TMP/json" || true)
    [ "$good" = "$lines" ] || {
        grep -vE "$place|$conflict|$backtrack|$solution" "$TMP/json" | head -3
        fail "n=$n: $((lines - good)) JSON lines break the schema"
    }
    # Steps are numbered 1, 2, ... without gaps.
    awk -F'"step":' '{ split($2, a, ","); if (a[1] != NR) { print NR; exit 1 } }' \
        "$TMP/json" || fail "n=$n: step numbers"
    got=$(grep -c '"event":"place"' "$TMP/json")
    [ "$got" = "$prefixes" ] || fail "n=$n: $got place events, $prefixes consistent partial placements"
    got=$(grep -c '"event":"solution"' "$TMP/json")
    [ "$got" = "$solutions" ] || fail "n=$n: $got solution events, expected $solutions"

    # The text trace says the same, and its summary adds it up.
    "$NQUEENS" trace "$n" > "$TMP/text" || fail "trace $n"
    got=$(grep -c '^[0-9]* *place ' "$TMP/text")
    [ "$got" = "$prefixes" ] || fail "n=$n text: $got placements"
    grep -q "^  placements   $prefixes " "$TMP/text" || fail "n=$n: summary placements"
    grep -q "^  solutions    $solutions\$" "$TMP/text" || fail "n=$n: summary solutions"
    [ "$(grep -c '^[0-9]' "$TMP/text")" = "$lines" ] || fail "n=$n: text and JSON differ in length"
done

# The conflict names a queen of the vector that stands on the named line.
"$NQUEENS" trace --json 6 | awk '
    /"event":"conflict"/ {
        match($0, /"row":[0-9]+,"col":[0-9]+/); split(substr($0, RSTART, RLENGTH), s, /[:,]/)
        r = s[2]; c = s[4]
        match($0, /"with":\{"row":[0-9]+,"col":[0-9]+/); split(substr($0, RSTART, RLENGTH), w, /[:,]/)
        qr = w[3]; qc = w[5]
        match($0, /"queens":\[[0-9,]*/); split(substr($0, RSTART + 10, RLENGTH - 10), v, ",")
        if (v[qr] != qc) { print "not in the vector: " $0; exit 1 }
        if ($0 ~ /"column"/ && c != qc) { print "column: " $0; exit 1 }
        if ($0 ~ /"diagonal"/ && r - c != qr - qc) { print "diagonal: " $0; exit 1 }
        if ($0 ~ /"anti-diagonal"/ && r + c != qr + qc) { print "anti-diagonal: " $0; exit 1 }
    }' || fail "conflicts name their attacker"

# --first stops at the first solution: the textbooks' 1 5 8 6 3 7 2 4.
"$NQUEENS" trace --json --first 8 > "$TMP/first"
tail -1 "$TMP/first" | grep -q '"event":"solution".*"queens":\[1,5,8,6,3,7,2,4\]' ||
    fail "--first"
[ "$(grep -c solution "$TMP/first")" = 1 ] || fail "--first: one solution"

# --max-steps K: exactly K events, and the summary says why it stopped.
[ "$("$NQUEENS" trace --json --max-steps 25 8 | wc -l)" = 25 ] || fail "--max-steps json"
"$NQUEENS" trace --max-steps 25 8 > "$TMP/max"
[ "$(grep -c '^[0-9]' "$TMP/max")" = 25 ] || fail "--max-steps text"
grep -q 'stopped after 25 steps' "$TMP/max" || fail "--max-steps summary"
# A limit beyond the search's end does not claim a stop.
"$NQUEENS" trace --max-steps 77 4 | grep -q '(the whole search)' || fail "--max-steps at the end"

# --board: one board after each placement, n rows of n cells.
"$NQUEENS" trace --board 5 > "$TMP/board"
places=$(grep -c '^[0-9]* *place ' "$TMP/board")
boards=$(grep -cE '^        [Qx.]( [Qx.]){4}$' "$TMP/board")
[ "$boards" = $((places * 5)) ] || fail "--board: $boards board lines for $places placements"
grep -q 'brute force  3125 leaves with one queen a row (5^5), 120 with one a row and a column (5!)' \
    "$TMP/board" || fail "brute force line"
# Brute force beyond 64 bits is exact, never wrapped: 20^20 and 20!.
"$NQUEENS" trace --max-steps 1 20 | grep -q '104857600000000000000000000 leaves .* 2432902008176640000 with' ||
    fail "brute force for 20"

# -o writes the file whole; a full disk is an error.
"$NQUEENS" trace -o "$TMP/out.txt" 4 || fail "-o"
cmp -s "$TMP/out.txt" "$NQ_SOURCE_DIR/tests/cli/cases/trace-4/stdout" || fail "-o content"
status=0
"$NQUEENS" trace 6 > /dev/full 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "/dev/full: exit $status"
grep -q 'No space left' "$TMP/err" || fail "/dev/full message"
"$NQUEENS" trace --help | grep -q '^Usage: nqueens trace' || fail "--help"

# --animate on a pseudo terminal (util-linux script): frames drawn in place,
# the summary at the end, and Ctrl-C stops it cleanly with status 130.
command -v script > /dev/null 2>&1 || fail "script(1) is missing (Debian package bsdutils)"
script -qec "NO_COLOR= '$NQUEENS' trace --animate --delay 0 --max-steps 30 5" \
    "$TMP/typescript" > /dev/null 2>&1 || fail "--animate exited $?"
grep -q "$(printf '\033\\[H')" "$TMP/typescript" || fail "--animate: no redraw"
grep -q 'stopped after 30 steps' "$TMP/typescript" || fail "--animate: summary"
grep -q "$(printf '\033\\[?25h')" "$TMP/typescript" || fail "--animate: cursor"

# From 10 on the column numbers stand in two rows (tens over units), one
# digit a cell; a terminal too small for the frame (as it reports its size,
# else as $LINES and $COLUMNS say) is refused with what it needs.
script -qec "stty rows 40 cols 80; NO_COLOR=1 '$NQUEENS' trace --animate --delay 0 --max-steps 2 12" \
    "$TMP/labels" > /dev/null 2>&1 || fail "--animate 12 exited $?"
grep -q "^                       1 1 1 $(printf '\033')" "$TMP/labels" || fail "--animate 12: tens row"
grep -q "^     1 2 3 4 5 6 7 8 9 0 1 2 $(printf '\033')" "$TMP/labels" || fail "--animate 12: units row"
status=0
script -qec "stty rows 40 cols 80; '$NQUEENS' trace --animate --delay 0 50" \
    "$TMP/narrow" > /dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "--animate 50 on 80 columns: exit $status"
grep -q "nqueens: error: --animate: a board of 50 needs a terminal of 61 rows and 152 columns, this one has 40 and 80; enlarge it, or use --board" \
    "$TMP/narrow" || fail "--animate 50: message"
# Up to 12 the columns needed are the widest line of the run: 4 fits in 60
# (it was refused, "72 columns", though no line of it passes 52), and the
# counters of the whole search of 12 take 77 (76 columns were taken, and
# its counters line wrapped after some million steps, scrolling the frame).
script -qec "stty rows 30 cols 60; NO_COLOR=1 '$NQUEENS' trace --animate --delay 0 --max-steps 5 4" \
    "$TMP/sixty" > /dev/null 2>&1 || fail "--animate 4 on 60 columns: exit $?: $(tail -c 300 "$TMP/sixty")"
grep -q 'stopped after 5 steps' "$TMP/sixty" || fail "--animate 4 on 60 columns: no summary"
status=0
timeout 60 script -qec "stty rows 40 cols 76; '$NQUEENS' trace --animate --delay 0 12" \
    "$TMP/wide" > /dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "--animate 12 on 76 columns: exit $status"
grep -q "a board of 12 needs a terminal of 23 rows and 78 columns, this one has 40 and 76" \
    "$TMP/wide" || fail "--animate 12 on 76 columns: $(tail -c 300 "$TMP/wide")"
status=0
script -qec "stty rows 0 cols 0; COLUMNS=60 LINES=50 '$NQUEENS' trace --animate --delay 0 30" \
    "$TMP/columns" > /dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "--animate 30 with COLUMNS=60: exit $status"
grep -q "needs a terminal of 41 rows and 92 columns, this one has 50 and 60" \
    "$TMP/columns" || fail "--animate: \$COLUMNS not read"

# Ctrl-C (SIGINT), SIGTERM and SIGHUP end the animation with the cursor
# back, the summary and 128 + the signal. (A script's background command
# starts with SIGINT ignored, which the tool leaves ignored: env gives the
# run its default action, as on a terminal.) The signal goes once the tool
# catches them: sent before, on a slow machine, it would meet the default
# action and end the run without its summary.
for sig in INT:130 TERM:143 HUP:129; do
    rm -f "$TMP/pid"
    script -qec "sh -c 'echo \$\$ > \"$TMP/pid\"; exec env --default-signal=INT \"$NQUEENS\" trace --animate --delay 300 8'" \
        "$TMP/interrupted" > /dev/null 2>&1 &
    script_pid=$!
    tries=0
    while [ ! -s "$TMP/pid" ]; do
        kill -0 "$script_pid" 2> /dev/null || fail "SIG${sig%:*}: the animation ended before it started"
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "SIG${sig%:*}: the animation did not start within 60 s"
        sleep 0.05
    done
    wait_catching "$(cat "$TMP/pid")"
    kill -"${sig%:*}" "$(cat "$TMP/pid")"
    status=0
    wait "$script_pid" || status=$?
    [ "$status" = "${sig#*:}" ] || fail "SIG${sig%:*}: exit $status, expected ${sig#*:}"
    grep -q '(interrupted)' "$TMP/interrupted" || fail "SIG${sig%:*}: summary"
    grep -q "$(printf '\033\\[?25h')" "$TMP/interrupted" || fail "SIG${sig%:*}: cursor back"
done

# The README's trace examples are run: each console block that starts with
# "$ nqueens trace" shows exactly what the command prints (standard output
# and error together).
awk -v dir="$TMP" '
    /^```console$/ { inside = 1; next }
    /^```$/ { inside = 0; out = ""; next }
    inside && /^\$ nqueens trace / { blocks++; out = dir "/readme." blocks; print substr($0, 11) > (out ".args"); next }
    inside && out != "" { print > (out ".want") }
    END { print blocks + 0 > (dir "/readme.count") }' "$NQ_SOURCE_DIR/README.md"
[ "$(cat "$TMP/readme.count")" -ge 2 ] || fail "README: trace examples not found"
i=1
while [ -f "$TMP/readme.$i.args" ]; do
    # shellcheck disable=SC2046
    "$NQUEENS" $(cat "$TMP/readme.$i.args") > "$TMP/readme.$i.got" 2>&1 || fail "README example $i"
    cmp -s "$TMP/readme.$i.want" "$TMP/readme.$i.got" ||
        fail "README example '$(cat "$TMP/readme.$i.args")' differs: $(diff "$TMP/readme.$i.want" "$TMP/readme.$i.got" | head -5)"
    i=$((i + 1))
done
pass
