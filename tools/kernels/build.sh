#!/bin/sh
# Regenerates crates/gcnkit/tests/data/kernels/ from the OpenCL C sources in src/.
# Needs clang-14, ld.lld-14, llvm-mc-14 (or llvm-mc of LLVM 14), llvm-objdump-14, python3.
# Usage: tools/kernels/build.sh        (from anywhere; deterministic: rerunning gives the same files)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/crates/gcnkit/tests/data/kernels"
CLANG=${CLANG:-clang-14}
LLD=${LLD:-ld.lld-14}
if [ -z "${LLVM_MC:-}" ]; then
    if command -v llvm-mc-14 >/dev/null 2>&1; then LLVM_MC=llvm-mc-14; else LLVM_MC=llvm-mc; fi
fi
LLVM_OBJDUMP=${LLVM_OBJDUMP:-llvm-objdump-14}
export LLVM_MC LLVM_OBJDUMP
"$LLVM_MC" --version | grep -q "LLVM version 14\." || { echo "$LLVM_MC is not LLVM 14" >&2; exit 1; }
"$CLANG" --version | grep -q "clang version 14\." || { echo "$CLANG is not clang 14" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$out"
rm -f "$out"/*.s "$out"/*.tsv
printf 'file\tarch\tkernel\toffset\tsize\ttext_vaddr\ttext_size\n' > "$out/kernels.tsv"

cd "$here/src"   # relative source names: nothing of this machine's paths ends up in the data
for src in *.cl; do
    name=${src%.cl}
    for mcpu in tahiti bonaire fiji gfx900; do
        b="$work/$name.$mcpu"
        flags="-cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=$mcpu -nogpulib -O2 -cl-fp32-correctly-rounded-divide-sqrt"
        # shellcheck disable=SC2086
        "$CLANG" $flags -c "$src" -o "$b.o"
        # shellcheck disable=SC2086
        "$CLANG" $flags -S "$src" -o "$b.s"
        "$LLD" -shared "$b.o" -o "$b.hsaco"
        python3 "$here/extract.py" "$work" "$out" "$name" "$mcpu" >> "$out/kernels.tsv"
    done
done
echo "wrote $(ls "$out" | wc -l) files, $(du -sh --apparent-size "$out" | cut -f1) in $out"
