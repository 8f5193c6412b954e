// Several host threads giving work at once, each on its own stream: asynchronous copies between
// pinned and device memory, launches, event records, callbacks, and blocking calls
// (hipMalloc, hipMemcpy, hipFree) in between. Every round's result is checked against the host;
// a lock taken in the wrong order would hang here (the harness's time limit fails it).
#include "check.h"
#include <atomic>
#include <thread>
#include <vector>

__global__ void affine(const int* in, int* out, int n, int a, int b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a * in[i] + b;
}

static void count(hipStream_t, hipError_t status, void* user) {
    if (status == hipSuccess) ((std::atomic<int>*)user)->fetch_add(1);
}

static int worker(int t, int rounds, std::atomic<int>* callbacks) {
    const int n = 1000 + 37 * t;
    hipStream_t s;
    hipEvent_t done;
    CHECK(hipStreamCreateWithFlags(&s, t % 2 ? hipStreamNonBlocking : hipStreamDefault));
    CHECK(hipEventCreate(&done));
    int *in, *out, *h_in, *h_out;
    CHECK(hipHostMalloc((void**)&h_in, n * sizeof(int), 0));
    CHECK(hipHostMalloc((void**)&h_out, n * sizeof(int), 0));
    CHECK(hipMalloc(&in, n * sizeof(int)));
    CHECK(hipMalloc(&out, n * sizeof(int)));
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++) h_in[i] = i * (t + 1) - r;
        CHECK(hipMemcpyAsync(in, h_in, n * sizeof(int), hipMemcpyHostToDevice, s));
        hipLaunchKernelGGL(affine, dim3((n + 127) / 128), dim3(128), 0, s, in, out, n, r + 2, t);
        CHECK(hipGetLastError());
        CHECK(hipMemcpyAsync(h_out, out, n * sizeof(int), hipMemcpyDeviceToHost, s));
        CHECK(hipStreamAddCallback(s, count, callbacks, 0));
        CHECK(hipEventRecord(done, s));
        // A blocking call while the stream's work may be pending.
        int* scratch;
        CHECK(hipMalloc(&scratch, 64));
        CHECK(hipMemcpy(scratch, h_in, 64, hipMemcpyHostToDevice));
        CHECK(hipFree(scratch));
        if (r % 2) {
            CHECK(hipEventSynchronize(done));
        } else {
            CHECK(hipStreamSynchronize(s));
        }
        for (int i = 0; i < n; i++) {
            int want = (r + 2) * (i * (t + 1) - r) + t;
            if (h_out[i] != want) {
                printf("FAIL: thread %d round %d: out[%d] = %d, not %d\n", t, r, i, h_out[i], want);
                return 1;
            }
        }
    }
    CHECK(hipStreamDestroy(s));
    CHECK(hipEventDestroy(done));
    CHECK(hipFree(in));
    CHECK(hipFree(out));
    CHECK(hipHostFree(h_in));
    CHECK(hipHostFree(h_out));
    return 0;
}

int main() {
    const int threads = 4, rounds = 25;
    std::atomic<int> callbacks{0};
    std::vector<int> result(threads, 1);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; t++) pool.emplace_back([&, t] { result[t] = worker(t, rounds, &callbacks); });
    for (auto& th : pool) th.join();
    for (int t = 0; t < threads; t++)
        if (result[t] != 0) return 1;
    if (callbacks.load() != threads * rounds) {
        printf("FAIL: %d callbacks, not %d\n", callbacks.load(), threads * rounds);
        return 1;
    }
    CHECK(hipDeviceSynchronize());
    printf("PASS stream_threads\n");
    return 0;
}
