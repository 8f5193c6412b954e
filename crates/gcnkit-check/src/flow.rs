//! A forward dataflow fixpoint over a kernel's control-flow graph: each block's entry state
//! is the join of its predecessors' exit states, iterated until nothing changes (loops carry
//! their state around), then one last pass over every block with its final entry state
//! reports the findings.

use gcnkit_analyze::cfg::Cfg;
use gcnkit_analyze::program::{Inst, Program};
use std::collections::BTreeSet;

/// A state of the analysis.
pub trait State: Clone + PartialEq {
    /// Merges `other` (another path's state) into `self`; whether `self` changed.
    fn join(&mut self, other: &Self) -> bool;
}

/// Runs `step` (instruction `k` of the program, its state before, which it turns into the
/// state after; `report` is set on the last pass only) to a fixpoint from `entry` at the
/// kernel's entry block, then once more on every reached block with `report` set.
pub fn solve<S: State>(p: &Program, cfg: &Cfg, entry: S, mut step: impl FnMut(usize, &Inst, &mut S, bool)) {
    let n = cfg.blocks.len();
    if n == 0 {
        return;
    }
    let succs: Vec<Vec<usize>> = (0..n).map(|b| cfg.succs(b).map(|e| e.to).collect()).collect();
    let rpo = cfg.rpo();
    let mut order = vec![usize::MAX; n];
    for (k, &b) in rpo.iter().enumerate() {
        order[b] = k;
    }
    let mut ins: Vec<Option<S>> = vec![None; n];
    ins[cfg.entry] = Some(entry);
    // Blocks by reverse post-order position: a loop's body is visited before its exits.
    let mut work: BTreeSet<(usize, usize)> = BTreeSet::from([(order[cfg.entry], cfg.entry)]);
    while let Some((_, b)) = work.pop_first() {
        let mut s = ins[b].clone().expect("a queued block has a state");
        let blk = &cfg.blocks[b];
        for k in blk.start..blk.end {
            step(k, &p.insts[k], &mut s, false);
        }
        for &t in &succs[b] {
            let changed = match &mut ins[t] {
                Some(x) => x.join(&s),
                slot @ None => {
                    *slot = Some(s.clone());
                    true
                }
            };
            if changed {
                work.insert((order[t], t));
            }
        }
    }
    for (b, entry) in ins.iter().enumerate() {
        if let Some(mut s) = entry.clone() {
            let blk = &cfg.blocks[b];
            for k in blk.start..blk.end {
                step(k, &p.insts[k], &mut s, true);
            }
        }
    }
}
