// OpenCL half-precision image built-ins (read_imageh/write_imageh, cl_khr_fp16) from ROCm's
// device library: they compile to MIMG with D16 (unpacked on gfx8, packed on gfx9), which
// clang-15 writes for fiji, gfx900 and gfx906 (build.sh). Checked by
// crates/gcnkit-cli/tests/images.rs.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void load2d_h(__read_only image2d_t src, __global half4 *out) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = read_imageh(src, (int2)(x, y));
}
__kernel void store2d_h(__write_only image2d_t dst, __global const half4 *in) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    write_imageh(dst, (int2)(x, y), in[y * w + x]);
}
__kernel void sample2d_h(__read_only image2d_t src, sampler_t s, __global half4 *out,
                         float2 origin, float2 step) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = read_imageh(src, s, origin + step * (float2)(x, y));
}
