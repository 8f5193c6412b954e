// Host (x86-64) stand-ins for the AMDGPU built-ins the kernels use (see hostcheck.sh): work-item
// and work-group ids, the dispatch packet, the barrier.
uint fake_id(int what, int dim);
void fake_barrier(void);
extern __constant unsigned char fake_packet[64];
#define __builtin_amdgcn_workitem_id_x() fake_id(0, 0)
#define __builtin_amdgcn_workitem_id_y() fake_id(0, 1)
#define __builtin_amdgcn_workgroup_id_x() fake_id(1, 0)
#define __builtin_amdgcn_workgroup_id_y() fake_id(1, 1)
#define __builtin_amdgcn_dispatch_ptr() ((__constant void *)fake_packet)
#define __builtin_amdgcn_s_barrier() fake_barrier()
#define __builtin_amdgcn_fence(a, b) __atomic_thread_fence(__ATOMIC_SEQ_CST)
