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
    Summary {
        write: u64,
        read: u64,
        wmask: u64,
        rmask: u64,
    },
    /// Each dword's [write, last read, last read by another work-group than that one], with
    /// the bytes of the dword each side touched (a byte or short access touches fewer than
    /// four: two work-groups writing different bytes of a dword do not race).
    Dwords(Box<[Dword; CHUNK as usize]>),
}

#[derive(Clone, Copy, Default)]
struct Dword {
    sides: [u64; 3],
    bytes: [u8; 3],
}

impl Dword {
    /// The side another work-group than `me`'s touched bytes `mine` of this dword with
    /// (its write; when this writes, its reads too).
    fn other(&self, mine: u8, write: bool, me: u64) -> Option<u64> {
        let foreign = |k: usize| {
            let v = self.sides[k];
            v != 0 && side_group(v) != side_group(me) && self.bytes[k] & mine != 0
        };
        if foreign(0) {
            Some(self.sides[0])
        } else if write && foreign(1) {
            Some(self.sides[1])
        } else if write && foreign(2) {
            Some(self.sides[2])
        } else {
            None
        }
    }

    /// Records `me`'s access of bytes `mine`. A work-group's sides gather the bytes it
    /// touched; another work-group's side replaces them (what the replaced one touched is
    /// forgotten: a race may be missed, none is made up).
    fn record(&mut self, mine: u8, write: bool, me: u64) {
        let same = |v: u64| v != 0 && side_group(v) == side_group(me);
        if write {
            self.bytes[0] = if same(self.sides[0]) {
                self.bytes[0] | mine
            } else {
                mine
            };
            self.sides[0] = me;
        } else if self.sides[1] == 0 || same(self.sides[1]) {
            self.bytes[1] = if same(self.sides[1]) {
                self.bytes[1] | mine
            } else {
                mine
            };
            self.sides[1] = me;
        } else {
            self.sides[2] = self.sides[1];
            self.bytes[2] = self.bytes[1];
            self.sides[1] = me;
            self.bytes[1] = mine;
        }
    }
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
            Chunk::Dwords(d) => d.iter().enumerate().fold((0, 0), |(w, r), (k, x)| {
                (w | ((x.sides[0] != 0) as u64) << k, r | ((x.sides[1] != 0) as u64) << k)
            }),
        }
    }

    /// The last write and the last read of dword `bit` of chunk `c` (0: none).
    pub fn sides_at(&self, c: usize, bit: u32) -> (u64, u64) {
        match &*self.chunks[c].lock().unwrap_or_else(|e| e.into_inner()) {
            Chunk::Summary {
                write,
                read,
                wmask,
                rmask,
            } => (
                if wmask >> bit & 1 != 0 { *write } else { 0 },
                if rmask >> bit & 1 != 0 { *read } else { 0 },
            ),
            Chunk::Dwords(d) => (d[bit as usize].sides[0], d[bit as usize].sides[1]),
        }
    }

    /// One instruction's access by side `me` to the dwords `mask` of chunk `c`: calls
    /// `conflict(bit, other)` for each dword another work-group wrote (or, when this writes,
    /// read) before, then records this access.
    pub fn touch(&self, c: usize, mask: u64, write: bool, me: u64, mut conflict: impl FnMut(u32, u64)) {
        let me_group = side_group(me);
        let foreign = |v: u64| v != 0 && side_group(v) != me_group;
        let mut chunk = self.chunks[c].lock().unwrap_or_else(|e| e.into_inner());
        if let Chunk::Summary {
            write: w,
            read: r,
            wmask,
            rmask,
        } = &mut *chunk
        {
            let hit_w = if foreign(*w) { mask & *wmask } else { 0 };
            let hit_r = if write && foreign(*r) {
                mask & *rmask & !hit_w
            } else {
                0
            };
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
            spell_out(&mut chunk);
            // The conflicts are reported: record the access alone.
            let Chunk::Dwords(d) = &mut *chunk else { unreachable!() };
            let mut b = mask;
            while b != 0 {
                d[b.trailing_zeros() as usize].record(0xf, write, me);
                b &= b - 1;
            }
            return;
        }
        let Chunk::Dwords(d) = &mut *chunk else { unreachable!() };
        let mut b = mask;
        while b != 0 {
            let k = b.trailing_zeros();
            let x = &mut d[k as usize];
            if let Some(o) = x.other(0xf, write, me) {
                conflict(k, o);
            }
            x.record(0xf, write, me);
            b &= b - 1;
        }
    }

    /// An access by `me` of the bytes `bytes` (a mask of four) of dword `bit` of chunk `c`:
    /// the conflict with another work-group, if any, then the access recorded.
    pub fn touch_bytes(&self, c: usize, bit: u32, bytes: u8, write: bool, me: u64) -> Option<u64> {
        let mut chunk = self.chunks[c].lock().unwrap_or_else(|e| e.into_inner());
        spell_out(&mut chunk);
        let Chunk::Dwords(d) = &mut *chunk else { unreachable!() };
        let x = &mut d[bit as usize];
        let o = x.other(bytes, write, me);
        x.record(bytes, write, me);
        o
    }
}

/// A summary chunk written out dword by dword (every byte of each).
fn spell_out(chunk: &mut Chunk) {
    if let Chunk::Summary {
        write,
        read,
        wmask,
        rmask,
    } = *chunk
    {
        let mut d = Box::new([Dword::default(); CHUNK as usize]);
        for (k, x) in d.iter_mut().enumerate() {
            if wmask >> k & 1 != 0 {
                x.sides[0] = write;
                x.bytes[0] = 0xf;
            }
            if rmask >> k & 1 != 0 {
                x.sides[1] = read;
                x.bytes[1] = 0xf;
            }
        }
        *chunk = Chunk::Dwords(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Byte and short accesses among dword ones: every conflict reported is one a plain
    /// model kept a byte at a time finds on a byte of the access too (none made up), and two
    /// work-groups writing different bytes of a dword do not conflict.
    #[test]
    fn bytes_conflict_only_where_they_meet() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let sh = Shadow::new(0, 4 * 64);
            let mut plain = vec![[0u64; 3]; 4 * 64];
            for _ in 0..30 {
                let me = side((rand() % 3) as u32, 0, (rand() % 4) as u32 * 4);
                let write = rand() % 2 == 0;
                let k = (rand() % 4) as u32;
                let whole = rand() % 3 == 0;
                let bytes: u8 = if whole {
                    0xf
                } else {
                    [1, 2, 4, 8, 3, 12][(rand() % 6) as usize]
                };
                let got = if whole {
                    let mut o = None;
                    sh.touch(0, 1 << k, write, me, |_, x| o = Some(x));
                    o
                } else {
                    sh.touch_bytes(0, k, bytes, write, me)
                };
                let mut want = Vec::new();
                for b in 0..4 {
                    if bytes >> b & 1 != 0 {
                        if let Some(o) = model(&mut plain[4 * k as usize + b], write, me) {
                            want.push(side_group(o));
                        }
                    }
                }
                // (The side named may be another true one than the model's: both keep only
                // the last sides.)
                if let Some(o) = got {
                    assert!(!want.is_empty() && side_group(o) != side_group(me), "{o:x} {want:?}");
                }
            }
        }
        // Different bytes of one dword by two work-groups: no race; the same byte: a race.
        let sh = Shadow::new(0, 4);
        assert_eq!(sh.touch_bytes(0, 0, 1, true, side(0, 0, 0)), None);
        assert_eq!(sh.touch_bytes(0, 0, 2, true, side(1, 0, 4)), None);
        assert_eq!(sh.touch_bytes(0, 0, 2, true, side(2, 0, 8)), Some(side(1, 0, 4)));
    }

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
