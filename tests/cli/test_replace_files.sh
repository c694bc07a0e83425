#!/bin/sh
# merge -o FILE and count --census FILE replace their file as -o of the
# writers does (tests/cli/test_writer_existing.sh): a symbolic link is
# written through to its target and stays a link, an existing file keeps
# its mode, a file the user may not write is refused and left as it was;
# and, as both write database-like files renamed into place, a FIFO or
# another non-regular file is refused rather than replaced (exit 2).
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

for k in 1 2; do
    "$NQUEENS" count 9 --part $k/2 --checkpoint "$TMP/p$k.db" --quiet > /dev/null ||
        fail "part $k/2"
done
merged_total() {
    "$NQUEENS" merge "$1" > "$TMP/merged" || fail "merge of $1: $(cat "$TMP/merged")"
    grep -qx "total    352" "$TMP/merged" || fail "merged $1: $(cat "$TMP/merged")"
}

# merge -o through a chain of links (one relative, the last dangling).
mkdir "$TMP/real" "$TMP/links"
ln -s ../real/merged.db "$TMP/links/rel"
ln -s "$TMP/links/rel" "$TMP/links/chain"
expect_exit 0 "$NQUEENS" merge -o "$TMP/links/chain" "$TMP/p1.db" "$TMP/p2.db"
[ -L "$TMP/links/chain" ] && [ -L "$TMP/links/rel" ] || fail "merge -o replaced a link"
merged_total "$TMP/real/merged.db"

# The mode of an existing file is kept.
chmod 640 "$TMP/real/merged.db"
expect_exit 0 "$NQUEENS" merge -o "$TMP/links/chain" "$TMP/p1.db" "$TMP/p2.db"
[ "$(stat -c %a "$TMP/real/merged.db")" = 640 ] ||
    fail "merge -o: mode 640 became $(stat -c %a "$TMP/real/merged.db")"

# A FIFO (as a device would be) is refused, and stays a FIFO.
mkfifo "$TMP/fifo"
expect_exit 2 "$NQUEENS" merge -o "$TMP/fifo" "$TMP/p1.db" "$TMP/p2.db"
grep -q "cannot write '$TMP/fifo': it is not a regular file" "$TMP/stderr" ||
    fail "merge -o FIFO: $(cat "$TMP/stderr")"
[ -p "$TMP/fifo" ] || fail "merge -o replaced the FIFO"
expect_exit 2 "$NQUEENS" merge -o "$TMP/real" "$TMP/p1.db" "$TMP/p2.db"
grep -q "cannot write '$TMP/real': it is a directory" "$TMP/stderr" ||
    fail "merge -o directory: $(cat "$TMP/stderr")"

# count --census: through a dangling link, and never over a FIFO.
ln -s ../real/census.bin "$TMP/links/census"
expect_exit 0 "$NQUEENS" count 12 --part 1/2 --checkpoint "$TMP/c1.db" \
    --census "$TMP/links/census" --quiet
[ -L "$TMP/links/census" ] || fail "--census replaced a link"
head -c 15 "$TMP/real/census.bin" | grep -q "nqueens census" || fail "census not written through the link"
expect_exit 2 "$NQUEENS" count 12 --part 1/2 --checkpoint "$TMP/c2.db" \
    --census "$TMP/fifo" --quiet
grep -q "census '$TMP/fifo' is not a regular file" "$TMP/stderr" ||
    fail "--census FIFO: $(cat "$TMP/stderr")"
[ -p "$TMP/fifo" ] || fail "--census replaced the FIFO"

# A file the user may not write is refused and left unchanged (root may
# write any file: as an unprivileged user where the system has one).
cp "$TMP/real/merged.db" "$TMP/readonly.db"
chmod 444 "$TMP/readonly.db"
before=$(cksum < "$TMP/readonly.db")
if [ "$(id -u)" != 0 ]; then
    expect_exit 2 "$NQUEENS" merge -o "$TMP/readonly.db" "$TMP/p1.db" "$TMP/p2.db"
    err="$TMP/stderr"
elif command -v setpriv > /dev/null && id nobody > /dev/null 2>&1; then
    chmod 777 "$TMP"
    chmod 644 "$TMP/p1.db" "$TMP/p2.db"
    tool=${NQ_MEMCHECK_TOOL:-$NQUEENS}
    got=0
    setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$tool" merge -o "$TMP/readonly.db" "$TMP/p1.db" "$TMP/p2.db" > "$TMP/out" 2> "$TMP/err" || got=$?
    [ "$got" = 2 ] || fail "merge -o read-only file as nobody: exit $got $(cat "$TMP/err")"
    err="$TMP/err"
else
    err=""
fi
if [ -n "$err" ]; then
    grep -q "cannot write '$TMP/readonly.db': it is read-only for you" "$err" ||
        fail "read-only message: $(cat "$err")"
    [ "$(cksum < "$TMP/readonly.db")" = "$before" ] || fail "read-only file changed"
fi
[ -z "$(find "$TMP" -name '*merging*' -o -name '*writing*')" ] || fail "temporary file left behind"
pass
