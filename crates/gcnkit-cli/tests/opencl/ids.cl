// Every work-item built-in of include/gcnkit/opencl.h, written per work-item (16 values at
// its global linear id), and a barrier's effect: each work-item reads what its neighbour in
// the work-group wrote to LDS before the barrier.
#define N 16
__kernel void ids(__global uint *out, __global uint *shifted) {
    __local uint lds[256];
    size_t gx = get_global_id(0), gy = get_global_id(1);
    size_t at = (gy * get_global_size(0) + gx) * N;
    uint v[N] = {
        get_local_id(0), get_local_id(1), get_group_id(0), get_group_id(1),
        get_local_size(0), get_local_size(1), get_enqueued_local_size(0), get_global_size(0),
        get_global_size(1), get_num_groups(0), get_num_groups(1), get_global_offset(0),
        get_work_dim(), get_local_linear_id(), get_global_linear_id(), get_global_size(2),
    };
    for (int k = 0; k < N; k++)
        out[at + k] = v[k];
    uint lid = get_local_linear_id();
    uint n = get_local_size(0) * get_local_size(1);
    lds[lid] = (uint)get_global_linear_id() * 3 + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    shifted[get_global_linear_id()] = lds[(lid + 1) % n];
}
