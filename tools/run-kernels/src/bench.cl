// Benchmark kernels: a Mandelbrot escape-time loop (ALU-bound, divergent trip counts, 2D grid)
// and saxpy (memory-bound). No contraction: every multiply and add is rounded separately.
#pragma OPENCL FP_CONTRACT OFF
#include "common.h"

__kernel void mandelbrot(__global uint *out, uint w, uint h, float x0, float y0, float dx,
                         float dy, uint max_iter) {
    uint px = GID_X(), py = GID_Y();
    if (px >= w || py >= h)
        return;
    float cx = x0 + (float)px * dx;
    float cy = y0 + (float)py * dy;
    float x = 0.0f, y = 0.0f;
    uint it = 0;
    while (it < max_iter) {
        float x2 = x * x, y2 = y * y;
        if (x2 + y2 > 4.0f)
            break;
        float xy = x * y;
        y = xy + xy + cy;
        x = x2 - y2 + cx;
        it++;
    }
    out[py * w + px] = it;
}

__kernel void saxpy(__global float *y, __global const float *x, float a, uint n) {
    uint i = GID_X();
    if (i < n)
        y[i] = a * x[i] + y[i];
}
