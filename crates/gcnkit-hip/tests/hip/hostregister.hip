// Registered host memory: memory the program allocated itself (malloc, a static array, a
// sub-range at an odd address) that kernels read and write at its own address after
// hipHostRegister, the host seeing each kernel's writes and each kernel the host's, with no
// copies; copies to and from it, its attributes and flags; the errors (registering twice,
// unregistering what is not registered, hipFree of it); and after hipHostUnregister the memory
// is the program's again (a kernel that still uses it fails, free() frees it).
#include "check.h"
#include <cstdlib>
#include <cstring>

__global__ void twice_plus_one(int* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = 2 * p[i] + 1;
}

__global__ void bump_bytes(unsigned char* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += 3;
}

__global__ void scale(const float* in, float* out, float k, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = k * in[i];
}

static float table[4096];

int main() {
    const int n = 5000;
    int* a = (int*)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) a[i] = i - 2500;
    CHECK(hipHostRegister(a, n * sizeof(int), hipHostRegisterDefault));
    int* da;
    CHECK(hipHostGetDevicePointer((void**)&da, a, 0));
    twice_plus_one<<<(n + 255) / 256, 256>>>(da, n);
    CHECK(hipDeviceSynchronize());
    // The host changes some values between launches: the next launch sees them.
    for (int i = 0; i < n; i += 7) a[i] = 10;
    twice_plus_one<<<(n + 255) / 256, 256>>>(a, n);  // the host pointer itself works too
    CHECK(hipDeviceSynchronize());
    for (int i = 0; i < n; i++) {
        int want = i % 7 == 0 ? 21 : 2 * (2 * (i - 2500) + 1) + 1;
        if (a[i] != want) {
            printf("FAIL: a[%d] = %d, want %d\n", i, a[i], want);
            return 1;
        }
    }

    // Attributes and flags.
    hipPointerAttribute_t at;
    CHECK(hipPointerGetAttributes(&at, a + 10));
    if (at.memoryType != hipMemoryTypeHost || at.hostPointer != a + 10 || at.devicePointer != a + 10) {
        printf("FAIL: attributes: type %d host %p device %p\n", (int)at.memoryType, at.hostPointer, at.devicePointer);
        return 1;
    }
    unsigned flags = 99;
    CHECK(hipHostGetFlags(&flags, a));
    if (flags != hipHostRegisterDefault) {
        printf("FAIL: flags %u\n", flags);
        return 1;
    }

    // Errors: a second registration of the same memory, a range overlapping it, hipFree.
    hipError_t e = hipHostRegister(a + 100, 64, 0);
    if (e != hipErrorHostMemoryAlreadyRegistered) {
        printf("FAIL: registering twice: %s (%d)\n", hipGetErrorName(e), (int)e);
        return 1;
    }
    (void)hipGetLastError();
    e = hipFree(a);
    if (e != hipErrorInvalidValue) {
        printf("FAIL: hipFree of registered memory: %s (%d)\n", hipGetErrorName(e), (int)e);
        return 1;
    }
    (void)hipGetLastError();

    // Copies: device memory to and from registered memory, by each kind that fits.
    int* d;
    CHECK(hipMalloc(&d, n * sizeof(int)));
    CHECK(hipMemcpy(d, a, n * sizeof(int), hipMemcpyHostToDevice));
    memset(a, 0, n * sizeof(int));
    CHECK(hipMemcpy(a, d, n * sizeof(int), hipMemcpyDeviceToHost));
    if (a[1] != 2 * (2 * (1 - 2500) + 1) + 1 || a[7] != 21) {
        printf("FAIL: copies through registered memory: %d %d\n", a[1], a[7]);
        return 1;
    }
    CHECK(hipMemset(d, 0, n * sizeof(int)));
    CHECK(hipMemcpy(a, d, 16, hipMemcpyDefault));
    if (a[0] || a[3] || a[4] != 2 * (2 * (4 - 2500) + 1) + 1) {
        printf("FAIL: hipMemcpyDefault into registered memory\n");
        return 1;
    }

    // A sub-range at an odd address: bytes around it stay the host's.
    unsigned char* bytes = (unsigned char*)malloc(1001);
    for (int i = 0; i < 1001; i++) bytes[i] = (unsigned char)i;
    CHECK(hipHostRegister(bytes + 3, 995, hipHostRegisterMapped));
    bump_bytes<<<4, 256>>>(bytes + 3, 995);
    CHECK(hipDeviceSynchronize());
    for (int i = 0; i < 1001; i++) {
        unsigned char want = (unsigned char)(i + (i >= 3 && i < 998 ? 3 : 0));
        if (bytes[i] != want) {
            printf("FAIL: bytes[%d] = %d, want %d\n", i, bytes[i], want);
            return 1;
        }
    }
    CHECK(hipHostGetFlags(&flags, bytes + 500));
    if (flags != hipHostRegisterMapped) {
        printf("FAIL: flags of the byte range %u\n", flags);
        return 1;
    }

    // A static array and malloc'd memory in one launch: registered input, registered output.
    for (int i = 0; i < 4096; i++) table[i] = i * 0.25f;
    float* out = (float*)malloc(4096 * sizeof(float));
    CHECK(hipHostRegister(table, sizeof table, 0));
    CHECK(hipHostRegister(out, 4096 * sizeof(float), 0));
    scale<<<16, 256>>>(table, out, -3.0f, 4096);
    CHECK(hipDeviceSynchronize());
    for (int i = 0; i < 4096; i++)
        if (out[i] != -0.75f * i) {
            printf("FAIL: out[%d] = %g\n", i, out[i]);
            return 1;
        }

    // Unregistering: what was not registered is an error; what was is the program's again.
    e = hipHostUnregister(bytes);
    if (e != hipErrorHostMemoryNotRegistered) {
        printf("FAIL: unregistering an unregistered pointer: %s (%d)\n", hipGetErrorName(e), (int)e);
        return 1;
    }
    (void)hipGetLastError();
    CHECK(hipHostUnregister(bytes + 3));
    CHECK(hipHostUnregister(table));
    CHECK(hipHostUnregister(out));
    CHECK(hipHostUnregister(a));
    // A kernel that still uses it faults (as a GPU would).
    twice_plus_one<<<1, 64>>>(a, 64);
    e = hipDeviceSynchronize();
    if (e != hipErrorLaunchFailure) {
        printf("FAIL: a kernel on unregistered memory: %s (%d)\n", hipGetErrorName(e), (int)e);
        return 1;
    }
    (void)hipGetLastError();
    if (a[0] != 0) {
        printf("FAIL: unregistered memory was written\n");
        return 1;
    }
    // Registered again after unregistering, then freed by the program.
    CHECK(hipHostRegister(a, n * sizeof(int), 0));
    twice_plus_one<<<1, 64>>>(a, 1);
    CHECK(hipDeviceSynchronize());
    CHECK(hipHostUnregister(a));
    if (a[0] != 1) {
        printf("FAIL: registered again: a[0] = %d\n", a[0]);
        return 1;
    }
    free(a);
    free(bytes);
    free(out);
    CHECK(hipFree(d));
    printf("PASS hostregister\n");
    return 0;
}
