#!/bin/sh
# count --part K/M --census FILE: the first part writes the census of the
# tops, the others read it, and the merged parts give the published
# counts; a census of two threads is read on one (its shares folded) and
# one of one thread on two (only its sums serve); a census whose counts
# are not the tops' (planted, with a valid check value) is caught by the
# build that reads it, exit 2 and nothing counted from it, nor kept in the
# checkpoint, so that deleting it and counting again goes on; a damaged, cut
# or foreign file, or one of another N, is refused with exit 2; --census
# needs --checkpoint; a census the count does not keep is not written, and
# a note says why.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/parts-lib.sh"

# plant_census IN OUT: OUT holds IN's entries in reverse order, with the
# check value made anew (FNV-1a over n, the entries' number and the
# entries, census_file.h): a well-formed census whose counts are wrong.
plant_census() {
    python3 - "$1" "$2" << 'EOF'
import struct, sys
data = open(sys.argv[1], 'rb').read()
head, entries = data[:40], data[40:]
n, = struct.unpack_from('<I', head, 16)
length, = struct.unpack_from('<Q', head, 24)
words = list(struct.unpack('<%dI' % length, entries))
words.reverse()
body = struct.pack('<%dI' % length, *words)
h = 0xcbf29ce484222325
for b in struct.pack('<IQ', n, length) + body:
    h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
open(sys.argv[2], 'wb').write(head[:32] + struct.pack('<Q', h) + body)
EOF
}

# The first part writes the census, the others read it.
parts_merge_published 12 3 -t 1 --census "$TMP/c12.bin"
[ -s "$TMP/c12.bin" ] || fail "no census written"
head -c 15 "$TMP/c12.bin" | grep -q "nqueens census" ||
    fail "census magic: $(head -c 16 "$TMP/c12.bin" | od -c | head -1)"
for left in "$TMP"/*writing*; do
    [ ! -e "$left" ] || fail "a census's temporary file was left: $left"
done
# Written by parts on two threads, read by parts on one (folded) and on
# two; written on one thread, read on two.
parts_merge_published 13 4 -t 2 --census "$TMP/c13-2.bin"
parts_merge_published 13 4 -t 1 --census "$TMP/c13-2.bin"
parts_merge_published 13 2 -t 1 --census "$TMP/c13-1.bin"
parts_merge_published 13 3 -t 2 --census "$TMP/c13-1.bin"
# A whole count in passes takes it too.
"$NQUEENS" count 13 -t 1 -q --checkpoint "$TMP/w13.db" \
    --census "$TMP/c13-1.bin" > "$TMP/out" || fail "whole count with --census"
grep -qx "total    $(published_total 13)" "$TMP/out" ||
    fail "whole count with --census: $(cat "$TMP/out")"

# A census beyond a sixteenth of --memory (N = 15 on two threads: more
# than 512K) is not kept, so not written: said, but not with --quiet.
"$NQUEENS" count 15 -t 2 -m 8M --part 1/4 --checkpoint "$TMP/big.db" \
    --census "$TMP/big.bin" > /dev/null 2> "$TMP/err" || fail "count 15 in 8M"
[ ! -e "$TMP/big.bin" ] || fail "a census beyond a sixteenth of 8M was written"
grep -q "^nqueens: census '$TMP/big.bin' not written: it would take more than a sixteenth of the memory budget" \
    "$TMP/err" || fail "no note of the census not written: $(cat "$TMP/err")"
rm -f "$TMP/big.db"
"$NQUEENS" count 15 -t 2 -m 8M -q --part 1/4 --checkpoint "$TMP/big.db" \
    --census "$TMP/big.bin" > /dev/null 2> "$TMP/err" || fail "count 15 in 8M -q"
[ ! -s "$TMP/err" ] || fail "a note with --quiet: $(cat "$TMP/err")"

# Planted counts: the build finds other tops, exit 2, the file named.
plant_census "$TMP/c13-2.bin" "$TMP/planted.bin"
for t in 1 2; do
    rm -f "$TMP/x.db"
    expect_exit 2 "$NQUEENS" count 13 -t "$t" -q --part 1/3 \
        --checkpoint "$TMP/x.db" --census "$TMP/planted.bin"
    grep -q "census '$TMP/planted.bin' does not match the tops of N = 13" \
        "$TMP/stderr" || fail "planted census on $t: $(cat "$TMP/stderr")"
    grep -q "total\|solutions" "$TMP/stdout" &&
        fail "planted census on $t counted: $(cat "$TMP/stdout")"
done
# The advice holds: the planted census was not kept in the checkpoint,
# so with the file deleted the same command walks the census anew,
# writes it and counts the part.
rm -f "$TMP/planted.bin"
"$NQUEENS" count 13 -t 2 -q --part 1/3 --checkpoint "$TMP/x.db" \
    --census "$TMP/planted.bin" > "$TMP/out" 2> "$TMP/err" ||
    fail "after the planted census was deleted: $(cat "$TMP/err")"
grep -q "^part *1/3$" "$TMP/out" || fail "part after the planted census: $(cat "$TMP/out")"
cmp -s "$TMP/planted.bin" "$TMP/c13-2.bin" || fail "the census written anew differs"

# On two threads, a census of one thread serves its sums alone: each
# build counts its own tops, and the count is right.
plant_census "$TMP/c13-1.bin" "$TMP/planted1.bin"
parts_merge_published 13 3 -t 2 --census "$TMP/planted1.bin"

# Damaged, cut, foreign, of another N: refused before counting.
cp "$TMP/c12.bin" "$TMP/flip.bin"
printf 'X' | dd of="$TMP/flip.bin" bs=1 seek=100 conv=notrunc 2> /dev/null
rm -f "$TMP/x.db"
expect_exit 2 "$NQUEENS" count 12 -q --part 1/3 --checkpoint "$TMP/x.db" \
    --census "$TMP/flip.bin"
grep -q "census '$TMP/flip.bin' is damaged" "$TMP/stderr" ||
    fail "damaged census: $(cat "$TMP/stderr")"
[ ! -e "$TMP/x.db" ] || fail "a refused census left a checkpoint"
head -c 1000 "$TMP/c12.bin" > "$TMP/cut.bin"
expect_exit 2 "$NQUEENS" count 12 -q --part 1/3 --checkpoint "$TMP/x.db" \
    --census "$TMP/cut.bin"
grep -q "census '$TMP/cut.bin' is cut short or too long" "$TMP/stderr" ||
    fail "cut census: $(cat "$TMP/stderr")"
echo "not a census at all, but long enough to hold a header" > "$TMP/text.bin"
expect_exit 2 "$NQUEENS" count 12 -q --part 1/3 --checkpoint "$TMP/x.db" \
    --census "$TMP/text.bin"
grep -q "census '$TMP/text.bin' is not a census of nqueens" "$TMP/stderr" ||
    fail "foreign census: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" count 13 -q --part 1/3 --checkpoint "$TMP/x.db" \
    --census "$TMP/c12.bin"
grep -q "census '$TMP/c12.bin' is the census of N = 12, not of 13" \
    "$TMP/stderr" || fail "census of another N: $(cat "$TMP/stderr")"
# Where it cannot be written: exit 2, said.
expect_exit 2 "$NQUEENS" count 12 -q --part 1/3 --checkpoint "$TMP/x.db" \
    --census "$TMP/no-such-dir/c.bin"
grep -q "census '$TMP/no-such-dir/c.bin' cannot be written" "$TMP/stderr" ||
    fail "unwritable census: $(cat "$TMP/stderr")"
expect_exit 2 "$NQUEENS" count 12 --census "$TMP/c12.bin"
grep -q "census needs --checkpoint FILE" "$TMP/stderr" ||
    fail "--census alone: $(cat "$TMP/stderr")"
pass
