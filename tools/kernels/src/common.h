// Shared by every kernel of the corpus. We compile with -nogpulib (no device libraries), so
// the OpenCL work-item functions and most built-ins would not link: these use the compiler's
// own AMDGPU built-ins, which lower to instructions (or kernel-argument / dispatch-packet loads).
#ifndef GCNKIT_KERNELS_COMMON_H
#define GCNKIT_KERNELS_COMMON_H

#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())
#define LID_Y() ((uint)__builtin_amdgcn_workitem_id_y())
#define GRP_X() ((uint)__builtin_amdgcn_workgroup_id_x())
#define GRP_Y() ((uint)__builtin_amdgcn_workgroup_id_y())

// Work-group size from the HSA dispatch packet (what get_local_size does): the 16-bit fields
// workgroup_size_x/y at bytes 4 and 6 of hsa_kernel_dispatch_packet_t.
static inline uint local_size_x(void) {
    __constant ushort *p = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
    return p[2];
}
static inline uint local_size_y(void) {
    __constant ushort *p = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
    return p[3];
}

// Integer min/max/clamp (OpenCL's overloads live in the device library).
static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int iclamp(int v, int lo, int hi) { return imin(imax(v, lo), hi); }

// A work-group barrier with the memory fences OpenCL's barrier(CLK_LOCAL_MEM_FENCE) implies.
#define LDS_BARRIER()                                                                             \
    do {                                                                                          \
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                                    \
        __builtin_amdgcn_s_barrier();                                                             \
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                                    \
    } while (0)

#endif
