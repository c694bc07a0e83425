#!/bin/sh
# The default number of threads is the cores the process may run on (its
# CPU affinity: taskset, a container's cpuset), not all the cores online:
# under `taskset -c C` (one core) a count starts one thread and says so,
# the dry run plans for one, and the bench's table and JSON name one core.
# Skipped (77) without taskset, or where this test itself may run on one
# core only (then the two figures cannot differ).
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

if ! command -v taskset > /dev/null 2>&1; then
    echo "taskset is missing (util-linux): skipped"
    exit 77
fi
# The cores this test may run on: nproc's figure, which OMP_NUM_THREADS
# and OMP_THREAD_LIMIT would change (the tool reads neither).
cores=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)
if [ "$cores" -lt 2 ]; then
    echo "this test may run on one core only: skipped"
    exit 77
fi
# The first core of those this shell may run on ("0-15", "2,5", ...).
core=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
one() { taskset -c "$core" "$@"; }

one "$NQUEENS" count 8 > "$TMP/out" || fail "count 8 on one core"
grep -qx 'threads  1' "$TMP/out" || fail "count 8 on one core: $(cat "$TMP/out")"
one "$NQUEENS" count 8 --json > "$TMP/out" || fail "count 8 --json on one core"
grep -q '"threads":1,' "$TMP/out" || fail "count 8 --json on one core: $(cat "$TMP/out")"
# --threads still asks for more than the cores.
one "$NQUEENS" count 8 --threads 3 > "$TMP/out" || fail "count 8 -t 3 on one core"
grep -qx 'threads  3' "$TMP/out" || fail "count 8 -t 3 on one core: $(cat "$TMP/out")"
# The dry run plans for the threads the count would start.
one "$NQUEENS" count 20 --dry-run --json > "$TMP/out" || fail "dry run on one core"
grep -q '"threads":1,' "$TMP/out" || fail "dry run on one core: $(cat "$TMP/out")"
# The bench's engine on all cores is on the one.
one "$NQUEENS" bench --runs 1 --methods engine-all 4 > "$TMP/out" ||
    fail "bench on one core"
grep -q '(1 core to run on)$' "$TMP/out" || fail "bench on one core: $(head -n 1 "$TMP/out")"
grep -q '^engine, 1 thread  ' "$TMP/out" || fail "bench on one core: $(cat "$TMP/out")"
one "$NQUEENS" bench --runs 1 --methods engine-all --json 4 > "$TMP/out" ||
    fail "bench --json on one core"
grep -q '"cores":1,' "$TMP/out" || fail "bench --json on one core: $(cat "$TMP/out")"
# And without taskset, as many threads as this test may run on.
"$NQUEENS" count 8 > "$TMP/out" || fail "count 8"
grep -qx "threads  $cores" "$TMP/out" || fail "count 8 on $cores cores: $(cat "$TMP/out")"
pass
