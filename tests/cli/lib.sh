# Shared by the scripted command-line tests (sourced, POSIX sh).
# $NQUEENS is the tool, $NQ_TEST_DATA the data folder.
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

pass() {
    echo "ok"
    exit 0
}

# published_total N / published_unique N: from oeis-counts.tsv.
published_total() {
    awk -v n="$1" '$1 == n { print $2 }' "$NQ_TEST_DATA/oeis-counts.tsv"
}
published_unique() {
    awk -v n="$1" '$1 == n { print $3 }' "$NQ_TEST_DATA/oeis-counts.tsv"
}

# expect_exit CODE CMD...: runs CMD, fails unless it exits with CODE.
expect_exit() {
    want=$1
    shift
    got=0
    "$@" > "$TMP/stdout" 2> "$TMP/stderr" || got=$?
    [ "$got" = "$want" ] || fail "$* exited $got, expected $want: $(head -c 300 "$TMP/stderr")"
}
