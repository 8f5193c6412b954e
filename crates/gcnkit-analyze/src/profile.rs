//! A profile of a run (`gcnkit run --profile`, `gcnkit exec --profile`): how many times each
//! instruction of a kernel was executed by a wave, the lanes active when it was, and what the
//! waves waited at `s_barrier` and `s_waitcnt` — collected through the kernel machine's
//! monitor API ([`gcnkit::emu::monitor`]), so every instruction takes the machine's general
//! path while a profile is taken (slower than a plain run; the counts are exact).
//!
//! Time, here, is the machine's own: instructions. The machine runs the waves of a
//! work-group one after another up to each barrier, and a memory operation completes as it
//! is issued, so what "waiting" means has to be defined:
//!
//! - **Barrier wait**: the waves of a work-group are taken to issue one instruction each per
//!   step (lock-step). A wave that reaches a barrier after `n` instructions since its previous
//!   barrier (or its start), while the slowest wave of the group that takes part (every wave
//!   not yet ended) needs `m`, waits `m - n` instructions there. This measures the group's
//!   imbalance between barriers; it does not depend on the order the machine ran the waves in.
//! - **s_waitcnt cover**: the counters of each wave are modelled (VM_CNT: buffer, image and
//!   flat/global/scratch operations; LGKM_CNT: scalar memory, LDS/GDS and flat operations;
//!   EXP_CNT: exports; in issue order). An execution of `s_waitcnt` *waits* when it needs an
//!   operation still counted to complete; its *cover* is the number of instructions the wave
//!   issued between the newest such operation and the `s_waitcnt` — the latency a GPU would
//!   have had to hide in them. A small cover on a hot `s_waitcnt` is where a real GPU stalls.

use crate::program::{discover, Inst};
use gcnkit::emu::dispatch::KernelInfo;
use gcnkit::emu::memory::Memory;
use gcnkit::emu::monitor::{Access, Checker, Monitor, Watch};
use gcnkit::emu::Wave;
use gcnkit::isa::{Flow, Sem};
use gcnkit::layout::{operands, Role};
use gcnkit::{Arch, Enc, Instr};
use serde_json::{json, Value};
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};

/// The counts of one instruction (by its byte offset in the code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Times a wave executed it.
    pub count: u64,
    /// Sum over those executions of the lanes active (EXEC's population count as it began).
    pub lanes: u64,
    /// `s_barrier`: executions that waited (a lock-step wait above zero); `s_waitcnt`:
    /// executions that had to wait for an operation still counted.
    pub waits: u64,
    /// `s_barrier`: instructions waited in all (lock-step); `s_waitcnt`: the cover, summed.
    pub wait: u64,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.count += o.count;
        self.lanes += o.lanes;
        self.waits += o.waits;
        self.wait += o.wait;
    }
}

/// What the profile of one kernel (one launch, or several added) holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub kernel: String,
    pub arch: Arch,
    /// A fingerprint of the kernel's code ([`fingerprint`]): a profile is put on the code it
    /// was taken of only.
    pub code: String,
    pub launches: u64,
    pub workgroups: u64,
    pub waves: u64,
    /// By byte offset in the code (as the analysis and `--trace` number them).
    pub pcs: BTreeMap<u32, Counts>,
}

/// The JSON schema's version.
pub const VERSION: u64 = 1;

/// FNV-1a over the kernel's reachable instructions (offset and words): the same for the
/// analysis of a code object and for a run of it.
pub fn fingerprint(insts: &[Inst]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: u32| {
        for b in x.to_le_bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for i in insts {
        eat(i.pc);
        for w in i.instr.words() {
            eat(*w);
        }
    }
    format!("fnv1a64:{h:016x}")
}

/// What an instruction is to the profiler.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Kind {
    /// Counts lane-operations (a vector ALU instruction, as `--stats` counts them).
    vector: bool,
    barrier: bool,
    /// `s_waitcnt`'s counters (vmcnt, expcnt, lgkmcnt), their maximum meaning no wait.
    waitcnt: Option<[u32; 3]>,
    /// Counters the instruction increments (vmcnt, expcnt, lgkmcnt).
    counts: [bool; 3],
}

fn kind(arch: Arch, i: &Instr) -> Kind {
    let mut k = Kind::default();
    let Some(d) = i.def() else { return k };
    k.vector = matches!(d.sem, Some(Sem::Vector(_)));
    k.barrier = matches!(d.sem, Some(Sem::Flow(Flow::Barrier)));
    if let Some(s) = operands(i, d).as_slice().iter().find(|s| s.role == Role::Waitcnt) {
        let c = gcnkit::syntax::special::counters(arch, s.val);
        k.waitcnt = Some(std::array::from_fn(|n| {
            if c[n] == gcnkit::syntax::special::counter_max(arch, n) {
                u32::MAX
            } else {
                c[n]
            }
        }));
    }
    k.counts = match i.enc {
        Enc::Mubuf | Enc::Mtbuf | Enc::Mimg => [true, false, false],
        Enc::Flat => [true, false, i.get(gcnkit::enc::F::Seg) == 0],
        Enc::Smrd | Enc::Smem | Enc::Ds => [false, false, true],
        Enc::Exp => [false, true, false],
        _ => [false; 3],
    };
    k
}

/// Takes profiles: a [`Checker`] for [`gcnkit::emu::kernel::Launch::checker`] (or a
/// device's). Each launch's profile is kept until [`Profiler::take`].
#[derive(Default)]
pub struct Profiler {
    done: Arc<Mutex<Vec<Profile>>>,
}

impl Profiler {
    pub fn new() -> Profiler {
        Profiler::default()
    }

    /// The profiles of the launches that ended since the last call, in the order they ended.
    pub fn take(&self) -> Vec<Profile> {
        std::mem::take(&mut *self.done.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

struct LaunchMonitor {
    kernel: String,
    arch: Arch,
    code: Arc<Vec<u32>>,
    fingerprint: String,
    /// By instruction word (pc / 4).
    counts: Mutex<(Vec<Counts>, u64, u64)>,
    done: Arc<Mutex<Vec<Profile>>>,
}

impl Checker for Profiler {
    fn launch(&self, k: &KernelInfo, _groups: [u32; 3], _mem: &Memory) -> Box<dyn Monitor> {
        let (insts, _) = discover(k.arch, &k.code, k.entry);
        Box::new(LaunchMonitor {
            kernel: k.name.clone(),
            arch: k.arch,
            code: k.code.clone(),
            fingerprint: fingerprint(&insts),
            counts: Mutex::new((vec![Counts::default(); k.code.len()], 0, 0)),
            done: self.done.clone(),
        })
    }
}

impl Monitor for LaunchMonitor {
    fn worker(&self) -> Box<dyn Watch + '_> {
        Box::new(ProfileWatch {
            m: self,
            counts: vec![Counts::default(); self.code.len()],
            kinds: vec![None; self.code.len()],
            waves: Vec::new(),
            groups: 0,
            wave_count: 0,
        })
    }

    fn finish(&self, _mem: &Memory) {
        let (counts, groups, waves) = std::mem::take(&mut *self.counts.lock().unwrap_or_else(|e| e.into_inner()));
        let pcs = counts
            .iter()
            .enumerate()
            .filter(|(_, c)| c.count > 0)
            .map(|(n, c)| (4 * n as u32, *c))
            .collect();
        self.done.lock().unwrap_or_else(|e| e.into_inner()).push(Profile {
            kernel: self.kernel.clone(),
            arch: self.arch,
            code: self.fingerprint.clone(),
            launches: 1,
            workgroups: groups,
            waves,
            pcs,
        });
    }
}

/// One wave of the current work-group, as the watch follows it.
#[derive(Default)]
struct WaveTrack {
    /// Instructions executed.
    n: u64,
    /// Instructions since its last barrier (or start).
    phase: u64,
    /// Each barrier it reached: its pc and the instructions of the phase it ended.
    barriers: Vec<(u32, u64)>,
    /// Issue indices of the operations each counter still counts.
    pending: [VecDeque<u64>; 3],
}

struct ProfileWatch<'a> {
    m: &'a LaunchMonitor,
    counts: Vec<Counts>,
    kinds: Vec<Option<Kind>>,
    waves: Vec<WaveTrack>,
    groups: u64,
    wave_count: u64,
}

impl ProfileWatch<'_> {
    /// The lock-step barrier waits of the work-group that ended.
    fn end_group(&mut self) {
        let phases = self.waves.iter().map(|w| w.barriers.len()).max().unwrap_or(0);
        for p in 0..phases {
            // Taking part: the waves that reached barrier p, and those that ended in phase p.
            let slowest = self
                .waves
                .iter()
                .filter_map(|w| match w.barriers.get(p) {
                    Some(&(_, n)) => Some(n),
                    None if w.barriers.len() == p => Some(w.phase),
                    None => None,
                })
                .max()
                .unwrap_or(0);
            for w in &self.waves {
                if let Some(&(pc, n)) = w.barriers.get(p) {
                    if let Some(c) = self.counts.get_mut(pc as usize / 4) {
                        if slowest > n {
                            c.waits += 1;
                            c.wait += slowest - n;
                        }
                    }
                }
            }
        }
        self.waves.clear();
    }
}

impl Watch for ProfileWatch<'_> {
    fn group(&mut self, _id: [u32; 3], waves: usize) {
        self.end_group();
        self.waves.resize_with(waves, WaveTrack::default);
        self.groups += 1;
        self.wave_count += waves as u64;
    }

    fn instruction(&mut self, wave: usize, pc: u32, w: &Wave) {
        let at = pc as usize / 4;
        if at >= self.counts.len() {
            return;
        }
        let arch = self.m.arch;
        let k = *self.kinds[at].get_or_insert_with(|| {
            gcnkit::decode::decode(arch, &self.m.code[at..]).map_or(Kind::default(), |i| kind(arch, &i))
        });
        if wave >= self.waves.len() {
            self.waves.resize_with(wave + 1, WaveTrack::default);
        }
        let t = &mut self.waves[wave];
        let c = &mut self.counts[at];
        c.count += 1;
        c.lanes += w.exec().count_ones() as u64;
        let now = t.n;
        t.n += 1;
        t.phase += 1;
        if k.barrier {
            t.barriers.push((pc, t.phase));
            t.phase = 0;
        }
        if let Some(limits) = k.waitcnt {
            let mut newest = None;
            for (q, &limit) in t.pending.iter_mut().zip(&limits) {
                while q.len() as u64 > limit as u64 {
                    let issued = q.pop_front();
                    newest = newest.max(issued);
                }
            }
            if let Some(issued) = newest {
                c.waits += 1;
                c.wait += now - issued - 1;
            }
        }
        for (q, on) in t.pending.iter_mut().zip(k.counts) {
            if on {
                q.push_back(now);
            }
        }
    }

    fn accesses(&mut self, _wave: usize, _pc: u32, _a: &[Access], _mem: &Memory) {}
}

impl Drop for ProfileWatch<'_> {
    fn drop(&mut self) {
        self.end_group();
        let mut g = self.m.counts.lock().unwrap_or_else(|e| e.into_inner());
        for (a, b) in g.0.iter_mut().zip(&self.counts) {
            a.add(b);
        }
        g.1 += self.groups;
        g.2 += self.wave_count;
    }
}

/// Two checkers as one (`gcnkit run --check --profile`): each is told everything.
pub struct Both(pub Arc<dyn Checker>, pub Arc<dyn Checker>);

struct BothMonitor(Box<dyn Monitor>, Box<dyn Monitor>);
struct BothWatch<'a>(Box<dyn Watch + 'a>, Box<dyn Watch + 'a>);

impl Checker for Both {
    fn launch(&self, k: &KernelInfo, groups: [u32; 3], mem: &Memory) -> Box<dyn Monitor> {
        Box::new(BothMonitor(
            self.0.launch(k, groups, mem),
            self.1.launch(k, groups, mem),
        ))
    }
}

impl Monitor for BothMonitor {
    fn worker(&self) -> Box<dyn Watch + '_> {
        Box::new(BothWatch(self.0.worker(), self.1.worker()))
    }
    fn finish(&self, mem: &Memory) {
        self.0.finish(mem);
        self.1.finish(mem);
    }
    fn grid_synced(&self) {
        self.0.grid_synced();
        self.1.grid_synced();
    }
}

impl Watch for BothWatch<'_> {
    fn group(&mut self, id: [u32; 3], waves: usize) {
        self.0.group(id, waves);
        self.1.group(id, waves);
    }
    fn instruction(&mut self, wave: usize, pc: u32, w: &Wave) {
        self.0.instruction(wave, pc, w);
        self.1.instruction(wave, pc, w);
    }
    fn accesses(&mut self, wave: usize, pc: u32, a: &[Access], mem: &Memory) {
        self.0.accesses(wave, pc, a, mem);
        self.1.accesses(wave, pc, a, mem);
    }
}

impl Profile {
    /// Instructions executed in all (what `--stats` counts).
    pub fn instructions(&self) -> u64 {
        self.pcs.values().map(|c| c.count).sum()
    }

    /// Lane-operations of vector ALU instructions (what `--stats` counts), given the code.
    pub fn lane_ops(&self, code: &[Inst]) -> u64 {
        code.iter()
            .filter(|i| kind(self.arch, &i.instr).vector)
            .filter_map(|i| self.pcs.get(&i.pc))
            .map(|c| c.lanes)
            .sum()
    }

    /// Adds another profile of the same code (another launch).
    pub fn add(&mut self, o: &Profile) -> Result<(), String> {
        if o.code != self.code || o.kernel != self.kernel {
            return Err(format!(
                "kernel {} ({}) is not the code of this profile ({}, {})",
                o.kernel, o.code, self.kernel, self.code
            ));
        }
        self.launches += o.launches;
        self.workgroups += o.workgroups;
        self.waves += o.waves;
        for (pc, c) in &o.pcs {
            self.pcs.entry(*pc).or_default().add(c);
        }
        Ok(())
    }

    /// The JSON record (docs/json.md, *profile*).
    pub fn to_json(&self) -> Value {
        let pcs: Vec<Value> = self
            .pcs
            .iter()
            .map(|(pc, c)| {
                let mut v = json!({"pc": pc, "count": c.count, "lanes": c.lanes});
                if c.waits > 0 || c.wait > 0 {
                    v["waits"] = json!(c.waits);
                    v["wait"] = json!(c.wait);
                }
                v
            })
            .collect();
        json!({
            "profile": VERSION,
            "kernel": self.kernel,
            "arch": self.arch.name(),
            "code": self.code,
            "launches": self.launches,
            "workgroups": self.workgroups,
            "waves": self.waves,
            "instructions": self.instructions(),
            "pcs": pcs,
        })
    }

    /// Reads a record [`Profile::to_json`] wrote.
    pub fn from_json(v: &Value) -> Result<Profile, String> {
        let num = |v: &Value, k: &str| v[k].as_u64().ok_or_else(|| format!("no number \"{k}\""));
        match v["profile"].as_u64() {
            Some(VERSION) => {}
            Some(n) => return Err(format!("profile version {n}; this gcnkit reads version {VERSION}")),
            None => return Err("not a gcnkit profile (no \"profile\" version)".into()),
        }
        let arch_name = v["arch"].as_str().ok_or("no \"arch\"")?;
        let arch = Arch::EVERY
            .iter()
            .copied()
            .find(|a| a.name() == arch_name)
            .ok_or_else(|| format!("unknown arch \"{arch_name}\""))?;
        let mut pcs = BTreeMap::new();
        for p in v["pcs"].as_array().ok_or("no \"pcs\" array")? {
            pcs.insert(
                num(p, "pc")? as u32,
                Counts {
                    count: num(p, "count")?,
                    lanes: num(p, "lanes")?,
                    waits: p["waits"].as_u64().unwrap_or(0),
                    wait: p["wait"].as_u64().unwrap_or(0),
                },
            );
        }
        Ok(Profile {
            kernel: v["kernel"].as_str().ok_or("no \"kernel\"")?.to_string(),
            arch,
            code: v["code"].as_str().ok_or("no \"code\"")?.to_string(),
            launches: num(v, "launches")?,
            workgroups: num(v, "workgroups")?,
            waves: num(v, "waves")?,
            pcs,
        })
    }
}

/// The profiles of a file: one JSON record, a JSON array of them, or one a line.
pub fn read(text: &str) -> Result<Vec<Profile>, String> {
    let t = text.trim_start();
    let values: Vec<Value> = if t.starts_with('[') {
        serde_json::from_str::<Vec<Value>>(t).map_err(|e| e.to_string())?
    } else {
        let mut out = Vec::new();
        for v in serde_json::Deserializer::from_str(t).into_iter::<Value>() {
            out.push(v.map_err(|e| e.to_string())?);
        }
        out
    };
    if values.is_empty() {
        return Err("no profile in it".into());
    }
    values.iter().map(Profile::from_json).collect()
}

/// Merges launches of the same kernel and code into one profile each (first seen first).
pub fn merge(all: Vec<Profile>) -> Vec<Profile> {
    let mut out: Vec<Profile> = Vec::new();
    for p in all {
        match out.iter_mut().find(|q| q.kernel == p.kernel && q.code == p.code) {
            Some(q) => {
                let _ = q.add(&p);
            }
            None => out.push(p),
        }
    }
    out
}

/// A block's share of a profile.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockHeat {
    /// Times a wave entered the block (executions of its first instruction).
    pub entries: u64,
    /// Instructions executed in it.
    pub executed: u64,
    /// Its part of all instructions executed (0-1).
    pub share: f64,
    /// Vector ALU instructions executed in it and their active lanes.
    pub vector: u64,
    pub lanes: u64,
    /// `lanes / (64 × vector)`: how full the waves were in it (None: no vector ALU ran).
    pub utilisation: Option<f64>,
    /// Instructions waited at its barriers (lock-step, see the module's notes) and the
    /// executions that waited.
    pub barrier_wait: u64,
    pub barrier_waits: u64,
    /// Executions of its `s_waitcnt`s that had to wait, and their cover in instructions.
    pub waitcnt_waits: u64,
    pub waitcnt_cover: u64,
}

/// A profile put on an analysis's blocks.
#[derive(Clone, Debug, PartialEq)]
pub struct Attached {
    pub profile: Profile,
    pub blocks: Vec<BlockHeat>,
    /// Instructions executed (all of the profile's).
    pub instructions: u64,
    /// Lane-operations of vector ALU instructions (as `--stats` counts them).
    pub lane_ops: u64,
    /// Executions of vector ALU instructions.
    pub vector: u64,
}

impl Attached {
    /// Executions of the instruction at `pc`.
    pub fn at(&self, pc: u32) -> Counts {
        self.profile.pcs.get(&pc).copied().unwrap_or_default()
    }

    /// The blocks by instructions executed, most first (blocks that never ran left out).
    pub fn hot(&self) -> Vec<usize> {
        let mut b: Vec<usize> = (0..self.blocks.len())
            .filter(|&b| self.blocks[b].executed > 0)
            .collect();
        b.sort_by_key(|&b| std::cmp::Reverse(self.blocks[b].executed));
        b
    }
}

/// Puts `p` on `a`: an error when `p` is a profile of other code (its fingerprint differs:
/// another kernel, or the code changed since the run).
pub fn attach(a: &crate::Analysis, p: &Profile) -> Result<Attached, String> {
    let insts = &a.program.insts;
    let mine = fingerprint(insts);
    if p.code != mine {
        return Err(format!(
            "the profile of {} is of other code than kernel {} ({} there, {} here): was the program rebuilt since the run?",
            p.kernel, a.program.name, p.code, mine
        ));
    }
    let total = p.instructions();
    let mut blocks = Vec::with_capacity(a.cfg.blocks.len());
    let (mut lane_ops, mut vector) = (0, 0);
    for blk in &a.cfg.blocks {
        let mut h = BlockHeat {
            entries: p.pcs.get(&insts[blk.start].pc).map_or(0, |c| c.count),
            ..BlockHeat::default()
        };
        for i in &insts[blk.start..blk.end] {
            let Some(c) = p.pcs.get(&i.pc) else { continue };
            let k = kind(p.arch, &i.instr);
            h.executed += c.count;
            if k.vector {
                h.vector += c.count;
                h.lanes += c.lanes;
            }
            if k.barrier {
                h.barrier_wait += c.wait;
                h.barrier_waits += c.waits;
            }
            if k.waitcnt.is_some() {
                h.waitcnt_cover += c.wait;
                h.waitcnt_waits += c.waits;
            }
        }
        h.share = if total > 0 {
            h.executed as f64 / total as f64
        } else {
            0.0
        };
        h.utilisation = (h.vector > 0).then(|| h.lanes as f64 / (64.0 * h.vector as f64));
        lane_ops += h.lanes;
        vector += h.vector;
        blocks.push(h);
    }
    Ok(Attached {
        profile: p.clone(),
        blocks,
        instructions: total,
        lane_ops,
        vector,
    })
}

/// The profile among `all` that belongs to `a`: the one of its name and code; else, when
/// there is one profile and it is of `a`'s code, that one (a text program's name may differ).
pub fn find<'a>(all: &'a [Profile], a: &crate::Analysis) -> Option<&'a Profile> {
    let code = fingerprint(&a.program.insts);
    all.iter()
        .find(|p| p.kernel == a.program.name && p.code == code)
        .or_else(|| all.iter().find(|p| p.code == code))
        .or_else(|| all.iter().find(|p| p.kernel == a.program.name))
}
