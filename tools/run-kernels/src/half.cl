// Half precision (gfx9 only; cl_khr_fp16): scalar half add/sub/mul/fma, compares and
// conversions to and from float (half_ops), and the same on half2 vectors, which gfx9 computes
// with packed instructions (v_pk_add_f16, v_pk_mul_f16, v_pk_fma_f16) (half2_ops). f16
// denormals are kept (the default FP mode); NaN results are stored as one pattern.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL FP_CONTRACT OFF
#include "common.h"

static inline ushort canon_f16(half x) {
    ushort u = as_ushort(x);
    return (u & 0x7fff) > 0x7c00 ? (ushort)0x7e00 : u;
}

__kernel void half_ops(__global const half *a, __global const half *b, __global const half *c,
                       __global const float *f, __global ushort *out, __global uint *out32,
                       uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    half x = a[i], y = b[i], z = c[i];
    __global ushort *o = out + i * 6;
    o[0] = canon_f16(x + y);
    o[1] = canon_f16(x - y);
    o[2] = canon_f16(x * y);
    o[3] = canon_f16(__builtin_fmaf16(x, y, z));
    o[4] = canon_f16((half)f[i]);                    // f32 -> f16, round to nearest even
    o[5] = (x < y) | (x == y) << 1 | (x > y) << 2 | (x != y) << 3 | (x <= z) << 4;
    out32[i] = canon_f32((float)x * (float)z + (float)y); // exact widening, f32 mul and add
}

__kernel void half2_ops(__global const half2 *a, __global const half2 *b, __global const half2 *c,
                        __global half2 *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    half2 x = a[i], y = b[i], z = c[i];
    __global half2 *o = out + i * 4;
    o[0] = x + y;
    o[1] = x * y;
    o[2] = (half2)(__builtin_fmaf16(x.x, y.x, z.x), __builtin_fmaf16(x.y, y.y, z.y));
    o[3] = x - y * z;
}
