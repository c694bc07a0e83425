# gpu-env.sh - what bench/gpu/device-check.sh and bench/gpu/tune.sh share
# on the GPU machine, sourced by both after they set `limit` (seconds)
# and `log_name` (the log's file name under $OUT): the time left, the
# log, the machine made ready (prepare_machine: the carried packages
# unpacked beside the tree, the NVIDIA driver's OpenCL made visible to
# the ICD loader), and the build of the tool.
#
# What that machine may lack is carried, unpacked into an ignored folder,
# never into /: run bench/gpu/fetch-debs.sh on a Debian machine first, and
# carry bench/gpu/carry (the OpenCL ICD loader from ocl-icd-libopencl1,
# the OpenCL headers, cmocka and pkg-config for the unit tests, SQLite's
# headers, clinfo). Where no ICD file names the NVIDIA driver's OpenCL
# library, one is written that does (libnvidia-opencl.so.1, looked for in
# the driver's folders) and OCL_ICD_VENDORS points the loader at it.
# shellcheck shell=sh
# shellcheck disable=SC2154 # limit and log_name: the sourcing script's

root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/bench/gpu/carry
sys=$carry/root
start=$(date +%s)
out=${OUT:-}
log=/dev/null
if [ -n "$out" ]; then
    mkdir -p "$out"
    log=$out/$log_name
    : > "$log"
fi

say() {
    printf '%s\n' "$*"
    [ "$log" = /dev/null ] || printf '%s\n' "$*" >> "$log"
}
# Runs a command, its output to the screen and the log.
logged() {
    if [ "$log" = /dev/null ]; then
        "$@" 2>&1
    else
        "$@" 2>&1 | tee -a "$log"
    fi
}
left() {
    echo $((limit - ($(date +%s) - start)))
}

# prepare_machine: what the machine lacks, unpacked beside the tree, and
# the NVIDIA driver's OpenCL for the ICD loader.
prepare_machine() {
    # What the machine lacks, unpacked beside the tree.
    if [ -d "$carry/debs" ]; then
        mkdir -p "$sys"
        for deb in "$carry"/debs/*.deb; do
            [ -e "$deb" ] || continue
            if command -v dpkg-deb > /dev/null; then
                dpkg-deb -x "$deb" "$sys"
            else
                (cd "$sys" && ar p "$deb" data.tar.xz | tar -xJ) ||
                    say "cannot unpack $deb"
            fi
        done
        multiarch=$sys/usr/lib/x86_64-linux-gnu
        export LD_LIBRARY_PATH="$multiarch${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
        export PATH="$sys/usr/bin:$PATH"
        export PKG_CONFIG_PATH="$multiarch/pkgconfig:$sys/usr/share/pkgconfig"
        # The .pc files say /usr: seen from the unpacked tree.
        export PKG_CONFIG_SYSROOT_DIR="$sys"
        say "carried packages unpacked into $sys: $(ls "$carry/debs" | sed 's/_.*//' | tr '\n' ' ')"
    else
        say "no carried packages ($carry/debs): using what the machine has"
    fi
    # The NVIDIA driver's OpenCL, for the ICD loader.
    if ls /etc/OpenCL/vendors/*.icd > /dev/null 2>&1 && [ -z "${OCL_ICD_VENDORS:-}" ]; then
        say "ICD files: $(cat /etc/OpenCL/vendors/*.icd | tr '\n' ' ')"
    else
        nvcl=$(find /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/nvidia \
            /usr/local/cuda/lib64 /usr/local/cuda/targets -maxdepth 3 \
            -name 'libnvidia-opencl.so*' 2> /dev/null | sort | head -n 1)
        if [ -n "$nvcl" ]; then
            mkdir -p "$carry/vendors"
            echo "$nvcl" > "$carry/vendors/nvidia.icd"
            export OCL_ICD_VENDORS="$carry/vendors"
            say "ICD file written for $nvcl (OCL_ICD_VENDORS=$OCL_ICD_VENDORS)"
        else
            say "no libnvidia-opencl.so* in the driver's folders: the driver exposes no OpenCL here"
        fi
    fi
}

# ---- the builds --------------------------------------------------------------
# build_tool DIR API [TARGET [CFLAGS]]: the tool with the GPU engine on API
# (OPENCL or CUDA) in DIR, everything (the tests too) or TARGET alone,
# with CFLAGS as CMAKE_C_FLAGS where given; logs the configure and build
# lines that matter.
build_tool() {
    pkgconf=""
    [ -x "$sys/usr/bin/pkgconf" ] && pkgconf="-DPKG_CONFIG_EXECUTABLE=$sys/usr/bin/pkgconf"
    # shellcheck disable=SC2086 # $pkgconf is one word or none
    logged cmake -S "$root" -B "$1" -DCMAKE_BUILD_TYPE=Release \
        -DNQ_WITH_GPU=ON -DNQ_GPU_API="$2" -DNQ_WITH_MPI=OFF -DNQ_NATIVE=ON \
        ${4:+"-DCMAKE_C_FLAGS=$4"} \
        -DCMAKE_PREFIX_PATH="$sys/usr" $pkgconf | grep -E 'GPU|OpenCL|CUDA|cmocka|CMake Error' || true
    logged cmake --build "$1" -j "$(nproc)" ${3:+--target "$3"} |
        grep -E 'error:|warning:|Error [0-9]' || true
}
# sees_gpu TOOL: whether TOOL lists a device of type GPU.
sees_gpu() {
    [ -x "$1" ] && "$1" count --list-devices 2> /dev/null | grep -q '(gpu,'
}
api_name() { [ "$1" = cuda ] && echo CUDA || echo OpenCL; }
published() {
    awk -v n="$1" '$1 == n { print $2 }' "$root/tests/data/oeis-counts.tsv"
}
