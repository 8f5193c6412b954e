//! Launches on several devices at once (`hipExtLaunchMultiKernelMultiDevice`): each entry is a
//! launch on its stream's device, as `hipLaunchKernel` from a thread whose device that is.

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
        let mut devices = Vec::with_capacity(n);
        for e in entries {
            let d = crate::queue::stream(e.stream as usize)
                .map_err(|_| hipErrorInvalidValue)?
                .map_or_else(runtime::current, |s| s.device);
            if devices.contains(&d) {
                return Err(hipErrorInvalidDevice);
            }
            devices.push(d);
        }
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
