// Several devices (gcnkit exec --devices N): the count, each host thread's own current device,
// allocations and __device__ variables per device (each device its own copy), a saxpy on
// every device from its own host thread, hipMemcpyPeer between devices, peers (not enabled), pinned
// memory that kernels on every device use, one launch per device at once
// (hipExtLaunchMultiKernelMultiDevice), a pointer of one device faulting on another, and
// the errors for a device that does not exist.
#include "check.h"
#include <cstdlib>
#include <thread>
#include <vector>

__device__ int which = -1;

__global__ void set_which(int v) { which = v; }
__global__ void read_which(int* out) { *out = which; }

__global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void add_to(int* p, int v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += v;
}

// Each thread: its own device, a saxpy there; the result in *ok.
static void worker(int dev, int* ok) {
    *ok = 0;
    if (hipSetDevice(dev) != hipSuccess) return;
    int got = -1;
    if (hipGetDevice(&got) != hipSuccess || got != dev) return;
    const int n = 10000 + 1000 * dev;
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; i++) {
        x[i] = i * 0.5f;
        y[i] = dev - i;
    }
    float *dx, *dy;
    if (hipMalloc(&dx, n * 4) || hipMalloc(&dy, n * 4)) return;
    hipPointerAttribute_t at;
    if (hipPointerGetAttributes(&at, dx) != hipSuccess || at.device != dev) return;
    hipMemcpy(dx, x.data(), n * 4, hipMemcpyHostToDevice);
    hipMemcpy(dy, y.data(), n * 4, hipMemcpyHostToDevice);
    saxpy<<<(n + 255) / 256, 256>>>(2.0f + dev, dx, dy, n);
    if (hipDeviceSynchronize() != hipSuccess) return;
    hipMemcpy(y.data(), dy, n * 4, hipMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (y[i] != (2.0f + dev) * (i * 0.5f) + (dev - i)) return;
    hipFree(dx);
    hipFree(dy);
    *ok = 1;
}

int main(int argc, char** argv) {
    int want = argc > 1 ? atoi(argv[1]) : 1;
    int count = 0;
    CHECK(hipGetDeviceCount(&count));
    if (count != want) {
        printf("FAIL: %d devices, want %d\n", count, want);
        return 1;
    }
    // Each device its own variable.
    for (int d = 0; d < count; d++) {
        CHECK(hipSetDevice(d));
        set_which<<<1, 1>>>(100 + d);
        CHECK(hipDeviceSynchronize());
    }
    for (int d = count - 1; d >= 0; d--) {
        CHECK(hipSetDevice(d));
        int* o;
        int v = 0, sym = 0;
        CHECK(hipMalloc(&o, 4));
        read_which<<<1, 1>>>(o);
        CHECK(hipMemcpy(&v, o, 4, hipMemcpyDeviceToHost));
        CHECK(hipMemcpyFromSymbol(&sym, HIP_SYMBOL(which), 4));
        if (v != 100 + d || sym != 100 + d) {
            printf("FAIL: device %d's variable: %d (by symbol %d)\n", d, v, sym);
            return 1;
        }
        CHECK(hipFree(o));
    }
    // One host thread per device, each with its own current device.
    std::vector<int> ok(count);
    std::vector<std::thread> ts;
    for (int d = 0; d < count; d++) ts.emplace_back(worker, d, &ok[d]);
    for (auto& t : ts) t.join();
    for (int d = 0; d < count; d++)
        if (!ok[d]) {
            printf("FAIL: the saxpy on device %d\n", d);
            return 1;
        }
    int cur = -1;
    CHECK(hipGetDevice(&cur));  // this thread's device is still its own
    if (cur != 0) {
        printf("FAIL: main thread's device %d after the workers\n", cur);
        return 1;
    }
    // Pinned memory: kernels on every device add to it.
    CHECK(hipSetDevice(0));
    int* pin;
    const int n = 1000;
    CHECK(hipHostMalloc(&pin, n * 4, 0));
    for (int i = 0; i < n; i++) pin[i] = i;
    for (int d = 0; d < count; d++) {
        CHECK(hipSetDevice(d));
        add_to<<<4, 256>>>(pin, d + 1, n);
        CHECK(hipDeviceSynchronize());
    }
    for (int i = 0; i < n; i++)
        if (pin[i] != i + count * (count + 1) / 2) {
            printf("FAIL: pinned[%d] = %d\n", i, pin[i]);
            return 1;
        }
    CHECK(hipSetDevice(0));
    CHECK(hipHostFree(pin));
    // Errors for a device that does not exist.
    if (hipSetDevice(count) != hipErrorInvalidDevice) {
        printf("FAIL: hipSetDevice(%d)\n", count);
        return 1;
    }
    (void)hipGetLastError();
    if (count > 1) {
        int can = 7;
        CHECK(hipDeviceCanAccessPeer(&can, 0, 1));
        if (can != 1) {
            printf("FAIL: peer access %d\n", can);
            return 1;
        }
        // A copy from device 0 to the last device.
        int *a, *b;
        std::vector<int> h(n), back(n);
        for (int i = 0; i < n; i++) h[i] = 3 * i + 1;
        CHECK(hipSetDevice(0));
        CHECK(hipMalloc(&a, n * 4));
        CHECK(hipMemcpy(a, h.data(), n * 4, hipMemcpyHostToDevice));
        CHECK(hipSetDevice(count - 1));
        CHECK(hipMalloc(&b, n * 4));
        CHECK(hipMemcpyPeer(b, count - 1, a, 0, n * 4));
        add_to<<<4, 256>>>(b, 5, n);
        CHECK(hipMemcpy(back.data(), b, n * 4, hipMemcpyDeviceToHost));
        for (int i = 0; i < n; i++)
            if (back[i] != h[i] + 5) {
                printf("FAIL: peer copy [%d] = %d\n", i, back[i]);
                return 1;
            }
        // One launch per device at once (hipExtLaunchMultiKernelMultiDevice), each on a
        // stream of its device with memory of its device; the calling thread's device stays.
        {
            std::vector<int*> mem(count);
            std::vector<hipStream_t> streams(count);
            std::vector<int> values(count);
            std::vector<void*> argv(count * 3);
            std::vector<hipLaunchParams> launches(count);
            int m = 1000;
            for (int d = 0; d < count; d++) {
                CHECK(hipSetDevice(d));
                CHECK(hipMalloc(&mem[d], m * 4));
                CHECK(hipMemset(mem[d], 0, m * 4));
                CHECK(hipStreamCreate(&streams[d]));
                values[d] = 10 + d;
            }
            CHECK(hipSetDevice(0));
            for (int d = 0; d < count; d++) {
                argv[3 * d] = &mem[d];
                argv[3 * d + 1] = &values[d];
                argv[3 * d + 2] = &m;
                launches[d].func = (void*)add_to;
                launches[d].gridDim = dim3((m + 255) / 256);
                launches[d].blockDim = dim3(256);
                launches[d].args = &argv[3 * d];
                launches[d].sharedMem = 0;
                launches[d].stream = streams[d];
            }
            CHECK(hipExtLaunchMultiKernelMultiDevice(launches.data(), count, 0));
            int cur = -1;
            CHECK(hipGetDevice(&cur));
            if (cur != 0) {
                printf("FAIL: the thread's device after the multi-device launch: %d\n", cur);
                return 1;
            }
            for (int d = 0; d < count; d++) {
                CHECK(hipSetDevice(d));
                CHECK(hipStreamSynchronize(streams[d]));
                CHECK(hipMemcpy(back.data(), mem[d], m * 4, hipMemcpyDeviceToHost));
                for (int i = 0; i < m; i++)
                    if (back[i] != 10 + d) {
                        printf("FAIL: multi-device launch on device %d: [%d] = %d\n", d, i, back[i]);
                        return 1;
                    }
            }
            // Two launches for one device, or more launches than devices: refused.
            launches[1].stream = streams[0];
            if (hipExtLaunchMultiKernelMultiDevice(launches.data(), 2, 0) != hipErrorInvalidDevice ||
                hipExtLaunchMultiKernelMultiDevice(launches.data(), count + 1, 0) != hipErrorInvalidValue) {
                printf("FAIL: multi-device launch misuse\n");
                return 1;
            }
            (void)hipGetLastError();
            CHECK(hipSetDevice(count - 1));
        }
        // Device 0's memory is not the last device's: a kernel there that uses it faults.
        add_to<<<1, 64>>>(a, 1, 64);
        hipError_t e = hipDeviceSynchronize();
        if (e != hipErrorLaunchFailure) {
            printf("FAIL: device 0's pointer on device %d: %s\n", count - 1, hipGetErrorName(e));
            return 1;
        }
        (void)hipGetLastError();
        CHECK(hipFree(a));  // freed from another device: HIP finds its device
        CHECK(hipFree(b));
    }
    printf("PASS devices %d\n", count);
    return 0;
}
