// The module API on a code object bundle built apart (argv[1], from module_kernels.hip):
// hipModuleLoad and hipModuleLoadData, hipModuleGetFunction, hipModuleLaunchKernel with
// kernelParams and with an `extra` argument buffer (a struct by value included),
// hipModuleGetGlobal, hipModuleUnload.
#include "check.h"
#include <hip/hip_ext.h>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

struct Pair {
    int a;
    double b;
};

int main(int argc, char** argv) {
    if (argc < 2) {
        printf("FAIL: usage: module KERNELS.co\n");
        return 1;
    }
    hipModule_t m;
    hipFunction_t scale, fill;
    CHECK(hipModuleLoad(&m, argv[1]));
    CHECK(hipModuleGetFunction(&scale, m, "scale"));
    CHECK(hipModuleGetFunction(&fill, m, "fill_pair"));
    // Driver attributes: `scale` has no shared memory and no required block size, so it may
    // use 1024 work-items and all 64 KiB of LDS dynamically.
    int threads = 0, lds = -1, dyn = 0;
    CHECK(hipFuncGetAttribute(&threads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, scale));
    CHECK(hipFuncGetAttribute(&lds, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, scale));
    CHECK(hipFuncGetAttribute(&dyn, HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, scale));
    if (threads != 1024 || lds != 0 || dyn != 65536 ||
        hipFuncGetAttribute(&threads, HIP_FUNC_ATTRIBUTE_MAX, scale) != hipErrorInvalidValue) {
        printf("FAIL: hipFuncGetAttribute: %d threads, %d + %d bytes of LDS\n", threads, lds, dyn);
        return 1;
    }
    (void)hipGetLastError();
    if (hipKernelNameRef(scale) == nullptr || strcmp(hipKernelNameRef(scale), "scale") != 0 ||
        strcmp(hipKernelNameRef(fill), "fill_pair") != 0) {
        printf("FAIL: hipKernelNameRef\n");
        return 1;
    }
    if (hipModuleGetFunction(&fill, m, "nope") != hipErrorNotFound) {
        printf("FAIL: a kernel that is not there\n");
        return 1;
    }
    const int n = 1000;
    std::vector<float> h(n);
    for (int i = 0; i < n; i++) h[i] = i;
    float* d;
    CHECK(hipMalloc(&d, n * sizeof(float)));
    CHECK(hipMemcpy(d, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
    float s = 1.5f;
    int nn = n;
    void* params[] = {&d, &s, &nn};
    CHECK(hipModuleLaunchKernel(scale, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, params, nullptr));
    CHECK(hipModuleLaunchKernel(scale, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, params, nullptr));
    CHECK(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        if (h[i] != i * 2.25f) {
            printf("FAIL: scale[%d] = %g\n", i, h[i]);
            return 1;
        }
    hipDeviceptr_t calls;
    size_t bytes = 0;
    CHECK(hipModuleGetGlobal(&calls, &bytes, m, "calls"));
    int c = 0;
    CHECK(hipMemcpy(&c, calls, sizeof(int), hipMemcpyDeviceToHost));
    if (c != 2 || bytes != sizeof(int)) {
        printf("FAIL: calls %d, %zu bytes\n", c, bytes);
        return 1;
    }

    // hipExtModuleLaunchKernel: the grid in work-items (768 of them in work-groups of 256;
    // n = 1000 does not bound it: a grid in blocks would scale all), timed by events on a
    // stream; then hipHccModuleLaunchKernel on the first 128.
    {
        hipStream_t st;
        hipEvent_t e0, e1;
        CHECK(hipStreamCreate(&st));
        CHECK(hipEventCreate(&e0));
        CHECK(hipEventCreate(&e1));
        for (int i = 0; i < n; i++) h[i] = i;
        CHECK(hipMemcpy(d, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
        float two = 2.0f;
        void* p2[] = {&d, &two, &nn};
        CHECK(hipExtModuleLaunchKernel(scale, 768, 1, 1, 256, 1, 1, 0, st, p2, nullptr, e0, e1, 0));
        CHECK(hipHccModuleLaunchKernel(scale, 128, 1, 1, 64, 1, 1, 0, st, p2, nullptr, nullptr, nullptr));
        CHECK(hipEventSynchronize(e1));
        float ms = -1;
        CHECK(hipEventElapsedTime(&ms, e0, e1));
        CHECK(hipStreamSynchronize(st));
        CHECK(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
        for (int i = 0; i < n; i++) {
            float want = i < 128 ? 4.0f * i : i < 768 ? 2.0f * i : (float)i;
            if (h[i] != want) {
                printf("FAIL: work-item grid: scale[%d] = %g, not %g\n", i, h[i], want);
                return 1;
            }
        }
        if (!(ms > 0)) {
            printf("FAIL: hipExtModuleLaunchKernel's events: %g ms\n", ms);
            return 1;
        }
        CHECK(hipStreamDestroy(st));
    }

    // The same bundle from memory, launched with an argument buffer.
    std::ifstream f(argv[1], std::ios::binary);
    std::vector<char> image((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    hipModule_t m2;
    CHECK(hipModuleLoadData(&m2, image.data()));
    CHECK(hipModuleGetFunction(&fill, m2, "fill_pair"));
    double* out;
    CHECK(hipMalloc(&out, 64 * sizeof(double)));
    struct {
        double* out;
        Pair p;
        char c;
    } args = {out, {7, 0.5}, 3};
    size_t size = sizeof(args);
    void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     HIP_LAUNCH_PARAM_END};
    CHECK(hipModuleLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 0, 0, nullptr, extra));
    double g[64];
    CHECK(hipMemcpy(g, out, sizeof(g), hipMemcpyDeviceToHost));
    for (int i = 0; i < 64; i++)
        if (g[i] != 7 + 0.5 * i + 3) {
            printf("FAIL: fill_pair[%d] = %g\n", i, g[i]);
            return 1;
        }
    CHECK(hipModuleUnload(m2));
    CHECK(hipModuleUnload(m));
    if (hipModuleLaunchKernel(scale, 1, 1, 1, 1, 1, 1, 0, 0, params, nullptr) != hipErrorInvalidResourceHandle) {
        printf("FAIL: a kernel of an unloaded module\n");
        return 1;
    }
    printf("PASS module\n");
    return 0;
}
