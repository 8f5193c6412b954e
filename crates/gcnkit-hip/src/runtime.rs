//! The state behind the entry points: the device (gcnkit's kernel machine, one GPU), the fat
//! binaries and kernels the program registered, and HIP's error state. One lock guards it.
//! Launches are checked here and put on their stream ([`crate::queue`]); the executor thread
//! runs them under this lock (`Runtime::execute`), so a host call that needs the runtime
//! while a kernel runs waits for the kernel.

use crate::errors::*;
use crate::fatbin;
use crate::props::Gpu;
use gcnkit::emu::device::{Device, LaunchConfig, Loaded};
use gcnkit::emu::dispatch::KernelInfo;
use gcnkit::emu::kernel::RunError;
use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Where device allocations start: a range a Linux process does not map (its heap, stacks,
/// libraries and mmaps are far above or far below), so a pointer is told to be a device or a
/// host pointer by looking it up (`hipMemcpyDefault`).
pub const DEVICE_BASE: u64 = 0x2000_0000_0000;

/// Device k's allocations start at `DEVICE_BASE + k * DEVICE_STRIDE` (1 TiB apart: a pointer
/// names its device).
pub const DEVICE_STRIDE: u64 = 1 << 40;

/// The most devices `GCNKIT_DEVICES` may ask for.
pub const MAX_DEVICES: usize = 16;

/// The bytes of a module's code object.
pub enum Code {
    /// A copy (the module API: the program's buffer may go away after the call).
    Owned(Vec<u8>),
    /// In a registered fat binary (the `.hip_fatbin` section of the program or of a library
    /// it loaded: mapped, read-only, there until `__hipUnregisterFatBinary`), read only when
    /// the code object is loaded. (A library such as rocSPARSE registers 111 bundles of 8
    /// code objects each, 1.3 GB: copying them would make every program that links it 1.3 GB
    /// bigger.)
    InProgram { addr: usize, len: usize },
}

impl Code {
    fn bytes(&self) -> &[u8] {
        match self {
            Code::Owned(v) => v,
            // SAFETY: the fat binary's own entry table gave this range in the registered
            // bundle, which stays mapped while its module is live (`loaded` checks `live`).
            Code::InProgram { addr, len } => unsafe { std::slice::from_raw_parts(*addr as *const u8, *len) },
        }
    }
}

/// A registered fat binary.
pub struct Module {
    /// The code object for this GPU, or why there is none.
    pub code: Result<Code, String>,
    /// The code object loaded on each device (on first use there: a launch or a variable's
    /// address; each device has its own copy of the variables).
    pub loaded: Vec<Option<Result<Loaded, String>>>,
    pub live: bool,
}

/// A kernel's host-side stub, registered by `__hipRegisterFunction`.
pub struct Function {
    pub module: usize,
    pub name: String,
}

/// A `__device__`/`__constant__` variable registered by `__hipRegisterVar` (recorded; the
/// symbol API comes with code-object loading).
#[allow(dead_code)]
pub struct Var {
    pub module: usize,
    pub host: usize,
    pub name: String,
    pub size: usize,
    pub constant: bool,
}

/// A `__managed__` variable: its managed memory, whose address goes into the code object's
/// pointer variable `name` on each device that loads the module.
pub struct ManagedVar {
    pub module: usize,
    pub name: String,
    pub addr: u64,
    /// The variable's bytes (`hipModuleGetGlobal` gives them with its address).
    pub size: u64,
}

pub struct Runtime {
    pub gpu: Result<&'static Gpu, String>,
    /// The GPUs (`GCNKIT_DEVICES` of them, all alike; none when the GPU is unknown).
    pub devices: Vec<Device>,
    pub modules: Vec<Module>,
    pub functions: HashMap<usize, Function>,
    pub vars: Vec<Var>,
    pub managed_vars: Vec<ManagedVar>,
    /// Bytes allocated on each device (against the GPU's memory size).
    pub allocated: Vec<u64>,
    /// `GCNKIT_STATS`: a line on stderr per launch.
    pub stats: bool,
    /// Host-shared allocations (pinned or managed) by base: managed? They are allocations of
    /// every device (the storage is the allocating device's, the others reach it as host
    /// memory), so kernels on any device use them.
    pub shared: HashMap<u64, bool>,
    /// The device whose allocation holds a host-shared allocation's storage, by base.
    pub shared_device: HashMap<u64, usize>,
    /// `hipHostMalloc`'s flags of pinned allocations, by base.
    pub host_flags: HashMap<u64, u32>,
    /// Registered host memory (`hipHostRegister`), by the allocation's base: the program's
    /// pointer and the registration's flags.
    pub registered: HashMap<u64, (u64, u32)>,
    /// Each device's hostcall buffer (device printf), made for its first kernel that has one.
    pub hostcall: Vec<Option<Arc<crate::hostcall::Hostcall>>>,
    /// `hipSetDeviceFlags`' flags.
    pub device_flags: u32,
    /// When the runtime started: kernels' clocks (`clock64()`, `wall_clock64()`) count from it.
    pub epoch: std::time::Instant,
    /// How long a wave may run (without `GCNKIT_BUDGET`: [`WAVE_TIME_LIMIT`]).
    pub time_limit: Option<std::time::Duration>,
    /// `hipFunction_t`s of the module API: (module, kernel name); the handle is the index.
    pub module_functions: Vec<(usize, String)>,
    /// Peer access (`hipDeviceEnablePeerAccess`): bit j of entry k, device k's kernels reach
    /// device j's memory.
    pub peers: Vec<u64>,
    /// `GCNKIT_CHECK=LIST` (`gcnkit exec --check`): the checks every launch runs.
    pub check: Option<Arc<gcnkit_check::run::RunChecker>>,
    /// `GCNKIT_TRACE=FILTER` (`gcnkit exec --trace FILTER`): which launches print their
    /// instruction trace.
    pub trace: Option<crate::trace::Trace>,
    /// `GCNKIT_PROFILE=DIR` (`gcnkit exec --profile DIR`): every launch's profile and where
    /// it goes.
    pub profile: Option<(Arc<gcnkit_analyze::profile::Profiler>, std::path::PathBuf)>,
}

static RT: Mutex<Option<Runtime>> = Mutex::new(None);

/// The GPU (if known) and the device count, fixed when the runtime is set up: read without
/// the runtime's lock (which the executor holds while a kernel runs).
static MACHINE: OnceLock<(Option<&'static Gpu>, usize)> = OnceLock::new();

/// The physical device (its PCI bus) behind each device the program sees.
static BUSES: OnceLock<Vec<usize>> = OnceLock::new();

/// The PCI bus of the program's device `k` (its index among all `GCNKIT_DEVICES` before
/// `HIP_VISIBLE_DEVICES` chose some).
pub fn bus_of(k: usize) -> usize {
    machine();
    BUSES.get().and_then(|b| b.get(k).copied()).unwrap_or(k)
}

/// Which of `count` devices a program sees, in its order, as ROCm 5.2 reads the lists:
/// `ROCR_VISIBLE_DEVICES` first, then `HIP_VISIBLE_DEVICES` (`CUDA_VISIBLE_DEVICES` when
/// that is unset or empty) over what is left. A list is decimal indices separated by commas;
/// the first entry that is not one of the devices (negative, too big, not plainly written)
/// ends it, the rest discarded; an index given twice counts once. An empty list is no
/// filter; a list whose first entry is invalid leaves no device.
pub fn visible(count: usize, var: impl Fn(&str) -> Option<String>) -> Vec<usize> {
    let pick = |devices: Vec<usize>, list: Option<String>| -> Vec<usize> {
        let Some(list) = list.filter(|l| !l.is_empty()) else {
            return devices;
        };
        let mut out = Vec::new();
        for entry in list.split(',') {
            match entry.parse::<usize>() {
                Ok(i) if i < devices.len() && entry == i.to_string() => {
                    if !out.contains(&devices[i]) {
                        out.push(devices[i]);
                    }
                }
                _ => break,
            }
        }
        out
    };
    let all = pick((0..count).collect(), var("ROCR_VISIBLE_DEVICES"));
    let hip = var("HIP_VISIBLE_DEVICES").filter(|l| !l.is_empty());
    pick(all, hip.or_else(|| var("CUDA_VISIBLE_DEVICES")))
}

/// The GPU and how many devices there are (0 without a GPU).
pub fn machine() -> (Option<&'static Gpu>, usize) {
    if let Some(m) = MACHINE.get() {
        return *m;
    }
    drop(lock());
    MACHINE.get().copied().unwrap_or((None, 0))
}

/// How long a wave may run before it is stopped as never ending, unless `GCNKIT_BUDGET` bounds
/// waves by instructions: the compute job timeout of Linux's amdgpu driver (`lockup_timeout`,
/// 60 s for compute queues). Time, as on a GPU: a kernel may spin on `clock64()` for seconds,
/// and one wave may loop over millions of elements.
pub const WAVE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// The runtime, set up on first use (`GCNKIT_GPU` picks the GPU, `GCNKIT_THREADS` the
/// worker threads of a launch, `GCNKIT_BUDGET` the instructions a wave may run).
pub fn lock() -> MutexGuard<'static, Option<Runtime>> {
    let mut g = RT.lock().unwrap_or_else(|e| e.into_inner());
    if g.is_none() {
        let gpu = crate::props::from_env();
        let count = match std::env::var("GCNKIT_DEVICES") {
            Err(_) => 1,
            Ok(v) => match v.trim().parse::<usize>() {
                Ok(n) if (1..=MAX_DEVICES).contains(&n) => n,
                _ => {
                    eprintln!("gcnkit-hip: GCNKIT_DEVICES={v}: not a count of 1 to {MAX_DEVICES}; one device");
                    1
                }
            },
        };
        let threads = std::env::var("GCNKIT_THREADS")
            .ok()
            .and_then(|v| v.parse::<usize>().ok());
        let budget = std::env::var("GCNKIT_BUDGET")
            .ok()
            .and_then(|v| match v.trim().parse::<u64>() {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    eprintln!("gcnkit-hip: GCNKIT_BUDGET={v}: not a count of instructions; waves are bounded by time");
                    None
                }
            });
        let check = crate::check::from_env();
        let profile = crate::profile::from_env();
        // The checks and the profile both watch a launch when both are asked for.
        let watcher: Option<Arc<dyn gcnkit::emu::monitor::Checker>> =
            match (check.clone(), profile.as_ref().map(|p| p.0.clone())) {
                (Some(c), Some(p)) => Some(Arc::new(gcnkit_analyze::profile::Both(c, p))),
                (Some(c), None) => Some(c),
                (None, Some(p)) => Some(p),
                (None, None) => None,
            };
        let buses = visible(count, |v| std::env::var(v).ok());
        // No visible device is no GPU (quietly, as ROCm: every call says hipErrorNoDevice).
        let hidden = gpu.is_ok() && buses.is_empty();
        let gpu = if hidden {
            Err("no visible device".to_string())
        } else {
            gpu
        };
        let devices: Vec<Device> = match &gpu {
            Ok(gpu) => (0..buses.len())
                .map(|k| {
                    let mut d = Device::at(gpu.arch, Runtime::range_of(k).start);
                    if let Some(n) = threads {
                        d.threads = n.max(1);
                    }
                    if let Some(n) = budget {
                        d.budget = n;
                    }
                    d.checker = watcher.clone();
                    d
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        let n = devices.len();
        crate::host_fault::install(n);
        let _ = BUSES.set(buses);
        let _ = MACHINE.set((gpu.as_ref().ok().copied(), n));
        if let (Err(e), false) = (&gpu, hidden) {
            eprintln!("gcnkit-hip: {e}: no device");
        }
        *g = Some(Runtime {
            gpu,
            devices,
            modules: Vec::new(),
            functions: HashMap::new(),
            vars: Vec::new(),
            managed_vars: Vec::new(),
            allocated: vec![0; n],
            peers: vec![0; n],
            trace: crate::trace::from_env(),
            stats: std::env::var_os("GCNKIT_STATS").is_some_and(|v| !v.is_empty() && v != "0"),
            module_functions: Vec::new(),
            shared: HashMap::new(),
            shared_device: HashMap::new(),
            host_flags: HashMap::new(),
            registered: HashMap::new(),
            // hipDeviceScheduleSpin, as ROCm 5.2 starts a device.
            device_flags: 1,
            time_limit: budget.is_none().then_some(WAVE_TIME_LIMIT),
            epoch: std::time::Instant::now(),
            hostcall: vec![None; n],
            check,
            profile,
        });
    }
    g
}

/// Runs `f` on the runtime.
pub fn with<R>(f: impl FnOnce(&mut Runtime) -> R) -> R {
    let mut g = lock();
    let rt = g.as_mut().expect("set up by lock()");
    f(rt)
}

thread_local! {
    /// The device this host thread uses (`hipSetDevice`), 0 until it sets one.
    static CURRENT: Cell<usize> = const { Cell::new(0) };
    /// HIP's last error, per thread: set by every call that fails, read by
    /// `hipPeekAtLastError`, read and reset by `hipGetLastError`.
    static LAST: Cell<HipError> = const { Cell::new(hipSuccess) };
    /// `__hipPushCallConfiguration`'s stack (the `<<<...>>>` path).
    pub static CONFIGS: std::cell::RefCell<Vec<CallConfig>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A `<<<grid, block, shared, stream>>>` configuration.
#[derive(Clone, Copy, Debug)]
pub struct CallConfig {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared: usize,
    pub stream: usize,
}

/// The calling thread's device.
pub fn current() -> usize {
    CURRENT.try_with(|c| c.get()).unwrap_or(0)
}

/// Makes `k` the calling thread's device.
pub fn set_current(k: usize) {
    let _ = CURRENT.try_with(|c| c.set(k));
}

pub fn last_error(reset: bool) -> HipError {
    LAST.with(|l| if reset { l.replace(hipSuccess) } else { l.get() })
}

/// Returns `e` after recording it as the last error (when it is one: `hipErrorNotReady`, a
/// query's answer, is not, as in ROCm's HIP_UPDATE_ERROR_STATE and CUDA).
pub fn fail(e: HipError) -> HipError {
    if e != hipSuccess && e != hipErrorNotReady {
        LAST.with(|l| l.set(e));
    }
    e
}

/// Runs an entry point's body: its error is recorded and returned; a panic (a bug) becomes
/// `hipErrorUnknown` instead of unwinding into C.
pub fn guard(f: impl FnOnce() -> Result<(), HipError>) -> HipError {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or(Err(hipErrorUnknown));
    match r {
        Ok(()) => hipSuccess,
        Err(e) => fail(e),
    }
}

/// The module handle given to the program (an opaque non-null value; the runtime never
/// dereferences what the program passes back).
pub fn handle_of(module: usize) -> *mut *mut c_void {
    ((module + 1) << 4) as *mut *mut c_void
}

pub fn module_of(handle: *mut *mut c_void) -> Option<usize> {
    let h = handle as usize;
    (h != 0 && h & 15 == 0).then(|| (h >> 4) - 1)
}

impl Runtime {
    /// The calling thread's device.
    pub fn device(&mut self) -> Result<&mut Device, HipError> {
        self.devices.get_mut(current()).ok_or(hipErrorNoDevice)
    }

    /// The device with an allocation holding `addr` (the calling thread's first: host-shared
    /// memory is an allocation of every device), if any.
    pub fn owner(&self, addr: u64) -> Option<usize> {
        let k = current();
        if self.devices.get(k).is_some_and(|d| d.allocation(addr).is_some()) {
            return Some(k);
        }
        self.devices.iter().position(|d| d.allocation(addr).is_some())
    }

    /// Device `k`'s addresses (its own allocations and loaded code objects).
    pub fn range_of(k: usize) -> std::ops::Range<u64> {
        let base = DEVICE_BASE + k as u64 * DEVICE_STRIDE;
        base..base + DEVICE_STRIDE
    }

    /// Brings device `k`'s views of its peers' memory up to date (`off`: drops the views of
    /// peer `off` too): every launch on `k` calls it first, so its kernels reach exactly the
    /// peers' live allocations, and no view outlives its allocation where a kernel could
    /// read it.
    pub fn map_peers(&mut self, k: usize, off: Option<usize>) {
        let mask = self.peers.get(k).copied().unwrap_or(0);
        for j in 0..self.devices.len() {
            let on = mask >> j & 1 != 0;
            if j == k || !(on || off == Some(j)) {
                continue;
            }
            let (me, peer) = if k < j {
                let (a, b) = self.devices.split_at_mut(j);
                (&mut a[k], &b[0])
            } else {
                let (a, b) = self.devices.split_at_mut(k);
                (&mut b[0], &a[j])
            };
            // SAFETY: called before every launch on device k (and here after each change of
            // its peers), which is what `map_peer` asks.
            unsafe { me.map_peer(peer, j, Self::range_of(j), on) };
        }
    }

    /// For a fault of a kernel on device `k` at another device's allocation: what it was and
    /// how a program lets device `k` reach it (the machine's message names no buffer there).
    fn peer_hint(&self, k: usize, fault: &str) -> String {
        let addr = fault
            .split_once(" at 0x")
            .filter(|_| fault.contains("memory fault"))
            .and_then(|(_, rest)| {
                let hex: String = rest.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
                u64::from_str_radix(&hex, 16).ok()
            });
        let owner = addr.and_then(|a| {
            (0..self.devices.len())
                .find(|&j| j != k && Self::range_of(j).contains(&a) && self.devices[j].allocation(a).is_some())
        });
        match owner {
            Some(j) => format!(
                " (device {j}'s memory: device {k} reaches it after hipDeviceEnablePeerAccess({j}, 0) on device {k})"
            ),
            None => String::new(),
        }
    }

    /// The device holding `addr`, else the calling thread's.
    pub fn device_at(&mut self, addr: u64) -> Result<&mut Device, HipError> {
        let k = self.owner(addr).unwrap_or_else(current);
        self.devices.get_mut(k).ok_or(hipErrorNoDevice)
    }

    /// Was `addr` in an allocation of some device that has been freed?
    pub fn was_freed(&self, addr: u64) -> bool {
        self.devices.iter().any(|d| d.was_freed(addr))
    }

    /// Registers a fat binary (its bundle at `base`, `entries` its table): picks this GPU's
    /// code object, which stays where it is until it is loaded.
    pub fn register(&mut self, base: usize, entries: Result<Vec<fatbin::Entry>, String>) -> usize {
        let code = match (&self.gpu, entries) {
            (Err(e), _) => Err(e.clone()),
            (_, Err(e)) => Err(e),
            (Ok(gpu), Ok(list)) => fatbin::pick(&list, gpu).and_then(|e| {
                let at = usize::try_from(e.offset).ok().and_then(|o| base.checked_add(o));
                match (at, usize::try_from(e.size)) {
                    (Some(addr), Ok(len)) => Ok(Code::InProgram { addr, len }),
                    _ => Err(format!("the fat binary's entry {} is out of range", e.id)),
                }
            }),
        };
        if let Err(m) = &code {
            eprintln!("gcnkit-hip: hipErrorNoBinaryForGpu: {m}");
        }
        self.modules.push(Module {
            code,
            loaded: Vec::new(),
            live: true,
        });
        self.modules.len() - 1
    }

    /// Module `m`'s code object, loaded on the device on first use; the error is said once.
    pub fn loaded(&mut self, m: usize) -> Result<&Loaded, HipError> {
        let k = current();
        let dev = self.devices.get_mut(k).ok_or(hipErrorNoDevice)?;
        let md = self
            .modules
            .get_mut(m)
            .filter(|md| md.live)
            .ok_or(hipErrorInvalidHandle)?;
        let code = match &md.code {
            Ok(c) => c,
            Err(_) => return Err(hipErrorNoBinaryForGpu),
        };
        if md.loaded.len() <= k {
            md.loaded.resize_with(k + 1, || None);
        }
        let fresh = md.loaded[k].is_none();
        let base = md.loaded[k]
            .get_or_insert_with(|| {
                dev.load(&format!("code object {m}"), code.bytes()).map_err(|e| {
                    eprintln!("gcnkit-hip: cannot load the program's code object: {e}");
                    e
                })
            })
            .as_ref()
            .map(|l| l.base);
        if let (true, Ok(b)) = (fresh, base) {
            crate::index::note(self, b);
            self.point_managed_vars(m, k);
        }
        match self.modules[m].loaded[k].as_ref() {
            Some(Ok(l)) => Ok(l),
            _ => Err(hipErrorInvalidImage),
        }
    }

    /// Writes each `__managed__` variable's address into module `m`'s pointer variable of
    /// that name, just loaded on device `k` (clang's code reaches the variable through it).
    pub fn point_managed_vars(&mut self, m: usize, k: usize) {
        let Some(Some(Ok(l))) = self.modules.get(m).and_then(|md| md.loaded.get(k)) else {
            return;
        };
        for v in self.managed_vars.iter().filter(|v| v.module == m) {
            let written = l
                .symbol(&v.name)
                .filter(|s| s.size == 8)
                .map(|s| self.devices[k].write(s.addr, &v.addr.to_le_bytes()));
            if !matches!(written, Some(Ok(()))) {
                eprintln!(
                    "gcnkit-hip: __managed__ variable {}: the code object has no pointer variable of its name",
                    v.name
                );
            }
        }
    }

    /// A module of the module API from the bytes of a code object or an offload bundle.
    pub fn add_module(&mut self, data: &[u8]) -> Result<usize, HipError> {
        let code = if data.starts_with(b"\x7fELF") {
            Ok(data.to_vec())
        } else if data.starts_with(crate::fatbin::BUNDLE_MAGIC) {
            let read = |at: u64, n: u64| {
                let (a, n) = (usize::try_from(at).ok()?, usize::try_from(n).ok()?);
                data.get(a..a.checked_add(n)?).map(|s| s.to_vec())
            };
            let gpu = self.gpu.as_ref().map_err(|_| hipErrorNoDevice)?;
            let entries = crate::fatbin::entries(&read).map_err(|e| {
                eprintln!("gcnkit-hip: module: {e}");
                hipErrorInvalidImage
            })?;
            match crate::fatbin::pick(&entries, gpu) {
                Ok(e) => read(e.offset, e.size).ok_or(hipErrorInvalidImage),
                Err(m) => {
                    eprintln!("gcnkit-hip: hipErrorNoBinaryForGpu: {m}");
                    return Err(hipErrorNoBinaryForGpu);
                }
            }
        } else {
            eprintln!("gcnkit-hip: module: neither an ELF code object nor a clang offload bundle");
            return Err(hipErrorInvalidImage);
        }?;
        self.modules.push(Module {
            code: Ok(Code::Owned(code)),
            loaded: Vec::new(),
            live: true,
        });
        let m = self.modules.len() - 1;
        // Loaded now, so that a bad code object is the load's error.
        self.loaded(m)?;
        Ok(m)
    }

    /// Unloads module `m` (its kernels and variables are gone).
    pub fn unload(&mut self, m: usize) -> Result<(), HipError> {
        let md = self
            .modules
            .get_mut(m)
            .filter(|md| md.live)
            .ok_or(hipErrorInvalidHandle)?;
        md.live = false;
        forget_kernels();
        let mut gone = Vec::new();
        for (k, l) in std::mem::take(&mut md.loaded).into_iter().enumerate() {
            if let (Some(Ok(l)), Some(dev)) = (l, self.devices.get_mut(k)) {
                dev.unload(l.base);
                gone.push(l.base);
            }
        }
        for b in gone {
            crate::index::note(self, b);
        }
        Ok(())
    }

    /// The kernel a host stub stands for. Every kernel of its module is then remembered for
    /// this device ([`cached_kernel`]), so later launches find theirs without this lock.
    pub fn kernel(&mut self, host: usize) -> Result<Arc<KernelInfo>, HipError> {
        let f = self.functions.get(&host).ok_or_else(|| {
            eprintln!("gcnkit-hip: 0x{host:x} is not a registered kernel");
            hipErrorInvalidDeviceFunction
        })?;
        let (m, name) = (f.module, f.name.clone());
        let loaded = self.loaded(m)?.clone();
        let device = current();
        for (h, f) in self.functions.iter().filter(|(_, f)| f.module == m) {
            if let Some(k) = loaded.kernel(&f.name) {
                remember_kernel(KernelKey::Stub(*h), device, k);
            }
        }
        loaded.kernel(&name).cloned().ok_or_else(|| {
            eprintln!("gcnkit-hip: kernel {name} is not in the program's code object");
            hipErrorInvalidDeviceFunction
        })
    }

    /// The device address and size of the variable whose host shadow is at `host`
    /// (`HIP_SYMBOL(x)` is `&x`).
    pub fn symbol(&mut self, host: usize) -> Result<(u64, u64), HipError> {
        let v = self.vars.iter().find(|v| v.host == host).ok_or(hipErrorInvalidSymbol)?;
        let (m, name) = (v.module, v.name.clone());
        let s = self.loaded(m)?.symbol(&name).cloned().ok_or_else(|| {
            eprintln!("gcnkit-hip: variable {name} is not in the program's code object");
            hipErrorInvalidSymbol
        })?;
        Ok((s.addr, s.size))
    }

    /// Launches the kernel of host stub `host`: `grid` in blocks, as HIP gives it; `args`
    /// the program's `void**` (one pointer per explicit argument).
    ///
    /// # Safety
    /// `args` must hold a valid pointer to each of the kernel's explicit arguments.
    pub unsafe fn launch(
        &mut self,
        host: usize,
        grid: [u32; 3],
        block: [u32; 3],
        shared: usize,
        args: *mut *mut c_void,
        stream: usize,
    ) -> Result<(), HipError> {
        let k = self.kernel(host)?;
        // SAFETY: the caller's contract.
        let slices = unsafe { arg_pointers(&k, args) }?;
        submit_launch(&k, grid, block, shared, &slices, stream, false)
    }

    /// Runs a checked launch to its end on the calling thread's device (the executor's
    /// work): `grid` in blocks, `items` in work-items; a cooperative one with the whole grid
    /// resident.
    #[allow(clippy::too_many_arguments)]
    fn execute(
        &mut self,
        k: &KernelInfo,
        grid: [u32; 3],
        block: [u32; 3],
        items: [u32; 3],
        dynamic_lds: u32,
        slices: &[&[u8]],
        cooperative: bool,
    ) -> Result<(), HipError> {
        let g = Grid {
            device: current(),
            k,
            grid,
            block,
            items,
            dynamic_lds,
            slices: slices.to_vec(),
            cooperative,
            multigrid: None,
        };
        self.execute_grids(&[g])
    }

    /// Runs checked launches to their end, each on its own device, all at once (one on the
    /// calling thread; several, a cooperative launch on several devices, on a thread each:
    /// their grids wait for each other).
    pub fn execute_grids(&mut self, grids: &[Grid]) -> Result<(), HipError> {
        for g in grids {
            self.map_peers(g.device, None);
        }
        // A kernel that calls the host gets its device's hostcall buffer, and its sleeping
        // waves the host side that answers them.
        let mut hostcalls = Vec::with_capacity(grids.len());
        for g in grids {
            hostcalls.push(if g.k.args.iter().any(|a| a.kind == "hidden_hostcall_buffer") {
                let dev = self.devices.get_mut(g.device).ok_or(hipErrorNoDevice)?;
                Some(
                    self.hostcall[g.device]
                        .get_or_insert_with(|| Arc::new(crate::hostcall::Hostcall::new(dev)))
                        .clone(),
                )
            } else {
                None
            });
        }
        if let Some(c) = &self.check {
            c.set_order(crate::queue::current_order().filter(|_| grids.len() == 1));
        }
        // A cooperative launch on several devices: a grid that fails stops the others (they
        // would wait for it at the multi-grid barrier).
        let abort = std::sync::atomic::AtomicBool::new(false);
        let abort = grids.iter().any(|g| g.multigrid.is_some()).then_some(&abort);
        let run = |dev: &mut Device, g: &Grid, hostcall: Option<Arc<crate::hostcall::Hostcall>>| {
            let service = hostcall
                .clone()
                .map(|h| move |m: &gcnkit::emu::memory::Memory| h.service(m));
            let host = gcnkit::emu::kernel::HostSide {
                hostcall_buffer: hostcall.as_ref().map_or(0, |h| h.base),
                service: service
                    .as_ref()
                    .map(|f| f as &(dyn Fn(&gcnkit::emu::memory::Memory) + Sync)),
                multigrid: g.multigrid,
                abort,
                clock: gcnkit::emu::kernel::Clock::Wall {
                    epoch: self.epoch,
                    core_khz: self.gpu.as_ref().map_or(0, |g| g.clock_khz.max(0) as u32),
                },
                time_limit: self.time_limit,
            };
            let trace = self.trace.as_ref().and_then(|t| t.of(&g.k.name));
            if trace.is_some() {
                let [x, y, z] = g.grid;
                let [bx, by, bz] = g.block;
                eprintln!(
                    "gcnkit-hip: trace: {} on device {}: grid {x}x{y}x{z} block {bx}x{by}x{bz}",
                    g.k.name, g.device
                );
            }
            let config = LaunchConfig {
                grid: g.items,
                block: g.block,
                dynamic_lds: g.dynamic_lds,
                trace,
                cooperative: g.cooperative,
            };
            let print = |line: &str| eprintln!("{line}");
            let sink = trace.is_some().then_some(&print as &(dyn Fn(&str) + Sync));
            dev.launch_with(g.k, &config, &g.slices, host, sink)
        };
        let results: Vec<Result<gcnkit::emu::kernel::Stats, RunError>> = if let [g] = grids {
            let dev = self.devices.get_mut(g.device).ok_or(hipErrorNoDevice)?;
            vec![run(dev, g, hostcalls.pop().flatten())]
        } else {
            let mut devs: Vec<Option<&mut Device>> = self.devices.iter_mut().map(Some).collect();
            let mut jobs = Vec::with_capacity(grids.len());
            for (g, h) in grids.iter().zip(hostcalls) {
                let dev = devs
                    .get_mut(g.device)
                    .and_then(Option::take)
                    .ok_or(hipErrorInvalidDevice)?;
                jobs.push((dev, g, h));
            }
            std::thread::scope(|s| {
                let handles: Vec<_> = jobs
                    .into_iter()
                    .map(|(dev, g, h)| s.spawn(move || run(dev, g, h)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                    .collect()
            })
        };
        if let Some(c) = &self.check {
            crate::check::report(&c.take());
        }
        if let Some((p, dir)) = &self.profile {
            crate::profile::report(p, dir);
        }
        let mut first = Ok(());
        for (g, r) in grids.iter().zip(results) {
            let r = match r {
                Ok(s) => {
                    if self.stats {
                        eprintln!(
                            "gcnkit-hip: {} grid {}x{}x{} block {}x{}x{}: {} instructions, {} waves, {:.1} us",
                            g.k.name,
                            g.grid[0],
                            g.grid[1],
                            g.grid[2],
                            g.block[0],
                            g.block[1],
                            g.block[2],
                            s.instructions,
                            s.waves,
                            s.time.as_secs_f64() * 1e6
                        );
                    }
                    Ok(())
                }
                Err(RunError::Usage(m)) => {
                    eprintln!("gcnkit-hip: cannot launch kernel {}: {m}", g.k.name);
                    Err(hipErrorInvalidValue)
                }
                Err(RunError::Emulation(m)) => {
                    // As on a GPU, the fault shows at the next synchronisation.
                    eprintln!("gcnkit-hip: launch failed: {m}{}", self.peer_hint(g.device, &m));
                    Err(hipErrorLaunchFailure)
                }
            };
            first = first.and(r);
        }
        first
    }
}

/// One grid of [`Runtime::execute_grids`]: a checked launch of `k` on `device` (`grid` in
/// blocks, `items` in work-items).
pub struct Grid<'a> {
    pub device: usize,
    pub k: &'a KernelInfo,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub items: [u32; 3],
    pub dynamic_lds: u32,
    pub slices: Vec<&'a [u8]>,
    pub cooperative: bool,
    pub multigrid: Option<gcnkit::emu::kernel::MultiGrid>,
}

/// What a launch names its kernel by: a host stub (`<<<>>>`, `hipLaunchKernel`) or a module
/// API `hipFunction_t`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KernelKey {
    Stub(usize),
    Function(usize),
}

/// Kernels already resolved on a device: a launch finds its kernel here without the runtime's
/// lock, which the executor holds while a kernel runs (so the host can go on giving work).
static KERNELS: Mutex<Option<KernelCache>> = Mutex::new(None);

/// Kernels by what a launch names them by and the device.
type KernelCache = HashMap<(KernelKey, usize), Arc<KernelInfo>>;

/// The kernel `key` names on the calling thread's device, if resolved before.
pub fn cached_kernel(key: KernelKey) -> Option<Arc<KernelInfo>> {
    let g = KERNELS.lock().unwrap_or_else(|e| e.into_inner());
    g.as_ref()?.get(&(key, current())).cloned()
}

pub fn remember_kernel(key: KernelKey, device: usize, k: &Arc<KernelInfo>) {
    let mut g = KERNELS.lock().unwrap_or_else(|e| e.into_inner());
    g.get_or_insert_with(HashMap::new).insert((key, device), k.clone());
}

/// Forgets every resolved kernel (a module was unloaded or a device reset: its code objects
/// are loaded anew on next use).
pub fn forget_kernels() {
    *KERNELS.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// Checks a launch of `k` (`grid` in blocks) and puts it on `stream`, the arguments copied
/// (the program may change them once the call returns); it runs on the calling thread's
/// device when the stream reaches it, `cooperative`: with the whole grid resident (checked by
/// the caller against what fits on the GPU at once). Needs no lock of the runtime.
pub fn submit_launch(
    k: &Arc<KernelInfo>,
    grid: [u32; 3],
    block: [u32; 3],
    shared: usize,
    slices: &[&[u8]],
    stream: usize,
    cooperative: bool,
) -> Result<(), HipError> {
    let mut items = [0u32; 3];
    for d in 0..3 {
        if grid[d] == 0 {
            return Err(hipErrorInvalidConfiguration);
        }
        items[d] = grid[d].checked_mul(block[d]).ok_or(hipErrorInvalidConfiguration)?;
    }
    submit_items(k, items, block, shared, slices, stream, cooperative)
}

/// [`submit_launch`] with the grid in work-items (`hipExtModuleLaunchKernel`'s global work
/// size: the last work-group of a dimension may be partial). On a capturing stream the launch
/// becomes a kernel node of the capture ([`crate::graph::submit`]).
pub fn submit_items(
    k: &Arc<KernelInfo>,
    items: [u32; 3],
    block: [u32; 3],
    shared: usize,
    slices: &[&[u8]],
    stream: usize,
    cooperative: bool,
) -> Result<(), HipError> {
    let (job, launch) = launch_job(k, items, block, shared, slices, cooperative)?;
    crate::graph::submit(stream, crate::graph::kind::KERNEL, Arc::new(launch), job)
}

/// A checked launch of `k` (`items` in work-items) as a job that may run many times (a graph
/// node's), its arguments copied now; and what it launches. `cooperative`: the grid resident
/// at once.
pub fn launch_job(
    k: &Arc<KernelInfo>,
    items: [u32; 3],
    block: [u32; 3],
    shared: usize,
    slices: &[&[u8]],
    cooperative: bool,
) -> Result<(crate::graph::Job, crate::graph::Launch), HipError> {
    if items.contains(&0) || block.contains(&0) {
        return Err(hipErrorInvalidConfiguration);
    }
    let threads = block.iter().map(|&b| b as u64).product::<u64>();
    if threads > crate::props::MAX_THREADS_PER_BLOCK as u64 {
        return Err(hipErrorInvalidConfiguration);
    }
    // As ROCm 5.2's ihipLaunchKernel_validate: more than the kernel's launch bounds
    // (`.max_flat_workgroup_size`) is a launch failure.
    if let Some(max) = k.max_block.filter(|&m| threads > m as u64) {
        eprintln!(
            "gcnkit-hip: kernel {}: a block of {threads} threads is larger than its launch bounds ({max})",
            k.name
        );
        return Err(hipErrorLaunchFailure);
    }
    let dynamic_lds = u32::try_from(shared).map_err(|_| hipErrorInvalidValue)?;
    if k.setup.group_segment_size as u64 + dynamic_lds as u64 > crate::props::LDS_BYTES as u64 {
        eprintln!(
            "gcnkit-hip: kernel {}: {} bytes of static and {} of dynamic shared memory are more than 64 KiB",
            k.name, k.setup.group_segment_size, dynamic_lds
        );
        return Err(hipErrorInvalidValue);
    }
    let grid: [u32; 3] = std::array::from_fn(|d| items[d].div_ceil(block[d]));
    let device = current();
    let args: Arc<Vec<Vec<u8>>> = Arc::new(slices.iter().map(|s| s.to_vec()).collect());
    let launch = crate::graph::Launch {
        func: 0,
        kernel: k.name.clone(),
        grid,
        block,
        shared: dynamic_lds,
        pointers: args.iter().map(|a| a.as_ptr() as usize).collect(),
        args: args.clone(),
    };
    let k = k.clone();
    let job: crate::graph::Job = Arc::new(move || {
        set_current(device);
        let slices: Vec<&[u8]> = args.iter().map(|a| a.as_slice()).collect();
        with(|rt| rt.execute(&k, grid, block, items, dynamic_lds, &slices, cooperative))
    });
    Ok((job, launch))
}

/// The explicit arguments of `k` from a `void**` (one pointer per argument, HIP's
/// `kernelParams`).
///
/// # Safety
/// `args` must hold a valid pointer to each of the kernel's explicit arguments, each readable
/// for the argument's size.
pub unsafe fn arg_pointers<'a>(k: &KernelInfo, args: *mut *mut c_void) -> Result<Vec<&'a [u8]>, HipError> {
    let explicit: Vec<_> = k.args.iter().filter(|a| a.explicit()).collect();
    if !explicit.is_empty() && args.is_null() {
        return Err(hipErrorInvalidValue);
    }
    let mut slices: Vec<&[u8]> = Vec::with_capacity(explicit.len());
    for (n, a) in explicit.iter().enumerate() {
        // SAFETY: one pointer per explicit argument (the caller's contract).
        let p = unsafe { *args.add(n) } as *const u8;
        if p.is_null() {
            return Err(hipErrorInvalidValue);
        }
        // SAFETY: each points to an argument of the size the kernel's metadata gives.
        slices.push(unsafe { std::slice::from_raw_parts(p, a.size as usize) });
    }
    Ok(slices)
}

/// The explicit arguments of `k` from one buffer laid out as the kernarg segment is (HIP's
/// `extra` with `HIP_LAUNCH_PARAM_BUFFER_POINTER`): each at its metadata offset.
pub fn arg_buffer<'a>(k: &KernelInfo, buf: &'a [u8]) -> Result<Vec<&'a [u8]>, HipError> {
    k.args
        .iter()
        .filter(|a| a.explicit())
        .map(|a| {
            let (o, n) = (a.offset as usize, a.size as usize);
            buf.get(o..o + n).ok_or_else(|| {
                eprintln!(
                    "gcnkit-hip: kernel {}: the argument buffer of {} bytes does not hold argument {} (bytes {o}..{})",
                    k.name,
                    buf.len(),
                    a.name,
                    o + n
                );
                hipErrorInvalidValue
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::visible;

    /// `visible` over four devices with the given (ROCR, HIP, CUDA) lists.
    fn see(rocr: &str, hip: &str, cuda: &str) -> Vec<usize> {
        let var = |name: &str| {
            let v = match name {
                "ROCR_VISIBLE_DEVICES" => rocr,
                "HIP_VISIBLE_DEVICES" => hip,
                _ => cuda,
            };
            (!v.is_empty() || name == "HIP_VISIBLE_DEVICES").then(|| v.to_string())
        };
        visible(4, var)
    }

    #[test]
    fn visible_devices_are_read_as_rocm_reads_them() {
        assert_eq!(see("", "", ""), [0, 1, 2, 3]);
        assert_eq!(see("", "2,0", ""), [2, 0]);
        assert_eq!(see("", "0,1,1000,2", ""), [0, 1], "an invalid entry ends the list");
        assert_eq!(see("", "1000,0,1", ""), Vec::<usize>::new());
        assert_eq!(see("", "-100,0,1", ""), Vec::<usize>::new());
        assert_eq!(see("", "01", ""), Vec::<usize>::new(), "not plainly written");
        assert_eq!(see("", "1,1,3", ""), [1, 3], "twice counts once");
        assert_eq!(see("", "", "3,2"), [3, 2], "CUDA's list when HIP's is empty");
        assert_eq!(see("", "0", "3"), [0], "HIP's list first");
        assert_eq!(see("3,1", "1", ""), [1], "HIP's indices are among ROCr's devices");
        assert_eq!(see("-1", "", ""), Vec::<usize>::new());
    }
}
