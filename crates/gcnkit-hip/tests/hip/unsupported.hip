// A function gcnkit does not implement yet returns hipErrorNotSupported (801), says so once
// on stderr however often it is called, and the program goes on.
#include "check.h"

int main() {
    hipIpcMemHandle_t handle;
    void* p = nullptr;
    for (int k = 0; k < 3; k++) {
        hipError_t e = hipIpcGetMemHandle(&handle, p);
        if (e != hipErrorNotSupported) {
            printf("FAIL: hipIpcGetMemHandle gave %d\n", (int)e);
            return 1;
        }
    }
    if (hipGetLastError() != hipErrorNotSupported) {
        printf("FAIL: last error\n");
        return 1;
    }
    printf("PASS unsupported %s\n", hipGetErrorName(hipErrorNotSupported));
    return 0;
}
