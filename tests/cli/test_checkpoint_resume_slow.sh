#!/bin/sh
# Resume after SIGKILL at several points gives the exact counts, n = 15..17.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

for n in 15 16 17; do
    kill_and_resume "$n" "$TMP/$n.db" 3
done
pass
