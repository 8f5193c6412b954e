// A kernel that writes to freed memory: the launch fails with hipErrorLaunchFailure, the next
// synchronisation reports it once more (where a GPU reports it) and the runtime names the
// kernel and the fault (a GPU would fault too). Exits 0 when it does.
#include "check.h"

__global__ void poke(int* p) { p[threadIdx.x] = 1; }

int main() {
    int* d;
    CHECK(hipMalloc(&d, 256));
    CHECK(hipFree(d));
    poke<<<1, 64>>>(d);
    hipError_t e = hipGetLastError();
    if (e != hipErrorLaunchFailure) {
        printf("FAIL: launch gave %s\n", hipGetErrorName(e));
        return 1;
    }
    if (hipDeviceSynchronize() != hipErrorLaunchFailure || hipDeviceSynchronize() != hipSuccess) {
        printf("FAIL: the synchronisation after the fault\n");
        return 1;
    }
    printf("PASS fault %s\n", hipGetErrorName(e));
    return 0;
}
