// The driver API's textures: a module's texture references (argv[1], from
// texref_kernels.hip) found by hipModuleGetTexRef, set and read back with hipTexRefSet*/Get*,
// bound to an array (every addressing mode and filter, normalized and not), to linear memory
// at an unaligned address and to pitched memory, each sample checked against the host's; the
// program's own texture<> found by hipGetTextureReference and bound the same way; driver
// texture objects' descriptors read back (hipTexObjectGet*Desc, resource views); arrays
// copied with hipMemcpyHtoA/AtoH, the 2D stream and per-thread forms and a captured 2D copy.
// Misuse gets HIP's errors.
#include "check.h"
#include "sampling.h"
// The driver API's texture reference calls are deprecated in HIP 5.2 and still exported.
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
#include <cstring>
#include <vector>

texture<float, 1, hipReadModeElementType> own1d;

__global__ void fetch_own(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch(own1d, i);
}

#define EXPECT(cond, ...)                \
    do {                                 \
        if (!(cond)) {                   \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                \
            return 1;                    \
        }                                \
    } while (0)

static hipError_t launch(hipFunction_t f, int n, void** args) {
    return hipModuleLaunchKernel(f, (n + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
}

int main(int argc, char** argv) {
    EXPECT(argc >= 2, "usage: driver_textures KERNELS.co");
    hipModule_t m;
    hipFunction_t sample2d, fetch1d;
    CHECK(hipModuleLoad(&m, argv[1]));
    CHECK(hipModuleGetFunction(&sample2d, m, "sample2d"));
    CHECK(hipModuleGetFunction(&fetch1d, m, "fetch1d"));

    // ---- The module's references, their defaults, setters and getters ----
    textureReference *ref2, *ref1, *none;
    CHECK(hipModuleGetTexRef(&ref2, m, "tex2d"));
    CHECK(hipModuleGetTexRef(&ref1, m, "tex1d"));
    EXPECT(hipModuleGetTexRef(&none, m, "nothing") == hipErrorNotFound, "an unknown name was found");
    EXPECT(hipModuleGetTexRef(&none, m, "not_a_texture") == hipErrorNotFound, "an int was a texture reference");
    EXPECT(hipModuleGetTexRef(nullptr, m, "tex2d") == hipErrorInvalidValue, "a null out-pointer was taken");
    unsigned flags = 99;
    hipTextureFilterMode fm;
    hipTextureAddressMode am;
    CHECK(hipTexRefGetFlags(&flags, ref2));
    CHECK(hipTexRefGetFilterMode(&fm, ref2));
    CHECK(hipTexRefGetAddressMode(&am, ref2, 1));
    EXPECT(flags == 0 && fm == hipFilterModePoint && am == hipAddressModeClamp,
           "defaults: flags %u, filter %d, address mode %d", flags, (int)fm, (int)am);
    CHECK(hipTexRefSetFormat(ref2, HIP_AD_FORMAT_FLOAT, 1));
    hipArray_Format fmt;
    int nch = 0;
    CHECK(hipTexRefGetFormat(&fmt, &nch, ref2));
    EXPECT(fmt == HIP_AD_FORMAT_FLOAT && nch == 1, "hipTexRefGetFormat: %d x %d", (int)fmt, nch);
    CHECK(hipTexRefSetMaxAnisotropy(ref2, 4));
    CHECK(hipTexRefSetMipmapFilterMode(ref2, hipFilterModeLinear));
    CHECK(hipTexRefSetMipmapLevelBias(ref2, 0.5f));
    CHECK(hipTexRefSetMipmapLevelClamp(ref2, 1.0f, 3.0f));
    int aniso = 0;
    float bias = 0, lo = 0, hi = 0;
    CHECK(hipTexRefGetMaxAnisotropy(&aniso, ref2));
    CHECK(hipTexRefGetMipmapFilterMode(&fm, ref2));
    CHECK(hipTexRefGetMipmapLevelBias(&bias, ref2));
    CHECK(hipTexRefGetMipmapLevelClamp(&lo, &hi, ref2));
    EXPECT(aniso == 4 && fm == hipFilterModeLinear && bias == 0.5f && lo == 1.0f && hi == 3.0f,
           "mipmap settings read back: %d %d %g %g %g", aniso, (int)fm, bias, lo, hi);
    float border[4] = {1, 2, 3, 4};
    CHECK(hipTexRefSetBorderColor(ref2, border));
    EXPECT(hipTexRefSetAddressMode(ref2, 3, hipAddressModeWrap) == hipErrorInvalidValue, "axis 3 was taken");
    EXPECT(hipTexRefGetAddressMode(&am, ref2, 2) == hipErrorInvalidValue, "axis 2 was answered (ROCm 5.2 answers 0 and 1)");
    EXPECT(hipTexRefSetFilterMode(nullptr, hipFilterModePoint) == hipErrorInvalidValue, "a null reference was taken");

    // ---- A 16 x 8 float array: copies in and out ----
    const int W = 16, H = 8, n = 1024;
    Img img{W, H, 1, std::vector<double>(W * H)};
    std::vector<float> host(W * H), back(W * H, -1.0f);
    for (int k = 0; k < W * H; k++) {
        host[k] = ((k % W) * 5 + (k / W) * 29) % 97 * 0.25f - 9.0f;
        img.v[k] = host[k];
    }
    HIP_ARRAY_DESCRIPTOR ad = {W, H, HIP_AD_FORMAT_FLOAT, 1};
    hipArray* arr;
    CHECK(hipArrayCreate(&arr, &ad));
    // Row 0 by hipMemcpyHtoA (in two pieces), rows 1-4 by the stream form, 5-7 by the
    // per-thread form; read back by hipMemcpyAtoH, hipMemcpy2DFromArrayAsync and _spt.
    CHECK(hipMemcpyHtoA(arr, 0, host.data(), 6 * sizeof(float)));
    CHECK(hipMemcpyHtoA(arr, 6 * sizeof(float), host.data() + 6, (W - 6) * sizeof(float)));
    hipStream_t s;
    CHECK(hipStreamCreate(&s));
    CHECK(hipMemcpy2DToArrayAsync(arr, 0, 1, host.data() + W, W * sizeof(float), W * sizeof(float), 4,
                                  hipMemcpyHostToDevice, s));
    CHECK(hipMemcpy2DToArray_spt(arr, 0, 5, host.data() + 5 * W, W * sizeof(float), W * sizeof(float), 3,
                                 hipMemcpyHostToDevice));
    CHECK(hipMemcpyAtoH(back.data(), arr, 0, W * sizeof(float)));
    CHECK(hipMemcpy2DFromArrayAsync(back.data() + W, W * sizeof(float), arr, 0, 1, W * sizeof(float), 4,
                                    hipMemcpyDeviceToHost, s));
    CHECK(hipStreamSynchronize(s));
    CHECK(hipMemcpy2DFromArray_spt(back.data() + 5 * W, W * sizeof(float), arr, 0, 5, W * sizeof(float), 3,
                                   hipMemcpyDeviceToHost));
    EXPECT(memcmp(back.data(), host.data(), W * H * sizeof(float)) == 0, "the array's copies gave other texels");
    EXPECT(hipMemcpyHtoA(arr, 8, host.data(), W * sizeof(float)) == hipErrorInvalidValue,
           "hipMemcpyHtoA past the first row was taken");
    EXPECT(hipMemcpyAtoH(back.data(), nullptr, 0, 4) == hipErrorInvalidValue, "hipMemcpyAtoH of no array");
    // A captured 2D copy to the array: nothing copied before the graph is launched.
    std::vector<float> zero(W * H, 0.0f), twice(W * H);
    for (int k = 0; k < W * H; k++) twice[k] = 2 * host[k];
    hipArray* arr2;
    CHECK(hipArrayCreate(&arr2, &ad));
    CHECK(hipMemcpy2DToArray(arr2, 0, 0, zero.data(), W * sizeof(float), W * sizeof(float), H, hipMemcpyHostToDevice));
    hipGraph_t g;
    hipGraphExec_t ge;
    CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
    CHECK(hipMemcpy2DToArrayAsync(arr2, 4 * sizeof(float), 2, twice.data() + 2 * W + 4, W * sizeof(float),
                                  8 * sizeof(float), 3, hipMemcpyHostToDevice, s));
    CHECK(hipStreamEndCapture(s, &g));
    CHECK(hipMemcpy2DFromArray(back.data(), W * sizeof(float), arr2, 0, 0, W * sizeof(float), H, hipMemcpyDeviceToHost));
    EXPECT(memcmp(back.data(), zero.data(), W * H * sizeof(float)) == 0, "a captured copy ran before its graph");
    CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
    CHECK(hipGraphLaunch(ge, s));
    CHECK(hipStreamSynchronize(s));
    CHECK(hipMemcpy2DFromArray(back.data(), W * sizeof(float), arr2, 0, 0, W * sizeof(float), H, hipMemcpyDeviceToHost));
    for (int k = 0; k < W * H; k++) {
        int x = k % W, y = k / W;
        float want = x >= 4 && x < 12 && y >= 2 && y < 5 ? twice[k] : 0.0f;
        EXPECT(back[k] == want, "captured hipMemcpy2DToArrayAsync: texel %d is %g, not %g", k, back[k], want);
    }
    CHECK(hipGraphExecDestroy(ge));
    CHECK(hipGraphDestroy(g));

    // ---- tex2d bound to the array: every mode and filter, normalized and not ----
    std::vector<float2> pts(n), npts(n);
    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 64; i++) {
            float x = -3.0f + i * 0.375f, y = -2.0f + j * 0.8125f;
            pts[j * 64 + i] = make_float2(x, y);
            npts[j * 64 + i] = make_float2(x / 16.0f, y / 8.0f);
        }
    float2 *dpts, *dnpts;
    float* dout;
    CHECK(hipMalloc((void**)&dpts, n * sizeof(float2)));
    CHECK(hipMalloc((void**)&dnpts, n * sizeof(float2)));
    CHECK(hipMalloc((void**)&dout, n * sizeof(float)));
    CHECK(hipMemcpy(dpts, pts.data(), n * sizeof(float2), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dnpts, npts.data(), n * sizeof(float2), hipMemcpyHostToDevice));
    std::vector<float> out(n);
    // Back to no anisotropy and no mipmap settings (textures refuse them, as ROCm 5.2's).
    CHECK(hipTexRefSetMaxAnisotropy(ref2, 0));
    CHECK(hipTexRefSetMipmapLevelBias(ref2, 0));
    CHECK(hipTexRefSetMipmapLevelClamp(ref2, 0, 0));
    EXPECT(hipTexRefSetArray(ref2, arr, 0) == hipErrorInvalidValue, "flags 0 were taken (ROCm 5.2 asks for HIP_TRSA_OVERRIDE_FORMAT)");
    void* ignored;
    int cases = 0;
    for (int normalized = 0; normalized < 2; normalized++)
        for (int filter = 0; filter < 2; filter++)
            for (int mode = 0; mode < 4; mode++) {
                for (int axis = 0; axis < 3; axis++) CHECK(hipTexRefSetAddressMode(ref2, axis, (hipTextureAddressMode)mode));
                CHECK(hipTexRefSetFilterMode(ref2, (hipTextureFilterMode)filter));
                CHECK(hipTexRefSetFlags(ref2, normalized ? HIP_TRSF_NORMALIZED_COORDINATES : 0));
                CHECK(hipTexRefSetArray(ref2, arr, HIP_TRSA_OVERRIDE_FORMAT));
                unsigned f = 0;
                CHECK(hipTexRefGetFlags(&f, ref2));
                EXPECT(f == (normalized ? HIP_TRSF_NORMALIZED_COORDINATES : 0u), "flags %u read back", f);
                EXPECT(hipTexRefGetAddress(&ignored, ref2) == hipErrorInvalidValue, "the address of an array");
                int count = n;
                void* args[] = {normalized ? &dnpts : &dpts, &dout, &count};
                CHECK(launch(sample2d, n, args));
                CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
                const std::vector<float2>& p = normalized ? npts : pts;
                char what[64];
                snprintf(what, sizeof what, "module tex2d, mode %d, filter %d, normalized %d", mode, filter, normalized);
                for (int k = 0; k < n; k++)
                    if (!close(out[k], img.sample(p[k].x, p[k].y, 0, mode, filter, normalized), what, k)) return 1;
                cases++;
            }

    // ---- tex2d bound to pitched memory (clamp, point, unnormalized) ----
    for (int axis = 0; axis < 3; axis++) CHECK(hipTexRefSetAddressMode(ref2, axis, hipAddressModeClamp));
    CHECK(hipTexRefSetFilterMode(ref2, hipFilterModePoint));
    CHECK(hipTexRefSetFlags(ref2, 0));
    float* pm;
    size_t pitch;
    CHECK(hipMallocPitch((void**)&pm, &pitch, W * sizeof(float), H));
    CHECK(hipMemcpy2D(pm, pitch, host.data(), W * sizeof(float), W * sizeof(float), H, hipMemcpyHostToDevice));
    CHECK(hipTexRefSetAddress2D(ref2, &ad, pm, pitch));
    void* got = nullptr;
    CHECK(hipTexRefGetAddress(&got, ref2));
    EXPECT(got == pm, "hipTexRefGetAddress of pitched memory");
    {
        int count = n;
        void* args[] = {&dpts, &dout, &count};
        CHECK(launch(sample2d, n, args));
        CHECK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
        for (int k = 0; k < n; k++)
            if (!close(out[k], img.sample(pts[k].x, pts[k].y, 0, 1, false, false), "module tex2d, pitched", k)) return 1;
        cases++;
    }

    // ---- tex1d bound to linear memory at an unaligned address: the texture starts at the
    // aligned address below it, the offset says where ----
    const int L = 512;
    std::vector<float> lin(L + 64);
    for (int k = 0; k < L + 64; k++) lin[k] = k * 0.5f - 33.0f;
    float* dl;
    CHECK(hipMalloc((void**)&dl, (L + 64) * sizeof(float)));
    CHECK(hipMemcpy(dl, lin.data(), (L + 64) * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipTexRefSetFormat(ref1, HIP_AD_FORMAT_FLOAT, 1));
    size_t off = 99;
    EXPECT(hipTexRefSetAddress(nullptr, ref1, dl + 16, L * sizeof(float)) == hipErrorInvalidValue,
           "an unaligned address without an offset was taken");
    CHECK(hipTexRefSetAddress(&off, ref1, dl + 16, L * sizeof(float)));
    EXPECT(off == 16 * sizeof(float), "hipTexRefSetAddress's offset: %zu", off);
    CHECK(hipTexRefGetAddress(&got, ref1));
    EXPECT(got == dl, "hipTexRefGetAddress of linear memory: %p, not %p", got, (void*)dl);
    {
        int count = L + 16;
        void* args[] = {&dout, &count};
        CHECK(launch(fetch1d, L + 16, args));
        CHECK(hipMemcpy(out.data(), dout, (L + 16) * sizeof(float), hipMemcpyDeviceToHost));
        for (int k = 0; k < L + 16; k++)
            if (!close(out[k], lin[k], "module tex1d at an offset", k)) return 1;
        cases++;
    }

    // ---- The program's own texture<> through the driver calls ----
    const textureReference* own = nullptr;
    CHECK(hipGetTextureReference(&own, &own1d));
    EXPECT(own == &own1d, "hipGetTextureReference");
    size_t align = 7;
    CHECK(hipGetTextureAlignmentOffset(&align, own));
    EXPECT(align == 0, "hipGetTextureAlignmentOffset: %zu", align);
    textureReference* ownw = const_cast<textureReference*>(own);
    CHECK(hipTexRefSetFormat(ownw, HIP_AD_FORMAT_FLOAT, 1));
    CHECK(hipTexRefSetAddress(&off, ownw, dl, L * sizeof(float)));
    EXPECT(off == 0, "an aligned address's offset: %zu", off);
    fetch_own<<<(L + 63) / 64, 64>>>(dout, L);
    CHECK(hipMemcpy(out.data(), dout, L * sizeof(float), hipMemcpyDeviceToHost));
    for (int k = 0; k < L; k++)
        if (!close(out[k], lin[k], "the program's texture<> bound by hipTexRefSetAddress", k)) return 1;
    cases++;
    CHECK(hipUnbindTexture(own));
    textureReference stray;
    memset(&stray, 0, sizeof stray);
    stray.format = HIP_AD_FORMAT_FLOAT;
    stray.numChannels = 1;
    EXPECT(hipTexRefSetAddress(&off, &stray, dl, L * sizeof(float)) == hipErrorNotFound,
           "a reference of no module and no variable was bound");

    // ---- Driver texture objects: their descriptors read back ----
    HIP_RESOURCE_DESC rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = HIP_RESOURCE_TYPE_PITCH2D;
    rd.res.pitch2D.devPtr = pm;
    rd.res.pitch2D.format = HIP_AD_FORMAT_FLOAT;
    rd.res.pitch2D.numChannels = 1;
    rd.res.pitch2D.width = W;
    rd.res.pitch2D.height = H;
    rd.res.pitch2D.pitchInBytes = pitch;
    HIP_TEXTURE_DESC td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = HIP_TR_ADDRESS_MODE_MIRROR;
    td.filterMode = HIP_TR_FILTER_MODE_LINEAR;
    td.flags = HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_READ_AS_INTEGER;
    hipTextureObject_t t;
    CHECK(hipTexObjectCreate(&t, &rd, &td, nullptr));
    HIP_RESOURCE_DESC rd2;
    HIP_TEXTURE_DESC td2;
    memset(&rd2, 0xff, sizeof rd2);
    memset(&td2, 0xff, sizeof td2);
    CHECK(hipTexObjectGetResourceDesc(&rd2, t));
    CHECK(hipTexObjectGetTextureDesc(&td2, t));
    EXPECT(rd2.resType == HIP_RESOURCE_TYPE_PITCH2D && rd2.res.pitch2D.devPtr == pm &&
               rd2.res.pitch2D.format == HIP_AD_FORMAT_FLOAT && rd2.res.pitch2D.numChannels == 1 &&
               rd2.res.pitch2D.width == (size_t)W && rd2.res.pitch2D.height == (size_t)H &&
               rd2.res.pitch2D.pitchInBytes == pitch,
           "hipTexObjectGetResourceDesc of pitched memory");
    EXPECT(td2.addressMode[0] == HIP_TR_ADDRESS_MODE_MIRROR && td2.addressMode[1] == HIP_TR_ADDRESS_MODE_MIRROR &&
               td2.filterMode == HIP_TR_FILTER_MODE_LINEAR &&
               td2.flags == (HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_READ_AS_INTEGER) && td2.maxAnisotropy == 0,
           "hipTexObjectGetTextureDesc: flags %u", td2.flags);
    hipResourceViewDesc view;
    HIP_RESOURCE_VIEW_DESC dview;
    memset(&view, 0xff, sizeof view);
    memset(&dview, 0xff, sizeof dview);
    CHECK(hipGetTextureObjectResourceViewDesc(&view, t));
    CHECK(hipTexObjectGetResourceViewDesc(&dview, t));
    EXPECT(view.format == 0 && view.width == 0 && view.lastLayer == 0 && dview.format == 0 && dview.depth == 0,
           "an object made without a resource view has a view");
    HIP_RESOURCE_DESC ra;
    memset(&ra, 0, sizeof ra);
    ra.resType = HIP_RESOURCE_TYPE_ARRAY;
    ra.res.array.hArray = arr;
    hipTextureObject_t ta;
    CHECK(hipTexObjectCreate(&ta, &ra, &td, nullptr));
    CHECK(hipTexObjectGetResourceDesc(&rd2, ta));
    EXPECT(rd2.resType == HIP_RESOURCE_TYPE_ARRAY && rd2.res.array.hArray == arr, "hipTexObjectGetResourceDesc of an array");
    HIP_RESOURCE_DESC rl;
    memset(&rl, 0, sizeof rl);
    rl.resType = HIP_RESOURCE_TYPE_LINEAR;
    rl.res.linear.devPtr = dl;
    rl.res.linear.format = HIP_AD_FORMAT_FLOAT;
    rl.res.linear.numChannels = 1;
    rl.res.linear.sizeInBytes = L * sizeof(float);
    hipTextureObject_t tl;
    CHECK(hipTexObjectCreate(&tl, &rl, &td, nullptr));
    CHECK(hipTexObjectGetResourceDesc(&rd2, tl));
    EXPECT(rd2.resType == HIP_RESOURCE_TYPE_LINEAR && rd2.res.linear.devPtr == dl &&
               rd2.res.linear.format == HIP_AD_FORMAT_FLOAT && rd2.res.linear.numChannels == 1 &&
               rd2.res.linear.sizeInBytes == L * sizeof(float),
           "hipTexObjectGetResourceDesc of linear memory");
    EXPECT(hipTexObjectGetResourceDesc(nullptr, t) == hipErrorInvalidValue, "a null out-pointer");
    EXPECT(hipTexObjectGetTextureDesc(&td2, (hipTextureObject_t)dout) == hipErrorInvalidValue, "not a texture object");
    CHECK(hipTexObjectDestroy(t));
    CHECK(hipTexObjectDestroy(ta));
    CHECK(hipTexObjectDestroy(tl));
    EXPECT(hipGetTextureObjectResourceViewDesc(&view, t) == hipErrorInvalidValue, "a destroyed object's view");

    CHECK(hipModuleUnload(m));
    CHECK(hipStreamDestroy(s));
    CHECK(hipArrayDestroy(arr));
    CHECK(hipArrayDestroy(arr2));
    for (void* p : {(void*)dpts, (void*)dnpts, (void*)dout, (void*)pm, (void*)dl}) CHECK(hipFree(p));
    printf("PASS driver_textures (%d textures)\n", cases);
    return 0;
}
