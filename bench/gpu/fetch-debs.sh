#!/bin/sh
# Fetches, on a Debian machine with a package mirror, the .deb files that
# the GPU machine lacks into bench/gpu/carry/debs/ (ignored by git), for
# bench/gpu/device-check.sh to unpack there (never into /): the OpenCL ICD
# loader (ocl-icd-libopencl1) and headers, cmocka for the unit tests,
# pkg-config that finds it, SQLite's headers, and clinfo.
# Usage: bench/gpu/fetch-debs.sh        (then carry bench/gpu/carry)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest=$here/carry/debs
mkdir -p "$dest"
cd "$dest"
apt-get download \
    ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-c-headers \
    opencl-clhpp-headers opencl-headers clinfo \
    libcmocka0 libcmocka-dev \
    pkgconf pkgconf-bin libpkgconf3 pkg-config \
    libsqlite3-0 libsqlite3-dev
ls -l "$dest"
du -sh "$dest"
