// rocPRIM (header-only, Debian's librocprim-dev) device-wide algorithms on 10^6 elements:
// inclusive scan (decoupled look-back across work-groups), reduce and radix sort, each
// checked against the host.
#include "check.h"
#include <rocprim/rocprim.hpp>
#include <algorithm>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 1000000;
    std::vector<int> h(n);
    unsigned r = 12345;
    for (int i = 0; i < n; i++) {
        r = r * 1103515245u + 12345u;
        h[i] = (int)(r >> 8) % 2001 - 1000;
    }
    int *in, *out, *sum;
    CHECK(hipMalloc(&in, n * sizeof(int)));
    CHECK(hipMalloc(&out, n * sizeof(int)));
    CHECK(hipMalloc(&sum, sizeof(int)));
    CHECK(hipMemcpy(in, h.data(), n * sizeof(int), hipMemcpyHostToDevice));

    size_t bytes = 0;
    void* tmp = nullptr;
    CHECK(rocprim::inclusive_scan(tmp, bytes, in, out, n, rocprim::plus<int>()));
    CHECK(hipMalloc(&tmp, bytes));
    CHECK(rocprim::inclusive_scan(tmp, bytes, in, out, n, rocprim::plus<int>()));
    std::vector<int> g(n);
    CHECK(hipMemcpy(g.data(), out, n * sizeof(int), hipMemcpyDeviceToHost));
    int acc = 0;
    for (int i = 0; i < n; i++) {
        acc += h[i];
        if (g[i] != acc) {
            printf("FAIL: scan[%d] = %d, want %d\n", i, g[i], acc);
            return 1;
        }
    }
    CHECK(hipFree(tmp));

    tmp = nullptr;
    bytes = 0;
    CHECK(rocprim::reduce(tmp, bytes, in, sum, n, rocprim::plus<int>()));
    CHECK(hipMalloc(&tmp, bytes));
    CHECK(rocprim::reduce(tmp, bytes, in, sum, n, rocprim::plus<int>()));
    int s = 0;
    CHECK(hipMemcpy(&s, sum, sizeof(int), hipMemcpyDeviceToHost));
    if (s != acc) {
        printf("FAIL: reduce %d, want %d\n", s, acc);
        return 1;
    }
    CHECK(hipFree(tmp));

    tmp = nullptr;
    bytes = 0;
    CHECK(rocprim::radix_sort_keys(tmp, bytes, in, out, n));
    CHECK(hipMalloc(&tmp, bytes));
    CHECK(rocprim::radix_sort_keys(tmp, bytes, in, out, n));
    CHECK(hipMemcpy(g.data(), out, n * sizeof(int), hipMemcpyDeviceToHost));
    std::sort(h.begin(), h.end());
    for (int i = 0; i < n; i++)
        if (g[i] != h[i]) {
            printf("FAIL: sorted[%d] = %d, want %d\n", i, g[i], h[i]);
            return 1;
        }
    CHECK(hipFree(tmp));
    printf("PASS rocprim n=%d sum=%d\n", n, s);
    return 0;
}
