#!/bin/sh
# Runs every libFuzzer target built in BUILD_DIR (by `make fuzz`) for
# SECONDS each, JOBS at a time, under the sanitizers they were built with.
# Each target starts from its seed corpus (tests/fuzz/corpus/<reader>/, read
# only) plus what earlier runs found (BUILD_DIR/fuzz-corpus/<reader>/). A
# crash, leak, timeout or failed property stops that target, leaves the
# input in tests/fuzz/crashes/<reader>/ (commit it with the fix: CTest
# replays it from then on) and fails the run. Every run appends a line to
# BUILD_DIR/fuzz-log.tsv, and the totals per target are printed at the end.
# Usage: run-fuzzers.sh BUILD_DIR SECONDS [JOBS]
set -u
build=$1
seconds=$2
jobs=${3:-1}
here=$(cd "$(dirname "$0")" && pwd)
log_dir=$build/fuzz-logs
mkdir -p "$log_dir"

targets=""
for bin in "$build"/tests/fuzz/fuzz_*; do
    case $bin in *_replay) continue ;; esac
    [ -x "$bin" ] && targets="$targets $bin"
done
[ -n "$targets" ] || { echo "run-fuzzers: no fuzz targets in $build/tests/fuzz" >&2; exit 1; }

# run_one BIN: one target for $seconds; prints one status line.
run_one() {
    bin=$1
    reader=${bin##*/fuzz_}
    mkdir -p "$build/fuzz-corpus/$reader" "$here/crashes/$reader"
    dict=""
    [ -f "$here/$reader.dict" ] && dict="-dict=$here/$reader.dict"
    started=$(date +%s)
    # -close_fd_mask=3: the readers' error messages would drown the log;
    # libFuzzer and the sanitizers keep their own copy of stderr.
    # shellcheck disable=SC2086
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=16384 -close_fd_mask=3 -print_final_stats=1 \
        -artifact_prefix="$here/crashes/$reader/" $dict \
        "$build/fuzz-corpus/$reader" "$here/corpus/$reader" \
        > "$log_dir/$reader.log" 2>&1
    status=$?
    elapsed=$(($(date +%s) - started))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log_dir/$reader.log")
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$reader" "$elapsed" \
        "${runs:-0}" "$status" >> "$build/fuzz-log.tsv"
    if [ "$status" -eq 0 ]; then
        echo "fuzz $reader: ${elapsed}s, ${runs:-?} inputs, no finding"
    else
        echo "fuzz $reader: FINDING (exit $status), log $log_dir/$reader.log:"
        grep -E 'ERROR|SUMMARY|property failed|Test unit written' "$log_dir/$reader.log" | head -20
    fi
    return "$status"
}

if [ "${RUN_FUZZERS_ONE:-}" ]; then
    run_one "$RUN_FUZZERS_ONE"
    exit $?
fi

# One target per job; xargs runs them JOBS at a time and fails if any did.
status=0
printf '%s\n' $targets |
    xargs -P "$jobs" -I '{}' env RUN_FUZZERS_ONE='{}' sh "$0" "$build" "$seconds" ||
    status=1

echo "fuzz time so far (all runs in $build/fuzz-log.tsv), per target:"
awk -F '\t' '{ t[$2] += $3; n[$2] += $4 } END { for (r in t) printf "  %-16s %6d s  %12d inputs\n", r, t[r], n[r] }' \
    "$build/fuzz-log.tsv" | sort
exit $status
