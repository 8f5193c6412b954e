// A 2D 5-point stencil on a width x height grid (2D work-groups, clamped borders), and a 3x3
// box blur with an LDS halo tile.
#include "common.h"

__kernel void stencil5(__global const float *in, __global float *out, int width, int height, float c0, float c1) {
    int x = GRP_X() * local_size_x() + LID_X();
    int y = GRP_Y() * local_size_y() + LID_Y();
    if (x >= width || y >= height)
        return;
    int xm = imax(x - 1, 0), xp = imin(x + 1, width - 1);
    int ym = imax(y - 1, 0), yp = imin(y + 1, height - 1);
    float s = in[y * width + xm] + in[y * width + xp] + in[ym * width + x] + in[yp * width + x];
    out[y * width + x] = c0 * in[y * width + x] + c1 * s;
}

__attribute__((reqd_work_group_size(16, 16, 1)))
__kernel void blur3x3(__global const uchar *in, __global uchar *out, int width, int height) {
    __local uchar tile[18][18];
    int lx = LID_X(), ly = LID_Y();
    int x0 = GRP_X() * 16 - 1, y0 = GRP_Y() * 16 - 1;
    for (int k = ly * 16 + lx; k < 18 * 18; k += 256) {
        int tx = k % 18, ty = k / 18;
        int gx = iclamp(x0 + tx, 0, width - 1), gy = iclamp(y0 + ty, 0, height - 1);
        tile[ty][tx] = in[gy * width + gx];
    }
    LDS_BARRIER();
    uint s = 0;
    for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
            s += tile[ly + dy][lx + dx];
    int x = x0 + 1 + lx, y = y0 + 1 + ly;
    if (x < width && y < height)
        out[y * width + x] = (uchar)((s * 7282u) >> 16); // s / 9
}
