// Private memory through pointers: a private array filled, its address passed to a function
// that is not inlined and read back through it, 64-bit values (pointers, doubles) kept in
// private memory. Built at -O0 (as a debug build is), clang keeps every local in scratch and
// reaches it both through the private segment buffer (MUBUF, one dword at a time) and through
// flat addresses in the private aperture (FLAT, 64-bit values as one dwordx2): the same
// bytes, lane by lane. Prints PASS and exits 0 only when every work-item's result is right.
#include "check.h"

__device__ __attribute__((noinline)) long weigh(const int* p, const double* d, int n) {
    long s = 0;
    for (int i = 0; i < n; i++) s += p[i] * (long)(i + 1) + (long)d[i];
    return s;
}

__global__ void k(const int* in, long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int local[8];
    double wide[8];
    const int* ptrs[2] = {local, in};
    for (int j = 0; j < 8; j++) {
        local[j] = in[i] + j;
        wide[j] = 0.5 * (in[i] * j);
    }
    out[i] = weigh(ptrs[0], wide, 8) + ptrs[1][i];
}

int main() {
    const int n = 300;
    int h[n], *in;
    long r[n], *out;
    for (int i = 0; i < n; i++) h[i] = i * 7 - 50;
    CHECK(hipMalloc(&in, n * sizeof(int)));
    CHECK(hipMalloc(&out, n * sizeof(long)));
    CHECK(hipMemcpy(in, h, n * sizeof(int), hipMemcpyHostToDevice));
    k<<<(n + 63) / 64, 64>>>(in, out, n);
    CHECK(hipGetLastError());
    CHECK(hipMemcpy(r, out, n * sizeof(long), hipMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; i++) {
        long s = 0;
        for (int j = 0; j < 8; j++) s += (h[i] + j) * (long)(j + 1) + (long)(0.5 * (h[i] * j));
        bad += r[i] != s + h[i];
    }
    if (bad) {
        printf("FAIL: %d of %d wrong (work-item 0: %ld)\n", bad, n, r[0]);
        return 1;
    }
    printf("PASS private\n");
    return 0;
}
