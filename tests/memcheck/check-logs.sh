#!/bin/sh
# Reads the valgrind logs a memcheck test run left (one per run of the
# tool) and fails, printing them, if any run had a memory error or a leak.
# Clean logs are removed, so the folder holds only what needs a look.
# Usage: check-logs.sh LOG_DIR
set -u
dir=$1
runs=0
bad=0
killed=0
for log in "$dir"/memcheck.*.log; do
    [ -f "$log" ] || continue
    runs=$((runs + 1))
    if grep -q 'ERROR SUMMARY: 0 errors from 0 contexts' "$log"; then
        rm -f "$log"
    elif ! grep -q 'ERROR SUMMARY' "$log"; then
        # Killed (SIGKILL) before valgrind could summarise: nothing to judge.
        killed=$((killed + 1))
        rm -f "$log"
    else
        bad=$((bad + 1))
        echo "==== $log"
        cat "$log"
    fi
done
echo "memcheck: $runs runs of nqueens, $bad with errors or leaks, $killed killed"
[ "$runs" -gt 0 ] || { echo "memcheck: no logs in $dir: was the tool run?"; exit 1; }
[ "$bad" -eq 0 ]
