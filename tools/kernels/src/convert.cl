// Conversions: float <-> signed/unsigned int (truncating, rounding, saturating by clamping),
// half <-> float (cl_khr_fp16 arithmetic on half values, as vload_half/vstore_half do),
// double <-> float/int, and byte/short packing.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#include "common.h"

__kernel void f32_int(__global const float *f, __global int *si, __global uint *ui, __global float *back) {
    uint i = GRP_X() * 64 + LID_X();
    float v = f[i];
    si[i] = (int)v + (int)__builtin_rintf(v);
    ui[i] = (uint)__builtin_fmaxf(v, 0.0f);
    back[i] = (float)si[i] + (float)ui[i] * 0.5f + (float)(i & 0xffff);
}

__kernel void half_f32(__global const half *h, __global float *f, __global half *out) {
    uint i = GRP_X() * 64 + LID_X();
    float a = (float)h[2 * i], b = (float)h[2 * i + 1];
    f[i] = a * b;
    out[i] = (half)(a + b);
}

__kernel void f64_conv(__global const double *d, __global float *f, __global int *n, __global double *o) {
    uint i = GRP_X() * 64 + LID_X();
    double v = d[i];
    f[i] = (float)v;
    n[i] = (int)v;
    o[i] = (double)n[i] + (double)f[i] + (double)(uint)i;
}

__kernel void pack_bytes(__global const float4 *in, __global uint *out) {
    uint i = GRP_X() * 64 + LID_X();
    float4 v = in[i];
    uint r = (uint)__builtin_fminf(__builtin_fmaxf(v.x, 0.0f), 255.0f);
    uint g = (uint)__builtin_fminf(__builtin_fmaxf(v.y, 0.0f), 255.0f);
    uint b = (uint)__builtin_fminf(__builtin_fmaxf(v.z, 0.0f), 255.0f);
    uint a = (uint)__builtin_fminf(__builtin_fmaxf(v.w, 0.0f), 255.0f);
    out[i] = r | g << 8 | b << 16 | a << 24;
}
