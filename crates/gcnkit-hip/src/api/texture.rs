//! Arrays (`hipArray`) and texture objects. A texture object is what ROCm gives a kernel: a
//! pointer to device memory holding the image descriptor (12 dwords: a T#, or for linear
//! memory a V#, then the channel type, order and width the device library reads) and the
//! sampler descriptor (8 dwords from dword 12: an S#), which hipcc's `tex1Dfetch`/`tex2D`
//! load with scalar loads (`HIP_SAMPLER_OBJECT_OFFSET_DWORD` in HIP 5.2's
//! `texture_types.h`). The descriptors are written by the kernel machine's own functions
//! (`gcnkit::emu::image`), so the runtime and the MIMG instructions share one layout.

use super::memory::{allocate, device_range, free, memcpy, memcpy_2d, row_ranges, Extent, PitchedPtr};
use super::*;
use gcnkit::arch::Arch;
use gcnkit::emu::image::{sampler_words, with_mip_filter, with_mip_levels, HostImage, Num};
use std::collections::HashMap;
use std::sync::Mutex;

/// HIP 5.2's `hipArray` (64 bytes; the program may read its fields). `data` is the device
/// address of its texels (rows of `width` texels, packed); ROCm keeps a memory object there.
#[repr(C)]
pub struct HipArray {
    pub data: *mut c_void,
    pub desc: ChannelDesc,
    pub ty: u32,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub format: i32,
    pub num_channels: u32,
    pub is_drv: bool,
    pub texture_type: u32,
}

/// HIP 5.2's `hipResourceDesc` (64 bytes): the type, then a union whose members start with a
/// pointer (`array.array`, `linear.devPtr`, `pitch2D.devPtr`), the channel descriptor at
/// union bytes 8-27, then `linear.sizeInBytes` or `pitch2D.width`, `height`, `pitchInBytes`
/// from union byte 32 (`res[4]`, `res[5]`, `res[6]`; offsets measured with HIP 5.2's header).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ResourceDesc {
    pub res_type: i32,
    pub res: [u64; 7],
}

/// HIP 5.2's `hipTextureDesc` (64 bytes).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TextureDesc {
    pub address_mode: [i32; 3],
    pub filter_mode: i32,
    pub read_mode: i32,
    pub srgb: i32,
    pub border_color: [f32; 4],
    pub normalized_coords: i32,
    pub max_anisotropy: u32,
    pub mipmap_filter_mode: i32,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
}

pub(super) const RES_ARRAY: i32 = 0;
pub(super) const RES_MIPMAPPED: i32 = 1;
pub(super) const RES_LINEAR: i32 = 2;
pub(super) const RES_PITCH2D: i32 = 3;

/// Bytes of a texture object in device memory: 12 + 8 dwords.
const OBJECT_BYTES: usize = 80;

/// Texture alignment (`hipDeviceAttributeTextureAlignment`, `...TexturePitchAlignment`).
const ALIGN: u64 = 256;

/// A live array: where its texels are and their layout.
#[derive(Clone, Copy)]
pub(super) struct ArrayInfo {
    data: u64,
    pub(super) texel: usize,
    width: usize,
    rows: usize,
    /// Slices or layers (1 for 1D and 2D arrays).
    depth: usize,
    /// A layered array: `depth` layers of 1D (`rows` 1, no height) or 2D images.
    layered: bool,
    /// Its height was 0 (a 1D array or 1D layers).
    one_d: bool,
    /// A level of a mipmapped array: its texels are the mipmapped array's, freed with it.
    level: bool,
}

fn arrays() -> std::sync::MutexGuard<'static, HashMap<usize, ArrayInfo>> {
    static A: OnceLock<Mutex<HashMap<usize, ArrayInfo>>> = OnceLock::new();
    A.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

pub(super) fn textures() -> std::sync::MutexGuard<'static, HashMap<u64, (ResourceDesc, TextureDesc)>> {
    static T: OnceLock<Mutex<HashMap<u64, (ResourceDesc, TextureDesc)>>> = OnceLock::new();
    T.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

pub(super) fn array_of(what: &str, a: *const HipArray) -> Result<ArrayInfo, HipError> {
    arrays().get(&(a as usize)).copied().ok_or_else(|| {
        complain(format_args!("gcnkit-hip: {what}: {a:?} is not a live hipArray"));
        hipErrorInvalidValue
    })
}

/// Channels and bits per channel of a channel descriptor (all present channels alike).
pub(super) fn channels(d: &ChannelDesc) -> Result<(usize, u32), HipError> {
    let bits = [d.x, d.y, d.z, d.w];
    let n = bits.iter().take_while(|&&b| b != 0).count();
    if n == 0 || bits[n..].iter().any(|&b| b != 0) || bits[..n].iter().any(|&b| b != d.x) || !matches!(d.x, 8 | 16 | 32)
    {
        eprintln!(
            "gcnkit-hip: channel format ({}, {}, {}, {}) is not one of 1, 2 or 4 channels of 8, 16 or 32 bits",
            d.x, d.y, d.z, d.w
        );
        return Err(hipErrorInvalidValue);
    }
    Ok((n, d.x as u32))
}

/// The driver API's `hipArray_Format` codes: (code, `hipChannelFormatKind`, bits).
pub(super) const AD_FORMATS: [(i32, i32, u32); 8] = [
    (0x01, 1, 8),
    (0x02, 1, 16),
    (0x03, 1, 32),
    (0x08, 0, 8),
    (0x09, 0, 16),
    (0x0a, 0, 32),
    (0x10, 2, 16),
    (0x20, 2, 32),
];

/// The channel count and `hipArray_Format` of a channel descriptor.
pub(super) fn array_format(d: &ChannelDesc) -> Result<(usize, i32), HipError> {
    let (n, bits) = channels(d)?;
    let &(code, ..) = AD_FORMATS
        .iter()
        .find(|a| a.1 == d.f && a.2 == bits)
        .ok_or(hipErrorInvalidValue)?;
    Ok((n, code))
}

/// HIP 5.2's `HIP_ARRAY_DESCRIPTOR` (the driver API's arrays).
#[repr(C)]
pub struct ArrayDescriptor {
    pub width: usize,
    pub height: usize,
    pub format: i32,
    pub num_channels: u32,
}

pub unsafe extern "C" fn hipMallocArray(
    array: *mut *mut HipArray,
    desc: *const ChannelDesc,
    width: usize,
    height: usize,
    flags: u32,
) -> i32 {
    guard(|| {
        if desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // hipArrayLayered (1) and hipArrayCubemap (4) are not modelled; SurfaceLoadStore (2)
        // and TextureGather (8) change nothing.
        if flags & !(2 | 8) != 0 {
            eprintln!(
                "gcnkit-hip: hipMallocArray: flags 0x{flags:x} (layered or cube map arrays) are not supported yet"
            );
            return Err(hipErrorNotSupported);
        }
        // SAFETY: the program's descriptor (checked non-null).
        make_array(array, unsafe { *desc }, [width, height, 0], false, false)
    })
}

/// The driver API's form: the format and channel count make the channel descriptor.
pub unsafe extern "C" fn hipArrayCreate(array: *mut *mut HipArray, desc: *const ArrayDescriptor) -> i32 {
    guard(|| {
        if desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's descriptor (checked non-null).
        let d = unsafe { &*desc };
        let cd = format_channels(d.format, d.num_channels)?;
        make_array(array, cd, [d.width, d.height, 0], false, true)
    })
}

/// The channel descriptor of `n` channels of a `hipArray_Format`.
pub(super) fn format_channels(format: i32, n: u32) -> Result<ChannelDesc, HipError> {
    let &(_, f, bits) = AD_FORMATS.iter().find(|a| a.0 == format).ok_or(hipErrorInvalidValue)?;
    if !matches!(n, 1 | 2 | 4) {
        return Err(hipErrorInvalidValue);
    }
    let b = |k: u32| if k < n { bits as i32 } else { 0 };
    Ok(ChannelDesc {
        x: b(0),
        y: b(1),
        z: b(2),
        w: b(3),
        f,
    })
}

/// HIP 5.2's `HIP_ARRAY3D_DESCRIPTOR`.
#[repr(C)]
pub struct Array3dDescriptor {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub format: i32,
    pub num_channels: u32,
    pub flags: u32,
}

/// The driver API's 3D (or layered) arrays: as `hipMalloc3DArray`.
pub unsafe extern "C" fn hipArray3DCreate(array: *mut *mut HipArray, desc: *const Array3dDescriptor) -> i32 {
    guard(|| {
        if desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's descriptor (checked non-null).
        let d = unsafe { &*desc };
        let cd = format_channels(d.format, d.num_channels)?;
        let layered = array_flags("hipArray3DCreate", d.flags, d.height, d.depth)?;
        make_array(array, cd, [d.width, d.height, d.depth], layered, true)
    })
}

/// Checks a 3D array's flags and shape; is it layered?
pub(super) fn array_flags(what: &str, flags: u32, height: usize, depth: usize) -> Result<bool, HipError> {
    // hipArrayLayered (1): `depth` layers; hipArrayCubemap (4) is not modelled;
    // SurfaceLoadStore (2) and TextureGather (8) change nothing.
    if flags & !(1 | 2 | 8) != 0 {
        eprintln!("gcnkit-hip: {what}: flags 0x{flags:x} (cube map arrays) are not supported yet");
        return Err(hipErrorNotSupported);
    }
    let layered = flags & 1 != 0;
    if (depth > 0 && height == 0 && !layered) || (layered && depth == 0) {
        return Err(hipErrorInvalidValue);
    }
    Ok(layered)
}

/// A 3D array (depth 0: a 1D or 2D one); the extent is in texels.
pub unsafe extern "C" fn hipMalloc3DArray(
    array: *mut *mut HipArray,
    desc: *const ChannelDesc,
    extent: Extent,
    flags: u32,
) -> i32 {
    guard(|| {
        if desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let layered = array_flags("hipMalloc3DArray", flags, extent.height, extent.depth)?;
        // SAFETY: the program's descriptor (checked non-null).
        make_array(
            array,
            unsafe { *desc },
            [extent.width, extent.height, extent.depth],
            layered,
            false,
        )
    })
}

/// An array of `width` x `height` (0: a 1D array) x `depth` (0: not 3D) texels of format `d`.
fn make_array(
    array: *mut *mut HipArray,
    d: ChannelDesc,
    size: [usize; 3],
    layered: bool,
    is_drv: bool,
) -> Result<(), HipError> {
    array_in(array, d, size, layered, is_drv, None)
}

/// The bytes of an array of `size` (as [`make_array`]'s) of format `d`.
pub(super) fn array_bytes(d: &ChannelDesc, size: [usize; 3]) -> Result<usize, HipError> {
    let [width, height, depth] = size;
    if width == 0 || width > 16384 || height > 16384 || depth > 8192 {
        return Err(hipErrorInvalidValue);
    }
    let (n, _) = array_format(d)?;
    Ok(width * height.max(1) * depth.max(1) * n * d.x as usize / 8)
}

/// [`make_array`] with its texels at `level` (a level of a mipmapped array, which owns
/// them) or, for `None`, in a new allocation.
pub(super) fn array_in(
    array: *mut *mut HipArray,
    d: ChannelDesc,
    size: [usize; 3],
    layered: bool,
    is_drv: bool,
    level: Option<u64>,
) -> Result<(), HipError> {
    let [width, height, depth] = size;
    let bytes = array_bytes(&d, size)?;
    if array.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let (n, format) = array_format(&d)?;
    let texel = bytes / (width * height.max(1) * depth.max(1));
    let rows = height.max(1);
    let mut data: *mut c_void = level.unwrap_or(0) as *mut c_void;
    if level.is_none() {
        // SAFETY: a local out-pointer.
        unsafe { allocate(&mut data, bytes, |rt, b| Ok(rt.device()?.alloc(b))) }?;
    }
    let a = Box::into_raw(Box::new(HipArray {
        data,
        desc: d,
        ty: 0,
        width: width as u32,
        height: height as u32,
        depth: depth as u32,
        format,
        num_channels: n as u32,
        is_drv,
        texture_type: if layered && height == 0 {
            0xf1
        } else if layered {
            0xf2
        } else if depth > 0 {
            3
        } else if height == 0 {
            1
        } else {
            2
        },
    }));
    arrays().insert(
        a as usize,
        ArrayInfo {
            data: data as u64,
            texel,
            width,
            rows,
            depth: depth.max(1),
            layered,
            one_d: height == 0,
            level: level.is_some(),
        },
    );
    // SAFETY: checked non-null.
    unsafe { *array = a };
    Ok(())
}

pub unsafe extern "C" fn hipFreeArray(array: *mut HipArray) -> i32 {
    blocking(|| {
        let info = array_of("hipFreeArray", array)?;
        if info.level {
            eprintln!("gcnkit-hip: hipFreeArray: {array:?} is a level of a mipmapped array (freed with it)");
            return Err(hipErrorInvalidValue);
        }
        free(info.data as *mut c_void)?;
        drop_array(array);
        Ok(())
    })
}

/// Forgets a live array and frees its `HipArray` (not its texels).
pub(super) fn drop_array(array: *mut HipArray) {
    if arrays().remove(&(array as usize)).is_some() {
        // SAFETY: made by array_in's Box and removed from the live set just now.
        drop(unsafe { Box::from_raw(array) });
    }
}

pub unsafe extern "C" fn hipArrayDestroy(array: *mut HipArray) -> i32 {
    // SAFETY: as hipFreeArray.
    unsafe { hipFreeArray(array) }
}

pub unsafe extern "C" fn hipGetChannelDesc(desc: *mut ChannelDesc, array: *const HipArray) -> i32 {
    guard(|| {
        array_of("hipGetChannelDesc", array)?;
        if desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: a live array (checked) and the program's out-pointer.
        unsafe { *desc = (*array).desc };
        Ok(())
    })
}

/// The device address of byte `w_offset` of row `h_offset` of an array, with `width` bytes
/// of `height` rows from there inside it.
pub(super) fn array_at(
    what: &str,
    a: &ArrayInfo,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
) -> Result<u64, HipError> {
    let row = a.width * a.texel;
    let fits = w_offset.checked_add(width).is_some_and(|e| e <= row)
        && h_offset.checked_add(height).is_some_and(|e| e <= a.rows);
    if !fits {
        complain(format_args!(
            "gcnkit-hip: {what}: {height} rows of {width} bytes at byte {w_offset} of row {h_offset} are outside the array ({} rows of {row} bytes)",
            a.rows
        ));
        return Err(hipErrorInvalidValue);
    }
    Ok(a.data + (h_offset * row + w_offset) as u64)
}

/// [`array_at`] of a program's array, with the array's row pitch (for 2D copies).
pub(super) fn array_rows(
    what: &str,
    a: *const HipArray,
    (w_offset, h_offset): (usize, usize),
    (width, height): (usize, usize),
) -> Result<(u64, usize), HipError> {
    let a = array_of(what, a)?;
    Ok((
        array_at(what, &a, w_offset, h_offset, width, height)?,
        a.width * a.texel,
    ))
}

/// The device address of `count` bytes from byte `w_offset` of row `h_offset` (rows packed).
pub(super) fn array_run(
    what: &str,
    a: &ArrayInfo,
    w_offset: usize,
    h_offset: usize,
    count: usize,
) -> Result<u64, HipError> {
    let row = a.width * a.texel;
    let start = h_offset.checked_mul(row).and_then(|v| v.checked_add(w_offset));
    match start {
        Some(s) if w_offset < row && s.checked_add(count).is_some_and(|e| e <= row * a.rows) => Ok(a.data + s as u64),
        _ => {
            complain(format_args!(
                "gcnkit-hip: {what}: {count} bytes at byte {w_offset} of row {h_offset} are outside the array"
            ));
            Err(hipErrorInvalidValue)
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DToArray(
    dst: *mut HipArray,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    let what = "hipMemcpy2DToArray";
    let (at, size) = ((w_offset, h_offset), (width, height));
    blocking_copy(
        what,
        || array_2d_rows(what, dst, at, src, spitch, size, true),
        || {
            let (d, row) = array_rows(what, dst, at, size)?;
            // SAFETY: the program's source rows, as hipMemcpy2D takes them; the array's checked.
            unsafe { memcpy_2d(what, d as *mut c_void, row, src, spitch, width, height, kind) }
        },
    )
}

pub unsafe extern "C" fn hipMemcpyToArray(
    dst: *mut HipArray,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> i32 {
    let what = "hipMemcpyToArray";
    let run = || array_run(what, &array_of(what, dst)?, w_offset, h_offset, count);
    blocking_copy(
        what,
        || run_rows(run(), src, count, true),
        || {
            let d = run()?;
            // SAFETY: the program's source range, as hipMemcpy takes it.
            unsafe { memcpy(what, d as *mut c_void, src, count, kind) }
        },
    )
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DFromArray(
    dst: *mut c_void,
    dpitch: usize,
    src: *const HipArray,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    let what = "hipMemcpy2DFromArray";
    let (at, size) = ((w_offset, h_offset), (width, height));
    blocking_copy(
        what,
        || array_2d_rows(what, src, at, dst, dpitch, size, false),
        || {
            let (s, row) = array_rows(what, src, at, size)?;
            // SAFETY: the program's destination rows, as hipMemcpy2D takes them.
            unsafe { memcpy_2d(what, dst, dpitch, s as *const c_void, row, width, height, kind) }
        },
    )
}

/// The rows a 2D copy between an array and a pointer's rows touches, for the race check:
/// the array's (rows of its width) and the pointer's, the array's written when `to_array`
/// (none for arguments the copy refuses: it says why).
pub(super) fn array_2d_rows(
    what: &str,
    a: *const HipArray,
    at: (usize, usize),
    ptr: *const c_void,
    pitch: usize,
    (width, height): (usize, usize),
    to_array: bool,
) -> Vec<(u64, u64, bool)> {
    let mut v = Vec::new();
    if let Ok((start, row)) = array_rows(what, a, at, (width, height)) {
        row_ranges(&mut v, ptr, width, pitch, height, 0, 1, !to_array);
        row_ranges(&mut v, start as *const c_void, width, row, height, 0, 1, to_array);
    }
    v
}

/// A run of `count` bytes of an array at `start` and of a pointer's, for the race check, the
/// array's written when `to_array`.
pub(super) fn run_rows(start: Result<u64, HipError>, ptr: *const c_void, count: usize, to_array: bool) -> Vec<(u64, u64, bool)> {
    match start {
        Ok(a) => vec![(ptr as u64, count as u64, !to_array), (a, count as u64, to_array)],
        Err(_) => Vec::new(),
    }
}

pub unsafe extern "C" fn hipMemcpyFromArray(
    dst: *mut c_void,
    src: *const HipArray,
    w_offset: usize,
    h_offset: usize,
    count: usize,
    kind: i32,
) -> i32 {
    let what = "hipMemcpyFromArray";
    let run = || array_run(what, &array_of(what, src)?, w_offset, h_offset, count);
    blocking_copy(
        what,
        || run_rows(run(), dst, count, false),
        || {
            let s = run()?;
            // SAFETY: the program's destination range, as hipMemcpy takes it.
            unsafe { memcpy(what, dst, s as *const c_void, count, kind) }
        },
    )
}

/// An array as the pitched volume `hipMemcpy3D` copies (rows of its width, slices of its
/// rows) and its texel's size (the copy's x and width are in texels on an array's side).
pub(super) fn array_volume(what: &str, a: *const c_void) -> Result<(PitchedPtr, usize), HipError> {
    let i = array_of(what, a as *const HipArray)?;
    let row = i.width * i.texel;
    let v = PitchedPtr {
        ptr: i.data as *mut c_void,
        pitch: row,
        xsize: row,
        ysize: i.rows,
    };
    Ok((v, i.texel))
}

/// The number format of a channel descriptor under a read mode, as ROCm 5.2 picks the image
/// format: floats stay floats, 8- and 16-bit integers read as normalized floats under
/// `hipReadModeNormalizedFloat`, 32-bit integers always as integers.
fn number_format(kind: i32, bits: u32, read_mode: i32) -> Result<Num, HipError> {
    let normalized = read_mode == 1 && bits < 32;
    Ok(match kind {
        0 if normalized => Num::Snorm,
        0 => Num::Sint,
        1 if normalized => Num::Unorm,
        1 => Num::Uint,
        2 => Num::Float,
        _ => return Err(hipErrorInvalidValue),
    })
}

fn image(size: [u32; 3], d: &ChannelDesc, read_mode: i32) -> Result<HostImage, HipError> {
    let (n, bits) = channels(d)?;
    let num = number_format(d.f, bits, read_mode)?;
    HostImage::of_channels(size, n, bits, num).map_err(|e| {
        eprintln!("gcnkit-hip: hipCreateTextureObject: {e}");
        hipErrorInvalidValue
    })
}

/// The channel descriptor at union bytes 8-27 of a resource descriptor.
pub(super) fn res_channel(r: &ResourceDesc) -> ChannelDesc {
    let b: Vec<u8> = r.res[1..4].iter().flat_map(|w| w.to_le_bytes()).collect();
    let i = |k: usize| i32::from_le_bytes(b[4 * k..4 * k + 4].try_into().unwrap_or([0; 4]));
    ChannelDesc {
        x: i(0),
        y: i(1),
        z: i(2),
        w: i(3),
        f: i(4),
    }
}

fn aligned(what: &str, p: u64) -> Result<(), HipError> {
    if p == 0 || !p.is_multiple_of(ALIGN) {
        eprintln!(
            "gcnkit-hip: hipCreateTextureObject: {what} 0x{p:x} is not a device pointer aligned to {ALIGN} bytes"
        );
        return Err(hipErrorInvalidValue);
    }
    Ok(())
}

pub unsafe extern "C" fn hipCreateTextureObject(
    tex: *mut *mut c_void,
    res: *const ResourceDesc,
    desc: *const TextureDesc,
    view: *const c_void,
) -> i32 {
    blocking(|| {
        if tex.is_null() || res.is_null() || desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's descriptors (HIP 5.2's layouts).
        let (r, t) = unsafe { (*res, *desc) };
        if !view.is_null() {
            if !matches!(r.res_type, RES_ARRAY | RES_MIPMAPPED) {
                return Err(hipErrorInvalidValue);
            }
            eprintln!("gcnkit-hip: hipCreateTextureObject: resource views are not supported yet");
            return Err(hipErrorNotSupported);
        }
        let p = create(r, t)?;
        // SAFETY: checked non-null.
        unsafe { *tex = p as *mut c_void };
        Ok(())
    })
}

/// The image object (T# and the device library's dwords 8-10) of a live array, its texels
/// read as `read_mode` gives (`hipReadModeElementType`: as stored, a surface's format).
pub(super) fn array_object(
    what: &str,
    arch: Arch,
    array: *const HipArray,
    read_mode: i32,
) -> Result<[u8; 48], HipError> {
    let a = array_of(what, array)?;
    // SAFETY: a live array (checked).
    let (d, depth) = unsafe { ((*array).desc, (*array).depth) };
    let (w, h, n) = (a.width as u32, a.rows as u32, a.depth as u32);
    // A 3D array of one slice is still 3D.
    let (ty, size) = match (a.layered, a.one_d) {
        (true, true) => ("image1d_array_t", [w, n, 1]),
        (true, false) => ("image2d_array_t", [w, h, n]),
        (false, true) => ("image1d_t", [w, 1, 1]),
        (false, false) if depth > 0 => ("image3d_t", [w, h, n]),
        (false, false) => ("image2d_t", [w, h, 1]),
    };
    image(size, &d, read_mode)?.object(arch, a.data, ty).map_err(|e| {
        eprintln!("gcnkit-hip: {what}: {e}");
        hipErrorInvalidValue
    })
}

/// A texture object of resource `r` sampled as `t`: its descriptors in device memory.
fn create(r: ResourceDesc, t: TextureDesc) -> Result<u64, HipError> {
    // As ROCm 5.2: no anisotropy, LOD bias or clamps.
    if t.max_anisotropy != 0
        || t.mipmap_level_bias != 0.0
        || t.min_mipmap_level_clamp != 0.0
        || t.max_mipmap_level_clamp != 0.0
    {
        eprintln!(
            "gcnkit-hip: hipCreateTextureObject: anisotropy and LOD bias or clamps are not supported (nor by ROCm 5.2)"
        );
        return Err(hipErrorNotSupported);
    }
    if t.srgb != 0 {
        eprintln!("gcnkit-hip: hipCreateTextureObject: sRGB textures are not supported yet");
        return Err(hipErrorNotSupported);
    }
    let arch = gpu()?.arch;
    let what = "hipCreateTextureObject";
    let err = |e: String| {
        eprintln!("gcnkit-hip: {what}: {e}");
        hipErrorInvalidValue
    };
    let object = match r.res_type {
        RES_ARRAY => array_object(what, arch, r.res[0] as *const HipArray, t.read_mode)?,
        RES_MIPMAPPED => {
            // Mipmapped arrays take normalized coordinates (as ROCm checks).
            if t.normalized_coords == 0 {
                return Err(err("a mipmapped array with unnormalized coordinates".into()));
            }
            let (level0, levels) = super::mipmaps::chain_of(r.res[0] as *const _)?;
            let mut o = array_object(what, arch, level0, t.read_mode)?;
            with_mip_levels(&mut o, levels).map_err(err)?;
            o
        }
        RES_LINEAR => {
            let (p, size) = (r.res[0], r.res[4]);
            aligned("linear.devPtr", p)?;
            let d = res_channel(&r);
            let (n, bits) = channels(&d)?;
            let texel = (n * bits as usize / 8) as u64;
            let elements = size / texel;
            if elements == 0 || elements >= 1 << 27 {
                return Err(err(format!("{size} bytes are not 1 to 2^27 - 1 texels")));
            }
            device_range(what, p, size as usize)?;
            image([1, 1, 1], &d, t.read_mode)?
                .buffer_object(p, elements as u32)
                .map_err(err)?
        }
        RES_PITCH2D => {
            let (p, w, h, pitch) = (r.res[0], r.res[4], r.res[5], r.res[6]);
            aligned("pitch2D.devPtr", p)?;
            let d = res_channel(&r);
            let (n, bits) = channels(&d)?;
            let texel = (n * bits as usize / 8) as u64;
            if w == 0 || h == 0 || w > 16384 || h > 16384 || !pitch.is_multiple_of(ALIGN) || pitch < w * texel {
                return Err(err(format!(
                    "pitch2D {w} x {h} texels with a pitch of {pitch} bytes (a multiple of {ALIGN}, at least a row)"
                )));
            }
            let bytes = (h - 1)
                .checked_mul(pitch)
                .and_then(|b| b.checked_add(w * texel))
                .ok_or(hipErrorInvalidValue)?;
            device_range(what, p, bytes as usize)?;
            let pitch_texels = u32::try_from(pitch / texel).map_err(|_| hipErrorInvalidValue)?;
            image([w as u32, h as u32, 1], &d, t.read_mode)?
                .object_pitched(arch, p, "image2d_t", pitch_texels)
                .map_err(err)?
        }
        other => return Err(err(format!("resource type {other}"))),
    };
    // The sampler, as ROCm 5.2 makes it: one addressing mode (the first) for every axis,
    // wrap and mirror taken as clamp for unnormalized coordinates; border is transparent
    // black (HIP's borderColor is not read, as in ROCm 5.2).
    let normalized = t.normalized_coords != 0;
    let clamp = match t.address_mode[0] {
        0 | 2 if !normalized => 2,
        0 => 0,
        1 => 2,
        2 => 1,
        3 => 6,
        m => return Err(err(format!("address mode {m}"))),
    };
    let linear = match t.filter_mode {
        0 => false,
        1 => true,
        f => return Err(err(format!("filter mode {f}"))),
    };
    let mut bytes = [0u8; OBJECT_BYTES];
    bytes[..48].copy_from_slice(&object);
    let mut sampler = sampler_words(arch, !normalized, clamp, linear);
    if r.res_type == RES_MIPMAPPED {
        with_mip_filter(&mut sampler, t.mipmap_filter_mode == 1);
    }
    bytes[48..64].copy_from_slice(&sampler);
    let mut p: *mut c_void = std::ptr::null_mut();
    // SAFETY: a local out-pointer.
    unsafe { allocate(&mut p, OBJECT_BYTES, |rt, b| Ok(rt.device()?.alloc(b))) }?;
    // SAFETY: the allocation just made, from a local buffer.
    unsafe { memcpy(what, p, bytes.as_ptr() as *const c_void, OBJECT_BYTES, 1) }?;
    textures().insert(p as u64, (r, t));
    Ok(p as u64)
}

pub extern "C" fn hipDestroyTextureObject(tex: *mut c_void) -> i32 {
    blocking(|| {
        if tex.is_null() {
            return Ok(());
        }
        if textures().remove(&(tex as u64)).is_none() {
            eprintln!("gcnkit-hip: hipDestroyTextureObject: {tex:?} is not a live texture object");
            return Err(hipErrorInvalidValue);
        }
        free(tex)
    })
}

/// Writes what `pick` takes from a live texture object's descriptors to the program's `out`.
fn give<T>(
    out: *mut T,
    tex: *mut c_void,
    pick: impl FnOnce(&(ResourceDesc, TextureDesc)) -> T,
) -> Result<(), HipError> {
    let v = textures().get(&(tex as u64)).map(pick).ok_or_else(|| {
        eprintln!("gcnkit-hip: {tex:?} is not a live texture object");
        hipErrorInvalidValue
    })?;
    if out.is_null() {
        return Err(hipErrorInvalidValue);
    }
    // SAFETY: the program's out-pointer (checked non-null).
    unsafe { out.write(v) };
    Ok(())
}

pub unsafe extern "C" fn hipGetTextureObjectResourceDesc(res: *mut ResourceDesc, tex: *mut c_void) -> i32 {
    guard(|| give(res, tex, |d| d.0))
}

pub unsafe extern "C" fn hipGetTextureObjectTextureDesc(desc: *mut TextureDesc, tex: *mut c_void) -> i32 {
    guard(|| give(desc, tex, |d| d.1))
}

// ---- The driver API's texture objects (`hipTexObjectCreate`): the same objects, the
// resource's format given as a `hipArray_Format` and a channel count ----

/// HIP 5.2's `HIP_RESOURCE_DESC` (144 bytes): the type, a 128-byte union, flags.
#[repr(C)]
pub struct DrvResourceDesc {
    pub res_type: i32,
    pub res: [u64; 16],
    pub flags: u32,
}

/// HIP 5.2's `HIP_TEXTURE_DESC` (104 bytes).
#[repr(C)]
pub struct DrvTextureDesc {
    pub address_mode: [i32; 3],
    pub filter_mode: i32,
    pub flags: u32,
    pub max_anisotropy: u32,
    pub mipmap_filter_mode: i32,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub border_color: [f32; 4],
    pub reserved: [i32; 12],
}

pub unsafe extern "C" fn hipTexObjectCreate(
    tex: *mut *mut c_void,
    res: *const DrvResourceDesc,
    desc: *const DrvTextureDesc,
    view: *const c_void,
) -> i32 {
    blocking(|| {
        if tex.is_null() || res.is_null() || desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        if !view.is_null() {
            eprintln!("gcnkit-hip: hipTexObjectCreate: resource views are not supported yet");
            return Err(hipErrorNotSupported);
        }
        // SAFETY: the program's descriptors (HIP 5.2's layouts).
        let (r, d) = unsafe { (&*res, &*desc) };
        // The union's `format` and `numChannels` (after the pointer) as a channel descriptor.
        let channel = || -> Result<ChannelDesc, HipError> {
            let (format, n) = (r.res[1] as u32 as i32, (r.res[1] >> 32) as u32);
            format_channels(format, n)
        };
        let with_channel = |kind: i32, words: [u64; 3]| -> Result<ResourceDesc, HipError> {
            Ok(linear_res(kind, r.res[0] as *const c_void, channel()?, words))
        };
        let rd = match r.res_type {
            RES_ARRAY | RES_MIPMAPPED => ResourceDesc {
                res_type: r.res_type,
                res: [r.res[0], 0, 0, 0, 0, 0, 0],
            },
            RES_LINEAR => with_channel(RES_LINEAR, [r.res[2], 0, 0])?,
            RES_PITCH2D => with_channel(RES_PITCH2D, [r.res[2], r.res[3], r.res[4]])?,
            _ => return Err(hipErrorInvalidValue),
        };
        // HIP_TRSF_READ_AS_INTEGER (1), HIP_TRSF_NORMALIZED_COORDINATES (2), HIP_TRSF_SRGB (16).
        let td = TextureDesc {
            address_mode: d.address_mode,
            filter_mode: d.filter_mode,
            read_mode: if d.flags & 1 != 0 { 0 } else { 1 },
            srgb: (d.flags & 16 != 0) as i32,
            border_color: d.border_color,
            normalized_coords: (d.flags & 2 != 0) as i32,
            max_anisotropy: d.max_anisotropy,
            mipmap_filter_mode: d.mipmap_filter_mode,
            mipmap_level_bias: d.mipmap_level_bias,
            min_mipmap_level_clamp: d.min_mipmap_level_clamp,
            max_mipmap_level_clamp: d.max_mipmap_level_clamp,
        };
        let p = create(rd, td)?;
        // SAFETY: checked non-null.
        unsafe { *tex = p as *mut c_void };
        Ok(())
    })
}

pub extern "C" fn hipTexObjectDestroy(tex: *mut c_void) -> i32 {
    hipDestroyTextureObject(tex)
}

// ---- Texture references (`texture<T, dim, mode>`): a device variable holding HIP's
// `textureReference`, whose `textureObject` the device code reads (offset 72); binding makes a
// texture object from the reference's settings and writes the reference to the variable ----

/// HIP 5.2's `textureReference` (88 bytes).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TextureReference {
    pub normalized: i32,
    pub read_mode: i32,
    pub filter_mode: i32,
    pub address_mode: [i32; 3],
    pub channel_desc: ChannelDesc,
    pub srgb: i32,
    pub max_anisotropy: u32,
    pub mipmap_filter_mode: i32,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub texture_object: *mut c_void,
    pub num_channels: i32,
    pub format: i32,
}

/// clang registers each `texture<>` variable as it registers a `__device__` one.
pub unsafe extern "C" fn __hipRegisterTexture(
    modules: *mut *mut c_void,
    var: *mut c_void,
    _host_var: *mut c_char,
    device_var: *const c_char,
    _ty: i32,
    _norm: i32,
    _ext: i32,
) {
    // SAFETY: as __hipRegisterVar's (clang's arguments).
    unsafe {
        __hipRegisterVar(
            modules,
            var,
            std::ptr::null_mut(),
            device_var,
            0,
            size_of::<TextureReference>(),
            0,
            0,
        )
    }
}

/// Binds the reference at `tex` (the program's host variable) to resource `r`: a new texture
/// object (the old one destroyed), kept in the host variable and written to the device's.
pub(super) fn bind(tex: *const TextureReference, r: ResourceDesc) -> Result<(), HipError> {
    if tex.is_null() {
        return Err(hipErrorInvalidValue);
    }
    // SAFETY: the program's texture reference (HIP 5.2's layout).
    let mut h = unsafe { *tex };
    let t = TextureDesc {
        address_mode: h.address_mode,
        filter_mode: h.filter_mode,
        read_mode: h.read_mode,
        srgb: h.srgb,
        border_color: [0.0; 4],
        normalized_coords: h.normalized,
        max_anisotropy: h.max_anisotropy,
        mipmap_filter_mode: h.mipmap_filter_mode,
        mipmap_level_bias: h.mipmap_level_bias,
        min_mipmap_level_clamp: h.min_mipmap_level_clamp,
        max_mipmap_level_clamp: h.max_mipmap_level_clamp,
    };
    let obj = create(r, t)?;
    unbind_object(h.texture_object);
    h.texture_object = obj as *mut c_void;
    publish(tex, h)
}

pub(super) fn unbind_object(old: *mut c_void) {
    if textures().remove(&(old as u64)).is_some() {
        let _ = free(old);
    }
}

/// The reference `h` into the program's host variable and the device's (the program's own
/// `texture<>` variable or a module's, `texrefs::device_var`).
pub(super) fn publish(tex: *const TextureReference, h: TextureReference) -> Result<(), HipError> {
    // SAFETY: the program's variable: ROCm writes the object into it as well.
    unsafe { (tex as *mut TextureReference).write(h) };
    super::texrefs::write_device_var("hipBindTexture", tex, &h)
}

/// The program's channel descriptor.
fn channel_desc(desc: *const ChannelDesc) -> Result<ChannelDesc, HipError> {
    if desc.is_null() {
        return Err(hipErrorInvalidValue);
    }
    // SAFETY: the program's channel descriptor (checked non-null).
    Ok(unsafe { *desc })
}

/// A linear or pitched resource of format `d` at `p`, with its size words.
pub(super) fn linear_res(kind: i32, p: *const c_void, d: ChannelDesc, words: [u64; 3]) -> ResourceDesc {
    let b: Vec<u8> = [d.x, d.y, d.z, d.w, d.f, 0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let w = |k: usize| u64::from_le_bytes(b[8 * k..8 * k + 8].try_into().unwrap_or([0; 8]));
    ResourceDesc {
        res_type: kind,
        res: [p as u64, w(0), w(1), w(2), words[0], words[1], words[2]],
    }
}

pub unsafe extern "C" fn hipBindTextureToArray(
    tex: *const TextureReference,
    array: *const HipArray,
    _desc: *const ChannelDesc,
) -> i32 {
    blocking(|| {
        bind(
            tex,
            ResourceDesc {
                res_type: RES_ARRAY,
                res: [array as u64, 0, 0, 0, 0, 0, 0],
            },
        )
    })
}

/// Binds a reference to a whole mipmapped array (`tex2DLod`); the reference's
/// `normalized` must be set (as for any texture of a mipmapped array).
pub unsafe extern "C" fn hipBindTextureToMipmappedArray(
    tex: *const TextureReference,
    m: *const c_void,
    _desc: *const ChannelDesc,
) -> i32 {
    blocking(|| {
        bind(
            tex,
            ResourceDesc {
                res_type: RES_MIPMAPPED,
                res: [m as u64, 0, 0, 0, 0, 0, 0],
            },
        )
    })
}

pub unsafe extern "C" fn hipBindTexture(
    offset: *mut usize,
    tex: *const TextureReference,
    dev_ptr: *const c_void,
    desc: *const ChannelDesc,
    size: usize,
) -> i32 {
    blocking(|| {
        bind(
            tex,
            linear_res(RES_LINEAR, dev_ptr, channel_desc(desc)?, [size as u64, 0, 0]),
        )?;
        if !offset.is_null() {
            // SAFETY: the program's out-pointer.
            unsafe { *offset = 0 };
        }
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipBindTexture2D(
    offset: *mut usize,
    tex: *const TextureReference,
    dev_ptr: *const c_void,
    desc: *const ChannelDesc,
    width: usize,
    height: usize,
    pitch: usize,
) -> i32 {
    blocking(|| {
        bind(
            tex,
            linear_res(
                RES_PITCH2D,
                dev_ptr,
                channel_desc(desc)?,
                [width as u64, height as u64, pitch as u64],
            ),
        )?;
        if !offset.is_null() {
            // SAFETY: the program's out-pointer.
            unsafe { *offset = 0 };
        }
        Ok(())
    })
}

pub unsafe extern "C" fn hipUnbindTexture(tex: *const TextureReference) -> i32 {
    blocking(|| {
        if tex.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's texture reference.
        let mut h = unsafe { *tex };
        unbind_object(h.texture_object);
        h.texture_object = std::ptr::null_mut();
        publish(tex, h)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Offsets measured from HIP 5.2's header (offsetof in a C++ program).
    #[test]
    fn layouts_are_hip_5_2s() {
        assert_eq!(size_of::<HipArray>(), 64);
        assert_eq!(offset_of!(HipArray, width), 32);
        assert_eq!(offset_of!(HipArray, format), 44);
        assert_eq!(offset_of!(HipArray, texture_type), 56);
        assert_eq!(size_of::<ResourceDesc>(), 64);
        assert_eq!(size_of::<TextureDesc>(), 64);
        assert_eq!(offset_of!(TextureDesc, normalized_coords), 40);
        assert_eq!(offset_of!(TextureDesc, max_mipmap_level_clamp), 60);
        assert_eq!(size_of::<TextureReference>(), 88);
        assert_eq!(size_of::<DrvResourceDesc>(), 144);
        assert_eq!(size_of::<DrvTextureDesc>(), 104);
        assert_eq!(size_of::<Array3dDescriptor>(), 40);
        assert_eq!(offset_of!(DrvTextureDesc, border_color), 40);
        assert_eq!(offset_of!(TextureReference, texture_object), 72);
    }
}
