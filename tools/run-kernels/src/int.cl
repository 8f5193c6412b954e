// Integer arithmetic: 32-bit (int_ops) and 64-bit (long_ops) add/sub/mul, high halves of
// products, shifts, logic, compares, min/max, bit counts, rotates; and division and remainder,
// signed and unsigned, 32 and 64 bit (divrem), which the compiler expands inline (no library).
// Wrapping arithmetic is written on unsigned values (signed overflow is undefined in C); the
// cases C leaves undefined (division by zero, INT_MIN / -1) are given a value in the source.
#include "common.h"

__kernel void int_ops(__global const int *a, __global const int *b, __global int *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    __global int *o = out + i * 16;
    o[0] = (int)(ux + uy);
    o[1] = (int)(ux - uy);
    o[2] = (int)(ux * uy);
    o[3] = (int)(((long)x * (long)y) >> 32);    // signed high half
    o[4] = (int)(((ulong)ux * (ulong)uy) >> 32); // unsigned high half
    o[5] = (int)(ux << (uy & 31));
    o[6] = x >> (uy & 31); // arithmetic
    o[7] = (int)(ux >> (uy & 31));
    o[8] = (x & y) ^ (x | ~y);
    o[9] = (int)((uint)(x < y ? x : y) ^ ((ux > uy ? ux : uy) << 1)); // smin, umax
    o[10] = __builtin_popcount(ux) | (ux == 0 ? 32 : __builtin_clz(ux)) << 8 |
            (ux == 0 ? 32 : __builtin_ctz(ux)) << 16;
    o[11] = (int)(x < 0 ? 0u - ux : ux); // abs; INT_MIN stays INT_MIN
    o[12] = (int)(((ux << 7) | (ux >> 25)) ^ __builtin_bitreverse32(uy));
    o[13] = (x > y) | (ux > uy) << 1 | (x == y) << 2 | (x >= 0) << 3 | (ux <= uy) << 4;
    int x24 = ((int)(ux << 8)) >> 8, y24 = ((int)(uy << 8)) >> 8; // 24-bit signed
    o[14] = (int)((uint)x24 * (uint)y24 + ux);
    o[15] = (int)(((ux & 0xffffff) * (uy & 0xffffff)) ^ (((ux >> 8) & 0xff) << 24) ^ (uy >> 24));
}

// Unsigned high half of a 64x64-bit product, from 32-bit halves.
static ulong mulhi_u64(ulong a, ulong b) {
    ulong al = a & 0xffffffffUL, ah = a >> 32, bl = b & 0xffffffffUL, bh = b >> 32;
    ulong ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    ulong mid = (ll >> 32) + (lh & 0xffffffffUL) + (hl & 0xffffffffUL);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

__kernel void long_ops(__global const long *a, __global const long *b, __global long *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    long x = a[i], y = b[i];
    ulong ux = (ulong)x, uy = (ulong)y;
    uint r = (uint)uy & 63;
    __global long *o = out + i * 12;
    o[0] = (long)(ux + uy);
    o[1] = (long)(ux - uy);
    o[2] = (long)(ux * uy);
    o[3] = (long)mulhi_u64(ux, uy);
    o[4] = (long)(ux << r);
    o[5] = x >> r;
    o[6] = (long)(ux >> r);
    o[7] = (long)((ux << r) | (ux >> ((64 - r) & 63))); // rotate left
    o[8] = (long)((ux & ~uy) ^ (ux | (uy >> 3)));
    o[9] = (long)((ulong)(x < y ? x : y) ^ (ux > uy ? ux : uy));
    o[10] = (long)__builtin_popcountl(ux) | (long)(ux == 0 ? 64 : __builtin_clzl(ux)) << 8 |
            (long)(ux == 0 ? 64 : __builtin_ctzl(ux)) << 16 | (long)(x > y) << 32 |
            (long)(ux > uy) << 33 | (long)(x == y) << 34;
    o[11] = (long)(int)ux * (long)(int)(uy >> 32) + (long)(ulong)(uint)(ux >> 16);
}

__kernel void divrem(__global const int *a, __global const int *b, __global const long *c,
                     __global const long *d, __global int *o32, __global long *o64, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    int q, r;
    if (y == 0) {
        q = -1;
        r = x;
    } else if (x == (int)0x80000000 && y == -1) {
        q = x;
        r = 0;
    } else {
        q = x / y;
        r = x % y;
    }
    o32[i * 4 + 0] = q;
    o32[i * 4 + 1] = r;
    o32[i * 4 + 2] = (int)(uy == 0 ? 0xffffffffu : ux / uy);
    o32[i * 4 + 3] = (int)(uy == 0 ? ux : ux % uy);

    long X = c[i], Y = d[i];
    ulong uX = (ulong)X, uY = (ulong)Y;
    long Q, R;
    if (Y == 0) {
        Q = -1;
        R = X;
    } else if (X == (long)0x8000000000000000UL && Y == -1) {
        Q = X;
        R = 0;
    } else {
        Q = X / Y;
        R = X % Y;
    }
    o64[i * 4 + 0] = Q;
    o64[i * 4 + 1] = R;
    o64[i * 4 + 2] = (long)(uY == 0 ? ~0UL : uX / uY);
    o64[i * 4 + 3] = (long)(uY == 0 ? uX : uX % uY);
}
