// Figures for docs/hip.md (not a test): the fixed cost of a launch (an empty kernel, many
// times) and a saxpy on N floats (default 4M), both timed on the host around synchronous
// calls; the saxpy is checked. Each also gives the process's CPU time: on a shared machine
// wall time includes waiting for a core (with GCNKIT_THREADS=1 the CPU time is the work's).
#include <ctime>
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

static double cpu() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4 << 20;
    int launches = argc > 2 ? atoi(argv[2]) : 1000;
    empty<<<1, 64>>>();
    hipDeviceSynchronize();
    double t0 = now(), c0 = cpu();
    for (int k = 0; k < launches; k++) empty<<<1, 64>>>();
    hipDeviceSynchronize();
    double t1 = now(), c1 = cpu();
    printf("launch: %.1f us per empty launch (%d launches), CPU %.1f us\n", (t1 - t0) / launches * 1e6, launches,
           (c1 - c0) / launches * 1e6);

    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; i++) { x[i] = i % 100; y[i] = 1; }
    float *dx, *dy;
    hipMalloc(&dx, n * 4);
    hipMalloc(&dy, n * 4);
    double t2 = now();
    hipMemcpy(dx, x.data(), n * 4, hipMemcpyHostToDevice);
    hipMemcpy(dy, y.data(), n * 4, hipMemcpyHostToDevice);
    double t3 = now(), c3 = cpu();
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
    hipDeviceSynchronize();
    double t4 = now(), c4 = cpu();
    hipMemcpy(y.data(), dy, n * 4, hipMemcpyDeviceToHost);
    double t5 = now();
    for (int i = 0; i < n; i++)
        if (y[i] != 2.0f * (i % 100) + 1) { printf("FAIL at %d\n", i); return 1; }
    printf("saxpy n=%d: kernel %.4f s (%.1f M elements/s), CPU %.4f s, copies in %.3f s, out %.3f s\n", n,
           t4 - t3, n / (t4 - t3) / 1e6, c4 - c3, t3 - t2, t5 - t4);

    // The same work as a host loop on one core, in the same run, on arrays whose pages are
    // present (as the device's are after the copies): a first pass, then again.
    float* hx = (float*)malloc(n * 4);
    float* hy = (float*)malloc(n * 4);
    for (int i = 0; i < n; i++) { hx[i] = i % 100; hy[i] = 1; }
    double h0 = cpu();
    for (int i = 0; i < n; i++) hy[i] = 2.0f * hx[i] + hy[i];
    double h1 = cpu();
    for (int i = 0; i < n; i++) hy[i] = 2.0f * hx[i] + hy[i];
    double h2 = cpu();
    float sum = 0;
    for (int i = 0; i < n; i += 4096) sum += hy[i];
    printf("host loop: %.4f s first pass, %.4f s second (CPU; checksum %g)\n", h1 - h0, h2 - h1, sum);
    free(hx);
    free(hy);
    return 0;
}
