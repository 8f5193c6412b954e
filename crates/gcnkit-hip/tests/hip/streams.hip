// Streams, events and device memory bookkeeping: a kernel and copies on a created stream,
// timed with events; hipMemGetInfo before and after an allocation; hipDeviceReset frees it, and the device
// works again after it (a launch that reads a __device__ variable, an allocation).
#include "check.h"
#include <vector>

static void done(hipStream_t, hipError_t status, void* flag) { *(int*)flag = status == hipSuccess ? 1 : 2; }

__global__ void iota(int* p, int n, int base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = base + i;
}

// A variable of the code object: after a reset the code object is loaded anew, with it.
__device__ int plus = 1000;

__global__ void iota_plus(int* p, int n, int base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = base + i + plus;
}

int main() {
    const int n = 5000;
    size_t free0 = 0, total = 0, free1 = 0;
    CHECK(hipMemGetInfo(&free0, &total));
    hipStream_t s;
    hipEvent_t a, b;
    CHECK(hipStreamCreate(&s));
    CHECK(hipEventCreate(&a));
    CHECK(hipEventCreate(&b));
    int* d;
    CHECK(hipMalloc(&d, n * sizeof(int)));
    CHECK(hipMemGetInfo(&free1, &total));
    if (free1 + n * sizeof(int) != free0 || total < free0) {
        printf("FAIL: hipMemGetInfo %zu %zu %zu\n", free0, free1, total);
        return 1;
    }
    CHECK(hipEventRecord(a, s));
    hipLaunchKernelGGL(iota, dim3((n + 127) / 128), dim3(128), 0, s, d, n, 7);
    CHECK(hipGetLastError());
    CHECK(hipEventRecord(b, s));
    std::vector<int> h(n);
    CHECK(hipMemcpyAsync(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost, s));
    CHECK(hipStreamSynchronize(s));
    CHECK(hipEventSynchronize(b));
    float ms = -1;
    CHECK(hipEventElapsedTime(&ms, a, b));
    for (int i = 0; i < n; i++)
        if (h[i] != 7 + i) {
            printf("FAIL: p[%d] = %d\n", i, h[i]);
            return 1;
        }
    if (!(ms >= 0)) {
        printf("FAIL: elapsed %f ms\n", ms);
        return 1;
    }
    // A second stream waits for the first one's event, a callback runs after its work.
    hipStream_t s2;
    int least = 1, greatest = 1, prio = 5, called = 0;
    unsigned flags = 7;
    CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));
    CHECK(hipStreamCreateWithPriority(&s2, hipStreamNonBlocking, greatest));
    CHECK(hipStreamGetPriority(s2, &prio));
    CHECK(hipStreamGetFlags(s2, &flags));
    CHECK(hipStreamWaitEvent(s2, b, 0));
    hipLaunchKernelGGL(iota, dim3(1), dim3(64), 0, s2, d, 64, 100);
    CHECK(hipStreamAddCallback(s2, done, &called, 0));
    CHECK(hipStreamSynchronize(s2));
    CHECK(hipMemcpy(h.data(), d, 64 * sizeof(int), hipMemcpyDeviceToHost));
    if (prio != greatest || greatest > least || flags != hipStreamNonBlocking || called != 1 || h[63] != 163) {
        printf("FAIL: second stream: priority %d in [%d, %d], flags %u, callback %d, %d\n", prio, greatest, least,
               flags, called, h[63]);
        return 1;
    }
    CHECK(hipStreamDestroy(s2));
    CHECK(hipEventDestroy(a));
    CHECK(hipEventDestroy(b));
    CHECK(hipStreamDestroy(s));
    if (hipStreamDestroy(s) != hipErrorInvalidHandle) {
        printf("FAIL: a destroyed stream\n");
        return 1;
    }
    (void)hipGetLastError();
    CHECK(hipDeviceReset());
    if (hipMemcpy(h.data(), d, 4, hipMemcpyDeviceToHost) != hipErrorInvalidValue) {
        printf("FAIL: memory survived hipDeviceReset\n");
        return 1;
    }
    (void)hipGetLastError();
    // The device works again after the reset: kernels (their code loaded anew) and memory.
    int* e;
    CHECK(hipMalloc(&e, 64 * sizeof(int)));
    iota_plus<<<1, 64>>>(e, 64, 7);
    CHECK(hipGetLastError());
    CHECK(hipMemcpy(h.data(), e, 64 * sizeof(int), hipMemcpyDeviceToHost));
    if (h[0] != 1007 || h[63] != 1070) {
        printf("FAIL: after hipDeviceReset: %d %d\n", h[0], h[63]);
        return 1;
    }
    CHECK(hipFree(e));
    printf("PASS streams\n");
    return 0;
}
