#!/bin/sh
# `make install` delivers a usable library: installs the build into a
# temporary prefix, then builds a consumer with pkg-config and with CMake's
# find_package, runs both, and checks the tool and the man page are there.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
prefix=$TMP/prefix
cmake --install "$NQ_BINARY_DIR" --prefix "$prefix" > "$TMP/install.log" ||
    fail "cmake --install: $(tail -3 "$TMP/install.log")"

[ -x "$prefix/bin/nqueens" ] || fail "no bin/nqueens"
[ -f "$prefix/share/man/man1/nqueens.1" ] || fail "no man page"
[ -f "$prefix/include/nqueens.h" ] || fail "no header"
[ -f "$prefix/share/bash-completion/completions/nqueens" ] || fail "no bash completion"
"$prefix/bin/nqueens" 6 | tail -1 | grep -qx '4 solutions in total.' || fail "installed tool"

libdir=$(find "$prefix" -name nqueens.pc -exec dirname {} \;)
[ -n "$libdir" ] || fail "no nqueens.pc"
export PKG_CONFIG_PATH="$libdir"
# shellcheck disable=SC2046
cc -o "$TMP/consumer-pc" "$NQ_SOURCE_DIR/tests/install/consumer.c" \
    $(pkg-config --cflags --libs nqueens) -Wl,-rpath,"$(pkg-config --variable=libdir nqueens)" ||
    fail "build with pkg-config"
[ "$("$TMP/consumer-pc")" = 92 ] || fail "pkg-config consumer"

cmake -S "$NQ_SOURCE_DIR/tests/install" -B "$TMP/consumer-build" \
    -DCMAKE_PREFIX_PATH="$prefix" > "$TMP/cmake.log" 2>&1 || fail "find_package: $(tail -5 "$TMP/cmake.log")"
cmake --build "$TMP/consumer-build" > "$TMP/build.log" 2>&1 || fail "consumer build: $(tail -5 "$TMP/build.log")"
[ "$("$TMP/consumer-build/consumer")" = 92 ] || fail "find_package consumer"
pass
