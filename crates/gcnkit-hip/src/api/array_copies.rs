//! More copies to and from arrays: the driver API's `hipMemcpyHtoA`/`hipMemcpyAtoH` (bytes of
//! an array's first row, as ROCm 5.2 copies them: a region one row high from byte `offset`),
//! the stream forms of the 2D array copies (done when the call returns, after earlier work, as
//! `hipMemcpy2DAsync`; captured as a copy node when their stream is capturing) and the
//! per-thread stream forms.

use super::memory::{hipMemcpy3DAsync, memcpy, Extent, Memcpy3DParms, PitchedPtr, Pos};
use super::texture::{array_at, array_of, hipMemcpy2DFromArray, hipMemcpy2DToArray, run_rows, HipArray};
use super::*;

pub unsafe extern "C" fn hipMemcpyHtoA(dst: *mut HipArray, dst_offset: usize, src: *const c_void, count: usize) -> i32 {
    let what = "hipMemcpyHtoA";
    let run = || array_at(what, &array_of(what, dst)?, dst_offset, 0, count, 1);
    blocking_copy(
        what,
        || run_rows(run(), src, count, true),
        || {
            let d = run()?;
            if src.is_null() {
                return Err(hipErrorInvalidValue);
            }
            // SAFETY: the program's `count` host bytes; the array's range checked.
            unsafe { memcpy(what, d as *mut c_void, src, count, 1) }
        },
    )
}

pub unsafe extern "C" fn hipMemcpyAtoH(dst: *mut c_void, src: *mut HipArray, src_offset: usize, count: usize) -> i32 {
    let what = "hipMemcpyAtoH";
    let run = || array_at(what, &array_of(what, src)?, src_offset, 0, count, 1);
    blocking_copy(
        what,
        || run_rows(run(), dst, count, false),
        || {
            let s = run()?;
            if dst.is_null() {
                return Err(hipErrorInvalidValue);
            }
            // SAFETY: the program's `count` host bytes; the array's range checked.
            unsafe { memcpy(what, dst, s as *const c_void, count, 2) }
        },
    )
}

/// A 2D copy with an array on one side as the 3D copy a capture records (x and width in
/// texels on the array's side, as `hipMemcpy3D` takes them).
#[allow(clippy::too_many_arguments)]
fn as_3d(
    what: &str,
    array: *const HipArray,
    to_array: bool,
    w_offset: usize,
    h_offset: usize,
    ptr: *const c_void,
    pitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> Result<Memcpy3DParms, HipError> {
    let texel = array_of(what, array)?.texel;
    if !w_offset.is_multiple_of(texel) || !width.is_multiple_of(texel) {
        eprintln!("gcnkit-hip: {what}: a byte offset or width that is not whole texels");
        return Err(hipErrorInvalidValue);
    }
    let side = PitchedPtr {
        ptr: ptr as *mut c_void,
        pitch,
        xsize: width,
        ysize: height,
    };
    let at = Pos {
        x: w_offset / texel,
        y: h_offset,
        z: 0,
    };
    let none = PitchedPtr {
        ptr: std::ptr::null_mut(),
        pitch: 0,
        xsize: 0,
        ysize: 0,
    };
    let origin = Pos { x: 0, y: 0, z: 0 };
    let a = array as *mut c_void;
    let (src_array, src_pos, src_ptr, dst_array, dst_pos, dst_ptr) = if to_array {
        (std::ptr::null_mut(), origin, side, a, at, none)
    } else {
        (a, at, none, std::ptr::null_mut(), origin, side)
    };
    Ok(Memcpy3DParms {
        src_array,
        src_pos,
        src_ptr,
        dst_array,
        dst_pos,
        dst_ptr,
        extent: Extent {
            width: width / texel,
            height,
            depth: 1,
        },
        kind,
    })
}

/// On a capturing stream: the copy `params` gives, recorded as a 3D copy node (its error if
/// it cannot be made); else `None`: the caller copies now.
fn captured(stream: *mut c_void, params: impl FnOnce() -> Result<Memcpy3DParms, HipError>) -> Option<i32> {
    crate::graph::capture_info(stream as usize)?;
    let mut p = None;
    let r = guard(|| {
        p = Some(params()?);
        Ok(())
    });
    Some(match p {
        // SAFETY: the program's copy, as a 3D one.
        Some(p) => unsafe { hipMemcpy3DAsync(&p, stream) },
        None => r,
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DToArrayAsync(
    dst: *mut HipArray,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    let what = "hipMemcpy2DToArrayAsync";
    if let Some(r) = captured(stream, || {
        as_3d(what, dst, true, w_offset, h_offset, src, spitch, width, height, kind)
    }) {
        return r;
    }
    // SAFETY: as hipMemcpy2DToArray (done when it returns).
    unsafe { hipMemcpy2DToArray(dst, w_offset, h_offset, src, spitch, width, height, kind) }
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DFromArrayAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const HipArray,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    let what = "hipMemcpy2DFromArrayAsync";
    if let Some(r) = captured(stream, || {
        as_3d(what, src, false, w_offset, h_offset, dst, dpitch, width, height, kind)
    }) {
        return r;
    }
    // SAFETY: as hipMemcpy2DFromArray (done when it returns).
    unsafe { hipMemcpy2DFromArray(dst, dpitch, src, w_offset, h_offset, width, height, kind) }
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DToArray_spt(
    dst: *mut HipArray,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    // SAFETY: as hipMemcpy2DToArray (a call that waits for all earlier work, the thread's
    // stream's included).
    unsafe { hipMemcpy2DToArray(dst, w_offset, h_offset, src, spitch, width, height, kind) }
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DFromArray_spt(
    dst: *mut c_void,
    dpitch: usize,
    src: *const HipArray,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    // SAFETY: as hipMemcpy2DFromArray.
    unsafe { hipMemcpy2DFromArray(dst, dpitch, src, w_offset, h_offset, width, height, kind) }
}
