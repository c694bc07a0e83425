#!/bin/sh
# Stands in for the nqueens tool in the command-line tests of a build
# configured with -DNQ_MEMCHECK=ON (`make memcheck`): runs the real tool
# ($NQ_MEMCHECK_TOOL) under valgrind memcheck with the same arguments,
# standard streams and process id (exec), so tests that signal it still
# work. A memory error or a leak makes the run exit 97, and valgrind's
# report stays in $NQ_MEMCHECK_LOGS, where check-logs.sh finds it even when
# the test itself did not look at the exit status.
# No OpenCL device under valgrind (OCL_ICD_VENDORS names no driver): a
# count or dry run under --engine auto from N = 18 looks for a GPU, and
# loading PoCL (its LLVM, its hwloc) trips valgrind in code that is not
# ours; the GPU engine's host code is checked under ASan (test_gpu).
OCL_ICD_VENDORS=/nonexistent/nqueens-memcheck
export OCL_ICD_VENDORS
exec valgrind --error-exitcode=97 --leak-check=full \
    --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible \
    --log-file="$NQ_MEMCHECK_LOGS/memcheck.%p.log" \
    "$NQ_MEMCHECK_TOOL" "$@"
