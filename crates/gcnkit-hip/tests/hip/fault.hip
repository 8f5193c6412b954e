// A kernel that writes to freed memory. The launch is asynchronous, so it returns hipSuccess;
// the next synchronisation reports the fault as hipErrorLaunchFailure (where a GPU reports it),
// once: the last error is then that failure and the synchronisation after it succeeds. The
// runtime names the kernel and the fault (a GPU would fault too). Exits 0 when it does.
// With an argument: the host writes device memory through its pointer (killed by SIGSEGV).
#include "check.h"

__global__ void poke(int* p) { p[threadIdx.x] = 1; }

int main(int argc, char** argv) {
    int* d;
    CHECK(hipMalloc(&d, 256));
    if (argc > 1) {
        // The host writing hipMalloc's memory through the device pointer: a segmentation
        // fault, as on a GPU whose memory the CPU cannot see (the runtime says what it was).
        d[3] = 5;
        printf("FAIL: the host wrote device memory\n");
        return 1;
    }
    CHECK(hipFree(d));
    poke<<<1, 64>>>(d);
    if (hipGetLastError() != hipSuccess) {
        printf("FAIL: the launch itself failed\n");
        return 1;
    }
    hipError_t e = hipDeviceSynchronize();
    if (e != hipErrorLaunchFailure) {
        printf("FAIL: the synchronisation after the fault gave %s\n", hipGetErrorName(e));
        return 1;
    }
    if (hipPeekAtLastError() != hipErrorLaunchFailure || hipGetLastError() != hipErrorLaunchFailure ||
        hipGetLastError() != hipSuccess) {
        printf("FAIL: the last error after the failed synchronisation\n");
        return 1;
    }
    if (hipDeviceSynchronize() != hipSuccess) {
        printf("FAIL: the fault was reported twice\n");
        return 1;
    }
    printf("PASS fault %s\n", hipGetErrorName(e));
    return 0;
}
