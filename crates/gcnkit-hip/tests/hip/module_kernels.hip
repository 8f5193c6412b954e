// Kernels for module.hip, built on their own: hipcc --genco --offload-arch=gfx906 (an offload
// bundle of code objects the program loads at run time).
#include <hip/hip_runtime.h>

__device__ int calls;

extern "C" __global__ void scale(float* p, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] *= s;
    if (i == 0) atomicAdd(&calls, 1);
}

struct Pair {
    int a;
    double b;
};

extern "C" __global__ void fill_pair(double* out, Pair p, char c) {
    out[threadIdx.x] = p.a + p.b * threadIdx.x + c;
}
