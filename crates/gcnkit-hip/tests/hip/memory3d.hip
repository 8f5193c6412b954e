// 3D memory: a pitched volume from hipMalloc3D (rows padded to the pitch), hipMemset3D of all of
// it and of a sub-volume, hipMemcpy3D from a host volume at an offset (a box of it), a kernel
// that walks the volume by its pitch, and hipMemcpy3D back (device to host, device to device);
// each byte checked against the same work on the host.
#include "check.h"
#include <cstring>
#include <vector>

__global__ void add_index(hipPitchedPtr v, int w, int h, int d) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    if (x >= w || y >= h || z >= d) return;
    float* row = (float*)((char*)v.ptr + (z * v.ysize + y) * v.pitch);
    row[x] += x + 100 * y + 10000 * z;
}

int main() {
    const int W = 37, H = 11, D = 5;  // floats, rows, slices
    hipPitchedPtr v;
    CHECK(hipMalloc3D(&v, make_hipExtent(W * sizeof(float), H, D)));
    if (v.pitch < W * sizeof(float) || v.pitch % 128 || v.xsize != W * sizeof(float) || v.ysize != H) {
        printf("FAIL: hipMalloc3D: pitch %zu xsize %zu ysize %zu\n", v.pitch, v.xsize, v.ysize);
        return 1;
    }
    // All zero bytes, then 0x3f bytes in a box: rows 2..8 of slices 1..3, 20 floats wide.
    CHECK(hipMemset3D(v, 0, make_hipExtent(W * sizeof(float), H, D)));
    hipPitchedPtr box = v;
    box.ptr = (char*)v.ptr + (1 * H + 2) * v.pitch;
    CHECK(hipMemset3D(box, 0x3f, make_hipExtent(20 * sizeof(float), 6, 3)));

    // The host's volume (packed), copied into the middle of the device's: a 30 x 7 x 4 box from
    // (x 3, y 1, z 0) of the host's to (x 5, y 2, z 1) of the device's.
    std::vector<float> host(W * H * D), want(W * H * D);
    for (int i = 0; i < W * H * D; i++) host[i] = i * 0.5f - 300;
    float q;
    memset(&q, 0x3f, 4);
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                want[(z * H + y) * W + x] = (z >= 1 && z < 4 && y >= 2 && y < 8 && x < 20) ? q : 0.0f;
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(host.data(), W * sizeof(float), W, H);
    p.srcPos = make_hipPos(3 * sizeof(float), 1, 0);
    p.dstPtr = v;
    p.dstPos = make_hipPos(5 * sizeof(float), 2, 1);
    p.extent = make_hipExtent(30 * sizeof(float), 7, 4);
    p.kind = hipMemcpyHostToDevice;
    CHECK(hipMemcpy3D(&p));
    for (int z = 0; z < 4; z++)
        for (int y = 0; y < 7; y++)
            for (int x = 0; x < 30; x++)
                want[((z + 1) * H + y + 2) * W + x + 5] = host[(z * H + y + 1) * W + x + 3];

    add_index<<<dim3((W + 31) / 32, H, D), 32>>>(v, W, H, D);
    CHECK(hipGetLastError());
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) want[(z * H + y) * W + x] += x + 100 * y + 10000 * z;

    // Device to device (the whole volume into a second one), then device to host (packed).
    hipPitchedPtr v2;
    CHECK(hipMalloc3D(&v2, make_hipExtent(W * sizeof(float), H, D)));
    hipMemcpy3DParms c = {};
    c.srcPtr = v;
    c.dstPtr = v2;
    c.extent = make_hipExtent(W * sizeof(float), H, D);
    c.kind = hipMemcpyDeviceToDevice;
    CHECK(hipMemcpy3D(&c));
    std::vector<float> got(W * H * D, -1.0f);
    hipMemcpy3DParms b = {};
    b.srcPtr = v2;
    b.dstPtr = make_hipPitchedPtr(got.data(), W * sizeof(float), W, H);
    b.extent = make_hipExtent(W * sizeof(float), H, D);
    b.kind = hipMemcpyDeviceToHost;
    CHECK(hipMemcpy3DAsync(&b, 0));
    CHECK(hipStreamSynchronize(0));
    for (int i = 0; i < W * H * D; i++)
        if (got[i] != want[i]) {
            printf("FAIL: element (%d, %d, %d) = %g, want %g\n", i % W, i / W % H, i / (W * H), got[i], want[i]);
            return 1;
        }
    // An extent wider than the pitch is an error.
    p.extent = make_hipExtent(v.pitch + 4, 1, 1);
    p.dstPos = make_hipPos(0, 0, 0);
    p.srcPos = make_hipPos(0, 0, 0);
    p.srcPtr = make_hipPitchedPtr(host.data(), v.pitch + 4, W, H);
    hipError_t e = hipMemcpy3D(&p);
    if (e != hipErrorInvalidPitchValue) {
        printf("FAIL: a copy wider than the pitch: %s (%d)\n", hipGetErrorName(e), (int)e);
        return 1;
    }
    CHECK(hipFree(v.ptr));
    CHECK(hipFree(v2.ptr));
    printf("PASS memory3d\n");
    return 0;
}
