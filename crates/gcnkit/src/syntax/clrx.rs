//! The CLRX dialect printer: the text clrxdisasm gives, including its forms for words no
//! assembler produces (`VOP2_ill_50`, `vsrc2=0x2b`, `abs2`, a `vop3` suffix on a VOP3 word
//! that would fit in 32 bits), so that every printed line re-assembles to the same words.

use super::text::{dec, hex, sdec};
use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::isa::{Flags, Form, InstrDef, Ty, X};
use crate::layout::{operands, Role, Slot};
use crate::operand::{classify, Special, Src, FLOAT_CONSTS, SRC_REGS};

/// Appends the CLRX text of `i`.
pub fn print(out: &mut String, i: &Instr) {
    match (i.enc, i.def()) {
        (Enc::Other, _) => {
            out.push_str(".int ");
            hex(out, i.words[0] as u64);
        }
        (_, Some(d)) => print_known(out, i, d),
        (_, None) => print_illegal(out, i),
    }
}

fn print_known(out: &mut String, i: &Instr, d: &InstrDef) {
    let a = i.arch;
    out.push_str(d.name[a.index()]);
    out.push(' ');
    let ops = operands(i, d);
    let vop3 = i.enc.is_vop3();
    let mut first = true;
    for s in ops.as_slice() {
        if !first {
            out.push_str(", ");
        }
        first = false;
        let mut s = *s;
        // CLRX writes the class mask of a 64-bit CLASS compare as a register pair.
        if d.flags.has(Flags::CLASS) && s.role == Role::Src(1) && d.src[0].regs() == 2 {
            s.regs = 2;
        }
        let (abs, neg) = match s.role {
            Role::Src(k) if vop3 && real_mod_src(d, k) => (i.abs >> k & 1 != 0, i.neg >> k & 1 != 0),
            _ => (false, false),
        };
        if neg {
            out.push('-');
        }
        if abs {
            out.push_str("abs(");
        }
        operand(out, a, &s, i.literal);
        if abs {
            out.push(')');
        }
    }
    if vop3 {
        // The VOP3 form of MADMK/MADAK shows the K operand as a third source.
        let nsrc = if matches!(d.form, Form::Madmk | Form::Madak) { 3 } else { d.form.nsrc() };
        vop3_tail(out, i, nsrc);
        if fits_32bit(i, d) {
            out.push_str(" vop3");
        }
    }
}

/// Sources whose ABS/NEG bits CLRX prints inline: not the SGPR-pair SRC2 of V_CNDMASK and
/// the carry-in instructions.
fn real_mod_src(d: &InstrDef, k: u8) -> bool {
    !(k == 2 && matches!(d.form, Form::Cndmask | Form::CarryIn))
}

/// The VOP3 modifiers after the operands: OMOD, CLAMP, OP_SEL, then the bits of operands the
/// instruction does not have.
fn vop3_tail(out: &mut String, i: &Instr, nsrc: usize) {
    match i.omod {
        1 => out.push_str(" mul:2"),
        2 => out.push_str(" mul:4"),
        3 => out.push_str(" div:2"),
        _ => {}
    }
    if i.clamp {
        out.push_str(" clamp");
    }
    if i.op_sel != 0 {
        // One bit per source plus the destination bit (bit 3 of the field).
        out.push_str(" op_sel:[");
        for k in 0..nsrc {
            out.push(if i.op_sel >> k & 1 != 0 { '1' } else { '0' });
            out.push(',');
        }
        out.push(if i.op_sel & 8 != 0 { '1' } else { '0' });
        out.push(']');
    }
    if nsrc < 3 {
        if i.abs & 4 != 0 {
            out.push_str(" abs2");
        }
        if i.neg & 4 != 0 {
            out.push_str(" neg2");
        }
        if i.src[2] != 0 {
            out.push_str(" vsrc2=");
            hex(out, i.src[2] as u64);
        }
    }
}

/// Would the VOP3 word `i` encode the same thing as the 32-bit form? CLRX then marks it
/// with a `vop3` suffix so that re-assembly keeps the long form.
fn fits_32bit(i: &Instr, d: &InstrDef) -> bool {
    let a = i.arch.index();
    if d.e32[a] == X {
        return false;
    }
    if matches!(d.form, Form::Madmk | Form::Madak) {
        return true;
    }
    let real_abs = if matches!(d.form, Form::Cndmask | Form::CarryIn) { i.abs & 3 } else { i.abs };
    let real_neg = if matches!(d.form, Form::Cndmask | Form::CarryIn) { i.neg & 3 } else { i.neg };
    if real_abs != 0 || real_neg != 0 || i.omod != 0 || i.clamp || i.op_sel != 0 {
        return false;
    }
    let vcc = 106;
    let src1_ok = match d.form {
        Form::ReadLane | Form::WriteLane => i.src[1] < 256,
        _ => i.src[1] >= 256,
    };
    let rest_ok = match d.form {
        Form::Bin | Form::ReadLane | Form::WriteLane => i.src[2] == 0,
        Form::Carry => i.sdst == vcc && i.src[2] == 0,
        Form::CarryIn => i.sdst == vcc && i.src[2] == vcc,
        Form::Cndmask => i.src[2] == vcc,
        Form::Cmp => i.vdst == vcc && i.src[2] == 0,
        _ => false,
    };
    // CLRX ignores the unused bits 12-16 of a GCN 1.0/1.1 VOP3A word here.
    src1_ok && rest_ok
}

fn print_illegal(out: &mut String, i: &Instr) {
    let a = i.arch;
    let vgpr = |code: u16| Slot { role: Role::Vdst, code, regs: 1, ty: Ty::B32, implicit: false };
    match i.enc {
        Enc::Vop2 | Enc::Vopc => {
            out.push_str(if i.enc == Enc::Vop2 { "VOP2_ill_" } else { "VOPC_ill_" });
            dec(out, i.opcode as u32);
            out.push(' ');
            if i.enc == Enc::Vop2 {
                operand(out, a, &vgpr(256 + i.vdst), None);
            } else {
                out.push_str("vcc");
            }
            out.push_str(", ");
            operand(out, a, &vgpr(i.src[0]), i.literal);
            out.push_str(", ");
            operand(out, a, &vgpr(i.src[1]), None);
        }
        _ => {
            out.push_str("VOP3A_ill_");
            dec(out, i.opcode as u32);
            out.push(' ');
            let cmp = i.opcode < 256;
            if cmp {
                operand(out, a, &Slot { role: Role::Sdst, code: i.vdst, regs: 2, ty: Ty::B64, implicit: false }, None);
            } else {
                operand(out, a, &vgpr(256 + i.vdst), None);
            }
            let n = if cmp { 2 } else { 3 };
            for k in 0..n {
                out.push_str(", ");
                let neg = i.neg >> k & 1 != 0;
                let abs = i.abs >> k & 1 != 0;
                if neg {
                    out.push('-');
                }
                if abs {
                    out.push_str("abs(");
                }
                operand(out, a, &vgpr(i.src[k]), None);
                if abs {
                    out.push(')');
                }
            }
            vop3_tail(out, i, n);
        }
    }
}

/// Appends one operand as CLRX writes it.
pub fn operand(out: &mut String, a: Arch, s: &Slot, literal: Option<u32>) {
    let n = s.regs as u16;
    match classify(a, s.code) {
        Src::Vgpr(v) => reg_range(out, "v", v, n),
        Src::Sgpr(r) => reg_range(out, "s", r, n),
        Src::Ttmp(t) => {
            if n == 1 {
                out.push_str("ttmp");
                dec(out, t as u32);
            } else {
                reg_range(out, "ttmp", t, n)
            }
        }
        Src::Special(sp, hi) => special(out, sp, hi, n, s.code),
        Src::Int(v) => sdec(out, v as i64),
        Src::Float(f) => float_const(out, f),
        Src::SrcReg(r) => out.push_str(SRC_REGS[r as usize]),
        Src::Vccz => out.push_str("vccz"),
        Src::Execz => out.push_str("execz"),
        Src::Scc => out.push_str("scc"),
        Src::LdsDirect => out.push_str("lds_direct"),
        Src::Literal => match literal {
            Some(l) => literal_text(out, l, s.ty),
            // VOP3 has no literal on these archs: CLRX shows the code as a zero literal.
            None => literal_text(out, 0, s.ty),
        },
        Src::Sdwa => out.push_str("sdwa"),
        Src::Dpp => out.push_str("dpp"),
        Src::Invalid => {
            out.push_str("ill_");
            dec(out, s.code as u32);
        }
    }
}

fn reg_range(out: &mut String, prefix: &str, first: u16, n: u16) {
    out.push_str(prefix);
    if n == 1 {
        dec(out, first as u32);
    } else {
        out.push('[');
        dec(out, first as u32);
        out.push(':');
        dec(out, (first + n - 1) as u32);
        out.push(']');
    }
}

fn special(out: &mut String, sp: Special, hi: u8, n: u16, code: u16) {
    if sp == Special::M0 {
        out.push_str("m0");
        if n > 1 {
            out.push_str("&ill!");
        }
        return;
    }
    out.push_str(sp.name());
    if n == 1 {
        out.push_str(if hi == 0 { "_lo" } else { "_hi" });
    } else if hi != 0 || n > 2 {
        // A range that does not start at the pair's low half: CLRX has no name for it.
        out.push_str("&ill!");
        let _ = code;
    }
}

fn float_const(out: &mut String, f: u8) {
    out.push_str(match f {
        0 => "0.5",
        1 => "-0.5",
        2 => "1.0",
        3 => "-1.0",
        4 => "2.0",
        5 => "-2.0",
        6 => "4.0",
        7 => "-4.0",
        _ => "0.15915494",
    });
    let _ = FLOAT_CONSTS;
}

/// A literal: hex, with the float value as a comment for f32/f16 operands.
fn literal_text(out: &mut String, l: u32, ty: Ty) {
    hex(out, l as u64);
    match ty {
        Ty::F32 => {
            use std::fmt::Write;
            let _ = write!(out, " /* {:e}f */", f32::from_bits(l));
        }
        Ty::F16 => {
            use std::fmt::Write;
            let _ = write!(out, " /* {}h */", half::f16::from_bits(l as u16));
        }
        _ => {}
    }
}
