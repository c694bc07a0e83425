#!/bin/sh
# The maps of the code stay true: every folder of src/ and cli/ has a
# README.md whose table names, in its first column, each source file of the
# folder (.c, .h, and the .html pages of the tool) and each folder in it
# (as `name/`), and names nothing that is not there (a file removed or
# renamed leaves no stale row).
# Usage: test_readmes.sh SOURCE_DIR
set -u
src=$1
bad=0
checked=0

# listed README: the backquoted names in the first column of README's
# table rows, one a line (`a.c`, `a.h` and [`join/`](join/README.md) alike).
# (The backquotes in the awk and grep programs are literal.)
# shellcheck disable=SC2016
listed() {
    awk -F'|' '/^\|/ { print $2 }' "$1" | grep -o '`[^`]*`' | tr -d '`'
}

for root in src cli; do
    [ -d "$src/$root" ] || { echo "no folder $root/ in $src"; exit 1; }
    for dir in $(cd "$src" && find "$root" -type d | sort); do
        readme=$src/$dir/README.md
        if [ ! -f "$readme" ]; then
            echo "$dir/: no README.md"
            bad=$((bad + 1))
            continue
        fi
        names=$(listed "$readme")
        # Each source file and folder here is named...
        for path in "$src/$dir"/*; do
            entry=$(basename "$path")
            if [ -d "$path" ]; then
                entry=$entry/
            else
                case $entry in
                *.c | *.h | *.html) ;;
                *) continue ;;
                esac
            fi
            checked=$((checked + 1))
            if ! printf '%s\n' "$names" | grep -Fqx "$entry"; then
                echo "$dir/README.md does not name $entry"
                bad=$((bad + 1))
            fi
        done
        # ... and each name is here.
        for name in $names; do
            if [ ! -e "$src/$dir/$name" ]; then
                echo "$dir/README.md names $name, which is not in $dir/"
                bad=$((bad + 1))
            fi
        done
    done
done
echo "$checked files and folders checked, $bad not in step with their README"
[ "$checked" -gt 0 ] && [ "$bad" -eq 0 ]
