//! Registration and launches: what the program's static constructors call for its fat
//! binaries and kernels, and the `<<<>>>`/`hipLaunchKernel` path.

use super::*;

// ---- Registration (called by the program's static constructors) ----

pub unsafe extern "C" fn __hipRegisterFatBinary(data: *const c_void) -> *mut *mut c_void {
    let r = std::panic::catch_unwind(|| {
        let w = data as *const FatbinWrapper;
        let (base, entries) = if w.is_null() {
            (0, Err("a null fat binary".to_string()))
        } else {
            // SAFETY: clang passes its `__hip_fatbin_wrapper`.
            let w = unsafe { &*w };
            if w.magic != crate::fatbin::WRAPPER_MAGIC || w.binary.is_null() {
                (0, Err(format!("not a HIP fat binary (magic 0x{:08x})", w.magic)))
            } else {
                let base = w.binary;
                // SAFETY: the bundle lies in the program's `.hip_fatbin` section; reads go
                // only where its own table says (sizes sanity-checked by `entries`). Only the
                // table is read here: the code object for the GPU stays in place until it is
                // loaded.
                let read = |at: u64, n: u64| -> Option<Vec<u8>> {
                    Some(unsafe { std::slice::from_raw_parts(base.add(at as usize), n as usize) }.to_vec())
                };
                (base as usize, crate::fatbin::entries(&read))
            }
        };
        with(|rt| rt.register(base, entries))
    });
    match r {
        Ok(m) => runtime::handle_of(m),
        Err(_) => std::ptr::null_mut(),
    }
}

pub unsafe extern "C" fn __hipUnregisterFatBinary(modules: *mut *mut c_void) {
    let _ = std::panic::catch_unwind(|| {
        if let Some(m) = runtime::module_of(modules) {
            settle();
            with(|rt| {
                let _ = rt.unload(m);
                rt.functions.retain(|_, f| f.module != m);
            });
        }
    });
}

/// A C string the program gives, or "" for null.
pub(super) unsafe fn c_str(p: *const c_char) -> String {
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

/// A `__managed__` variable (clang: `name` is, in the code object, a pointer to the
/// variable's storage; `pointer` the host's): managed memory of `size` bytes holding the
/// initial value, its address given to the host now and to the code object's pointer on each
/// device that loads the module.
pub unsafe extern "C" fn __hipRegisterManagedVar(
    modules: *mut *mut c_void,
    pointer: *mut *mut c_void,
    init_value: *mut c_void,
    name: *const c_char,
    size: usize,
    _align: u32,
) {
    let _ = std::panic::catch_unwind(|| {
        let Some(module) = runtime::module_of(modules) else {
            return;
        };
        // SAFETY: clang passes the variable's name.
        let name = unsafe { c_str(name) };
        let mut addr: *mut c_void = std::ptr::null_mut();
        // SAFETY: a local out-pointer.
        if let Err(e) = unsafe { super::memory::alloc_shared("__managed__ variable", &mut addr, size, true, 1) } {
            // SAFETY: HIP's error names are static C strings.
            let e = unsafe { CStr::from_ptr(super::hipGetErrorName(e)) }.to_string_lossy();
            eprintln!("gcnkit-hip: __managed__ variable {name}: {e}");
            return;
        }
        // SAFETY: managed memory is host memory at its own address, `size` bytes; clang's
        // initial value has the variable's size; `pointer` is the host's pointer variable.
        unsafe {
            if !init_value.is_null() && !addr.is_null() {
                std::ptr::copy_nonoverlapping(init_value as *const u8, addr as *mut u8, size);
            }
            *pointer = addr;
        }
        with(|rt| {
            rt.managed_vars.push(runtime::ManagedVar {
                module,
                name,
                addr: addr as u64,
                size: size as u64,
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
    stream: *mut c_void,
) -> i32 {
    guard(|| {
        let host = function_address as usize;
        // A kernel launched before is found without the runtime's lock (a kernel may be
        // running: the launch is only put on its stream).
        let k = match runtime::cached_kernel(runtime::KernelKey::Stub(host)) {
            Some(k) => k,
            None => with(|rt| rt.kernel(host))?,
        };
        // SAFETY: HIP's contract: one pointer per explicit argument.
        let slices = unsafe { runtime::arg_pointers(&k, args) }?;
        runtime::submit_launch(
            &k,
            [num_blocks.x, num_blocks.y, num_blocks.z],
            [dim_blocks.x, dim_blocks.y, dim_blocks.z],
            shared_mem_bytes,
            &slices,
            stream as usize,
            false,
        )
    })
}

/// A cooperative launch: the whole grid resident on the kernel machine at once, so that its
/// work-groups can wait for each other (`cooperative_groups::this_grid().sync()`, which the
/// device library compiles to a global wave sync barrier). Checked as ROCm checks it: a grid
/// of more work-groups than fit on the GPU at once (the occupancy of one CU times the CUs)
/// is `hipErrorCooperativeLaunchTooLarge`, as is more shared memory than a CU has.
pub unsafe extern "C" fn hipLaunchCooperativeKernel(
    f: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem_bytes: u32,
    stream: *mut c_void,
) -> i32 {
    guard(|| {
        crate::queue::stream(stream as usize)?;
        if f.is_null() {
            return Err(hipErrorInvalidDeviceFunction);
        }
        let k = match runtime::cached_kernel(runtime::KernelKey::Stub(f as usize)) {
            Some(k) => k,
            None => with(|rt| rt.kernel(f as usize))?,
        };
        let (grid, block) = ([grid.x, grid.y, grid.z], [block.x, block.y, block.z]);
        cooperative_fits(&k, grid, block, shared_mem_bytes as usize)?;
        // SAFETY: HIP's contract: one pointer per explicit argument.
        let slices = unsafe { runtime::arg_pointers(&k, args) }?;
        runtime::submit_launch(
            &k,
            grid,
            block,
            shared_mem_bytes as usize,
            &slices,
            stream as usize,
            true,
        )
    })
}

/// ROCm's checks of a cooperative launch of `k` (`grid` in blocks): the sizes, then whether
/// every work-group fits on the GPU at once.
pub(super) fn cooperative_fits(
    k: &gcnkit::emu::dispatch::KernelInfo,
    grid: [u32; 3],
    block: [u32; 3],
    shared: usize,
) -> Result<(), HipError> {
    let items: u64 = block.iter().map(|&b| b as u64).product();
    if (0..3).any(|d| grid[d] as u64 * block[d] as u64 > u32::MAX as u64) || items > props::MAX_THREADS_PER_BLOCK as u64
    {
        return Err(hipErrorInvalidConfiguration);
    }
    if shared > props::LDS_BYTES as usize {
        return Err(hipErrorCooperativeLaunchTooLarge);
    }
    if grid.contains(&0) {
        return Err(hipErrorInvalidValue);
    }
    if block.contains(&0) {
        return Err(hipErrorInvalidConfiguration);
    }
    let groups: u64 = grid.iter().map(|&g| g as u64).product();
    let per_cu = super::module::blocks_per_cu(k, items as u32, shared).max(0) as u64;
    let most = per_cu * gpu()?.compute_units as u64;
    if groups > most {
        eprintln!(
            "gcnkit-hip: cooperative launch of {}: {groups} work-groups of {items} work-items, but at most {most} fit on the GPU at once ({per_cu} per CU)",
            k.name
        );
        return Err(hipErrorCooperativeLaunchTooLarge);
    }
    Ok(())
}

/// `hipLaunchKernel` between two optional events recorded on its stream; `flags`
/// (`hipExtAnyOrderLaunch`) change nothing.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipExtLaunchKernel(
    function_address: *const c_void,
    num_blocks: Dim3,
    dim_blocks: Dim3,
    args: *mut *mut c_void,
    shared_mem_bytes: usize,
    stream: *mut c_void,
    start: *mut c_void,
    stop: *mut c_void,
    _flags: i32,
) -> i32 {
    guard(|| {
        let s = stream as usize;
        crate::queue::stream(s)?;
        if !start.is_null() {
            super::streams::record_event(start as usize, s)?;
        }
        // SAFETY: as hipLaunchKernel.
        match unsafe { hipLaunchKernel(function_address, num_blocks, dim_blocks, args, shared_mem_bytes, stream) } {
            0 => {}
            e => return Err(e),
        }
        if !stop.is_null() {
            super::streams::record_event(stop as usize, s)?;
        }
        Ok(())
    })
}

// ---- The launch API before `<<<>>>` was lowered to hipLaunchKernel: a configuration, the
// arguments set one by one at their kernarg offsets, then the launch ----

thread_local! {
    /// `hipSetupArgument`'s bytes, laid out as the kernarg segment.
    static ARGUMENTS: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Pushes a launch configuration (as `__hipPushCallConfiguration`) and starts its arguments.
pub extern "C" fn hipConfigureCall(grid: Dim3, block: Dim3, shared: usize, stream: *mut c_void) -> i32 {
    let _ = ARGUMENTS.try_with(|a| a.borrow_mut().clear());
    __hipPushCallConfiguration(grid, block, shared, stream)
}

/// Puts `size` bytes of an argument at `offset` of the kernarg segment.
pub unsafe extern "C" fn hipSetupArgument(arg: *const c_void, size: usize, offset: usize) -> i32 {
    guard(|| {
        if arg.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let end = offset
            .checked_add(size)
            .filter(|&e| e <= 1 << 20)
            .ok_or(hipErrorInvalidValue)?;
        // SAFETY: the program's argument of `size` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(arg as *const u8, size) };
        ARGUMENTS
            .try_with(|a| {
                let mut a = a.borrow_mut();
                if a.len() < end {
                    a.resize(end, 0);
                }
                a[offset..end].copy_from_slice(bytes);
            })
            .map_err(|_| hipErrorNotInitialized)
    })
}

/// Launches `func` with the last configuration and the arguments set since.
pub unsafe extern "C" fn hipLaunchByPtr(func: *const c_void) -> i32 {
    guard(|| {
        let c = runtime::CONFIGS
            .try_with(|c| c.borrow_mut().pop())
            .map_err(|_| hipErrorNotInitialized)?
            .ok_or(hipErrorMissingConfiguration)?;
        let host = func as usize;
        let k = match runtime::cached_kernel(runtime::KernelKey::Stub(host)) {
            Some(k) => k,
            None => with(|rt| rt.kernel(host))?,
        };
        let buf = ARGUMENTS
            .try_with(|a| std::mem::take(&mut *a.borrow_mut()))
            .map_err(|_| hipErrorNotInitialized)?;
        let slices = runtime::arg_buffer(&k, &buf)?;
        runtime::submit_launch(&k, c.grid, c.block, c.shared, &slices, c.stream, false)
    })
}
