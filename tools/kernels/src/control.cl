// A switch in a loop with early exit: a tiny per-lane bytecode interpreter (switch on a loaded
// opcode, break out of the loop on HALT or on a fuel limit), a linear search that returns at the
// first match, and a uniform switch on an argument.
#include "common.h"

__kernel void interp(__global const uchar *code, __global int *acc, uint len, uint fuel) {
    uint i = GRP_X() * 64 + LID_X();
    int a = acc[i], b = (int)i;
    uint pc = 0;
    for (uint f = 0; f < fuel && pc < len; f++) {
        uchar op = code[pc++];
        switch (op & 7) {
        case 0: a += b; break;
        case 1: a -= b; break;
        case 2: a *= b; break;
        case 3: b = a ^ b; break;
        case 4: if (a < 0) pc += code[pc]; else pc++; break;
        case 5: a = -a; break;
        case 6: b <<= 1; break;
        default: goto halt;
        }
    }
halt:
    acc[i] = a + b;
}

__kernel void find_first(__global const int *keys, uint n, __global const int *queries, __global int *pos) {
    uint i = GRP_X() * 64 + LID_X();
    int q = queries[i];
    int found = -1;
    for (uint k = 0; k < n; k++) {
        if (keys[k] == q) {
            found = (int)k;
            break;
        }
    }
    pos[i] = found;
}

__kernel void uniform_switch(__global float *p, int which, float k) {
    uint i = GRP_X() * 64 + LID_X();
    float v = p[i];
    switch (which) {
    case 0: v += k; break;
    case 1: v *= k; break;
    case 2: v = __builtin_fmaf(v, k, 1.0f); break;
    case 7: v = -v; break;
    default: return;
    }
    p[i] = v;
}
