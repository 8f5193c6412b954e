// hipStreamPerThread and the per-thread default stream forms (..._spt): each host thread's
// own stream, in order, apart from the other thread's. A kernel held by a flag the host sets
// makes the checks deterministic. The _spt entry points are reached as the library exports
// them (HIP 5.2's header gives most of them C++ linkage, so they are looked up by name).
#include "check.h"
#include <dlfcn.h>
#include <thread>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

__global__ void gated(const volatile int* gate, int* out, int v) {
    while (*gate == 0) __builtin_amdgcn_s_sleep(1);
    out[threadIdx.x] = v + threadIdx.x;
}

__global__ void twice(int* p) { p[threadIdx.x] *= 2; }

typedef hipError_t (*StreamFn)(hipStream_t);

int main() {
    StreamFn query_spt = (StreamFn)dlsym(RTLD_DEFAULT, "hipStreamQuery_spt");
    StreamFn sync_spt = (StreamFn)dlsym(RTLD_DEFAULT, "hipStreamSynchronize_spt");
    EXPECT(query_spt && sync_spt, "the _spt entry points are not exported");
    volatile int* gate;
    int *a, *b, *pinned;
    CHECK(hipHostMalloc((void**)&gate, sizeof(int), 0));
    CHECK(hipHostMalloc((void**)&pinned, 64 * sizeof(int), 0));
    *gate = 0;
    CHECK(hipMalloc(&a, 64 * sizeof(int)));
    CHECK(hipMalloc(&b, 64 * sizeof(int)));

    // This thread's stream waits behind the gate; the null stream of an _spt call is it.
    hipLaunchKernelGGL(gated, dim3(1), dim3(64), 0, hipStreamPerThread, gate, a, 10);
    hipLaunchKernelGGL(twice, dim3(1), dim3(64), 0, hipStreamPerThread, a);
    CHECK(hipMemcpyAsync(pinned, a, 64 * sizeof(int), hipMemcpyDeviceToHost, hipStreamPerThread));
    EXPECT(hipStreamQuery(hipStreamPerThread) == hipErrorNotReady, "hipStreamPerThread behind the gate");
    EXPECT(query_spt(nullptr) == hipErrorNotReady, "hipStreamQuery_spt(0) behind the gate");
    unsigned flags = 9;
    CHECK(hipStreamGetFlags(hipStreamPerThread, &flags));
    EXPECT(flags == 0, "hipStreamPerThread's flags %u", flags);
    // Another thread's own stream is another stream: nothing of it is pending.
    hipError_t other = hipErrorUnknown;
    std::thread t([&] { other = hipStreamQuery(hipStreamPerThread); });
    t.join();
    EXPECT(other == hipSuccess, "another thread's own stream: %d", other);
    *gate = 1;
    CHECK(sync_spt(nullptr));
    for (int i = 0; i < 64; i++) EXPECT(pinned[i] == 2 * (10 + i), "per-thread stream result %d at %d", pinned[i], i);
    EXPECT(hipStreamDestroy(hipStreamPerThread) == hipErrorInvalidHandle, "destroying hipStreamPerThread");
    (void)hipGetLastError();

    // Two threads, each its own stream, each right.
    int results[2] = {1, 1};
    auto work = [&](int k, int* d) {
        int h[64];
        for (int i = 0; i < 64; i++) h[i] = k * 100 + i;
        if (hipMemcpyAsync(d, h, sizeof h, hipMemcpyHostToDevice, hipStreamPerThread) != hipSuccess) return;
        hipLaunchKernelGGL(twice, dim3(1), dim3(64), 0, hipStreamPerThread, d);
        if (hipStreamSynchronize(hipStreamPerThread) != hipSuccess) return;
        if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return;
        for (int i = 0; i < 64; i++)
            if (h[i] != 2 * (k * 100 + i)) return;
        results[k] = 0;
    };
    std::thread t0(work, 0, a), t1(work, 1, b);
    t0.join();
    t1.join();
    EXPECT(results[0] == 0 && results[1] == 0, "two threads' own streams: %d %d", results[0], results[1]);
    printf("PASS per_thread\n");
    return 0;
}
