#!/bin/sh
# Regenerates crates/gcnkit/tests/data/run/ from the OpenCL C sources in src/: the code objects
# that crates/gcnkit-cli/tests/run_kernels.rs runs with `gcnkit run` (and tests/data/resident/
# from resident/: the resident-grid kernels of crates/gcnkit/tests/emu_resident.rs).
# Needs clang-14 and ld.lld-14 (override with CLANG=, LLD=), and llvm-mc-14 (LLVM_MC=) for the
# one code object v5 file. Usage: tools/run-kernels/build.sh   (from anywhere; deterministic:
# sources are compiled by relative name, so a rerun writes the same bytes)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/crates/gcnkit/tests/data/run"
CLANG=${CLANG:-clang-14}
LLD=${LLD:-ld.lld-14}
LLVM_MC=${LLVM_MC:-llvm-mc-14}
"$CLANG" --version | grep -q "clang version 14\." || { echo "$CLANG is not clang 14" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
rm -f "$out"/*.hsaco "$out"/*.o

gcn="tahiti bonaire fiji gfx900"

# archs SRC: the GPUs a source is built for (half precision only on gfx9).
archs() {
    case $1 in
        half) echo "gfx900 gfx906" ;;
        int) echo "$gcn gfx906" ;;
        *) echo "$gcn" ;;
    esac
}

# compile SRC MCPU OBJ [FLAGS...]: one relocatable object.
compile() {
    src=$1 mcpu=$2 obj=$3
    shift 3
    # shellcheck disable=SC2068
    "$CLANG" -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu="$mcpu" -nogpulib -O2 \
        -cl-fp32-correctly-rounded-divide-sqrt $@ -c "$src.cl" -o "$obj"
}

cd "$here/src"
# Every source for its GPUs, code object v4 (clang-14's default), linked.
for f in *.cl; do
    name=${f%.cl}
    for mcpu in $(archs "$name"); do
        compile "$name" "$mcpu" "$work/$name.$mcpu.o"
        "$LLD" -shared "$work/$name.$mcpu.o" -o "$out/$name.$mcpu.hsaco"
    done
done

# A few in code object v2 and v3 (other metadata formats: v2 is YAML with amd_kernel_code_t
# headers, v3 MessagePack with kernel descriptors), linked: NAME.MCPU.vN.hsaco.
for spec in manyargs:tahiti:2 manyargs:gfx900:2 manyargs:bonaire:3 manyargs:gfx900:3 \
    lds:fiji:2 lds:gfx900:3 bench:fiji:3 float:bonaire:2; do
    IFS=: read -r name mcpu v <<EOS
$spec
EOS
    compile "$name" "$mcpu" "$work/$name.$mcpu.v$v.o" -mcode-object-version="$v"
    "$LLD" -shared "$work/$name.$mcpu.v$v.o" -o "$out/$name.$mcpu.v$v.hsaco"
done

# Relocatable objects, as clang writes them (not linked): v4 and v2.
compile bench gfx900 "$out/bench.gfx900.o"
compile manyargs fiji "$out/manyargs.fiji.v2.o" -mcode-object-version=2

# Code object v5: clang-14 cannot write it; llvm-mc-14 assembles clang's v4 text as v5 (the
# same code and metadata; the ELF header's ABI version says v5). ld.lld-14 does not link v5
# ("unknown abi version"): it stays a relocatable object.
"$CLANG" -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 \
    -cl-fp32-correctly-rounded-divide-sqrt -S bench.cl -o "$work/bench.gfx900.s"
"$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx900 --amdhsa-code-object-version=5 -filetype=obj \
    "$work/bench.gfx900.s" -o "$out/bench.gfx900.v5.o"

echo "wrote $(ls "$out" | wc -l) files, $(du -sh --apparent-size "$out" | cut -f1) in $out"

# Kernels for a resident grid (a cooperative launch), apart from the corpus above that other
# suites sweep (their grid barriers only run in a resident grid): tests/data/resident.
res="$root/crates/gcnkit/tests/data/resident"
mkdir -p "$res"
rm -f "$res"/*.hsaco
cd "$here/resident"
for mcpu in $gcn; do
    compile coop "$mcpu" "$work/coop.$mcpu.o"
    "$LLD" -shared "$work/coop.$mcpu.o" -o "$res/coop.$mcpu.hsaco"
done
echo "wrote $(ls "$res" | wc -l) files in $res"
