// A work-group sum in LDS: tree reduction with barriers, then one atomic per group; and a
// max-reduction of float with a statically sized __local array and a loop of halving strides.
#include "common.h"

__attribute__((reqd_work_group_size(128, 1, 1)))
__kernel void reduce_sum(__global const int *in, __global int *out, __local int *scratch, uint n) {
    uint lid = LID_X();
    uint i = GRP_X() * 256 + lid;
    int v = 0;
    if (i < n)
        v = in[i];
    if (i + 128 < n)
        v += in[i + 128];
    scratch[lid] = v;
    LDS_BARRIER();
    for (uint s = 64; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        LDS_BARRIER();
    }
    if (lid == 0)
        __atomic_fetch_add(out, scratch[0], __ATOMIC_RELAXED);
}

__kernel void reduce_max_f32(__global const float *in, __global float *partial, uint n) {
    __local float tile[256];
    uint lid = LID_X();
    uint size = local_size_x();
    uint i = GRP_X() * size + lid;
    tile[lid] = i < n ? in[i] : -INFINITY;
    LDS_BARRIER();
    for (uint s = size / 2; s > 0; s >>= 1) {
        if (lid < s)
            tile[lid] = __builtin_fmaxf(tile[lid], tile[lid + s]);
        LDS_BARRIER();
    }
    if (lid == 0)
        partial[GRP_X()] = tile[0];
}
