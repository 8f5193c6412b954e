// Kernels for a resident grid (a cooperative launch, `Launch::resident`): work-groups that
// wait for each other, which only works when every work-group of the grid runs at once.
#include "../src/common.h"

static inline uint groups_x(void) { return grid_size_x() / local_size_x(); }

// A grid barrier as the device library's grid.sync() makes it: the work-group's waves meet,
// one lane of the group waits at global wave sync barrier 0 for every work-group, they meet
// again.
static void grid_sync(void) {
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
    __builtin_amdgcn_s_barrier();
    if (LID_X() == 0)
        __builtin_amdgcn_ds_gws_barrier(groups_x() - 1, 0);
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
}

// Each work-group sums its items into partial[group]; after a grid barrier every item adds
// the sum of all the partial sums; after another, item 0 of each group overwrites its
// partial sum with the next group's (read before anyone overwrote it).
__kernel void phases(__global int *data, __global int *partial) {
    __local int sum;
    uint i = GID_X(), g = GRP_X(), n = groups_x();
    if (LID_X() == 0)
        sum = 0;
    LDS_BARRIER();
    __atomic_fetch_add(&sum, data[i], __ATOMIC_RELAXED);
    LDS_BARRIER();
    if (LID_X() == 0)
        partial[g] = sum;
    grid_sync();
    int total = 0;
    for (uint k = 0; k < n; k++)
        total += partial[k];
    data[i] += total;
    grid_sync();
    int next = partial[(g + 1) % n];
    grid_sync();
    if (LID_X() == 0)
        partial[g] = next;
}

// A grid barrier of global atomics that spins without s_sleep: it ends only if the other
// work-groups get turns while one spins. Each item then records how many arrived.
__kernel void spin(__global int *counter, __global int *out) {
    if (LID_X() == 0) {
        __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
        while (__atomic_load_n(counter, __ATOMIC_RELAXED) < (int)groups_x())
            ;
    }
    LDS_BARRIER();
    out[GID_X()] = __atomic_load_n(counter, __ATOMIC_RELAXED);
}

// A grid barrier that counts one work-group more than the grid has: nobody is left to arrive.
__kernel void too_many(__global int *out) {
    if (LID_X() == 0)
        __builtin_amdgcn_ds_gws_barrier(groups_x(), 0);
    LDS_BARRIER();
    out[GID_X()] = 1;
}
