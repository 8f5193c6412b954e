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

/// `hipDeviceMallocDefault` (0), `Finegrained` (1), `Signal` (2), `Uncached` (3): device memory
/// is coherent in the kernel machine, so every kind is a `hipMalloc`.
pub unsafe extern "C" fn hipExtMallocWithFlags(ptr: *mut *mut c_void, size: usize, flags: u32) -> i32 {
    if flags > 3 {
        return runtime::fail(hipErrorInvalidValue);
    }
    // SAFETY: the program's out-pointer.
    unsafe { hipMalloc(ptr, size) }
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
