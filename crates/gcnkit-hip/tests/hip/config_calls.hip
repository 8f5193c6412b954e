// Configuration calls, the driver and extension forms of memory calls, and a cooperative
// launch of an ordinary kernel (and one too large, refused as ROCm refuses it). Values checked
// against host computations.
#include "check.h"
#include <cstring>
#include <hip/hip_ext.h>
#include <vector>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

__global__ void scale(int* p, int n, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] *= k;
}

int main() {
    // Limits and configurations.
    size_t heap = 0;
    CHECK(hipDeviceGetLimit(&heap, hipLimitMallocHeapSize));
    EXPECT(heap == 256u << 20, "malloc heap %zu", heap);
    EXPECT(hipDeviceGetLimit(&heap, hipLimitPrintfFifoSize) == hipErrorUnsupportedLimit, "printf fifo limit");
    (void)hipGetLastError();
    hipSharedMemConfig bank;
    CHECK(hipDeviceGetSharedMemConfig(&bank));
    EXPECT(bank == hipSharedMemBankSizeFourByte, "bank size %d", (int)bank);
    CHECK(hipFuncSetSharedMemConfig((const void*)scale, hipSharedMemBankSizeEightByte));
    CHECK(hipFuncSetAttribute((const void*)scale, hipFuncAttributeMaxDynamicSharedMemorySize, 32768));
    EXPECT(hipFuncSetAttribute((const void*)scale, hipFuncAttributeMaxDynamicSharedMemorySize, 1 << 20) ==
               hipErrorInvalidValue,
           "1 MiB of dynamic shared memory accepted");
    (void)hipGetLastError();

    // Driver and extension forms of allocation.
    void* pitched;
    size_t pitch = 0;
    CHECK(hipMemAllocPitch((hipDeviceptr_t*)&pitched, &pitch, 100, 3, 4));
    EXPECT(pitch >= 100 && pitch % 256 == 0, "pitch %zu", pitch);
    void* base = nullptr;
    size_t size = 0;
    CHECK(hipMemGetAddressRange((hipDeviceptr_t*)&base, &size, (hipDeviceptr_t)((char*)pitched + pitch + 5)));
    EXPECT(base == pitched && size == pitch * 3, "address range %p %zu (allocation %p, %zu)", base, size, pitched,
           pitch * 3);
    int host_word = 0;
    EXPECT(hipMemGetAddressRange((hipDeviceptr_t*)&base, &size, (hipDeviceptr_t)&host_word) == hipErrorNotFound,
           "address range of a host pointer");
    (void)hipGetLastError();
    CHECK(hipFree(pitched));
    int* fine;
    CHECK(hipExtMallocWithFlags((void**)&fine, 1000 * sizeof(int), hipDeviceMallocFinegrained));
    int* pinned;
    CHECK(hipMemAllocHost((void**)&pinned, 16));
    CHECK(hipHostFree(pinned));

    // hipMemcpyWithStream and hipMemsetD16Async, ordered with a launch on a stream.
    const int n = 1000;
    std::vector<int> h(n), back(n, 0);
    for (int i = 0; i < n; i++) h[i] = 3 * i - 500;
    hipStream_t s;
    CHECK(hipStreamCreate(&s));
    EXPECT(hipGetStreamDeviceId(s) == 0 && hipGetStreamDeviceId(nullptr) == 0, "stream device ids");
    CHECK(hipMemcpyWithStream(fine, h.data(), n * sizeof(int), hipMemcpyHostToDevice, s));
    hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, s, fine, n, 7);
    CHECK(hipMemsetD16Async((hipDeviceptr_t)fine, 0xbeef, 2, s));
    CHECK(hipMemcpyWithStream(back.data(), fine, n * sizeof(int), hipMemcpyDeviceToHost, s));
    EXPECT(back[0] == (int)0xbeefbeef, "hipMemsetD16Async after the kernel: %x", back[0]);
    for (int i = 1; i < n; i++) EXPECT(back[i] == 7 * h[i], "scaled %d at %d, not %d", back[i], i, 7 * h[i]);

    // hipExtLaunchKernelGGL: a launch between two events on its stream.
    hipEvent_t e0, e1;
    CHECK(hipEventCreate(&e0));
    CHECK(hipEventCreate(&e1));
    hipExtLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, s, e0, e1, 0, fine, n, 3);
    CHECK(hipGetLastError());
    CHECK(hipEventSynchronize(e1));
    float ms = -1;
    CHECK(hipEventElapsedTime(&ms, e0, e1));
    EXPECT(ms > 0, "hipExtLaunchKernel's events: %f ms", ms);
    CHECK(hipMemcpy(back.data(), fine, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 1; i < n; i++) EXPECT(back[i] == 21 * h[i], "scaled again %d at %d, not %d", back[i], i, 21 * h[i]);

    // A kernel's name from its host stub (clang's mangled name).
    const char* name = hipKernelNameRefByPtr((const void*)scale, s);
    EXPECT(name && strcmp(name, "_Z5scalePiii") == 0, "hipKernelNameRefByPtr: %s", name ? name : "(null)");

    // hipMemcpyParam2D: a 5x3 box from (2, 1) of a 16-int-wide host array into a pitched
    // device buffer at (1, 2), and back into a fresh host array.
    {
        int src[16 * 8], out[8 * 8] = {0};
        for (int i = 0; i < 16 * 8; i++) src[i] = i * 7 + 1;
        void* pd;
        size_t dpitch;
        CHECK(hipMallocPitch(&pd, &dpitch, 8 * sizeof(int), 8));
        CHECK(hipMemset2D(pd, dpitch, 0, 8 * sizeof(int), 8));
        hip_Memcpy2D p = {};
        p.srcMemoryType = hipMemoryTypeHost;
        p.srcHost = src;
        p.srcXInBytes = 2 * sizeof(int);
        p.srcY = 1;
        p.srcPitch = 16 * sizeof(int);
        p.dstMemoryType = hipMemoryTypeDevice;
        p.dstDevice = (hipDeviceptr_t)pd;
        p.dstXInBytes = 1 * sizeof(int);
        p.dstY = 2;
        p.dstPitch = dpitch;
        p.WidthInBytes = 5 * sizeof(int);
        p.Height = 3;
        CHECK(hipMemcpyParam2D(&p));
        hip_Memcpy2D q = {};
        q.srcMemoryType = hipMemoryTypeDevice;
        q.srcDevice = (hipDeviceptr_t)pd;
        q.srcPitch = dpitch;
        q.dstMemoryType = hipMemoryTypeHost;
        q.dstHost = out;
        q.dstPitch = 8 * sizeof(int);
        q.WidthInBytes = 8 * sizeof(int);
        q.Height = 8;
        CHECK(hipMemcpyParam2DAsync(&q, s));
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 8; x++) {
                bool in = y >= 2 && y < 5 && x >= 1 && x < 6;
                int want = in ? src[(y - 2 + 1) * 16 + (x - 1 + 2)] : 0;
                EXPECT(out[y * 8 + x] == want, "hipMemcpyParam2D (%d, %d): %d, not %d", x, y, out[y * 8 + x], want);
            }
        // An array on either side: its rows are its pitch; x and y place the copy in it.
        hipChannelFormatDesc cd = hipCreateChannelDesc<int>();
        hipArray_t arr;
        CHECK(hipMallocArray(&arr, &cd, 8, 8));
        hip_Memcpy2D to = {};
        to.srcMemoryType = hipMemoryTypeHost;
        to.srcHost = src;
        to.srcPitch = 16 * sizeof(int);
        to.dstMemoryType = hipMemoryTypeArray;
        to.dstArray = arr;
        to.dstXInBytes = 2 * sizeof(int);
        to.dstY = 1;
        to.WidthInBytes = 4 * sizeof(int);
        to.Height = 5;
        CHECK(hipMemcpyParam2D(&to));
        int back[4 * 5] = {};
        hip_Memcpy2D from = {};
        from.srcMemoryType = hipMemoryTypeArray;
        from.srcArray = arr;
        from.srcXInBytes = 2 * sizeof(int);
        from.srcY = 1;
        from.dstMemoryType = hipMemoryTypeHost;
        from.dstHost = back;
        from.dstPitch = 4 * sizeof(int);
        from.WidthInBytes = 4 * sizeof(int);
        from.Height = 5;
        CHECK(hipMemcpyParam2D(&from));
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 4; x++)
                EXPECT(back[y * 4 + x] == src[y * 16 + x], "array (%d, %d): %d, not %d", x, y, back[y * 4 + x], src[y * 16 + x]);
        from.Height = 8;
        EXPECT(hipMemcpyParam2D(&from) == hipErrorInvalidValue, "a copy past the array's rows");
        from.Height = 5;
        from.srcArray = nullptr;
        EXPECT(hipMemcpyParam2D(&from) == hipErrorInvalidValue, "a copy from no array");
        (void)hipGetLastError();
        CHECK(hipFreeArray(arr));
        CHECK(hipFree(pd));
    }

    // A stream not capturing (graphs.hip captures); the capture mode is the thread's.
    hipStreamCaptureStatus cap = hipStreamCaptureStatusActive;
    CHECK(hipStreamIsCapturing(s, &cap));
    EXPECT(cap == hipStreamCaptureStatusNone, "capture status %d", (int)cap);
    unsigned long long cap_id = 5;
    cap = hipStreamCaptureStatusActive;
    CHECK(hipStreamGetCaptureInfo(nullptr, &cap, &cap_id));
    EXPECT(cap == hipStreamCaptureStatusNone && cap_id == 0, "capture info %d %llu", (int)cap, cap_id);
    hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
    CHECK(hipThreadExchangeStreamCaptureMode(&mode));
    EXPECT(mode == hipStreamCaptureModeGlobal, "the first capture mode %d", (int)mode);
    CHECK(hipThreadExchangeStreamCaptureMode(&mode));
    EXPECT(mode == hipStreamCaptureModeRelaxed, "the capture mode set %d", (int)mode);

    // The launch API before <<<>>>: configuration, arguments at their kernarg offsets, launch.
    {
        int count2 = n, k2 = 5;
        CHECK(hipMemcpy(fine, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
        CHECK(hipConfigureCall(dim3((n + 127) / 128), dim3(128), 0, s));
        CHECK(hipSetupArgument(&fine, sizeof(fine), 0));
        CHECK(hipSetupArgument(&count2, sizeof(int), 8));
        CHECK(hipSetupArgument(&k2, sizeof(int), 12));
        CHECK(hipLaunchByPtr((const void*)scale));
        CHECK(hipStreamSynchronize(s));
        CHECK(hipMemcpy(back.data(), fine, n * sizeof(int), hipMemcpyDeviceToHost));
        for (int i = 0; i < n; i++) EXPECT(back[i] == 5 * h[i], "hipLaunchByPtr: %d at %d, not %d", back[i], i, 5 * h[i]);
        EXPECT(hipLaunchByPtr((const void*)scale) == hipErrorMissingConfiguration, "a launch without configuration");
        (void)hipGetLastError();
    }

    // CU masks: kept and answered; a stream without one has every CU.
    {
        hipDeviceProp_t prop;
        CHECK(hipGetDeviceProperties(&prop, 0));
        unsigned want[4] = {0, 0, 0, 0}, got[4];
        for (int cu = 0; cu < prop.multiProcessorCount; cu++) want[cu / 32] |= 1u << (cu % 32);
        CHECK(hipExtStreamGetCUMask(s, 4, got));
        for (int w = 0; w < 4; w++) EXPECT(got[w] == want[w], "CU mask word %d: %x, not %x", w, got[w], want[w]);
        hipStream_t masked;
        unsigned five = 5;
        CHECK(hipExtStreamCreateWithCUMask(&masked, 1, &five));
        CHECK(hipExtStreamGetCUMask(masked, 4, got));
        EXPECT(got[0] == 5 && got[1] == 0, "the stream's CU mask %x %x", got[0], got[1]);
        hipLaunchKernelGGL(scale, dim3(1), dim3(64), 0, masked, fine, 64, 1);
        CHECK(hipStreamSynchronize(masked));
        CHECK(hipStreamDestroy(masked));
    }

    // hipDrvMemcpy3D: a 3x2x2 box of ints from (1, 1, 1) of a host volume (8 ints x 4 rows x 3
    // slices) to (2, 0, 0) of a zeroed pitched device volume, and the whole volume back.
    {
        int src[3][4][8], out[3][4][8];
        for (int i = 0; i < 3 * 4 * 8; i++) (&src[0][0][0])[i] = 3 * i + 2;
        hipPitchedPtr vol;
        hipExtent ext = make_hipExtent(8 * sizeof(int), 4, 3);
        CHECK(hipMalloc3D(&vol, ext));
        CHECK(hipMemset3D(vol, 0, ext));
        HIP_MEMCPY3D p = {};
        p.srcMemoryType = hipMemoryTypeHost;
        p.srcHost = src;
        p.srcXInBytes = 1 * sizeof(int);
        p.srcY = 1;
        p.srcZ = 1;
        p.srcPitch = 8 * sizeof(int);
        p.srcHeight = 4;
        p.dstMemoryType = hipMemoryTypeDevice;
        p.dstDevice = (hipDeviceptr_t)vol.ptr;
        p.dstXInBytes = 2 * sizeof(int);
        p.dstPitch = vol.pitch;
        p.dstHeight = 4;
        p.WidthInBytes = 3 * sizeof(int);
        p.Height = 2;
        p.Depth = 2;
        CHECK(hipDrvMemcpy3D(&p));
        HIP_MEMCPY3D q = {};
        q.srcMemoryType = hipMemoryTypeDevice;
        q.srcDevice = (hipDeviceptr_t)vol.ptr;
        q.srcPitch = vol.pitch;
        q.srcHeight = 4;
        q.dstMemoryType = hipMemoryTypeHost;
        q.dstHost = out;
        q.dstPitch = 8 * sizeof(int);
        q.dstHeight = 4;
        q.WidthInBytes = 8 * sizeof(int);
        q.Height = 4;
        q.Depth = 3;
        CHECK(hipDrvMemcpy3DAsync(&q, s));
        for (int z = 0; z < 3; z++)
            for (int y = 0; y < 4; y++)
                for (int x = 0; x < 8; x++) {
                    bool in = z < 2 && y < 2 && x >= 2 && x < 5;
                    int want = in ? src[z + 1][y + 1][x - 2 + 1] : 0;
                    EXPECT(out[z][y][x] == want, "hipDrvMemcpy3D (%d, %d, %d): %d, not %d", x, y, z, out[z][y][x], want);
                }
        CHECK(hipFree(vol.ptr));
    }

    // A cooperative launch of an ordinary kernel runs as any launch does (on its stream);
    // too many work-groups to be resident at once is ROCm's hipErrorCooperativeLaunchTooLarge,
    // the stream still usable.
    int k = 2, count = n;
    void* args[] = {&fine, &count, &k};
    std::vector<int> before(n);
    CHECK(hipMemcpy(before.data(), fine, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipLaunchCooperativeKernel((const void*)scale, dim3((n + 255) / 256), dim3(256), args, 0, s));
    CHECK(hipStreamSynchronize(s));
    CHECK(hipMemcpy(back.data(), fine, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(back[i] == 2 * before[i], "cooperative launch: %d at %d, not %d", back[i], i, 2 * before[i]);
    int dev = 0, cus = 0, per_cu = 0;
    CHECK(hipGetDevice(&dev));
    CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, dev));
    CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, (const void*)scale, 256, 0));
    EXPECT(per_cu > 0, "occupancy %d", per_cu);
    // ROCm 5.2's errors: a function that is no kernel, or no place for the answer.
    int grid = 0, block = 0;
    EXPECT(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, (const void*)0, 256, 0) == hipErrorInvalidValue,
           "occupancy of no kernel");
    EXPECT(hipOccupancyMaxPotentialBlockSize(&grid, &block, (const void*)0, 0, 0) == hipErrorInvalidValue,
           "potential block size of no kernel");
    EXPECT(hipOccupancyMaxPotentialBlockSize(nullptr, &block, (const void*)scale, 0, 0) == hipErrorInvalidValue,
           "potential block size without a grid");
    (void)hipGetLastError();
    EXPECT(hipLaunchCooperativeKernel((const void*)scale, dim3(per_cu * cus + 1), dim3(256), args, 0, s) ==
               hipErrorCooperativeLaunchTooLarge,
           "a cooperative grid of %d work-groups (%d fit)", per_cu * cus + 1, per_cu * cus);
    EXPECT(hipGetLastError() == hipErrorCooperativeLaunchTooLarge, "last error after the cooperative launch");
    EXPECT(hipLaunchCooperativeKernel((const void*)scale, dim3(1), dim3(256), args, 65537, s) ==
               hipErrorCooperativeLaunchTooLarge,
           "a cooperative launch with more shared memory than a CU has");
    (void)hipGetLastError();
    CHECK(hipStreamSynchronize(s));
    CHECK(hipStreamDestroy(s));
    CHECK(hipFree(fine));
    printf("PASS config_calls\n");
    return 0;
}
