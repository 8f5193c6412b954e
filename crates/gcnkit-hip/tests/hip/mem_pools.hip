// Memory pools (HIP 5.2's stream-ordered allocator): the default and the current pool of each
// device, a created pool that keeps its freed blocks (release threshold) and gives them out
// again, trimming, the figures ROCm reports, access between two devices, and the errors of
// misuse. Kernels use the blocks; results against host computations.
#include "check.h"
#include <cstdint>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

__global__ void fill(int* p, int n, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = i * k;
}

static uint64_t attr(hipMemPool_t pool, hipMemPoolAttr a) {
    uint64_t v = ~0ull;
    if (hipMemPoolGetAttribute(pool, a, &v) != hipSuccess) return ~1ull;
    return v;
}

// Fills `n` ints of `p` on stream `s` with i*k and checks them on the host.
static bool filled(int* p, int n, int k, hipStream_t s) {
    static int host[1 << 16];
    hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, s, p, n, k);
    if (hipMemcpyAsync(host, p, n * sizeof(int), hipMemcpyDeviceToHost, s) != hipSuccess) return false;
    if (hipStreamSynchronize(s) != hipSuccess) return false;
    for (int i = 0; i < n; i++)
        if (host[i] != i * k) return false;
    return true;
}

int main() {
    int devices = 0;
    CHECK(hipGetDeviceCount(&devices));
    hipStream_t s;
    CHECK(hipStreamCreate(&s));
    const int n = 5000;
    const uint64_t bytes = n * sizeof(int);

    // The default pool is the current one; hipMallocAsync takes from it.
    hipMemPool_t def, cur;
    CHECK(hipDeviceGetDefaultMemPool(&def, 0));
    CHECK(hipDeviceGetMemPool(&cur, 0));
    EXPECT(def != nullptr && def == cur, "default pool %p, current %p", (void*)def, (void*)cur);
    int* a;
    CHECK(hipMallocAsync((void**)&a, bytes, s));
    EXPECT(attr(def, hipMemPoolAttrUsedMemCurrent) == bytes, "used %llu",
           (unsigned long long)attr(def, hipMemPoolAttrUsedMemCurrent));
    EXPECT(filled(a, n, 3, s), "kernel on the default pool's block");
    CHECK(hipFreeAsync(a, s));
    CHECK(hipStreamSynchronize(s));
    // Release threshold 0 (the default): freed and synchronised, the block is no memory.
    EXPECT(attr(def, hipMemPoolAttrReleaseThreshold) == 0, "default threshold");
    EXPECT(attr(def, hipMemPoolAttrReservedMemCurrent) == 0 && attr(def, hipMemPoolAttrUsedMemCurrent) == 0,
           "default pool after the free: reserved %llu",
           (unsigned long long)attr(def, hipMemPoolAttrReservedMemCurrent));
    EXPECT(attr(def, hipMemPoolAttrUsedMemHigh) == bytes, "used high");
    int word;
    EXPECT(hipMemcpy(&word, a, 4, hipMemcpyDeviceToHost) == hipErrorInvalidValue, "freed block still memory");
    (void)hipGetLastError();

    // A pool of our own that keeps what it is given back.
    hipMemPoolProps props = {};
    props.allocType = hipMemAllocationTypePinned;
    props.location.type = hipMemLocationTypeDevice;
    props.location.id = 0;
    hipMemPool_t pool;
    CHECK(hipMemPoolCreate(&pool, &props));
    EXPECT(pool != def, "a new pool");
    uint64_t keep = ~0ull;
    CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep));
    int* b;
    CHECK(hipMallocFromPoolAsync((void**)&b, bytes, pool, s));
    EXPECT(filled(b, n, 5, s), "kernel on the pool's block");
    CHECK(hipFreeAsync(b, s));
    CHECK(hipStreamSynchronize(s));
    EXPECT(attr(pool, hipMemPoolAttrUsedMemCurrent) == 0 && attr(pool, hipMemPoolAttrReservedMemCurrent) == bytes,
           "kept block: used %llu reserved %llu", (unsigned long long)attr(pool, hipMemPoolAttrUsedMemCurrent),
           (unsigned long long)attr(pool, hipMemPoolAttrReservedMemCurrent));
    // A smaller allocation takes the kept block (the same address, counted at its size).
    int* c;
    CHECK(hipMallocFromPoolAsync((void**)&c, bytes / 2, pool, s));
    EXPECT(c == b, "reused block %p, freed one %p", (void*)c, (void*)b);
    EXPECT(attr(pool, hipMemPoolAttrUsedMemCurrent) == bytes, "reused block's size");
    EXPECT(filled(c, n / 2, 7, s), "kernel on the reused block");
    // A larger one does not fit: a new block.
    int* d;
    CHECK(hipMallocFromPoolAsync((void**)&d, 2 * bytes, pool, s));
    EXPECT(d != c, "a larger block");
    EXPECT(attr(pool, hipMemPoolAttrReservedMemCurrent) == 3 * bytes, "reserved 3 blocks");
    CHECK(hipFreeAsync(c, s));
    CHECK(hipFreeAsync(d, s));
    CHECK(hipStreamSynchronize(s));
    EXPECT(attr(pool, hipMemPoolAttrReservedMemHigh) == 3 * bytes, "reserved high");
    CHECK(hipMemPoolTrimTo(pool, 0));
    EXPECT(attr(pool, hipMemPoolAttrReservedMemCurrent) == 0, "trimmed");
    EXPECT(hipMemcpy(&word, c, 4, hipMemcpyDeviceToHost) == hipErrorInvalidValue, "trimmed block still memory");
    (void)hipGetLastError();
    // The high-water marks are reset to the current figures; the current figures are not set.
    uint64_t zero = 0, one = 1;
    CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));
    EXPECT(attr(pool, hipMemPoolAttrUsedMemHigh) == 0, "used high reset");
    EXPECT(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &one) == hipErrorInvalidValue, "used high 1");
    EXPECT(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &zero) == hipErrorInvalidValue, "used set");
    // The reuse policies: on, and kept as set.
    int on = -1, off = 0;
    CHECK(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &on));
    EXPECT(on == 1, "opportunistic reuse %d", on);
    CHECK(hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &off));
    CHECK(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &on));
    EXPECT(on == 0, "opportunistic reuse set off");

    // The current pool: hipMallocAsync takes from it; destroyed, the default is current again.
    CHECK(hipDeviceSetMemPool(0, pool));
    CHECK(hipDeviceGetMemPool(&cur, 0));
    EXPECT(cur == pool, "current pool");
    int* e;
    CHECK(hipMallocAsync((void**)&e, 256, s));
    EXPECT(attr(pool, hipMemPoolAttrUsedMemCurrent) == 256, "hipMallocAsync from the current pool");
    EXPECT(filled(e, 64, 9, s), "kernel on the current pool's block");
    EXPECT(hipMemPoolDestroy(def) == hipErrorInvalidValue, "destroying the default pool");
    CHECK(hipMemPoolDestroy(pool));
    CHECK(hipDeviceGetMemPool(&cur, 0));
    EXPECT(cur == def, "current after the destruction");
    // A block given out before the destruction stays valid until freed.
    EXPECT(filled(e, 64, 11, s), "kernel on a destroyed pool's block");
    CHECK(hipFreeAsync(e, s));
    CHECK(hipStreamSynchronize(s));

    // Access: the pool's own device reads and writes; another device as set.
    hipMemAccessFlags flags;
    hipMemLocation here = {hipMemLocationTypeDevice, 0};
    CHECK(hipMemPoolGetAccess(&flags, def, &here));
    EXPECT(flags == hipMemAccessFlagsProtReadWrite, "own device's access %d", (int)flags);
    if (devices > 1) {
        hipMemLocation there = {hipMemLocationTypeDevice, 1};
        CHECK(hipMemPoolGetAccess(&flags, def, &there));
        EXPECT(flags == hipMemAccessFlagsProtNone, "other device's access before %d", (int)flags);
        hipMemAccessDesc desc = {there, hipMemAccessFlagsProtReadWrite};
        CHECK(hipMemPoolSetAccess(def, &desc, 1));
        CHECK(hipMemPoolGetAccess(&flags, def, &there));
        EXPECT(flags == hipMemAccessFlagsProtReadWrite, "other device's access after %d", (int)flags);
        desc.flags = hipMemAccessFlagsProtNone;
        EXPECT(hipMemPoolSetAccess(def, &desc, 1) == hipErrorInvalidDevice, "access none");
        // Device 1's pool is not device 0's.
        hipMemPool_t other;
        CHECK(hipDeviceGetDefaultMemPool(&other, 1));
        EXPECT(other != def, "device 1's default pool");
        EXPECT(hipDeviceSetMemPool(0, other) == hipErrorInvalidDevice, "another device's pool");
    }

    // Misuse.
    props.allocType = hipMemAllocationTypeInvalid;
    EXPECT(hipMemPoolCreate(&pool, &props) == hipErrorInvalidValue, "allocation type");
    props.allocType = hipMemAllocationTypePinned;
    props.location.id = 7;
    EXPECT(hipMemPoolCreate(&pool, &props) == hipErrorInvalidValue, "device 7");
    EXPECT(hipDeviceGetDefaultMemPool(&cur, 7) == hipErrorInvalidDevice, "default pool of device 7");
    EXPECT(hipMallocFromPoolAsync((void**)&a, 64, nullptr, s) == hipErrorInvalidValue, "null pool");
    EXPECT(hipMemPoolGetAttribute(def, (hipMemPoolAttr)99, &zero) == hipErrorInvalidValue, "attribute 99");
    EXPECT(hipFreeAsync(nullptr, s) == hipErrorInvalidValue, "null free");
    CHECK(hipMallocAsync((void**)&a, 0, s));
    EXPECT(a == nullptr, "zero bytes");
    (void)hipGetLastError();

    printf("PASS mem_pools devices=%d\n", devices);
    return 0;
}
