// Mipmapped arrays: a 2D float chain whose levels a kernel builds from level 0 (each texel the
// mean of the 2 x 2 texels under it, read and written through surfaces of two level arrays),
// read back level by level and checked against the host's chain; a level sampled as a
// texture; a driver-API 3D chain's level sizes; the misuse errors.
#include "check.h"
#include <cstring>
#include <vector>

// Level l + 1 from level l: the mean of the (up to) 2 x 2 texels under each texel.
__global__ void reduce(hipSurfaceObject_t from, hipSurfaceObject_t to, int w, int h, int w2, int h2) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= w2) return;
    int x1 = min(2 * x + 1, w - 1), y1 = min(2 * y + 1, h - 1);
    float a, b, c, d;
    surf2Dread(&a, from, 2 * x * 4, 2 * y);
    surf2Dread(&b, from, x1 * 4, 2 * y);
    surf2Dread(&c, from, 2 * x * 4, y1);
    surf2Dread(&d, from, x1 * 4, y1);
    surf2Dwrite(((a + b) + (c + d)) * 0.25f, to, x * 4, y);
}

__global__ void fetch(hipTextureObject_t t, float* out, int w, int h) {
    int x = threadIdx.x, y = blockIdx.x;
    if (x < w) out[y * w + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}

static hipSurfaceObject_t surface(hipArray_t a) {
    hipResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipSurfaceObject_t s = nullptr;
    if (hipCreateSurfaceObject(&s, &r) != hipSuccess) printf("FAIL: hipCreateSurfaceObject\n");
    return s;
}

int main() {
    const int W = 37, H = 20, LEVELS = 6;  // 1 + log2(37)
    hipChannelFormatDesc f = hipCreateChannelDesc<float>();
    hipMipmappedArray_t mm;
    if (hipMallocMipmappedArray(&mm, &f, make_hipExtent(W, H, 0), LEVELS + 1, 0) != hipErrorInvalidValue) {
        printf("FAIL: more levels than 1 + log2(37) were taken\n");
        return 1;
    }
    CHECK(hipMallocMipmappedArray(&mm, &f, make_hipExtent(W, H, 0), LEVELS, hipArraySurfaceLoadStore));
    // The host's chain.
    std::vector<std::vector<float>> chain(LEVELS);
    std::vector<int> ws(LEVELS), hs(LEVELS);
    ws[0] = W;
    hs[0] = H;
    chain[0].resize(W * H);
    for (int k = 0; k < W * H; k++) chain[0][k] = ((k % W) * 13 + (k / W) * 7) % 61 * 0.75f - 11.0f;
    for (int l = 1; l < LEVELS; l++) {
        int w = ws[l - 1], h = hs[l - 1];
        ws[l] = w / 2 > 1 ? w / 2 : 1;
        hs[l] = h / 2 > 1 ? h / 2 : 1;
        chain[l].resize(ws[l] * hs[l]);
        for (int y = 0; y < hs[l]; y++)
            for (int x = 0; x < ws[l]; x++) {
                int x1 = 2 * x + 1 < w ? 2 * x + 1 : w - 1, y1 = 2 * y + 1 < h ? 2 * y + 1 : h - 1;
                const std::vector<float>& p = chain[l - 1];
                float a = p[2 * y * w + 2 * x], b = p[2 * y * w + x1], c = p[y1 * w + 2 * x], d = p[y1 * w + x1];
                chain[l][y * ws[l] + x] = ((a + b) + (c + d)) * 0.25f;
            }
    }
    std::vector<hipArray_t> level(LEVELS);
    for (int l = 0; l < LEVELS; l++) {
        CHECK(hipGetMipmappedArrayLevel(&level[l], mm, l));
        if ((int)level[l]->width != ws[l] || (int)level[l]->height != hs[l]) {
            printf("FAIL: level %d is %u x %u, not %d x %d\n", l, level[l]->width, level[l]->height, ws[l], hs[l]);
            return 1;
        }
    }
    hipArray_t none;
    if (hipGetMipmappedArrayLevel(&none, mm, LEVELS) != hipErrorInvalidValue) {
        printf("FAIL: a level past the last was given\n");
        return 1;
    }
    CHECK(hipMemcpy2DToArray(level[0], 0, 0, chain[0].data(), W * sizeof(float), W * sizeof(float), H,
                             hipMemcpyHostToDevice));
    (void)hipGetLastError();  // the refused calls above set it
    for (int l = 0; l + 1 < LEVELS; l++) {
        hipSurfaceObject_t a = surface(level[l]), b = surface(level[l + 1]);
        reduce<<<dim3((ws[l + 1] + 63) / 64, hs[l + 1]), 64>>>(a, b, ws[l], hs[l], ws[l + 1], hs[l + 1]);
        CHECK(hipGetLastError());
        CHECK(hipDestroySurfaceObject(a));
        CHECK(hipDestroySurfaceObject(b));
    }
    for (int l = 0; l < LEVELS; l++) {
        std::vector<float> got(ws[l] * hs[l], -999.0f);
        CHECK(hipMemcpy2DFromArray(got.data(), ws[l] * sizeof(float), level[l], 0, 0, ws[l] * sizeof(float), hs[l],
                                   hipMemcpyDeviceToHost));
        for (int k = 0; k < ws[l] * hs[l]; k++)
            if (got[k] != chain[l][k]) {
                printf("FAIL: level %d texel %d: got %.9g, want %.9g\n", l, k, got[k], chain[l][k]);
                return 1;
            }
    }
    // Level 2 as a texture of its own.
    hipResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = hipResourceTypeArray;
    r.res.array.array = level[2];
    hipTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
    td.filterMode = hipFilterModePoint;
    td.readMode = hipReadModeElementType;
    hipTextureObject_t t;
    CHECK(hipCreateTextureObject(&t, &r, &td, nullptr));
    float* dout;
    CHECK(hipMalloc((void**)&dout, ws[2] * hs[2] * sizeof(float)));
    fetch<<<hs[2], 64>>>(t, dout, ws[2], hs[2]);
    std::vector<float> got(ws[2] * hs[2]);
    CHECK(hipMemcpy(got.data(), dout, got.size() * sizeof(float), hipMemcpyDeviceToHost));
    if (memcmp(got.data(), chain[2].data(), got.size() * sizeof(float)) != 0) {
        printf("FAIL: level 2 sampled as a texture\n");
        return 1;
    }
    CHECK(hipDestroyTextureObject(t));
    // A whole chain as a texture: not supported (as ROCm 5.2).
    r.resType = hipResourceTypeMipmappedArray;
    r.res.mipmap.mipmap = mm;
    td.normalizedCoords = 1;
    if (hipCreateTextureObject(&t, &r, &td, nullptr) != hipErrorNotSupported) {
        printf("FAIL: a texture of a mipmapped array was not refused\n");
        return 1;
    }
    if (hipFreeArray(level[1]) != hipErrorInvalidValue) {
        printf("FAIL: a level array was freed on its own\n");
        return 1;
    }
    CHECK(hipFreeMipmappedArray(mm));
    if (hipFreeMipmappedArray(mm) != hipErrorInvalidValue ||
        hipMemcpy2DToArray(level[0], 0, 0, chain[0].data(), W * sizeof(float), W * sizeof(float), 1,
                           hipMemcpyHostToDevice) != hipErrorInvalidValue) {
        printf("FAIL: a freed mipmapped array or its level was still taken\n");
        return 1;
    }

    // ---- The driver API's form: a 3D chain of float4 ----
    HIP_ARRAY3D_DESCRIPTOR d3 = {10, 6, 3, HIP_AD_FORMAT_FLOAT, 4, 0};
    hipMipmappedArray_t m3;
    CHECK(hipMipmappedArrayCreate(&m3, &d3, 4));
    const unsigned want[4][3] = {{10, 6, 3}, {5, 3, 1}, {2, 1, 1}, {1, 1, 1}};
    for (int l = 0; l < 4; l++) {
        hipArray_t a;
        CHECK(hipMipmappedArrayGetLevel(&a, m3, l));
        hipChannelFormatDesc cd;
        CHECK(hipGetChannelDesc(&cd, a));
        if (a->width != want[l][0] || a->height != want[l][1] || a->depth != want[l][2] || cd.w != 32) {
            printf("FAIL: 3D level %d is %u x %u x %u\n", l, a->width, a->height, a->depth);
            return 1;
        }
    }
    CHECK(hipMipmappedArrayDestroy(m3));
    CHECK(hipFree(dout));
    printf("PASS mipmaps\n");
    return 0;
}
