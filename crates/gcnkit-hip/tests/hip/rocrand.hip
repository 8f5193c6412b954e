// rocRAND from Debian's prebuilt librocrand.so.1: its kernels come from the library's own fat
// binary (registered by the library's constructor, not the program's). Philox uniform floats
// in (0, 1], their mean and variance near 1/2 and 1/12, and the same seed giving the same
// numbers twice.
#include "check.h"
#include <rocrand/rocrand.h>
#include <vector>

int main() {
    const size_t n = 1 << 18;
    float* d;
    CHECK(hipMalloc(&d, n * sizeof(float)));
    std::vector<float> a(n), b(n);
    for (int round = 0; round < 2; round++) {
        rocrand_generator g;
        if (rocrand_create_generator(&g, ROCRAND_RNG_PSEUDO_PHILOX4_32_10) != ROCRAND_STATUS_SUCCESS ||
            rocrand_set_seed(g, 1234) != ROCRAND_STATUS_SUCCESS ||
            rocrand_generate_uniform(g, d, n) != ROCRAND_STATUS_SUCCESS) {
            printf("FAIL: rocrand\n");
            return 1;
        }
        CHECK(hipMemcpy(round ? b.data() : a.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
        rocrand_destroy_generator(g);
    }
    double m = 0, v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(a[i] > 0 && a[i] <= 1) || a[i] != b[i]) {
            printf("FAIL: value %zu: %g, again %g\n", i, a[i], b[i]);
            return 1;
        }
        m += a[i];
    }
    m /= n;
    for (size_t i = 0; i < n; i++) v += (a[i] - m) * (a[i] - m);
    v /= n;
    if (m < 0.497 || m > 0.503 || v < 0.0823 || v > 0.0843) {
        printf("FAIL: mean %f variance %f\n", m, v);
        return 1;
    }
    printf("PASS rocrand\n");
    return 0;
}
