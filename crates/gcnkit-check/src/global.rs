//! Who last touched each dword of device memory in one launch: the race check between
//! work-groups.
//!
//! Each dword has three *sides*: its last write, its last read, and the last read by another
//! work-group than that one. A side is `(group + 1) << 32 | wave << 24 | pc` (0: none; pc
//! below 16 MiB).
//!
//! Memory is cut into chunks of 64 dwords, and a chunk is kept as a *summary* while one site
//! (work-group, wave, instruction) did all its writes and one did all its reads: the usual
//! case (a wave's coalesced load or store covers a chunk), checked and updated with a mask
//! under one lock per instruction instead of a record per dword. The first access from
//! another site spells the chunk out dword by dword; both forms give the same answers
//! (tested against a plain per-dword model below).

use std::sync::Mutex;

/// Dwords per chunk: one bit each in a `u64` mask.
const CHUNK: u64 = 64;

pub fn side(group: u32, wave: usize, pc: u32) -> u64 {
    ((group as u64 + 1) << 32) | ((wave as u64 & 0xff) << 24) | (pc as u64 & 0xff_ffff)
}

pub fn side_group(s: u64) -> Option<u32> {
    (s >> 32).checked_sub(1).map(|g| g as u32)
}

/// One chunk's sides.
enum Chunk {
    /// Every dword in `wmask` last written by `write`, every dword in `rmask` last read by
    /// `read` and by no other work-group before it.
    Summary { write: u64, read: u64, wmask: u64, rmask: u64 },
    /// Each dword's [write, last read, last read by another work-group than that one].
    Dwords(Box<[[u64; 3]; CHUNK as usize]>),
}

/// A region's shadow.
pub struct Shadow {
    pub base: u64,
    pub size: u64,
    chunks: Box<[Mutex<Chunk>]>,
}

impl Shadow {
    pub fn new(base: u64, size: u64) -> Shadow {
        let n = size.div_ceil(4 * CHUNK) as usize;
        Shadow {
            base,
            size,
            chunks: (0..n)
                .map(|_| {
                    Mutex::new(Chunk::Summary {
                        write: 0,
                        read: 0,
                        wmask: 0,
                        rmask: 0,
                    })
                })
                .collect(),
        }
    }

    /// The chunk and bit of the dword at `addr` (inside the region).
    pub fn place(&self, addr: u64) -> (usize, u32) {
        let d = (addr - self.base) / 4;
        ((d / CHUNK) as usize, (d % CHUNK) as u32)
    }

    /// Chunks of the region.
    pub fn chunks(&self) -> usize {
        self.chunks.len()
    }

    /// The dwords of chunk `c` written and read in this launch, as masks.
    pub fn masks(&self, c: usize) -> (u64, u64) {
        match &*self.chunks[c].lock().unwrap_or_else(|e| e.into_inner()) {
            Chunk::Summary { wmask, rmask, .. } => (*wmask, *rmask),
            Chunk::Dwords(d) => d.iter().enumerate().fold((0, 0), |(w, r), (k, s)| {
                (w | ((s[0] != 0) as u64) << k, r | ((s[1] != 0) as u64) << k)
            }),
        }
    }

    /// The last write and the last read of dword `bit` of chunk `c` (0: none).
    pub fn sides_at(&self, c: usize, bit: u32) -> (u64, u64) {
        match &*self.chunks[c].lock().unwrap_or_else(|e| e.into_inner()) {
            Chunk::Summary { write, read, wmask, rmask } => (
                if wmask >> bit & 1 != 0 { *write } else { 0 },
                if rmask >> bit & 1 != 0 { *read } else { 0 },
            ),
            Chunk::Dwords(d) => (d[bit as usize][0], d[bit as usize][1]),
        }
    }

    /// One instruction's access by side `me` to the dwords `mask` of chunk `c`: calls
    /// `conflict(bit, other)` for each dword another work-group wrote (or, when this writes,
    /// read) before, then records this access.
    pub fn touch(&self, c: usize, mask: u64, write: bool, me: u64, mut conflict: impl FnMut(u32, u64)) {
        let me_group = side_group(me);
        let foreign = |v: u64| v != 0 && side_group(v) != me_group;
        let mut chunk = self.chunks[c].lock().unwrap_or_else(|e| e.into_inner());
        if let Chunk::Summary { write: w, read: r, wmask, rmask } = &mut *chunk {
            let hit_w = if foreign(*w) { mask & *wmask } else { 0 };
            let hit_r = if write && foreign(*r) { mask & *rmask & !hit_w } else { 0 };
            for (bits, other) in [(hit_w, *w), (hit_r, *r)] {
                let mut b = bits;
                while b != 0 {
                    conflict(b.trailing_zeros(), other);
                    b &= b - 1;
                }
            }
            // Still one site for each kind: stay a summary.
            if write && (*w == me || *wmask == 0) {
                *w = me;
                *wmask |= mask;
                return;
            }
            if !write && (*r == me || *rmask == 0) {
                *r = me;
                *rmask |= mask;
                return;
            }
            let (w, r, wmask, rmask) = (*w, *r, *wmask, *rmask);
            let mut d = Box::new([[0u64; 3]; CHUNK as usize]);
            for (k, s) in d.iter_mut().enumerate() {
                s[0] = if wmask >> k & 1 != 0 { w } else { 0 };
                s[1] = if rmask >> k & 1 != 0 { r } else { 0 };
            }
            *chunk = Chunk::Dwords(d);
            // The conflicts are reported: record the access alone.
            let Chunk::Dwords(d) = &mut *chunk else { unreachable!() };
            record(d, mask, write, me);
            return;
        }
        let Chunk::Dwords(d) = &mut *chunk else { unreachable!() };
        let mut b = mask;
        while b != 0 {
            let k = b.trailing_zeros();
            let [w, r1, r2] = d[k as usize];
            let other = if foreign(w) {
                Some(w)
            } else if write && foreign(r1) {
                Some(r1)
            } else if write && foreign(r2) {
                Some(r2)
            } else {
                None
            };
            if let Some(o) = other {
                conflict(k, o);
            }
            b &= b - 1;
        }
        record(d, mask, write, me);
    }
}

/// Records an access of the dwords `mask` by `me` in a spelled-out chunk.
fn record(d: &mut [[u64; 3]; CHUNK as usize], mask: u64, write: bool, me: u64) {
    let mut b = mask;
    while b != 0 {
        let s = &mut d[b.trailing_zeros() as usize];
        if write {
            s[0] = me;
        } else if s[1] == 0 || side_group(s[1]) == side_group(me) {
            s[1] = me;
        } else {
            s[2] = s[1];
            s[1] = me;
        }
        b &= b - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain model: three sides a dword, updated one dword at a time.
    fn model(d: &mut [u64; 3], write: bool, me: u64) -> Option<u64> {
        let foreign = |v: u64| v != 0 && side_group(v) != side_group(me);
        let [w, r1, r2] = *d;
        let other = if foreign(w) {
            Some(w)
        } else if write && foreign(r1) {
            Some(r1)
        } else if write && foreign(r2) {
            Some(r2)
        } else {
            None
        };
        if write {
            d[0] = me;
        } else if r1 == 0 || side_group(r1) == side_group(me) {
            d[1] = me;
        } else {
            d[2] = r1;
            d[1] = me;
        }
        other
    }

    /// Random accesses by few sites (so that summaries live long and are spelled out at
    /// every point): the chunked shadow reports a conflict on exactly the dwords the model
    /// does, naming a side of another work-group.
    #[test]
    fn chunks_answer_as_dwords_do() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let sh = Shadow::new(0x1000, 4 * 128);
            let mut plain = vec![[0u64; 3]; 128];
            for _ in 0..40 {
                let me = side((rand() % 3) as u32, (rand() % 2) as usize, (rand() % 3) as u32 * 8);
                let write = rand() % 2 == 0;
                let c = (rand() % 2) as usize;
                let mask = match rand() % 3 {
                    0 => u64::MAX,
                    1 => rand(),
                    _ => rand() & rand() & rand(),
                };
                let mut got = Vec::new();
                sh.touch(c, mask, write, me, |k, o| got.push((k, o)));
                let mut want = Vec::new();
                for k in 0..64 {
                    if mask >> k & 1 != 0 {
                        if let Some(o) = model(&mut plain[c * 64 + k as usize], write, me) {
                            want.push((k, o));
                        }
                    }
                }
                got.sort();
                assert_eq!(got, want);
                assert!(got.iter().all(|&(_, o)| side_group(o) != side_group(me)));
            }
        }
    }
}
