// Kernels that must fail: a store past the end of its buffer (oob_write: work-item i < n stores
// to out[i + far]), and a loop that never ends (spin_forever: waits for a flag nobody sets).
#include "common.h"

__kernel void oob_write(__global int *out, uint n, uint far) {
    uint i = GID_X();
    if (i < n)
        out[i + far] = (int)i;
}

__kernel void spin_forever(__global const int *flag, __global int *out) {
    uint i = GID_X();
    int k = 0;
    while (__atomic_load_n(flag, __ATOMIC_RELAXED) == 0)
        k++;
    out[i] = k;
}
