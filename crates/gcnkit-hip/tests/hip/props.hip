// Device queries and hipMemset: the properties of the GPU gcnkit exec was given (argv[1],
// gfx906 by default), a memset buffer read back and one patched by a kernel.
#include "check.h"
#include <cstring>
#include <vector>

__global__ void patch(unsigned char* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && i % 3 == 0) p[i] = (unsigned char)i;
}

int main(int argc, char** argv) {
    const char* want = argc > 1 ? argv[1] : "gfx906";
    int count = 0, dev = -1, v = 0;
    CHECK(hipGetDeviceCount(&count));
    CHECK(hipSetDevice(0));
    CHECK(hipGetDevice(&dev));
    if (count != 1 || dev != 0) {
        printf("FAIL: %d devices, device %d\n", count, dev);
        return 1;
    }
    if (hipSetDevice(1) != hipErrorInvalidDevice || hipGetLastError() != hipErrorInvalidDevice ||
        hipGetLastError() != hipSuccess) {
        printf("FAIL: hipSetDevice(1) or the last error\n");
        return 1;
    }
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, 0));
    printf("name %s, arch %s, %d CUs, warp %d, %zu bytes LDS, %d threads per block, %d kHz\n",
           p.name, p.gcnArchName, p.multiProcessorCount, p.warpSize, p.sharedMemPerBlock,
           p.maxThreadsPerBlock, p.clockRate);
    if (strncmp(p.gcnArchName, want, strlen(want)) != 0 || p.warpSize != 64 ||
        p.maxThreadsPerBlock != 1024 || p.sharedMemPerBlock != 65536 ||
        p.gcnArch != atoi(want + 3) || p.multiProcessorCount <= 0 || p.totalGlobalMem == 0) {
        printf("FAIL: properties\n");
        return 1;
    }
    if (strcmp(want, "gfx906") == 0 &&
        (p.multiProcessorCount != 60 || strcmp(p.gcnArchName, "gfx906:sramecc+:xnack-") != 0)) {
        printf("FAIL: gfx906 figures\n");
        return 1;
    }
    CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0));
    int cus = 0;
    CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
    if (v != 64 || cus != p.multiProcessorCount) {
        printf("FAIL: attributes %d %d\n", v, cus);
        return 1;
    }
    // ROCm 5.2's figures: the constant memory an int can hold, in the properties as in the
    // attribute; the arch flags it clears (funnel shift, __syncthreads_count/and/or as
    // CUDA's extension, surface functions, dynamic parallelism) and the ones it sets.
    int constant = 0;
    CHECK(hipDeviceGetAttribute(&constant, hipDeviceAttributeTotalConstantMemory, 0));
    if (p.totalConstMem != (size_t)constant || constant != 2147483647) {
        printf("FAIL: totalConstMem %zu, attribute %d\n", p.totalConstMem, constant);
        return 1;
    }
    if (p.arch.hasFunnelShift || p.arch.hasSyncThreadsExt || p.arch.hasSurfaceFuncs ||
        p.arch.hasDynamicParallelism || !p.arch.hasWarpShuffle || !p.arch.hasThreadFenceSystem ||
        !p.arch.has3dGrid || !p.arch.hasFloatAtomicAdd) {
        printf("FAIL: arch flags\n");
        return 1;
    }
    // The texture sizes and pageable access, as ROCm 5.2 answers them: the properties'.
    const struct {
        hipDeviceAttribute_t a;
        int want;
    } from_props[] = {
        {hipDeviceAttributeMaxTexture1DWidth, p.maxTexture1D},
        {hipDeviceAttributeMaxTexture2DWidth, p.maxTexture2D[0]},
        {hipDeviceAttributeMaxTexture2DHeight, p.maxTexture2D[1]},
        {hipDeviceAttributeMaxTexture3DWidth, p.maxTexture3D[0]},
        {hipDeviceAttributeMaxTexture3DHeight, p.maxTexture3D[1]},
        {hipDeviceAttributeMaxTexture3DDepth, p.maxTexture3D[2]},
        {hipDeviceAttributePageableMemoryAccess, p.pageableMemoryAccess},
        {hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc, p.cooperativeMultiDeviceUnmatchedFunc},
    };
    for (auto& f : from_props) {
        int got = -1;
        CHECK(hipDeviceGetAttribute(&got, f.a, 0));
        if (got != f.want || (f.a == hipDeviceAttributeMaxTexture1DWidth && got <= 0)) {
            printf("FAIL: attribute %d is %d, the property %d\n", (int)f.a, got, f.want);
            return 1;
        }
    }
    int rt = 0;
    CHECK(hipRuntimeGetVersion(&rt));
    if (rt / 10000000 != 5) {
        printf("FAIL: runtime version %d\n", rt);
        return 1;
    }

    const int n = 1000;
    unsigned char* d;
    CHECK(hipMalloc(&d, n));
    CHECK(hipMemset(d, 0xab, n));
    CHECK(hipMemsetAsync(d + 10, 0x11, 5, 0));
    CHECK(hipStreamSynchronize(0));
    hipLaunchKernelGGL(patch, dim3(4), dim3(256), 0, 0, d + 100, n - 100);
    CHECK(hipGetLastError());
    std::vector<unsigned char> h(n);
    CHECK(hipMemcpy(h.data(), d, n, hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        int w = i >= 10 && i < 15 ? 0x11 : 0xab;
        if (i >= 100 && (i - 100) % 3 == 0) w = (unsigned char)(i - 100);
        if (h[i] != w) {
            printf("FAIL: byte %d = %d, want %d\n", i, h[i], w);
            return 1;
        }
    }
    CHECK(hipFree(d));
    // Freed memory is no longer the device's: a copy from it fails.
    if (hipMemcpy(h.data(), d, n, hipMemcpyDeviceToHost) != hipErrorInvalidValue) {
        printf("FAIL: copy from freed memory\n");
        return 1;
    }
    printf("PASS props %s\n", p.gcnArchName);
    return 0;
}
