// Floating-point math: sqrt (correctly rounded), fabs, floor/ceil/trunc, fma, fmin/fmax,
// exp2/log2, rsqrt/rcp and sin/cos (the native_* forms), fract, ldexp, frexp, copysign, division
// (correctly rounded, which switches the FP mode around the refinement), and double math.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#include "common.h"

__kernel void math_f32(__global float *p, __global const float *q, float k) {
    uint i = GRP_X() * 64 + LID_X();
    float a = p[i], b = q[i];
    float r = __builtin_sqrtf(__builtin_fabsf(a)) + __builtin_floorf(b) * __builtin_ceilf(a);
    r = __builtin_fmaf(r, k, __builtin_truncf(b));
    r += __builtin_fminf(a, b) - __builtin_fmaxf(a, k);
    r += __builtin_exp2f(a) + __builtin_log2f(__builtin_fabsf(b));
    r *= __builtin_amdgcn_rsqf(__builtin_fabsf(b) + 1.0f) + __builtin_amdgcn_rcpf(a);
    r += __builtin_amdgcn_fractf(a) + __builtin_amdgcn_ldexpf(b, 3) + __builtin_amdgcn_frexp_mantf(a);
    r = __builtin_copysignf(r, b) + (float)__builtin_amdgcn_frexp_expf(b);
    r += __builtin_amdgcn_sinf(a) * __builtin_amdgcn_cosf(b);
    p[i] = r / (a - b);
}

__kernel void math_f64(__global double *p, __global const double *q) {
    uint i = GRP_X() * 64 + LID_X();
    double a = p[i], b = q[i];
    double r = __builtin_sqrt(__builtin_fabs(a)) + __builtin_fma(a, b, 1.5);
    r += __builtin_fmin(a, b) * __builtin_fmax(a, -b) + __builtin_floor(b) + __builtin_trunc(a);
    r += __builtin_amdgcn_rsq(b) + __builtin_amdgcn_rcp(a) + __builtin_amdgcn_ldexp(a, 5);
    p[i] = r / b;
}

__kernel void math_mixed(__global float *p, float lo, float hi) {
    uint i = GRP_X() * 64 + LID_X();
    float a = p[i];
    float c = __builtin_fminf(__builtin_fmaxf(a, lo), hi);               // clamp
    float m = a * 0.5f + hi;                                             // mad / fma
    float n = __builtin_isnan(a) ? 0.0f : (__builtin_isinf(a) ? 1.0f : c);
    p[i] = m - n + __builtin_amdgcn_fmed3f(a, lo, hi);
}
