#!/bin/sh
# The man page writes a dash that starts an option or a negative number as
# \- (groff prints a bare - as a hyphen, which does not paste into a shell
# as a minus: lintian's hyphen-used-as-minus-sign), also in its EXAMPLES;
# and its NAME line names nqueens-mpi, whose installed man page leads to it
# (`man nqueens-mpi`, `whatis nqueens-mpi`); its header line carries the
# tool's version, and groff renders it without a warning.
set -eu
. "$NQ_SOURCE_DIR/tests/cli/lib.sh"
page=$NQ_SOURCE_DIR/docs/nqueens.1

# Text lines (not requests): a dash after a space, a quote or a bracket,
# or at the start of the line, and not escaped.
bare=$(grep -nE '^[^.].*(^|[^\\A-Za-z0-9-])-' "$page" || true)
[ -z "$bare" ] || fail "bare dashes (write \\-): $bare"
# Anywhere: a bare double dash.
bare=$(grep -nE '(^|[^\\])--' "$page" | grep -v '^[0-9]*:\.\\"' || true)
[ -z "$bare" ] || fail "bare double dashes (write \\-\\-): $bare"

name=$(sed -n '/^\.SH NAME/{n;p;q}' "$page")
case $name in
*'nqueens\-mpi \-'*) ;;
*) fail "NAME does not name nqueens-mpi: $name" ;;
esac
[ "$(cat "$NQ_SOURCE_DIR/docs/nqueens-mpi.1")" = '.so man1/nqueens.1' ] ||
    fail "docs/nqueens-mpi.1 is no .so of nqueens.1"
# The version in its header line is the tool's (CMake's, read from
# include/nqueens.h), which the page cannot follow by itself.
th_version=$(sed -n 's/^\.TH NQUEENS 1 "[^"]*" "\([^"]*\)".*/\1/p' "$page")
tool_version=$("$NQUEENS" --version) || fail "nqueens --version exited $?"
[ "$th_version" = "$tool_version" ] ||
    fail ".TH says '$th_version', nqueens --version '$tool_version'"
# It renders without a warning of groff's (where groff is: man-db's).
if command -v groff > /dev/null; then
    warnings=$(LC_ALL=C.UTF-8 groff -ww -z -man -Tutf8 "$page" 2>&1) ||
        fail "groff failed: $warnings"
    [ -z "$warnings" ] || fail "groff warns: $warnings"
fi
pass
