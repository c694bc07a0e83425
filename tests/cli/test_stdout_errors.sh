#!/bin/sh
# What is printed with stdio (help, --version, the device list) fails as
# the data do when standard output cannot be written: a full disk or a
# closed standard output is exit 2 with "cannot write standard output",
# never a silent 0. --list-devices writes to -o FILE too. A closed
# standard error or input is never taken for a file the tool opens.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

full_is_refused() {
    got=0
    "$@" > /dev/full 2> "$TMP/err" || got=$?
    [ "$got" = 2 ] || fail "$* > /dev/full exited $got"
    grep -q "^nqueens: error: cannot write standard output: No space left on device" "$TMP/err" ||
        fail "$* > /dev/full: $(cat "$TMP/err")"
}
closed_is_refused() {
    got=0
    "$@" >&- 2> "$TMP/err" || got=$?
    [ "$got" = 2 ] || fail "$* >&- exited $got"
    grep -q "^nqueens: error: cannot write standard output" "$TMP/err" ||
        fail "$* >&-: $(cat "$TMP/err")"
}

if [ -w /dev/full ]; then
    full_is_refused "$NQUEENS" --help
    full_is_refused "$NQUEENS" --version
    full_is_refused "$NQUEENS" help count
    full_is_refused "$NQUEENS" solve --help
fi
# Under `make memcheck` $NQUEENS is a valgrind wrapper, whose own files
# take the closed descriptor 1, and the device list loads the OpenCL
# drivers, whose loader valgrind reports (test_gpu is left out of it for
# that): the tool itself runs these.
tool=${NQ_MEMCHECK_TOOL:-$NQUEENS}
closed_is_refused "$tool" --version
closed_is_refused "$tool" count --help

# A closed standard error is no place for a file: the -o file the tool
# opens would take descriptor 2 and the progress line would be written
# into it. It holds the count alone, and a closed standard input is no
# file to read either.
"$tool" count 12 --progress -o "$TMP/closed.txt" 2>&- ||
    fail "count --progress -o with standard error closed"
head -1 "$TMP/closed.txt" | grep -qx 'n        12' &&
    ! grep -q nqueens "$TMP/closed.txt" ||
    fail "standard error closed: the -o file holds $(cat "$TMP/closed.txt")"
got=0
"$tool" verify -o "$TMP/verdict" <&- 2> "$TMP/err" || got=$?
[ "$got" = 2 ] || fail "verify with standard input closed exited $got"
grep -q "^nqueens: error: standard input: read error: Bad file descriptor" "$TMP/err" ||
    fail "verify with standard input closed: $(cat "$TMP/err")"

# The device list, where this build has devices to list.
got=0
"$tool" count --list-devices > "$TMP/devices" 2> /dev/null || got=$?
if [ "$got" = 0 ] && [ -s "$TMP/devices" ]; then
    expect_exit 0 "$tool" count --list-devices -o "$TMP/listed"
    [ ! -s "$TMP/stdout" ] || fail "--list-devices -o wrote to stdout too"
    cmp -s "$TMP/devices" "$TMP/listed" || fail "--list-devices -o: $(cat "$TMP/listed")"
    [ ! -w /dev/full ] || full_is_refused "$tool" count --list-devices
fi
pass
