// Pitched memory and 2D copies, the driver API's copies and typed memsets, pointer and
// function attributes, the smaller device queries.
#include "check.h"
#include <cstring>
#include <vector>

__global__ void transpose_add(const float* in, size_t ipitch, float* out, size_t opitch, int w, int h) {
    __shared__ float tile[16][17];
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = ((const float*)((const char*)in + y * ipitch))[x];
    __syncthreads();
    int tx = blockIdx.y * 16 + threadIdx.x, ty = blockIdx.x * 16 + threadIdx.y;
    if (tx < h && ty < w) ((float*)((char*)out + ty * opitch))[tx] = tile[threadIdx.x][threadIdx.y] + 1.0f;
}

int main() {
    const int w = 70, h = 33;
    std::vector<float> a(w * h), b(w * h);
    for (int i = 0; i < w * h; i++) a[i] = i * 0.25f;
    float *din, *dout;
    size_t ip = 0, op = 0;
    CHECK(hipMallocPitch((void**)&din, &ip, w * sizeof(float), h));
    CHECK(hipMallocPitch((void**)&dout, &op, h * sizeof(float), w));
    if (ip < w * sizeof(float) || ip % 256 != 0 || op % 256 != 0) {
        printf("FAIL: pitches %zu %zu\n", ip, op);
        return 1;
    }
    CHECK(hipMemset2D(dout, op, 0, h * sizeof(float), w));
    CHECK(hipMemcpy2D(din, ip, a.data(), w * sizeof(float), w * sizeof(float), h, hipMemcpyHostToDevice));
    hipLaunchKernelGGL(transpose_add, dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16), 0, 0, din, ip, dout, op, w, h);
    CHECK(hipGetLastError());
    CHECK(hipMemcpy2D(b.data(), h * sizeof(float), dout, op, h * sizeof(float), w, hipMemcpyDeviceToHost));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (b[x * h + y] != a[y * w + x] + 1.0f) {
                printf("FAIL: transposed (%d,%d) = %g\n", x, y, b[x * h + y]);
                return 1;
            }

    unsigned* d;
    CHECK(hipMalloc(&d, 64 * sizeof(unsigned)));
    CHECK(hipMemsetD32(d, 0xdeadbeef, 64));
    CHECK(hipMemsetD16(d, 0x1234, 3));
    CHECK(hipMemsetD8((char*)d + 8, 0x56, 2));
    unsigned hd[64];
    CHECK(hipMemcpyDtoH(hd, d, sizeof(hd)));
    if (hd[0] != 0x12341234 || hd[1] != 0xdead1234 || hd[2] != 0xdead5656 || hd[63] != 0xdeadbeef) {
        printf("FAIL: typed memsets %x %x %x %x\n", hd[0], hd[1], hd[2], hd[63]);
        return 1;
    }
    hd[5] = 77;
    CHECK(hipMemcpyHtoD(d, hd, sizeof(hd)));
    CHECK(hipMemcpyDtoD((char*)d + 4, d + 5, 4));
    CHECK(hipMemcpyDtoH(hd, d, 8));
    if (hd[1] != 77) {
        printf("FAIL: DtoD\n");
        return 1;
    }

    int *pinned, *managed, host = 0;
    CHECK(hipHostMalloc(&pinned, 64, 0));
    CHECK(hipMallocManaged(&managed, 64));
    hipPointerAttribute_t pa;
    CHECK(hipPointerGetAttributes(&pa, d + 3));
    if (pa.memoryType != hipMemoryTypeDevice || pa.devicePointer != d + 3 || pa.isManaged) {
        printf("FAIL: device pointer attributes\n");
        return 1;
    }
    CHECK(hipPointerGetAttributes(&pa, pinned));
    if (pa.memoryType != hipMemoryTypeHost || pa.hostPointer != pinned) {
        printf("FAIL: pinned pointer attributes\n");
        return 1;
    }
    CHECK(hipPointerGetAttributes(&pa, managed));
    if (!pa.isManaged) {
        printf("FAIL: managed pointer attributes\n");
        return 1;
    }
    if (hipPointerGetAttributes(&pa, &host) != hipErrorInvalidValue) {
        printf("FAIL: a host pointer's attributes\n");
        return 1;
    }
    (void)hipGetLastError();
    size_t size = 0;
    CHECK(hipMemPtrGetInfo(d, &size));

    hipFuncAttributes fa;
    CHECK(hipFuncGetAttributes(&fa, (const void*)transpose_add));
    if (fa.sharedSizeBytes != 16 * 17 * sizeof(float) || fa.maxThreadsPerBlock != 1024 || fa.numRegs <= 0) {
        printf("FAIL: function attributes: %zu bytes shared, %d threads, %d registers\n", fa.sharedSizeBytes,
               fa.maxThreadsPerBlock, fa.numRegs);
        return 1;
    }
    int blocks = 0, grid = 0, bs = 0, blocks_at_bs = 0;
    CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void*)transpose_add, 256, 0));
    CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &bs, (const void*)transpose_add, 0, 0));
    CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_at_bs, (const void*)transpose_add, bs, 0));
    // 4 SIMDs of at most 10 waves: at most 10 blocks of 4 waves.
    if (blocks < 1 || blocks > 10 || bs % 64 != 0 || bs < 64 || bs > 1024) {
        printf("FAIL: occupancy %d blocks of 256, best block %d\n", blocks, bs);
        return 1;
    }
    char name[64];
    int major = 0, minor = 0;
    size_t total = 0;
    hipDevice_t dev;
    CHECK(hipDeviceGet(&dev, 0));
    CHECK(hipDeviceGetName(name, sizeof(name), dev));
    CHECK(hipDeviceComputeCapability(&major, &minor, dev));
    CHECK(hipDeviceTotalMem(&total, dev));
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, 0));
    if (strcmp(name, p.name) != 0 || major != p.major || minor != p.minor || total != p.totalGlobalMem ||
        size != 256 || grid != blocks_at_bs * p.multiProcessorCount) {
        printf("FAIL: device queries: %s %d.%d %zu %zu\n", name, major, minor, total, size);
        return 1;
    }
    printf("PASS memory2d\n");
    return 0;
}
