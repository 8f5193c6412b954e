// Figures for README/docs/hip.md (not a test): rocPRIM's device radix sort of N 32-bit keys
// (default 1M) on the kernel machine, against the same sort on the host in the same run: an
// LSD radix sort (8 bits a pass, as rocPRIM's passes count digits), one core. Both sorts are
// checked against std::sort. Times are the process's CPU time around synchronous calls (on a
// shared machine wall time includes waiting for a core); GCNKIT_THREADS picks the kernel
// machine's threads. Build: hipcc --offload-arch=gfx906 -O2 -std=c++17 sort.hip -o sort
#include <hip/hip_runtime.h>
#include <rocprim/rocprim.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#define CHECK(x)                                                                 \
    do {                                                                         \
        hipError_t e = (x);                                                      \
        if (e != hipSuccess) {                                                   \
            printf("FAIL %s: %s\n", #x, hipGetErrorString(e));                   \
            return 1;                                                            \
        }                                                                        \
    } while (0)

static double cpu() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// LSD radix sort, 4 passes of 8 bits (stable counting sort each).
static void host_radix(std::vector<unsigned>& a) {
    std::vector<unsigned> b(a.size());
    for (int shift = 0; shift < 32; shift += 8) {
        size_t count[257] = {};
        for (unsigned x : a) count[((x >> shift) & 255) + 1]++;
        for (int d = 0; d < 256; d++) count[d + 1] += count[d];
        for (unsigned x : a) b[count[(x >> shift) & 255]++] = x;
        a.swap(b);
    }
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    std::vector<unsigned> keys(n);
    unsigned s = 12345;
    for (auto& k : keys) k = s = s * 1664525u + 1013904223u;
    std::vector<unsigned> want = keys;
    std::sort(want.begin(), want.end());

    unsigned *in, *out;
    CHECK(hipMalloc(&in, n * 4));
    CHECK(hipMalloc(&out, n * 4));
    CHECK(hipMemcpy(in, keys.data(), n * 4, hipMemcpyHostToDevice));
    size_t bytes = 0;
    void* tmp = nullptr;
    CHECK(rocprim::radix_sort_keys(tmp, bytes, in, out, n));
    CHECK(hipMalloc(&tmp, bytes));
    CHECK(hipDeviceSynchronize());
    double c0 = cpu(), t0 = now();
    CHECK(rocprim::radix_sort_keys(tmp, bytes, in, out, n));
    CHECK(hipDeviceSynchronize());
    double c1 = cpu(), t1 = now();
    std::vector<unsigned> got(n);
    CHECK(hipMemcpy(got.data(), out, n * 4, hipMemcpyDeviceToHost));
    if (got != want) {
        printf("FAIL: the device sort differs from std::sort\n");
        return 1;
    }
    // Bytes: each of the passes reads and writes every key once (at least).
    printf("device radix sort n=%d: CPU %.4f s, wall %.4f s (%.1f M keys/s CPU)\n", n, c1 - c0, t1 - t0,
           n / (c1 - c0) / 1e6);

    std::vector<unsigned> h = keys;
    double h0 = cpu();
    host_radix(h);
    double h1 = cpu();
    if (h != want) {
        printf("FAIL: the host sort differs from std::sort\n");
        return 1;
    }
    printf("host radix sort (one core): CPU %.4f s (%.1f M keys/s); ratio %.4f\n", h1 - h0, n / (h1 - h0) / 1e6,
           (h1 - h0) / (c1 - c0));
    return 0;
}
