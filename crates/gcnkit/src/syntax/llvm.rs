//! The LLVM dialect printer: text that llvm-mc 14 assembles back to the same words.
//! A word LLVM's syntax cannot express (modifier bits LLVM does not accept on that operand,
//! non-zero unused fields, encodings LLVM lacks) prints as `.long` data, which re-assembles
//! to the same bytes.

use super::text::{dec, hex, sdec};
use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::isa::{Form, InstrDef, Ty, X};
use crate::layout::{operands, Role, Slot};
use crate::operand::{classify, Special, Src, SRC_REGS};

/// Why LLVM's syntax cannot say it.
struct Inexpressible;

/// Appends the LLVM text of `i`.
pub fn print(out: &mut String, i: &Instr) {
    let start = out.len();
    let ok = match i.def() {
        Some(d) if i.enc != Enc::Other => print_known(out, i, d).is_ok(),
        _ => false,
    };
    if !ok {
        out.truncate(start);
        out.push_str(".long ");
        for (k, w) in i.words().iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            hex(out, *w as u64);
        }
    }
}

/// Does LLVM accept ABS/NEG on a source of this type in this instruction?
fn takes_src_mods(d: &InstrDef, ty: Ty) -> bool {
    ty.is_float() || matches!(d.form, Form::Cndmask)
}

fn print_known(out: &mut String, i: &Instr, d: &InstrDef) -> Result<(), Inexpressible> {
    let a = i.arch;
    let ai = a.index();
    let vop3 = i.enc.is_vop3();
    if crate::decode::unused_bits(i) != 0 {
        return Err(Inexpressible);
    }
    if vop3 && matches!(d.form, Form::Madmk | Form::Madak) {
        return Err(Inexpressible);
    }
    out.push_str(d.llvm[ai]);
    if d.e32[ai] != X && d.e64[ai] != X && !matches!(d.form, Form::ReadLane | Form::WriteLane) {
        out.push_str(if vop3 { "_e64" } else { "_e32" });
    }
    out.push(' ');
    let ops = operands(i, d);
    let nsrc = d.form.nsrc();
    if vop3 {
        // Modifier bits on operands the instruction lacks, or that LLVM cannot spell.
        let mut allowed = 0u8;
        for s in ops.as_slice() {
            if let Role::Src(k) = s.role {
                if takes_src_mods(d, s.ty) && !(k == 2 && matches!(d.form, Form::Cndmask | Form::CarryIn)) {
                    allowed |= 1 << k;
                }
            }
        }
        if (i.abs | i.neg) & !allowed != 0 {
            return Err(Inexpressible);
        }
        if nsrc < 3 && i.src[2] != 0 {
            return Err(Inexpressible);
        }
        if (i.clamp || i.omod != 0) && !d.float_result() {
            return Err(Inexpressible);
        }
        if i.op_sel != 0 && !d.flags.has(crate::isa::Flags::OPSEL) {
            return Err(Inexpressible);
        }
    }
    let mut first = true;
    for s in ops.as_slice() {
        if !first {
            out.push_str(", ");
        }
        first = false;
        let (abs, neg) = match s.role {
            Role::Src(k) if vop3 => (i.abs >> k & 1 != 0, i.neg >> k & 1 != 0),
            _ => (false, false),
        };
        if neg {
            out.push('-');
        }
        if abs {
            out.push('|');
        }
        operand(out, a, s, i.literal)?;
        if abs {
            out.push('|');
        }
    }
    if vop3 {
        if i.op_sel != 0 {
            out.push_str(" op_sel:[");
            for k in 0..nsrc {
                out.push(if i.op_sel >> k & 1 != 0 { '1' } else { '0' });
                out.push(',');
            }
            out.push(if i.op_sel & 8 != 0 { '1' } else { '0' });
            out.push(']');
        }
        if i.clamp {
            out.push_str(" clamp");
        }
        match i.omod {
            1 => out.push_str(" mul:2"),
            2 => out.push_str(" mul:4"),
            3 => out.push_str(" div:2"),
            _ => {}
        }
    }
    Ok(())
}

/// Appends one operand as LLVM writes it.
fn operand(out: &mut String, a: Arch, s: &Slot, literal: Option<u32>) -> Result<(), Inexpressible> {
    let n = s.regs as u16;
    match classify(a, s.code) {
        Src::Vgpr(v) => {
            if v + n > 256 {
                return Err(Inexpressible);
            }
            reg_range(out, "v", v, n)
        }
        Src::Sgpr(r) => {
            if r + n > crate::operand::sgpr_count(a) || (n > 1 && r % 2 != 0) {
                return Err(Inexpressible);
            }
            reg_range(out, "s", r, n)
        }
        Src::Ttmp(t) => {
            let (_, cnt) = crate::operand::ttmp_range(a);
            if t + n > cnt || (n > 1 && t % 2 != 0) {
                return Err(Inexpressible);
            }
            if n == 1 {
                out.push_str("ttmp");
                dec(out, t as u32);
            } else {
                reg_range(out, "ttmp", t, n)
            }
        }
        Src::Special(sp, hi) => {
            if sp == Special::M0 {
                if n > 1 {
                    return Err(Inexpressible);
                }
                out.push_str("m0");
            } else {
                out.push_str(sp.name());
                if n == 1 {
                    out.push_str(if hi == 0 { "_lo" } else { "_hi" });
                } else if hi != 0 || n > 2 {
                    return Err(Inexpressible);
                }
            }
        }
        Src::Int(v) => sdec(out, v as i64),
        Src::Float(f) => out.push_str(match f {
            0 => "0.5",
            1 => "-0.5",
            2 => "1.0",
            3 => "-1.0",
            4 => "2.0",
            5 => "-2.0",
            6 => "4.0",
            7 => "-4.0",
            _ => "0.15915494",
        }),
        Src::SrcReg(r) => out.push_str(SRC_REGS[r as usize]),
        Src::Vccz => out.push_str("src_vccz"),
        Src::Execz => out.push_str("src_execz"),
        Src::Scc => out.push_str("src_scc"),
        Src::LdsDirect => out.push_str("src_lds_direct"),
        Src::Literal => match literal {
            Some(l) => hex(out, l as u64),
            None => return Err(Inexpressible),
        },
        Src::Sdwa | Src::Dpp | Src::Invalid => return Err(Inexpressible),
    }
    Ok(())
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
