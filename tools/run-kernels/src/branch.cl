// Divergent control flow: per-lane loop trip counts (collatz: steps to reach 1, with a
// data-dependent if/else inside the loop and a 64-bit running value), and a kernel whose lanes
// take different paths through if/else chains, loops with break and continue, and a switch
// (divergent).
#include "common.h"

__kernel void collatz(__global const uint *start, __global uint *steps, __global ulong *peak,
                      uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    ulong x = start[i];
    ulong top = x;
    uint s = 0;
    while (x > 1 && s < 2000) {
        if (x & 1)
            x = 3 * x + 1;
        else
            x >>= 1;
        top = x > top ? x : top;
        s++;
    }
    steps[i] = s;
    peak[i] = top;
}

__kernel void divergent(__global const uint *in, __global uint *out, uint n) {
    uint i = GID_X();
    if (i >= n)
        return;
    uint v = in[i];
    uint acc = i;
    if (v & 1) {
        // a loop whose trip count and early exit depend on the lane's value
        for (uint k = 0; k < (v >> 1 & 15); k++) {
            acc += k * v;
            if ((acc & 0xff) > 0xf0)
                break;
        }
    } else if (v & 2) {
        // a countdown with continue
        uint k = v >> 2 & 31;
        while (k) {
            acc ^= k << (k & 7);
            k--;
            if (k == 3 && (v & 64))
                continue;
            acc += 1;
        }
    } else {
        switch (v >> 2 & 3) {
        case 0:
            acc = ~v;
            break;
        case 1:
            acc = v * 3;
            break;
        case 2:
            out[i] = 0xdead0000u | (v >> 16);
            return;
        default:
            acc = acc * 7 + 1;
        }
    }
    out[i] = acc;
}
