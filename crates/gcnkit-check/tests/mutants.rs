//! Every seeded bug found: compiled kernels with one `s_waitcnt` deleted, one of its
//! counters raised by one, or one `s_nop` deleted, re-assembled with gcnkit's assembler and
//! linted.
//!
//! Whether a waitcnt mutant is a bug is decided here by a rule of its own, not by the
//! checker: a straight-line scan from the mutated wait to the end of its basic block, with
//! each counter a plain first-in first-out list (a wait for N leaves the N youngest). The
//! operations the original wait covered and the mutant does not are "uncovered"; the mutant
//! is a bug when an instruction of the scan reads or writes a register an uncovered load
//! writes (GCN 1.0: writes a store's data register), or `s_barrier` comes, before a later
//! wait covers it again. Each such mutant must be reported at that instruction, naming the
//! load. A mutant the scan finds harmless must lint clean, unless the finding lies beyond
//! the scan (after the block: a join or a loop's back edge).

mod common;

use common::program;
use gcnkit::isa::Flow;
use gcnkit::syntax::{special::counter_max, to_text, Syntax};
use gcnkit::Arch;
use gcnkit::Enc;
use gcnkit_analyze::effects::effects;
use gcnkit_analyze::program::{self, branch_targets, flow_of, Inst, Program};
use gcnkit_analyze::regs::RegSet;
use gcnkit_check::classify::waitcnt;
use std::collections::BTreeSet;
use std::path::Path;

/// The kernel as LLVM text with a label at each branch target, instruction `k` replaced by
/// `with` (`Some("")`: deleted).
fn listing(p: &Program, k: usize, with: Option<&str>) -> String {
    let targets = branch_targets(&p.insts);
    let mut s = String::new();
    for (n, i) in p.insts.iter().enumerate() {
        if targets.contains(&i.pc) {
            s += &format!("L{}:\n", i.pc);
        }
        if n == k {
            if let Some(w) = with {
                s += w;
                s.push('\n');
                continue;
            }
        }
        let t = to_text(&i.instr, Syntax::Llvm);
        match gcnkit::syntax::branch_target(&i.instr, i.pc as usize) {
            Some(target) => s += &format!("{} L{target}\n", t.split_whitespace().next().unwrap()),
            None => s += &format!("{t}\n"),
        }
    }
    s
}

/// Which counter (0 vm, 1 exp, 2 lgkm) an instruction counts on, by its encoding alone.
fn counters_of(i: &Inst) -> Vec<usize> {
    match i.instr.enc {
        // GCN 1.0 holds a store's (or atomic's) data VGPRs until EXP_CNT says they were read.
        Enc::Mubuf | Enc::Mtbuf | Enc::Mimg if i.instr.arch == Arch::Gcn10 && writes_memory(i) => vec![0, 1],
        Enc::Mubuf | Enc::Mtbuf | Enc::Mimg => vec![0],
        // FLAT counts on LGKM_CNT too (it may reach LDS); GLOBAL and SCRATCH do not.
        Enc::Flat if i.instr.get(gcnkit::enc::F::Seg) == 0 => vec![0, 2],
        Enc::Flat => vec![0],
        Enc::Smrd | Enc::Smem | Enc::Ds => vec![2],
        Enc::Exp => vec![1],
        _ => vec![],
    }
}

fn writes_memory(i: &Inst) -> bool {
    i.instr.def().is_some_and(|d| {
        let n = d.name[i.instr.arch.index()];
        n.contains("store") || n.contains("atomic")
    })
}

fn is_vmem_inst(i: &Inst) -> bool {
    matches!(i.instr.enc, Enc::Mubuf | Enc::Mtbuf | Enc::Mimg | Enc::Flat)
}

/// Scalar memory: returns out of order (only lgkmcnt(0) is sure to cover it).
fn is_smem(i: &Inst) -> bool {
    matches!(i.instr.enc, Enc::Smrd | Enc::Smem)
}

/// Ends the straight line: a branch, the end of the program, a call.
fn ends_line(i: &Inst) -> bool {
    matches!(
        flow_of(&i.instr),
        Some(Flow::End | Flow::SetPc | Flow::SwapPc | Flow::Call | Flow::Branch(_))
    )
}

fn is_barrier(i: &Inst) -> bool {
    matches!(flow_of(&i.instr), Some(Flow::Barrier))
}

/// The start of instruction `k`'s straight line: after the last branch or label before it.
fn line_start(p: &Program, k: usize, labels: &BTreeSet<u32>) -> usize {
    let mut s = k;
    while s > 0 && !labels.contains(&p.insts[s].pc) && !ends_line(&p.insts[s - 1]) {
        s -= 1;
    }
    s
}

/// Per counter, the memory operations (instruction indices) issued in `p` from `from` up to
/// `to` (not included) still outstanding, each counter a FIFO that `s_waitcnt N` cuts to
/// its N youngest.
fn fifo(p: &Program, from: usize, to: usize) -> [Vec<usize>; 3] {
    let mut q: [Vec<usize>; 3] = Default::default();
    for k in from..to {
        let i = &p.insts[k];
        if let Some(c) = waitcnt(&i.instr) {
            for n in 0..3 {
                let cut = q[n].len() - keep(p, &q[n], n, c[n]);
                let done: Vec<usize> = q[n].drain(..cut).collect();
                // A completed vector memory operation has read its data (EXP_CNT) and is
                // done on LGKM_CNT (FLAT) too.
                if n == 0 {
                    q[1].retain(|k| !done.contains(k));
                    q[2].retain(|k| !done.contains(k));
                }
            }
        }
        for c in counters_of(i) {
            q[c].push(k);
            // A counter holds at most its maximum: the wave waits for the oldest first.
            if q[c].len() > counter_max(p.arch, c) as usize {
                let k = q[c].remove(0);
                if c == 0 {
                    q[1].retain(|x| *x != k);
                    q[2].retain(|x| *x != k);
                }
            }
        }
    }
    q
}

/// How many of the queue's operations (oldest first) a wait for `n` on counter `c` may
/// leave outstanding: the `n` youngest, or all of them when `n` is not 0 and a scalar load
/// (out of order) is among them.
fn keep(p: &Program, q: &[usize], c: usize, n: u32) -> usize {
    if c == 2 && n > 0 && q.iter().any(|&k| is_smem(&p.insts[k])) {
        return q.len();
    }
    (n as usize).min(q.len())
}

/// What an uncovered operation leaves the scan to look for: the registers a load writes
/// (read or written later: a bug), on GCN 1.0 a store's data registers (written later).
fn hazard_regs(i: &Inst) -> (RegSet, RegSet) {
    let e = effects(&i.instr);
    if writes_memory(i) {
        let mut data = RegSet::EMPTY;
        if i.instr.arch == Arch::Gcn10 && matches!(i.instr.enc, Enc::Mubuf | Enc::Mtbuf | Enc::Mimg) {
            data = vdata(i);
        }
        (e.writes, data)
    } else {
        (e.writes, RegSet::EMPTY)
    }
}

fn vdata(i: &Inst) -> RegSet {
    use gcnkit::layout::{operands, Role};
    let mut s = RegSet::EMPTY;
    if let Some(d) = i.instr.def() {
        for o in operands(&i.instr, d).as_slice() {
            if matches!(o.role, Role::Data(_)) {
                gcnkit_analyze::regs::operand_regs(o.code, o.regs, &mut s);
            }
        }
    }
    s
}

#[derive(Debug)]
enum Verdict {
    /// The bug and where it must be reported: (pc, other pc).
    Bug(u32, u32),
    Harmless,
}

/// The scan's verdict on a waitcnt mutant: `orig` with the wait at `k`, the mutant `m` in
/// which the scan starts at `start` (the mutated wait, or the instruction after a deleted
/// one) with the operations `uncovered` of the original still outstanding.
fn scan(m: &Program, start: usize, uncovered: &[usize], orig: &Program) -> (Verdict, usize) {
    let labels = branch_targets(&m.insts);
    // Each uncovered operation: its index in `m` (the same: it comes before the mutation),
    // counters, registers, and how many operations of each counter issued after it.
    struct U {
        k: usize,
        counters: Vec<usize>,
        later: [usize; 3],
        writes: RegSet,
        data: RegSet,
        mem: bool,
    }
    let mut us: Vec<U> = uncovered
        .iter()
        .map(|&k| {
            let (writes, data) = hazard_regs(&orig.insts[k]);
            let counters = counters_of(&orig.insts[k]);
            // Operations between it and the mutation point, per counter.
            let mut later = [0; 3];
            for j in k + 1..start.min(m.insts.len()) {
                for c in counters_of(&m.insts[j]) {
                    later[c] += 1;
                }
            }
            U {
                k,
                mem: counters.contains(&0) || orig.insts[k].instr.enc == Enc::Ds,
                counters,
                later,
                writes,
                data,
            }
        })
        .collect();
    let mut j = start;
    while j < m.insts.len() {
        let i = &m.insts[j];
        if j > start && labels.contains(&i.pc) {
            break;
        }
        if let Some(c) = waitcnt(&i.instr) {
            let smem = |u: &U| is_smem(&m.insts[u.k]);
            us.retain(|u| {
                !u.counters
                    .iter()
                    .any(|&n| c[n] == 0 || u.later[n] >= c[n] as usize && !smem(u))
            });
        } else {
            let e = effects(&i.instr);
            for u in &us {
                let touched = u.writes.intersect(&e.reads.union(&e.writes));
                if !touched.is_empty() || !u.data.intersect(&e.writes).is_empty() {
                    return (Verdict::Bug(i.pc, m.insts[u.k].pc), j);
                }
            }
            if is_barrier(i) {
                if let Some(u) = us.iter().find(|u| u.mem) {
                    return (Verdict::Bug(i.pc, m.insts[u.k].pc), j);
                }
            }
            for c in counters_of(i) {
                for u in &mut us {
                    u.later[c] += 1;
                }
                // The counter's maximum: more operations than it holds complete the oldest.
                let max = counter_max(m.arch, c) as usize;
                us.retain(|u| !(u.counters.contains(&c) && u.later[c] >= max && !is_smem(&m.insts[u.k])));
            }
        }
        if us.is_empty() || ends_line(i) {
            break;
        }
        j += 1;
    }
    (Verdict::Harmless, j)
}

fn waitcnt_text(a: Arch, c: [u32; 3]) -> String {
    let mut s = "s_waitcnt".to_string();
    for (n, name) in ["vmcnt", "expcnt", "lgkmcnt"].iter().enumerate() {
        if c[n] < counter_max(a, n) {
            s += &format!(" {name}({})", c[n]);
        }
    }
    s
}

#[derive(Default, Debug)]
struct Tally {
    caught: usize,
    harmless: usize,
    beyond: usize,
    nop_caught: usize,
    nop_harmless: usize,
    nop_clause: usize,
    failures: Vec<String>,
}

fn mutate(p: &Program, t: &mut Tally) {
    let labels = branch_targets(&p.insts);
    let base = program(p.arch, &listing(p, usize::MAX, None));
    assert_eq!(base.insts.len(), p.insts.len(), "{}: the listing re-assembles", p.name);
    assert!(
        gcnkit_check::lint(&base).is_empty(),
        "{}: the listing lints clean",
        p.name
    );
    for k in 0..p.insts.len() {
        let i = &p.insts[k];
        if let Some(c) = waitcnt(&i.instr) {
            let from = line_start(p, k, &labels);
            let q = fifo(p, from, k);
            let covered = |c: [u32; 3]| -> BTreeSet<usize> {
                let mut s = BTreeSet::new();
                for n in 0..3 {
                    s.extend(&q[n][..q[n].len() - keep(p, &q[n], n, c[n])]);
                }
                s
            };
            let before = covered(c);
            let mut mutants: Vec<(String, [u32; 3], usize)> = vec![("deleted".into(), [63, 7, 15], k)];
            for n in 0..3 {
                if c[n] + 1 < counter_max(p.arch, n) {
                    let mut r = c;
                    r[n] += 1;
                    mutants.push((waitcnt_text(p.arch, r), r, k + 1));
                }
            }
            for (what, after, start) in mutants {
                let with = if what == "deleted" { "" } else { what.as_str() };
                let m = program(p.arch, &listing(p, k, Some(with)));
                let m_start = if what == "deleted" { start } else { k };
                let uncovered: Vec<usize> = before.difference(&covered(after)).copied().collect();
                let (verdict, end) = if uncovered.is_empty() {
                    (Verdict::Harmless, k)
                } else {
                    scan(&m, if what == "deleted" { start } else { m_start + 1 }, &uncovered, p)
                };
                let f = gcnkit_check::lint(&m);
                let place = format!(
                    "{} {} 0x{:x} {}: {what}",
                    p.arch.name(),
                    p.name,
                    i.pc,
                    to_text(&i.instr, Syntax::Llvm)
                );
                match verdict {
                    Verdict::Bug(pc, other) => {
                        if f.iter().any(|x| x.pc == pc && x.other_pc == Some(other)) {
                            t.caught += 1;
                        } else {
                            t.failures.push(format!(
                                "MISSED {place}: expected at 0x{pc:x} (load 0x{other:x}); got {:?}",
                                f.iter().map(|x| x.to_text()).collect::<Vec<_>>()
                            ));
                        }
                    }
                    Verdict::Harmless if f.is_empty() => t.harmless += 1,
                    Verdict::Harmless => {
                        // Beyond the scan: after its end or before its start (a loop), or
                        // about an operation issued in another block.
                        let end_pc = m.insts.get(end).map_or(u32::MAX, |x| x.pc);
                        let start_pc = m.insts.get(m_start).map_or(u32::MAX, |x| x.pc);
                        let line_pc = m.insts[line_start(p, k, &labels)].pc;
                        if f.iter().all(|x| {
                            x.pc > end_pc || x.pc < start_pc || x.other_pc.is_some_and(|o| o < line_pc || o >= start_pc)
                        }) {
                            t.beyond += 1;
                        } else {
                            t.failures.push(format!(
                                "UNEXPLAINED {place}: {:?}",
                                f.iter().map(|x| x.to_text()).collect::<Vec<_>>()
                            ));
                        }
                    }
                }
            }
        } else if i.instr.def().is_some_and(|d| d.name[p.arch.index()] == "s_nop") {
            let m = program(p.arch, &listing(p, k, Some("")));
            let f = gcnkit_check::lint(&m);
            // LLVM puts its wait states right before the instruction that needs them: the
            // finding must be there (index k of the mutant), its writer before it.
            let reader = m.insts[k].pc;
            // An s_nop between two vector (or two scalar) memory instructions breaks a
            // "soft clause" (XNACK replay, not the manuals' table): not checked yet.
            let both =
                |f: fn(&Inst) -> bool| k > 0 && k + 1 < p.insts.len() && f(&p.insts[k - 1]) && f(&p.insts[k + 1]);
            if both(is_vmem_inst) || both(is_smem) {
                t.nop_clause += 1;
                assert!(f.is_empty(), "{}: {:?}", p.name, f);
                continue;
            }
            if f.is_empty() {
                t.nop_harmless += 1;
                let lo = k.saturating_sub(6);
                let ctx: Vec<String> = p.insts[lo..(k + 2).min(p.insts.len())]
                    .iter()
                    .map(|x| to_text(&x.instr, Syntax::Llvm))
                    .collect();
                t.failures.push(format!(
                    "NOP NOT FOUND {} {}: {}",
                    p.arch.name(),
                    p.name,
                    ctx.join(" | ")
                ));
            } else if f
                .iter()
                .all(|x| x.pc == reader && x.other_pc.is_some_and(|o| o < reader))
            {
                t.nop_caught += 1;
            } else {
                t.failures.push(format!(
                    "NOP {} {} 0x{:x}: {:?}",
                    p.arch.name(),
                    p.name,
                    i.pc,
                    f.iter().map(|x| x.to_text()).collect::<Vec<_>>()
                ));
            }
        }
    }
}

#[test]
fn seeded_bugs_are_found() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gcnkit/tests/data");
    let mut paths: Vec<_> = std::fs::read_dir(data.join("run"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hsaco"))
        .collect();
    // The code-object corpus's kernels once each (its v2-v5 objects share their code).
    paths.extend(
        std::fs::read_dir(data.join("codeobj"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_str().is_some_and(|s| s.ends_with(".v4.hsaco"))),
    );
    paths.sort();
    let mut t = Tally::default();
    let mut kernels = 0;
    for path in &paths {
        let ks = program::kernels(&std::fs::read(path).unwrap()).unwrap();
        for k in ks {
            if !k.problems.is_empty()
                || k.insts
                    .iter()
                    .any(|i| matches!(flow_of(&i.instr), Some(Flow::SetPc | Flow::SwapPc | Flow::Call)))
            {
                continue;
            }
            kernels += 1;
            mutate(&k, &mut t);
        }
    }
    eprintln!(
        "{kernels} kernels: waitcnt mutants {} caught, {} harmless, {} found beyond the straight-line scan; s_nop mutants {} caught, {} soft-clause breaks (not checked), {} not found; {} failures",
        t.caught, t.harmless, t.beyond, t.nop_caught, t.nop_clause, t.nop_harmless, t.failures.len()
    );
    for f in t.failures.iter().take(40) {
        eprintln!("{f}");
    }
    assert!(t.failures.is_empty(), "{} failures", t.failures.len());
    assert!(t.caught > 100, "{t:?}");
}
