#!/bin/sh
# The step column of the text trace is as wide as the largest step the
# trace can print, at least 7 (trace 13 reaches step 10^7, where a column
# of 7 pushed every later column one place right): the whole search of N
# (its summary's steps) or --max-steps K, or 20 digits (any 64-bit step)
# where neither bounds it; event lines and the boards of --board keep the
# header's columns.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# event_at: the 1-based column where the header's "event" starts.
event_at() {
    head -1 | awk '{ print index($0, "event") }'
}

# expected_at DIGITS: where "event" starts for a step column of DIGITS.
expected_at() {
    [ "$1" -lt 7 ] && set -- 7
    echo $(($1 + 2))
}

# The whole search bounds the steps: up to N = 13, the table the tool
# keeps must hold each whole trace's steps.
for n in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
    steps=$("$NQUEENS" trace "$n" --summary | awk '$1 == "steps" { print $2 }')
    at=$("$NQUEENS" trace "$n" --first | event_at)
    [ "$at" = "$(expected_at ${#steps})" ] ||
        fail "trace $n: event at column $at, for $steps steps"
done

# --max-steps bounds it; beyond N = 15 without it, any 64-bit step.
at=$("$NQUEENS" trace 20 --max-steps 123456789 | event_at)
[ "$at" = 11 ] || fail "trace 20 --max-steps 123456789: event at column $at"
at=$("$NQUEENS" trace 12 --max-steps 9999999 | event_at)
[ "$at" = 9 ] || fail "trace 12 --max-steps 9999999: event at column $at"
at=$("$NQUEENS" trace 16 --first | event_at)
[ "$at" = 22 ] || fail "trace 16 --first: event at column $at"

# With a wide step column every event line and every board line starts
# its event, or its first cell, at the header's "event".
"$NQUEENS" trace 20 --max-steps 100000000 --board 2> /dev/null |
    head -2000 > "$TMP/trace"
awk 'NR == 1 { at = index($0, "event"); next }
     /^Summary/ { exit }
     /^[0-9]/ { if (match(substr($0, at), /^(place|conflict|backtrack|solution) /) == 0)
                    { print "line " NR ": " $0; bad = 1; exit } }
     /^ +[Qx.]/ { if (match($0, /[^ ]/) != at) { print "line " NR ": " $0; bad = 1; exit } }
     END { exit bad }' "$TMP/trace" > "$TMP/bad" ||
    fail "trace 20 --max-steps 100000000 --board: misaligned $(cat "$TMP/bad")"
[ "$(event_at < "$TMP/trace")" = 11 ] || fail "trace 20 --max-steps 100000000: $(head -1 "$TMP/trace")"
grep -q '^100 ' "$TMP/trace" || fail "trace 20 --board: no step 100"
