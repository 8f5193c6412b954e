// Long waves, as HIP's own tests have them: kernels that wait on the clock (clock64() is
// s_memtime, counting at the device's clockRate in kHz; wall_clock64() is s_memrealtime at
// 100 MHz; both in time): a wave that spins for a while takes that long on the host too; a
// kernel that spins until the host writes a flag into pinned memory sees the write while it
// runs; and one work-item looping for more than 10^8 instructions ends (waves are bounded by
// time, not by instructions, unless GCNKIT_BUDGET says so).
#include "check.h"
#include <chrono>

__global__ void spin_clock(long long ticks, long long* out) {
    long long start = clock64(), now;
    do { now = clock64(); } while (now - start < ticks);
    out[threadIdx.x] = now - start;
}

// wall_clock64() of HIP 5.2's headers is declared for the device pass only.
__device__ long long wall() {
#ifdef __HIP_DEVICE_COMPILE__
    return __builtin_amdgcn_s_memrealtime();
#else
    return 0;
#endif
}

__global__ void spin_wall(long long ticks, long long* out) {
    long long start = wall(), now;
    do { now = wall(); } while (now - start < ticks);
    out[threadIdx.x] = now - start;
}

// Says it started, then waits (at most `ticks`) for the host to set *flag; 1 when it saw it.
__global__ void wait_for_host(volatile int* flag, long long ticks, int* seen) {
    long long start = clock64();
    atomicAdd((int*)flag, 1);
    while (clock64() - start < ticks) {
        if (*flag == 3) {
            *seen = 1;
            return;
        }
    }
    *seen = 0;
}

__global__ void long_loop(unsigned n, unsigned* out) {
    unsigned acc = 1;
    for (unsigned i = 0; i < n; i++) acc = acc * 2654435761u + i;
    *out = acc;
}

static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main() {
    int khz = 0;
    CHECK(hipDeviceGetAttribute(&khz, hipDeviceAttributeClockRate, 0));
    if (khz <= 0) { printf("FAIL: clockRate %d\n", khz); return 1; }
    long long* out;
    CHECK(hipMallocManaged(&out, 64 * sizeof(long long)));

    // 0.3 s of the shader clock, then 0.2 s of the 100 MHz one.
    double t0 = now();
    spin_clock<<<1, 64>>>((long long)khz * 300, out);
    CHECK(hipDeviceSynchronize());
    double t1 = now();
    if (t1 - t0 < 0.29 || t1 - t0 > 30) { printf("FAIL: clock64 spin of 0.3 s took %.3f s\n", t1 - t0); return 1; }
    for (int i = 0; i < 64; i++)
        if (out[i] < (long long)khz * 300) { printf("FAIL: lane %d counted %lld\n", i, out[i]); return 1; }
    spin_wall<<<1, 64>>>(20000000, out);
    CHECK(hipDeviceSynchronize());
    double t2 = now();
    if (t2 - t1 < 0.19 || t2 - t1 > 30) { printf("FAIL: wall_clock64 spin of 0.2 s took %.3f s\n", t2 - t1); return 1; }

    // The host answers a kernel that waits for it (up to 20 s).
    int *flag, *seen;
    CHECK(hipHostMalloc(&flag, sizeof(int)));
    CHECK(hipHostMalloc(&seen, sizeof(int)));
    *flag = 0;
    *seen = -1;
    wait_for_host<<<1, 1>>>(flag, (long long)khz * 20000, seen);
    while (__atomic_load_n(flag, __ATOMIC_SEQ_CST) != 1) {}
    __atomic_store_n(flag, 3, __ATOMIC_SEQ_CST);
    CHECK(hipDeviceSynchronize());
    double t3 = now();
    if (*seen != 1 || t3 - t2 > 15) { printf("FAIL: the kernel saw the host's flag: %d after %.3f s\n", *seen, t3 - t2); return 1; }

    unsigned n = 40000000, acc = 1, *got;
    CHECK(hipMallocManaged(&got, sizeof(unsigned)));
    long_loop<<<1, 1>>>(n, got);
    CHECK(hipDeviceSynchronize());
    for (unsigned i = 0; i < n; i++) acc = acc * 2654435761u + i;
    if (*got != acc) { printf("FAIL: long loop %u, host %u\n", *got, acc); return 1; }
    printf("PASS\n");
    return 0;
}
