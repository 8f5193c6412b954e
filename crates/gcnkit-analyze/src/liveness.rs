//! Liveness over the graph: a register is live at a point when some path from there reads
//! it before writing it (backward dataflow to a fixed point; live-out of a block is the
//! union of its successors' live-in). Per instruction: live before and after; the pressure
//! (VGPRs and SGPRs held at each point: live ones plus those the instruction writes, which
//! need a register even when no one reads them) and its peak; reads of registers no path
//! writes (a forward "may be written" dataflow seeded with the kernel's initial registers);
//! registers written and never read anywhere.
//!
//! A vector write is counted as a whole-register write, as compilers' register allocators
//! count it, though lanes off in EXEC keep their old value; partial writes (16-bit halves,
//! SDWA with `dst_unused: preserve`, S_CMOV, V_MAC) read their destination
//! ([`crate::effects`]).
//!
//! Calls by the AMDGPU calling convention of LLVM 14 (`AMDGPUCallingConv.td`: `CSR_AMDGPU`):
//! after a call the registers a callee may clobber — s0-s29, VCC, M0, SCC and the VGPRs
//! outside the callee-saved stripes v40-47, v56-63, ... v248-255 — are not live through it;
//! the others are. A callee the code holds ([`Cfg::calls`]) is analysed with its caller: what
//! it reads is live at the call, and what is live after each call to it is live at its
//! returns (`s_setpc_b64`; all of its callers' together, as one function serves them all).

use crate::cfg::Cfg;
use crate::effects::{effects, Effects};
use crate::program::Program;
use crate::regs::{RegSet, SCC};

#[derive(Clone, Debug)]
pub struct Liveness {
    pub effects: Vec<Effects>,
    pub live_before: Vec<RegSet>,
    pub live_after: Vec<RegSet>,
    /// Per instruction: (VGPRs, SGPRs) occupied across it: the larger of live-before and
    /// live-after plus the registers it writes.
    pub pressure: Vec<(u32, u32)>,
    /// The peak VGPR pressure and the first instruction index where it is reached.
    pub peak_vgprs: (u32, usize),
    pub peak_sgprs: (u32, usize),
    /// Reads of registers that no path from the entry writes first (and the start does
    /// not hold): (instruction index, registers).
    pub undefined_reads: Vec<(usize, RegSet)>,
    /// Registers written somewhere and read nowhere (SCC left out: nearly every scalar
    /// instruction writes it).
    pub never_read: RegSet,
    /// Writes whose value no path reads (instruction index, registers; SCC left out).
    pub dead_writes: Vec<(usize, RegSet)>,
    /// Every register any instruction reads or writes.
    pub touched: RegSet,
}

/// The registers a call may clobber (LLVM 14's AMDGPU calling convention): s0-s29, VCC, M0,
/// SCC, and the VGPRs outside the callee-saved stripes (v40-47, v56-63, ... v248-255).
pub fn call_clobbered() -> RegSet {
    let mut r = RegSet::EMPTY;
    r.insert_range(0, 30);
    r.insert_range(crate::regs::VCC, 2);
    r.insert(crate::regs::M0);
    r.insert(SCC);
    for v in 0..256u16 {
        if v < 40 || (v - 40) % 16 >= 8 {
            r.insert(crate::regs::V0 + v);
        }
    }
    r
}

/// How liveness flows out of each block: its edges (a call's return edge without what the
/// call clobbers), into the functions it calls, and from a callee's returns to every return
/// point of its calls.
struct Flows {
    /// Per block: (successor, registers that do not flow along: clobbered).
    out: Vec<Vec<(usize, bool)>>,
}

impl Flows {
    fn of(cfg: &Cfg) -> Flows {
        let n = cfg.blocks.len();
        let mut out: Vec<Vec<(usize, bool)>> = (0..n)
            .map(|b| {
                let call = matches!(cfg.blocks[b].term, crate::cfg::Terminator::Call { .. });
                cfg.succs(b)
                    .map(|e| (e.to, call && e.kind == crate::cfg::EdgeKind::Return))
                    .collect()
            })
            .collect();
        for &(c, callee) in &cfg.calls {
            out[c].push((callee, false));
            let Some(ret) = cfg
                .succs(c)
                .find(|e| e.kind == crate::cfg::EdgeKind::Return)
                .map(|e| e.to)
            else {
                continue;
            };
            let f = cfg.function[callee];
            for (b, o) in out.iter_mut().enumerate() {
                if f.is_some() && cfg.function[b] == f && cfg.blocks[b].term == crate::cfg::Terminator::SetPc {
                    o.push((ret, false));
                }
            }
        }
        Flows { out }
    }

    fn live_out(&self, b: usize, live_in: &[RegSet], clobbered: &RegSet) -> RegSet {
        let mut out = RegSet::EMPTY;
        for &(s, clobber) in &self.out[b] {
            out = out.union(&if clobber {
                live_in[s].minus(clobbered)
            } else {
                live_in[s]
            });
        }
        out
    }
}

/// Live-in of each block (the fixed point).
fn block_live_in(cfg: &Cfg, fx: &[Effects], flows: &Flows) -> Vec<RegSet> {
    let n = cfg.blocks.len();
    // Per block: the registers read before any write (use) and written (def).
    let mut uses = vec![RegSet::EMPTY; n];
    let mut defs = vec![RegSet::EMPTY; n];
    for (b, blk) in cfg.blocks.iter().enumerate() {
        for e in fx[blk.start..blk.end].iter().rev() {
            uses[b] = uses[b].minus(&e.writes).union(&e.reads);
            defs[b] = defs[b].union(&e.writes);
        }
    }
    let clobbered = call_clobbered();
    let mut live_in = vec![RegSet::EMPTY; n];
    let order: Vec<usize> = cfg.rpo().into_iter().rev().collect();
    // Blocks the entry does not reach (none, from discovery) would still be visited.
    let rest: Vec<usize> = (0..n).filter(|b| !order.contains(b)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().chain(&rest) {
            let out = flows.live_out(b, &live_in, &clobbered);
            let new = uses[b].union(&out.minus(&defs[b]));
            if new != live_in[b] {
                live_in[b] = new;
                changed = true;
            }
        }
    }
    live_in
}

pub fn analyze(p: &Program, cfg: &Cfg) -> Liveness {
    let fx: Vec<Effects> = p.insts.iter().map(|i| effects(&i.instr)).collect();
    let n = fx.len();
    let flows = Flows::of(cfg);
    let live_in = block_live_in(cfg, &fx, &flows);
    let clobbered = call_clobbered();
    let mut live_before = vec![RegSet::EMPTY; n];
    let mut live_after = vec![RegSet::EMPTY; n];
    for (b, blk) in cfg.blocks.iter().enumerate() {
        let mut live = flows.live_out(b, &live_in, &clobbered);
        for k in (blk.start..blk.end).rev() {
            live_after[k] = live;
            live = live.minus(&fx[k].writes).union(&fx[k].reads);
            live_before[k] = live;
        }
    }
    let arch = p.arch;
    let mut pressure = Vec::with_capacity(n);
    let (mut pv, mut ps) = ((0, 0), (0, 0));
    for k in 0..n {
        let across = live_after[k].union(&fx[k].writes);
        let v = live_before[k].vgprs().max(across.vgprs());
        let s = live_before[k].sgprs(arch).max(across.sgprs(arch));
        if v > pv.0 {
            pv = (v, k);
        }
        if s > ps.0 {
            ps = (s, k);
        }
        pressure.push((v, s));
    }
    // May-be-written before each block (forward, union over predecessors).
    let nb = cfg.blocks.len();
    let mut written_in = vec![RegSet::EMPTY; nb];
    let mut written_out = vec![RegSet::EMPTY; nb];
    let block_writes: Vec<RegSet> = cfg
        .blocks
        .iter()
        .map(|b| fx[b.start..b.end].iter().fold(RegSet::EMPTY, |a, e| a.union(&e.writes)))
        .collect();
    // Into a callee from each call; back from its returns to each return point.
    let mut extra_preds: Vec<Vec<usize>> = vec![Vec::new(); nb];
    for (from, outs) in flows.out.iter().enumerate() {
        for &(to, _) in outs {
            if !cfg.succs(from).any(|e| e.to == to) {
                extra_preds[to].push(from);
            }
        }
    }
    let mut order = cfg.rpo();
    let reached: Vec<bool> = {
        let mut r = vec![false; nb];
        for &b in &order {
            r[b] = true;
        }
        r
    };
    order.extend((0..nb).filter(|&b| !reached[b]));
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &order {
            let mut inn = if b == cfg.entry { p.initial } else { RegSet::EMPTY };
            for e in cfg.preds(b) {
                inn = inn.union(&written_out[e.from]);
            }
            for &f in &extra_preds[b] {
                inn = inn.union(&written_out[f]);
            }
            let out = inn.union(&block_writes[b]);
            if inn != written_in[b] || out != written_out[b] {
                written_in[b] = inn;
                written_out[b] = out;
                changed = true;
            }
        }
    }
    let mut undefined_reads = Vec::new();
    for (b, blk) in cfg.blocks.iter().enumerate() {
        let mut w = written_in[b];
        for (k, e) in fx.iter().enumerate().take(blk.end).skip(blk.start) {
            let bad = e.reads.minus(&w);
            if !bad.is_empty() {
                undefined_reads.push((k, bad));
            }
            w = w.union(&e.writes);
        }
    }
    let mut scc = RegSet::EMPTY;
    scc.insert(SCC);
    let all_reads = fx.iter().fold(RegSet::EMPTY, |a, e| a.union(&e.reads));
    let all_writes = fx.iter().fold(RegSet::EMPTY, |a, e| a.union(&e.writes));
    let dead_writes = (0..n)
        .filter_map(|k| {
            let d = fx[k].writes.minus(&live_after[k]).minus(&scc);
            (!d.is_empty()).then_some((k, d))
        })
        .collect();
    Liveness {
        never_read: all_writes.minus(&all_reads).minus(&scc),
        touched: all_reads.union(&all_writes),
        effects: fx,
        live_before,
        live_after,
        pressure,
        peak_vgprs: pv,
        peak_sgprs: ps,
        undefined_reads,
        dead_writes,
    }
}
