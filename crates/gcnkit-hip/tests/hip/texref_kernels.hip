// Kernels for driver_textures.hip, built on their own (hipcc --genco): texture references a
// module declares, which the program binds with hipModuleGetTexRef and hipTexRefSet*.
#include <hip/hip_runtime.h>

texture<float, 2, hipReadModeElementType> tex2d;
texture<float, 1, hipReadModeElementType> tex1d;
__device__ int not_a_texture;

extern "C" __global__ void sample2d(const float2* xy, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D(tex2d, xy[i].x, xy[i].y);
}

extern "C" __global__ void fetch1d(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch(tex1d, i);
    if (i == 0) not_a_texture = n;
}
