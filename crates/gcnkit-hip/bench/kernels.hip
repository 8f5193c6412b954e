// Figures for README/docs/emulator.md (not a test): kernels whose instructions the kernel
// machine's fast path took over on 2026-12-07, each checked against the host: a histogram of
// N keys into 256 global bins (`atomicAdd`, a lane each), a 64-bit sum every lane adds to one
// counter, the same histogram in shared memory (LDS atomics, then a global atomic per bin and
// work-group), a correctly rounded f32 division, `__half` math and an f64 `sqrt(x) / (y + 1)`.
// Times are the process's CPU time around each synchronous launch (GCNKIT_THREADS=1 makes it
// the work's). hipcc --offload-arch=gfx906 -O2 kernels.hip -o kernels; gcnkit exec -- ./kernels [N]
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

__global__ void hist(int n, const unsigned* x, unsigned* bins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[x[i] & 255], 1u);
}

__global__ void total(int n, const unsigned* x, unsigned long long* sum) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(sum, (unsigned long long)x[i]);
}

__global__ void hist_shared(int n, const unsigned* x, unsigned* bins) {
    __shared__ unsigned b[256];
    b[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&b[x[i] & 255], 1u);
    __syncthreads();
    atomicAdd(&bins[threadIdx.x], b[threadIdx.x]);
}

__global__ void fdiv(int n, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] / (y[i] + 1.0f);
}

__global__ void hmath(int n, const __half* x, __half* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __hadd(__hmul(x[i], y[i]), x[i]);
}

__global__ void ddiv(int n, const double* x, double* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = sqrt(x[i]) / (y[i] + 1.0);
}

static double cpu() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

template <class T> static T* device(const std::vector<T>& v) {
    T* d;
    hipMalloc(&d, v.size() * sizeof(T));
    hipMemcpy(d, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice);
    return d;
}

template <class T> static std::vector<T> host(const T* d, size_t n) {
    std::vector<T> v(n);
    hipMemcpy(v.data(), d, n * sizeof(T), hipMemcpyDeviceToHost);
    return v;
}

// Runs `launch` once, synchronously; its CPU time.
template <class F> static double timed(F launch) {
    double c = cpu();
    launch();
    hipDeviceSynchronize();
    return cpu() - c;
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    int blocks = (n + 255) / 256;
    bool ok = true;

    std::vector<unsigned> x(n);
    for (int i = 0; i < n; i++) x[i] = (unsigned)(i * 2654435761u) >> 7;
    std::vector<unsigned> hb(256, 0);
    unsigned long long hs = 0;
    for (int i = 0; i < n; i++) {
        hb[x[i] & 255]++;
        hs += x[i];
    }
    unsigned* dx = device(x);
    unsigned* db = device(std::vector<unsigned>(256, 0));
    unsigned* db2 = device(std::vector<unsigned>(256, 0));
    unsigned long long* ds = device(std::vector<unsigned long long>(1, 0));
    double t1 = timed([&] { hist<<<blocks, 256>>>(n, dx, db); });
    double t2 = timed([&] { total<<<blocks, 256>>>(n, dx, ds); });
    double t3 = timed([&] { hist_shared<<<blocks, 256>>>(n, dx, db2); });
    ok &= host(db, 256) == hb && host(ds, 1)[0] == hs && host(db2, 256) == hb;
    printf("atomics, n=%d: histogram %.4f s, one counter %.4f s, shared histogram %.4f s\n", n, t1, t2, t3);

    std::vector<float> fx(n), fy(n);
    std::vector<__half> hx(n), hy(n);
    std::vector<double> dxv(n), dyv(n);
    for (int i = 0; i < n; i++) {
        fx[i] = i % 1000;
        fy[i] = i % 7;
        hx[i] = __float2half((i % 30) * 0.25f);
        hy[i] = __float2half((i % 7) * 0.5f);
        dxv[i] = i % 1000;
        dyv[i] = i % 7;
    }
    float *dfx = device(fx), *dfy = device(fy);
    __half *dhx = device(hx), *dhy = device(hy);
    double *ddx = device(dxv), *ddy = device(dyv);
    double t4 = timed([&] { fdiv<<<blocks, 256>>>(n, dfx, dfy); });
    double t5 = timed([&] { hmath<<<blocks, 256>>>(n, dhx, dhy); });
    double t6 = timed([&] { ddiv<<<blocks, 256>>>(n, ddx, ddy); });
    std::vector<float> rf = host(dfy, n);
    std::vector<__half> rh = host(dhy, n);
    std::vector<double> rd = host(ddy, n);
    for (int i = 0; i < n; i++) {
        ok &= rf[i] == fx[i] / (fy[i] + 1.0f);
        // (Products and sums of these halves are exact in f16.)
        ok &= __half2float(rh[i]) == __half2float(hx[i]) * __half2float(hy[i]) + __half2float(hx[i]);
        ok &= rd[i] == sqrt(dxv[i]) / (dyv[i] + 1.0);
    }
    printf("math, n=%d: f32 division %.4f s, half %.4f s, f64 sqrt and division %.4f s\n", n, t4, t5, t6);
    printf("%s\n", ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}
