// A private array indexed at run time (too big for registers or LDS promotion, so it lives in
// scratch memory: buffer loads and stores with a per-lane offset): each work-item
// insertion-sorts 64 ints and then follows a data-dependent chain of indices through them.
#include "common.h"

#define LEN 64
__kernel void private_sort(__global const int *in, __global int *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    int a[LEN];
    for (int k = 0; k < LEN; k++)
        a[k] = in[i * LEN + k];
#pragma nounroll
    for (int k = 1; k < LEN; k++) {
        int v = a[k];
        int j = k - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
    uint h = 0;
    uint idx = (uint)in[i * LEN] & (LEN - 1);
#pragma nounroll
    for (int k = 0; k < 32; k++) {
        h = h * 31u + (uint)a[idx];
        idx = ((uint)a[idx] ^ (uint)k) & (LEN - 1);
    }
    for (int k = 0; k < LEN; k++)
        out[i * (LEN + 1) + k] = a[k];
    out[i * (LEN + 1) + LEN] = (int)h;
}
