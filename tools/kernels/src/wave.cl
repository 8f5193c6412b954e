// Wave-level and hardware features real kernels use: private arrays indexed at run time
// (scratch memory), readfirstlane, ballot-style compares, mbcnt (lane id), ds_swizzle and
// ds_bpermute-free shuffles, the hardware clock (s_memtime), s_getreg, s_sleep, large and
// uniform scalar-load offsets from a __constant argument.
#include "common.h"

__kernel void scratch_array(__global const int *idx, __global int *out, int seed) {
    uint i = GRP_X() * 64 + LID_X();
    int tmp[48];
    for (int k = 0; k < 48; k++)
        tmp[k] = seed * k + (int)i;
    int j = idx[i];
    tmp[j & 31] += 5;
    out[i] = tmp[(j >> 5) & 47] + tmp[j & 15];
}

__kernel void wave_ops(__global uint *out, __global const float *x, __constant uint *table) {
    uint lid = LID_X();
    uint lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    uint first = __builtin_amdgcn_readfirstlane(lid);
    ulong mask = __builtin_amdgcn_uicmp(lid & 1, 0u, 33); // ballot(lid & 1 != 0) (33 = ne)
    uint sw = __builtin_amdgcn_ds_swizzle((int)lid, 0x401f);
    ulong t0 = __builtin_amdgcn_s_memtime();
    uint mode = __builtin_amdgcn_s_getreg((1 << 0) | (0 << 6) | (31 << 11)); // hwreg(MODE, 0, 32)
    float v = x[lid];
    __builtin_amdgcn_s_sleep(1);
    out[GRP_X() * 64 + lid] = lane + first + (uint)__builtin_popcountl(mask) + sw + mode +
                              (uint)t0 + table[200] + table[70000] + (uint)v;
}
