// Floating point: f32 and f64 add/sub/mul, fma, min/max, abs/neg, compares, and division
// (f32 built with -cl-fp32-correctly-rounded-divide-sqrt: the correctly rounded IEEE quotient;
// f64 division is always correctly rounded). No contraction of a * b + c into an fma/mad
// (FP_CONTRACT OFF): every result is the IEEE result of the operations as written. NaN results
// are stored as one canonical pattern (canon_f32/canon_f64). f32 denormals follow the kernel's
// FP mode: flushed on GCN 1.0-1.2 (clang's default there), kept on gfx9.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
#include "common.h"

__kernel void f32_ops(__global const float *a, __global const float *b, __global const float *c,
                      __global uint *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    float x = a[i], y = b[i], z = c[i];
    __global uint *o = out + i * 9;
    o[0] = canon_f32(x + y);
    o[1] = canon_f32(x - y);
    o[2] = canon_f32(x * y);
    o[3] = canon_f32(__builtin_fmaf(x, y, z));
    o[4] = canon_f32(__builtin_fminf(x, y));
    o[5] = canon_f32(__builtin_fmaxf(x, y));
    o[6] = canon_f32((x + z) * y - x);
    o[7] = canon_f32(__builtin_fabsf(x) * -z);
    o[8] = (x < y) | (x == y) << 1 | (x > y) << 2 | (x != y) << 3 | (x <= z) << 4 |
           (!(x >= z)) << 5;
}

__kernel void f64_ops(__global const double *a, __global const double *b, __global const double *c,
                      __global ulong *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    double x = a[i], y = b[i], z = c[i];
    __global ulong *o = out + i * 9;
    o[0] = canon_f64(x + y);
    o[1] = canon_f64(x - y);
    o[2] = canon_f64(x * y);
    o[3] = canon_f64(__builtin_fma(x, y, z));
    o[4] = canon_f64(__builtin_fmin(x, y));
    o[5] = canon_f64(__builtin_fmax(x, y));
    o[6] = canon_f64((x + z) * y - x);
    o[7] = canon_f64(__builtin_fabs(x) * -z);
    o[8] = (x < y) | (x == y) << 1 | (x > y) << 2 | (x != y) << 3 | (x <= z) << 4 |
           (!(x >= z)) << 5;
}

__kernel void fdiv(__global const float *a, __global const float *b, __global const double *c,
                   __global const double *d, __global uint *q32, __global ulong *q64, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    q32[i] = canon_f32(a[i] / b[i]);
    q64[i] = canon_f64(c[i] / d[i]);
}
