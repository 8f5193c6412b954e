//! The order clrxasm gives several GOT objects of one kind (labels in `.text`; labels in
//! `.globaldata`, absolute symbols and others): the iteration order of its global symbol map, a
//! libstdc++ `std::unordered_map` keyed by CLRX's string hash. A name goes into that map when
//! the source first names it (`.` first, then labels, references in expressions, `.global`s,
//! assignments, `.gotsym`'s names), so the assembler notes first mentions ([`Mentions`]) and
//! [`symbol_map_order`] replays the map's insertions.

use std::cell::RefCell;

/// The names a CLRX source mentions, in the order it first mentions them (kept only when
/// `on`: not in the LLVM dialect).
pub struct Mentions {
    on: bool,
    seen: RefCell<(rustc_hash::FxHashSet<String>, Vec<String>)>,
}

impl Default for Mentions {
    fn default() -> Mentions {
        Mentions::new(true)
    }
}

impl Mentions {
    pub fn new(on: bool) -> Mentions {
        Mentions {
            on,
            seen: Default::default(),
        }
    }

    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Keeps no more names (the source's output is of a format that does not need them).
    pub fn stop(&mut self) {
        self.on = false;
    }

    /// An expression reads `name`.
    pub fn read(&self, name: &str) {
        if !self.on {
            return;
        }
        self.note(name);
    }

    /// Notes `name` if it is its first mention; a name in a scope (`a::x`) not (clrxasm keeps
    /// it in that scope's map). A local label read (`N$K`, gcnkit's name of the K-th `N:`) is
    /// clrxasm's `Nf` when the label was not met before (a reference `Nb` follows a `N:`).
    pub fn note(&self, name: &str) {
        if !self.on || self.seen.borrow().0.contains(name) || name.contains("::") {
            return;
        }
        if let Some((n, _)) = name
            .split_once('$')
            .filter(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
        {
            return self.note(&format!("{n}f"));
        }
        let mut m = self.seen.borrow_mut();
        if !m.0.contains(name) {
            m.0.insert(name.to_string());
            m.1.push(name.to_string());
        }
    }

    /// A local label `N:` is defined: clrxasm's `Nb`, then `Nf`.
    pub fn note_local_label(&self, n: u64) {
        self.note(&format!("{n}b"));
        self.note(&format!("{n}f"));
    }

    /// The names in the order first mentioned.
    pub fn order(&self) -> Vec<String> {
        self.seen.borrow().1.clone()
    }
}

/// CLRX's `std::hash<CString>`.
pub fn clrx_hash(s: &str) -> u64 {
    s.bytes()
        .fold(0u64, |h, b| ((h << 8) ^ b as u64).wrapping_mul(0xbf14_6a3d))
}

/// libstdc++'s bucket counts past its first thirteen (its `__prime_list` from 17 up, as far as
/// three million names).
const PRIMES: [u64; 157] = [
    17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109, 113, 127, 137, 139, 149, 157,
    167, 179, 193, 199, 211, 227, 241, 257, 277, 293, 313, 337, 359, 383, 409, 439, 467, 503, 541, 577, 619, 661, 709,
    761, 823, 887, 953, 1_031, 1_109, 1_193, 1_289, 1_381, 1_493, 1_613, 1_741, 1_879, 2_029, 2_179, 2_357, 2_549,
    2_753, 2_971, 3_209, 3_469, 3_739, 4_027, 4_349, 4_703, 5_087, 5_503, 5_953, 6_427, 6_949, 7_517, 8_123, 8_783,
    9_497, 10_273, 11_113, 12_011, 12_983, 14_033, 15_173, 16_411, 17_749, 19_183, 20_753, 22_447, 24_281, 26_267,
    28_411, 30_727, 33_223, 35_933, 38_873, 42_043, 45_481, 49_201, 53_201, 57_557, 62_233, 67_307, 72_817, 78_779,
    85_229, 92_203, 99_733, 107_897, 116_731, 126_271, 136_607, 147_793, 159_871, 172_933, 187_091, 202_409, 218_971,
    236_897, 256_279, 277_261, 299_951, 324_503, 351_061, 379_787, 410_857, 444_487, 480_881, 520_241, 562_841,
    608_903, 658_753, 712_697, 771_049, 834_181, 902_483, 976_369, 1_056_323, 1_142_821, 1_236_397, 1_337_629,
    1_447_153, 1_565_659, 1_693_859, 1_832_561, 1_982_627, 2_144_977, 2_320_627, 2_510_653, 2_716_249, 2_938_679,
];

/// libstdc++'s `_Prime_rehash_policy` (maximum load factor 1).
struct Policy {
    next_resize: u64,
}

impl Policy {
    /// `_M_next_bkt`: the bucket count for at least `n` (None past [`PRIMES`]).
    fn next_bkt(&mut self, n: u64) -> Option<u64> {
        const FAST: [u64; 14] = [2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13];
        let b = match FAST.get(n as usize) {
            Some(_) if n == 0 => return Some(1),
            Some(&b) => b,
            None => *PRIMES.iter().find(|&&p| p >= n)?,
        };
        self.next_resize = b;
        Some(b)
    }

    /// `_M_need_rehash` before one insertion: the new bucket count, if any.
    fn need_rehash(&mut self, buckets: u64, count: u64) -> Option<Option<u64>> {
        if count < self.next_resize {
            return None;
        }
        // (nothing allocated yet: at least 11 buckets)
        let min = (count + 1).max(if self.next_resize == 0 { 11 } else { 0 });
        if min >= buckets {
            return Some(self.next_bkt((min + 1).max(buckets * 2)));
        }
        self.next_resize = buckets;
        None
    }
}

const NONE: usize = usize::MAX;
/// The list's head ("before begin") as a bucket's predecessor.
const HEAD: usize = usize::MAX - 1;

/// The names as clrxasm's symbol map iterates them, `names` inserted in order (each once);
/// None past the bucket counts known.
pub fn symbol_map_order(names: &[String]) -> Option<Vec<&str>> {
    let hashes: Vec<u64> = names.iter().map(|n| clrx_hash(n)).collect();
    let mut next = vec![NONE; names.len()];
    let mut head = NONE;
    let mut buckets = vec![NONE; 1];
    let mut policy = Policy { next_resize: 0 };
    let bkt = |node: usize, n: usize| (hashes[node] % n as u64) as usize;
    for node in 0..names.len() {
        if let Some(n) = policy.need_rehash(buckets.len() as u64, node as u64) {
            // `_M_rehash_aux`: each node in list order to the front of its bucket's run, or of
            // the list when its bucket is empty.
            let n = n? as usize;
            let mut fresh = vec![NONE; n];
            let (mut p, mut first_bkt) = (head, 0);
            head = NONE;
            while p != NONE {
                let after = next[p];
                let b = bkt(p, n);
                if fresh[b] == NONE {
                    next[p] = head;
                    head = p;
                    fresh[b] = HEAD;
                    if next[p] != NONE {
                        fresh[first_bkt] = p;
                    }
                    first_bkt = b;
                } else {
                    let before = fresh[b];
                    let at = if before == HEAD { &mut head } else { &mut next[before] };
                    let old = std::mem::replace(at, p);
                    next[p] = old;
                }
                p = after;
            }
            buckets = fresh;
        }
        // `_M_insert_bucket_begin`
        let b = bkt(node, buckets.len());
        if buckets[b] == NONE {
            next[node] = head;
            head = node;
            if next[node] != NONE {
                let nb = bkt(next[node], buckets.len());
                buckets[nb] = node;
            }
            buckets[b] = HEAD;
        } else {
            let before = buckets[b];
            let at = if before == HEAD { &mut head } else { &mut next[before] };
            let old = std::mem::replace(at, node);
            next[node] = old;
        }
    }
    let mut order = Vec::with_capacity(names.len());
    let mut p = head;
    while p != NONE {
        order.push(names[p].as_str());
        p = next[p];
    }
    Some(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name comes out once, past several rehashes.
    #[test]
    fn every_name_once() {
        let names: Vec<String> = (0..500).map(|k| format!("n{k}")).collect();
        let mut order = symbol_map_order(&names).unwrap();
        order.sort_unstable();
        let mut want: Vec<&str> = names.iter().map(String::as_str).collect();
        want.sort_unstable();
        assert_eq!(order, want);
    }
}
