#!/bin/sh
# The bash completion (completions/nqueens.bash): commands, each command's
# options as its --help lists them, and the values of the list options.
set -u
command -v bash > /dev/null || { echo "SKIP: bash is not installed"; exit 77; }
script=$NQ_SOURCE_DIR/completions/nqueens.bash
fail=0
# complete WORDS... : what the completion offers for the last word.
complete_words() {
    bash -c '
        . "$1"; shift
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        _nqueens
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
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
expect "auto constellations join " count --engine ""
expect "fast lex " complete --order ""
expect "0 1 " verify --base ""
expect "--checkpoint --checkpoint-interval " count --check
expect "trace " help tr
# Every long option that a command's help lists is offered.
for cmd in solve count trace bench complete find verify status; do
    offered=$(complete_words "$cmd" --)
    for option in $("$NQUEENS" "$cmd" --help | sed -n 's/^ \{1,\}\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p'); do
        case " $offered " in
        *" $option "*) ;;
        *) echo "FAIL: $cmd: $option not offered"; fail=1 ;;
        esac
    done
done
[ "$fail" -eq 0 ] && echo "completion: all cases pass"
exit "$fail"
