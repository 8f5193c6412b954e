// Tiled matrix multiply C = A * B (n x n, n a multiple of 16): 16x16 work-groups, two 16x16
// LDS tiles, barriers around each tile step, a fully unrolled inner product.
#include "common.h"

#define TILE 16

__attribute__((reqd_work_group_size(TILE, TILE, 1)))
__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C, uint n) {
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE + 1];
    uint tx = LID_X(), ty = LID_Y();
    uint row = GRP_Y() * TILE + ty, col = GRP_X() * TILE + tx;
    float acc = 0.0f;
    for (uint t = 0; t < n; t += TILE) {
        As[ty][tx] = A[row * n + t + tx];
        Bs[ty][tx] = B[(t + ty) * n + col];
        LDS_BARRIER();
#pragma unroll
        for (uint k = 0; k < TILE; k++)
            acc = __builtin_fmaf(As[ty][k], Bs[k][tx], acc);
        LDS_BARRIER();
    }
    C[row * n + col] = acc;
}

// A 4x4 matrix times many vectors: uniform matrix in scalar registers (scalar loads).
__kernel void mat4_vec4(__constant float *m, __global float4 *v, uint n) {
    uint i = GRP_X() * 64 + LID_X();
    if (i >= n)
        return;
    float4 x = v[i];
    v[i] = (float4)(m[0] * x.x + m[1] * x.y + m[2] * x.z + m[3] * x.w,
                    m[4] * x.x + m[5] * x.y + m[6] * x.z + m[7] * x.w,
                    m[8] * x.x + m[9] * x.y + m[10] * x.z + m[11] * x.w,
                    m[12] * x.x + m[13] * x.y + m[14] * x.z + m[15] * x.w);
}
