// Device printf (through the device library's hostcall): many waves and work-groups, every
// argument kind (ints of each size, unsigned, hex, floats and doubles, chars, strings from the
// kernel's constants and from a buffer, %%, * widths), output interleaved with the host's own.
// The host prints the same lines with C's printf, prefixed "want ": the test compares the two
// sets (the order of work-groups is free). Each device printf returns the bytes it printed,
// as the host's printf does (ROCm's answer): the host compares the two counts.
#include "check.h"

__global__ void hello(const char* names, int n, int* printed) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long big = 1LL << 40;
    printed[i] = printf("lane %03d of block %d: %s=%5.2f %x %c %lld %u %*d%% %.3e\n", i, (int)blockIdx.x,
           names + (i % 3) * 4, i * 0.5f, i * 255, 'a' + i % 26, big + i, (unsigned)-i, 4, i % 7,
           (double)i * 1e10);
}

int main() {
    const char names[] = "one\0two\0six";
    char* d;
    CHECK(hipMalloc(&d, sizeof(names)));
    CHECK(hipMemcpy(d, names, sizeof(names), hipMemcpyHostToDevice));
    int* printed;
    CHECK(hipMallocManaged(&printed, 150 * sizeof(int)));
    printf("host: before\n");
    hello<<<3, 64>>>(d, 150, printed);
    CHECK(hipDeviceSynchronize());
    printf("host: after\n");
    int same = 0;
    for (int i = 0; i < 150; i++) {
        long long big = 1LL << 40;
        int n = printf("want lane %03d of block %d: %s=%5.2f %x %c %lld %u %*d%% %.3e\n", i, i / 64, names + (i % 3) * 4,
               i * 0.5f, i * 255, 'a' + i % 26, big + i, (unsigned)-i, 4, i % 7, (double)i * 1e10);
        same += printed[i] == n - 5;  // "want " is the host's own
    }
    printf("printf returned the bytes printed: %d of 150\n", same);
    return 0;
}
