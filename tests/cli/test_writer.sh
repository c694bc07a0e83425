#!/bin/sh
# -o FILE: a device is written in place (never replaced by a renamed
# temporary file), a directory is refused, and a failed write leaves no file.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

expect_exit 2 "$NQUEENS" trace 4 -o /dev/full
grep -q "cannot write '/dev/full': No space left on device" "$TMP/stderr" || fail "/dev/full message"
[ -c /dev/full ] || fail "/dev/full is no longer a device"

expect_exit 0 "$NQUEENS" trace 4 -o /dev/null
[ -c /dev/null ] || fail "/dev/null is no longer a device"

expect_exit 2 "$NQUEENS" trace 4 -o "$TMP"
grep -q "it is a directory" "$TMP/stderr" || fail "directory message"

expect_exit 2 "$NQUEENS" trace 4 -o "$TMP/missing/dir/out.txt"
[ ! -e "$TMP/missing" ] || fail "left something behind"

expect_exit 0 "$NQUEENS" trace 4 -o "$TMP/out.txt"
[ -s "$TMP/out.txt" ] || fail "no output file"
[ -z "$(find "$TMP" -name '*.tmp-*')" ] || fail "temporary file left behind"
pass
