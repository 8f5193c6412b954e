//! Executes one instruction: operands in, semantics, modifiers, results out under EXEC.

use super::float::{ftz16, ftz32, ftz64, keeps_input_denorms, keeps_output_denorms};
use super::lanes::{Lanes, N};
use super::wave::{Wave, EXEC, M0, VCC};
use crate::arch::Arch;
use crate::enc::F;
use crate::instr::{Enc, Instr};
use crate::isa::{Exec, Flags, Form, InstrDef, Ty};
use crate::layout::{operands, Role};
use crate::operand::{classify, Src};

/// Why an instruction cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmuError {
    /// Not a vector-ALU instruction of the table (data word, unused opcode).
    NotAnInstruction(String),
    /// The row has no semantics yet.
    NotImplemented(String),
    /// An operand the emulator has no model for (LDS_DIRECT, the GCN 1.4 aperture registers,
    /// a register range past the end of its file...).
    Unsupported(String),
}

impl std::fmt::Display for EmuError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EmuError::NotAnInstruction(s) => write!(f, "not an executable instruction: {s}"),
            EmuError::NotImplemented(s) => write!(f, "no semantics for {s} yet"),
            EmuError::Unsupported(s) => write!(f, "unsupported: {s}"),
        }
    }
}

impl std::error::Error for EmuError {}

/// A wave plus the scratch space of the executor (kept between instructions: no allocation
/// per instruction).
pub struct Machine {
    pub wave: Wave,
    lanes: Box<Lanes>,
    /// Lane-operations executed (active lanes summed over instructions).
    pub lane_ops: u64,
    pub instructions: u64,
}

impl Machine {
    pub fn new(wave: Wave) -> Machine {
        let lanes = Box::new(Lanes::new(wave.arch));
        Machine {
            wave,
            lanes,
            lane_ops: 0,
            instructions: 0,
        }
    }

    /// Executes `i`: a vector-ALU or scalar-ALU instruction, a hardware-register or
    /// M0-relative move, or a no-op of the program-control rows (`s_nop`, `s_waitcnt`...).
    /// Branches, barriers and memory need a kernel ([`crate::emu::kernel`]).
    pub fn step(&mut self, i: &Instr) -> Result<(), EmuError> {
        use crate::isa::{Flow, Sem};
        let active = self.wave.exec().count_ones() as u64;
        match i.def().and_then(|d| d.sem.map(|s| (d, s))) {
            Some((d, Sem::Scalar(f))) => super::scalar::salu(&mut self.wave, i, d, f)?,
            Some((_, Sem::Flow(Flow::Nop))) => {}
            Some((
                d,
                Sem::Flow(
                    f @ (Flow::GetReg | Flow::SetReg | Flow::SetRegImm | Flow::MovRelS | Flow::MovRelD | Flow::GprIdx),
                ),
            )) => super::scalar::flow_regs(&mut self.wave, i, d, f)?,
            Some((d, Sem::Flow(_) | Sem::Mem(_))) => {
                return Err(EmuError::Unsupported(format!(
                    "{}: branches, barriers and memory run on the kernel machine (crate::emu::run_program)",
                    d.name[self.wave.arch.index()]
                )))
            }
            _ => {
                step_with(&mut self.wave, &mut self.lanes, i)?;
                self.lane_ops += active;
            }
        }
        self.instructions += 1;
        Ok(())
    }
}

/// Does `i` need the kernel machine (a branch, a barrier, memory, a trap...): something
/// [`Machine::step`] does not run?
pub fn needs_kernel(i: &Instr) -> bool {
    use crate::isa::{Flow, Sem};
    match i.def().and_then(|d| d.sem) {
        Some(Sem::Mem(_)) => true,
        Some(Sem::Flow(f)) => !matches!(
            f,
            Flow::Nop
                | Flow::End
                | Flow::GetReg
                | Flow::SetReg
                | Flow::SetRegImm
                | Flow::MovRelS
                | Flow::MovRelD
                | Flow::GprIdx
        ),
        _ => false,
    }
}

/// Does `i` end the program (S_ENDPGM and kin)? The run loops stop there.
pub fn ends_program(i: &Instr) -> bool {
    i.def().is_some_and(|d| d.flags.has(Flags::END))
}

/// Executes `i` on `w` (allocates scratch space; [`Machine::step`] reuses it).
pub fn step(w: &mut Wave, i: &Instr) -> Result<(), EmuError> {
    let mut l = Box::new(Lanes::new(w.arch));
    step_with(w, &mut l, i)
}

pub(crate) fn sign_bit(ty: Ty) -> (usize, u32) {
    match ty.regs() {
        2 => (1, 0x8000_0000),
        _ if ty.is_16() => (0, 0x8000),
        _ => (0, 0x8000_0000),
    }
}

/// How a source is taken from its register or constant, before the input modifiers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pick {
    /// The operand as it is.
    Whole,
    /// GCN 1.4 VOP3 OP_SEL: the high half of a 16-bit operand.
    Hi,
    /// SDWA: byte 0-3 (`sel` 0-3), word 0-1 (4-5) or the dword (6), zero- or (`sext`)
    /// sign-extended to 32 bits.
    Sdwa { sel: u32, sext: bool },
    /// DPP: SRC0 of the lane [`DppPlan`] names (0 where that lane is invalid).
    Dpp,
    /// VOP3P: the low result half reads the half `lo` names (OP_SEL), the high one the half
    /// `hi` names (OP_SEL_HI); NEG_LO/NEG_HI flip the sign of each.
    Packed {
        lo: bool,
        hi: bool,
        neg_lo: bool,
        neg_hi: bool,
    },
    /// V_MAD_MIX*/V_FMA_MIX*: with `f16` (OP_SEL_HI) the f16 half `hi` names (OP_SEL), converted
    /// to f32, else the f32 dword; NEG_HI takes the absolute value, then NEG_LO negates.
    Mix { f16: bool, hi: bool, neg: bool, abs: bool },
}

/// DPP's lane pattern, worked out once per instruction: the lane each lane reads SRC0 from,
/// which lanes read a valid lane (in range and active), and which lanes are written.
pub(crate) struct DppPlan {
    pub(crate) from: [u8; N],
    pub(crate) valid: u64,
    /// Lanes written: active, row and bank enabled, and a valid source lane or BOUND_CTRL set.
    pub(crate) write: u64,
    /// Lanes not written because their source lane is invalid and BOUND_CTRL is clear: a
    /// scalar result (compare, carry out) keeps its old bit there.
    pub(crate) keep: u64,
}

impl DppPlan {
    fn none(exec: u64) -> DppPlan {
        DppPlan {
            from: [0; N],
            valid: 0,
            write: exec,
            keep: 0,
        }
    }
}

/// The lane `lane` reads under DPP control `ctrl`, `None` when it is out of range (the controls
/// that shift past the end of a row or of the wave, and the row broadcasts' first rows).
/// Reserved controls are refused before this is asked.
fn dpp_source(ctrl: u32, lane: usize) -> Option<usize> {
    let (row, r) = (lane & !15, lane & 15);
    let n = (ctrl & 15) as usize;
    match ctrl {
        0x000..=0x0ff => Some((lane & !3) | (ctrl >> (2 * (lane & 3)) & 3) as usize),
        0x101..=0x10f => (r + n < 16).then_some(lane + n),
        0x111..=0x11f => (r >= n).then(|| lane - n),
        0x121..=0x12f => Some(row | ((r + 16 - n) & 15)),
        0x130 => (lane < N - 1).then_some(lane + 1),
        0x134 => Some((lane + 1) % N),
        0x138 => lane.checked_sub(1),
        0x13c => Some((lane + N - 1) % N),
        0x140 => Some(row | (15 - r)),
        0x141 => Some((lane & !7) | (7 - (lane & 7))),
        0x142 => (lane >= 16).then(|| row - 1),
        0x143 => (lane >= 32).then_some(31),
        _ => None,
    }
}

/// Is `ctrl` a DPP control GCN 1.2/1.4 define?
fn dpp_ctrl_defined(ctrl: u32) -> bool {
    matches!(ctrl, 0x000..=0x0ff | 0x101..=0x10f | 0x111..=0x11f | 0x121..=0x12f | 0x130 | 0x134 | 0x138 | 0x13c | 0x140..=0x143)
}

fn dpp_plan(i: &Instr, exec: u64) -> DppPlan {
    dpp_lanes(DppCtl::of(i), exec)
}

/// An instruction's DPP fields.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DppCtl {
    ctrl: u16,
    rows: u8,
    banks: u8,
    /// BOUND_CTRL: an invalid source lane reads 0 (else the lane is not written).
    bound_zero: bool,
}

impl DppCtl {
    pub(crate) fn of(i: &Instr) -> DppCtl {
        DppCtl {
            ctrl: i.get(F::DppCtrl) as u16,
            rows: i.get(F::RowMask) as u8,
            banks: i.get(F::BankMask) as u8,
            bound_zero: i.get(F::BoundCtrl) != 0,
        }
    }
}

/// Each DPP control's source lanes and the lanes whose source is in range, worked out once
/// (reserved controls: none in range).
fn dpp_table() -> &'static [([u8; N], u64)] {
    static TABLE: std::sync::OnceLock<Vec<([u8; N], u64)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..0x144u32)
            .map(|ctrl| {
                let (mut from, mut range) = ([0u8; N], 0u64);
                for (lane, f) in from.iter_mut().enumerate() {
                    if let Some(s) = dpp_source(ctrl, lane) {
                        *f = s as u8;
                        range |= 1 << lane;
                    }
                }
                (from, range)
            })
            .collect()
    })
}

/// The lanes of DPP control `c` under `exec`.
pub(crate) fn dpp_lanes(c: DppCtl, exec: u64) -> DppPlan {
    let (from, range) = dpp_table().get(c.ctrl as usize).copied().unwrap_or(([0; N], 0));
    // A source lane disabled by EXEC is invalid too.
    let valid = if exec == u64::MAX {
        range
    } else {
        range & (0..N).fold(0u64, |v, l| v | (exec >> from[l] & 1) << l)
    };
    // Rows of 16 lanes and banks of 4 lanes in each row.
    let rows = (0..4).filter(|r| c.rows >> r & 1 != 0).fold(0u64, |m, r| m | 0xffff << (16 * r));
    let banks = (0..4).filter(|b| c.banks >> b & 1 != 0).fold(0u64, |m, b| m | 0xf << (4 * b)) * 0x0001_0001_0001_0001;
    let on = exec & rows & banks;
    let write = on & if c.bound_zero { u64::MAX } else { valid };
    DppPlan {
        from,
        valid,
        write,
        keep: on & !write,
    }
}

/// SDWA's source select: byte `sel` (0-3), word `sel - 4` (4-5) or the dword (6), zero- or
/// sign-extended.
#[inline]
pub(crate) fn sdwa_select(x: u32, sel: u32, sext: bool) -> u32 {
    let (shift, bits) = match sel {
        0..=3 => (8 * sel, 8),
        4 | 5 => (16 * (sel - 4), 16),
        _ => return x,
    };
    let v = x >> shift & ((1 << bits) - 1);
    if sext {
        (((v << (32 - bits)) as i32) >> (32 - bits)) as u32
    } else {
        v
    }
}

/// SDWA's destination select: the low byte/word of result `r` goes to part `sel` of the
/// destination; the other bits are zeros (UNUSED_PAD, 0), zeros below and the part's sign
/// above (UNUSED_SEXT, 1), or the old destination's (UNUSED_PRESERVE, 2).
#[inline]
pub(crate) fn sdwa_place(r: u32, old: u32, sel: u32, unused: u32) -> u32 {
    let (shift, bits) = match sel {
        0..=3 => (8 * sel, 8),
        4 | 5 => (16 * (sel - 4), 16),
        _ => return r,
    };
    let part = ((1u64 << bits) - 1) as u32;
    let mask = part << shift;
    let v = (r & part) << shift;
    match unused {
        1 if r >> (bits - 1) & 1 != 0 => v | !(((1u64 << (shift + bits)) - 1) as u32),
        2 => v | (old & !mask),
        _ => v,
    }
}

/// Reads source slot `k` (code, width `regs`, type `ty`) into `l.src[k]`: the register or
/// constant, the part `pick` says, the input modifiers, input denormal flushing.
#[allow(clippy::too_many_arguments)]
fn read_source(
    w: &Wave,
    l: &mut Lanes,
    i: &Instr,
    k: usize,
    code: u16,
    regs: usize,
    ty: Ty,
    flush: bool,
    pick: Pick,
    dpp: &DppPlan,
) -> Result<(), EmuError> {
    let a = w.arch;
    let dst = &mut l.src[k];
    match classify(a, code) {
        Src::Vgpr(r) => {
            let r = r as usize;
            if r + regs > 256 {
                return Err(EmuError::Unsupported(format!("v{r} range of {regs} runs past v255")));
            }
            for (d, s) in dst.iter_mut().zip(&w.v[r..r + regs]) {
                **d = **s;
            }
        }
        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) => {
            for (j, d) in dst.iter_mut().enumerate().take(regs) {
                let v = w.s[(code as usize + j) & 127];
                **d = [v; N];
            }
        }
        Src::Int(_) | Src::Float(_) => {
            // GCN 1.0/1.1 have no f16 inline constants: a constant is its 32-bit pattern, and an
            // f16 operand (V_CVT_F32_F16's) reads its low half (1.0 = 0x3f800000 reads 0).
            // A 16-bit constant fills the low half (VOP3P: the high half reads 0).
            let cty = if ty.is_16() && !a.is_vi_plus() { Ty::B32 } else { ty };
            let v = crate::operand::inline_value(a, code, cty).unwrap_or(0);
            let v = if cty != ty { v & 0xffff } else { v };
            *dst[0] = [v as u32; N];
            if regs > 1 {
                *dst[1] = [(v >> 32) as u32; N];
            }
            for d in dst.iter_mut().take(regs).skip(2) {
                **d = [0; N];
            }
        }
        Src::Literal => {
            let lit = i
                .literal
                .ok_or_else(|| EmuError::Unsupported(format!("the literal code in a {} word", i.enc.name())))?;
            // A 64-bit float literal holds the high half of the double.
            let (lo, hi) = match ty {
                Ty::F64 => (0, lit),
                t if t.is_16() => (lit & 0xffff, 0),
                _ => (lit, 0),
            };
            *dst[0] = [lo; N];
            if regs > 1 {
                *dst[1] = [hi; N];
            }
        }
        Src::Vccz => *dst[0] = [(w.vcc() == 0) as u32; N],
        Src::Execz => *dst[0] = [(w.exec() == 0) as u32; N],
        Src::Scc => *dst[0] = [w.scc as u32; N],
        Src::LdsDirect => return Err(EmuError::Unsupported("lds_direct (no LDS model)".into())),
        // As a 64-bit operand, the aperture's base address (see scalar::aperture).
        Src::SrcReg(r) if regs > 1 => {
            *dst[0] = [0; N];
            *dst[1] = [super::scalar::aperture(r) as u32; N];
        }
        Src::SrcReg(r) => *dst[0] = [super::scalar::aperture(r) as u32; N],
        Src::Sdwa | Src::Dpp | Src::Invalid => return Err(EmuError::Unsupported(format!("operand code {code}"))),
    }
    let mode = w.mode;
    let flush = flush && ty.is_float() && !keeps_input_denorms(mode, ty);
    match pick {
        Pick::Whole => {}
        Pick::Hi => dst[0].iter_mut().for_each(|x| *x >>= 16),
        Pick::Sdwa { sel, sext } => dst[0].iter_mut().for_each(|x| *x = sdwa_select(*x, sel, sext)),
        Pick::Dpp => {
            let raw = *dst[0];
            for lane in 0..N {
                dst[0][lane] = if dpp.valid >> lane & 1 != 0 {
                    raw[dpp.from[lane] as usize]
                } else {
                    0
                };
            }
        }
        Pick::Packed { lo, hi, neg_lo, neg_hi } => {
            let (nl, nh) = ((neg_lo as u32) << 15, (neg_hi as u32) << 15);
            for x in dst[0].iter_mut() {
                let mut l16 = (if lo { *x >> 16 } else { *x } & 0xffff) ^ nl;
                let mut h16 = (if hi { *x >> 16 } else { *x } & 0xffff) ^ nh;
                if flush {
                    (l16, h16) = (ftz16(l16), ftz16(h16));
                }
                *x = l16 | h16 << 16;
            }
            return Ok(());
        }
        Pick::Mix { f16, hi, neg, abs } => {
            let bit = if f16 { 0x8000 } else { 0x8000_0000 };
            for x in dst[0].iter_mut() {
                let mut v = if !f16 {
                    *x
                } else if hi {
                    *x >> 16
                } else {
                    *x & 0xffff
                };
                if abs {
                    v &= !bit;
                }
                if neg {
                    v ^= bit;
                }
                *x = match (f16, flush) {
                    (true, true) => super::float::f16_bits_to_f32(ftz16(v)),
                    (true, false) => super::float::f16_bits_to_f32(v),
                    (false, true) => ftz32(v),
                    (false, false) => v,
                };
            }
            return Ok(());
        }
    }
    // Input modifiers (VOP3, SDWA, DPP): ABS then NEG, on the operand's sign bit.
    if (i.enc.is_vop3() && k < 3) || (i.enc.is_ext() && k < 2) {
        let (dw, bit) = sign_bit(ty);
        if i.abs() >> k & 1 != 0 {
            for x in dst[dw].iter_mut() {
                *x &= !bit;
            }
        }
        if i.neg() >> k & 1 != 0 {
            for x in dst[dw].iter_mut() {
                *x ^= bit;
            }
        }
    }
    // Input denormals.
    if flush {
        match ty {
            Ty::F32 => dst[0].iter_mut().for_each(|x| *x = ftz32(*x)),
            Ty::F16 => dst[0]
                .iter_mut()
                .for_each(|x| *x = (*x & 0xffff_0000) | ftz16(*x & 0xffff)),
            _ => {
                let [lo, hi, ..] = dst;
                for (lo, hi) in lo.iter_mut().zip(hi.iter_mut()) {
                    let v = ftz64(*lo as u64 | (*hi as u64) << 32);
                    *lo = v as u32;
                    *hi = (v >> 32) as u32;
                }
            }
        }
    }
    Ok(())
}

/// OMOD then CLAMP on float results, then output denormals.
/// `keep`: output denormals kept whatever MODE says.
pub(crate) fn float_post(l: &mut Lanes, ty: Ty, omod: u8, clamp: bool, dx10: bool, packed: bool, keep: bool) {
    let mode_keeps = keeps_output_denorms(l.mode, ty);
    let keep_denorms = keep || mode_keeps;
    // OMOD does nothing when MODE keeps output denormals (CLRX's wiki page, NOTE).
    let scale = if mode_keeps {
        1.0
    } else {
        [1.0, 2.0, 4.0, 0.5][omod as usize & 3]
    };
    let clampf = |x: f64| -> f64 {
        if x.is_nan() {
            if dx10 {
                0.0
            } else {
                x
            }
        } else {
            x.clamp(0.0, 1.0)
        }
    };
    match ty {
        Ty::F32 => {
            for x in l.dst[0].iter_mut() {
                let mut v = f32::from_bits(*x);
                if scale != 1.0 {
                    v *= scale as f32;
                }
                if clamp {
                    v = clampf(v as f64) as f32;
                }
                let b = v.to_bits();
                *x = if keep_denorms { b } else { ftz32(b) };
            }
        }
        Ty::F16 if packed => {
            // Two f16 results: each half on its own.
            for x in l.dst[0].iter_mut() {
                let mut out = 0;
                for half in [0, 16] {
                    let h = (*x >> half) & 0xffff;
                    let mut v = super::float::f16_to_f32(h);
                    v *= scale as f32;
                    if clamp {
                        v = clampf(v as f64) as f32;
                    }
                    let mut r = if scale != 1.0 || clamp {
                        super::float::f32_to_f16(v)
                    } else {
                        h
                    };
                    if !keep_denorms {
                        r = ftz16(r);
                    }
                    out |= r << half;
                }
                *x = out;
            }
        }
        Ty::F16 => {
            for x in l.dst[0].iter_mut() {
                let mut v = super::float::f16_to_f32(*x & 0xffff);
                if scale != 1.0 || clamp {
                    if scale != 1.0 {
                        v *= scale as f32;
                    }
                    if clamp {
                        v = clampf(v as f64) as f32;
                    }
                    *x = (*x & 0xffff_0000) | super::float::f32_to_f16(v);
                }
                if !keep_denorms {
                    *x = (*x & 0xffff_0000) | ftz16(*x & 0xffff);
                }
            }
        }
        _ => {
            // A signalling NaN comes out quiet, as the multiplication by the output scale
            // leaves it: said, not left to `v * 1.0`, which an optimising build folds away
            // where the scale is known to be 1 (the fast path's call). Lane by lane, as the
            // row's semantics wrote them: a vector load of dwords just stored one by one
            // waits for them all (it took the f64 kernel 25% longer).
            for lane in 0..N {
                let h = l.dst[1][lane];
                if h & 0x7ff0_0000 == 0x7ff0_0000 {
                    let v = super::float::quiet64(f64::from_bits(l.dst[0][lane] as u64 | (h as u64) << 32));
                    l.dst[1][lane] = (v.to_bits() >> 32) as u32;
                }
            }
            if scale != 1.0 || clamp || !keep_denorms {
                for lane in 0..N {
                    let mut v = f64::from_bits(l.dst[0][lane] as u64 | (l.dst[1][lane] as u64) << 32);
                    if scale != 1.0 {
                        v *= scale;
                    }
                    if clamp {
                        v = clampf(v);
                    }
                    let b = if keep_denorms { v.to_bits() } else { ftz64(v.to_bits()) };
                    l.dst[0][lane] = b as u32;
                    l.dst[1][lane] = (b >> 32) as u32;
                }
            }
        }
    }
}

/// Writes `v` to the VGPR range `r` for the lanes of `mask`.
fn write_vgpr(w: &mut Wave, r: usize, dwords: usize, l: &Lanes, mask: u64) {
    for j in 0..dwords {
        let reg = (r + j) & 255;
        let row = &mut w.v[reg];
        let src = &l.dst[j];
        if mask == u64::MAX {
            **row = **src;
        } else {
            for lane in 0..N {
                if mask >> lane & 1 != 0 {
                    row[lane] = src[lane];
                }
            }
        }
        w.v_written[reg] = true;
    }
}

/// What SDWA and DPP extend: the 32-bit operations on 32- and 16-bit operands that read their
/// sources and write VDST (or a compare result, a carry out) under EXEC.
fn check_ext(d: &InstrDef, name: &str, what: &str) -> Result<(), EmuError> {
    let wide =
        (d.form != Form::Cmp && d.dst.regs() > 1) || d.src.iter().take(d.form.nsrc().min(2)).any(|t| t.regs() > 1);
    if wide {
        return Err(EmuError::Unsupported(format!(
            "{name} in the {what} encoding (64-bit operands have no {what} form)"
        )));
    }
    let plain = matches!(d.exec, Exec::Plain | Exec::CvtF32F16 | Exec::CvtF16F32);
    if !plain
        || matches!(
            d.form,
            Form::ReadLane | Form::WriteLane | Form::ReadFirstLane | Form::Madmk | Form::Madak
        )
    {
        return Err(EmuError::Unsupported(format!(
            "{name} in the {what} encoding (it has no {what} form)"
        )));
    }
    Ok(())
}

pub(crate) fn check_sdwa(i: &Instr, d: &InstrDef, name: &str) -> Result<(), EmuError> {
    check_ext(d, name, "SDWA")?;
    let nsrc = d.form.nsrc().min(2);
    for (k, f) in [F::Src0Sel, F::Src1Sel].into_iter().enumerate().take(nsrc) {
        if i.get(f) > 6 {
            return Err(EmuError::Unsupported(format!("{name}: src{k}_sel value 7 is reserved")));
        }
    }
    if d.form != Form::Cmp && (i.get(F::DstSel) > 6 || i.get(F::DstUnused) > 2) {
        return Err(EmuError::Unsupported(format!(
            "{name}: reserved dst_sel {} / dst_unused {}",
            i.get(F::DstSel),
            i.get(F::DstUnused)
        )));
    }
    Ok(())
}

pub(crate) fn check_dpp(i: &Instr, d: &InstrDef, name: &str) -> Result<(), EmuError> {
    check_ext(d, name, "DPP")?;
    let ctrl = i.get(F::DppCtrl);
    if !dpp_ctrl_defined(ctrl) {
        return Err(EmuError::Unsupported(format!(
            "{name}: DPP control {ctrl:#x} is reserved"
        )));
    }
    Ok(())
}

/// How VOP3P source `k` is read: `bits` are its OP_SEL, OP_SEL_HI, NEG_LO and NEG_HI bits.
/// Returns the pick and the type the register or constant is read at.
fn packed_pick(
    a: Arch,
    code: u16,
    ty: Ty,
    mix: bool,
    name: &str,
    k: usize,
    bits: [bool; 4],
) -> Result<(Pick, Ty), EmuError> {
    let [sel, sel_hi, neg_lo, neg_hi] = bits;
    if mix {
        // OP_SEL_HI says f16 (a half, OP_SEL says which) or f32. An inline constant in an f16
        // source is the f16 value in the low half; in an f32 source only the constants whose
        // f16 and f32 readings are the same number are taken (LLVM's mad-mix tests: "an f16
        // inline immediate that may be converted to f32").
        if !sel_hi {
            match classify(a, code) {
                Src::Int(0) => {}
                Src::Float(f) if f < 8 => {}
                Src::Int(_) | Src::Float(_) => {
                    return Err(EmuError::Unsupported(format!(
                    "{name}: an integer or 1/(2*pi) inline constant as the f32 source {k} (f16 or f32 reading unknown)"
                )))
                }
                _ => {}
            }
        }
        let pick = Pick::Mix {
            f16: sel_hi,
            hi: sel,
            neg: neg_lo,
            abs: neg_hi,
        };
        return Ok((pick, if sel_hi { Ty::F16 } else { Ty::F32 }));
    }
    if ty.is_16() {
        let pick = Pick::Packed {
            lo: sel,
            hi: sel_hi,
            neg_lo,
            neg_hi,
        };
        return Ok((pick, ty));
    }
    // A 32-bit source of a packed operation (the dot products' accumulator, V_DOT4/V_DOT8's
    // packed bytes and nibbles): OP_SEL_HI (set by default) is ignored; OP_SEL, NEG_LO and
    // NEG_HI have no documented meaning there.
    if sel || neg_lo || neg_hi {
        return Err(EmuError::Unsupported(format!(
            "{name}: op_sel/neg_lo/neg_hi on the 32-bit source {k} (no documented meaning)"
        )));
    }
    Ok((Pick::Whole, ty))
}

pub(crate) fn step_with(w: &mut Wave, l: &mut Lanes, i: &Instr) -> Result<(), EmuError> {
    let a = w.arch;
    let Some(d) = i.def() else {
        return Err(EmuError::NotAnInstruction(format!("{:08x?}", i.words())));
    };
    let name = d.name[a.index()];
    let Some(crate::isa::Sem::Vector(sem)) = d.sem else {
        return Err(EmuError::NotImplemented(name.to_string()));
    };
    let exec = w.exec();
    l.arch = a;
    l.exec = exec;
    l.mode = w.mode;
    l.clamp = i.clamp();
    l.sdst = 0;
    l.mask = 0;
    // AMD documents no VOP3 form of V_MADMK/V_MADAK (clrxdisasm prints one, no assembler
    // writes it; what it computes is unknown): refused rather than guessed.
    if i.enc.is_vop3() && matches!(d.form, Form::Madmk | Form::Madak) {
        return Err(EmuError::Unsupported(format!(
            "{name} in the VOP3 encoding (AMD documents no VOP3 form)"
        )));
    }
    l.k = 0;
    let special = match i.def {
        Some(_) => d.exec,
        _ => Exec::Plain,
    };
    // SDWA and DPP: the controls and the rows they apply to.
    let sdwa = i.enc.is_sdwa();
    let dpp = if i.enc.is_dpp() {
        check_dpp(i, d, name)?;
        dpp_plan(i, exec)
    } else {
        DppPlan::none(exec)
    };
    if sdwa {
        check_sdwa(i, d, name)?;
    }
    // VOP3P: OP_SEL (bit k: source k), OP_SEL_HI, NEG_LO, NEG_HI.
    let packed = i.enc == Enc::Vop3p;
    let (op_sel, op_sel_hi, neg_lo, neg_hi) = if packed {
        (
            i.op_sel() as u32,
            i.get(F::OpSelHi) | i.get(F::OpSelHi2) << 2,
            i.get(F::Neg),
            i.get(F::NegHi),
        )
    } else {
        (0, 0, 0, 0)
    };
    let mix = packed && d.flags.has(Flags::MIX);
    // M0-relative VGPR indexing (V_MOVREL*): the register numbers of SRC0 and/or VDST plus M0.
    let m0 = w.s[M0] as usize;
    let rel_src = matches!(special, Exec::MovRelS | Exec::MovRelSD);
    let rel_dst = matches!(special, Exec::MovRelD | Exec::MovRelSD);
    // GPR indexing mode (S_SET_GPR_IDX_ON): M0[7:0] added to the VGPR numbers of the operands
    // M0[15:12] names (bit 0 SRC0, 1 SRC1, 2 SRC2, 3 VDST).
    let gpr_idx = |k: usize, code: u16| -> Result<u16, EmuError> {
        if w.mode & super::scalar::GPR_IDX_EN == 0 || code < 256 || m0 >> 12 >> k & 1 == 0 {
            return Ok(code);
        }
        let r = code as usize + (m0 & 0xff);
        if r > 511 {
            return Err(EmuError::Unsupported(format!(
                "{name}: v{} + the GPR index ({}) is past v255",
                code - 256,
                m0 & 0xff
            )));
        }
        Ok(r as u16)
    };
    let ops = operands(i, d);
    let opsel = a.is_gcn14() && d.flags.has(Flags::OPSEL) && i.enc.is_vop3();
    let wide = d.dst.regs() > 1 || d.src.iter().any(|t| t.regs() > 1);
    let mut vdst: Option<(usize, usize)> = None;
    let mut sdst: Option<u16> = None;
    // The VGPR SRC0 names (V_SWAP_B32 writes it).
    let mut src0_vgpr: Option<usize> = None;
    for s in ops.as_slice() {
        match s.role {
            Role::Src(0) if rel_src || special == Exec::Swap => {
                let Src::Vgpr(r) = classify(a, s.code) else {
                    return Err(EmuError::Unsupported(format!("{name}: SRC0 must be a VGPR")));
                };
                let r = r as usize + if rel_src { m0 } else { 0 };
                if r > 255 {
                    return Err(EmuError::Unsupported(format!(
                        "{name}: v{} + M0 ({m0}) is past v255",
                        r - m0
                    )));
                }
                src0_vgpr = Some(r);
                let flush = true;
                read_source(w, l, i, 0, 256 + r as u16, 1, s.ty, flush, Pick::Whole, &dpp)?;
            }
            Role::Src(k) => {
                let k = k as usize;
                let sgpr_pair_src2 = k == 2 && matches!(d.form, Form::Cndmask | Form::CarryIn);
                if sgpr_pair_src2 {
                    // A per-lane condition from VCC or an SGPR pair (a VGPR here is read as
                    // its lane 0 pair of dwords would be meaningless: unsupported).
                    l.mask = match classify(a, s.code) {
                        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) => w.pair(s.code as usize),
                        Src::Int(v) => v as i64 as u64,
                        _ => return Err(EmuError::Unsupported(format!("{name}: SRC2 must be a scalar pair"))),
                    };
                } else {
                    // CLASS looks at SRC0 as it is: no flushing; nor does V_CVT_F32_F16 where
                    // it always accepts f16 denormals.
                    let keeps_f16_denorms = special == Exec::CvtF32F16 && a != crate::arch::Arch::Gcn12;
                    let flush = !(d.flags.has(Flags::CLASS) || keeps_f16_denorms || special == Exec::RawSources);
                    // GCN 1.4 OP_SEL: the high half of a 16-bit source (selected before the
                    // modifiers and flushing act on it).
                    let bit = |m: u32| m >> k & 1 != 0;
                    let (pick, ty) = if packed {
                        packed_pick(
                            a,
                            s.code,
                            s.ty,
                            mix,
                            name,
                            k,
                            [bit(op_sel), bit(op_sel_hi), bit(neg_lo), bit(neg_hi)],
                        )?
                    } else if sdwa && k < 2 {
                        let sel = i.get(if k == 0 { F::Src0Sel } else { F::Src1Sel });
                        (
                            Pick::Sdwa {
                                sel,
                                sext: i.sext() >> k & 1 != 0,
                            },
                            s.ty,
                        )
                    } else if i.enc.is_dpp() && k == 0 {
                        (Pick::Dpp, s.ty)
                    } else if opsel && s.ty.is_16() && i.op_sel() >> k & 1 != 0 {
                        (Pick::Hi, s.ty)
                    } else {
                        (Pick::Whole, s.ty)
                    };
                    let code = gpr_idx(k, s.code)?;
                    read_source(w, l, i, k, code, s.regs as usize, ty, flush, pick, &dpp)?;
                    // Operations on 64-bit lanes read all dwords: clear a narrow source's
                    // upper dword so no earlier instruction's value shows through.
                    if wide && s.regs == 1 {
                        *l.src[k][1] = [0; N];
                    }
                }
            }
            Role::K => l.k = i.literal.unwrap_or(0),
            Role::Vdst => {
                let r = (gpr_idx(3, s.code)? - 256) as usize + if rel_dst { m0 } else { 0 };
                if rel_dst && r > 255 {
                    return Err(EmuError::Unsupported(format!(
                        "{name}: v{} + M0 ({m0}) is past v255",
                        s.code - 256
                    )));
                }
                vdst = Some((r, s.regs as usize));
            }
            Role::Sdst => sdst = Some(s.code),
            // The scalar classes' operands: not vector-ALU rows (refused before this point).
            _ => return Err(EmuError::Unsupported(format!("{name}: not a vector-ALU instruction"))),
        }
    }
    if d.flags.has(Flags::READS_VCC) {
        l.mask = w.vcc();
    }
    if let Some((r, n)) = vdst {
        for j in 0..n {
            *l.old[j] = *w.v[(r + j) & 255];
        }
    }
    if matches!(d.form, Form::ReadLane | Form::WriteLane) {
        l.lane = (l.src[1][0][0] & 63) as usize;
    }
    if d.form == Form::ReadFirstLane {
        // The first active lane; lane 0 when EXEC is 0.
        l.lane = if exec == 0 { 0 } else { exec.trailing_zeros() as usize };
    }
    sem(l);
    // Float results: OMOD, CLAMP, output denormals (VOP3, GCN 1.4's SDWA OMOD; CLAMP of VOP3,
    // VOP3P and SDWA: the other classes have no such fields).
    if d.dst.is_float() && d.form != Form::Cmp {
        float_post(
            l,
            d.dst,
            if i.enc.is_vop3() || sdwa { i.omod() } else { 0 },
            i.clamp(),
            w.mode & 0x100 != 0,
            d.flags.has(Flags::PACKED16),
            special == Exec::CvtF16F32 && !a.is_vi_plus(),
        );
    }
    // SDWA: the result goes to the selected part of VDST.
    if sdwa && d.form != Form::Cmp {
        let (sel, unused) = (i.get(F::DstSel), i.get(F::DstUnused));
        if sel != 6 {
            for lane in 0..N {
                l.dst[0][lane] = sdwa_place(l.dst[0][lane], l.old[0][lane], sel, unused);
            }
        }
    }
    // The mixed-precision f16 forms write one half of VDST and keep the other.
    if matches!(special, Exec::LowHalf | Exec::HighHalf) {
        let hi = special == Exec::HighHalf;
        for lane in 0..N {
            let (r, old) = (l.dst[0][lane] & 0xffff, l.old[0][lane]);
            l.dst[0][lane] = if hi {
                (old & 0xffff) | r << 16
            } else {
                (old & 0xffff_0000) | r
            };
        }
    }
    // GCN 1.4 OP_SEL ops write one half of a 16-bit destination and keep the other.
    if opsel && d.dst.is_16() {
        let hi = i.op_sel() & 8 != 0;
        for lane in 0..N {
            let r = l.dst[0][lane] & 0xffff;
            let old = l.old[0][lane];
            l.dst[0][lane] = if hi {
                (old & 0xffff) | r << 16
            } else {
                (old & 0xffff_0000) | r
            };
        }
    }
    // Write back.
    match d.form {
        Form::ReadLane => {
            let code = i.vdst() as usize;
            w.s[code & 127] = l.dst[0][0];
            w.s_written[code & 127] = true;
        }
        Form::ReadFirstLane => {
            // SDST is a scalar operand code in the VDST field: only SGPRs and the writable
            // specials (codes below 128).
            let code = sdst.unwrap_or(0) as usize;
            if code > 127 {
                return Err(EmuError::Unsupported(format!(
                    "{name}: SDST operand code {code} is not writable"
                )));
            }
            w.s[code] = l.dst[0][0];
            w.s_written[code] = true;
        }
        Form::WriteLane => {
            // Ignores EXEC: one lane of VDST changes.
            let (r, _) = vdst.unwrap_or((0, 1));
            w.v[r][l.lane] = l.dst[0][l.lane];
            w.v_written[r] = true;
        }
        Form::Cmp => {
            let code = sdst.unwrap_or(VCC as u16) as usize;
            let bits = (l.sdst & dpp.write) | (w.pair(code) & dpp.keep);
            w.set_pair(code, bits);
            if d.flags.has(Flags::EXEC) {
                w.set_pair(EXEC, bits);
            }
        }
        _ if special == Exec::Preserve => {}
        _ if special == Exec::LaneZero => {
            if let Some((r, _)) = vdst {
                w.v[r][0] = l.dst[0][0];
                w.v_written[r] = true;
            }
        }
        _ => {
            if let Some((r, n)) = vdst {
                write_vgpr(w, r, n, l, dpp.write);
            }
            if let (Exec::Swap, Some(s0)) = (special, src0_vgpr) {
                // The old VDST (read before the first write) goes to SRC0's register.
                *l.dst[0] = *l.old[0];
                write_vgpr(w, s0, 1, l, exec);
            }
            if let Some(code) = sdst {
                // Carry out / V_DIV_SCALE's VCC: bits of inactive lanes are cleared (DPP: of the
                // lanes not written, but those BOUND_CTRL leaves unwritten keep theirs).
                let bits = (l.sdst & dpp.write) | (w.pair(code as usize) & dpp.keep);
                w.set_pair(code as usize, bits);
            }
        }
    }
    let _ = Enc::Vop2;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::test_rng::Rng;

    /// The DPP lane plan from its table equals the controls applied lane by lane: each lane's
    /// source in range and active, the row and bank masks, BOUND_CTRL.
    #[test]
    fn dpp_lanes_follow_the_controls_lane_by_lane() {
        let mut r = Rng(0xd99d_1a7e_5000_0001);
        for _ in 0..20_000 {
            let c = DppCtl {
                ctrl: (r.next() % 0x150) as u16,
                rows: (r.next() & 15) as u8,
                banks: (r.next() & 15) as u8,
                bound_zero: r.next().is_multiple_of(2),
            };
            let exec = [u64::MAX, r.next(), r.next() & r.next()][r.next() as usize % 3];
            let p = dpp_lanes(c, exec);
            let (mut valid, mut on) = (0u64, 0u64);
            for lane in 0..N {
                let enabled = c.rows >> (lane >> 4) & 1 != 0 && c.banks >> ((lane >> 2) & 3) & 1 != 0;
                on |= ((enabled && exec >> lane & 1 != 0) as u64) << lane;
                if let Some(s) = dpp_source(c.ctrl as u32, lane).filter(|&s| exec >> s & 1 != 0) {
                    valid |= 1 << lane;
                    assert_eq!(p.from[lane] as usize, s, "{c:?} lane {lane}");
                }
            }
            let write = on & if c.bound_zero { u64::MAX } else { valid };
            assert_eq!((p.valid, p.write, p.keep), (valid, write, on & !write), "{c:?} exec {exec:x}");
        }
    }
}
