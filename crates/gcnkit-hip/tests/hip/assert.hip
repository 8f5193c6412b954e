// A device assert that fails: each failing lane prints the assertion (device printf to
// stderr), the wave traps, the launch fails with hipErrorLaunchFailure naming the kernel and the
// trap. Exits 0 when that is what happened.
#include "check.h"
#include <cassert>

__global__ void check_below(int* p, int n) {
    int i = threadIdx.x;
    assert(i < n);
    p[i] = i;
}

int main() {
    int* d;
    CHECK(hipMalloc(&d, 64 * sizeof(int)));
    check_below<<<1, 64>>>(d, 64);
    CHECK(hipDeviceSynchronize());
    check_below<<<1, 64>>>(d, 60);
    hipError_t e = hipDeviceSynchronize();
    if (e != hipErrorLaunchFailure) {
        printf("FAIL: a failed assert gave %s\n", hipGetErrorName(e));
        return 1;
    }
    printf("PASS assert\n");
    return 0;
}
