// Atomics: a histogram in LDS (local atomic increment) merged into global bins (global atomic
// add), global min/max/xchg/cmpxchg, and a float atomic add as a compare-and-swap loop.
#include "common.h"

__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void histogram(__global const uchar *data, __global uint *bins, uint n) {
    __local uint local_bins[64];
    uint lid = LID_X();
    if (lid < 64)
        local_bins[lid] = 0;
    LDS_BARRIER();
    for (uint i = GRP_X() * 256 + lid; i < n; i += 256 * 64)
        __atomic_fetch_add(&local_bins[data[i] >> 2], 1u, __ATOMIC_RELAXED);
    LDS_BARRIER();
    if (lid < 64)
        __atomic_fetch_add(&bins[lid], local_bins[lid], __ATOMIC_RELAXED);
}

__kernel void atomic_ops(__global int *p, __global uint *u, __global int *old, int v) {
    uint i = GRP_X() * 64 + LID_X();
    int a = __atomic_fetch_min(&p[0], v + (int)i, __ATOMIC_RELAXED);
    int b = __atomic_fetch_max(&p[1], v - (int)i, __ATOMIC_RELAXED);
    uint c = __atomic_exchange_n(&u[i], (uint)v, __ATOMIC_RELAXED);
    int d = __sync_val_compare_and_swap(&p[2 + (i & 3)], v, (int)i);
    __atomic_fetch_and(&u[64], ~(1u << (i & 31)), __ATOMIC_RELAXED);
    __atomic_fetch_or(&u[65], 1u << (i & 31), __ATOMIC_RELAXED);
    __atomic_fetch_sub(&p[6], 1, __ATOMIC_RELAXED);
    old[i] = a + b + (int)c + d;
}

__kernel void atomic_add_f32(volatile __global float *sum, __global const float *x) {
    uint i = GRP_X() * 64 + LID_X();
    float v = x[i];
    volatile __global uint *s = (volatile __global uint *)sum;
    uint cur = *s, prev;
    do {
        prev = cur;
        cur = __sync_val_compare_and_swap(s, prev, as_uint(as_float(prev) + v));
    } while (cur != prev);
}

__kernel void local_atomics(__global uint *out, __local uint *l) {
    uint lid = LID_X();
    if (lid == 0) {
        l[0] = 0;
        l[1] = 0xffffffffu;
    }
    LDS_BARRIER();
    uint slot = __atomic_fetch_add(&l[0], 1u, __ATOMIC_RELAXED);
    __atomic_fetch_min(&l[1], lid * 3u, __ATOMIC_RELAXED);
    __atomic_fetch_max(&l[2], lid, __ATOMIC_RELAXED);
    LDS_BARRIER();
    out[GRP_X() * 64 + lid] = slot + l[1] + l[2];
}
