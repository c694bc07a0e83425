# Shared by the tests of count --part and merge (sourced, POSIX sh, after
# lib.sh).

# parts_merge_published N M [COUNT-OPTIONS...]: counts the M parts of N
# into their own checkpoints, merges them, and checks the published counts.
parts_merge_published() {
    n=$1
    m=$2
    shift 2
    k=1
    files=
    while [ "$k" -le "$m" ]; do
        f=$TMP/p$n-$k-$m.db
        rm -f "$f"
        "$NQUEENS" count "$n" --part "$k/$m" --checkpoint "$f" --quiet "$@" \
            > "$TMP/part.out" 2> "$TMP/part.err" ||
            fail "count $n --part $k/$m: $(cat "$TMP/part.err")"
        grep -qx "part        $k/$m" "$TMP/part.out" ||
            fail "count $n --part $k/$m: $(cat "$TMP/part.out")"
        files="$files $f"
        k=$((k + 1))
    done
    # shellcheck disable=SC2086 # one word a file
    "$NQUEENS" merge $files > "$TMP/merge.out" 2> "$TMP/merge.err" ||
        fail "merge of $m parts of $n: $(cat "$TMP/merge.err") $(cat "$TMP/merge.out")"
    grep -qx "total    $(published_total "$n")" "$TMP/merge.out" &&
        grep -qx "unique   $(published_unique "$n")" "$TMP/merge.out" ||
        fail "merge of $m parts of $n: $(tr '\n' ' ' < "$TMP/merge.out")"
    # shellcheck disable=SC2086
    rm -f $files
}
