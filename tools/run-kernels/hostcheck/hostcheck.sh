#!/bin/sh
# Checks crates/gcnkit-cli/tests/run_kernels.rs without gcnkit's runner: builds a stand-in for
# `gcnkit run` that executes ../src's kernels compiled for this x86-64 host (OpenCL C, clang-14)
# and runs the kernel_* and usage_* tests with it (GCNKIT_BIN). A test that fails here has a
# wrong reference or argument list, not a runner bug. It cannot check what is particular to the
# GPU: instruction semantics, FP modes beyond f32 flush-to-zero, faults and the budget (the
# fault_* tests are left out).
# Needs clang-14, an x86-64 CPU with F16C, cargo. Usage: tools/run-kernels/hostcheck/hostcheck.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
CLANG=${CLANG:-clang-14}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in "$here"/../src/*.cl; do
    "$CLANG" -x cl -cl-std=CL1.2 -target x86_64-unknown-linux-gnu -Xclang -cl-ext=+cl_khr_fp64,+cl_khr_fp16 \
        -O1 -cl-fp32-correctly-rounded-divide-sqrt -include "$here/prelude.h" -c "$f" \
        -o "$work/$(basename "$f" .cl).o"
done
"$CLANG" -O1 -mf16c -c "$here/f16.c" -o "$work/f16.o"
"$CLANG" -O1 -pthread "$here/driver.c" "$work"/*.o -o "$work/gcnkit-host" -lm
cd "$root"
GCNKIT_BIN="$work/gcnkit-host" cargo test -p gcnkit-cli --test run_kernels -- --test-threads=2 kernel_ usage_
