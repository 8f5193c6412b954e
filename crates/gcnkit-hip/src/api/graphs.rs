//! Graphs: the entry points of [`crate::graph`] (HIP 5.2's `hipGraph*`). Nodes are checked
//! when added as ROCm checks them; kernel nodes copy their arguments then and launch through
//! the launch path's own kernarg builder ([`runtime::launch_job`]). An executable graph puts
//! its nodes on the stream in a topological order.

use super::*;
use crate::graph::{self, kind, Op};
use std::sync::Arc;

/// `hipKernelNodeParams` (HIP 5.2's field order; layout checked by a test).
#[repr(C)]
pub struct KernelNodeParams {
    pub block_dim: Dim3,
    pub extra: *mut *mut c_void,
    pub func: *mut c_void,
    pub grid_dim: Dim3,
    pub kernel_params: *mut *mut c_void,
    pub shared_mem_bytes: u32,
}

/// `hipMemsetParams`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct MemsetParams {
    pub dst: *mut c_void,
    pub element_size: u32,
    pub height: usize,
    pub pitch: usize,
    pub value: u32,
    pub width: usize,
}

/// `hipHostFn_t`.
pub type HostFn = Option<unsafe extern "C" fn(user_data: *mut c_void)>;

/// `hipHostNodeParams`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HostNodeParams {
    pub func: HostFn,
    pub user_data: *mut c_void,
}

/// The program's parameters kept by a node (its pointers are the program's, as in HIP).
#[derive(Clone, Copy)]
struct Kept<T>(T);
// SAFETY: plain data holding the program's addresses, never dereferenced here.
unsafe impl<T> Send for Kept<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for Kept<T> {}

impl<T: Copy> Kept<T> {
    /// The parameters (a method, so that a closure captures the whole `Kept`).
    fn get(&self) -> T {
        self.0
    }
}

/// A 1D copy's parameters.
#[derive(Clone, Copy)]
pub(super) struct Copy1D {
    pub dst: usize,
    pub src: usize,
    pub count: usize,
    pub kind: i32,
}

// ---- Helpers ----

/// The program's dependency list (`count` handles; null only when empty).
unsafe fn list(p: *const *mut c_void, count: usize) -> Result<Vec<usize>, HipError> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if p.is_null() {
        return Err(hipErrorInvalidValue);
    }
    // SAFETY: the program's array of `count` handles.
    Ok(unsafe { std::slice::from_raw_parts(p, count) }
        .iter()
        .map(|h| *h as usize)
        .collect())
}

/// Gives `items` as HIP does: with no array, their count; else the first `*count` of them,
/// the rest of a longer array null and `*count` set to how many there are.
unsafe fn give(items: &[usize], out: *mut *mut c_void, count: *mut usize) -> Result<(), HipError> {
    // SAFETY: the program's count and array of `*count` handles.
    unsafe {
        let n = count.as_mut().ok_or(hipErrorInvalidValue)?;
        if out.is_null() {
            *n = items.len();
            return Ok(());
        }
        for k in 0..*n {
            *out.add(k) = items.get(k).map_or(std::ptr::null_mut(), |h| *h as *mut c_void);
        }
        *n = (*n).min(items.len());
    }
    Ok(())
}

/// Adds a node and gives its handle.
unsafe fn add(
    out: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    kind: i32,
    op: impl FnOnce() -> Result<Op, HipError>,
) -> Result<(), HipError> {
    if out.is_null() || g.is_null() {
        return Err(hipErrorInvalidValue);
    }
    // SAFETY: the program's dependency array.
    let deps = unsafe { list(deps, count) }?;
    let n = graph::add_node(g as usize, &deps, kind, op()?)?;
    // SAFETY: checked non-null.
    unsafe { *out = n as *mut c_void };
    Ok(())
}

fn work<T: Send + Sync + 'static>(params: T, job: impl Fn() -> Result<(), HipError> + Send + Sync + 'static) -> Op {
    Op::Work {
        job: Arc::new(job),
        params: Arc::new(params),
    }
}

/// The parameters a node of type `want` keeps.
fn params<T: Clone + 'static>(n: *mut c_void, want: &[i32]) -> Result<T, HipError> {
    match graph::node(n as usize)? {
        (k, Op::Work { params, .. }) if want.contains(&k) => {
            params.downcast_ref::<T>().cloned().ok_or(hipErrorInvalidValue)
        }
        _ => Err(hipErrorInvalidValue),
    }
}

/// Gives `op` (a work node's) to stream `h`: captured when `h` is capturing, else queued.
pub(super) fn submit_op(h: usize, kind: i32, op: Op) -> Result<(), HipError> {
    match op {
        Op::Work { job, params } => graph::submit(h, kind, params, job),
        _ => Err(hipErrorInvalidValue),
    }
}

/// Writes the parameters a node of type `want` keeps to the program's `out`.
fn give_params<T: Copy + 'static>(node: *mut c_void, out: *mut T, want: &[i32]) -> Result<(), HipError> {
    // SAFETY: the program's out-pointer (checked non-null).
    let out = unsafe { out.as_mut() }.ok_or(hipErrorInvalidValue)?;
    *out = params::<Kept<T>>(node, want)?.0;
    Ok(())
}

/// Replaces the operation of executable graph `exec`'s node standing for `node` (of type `want`).
fn exec_set(exec: *mut c_void, node: *mut c_void, want: i32, op: Op) -> Result<(), HipError> {
    graph::set_op(graph::exec_node(exec as usize, node as usize)?, &[want], op)
}

// ---- Kernel nodes ----

/// A kernel node's operation: the kernel of host stub `func`, its arguments copied now.
///
/// # Safety
/// HIP's contract for `kernelParams` and `extra`.
unsafe fn kernel_op(p: *const KernelNodeParams) -> Result<Op, HipError> {
    // SAFETY: the program's parameters (checked non-null).
    let p = unsafe { p.as_ref() }.ok_or(hipErrorInvalidValue)?;
    if p.func.is_null() || p.kernel_params.is_null() == p.extra.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let host = p.func as usize;
    let k = match runtime::cached_kernel(runtime::KernelKey::Stub(host)) {
        Some(k) => k,
        None => with(|rt| rt.kernel(host)).map_err(|_| hipErrorInvalidDeviceFunction)?,
    };
    // SAFETY: HIP's contract for the arguments.
    let slices = unsafe { module::module_args(&k, p.kernel_params, p.extra) }?;
    let (g, b) = (p.grid_dim, p.block_dim);
    let mut items = [0u32; 3];
    for (d, (g, b)) in [(g.x, b.x), (g.y, b.y), (g.z, b.z)].into_iter().enumerate() {
        items[d] = g.checked_mul(b).ok_or(hipErrorInvalidConfiguration)?;
    }
    let (job, mut launch) =
        runtime::launch_job(&k, items, [b.x, b.y, b.z], p.shared_mem_bytes as usize, &slices, false)?;
    launch.func = host;
    Ok(Op::Work {
        job,
        params: Arc::new(launch),
    })
}

pub unsafe extern "C" fn hipGraphAddKernelNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    p: *const KernelNodeParams,
) -> i32 {
    // SAFETY: the program's arrays and parameters.
    guard(|| unsafe { add(node, graph, deps, count, kind::KERNEL, || kernel_op(p)) })
}

/// The kernel node's parameters: `kernelParams` points to the node's own copies of the
/// arguments (valid while the node is); a captured launch names its kernel's host stub when
/// one was registered.
pub unsafe extern "C" fn hipGraphKernelNodeGetParams(node: *mut c_void, p: *mut KernelNodeParams) -> i32 {
    guard(|| {
        if p.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let l = match graph::node(node as usize)? {
            (kind::KERNEL, Op::Work { params, .. }) => params,
            _ => return Err(hipErrorInvalidValue),
        };
        let l = l.downcast_ref::<graph::Launch>().ok_or(hipErrorInvalidValue)?;
        let func = if l.func != 0 {
            l.func
        } else {
            with(|rt| {
                rt.functions
                    .iter()
                    .find(|(_, f)| f.name == l.kernel)
                    .map_or(0, |(h, _)| *h)
            })
        };
        let dim = |v: [u32; 3]| Dim3 {
            x: v[0],
            y: v[1],
            z: v[2],
        };
        // SAFETY: checked non-null; the program's struct.
        unsafe {
            *p = KernelNodeParams {
                block_dim: dim(l.block),
                extra: std::ptr::null_mut(),
                func: func as *mut c_void,
                grid_dim: dim(l.grid),
                kernel_params: l.pointers.as_ptr() as *mut *mut c_void,
                shared_mem_bytes: l.shared,
            }
        };
        Ok(())
    })
}

pub unsafe extern "C" fn hipGraphKernelNodeSetParams(node: *mut c_void, p: *const KernelNodeParams) -> i32 {
    // SAFETY: the program's parameters.
    guard(|| graph::set_op(node as usize, &[kind::KERNEL], unsafe { kernel_op(p) }?))
}

pub unsafe extern "C" fn hipGraphExecKernelNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *const KernelNodeParams,
) -> i32 {
    // SAFETY: the program's parameters.
    guard(|| exec_set(exec, node, kind::KERNEL, unsafe { kernel_op(p) }?))
}

// ---- Copy nodes ----

pub(super) fn copy_3d_op(p: *const Memcpy3DParms) -> Result<Op, HipError> {
    // SAFETY: the program's parameters (checked non-null).
    let p = *unsafe { p.as_ref() }.ok_or(hipErrorInvalidValue)?;
    if !(0..=4).contains(&p.kind)
        || (p.src_array.is_null() && p.src_ptr.ptr.is_null())
        || (p.dst_array.is_null() && p.dst_ptr.ptr.is_null())
    {
        return Err(hipErrorInvalidValue);
    }
    let kept = Kept(p);
    Ok(work(kept, move || {
        let p = kept.get();
        // SAFETY: the program's copy, as hipMemcpy3D takes it.
        unsafe { memory::memcpy_3d("a graph's memcpy node", &p) }
    }))
}

pub unsafe extern "C" fn hipGraphAddMemcpyNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    p: *const Memcpy3DParms,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { add(node, graph, deps, count, kind::MEMCPY, || copy_3d_op(p)) })
}

/// A 1D copy (checked as `hipMemcpy` checks one: a kind, both pointers).
pub(super) fn copy_1d_op(c: Copy1D) -> Result<Op, HipError> {
    if !(0..=4).contains(&c.kind) {
        return Err(hipErrorInvalidMemcpyDirection);
    }
    if c.dst == 0 || c.src == 0 {
        return Err(hipErrorInvalidValue);
    }
    // ROCm's ihipMemcpy_validate: no more than the allocation holds after either pointer.
    for p in [c.dst as u64, c.src as u64] {
        if crate::index::find(p).is_some_and(|e| c.count as u64 > e.len - (p - e.base)) {
            return Err(hipErrorInvalidValue);
        }
    }
    Ok(work(c, move || {
        let (d, s, n) = (c.dst as u64, c.src as u64, c.count as u64);
        crate::check::host_op("a memcpy node", &[(s, n, false), (d, n, true)]);
        // SAFETY: the program's ranges, as hipMemcpy takes them.
        unsafe {
            memory::memcpy(
                "a graph's memcpy node",
                c.dst as *mut c_void,
                c.src as *const c_void,
                c.count,
                c.kind,
            )
        }
    }))
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphAddMemcpyNode1D(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    k: i32,
) -> i32 {
    let c = Copy1D {
        dst: dst as usize,
        src: src as usize,
        count: bytes,
        kind: k,
    };
    // SAFETY: the program's arrays.
    guard(|| unsafe { add(node, graph, deps, count, kind::MEMCPY_1D, || copy_1d_op(c)) })
}

/// A memcpy node's parameters (a 1D copy as a 3D one: one row of `count` bytes).
pub unsafe extern "C" fn hipGraphMemcpyNodeGetParams(node: *mut c_void, p: *mut Memcpy3DParms) -> i32 {
    guard(|| {
        if p.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let q = match params::<Kept<Memcpy3DParms>>(node, &[kind::MEMCPY]) {
            Ok(k) => k.0,
            Err(_) => {
                let c = params::<Copy1D>(
                    node,
                    &[kind::MEMCPY_1D, kind::MEMCPY_FROM_SYMBOL, kind::MEMCPY_TO_SYMBOL],
                )?;
                let row = |ptr: usize| PitchedPtr {
                    ptr: ptr as *mut c_void,
                    pitch: c.count,
                    xsize: c.count,
                    ysize: 1,
                };
                let zero = Pos { x: 0, y: 0, z: 0 };
                Memcpy3DParms {
                    src_array: std::ptr::null_mut(),
                    src_pos: zero,
                    src_ptr: row(c.src),
                    dst_array: std::ptr::null_mut(),
                    dst_pos: zero,
                    dst_ptr: row(c.dst),
                    extent: Extent {
                        width: c.count,
                        height: 1,
                        depth: 1,
                    },
                    kind: c.kind,
                }
            }
        };
        // SAFETY: checked non-null.
        unsafe { *p = q };
        Ok(())
    })
}

pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams(node: *mut c_void, p: *const Memcpy3DParms) -> i32 {
    guard(|| graph::set_op(node as usize, &[kind::MEMCPY], copy_3d_op(p)?))
}

pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *mut Memcpy3DParms,
) -> i32 {
    guard(|| exec_set(exec, node, kind::MEMCPY, copy_3d_op(p)?))
}

/// As HIP 5.2: no null pointer, no empty copy, not a copy onto itself.
/// Is `p` in device-side memory (device, pinned, managed or registered: what ROCm finds a
/// memory object for)?
fn on_device(p: usize) -> bool {
    crate::index::find(p as u64).is_some()
}

fn set_1d(node: usize, dst: *mut c_void, src: *const c_void, count: usize, k: i32) -> Result<(), HipError> {
    if dst.is_null() || src.is_null() || count == 0 || std::ptr::eq(dst as *const c_void, src) {
        return Err(hipErrorInvalidValue);
    }
    // As ROCm 5.2's hipGraphMemcpyNode1D::ValidateParams: a copy between host and device
    // memory must name its direction (not even hipMemcpyDefault).
    match (on_device(src as usize), on_device(dst as usize)) {
        (false, true) if k != 1 => return Err(hipErrorInvalidValue),
        (true, false) if k != 2 => return Err(hipErrorInvalidValue),
        _ => {}
    }
    let c = Copy1D {
        dst: dst as usize,
        src: src as usize,
        count,
        kind: k,
    };
    graph::set_op(node, &[kind::MEMCPY_1D, kind::MEMCPY], copy_1d_op(c)?)
}

pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams1D(
    node: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    k: i32,
) -> i32 {
    guard(|| set_1d(node as usize, dst, src, count, k))
}

pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams1D(
    exec: *mut c_void,
    node: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    k: i32,
) -> i32 {
    guard(|| set_1d(graph::exec_node(exec as usize, node as usize)?, dst, src, count, k))
}

// ---- Copies from and to `__device__` variables ----

/// A copy of `count` bytes at `offset` of the variable whose host shadow is `symbol` (its
/// address on the calling thread's device, taken now), to (`to`) or from `other`; the kinds
/// HIP allows for each direction. A node's new parameters (`set`,
/// `hipGraph*MemcpyNodeSetParams{To,From}Symbol`) are checked as ROCm 5.2 checks them first: a
/// symbol (else `hipErrorInvalidSymbol`), some bytes, the other side not the symbol itself,
/// and a kind that says where the other side is (device or host; `hipMemcpyDefault` either).
fn symbol_op(
    to: bool,
    symbol: *const c_void,
    other: usize,
    count: usize,
    offset: usize,
    k: i32,
    set: bool,
) -> Result<Op, HipError> {
    if set {
        if symbol.is_null() {
            return Err(hipErrorInvalidSymbol);
        }
        if other == 0 || count == 0 || other == symbol as usize {
            return Err(hipErrorInvalidValue);
        }
        // The other side's place in the kind: 0 host to host, 1 host to device, 2 device to
        // host, 3 device to device.
        let other_device = k & if to { 2 } else { 1 } != 0;
        if k != 4 && other_device != on_device(other) {
            return Err(hipErrorInvalidValue);
        }
    }
    let at = variables::symbol_range(symbol, count, offset)? as usize;
    if !matches!((to, k), (true, 1 | 3 | 4) | (false, 2..=4)) {
        return Err(hipErrorInvalidMemcpyDirection);
    }
    let (dst, src) = if to { (at, other) } else { (other, at) };
    copy_1d_op(Copy1D {
        dst,
        src,
        count,
        kind: k,
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphAddMemcpyNodeFromSymbol(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    k: i32,
) -> i32 {
    let op = || symbol_op(false, symbol, dst as usize, count, offset, k, false);
    // SAFETY: the program's arrays.
    guard(|| unsafe { add(node, graph, deps, n, kind::MEMCPY_FROM_SYMBOL, op) })
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphAddMemcpyNodeToSymbol(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    k: i32,
) -> i32 {
    let op = || symbol_op(true, symbol, src as usize, count, offset, k, false);
    // SAFETY: the program's arrays.
    guard(|| unsafe { add(node, graph, deps, n, kind::MEMCPY_TO_SYMBOL, op) })
}

pub unsafe extern "C" fn hipGraphMemcpyNodeSetParamsFromSymbol(
    node: *mut c_void,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    k: i32,
) -> i32 {
    let op = || symbol_op(false, symbol, dst as usize, count, offset, k, true);
    guard(|| graph::set_op(node as usize, &[kind::MEMCPY_FROM_SYMBOL], op()?))
}

pub unsafe extern "C" fn hipGraphMemcpyNodeSetParamsToSymbol(
    node: *mut c_void,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    k: i32,
) -> i32 {
    let op = || symbol_op(true, symbol, src as usize, count, offset, k, true);
    guard(|| graph::set_op(node as usize, &[kind::MEMCPY_TO_SYMBOL], op()?))
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParamsFromSymbol(
    exec: *mut c_void,
    node: *mut c_void,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    k: i32,
) -> i32 {
    let op = || symbol_op(false, symbol, dst as usize, count, offset, k, true);
    guard(|| exec_set(exec, node, kind::MEMCPY_FROM_SYMBOL, op()?))
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParamsToSymbol(
    exec: *mut c_void,
    node: *mut c_void,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    k: i32,
) -> i32 {
    let op = || symbol_op(true, symbol, src as usize, count, offset, k, true);
    guard(|| exec_set(exec, node, kind::MEMCPY_TO_SYMBOL, op()?))
}

// ---- Memset nodes ----

/// A memset node: `height` rows of `width` elements of 1, 2 or 4 bytes, `pitch` bytes apart;
/// each element the low bytes of `value` (checked as ROCm checks them).
pub(super) fn memset_op(p: *const MemsetParams) -> Result<Op, HipError> {
    // SAFETY: the program's parameters (checked non-null).
    let p = *unsafe { p.as_ref() }.ok_or(hipErrorInvalidValue)?;
    let e = p.element_size as usize;
    if p.dst.is_null() || p.height == 0 || !matches!(e, 1 | 2 | 4) {
        return Err(hipErrorInvalidValue);
    }
    let row = p.width.checked_mul(e).ok_or(hipErrorInvalidValue)?;
    if p.height > 1 && row > p.pitch {
        return Err(hipErrorInvalidValue);
    }
    for r in [0, p.height - 1] {
        let at = (p.dst as u64).checked_add((r as u64).saturating_mul(p.pitch as u64));
        memory::device_range("a graph's memset node", at.ok_or(hipErrorInvalidValue)?, row)?;
    }
    let kept = Kept(p);
    Ok(work(kept, move || {
        let p = kept.get();
        let pattern = &p.value.to_le_bytes()[..p.element_size as usize];
        for r in 0..p.height {
            let at = (p.dst as *mut u8).wrapping_add(r * p.pitch) as *mut c_void;
            let n = (p.width * p.element_size as usize) as u64;
            crate::check::host_op("hipMemset*Async (or a memset node)", &[(at as u64, n, true)]);
            memory::fill_pattern("a graph's memset node", at, pattern, p.width)?;
        }
        Ok(())
    }))
}

pub unsafe extern "C" fn hipGraphAddMemsetNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    p: *const MemsetParams,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { add(node, graph, deps, count, kind::MEMSET, || memset_op(p)) })
}

pub unsafe extern "C" fn hipGraphMemsetNodeGetParams(node: *mut c_void, p: *mut MemsetParams) -> i32 {
    guard(|| give_params(node, p, &[kind::MEMSET]))
}

pub unsafe extern "C" fn hipGraphMemsetNodeSetParams(node: *mut c_void, p: *const MemsetParams) -> i32 {
    guard(|| graph::set_op(node as usize, &[kind::MEMSET], memset_op(p)?))
}

pub unsafe extern "C" fn hipGraphExecMemsetNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *const MemsetParams,
) -> i32 {
    guard(|| exec_set(exec, node, kind::MEMSET, memset_op(p)?))
}

// ---- Host, empty, child graph and event nodes ----

/// A host node: the program's function, run on the executor thread when the stream reaches
/// it (it must not call HIP, as HIP says).
fn host_op(p: *const HostNodeParams) -> Result<Op, HipError> {
    // SAFETY: the program's parameters (checked non-null).
    let p = *unsafe { p.as_ref() }.ok_or(hipErrorInvalidValue)?;
    let f = p.func.ok_or(hipErrorInvalidValue)?;
    let kept = Kept(p);
    Ok(work(kept, move || {
        let data = kept.get().user_data;
        // SAFETY: the program's function with its own data.
        unsafe { f(data) };
        Ok(())
    }))
}

pub unsafe extern "C" fn hipGraphAddHostNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    p: *const HostNodeParams,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { add(node, graph, deps, count, kind::HOST, || host_op(p)) })
}

pub unsafe extern "C" fn hipGraphHostNodeGetParams(node: *mut c_void, p: *mut HostNodeParams) -> i32 {
    guard(|| give_params(node, p, &[kind::HOST]))
}

pub unsafe extern "C" fn hipGraphHostNodeSetParams(node: *mut c_void, p: *const HostNodeParams) -> i32 {
    guard(|| graph::set_op(node as usize, &[kind::HOST], host_op(p)?))
}

pub unsafe extern "C" fn hipGraphExecHostNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *const HostNodeParams,
) -> i32 {
    guard(|| exec_set(exec, node, kind::HOST, host_op(p)?))
}

pub unsafe extern "C" fn hipGraphAddEmptyNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { add(node, graph, deps, count, kind::EMPTY, || Ok(Op::Empty)) })
}

/// A child graph node runs a copy of `child` made now (as HIP copies it).
pub unsafe extern "C" fn hipGraphAddChildGraphNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    child: *mut c_void,
) -> i32 {
    guard(|| {
        if node.is_null() || graph.is_null() || child.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's dependency array.
        let deps = unsafe { list(deps, count) }?;
        let n = graph::add_child(graph as usize, &deps, child as usize)?;
        // SAFETY: checked non-null.
        unsafe { *node = n as *mut c_void };
        Ok(())
    })
}

/// The node's own copy of its child graph.
pub unsafe extern "C" fn hipGraphChildGraphNodeGetGraph(node: *mut c_void, out: *mut *mut c_void) -> i32 {
    guard(|| {
        let out = out.as_mut().ok_or(hipErrorInvalidValue)?;
        match graph::node(node as usize)? {
            (_, Op::Child(c)) => *out = c as *mut c_void,
            _ => return Err(hipErrorInvalidValue),
        }
        Ok(())
    })
}

unsafe fn add_event_node(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    event: *mut c_void,
    record: bool,
) -> Result<(), HipError> {
    if event.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let e = event as usize;
    crate::queue::query_event(e).or_else(|x| {
        if x == hipErrorNotReady {
            Ok(())
        } else {
            Err(hipErrorInvalidValue)
        }
    })?;
    let (k, op) = if record {
        (kind::EVENT_RECORD, Op::Record(e))
    } else {
        (kind::WAIT_EVENT, Op::Wait(e))
    };
    // SAFETY: the program's arrays.
    unsafe { add(node, graph, deps, count, k, || Ok(op)) }
}

pub unsafe extern "C" fn hipGraphAddEventRecordNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    event: *mut c_void,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { add_event_node(node, graph, deps, count, event, true) })
}

pub unsafe extern "C" fn hipGraphAddEventWaitNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    count: usize,
    event: *mut c_void,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { add_event_node(node, graph, deps, count, event, false) })
}

fn node_event(node: *mut c_void, out: *mut *mut c_void, record: bool) -> Result<(), HipError> {
    // SAFETY: the program's out-pointer (checked non-null).
    let out = unsafe { out.as_mut() }.ok_or(hipErrorInvalidValue)?;
    match (graph::node(node as usize)?.1, record) {
        (Op::Record(e), true) | (Op::Wait(e), false) => *out = e as *mut c_void,
        _ => return Err(hipErrorInvalidValue),
    }
    Ok(())
}

fn set_event(node: usize, event: *mut c_void, record: bool) -> Result<(), HipError> {
    if event.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let e = event as usize;
    if record {
        graph::set_op(node, &[kind::EVENT_RECORD], Op::Record(e))
    } else {
        graph::set_op(node, &[kind::WAIT_EVENT], Op::Wait(e))
    }
}

pub unsafe extern "C" fn hipGraphEventRecordNodeGetEvent(node: *mut c_void, out: *mut *mut c_void) -> i32 {
    guard(|| node_event(node, out, true))
}

pub unsafe extern "C" fn hipGraphEventWaitNodeGetEvent(node: *mut c_void, out: *mut *mut c_void) -> i32 {
    guard(|| node_event(node, out, false))
}

pub extern "C" fn hipGraphEventRecordNodeSetEvent(node: *mut c_void, event: *mut c_void) -> i32 {
    guard(|| set_event(node as usize, event, true))
}

pub extern "C" fn hipGraphEventWaitNodeSetEvent(node: *mut c_void, event: *mut c_void) -> i32 {
    guard(|| set_event(node as usize, event, false))
}

pub extern "C" fn hipGraphExecEventRecordNodeSetEvent(exec: *mut c_void, node: *mut c_void, event: *mut c_void) -> i32 {
    guard(|| set_event(graph::exec_node(exec as usize, node as usize)?, event, true))
}

pub extern "C" fn hipGraphExecEventWaitNodeSetEvent(exec: *mut c_void, node: *mut c_void, event: *mut c_void) -> i32 {
    guard(|| set_event(graph::exec_node(exec as usize, node as usize)?, event, false))
}

// ---- Graphs ----

pub unsafe extern "C" fn hipGraphCreate(out: *mut *mut c_void, flags: u32) -> i32 {
    guard(|| {
        let out = out.as_mut().ok_or(hipErrorInvalidValue)?;
        if flags != 0 {
            return Err(hipErrorInvalidValue);
        }
        *out = graph::create_graph() as *mut c_void;
        Ok(())
    })
}

/// As HIP 5.2: a null graph is `hipErrorInvalidValue`, one destroyed already
/// `hipErrorIllegalState`.
pub extern "C" fn hipGraphDestroy(g: *mut c_void) -> i32 {
    guard(|| {
        if g.is_null() {
            return Err(hipErrorInvalidValue);
        }
        graph::destroy_graph(g as usize).map_err(|_| hipErrorIllegalState)
    })
}

pub extern "C" fn hipGraphDestroyNode(node: *mut c_void) -> i32 {
    guard(|| graph::destroy_node(node as usize))
}

pub unsafe extern "C" fn hipGraphGetNodes(g: *mut c_void, out: *mut *mut c_void, count: *mut usize) -> i32 {
    // SAFETY: the program's array and count.
    guard(|| unsafe { give(&graph::nodes(g as usize)?, out, count) })
}

pub unsafe extern "C" fn hipGraphGetRootNodes(g: *mut c_void, out: *mut *mut c_void, count: *mut usize) -> i32 {
    // SAFETY: the program's array and count.
    guard(|| unsafe { give(&graph::roots(g as usize)?, out, count) })
}

pub unsafe extern "C" fn hipGraphNodeGetDependencies(
    node: *mut c_void,
    out: *mut *mut c_void,
    count: *mut usize,
) -> i32 {
    // SAFETY: the program's array and count.
    guard(|| unsafe { give(&graph::dependencies(node as usize)?, out, count) })
}

pub unsafe extern "C" fn hipGraphNodeGetDependentNodes(
    node: *mut c_void,
    out: *mut *mut c_void,
    count: *mut usize,
) -> i32 {
    // SAFETY: the program's array and count.
    guard(|| unsafe { give(&graph::dependents(node as usize)?, out, count) })
}

/// The edges as HIP gives them: `from` and `to` both null (the count) or both given.
pub unsafe extern "C" fn hipGraphGetEdges(
    g: *mut c_void,
    from: *mut *mut c_void,
    to: *mut *mut c_void,
    count: *mut usize,
) -> i32 {
    guard(|| {
        if from.is_null() != to.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (a, b): (Vec<usize>, Vec<usize>) = graph::edges(g as usize)?.into_iter().unzip();
        let n = count.as_mut().ok_or(hipErrorInvalidValue)?;
        if from.is_null() {
            *n = a.len();
            return Ok(());
        }
        let asked = *n;
        // SAFETY: the program's arrays of `*count` handles.
        unsafe { give(&a, from, count) }?;
        *n = asked;
        // SAFETY: as above.
        unsafe { give(&b, to, count) }
    })
}

pub unsafe extern "C" fn hipGraphNodeGetType(node: *mut c_void, out: *mut i32) -> i32 {
    guard(|| {
        let out = out.as_mut().ok_or(hipErrorInvalidValue)?;
        *out = graph::node(node as usize)?.0;
        Ok(())
    })
}

unsafe fn edges(
    g: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    n: usize,
    add: bool,
) -> Result<(), HipError> {
    if g.is_null() {
        return Err(hipErrorInvalidValue);
    }
    // SAFETY: the program's arrays of `n` handles.
    let (a, b) = unsafe { (list(from, n)?, list(to, n)?) };
    for (f, t) in a.into_iter().zip(b) {
        graph::edge(g as usize, f, t, add)?;
    }
    Ok(())
}

pub unsafe extern "C" fn hipGraphAddDependencies(
    g: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    n: usize,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { edges(g, from, to, n, true) })
}

pub unsafe extern "C" fn hipGraphRemoveDependencies(
    g: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    n: usize,
) -> i32 {
    // SAFETY: the program's arrays.
    guard(|| unsafe { edges(g, from, to, n, false) })
}

pub unsafe extern "C" fn hipGraphClone(out: *mut *mut c_void, g: *mut c_void) -> i32 {
    guard(|| {
        let out = out.as_mut().ok_or(hipErrorInvalidValue)?;
        *out = graph::clone_graph(g as usize)?.0 as *mut c_void;
        Ok(())
    })
}

/// The node of `clone` that copies `original` (`hipErrorInvalidValue` if none does).
pub unsafe extern "C" fn hipGraphNodeFindInClone(
    out: *mut *mut c_void,
    original: *mut c_void,
    clone: *mut c_void,
) -> i32 {
    guard(|| {
        let out = out.as_mut().ok_or(hipErrorInvalidValue)?;
        let (k, _) = graph::node(original as usize)?;
        // A clone's nodes are made in the order of the original's.
        let orig_graph = graph::nodes_of_node(original as usize)?;
        let at = orig_graph
            .iter()
            .position(|&n| n == original as usize)
            .ok_or(hipErrorInvalidValue)?;
        let copy = graph::nodes(clone as usize)?;
        match copy.get(at) {
            Some(&c) if graph::node(c)?.0 == k && copy.len() == orig_graph.len() => *out = c as *mut c_void,
            _ => return Err(hipErrorInvalidValue),
        }
        Ok(())
    })
}

// ---- Executable graphs ----

pub unsafe extern "C" fn hipGraphInstantiate(
    out: *mut *mut c_void,
    g: *mut c_void,
    _error_node: *mut *mut c_void,
    _log: *mut c_char,
    _log_size: usize,
) -> i32 {
    guard(|| {
        let out = out.as_mut().ok_or(hipErrorInvalidValue)?;
        if g.is_null() {
            return Err(hipErrorInvalidValue);
        }
        *out = graph::instantiate(g as usize)? as *mut c_void;
        Ok(())
    })
}

/// Flags 0 or `hipGraphInstantiateFlagAutoFreeOnLaunch` (graphs allocate nothing here).
pub unsafe extern "C" fn hipGraphInstantiateWithFlags(out: *mut *mut c_void, g: *mut c_void, flags: u64) -> i32 {
    if flags > 1 {
        return runtime::fail(hipErrorInvalidValue);
    }
    // SAFETY: the program's out-pointer.
    unsafe { hipGraphInstantiate(out, g, std::ptr::null_mut(), std::ptr::null_mut(), 0) }
}

pub extern "C" fn hipGraphExecDestroy(exec: *mut c_void) -> i32 {
    guard(|| graph::destroy_exec(exec as usize))
}

/// Puts the executable graph's nodes on `stream` in a topological order, each its own
/// operation (a capturing stream captures them).
pub extern "C" fn hipGraphLaunch(exec: *mut c_void, stream: *mut c_void) -> i32 {
    guard(|| {
        let h = stream as usize;
        crate::queue::stream(h).map_err(|_| hipErrorInvalidValue)?;
        for (k, op) in graph::exec_ops(exec as usize)? {
            match op {
                Op::Work { job, params } => {
                    let staged = reaches_pageable(&params);
                    graph::submit(h, k, params, job)?;
                    if staged {
                        // (A failure before it stays for the next synchronising call.)
                        let _ = crate::queue::wait_stream(h);
                    }
                }
                Op::Record(e) => streams::record_event(e, h)?,
                Op::Wait(e) => streams::wait_event(h, e)?,
                Op::Empty | Op::Child(_) => {}
            }
        }
        Ok(())
    })
}

/// Does a copy node reach pageable host memory (neither a device, pinned, managed nor
/// registered allocation)? ROCm 5.2 launches a graph in the calling thread (direct dispatch)
/// and does such a copy there through a staging buffer, so it is done when `hipGraphLaunch`
/// returns: HIP's own tests read the host buffer at once.
fn reaches_pageable(params: &graph::Params) -> bool {
    let host = |p: usize| p != 0 && !on_device(p);
    if let Some(c) = params.downcast_ref::<Copy1D>() {
        return host(c.dst) || host(c.src);
    }
    if let Some(k) = params.downcast_ref::<Kept<Memcpy3DParms>>() {
        let p = k.get();
        return host(p.dst_ptr.ptr as usize) || host(p.src_ptr.ptr as usize);
    }
    false
}

/// `hipGraphExecUpdate`: `g` must have the executable graph's shape; its nodes' parameters
/// then replace the executable graph's.
pub unsafe extern "C" fn hipGraphExecUpdate(
    exec: *mut c_void,
    g: *mut c_void,
    error_node: *mut *mut c_void,
    result: *mut i32,
) -> i32 {
    guard(|| {
        if exec.is_null() || g.is_null() || error_node.is_null() || result.is_null() {
            return Err(hipErrorInvalidValue);
        }
        match graph::update(exec as usize, g as usize) {
            Ok(()) => {
                // SAFETY: checked non-null.
                unsafe { *result = 0 };
                Ok(())
            }
            Err((node, r)) => {
                // SAFETY: checked non-null.
                unsafe {
                    *result = r;
                    if let Some(n) = node {
                        *error_node = n as *mut c_void;
                    }
                }
                Err(hipErrorGraphExecUpdateFailure)
            }
        }
    })
}

pub unsafe extern "C" fn hipGraphExecChildGraphNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    child: *mut c_void,
) -> i32 {
    guard(|| {
        if !graph::graph_exists(child as usize) {
            return Err(hipErrorInvalidValue);
        }
        let n = graph::exec_node(exec as usize, node as usize)?;
        graph::set_child(n, child as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Offsets from HIP 5.2's header (hip_runtime_api.h's structs, x86-64).
    #[test]
    fn node_parameter_layouts_are_hip_5_2s() {
        assert_eq!(size_of::<KernelNodeParams>(), 64);
        assert_eq!(offset_of!(KernelNodeParams, extra), 16);
        assert_eq!(offset_of!(KernelNodeParams, func), 24);
        assert_eq!(offset_of!(KernelNodeParams, grid_dim), 32);
        assert_eq!(offset_of!(KernelNodeParams, kernel_params), 48);
        assert_eq!(offset_of!(KernelNodeParams, shared_mem_bytes), 56);
        assert_eq!(size_of::<MemsetParams>(), 48);
        assert_eq!(offset_of!(MemsetParams, element_size), 8);
        assert_eq!(offset_of!(MemsetParams, height), 16);
        assert_eq!(offset_of!(MemsetParams, value), 32);
        assert_eq!(offset_of!(MemsetParams, width), 40);
        assert_eq!(size_of::<HostNodeParams>(), 16);
        assert_eq!(size_of::<Memcpy3DParms>(), 160);
        assert_eq!(offset_of!(Memcpy3DParms, dst_array), 64);
        assert_eq!(offset_of!(Memcpy3DParms, extent), 128);
        assert_eq!(offset_of!(Memcpy3DParms, kind), 152);
    }
}
