// The half <-> float conversions LLVM calls for `half` arithmetic on x86-64 (compiler-rt's),
// with F16C: round to nearest even.
#include <immintrin.h>
#include <stdint.h>
float __gnu_h2f_ieee(uint16_t h) { return _cvtsh_ss(h); }
uint16_t __gnu_f2h_ieee(float f) { return _cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT); }
