//! Memory operations ordered in a stream: waits for and writes of a value, and managed
//! memory's hints (which change nothing: managed memory is one allocation at one address for
//! the host and every device, so there is nothing to migrate). The allocator is in `mem_pools`.

use super::*;

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
    // Captured as a memset node (HIP 5.2 has no node type of its own for it).
    crate::graph::submit(
        h,
        crate::graph::kind::MEMSET,
        std::sync::Arc::new(()),
        std::sync::Arc::new(move || {
            with(|rt| {
                rt.device_at(p)?.write(p, &bytes).map_err(|e| {
                    eprintln!("gcnkit-hip: {what}: {e}");
                    hipErrorInvalidValue
                })
            })
        }),
    )
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

/// How long a value wait may wait before it is given up (`GCNKIT_WAIT_TIMEOUT`, seconds;
/// default 10).
fn wait_timeout() -> std::time::Duration {
    let s = std::env::var("GCNKIT_WAIT_TIMEOUT")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(10.0);
    std::time::Duration::from_secs_f64(s)
}

/// Is HIP's wait condition `flags` met by `word` (`bits` wide)? As HIP 5.2's header says:
/// `Gte` (0) `word & mask >= value`, `Eq` (1) `==`, `And` (2) `(word & mask) & value != 0`,
/// `Nor` (3) `~((word & mask) | (value & mask)) != 0` (unsigned, in the width of the wait).
pub(super) fn wait_met(flags: u32, word: u64, value: u64, mask: u64, bits: u32) -> bool {
    let all = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let v = word & mask & all;
    match flags {
        0 => v >= value & all,
        1 => v == value & all,
        2 => v & value != 0,
        _ => !(v | (value & mask)) & all != 0,
    }
}

/// Holds stream `stream` until the word at `ptr` meets the condition (device, pinned or
/// registered memory, checked when given). The executor runs every stream's work in one
/// queue, so only the host (or work given before the wait) can meet it: a wait not met
/// within `GCNKIT_WAIT_TIMEOUT` seconds is given up, said on stderr and reported by the next
/// synchronisation as `hipErrorLaunchTimeOut` (on a GPU it would wait for ever).
#[allow(clippy::too_many_arguments)]
fn wait_value(
    what: &'static str,
    stream: *mut c_void,
    ptr: *mut c_void,
    value: u64,
    mask: u64,
    flags: u32,
    bits: u32,
) -> Result<(), HipError> {
    let h = stream as usize;
    crate::queue::stream(h)?;
    if flags > 3 || ptr.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let p = ptr as u64;
    let n = bits as usize / 8;
    memory::device_range(what, p, n)?;
    crate::graph::submit(
        h,
        crate::graph::kind::EMPTY,
        std::sync::Arc::new(()),
        std::sync::Arc::new(move || {
            let limit = wait_timeout();
            let start = std::time::Instant::now();
            let mut pause = std::time::Duration::from_micros(20);
            loop {
                let mut b = [0u8; 8];
                with(|rt| rt.device_at(p)?.read(p, &mut b[..n]).map_err(|_| hipErrorInvalidValue))?;
                let word = u64::from_le_bytes(b);
                if wait_met(flags, word, value, mask, bits) {
                    return Ok(());
                }
                if start.elapsed() >= limit {
                    const OPS: [&str; 4] = [">=", "==", "& value != 0 with", "nor"];
                    eprintln!(
                        "gcnkit-hip: {what}: the word at 0x{p:x} (0x{word:x}, mask 0x{mask:x}) did not become {} 0x{value:x} within {:.1} s: the wait is given up (every stream's work runs in one queue in the order it was given, so only the host or work given before the wait can meet it; GCNKIT_WAIT_TIMEOUT sets the time)",
                        OPS[flags as usize],
                        limit.as_secs_f64()
                    );
                    return Err(hipErrorLaunchTimeOut);
                }
                std::thread::sleep(pause);
                pause = (pause * 2).min(std::time::Duration::from_millis(2));
            }
        }),
    )
}

pub extern "C" fn hipStreamWaitValue32(
    stream: *mut c_void,
    ptr: *mut c_void,
    value: u32,
    flags: u32,
    mask: u32,
) -> i32 {
    guard(|| {
        wait_value(
            "hipStreamWaitValue32",
            stream,
            ptr,
            value as u64,
            mask as u64,
            flags,
            32,
        )
    })
}

pub extern "C" fn hipStreamWaitValue64(
    stream: *mut c_void,
    ptr: *mut c_void,
    value: u64,
    flags: u32,
    mask: u64,
) -> i32 {
    guard(|| wait_value("hipStreamWaitValue64", stream, ptr, value, mask, flags, 64))
}

/// `hipCpuDeviceId`: the host as a hint's location.
const CPU_DEVICE: i32 = -1;

/// `hipInvalidDeviceId`: no device (a hint never given).
const NO_DEVICE: i32 = -2;

/// The hints given to a managed allocation, answered by `hipMemRangeGetAttribute`. They are
/// kept per allocation: a hint on part of one counts for all of it.
#[derive(Clone, Debug)]
struct Hints {
    read_mostly: bool,
    preferred: i32,
    accessed_by: Vec<i32>,
    last_prefetch: i32,
    coarse_grain: bool,
}

impl Default for Hints {
    fn default() -> Hints {
        Hints {
            read_mostly: false,
            preferred: NO_DEVICE,
            accessed_by: Vec::new(),
            last_prefetch: NO_DEVICE,
            coarse_grain: false,
        }
    }
}

/// Hints by managed allocation base.
static HINTS: std::sync::Mutex<Vec<(u64, Hints)>> = std::sync::Mutex::new(Vec::new());

/// Runs `f` on the hints of the allocation at `base`.
fn hints<R>(base: u64, f: impl FnOnce(&mut Hints) -> R) -> R {
    let mut all = HINTS.lock().unwrap_or_else(|e| e.into_inner());
    let k = match all.iter().position(|(b, _)| *b == base) {
        Some(k) => k,
        None => {
            all.push((base, Hints::default()));
            all.len() - 1
        }
    };
    f(&mut all[k].1)
}

/// Checks that `[p, p + n)` is managed memory (`hipErrorInvalidValue` otherwise, said once);
/// gives its allocation's base.
fn managed_range(what: &str, p: *const c_void, n: usize) -> Result<u64, HipError> {
    if p.is_null() || n == 0 {
        return Err(hipErrorInvalidValue);
    }
    let a = p as u64;
    match crate::index::find(a) {
        Some(e) if e.managed && a - e.base + n as u64 <= e.len => Ok(e.base),
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
        let base = managed_range("hipMemPrefetchAsync", ptr, count)?;
        hints(base, |h| h.last_prefetch = device);
        Ok(())
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
        let base = managed_range("hipMemAdvise", ptr, count)?;
        hints(base, |h| match advice {
            1 => h.read_mostly = true,
            2 => h.read_mostly = false,
            3 => h.preferred = device,
            4 => h.preferred = NO_DEVICE,
            5 if !h.accessed_by.contains(&device) => h.accessed_by.push(device),
            6 => h.accessed_by.retain(|&d| d != device),
            100 => h.coarse_grain = true,
            101 => h.coarse_grain = false,
            _ => {}
        });
        Ok(())
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
        managed_range("hipStreamAttachMemAsync", ptr, n).map(|_| ())
    })
}

/// One attribute of a managed range: `ReadMostly` (int), `PreferredLocation` (int),
/// `AccessedBy` (ints, the rest of the buffer `hipInvalidDeviceId`), `LastPrefetchLocation`
/// (int), `CoherencyMode` (int): from the hints given (kept per allocation).
///
/// # Safety
/// `data` is the program's buffer of `size` bytes.
unsafe fn range_attribute(
    data: *mut c_void,
    size: usize,
    attribute: i32,
    ptr: *const c_void,
    count: usize,
) -> Result<(), HipError> {
    if data.is_null() || size < 4 || !size.is_multiple_of(4) {
        return Err(hipErrorInvalidValue);
    }
    let a = ptr as u64;
    let device = |base: u64| with(|rt| !rt.shared.contains_key(&base));
    let h = match crate::index::find(a) {
        // Device memory: no advice, coarse-grained (ROCm's SVM query answers for it; for
        // pinned host memory it fails, as HIP's catch tests expect).
        Some(e) if !e.managed && count > 0 && (count as u64) <= e.len - (a - e.base) && device(e.base) => Hints {
            coarse_grain: true,
            ..Hints::default()
        },
        _ => hints(managed_range("hipMemRangeGetAttribute", ptr, count)?, |h| h.clone()),
    };
    // SAFETY: the program's buffer of `size` bytes (checked a whole number of ints).
    let out = unsafe { std::slice::from_raw_parts_mut(data as *mut i32, size / 4) };
    let one = match attribute {
        1 => h.read_mostly as i32,
        2 => h.preferred,
        3 => {
            for (k, o) in out.iter_mut().enumerate() {
                *o = h.accessed_by.get(k).copied().unwrap_or(NO_DEVICE);
            }
            return Ok(());
        }
        4 => h.last_prefetch,
        100 => h.coarse_grain as i32,
        _ => return Err(hipErrorInvalidValue),
    };
    if size != 4 {
        return Err(hipErrorInvalidValue);
    }
    out[0] = one;
    Ok(())
}

pub unsafe extern "C" fn hipMemRangeGetAttribute(
    data: *mut c_void,
    size: usize,
    attribute: i32,
    ptr: *const c_void,
    count: usize,
) -> i32 {
    // SAFETY: the program's buffer.
    guard(|| unsafe { range_attribute(data, size, attribute, ptr, count) })
}

pub unsafe extern "C" fn hipMemRangeGetAttributes(
    data: *mut *mut c_void,
    sizes: *mut usize,
    attributes: *mut i32,
    n: usize,
    ptr: *const c_void,
    count: usize,
) -> i32 {
    guard(|| {
        if data.is_null() || sizes.is_null() || attributes.is_null() || n == 0 {
            return Err(hipErrorInvalidValue);
        }
        for k in 0..n {
            // SAFETY: the program's arrays of `n` entries, each buffer of its size.
            unsafe { range_attribute(*data.add(k), *sizes.add(k), *attributes.add(k), ptr, count) }?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::wait_met;

    #[test]
    fn wait_conditions_are_the_headers() {
        // Gte, Eq under a mask; And; Nor with the mask on both sides; the width of the wait.
        assert!(wait_met(0, 0x1_0000_0005, 5, u64::MAX, 32));
        assert!(!wait_met(0, 4, 5, u64::MAX, 32));
        assert!(wait_met(1, 0xff05, 5, 0xff, 32));
        assert!(!wait_met(1, 0xff05, 5, 0xffff, 32));
        assert!(wait_met(2, 0b0110, 0b0100, u64::MAX, 32));
        assert!(!wait_met(2, 0b0110, 0b1000, u64::MAX, 32));
        assert!(!wait_met(3, u32::MAX as u64, 0, u64::MAX, 32));
        assert!(wait_met(3, 0xffff_fffe, 0, u64::MAX, 32));
        assert!(wait_met(3, u32::MAX as u64, 0, 0xfff0, 32));
        assert!(!wait_met(3, u64::MAX, 0, u64::MAX, 64));
        assert!(wait_met(0, u64::MAX, u64::MAX - 1, u64::MAX, 64));
    }
}
