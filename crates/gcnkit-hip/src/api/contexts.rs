//! The driver API's contexts (deprecated in HIP, used by code ported from CUDA's driver API).
//! As on ROCm a context is a device's one (primary) context: making one current makes its
//! device the calling thread's; each host thread keeps its own stack of them.

use super::*;
use std::cell::RefCell;

thread_local! {
    /// The calling thread's contexts, the current one last (`hipCtxPushCurrent`...).
    static STACK: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Retains of each device's primary context (`hipDevicePrimaryCtxRetain`/`Release`).
static RETAINED: std::sync::Mutex<[u32; runtime::MAX_DEVICES]> = std::sync::Mutex::new([0; runtime::MAX_DEVICES]);

/// The opaque handle of device `k`'s context (never dereferenced: decoded).
fn handle(k: usize) -> *mut c_void {
    (0xc7c0_0000_0000usize + k * 16) as *mut c_void
}

/// The device of a context handle (`hipErrorInvalidContext` for anything else).
fn device_of(ctx: *mut c_void) -> Result<usize, HipError> {
    let k = (ctx as usize)
        .checked_sub(0xc7c0_0000_0000)
        .filter(|d| d % 16 == 0)
        .map(|d| d / 16)
        .filter(|&k| k < device_count())
        .ok_or(hipErrorInvalidContext)?;
    Ok(k)
}

fn stack<R>(f: impl FnOnce(&mut Vec<usize>) -> R) -> Result<R, HipError> {
    STACK
        .try_with(|s| f(&mut s.borrow_mut()))
        .map_err(|_| hipErrorNotInitialized)
}

/// Makes the context on top of the stack (if any) the thread's device.
fn follow_top() -> Result<(), HipError> {
    if let Some(k) = stack(|s| s.last().copied())? {
        runtime::set_current(k);
    }
    Ok(())
}

/// Device `device`'s context, pushed on the calling thread's stack (flags: the scheduling
/// flags of `hipSetDeviceFlags`, kept).
pub unsafe extern "C" fn hipCtxCreate(ctx: *mut *mut c_void, flags: u32, device: i32) -> i32 {
    guard(|| {
        if ctx.is_null() {
            return Err(hipErrorInvalidValue);
        }
        check_device(device)?;
        let k = device as usize;
        with(|rt| rt.device_flags = flags);
        stack(|s| s.push(k))?;
        runtime::set_current(k);
        // SAFETY: checked non-null.
        unsafe { *ctx = handle(k) };
        Ok(())
    })
}

/// Takes the context off the calling thread's stack where it is current (the device and its
/// memory stay: it is the device's one context).
pub extern "C" fn hipCtxDestroy(ctx: *mut c_void) -> i32 {
    guard(|| {
        let k = device_of(ctx)?;
        if stack(|s| s.last() == Some(&k))? {
            stack(|s| s.pop())?;
            follow_top()?;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn hipCtxPushCurrent(ctx: *mut c_void) -> i32 {
    guard(|| {
        let k = device_of(ctx)?;
        stack(|s| s.push(k))?;
        runtime::set_current(k);
        Ok(())
    })
}

/// Pops the current context (`hipErrorInvalidContext` when there is none), giving it back.
pub unsafe extern "C" fn hipCtxPopCurrent(ctx: *mut *mut c_void) -> i32 {
    guard(|| {
        let k = stack(|s| s.pop())?.ok_or(hipErrorInvalidContext)?;
        follow_top()?;
        if !ctx.is_null() {
            // SAFETY: checked non-null.
            unsafe { *ctx = handle(k) };
        }
        Ok(())
    })
}

/// Replaces the current context (null: takes it off the stack).
pub extern "C" fn hipCtxSetCurrent(ctx: *mut c_void) -> i32 {
    guard(|| {
        if ctx.is_null() {
            stack(|s| s.pop())?;
            return follow_top();
        }
        let k = device_of(ctx)?;
        stack(|s| {
            s.pop();
            s.push(k);
        })?;
        runtime::set_current(k);
        Ok(())
    })
}

/// The current context: the top of the stack, else the calling thread's device's (the runtime
/// is always initialised, as after any runtime call in CUDA).
pub unsafe extern "C" fn hipCtxGetCurrent(ctx: *mut *mut c_void) -> i32 {
    guard(|| {
        if ctx.is_null() {
            return Err(hipErrorInvalidValue);
        }
        gpu()?;
        let k = stack(|s| s.last().copied())?.unwrap_or_else(runtime::current);
        // SAFETY: checked non-null.
        unsafe { *ctx = handle(k) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipCtxGetDevice(device: *mut i32) -> i32 {
    guard(|| {
        if device.is_null() {
            return Err(hipErrorInvalidValue);
        }
        gpu()?;
        // SAFETY: checked non-null.
        unsafe { *device = runtime::current() as i32 };
        Ok(())
    })
}

pub extern "C" fn hipCtxSynchronize() -> i32 {
    hipDeviceSynchronize()
}

pub unsafe extern "C" fn hipCtxGetFlags(flags: *mut u32) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipGetDeviceFlags(flags) }
}

pub unsafe extern "C" fn hipCtxGetCacheConfig(config: *mut i32) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipDeviceGetCacheConfig(config) }
}

pub extern "C" fn hipCtxSetCacheConfig(config: i32) -> i32 {
    hipDeviceSetCacheConfig(config)
}

pub unsafe extern "C" fn hipCtxGetSharedMemConfig(config: *mut i32) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipDeviceGetSharedMemConfig(config) }
}

pub extern "C" fn hipCtxSetSharedMemConfig(config: i32) -> i32 {
    hipDeviceSetSharedMemConfig(config)
}

/// No device maps another's memory (as `hipDeviceEnablePeerAccess`).
pub extern "C" fn hipCtxEnablePeerAccess(peer: *mut c_void, flags: u32) -> i32 {
    match device_of(peer) {
        Ok(k) => hipDeviceEnablePeerAccess(k as i32, flags),
        Err(e) => runtime::fail(e),
    }
}

pub extern "C" fn hipCtxDisablePeerAccess(peer: *mut c_void) -> i32 {
    match device_of(peer) {
        Ok(k) => hipDeviceDisablePeerAccess(k as i32),
        Err(e) => runtime::fail(e),
    }
}

pub unsafe extern "C" fn hipDevicePrimaryCtxRetain(ctx: *mut *mut c_void, device: i32) -> i32 {
    guard(|| {
        if ctx.is_null() {
            return Err(hipErrorInvalidValue);
        }
        check_device(device)?;
        let mut r = RETAINED.lock().unwrap_or_else(|e| e.into_inner());
        r[device as usize] = r[device as usize].saturating_add(1);
        // SAFETY: checked non-null.
        unsafe { *ctx = handle(device as usize) };
        Ok(())
    })
}

/// A release without a retain is `hipErrorInvalidContext`.
pub extern "C" fn hipDevicePrimaryCtxRelease(device: i32) -> i32 {
    guard(|| {
        check_device(device)?;
        let mut r = RETAINED.lock().unwrap_or_else(|e| e.into_inner());
        let n = &mut r[device as usize];
        *n = n.checked_sub(1).ok_or(hipErrorInvalidContext)?;
        Ok(())
    })
}

/// The flags (`hipSetDeviceFlags`') and whether the context is retained.
pub unsafe extern "C" fn hipDevicePrimaryCtxGetState(device: i32, flags: *mut u32, active: *mut i32) -> i32 {
    guard(|| {
        if flags.is_null() || active.is_null() {
            return Err(hipErrorInvalidValue);
        }
        check_device(device)?;
        let n = RETAINED.lock().unwrap_or_else(|e| e.into_inner())[device as usize];
        let f = with(|rt| rt.device_flags);
        // SAFETY: checked non-null.
        unsafe {
            *flags = f;
            *active = (n > 0) as i32;
        }
        Ok(())
    })
}

pub extern "C" fn hipDevicePrimaryCtxSetFlags(device: i32, flags: u32) -> i32 {
    guard(|| {
        check_device(device)?;
        with(|rt| rt.device_flags = flags);
        Ok(())
    })
}

/// `hipDeviceReset` of that device (every allocation freed).
pub extern "C" fn hipDevicePrimaryCtxReset(device: i32) -> i32 {
    guard(|| {
        check_device(device)?;
        let was = runtime::current();
        runtime::set_current(device as usize);
        let r = hipDeviceReset();
        runtime::set_current(was);
        if r == hipSuccess {
            Ok(())
        } else {
            Err(r)
        }
    })
}
