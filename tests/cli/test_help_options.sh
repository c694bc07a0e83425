#!/bin/sh
# Every option that a command's --help lists (long name and letter) is
# accepted by that command, and a name it does not list is refused as an
# unknown option (and the exit statuses of a signal are listed where a
# command has them). Each option goes last, after an N or a FILE that the
# command then refuses, so that no command does real work here.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# accepts_option LABEL ARGS...: fails if the tool calls the last of ARGS
# an unknown option.
accepts_option() {
    label=$1
    shift
    "$NQUEENS" "$@" < /dev/null > "$TMP/out" 2> "$TMP/err" || true
    if grep -q "unknown option" "$TMP/err"; then
        fail "$label: listed in --help but refused: $(cat "$TMP/err")"
    fi
}

checked=0
for command in "" count solve find complete trace verify status merge audit bench; do
    # The arguments that make the command stop before any work.
    case $command in
    "") before="0" ;;
    verify | status | merge | audit) before="$TMP/none-a $TMP/none-b" ;;
    *) before="0" ;;
    esac
    # shellcheck disable=SC2086 # $command is one word or none
    "$NQUEENS" $command --help > "$TMP/help" ||
        fail "nqueens $command --help failed"
    # Option lines: "  -x, --name ...", "  --name ..." or "      --name ...".
    sed -n 's/^ \{2,6\}\(-[A-Za-z], \)\{0,1\}--\([a-z][a-z0-9-]*\).*/\1--\2/p' \
        "$TMP/help" > "$TMP/options"
    [ -s "$TMP/options" ] || fail "nqueens $command --help lists no option"
    while read -r first second; do
        for option in $first $second; do
            option=${option%,}
            # shellcheck disable=SC2086
            accepts_option "nqueens $command $option" $command $before "$option"
            checked=$((checked + 1))
        done
    done < "$TMP/options"
    # A name that no command takes is refused the same way by each.
    # shellcheck disable=SC2086
    "$NQUEENS" $command $before --no-such-option < /dev/null \
        > "$TMP/out" 2> "$TMP/err" && fail "nqueens $command took --no-such-option"
    grep -q "unknown option '--no-such-option'" "$TMP/err" ||
        fail "nqueens $command --no-such-option: $(cat "$TMP/err")"
done
[ "$checked" -ge 60 ] || fail "only $checked options checked"
echo "$checked options checked"

# The commands that a signal stops with an exit status of their own give
# it in their help, as the man page does: count 130, 143 and 129 (SIGINT,
# SIGTERM, SIGHUP), trace --animate 130.
"$NQUEENS" count --help | tr '\n' ' ' |
    grep -q "Exit status: .* 130, 143 or 129 stopped by SIGINT, SIGTERM or SIGHUP" ||
    fail "count --help leaves out 130, 143 and 129"
"$NQUEENS" trace --help | tr '\n' ' ' | grep -q "Exit status: .* 130 --animate" ||
    fail "trace --help leaves out 130"
pass
