// saxpy with <<<>>>: y = a*x + y over a grid that does not divide evenly, checked against
// the host. Prints PASS and exits 0 only when every element is right.
#include "check.h"
#include <cstdlib>
#include <vector>

__global__ void saxpy(int n, float a, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100003;
    std::vector<float> x(n), y(n), want(n);
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 1000) * 0.25f;
        y[i] = (float)(i % 77) - 3.5f;
        want[i] = 2.5f * x[i] + y[i];
    }
    float *dx, *dy;
    CHECK(hipMalloc(&dx, n * sizeof(float)));
    CHECK(hipMalloc(&dy, n * sizeof(float)));
    CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
    int block = 256;
    saxpy<<<(n + block - 1) / block, block>>>(n, 2.5f, dx, dy);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    std::vector<float> got(n);
    CHECK(hipMemcpy(got.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            printf("FAIL: y[%d] = %g, want %g\n", i, got[i], want[i]);
            return 1;
        }
    }
    CHECK(hipFree(dx));
    CHECK(hipFree(dy));
    printf("PASS saxpy n=%d\n", n);
    return 0;
}
