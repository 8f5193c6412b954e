//! Executes one instruction: operands in, semantics, modifiers, results out under EXEC.

use super::float::{ftz16, ftz32, ftz64, keeps_input_denorms, keeps_output_denorms};
use super::lanes::{Lanes, N};
use super::wave::{Wave, EXEC, M0, VCC};
use crate::instr::{Enc, Instr};
use crate::isa::{Exec, Flags, Form, Ty};
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

    /// Executes `i`.
    pub fn step(&mut self, i: &Instr) -> Result<(), EmuError> {
        let active = self.wave.exec().count_ones() as u64;
        step_with(&mut self.wave, &mut self.lanes, i)?;
        self.lane_ops += active;
        self.instructions += 1;
        Ok(())
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

fn sign_bit(ty: Ty) -> (usize, u32) {
    match ty.regs() {
        2 => (1, 0x8000_0000),
        _ if ty.is_16() => (0, 0x8000),
        _ => (0, 0x8000_0000),
    }
}

/// Reads source slot `k` (code, width `regs`, type `ty`) into `l.src[k]`.
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
    hi: bool,
) -> Result<(), EmuError> {
    let a = w.arch;
    let dst = &mut l.src[k];
    match classify(a, code) {
        Src::Vgpr(r) => {
            let r = r as usize;
            if r + regs > 256 {
                return Err(EmuError::Unsupported(format!("v{r} range of {regs} runs past v255")));
            }
            dst[..regs].copy_from_slice(&w.v[r..r + regs]);
        }
        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) => {
            for (j, d) in dst.iter_mut().enumerate().take(regs) {
                let v = w.s[(code as usize + j) & 127];
                *d = [v; N];
            }
        }
        Src::Int(_) | Src::Float(_) => {
            // GCN 1.0/1.1 have no f16 inline constants: a constant is its 32-bit pattern, and an
            // f16 operand (V_CVT_F32_F16's) reads its low half (1.0 = 0x3f800000 reads 0).
            let cty = if ty.is_16() && !a.is_vi_plus() { Ty::B32 } else { ty };
            let v = crate::operand::inline_value(a, code, cty).unwrap_or(0);
            let v = if cty != ty { v & 0xffff } else { v };
            dst[0] = [v as u32; N];
            if regs > 1 {
                dst[1] = [(v >> 32) as u32; N];
            }
            for d in dst.iter_mut().take(regs).skip(2) {
                *d = [0; N];
            }
        }
        Src::Literal => {
            let lit = i
                .literal
                .ok_or_else(|| EmuError::Unsupported("the literal code in a VOP3 word".into()))?;
            // A 64-bit float literal holds the high half of the double.
            let (lo, hi) = match ty {
                Ty::F64 => (0, lit),
                t if t.is_16() => (lit & 0xffff, 0),
                _ => (lit, 0),
            };
            dst[0] = [lo; N];
            if regs > 1 {
                dst[1] = [hi; N];
            }
        }
        Src::Vccz => dst[0] = [(w.vcc() == 0) as u32; N],
        Src::Execz => dst[0] = [(w.exec() == 0) as u32; N],
        Src::Scc => dst[0] = [w.scc as u32; N],
        Src::LdsDirect => return Err(EmuError::Unsupported("lds_direct (no LDS model)".into())),
        Src::SrcReg(r) => dst[0] = [super::scalar::aperture(r) as u32; N],
        Src::Sdwa | Src::Dpp | Src::Invalid => return Err(EmuError::Unsupported(format!("operand code {code}"))),
    }
    if hi {
        dst[0].iter_mut().for_each(|x| *x >>= 16);
    }
    // Input modifiers: ABS then NEG, on the operand's sign bit.
    if i.enc.is_vop3() && k < 3 {
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
    let mode = w.mode;
    if flush && ty.is_float() && !keeps_input_denorms(mode, ty) {
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
fn float_post(l: &mut Lanes, ty: Ty, omod: u8, clamp: bool, dx10: bool, packed: bool, keep: bool) {
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
            for lane in 0..N {
                let mut v = f64::from_bits(l.dst[0][lane] as u64 | (l.dst[1][lane] as u64) << 32);
                v *= scale;
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

/// Writes `v` to the VGPR range `r` for the lanes of `mask`.
fn write_vgpr(w: &mut Wave, r: usize, dwords: usize, l: &Lanes, mask: u64) {
    for j in 0..dwords {
        let reg = (r + j) & 255;
        let row = &mut w.v[reg];
        let src = &l.dst[j];
        if mask == u64::MAX {
            *row = *src;
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

pub(crate) fn step_with(w: &mut Wave, l: &mut Lanes, i: &Instr) -> Result<(), EmuError> {
    let a = w.arch;
    let Some(d) = i.def() else {
        return Err(EmuError::NotAnInstruction(format!("{:08x?}", i.words())));
    };
    let name = d.name[a.index()];
    let Some(crate::isa::Sem::Vector(sem)) = d.sem else {
        return Err(EmuError::NotImplemented(name.to_string()));
    };
    // Only round-to-nearest-even is modelled: other MODE round modes are refused, not
    // silently ignored.
    let float_op = d.dst.is_float() || d.src.iter().take(d.form.nsrc()).any(|t| t.is_float());
    if float_op && w.mode & 0xf != 0 {
        let ty = if d.dst.is_float() { d.dst } else { d.src[0] };
        let bits = if ty == Ty::F32 { w.mode & 3 } else { (w.mode >> 2) & 3 };
        if bits != 0 {
            return Err(EmuError::Unsupported(format!(
                "{name} under MODE round mode {bits} (only round to nearest even is modelled)"
            )));
        }
    }
    let exec = w.exec();
    l.arch = a;
    l.exec = exec;
    l.mode = w.mode;
    l.clamp = i.clamp();
    l.sdst = 0;
    l.mask = 0;
    // AMD documents no VOP3 form of V_MADMK/V_MADAK (CLRX writes one; what it computes is
    // unknown): refused rather than guessed.
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
    // M0-relative VGPR indexing (V_MOVREL*): the register numbers of SRC0 and/or VDST plus M0.
    let m0 = w.s[M0] as usize;
    let rel_src = matches!(special, Exec::MovRelS | Exec::MovRelSD);
    let rel_dst = matches!(special, Exec::MovRelD | Exec::MovRelSD);
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
                read_source(w, l, i, 0, 256 + r as u16, 1, s.ty, flush, false)?;
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
                    let flush = !(d.flags.has(Flags::CLASS) || keeps_f16_denorms);
                    // GCN 1.4 OP_SEL: the high half of a 16-bit source (selected before the
                    // modifiers and flushing act on it).
                    let hi = opsel && s.ty.is_16() && i.op_sel() >> k & 1 != 0;
                    read_source(w, l, i, k, s.code, s.regs as usize, s.ty, flush, hi)?;
                    // Operations on 64-bit lanes read all dwords: clear a narrow source's
                    // upper dword so no earlier instruction's value shows through.
                    if wide && s.regs == 1 {
                        l.src[k][1] = [0; N];
                    }
                }
            }
            Role::K => l.k = i.literal.unwrap_or(0),
            Role::Vdst => {
                let r = (s.code - 256) as usize + if rel_dst { m0 } else { 0 };
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
            l.old[j] = w.v[(r + j) & 255];
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
    // Float results: OMOD, CLAMP, output denormals.
    if d.dst.is_float() && d.form != Form::Cmp {
        float_post(
            l,
            d.dst,
            if i.enc.is_vop3() { i.omod() } else { 0 },
            i.clamp() && i.enc.is_vop3(),
            w.mode & 0x100 != 0,
            d.flags.has(Flags::PACKED16),
            special == Exec::CvtF16F32 && !a.is_vi_plus(),
        );
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
            let bits = l.sdst & exec;
            let code = sdst.unwrap_or(VCC as u16) as usize;
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
                write_vgpr(w, r, n, l, exec);
            }
            if let (Exec::Swap, Some(s0)) = (special, src0_vgpr) {
                // The old VDST (read before the first write) goes to SRC0's register.
                l.dst[0] = l.old[0];
                write_vgpr(w, s0, 1, l, exec);
            }
            if let Some(code) = sdst {
                // Carry out / V_DIV_SCALE's VCC: bits of inactive lanes are cleared.
                w.set_pair(code as usize, l.sdst & exec);
            }
        }
    }
    let _ = Enc::Vop2;
    Ok(())
}
