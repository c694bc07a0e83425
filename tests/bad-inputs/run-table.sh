#!/bin/sh
# Runs every row of the table of bad inputs (tests/bad-inputs/table) against
# the tool in $NQUEENS and checks, for each: the exit status; that standard
# error is exactly the one expected line; that standard output is empty (a
# failed run prints no partial answer); that no file was left behind in the
# scratch folder (no partial -o output, no temporary file); and that
# /dev/full is still a device. The table's header explains its columns.
# Usage: run-table.sh TABLE
set -u
table=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
scratch=$work/scratch # @TMP@ in the table
mkdir "$scratch" "$scratch/dir"
printf '8\n' > "$scratch/file"
(cd "$scratch" && find . | LC_ALL=C sort) > "$work/files-before"

# expand TEXT: the table's placeholders replaced by their values.
expand() {
    printf '%s' "$1" | sed "s|@TMP@|$scratch|g"
}

# field: splits $rest at its first " | " into $field and the new $rest.
next_field() {
    case $rest in
    *" | "*)
        field=${rest%%" | "*}
        rest=${rest#*" | "}
        ;;
    *)
        field=$rest
        rest=""
        ;;
    esac
}

rows=0
failed=0
set -f # arguments are split on spaces, never globbed
while IFS= read -r line || [ -n "$line" ]; do
    case $line in '#'* | '') continue ;; esac
    rest=$line
    next_field; name=$field
    next_field; args=$(expand "$field")
    next_field; input=$field
    next_field; output=$field
    next_field; want_status=$field
    want_message=$(expand "$rest")
    if [ "$output" = closed ] && [ -n "${NQ_MEMCHECK_TOOL:-}" ]; then
        # valgrind opens files of its own, which take the closed descriptor.
        echo "skip $name: not under valgrind"
        continue
    fi
    rows=$((rows + 1))

    set --
    for word in $args; do
        if [ "$word" = "@EMPTY@" ]; then
            set -- "$@" ""
        else
            set -- "$@" "$(printf '%b' "$word")"
        fi
    done
    case $input in
    "<"*) stdin_from=$(expand "${input#<}") ;;
    *)
        printf '%b' "$input" > "$work/stdin"
        stdin_from=$work/stdin
        ;;
    esac
    : > "$work/stdout"
    status=0
    want_first=""
    case $output in
    capture)
        "$NQUEENS" "$@" < "$stdin_from" > "$work/stdout" 2> "$work/stderr" ||
            status=$?
        ;;
    first-line=*)
        want_first=$(expand "${output#first-line=}")
        "$NQUEENS" "$@" < "$stdin_from" > "$work/answer" 2> "$work/stderr" ||
            status=$?
        ;;
    closed)
        "$NQUEENS" "$@" < "$stdin_from" >&- 2> "$work/stderr" || status=$?
        ;;
    *)
        "$NQUEENS" "$@" < "$stdin_from" > "$(expand "$output")" \
            2> "$work/stderr" || status=$?
        ;;
    esac

    problem=""
    [ "$status" = "$want_status" ] ||
        problem="exit status $status, expected $want_status"
    if [ -n "$want_message" ]; then
        printf '%s\n' "$want_message" > "$work/want-stderr"
    else
        : > "$work/want-stderr" # the answer is on stdout, nothing on stderr
    fi
    if ! cmp -s "$work/want-stderr" "$work/stderr"; then
        problem="${problem:+$problem; }standard error was: $(head -c 400 "$work/stderr")"
    fi
    if [ -n "$want_first" ] &&
        [ "$(head -n 1 "$work/answer")" != "$want_first" ]; then
        problem="${problem:+$problem; }first line of standard output was: $(head -n 1 "$work/answer" | head -c 200)"
    fi
    [ -s "$work/stdout" ] &&
        problem="${problem:+$problem; }standard output not empty: $(head -c 200 "$work/stdout")"
    (cd "$scratch" && find . | LC_ALL=C sort) > "$work/files-after"
    if ! cmp -s "$work/files-before" "$work/files-after"; then
        problem="${problem:+$problem; }files left behind: $(comm -13 "$work/files-before" "$work/files-after" | tr '\n' ' ')"
        # Start the next row clean.
        comm -13 "$work/files-before" "$work/files-after" | while IFS= read -r f; do
            rm -rf "${scratch:?}/$f"
        done
    fi
    [ -c /dev/full ] || problem="${problem:+$problem; }/dev/full is no longer a device"
    [ "$(cat "$scratch/file")" = 8 ] || {
        problem="${problem:+$problem; }@TMP@/file was changed"
        printf '8\n' > "$scratch/file"
    }

    if [ -n "$problem" ]; then
        echo "FAIL $name: $problem"
        failed=$((failed + 1))
    else
        echo "ok   $name"
    fi
done < "$table"

echo "$rows rows, $failed failed"
[ "$rows" -gt 0 ] && [ "$failed" -eq 0 ]
