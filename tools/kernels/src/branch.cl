// Data-dependent control flow: a loop whose trip count differs per lane (Collatz steps) with a
// divergent if/else inside; a uniform (scalar) branch on an argument; nested divergent ifs.
#include "common.h"

__kernel void collatz(__global const uint *start, __global uint *steps, uint limit) {
    uint i = GRP_X() * 64 + LID_X();
    uint x = start[i];
    uint k = 0;
    while (x != 1 && k < limit) {
        if (x & 1)
            x = 3 * x + 1;
        else
            x >>= 1;
        k++;
    }
    steps[i] = k;
}

__kernel void classify(__global const float *in, __global int *out, int mode, float t) {
    uint i = GRP_X() * 64 + LID_X();
    float v = in[i];
    int r;
    if (mode == 0) {          // uniform: SCC branch
        r = v > t ? 1 : -1;
    } else if (v < 0.0f) {    // divergent: EXEC masking
        if (v < -t)
            r = (int)(v * 2.0f);
        else
            r = (int)__builtin_floorf(v);
    } else {
        r = (int)__builtin_sqrtf(v) + mode;
    }
    out[i] = r;
}
