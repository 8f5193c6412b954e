// hiprtc: a kernel source compiled at run time (a header given with it, an option, template
// kernels named by name expressions, warpSize and __shfl as ROCm's hiprtc builtins have
// them), loaded with hipModuleLoadData and launched with
// hipModuleLaunchKernel; a source with an error gives HIPRTC_ERROR_COMPILATION and a log that
// names it; misuse gives hiprtc's errors. Results against host computations.
#include "check.h"
#include <hip/hiprtc.h>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#define EXPECT(cond, ...)                 \
    do {                                  \
        if (!(cond)) {                    \
            printf("FAIL: " __VA_ARGS__); \
            printf("\n");                 \
            return 1;                     \
        }                                 \
    } while (0)

#define RTC(x)                                                              \
    do {                                                                    \
        hiprtcResult r_ = (x);                                              \
        if (r_ != HIPRTC_SUCCESS) {                                         \
            printf("FAIL: %s: %s at line %d\n", #x, hiprtcGetErrorString(r_), __LINE__); \
            return 1;                                                       \
        }                                                                   \
    } while (0)

static const char* source = R"(
#include "twice.h"
template <typename T>
__global__ void scale(T* p, T k, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = twice(p[i]) * k * FACTOR;
}
namespace N { __device__ int level = 5; }
extern "C" __global__ void wave(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // warpSize and the warp functions, as ROCm's hiprtc builtins have them (each adds 0).
    int same = __shfl(i, (int)threadIdx.x % warpSize) - i;
    if (i < n) out[i] = sinf(0.001f * i) + (warpSize - 64) + same;
}
)";

static const char* header = "template <typename T> __device__ T twice(T x) { return x + x; }\n";
static const char* header_name = "twice.h";

int main() {
    hipDeviceProp_t props;
    CHECK(hipGetDeviceProperties(&props, 0));
    int major = 0, minor = -1;
    RTC(hiprtcVersion(&major, &minor));
    EXPECT(major == 9 && minor == 0, "version %d.%d", major, minor);
    EXPECT(strcmp(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION), "HIPRTC_ERROR_COMPILATION") == 0, "error string");

    hiprtcProgram prog;
    RTC(hiprtcCreateProgram(&prog, source, "kernels.hip", 1, &header, &header_name));
    RTC(hiprtcAddNameExpression(prog, "scale<int>"));
    RTC(hiprtcAddNameExpression(prog, "scale<float>"));
    // A variable's name expression is its address, as ROCm's hiprtc takes it.
    RTC(hiprtcAddNameExpression(prog, "&N::level"));
    const char* name;
    EXPECT(hiprtcGetLoweredName(prog, "scale<int>", &name) == HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION,
           "a lowered name before compilation");
    std::string arch = std::string("--gpu-architecture=") + props.gcnArchName;
    const char* options[] = {"-DFACTOR=3", arch.c_str()};
    hiprtcResult built = hiprtcCompileProgram(prog, 2, options);
    size_t log_size;
    RTC(hiprtcGetProgramLogSize(prog, &log_size));
    std::vector<char> log(log_size);
    RTC(hiprtcGetProgramLog(prog, log.data()));
    EXPECT(built == HIPRTC_SUCCESS, "compilation: %s: %s", hiprtcGetErrorString(built), log.data());
    EXPECT(hiprtcAddNameExpression(prog, "scale<double>") == HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION,
           "a name expression after compilation");
    const char* int_name;
    const char* float_name;
    RTC(hiprtcGetLoweredName(prog, "scale<int>", &int_name));
    RTC(hiprtcGetLoweredName(prog, "scale<float>", &float_name));
    EXPECT(strcmp(int_name, "_Z5scaleIiEvPT_S0_i") == 0, "lowered name %s", int_name);
    EXPECT(strcmp(float_name, "_Z5scaleIfEvPT_S0_i") == 0, "lowered name %s", float_name);
    const char* level_name;
    RTC(hiprtcGetLoweredName(prog, "&N::level", &level_name));
    EXPECT(strcmp(level_name, "_ZN1N5levelE") == 0, "lowered name %s", level_name);
    EXPECT(hiprtcGetLoweredName(prog, "scale<char>", &name) == HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID,
           "an unknown name expression");
    // (The lowered names belong to the program: kept before it is destroyed.)
    std::string int_kernel = int_name, float_kernel = float_name;
    size_t size;
    RTC(hiprtcGetCodeSize(prog, &size));
    std::vector<char> code(size);
    RTC(hiprtcGetCode(prog, code.data()));
    RTC(hiprtcDestroyProgram(&prog));
    EXPECT(hiprtcDestroyProgram(&prog) == HIPRTC_ERROR_INVALID_PROGRAM, "destroyed twice");

    hipModule_t module;
    CHECK(hipModuleLoadData(&module, code.data()));
    hipFunction_t scale_int, scale_float, wave;
    CHECK(hipModuleGetFunction(&scale_int, module, int_kernel.c_str()));
    CHECK(hipModuleGetFunction(&scale_float, module, float_kernel.c_str()));
    CHECK(hipModuleGetFunction(&wave, module, "wave"));
    hipDeviceptr_t level;
    size_t level_size = 0;
    int level_value = 0;
    CHECK(hipModuleGetGlobal(&level, &level_size, module, "_ZN1N5levelE"));
    CHECK(hipMemcpy(&level_value, level, sizeof(int), hipMemcpyDeviceToHost));
    EXPECT(level_size == sizeof(int) && level_value == 5, "N::level: %zu bytes, %d", level_size, level_value);

    const int n = 3000;
    std::vector<int> hi(n);
    std::vector<float> hf(n);
    for (int i = 0; i < n; i++) {
        hi[i] = i - 1000;
        hf[i] = 0.25f * i;
    }
    int* di;
    float* df;
    CHECK(hipMalloc(&di, n * sizeof(int)));
    CHECK(hipMalloc(&df, n * sizeof(float)));
    CHECK(hipMemcpy(di, hi.data(), n * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(df, hf.data(), n * sizeof(float), hipMemcpyHostToDevice));
    int ki = 7, count = n;
    float kf = 0.5f;
    void* int_args[] = {&di, &ki, &count};
    void* float_args[] = {&df, &kf, &count};
    unsigned blocks = (n + 255) / 256;
    CHECK(hipModuleLaunchKernel(scale_int, blocks, 1, 1, 256, 1, 1, 0, nullptr, int_args, nullptr));
    CHECK(hipModuleLaunchKernel(scale_float, blocks, 1, 1, 256, 1, 1, 0, nullptr, float_args, nullptr));
    std::vector<int> oi(n);
    std::vector<float> of(n);
    CHECK(hipMemcpy(oi.data(), di, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(of.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        EXPECT(oi[i] == 2 * hi[i] * 7 * 3, "scale<int>[%d] = %d", i, oi[i]);
        EXPECT(of[i] == 2 * hf[i] * 0.5f * 3, "scale<float>[%d] = %g", i, of[i]);
    }
    void* wave_args[] = {&df, &count};
    CHECK(hipModuleLaunchKernel(wave, blocks, 1, 1, 256, 1, 1, 0, nullptr, wave_args, nullptr));
    CHECK(hipMemcpy(of.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(std::fabs(of[i] - std::sin(0.001 * i)) < 1e-6, "wave[%d] = %.9g", i, of[i]);
    CHECK(hipModuleUnload(module));

    // A source with an error: the compilation fails and the log says where.
    RTC(hiprtcCreateProgram(&prog, "__global__ void broken(int* p) { p[0] = undeclared; }\n", "broken.hip", 0,
                            nullptr, nullptr));
    EXPECT(hiprtcCompileProgram(prog, 0, nullptr) == HIPRTC_ERROR_COMPILATION, "a broken source compiled");
    RTC(hiprtcGetProgramLogSize(prog, &log_size));
    log.assign(log_size, 0);
    RTC(hiprtcGetProgramLog(prog, log.data()));
    EXPECT(strstr(log.data(), "broken.hip:1:") && strstr(log.data(), "undeclared"), "log: %s", log.data());
    RTC(hiprtcDestroyProgram(&prog));

    // Misuse.
    EXPECT(hiprtcCreateProgram(nullptr, source, "x", 0, nullptr, nullptr) == HIPRTC_ERROR_INVALID_PROGRAM, "null program");
    EXPECT(hiprtcCreateProgram(&prog, nullptr, "x", 0, nullptr, nullptr) == HIPRTC_ERROR_INVALID_INPUT, "null source");
    EXPECT(hiprtcCreateProgram(&prog, source, "x", 1, nullptr, nullptr) == HIPRTC_ERROR_INVALID_INPUT, "null headers");
    EXPECT(hiprtcVersion(nullptr, &minor) == HIPRTC_ERROR_INVALID_INPUT, "null version");

    printf("PASS rtc %s\n", props.gcnArchName);
    return 0;
}
