//! Executes scalar-ALU instructions (operands in, the row's [`ScalarSemantics`], results out)
//! and the hardware-register and M0-relative moves of the scalar unit.

use super::exec::EmuError;
use super::salu::Salu;
use super::wave::{Wave, EXEC, M0};
use crate::instr::Instr;
use crate::isa::{Flow, Form, InstrDef, ScalarSemantics, Ty};
use crate::layout::{operands, Role};
use crate::operand::{classify, inline_value, Src};

/// The shared aperture's upper address half on GCN 1.4 (`src_shared_base`; LLVM's code for
/// GCN 1.1/1.2 reads it from the queue): a flat address whose upper half is this reaches LDS.
pub const SHARED_APERTURE_HI: u32 = 0x1000_0000;
/// The private aperture's upper half (`src_private_base`): flat addresses into scratch.
pub const PRIVATE_APERTURE_HI: u32 = 0x2000_0000;

/// A scalar source operand of `regs` registers (1 or 2) as a 64-bit value.
pub fn read_scalar(w: &Wave, i: &Instr, code: u16, regs: u8, ty: Ty) -> Result<u64, EmuError> {
    let a = w.arch;
    Ok(match classify(a, code) {
        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) => {
            let lo = w.s[code as usize & 127] as u64;
            if regs > 1 {
                lo | (w.s[(code as usize + 1) & 127] as u64) << 32
            } else {
                lo
            }
        }
        Src::Int(_) | Src::Float(_) => {
            let v = inline_value(a, code, ty).unwrap_or(0);
            if regs > 1 {
                v
            } else {
                v & 0xffff_ffff
            }
        }
        // A 64-bit float operation reads the literal as the high half of the double; integer
        // operations zero-extend it.
        Src::Literal => {
            let l = i.literal.unwrap_or(0) as u64;
            if ty == Ty::F64 {
                l << 32
            } else {
                l
            }
        }
        Src::Vccz => (w.vcc() == 0) as u64,
        Src::Execz => (w.exec() == 0) as u64,
        Src::Scc => w.scc as u64,
        Src::SrcReg(r) if regs > 1 => aperture(r) << 32,
        Src::SrcReg(r) => aperture(r),
        Src::Vgpr(_) | Src::LdsDirect | Src::Sdwa | Src::Dpp | Src::Invalid => {
            return Err(EmuError::Unsupported(format!("operand code {code} as a scalar source")))
        }
    })
}

/// GCN 1.4's `src_shared_base`, `src_shared_limit`, `src_private_base`,
/// `src_private_limit`, `src_pops_exiting_wave_id`: the aperture's upper half. Read as a
/// 64-bit operand, the register is the aperture's base address, the upper half in the high
/// dword (LLVM 16+ reads it so: `s_mov_b64 s[6:7], src_shared_base`, then s7); as a 32-bit
/// operand, the upper half itself (as LLVM 14/15's code reads it; LLVM notes that the
/// hardware may return zeroes there).
pub fn aperture(r: u8) -> u64 {
    match r {
        0 | 1 => SHARED_APERTURE_HI as u64,
        2 | 3 => PRIVATE_APERTURE_HI as u64,
        _ => 0,
    }
}

/// Writes `regs` registers of a scalar destination.
pub fn write_scalar(w: &mut Wave, code: u16, regs: u8, v: u64) -> Result<(), EmuError> {
    if code as usize + regs as usize > 128 {
        return Err(EmuError::Unsupported(format!(
            "scalar destination code {code} is not writable"
        )));
    }
    w.s[code as usize] = v as u32;
    w.s_written[code as usize] = true;
    if regs > 1 {
        w.s[code as usize + 1] = (v >> 32) as u32;
        w.s_written[code as usize + 1] = true;
    }
    Ok(())
}

/// SIMM16 as SOPK's second source: sign-extended for I32 rows, zero-extended otherwise.
pub(crate) fn simm(d: &InstrDef, v: u32) -> u64 {
    if d.src[1] == Ty::I32 {
        v as u16 as i16 as i64 as u64
    } else {
        v as u16 as u64
    }
}

/// Executes a scalar-ALU row.
pub fn salu(w: &mut Wave, i: &Instr, d: &'static InstrDef, f: ScalarSemantics) -> Result<(), EmuError> {
    let mut x = Salu::new(w.arch);
    x.scc = w.scc;
    x.exec = w.exec();
    let mut dst = None;
    let ops = operands(i, d);
    for s in ops.as_slice() {
        match s.role {
            Role::Sdst => {
                dst = Some((s.code, s.regs));
                x.d = read_scalar(w, i, s.code, s.regs, s.ty).unwrap_or(0);
            }
            Role::Src(0) => x.s0 = read_scalar(w, i, s.code, s.regs, s.ty)?,
            Role::Src(_) => x.s1 = read_scalar(w, i, s.code, s.regs, s.ty)?,
            Role::Imm => x.s1 = simm(d, s.val),
            _ => {}
        }
    }
    // SOPK's arithmetic reads the register it writes.
    if matches!(d.form, Form::K) {
        x.s0 = x.d;
    }
    let exec_in = x.exec;
    f(&mut x);
    // SDST first, then EXEC where the operation changed it (a saveexec whose SDST is EXEC
    // itself ends with the operation's EXEC).
    if let Some((code, regs)) = dst {
        write_scalar(w, code, regs, x.d)?;
    }
    w.scc = x.scc;
    if x.exec != exec_in {
        w.set_pair(EXEC, x.exec);
    }
    Ok(())
}

/// A hardware register field of S_GETREG/S_SETREG: (register id, offset, size).
fn hwreg(simm16: u32) -> (u32, u32, u32) {
    (simm16 & 63, simm16 >> 6 & 31, (simm16 >> 11 & 31) + 1)
}

/// HW_REG_MODE.
const HW_REG_MODE: u32 = 1;
/// HW_REG_TRAPSTS: the exception status. The machine raises no exceptions (a fault is an
/// error that stops the run), so every field reads 0 and writes keep nothing; LLVM's GWS
/// retry loop (GCN 1.0-1.2) clears MEM_VIOL, reads it back as 0 and goes on.
const HW_REG_TRAPSTS: u32 = 3;
/// HW_REG_SH_MEM_BASES (GCN 1.4).
const HW_REG_SH_MEM_BASES: u32 = 15;

/// MODE.GPR_IDX_EN (GCN 1.2+): the vector ALU adds M0\[7:0\] to the VGPR numbers of the
/// operands M0\[15:12\] names.
pub const GPR_IDX_EN: u32 = 1 << 27;

/// Executes the scalar unit's register moves: S_GETREG, S_SETREG(_IMM32), S_MOVRELS/D, and
/// the GPR indexing mode's S_SET_GPR_IDX_*.
pub fn flow_regs(w: &mut Wave, i: &Instr, d: &'static InstrDef, f: Flow) -> Result<(), EmuError> {
    let ops = operands(i, d);
    let slot = |r: Role| ops.as_slice().iter().find(|s| s.role == r).copied();
    let name = d.name[w.arch.index()];
    match f {
        Flow::GetReg | Flow::SetReg | Flow::SetRegImm => {
            let (id, off, size) = hwreg(slot(Role::Hwreg).map_or(0, |s| s.val));
            let mask = if size >= 32 { u32::MAX } else { (1u32 << size) - 1 };
            // HW_REG_SH_MEM_BASES (GCN 1.4, read-only): the apertures' upper 16 bits, PRIVATE_BASE
            // in [15:0] and SHARED_BASE in [31:16] (LLVM's -O0 code builds the apertures from
            // them where it does not read src_shared_base).
            if id == HW_REG_SH_MEM_BASES && f == Flow::GetReg && w.arch.is_gcn14() {
                let v = (SHARED_APERTURE_HI >> 16) << 16 | PRIVATE_APERTURE_HI >> 16;
                let s = slot(Role::Sdst).ok_or_else(|| EmuError::Unsupported(name.into()))?;
                return write_scalar(w, s.code, 1, ((v >> off) & mask) as u64);
            }
            if id == HW_REG_TRAPSTS {
                if f == Flow::GetReg {
                    let s = slot(Role::Sdst).ok_or_else(|| EmuError::Unsupported(name.into()))?;
                    write_scalar(w, s.code, 1, 0)?;
                }
                return Ok(());
            }
            if id != HW_REG_MODE {
                return Err(EmuError::Unsupported(format!(
                    "{name} of hardware register {id} (only HW_REG_MODE and TRAPSTS are modelled)"
                )));
            }
            if f == Flow::GetReg {
                let s = slot(Role::Sdst).ok_or_else(|| EmuError::Unsupported(name.into()))?;
                write_scalar(w, s.code, 1, ((w.mode >> off) & mask) as u64)?;
            } else {
                let v = if f == Flow::SetRegImm {
                    i.literal.unwrap_or(0)
                } else {
                    let s = slot(Role::Src(0)).ok_or_else(|| EmuError::Unsupported(name.into()))?;
                    read_scalar(w, i, s.code, 1, Ty::B32)? as u32
                };
                let m = mask.checked_shl(off).unwrap_or(0);
                w.mode = (w.mode & !m) | ((v << off) & m);
            }
        }
        Flow::MovRelS | Flow::MovRelD => {
            let m0 = w.s[M0] as u16;
            let dst = slot(Role::Sdst).ok_or_else(|| EmuError::Unsupported(name.into()))?;
            let src = slot(Role::Src(0)).ok_or_else(|| EmuError::Unsupported(name.into()))?;
            let (dcode, scode) = if f == Flow::MovRelS {
                (dst.code, src.code + m0)
            } else {
                (dst.code + m0, src.code)
            };
            let v = read_scalar(w, i, scode, src.regs, src.ty)?;
            write_scalar(w, dcode, dst.regs, v)?;
        }
        Flow::GprIdx => {
            let m0 = w.s[M0];
            // The raw field of S_SET_GPR_IDX_ON's SSRC1 and S_SET_GPR_IDX_MODE's SIMM16: the
            // operands indexed (bit 0 SRC0, 1 SRC1, 2 SRC2, 3 VDST).
            let mask = slot(Role::GprIdx).map(|s| s.val & 15);
            let index = match slot(Role::Src(0)) {
                Some(s) => Some(read_scalar(w, i, s.code, 1, Ty::B32)? as u32 & 0xff),
                None => None,
            };
            let m0 = index.map_or(m0, |x| (m0 & !0xff) | x);
            w.s[M0] = mask.map_or(m0, |k| (m0 & !0xf000) | k << 12);
            match (index, mask) {
                (Some(_), Some(_)) => w.mode |= GPR_IDX_EN,
                (None, None) => w.mode &= !GPR_IDX_EN,
                _ => {}
            }
        }
        _ => return Err(EmuError::Unsupported(format!("{name} is not a register move"))),
    }
    Ok(())
}
