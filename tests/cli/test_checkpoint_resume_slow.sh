#!/bin/sh
# Resume after SIGKILL at several points gives the exact counts, n = 15..17
# on the join (one thread, so that the kills land inside the run), n = 16
# on constellations.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

for n in 15 16 17; do
    kill_and_resume "$n" "$TMP/$n.db" 3 "$NQUEENS" count --threads 1 --engine join
done
kill_and_resume 16 "$TMP/16c.db" 3 "$NQUEENS" count --engine constellations
pass
