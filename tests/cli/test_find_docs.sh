#!/bin/sh
# The README's examples of `find` and `verify` are run and must print what
# the README shows (standard output and error together), so the docs and
# the tool cannot drift apart. Examples that write a file (-o) are skipped:
# the README's one writes ten gigabytes.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"

# The "Huge boards" section, its console blocks only.
awk '/^## Huge boards/ { on = 1; next } /^## / { on = 0 }
     on && /^```console$/ { block = 1; next }
     on && /^```$/ { block = 0; next }
     on && block' "$NQ_SOURCE_DIR/README.md" > "$TMP/examples"
[ -s "$TMP/examples" ] || fail "no examples found in README.md"

checked=0
check() {
    [ -n "$cmd" ] || return 0
    case $cmd in *" -o "*) return 0 ;; esac
    # Every `nqueens` of the example is the tool under test.
    run=$(printf '%s\n' "$cmd" | sed 's/\(^\|| \)nqueens /\1"$NQUEENS" /g')
    sh -c "$run" > "$TMP/got" 2>&1 || true
    if ! cmp -s "$TMP/want" "$TMP/got"; then
        diff "$TMP/want" "$TMP/got" >&2 || true
        fail "README example: $cmd"
    fi
    checked=$((checked + 1))
}
cmd=""
: > "$TMP/want"
while IFS= read -r line; do
    case $line in
    '$ '*)
        check
        cmd=${line#'$ '}
        : > "$TMP/want"
        ;;
    *) printf '%s\n' "$line" >> "$TMP/want" ;;
    esac
done < "$TMP/examples"
check
[ "$checked" -ge 5 ] || fail "only $checked README examples checked"
pass
