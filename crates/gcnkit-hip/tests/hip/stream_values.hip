// hipStreamWaitValue32/64 and hipStreamWriteValue32/64: a stream held by a word in pinned
// memory until the host makes the condition true (each of the four compare operations under
// a mask, decided by the host's own evaluation of the header's rule), value writes in stream
// order around kernels, a wait that is never met (given up with hipErrorLaunchTimeOut after
// GCNKIT_WAIT_TIMEOUT seconds, not a hang), signal memory, and the errors of misuse.
#include "check.h"
#include <chrono>
#include <cstdlib>
#include <thread>

#define EXPECT(x, want)                                                                     \
    do {                                                                                    \
        hipError_t e_ = (x);                                                                \
        if (e_ != (want)) {                                                                 \
            printf("FAIL: %s gave %s (%d), not %s at line %d\n", #x, hipGetErrorName(e_),   \
                   (int)e_, #want, __LINE__);                                               \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)

__global__ void store(int* p, int v) { *p = v; }

// The header's rule, evaluated on the host.
static bool met(unsigned flags, uint64_t word, uint64_t value, uint64_t mask, int bits) {
    uint64_t all = bits == 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t v = word & mask & all;
    switch (flags) {
        case hipStreamWaitValueGte: return v >= (value & all);
        case hipStreamWaitValueEq: return v == (value & all);
        case hipStreamWaitValueAnd: return (v & value) != 0;
        default: return (~(v | (value & mask)) & all) != 0;
    }
}

// Waits up to 2 s for the stream to be done.
static bool done_soon(hipStream_t s) {
    for (int k = 0; k < 2000; k++) {
        if (hipStreamQuery(s) == hipSuccess) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

int main() {
    setenv("GCNKIT_WAIT_TIMEOUT", "1", 1);
    int attr = 0;
    CHECK(hipDeviceGetAttribute(&attr, hipDeviceAttributeCanUseStreamWaitValue, 0));
    if (attr != 1) {
        printf("FAIL: hipDeviceAttributeCanUseStreamWaitValue is %d\n", attr);
        return 1;
    }
    uint64_t* word;
    CHECK(hipHostMalloc(&word, 64, 0));
    int* out;
    CHECK(hipMalloc(&out, sizeof(int)));
    hipStream_t s;
    CHECK(hipStreamCreate(&s));

    // Every compare, 32 and 64 bits, under a mask: a word that does not meet the condition
    // holds the stream (and the kernel after the wait) until the host writes one that does.
    struct Case {
        unsigned flags;
        uint64_t before, after, value, mask;
    };
    const Case cases[] = {
        {hipStreamWaitValueGte, 3, 9, 7, ~0ull},
        {hipStreamWaitValueGte, 0xff00000003ull, 0x08, 7, 0xff},
        {hipStreamWaitValueEq, 6, 0xab0005, 5, 0xff},
        {hipStreamWaitValueEq, 0x105, 5, 5, 0xffff},
        {hipStreamWaitValueAnd, 0b1001, 0b0110, 0b0100, ~0ull},
        {hipStreamWaitValueAnd, 0xf0, 0x0f, 0x0f, 0x0f},
        {hipStreamWaitValueNor, ~0ull, ~1ull, 0, ~0ull},
        {hipStreamWaitValueNor, 0xffffffff0000ffffull, 0xffffffff0000fff0ull, 0xffff0000ull, ~0ull},
    };
    int checked = 0;
    for (int bits : {32, 64}) {
        for (const Case& c : cases) {
            uint64_t all = bits == 64 ? ~0ull : 0xffffffffull;
            if (met(c.flags, c.before, c.value, c.mask, bits) || !met(c.flags, c.after, c.value, c.mask, bits)) {
                printf("FAIL: case %u %llx -> %llx is not a test\n", c.flags, (unsigned long long)c.before,
                       (unsigned long long)c.after);
                return 1;
            }
            *word = c.before & all;
            CHECK(hipMemsetAsync(out, 0, sizeof(int), s));
            if (bits == 32)
                CHECK(hipStreamWaitValue32(s, word, (uint32_t)c.value, c.flags, (uint32_t)c.mask));
            else
                CHECK(hipStreamWaitValue64(s, word, c.value, c.flags, c.mask));
            hipLaunchKernelGGL(store, dim3(1), dim3(1), 0, s, out, 1 + checked);
            std::this_thread::sleep_for(std::chrono::milliseconds(30));
            if (hipStreamQuery(s) != hipErrorNotReady) {
                printf("FAIL: the %d-bit wait %u on 0x%llx went on\n", bits, c.flags, (unsigned long long)c.before);
                return 1;
            }
            // A word already meeting it does not hold the stream.
            *word = c.after & all;
            if (!done_soon(s)) {
                printf("FAIL: the %d-bit wait %u on 0x%llx did not end\n", bits, c.flags, (unsigned long long)c.after);
                return 1;
            }
            CHECK(hipStreamSynchronize(s));
            int got = 0;
            CHECK(hipMemcpy(&got, out, sizeof(int), hipMemcpyDeviceToHost));
            if (got != 1 + checked) {
                printf("FAIL: the kernel after the wait wrote %d\n", got);
                return 1;
            }
            checked++;
        }
    }

    // Value writes in stream order around kernels.
    int* flag;
    CHECK(hipHostMalloc(&flag, sizeof(int), 0));
    *flag = 0;
    hipLaunchKernelGGL(store, dim3(1), dim3(1), 0, s, flag, 5);
    CHECK(hipStreamWriteValue32(s, flag, 7, 0));
    CHECK(hipStreamSynchronize(s));
    if (*flag != 7) {
        printf("FAIL: write after the kernel: %d\n", *flag);
        return 1;
    }
    CHECK(hipStreamWriteValue32(s, flag, 9, 0));
    hipLaunchKernelGGL(store, dim3(1), dim3(1), 0, s, flag, 11);
    CHECK(hipStreamSynchronize(s));
    if (*flag != 11) {
        printf("FAIL: write before the kernel: %d\n", *flag);
        return 1;
    }
    // A write on one stream meets a wait given after it on another.
    hipStream_t s2;
    CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
    *word = 0;
    CHECK(hipStreamWriteValue64(s2, word, 0x1234567890ull, 0));
    CHECK(hipStreamWaitValue64(s, word, 0x1234567890ull, hipStreamWaitValueEq, ~0ull));
    CHECK(hipStreamSynchronize(s));

    // A wait never met: given up after GCNKIT_WAIT_TIMEOUT (1 s here) and reported once.
    *word = 0;
    CHECK(hipStreamWaitValue32(s, word, 1, hipStreamWaitValueEq, 0xffffffffu));
    auto t0 = std::chrono::steady_clock::now();
    EXPECT(hipStreamSynchronize(s), hipErrorLaunchTimeOut);
    double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (waited < 0.5 || waited > 30) {
        printf("FAIL: the never-met wait took %.2f s\n", waited);
        return 1;
    }
    CHECK(hipStreamSynchronize(s));

    // Signal memory (hipExtMallocWithFlags, hipMallocSignalMemory): 8 bytes the host reads
    // and writes itself, as ROCm's HSA signal memory, and a kernel and the stream too.
    int64_t* sig;
    CHECK(hipExtMallocWithFlags((void**)&sig, 8, hipMallocSignalMemory));
    *sig = 0;
    CHECK(hipStreamWaitValue64(s, sig, 5, hipStreamWaitValueEq, ~0ull));
    hipLaunchKernelGGL(store, dim3(1), dim3(1), 0, s, (int*)sig, 6);
    *sig = 5;
    CHECK(hipStreamSynchronize(s));
    if (*sig != 6) {
        printf("FAIL: signal memory after the kernel: %lld\n", (long long)*sig);
        return 1;
    }
    CHECK(hipFree(sig));
    // ROCm 5.2's errors: signal memory is 8 bytes; flags past hipMallocSignalMemory.
    EXPECT(hipExtMallocWithFlags((void**)&sig, 16, hipMallocSignalMemory), hipErrorInvalidValue);
    EXPECT(hipExtMallocWithFlags((void**)&sig, 8, 3), hipErrorInvalidValue);

    // Misuse.
    EXPECT(hipStreamWaitValue32(s, word, 1, 4, 0xffffffffu), hipErrorInvalidValue);
    EXPECT(hipStreamWaitValue32(s, nullptr, 1, 0, 0xffffffffu), hipErrorInvalidValue);
    int pageable = 0;
    EXPECT(hipStreamWaitValue32(s, &pageable, 1, 0, 0xffffffffu), hipErrorInvalidValue);
    EXPECT(hipStreamWriteValue32(s, &pageable, 1, 0), hipErrorInvalidValue);
    CHECK(hipStreamDestroy(s));
    CHECK(hipStreamDestroy(s2));
    CHECK(hipHostFree(word));
    CHECK(hipHostFree(flag));
    CHECK(hipFree(out));
    printf("PASS stream_values %d waits\n", checked);
    return 0;
}
