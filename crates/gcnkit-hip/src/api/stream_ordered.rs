//! Memory operations ordered in a stream: the stream-ordered allocator, writes of a value,
//! and managed memory's hints (which change nothing: managed memory is one allocation at one
//! address for the host and every device, so there is nothing to migrate).

use super::*;

/// Allocates at once (the memory is there before any later work of the stream needs it).
pub unsafe extern "C" fn hipMallocAsync(ptr: *mut *mut c_void, size: usize, stream: *mut c_void) -> i32 {
    guard(|| {
        crate::queue::stream(stream as usize)?;
        // SAFETY: the program's out-pointer.
        unsafe { memory::allocate(ptr, size, |rt, n| Ok(rt.device()?.alloc(n))) }
    })
}

/// Frees when the stream reaches the free (work before it may still use the memory); a
/// pointer that is not the start of a live allocation is the call's error.
pub extern "C" fn hipFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> i32 {
    guard(|| {
        let h = stream as usize;
        crate::queue::stream(h)?;
        if ptr.is_null() {
            return Ok(());
        }
        let p = ptr as u64;
        if crate::index::find(p).is_none_or(|e| e.base != p) {
            eprintln!("gcnkit-hip: hipFreeAsync: {ptr:?} is not the start of a live allocation");
            return Err(hipErrorInvalidValue);
        }
        crate::queue::submit(h, Box::new(move || memory::free(p as *mut c_void))).map(|_| ())
    })
}

/// Writes `bytes` at `ptr` when the stream reaches the write (device, pinned or registered
/// memory, checked when given).
fn write_value(
    what: &'static str,
    stream: *mut c_void,
    ptr: *mut c_void,
    bytes: Vec<u8>,
    flags: u32,
) -> Result<(), HipError> {
    let h = stream as usize;
    crate::queue::stream(h)?;
    if flags != 0 || ptr.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let p = ptr as u64;
    memory::device_range(what, p, bytes.len())?;
    crate::queue::submit(
        h,
        Box::new(move || {
            with(|rt| {
                rt.device_at(p)?.write(p, &bytes).map_err(|e| {
                    eprintln!("gcnkit-hip: {what}: {e}");
                    hipErrorInvalidValue
                })
            })
        }),
    )
    .map(|_| ())
}

pub extern "C" fn hipStreamWriteValue32(stream: *mut c_void, ptr: *mut c_void, value: u32, flags: u32) -> i32 {
    guard(|| {
        write_value(
            "hipStreamWriteValue32",
            stream,
            ptr,
            value.to_le_bytes().to_vec(),
            flags,
        )
    })
}

pub extern "C" fn hipStreamWriteValue64(stream: *mut c_void, ptr: *mut c_void, value: u64, flags: u32) -> i32 {
    guard(|| {
        write_value(
            "hipStreamWriteValue64",
            stream,
            ptr,
            value.to_le_bytes().to_vec(),
            flags,
        )
    })
}

/// `hipCpuDeviceId`: the host as a hint's location.
const CPU_DEVICE: i32 = -1;

/// Checks that `[p, p + n)` is managed memory (`hipErrorInvalidValue` otherwise, said once).
fn managed_range(what: &str, p: *const c_void, n: usize) -> Result<(), HipError> {
    if p.is_null() || n == 0 {
        return Err(hipErrorInvalidValue);
    }
    let a = p as u64;
    match crate::index::find(a) {
        Some(e) if e.managed && a - e.base + n as u64 <= e.len => Ok(()),
        _ => {
            eprintln!("gcnkit-hip: {what}: {p:?}..+{n} is not inside managed memory");
            Err(hipErrorInvalidValue)
        }
    }
}

/// A device number of a hint: a device or the host.
fn hint_device(device: i32) -> Result<(), HipError> {
    if device == CPU_DEVICE {
        Ok(())
    } else {
        check_device(device).map(|_| ())
    }
}

/// Checked; changes nothing (no migration: the memory is everyone's already).
pub extern "C" fn hipMemPrefetchAsync(ptr: *const c_void, count: usize, device: i32, stream: *mut c_void) -> i32 {
    guard(|| {
        crate::queue::stream(stream as usize)?;
        hint_device(device)?;
        managed_range("hipMemPrefetchAsync", ptr, count)
    })
}

/// Checked (HIP 5.2's advice values); changes nothing.
pub extern "C" fn hipMemAdvise(ptr: *const c_void, count: usize, advice: i32, device: i32) -> i32 {
    guard(|| {
        if !matches!(advice, 1..=6 | 100 | 101) {
            return Err(hipErrorInvalidValue);
        }
        if matches!(advice, 3..=6) {
            hint_device(device)?;
        }
        managed_range("hipMemAdvise", ptr, count)
    })
}

/// `hipMemAttachGlobal`, `Host` or `Single`: checked; changes nothing.
pub extern "C" fn hipStreamAttachMemAsync(stream: *mut c_void, ptr: *mut c_void, length: usize, flags: u32) -> i32 {
    guard(|| {
        crate::queue::stream(stream as usize)?;
        if !matches!(flags, 1 | 2 | 4) {
            return Err(hipErrorInvalidValue);
        }
        let e = crate::index::find(ptr as u64).ok_or(hipErrorInvalidValue)?;
        let n = if length == 0 { e.len as usize } else { length };
        managed_range("hipStreamAttachMemAsync", ptr, n)
    })
}
