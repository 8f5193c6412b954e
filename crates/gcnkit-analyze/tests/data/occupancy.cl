// Kernels whose occupancy is limited by different resources, for tests/occupancy.rs: clang's
// own "; Occupancy: N" (its -S listing) is the oracle. Built by build-occupancy.sh.
#define HEAVY(NAME, N) \
__kernel void NAME(__global float *out, __global const float *in, int n) { \
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64; \
    float acc[N]; \
    _Pragma("unroll") for (int k = 0; k < N; k++) acc[k] = in[i + k * n]; \
    float s = 0; \
    for (int j = 0; j < n; j++) { \
        _Pragma("unroll") for (int k = 0; k < N; k++) acc[k] = acc[k] * acc[(k + 7) % N] + in[j + k]; \
    } \
    _Pragma("unroll") for (int k = 0; k < N; k++) s += acc[k]; \
    out[i] = s; \
}
HEAVY(vgprs_24, 20)
HEAVY(vgprs_48, 48)
HEAVY(vgprs_96, 96)

__kernel void lds_24000(__global float *out) {
    __local float buf[6000];
    int i = __builtin_amdgcn_workitem_id_x();
    buf[i] = i;
    __builtin_amdgcn_s_barrier();
    out[i] = buf[(i * 7) % 6000];
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void lds_8000_wave(__global float *out) {
    __local float buf[2000];
    int i = __builtin_amdgcn_workitem_id_x();
    buf[i] = i;
    __builtin_amdgcn_s_barrier();
    out[i] = buf[(i * 7) % 2000];
}

__kernel void small(__global int *out) {
    out[__builtin_amdgcn_workitem_id_x()] = 1;
}
