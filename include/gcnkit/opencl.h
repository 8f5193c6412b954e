/* gcnkit/opencl.h: the OpenCL C work-item and synchronisation built-ins for clang's AMDGPU
 * target without a GPU library (clang -nogpulib leaves get_global_id, barrier... undefined).
 *
 *   clang-14 -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=gfx906 -nogpulib -O2 \
 *       -include path/to/gcnkit/include/gcnkit/opencl.h -c k.cl -o k.o
 *   ld.lld-14 -shared k.o -o k.hsaco
 *
 * (with or without -Xclang -finclude-default-header; any -cl-std). Each built-in is a macro for
 * an inline function of clang's __builtin_amdgcn_* intrinsics, so the code has no calls:
 *
 *   get_local_id          the work-item ids the hardware puts in v0-v2
 *   get_group_id          the work-group ids in SGPRs
 *   get_enqueued_local_size, get_global_size, get_work_dim
 *                         the HSA kernel dispatch packet (its workgroup_size_x/y/z,
 *                         grid_size_x/y/z and setup fields), through the dispatch pointer
 *   get_local_size        the enqueued size, or what is left in the last, partial work-group
 *                         (OpenCL 2.0's non-uniform work-groups; ROCm's device library does
 *                         the same)
 *   get_num_groups        grid_size / workgroup_size, rounded up
 *   get_global_offset     the hidden_global_offset_x/y/z kernel arguments (the first hidden
 *                         arguments of code object v2-v4, which clang-14 writes)
 *   get_global_id         group id * enqueued size + local id + global offset
 *   get_global_linear_id, get_local_linear_id
 *   barrier, work_group_barrier
 *                         s_barrier, with a work-group release fence before and an acquire
 *                         fence after when the flags name a memory (as ROCm's library does)
 *   mem_fence, read_mem_fence, write_mem_fence
 *                         work-group fences (sequentially consistent, acquire, release)
 *
 * An index above 2 gives get_*_size 1 and the ids 0, as OpenCL says.
 */
#ifndef GCNKIT_OPENCL_H
#define GCNKIT_OPENCL_H

#ifndef CLK_LOCAL_MEM_FENCE
#define CLK_LOCAL_MEM_FENCE 0x01
#endif
#ifndef CLK_GLOBAL_MEM_FENCE
#define CLK_GLOBAL_MEM_FENCE 0x02
#endif
#ifndef CLK_IMAGE_MEM_FENCE
#define CLK_IMAGE_MEM_FENCE 0x04
#endif

#define __GCNKIT_INLINE static inline __attribute__((always_inline, overloadable))
#define __GCNKIT_CONVERGENT static inline __attribute__((always_inline, overloadable, convergent))

/* The HSA kernel dispatch packet (hsa_kernel_dispatch_packet_t): setup at byte 2,
 * workgroup_size_x/y/z (16 bits) at 4, 6, 8, grid_size_x/y/z (32 bits) at 12, 16, 20. */
__GCNKIT_INLINE uint __gcnkit_packet_u16(uint at) {
    return ((__constant ushort *)__builtin_amdgcn_dispatch_ptr())[at / 2];
}
__GCNKIT_INLINE uint __gcnkit_packet_u32(uint at) {
    return ((__constant uint *)__builtin_amdgcn_dispatch_ptr())[at / 4];
}

__GCNKIT_INLINE uint __gcnkit_work_dim(void) { return __gcnkit_packet_u16(2) & 3; }

__GCNKIT_INLINE size_t __gcnkit_local_id(uint d) {
    switch (d) {
    case 0: return __builtin_amdgcn_workitem_id_x();
    case 1: return __builtin_amdgcn_workitem_id_y();
    case 2: return __builtin_amdgcn_workitem_id_z();
    default: return 0;
    }
}

__GCNKIT_INLINE size_t __gcnkit_group_id(uint d) {
    switch (d) {
    case 0: return __builtin_amdgcn_workgroup_id_x();
    case 1: return __builtin_amdgcn_workgroup_id_y();
    case 2: return __builtin_amdgcn_workgroup_id_z();
    default: return 0;
    }
}

__GCNKIT_INLINE size_t __gcnkit_enqueued_local_size(uint d) {
    return d < 3 ? __gcnkit_packet_u16(4 + 2 * d) : 1;
}

__GCNKIT_INLINE size_t __gcnkit_global_size(uint d) {
    return d < 3 ? __gcnkit_packet_u32(12 + 4 * d) : 1;
}

__GCNKIT_INLINE size_t __gcnkit_local_size(uint d) {
    if (d >= 3)
        return 1;
    uint group = __gcnkit_group_id(d), size = __gcnkit_enqueued_local_size(d);
    uint grid = __gcnkit_global_size(d);
    uint left = grid - group * size;
    return left < size ? left : size;
}

__GCNKIT_INLINE size_t __gcnkit_num_groups(uint d) {
    if (d >= 3)
        return 1;
    uint size = __gcnkit_enqueued_local_size(d), grid = __gcnkit_global_size(d);
    return (grid + size - 1) / size;
}

__GCNKIT_INLINE size_t __gcnkit_global_offset(uint d) {
    return d < 3 ? ((__constant ulong *)__builtin_amdgcn_implicitarg_ptr())[d] : 0;
}

__GCNKIT_INLINE size_t __gcnkit_global_id(uint d) {
    if (d >= 3)
        return 0;
    return __gcnkit_group_id(d) * __gcnkit_enqueued_local_size(d) + __gcnkit_local_id(d) +
           __gcnkit_global_offset(d);
}

__GCNKIT_INLINE size_t __gcnkit_local_linear_id(void) {
    return (__gcnkit_local_id(2) * __gcnkit_local_size(1) + __gcnkit_local_id(1)) * __gcnkit_local_size(0) +
           __gcnkit_local_id(0);
}

__GCNKIT_INLINE size_t __gcnkit_global_linear_id(void) {
    size_t x = __gcnkit_global_id(0) - __gcnkit_global_offset(0);
    size_t y = __gcnkit_global_id(1) - __gcnkit_global_offset(1);
    size_t z = __gcnkit_global_id(2) - __gcnkit_global_offset(2);
    return (z * __gcnkit_global_size(1) + y) * __gcnkit_global_size(0) + x;
}

__GCNKIT_CONVERGENT void __gcnkit_barrier(uint flags) {
    if (flags) {
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
        __builtin_amdgcn_s_barrier();
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    } else {
        __builtin_amdgcn_s_barrier();
    }
}

__GCNKIT_INLINE void __gcnkit_mem_fence(uint flags) {
    if (flags)
        __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}
__GCNKIT_INLINE void __gcnkit_read_mem_fence(uint flags) {
    if (flags)
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__GCNKIT_INLINE void __gcnkit_write_mem_fence(uint flags) {
    if (flags)
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
}

#define get_work_dim() __gcnkit_work_dim()
#define get_local_id(d) __gcnkit_local_id(d)
#define get_group_id(d) __gcnkit_group_id(d)
#define get_local_size(d) __gcnkit_local_size(d)
#define get_enqueued_local_size(d) __gcnkit_enqueued_local_size(d)
#define get_global_size(d) __gcnkit_global_size(d)
#define get_num_groups(d) __gcnkit_num_groups(d)
#define get_global_offset(d) __gcnkit_global_offset(d)
#define get_global_id(d) __gcnkit_global_id(d)
#define get_local_linear_id() __gcnkit_local_linear_id()
#define get_global_linear_id() __gcnkit_global_linear_id()
#define barrier(flags) __gcnkit_barrier(flags)
/* work_group_barrier(flags[, scope]): the scope is the work-group's here. */
#define work_group_barrier(...) __gcnkit_barrier(__GCNKIT_FIRST(__VA_ARGS__, 0))
#define __GCNKIT_FIRST(a, ...) (a)
#define mem_fence(flags) __gcnkit_mem_fence(flags)
#define read_mem_fence(flags) __gcnkit_read_mem_fence(flags)
#define write_mem_fence(flags) __gcnkit_write_mem_fence(flags)

#endif
