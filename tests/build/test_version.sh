#!/bin/sh
# One version everywhere: the shared library's SONAME is
# libnqueens.so.MAJOR and its file libnqueens.so.MAJOR.MINOR.PATCH of
# CMake's project version, and a program linked against it gets that same
# version from nq_version() and from the header's NQ_VERSION_STRING (CMake
# reads the version from the header, so this checks the reading too).
# Usage: test_version.sh LIBNQUEENS_SO PRINT_VERSION PROJECT_VERSION
set -u
shared=$1
program=$2
expected=$3
fail() {
    echo "FAIL: $*"
    exit 1
}
command -v readelf > /dev/null || { echo "readelf not found"; exit 77; }
major=${expected%%.*}

soname=$(readelf -d "$shared" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libnqueens.so.$major" ] ||
    fail "SONAME is '$soname', not libnqueens.so.$major"
file=$(basename "$(readlink -f "$shared")")
[ "$file" = "libnqueens.so.$expected" ] ||
    fail "$(basename "$shared") leads to $file, not libnqueens.so.$expected"

# The program really runs on this shared library, not a copy elsewhere.
loaded=$(ldd "$program" | awk '$1 == "'"$soname"'" { print $3 }')
[ "$(readlink -f "$loaded")" = "$(readlink -f "$shared")" ] ||
    fail "$(basename "$program") loads '$loaded', not $shared"
out=$("$program") || fail "$(basename "$program") exited $?"
library=$(printf '%s\n' "$out" | sed -n 1p)
header=$(printf '%s\n' "$out" | sed -n 2p)
[ "$library" = "$expected" ] || fail "nq_version() is '$library', CMake's version $expected"
[ "$header" = "$expected" ] || fail "NQ_VERSION_STRING is '$header', CMake's version $expected"
echo "version $expected: SONAME $soname, file $file, nq_version() and NQ_VERSION_STRING agree"
