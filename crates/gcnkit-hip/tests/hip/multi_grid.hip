// A cooperative launch on several devices (hipLaunchCooperativeKernelMultiDevice): one grid
// per device, meeting at this_multi_grid().sync() to exchange values through host memory
// every device reaches, three rounds, checked against the host; the multi-grid group's
// figures; ROCm's errors for bad launch lists. Run with `gcnkit exec --devices 2` (or more).
#include "check.h"
#include <hip/hip_cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

// Each round every grid writes its values to its row of `all`, the grids meet, and each takes
// the sum of all the rows; they meet again before the next round writes.
__global__ void exchange(int* mine, int* all, unsigned* info, int n) {
    cg::multi_grid_group mg = cg::this_multi_grid();
    cg::grid_group grid = cg::this_grid();
    unsigned r = mg.grid_rank(), i = grid.thread_rank();
    int v = i < (unsigned)n ? mine[i] + (int)r : 0;
    for (int round = 0; round < 3; round++) {
        if (i < (unsigned)n) all[r * n + i] = v;
        mg.sync();
        int s = 0;
        for (unsigned g = 0; g < mg.num_grids(); g++) s += i < (unsigned)n ? all[g * n + i] : 0;
        v = s;
        mg.sync();
    }
    if (i < (unsigned)n) mine[i] = v;
    if (i == 0) {
        info[0] = mg.num_grids();
        info[1] = r;
        info[2] = mg.size();
        info[3] = mg.thread_rank();
        info[4] = mg.is_valid();
    }
}

// Grid 1 faults before the multi-grid barrier: the launch fails, and the other grids stop
// instead of waiting there for it (on a GPU they would wait for ever).
__global__ void faults(int* bad) {
    cg::multi_grid_group mg = cg::this_multi_grid();
    if (mg.grid_rank() == 1 && cg::this_grid().thread_rank() == 0) *bad = 1;
    mg.sync();
}

int main() {
    int ndev = 0;
    CHECK(hipGetDeviceCount(&ndev));
    EXPECT(ndev >= 2, "%d devices (run with --devices 2)", ndev);
    int multi = 0;
    CHECK(hipDeviceGetAttribute(&multi, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
    EXPECT(multi == 1, "multi-device cooperative launch attribute %d", multi);
    const int groups = 6, block = 64, n = groups * block - 5, G = ndev;
    std::vector<int> h(n);
    for (int i = 0; i < n; i++) h[i] = (i * 13) % 97 - 48;
    int* all;
    CHECK(hipHostMalloc(&all, G * n * sizeof(int)));
    std::vector<int*> mine(G);
    std::vector<unsigned*> info(G);
    std::vector<hipStream_t> s(G);
    std::vector<std::vector<void*>> args(G);
    std::vector<hipLaunchParams> p(G);
    int nn = n;
    for (int d = 0; d < G; d++) {
        CHECK(hipSetDevice(d));
        CHECK(hipMalloc(&mine[d], n * sizeof(int)));
        CHECK(hipMalloc(&info[d], 5 * sizeof(unsigned)));
        CHECK(hipMemcpy(mine[d], h.data(), n * sizeof(int), hipMemcpyHostToDevice));
        CHECK(hipStreamCreate(&s[d]));
        args[d] = {&mine[d], &all, &info[d], &nn};
        p[d].func = (void*)exchange;
        p[d].gridDim = dim3(groups);
        p[d].blockDim = dim3(block);
        p[d].args = args[d].data();
        p[d].sharedMem = 0;
        p[d].stream = s[d];
    }
    CHECK(hipLaunchCooperativeKernelMultiDevice(p.data(), G, 0));
    for (int d = 0; d < G; d++) {
        CHECK(hipSetDevice(d));
        std::vector<int> got(n);
        unsigned in[5];
        CHECK(hipMemcpy(got.data(), mine[d], n * sizeof(int), hipMemcpyDeviceToHost));
        CHECK(hipMemcpy(in, info[d], sizeof(in), hipMemcpyDeviceToHost));
        for (int i = 0; i < n; i++) {
            // Round 1: the sum over grids of h + rank; rounds 2 and 3 multiply by G.
            int want = (G * h[i] + G * (G - 1) / 2) * G * G;
            EXPECT(got[i] == want, "device %d: %d at %d, not %d", d, got[i], i, want);
        }
        unsigned size = G * groups * block;
        EXPECT(in[0] == (unsigned)G && in[1] == (unsigned)d && in[2] == size && in[3] == d * groups * block && in[4] == 1,
               "device %d: grids %u, rank %u, size %u, thread rank %u, valid %u", d, in[0], in[1], in[2], in[3], in[4]);
    }
    // ROCm's errors.
    EXPECT(hipLaunchCooperativeKernelMultiDevice(p.data(), 0, 0) == hipErrorInvalidValue, "no devices");
    EXPECT(hipLaunchCooperativeKernelMultiDevice(p.data(), G + 1, 0) == hipErrorInvalidValue, "more than the devices");
    EXPECT(hipLaunchCooperativeKernelMultiDevice(p.data(), G, 4) == hipErrorInvalidValue, "flags");
    hipLaunchParams twice[2] = {p[0], p[0]};
    EXPECT(hipLaunchCooperativeKernelMultiDevice(twice, 2, 0) == hipErrorInvalidDevice, "one device twice");
    hipLaunchParams null = p[0];
    null.stream = 0;
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&null, 1, 0) == hipErrorInvalidResourceHandle, "the null stream");
    (void)hipGetLastError();
    // Last: a fault is sticky.
    int* bad = (int*)16;
    std::vector<std::vector<void*>> fargs(G, std::vector<void*>{&bad});
    for (int d = 0; d < G; d++) {
        p[d].func = (void*)faults;
        p[d].args = fargs[d].data();
    }
    hipError_t launched = hipLaunchCooperativeKernelMultiDevice(p.data(), G, 0);
    hipError_t synced = hipDeviceSynchronize();
    EXPECT(launched != hipSuccess || synced != hipSuccess, "a grid that faults: %d, %d", launched, synced);
    printf("PASS multi_grid\n");
    return 0;
}
