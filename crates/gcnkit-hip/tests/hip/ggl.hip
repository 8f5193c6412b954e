// hipLaunchKernelGGL, several launches that depend on each other: a 2D stencil (blocks of
// 16x8), a block reduction in dynamic shared memory with __syncthreads, and a final sum,
// checked against the same computation on the host.
#include "check.h"
#include <cstdlib>
#include <vector>

__global__ void fill(int* a, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) a[y * w + x] = (x * 7 + y * 13) % 101 - 50;
}

__global__ void blur(const int* a, int* b, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int s = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            s += a[yy * w + xx];
        }
    b[y * w + x] = s;
}

__global__ void block_sum(const int* in, long long* out, int n) {
    extern __shared__ long long part[];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    part[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = part[0];
}

int main() {
    const int w = 300, h = 123, n = w * h;
    int *a, *b;
    long long* parts;
    const int block = 256, blocks = (n + block - 1) / block;
    CHECK(hipMalloc(&a, n * sizeof(int)));
    CHECK(hipMalloc(&b, n * sizeof(int)));
    CHECK(hipMalloc(&parts, blocks * sizeof(long long)));
    dim3 bs(16, 8), gs((w + 15) / 16, (h + 7) / 8);
    hipLaunchKernelGGL(fill, gs, bs, 0, 0, a, w, h);
    CHECK(hipGetLastError());
    for (int k = 0; k < 3; k++) {
        hipLaunchKernelGGL(blur, gs, bs, 0, 0, a, b, w, h);
        hipLaunchKernelGGL(fill, gs, bs, 0, 0, a, w, h);
        CHECK(hipGetLastError());
    }
    hipLaunchKernelGGL(block_sum, dim3(blocks), dim3(block), block * sizeof(long long), 0, b, parts, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    std::vector<int> ha(n), hb(n);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) ha[y * w + x] = (x * 7 + y * 13) % 101 - 50;
    long long want = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int s = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = std::min(std::max(x + dx, 0), w - 1), yy = std::min(std::max(y + dy, 0), h - 1);
                    s += ha[yy * w + xx];
                }
            hb[y * w + x] = s;
            want += s;
        }
    std::vector<int> gb(n);
    CHECK(hipMemcpy(gb.data(), b, n * sizeof(int), hipMemcpyDefault));
    for (int i = 0; i < n; i++)
        if (gb[i] != hb[i]) {
            printf("FAIL: blur[%d] = %d, want %d\n", i, gb[i], hb[i]);
            return 1;
        }
    std::vector<long long> gp(blocks);
    CHECK(hipMemcpy(gp.data(), parts, blocks * sizeof(long long), hipMemcpyDeviceToHost));
    long long got = 0;
    for (long long p : gp) got += p;
    if (got != want) {
        printf("FAIL: sum %lld, want %lld\n", got, want);
        return 1;
    }
    CHECK(hipFree(a));
    CHECK(hipFree(b));
    CHECK(hipFree(parts));
    printf("PASS ggl sum=%lld\n", got);
    return 0;
}
