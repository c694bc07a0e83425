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
    elif grep -q 'Process terminating with default action of signal' "$log" &&
        ! grep -qE 'Invalid (read|write|free)|uninitialised|Mismatched free|overlap|Syscall param|Jump to the invalid' "$log"; then
        # Killed by a signal on purpose (a test of Ctrl-C): what its threads
        # held is not a leak, and no access error was seen.
        killed=$((killed + 1))
        rm -f "$log"
    else
        bad=$((bad + 1))
        echo "==== $log"
        cat "$log"
    fi
done
echo "memcheck: $runs runs of nqueens, $bad with errors or leaks, $killed killed by a signal (judged by access errors only)"
[ "$runs" -gt 0 ] || { echo "memcheck: no logs in $dir: was the tool run?"; exit 1; }
[ "$bad" -eq 0 ]
