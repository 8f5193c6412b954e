// Device malloc/free (the device library's allocator, fed by the host through hostcall):
// small blocks from slabs and large pieces, freed in the same kernel; a block kept from one
// launch to the next through a pointer in global memory, then freed. Checked against the host.
#include "check.h"

__global__ void churn(long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long total = 0;
    for (int round = 0; round < 3; round++) {
        int words = 4 << ((i + round) % 11);  // 16 bytes .. 16 KiB
        int* p = (int*)malloc(words * sizeof(int));
        if (!p) {
            out[i] = -1;
            return;
        }
        for (int j = 0; j < words; j++) p[j] = i ^ j;
        for (int j = 0; j < words; j += 7) total += p[j];
        free(p);
    }
    out[i] = total;
}

__global__ void keep(int** slot) {
    int* p = (int*)malloc(64 * sizeof(int));
    if (p)
        for (int j = 0; j < 64; j++) p[j] = j * j;
    slot[blockIdx.x] = p;
}

__global__ void use_and_free(int** slot, int* sums) {
    int* p = slot[blockIdx.x];
    int s = 0;
    if (p) {
        for (int j = 0; j < 64; j++) s += p[j];
        free(p);
    }
    sums[blockIdx.x] = p ? s : -1;
}

int main() {
    const int n = 300;
    long long* out;
    CHECK(hipMalloc(&out, n * sizeof(long long)));
    churn<<<(n + 127) / 128, 128>>>(out, n);
    CHECK(hipDeviceSynchronize());
    long long h[n];
    CHECK(hipMemcpy(h, out, sizeof(h), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        long long want = 0;
        for (int round = 0; round < 3; round++) {
            int words = 4 << ((i + round) % 11);
            for (int j = 0; j < words; j += 7) want += i ^ j;
        }
        if (h[i] != want) {
            printf("FAIL: churn[%d] = %lld, want %lld\n", i, h[i], want);
            return 1;
        }
    }
    int** slots;
    int* sums;
    CHECK(hipMalloc(&slots, 8 * sizeof(int*)));
    CHECK(hipMalloc(&sums, 8 * sizeof(int)));
    keep<<<8, 1>>>(slots);
    CHECK(hipDeviceSynchronize());
    use_and_free<<<8, 1>>>(slots, sums);
    CHECK(hipDeviceSynchronize());
    int hs[8];
    CHECK(hipMemcpy(hs, sums, sizeof(hs), hipMemcpyDeviceToHost));
    for (int b = 0; b < 8; b++)
        if (hs[b] != 85344) {
            printf("FAIL: kept block %d sums to %d\n", b, hs[b]);
            return 1;
        }
    printf("PASS malloc\n");
    return 0;
}
