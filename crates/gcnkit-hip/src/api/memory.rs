//! Device, pinned and managed memory: allocation, copies of every kind, sets, pitched and 2D
//! memory, pointer queries.

use super::*;

// ---- Memory ----

/// Refused during a capture as HIP 5.2 refuses it (`hipErrorStreamCaptureUnsupported`).
pub unsafe extern "C" fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> i32 {
    // SAFETY: the program's out-pointer.
    unsafe { device_malloc(ptr, size, |rt, n| Ok(rt.device()?.alloc(n))) }
}

/// A device allocation entry point (`hipMalloc`, `hipExtMallocWithFlags`): refused during a
/// capture, then [`allocate`] with `alloc`.
///
/// # Safety
/// `ptr` is the program's out-pointer.
pub(super) unsafe fn device_malloc(
    ptr: *mut *mut c_void,
    size: usize,
    alloc: impl FnOnce(&mut runtime::Runtime, u64) -> Result<u64, HipError>,
) -> i32 {
    guard(|| {
        super::capture::allocation_allowed()?;
        // SAFETY: the caller's contract.
        unsafe { allocate(ptr, size, alloc) }
    })
}

/// An allocation of `size` bytes made by `alloc`, within the GPU's memory
/// (`hipErrorOutOfMemory` past it) and counted, its address stored at the program's `ptr`
/// (null for 0 bytes, as HIP gives).
///
/// # Safety
/// `ptr` is the program's out-pointer (checked non-null here).
pub(super) unsafe fn allocate(
    ptr: *mut *mut c_void,
    size: usize,
    alloc: impl FnOnce(&mut runtime::Runtime, u64) -> Result<u64, HipError>,
) -> Result<(), HipError> {
    if ptr.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let addr = if size == 0 {
        0
    } else {
        with(|rt| counted(rt, runtime::current(), size as u64, alloc))?
    };
    // SAFETY: checked non-null; the program passes where to store the pointer.
    unsafe { *ptr = addr as *mut c_void };
    Ok(())
}

/// An allocation of `size` bytes on device `k` made by `alloc`, within the GPU's memory
/// (`hipErrorOutOfMemory` past it), counted and indexed.
pub(super) fn counted(
    rt: &mut runtime::Runtime,
    k: usize,
    size: u64,
    alloc: impl FnOnce(&mut runtime::Runtime, u64) -> Result<u64, HipError>,
) -> Result<u64, HipError> {
    let limit = rt.gpu.as_ref().map_or(0, |g| g.memory_bytes);
    let used = rt.allocated.get_mut(k).ok_or(hipErrorNoDevice)?;
    if used.saturating_add(size) > limit {
        return Err(hipErrorOutOfMemory);
    }
    let a = alloc(rt, size)?;
    rt.allocated[k] += size;
    crate::index::note(rt, a);
    Ok(a)
}

/// Waits for earlier work (HIP's `hipFree` synchronises), then frees. Refused during a
/// capture as HIP 5.2 refuses it (`hipErrorStreamCaptureUnsupported`).
pub extern "C" fn hipFree(ptr: *mut c_void) -> i32 {
    match guard(super::capture::allocation_allowed) {
        0 => blocking(|| free(ptr)),
        e => e,
    }
}

/// Frees the allocation starting at `ptr` (host-shared memory on every device).
pub(super) fn free(ptr: *mut c_void) -> Result<(), HipError> {
    {
        if ptr.is_null() {
            return Ok(());
        }
        with(|rt| {
            if rt.registered.contains_key(&(ptr as u64)) {
                eprintln!("gcnkit-hip: hipFree: {ptr:?} is registered host memory (hipHostUnregister ends that)");
                return Err(hipErrorInvalidValue);
            }
            let p = ptr as u64;
            // Host-shared memory: freed on every device, its size counted on the one that
            // allocated it.
            let k = rt
                .shared_device
                .get(&p)
                .copied()
                .or(rt.owner(p))
                .unwrap_or_else(runtime::current);
            let dev = rt.devices.get_mut(k).ok_or(hipErrorNoDevice)?;
            let size = dev.allocation(p).map_or(0, |(_, s)| s);
            match dev.free(p) {
                Ok(()) => {
                    rt.allocated[k] = rt.allocated[k].saturating_sub(size);
                    if rt.shared.remove(&p).is_some() {
                        for (j, d) in rt.devices.iter_mut().enumerate() {
                            if j != k {
                                let _ = d.free(p);
                            }
                        }
                    }
                    rt.shared_device.remove(&p);
                    rt.host_flags.remove(&p);
                    crate::index::note(rt, p);
                    Ok(())
                }
                Err(e) => {
                    eprintln!("gcnkit-hip: hipFree: {e}");
                    Err(hipErrorInvalidValue)
                }
            }
        })
    }
}

// ---- Host-shared memory: pinned (`hipHostMalloc`) and managed (`hipMallocManaged`) memory
// is one allocation whose address is a host pointer to its own bytes, so the program and its
// kernels read and write the same memory at the same address ----

pub(super) unsafe fn alloc_shared(
    what: &str,
    ptr: *mut *mut c_void,
    size: usize,
    managed: bool,
    flags: u32,
) -> Result<(), HipError> {
    // SAFETY: passed on from the caller's contract.
    unsafe {
        allocate(ptr, size, |rt, n| {
            let a = rt.device()?.alloc_shared(n).ok_or_else(|| {
                eprintln!("gcnkit-hip: {what} of {n} bytes: no room in the address space");
                hipErrorOutOfMemory
            })?;
            let k = runtime::current();
            // The other devices reach the same storage as host memory.
            for (j, d) in rt.devices.iter_mut().enumerate() {
                // (Safe: the storage is device k's allocation, freed by hipFree only with its
                // regions on every other device.)
                if j != k && d.register_host(a, n) != Some(a) {
                    eprintln!("gcnkit-hip: {what}: 0x{a:x} is already used on device {j}");
                }
            }
            rt.shared.insert(a, managed);
            rt.shared_device.insert(a, k);
            if !managed {
                rt.host_flags.insert(a, flags);
            }
            Ok(a)
        })
    }
}

/// `hipHostMallocCoherent | hipHostMallocNonCoherent` together: ROCm 5.2's hipErrorInvalidValue.
const BOTH_COHERENCES: u32 = 0x4000_0000 | 0x8000_0000;

pub unsafe extern "C" fn hipHostMalloc(ptr: *mut *mut c_void, size: usize, flags: u32) -> i32 {
    guard(|| {
        // ROCm 5.2's order: capture, the out-pointer (then null), the flags.
        super::capture::allocation_allowed()?;
        if ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's out-pointer, checked non-null.
        unsafe { *ptr = std::ptr::null_mut() };
        if flags & BOTH_COHERENCES == BOTH_COHERENCES {
            eprintln!("gcnkit-hip: hipHostMalloc: memory cannot be coherent and non-coherent");
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's out-pointer.
        unsafe { alloc_shared("hipHostMalloc", ptr, size, false, flags) }
    })
}

pub unsafe extern "C" fn hipHostAlloc(ptr: *mut *mut c_void, size: usize, flags: u32) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { alloc_shared("hipHostAlloc", ptr, size, false, flags) })
}

pub unsafe extern "C" fn hipMallocHost(ptr: *mut *mut c_void, size: usize) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { alloc_shared("hipMallocHost", ptr, size, false, 0) })
}

/// As ROCm 5.2's: no size, or flags other than `hipMemAttachGlobal` (1) or `hipMemAttachHost`
/// (2), are hipErrorInvalidValue.
pub unsafe extern "C" fn hipMallocManaged(dev_ptr: *mut *mut c_void, size: usize, flags: u32) -> i32 {
    guard(|| {
        if size == 0 || !(flags == 1 || flags == 2) {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's out-pointer.
        unsafe { alloc_shared("hipMallocManaged", dev_ptr, size, true, 0) }
    })
}

pub extern "C" fn hipHostFree(ptr: *mut c_void) -> i32 {
    hipFree(ptr)
}

pub extern "C" fn hipFreeHost(ptr: *mut c_void) -> i32 {
    hipFree(ptr)
}

/// The base of the pinned, managed or registered host memory holding `p` and whether it is
/// registered (`None`: `p` is in no such memory).
pub(super) fn host_memory(rt: &mut runtime::Runtime, p: u64) -> Result<Option<(u64, bool)>, HipError> {
    let Some((base, _)) = rt.device_at(p)?.allocation(p) else {
        return Ok(None);
    };
    Ok(if rt.registered.contains_key(&base) {
        Some((base, true))
    } else {
        rt.shared.contains_key(&base).then_some((base, false))
    })
}

/// The device pointer of pinned, managed or registered host memory is the host pointer
/// itself (as on ROCm, where the GPU maps the process's memory at its own addresses).
pub unsafe extern "C" fn hipHostGetDevicePointer(dev_ptr: *mut *mut c_void, host_ptr: *mut c_void, _flags: u32) -> i32 {
    guard(|| {
        if dev_ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        if with(|rt| host_memory(rt, host_ptr as u64))?.is_none() {
            eprintln!("gcnkit-hip: hipHostGetDevicePointer: {host_ptr:?} is neither pinned nor registered host memory");
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *dev_ptr = host_ptr };
        Ok(())
    })
}

// ---- Registered host memory: memory the program allocated itself (malloc, new, a static
// array, mmap) that kernels reach at its own address, the words holding it made an allocation
// of the device whose storage is the program's ----

/// `hipHostRegisterDefault`, `Portable`, `Mapped`, `IoMemory`, `ReadOnly`.
const HOST_REGISTER_FLAGS: u32 = 0xf;

pub unsafe extern "C" fn hipHostRegister(host_ptr: *mut c_void, size_bytes: usize, flags: u32) -> i32 {
    guard(|| {
        if host_ptr.is_null() || size_bytes == 0 || flags & !HOST_REGISTER_FLAGS != 0 {
            return Err(hipErrorInvalidValue);
        }
        let p = host_ptr as u64;
        with(|rt| {
            // On every device (kernels on any of them reach it).
            let mut base = None;
            for k in 0..rt.devices.len() {
                // SAFETY: HIP's contract: the program's own memory, readable and writable for
                // `size_bytes` (the words holding it: the same pages), until
                // hipHostUnregister.
                match unsafe { rt.devices[k].register_host(p, size_bytes as u64) } {
                    Some(b) => base = Some(b),
                    None => {
                        for d in &mut rt.devices[..k] {
                            let _ = d.free(base.unwrap_or(0));
                        }
                        eprintln!(
                            "gcnkit-hip: hipHostRegister: {host_ptr:?}..+{size_bytes} overlaps memory already registered or allocated"
                        );
                        return Err(hipErrorHostMemoryAlreadyRegistered);
                    }
                }
            }
            let base = base.ok_or(hipErrorNoDevice)?;
            rt.registered.insert(base, (p, flags));
            crate::index::note(rt, base);
            Ok(())
        })
    })
}

pub unsafe extern "C" fn hipHostUnregister(host_ptr: *mut c_void) -> i32 {
    blocking(|| {
        with(|rt| {
            let p = host_ptr as u64;
            let Some(base) = rt.registered.iter().find(|(_, (q, _))| *q == p).map(|(b, _)| *b) else {
                eprintln!("gcnkit-hip: hipHostUnregister: {host_ptr:?} is not registered host memory");
                return Err(hipErrorHostMemoryNotRegistered);
            };
            rt.registered.remove(&base);
            for d in &mut rt.devices {
                d.free(base).map_err(|e| {
                    eprintln!("gcnkit-hip: hipHostUnregister: {e}");
                    hipErrorInvalidValue
                })?;
            }
            crate::index::note(rt, base);
            Ok(())
        })
    })
}

/// The flags pinned memory was allocated with, or registered memory registered with.
pub unsafe extern "C" fn hipHostGetFlags(flags_ptr: *mut u32, host_ptr: *mut c_void) -> i32 {
    guard(|| {
        if flags_ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let f = with(|rt| {
            Ok::<_, HipError>(match host_memory(rt, host_ptr as u64)? {
                Some((base, true)) => rt.registered.get(&base).map(|r| r.1),
                Some((base, false)) => rt.host_flags.get(&base).copied(),
                None => None,
            })
        })?
        .ok_or(hipErrorInvalidValue)?;
        // SAFETY: checked non-null.
        unsafe { *flags_ptr = f };
        Ok(())
    })
}

pub(super) const MEMCPY_KINDS: [&str; 5] = [
    "hipMemcpyHostToHost",
    "hipMemcpyHostToDevice",
    "hipMemcpyDeviceToHost",
    "hipMemcpyDeviceToDevice",
    "hipMemcpyDefault",
];

/// A copy of `n` bytes; where each side is comes from the device's allocations (the kind
/// must agree with them where it names a side as device memory).
pub(super) unsafe fn memcpy(
    what: &str,
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    kind: i32,
) -> Result<(), HipError> {
    let Some(kind_name) = usize::try_from(kind).ok().and_then(|k| MEMCPY_KINDS.get(k)) else {
        return Err(hipErrorInvalidMemcpyDirection);
    };
    if n == 0 {
        return Ok(());
    }
    if dst.is_null() || src.is_null() {
        return Err(hipErrorInvalidValue);
    }
    with(|rt| {
        let (d, s) = (dst as u64, src as u64);
        let (d_at, s_at) = (rt.owner(d), rt.owner(s));
        let (d_dev, s_dev) = (d_at.is_some(), s_at.is_some());
        let (want_d, want_s) = match kind {
            1 => (Some(true), None),
            2 => (None, Some(true)),
            3 => (Some(true), Some(true)),
            _ => (None, None),
        };
        for (want, is, p, side) in [(want_d, d_dev, d, "destination"), (want_s, s_dev, s, "source")] {
            if want == Some(true) && !is {
                eprintln!(
                    "gcnkit-hip: {what} ({kind_name}): the {side} 0x{p:x} is not device memory{}",
                    if rt.was_freed(p) { " (it was freed)" } else { "" }
                );
                return Err(hipErrorInvalidValue);
            }
        }
        let bad = |e: gcnkit::emu::device::DeviceError| {
            eprintln!("gcnkit-hip: {what} of {n} bytes ({kind_name}): {e}");
            hipErrorInvalidValue
        };
        let devs = &rt.devices;
        match (d_at, s_at) {
            (Some(a), Some(b)) if a == b => devs[a].copy(d, s, n as u64).map_err(bad),
            // Between two devices: through the host.
            (Some(a), Some(b)) => {
                let mut buf = vec![0u8; n];
                devs[b].read(s, &mut buf).map_err(bad)?;
                devs[a].write(d, &buf).map_err(bad)
            }
            // SAFETY: a host source readable for `n` bytes (HIP's contract).
            (Some(a), None) => devs[a]
                .write(d, unsafe { std::slice::from_raw_parts(src as *const u8, n) })
                .map_err(bad),
            // SAFETY: a host destination writable for `n` bytes.
            (None, Some(b)) => devs[b]
                .read(s, unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, n) })
                .map_err(bad),
            (None, None) => {
                // SAFETY: two host ranges of `n` bytes (they may overlap).
                unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, n) };
                Ok(())
            }
        }
    })
}

pub unsafe extern "C" fn hipMemcpy(dst: *mut c_void, src: *const c_void, size_bytes: usize, kind: i32) -> i32 {
    // SAFETY: the caller's pointers, as HIP takes them.
    blocking_copy(
        "hipMemcpy",
        || copy_ranges(dst, src, size_bytes),
        || unsafe { memcpy("hipMemcpy", dst, src, size_bytes, kind) },
    )
}

/// A copy's ranges for the race check: the source read, the destination written.
pub(super) fn copy_ranges(dst: *const c_void, src: *const c_void, n: usize) -> Vec<(u64, u64, bool)> {
    vec![(src as u64, n as u64, false), (dst as u64, n as u64, true)]
}

/// The rows of a pitched copy's side or fill, for the race check (address, bytes, written?):
/// `height` rows of `width` bytes from `base`, `pitch` apart, in `depth` slices `slice`
/// apart. (The bytes between rows are not touched: a kernel writing them races with nothing.)
#[allow(clippy::too_many_arguments)]
pub(super) fn row_ranges(
    out: &mut Vec<(u64, u64, bool)>,
    base: *const c_void,
    width: usize,
    pitch: usize,
    height: usize,
    slice: usize,
    depth: usize,
    written: bool,
) {
    for z in 0..depth as u64 {
        for y in 0..height as u64 {
            let at = (base as u64)
                .wrapping_add(z.wrapping_mul(slice as u64))
                .wrapping_add(y.wrapping_mul(pitch as u64));
            out.push((at, width as u64, written));
        }
    }
}

/// A 2D copy's rows (source read, destination written), for the race check.
fn rows_2d(
    dst: *const c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
) -> Vec<(u64, u64, bool)> {
    let mut v = Vec::new();
    row_ranges(&mut v, src, width, spitch, height, 0, 1, false);
    row_ranges(&mut v, dst, width, dpitch, height, 0, 1, true);
    v
}

pub unsafe extern "C" fn hipMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    size_bytes: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: the caller's pointers, as HIP takes them.
    guard(|| unsafe { memcpy_async("hipMemcpyAsync", dst, src, size_bytes, kind, stream) })
}

/// Checks `[p, p + n)` is inside one device-side allocation (device, pinned, managed or
/// registered memory), from the allocation index: no wait for a running kernel.
pub(super) fn device_range(what: &str, p: u64, n: usize) -> Result<(), HipError> {
    if crate::index::holds(p, n as u64) {
        return Ok(());
    }
    eprintln!("gcnkit-hip: {what} of {n} bytes: 0x{p:x}..+{n} is not inside one device allocation");
    Err(hipErrorInvalidValue)
}

/// A copy put on `stream`. Between device, pinned, managed and registered memory it runs when
/// the stream reaches it; with pageable host memory on either side it is done when the call
/// returns, as HIP 5.2's header says ("If host or dest are not pinned, the memory copy will be
/// performed synchronously"): the program may reuse or read its buffer at once.
///
/// # Safety
/// As [`memcpy`]: host ranges readable (source) or writable (destination) for `n` bytes.
pub(super) unsafe fn memcpy_async(
    what: &'static str,
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    kind: i32,
    stream: *mut c_void,
) -> Result<(), HipError> {
    let h = stream as usize;
    crate::queue::stream(h)?;
    if usize::try_from(kind).ok().and_then(|k| MEMCPY_KINDS.get(k)).is_none() {
        return Err(hipErrorInvalidMemcpyDirection);
    }
    if n == 0 {
        return Ok(());
    }
    if dst.is_null() || src.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let (d, s) = (dst as u64, src as u64);
    if crate::graph::capture_info(h).is_some() {
        let c = super::graphs::Copy1D {
            dst: dst as usize,
            src: src as usize,
            count: n,
            kind,
        };
        return super::graphs::submit_op(h, crate::graph::kind::MEMCPY_1D, super::graphs::copy_1d_op(c)?);
    }
    let (d_dev, s_dev) = (crate::index::find(d).is_some(), crate::index::find(s).is_some());
    if !d_dev || !s_dev {
        settle();
        // SAFETY: the caller's ranges.
        return unsafe { memcpy(what, dst, src, n, kind) };
    }
    device_range(what, d, n)?;
    device_range(what, s, n)?;
    crate::queue::submit(
        h,
        Box::new(move || {
            crate::check::host_op(what, &[(s, n as u64, false), (d, n as u64, true)]);
            // SAFETY: device (or pinned) ranges, checked when the copy was given.
            unsafe { memcpy(what, d as *mut c_void, s as *const c_void, n, kind) }
        }),
    )
    .map(|_| ())
}

/// A fill of `count` elements of `pattern` put on `stream` (checked when given, run when the
/// stream reaches it).
pub(super) fn fill_async(
    what: &'static str,
    dst: *mut c_void,
    pattern: &[u8],
    count: usize,
    stream: *mut c_void,
) -> Result<(), HipError> {
    let h = stream as usize;
    crate::queue::stream(h)?;
    let len = count.checked_mul(pattern.len()).ok_or(hipErrorInvalidValue)?;
    if len == 0 {
        return Ok(());
    }
    let mut value = [0u8; 4];
    value[..pattern.len()].copy_from_slice(pattern);
    let p = super::graphs::MemsetParams {
        dst,
        element_size: pattern.len() as u32,
        height: 1,
        pitch: len,
        value: u32::from_le_bytes(value),
        width: count,
    };
    let _ = what;
    super::graphs::submit_op(h, crate::graph::kind::MEMSET, super::graphs::memset_op(&p)?)
}

pub(super) fn memset(what: &str, dst: *mut c_void, value: i32, n: usize) -> Result<(), HipError> {
    if n == 0 {
        return Ok(());
    }
    with(|rt| {
        rt.device_at(dst as u64)?
            .fill(dst as u64, value as u8, n as u64)
            .map_err(|e| {
                eprintln!("gcnkit-hip: {what} of {n} bytes: {e}");
                hipErrorInvalidValue
            })
    })
}

pub extern "C" fn hipMemset(dst: *mut c_void, value: i32, size_bytes: usize) -> i32 {
    blocking_copy(
        "hipMemset",
        || vec![(dst as u64, size_bytes as u64, true)],
        || memset("hipMemset", dst, value, size_bytes),
    )
}

pub extern "C" fn hipMemsetAsync(dst: *mut c_void, value: i32, size_bytes: usize, stream: *mut c_void) -> i32 {
    guard(|| fill_async("hipMemsetAsync", dst, &[value as u8], size_bytes, stream))
}

pub unsafe extern "C" fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> i32 {
    guard(|| {
        let (used, all) = with(|rt| {
            (
                rt.allocated.get(runtime::current()).copied().unwrap_or(0),
                rt.gpu.as_ref().map_or(0, |g| g.memory_bytes),
            )
        });
        // SAFETY: the program's out-pointers (null ones skipped).
        unsafe {
            if !free.is_null() {
                *free = all.saturating_sub(used) as usize;
            }
            if !total.is_null() {
                *total = all as usize;
            }
        }
        Ok(())
    })
}

// ---- More memory: pointer queries, pitched and 2D memory, the driver API's copies and sets ----

/// `hipPointerAttribute_t` (HIP 5.2).
#[repr(C)]
pub struct PointerAttributes {
    pub memory_type: i32,
    pub device: i32,
    pub device_pointer: *mut c_void,
    pub host_pointer: *mut c_void,
    pub is_managed: i32,
    pub allocation_flags: u32,
}

/// What the runtime knows of a pointer into an allocation: the device that owns it, the
/// allocation's start and size, and whether it is host-shared (managed: `Some(true)`,
/// pinned or registered: `Some(false)`).
struct PointerInfo {
    device: usize,
    base: u64,
    size: u64,
    shared: Option<bool>,
}

fn pointer_info(p: u64) -> Result<PointerInfo, HipError> {
    with(|rt| {
        let owner = rt.owner(p).ok_or(hipErrorInvalidValue)?;
        let (base, size) = rt.device_at(p)?.allocation(p).ok_or(hipErrorInvalidValue)?;
        let shared = rt
            .shared
            .get(&base)
            .copied()
            .or(rt.registered.contains_key(&base).then_some(false));
        Ok(PointerInfo {
            device: rt.shared_device.get(&base).copied().unwrap_or(owner),
            base,
            size,
            shared,
        })
    })
}

pub unsafe extern "C" fn hipPointerGetAttributes(attributes: *mut PointerAttributes, ptr: *const c_void) -> i32 {
    guard(|| {
        if attributes.is_null() || ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let i = pointer_info(ptr as u64)?;
        let a = PointerAttributes {
            // hipMemoryTypeHost for pinned memory, hipMemoryTypeDevice otherwise.
            memory_type: if i.shared == Some(false) { 0 } else { 1 },
            device: i.device as i32,
            device_pointer: ptr as *mut c_void,
            host_pointer: if i.shared.is_some() {
                ptr as *mut c_void
            } else {
                std::ptr::null_mut()
            },
            is_managed: (i.shared == Some(true)) as i32,
            allocation_flags: 0,
        };
        // SAFETY: checked non-null.
        unsafe { attributes.write(a) };
        Ok(())
    })
}

/// One `hipPointer_attribute` of `ptr` into `data` (its type per attribute, as ROCm writes
/// it: `RANGE_SIZE` a 32-bit size, the flags `bool`s). The context, P2P tokens, IPC, handle
/// types, RDMA and pool handle are `hipErrorNotSupported`, as in ROCm.
///
/// # Safety
/// `data` holds the attribute's type (checked non-null by the callers).
unsafe fn pointer_attribute(data: *mut c_void, attribute: i32, ptr: u64) -> Result<(), HipError> {
    let info = pointer_info(ptr);
    // SAFETY: the caller's contract: `data` has the attribute's type.
    unsafe {
        let put_u32 = |v: u32| *(data as *mut u32) = v;
        let put_u64 = |v: u64| *(data as *mut u64) = v;
        let put_bool = |v: bool| *(data as *mut bool) = v;
        match (attribute, &info) {
            // CONTEXT, P2P_TOKENS, IS_LEGACY_HIP_IPC_CAPABLE, ALLOWED_HANDLE_TYPES,
            // IS_GPU_DIRECT_RDMA_CAPABLE, MEMPOOL_HANDLE.
            (1 | 5 | 10 | 14 | 15 | 17, _) => return Err(hipErrorNotSupported),
            (2, Ok(i)) => put_u32(if i.shared == Some(false) { 0 } else { 1 }),
            (3, Ok(_)) => put_u64(ptr),
            (4, Ok(i)) if i.shared.is_some() => put_u64(ptr),
            (6, Ok(_)) => put_bool(false),
            // A buffer id: the allocation's, unique while it lives.
            (7, Ok(i)) => put_u32((i.base >> 8) as u32),
            (8, Ok(i)) => put_bool(i.shared == Some(true)),
            (9, Ok(i)) => *(data as *mut i32) = i.device as i32,
            (11, Ok(i)) => put_u64(i.base),
            (12, Ok(i)) => put_u32(i.size as u32),
            (13, Ok(_)) => put_bool(true),
            (16, Ok(_)) | (16, Err(_)) => put_u32(0),
            (2 | 7 | 12, Err(_)) => {
                put_u32(0);
                return Err(hipErrorInvalidValue);
            }
            (3 | 4 | 11, _) => {
                put_u64(0);
                return Err(hipErrorInvalidValue);
            }
            (6 | 8 | 13, Err(_)) => {
                put_bool(false);
                return Err(hipErrorInvalidValue);
            }
            (9, Err(_)) => {
                *(data as *mut i32) = -2;
                return Err(hipErrorInvalidValue);
            }
            _ => return Err(hipErrorInvalidValue),
        }
    }
    Ok(())
}

pub unsafe extern "C" fn hipPointerGetAttribute(data: *mut c_void, attribute: i32, ptr: *mut c_void) -> i32 {
    guard(|| {
        if data.is_null() || ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's `data` of the attribute's type.
        unsafe { pointer_attribute(data, attribute, ptr as u64) }
    })
}

/// Each attribute in turn; as ROCm's, an attribute's own failure is not the call's.
pub unsafe extern "C" fn hipDrvPointerGetAttributes(
    count: u32,
    attributes: *const i32,
    data: *const *mut c_void,
    ptr: *mut c_void,
) -> i32 {
    guard(|| {
        if count == 0 || attributes.is_null() || data.is_null() || ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        for k in 0..count as usize {
            // SAFETY: the program's `count` attributes and destinations.
            unsafe {
                let d = *data.add(k);
                if !d.is_null() {
                    let _ = pointer_attribute(d, *attributes.add(k), ptr as u64);
                }
            }
        }
        Ok(())
    })
}

pub unsafe extern "C" fn hipMemPtrGetInfo(ptr: *mut c_void, size: *mut usize) -> i32 {
    guard(|| {
        if size.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (_, n) = with(|rt| {
            rt.device_at(ptr as u64)?
                .allocation(ptr as u64)
                .ok_or(hipErrorInvalidValue)
        })?;
        // SAFETY: checked non-null.
        unsafe { *size = n as usize };
        Ok(())
    })
}

/// Rows of pitched memory are aligned to this many bytes.
pub(super) const PITCH: usize = 256;

pub unsafe extern "C" fn hipMallocPitch(ptr: *mut *mut c_void, pitch: *mut usize, width: usize, height: usize) -> i32 {
    guard(|| {
        if pitch.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let p = width.checked_next_multiple_of(PITCH).ok_or(hipErrorInvalidValue)?;
        let total = p.checked_mul(height).ok_or(hipErrorInvalidValue)?;
        // SAFETY: the program's out-pointers.
        match unsafe { hipMalloc(ptr, total) } {
            0 => {
                // SAFETY: checked non-null.
                unsafe { *pitch = p };
                Ok(())
            }
            e => Err(e),
        }
    })
}

/// A 2D copy: `height` rows of `width` bytes, each side with its pitch.
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn memcpy_2d(
    what: &str,
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> Result<(), HipError> {
    if width > dpitch || width > spitch {
        return Err(hipErrorInvalidPitchValue);
    }
    for row in 0..height {
        let (d, s) = (dpitch.checked_mul(row), spitch.checked_mul(row));
        let (Some(d), Some(s)) = (d, s) else {
            return Err(hipErrorInvalidValue);
        };
        // SAFETY: rows of the caller's ranges (device ones are checked by memcpy).
        unsafe {
            memcpy(
                what,
                (dst as *mut u8).wrapping_add(d) as *mut c_void,
                (src as *const u8).wrapping_add(s) as *const c_void,
                width,
                kind,
            )
        }?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    // SAFETY: the caller's ranges, as hipMemcpy takes them.
    blocking_copy(
        "hipMemcpy2D",
        || rows_2d(dst, dpitch, src, spitch, width, height),
        || unsafe { memcpy_2d("hipMemcpy2D", dst, dpitch, src, spitch, width, height, kind) },
    )
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    if crate::graph::capture_info(stream as usize).is_some() {
        // Captured as a copy node of one slice (as HIP 5.2 captures it).
        let p = Memcpy3DParms {
            src_array: std::ptr::null_mut(),
            src_pos: Pos { x: 0, y: 0, z: 0 },
            src_ptr: PitchedPtr {
                ptr: src as *mut c_void,
                pitch: spitch,
                xsize: width,
                ysize: height,
            },
            dst_array: std::ptr::null_mut(),
            dst_pos: Pos { x: 0, y: 0, z: 0 },
            dst_ptr: PitchedPtr {
                ptr: dst,
                pitch: dpitch,
                xsize: width,
                ysize: height,
            },
            extent: Extent {
                width,
                height,
                depth: 1,
            },
            kind,
        };
        // SAFETY: the program's copy.
        return unsafe { hipMemcpy3DAsync(&p, stream) };
    }
    // SAFETY: as hipMemcpy2D (done when it returns).
    blocking_copy(
        "hipMemcpy2DAsync",
        || rows_2d(dst, dpitch, src, spitch, width, height),
        || unsafe { memcpy_2d("hipMemcpy2DAsync", dst, dpitch, src, spitch, width, height, kind) },
    )
}

pub unsafe extern "C" fn hipMemcpyHtoD(dst: *mut c_void, src: *mut c_void, size_bytes: usize) -> i32 {
    // SAFETY: the caller's ranges.
    blocking_copy(
        "hipMemcpyHtoD",
        || copy_ranges(dst, src, size_bytes),
        || unsafe { memcpy("hipMemcpyHtoD", dst, src, size_bytes, 1) },
    )
}

pub unsafe extern "C" fn hipMemcpyDtoH(dst: *mut c_void, src: *mut c_void, size_bytes: usize) -> i32 {
    // SAFETY: the caller's ranges.
    blocking_copy(
        "hipMemcpyDtoH",
        || copy_ranges(dst, src, size_bytes),
        || unsafe { memcpy("hipMemcpyDtoH", dst, src, size_bytes, 2) },
    )
}

pub unsafe extern "C" fn hipMemcpyDtoD(dst: *mut c_void, src: *mut c_void, size_bytes: usize) -> i32 {
    // SAFETY: the caller's ranges.
    blocking_copy(
        "hipMemcpyDtoD",
        || copy_ranges(dst, src, size_bytes),
        || unsafe { memcpy("hipMemcpyDtoD", dst, src, size_bytes, 3) },
    )
}

pub unsafe extern "C" fn hipMemcpyHtoDAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size_bytes: usize,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy_async("hipMemcpyHtoDAsync", dst, src, size_bytes, 1, stream) })
}

pub unsafe extern "C" fn hipMemcpyDtoHAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size_bytes: usize,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy_async("hipMemcpyDtoHAsync", dst, src, size_bytes, 2, stream) })
}

pub unsafe extern "C" fn hipMemcpyDtoDAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size_bytes: usize,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy_async("hipMemcpyDtoDAsync", dst, src, size_bytes, 3, stream) })
}

/// Fills `count` elements of `pattern` (1, 2 or 4 bytes) from device address `dst`.
pub(super) fn fill_pattern(what: &str, dst: *mut c_void, pattern: &[u8], count: usize) -> Result<(), HipError> {
    let len = count.checked_mul(pattern.len()).ok_or(hipErrorInvalidValue)?;
    if len == 0 {
        return Ok(());
    }
    with(|rt| {
        let dev = rt.device_at(dst as u64)?;
        let bad = |e: gcnkit::emu::device::DeviceError| {
            eprintln!("gcnkit-hip: {what} of {len} bytes: {e}");
            hipErrorInvalidValue
        };
        if !dev.holds(dst as u64, len as u64) {
            return Err(bad(gcnkit::emu::device::DeviceError::NotDevice {
                addr: dst as u64,
                len: len as u64,
                freed: dev.was_freed(dst as u64),
            }));
        }
        let chunk: Vec<u8> = pattern
            .iter()
            .copied()
            .cycle()
            .take(len.min(1 << 20) / pattern.len() * pattern.len())
            .collect();
        let mut done = 0usize;
        while done < len {
            let n = (len - done).min(chunk.len());
            dev.write(dst as u64 + done as u64, &chunk[..n]).map_err(bad)?;
            done += n;
        }
        Ok(())
    })
}

/// A synchronous fill of `count` elements of `pattern` (`hipMemsetD8`/`D16`/`D32`).
fn fill_sync(what: &'static str, dst: *mut c_void, pattern: &[u8], count: usize) -> i32 {
    let bytes = (count as u64).saturating_mul(pattern.len() as u64);
    blocking_copy(
        what,
        || vec![(dst as u64, bytes, true)],
        || fill_pattern(what, dst, pattern, count),
    )
}

pub extern "C" fn hipMemsetD8(dst: *mut c_void, value: u8, count: usize) -> i32 {
    fill_sync("hipMemsetD8", dst, &[value], count)
}

pub extern "C" fn hipMemsetD8Async(dst: *mut c_void, value: u8, count: usize, stream: *mut c_void) -> i32 {
    guard(|| fill_async("hipMemsetD8Async", dst, &[value], count, stream))
}

pub extern "C" fn hipMemsetD16(dst: *mut c_void, value: u16, count: usize) -> i32 {
    fill_sync("hipMemsetD16", dst, &value.to_le_bytes(), count)
}

pub extern "C" fn hipMemsetD32(dst: *mut c_void, value: i32, count: usize) -> i32 {
    fill_sync("hipMemsetD32", dst, &value.to_le_bytes(), count)
}

pub extern "C" fn hipMemsetD16Async(dst: *mut c_void, value: u16, count: usize, stream: *mut c_void) -> i32 {
    guard(|| fill_async("hipMemsetD16Async", dst, &value.to_le_bytes(), count, stream))
}

pub extern "C" fn hipMemsetD32Async(dst: *mut c_void, value: i32, count: usize, stream: *mut c_void) -> i32 {
    guard(|| fill_async("hipMemsetD32Async", dst, &value.to_le_bytes(), count, stream))
}

pub(super) fn memset_2d(
    what: &str,
    dst: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
) -> Result<(), HipError> {
    if width > pitch {
        return Err(hipErrorInvalidPitchValue);
    }
    for row in 0..height {
        let at = pitch.checked_mul(row).ok_or(hipErrorInvalidValue)?;
        memset(what, (dst as *mut u8).wrapping_add(at) as *mut c_void, value, width)?;
    }
    Ok(())
}

pub extern "C" fn hipMemset2D(dst: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) -> i32 {
    blocking_copy(
        "hipMemset2D",
        || rows_set_2d(dst, pitch, width, height),
        || memset_2d("hipMemset2D", dst, pitch, value, width, height),
    )
}

pub extern "C" fn hipMemset2DAsync(
    dst: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    stream: *mut c_void,
) -> i32 {
    if crate::graph::capture_info(stream as usize).is_some() {
        // Captured as a memset node of bytes (as HIP 5.2 captures it).
        let p = super::graphs::MemsetParams {
            dst,
            element_size: 1,
            height,
            pitch,
            value: value as u8 as u32,
            width,
        };
        let h = stream as usize;
        return guard(|| super::graphs::submit_op(h, crate::graph::kind::MEMSET, super::graphs::memset_op(&p)?));
    }
    blocking_copy(
        "hipMemset2DAsync",
        || rows_set_2d(dst, pitch, width, height),
        || memset_2d("hipMemset2DAsync", dst, pitch, value, width, height),
    )
}

// ---- 3D memory: pitched volumes (`hipMalloc3D`), their copies and sets. Arrays
// (`hipArray`) are not modelled yet: a copy that names one is `hipErrorNotSupported` ----

/// `hipPitchedPtr` (by value in C: 32 bytes, passed in memory).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PitchedPtr {
    pub ptr: *mut c_void,
    pub pitch: usize,
    pub xsize: usize,
    pub ysize: usize,
}

/// `hipExtent`: width in bytes (for linear memory), height in rows, depth in slices.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Extent {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

/// `hipPos`: x in bytes, y in rows, z in slices.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Pos {
    pub x: usize,
    pub y: usize,
    pub z: usize,
}

/// `hipMemcpy3DParms`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Memcpy3DParms {
    pub src_array: *mut c_void,
    pub src_pos: Pos,
    pub src_ptr: PitchedPtr,
    pub dst_array: *mut c_void,
    pub dst_pos: Pos,
    pub dst_ptr: PitchedPtr,
    pub extent: Extent,
    pub kind: i32,
}

pub unsafe extern "C" fn hipMalloc3D(pitched: *mut PitchedPtr, extent: Extent) -> i32 {
    guard(|| {
        if pitched.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let pitch = extent
            .width
            .checked_next_multiple_of(PITCH)
            .ok_or(hipErrorInvalidValue)?;
        let total = pitch
            .checked_mul(extent.height)
            .and_then(|n| n.checked_mul(extent.depth))
            .ok_or(hipErrorInvalidValue)?;
        let mut p: *mut c_void = std::ptr::null_mut();
        // SAFETY: a local out-pointer.
        unsafe { allocate(&mut p, total, |rt, n| Ok(rt.device()?.alloc(n))) }?;
        // SAFETY: checked non-null.
        unsafe {
            pitched.write(PitchedPtr {
                ptr: p,
                pitch,
                xsize: extent.width,
                ysize: extent.height,
            })
        };
        Ok(())
    })
}

/// A pitched volume whose `ysize` (rows per slice) is 0 taken as having as many as a copy of
/// `e` from `pos` needs.
fn rows_of(p: PitchedPtr, pos: Pos, e: Extent) -> PitchedPtr {
    PitchedPtr {
        ysize: if p.ysize == 0 {
            pos.y.saturating_add(e.height)
        } else {
            p.ysize
        },
        ..p
    }
}

/// The address of byte `pos` of a pitched volume (`None` on overflow).
fn at_3d(p: &PitchedPtr, pos: Pos) -> Option<*mut c_void> {
    let slice = p.pitch.checked_mul(p.ysize)?;
    let off = slice
        .checked_mul(pos.z)?
        .checked_add(p.pitch.checked_mul(pos.y)?)?
        .checked_add(pos.x)?;
    Some((p.ptr as *mut u8).wrapping_add(off) as *mut c_void)
}

/// A 3D copy's two volumes as they are copied: each side's pitched volume (an array's rows
/// and slices) and first byte's place, and the extent in bytes.
struct Volumes {
    src: PitchedPtr,
    src_pos: Pos,
    dst: PitchedPtr,
    dst_pos: Pos,
    e: Extent,
}

/// A 3D copy's volumes, checked as ROCm 5.2 checks them (`None`: nothing to copy, an empty
/// extent).
fn volumes(what: &str, p: &Memcpy3DParms) -> Result<Option<Volumes>, HipError> {
    // An array's side: its volume, x in texels (so is the width when an array takes part).
    let side = |a: *mut c_void, v: PitchedPtr, pos: Pos| -> Result<(PitchedPtr, Pos, usize), HipError> {
        if a.is_null() {
            return Ok((v, pos, 0));
        }
        let (v, texel) = super::texture::array_volume(what, a)?;
        let x = pos.x.checked_mul(texel).ok_or(hipErrorInvalidValue)?;
        Ok((v, Pos { x, ..pos }, texel))
    };
    let (src_v, src_pos, st) = side(p.src_array, p.src_ptr, p.src_pos)?;
    let (dst_v, dst_pos, dt) = side(p.dst_array, p.dst_ptr, p.dst_pos)?;
    if st != 0 && dt != 0 && st != dt {
        complain(format_args!("gcnkit-hip: {what}: arrays of {st}- and {dt}-byte texels"));
        return Err(hipErrorInvalidValue);
    }
    let texel = st.max(dt).max(1);
    let e = Extent {
        width: p.extent.width.checked_mul(texel).ok_or(hipErrorInvalidValue)?,
        ..p.extent
    };
    if e.width == 0 || e.height == 0 || e.depth == 0 {
        return Ok(None);
    }
    if src_v.ptr.is_null() || dst_v.ptr.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let (src, dst) = (rows_of(src_v, src_pos, e), rows_of(dst_v, dst_pos, e));
    for (side, pp, pos) in [("source", &src, src_pos), ("destination", &dst, dst_pos)] {
        let fits = |a: usize, n: usize, limit: usize| a.checked_add(n).is_some_and(|end| end <= limit);
        let rows = pp.ysize;
        if !fits(pos.x, e.width, pp.pitch) || !fits(pos.y, e.height, rows) {
            complain(format_args!(
                "gcnkit-hip: {what}: the {side}'s extent ({} bytes x {} rows from x {} y {}) is outside its pitch {} and {} rows",
                e.width, e.height, pos.x, pos.y, pp.pitch, rows
            ));
            return Err(hipErrorInvalidPitchValue);
        }
    }
    Ok(Some(Volumes {
        src,
        src_pos,
        dst,
        dst_pos,
        e,
    }))
}

pub(super) unsafe fn memcpy_3d(what: &str, p: *const Memcpy3DParms) -> Result<(), HipError> {
    if p.is_null() {
        return Err(hipErrorInvalidValue);
    }
    // SAFETY: the program's parameters.
    let p = unsafe { &*p };
    let Some(v) = volumes(what, p)? else {
        return Ok(());
    };
    for z in 0..v.e.depth {
        for y in 0..v.e.height {
            let place = |pos: Pos| Pos {
                x: pos.x,
                y: pos.y + y,
                z: pos.z + z,
            };
            let (Some(d), Some(s)) = (at_3d(&v.dst, place(v.dst_pos)), at_3d(&v.src, place(v.src_pos))) else {
                return Err(hipErrorInvalidValue);
            };
            // SAFETY: rows of the caller's volumes (device ones are checked by memcpy).
            unsafe { memcpy(what, d, s, v.e.width, p.kind) }?;
        }
    }
    Ok(())
}

/// A 3D copy's rows (source read, destination written), for the race check: both sides, an
/// array's too (none for parameters the copy refuses: it says why).
///
/// # Safety
/// `p` is null or the program's parameters.
pub(super) unsafe fn rows_3d(p: *const Memcpy3DParms) -> Vec<(u64, u64, bool)> {
    let mut v = Vec::new();
    // SAFETY: the caller's contract.
    let Some(Ok(Some(vol))) = (unsafe { p.as_ref() }).map(|p| volumes("", p)) else { return v };
    let e = vol.e;
    for (side, pos, written) in [(vol.src, vol.src_pos, false), (vol.dst, vol.dst_pos, true)] {
        if let Some(at) = at_3d(&side, pos) {
            let slice = side.pitch.wrapping_mul(side.ysize);
            row_ranges(&mut v, at, e.width, side.pitch, e.height, slice, e.depth, written);
        }
    }
    v
}

pub unsafe extern "C" fn hipMemcpy3D(p: *const Memcpy3DParms) -> i32 {
    // SAFETY: the caller's parameters, as HIP takes them.
    blocking_copy(
        "hipMemcpy3D",
        || unsafe { rows_3d(p) },
        || unsafe { memcpy_3d("hipMemcpy3D", p) },
    )
}

/// On a capturing stream, captured as a copy node; else done when it returns.
pub unsafe extern "C" fn hipMemcpy3DAsync(p: *const Memcpy3DParms, stream: *mut c_void) -> i32 {
    let h = stream as usize;
    if crate::graph::capture_info(h).is_some() {
        return guard(|| super::graphs::submit_op(h, crate::graph::kind::MEMCPY, super::graphs::copy_3d_op(p)?));
    }
    // SAFETY: as hipMemcpy3D (done when it returns).
    blocking_copy(
        "hipMemcpy3DAsync",
        || unsafe { rows_3d(p) },
        || unsafe { memcpy_3d("hipMemcpy3DAsync", p) },
    )
}

/// In ROCm 5.2's order: an empty extent is nothing to do; a pointer in no allocation, or one
/// smaller than width x height x depth (wrapping, as C's size_t), is `hipErrorInvalidValue`;
/// a pitch equal to the width is one run; else rows, of a pitch that is not 0.
pub(super) fn memset_3d(what: &str, p: PitchedPtr, value: i32, e: Extent) -> Result<(), HipError> {
    let size = e.width.wrapping_mul(e.height).wrapping_mul(e.depth);
    if size == 0 {
        return Ok(());
    }
    let addr = p.ptr as u64;
    let room = with(|rt| rt.device_at(addr).ok().and_then(|d| d.allocation(addr)));
    if room.is_none_or(|(_, n)| size as u64 > n) {
        eprintln!(
            "gcnkit-hip: {what}: {size} bytes at {:?}: not inside one allocation",
            p.ptr
        );
        return Err(hipErrorInvalidValue);
    }
    if p.pitch == e.width {
        return memset(what, p.ptr, value, size);
    }
    if p.pitch == 0 {
        return Err(hipErrorInvalidValue);
    }
    if e.width > p.pitch || (p.ysize != 0 && e.height > p.ysize) {
        return Err(hipErrorInvalidPitchValue);
    }
    let p = rows_of(p, Pos { x: 0, y: 0, z: 0 }, e);
    for z in 0..e.depth {
        for y in 0..e.height {
            let at = at_3d(&p, Pos { x: 0, y, z }).ok_or(hipErrorInvalidValue)?;
            memset(what, at, value, e.width)?;
        }
    }
    Ok(())
}

/// A 2D fill's rows, for the race check.
fn rows_set_2d(dst: *mut c_void, pitch: usize, width: usize, height: usize) -> Vec<(u64, u64, bool)> {
    let mut v = Vec::new();
    row_ranges(&mut v, dst, width, pitch, height, 0, 1, true);
    v
}

/// A 3D fill's rows, for the race check.
fn rows_set_3d(p: PitchedPtr, e: Extent) -> Vec<(u64, u64, bool)> {
    let mut v = Vec::new();
    let p = rows_of(p, Pos { x: 0, y: 0, z: 0 }, e);
    let slice = p.pitch.wrapping_mul(p.ysize);
    row_ranges(&mut v, p.ptr, e.width, p.pitch, e.height, slice, e.depth, true);
    v
}

pub extern "C" fn hipMemset3D(p: PitchedPtr, value: i32, extent: Extent) -> i32 {
    blocking_copy(
        "hipMemset3D",
        || rows_set_3d(p, extent),
        || memset_3d("hipMemset3D", p, value, extent),
    )
}

pub extern "C" fn hipMemset3DAsync(p: PitchedPtr, value: i32, extent: Extent, _stream: *mut c_void) -> i32 {
    blocking_copy(
        "hipMemset3DAsync",
        || rows_set_3d(p, extent),
        || memset_3d("hipMemset3DAsync", p, value, extent),
    )
}
