//! Surface objects (`hipSurfaceObject_t`): what `surf1Dwrite`, `surf2Dread`... read. As in
//! ROCm 5.2, a surface is device memory holding HIP's `__hip_surface`: the array's image
//! object (12 dwords: the T# that hipcc's `image_load`/`image_store` use, then the channel
//! type and order the device library reads to turn CUDA's byte x into a texel index), the
//! array handle and the resource descriptor it was made from. The image is the array's own
//! format (integers as integers, `hipReadModeElementType`).

use super::memory::{allocate, free, memcpy};
use super::texture::{array_object, ResourceDesc};
use super::*;
use std::collections::HashMap;
use std::sync::Mutex;

/// HIP 5.2's `__hip_surface`: the image object, the array, the resource descriptor.
#[repr(C)]
struct Surface {
    image: [u8; 48],
    array: u64,
    res: ResourceDesc,
}

/// The live surfaces and the descriptors they were made from.
fn surfaces() -> std::sync::MutexGuard<'static, HashMap<u64, ResourceDesc>> {
    static S: OnceLock<Mutex<HashMap<u64, ResourceDesc>>> = OnceLock::new();
    S.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// `hipCreateSurfaceObject` (a C++ function in HIP 5.2, exported by its mangled name): only
/// an array resource, as in ROCm (else `hipErrorInvalidValue`).
pub unsafe extern "C" fn _Z22hipCreateSurfaceObjectPP13__hip_surfacePK15hipResourceDesc(
    surf: *mut *mut c_void,
    res: *const ResourceDesc,
) -> i32 {
    blocking(|| {
        let what = "hipCreateSurfaceObject";
        if surf.is_null() || res.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's descriptor (HIP 5.2's layout, checked non-null).
        let r = unsafe { *res };
        if r.res_type != 0 || r.res[0] == 0 {
            eprintln!("gcnkit-hip: {what}: the resource is not an array (type {})", r.res_type);
            return Err(hipErrorInvalidValue);
        }
        let image = array_object(what, gpu()?.arch, r.res[0] as *const _, 0)?;
        let s = Surface {
            image,
            array: r.res[0],
            res: r,
        };
        let mut p: *mut c_void = std::ptr::null_mut();
        // SAFETY: a local out-pointer.
        unsafe { allocate(&mut p, size_of::<Surface>(), |rt, b| Ok(rt.device()?.alloc(b))) }?;
        // SAFETY: the allocation just made, from a local value.
        unsafe { memcpy(what, p, &s as *const _ as *const c_void, size_of::<Surface>(), 1) }?;
        surfaces().insert(p as u64, r);
        // SAFETY: checked non-null.
        unsafe { *surf = p };
        Ok(())
    })
}

/// Frees a surface (null: nothing; anything but a live surface: `hipErrorInvalidValue`).
pub extern "C" fn _Z23hipDestroySurfaceObjectP13__hip_surface(surf: *mut c_void) -> i32 {
    blocking(|| {
        if surf.is_null() {
            return Ok(());
        }
        if surfaces().remove(&(surf as u64)).is_none() {
            eprintln!("gcnkit-hip: hipDestroySurfaceObject: {surf:?} is not a live surface object");
            return Err(hipErrorInvalidValue);
        }
        free(surf)
    })
}

#[cfg(test)]
mod tests {
    /// HIP 5.2's `__hip_surface` (ROCm's hip_surface.cpp: 12 dwords, a pointer, the
    /// 64-byte `hipResourceDesc`).
    #[test]
    fn layout_is_rocm_5_2s() {
        assert_eq!(size_of::<super::Surface>(), 120);
        assert_eq!(std::mem::offset_of!(super::Surface, res), 56);
    }
}
