//! `--check`: the checks on a run, told by the kernel machine of each instruction a wave
//! executes and each access it makes ([`gcnkit::emu::monitor`]).
//!
//! - **waitcnt** and **hazard**: the static check's own rules ([`crate::waitcnt::Rules`],
//!   [`crate::hazard::Rules`]) stepped along the path each wave takes, so a finding names
//!   the work-group, wave and lanes where it happened.
//! - **memory**: a read (or atomic) of bytes nothing wrote: device allocations (`hipMalloc`),
//!   scratch and LDS start unwritten; the host's copies and every store write them. Reported
//!   once per allocation, with a count.
//! - **race**: two waves of a work-group touching the same LDS byte, one of them writing,
//!   with no `s_barrier` between them; two work-groups of a launch touching the same dword of
//!   device memory, one of them writing (nothing orders work-groups). Atomics and coherent
//!   (GLC) accesses are how work-groups talk to each other, and a runtime's own memory (the
//!   hostcall buffer) is used through them: both are left out.

use crate::classify;
use crate::global::{site, Shadow, Side};
use crate::hazard::{self, Recent};
use crate::order::Releases;
use crate::streams::{self, Order, Past};
use crate::waitcnt::{self, Outstanding};
use crate::{taint, Check, Finding, Place, Severity};
use gcnkit::emu::dispatch::KernelInfo;
use gcnkit::emu::memory::Memory;
use gcnkit::emu::monitor::{Access, AccessKind, Checker, Monitor, Space, Watch};
use gcnkit::emu::Wave;
use gcnkit_analyze::program::{discover, initial_registers, Inst, Program};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, RwLock};

/// Which checks run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    pub waitcnt: bool,
    pub hazard: bool,
    pub memory: bool,
    pub race: bool,
}

impl Checks {
    pub const NAMES: [&'static str; 4] = ["waitcnt", "hazard", "memory", "race"];

    pub fn all() -> Checks {
        Checks {
            waitcnt: true,
            hazard: true,
            memory: true,
            race: true,
        }
    }

    /// A comma list of check names (`all` for every one).
    pub fn parse(list: &str) -> Result<Checks, String> {
        let mut c = Checks {
            waitcnt: false,
            hazard: false,
            memory: false,
            race: false,
        };
        for name in list.split(',').map(str::trim) {
            match name {
                "all" => c = Checks::all(),
                "waitcnt" => c.waitcnt = true,
                "hazard" => c.hazard = true,
                "memory" => c.memory = true,
                "race" => c.race = true,
                _ => {
                    return Err(format!(
                        "unknown check '{name}' (the checks: {}, or all)",
                        Checks::NAMES.join(", ")
                    ))
                }
            }
        }
        Ok(c)
    }
}

/// A memory finding's allocation (space, base) and rule.
type UninitKey = ((u8, u64), String);
/// A race's other side, its first byte and the lanes here that conflict with it.
type Hit = (LdsSide, u64, Vec<u8>);

/// The checks of every launch of a run; the findings pile up in [`RunChecker::findings`].
pub struct RunChecker {
    checks: Checks,
    found: Arc<Mutex<Vec<Finding>>>,
    /// The next launch's place in the order of streams ([`RunChecker::set_order`]).
    order: Mutex<Option<Order>>,
    /// Earlier launches a later one may race with (on another stream).
    past: Arc<Mutex<Vec<Past>>>,
    /// What the checks know of the kernels launched last ([`Known`], the latest last).
    known: Mutex<Vec<Arc<Known>>>,
}

/// Kernels whose [`Known`] is kept for their next launches.
const KEPT: usize = 8;

/// What the checks know of a kernel before it runs: its instructions and their facts, kept
/// for its next launches (rocPRIM's tests launch a kernel of a large code object hundreds
/// of times: working it out at each launch was nearly all of a `--check` run's time).
struct Known {
    /// The launch's kernel as it was given (its code held, so that the code's address,
    /// part of what tells kernels apart, is not reused).
    kernel: KernelInfo,
    prog: Arc<Program>,
    /// Instruction index by `pc / 4` (`u32::MAX`: none starts there).
    index: Vec<u32>,
    barrier: Vec<bool>,
    /// `s_endpgm`: where a wave's path ends.
    end: Vec<bool>,
    /// What each instruction does with vector values (`taint`).
    facts: Vec<taint::Fact>,
    /// Instructions that may release memory to other work-groups ([`classify::may_release`]).
    may_release: Vec<bool>,
    /// The waitcnt and hazard rules' facts of each instruction.
    waitcnt: Arc<[waitcnt::Info]>,
    hazard: Arc<[hazard::Info]>,
}

impl Known {
    fn new(k: &KernelInfo) -> Known {
        let prog = Arc::new(program(k));
        let mut index = vec![u32::MAX; k.code.len()];
        for (n, inst) in prog.insts.iter().enumerate() {
            index[inst.pc as usize / 4] = n as u32;
        }
        let all = |f: fn(&gcnkit::Instr) -> bool| prog.insts.iter().map(|i| f(&i.instr)).collect();
        Known {
            kernel: k.clone(),
            index,
            barrier: all(classify::is_barrier),
            end: all(classify::is_end),
            facts: prog.insts.iter().map(|i| taint::Fact::of(&i.instr)).collect(),
            may_release: all(classify::may_release),
            waitcnt: waitcnt::Rules::infos(&prog),
            hazard: hazard::Rules::infos(&prog),
            prog,
        }
    }

    /// Is this what the checks know of `k` (the same code, entry and start-up)?
    fn of(&self, k: &KernelInfo) -> bool {
        let (a, b) = (&self.kernel, k);
        Arc::ptr_eq(&a.code, &b.code)
            && a.entry == b.entry
            && a.arch == b.arch
            && a.name == b.name
            && a.setup == b.setup
    }
}

impl RunChecker {
    pub fn new(checks: Checks) -> RunChecker {
        RunChecker {
            checks,
            found: Arc::default(),
            order: Mutex::default(),
            past: Arc::default(),
            known: Mutex::default(),
        }
    }

    /// The next launch's place in the order of a program's streams (a HIP runtime tells it
    /// before each launch; without it, launches are not compared with each other).
    pub fn set_order(&self, order: Option<Order>) {
        *self.order.lock().unwrap_or_else(|e| e.into_inner()) = order;
    }

    /// A copy or fill the host gave a stream (`what`: its API) at its place `order` among the
    /// streams' work: device memory `range` (address, bytes) read, or written, compared as a
    /// launch's accesses are with the launches on streams nothing orders it with (`race`).
    pub fn host_op(&self, order: Order, what: &str, range: (u64, u64), write: bool, mem: &Memory) {
        if !self.checks.race {
            return;
        }
        let Some(now) = streams::host_op(order, what, range, write, mem) else {
            return;
        };
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        let mut past = self.past.lock().unwrap_or_else(|e| e.into_inner());
        streams::check_launch(now, &mut past, mem, &mut found);
    }

    /// The findings so far, each distinct one once with its count, in order of kernel and PC.
    pub fn findings(&self) -> Vec<Finding> {
        crate::merge(self.found.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }

    /// Takes the findings so far (the next call gives only newer ones).
    pub fn take(&self) -> Vec<Finding> {
        crate::merge(std::mem::take(
            &mut *self.found.lock().unwrap_or_else(|e| e.into_inner()),
        ))
    }
}

impl Checker for RunChecker {
    fn launch(&self, k: &KernelInfo, groups: [u32; 3], _mem: &Memory) -> Box<dyn Monitor> {
        let known = {
            let mut kept = self.known.lock().unwrap_or_else(|e| e.into_inner());
            let n = match kept.iter().position(|n| n.of(k)) {
                Some(at) => kept.remove(at),
                None => Arc::new(Known::new(k)),
            };
            // The latest last; the least recently launched go (each holds its code object's
            // every instruction).
            kept.push(n.clone());
            if kept.len() > KEPT {
                kept.remove(0);
            }
            n
        };
        let mut l = Launch::new(known, self.checks, self.found.clone(), groups);
        l.order = self.order.lock().unwrap_or_else(|e| e.into_inner()).take();
        l.past = self.past.clone();
        Box::new(l)
    }
}

/// One launch: the kernel as the checks see it, every instruction of its code by PC.
struct Launch {
    checks: Checks,
    /// The kernel's instructions and their facts.
    k: Arc<Known>,
    /// Its place in the order of streams, and the earlier launches to compare it with.
    order: Option<Order>,
    past: Arc<Mutex<Vec<Past>>>,
    found: Arc<Mutex<Vec<Finding>>>,
    /// Memory findings by allocation (space, base) and rule, the first one found with a
    /// count.
    uninit: Mutex<BTreeMap<UninitKey, Finding>>,
    /// Who last touched each dword of device memory in this launch, by region.
    global: RwLock<Vec<Arc<Shadow>>>,
    /// Work-groups per dimension (for linear ids).
    groups: [u32; 3],
    /// Grid barriers released so far (a cooperative launch's `grid.sync()`): each one
    /// forgets who touched device memory before it, since that happened before what follows.
    grid_syncs: std::sync::atomic::AtomicU64,
    /// The releases made ([`Known::may_release`]).
    releases: Releases,
}

impl Launch {
    fn new(k: Arc<Known>, checks: Checks, found: Arc<Mutex<Vec<Finding>>>, groups: [u32; 3]) -> Launch {
        Launch {
            checks,
            k,
            order: None,
            past: Arc::default(),
            found,
            uninit: Mutex::default(),
            global: RwLock::default(),
            groups,
            grid_syncs: Default::default(),
            releases: Releases::default(),
        }
    }

    /// The sides of the dword at `addr` (its region's shadow made on first use); `None`
    /// outside every region or in a runtime's own memory.
    /// The shadow of the region holding `addr` (made on first use); `None` outside every
    /// region or in a runtime's own memory.
    fn shadow(&self, mem: &Memory, addr: u64) -> Option<Arc<Shadow>> {
        {
            let g = self.global.read().unwrap_or_else(|e| e.into_inner());
            let k = g.partition_point(|s| s.base <= addr);
            if let Some(s) = k.checked_sub(1).map(|k| &g[k]).filter(|s| addr - s.base < s.size) {
                return Some(s.clone());
            }
        }
        let r = mem
            .region_holding(addr)
            .filter(|r| !r.internal && addr < r.base + r.size)?;
        let mut g = self.global.write().unwrap_or_else(|e| e.into_inner());
        let k = g.partition_point(|s| s.base <= r.base);
        if k == 0 || g[k - 1].base != r.base {
            g.insert(k, Arc::new(Shadow::new(r.base, r.size)));
        }
        drop(g);
        self.shadow(mem, addr)
    }
}

/// The kernel's instructions: those reachable from its entry, and every other instruction of
/// the code section in a sweep from its start (a callee reached through a register, code
/// after `s_setpc`), where the sweep does not run into a reachable one.
fn program(k: &KernelInfo) -> Program {
    let (insts, problems) = discover(k.arch, &k.code, k.entry);
    let mut by_pc: BTreeMap<u32, Inst> = insts.into_iter().map(|i| (i.pc, i)).collect();
    let mut pc = 0u32;
    let end = k.code.len() as u32 * 4;
    while pc < end {
        if let Some(i) = by_pc.get(&pc) {
            pc += i.instr.size() as u32;
            continue;
        }
        match gcnkit::decode::decode(k.arch, &k.code[pc as usize / 4..]) {
            Ok(i) => {
                let size = i.size() as u32;
                // Stop short of a reachable instruction the sweep would overlap.
                if by_pc.range(pc + 1..pc + size).next().is_none() {
                    by_pc.insert(pc, Inst { pc, instr: i });
                }
                pc += size;
            }
            Err(_) => pc += 4,
        }
    }
    Program {
        name: k.name.clone(),
        arch: k.arch,
        entry: k.entry,
        insts: by_pc.into_values().collect(),
        initial: initial_registers(&k.setup),
        descriptor: None,
        meta: Default::default(),
        symbols: BTreeMap::new(),
        problems,
    }
}

impl Monitor for Launch {
    fn worker(&self) -> Box<dyn Watch + '_> {
        Box::new(Worker {
            l: self,
            waitcnt: waitcnt::Rules::with(&self.k.prog, self.k.waitcnt.clone()),
            hazard: hazard::Rules::with(&self.k.prog, self.k.hazard.clone()),
            group: [0; 3],
            serial: 0,
            waves: Vec::new(),
            lds: Vec::new(),
            found: Vec::new(),
            uninit: BTreeMap::new(),
            mem_taint: taint::MemTaint::default(),
            shadow: None,
            shadow_syncs: 0,
            paths: HashMap::new(),
            key: Vec::new(),
            stamp: 0,
            acquired: HashMap::new(),
            releasing: None,
        })
    }

    fn grid_synced(&self) {
        self.global.write().unwrap_or_else(|e| e.into_inner()).clear();
        self.grid_syncs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    fn finish(&self, mem: &Memory) {
        let uninit = std::mem::take(&mut *self.uninit.lock().unwrap_or_else(|e| e.into_inner()));
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found.extend(uninit.into_values());
        if let (true, Some(order)) = (self.checks.race, self.order.clone()) {
            let now = Past {
                order,
                who: streams::Who::Kernel {
                    prog: self.k.prog.clone(),
                    groups: self.groups,
                },
                shadows: self.global.read().unwrap_or_else(|e| e.into_inner()).clone(),
            };
            let mut past = self.past.lock().unwrap_or_else(|e| e.into_inner());
            streams::check_launch(now, &mut past, mem, &mut found);
        }
    }
}

/// A wave's state beside the machine's.
#[derive(Default)]
struct WaveState {
    out: Outstanding,
    recent: Recent,
    /// Barriers the wave has passed: accesses of two waves with the same count are not
    /// ordered by one.
    epoch: u32,
    /// The lanes EXEC had at the instruction being executed.
    exec: u64,
    /// Lanes of VGPRs holding values read from memory nobody wrote, and the last such load
    /// (its PC, allocation, description).
    taint: taint::Taint,
    origin: Option<(u32, (u8, u64), String)>,
    /// The instructions (index, EXEC) the wait and hazard rules have not stepped yet: a
    /// wave's whole path is stepped when it ends, unless a wave before took the same one.
    path: Vec<(u32, u64)>,
    /// The path grew past [`PATH_MEMO`]: the rules step each instruction as it comes.
    direct: bool,
}

/// The longest path remembered: the rules are a function of the path alone (each wave starts
/// with nothing outstanding), so a wave taking a path another wave of the launch took finds
/// what that one found; short paths repeat (every wave of a saxpy), long ones rarely do.
const PATH_MEMO: usize = 4096;

/// Who last touched an LDS byte in this work-group (`serial` tells work-groups apart, so
/// the table is never cleared).
#[derive(Clone, Copy, Default)]
struct LdsByte {
    serial: u64,
    write: Option<LdsSide>,
    /// The last read, and the last by another wave than that one.
    reads: [Option<LdsSide>; 2],
}

#[derive(Clone, Copy)]
struct LdsSide {
    epoch: u32,
    wave: u16,
    lane: u8,
    pc: u32,
}

struct Worker<'l> {
    l: &'l Launch,
    waitcnt: waitcnt::Rules<'l>,
    hazard: hazard::Rules<'l>,
    group: [u32; 3],
    serial: u64,
    waves: Vec<WaveState>,
    lds: Vec<LdsByte>,
    found: Vec<Finding>,
    uninit: BTreeMap<((u8, u64), String), Finding>,
    /// LDS and scratch bytes the work-group's stores tainted.
    mem_taint: taint::MemTaint,
    /// The device-memory shadow the last access used, and the launch's grid barriers when
    /// it was taken (a barrier since makes it stale).
    shadow: Option<Arc<Shadow>>,
    shadow_syncs: u64,
    /// Paths waves have taken, with what the rules found along them (at which step).
    paths: HashMap<Vec<u32>, Vec<(usize, Finding)>>,
    /// The path being looked up (kept to save its allocation).
    key: Vec<u32>,
    /// The work-group's releases so far, the dwords it acquired (the place in the order of
    /// its last acquire of each) and the release its current instruction began
    /// ([`crate::order`]).
    stamp: u32,
    acquired: HashMap<u64, u64>,
    releasing: Option<u64>,
}

fn lanes_of(exec: u64) -> Vec<u8> {
    (0..64u8).filter(|&l| exec >> l & 1 != 0).collect()
}

impl Worker<'_> {
    fn place(&self, wave: usize, lanes: Vec<u8>) -> Place {
        Place {
            group: self.group,
            wave: wave as u32,
            lanes,
        }
    }

    fn text(&self, k: usize) -> String {
        crate::instr_text(&self.l.k.prog.insts[k])
    }

    fn at(&self, pc: u32) -> Option<usize> {
        self.l
            .k
            .index
            .get(pc as usize / 4)
            .copied()
            .filter(|&k| k != u32::MAX)
            .map(|k| k as usize)
    }

    /// Where an access that read bytes nobody wrote went: its allocation (space, base) and
    /// a description.
    fn unwritten(x: &Access, mem: &Memory) -> Option<((u8, u64), String)> {
        match x.space {
            Space::Lds => Some(((1, 0), format!("LDS offset 0x{:x}", x.addr))),
            Space::Global | Space::Private => mem.region_holding(x.addr).map(|r| {
                (
                    (0, r.base),
                    format!("0x{:x}: {}", x.addr, mem.whereabouts(x.addr).unwrap_or_default()),
                )
            }),
        }
    }

    /// A memory finding, once per allocation (its key) with a count.
    #[allow(clippy::too_many_arguments)]
    fn memory_finding(
        &mut self,
        wave: usize,
        k: usize,
        key: (u8, u64),
        rule: &str,
        message: String,
        what: String,
        lanes: Vec<u8>,
        other: Option<u32>,
    ) {
        let n = lanes.len().max(1) as u32;
        if let Some(f) = self.uninit.get_mut(&(key, rule.to_string())) {
            f.count += n;
            return;
        }
        let other_k = other.and_then(|pc| self.at(pc));
        let f = Finding {
            check: Check::Memory,
            severity: Severity::Error,
            rule: rule.into(),
            kernel: self.l.k.prog.name.clone(),
            pc: self.l.k.prog.insts[k].pc,
            instruction: self.text(k),
            other_pc: other_k.map(|o| self.l.k.prog.insts[o].pc),
            other_instruction: other_k.map(|o| self.text(o)),
            message,
            count: n,
            place: Some(self.place(wave, lanes)),
            address: Some(what),
            ..Finding::default()
        };
        self.uninit.insert((key, rule.to_string()), f);
    }

    /// Global accesses past their allocation's end, inside its pages: a GPU does not fault
    /// there (it reads or overwrites whatever lies in the page), so the run goes on; reported
    /// once per allocation with a count, as compute-sanitizer reports an invalid access.
    fn out_of_bounds(&mut self, wave: usize, k: usize, a: &[Access], mem: &Memory) {
        let mut hit: Option<(&Access, u64)> = None;
        let mut lanes = 0u64;
        // The region of the access before (a wave's lanes mostly reach one): no search.
        let mut last: Option<&gcnkit::emu::memory::Region> = None;
        for x in a.iter().filter(|x| x.space == Space::Global) {
            let r = match last.filter(|r| x.addr.wrapping_sub(r.base) < r.reach) {
                Some(r) => r,
                None => match mem.region_at(x.addr) {
                    Some(r) => *last.insert(r),
                    None => continue,
                },
            };
            if r.internal || r.within(x.addr - r.base, x.bytes as u64) {
                continue;
            }
            lanes |= 1 << x.lane;
            hit.get_or_insert((x, r.base));
        }
        let Some((x, base)) = hit else { return };
        let what = format!("0x{:x}: {}", x.addr, mem.whereabouts(x.addr).unwrap_or_default());
        let (verb, gets) = match x.kind {
            AccessKind::Read => ("reads", "the load gets whatever lies there"),
            _ => ("writes", "the store overwrites whatever lies there"),
        };
        let message = format!(
            "{verb} {} bytes outside its allocation ({what}): a GPU does not fault inside the allocation's last page; {gets}",
            x.bytes
        );
        self.memory_finding(
            wave,
            k,
            (0, base),
            "out-of-bounds",
            message,
            what,
            lanes_of(lanes),
            None,
        );
    }

    /// A scalar load of bytes nobody wrote (scalar values are addresses and loop bounds:
    /// reported where they are read).
    fn uninitialised(&mut self, wave: usize, pc: u32, a: &[Access], mem: &Memory) {
        let Some(k) = self.at(pc) else { return };
        if let Some(x) = a.iter().find(|x| !x.defined && x.kind != AccessKind::Write) {
            if let Some((key, what)) = Self::unwritten(x, mem) {
                let message = format!("reads memory that nothing wrote ({what}): on a GPU it holds whatever was there");
                self.memory_finding(wave, k, key, "uninitialised-read", message, what, Vec::new(), None);
            }
        }
    }

    /// A use of a value read from memory nobody wrote (`taint`): reported at the use, naming
    /// the load.
    fn tainted_use(&mut self, wave: usize, k: usize, u: taint::Use, lanes: u64) {
        let Some((opc, key, what)) = self.waves[wave].origin.clone() else {
            return;
        };
        let message = format!(
            "{} a value read from memory nobody wrote ({what}, by the load at 0x{opc:x}): on a GPU it is whatever was there",
            u.says()
        );
        self.memory_finding(
            wave,
            k,
            key,
            "uninitialised-use",
            message,
            what,
            lanes_of(lanes),
            Some(opc),
        );
    }

    /// A race finding at instruction `k` against the one at `opc`.
    #[allow(clippy::too_many_arguments)]
    fn race(
        &mut self,
        k: usize,
        opc: u32,
        rule: &str,
        message: String,
        needs: &str,
        here: Place,
        there: Place,
        address: String,
    ) {
        let Some(ok) = self.at(opc) else { return };
        let f = Finding {
            check: Check::Race,
            severity: Severity::Error,
            rule: rule.into(),
            kernel: self.l.k.prog.name.clone(),
            pc: self.l.k.prog.insts[k].pc,
            instruction: self.text(k),
            other_pc: Some(opc),
            other_instruction: Some(self.text(ok)),
            message,
            needs: needs.into(),
            count: 1,
            place: Some(here),
            other_place: Some(there),
            address: Some(address),
            ..Finding::default()
        };
        self.found.push(f);
    }

    fn lds_races(&mut self, wave: usize, pc: u32, a: &[Access]) {
        let Some(k) = self.at(pc) else { return };
        let epoch = self.waves[wave].epoch;
        let serial = self.serial;
        let me_wave = wave as u16;
        // Conflicts by the other side (its instruction, wave) and whether this one writes:
        // the other side, the first byte, the lanes here.
        let mut hits: BTreeMap<(u32, u16, bool), Hit> = BTreeMap::new();
        for x in a
            .iter()
            .filter(|x| x.space == Space::Lds && x.kind != AccessKind::Atomic)
        {
            let end = (x.addr + x.bytes as u64) as usize;
            if self.lds.len() < end {
                self.lds.resize(end, LdsByte::default());
            }
            let write = x.kind == AccessKind::Write;
            let me = LdsSide {
                epoch,
                wave: me_wave,
                lane: x.lane,
                pc,
            };
            for b in x.addr as usize..end {
                let e = &mut self.lds[b];
                if e.serial != serial {
                    *e = LdsByte {
                        serial,
                        ..LdsByte::default()
                    };
                }
                let unordered = |s: &Option<LdsSide>| s.filter(|s| s.epoch == epoch && s.wave != me_wave);
                let mut other = unordered(&e.write);
                if write && other.is_none() {
                    other = unordered(&e.reads[0]).or(unordered(&e.reads[1]));
                }
                if let Some(o) = other {
                    let h = hits.entry((o.pc, o.wave, write)).or_insert((o, b as u64, Vec::new()));
                    if h.2.last() != Some(&x.lane) {
                        h.2.push(x.lane);
                    }
                }
                if write {
                    e.write = Some(me);
                } else if e.reads[0].is_some_and(|r| r.wave == me_wave) {
                    e.reads[0] = Some(me);
                } else {
                    e.reads[1] = e.reads[0];
                    e.reads[0] = Some(me);
                }
            }
        }
        for ((opc, owave, write), (o, addr, lanes)) in hits {
            let this = if write { "writes" } else { "reads" };
            let message = format!(
                "wave {wave} {this} LDS 0x{addr:x}, which wave {owave} also accessed (lane {}, at 0x{opc:x}) with no s_barrier between them: which comes first is the hardware's choice",
                o.lane
            );
            let (here, there) = (self.place(wave, lanes), self.place(owave as usize, vec![o.lane]));
            let needs = "s_barrier between the two (the access before it waited for: s_waitcnt lgkmcnt(0))";
            self.race(
                k,
                opc,
                "lds-race",
                message,
                needs,
                here,
                there,
                format!("LDS offset 0x{addr:x}"),
            );
        }
    }
}

impl Worker<'_> {
    /// The work-group's linear id.
    fn linear_group(&self) -> u32 {
        let (gr, g) = (self.l.groups, self.group);
        g[0] + gr[0] * (g[1] + gr[1] * g[2])
    }

    /// The instruction's atomics and coherent accesses of device memory: the release it
    /// began ([`Watch::instruction`]) logged with the dwords it wrote, and the dwords it read
    /// acquired ([`crate::order`]). A runtime's own memory (the hostcall buffer every
    /// `printf` goes through) orders nothing.
    fn release_acquire(&mut self, a: &[Access], mem: &Memory) {
        let talks = |x: &&Access| {
            x.space == Space::Global
                && (x.kind == AccessKind::Atomic || x.coherent)
                && mem.region_holding(x.addr).is_some_and(|r| !r.internal)
        };
        let dwords = |x: &Access| (x.addr & !3..x.addr + x.bytes as u64).step_by(4);
        if let Some(at) = self.releasing.take() {
            let mut words: Vec<u64> = a
                .iter()
                .filter(talks)
                .filter(|x| x.kind != AccessKind::Read)
                .flat_map(dwords)
                .collect();
            words.sort_unstable();
            words.dedup();
            self.l.releases.end(self.linear_group(), self.stamp, at, &words);
            if !words.is_empty() {
                self.stamp += 1;
            }
        }
        let mut now = None;
        for x in a.iter().filter(talks).filter(|x| x.kind != AccessKind::Write) {
            let now = *now.get_or_insert_with(|| self.l.releases.now());
            for w in dwords(x) {
                self.acquired.insert(w, now);
            }
        }
    }

    /// Accesses of device memory by another work-group of the launch (nothing orders them).
    fn global_races(&mut self, wave: usize, pc: u32, a: &[Access], mem: &Memory) {
        let Some(k) = self.at(pc) else { return };
        let syncs = self.l.grid_syncs.load(std::sync::atomic::Ordering::Relaxed);
        if syncs != self.shadow_syncs {
            self.shadow = None;
            self.shadow_syncs = syncs;
        }
        let gr = self.l.groups;
        let me = Side {
            site: site(self.linear_group(), wave, pc),
            stamp: self.stamp,
        };
        // Conflicts by the other side and whether this one writes: the first address, lanes.
        let mut hits: BTreeMap<(Side, bool), (u64, Vec<u8>)> = BTreeMap::new();
        // The accesses a chunk at a time: its dwords' mask and the lane at each.
        let mut pending: Option<(Arc<Shadow>, usize, bool, u64)> = None;
        let mut lane_at = [0u8; 64];
        let flush = |p: Option<(Arc<Shadow>, usize, bool, u64)>,
                     lane_at: &[u8; 64],
                     hits: &mut BTreeMap<(Side, bool), (u64, Vec<u8>)>| {
            if let Some((sh, c, write, mask)) = p {
                sh.touch(c, mask, write, me, |bit, o| {
                    let addr = sh.base + 4 * (c as u64 * 64 + bit as u64);
                    let h = hits.entry((o, write)).or_insert((addr, Vec::new()));
                    let lane = lane_at[bit as usize];
                    if !h.1.contains(&lane) {
                        h.1.push(lane);
                    }
                });
            }
        };
        // A coalesced access (whole dwords one after another, one region): chunk by chunk
        // without looking at each dword's region.
        let x0 = a.first().filter(|x| x.addr & 3 == 0);
        let coalesced = x0.is_some_and(|x0| {
            x0.space == Space::Global
                && x0.kind != AccessKind::Atomic
                && !x0.coherent
                && a.iter().enumerate().all(|(i, x)| {
                    x.addr == x0.addr + 4 * i as u64
                        && x.bytes == 4
                        && x.kind == x0.kind
                        && x.space == x0.space
                        && !x.coherent
                })
        });
        let mut done = false;
        if let Some(x0) = x0.filter(|_| coalesced) {
            let end = x0.addr + 4 * a.len() as u64;
            if self
                .shadow
                .as_ref()
                .is_none_or(|s| x0.addr.wrapping_sub(s.base) >= s.size)
            {
                self.shadow = self.l.shadow(mem, x0.addr);
            }
            if let Some(sh) = self
                .shadow
                .clone()
                .filter(|s| x0.addr >= s.base && end - s.base <= s.size)
            {
                done = true;
                let write = x0.kind == AccessKind::Write;
                let mut i = 0;
                while i < a.len() {
                    let (c, bit) = sh.place(a[i].addr);
                    let n = (64 - bit as usize).min(a.len() - i);
                    for (k, x) in a[i..i + n].iter().enumerate() {
                        lane_at[bit as usize + k] = x.lane;
                    }
                    let mask = if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << bit };
                    flush(Some((sh.clone(), c, write, mask)), &lane_at, &mut hits);
                    i += n;
                }
            }
        }
        for x in a
            .iter()
            .filter(|_| !done)
            .filter(|x| x.space == Space::Global && x.kind != AccessKind::Atomic && !x.coherent)
        {
            let write = x.kind == AccessKind::Write;
            let mut d = x.addr & !3;
            while d < x.addr + x.bytes as u64 {
                // The region's shadow: the one of the access before, most of the time.
                if self.shadow.as_ref().is_none_or(|s| d.wrapping_sub(s.base) >= s.size) {
                    self.shadow = self.l.shadow(mem, d);
                }
                if let Some(sh) = self.shadow.as_ref().filter(|s| d.wrapping_sub(s.base) < s.size) {
                    let (c, bit) = sh.place(d);
                    // Part of the dword (a byte or short access, or a misaligned one's ends):
                    // its bytes are compared with what others touched of it.
                    let (from, to) = (x.addr.max(d), (x.addr + x.bytes as u64).min(d + 4));
                    if to - from < 4 {
                        let bytes = ((1u8 << (to - from)) - 1) << (from - d);
                        for o in sh
                            .touch_bytes(c, bit, bytes, write, me)
                            .into_iter()
                            .filter(|o| o.is_some())
                        {
                            let h = hits.entry((o, write)).or_insert((from, Vec::new()));
                            if !h.1.contains(&x.lane) {
                                h.1.push(x.lane);
                            }
                        }
                        d += 4;
                        continue;
                    }
                    let same = pending
                        .as_ref()
                        .is_some_and(|p| Arc::ptr_eq(&p.0, sh) && p.1 == c && p.2 == write);
                    if !same {
                        flush(pending.take(), &lane_at, &mut hits);
                        pending = Some((sh.clone(), c, write, 0));
                    }
                    if let Some(p) = pending.as_mut() {
                        p.3 |= 1 << bit;
                    }
                    lane_at[bit as usize] = x.lane;
                }
                d += 4;
            }
        }
        flush(pending.take(), &lane_at, &mut hits);
        // What this work-group acquired after the other released it is ordered.
        if !self.acquired.is_empty() {
            hits.retain(|(o, _), _| !self.l.releases.ordered(*o, &self.acquired));
        }
        for v in hits.values_mut() {
            v.1.sort_unstable();
        }
        for ((o, write), (addr, lanes)) in hits {
            let (og, ow, opc) = (
                o.group().unwrap_or(0),
                (o.site >> 24 & 0xff) as u32,
                (o.site & 0xff_ffff) as u32,
            );
            let other_id = [og % gr[0], og / gr[0] % gr[1], og / (gr[0] * gr[1])];
            let this = if write { "writes" } else { "reads" };
            let message = format!(
                "{this} memory that work-group ({},{},{}) also accessed (wave {ow}, at 0x{opc:x}), one of them writing: nothing orders the work-groups of a launch",
                other_id[0], other_id[1], other_id[2]
            );
            let there = Place {
                group: other_id,
                wave: ow,
                lanes: Vec::new(),
            };
            let address = format!("0x{addr:x}: {}", mem.whereabouts(addr).unwrap_or_default());
            let here = self.place(wave, lanes);
            self.race(
                k,
                opc,
                "global-race",
                message,
                "atomics, or separate launches",
                here,
                there,
                address,
            );
        }
    }
}

impl Worker<'_> {
    /// Steps the wait and hazard rules along the wave's unstepped path; what they find, with
    /// the step it was found at.
    fn step_rules(&mut self, wave: usize) -> Vec<(usize, Finding)> {
        let ws = &mut self.waves[wave];
        let mut found = Vec::new();
        let mut at = Vec::new();
        for (n, &(k, _)) in ws.path.iter().enumerate() {
            if self.l.checks.waitcnt {
                self.waitcnt.step(k as usize, &mut ws.out, Some(&mut found));
            }
            if self.l.checks.hazard {
                self.hazard.step(k as usize, &mut ws.recent, Some(&mut found));
            }
            at.resize(found.len(), n);
        }
        at.into_iter().zip(found).collect()
    }

    /// Reports findings made along the wave's path, each placed at the lanes EXEC had there.
    fn place_findings(&mut self, wave: usize, found: &[(usize, Finding)]) {
        for (n, f) in found {
            let mut f = f.clone();
            // Vector registers: the lanes EXEC has; scalar ones: the wave.
            let vector = f.registers.iter().any(|r| r.starts_with('v'));
            let exec = self.waves[wave].path[*n].1;
            f.place = Some(self.place(wave, if vector { lanes_of(exec) } else { Vec::new() }));
            self.found.push(f);
        }
    }

    /// Steps the rules along what the wave's path has so far and forgets it.
    fn step_path(&mut self, wave: usize) {
        let found = self.step_rules(wave);
        self.place_findings(wave, &found);
        self.waves[wave].path.clear();
    }

    /// The wave ended: its path is stepped, or what was found along the same path before is
    /// reported again here.
    fn path_ended(&mut self, wave: usize) {
        if self.waves[wave].direct {
            return self.step_path(wave);
        }
        let key = &mut self.key;
        key.clear();
        key.extend(self.waves[wave].path.iter().map(|&(k, _)| k));
        let found = match self.paths.get(&key[..]) {
            Some(f) => f.clone(),
            None => {
                let f = self.step_rules(wave);
                self.paths.insert(self.key.clone(), f.clone());
                f
            }
        };
        self.place_findings(wave, &found);
        self.waves[wave].path.clear();
    }

    /// Waves that stopped without `s_endpgm` (a fault, the budget): their paths so far.
    fn flush_paths(&mut self) {
        for wave in 0..self.waves.len() {
            if !self.waves[wave].path.is_empty() {
                self.step_path(wave);
            }
        }
    }
}

impl Watch for Worker<'_> {
    fn group(&mut self, id: [u32; 3], waves: usize) {
        self.flush_paths();
        if let Some(at) = self.releasing.take() {
            self.l.releases.end(self.linear_group(), self.stamp, at, &[]);
        }
        self.group = id;
        self.serial += 1;
        self.waves.clear();
        self.waves.resize_with(waves, WaveState::default);
        self.mem_taint.clear();
        self.stamp = 0;
        self.acquired.clear();
    }

    fn instruction(&mut self, wave: usize, pc: u32, w: &Wave) {
        let Some(k) = self.at(pc) else { return };
        let exec = w.exec();
        let l = self.l;
        let ws = &mut self.waves[wave];
        ws.exec = exec;
        if l.checks.waitcnt || l.checks.hazard {
            ws.path.push((k as u32, exec));
            if l.k.end[k] {
                self.path_ended(wave);
            } else if ws.path.len() >= PATH_MEMO {
                let ws = &mut self.waves[wave];
                ws.direct = true;
                self.step_path(wave);
            } else if ws.direct {
                self.step_path(wave);
            }
        }
        if l.checks.race && l.k.may_release[k] {
            self.releasing = Some(l.releases.begin(self.linear_group()));
        }
        let ws = &mut self.waves[wave];
        if l.k.barrier[k] {
            ws.epoch += 1;
        }
        let used = if l.checks.memory {
            ws.taint.before(&l.k.facts[k], exec, w)
        } else {
            None
        };
        if let Some((u, lanes)) = used {
            self.tainted_use(wave, k, u, lanes);
        }
    }

    fn accesses(&mut self, wave: usize, pc: u32, a: &[Access], mem: &Memory) {
        if let (true, Some(k)) = (self.l.checks.memory, self.at(pc)) {
            self.out_of_bounds(wave, k, a, mem);
            let fact = &self.l.k.facts[k];
            if !fact.memory {
                self.uninitialised(wave, pc, a, mem);
            } else {
                let ws = &mut self.waves[wave];
                if let Some(x) = a.iter().find(|x| !x.defined && x.kind != AccessKind::Write) {
                    if let Some((key, what)) = Self::unwritten(x, mem) {
                        ws.origin = Some((pc, key, what));
                    }
                }
                let exec = ws.exec;
                if let Some((u, lanes)) = ws.taint.after(fact, exec, a, &mut self.mem_taint) {
                    self.tainted_use(wave, k, u, lanes);
                }
            }
        }
        if self.l.checks.race {
            self.release_acquire(a, mem);
            self.lds_races(wave, pc, a);
            self.global_races(wave, pc, a, mem);
        }
    }
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        self.flush_paths();
        if let Some(at) = self.releasing.take() {
            self.l.releases.end(self.linear_group(), self.stamp, at, &[]);
        }
        let found = std::mem::take(&mut self.found);
        self.l.found.lock().unwrap_or_else(|e| e.into_inner()).extend(found);
        let mut all = self.l.uninit.lock().unwrap_or_else(|e| e.into_inner());
        for (key, f) in std::mem::take(&mut self.uninit) {
            match all.get_mut(&key) {
                Some(g) => g.count += f.count,
                None => {
                    all.insert(key, f);
                }
            }
        }
    }
}
