//! The stream-ordered allocator and its memory pools (`hipMallocAsync`, `hipMemPool*`).
//!
//! A pool belongs to one device. Its allocations are device allocations like `hipMalloc`'s;
//! one freed by `hipFreeAsync` goes back to its pool when the stream reaches the free, and
//! stays there (reserved, still mapped) for the pool's next allocations that fit, until a
//! synchronisation, `hipMemPoolTrimTo` or the pool's destruction gives it back to the device.
//! Each device has a default pool, which `hipMallocAsync` takes from until
//! `hipDeviceSetMemPool` names another. The figures (`hipMemPoolAttrUsedMemCurrent`...) are
//! the blocks' sizes, as ROCm counts them.
//! At each synchronisation (device, stream, event) a pool that reserves more than its release
//! threshold (0 by default) gives free blocks back until it does not. The reuse policies are
//! kept and reported but do not change which block is taken: every block in a pool is
//! already free of the work before it (the free is done in stream order).

use super::memory;
use super::*;
use std::collections::HashMap;
use std::sync::Mutex;

/// `hipMemPoolAttr` (2 is `hipMemPoolReuseAllowOpportunistic`, between these two).
const REUSE_FOLLOW_EVENT_DEPENDENCIES: i32 = 1;
const REUSE_ALLOW_INTERNAL_DEPENDENCIES: i32 = 3;
const RELEASE_THRESHOLD: i32 = 4;
const RESERVED_MEM_CURRENT: i32 = 5;
const RESERVED_MEM_HIGH: i32 = 6;
const USED_MEM_CURRENT: i32 = 7;
const USED_MEM_HIGH: i32 = 8;
/// `hipMemLocationTypeDevice`, `hipMemAllocationTypePinned`.
const LOCATION_DEVICE: i32 = 1;
const ALLOCATION_PINNED: i32 = 1;
/// `hipMemAccessFlags`: none, read, read-write.
const ACCESS_NONE: i32 = 0;
const ACCESS_READ_WRITE: i32 = 3;

/// `hipMemLocation`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MemLocation {
    pub kind: i32,
    pub id: i32,
}

/// `hipMemAccessDesc`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MemAccessDesc {
    pub location: MemLocation,
    pub flags: i32,
}

/// `hipMemPoolProps` (HIP 5.2: 88 bytes).
#[repr(C)]
pub struct MemPoolProps {
    pub alloc_type: i32,
    pub handle_types: i32,
    pub location: MemLocation,
    pub win32_security_attributes: *mut c_void,
    pub reserved: [u8; 64],
}

#[derive(Default)]
struct Pool {
    device: usize,
    /// The reuse policies, by attribute (1 to 3): on unless set off.
    reuse: [i32; 3],
    release_threshold: u64,
    /// Blocks given out, by address: their sizes.
    busy: HashMap<u64, u64>,
    /// Blocks given back, kept for reuse: (address, size).
    free: Vec<(u64, u64)>,
    used_high: u64,
    reserved_high: u64,
    /// Other devices' access (`hipMemPoolSetAccess`).
    access: HashMap<usize, i32>,
}

impl Pool {
    fn used(&self) -> u64 {
        self.busy.values().sum()
    }
    fn reserved(&self) -> u64 {
        self.used() + self.free.iter().map(|b| b.1).sum::<u64>()
    }
    fn note_highs(&mut self) {
        self.used_high = self.used_high.max(self.used());
        self.reserved_high = self.reserved_high.max(self.reserved());
    }
}

#[derive(Default)]
struct Pools {
    /// By handle.
    pools: HashMap<usize, Pool>,
    /// Each device's default pool and current pool, by device (made on first use).
    default: HashMap<usize, usize>,
    current: HashMap<usize, usize>,
    next: usize,
}

static POOLS: Mutex<Option<Pools>> = Mutex::new(None);

/// Handles are opaque to the program: counted from here, never null.
const FIRST_HANDLE: usize = 0x6d70_0000;

fn pools<T>(f: impl FnOnce(&mut Pools) -> Result<T, HipError>) -> Result<T, HipError> {
    let mut g = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    f(g.get_or_insert_with(Pools::default))
}

impl Pools {
    fn create(&mut self, device: usize) -> usize {
        let h = FIRST_HANDLE + 16 * self.next;
        self.next += 1;
        self.pools.insert(
            h,
            Pool {
                device,
                reuse: [1; 3],
                ..Pool::default()
            },
        );
        h
    }
    fn default_of(&mut self, device: usize) -> usize {
        if let Some(&h) = self.default.get(&device) {
            return h;
        }
        let h = self.create(device);
        self.default.insert(device, h);
        h
    }
    fn current_of(&mut self, device: usize) -> usize {
        match self.current.get(&device) {
            Some(&h) => h,
            None => self.default_of(device),
        }
    }
    fn pool(&mut self, h: *mut c_void) -> Result<&mut Pool, HipError> {
        self.pools.get_mut(&(h as usize)).ok_or(hipErrorInvalidValue)
    }
}

fn device_of(id: i32) -> Result<usize, HipError> {
    check_device(id)?;
    Ok(id as usize)
}

/// The device a stream's work runs on (the calling thread's for the null stream).
fn stream_device(stream: *mut c_void) -> Result<usize, HipError> {
    Ok(crate::queue::stream(stream as usize)?.map_or_else(runtime::current, |s| s.device))
}

/// A block of `size` bytes from pool `h`: a free one that fits (the smallest), else a new
/// allocation on the pool's device.
fn take(h: usize, size: u64) -> Result<u64, HipError> {
    let reused = pools(|p| {
        let pool = p.pools.get_mut(&h).ok_or(hipErrorInvalidValue)?;
        let fit = (0..pool.free.len())
            .filter(|&k| pool.free[k].1 >= size)
            .min_by_key(|&k| pool.free[k].1);
        Ok(fit.map(|k| {
            let b = pool.free.swap_remove(k);
            pool.busy.insert(b.0, b.1);
            pool.note_highs();
            b.0
        }))
    })?;
    if let Some(a) = reused {
        return Ok(a);
    }
    let device = pools(|p| Ok(p.pools.get(&h).ok_or(hipErrorInvalidValue)?.device))?;
    let a = with(|rt| memory::counted(rt, device, size, |rt, n| Ok(rt.devices[device].alloc(n))))?;
    pools(|p| {
        let pool = p.pools.get_mut(&h).ok_or(hipErrorInvalidValue)?;
        pool.busy.insert(a, size);
        pool.note_highs();
        Ok(a)
    })
}

/// `hipMallocAsync`/`hipMallocFromPoolAsync`: the block is there at once (before any later
/// work of the stream needs it).
unsafe fn malloc_from(
    ptr: *mut *mut c_void,
    size: usize,
    pool: Option<*mut c_void>,
    stream: *mut c_void,
) -> Result<(), HipError> {
    if ptr.is_null() || pool.is_some_and(|p| p.is_null()) {
        return Err(hipErrorInvalidValue);
    }
    let device = stream_device(stream)?;
    let h = match pool {
        Some(p) => pools(|ps| ps.pool(p).map(|_| p as usize))?,
        None => pools(|ps| Ok(ps.current_of(device)))?,
    };
    let a = if size == 0 { 0 } else { take(h, size as u64)? };
    // SAFETY: checked non-null; the program's out-pointer.
    unsafe { *ptr = a as *mut c_void };
    Ok(())
}

pub unsafe extern "C" fn hipMallocAsync(ptr: *mut *mut c_void, size: usize, stream: *mut c_void) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { malloc_from(ptr, size, None, stream) })
}

pub unsafe extern "C" fn hipMallocFromPoolAsync(
    ptr: *mut *mut c_void,
    size: usize,
    pool: *mut c_void,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { malloc_from(ptr, size, Some(pool), stream) })
}

/// Frees when the stream reaches the free (work before it may still use the memory): a pool's
/// block goes back to its pool, any other allocation to the device. A pointer that is not the
/// start of a live allocation is the call's error, as is a null one (ROCm's).
pub extern "C" fn hipFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> i32 {
    guard(|| {
        let h = stream as usize;
        crate::queue::stream(h)?;
        let p = ptr as u64;
        if ptr.is_null() || crate::index::find(p).is_none_or(|e| e.base != p) {
            eprintln!("gcnkit-hip: hipFreeAsync: {ptr:?} is not the start of a live allocation");
            return Err(hipErrorInvalidValue);
        }
        crate::queue::submit(
            h,
            Box::new(move || {
                let back = pools(|ps| {
                    Ok(ps.pools.values_mut().find_map(|pool| {
                        let size = pool.busy.remove(&p)?;
                        pool.free.push((p, size));
                        Some(())
                    }))
                })?;
                match back {
                    Some(()) => Ok(()),
                    None => memory::free(p as *mut c_void),
                }
            }),
        )
        .map(|_| ())
    })
}

pub unsafe extern "C" fn hipDeviceGetDefaultMemPool(pool: *mut *mut c_void, device: i32) -> i32 {
    guard(|| {
        if pool.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let k = device_of(device)?;
        let h = pools(|p| Ok(p.default_of(k)))?;
        // SAFETY: checked non-null; the program's out-pointer.
        unsafe { *pool = h as *mut c_void };
        Ok(())
    })
}

pub unsafe extern "C" fn hipDeviceGetMemPool(pool: *mut *mut c_void, device: i32) -> i32 {
    guard(|| {
        if pool.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let k = device_of(device).map_err(|_| hipErrorInvalidValue)?;
        let h = pools(|p| Ok(p.current_of(k)))?;
        // SAFETY: checked non-null; the program's out-pointer.
        unsafe { *pool = h as *mut c_void };
        Ok(())
    })
}

pub extern "C" fn hipDeviceSetMemPool(device: i32, pool: *mut c_void) -> i32 {
    guard(|| {
        let k = device_of(device).map_err(|_| hipErrorInvalidValue)?;
        pools(|p| {
            if p.pool(pool)?.device != k {
                return Err(hipErrorInvalidDevice);
            }
            p.current.insert(k, pool as usize);
            Ok(())
        })
    })
}

pub unsafe extern "C" fn hipMemPoolCreate(pool: *mut *mut c_void, props: *const MemPoolProps) -> i32 {
    guard(|| {
        if pool.is_null() || props.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null; the program's properties.
        let props = unsafe { &*props };
        if props.alloc_type != ALLOCATION_PINNED || props.location.kind != LOCATION_DEVICE {
            return Err(hipErrorInvalidValue);
        }
        let k = device_of(props.location.id).map_err(|_| hipErrorInvalidValue)?;
        let h = pools(|p| Ok(p.create(k)))?;
        // SAFETY: checked non-null; the program's out-pointer.
        unsafe { *pool = h as *mut c_void };
        Ok(())
    })
}

/// Gives the pool's free blocks back to the device; blocks still given out stay valid until
/// freed (then to the device). A device's default pool cannot be destroyed; a destroyed
/// current pool leaves the default one current.
pub extern "C" fn hipMemPoolDestroy(pool: *mut c_void) -> i32 {
    guard(|| {
        let free = pools(|p| {
            let device = p.pool(pool)?.device;
            if p.default.get(&device) == Some(&(pool as usize)) {
                return Err(hipErrorInvalidValue);
            }
            if p.current.get(&device) == Some(&(pool as usize)) {
                p.current.remove(&device);
            }
            Ok(p.pools.remove(&(pool as usize)).map(|x| x.free).unwrap_or_default())
        })?;
        release(free)
    })
}

fn release(blocks: Vec<(u64, u64)>) -> Result<(), HipError> {
    for (a, _) in blocks {
        memory::free(a as *mut c_void)?;
    }
    Ok(())
}

/// Gives free blocks back to the device until the pool keeps at most `keep` bytes of them.
pub extern "C" fn hipMemPoolTrimTo(pool: *mut c_void, keep: usize) -> i32 {
    guard(|| {
        let out = pools(|p| Ok(p.pool(pool)?.trim(keep as u64)))?;
        release(out)
    })
}

impl Pool {
    /// Takes free blocks out until at most `keep` bytes of them are left: those to release.
    fn trim(&mut self, keep: u64) -> Vec<(u64, u64)> {
        let mut kept: u64 = self.free.iter().map(|b| b.1).sum();
        let mut out = Vec::new();
        while kept > keep {
            let Some(b) = self.free.pop() else { break };
            kept -= b.1;
            out.push(b);
        }
        out
    }
}

/// At a synchronisation: each pool holding more than its release threshold (0 by default)
/// gives free blocks back until it holds no more than that, so that by default a block freed
/// before a synchronisation is no memory after it.
pub(super) fn release_above_thresholds() -> Result<(), HipError> {
    let out = pools(|p| {
        Ok(p.pools
            .values_mut()
            .flat_map(|pool| {
                let keep = pool.release_threshold.saturating_sub(pool.used());
                pool.trim(keep)
            })
            .collect())
    })?;
    release(out)
}

pub unsafe extern "C" fn hipMemPoolSetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32 {
    guard(|| {
        if value.is_null() {
            return Err(hipErrorInvalidValue);
        }
        pools(|p| {
            let pool = p.pool(pool)?;
            match attr {
                REUSE_FOLLOW_EVENT_DEPENDENCIES..=REUSE_ALLOW_INTERNAL_DEPENDENCIES => {
                    // SAFETY: an int for these attributes (HIP's header).
                    pool.reuse[attr as usize - 1] = unsafe { *(value as *const i32) };
                }
                // SAFETY: a uint64_t for the others.
                RELEASE_THRESHOLD => pool.release_threshold = unsafe { *(value as *const u64) },
                // The high-water marks can be reset (to 0 only); the current figures not set.
                RESERVED_MEM_HIGH | USED_MEM_HIGH if unsafe { *(value as *const u64) } == 0 => {
                    if attr == USED_MEM_HIGH {
                        pool.used_high = pool.used();
                    } else {
                        pool.reserved_high = pool.reserved();
                    }
                }
                _ => return Err(hipErrorInvalidValue),
            }
            Ok(())
        })
    })
}

pub unsafe extern "C" fn hipMemPoolGetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32 {
    guard(|| {
        if value.is_null() {
            return Err(hipErrorInvalidValue);
        }
        pools(|p| {
            let pool = p.pool(pool)?;
            let figure = match attr {
                REUSE_FOLLOW_EVENT_DEPENDENCIES..=REUSE_ALLOW_INTERNAL_DEPENDENCIES => {
                    // SAFETY: an int for these attributes (HIP's header).
                    unsafe { *(value as *mut i32) = pool.reuse[attr as usize - 1] };
                    return Ok(());
                }
                RELEASE_THRESHOLD => pool.release_threshold,
                RESERVED_MEM_CURRENT => pool.reserved(),
                RESERVED_MEM_HIGH => pool.reserved_high,
                USED_MEM_CURRENT => pool.used(),
                USED_MEM_HIGH => pool.used_high,
                _ => return Err(hipErrorInvalidValue),
            };
            // SAFETY: a uint64_t for the others.
            unsafe { *(value as *mut u64) = figure };
            Ok(())
        })
    })
}

/// Other devices' access to the pool's memory, recorded and reported (every device's memory
/// is one address space here, so it changes no access).
pub unsafe extern "C" fn hipMemPoolSetAccess(pool: *mut c_void, descs: *const MemAccessDesc, count: usize) -> i32 {
    guard(|| {
        if descs.is_null() {
            return Err(hipErrorInvalidValue);
        }
        if count > device_count() {
            return Err(hipErrorInvalidDevice);
        }
        // SAFETY: the program's `count` descriptors.
        let descs = unsafe { std::slice::from_raw_parts(descs, count) };
        pools(|p| {
            let pool = p.pool(pool)?;
            for d in descs {
                if d.location.kind != LOCATION_DEVICE {
                    return Err(hipErrorInvalidValue);
                }
                let k = device_of(d.location.id)?;
                if d.flags == ACCESS_NONE {
                    return Err(hipErrorInvalidDevice);
                }
                if !(0..=ACCESS_READ_WRITE).contains(&d.flags) {
                    return Err(hipErrorInvalidValue);
                }
                if k != pool.device {
                    pool.access.insert(k, d.flags);
                }
            }
            Ok(())
        })
    })
}

pub unsafe extern "C" fn hipMemPoolGetAccess(flags: *mut i32, pool: *mut c_void, location: *mut MemLocation) -> i32 {
    guard(|| {
        if flags.is_null() || location.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null; the program's location.
        let loc = unsafe { *location };
        if loc.kind != LOCATION_DEVICE {
            return Err(hipErrorInvalidValue);
        }
        let k = device_of(loc.id).map_err(|_| hipErrorInvalidValue)?;
        let f = pools(|p| {
            let pool = p.pool(pool)?;
            Ok(if k == pool.device {
                ACCESS_READ_WRITE
            } else {
                pool.access.get(&k).copied().unwrap_or(ACCESS_NONE)
            })
        })?;
        // SAFETY: checked non-null; the program's out-pointer.
        unsafe { *flags = f };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn pool_props_layout_is_hip_5_2s() {
        assert_eq!(size_of::<MemPoolProps>(), 88);
        assert_eq!(offset_of!(MemPoolProps, location), 8);
        assert_eq!(offset_of!(MemPoolProps, reserved), 24);
        assert_eq!(size_of::<MemAccessDesc>(), 12);
    }
}
