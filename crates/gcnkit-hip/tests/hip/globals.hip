// __device__ and __constant__ variables: they keep their values from launch to launch (the
// code object is loaded once), hipMemcpyToSymbol/FromSymbol reach them, hipGetSymbolAddress
// gives a pointer kernels can use, hipGetSymbolSize their size.
#include "check.h"

__device__ int counter;
__device__ float scale = 2.0f;
__constant__ int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};

__global__ void count(int* out) {
    atomicAdd(&counter, 1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = table[threadIdx.x & 7] * (int)scale;
}

__global__ void add_to(int* p, int v) { atomicAdd(p, v); }

int main() {
    int* out;
    CHECK(hipMalloc(&out, 128 * sizeof(int)));
    count<<<1, 64>>>(out);
    count<<<1, 64>>>(out);
    CHECK(hipGetLastError());
    int c = 0;
    CHECK(hipMemcpyFromSymbol(&c, HIP_SYMBOL(counter), sizeof(int)));
    if (c != 128) {
        printf("FAIL: counter %d after two launches of 64, want 128\n", c);
        return 1;
    }
    int t[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    float s = 3.0f;
    CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), t, sizeof(t)));
    CHECK(hipMemcpyToSymbol(HIP_SYMBOL(scale), &s, sizeof(s)));
    count<<<2, 64>>>(out);
    CHECK(hipGetLastError());
    int h[128];
    CHECK(hipMemcpy(h, out, sizeof(h), hipMemcpyDeviceToHost));
    for (int i = 0; i < 128; i++)
        if (h[i] != t[i % 8] * 3) {
            printf("FAIL: out[%d] = %d, want %d\n", i, h[i], t[i % 8] * 3);
            return 1;
        }
    int* pc = nullptr;
    size_t size = 0;
    CHECK(hipGetSymbolAddress((void**)&pc, HIP_SYMBOL(counter)));
    CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(table)));
    add_to<<<1, 1>>>(pc, 1000);
    CHECK(hipGetLastError());
    CHECK(hipMemcpy(&c, pc, sizeof(int), hipMemcpyDeviceToHost));
    if (c != 1256 || size != sizeof(t)) {
        printf("FAIL: counter %d (want 1256), table size %zu\n", c, size);
        return 1;
    }
    // Past the end of a variable: an error, not a write elsewhere.
    if (hipMemcpyToSymbol(HIP_SYMBOL(table), t, sizeof(t), 4) != hipErrorInvalidValue) {
        printf("FAIL: a copy past the variable\n");
        return 1;
    }
    printf("PASS globals\n");
    return 0;
}
