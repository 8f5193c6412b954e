#!/bin/sh
# Regenerates crates/gcnkit/tests/data/codeobj/: code objects of three of src/'s kernels for five
# GPUs (tahiti, bonaire, fiji, gfx900, gfx906) as clang-14 writes them: code object v2, v3, v4
# relocatable objects (NAME.MCPU.vN.o), their assembly text (NAME.MCPU.vN.s, clang -S), v2, v4
# linked ones (NAME.MCPU.vN.hsaco) and a v5 object that llvm-mc-14 writes from the v4 text
# (NAME.MCPU.v5.o), which crates/gcnkit/tests/code_objects.rs disassembles and re-assembles.
# Needs clang-14, ld.lld-14 and llvm-mc-14. Usage: tools/kernels/codeobj.sh (from anywhere).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../crates/gcnkit/tests/data/codeobj"
CLANG=${CLANG:-clang-14}
LLD=${LLD:-ld.lld-14}
LLVM_MC=${LLVM_MC:-llvm-mc-14}
mkdir -p "$out"
rm -f "$out"/*.o "$out"/*.hsaco "$out"/*.s
cd "$here/src"
for k in vecadd control reduce; do
    for mcpu in tahiti bonaire fiji gfx900 gfx906; do
        for v in 2 3 4; do
            for kind in c S; do
                ext=$([ $kind = c ] && echo o || echo s)
                "$CLANG" -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=$mcpu -nogpulib -O2 \
                    -cl-fp32-correctly-rounded-divide-sqrt -mcode-object-version=$v -$kind $k.cl \
                    -o "$out/$k.$mcpu.v$v.$ext"
            done
        done
        # clang-14 refuses code object v5: llvm-mc-14 writes one from the v4 source (the same
        # text; only the ELF header's ABI version differs).
        "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=$mcpu --amdhsa-code-object-version=5 -filetype=obj \
            "$out/$k.$mcpu.v4.s" -o "$out/$k.$mcpu.v5.o"
        for v in 2 4; do
            "$LLD" -shared "$out/$k.$mcpu.v$v.o" -o "$out/$k.$mcpu.v$v.hsaco"
        done
    done
done
