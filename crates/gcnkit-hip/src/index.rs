//! Where the program's device-side memory is, readable without the runtime's lock: every live
//! allocation of every device (device memory, pinned, managed and registered host memory,
//! loaded code objects) by base. The executor holds the runtime's lock while a kernel runs; a
//! call that only puts work on a stream checks its pointers here instead, so it never waits
//! for the kernel (a kernel may be waiting for the host).
//!
//! The runtime's state is the truth: after each change of an allocation the runtime calls
//! [`note`] with its base, which copies what the devices now hold.

use crate::runtime::Runtime;
use std::collections::BTreeMap;
use std::sync::RwLock;

/// A live allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub base: u64,
    pub len: u64,
    /// Managed memory (`hipMallocManaged`).
    pub managed: bool,
}

static INDEX: RwLock<BTreeMap<u64, Entry>> = RwLock::new(BTreeMap::new());

/// Copies what the devices hold at `base` (an allocation there, or none any more).
pub fn note(rt: &Runtime, base: u64) {
    let held = rt
        .devices
        .iter()
        .find_map(|d| d.allocation(base).filter(|(b, _)| *b == base));
    let mut m = INDEX.write().unwrap_or_else(|e| e.into_inner());
    match held {
        Some((_, len)) => {
            let managed = rt.shared.get(&base).copied().unwrap_or(false);
            m.insert(base, Entry { base, len, managed });
        }
        None => {
            m.remove(&base);
        }
    }
}

/// Drops every entry no device holds any more (after a device reset).
pub fn prune(rt: &Runtime) {
    let mut m = INDEX.write().unwrap_or_else(|e| e.into_inner());
    m.retain(|b, _| {
        rt.devices
            .iter()
            .any(|d| d.allocation(*b).is_some_and(|(x, _)| x == *b))
    });
}

/// The allocation holding `addr`, if any.
pub fn find(addr: u64) -> Option<Entry> {
    let m = INDEX.read().unwrap_or_else(|e| e.into_inner());
    let (_, e) = m.range(..=addr).next_back()?;
    (addr - e.base < e.len).then_some(*e)
}

/// Is `[addr, addr + n)` inside one allocation?
pub fn holds(addr: u64, n: u64) -> bool {
    find(addr).is_some_and(|e| addr - e.base + n <= e.len)
}
