//! The waitcnt check: which memory operations may still be outstanding at each instruction,
//! along every path of the kernel (loop-carried ones included), and the registers they will
//! still write (a load's destination) or still read (GCN 1.0's store data, an export's
//! sources, GDS data).
//!
//! For each outstanding operation the state keeps, per counter it increments, how many
//! operations *of its own in-order kind* were issued after it on that counter (its "age",
//! the smallest along any path). `s_waitcnt` with counter N leaves at most N operations
//! outstanding; operations of one in-order kind complete in issue order, so an operation
//! with at least N younger ones of its kind is complete. An out-of-order kind (scalar
//! memory, messages, FLAT's LDS half) is complete only after a wait for zero.

use crate::classify::{self, Counter, Kind};
use crate::flow::{solve, State};
use crate::{Check, Finding, Severity};
use gcnkit::syntax::special::counter_max;
use gcnkit_analyze::cfg::Cfg;
use gcnkit_analyze::effects::effects;
use gcnkit_analyze::program::Program;
use gcnkit_analyze::regs::{names, RegSet};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Ages stop counting here (larger than any counter's maximum).
const AGE_CAP: u8 = 64;

#[derive(Clone, Debug, PartialEq)]
struct Op {
    /// Per counter: the kind counted there and the age.
    slots: [Option<(Kind, u8)>; 3],
    data: Option<Counter>,
    /// Registers the operation will still write.
    writes: RegSet,
    /// Registers the operation will still read.
    locks: RegSet,
    writes_memory: bool,
}

impl Op {
    fn is_done(&self) -> bool {
        self.slots.iter().all(|s| s.is_none())
    }
}

/// Outstanding operations by the index of their instruction.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Outstanding(BTreeMap<usize, Op>);

impl State for Outstanding {
    fn join(&mut self, other: &Self) -> bool {
        let before = self.clone();
        for (k, o) in &other.0 {
            match self.0.get_mut(k) {
                None => {
                    self.0.insert(*k, o.clone());
                }
                Some(m) => {
                    for c in 0..3 {
                        m.slots[c] = match (m.slots[c], o.slots[c]) {
                            (Some((k, a)), Some((_, b))) => Some((k, a.min(b))),
                            (x, None) | (None, x) => x,
                        };
                    }
                    m.writes = m.writes.union(&o.writes);
                    m.locks = m.locks.union(&o.locks);
                }
            }
        }
        *self != before
    }
}

/// The wait that covers a slot.
fn needed(c: Counter, kind: Kind, age: u8) -> String {
    let n = if kind.in_order() { age } else { 0 };
    format!("s_waitcnt {}({n})", c.name())
}

/// What each instruction is for this check, worked out once (the fixpoint visits
/// instructions often; a run visits them more).
pub(crate) struct Info {
    wait: Option<[u32; 3]>,
    barrier: bool,
    call: bool,
    effects: gcnkit_analyze::effects::Effects,
    mem: Option<classify::MemOp>,
}

/// The check's rules over one program: [`Rules::step`] is one instruction's effect on the
/// outstanding operations, with its findings. The static check runs it to a fixpoint over
/// the control-flow graph; `--check` runs it along the path each wave takes.
pub struct Rules<'p> {
    p: &'p Program,
    infos: Arc<[Info]>,
}

impl<'p> Rules<'p> {
    pub fn new(p: &'p Program) -> Rules<'p> {
        Rules::with(p, Rules::infos(p))
    }

    /// The rules over `p` with its instructions' facts worked out before ([`Rules::infos`]
    /// of the same program: `--check` keeps them for a kernel's next launches).
    pub(crate) fn with(p: &'p Program, infos: Arc<[Info]>) -> Rules<'p> {
        Rules { p, infos }
    }

    /// What the rules need of each instruction of `p`.
    pub(crate) fn infos(p: &Program) -> Arc<[Info]> {
        p
            .insts
            .iter()
            .map(|inst| {
                let i = &inst.instr;
                Info {
                    wait: classify::waitcnt(i),
                    barrier: classify::is_barrier(i),
                    call: classify::is_call(i),
                    effects: effects(i),
                    mem: classify::mem_op(i),
                }
            })
            .collect()
    }

    /// Instruction `k` of the program with the operations outstanding before it (`s`, left
    /// as they are after it); findings go to `out` when it is given.
    pub fn step(&self, k: usize, s: &mut Outstanding, mut out: Option<&mut Vec<Finding>>) {
        let p = self.p;
        let arch = p.arch;
        let inst = &p.insts[k];
        let text = |k: usize| crate::instr_text(&p.insts[k]);
        let info = &self.infos[k];
        let mut find = |other: usize, regs: &RegSet, rule: &str, message: String, needs: String, sev| {
            if let Some(out) = out.as_deref_mut() {
                out.push(Finding {
                    check: Check::Waitcnt,
                    severity: sev,
                    rule: rule.to_string(),
                    kernel: p.name.clone(),
                    pc: inst.pc,
                    instruction: text(k),
                    registers: names(regs, arch),
                    other_pc: Some(p.insts[other].pc),
                    other_instruction: Some(text(other)),
                    message,
                    needs,
                    count: 1,
                    ..Finding::default()
                });
            }
        };
        if let Some(cnt) = info.wait {
            for c in Counter::ALL {
                let n = cnt[c as usize];
                if n >= counter_max(arch, c as usize) {
                    continue;
                }
                for op in s.0.values_mut() {
                    if let Some((kind, age)) = op.slots[c as usize] {
                        if n == 0 || kind.in_order() && age as u32 >= n {
                            op.slots[c as usize] = None;
                            if op.data == Some(c) {
                                op.writes = RegSet::EMPTY;
                            }
                            // A completed vector memory operation has read its data too.
                            if c == Counter::Exp || c == Counter::Vm && op.data == Some(Counter::Vm) {
                                op.locks = RegSet::EMPTY;
                                op.slots[Counter::Exp as usize] = None;
                            }
                        }
                    }
                }
            }
            s.0.retain(|_, o| !o.is_done());
            return;
        }
        if info.barrier {
            for (&o, op) in &s.0 {
                let slot = op
                    .slots
                    .iter()
                    .flatten()
                    .find(|(kind, _)| matches!(kind, Kind::Vmem | Kind::Sampler | Kind::Lds | Kind::Gds));
                if let Some(&(kind, _)) = slot {
                    let what = if op.writes_memory {
                        "other waves of the work-group may not see what it writes"
                    } else {
                        "it may read what another wave of the work-group writes after the barrier"
                    };
                    find(
                        o,
                        &RegSet::EMPTY,
                        "barrier",
                        format!(
                            "s_barrier is reached while the memory operation at 0x{:x} ({}) may be outstanding: {what}",
                            p.insts[o].pc,
                            text(o)
                        ),
                        needed(kind.counter(), kind, 0),
                        Severity::Warning,
                    );
                }
            }
        }
        let e = &info.effects;
        let mem = &info.mem;
        // Reads of registers an outstanding operation will still write.
        for (&o, op) in s.0.iter_mut() {
            let hit = op.writes.intersect(&e.reads);
            if !hit.is_empty() {
                let c = op.data.expect("an operation that writes registers has a data counter");
                let (kind, age) = op.slots[c as usize].expect("pending data has its slot");
                find(
                    o,
                    &hit,
                    "read-before-load",
                    format!(
                        "reads {} while the load at 0x{:x} ({}) may be outstanding: it reads the old value",
                        names(&hit, arch).join(", "),
                        p.insts[o].pc,
                        text(o)
                    ),
                    needed(c, kind, age),
                    Severity::Error,
                );
                op.writes = op.writes.minus(&hit);
            }
        }
        // Writes of registers an outstanding operation will still write or read.
        let mut written = e.writes;
        if let Some(m) = mem {
            written = written.union(&m.writes);
        }
        for (&o, op) in s.0.iter_mut() {
            let hit = op.writes.intersect(&written);
            if !hit.is_empty() {
                let same_order = match (mem, op.data) {
                    (Some(m), Some(c)) => {
                        let theirs = op.slots[c as usize].map(|x| x.0);
                        m.data.is_some() && m.data == theirs && theirs.is_some_and(|k| k.in_order())
                    }
                    _ => false,
                };
                if !same_order {
                    let c = op.data.expect("pending data has a counter");
                    let (kind, age) = op.slots[c as usize].expect("pending data has its slot");
                    find(
                        o,
                        &hit,
                        "write-before-load",
                        format!(
                            "overwrites {} while the load at 0x{:x} ({}) may be outstanding: the load's value may land after this one",
                            names(&hit, arch).join(", "),
                            p.insts[o].pc,
                            text(o)
                        ),
                        needed(c, kind, age),
                        Severity::Error,
                    );
                }
                op.writes = op.writes.minus(&hit);
            }
            let hit = op.locks.intersect(&written);
            if !hit.is_empty() {
                let (kind, age) = op.slots[Counter::Exp as usize].expect("locked data has its EXP_CNT slot");
                find(
                    o,
                    &hit,
                    "write-before-read",
                    format!(
                        "overwrites {} while the instruction at 0x{:x} ({}) may not have read it yet",
                        names(&hit, arch).join(", "),
                        p.insts[o].pc,
                        text(o)
                    ),
                    needed(Counter::Exp, kind, age),
                    Severity::Error,
                );
                op.locks = op.locks.minus(&hit);
            }
        }
        if info.call {
            s.0.clear();
            return;
        }
        if let Some(m) = mem {
            for kind in &m.kinds {
                let c = kind.counter() as usize;
                for op in s.0.values_mut() {
                    if let Some((kk, age)) = &mut op.slots[c] {
                        if kk == kind {
                            *age = (*age + 1).min(AGE_CAP);
                            // The counter holds at most its maximum: a wave with that many
                            // operations outstanding does not issue another until the
                            // oldest completes, so an operation with that many younger
                            // ones of its own in-order kind is complete.
                            if kind.in_order() && *age as u32 >= counter_max(arch, c) {
                                op.slots[c] = None;
                                if op.data.map(|d| d as usize) == Some(c) {
                                    op.writes = RegSet::EMPTY;
                                }
                                if c == Counter::Exp as usize {
                                    op.locks = RegSet::EMPTY;
                                }
                            }
                        }
                    }
                }
            }
            s.0.retain(|_, o| !o.is_done());
            let mut slots = [None; 3];
            for kind in &m.kinds {
                slots[kind.counter() as usize] = Some((*kind, 0));
            }
            let new = Op {
                slots,
                data: m.data.map(|k| k.counter()),
                writes: m.writes,
                locks: m.locks,
                writes_memory: m.writes_memory,
            };
            match s.0.get_mut(&k) {
                Some(old) => {
                    // The same instruction again (a loop): the new one is the youngest.
                    old.slots = new.slots;
                    old.writes = old.writes.union(&new.writes);
                    old.locks = old.locks.union(&new.locks);
                }
                None => {
                    s.0.insert(k, new);
                }
            }
        }
    }
}

/// The waitcnt findings of one kernel.
pub fn check(p: &Program, cfg: &Cfg, out: &mut Vec<Finding>) {
    let rules = Rules::new(p);
    solve(p, cfg, Outstanding::default(), |k, _, s, report| {
        rules.step(k, s, if report { Some(&mut *out) } else { None });
    });
}
