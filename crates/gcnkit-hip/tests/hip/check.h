// Shared by the test programs: CHECK stops the program with FAIL and the HIP error.
#pragma once
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK(x)                                                                        \
    do {                                                                                \
        hipError_t e_ = (x);                                                            \
        if (e_ != hipSuccess) {                                                         \
            printf("FAIL: %s: %s (%d) at line %d\n", #x, hipGetErrorString(e_), (int)e_, \
                   __LINE__);                                                           \
            return 1;                                                                   \
        }                                                                               \
    } while (0)
