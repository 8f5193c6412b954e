// A kernel calls a host function through the device library's hostcall (service 1,
// __ockl_call_host_function(fptr, 7 arguments)): the host runs fptr(output, input) and each
// lane gets its 2 output words, as ROCm's host answers. Lanes of a divergent branch only.
#include "check.h"

extern "C" __device__ HIP_vector_base<long long, 2>::Native_vec_ __ockl_call_host_function(
    uint64_t fptr, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5,
    uint64_t a6);

static void sum_and_product(uint64_t* output, uint64_t* input) {
    output[0] = input[0] + input[1] + input[6];
    output[1] = input[0] * input[2];
}

__global__ void call(uint64_t f, uint64_t* out0, uint64_t* out1, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || i % 5 == 3) return;
    longlong2 r;
    r.data = __ockl_call_host_function(f, i, 1000, i % 17, 0, 0, 0, 7);
    out0[i] = r.x;
    out1[i] = r.y;
}

int main() {
    const int n = 300;
    uint64_t *out0, *out1;
    CHECK(hipHostMalloc(&out0, n * sizeof(uint64_t), 0));
    CHECK(hipHostMalloc(&out1, n * sizeof(uint64_t), 0));
    for (int i = 0; i < n; i++) out0[i] = out1[i] = 99;
    hipLaunchKernelGGL(call, dim3(3), dim3(128), 0, 0, (uint64_t)sum_and_product, out0, out1, n);
    CHECK(hipDeviceSynchronize());
    for (int i = 0; i < n; i++) {
        uint64_t want[2] = {99, 99};
        uint64_t in[7] = {(uint64_t)i, 1000, (uint64_t)(i % 17), 0, 0, 0, 7};
        if (i % 5 != 3) sum_and_product(want, in);
        if (out0[i] != want[0] || out1[i] != want[1]) {
            printf("FAIL: lane %d got %llu %llu, not %llu %llu\n", i, (unsigned long long)out0[i],
                   (unsigned long long)out1[i], (unsigned long long)want[0],
                   (unsigned long long)want[1]);
            return 1;
        }
    }
    printf("PASS host_function %d lanes\n", n);
    return 0;
}
