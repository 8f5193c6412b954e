//! The driver API's texture references: `hipModuleGetTexRef` (a module's `texture<>` variable)
//! and the `hipTexRefSet*`/`hipTexRefGet*` family, as ROCm 5.2 defines them. A reference is
//! HIP's 88-byte `textureReference` on the host; the setters of its settings change the host
//! struct only, and the binding ones (`hipTexRefSetArray`, `hipTexRefSetAddress`,
//! `hipTexRefSetAddress2D`) make a texture object from those settings and write the struct to
//! the module's device variable, whose `textureObject` the kernel reads. They also bind the
//! runtime API's references (a `texture<>` variable of the program, `hipGetTextureReference`).

use super::memory::memcpy;
use super::texture::{
    bind, format_channels, linear_res, textures, ArrayDescriptor, HipArray, ResourceDesc, TextureReference, RES_ARRAY,
    RES_LINEAR, RES_PITCH2D,
};
use super::*;
use std::collections::HashMap;
use std::sync::Mutex;

/// Texture alignment (`hipDeviceAttributeTextureAlignment`): `hipTexRefSetAddress`'s offset.
const ALIGN: u64 = 256;

/// The references `hipModuleGetTexRef` made: the host struct's address -> the device variable's.
fn module_refs() -> std::sync::MutexGuard<'static, HashMap<usize, u64>> {
    static R: OnceLock<Mutex<HashMap<usize, u64>>> = OnceLock::new();
    R.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The device variable of a reference: a module's (`hipModuleGetTexRef`) or the program's own
/// `texture<>` variable; else `hipErrorNotFound` (ROCm's answer for an unknown reference).
pub(super) fn device_var(tex: *const TextureReference) -> Result<u64, HipError> {
    if let Some(&at) = module_refs().get(&(tex as usize)) {
        return Ok(at);
    }
    super::variables::symbol_range(tex as *const c_void, size_of::<TextureReference>(), 0).map_err(|_| {
        eprintln!("gcnkit-hip: {tex:?} is not a texture reference of a module or of the program");
        hipErrorNotFound
    })
}

/// A module's `texture<>` variable as a new driver API reference: settings as the header's
/// `texture<char>` constructor leaves them (point filter, clamp, unnormalized), read mode
/// normalized float (ROCm 5.2's default for the driver API), unbound.
pub unsafe extern "C" fn hipModuleGetTexRef(
    out: *mut *mut TextureReference,
    module: *mut c_void,
    name: *const c_char,
) -> i32 {
    guard(|| {
        if out.is_null() || name.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let m = runtime::module_of(module as *mut *mut c_void).ok_or(hipErrorNotFound)?;
        // SAFETY: a NUL-terminated name.
        let name = unsafe { c_str(name) };
        let s = with(|rt| rt.loaded(m)?.symbol(&name).cloned().ok_or(hipErrorNotFound))?;
        if s.size as usize != size_of::<TextureReference>() {
            eprintln!(
                "gcnkit-hip: hipModuleGetTexRef: {name} is not a texture reference ({} bytes)",
                s.size
            );
            return Err(hipErrorNotFound);
        }
        let r = Box::into_raw(Box::new(TextureReference {
            normalized: 0,
            read_mode: 1,
            filter_mode: 0,
            address_mode: [1; 3],
            channel_desc: ChannelDesc {
                x: 8,
                y: 0,
                z: 0,
                w: 0,
                f: 0,
            },
            srgb: 0,
            max_anisotropy: 0,
            mipmap_filter_mode: 0,
            mipmap_level_bias: 0.0,
            min_mipmap_level_clamp: 0.0,
            max_mipmap_level_clamp: 0.0,
            texture_object: std::ptr::null_mut(),
            num_channels: 0,
            format: 0,
        }));
        module_refs().insert(r as usize, s.addr);
        // SAFETY: checked non-null.
        unsafe { *out = r };
        Ok(())
    })
}

/// The runtime API's reference of a `texture<>` variable is the variable itself (ROCm 5.2).
pub unsafe extern "C" fn hipGetTextureReference(out: *mut *const TextureReference, symbol: *const c_void) -> i32 {
    guard(|| {
        if out.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *out = symbol as *const TextureReference };
        Ok(())
    })
}

/// References are bound at offset 0 (`hipBindTexture` makes no offset).
pub unsafe extern "C" fn hipGetTextureAlignmentOffset(offset: *mut usize, tex: *const TextureReference) -> i32 {
    guard(|| {
        if offset.is_null() || tex.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *offset = 0 };
        Ok(())
    })
}

/// Runs `f` on the program's reference (null: `hipErrorInvalidValue`).
fn edit(tex: *mut TextureReference, f: impl FnOnce(&mut TextureReference) -> Result<(), HipError>) -> i32 {
    guard(|| {
        if tex.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's reference (HIP 5.2's layout, checked non-null).
        f(unsafe { &mut *tex })
    })
}

/// Writes what `pick` reads from the program's reference to `out` (either null:
/// `hipErrorInvalidValue`).
fn read<T>(
    out: *mut T,
    tex: *const TextureReference,
    pick: impl FnOnce(&TextureReference) -> Result<T, HipError>,
) -> i32 {
    guard(|| {
        if out.is_null() || tex.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's reference and out-pointer (checked non-null).
        unsafe { out.write(pick(&*tex)?) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexRefSetAddressMode(tex: *mut TextureReference, dim: i32, mode: i32) -> i32 {
    edit(tex, |r| {
        let slot = usize::try_from(dim).ok().and_then(|d| r.address_mode.get_mut(d));
        *slot.ok_or(hipErrorInvalidValue)? = mode;
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexRefSetFilterMode(tex: *mut TextureReference, mode: i32) -> i32 {
    edit(tex, |r| {
        r.filter_mode = mode;
        Ok(())
    })
}

/// `HIP_TRSF_READ_AS_INTEGER` (1), `HIP_TRSF_NORMALIZED_COORDINATES` (2), `HIP_TRSF_SRGB` (16);
/// without the first, integers read as normalized floats.
pub unsafe extern "C" fn hipTexRefSetFlags(tex: *mut TextureReference, flags: u32) -> i32 {
    edit(tex, |r| {
        r.read_mode = if flags & 1 != 0 { 0 } else { 1 };
        r.normalized = (flags & 2 != 0) as i32;
        r.srgb = (flags & 16 != 0) as i32;
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexRefSetFormat(tex: *mut TextureReference, format: i32, channels: i32) -> i32 {
    edit(tex, |r| {
        r.format = format;
        r.num_channels = channels;
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexRefSetMaxAnisotropy(tex: *mut TextureReference, max: u32) -> i32 {
    edit(tex, |r| {
        r.max_anisotropy = max;
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexRefSetMipmapFilterMode(tex: *mut TextureReference, mode: i32) -> i32 {
    edit(tex, |r| {
        r.mipmap_filter_mode = mode;
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexRefSetMipmapLevelBias(tex: *mut TextureReference, bias: f32) -> i32 {
    edit(tex, |r| {
        r.mipmap_level_bias = bias;
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexRefSetMipmapLevelClamp(tex: *mut TextureReference, min: f32, max: f32) -> i32 {
    edit(tex, |r| {
        r.min_mipmap_level_clamp = min;
        r.max_mipmap_level_clamp = max;
        Ok(())
    })
}

/// HIP 5.2's `textureReference` has no border colour: accepted and not kept, as ROCm 5.2
/// does (the border reads as transparent black).
pub unsafe extern "C" fn hipTexRefSetBorderColor(tex: *mut TextureReference, color: *mut f32) -> i32 {
    edit(tex, |_| {
        if color.is_null() {
            Err(hipErrorInvalidValue)
        } else {
            Ok(())
        }
    })
}

/// Binds to an array (its own format); `flags` must be `HIP_TRSA_OVERRIDE_FORMAT` (1), as ROCm
/// 5.2 asks. A format set by `hipTexRefSetFormat` other than the array's is not supported.
pub unsafe extern "C" fn hipTexRefSetArray(tex: *mut TextureReference, array: *const HipArray, flags: u32) -> i32 {
    blocking(|| {
        if tex.is_null() || array.is_null() || flags != 1 {
            return Err(hipErrorInvalidValue);
        }
        device_var(tex)?;
        // SAFETY: the program's reference (checked non-null).
        let r = unsafe { &*tex };
        if r.format != 0 {
            let want = format_channels(r.format, r.num_channels as u32)?;
            super::texture::array_of("hipTexRefSetArray", array)?;
            // SAFETY: a live array (checked).
            let d = unsafe { (*array).desc };
            if (want.x, want.y, want.z, want.w, want.f) != (d.x, d.y, d.z, d.w, d.f) {
                eprintln!("gcnkit-hip: hipTexRefSetArray: a format other than the array's is not supported yet");
                return Err(hipErrorNotSupported);
            }
        }
        bind(
            tex,
            ResourceDesc {
                res_type: RES_ARRAY,
                res: [array as u64, 0, 0, 0, 0, 0, 0],
            },
        )
    })
}

/// Binds to a whole mipmapped array (its own format); `flags` as `hipTexRefSetArray`'s.
pub unsafe extern "C" fn hipTexRefSetMipmappedArray(tex: *mut TextureReference, m: *mut c_void, flags: u32) -> i32 {
    blocking(|| {
        if tex.is_null() || m.is_null() || flags != 1 {
            return Err(hipErrorInvalidValue);
        }
        device_var(tex)?;
        bind(
            tex,
            ResourceDesc {
                res_type: super::texture::RES_MIPMAPPED,
                res: [m as u64, 0, 0, 0, 0, 0, 0],
            },
        )
    })
}

/// Binds to linear memory of the reference's format (`hipTexRefSetFormat`). The texture
/// starts at the aligned address at or below `dptr`; `offset` gets the bytes between them
/// (null is allowed only when they are 0), as CUDA's `cuTexRefSetAddress` gives it.
pub unsafe extern "C" fn hipTexRefSetAddress(
    offset: *mut usize,
    tex: *mut TextureReference,
    dptr: *mut c_void,
    bytes: usize,
) -> i32 {
    blocking(|| {
        if tex.is_null() {
            return Err(hipErrorInvalidValue);
        }
        device_var(tex)?;
        let off = dptr as u64 % ALIGN;
        if off != 0 && offset.is_null() {
            eprintln!(
                "gcnkit-hip: hipTexRefSetAddress: {dptr:?} is not aligned to {ALIGN} bytes and no offset was asked for"
            );
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's reference (checked non-null).
        let r = unsafe { &*tex };
        let d = format_channels(r.format, r.num_channels as u32)?;
        let base = (dptr as u64 - off) as *const c_void;
        bind(tex, linear_res(RES_LINEAR, base, d, [bytes as u64 + off, 0, 0]))?;
        if !offset.is_null() {
            // SAFETY: the program's out-pointer.
            unsafe { *offset = off as usize };
        }
        Ok(())
    })
}

/// Binds to pitched memory of the descriptor's format and size.
pub unsafe extern "C" fn hipTexRefSetAddress2D(
    tex: *mut TextureReference,
    desc: *const ArrayDescriptor,
    dptr: *mut c_void,
    pitch: usize,
) -> i32 {
    blocking(|| {
        if tex.is_null() || desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        device_var(tex)?;
        // SAFETY: the program's descriptor (checked non-null).
        let a = unsafe { &*desc };
        let d = format_channels(a.format, a.num_channels)?;
        bind(
            tex,
            linear_res(RES_PITCH2D, dptr, d, [a.width as u64, a.height as u64, pitch as u64]),
        )
    })
}

/// The resource the reference is bound to (unbound: `hipErrorInvalidValue`).
fn bound(r: &TextureReference) -> Result<ResourceDesc, HipError> {
    textures()
        .get(&(r.texture_object as u64))
        .map(|d| d.0)
        .ok_or(hipErrorInvalidValue)
}

/// The device address of linear or pitched memory bound (an array: `hipErrorInvalidValue`).
pub unsafe extern "C" fn hipTexRefGetAddress(out: *mut *mut c_void, tex: *const TextureReference) -> i32 {
    read(out, tex, |r| {
        let b = bound(r)?;
        match b.res_type {
            RES_LINEAR | RES_PITCH2D => Ok(b.res[0] as *mut c_void),
            _ => Err(hipErrorInvalidValue),
        }
    })
}

/// The mode of axis 0 or 1 (ROCm 5.2 answers only those two).
pub unsafe extern "C" fn hipTexRefGetAddressMode(out: *mut i32, tex: *const TextureReference, dim: i32) -> i32 {
    read(out, tex, |r| match dim {
        0 | 1 => Ok(r.address_mode[dim as usize]),
        _ => Err(hipErrorInvalidValue),
    })
}

pub unsafe extern "C" fn hipTexRefGetFilterMode(out: *mut i32, tex: *const TextureReference) -> i32 {
    read(out, tex, |r| Ok(r.filter_mode))
}

pub unsafe extern "C" fn hipTexRefGetFlags(out: *mut u32, tex: *const TextureReference) -> i32 {
    read(out, tex, |r| {
        Ok((r.read_mode == 0) as u32 | ((r.normalized == 1) as u32) << 1 | ((r.srgb == 1) as u32) << 4)
    })
}

pub unsafe extern "C" fn hipTexRefGetFormat(format: *mut i32, channels: *mut i32, tex: *const TextureReference) -> i32 {
    read(format, tex, |r| {
        if channels.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's out-pointer (checked non-null).
        unsafe { *channels = r.num_channels };
        Ok(r.format)
    })
}

/// (ROCm 5.2 writes the value and then returns `hipErrorInvalidValue`; this one succeeds.)
pub unsafe extern "C" fn hipTexRefGetMaxAnisotropy(out: *mut i32, tex: *const TextureReference) -> i32 {
    read(out, tex, |r| Ok(r.max_anisotropy as i32))
}

pub unsafe extern "C" fn hipTexRefGetMipmapFilterMode(out: *mut i32, tex: *const TextureReference) -> i32 {
    read(out, tex, |r| Ok(r.mipmap_filter_mode))
}

pub unsafe extern "C" fn hipTexRefGetMipmapLevelBias(out: *mut f32, tex: *const TextureReference) -> i32 {
    read(out, tex, |r| Ok(r.mipmap_level_bias))
}

pub unsafe extern "C" fn hipTexRefGetMipmapLevelClamp(
    min: *mut f32,
    max: *mut f32,
    tex: *const TextureReference,
) -> i32 {
    read(min, tex, |r| {
        if max.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's out-pointer (checked non-null).
        unsafe { *max = r.max_mipmap_level_clamp };
        Ok(r.min_mipmap_level_clamp)
    })
}

/// Writes the reference `h` to its device variable (`device_var`).
pub(super) fn write_device_var(what: &str, tex: *const TextureReference, h: &TextureReference) -> Result<(), HipError> {
    let at = device_var(tex)?;
    // SAFETY: the device variable (its range checked by memcpy), from a local copy.
    unsafe {
        memcpy(
            what,
            at as *mut c_void,
            h as *const _ as *const c_void,
            size_of::<TextureReference>(),
            1,
        )
    }
}
