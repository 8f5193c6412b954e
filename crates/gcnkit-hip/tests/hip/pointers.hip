// Pointer queries of the driver API (hipPointerGetAttribute, hipDrvPointerGetAttributes) on
// device, pinned and managed memory, inside an allocation and outside every one; device UUIDs;
// hipDrvMemcpy2DUnaligned. Answers against what the program allocated.
#include "check.h"
#include <cstring>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

int main() {
    int devices = 0;
    CHECK(hipGetDeviceCount(&devices));
    char* dev;
    char* pinned;
    int* managed;
    CHECK(hipMalloc((void**)&dev, 4096));
    CHECK(hipHostMalloc((void**)&pinned, 1000, 0));
    CHECK(hipMallocManaged((void**)&managed, 64 * sizeof(int), hipMemAttachGlobal));

    // Inside a device allocation: its start and size, device memory, not managed, device 0.
    unsigned type = 99, size = 0;
    void* start = nullptr;
    void* dptr = nullptr;
    bool is_managed = true, mapped = false;
    int ordinal = -1;
    char* inside = dev + 100;
    CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (hipDeviceptr_t)inside));
    EXPECT(type == hipMemoryTypeDevice, "device memory type %u", type);
    CHECK(hipPointerGetAttribute(&start, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, (hipDeviceptr_t)inside));
    CHECK(hipPointerGetAttribute(&size, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, (hipDeviceptr_t)inside));
    EXPECT(start == dev && size == 4096, "range %p %u", start, size);
    CHECK(hipPointerGetAttribute(&dptr, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, (hipDeviceptr_t)inside));
    EXPECT(dptr == inside, "device pointer %p", dptr);
    CHECK(hipPointerGetAttribute(&is_managed, HIP_POINTER_ATTRIBUTE_IS_MANAGED, (hipDeviceptr_t)inside));
    CHECK(hipPointerGetAttribute(&mapped, HIP_POINTER_ATTRIBUTE_MAPPED, (hipDeviceptr_t)inside));
    CHECK(hipPointerGetAttribute(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, (hipDeviceptr_t)inside));
    EXPECT(!is_managed && mapped && ordinal == 0, "managed %d mapped %d ordinal %d", is_managed, mapped, ordinal);
    void* host = (void*)1;
    EXPECT(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, (hipDeviceptr_t)inside) ==
               hipErrorInvalidValue && host == nullptr, "a device allocation's host pointer");
    (void)hipGetLastError();

    // Pinned memory: host type, its host pointer; managed memory: managed.
    CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (hipDeviceptr_t)(pinned + 10)));
    EXPECT(type == hipMemoryTypeHost, "pinned memory type %u", type);
    CHECK(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, (hipDeviceptr_t)(pinned + 10)));
    EXPECT(host == pinned + 10, "pinned host pointer %p", host);
    CHECK(hipPointerGetAttribute(&is_managed, HIP_POINTER_ATTRIBUTE_IS_MANAGED, (hipDeviceptr_t)managed));
    EXPECT(is_managed, "managed memory");

    // Outside every allocation, and attributes ROCm does not give.
    int local = 0;
    EXPECT(hipPointerGetAttribute(&mapped, HIP_POINTER_ATTRIBUTE_MAPPED, (hipDeviceptr_t)&local) == hipErrorInvalidValue
               && !mapped, "a stack address mapped");
    EXPECT(hipPointerGetAttribute(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, (hipDeviceptr_t)&local) ==
               hipErrorInvalidValue && ordinal == -2, "a stack address's ordinal %d", ordinal);
    EXPECT(hipPointerGetAttribute(&ordinal, HIP_POINTER_ATTRIBUTE_CONTEXT, (hipDeviceptr_t)dev) == hipErrorNotSupported,
           "the context attribute");
    EXPECT(hipPointerGetAttribute(nullptr, HIP_POINTER_ATTRIBUTE_MAPPED, (hipDeviceptr_t)dev) == hipErrorInvalidValue,
           "null data");
    (void)hipGetLastError();

    // Several at once.
    hipPointer_attribute which[3] = {HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
                                     HIP_POINTER_ATTRIBUTE_IS_MANAGED};
    unsigned t2 = 99, s2 = 0;
    bool m2 = false;
    void* into[3] = {&t2, &s2, &m2};
    CHECK(hipDrvPointerGetAttributes(3, which, into, (hipDeviceptr_t)(managed + 3)));
    EXPECT(t2 == hipMemoryTypeDevice && s2 == 64 * sizeof(int) && m2, "managed: type %u size %u managed %d", t2, s2, m2);

    // UUIDs: one per device, distinct.
    hipUUID a, b;
    CHECK(hipDeviceGetUuid(&a, 0));
    EXPECT(a.bytes[0] != 0, "a UUID");
    if (devices > 1) {
        CHECK(hipDeviceGetUuid(&b, 1));
        EXPECT(memcmp(a.bytes, b.bytes, 16) != 0, "two devices, one UUID");
    }
    EXPECT(hipDeviceGetUuid(&a, devices) == hipErrorInvalidDevice, "the UUID of no device");
    (void)hipGetLastError();

    // hipDrvMemcpy2DUnaligned: 7 rows of 33 bytes from pitched host memory into the device.
    char src[7 * 40];
    for (int i = 0; i < 7 * 40; i++) src[i] = (char)(i * 7 + 1);
    hip_Memcpy2D c = {};
    c.srcMemoryType = hipMemoryTypeHost;
    c.srcHost = src;
    c.srcPitch = 40;
    c.dstMemoryType = hipMemoryTypeDevice;
    c.dstDevice = (hipDeviceptr_t)dev;
    c.dstPitch = 64;
    c.WidthInBytes = 33;
    c.Height = 7;
    CHECK(hipDrvMemcpy2DUnaligned(&c));
    char back[7 * 64];
    CHECK(hipMemcpy(back, dev, sizeof back, hipMemcpyDeviceToHost));
    for (int r = 0; r < 7; r++)
        for (int x = 0; x < 33; x++)
            EXPECT(back[r * 64 + x] == src[r * 40 + x], "row %d byte %d", r, x);

    printf("PASS pointers devices=%d\n", devices);
    return 0;
}
