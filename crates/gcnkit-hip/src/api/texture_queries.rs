//! What a texture object was made from, in the driver API's forms (`hipTexObjectGet*Desc`:
//! `HIP_RESOURCE_DESC`, `HIP_TEXTURE_DESC`, as ROCm 5.2 converts them) and its resource view
//! (`hipGetTextureObjectResourceViewDesc`, `hipTexObjectGetResourceViewDesc`). Resource views
//! are not supported yet, so every object's view is the zero one ROCm keeps for an object made
//! without a view.

use super::texture::{
    array_format, res_channel, textures, DrvResourceDesc, DrvTextureDesc, ResourceDesc, TextureDesc, RES_ARRAY,
    RES_LINEAR, RES_MIPMAPPED, RES_PITCH2D,
};
use super::*;

/// HIP 5.2's `hipResourceViewDesc` (48 bytes).
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct ResourceViewDesc {
    pub format: i32,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub first_mipmap_level: u32,
    pub last_mipmap_level: u32,
    pub first_layer: u32,
    pub last_layer: u32,
}

/// HIP 5.2's `HIP_RESOURCE_VIEW_DESC` (112 bytes).
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct DrvResourceViewDesc {
    pub view: ResourceViewDesc,
    pub reserved: [u32; 16],
}

/// The descriptors of a live texture object (`hipErrorInvalidValue` for anything else or a
/// null out-pointer, as ROCm's null checks).
fn descs<T>(out: *mut T, tex: *mut c_void) -> Result<(ResourceDesc, TextureDesc), HipError> {
    let d = textures().get(&(tex as u64)).copied().ok_or_else(|| {
        eprintln!("gcnkit-hip: {tex:?} is not a live texture object");
        hipErrorInvalidValue
    })?;
    if out.is_null() {
        return Err(hipErrorInvalidValue);
    }
    Ok(d)
}

/// `format | channels << 32`: the driver API's format words of a channel descriptor.
fn format_word(r: &ResourceDesc) -> Result<u64, HipError> {
    let (n, code) = array_format(&res_channel(r))?;
    Ok(code as u32 as u64 | (n as u64) << 32)
}

pub unsafe extern "C" fn hipTexObjectGetResourceDesc(out: *mut DrvResourceDesc, tex: *mut c_void) -> i32 {
    guard(|| {
        let (r, _) = descs(out, tex)?;
        let mut res = [0u64; 16];
        match r.res_type {
            RES_ARRAY | RES_MIPMAPPED => res[0] = r.res[0],
            RES_LINEAR => res[..3].copy_from_slice(&[r.res[0], format_word(&r)?, r.res[4]]),
            RES_PITCH2D => res[..5].copy_from_slice(&[r.res[0], format_word(&r)?, r.res[4], r.res[5], r.res[6]]),
            _ => {}
        }
        let d = DrvResourceDesc {
            res_type: r.res_type,
            res,
            flags: 0,
        };
        // SAFETY: the program's out-pointer (checked non-null).
        unsafe { out.write(d) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexObjectGetTextureDesc(out: *mut DrvTextureDesc, tex: *mut c_void) -> i32 {
    guard(|| {
        let (_, t) = descs(out, tex)?;
        // HIP_TRSF_READ_AS_INTEGER (1), HIP_TRSF_NORMALIZED_COORDINATES (2), HIP_TRSF_SRGB (16).
        let flags = (t.read_mode == 0) as u32 | ((t.normalized_coords != 0) as u32) << 1 | ((t.srgb != 0) as u32) << 4;
        let d = DrvTextureDesc {
            address_mode: t.address_mode,
            filter_mode: t.filter_mode,
            flags,
            max_anisotropy: t.max_anisotropy,
            mipmap_filter_mode: t.mipmap_filter_mode,
            mipmap_level_bias: t.mipmap_level_bias,
            min_mipmap_level_clamp: t.min_mipmap_level_clamp,
            max_mipmap_level_clamp: t.max_mipmap_level_clamp,
            border_color: t.border_color,
            reserved: [0; 12],
        };
        // SAFETY: the program's out-pointer (checked non-null).
        unsafe { out.write(d) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipGetTextureObjectResourceViewDesc(out: *mut ResourceViewDesc, tex: *mut c_void) -> i32 {
    guard(|| {
        descs(out, tex)?;
        // SAFETY: the program's out-pointer (checked non-null).
        unsafe { out.write(ResourceViewDesc::default()) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipTexObjectGetResourceViewDesc(out: *mut DrvResourceViewDesc, tex: *mut c_void) -> i32 {
    guard(|| {
        descs(out, tex)?;
        // SAFETY: the program's out-pointer (checked non-null).
        unsafe { out.write(DrvResourceViewDesc::default()) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes and offsets measured with HIP 5.2's header (offsetof in a hipcc program).
    #[test]
    fn layouts_are_hip_5_2s() {
        assert_eq!(size_of::<ResourceViewDesc>(), 48);
        assert_eq!(std::mem::offset_of!(ResourceViewDesc, first_mipmap_level), 32);
        assert_eq!(size_of::<DrvResourceViewDesc>(), 112);
    }
}
