//! The module API (code objects the program loads itself) and the occupancy queries.

use super::*;

// ---- The module API: code objects the program loads itself (a `.hsaco`, or the offload
// bundle `hipcc --genco` writes) ----

/// How many bytes a code object or offload bundle at `p` spans, read from its own headers
/// (hipModuleLoadData gets no size). Reads only what the headers point to.
///
/// # Safety
/// `p` must point to a whole ELF code object or offload bundle.
pub(super) unsafe fn image_len(p: *const u8) -> Result<usize, HipError> {
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

pub(super) unsafe fn put_module(module: *mut *mut c_void, m: usize) {
    // SAFETY: the caller checked `module` is non-null.
    unsafe { *module = runtime::handle_of(m) as *mut c_void };
}

/// ROCm's module loader gives each `__managed__` variable of a code object (clang's storage
/// `NAME.managed` and pointer `NAME`) managed memory holding the storage's initial value, and
/// points the pointer at it (registered fat binaries get theirs from
/// `__hipRegisterManagedVar`). Loads the module on the current device, as ROCm does at once;
/// a module that cannot load there says so when a function of it is asked for.
fn managed_vars_of(m: usize) -> Result<(), HipError> {
    let found = with(|rt| -> Result<Vec<(String, Vec<u8>)>, HipError> {
        let Ok(l) = rt.loaded(m) else {
            return Ok(Vec::new());
        };
        let storage: Vec<_> = l
            .symbols
            .iter()
            .filter(|s| s.name.ends_with(".managed"))
            .cloned()
            .collect();
        let dev = rt.device()?;
        let mut found = Vec::new();
        for s in storage {
            let mut init = vec![0; s.size as usize];
            dev.read(s.addr, &mut init).map_err(|_| hipErrorInvalidImage)?;
            found.push((s.name.trim_end_matches(".managed").to_string(), init));
        }
        Ok(found)
    })?;
    for (name, init) in found {
        let mut addr = std::ptr::null_mut();
        // SAFETY: a local out-pointer.
        unsafe { super::memory::alloc_shared("__managed__ variable", &mut addr, init.len().max(1), true, 1)? };
        // SAFETY: managed memory is host memory at its own address, at least `init.len()` bytes.
        unsafe { std::ptr::copy_nonoverlapping(init.as_ptr(), addr as *mut u8, init.len()) };
        with(|rt| {
            rt.managed_vars.push(runtime::ManagedVar {
                module: m,
                name,
                addr: addr as u64,
                size: init.len() as u64,
            });
            rt.point_managed_vars(m, runtime::current());
            Ok::<(), HipError>(())
        })?;
    }
    Ok(())
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
        managed_vars_of(m)?;
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
        managed_vars_of(m)?;
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
    blocking(|| {
        let m = runtime::module_of(module as *mut *mut c_void).ok_or(hipErrorInvalidHandle)?;
        // Its functions' handles stay (indices), and fail: the module is no longer live.
        with(|rt| rt.unload(m))
    })
}

/// A `hipFunction_t` of the module API: an opaque handle, looked up, never dereferenced.
pub(super) fn function_handle(k: usize) -> *mut c_void {
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
        // A `__managed__` variable is its managed memory (as ROCm's getDynGlobalVar says).
        let s = with(|rt| {
            let managed = rt.managed_vars.iter().find(|v| v.module == m && v.name == name);
            if let Some(v) = managed {
                let (addr, size) = (v.addr, v.size);
                return Ok(gcnkit::emu::device::Symbol {
                    name: name.clone(),
                    addr,
                    size,
                });
            }
            rt.loaded(m)?.symbol(&name).cloned().ok_or(hipErrorNotFound)
        })?;
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
pub(super) fn module_kernel(
    rt: &mut runtime::Runtime,
    f: *mut c_void,
) -> Result<std::sync::Arc<gcnkit::emu::dispatch::KernelInfo>, HipError> {
    let k = (f as usize)
        .checked_sub(0x6000_0000_0000)
        .filter(|d| d % 16 == 0)
        .and_then(|d| rt.module_functions.get(d / 16))
        .cloned()
        .ok_or(hipErrorInvalidResourceHandle)?;
    let kernel = rt
        .loaded(k.0)?
        .kernel(&k.1)
        .cloned()
        .ok_or(hipErrorInvalidResourceHandle)?;
    runtime::remember_kernel(runtime::KernelKey::Function(f as usize), runtime::current(), &kernel);
    Ok(kernel)
}

// ---- Occupancy, from the GPU's real limits: per CU 4 SIMDs of at most 10 waves, 256 VGPRs
// per lane of a SIMD (a kernel takes its descriptor's count), 64 KiB of LDS ----

/// Work-groups of `block` work-items that fit on one CU at once.
pub(super) fn blocks_per_cu(k: &gcnkit::emu::dispatch::KernelInfo, block: u32, dynamic_lds: usize) -> i32 {
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

pub(super) fn occupancy_blocks(
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
pub(super) fn potential_block_size(
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

/// As ROCm 5.2's: a function that is no registered kernel is `hipErrorInvalidValue` (a launch
/// of one is `hipErrorInvalidDeviceFunction`).
pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessor(
    num_blocks: *mut i32,
    f: *const c_void,
    block_size: i32,
    dyn_shared: usize,
) -> i32 {
    guard(|| {
        let k = with(|rt| rt.kernel(f as usize)).map_err(|_| hipErrorInvalidValue)?;
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
        if grid_size.is_null() || block_size.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let k = with(|rt| rt.kernel(f as usize)).map_err(|_| hipErrorInvalidValue)?;
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

pub(super) const HIP_LAUNCH_PARAM_BUFFER_POINTER: usize = 1;
pub(super) const HIP_LAUNCH_PARAM_BUFFER_SIZE: usize = 2;
pub(super) const HIP_LAUNCH_PARAM_END: usize = 3;

/// The explicit arguments of a module launch: `kernel_params` (one pointer per argument) or
/// `extra` ({BUFFER_POINTER, buf, BUFFER_SIZE, &size, END}, in any order: one buffer laid out as
/// the kernarg segment).
///
/// # Safety
/// HIP's contract for `kernelParams` and `extra`.
pub(super) unsafe fn module_args<'a>(
    kernel: &gcnkit::emu::dispatch::KernelInfo,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> Result<Vec<&'a [u8]>, HipError> {
    if !kernel_params.is_null() {
        // SAFETY: one pointer per explicit argument (HIP's contract).
        return unsafe { runtime::arg_pointers(kernel, kernel_params) };
    }
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
    runtime::arg_buffer(kernel, bytes)
}

/// A launch of module function `f` with the grid in work-items, between two optional events
/// recorded on its stream (the Ext/Hcc forms time the kernel that way).
///
/// # Safety
/// HIP's contract for `kernelParams` and `extra`.
#[allow(clippy::too_many_arguments)]
unsafe fn module_launch(
    f: *mut c_void,
    items: [u32; 3],
    block: [u32; 3],
    shared: usize,
    stream: *mut c_void,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
    events: [*mut c_void; 2],
) -> Result<(), HipError> {
    let kernel = match runtime::cached_kernel(runtime::KernelKey::Function(f as usize)) {
        Some(k) => k,
        None => with(|rt| module_kernel(rt, f))?,
    };
    // SAFETY: the caller's contract.
    let slices = unsafe { module_args(&kernel, kernel_params, extra) }?;
    let s = stream as usize;
    crate::queue::stream(s)?;
    if !events[0].is_null() {
        super::streams::record_event(events[0] as usize, s)?;
    }
    runtime::submit_items(&kernel, items, block, shared, &slices, s, false)?;
    if !events[1].is_null() {
        super::streams::record_event(events[1] as usize, s)?;
    }
    Ok(())
}

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
    stream: *mut c_void,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> i32 {
    guard(|| {
        let grid = [grid_dim_x, grid_dim_y, grid_dim_z];
        let block = [block_dim_x, block_dim_y, block_dim_z];
        let mut items = [0u32; 3];
        for d in 0..3 {
            items[d] = grid[d].checked_mul(block[d]).ok_or(hipErrorInvalidConfiguration)?;
        }
        let none = [std::ptr::null_mut(); 2];
        // SAFETY: HIP's contract for the arguments.
        unsafe {
            module_launch(
                f,
                items,
                block,
                shared_mem_bytes as usize,
                stream,
                kernel_params,
                extra,
                none,
            )
        }
    })
}

/// `hipExtModuleLaunchKernel` (a C++ function in HIP 5.2: exported by its mangled name): the
/// grid in work-items (a partial last work-group allowed: its `blockDim` is then its own size,
/// as the device library's `__ockl_get_local_size` gives), events recorded before and after
/// the kernel on its stream; `flags` (`hipExtAnyOrderLaunch`) change nothing.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn _Z24hipExtModuleLaunchKernelP18ihipModuleSymbol_tjjjjjjmP12ihipStream_tPPvS4_P11ihipEvent_tS6_j(
    f: *mut c_void,
    global_x: u32,
    global_y: u32,
    global_z: u32,
    local_x: u32,
    local_y: u32,
    local_z: u32,
    shared_mem_bytes: usize,
    stream: *mut c_void,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
    start: *mut c_void,
    stop: *mut c_void,
    _flags: u32,
) -> i32 {
    guard(|| {
        let (items, block) = ([global_x, global_y, global_z], [local_x, local_y, local_z]);
        // SAFETY: HIP's contract for the arguments.
        unsafe {
            module_launch(
                f,
                items,
                block,
                shared_mem_bytes,
                stream,
                kernel_params,
                extra,
                [start, stop],
            )
        }
    })
}

/// `hipHccModuleLaunchKernel`: the deprecated form of the above, without flags.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn _Z24hipHccModuleLaunchKernelP18ihipModuleSymbol_tjjjjjjmP12ihipStream_tPPvS4_P11ihipEvent_tS6_(
    f: *mut c_void,
    global_x: u32,
    global_y: u32,
    global_z: u32,
    local_x: u32,
    local_y: u32,
    local_z: u32,
    shared_mem_bytes: usize,
    stream: *mut c_void,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
    start: *mut c_void,
    stop: *mut c_void,
) -> i32 {
    guard(|| {
        let (items, block) = ([global_x, global_y, global_z], [local_x, local_y, local_z]);
        // SAFETY: HIP's contract for the arguments.
        unsafe {
            module_launch(
                f,
                items,
                block,
                shared_mem_bytes,
                stream,
                kernel_params,
                extra,
                [start, stop],
            )
        }
    })
}

/// Kernel names handed out as C strings: each made once and kept (the program may hold them).
static NAMES: std::sync::Mutex<Vec<CString>> = std::sync::Mutex::new(Vec::new());

/// `name` as a C string that lives as long as the program.
fn kept_name(name: &str) -> *const c_char {
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(c) = names.iter().find(|c| c.to_bytes() == name.as_bytes()) {
        return c.as_ptr();
    }
    match CString::new(name) {
        Ok(c) => {
            let p = c.as_ptr();
            names.push(c);
            p
        }
        Err(_) => std::ptr::null(),
    }
}

/// The name of a module function (null for a handle that is none).
pub extern "C" fn hipKernelNameRef(f: *mut c_void) -> *const c_char {
    let name = with(|rt| {
        (f as usize)
            .checked_sub(0x6000_0000_0000)
            .filter(|d| d % 16 == 0)
            .and_then(|d| rt.module_functions.get(d / 16))
            .map(|(_, n)| n.clone())
    });
    name.map_or(std::ptr::null(), |n| kept_name(&n))
}

/// The name of the kernel a host stub stands for (null for an address that is none).
pub extern "C" fn hipKernelNameRefByPtr(host_function: *const c_void, _stream: *mut c_void) -> *const c_char {
    let name = with(|rt| rt.functions.get(&(host_function as usize)).map(|f| f.name.clone()));
    name.map_or(std::ptr::null(), |n| kept_name(&n))
}
