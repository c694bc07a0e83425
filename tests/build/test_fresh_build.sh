#!/bin/sh
# The path of `make run` on a fresh machine: a clean build directory, the
# packages that only the tests need hidden (pkg-config finds no cmocka, no
# MPI), and still the library and the tool configure, build, and
# `nqueens 8` prints the 92 boards.
# Usage: test_fresh_build.sh SOURCE_DIR
set -u
src=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

mkdir "$work/no-pkgconfig"
if ! PKG_CONFIG_LIBDIR="$work/no-pkgconfig" PKG_CONFIG_PATH= \
    cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON > "$work/configure.log" 2>&1; then
    tail -20 "$work/configure.log"
    fail "configure failed without the test packages"
fi
# The test packages were really hidden: the unit tests said so.
grep -q "cmocka not found" "$work/configure.log" ||
    fail "cmocka was not hidden (the configure log does not say it is missing)"
if ! cmake --build "$work/build" -j 2 --target nqueens_cli \
    > "$work/build.log" 2>&1; then
    tail -20 "$work/build.log"
    fail "the library and the tool did not build"
fi
"$work/build/nqueens" 8 > "$work/out" || fail "nqueens 8 exited $?"
boards=$(grep -c '^Solution [0-9]*:$' "$work/out")
[ "$boards" = 92 ] || fail "nqueens 8 printed $boards boards, not 92"
echo "fresh build: configured without the test packages, 92 boards"
