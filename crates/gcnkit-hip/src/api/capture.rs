//! Stream capture (graphs) is not modelled: no stream is ever capturing. Libraries ask before
//! they give work (`hipStreamIsCapturing`), so the queries answer; `hipStreamBeginCapture`
//! stays unsupported (`hipErrorNotSupported`).

use super::*;
use std::cell::Cell;

/// `hipStreamCaptureStatusNone`.
const NOT_CAPTURING: i32 = 0;

thread_local! {
    /// `hipThreadExchangeStreamCaptureMode`'s mode (`hipStreamCaptureModeGlobal`: 0).
    static MODE: Cell<i32> = const { Cell::new(0) };
}

pub unsafe extern "C" fn hipStreamIsCapturing(stream: *mut c_void, status: *mut i32) -> i32 {
    guard(|| {
        if status.is_null() {
            return Err(hipErrorInvalidValue);
        }
        crate::queue::stream(stream as usize)?;
        // SAFETY: checked non-null.
        unsafe { *status = NOT_CAPTURING };
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

/// Not capturing: no id, graph or dependencies (each out-pointer given is cleared).
pub unsafe extern "C" fn hipStreamGetCaptureInfo_v2(
    stream: *mut c_void,
    status: *mut i32,
    id: *mut u64,
    graph: *mut *mut c_void,
    dependencies: *mut *const *mut c_void,
    count: *mut usize,
) -> i32 {
    guard(|| {
        if status.is_null() {
            return Err(hipErrorInvalidValue);
        }
        crate::queue::stream(stream as usize)?;
        // SAFETY: the program's out-pointers (null ones skipped).
        unsafe {
            *status = NOT_CAPTURING;
            if !id.is_null() {
                *id = 0;
            }
            if !graph.is_null() {
                *graph = std::ptr::null_mut();
            }
            if !dependencies.is_null() {
                *dependencies = std::ptr::null();
            }
            if !count.is_null() {
                *count = 0;
            }
        }
        Ok(())
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
