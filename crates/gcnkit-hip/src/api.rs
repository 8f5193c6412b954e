//! The entry points gcnkit implements (HIP 5.2 signatures, /usr/include/hip). build.rs finds
//! them here (`pub extern "C" fn NAME` / `pub unsafe extern "C" fn NAME` at the start of a
//! line) and exports each under its version node; every other symbol of `symbols.tsv` gets a
//! stub. Each body runs in [`runtime::guard`] or cannot fail.
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

/// `hipDeviceArch_t` of a GCN GPU: every flag but surface functions and dynamic parallelism.
const ARCH_FLAGS: u32 = 0x3fff | 1 << 15;

fn copy_name(dst: &mut [c_char; 256], s: &str) {
    for (d, b) in dst.iter_mut().zip(s.bytes().take(255)) {
        *d = b as c_char;
    }
}

fn gpu() -> Result<&'static Gpu, HipError> {
    with(|rt| rt.gpu.as_ref().copied().map_err(|_| hipErrorNoDevice))
}

/// Device 0 is the only one.
fn check_device(id: i32) -> Result<&'static Gpu, HipError> {
    let g = gpu()?;
    if id != 0 {
        return Err(hipErrorInvalidDevice);
    }
    Ok(g)
}

// ---- Registration (called by the program's static constructors) ----

pub unsafe extern "C" fn __hipRegisterFatBinary(data: *const c_void) -> *mut *mut c_void {
    let r = std::panic::catch_unwind(|| {
        let w = data as *const FatbinWrapper;
        let entries = if w.is_null() {
            Err("a null fat binary".to_string())
        } else {
            // SAFETY: clang passes its `__hip_fatbin_wrapper`.
            let w = unsafe { &*w };
            if w.magic != crate::fatbin::WRAPPER_MAGIC || w.binary.is_null() {
                Err(format!("not a HIP fat binary (magic 0x{:08x})", w.magic))
            } else {
                let base = w.binary;
                // SAFETY: the bundle lies in the program's `.hip_fatbin` section; reads go
                // only where its own table says (sizes sanity-checked by `entries`).
                let read = |at: u64, n: u64| -> Option<Vec<u8>> {
                    Some(unsafe { std::slice::from_raw_parts(base.add(at as usize), n as usize) }.to_vec())
                };
                crate::fatbin::entries(&read).map(|list| {
                    list.into_iter()
                        .map(|e| {
                            let bytes = if e.id.starts_with("hip") {
                                read(e.offset, e.size).unwrap_or_default()
                            } else {
                                Vec::new()
                            };
                            (e, bytes)
                        })
                        .collect()
                })
            }
        };
        with(|rt| rt.register(entries))
    });
    match r {
        Ok(m) => runtime::handle_of(m),
        Err(_) => std::ptr::null_mut(),
    }
}

pub unsafe extern "C" fn __hipUnregisterFatBinary(modules: *mut *mut c_void) {
    let _ = std::panic::catch_unwind(|| {
        if let Some(m) = runtime::module_of(modules) {
            with(|rt| {
                let _ = rt.unload(m);
                rt.functions.retain(|_, f| f.module != m);
            });
        }
    });
}

/// A C string the program gives, or "" for null.
unsafe fn c_str(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the program passes NUL-terminated names.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __hipRegisterFunction(
    modules: *mut *mut c_void,
    host_function: *const c_void,
    _device_function: *mut c_char,
    device_name: *const c_char,
    _thread_limit: u32,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _block_dim: *mut Dim3,
    _grid_dim: *mut Dim3,
    _w_size: *mut i32,
) {
    let _ = std::panic::catch_unwind(|| {
        let Some(module) = runtime::module_of(modules) else {
            return;
        };
        // SAFETY: clang passes the kernel's (mangled) name.
        let name = unsafe { c_str(device_name) };
        with(|rt| rt.functions.insert(host_function as usize, Function { module, name }));
    });
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __hipRegisterVar(
    modules: *mut *mut c_void,
    var: *mut c_void,
    _host_var: *mut c_char,
    device_var: *const c_char,
    _ext: i32,
    size: usize,
    constant: i32,
    _global: i32,
) {
    let _ = std::panic::catch_unwind(|| {
        let Some(module) = runtime::module_of(modules) else {
            return;
        };
        // SAFETY: clang passes the variable's name.
        let name = unsafe { c_str(device_var) };
        with(|rt| {
            rt.vars.push(Var {
                module,
                host: var as usize,
                name,
                size,
                constant: constant != 0,
            })
        });
    });
}

pub extern "C" fn __hipPushCallConfiguration(grid: Dim3, block: Dim3, shared: usize, stream: *mut c_void) -> i32 {
    guard(|| {
        // `try_with`: a launch from a static destructor, after the thread's locals are gone,
        // is an error rather than a panic.
        runtime::CONFIGS
            .try_with(|c| {
                c.borrow_mut().push(CallConfig {
                    grid: [grid.x, grid.y, grid.z],
                    block: [block.x, block.y, block.z],
                    shared,
                    stream: stream as usize,
                })
            })
            .map_err(|_| hipErrorNotInitialized)
    })
}

pub unsafe extern "C" fn __hipPopCallConfiguration(
    grid: *mut Dim3,
    block: *mut Dim3,
    shared: *mut usize,
    stream: *mut *mut c_void,
) -> i32 {
    guard(|| {
        let c = runtime::CONFIGS
            .try_with(|c| c.borrow_mut().pop())
            .map_err(|_| hipErrorNotInitialized)?
            .ok_or(hipErrorMissingConfiguration)?;
        // SAFETY: clang passes pointers to its locals (null ones are skipped).
        unsafe {
            if !grid.is_null() {
                *grid = Dim3 {
                    x: c.grid[0],
                    y: c.grid[1],
                    z: c.grid[2],
                };
            }
            if !block.is_null() {
                *block = Dim3 {
                    x: c.block[0],
                    y: c.block[1],
                    z: c.block[2],
                };
            }
            if !shared.is_null() {
                *shared = c.shared;
            }
            if !stream.is_null() {
                *stream = c.stream as *mut c_void;
            }
        }
        Ok(())
    })
}

pub unsafe extern "C" fn hipLaunchKernel(
    function_address: *const c_void,
    num_blocks: Dim3,
    dim_blocks: Dim3,
    args: *mut *mut c_void,
    shared_mem_bytes: usize,
    _stream: *mut c_void,
) -> i32 {
    guard(|| {
        with(|rt| {
            // SAFETY: HIP's contract: one pointer per explicit argument.
            unsafe {
                rt.launch(
                    function_address as usize,
                    [num_blocks.x, num_blocks.y, num_blocks.z],
                    [dim_blocks.x, dim_blocks.y, dim_blocks.z],
                    shared_mem_bytes,
                    args,
                )
            }
        })
    })
}

// ---- The module API: code objects the program loads itself (a `.hsaco`, or the offload
// bundle `hipcc --genco` writes) ----

/// How many bytes a code object or offload bundle at `p` spans, read from its own headers
/// (hipModuleLoadData gets no size). Reads only what the headers point to.
///
/// # Safety
/// `p` must point to a whole ELF code object or offload bundle.
unsafe fn image_len(p: *const u8) -> Result<usize, HipError> {
    // SAFETY: reads inside the image, as its headers say (the caller's contract).
    let read = |at: u64, n: u64| -> Option<Vec<u8>> {
        Some(unsafe { std::slice::from_raw_parts(p.add(usize::try_from(at).ok()?), usize::try_from(n).ok()?) }.to_vec())
    };
    let u = |b: &[u8]| b.iter().rev().fold(0u64, |v, &x| v << 8 | x as u64);
    let head = read(0, 64).ok_or(hipErrorInvalidImage)?;
    if head.starts_with(b"\x7fELF") {
        if head[4] != 2 || head[5] != 1 {
            return Err(hipErrorInvalidImage);
        }
        let (phoff, shoff) = (u(&head[0x20..0x28]), u(&head[0x28..0x30]));
        let (phent, phnum) = (u(&head[0x36..0x38]), u(&head[0x38..0x3a]));
        let (shent, shnum) = (u(&head[0x3a..0x3c]), u(&head[0x3c..0x3e]));
        if shent != 64 || shnum > 4096 || phnum > 4096 || shoff > 1 << 32 || phoff > 1 << 32 {
            return Err(hipErrorInvalidImage);
        }
        let mut end = (shoff + shent * shnum).max(phoff + phent * phnum).max(64);
        for k in 0..shnum {
            let sh = read(shoff + k * 64, 64).ok_or(hipErrorInvalidImage)?;
            let (ty, off, size) = (u(&sh[4..8]), u(&sh[0x18..0x20]), u(&sh[0x20..0x28]));
            if ty != 8 && off < 1 << 32 && size < 1 << 32 {
                end = end.max(off + size); // not SHT_NOBITS
            }
        }
        Ok(end as usize)
    } else if head.starts_with(crate::fatbin::BUNDLE_MAGIC) {
        let entries = crate::fatbin::entries(&read).map_err(|_| hipErrorInvalidImage)?;
        let end = entries.iter().map(|e| e.offset + e.size).max().unwrap_or(0);
        Ok(end as usize)
    } else {
        eprintln!("gcnkit-hip: hipModuleLoadData: neither an ELF code object nor a clang offload bundle");
        Err(hipErrorInvalidImage)
    }
}

unsafe fn put_module(module: *mut *mut c_void, m: usize) {
    // SAFETY: the caller checked `module` is non-null.
    unsafe { *module = runtime::handle_of(m) as *mut c_void };
}

pub unsafe extern "C" fn hipModuleLoad(module: *mut *mut c_void, fname: *const c_char) -> i32 {
    guard(|| {
        if module.is_null() || fname.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: a NUL-terminated path.
        let path = unsafe { c_str(fname) };
        let data = std::fs::read(&path).map_err(|e| {
            eprintln!("gcnkit-hip: hipModuleLoad: {path}: {e}");
            hipErrorFileNotFound
        })?;
        let m = with(|rt| rt.add_module(&data))?;
        // SAFETY: checked non-null.
        unsafe { put_module(module, m) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipModuleLoadData(module: *mut *mut c_void, image: *const c_void) -> i32 {
    guard(|| {
        if module.is_null() || image.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program passes a whole image.
        let len = unsafe { image_len(image as *const u8) }?;
        // SAFETY: `len` bytes, as its headers say.
        let data = unsafe { std::slice::from_raw_parts(image as *const u8, len) };
        let m = with(|rt| rt.add_module(data))?;
        // SAFETY: checked non-null.
        unsafe { put_module(module, m) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipModuleLoadDataEx(
    module: *mut *mut c_void,
    image: *const c_void,
    _num_options: u32,
    _options: *mut c_void,
    _option_values: *mut *mut c_void,
) -> i32 {
    // SAFETY: as hipModuleLoadData (the JIT options do not apply to code objects).
    unsafe { hipModuleLoadData(module, image) }
}

pub extern "C" fn hipModuleUnload(module: *mut c_void) -> i32 {
    guard(|| {
        let m = runtime::module_of(module as *mut *mut c_void).ok_or(hipErrorInvalidHandle)?;
        // Its functions' handles stay (indices), and fail: the module is no longer live.
        with(|rt| rt.unload(m))
    })
}

/// A `hipFunction_t` of the module API: an opaque handle, looked up, never dereferenced.
fn function_handle(k: usize) -> *mut c_void {
    (0x6000_0000_0000usize + k * 16) as *mut c_void
}

pub unsafe extern "C" fn hipModuleGetFunction(
    function: *mut *mut c_void,
    module: *mut c_void,
    kname: *const c_char,
) -> i32 {
    guard(|| {
        if function.is_null() || kname.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let m = runtime::module_of(module as *mut *mut c_void).ok_or(hipErrorInvalidHandle)?;
        // SAFETY: a NUL-terminated name.
        let name = unsafe { c_str(kname) };
        let k = with(|rt| {
            if rt.loaded(m)?.kernel(&name).is_none() {
                eprintln!("gcnkit-hip: hipModuleGetFunction: no kernel {name} in the module");
                return Err(hipErrorNotFound);
            }
            rt.module_functions.push((m, name));
            Ok(rt.module_functions.len() - 1)
        })?;
        // SAFETY: checked non-null.
        unsafe { *function = function_handle(k) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipModuleGetGlobal(
    dptr: *mut *mut c_void,
    bytes: *mut usize,
    module: *mut c_void,
    name: *const c_char,
) -> i32 {
    guard(|| {
        if name.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let m = runtime::module_of(module as *mut *mut c_void).ok_or(hipErrorInvalidHandle)?;
        // SAFETY: a NUL-terminated name.
        let name = unsafe { c_str(name) };
        let s = with(|rt| rt.loaded(m)?.symbol(&name).cloned().ok_or(hipErrorNotFound))?;
        // SAFETY: the program's out-pointers (null ones skipped).
        unsafe {
            if !dptr.is_null() {
                *dptr = s.addr as *mut c_void;
            }
            if !bytes.is_null() {
                *bytes = s.size as usize;
            }
        }
        Ok(())
    })
}

/// The kernel of a module API `hipFunction_t`.
fn module_kernel(
    rt: &mut runtime::Runtime,
    f: *mut c_void,
) -> Result<std::sync::Arc<gcnkit::emu::dispatch::KernelInfo>, HipError> {
    let k = (f as usize)
        .checked_sub(0x6000_0000_0000)
        .filter(|d| d % 16 == 0)
        .and_then(|d| rt.module_functions.get(d / 16))
        .cloned()
        .ok_or(hipErrorInvalidResourceHandle)?;
    rt.loaded(k.0)?
        .kernel(&k.1)
        .cloned()
        .ok_or(hipErrorInvalidResourceHandle)
}

// ---- Occupancy, from the GPU's real limits: per CU 4 SIMDs of at most 10 waves, 256 VGPRs
// per lane of a SIMD (a kernel takes its descriptor's count), 64 KiB of LDS ----

/// Work-groups of `block` work-items that fit on one CU at once.
fn blocks_per_cu(k: &gcnkit::emu::dispatch::KernelInfo, block: u32, dynamic_lds: usize) -> i32 {
    if block == 0 || block > props::MAX_THREADS_PER_BLOCK as u32 {
        return 0;
    }
    let waves_per_block = block.div_ceil(64);
    let per_simd = (256 / k.setup.vgprs.max(4) as u32).min(10);
    let by_waves = 4 * per_simd / waves_per_block;
    let lds = k.setup.group_segment_size as usize + dynamic_lds;
    let by_lds = (props::LDS_BYTES as usize)
        .checked_div(lds)
        .map_or(u32::MAX, |n| n as u32);
    by_waves.min(by_lds) as i32
}

fn occupancy_blocks(
    num_blocks: *mut i32,
    k: &gcnkit::emu::dispatch::KernelInfo,
    block: i32,
    dynamic: usize,
) -> Result<(), HipError> {
    if num_blocks.is_null() || block <= 0 {
        return Err(hipErrorInvalidValue);
    }
    let n = blocks_per_cu(k, block as u32, dynamic);
    // SAFETY: checked non-null.
    unsafe { *num_blocks = n };
    Ok(())
}

/// The block size (a multiple of 64 up to `limit`) that keeps the most work-items on a CU, and
/// the grid that fills every CU with it.
fn potential_block_size(
    grid: *mut i32,
    block: *mut i32,
    k: &gcnkit::emu::dispatch::KernelInfo,
    dynamic: usize,
    limit: i32,
) -> Result<(), HipError> {
    if grid.is_null() || block.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let cus = gpu()?.compute_units;
    let limit = if limit <= 0 {
        props::MAX_THREADS_PER_BLOCK
    } else {
        limit.min(props::MAX_THREADS_PER_BLOCK)
    };
    let limit = k.reqd_block.map_or(limit, |b| limit.min((b[0] * b[1] * b[2]) as i32));
    let mut best = (0, 0);
    let mut bs = 64;
    while bs <= limit.max(64) {
        let n = blocks_per_cu(k, bs as u32, dynamic);
        if n > 0 && n * bs >= best.0 * best.1 {
            best = (n, bs);
        }
        bs += 64;
    }
    // SAFETY: checked non-null.
    unsafe {
        *grid = best.0 * cus;
        *block = best.1;
    }
    Ok(())
}

pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessor(
    num_blocks: *mut i32,
    f: *const c_void,
    block_size: i32,
    dyn_shared: usize,
) -> i32 {
    guard(|| {
        let k = with(|rt| rt.kernel(f as usize))?;
        occupancy_blocks(num_blocks, &k, block_size, dyn_shared)
    })
}

pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    num_blocks: *mut i32,
    f: *const c_void,
    block_size: i32,
    dyn_shared: usize,
    _flags: u32,
) -> i32 {
    // SAFETY: as without flags.
    unsafe { hipOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, f, block_size, dyn_shared) }
}

pub unsafe extern "C" fn hipOccupancyMaxPotentialBlockSize(
    grid_size: *mut i32,
    block_size: *mut i32,
    f: *const c_void,
    dyn_shared: usize,
    block_size_limit: i32,
) -> i32 {
    guard(|| {
        let k = with(|rt| rt.kernel(f as usize))?;
        potential_block_size(grid_size, block_size, &k, dyn_shared, block_size_limit)
    })
}

pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    num_blocks: *mut i32,
    f: *mut c_void,
    block_size: i32,
    dyn_shared: usize,
) -> i32 {
    guard(|| {
        let k = with(|rt| module_kernel(rt, f))?;
        occupancy_blocks(num_blocks, &k, block_size, dyn_shared)
    })
}

pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    num_blocks: *mut i32,
    f: *mut c_void,
    block_size: i32,
    dyn_shared: usize,
    _flags: u32,
) -> i32 {
    // SAFETY: as without flags.
    unsafe { hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, f, block_size, dyn_shared) }
}

pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSize(
    grid_size: *mut i32,
    block_size: *mut i32,
    f: *mut c_void,
    dyn_shared: usize,
    block_size_limit: i32,
) -> i32 {
    guard(|| {
        let k = with(|rt| module_kernel(rt, f))?;
        potential_block_size(grid_size, block_size, &k, dyn_shared, block_size_limit)
    })
}

pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    grid_size: *mut i32,
    block_size: *mut i32,
    f: *mut c_void,
    dyn_shared: usize,
    block_size_limit: i32,
    _flags: u32,
) -> i32 {
    // SAFETY: as without flags.
    unsafe { hipModuleOccupancyMaxPotentialBlockSize(grid_size, block_size, f, dyn_shared, block_size_limit) }
}

const HIP_LAUNCH_PARAM_BUFFER_POINTER: usize = 1;
const HIP_LAUNCH_PARAM_BUFFER_SIZE: usize = 2;
const HIP_LAUNCH_PARAM_END: usize = 3;

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipModuleLaunchKernel(
    f: *mut c_void,
    grid_dim_x: u32,
    grid_dim_y: u32,
    grid_dim_z: u32,
    block_dim_x: u32,
    block_dim_y: u32,
    block_dim_z: u32,
    shared_mem_bytes: u32,
    _stream: *mut c_void,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> i32 {
    guard(|| {
        with(|rt| {
            let kernel = module_kernel(rt, f)?;
            let grid = [grid_dim_x, grid_dim_y, grid_dim_z];
            let block = [block_dim_x, block_dim_y, block_dim_z];
            if !kernel_params.is_null() {
                // SAFETY: one pointer per explicit argument (HIP's contract).
                let slices = unsafe { runtime::arg_pointers(&kernel, kernel_params) }?;
                return rt.run(&kernel, grid, block, shared_mem_bytes as usize, &slices);
            }
            // `extra`: {BUFFER_POINTER, buf, BUFFER_SIZE, &size, END}, in any order.
            let (mut buf, mut size) = (std::ptr::null::<u8>(), None);
            let mut at = 0;
            while !extra.is_null() && at < 64 {
                // SAFETY: the program's list, ended by HIP_LAUNCH_PARAM_END.
                let key = unsafe { *extra.add(at) } as usize;
                match key {
                    HIP_LAUNCH_PARAM_END => break,
                    // SAFETY: each key is followed by its value.
                    HIP_LAUNCH_PARAM_BUFFER_POINTER => buf = unsafe { *extra.add(at + 1) } as *const u8,
                    HIP_LAUNCH_PARAM_BUFFER_SIZE => {
                        // SAFETY: the value points to the buffer's size.
                        let p = unsafe { *extra.add(at + 1) } as *const usize;
                        size = (!p.is_null()).then(|| unsafe { *p });
                    }
                    _ => return Err(hipErrorInvalidValue),
                }
                at += 2;
            }
            let explicit = kernel.args.iter().any(|a| a.explicit());
            let bytes: &[u8] = match (buf.is_null(), size) {
                // SAFETY: the program's argument buffer of `n` bytes.
                (false, Some(n)) => unsafe { std::slice::from_raw_parts(buf, n) },
                _ if !explicit => &[],
                _ => return Err(hipErrorInvalidValue),
            };
            let slices = runtime::arg_buffer(&kernel, bytes)?;
            rt.run(&kernel, grid, block, shared_mem_bytes as usize, &slices)
        })
    })
}

// ---- Memory ----

pub unsafe extern "C" fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> i32 {
    guard(|| {
        if ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let addr = if size == 0 {
            0
        } else {
            with(|rt| {
                let limit = rt.gpu.as_ref().map_or(0, |g| g.memory_bytes);
                if rt.allocated.saturating_add(size as u64) > limit {
                    return Err(hipErrorOutOfMemory);
                }
                rt.allocated += size as u64;
                Ok(rt.device()?.alloc(size as u64))
            })?
        };
        // SAFETY: checked non-null; the program passes where to store the pointer.
        unsafe { *ptr = addr as *mut c_void };
        Ok(())
    })
}

pub extern "C" fn hipFree(ptr: *mut c_void) -> i32 {
    guard(|| {
        if ptr.is_null() {
            return Ok(());
        }
        with(|rt| {
            let dev = rt.device()?;
            let size = dev.allocation(ptr as u64).map_or(0, |(_, s)| s);
            match dev.free(ptr as u64) {
                Ok(()) => {
                    rt.allocated = rt.allocated.saturating_sub(size);
                    rt.shared.remove(&(ptr as u64));
                    Ok(())
                }
                Err(e) => {
                    eprintln!("gcnkit-hip: hipFree: {e}");
                    Err(hipErrorInvalidValue)
                }
            }
        })
    })
}

// ---- Host-shared memory: pinned (`hipHostMalloc`) and managed (`hipMallocManaged`) memory
// is one allocation whose address is a host pointer to its own bytes, so the program and its
// kernels read and write the same memory at the same address ----

unsafe fn alloc_shared(what: &str, ptr: *mut *mut c_void, size: usize, managed: bool) -> Result<(), HipError> {
    if ptr.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let addr = if size == 0 {
        0
    } else {
        with(|rt| {
            let limit = rt.gpu.as_ref().map_or(0, |g| g.memory_bytes);
            if rt.allocated.saturating_add(size as u64) > limit {
                return Err(hipErrorOutOfMemory);
            }
            let a = rt.device()?.alloc_shared(size as u64).ok_or_else(|| {
                eprintln!("gcnkit-hip: {what} of {size} bytes: no room in the address space");
                hipErrorOutOfMemory
            })?;
            rt.allocated += size as u64;
            rt.shared.insert(a, managed);
            Ok(a)
        })?
    };
    // SAFETY: checked non-null; the program passes where to store the pointer.
    unsafe { *ptr = addr as *mut c_void };
    Ok(())
}

pub unsafe extern "C" fn hipHostMalloc(ptr: *mut *mut c_void, size: usize, _flags: u32) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { alloc_shared("hipHostMalloc", ptr, size, false) })
}

pub unsafe extern "C" fn hipHostAlloc(ptr: *mut *mut c_void, size: usize, _flags: u32) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { alloc_shared("hipHostAlloc", ptr, size, false) })
}

pub unsafe extern "C" fn hipMallocHost(ptr: *mut *mut c_void, size: usize) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { alloc_shared("hipMallocHost", ptr, size, false) })
}

pub unsafe extern "C" fn hipMallocManaged(dev_ptr: *mut *mut c_void, size: usize, _flags: u32) -> i32 {
    // SAFETY: the program's out-pointer.
    guard(|| unsafe { alloc_shared("hipMallocManaged", dev_ptr, size, true) })
}

pub extern "C" fn hipHostFree(ptr: *mut c_void) -> i32 {
    hipFree(ptr)
}

pub extern "C" fn hipFreeHost(ptr: *mut c_void) -> i32 {
    hipFree(ptr)
}

/// The device pointer of pinned memory is the host pointer itself.
pub unsafe extern "C" fn hipHostGetDevicePointer(dev_ptr: *mut *mut c_void, host_ptr: *mut c_void, _flags: u32) -> i32 {
    guard(|| {
        if dev_ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        with(|rt| rt.device().map(|d| d.allocation(host_ptr as u64).is_some()))?
            .then_some(())
            .ok_or(hipErrorInvalidValue)?;
        // SAFETY: checked non-null.
        unsafe { *dev_ptr = host_ptr };
        Ok(())
    })
}

const MEMCPY_KINDS: [&str; 5] = [
    "hipMemcpyHostToHost",
    "hipMemcpyHostToDevice",
    "hipMemcpyDeviceToHost",
    "hipMemcpyDeviceToDevice",
    "hipMemcpyDefault",
];

/// A copy of `n` bytes; where each side is comes from the device's allocations (the kind
/// must agree with them where it names a side as device memory).
unsafe fn memcpy(what: &str, dst: *mut c_void, src: *const c_void, n: usize, kind: i32) -> Result<(), HipError> {
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
        let dev = rt.device()?;
        let (d, s) = (dst as u64, src as u64);
        let (d_dev, s_dev) = (dev.allocation(d).is_some(), dev.allocation(s).is_some());
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
                    if dev.was_freed(p) { " (it was freed)" } else { "" }
                );
                return Err(hipErrorInvalidValue);
            }
        }
        let bad = |e: gcnkit::emu::device::DeviceError| {
            eprintln!("gcnkit-hip: {what} of {n} bytes ({kind_name}): {e}");
            hipErrorInvalidValue
        };
        match (d_dev, s_dev) {
            (true, true) => dev.copy(d, s, n as u64).map_err(bad),
            // SAFETY: a host source readable for `n` bytes (HIP's contract).
            (true, false) => dev
                .write(d, unsafe { std::slice::from_raw_parts(src as *const u8, n) })
                .map_err(bad),
            // SAFETY: a host destination writable for `n` bytes.
            (false, true) => dev
                .read(s, unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, n) })
                .map_err(bad),
            (false, false) => {
                // SAFETY: two host ranges of `n` bytes (they may overlap).
                unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, n) };
                Ok(())
            }
        }
    })
}

// ---- Variables (`__device__`, `__constant__`): the loaded code object's, found by their
// host shadow's address ----

pub unsafe extern "C" fn hipGetSymbolAddress(dev_ptr: *mut *mut c_void, symbol: *const c_void) -> i32 {
    guard(|| {
        if dev_ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (addr, _) = with(|rt| rt.symbol(symbol as usize))?;
        // SAFETY: checked non-null.
        unsafe { *dev_ptr = addr as *mut c_void };
        Ok(())
    })
}

pub unsafe extern "C" fn hipGetSymbolSize(size: *mut usize, symbol: *const c_void) -> i32 {
    guard(|| {
        if size.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (_, n) = with(|rt| rt.symbol(symbol as usize))?;
        // SAFETY: checked non-null.
        unsafe { *size = n as usize };
        Ok(())
    })
}

/// The device address of `[offset, offset + n)` of a variable, checked against its size.
fn symbol_range(symbol: *const c_void, n: usize, offset: usize) -> Result<u64, HipError> {
    let (addr, size) = with(|rt| rt.symbol(symbol as usize))?;
    match offset.checked_add(n) {
        Some(end) if end as u64 <= size => Ok(addr + offset as u64),
        _ => Err(hipErrorInvalidValue),
    }
}

pub unsafe extern "C" fn hipMemcpyToSymbol(
    symbol: *const c_void,
    src: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    guard(|| {
        let at = symbol_range(symbol, size_bytes, offset)?;
        let kind = if kind == 1 || kind == 3 || kind == 4 {
            kind
        } else {
            return Err(hipErrorInvalidMemcpyDirection);
        };
        // SAFETY: the caller's source, as hipMemcpy takes it.
        unsafe { memcpy("hipMemcpyToSymbol", at as *mut c_void, src, size_bytes, kind) }
    })
}

pub unsafe extern "C" fn hipMemcpyToSymbolAsync(
    symbol: *const c_void,
    src: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
    _stream: *mut c_void,
) -> i32 {
    // SAFETY: as hipMemcpyToSymbol (done when it returns).
    unsafe { hipMemcpyToSymbol(symbol, src, size_bytes, offset, kind) }
}

pub unsafe extern "C" fn hipMemcpyFromSymbol(
    dst: *mut c_void,
    symbol: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    guard(|| {
        let at = symbol_range(symbol, size_bytes, offset)?;
        let kind = if kind == 2 || kind == 3 || kind == 4 {
            kind
        } else {
            return Err(hipErrorInvalidMemcpyDirection);
        };
        // SAFETY: the caller's destination, as hipMemcpy takes it.
        unsafe { memcpy("hipMemcpyFromSymbol", dst, at as *const c_void, size_bytes, kind) }
    })
}

pub unsafe extern "C" fn hipMemcpyFromSymbolAsync(
    dst: *mut c_void,
    symbol: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
    _stream: *mut c_void,
) -> i32 {
    // SAFETY: as hipMemcpyFromSymbol (done when it returns).
    unsafe { hipMemcpyFromSymbol(dst, symbol, size_bytes, offset, kind) }
}

pub unsafe extern "C" fn hipMemcpy(dst: *mut c_void, src: *const c_void, size_bytes: usize, kind: i32) -> i32 {
    // SAFETY: the caller's pointers, as HIP takes them.
    guard(|| unsafe { memcpy("hipMemcpy", dst, src, size_bytes, kind) })
}

pub unsafe extern "C" fn hipMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    size_bytes: usize,
    kind: i32,
    _stream: *mut c_void,
) -> i32 {
    // SAFETY: as hipMemcpy (the copy is done when the call returns).
    guard(|| unsafe { memcpy("hipMemcpyAsync", dst, src, size_bytes, kind) })
}

fn memset(what: &str, dst: *mut c_void, value: i32, n: usize) -> Result<(), HipError> {
    if n == 0 {
        return Ok(());
    }
    with(|rt| {
        rt.device()?.fill(dst as u64, value as u8, n as u64).map_err(|e| {
            eprintln!("gcnkit-hip: {what} of {n} bytes: {e}");
            hipErrorInvalidValue
        })
    })
}

pub extern "C" fn hipMemset(dst: *mut c_void, value: i32, size_bytes: usize) -> i32 {
    guard(|| memset("hipMemset", dst, value, size_bytes))
}

pub extern "C" fn hipMemsetAsync(dst: *mut c_void, value: i32, size_bytes: usize, _stream: *mut c_void) -> i32 {
    guard(|| memset("hipMemsetAsync", dst, value, size_bytes))
}

pub unsafe extern "C" fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> i32 {
    guard(|| {
        let (used, all) = with(|rt| (rt.allocated, rt.gpu.as_ref().map_or(0, |g| g.memory_bytes)));
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

pub unsafe extern "C" fn hipPointerGetAttributes(attributes: *mut PointerAttributes, ptr: *const c_void) -> i32 {
    guard(|| {
        if attributes.is_null() || ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let a = with(|rt| {
            let (base, _) = rt.device()?.allocation(ptr as u64).ok_or(hipErrorInvalidValue)?;
            let shared = rt.shared.get(&base).copied();
            Ok::<_, HipError>(PointerAttributes {
                // hipMemoryTypeHost for pinned memory, hipMemoryTypeDevice otherwise.
                memory_type: if shared == Some(false) { 0 } else { 1 },
                device: 0,
                device_pointer: ptr as *mut c_void,
                host_pointer: if shared.is_some() {
                    ptr as *mut c_void
                } else {
                    std::ptr::null_mut()
                },
                is_managed: (shared == Some(true)) as i32,
                allocation_flags: 0,
            })
        })?;
        // SAFETY: checked non-null.
        unsafe { attributes.write(a) };
        Ok(())
    })
}

pub unsafe extern "C" fn hipMemPtrGetInfo(ptr: *mut c_void, size: *mut usize) -> i32 {
    guard(|| {
        if size.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (_, n) = with(|rt| rt.device()?.allocation(ptr as u64).ok_or(hipErrorInvalidValue))?;
        // SAFETY: checked non-null.
        unsafe { *size = n as usize };
        Ok(())
    })
}

/// Rows of pitched memory are aligned to this many bytes.
const PITCH: usize = 256;

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
unsafe fn memcpy_2d(
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
    guard(|| unsafe { memcpy_2d("hipMemcpy2D", dst, dpitch, src, spitch, width, height, kind) })
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
    _stream: *mut c_void,
) -> i32 {
    // SAFETY: as hipMemcpy2D (done when it returns).
    guard(|| unsafe { memcpy_2d("hipMemcpy2DAsync", dst, dpitch, src, spitch, width, height, kind) })
}

pub unsafe extern "C" fn hipMemcpyHtoD(dst: *mut c_void, src: *mut c_void, size_bytes: usize) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy("hipMemcpyHtoD", dst, src, size_bytes, 1) })
}

pub unsafe extern "C" fn hipMemcpyDtoH(dst: *mut c_void, src: *mut c_void, size_bytes: usize) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy("hipMemcpyDtoH", dst, src, size_bytes, 2) })
}

pub unsafe extern "C" fn hipMemcpyDtoD(dst: *mut c_void, src: *mut c_void, size_bytes: usize) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy("hipMemcpyDtoD", dst, src, size_bytes, 3) })
}

pub unsafe extern "C" fn hipMemcpyHtoDAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size_bytes: usize,
    _s: *mut c_void,
) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy("hipMemcpyHtoDAsync", dst, src, size_bytes, 1) })
}

pub unsafe extern "C" fn hipMemcpyDtoHAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size_bytes: usize,
    _s: *mut c_void,
) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy("hipMemcpyDtoHAsync", dst, src, size_bytes, 2) })
}

pub unsafe extern "C" fn hipMemcpyDtoDAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size_bytes: usize,
    _s: *mut c_void,
) -> i32 {
    // SAFETY: the caller's ranges.
    guard(|| unsafe { memcpy("hipMemcpyDtoDAsync", dst, src, size_bytes, 3) })
}

/// Fills `count` elements of `pattern` (1, 2 or 4 bytes) from device address `dst`.
fn fill_pattern(what: &str, dst: *mut c_void, pattern: &[u8], count: usize) -> Result<(), HipError> {
    let len = count.checked_mul(pattern.len()).ok_or(hipErrorInvalidValue)?;
    if len == 0 {
        return Ok(());
    }
    with(|rt| {
        let dev = rt.device()?;
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

pub extern "C" fn hipMemsetD8(dst: *mut c_void, value: u8, count: usize) -> i32 {
    guard(|| fill_pattern("hipMemsetD8", dst, &[value], count))
}

pub extern "C" fn hipMemsetD8Async(dst: *mut c_void, value: u8, count: usize, _s: *mut c_void) -> i32 {
    guard(|| fill_pattern("hipMemsetD8Async", dst, &[value], count))
}

pub extern "C" fn hipMemsetD16(dst: *mut c_void, value: u16, count: usize) -> i32 {
    guard(|| fill_pattern("hipMemsetD16", dst, &value.to_le_bytes(), count))
}

pub extern "C" fn hipMemsetD32(dst: *mut c_void, value: i32, count: usize) -> i32 {
    guard(|| fill_pattern("hipMemsetD32", dst, &value.to_le_bytes(), count))
}

pub extern "C" fn hipMemsetD32Async(dst: *mut c_void, value: i32, count: usize, _s: *mut c_void) -> i32 {
    guard(|| fill_pattern("hipMemsetD32Async", dst, &value.to_le_bytes(), count))
}

fn memset_2d(
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
    guard(|| memset_2d("hipMemset2D", dst, pitch, value, width, height))
}

pub extern "C" fn hipMemset2DAsync(
    dst: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    _stream: *mut c_void,
) -> i32 {
    guard(|| memset_2d("hipMemset2DAsync", dst, pitch, value, width, height))
}

// ---- Synchronisation (launches and copies are done when their call returns) ----

/// A synchronisation: nothing is pending but the failure of a launch since the last one,
/// which a GPU would report here.
fn synchronize() -> Result<(), HipError> {
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

unsafe fn new_handle(out: *mut *mut c_void, f: impl FnOnce(&mut runtime::Runtime, usize)) -> Result<(), HipError> {
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

fn stream_info(stream: *mut c_void) -> Result<(u32, i32), HipError> {
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
            rt.device()?.free_all();
            rt.allocated = 0;
            Ok(())
        })
    })
}

// ---- Devices ----

pub extern "C" fn hipInit(_flags: u32) -> i32 {
    guard(|| gpu().map(|_| ()))
}

pub unsafe extern "C" fn hipGetDeviceCount(count: *mut i32) -> i32 {
    guard(|| {
        if count.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let n = gpu().map_or(0, |_| 1);
        // SAFETY: checked non-null.
        unsafe { *count = n };
        if n == 0 {
            Err(hipErrorNoDevice)
        } else {
            Ok(())
        }
    })
}

pub unsafe extern "C" fn hipGetDevice(device_id: *mut i32) -> i32 {
    guard(|| {
        if device_id.is_null() {
            return Err(hipErrorInvalidValue);
        }
        gpu()?;
        // SAFETY: checked non-null.
        unsafe { *device_id = 0 };
        Ok(())
    })
}

pub extern "C" fn hipSetDevice(device_id: i32) -> i32 {
    guard(|| check_device(device_id).map(|_| ()))
}

pub unsafe extern "C" fn hipDeviceGet(device: *mut i32, ordinal: i32) -> i32 {
    guard(|| {
        if device.is_null() {
            return Err(hipErrorInvalidValue);
        }
        check_device(ordinal)?;
        // SAFETY: checked non-null.
        unsafe { *device = ordinal };
        Ok(())
    })
}

pub unsafe extern "C" fn hipDeviceGetName(name: *mut c_char, len: i32, device: i32) -> i32 {
    guard(|| {
        let g = check_device(device)?;
        if name.is_null() || len <= 0 {
            return Err(hipErrorInvalidValue);
        }
        let bytes = g.name.as_bytes();
        let n = bytes.len().min(len as usize - 1);
        // SAFETY: the program's buffer of `len` bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), name as *mut u8, n);
            *name.add(n) = 0;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn hipDeviceComputeCapability(major: *mut i32, minor: *mut i32, device: i32) -> i32 {
    guard(|| {
        let g = check_device(device)?;
        if major.is_null() || minor.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let p = properties(g);
        // SAFETY: checked non-null.
        unsafe {
            *major = p.major;
            *minor = p.minor;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn hipDeviceTotalMem(bytes: *mut usize, device: i32) -> i32 {
    guard(|| {
        let g = check_device(device)?;
        if bytes.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *bytes = g.memory_bytes as usize };
        Ok(())
    })
}

pub unsafe extern "C" fn hipGetDeviceFlags(flags: *mut u32) -> i32 {
    guard(|| {
        if flags.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let f = with(|rt| rt.device_flags);
        // SAFETY: checked non-null.
        unsafe { *flags = f };
        Ok(())
    })
}

pub extern "C" fn hipSetDeviceFlags(flags: u32) -> i32 {
    guard(|| {
        gpu()?;
        with(|rt| rt.device_flags = flags);
        Ok(())
    })
}

// Cache and shared-memory configuration: AMD GPUs have none to set; HIP ignores them too.

pub extern "C" fn hipDeviceSetCacheConfig(_config: i32) -> i32 {
    guard(|| gpu().map(|_| ()))
}

pub unsafe extern "C" fn hipDeviceGetCacheConfig(config: *mut i32) -> i32 {
    guard(|| {
        if config.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null; hipFuncCachePreferNone.
        unsafe { *config = 0 };
        Ok(())
    })
}

pub extern "C" fn hipDeviceSetSharedMemConfig(_config: i32) -> i32 {
    guard(|| gpu().map(|_| ()))
}

pub extern "C" fn hipFuncSetCacheConfig(_func: *const c_void, _config: i32) -> i32 {
    guard(|| gpu().map(|_| ()))
}

/// `hipFuncAttributes` (HIP 5.2).
#[repr(C)]
pub struct FuncAttributes {
    pub binary_version: i32,
    pub cache_mode_ca: i32,
    pub const_size_bytes: usize,
    pub local_size_bytes: usize,
    pub max_dynamic_shared_size_bytes: i32,
    pub max_threads_per_block: i32,
    pub num_regs: i32,
    pub preferred_shmem_carveout: i32,
    pub ptx_version: i32,
    pub shared_size_bytes: usize,
}

pub unsafe extern "C" fn hipFuncGetAttributes(attr: *mut FuncAttributes, func: *const c_void) -> i32 {
    guard(|| {
        if attr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (k, g) = with(|rt| {
            Ok::<_, HipError>((
                rt.kernel(func as usize)?,
                *rt.gpu.as_ref().map_err(|_| hipErrorNoDevice)?,
            ))
        })?;
        let version = g.gcn_arch / 100 * 10 + g.gcn_arch / 10 % 10;
        let a = FuncAttributes {
            binary_version: version,
            cache_mode_ca: 0,
            const_size_bytes: 0,
            local_size_bytes: k.setup.private_segment_size as usize,
            max_dynamic_shared_size_bytes: props::LDS_BYTES - k.setup.group_segment_size as i32,
            max_threads_per_block: k
                .reqd_block
                .map_or(props::MAX_THREADS_PER_BLOCK, |b| (b[0] * b[1] * b[2]) as i32),
            num_regs: k.setup.vgprs as i32,
            preferred_shmem_carveout: 0,
            ptx_version: version,
            shared_size_bytes: k.setup.group_segment_size as usize,
        };
        // SAFETY: checked non-null.
        unsafe { attr.write(a) };
        Ok(())
    })
}

/// The properties of `g` as ROCm fills `hipDeviceProp_t`.
pub fn properties(g: &Gpu) -> HipDeviceProp {
    // SAFETY: all-zero bytes are a valid HipDeviceProp (integers, arrays, null pointers).
    let mut p: HipDeviceProp = unsafe { std::mem::zeroed() };
    copy_name(&mut p.name, g.name);
    copy_name(&mut p.gcn_arch_name, &g.arch_name());
    p.total_global_mem = g.memory_bytes as usize;
    p.shared_mem_per_block = props::LDS_BYTES as usize;
    p.regs_per_block = props::REGS_PER_BLOCK;
    p.warp_size = props::WAVE;
    p.max_threads_per_block = props::MAX_THREADS_PER_BLOCK;
    p.max_threads_dim = [1024, 1024, 1024];
    p.max_grid_size = [i32::MAX, i32::MAX, i32::MAX];
    p.clock_rate = g.clock_khz;
    p.memory_clock_rate = g.memory_clock_khz;
    p.memory_bus_width = g.memory_bus_bits;
    p.total_const_mem = g.memory_bytes as usize;
    p.major = g.gcn_arch / 100;
    p.minor = g.gcn_arch / 10 % 10;
    p.multi_processor_count = g.compute_units;
    p.l2_cache_size = g.l2_bytes;
    p.max_threads_per_multi_processor = props::MAX_THREADS_PER_CU;
    p.compute_mode = 0;
    // The shader clock counter (s_memrealtime) runs at 100 MHz.
    p.clock_instruction_rate = 100_000;
    p.arch = ARCH_FLAGS;
    p.concurrent_kernels = 1;
    p.pci_device_id = 0;
    p.max_shared_memory_per_multi_processor = props::LDS_BYTES as usize;
    p.can_map_host_memory = 1;
    p.gcn_arch = g.gcn_arch;
    p.max_texture_1d_linear = 1 << 27;
    p.max_texture_1d = 16384;
    p.max_texture_2d = [16384, 16384];
    p.max_texture_3d = [2048, 2048, 2048];
    p.mem_pitch = i32::MAX as usize;
    p.texture_alignment = 256;
    p.texture_pitch_alignment = 256;
    p.ecc_enabled = g.features.iter().any(|(f, on)| *f == "sramecc" && *on) as i32;
    p.asic_revision = 1;
    // Managed memory is host memory the kernels reach directly (one copy, no migration).
    p.managed_memory = 1;
    p.direct_managed_mem_access_from_host = 1;
    p.concurrent_managed_access = 1;
    p
}

pub unsafe extern "C" fn hipGetDeviceProperties(prop: *mut HipDeviceProp, device_id: i32) -> i32 {
    guard(|| {
        if prop.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let g = check_device(device_id)?;
        // SAFETY: the program's hipDeviceProp_t.
        unsafe { prop.write(properties(g)) };
        Ok(())
    })
}

/// An attribute's value, `None` for one not modelled.
pub fn attribute(g: &Gpu, attr: i32) -> Option<i32> {
    use crate::attr::*;
    let p = properties(g);
    Some(match attr {
        a if a == hipDeviceAttributeMaxThreadsPerBlock => p.max_threads_per_block,
        a if a == hipDeviceAttributeMaxBlockDimX => p.max_threads_dim[0],
        a if a == hipDeviceAttributeMaxBlockDimY => p.max_threads_dim[1],
        a if a == hipDeviceAttributeMaxBlockDimZ => p.max_threads_dim[2],
        a if a == hipDeviceAttributeMaxGridDimX => p.max_grid_size[0],
        a if a == hipDeviceAttributeMaxGridDimY => p.max_grid_size[1],
        a if a == hipDeviceAttributeMaxGridDimZ => p.max_grid_size[2],
        a if a == hipDeviceAttributeMaxSharedMemoryPerBlock => props::LDS_BYTES,
        a if a == hipDeviceAttributeSharedMemPerBlockOptin => props::LDS_BYTES,
        a if a == hipDeviceAttributeMaxSharedMemoryPerMultiprocessor => props::LDS_BYTES,
        a if a == hipDeviceAttributeSharedMemPerMultiprocessor => props::LDS_BYTES,
        a if a == hipDeviceAttributeTotalConstantMemory => i32::MAX,
        a if a == hipDeviceAttributeWarpSize => p.warp_size,
        a if a == hipDeviceAttributeMaxRegistersPerBlock => p.regs_per_block,
        a if a == hipDeviceAttributeMaxRegistersPerMultiprocessor => p.regs_per_block,
        a if a == hipDeviceAttributeClockRate => p.clock_rate,
        a if a == hipDeviceAttributeMemoryClockRate => p.memory_clock_rate,
        a if a == hipDeviceAttributeMemoryBusWidth => p.memory_bus_width,
        a if a == hipDeviceAttributeMultiprocessorCount => p.multi_processor_count,
        a if a == hipDeviceAttributePhysicalMultiProcessorCount => p.multi_processor_count,
        a if a == hipDeviceAttributeComputeMode => 0,
        a if a == hipDeviceAttributeL2CacheSize => p.l2_cache_size,
        a if a == hipDeviceAttributeMaxThreadsPerMultiProcessor => p.max_threads_per_multi_processor,
        a if a == hipDeviceAttributeComputeCapabilityMajor => p.major,
        a if a == hipDeviceAttributeComputeCapabilityMinor => p.minor,
        a if a == hipDeviceAttributeConcurrentKernels => 1,
        a if a == hipDeviceAttributePciBusId => 0,
        a if a == hipDeviceAttributePciDeviceId => 0,
        a if a == hipDeviceAttributePciDomainID => 0,
        a if a == hipDeviceAttributeIntegrated => 0,
        a if a == hipDeviceAttributeIsMultiGpuBoard => 0,
        a if a == hipDeviceAttributeCooperativeLaunch => 0,
        a if a == hipDeviceAttributeCooperativeMultiDeviceLaunch => 0,
        a if a == hipDeviceAttributeManagedMemory => 1,
        a if a == hipDeviceAttributeDirectManagedMemAccessFromHost => 1,
        a if a == hipDeviceAttributeConcurrentManagedAccess => 1,
        a if a == hipDeviceAttributeCanMapHostMemory => p.can_map_host_memory,
        a if a == hipDeviceAttributeEccEnabled => p.ecc_enabled,
        a if a == hipDeviceAttributeClockInstructionRate => p.clock_instruction_rate,
        a if a == hipDeviceAttributeGcnArch => p.gcn_arch,
        a if a == hipDeviceAttributeAsicRevision => p.asic_revision,
        a if a == hipDeviceAttributeIsLargeBar => 0,
        a if a == hipDeviceAttributeKernelExecTimeout => 0,
        a if a == hipDeviceAttributeUnifiedAddressing => 0,
        a if a == hipDeviceAttributeTextureAlignment => 256,
        a if a == hipDeviceAttributeTexturePitchAlignment => 256,
        a if a == hipDeviceAttributeMaxPitch => i32::MAX,
        a if a == hipDeviceAttributeImageSupport => 0,
        _ => return None,
    })
}

pub unsafe extern "C" fn hipDeviceGetAttribute(pi: *mut i32, attr: i32, device_id: i32) -> i32 {
    guard(|| {
        if pi.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let g = check_device(device_id)?;
        let v = attribute(g, attr).ok_or_else(|| {
            eprintln!("gcnkit-hip: hipDeviceGetAttribute: attribute {attr} is not supported yet");
            hipErrorInvalidValue
        })?;
        // SAFETY: checked non-null.
        unsafe { *pi = v };
        Ok(())
    })
}

// ---- Errors and versions ----

pub extern "C" fn hipGetLastError() -> i32 {
    runtime::last_error(true)
}

pub extern "C" fn hipPeekAtLastError() -> i32 {
    runtime::last_error(false)
}

/// HIP's description of an error (hipGetErrorString), the name where HIP has none of its own.
fn description(e: HipError) -> Option<&'static str> {
    Some(match e {
        hipSuccess => "no error",
        hipErrorInvalidValue => "invalid argument",
        hipErrorOutOfMemory => "out of memory",
        hipErrorNotInitialized => "initialization error",
        hipErrorInvalidConfiguration => "invalid configuration argument",
        hipErrorInvalidSymbol => "invalid device symbol",
        hipErrorInvalidDevicePointer => "invalid device pointer",
        hipErrorInvalidMemcpyDirection => "invalid copy direction for memcpy",
        hipErrorMissingConfiguration => "__global__ function call is not configured",
        hipErrorInvalidDeviceFunction => "invalid device function",
        hipErrorNoDevice => "no ROCm-capable device is detected",
        hipErrorInvalidDevice => "invalid device ordinal",
        hipErrorInvalidImage => "device kernel image is invalid",
        hipErrorNoBinaryForGpu => "no kernel image is available for execution on the device",
        hipErrorInvalidHandle => "invalid resource handle",
        hipErrorNotReady => "device not ready",
        hipErrorIllegalAddress => "an illegal memory access was encountered",
        hipErrorLaunchOutOfResources => "too many resources requested for launch",
        hipErrorLaunchFailure => "unspecified launch failure",
        hipErrorNotSupported => "operation not supported",
        hipErrorAssert => "device-side assert triggered",
        hipErrorUnknown => "unknown error",
        _ => return None,
    })
}

/// NUL-terminated names and descriptions, made once.
fn strings() -> &'static [(HipError, CString, CString)] {
    static S: OnceLock<Vec<(HipError, CString, CString)>> = OnceLock::new();
    S.get_or_init(|| {
        NAMES
            .iter()
            .map(|&(v, n)| {
                let d = description(v).unwrap_or(n);
                (
                    v,
                    CString::new(n).unwrap_or_default(),
                    CString::new(d).unwrap_or_default(),
                )
            })
            .collect()
    })
}

pub extern "C" fn hipGetErrorName(hip_error: i32) -> *const c_char {
    match strings().iter().find(|s| s.0 == hip_error) {
        Some(s) => s.1.as_ptr(),
        None => c"hipErrorUnknown".as_ptr(),
    }
}

pub extern "C" fn hipGetErrorString(hip_error: i32) -> *const c_char {
    match strings().iter().find(|s| s.0 == hip_error) {
        Some(s) => s.2.as_ptr(),
        None => c"unknown error".as_ptr(),
    }
}

pub unsafe extern "C" fn hipRuntimeGetVersion(runtime_version: *mut i32) -> i32 {
    guard(|| {
        if runtime_version.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *runtime_version = HIP_VERSION };
        Ok(())
    })
}

pub unsafe extern "C" fn hipDriverGetVersion(driver_version: *mut i32) -> i32 {
    guard(|| {
        if driver_version.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: checked non-null.
        unsafe { *driver_version = HIP_VERSION };
        Ok(())
    })
}

// ---- Small helpers the library exports ----

pub extern "C" fn hipCreateChannelDesc(x: i32, y: i32, z: i32, w: i32, f: i32) -> ChannelDesc {
    ChannelDesc { x, y, z, w, f }
}

pub extern "C" fn __gnu_f2h_ieee(f: f32) -> u16 {
    half::f16::from_f32(f).to_bits()
}

pub extern "C" fn __gnu_h2f_ieee(h: u16) -> f32 {
    half::f16::from_bits(h).to_f32()
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
        assert_eq!(s(hipGetErrorString(801)), "operation not supported");
        assert_eq!(s(hipGetErrorName(2)), "hipErrorOutOfMemory");
        assert_eq!(s(hipGetErrorName(12345)), "hipErrorUnknown");
    }

    #[test]
    fn half_helpers() {
        assert_eq!(__gnu_f2h_ieee(1.0), 0x3c00);
        assert_eq!(__gnu_h2f_ieee(0xc000), -2.0);
    }
}
