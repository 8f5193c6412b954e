#!/bin/sh
# Regenerates crates/gcnkit/tests/data/images/: images.cl compiled with ROCm's device library
# (its OpenCL image built-ins) for every GPU the compiler takes of gcnkit's, and
# images_half.cl (D16 image data) for the GPUs that have it, code object v4, linked. crates/gcnkit-cli/tests/images.rs runs them. Needs clang-15 (CLANG=) with Debian's
# rocm-device-libs (BITCODE=). Usage: tools/run-kernels/images/build.sh (from anywhere;
# the source is compiled by relative name, so a rerun writes the same bytes).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out="$root/crates/gcnkit/tests/data/images"
CLANG=${CLANG:-/usr/lib/llvm-15/bin/clang}
BITCODE=${BITCODE:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
"$CLANG" --version | grep -q "clang version 15\." || { echo "$CLANG is not clang 15" >&2; exit 1; }
mkdir -p "$out"
rm -f "$out"/*.hsaco
cd "$here"
for mcpu in tahiti bonaire fiji gfx900 gfx906; do
    "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$mcpu" -O2 \
        -mcode-object-version=4 -Xclang -finclude-default-header \
        --rocm-device-lib-path="$BITCODE" images.cl -o "$out/images.$mcpu.hsaco"
done
for mcpu in fiji gfx900 gfx906; do
    "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$mcpu" -O2 \
        -mcode-object-version=4 -Xclang -finclude-default-header \
        --rocm-device-lib-path="$BITCODE" images_half.cl -o "$out/images_half.$mcpu.hsaco"
done
