#!/bin/sh
# docs/testing.md names every CTest label this build gives its tests (as
# `label` in the page), so that the page's list of kinds of tests cannot
# fall behind tests/CMakeLists.txt and mpi/CMakeLists.txt.
# Usage: test_labels.sh CTEST BUILD_DIR TESTING_MD
set -u
ctest=$1
build=$2
page=$3
out=$("$ctest" --test-dir "$build" --print-labels) || { echo "ctest --print-labels failed"; exit 1; }
# The labels are the indented lines after "All Labels:".
labels=$(printf '%s\n' "$out" | awk '/^All Labels:/ { on = 1; next } on && /^  / { print $1 }')
[ -n "$labels" ] || { echo "ctest printed no labels: $out"; exit 1; }
bad=0
count=0
for label in $labels; do
    count=$((count + 1))
    if ! grep -Fq "\`$label\`" "$page"; then
        echo "label $label is not in $(basename "$page")"
        bad=$((bad + 1))
    fi
done
echo "$count labels, $bad not documented"
[ "$bad" -eq 0 ]
