//! The kernel machine's fast path for the common memory instructions: scalar loads with an
//! immediate offset, GLOBAL/FLAT loads and stores of whole dwords, bytes and shorts, and their
//! atomics ([`FastAtomic`]), that stay inside one buffer.
//! Their fields are read once, when the program is decoded ([`FastMem::plan`]); running one is
//! the address arithmetic and the copy. A wave's 64 consecutive dwords (the coalesced access
//! compiled code makes) move as one span after one region lookup. Anything else — a fault, an
//! aperture address, an SGPR offset, TFE — returns `false` before it changes anything,
//! and the general executor (`vmem.rs`) runs the instruction, reporting what it must.

use super::memory::{Memory, Region};
use super::monitor::{Access, AccessKind, Space};
use super::ops::atomic::{atomic32, atomic64};
use super::scalar::{PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};
use super::vmem::{set_value, value};
use super::wave::Wave;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{AtomicOp, Flags, InstrDef, MemSem, Sem};
use crate::layout::SADDR_OFF;

/// A planned memory instruction.
#[derive(Clone, Copy, Debug)]
pub enum FastMem {
    Global(FastGlobal),
    Scalar(FastSmem),
    Lds(FastLds),
    Scratch(FastScratch),
    Exchange(FastExchange),
    Atomic(FastAtomic),
    LdsAtomic(FastLdsAtomic),
}

impl FastMem {
    /// The plan of `i`, if it is one the fast path runs exactly as the general executor.
    pub fn plan(i: &Instr, d: &'static InstrDef) -> Option<FastMem> {
        let Some(Sem::Mem(m)) = d.sem else { return None };
        match i.enc {
            Enc::Flat => match m {
                MemSem::Atomic { op, .. } => FastAtomic::plan(i, d, op).map(FastMem::Atomic),
                _ => FastGlobal::plan(i, d, m).map(FastMem::Global),
            },
            Enc::Smem | Enc::Smrd => FastSmem::plan(i, d, m).map(FastMem::Scalar),
            Enc::Ds => match m {
                MemSem::Swizzle | MemSem::Permute { .. } => FastExchange::plan(i, m).map(FastMem::Exchange),
                MemSem::Atomic { op, rtn } => FastLdsAtomic::plan(i, d, op, rtn).map(FastMem::LdsAtomic),
                _ => FastLds::plan(i, d, m).map(FastMem::Lds),
            },
            Enc::Mubuf => FastScratch::plan(i, d, m).map(FastMem::Scratch),
            _ => None,
        }
    }

    /// Runs the instruction; `false`: nothing was done, the general executor must run it.
    /// `hint`: the instruction's own [`Memory::span_hinted`] hint, kept by the caller.
    /// `lds`: the work-group's LDS.
    #[inline]
    pub fn run(&self, w: &mut Wave, mem: &Memory, lds: &mut [u8], private: Private, hint: &mut u32) -> bool {
        self.run_logged(w, mem, lds, private, None, hint)
    }

    /// [`FastMem::run`], telling `log` of each lane's access as the general executor does
    /// (`--check`; LDS accesses then go the general way, which also keeps which LDS bytes
    /// were written).
    #[inline]
    pub fn run_logged(
        &self,
        w: &mut Wave,
        mem: &Memory,
        lds: &mut [u8],
        private: Private,
        log: Option<&Log>,
        hint: &mut u32,
    ) -> bool {
        match self {
            FastMem::Global(g) => g.run(w, mem, private, log, hint),
            FastMem::Scalar(s) => s.run(w, mem, log, hint),
            FastMem::Lds(d) => log.is_none() && d.run(w, lds),
            FastMem::Scratch(s) => log.is_none() && s.run(w, mem, hint),
            FastMem::Exchange(x) => log.is_none() && x.run(w),
            FastMem::Atomic(a) => log.is_none() && a.run(w, mem),
            FastMem::LdsAtomic(a) => log.is_none() && a.run(w, lds),
        }
    }
}

/// DS_SWIZZLE_B32 and DS_PERMUTE_B32/DS_BPERMUTE_B32 (HIP's `__shfl*`): lanes exchanging a
/// VGPR's dwords, no LDS byte touched. The general executor's own exchanges, without its
/// dispatch.
#[derive(Clone, Copy, Debug)]
pub struct FastExchange {
    /// `None`: a swizzle; else a permute (`true`: backward, DS_BPERMUTE_B32).
    permute: Option<bool>,
    offset: u32,
    vaddr: u8,
    data0: u8,
    vdst: u8,
}

impl FastExchange {
    fn plan(i: &Instr, m: MemSem) -> Option<FastExchange> {
        if i.get(F::Gds) != 0 {
            return None;
        }
        Some(FastExchange {
            permute: match m {
                MemSem::Permute { back } => Some(back),
                _ => None,
            },
            offset: i.get(F::Offset1) << 8 | i.get(F::Offset0),
            vaddr: i.get(F::Vaddr) as u8,
            data0: i.get(F::Vdata) as u8,
            vdst: i.get(F::Vdst) as u8,
        })
    }

    #[inline]
    fn run(&self, w: &mut Wave) -> bool {
        let (vaddr, data0, vdst) = (self.vaddr as usize, self.data0 as usize, self.vdst as usize);
        match self.permute {
            None => super::vmem::swizzle(w, self.offset, vaddr, vdst),
            Some(back) => super::vmem::permute(w, back, self.offset, vaddr, data0, vdst),
        }
        true
    }
}

/// Where a watched run's accesses go.
pub type Log = std::cell::RefCell<Vec<Access>>;

/// The wave's private segment: its scratch (the 64 lanes' dwords side by side) and the bytes
/// each lane has, where FLAT addresses in the private aperture go.
#[derive(Clone, Copy, Debug, Default)]
pub struct Private {
    pub scratch: u64,
    pub size: u64,
}

/// Logs lane `lane`'s access of `n` bytes at offset `o` of `r` (before it is made), a
/// dword at a time (or the byte or short) as the general executor logs it.
#[inline]
fn note(log: &mut Vec<Access>, r: &Region, o: u64, n: u64, lane: usize, load: bool, coherent: bool) {
    let mut k = 0;
    while k < n {
        let bytes = (n - k).min(4);
        log.push(Access {
            lane: lane as u8,
            space: Space::Global,
            addr: r.base + o + k,
            bytes: bytes as u8,
            kind: if load { AccessKind::Read } else { AccessKind::Write },
            defined: !load || r.is_defined(o + k, bytes),
            coherent,
        });
        k += 4;
    }
}

/// Logs a coalesced access of one dword per lane (lane `l` at `o + 4 * l`): one tight
/// loop, since `--check`'s runs spend more on logging than on the access.
fn note_dwords(log: &mut Vec<Access>, r: &Region, o: u64, load: bool, coherent: bool) {
    let kind = if load { AccessKind::Read } else { AccessKind::Write };
    log.extend((0..64u64).map(|l| Access {
        lane: l as u8,
        space: Space::Global,
        addr: r.base + o + 4 * l,
        bytes: 4,
        kind,
        defined: !load || r.is_defined(o + 4 * l, 4),
        coherent,
    }));
}

/// A GLOBAL (or FLAT) load or store of 1-4 whole dwords per lane, or of a byte or short
/// (zero- or sign-extended into the dword, the low bits stored).
#[derive(Clone, Copy, Debug)]
pub struct FastGlobal {
    /// Bytes of a sub-dword element (1 or 2; 4: whole dwords), and a load's sign extension.
    elem: u8,
    sext: bool,
    vaddr: u8,
    /// VADDR is a 64-bit address (two VGPRs), else a 32-bit offset from SADDR.
    wide: bool,
    /// SADDR's SGPR pair (GLOBAL with a scalar base).
    saddr: Option<u8>,
    /// The instruction's offset, sign-extended where the encoding says so.
    off: u64,
    dwords: u8,
    load: bool,
    /// VDST of a load, VDATA of a store.
    data: u8,
    /// FLAT (not GLOBAL): an address in the LDS or private aperture goes the general way.
    flat: bool,
    /// GLC (for `--check`'s log).
    glc: bool,
}

impl FastGlobal {
    fn plan(i: &Instr, d: &InstrDef, m: MemSem) -> Option<FastGlobal> {
        let (load, elem, sext) = match m {
            MemSem::Load { bytes, sext } if matches!(bytes, 1 | 2 | 4) => (true, bytes, sext),
            MemSem::Store { bytes } if matches!(bytes, 1 | 2 | 4) => (false, bytes, false),
            _ => return None,
        };
        Self::addressed(i, d, load, elem, sext)
    }

    /// The plan of a load (`load`) or of an access of the data operand's VGPRs (a store, an
    /// atomic's data) of `elem`-byte elements.
    fn addressed(i: &Instr, d: &InstrDef, load: bool, elem: u8, sext: bool) -> Option<FastGlobal> {
        if i.get(F::Tfe) != 0 {
            return None;
        }
        let seg = i.get(F::Seg);
        let gcn14 = i.arch.is_gcn14();
        if gcn14 && seg != 0 && seg != 2 {
            return None;
        }
        let saddr = i.get(F::Saddr) as u16;
        let has_saddr = gcn14 && seg == 2 && saddr != SADDR_OFF;
        if has_saddr && saddr as usize + 2 > 102 {
            return None;
        }
        let off = super::vmem::flat_offset(i) as u64;
        let dwords = if load { d.dst.regs() } else { d.src[0].regs() } as usize;
        let wide = crate::layout::flat_addr_regs(i) == 2;
        let vaddr = i.get(F::Vaddr) as usize;
        let data = i.get(if load { F::Vdst } else { F::Vdata }) as usize;
        if !(1..=4).contains(&dwords) || data + dwords > 256 || vaddr + 1 + wide as usize > 256 {
            return None;
        }
        if elem < 4 && dwords != 1 {
            return None;
        }
        Some(FastGlobal {
            elem,
            sext,
            vaddr: vaddr as u8,
            wide,
            saddr: has_saddr.then_some(saddr as u8),
            off,
            dwords: dwords as u8,
            load,
            data: data as u8,
            flat: !gcn14 || seg == 0,
            glc: i.get(F::Glc) != 0,
        })
    }

    #[inline]
    fn run(&self, w: &mut Wave, mem: &Memory, private: Private, log: Option<&Log>, hint: &mut u32) -> bool {
        let exec = w.exec();
        if exec == 0 {
            return true;
        }
        // A FLAT address whose first active lane is in the private aperture: the scratch.
        let first = exec.trailing_zeros() as usize;
        if self.flat && self.wide && w.v[self.vaddr as usize + 1][first] == PRIVATE_APERTURE_HI {
            return log.is_none() && self.elem == 4 && self.run_private(w, mem, exec, private, hint);
        }
        let Some(base) = self.base(w) else { return false };
        let vaddr = self.vaddr as usize;
        let stride = self.stride();
        let lo: &[u32; 64] = &w.v[vaddr];
        let hi: Option<&[u32; 64]> = self.wide.then(|| &*w.v[vaddr + 1]);
        let lane_addr = |l: usize| base.wrapping_add(lo[l] as u64 | hi.map_or(0, |h| (h[l] as u64) << 32));
        // The coalesced case: every lane on, lane k at the first lane's address + k * stride.
        if exec == u64::MAX && super::lanes::consecutive(lo, hi, stride) {
            return self.span(w, mem, lane_addr(0), log, hint);
        }
        self.run_lanes(w, mem, exec, base, log)
    }

    /// [`FastGlobal::run`] lane by lane (out of line: the coalesced case above keeps a small
    /// stack frame): every active lane's offset in the first active lane's region first, so
    /// that nothing changes unless all are inside.
    #[inline(never)]
    fn run_lanes(&self, w: &mut Wave, mem: &Memory, exec: u64, base: u64, log: Option<&Log>) -> bool {
        let dwords = self.dwords as usize;
        let n = self.stride() as u64;
        let Some((r, offs)) = self.offsets(w, mem, exec, base, n, 0) else {
            return false;
        };
        let data = self.data as usize;
        if let Some(log) = log {
            let mut log = log.borrow_mut();
            for l in ones(exec) {
                note(&mut log, r, offs[l], n, l, self.load, self.glc);
            }
        }
        if self.elem == 4 && dwords == 1 {
            // A dword a lane (the usual gather and scatter): a tight loop, so that many lanes'
            // cache misses are in flight at once.
            let row = &mut w.v[data];
            if self.load {
                ones(exec).for_each(|l| row[l] = r.read_u32(offs[l]));
            } else {
                ones(exec).for_each(|l| r.write_u32(offs[l], row[l]));
            }
        } else {
            for l in ones(exec) {
                if self.elem < 4 {
                    self.move_small(w, r, offs[l], l);
                } else {
                    self.move_dwords(w, r, offs[l], l);
                }
            }
        }
        if self.load {
            w.v_written[data..data + dwords].iter_mut().for_each(|x| *x = true);
        }
        true
    }

    /// FLAT in the private aperture (clang's `-O0` code reaching its locals through their
    /// addresses): lane `l`'s dword at private offset `p` is at the wave's scratch + `p / 4 *
    /// 256 + 4 l`, as [`super::vmem`] places it; every active lane inside the segment,
    /// dword-aligned, else nothing is done.
    #[inline(never)]
    fn run_private(&self, w: &mut Wave, mem: &Memory, exec: u64, private: Private, hint: &mut u32) -> bool {
        let (vaddr, data, dwords) = (self.vaddr as usize, self.data as usize, self.dwords as usize);
        let n = 4 * dwords as u64;
        let mut offs = [0u64; 64];
        let mut seen = None;
        let mut same = true;
        for (l, o) in offs.iter_mut().enumerate().filter(|(l, _)| exec >> l & 1 != 0) {
            let a = (w.v[vaddr][l] as u64 | (w.v[vaddr + 1][l] as u64) << 32).wrapping_add(self.off);
            let p = a & 0xffff_ffff;
            if (a >> 32) as u32 != PRIVATE_APERTURE_HI || p & 3 != 0 || p + n > private.size {
                return false;
            }
            *o = p;
            same &= *seen.get_or_insert(p) == p;
        }
        let Some((r, base)) = mem.span_hinted(private.scratch, 64 * private.size, hint) else {
            return false;
        };
        for k in 0..dwords {
            if same && exec == u64::MAX {
                move_row(w, r, base + (offs[0] / 4 + k as u64) * 256, self.load, data + k);
                continue;
            }
            for l in (0..64).filter(|l| exec >> l & 1 != 0) {
                let at = base + (offs[l] / 4 + k as u64) * 256 + 4 * l as u64;
                move_dword(w, r, at, self.load, data + k, l);
            }
        }
        loaded(w, self.load, data, dwords);
        true
    }

    /// The coalesced access (every lane on, lane k at `a + k * stride`) at `a`: `false`
    /// where the general path must run it (outside memory, an aperture).
    #[inline]
    pub(super) fn span(&self, w: &mut Wave, mem: &Memory, a: u64, log: Option<&Log>, hint: &mut u32) -> bool {
        let stride = self.stride();
        let n = 64 * stride as u64;
        let Some((r, o)) = mem.span_hinted(a, n, hint) else {
            return false;
        };
        if self.flat && (aperture(a) || aperture(a + n - 1)) {
            return false;
        }
        if let Some(log) = log {
            let mut log = log.borrow_mut();
            if stride == 4 {
                note_dwords(&mut log, r, o, self.load, self.glc);
            }
            for l in (0..64).filter(|_| stride != 4) {
                note(
                    &mut log,
                    r,
                    o + l * stride as u64,
                    stride as u64,
                    l as usize,
                    self.load,
                    self.glc,
                );
            }
        }
        self.move_span(w, r, o);
        // The next waves' spans, most likely (consecutive work-groups): in the cache
        // before they ask.
        r.prefetch(o + PREFETCH_AHEAD * n, n);
        true
    }

    /// For the affine tier ([`super::affine`]): VADDR (a pair when `wide`), the stride of
    /// the lanes' addresses in a coalesced access, a load (or a store) and its data VGPRs.
    pub(super) fn span_operands(&self) -> (u8, bool, u32, bool, u8, u8) {
        (self.vaddr, self.wide, self.stride(), self.load, self.data, self.dwords)
    }

    /// For the affine tier's spans in line: SADDR's pair (if any), the instruction's offset,
    /// and whether it is FLAT (an address in an aperture goes the general way).
    pub(super) fn span_base(&self) -> (Option<u8>, u64, bool) {
        (self.saddr, self.off, self.flat)
    }

    /// Where a coalesced access whose first lane's VADDR is `lo` (and `hi`) begins, as
    /// [`FastGlobal::run`] finds it; None where `run` would not take that path (a FLAT
    /// address in the private aperture, a null scalar base).
    #[inline]
    pub(super) fn span_start(&self, w: &Wave, lo: u32, hi: u32) -> Option<u64> {
        if self.flat && self.wide && hi == PRIVATE_APERTURE_HI {
            return None;
        }
        let v = lo as u64 | if self.wide { (hi as u64) << 32 } else { 0 };
        Some(self.base(w)?.wrapping_add(v))
    }

    /// The address every lane's VADDR is added to: SADDR's pair (`None` for a null SADDR,
    /// which the general executor reports) and the instruction's offset.
    #[inline]
    fn base(&self, w: &Wave) -> Option<u64> {
        let b = match self.saddr {
            Some(c) => Some(w.pair(c as usize)).filter(|&b| b != 0)?,
            None => 0,
        };
        Some(b.wrapping_add(self.off))
    }

    /// Each lane's offset in the first active lane's region, if every active lane's `n`
    /// bytes are inside it, at an offset with none of `align`'s bits (and, for FLAT, outside
    /// the LDS and private apertures). One pass without branches: scattered accesses check
    /// all 64 lanes.
    #[inline]
    fn offsets<'m>(
        &self,
        w: &Wave,
        mem: &'m Memory,
        exec: u64,
        base: u64,
        n: u64,
        align: u64,
    ) -> Option<(&'m Region, [u64; 64])> {
        let vaddr = self.vaddr as usize;
        let lo: &[u32; 64] = &w.v[vaddr];
        let hi: &[u32; 64] = if self.wide { &w.v[vaddr + 1] } else { &[0; 64] };
        let lane_addr = |l: usize| base.wrapping_add(lo[l] as u64 | (hi[l] as u64) << 32);
        let r = mem.region_at(lane_addr(exec.trailing_zeros() as usize))?;
        // (`o + n <= reach` without overflow.)
        let last = r.reach.checked_sub(n)?;
        let offs: [u64; 64] = std::array::from_fn(|l| lane_addr(l).wrapping_sub(r.base));
        let mut bad = 0u64;
        for (l, &o) in offs.iter().enumerate() {
            bad |= ((o > last) as u64 | (o & align != 0) as u64) << l;
        }
        if self.flat {
            for (l, &o) in offs.iter().enumerate() {
                bad |= (aperture(o.wrapping_add(r.base)) as u64) << l;
            }
        }
        (bad & exec == 0).then_some((r, offs))
    }

    /// Bytes from one lane's address to the next in a coalesced access.
    #[inline]
    fn stride(&self) -> u32 {
        if self.elem < 4 {
            self.elem as u32
        } else {
            4 * self.dwords as u32
        }
    }

    /// Moves lane `l`'s byte or short at byte `o` of `r` (a load extends it into the dword).
    #[inline]
    fn move_small(&self, w: &mut Wave, r: &Region, o: u64, l: usize) {
        let (data, n) = (self.data as usize, self.elem);
        if self.load {
            w.v[data][l] = super::vmem::extend(r.read_n(o, n), n as u32, self.sext);
        } else {
            r.write_n(o, n, w.v[data][l] as u64);
        }
    }

    /// Moves lane `l`'s dwords at byte `o` of `r`, an 8-byte aligned pair as one access (a
    /// GPU's aligned dwordx2 is single-copy atomic: [`Region::read_u64`]).
    #[inline]
    fn move_dwords(&self, w: &mut Wave, r: &Region, o: u64, l: usize) {
        let (data, dwords) = (self.data as usize, self.dwords as usize);
        let mut k = 0;
        while k < dwords {
            let at = o + 4 * k as u64;
            if k + 1 < dwords && at & 7 == 0 {
                if self.load {
                    let v = r.read_u64(at);
                    w.v[data + k][l] = v as u32;
                    w.v[data + k + 1][l] = (v >> 32) as u32;
                } else {
                    r.write_u64(at, w.v[data + k][l] as u64 | (w.v[data + k + 1][l] as u64) << 32);
                }
                k += 2;
                continue;
            }
            if self.load {
                w.v[data + k][l] = r.read_u32(at);
            } else {
                r.write_u32(at, w.v[data + k][l]);
            }
            k += 1;
        }
    }

    /// Moves the 64 lanes' consecutive bytes or shorts at byte `o` of `r`: a load reads the
    /// dwords that hold them, a store at a dword boundary writes whole dwords (every byte of
    /// them is one of its lanes'); a store elsewhere goes lane by lane (a byte or short store
    /// of its own size: the bytes around the span are not its to write).
    #[inline(never)]
    fn move_small_span(&self, w: &mut Wave, r: &Region, o: u64) {
        let (data, e) = (self.data as usize, self.elem as usize);
        let mask = if e == 1 { 0xff } else { 0xffff };
        if self.load {
            let (at, skip) = (o & !3, (o & 3) as usize);
            let n = (skip + 64 * e).div_ceil(4);
            let mut words = [0u32; 33];
            r.read_words(at, &mut words[..n]);
            let byte = |b: usize| (words[b / 4] >> (8 * (b % 4))) & 0xff;
            let row = &mut w.v[data];
            for (l, x) in row.iter_mut().enumerate() {
                let b = skip + l * e;
                let v = if e == 1 { byte(b) } else { byte(b) | byte(b + 1) << 8 };
                *x = super::vmem::extend(v as u64, e as u32, self.sext);
            }
        } else if o & 3 == 0 {
            let mut words = [0u32; 32];
            for (l, &x) in w.v[data].iter().enumerate() {
                let b = l * e;
                words[b / 4] |= (x & mask) << (8 * (b % 4));
            }
            r.write_words(o, &words[..16 * e]);
        } else {
            for l in 0..64 {
                self.move_small(w, r, o + (l * e) as u64, l);
            }
        }
    }

    /// Moves the 64 lanes' consecutive elements at byte `o` of `r`.
    #[inline]
    fn move_span(&self, w: &mut Wave, r: &Region, o: u64) {
        let (data, dwords) = (self.data as usize, self.dwords as usize);
        if self.elem < 4 {
            self.move_small_span(w, r, o);
            loaded(w, self.load, data, 1);
            return;
        }
        if dwords == 1 {
            if self.load {
                r.read_words(o, &mut w.v[data][..]);
                w.v_written[data] = true;
            } else {
                r.write_words(o, &w.v[data][..]);
            }
            return;
        }
        for l in 0..64 {
            self.move_dwords(w, r, o + 4 * (l * dwords) as u64, l);
        }
        if self.load {
            w.v_written[data..data + dwords].iter_mut().for_each(|x| *x = true);
        }
    }
}

/// A GLOBAL or FLAT atomic on a dword or a 64-bit value per lane (HIP's `atomicAdd`,
/// `atomicCAS`, `atomicMax`...): each active lane's read-modify-write in lane order, as the
/// general executor makes them, with the row's own operation ([`atomic32`]/[`atomic64`]),
/// without its per-lane dispatch. Every active lane inside one region and aligned, or nothing
/// is done (the general executor then reports the lane that faults).
#[derive(Clone, Copy, Debug)]
pub struct FastAtomic {
    /// The addressing, and the data operand's VGPRs (`data`, `dwords`).
    at: FastGlobal,
    op: AtomicOp,
    /// GLC: the old value returns to VDST.
    rtn: bool,
    vdst: u8,
    /// 2: a 64-bit value (1: a dword).
    width: u8,
}

impl FastAtomic {
    fn plan(i: &Instr, d: &InstrDef, op: AtomicOp) -> Option<FastAtomic> {
        let at = FastGlobal::addressed(i, d, false, 4, false)?;
        // The data: one value, or {src, cmp} for the compare-and-swap forms.
        let cmp = matches!(op, AtomicOp::CmpSwap | AtomicOp::CmpSwapF) as u8;
        let width = at.dwords >> cmp;
        let vdst = i.get(F::Vdst) as usize;
        if !matches!(width, 1 | 2) || at.dwords != width << cmp || vdst + width as usize > 256 {
            return None;
        }
        Some(FastAtomic {
            at,
            op,
            rtn: i.get(F::Glc) != 0,
            vdst: vdst as u8,
            width,
        })
    }

    fn run(&self, w: &mut Wave, mem: &Memory) -> bool {
        let exec = w.exec();
        if exec == 0 {
            return true;
        }
        let g = &self.at;
        let first = exec.trailing_zeros() as usize;
        if g.flat && g.wide && w.v[g.vaddr as usize + 1][first] == PRIVATE_APERTURE_HI {
            return false;
        }
        let bytes = 4 * self.width as u64;
        let Some(base) = g.base(w) else { return false };
        let Some((r, offs)) = g.offsets(w, mem, exec, base, bytes, bytes - 1) else {
            return false;
        };
        let (op, data, vdst, width) = (self.op, g.data as usize, self.vdst as usize, self.width as usize);
        let cmp = (g.dwords as usize != width).then_some(data + width);
        // Each lane's data and compare value, as the general executor reads them.
        let operands = |w: &Wave, l: usize| (value(w, data, l, width), cmp.map_or(0, |k| value(w, k, l, width)));
        let step = |v: u64, (x, c): (u64, u64)| {
            if width == 1 {
                atomic32(op, v as u32, x as u32, c as u32) as u64
            } else {
                atomic64(op, v, x, c)
            }
        };
        fn rmw(r: &Region, width: usize, at: u64, f: impl Fn(u64) -> u64) -> u64 {
            if width == 1 {
                r.atomic32(at, |o| f(o as u64) as u32) as u64
            } else {
                r.atomic64(at, f)
            }
        }
        let at = offs[first];
        if ones(exec).all(|l| offs[l] == at) {
            // Every lane on one address (a counter they all add to): one read-modify-write
            // applying the lanes' operations in lane order, so the same values with one
            // locked update instead of 64. The lanes' data are read before any old value
            // returns (VDST may be the data's registers; a lane's own are read first on the
            // general path too).
            let mut xc = [(0, 0); 64];
            ones(exec).for_each(|l| xc[l] = operands(w, l));
            let mut old = rmw(r, width, at, |o| ones(exec).fold(o, |v, l| step(v, xc[l])));
            for l in ones(exec).filter(|_| self.rtn) {
                set_value(w, vdst, l, width, old);
                old = step(old, xc[l]);
            }
        } else {
            for l in ones(exec) {
                let xc = operands(w, l);
                let old = rmw(r, width, offs[l], |o| step(o, xc));
                if self.rtn {
                    set_value(w, vdst, l, width, old);
                }
            }
        }
        true
    }
}

/// A DS atomic on one dword or 64-bit value per lane at one address (HIP's `atomicAdd` on
/// `__shared__` memory: block histograms and counters): each active lane's read-modify-write
/// in lane order with the row's own operation, as the general executor makes them. Every
/// active lane's value inside the LDS and aligned, or nothing is done.
#[derive(Clone, Copy, Debug)]
pub struct FastLdsAtomic {
    op: AtomicOp,
    rtn: bool,
    vaddr: u8,
    data0: u8,
    data1: u8,
    vdst: u8,
    offset: u32,
    /// 2: a 64-bit value (1: a dword).
    width: u8,
}

impl FastLdsAtomic {
    fn plan(i: &Instr, d: &InstrDef, op: AtomicOp, rtn: bool) -> Option<FastLdsAtomic> {
        let width = d.src[0].regs();
        let regs = [F::Vaddr, F::Vdata, F::Data1, F::Vdst].map(|f| i.get(f) as usize);
        if i.get(F::Gds) != 0
            || d.flags.has(Flags::OFFSET2)
            || !matches!(width, 1 | 2)
            || regs.iter().any(|&r| r + width as usize > 256)
        {
            return None;
        }
        Some(FastLdsAtomic {
            op,
            rtn,
            vaddr: regs[0] as u8,
            data0: regs[1] as u8,
            data1: regs[2] as u8,
            vdst: regs[3] as u8,
            offset: i.get(F::Offset1) << 8 | i.get(F::Offset0),
            width,
        })
    }

    fn run(&self, w: &mut Wave, lds: &mut [u8]) -> bool {
        let exec = w.exec();
        if exec == 0 {
            return true;
        }
        let (width, n) = (self.width as usize, 4 * self.width as usize);
        let Some(last) = lds.len().checked_sub(n) else {
            return false;
        };
        let addrs = &w.v[self.vaddr as usize];
        let at: [usize; 64] = std::array::from_fn(|l| addrs[l].wrapping_add(self.offset) as usize);
        if ones(exec).any(|l| at[l] > last || at[l] & 3 != 0) {
            return false;
        }
        let (data0, data1) = (self.data0 as usize, self.data1 as usize);
        for l in ones(exec) {
            let (x, c) = super::vmem::ds_operands(self.op, value(w, data0, l, width), value(w, data1, l, width));
            let bytes = &mut lds[at[l]..at[l] + n];
            let old = bytes.iter().rev().fold(0u64, |v, &b| v << 8 | b as u64);
            let new = if width == 1 {
                atomic32(self.op, old as u32, x as u32, c as u32) as u64
            } else {
                atomic64(self.op, old, x, c)
            };
            bytes.copy_from_slice(&new.to_le_bytes()[..n]);
            if self.rtn {
                set_value(w, self.vdst as usize, l, width, old);
            }
        }
        true
    }
}

/// A MUBUF load or store of 1-4 whole dwords through a private segment buffer, where
/// compiled code keeps its spills and (at -O0) every local: a swizzled resource (element size
/// 4, index stride 64, ADD_TID) and no index, so that lane `l`'s dword at offset `o` is at
/// `base + soffset + o / 4 * 256 + 4 l`: each dword of the 64 lanes one 256-byte row. Any
/// other resource, a misaligned offset or an address outside one region goes the general way.
#[derive(Clone, Copy, Debug)]
pub struct FastScratch {
    /// SRSRC's first SGPR.
    srsrc: u8,
    soffset: Soffset,
    off: u32,
    /// VADDR holds each lane's offset (OFFEN).
    offen: Option<u8>,
    dwords: u8,
    load: bool,
    /// VDATA.
    data: u8,
}

/// A buffer instruction's SOFFSET: an SGPR or an inline constant.
#[derive(Clone, Copy, Debug)]
enum Soffset {
    Sgpr(u8),
    Const(u32),
}

impl FastScratch {
    fn plan(i: &Instr, d: &InstrDef, m: MemSem) -> Option<FastScratch> {
        use crate::operand::{classify, inline_value, Src};
        let load = match m {
            MemSem::Load { bytes: 4, .. } => true,
            MemSem::Store { bytes: 4 } => false,
            _ => return None,
        };
        let flags = [F::Tfe, F::Lds, F::Idxen, F::Addr64];
        if flags.iter().any(|&f| i.get(f) != 0) {
            return None;
        }
        let code = i.get(F::Soffset) as u16;
        let soffset = match classify(i.arch, code) {
            Src::Sgpr(_) => Soffset::Sgpr(code as u8),
            Src::Int(_) => Soffset::Const(inline_value(i.arch, code, crate::isa::Ty::B32)? as u32),
            _ => return None,
        };
        let dwords = if load { d.dst.regs() } else { d.src[0].regs() } as usize;
        let (data, vaddr) = (i.get(F::Vdata) as usize, i.get(F::Vaddr) as usize);
        let srsrc = i.get(F::Srsrc) as usize * 4;
        if !(1..=4).contains(&dwords) || data + dwords > 256 || srsrc + 4 > 104 {
            return None;
        }
        Some(FastScratch {
            srsrc: srsrc as u8,
            soffset,
            off: i.get(F::Offset),
            offen: (i.get(F::Offen) != 0).then_some(vaddr as u8),
            dwords: dwords as u8,
            load,
            data: data as u8,
        })
    }

    #[inline]
    fn run(&self, w: &mut Wave, mem: &Memory, hint: &mut u32) -> bool {
        let exec = w.exec();
        if exec == 0 {
            return true;
        }
        let v = super::vmem::Vsharp::of(w, self.srsrc as usize);
        if !(v.swizzle && v.add_tid && v.element_size == 4 && v.index_stride == 64) {
            return false;
        }
        let soffset = match self.soffset {
            Soffset::Sgpr(c) => w.s[c as usize],
            Soffset::Const(v) => v,
        } as u64;
        let base = v.base.wrapping_add(soffset);
        let (data, dwords) = (self.data as usize, self.dwords as usize);
        let rows = 256 * dwords as u64;
        // Lane l's first dword: at the row of its offset, 4 l into it.
        let row_of = |o: u32| base.wrapping_add((o as u64 >> 2) * 256);
        let Some(vaddr) = self.offen else {
            if self.off & 3 != 0 {
                return false;
            }
            let Some((r, o)) = mem.span_hinted(row_of(self.off), rows, hint) else {
                return false;
            };
            for k in 0..dwords {
                let at = o + 256 * k as u64;
                if exec == u64::MAX {
                    move_row(w, r, at, self.load, data + k);
                    continue;
                }
                for l in (0..64).filter(|l| exec >> l & 1 != 0) {
                    move_dword(w, r, at + 4 * l as u64, self.load, data + k, l);
                }
            }
            loaded(w, self.load, data, dwords);
            return true;
        };
        // Each lane's own offset: all inside the first active lane's region first.
        let first = exec.trailing_zeros() as usize;
        let lane_off = |l: usize| w.v[vaddr as usize][l].wrapping_add(self.off);
        let Some(r) = mem.region_at(row_of(lane_off(first))) else {
            return false;
        };
        let mut offs = [0u64; 64];
        for (l, o) in offs.iter_mut().enumerate().filter(|(l, _)| exec >> l & 1 != 0) {
            let lo = lane_off(l);
            *o = row_of(lo).wrapping_sub(r.base) + 4 * l as u64;
            if lo & 3 != 0 || !r.holds(*o, rows - 256 + 4) {
                return false;
            }
        }
        for (l, &o) in offs.iter().enumerate().filter(|(l, _)| exec >> l & 1 != 0) {
            for k in 0..dwords {
                move_dword(w, r, o + 256 * k as u64, self.load, data + k, l);
            }
        }
        loaded(w, self.load, data, dwords);
        true
    }
}

/// Moves lane `l`'s dword between VGPR `reg` and byte `at` of `r` (`load`: into the VGPR).
#[inline]
fn move_dword(w: &mut Wave, r: &Region, at: u64, load: bool, reg: usize, l: usize) {
    if load {
        w.v[reg][l] = r.read_u32(at);
    } else {
        r.write_u32(at, w.v[reg][l]);
    }
}

/// Moves the 64 lanes' dwords between VGPR `reg` and the 256 bytes at `at` of `r`.
#[inline]
fn move_row(w: &mut Wave, r: &Region, at: u64, load: bool, reg: usize) {
    if load {
        r.read_words(at, &mut w.v[reg][..]);
    } else {
        r.write_words(at, &w.v[reg][..]);
    }
}

/// A load's VGPRs `data..data + dwords` are written.
#[inline]
fn loaded(w: &mut Wave, load: bool, data: usize, dwords: usize) {
    if load {
        w.v_written[data..data + dwords].iter_mut().for_each(|x| *x = true);
    }
}

/// The lanes whose bits are set in `mask`, lowest first.
#[inline]
fn ones(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let l = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            l
        })
    })
}

/// How many spans ahead of a coalesced access [`FastGlobal`] asks the CPU's cache for.
pub(super) const PREFETCH_AHEAD: u64 = 4;

/// Is `a` in the LDS or private aperture (a FLAT address that is not global memory)?
#[inline]
fn aperture(a: u64) -> bool {
    let hi = (a >> 32) as u32;
    hi == SHARED_APERTURE_HI || hi == PRIVATE_APERTURE_HI
}

/// A scalar load (not through a buffer resource) with an immediate or literal offset into
/// plain SGPRs.
#[derive(Clone, Copy, Debug)]
pub struct FastSmem {
    /// SBASE's SGPR pair (its operand code).
    sbase: u8,
    off: u64,
    sdata: u8,
    dwords: u8,
    glc: bool,
}

impl FastSmem {
    fn plan(i: &Instr, d: &InstrDef, m: MemSem) -> Option<FastSmem> {
        if !matches!(m, MemSem::Load { .. }) || d.flags.has(Flags::BUFFER) {
            return None;
        }
        let smem = i.enc == Enc::Smem;
        let sdata = if smem { i.get(F::Sdata) } else { i.sdst() as u32 } as usize;
        let imm = i.get(F::Imm) != 0;
        let off = if smem {
            if !imm || i.get(F::Soe) != 0 {
                return None;
            }
            super::vmem::smem_imm(i, d)
        } else if imm {
            i.get(F::Offset) as u64 * 4
        } else if i.get(F::Offset) == 255 {
            i.literal? as u64 * 4
        } else {
            return None;
        } & !3;
        let dwords = d.dst.regs() as usize;
        let sbase = (i.get(F::Sbase) * 2) as usize;
        if sdata + dwords > 102 || sbase + 2 > 102 || dwords == 0 {
            return None;
        }
        Some(FastSmem {
            sbase: sbase as u8,
            off,
            sdata: sdata as u8,
            dwords: dwords as u8,
            glc: i.get(F::Glc) != 0,
        })
    }

    #[inline]
    fn run(&self, w: &mut Wave, mem: &Memory, log: Option<&Log>, hint: &mut u32) -> bool {
        let (b, s) = (self.sbase as usize, self.sdata as usize);
        let base = w.s[b] as u64 | ((w.s[b + 1] & 0xffff) as u64) << 32;
        let n = self.dwords as usize;
        let Some((r, o)) = mem.span_hinted(base.wrapping_add(self.off), 4 * n as u64, hint) else {
            return false;
        };
        for k in 0..n {
            if let Some(log) = log {
                // (The general executor reads a scalar load dword by dword.)
                note(&mut log.borrow_mut(), r, o + 4 * k as u64, 4, 0, true, self.glc);
            }
            w.s[s + k] = r.read_u32(o + 4 * k as u64);
        }
        true
    }
}

/// An LDS load or store of whole dwords per lane: DS_READ/DS_WRITE_B32..B128 and the
/// two-address READ2/WRITE2 forms (ST64 too); and of a byte or short (DS_READ_U8/I8/U16/I16,
/// DS_WRITE_B8/B16). Every active lane's bytes must be inside the
/// LDS (and dword-aligned before GCN 1.4), else nothing is done and the general executor
/// reports the lane.
#[derive(Clone, Copy, Debug)]
pub struct FastLds {
    vaddr: u8,
    /// VDST of a load; DATA0 and DATA1 of a store.
    data: [u8; 2],
    load: bool,
    /// Dwords per element; two elements for the two-address forms.
    dwords: u8,
    two: bool,
    /// Each element's byte offset from the lane's address.
    offs: [u32; 2],
    unaligned: bool,
    /// Bytes of a sub-dword element (1 or 2; 4: whole dwords), and a load's sign extension.
    elem: u8,
    sext: bool,
}

impl FastLds {
    fn plan(i: &Instr, d: &InstrDef, m: MemSem) -> Option<FastLds> {
        if i.get(F::Gds) != 0 {
            return None;
        }
        let (load, elem, sext) = match m {
            MemSem::Load { bytes, sext } if matches!(bytes, 1 | 2 | 4) => (true, bytes, sext),
            MemSem::Store { bytes } if matches!(bytes, 1 | 2 | 4) => (false, bytes, false),
            _ => return None,
        };
        let two = d.flags.has(Flags::OFFSET2);
        if elem < 4 && (two || d.dst.regs().max(d.src[0].regs()) > 1) {
            return None;
        }
        let total = if load { d.dst.regs() } else { d.src[0].regs() } as usize;
        // (As `vmem::ds`: a two-address load reads two elements of half its destination; a
        // store writes its data's width at each.)
        let dwords = if two && load { total / 2 } else { total };
        let (o0, o1) = (i.get(F::Offset0), i.get(F::Offset1));
        let offs = if two {
            let unit = 4 * dwords as u32 * if d.flags.has(Flags::ST64) { 64 } else { 1 };
            [o0 * unit, o1 * unit]
        } else {
            [o1 << 8 | o0, 0]
        };
        let data = if load {
            let v = i.get(F::Vdst) as usize;
            [v, v + dwords]
        } else {
            [i.get(F::Vdata) as usize, i.get(F::Data1) as usize]
        };
        let elems = 1 + two as usize;
        let last = if load {
            data[0] + elems * dwords
        } else {
            data[elems - 1] + dwords
        };
        if dwords == 0 || last > 256 || (!load && data[0] + dwords > 256) {
            return None;
        }
        Some(FastLds {
            vaddr: i.get(F::Vaddr) as u8,
            data: [data[0] as u8, data[1] as u8],
            load,
            dwords: dwords as u8,
            two,
            offs,
            unaligned: i.arch.is_gcn14(),
            elem,
            sext,
        })
    }

    #[inline]
    fn run(&self, w: &mut Wave, lds: &mut [u8]) -> bool {
        let exec = w.exec();
        if exec == 0 {
            return true;
        }
        let elems = 1 + self.two as usize;
        // An element's bytes, and the alignment before GCN 1.4 (its size, at most a dword).
        let n = if self.elem < 4 {
            self.elem as u32
        } else {
            4 * self.dwords as u32
        };
        let align = n.min(4) - 1;
        // The last byte an element may start at (the LDS is at most 64 KiB).
        let Some(last) = (lds.len() as u32).checked_sub(n) else {
            return false;
        };
        let addrs = &w.v[self.vaddr as usize];
        // Every active lane's elements inside and aligned: the largest start and the OR of
        // the low bits, over all lanes when all are on (a loop the compiler vectorises).
        let mut ok = true;
        for &off in &self.offs[..elems] {
            let (mut max, mut low) = (0u32, 0u32);
            if exec == u64::MAX {
                for &a in addrs.iter() {
                    let o = a.wrapping_add(off);
                    max = max.max(o);
                    low |= o;
                }
            } else {
                for (lane, &a) in addrs.iter().enumerate() {
                    let o = if exec >> lane & 1 != 0 { a.wrapping_add(off) } else { 0 };
                    max = max.max(o);
                    low |= o;
                }
            }
            ok &= max <= last && (self.unaligned || low & align == 0);
        }
        if !ok {
            return false;
        }
        if self.elem < 4 {
            self.move_small(w, lds, exec);
            return true;
        }
        let dwords = self.dwords as usize;
        if self.load {
            // Loads gathered, a dword of every lane at a time (from a copy of the addresses:
            // VDST may be VADDR).
            let (v, base) = (self.vaddr as usize, self.data[0] as usize);
            let addrs = *w.v[v];
            let mut gathered = true;
            for (k, &off) in self.offs[..elems].iter().enumerate() {
                for j in 0..dwords {
                    let r = base + k * dwords + j;
                    gathered &= super::lanes::gather_dwords(lds, &addrs, off + 4 * j as u32, exec, &mut w.v[r]);
                }
            }
            if gathered {
                w.v_written[base..base + elems * dwords]
                    .iter_mut()
                    .for_each(|x| *x = true);
                return true;
            }
        }
        if !self.load && !self.two && dwords == 1 {
            // A dword a lane (DS_WRITE_B32): one row and the addresses, in lane order.
            let (addrs, row, off) = (&w.v[self.vaddr as usize], &w.v[self.data[0] as usize], self.offs[0]);
            for lane in ones(exec) {
                let at = addrs[lane].wrapping_add(off) as usize;
                debug_assert!(at + 4 <= lds.len());
                // SAFETY: `at + 4 <= lds.len()` for every active lane (checked above).
                unsafe { (lds.as_mut_ptr().add(at) as *mut [u8; 4]).write_unaligned(row[lane].to_le_bytes()) };
            }
            return true;
        }
        for lane in 0..64 {
            if exec >> lane & 1 == 0 {
                continue;
            }
            let a = w.v[self.vaddr as usize][lane];
            for (k, &off) in self.offs[..elems].iter().enumerate() {
                let o = a.wrapping_add(off) as usize;
                let r = self.data[k] as usize;
                for j in 0..dwords {
                    let at = o + 4 * j;
                    debug_assert!(at + 4 <= lds.len());
                    // SAFETY: `o + n <= lds.len()` for every active lane (checked above), and
                    // `4 * j + 4 <= n`; unaligned reads and writes of a dword.
                    unsafe {
                        let p = lds.as_mut_ptr().add(at) as *mut [u8; 4];
                        if self.load {
                            w.v[r + j][lane] = u32::from_le_bytes(p.read_unaligned());
                        } else {
                            p.write_unaligned(w.v[r + j][lane].to_le_bytes());
                        }
                    }
                }
            }
        }
        if self.load {
            let r = self.data[0] as usize;
            w.v_written[r..r + elems * dwords].iter_mut().for_each(|x| *x = true);
        }
        true
    }

    /// Moves a byte or short per active lane (every one checked inside the LDS by [`FastLds::run`]).
    #[inline(never)]
    fn move_small(&self, w: &mut Wave, lds: &mut [u8], exec: u64) {
        let n = self.elem as u32;
        let (vaddr, data, off) = (self.vaddr as usize, self.data[0] as usize, self.offs[0]);
        // (A copy of the addresses: VDST may be VADDR.)
        let addrs = *w.v[vaddr];
        let row = &mut w.v[data];
        for lane in ones(exec) {
            let o = addrs[lane].wrapping_add(off) as usize;
            match (self.load, n) {
                (true, 1) => row[lane] = super::vmem::extend(lds[o] as u64, 1, self.sext),
                (true, _) => {
                    let v = u16::from_le_bytes([lds[o], lds[o + 1]]);
                    row[lane] = super::vmem::extend(v as u64, 2, self.sext);
                }
                (false, 1) => lds[o] = row[lane] as u8,
                (false, _) => lds[o..o + 2].copy_from_slice(&(row[lane] as u16).to_le_bytes()),
            }
        }
        loaded(w, self.load, data, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arch::Arch;
    use crate::emu::vmem::{self, MemCtx};

    use crate::emu::test_rng::{random_row, Rng};

    /// The general executor's context over `mem` and `lds`: nothing logged, no private
    /// segment, plain accesses (the tests change what they need).
    fn general<'a>(mem: &'a Memory, lds: &'a mut [u8]) -> MemCtx<'a> {
        MemCtx {
            mem,
            lds,
            scratch: 0,
            private_size: 0,
            clock: 0,
            time: crate::emu::kernel::Clock::Instructions,
            log: None,
            lds_defined: &mut [],
            coherent: false,
            private: (0, 0),
            unaligned_lds: false,
        }
    }

    /// Random FLAT/GLOBAL and scalar-load words on each arch, on addresses that are coalesced,
    /// scattered, partly outside the buffer or in an aperture, under random EXEC: where the
    /// fast path says it ran an instruction, it left the wave and memory exactly as the general
    /// executor does; where it declined, it changed nothing.
    #[test]
    fn fast_memory_equals_general_executor() {
        let mut r = Rng(0x0bad_cafe_1234_5678);
        let (mut fast, mut declined, mut small) = (0, 0, 0);
        const SIZE: u64 = 1 << 12;
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            for _ in 0..120_000 {
                let scalar = r.next().is_multiple_of(3);
                let w0 = r.next() as u32;
                let w0 = match (scalar, a) {
                    (false, _) => w0 & 0x03ff_ffff | 0xdc00_0000,
                    (true, Arch::Gcn10 | Arch::Gcn11) => w0 & 0x07ff_ffff | 0xc000_0000,
                    (true, _) => w0 & 0x03ff_ffff | 0xc000_0000,
                };
                // TFE (bit 55) mostly clear: the fast path declines it.
                let w1 = r.next() as u32
                    & if scalar || r.next().is_multiple_of(4) {
                        u32::MAX
                    } else {
                        !(1 << 23)
                    };
                let words = [w0, w1, r.next() as u32];
                let Ok(i) = crate::decode::decode(a, &words) else {
                    continue;
                };
                let Some(d) = i.def() else { continue };
                let Some(p) = FastMem::plan(&i, d) else { continue };
                let Some(Sem::Mem(m)) = d.sem else { unreachable!() };
                let bytes: Vec<u8> = (0..SIZE).map(|_| r.next() as u8).collect();
                let mut mem = Memory::default();
                let base = mem.add("buf", SIZE, &bytes);
                // Half the time a second region after it: a region hint (random below) may then
                // name a region that does not hold the address.
                let next = r.next().is_multiple_of(2);
                if next {
                    mem.add("next", 256, &[]);
                }
                // Half the time the buffer tracks which bytes were written (`--check`), with
                // a random quarter of its words written.
                let tracked = r.next().is_multiple_of(2);
                let written: Vec<u64> = (0..SIZE / 4).filter(|_| r.next().is_multiple_of(4)).collect();
                let track = |m: &mut Memory| {
                    if tracked {
                        m.track(base, false);
                        for &k in &written {
                            let x = m.read(base + 4 * k, 4).unwrap();
                            m.write(base + 4 * k, 4, x).unwrap();
                        }
                    }
                };
                track(&mut mem);
                let mut w = Wave::new(a);
                for row in w.v.iter_mut() {
                    row.iter_mut().for_each(|x| *x = r.next() as u32);
                }
                w.s.iter_mut().take(104).for_each(|x| *x = r.next() as u32);
                // Addresses: the buffer's base in every SGPR pair that may be a base, and
                // per-lane offsets in the VGPRs named as VADDR.
                let kind = r.next() % 6;
                let start = (r.next() % SIZE) & !if r.next().is_multiple_of(4) { 0 } else { 3 };
                for c in (0..102).step_by(2) {
                    let b = if kind == 5 { 0x2000_0000_0000_0000 } else { base };
                    w.s[c] = b as u32;
                    w.s[c + 1] = (b >> 32) as u32 & if scalar { 0xffff } else { u32::MAX };
                }
                if scalar {
                    w.s[(i.get(F::Sbase) * 2) as usize] = (base + start % (SIZE + 64)) as u32;
                }
                let vaddr = i.get(F::Vaddr) as usize;
                let wide = crate::layout::flat_addr_regs(&i) == 2;
                // (Strides of 1 and 2: the byte and short rows' coalesced accesses.)
                let stride = [4u64, 8, 12, 16, 1, 2][r.next() as usize % 6];
                for lane in 0..64 {
                    let o = match kind {
                        0 | 1 => start + lane as u64 * stride,
                        2 => r.next() % SIZE,
                        3 => r.next() % (SIZE + 256),
                        _ => start,
                    };
                    let at = if wide { base + o } else { o };
                    let at = if kind == 4 && lane == 7 {
                        0x1000_0000_0000_0000 | o
                    } else {
                        at
                    };
                    w.v[vaddr][lane] = at as u32;
                    if wide && vaddr < 255 {
                        w.v[vaddr + 1][lane] = (at >> 32) as u32;
                    }
                }
                let exec = match r.next() % 4 {
                    0 | 1 => u64::MAX,
                    2 => r.next(),
                    _ => 0,
                };
                w.set_pair(super::super::wave::EXEC, exec);
                let mut g = w.clone();
                let mem2 = {
                    let mut m2 = Memory::default();
                    m2.add("buf", SIZE, &bytes);
                    if next {
                        m2.add("next", 256, &[]);
                    }
                    track(&mut m2);
                    m2
                };
                let before = w.clone();
                let (log, log2) = (Log::default(), Log::default());
                let ran = p.run_logged(
                    &mut w,
                    &mem,
                    &mut [],
                    Private::default(),
                    Some(&log),
                    &mut (r.next() as u32 % 3),
                );
                let mut lds = vec![0u8; 64];
                let mut ctx = MemCtx {
                    log: Some(&log2),
                    coherent: i.get(F::Glc) != 0,
                    ..general(&mem2, &mut lds)
                };
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                if !ran {
                    declined += 1;
                    assert!(
                        w.v == before.v && w.s == before.s,
                        "{a}: `{text}` declined but changed the wave"
                    );
                    assert_eq!(mem.regions()[0].bytes(), bytes, "{a}: `{text}` declined but wrote");
                    assert!(log.borrow().is_empty(), "{a}: `{text}` declined but logged");
                    continue;
                }
                fast += 1;
                small += matches!(p, FastMem::Global(g) if g.elem < 4) as usize;
                let general = if scalar {
                    vmem::smem(&mut g, &mut ctx, &i, d, m)
                } else {
                    vmem::flat(&mut g, &mut ctx, &i, d, m)
                };
                assert!(general.is_ok(), "{a}: `{text}`: the fast path ran what faults");
                assert!(w.v == g.v, "{a}: `{text}` (kind {kind}): VGPRs differ");
                assert!(w.s[..104] == g.s[..104], "{a}: `{text}` (kind {kind}): SGPRs differ");
                assert_eq!(
                    mem.regions()[0].bytes(),
                    mem2.regions()[0].bytes(),
                    "{a}: `{text}` (kind {kind}): memory differs"
                );
                assert_eq!(log.take(), log2.take(), "{a}: `{text}` (kind {kind}): the logs differ");
            }
        }
        assert!(
            fast > 10_000 && declined > 2_000 && small > 1_000,
            "fast {fast}, declined {declined}, bytes and shorts {small}"
        );
    }

    /// Random FLAT words on each arch whose addresses are in the private aperture (a lane's
    /// local at -O0): the same offset for every lane or each lane's own, aligned or not,
    /// inside the segment or past it, one lane's outside the aperture in some, under random
    /// EXEC: where the fast path ran an instruction, the wave and the scratch are exactly as
    /// the general executor leaves them; where it declined, nothing changed.
    #[test]
    fn fast_flat_private_equals_general_executor() {
        let mut r = Rng(0x0f1a_7000_0000_0001);
        let (mut fast, mut declined) = (0, 0);
        const SIZE: u64 = 512;
        for a in [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            let mut planned = 0;
            for _ in 0..2_000_000 {
                if planned == 5_000 {
                    break;
                }
                // SEG 0 (FLAT) and TFE clear.
                let w0 = r.next() as u32 & 0x03ff_3fff | 0xdc00_0000;
                let w1 = r.next() as u32 & !(1 << 23);
                let words = [w0, w1];
                let Ok(i) = crate::decode::decode(a, &words) else {
                    continue;
                };
                let Some(d) = i.def() else { continue };
                let Some(p @ FastMem::Global(g)) = FastMem::plan(&i, d) else {
                    continue;
                };
                if !g.wide || !g.flat {
                    continue;
                }
                planned += 1;
                let Some(Sem::Mem(m)) = d.sem else { unreachable!() };
                let bytes: Vec<u8> = (0..64 * SIZE).map(|_| r.next() as u8).collect();
                let mut mem = Memory::default();
                let scratch = mem.add("scratch", 64 * SIZE, &bytes);
                let mut w = Wave::new(a);
                for row in w.v.iter_mut() {
                    row.iter_mut().for_each(|x| *x = r.next() as u32);
                }
                let same = r.next().is_multiple_of(2);
                let odd = r.next() % 8;
                let one = (r.next() % (SIZE - 16)) & !3;
                let vaddr = i.get(F::Vaddr) as usize;
                for lane in 0..64 {
                    let mut o = if same { one } else { (r.next() % (SIZE - 16)) & !3 };
                    let mut hi = PRIVATE_APERTURE_HI;
                    if lane == 9 {
                        match odd {
                            0 => o = SIZE + r.next() % 64,
                            1 => o |= 2,
                            2 => hi = 0,
                            _ => {}
                        }
                    }
                    w.v[vaddr][lane] = o as u32;
                    if vaddr < 255 {
                        w.v[vaddr + 1][lane] = hi;
                    }
                }
                let exec = match r.next() % 4 {
                    0 | 1 => u64::MAX,
                    2 => r.next(),
                    _ => 0,
                };
                w.set_pair(super::super::wave::EXEC, exec);
                let (mut g, before) = (w.clone(), w.clone());
                let private = Private { scratch, size: SIZE };
                let ran = p.run(&mut w, &mem, &mut [], private, &mut (r.next() as u32 % 2));
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                if !ran {
                    declined += 1;
                    assert!(
                        w.v == before.v && w.s == before.s,
                        "{a}: `{text}` declined but changed the wave"
                    );
                    assert_eq!(mem.regions()[0].bytes(), bytes, "{a}: `{text}` declined but wrote");
                    continue;
                }
                let mut mem2 = Memory::default();
                mem2.add("scratch", 64 * SIZE, &bytes);
                let mut lds = vec![0u8; 64];
                let mut ctx = MemCtx {
                    scratch,
                    private_size: SIZE as u32,
                    ..general(&mem2, &mut lds)
                };
                fast += 1;
                let general = vmem::flat(&mut g, &mut ctx, &i, d, m);
                assert!(general.is_ok(), "{a}: `{text}`: the fast path ran what faults");
                assert!(w.v == g.v, "{a}: `{text}`: VGPRs differ");
                assert_eq!(
                    mem.regions()[0].bytes(),
                    mem2.regions()[0].bytes(),
                    "{a}: `{text}`: memory differs"
                );
            }
        }
        assert!(fast > 8_000 && declined > 2_000, "fast {fast}, declined {declined}");
    }

    /// Random MUBUF words on each arch through a private segment buffer (or a resource that
    /// is not one), with offsets in the instruction, SOFFSET and VADDR that are aligned,
    /// misaligned or past the region, under random EXEC: where the scratch fast path ran an
    /// instruction, the wave and memory are exactly as the general executor leaves them; where
    /// it declined, nothing changed.
    #[test]
    fn fast_scratch_equals_general_executor() {
        let mut r = Rng(0x5c4a_7c40_0000_0001);
        let (mut fast, mut declined, mut offen) = (0, 0, 0);
        const SIZE: u64 = 1 << 16;
        // Offsets: mostly aligned and inside the region's 256 rows of 256 bytes; for a
        // sixteenth of the instructions one lane's is past them, for an eighth misaligned.
        let offset = |r: &mut Rng, max: u32, odd: u64| {
            let o = r.next() as u32 % if odd == 1 { 8 * max } else { max };
            o & if odd == 2 { !0 } else { !3 }
        };
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            let mut planned = 0;
            for _ in 0..2_000_000 {
                if planned == 5_000 {
                    break;
                }
                // TFE, LDS, IDXEN and ADDR64 mostly clear: the fast path declines them; the
                // instruction's offset mostly small.
                let w0 = r.next() as u32
                    & 0x03ff_ffff
                    & if r.next().is_multiple_of(4) {
                        !0
                    } else {
                        !(1 << 13 | 1 << 15 | 1 << 16)
                    };
                let w0 = w0 & if r.next().is_multiple_of(4) { !0 } else { !0xf03 };
                let w1 = r.next() as u32 & if r.next().is_multiple_of(4) { !0 } else { !(1 << 23) };
                let words = [w0 | 0xe000_0000, w1, r.next() as u32];
                let Ok(i) = crate::decode::decode(a, &words) else {
                    continue;
                };
                let Some(d) = i.def() else { continue };
                let Some(p @ FastMem::Scratch(_)) = FastMem::plan(&i, d) else {
                    continue;
                };
                planned += 1;
                let Some(Sem::Mem(m)) = d.sem else { unreachable!() };
                let bytes: Vec<u8> = (0..SIZE).map(|_| r.next() as u8).collect();
                let mut mem = Memory::default();
                let base = mem.add("scratch", SIZE, &bytes);
                let mut w = Wave::new(a);
                // Each lane's own offset, or the same for all (a local's address at -O0); one
                // odd lane (past the rows or misaligned) in some.
                let same = r.next().is_multiple_of(2);
                let odd = if r.next().is_multiple_of(16) {
                    1
                } else {
                    r.next().is_multiple_of(8) as u64 * 2
                };
                let one = offset(&mut r, 500, 0);
                for row in w.v.iter_mut() {
                    row.iter_mut()
                        .for_each(|x| *x = if same { one } else { offset(&mut r, 500, 0) });
                    let lane = r.next() as usize % 64;
                    row[lane] = offset(&mut r, 500, odd);
                }
                for x in w.s.iter_mut().take(104) {
                    *x = offset(&mut r, 256, odd);
                }
                // The resource: the private segment buffer's (element 4, stride 64, ADD_TID),
                // or another element size, index stride or no swizzle.
                let srsrc = (i.get(F::Srsrc) * 4) as usize;
                let d3 = if r.next().is_multiple_of(4) {
                    r.next() as u32
                } else {
                    1 << 19 | 3 << 21 | 1 << 23
                };
                let swz = if r.next().is_multiple_of(8) { 0 } else { 1 << 31 };
                let vs = [base as u32, (base >> 32) as u32 | swz, u32::MAX, d3];
                for (k, v) in vs.iter().enumerate() {
                    w.s[(srsrc + k) & 127] = *v;
                }
                let exec = match r.next() % 4 {
                    0 | 1 => u64::MAX,
                    2 => r.next(),
                    _ => 0,
                };
                w.set_pair(super::super::wave::EXEC, exec);
                let (mut g, before) = (w.clone(), w.clone());
                let ran = p.run(&mut w, &mem, &mut [], Private::default(), &mut (r.next() as u32 % 2));
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                if !ran {
                    declined += 1;
                    assert!(
                        w.v == before.v && w.s == before.s,
                        "{a}: `{text}` declined but changed the wave"
                    );
                    assert_eq!(mem.regions()[0].bytes(), bytes, "{a}: `{text}` declined but wrote");
                    continue;
                }
                let mut mem2 = Memory::default();
                mem2.add("scratch", SIZE, &bytes);
                let mut lds = vec![0u8; 64];
                let mut ctx = general(&mem2, &mut lds);
                fast += 1;
                offen += (i.get(F::Offen) != 0) as u32;
                let general = vmem::mubuf(&mut g, &mut ctx, &i, d, m);
                assert!(general.is_ok(), "{a}: `{text}`: the fast path ran what faults");
                assert!(w.v == g.v, "{a}: `{text}`: VGPRs differ");
                assert_eq!(
                    mem.regions()[0].bytes(),
                    mem2.regions()[0].bytes(),
                    "{a}: `{text}`: memory differs"
                );
            }
        }
        assert!(
            fast > 10_000 && offen > 4_000 && declined > 2_000,
            "fast {fast} ({offen} with VADDR), declined {declined}"
        );
    }

    /// Random DS words on each arch, with addresses inside the LDS, near its end, misaligned
    /// or random, under random EXEC: where the LDS fast path ran an instruction, the wave and
    /// the LDS are exactly as the general executor leaves them; where it declined, nothing
    /// changed. (With a log, `--check`'s, it always declines.)
    #[test]
    fn fast_lds_equals_general_executor() {
        let mut r = Rng(0x0001_d50f_fa57_0001);
        let (mut fast, mut declined, mut two, mut small) = (0, 0, 0, 0);
        const SIZE: usize = 1 << 10;
        let mem = Memory::default();
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            for _ in 0..100_000 {
                let words = [r.next() as u32 & 0x03ff_ffff | 0xd800_0000, r.next() as u32];
                let Ok(i) = crate::decode::decode(a, &words) else {
                    continue;
                };
                let Some(d) = i.def() else { continue };
                let Some(p @ FastMem::Lds(lp)) = FastMem::plan(&i, d) else {
                    continue;
                };
                let Some(Sem::Mem(m)) = d.sem else { unreachable!() };
                let bytes: Vec<u8> = (0..SIZE).map(|_| r.next() as u8).collect();
                let mut w = Wave::new(a);
                for row in w.v.iter_mut() {
                    row.iter_mut().for_each(|x| *x = r.next() as u32);
                }
                let vaddr = i.get(F::Vaddr) as usize;
                let kind = r.next() % 4;
                let start = (r.next() as u32 % SIZE as u32) & if kind == 1 { !0 } else { !3 };
                for lane in 0..64 {
                    w.v[vaddr][lane] = match kind {
                        0 | 1 => start.wrapping_add(4 * lane as u32) % (SIZE as u32 + 64),
                        2 => (r.next() as u32 % SIZE as u32) & !3,
                        _ => r.next() as u32,
                    };
                }
                let exec = match r.next() % 4 {
                    0 | 1 => u64::MAX,
                    2 => r.next(),
                    _ => 0,
                };
                w.set_pair(super::super::wave::EXEC, exec);
                let (mut g, before) = (w.clone(), w.clone());
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                let mut lds = bytes.clone();
                let log = Log::default();
                assert!(
                    exec == 0 || !p.run_logged(&mut w, &mem, &mut lds, Private::default(), Some(&log), &mut 0),
                    "{a}: `{text}` ran under a log"
                );
                if !p.run(&mut w, &mem, &mut lds, Private::default(), &mut 0) {
                    declined += 1;
                    assert!(
                        w.v == before.v && lds == bytes,
                        "{a}: `{text}` declined but changed something"
                    );
                    continue;
                }
                fast += 1;
                two += lp.two as usize;
                small += (lp.elem < 4) as usize;
                let mut lds2 = bytes.clone();
                let mut ctx = MemCtx {
                    unaligned_lds: a.is_gcn14(),
                    ..general(&mem, &mut lds2)
                };
                let general = vmem::ds(&mut g, &mut ctx, &i, d, m);
                assert!(
                    general.is_ok(),
                    "{a}: `{text}` (kind {kind}): the fast path ran what fails"
                );
                assert!(w.v == g.v, "{a}: `{text}` (kind {kind}): VGPRs differ");
                assert!(
                    w.v_written == g.v_written,
                    "{a}: `{text}` (kind {kind}): written VGPRs differ"
                );
                assert!(lds == lds2, "{a}: `{text}` (kind {kind}): LDS differs");
            }
        }
        assert!(
            fast > 3_000 && declined > 1_000 && two > 500 && small > 300,
            "fast {fast}, declined {declined}, two {two}, bytes and shorts {small}"
        );
    }

    /// DS_SWIZZLE_B32 and DS_PERMUTE/BPERMUTE_B32 words with random fields, registers and
    /// EXEC: the plan leaves the registers as the general executor does.
    #[test]
    fn fast_exchange_equals_general_executor() {
        let mut r = Rng(0x5e1f_e5c4_a46e_0001);
        let mut planned = [0usize; 3];
        let mem = Memory::default();
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            for _ in 0..20_000 {
                // A random DS word with the opcode of an exchange of this GPU.
                let words = [r.next() as u32 & 0x03ff_ffff | 0xd800_0000, r.next() as u32];
                let exchange = |d: &InstrDef| matches!(d.sem, Some(Sem::Mem(MemSem::Swizzle | MemSem::Permute { .. })));
                let Some(i) = random_row(&mut r, a, &words, 256, exchange) else {
                    continue;
                };
                let d = i.def().unwrap();
                let Some(Sem::Mem(m)) = d.sem else { unreachable!() };
                let Some(p @ FastMem::Exchange(x)) = FastMem::plan(&i, d) else {
                    continue;
                };
                planned[match x.permute {
                    None => 0,
                    Some(false) => 1,
                    Some(true) => 2,
                }] += 1;
                let mut w = Wave::new(a);
                for row in w.v.iter_mut() {
                    row.iter_mut().for_each(|x| *x = r.next() as u32);
                }
                w.set_pair(super::super::wave::EXEC, [u64::MAX, r.next(), 0][r.next() as usize % 3]);
                let mut g = w.clone();
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                let mut lds = vec![0u8; 64];
                assert!(
                    p.run(&mut w, &mem, &mut lds, Private::default(), &mut 0),
                    "{a}: `{text}`"
                );
                let mut lds2 = vec![0u8; 64];
                let general = vmem::ds(&mut g, &mut general(&mem, &mut lds2), &i, d, m);
                assert!(general.is_ok(), "{a}: `{text}`: the fast path ran what fails");
                assert!(w.v == g.v && w.v_written == g.v_written, "{a}: `{text}`: VGPRs differ");
            }
        }
        assert!(planned.iter().all(|&n| n > 300), "planned {planned:?}");
    }

    /// Random GLOBAL/FLAT atomics of every row on each arch, on addresses that are
    /// coalesced, scattered (some misaligned), all one word (every lane's update in turn),
    /// partly outside the buffer or in an aperture, on memory and data of few values (so that
    /// compare-and-swaps both swap and keep), under random EXEC: where the fast path ran an
    /// atomic, the wave, the memory and which bytes count as written are the general
    /// executor's; where it declined, nothing changed.
    #[test]
    fn fast_atomics_equal_general_executor() {
        let mut r = Rng(0xa701_1c5e_0000_0001);
        let (mut fast, mut declined, mut rtn, mut wide, mut cmp) = (0, 0, 0, 0, 0);
        const SIZE: u64 = 1 << 10;
        for a in [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            for _ in 0..12_000 {
                let words = [
                    r.next() as u32 & 0x03ff_ffff | 0xdc00_0000,
                    r.next() as u32 & !(1 << 23),
                ];
                let atomic = |d: &InstrDef| matches!(d.sem, Some(Sem::Mem(MemSem::Atomic { .. })));
                let Some(i) = random_row(&mut r, a, &words, 128, atomic) else {
                    continue;
                };
                let d = i.def().unwrap();
                let Some(Sem::Mem(m)) = d.sem else { unreachable!() };
                let Some(p @ FastMem::Atomic(x)) = FastMem::plan(&i, d) else {
                    continue;
                };
                let few = r.next().is_multiple_of(2);
                let value = |r: &mut Rng| if few { r.next() as u32 % 3 } else { r.next() as u32 };
                let bytes: Vec<u8> = (0..SIZE / 4).flat_map(|_| value(&mut r).to_le_bytes()).collect();
                let tracked = r.next().is_multiple_of(2);
                let make = || {
                    let mut m = Memory::default();
                    let base = m.add("buf", SIZE, &bytes);
                    if tracked {
                        m.track(base, false);
                    }
                    (m, base)
                };
                let ((mem, base), (mem2, _)) = (make(), make());
                let mut w = Wave::new(a);
                for row in w.v.iter_mut() {
                    row.iter_mut().for_each(|x| *x = value(&mut r));
                }
                for c in (0..102).step_by(2) {
                    w.s[c] = base as u32;
                    w.s[c + 1] = (base >> 32) as u32;
                }
                let vaddr = i.get(F::Vaddr) as usize;
                let wide_addr = crate::layout::flat_addr_regs(&i) == 2;
                let kind = r.next() % 6;
                let start = (r.next() % SIZE) & !7;
                let stride = [4u64, 8][r.next() as usize % 2];
                for lane in 0..64 {
                    let o = match kind {
                        0 => start + lane as u64 * stride,
                        1 => (r.next() % SIZE) & !if r.next().is_multiple_of(8) { 0 } else { 7 },
                        2 => (r.next() % (SIZE + 64)) & !3,
                        3 => start,
                        4 => (r.next() % 8) * 8,
                        _ => start | if lane == 9 { 0x1000_0000_0000_0000 } else { 0 },
                    };
                    let at = if wide_addr { base + o } else { o };
                    w.v[vaddr][lane] = at as u32;
                    if wide_addr && vaddr < 255 {
                        w.v[vaddr + 1][lane] = (at >> 32) as u32;
                    }
                }
                let exec = [u64::MAX, r.next(), 1 << (r.next() % 64), 0][r.next() as usize % 4];
                w.set_pair(super::super::wave::EXEC, exec);
                let mut g = w.clone();
                let before = w.clone();
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                if !p.run(&mut w, &mem, &mut [], Private::default(), &mut 0) {
                    declined += 1;
                    assert!(
                        w.v == before.v && w.s == before.s,
                        "{a}: `{text}` declined but changed the wave"
                    );
                    assert_eq!(mem.regions()[0].bytes(), bytes, "{a}: `{text}` declined but wrote");
                    continue;
                }
                fast += 1;
                rtn += x.rtn as usize;
                wide += (x.width == 2) as usize;
                cmp += (x.at.dwords != x.width) as usize;
                let mut lds = vec![0u8; 64];
                let general = vmem::flat(&mut g, &mut general(&mem2, &mut lds), &i, d, m);
                assert!(
                    general.is_ok(),
                    "{a}: `{text}` (kind {kind}): the fast path ran what faults"
                );
                assert!(
                    w.v == g.v && w.v_written == g.v_written,
                    "{a}: `{text}` (kind {kind}): VGPRs differ"
                );
                let (r1, r2) = (&mem.regions()[0], &mem2.regions()[0]);
                assert_eq!(r1.bytes(), r2.bytes(), "{a}: `{text}` (kind {kind}): memory differs");
                for o in (0..SIZE).step_by(4) {
                    assert_eq!(
                        r1.is_defined(o, 4),
                        r2.is_defined(o, 4),
                        "{a}: `{text}`: written bytes differ"
                    );
                }
            }
        }
        assert!(
            fast > 5_000 && declined > 1_000 && rtn > 2_000 && wide > 1_000 && cmp > 300,
            "fast {fast}, declined {declined}, returning {rtn}, 64-bit {wide}, compare-and-swap {cmp}"
        );
    }

    /// Random DS atomics of every single-address row on each arch, at addresses inside the
    /// LDS, past it, misaligned or all one word, on LDS bytes and data of few values, under
    /// random EXEC: where the fast path ran one, the wave and the LDS are the general
    /// executor's; where it declined, nothing changed.
    #[test]
    fn fast_lds_atomics_equal_general_executor() {
        let mut r = Rng(0x1d5a_7011_c000_0002);
        let (mut fast, mut declined, mut rtn, mut wide) = (0, 0, 0, 0);
        let mem = Memory::default();
        const SIZE: usize = 512;
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            for _ in 0..12_000 {
                let words = [r.next() as u32 & 0x03ff_ffff | 0xd800_0000, r.next() as u32];
                let atomic = |d: &InstrDef| matches!(d.sem, Some(Sem::Mem(MemSem::Atomic { .. })));
                let Some(i) = random_row(&mut r, a, &words, 256, atomic) else {
                    continue;
                };
                let d = i.def().unwrap();
                let Some(Sem::Mem(m)) = d.sem else { unreachable!() };
                let Some(p @ FastMem::LdsAtomic(x)) = FastMem::plan(&i, d) else {
                    continue;
                };
                let few = r.next().is_multiple_of(2);
                let value = |r: &mut Rng| if few { r.next() as u32 % 3 } else { r.next() as u32 };
                let lds: Vec<u8> = (0..SIZE / 4).flat_map(|_| value(&mut r).to_le_bytes()).collect();
                let mut w = Wave::new(a);
                for row in w.v.iter_mut() {
                    row.iter_mut().for_each(|x| *x = value(&mut r));
                }
                let off = x.offset;
                let kind = r.next() % 5;
                let start = (r.next() as u32 % SIZE as u32) & !7;
                for lane in 0..64u32 {
                    let o = match kind {
                        0 => start + 4 * lane,
                        1 => (r.next() as u32 % SIZE as u32) & !if r.next().is_multiple_of(8) { 0 } else { 7 },
                        2 => start,
                        3 => (r.next() as u32 % 4) * 8,
                        _ => (r.next() as u32 % (SIZE as u32 + 64)) & !3,
                    };
                    w.v[x.vaddr as usize][lane as usize] = o.wrapping_sub(off);
                }
                let exec = [u64::MAX, r.next(), 1 << (r.next() % 64), 0][r.next() as usize % 4];
                w.set_pair(super::super::wave::EXEC, exec);
                let (mut g, before) = (w.clone(), w.clone());
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                let (mut l1, mut l2) = (lds.clone(), lds.clone());
                if !p.run(&mut w, &mem, &mut l1, Private::default(), &mut 0) {
                    declined += 1;
                    assert!(
                        w.v == before.v && l1 == lds,
                        "{a}: `{text}` declined but changed something"
                    );
                    continue;
                }
                fast += 1;
                rtn += x.rtn as usize;
                wide += (x.width == 2) as usize;
                let general = vmem::ds(&mut g, &mut general(&mem, &mut l2), &i, d, m);
                assert!(
                    general.is_ok(),
                    "{a}: `{text}` (kind {kind}): the fast path ran what fails"
                );
                assert!(
                    w.v == g.v && w.v_written == g.v_written,
                    "{a}: `{text}` (kind {kind}): VGPRs differ"
                );
                assert!(l1 == l2, "{a}: `{text}` (kind {kind}): the LDS differs");
            }
        }
        assert!(
            fast > 5_000 && declined > 1_000 && rtn > 2_000 && wide > 1_000,
            "fast {fast}, declined {declined}, returning {rtn}, 64-bit {wide}"
        );
    }
}
