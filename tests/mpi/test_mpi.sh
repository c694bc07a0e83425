#!/bin/sh
# nqueens-mpi under mpirun with P = 1, 2 and 3 ranks: the published counts,
# the join in passes, the output of `nqueens count`, a checkpoint over the
# whole job, --max-time, the options it takes, refusals
# (another n, a file another run holds) and usage errors (said once, by
# rank 0). test_mpi_slow.sh goes to n = 16 and kills a rank;
# test_mpi_signal_slow.sh stops jobs with signals.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
. "$NQ_SOURCE_DIR/tests/cli/checkpoint-lib.sh"

. "$NQ_SOURCE_DIR/tests/mpi/mpi-lib.sh"

expect_counts_on_ranks "1 2 3" "1 8 12"
mpi 3 count 13 --threads 1 > "$TMP/out" 2> "$TMP/err" || fail "P=3 n=13"
expect_published 13 "$TMP/out"

# The output of `nqueens count`: the same lines, the same JSON fields.
"$NQUEENS" count 12 > "$TMP/local"
mpi 3 count 12 > "$TMP/out"
counts_of "$TMP/local" > "$TMP/a"
counts_of "$TMP/out" > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "output differs from nqueens count: $(diff "$TMP/a" "$TMP/b")"
[ "$(cut -c1-9 "$TMP/local")" = "$(cut -c1-9 "$TMP/out")" ] || fail "not the same lines"
"$NQUEENS" count 12 --json | sed 's/"threads":[0-9]*,//; s/"seconds":[0-9.]*//' > "$TMP/a"
mpi 2 count 12 --json | sed 's/"threads":[0-9]*,//; s/"seconds":[0-9.]*//' > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "JSON differs: $(cat "$TMP/a" "$TMP/b")"

# A checkpoint of the whole job; the same command again, and status.
db=$TMP/job.db
mpi 3 count 13 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" || fail "checkpointed job: $(cat "$TMP/err")"
expect_published 13 "$TMP/out"
mpi 2 count 13 --checkpoint "$db" > "$TMP/out" || fail "rerun of a finished job"
expect_published 13 "$TMP/out"
"$NQUEENS" status "$db" | grep -q "complete: $(published_total 13) solutions" || fail "status of the job"
# ... and refused for another n, with rank 0's one line.
before=$(cksum < "$db")
status=0
mpi 2 count 14 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "another n: exit $status"
[ "$(grep -c "^nqueens-mpi: error: checkpoint '$db' is for n = 13, not n = 14" "$TMP/err")" = 1 ] ||
    fail "another n: $(cat "$TMP/err")"
[ "$(cksum < "$db")" = "$before" ] || fail "refused file changed"

# ... and refused while another run holds it: a count of its own is at work
# on it (nothing waits, nothing is written, rank 0 says it once). The
# holder counts 18, about a minute of work on one thread, and is stopped once the
# two jobs are refused: 17 (8 s) ended before them where mpirun took half
# a minute to start each job on a busy machine.
held=$TMP/held.db
"$NQUEENS" count 18 --threads 1 --engine constellations --checkpoint "$held" \
    --checkpoint-interval 0.05 --quiet > /dev/null 2>&1 &
holder=$!
wait_done_above "$held" 0 "$holder"
status=0
mpi 2 count 18 --engine constellations --checkpoint "$held" > "$TMP/out" 2> "$TMP/err" || status=$?
# Before any rank builds its plan (this one could not be built at all).
status2=0
mpi 2 count 20 --engine join --memory 1K --checkpoint "$held" > /dev/null 2> "$TMP/err2" || status2=$?
kill -0 "$holder" 2> /dev/null || fail "the holder ended before the job began"
kill -TERM "$holder"
wait "$holder" || true
[ "$status" = 2 ] || fail "held file: exit $status: $(cat "$TMP/err")"
[ "$(grep -c "^nqueens-mpi: error: checkpoint '$held' is in use by another run" "$TMP/err")" = 1 ] ||
    fail "held file: $(cat "$TMP/err")"
[ "$status2" = 2 ] && grep -q "is in use by another run" "$TMP/err2" ||
    fail "held file, a plan that cannot be built: exit $status2: $(cat "$TMP/err2")"
"$NQUEENS" status "$held" | grep -q '^time .* in 1 run$' || fail "the refused job recorded a run"

# --max-time: rank 0 ends the job with exit status 2, as `nqueens count`
# does, saving the work so far with --checkpoint; the same command resumes.
status=0
mpi 2 count 16 --engine constellations --threads 1 --max-time 0.2 \
    > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] && [ ! -s "$TMP/out" ] || fail "--max-time: exit $status"
grep -qx 'nqueens-mpi: error: count of 16 stopped by --max-time 0.2: no result' "$TMP/err" ||
    fail "--max-time: $(head -3 "$TMP/err")"
db=$TMP/max-time.db
status=0
mpi 2 count 16 --engine constellations --threads 1 --max-time 0.2 \
    --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "--max-time --checkpoint: exit $status"
grep -q "^nqueens-mpi: error: count of 16 stopped by --max-time 0.2: [0-9]* of [0-9]* subproblems saved in '$db'; the same command resumes\$" "$TMP/err" ||
    fail "--max-time --checkpoint: $(head -3 "$TMP/err")"
mpi 2 count 16 --engine constellations --threads 1 --checkpoint "$db" > "$TMP/out" ||
    fail "resumed after --max-time"
expect_published 16 "$TMP/out"
# The limit counts the plan, which looks at no clock (the census of n = 21
# takes half a minute here): rank 0 ends the job once it has passed,
# before anything is saved. Its clock started after the plan, which took
# its time, then: "0 of N saved".
status=0
mpi 2 count 21 --threads 1 --memory 256M --max-time 0.3 \
    --checkpoint "$TMP/plan.db" > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "--max-time while planning: exit $status"
grep -qx "nqueens-mpi: error: count of 21 stopped by --max-time 0.3 while planning, before any work was saved in '$TMP/plan.db'" "$TMP/err" ||
    fail "--max-time while planning: $(head -3 "$TMP/err")"
[ ! -e "$TMP/plan.db" ] || fail "--max-time while planning made a checkpoint"

# A signal to a rank of a job without a checkpoint: rank 0 says what
# `nqueens count` says, what was counted and that it is lost (it said
# "interrupted (a signal to rank 1)" alone), and ends the job with 128 +
# the signal. n = 18 on one thread a rank takes a minute here: the signal
# comes long before the end.
mark=$TMP/signalled.txt
mpi 2 count 18 --engine constellations --threads 1 -o "$mark" \
    > "$TMP/out" 2> "$TMP/err" &
job=$!
worker=$(rank_pid_when 1 "$mark") || fail "signal to rank 1: no rank 1"
wait_catching "$worker"
kill -TERM "$worker"
status=0
wait "$job" || status=$?
[ "$status" = 143 ] || fail "signal to rank 1: exit $status: $(head -3 "$TMP/err")"
grep -q "^nqueens-mpi: interrupted (a signal to rank 1) after [0-9.]* s: [0-9]* of [0-9]* subproblems were done, and are lost without --checkpoint FILE\$" "$TMP/err" ||
    fail "signal to rank 1: $(head -3 "$TMP/err")"

# An -o FILE that cannot be written is refused before the count, as
# `nqueens count` refuses it (not after the whole job): nothing counted,
# no checkpoint made. A job that ends without a result leaves no -o file.
status=0
mpi 2 count 16 --engine constellations --threads 1 --checkpoint "$TMP/o.db" \
    -o "$TMP/no/such/dir/out" > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "-o in no folder: exit $status"
[ "$(grep -c "^nqueens-mpi: error: cannot write '$TMP/no/such/dir/out'" "$TMP/err")" = 1 ] ||
    fail "-o in no folder: $(head -3 "$TMP/err")"
[ ! -e "$TMP/o.db" ] || fail "-o in no folder: the job ran first"
status=0
mpi 2 count 16 --engine constellations --threads 1 --max-time 0.2 \
    -o "$TMP/result" > /dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "-o stopped by --max-time: exit $status"
for file in "$TMP"/result*; do
    [ ! -e "$file" ] || fail "-o stopped by --max-time left $file"
done
mpi 2 count 12 --json -o "$TMP/result" > "$TMP/out" || fail "-o FILE"
[ ! -s "$TMP/out" ] && grep -q '^{"n":12,"total":14200,' "$TMP/result" || fail "-o FILE: $(cat "$TMP/result")"

# Usage errors come once, from rank 0.
status=0
mpi 2 count > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "no N: exit $status"
[ "$(grep -c '^nqueens-mpi: error: count needs N' "$TMP/err")" = 1 ] || fail "no N: $(cat "$TMP/err")"
grep -q "(try 'nqueens-mpi count --help')\$" "$TMP/err" || fail "no N: the hint"
mpi 1 --help | grep -q '^Usage: mpirun -np P nqueens-mpi count' || fail "--help"

# A plan that cannot be made is said once, by rank 0, in the words of
# `nqueens count` for the same cause; a rank that fails alone is named.
# The budget named is that of the threads planned for: one thread each,
# as a rank that mpirun binds to a core has by default.
for args in "12 --engine join -m 1K --threads 1" "1 --engine join"; do
    status=0
    # shellcheck disable=SC2086
    mpi 2 count $args > "$TMP/out" 2> "$TMP/err" || status=$?
    [ "$status" = 2 ] || fail "count $args: exit $status"
    # shellcheck disable=SC2086
    want="nqueens-mpi: $("$NQUEENS" count $args 2>&1 | sed 's/^nqueens: //')"
    [ "$(grep -o 'nqueens-mpi: error:' "$TMP/err" | wc -l)" = 1 ] &&
        grep -qxF "$want" "$TMP/err" ||
        fail "count $args: $(head -3 "$TMP/err"), want $want"
done
status=0
# shellcheck disable=SC2086
timeout 300 "$MPIRUN" $MPIRUN_FLAGS \
    -np 1 "$NQUEENS_MPI" count 12 --engine join --memory 1M : \
    -np 1 "$NQUEENS_MPI" count 12 --engine join --memory 1K \
    > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] || fail "rank 1 fails alone: exit $status"
[ "$(grep -o 'nqueens-mpi: error:' "$TMP/err" | wc -l)" = 1 ] &&
    grep -qx 'nqueens-mpi: error: count of 12 failed on rank 1: out of memory' "$TMP/err" ||
    fail "rank 1 fails alone: $(head -3 "$TMP/err")"
mpi 1 count --help | grep -q '^Usage: mpirun -np P nqueens-mpi count' || fail "count --help"
# Every option of `nqueens count` is in nqueens-mpi's help: among its
# options, or named as one it does not take; --engine names gpu.
mpi 1 --help > "$TMP/help"
for option in $("$NQUEENS" count --help | sed -n 's/^ \{1,6\}\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p'); do
    grep -qE -- "$option([^a-z-]|\$)" "$TMP/help" || fail "nqueens-mpi --help: no $option"
done
grep -q 'auto (default), join, constellations or gpu' "$TMP/help" || fail "--help: --engine gpu"
# The exit statuses of a stop, SIGHUP's 129 among them, as docs/mpi.md.
tr '\n' ' ' < "$TMP/help" | grep -q '130, 143 or 129 after SIGINT, SIGTERM or SIGHUP to a rank' ||
    fail "--help: the exit statuses of a stop"

# Where the join's whole table does not fit --memory (33 MiB at 16), the
# ranks run it in passes, a pass to a rank: the published counts on 1, 2
# and 3 ranks, by auto and by name, and a checkpoint that the same command
# finds complete.
"$NQUEENS" count 15 --memory 2M --engine join --threads 1 --dry-run |
    grep -q ' in [0-9]* passes' ||
    fail "15 in 2M is no join in passes: $("$NQUEENS" count 15 --memory 2M --engine join --threads 1 --dry-run)"
for p in 1 2 3; do
    mpi "$p" count 15 --memory 2M --engine join --threads 1 > "$TMP/out" 2> "$TMP/err" ||
        fail "P=$p in passes: $(head -5 "$TMP/err")"
    expect_published 15 "$TMP/out"
    grep -q '^engine   join/2 n=15$' "$TMP/out" || fail "P=$p in passes: $(cat "$TMP/out")"
done
mpi 2 count 16 --memory 16M --threads 1 > "$TMP/out" || fail "auto, small budget"
grep -q '^engine   join/2 n=16$' "$TMP/out" || fail "auto, small budget: $(cat "$TMP/out")"
expect_published 16 "$TMP/out"
db=$TMP/passes.db
mpi 3 count 15 --memory 2M --threads 1 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" ||
    fail "in passes with a checkpoint: $(head -5 "$TMP/err")"
expect_published 15 "$TMP/out"
mpi 2 count 15 --memory 2M --threads 1 --checkpoint "$db" > "$TMP/out" || fail "rerun in passes"
expect_published 15 "$TMP/out"
"$NQUEENS" status "$db" | grep -q "complete: $(published_total 15) solutions" || fail "status in passes"
# The census of the join's tops goes into the checkpoint, and a rerun
# plans from it: rank 0 reads it and sends it to the others (changed from
# outside, it fails its check).
if command -v sqlite3 > /dev/null; then
    db=$TMP/census.db
    mpi 2 count 14 --engine join --threads 1 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" ||
        fail "census kept: $(head -5 "$TMP/err")"
    expect_published 14 "$TMP/out"
    [ "$(sqlite3 "$db" "SELECT value > 0 FROM meta WHERE key = 'census_len'")" = 1 ] ||
        fail "no census kept by the ranks"
    rm -f "$db"
    mpi 2 count 14 --engine join --threads 1 --checkpoint "$db" --max-time 0.001 > /dev/null 2>&1 || true
    mpi 3 count 14 --engine join --threads 1 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" ||
        fail "resumed from the census: $(head -5 "$TMP/err")"
    expect_published 14 "$TMP/out"
    sqlite3 "$db" "UPDATE meta SET value = zeroblob(length(value)) WHERE key = 'census'"
    status=0
    mpi 2 count 14 --engine join --threads 1 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" || status=$?
    [ "$status" = 2 ] || fail "damaged census: exit $status"
    [ "$(grep -c "^nqueens-mpi: error: checkpoint '$db' is damaged" "$TMP/err")" = 1 ] ||
        fail "damaged census: $(head -3 "$TMP/err")"
fi
# Ranks that would cut other passes (another --memory: 1.5M holds a
# tenth of the table at 15 in no cut, 2M does) are refused: a worker
# counts the pass whose number it is sent by its own cut.
status=0
# shellcheck disable=SC2086
timeout 300 "$MPIRUN" $MPIRUN_FLAGS \
    -np 1 "$NQUEENS_MPI" count 15 --memory 2M --engine join --threads 1 : \
    -np 1 "$NQUEENS_MPI" count 15 --memory 1500K --engine join --threads 1 \
    > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" != 0 ] || fail "ranks with other cuts: exit 0"
grep -q "^nqueens-mpi: error: the ranks do not agree on the plan" "$TMP/err" ||
    fail "ranks with other cuts: $(head -3 "$TMP/err")"

# Ranks of other --threads (as nodes of other cores give by default)
# cut the same passes: every rank plans for the most threads of any.
for threads in "1 2" "2 1"; do
    # shellcheck disable=SC2086
    set -- $threads
    # shellcheck disable=SC2086
    timeout 300 "$MPIRUN" $MPIRUN_FLAGS \
        -np 1 "$NQUEENS_MPI" count 16 --engine join --threads "$1" : \
        -np 2 "$NQUEENS_MPI" count 16 --engine join --threads "$2" \
        > "$TMP/out" 2> "$TMP/err" ||
        fail "ranks of $1 and $2 threads: $(head -3 "$TMP/err")"
    expect_published 16 "$TMP/out"
    grep -qx "threads  $(($1 + 2 * $2))" "$TMP/out" || fail "ranks of $1 and $2 threads: $(cat "$TMP/out")"
done

# --engine gpu: each rank counts on a device (a GPU of its own, round the
# GPUs found; PoCL's CPU where there is none), the published counts, and
# every unit recorded with the engine that counted it.
if [ "${NQ_GPU:-OFF}" = ON ]; then
    # The kernel built once into a cache of this test's own first: two
    # processes building it into one PoCL cache at once can make one fail.
    export POCL_CACHE_DIR="$TMP/pocl-cache"
    "$NQUEENS" count 8 --engine gpu --quiet > /dev/null || fail "count 8 --engine gpu"
    db=$TMP/gpu.db
    mpi 2 count 12 --engine gpu --threads 1 --checkpoint "$db" > "$TMP/out" 2> "$TMP/err" ||
        fail "P=2 --engine gpu: $(cat "$TMP/err")"
    expect_published 12 "$TMP/out"
    # Both ranks' threads, which counted the symmetric searches alone.
    grep -qx "threads  2 (sym180 and sym90; the rest on the device)" "$TMP/out" ||
        fail "P=2 --engine gpu, threads line: $(cat "$TMP/out")"
    "$NQUEENS" status --units "$db" > "$TMP/units" || fail "status --units of the GPU job"
    # The symmetric searches (ids 0 to 23) on the ranks' CPUs, as the
    # constellations count them; the rest on the devices.
    awk 'NR > 1 && $5 != ($1 < 24 ? "constellations" : "gpu") { bad = 1 }
         END { exit bad || NR < 25 }' "$TMP/units" ||
        fail "the GPU job's units: $(cat "$TMP/units")"
    # --max-time counts from the start of the run, the kernel's build
    # included, as in `nqueens count` (the clock started once the plan was
    # made): a preloaded clBuildProgram takes 1000 s on the ranks' clocks.
    if [ "${NQ_GPU_API:-OPENCL}" != CUDA ]; then
        for args in "-np 2 $NQUEENS_MPI count 10" \
            "-np 1 $NQUEENS_MPI count 10 --checkpoint $TMP/slow-build.db"; do
            status=0
            # shellcheck disable=SC2086
            timeout 300 "$MPIRUN" $MPIRUN_FLAGS -x LD_PRELOAD="$NQ_SLOW_KERNEL_BUILD" \
                -x ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
                $args --engine gpu --max-time 100 --quiet > "$TMP/out" 2> "$TMP/err" ||
                status=$?
            [ "$status" = 2 ] &&
                grep -q "^nqueens-mpi: error: count of 10 stopped by --max-time 100" "$TMP/err" ||
                fail "a build of 1000 s, $args --max-time 100: exit $status: $(cat "$TMP/err")"
        done
    fi
fi

# Provenance: rank 0 records every unit, each with the host of the rank
# that counted it (NQUEENS_HOST, set apart for each rank here).
db=$TMP/hosts.db
# shellcheck disable=SC2016,SC2086
timeout 300 "$MPIRUN" $MPIRUN_FLAGS -np 2 sh -c \
    'NQUEENS_HOST=rank-$OMPI_COMM_WORLD_RANK exec "$0" "$@"' "$NQUEENS_MPI" \
    count 14 --engine constellations --threads 1 --checkpoint "$db" > "$TMP/out" ||
    fail "job with a host a rank"
expect_published 14 "$TMP/out"
"$NQUEENS" status --units "$db" > "$TMP/units" || fail "status --units of the job"
for host in rank-0 rank-1; do
    grep -Eq "^[0-9]+ [0-9]+ [0-9]+ [0-9]+ constellations [0-9.]+ $host " "$TMP/units" ||
        fail "no unit of $host: $(awk '{ print $7 }' "$TMP/units" | sort | uniq -c)"
done
# A NQUEENS_HOST that no row could record is refused where rows are
# recorded (with --checkpoint, before the file is made), and only there,
# as `nqueens count` refuses it.
NQUEENS_HOST="a b" mpi 2 count 8 > "$TMP/out" 2> "$TMP/err" ||
    fail "NQUEENS_HOST 'a b' without a checkpoint: $(head -3 "$TMP/err")"
expect_published 8 "$TMP/out"
status=0
NQUEENS_HOST="a b" mpi 2 count 8 --checkpoint "$TMP/host.db" > "$TMP/out" 2> "$TMP/err" || status=$?
[ "$status" = 2 ] && [ ! -e "$TMP/host.db" ] || fail "NQUEENS_HOST 'a b' with a checkpoint: exit $status"
[ "$(grep -c '^nqueens-mpi: error: NQUEENS_HOST must be a name of 1 to 63 bytes' "$TMP/err")" = 1 ] ||
    fail "NQUEENS_HOST 'a b' with a checkpoint: $(head -3 "$TMP/err")"
pass
