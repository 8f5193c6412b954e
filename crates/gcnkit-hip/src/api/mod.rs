//! The entry points gcnkit implements (HIP 5.2 signatures, /usr/include/hip), one file per
//! group, re-exported here. build.rs finds them in these files (`pub extern "C" fn NAME` /
//! `pub unsafe extern "C" fn NAME` at the start of a line) and exports each under its version
//! node; every other symbol of `symbols.tsv` gets a stub. Each body runs in [`runtime::guard`]
//! or cannot fail. This file holds the C types they share and the small helpers.
//!
//! Pointers from the program are trusted as HIP trusts them (a host pointer given with a
//! size is readable for that size); device pointers are checked against the device's live
//! allocations, so a freed or foreign one is `hipErrorInvalidValue` with a message.

// The entry points' safety contract is HIP's own (the pointers a HIP program passes, as the
// HIP headers document them); each says in its body what it relies on.
#![allow(clippy::missing_safety_doc)]

use crate::errors::*;
use crate::props::{self, Gpu};
use crate::runtime::{self, guard, with, CallConfig, Function, Var};
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::OnceLock;

mod array_copies;
mod capture;
mod contexts;
mod device;
mod driver_memory;
mod graphs;
mod info;
mod mem_pools;
mod memory;
mod mipmaps;
mod module;
mod multi_device;
mod per_thread;
mod registration;
mod rtc;
mod stream_ordered;
mod streams;
mod surface;
mod texrefs;
mod texture;
mod texture_queries;
mod variables;
pub use array_copies::*;
pub use capture::*;
pub use contexts::*;
pub use device::*;
pub use driver_memory::*;
pub use graphs::*;
pub use info::*;
pub use mem_pools::*;
pub use memory::*;
pub use mipmaps::*;
pub use module::*;
pub use multi_device::*;
pub use per_thread::*;
pub use registration::*;
pub use rtc::*;
pub use stream_ordered::*;
pub use streams::*;
pub use surface::*;
pub use texrefs::*;
pub use texture::*;
pub use texture_queries::*;
pub use variables::*;

/// Runs an entry point that is synchronous with the host (`hipMemcpy`, `hipFree`...): it
/// first waits for the work given before it (HIP orders it after that work), then runs as
/// [`guard`] does.
///
/// While a capture in global mode is under way it is `hipErrorStreamCaptureImplicit`, as in
/// HIP 5.2.
pub(super) fn blocking(f: impl FnOnce() -> Result<(), HipError>) -> i32 {
    blocking_copy("", Vec::new, f)
}

/// [`blocking`] for a synchronous copy or fill of device memory (`what`: its API; `ranges`:
/// address, bytes, written?, worked out only under `--check`). HIP gives it to the null stream, which waits for the blocking
/// streams only (ROCm 5.2's `iHipWaitActiveStreams`); this runtime waits for every stream,
/// and under `--check race` the ranges are compared at the null stream's place in the order
/// first ([`crate::check::sync_op`]): a kernel on a non-blocking stream that nothing
/// synchronised with races with the copy.
pub(super) fn blocking_copy(
    what: &'static str,
    ranges: impl FnOnce() -> Vec<(u64, u64, bool)>,
    f: impl FnOnce() -> Result<(), HipError>,
) -> i32 {
    guard(|| {
        capture::synchronous_allowed()?;
        crate::check::sync_op(what, || quietly(ranges));
        settle();
        f()
    })
}

thread_local! {
    /// Set while the race check works out a call's ranges before the call runs.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with [`complain`] silent: the race check works out a copy's ranges with the
/// copy's own functions before the copy runs, and the copy itself says what is wrong, once.
fn quietly<T>(f: impl FnOnce() -> T) -> T {
    let was = QUIET.replace(true);
    let v = f();
    QUIET.set(was);
    v
}

/// Says on stderr what is wrong with a program's arguments (not while [`quietly`]).
pub(super) fn complain(msg: std::fmt::Arguments) {
    if !QUIET.get() {
        eprintln!("{msg}");
    }
}

/// HIP's `dim3` (passed by value).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

/// clang's `__hip_fatbin_wrapper`.
#[repr(C)]
pub struct FatbinWrapper {
    pub magic: u32,
    pub version: u32,
    pub binary: *const u8,
    pub unused: *const c_void,
}

/// HIP 5.2's `hipDeviceProp_t` (792 bytes; offsets checked by a test against the header's).
#[repr(C)]
pub struct HipDeviceProp {
    pub name: [c_char; 256],
    pub total_global_mem: usize,
    pub shared_mem_per_block: usize,
    pub regs_per_block: i32,
    pub warp_size: i32,
    pub max_threads_per_block: i32,
    pub max_threads_dim: [i32; 3],
    pub max_grid_size: [i32; 3],
    pub clock_rate: i32,
    pub memory_clock_rate: i32,
    pub memory_bus_width: i32,
    pub total_const_mem: usize,
    pub major: i32,
    pub minor: i32,
    pub multi_processor_count: i32,
    pub l2_cache_size: i32,
    pub max_threads_per_multi_processor: i32,
    pub compute_mode: i32,
    pub clock_instruction_rate: i32,
    /// `hipDeviceArch_t`: 17 one-bit flags.
    pub arch: u32,
    pub concurrent_kernels: i32,
    pub pci_domain_id: i32,
    pub pci_bus_id: i32,
    pub pci_device_id: i32,
    pub max_shared_memory_per_multi_processor: usize,
    pub is_multi_gpu_board: i32,
    pub can_map_host_memory: i32,
    pub gcn_arch: i32,
    pub gcn_arch_name: [c_char; 256],
    pub integrated: i32,
    pub cooperative_launch: i32,
    pub cooperative_multi_device_launch: i32,
    pub max_texture_1d_linear: i32,
    pub max_texture_1d: i32,
    pub max_texture_2d: [i32; 2],
    pub max_texture_3d: [i32; 3],
    pub hdp_mem_flush_cntl: *mut u32,
    pub hdp_reg_flush_cntl: *mut u32,
    pub mem_pitch: usize,
    pub texture_alignment: usize,
    pub texture_pitch_alignment: usize,
    pub kernel_exec_timeout_enabled: i32,
    pub ecc_enabled: i32,
    pub tcc_driver: i32,
    pub cooperative_multi_device_unmatched: [i32; 4],
    pub is_large_bar: i32,
    pub asic_revision: i32,
    pub managed_memory: i32,
    pub direct_managed_mem_access_from_host: i32,
    pub concurrent_managed_access: i32,
    pub pageable_memory_access: i32,
    pub pageable_memory_access_uses_host_page_tables: i32,
}

/// `hipChannelFormatDesc` (returned by value).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ChannelDesc {
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub w: i32,
    pub f: i32,
}

/// HIP_VERSION of the headers this runtime follows (5.2.21153).
pub const HIP_VERSION: i32 = 50_221_153;

/// `hipDeviceArch_t` of a GCN GPU as ROCm 5.2 fills it: every flag but funnel shift (bit 11),
/// the `__syncthreads_count/and/or` extension (13), surface functions (14) and dynamic
/// parallelism (16).
pub(super) const ARCH_FLAGS: u32 = 0x3fff & !(1 << 11) & !(1 << 13) | 1 << 15;

pub(super) fn copy_name(dst: &mut [c_char; 256], s: &str) {
    for (d, b) in dst.iter_mut().zip(s.bytes().take(255)) {
        *d = b as c_char;
    }
}

/// The GPU (without the runtime's lock: it is fixed once set up).
pub(super) fn gpu() -> Result<&'static Gpu, HipError> {
    runtime::machine().0.ok_or(hipErrorNoDevice)
}

/// How many devices there are (`GCNKIT_DEVICES`; 0 without a GPU).
pub(super) fn device_count() -> usize {
    runtime::machine().1
}

/// Devices 0 to N-1 (all the same GPU).
pub(super) fn check_device(id: i32) -> Result<&'static Gpu, HipError> {
    let g = gpu()?;
    if usize::try_from(id).map_or(true, |k| k >= device_count()) {
        return Err(hipErrorInvalidDevice);
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Offsets measured from HIP 5.2's header (offsetof in a C++ program).
    #[test]
    fn device_prop_layout_is_hip_5_2s() {
        assert_eq!(size_of::<HipDeviceProp>(), 792);
        assert_eq!(offset_of!(HipDeviceProp, total_global_mem), 256);
        assert_eq!(offset_of!(HipDeviceProp, regs_per_block), 272);
        assert_eq!(offset_of!(HipDeviceProp, arch), 356);
        assert_eq!(offset_of!(HipDeviceProp, concurrent_kernels), 360);
        assert_eq!(offset_of!(HipDeviceProp, max_shared_memory_per_multi_processor), 376);
        assert_eq!(offset_of!(HipDeviceProp, gcn_arch_name), 396);
        assert_eq!(offset_of!(HipDeviceProp, integrated), 652);
        assert_eq!(offset_of!(HipDeviceProp, hdp_mem_flush_cntl), 696);
        assert_eq!(offset_of!(HipDeviceProp, mem_pitch), 712);
        assert_eq!(offset_of!(HipDeviceProp, kernel_exec_timeout_enabled), 736);
        assert_eq!(
            offset_of!(HipDeviceProp, pageable_memory_access_uses_host_page_tables),
            788
        );
    }

    #[test]
    fn pointer_and_function_attribute_layouts_are_hip_5_2s() {
        assert_eq!(size_of::<PointerAttributes>(), 32);
        assert_eq!(offset_of!(PointerAttributes, device_pointer), 8);
        assert_eq!(offset_of!(PointerAttributes, is_managed), 24);
        assert_eq!(size_of::<FuncAttributes>(), 56);
        assert_eq!(offset_of!(FuncAttributes, const_size_bytes), 8);
        assert_eq!(offset_of!(FuncAttributes, max_dynamic_shared_size_bytes), 24);
        assert_eq!(offset_of!(FuncAttributes, shared_size_bytes), 48);
    }

    #[test]
    fn error_names() {
        let s = |p: *const c_char| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string();
        assert_eq!(s(hipGetErrorName(801)), "hipErrorNotSupported");
        // HIP 5.2's string is the name (the programs test compares every code with Debian's).
        assert_eq!(s(hipGetErrorString(801)), "hipErrorNotSupported");
        assert_eq!(s(hipGetErrorName(2)), "hipErrorOutOfMemory");
        assert_eq!(s(hipGetErrorName(12345)), "hipErrorUnknown");
    }

    #[test]
    fn half_helpers() {
        assert_eq!(__gnu_f2h_ieee(1.0), 0x3c00);
        assert_eq!(__gnu_h2f_ieee(0xc000), -2.0);
    }
}
