// A 2D grid: a 5-point stencil over a w x h float image with clamped borders. The grid is
// exactly w x h work-items, so the last work-groups of each dimension are partial.
#pragma OPENCL FP_CONTRACT OFF
#include "common.h"

__kernel void stencil2d(__global const float *in, __global float *out, uint w, uint h) {
    uint x = GID_X(), y = GID_Y();
    if (x >= w || y >= h)
        return;
    uint xl = x > 0 ? x - 1 : x, xr = x + 1 < w ? x + 1 : x;
    uint yu = y > 0 ? y - 1 : y, yd = y + 1 < h ? y + 1 : y;
    float c = in[y * w + x];
    float s = in[y * w + xl] + in[y * w + xr];
    s = s + in[yu * w + x];
    s = s + in[yd * w + x];
    out[y * w + x] = c * 0.5f + s * 0.125f;
}
