//! A device: the kernel machine's memory and launches as something that outlives one run
//! (DESIGN.md *The kernel machine*, "A device, not a run"). Allocations live until they are
//! freed; each launch adds its own regions (code image, queue, kernarg segment, dispatch
//! packet, scratch) for its duration only. `gcnkit run` ([`super::kernel::run`]) and the HIP
//! runtime (crate `gcnkit-hip`) are front ends of this one type.
//!
//! Addresses are never reused, so a pointer to freed memory stays an error (named as freed)
//! instead of silently reaching a later allocation.

use super::dispatch::{self, KernelInfo};
use super::kernel::{self, HostSide, Launch, RunError, Stats, TraceFilter};
use super::memory::Memory;
use crate::arch::Arch;
use std::sync::Arc;

/// Why a memory operation of the device failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceError {
    /// `[addr, addr + len)` is not inside one live allocation; `freed`: it was inside one
    /// that has been freed.
    NotDevice { addr: u64, len: u64, freed: bool },
    /// `free` of an address that is not the start of a live allocation.
    BadFree { addr: u64, freed: bool },
}

impl std::fmt::Display for DeviceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            DeviceError::NotDevice { addr, len, freed } => write!(
                f,
                "0x{addr:x}..+{len} is not inside one device allocation{}",
                if freed { " (it was freed)" } else { "" }
            ),
            DeviceError::BadFree { addr, freed } => write!(
                f,
                "0x{addr:x} is not the start of a live device allocation{}",
                if freed { " (already freed)" } else { "" }
            ),
        }
    }
}

/// How a kernel is launched (the arguments come separately, as bytes).
#[derive(Clone, Debug)]
pub struct LaunchConfig {
    /// Work-items per dimension (a HIP grid of blocks times the block size).
    pub grid: [u32; 3],
    /// Work-group size.
    pub block: [u32; 3],
    /// LDS bytes beyond the kernel's static LDS (HIP's `sharedMemBytes`).
    pub dynamic_lds: u32,
    pub trace: Option<TraceFilter>,
    /// A cooperative launch: the whole grid resident at once ([`Launch::resident`]), its
    /// work-groups able to wait for each other (`grid.sync()`).
    pub cooperative: bool,
}

/// A symbol of a loaded code object and where it is on the device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub addr: u64,
    pub size: u64,
}

/// A code object loaded on the device as ROCm's loader loads it: its image (every allocated
/// section at its address) in device memory from `base`, its dynamic relocations applied.
/// Its variables keep their values from launch to launch.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub base: u64,
    pub size: u64,
    pub kernels: Vec<Arc<KernelInfo>>,
    /// The defined dynamic symbols (kernels, descriptors, variables).
    pub symbols: Vec<Symbol>,
}

impl Loaded {
    pub fn symbol(&self, name: &str) -> Option<&Symbol> {
        self.symbols.iter().find(|s| s.name == name)
    }

    pub fn kernel(&self, name: &str) -> Option<&Arc<KernelInfo>> {
        self.kernels.iter().find(|k| k.name == name)
    }
}

// AMDGPU's dynamic relocation types (LLVM's AMDGPUUsage, *Relocation Records*).
use crate::codeobj::reloc::{
    R_AMDGPU_ABS32, R_AMDGPU_ABS32_HI, R_AMDGPU_ABS32_LO, R_AMDGPU_ABS64, R_AMDGPU_RELATIVE64,
};

/// One GCN GPU of the kernel machine.
pub struct Device {
    pub arch: Arch,
    mem: Memory,
    /// Loaded code objects' images and their bases (a launch of one of their kernels uses
    /// the loaded image instead of a copy).
    images: Vec<(Arc<Vec<u8>>, u64)>,
    /// Worker threads of a launch (work-groups run in parallel).
    pub threads: usize,
    /// Instructions one wave may execute before it is stopped as never ending.
    pub budget: u64,
    /// A long launch's progress reports ([`super::kernel::Launch::progress`]).
    pub progress: Option<super::kernel::Progress>,
    /// The checker told of every launch (`--check`): set it before allocating, so that
    /// allocations track which bytes were written.
    pub checker: Option<Arc<dyn super::monitor::Checker>>,
}

/// The default instruction budget of a wave (as `gcnkit run`'s).
pub const DEFAULT_BUDGET: u64 = 100_000_000;

impl Device {
    /// A device whose allocations start at the kernel machine's usual first address.
    pub fn new(arch: Arch) -> Device {
        Device::with_memory(arch, Memory::default())
    }

    /// A device whose allocations start at `base` (a host runtime picks a range its process
    /// does not map, so host and device pointers are told apart).
    pub fn at(arch: Arch, base: u64) -> Device {
        Device::with_memory(arch, Memory::starting_at(base))
    }

    fn with_memory(arch: Arch, mem: Memory) -> Device {
        Device {
            arch,
            mem,
            images: Vec::new(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            budget: DEFAULT_BUDGET,
            progress: None,
            checker: None,
        }
    }

    /// Allocates `size` bytes (zero here; what a GPU gives is whatever was there, so while a
    /// checker watches, a kernel's read of a byte nobody wrote is an uninitialised read);
    /// returns the device address.
    pub fn alloc(&mut self, size: u64) -> u64 {
        let a = self.alloc_with("allocation", size, &[]);
        if self.checker.is_some() {
            self.mem.track(a, false);
        }
        a
    }

    /// Allocates `size` zero bytes, as [`Device::alloc`], that the host process also reaches
    /// at the device address (fine-grained device memory, which a GPU's large BAR shows the
    /// CPU); `None` for size 0 or when the host cannot map the address.
    pub fn alloc_mapped(&mut self, size: u64) -> Option<u64> {
        let a = self.mem.add_mapped("host-visible allocation", size)?;
        if self.checker.is_some() {
            // (counted as written: the host's stores through the pointer are not seen)
            self.mem.track(a, true);
        }
        Some(a)
    }

    /// Allocates `size` zero bytes of a runtime's own memory ([`Region::internal`]): counted
    /// as written, left alone by the race check.
    ///
    /// [`Region::internal`]: super::memory::Region::internal
    pub fn alloc_internal(&mut self, name: &str, size: u64) -> u64 {
        let a = self.alloc_with(name, size, &[]);
        self.mem.set_internal(a);
        a
    }

    /// Allocates `size` bytes starting with `bytes` (the rest zero), named for messages.
    pub fn alloc_with(&mut self, name: &str, size: u64, bytes: &[u8]) -> u64 {
        self.mem.add(name, size, bytes)
    }

    /// Allocates `size` zero bytes that the host reaches at the same address as kernels do
    /// (pinned and managed memory: the address is a host pointer to the bytes themselves).
    /// Free it with [`Device::free`]; `None` for size 0.
    pub fn alloc_shared(&mut self, size: u64) -> Option<u64> {
        self.mem.add_shared("host-shared allocation", size)
    }

    /// Makes `size` bytes of the host's own memory at `addr` reachable by kernels at the same
    /// address (registered host memory): returns the allocation's base (`addr` rounded down
    /// to 4), `None` when the range is empty or overlaps an allocation. [`Device::free`] of the
    /// base ends it and leaves the memory to its owner.
    ///
    /// # Safety
    /// The words holding `[addr, addr + size)` must be readable and writable host memory
    /// until the allocation is freed.
    pub unsafe fn register_host(&mut self, addr: u64, size: u64) -> Option<u64> {
        // SAFETY: the caller's contract.
        unsafe { self.mem.add_host("registered host memory", addr, size) }
    }

    /// Frees the allocation that starts at `addr`.
    pub fn free(&mut self, addr: u64) -> Result<(), DeviceError> {
        // A loaded code object is not an allocation (`unload` removes it).
        if self.images.iter().any(|(_, b)| *b == addr) {
            return Err(DeviceError::BadFree { addr, freed: false });
        }
        match self.mem.free(addr) {
            Some(_) => Ok(()),
            None => Err(DeviceError::BadFree {
                addr,
                freed: self.mem.freed_at(addr).is_some_and(|(b, _, _)| b == addr),
            }),
        }
    }

    /// Frees every allocation (a device reset); their addresses stay freed.
    pub fn free_all(&mut self) {
        self.mem.free_all();
    }

    /// Was `addr` inside an allocation that has been freed?
    pub fn was_freed(&self, addr: u64) -> bool {
        self.mem.freed_at(addr).is_some()
    }

    fn not_device(&self, addr: u64, len: u64) -> DeviceError {
        DeviceError::NotDevice {
            addr,
            len,
            freed: self.was_freed(addr),
        }
    }

    /// The device's memory, to read as it is (a checker looking at a copy's ranges).
    pub fn memory(&self) -> &Memory {
        &self.mem
    }

    /// The live allocation holding `addr` (`addr` may be its end): (base, size). Another
    /// device's memory seen through peer access is not one.
    pub fn allocation(&self, addr: u64) -> Option<(u64, u64)> {
        self.mem
            .region_holding(addr)
            .filter(|r| !r.view)
            .map(|r| (r.base, r.size))
    }

    /// Makes this device's kernels reach `peer`'s memory whose addresses lie in `range` (HIP's
    /// peer access, `on`), or no longer (`!on`): a view of each of the peer's regions there,
    /// added for new ones and removed for those gone. A runtime calls it before each launch on
    /// this device.
    ///
    /// # Safety
    /// A view must never outlive its region where something reads it: call this again after
    /// the peer frees memory and before the next launch on this device (between the two,
    /// nothing reads this device's views: copies and frees go to a pointer's own device).
    pub unsafe fn map_peer(&mut self, peer: &Device, peer_index: usize, range: std::ops::Range<u64>, on: bool) {
        self.mem.remove_views(range.clone(), |v| {
            on && peer.mem.region_starting_at(v.base).is_some_and(|r| r.shares(v))
        });
        if !on {
            return;
        }
        for r in peer.mem.regions().iter().filter(|r| range.contains(&r.base) && !r.view) {
            if !self.mem.has_view(r) {
                // SAFETY: the view is removed by the next `map_peer` after `r` goes, before
                // any launch on this device (this function's contract).
                let added = unsafe { self.mem.add_view(&format!("{} of device {peer_index}", r.name), r) };
                debug_assert!(added, "a peer's region overlaps this device's memory");
            }
        }
    }

    /// Is `[addr, addr + len)` inside one live allocation?
    pub fn holds(&self, addr: u64, len: u64) -> bool {
        self.allocation(addr)
            .is_some_and(|(b, s)| addr.checked_add(len).is_some_and(|e| e <= b + s))
    }

    /// Copies `out.len()` bytes from device address `addr` (inside one allocation: a kernel
    /// reaches the rest of its pages, the host does not).
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), DeviceError> {
        if out.is_empty() {
            return Ok(());
        }
        if !self.holds(addr, out.len() as u64) {
            return Err(self.not_device(addr, out.len() as u64));
        }
        self.mem
            .read_bytes(addr, out)
            .map_err(|_| self.not_device(addr, out.len() as u64))
    }

    /// Copies `data` to device address `addr` (inside one allocation).
    pub fn write(&self, addr: u64, data: &[u8]) -> Result<(), DeviceError> {
        if data.is_empty() {
            return Ok(());
        }
        if !self.holds(addr, data.len() as u64) {
            return Err(self.not_device(addr, data.len() as u64));
        }
        self.mem
            .write_bytes(addr, data)
            .map_err(|_| self.not_device(addr, data.len() as u64))
    }

    /// Sets `len` bytes at `addr` to `byte`.
    pub fn fill(&self, addr: u64, byte: u8, len: u64) -> Result<(), DeviceError> {
        if !self.holds(addr, len) {
            return Err(self.not_device(addr, len));
        }
        let chunk = vec![byte; len.min(1 << 20) as usize];
        let mut done = 0u64;
        while done < len {
            let n = (len - done).min(chunk.len() as u64);
            self.write(addr + done, &chunk[..n as usize])?;
            done += n;
        }
        Ok(())
    }

    /// Copies `len` bytes from device address `src` to device address `dst` (the ranges may
    /// overlap).
    pub fn copy(&self, dst: u64, src: u64, len: u64) -> Result<(), DeviceError> {
        if !self.holds(src, len) {
            return Err(self.not_device(src, len));
        }
        if !self.holds(dst, len) {
            return Err(self.not_device(dst, len));
        }
        let mut buf = vec![0u8; len as usize];
        self.read(src, &mut buf)?;
        self.write(dst, &buf)
    }

    /// The whole contents of the allocation starting at `base`.
    pub fn region_bytes(&self, base: u64) -> Option<Vec<u8>> {
        self.mem.region_starting_at(base).map(|r| r.bytes())
    }

    /// Loads a linked code object (`ld.lld -shared` output, what hipcc's fat binaries hold):
    /// its image goes into device memory, its dynamic relocations are applied against the
    /// base, its kernels and symbols are returned at their device addresses.
    pub fn load(&mut self, name: &str, elf: &[u8]) -> Result<Loaded, String> {
        use object::{Object, ObjectSymbol, ObjectSymbolTable, RelocationFlags, RelocationTarget};
        let file = object::File::parse(elf).map_err(|e| format!("not an ELF code object: {e}"))?;
        if file.kind() != object::ObjectKind::Dynamic {
            return Err("not a linked code object (a relocatable one has no load addresses)".into());
        }
        let kernels = dispatch::kernels(elf)?;
        let image = match kernels.first() {
            Some(k) => k.image.clone(),
            None => Arc::new(dispatch::image_of(elf).ok_or("the code object has no loadable image")?),
        };
        let size = image.len().max(4) as u64;
        let base = self.mem.add(name, size, &image);
        let dynsym = file.dynamic_symbol_table();
        let undo = |dev: &mut Device, e: String| {
            dev.mem.remove(base);
            Err(e)
        };
        for (off, rel) in file.dynamic_relocations().into_iter().flatten() {
            let RelocationFlags::Elf { r_type } = rel.flags() else {
                return undo(self, "a relocation that is not ELF's".into());
            };
            let s = match rel.target() {
                RelocationTarget::Symbol(i) => {
                    let sym = dynsym.as_ref().and_then(|t| t.symbol_by_index(i).ok());
                    match sym {
                        Some(sym) if !sym.is_undefined() => base.wrapping_add(sym.address()),
                        Some(sym) => {
                            let n = sym.name().unwrap_or("?").to_string();
                            return undo(self, format!("relocation at 0x{off:x} needs undefined symbol {n}"));
                        }
                        None => return undo(self, format!("relocation at 0x{off:x}: bad symbol index")),
                    }
                }
                _ => 0,
            };
            let a = rel.addend() as u64;
            let (v, n) = match r_type.0 {
                R_AMDGPU_RELATIVE64 => (base.wrapping_add(a), 8),
                R_AMDGPU_ABS64 => (s.wrapping_add(a), 8),
                R_AMDGPU_ABS32 | R_AMDGPU_ABS32_LO => (s.wrapping_add(a) & 0xffff_ffff, 4),
                R_AMDGPU_ABS32_HI => (s.wrapping_add(a) >> 32, 4),
                t => {
                    return undo(
                        self,
                        format!("relocation at 0x{off:x} of type {t} is not one a loader applies"),
                    )
                }
            };
            if !self.holds(base.wrapping_add(off), n as u64) || self.mem.write(base.wrapping_add(off), n, v).is_err() {
                return undo(self, format!("relocation at 0x{off:x} lies outside the image"));
            }
        }
        let symbols = file
            .dynamic_symbols()
            .filter(|s| !s.is_undefined())
            .filter_map(|s| {
                Some(Symbol {
                    name: s.name().ok()?.to_string(),
                    addr: base + s.address(),
                    size: s.size(),
                })
            })
            .collect();
        self.images.push((image, base));
        Ok(Loaded {
            base,
            size,
            kernels: kernels.into_iter().map(Arc::new).collect(),
            symbols,
        })
    }

    /// Unloads the code object loaded at `base` (its variables' memory is freed).
    pub fn unload(&mut self, base: u64) {
        self.images.retain(|(_, b)| *b != base);
        self.mem.remove(base);
    }

    /// Launches `k`: `args` holds the bytes of each explicit argument in order (what a HIP
    /// runtime has in `void** args`), each exactly the size the metadata gives; they are
    /// placed at the metadata's offsets and the hidden arguments are filled as ROCm fills
    /// them. Runs to the end (synchronous).
    pub fn launch(
        &mut self,
        k: &KernelInfo,
        c: &LaunchConfig,
        args: &[&[u8]],
        trace: Option<&(dyn Fn(&str) + Sync)>,
    ) -> Result<Stats, RunError> {
        self.launch_with(k, c, args, HostSide::default(), trace)
    }

    /// [`Device::launch`] with a runtime's host side: the hostcall buffer and its service.
    pub fn launch_with(
        &mut self,
        k: &KernelInfo,
        c: &LaunchConfig,
        args: &[&[u8]],
        host: HostSide,
        trace: Option<&(dyn Fn(&str) + Sync)>,
    ) -> Result<Stats, RunError> {
        let explicit: Vec<_> = k.args.iter().filter(|a| a.explicit()).collect();
        if args.len() != explicit.len() {
            return Err(RunError::Usage(format!(
                "kernel {} takes {} arguments, {} given",
                k.name,
                explicit.len(),
                args.len()
            )));
        }
        let mut values = Vec::with_capacity(args.len());
        for (n, (a, v)) in explicit.iter().zip(args).enumerate() {
            if v.len() != a.size as usize {
                return Err(RunError::Usage(format!(
                    "argument {n} ({}) of kernel {} is {} bytes, {} given",
                    a.name,
                    k.name,
                    a.size,
                    v.len()
                )));
            }
            values.push((a.offset, *v));
        }
        let lds = k.setup.group_segment_size.saturating_add(c.dynamic_lds);
        let l = Launch {
            grid: c.grid,
            block: c.block,
            args: Vec::new(),
            threads: self.threads,
            budget: self.budget,
            trace: c.trace,
            progress: self.progress,
            checker: self.checker.clone(),
            resident: c.cooperative,
        };
        let image_at = self
            .images
            .iter()
            .find(|(i, _)| Arc::ptr_eq(i, &k.image))
            .map(|(_, b)| *b);
        kernel::execute(&mut self.mem, k, &l, &values, lds, image_at, host, trace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_outlive_and_fault_after_free() {
        let mut d = Device::at(Arch::Gcn14, 0x1000_0000_0000);
        let a = d.alloc(16);
        assert!(a >= 0x1000_0000_0000);
        d.write(a + 2, &[1, 2, 3]).unwrap();
        let mut out = [0u8; 6];
        d.read(a, &mut out).unwrap();
        assert_eq!(out, [0, 0, 1, 2, 3, 0]);
        d.fill(a, 7, 16).unwrap();
        let b = d.alloc(16);
        d.copy(b, a, 16).unwrap();
        assert_eq!(d.region_bytes(b).unwrap(), vec![7; 16]);
        assert!(d.read(a + 12, &mut out).is_err());
        assert_eq!(d.allocation(a + 16), Some((a, 16)));
        d.free(a).unwrap();
        assert_eq!(
            d.read(a, &mut out),
            Err(DeviceError::NotDevice {
                addr: a,
                len: 6,
                freed: true
            })
        );
        assert_eq!(d.free(a), Err(DeviceError::BadFree { addr: a, freed: true }));
        assert!(d.write(0x1234, &[1]).is_err());
        assert!(d.free(b + 1).is_err());
    }

    #[test]
    fn code_objects_load_at_a_base_with_their_symbols() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/run/");
        let elf = std::fs::read(format!("{dir}int.gfx906.hsaco")).unwrap();
        let mut d = Device::new(Arch::Gcn141);
        let l = d.load("int", &elf).unwrap();
        assert!(!l.kernels.is_empty());
        for k in &l.kernels {
            let s = l.symbol(&format!("{}.kd", k.name)).expect("descriptor symbol");
            assert!(s.addr >= l.base && s.addr + s.size <= l.base + l.size);
            assert!(l.kernel(&k.name).is_some());
        }
        // The image is in device memory: a kernel's first instruction is at its address.
        let k = &l.kernels[0];
        let mut head = [0u8; 4];
        d.read(l.base + k.code_addr + k.entry as u64, &mut head).unwrap();
        assert_eq!(u32::from_le_bytes(head), k.code[k.entry as usize / 4]);
        assert!(d.free(l.base).is_err());
        d.unload(l.base);
        assert!(d.read(l.base, &mut head).is_err());
        let obj = std::fs::read(format!("{dir}bench.gfx900.o")).unwrap();
        assert!(d.load("o", &obj).unwrap_err().contains("not a linked code object"));
    }
}
