// Element-wise kernels: float, double and integer adds and axpy, with a bounds check against an
// explicit element count (the global id is group * 256 + local id).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#include "common.h"

__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void vadd_f32(__global float *c, __global const float *a, __global const float *b, uint n) {
    uint i = GRP_X() * 256 + LID_X();
    if (i < n)
        c[i] = a[i] + b[i];
}

__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void saxpy_f32(__global float *y, __global const float *x, float alpha, uint n) {
    uint i = GRP_X() * 256 + LID_X();
    if (i < n)
        y[i] = alpha * x[i] + y[i];
}

__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void daxpy_f64(__global double *y, __global const double *x, double alpha, uint n) {
    uint i = GRP_X() * 256 + LID_X();
    if (i < n)
        y[i] = __builtin_fma(alpha, x[i], y[i]);
}

__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void vadd_i32(__global int *c, __global const int *a, __global const int *b, int scale, uint n) {
    uint i = GRP_X() * 256 + LID_X();
    if (i < n)
        c[i] = a[i] * scale + b[i] - (int)i;
}

// 64-bit integers, a vector type and a grid-stride loop (uniform trip count per lane).
__kernel void vadd_i64x2(__global long2 *c, __global const long2 *a, long k, uint n, uint stride) {
    for (uint i = GRP_X() * local_size_x() + LID_X(); i < n; i += stride)
        c[i] = a[i] + (long2)(k, -k) + (long2)((long)i << 33);
}
