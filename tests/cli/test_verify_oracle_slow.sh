#!/bin/sh
# nqueens verify against the published counts: of the 256 placements of
# 4 queens one per row, written as vectors and as boards, exactly the
# published number are valid (exit 0) and the rest invalid (exit 1), and a
# vector and its board always get the same answer. (512 runs of the tool:
# slow under the sanitizers, hence the label.)
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

valid=0
for a in 1 2 3 4; do for b in 1 2 3 4; do for c in 1 2 3 4; do for d in 1 2 3 4; do
    status=0
    echo "$a $b $c $d" | "$NQUEENS" verify -q || status=$?
    # The same placement drawn as a board must get the same answer.
    bstatus=0
    for col in $a $b $c $d; do
        i=1; line=""
        while [ $i -le 4 ]; do
            if [ $i = "$col" ]; then line="${line}Q"; else line="${line}."; fi
            i=$((i + 1))
        done
        echo "$line"
    done | "$NQUEENS" verify -q || bstatus=$?
    [ "$status" = "$bstatus" ] || fail "$a $b $c $d: vector $status, board $bstatus"
    case $status in
    0) valid=$((valid + 1)) ;;
    1) ;;
    *) fail "$a $b $c $d: exit $status" ;;
    esac
done; done; done; done
[ "$valid" = "$(published_total 4)" ] || fail "$valid valid placements of 4, expected $(published_total 4)"

pass
