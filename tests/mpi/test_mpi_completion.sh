#!/bin/sh
# The bash completion of nqueens-mpi (completions/nqueens.bash): its one
# command, the options its own --help lists (and no other count option),
# and their values as for `nqueens count`.
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
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        _nqueens_mpi
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
    ' sh "$script" "$NQUEENS_MPI" "$@"
}
expect() {
    want=$1
    shift
    got=$(complete_words "$@")
    if [ "$got" != "$want" ]; then
        echo "FAIL: nqueens-mpi $* <TAB>: got '$got', want '$want'"
        fail=1
    fi
}
expect "count " co
expect "--engine " count --eng
expect "auto constellations gpu join " count --engine ""
expect "join " count --json --engine=j
expect "--checkpoint --checkpoint-interval " count --check
expect " " count --dry
expect " " count --par
offered=$(complete_words count --)
for option in $("$NQUEENS_MPI" --help | sed -n 's/^ \{1,6\}\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p'); do
    case " $offered " in
    *" $option "*) ;;
    *) echo "FAIL: $option not offered"; fail=1 ;;
    esac
done
[ "$fail" -eq 0 ] && echo "completion of nqueens-mpi: all cases pass"
exit "$fail"
