// Dynamic indexing of a vector held in VGPRs with a uniform index: clang-14 writes GCN 1.4's
// GPR indexing mode (s_set_gpr_idx_on/off around a v_mov_b32) for gfx9, and M0 with
// v_movrels/v_movreld for GCN 1.0-1.2. out[i] = v[m] + v[m + 3] after v[j] += 1, v = in[i].
#include "common.h"

__kernel void gpridx(uint j, uint m, __global const float16 *in, __global float *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    float16 v = in[i];
    v[j & 15] += 1.0f;
    out[i] = v[m & 15] + v[(m + 3) & 15];
}
