// LDS with barriers: a work-group sum of floats by a tree in a static __local array that also
// handles the last, partial work-group of a grid (wg_reduce_f32); an inclusive prefix sum per
// work-group in a dynamic __local buffer (scan_u32); and a 16x16 tiled matrix multiply with two
// __local tiles (matmul_tiled).
#pragma OPENCL FP_CONTRACT OFF
#include "common.h"

// One partial sum per work-group. The grid has exactly n work-items; the last work-group may be
// partial (count < size work-items): a lane adds slot lid + s only if that slot was written.
// The work-group size is a power of two, at most 256.
__kernel void wg_reduce_f32(__global const float *in, __global float *partial, uint n) {
    __local float tile[256];
    uint lid = LID_X(), size = local_size_x(), grp = GRP_X();
    uint base = grp * size;
    uint count = n - base < size ? n - base : size;
    tile[lid] = in[base + lid];
    LDS_BARRIER();
    for (uint s = size / 2; s > 0; s >>= 1) {
        if (lid < s && lid + s < count)
            tile[lid] += tile[lid + s];
        LDS_BARRIER();
    }
    if (lid == 0)
        partial[grp] = tile[0];
}

// Hillis-Steele inclusive scan of each work-group's slice (zeros past n); the grid is a multiple
// of the work-group size. totals[group] = the slice's sum.
__kernel void scan_u32(__global const uint *in, __global uint *out, __global uint *totals,
                       __local uint *tmp, uint n) {
    uint lid = LID_X(), size = local_size_x(), grp = GRP_X();
    uint i = grp * size + lid;
    tmp[lid] = i < n ? in[i] : 0;
    LDS_BARRIER();
    for (uint off = 1; off < size; off <<= 1) {
        uint t = lid >= off ? tmp[lid - off] : 0;
        LDS_BARRIER();
        tmp[lid] += t;
        LDS_BARRIER();
    }
    if (i < n)
        out[i] = tmp[lid];
    if (lid == size - 1)
        totals[grp] = tmp[lid];
}

// C (m x n) = A (m x k) * B (k x n), row-major. The grid is rounded up to whole 16x16 tiles;
// work-items past the matrix load zeros into the tiles and store nothing. Each sum runs over k
// in increasing order: acc = acc + a * b (a product, then a sum, both rounded).
#define TS 16
__attribute__((reqd_work_group_size(TS, TS, 1)))
__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C,
                           uint m, uint n, uint k) {
    __local float As[TS][TS];
    __local float Bs[TS][TS + 1];
    uint tx = LID_X(), ty = LID_Y();
    uint col = GRP_X() * TS + tx, row = GRP_Y() * TS + ty;
    float acc = 0.0f;
    for (uint t = 0; t < k; t += TS) {
        As[ty][tx] = row < m && t + tx < k ? A[row * k + t + tx] : 0.0f;
        Bs[ty][tx] = t + ty < k && col < n ? B[(t + ty) * n + col] : 0.0f;
        LDS_BARRIER();
        for (uint j = 0; j < TS; j++)
            acc += As[ty][j] * Bs[j][tx];
        LDS_BARRIER();
    }
    if (row < m && col < n)
        C[row * n + col] = acc;
}
