// Asynchronous streams as HIP defines them, made deterministic without timing: a "gate" kernel
// spins until the host opens its gate (a flag in pinned memory), so while it is closed the
// work behind it cannot have run. Checked against host computations:
//  - a launch returns while its kernel waits (hipStreamQuery, hipEventQuery and
//    hipEventElapsedTime say hipErrorNotReady) and it finishes once the gate opens;
//  - hipStreamWaitEvent: a consumer on a non-blocking stream waits for a producer's event on
//    another stream;
//  - the legacy null stream waits for a blocking stream's earlier work;
//  - callbacks run in stream order, after the work before them, on a runtime thread, before
//    hipStreamSynchronize returns;
//  - events give real elapsed times (> 0 around a kernel); hipEventDisableTiming refuses them;
//  - hipStreamDestroy waits for the stream's work;
//  - hipMemcpyAsync with pageable memory is done when it returns (HIP's header); between
//    pinned and device memory it is queued, as hipMemsetAsync is;
//  - a fault in an asynchronous launch is reported by the next synchronisation, once, and a
//    callback after it gets it as its status.
// Were the order wrong, the checks fail; were a wait never met, the gate kernel's instruction
// budget ends it (a launch failure) and the harness's time limit ends the program.
#include "check.h"
#include <atomic>
#include <thread>
#include <vector>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

// Waits for the gate, then out[i] = i * mul.
__global__ void gated(const volatile int* gate, int* out, int n, int mul) {
    if (threadIdx.x == 0)
        while (*gate == 0) __builtin_amdgcn_s_sleep(1);
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i * mul;
}

__global__ void plus_one(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] + 1;
}

__global__ void put(int* p, int i, int v) { p[i] = v; }

// Some work, so that the time between two events is more than nothing.
__global__ void busy(float* p, int n, int rounds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = p[i];
    for (int r = 0; r < rounds; r++) x = x * 0.999f + 1.0f;
    p[i] = x;
}

__global__ void poke(int* p) { p[threadIdx.x] = 1; }

struct Log {
    std::atomic<int> n{0};
    int order[8];
    int seen[8];
    hipError_t status[8];
    bool other_thread[8];
    volatile int* pinned;
    std::thread::id main;
};

struct Entry {
    Log* log;
    int id;
};

static void record(hipStream_t, hipError_t status, void* user) {
    Entry* e = (Entry*)user;
    Log* l = e->log;
    int k = l->n.fetch_add(1);
    if (k >= 8) return;
    l->order[k] = e->id;
    l->seen[k] = l->pinned[e->id];
    l->status[k] = status;
    l->other_thread[k] = std::this_thread::get_id() != l->main;
}

static std::vector<int> read(const int* d, int n) {
    std::vector<int> h(n);
    if (hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess) h.assign(n, -1);
    return h;
}

int main() {
    const int n = 256;
    volatile int* gate;
    CHECK(hipHostMalloc((void**)&gate, 4 * sizeof(int), 0));
    for (int k = 0; k < 4; k++) gate[k] = 0;
    int *x, *y;
    CHECK(hipMalloc(&x, n * sizeof(int)));
    CHECK(hipMalloc(&y, n * sizeof(int)));
    hipStream_t s1, s2;
    CHECK(hipStreamCreate(&s1));
    CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
    hipEvent_t e0, e1;
    CHECK(hipEventCreate(&e0));
    CHECK(hipEventCreate(&e1));

    // 1. A launch returns while its kernel waits; the stream and the event after it are busy.
    CHECK(hipEventRecord(e0, s1));
    hipLaunchKernelGGL(gated, dim3(1), dim3(n), 0, s1, gate, x, n, 3);
    CHECK(hipGetLastError());
    CHECK(hipEventRecord(e1, s1));
    float ms = -1;
    EXPECT(hipStreamQuery(s1) == hipErrorNotReady, "hipStreamQuery of a waiting stream");
    EXPECT(hipEventQuery(e1) == hipErrorNotReady, "hipEventQuery of an event behind a waiting kernel");
    EXPECT(hipEventElapsedTime(&ms, e0, e1) == hipErrorNotReady, "hipEventElapsedTime before the event");
    (void)hipGetLastError();

    // 2. hipStreamWaitEvent: the consumer on s2 waits for s1's producer (y = 3i + 1).
    CHECK(hipStreamWaitEvent(s2, e1, 0));
    hipLaunchKernelGGL(plus_one, dim3(1), dim3(n), 0, s2, x, y, n);
    CHECK(hipGetLastError());
    EXPECT(hipStreamQuery(s2) == hipErrorNotReady, "hipStreamQuery of a stream waiting for an event");
    gate[0] = 1;
    CHECK(hipStreamSynchronize(s2));
    CHECK(hipStreamQuery(s2));
    CHECK(hipStreamQuery(s1));
    CHECK(hipEventQuery(e1));
    CHECK(hipEventElapsedTime(&ms, e0, e1));
    EXPECT(ms > 0, "elapsed time around a kernel: %f ms", ms);
    {
        std::vector<int> h = read(y, n);
        for (int i = 0; i < n; i++) EXPECT(h[i] == 3 * i + 1, "consumer y[%d] = %d, not %d", i, h[i], 3 * i + 1);
    }

    // 3. The null stream waits for a blocking stream's earlier work: y = 5i + 1.
    hipLaunchKernelGGL(gated, dim3(1), dim3(n), 0, s1, gate + 1, x, n, 5);
    hipLaunchKernelGGL(plus_one, dim3(1), dim3(n), 0, 0, x, y, n);
    CHECK(hipGetLastError());
    EXPECT(hipStreamQuery(0) == hipErrorNotReady, "hipStreamQuery of the null stream behind a waiting kernel");
    gate[1] = 1;
    CHECK(hipStreamSynchronize(0));
    CHECK(hipStreamQuery(s1));
    {
        std::vector<int> h = read(y, n);
        for (int i = 0; i < n; i++) EXPECT(h[i] == 5 * i + 1, "null stream y[%d] = %d, not %d", i, h[i], 5 * i + 1);
    }

    // 4. Callbacks in stream order, each after the kernel before it, on a runtime thread.
    int* marks;
    CHECK(hipHostMalloc((void**)&marks, 8 * sizeof(int), 0));
    for (int k = 0; k < 8; k++) marks[k] = 0;
    Log log;
    log.pinned = marks;
    log.main = std::this_thread::get_id();
    Entry entries[8];
    hipLaunchKernelGGL(gated, dim3(1), dim3(64), 0, s1, gate + 2, x, 64, 1);
    for (int k = 0; k < 8; k++) {
        entries[k] = {&log, k};
        hipLaunchKernelGGL(put, dim3(1), dim3(1), 0, s1, marks, k, 100 + k);
        CHECK(hipStreamAddCallback(s1, record, &entries[k], 0));
    }
    EXPECT(log.n.load() == 0, "a callback ran before the work before it");
    gate[2] = 1;
    CHECK(hipStreamSynchronize(s1));
    EXPECT(log.n.load() == 8, "%d callbacks ran by hipStreamSynchronize", log.n.load());
    for (int k = 0; k < 8; k++) {
        EXPECT(log.order[k] == k, "callback %d ran as number %d", log.order[k], k);
        EXPECT(log.seen[k] == 100 + k, "callback %d saw %d, not the kernel's %d", k, log.seen[k], 100 + k);
        EXPECT(log.status[k] == hipSuccess, "callback %d status %d", k, log.status[k]);
        EXPECT(log.other_thread[k], "callback %d ran on the program's thread", k);
    }

    // 5. Elapsed time around a kernel doing work; events without timing.
    float* f;
    CHECK(hipMalloc(&f, 4096 * sizeof(float)));
    CHECK(hipMemset(f, 0, 4096 * sizeof(float)));
    CHECK(hipEventRecord(e0, 0));
    hipLaunchKernelGGL(busy, dim3(16), dim3(256), 0, 0, f, 4096, 200);
    CHECK(hipEventRecord(e1, 0));
    CHECK(hipEventSynchronize(e1));
    CHECK(hipEventElapsedTime(&ms, e0, e1));
    EXPECT(ms > 0, "elapsed time around busy: %f ms", ms);
    hipEvent_t t0, t1;
    CHECK(hipEventCreateWithFlags(&t0, hipEventDisableTiming));
    CHECK(hipEventCreateWithFlags(&t1, hipEventDisableTiming));
    CHECK(hipEventRecord(t0, s1));
    CHECK(hipEventRecord(t1, s1));
    CHECK(hipEventSynchronize(t1));
    EXPECT(hipEventElapsedTime(&ms, t0, t1) == hipErrorInvalidHandle, "elapsed time of events without timing");
    (void)hipGetLastError();

    // 6. hipStreamDestroy waits for the stream's work (another thread opens the gate).
    hipStream_t s3;
    CHECK(hipStreamCreate(&s3));
    hipLaunchKernelGGL(gated, dim3(1), dim3(n), 0, s3, gate + 3, x, n, 7);
    CHECK(hipGetLastError());
    std::thread opener([&] { gate[3] = 1; });
    CHECK(hipStreamDestroy(s3));
    opener.join();
    {
        std::vector<int> h = read(x, n);
        for (int i = 0; i < n; i++) EXPECT(h[i] == 7 * i, "after hipStreamDestroy x[%d] = %d", i, h[i]);
    }

    // 7. hipMemcpyAsync with pageable memory is done when it returns: the buffer may be reused
    // (host to device) or read (device to host) at once.
    {
        std::vector<int> src(n), dst(n, -1);
        for (int i = 0; i < n; i++) src[i] = 11 * i;
        CHECK(hipMemcpyAsync(y, src.data(), n * sizeof(int), hipMemcpyHostToDevice, s1));
        for (int i = 0; i < n; i++) src[i] = -1;
        hipLaunchKernelGGL(plus_one, dim3(1), dim3(n), 0, s1, y, x, n);
        CHECK(hipMemcpyAsync(dst.data(), x, n * sizeof(int), hipMemcpyDeviceToHost, s1));
        for (int i = 0; i < n; i++) EXPECT(dst[i] == 11 * i + 1, "pageable copies: %d at %d", dst[i], i);
    }

    // 8. A fault in an asynchronous launch: the launch succeeds, a callback behind it gets the
    // failure, the next synchronisation reports it once.
    int* gone;
    CHECK(hipMalloc(&gone, 256));
    CHECK(hipFree(gone));
    Log faults;
    faults.pinned = marks;
    faults.main = log.main;
    Entry after = {&faults, 0};
    hipLaunchKernelGGL(poke, dim3(1), dim3(64), 0, s1, gone);
    EXPECT(hipGetLastError() == hipSuccess, "the faulting launch itself failed");
    CHECK(hipStreamAddCallback(s1, record, &after, 0));
    EXPECT(hipStreamSynchronize(s1) == hipErrorLaunchFailure, "the synchronisation after a fault");
    EXPECT(faults.n.load() == 1 && faults.status[0] == hipErrorLaunchFailure, "the callback after a fault: status %d",
           faults.status[0]);
    EXPECT(hipGetLastError() == hipErrorLaunchFailure, "the last error after the failed synchronisation");
    CHECK(hipDeviceSynchronize());
    // The device works on.
    hipLaunchKernelGGL(put, dim3(1), dim3(1), 0, 0, marks, 0, 77);
    CHECK(hipDeviceSynchronize());
    EXPECT(marks[0] == 77, "a launch after the fault: %d", marks[0]);

    // 9. Copies and sets between pinned and device memory are queued behind a waiting kernel
    // (the call returns at once; nothing it does happens before the kernel ends); a stream
    // made meanwhile works.
    {
        volatile int* gate2;
        int* pinned_out;
        CHECK(hipHostMalloc((void**)&gate2, sizeof(int), 0));
        CHECK(hipHostMalloc((void**)&pinned_out, n * sizeof(int), 0));
        *gate2 = 0;
        for (int i = 0; i < n; i++) pinned_out[i] = -7;
        hipLaunchKernelGGL(gated, dim3(1), dim3(n), 0, s1, gate2, x, n, 9);
        CHECK(hipMemsetAsync(y, 0, n * sizeof(int), s1));
        hipLaunchKernelGGL(plus_one, dim3(1), dim3(n), 0, s1, x, y, n);
        CHECK(hipMemcpyAsync(pinned_out, y, n * sizeof(int), hipMemcpyDeviceToHost, s1));
        hipStream_t s4;
        CHECK(hipStreamCreate(&s4));
        EXPECT(hipStreamQuery(s1) == hipErrorNotReady, "hipStreamQuery behind a waiting kernel");
        for (int i = 0; i < n; i++) EXPECT(pinned_out[i] == -7, "a queued copy ran before the kernel before it");
        *gate2 = 1;
        CHECK(hipStreamSynchronize(s1));
        for (int i = 0; i < n; i++) EXPECT(pinned_out[i] == 9 * i + 1, "queued copy: %d at %d", pinned_out[i], i);
        CHECK(hipStreamDestroy(s4));
    }

    // 10. Handles and flags as HIP checks them.
    {
        hipStream_t gone;
        hipEvent_t fresh, other;
        CHECK(hipStreamCreate(&gone));
        CHECK(hipStreamDestroy(gone));
        CHECK(hipEventCreate(&fresh));
        CHECK(hipEventCreate(&other));
        EXPECT(hipStreamQuery(gone) == hipErrorInvalidHandle, "hipStreamQuery of a destroyed stream");
        EXPECT(hipStreamSynchronize(gone) == hipErrorInvalidHandle, "hipStreamSynchronize of a destroyed stream");
        EXPECT(hipEventRecord(fresh, gone) == hipErrorInvalidHandle, "hipEventRecord on a destroyed stream");
        EXPECT(hipGetLastError() == hipErrorInvalidHandle && hipGetLastError() == hipSuccess, "the last error");
        EXPECT(hipStreamWaitEvent(s1, fresh, 1) == hipErrorInvalidValue, "hipStreamWaitEvent with flags");
        EXPECT(hipEventQuery(fresh) == hipSuccess, "hipEventQuery of an event never recorded");
        EXPECT(hipEventSynchronize(fresh) == hipSuccess, "hipEventSynchronize of an event never recorded");
        EXPECT(hipEventElapsedTime(&ms, fresh, other) == hipErrorInvalidHandle, "elapsed time of events never recorded");
        EXPECT(hipStreamCreateWithFlags(&gone, 0x40) == hipErrorInvalidValue, "an unknown stream flag");
        (void)hipGetLastError();
        CHECK(hipEventDestroy(fresh));
        EXPECT(hipEventQuery(fresh) == hipErrorInvalidHandle, "hipEventQuery of a destroyed event");
        (void)hipGetLastError();
    }

    CHECK(hipStreamDestroy(s1));
    CHECK(hipStreamDestroy(s2));
    printf("PASS stream_order\n");
    return 0;
}
