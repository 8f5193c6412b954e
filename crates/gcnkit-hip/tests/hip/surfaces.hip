// Surface objects: kernels write 1D, 2D and 3D arrays through surf1Dwrite/surf2Dwrite/
// surf3Dwrite and read them through surf*Dread (x in bytes, as in CUDA), at 1, 2 and 4 float
// channels; the host copies the arrays back and checks every texel against its own
// computation. Writes outside the array are dropped and reads outside give zero (HIP's
// default boundary mode, the image hardware's range check). Misuse gets HIP's errors.
#include "check.h"
#include <cstring>
#include <vector>

// The value a kernel writes at (x, y, z), channel c.
__host__ __device__ inline float value(int x, int y, int z, int c) {
    return (float)((x * 7 + y * 131 + z * 1009 + c * 17) % 4093) * 0.5f - 100.0f;
}

// Writes a W x H float2 image, plus a ring of writes one texel outside it on every side.
__global__ void write2d(hipSurfaceObject_t s, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x - 1, y = blockIdx.y - 1;
    if (x > w) return;
    float2 v = make_float2(value(x, y, 0, 0), value(x, y, 0, 1));
    surf2Dwrite(v, s, x * (int)sizeof(float2), y);
}

// Reads the W x H float image (and one texel around it) into out[(y + 1) * (w + 2) + x + 1].
__global__ void read2d(hipSurfaceObject_t s, float* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x - 1, y = blockIdx.y - 1;
    if (x > w) return;
    float v;
    surf2Dread(&v, s, x * (int)sizeof(float), y);
    out[(y + 1) * (w + 2) + x + 1] = v;
}

__global__ void write1d(hipSurfaceObject_t s, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= n) return;
    float4 v = make_float4(value(x, 0, 0, 0), value(x, 0, 0, 1), value(x, 0, 0, 2), value(x, 0, 0, 3));
    surf1Dwrite(v, s, x * (int)sizeof(float4));
}

// Reads texel x, doubles it, writes it to texel x of another surface.
__global__ void copy1d(hipSurfaceObject_t from, hipSurfaceObject_t to, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= n) return;
    float4 v;
    surf1Dread(&v, from, x * (int)sizeof(float4));
    surf1Dwrite(make_float4(2 * v.x, 2 * v.y, 2 * v.z, 2 * v.w), to, x * (int)sizeof(float4));
}

__global__ void write3d(hipSurfaceObject_t s, int w) {
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    if (x >= w) return;
    surf3Dwrite(value(x, y, z, 0), s, x * (int)sizeof(float), y, z);
}

__global__ void read3d(hipSurfaceObject_t s, float* out, int w, int h, int d) {
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    if (x >= w) return;
    float v;
    surf3Dread(&v, s, x * (int)sizeof(float), y, z);
    out[(z * h + y) * w + x] = v;
}

static hipResourceDesc array_res(hipArray_t a) {
    hipResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    return r;
}

static int bad(const char* what, int k, double got, double want) {
    printf("FAIL: %s: texel %d: got %.9g, want %.9g\n", what, k, got, want);
    return 1;
}

int main() {
    // ---- 2D, two float channels: written by a kernel, read back by the host ----
    const int W = 37, H = 11;
    hipChannelFormatDesc f2 = hipCreateChannelDesc<float2>();
    hipArray_t a2;
    CHECK(hipMallocArray(&a2, &f2, W, H, hipArraySurfaceLoadStore));
    std::vector<float2> host2(W * H, make_float2(-1.0f, -1.0f));
    CHECK(hipMemcpy2DToArray(a2, 0, 0, host2.data(), W * sizeof(float2), W * sizeof(float2), H,
                             hipMemcpyHostToDevice));
    hipResourceDesc r2 = array_res(a2);
    hipSurfaceObject_t s2;
    CHECK(hipCreateSurfaceObject(&s2, &r2));
    write2d<<<dim3(1, H + 2), W + 2>>>(s2, W, H);
    CHECK(hipGetLastError());
    CHECK(hipMemcpy2DFromArray(host2.data(), W * sizeof(float2), a2, 0, 0, W * sizeof(float2), H,
                               hipMemcpyDeviceToHost));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float2 g = host2[y * W + x];
            if (g.x != value(x, y, 0, 0)) return bad("surf2Dwrite float2 .x", y * W + x, g.x, value(x, y, 0, 0));
            if (g.y != value(x, y, 0, 1)) return bad("surf2Dwrite float2 .y", y * W + x, g.y, value(x, y, 0, 1));
        }

    // ---- 2D, one float channel: filled by the host, read by a kernel (one texel around) ----
    hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();
    hipArray_t a1;
    CHECK(hipMallocArray(&a1, &f1, W, H, hipArraySurfaceLoadStore));
    std::vector<float> host1(W * H);
    for (int k = 0; k < W * H; k++) host1[k] = value(k % W, k / W, 5, 2);
    CHECK(hipMemcpy2DToArray(a1, 0, 0, host1.data(), W * sizeof(float), W * sizeof(float), H,
                             hipMemcpyHostToDevice));
    hipResourceDesc r1 = array_res(a1);
    hipSurfaceObject_t s1;
    CHECK(hipCreateSurfaceObject(&s1, &r1));
    const int R = (W + 2) * (H + 2);
    float* dout;
    CHECK(hipMalloc((void**)&dout, R * sizeof(float)));
    CHECK(hipMemset(dout, 0x7f, R * sizeof(float)));
    read2d<<<dim3(1, H + 2), W + 2>>>(s1, dout, W, H);
    std::vector<float> ring(R);
    CHECK(hipMemcpy(ring.data(), dout, R * sizeof(float), hipMemcpyDeviceToHost));
    for (int y = -1; y <= H; y++)
        for (int x = -1; x <= W; x++) {
            bool inside = x >= 0 && x < W && y >= 0 && y < H;
            float want = inside ? host1[y * W + x] : 0.0f;
            int k = (y + 1) * (W + 2) + x + 1;
            if (ring[k] != want) return bad("surf2Dread float", k, ring[k], want);
        }

    // ---- 1D, four float channels: a kernel writes, another reads one surface and writes
    // another ----
    const int N = 300;
    hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
    hipArray_t b0, b1;
    CHECK(hipMallocArray(&b0, &f4, N, 0, hipArraySurfaceLoadStore));
    CHECK(hipMallocArray(&b1, &f4, N, 0, hipArraySurfaceLoadStore));
    hipResourceDesc rb0 = array_res(b0), rb1 = array_res(b1);
    hipSurfaceObject_t sb0, sb1;
    CHECK(hipCreateSurfaceObject(&sb0, &rb0));
    CHECK(hipCreateSurfaceObject(&sb1, &rb1));
    write1d<<<(N + 63) / 64, 64>>>(sb0, N);
    copy1d<<<(N + 63) / 64, 64>>>(sb0, sb1, N);
    std::vector<float4> h4(N);
    CHECK(hipMemcpy2DFromArray(h4.data(), N * sizeof(float4), b1, 0, 0, N * sizeof(float4), 1,
                               hipMemcpyDeviceToHost));
    for (int x = 0; x < N; x++) {
        const float* g = &h4[x].x;
        for (int c = 0; c < 4; c++)
            if (g[c] != 2 * value(x, 0, 0, c)) return bad("surf1Dread/surf1Dwrite float4", x * 4 + c, g[c], 2 * value(x, 0, 0, c));
    }

    // ---- 3D, one float channel: a kernel writes, the host copies back with hipMemcpy3D,
    // another kernel reads ----
    const int X = 19, Y = 6, Z = 5;
    hipArray_t a3;
    CHECK(hipMalloc3DArray(&a3, &f1, make_hipExtent(X, Y, Z), hipArraySurfaceLoadStore));
    hipResourceDesc r3 = array_res(a3);
    hipSurfaceObject_t s3;
    CHECK(hipCreateSurfaceObject(&s3, &r3));
    write3d<<<dim3(Y, Z), 32>>>(s3, X);
    std::vector<float> h3(X * Y * Z, -1.0f);
    hipMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = a3;
    p.dstPtr = make_hipPitchedPtr(h3.data(), X * sizeof(float), X, Y);
    p.extent = make_hipExtent(X, Y, Z);
    p.kind = hipMemcpyDeviceToHost;
    CHECK(hipMemcpy3D(&p));
    for (int z = 0; z < Z; z++)
        for (int y = 0; y < Y; y++)
            for (int x = 0; x < X; x++) {
                int k = (z * Y + y) * X + x;
                if (h3[k] != value(x, y, z, 0)) return bad("surf3Dwrite", k, h3[k], value(x, y, z, 0));
            }
    float* d3;
    CHECK(hipMalloc((void**)&d3, X * Y * Z * sizeof(float)));
    read3d<<<dim3(Y, Z), 32>>>(s3, d3, X, Y, Z);
    std::vector<float> back3(X * Y * Z);
    CHECK(hipMemcpy(back3.data(), d3, X * Y * Z * sizeof(float), hipMemcpyDeviceToHost));
    if (memcmp(back3.data(), h3.data(), X * Y * Z * sizeof(float)) != 0) {
        printf("FAIL: surf3Dread gave other texels than the array holds\n");
        return 1;
    }

    // ---- Misuse ----
    if (hipCreateSurfaceObject(nullptr, &r1) != hipErrorInvalidValue ||
        hipCreateSurfaceObject(&s1, nullptr) != hipErrorInvalidValue) {
        printf("FAIL: a null argument was not refused\n");
        return 1;
    }
    hipResourceDesc lin;
    memset(&lin, 0, sizeof lin);
    lin.resType = hipResourceTypeLinear;
    lin.res.linear.devPtr = dout;
    lin.res.linear.desc = f1;
    lin.res.linear.sizeInBytes = R * sizeof(float);
    hipSurfaceObject_t none;
    if (hipCreateSurfaceObject(&none, &lin) != hipErrorInvalidValue) {
        printf("FAIL: a surface of linear memory was not refused\n");
        return 1;
    }
    hipResourceDesc null_array = array_res(nullptr);
    if (hipCreateSurfaceObject(&none, &null_array) != hipErrorInvalidValue) {
        printf("FAIL: a surface of no array was not refused\n");
        return 1;
    }
    CHECK(hipDestroySurfaceObject(nullptr));
    for (hipSurfaceObject_t s : {s1, s2, sb0, sb1, s3}) CHECK(hipDestroySurfaceObject(s));
    if (hipDestroySurfaceObject(s1) != hipErrorInvalidValue) {
        printf("FAIL: a surface destroyed twice was not refused\n");
        return 1;
    }
    CHECK(hipDeviceSynchronize());
    for (hipArray_t a : {a1, a2, b0, b1, a3}) CHECK(hipFreeArray(a));
    CHECK(hipFree(dout));
    CHECK(hipFree(d3));
    printf("PASS surfaces\n");
    return 0;
}
