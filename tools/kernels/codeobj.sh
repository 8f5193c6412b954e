#!/bin/sh
# Regenerates crates/gcnkit/tests/data/codeobj/: code objects of three of src/'s kernels for five
# GPUs (tahiti, bonaire, fiji, gfx900, gfx906) as clang-14 writes them: code object v2, v3, v4
# relocatable objects (NAME.MCPU.vN.o) and v2, v4 linked ones (NAME.MCPU.vN.hsaco), which
# crates/gcnkit/tests/code_objects.rs disassembles and re-assembles.
# Needs clang-14 and ld.lld-14. Usage: tools/kernels/codeobj.sh (from anywhere).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../crates/gcnkit/tests/data/codeobj"
CLANG=${CLANG:-clang-14}
LLD=${LLD:-ld.lld-14}
mkdir -p "$out"
rm -f "$out"/*.o "$out"/*.hsaco
cd "$here/src"
for k in vecadd control reduce; do
    for mcpu in tahiti bonaire fiji gfx900 gfx906; do
        for v in 2 3 4; do
            "$CLANG" -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=$mcpu -nogpulib -O2 \
                -cl-fp32-correctly-rounded-divide-sqrt -mcode-object-version=$v -c $k.cl -o "$out/$k.$mcpu.v$v.o"
        done
        for v in 2 4; do
            "$LLD" -shared "$out/$k.$mcpu.v$v.o" -o "$out/$k.$mcpu.v$v.hsaco"
        done
    done
done
