//! The kernel machine's global memory: one 64-bit address space of regions (buffers, the
//! kernarg segment, the dispatch packet, the queue, scratch). An access outside every region
//! is a fault the caller reports (a GPU would fault), never a panic or a silent read.
//!
//! A kernel reaches a region's whole pages: a GPU maps memory in 4 KiB pages and faults only
//! outside them, so a load a little past an allocation's end (rocSPARSE's `bsrilu0` kernel
//! reads 8 bytes past its values) reads what is there, as on the GPU (zeros, or what such
//! stores left), and `--check` reports it. The host's copies and sets stay inside the
//! allocation's own size.
//!
//! Regions hold 32-bit atomic words so that work-groups running on parallel threads share
//! them soundly: plain accesses are relaxed loads and stores (ordinary moves on x86 and ARM),
//! atomics are atomic across threads. Aligned 8-byte accesses are one 64-bit atomic access
//! (as a GPU's are single-copy atomic); a byte or aligned short store is one store of its
//! own size ([`Region::part`]); other sub-word and unaligned accesses go byte by byte.
//! Runs of whole dwords (a wave's coalesced loads and stores) move 16 bytes at a time
//! ([`copy_in`]).

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

/// Reads `words` into `out` (as long), each dword whole. On x86-64 16 bytes at a time
/// with SSE moves written as assembly: a relaxed atomic load each (what Rust's model lets
/// race with other threads' stores) cannot be vectorised (64 dwords: ~210 machine
/// instructions that way, ~70 this way); the CPU reads each aligned dword and quadword of a vector move whole (as it does
/// an ordinary move: the same assumption as [`Region::pair`]'s), and the assembly is outside
/// the language's data-race rules.
#[inline]
fn copy_in(words: &[AtomicU32], out: &mut [u32]) {
    let n = words.len().min(out.len());
    let done = vector_copy(words.as_ptr() as *const u8, out.as_mut_ptr() as *mut u8, n);
    for (x, w) in out[done..n].iter_mut().zip(&words[done..n]) {
        *x = w.load(Relaxed);
    }
}

/// Writes `data` into `words` (as long), each dword whole: [`copy_in`]'s way back.
#[inline]
fn copy_out(data: &[u32], words: &[AtomicU32]) {
    let n = words.len().min(data.len());
    let done = vector_copy(data.as_ptr() as *const u8, words.as_ptr() as *mut u8, n);
    for (&x, w) in data[done..n].iter().zip(&words[done..n]) {
        w.store(x, Relaxed);
    }
}

/// Copies the first dwords of `n` from `src` to `dst` (not overlapping) in 16-byte moves,
/// 64 bytes a round; returns how many it copied (the rest is the caller's).
#[inline]
fn vector_copy(src: *const u8, dst: *mut u8, n: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let rounds = n / 16;
        if rounds > 0 {
            // SAFETY: `src` and `dst` hold `n` >= 16 * rounds dwords each (the callers' slices),
            // not overlapping (a region's words and a register row or the caller's buffer);
            // SSE2 is part of x86-64.
            unsafe {
                std::arch::asm!(
                    "2:",
                    "movdqu {a}, [{s}]",
                    "movdqu {b}, [{s} + 16]",
                    "movdqu {c}, [{s} + 32]",
                    "movdqu {d}, [{s} + 48]",
                    "movdqu [{t}], {a}",
                    "movdqu [{t} + 16], {b}",
                    "movdqu [{t} + 32], {c}",
                    "movdqu [{t} + 48], {d}",
                    "add {s}, 64",
                    "add {t}, 64",
                    "dec {r}",
                    "jnz 2b",
                    s = inout(reg) src => _,
                    t = inout(reg) dst => _,
                    r = inout(reg) rounds => _,
                    a = out(xmm_reg) _,
                    b = out(xmm_reg) _,
                    c = out(xmm_reg) _,
                    d = out(xmm_reg) _,
                    options(nostack),
                );
            }
        }
        16 * rounds
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (src, dst, n);
        0
    }
}

/// One contiguous piece of memory.
pub struct Region {
    pub base: u64,
    /// Size in bytes (the words may run a little past it: the last word is padded).
    pub size: u64,
    /// The bytes a kernel reaches: `size` rounded up to whole pages ([`PAGE`]) for memory
    /// the machine holds itself, `size` for the host program's own memory.
    pub reach: u64,
    pub name: String,
    words: Box<[AtomicU32]>,
    /// The words are the host program's own memory ([`Memory::add_host`]): not freed with
    /// the region.
    host_owned: bool,
    /// The words are pages mapped at the region's own address ([`Memory::add_mapped`];
    /// `host_owned` too): given back to the system with the region, the range kept without
    /// access.
    mapped: bool,
    /// Which bytes were ever written, a bit each (`--check`'s uninitialised reads); `None`:
    /// not tracked, every byte counts as written.
    defined: Option<Box<[AtomicU64]>>,
    /// A runtime's own memory (the hostcall buffer, the device heap): kernels reach it
    /// through protocols ordered by atomics, so `--check`'s race check leaves it alone.
    pub internal: bool,
    /// Another device's region seen here ([`Memory::add_view`], peer access): not an
    /// allocation of this memory's device.
    pub view: bool,
}

impl Drop for Region {
    fn drop(&mut self) {
        if self.host_owned {
            // Not ours to free: the storage stays its owner's.
            std::mem::forget(std::mem::take(&mut self.words));
        }
        if self.mapped {
            // SAFETY: the region's own pages at its base (mapped by `add_mapped`), which
            // nothing reads once it is gone (views go first).
            unsafe { mapping::retire(self.base, self.reach) };
        }
    }
}

/// Device memory the host process reaches at the device's own addresses
/// ([`Memory::add_mapped`]).
#[cfg(target_os = "linux")]
mod mapping {
    /// Maps `len` zero bytes, readable and writable, at exactly `addr` (page aligned), or
    /// fails when the range is taken or cannot be had.
    pub fn map(addr: u64, len: u64) -> bool {
        use libc::*;
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE;
        // SAFETY: a new anonymous mapping where nothing is mapped (FIXED_NOREPLACE fails
        // rather than replacing one).
        let p = unsafe { mmap(addr as *mut c_void, len as usize, PROT_READ | PROT_WRITE, flags, -1, 0) };
        if p == MAP_FAILED {
            return false;
        }
        if p as u64 != addr {
            // (an old kernel took the address as a hint)
            // SAFETY: the mapping just made, unused.
            unsafe { munmap(p, len as usize) };
            return false;
        }
        true
    }

    /// Gives the pages of `[addr, addr + len)` back and keeps the range reserved without
    /// access: addresses are never reused, and the host touching freed device memory faults
    /// as on a GPU's mapping.
    ///
    /// # Safety
    /// The range must be a mapping made by [`map`] that nothing reads any more.
    pub unsafe fn retire(addr: u64, len: u64) {
        use libc::*;
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED;
        // SAFETY: the caller's contract: the range is ours and unused.
        unsafe { mmap(addr as *mut c_void, len as usize, PROT_NONE, flags, -1, 0) };
    }
}

#[cfg(not(target_os = "linux"))]
mod mapping {
    pub fn map(_: u64, _: u64) -> bool {
        false
    }
    pub unsafe fn retire(_: u64, _: u64) {}
}

impl Region {
    /// A region of `bytes` (read from it as they are; the rest of its pages is zero).
    pub fn new(name: &str, base: u64, size: u64, bytes: &[u8]) -> Region {
        let reach = reach_of(size);
        let n = reach.div_ceil(4) as usize;
        // Zeroed by the allocator (`calloc`: the pages of a large region are not touched until
        // used, so a big allocation costs what is written to it), then the given bytes.
        let mut words: Vec<u32> = vec![0; n];
        for (w, c) in words.iter_mut().zip(bytes.chunks(4)) {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            *w = u32::from_le_bytes(b);
        }
        let words = words.into_boxed_slice();
        // SAFETY: AtomicU32 has the same size, alignment and bit validity as u32.
        let words = unsafe { Box::from_raw(Box::into_raw(words) as *mut [AtomicU32]) };
        Region {
            base,
            size,
            reach,
            name: name.to_string(),
            words,
            host_owned: false,
            mapped: false,
            defined: None,
            internal: false,
            view: false,
        }
    }

    /// The region's bytes (`size` of them).
    pub fn bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.words.iter().flat_map(|w| w.load(Relaxed).to_le_bytes()).collect();
        out.truncate(self.size as usize);
        out
    }

    #[inline]
    fn word(&self, off: u64) -> &AtomicU32 {
        &self.words[(off >> 2) as usize]
    }

    /// Does `[off, off + n)` lie where a kernel reaches ([`Region::reach`])?
    #[inline]
    pub fn holds(&self, off: u64, n: u64) -> bool {
        off.checked_add(n).is_some_and(|e| e <= self.reach)
    }

    /// Are `self` and `o` the same storage and extent (a region and its view)?
    pub fn shares(&self, o: &Region) -> bool {
        self.words.as_ptr() == o.words.as_ptr() && self.reach == o.reach && self.base == o.base
    }

    /// Does `[off, off + n)` lie inside the allocation itself (`size`)? A kernel's access
    /// past it, in its pages, is what `--check` reports as out of bounds.
    #[inline]
    pub fn within(&self, off: u64, n: u64) -> bool {
        off.checked_add(n).is_some_and(|e| e <= self.size)
    }

    /// The dword at byte `off` (inside the region: [`Region::holds`]).
    #[inline]
    pub fn read_u32(&self, off: u64) -> u32 {
        if off & 3 == 0 {
            self.word(off).load(Relaxed)
        } else {
            (0..4).fold(0, |v, j| v | (self.read_byte(off + j) as u32) << (8 * j))
        }
    }

    /// Writes the dword at byte `off` (inside the region).
    #[inline]
    pub fn write_u32(&self, off: u64, v: u32) {
        self.mark(off, 4);
        if off & 3 == 0 {
            self.word(off).store(v, Relaxed);
        } else {
            for j in 0..4 {
                self.write_byte(off + j, (v >> (8 * j)) as u8);
            }
        }
    }

    /// Reads `out.len()` dwords from byte `off` (inside the region).
    #[inline]
    pub fn read_words(&self, off: u64, out: &mut [u32]) {
        if off & 3 != 0 {
            out.iter_mut()
                .enumerate()
                .for_each(|(k, x)| *x = self.read_u32(off + 4 * k as u64));
            return;
        }
        copy_in(&self.words[(off >> 2) as usize..][..out.len()], out);
    }

    /// Writes `data` as dwords from byte `off` (inside the region).
    #[inline]
    pub fn write_words(&self, off: u64, data: &[u32]) {
        self.mark(off, 4 * data.len() as u64);
        if off & 3 != 0 {
            data.iter()
                .enumerate()
                .for_each(|(k, &x)| self.write_u32(off + 4 * k as u64, x));
            return;
        }
        copy_out(data, &self.words[(off >> 2) as usize..][..data.len()]);
    }

    /// Asks the CPU to bring `[off, off + n)` into its cache (a hint: nothing is read, and
    /// bytes outside the region are left alone).
    #[inline]
    pub fn prefetch(&self, off: u64, n: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let end = off.saturating_add(n).min(self.reach);
            let base = self.words.as_ptr() as *const i8;
            let mut at = off;
            while at < end {
                // SAFETY: a prefetch reads nothing and never faults; `at` is inside the region.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(base.add(at as usize)) };
                at += 64;
            }
        }
    }

    /// The two words at byte `off` as one 64-bit atomic word, when `off` and the storage are
    /// 8-byte aligned (always, for the machine's own memory and for `malloc`'s and `mmap`'s).
    ///
    /// A GPU moves an aligned 8-byte access as one (single-copy atomic): decoupled look-back
    /// scans (rocPRIM's) pack a flag and its prefix in one 8-byte word, and two 32-bit halves
    /// moved apart let another worker thread see a new flag with an old prefix. The same
    /// bytes are also reached as 32-bit atomics (kernels mix sizes, as on the GPU): x86-64's
    /// and AArch64's aligned accesses are single-copy atomic at either size, which is what
    /// this relies on (Rust's abstract model leaves racing mixed-size atomics undefined).
    #[inline]
    fn pair(&self, off: u64) -> Option<&AtomicU64> {
        if off & 7 != 0 {
            return None;
        }
        let p = self.words[(off >> 2) as usize..][..2].as_ptr() as *mut u64;
        if !p.is_aligned() {
            return None;
        }
        // SAFETY: two of the region's words, 8-byte aligned, living as long as `self`; their
        // bytes are only ever reached through atomics (see above on their sizes) and the
        // assembly of [`copy_in`]/[`copy_out`].
        Some(unsafe { AtomicU64::from_ptr(p) })
    }

    /// An atomic read-modify-write of the aligned dword at byte `off` (inside the region):
    /// `f(old)` is the new value; returns the old one (a compare-and-swap loop).
    #[inline]
    pub fn atomic32(&self, off: u64, f: impl Fn(u32) -> u32) -> u32 {
        self.mark(off, 4);
        let w = self.word(off);
        let mut old = w.load(Relaxed);
        loop {
            match w.compare_exchange_weak(old, f(old), Relaxed, Relaxed) {
                Ok(_) => return old,
                Err(now) => old = now,
            }
        }
    }

    /// [`Region::atomic32`] on the 8-byte aligned offset `off`: a compare-and-swap loop on
    /// the 64-bit word ([`Region::pair`]); storage not 8-byte aligned (a host program's own
    /// memory can be) has its two words updated under a global striped mutex that serialises
    /// 64-bit atomics on the same address.
    #[inline]
    pub fn atomic64(&self, off: u64, f: impl Fn(u64) -> u64) -> u64 {
        self.mark(off, 8);
        if let Some(w) = self.pair(off) {
            let mut old = w.load(Relaxed);
            loop {
                match w.compare_exchange_weak(old, f(old), Relaxed, Relaxed) {
                    Ok(_) => return old,
                    Err(now) => old = now,
                }
            }
        }
        let _g = lock_for(self.base + off);
        let (lo, hi) = (self.word(off), self.word(off + 4));
        let old = lo.load(Relaxed) as u64 | (hi.load(Relaxed) as u64) << 32;
        let new = f(old);
        lo.store(new as u32, Relaxed);
        hi.store((new >> 32) as u32, Relaxed);
        old
    }

    /// The 8 bytes at byte `off` (inside the region), as one access when aligned ([`Region::pair`]).
    #[inline]
    pub fn read_u64(&self, off: u64) -> u64 {
        match self.pair(off) {
            Some(a) => a.load(Relaxed),
            None => self.read_u32(off) as u64 | (self.read_u32(off + 4) as u64) << 32,
        }
    }

    /// Writes the 8 bytes at byte `off` (inside the region), as one access when aligned.
    #[inline]
    pub fn write_u64(&self, off: u64, v: u64) {
        match self.pair(off) {
            Some(a) => {
                self.mark(off, 8);
                a.store(v, Relaxed)
            }
            None => {
                self.write_u32(off, v as u32);
                self.write_u32(off + 4, (v >> 32) as u32);
            }
        }
    }

    /// The `n` (1..=8) bytes at byte `off` (inside the region), little-endian.
    #[inline]
    pub fn read_n(&self, off: u64, n: u8) -> u64 {
        match n {
            4 => return self.read_u32(off) as u64,
            8 => return self.read_u64(off),
            _ => {}
        }
        // Bytes of one word: that word's load.
        if (off & 3) + n as u64 <= 4 {
            let v = self.word(off).load(Relaxed) >> ((off & 3) * 8);
            return (v as u64) & ((1u64 << (8 * n)) - 1);
        }
        let mut v = 0u64;
        for j in 0..n as u64 {
            v |= (self.read_byte(off + j) as u64) << (8 * j);
        }
        v
    }

    /// Writes the low `n` (1..=8) bytes of `v` at byte `off` (inside the region).
    #[inline]
    pub fn write_n(&self, off: u64, n: u8, v: u64) {
        match n {
            4 => return self.write_u32(off, v as u32),
            8 => return self.write_u64(off, v),
            2 if off & 1 == 0 => {
                self.mark(off, 2);
                return self.part::<AtomicU16>(off).store(v as u16, Relaxed);
            }
            _ => {}
        }
        for j in 0..n as u64 {
            self.write_byte(off + j, (v >> (8 * j)) as u8);
        }
    }

    #[inline]
    fn read_byte(&self, off: u64) -> u8 {
        (self.word(off).load(Relaxed) >> ((off & 3) * 8)) as u8
    }

    #[inline]
    fn write_byte(&self, off: u64, b: u8) {
        self.mark(off, 1);
        self.part::<AtomicU8>(off).store(b, Relaxed);
    }

    /// The byte or aligned short at byte `off` as an atomic of its own size: a store of it
    /// leaves the word's other bytes (other threads' stores) alone and is never seen half
    /// done, as a GPU's byte and short stores. (Mixed-size atomics on one word, as
    /// [`Region::pair`]: single-copy atomic on x86-64 and AArch64.)
    #[inline]
    fn part<A: SubWord>(&self, off: u64) -> &A {
        debug_assert!((off as usize).is_multiple_of(std::mem::size_of::<A>()));
        #[cfg(target_endian = "big")]
        compile_error!("the regions' words are little-endian");
        let p = self.word(off).as_ptr() as *mut u8;
        // SAFETY: inside one of the region's words (`off` aligned to the part's size), living
        // as long as `self`, only ever reached through atomics.
        unsafe { A::at(p.add((off & 3) as usize)) }
    }
}

/// The sub-word atomics [`Region::part`] hands out.
trait SubWord {
    /// # Safety
    /// As `from_ptr` of the atomic: `p` aligned, valid for the returned lifetime, and only
    /// reached through atomics meanwhile.
    unsafe fn at<'a>(p: *mut u8) -> &'a Self;
}

impl SubWord for AtomicU8 {
    unsafe fn at<'a>(p: *mut u8) -> &'a Self {
        // SAFETY: the caller's.
        unsafe { AtomicU8::from_ptr(p) }
    }
}

impl SubWord for AtomicU16 {
    unsafe fn at<'a>(p: *mut u8) -> &'a Self {
        // SAFETY: the caller's.
        unsafe { AtomicU16::from_ptr(p as *mut u16) }
    }
}

/// Where machine code finds what it reads of a [`Region`] (the affine tier's spans in line):
/// byte offsets in it of its base, its reach, the address of its first word and a word that
/// is 0 while writes are not tracked, and a region's size in a slice of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RegionFields {
    pub base: i32,
    pub reach: i32,
    pub words: i32,
    pub untracked: i32,
    pub size: i32,
}

impl Region {
    /// The [`RegionFields`] of this build, found on probe regions: the pointers of the boxed
    /// slices are where a slice's address is, but where in its fat pointer is not promised;
    /// `None` if they are not where a probe looks.
    pub(crate) fn fields() -> Option<RegionFields> {
        static FIELDS: std::sync::OnceLock<Option<RegionFields>> = std::sync::OnceLock::new();
        *FIELDS.get_or_init(|| {
            let mut r = Region::new("probe", PAGE, 8, &[]);
            // The address-sized word at byte `off` of `r` (a pointer or a length: both
            // initialised).
            let at = |r: &Region, off: usize| {
                // SAFETY: `off` is the offset of a boxed slice's fat pointer (two words, both
                // initialised) or of its first word, inside `r`.
                unsafe { std::ptr::read((r as *const Region as *const u8).add(off) as *const usize) }
            };
            let (w, d) = (
                std::mem::offset_of!(Region, words),
                std::mem::offset_of!(Region, defined),
            );
            let words = [w, w + 8]
                .into_iter()
                .find(|&o| at(&r, o) == r.words.as_ptr() as usize)?;
            r.defined = Some(vec![AtomicU64::new(0)].into_boxed_slice());
            let p = r.defined.as_ref().map_or(0, |d| d.as_ptr() as usize);
            // (Without bits the pointer's word is the `None` itself: 0.)
            let untracked = [d, d + 8].into_iter().find(|&o| at(&r, o) == p)?;
            r.defined = None;
            (at(&r, untracked) == 0).then_some(RegionFields {
                base: std::mem::offset_of!(Region, base) as i32,
                reach: std::mem::offset_of!(Region, reach) as i32,
                words: words as i32,
                untracked: untracked as i32,
                size: std::mem::size_of::<Region>() as i32,
            })
        })
    }

    /// Tracks which bytes are written from now on: all of them count as written
    /// (`defined`) or none.
    pub fn track(&mut self, defined: bool) {
        // The bytes past `size` in its pages count as never written either way: only a
        // kernel's stores reach them.
        let bits: Vec<AtomicU64> = (0..self.reach.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        self.defined = Some(bits.into_boxed_slice());
        if defined {
            self.bits(0, self.size, true);
        }
    }

    /// Is definedness tracked?
    pub fn tracked(&self) -> bool {
        self.defined.is_some()
    }

    /// Marks `[off, off + n)` (inside the region) as never written (a fresh scratch slot).
    pub fn undefine(&self, off: u64, n: u64) {
        self.bits(off, n, false);
    }

    /// Were all of `[off, off + n)` (inside the region) written before?
    pub fn is_defined(&self, off: u64, n: u64) -> bool {
        let Some(d) = &self.defined else { return true };
        // Within one word of bits (an aligned dword always is): one mask test.
        if (off & 63) + n <= 64 && n < 64 {
            let mask = ((1u64 << n) - 1) << (off & 63);
            return d[(off >> 6) as usize].load(Relaxed) & mask == mask;
        }
        (off..off + n).all(|b| d[(b >> 6) as usize].load(Relaxed) >> (b & 63) & 1 != 0)
    }

    #[inline]
    fn mark(&self, off: u64, n: u64) {
        if self.defined.is_some() {
            self.bits(off, n, true);
        }
    }

    fn bits(&self, off: u64, n: u64, set: bool) {
        let Some(d) = &self.defined else { return };
        let end = (off + n).min(self.reach);
        let mut b = off;
        while b < end {
            let k = (b >> 6) as usize;
            let lo = b & 63;
            let hi = (end - (b & !63)).min(64);
            let mask = if hi - lo == 64 {
                u64::MAX
            } else {
                ((1u64 << (hi - lo)) - 1) << lo
            };
            if set {
                d[k].fetch_or(mask, Relaxed);
            } else {
                d[k].fetch_and(!mask, Relaxed);
            }
            b = (b & !63) + hi;
        }
    }
}

/// An access outside every region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    pub addr: u64,
    pub bytes: u8,
    pub write: bool,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "memory fault: {} of {} bytes at 0x{:x} is outside every buffer",
            if self.write { "write" } else { "read" },
            self.bytes,
            self.addr
        )
    }
}

/// The address space: regions sorted by base, none overlapping. Addresses are handed out
/// upwards and never reused, so a pointer to a removed region keeps faulting (a use after
/// free is an error, not a read of whatever came next).
pub struct Memory {
    regions: Vec<Region>,
    /// Where the next region goes.
    next: u64,
    /// Regions freed by a runtime ([`Memory::free`]), by base: size and name (a fault there
    /// says so: a use after free).
    freed: std::collections::BTreeMap<u64, (u64, String)>,
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::starting_at(FIRST)
    }
}

/// Where the first region goes (low addresses stay unmapped: a null pointer faults).
const FIRST: u64 = 0x1_0000_0000;
/// Space left between regions (an access past a buffer's pages faults).
const GAP: u64 = 0x1_0000;
/// A GPU's page: a kernel reaches a region's memory in whole pages ([`Region::reach`]).
pub const PAGE: u64 = 0x1000;

/// The bytes a kernel reaches of a region of `size` the machine holds: its whole pages.
fn reach_of(size: u64) -> u64 {
    size.max(1).next_multiple_of(PAGE)
}

impl Memory {
    /// An empty address space whose first region goes at `base` (64 KiB aligned): a host
    /// runtime picks a range its own process does not use, so that host and device pointers
    /// can be told apart.
    pub fn starting_at(base: u64) -> Memory {
        Memory {
            regions: Vec::new(),
            next: base.max(GAP).next_multiple_of(GAP),
            freed: Default::default(),
        }
    }

    /// Adds a region of `size` bytes holding `bytes`, at the next free address (64 KiB
    /// aligned, a gap after the previous region); returns its base.
    pub fn add(&mut self, name: &str, size: u64, bytes: &[u8]) -> u64 {
        let (k, base) = self.place(size);
        self.regions.insert(k, Region::new(name, base, size, bytes));
        base
    }

    /// Adds a region of `size` zero bytes at the next free address, as [`Memory::add`],
    /// whose storage is mapped at that same address in the host process: the host reaches
    /// it through the device pointer (device memory a CPU sees, as through a GPU's large
    /// BAR). Freed, its pages go back and the range stays reserved without access. `None`
    /// for size 0 or when the host cannot map the range.
    pub fn add_mapped(&mut self, name: &str, size: u64) -> Option<u64> {
        if size == 0 {
            return None;
        }
        let (_, base) = self.place(size);
        let reach = reach_of(size);
        if !mapping::map(base, reach) {
            return None;
        }
        // SAFETY: `reach` bytes mapped at `base` just now, readable and writable, zero,
        // where `place` found no region; given back by the region's drop (`mapped`).
        let k = unsafe { self.add_borrowed(name, base, size, reach, base as *mut AtomicU32, None) }
            .and_then(|b| self.regions.binary_search_by_key(&b, |r| r.base).ok())
            .expect("the range `place` gave is free");
        self.regions[k].mapped = true;
        Some(base)
    }

    /// Where a new region of `size` bytes goes: its index in `regions` and its base (the
    /// next free address, 64 KiB aligned, a gap after the previous region); moves `next`
    /// past it.
    fn place(&mut self, size: u64) -> (usize, u64) {
        // In order of base: shared regions (`add_shared`) lie anywhere, and the new region
        // must not overlap one (it then goes past it).
        let mut base = self.next;
        let k = loop {
            let k = self.regions.partition_point(|r| r.base < base);
            let end = base + reach_of(size) + GAP;
            let prev = k
                .checked_sub(1)
                .map(|p| &self.regions[p])
                .filter(|r| r.base + r.reach + GAP > base);
            match prev.or(self.regions.get(k).filter(|r| end > r.base)) {
                Some(r) => base = (r.base + r.reach + GAP).next_multiple_of(GAP),
                None => break k,
            }
        };
        self.next = (base + reach_of(size) + GAP).next_multiple_of(GAP);
        (k, base)
    }

    /// Adds a region of `size` zero bytes whose base is the host address of its own storage:
    /// host code and kernels reach the same bytes at the same address (a runtime's pinned and
    /// managed memory). `None` for an empty region or one that would overlap another (the
    /// storage comes from the host heap, far from the addresses `add` hands out).
    pub fn add_shared(&mut self, name: &str, size: u64) -> Option<u64> {
        if size == 0 {
            return None;
        }
        let mut r = Region::new(name, 0, size, &[]);
        let base = r.words.as_ptr() as u64;
        r.base = base;
        let k = self.regions.partition_point(|x| x.base < base);
        let clear_before = k == 0 || {
            let p = &self.regions[k - 1];
            p.base + p.reach <= base
        };
        let clear_after = self.regions.get(k).is_none_or(|n| base + r.reach <= n.base);
        if !clear_before || !clear_after {
            return None;
        }
        self.regions.insert(k, r);
        Some(base)
    }

    /// Adds a region over host memory its caller owns (a runtime's registered host memory,
    /// `hipHostRegister`): kernels reach the host's own bytes at their own address, and
    /// removing the region leaves the storage to its owner. The region covers the whole
    /// 4-byte words holding `[addr, addr + size)` (its base is `addr` rounded down to 4).
    /// `None` for an empty range or one that overlaps a region.
    ///
    /// # Safety
    /// Those words must be host memory, readable and writable, that stays allocated until the
    /// region is removed.
    pub unsafe fn add_host(&mut self, name: &str, addr: u64, size: u64) -> Option<u64> {
        let base = addr & !3;
        let end = addr.checked_add(size)?.checked_next_multiple_of(4)?;
        if size == 0 || base == 0 {
            return None;
        }
        // SAFETY: the caller's contract: the words at `base` are the storage.
        unsafe { self.add_borrowed(name, base, end - base, end - base, base as *mut AtomicU32, None) }
    }

    /// Adds a view of `r`, a region of another device's memory: the same storage at the same
    /// address, so that this device's kernels reach it (peer access). False when it would
    /// overlap a region here.
    ///
    /// # Safety
    /// `r`'s storage must outlive the view: remove it ([`Memory::remove_views`]) before `r`
    /// goes.
    pub unsafe fn add_view(&mut self, name: &str, r: &Region) -> bool {
        let words = r.words.as_ptr() as *mut AtomicU32;
        // SAFETY: passed on from the caller's contract.
        unsafe { self.add_borrowed(name, r.base, r.size, r.reach, words, Some(r.internal)) }.is_some()
    }

    /// Inserts a region over storage it does not own (`reach` bytes of words at `words`);
    /// `view`: another memory's region (whether a runtime's own), else the host's memory.
    ///
    /// # Safety
    /// The words must stay allocated, readable and writable, until the region is removed.
    unsafe fn add_borrowed(
        &mut self,
        name: &str,
        base: u64,
        size: u64,
        reach: u64,
        words: *mut AtomicU32,
        view: Option<bool>,
    ) -> Option<u64> {
        let k = self.regions.partition_point(|x| x.base < base);
        let clear_before = k == 0 || {
            let p = &self.regions[k - 1];
            p.base + p.reach <= base
        };
        if !clear_before || self.regions.get(k).is_some_and(|n| base + reach > n.base) {
            return None;
        }
        // SAFETY: the caller's contract; the `Box` is never dropped as a box (`Drop for
        // Region`).
        let words = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(words, (reach / 4) as usize)) };
        self.regions.insert(
            k,
            Region {
                base,
                size,
                reach,
                name: name.to_string(),
                words,
                host_owned: true,
                mapped: false,
                defined: None,
                internal: view == Some(true),
                view: view.is_some(),
            },
        );
        Some(base)
    }

    /// Is `r` (another memory's region) here as a view ([`Memory::add_view`])?
    pub fn has_view(&self, r: &Region) -> bool {
        self.region_starting_at(r.base).is_some_and(|v| v.view && v.shares(r))
    }

    /// Removes the regions whose base lies in `range` (another device's addresses) that `keep`
    /// refuses: the views of that device's memory that are gone or no longer wanted.
    pub fn remove_views(&mut self, range: std::ops::Range<u64>, keep: impl Fn(&Region) -> bool) {
        self.regions.retain(|r| !(r.view && range.contains(&r.base)) || keep(r));
    }

    /// Tracks which bytes of the region at `base` are written from now on (`defined`: all
    /// count as written already); false when no region starts there.
    pub fn track(&mut self, base: u64, defined: bool) -> bool {
        match self.regions.binary_search_by_key(&base, |r| r.base) {
            Ok(k) => {
                self.regions[k].track(defined);
                true
            }
            Err(_) => false,
        }
    }

    /// Marks the region at `base` as a runtime's own memory ([`Region::internal`]).
    pub fn set_internal(&mut self, base: u64) {
        if let Ok(k) = self.regions.binary_search_by_key(&base, |r| r.base) {
            self.regions[k].internal = true;
        }
    }

    /// Were all bytes of `[addr, addr + n)` written before? (True where not tracked or
    /// outside every region: that is a fault, not an uninitialised read.)
    pub fn is_defined(&self, addr: u64, n: u64) -> bool {
        self.span(addr, n).is_none_or(|(r, off)| r.is_defined(off, n))
    }

    /// Removes every region (addresses handed out stay used: none is given again).
    pub fn clear(&mut self) {
        self.regions.clear();
    }

    /// Frees the region that starts at `base` (a runtime's free): removed, and remembered so
    /// that an access there is named a use after free. Its size, `None` when no region starts
    /// there.
    pub fn free(&mut self, base: u64) -> Option<u64> {
        let k = self.regions.binary_search_by_key(&base, |r| r.base).ok()?;
        if self.regions[k].view {
            // Another device's allocation: only its own device frees it.
            return None;
        }
        let r = self.regions.remove(k);
        self.freed.insert(r.base, (r.size, r.name.clone()));
        Some(r.size)
    }

    /// Frees every region ([`Memory::free`]).
    pub fn free_all(&mut self) {
        for r in std::mem::take(&mut self.regions) {
            self.freed.insert(r.base, (r.size, r.name.clone()));
        }
    }

    /// The freed region that held `addr`: (base, size, name).
    pub fn freed_at(&self, addr: u64) -> Option<(u64, u64, &str)> {
        let (b, (s, n)) = self.freed.range(..=addr).next_back()?;
        (addr - b < (*s).max(1)).then_some((*b, *s, n.as_str()))
    }

    /// Removes the region that starts at `base`; false when no region starts there.
    pub fn remove(&mut self, base: u64) -> bool {
        match self.regions.binary_search_by_key(&base, |r| r.base) {
            Ok(k) => {
                self.regions.remove(k);
                true
            }
            Err(_) => false,
        }
    }

    /// Copies `out.len()` bytes from `addr` (all in one region).
    pub fn read_bytes(&self, addr: u64, out: &mut [u8]) -> Result<(), Fault> {
        let (r, off) = self.span(addr, out.len() as u64).ok_or(Fault {
            addr,
            bytes: out.len().min(255) as u8,
            write: false,
        })?;
        // Byte by byte up to a word boundary, then whole words, then the tail.
        let head = ((4 - (off & 3)) & 3).min(out.len() as u64) as usize;
        for (j, b) in out[..head].iter_mut().enumerate() {
            *b = r.read_byte(off + j as u64);
        }
        let words = (out.len() - head) / 4;
        let first = ((off + head as u64) >> 2) as usize;
        let (mid, tail) = out[head..].split_at_mut(4 * words);
        for (c, w) in mid.chunks_exact_mut(4).zip(&r.words[first..first + words]) {
            c.copy_from_slice(&w.load(Relaxed).to_le_bytes());
        }
        let t0 = off + (head + 4 * words) as u64;
        for (j, b) in tail.iter_mut().enumerate() {
            *b = r.read_byte(t0 + j as u64);
        }
        Ok(())
    }

    /// Copies `data` to `addr` (all in one region).
    pub fn write_bytes(&self, addr: u64, data: &[u8]) -> Result<(), Fault> {
        let (r, off) = self.span(addr, data.len() as u64).ok_or(Fault {
            addr,
            bytes: data.len().min(255) as u8,
            write: true,
        })?;
        let head = ((4 - (off & 3)) & 3).min(data.len() as u64) as usize;
        for (j, &b) in data[..head].iter().enumerate() {
            r.write_byte(off + j as u64, b);
        }
        let words = (data.len() - head) / 4;
        let first = ((off + head as u64) >> 2) as usize;
        let (mid, tail) = data[head..].split_at(4 * words);
        r.mark(off + head as u64, 4 * words as u64);
        for (c, w) in mid.chunks_exact(4).zip(&r.words[first..first + words]) {
            w.store(u32::from_le_bytes([c[0], c[1], c[2], c[3]]), Relaxed);
        }
        let t0 = off + (head + 4 * words) as u64;
        for (j, &b) in tail.iter().enumerate() {
            r.write_byte(t0 + j as u64, b);
        }
        Ok(())
    }

    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// The region holding `addr`, if any.
    #[inline]
    pub fn region_at(&self, addr: u64) -> Option<&Region> {
        let k = self.regions.partition_point(|r| r.base <= addr);
        let r = self.regions.get(k.checked_sub(1)?)?;
        (addr - r.base < r.reach).then_some(r)
    }

    /// Where `addr` is, for a fault's message: the offset past the end of (or before) the
    /// nearest region, named, with its size and base.
    pub fn whereabouts(&self, addr: u64) -> Option<String> {
        let k = self.regions.partition_point(|r| r.base <= addr);
        let say = |r: &Region| format!("{} ({} bytes at 0x{:x})", r.name, r.size, r.base);
        let below = k.checked_sub(1).map(|p| &self.regions[p]);
        if let Some(r) = below.filter(|r| addr - r.base < r.size) {
            return Some(format!("offset {} of {}", addr - r.base, say(r)));
        }
        if let Some((b, size, name)) = self.freed_at(addr) {
            return Some(format!(
                "offset {} of {name} ({size} bytes at 0x{b:x}), which was freed: a use after free",
                addr - b
            ));
        }
        let past = below.map(|r| (addr - r.base - r.size, r));
        let before = self.regions.get(k).map(|r| (r.base - addr, r));
        // Far from every region (a null or garbage pointer) nothing is worth naming.
        const NEAR: u64 = 1 << 20;
        let past = past.filter(|&(p, _)| p < NEAR);
        let before = before.filter(|&(d, _)| d < NEAR);
        match (past, before) {
            (Some((p, r)), b) if b.is_none_or(|(d, _)| p < d) => {
                Some(format!("offset {} of {}, past its end", addr - r.base, say(r)))
            }
            (_, Some((d, r))) => Some(format!("{d} bytes before {}", say(r))),
            _ => None,
        }
    }

    /// The region that starts at `base`.
    pub fn region_starting_at(&self, base: u64) -> Option<&Region> {
        let k = self.regions.binary_search_by_key(&base, |r| r.base).ok()?;
        self.regions.get(k)
    }

    /// The region holding `addr` or ending at it (a pointer one past a buffer is still the
    /// buffer's).
    pub fn region_holding(&self, addr: u64) -> Option<&Region> {
        let k = self.regions.partition_point(|r| r.base <= addr);
        let r = self.regions.get(k.checked_sub(1)?)?;
        (addr - r.base <= r.size).then_some(r)
    }

    /// The region holding `[addr, addr + n)`, and the offset in it.
    #[inline]
    pub fn span(&self, addr: u64, n: u64) -> Option<(&Region, u64)> {
        let k = self.regions.partition_point(|r| r.base <= addr);
        let r = self.regions.get(k.checked_sub(1)?)?;
        let off = addr - r.base;
        (off.checked_add(n)? <= r.reach).then_some((r, off))
    }

    /// [`Memory::span`], trying region number `*hint` first and leaving there the number of
    /// the region found: an instruction that ran before mostly reaches the same buffer again,
    /// and the search is skipped (a hint that no longer fits only costs the search).
    #[inline]
    pub fn span_hinted(&self, addr: u64, n: u64, hint: &mut u32) -> Option<(&Region, u64)> {
        if let Some(r) = self.regions.get(*hint as usize) {
            let off = addr.wrapping_sub(r.base);
            if addr >= r.base && off.checked_add(n).is_some_and(|e| e <= r.reach) {
                return Some((r, off));
            }
        }
        let k = self.regions.partition_point(|r| r.base <= addr).checked_sub(1)?;
        let r = &self.regions[k];
        let off = addr - r.base;
        (off.checked_add(n)? <= r.reach).then(|| {
            *hint = k as u32;
            (r, off)
        })
    }

    fn region(&self, addr: u64, n: u8, write: bool) -> Result<(&Region, u64), Fault> {
        self.span(addr, n as u64).ok_or(Fault { addr, bytes: n, write })
    }

    /// Reads `n` (1..=8) bytes, little-endian.
    #[inline]
    pub fn read(&self, addr: u64, n: u8) -> Result<u64, Fault> {
        let (r, off) = self.region(addr, n, false)?;
        Ok(r.read_n(off, n))
    }

    /// Writes the low `n` (1..=8) bytes of `v`, little-endian.
    #[inline]
    pub fn write(&self, addr: u64, n: u8, v: u64) -> Result<(), Fault> {
        let (r, off) = self.region(addr, n, true)?;
        r.write_n(off, n, v);
        Ok(())
    }

    /// An atomic read-modify-write of a 4-byte (aligned) value: `f(old)` is the new value;
    /// returns the old one (8-byte ones: [`Memory::atomic64`]).
    pub fn atomic32(&self, addr: u64, f: impl Fn(u32) -> u32) -> Result<u32, Fault> {
        let (r, off) = self.region(addr, 4, true)?;
        if off & 3 != 0 {
            return Err(Fault {
                addr,
                bytes: 4,
                write: true,
            });
        }
        Ok(r.atomic32(off, f))
    }

    /// A 64-bit atomic read-modify-write (8-byte aligned): [`Region::atomic64`].
    pub fn atomic64(&self, addr: u64, f: impl Fn(u64) -> u64) -> Result<u64, Fault> {
        let (r, off) = self.region(addr, 8, true)?;
        if off & 7 != 0 {
            return Err(Fault {
                addr,
                bytes: 8,
                write: true,
            });
        }
        Ok(r.atomic64(off, f))
    }
}

/// Striped locks for 64-bit atomics.
fn lock_for(addr: u64) -> std::sync::MutexGuard<'static, ()> {
    use std::sync::{Mutex, OnceLock};
    static LOCKS: OnceLock<Vec<Mutex<()>>> = OnceLock::new();
    let locks = LOCKS.get_or_init(|| (0..64).map(|_| Mutex::new(())).collect());
    let k = ((addr >> 3) as usize) & 63;
    locks[k].lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An aligned 8-byte store is seen whole by a reader on another thread, never a new half
    /// with an old one (what a GPU's dwordx2 guarantees and decoupled look-back relies on);
    /// 8-byte atomics on it stay atomic.
    #[test]
    fn aligned_pairs_are_never_torn() {
        let mut m = Memory::default();
        let a = m.add("pairs", 64, &[]);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let torn = std::thread::scope(|s| {
            let m = &m;
            let reader = s.spawn(|| {
                let mut torn = 0;
                while !stop.load(Relaxed) {
                    let v = m.read(a + 8, 8).unwrap();
                    torn += (v as u32 != (v >> 32) as u32) as u32;
                }
                torn
            });
            for i in 0..2_000_000u64 {
                m.write(a + 8, 8, i | i << 32).unwrap();
                m.atomic64(a + 16, |o| o + 1).unwrap();
            }
            stop.store(true, Relaxed);
            reader.join().unwrap()
        });
        assert_eq!(torn, 0, "reads that saw half of a store");
        assert_eq!(m.read(a + 16, 8), Ok(2_000_000));
        // Unaligned ones are moved in pieces, still right on one thread.
        m.write(a + 4, 8, 0x1122_3344_5566_7788).unwrap();
        assert_eq!(m.read(a + 4, 8), Ok(0x1122_3344_5566_7788));
    }

    /// Runs of dwords read and written at any offset and length equal word-by-word moves
    /// (the vector rounds and the rest), and leave the words around them alone; a pair
    /// written by another thread is never seen torn through them.
    #[test]
    fn word_runs_equal_word_by_word_moves() {
        let mut m = Memory::default();
        let a = m.add("runs", 4096, &[]);
        let r = m.region_holding(a).unwrap();
        for start in [0u64, 4, 8, 12, 60] {
            for n in [0usize, 1, 3, 15, 16, 17, 31, 32, 63, 64, 65, 130] {
                let data: Vec<u32> = (0..n as u32)
                    .map(|k| k.wrapping_mul(0x9e37_79b9) ^ start as u32)
                    .collect();
                for k in 0..200 {
                    r.write_u32(4 * k, 0xaaaa_0000 | k as u32);
                }
                r.write_words(start, &data);
                for k in 0..200u64 {
                    let want = match (k * 4).checked_sub(start).map(|o| o as usize / 4) {
                        Some(i) if i < n => data[i],
                        _ => 0xaaaa_0000 | k as u32,
                    };
                    assert_eq!(r.read_u32(4 * k), want, "start {start}, n {n}, word {k}");
                }
                let mut back = vec![0; n];
                r.read_words(start, &mut back);
                assert_eq!(back, data, "start {start}, n {n}");
            }
        }
        let stop = std::sync::atomic::AtomicBool::new(false);
        let torn = std::thread::scope(|s| {
            let reader = s.spawn(|| {
                let mut torn = 0;
                let mut out = [0u32; 64];
                while !stop.load(Relaxed) {
                    r.read_words(0, &mut out);
                    torn += out.chunks(2).filter(|p| p[0] != p[1]).count();
                }
                torn
            });
            for i in 0..300_000u32 {
                r.write_words(0, &[i; 64]);
            }
            stop.store(true, Relaxed);
            reader.join().unwrap()
        });
        assert_eq!(torn, 0, "pairs seen half written");
    }

    /// A mapped region's bytes are the host's at the region's own address, both ways; freed,
    /// its range stays taken (mapping it again fails) and is never handed out again.
    #[cfg(target_os = "linux")]
    #[test]
    fn mapped_regions_are_host_memory_at_their_address() {
        let mut m = Memory::starting_at(0x2800_0000_0000);
        let a = m.add_mapped("mapped", 10_000).expect("mapped");
        assert_eq!(a % PAGE, 0);
        // SAFETY: the region's pages, mapped readable and writable at `a`.
        unsafe { *((a + 400) as *mut u32) = 0xdead_beef };
        assert_eq!(m.read(a + 400, 4), Ok(0xdead_beef));
        m.region_holding(a).unwrap().write_u32(8, 77);
        // SAFETY: as above.
        assert_eq!(unsafe { *((a + 8) as *const u32) }, 77);
        assert_eq!(m.free(a), Some(10_000));
        assert!(!mapping::map(a, PAGE), "a freed range is kept");
        let b = m.add_mapped("again", 100).unwrap();
        assert!(b > a + 10_000);
        assert_eq!(m.add_mapped("empty", 0), None);
    }

    /// A region hint, right, stale, out of range or pointing at a freed region's successor,
    /// never changes what [`Memory::span`] finds; a hit leaves the region's number.
    #[test]
    fn span_hints_find_what_span_finds() {
        let mut m = Memory::default();
        let bases: Vec<u64> = (0..5).map(|k| m.add("r", 64 + 32 * k, &[])).collect();
        m.free(bases[2]);
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let addr = bases[(x % 5) as usize].wrapping_add((x >> 8) % 300).wrapping_sub(16);
            let n = [1, 4, 8, 64, 256][(x >> 20) as usize % 5];
            let mut hint = (x >> 32) as u32 % 6;
            let want = m.span(addr, n).map(|(r, o)| (r.base, o));
            let got = m.span_hinted(addr, n, &mut hint).map(|(r, o)| (r.base, o));
            assert_eq!(got, want, "{addr:#x} {n}");
            if let Some((b, _)) = got {
                assert_eq!(m.regions[hint as usize].base, b);
            }
        }
    }

    /// A freed region's addresses stay named: a fault there is a use after free.
    #[test]
    fn freed_regions_are_named_in_faults() {
        let mut m = Memory::default();
        let a = m.add("allocation", 64, &[]);
        let b = m.add("other", 64, &[]);
        assert_eq!(m.free(a), Some(64));
        assert_eq!(m.free(a), None);
        assert!(m.read(a + 8, 4).is_err());
        let w = m.whereabouts(a + 8).unwrap();
        assert!(
            w.contains("offset 8 of allocation (64 bytes at") && w.contains("use after free"),
            "{w}"
        );
        assert_eq!(m.freed_at(a + 63).map(|x| x.0), Some(a));
        assert_eq!(m.freed_at(a + 64), None);
        assert!(!m.whereabouts(b).unwrap().contains("freed"));
        m.free_all();
        assert!(m.whereabouts(b + 1).unwrap().contains("use after free"));
    }

    /// Which bytes were written (`--check`): every write path marks its bytes, `undefine`
    /// clears a range, and `is_defined` answers for any range (across words of bits too),
    /// against a byte-per-byte model.
    #[test]
    fn written_bytes_are_tracked() {
        let mut m = Memory::default();
        let a = m.add("a", 300, &[]);
        m.track(a, false);
        let mut model = [false; 300];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for step in 0..4000 {
            let off = next() % 300;
            let n = (next() % 9).min(300 - off);
            match step % 5 {
                0 => {
                    m.write_bytes(a + off, &vec![1; n as usize]).unwrap();
                    model[off as usize..(off + n) as usize].fill(true);
                }
                1 if off + 4 <= 300 && off % 4 == 0 => {
                    m.write(a + off, 4, 7).unwrap();
                    model[off as usize..off as usize + 4].fill(true);
                }
                2 if off + 8 <= 300 && off % 8 == 0 => {
                    m.atomic64(a + off, |v| v + 1).unwrap();
                    model[off as usize..off as usize + 8].fill(true);
                }
                3 => {
                    m.regions()[0].undefine(off, n);
                    model[off as usize..(off + n) as usize].fill(false);
                }
                _ => {}
            }
            let (q, k) = (next() % 300, next() % 80);
            let k = k.min(300 - q);
            let want = model[q as usize..(q + k) as usize].iter().all(|&b| b);
            assert_eq!(m.is_defined(a + q, k), want, "step {step}: [{q}, {})", q + k);
        }
        // Untracked regions count as written.
        let b = m.add("b", 8, &[]);
        assert!(m.is_defined(b, 8));
    }

    /// A view of another memory's region (peer access): the same bytes at the same address,
    /// not an allocation of this memory (no free), gone once `remove_views` refuses it.
    #[test]
    fn views_share_their_regions_storage() {
        let mut peer = Memory::starting_at(0x30_0000_0000);
        let p = peer.add("p", 16, &[1, 2, 3, 4]);
        let mut me = Memory::default();
        let mine = me.add("mine", 8, &[]);
        let r = peer.region_starting_at(p).unwrap();
        // SAFETY: the view is removed below before `peer` goes.
        assert!(unsafe { me.add_view("p of the peer", r) });
        assert!(me.has_view(r) && !peer.region_starting_at(p).unwrap().view);
        assert_eq!(me.read(p, 4), Ok(0x04030201));
        me.write(p + 8, 4, 77).unwrap();
        assert_eq!(peer.read(p + 8, 4), Ok(77));
        assert_eq!(me.free(p), None, "a view is not this memory's to free");
        let range = 0x30_0000_0000..0x40_0000_0000;
        me.remove_views(range.clone(), |_| true);
        assert!(me.read(p, 4).is_ok());
        me.remove_views(range, |_| false);
        assert!(me.read(p, 4).is_err());
        assert!(me.region_starting_at(mine).is_some(), "its own regions stay");
    }

    #[test]
    fn regions_fault_outside() {
        let mut m = Memory::default();
        let a = m.add("a", 10, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        let b = m.add("b", 4, &[]);
        assert!(b > a + 10);
        assert_eq!(m.read(a, 4), Ok(0x04030201));
        assert_eq!(m.read(a + 1, 4), Ok(0x05040302));
        assert_eq!(m.read(a + 8, 2), Ok(0x0a09));
        // Past the end inside the region's page: zeros, as a GPU reads its page (no fault);
        // past the page: a fault.
        assert_eq!(m.read(a + 8, 4), Ok(0x0a09));
        assert_eq!(m.read(a + PAGE - 4, 4), Ok(0));
        assert!(m.read(a + PAGE - 2, 4).is_err());
        assert!(m.read(a + PAGE, 1).is_err());
        let r = m.region_at(a + 12).unwrap();
        assert!(r.holds(12, 4) && !r.within(12, 4) && r.within(6, 4) && !r.holds(PAGE, 1));
        // A fault's whereabouts: inside, past the end of the nearer region, before one.
        assert_eq!(
            m.whereabouts(a + 3).unwrap(),
            format!("offset 3 of a (10 bytes at 0x{a:x})")
        );
        assert_eq!(
            m.whereabouts(a + 12).unwrap(),
            format!("offset 12 of a (10 bytes at 0x{a:x}), past its end")
        );
        assert_eq!(
            m.whereabouts(b - 4).unwrap(),
            format!("4 bytes before b (4 bytes at 0x{b:x})")
        );
        assert_eq!(Memory::default().whereabouts(0x1000), None);
        assert!(m.read(a - 1, 1).is_err());
        assert!(m.read(0, 4).is_err());
        m.write(a + 3, 2, 0xbbaa).unwrap();
        assert_eq!(m.read(a, 8), Ok(0x0807_06bb_aa03_0201));
        assert_eq!(m.atomic32(b, |x| x + 5), Ok(0));
        assert_eq!(m.read(b, 4), Ok(5));
        assert!(m.write(b + PAGE - 2, 4, 0).is_err());
        // Bulk copies, unaligned ends included; removed regions fault and are not reused.
        m.write_bytes(a + 1, &[9, 8, 7, 6, 5, 4]).unwrap();
        let mut out = [0u8; 9];
        m.read_bytes(a + 1, &mut out).unwrap();
        assert_eq!(out, [9, 8, 7, 6, 5, 4, 8, 9, 10]);
        assert!(m.read_bytes(a + PAGE - 8, &mut out).is_err());
        assert!(m.remove(a));
        assert!(!m.remove(a));
        assert!(m.read(a, 1).is_err());
        let c = m.add("c", 4, &[]);
        assert!(c > b);
        // A shared region: its address is its storage's; writes through either side meet.
        let h = m.add_shared("h", 8).unwrap();
        m.write(h, 4, 0x11223344).unwrap();
        // SAFETY: the region's storage, 8 bytes at h.
        let host = unsafe { std::slice::from_raw_parts_mut(h as *mut u8, 8) };
        assert_eq!(host[..4], [0x44, 0x33, 0x22, 0x11]);
        host[5] = 9;
        assert_eq!(m.read(h + 5, 1), Ok(9));
        // Regions added after a shared one keep the order lookups need.
        let e = m.add("e", 4, &[5]);
        assert_eq!(m.read(e, 1), Ok(5));
        assert_eq!(m.read(h + 5, 1), Ok(9));
        assert!(m.remove(h));
        assert!(m.add_shared("z", 0).is_none());
        // Host memory the caller owns: the region is its storage, and removing it leaves it.
        let mut host = vec![7u32, 8, 9];
        let p = host.as_mut_ptr() as u64;
        // SAFETY: `host` outlives the region (removed below).
        let b = unsafe { m.add_host("reg", p + 2, 8) }.unwrap();
        assert_eq!(b, p);
        assert_eq!(m.read(p + 4, 4).unwrap(), 8);
        m.write(p + 8, 4, 99).unwrap();
        // SAFETY: as above.
        assert!(unsafe { m.add_host("again", p + 4, 4) }.is_none());
        assert!(m.remove(b));
        assert_eq!(host, [7, 8, 99]);
    }
}
