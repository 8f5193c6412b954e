//! The kernel machine: runs a kernel of a code object over a grid (DESIGN.md *The kernel
//! machine*). Work-groups run in parallel on threads; inside a work-group its wave64s take
//! turns, each running until it reaches `s_barrier` or `s_endpgm`; a barrier releases when
//! every wave that has not ended waits at it.

use super::affine::{Exit, Slots, Tier};
use super::dispatch::{ArgInfo, KernelInfo};
use super::exec::{step_with, EmuError};
use super::lanes::Lanes;
use super::memory::Memory;
use super::scalar::{self, PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};
use super::vmem::{self, MemCtx};
use super::wave::{Wave, EXEC, VCC};
use crate::arch::Arch;
use crate::decode::decode;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{Cond, Flow, Sem};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod resident;

/// One explicit kernel argument's value.
#[derive(Clone, Debug)]
pub enum ArgValue {
    /// A by-value argument: its bytes (little-endian).
    Value(Vec<u8>),
    /// A global buffer holding these bytes.
    Buffer(Vec<u8>),
    /// A dynamic `__local` allocation of this many bytes.
    Local(u32),
    /// An image (`image:W[,H[,D]],FORMAT[,FILE]`) and its texels: the kernel receives a
    /// pointer to ROCm's image object for them ([`super::image::HostImage::object`]).
    Image(super::image::HostImage, Vec<u8>),
    /// A sampler (`sampler:COORDS,ADDRESS,FILTER`): the kernel receives a pointer to its S#.
    Sampler(String),
}

/// An argument spec of the command line: `i8:V` ... `f64:V`, `zeros:N`, `local:N` (the caller
/// reads `file:PATH` itself and passes [`ArgValue::Buffer`]).
pub fn parse_arg(spec: &str) -> Result<ArgValue, String> {
    let (kind, v) = spec
        .split_once(':')
        .ok_or_else(|| format!("'{spec}': expected KIND:VALUE (i32:5, f32:1.5, zeros:64, local:256, file:PATH)"))?;
    let int = |bits: u32, signed: bool| -> Result<u64, String> {
        let t = v.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, t),
        };
        let mag = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            u64::from_str_radix(h, 16)
        } else {
            body.parse::<u64>()
        }
        .map_err(|_| format!("'{spec}': '{v}' is not an integer"))?;
        // From the signed minimum (0 for unsigned kinds) to the largest bit pattern.
        let x = if neg { -(mag as i128) } else { mag as i128 };
        let lo = if signed { -(1i128 << (bits - 1)) } else { 0 };
        if x < lo || x >= 1i128 << bits {
            let what = match kind {
                "zeros" | "local" => "32 bits".to_string(),
                k => k.to_string(),
            };
            return Err(format!("'{spec}': {v} does not fit {what}"));
        }
        Ok(x as u64)
    };
    let float_bits = |bits: u32| -> Result<u64, String> {
        let t = v.trim();
        if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            let b = u64::from_str_radix(h, 16).map_err(|_| format!("'{spec}': '{v}' is not hex bits"))?;
            if bits < 64 && b >> bits != 0 {
                return Err(format!("'{spec}': {v} does not fit {bits} bits"));
            }
            return Ok(b);
        }
        let f: f64 = t.parse().map_err(|_| format!("'{spec}': '{v}' is not a number"))?;
        Ok(match bits {
            16 => super::float::f32_to_f16(f as f32) as u64,
            32 => (f as f32).to_bits() as u64,
            _ => f.to_bits(),
        })
    };
    let le = |x: u64, n: usize| ArgValue::Value(x.to_le_bytes()[..n].to_vec());
    Ok(match kind {
        "i8" => le(int(8, true)?, 1),
        "u8" => le(int(8, false)?, 1),
        "i16" => le(int(16, true)?, 2),
        "u16" => le(int(16, false)?, 2),
        "i32" => le(int(32, true)?, 4),
        "u32" => le(int(32, false)?, 4),
        "i64" => le(int(64, true)?, 8),
        "u64" => le(int(64, false)?, 8),
        "f16" => le(float_bits(16)?, 2),
        "f32" => le(float_bits(32)?, 4),
        "f64" => le(float_bits(64)?, 8),
        "zeros" => ArgValue::Buffer(vec![0; int(32, false)? as usize]),
        "local" => ArgValue::Local(int(32, false)? as u32),
        "image" => match super::image::HostImage::parse(v).map_err(|e| format!("'{spec}': {e}"))? {
            (img, None) => {
                let zeros = vec![0; img.bytes()];
                ArgValue::Image(img, zeros)
            }
            (_, Some(_)) => return Err(format!("'{spec}': the caller reads an image's file")),
        },
        "sampler" => {
            super::image::sampler_object(v, crate::Arch::Gcn12).map_err(|e| format!("'{spec}': {e}"))?;
            ArgValue::Sampler(v.to_string())
        }
        _ => {
            return Err(format!(
                "'{spec}': unknown kind '{kind}' (i8 i16 i32 u32 i64 u64 f16 f32 f64 file zeros local image sampler)"
            ))
        }
    })
}

/// Which waves `--trace` follows.
#[derive(Clone, Copy, Debug, Default)]
pub struct TraceFilter {
    pub group: Option<[u32; 3]>,
    pub wave: Option<u32>,
    /// Only instructions at addresses `[start, end)` (as the trace prints them).
    pub pc: Option<(u64, u64)>,
}

/// `--trace-pc`'s address range `START-END` (each hex with 0x, or decimal).
pub fn parse_pc_range(s: &str) -> Result<(u64, u64), String> {
    let num = |t: &str| {
        let t = t.trim();
        match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            Some(h) => u64::from_str_radix(h, 16),
            None => t.parse(),
        }
        .map_err(|_| format!("`{t}` is not an address"))
    };
    let (a, b) = s.split_once('-').ok_or("expected START-END, e.g. 0x1000-0x1100")?;
    let (a, b) = (num(a)?, num(b)?);
    if a >= b {
        return Err(format!("the range {s} is empty"));
    }
    Ok((a, b))
}

/// `--trace-group`'s work-group id `X[,Y[,Z]]` (missing dimensions are 0).
pub fn parse_group_id(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() > 3 {
        return Err(format!("'{s}': expected X[,Y[,Z]]"));
    }
    let mut d = [0u32; 3];
    for (k, p) in parts.iter().enumerate() {
        d[k] = p
            .trim()
            .parse()
            .map_err(|_| format!("'{s}': '{p}' is not a work-group id"))?;
    }
    Ok(d)
}

/// A dispatch.
pub struct Launch {
    /// Work-items per dimension.
    pub grid: [u32; 3],
    /// Work-group size.
    pub block: [u32; 3],
    pub args: Vec<ArgValue>,
    /// Worker threads (work-groups run in parallel).
    pub threads: usize,
    /// Instructions one wave may execute before it is stopped as never ending.
    pub budget: u64,
    pub trace: Option<TraceFilter>,
    /// Told how many work-groups are done (of how many, after how long) while a long run goes
    /// on: first after a second, then at most every quarter second, and once at the end.
    pub progress: Option<Progress>,
    /// A checker told of every instruction and access (`--check`).
    pub checker: Option<std::sync::Arc<dyn super::monitor::Checker>>,
    /// Keep the whole grid resident (a cooperative launch, [`resident`]): every work-group
    /// starts at once and waves take turns at `s_sleep`, barriers, global wave sync and
    /// time slices, so work-groups can wait for each other (`grid.sync()`).
    pub resident: bool,
}

/// A progress report: work-groups done, work-groups in all, time since the launch began.
pub type Progress = fn(done: usize, total: usize, elapsed: Duration);

/// What a runtime gives a dispatch beyond its arguments: the hostcall buffer a kernel's
/// `hidden_hostcall_buffer` argument points to, and the host side that services it. The device
/// library's hostcall (device `printf`, `malloc`) writes a request there and waits for the
/// answer with `s_sleep`; so a sleeping wave calls `service` first, which answers what is
/// ready (in the same thread: the wave then finds its answer). A grid of a cooperative launch
/// on several devices also gets its place among the grids (`multigrid`), and a flag the
/// grids share (`abort`): the first to fail raises it, and the others stop (they would wait
/// for it at a multi-grid barrier until their budget ran out).
#[derive(Clone, Copy, Default)]
pub struct HostSide<'a> {
    pub hostcall_buffer: u64,
    pub service: Option<&'a (dyn Fn(&Memory) + Sync)>,
    pub multigrid: Option<MultiGrid>,
    pub abort: Option<&'a AtomicBool>,
    /// What `s_memtime` and `s_memrealtime` read.
    pub clock: Clock,
    /// A wave of a launch that is not resident is stopped as never ending after running this
    /// long, instead of after its instruction budget (a resident grid's waves take turns, so
    /// its budget still bounds each). Time and not instructions is what a GPU's watchdog
    /// measures; instructions run at very different speeds here.
    pub time_limit: Option<Duration>,
}

pub use resident::MultiGrid;

/// What a wave's clock instructions read.
#[derive(Clone, Copy, Debug, Default)]
pub enum Clock {
    /// Both read the instructions the wave has executed: monotonic, deterministic, not time
    /// (`gcnkit run`).
    #[default]
    Instructions,
    /// Time since `epoch`, as a GPU's counters run: `s_memtime` at the shader clock
    /// (`core_khz`, HIP's `clockRate`), `s_memrealtime` at GCN's 100 MHz reference clock
    /// (HIP programs spin on `clock64()` for seconds).
    Wall { epoch: std::time::Instant, core_khz: u32 },
}

/// How many instructions a wave runs between two looks at its time ([`HostSide::time_limit`]).
const TIME_CHECK_EVERY: u64 = 1 << 22;

impl Clock {
    /// The 64-bit counter `s_memtime` (`real`: `s_memrealtime`) reads after `instructions`.
    pub fn read(self, instructions: u64, real: bool) -> u64 {
        match self {
            Clock::Instructions => instructions,
            Clock::Wall { epoch, core_khz } => {
                let ns = epoch.elapsed().as_nanos();
                let hz = if real { 100_000_000 } else { core_khz as u128 * 1000 };
                (ns * hz / 1_000_000_000) as u64
            }
        }
    }
}

/// Counts of a run.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub instructions: u64,
    /// Active lanes summed over vector instructions.
    pub lane_ops: u64,
    /// Vector instructions (lane utilisation = lane_ops / (64 × vector_instructions)).
    pub vector_instructions: u64,
    /// Instructions by encoding class ([`Enc`] as index).
    pub by_class: Vec<u64>,
    pub waves: u64,
    pub workgroups: u64,
    pub time: Duration,
    /// The fidelity report: executions of the rows whose results approximate the hardware
    /// ([`crate::isa::Flags::APPROX`]), by name in the LLVM dialect, in order of name; every
    /// other instruction executed is exact (bit for bit what the manual defines).
    pub approx: Vec<(&'static str, u64)>,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.instructions += o.instructions;
        self.lane_ops += o.lane_ops;
        self.vector_instructions += o.vector_instructions;
        if self.by_class.len() < o.by_class.len() {
            self.by_class.resize(o.by_class.len(), 0);
        }
        for (a, b) in self.by_class.iter_mut().zip(&o.by_class) {
            *a += b;
        }
        self.waves += o.waves;
        self.workgroups += o.workgroups;
        for &(n, c) in &o.approx {
            self.count_approx(n, c);
        }
    }

    /// Adds `c` executions of approximate row `n`.
    fn count_approx(&mut self, n: &'static str, c: u64) {
        match self.approx.binary_search_by_key(&n, |&(m, _)| m) {
            Ok(k) => self.approx[k].1 += c,
            Err(k) => self.approx.insert(k, (n, c)),
        }
    }

    /// Instructions executed whose results are approximations (the fidelity report's count).
    pub fn approximate(&self) -> u64 {
        self.approx.iter().map(|&(_, c)| c).sum()
    }
}

/// What a run gives back: each explicit argument's buffer after the run (`None` for the
/// others) and the counts.
pub struct Outcome {
    pub buffers: Vec<Option<Vec<u8>>>,
    pub stats: Stats,
}

/// Why a run did not happen or did not finish.
#[derive(Debug)]
pub enum RunError {
    /// The launch does not fit the kernel (arguments, sizes): the caller's mistake.
    Usage(String),
    /// The kernel failed while running.
    Emulation(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Usage(m) | RunError::Emulation(m) => f.write_str(m),
        }
    }
}

/// The kernel's code, decoded once: instruction index by dword offset.
struct Program {
    arch: Arch,
    words: Arc<Vec<u32>>,
    at: Vec<u32>,
    instrs: Vec<Instr>,
    /// The fast path's plan of each instruction, where it has one.
    fast: Vec<Plan>,
    /// Byte offset of each instruction.
    pcs: Vec<u32>,
    /// How many instructions from this one on, in address order, have a fast plan and are
    /// not branches: a run the wave loop executes without fetching each one.
    run_len: Vec<u32>,
    /// The words from this one on through the runs that follow conditional branches not
    /// taken (a run that ends in one, then the run at its fall-through, and so on): what the
    /// wave loop hands to [`Program::run_plans`], whose affine tier goes on past such a
    /// branch (the plans alone stop at it).
    reach: Vec<u32>,
    /// The plans the wave loop's runs execute: `fast`'s, with superinstructions at the first
    /// word of the pairs they cover (inside one run).
    runs: Vec<Plan>,
    /// The affine tier's plan of the run from each instruction, made when a wave first
    /// enters it ([`Program::tier`]).
    tiers: Vec<std::sync::OnceLock<Option<Tier>>>,
}

const NONE: u32 = u32::MAX;

/// How an instruction runs: planned once by the fast path, or by the general executors.
#[derive(Clone, Copy)]
enum Plan {
    Vector(super::fast::FastVop),
    /// V_READLANE/V_WRITELANE/V_READFIRSTLANE (`false` from their run: the general executor
    /// runs them).
    Lane(super::fast::FastLane),
    Scalar(super::fast::FastSalu),
    /// Scalar loads and whole-dword global loads and stores (`false` from their run: the
    /// general executor runs them).
    Mem(super::fastmem::FastMem),
    /// `s_nop`, `s_waitcnt` and the other no-ops of program control.
    Nop,
    /// A branch to byte offset `target` when `cond` holds (it ends a run).
    Branch(Cond, u32),
    /// `s_endpgm`: the wave ends (it ends a run).
    End,
    /// A superinstruction: this word and the next run as one ([`super::fused`]; only in
    /// [`Program::runs`], at the first word of the pair).
    Add64(super::fused::FastAdd64),
    General,
}

/// The SGPRs and SCC that the scalar plans before the tier of a wave's first run (a kernel's
/// prologue: its argument loads, the arithmetic of its work-item range) left, and those the
/// wave started with: the next wave of the same work-group that starts with the same takes
/// them instead of running the plans. Such plans read nothing but SGPRs, SCC and memory, and
/// a work-group's waves start together on a GPU: each may read the memory when the first did.
#[derive(Clone)]
pub(super) struct Prologue {
    /// For the current work-group (a new one starts `Fresh`), from run `k`.
    keep: Keep,
    k: usize,
    before: [u32; 128],
    scc_before: bool,
    after: [u32; 128],
    scc_after: bool,
}

impl Default for Prologue {
    fn default() -> Prologue {
        Prologue {
            keep: Keep::Fresh,
            k: 0,
            before: [0; 128],
            scc_before: false,
            after: [0; 128],
            scc_after: false,
        }
    }
}

/// Where a work-group's [`Prologue`] is.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Keep {
    /// Its first wave keeps it.
    Fresh,
    /// Kept for the next waves.
    Kept,
    /// Not kept (its plans stopped), or a wave started differently: not tried again.
    Off,
}

impl Prologue {
    /// Does the wave at run `k` start as the one that ran it?
    #[inline]
    fn fits(&self, k: usize, w: &Wave) -> bool {
        self.keep == Keep::Kept && self.k == k && self.scc_before == w.scc && self.before == w.s
    }
}

impl Plan {
    /// Which of [`direct`]'s functions runs the plan.
    #[inline(always)]
    fn kind(&self) -> u8 {
        match self {
            Plan::Vector(_) => 0,
            Plan::Lane(_) => 1,
            Plan::Scalar(_) => 2,
            Plan::Mem(_) => 3,
            Plan::Add64(_) => 4,
            _ => 5,
        }
    }

    /// The function the affine tier runs the plan with.
    fn direct(&self) -> super::affine::Direct {
        match self.kind() {
            0 => direct::<0>,
            1 => direct::<1>,
            2 => direct::<2>,
            3 => direct::<3>,
            4 => direct::<4>,
            _ => direct::<5>,
        }
    }

    fn of(i: &Instr, pc: u32) -> Plan {
        let Some(d) = i.def() else { return Plan::General };
        match d.sem {
            // `s_sleep` goes the general way: a sleeping wave may be waiting for the host.
            Some(Sem::Flow(Flow::Nop)) if d.name.contains(&"s_sleep") => return Plan::General,
            Some(Sem::Flow(Flow::Nop)) => return Plan::Nop,
            Some(Sem::Flow(Flow::End)) => return Plan::End,
            // Cache write-backs and invalidations (`buffer_wbinvl1_vol` in every look-back
            // spin, `s_dcache_inv`): the machine's memory has no caches to keep.
            Some(Sem::Mem(crate::isa::MemSem::Nop))
                if matches!(i.enc, Enc::Mubuf | Enc::Mtbuf | Enc::Smem | Enc::Smrd) =>
            {
                return Plan::Nop
            }
            Some(Sem::Flow(Flow::Branch(c))) => {
                return match crate::syntax::branch_target(i, pc as usize).map(u32::try_from) {
                    Some(Ok(t)) => Plan::Branch(c, t),
                    _ => Plan::General,
                };
            }
            _ => {}
        }
        if let Some(p) = super::fast::FastVop::plan(i, d) {
            Plan::Vector(p)
        } else if let Some(p) = super::fast::FastLane::plan(i, d) {
            Plan::Lane(p)
        } else if let Some(p) = super::fastmem::FastMem::plan(i, d) {
            Plan::Mem(p)
        } else if let Some(p) = super::fast::FastSalu::plan(i, d) {
            Plan::Scalar(p)
        } else {
            Plan::General
        }
    }
}

impl Program {
    /// Decodes every instruction reachable from `entry`: fall-through, branch targets, and the
    /// functions it calls (an address built as compilers build it, `s_getpc_b64` then
    /// `s_add_u32`/`s_addc_u32` of literals, inside the code: a callee, planned like the
    /// kernel; one that is data is decoded but never run).
    fn new(arch: Arch, words: Arc<Vec<u32>>, entry: u32) -> Program {
        let mut p = Program {
            arch,
            at: vec![NONE; words.len()],
            instrs: Vec::new(),
            fast: Vec::new(),
            pcs: Vec::new(),
            run_len: Vec::new(),
            reach: Vec::new(),
            runs: Vec::new(),
            tiers: Vec::new(),
            words,
        };
        let mut todo = vec![entry as usize / 4];
        while let Some(mut pos) = todo.pop() {
            let mut pcs = PcSums::default();
            while pos < p.words.len() && p.at[pos] == NONE {
                let Ok(i) = decode(arch, &p.words[pos..]) else { break };
                p.at[pos] = p.instrs.len() as u32;
                p.instrs.push(i);
                p.fast.push(Plan::of(&i, pos as u32 * 4));
                p.pcs.push(pos as u32 * 4);
                if let Some(t) = pcs.step(&i, pos as u32 * 4).filter(|&t| t < p.words.len() as u64 * 4) {
                    todo.push(t as usize / 4);
                }
                let next = pos + i.len as usize;
                let flow = match i.def().and_then(|d| d.sem) {
                    Some(Sem::Flow(f)) => Some(f),
                    _ => None,
                };
                match flow {
                    Some(Flow::Branch(c)) => {
                        if let Some(t) = crate::syntax::branch_target(&i, pos * 4).filter(|t| *t >= 0) {
                            todo.push(t as usize / 4);
                        }
                        if c == Cond::Always {
                            break;
                        }
                    }
                    Some(Flow::End) | Some(Flow::SetPc) => break,
                    _ => {}
                }
                pos = next;
            }
        }
        // Runs of planned instructions, from the end backwards.
        p.run_len = vec![0; p.instrs.len()];
        for k in (0..p.instrs.len()).rev() {
            if matches!(p.fast[k], Plan::General) {
                continue;
            }
            let next = (p.pcs[k] / 4) as usize + p.instrs[k].len as usize;
            let follows = p.at.get(next).is_some_and(|&n| n as usize == k + 1);
            let ends = matches!(p.fast[k], Plan::Branch(..) | Plan::End);
            p.run_len[k] = 1 + if follows && !ends { p.run_len[k + 1] } else { 0 };
        }
        p.reach = p.run_len.clone();
        for k in (0..p.instrs.len()).rev() {
            let n = p.run_len[k] as usize;
            let last = k + n.max(1) - 1;
            let cond = matches!(p.fast[last], Plan::Branch(c, _) if c != Cond::Always);
            let next = (p.pcs[last] / 4) as usize + p.instrs[last].len as usize;
            if n > 0 && cond && p.at.get(next).is_some_and(|&x| x as usize == last + 1) {
                p.reach[k] += p.reach[last + 1];
            }
        }
        p.runs = p.fast.clone();
        for k in 0..p.instrs.len() {
            if let (true, Plan::Vector(a), Some(Plan::Vector(b))) = (p.run_len[k] >= 2, &p.fast[k], p.fast.get(k + 1)) {
                if let Some(f) = super::fused::FastAdd64::plan(a, b) {
                    p.runs[k] = Plan::Add64(f);
                }
            }
        }
        p.tiers = (0..p.instrs.len()).map(|_| std::sync::OnceLock::new()).collect();
        p
    }

    /// The affine tier of the run of `n` words from instruction `k` (planned on first use).
    #[inline]
    fn tier(&self, k: usize, n: usize) -> Option<&Tier> {
        use super::affine::Seen;
        use super::fastmem::FastMem;
        let seen = |i: usize| {
            let s = match &self.fast[k + i] {
                Plan::Vector(f) => Seen::Vector(f),
                Plan::Mem(FastMem::Global(g)) => Seen::Global(g),
                Plan::Nop => Seen::Nop,
                Plan::Branch(c, _) if *c != Cond::Always => Seen::Branch(*c),
                Plan::Scalar(_) | Plan::Mem(FastMem::Scalar(_)) => Seen::Scalar,
                Plan::Branch(..) | Plan::End | Plan::General => Seen::Stop,
                _ => Seen::Other,
            };
            let pair = matches!(self.runs[k + i], Plan::Add64(_));
            let p = if pair { &self.runs[k + i] } else { &self.fast[k + i] };
            // (The plans stay where they are while the program lives, and its tiers with it.)
            (s, pair, (p.direct(), p as *const Plan as usize))
        };
        self.tiers.get(k)?.get_or_init(|| Tier::plan(n, seen)).as_ref()
    }

    /// Runs the run of `n` words from instruction `k` (the affine tier first, with `tier`'s
    /// slots while its use says so, then the plans from where it left): the words run, how
    /// the run ended, and its counts.
    #[inline(always)]
    fn run_plans(
        &self,
        k: usize,
        n: usize,
        w: &mut Wave,
        cx: &mut RunCx<'_>,
        hints: &mut [u32],
        tier: Option<(&mut Slots, &mut TierUse, Option<&mut Prologue>)>,
    ) -> (usize, RunEnd, Counts) {
        let plans = &self.runs[k..k + n];
        let mut c = Counts::new(w.exec());
        let mut done = 0usize;
        let tier = tier
            .filter(|(_, used, _)| used.on())
            .and_then(|x| Some((self.tier(k, n)?, x)));
        if let Some((t, (slots, used, prologue))) = tier {
            // (The counts go in and come back by value: the loop's own stay in registers.)
            let (d, exit, tc) = self.run_tier(t, k, w, cx, c, hints, slots, used, prologue);
            c = tc;
            match (exit, &plans[d.min(n - 1)]) {
                (Exit::Stop, _) => return (d, RunEnd::Stopped, c),
                (Exit::Jump, Plan::Branch(_, t)) => return (d + 1, RunEnd::Jump(*t), c),
                _ => done = d,
            }
        }
        while done < n {
            match step(&plans[done], w, cx, &mut c, hints, done) {
                Ok(0) => return (done, RunEnd::Stopped, c),
                Ok(m) => done += m,
                // The run's last instruction (a branch, taken or not, or the end).
                Err(end) => return (done + 1, end, c),
            }
        }
        (done, RunEnd::On, c)
    }

    /// The part of a run up to where its affine tier `t` left it: the plans before the tier's
    /// first word, then the tier. The words run, whether a plan stopped, and the counts.
    /// (Out of line and cold: the plain loop's code is laid out and keeps its registers as if
    /// there were no tier; the rocPRIM sort, whose tiers back off, measured that.)
    #[inline(never)]
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn run_tier(
        &self,
        t: &Tier,
        k: usize,
        w: &mut Wave,
        cx: &mut RunCx<'_>,
        mut c: Counts,
        hints: &mut [u32],
        slots: &mut Slots,
        used: &mut TierUse,
        prologue: Option<&mut Prologue>,
    ) -> (usize, Exit, Counts) {
        let plans = &self.runs[k..];
        let mut done = 0;
        // A prologue of scalar plans: the one another wave of the work-group ran, or run and
        // kept for the next.
        let prologue = prologue.filter(|_| t.start > 0 && t.scalar_head);
        let mut record = None;
        if let Some(p) = prologue {
            match p.keep {
                Keep::Fresh => {
                    (p.k, p.before, p.scc_before) = (k, w.s, w.scc);
                    record = Some(p);
                }
                Keep::Kept if p.fits(k, w) => {
                    w.s = p.after;
                    w.scc = p.scc_after;
                    done = t.start;
                }
                // (Waves that start differently: none of the group's others is tried.)
                _ => p.keep = Keep::Off,
            }
        }
        while done < t.start {
            match step(&plans[done], w, cx, &mut c, hints, done) {
                Ok(0) | Err(_) => {
                    if let Some(p) = record {
                        p.keep = Keep::Off;
                    }
                    return (done, Exit::Stop, c);
                }
                Ok(m) => done += m,
            }
        }
        if let Some(p) = record {
            (p.after, p.scc_after, p.keep) = (w.s, w.scc, Keep::Kept);
        }
        let (mem, floats) = (cx.mem, cx.gate.ieee_f32());
        let mut env = Env { cx, c };
        let (d, exit, words) = t.run(w, slots, mem, hints, &mut env as *mut Env as *mut (), floats);
        let mut c = env.c;
        c.full(words);
        used.count(exit == Exit::Check && d < t.end);
        (d, exit, c)
    }

    /// The instruction at byte offset `pc` (decoded on the spot where the walk did not reach)
    /// and its fast-path plan.
    #[inline]
    fn fetch(&self, pc: u32) -> Option<(std::borrow::Cow<'_, Instr>, &Plan, u32)> {
        let dw = pc as usize / 4;
        match self.at.get(dw) {
            Some(&k) if k != NONE && pc.is_multiple_of(4) => Some((
                std::borrow::Cow::Borrowed(&self.instrs[k as usize]),
                &self.fast[k as usize],
                k,
            )),
            Some(_) if pc.is_multiple_of(4) => decode(self.arch, &self.words[dw..])
                .ok()
                .map(|i| (std::borrow::Cow::Owned(i), &Plan::General, NONE)),
            _ => None,
        }
    }
}

/// Code addresses being built in SGPR pairs along a straight run: `s_getpc_b64 s[n:n+1]`
/// (the next instruction's offset), then `s_add_u32 sn, sn, LO` and `s_addc_u32 sn+1, sn+1,
/// HI` with literals or inline constants.
#[derive(Default)]
struct PcSums {
    /// SGPR n of the pair: (getpc's value, LO once added).
    at: Vec<(u16, u64, Option<u32>)>,
}

impl PcSums {
    /// Follows `i` at byte offset `pc`; the address a pair now holds when `i` completed one.
    fn step(&mut self, i: &Instr, pc: u32) -> Option<u64> {
        let d = i.def()?;
        if matches!(d.sem, Some(Sem::Flow(Flow::GetPc))) {
            let dst = i.get(F::Sdst) as u16;
            self.at.retain(|e| e.0 != dst);
            self.at.push((dst, pc as u64 + 4 * i.len as u64, None));
            return None;
        }
        let name = d.name[i.arch.index()];
        let (dst, s0, s1) = (i.get(F::Sdst) as u16, i.get(F::Ssrc0) as u16, i.get(F::Ssrc1) as u16);
        let value = |code: u16| match crate::operand::classify(i.arch, code) {
            crate::operand::Src::Literal => i.literal,
            crate::operand::Src::Int(_) => {
                crate::operand::inline_value(i.arch, code, crate::isa::Ty::B32).map(|v| v as u32)
            }
            _ => None,
        };
        match name {
            "s_add_u32" if dst == s0 => {
                if let (Some(e), Some(lo)) = (self.at.iter_mut().find(|e| e.0 == dst), value(s1)) {
                    e.2 = Some(lo);
                }
            }
            "s_addc_u32" if dst == s0 && dst > 0 => {
                let k = self.at.iter().position(|e| e.0 == dst - 1)?;
                let (_, base, lo) = self.at.swap_remove(k);
                let off = lo? as u64 | (value(s1)? as u64) << 32;
                return Some(base.wrapping_add(off)).filter(|t| t % 4 == 0);
            }
            _ => {}
        }
        None
    }
}

/// How a worker's waves used a run's affine tier: entries counted up to [`TierUse::TRIES`],
/// and how many of those left it early (a row not affine, a check failed). A tier left early
/// more than a quarter of its first tries is not entered again (a gather's addresses, data
/// rows: its checks would only cost).
#[derive(Clone, Copy, Default)]
struct TierUse {
    tries: u8,
    early: u8,
}

impl TierUse {
    const TRIES: u8 = 32;

    #[inline]
    fn on(&self) -> bool {
        self.tries < Self::TRIES || self.early <= Self::TRIES / 4
    }

    #[inline]
    fn count(&mut self, early: bool) {
        if self.tries < Self::TRIES {
            self.tries += 1;
            self.early += early as u8;
        }
    }
}

/// What the affine tier's calls of the run loop's plans work with (the `env` of
/// [`super::affine::Direct`]).
struct Env<'a, 'b> {
    cx: &'a mut RunCx<'b>,
    c: Counts,
}

/// The run loop's plan at address `plan`, of kind `K` ([`Plan::kind`]), as the affine tier
/// calls it: `false` when it stopped.
///
/// # Safety
/// `env` is an [`Env`] and `plan` the address of a live plan of kind `K` (what
/// [`Program::tier`] gives the tier, and `run_tier` passes it).
unsafe extern "sysv64" fn direct<const K: u8>(env: *mut (), w: &mut Wave, plan: usize, hint: &mut u32) -> bool {
    // SAFETY: see above.
    let (env, p) = unsafe { (&mut *env.cast::<Env>(), &*(plan as *const Plan)) };
    // SAFETY: see above; the plan's kind known, `step`'s match is folded away.
    unsafe { std::hint::assert_unchecked(p.kind() == K) };
    matches!(step(p, w, env.cx, &mut env.c, std::slice::from_mut(hint), 0), Ok(1..))
}

/// How a run ended: a branch taken to a byte offset, on at the word after the last it ran
/// (a branch not taken, or no more words), stopped before a word the general path runs, or
/// the program's end.
#[derive(Clone, Copy, Debug, PartialEq)]
enum RunEnd {
    Jump(u32),
    On,
    Stopped,
    End,
}

/// What a run's plans work with besides the wave: the lanes, MODE's gate, memory.
struct RunCx<'a> {
    lanes: &'a mut Lanes,
    gate: super::fast::Gate,
    mem: &'a Memory,
    lds: &'a mut [u8],
    private: super::fastmem::Private,
}

/// A run's counts: EXEC as last seen, and the lane operations and vector instructions run,
/// added to the stats once per run. (Apart from [`RunCx`]: a local the run loop keeps in
/// registers. One vector instruction adds `per`, its active lanes in the low half and 1 in
/// the high: one add for both counts. A run's lane operations stay below 2^32: that would
/// take a run of 2^25 words, 128 MiB of code.)
#[derive(Clone, Copy, Debug, PartialEq)]
struct Counts {
    seen: u64,
    per: u64,
    ops: u64,
}

impl Counts {
    /// One vector instruction in `per`.
    const ONE: u64 = 1 << 32;

    /// Active lanes counted at the start: a "no EXEC seen yet" of !EXEC was taken for a real
    /// EXEC when the run set EXEC to exactly that, and the lanes were counted as 0.
    #[inline(always)]
    fn new(exec: u64) -> Counts {
        Counts {
            seen: exec,
            per: Self::ONE + exec.count_ones() as u64,
            ops: 0,
        }
    }

    /// EXEC's active lanes, counted again only when EXEC changed.
    #[inline(always)]
    fn exec(&mut self, w: &Wave) -> u64 {
        let exec = w.exec();
        if exec != self.seen {
            self.seen = exec;
            self.per = Self::ONE + exec.count_ones() as u64;
        }
        exec
    }

    /// `n` vector instructions on all 64 lanes (the affine tier's words).
    #[inline(always)]
    fn full(&mut self, n: u64) {
        self.ops += n * (Self::ONE + 64);
    }

    /// Lane operations and vector instructions.
    #[inline(always)]
    fn totals(&self) -> (u64, u64) {
        (self.ops & 0xffff_ffff, self.ops >> 32)
    }
}

/// One planned word of a run (or a superinstruction) as the run loop runs it, `at` its place
/// in `hints`: the words it ran (0 when it stopped before running: the general path runs
/// that word), or how the run ends at it (a branch, the end: the run's last word).
#[inline(always)]
fn step(
    p: &Plan,
    w: &mut Wave,
    cx: &mut RunCx<'_>,
    c: &mut Counts,
    hints: &mut [u32],
    at: usize,
) -> Result<usize, RunEnd> {
    Ok(match p {
        Plan::Vector(f) => {
            let exec = c.exec(w);
            if !f.run_exec(w, cx.lanes, exec, &cx.gate) {
                return Ok(0);
            }
            c.ops += c.per;
            1
        }
        Plan::Lane(f) => {
            c.exec(w);
            if !f.run(w, &cx.gate) {
                return Ok(0);
            }
            c.ops += c.per;
            1
        }
        Plan::Scalar(f) => {
            f.run(w);
            1
        }
        Plan::Mem(f) => {
            let mut spare = 0;
            let hint = hints.get_mut(at).unwrap_or(&mut spare);
            f.run(w, cx.mem, cx.lds, cx.private, hint) as usize
        }
        Plan::Add64(f) => {
            let exec = c.exec(w);
            if !f.run(w, exec, &cx.gate) {
                return Ok(0);
            }
            c.ops += 2 * c.per;
            2
        }
        Plan::Nop => 1,
        Plan::Branch(cond, t) => return Err(if w.taken(*cond) { RunEnd::Jump(*t) } else { RunEnd::On }),
        Plan::End => return Err(RunEnd::End),
        Plan::General => 0,
    })
}

/// The addresses of a dispatch: the regions it adds to the device's memory for its own use
/// (code image, queue, kernarg segment, dispatch packet, scratch), removed when it ends.
pub(crate) struct Layout {
    kernarg: u64,
    packet: u64,
    queue: u64,
    /// Where the code section's byte 0 is (PC = code + offset).
    code: u64,
    scratch: u64,
    /// Scratch bytes of one work-group slot (one per thread; one per work-group when the
    /// grid is resident).
    scratch_per_group: u64,
    /// Scratch slots.
    slots: u64,
    /// LDS bytes per work-group (static + dynamic).
    lds_size: u32,
    /// Bases of the regions this dispatch added.
    regions: Vec<u64>,
}

fn usage(m: String) -> RunError {
    RunError::Usage(m)
}

/// Checks a launch's grid and work-group size against the kernel; returns the work-items of
/// a work-group.
pub(crate) fn check_geometry(k: &KernelInfo, grid: [u32; 3], block: [u32; 3]) -> Result<u64, RunError> {
    for d in 0..3 {
        if block[d] == 0 || grid[d] == 0 {
            return Err(usage("--grid and --block must be at least 1 in every dimension".into()));
        }
    }
    let items: u64 = block.iter().map(|&b| b as u64).product();
    if items > 1024 {
        return Err(usage(format!("a work-group of {items} work-items is more than 1024")));
    }
    if let Some(r) = k.reqd_block {
        if r != block {
            return Err(usage(format!(
                "kernel {} requires work-group size {},{},{} (reqd_work_group_size)",
                k.name, r[0], r[1], r[2]
            )));
        }
    }
    Ok(items)
}

/// The explicit arguments' bytes, the dynamic LDS size and each argument's buffer base.
type FrontEnd = (Vec<Vec<u8>>, u32, Vec<Option<u64>>);

/// `gcnkit run`'s front end over a fresh [`Device`](super::device::Device): each explicit
/// argument checked against its kind, buffers allocated on the device, `local:` arguments
/// given LDS offsets after the static LDS; returns the argument bytes and the dynamic LDS
/// size, and the buffers' bases.
fn front_end(dev: &mut super::device::Device, k: &KernelInfo, l: &Launch) -> Result<FrontEnd, RunError> {
    let explicit: Vec<&ArgInfo> = k.args.iter().filter(|a| a.explicit()).collect();
    if l.args.len() != explicit.len() {
        let list: Vec<String> = explicit
            .iter()
            .enumerate()
            .map(|(n, a)| format!("{n}: {} ({}, {} bytes)", a.name, a.kind, a.size))
            .collect();
        return Err(usage(format!(
            "kernel {} takes {} arguments, {} given ({})",
            k.name,
            explicit.len(),
            l.args.len(),
            list.join("; ")
        )));
    }
    check_geometry(k, l.grid, l.block)?;
    let mut buffers = vec![None; l.args.len()];
    // LDS: the static part, then each dynamic `local:` argument (aligned to 16 bytes).
    let mut lds_size = k.setup.group_segment_size;
    let mut values: Vec<Vec<u8>> = Vec::new();
    let sized = |v: u64, n: u32| {
        let mut b = v.to_le_bytes().to_vec();
        b.resize(n as usize, 0);
        b
    };
    for (n, (a, v)) in explicit.iter().zip(&l.args).enumerate() {
        let bad = |want: &str| {
            usage(format!(
                "argument {n} ({}) is {} of {} bytes: give {want}",
                a.name, a.kind, a.size
            ))
        };
        match (a.kind.as_str(), v) {
            ("by_value", ArgValue::Value(bytes)) if bytes.len() == a.size as usize => {
                values.push(bytes.clone());
            }
            ("by_value", _) => return Err(bad(&format!("a value of {} bytes (e.g. i32:5, f64:1.5)", a.size))),
            ("global_buffer", ArgValue::Buffer(bytes)) => {
                let base = dev.alloc_with(&format!("argument {n}"), bytes.len() as u64, bytes);
                buffers[n] = Some(base);
                values.push(sized(base, a.size));
            }
            ("global_buffer", _) => return Err(bad("a buffer (file:PATH or zeros:N)")),
            ("dynamic_shared_pointer", ArgValue::Local(size)) => {
                let at = lds_size.next_multiple_of(16);
                lds_size = at.saturating_add(*size);
                values.push(sized(at as u64, a.size));
            }
            ("dynamic_shared_pointer", _) => return Err(bad("local:N")),
            ("image", ArgValue::Image(img, texels)) => {
                if texels.len() != img.bytes() {
                    return Err(bad(&format!(
                        "{} bytes of texels ({} given)",
                        img.bytes(),
                        texels.len()
                    )));
                }
                let base = dev.alloc_with(&format!("argument {n} (image)"), texels.len() as u64, texels);
                buffers[n] = Some(base);
                let t = a.type_name.as_deref().unwrap_or("image2d_t");
                let object = img
                    .object(k.arch, base, t)
                    .map_err(|e| bad(&format!("another image: {e}")))?;
                let at = dev.alloc_with(&format!("argument {n} (image object)"), 48, &object);
                values.push(sized(at, a.size));
            }
            ("image", _) => return Err(bad("an image (image:W[,H[,D]],FORMAT[,FILE])")),
            ("sampler", ArgValue::Sampler(spec)) => {
                let s = super::image::sampler_object(spec, k.arch).map_err(|e| bad(&e))?;
                let at = dev.alloc_with(&format!("argument {n} (sampler)"), 16, &s);
                values.push(sized(at, a.size));
            }
            ("sampler", _) => return Err(bad("a sampler (sampler:COORDS,ADDRESS,FILTER)")),
            (kind, _) => {
                return Err(usage(format!(
                    "argument {n} ({}) is of kind {kind}, which gcnkit cannot pass",
                    a.name
                )))
            }
        }
    }
    Ok((values, lds_size - k.setup.group_segment_size, buffers))
}

/// Lays out a dispatch in `mem`: the code image, queue, kernarg segment (the explicit
/// `values` at their offsets, then the hidden arguments the metadata asks for, as ROCm fills
/// them), dispatch packet and scratch.
fn place(
    mem: &mut Memory,
    k: &KernelInfo,
    l: &Launch,
    values: &[(u32, &[u8])],
    lds_size: u32,
    image_at: Option<u64>,
    host: &HostSide,
) -> Result<Layout, RunError> {
    let items = check_geometry(k, l.grid, l.block)?;
    if lds_size > 65536 {
        return Err(usage(format!(
            "the work-group needs {lds_size} bytes of LDS (more than 64 KiB)"
        )));
    }
    let mut regions = Vec::new();
    let groups: u64 = (0..3).map(|d| l.grid[d].div_ceil(l.block[d]) as u64).product();
    // The image (PC-relative references to constants and variables reach them): where the
    // device loaded it, else a copy for this dispatch alone.
    let image_at = match image_at {
        Some(at) => at,
        None => {
            let at = mem.add("code object", k.image.len().max(4) as u64, &k.image);
            regions.push(at);
            at
        }
    };
    let code = image_at + k.code_addr;
    // Dispatch packet (hsa_kernel_dispatch_packet_t) and queue (amd_queue_t apertures).
    let mut packet = vec![0u8; 64];
    let put = |b: &mut Vec<u8>, at: usize, v: &[u8]| b[at..at + v.len()].copy_from_slice(v);
    let dims = if l.grid[2] > 1 || l.block[2] > 1 {
        3u16
    } else if l.grid[1] > 1 || l.block[1] > 1 {
        2
    } else {
        1
    };
    put(&mut packet, 2, &dims.to_le_bytes());
    for d in 0..3 {
        put(&mut packet, 4 + 2 * d, &(l.block[d] as u16).to_le_bytes());
        put(&mut packet, 12 + 4 * d, &l.grid[d].to_le_bytes());
    }
    put(&mut packet, 24, &k.setup.private_segment_size.to_le_bytes());
    put(&mut packet, 28, &lds_size.to_le_bytes());
    let mut queue = vec![0u8; 256];
    put(&mut queue, 0x40, &SHARED_APERTURE_HI.to_le_bytes());
    put(&mut queue, 0x44, &PRIVATE_APERTURE_HI.to_le_bytes());
    let queue_at = mem.add("queue", 256, &queue);
    regions.push(queue_at);
    // Kernarg segment: explicit values, then the hidden arguments.
    let kernarg_size = k
        .args
        .iter()
        .map(|a| a.offset + a.size)
        .max()
        .unwrap_or(0)
        .max(k.setup.kernarg_size);
    // Padded: scalar loads of the last arguments may read whole dwordx4 or x8 past the end.
    let mut kernarg = vec![0u8; (kernarg_size as usize).next_multiple_of(64) + 64];
    for (off, bytes) in values {
        if (*off as usize) + bytes.len() <= kernarg.len() {
            put(&mut kernarg, *off as usize, bytes);
        }
    }
    for a in k.args.iter().filter(|a| !a.explicit()) {
        let d = |s: &str| match s.as_bytes().last() {
            Some(b'y') => 1,
            Some(b'z') => 2,
            _ => 0,
        };
        let v: u64 = match a.kind.as_str() {
            "hidden_block_count_x" | "hidden_block_count_y" | "hidden_block_count_z" => {
                (l.grid[d(&a.kind)] / l.block[d(&a.kind)]) as u64
            }
            "hidden_group_size_x" | "hidden_group_size_y" | "hidden_group_size_z" => l.block[d(&a.kind)] as u64,
            "hidden_remainder_x" | "hidden_remainder_y" | "hidden_remainder_z" => {
                (l.grid[d(&a.kind)] % l.block[d(&a.kind)]) as u64
            }
            "hidden_grid_dims" => dims as u64,
            "hidden_queue_ptr" => queue_at,
            "hidden_shared_base" => SHARED_APERTURE_HI as u64,
            "hidden_private_base" => PRIVATE_APERTURE_HI as u64,
            "hidden_dynamic_lds_size" => (lds_size - k.setup.group_segment_size) as u64,
            "hidden_hostcall_buffer" => host.hostcall_buffer,
            "hidden_multigrid_sync_arg" if l.resident => {
                let at = resident::sync_info(mem, groups, host.multigrid);
                regions.push(at);
                at
            }
            // Global offsets are 0; no printf buffer, default queue, completion action,
            // multigrid or heap: null (and no hostcall buffer unless the runtime gives one).
            _ => 0,
        };
        let n = (a.size as usize).min(8);
        if (a.offset as usize) + n <= kernarg.len() {
            put(&mut kernarg, a.offset as usize, &v.to_le_bytes()[..n]);
        }
    }
    let kernarg_at = mem.add("kernarg segment", kernarg.len().max(1) as u64, &kernarg);
    regions.push(kernarg_at);
    put(&mut packet, 40, &kernarg_at.to_le_bytes());
    let packet_at = mem.add("dispatch packet", 64, &packet);
    regions.push(packet_at);
    // Scratch: one slot per thread (per work-group when the grid is resident), 64 lanes ×
    // private size per wave.
    let waves = items.div_ceil(64);
    let scratch_per_group = waves * 64 * k.setup.private_segment_size as u64;
    let slots = if l.resident { groups } else { l.threads.max(1) as u64 };
    let scratch = mem.add("scratch", (scratch_per_group * slots).max(4), &[]);
    if l.checker.is_some() {
        // Each work-group's scratch starts unwritten (`Worker::start_group` again).
        mem.track(scratch, false);
    }
    regions.push(scratch);
    Ok(Layout {
        kernarg: kernarg_at,
        packet: packet_at,
        queue: queue_at,
        code,
        scratch,
        scratch_per_group,
        slots,
        lds_size,
        regions,
    })
}

/// One wave in a work-group.
struct WaveSlot {
    w: Wave,
    pc: u32,
    state: State,
    instructions: u64,
    index: u32,
    /// The instruction count at which the wave's budget or time is looked at next.
    check_at: u64,
    /// When the wave's time was first looked at (its first [`TIME_CHECK_EVERY`] instructions
    /// in: a wave's start is not timed, as most waves are short).
    since: Option<Instant>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Run,
    Barrier,
    Done,
    /// Executed a global wave sync instruction (a resident grid's scheduler does it).
    Gws(resident::GwsOp),
    /// Waits at a global wave sync barrier (resource, its releases when the wave arrived).
    GwsWait(u32, u64),
}

/// Everything a worker thread reads.
struct Shared<'a> {
    k: &'a KernelInfo,
    l: &'a Launch,
    lay: &'a Layout,
    mem: &'a Memory,
    prog: &'a Program,
    groups: [u32; 3],
    /// The host side of hostcalls, called when a wave sleeps.
    service: Option<&'a (dyn Fn(&Memory) + Sync)>,
    /// Raised when another grid of the same launch failed ([`HostSide::abort`]).
    abort: Option<&'a AtomicBool>,
    clock: Clock,
    /// [`HostSide::time_limit`], when the launch is not resident.
    time_limit: Option<Duration>,
    trace: Option<&'a (dyn Fn(&str) + Sync)>,
    monitor: Option<&'a dyn super::monitor::Monitor>,
}

impl Shared<'_> {
    /// A starting wave's first look at its budget or time.
    fn first_check(&self) -> u64 {
        if self.time_limit.is_some() {
            TIME_CHECK_EVERY
        } else {
            self.l.budget
        }
    }
}

/// Runs one wave of `k` from the state `w` (a program of text on the kernel machine: `gcnkit
/// run prog.s`), on `mem` (which holds the buffers the program reaches), with `lds` bytes of
/// LDS and no ABI set-up: the registers are `w`'s. Returns the wave as it ended and the counts;
/// the regions the run added to `mem` are removed again.
pub fn run_one_wave(
    mem: &mut Memory,
    k: &KernelInfo,
    w: Wave,
    lds: u32,
    l: &Launch,
    trace: Option<&(dyn Fn(&str) + Sync)>,
) -> Result<(Wave, Stats), RunError> {
    let start = Instant::now();
    let lay = place(mem, k, l, &[], lds, None, &HostSide::default())?;
    let prog = Program::new(k.arch, k.code.clone(), k.entry);
    let monitor = l.checker.as_ref().map(|c| c.launch(k, [1, 1, 1], mem));
    let r = {
        let sh = Shared {
            k,
            l,
            lay: &lay,
            mem,
            prog: &prog,
            groups: [1, 1, 1],
            service: None,
            abort: None,
            clock: Clock::Instructions,
            time_limit: None,
            trace,
            monitor: monitor.as_deref(),
        };
        let mut worker = Worker::new(&sh, 0);
        worker.waves.push(WaveSlot {
            w,
            pc: k.entry,
            state: State::Run,
            instructions: 0,
            index: 0,
            check_at: sh.first_check(),
            since: None,
        });
        worker.stats.waves = 1;
        worker.stats.workgroups = 1;
        if let Some(watch) = &mut worker.watch {
            watch.group([0, 0, 0], 1);
        }
        let r = worker.run_group([0, 0, 0]);
        let end = std::mem::replace(&mut worker.waves[0].w, Wave::new(k.arch));
        let mut stats = worker.finish();
        if let Some(m) = &monitor {
            m.finish(mem);
        }
        stats.time = start.elapsed();
        r.map(|()| (end, stats))
    };
    for b in &lay.regions {
        mem.remove(*b);
    }
    r.map_err(RunError::Emulation)
}

/// Runs `k` as `l` says on a fresh device (`gcnkit run`'s entry): buffers and values from
/// `l.args`, the buffers read back after the run. `trace`: receives the trace lines (when
/// `l.trace` is set).
pub fn run(k: &KernelInfo, l: &Launch, trace: Option<&(dyn Fn(&str) + Sync)>) -> Result<Outcome, RunError> {
    let start = Instant::now();
    let mut dev = super::device::Device::new(k.arch);
    dev.threads = l.threads;
    dev.budget = l.budget;
    dev.progress = l.progress;
    dev.checker = l.checker.clone();
    let (values, dynamic_lds, bases) = front_end(&mut dev, k, l)?;
    let slices: Vec<&[u8]> = values.iter().map(|v| v.as_slice()).collect();
    let config = super::device::LaunchConfig {
        grid: l.grid,
        block: l.block,
        dynamic_lds,
        trace: l.trace,
        cooperative: l.resident,
    };
    let mut stats = dev.launch(k, &config, &slices, trace)?;
    stats.time = start.elapsed();
    let buffers = bases.iter().map(|b| b.and_then(|b| dev.region_bytes(b))).collect();
    Ok(Outcome { buffers, stats })
}

/// Runs a dispatch on `mem`: `values` are the explicit arguments (kernarg offset, bytes),
/// `lds_size` the LDS of a work-group (static + dynamic), `image_at` where the kernel's
/// image is loaded (`None`: copied for this dispatch). The dispatch's own regions are removed
/// from `mem` when it ends, whether it succeeded or not.
#[allow(clippy::too_many_arguments)]
pub(crate) fn execute(
    mem: &mut Memory,
    k: &KernelInfo,
    l: &Launch,
    values: &[(u32, &[u8])],
    lds_size: u32,
    image_at: Option<u64>,
    host: HostSide,
    trace: Option<&(dyn Fn(&str) + Sync)>,
) -> Result<Stats, RunError> {
    let start = Instant::now();
    let lay = place(mem, k, l, values, lds_size, image_at, &host)?;
    let r = dispatch(mem, &lay, k, l, &host, trace);
    if r.is_err() {
        if let Some(a) = host.abort {
            a.store(true, Ordering::Relaxed);
        }
    }
    for b in &lay.regions {
        mem.remove(*b);
    }
    let mut stats = r?;
    stats.time = start.elapsed();
    Ok(stats)
}

/// Runs every work-group of a laid-out dispatch on worker threads.
fn dispatch(
    mem: &Memory,
    lay: &Layout,
    k: &KernelInfo,
    l: &Launch,
    host: &HostSide,
    trace: Option<&(dyn Fn(&str) + Sync)>,
) -> Result<Stats, RunError> {
    let prog = Program::new(k.arch, k.code.clone(), k.entry);
    let groups: [u32; 3] = std::array::from_fn(|d| l.grid[d].div_ceil(l.block[d]));
    let total = groups.iter().map(|&g| g as u64).product::<u64>() as usize;
    let monitor = l.checker.as_ref().map(|c| c.launch(k, groups, mem));
    let sh = Shared {
        k,
        l,
        lay,
        mem,
        prog: &prog,
        groups,
        service: host.service,
        abort: host.abort,
        clock: host.clock,
        time_limit: host.time_limit.filter(|_| !l.resident),
        trace,
        monitor: monitor.as_deref(),
    };
    if l.resident {
        let r = resident::run(&sh, total);
        if let Some(m) = &monitor {
            m.finish(mem);
        }
        return r.map_err(RunError::Emulation);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let first_error: Mutex<Option<(usize, String)>> = Mutex::new(None);
    let threads = l.threads.max(1).min(total.max(1));
    let mut stats = Stats::default();
    let start = Instant::now();
    let reported = std::sync::atomic::AtomicBool::new(false);
    let work = |t: usize| {
        let mut worker = Worker::new(&sh, t);
        let mut due = Duration::from_secs(1);
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= total {
                break;
            }
            if let Some(p) = l.progress.filter(|_| t == 0) {
                let e = start.elapsed();
                if e >= due {
                    p(g, total, e);
                    reported.store(true, Ordering::Relaxed);
                    due = e + Duration::from_millis(250);
                }
            }
            if let Err(e) = worker.group(g) {
                let mut fe = first_error.lock().unwrap_or_else(|e| e.into_inner());
                if fe.as_ref().is_none_or(|(k, _)| g < *k) {
                    *fe = Some((g, e));
                }
                stop.store(true, Ordering::Relaxed);
            }
        }
        worker.finish()
    };
    // One worker runs on the caller's thread: a small launch pays no thread start.
    let per_thread: Vec<Stats> = if threads == 1 {
        vec![work(0)]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|t| s.spawn(move || work(t))).collect();
            // A worker that panicked is a bug: it is raised here, not turned into silent zeros.
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        })
    };
    if let Some(p) = l.progress.filter(|_| reported.load(Ordering::Relaxed)) {
        p(next.load(Ordering::Relaxed).min(total), total, start.elapsed());
    }
    for s in &per_thread {
        stats.add(s);
    }
    if let Some(m) = &monitor {
        m.finish(mem);
    }
    if let Some((_, e)) = first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(RunError::Emulation(e));
    }
    Ok(stats)
}

/// Hands the accesses the instruction at `pc` logged to the checker's watch, and empties the
/// log for the next one.
fn tell_accesses(
    watch: Option<&mut (dyn super::monitor::Watch + '_)>,
    log: &std::cell::RefCell<Vec<super::monitor::Access>>,
    wave: usize,
    pc: u32,
    mem: &Memory,
) {
    if let Some(watch) = watch {
        let mut a = log.borrow_mut();
        watch.accesses(wave, pc, &a, mem);
        a.clear();
    }
}

/// The user SGPRs of a wave (in ABI order) run by worker `slot`, zeros above them: the
/// same for every wave that worker runs.
fn user_sgprs(sh: &Shared, slot: usize) -> [u32; 128] {
    let (k, lay) = (sh.k, sh.lay);
    let su = &k.setup;
    let scratch = lay.scratch + slot as u64 * lay.scratch_per_group;
    let mut s = [0u32; 128];
    let w = &mut s;
    let mut sg = 0usize;
    let mut push = |w: &mut [u32; 128], v: u32| {
        if sg < 104 {
            w[sg] = v;
        }
        sg += 1;
    };
    for (u, on) in su.user.iter().enumerate() {
        if !on {
            continue;
        }
        match u {
            0 => {
                // Private segment buffer: a swizzled resource over this slot's
                // scratch (ADD_TID, 4-byte elements, index stride 64).
                push(w, scratch as u32);
                push(w, (scratch >> 32) as u32 & 0xffff | 1 << 31);
                push(w, u32::MAX);
                push(w, 1 << 19 | 3 << 21 | 1 << 23);
            }
            1 => {
                push(w, lay.packet as u32);
                push(w, (lay.packet >> 32) as u32);
            }
            2 => {
                push(w, lay.queue as u32);
                push(w, (lay.queue >> 32) as u32);
            }
            3 => {
                push(w, lay.kernarg as u32);
                push(w, (lay.kernarg >> 32) as u32);
            }
            4 => {
                push(w, 0);
                push(w, 0);
            }
            5 => {
                // Flat scratch init: GCN 1.4 the scratch address; earlier, the offset
                // and the per-lane size.
                if k.arch.is_gcn14() {
                    push(w, scratch as u32);
                    push(w, (scratch >> 32) as u32);
                } else {
                    push(w, scratch as u32);
                    push(w, su.private_segment_size);
                }
            }
            6 => push(w, su.private_segment_size),
            n => push(w, sh.groups[n - 7]),
        }
    }
    s
}

/// The id of work-group `g` (linear index, x fastest) of a grid of `gr` work-groups.
fn group_id(g: usize, gr: [u32; 3]) -> [u32; 3] {
    [
        (g % gr[0] as usize) as u32,
        (g / gr[0] as usize % gr[1] as usize) as u32,
        (g / (gr[0] as usize * gr[1] as usize)) as u32,
    ]
}

/// A worker thread: its waves, LDS and vector scratch space are reused from group to group.
struct Worker<'a> {
    sh: &'a Shared<'a>,
    slot: usize,
    waves: Vec<WaveSlot>,
    lds: Vec<u8>,
    lanes: Box<Lanes>,
    stats: Stats,
    /// Executions of each instruction of the program, as differences: a run of planned
    /// instructions k..k+n adds 1 at k and takes 1 at k+n (two updates per run, not one per
    /// instruction); the count of instruction i is the sum of entries 0..=i.
    counts: Vec<i64>,
    /// Each planned memory instruction's region hint ([`Memory::span_hinted`]), by index.
    hints: Vec<u32>,
    /// The affine tier's numbers, and how this worker's waves used each run's tier.
    slots: Box<Slots>,
    tier_use: Vec<TierUse>,
    /// The scalar prologue of the current work-group's first wave, for the others.
    prologue: Box<Prologue>,
    /// The trace line of the instruction just run and the wave before it: printed with the
    /// registers it changed once the next instruction starts (or the wave stops).
    traced: Option<(String, Wave)>,
    /// The checker's watch, the accesses of the instruction just run, which LDS bytes were
    /// written (a bit each; only while a checker watches).
    watch: Option<Box<dyn super::monitor::Watch + 'a>>,
    log: std::cell::RefCell<Vec<super::monitor::Access>>,
    lds_defined: Vec<u64>,
    /// The initial SGPRs of this worker's waves before their work-group's system SGPRs.
    sgprs: [u32; 128],
    /// A wave's instruction count at which `run_wave` returns it still running (a resident
    /// grid's time slice; `u64::MAX` otherwise).
    yield_at: u64,
}

impl<'a> Worker<'a> {
    fn new(sh: &'a Shared<'a>, slot: usize) -> Worker<'a> {
        let watch = sh.monitor.map(|m| m.worker());
        let lds_bits = if watch.is_some() {
            (sh.lay.lds_size as usize).div_ceil(64)
        } else {
            0
        };
        Worker {
            watch,
            log: std::cell::RefCell::new(Vec::new()),
            lds_defined: vec![0; lds_bits],
            sh,
            slot,
            waves: Vec::new(),
            lds: vec![0; sh.lay.lds_size as usize],
            lanes: Box::new(Lanes::new(sh.k.arch)),
            stats: Stats {
                by_class: vec![0; Enc::ALL.len() + 1],
                ..Stats::default()
            },
            counts: vec![0; sh.prog.instrs.len() + 1],
            hints: vec![0; sh.prog.instrs.len()],
            slots: Box::default(),
            tier_use: vec![TierUse::default(); sh.prog.instrs.len()],
            prologue: Box::default(),
            traced: None,
            sgprs: user_sgprs(sh, slot),
            yield_at: u64::MAX,
        }
    }

    /// The counts, with the per-instruction ones summed by class.
    fn finish(mut self) -> Stats {
        let mut c = 0i64;
        for (i, d) in self.sh.prog.instrs.iter().zip(&self.counts) {
            c += d;
            self.stats.instructions += c as u64;
            self.stats.by_class[i.enc as usize] += c as u64;
            if let Some(def) = i.def().filter(|def| c > 0 && def.flags.has(crate::isa::Flags::APPROX)) {
                self.stats.count_approx(def.llvm[i.arch.index()], c as u64);
            }
        }
        self.stats
    }

    /// Sets up the waves of work-group `g` (linear index) in their initial state.
    fn start_group(&mut self, id: [u32; 3]) {
        let (k, l, lay) = (self.sh.k, self.sh.l, self.sh.lay);
        let su = &k.setup;
        // A work-group at the grid's edge may be partial.
        let size: [u32; 3] = std::array::from_fn(|d| l.block[d].min(l.grid[d] - id[d] * l.block[d]));
        let items = size[0] * size[1] * size[2];
        let nwaves = items.div_ceil(64) as usize;
        while self.waves.len() < nwaves {
            self.waves.push(WaveSlot {
                w: Wave::new(k.arch),
                pc: 0,
                state: State::Done,
                instructions: 0,
                index: 0,
                check_at: 0,
                since: None,
            });
        }
        self.lds.iter_mut().for_each(|b| *b = 0);
        self.prologue.keep = Keep::Fresh;
        let scratch = lay.scratch + self.slot as u64 * lay.scratch_per_group;
        let per_wave = 64 * su.private_segment_size as u64;
        let sgprs = &self.sgprs;
        for (wi, ws) in self.waves.iter_mut().enumerate() {
            if wi >= nwaves {
                ws.state = State::Done;
                continue;
            }
            let w = &mut ws.w;
            // The kernel's own VGPRs start at 0 (it never reads past them).
            for r in w.v.iter_mut().take(su.vgprs as usize) {
                **r = [0; 64];
            }
            // The user SGPRs (the same for every wave of this worker), zeros above.
            w.s = *sgprs;
            w.scc = false;
            w.mode = su.mode;
            ws.pc = k.entry;
            ws.state = State::Run;
            ws.instructions = 0;
            ws.check_at = self.sh.first_check();
            ws.since = None;
            ws.index = wi as u32;
            // System SGPRs after the user SGPRs.
            let wave_scratch = scratch + wi as u64 * per_wave;
            let mut sg = su.user_sgprs as usize;
            let mut push = |w: &mut Wave, v: u32| {
                if sg < 104 {
                    w.s[sg] = v;
                }
                sg += 1;
            };
            for (on, v) in su.workgroup_id.iter().zip(id) {
                if *on {
                    push(w, v);
                }
            }
            if su.workgroup_info {
                push(w, nwaves as u32);
            }
            if su.wave_offset {
                push(w, (wave_scratch - scratch) as u32);
            }
            // Work-item ids and EXEC: the wave's first item by division, the rest counted on
            // (x fastest; no division per lane).
            let first = wi as u32 * 64;
            let lanes = items.saturating_sub(first).min(64);
            let exec = if lanes == 64 { u64::MAX } else { (1u64 << lanes) - 1 };
            // (No division for a wave inside the first row of x: every wave of a 1D block.)
            let mut ids = if first < size[0] {
                [first, 0, 0]
            } else {
                [first % size[0], first / size[0] % size[1], first / (size[0] * size[1])]
            };
            let dims = su.workitem_ids as usize + 1;
            if ids[0] + lanes <= size[0] {
                // The wave within one row of x (the common case): x counts on, y and z stay.
                if lanes == 64 {
                    // A whole row at once (vectorised).
                    super::lanes::fill_affine(&mut w.v[0], ids[0], 1);
                } else {
                    for (lane, x) in w.v[0][..lanes as usize].iter_mut().enumerate() {
                        *x = ids[0] + lane as u32;
                    }
                }
                for (d, v) in ids.iter().enumerate().take(dims).skip(1) {
                    w.v[d][..lanes as usize].fill(*v);
                }
            } else {
                for lane in 0..lanes as usize {
                    for (d, v) in ids.iter().enumerate().take(dims) {
                        w.v[d][lane] = *v;
                    }
                    ids[0] += 1;
                    if ids[0] == size[0] {
                        ids[0] = 0;
                        ids[1] += 1;
                        if ids[1] == size[1] {
                            ids[1] = 0;
                            ids[2] += 1;
                        }
                    }
                }
            }
            w.set_pair(EXEC, exec);
            w.set_pair(VCC, 0);
        }
        self.stats.waves += nwaves as u64;
        self.stats.workgroups += 1;
        if let Some(watch) = &mut self.watch {
            // A new work-group's LDS and scratch hold nothing it wrote.
            self.lds_defined.fill(0);
            if lay.scratch_per_group > 0 {
                if let Some((r, off)) = self.sh.mem.span(scratch, lay.scratch_per_group) {
                    r.undefine(off, lay.scratch_per_group);
                }
            }
            watch.group(id, nwaves);
        }
    }

    /// Runs work-group `g` (linear index) to the end.
    fn group(&mut self, g: usize) -> Result<(), String> {
        let id = group_id(g, self.sh.groups);
        self.start_group(id);
        self.run_group(id)
    }

    /// Runs the waves of the current work-group (`id`) until all have ended.
    fn run_group(&mut self, id: [u32; 3]) -> Result<(), String> {
        let n = self.waves.len();
        loop {
            let mut ran = false;
            for wi in 0..n {
                if self.waves[wi].state == State::Run {
                    let r = self.run_wave(wi, id);
                    self.flush_trace(wi);
                    r?;
                    ran = true;
                }
            }
            let waiting = self.waves.iter().filter(|w| w.state == State::Barrier).count();
            if waiting > 0 {
                for w in self.waves.iter_mut().filter(|w| w.state == State::Barrier) {
                    w.state = State::Run;
                }
            } else if !ran {
                return Ok(());
            }
        }
    }

    /// Prints the pending trace line with the registers its instruction changed in wave `wi`.
    fn flush_trace(&mut self, wi: usize) {
        if let (Some((line, before)), Some(t)) = (self.traced.take(), self.sh.trace) {
            t(&format!("{line}{}", super::state::changes(&before, &self.waves[wi].w)));
        }
    }

    /// Runs wave `wi` until it waits at a barrier or ends.
    fn run_wave(&mut self, wi: usize, id: [u32; 3]) -> Result<(), String> {
        let sh = self.sh;
        let (k, l, lay, prog) = (sh.k, sh.l, sh.lay, sh.prog);
        let trace = l
            .trace
            .filter(|t| t.group.is_none_or(|g| g == id) && t.wave.is_none_or(|w| w == wi as u32));
        let scratch = lay.scratch
            + self.slot as u64 * lay.scratch_per_group
            + wi as u64 * 64 * k.setup.private_segment_size as u64;
        let private = super::fastmem::Private {
            scratch,
            size: k.setup.private_segment_size as u64,
        };
        let ws = &mut self.waves[wi];
        let stats = &mut self.stats;
        let counts = &mut self.counts;
        let hints = &mut self.hints;
        let lanes = &mut self.lanes;
        let slots = &mut *self.slots;
        let tier_use = &mut self.tier_use;
        // (Its first run only, if it starts one: see `Prologue`.)
        let mut prologue = Some(&mut *self.prologue);
        let lds = &mut self.lds;
        let traced = &mut self.traced;
        let mut watch = self.watch.as_deref_mut();
        let log = &self.log;
        let lds_defined = &mut self.lds_defined;
        let yield_at = self.yield_at;
        let err = |pc: u32, i: Option<&Instr>, cause: String| {
            let text = i.map_or("?".to_string(), |i| {
                crate::syntax::to_text(i, crate::syntax::Syntax::Llvm)
            });
            format!(
                "kernel {}, work-group ({},{},{}), wave {}, pc 0x{:x}: {}: {cause}",
                k.name,
                id[0],
                id[1],
                id[2],
                wi,
                k.code_addr + pc as u64,
                text
            )
        };
        loop {
            // A resident grid's time slice is over (checked once per planned run or general
            // instruction): the wave stays ready to run.
            if ws.instructions >= yield_at {
                return Ok(());
            }
            // A run of planned instructions, without fetching each (not while tracing or
            // checking).
            if trace.is_none() && watch.is_none() {
                if let Some(&k) = prog.at.get(ws.pc as usize / 4) {
                    let (k, n) = (k as usize, prog.reach.get(k as usize).copied().unwrap_or(0) as usize);
                    if n > 0 && ws.pc.is_multiple_of(4) && ws.instructions + (n as u64) < ws.check_at {
                        let w = &mut ws.w;
                        // MODE stays as it is for the run (only general instructions change it).
                        let gate = super::fast::Gate::of(w.mode);
                        gate.prepare(w, lanes);
                        let mut cx = RunCx {
                            lanes,
                            gate,
                            mem: sh.mem,
                            lds: &mut lds[..],
                            private,
                        };
                        let hints = hints.get_mut(k..k + n).unwrap_or_default();
                        let first = prologue.take().filter(|_| ws.instructions == 0);
                        let tier = gate.ok[0].then_some((&mut *slots, &mut tier_use[k], first));
                        let (done, end, c) = prog.run_plans(k, n, w, &mut cx, hints, tier);
                        let (lops, vins) = c.totals();
                        counts[k] += 1;
                        counts[k + done] -= 1;
                        stats.lane_ops += lops;
                        stats.vector_instructions += vins;
                        ws.instructions += done as u64;
                        match end {
                            RunEnd::End => {
                                ws.state = State::Done;
                                return Ok(());
                            }
                            RunEnd::Jump(t) => {
                                ws.pc = t;
                                continue;
                            }
                            // The address after the run's last executed instruction (done >= 1).
                            RunEnd::On => {
                                ws.pc = prog.pcs[k + done - 1] + 4 * prog.instrs[k + done - 1].len as u32;
                                continue;
                            }
                            // Stopped before instruction k + done: the general path runs it.
                            RunEnd::Stopped => ws.pc = prog.pcs[k + done],
                        }
                    }
                }
            }
            let pc = ws.pc;
            let Some((i, fast, index)) = prog.fetch(ws.pc) else {
                return Err(err(
                    pc,
                    None,
                    "no instruction at this address (outside the code or undecodable)".into(),
                ));
            };
            let i: &Instr = &i;
            if ws.instructions >= ws.check_at {
                if let Some(limit) = sh.time_limit {
                    let since = *ws.since.get_or_insert_with(Instant::now);
                    if since.elapsed() >= limit {
                        return Err(err(
                            pc,
                            Some(i),
                            format!(
                                "the wave did not end within {} s (the GPU driver's compute timeout; \
                                 GCNKIT_BUDGET=N bounds waves by instructions instead)",
                                limit.as_secs()
                            ),
                        ));
                    }
                    ws.check_at = ws.instructions + TIME_CHECK_EVERY;
                } else {
                    return Err(err(
                        pc,
                        Some(i),
                        format!(
                            "the wave did not end within its budget of {} instructions (a longer one: --budget N, \
                             or GCNKIT_BUDGET=N under gcnkit exec)",
                            l.budget
                        ),
                    ));
                }
            }
            if let Some((line, before)) = traced.take() {
                if let Some(t) = sh.trace {
                    t(&format!("{line}{}", super::state::changes(&before, &ws.w)));
                }
            }
            let at = k.code_addr + ws.pc as u64;
            if trace.is_some_and(|f| f.pc.is_none_or(|(a, b)| (a..b).contains(&at))) && sh.trace.is_some() {
                // A branch says where it goes, as an address of the trace (its text has the
                // raw SIMM16).
                let to = crate::syntax::branch_target(i, ws.pc as usize).map_or(String::new(), |d| {
                    // As llvm-objdump labels an address: the kernel's symbol and the offset.
                    let off = d - k.entry as i64;
                    let sign = if off < 0 { "-" } else { "+" };
                    format!(
                        "  // to 0x{:06x} <{}{sign}0x{:x}>",
                        k.code_addr + d as u64,
                        k.name,
                        off.unsigned_abs()
                    )
                });
                let line = format!(
                    "[{},{},{}] wave {} 0x{at:06x}: {}{to}",
                    id[0],
                    id[1],
                    id[2],
                    wi,
                    crate::syntax::to_text(i, crate::syntax::Syntax::Llvm)
                );
                *traced = Some((line, ws.w.clone()));
            }
            if let Some(watch) = watch.as_deref_mut() {
                watch.instruction(wi, pc, &ws.w);
            }
            ws.instructions += 1;
            // Counted per instruction of the program (by class at the end: `Worker::finish`).
            match counts.get_mut(index as usize..index as usize + 2) {
                Some([c, next]) => {
                    *c += 1;
                    *next -= 1;
                }
                _ => {
                    stats.instructions += 1;
                    stats.by_class[i.enc as usize] += 1;
                }
            }
            match fast {
                Plan::Vector(f) => {
                    let active = ws.w.exec().count_ones() as u64;
                    if f.run(&mut ws.w, lanes) {
                        stats.lane_ops += active;
                        stats.vector_instructions += 1;
                        ws.pc += 4 * i.len as u32;
                        continue;
                    }
                }
                Plan::Lane(f) => {
                    let active = ws.w.exec().count_ones() as u64;
                    let gate = super::fast::Gate::of(ws.w.mode);
                    if f.run(&mut ws.w, &gate) {
                        stats.lane_ops += active;
                        stats.vector_instructions += 1;
                        ws.pc += 4 * i.len as u32;
                        continue;
                    }
                }
                Plan::Scalar(f) => {
                    f.run(&mut ws.w);
                    ws.pc += 4 * i.len as u32;
                    continue;
                }
                Plan::Mem(f) => {
                    let mut spare = 0;
                    let hint = hints.get_mut(index as usize).unwrap_or(&mut spare);
                    if f.run_logged(&mut ws.w, sh.mem, lds, private, watch.is_some().then_some(log), hint) {
                        tell_accesses(watch.as_deref_mut(), log, wi, pc, sh.mem);
                        ws.pc += 4 * i.len as u32;
                        continue;
                    }
                }
                // (Superinstructions are only in runs.)
                Plan::Nop | Plan::Branch(..) | Plan::End | Plan::Add64(_) | Plan::General => {}
            }
            let next = ws.pc + 4 * i.len as u32;
            let Some(d) = i.def() else {
                return Err(err(pc, Some(i), "not an instruction (an unknown opcode)".into()));
            };
            let name = d.name[k.arch.index()];
            match d.sem {
                Some(Sem::Vector(_)) => {
                    let active = ws.w.exec().count_ones() as u64;
                    step_with(&mut ws.w, lanes, i).map_err(|e| err(pc, Some(i), e.to_string()))?;
                    stats.lane_ops += active;
                    stats.vector_instructions += 1;
                    ws.pc = next;
                }
                Some(Sem::Scalar(f)) => {
                    scalar::salu(&mut ws.w, i, d, f).map_err(|e| err(pc, Some(i), e.to_string()))?;
                    ws.pc = next;
                }
                Some(Sem::Mem(m)) => {
                    let mut ctx = MemCtx {
                        mem: sh.mem,
                        lds,
                        scratch,
                        private_size: k.setup.private_segment_size,
                        clock: ws.instructions,
                        time: sh.clock,
                        log: watch.is_some().then_some(log),
                        lds_defined,
                        coherent: i.get(crate::enc::F::Glc) != 0,
                        private: (lay.scratch, lay.scratch + lay.scratch_per_group * lay.slots),
                        unaligned_lds: k.arch.is_gcn14(),
                    };
                    let w = &mut ws.w;
                    let r = match i.enc {
                        Enc::Smrd | Enc::Smem => vmem::smem(w, &mut ctx, i, d, m),
                        Enc::Ds => vmem::ds(w, &mut ctx, i, d, m),
                        Enc::Mubuf | Enc::Mtbuf => vmem::mubuf(w, &mut ctx, i, d, m),
                        Enc::Flat => vmem::flat(w, &mut ctx, i, d, m),
                        Enc::Mimg => super::image::mimg(w, &mut ctx, i, d, m),
                        _ => Err(vmem::MemError::Emu(EmuError::Unsupported(format!(
                            "{name}: {} is not modelled",
                            i.enc.name()
                        )))),
                    };
                    tell_accesses(watch.as_deref_mut(), log, wi, pc, sh.mem);
                    r.map_err(|e| err(pc, Some(i), e.message(sh.mem)))?;
                    ws.pc = next;
                }
                Some(Sem::Flow(f)) => {
                    // Outside the code (negative) becomes an address no instruction is at.
                    let target = || crate::syntax::branch_target(i, pc as usize).map_or(u32::MAX, |t| t as u32);
                    let w = &mut ws.w;
                    let code_addr = |pc: u32| lay.code + pc as u64;
                    match f {
                        Flow::Nop => {
                            if let Some(h) = sh.service.filter(|_| d.name.contains(&"s_sleep")) {
                                h(sh.mem);
                            }
                            ws.pc = next;
                            // In a resident grid a sleeping wave lets the others run.
                            if l.resident && d.name.contains(&"s_sleep") {
                                return Ok(());
                            }
                        }
                        Flow::End => {
                            ws.state = State::Done;
                            return Ok(());
                        }
                        Flow::Barrier => {
                            ws.pc = next;
                            ws.state = State::Barrier;
                            return Ok(());
                        }
                        Flow::Branch(c) => ws.pc = if w.taken(c) { target() } else { next },
                        Flow::GetPc | Flow::SwapPc | Flow::Call | Flow::SetPc => {
                            let ops = crate::layout::operands(i, d);
                            let slot = |r: crate::layout::Role| ops.as_slice().iter().find(|s| s.role == r).copied();
                            let new_pc = match f {
                                Flow::SetPc | Flow::SwapPc => {
                                    let s = slot(crate::layout::Role::Src(0))
                                        .ok_or_else(|| err(pc, Some(i), "no source".into()))?;
                                    let a = scalar::read_scalar(w, i, s.code, 2, s.ty)
                                        .map_err(|e| err(pc, Some(i), e.to_string()))?;
                                    Some(a.wrapping_sub(lay.code))
                                }
                                Flow::Call => Some(target() as u64),
                                _ => None,
                            };
                            if let Some(s) = slot(crate::layout::Role::Sdst) {
                                scalar::write_scalar(w, s.code, 2, code_addr(next))
                                    .map_err(|e| err(pc, Some(i), e.to_string()))?;
                            }
                            ws.pc = match new_pc {
                                Some(p) if p < (prog.words.len() * 4) as u64 => p as u32,
                                Some(p) => {
                                    return Err(err(
                                        pc,
                                        Some(i),
                                        format!("jump to 0x{:x}, outside the code", p.wrapping_add(lay.code)),
                                    ))
                                }
                                None => next,
                            };
                        }
                        Flow::GetReg
                        | Flow::SetReg
                        | Flow::SetRegImm
                        | Flow::MovRelS
                        | Flow::MovRelD
                        | Flow::GprIdx => {
                            scalar::flow_regs(w, i, d, f).map_err(|e| err(pc, Some(i), e.to_string()))?;
                            ws.pc = next;
                        }
                        Flow::Trap => {
                            return Err(err(pc, Some(i), "s_trap: the kernel trapped (no trap handler)".into()))
                        }
                        // Global wave sync: the grid's scheduler does it; only a resident grid has one.
                        Flow::Gws(g) => {
                            if !l.resident {
                                return Err(err(
                                    pc,
                                    Some(i),
                                    "global wave sync (GWS: grid.sync()) needs the whole grid resident: a \
                                     cooperative launch (hipLaunchCooperativeKernel, gcnkit run --cooperative)"
                                        .into(),
                                ));
                            }
                            ws.state = State::Gws(resident::GwsOp::of(i, g, &ws.w).map_err(|e| err(pc, Some(i), e))?);
                            ws.pc = next;
                            return Ok(());
                        }
                    }
                }
                None => {
                    return Err(err(pc, Some(i), format!("no semantics for {name} yet")));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::lanes::fill_affine;

    /// A function called as compilers call one (its address from `s_getpc_b64` and two adds
    /// of constants, then `s_swappc_b64`) is decoded and planned with the kernel; one whose
    /// address is a register's value is not, and is decoded where it runs.
    #[test]
    fn called_functions_are_planned() {
        let src = "s_getpc_b64 s[4:5]\ns_add_u32 s4, s4, 16\ns_addc_u32 s5, s5, 0\n\
                   s_swappc_b64 s[30:31], s[4:5]\ns_endpgm\n\
                   v_mov_b32 v0, 1\ns_setpc_b64 s[30:31]\n\
                   v_mov_b32 v0, 2\ns_setpc_b64 s[30:31]\n";
        let words = crate::asm::assemble_one(Arch::Gcn14, crate::asm::Dialect::Llvm, src).unwrap();
        let p = Program::new(Arch::Gcn14, Arc::new(words), 0);
        // The callee at 20 (the address after s_getpc_b64, 4, plus 16), planned; the code
        // after it (at 28) not reached.
        assert!(p.at[20 / 4] != NONE && p.at[24 / 4] != NONE);
        assert!(matches!(p.fast[p.at[20 / 4] as usize], Plan::Vector(_)));
        assert_eq!(p.at[28 / 4], NONE);
    }
    use super::*;

    fn bytes(spec: &str) -> Result<Vec<u8>, String> {
        match parse_arg(spec)? {
            ArgValue::Value(b) => Ok(b),
            _ => Err("not a value".into()),
        }
    }

    #[test]
    fn argument_specs_and_their_ranges() {
        assert_eq!(bytes("i8:-128"), Ok(vec![0x80]));
        assert_eq!(bytes("i8:255"), Ok(vec![0xff]));
        assert!(bytes("i8:-129").is_err() && bytes("i8:256").is_err());
        assert!(bytes("u32:-1").is_err());
        assert_eq!(bytes("i16:0x8000"), Ok(vec![0, 0x80]));
        assert_eq!(
            bytes("i64:-9223372036854775808"),
            Ok(0x8000_0000_0000_0000u64.to_le_bytes().to_vec())
        );
        assert!(bytes("i64:-9223372036854775809").is_err());
        assert_eq!(bytes("u64:0xffffffffffffffff"), Ok(vec![0xff; 8]));
        assert_eq!(bytes("f32:1.5"), Ok(1.5f32.to_le_bytes().to_vec()));
        assert_eq!(bytes("f16:0x3c00"), Ok(vec![0, 0x3c]));
        assert!(bytes("f16:0x13c00").is_err() && bytes("q32:1").is_err() && bytes("i32").is_err());
        assert!(matches!(parse_arg("zeros:4"), Ok(ArgValue::Buffer(b)) if b == [0; 4]));
        assert!(matches!(parse_arg("local:16"), Ok(ArgValue::Local(16))));
    }

    /// A run's tier is left for good when more than a quarter of its first tries left it
    /// early, and only then.
    #[test]
    fn tiers_left_early_too_often_are_not_entered() {
        for early in 0..=TierUse::TRIES {
            let mut u = TierUse::default();
            for k in 0..TierUse::TRIES {
                assert!(u.on(), "{early}: off after {k} tries");
                u.count(k < early);
            }
            assert_eq!(
                u.on(),
                early <= TierUse::TRIES / 4,
                "{early} early of {}",
                TierUse::TRIES
            );
            u.count(true);
            assert_eq!(u.on(), early <= TierUse::TRIES / 4, "{early}: counted after the tries");
        }
    }

    /// The affine tier leaves a wave, the memory and the counts as the plans alone leave
    /// them, on random runs of the words it takes (and others around them) and random
    /// waves: affine rows or not, full EXEC or not, carries and shifts that differ between
    /// lanes or not, spans inside memory or not.
    #[test]
    fn affine_tier_equals_the_plans() {
        use super::super::test_rng::Rng;
        let mut r = Rng(0xaff1_4e00_7e57_0001);
        let (mut tiered, mut whole, mut runs, mut kept, mut crossing, mut floats) = (0, 0, 0, 0, 0, 0);
        for (a, add, addc, load, store, off) in [
            (
                Arch::Gcn14,
                "v_add_co_u32",
                "v_addc_co_u32",
                "global_load_dword",
                "global_store_dword",
                ", off",
            ),
            (
                Arch::Gcn141,
                "v_add_co_u32",
                "v_addc_co_u32",
                "global_load_dword",
                "global_store_dword",
                ", off",
            ),
            (
                Arch::Gcn12,
                "v_add_u32",
                "v_addc_u32",
                "flat_load_dword",
                "flat_store_dword",
                "",
            ),
        ] {
            for _ in 0..3000 {
                let mut lines = Vec::new();
                for _ in 0..3 + r.next() % 9 {
                    let d = r.next() % 8;
                    let x = r.next() % 8;
                    let src = |r: &mut Rng| match r.next() % 5 {
                        0 => format!("s{}", r.next() % 16),
                        1 => format!("{}", r.next() % 65),
                        2 => "-4".to_string(),
                        _ => format!("v{}", r.next() % 8),
                    };
                    let k = |r: &mut Rng| match r.next() % 3 {
                        0 => format!("s{}", r.next() % 16),
                        _ => format!("{}", r.next() % 40),
                    };
                    let p = 4 + 2 * (r.next() % 2);
                    // (f32 constants too, for the float rows.)
                    let fsrc = |r: &mut Rng| match r.next() % 6 {
                        0 => ["0.5", "-2.0", "1.0", "-4.0"][(r.next() % 4) as usize].to_string(),
                        1 => format!("s{}", r.next() % 16),
                        2 => format!("{}", r.next() % 65),
                        _ => format!("v{}", r.next() % 8),
                    };
                    let line = match r.next() % 25 {
                        0 | 1 if a.is_gcn14() => format!("v_add_u32 v{d}, {}, v{x}", src(&mut r)),
                        0 => format!("v_add_u32 v{d}, vcc, {}, v{x}", src(&mut r)),
                        2 if a.is_gcn14() => format!("v_sub_u32 v{d}, {}, v{x}", src(&mut r)),
                        2 => format!("v_sub_u32 v{d}, vcc, {}, v{x}", src(&mut r)),
                        3 if a.is_gcn14() => format!("v_subrev_u32 v{d}, {}, v{x}", src(&mut r)),
                        3 => format!("v_mul_lo_u32 v{d}, {}, v{x}", src(&mut r)),
                        4 => format!("v_lshlrev_b32 v{d}, {}, v{x}", k(&mut r)),
                        5 => format!("v_lshrrev_b32 v{d}, {}, v{x}", k(&mut r)),
                        6 => format!("v_ashrrev_i32 v{d}, {}, v{x}", k(&mut r)),
                        7 if r.next().is_multiple_of(2) => format!("v_mul_lo_u32 v{d}, {}, v{x}", src(&mut r)),
                        7 => format!("v_mul_lo_u32 v{d}, v{x}, {}", src(&mut r)),
                        8 if a.is_gcn14() => format!("v_lshl_add_u32 v{d}, v{x}, {}, {}", k(&mut r), src(&mut r)),
                        8 | 9 => format!("v_mov_b32 v{d}, {}", src(&mut r)),
                        10 if a.is_gcn14() => format!("v_add3_u32 v{d}, v{x}, {}, {}", src(&mut r), src(&mut r)),
                        10 => format!("v_lshl_b64 v[{p}:{}], v[{x}:{}], {}", p + 1, (x + 1).min(7), k(&mut r)),
                        11 => format!("{add} v{d}, vcc, {}, v{x}", src(&mut r)),
                        12 => format!("{addc} v{d}, vcc, {}, v{x}, vcc", src(&mut r)),
                        13 => format!("{add}_e64 v{d}, s[2:3], {}, {}", src(&mut r), src(&mut r)),
                        14 => format!("{addc}_e64 v{d}, s[2:3], {}, {}, s[2:3]", src(&mut r), src(&mut r)),
                        15 => format!(
                            "v_lshlrev_b64 v[{p}:{}], {}, v[{x}:{}]",
                            p + 1,
                            k(&mut r),
                            (x + 1).min(7)
                        ),
                        16 => {
                            let rel = ["lt", "eq", "le", "gt", "ne", "ge"][(r.next() % 6) as usize];
                            let ty = ["i32", "u32"][(r.next() % 2) as usize];
                            match r.next() % 3 {
                                0 => format!("v_cmp_{rel}_{ty} vcc, {}, v{x}", src(&mut r)),
                                1 => format!("v_cmp_{rel}_{ty}_e64 s[2:3], v{x}, {}", src(&mut r)),
                                _ => format!("v_cmp_{rel}_{ty}_e64 vcc, v{x}, v{d}"),
                            }
                        }
                        17 => format!("v_and_b32 v{d}, {}, v{x}", src(&mut r)),
                        18 => [
                            "s_mov_b64 exec, s[8:9]",
                            "s_mov_b64 exec, -1",
                            "s_add_u32 s0, s0, 4",
                            "s_mov_b64 s[2:3], -1",
                            "s_and_saveexec_b64 s[10:11], vcc",
                        ][(r.next() % 5) as usize]
                            .to_string(),
                        22 | 23 if a == Arch::Gcn141 && r.next().is_multiple_of(2) => {
                            format!("v_fmac_f32 v{d}, {}, v{x}", fsrc(&mut r))
                        }
                        22 | 23 => match r.next() % 5 {
                            0 => format!("v_fma_f32 v{d}, v{x}, {}, {}", fsrc(&mut r), fsrc(&mut r)),
                            1 => format!("v_mul_f32 v{d}, {}, v{x}", fsrc(&mut r)),
                            2 => format!("v_add_f32 v{d}, {}, v{x}", fsrc(&mut r)),
                            3 => format!("v_sub_f32 v{d}, {}, v{x}", fsrc(&mut r)),
                            _ => format!("v_subrev_f32 v{d}, {}, v{x}", fsrc(&mut r)),
                        },
                        // (A branch to the end: taken or not.)
                        21 if r.next().is_multiple_of(2) => format!(
                            "s_cbranch_{} END",
                            ["execz", "execnz", "vccz", "vccnz", "scc0", "scc1"][(r.next() % 6) as usize]
                        ),
                        // (GCN 1.4's SADDR: s[8:9] the buffer's base, or not.)
                        19 if a.is_gcn14() && r.next().is_multiple_of(3) => format!("{load} v{d}, v{p}, s[8:9]"),
                        19 => format!("{load} v{d}, v[{p}:{}]{off}", p + 1),
                        20 if a.is_gcn14() && r.next().is_multiple_of(3) => format!("{store} v{p}, v{x}, s[8:9]"),
                        20 => format!("{store} v[{p}:{}], v{x}{off}", p + 1),
                        _ => format!(
                            "{add} v{p}, vcc, {}, v{p}\n{addc} v{}, vcc, 0, v{}, vcc",
                            4 * (r.next() % 3),
                            p + 1,
                            p + 1
                        ),
                    };
                    lines.push(line);
                }
                lines.push("END:\ns_endpgm".into());
                let text = lines.join("\n");
                let Ok(words) = crate::asm::assemble_one(a, crate::asm::Dialect::Llvm, &text) else {
                    continue;
                };
                let prog = Program::new(a, Arc::new(words), 0);
                let n = prog.reach[0] as usize;
                if n == 0 {
                    continue;
                }
                runs += 1;
                tiered += prog.tier(0, n).is_some() as usize;
                crossing += prog.tier(0, n).is_some_and(|t| t.end > prog.run_len[0] as usize) as usize;
                floats += prog.tier(0, n).map_or(0, |t| t.floats());
                // The wave: rows affine (steps that wrap or not), or not; addresses in v[4:5]
                // and v[6:7] inside the buffer, or near it, or anywhere.
                // Every fourth run a buffer across an 8 GiB line, addresses near it: lanes whose
                // low dwords wrap inside it. Every fifth, the buffer's writes tracked.
                let (start, size, near) = match runs % 4 {
                    1 => (0x1_ffff_0000, 0x11000, 0xf800),
                    _ => (0x1_0000_0000, 4096, 0),
                };
                let track = runs % 5 == 0;
                let memory = || Memory::starting_at(start);
                let mut mem = memory();
                let bytes: Vec<u8> = (0..size).map(|_| r.next() as u8).collect();
                let base = mem.add("buffer", size, &bytes);
                if track {
                    mem.track(base, false);
                }
                let mut w = Wave::new(a);
                for v in 0..8 {
                    let (b, s) = match r.next() % 6 {
                        0 => (r.next() as u32, r.next() as u32),
                        1 => (r.next() as u32 % 64, 1),
                        2 => (u32::MAX - r.next() as u32 % 100, 1 + r.next() as u32 % 3),
                        3 => (
                            r.next() as u32 % 5000,
                            [0, 1, 4, u32::MAX, 0u32.wrapping_sub(4), 8][r.next() as usize % 6],
                        ),
                        _ => (0x7fff_ffc0 + r.next() as u32 % 128, [1, 4][r.next() as usize % 2]),
                    };
                    fill_affine(&mut w.v[v], b, s);
                    if r.next().is_multiple_of(4) {
                        w.v[v][r.next() as usize % 64] ^= 1 << (r.next() % 32);
                    }
                }
                for p in [4, 6] {
                    if !r.next().is_multiple_of(4) {
                        let at = base + near + 4 * (r.next() % 1100) - 64 * (r.next() % 2);
                        fill_affine(&mut w.v[p], at as u32, [4, 4, 4, 8][r.next() as usize % 4]);
                        // (A high dword that differs between lanes: no span.)
                        fill_affine(&mut w.v[p + 1], (at >> 32) as u32, (r.next().is_multiple_of(8)) as u32);
                    }
                }
                for (k, s) in w.s.iter_mut().enumerate().take(16) {
                    *s = if k % 3 == 0 {
                        r.next() as u32 % 8
                    } else {
                        r.next() as u32
                    };
                }
                w.set_pair(2, [0, u64::MAX, r.next()][r.next() as usize % 3]);
                w.set_pair(8, if r.next().is_multiple_of(2) { base } else { r.next() });
                w.set_pair(VCC, [0, u64::MAX, r.next()][r.next() as usize % 3]);
                w.scc = r.next().is_multiple_of(2);
                // MODE: mostly f32 denormals kept (the float rows' own), or flushed (inputs,
                // outputs or both), or rounding toward +inf.
                w.mode = [0x0f0, 0x0f0, 0x0f0, 0x0f0, 0x0c0, 0x0d0, 0x0e0, 0x0f1][r.next() as usize % 8];
                if r.next().is_multiple_of(6) {
                    w.set_pair(EXEC, r.next());
                }
                // (No SGPR written yet: the run's carry pairs must say they wrote theirs.)
                w.s_written = [false; 128];
                let mut mem2 = memory();
                assert_eq!(mem2.add("buffer", size, &bytes), base);
                if track {
                    mem2.track(base, false);
                }
                let (mut lanes, mut lanes2) = (Lanes::new(a), Lanes::new(a));
                let (mut lds, mut lds2) = ([0u8; 0], [0u8; 0]);
                let mut slots = Slots::default();
                let hint = (runs % 3 == 0) as u32;
                let run = |w: &mut Wave,
                           mem: &Memory,
                           lanes: &mut Lanes,
                           lds: &mut [u8],
                           tier: Option<(&mut Slots, &mut TierUse, Option<&mut Prologue>)>| {
                    let gate = super::super::fast::Gate::of(w.mode);
                    gate.prepare(w, lanes);
                    let mut cx = RunCx {
                        lanes,
                        gate,
                        mem,
                        lds,
                        private: Default::default(),
                    };
                    // As the wave loop goes on: from the run after a branch not taken (region 0's
                    // hint, or one that names none: the search).
                    let (mut k, mut tier, mut totals) = (0, tier, (0, 0));
                    loop {
                        let n = prog.reach[k] as usize;
                        let t = tier.as_mut().map(|(s, u, p)| (&mut **s, &mut **u, p.take()));
                        let (done, end, c) = prog.run_plans(k, n, w, &mut cx, &mut vec![hint; n], t);
                        totals = (totals.0 + c.totals().0, totals.1 + c.totals().1);
                        k += done;
                        if end != RunEnd::On || prog.reach.get(k).is_none_or(|&n| n == 0) {
                            return ((k, end), totals);
                        }
                    }
                };
                // Three times from the start, the plans and the tier alike: as it is, again with
                // the scalar prologue the first run kept, and with one SGPR changed (which the
                // kept prologue must not fit).
                let start = w.clone();
                let mut prologue = Prologue::default();
                for round in 0..3 {
                    let (mut plans, mut w) = (start.clone(), start.clone());
                    if round == 2 {
                        let k = (r.next() % 16) as usize;
                        plans.s[k] ^= 1 << (r.next() % 32);
                        w.s[k] = plans.s[k];
                    }
                    kept += (round == 1 && prologue.fits(0, &w)) as usize;
                    let a_out = run(&mut plans, &mem, &mut lanes, &mut lds, None);
                    // The tier op by op (every other program; the machine code's where there is one).
                    super::super::affine::INTERPRET.with(|i| i.set(runs % 2 == 0));
                    let tier = Some((&mut slots, &mut TierUse::default(), Some(&mut prologue)));
                    let b_out = run(&mut w, &mem2, &mut lanes2, &mut lds2, tier);
                    whole += (round == 0 && b_out.0 .0 == n) as usize;
                    assert_eq!(a_out, b_out, "{a}, run {round}: (done, where), lane ops, vector instructions:\n{text}");
                    for v in 0..256 {
                        assert_eq!(plans.v[v][..], w.v[v][..], "{a}, run {round}: v{v}:\n{text}");
                    }
                    assert!(plans.s == w.s && plans.scc == w.scc, "{a}, run {round}: SGPRs:\n{text}");
                    assert!(
                        plans.v_written == w.v_written && plans.s_written == w.s_written,
                        "{a}, run {round}: written:\n{text}"
                    );
                    let (mut x, mut y) = (vec![0u8; size as usize], vec![0u8; size as usize]);
                    mem.read_bytes(base, &mut x).unwrap();
                    mem2.read_bytes(base, &mut y).unwrap();
                    assert!(x == y, "{a}, run {round}: memory:\n{text}");
                    let written = |m: &Memory| {
                        let r = m.region_at(base).unwrap();
                        (0..size / 4).map(|k| r.is_defined(4 * k, 4)).collect::<Vec<_>>()
                    };
                    assert!(written(&mem) == written(&mem2), "{a}, run {round}: bytes written:\n{text}");
                }
            }
        }
        assert!(
            tiered > 3000 && whole > 1000 && kept > 100 && crossing > 300 && floats > 1000,
            "{runs} runs, {tiered} with a tier, {whole} whole, {kept} took a kept prologue, \
             {crossing} tiers past a branch, {floats} float rows in tiers"
        );


    }
}
