#!/bin/sh
# Installs the Debian packages of the lists named that are not installed
# yet: build (what building the library and the tool needs), mpi (what
# nqueens-mpi needs), gpu (what the GPU engine needs), test (what only the
# tests need); the lists are
# scripts/packages-LIST.txt. As root it uses apt-get; otherwise it names
# what is missing and fails.
# Usage: scripts/install-deps.sh build|mpi|gpu|test ...
set -eu
here=$(dirname "$0")
[ $# -gt 0 ] || { echo "usage: $0 build|mpi|gpu|test ..." >&2; exit 2; }
missing=""
for list in "$@"; do
    case $list in
    build | mpi | gpu | test) ;;
    *) echo "install-deps: no package list '$list' (build, mpi, gpu or test)" >&2; exit 2 ;;
    esac
    for pkg in $(grep -v '^#' "$here/packages-$list.txt" | grep -v '^[[:space:]]*$'); do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed'; then
            missing="$missing $pkg"
        fi
    done
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: missing packages:$missing (install them with apt-get, or run as root)" >&2
    exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing
