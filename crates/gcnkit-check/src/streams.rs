//! Races between launches on different streams: HIP runs two streams' work in either order
//! (or at once) unless something orders them (the same stream, the null stream, an event a
//! stream waits for, the host waiting for one before it gives the other). The runtime tells
//! each launch its place in that order as a vector clock ([`Order`]); a launch's device-memory
//! shadow ([`crate::global`]) is kept while a later launch may be unordered with it, and each
//! launch's accesses are compared with those of every earlier launch it is not ordered after.
//! Copies and fills the host gives a stream (`hipMemcpyAsync`, `hipMemsetAsync`, a graph's
//! nodes) take part as launches do: the device memory they read and write, at their place in
//! the order ([`host_op`]), also with each other.

use crate::global::{site_group, Shadow, Side};
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

/// Who made an access: a kernel's launch, or a copy or fill the host gave a stream.
pub enum Who {
    Kernel {
        prog: Arc<Program>,
        groups: [u32; 3],
    },
    /// The API that gave it (`hipMemcpyAsync`...).
    Host(String),
}

/// An earlier launch (or host operation) as the comparison needs it.
pub struct Past {
    pub order: Order,
    pub who: Who,
    pub shadows: Vec<Arc<Shadow>>,
}

/// The site every host operation's accesses carry (no work-group, wave or PC).
const HOST_SITE: u64 = 1;

/// A host operation's access to `[addr, addr + n)` (whole dwords) in the region of `mem`
/// holding it, as a [`Past`] to compare; `None` outside every region or in a runtime's own
/// memory. Its shadow starts at the region's base (launches' shadows are compared region by
/// region) and ends with the range.
pub fn host_op(order: Order, what: &str, (addr, n): (u64, u64), write: bool, mem: &Memory) -> Option<Past> {
    let r = mem
        .region_holding(addr)
        .filter(|r| !r.internal && n > 0 && addr < r.base + r.size)?;
    let end = addr.saturating_add(n).min(r.base + r.size);
    let shadow = Shadow::new(r.base, end - r.base);
    let me = Side {
        site: HOST_SITE,
        stamp: 0,
    };
    let mut d = addr & !3;
    while d < end {
        let (c, bit) = shadow.place(d);
        let count = (end - d).div_ceil(4).min(64 - bit as u64);
        let mask = if count == 64 {
            u64::MAX
        } else {
            ((1u64 << count) - 1) << bit
        };
        shadow.touch(c, mask, write, me, |_, _| {});
        d += count * 4;
    }
    Some(Past {
        order,
        who: Who::Host(what.to_string()),
        shadows: vec![Arc::new(shadow)],
    })
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
        for c in a.touched().filter(|&c| c < b.chunks()) {
            let (wa, ra) = a.masks(c);
            let (wb, rb) = b.masks(c);
            let hit = wa & (wb | rb) | ra & wb;
            if hit == 0 {
                continue;
            }
            let bit = hit.trailing_zeros();
            let addr = a.base + 4 * (c as u64 * 64 + bit as u64);
            // Each side's access: its write when it wrote, else its read.
            let side = |s: &Shadow, w: u64| {
                let (sw, sr) = s.sides_at(c, bit);
                if w >> bit & 1 != 0 {
                    (sw, true)
                } else {
                    (sr, false)
                }
            };
            // Told from a kernel's side: this launch's, or the earlier one's when this is a
            // host operation.
            return match (&now.who, &p.who) {
                (Who::Kernel { .. }, _) => conflict(now, side(a, wa), p, side(b, wb).0, addr, mem),
                (Who::Host(_), Who::Kernel { .. }) => conflict(p, side(b, wb), now, side(a, wa).0, addr, mem),
                (Who::Host(_), Who::Host(_)) => Some(hosts(now, side(a, wa).1, p, addr, mem)),
            };
        }
    }
    None
}

/// The finding of host operation `now`'s access to `addr` (a write?) and the earlier host
/// operation `p`'s, which nothing orders (told from `now`'s side: no kernel, no place).
fn hosts(now: &Past, write: bool, p: &Past, addr: u64, mem: &Memory) -> Finding {
    let api = |x: &Past| match &x.who {
        Who::Host(a) => a.clone(),
        Who::Kernel { prog, .. } => prog.name.clone(),
    };
    let this = if write { "writes" } else { "reads" };
    Finding {
        check: Check::Race,
        severity: Severity::Error,
        rule: "stream-race".into(),
        instruction: api(now),
        message: format!(
            "{this} memory that {} (stream 0x{:x}) also accessed, one of them writing, and nothing orders the two streams' operations (stream 0x{:x} here): which comes first is the hardware's choice",
            api(p),
            p.order.stream,
            now.order.stream
        ),
        needs: "one stream, an event (hipEventRecord, then hipStreamWaitEvent), or hipStreamSynchronize between the two operations".into(),
        count: 1,
        address: Some(format!("0x{addr:x}: {}", mem.whereabouts(addr).unwrap_or_default())),
        ..Finding::default()
    }
}

/// The finding of kernel launch `k`'s access (`site`, a write?) to `addr` and `other`'s
/// (`other_site`), which nothing orders.
fn conflict(
    k: &Past,
    (site, write): (u64, bool),
    other: &Past,
    other_site: u64,
    addr: u64,
    mem: &Memory,
) -> Option<Finding> {
    let Who::Kernel { prog, groups } = &k.who else {
        return None;
    };
    let (g, w, pc) = whose(site, *groups);
    let this = if write { "writes" } else { "reads" };
    let (name, other_pc, other_text, other_place, what) = match &other.who {
        Who::Kernel { prog: op, groups: og } => {
            let (og, ow, opc) = whose(other_site, *og);
            let place = Place {
                group: og,
                wave: ow,
                lanes: Vec::new(),
            };
            (
                format!("kernel {}", op.name),
                Some(opc),
                Some(text_at(op, opc)),
                Some(place),
                "launches",
            )
        }
        Who::Host(api) => (api.clone(), None, None, None, "operations"),
    };
    Some(Finding {
        check: Check::Race,
        severity: Severity::Error,
        rule: "stream-race".into(),
        kernel: prog.name.clone(),
        pc,
        instruction: text_at(prog, pc),
        other_pc,
        other_instruction: other_text,
        message: format!(
            "{this} memory that {name} (stream 0x{:x}) also accessed, one of them writing, and nothing orders the two streams' {what} (stream 0x{:x} here): which comes first is the hardware's choice",
            other.order.stream, k.order.stream
        ),
        needs: format!("one stream, an event (hipEventRecord, then hipStreamWaitEvent), or hipStreamSynchronize between the two {what}"),
        count: 1,
        place: Some(Place { group: g, wave: w, lanes: Vec::new() }),
        other_place,
        address: Some(format!("0x{addr:x}: {}", mem.whereabouts(addr).unwrap_or_default())),
        ..Finding::default()
    })
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
