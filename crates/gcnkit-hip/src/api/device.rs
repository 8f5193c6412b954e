//! Devices: counts, properties, attributes, flags, function attributes.

use super::*;

// ---- Devices ----

pub extern "C" fn hipInit(_flags: u32) -> i32 {
    guard(|| gpu().map(|_| ()))
}

pub unsafe extern "C" fn hipGetDeviceCount(count: *mut i32) -> i32 {
    guard(|| {
        if count.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let n = gpu().map_or(0, |_| device_count() as i32);
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
        unsafe { *device_id = runtime::current() as i32 };
        Ok(())
    })
}

/// Sets the calling host thread's device (each thread has its own, 0 until it sets one).
pub extern "C" fn hipSetDevice(device_id: i32) -> i32 {
    guard(|| {
        check_device(device_id)?;
        runtime::set_current(device_id as usize);
        Ok(())
    })
}

// ---- Peers: every device may reach every other's memory once the program enables it (as
// GPUs on one PCIe root or XGMI hive); a kernel then reads and writes the peer's allocations
// at their own addresses ----

/// ROCm 5.2's `canAccessPeer`: 0 for a device and itself, 1 for two devices.
fn can_access(device_id: i32, peer_device_id: i32) -> Result<bool, HipError> {
    check_device(device_id)?;
    check_device(peer_device_id)?;
    Ok(device_id != peer_device_id)
}

pub unsafe extern "C" fn hipDeviceCanAccessPeer(can_access_out: *mut i32, device_id: i32, peer_device_id: i32) -> i32 {
    guard(|| {
        if can_access_out.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let can = can_access(device_id, peer_device_id)?;
        // SAFETY: checked non-null.
        unsafe { *can_access_out = can as i32 };
        Ok(())
    })
}

/// The calling thread's device reaches `peer_device_id`'s memory from now on (its present and
/// future allocations), as ROCm 5.2: flags other than 0 `hipErrorInvalidValue`, a device that
/// cannot be a peer (itself, none) `hipErrorInvalidDevice`, twice
/// `hipErrorPeerAccessAlreadyEnabled`.
pub extern "C" fn hipDeviceEnablePeerAccess(peer_device_id: i32, flags: u32) -> i32 {
    guard(|| {
        if flags != 0 {
            return Err(hipErrorInvalidValue);
        }
        set_peer(peer_device_id, true)
    })
}

/// Ends [`hipDeviceEnablePeerAccess`]: `hipErrorPeerAccessNotEnabled` when it was not on.
pub extern "C" fn hipDeviceDisablePeerAccess(peer_device_id: i32) -> i32 {
    guard(|| set_peer(peer_device_id, false))
}

fn set_peer(peer: i32, on: bool) -> Result<(), HipError> {
    let k = runtime::current();
    if !can_access(k as i32, peer).unwrap_or(false) {
        return Err(hipErrorInvalidDevice);
    }
    with(|rt| {
        let bit = 1u64 << peer;
        let was = rt.peers[k] & bit != 0;
        match (on, was) {
            (true, true) => return Err(hipErrorPeerAccessAlreadyEnabled),
            (false, false) => return Err(hipErrorPeerAccessNotEnabled),
            _ => {}
        }
        rt.peers[k] ^= bit;
        rt.map_peers(k, Some(peer as usize));
        Ok(())
    })
}

/// Checks a peer copy's devices and that each pointer is its device's memory.
fn peer_sides(
    what: &str,
    dst: *mut c_void,
    dst_device_id: i32,
    src: *const c_void,
    src_device_id: i32,
    n: usize,
) -> Result<(), HipError> {
    check_device(dst_device_id)?;
    check_device(src_device_id)?;
    let (d, s) = with(|rt| (rt.owner(dst as u64), rt.owner(src as u64)));
    if n > 0 && (d != Some(dst_device_id as usize) || s != Some(src_device_id as usize)) {
        eprintln!("gcnkit-hip: {what}: {dst:?} is not device {dst_device_id}'s memory or {src:?} not device {src_device_id}'s");
        return Err(hipErrorInvalidValue);
    }
    Ok(())
}

/// A copy between two devices' memories (through the host).
pub unsafe extern "C" fn hipMemcpyPeer(
    dst: *mut c_void,
    dst_device_id: i32,
    src: *const c_void,
    src_device_id: i32,
    size_bytes: usize,
) -> i32 {
    blocking_copy(
        "hipMemcpyPeer",
        || super::memory::copy_ranges(dst, src, size_bytes),
        || {
            peer_sides("hipMemcpyPeer", dst, dst_device_id, src, src_device_id, size_bytes)?;
            // SAFETY: the caller's ranges (both must be device memory: the kind says so).
            unsafe { memcpy("hipMemcpyPeer", dst, src, size_bytes, 3) }
        },
    )
}

/// As HIP 5.2, `hipMemcpyAsync` of the two ranges on `stream` (put on it, or captured).
pub unsafe extern "C" fn hipMemcpyPeerAsync(
    dst: *mut c_void,
    dst_device_id: i32,
    src: *const c_void,
    src_device_id: i32,
    size_bytes: usize,
    stream: *mut c_void,
) -> i32 {
    guard(|| {
        peer_sides("hipMemcpyPeerAsync", dst, dst_device_id, src, src_device_id, size_bytes)?;
        // SAFETY: the caller's device ranges.
        unsafe { memory::memcpy_async("hipMemcpyPeerAsync", dst, src, size_bytes, 3, stream) }
    })
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

/// As ROCm 5.2: flags beyond the scheduling mask, `hipDeviceMapHost` and
/// `hipDeviceLmemResizeToMax` are `hipErrorInvalidValue`; only the scheduling part is kept.
pub extern "C" fn hipSetDeviceFlags(flags: u32) -> i32 {
    const SCHEDULE_MASK: u32 = 0x7;
    const SUPPORTED: u32 = SCHEDULE_MASK | 0x8 | 0x10;
    guard(|| {
        gpu()?;
        if flags & !SUPPORTED != 0 {
            return Err(hipErrorInvalidValue);
        }
        with(|rt| rt.device_flags = flags & SCHEDULE_MASK);
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

/// A kernel's attributes, from its descriptor.
fn func_attributes(k: &gcnkit::emu::dispatch::KernelInfo, g: &props::Gpu) -> FuncAttributes {
    let version = g.gcn_arch / 100 * 10 + g.gcn_arch / 10 % 10;
    FuncAttributes {
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
    }
}

/// One attribute (`hipFunction_attribute`, in the order of `hipFuncAttributes`' fields as the
/// driver enum lists them) of a module API function.
pub unsafe extern "C" fn hipFuncGetAttribute(value: *mut i32, attrib: i32, f: *mut c_void) -> i32 {
    guard(|| {
        if value.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (k, g) = with(|rt| {
            Ok::<_, HipError>((
                super::module::module_kernel(rt, f)?,
                *rt.gpu.as_ref().map_err(|_| hipErrorNoDevice)?,
            ))
        })?;
        let a = func_attributes(&k, g);
        let v = match attrib {
            0 => a.max_threads_per_block,
            1 => a.shared_size_bytes as i32,
            2 => a.const_size_bytes as i32,
            3 => a.local_size_bytes as i32,
            4 => a.num_regs,
            5 => a.ptx_version,
            6 => a.binary_version,
            7 => a.cache_mode_ca,
            8 => a.max_dynamic_shared_size_bytes,
            9 => a.preferred_shmem_carveout,
            _ => return Err(hipErrorInvalidValue),
        };
        // SAFETY: checked non-null.
        unsafe { *value = v };
        Ok(())
    })
}

/// Every device is alike: device 0 matches any wished-for properties as well as another.
pub unsafe extern "C" fn hipChooseDevice(device: *mut i32, prop: *const HipDeviceProp) -> i32 {
    guard(|| {
        if device.is_null() || prop.is_null() {
            return Err(hipErrorInvalidValue);
        }
        gpu()?;
        // SAFETY: checked non-null.
        unsafe { *device = 0 };
        Ok(())
    })
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
        let a = func_attributes(&k, g);
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
    // ROCm 5.2: the constant buffer's size capped to what an int holds (the attribute's).
    p.total_const_mem = g.memory_bytes.min(i32::MAX as u64) as usize;
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
    // A cooperative launch keeps its whole grid resident (`hipLaunchCooperativeKernel`).
    p.cooperative_launch = 1;
    // And on several devices at once (`hipLaunchCooperativeKernelMultiDevice`).
    p.cooperative_multi_device_launch = 1;
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
        let mut p = properties(g);
        p.pci_bus_id = runtime::bus_of(device_id as usize) as i32;
        // SAFETY: the program's hipDeviceProp_t.
        unsafe { prop.write(p) };
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
        a if a == hipDeviceAttributeCooperativeLaunch => p.cooperative_launch,
        a if a == hipDeviceAttributeCooperativeMultiDeviceLaunch => p.cooperative_multi_device_launch,
        a if a == hipDeviceAttributeManagedMemory => 1,
        a if a == hipDeviceAttributeCanUseStreamWaitValue => 1,
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
        // Textures and surfaces are sampled by the kernel machine (ROCm: 1 on GCN GPUs).
        a if a == hipDeviceAttributeImageSupport => 1,
        // The rest as ROCm 5.2 answers them: from the properties.
        a if a == hipDeviceAttributeMaxTexture1DWidth => p.max_texture_1d,
        a if a == hipDeviceAttributeMaxTexture2DWidth => p.max_texture_2d[0],
        a if a == hipDeviceAttributeMaxTexture2DHeight => p.max_texture_2d[1],
        a if a == hipDeviceAttributeMaxTexture3DWidth => p.max_texture_3d[0],
        a if a == hipDeviceAttributeMaxTexture3DHeight => p.max_texture_3d[1],
        a if a == hipDeviceAttributeMaxTexture3DDepth => p.max_texture_3d[2],
        a if a == hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc => p.cooperative_multi_device_unmatched[0],
        a if a == hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim => p.cooperative_multi_device_unmatched[1],
        a if a == hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim => p.cooperative_multi_device_unmatched[2],
        a if a == hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem => p.cooperative_multi_device_unmatched[3],
        a if a == hipDeviceAttributePageableMemoryAccess => p.pageable_memory_access,
        a if a == hipDeviceAttributePageableMemoryAccessUsesHostPageTables => {
            p.pageable_memory_access_uses_host_page_tables
        }
        _ => return None,
    })
}

pub unsafe extern "C" fn hipDeviceGetAttribute(pi: *mut i32, attr: i32, device_id: i32) -> i32 {
    guard(|| {
        if pi.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let g = check_device(device_id)?;
        use crate::attr::{hipDeviceAttributeHdpMemFlushCntl, hipDeviceAttributeHdpRegFlushCntl};
        if [hipDeviceAttributeHdpMemFlushCntl, hipDeviceAttributeHdpRegFlushCntl].contains(&attr) {
            // ROCm 5.2 writes the properties' pointer (none here) over `pi`, 8 bytes.
            let p = properties(g);
            let hdp = if attr == hipDeviceAttributeHdpMemFlushCntl {
                p.hdp_mem_flush_cntl
            } else {
                p.hdp_reg_flush_cntl
            };
            // SAFETY: checked non-null; the caller passes room for a pointer, as ROCm's needs.
            unsafe { pi.cast::<*mut u32>().write_unaligned(hdp) };
            return Ok(());
        }
        let v = if attr == crate::attr::hipDeviceAttributePciBusId {
            runtime::bus_of(device_id as usize) as i32
        } else {
            attribute(g, attr).ok_or_else(|| {
                eprintln!("gcnkit-hip: hipDeviceGetAttribute: attribute {attr} is not supported yet");
                hipErrorInvalidValue
            })?
        };
        // SAFETY: checked non-null.
        unsafe { *pi = v };
        Ok(())
    })
}

// ---- Configurations that change nothing on a GCN GPU (accepted as ROCm accepts them) and
// the limits ----

/// `hipSharedMemBankSizeFourByte`: LDS is banked at 4 bytes on GCN.
const BANK_FOUR_BYTES: i32 = 1;

pub unsafe extern "C" fn hipDeviceGetSharedMemConfig(config: *mut i32) -> i32 {
    guard(|| {
        if config.is_null() {
            return Err(hipErrorInvalidValue);
        }
        gpu()?;
        // SAFETY: checked non-null.
        unsafe { *config = BANK_FOUR_BYTES };
        Ok(())
    })
}

/// Accepted for a registered kernel (`hipSharedMemBankSizeDefault`, `FourByte`, `EightByte`).
pub extern "C" fn hipFuncSetSharedMemConfig(func: *const c_void, config: i32) -> i32 {
    guard(|| {
        if !(0..=2).contains(&config) {
            return Err(hipErrorInvalidValue);
        }
        with(|rt| rt.kernel(func as usize)).map(|_| ())
    })
}

/// `hipFuncAttributeMaxDynamicSharedMemorySize` (up to the LDS the kernel leaves) and
/// `hipFuncAttributePreferredSharedMemoryCarveout` (-1 to 100) are accepted and change nothing:
/// every launch may use the LDS its kernel leaves.
pub extern "C" fn hipFuncSetAttribute(func: *const c_void, attr: i32, value: i32) -> i32 {
    guard(|| {
        let k = with(|rt| rt.kernel(func as usize))?;
        let ok = match attr {
            8 => value >= 0 && value <= props::LDS_BYTES - k.setup.group_segment_size as i32,
            9 => (-1..=100).contains(&value),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(hipErrorInvalidValue)
        }
    })
}

/// `hipLimitMallocHeapSize`: the device heap `malloc` draws on (crate::hostcall). HIP 5.2 has
/// no other limit ("Currently, only hipLimitMallocHeapSize is available").
pub unsafe extern "C" fn hipDeviceGetLimit(value: *mut usize, limit: i32) -> i32 {
    guard(|| {
        if value.is_null() {
            return Err(hipErrorInvalidValue);
        }
        gpu()?;
        if limit != 2 {
            return Err(hipErrorUnsupportedLimit);
        }
        // SAFETY: checked non-null.
        unsafe { *value = crate::hostcall::HEAP as usize };
        Ok(())
    })
}

/// No device maps another's memory: every peer attribute is 0 (`hipDeviceCanAccessPeer`'s
/// answer); a device with itself is `hipErrorInvalidDevice`.
/// `hipDeviceP2PAttr` values of HIP 5.2's header (0: the rank, 2: native atomics).
#[allow(non_upper_case_globals)]
const hipDevP2PAttrAccessSupported: i32 = 1;
#[allow(non_upper_case_globals)]
const hipDevP2PAttrHipArrayAccessSupported: i32 = 3;

pub unsafe extern "C" fn hipDeviceGetP2PAttribute(value: *mut i32, attr: i32, src: i32, dst: i32) -> i32 {
    guard(|| {
        if value.is_null() || !(0..=3).contains(&attr) {
            return Err(hipErrorInvalidValue);
        }
        if src == dst {
            return Err(hipErrorInvalidDevice);
        }
        let can = can_access(src, dst)? as i32;
        // ROCm 5.2 answers the link's type for the rank and the native atomics (HSA's
        // HSA_AMD_LINK_INFO_TYPE_PCIE, 2: device k is on PCI bus k), whether peers can access
        // each other for the others.
        const PCIE: i32 = 2;
        let v = match attr {
            hipDevP2PAttrAccessSupported | hipDevP2PAttrHipArrayAccessSupported => can,
            _ => PCIE,
        };
        // SAFETY: checked non-null.
        unsafe { *value = v };
        Ok(())
    })
}

// ---- PCI addresses: physical device k is on bus k (domain 0, device 0, function 0), so
// each has its own, also when `HIP_VISIBLE_DEVICES` renumbers them (hipDeviceProp_t's pciBusID and hipDeviceAttributePciBusId say the same) ----

/// `domain:bus:device.function` in hex, as `lspci -D` and HIP write it.
fn pci_address(k: usize) -> String {
    format!("0000:{k:02x}:00.0")
}

/// The device's PCI address; a buffer too small for it (13 bytes) is `hipErrorInvalidValue`.
pub unsafe extern "C" fn hipDeviceGetPCIBusId(out: *mut c_char, len: i32, device: i32) -> i32 {
    guard(|| {
        check_device(device)?;
        let text = pci_address(runtime::bus_of(device as usize));
        if out.is_null() || usize::try_from(len).map_or(true, |n| n <= text.len()) {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: the program's buffer of `len` bytes (more than the text and its NUL).
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr() as *const c_char, out, text.len());
            *out.add(text.len()) = 0;
        }
        Ok(())
    })
}

/// The device at a PCI address (`[domain:]bus:device.function`, hex); none is
/// `hipErrorInvalidDevice`.
pub unsafe extern "C" fn hipDeviceGetByPCIBusId(device: *mut i32, pci: *const c_char) -> i32 {
    guard(|| {
        if device.is_null() || pci.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: a NUL-terminated string.
        let text = unsafe { CStr::from_ptr(pci) }.to_string_lossy().to_ascii_lowercase();
        let parts: Vec<&str> = text.trim().split(':').collect();
        let (domain, bus, rest) = match parts.as_slice() {
            [d, b, r] => (*d, *b, *r),
            [b, r] => ("0", *b, *r),
            _ => return Err(hipErrorInvalidValue),
        };
        let hex = |t: &str| u32::from_str_radix(t, 16).map_err(|_| hipErrorInvalidValue);
        let (dev, func) = rest.split_once('.').ok_or(hipErrorInvalidValue)?;
        let (domain, bus, dev, func) = (hex(domain)?, hex(bus)?, hex(dev)?, hex(func)?);
        let k = (0..device_count()).find(|&k| runtime::bus_of(k) == bus as usize);
        let Some(k) = k.filter(|_| domain == 0 && dev == 0 && func == 0) else {
            return Err(hipErrorInvalidDevice);
        };
        // SAFETY: checked non-null.
        unsafe { *device = k as i32 };
        Ok(())
    })
}

/// A device's UUID: ROCm gives the GPU's unique id from the kernel driver; gcnkit's devices
/// are named by their GPU and number, `gcnkit gfx906 0` padded with NULs, distinct per device.
pub unsafe extern "C" fn hipDeviceGetUuid(uuid: *mut [c_char; 16], device: i32) -> i32 {
    guard(|| {
        let g = check_device(device)?;
        if uuid.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let mut bytes = [0 as c_char; 16];
        let name = format!("gcnkit {} {device}", g.processor);
        for (b, c) in bytes.iter_mut().zip(name.bytes()) {
            *b = c as c_char;
        }
        // SAFETY: checked non-null; the program's hipUUID.
        unsafe { *uuid = bytes };
        Ok(())
    })
}
