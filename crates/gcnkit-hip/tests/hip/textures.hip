// Texture objects: tex1Dfetch on linear memory (float, uchar4), tex2D on arrays and pitched
// memory with point and linear filtering, clamp/wrap/mirror/border addressing, normalized
// and unnormalized coordinates, float and uchar4 (element type and normalized float)
// formats; arrays and their copies; the object's descriptors read back; a refused texture.
// Every sample is checked against the host's computation of the same sampling rules.
#include "check.h"
#include "sampling.h"
// hipMemcpyToArray/FromArray are deprecated in HIP 5.2 and still exported: tested here.
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
#include <cmath>
#include <cstring>
#include <vector>

// Texture references (the API before texture objects): device variables the runtime binds.
texture<float, 2, hipReadModeElementType> ref2d;
texture<float, 1, hipReadModeElementType> ref1d;

__global__ void sample_ref(const float2* xy, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D(ref2d, xy[i].x, xy[i].y);
}

__global__ void fetch_ref(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch(ref1d, i);
}

__global__ void fetch_f(hipTextureObject_t t, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(t, i);
}

__global__ void fetch_uc4(hipTextureObject_t t, uchar4* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<uchar4>(t, i);
}

__global__ void sample_f(hipTextureObject_t t, const float2* xy, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float>(t, xy[i].x, xy[i].y);
}

__global__ void sample_f4(hipTextureObject_t t, const float2* xy, float4* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float4>(t, xy[i].x, xy[i].y);
}

__global__ void sample_1d_f2(hipTextureObject_t t, const float2* xy, float2* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1D<float2>(t, xy[i].x);
}

__global__ void sample_3d(hipTextureObject_t t, const float4* p, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex3D<float>(t, p[i].x, p[i].y, p[i].z);
}

__global__ void sample_layered(hipTextureObject_t t, const float2* xy, float* out, int n, int layer) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2DLayered<float>(t, xy[i].x, xy[i].y, layer);
}

__global__ void sample_uc4(hipTextureObject_t t, const float2* xy, uchar4* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<uchar4>(t, xy[i].x, xy[i].y);
}

static hipTextureDesc tex_desc(int mode, int filter, int normalized, int read_mode) {
    hipTextureDesc d;
    memset(&d, 0, sizeof d);
    for (int k = 0; k < 3; k++) d.addressMode[k] = (hipTextureAddressMode)mode;
    d.filterMode = (hipTextureFilterMode)filter;
    d.readMode = (hipTextureReadMode)read_mode;
    d.normalizedCoords = normalized;
    return d;
}

int main() {
    // Programs ask before they use textures (ROCm's examples: "Texture functions are not
    // supported" when this is not 1); ROCm answers 1 on these GPUs.
    int images = 0;
    CHECK(hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, 0));
    if (images != 1) {
        printf("FAIL: hipDeviceAttributeImageSupport is %d\n", images);
        return 1;
    }
    const int n = 1024;
    // Sample points: 64 x 16 on grids whose texel-space fractions are multiples of 1/256
    // (the sampler's precision), reaching outside the image on every side.
    std::vector<float2> pts(n), npts(n);
    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 64; i++) {
            float x = -3.0f + i * 0.375f, y = -2.0f + j * 0.8125f;
            pts[j * 64 + i] = make_float2(x, y);
            npts[j * 64 + i] = make_float2(x / 16.0f, y / 8.0f);
        }
    float2 *dpts, *dnpts;
    float* dout;
    float4* dout4;
    uchar4* duc;
    CHECK(hipMalloc((void**)&dpts, n * sizeof(float2)));
    CHECK(hipMalloc((void**)&dnpts, n * sizeof(float2)));
    CHECK(hipMalloc((void**)&dout, n * sizeof(float)));
    CHECK(hipMalloc((void**)&dout4, n * sizeof(float4)));
    CHECK(hipMalloc((void**)&duc, n * sizeof(uchar4)));
    CHECK(hipMemcpy(dpts, pts.data(), n * sizeof(float2), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dnpts, npts.data(), n * sizeof(float2), hipMemcpyHostToDevice));
    std::vector<float> out(n);
    std::vector<float4> out4(n);
    std::vector<uchar4> outuc(n);

    // ---- A 16 x 8 float array, filled through a wider host pitch, read back ----
    const int W = 16, H = 8;
    Img fimg{W, H, 1, std::vector<double>(W * H)};
    std::vector<float> host(W * H), wide(24 * H, -1.0f), back(W * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float v = ((x * 3 + y * 37) % 101) * 0.25f - 7.0f;
            host[y * W + x] = v;
            wide[y * 24 + x] = v;
            fimg.v[y * W + x] = v;
        }
    hipChannelFormatDesc fdesc = hipCreateChannelDesc<float>();
    hipArray* farr;
    CHECK(hipMallocArray(&farr, &fdesc, W, H));
    CHECK(hipMemcpy2DToArray(farr, 0, 0, wide.data(), 24 * sizeof(float), W * sizeof(float), H,
                             hipMemcpyHostToDevice));
    CHECK(hipMemcpy2DFromArray(back.data(), W * sizeof(float), farr, 0, 0, W * sizeof(float), H,
                               hipMemcpyDeviceToHost));
    if (memcmp(back.data(), host.data(), W * H * sizeof(float)) != 0) {
        printf("FAIL: hipMemcpy2DFromArray gave other texels\n");
        return 1;
    }
    // Past the array's end: an error, not a write.
    if (hipMemcpy2DToArray(farr, 4, 0, wide.data(), 24 * sizeof(float), W * sizeof(float), H,
                           hipMemcpyHostToDevice) != hipErrorInvalidValue) {
        printf("FAIL: a copy past the array's rows was not refused\n");
        return 1;
    }
    hipChannelFormatDesc got_desc;
    CHECK(hipGetChannelDesc(&got_desc, farr));
    if (got_desc.x != 32 || got_desc.y != 0 || got_desc.f != hipChannelFormatKindFloat) {
        printf("FAIL: hipGetChannelDesc\n");
        return 1;
    }
    hipResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = hipResourceTypeArray;
    res.res.array.array = farr;

    // Every address mode and filter, normalized and not.
    const char* mode_names[4] = {"wrap", "clamp", "mirror", "border"};
    int cases = 0;
    for (int normalized = 0; normalized < 2; normalized++)
        for (int filter = 0; filter < 2; filter++)
            for (int mode = 0; mode < 4; mode++) {
                hipTextureDesc td = tex_desc(mode, filter, normalized, hipReadModeElementType);
                hipTextureObject_t t;
                CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
                hipLaunchKernelGGL(sample_f, dim3(n / 256), dim3(256), 0, 0, t, normalized ? dnpts : dpts, dout, n);
                CHECK(hipDeviceSynchronize());
                CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
                char what[96];
                snprintf(what, sizeof what, "float array, %s, %s, %s", mode_names[mode],
                         filter ? "linear" : "point", normalized ? "normalized" : "unnormalized");
                for (int k = 0; k < n; k++) {
                    const float2 p = normalized ? npts[k] : pts[k];
                    if (!close(out[k], fimg.sample(p.x, p.y, 0, mode, filter, normalized), what, k)) return 1;
                }
                if (mode == 1 && filter == 1 && normalized == 0) {
                    hipResourceDesc r2;
                    hipTextureDesc t2;
                    CHECK(hipGetTextureObjectResourceDesc(&r2, t));
                    CHECK(hipGetTextureObjectTextureDesc(&t2, t));
                    if (r2.resType != hipResourceTypeArray || r2.res.array.array != farr ||
                        t2.filterMode != hipFilterModeLinear || t2.addressMode[0] != hipAddressModeClamp) {
                        printf("FAIL: the texture object's descriptors read back differ\n");
                        return 1;
                    }
                }
                CHECK(hipDestroyTextureObject(t));
                cases++;
            }

    // ---- The driver API's array of the same floats, point sampled ----
    {
        HIP_ARRAY_DESCRIPTOR ad;
        ad.Width = W;
        ad.Height = H;
        ad.Format = HIP_AD_FORMAT_FLOAT;
        ad.NumChannels = 1;
        hipArray* darr;
        CHECK(hipArrayCreate(&darr, &ad));
        if (darr->Format != HIP_AD_FORMAT_FLOAT || darr->NumChannels != 1 || darr->width != W ||
            darr->height != H || darr->desc.x != 32 || darr->desc.f != hipChannelFormatKindFloat) {
            printf("FAIL: hipArrayCreate's array fields\n");
            return 1;
        }
        CHECK(hipMemcpy2DToArray(darr, 0, 0, host.data(), W * sizeof(float), W * sizeof(float), H,
                                 hipMemcpyHostToDevice));
        res.res.array.array = darr;
        hipTextureDesc td = tex_desc(hipAddressModeBorder, hipFilterModePoint, 0, hipReadModeElementType);
        hipTextureObject_t t;
        CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
        hipLaunchKernelGGL(sample_f, dim3(n / 256), dim3(256), 0, 0, t, dpts, dout, n);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++)
            if (!close(out[k], fimg.sample(pts[k].x, pts[k].y, 0, 3, false, false), "hipArrayCreate, border, point", k))
                return 1;
        CHECK(hipDestroyTextureObject(t));
        CHECK(hipArrayDestroy(darr));
        cases++;
    }

    // ---- A 16 x 8 uchar4 array: element type (integers) and normalized float ----
    Img cimg{W, H, 4, std::vector<double>(W * H * 4)}, nimg = cimg;
    std::vector<uchar4> chost(W * H);
    for (int k = 0; k < W * H; k++) {
        unsigned char c[4] = {(unsigned char)(k * 7), (unsigned char)(255 - k), (unsigned char)(k * k),
                              (unsigned char)(k % 3 * 100)};
        chost[k] = make_uchar4(c[0], c[1], c[2], c[3]);
        for (int ch = 0; ch < 4; ch++) {
            cimg.v[k * 4 + ch] = c[ch];
            nimg.v[k * 4 + ch] = c[ch] / 255.0;
        }
    }
    // Not hipCreateChannelDesc<uchar4>(): HIP 5.2's header gives it hipChannelFormatKindSigned
    // (an SNORM/SINT texture, on a GPU as here).
    hipChannelFormatDesc cdesc = hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned);
    hipArray* carr;
    CHECK(hipMallocArray(&carr, &cdesc, W, H));
    CHECK(hipMemcpyToArray(carr, 0, 0, chost.data(), W * H * sizeof(uchar4), hipMemcpyHostToDevice));
    std::vector<uchar4> cback(W * H);
    CHECK(hipMemcpyFromArray(cback.data(), carr, 0, 0, W * H * sizeof(uchar4), hipMemcpyDeviceToHost));
    if (memcmp(cback.data(), chost.data(), W * H * sizeof(uchar4)) != 0) {
        printf("FAIL: hipMemcpyFromArray gave other texels\n");
        return 1;
    }
    res.res.array.array = carr;
    {
        hipTextureDesc td = tex_desc(hipAddressModeWrap, hipFilterModePoint, 1, hipReadModeElementType);
        hipTextureObject_t t;
        CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
        hipLaunchKernelGGL(sample_uc4, dim3(n / 256), dim3(256), 0, 0, t, dnpts, duc, n);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(outuc.data(), duc, n * sizeof(uchar4), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++) {
            const unsigned char* g = &outuc[k].x;
            for (int ch = 0; ch < 4; ch++)
                if (!close(g[ch], cimg.sample(npts[k].x, npts[k].y, ch, 0, false, true), "uchar4 array, wrap, point", k))
                    return 1;
        }
        CHECK(hipDestroyTextureObject(t));
        cases++;
    }
    for (int mode = 0; mode < 4; mode += 3) {
        hipTextureDesc td = tex_desc(mode, hipFilterModeLinear, 1, hipReadModeNormalizedFloat);
        hipTextureObject_t t;
        CHECK(hipCreateTextureObject(&t, &res, &td, nullptr));
        hipLaunchKernelGGL(sample_f4, dim3(n / 256), dim3(256), 0, 0, t, dnpts, dout4, n);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out4.data(), dout4, n * sizeof(float4), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++) {
            const float* g = &out4[k].x;
            for (int ch = 0; ch < 4; ch++)
                if (!close(g[ch], nimg.sample(npts[k].x, npts[k].y, ch, mode, true, true),
                           mode ? "uchar4 normalized float, border, linear" : "uchar4 normalized float, wrap, linear", k))
                    return 1;
        }
        CHECK(hipDestroyTextureObject(t));
        cases++;
    }

    // ---- A 1D array of 16 float2 (two channels), every mode, linear, normalized ----
    {
        Img img1{W, 1, 2, std::vector<double>(W * 2)};
        std::vector<float2> h1(W);
        for (int x = 0; x < W; x++) {
            h1[x] = make_float2(x * x * 0.5f, 10.0f - x);
            img1.v[2 * x] = h1[x].x;
            img1.v[2 * x + 1] = h1[x].y;
        }
        hipChannelFormatDesc d2 = hipCreateChannelDesc<float2>();
        hipArray* a1;
        CHECK(hipMallocArray(&a1, &d2, W));
        CHECK(hipMemcpyToArray(a1, 0, 0, h1.data(), W * sizeof(float2), hipMemcpyHostToDevice));
        hipResourceDesc r1;
        memset(&r1, 0, sizeof r1);
        r1.resType = hipResourceTypeArray;
        r1.res.array.array = a1;
        float2* d1;
        CHECK(hipMalloc((void**)&d1, n * sizeof(float2)));
        std::vector<float2> o1(n);
        for (int mode = 0; mode < 4; mode++) {
            hipTextureDesc td = tex_desc(mode, hipFilterModeLinear, 1, hipReadModeElementType);
            hipTextureObject_t t;
            CHECK(hipCreateTextureObject(&t, &r1, &td, nullptr));
            hipLaunchKernelGGL(sample_1d_f2, dim3(n / 256), dim3(256), 0, 0, t, dnpts, d1, n);
            CHECK(hipDeviceSynchronize());
            CHECK(hipMemcpy(o1.data(), d1, n * sizeof(float2), hipMemcpyDeviceToHost));
            for (int k = 0; k < n; k++)
                for (int ch = 0; ch < 2; ch++)
                    // One row: the sample's y is that of the row's middle.
                    if (!close(ch ? o1[k].y : o1[k].x, img1.sample(npts[k].x, 0.5f, ch, mode, true, true),
                               "1D float2 array, linear, normalized", k))
                        return 1;
            CHECK(hipDestroyTextureObject(t));
            cases++;
        }
        CHECK(hipFree(d1));
        CHECK(hipFreeArray(a1));
    }

    // ---- The driver API's texture object: the uchar4 array read as normalized floats (no
    // HIP_TRSF_READ_AS_INTEGER), normalized coordinates, clamp, linear ----
    {
        HIP_RESOURCE_DESC dr;
        memset(&dr, 0, sizeof dr);
        dr.resType = HIP_RESOURCE_TYPE_ARRAY;
        dr.res.array.hArray = carr;
        HIP_TEXTURE_DESC dt;
        memset(&dt, 0, sizeof dt);
        for (int k = 0; k < 3; k++) dt.addressMode[k] = HIP_TR_ADDRESS_MODE_CLAMP;
        dt.filterMode = HIP_TR_FILTER_MODE_LINEAR;
        dt.flags = HIP_TRSF_NORMALIZED_COORDINATES;
        hipTextureObject_t t;
        CHECK(hipTexObjectCreate(&t, &dr, &dt, nullptr));
        hipLaunchKernelGGL(sample_f4, dim3(n / 256), dim3(256), 0, 0, t, dnpts, dout4, n);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out4.data(), dout4, n * sizeof(float4), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++) {
            const float* g = &out4[k].x;
            for (int ch = 0; ch < 4; ch++)
                if (!close(g[ch], nimg.sample(npts[k].x, npts[k].y, ch, 1, true, true), "hipTexObjectCreate, clamp, linear", k))
                    return 1;
        }
        CHECK(hipTexObjectDestroy(t));
        cases++;
    }

    // ---- A 3D array (8 x 4 x 4 floats) through hipMemcpy3D, clamp, point and linear ----
    {
        const int X = 8, Y = 4, Z = 4;
        std::vector<float> vol(X * Y * Z), vback(X * Y * Z);
        for (int k = 0; k < X * Y * Z; k++) vol[k] = (k * 13 % 29) * 0.5f;
        hipArray* a3;
        CHECK(hipMalloc3DArray(&a3, &fdesc, make_hipExtent(X, Y, Z), 0));
        hipMemcpy3DParms cp;
        memset(&cp, 0, sizeof cp);
        cp.srcPtr = make_hipPitchedPtr(vol.data(), X * sizeof(float), X, Y);
        cp.dstArray = a3;
        cp.extent = make_hipExtent(X, Y, Z);
        cp.kind = hipMemcpyHostToDevice;
        CHECK(hipMemcpy3D(&cp));
        memset(&cp, 0, sizeof cp);
        cp.srcArray = a3;
        cp.dstPtr = make_hipPitchedPtr(vback.data(), X * sizeof(float), X, Y);
        cp.extent = make_hipExtent(X, Y, Z);
        cp.kind = hipMemcpyDeviceToHost;
        CHECK(hipMemcpy3D(&cp));
        if (memcmp(vol.data(), vback.data(), vol.size() * sizeof(float)) != 0) {
            printf("FAIL: hipMemcpy3D to and from a 3D array\n");
            return 1;
        }
        {
            // The driver API's 3D array: a box of it written and read back.
            HIP_ARRAY3D_DESCRIPTOR d3;
            memset(&d3, 0, sizeof d3);
            d3.Width = X;
            d3.Height = Y;
            d3.Depth = Z;
            d3.Format = HIP_AD_FORMAT_FLOAT;
            d3.NumChannels = 1;
            hipArray* b3;
            CHECK(hipArray3DCreate(&b3, &d3));
            if (b3->depth != Z || b3->textureType != hipTextureType3D) {
                printf("FAIL: hipArray3DCreate's fields\n");
                return 1;
            }
            std::vector<float> box(3 * 2 * 2, 0.0f);
            memset(&cp, 0, sizeof cp);
            cp.srcPtr = make_hipPitchedPtr(vol.data(), X * sizeof(float), X, Y);
            cp.srcPos = make_hipPos(4 * sizeof(float), 1, 1);
            cp.dstArray = b3;
            cp.dstPos = make_hipPos(2, 1, 2);  // in texels on an array's side
            cp.extent = make_hipExtent(3, 2, 2);
            cp.kind = hipMemcpyHostToDevice;
            CHECK(hipMemcpy3D(&cp));
            memset(&cp, 0, sizeof cp);
            cp.srcArray = b3;
            cp.srcPos = make_hipPos(2, 1, 2);
            cp.dstPtr = make_hipPitchedPtr(box.data(), 3 * sizeof(float), 3, 2);
            cp.extent = make_hipExtent(3, 2, 2);
            cp.kind = hipMemcpyDeviceToHost;
            CHECK(hipMemcpy3D(&cp));
            for (int z = 0; z < 2; z++)
                for (int y = 0; y < 2; y++)
                    for (int x = 0; x < 3; x++)
                        if (box[(z * 2 + y) * 3 + x] != vol[((1 + z) * Y + 1 + y) * X + 4 + x]) {
                            printf("FAIL: a box through hipArray3DCreate's array at (%d,%d,%d)\n", x, y, z);
                            return 1;
                        }
            CHECK(hipArrayDestroy(b3));
        }
        std::vector<float4> p3(n);
        for (int k = 0; k < n; k++)
            p3[k] = make_float4(-1.0f + (k % 16) * 0.625f, -1.0f + (k / 16 % 8) * 0.75f, -1.0f + (k / 128) * 0.75f, 0.0f);
        float4* dp3;
        CHECK(hipMalloc((void**)&dp3, n * sizeof(float4)));
        CHECK(hipMemcpy(dp3, p3.data(), n * sizeof(float4), hipMemcpyHostToDevice));
        hipResourceDesc r3;
        memset(&r3, 0, sizeof r3);
        r3.resType = hipResourceTypeArray;
        r3.res.array.array = a3;
        auto at = [&](int x, int y, int z) {
            x = x < 0 ? 0 : x >= X ? X - 1 : x;
            y = y < 0 ? 0 : y >= Y ? Y - 1 : y;
            z = z < 0 ? 0 : z >= Z ? Z - 1 : z;
            return (double)vol[(z * Y + y) * X + x];
        };
        for (int filter = 0; filter < 2; filter++) {
            hipTextureDesc td = tex_desc(hipAddressModeClamp, filter, 0, hipReadModeElementType);
            hipTextureObject_t t;
            CHECK(hipCreateTextureObject(&t, &r3, &td, nullptr));
            hipLaunchKernelGGL(sample_3d, dim3(n / 256), dim3(256), 0, 0, t, dp3, dout, n);
            CHECK(hipDeviceSynchronize());
            CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
            for (int k = 0; k < n; k++) {
                double u = p3[k].x, v = p3[k].y, w = p3[k].z, want;
                if (!filter) {
                    want = at((int)std::floor(u), (int)std::floor(v), (int)std::floor(w));
                } else {
                    u -= 0.5;
                    v -= 0.5;
                    w -= 0.5;
                    int i = (int)std::floor(u), j = (int)std::floor(v), l = (int)std::floor(w);
                    double a = u - i, b = v - j, c = w - l;
                    want = 0;
                    for (int dz = 0; dz < 2; dz++)
                        for (int dy = 0; dy < 2; dy++)
                            for (int dx = 0; dx < 2; dx++)
                                want += (dx ? a : 1 - a) * (dy ? b : 1 - b) * (dz ? c : 1 - c) * at(i + dx, j + dy, l + dz);
                }
                if (!close(out[k], want, filter ? "3D array, clamp, linear" : "3D array, clamp, point", k)) return 1;
            }
            CHECK(hipDestroyTextureObject(t));
            cases++;
        }
        CHECK(hipFree(dp3));
        CHECK(hipFreeArray(a3));
    }

    // ---- A layered array: 3 layers of 16 x 8 floats (each the float image scaled by its
    // layer + 1), mirror, linear, normalized ----
    {
        const int L = 3;
        std::vector<float> lay(W * H * L);
        for (int l = 0; l < L; l++)
            for (int k = 0; k < W * H; k++) lay[l * W * H + k] = host[k] * (l + 1);
        hipArray* al;
        CHECK(hipMalloc3DArray(&al, &fdesc, make_hipExtent(W, H, L), hipArrayLayered));
        hipMemcpy3DParms cp;
        memset(&cp, 0, sizeof cp);
        cp.srcPtr = make_hipPitchedPtr(lay.data(), W * sizeof(float), W, H);
        cp.dstArray = al;
        cp.extent = make_hipExtent(W, H, L);
        cp.kind = hipMemcpyHostToDevice;
        CHECK(hipMemcpy3D(&cp));
        hipResourceDesc rl;
        memset(&rl, 0, sizeof rl);
        rl.resType = hipResourceTypeArray;
        rl.res.array.array = al;
        hipTextureDesc td = tex_desc(hipAddressModeMirror, hipFilterModeLinear, 1, hipReadModeElementType);
        hipTextureObject_t t;
        CHECK(hipCreateTextureObject(&t, &rl, &td, nullptr));
        for (int l = 0; l < L; l++) {
            hipLaunchKernelGGL(sample_layered, dim3(n / 256), dim3(256), 0, 0, t, dnpts, dout, n, l);
            CHECK(hipDeviceSynchronize());
            CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
            for (int k = 0; k < n; k++)
                if (!close(out[k], (l + 1) * fimg.sample(npts[k].x, npts[k].y, 0, 2, true, true), "layered array, mirror, linear", k))
                    return 1;
        }
        CHECK(hipDestroyTextureObject(t));
        CHECK(hipFreeArray(al));
        cases++;
    }

    // ---- Pitched memory (hipResourceTypePitch2D) ----
    {
        float* pitched;
        size_t pitch;
        CHECK(hipMallocPitch((void**)&pitched, &pitch, W * sizeof(float), H));
        CHECK(hipMemcpy2D(pitched, pitch, host.data(), W * sizeof(float), W * sizeof(float), H, hipMemcpyHostToDevice));
        hipResourceDesc pr;
        memset(&pr, 0, sizeof pr);
        pr.resType = hipResourceTypePitch2D;
        pr.res.pitch2D.devPtr = pitched;
        pr.res.pitch2D.desc = fdesc;
        pr.res.pitch2D.width = W;
        pr.res.pitch2D.height = H;
        pr.res.pitch2D.pitchInBytes = pitch;
        hipTextureDesc td = tex_desc(hipAddressModeClamp, hipFilterModeLinear, 0, hipReadModeElementType);
        hipTextureObject_t t;
        CHECK(hipCreateTextureObject(&t, &pr, &td, nullptr));
        hipLaunchKernelGGL(sample_f, dim3(n / 256), dim3(256), 0, 0, t, dpts, dout, n);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++)
            if (!close(out[k], fimg.sample(pts[k].x, pts[k].y, 0, 1, true, false), "pitch2D, clamp, linear", k)) return 1;
        CHECK(hipDestroyTextureObject(t));
        CHECK(hipFree(pitched));
        cases++;
    }

    // ---- Linear memory: tex1Dfetch of floats and uchar4, past the end reads zero ----
    {
        const int m = 1000, fetched = 1024;
        std::vector<float> lin(m);
        std::vector<uchar4> linc(m);
        for (int i = 0; i < m; i++) {
            lin[i] = i * 1.5f - 100.0f;
            linc[i] = make_uchar4(i, i >> 2, 255 - i % 256, 7);
        }
        float* dlin;
        uchar4* dlinc;
        CHECK(hipMalloc((void**)&dlin, m * sizeof(float)));
        CHECK(hipMalloc((void**)&dlinc, m * sizeof(uchar4)));
        CHECK(hipMemcpy(dlin, lin.data(), m * sizeof(float), hipMemcpyHostToDevice));
        CHECK(hipMemcpy(dlinc, linc.data(), m * sizeof(uchar4), hipMemcpyHostToDevice));
        hipResourceDesc lr;
        memset(&lr, 0, sizeof lr);
        lr.resType = hipResourceTypeLinear;
        lr.res.linear.devPtr = dlin;
        lr.res.linear.desc = fdesc;
        lr.res.linear.sizeInBytes = m * sizeof(float);
        hipTextureDesc td = tex_desc(hipAddressModeClamp, hipFilterModePoint, 0, hipReadModeElementType);
        hipTextureObject_t t, tc;
        CHECK(hipCreateTextureObject(&t, &lr, &td, nullptr));
        lr.res.linear.devPtr = dlinc;
        lr.res.linear.desc = cdesc;
        lr.res.linear.sizeInBytes = m * sizeof(uchar4);
        CHECK(hipCreateTextureObject(&tc, &lr, &td, nullptr));
        hipLaunchKernelGGL(fetch_f, dim3(fetched / 256), dim3(256), 0, 0, t, dout, fetched);
        hipLaunchKernelGGL(fetch_uc4, dim3(fetched / 256), dim3(256), 0, 0, tc, duc, fetched);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out.data(), dout, fetched * sizeof(float), hipMemcpyDeviceToHost));
        CHECK(hipMemcpy(outuc.data(), duc, fetched * sizeof(uchar4), hipMemcpyDeviceToHost));
        for (int i = 0; i < fetched; i++) {
            float want = i < m ? lin[i] : 0.0f;
            uchar4 wc = i < m ? linc[i] : make_uchar4(0, 0, 0, 0);
            if (out[i] != want || outuc[i].x != wc.x || outuc[i].y != wc.y || outuc[i].z != wc.z || outuc[i].w != wc.w) {
                printf("FAIL: tex1Dfetch %d: got %g (%d %d %d %d), want %g (%d %d %d %d)\n", i, out[i], outuc[i].x,
                       outuc[i].y, outuc[i].z, outuc[i].w, want, wc.x, wc.y, wc.z, wc.w);
                return 1;
            }
        }
        CHECK(hipDestroyTextureObject(t));
        CHECK(hipDestroyTextureObject(tc));
        // A texture ROCm 5.2 refuses too: anisotropic filtering.
        td.maxAnisotropy = 4;
        if (hipCreateTextureObject(&t, &lr, &td, nullptr) != hipErrorNotSupported) {
            printf("FAIL: an anisotropic texture was not refused\n");
            return 1;
        }
        // Unaligned linear memory is refused (textureAlignment 256).
        td.maxAnisotropy = 0;
        lr.res.linear.devPtr = (char*)dlinc + 4;
        lr.res.linear.sizeInBytes = 64;
        if (hipCreateTextureObject(&t, &lr, &td, nullptr) != hipErrorInvalidValue) {
            printf("FAIL: unaligned linear memory was not refused\n");
            return 1;
        }
        CHECK(hipFree(dlin));
        CHECK(hipFree(dlinc));
        cases++;
    }
    // ---- Texture references: a 2D one bound to the float array (linear, normalized, wrap),
    // a 1D one to linear memory; rebinding replaces the object; unbinding ----
    {
        ref2d.filterMode = hipFilterModeLinear;
        ref2d.normalized = 1;
        for (int k = 0; k < 3; k++) ref2d.addressMode[k] = hipAddressModeWrap;
        CHECK(hipBindTextureToArray(ref2d, farr));
        hipLaunchKernelGGL(sample_ref, dim3(n / 256), dim3(256), 0, 0, dnpts, dout, n);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++)
            if (!close(out[k], fimg.sample(npts[k].x, npts[k].y, 0, 0, true, true), "texture reference, wrap, linear", k))
                return 1;
        ref2d.filterMode = hipFilterModePoint;
        for (int k = 0; k < 3; k++) ref2d.addressMode[k] = hipAddressModeMirror;
        CHECK(hipBindTextureToArray(ref2d, farr));
        hipLaunchKernelGGL(sample_ref, dim3(n / 256), dim3(256), 0, 0, dnpts, dout, n);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++)
            if (!close(out[k], fimg.sample(npts[k].x, npts[k].y, 0, 2, false, true), "texture reference, mirror, point", k))
                return 1;
        // hipBindTexture2D: pitched memory, clamp, point, unnormalized.
        {
            float* pm;
            size_t pitch;
            CHECK(hipMallocPitch((void**)&pm, &pitch, W * sizeof(float), H));
            CHECK(hipMemcpy2D(pm, pitch, host.data(), W * sizeof(float), W * sizeof(float), H, hipMemcpyHostToDevice));
            ref2d.normalized = 0;
            for (int k = 0; k < 3; k++) ref2d.addressMode[k] = hipAddressModeClamp;
            size_t off2 = 1;
            CHECK(hipBindTexture2D(&off2, ref2d, pm, fdesc, W, H, pitch));
            hipLaunchKernelGGL(sample_ref, dim3(n / 256), dim3(256), 0, 0, dpts, dout, n);
            CHECK(hipDeviceSynchronize());
            CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
            for (int k = 0; k < n; k++)
                if (off2 != 0 || !close(out[k], fimg.sample(pts[k].x, pts[k].y, 0, 1, false, false), "hipBindTexture2D, clamp, point", k))
                    return 1;
            CHECK(hipUnbindTexture(ref2d));
            CHECK(hipFree(pm));
            cases++;
        }
        float* dl;
        CHECK(hipMalloc((void**)&dl, W * H * sizeof(float)));
        CHECK(hipMemcpy(dl, host.data(), W * H * sizeof(float), hipMemcpyHostToDevice));
        size_t off = 1;
        CHECK(hipBindTexture(&off, ref1d, dl, W * H * sizeof(float)));
        hipLaunchKernelGGL(fetch_ref, dim3(1), dim3(256), 0, 0, dout, 256);
        CHECK(hipDeviceSynchronize());
        CHECK(hipMemcpy(out.data(), dout, 256 * sizeof(float), hipMemcpyDeviceToHost));
        for (int i = 0; i < 256; i++)
            if (out[i] != (i < W * H ? host[i] : 0.0f) || off != 0) {
                printf("FAIL: tex1Dfetch of a texture reference %d: got %g (offset %zu)\n", i, out[i], off);
                return 1;
            }
        CHECK(hipUnbindTexture(ref1d));
        CHECK(hipFree(dl));
        cases += 3;
    }

    CHECK(hipFreeArray(farr));
    CHECK(hipFreeArray(carr));
    if (hipFreeArray(farr) != hipErrorInvalidValue) {
        printf("FAIL: freeing an array twice was not refused\n");
        return 1;
    }
    printf("%d textures, %d samples each\n", cases, n);
    printf("PASS textures\n");
    return 0;
}
