//! The per-thread default stream forms (`..._spt`, what a program built with
//! `HIP_API_PER_THREAD_DEFAULT_STREAM` calls): the null stream in them is the calling thread's
//! own stream (`hipStreamPerThread`, [`crate::queue::resolve`]). The calls without a stream
//! are the plain ones: they wait for all earlier work, the thread's stream's included.

use super::*;
use crate::queue::PER_THREAD;

/// The null stream of an `_spt` call: the thread's own.
fn own(stream: *mut c_void) -> *mut c_void {
    if stream.is_null() {
        PER_THREAD as *mut c_void
    } else {
        stream
    }
}

pub unsafe extern "C" fn hipMemcpy_spt(dst: *mut c_void, src: *const c_void, size_bytes: usize, kind: i32) -> i32 {
    // SAFETY: as hipMemcpy.
    unsafe { hipMemcpy(dst, src, size_bytes, kind) }
}

pub unsafe extern "C" fn hipMemcpyToSymbol_spt(
    symbol: *const c_void,
    src: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: as hipMemcpyToSymbol.
    unsafe { hipMemcpyToSymbol(symbol, src, size_bytes, offset, kind) }
}

pub unsafe extern "C" fn hipMemcpyFromSymbol_spt(
    dst: *mut c_void,
    symbol: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: as hipMemcpyFromSymbol.
    unsafe { hipMemcpyFromSymbol(dst, symbol, size_bytes, offset, kind) }
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2D_spt(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    // SAFETY: as hipMemcpy2D.
    unsafe { hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind) }
}

pub unsafe extern "C" fn hipMemcpy3D_spt(p: *const Memcpy3DParms) -> i32 {
    // SAFETY: as hipMemcpy3D.
    unsafe { hipMemcpy3D(p) }
}

pub extern "C" fn hipMemset_spt(dst: *mut c_void, value: i32, size_bytes: usize) -> i32 {
    hipMemset(dst, value, size_bytes)
}

pub extern "C" fn hipMemset2D_spt(dst: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) -> i32 {
    hipMemset2D(dst, pitch, value, width, height)
}

pub extern "C" fn hipMemset3D_spt(p: PitchedPtr, value: i32, extent: Extent) -> i32 {
    hipMemset3D(p, value, extent)
}

pub unsafe extern "C" fn hipMemcpyAsync_spt(
    dst: *mut c_void,
    src: *const c_void,
    size_bytes: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: as hipMemcpyAsync.
    unsafe { hipMemcpyAsync(dst, src, size_bytes, kind, own(stream)) }
}

pub extern "C" fn hipStreamQuery_spt(stream: *mut c_void) -> i32 {
    hipStreamQuery(own(stream))
}

pub extern "C" fn hipStreamSynchronize_spt(stream: *mut c_void) -> i32 {
    hipStreamSynchronize(own(stream))
}

pub unsafe extern "C" fn hipStreamGetPriority_spt(stream: *mut c_void, priority: *mut i32) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipStreamGetPriority(own(stream), priority) }
}

pub unsafe extern "C" fn hipStreamGetFlags_spt(stream: *mut c_void, flags: *mut u32) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipStreamGetFlags(own(stream), flags) }
}

pub extern "C" fn hipStreamWaitEvent_spt(stream: *mut c_void, event: *mut c_void, flags: u32) -> i32 {
    hipStreamWaitEvent(own(stream), event, flags)
}

pub unsafe extern "C" fn hipLaunchKernel_spt(
    function_address: *const c_void,
    num_blocks: Dim3,
    dim_blocks: Dim3,
    args: *mut *mut c_void,
    shared_mem_bytes: usize,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: as hipLaunchKernel.
    unsafe {
        hipLaunchKernel(
            function_address,
            num_blocks,
            dim_blocks,
            args,
            shared_mem_bytes,
            own(stream),
        )
    }
}

pub unsafe extern "C" fn hipLaunchCooperativeKernel_spt(
    f: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem_bytes: u32,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: as hipLaunchCooperativeKernel.
    unsafe { hipLaunchCooperativeKernel(f, grid, block, args, shared_mem_bytes, own(stream)) }
}
