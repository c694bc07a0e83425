#!/bin/sh
# The README's examples of `complete` are run and must print what the
# README shows (standard output and error together), so the docs and the
# tool cannot drift apart.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
check_readme_examples "Completing a board" 6
pass
