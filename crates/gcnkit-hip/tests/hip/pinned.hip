// Pinned and managed memory: the host writes, a kernel reads and writes the same memory through
// the same pointer (no copies), the host reads the kernel's results after synchronising.
#include "check.h"

__global__ void square_into(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * in[i];
}

__global__ void add_one(float* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += 1.0f;
}

int main() {
    const int n = 3000;
    int *in, *out, *dev_in;
    CHECK(hipHostMalloc(&in, n * sizeof(int), 0));
    CHECK(hipHostMalloc(&out, n * sizeof(int), 0));
    for (int i = 0; i < n; i++) in[i] = i - 1500;
    CHECK(hipHostGetDevicePointer((void**)&dev_in, in, 0));
    hipLaunchKernelGGL(square_into, dim3((n + 255) / 256), dim3(256), 0, 0, dev_in, out, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    for (int i = 0; i < n; i++)
        if (out[i] != (i - 1500) * (i - 1500)) {
            printf("FAIL: pinned out[%d] = %d\n", i, out[i]);
            return 1;
        }
    float* m;
    CHECK(hipMallocManaged(&m, n * sizeof(float), hipMemAttachGlobal));
    for (int i = 0; i < n; i++) m[i] = i * 0.5f;
    add_one<<<(n + 127) / 128, 128>>>(m, n);
    add_one<<<(n + 127) / 128, 128>>>(m, n);
    CHECK(hipDeviceSynchronize());
    for (int i = 0; i < n; i++)
        if (m[i] != i * 0.5f + 2.0f) {
            printf("FAIL: managed m[%d] = %g\n", i, m[i]);
            return 1;
        }
    // A copy from pinned to device memory and back.
    int* d;
    CHECK(hipMalloc(&d, n * sizeof(int)));
    CHECK(hipMemcpy(d, out, n * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemset(out, 0, n * sizeof(int)));
    CHECK(hipMemcpy(out, d, n * sizeof(int), hipMemcpyDefault));
    if (out[n - 1] != 1499 * 1499) {
        printf("FAIL: copies through pinned memory\n");
        return 1;
    }
    // Coherent and non-coherent at once: ROCm 5.2's hipErrorInvalidValue.
    void* both = nullptr;
    if (hipHostMalloc(&both, 64, hipHostMallocCoherent | hipHostMallocNonCoherent) != hipErrorInvalidValue) {
        printf("FAIL: coherent and non-coherent pinned memory\n");
        return 1;
    }
    (void)hipGetLastError();
    // AMD's device memory the host reads and writes through its pointer (hipExtMallocWithFlags,
    // fine-grained and default: a large BAR's view of the GPU's memory): the host writes, a
    // kernel squares, the host reads; still device memory to hipPointerGetAttributes.
    for (unsigned flags : {hipDeviceMallocFinegrained, hipDeviceMallocDefault}) {
        int *fin, *fout;
        CHECK(hipExtMallocWithFlags((void**)&fin, n * sizeof(int), flags));
        CHECK(hipExtMallocWithFlags((void**)&fout, n * sizeof(int), flags));
        for (int i = 0; i < n; i++) fin[i] = i - 7;
        hipLaunchKernelGGL(square_into, dim3((n + 255) / 256), dim3(256), 0, 0, fin, fout, n);
        CHECK(hipDeviceSynchronize());
        for (int i = 0; i < n; i++)
            if (fout[i] != (i - 7) * (i - 7)) {
                printf("FAIL: host-visible device memory (flags %u) fout[%d] = %d\n", flags, i, fout[i]);
                return 1;
            }
        hipPointerAttribute_t a;
        CHECK(hipPointerGetAttributes(&a, fout + 5));
        if (a.memoryType != hipMemoryTypeDevice || a.devicePointer != (void*)(fout + 5)) {
            printf("FAIL: host-visible device memory's attributes: type %d\n", (int)a.memoryType);
            return 1;
        }
        CHECK(hipMemcpy(out, fout, n * sizeof(int), hipMemcpyDefault));
        if (out[10] != 9) {
            printf("FAIL: a copy from host-visible device memory: %d\n", out[10]);
            return 1;
        }
        CHECK(hipFree(fin));
        CHECK(hipFree(fout));
    }
    CHECK(hipHostFree(in));
    CHECK(hipHostFree(out));
    CHECK(hipFree(m));
    CHECK(hipFree(d));
    printf("PASS pinned\n");
    return 0;
}
