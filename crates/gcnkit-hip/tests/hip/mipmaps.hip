// Mipmapped arrays: a 2D float chain whose levels a kernel builds from level 0 (each texel the
// mean of the 2 x 2 texels under it, read and written through surfaces of two level arrays),
// read back level by level and checked against the host's chain; a level sampled as a
// texture; a whole chain sampled by tex2DLod (point and linear filters within and between
// levels, LODs below, between and past the levels) against the host's; a driver-API 3D
// chain's level sizes; the misuse errors.
#include "check.h"
#include "sampling.h"
// The texture reference calls are deprecated in HIP 5.2 and still exported.
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
#include <cstring>
#include <vector>

texture<float, 2, hipReadModeElementType> chain_ref;

__global__ void sample_lod_ref(const float2* xy, const float* lod, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2DLod(chain_ref, xy[i].x, xy[i].y, lod[i]);
}

__global__ void sample_lod(hipTextureObject_t t, const float2* xy, const float* lod, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2DLod<float>(t, xy[i].x, xy[i].y, lod[i]);
}

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
    // A whole chain takes normalized coordinates.
    r.resType = hipResourceTypeMipmappedArray;
    r.res.mipmap.mipmap = mm;
    if (hipCreateTextureObject(&t, &r, &td, nullptr) != hipErrorInvalidValue) {
        printf("FAIL: a texture of a mipmapped array with unnormalized coordinates was taken\n");
        return 1;
    }
    (void)hipGetLastError();

    // ---- tex2DLod on a 32 x 16 chain of 6 levels (sizes on the sampler's 1/256 grid) ----
    {
        const int SW = 32, SH = 16, SL = 6, n = 1024;
        hipMipmappedArray_t sm;
        CHECK(hipMallocMipmappedArray(&sm, &f, make_hipExtent(SW, SH, 0), SL, 0));
        std::vector<Img> lv;
        for (int l = 0; l < SL; l++) {
            int w = SW >> l > 0 ? SW >> l : 1, h = SH >> l > 0 ? SH >> l : 1;
            Img im{w, h, 1, std::vector<double>(w * h)};
            std::vector<float> v(w * h);
            for (int k = 0; k < w * h; k++) im.v[k] = v[k] = (float)((k * 7 + l * 31) % 53) * 0.5f - 6.0f + l * 100.0f;
            hipArray_t a;
            CHECK(hipGetMipmappedArrayLevel(&a, sm, l));
            CHECK(hipMemcpy2DToArray(a, 0, 0, v.data(), w * sizeof(float), w * sizeof(float), h, hipMemcpyHostToDevice));
            lv.push_back(im);
        }
        const float lods[10] = {-1.0f, 0.0f, 0.25f, 0.75f, 1.0f, 1.5f, 2.25f, 3.75f, 5.0f, 9.0f};
        std::vector<float2> pts(n);
        std::vector<float> lod(n), got(n);
        for (int k = 0; k < n; k++) {
            pts[k] = make_float2((-3.0f + (k % 64) * 0.375f) / 16.0f, (-2.0f + (k / 64) * 0.8125f) / 8.0f);
            lod[k] = lods[k % 10];
        }
        float2* dp;
        float *dl, *dres;
        CHECK(hipMalloc((void**)&dp, n * sizeof(float2)));
        CHECK(hipMalloc((void**)&dl, n * sizeof(float)));
        CHECK(hipMalloc((void**)&dres, n * sizeof(float)));
        CHECK(hipMemcpy(dp, pts.data(), n * sizeof(float2), hipMemcpyHostToDevice));
        CHECK(hipMemcpy(dl, lod.data(), n * sizeof(float), hipMemcpyHostToDevice));
        // The host's tex2DLod of the chain, clamp, point filters within and between levels.
        auto nearest_level = [&](int k) {
            double c = lod[k] < 0 ? 0.0 : lod[k] > SL - 1 ? SL - 1 : lod[k];
            return lv[(int)std::floor(c + 0.5)].sample(pts[k].x, pts[k].y, 0, 1, false, true);
        };
        // A texture reference bound to the chain, by hipBindTextureToMipmappedArray and by
        // the driver API's hipTexRefSetMipmappedArray.
        chain_ref.normalized = 1;
        chain_ref.filterMode = hipFilterModePoint;
        chain_ref.mipmapFilterMode = hipFilterModePoint;
        for (int a = 0; a < 3; a++) chain_ref.addressMode[a] = hipAddressModeClamp;
        for (int how = 0; how < 2; how++) {
            if (how == 0) {
                CHECK(hipBindTextureToMipmappedArray(chain_ref, sm, f));
            } else {
                textureReference* r = &chain_ref;
                CHECK(hipTexRefSetMipmappedArray(r, sm, HIP_TRSA_OVERRIDE_FORMAT));
            }
            sample_lod_ref<<<n / 64, 64>>>(dp, dl, dres, n);
            CHECK(hipMemcpy(got.data(), dres, n * sizeof(float), hipMemcpyDeviceToHost));
            for (int k = 0; k < n; k++)
                if (!close(got[k], nearest_level(k), how ? "hipTexRefSetMipmappedArray" : "hipBindTextureToMipmappedArray", k))
                    return 1;
            CHECK(hipUnbindTexture(chain_ref));
        }
        hipResourceDesc rm;
        memset(&rm, 0, sizeof rm);
        rm.resType = hipResourceTypeMipmappedArray;
        rm.res.mipmap.mipmap = sm;
        for (int mode = 0; mode < 2; mode++)
            for (int filter = 0; filter < 2; filter++)
                for (int mipf = 0; mipf < 2; mipf++) {
                    hipTextureDesc tm;
                    memset(&tm, 0, sizeof tm);
                    for (int a = 0; a < 3; a++) tm.addressMode[a] = mode ? hipAddressModeWrap : hipAddressModeClamp;
                    tm.filterMode = (hipTextureFilterMode)filter;
                    tm.mipmapFilterMode = (hipTextureFilterMode)mipf;
                    tm.readMode = hipReadModeElementType;
                    tm.normalizedCoords = 1;
                    hipTextureObject_t tt;
                    CHECK(hipCreateTextureObject(&tt, &rm, &tm, nullptr));
                    sample_lod<<<n / 64, 64>>>(tt, dp, dl, dres, n);
                    CHECK(hipMemcpy(got.data(), dres, n * sizeof(float), hipMemcpyDeviceToHost));
                    char what[96];
                    snprintf(what, sizeof what, "tex2DLod, mode %d, filter %d, mip filter %d", mode, filter, mipf);
                    for (int k = 0; k < n; k++) {
                        // The LOD within the levels; point: the nearest level, linear: the two
                        // around it, weighted by its fraction.
                        double c = lod[k] < 0 ? 0.0 : lod[k] > SL - 1 ? SL - 1 : lod[k];
                        int l0 = mipf ? (int)std::floor(c) : (int)std::floor(c + 0.5);
                        int l1 = l0 + 1 < SL ? l0 + 1 : SL - 1;
                        double fr = mipf ? c - l0 : 0.0;
                        bool lin = filter == 1;
                        int m = mode ? 0 : 1;
                        double want = (1 - fr) * lv[l0].sample(pts[k].x, pts[k].y, 0, m, lin, true);
                        if (fr > 0) want += fr * lv[l1].sample(pts[k].x, pts[k].y, 0, m, lin, true);
                        if (!close(got[k], want, what, k)) return 1;
                    }
                    CHECK(hipDestroyTextureObject(tt));
                }
        CHECK(hipFreeMipmappedArray(sm));
        for (void* p : {(void*)dp, (void*)dl, (void*)dres}) CHECK(hipFree(p));
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
