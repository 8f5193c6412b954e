// Shared by the texture test programs: the host's computation of HIP's sampling rules, and a
// comparison that says which sample differs.
#pragma once
#include <cmath>
#include <cstdio>
#include <vector>

// HIP's address modes: 0 wrap, 1 clamp, 2 mirror, 3 border (-1: the border, zero).
static int address(int i, int n, int mode) {
    switch (mode) {
    case 0: return ((i % n) + n) % n;
    case 2: {
        int m = ((i % (2 * n)) + 2 * n) % (2 * n);
        return m >= n ? 2 * n - 1 - m : m;
    }
    case 3: return i < 0 || i >= n ? -1 : i;
    default: return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

// One channel of an image of w x h texels of c channels (already as floats).
struct Img {
    int w, h, c;
    std::vector<double> v;
    double at(int x, int y, int ch, int mode) const {
        int ax = address(x, w, mode), ay = address(y, h, mode);
        if (ax < 0 || ay < 0) return 0.0;
        return v[(ay * w + ax) * c + ch];
    }
    // The sampling rules: normalized coordinates scaled by the size; nearest: the texel
    // holding the point; linear: the four texels around it, weighted by the fractions of
    // the point less half a texel. Unnormalized coordinates take wrap and mirror as clamp
    // (as ROCm does).
    double sample(float x, float y, int ch, int mode, bool linear, bool normalized) const {
        double u = x, v = y;
        if (normalized) {
            u *= w;
            v *= h;
        } else if (mode == 0 || mode == 2) {
            mode = 1;
        }
        if (!linear) return at((int)std::floor(u), (int)std::floor(v), ch, mode);
        u -= 0.5;
        v -= 0.5;
        int i = (int)std::floor(u), j = (int)std::floor(v);
        double a = u - i, b = v - j;
        return (1 - a) * (1 - b) * at(i, j, ch, mode) + a * (1 - b) * at(i + 1, j, ch, mode) +
               (1 - a) * b * at(i, j + 1, ch, mode) + a * b * at(i + 1, j + 1, ch, mode);
    }
};

static bool close(double got, double want, const char* what, int k) {
    if (std::fabs(got - want) <= 1e-5 * (1.0 + std::fabs(want))) return true;
    printf("FAIL: %s: sample %d: got %.9g, want %.9g\n", what, k, got, want);
    return false;
}
