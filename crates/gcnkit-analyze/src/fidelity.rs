//! Where approximate results may go. The table flags the rows whose results only approximate
//! the GPU's (`Flags::APPROX`: the transcendentals, correctly rounded by gcnkit, "1 ULP" on the
//! hardware). A last-bit difference matters most where it can change what runs: a branch
//! condition, EXEC, or a memory address. This is a forward may-reach over the control-flow
//! graph from each approximate instruction's results, through every instruction that reads a
//! reached register (its results are reached too) until a write of other data ends a value (a
//! vector write as a whole: lanes EXEC turns off are not followed).

use crate::effects::Effects;
use crate::regs::{RegSet, EXEC};
use crate::Analysis;
use gcnkit::isa::{Flags, Flow, Sem};
use gcnkit::layout::{operands, Role};

/// What an approximate result may reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sink {
    /// The condition of a conditional branch (SCC, VCC or EXEC as it reads them).
    Branch,
    /// EXEC, written from it.
    Exec,
    /// A memory instruction's address (VADDR, SADDR, the scalar base or offset, a resource).
    Address,
}

impl Sink {
    pub fn name(self) -> &'static str {
        match self {
            Sink::Branch => "a branch condition",
            Sink::Exec => "EXEC",
            Sink::Address => "a memory address",
        }
    }
}

/// An approximate instruction (index into the program) whose result may reach instruction
/// `to` as `sink`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Reach {
    pub from: usize,
    pub to: usize,
    pub sink: Sink,
}

/// The registers of `i`'s memory address operands.
fn address_regs(i: &gcnkit::Instr) -> RegSet {
    let mut set = RegSet::EMPTY;
    if let Some(d) = i.def().filter(|d| matches!(d.sem, Some(Sem::Mem(_)))) {
        for s in operands(i, d).as_slice() {
            let addr = matches!(
                s.role,
                Role::Vaddr | Role::Saddr | Role::Sbase | Role::Srsrc | Role::Soffset
            ) || s.role == Role::Offset && !s.is_value();
            if addr && s.regs > 0 && !s.is_value() {
                crate::regs::operand_regs(s.code, s.regs, &mut set);
            }
        }
    }
    set
}

/// Every place an approximate result may reach, in order of source then target.
pub fn approximate_reach(a: &Analysis) -> Vec<Reach> {
    let insts = &a.program.insts;
    let fx: &[Effects] = &a.liveness.effects;
    let approx: Vec<usize> = (0..insts.len())
        .filter(|&k| insts[k].instr.def().is_some_and(|d| d.flags.has(Flags::APPROX)))
        .collect();
    let mut out = Vec::new();
    for &src in &approx {
        // Reached registers at each block's entry, to a fixpoint (sets only grow).
        let nb = a.cfg.blocks.len();
        let mut entry = vec![RegSet::EMPTY; nb];
        let mut found = std::collections::BTreeSet::new();
        let mut changed = true;
        while changed {
            changed = false;
            for (b, blk) in a.cfg.blocks.iter().enumerate() {
                let mut t = entry[b];
                for k in blk.start..blk.end {
                    let e = &fx[k];
                    let hit = !e.reads.intersect(&t).is_empty();
                    if hit {
                        let i = &insts[k].instr;
                        let branch = matches!(
                            i.def().and_then(|d| d.sem),
                            Some(Sem::Flow(Flow::Branch(c))) if c != gcnkit::isa::Cond::Always
                        );
                        if branch {
                            found.insert((k, Sink::Branch));
                        }
                        if e.writes.contains(EXEC) {
                            found.insert((k, Sink::Exec));
                        }
                        if !address_regs(i).intersect(&t).is_empty() {
                            found.insert((k, Sink::Address));
                        }
                    }
                    // A write of other data ends a reached value; a vector write counts as whole
                    // (the lanes EXEC turns off, which keep theirs, are not followed: followed,
                    // every reused register would stay reached).
                    if k == src || hit {
                        t = t.union(&e.writes);
                    } else {
                        t = t.minus(&e.writes);
                    }
                }
                for edge in a.cfg.succs(b) {
                    let merged = entry[edge.to].union(&t);
                    if merged != entry[edge.to] {
                        entry[edge.to] = merged;
                        changed = true;
                    }
                }
            }
        }
        out.extend(found.into_iter().map(|(to, sink)| Reach { from: src, to, sink }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::Program;

    fn reach(text: &str) -> Vec<(usize, usize, Sink)> {
        let (words, diags) = {
            let mut asm = gcnkit::asm::Assembler::new(gcnkit::Arch::Gcn14, gcnkit::asm::Dialect::Llvm, "t");
            for (n, l) in text.lines().enumerate() {
                asm.line(n + 1, l);
            }
            let (items, diags) = asm.finish();
            let words: Vec<u32> = items
                .iter()
                .flat_map(|it| {
                    let i = it.instr(gcnkit::Arch::Gcn14);
                    i.words[..i.len as usize].to_vec()
                })
                .collect();
            (words, diags)
        };
        assert!(diags.is_empty(), "{diags:?}");
        let p = Program::from_words("t", gcnkit::Arch::Gcn14, &words);
        let a = crate::analyze(&p, None);
        approximate_reach(&a)
            .into_iter()
            .map(|r| (r.from, r.to, r.sink))
            .collect()
    }

    /// A reciprocal compared and branched on, turned into EXEC, used as an address; and a square
    /// root nothing reads reaches nothing.
    #[test]
    fn approximate_results_reach_conditions_exec_and_addresses() {
        let r = reach(
            "v_rcp_f32 v1, v0\n\
             v_cmp_gt_f32 vcc, 1.0, v1\n\
             s_and_saveexec_b64 s[2:3], vcc\n\
             s_cbranch_execz 2\n\
             v_cvt_u32_f32 v2, v1\n\
             global_load_dword v3, v2, s[4:5]\n\
             s_endpgm\n",
        );
        assert!(r.contains(&(0, 2, Sink::Exec)), "{r:?}");
        assert!(r.contains(&(0, 3, Sink::Branch)), "{r:?}");
        assert!(r.contains(&(0, 5, Sink::Address)), "{r:?}");
        let r = reach(
            "v_sqrt_f32 v1, v0\n\
             s_mov_b32 s0, 1.0\n\
             v_cmp_gt_f32 vcc, s0, v0\n\
             s_cbranch_vccz 1\n\
             s_endpgm\n\
             s_endpgm\n",
        );
        assert!(r.is_empty(), "{r:?}");
    }
}
