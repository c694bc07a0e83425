#!/bin/sh
# What `make run` builds (the Makefile's `tool` target, shown by make -n
# and not run): the library and the tool, nothing that only the tests
# need; and with CMAKE_FLAGS=-DNQ_WITH_MPI=ON, which installs Open MPI for
# it, nqueens-mpi too.
# Usage: test_make_run.sh SOURCE_DIR
set -u
src=$1
fail() {
    echo "FAIL: $*"
    exit 1
}
command -v make > /dev/null || { echo "make not found"; exit 77; }

# built_targets [MAKE_ARGS...]: the targets of the `cmake --build` that
# `make tool` runs, one line.
built_targets() {
    make -s -n -C "$src" tool BUILD=/nonexistent JOBS=1 "$@" |
        sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' |
        sed -n 's/^cmake --build .* --target //p' | tr -s ' \t' ' ' |
        sed 's/ *$//'
}

targets=$(built_targets) || fail "make -n tool failed"
[ "$targets" = nqueens_cli ] || fail "make run builds '$targets', not nqueens_cli alone"
targets=$(built_targets CMAKE_FLAGS=-DNQ_WITH_MPI=ON) ||
    fail "make -n tool CMAKE_FLAGS=-DNQ_WITH_MPI=ON failed"
[ "$targets" = "nqueens_cli nqueens_mpi" ] ||
    fail "make run CMAKE_FLAGS=-DNQ_WITH_MPI=ON builds '$targets', not nqueens_cli nqueens_mpi"
deps=$(make -s -n -C "$src" deps-build CMAKE_FLAGS=-DNQ_WITH_MPI=ON | tr -s ' \t\\\n' ' ')
case $deps in
*install-deps.sh\ build\ mpi*) ;;
*) fail "make run CMAKE_FLAGS=-DNQ_WITH_MPI=ON installs: $deps" ;;
esac
echo "make run: nqueens_cli; with -DNQ_WITH_MPI=ON, nqueens_mpi and Open MPI too"
