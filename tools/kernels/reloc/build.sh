#!/bin/sh
# Regenerates crates/gcnkit/tests/data/reloc/: clang-14's -S text of this directory's OpenCL C
# kernels for five GPUs, with hidden (the default: @rel32) and default visibility (-fvisibility=
# default: @gotpcrel32), and handwritten.s (every relocation specifier llvm-mc 14 takes in code
# and data). crates/gcnkit/tests/relocations.rs assembles them with gcnkit and llvm-mc-14 and
# compares the objects, their links and their disassembly round trips. Needs clang-14.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../../crates/gcnkit/tests/data/reloc"
CLANG=${CLANG:-clang-14}
mkdir -p "$out"
rm -f "$out"/*.s
cd "$here"
for k in tables extern; do
    for mcpu in tahiti bonaire fiji gfx900 gfx906; do
        for vis in hidden default; do
            "$CLANG" -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=$mcpu -nogpulib -O2 \
                -Xclang -finclude-default-header -fvisibility=$vis -S $k.cl \
                -o "$out/$k.$vis.$mcpu.s"
        done
    done
done
cp handwritten.s "$out/handwritten.gfx900.s"
