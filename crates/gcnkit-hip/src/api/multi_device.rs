//! Launches on several devices at once: `hipExtLaunchMultiKernelMultiDevice` (each entry a
//! launch on its stream's device, as `hipLaunchKernel` from a thread whose device that is) and
//! the cooperative `hipLaunchCooperativeKernelMultiDevice` (the grids resident and run together).

use super::*;

/// `hipLaunchParams` (56 bytes).
#[repr(C)]
pub struct LaunchParams {
    pub func: *const c_void,
    pub grid: Dim3,
    pub block: Dim3,
    pub args: *mut *mut c_void,
    pub shared: usize,
    pub stream: *mut c_void,
}

/// Every entry is checked (its stream known, at most one entry per device) before any is
/// launched; then each goes to its stream in order. The flags (ROCm's
/// `hipCooperativeLaunchMultiDeviceNo{Pre,Post}Sync`) change nothing: launches are ordered by
/// their streams alone.
pub unsafe extern "C" fn hipExtLaunchMultiKernelMultiDevice(list: *mut LaunchParams, count: i32, _flags: u32) -> i32 {
    guard(|| {
        let n = usize::try_from(count).map_err(|_| hipErrorInvalidValue)?;
        if list.is_null() || n == 0 || n > device_count() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's `count` launch parameters.
        let entries = unsafe { std::slice::from_raw_parts(list, n) };
        let devices = entry_devices(entries)?;
        let here = runtime::current();
        let mut result = Ok(());
        for (e, &d) in entries.iter().zip(&devices) {
            runtime::set_current(d);
            // SAFETY: the program's launch, as it would pass it to hipLaunchKernel.
            let r = unsafe { super::hipLaunchKernel(e.func, e.grid, e.block, e.args, e.shared, e.stream) };
            if r != 0 {
                result = Err(r);
                break;
            }
        }
        runtime::set_current(here);
        result
    })
}

/// The multi-grid sync words of cooperative launches on several devices (host memory every
/// device reaches, made on first use, zeroed before each launch).
static SYNC_WORDS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// The device of each entry's stream (the null stream's: the calling thread's), none twice.
fn entry_devices(entries: &[LaunchParams]) -> Result<Vec<usize>, HipError> {
    let mut devices = Vec::with_capacity(entries.len());
    for e in entries {
        let d = crate::queue::stream(e.stream as usize)
            .map_err(|_| hipErrorInvalidValue)?
            .map_or_else(runtime::current, |s| s.device);
        if devices.contains(&d) {
            return Err(hipErrorInvalidDevice);
        }
        devices.push(d);
    }
    Ok(devices)
}

/// A cooperative launch on several devices: one grid per entry, on its stream's device, all
/// resident at once and run together (a thread each), so that `this_multi_grid().sync()`
/// works: each grid's hidden multigrid sync argument gives its rank, the number of grids, the
/// work-items before it and in all, and the sync words the device library's multi-grid barrier
/// spins on, in host memory every device reaches (as ROCm's). Checked as ROCm checks it (a
/// count of 0 or more than the devices, flags other than `hipCooperativeLaunchMultiDevice
/// No{Pre,Post}Sync`, a null stream, two entries on one device, each entry as
/// `hipLaunchCooperativeKernel`). The launch waits for all earlier work and returns when every
/// grid has ended, whatever the flags (which only let ROCm skip those waits).
pub unsafe extern "C" fn hipLaunchCooperativeKernelMultiDevice(list: *mut LaunchParams, count: i32, flags: u32) -> i32 {
    guard(|| {
        let n = usize::try_from(count).map_err(|_| hipErrorInvalidValue)?;
        if list.is_null() || n == 0 || n > device_count() || flags > 3 {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's `count` launch parameters.
        let entries = unsafe { std::slice::from_raw_parts(list, n) };
        if entries.iter().any(|e| e.stream.is_null()) {
            return Err(hipErrorInvalidResourceHandle);
        }
        let devices = entry_devices(entries)?;
        let here = runtime::current();
        // SAFETY: each entry's arguments as the program gives them for its kernel.
        let checked = unsafe { check_entries(entries, &devices) };
        runtime::set_current(here);
        let (kernels, args) = checked?;
        let sync = match SYNC_WORDS.get() {
            Some(&a) => a,
            None => {
                let mut p: *mut c_void = std::ptr::null_mut();
                // SAFETY: a local out-pointer.
                unsafe { super::memory::alloc_shared("multi-grid sync words", &mut p, 8, false, 0) }?;
                *SYNC_WORDS.get_or_init(|| p as u64)
            }
        };
        super::streams::settle();
        // SAFETY: 8 bytes of host memory at their own address (a host-shared allocation).
        unsafe { (sync as *mut u64).write_volatile(0) };
        let all_sum: u64 = entries
            .iter()
            .map(|e| items_of(e).iter().map(|&x| x as u64).product::<u64>())
            .sum();
        let mut prev_sum = 0;
        let mut grids = Vec::with_capacity(n);
        for (r, e) in entries.iter().enumerate() {
            let items = items_of(e);
            grids.push(runtime::Grid {
                device: devices[r],
                k: &kernels[r],
                grid: [e.grid.x, e.grid.y, e.grid.z],
                block: [e.block.x, e.block.y, e.block.z],
                items,
                dynamic_lds: e.shared as u32,
                slices: args[r].iter().map(|a| a.as_slice()).collect(),
                cooperative: true,
                multigrid: Some(gcnkit::emu::kernel::MultiGrid {
                    sync,
                    grid: r as u32,
                    grids: n as u32,
                    prev_sum,
                    all_sum,
                }),
            });
            prev_sum += items.iter().map(|&x| x as u64).product::<u64>();
        }
        with(|rt| rt.execute_grids(&grids))
    })
}

/// Work-items of an entry's grid per dimension.
fn items_of(e: &LaunchParams) -> [u32; 3] {
    [e.grid.x * e.block.x, e.grid.y * e.block.y, e.grid.z * e.block.z]
}

/// The kernels and argument bytes of a multi-device launch's entries.
type Checked = (
    Vec<std::sync::Arc<gcnkit::emu::dispatch::KernelInfo>>,
    Vec<Vec<Vec<u8>>>,
);

/// The entries' kernels (on `devices`) and argument bytes, each entry checked (it leaves the
/// calling thread's current device changed).
///
/// # Safety
/// Each entry's `args` must hold a pointer to each of its kernel's explicit arguments.
unsafe fn check_entries(entries: &[LaunchParams], devices: &[usize]) -> Result<Checked, HipError> {
    let (mut kernels, mut args) = (Vec::new(), Vec::new());
    for (e, &d) in entries.iter().zip(devices) {
        runtime::set_current(d);
        if e.func.is_null() {
            return Err(hipErrorInvalidDeviceFunction);
        }
        let k = match runtime::cached_kernel(runtime::KernelKey::Stub(e.func as usize)) {
            Some(k) => k,
            None => with(|rt| rt.kernel(e.func as usize))?,
        };
        let (grid, block) = ([e.grid.x, e.grid.y, e.grid.z], [e.block.x, e.block.y, e.block.z]);
        super::registration::cooperative_fits(&k, grid, block, e.shared)?;
        // SAFETY: the caller's contract.
        let slices = unsafe { runtime::arg_pointers(&k, e.args) }?;
        args.push(slices.iter().map(|s| s.to_vec()).collect());
        kernels.push(k);
    }
    Ok((kernels, args))
}

#[cfg(test)]
mod tests {
    #[test]
    fn launch_params_layout_is_hip_5_2s() {
        use super::LaunchParams;
        use std::mem::{offset_of, size_of};
        assert_eq!(size_of::<LaunchParams>(), 56);
        assert_eq!(offset_of!(LaunchParams, args), 32);
        assert_eq!(offset_of!(LaunchParams, stream), 48);
    }
}
