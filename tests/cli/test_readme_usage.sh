#!/bin/sh
# The README's first examples, the quick start and `nqueens N`, are run and
# must print what the README shows (standard output and error together).
# The other sections' examples are run by their commands' tests.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
check_readme_examples "Quick start" 4
check_readme_examples "Printing every solution" 3
pass
