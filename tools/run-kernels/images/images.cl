// OpenCL image kernels for gcnkit's kernel machine: the image built-ins come from ROCm's
// device library (clang-15, Debian's rocm-device-libs). build.sh compiles them; the test
// crates/gcnkit-cli/tests/images.rs runs them with `gcnkit run --arg image:... --arg
// sampler:...` and checks every output against the OpenCL specification's rules computed on
// the host. Work-item (x, y) of a W x H grid handles texel or sample (x, y).

// read_imagef with integer coordinates (image_load), plus the image's queries.
__kernel void load2d(__read_only image2d_t src, __global float4 *out, __global int4 *info) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = read_imagef(src, (int2)(x, y));
    if (x == 0 && y == 0)
        *info = (int4)(get_image_width(src), get_image_height(src),
                       get_image_channel_data_type(src), get_image_channel_order(src));
}

// read_imageui / read_imagei with integer coordinates.
__kernel void load2d_ui(__read_only image2d_t src, __global uint4 *out) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = read_imageui(src, (int2)(x, y));
}
__kernel void load2d_i(__read_only image2d_t src, __global int4 *out) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = read_imagei(src, (int2)(x, y));
}

// write_imagef / write_imagei / write_imageui (image_store).
__kernel void store2d(__write_only image2d_t dst, __global const float4 *in) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    write_imagef(dst, (int2)(x, y), in[y * w + x]);
}
__kernel void store2d_i(__write_only image2d_t dst, __global const int4 *in) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    write_imagei(dst, (int2)(x, y), in[y * w + x]);
}
__kernel void store2d_ui(__write_only image2d_t dst, __global const uint4 *in) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    write_imageui(dst, (int2)(x, y), in[y * w + x]);
}

// read_imagef through a sampler (image_sample): coordinates x * step + origin.
__kernel void sample2d(__read_only image2d_t src, sampler_t s, __global float4 *out,
                       float2 origin, float2 step) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = read_imagef(src, s, origin + step * (float2)(x, y));
}

// 1D, 3D and arrays.
__kernel void load1d(__read_only image1d_t src, __global float4 *out) {
    int x = get_global_id(0);
    out[x] = read_imagef(src, x);
}
__kernel void load3d(__read_only image3d_t src, __global float4 *out) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_global_size(0), h = get_global_size(1);
    out[(z * h + y) * w + x] = read_imagef(src, (int4)(x, y, z, 0));
}
__kernel void store3d(__write_only image3d_t dst, __global const float4 *in) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_global_size(0), h = get_global_size(1);
    write_imagef(dst, (int4)(x, y, z, 0), in[(z * h + y) * w + x]);
}
__kernel void load2darray(__read_only image2d_array_t src, __global float4 *out) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_global_size(0), h = get_global_size(1);
    out[(z * h + y) * w + x] = read_imagef(src, (int4)(x, y, z, 0));
}
__kernel void sample2darray(__read_only image2d_array_t src, sampler_t s, __global float4 *out,
                            float2 origin, float2 step, float layer) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    float2 c = origin + step * (float2)(x, y);
    out[y * w + x] = read_imagef(src, s, (float4)(c.x, c.y, layer, 0.0f));
}
__kernel void load1darray(__read_only image1d_array_t src, __global float4 *out) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = read_imagef(src, (int2)(x, y));
}
__kernel void sample3d(__read_only image3d_t src, sampler_t s, __global float4 *out,
                       float ox, float oy, float oz, float step) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_global_size(0), h = get_global_size(1);
    float4 c = (float4)(ox + step * x, oy + step * y, oz + step * z, 0.0f);
    out[(z * h + y) * w + x] = read_imagef(src, s, c);
}

// image_gather4 (what HIP's tex2Dgather calls): the green component of the 2x2 texels a
// bilinear filter reads. ROCm's device library has the function; OpenCL has no name for it.
float4 __ockl_image_gather4g_2D(read_only image2d_t i, sampler_t s, float2 c);
__kernel void gather2d(__read_only image2d_t src, sampler_t s, __global float4 *out,
                       float2 origin, float2 step) {
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = __ockl_image_gather4g_2D(src, s, origin + step * (float2)(x, y));
}
