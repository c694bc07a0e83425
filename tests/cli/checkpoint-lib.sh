# Shared by the checkpoint tests that stop and kill counts (sourced, POSIX
# sh, after lib.sh).

# done_of FILE: the subproblems a checkpoint holds (0 while it is not there).
done_of() {
    "$NQUEENS" status --json "$1" 2> /dev/null |
        sed -n 's/.*"done":\([0-9]*\),.*/\1/p' | grep . || echo 0
}

# wait_done_above FILE D PID: waits until FILE holds more than D finished
# subproblems, or until process PID has ended; 60 s at most.
wait_done_above() {
    tries=0
    while [ "$(done_of "$1")" -le "$2" ]; do
        kill -0 "$3" 2> /dev/null || return 0
        tries=$((tries + 1))
        [ "$tries" -lt 1200 ] || fail "no progress in $1 after 60 s"
        sleep 0.05
    done
}

# counts_of FILE: the lines of count output that must not depend on how
# the count ran.
counts_of() {
    grep -E '^(n|total|unique|sym180|sym90|engine) ' "$1"
}

# expect_published N FILE: FILE (count output) holds the published counts.
expect_published() {
    grep -qx "total    $(published_total "$1")" "$2" &&
        grep -qx "unique   $(published_unique "$1")" "$2" ||
        fail "count of $1: $(tr '\n' ' ' < "$2"), expected total $(published_total "$1") unique $(published_unique "$1")"
}

# kill_and_resume N DB KILLS [COUNT-CMD...]: runs the count of N with
# checkpoint DB, kills it with SIGKILL KILLS times, each time after the
# checkpoint has grown, checks that no committed work was lost, then runs
# it to the end and checks the published counts. The command defaults to
# "$NQUEENS count".
kill_and_resume() {
    n=$1
    db=$2
    kills=$3
    shift 3
    [ $# -gt 0 ] || set -- "$NQUEENS" count
    rm -f "$db"
    saved=0
    k=0
    while [ "$k" -lt "$kills" ]; do
        "$@" "$n" --checkpoint "$db" --checkpoint-interval 0.05 --quiet \
            > "$TMP/kill.out" 2> "$TMP/kill.err" &
        pid=$!
        wait_done_above "$db" "$saved" "$pid"
        seen=$(done_of "$db")
        kill -KILL "$pid" 2> /dev/null || true
        wait "$pid" 2> /dev/null || true
        after=$(done_of "$db")
        [ "$after" -ge "$seen" ] || fail "n=$n: $seen saved before kill -9, $after after"
        saved=$after
        k=$((k + 1))
    done
    "$@" "$n" --checkpoint "$db" --quiet > "$TMP/final.out" 2> "$TMP/final.err" ||
        fail "n=$n: resumed run: $(cat "$TMP/final.err")"
    expect_published "$n" "$TMP/final.out"
}
