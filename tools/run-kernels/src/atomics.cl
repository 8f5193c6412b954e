// Global atomics on ints, written so that every output is the same whatever order the
// work-items run in: add/sub/min/max (signed and unsigned)/and/or/xor and a histogram into
// shared counters, 64-bit add and max, compare-and-swap loops (a max and a 64-bit sum), tickets
// from fetch-add recorded as a bit set (each ticket 0..n-1 exactly once), and exchange and
// compare-exchange on each work-item's own slots (their returned values are deterministic).
#include "common.h"

// acc[0..16]: shared 32-bit counters, acc[16..32]: histogram of in & 15, acc64[0..3]: 64-bit
// counters, tickets[0]: ticket counter, tickets[1..]: bit set of tickets taken,
// slots[2i], slots[2i+1]: work-item i's own slots, old[3i..3i+3]: values returned by them.
__kernel void atomics(__global const int *in, __global int *acc, __global ulong *acc64,
                      __global uint *tickets, __global int *slots, __global int *old, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    int v = in[i];
    __atomic_fetch_add(&acc[0], v, __ATOMIC_RELAXED);
    __atomic_fetch_sub(&acc[1], v, __ATOMIC_RELAXED);
    __atomic_fetch_min(&acc[2], v, __ATOMIC_RELAXED);
    __atomic_fetch_max(&acc[3], v, __ATOMIC_RELAXED);
    __atomic_fetch_min((__global uint *)&acc[4], (uint)v, __ATOMIC_RELAXED);
    __atomic_fetch_max((__global uint *)&acc[5], (uint)v, __ATOMIC_RELAXED);
    __atomic_fetch_and(&acc[6], (int)~(1u << (v & 31)), __ATOMIC_RELAXED);
    __atomic_fetch_or(&acc[7], (int)(1u << (v >> 5 & 31)), __ATOMIC_RELAXED);
    __atomic_fetch_xor(&acc[8], v, __ATOMIC_RELAXED);
    __atomic_fetch_add(&acc[16 + (v & 15)], 1, __ATOMIC_RELAXED);

    __atomic_fetch_add(&acc64[0], (ulong)(long)v * 0x10001UL, __ATOMIC_RELAXED);
    __atomic_fetch_max((__global long *)&acc64[1], (long)v << 20, __ATOMIC_RELAXED);

    // compare-and-swap loops: a max of v * v (unsigned) and a 64-bit sum
    __global uint *m = (__global uint *)&acc[9];
    uint sq = (uint)v * (uint)v;
    uint cur = __atomic_load_n(m, __ATOMIC_RELAXED);
    while (cur < sq && !__atomic_compare_exchange_n(m, &cur, sq, false, __ATOMIC_RELAXED,
                                                    __ATOMIC_RELAXED))
        ;
    ulong cur64 = __atomic_load_n(&acc64[2], __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(&acc64[2], &cur64, cur64 + ((ulong)(uint)v << 16), false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;

    // tickets: the returned values are 0..n-1 in some order
    uint t = __atomic_fetch_add(&tickets[0], 1u, __ATOMIC_RELAXED);
    __atomic_fetch_or(&tickets[1 + t / 32], 1u << (t % 32), __ATOMIC_RELAXED);

    // exchange and compare-exchange on the work-item's own slots
    old[3 * i] = __atomic_exchange_n(&slots[2 * i], v ^ 0x5a5a5a5a, __ATOMIC_RELAXED);
    int expected = v;
    bool ok = __atomic_compare_exchange_n(&slots[2 * i + 1], &expected, (int)i, false,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    old[3 * i + 1] = expected;
    old[3 * i + 2] = ok;
}
