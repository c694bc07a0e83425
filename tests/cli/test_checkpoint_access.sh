#!/bin/sh
# A checkpoint that cannot be used says why: a symbolic link to a file
# that does not exist is named as such (not "does its directory exist?"),
# and a file the user may not read (status) or not read and write (count)
# gets the system's reason, for the command that only reads as "read".
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

ln -s "$TMP/missing/x.db" "$TMP/dangling.db"
expect_exit 2 "$NQUEENS" count 9 --checkpoint "$TMP/dangling.db" --quiet
grep -q "checkpoint '$TMP/dangling.db' is a symbolic link to a file that does not exist" "$TMP/stderr" ||
    fail "dangling link: $(cat "$TMP/stderr")"

"$NQUEENS" count 9 --checkpoint "$TMP/c9.db" --quiet > /dev/null || fail "count 9"
# Root may read any file: as an unprivileged user where the system has one.
as_user() {
    if [ "$(id -u)" != 0 ]; then
        "$@"
    elif command -v setpriv > /dev/null && id nobody > /dev/null 2>&1; then
        setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
    else
        return 99
    fi
}
chmod 755 "$TMP"
tool=${NQ_MEMCHECK_TOOL:-$NQUEENS}
chmod 000 "$TMP/c9.db"
got=0
as_user "$tool" status "$TMP/c9.db" > "$TMP/out" 2> "$TMP/err" || got=$?
if [ "$got" != 99 ]; then
    [ "$got" = 2 ] || fail "status of an unreadable file: exit $got"
    grep -q "cannot read checkpoint '$TMP/c9.db': Permission denied" "$TMP/err" ||
        fail "status message: $(cat "$TMP/err")"
    chmod 444 "$TMP/c9.db"
    got=0
    as_user "$tool" count 9 --checkpoint "$TMP/c9.db" > "$TMP/out" 2> "$TMP/err" || got=$?
    [ "$got" = 2 ] || fail "count on a read-only file: exit $got"
    grep -q "cannot read and write checkpoint '$TMP/c9.db': Permission denied" "$TMP/err" ||
        fail "count message: $(cat "$TMP/err")"
    # A file that may be written in a folder that may not: SQLite could
    # not make its journal there, so the count is refused before it
    # counts, the folder named (not "disk full or file not writable?").
    mkdir "$TMP/ro"
    "$NQUEENS" count 9 --checkpoint "$TMP/ro/c9.db" --quiet > /dev/null || fail "count 9 in ro"
    chmod 666 "$TMP/ro/c9.db"
    chmod 555 "$TMP/ro"
    got=0
    as_user "$tool" count 9 --checkpoint "$TMP/ro/c9.db" > "$TMP/out" 2> "$TMP/err" || got=$?
    chmod 755 "$TMP/ro"
    [ "$got" = 2 ] || fail "count in a read-only folder: exit $got"
    grep -qx "nqueens: error: cannot save checkpoint '$TMP/ro/c9.db': its folder '[^']*/ro' may not be written (SQLite keeps its journal there while it saves): Permission denied" \
        "$TMP/err" || fail "count in a read-only folder: $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "count in a read-only folder printed: $(cat "$TMP/out")"
fi
pass
