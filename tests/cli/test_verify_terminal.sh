#!/bin/sh
# nqueens verify reading from a terminal (util-linux script gives it one):
# each placement gets its verdict as soon as it ends, a vector at the end
# of its line and a board at its last row, while the terminal stays open
# (it was judged only when the next record began, or at Ctrl-D); Ctrl-D
# then ends the session with the closing line of the placements typed
# (none for one) and the exit status of them all.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
need_tool script bsdutils

# start: runs verify on a terminal whose keys are written to fd 3.
start() {
    rm -f "$TMP/keys"
    mkfifo "$TMP/keys"
    script -qec "'$NQUEENS' verify" /dev/null < "$TMP/keys" > "$TMP/screen" 2>&1 &
    session=$!
    exec 3> "$TMP/keys"
}

# shown COUNT TEXT: waits (60 s at most) until the screen holds COUNT lines
# with TEXT; the keyboard stays open meanwhile.
shown() {
    tries=0
    until [ "$(grep -c "$2" "$TMP/screen")" -ge "$1" ]; do
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "no '$2' (x$1) within 60 s: $(cat "$TMP/screen")"
        kill -0 "$session" 2> /dev/null || fail "verify ended: $(cat "$TMP/screen")"
        sleep 0.05
    done
}

# finish STATUS: Ctrl-D, then verify must exit with STATUS.
finish() {
    printf '\004' >&3
    exec 3>&-
    status=0
    wait "$session" || status=$?
    [ "$status" = "$1" ] || fail "exit status $status, expected $1: $(cat "$TMP/screen")"
}

start
printf '2 4 1 3\n' >&3
shown 1 '^valid: 4 queens'
printf '1 2 3\n' >&3
shown 1 '^invalid: 3 pairs of queens attack each other'
finish 1
grep -q '^2 placements: 1 valid, 1 invalid; ' "$TMP/screen" ||
    fail "no closing line: $(cat "$TMP/screen")"

start
printf '. Q . .\n. . . Q\nQ . . .\n. . Q .\n' >&3
shown 1 '^valid: 4 queens'
finish 0
! grep -q 'placements:' "$TMP/screen" || fail "a closing line for one: $(cat "$TMP/screen")"
