// Cooperative launches: grid-wide synchronisation with cooperative groups
// (this_grid().sync()), each phase needing every work-group's results of the phase before,
// checked against the host. Many work-groups (more than the kernel machine has worker
// threads) and many syncs; a grid too large refused as ROCm refuses it.
//
// With an argument, the program makes one launch that cannot work and exits 3 after reporting
// what the runtime said (the harness checks the message):
//   ordinary   a kernel that syncs the grid, launched without hipLaunchCooperativeKernel
//   partial    a cooperative launch in which work-group 0 never reaches the grid barrier
//   racy       a cooperative launch whose work-groups write one word before the grid barrier
//              (runs; `--check` finds the race)
#include "check.h"
#include <hip/hip_cooperative_groups.h>
#include <cstring>
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

// Phase 1: each work-group sums its part into partial[group]; phase 2: group 0 adds the
// partial sums; phase 3: every element becomes its difference from the mean (times n), which
// needs the total of all groups.
__global__ void centre(const int* in, int* out, long long* partial, long long* total, int n) {
    cg::grid_group grid = cg::this_grid();
    __shared__ long long sum[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long mine = 0;
    for (int j = i; j < n; j += grid.size()) mine += in[j];
    sum[threadIdx.x] = mine;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) sum[threadIdx.x] += sum[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sum[0];
    grid.sync();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        long long t = 0;
        for (int g = 0; g < gridDim.x; g++) t += partial[g];
        *total = t;
    }
    grid.sync();
    for (int j = i; j < n; j += grid.size()) out[j] = (int)((long long)in[j] * n - *total);
}

// An inclusive prefix sum over the whole grid (one element per work-item), Hillis and Steele
// in global memory: log2(n) steps, a grid barrier after each.
__global__ void prefix(int* a, int* b, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned i = grid.thread_rank();
    for (int d = 1; d < n; d *= 2) {
        if (i < (unsigned)n) b[i] = a[i] + (i >= (unsigned)d ? a[i - d] : 0);
        grid.sync();
        int* t = a;
        a = b;
        b = t;
    }
}

// What the grid group says of itself: valid only in a cooperative launch.
__global__ void describe(int* out) {
    cg::grid_group grid = cg::this_grid();
    if (grid.thread_rank() == 0) {
        out[0] = grid.is_valid();
        out[1] = (int)grid.size();
    }
}

// Work-group 0 ends without reaching the grid barrier the others wait at.
__global__ void partial_sync(int* out) {
    cg::grid_group grid = cg::this_grid();
    if (blockIdx.x == 0) return;
    grid.sync();
    out[blockIdx.x] = 1;
}

// Every work-group writes word 0 before the barrier: a race the barrier does not order.
__global__ void racy(int* out) {
    cg::grid_group grid = cg::this_grid();
    if (threadIdx.x == 0) out[0] = blockIdx.x;
    grid.sync();
    if (threadIdx.x == 0) out[1 + blockIdx.x] = out[0] >= 0;
}

static int failing(const char* what) {
    int* d;
    CHECK(hipMalloc(&d, 64 * sizeof(int)));
    void* args[] = {&d};
    hipError_t e;
    if (strcmp(what, "ordinary") == 0) {
        int n = 64;
        int* b;
        CHECK(hipMalloc(&b, 64 * sizeof(int)));
        hipLaunchKernelGGL(prefix, dim3(4), dim3(16), 0, 0, d, b, n);
        e = hipDeviceSynchronize();
    } else if (strcmp(what, "racy") == 0) {
        e = hipLaunchCooperativeKernel((const void*)racy, dim3(4), dim3(64), args, 0, 0);
        if (e == hipSuccess) e = hipDeviceSynchronize();
    } else {
        e = hipLaunchCooperativeKernel((const void*)partial_sync, dim3(8), dim3(64), args, 0, 0);
        if (e == hipSuccess) e = hipDeviceSynchronize();
    }
    printf("%s: %s\n", what, hipGetErrorName(e));
    return 3;
}

int main(int argc, char** argv) {
    if (argc > 1) return failing(argv[1]);
    int dev = 0, coop = 0, cus = 0, multi = -1;
    CHECK(hipGetDevice(&dev));
    CHECK(hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch, dev));
    CHECK(hipDeviceGetAttribute(&multi, hipDeviceAttributeCooperativeMultiDeviceLaunch, dev));
    CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, dev));
    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, dev));
    EXPECT(coop == 1 && prop.cooperativeLaunch == 1, "cooperative launch attribute %d, property %d", coop,
           prop.cooperativeLaunch);
    EXPECT(multi == prop.cooperativeMultiDeviceLaunch, "multi-device attribute %d, property %d", multi,
           prop.cooperativeMultiDeviceLaunch);

    // Phases over many work-groups.
    const int groups = 24, block = 256, n = 100003;
    int per_cu = 0;
    CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, (const void*)centre, block, 0));
    EXPECT(per_cu * cus >= groups, "only %d work-groups fit", per_cu * cus);
    std::vector<int> h(n), out(n);
    for (int i = 0; i < n; i++) h[i] = (int)((i * 7919u) % 2001) - 1000;
    long long t = 0;
    for (int i = 0; i < n; i++) t += h[i];
    int *in, *o;
    long long *partial, *total;
    CHECK(hipMalloc(&in, n * sizeof(int)));
    CHECK(hipMalloc(&o, n * sizeof(int)));
    CHECK(hipMalloc(&partial, groups * sizeof(long long)));
    CHECK(hipMalloc(&total, sizeof(long long)));
    CHECK(hipMemcpy(in, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
    int nn = n;
    void* args[] = {&in, &o, &partial, &total, &nn};
    CHECK(hipLaunchCooperativeKernel((const void*)centre, dim3(groups), dim3(block), args, 0, 0));
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(out.data(), o, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        long long want = (long long)h[i] * n - t;
        EXPECT(out[i] == (int)want, "centre %d at %d, not %d", out[i], i, (int)want);
    }

    // A prefix sum: 40 work-groups of 64, 12 grid barriers; on a stream.
    const int pg = 40, pb = 64, m = pg * pb;
    std::vector<int> p(m), want(m);
    for (int i = 0; i < m; i++) p[i] = (i * 37) % 11 - 5;
    for (int i = 0, s = 0; i < m; i++) want[i] = s += p[i];
    int *a, *b;
    CHECK(hipMalloc(&a, m * sizeof(int)));
    CHECK(hipMalloc(&b, m * sizeof(int)));
    CHECK(hipMemcpy(a, p.data(), m * sizeof(int), hipMemcpyHostToDevice));
    hipStream_t s;
    CHECK(hipStreamCreate(&s));
    int mm = m;
    void* pargs[] = {&a, &b, &mm};
    CHECK(hipLaunchCooperativeKernel((const void*)prefix, dim3(pg), dim3(pb), pargs, 0, s));
    CHECK(hipStreamSynchronize(s));
    // 12 steps, the buffers swapped after each: the last one wrote a.
    std::vector<int> got(m);
    CHECK(hipMemcpy(got.data(), a, m * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < m; i++) EXPECT(got[i] == want[i], "prefix %d at %d, not %d", got[i], i, want[i]);

    // The grid group knows whether it is one.
    int* d;
    CHECK(hipMalloc(&d, 2 * sizeof(int)));
    void* dargs[] = {&d};
    int seen[2];
    CHECK(hipLaunchCooperativeKernel((const void*)describe, dim3(3), dim3(64), dargs, 0, 0));
    CHECK(hipMemcpy(seen, d, sizeof(seen), hipMemcpyDeviceToHost));
    EXPECT(seen[0] == 1 && seen[1] == 192, "cooperative: valid %d, size %d", seen[0], seen[1]);
    hipLaunchKernelGGL(describe, dim3(3), dim3(64), 0, 0, d);
    CHECK(hipMemcpy(seen, d, sizeof(seen), hipMemcpyDeviceToHost));
    EXPECT(seen[0] == 0 && seen[1] == 192, "ordinary: valid %d, size %d", seen[0], seen[1]);

    // More work-groups than fit at once: ROCm's error, nothing launched.
    int pcu = 0;
    CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&pcu, (const void*)prefix, pb, 0));
    EXPECT(hipLaunchCooperativeKernel((const void*)prefix, dim3(pcu * cus + 1), dim3(pb), pargs, 0, s) ==
               hipErrorCooperativeLaunchTooLarge,
           "%d work-groups where %d fit", pcu * cus + 1, pcu * cus);
    (void)hipGetLastError();
    CHECK(hipStreamDestroy(s));
    printf("PASS cooperative\n");
    return 0;
}
