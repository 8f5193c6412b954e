// Peers on two devices (`gcnkit exec --devices 2`): each device may reach the other's memory
// (hipDeviceCanAccessPeer 1, a device and itself 0, the P2P attributes as ROCm 5.2 gives
// them); with peer access enabled a kernel on device 0 reads and writes device 1's
// allocations at their own addresses (made before and after enabling), ROCm 5.2's errors for
// enabling twice, disabling what is not enabled, flags and devices that cannot be peers;
// after disabling, such a kernel faults. Data also moves by hipMemcpyPeer and
// hipMemcpyPeerAsync (in stream order, after a kernel on the source device). Each result is
// checked against the host.
#include "check.h"
#include <vector>

#define EXPECT(x, want)                                                                     \
    do {                                                                                    \
        hipError_t e_ = (x);                                                                \
        if (e_ != (want)) {                                                                 \
            printf("FAIL: %s gave %s (%d), not %s at line %d\n", #x, hipGetErrorName(e_),   \
                   (int)e_, #want, __LINE__);                                               \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)

__global__ void iota(int* p, int base, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = base + 3 * i;
}

// out[i] = a[i] + b[i], and a[i] += 1 (a and out on the peer device, b here).
__global__ void add_into(int* out, int* a, const int* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[i] + b[i];
        a[i] += 1;
    }
}

__global__ void twice(int* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] *= 2;
}

int main() {
    int count = 0;
    CHECK(hipGetDeviceCount(&count));
    if (count != 2) {
        printf("FAIL: %d devices (run with --devices 2)\n", count);
        return 1;
    }
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            int can = -1;
            CHECK(hipDeviceCanAccessPeer(&can, a, b));
            if (can != (a != b)) {
                printf("FAIL: hipDeviceCanAccessPeer(%d, %d) = %d\n", a, b, can);
                return 1;
            }
        }
    int can = 0;
    EXPECT(hipDeviceCanAccessPeer(&can, 0, 2), hipErrorInvalidDevice);
    EXPECT(hipDeviceCanAccessPeer(nullptr, 0, 1), hipErrorInvalidValue);
    int attr = -1;
    CHECK(hipDeviceGetP2PAttribute(&attr, hipDevP2PAttrAccessSupported, 0, 1));
    if (attr != 1) {
        printf("FAIL: hipDevP2PAttrAccessSupported = %d\n", attr);
        return 1;
    }
    EXPECT(hipDeviceGetP2PAttribute(&attr, hipDevP2PAttrAccessSupported, 1, 1), hipErrorInvalidDevice);
    CHECK(hipSetDevice(0));
    EXPECT(hipDeviceEnablePeerAccess(1, 1), hipErrorInvalidValue);
    EXPECT(hipDeviceEnablePeerAccess(7, 0), hipErrorInvalidDevice);
    EXPECT(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
    EXPECT(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);

    const int n = 5000;
    const size_t bytes = n * sizeof(int);
    int *a0, *b1, *c0;
    CHECK(hipSetDevice(0));
    CHECK(hipMalloc(&a0, bytes));
    CHECK(hipMalloc(&c0, bytes));
    CHECK(hipSetDevice(1));
    CHECK(hipMalloc(&b1, bytes));
    hipStream_t s1;
    CHECK(hipStreamCreate(&s1));

    // Device 0 makes the data; a synchronous peer copy takes it to device 1.
    CHECK(hipSetDevice(0));
    hipLaunchKernelGGL(iota, dim3((n + 255) / 256), dim3(256), 0, 0, a0, -40, n);
    CHECK(hipMemcpyPeer(b1, 1, a0, 0, bytes));
    // Device 1 doubles it; an asynchronous peer copy on device 1's stream brings it back
    // after the kernel (stream order).
    CHECK(hipSetDevice(1));
    hipLaunchKernelGGL(twice, dim3((n + 255) / 256), dim3(256), 0, s1, b1, n);
    CHECK(hipMemcpyPeerAsync(c0, 0, b1, 1, bytes, s1));
    CHECK(hipStreamSynchronize(s1));
    std::vector<int> got(n);
    CHECK(hipMemcpy(got.data(), c0, bytes, hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        if (got[i] != 2 * (-40 + 3 * i)) {
            printf("FAIL: [%d] = %d, host says %d\n", i, got[i], 2 * (-40 + 3 * i));
            return 1;
        }
    // Peer access: device 0's kernels reach device 1's memory, an allocation made before
    // enabling and one made after, reading and writing at their own addresses.
    CHECK(hipSetDevice(0));
    CHECK(hipDeviceEnablePeerAccess(1, 0));
    EXPECT(hipDeviceEnablePeerAccess(1, 0), hipErrorPeerAccessAlreadyEnabled);
    int* d1;
    CHECK(hipSetDevice(1));
    CHECK(hipMalloc(&d1, bytes));
    CHECK(hipSetDevice(0));
    hipLaunchKernelGGL(add_into, dim3((n + 255) / 256), dim3(256), 0, 0, d1, b1, c0, n);
    CHECK(hipDeviceSynchronize());
    std::vector<int> in1(n), out1(n);
    CHECK(hipMemcpy(in1.data(), b1, bytes, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(out1.data(), d1, bytes, hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        int was = 2 * (-40 + 3 * i);
        if (out1[i] != was + got[i] || in1[i] != was + 1) {
            printf("FAIL: peer kernel [%d]: %d %d, host says %d %d\n", i, out1[i], in1[i], was + got[i], was + 1);
            return 1;
        }
    }
    CHECK(hipDeviceDisablePeerAccess(1));
    EXPECT(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
    // Without peer access a kernel on device 0 that touches device 1's memory faults.
    hipLaunchKernelGGL(twice, dim3((n + 255) / 256), dim3(256), 0, 0, b1, n);
    EXPECT(hipDeviceSynchronize(), hipErrorLaunchFailure);
    CHECK(hipSetDevice(1));
    CHECK(hipFree(d1));

    // Pointers of the wrong device, devices that do not exist.
    EXPECT(hipMemcpyPeer(b1, 0, a0, 0, bytes), hipErrorInvalidValue);
    EXPECT(hipMemcpyPeerAsync(c0, 0, b1, 0, bytes, s1), hipErrorInvalidValue);
    EXPECT(hipMemcpyPeer(b1, 1, a0, 5, bytes), hipErrorInvalidDevice);
    CHECK(hipStreamDestroy(s1));
    CHECK(hipFree(b1));
    CHECK(hipSetDevice(0));
    CHECK(hipFree(a0));
    CHECK(hipFree(c0));
    printf("PASS peer\n");
    return 0;
}
