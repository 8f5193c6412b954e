// Memory operations ordered in a stream: the stream-ordered allocator (hipMallocAsync,
// hipFreeAsync), hipStreamWriteValue32/64 behind a kernel held by a host flag (so the write
// cannot have happened before the flag is set), and managed memory's hints (checked, they
// change nothing). Results against host computations.
#include "check.h"
#include <vector>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

__global__ void gated(const volatile int* gate, int* out) {
    while (*gate == 0) __builtin_amdgcn_s_sleep(1);
    out[0] = 1;
}

__global__ void squares(int* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = i * i;
}

int main() {
    hipStream_t s;
    CHECK(hipStreamCreate(&s));
    const int n = 3000;

    // The stream-ordered allocator: allocate, use, copy out, free, in stream order.
    int* buf;
    int* pinned;
    CHECK(hipHostMalloc((void**)&pinned, n * sizeof(int), 0));
    CHECK(hipMallocAsync((void**)&buf, n * sizeof(int), s));
    hipLaunchKernelGGL(squares, dim3((n + 255) / 256), dim3(256), 0, s, buf, n);
    CHECK(hipMemcpyAsync(pinned, buf, n * sizeof(int), hipMemcpyDeviceToHost, s));
    CHECK(hipFreeAsync(buf, s));
    CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; i++) EXPECT(pinned[i] == i * i, "squares[%d] = %d", i, pinned[i]);
    int word;
    EXPECT(hipMemcpy(&word, buf, 4, hipMemcpyDeviceToHost) == hipErrorInvalidValue, "memory after hipFreeAsync");
    EXPECT(hipFreeAsync(buf, s) == hipErrorInvalidValue, "hipFreeAsync twice");
    (void)hipGetLastError();

    // Writes of a value, behind a kernel that waits for the host.
    volatile int* gate;
    CHECK(hipHostMalloc((void**)&gate, 64, 0));
    gate[0] = 0;
    unsigned* w32 = (unsigned*)(gate + 4);
    unsigned long long* w64 = (unsigned long long*)(gate + 8);
    *w32 = 0;
    *w64 = 0;
    int* flag;
    CHECK(hipMalloc(&flag, 4));
    hipLaunchKernelGGL(gated, dim3(1), dim3(1), 0, s, gate, flag);
    CHECK(hipStreamWriteValue32(s, w32, 0xfeedu, 0));
    CHECK(hipStreamWriteValue64(s, w64, 0x123456789abcdefull, 0));
    EXPECT(*(volatile unsigned*)w32 == 0 && *(volatile unsigned long long*)w64 == 0,
           "a write of a value ran before the kernel before it");
    gate[0] = 1;
    CHECK(hipStreamSynchronize(s));
    EXPECT(*w32 == 0xfeedu && *w64 == 0x123456789abcdefull, "written values %x %llx", *w32, *w64);
    EXPECT(hipStreamWriteValue32(s, &word, 1, 0) == hipErrorInvalidValue, "a write to pageable memory");
    (void)hipGetLastError();

    // Managed memory's hints.
    int* m;
    CHECK(hipMallocManaged((void**)&m, n * sizeof(int), hipMemAttachGlobal));
    CHECK(hipMemAdvise(m, n * sizeof(int), hipMemAdviseSetReadMostly, 0));
    CHECK(hipMemAdvise(m, n * sizeof(int), hipMemAdviseSetPreferredLocation, hipCpuDeviceId));
    CHECK(hipStreamAttachMemAsync(s, m, 0, hipMemAttachSingle));
    CHECK(hipMemPrefetchAsync(m, n * sizeof(int), 0, s));
    hipLaunchKernelGGL(squares, dim3((n + 255) / 256), dim3(256), 0, s, m, n);
    CHECK(hipMemPrefetchAsync(m, n * sizeof(int), hipCpuDeviceId, s));
    CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; i++) EXPECT(m[i] == i * i, "managed[%d] = %d", i, m[i]);
    // The hints given are answered.
    {
        int read_mostly = -9, preferred = -9, last = -9, accessed[3] = {-9, -9, -9};
        CHECK(hipMemAdvise(m, n * sizeof(int), hipMemAdviseSetAccessedBy, 0));
        CHECK(hipMemRangeGetAttribute(&read_mostly, 4, hipMemRangeAttributeReadMostly, m, n * sizeof(int)));
        CHECK(hipMemRangeGetAttribute(&accessed, sizeof accessed, hipMemRangeAttributeAccessedBy, m, 4));
        void* data[] = {&preferred, &last};
        size_t sizes[] = {4, 4};
        hipMemRangeAttribute which[] = {hipMemRangeAttributePreferredLocation, hipMemRangeAttributeLastPrefetchLocation};
        CHECK(hipMemRangeGetAttributes(data, sizes, which, 2, m, n * sizeof(int)));
        EXPECT(read_mostly == 1 && preferred == hipCpuDeviceId && last == hipCpuDeviceId, "hints %d %d %d",
               read_mostly, preferred, last);
        EXPECT(accessed[0] == 0 && accessed[1] == hipInvalidDeviceId && accessed[2] == hipInvalidDeviceId,
               "accessed by %d %d %d", accessed[0], accessed[1], accessed[2]);
        CHECK(hipMemAdvise(m, n * sizeof(int), hipMemAdviseUnsetReadMostly, 0));
        CHECK(hipMemRangeGetAttribute(&read_mostly, 4, hipMemRangeAttributeReadMostly, m, n * sizeof(int)));
        EXPECT(read_mostly == 0, "read-mostly after unset: %d", read_mostly);
    }
    EXPECT(hipMemAdvise(flag, 4, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue, "advice on device memory");
    EXPECT(hipMemAdvise(m, 4, (hipMemoryAdvise)42, 0) == hipErrorInvalidValue, "an unknown advice");
    EXPECT(hipMemPrefetchAsync(m, (n + 1) * sizeof(int), 0, s) == hipErrorInvalidValue, "a prefetch past the end");
    (void)hipGetLastError();

    CHECK(hipFree(m));
    CHECK(hipFree(flag));
    CHECK(hipStreamDestroy(s));
    printf("PASS stream_memory\n");
    return 0;
}
