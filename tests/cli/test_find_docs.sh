#!/bin/sh
# The README's examples of `find` and `verify` are run and must print what
# the README shows (standard output and error together), so the docs and
# the tool cannot drift apart. Examples that write a file (-o) are skipped:
# the README's one writes ten gigabytes.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
check_readme_examples "Huge boards" 3
check_readme_examples "Checking a placement" 3
pass
