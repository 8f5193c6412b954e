//! Races between launches on different streams: HIP runs two streams' work in either order
//! (or at once) unless something orders them (the same stream, the null stream, an event a
//! stream waits for, the host waiting for one before it gives the other). The runtime tells
//! each launch its place in that order as a vector clock ([`Order`]); a launch's device-memory
//! shadow ([`crate::global`]) is kept while a later launch may be unordered with it, and each
//! launch's accesses are compared with those of every earlier launch it is not ordered after.

use crate::global::{site_group, Shadow};
use crate::{Check, Finding, Place, Severity};
use gcnkit::emu::memory::Memory;
use gcnkit_analyze::program::Program;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A launch's place in the order of a program's streams.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Order {
    /// The stream (the runtime's handle; 0: the null stream).
    pub stream: usize,
    /// What the launch is ordered after: for each stream, its operations up to this number
    /// (the launch's own stream: the launch itself).
    pub clock: BTreeMap<usize, u64>,
    /// What the host had waited for when it gave the launch: every later launch is ordered
    /// after it, so earlier launches it covers need no longer be kept.
    pub host: BTreeMap<usize, u64>,
}

impl Order {
    fn seq(&self) -> u64 {
        self.clock.get(&self.stream).copied().unwrap_or(0)
    }

    /// Is the launch at `earlier` ordered before this one?
    fn after(&self, earlier: &Order) -> bool {
        self.clock.get(&earlier.stream).is_some_and(|&n| n >= earlier.seq())
    }
}

/// An earlier launch as the comparison needs it.
pub struct Past {
    pub order: Order,
    pub prog: Arc<Program>,
    pub groups: [u32; 3],
    pub shadows: Vec<Arc<Shadow>>,
}

/// The linear work-group of a side as (x, y, z), its wave and PC.
fn whose(side: u64, groups: [u32; 3]) -> ([u32; 3], u32, u32) {
    let g = site_group(side).unwrap_or(0);
    let id = [
        g % groups[0].max(1),
        g / groups[0].max(1) % groups[1].max(1),
        g / (groups[0].max(1) * groups[1].max(1)),
    ];
    (id, (side >> 24 & 0xff) as u32, (side & 0xff_ffff) as u32)
}

fn text_at(p: &Program, pc: u32) -> String {
    p.insts
        .binary_search_by_key(&pc, |i| i.pc)
        .map(|k| crate::instr_text(&p.insts[k]))
        .unwrap_or_default()
}

/// Compares the launch `now` with each earlier launch it is not ordered after (one finding a
/// pair of launches: the first dword they conflict on), then keeps it among the launches a
/// later one may race with, and forgets those the host has waited for.
pub fn check_launch(now: Past, past: &mut Vec<Past>, mem: &Memory, out: &mut Vec<Finding>) {
    past.retain(|p| now.order.host.get(&p.order.stream).is_none_or(|&n| n < p.order.seq()));
    for p in past.iter().filter(|p| !now.order.after(&p.order)) {
        if let Some(f) = first_conflict(&now, p, mem) {
            out.push(f);
        }
    }
    past.push(now);
}

fn first_conflict(now: &Past, p: &Past, mem: &Memory) -> Option<Finding> {
    for a in &now.shadows {
        let Some(b) = p.shadows.iter().find(|b| b.base == a.base) else {
            continue;
        };
        for c in 0..a.chunks().min(b.chunks()) {
            let (wa, ra) = a.masks(c);
            let (wb, rb) = b.masks(c);
            let hit = wa & (wb | rb) | ra & wb;
            if hit == 0 {
                continue;
            }
            let bit = hit.trailing_zeros();
            let (sa_w, sa_r) = a.sides_at(c, bit);
            let (sb_w, sb_r) = b.sides_at(c, bit);
            // This launch's side: its write when it wrote, else its read; the other's: its
            // write when this one only read or it wrote, else its read.
            let (mine, write) = if wa >> bit & 1 != 0 {
                (sa_w, true)
            } else {
                (sa_r, false)
            };
            let theirs = if wb >> bit & 1 != 0 { sb_w } else { sb_r };
            let addr = a.base + 4 * (c as u64 * 64 + bit as u64);
            let (g, w, pc) = whose(mine, now.groups);
            let (og, ow, opc) = whose(theirs, p.groups);
            let this = if write { "writes" } else { "reads" };
            return Some(Finding {
                check: Check::Race,
                severity: Severity::Error,
                rule: "stream-race".into(),
                kernel: now.prog.name.clone(),
                pc,
                instruction: text_at(&now.prog, pc),
                other_pc: Some(opc),
                other_instruction: Some(text_at(&p.prog, opc)),
                message: format!(
                    "{this} memory that kernel {} (stream 0x{:x}) also accessed, one of them writing, and nothing orders the two streams' launches (stream 0x{:x} here): which comes first is the hardware's choice",
                    p.prog.name, p.order.stream, now.order.stream
                ),
                needs: "one stream, an event (hipEventRecord, then hipStreamWaitEvent), or hipStreamSynchronize between the two launches".into(),
                count: 1,
                place: Some(Place { group: g, wave: w, lanes: Vec::new() }),
                other_place: Some(Place { group: og, wave: ow, lanes: Vec::new() }),
                address: Some(format!("0x{addr:x}: {}", mem.whereabouts(addr).unwrap_or_default())),
                ..Finding::default()
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(stream: usize, clock: &[(usize, u64)]) -> Order {
        Order {
            stream,
            clock: clock.iter().copied().collect(),
            host: BTreeMap::new(),
        }
    }

    #[test]
    fn launches_are_ordered_by_their_clocks() {
        let a = order(1, &[(1, 3)]);
        // The same stream, later.
        assert!(order(1, &[(1, 5)]).after(&a));
        // Another stream that never waited for stream 1.
        assert!(!order(2, &[(2, 4)]).after(&a));
        // Another stream that waited for an event recorded after the launch.
        assert!(order(2, &[(1, 4), (2, 6)]).after(&a));
        // ... or before it.
        assert!(!order(2, &[(1, 2), (2, 6)]).after(&a));
    }
}
