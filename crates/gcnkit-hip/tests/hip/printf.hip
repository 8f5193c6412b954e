// Device printf (through the device library's hostcall): many waves and work-groups, every
// argument kind (ints of each size, unsigned, hex, floats and doubles, chars, strings from the
// kernel's constants and from a buffer, %%, * widths), output interleaved with the host's own.
// The host prints the same lines with C's printf, prefixed "want ": the test compares the two
// sets (the order of work-groups is free).
#include "check.h"

__global__ void hello(const char* names, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long big = 1LL << 40;
    printf("lane %03d of block %d: %s=%5.2f %x %c %lld %u %*d%% %.3e\n", i, (int)blockIdx.x,
           names + (i % 3) * 4, i * 0.5f, i * 255, 'a' + i % 26, big + i, (unsigned)-i, 4, i % 7,
           (double)i * 1e10);
}

int main() {
    const char names[] = "one\0two\0six";
    char* d;
    CHECK(hipMalloc(&d, sizeof(names)));
    CHECK(hipMemcpy(d, names, sizeof(names), hipMemcpyHostToDevice));
    printf("host: before\n");
    hello<<<3, 64>>>(d, 150);
    CHECK(hipDeviceSynchronize());
    printf("host: after\n");
    for (int i = 0; i < 150; i++) {
        long long big = 1LL << 40;
        printf("want lane %03d of block %d: %s=%5.2f %x %c %lld %u %*d%% %.3e\n", i, i / 64, names + (i % 3) * 4,
               i * 0.5f, i * 255, 'a' + i % 26, big + i, (unsigned)-i, 4, i % 7, (double)i * 1e10);
    }
    return 0;
}
