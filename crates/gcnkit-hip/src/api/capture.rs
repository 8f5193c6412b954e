//! Stream capture ([`crate::graph`]): between `hipStreamBeginCapture` and
//! `hipStreamEndCapture` the work given to a capturing stream becomes the nodes of a graph
//! instead of running. Errors as HIP 5.2 gives them (ROCm's hip_graph.cpp).

use super::*;
use crate::graph;
use std::cell::Cell;

/// `hipStreamCaptureStatusNone`, `...Active`.
const NOT_CAPTURING: i32 = 0;
const ACTIVE: i32 = 1;

thread_local! {
    /// `hipThreadExchangeStreamCaptureMode`'s mode (`hipStreamCaptureModeGlobal`: 0).
    static MODE: Cell<i32> = const { Cell::new(0) };
}

/// HIP 5.2's check before an allocation or a free (`CHECK_STREAM_CAPTURE_SUPPORTED`): refused
/// with `hipErrorStreamCaptureUnsupported` while a capture this thread's mode forbids it in
/// is under way.
pub(super) fn allocation_allowed() -> Result<(), HipError> {
    let mode = MODE.try_with(|m| m.get()).unwrap_or(0);
    if graph::refuses_allocation(mode) {
        return Err(hipErrorStreamCaptureUnsupported);
    }
    Ok(())
}

/// HIP 5.2's check before a synchronous copy or set (`CHECK_STREAM_CAPTURING`): refused with
/// `hipErrorStreamCaptureImplicit` while any capture in global mode is under way.
pub(super) fn synchronous_allowed() -> Result<(), HipError> {
    if graph::global_capture() {
        return Err(hipErrorStreamCaptureImplicit);
    }
    Ok(())
}

/// A stream handle HIP 5.2 takes as valid (an unknown one is `hipErrorInvalidValue` here).
fn valid(stream: *mut c_void) -> Result<(), HipError> {
    crate::queue::stream(stream as usize)
        .map(|_| ())
        .map_err(|_| hipErrorInvalidValue)
}

/// Begins capturing on `stream` in `mode` (`Global`, `ThreadLocal`, `Relaxed`). The null
/// stream cannot capture (`hipErrorStreamCaptureUnsupported`); a stream already capturing is
/// `hipErrorIllegalState`.
pub extern "C" fn hipStreamBeginCapture(stream: *mut c_void, mode: i32) -> i32 {
    guard(|| {
        valid(stream)?;
        if stream.is_null() {
            return Err(hipErrorStreamCaptureUnsupported);
        }
        if !(0..=2).contains(&mode) {
            return Err(hipErrorInvalidValue);
        }
        graph::begin_capture(stream as usize, mode)
    })
}

/// Ends the capture begun on `stream` and gives its graph (the program destroys it).
pub unsafe extern "C" fn hipStreamEndCapture(stream: *mut c_void, out: *mut *mut c_void) -> i32 {
    guard(|| {
        if out.is_null() || stream.is_null() {
            return Err(hipErrorInvalidValue);
        }
        valid(stream)?;
        let g = graph::end_capture(stream as usize)?;
        // SAFETY: checked non-null.
        unsafe { *out = g as *mut c_void };
        Ok(())
    })
}

pub unsafe extern "C" fn hipStreamIsCapturing(stream: *mut c_void, status: *mut i32) -> i32 {
    guard(|| {
        if status.is_null() {
            return Err(hipErrorInvalidValue);
        }
        valid(stream)?;
        let s = if graph::capture_info(stream as usize).is_some() {
            ACTIVE
        } else {
            NOT_CAPTURING
        };
        // SAFETY: checked non-null.
        unsafe { *status = s };
        Ok(())
    })
}

pub unsafe extern "C" fn hipStreamGetCaptureInfo(stream: *mut c_void, status: *mut i32, id: *mut u64) -> i32 {
    // SAFETY: the program's out-pointers (null ones skipped).
    unsafe {
        hipStreamGetCaptureInfo_v2(
            stream,
            status,
            id,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        )
    }
}

/// The stream's capture status and, while it captures, the capture's id, graph and the
/// stream's last captured nodes (what its next node will depend on; the array is valid until
/// the stream's next captured operation); not capturing, each out-pointer given is cleared.
/// The null stream never captures: `hipStreamCaptureStatusNone` (as later ROCm and CUDA
/// answer; HIP 5.2 returns `hipErrorUnknown`, which breaks callers asking before giving work).
pub unsafe extern "C" fn hipStreamGetCaptureInfo_v2(
    stream: *mut c_void,
    status: *mut i32,
    id: *mut u64,
    graph_out: *mut *mut c_void,
    dependencies: *mut *const *mut c_void,
    count: *mut usize,
) -> i32 {
    guard(|| {
        if status.is_null() {
            return Err(hipErrorInvalidValue);
        }
        valid(stream)?;
        // SAFETY: the program's out-pointers (null ones skipped).
        unsafe {
            match graph::capture_info(stream as usize) {
                None => {
                    *status = NOT_CAPTURING;
                    if !id.is_null() {
                        *id = 0;
                    }
                    if !graph_out.is_null() {
                        *graph_out = std::ptr::null_mut();
                    }
                    if !dependencies.is_null() {
                        *dependencies = std::ptr::null();
                    }
                    if !count.is_null() {
                        *count = 0;
                    }
                }
                Some((i, g, deps, n)) => {
                    *status = ACTIVE;
                    if !id.is_null() {
                        *id = i;
                    }
                    if !graph_out.is_null() {
                        *graph_out = g as *mut c_void;
                    }
                    if !dependencies.is_null() {
                        *dependencies = deps as *const *mut c_void;
                    }
                    if !count.is_null() {
                        *count = n;
                    }
                }
            }
        }
        Ok(())
    })
}

/// Adds to (`hipStreamAddCaptureDependencies`, 0) or replaces (`...Set...`, 1) what the
/// capturing stream's next node depends on.
pub unsafe extern "C" fn hipStreamUpdateCaptureDependencies(
    stream: *mut c_void,
    nodes: *mut *mut c_void,
    count: usize,
    flags: u32,
) -> i32 {
    guard(|| {
        valid(stream)?;
        if flags > 1 || (count > 0 && nodes.is_null()) {
            return Err(hipErrorInvalidValue);
        }
        let list: Vec<usize> = if count == 0 {
            Vec::new()
        } else {
            // SAFETY: the program's array of `count` nodes.
            unsafe { std::slice::from_raw_parts(nodes, count) }
                .iter()
                .map(|n| *n as usize)
                .collect()
        };
        graph::update_dependencies(stream as usize, &list, flags == 1)
    })
}

/// Swaps the thread's capture mode (`Global`, `ThreadLocal`, `Relaxed`) with `*mode`.
pub unsafe extern "C" fn hipThreadExchangeStreamCaptureMode(mode: *mut i32) -> i32 {
    guard(|| {
        // SAFETY: the program's pointer (checked non-null).
        let m = unsafe { mode.as_mut() }.ok_or(hipErrorInvalidValue)?;
        if !(0..=2).contains(m) {
            return Err(hipErrorInvalidValue);
        }
        *m = MODE.try_with(|c| c.replace(*m)).map_err(|_| hipErrorNotInitialized)?;
        Ok(())
    })
}
