//! Mipmapped arrays (`hipMipmappedArray`): a chain of levels, each half the size of the one
//! before (at least 1), in one device allocation: level `L` starts at the next 256-byte
//! boundary after level `L - 1` and holds its texels as an array does (rows of its width,
//! packed). `hipGetMipmappedArrayLevel` gives a level as a `hipArray` of its own size whose
//! texels are the chain's, so copies, surfaces and textures of one level work; the level
//! arrays are freed with the mipmapped array (`hipFreeArray` of one is
//! `hipErrorInvalidValue`). A texture object of the whole chain (`tex2DLod`) is the level-0
//! image with its LAST_LEVEL set (the kernel machine's chain layout, `image::mip_offset`).

use super::memory::{allocate, free, Extent};
use super::texture::{array_bytes, array_flags, array_in, drop_array, format_channels, Array3dDescriptor, HipArray};
use super::*;
use gcnkit::emu::image::mip_offset;
use std::collections::HashMap;
use std::sync::Mutex;

/// HIP 5.2's `hipMipmappedArray` (64 bytes; the program may read its fields).
#[repr(C)]
pub struct MipmappedArray {
    pub data: *mut c_void,
    pub desc: ChannelDesc,
    pub ty: u32,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub min_mipmap_level: u32,
    pub max_mipmap_level: u32,
    pub flags: u32,
    pub format: i32,
}

/// A live mipmapped array's levels (`HipArray`s owned by it).
fn chains() -> std::sync::MutexGuard<'static, HashMap<usize, Vec<usize>>> {
    static C: OnceLock<Mutex<HashMap<usize, Vec<usize>>>> = OnceLock::new();
    C.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The size of level `l` of an array of `size` (0 stays 0: no height or no depth).
fn level_size(size: [usize; 3], l: u32) -> [usize; 3] {
    size.map(|v| if v == 0 { 0 } else { (v >> l).max(1) })
}

/// A chain of `levels` levels (0: one) of `size` texels of format `d`; more levels than
/// `1 + log2` of the largest side is `hipErrorInvalidValue` (as ROCm's image creation).
fn make(
    out: *mut *mut MipmappedArray,
    d: ChannelDesc,
    size: [usize; 3],
    levels: u32,
    flags: u32,
) -> Result<(), HipError> {
    if out.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let layered = array_flags("hipMallocMipmappedArray", flags, size[1], size[2])?;
    if layered {
        eprintln!("gcnkit-hip: mipmapped layered arrays are not supported yet");
        return Err(hipErrorNotSupported);
    }
    let levels = levels.max(1);
    let largest = size.iter().copied().max().unwrap_or(0);
    if largest == 0 || levels > usize::BITS - largest.leading_zeros() {
        eprintln!("gcnkit-hip: {levels} levels of a mipmapped array of {size:?} texels");
        return Err(hipErrorInvalidValue);
    }
    // The kernel machine's chain (`mip_offset`), so that a texture of the whole chain reads
    // the levels where the level arrays hold them.
    let texel = array_bytes(&d, [1, 0, 0])? as u64;
    let axes = 1 + (size[1] > 0) as usize + (size[2] > 0) as usize;
    let size32 = size.map(|v| v.max(1) as u32);
    let at = |l: u32| mip_offset(size32, size32[0] as u64, 1, texel, axes, l) as usize;
    let starts: Vec<usize> = (0..levels).map(at).collect();
    let total = at(levels);
    let mut base: *mut c_void = std::ptr::null_mut();
    // SAFETY: a local out-pointer.
    unsafe { allocate(&mut base, total, |rt, b| Ok(rt.device()?.alloc(b))) }?;
    let mut arrays = Vec::new();
    for (l, start) in starts.into_iter().enumerate() {
        let mut a: *mut HipArray = std::ptr::null_mut();
        let at = base as u64 + start as u64;
        if let Err(e) = array_in(&mut a, d, level_size(size, l as u32), false, false, Some(at)) {
            arrays.into_iter().for_each(|a| drop_array(a as *mut HipArray));
            let _ = free(base);
            return Err(e);
        }
        arrays.push(a as usize);
    }
    let (_, format) = super::texture::array_format(&d)?;
    let m = Box::into_raw(Box::new(MipmappedArray {
        data: base,
        desc: d,
        ty: 0,
        width: size[0] as u32,
        height: size[1] as u32,
        depth: size[2] as u32,
        min_mipmap_level: 0,
        max_mipmap_level: levels,
        flags,
        format,
    }));
    chains().insert(m as usize, arrays);
    // SAFETY: checked non-null.
    unsafe { *out = m };
    Ok(())
}

/// The level-0 array and the number of levels of a live mipmapped array.
pub(super) fn chain_of(m: *const MipmappedArray) -> Result<(*const HipArray, u32), HipError> {
    let c = chains();
    let levels = c.get(&(m as usize)).ok_or_else(|| {
        eprintln!("gcnkit-hip: {m:?} is not a live mipmapped array");
        hipErrorInvalidValue
    })?;
    Ok((levels[0] as *const HipArray, levels.len() as u32))
}

pub unsafe extern "C" fn hipMallocMipmappedArray(
    out: *mut *mut MipmappedArray,
    desc: *const ChannelDesc,
    extent: Extent,
    levels: u32,
    flags: u32,
) -> i32 {
    guard(|| {
        if desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's descriptor (checked non-null).
        let d = unsafe { *desc };
        make(out, d, [extent.width, extent.height, extent.depth], levels, flags)
    })
}

/// The driver API's form (`HIP_ARRAY3D_DESCRIPTOR`).
pub unsafe extern "C" fn hipMipmappedArrayCreate(
    out: *mut *mut MipmappedArray,
    desc: *const Array3dDescriptor,
    levels: u32,
) -> i32 {
    guard(|| {
        if desc.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's descriptor (checked non-null).
        let a = unsafe { &*desc };
        let d = format_channels(a.format, a.num_channels)?;
        make(out, d, [a.width, a.height, a.depth], levels, a.flags)
    })
}

/// Level `level` of a live mipmapped array as a `hipArray`.
pub unsafe extern "C" fn hipGetMipmappedArrayLevel(
    out: *mut *mut HipArray,
    m: *const MipmappedArray,
    level: u32,
) -> i32 {
    guard(|| {
        let a = chains()
            .get(&(m as usize))
            .ok_or(hipErrorInvalidValue)?
            .get(level as usize)
            .copied()
            .ok_or_else(|| {
                eprintln!("gcnkit-hip: hipGetMipmappedArrayLevel: no level {level}");
                hipErrorInvalidValue
            })?;
        if out.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *out = a as *mut HipArray };
        Ok(())
    })
}

pub unsafe extern "C" fn hipMipmappedArrayGetLevel(out: *mut *mut HipArray, m: *mut MipmappedArray, level: u32) -> i32 {
    // SAFETY: as hipGetMipmappedArrayLevel.
    unsafe { hipGetMipmappedArrayLevel(out, m, level) }
}

/// Frees the chain and its level arrays (anything but a live mipmapped array:
/// `hipErrorInvalidValue`).
pub unsafe extern "C" fn hipFreeMipmappedArray(m: *mut MipmappedArray) -> i32 {
    blocking(|| {
        let levels = chains().remove(&(m as usize)).ok_or_else(|| {
            eprintln!("gcnkit-hip: {m:?} is not a live mipmapped array");
            hipErrorInvalidValue
        })?;
        levels.into_iter().for_each(|a| drop_array(a as *mut HipArray));
        // SAFETY: a live mipmapped array (made by make's Box, removed just now).
        let m = unsafe { Box::from_raw(m) };
        free(m.data)
    })
}

pub unsafe extern "C" fn hipMipmappedArrayDestroy(m: *mut MipmappedArray) -> i32 {
    // SAFETY: as hipFreeMipmappedArray.
    unsafe { hipFreeMipmappedArray(m) }
}

#[cfg(test)]
mod tests {
    /// HIP 5.2's `hipMipmappedArray` (offsetof in a hipcc program).
    #[test]
    fn layout_is_hip_5_2s() {
        assert_eq!(size_of::<super::MipmappedArray>(), 64);
        assert_eq!(std::mem::offset_of!(super::MipmappedArray, format), 56);
    }
}
