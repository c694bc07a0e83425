#!/bin/sh
# Installs the Debian packages listed in scripts/packages.txt that are not
# installed yet. As root it uses apt-get; otherwise it names what is missing.
set -eu
here=$(dirname "$0")
missing=""
for pkg in $(grep -v '^#' "$here/packages.txt" | grep -v '^[[:space:]]*$'); do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed'; then
        missing="$missing $pkg"
    fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: missing packages:$missing (install them, or run as root)" >&2
    exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing
