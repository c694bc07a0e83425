#!/bin/sh
# Runs one golden command-line case: a folder holding
#   args     the arguments, one a line (may be empty)
#   stdin    optional: fed to standard input (else /dev/null)
#   exit     the expected exit status (default 0)
#   stdout   optional: the exact expected standard output
#   stderr   optional: the exact expected standard error
# The tool's path comes in $NQUEENS.
set -u
case_dir=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

set --
if [ -f "$case_dir/args" ]; then
    while IFS= read -r arg || [ -n "$arg" ]; do
        set -- "$@" "$arg"
    done < "$case_dir/args"
fi
input=/dev/null
[ -f "$case_dir/stdin" ] && input="$case_dir/stdin"

"$NQUEENS" "$@" < "$input" > "$work/stdout" 2> "$work/stderr"
status=$?
expected=0
[ -f "$case_dir/exit" ] && expected=$(cat "$case_dir/exit")

failed=0
if [ "$status" != "$expected" ]; then
    echo "exit status $status, expected $expected"
    failed=1
fi
for stream in stdout stderr; do
    if [ -f "$case_dir/$stream" ] &&
        ! cmp -s "$case_dir/$stream" "$work/$stream"; then
        echo "$stream differs (expected, then got):"
        diff "$case_dir/$stream" "$work/$stream" | head -40
        failed=1
    fi
done
if [ ! -f "$case_dir/stderr" ] && [ "$expected" = 0 ] && [ -s "$work/stderr" ]; then
    echo "unexpected output on stderr:"
    head -5 "$work/stderr"
    failed=1
fi
exit $failed
