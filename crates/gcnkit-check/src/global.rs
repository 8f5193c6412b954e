//! Who last touched each dword of device memory in one launch: the race check between
//! work-groups.
//!
//! Each dword has three *sides*: its last write, its last read, and the last read by another
//! work-group than that one. A side is a *site* — `(group + 1) << 32 | wave << 24 | pc` (0:
//! none; pc below 16 MiB) — and the work-group's *stamp* then: how many releases (atomics,
//! coherent stores) it had made before the access, which tells whether a release of its came
//! after the access ([`crate::order`]).
//!
//! Memory is cut into chunks of 64 dwords, and a chunk is kept as a *summary* while one side
//! did all its writes and one did all its reads: the usual case (a wave's coalesced load or
//! store covers a chunk), checked and updated with a mask under one lock per instruction
//! instead of a record per dword. The first access from another side spells the chunk out
//! dword by dword; both forms give the same answers (tested against a plain per-dword model
//! below). Chunks come in pages made when first touched: a launch that touches a few
//! kilobytes of a gigabyte allocation keeps a page or two, not millions of chunks.

use std::sync::{Mutex, OnceLock};

/// Dwords per chunk: one bit each in a `u64` mask.
const CHUNK: u64 = 64;

/// Chunks per page (64 KiB of memory).
const PAGE: usize = 256;

pub fn site(group: u32, wave: usize, pc: u32) -> u64 {
    ((group as u64 + 1) << 32) | ((wave as u64 & 0xff) << 24) | (pc as u64 & 0xff_ffff)
}

pub fn site_group(s: u64) -> Option<u32> {
    (s >> 32).checked_sub(1).map(|g| g as u32)
}

/// An access's site and its work-group's stamp.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side {
    pub site: u64,
    pub stamp: u32,
}

impl Side {
    pub fn group(self) -> Option<u32> {
        site_group(self.site)
    }

    pub fn is_some(self) -> bool {
        self.site != 0
    }
}

/// One chunk's sides.
enum Chunk {
    /// Every dword in `wmask` last written by `write`, every dword in `rmask` last read by
    /// `read` and by no other work-group before it.
    Summary {
        write: Side,
        read: Side,
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
    sides: [Side; 3],
    bytes: [u8; 3],
}

impl Dword {
    /// The sides by which other work-groups than `me`'s touched bytes `mine` of this dword
    /// (its write; when this writes, its reads too); none: the default side.
    fn others(&self, mine: u8, write: bool, me: Side) -> [Side; 3] {
        let mut o = [Side::default(); 3];
        for (k, x) in o.iter_mut().enumerate().take(if write { 3 } else { 1 }) {
            let v = self.sides[k];
            if v.is_some() && v.group() != me.group() && self.bytes[k] & mine != 0 {
                *x = v;
            }
        }
        o
    }

    /// Records `me`'s access of bytes `mine`. A work-group's sides gather the bytes it
    /// touched; another work-group's side replaces them (what the replaced one touched is
    /// forgotten: a race may be missed, none is made up).
    fn record(&mut self, mine: u8, write: bool, me: Side) {
        let same = |v: Side| v.is_some() && v.group() == me.group();
        if write {
            self.bytes[0] = if same(self.sides[0]) {
                self.bytes[0] | mine
            } else {
                mine
            };
            self.sides[0] = me;
        } else if !self.sides[1].is_some() || same(self.sides[1]) {
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

/// A page of chunks, made on its first access.
type Page = OnceLock<Box<[Mutex<Chunk>]>>;

/// A region's shadow.
pub struct Shadow {
    pub base: u64,
    pub size: u64,
    chunks: usize,
    /// Pages of [`PAGE`] chunks, each made on its first access.
    pages: Box<[Page]>,
}

impl Shadow {
    pub fn new(base: u64, size: u64) -> Shadow {
        let n = size.div_ceil(4 * CHUNK) as usize;
        Shadow {
            base,
            size,
            chunks: n,
            pages: (0..n.div_ceil(PAGE)).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Chunk `c`, its page made if it was not.
    fn chunk(&self, c: usize) -> std::sync::MutexGuard<'_, Chunk> {
        let page = self.pages[c / PAGE].get_or_init(|| {
            (0..PAGE)
                .map(|_| {
                    Mutex::new(Chunk::Summary {
                        write: Side::default(),
                        read: Side::default(),
                        wmask: 0,
                        rmask: 0,
                    })
                })
                .collect()
        });
        page[c % PAGE].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Chunk `c` if its page was made (else nothing touched it).
    fn peek(&self, c: usize) -> Option<std::sync::MutexGuard<'_, Chunk>> {
        let page = self.pages[c / PAGE].get()?;
        Some(page[c % PAGE].lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The chunks of the pages some access made, in order (the others were not touched).
    pub fn touched(&self) -> impl Iterator<Item = usize> + '_ {
        self.pages
            .iter()
            .enumerate()
            .filter(|(_, p)| p.get().is_some())
            .flat_map(move |(k, _)| k * PAGE..((k + 1) * PAGE).min(self.chunks))
    }

    /// The chunk and bit of the dword at `addr` (inside the region).
    pub fn place(&self, addr: u64) -> (usize, u32) {
        let d = (addr - self.base) / 4;
        ((d / CHUNK) as usize, (d % CHUNK) as u32)
    }

    /// Chunks of the region.
    pub fn chunks(&self) -> usize {
        self.chunks
    }

    /// The dwords of chunk `c` written and read in this launch, as masks.
    pub fn masks(&self, c: usize) -> (u64, u64) {
        let Some(chunk) = self.peek(c) else { return (0, 0) };
        match &*chunk {
            Chunk::Summary { wmask, rmask, .. } => (*wmask, *rmask),
            Chunk::Dwords(d) => d.iter().enumerate().fold((0, 0), |(w, r), (k, x)| {
                (
                    w | (x.sides[0].is_some() as u64) << k,
                    r | (x.sides[1].is_some() as u64) << k,
                )
            }),
        }
    }

    /// The sites of the last write and the last read of dword `bit` of chunk `c` (0: none).
    pub fn sides_at(&self, c: usize, bit: u32) -> (u64, u64) {
        let Some(chunk) = self.peek(c) else { return (0, 0) };
        match &*chunk {
            Chunk::Summary {
                write,
                read,
                wmask,
                rmask,
            } => (
                if wmask >> bit & 1 != 0 { write.site } else { 0 },
                if rmask >> bit & 1 != 0 { read.site } else { 0 },
            ),
            Chunk::Dwords(d) => (d[bit as usize].sides[0].site, d[bit as usize].sides[1].site),
        }
    }

    /// One instruction's access by side `me` to the dwords `mask` of chunk `c`: calls
    /// `conflict(bit, other)` for each side by which another work-group wrote a dword before
    /// (or, when this writes, read it: a dword may name several), then records this access.
    /// Whether something ordered the two is the caller's question.
    pub fn touch(&self, c: usize, mask: u64, write: bool, me: Side, mut conflict: impl FnMut(u32, Side)) {
        let foreign = |v: Side| v.is_some() && v.group() != me.group();
        let mut chunk = self.chunk(c);
        if let Chunk::Summary {
            write: w,
            read: r,
            wmask,
            rmask,
        } = &mut *chunk
        {
            let hit_w = if foreign(*w) { mask & *wmask } else { 0 };
            let hit_r = if write && foreign(*r) { mask & *rmask } else { 0 };
            for (bits, other) in [(hit_w, *w), (hit_r, *r)] {
                let mut b = bits;
                while b != 0 {
                    conflict(b.trailing_zeros(), other);
                    b &= b - 1;
                }
            }
            // Still one side for each kind: stay a summary.
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
            for o in x.others(0xf, write, me).into_iter().filter(|o| o.is_some()) {
                conflict(k, o);
            }
            x.record(0xf, write, me);
            b &= b - 1;
        }
    }

    /// An access by `me` of the bytes `bytes` (a mask of four) of dword `bit` of chunk `c`:
    /// the sides by which other work-groups touched them ([`Dword::others`]), then the access
    /// recorded.
    pub fn touch_bytes(&self, c: usize, bit: u32, bytes: u8, write: bool, me: Side) -> [Side; 3] {
        let mut chunk = self.chunk(c);
        spell_out(&mut chunk);
        let Chunk::Dwords(d) = &mut *chunk else { unreachable!() };
        let x = &mut d[bit as usize];
        let o = x.others(bytes, write, me);
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
    /// A 2 GiB region's shadow touched at one dword near its end makes one page: the
    /// untouched chunks answer "nothing" without being made, the touched one its access.
    #[test]
    fn pages_are_made_when_touched() {
        let sh = Shadow::new(0x1000, 2 << 30);
        assert_eq!(sh.chunks(), (2usize << 30) / 256);
        assert_eq!(sh.touched().count(), 0);
        let me = Side {
            site: site(3, 1, 0x40),
            stamp: 0,
        };
        let (c, bit) = sh.place(0x1000 + (2 << 30) - 8);
        sh.touch(c, 1 << bit, true, me, |_, _| panic!("no other side"));
        let made: Vec<usize> = sh.touched().collect();
        assert_eq!(made.len(), PAGE);
        assert!(made.contains(&c) && made.iter().all(|&k| k < sh.chunks()));
        assert_eq!(sh.masks(c), (1 << bit, 0));
        assert_eq!(sh.sides_at(c, bit), (me.site, 0));
        assert_eq!(sh.masks(0), (0, 0));
        assert_eq!(sh.sides_at(0, 0), (0, 0));
        assert_eq!(sh.touched().count(), PAGE, "reading made no page");
    }

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
            let mut plain = vec![[Side::default(); 3]; 4 * 64];
            for _ in 0..30 {
                let me = Side {
                    site: site((rand() % 3) as u32, 0, (rand() % 4) as u32 * 4),
                    stamp: (rand() % 2) as u32,
                };
                let write = rand() % 2 == 0;
                let k = (rand() % 4) as u32;
                let whole = rand() % 3 == 0;
                let bytes: u8 = if whole {
                    0xf
                } else {
                    [1, 2, 4, 8, 3, 12][(rand() % 6) as usize]
                };
                let got: Vec<Side> = if whole {
                    let mut o = Vec::new();
                    sh.touch(0, 1 << k, write, me, |_, x| o.push(x));
                    o
                } else {
                    sh.touch_bytes(0, k, bytes, write, me)
                        .into_iter()
                        .filter(|o| o.is_some())
                        .collect()
                };
                let mut want = Vec::new();
                for b in 0..4 {
                    if bytes >> b & 1 != 0 {
                        want.extend(model(&mut plain[4 * k as usize + b], write, me));
                    }
                }
                // (The side named may be another true one than the model's: both keep only
                // the last sides.)
                for o in got {
                    assert!(!want.is_empty() && o.group() != me.group(), "{o:?} {want:?}");
                }
            }
        }
        // Different bytes of one dword by two work-groups: no race; the same byte: a race.
        let sh = Shadow::new(0, 4);
        let side = |g, pc| Side {
            site: site(g, 0, pc),
            stamp: 0,
        };
        let none = [Side::default(); 3];
        assert_eq!(sh.touch_bytes(0, 0, 1, true, side(0, 0)), none);
        assert_eq!(sh.touch_bytes(0, 0, 2, true, side(1, 4)), none);
        assert_eq!(sh.touch_bytes(0, 0, 2, true, side(2, 8))[0], side(1, 4));
    }

    /// The plain model: three sides a dword, updated one dword at a time; the sides of other
    /// work-groups the access meets.
    fn model(d: &mut [Side; 3], write: bool, me: Side) -> Vec<Side> {
        let foreign = |v: Side| v.is_some() && v.group() != me.group();
        let r1 = d[1];
        let met = if write { &d[..] } else { &d[..1] };
        let other = met.iter().copied().filter(|&v| foreign(v)).collect();
        if write {
            d[0] = me;
        } else if !r1.is_some() || r1.group() == me.group() {
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
            let mut plain = vec![[Side::default(); 3]; 128];
            for _ in 0..40 {
                let me = Side {
                    site: site((rand() % 3) as u32, (rand() % 2) as usize, (rand() % 3) as u32 * 8),
                    stamp: (rand() % 2) as u32,
                };
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
                        for o in model(&mut plain[c * 64 + k as usize], write, me) {
                            want.push((k, o));
                        }
                    }
                }
                got.sort();
                want.sort();
                assert_eq!(got, want);
                assert!(got.iter().all(|&(_, o)| o.group() != me.group()));
            }
        }
    }
}
