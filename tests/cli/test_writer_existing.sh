#!/bin/sh
# -o FILE onto an existing file, as an editor or cp does it: the file keeps
# its mode, a symbolic link is written through to its target (and stays a
# link), a file the user may not write is refused and left as it was, and
# the output is still whole or absent (a temporary file renamed in the
# target's folder).
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

expected=$("$NQUEENS" trace 4)

# The mode of an existing file is kept.
printf 'old\n' > "$TMP/private.txt"
chmod 600 "$TMP/private.txt"
expect_exit 0 "$NQUEENS" trace 4 -o "$TMP/private.txt"
[ "$(stat -c %a "$TMP/private.txt")" = 600 ] || fail "mode 600 became $(stat -c %a "$TMP/private.txt")"
[ "$(cat "$TMP/private.txt")" = "$expected" ] || fail "private.txt not rewritten"
chmod 640 "$TMP/private.txt"
expect_exit 0 "$NQUEENS" trace 4 -o "$TMP/private.txt"
[ "$(stat -c %a "$TMP/private.txt")" = 640 ] || fail "mode 640 not kept"

# A new file gets the usual mode (umask applies).
(umask 027 && "$NQUEENS" trace 4 -o "$TMP/new.txt") || fail "new file"
[ "$(stat -c %a "$TMP/new.txt")" = 640 ] || fail "new file mode $(stat -c %a "$TMP/new.txt")"

# A symbolic link is written through; relative and chained links too, and
# a link to a file not yet there creates that file.
mkdir "$TMP/real" "$TMP/links"
printf 'old\n' > "$TMP/real/target.txt"
chmod 604 "$TMP/real/target.txt"
ln -s ../real/target.txt "$TMP/links/rel"
ln -s "$TMP/links/rel" "$TMP/links/chain"
expect_exit 0 "$NQUEENS" trace 4 -o "$TMP/links/chain"
[ -L "$TMP/links/chain" ] && [ -L "$TMP/links/rel" ] || fail "a link was replaced"
[ "$(cat "$TMP/real/target.txt")" = "$expected" ] || fail "target not written"
[ "$(stat -c %a "$TMP/real/target.txt")" = 604 ] || fail "target mode not kept"
ln -s ../real/later.txt "$TMP/links/dangling"
expect_exit 0 "$NQUEENS" trace 4 -o "$TMP/links/dangling"
[ -L "$TMP/links/dangling" ] || fail "dangling link replaced"
[ "$(cat "$TMP/real/later.txt")" = "$expected" ] || fail "dangling target not created"
ln -s loop "$TMP/links/loop"
expect_exit 2 "$NQUEENS" trace 4 -o "$TMP/links/loop"
grep -q "cannot write '$TMP/links/loop': Too many levels of symbolic links" "$TMP/stderr" || fail "loop message: $(cat "$TMP/stderr")"

# A file the user may not write is refused and left unchanged. Root may
# write any file (as with cp), so this part runs as an unprivileged user
# where the system has one, and else only when the tests run as one.
printf 'keep\n' > "$TMP/readonly.txt"
chmod 444 "$TMP/readonly.txt"
refused() {
    grep -q "cannot write '$TMP/readonly.txt': it is read-only for you (Permission denied)" "$1" || fail "read-only message: $(cat "$1")"
    [ "$(cat "$TMP/readonly.txt")" = keep ] || fail "read-only file changed"
}
if [ "$(id -u)" != 0 ]; then
    expect_exit 2 "$NQUEENS" trace 4 -o "$TMP/readonly.txt"
    refused "$TMP/stderr"
elif command -v setpriv > /dev/null && id nobody > /dev/null 2>&1; then
    chmod 777 "$TMP"
    # Under `make memcheck` $NQUEENS is a valgrind wrapper whose log folder
    # nobody may not write: that user runs the tool itself.
    tool=${NQ_MEMCHECK_TOOL:-$NQUEENS}
    got=0
    setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$tool" trace 4 -o "$TMP/readonly.txt" > "$TMP/out" 2> "$TMP/err" || got=$?
    [ "$got" = 2 ] || fail "read-only file as nobody: exit $got"
    refused "$TMP/err"
    # ...and as that user a writable file of theirs is still written.
    got=0
    setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$tool" trace 4 -o "$TMP/mine.txt" > "$TMP/out" 2> "$TMP/err" || got=$?
    [ "$got" = 0 ] || fail "new file as nobody: exit $got $(cat "$TMP/err")"
fi
[ -z "$(find "$TMP" -name '*.tmp-*')" ] || fail "temporary file left behind"
pass
