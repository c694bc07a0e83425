#!/bin/sh
# The bash completion (completions/nqueens.bash): commands, each command's
# options as its --help lists them, and the values of the list options,
# also in --opt=value, after a comma and after ':' (which bash splits a
# word at).
set -u
command -v bash > /dev/null || { echo "SKIP: bash is not installed"; exit 77; }
script=$NQ_SOURCE_DIR/completions/nqueens.bash
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
# complete WORDS... : what the completion offers for the last word, as
# bash asks for it (COMP_LINE the words and the cursor at its end;
# COMP_WORDS as given), and "[-o nospace]" where it asks for no space.
# NQ_COMP_NO_LINE=1: COMP_WORDS alone, as without COMP_LINE.
complete_words() {
    bash -c '
        . "$1"; shift
        compopt() { opts=$*; }
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        if [ -z "${NQ_COMP_NO_LINE:-}" ]; then
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
        fi
        _nqueens
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
        printf "%s" "${opts:+[$opts]}"
    ' sh "$script" "$NQUEENS" "$@"
}
expect() {
    want=$1
    shift
    got=$(complete_words "$@")
    if [ "$got" != "$want" ]; then
        echo "FAIL: nqueens $* <TAB>: got '$got', want '$want'"
        fail=1
    fi
}
expect "solve " so
expect "solve status " s
expect "complete count " co
expect "--format " solve --fo
expect "board csv json svg vector " solve --format ""
expect "html json text " trace --format ""
expect "construct random search " find --method ""
expect "auto constellations gpu join " count --engine ""
expect "fast lex " complete --order ""
expect "0 1 " verify --base ""
expect "--checkpoint --checkpoint-interval " count --check
expect "trace " help tr
expect "merge " mer
expect "audit " au
# Each command's formats are the ones it accepts, with -f as with --format.
expect "board csv json matrix vector " verify --format ""
expect "board csv json matrix vector " verify -f ""
expect "html json text " trace -f ""
expect "board json vector " find --format ""
expect "board json vector " find -f ""
expect "board csv json svg vector " complete -f ""
# A short option is the long one its command's help pairs it with: count's
# -m is --memory (no list), trace's --board takes no file.
expect " " count -m ""
expect " " trace --board ""
# Lines that carry a description on are no options: nqueens [N] has no
# --json.
expect " " --js
# --opt=value: bash gives the part after '=' to replace.
expect "board csv json svg vector " solve --format=
expect "json " solve --format=j
# A file option's files: count --census too.
mkdir "$TMP/files" && : > "$TMP/files/n16.census"
got=$(cd "$TMP/files" && complete_words count --census "")
[ "$got" = "n16.census " ] || { echo "FAIL: count --census <TAB>: got '$got'"; fail=1; }
got=$(cd "$TMP/files" && complete_words count --checkpoint=n)
[ "$got" = "n16.census " ] || { echo "FAIL: count --checkpoint=n<TAB>: got '$got'"; fail=1; }
# --exclude-diagonal: sum: and diff:, with no space after them; after a
# comma the next one; bash replaces only what follows the last ':'.
expect "diff: sum: [-o nospace]" complete --exclude-diagonal ""
expect "sum: [-o nospace]" complete --exclude-diagonal s
expect "sum: [-o nospace]" complete --exclude-diagonal=s
expect "5,diff: [-o nospace]" complete --exclude-diagonal sum:5,d
expect "5,diff: [-o nospace]" complete --exclude-diagonal=sum:5,d
# bench --methods: the methods its help lists, a list of them.
expect "arrays bitboard engine-1 engine-all issafe iterative mirror " bench --methods ""
expect "arrays,mirror " bench --methods arrays,mi
# Without COMP_LINE, COMP_WORDS as they are.
got=$(NQ_COMP_NO_LINE=1 complete_words count --engine c)
[ "$got" = "constellations " ] || { echo "FAIL: without COMP_LINE: got '$got'"; fail=1; }
# Every long option that a command's help lists is offered, and every
# short one completes the same values as its long form.
for cmd in solve count trace bench complete find verify status merge audit; do
    offered=$(complete_words "$cmd" --)
    for option in $("$NQUEENS" "$cmd" --help | sed -n 's/^ \{1,6\}\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p'); do
        case " $offered " in
        *" $option "*) ;;
        *) echo "FAIL: $cmd: $option not offered"; fail=1 ;;
        esac
    done
    pairs=$("$NQUEENS" "$cmd" --help | sed -n 's/^ \{1,6\}\(-[A-Za-z0-9]\), \(--[a-z][a-z0-9-]*\).*/\1 \2/p')
    while read -r short long; do
        by_short=$(complete_words "$cmd" "$short" "")
        by_long=$(complete_words "$cmd" "$long" "")
        if [ "$by_short" != "$by_long" ]; then
            echo "FAIL: $cmd: $short completes '$by_short', $long '$by_long'"
            fail=1
        fi
    done << EOF
$pairs
EOF
done
[ "$fail" -eq 0 ] && echo "completion: all cases pass"
exit "$fail"
