// `__managed__` variables: one storage for the host and every kernel, initial values from the
// source, kept from launch to launch, seen at once by the host after a synchronisation and by
// the next kernel after a host write. Results against host computations.
#include "check.h"

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

__managed__ int counter = 5;
__managed__ float table[256] = {1, 2, 3, 4};
__managed__ double total;

__global__ void bump(int n) {
    atomicAdd(&counter, n);
    int i = threadIdx.x;
    table[i] = table[i] * 2 + i;
}

__global__ void sum() {
    if (threadIdx.x == 0) {
        double s = 0;
        for (int i = 0; i < 256; i++) s += table[i];
        total = s + counter;
    }
}

int main() {
    EXPECT(counter == 5 && table[0] == 1 && table[3] == 4 && table[4] == 0, "initial values");
    float want[256];
    for (int i = 0; i < 256; i++) want[i] = i < 4 ? i + 1 : 0;
    for (int round = 1; round <= 3; round++) {
        hipLaunchKernelGGL(bump, dim3(1), dim3(256), 0, 0, round);
        CHECK(hipDeviceSynchronize());
        for (int i = 0; i < 256; i++) want[i] = want[i] * 2 + i;
        counter += 1000;  // a host write the next kernel sees
    }
    int expected = 5 + 256 * (1 + 2 + 3) + 3000;
    EXPECT(counter == expected, "counter %d, expected %d", counter, expected);
    for (int i = 0; i < 256; i++) EXPECT(table[i] == want[i], "table[%d] = %g, expected %g", i, table[i], want[i]);
    hipLaunchKernelGGL(sum, dim3(1), dim3(64), 0, 0);
    CHECK(hipDeviceSynchronize());
    double s = expected;
    for (int i = 0; i < 256; i++) s += want[i];
    EXPECT(total == s, "total %g, expected %g", total, s);
    // hipPointerGetAttributes: managed memory.
    hipPointerAttribute_t a;
    CHECK(hipPointerGetAttributes(&a, &counter));
    EXPECT(a.isManaged == 1, "counter is managed");
    // ROCm 5.2's errors: no size, or flags other than hipMemAttachGlobal or hipMemAttachHost.
    void* m = nullptr;
    EXPECT(hipMallocManaged(&m, 0, hipMemAttachGlobal) == hipErrorInvalidValue, "managed memory of no size");
    EXPECT(hipMallocManaged(&m, 64, 145) == hipErrorInvalidValue, "managed memory with flags 145");
    CHECK(hipMallocManaged(&m, 64, hipMemAttachHost));
    CHECK(hipFree(m));
    printf("PASS managed\n");
    return 0;
}
