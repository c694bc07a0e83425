#!/bin/sh
# `make install` delivers a usable library and tool: installs the build into
# a temporary prefix, then
#  - the tools start from the prefix as they are (they link the static
#    library: no LD_LIBRARY_PATH);
#  - the shared library is there under its SONAME, libnqueens.so.MAJOR;
#  - a program built through pkg-config runs with the step the README
#    names for a private prefix (LD_LIBRARY_PATH, or -Wl,-rpath at link
#    time), on the prefix's library, and gets the version pkg-config
#    reports and the 92 solutions of 8 queens;
#  - so does one built with CMake's find_package;
#  - the header, man pages (nqueens-mpi's, where it is built) and bash
#    completions are installed.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
prefix=$TMP/prefix
cmake --install "$NQ_BINARY_DIR" --prefix "$prefix" > "$TMP/install.log" ||
    fail "cmake --install: $(tail -3 "$TMP/install.log")"

[ -x "$prefix/bin/nqueens" ] || fail "no bin/nqueens"
[ -f "$prefix/share/man/man1/nqueens.1" ] || fail "no man page"
[ -f "$prefix/include/nqueens.h" ] || fail "no header"
[ -f "$prefix/share/bash-completion/completions/nqueens" ] || fail "no bash completion"

libdir=$(find "$prefix" -name nqueens.pc -exec dirname {} \;)
[ -n "$libdir" ] || fail "no nqueens.pc"
export PKG_CONFIG_PATH="$libdir"
version=$(pkg-config --modversion nqueens) || fail "pkg-config --modversion nqueens"
pc_libdir=$(pkg-config --variable=libdir nqueens)
[ "$(readlink -f "$pc_libdir")" = "$(readlink -f "$libdir/..")" ] ||
    fail "the .pc's libdir $pc_libdir is not the prefix's $(readlink -f "$libdir/..")"

# The tools, with no help from the environment.
out=$(env -u LD_LIBRARY_PATH "$prefix/bin/nqueens" 6) || fail "installed nqueens 6 exited $?"
printf '%s\n' "$out" | tail -1 | grep -qx '4 solutions in total.' || fail "installed nqueens 6: $out"
[ "$(env -u LD_LIBRARY_PATH "$prefix/bin/nqueens" --version)" = "nqueens $version" ] ||
    fail "installed nqueens --version is not nqueens $version"
if [ -e "$prefix/bin/nqueens-mpi" ]; then
    [ "$(env -u LD_LIBRARY_PATH "$prefix/bin/nqueens-mpi" --version)" = "nqueens-mpi $version" ] ||
        fail "installed nqueens-mpi --version is not nqueens-mpi $version"
    # `man nqueens-mpi` finds nqueens(1), where nqueens-mpi is described.
    [ -f "$prefix/share/man/man1/nqueens-mpi.1" ] || fail "no man page for nqueens-mpi"
    [ -f "$prefix/share/bash-completion/completions/nqueens-mpi" ] ||
        fail "no bash completion for nqueens-mpi"
    if command -v man > /dev/null; then
        MANPAGER=cat man -M "$prefix/share/man" nqueens-mpi 2> /dev/null |
            grep -q 'nqueens-mpi count' ||
            fail "man nqueens-mpi: $(man -M "$prefix/share/man" nqueens-mpi 2>&1 | head -3)"
    fi
fi

# The shared library under its SONAME.
major=${version%%.*}
[ "$(basename "$(readlink -f "$pc_libdir/libnqueens.so.$major")")" = "libnqueens.so.$version" ] ||
    fail "$pc_libdir/libnqueens.so.$major does not lead to libnqueens.so.$version"

# check_consumer PROGRAM [ENV=VALUE...]: runs PROGRAM (with the
# environment given, and no LD_LIBRARY_PATH but that) and checks it loads
# the prefix's library and prints the version twice and 92.
check_consumer() {
    program=$1
    shift
    loaded=$(env -u LD_LIBRARY_PATH "$@" ldd "$program" |
        awk '$1 == "libnqueens.so.'"$major"'" { print $3 }')
    [ "$(readlink -f "$loaded")" = "$(readlink -f "$pc_libdir/libnqueens.so.$major")" ] ||
        fail "$(basename "$program") loads '$loaded', not the prefix's library"
    out=$(env -u LD_LIBRARY_PATH "$@" "$program") || fail "$(basename "$program") exited $?"
    want=$(printf '%s\n%s\n92' "$version" "$version")
    [ "$out" = "$want" ] || fail "$(basename "$program") printed '$out', not '$want'"
}

# Through pkg-config, as the README says: LD_LIBRARY_PATH at run time...
# shellcheck disable=SC2046
cc -o "$TMP/consumer-pc" "$NQ_SOURCE_DIR/tests/install/consumer.c" \
    $(pkg-config --cflags --libs nqueens) || fail "build with pkg-config"
check_consumer "$TMP/consumer-pc" LD_LIBRARY_PATH="$pc_libdir"
# ... or an rpath at link time.
# shellcheck disable=SC2046
cc -o "$TMP/consumer-rpath" "$NQ_SOURCE_DIR/tests/install/consumer.c" \
    $(pkg-config --cflags --libs nqueens) -Wl,-rpath,"$pc_libdir" ||
    fail "build with pkg-config and -Wl,-rpath"
check_consumer "$TMP/consumer-rpath"

# Through CMake's find_package (CMake links it with an rpath of its own).
cmake -S "$NQ_SOURCE_DIR/tests/install" -B "$TMP/consumer-build" \
    -DCMAKE_PREFIX_PATH="$prefix" > "$TMP/cmake.log" 2>&1 || fail "find_package: $(tail -5 "$TMP/cmake.log")"
cmake --build "$TMP/consumer-build" > "$TMP/build.log" 2>&1 || fail "consumer build: $(tail -5 "$TMP/build.log")"
check_consumer "$TMP/consumer-build/consumer"
pass
