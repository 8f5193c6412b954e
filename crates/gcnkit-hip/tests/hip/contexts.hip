// The driver API's contexts, as code ported from CUDA's driver API uses them: a context per
// device (the device's own), a stack per host thread whose top is the thread's device, the
// primary context's retains and state. Run with two devices (--devices 2).
#include "check.h"
#include <cstring>
#include <thread>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

__global__ void put(int* p, int v) { p[threadIdx.x] = v + threadIdx.x; }

int main() {
    int count = 0;
    CHECK(hipGetDeviceCount(&count));
    EXPECT(count == 2, "%d devices (run with --devices 2)", count);
    hipCtx_t c0, c1, top;
    int dev = -1;
    CHECK(hipCtxGetCurrent(&top));
    CHECK(hipCtxCreate(&c1, 0, 1));
    CHECK(hipGetDevice(&dev));
    EXPECT(dev == 1, "hipCtxCreate on device 1 left device %d current", dev);
    CHECK(hipCtxGetDevice(&dev));
    EXPECT(dev == 1, "hipCtxGetDevice %d", dev);
    // Memory and launches go to the context's device.
    int* d1;
    CHECK(hipMalloc(&d1, 64 * sizeof(int)));
    hipPointerAttribute_t attr;
    CHECK(hipPointerGetAttributes(&attr, d1));
    EXPECT(attr.device == 1, "an allocation in context 1 is on device %d", attr.device);
    put<<<1, 64>>>(d1, 5);
    CHECK(hipCtxSynchronize());
    int h[64];
    CHECK(hipMemcpy(h, d1, sizeof h, hipMemcpyDeviceToHost));
    for (int i = 0; i < 64; i++) EXPECT(h[i] == 5 + i, "device 1's kernel: %d at %d", h[i], i);
    // A push and a pop come back to the context before.
    CHECK(hipDevicePrimaryCtxRetain(&c0, 0));
    CHECK(hipCtxPushCurrent(c0));
    CHECK(hipGetDevice(&dev));
    EXPECT(dev == 0, "after a push of device 0's context: device %d", dev);
    hipCtx_t popped;
    CHECK(hipCtxPopCurrent(&popped));
    EXPECT(popped == c0, "popped another context");
    CHECK(hipGetDevice(&dev));
    EXPECT(dev == 1, "after the pop: device %d", dev);
    CHECK(hipCtxGetCurrent(&top));
    EXPECT(top == c1, "the current context after the pop");
    // Another thread has its own stack.
    int other = -1;
    std::thread t([&] {
        hipCtx_t c;
        if (hipCtxGetCurrent(&c) == hipSuccess && c == c0) other = 0;
    });
    t.join();
    EXPECT(other == 0, "a new thread's current context is its device 0's");
    // Primary context state.
    unsigned flags = 99;
    int active = -1;
    CHECK(hipDevicePrimaryCtxGetState(0, &flags, &active));
    EXPECT(active == 1, "device 0's primary context retained: active %d", active);
    CHECK(hipDevicePrimaryCtxRelease(0));
    CHECK(hipDevicePrimaryCtxGetState(0, &flags, &active));
    EXPECT(active == 0, "released: active %d", active);
    EXPECT(hipDevicePrimaryCtxRelease(0) == hipErrorInvalidContext, "a release without a retain");
    (void)hipGetLastError();
    EXPECT(hipCtxPushCurrent((hipCtx_t)0x1234) == hipErrorInvalidContext, "a context that is not one");
    (void)hipGetLastError();
    // Destroying the current context takes it off the stack; the device stays usable.
    CHECK(hipCtxDestroy(c1));
    EXPECT(hipCtxPopCurrent(&popped) == hipErrorInvalidContext, "a pop of an empty stack");
    (void)hipGetLastError();
    CHECK(hipSetDevice(1));
    CHECK(hipFree(d1));
    // The two devices may be peers (ROCm 5.2's attribute: canAccessPeer).
    int p2p = -1;
    CHECK(hipDeviceGetP2PAttribute(&p2p, hipDevP2PAttrAccessSupported, 0, 1));
    EXPECT(p2p == 1, "peer access supported: %d", p2p);
    EXPECT(hipDeviceGetP2PAttribute(&p2p, hipDevP2PAttrPerformanceRank, 1, 1) == hipErrorInvalidDevice,
           "a device with itself");
    (void)hipGetLastError();
    // Each device its own PCI address, the same in the properties, the attribute and the string.
    for (int k = 0; k < 2; k++) {
        char bus[32];
        CHECK(hipDeviceGetPCIBusId(bus, sizeof bus, k));
        hipDeviceProp_t prop;
        CHECK(hipGetDeviceProperties(&prop, k));
        int attr_bus = -1, back = -1;
        CHECK(hipDeviceGetAttribute(&attr_bus, hipDeviceAttributePciBusId, k));
        char want[32];
        snprintf(want, sizeof want, "%04x:%02x:%02x.0", prop.pciDomainID, prop.pciBusID, prop.pciDeviceID);
        EXPECT(strcmp(bus, want) == 0 && attr_bus == prop.pciBusID, "device %d: %s, properties %s, attribute %d", k,
               bus, want, attr_bus);
        CHECK(hipDeviceGetByPCIBusId(&back, bus));
        EXPECT(back == k, "device of %s: %d, not %d", bus, back, k);
    }
    {
        char small[8];
        int back = -1;
        EXPECT(hipDeviceGetPCIBusId(small, sizeof small, 0) == hipErrorInvalidValue, "a buffer too small");
        EXPECT(hipDeviceGetByPCIBusId(&back, "0000:07:00.0") == hipErrorInvalidDevice, "a bus with no device");
        (void)hipGetLastError();
    }
    printf("PASS contexts\n");
    return 0;
}
