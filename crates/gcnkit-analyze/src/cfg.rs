//! The control-flow graph of a program: basic blocks split at branch targets and after
//! branches, `s_endpgm`, `s_setpc_b64` and calls; edges taken and fall-through; dominators
//! (Cooper, Harvey and Kennedy's iterative algorithm over reverse post-order: small and
//! enough for kernels' graphs); natural loops from back edges (an edge to a block that
//! dominates its source), merged per header, and each block's nesting depth; and what kind
//! of decision each conditional branch is.

use crate::program::{branch_targets, flow_of, Inst, Program};
use gcnkit::isa::{Cond, Flow};
use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// The branch is taken.
    Taken,
    /// The next instruction: a conditional branch not taken, or a block that ends because
    /// the next one is a branch target.
    Fallthrough,
    /// Back from a call (`s_swappc_b64`, `s_call_b64`) to the next instruction.
    Return,
}

impl EdgeKind {
    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Taken => "taken",
            EdgeKind::Fallthrough => "fallthrough",
            EdgeKind::Return => "return",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
}

/// How a block ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terminator {
    /// Into the next block (it starts at a branch target).
    Fallthrough,
    /// `s_branch`.
    Jump,
    /// `s_cbranch_*`, with what the decision is.
    Branch { cond: Cond, kind: BranchKind },
    /// `s_endpgm`.
    End,
    /// `s_setpc_b64`: a return or a jump to a register (target unknown).
    SetPc,
    /// `s_swappc_b64`/`s_call_b64`: a call, to a symbol of the code when it is known.
    Call {
        target: Option<u32>,
        symbol: Option<String>,
    },
    /// The path leaves the code or meets a word that does not decode.
    Stop,
}

/// A conditional branch's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchKind {
    /// On SCC or VCCZ: one decision for the whole wave.
    Uniform,
    /// On EXECZ/EXECNZ: the branch skips code no lane runs; with `saveexec` the block
    /// narrowed EXEC first (`s_and_saveexec_b64` + `s_cbranch_execz`: the start of a divergent
    /// region, an if whose lanes disagree), without it the test ends a divergent loop or
    /// region.
    Divergent { saveexec: bool },
}

impl BranchKind {
    pub fn name(self) -> &'static str {
        match self {
            BranchKind::Uniform => "uniform",
            BranchKind::Divergent { .. } => "divergent",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Block {
    /// Instructions `start..end` of the program.
    pub start: usize,
    pub end: usize,
    pub term: Terminator,
    /// Loop nesting depth (0: in no loop).
    pub loop_depth: u32,
}

/// A natural loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    pub header: usize,
    /// Its blocks, the header included, in order.
    pub blocks: Vec<usize>,
    /// The blocks whose edges go back to the header.
    pub latches: Vec<usize>,
    /// 1 for an outermost loop.
    pub depth: u32,
}

#[derive(Clone, Debug)]
pub struct Cfg {
    pub blocks: Vec<Block>,
    pub edges: Vec<Edge>,
    /// Immediate dominator of each block (the entry's is itself).
    pub idom: Vec<usize>,
    /// The entry block (the first, unless a branch goes to code before the entry).
    pub entry: usize,
    /// Calls to functions of the code: the calling block and the callee's entry block. Kept
    /// apart from `edges` (the callee's return goes back to every caller: as an edge of the
    /// graph it would join paths that never meet), so walks of `edges` stay in the kernel's
    /// own function; [`crate::liveness`] follows them with the calling convention.
    pub calls: Vec<(usize, usize)>,
    /// The function each block belongs to: `None` for the kernel's own blocks, else the
    /// callee's entry address.
    pub function: Vec<Option<u32>>,
    pub loops: Vec<Loop>,
}

impl Cfg {
    pub fn succs(&self, b: usize) -> impl Iterator<Item = &Edge> + '_ {
        self.edges.iter().filter(move |e| e.from == b)
    }

    pub fn preds(&self, b: usize) -> impl Iterator<Item = &Edge> + '_ {
        self.edges.iter().filter(move |e| e.to == b)
    }
    /// A loop's back edge (a latch to its header).
    pub fn is_back_edge(&self, e: &Edge) -> bool {
        self.loops
            .iter()
            .any(|l| l.header == e.to && l.latches.contains(&e.from))
    }

    /// Does `a` dominate `b`?
    pub fn dominates(&self, a: usize, mut b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            if self.idom[b] == b || self.idom[b] == usize::MAX {
                return false;
            }
            b = self.idom[b];
        }
    }

    /// The block holding instruction `k`.
    pub fn block_of(&self, k: usize) -> usize {
        self.blocks.partition_point(|b| b.end <= k)
    }

    /// Build the graph of `p`.
    pub fn build(p: &Program) -> Cfg {
        let insts = &p.insts;
        let targets = branch_targets(insts);
        let mut leaders = BTreeSet::new();
        // Called functions start blocks (the call's computation is in the instructions
        // before it: up to the 32 before).
        let mut targets = targets;
        for (k, i) in insts.iter().enumerate() {
            if matches!(flow_of(&i.instr), Some(Flow::SwapPc | Flow::Call)) {
                if let Some(t) = call_target(&insts[k.saturating_sub(32)..=k]) {
                    targets.insert(t);
                }
            }
        }
        for (k, i) in insts.iter().enumerate() {
            let contiguous = k > 0 && insts[k - 1].pc + insts[k - 1].instr.size() as u32 == i.pc;
            if k == 0 || !contiguous || targets.contains(&i.pc) || i.pc == p.entry {
                leaders.insert(k);
            }
            if ends_block(&i.instr) && k + 1 < insts.len() {
                leaders.insert(k + 1);
            }
        }
        // The entry first: the program's first instruction is the entry for programs from
        // words; a kernel's entry is its first reachable instruction as well.
        let starts: Vec<usize> = leaders.into_iter().collect();
        let mut blocks = Vec::new();
        for (n, &s) in starts.iter().enumerate() {
            let e = starts.get(n + 1).copied().unwrap_or(insts.len());
            blocks.push(Block {
                start: s,
                end: e,
                term: Terminator::Fallthrough,
                loop_depth: 0,
            });
        }
        let block_at = |pc: u32| -> Option<usize> {
            let k = insts.binary_search_by_key(&pc, |i| i.pc).ok()?;
            starts.binary_search(&k).ok()
        };
        let mut edges = Vec::new();
        let mut calls = Vec::new();
        for b in 0..blocks.len() {
            let last = &insts[blocks[b].end - 1];
            let next_pc = last.pc + last.instr.size() as u32;
            let next = block_at(next_pc);
            let mut edge = |to: Option<usize>, kind| {
                if let Some(to) = to {
                    edges.push(Edge { from: b, to, kind });
                }
            };
            let term = match flow_of(&last.instr) {
                Some(Flow::End) => Terminator::End,
                Some(Flow::SetPc) => Terminator::SetPc,
                Some(Flow::Branch(c)) => {
                    let t =
                        gcnkit::syntax::branch_target(&last.instr, last.pc as usize).and_then(|t| block_at(t as u32));
                    edge(t, EdgeKind::Taken);
                    if t.is_none() {
                        Terminator::Stop
                    } else if c == Cond::Always {
                        Terminator::Jump
                    } else {
                        edge(next, EdgeKind::Fallthrough);
                        Terminator::Branch {
                            cond: c,
                            kind: branch_kind(c, &insts[blocks[b].start..blocks[b].end]),
                        }
                    }
                }
                Some(Flow::SwapPc) | Some(Flow::Call) => {
                    edge(next, EdgeKind::Return);
                    // The address may have been computed before an earlier call (a compiler
                    // that knows the callee keeps it in registers the callee leaves alone):
                    // up to 32 instructions back.
                    let target =
                        call_target(&insts[blocks[b].start.min(blocks[b].end.saturating_sub(32))..blocks[b].end]);
                    if let Some(c) = target.and_then(block_at) {
                        calls.push((b, c));
                    }
                    Terminator::Call {
                        target,
                        symbol: target.and_then(|t| p.symbols.get(&t).cloned()),
                    }
                }
                _ => {
                    if next.is_some() {
                        edge(next, EdgeKind::Fallthrough);
                        Terminator::Fallthrough
                    } else {
                        Terminator::Stop
                    }
                }
            };
            blocks[b].term = term;
        }
        let entry = insts
            .binary_search_by_key(&p.entry, |i| i.pc)
            .ok()
            .and_then(|k| starts.binary_search(&k).ok())
            .unwrap_or(0);
        let nb = blocks.len();
        let mut cfg = Cfg {
            blocks,
            edges,
            entry,
            calls,
            function: vec![None; nb],
            idom: Vec::new(),
            loops: Vec::new(),
        };
        cfg.function = functions(&cfg, insts);
        cfg.idom = dominators(&cfg);
        cfg.loops = natural_loops(&cfg);
        for l in &cfg.loops {
            for &b in &l.blocks {
                cfg.blocks[b].loop_depth = cfg.blocks[b].loop_depth.max(l.depth);
            }
        }
        cfg
    }

    /// Blocks in reverse post-order from the entry.
    pub fn rpo(&self) -> Vec<usize> {
        self.rpo_from(self.entry)
    }

    /// Blocks in reverse post-order from `root` (along the edges: a function's blocks).
    pub fn rpo_from(&self, root: usize) -> Vec<usize> {
        let n = self.blocks.len();
        let mut seen = vec![false; n];
        let mut post = Vec::new();
        if n == 0 {
            return post;
        }
        // Iterative depth-first search: (block, index of the next successor).
        let succ: Vec<Vec<usize>> = (0..n).map(|b| self.succs(b).map(|e| e.to).collect()).collect();
        let mut stack = vec![(root, 0usize)];
        seen[root] = true;
        while let Some(&mut (b, ref mut k)) = stack.last_mut() {
            if *k < succ[b].len() {
                let s = succ[b][*k];
                *k += 1;
                if !seen[s] {
                    seen[s] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        post.reverse();
        post
    }
}

/// The function of each block: the kernel's for the blocks its entry reaches along the
/// edges, else the first callee (by address) whose entry reaches it.
fn functions(cfg: &Cfg, insts: &[Inst]) -> Vec<Option<u32>> {
    let n = cfg.blocks.len();
    let mut out: Vec<Option<Option<u32>>> = vec![None; n];
    if n == 0 {
        return Vec::new();
    }
    let mut roots: Vec<(Option<u32>, usize)> = vec![(None, cfg.entry)];
    let mut callees: Vec<usize> = cfg.calls.iter().map(|c| c.1).collect();
    callees.sort_by_key(|&b| insts[cfg.blocks[b].start].pc);
    callees.dedup();
    roots.extend(callees.iter().map(|&b| (Some(insts[cfg.blocks[b].start].pc), b)));
    for (f, root) in roots {
        let mut work = vec![root];
        while let Some(b) = work.pop() {
            if out[b].is_some() {
                continue;
            }
            out[b] = Some(f);
            work.extend(cfg.succs(b).map(|e| e.to));
        }
    }
    out.into_iter().map(|f| f.unwrap_or(None)).collect()
}

/// Does the instruction end a block: a branch, `s_endpgm`, `s_setpc_b64`, a call?
fn ends_block(i: &gcnkit::Instr) -> bool {
    matches!(
        flow_of(i),
        Some(Flow::End | Flow::SetPc | Flow::SwapPc | Flow::Call | Flow::Branch(_))
    )
}

/// An EXEC test is a divergent decision; SCC and VCCZ are the wave's own.
fn branch_kind(c: Cond, block: &[Inst]) -> BranchKind {
    match c {
        Cond::Execz | Cond::Execnz => BranchKind::Divergent {
            saveexec: block.iter().any(|i| {
                i.instr
                    .def()
                    .is_some_and(|d| d.name[i.instr.arch.index()].contains("saveexec"))
            }),
        },
        _ => BranchKind::Uniform,
    }
}

/// The target of a call made as compilers make them: `s_getpc_b64 s[n:n+1]`, `s_add_u32 sn,
/// sn, LO`, `s_addc_u32 sn+1, sn+1, HI`, then `s_swappc_b64 ..., s[n:n+1]` in the same
/// block (the target is the address after `s_getpc_b64` plus the 64-bit constant); or
/// `s_call_b64`'s label. In a relocatable object the constants are 0 until linked: such a
/// target is reported as computed and may point at the call itself.
pub fn call_target(block: &[Inst]) -> Option<u32> {
    use gcnkit::layout::operands;
    let last = block.last()?;
    if let Some(t) = gcnkit::syntax::branch_target(&last.instr, last.pc as usize) {
        return u32::try_from(t).ok();
    }
    let d = last.instr.def()?;
    let ops = operands(&last.instr, d);
    let pair = ops
        .as_slice()
        .iter()
        .find(|s| s.role == gcnkit::layout::Role::Src(0))?
        .code;
    let mut base: Option<u64> = None;
    let (mut lo, mut hi) = (None, None);
    // The constant of a source: the literal, or an inline integer (the operand space's own
    // reading of the code).
    let constant = |i: &Inst, code: u16| -> Option<u32> {
        match gcnkit::operand::classify(i.instr.arch, code) {
            gcnkit::operand::Src::Literal => i.instr.literal,
            gcnkit::operand::Src::Int(v) => Some(v as u32),
            _ => None,
        }
    };
    for i in block {
        let Some(d) = i.instr.def() else { continue };
        let name = d.name[i.instr.arch.index()];
        let ops = operands(&i.instr, d);
        let o = ops.as_slice();
        let dst = o.first().map(|s| s.code);
        let src1 = o.get(2).map(|s| s.code);
        match (name, dst, src1) {
            ("s_getpc_b64", Some(c), _) if c == pair => base = Some(i.pc as u64 + 4),
            ("s_add_u32", Some(c), Some(k)) if c == pair && o[1].code == pair => lo = constant(i, k),
            ("s_addc_u32", Some(c), Some(k)) if c == pair + 1 && o[1].code == pair + 1 => hi = constant(i, k),
            _ => {
                // Another write of the pair: what came before is no longer its value.
                let w = crate::effects::effects(&i.instr).writes;
                if pair < 128 && (w.contains(pair) || w.contains(pair + 1)) {
                    (base, lo, hi) = (None, None, None);
                }
            }
        }
    }
    let off = (hi? as u64) << 32 | lo? as u64;
    u32::try_from(base?.wrapping_add(off)).ok()
}

/// Immediate dominators (Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm").
/// Blocks the entry does not reach have `usize::MAX`.
fn dominators(cfg: &Cfg) -> Vec<usize> {
    let n = cfg.blocks.len();
    let mut idom = vec![usize::MAX; n];
    if n == 0 {
        return idom;
    }
    // Each function on its own: the kernel's from its entry, each callee's from its own.
    let mut roots = vec![cfg.entry];
    roots.extend(cfg.calls.iter().map(|c| c.1));
    for root in roots {
        if idom[root] != usize::MAX {
            continue;
        }
        dominators_from(cfg, root, &mut idom);
    }
    idom
}

fn dominators_from(cfg: &Cfg, root: usize, idom: &mut [usize]) {
    let n = cfg.blocks.len();
    let rpo = cfg.rpo_from(root);
    let mut order = vec![usize::MAX; n];
    for (k, &b) in rpo.iter().enumerate() {
        order[b] = k;
    }
    idom[root] = root;
    let preds: Vec<Vec<usize>> = (0..n)
        .map(|b| {
            cfg.preds(b)
                .map(|e| e.from)
                .filter(|&p| order[p] != usize::MAX)
                .collect()
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in rpo.iter().skip(1) {
            let mut new = usize::MAX;
            for &p in &preds[b] {
                if idom[p] == usize::MAX {
                    continue;
                }
                new = if new == usize::MAX {
                    p
                } else {
                    let (mut x, mut y) = (p, new);
                    while x != y {
                        while order[x] > order[y] {
                            x = idom[x];
                        }
                        while order[y] > order[x] {
                            y = idom[y];
                        }
                    }
                    x
                };
            }
            if new != idom[b] {
                idom[b] = new;
                changed = true;
            }
        }
    }
}

/// Natural loops: for each back edge latch → header (the header dominates the latch), the
/// header and every block that reaches the latch without passing the header; loops with
/// the same header are one loop. Depth: the number of loops that contain the header.
fn natural_loops(cfg: &Cfg) -> Vec<Loop> {
    let mut loops: Vec<Loop> = Vec::new();
    for e in &cfg.edges {
        if cfg.idom[e.from] == usize::MAX || !cfg.dominates(e.to, e.from) {
            continue;
        }
        let mut body = BTreeSet::from([e.to]);
        let mut work = vec![e.from];
        while let Some(b) = work.pop() {
            if body.insert(b) {
                work.extend(cfg.preds(b).map(|p| p.from));
            }
        }
        match loops.iter_mut().find(|l| l.header == e.to) {
            Some(l) => {
                let mut all: BTreeSet<usize> = l.blocks.iter().copied().collect();
                all.extend(body);
                l.blocks = all.into_iter().collect();
                l.latches.push(e.from);
            }
            None => loops.push(Loop {
                header: e.to,
                blocks: body.into_iter().collect(),
                latches: vec![e.from],
                depth: 0,
            }),
        }
    }
    let headers: Vec<(usize, Vec<usize>)> = loops.iter().map(|l| (l.header, l.blocks.clone())).collect();
    for l in &mut loops {
        l.depth = headers.iter().filter(|(_, b)| b.contains(&l.header)).count() as u32;
        l.latches.sort_unstable();
        l.latches.dedup();
    }
    loops.sort_by_key(|l| l.header);
    loops
}
