//! Synchronisation, streams and events: the entry points of [`crate::queue`] (operations
//! put on a stream run on the executor thread, in HIP's order).

use super::*;
use crate::queue;

// ---- Synchronisation ----

/// Reports the failure of an operation since the last synchronisation, once (a GPU reports
/// a kernel's fault at the next synchronisation).
/// Memory pools give back what they hold above their release thresholds at a
/// synchronisation (as CUDA's allocator, whose semantics HIP's follows).
pub(super) fn report() -> Result<(), HipError> {
    super::mem_pools::release_above_thresholds()?;
    queue::take_sticky().map_or(Ok(()), Err)
}

/// Waits for all work given so far and reports a failure (`hipDeviceSynchronize`).
pub(super) fn synchronize() -> Result<(), HipError> {
    gpu()?;
    queue::drain();
    report()
}

/// The implicit synchronisation of a blocking call (`hipMemcpy`, `hipFree`...): waits for all
/// work given so far, so the call sees what it did (the failure stays for the next
/// synchronisation). Never called with the runtime locked.
pub(super) fn settle() {
    queue::drain();
}

pub extern "C" fn hipDeviceSynchronize() -> i32 {
    guard(synchronize)
}

pub extern "C" fn hipStreamSynchronize(stream: *mut c_void) -> i32 {
    guard(|| {
        queue::wait_stream(stream as usize)?;
        report()
    })
}

// ---- Streams ----

pub unsafe extern "C" fn hipStreamCreate(stream: *mut *mut c_void) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipStreamCreateWithPriority(stream, 0, 0) }
}

pub unsafe extern "C" fn hipStreamCreateWithFlags(stream: *mut *mut c_void, flags: u32) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipStreamCreateWithPriority(stream, flags, 0) }
}

/// Stream priorities as ROCm has them: 0 (normal) down to -1 (high); others are clamped.
pub unsafe extern "C" fn hipStreamCreateWithPriority(stream: *mut *mut c_void, flags: u32, priority: i32) -> i32 {
    guard(|| {
        if stream.is_null() || flags & !queue::STREAM_NON_BLOCKING != 0 {
            return Err(hipErrorInvalidValue);
        }
        gpu()?;
        // ROCm 5.2's three priorities: high -1, normal 0, low 1.
        let h = queue::create_stream(flags, priority.clamp(-1, 1), runtime::current());
        // SAFETY: checked non-null; the program's out-pointer.
        unsafe { *stream = h as *mut c_void };
        Ok(())
    })
}

pub unsafe extern "C" fn hipDeviceGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) -> i32 {
    guard(|| {
        // SAFETY: the program's out-pointers (null ones skipped).
        unsafe {
            if !least.is_null() {
                *least = 1;
            }
            if !greatest.is_null() {
                *greatest = -1;
            }
        }
        Ok(())
    })
}

pub unsafe extern "C" fn hipStreamGetFlags(stream: *mut c_void, flags: *mut u32) -> i32 {
    guard(|| {
        if flags.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let f = queue::stream(stream as usize)?.map_or(0, |s| s.flags);
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
        let p = queue::stream(stream as usize)?.map_or(0, |s| s.priority);
        // SAFETY: checked non-null.
        unsafe { *priority = p };
        Ok(())
    })
}

/// Waits for the stream's work, then destroys it.
/// A capture the stream takes part in ends for it ([`crate::graph::forget_stream`]).
pub extern "C" fn hipStreamDestroy(stream: *mut c_void) -> i32 {
    guard(|| {
        queue::destroy_stream(stream as usize)?;
        crate::graph::forget_stream(stream as usize);
        Ok(())
    })
}

pub extern "C" fn hipStreamWaitEvent(stream: *mut c_void, event: *mut c_void, flags: u32) -> i32 {
    guard(|| {
        if flags != 0 {
            return Err(hipErrorInvalidValue);
        }
        wait_event(stream as usize, event as usize)
    })
}

/// Makes stream `h` wait for event `e`: in the capture `e` was recorded in, if it was (the
/// stream joins that capture), else in the queue.
pub(super) fn wait_event(h: usize, e: usize) -> Result<(), HipError> {
    if crate::graph::capture_wait(h, e)? {
        return Ok(());
    }
    queue::stream_wait_event(h, e)
}

/// Records event `e` on stream `h`: in its capture when `h` is capturing (the event then
/// stands for the stream's last captured nodes), else in the queue.
pub(super) fn record_event(e: usize, h: usize) -> Result<(), HipError> {
    queue::query_event(e).or_else(|x| if x == hipErrorNotReady { Ok(()) } else { Err(x) })?;
    queue::stream(h)?;
    if crate::graph::capture_record(e, h) {
        return Ok(());
    }
    queue::record(e, h)
}

/// `hipStreamCallback_t`.
pub type StreamCallback = Option<unsafe extern "C" fn(stream: *mut c_void, status: i32, user_data: *mut c_void)>;

/// A pointer the program gave, carried to the executor thread.
struct Carried(usize);

/// The callback runs on the executor thread when the stream reaches it, with the failure not
/// yet reported as its status (a callback must not call HIP: HIP forbids it).
pub unsafe extern "C" fn hipStreamAddCallback(
    stream: *mut c_void,
    callback: StreamCallback,
    user_data: *mut c_void,
    flags: u32,
) -> i32 {
    guard(|| {
        let cb = callback.ok_or(hipErrorInvalidValue)?;
        if flags != 0 {
            return Err(hipErrorInvalidValue);
        }
        let (s, data) = (Carried(stream as usize), Carried(user_data as usize));
        crate::graph::submit(
            stream as usize,
            crate::graph::kind::HOST,
            std::sync::Arc::new(()),
            std::sync::Arc::new(move || {
                let status = queue::peek_sticky().unwrap_or(hipSuccess);
                // SAFETY: the program's callback with its own user data.
                unsafe { cb(s.0 as *mut c_void, status, data.0 as *mut c_void) };
                Ok(())
            }),
        )
    })
}

pub extern "C" fn hipStreamQuery(stream: *mut c_void) -> i32 {
    guard(|| queue::query_stream(stream as usize))
}

// ---- Events ----

pub unsafe extern "C" fn hipEventCreate(event: *mut *mut c_void) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { hipEventCreateWithFlags(event, 0) }
}

/// `hipEventDefault`, `BlockingSync`, `DisableTiming`, `Interprocess` (the last only with
/// `DisableTiming`, as HIP), `ReleaseToDevice`, `ReleaseToSystem`.
pub unsafe extern "C" fn hipEventCreateWithFlags(event: *mut *mut c_void, flags: u32) -> i32 {
    guard(|| {
        const KNOWN: u32 = 0x1 | 0x2 | 0x4 | 0x4000_0000 | 0x8000_0000;
        if event.is_null() || flags & !KNOWN != 0 || (flags & 0x4 != 0 && flags & queue::EVENT_DISABLE_TIMING == 0) {
            return Err(hipErrorInvalidValue);
        }
        let h = queue::create_event(flags);
        // SAFETY: checked non-null; the program's out-pointer.
        unsafe { *event = h as *mut c_void };
        Ok(())
    })
}

pub extern "C" fn hipEventDestroy(event: *mut c_void) -> i32 {
    guard(|| queue::destroy_event(event as usize))
}

pub extern "C" fn hipEventRecord(event: *mut c_void, stream: *mut c_void) -> i32 {
    guard(|| record_event(event as usize, stream as usize))
}

pub extern "C" fn hipEventSynchronize(event: *mut c_void) -> i32 {
    guard(|| {
        queue::wait_event(event as usize)?;
        report()
    })
}

pub extern "C" fn hipEventQuery(event: *mut c_void) -> i32 {
    guard(|| queue::query_event(event as usize))
}

pub unsafe extern "C" fn hipEventElapsedTime(ms: *mut f32, start: *mut c_void, stop: *mut c_void) -> i32 {
    guard(|| {
        if ms.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let t = queue::elapsed_ms(start as usize, stop as usize)?;
        // SAFETY: checked non-null.
        unsafe { *ms = t };
        Ok(())
    })
}

/// Frees every allocation (the device starts afresh); registered kernels stay.
pub extern "C" fn hipDeviceReset() -> i32 {
    guard(|| {
        settle();
        runtime::forget_kernels();
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
            crate::index::prune(rt);
            Ok(())
        })
    })
}

/// The device of a stream (the calling thread's for the null stream); -1 for an unknown one.
pub extern "C" fn hipGetStreamDeviceId(stream: *mut c_void) -> i32 {
    match queue::stream(stream as usize) {
        Ok(Some(s)) => s.device as i32,
        Ok(None) => runtime::current() as i32,
        Err(_) => -1,
    }
}

/// CU masks given to `hipExtStreamCreateWithCUMask`, by stream (kept for
/// `hipExtStreamGetCUMask`: the kernel machine does not place work-groups on CUs).
static CU_MASKS: std::sync::Mutex<Vec<(usize, Vec<u32>)>> = std::sync::Mutex::new(Vec::new());

/// A stream whose kernels may use only the CUs of the mask: kept and answered, changes
/// nothing (work-groups are not placed on CUs). A mask of no CU is `hipErrorInvalidValue`.
pub unsafe extern "C" fn hipExtStreamCreateWithCUMask(stream: *mut *mut c_void, size: u32, mask: *const u32) -> i32 {
    guard(|| {
        if stream.is_null() {
            return Err(hipErrorInvalidHandle);
        }
        if mask.is_null() || size == 0 {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's mask of `size` words.
        let m = unsafe { std::slice::from_raw_parts(mask, size as usize) }.to_vec();
        gpu()?;
        let h = queue::create_stream(0, 0, runtime::current());
        // A mask with no CU is the default mask (every CU), as in ROCm 5.2.
        if m.iter().any(|&w| w != 0) {
            CU_MASKS.lock().unwrap_or_else(|e| e.into_inner()).push((h, m));
        }
        // SAFETY: checked non-null.
        unsafe { *stream = h as *mut c_void };
        Ok(())
    })
}

/// The stream's CU mask: the one it was made with, else every CU of the GPU.
pub unsafe extern "C" fn hipExtStreamGetCUMask(stream: *mut c_void, size: u32, mask: *mut u32) -> i32 {
    guard(|| {
        if mask.is_null() || size == 0 {
            return Err(hipErrorInvalidValue);
        }
        queue::stream(stream as usize)?;
        let cus = gpu()?.compute_units as usize;
        let all: Vec<u32> = (0..cus.div_ceil(32))
            .map(|w| {
                if (w + 1) * 32 <= cus {
                    u32::MAX
                } else {
                    (1u32 << (cus % 32)) - 1
                }
            })
            .collect();
        let h = queue::resolve(stream as usize);
        let masks = CU_MASKS.lock().unwrap_or_else(|e| e.into_inner());
        let m = masks.iter().find(|(s, _)| *s == h).map_or(&all, |(_, m)| m);
        // SAFETY: the program's buffer of `size` words.
        let out = unsafe { std::slice::from_raw_parts_mut(mask, size as usize) };
        for (k, o) in out.iter_mut().enumerate() {
            *o = m.get(k).copied().unwrap_or(0);
        }
        Ok(())
    })
}
