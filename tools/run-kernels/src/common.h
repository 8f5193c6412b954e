// Shared by the kernels of gcnkit's runner suite. They are compiled with -nogpulib (no device
// library), so OpenCL's work-item functions, barrier() and atomic_*() would be undefined
// symbols: these macros use clang's AMDGPU built-ins instead, which lower to instructions,
// kernel-argument loads or dispatch-packet loads.
#ifndef GCNKIT_RUN_KERNELS_COMMON_H
#define GCNKIT_RUN_KERNELS_COMMON_H

// Work-item id in the group and work-group id, per dimension (get_local_id, get_group_id).
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LID_Y() ((uint)__builtin_amdgcn_workitem_id_y())
#define GRP_X() ((uint)__builtin_amdgcn_workgroup_id_x())
#define GRP_Y() ((uint)__builtin_amdgcn_workgroup_id_y())

// Fields of the HSA kernel dispatch packet (hsa_kernel_dispatch_packet_t): workgroup_size_x/y
// are u16 at bytes 4 and 6, grid_size_x/y are u32 at bytes 12 and 16. The work-group size is
// the full size even for the last, partial work-group of a dimension.
static inline uint local_size_x(void) {
    return ((__constant ushort *)__builtin_amdgcn_dispatch_ptr())[2];
}
static inline uint local_size_y(void) {
    return ((__constant ushort *)__builtin_amdgcn_dispatch_ptr())[3];
}
static inline uint grid_size_x(void) {
    return ((__constant uint *)__builtin_amdgcn_dispatch_ptr())[3];
}

// get_global_id(0) / (1) with no global offset.
#define GID_X() (GRP_X() * local_size_x() + LID_X())
#define GID_Y() (GRP_Y() * local_size_y() + LID_Y())

// barrier(CLK_LOCAL_MEM_FENCE): fences around the hardware barrier.
#define LDS_BARRIER()                                                                             \
    do {                                                                                          \
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                                    \
        __builtin_amdgcn_s_barrier();                                                             \
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                                    \
    } while (0)

// A NaN result as one bit pattern (the positive quiet NaN with no payload), so that outputs do
// not depend on which NaN an instruction returns. Integer compares, which the compiler keeps.
static inline uint canon_f32(float x) {
    uint u = as_uint(x);
    return (u & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : u;
}
#ifdef cl_khr_fp64
static inline ulong canon_f64(double x) {
    ulong u = as_ulong(x);
    return (u & 0x7fffffffffffffffUL) > 0x7ff0000000000000UL ? 0x7ff8000000000000UL : u;
}
#endif

#endif
