// Integer bit tricks: popcount, clz/ctz, rotate, mul_hi, mad24, bitfield extract/insert, byte
// swap, bit reverse, 64-bit shifts and multiplies, integer division and remainder.
#include "common.h"

__kernel void bits32(__global uint *p, __global const uint *q, uint sh) {
    uint i = GRP_X() * 64 + LID_X();
    uint a = p[i], b = q[i];
    uint r = __builtin_popcount(a) + (a ? __builtin_clz(a) : 32) + (b ? __builtin_ctz(b) : 32);
    r ^= (a << (sh & 31)) | (a >> ((32 - sh) & 31));              // rotate
    r += (uint)(((ulong)a * b) >> 32);                              // mul_hi
    r += (a & 0xffffff) * (b & 0xffffff) + sh;                      // mad24
    r ^= (a >> 5) & 0x3ff;                                          // bitfield extract
    r ^= (b & ~0xff0u) | ((a << 4) & 0xff0u);                       // bitfield insert
    r += __builtin_bswap32(b) + __builtin_bitreverse32(a);
    r += (int)(a << 8) >> 20;                                       // signed extract
    p[i] = r + (a / 7) + (b % 13u) + ((int)a / (int)(sh | 1));
}

__kernel void bits64(__global ulong *p, ulong k, uint sh) {
    uint i = GRP_X() * 64 + LID_X();
    ulong a = p[i];
    ulong r = (a << (sh & 63)) ^ (a >> ((sh + 7) & 63)) ^ (ulong)((long)a >> 17);
    r += a * k + __builtin_popcountl(a) + __builtin_clzl(a | 1);
    r += (ulong)(uint)a * (ulong)(uint)(a >> 32);
    p[i] = r / (k | 1);
}
