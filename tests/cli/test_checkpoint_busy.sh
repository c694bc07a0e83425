#!/bin/sh
# status, merge and audit read a checkpoint under SQLite's lock, which a
# count holds while it saves. A lock let go soon is waited for; a lock
# held past the wait (10 s) gives exit 2 and a message that says the file
# is busy, not that it cannot be read. The lock is held here by another
# connection (Python's sqlite3) for as long as the readers run, so that
# nothing depends on timing.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
need_tool python3 python3

db=$TMP/10.db
"$NQUEENS" count 10 --checkpoint "$db" --quiet > /dev/null

# hold.py MODE FILE CMD...: runs CMD while an exclusive SQLite lock is
# held on FILE: for the whole run (MODE all), or let go a moment after CMD
# starts (MODE brief).
cat > "$TMP/hold.py" << 'PY'
import sqlite3, subprocess, sys, time
mode, path = sys.argv[1], sys.argv[2]
db = sqlite3.connect(path, isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
p = subprocess.Popen(sys.argv[3:])
if mode == "brief":
    time.sleep(0.3)
    db.execute("ROLLBACK")
sys.exit(p.wait())
PY
# readers.sh FILE DIR: the three readers at once, each's exit status in
# DIR/CMD.status.
cat > "$TMP/readers.sh" << 'SH'
for cmd in status merge audit; do
    ( s=0; "$NQUEENS" $cmd "$1" > "$2/$cmd.stdout" 2> "$2/$cmd.stderr" || s=$?
      echo $s > "$2/$cmd.status" ) &
done
wait
SH

# Let go soon: every reader gets through.
python3 "$TMP/hold.py" brief "$db" sh "$TMP/readers.sh" "$db" "$TMP"
for cmd in status merge audit; do
    [ "$(cat "$TMP/$cmd.status")" = 0 ] ||
        fail "$cmd waiting for a brief lock: exit $(cat "$TMP/$cmd.status"): $(cat "$TMP/$cmd.stderr")"
done

# Held past the wait: exit 2, "is busy", nothing on stdout.
python3 "$TMP/hold.py" all "$db" sh "$TMP/readers.sh" "$db" "$TMP"
for cmd in status merge audit; do
    [ "$(cat "$TMP/$cmd.status")" = 2 ] ||
        fail "$cmd under a held lock: exit $(cat "$TMP/$cmd.status"): $(cat "$TMP/$cmd.stderr")"
    grep -qx "nqueens: error: checkpoint '$db' is busy: another process kept it locked for over 10 seconds (try again)" \
        "$TMP/$cmd.stderr" || fail "$cmd under a held lock: $(cat "$TMP/$cmd.stderr")"
    [ ! -s "$TMP/$cmd.stdout" ] || fail "$cmd under a held lock printed: $(cat "$TMP/$cmd.stdout")"
done
# The file is as it was: the lock's holder wrote nothing.
"$NQUEENS" status "$db" | grep -q "^result      complete: 724 solutions" || fail "status after"
pass
