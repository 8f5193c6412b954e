//! Happens-before between the work-groups of a launch through atomics: the race check's
//! answer to "did something order these two accesses?".
//!
//! Work-groups that talk through memory do it as rocSPARSE's level-scheduled kernels and
//! CUDA's threadFenceReduction do: one writes its data, fences and sets a flag with an atomic
//! (a *release*); another reads the flag with an atomic or a coherent (GLC) load until it is
//! set (an *acquire*), fences and reads the data. Each work-group counts its releases (its
//! *stamp*, kept in each shadow side it leaves, [`crate::global::Side`]) and logs them here
//! with the words they touched and their place in one order of the launch's releases. An
//! access of another work-group's data is ordered after it when that work-group released
//! after the access (a stamp at least the side's) to a word this work-group acquired later
//! in the order.
//!
//! The order is taken as the release instruction is about to run (before its memory changes)
//! and an acquire's after the acquiring instruction ran, so an acquire that saw a release
//! always comes after it; a release still between the two when an access is checked is waited
//! for ([`Releases::ordered`]).
//!
//! Not modelled (races it may miss, none it makes up): the fences themselves (every atomic
//! is taken as acquire-release), the waves of a work-group (one stamp for the group), and
//! orders through a third work-group (an acquire orders only the releasing group's accesses),
//! and a launch's releases past [`LOGGED`] dwords.

use crate::global::Side;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

#[derive(Default)]
pub struct Releases {
    /// Releases begun so far: the next one's place in the order.
    next: AtomicU64,
    groups: Mutex<Groups>,
}

#[derive(Default)]
struct Groups {
    logs: HashMap<u32, Log>,
    /// Dwords logged, and whether some were not (past [`LOGGED`]).
    logged: usize,
    full: bool,
}

/// The most released dwords a launch logs (24 bytes each): a kernel doing more atomics than
/// that (a histogram of 100 M items) stops logging, and an access the log cannot order is
/// then taken as ordered (a race may be missed, none is made up).
const LOGGED: usize = 1 << 22;

/// One work-group's releases, in its order.
#[derive(Default)]
struct Log {
    /// (stamp, dword address, place in the launch's order).
    made: Vec<(u32, u64, u64)>,
    /// A release begun whose words are not logged yet: its place.
    pending: Option<u64>,
}

/// How long a check waits for a release another thread has begun (it ends with the
/// instruction that makes it, so this is a bound, not a delay).
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);

impl Releases {
    /// Work-group `group` is about to run an instruction that may release: its place.
    pub fn begin(&self, group: u32) -> u64 {
        let mut g = self.groups.lock().unwrap_or_else(|e| e.into_inner());
        let at = self.next.fetch_add(1, Ordering::SeqCst);
        g.logs.entry(group).or_default().pending = Some(at);
        at
    }

    /// The release begun at `at` touched the dwords `words` (none: it made none) at the
    /// group's stamp `stamp`.
    pub fn end(&self, group: u32, stamp: u32, at: u64, words: &[u64]) {
        let mut g = self.groups.lock().unwrap_or_else(|e| e.into_inner());
        let keep = g.logged + words.len() <= LOGGED;
        g.logged += if keep { words.len() } else { 0 };
        g.full |= !keep;
        let log = g.logs.entry(group).or_default();
        if keep {
            log.made.extend(words.iter().map(|&w| (stamp, w, at)));
        }
        log.pending = None;
    }

    /// The order's present: an acquire made now comes after every release begun.
    pub fn now(&self) -> u64 {
        self.next.load(Ordering::SeqCst)
    }

    /// Whether `other`'s access (another work-group's) is ordered before the accesses of a
    /// work-group that acquired the dwords `acquired` (dword address, place of its last
    /// acquire of it).
    pub fn ordered(&self, other: Side, acquired: &HashMap<u64, u64>) -> bool {
        let (Some(group), Some(&latest)) = (other.group(), acquired.values().max()) else {
            return false;
        };
        let start = std::time::Instant::now();
        loop {
            let g = self.groups.lock().unwrap_or_else(|e| e.into_inner());
            let Some(log) = g.logs.get(&group) else { return g.full };
            if log.pending.is_some_and(|p| p < latest) && start.elapsed() < PATIENCE {
                drop(g);
                std::thread::yield_now();
                continue;
            }
            let from = log.made.partition_point(|&(s, _, _)| s < other.stamp);
            return g.full
                || log.made[from..]
                    .iter()
                    .any(|&(_, w, at)| acquired.get(&w).is_some_and(|&a| a > at));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::global::site;

    fn side(group: u32, stamp: u32) -> Side {
        Side {
            site: site(group, 0, 0),
            stamp,
        }
    }

    /// Group 0 writes at stamp 0, releases flag 0x100 (stamp 0 → 1), writes again at
    /// stamp 1. Group 1 acquires the flag after the release: the first write is ordered
    /// before it, the second is not; a flag it did not acquire, or an acquire before the
    /// release, orders nothing.
    #[test]
    fn a_release_orders_what_came_before_it_for_who_acquired_it_after() {
        let r = Releases::default();
        let early = r.now();
        let at = r.begin(0);
        r.end(0, 0, at, &[0x100]);
        let mut acquired = HashMap::from([(0x100, r.now())]);
        assert!(r.ordered(side(0, 0), &acquired));
        assert!(!r.ordered(side(0, 1), &acquired));
        assert!(!r.ordered(side(2, 0), &acquired));
        assert!(!r.ordered(side(0, 0), &HashMap::from([(0x104, r.now())])));
        assert!(!r.ordered(side(0, 0), &HashMap::new()));
        acquired.insert(0x100, early);
        assert!(!r.ordered(side(0, 0), &acquired));
    }

    /// Past the log's bound nothing more is logged, and what cannot be ordered is taken as
    /// ordered.
    #[test]
    fn a_full_log_orders_what_it_cannot_tell() {
        let r = Releases::default();
        let at = r.begin(1);
        r.end(1, 0, at, &vec![0x10; LOGGED]);
        let acquired = HashMap::from([(0x20, r.now())]);
        assert!(!r.ordered(side(1, 0), &acquired));
        let at = r.begin(1);
        r.end(1, 1, at, &[0x20]);
        assert!(r.ordered(side(1, 1), &acquired));
        assert!(r.ordered(side(5, 0), &acquired));
    }

    /// A release begun on another thread but not logged yet is waited for when the acquire
    /// came after it began.
    #[test]
    fn a_release_begun_is_waited_for() {
        let r = std::sync::Arc::new(Releases::default());
        let at = r.begin(3);
        let acquired = HashMap::from([(0x40, r.now())]);
        let r2 = r.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            r2.end(3, 0, at, &[0x40]);
        });
        assert!(r.ordered(side(3, 0), &acquired));
        t.join().unwrap();
    }
}
