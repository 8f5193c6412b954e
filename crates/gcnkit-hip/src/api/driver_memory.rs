//! The driver API's and AMD's extension forms of memory calls the runtime already has:
//! each is the runtime form with its own signature.

use super::*;

/// `hipMallocPitch` of `height` rows of `width` bytes (the element size only bounds the
/// width, as CUDA's `cuMemAllocPitch`: 4, 8 or 16).
pub unsafe extern "C" fn hipMemAllocPitch(
    dptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
    element_size: u32,
) -> i32 {
    if ![4, 8, 16].contains(&element_size) {
        return runtime::fail(hipErrorInvalidValue);
    }
    // SAFETY: the program's out-pointers, as hipMallocPitch takes them.
    unsafe { hipMallocPitch(dptr, pitch, width, height) }
}

/// Pinned host memory (`hipHostMalloc` without flags).
pub unsafe extern "C" fn hipMemAllocHost(ptr: *mut *mut c_void, size: usize) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipHostMalloc(ptr, size, 0) }
}

/// `hipDeviceMallocDefault` (0) and `Finegrained` (1): device memory (coherent in the kernel
/// machine) that the host also reads and writes through its pointer, as ROCm's GPUs with a
/// large BAR show their memory to the CPU (HIP's tests write it from the host): pages mapped
/// at the device address. `hipMallocSignalMemory` (2) is, as in ROCm 5.2, 8 bytes
/// (another size `hipErrorInvalidValue`) of memory the host reads and writes itself (an HSA
/// signal's): pinned host memory here, which `hipFree` frees. Other flags (HIP 5.2 has no
/// `Uncached`): `hipErrorInvalidValue`.
pub unsafe extern "C" fn hipExtMallocWithFlags(ptr: *mut *mut c_void, size: usize, flags: u32) -> i32 {
    match flags {
        // SAFETY: the program's out-pointer.
        0 | 1 => unsafe {
            super::memory::device_malloc(ptr, size, |rt, n| {
                rt.device()?.alloc_mapped(n).ok_or_else(|| {
                    eprintln!(
                        "gcnkit-hip: hipExtMallocWithFlags: the host cannot map {n} bytes at the device's next address"
                    );
                    hipErrorOutOfMemory
                })
            })
        },
        // SAFETY: the program's out-pointer.
        2 if size == 8 => unsafe { hipHostMalloc(ptr, size, 0) },
        _ => runtime::fail(hipErrorInvalidValue),
    }
}

/// The base and size of the allocation holding `dptr`.
pub unsafe extern "C" fn hipMemGetAddressRange(base: *mut *mut c_void, size: *mut usize, dptr: *mut c_void) -> i32 {
    guard(|| {
        let (b, n) = with(|rt| {
            rt.device_at(dptr as u64)?.allocation(dptr as u64).ok_or_else(|| {
                eprintln!("gcnkit-hip: hipMemGetAddressRange: {dptr:?} is in no allocation");
                hipErrorNotFound
            })
        })?;
        // SAFETY: the program's out-pointers (null ones skipped, as HIP does).
        unsafe {
            if !base.is_null() {
                *base = b as *mut c_void;
            }
            if !size.is_null() {
                *size = n as usize;
            }
        }
        Ok(())
    })
}

/// A copy ordered in `stream` and done when the call returns.
pub unsafe extern "C" fn hipMemcpyWithStream(
    dst: *mut c_void,
    src: *const c_void,
    size_bytes: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    blocking(|| {
        crate::queue::stream(stream as usize)?;
        // SAFETY: the caller's pointers, as hipMemcpy takes them.
        unsafe { memcpy("hipMemcpyWithStream", dst, src, size_bytes, kind) }
    })
}

/// HIP 5.2's `hip_Memcpy2D` (128 bytes; layout checked by a test).
#[repr(C)]
pub struct Memcpy2DParams {
    pub src_x_in_bytes: usize,
    pub src_y: usize,
    pub src_memory_type: i32,
    pub src_host: *const c_void,
    pub src_device: *mut c_void,
    pub src_array: *mut c_void,
    pub src_pitch: usize,
    pub dst_x_in_bytes: usize,
    pub dst_y: usize,
    pub dst_memory_type: i32,
    pub dst_host: *mut c_void,
    pub dst_device: *mut c_void,
    pub dst_array: *mut c_void,
    pub dst_pitch: usize,
    pub width_in_bytes: usize,
    pub height: usize,
}

/// `hipMemoryTypeHost`, `Device`, `Array`, `Unified`.
const MEMORY_HOST: i32 = 0;
const MEMORY_DEVICE: i32 = 1;
const MEMORY_ARRAY: i32 = 2;
const MEMORY_UNIFIED: i32 = 3;

/// One side's first byte and its pitch: its host or device pointer (by its memory type)
/// moved by x bytes and y rows, or the place in its array (whose rows are its pitch) where
/// the copy's `width` bytes of `height` rows fit.
fn side(
    what: &str,
    kind: i32,
    host: *const c_void,
    device: *mut c_void,
    array: *mut c_void,
    (x, y, pitch): (usize, usize, usize),
    (width, height): (usize, usize),
) -> Result<(*mut c_void, usize), HipError> {
    let base = match kind {
        MEMORY_HOST => host as *mut c_void,
        MEMORY_DEVICE | MEMORY_UNIFIED => device,
        MEMORY_ARRAY => {
            let a = array as *const super::texture::HipArray;
            let (at, row) = super::texture::array_rows(what, a, (x, y), (width, height))?;
            return Ok((at as *mut c_void, row));
        }
        _ => return Err(hipErrorInvalidValue),
    };
    let off = y
        .checked_mul(pitch)
        .and_then(|o| o.checked_add(x))
        .ok_or(hipErrorInvalidValue)?;
    Ok(((base as *mut u8).wrapping_add(off) as *mut c_void, pitch))
}

/// A 2D copy described by the driver API's parameters.
///
/// # Safety
/// `p` points to the program's parameters; their ranges as `hipMemcpy2D` takes them.
unsafe fn memcpy_param_2d(what: &str, p: *const Memcpy2DParams) -> Result<(), HipError> {
    // SAFETY: the program's parameters (checked non-null).
    let p = unsafe { p.as_ref() }.ok_or(hipErrorInvalidValue)?;
    let (dst, dst_pitch, src, src_pitch) = param_2d_sides(what, p)?;
    // SAFETY: the ranges the parameters give; hipMemcpyDefault finds each side's memory.
    unsafe { memcpy_2d(what, dst, dst_pitch, src, src_pitch, p.width_in_bytes, p.height, 4) }
}

/// A driver-API 2D copy's rows (source read, destination written), for the race check, an
/// array's side too (none for parameters the copy refuses: it says why).
///
/// # Safety
/// `p` is null or the program's parameters.
unsafe fn param_2d_rows(what: &str, p: *const Memcpy2DParams) -> Vec<(u64, u64, bool)> {
    let mut v = Vec::new();
    // SAFETY: the caller's contract.
    let Some(p) = (unsafe { p.as_ref() }) else { return v };
    if let Ok((dst, dst_pitch, src, src_pitch)) = param_2d_sides(what, p) {
        let (w, h) = (p.width_in_bytes, p.height);
        super::memory::row_ranges(&mut v, src, w, src_pitch, h, 0, 1, false);
        super::memory::row_ranges(&mut v, dst, w, dst_pitch, h, 0, 1, true);
    }
    v
}

/// The two sides of a driver-API 2D copy: destination and source, each with its pitch.
fn param_2d_sides(what: &str, p: &Memcpy2DParams) -> Result<(*mut c_void, usize, *const c_void, usize), HipError> {
    let size = (p.width_in_bytes, p.height);
    // A pitch of 0 is rows packed at the width (ROCclr's BufferRect, as OpenCL's rect copies).
    let packed = |pitch| if pitch == 0 { p.width_in_bytes } else { pitch };
    let (src, src_pitch) = side(
        what,
        p.src_memory_type,
        p.src_host,
        p.src_device,
        p.src_array,
        (p.src_x_in_bytes, p.src_y, packed(p.src_pitch)),
        size,
    )?;
    let (dst, dst_pitch) = side(
        what,
        p.dst_memory_type,
        p.dst_host,
        p.dst_device,
        p.dst_array,
        (p.dst_x_in_bytes, p.dst_y, packed(p.dst_pitch)),
        size,
    )?;
    Ok((dst, dst_pitch, src, src_pitch))
}

pub unsafe extern "C" fn hipMemcpyParam2D(p: *const Memcpy2DParams) -> i32 {
    // SAFETY: the program's parameters.
    blocking_copy(
        "hipMemcpyParam2D",
        || unsafe { param_2d_rows("hipMemcpyParam2D", p) },
        || unsafe { memcpy_param_2d("hipMemcpyParam2D", p) },
    )
}

/// `hipMemcpyParam2D` (ROCm's is the same copy: no alignment is asked of any copy here).
pub unsafe extern "C" fn hipDrvMemcpy2DUnaligned(p: *const Memcpy2DParams) -> i32 {
    // SAFETY: the program's parameters.
    blocking_copy(
        "hipDrvMemcpy2DUnaligned",
        || unsafe { param_2d_rows("hipDrvMemcpy2DUnaligned", p) },
        || unsafe { memcpy_param_2d("hipDrvMemcpy2DUnaligned", p) },
    )
}

/// Ordered after earlier work and done when it returns (as the 2D `...Async` copies).
pub unsafe extern "C" fn hipMemcpyParam2DAsync(p: *const Memcpy2DParams, stream: *mut c_void) -> i32 {
    blocking_copy(
        "hipMemcpyParam2DAsync",
        || unsafe { param_2d_rows("hipMemcpyParam2DAsync", p) },
        || {
            crate::queue::stream(stream as usize)?;
            // SAFETY: the program's parameters.
            unsafe { memcpy_param_2d("hipMemcpyParam2DAsync", p) }
        },
    )
}

/// HIP 5.2's `HIP_MEMCPY3D` (128 bytes; layout checked by a test).
#[repr(C)]
pub struct DrvMemcpy3D {
    pub src_x_in_bytes: u32,
    pub src_y: u32,
    pub src_z: u32,
    pub src_lod: u32,
    pub src_memory_type: i32,
    pub src_host: *const c_void,
    pub src_device: *mut c_void,
    pub src_array: *mut c_void,
    pub src_pitch: u32,
    pub src_height: u32,
    pub dst_x_in_bytes: u32,
    pub dst_y: u32,
    pub dst_z: u32,
    pub dst_lod: u32,
    pub dst_memory_type: i32,
    pub dst_host: *mut c_void,
    pub dst_device: *mut c_void,
    pub dst_array: *mut c_void,
    pub dst_pitch: u32,
    pub dst_height: u32,
    pub width_in_bytes: u32,
    pub height: u32,
    pub depth: u32,
}

/// One side of a driver 3D copy as the runtime's pitched volume (its pointer by its memory
/// type; arrays are not modelled).
fn volume_side(
    kind: i32,
    host: *const c_void,
    device: *mut c_void,
    pitch: u32,
    height: u32,
    width: u32,
) -> Result<PitchedPtr, HipError> {
    let ptr = match kind {
        MEMORY_HOST => host as *mut c_void,
        MEMORY_DEVICE | MEMORY_UNIFIED => device,
        MEMORY_ARRAY => return Err(hipErrorNotSupported),
        _ => return Err(hipErrorInvalidValue),
    };
    Ok(PitchedPtr {
        ptr,
        pitch: pitch as usize,
        xsize: width as usize,
        ysize: height as usize,
    })
}

/// A 3D copy described by the driver API's parameters: `hipMemcpy3D`'s rules (rows per slice
/// from each side's height, 0 meaning the rows the copy needs).
///
/// # Safety
/// `p` points to the program's parameters; their ranges as `hipMemcpy3D` takes them.
unsafe fn drv_memcpy_3d(what: &str, p: *const DrvMemcpy3D) -> Result<(), HipError> {
    // SAFETY: the program's parameters (checked non-null).
    let p = unsafe { p.as_ref() }.ok_or(hipErrorInvalidValue)?;
    let params = drv_params(p)?;
    // SAFETY: the program's volumes; hipMemcpyDefault finds each side's memory.
    unsafe { memcpy_3d(what, &params) }
}

/// A driver-API 3D copy's rows, for the race check (none for parameters it refuses).
///
/// # Safety
/// `p` is null or the program's parameters.
unsafe fn drv_3d_rows(p: *const DrvMemcpy3D) -> Vec<(u64, u64, bool)> {
    // SAFETY: the caller's contract.
    match unsafe { p.as_ref() }.map(drv_params) {
        // SAFETY: parameters made here.
        Some(Ok(params)) => unsafe { super::memory::rows_3d(&params) },
        _ => Vec::new(),
    }
}

/// A driver-API 3D copy as the runtime's 3D copy (no arrays: `hipErrorNotSupported`).
fn drv_params(p: &DrvMemcpy3D) -> Result<Memcpy3DParms, HipError> {
    if p.src_lod != 0 || p.dst_lod != 0 {
        return Err(hipErrorInvalidValue);
    }
    let src = volume_side(
        p.src_memory_type,
        p.src_host,
        p.src_device,
        p.src_pitch,
        p.src_height,
        p.width_in_bytes,
    )?;
    let dst = volume_side(
        p.dst_memory_type,
        p.dst_host,
        p.dst_device,
        p.dst_pitch,
        p.dst_height,
        p.width_in_bytes,
    )?;
    let pos = |x: u32, y: u32, z: u32| Pos {
        x: x as usize,
        y: y as usize,
        z: z as usize,
    };
    let params = Memcpy3DParms {
        src_array: std::ptr::null_mut(),
        src_pos: pos(p.src_x_in_bytes, p.src_y, p.src_z),
        src_ptr: src,
        dst_array: std::ptr::null_mut(),
        dst_pos: pos(p.dst_x_in_bytes, p.dst_y, p.dst_z),
        dst_ptr: dst,
        extent: Extent {
            width: p.width_in_bytes as usize,
            height: p.height as usize,
            depth: p.depth as usize,
        },
        kind: 4,
    };
    Ok(params)
}

pub unsafe extern "C" fn hipDrvMemcpy3D(p: *const DrvMemcpy3D) -> i32 {
    // SAFETY: the program's parameters.
    blocking_copy(
        "hipDrvMemcpy3D",
        || unsafe { drv_3d_rows(p) },
        || unsafe { drv_memcpy_3d("hipDrvMemcpy3D", p) },
    )
}

/// Ordered after earlier work and done when it returns (as the 3D `...Async` copies).
pub unsafe extern "C" fn hipDrvMemcpy3DAsync(p: *const DrvMemcpy3D, stream: *mut c_void) -> i32 {
    blocking_copy(
        "hipDrvMemcpy3DAsync",
        || unsafe { drv_3d_rows(p) },
        || {
            crate::queue::stream(stream as usize)?;
            // SAFETY: the program's parameters.
            unsafe { drv_memcpy_3d("hipDrvMemcpy3DAsync", p) }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Offsets from HIP 5.2's driver_types.h (hip_Memcpy2D).
    #[test]
    fn memcpy_2d_params_layout_is_hip_5_2s() {
        assert_eq!(size_of::<Memcpy2DParams>(), 128);
        assert_eq!(offset_of!(Memcpy2DParams, src_memory_type), 16);
        assert_eq!(offset_of!(Memcpy2DParams, src_host), 24);
        assert_eq!(offset_of!(Memcpy2DParams, src_pitch), 48);
        assert_eq!(offset_of!(Memcpy2DParams, dst_memory_type), 72);
        assert_eq!(offset_of!(Memcpy2DParams, dst_device), 88);
        assert_eq!(offset_of!(Memcpy2DParams, width_in_bytes), 112);
        assert_eq!(offset_of!(Memcpy2DParams, height), 120);
    }

    /// Offsets from HIP 5.2's driver_types.h (HIP_MEMCPY3D).
    #[test]
    fn drv_memcpy_3d_layout_is_hip_5_2s() {
        assert_eq!(size_of::<DrvMemcpy3D>(), 128);
        assert_eq!(offset_of!(DrvMemcpy3D, src_memory_type), 16);
        assert_eq!(offset_of!(DrvMemcpy3D, src_host), 24);
        assert_eq!(offset_of!(DrvMemcpy3D, src_pitch), 48);
        assert_eq!(offset_of!(DrvMemcpy3D, src_height), 52);
        assert_eq!(offset_of!(DrvMemcpy3D, dst_x_in_bytes), 56);
        assert_eq!(offset_of!(DrvMemcpy3D, dst_memory_type), 72);
        assert_eq!(offset_of!(DrvMemcpy3D, dst_host), 80);
        assert_eq!(offset_of!(DrvMemcpy3D, dst_pitch), 104);
        assert_eq!(offset_of!(DrvMemcpy3D, depth), 120);
    }
}
