// Figures for docs/hip.md (not a test): the fixed cost of a launch (an empty kernel, many
// times) and a saxpy on N floats (default 4M), both timed on the host around synchronous
// calls; the saxpy is checked.
#include <hip/hip_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void empty() {}

__global__ void saxpy(int n, float a, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4 << 20;
    int launches = argc > 2 ? atoi(argv[2]) : 1000;
    empty<<<1, 64>>>();
    hipDeviceSynchronize();
    double t0 = now();
    for (int k = 0; k < launches; k++) empty<<<1, 64>>>();
    hipDeviceSynchronize();
    double t1 = now();
    printf("launch: %.1f us per empty launch (%d launches)\n", (t1 - t0) / launches * 1e6, launches);

    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; i++) { x[i] = i % 100; y[i] = 1; }
    float *dx, *dy;
    hipMalloc(&dx, n * 4);
    hipMalloc(&dy, n * 4);
    double t2 = now();
    hipMemcpy(dx, x.data(), n * 4, hipMemcpyHostToDevice);
    hipMemcpy(dy, y.data(), n * 4, hipMemcpyHostToDevice);
    double t3 = now();
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
    hipDeviceSynchronize();
    double t4 = now();
    hipMemcpy(y.data(), dy, n * 4, hipMemcpyDeviceToHost);
    double t5 = now();
    for (int i = 0; i < n; i++)
        if (y[i] != 2.0f * (i % 100) + 1) { printf("FAIL at %d\n", i); return 1; }
    printf("saxpy n=%d: kernel %.3f s (%.1f M elements/s), copies in %.3f s, out %.3f s\n", n, t4 - t3,
           n / (t4 - t3) / 1e6, t3 - t2, t5 - t4);
    return 0;
}
