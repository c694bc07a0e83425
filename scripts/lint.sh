#!/bin/sh
# Formatting and static analysis: every tracked .c/.h file of src/,
# include/, tests/, bench/, mpi/ and cli/ must be as clang-format makes it
# with the committed .clang-format; then every C file the build compiles
# (library, tool, tests, fuzz targets) goes through clang-tidy with the
# committed .clang-tidy and cppcheck with the options below and
# .cppcheck-suppressions. Any finding fails.
# `make lint` runs it (and `make check` runs `make lint`).
# Usage: scripts/lint.sh BUILD_DIR [JOBS]   (BUILD_DIR configured with
# -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; nothing needs to be built)
set -eu
build=$1
jobs=${2:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
db=$build/compile_commands.json
[ -f "$db" ] || { echo "lint: no $db (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)" >&2; exit 2; }

# One entry per file: a source compiled into two targets (cli/ into the tool
# and into nqueens-mpi) would be analysed twice in one clang-tidy run, and
# its path-sensitive checks then report errors that neither run has.
# (run-clang-tidy is itself a python3 script.)
mkdir -p "$build/lint-db"
python3 - "$db" "$build/lint-db/compile_commands.json" <<'PY'
import json, sys
seen, kept = set(), []
for entry in json.load(open(sys.argv[1])):
    if entry["file"] not in seen:
        seen.add(entry["file"])
        kept.append(entry)
json.dump(kept, open(sys.argv[2], "w"), indent=1)
PY
db=$build/lint-db/compile_commands.json

status=0

# Formatting: the files are listed by git where there is a checkout (so
# that build trees and untracked scratch files are not judged), else found.
echo "lint: clang-format ($(clang-format --version | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -1))"
if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    sources=$(git -C "$root" ls-files -- 'src/*.[ch]' 'include/*.[ch]' \
        'tests/*.[ch]' 'bench/*.[ch]' 'mpi/*.[ch]' 'cli/*.[ch]')
else
    sources=$(cd "$root" && find src include tests bench mpi cli \
        -name '*.[ch]' 2> /dev/null | sort)
fi
unformatted=""
for f in $sources; do
    if ! clang-format --dry-run --Werror --style=file "$root/$f" \
        > /dev/null 2>&1; then
        unformatted="$unformatted $f"
    fi
done
if [ -n "$unformatted" ]; then
    for f in $unformatted; do
        echo "$f: not formatted (clang-format -i $f)"
    done
    echo "lint: clang-format found $(echo $unformatted | wc -w) files to format"
    status=1
fi

echo "lint: clang-tidy ($(clang-tidy --version | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -1))"
# run-clang-tidy prints every file it checks; only the findings matter.
if ! run-clang-tidy -p "$build/lint-db" -quiet -j "$jobs" "$root/(src|cli|tests)/" \
    > "$build/clang-tidy.log" 2>&1; then
    sed 's/\x1b\[[0-9;]*m//g' "$build/clang-tidy.log" | grep -E '(warning|error):' | sort -u
    echo "lint: clang-tidy found problems (full log: $build/clang-tidy.log)"
    status=1
fi

echo "lint: cppcheck ($(cppcheck --version))"
if ! cppcheck --project="$db" --enable=warning,style,performance,portability \
    --std=c11 --library=posix --inline-suppr \
    --suppressions-list="$root/.cppcheck-suppressions" \
    --error-exitcode=1 --quiet -j "$jobs" \
    --template='{file}:{line}:{column}: {severity}: {message} [{id}]'; then
    echo "lint: cppcheck found problems"
    status=1
fi

[ "$status" -eq 0 ] && echo "lint: clean"
exit "$status"
