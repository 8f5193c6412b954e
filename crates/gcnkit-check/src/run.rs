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
//!   with no `s_barrier` between them (atomics excepted).

use crate::classify;
use crate::hazard::{self, Recent};
use crate::waitcnt::{self, Outstanding};
use crate::{Check, Finding, Place, Severity};
use gcnkit::emu::dispatch::KernelInfo;
use gcnkit::emu::memory::Memory;
use gcnkit::emu::monitor::{Access, AccessKind, Checker, Monitor, Space, Watch};
use gcnkit::emu::Wave;
use gcnkit_analyze::program::{discover, initial_registers, Inst, Program};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

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

/// The checks of every launch of a run; the findings pile up in [`RunChecker::findings`].
pub struct RunChecker {
    checks: Checks,
    found: Arc<Mutex<Vec<Finding>>>,
}

impl RunChecker {
    pub fn new(checks: Checks) -> RunChecker {
        RunChecker {
            checks,
            found: Arc::default(),
        }
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
    fn launch(&self, k: &KernelInfo, _mem: &Memory) -> Box<dyn Monitor> {
        Box::new(Launch::new(k, self.checks, self.found.clone()))
    }
}

/// One launch: the kernel as the checks see it, every instruction of its code by PC.
struct Launch {
    checks: Checks,
    prog: Program,
    /// Instruction index by `pc / 4` (`u32::MAX`: none starts there).
    index: Vec<u32>,
    barrier: Vec<bool>,
    found: Arc<Mutex<Vec<Finding>>>,
    /// Uninitialised reads by allocation (space, base), the first one found with a count.
    uninit: Mutex<BTreeMap<(u8, u64), Finding>>,
}

impl Launch {
    fn new(k: &KernelInfo, checks: Checks, found: Arc<Mutex<Vec<Finding>>>) -> Launch {
        let prog = program(k);
        let mut index = vec![u32::MAX; k.code.len()];
        for (n, inst) in prog.insts.iter().enumerate() {
            index[inst.pc as usize / 4] = n as u32;
        }
        let barrier = prog.insts.iter().map(|i| classify::is_barrier(&i.instr)).collect();
        Launch {
            checks,
            prog,
            index,
            barrier,
            found,
            uninit: Mutex::default(),
        }
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
            waitcnt: waitcnt::Rules::new(&self.prog),
            hazard: hazard::Rules::new(&self.prog),
            group: [0; 3],
            serial: 0,
            waves: Vec::new(),
            lds: Vec::new(),
            found: Vec::new(),
            uninit: BTreeMap::new(),
        })
    }

    fn finish(&self) {
        let uninit = std::mem::take(&mut *self.uninit.lock().unwrap_or_else(|e| e.into_inner()));
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found.extend(uninit.into_values());
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
}

/// Who last touched an LDS byte in this work-group (`serial` tells work-groups apart, so
/// the table is never cleared).
#[derive(Clone, Copy, Default)]
struct LdsByte {
    serial: u64,
    write: Option<Side>,
    /// The last read, and the last by another wave than that one.
    reads: [Option<Side>; 2],
}

#[derive(Clone, Copy)]
struct Side {
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
    uninit: BTreeMap<(u8, u64), Finding>,
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
        crate::instr_text(&self.l.prog.insts[k])
    }

    fn at(&self, pc: u32) -> Option<usize> {
        self.l
            .index
            .get(pc as usize / 4)
            .copied()
            .filter(|&k| k != u32::MAX)
            .map(|k| k as usize)
    }

    fn uninitialised(&mut self, wave: usize, pc: u32, a: &[Access], mem: &Memory) {
        let Some(k) = self.at(pc) else { return };
        // By allocation: the first address and the lanes of each.
        let mut by: BTreeMap<(u8, u64), (u64, String, Vec<u8>)> = BTreeMap::new();
        for x in a.iter().filter(|x| !x.defined && x.kind != AccessKind::Write) {
            let (key, what) = match x.space {
                Space::Lds => ((1, 0), format!("LDS offset 0x{:x}", x.addr)),
                Space::Global => match mem.region_holding(x.addr) {
                    Some(r) => (
                        (0, r.base),
                        format!("0x{:x}: {}", x.addr, mem.whereabouts(x.addr).unwrap_or_default()),
                    ),
                    None => continue,
                },
            };
            let lanes = &mut by.entry(key).or_insert((x.addr, what, Vec::new())).2;
            if lanes.last() != Some(&x.lane) {
                lanes.push(x.lane);
            }
        }
        for (key, (_, what, lanes)) in by {
            let n = lanes.len() as u32;
            if let Some(f) = self.uninit.get_mut(&key) {
                f.count += n;
                continue;
            }
            let space = if key.0 == 1 { "LDS" } else { "memory" };
            let f = Finding {
                check: Check::Memory,
                severity: Severity::Error,
                rule: "uninitialised-read".into(),
                kernel: self.l.prog.name.clone(),
                pc: self.l.prog.insts[k].pc,
                instruction: self.text(k),
                message: format!("reads {space} that nothing wrote ({what}): on a GPU it holds whatever was there"),
                count: n,
                place: Some(self.place(wave, lanes)),
                address: Some(what),
                ..Finding::default()
            };
            self.uninit.insert(key, f);
        }
    }

    fn lds_races(&mut self, wave: usize, pc: u32, a: &[Access]) {
        let Some(k) = self.at(pc) else { return };
        let epoch = self.waves[wave].epoch;
        let serial = self.serial;
        let me_wave = wave as u16;
        // Conflicts by the other side (its instruction, wave) and whether this one writes:
        // the other side, the first byte, the lanes here.
        let mut hits: BTreeMap<(u32, u16, bool), (Side, u64, Vec<u8>)> = BTreeMap::new();
        for x in a
            .iter()
            .filter(|x| x.space == Space::Lds && x.kind != AccessKind::Atomic)
        {
            let end = (x.addr + x.bytes as u64) as usize;
            if self.lds.len() < end {
                self.lds.resize(end, LdsByte::default());
            }
            let write = x.kind == AccessKind::Write;
            let me = Side {
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
                let unordered = |s: &Option<Side>| s.filter(|s| s.epoch == epoch && s.wave != me_wave);
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
            let Some(ok) = self.at(opc) else { continue };
            let this = if write { "writes" } else { "reads" };
            let f = Finding {
                check: Check::Race,
                severity: Severity::Error,
                rule: "lds-race".into(),
                kernel: self.l.prog.name.clone(),
                pc: self.l.prog.insts[k].pc,
                instruction: self.text(k),
                other_pc: Some(opc),
                other_instruction: Some(self.text(ok)),
                message: format!(
                    "wave {wave} {this} LDS 0x{addr:x}, which wave {owave} also accessed (lane {}, at 0x{opc:x}) with no s_barrier between them: which comes first is the hardware's choice",
                    o.lane
                ),
                needs: "s_barrier between the two (the access before it waited for: s_waitcnt lgkmcnt(0))".into(),
                count: 1,
                place: Some(self.place(wave, lanes)),
                other_place: Some(self.place(owave as usize, vec![o.lane])),
                address: Some(format!("LDS offset 0x{addr:x}")),
                ..Finding::default()
            };
            self.found.push(f);
        }
    }
}

impl Watch for Worker<'_> {
    fn group(&mut self, id: [u32; 3], waves: usize) {
        self.group = id;
        self.serial += 1;
        self.waves.clear();
        self.waves.resize_with(waves, WaveState::default);
    }

    fn instruction(&mut self, wave: usize, pc: u32, w: &Wave) {
        let Some(k) = self.at(pc) else { return };
        let exec = w.exec();
        let mut found = Vec::new();
        let ws = &mut self.waves[wave];
        ws.exec = exec;
        if self.l.checks.waitcnt {
            self.waitcnt.step(k, &mut ws.out, Some(&mut found));
        }
        if self.l.checks.hazard {
            self.hazard.step(k, &mut ws.recent, Some(&mut found));
        }
        if self.l.barrier[k] {
            ws.epoch += 1;
        }
        for mut f in found {
            // Vector registers: the lanes EXEC has; scalar ones: the wave.
            let vector = f.registers.iter().any(|r| r.starts_with('v'));
            f.place = Some(self.place(wave, if vector { lanes_of(exec) } else { Vec::new() }));
            self.found.push(f);
        }
    }

    fn accesses(&mut self, wave: usize, pc: u32, a: &[Access], mem: &Memory) {
        if self.l.checks.memory {
            self.uninitialised(wave, pc, a, mem);
        }
        if self.l.checks.race {
            self.lds_races(wave, pc, a);
        }
    }
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
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
