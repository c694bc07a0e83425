#!/bin/sh
# The library's global symbols, read in both of its forms:
#  - the static library: the public API (declared in include/nqueens.h) or
#    internals named nq__*; anything else would land in the namespace of
#    every program that links libnqueens.a;
#  - the shared library's dynamic table (nm -D): the public API alone, each
#    call under the version node NQUEENS_* (cmake/libnqueens.map); no
#    internal nq__ symbol, no IFUNC resolver of target_clones, and
#    nq_version() among them.
# Usage: test_symbols.sh LIBNQUEENS_A LIBNQUEENS_SO NQUEENS_H
set -u
archive=$1
shared=$2
header=$3
command -v nm > /dev/null || { echo "nm not found"; exit 77; }
bad=0

# Whether NAME (nq_...) is declared as a function in the header.
declared() {
    grep -Eq "\\b$1\\b *\\(" "$header"
}

# ---- the static library ----------------------------------------------------
symbols=$(nm -g --defined-only "$archive") || { echo "nm failed on $archive"; exit 1; }
# Lines "ADDRESS TYPE NAME"; file headers and blank lines have other shapes.
# A target_clones resolver is named after its function (name.resolver),
# and in an archive it is as global as the function: it counts as that name.
names=$(printf '%s\n' "$symbols" | awk 'NF == 3 { print $3 }' |
    sed 's/\..*//' | sort -u)
[ -n "$names" ] || { echo "no symbols found in $archive"; exit 1; }
checked=0
for name in $names; do
    checked=$((checked + 1))
    case $name in
    nq__*) continue ;;
    # What a sanitizer or coverage build adds to every object.
    __asan* | ___asan* | __odr_asan* | __tsan* | __ubsan* | __sancov*) continue ;;
    nq_*)
        declared "$name" && continue
        echo "$(basename "$archive"): $name: nq_ but not declared in $(basename "$header") (internal ones are nq__)"
        ;;
    *) echo "$(basename "$archive"): $name: neither public API nor nq__" ;;
    esac
    bad=$((bad + 1))
done
echo "$(basename "$archive"): $checked global symbols"

# ---- the shared library's dynamic table -------------------------------------
symbols=$(nm -D --defined-only "$shared") || { echo "nm -D failed on $shared"; exit 1; }
# Lines "ADDRESS TYPE NAME[@@VERSION]"; names are read whole, so that
# nq__join_pairs.resolver is a name of its own.
lines=$(printf '%s\n' "$symbols" | awk 'NF == 3 { print $2, $3 }' | sort -u)
[ -n "$lines" ] || { echo "no dynamic symbols found in $shared"; exit 1; }
exported=0
have_version=no
while read -r type symbol; do
    name=${symbol%%@*}
    version=${symbol#"$name"}
    version=${version#@@}
    version=${version#@}
    case $type:$name in
    # The version node itself: an absolute symbol named after it.
    A:NQUEENS_*) continue ;;
    ?:nq_[a-z]*) ;;
    *)
        echo "$(basename "$shared"): $name (type $type) exported: only the public nq_ calls may be"
        bad=$((bad + 1))
        continue
        ;;
    esac
    exported=$((exported + 1))
    [ "$name" = nq_version ] && have_version=yes
    if ! declared "$name"; then
        echo "$(basename "$shared"): $name exported but not declared in $(basename "$header")"
        bad=$((bad + 1))
    fi
    # nm of binutils 2.35 on prints the version of each symbol.
    case $version in
    '' | NQUEENS_*) ;;
    *)
        echo "$(basename "$shared"): $name exported under version $version, not NQUEENS_*"
        bad=$((bad + 1))
        ;;
    esac
done << EOF
$lines
EOF
if [ "$have_version" != yes ]; then
    echo "$(basename "$shared"): nq_version is not exported"
    bad=$((bad + 1))
fi
echo "$(basename "$shared"): $exported exported calls"
echo "$bad misnamed"
[ "$bad" -eq 0 ]
