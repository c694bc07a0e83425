#!/bin/sh
# The memory a count takes, as `count --help` and the man page quote it
# ("33M at N=16", "33 MiB at N = 16") and as the README, docs/engines.md
# ("33 MiB at n = 16") and the measured peaks of bench/README.md (its
# table's last column) give it: every N quoted in two places has the same
# figure in each, N = 16 is quoted by the help, the man page and one of
# the documents, and that figure is the measured peak of `count 16
# --engine join` (within a fifth) where GNU time is there to measure it.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# figures FILE: "N MIB" lines for each "<size> at [N =] <n>" in FILE.
figures() {
    tr '\n' ' ' < "$1" |
        grep -oE '[0-9]+(\.[0-9]+)? ?(MiB|GiB|M|G) at ([Nn] ?= ?)?[0-9]+' |
        awk '{ gsub(/ /, ""); match($0, /^[0-9.]+/); size = substr($0, 1, RLENGTH)
               unit = substr($0, RLENGTH + 1, 1); n = $0; sub(/.*[^0-9]/, "", n)
               printf "%s %g\n", n, unit == "G" ? size * 1024 : size }' |
        sort -u
}

# table_figures FILE: the same from the rows "| n | ... | <size> |".
table_figures() {
    grep -E '^\| [0-9]+ \|.*\| [0-9.]+ (MiB|GiB) \|$' "$1" |
        awk -F'|' '{ n = $2 + 0; split($(NF - 1), f, " ")
                     printf "%s %g\n", n, f[2] == "GiB" ? f[1] * 1024 : f[1] }' |
        sort -u
}

"$NQUEENS" count --help > "$TMP/help"
figures "$TMP/help" > "$TMP/help.fig"
figures "$NQ_SOURCE_DIR/docs/nqueens.1" > "$TMP/man.fig"
{
    figures "$NQ_SOURCE_DIR/README.md"
    figures "$NQ_SOURCE_DIR/docs/engines.md"
    table_figures "$NQ_SOURCE_DIR/bench/README.md"
} | sort -u > "$TMP/docs.fig"
for source in help man docs; do
    grep -q '^16 ' "$TMP/$source.fig" || fail "$source quotes no memory at N = 16"
done
cat "$TMP/help.fig" "$TMP/man.fig" "$TMP/docs.fig" | sort -u > "$TMP/all.fig"
disagree=$(awk '{ seen[$1]++ } END { for (n in seen) if (seen[n] > 1) print n }' "$TMP/all.fig")
[ -z "$disagree" ] || fail "memory figures disagree for N = $(echo $disagree): $(tr '\n' ';' < "$TMP/all.fig")"

# The quoted figure against a measurement (not under valgrind or the
# sanitizers, whose memory is their own).
if [ -x /usr/bin/time ] && [ -z "${NQ_MEMCHECK_TOOL:-}" ] &&
    [ -z "${NQ_SANITIZE:-}" ] &&
    /usr/bin/time -v true > /dev/null 2>&1; then
    /usr/bin/time -v "$NQUEENS" count 16 --engine join > /dev/null 2> "$TMP/time"
    kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$TMP/time")
    quoted=$(awk '$1 == 16 { print $2 }' "$TMP/all.fig")
    awk -v kib="$kib" -v quoted="$quoted" 'BEGIN {
        mib = kib / 1024; exit !(mib > quoted * 0.8 && mib < quoted * 1.2) }' ||
        fail "count 16 peaks at $kib KiB, the docs say $quoted MiB"
fi
pass
