#!/bin/sh
# count --part K/M for every N up to 14, every M from 1 to 7 and every K:
# the parts, merged, give the published counts.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/parts-lib.sh"

n=1
while [ "$n" -le 14 ]; do
    m=1
    while [ "$m" -le 7 ]; do
        parts_merge_published "$n" "$m"
        m=$((m + 1))
    done
    n=$((n + 1))
done
pass
