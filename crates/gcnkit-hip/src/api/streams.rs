//! Synchronisation, streams and events: every call is done when it returns.

use super::*;

// ---- Synchronisation (launches and copies are done when their call returns) ----

/// A synchronisation: nothing is pending but the failure of a launch since the last one,
/// which a GPU would report here.
pub(super) fn synchronize() -> Result<(), HipError> {
    gpu()?;
    with(|rt| rt.pending.take()).map_or(Ok(()), Err)
}

pub extern "C" fn hipDeviceSynchronize() -> i32 {
    guard(synchronize)
}

pub extern "C" fn hipStreamSynchronize(_stream: *mut c_void) -> i32 {
    guard(synchronize)
}

// ---- Streams and events: every call is done when it returns, so a stream is a name and an
// event is the time it was recorded ----

pub(super) unsafe fn new_handle(
    out: *mut *mut c_void,
    f: impl FnOnce(&mut runtime::Runtime, usize),
) -> Result<(), HipError> {
    if out.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let h = with(|rt| {
        let h = rt.handle();
        f(rt, h);
        h
    });
    // SAFETY: checked non-null; the program's out-pointer.
    unsafe { *out = h as *mut c_void };
    Ok(())
}

pub unsafe extern "C" fn hipStreamCreate(stream: *mut *mut c_void) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipStreamCreateWithPriority(stream, 0, 0) }
}

pub unsafe extern "C" fn hipStreamCreateWithFlags(stream: *mut *mut c_void, flags: u32) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipStreamCreateWithPriority(stream, flags, 0) }
}

pub unsafe extern "C" fn hipStreamCreateWithPriority(stream: *mut *mut c_void, flags: u32, priority: i32) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe {
        new_handle(stream, |rt, h| {
            rt.streams.insert(h, (flags, priority.clamp(-1, 0)));
        })
    })
}

/// Stream priorities as ROCm has them: 0 (normal) down to -1 (high).
pub unsafe extern "C" fn hipDeviceGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) -> i32 {
    guard(|| {
        // SAFETY: the program's out-pointers (null ones skipped).
        unsafe {
            if !least.is_null() {
                *least = 0;
            }
            if !greatest.is_null() {
                *greatest = -1;
            }
        }
        Ok(())
    })
}

pub(super) fn stream_info(stream: *mut c_void) -> Result<(u32, i32), HipError> {
    with(|rt| match stream as usize {
        0 => Ok((0, 0)),
        s => rt.streams.get(&s).copied().ok_or(hipErrorInvalidHandle),
    })
}

pub unsafe extern "C" fn hipStreamGetFlags(stream: *mut c_void, flags: *mut u32) -> i32 {
    guard(|| {
        if flags.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (f, _) = stream_info(stream)?;
        // SAFETY: checked non-null.
        unsafe { *flags = f };
        Ok(())
    })
}

pub unsafe extern "C" fn hipStreamGetPriority(stream: *mut c_void, priority: *mut i32) -> i32 {
    guard(|| {
        if priority.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (_, p) = stream_info(stream)?;
        // SAFETY: checked non-null.
        unsafe { *priority = p };
        Ok(())
    })
}

pub extern "C" fn hipStreamDestroy(stream: *mut c_void) -> i32 {
    guard(|| {
        with(|rt| {
            rt.streams
                .remove(&(stream as usize))
                .map(|_| ())
                .ok_or(hipErrorInvalidHandle)
        })
    })
}

/// The event's work is done already (every call is), so the stream need not wait.
pub extern "C" fn hipStreamWaitEvent(stream: *mut c_void, event: *mut c_void, _flags: u32) -> i32 {
    guard(|| {
        with(|rt| {
            rt.stream_ok(stream as usize)?;
            rt.events
                .get(&(event as usize))
                .map(|_| ())
                .ok_or(hipErrorInvalidHandle)
        })
    })
}

/// `hipStreamCallback_t`.
pub type StreamCallback = Option<unsafe extern "C" fn(stream: *mut c_void, status: i32, user_data: *mut c_void)>;

/// The stream's work is done when this is called, so the callback runs now, on this thread,
/// with the pending launch failure if there is one (a callback must not call HIP itself).
pub unsafe extern "C" fn hipStreamAddCallback(
    stream: *mut c_void,
    callback: StreamCallback,
    user_data: *mut c_void,
    _flags: u32,
) -> i32 {
    guard(|| {
        let cb = callback.ok_or(hipErrorInvalidValue)?;
        let status = with(|rt| {
            rt.stream_ok(stream as usize)?;
            Ok::<_, HipError>(rt.pending.unwrap_or(hipSuccess))
        })?;
        // SAFETY: the program's callback with its own user data, outside the runtime's lock.
        unsafe { cb(stream, status, user_data) };
        Ok(())
    })
}

pub extern "C" fn hipStreamQuery(stream: *mut c_void) -> i32 {
    guard(|| with(|rt| rt.stream_ok(stream as usize)))
}

pub unsafe extern "C" fn hipEventCreate(event: *mut *mut c_void) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe {
        new_handle(event, |rt, h| {
            rt.events.insert(h, None);
        })
    })
}

pub unsafe extern "C" fn hipEventCreateWithFlags(event: *mut *mut c_void, _flags: u32) -> i32 {
    // SAFETY: as hipEventCreate.
    guard(|| unsafe {
        new_handle(event, |rt, h| {
            rt.events.insert(h, None);
        })
    })
}

pub extern "C" fn hipEventDestroy(event: *mut c_void) -> i32 {
    guard(|| {
        with(|rt| {
            rt.events
                .remove(&(event as usize))
                .map(|_| ())
                .ok_or(hipErrorInvalidHandle)
        })
    })
}

pub extern "C" fn hipEventRecord(event: *mut c_void, stream: *mut c_void) -> i32 {
    guard(|| {
        with(|rt| {
            rt.stream_ok(stream as usize)?;
            let e = rt.events.get_mut(&(event as usize)).ok_or(hipErrorInvalidHandle)?;
            *e = Some(std::time::Instant::now());
            Ok(())
        })
    })
}

pub extern "C" fn hipEventSynchronize(event: *mut c_void) -> i32 {
    guard(|| {
        synchronize()?;
        with(|rt| {
            rt.events
                .get(&(event as usize))
                .map(|_| ())
                .ok_or(hipErrorInvalidHandle)
        })
    })
}

pub extern "C" fn hipEventQuery(event: *mut c_void) -> i32 {
    guard(|| {
        with(|rt| {
            rt.events
                .get(&(event as usize))
                .map(|_| ())
                .ok_or(hipErrorInvalidHandle)
        })
    })
}

pub unsafe extern "C" fn hipEventElapsedTime(ms: *mut f32, start: *mut c_void, stop: *mut c_void) -> i32 {
    guard(|| {
        if ms.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let t = with(|rt| {
            let get = |e: *mut c_void| rt.events.get(&(e as usize)).copied().ok_or(hipErrorInvalidHandle);
            match (get(start)?, get(stop)?) {
                (Some(a), Some(b)) => Ok(b
                    .checked_duration_since(a)
                    .map_or_else(|| -(a.duration_since(b).as_secs_f32()), |d| d.as_secs_f32())),
                // An event never recorded.
                _ => Err(hipErrorInvalidHandle),
            }
        })?;
        // SAFETY: checked non-null.
        unsafe { *ms = t * 1000.0 };
        Ok(())
    })
}

/// Frees every allocation (the device starts afresh); registered kernels stay.
pub extern "C" fn hipDeviceReset() -> i32 {
    guard(|| {
        with(|rt| {
            // The calling thread's device: every allocation, its code objects (loaded again
            // on next use) and hostcall buffer go. Host-shared memory it allocated goes from
            // every device; what it reached of others' (host-shared, registered) stays.
            let k = runtime::current();
            rt.device()?.free_all();
            rt.allocated[k] = 0;
            rt.hostcall[k] = None;
            for m in &mut rt.modules {
                if let Some(l) = m.loaded.get_mut(k) {
                    *l = None;
                }
            }
            let gone: Vec<u64> = rt
                .shared_device
                .iter()
                .filter(|(_, d)| **d == k)
                .map(|(b, _)| *b)
                .collect();
            for b in gone {
                rt.shared.remove(&b);
                rt.shared_device.remove(&b);
                rt.host_flags.remove(&b);
                for d in &mut rt.devices {
                    let _ = d.free(b);
                }
            }
            let devices = &rt.devices;
            rt.registered
                .retain(|b, _| devices.iter().any(|d| d.allocation(*b).is_some()));
            let keep: Vec<(u64, u64)> = rt
                .shared
                .keys()
                .chain(rt.registered.keys())
                .filter_map(|b| Some((*b, rt.devices.iter().find_map(|d| d.allocation(*b))?.1)))
                .collect();
            for (b, n) in keep {
                // SAFETY: storage that stays allocated (another device's host-shared memory or
                // the program's registered memory) until it is freed on every device.
                unsafe { rt.device()?.register_host(b, n) };
            }
            Ok(())
        })
    })
}
