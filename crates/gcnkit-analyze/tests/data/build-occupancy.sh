#!/bin/sh
# Builds occupancy.*.hsaco and clang's figures (occupancy.*.expect: kernel, NumVgprs,
# NumSgprs, Occupancy from the -S listing's comments) with clang-14 and ld.lld-14.
set -e
cd "$(dirname "$0")"
for cpu in tahiti bonaire fiji gfx900; do
    flags="-cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=$cpu -nogpulib -O2"
    clang-14 $flags -c occupancy.cl -o /tmp/occupancy.$cpu.o
    ld.lld-14 -shared /tmp/occupancy.$cpu.o -o occupancy.$cpu.hsaco
    clang-14 $flags -S occupancy.cl -o - | awk '
        /^[a-z_0-9]+:.*; @/ { name = $1; sub(":", "", name) }
        /^; NumSgprs:/ { s = $3 } /^; NumVgprs:/ { v = $3 }
        /^; Occupancy:/ { print name, v, s, $3 }' > occupancy.$cpu.expect
done
