//! Executes memory instructions: scalar loads (SMRD/SMEM), LDS (DS), buffers (MUBUF) and
//! FLAT/GLOBAL/SCRATCH. The row's [`MemSem`] says what moves; the class's fields say where
//! (DESIGN.md *The kernel machine*). Memory operations complete when they issue.

use super::exec::EmuError;
use super::image::Format;
use super::memory::{Fault, Memory, Region};
use super::monitor::{Access, AccessKind, Space};
use super::ops::atomic::{atomic32, atomic64};
use super::scalar::{read_scalar, write_scalar, PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};
use super::wave::Wave;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{AtomicOp, Flags, Form, InstrDef, MemSem, Ty};
use crate::layout::SADDR_OFF;

/// What a wave's memory instructions reach besides its registers.
pub struct MemCtx<'a> {
    pub mem: &'a Memory,
    /// The work-group's LDS.
    pub lds: &'a mut [u8],
    /// The wave's scratch: the address of its first byte (the swizzled private segment of its
    /// 64 lanes) and the bytes each lane has.
    pub scratch: u64,
    pub private_size: u32,
    /// Instructions the wave has executed.
    pub clock: u64,
    /// What S_MEMTIME and S_MEMREALTIME read.
    pub time: super::kernel::Clock,
    /// While a checker watches: every lane's access is logged here, and `lds_defined` keeps
    /// which LDS bytes were written (a bit each).
    pub log: Option<&'a std::cell::RefCell<Vec<Access>>>,
    pub lds_defined: &'a mut [u64],
    /// The instruction's GLC bit (for the log).
    pub coherent: bool,
    /// The dispatch's scratch (every wave's private memory), `[start, end)`: the log calls
    /// accesses there private.
    pub private: (u64, u64),
    /// LDS takes misaligned accesses: GCN 1.4 in the unaligned mode ROCm's driver sets
    /// (SH_MEM_CONFIG.ALIGNMENT_MODE), which LLVM assumes for amdhsa (clang-14 writes
    /// `ds_read_b32` at an odd LDS address for gfx900, four `ds_read_u8` for gfx803).
    pub unaligned_lds: bool,
}

impl MemCtx<'_> {
    /// Logs one lane's access (before it is made: a read's definedness is the memory's as
    /// it was), and for an LDS write, marks its bytes written.
    #[inline]
    fn note(&mut self, at: At, bytes: u32, kind: AccessKind, lane: usize) {
        let Some(log) = self.log else { return };
        let (space, addr, defined) = match at {
            At::Global(a) => {
                let space = if (self.private.0..self.private.1).contains(&a) {
                    Space::Private
                } else {
                    Space::Global
                };
                (
                    space,
                    a,
                    kind == AccessKind::Write || self.mem.is_defined(a, bytes as u64),
                )
            }
            At::Lds(o) => {
                let bit = |b: u64| (b >> 6) as usize;
                let range = o as u64..o as u64 + bytes as u64;
                let d = &mut *self.lds_defined;
                let defined = kind == AccessKind::Write
                    || range
                        .clone()
                        .all(|b| d.get(bit(b)).is_none_or(|w| w >> (b & 63) & 1 != 0));
                if kind != AccessKind::Read {
                    for b in range {
                        if let Some(w) = d.get_mut(bit(b)) {
                            *w |= 1 << (b & 63);
                        }
                    }
                }
                (Space::Lds, o as u64, defined)
            }
            At::None => return,
        };
        log.borrow_mut().push(Access {
            lane: lane as u8,
            space,
            addr,
            bytes: bytes as u8,
            kind,
            defined,
            coherent: self.coherent,
        });
    }
}

/// Why a memory instruction failed.
pub enum MemError {
    Fault(Fault, usize),
    Lds(String, usize),
    Emu(EmuError),
}

impl From<EmuError> for MemError {
    fn from(e: EmuError) -> MemError {
        MemError::Emu(e)
    }
}

impl MemError {
    /// The message, naming the lane (and for a fault, where in `mem` the address is).
    pub fn message(&self, mem: &Memory) -> String {
        match self {
            MemError::Fault(f, lane) => match mem.whereabouts(f.addr) {
                Some(w) => format!("{f} (lane {lane}): {w}"),
                None => format!("{f} (lane {lane})"),
            },
            MemError::Lds(m, lane) => format!("{m} (lane {lane})"),
            MemError::Emu(e) => e.to_string(),
        }
    }
}

/// Where one lane's access goes.
#[derive(Clone, Copy)]
enum At {
    Global(u64),
    /// A byte offset in LDS.
    Lds(u32),
    /// Outside a buffer's range: reads give 0, writes are dropped.
    None,
}

fn fault(f: Fault, lane: usize) -> MemError {
    MemError::Fault(f, lane)
}

/// The dwords of one access: `bytes` (1, 2, 4, 8...) at `at`.
fn load(ctx: &mut MemCtx, at: At, bytes: u32, lane: usize) -> Result<u64, MemError> {
    ctx.note(at, bytes, AccessKind::Read, lane);
    match at {
        At::Global(a) => ctx.mem.read(a, bytes as u8).map_err(|f| fault(f, lane)),
        At::Lds(o) => {
            let r = lds_range(ctx, o, bytes, lane)?;
            let mut v = 0u64;
            for (k, b) in ctx.lds[r].iter().enumerate() {
                v |= (*b as u64) << (8 * k);
            }
            Ok(v)
        }
        At::None => Ok(0),
    }
}

/// An image texel's bytes at global address `addr` (logged for a checker as any access is).
pub(crate) fn read_bytes(ctx: &mut MemCtx, addr: u64, out: &mut [u8], lane: usize) -> Result<(), MemError> {
    ctx.note(At::Global(addr), out.len() as u32, AccessKind::Read, lane);
    ctx.mem.read_bytes(addr, out).map_err(|f| fault(f, lane))
}

/// Writes an image texel's bytes at global address `addr` (logged).
pub(crate) fn write_bytes(ctx: &mut MemCtx, addr: u64, data: &[u8], lane: usize) -> Result<(), MemError> {
    ctx.note(At::Global(addr), data.len() as u32, AccessKind::Write, lane);
    ctx.mem.write_bytes(addr, data).map_err(|f| fault(f, lane))
}

fn store(ctx: &mut MemCtx, at: At, bytes: u32, v: u64, lane: usize) -> Result<(), MemError> {
    ctx.note(at, bytes, AccessKind::Write, lane);
    match at {
        At::Global(a) => ctx.mem.write(a, bytes as u8, v).map_err(|f| fault(f, lane)),
        At::Lds(o) => {
            let r = lds_range(ctx, o, bytes, lane)?;
            for (k, b) in ctx.lds[r].iter_mut().enumerate() {
                *b = (v >> (8 * k)) as u8;
            }
            Ok(())
        }
        At::None => Ok(()),
    }
}

/// LDS bytes `[o, o + bytes)`: inside the work-group's allocation and, before GCN 1.4,
/// aligned (to 4 bytes for accesses of 4 or more, 2 for 16-bit ones; the hardware ignores
/// the low address bits: a wrong address), else an error.
fn lds_range(ctx: &MemCtx, o: u32, bytes: u32, lane: usize) -> Result<std::ops::Range<usize>, MemError> {
    let align = bytes.min(4);
    if !ctx.unaligned_lds && !o.is_multiple_of(align) {
        return Err(MemError::Lds(
            format!("misaligned LDS access: {bytes} bytes at 0x{o:x}"),
            lane,
        ));
    }
    let end = o as u64 + bytes as u64;
    if end > ctx.lds.len() as u64 {
        return Err(MemError::Lds(
            format!(
                "LDS access of {bytes} bytes at 0x{o:x} is outside the work-group's {} bytes",
                ctx.lds.len()
            ),
            lane,
        ));
    }
    Ok(o as usize..end as usize)
}

/// An atomic on `bytes` (4 or 8) at `at`; returns the old value.
fn atomic(
    ctx: &mut MemCtx,
    at: At,
    op: AtomicOp,
    bytes: u32,
    data: u64,
    cmp: u64,
    lane: usize,
) -> Result<u64, MemError> {
    let f32 = |old: u64| atomic32(op, old as u32, data as u32, cmp as u32) as u64;
    let f64 = |old: u64| atomic64(op, old, data, cmp);
    ctx.note(at, bytes, AccessKind::Atomic, lane);
    match at {
        At::Global(a) if bytes == 8 => ctx.mem.atomic64(a, f64).map_err(|f| fault(f, lane)),
        At::Global(a) => ctx
            .mem
            .atomic32(a, |o| f32(o as u64) as u32)
            .map(|o| o as u64)
            .map_err(|f| fault(f, lane)),
        At::Lds(_) => {
            // Noted once, as an atomic (not as the read and write it is made of).
            let log = ctx.log.take();
            let r = load(ctx, at, bytes, lane).and_then(|old| {
                let new = if bytes == 8 { f64(old) } else { f32(old) };
                store(ctx, at, bytes, new, lane).map(|()| old)
            });
            ctx.log = log;
            r
        }
        At::None => Ok(0),
    }
}

/// VGPR `r` of `lane`, 0 past v255.
#[inline]
fn vgpr(w: &Wave, r: usize, lane: usize) -> u32 {
    w.v.get(r).map_or(0, |row| row[lane])
}

#[inline]
fn set_vgpr(w: &mut Wave, r: usize, lane: usize, v: u32) {
    if let Some(row) = w.v.get_mut(r) {
        row[lane] = v;
        w.v_written[r] = true;
    }
}

/// A 32-bit (`dwords` 1) or 64-bit (2) value of `lane` from VGPR `r` (and `r + 1`).
#[inline]
pub(crate) fn value(w: &Wave, r: usize, lane: usize, dwords: usize) -> u64 {
    let lo = vgpr(w, r, lane) as u64;
    if dwords == 2 {
        lo | (vgpr(w, r + 1, lane) as u64) << 32
    } else {
        lo
    }
}

/// Writes a 32-bit or 64-bit value of `lane` to VGPR `r` (and `r + 1`).
#[inline]
pub(crate) fn set_value(w: &mut Wave, r: usize, lane: usize, dwords: usize, v: u64) {
    set_vgpr(w, r, lane, v as u32);
    if dwords == 2 {
        set_vgpr(w, r + 1, lane, (v >> 32) as u32);
    }
}

/// Sign- or zero-extends the low `bytes` of `v`.
pub(crate) fn extend(v: u64, bytes: u32, sext: bool) -> u32 {
    match (bytes, sext) {
        (1, true) => v as u8 as i8 as i32 as u32,
        (1, false) => v as u8 as u32,
        (2, true) => v as u16 as i16 as i32 as u32,
        (2, false) => v as u16 as u32,
        _ => v as u32,
    }
}

/// Moves one lane's data: a load into VGPRs from `vdst`, a store of VGPRs from `vdata`, or
/// an atomic (old value to `vdst` when `rtn`). `dwords`: the data width in dwords.
#[allow(clippy::too_many_arguments)]
fn lane_access(
    w: &mut Wave,
    ctx: &mut MemCtx,
    lane: usize,
    at: At,
    m: MemSem,
    dwords: usize,
    vdst: usize,
    vdata: usize,
    rtn: bool,
) -> Result<(), MemError> {
    match m {
        MemSem::Load { bytes, sext } if bytes < 4 => {
            let v = load(ctx, at, bytes as u32, lane)?;
            set_vgpr(w, vdst, lane, extend(v, bytes as u32, sext));
        }
        MemSem::Load { .. } => {
            let mut k = 0;
            while k < dwords {
                let at = at_plus(at, 4 * k as u64);
                if let Some((r, o)) = (k + 1 < dwords).then(|| pair(ctx, at, AccessKind::Read, lane)).flatten() {
                    let v = r.read_u64(o);
                    set_vgpr(w, vdst + k, lane, v as u32);
                    set_vgpr(w, vdst + k + 1, lane, (v >> 32) as u32);
                    k += 2;
                    continue;
                }
                let v = load(ctx, at, 4, lane)?;
                set_vgpr(w, vdst + k, lane, v as u32);
                k += 1;
            }
        }
        MemSem::LoadD16 { bytes, sext, hi } => {
            let v = extend(load(ctx, at, bytes as u32, lane)?, bytes as u32, sext) & 0xffff;
            let old = vgpr(w, vdst, lane);
            let new = if hi {
                (old & 0xffff) | v << 16
            } else {
                (old & 0xffff_0000) | v
            };
            set_vgpr(w, vdst, lane, new);
        }
        MemSem::Store { bytes } if bytes < 4 => {
            store(ctx, at, bytes as u32, vgpr(w, vdata, lane) as u64, lane)?;
        }
        MemSem::Store { .. } => {
            let mut k = 0;
            while k < dwords {
                let at = at_plus(at, 4 * k as u64);
                if let Some((r, o)) = (k + 1 < dwords).then(|| pair(ctx, at, AccessKind::Write, lane)).flatten() {
                    r.write_u64(o, vgpr(w, vdata + k, lane) as u64 | (vgpr(w, vdata + k + 1, lane) as u64) << 32);
                    k += 2;
                    continue;
                }
                store(ctx, at, 4, vgpr(w, vdata + k, lane) as u64, lane)?;
                k += 1;
            }
        }
        MemSem::StoreD16Hi { bytes } => {
            store(ctx, at, bytes as u32, (vgpr(w, vdata, lane) >> 16) as u64, lane)?;
        }
        MemSem::Atomic { op, .. } => {
            // The data: one value, or {src, cmp} for the compare-and-swap forms.
            let wide = if matches!(op, AtomicOp::CmpSwap | AtomicOp::CmpSwapF) {
                dwords / 2
            } else {
                dwords
            };
            let bytes = 4 * wide as u32;
            let data = value(w, vdata, lane, wide);
            let cmp = if wide < dwords {
                value(w, vdata + wide, lane, wide)
            } else {
                0
            };
            let old = atomic(ctx, at, op, bytes, data, cmp, lane)?;
            if rtn {
                set_value(w, vdst, lane, wide, old);
            }
        }
        _ => {}
    }
    Ok(())
}

/// Two dwords of a lane's global access at `at` moved as one 8-byte access, when they are
/// 8-byte aligned inside one region: a GPU's aligned dwordx2 is single-copy atomic, and
/// decoupled look-back scans (rocPRIM's) pack a flag and its prefix in one
/// ([`Region::read_u64`]). Logged as the two dwords they are; `None`: not such a pair (moved
/// dword by dword, a fault reported as before).
fn pair<'a>(ctx: &mut MemCtx<'a>, at: At, kind: AccessKind, lane: usize) -> Option<(&'a Region, u64)> {
    let At::Global(a) = at else { return None };
    if a & 7 != 0 {
        return None;
    }
    let mem: &'a Memory = ctx.mem;
    let (r, o) = mem.span(a, 8)?;
    ctx.note(at, 4, kind, lane);
    ctx.note(at_plus(at, 4), 4, kind, lane);
    Some((r, o))
}

/// A lane's access of `dwords` dwords whose dword k is at `at(4 k)`: swizzled memory (a
/// private segment, whose lanes' dwords interleave) puts a wide load's or store's dwords
/// apart, one access each; everything else is one access at `at(0)`.
#[allow(clippy::too_many_arguments)]
fn lane_access_split(
    w: &mut Wave,
    ctx: &mut MemCtx,
    lane: usize,
    at: impl Fn(u64) -> At,
    m: MemSem,
    dwords: usize,
    vdst: usize,
    vdata: usize,
    rtn: bool,
) -> Result<(), MemError> {
    match m {
        MemSem::Load { bytes: 4, .. } | MemSem::Store { bytes: 4 } if dwords > 1 => {
            for k in 0..dwords {
                lane_access(w, ctx, lane, at(4 * k as u64), m, 1, vdst + k, vdata + k, rtn)?;
            }
            Ok(())
        }
        _ => lane_access(w, ctx, lane, at(0), m, dwords, vdst, vdata, rtn),
    }
}

fn at_plus(at: At, d: u64) -> At {
    match at {
        At::Global(a) => At::Global(a.wrapping_add(d)),
        At::Lds(o) => At::Lds(o.wrapping_add(d as u32)),
        At::None => At::None,
    }
}

/// The row's data width in dwords (a load's destination, a store's or atomic's data).
fn data_dwords(d: &InstrDef, m: MemSem) -> usize {
    match m {
        MemSem::Load { .. } | MemSem::LoadD16 { .. } => d.dst.regs() as usize,
        _ => d.src[0].regs() as usize,
    }
}

fn unsupported(d: &InstrDef, w: &Wave, what: &str) -> MemError {
    MemError::Emu(EmuError::Unsupported(format!("{}: {what}", d.name[w.arch.index()])))
}

// ---------------------------------------------------------------------------------------------
// Scalar memory

/// SMRD (GCN 1.0/1.1) and SMEM (GCN 1.2+).
/// SMEM's immediate byte offset. GCN 1.4 reads its 21 bits as a signed offset in the plain
/// (not buffer) instructions and as unsigned in the buffer ones (the GFX9 manual's SMEM
/// OFFSET; llvm-mc: "expected a 21-bit signed offset" / "20-bit unsigned"); clang emits
/// `s_load_dwordx2 s[8:9], s[4:5], -0x4` for a pointer it advanced a step early. GCN 1.2's 20
/// bits are unsigned.
pub(crate) fn smem_imm(i: &Instr, d: &InstrDef) -> u64 {
    let v = i.get(F::Offset) as u64;
    if i.arch.is_gcn14() && !d.flags.has(Flags::BUFFER) && v & 0x10_0000 != 0 {
        v | !0x1f_ffff
    } else {
        v
    }
}

pub fn smem(w: &mut Wave, ctx: &mut MemCtx, i: &Instr, d: &'static InstrDef, m: MemSem) -> Result<(), MemError> {
    if m == MemSem::Nop {
        return Ok(());
    }
    let sdata = if i.enc == Enc::Smem {
        i.get(F::Sdata)
    } else {
        i.sdst() as u32
    } as u16;
    if matches!(m, MemSem::Time | MemSem::RealTime) {
        let real = m == MemSem::RealTime;
        return Ok(write_scalar(w, sdata, 2, ctx.time.read(ctx.clock, real))?);
    }
    let base_code = (i.get(F::Sbase) * 2) as usize;
    let sg = |k: usize| w.s[(base_code + k) & 127];
    // The offset: SMRD's immediate counts dwords (GCN 1.1's literal too), SMEM's bytes; an
    // SGPR offset is in bytes. GCN 1.4's SOE adds an SGPR to the immediate.
    let vi = i.enc == Enc::Smem;
    let imm = i.get(F::Imm) != 0;
    let mut off: u64 = if vi {
        let mut o = if imm { smem_imm(i, d) } else { 0 };
        if !imm || i.get(F::Soe) != 0 {
            let code = if i.get(F::Soe) != 0 {
                i.get(F::Soffset)
            } else {
                i.get(F::Offset)
            } as u16;
            o = o.wrapping_add(read_scalar(w, i, code, 1, Ty::B32)? & 0xffff_ffff);
        }
        o
    } else if imm {
        i.get(F::Offset) as u64 * 4
    } else if i.get(F::Offset) == 255 {
        i.literal.unwrap_or(0) as u64 * 4
    } else {
        read_scalar(w, i, i.get(F::Offset) as u16, 1, Ty::B32)? & 0xffff_ffff
    };
    off &= !3;
    let dwords = data_dwords(d, m);
    let buffer = d.flags.has(Flags::BUFFER);
    let (base, limit) = if buffer {
        let base = sg(0) as u64 | ((sg(1) & 0xffff) as u64) << 32;
        let stride = sg(1) >> 16 & 0x3fff;
        (base, if stride == 0 { Some(sg(2) as u64) } else { None })
    } else {
        (sg(0) as u64 | ((sg(1) & 0xffff) as u64) << 32, None)
    };
    match m {
        MemSem::Load { .. } => {
            for k in 0..dwords {
                let o = off + 4 * k as u64;
                let v = match limit {
                    Some(n) if o + 4 > n => 0,
                    _ => load(ctx, At::Global(base.wrapping_add(o)), 4, 0)? as u32,
                };
                write_scalar(w, sdata + k as u16, 1, v as u64)?;
            }
        }
        MemSem::Store { .. } => {
            for k in 0..dwords {
                let o = off + 4 * k as u64;
                if limit.is_some_and(|n| o + 4 > n) {
                    continue;
                }
                let v = w.s[(sdata as usize + k) & 127];
                store(ctx, At::Global(base.wrapping_add(o)), 4, v as u64, 0)?;
            }
        }
        MemSem::Atomic { op, .. } => {
            let cmpswap = matches!(op, AtomicOp::CmpSwap | AtomicOp::CmpSwapF);
            let wide = if cmpswap { dwords / 2 } else { dwords };
            let get = |k: usize| {
                let lo = w.s[(sdata as usize + k) & 127] as u64;
                if wide == 2 {
                    lo | (w.s[(sdata as usize + k + 1) & 127] as u64) << 32
                } else {
                    lo
                }
            };
            let (data, cmp) = (get(0), if cmpswap { get(wide) } else { 0 });
            let old = atomic(
                ctx,
                At::Global(base.wrapping_add(off)),
                op,
                4 * wide as u32,
                data,
                cmp,
                0,
            )?;
            if i.get(F::Glc) != 0 {
                write_scalar(w, sdata, wide as u8, old)?;
            }
        }
        _ => return Err(unsupported(d, w, "no scalar-memory semantics")),
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// LDS

/// DS: LDS reads, writes and atomics, and the lane exchanges.
pub fn ds(w: &mut Wave, ctx: &mut MemCtx, i: &Instr, d: &'static InstrDef, m: MemSem) -> Result<(), MemError> {
    if i.get(F::Gds) != 0 {
        return Err(unsupported(d, w, "GDS (no global data share is modelled)"));
    }
    let exec = w.exec();
    let vaddr = i.get(F::Vaddr) as usize;
    let data0 = i.get(F::Vdata) as usize;
    let data1 = i.get(F::Data1) as usize;
    let vdst = i.get(F::Vdst) as usize;
    let (o0, o1) = (i.get(F::Offset0), i.get(F::Offset1));
    match m {
        MemSem::Swizzle => {
            swizzle(w, o1 << 8 | o0, vaddr, vdst);
            return Ok(());
        }
        MemSem::Permute { back } => {
            permute(w, back, o1 << 8 | o0, vaddr, data0, vdst);
            return Ok(());
        }
        MemSem::Nop => return Ok(()),
        _ => {}
    }
    let two = d.flags.has(Flags::OFFSET2);
    let dwords = data_dwords(d, m);
    for lane in 0..64 {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let addr = vgpr(w, vaddr, lane);
        if two {
            // Two elements of half the data each, at OFFSET0 and OFFSET1 elements (64 times
            // that for the ST64 forms).
            // A two-address load reads two elements of half its destination; a store or
            // exchange writes its data's width at each.
            let half = match m {
                MemSem::Load { .. } => dwords / 2,
                _ => d.src[0].regs() as usize,
            };
            let unit = 4 * half as u32 * if d.flags.has(Flags::ST64) { 64 } else { 1 };
            for (k, o) in [o0, o1].into_iter().enumerate() {
                let at = At::Lds(addr.wrapping_add(o * unit));
                match m {
                    MemSem::Atomic { rtn, .. } => {
                        // DS_WRXCHG2*: each element swapped with DATA0 / DATA1.
                        let src = if k == 0 { data0 } else { data1 };
                        lane_access(w, ctx, lane, at, m, half, vdst + k * half, src, rtn)?
                    }
                    MemSem::Store { .. } => {
                        let src = if k == 0 { data0 } else { data1 };
                        lane_access(w, ctx, lane, at, m, half, 0, src, false)?
                    }
                    _ => lane_access(w, ctx, lane, at, m, half, vdst + k * half, 0, false)?,
                }
            }
            continue;
        }
        let at = At::Lds(addr.wrapping_add(o1 << 8 | o0));
        match m {
            MemSem::Atomic { op, rtn } => {
                let (a, b) = (value(w, data0, lane, dwords), value(w, data1, lane, dwords));
                let (data, cmp) = ds_operands(op, a, b);
                let old = atomic(ctx, at, op, 4 * dwords as u32, data, cmp, lane)?;
                if rtn {
                    set_value(w, vdst, lane, dwords, old);
                }
            }
            _ => lane_access(w, ctx, lane, at, m, dwords, vdst, data0, false)?,
        }
    }
    Ok(())
}

/// A DS atomic's data and compare values ([`AtomicOp`]) from its DATA0 and DATA1: DS_CMPST
/// takes DATA0 as cmp and DATA1 as src, DS_MSKOR DATA0 as the mask and DATA1 as the bits to
/// set, DS_WRAP both in order; the others DATA0 alone.
pub(crate) fn ds_operands(op: AtomicOp, data0: u64, data1: u64) -> (u64, u64) {
    match op {
        AtomicOp::CmpSwap | AtomicOp::CmpSwapF => (data1, data0),
        AtomicOp::Mskor | AtomicOp::Wrap => (data0, data1),
        _ => (data0, 0),
    }
}

/// DS_SWIZZLE_B32 (the data is VADDR's register): offset bit 15 set: QDMode (each lane of a group of four takes the lane its
/// 2-bit selector names); clear: BitMode on groups of 32 (lane = ((id & and) | or) ^ xor).
/// Lanes that are inactive or whose source is inactive get 0.
pub(crate) fn swizzle(w: &mut Wave, offset: u32, src: usize, vdst: usize) {
    let exec = w.exec();
    let src: [u32; 64] = std::array::from_fn(|l| vgpr(w, src, l));
    for lane in 0..64 {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let from = if offset & 0x8000 != 0 {
            (lane & !3) | (offset as usize >> (2 * (lane & 3)) & 3)
        } else {
            let (and, or, xor) = (offset & 31, offset >> 5 & 31, offset >> 10 & 31);
            (lane & 32) | ((((lane as u32 & and) | or) ^ xor) as usize & 31)
        };
        let v = if exec >> from & 1 != 0 { src[from] } else { 0 };
        set_vgpr(w, vdst, lane, v);
    }
}

/// DS_PERMUTE_B32 / DS_BPERMUTE_B32: lane index = (VADDR + offset) / 4 mod 64.
pub(crate) fn permute(w: &mut Wave, back: bool, offset: u32, vaddr: usize, data0: usize, vdst: usize) {
    let exec = w.exec();
    let src: [u32; 64] = std::array::from_fn(|l| vgpr(w, data0, l));
    let idx: [usize; 64] = std::array::from_fn(|l| (vgpr(w, vaddr, l).wrapping_add(offset) / 4 % 64) as usize);
    let mut out = [0u32; 64];
    if back {
        for l in 0..64 {
            // Reading an inactive lane gives 0.
            out[l] = if exec >> idx[l] & 1 != 0 { src[idx[l]] } else { 0 };
        }
    } else {
        // Forward: active lanes write to their target; the highest lane wins a collision.
        for l in 0..64 {
            if exec >> l & 1 != 0 {
                out[idx[l]] = src[l];
            }
        }
    }
    for (l, v) in out.into_iter().enumerate() {
        if exec >> l & 1 != 0 {
            set_vgpr(w, vdst, l, v);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Buffers

/// A buffer resource (V#).
pub(crate) struct Vsharp {
    pub(crate) base: u64,
    stride: u64,
    pub(crate) swizzle: bool,
    num_records: u64,
    pub(crate) element_size: u64,
    pub(crate) index_stride: u64,
    pub(crate) add_tid: bool,
}

impl Vsharp {
    /// The resource in the four SGPRs from `code`.
    pub(crate) fn of(w: &Wave, code: usize) -> Vsharp {
        let s = |k: usize| w.s[(code + k) & 127];
        let d3 = s(3);
        Vsharp {
            base: s(0) as u64 | ((s(1) & 0xffff) as u64) << 32,
            stride: (s(1) >> 16 & 0x3fff) as u64,
            swizzle: s(1) >> 31 != 0,
            num_records: s(2) as u64,
            element_size: 2 << (d3 >> 19 & 3),
            index_stride: 8 << (d3 >> 21 & 3),
            add_tid: d3 >> 23 & 1 != 0,
        }
    }
}

/// MUBUF and MTBUF: buffer loads, stores, atomics and typed (format) accesses.
pub fn mubuf(w: &mut Wave, ctx: &mut MemCtx, i: &Instr, d: &'static InstrDef, m: MemSem) -> Result<(), MemError> {
    if m == MemSem::Nop {
        return Ok(());
    }
    let format = match m {
        MemSem::Format { .. } => Some(buffer_format(w, i, d)?),
        _ => None,
    };
    // D16 typed rows: f16 data, two per VGPR on GCN 1.4 (the rows' D16_PACKED).
    let (d16, packed) = match m {
        MemSem::Format { d16, comps, .. } => {
            if d16 && format.as_ref().is_some_and(|f| !f.num.is_float()) {
                return Err(unsupported(d, w, "d16 typed accesses of an integer format"));
            }
            (d16.then_some(comps as usize), d16 && i.arch.is_gcn14())
        }
        _ => (None, false),
    };
    if i.get(F::Lds) != 0 {
        return Err(unsupported(d, w, "loads to LDS"));
    }
    let exec = w.exec();
    let v = Vsharp::of(w, (i.get(F::Srsrc) * 4) as usize);
    let soffset = read_scalar(w, i, i.get(F::Soffset) as u16, 1, Ty::B32)? & 0xffff_ffff;
    let inst_off = i.get(F::Offset) as u64;
    let (offen, idxen, addr64) = (i.get(F::Offen) != 0, i.get(F::Idxen) != 0, i.get(F::Addr64) != 0);
    let vaddr = i.get(F::Vaddr) as usize;
    let vdata = i.get(F::Vdata) as usize;
    let dwords = data_dwords(d, m);
    let glc = i.get(F::Glc) != 0;
    let rtn = matches!(m, MemSem::Atomic { .. }) && glc;
    let bytes = match m {
        MemSem::Load { bytes, .. }
        | MemSem::Store { bytes }
        | MemSem::LoadD16 { bytes, .. }
        | MemSem::StoreD16Hi { bytes }
            if bytes < 4 =>
        {
            bytes as u64
        }
        // A typed element: the format's size.
        MemSem::Format { .. } => format.as_ref().map_or(4, |f| f.bytes() as u64),
        _ => 4 * dwords as u64,
    };
    let tfe = i.get(F::Tfe) != 0;
    for lane in 0..64 {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let at = if addr64 {
            let a = vgpr(w, vaddr, lane) as u64 | (vgpr(w, vaddr + 1, lane) as u64) << 32;
            At::Global(v.base.wrapping_add(a).wrapping_add(soffset).wrapping_add(inst_off))
        } else {
            let mut index = if idxen { vgpr(w, vaddr, lane) as u64 } else { 0 };
            if v.add_tid {
                index += lane as u64;
            }
            let voff = if offen {
                vgpr(w, vaddr + idxen as usize, lane) as u64
            } else {
                0
            };
            let offset = (voff + inst_off) & 0xffff_ffff;
            // Range checking: byte offsets against NUM_RECORDS for raw buffers, indices for
            // structured ones (a swizzled private segment is never out of range here: its
            // resource's NUM_RECORDS covers it).
            let out = if v.stride == 0 || v.swizzle {
                v.stride == 0 && !v.swizzle && offset + bytes > v.num_records
            } else {
                index >= v.num_records || offset + bytes > v.stride
            };
            if out {
                At::None
            } else if v.swizzle {
                // Elements smaller than the access: each dword at its own element.
                if bytes > v.element_size && matches!(m, MemSem::Load { .. } | MemSem::Store { .. }) {
                    let at = |d: u64| At::Global(swizzled(&v, index, offset + d, soffset));
                    lane_access_split(w, ctx, lane, at, m, dwords, vdata, vdata, rtn)?;
                    if tfe {
                        set_vgpr(w, vdata + dwords, lane, 0);
                    }
                    continue;
                }
                At::Global(swizzled(&v, index, offset, soffset))
            } else {
                At::Global(v.base + soffset + index * v.stride + offset)
            }
        };
        let vdst = vdata;
        match (m, &format) {
            (
                MemSem::Format {
                    store: write, comps, ..
                },
                Some(f),
            ) => typed(w, ctx, lane, at, f, write, comps, vdata, d16.is_some(), packed)?,
            _ => lane_access(w, ctx, lane, at, m, dwords, vdst, vdata, rtn)?,
        }
        if tfe {
            let regs = match d16 {
                Some(n) if packed => n.div_ceil(2),
                Some(n) => n,
                None => dwords,
            };
            set_vgpr(w, vdata + regs, lane, 0);
        }
    }
    Ok(())
}

/// The format of a typed buffer access: MTBUF's DFMT/NFMT fields, MUBUF's resource (word 3:
/// NUM_FORMAT bits 12-14, DATA_FORMAT 15-18, whose DST_SEL must be the identity), through
/// the one format table and conversions images use ([`super::image::Format`]).
fn buffer_format(w: &Wave, i: &Instr, d: &InstrDef) -> Result<Format, MemError> {
    let (dfmt, nfmt) = if i.enc == Enc::Mtbuf {
        (i.get(F::Dfmt), i.get(F::Nfmt))
    } else {
        let d3 = w.s[((i.get(F::Srsrc) * 4) as usize + 3) & 127];
        if d3 & 0xfff != 0xfac {
            return Err(unsupported(
                d,
                w,
                "a buffer resource whose DST_SEL swizzles the components",
            ));
        }
        (d3 >> 15 & 15, d3 >> 12 & 7)
    };
    Format::of(dfmt, nfmt, false).map_err(|e| unsupported(d, w, &format!("buffer {e}")))
}

/// One lane's typed access of the element at `at`: its first `comps` components to or from
/// VGPRs from `vdata` (a store keeps the components it does not write); `d16`: as f16 data,
/// one per VGPR's low half, or two per VGPR when `packed`.
#[allow(clippy::too_many_arguments)]
fn typed(
    w: &mut Wave,
    ctx: &mut MemCtx,
    lane: usize,
    at: At,
    f: &Format,
    write: bool,
    comps: u8,
    vdata: usize,
    d16: bool,
    packed: bool,
) -> Result<(), MemError> {
    // Component c's VGPR and the shift of its half in it.
    let slot = |c: usize| {
        if packed {
            (vdata + c / 2, 16 * (c % 2))
        } else {
            (vdata + c, 0)
        }
    };
    let n = f.bytes();
    let mut raw = [0u8; 16];
    let all = (1u8 << f.widths.len()) - 1;
    let present = all & ((1u8 << comps) - 1);
    if !write {
        for (k, b) in raw[..n].iter_mut().enumerate() {
            *b = load(ctx, at_plus(at, k as u64), 1, lane)? as u8;
        }
    } else if let (At::Global(a), true) = (at, present != all) {
        // The channels a store keeps: not a read of the program's (no log entry).
        ctx.mem.read_bytes(a, &mut raw[..n]).map_err(|f| fault(f, lane))?;
    }
    if write {
        let v: [u32; 4] = std::array::from_fn(|c| match (c < comps as usize, d16) {
            (false, _) => 0,
            (true, false) => vgpr(w, vdata + c, lane),
            (true, true) => {
                let (r, sh) = slot(c);
                super::float::f16_to_f32(vgpr(w, r, lane) >> sh & 0xffff).to_bits()
            }
        });
        f.write(&mut raw[..n], &v, present)
            .map_err(|e| MemError::Emu(EmuError::Unsupported(e)))?;
        for (k, &b) in raw[..n].iter().enumerate() {
            store(ctx, at_plus(at, k as u64), 1, b as u64, lane)?;
        }
    } else {
        let v = f.read(&raw[..n]);
        for (c, &x) in v.iter().enumerate().take(comps as usize) {
            if !d16 {
                set_vgpr(w, vdata + c, lane, x);
                continue;
            }
            // A half's VGPR holds only it (and, packed, the component before it).
            let (r, sh) = slot(c);
            let keep = if sh == 0 { 0 } else { vgpr(w, r, lane) & 0xffff };
            set_vgpr(w, r, lane, keep | f.half(c, x) << sh);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// FLAT, GLOBAL, SCRATCH

/// The common case of a global access: whole dwords, every active lane inside one region
/// (no aperture, no fault). `None`: the lane-by-lane path decides (and reports faults).
#[allow(clippy::too_many_arguments)]
fn global_dwords(
    w: &mut Wave,
    ctx: &MemCtx,
    m: MemSem,
    dwords: usize,
    base: u64,
    off: i64,
    vaddr: usize,
    addr_regs: u8,
    vdst: usize,
    vdata: usize,
) -> Option<()> {
    let load = match m {
        MemSem::Load { bytes: 4, .. } => true,
        MemSem::Store { bytes: 4 } => false,
        _ => return None,
    };
    if addr_regs != 2 && base == 0 {
        return None;
    }
    let exec = w.exec();
    if exec == 0 {
        return None;
    }
    let addr = |w: &Wave, lane: usize| {
        let va = if addr_regs == 1 {
            w.v[vaddr][lane] as u64
        } else {
            w.v[vaddr][lane] as u64 | (w.v.get(vaddr + 1)?[lane] as u64) << 32
        };
        Some(base.wrapping_add(va).wrapping_add(off as u64))
    };
    let first = exec.trailing_zeros() as usize;
    let region = ctx.mem.region_at(addr(w, first)?)?;
    let n = 4 * dwords as u64;
    let mut offs = [0u64; 64];
    for (lane, o) in offs.iter_mut().enumerate() {
        if exec >> lane & 1 != 0 {
            let a = addr(w, lane)?;
            let r = a.wrapping_sub(region.base);
            if !region.holds(r, n) {
                return None;
            }
            *o = r;
        }
    }
    if vdst.max(vdata) + dwords > 256 {
        return None;
    }
    for (lane, &o) in offs.iter().enumerate() {
        if exec >> lane & 1 == 0 {
            continue;
        }
        for k in 0..dwords {
            if load {
                w.v[vdst + k][lane] = region.read_u32(o + 4 * k as u64);
            } else {
                region.write_u32(o + 4 * k as u64, w.v[vdata + k][lane]);
            }
        }
    }
    if load {
        for k in 0..dwords {
            w.v_written[vdst + k] = true;
        }
    }
    Some(())
}

/// A lane's private-segment byte `p` as a global address (the swizzled scratch layout of the
/// private segment buffer: dwords of the 64 lanes interleaved).
/// The address of byte `offset` of record `index` in a swizzled buffer: `index_stride`
/// records' elements interleaved.
fn swizzled(v: &Vsharp, index: u64, offset: u64, soffset: u64) -> u64 {
    let (ix_msb, ix_lsb) = (index / v.index_stride, index % v.index_stride);
    let (off_msb, off_lsb) = (offset / v.element_size, offset % v.element_size);
    v.base
        + soffset
        + (ix_msb * v.stride + off_msb * v.element_size) * v.index_stride
        + ix_lsb * v.element_size
        + off_lsb
}

/// Byte `p` of a lane's private segment (`size` bytes) in its wave's swizzled scratch at
/// `scratch`: each dword of the 64 lanes side by side.
fn private_addr(scratch: u64, size: u64, p: u64, lane: usize) -> At {
    if p >= size {
        return At::Global(u64::MAX - 0xffff); // faults
    }
    At::Global(scratch + (p / 4) * 4 * 64 + lane as u64 * 4 + p % 4)
}

/// The byte offset a FLAT/GLOBAL/SCRATCH word adds to its address: GCN 1.4's 12-bit unsigned
/// offset (FLAT) or 13-bit signed one (GLOBAL, SCRATCH); none before GCN 1.4.
pub(crate) fn flat_offset(i: &Instr) -> i64 {
    if !i.arch.is_gcn14() {
        return 0;
    }
    let raw = i.get(F::Offset);
    if i.get(F::Seg) == 0 {
        (raw & 0xfff) as i64
    } else {
        ((raw << 19) as i32 >> 19) as i64
    }
}

/// FLAT (GCN 1.1+) and GCN 1.4's GLOBAL and SCRATCH.
pub fn flat(w: &mut Wave, ctx: &mut MemCtx, i: &Instr, d: &'static InstrDef, m: MemSem) -> Result<(), MemError> {
    let exec = w.exec();
    let seg = i.get(F::Seg);
    let saddr = i.get(F::Saddr) as u16;
    let has_saddr = i.arch.is_gcn14() && seg != 0 && saddr != SADDR_OFF;
    let off = flat_offset(i);
    let vaddr = i.get(F::Vaddr) as usize;
    let vdata = i.get(F::Vdata) as usize;
    let vdst = i.get(F::Vdst) as usize;
    let dwords = data_dwords(d, m);
    let rtn = matches!(m, MemSem::Atomic { .. }) && i.get(F::Glc) != 0;
    let base = if has_saddr {
        let regs = if seg == 1 { 1 } else { 2 };
        read_scalar(w, i, saddr, regs, if regs == 2 { Ty::B64 } else { Ty::B32 })?
    } else {
        0
    };
    let addr_regs = crate::layout::flat_addr_regs(i);
    // (Not while a checker watches: it is told of every lane's access.)
    if (seg == 2 || seg == 0) && ctx.log.is_none() {
        if let Some(done) = global_dwords(w, ctx, m, dwords, base, off, vaddr, addr_regs, vdst, vdata) {
            return Ok(done);
        }
    }
    for lane in 0..64 {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let va = match addr_regs {
            0 => 0,
            1 => vgpr(w, vaddr, lane) as u64,
            _ => vgpr(w, vaddr, lane) as u64 | (vgpr(w, vaddr + 1, lane) as u64) << 32,
        };
        let a = base.wrapping_add(va).wrapping_add(off as u64);
        let private = seg == 1 || (seg == 0 && (a >> 32) as u32 == PRIVATE_APERTURE_HI);
        if private {
            // The lane's dwords of a private segment are 256 bytes apart.
            let (scratch, size) = (ctx.scratch, ctx.private_size as u64);
            let at = |d: u64| private_addr(scratch, size, (a & 0xffff_ffff) + d, lane);
            lane_access_split(w, ctx, lane, at, m, dwords, vdst, vdata, rtn)?;
            continue;
        }
        let at = match (seg, (a >> 32) as u32) {
            (0, SHARED_APERTURE_HI) => At::Lds(a as u32),
            _ => At::Global(a),
        };
        lane_access(w, ctx, lane, at, m, dwords, vdst, vdata, rtn)?;
    }
    if i.get(F::Tfe) != 0 && matches!(d.form, Form::FlatLoad) {
        for lane in 0..64 {
            if exec >> lane & 1 != 0 {
                set_vgpr(w, vdst + dwords, lane, 0);
            }
        }
    }
    Ok(())
}
