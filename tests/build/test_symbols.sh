#!/bin/sh
# The static library's global symbols are the public API (declared in
# include/nqueens.h) or library internals named nq__*; anything else would
# land in the namespace of every program that links libnqueens.a.
# Usage: test_symbols.sh LIBNQUEENS_A NQUEENS_H
set -u
lib=$1
header=$2
command -v nm > /dev/null || { echo "nm not found"; exit 77; }
symbols=$(nm -g --defined-only "$lib") || { echo "nm failed on $lib"; exit 1; }
# Lines "ADDRESS TYPE NAME"; file headers and blank lines have other shapes.
# A target_clones resolver is named after its function (name.resolver).
names=$(printf '%s\n' "$symbols" | awk 'NF == 3 { print $3 }' |
    sed 's/\..*//' | sort -u)
[ -n "$names" ] || { echo "no symbols found in $lib"; exit 1; }
bad=0
checked=0
for name in $names; do
    checked=$((checked + 1))
    case $name in
    nq__*) continue ;;
    # What a sanitizer or coverage build adds to every object.
    __asan* | ___asan* | __odr_asan* | __tsan* | __ubsan* | __sancov*) continue ;;
    nq_*)
        if grep -Eq "\\b$name\\b *\\(" "$header"; then
            continue
        fi
        echo "$name: nq_ but not declared in $(basename "$header") (internal ones are nq__)"
        ;;
    *) echo "$name: neither public API nor nq__" ;;
    esac
    bad=$((bad + 1))
done
echo "$checked global symbols, $bad misnamed"
[ "$bad" -eq 0 ]
