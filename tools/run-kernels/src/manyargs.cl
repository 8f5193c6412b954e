// Many explicit arguments of mixed kinds and sizes, laid out with padding by the ABI: i8, a
// global pointer, i16, f64, i32, f32, a dynamic __local pointer, u64, another global pointer,
// u32. Also reads the grid size from the dispatch packet. The grid is a multiple of the
// work-group size (each work-item reads its right neighbour's value from LDS).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
#include "common.h"

__kernel void many_args(char c, __global const int *in, short s, double d, int k, float f,
                        __local int *tmp, ulong u, __global long *out, uint n) {
    uint lid = LID_X(), size = local_size_x();
    uint i = GRP_X() * size + lid;
    int v = i < n ? in[i] : 0;
    tmp[lid] = v;
    LDS_BARRIER();
    int nb = tmp[(lid + 1) % size];
    if (i >= n)
        return;
    ulong r = (ulong)((long)v * c) + (ulong)((long)s * (long)i);
    r ^= u >> (i & 63);
    r += (ulong)(long)(d * (double)v);
    r += (ulong)(long)(f * (float)nb);
    r += (ulong)(long)k;
    r ^= (ulong)grid_size_x() << 40;
    out[i] = (long)r;
}
