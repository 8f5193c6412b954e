//! The LLVM dialect printer: text that llvm-mc 14 assembles back to the same words.
//!
//! A word LLVM's syntax cannot express prints as `.long` data, which re-assembles to the same
//! bytes: modifier bits LLVM does not accept on that operand, non-zero unused fields, operand
//! rule violations LLVM refuses (constant bus...), literals LLVM would fold into inline
//! constants, instructions LLVM 14 lacks.

use super::text::{dec, hex, reg_range, sdec};
use super::{At, Syntax};
use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::isa::{Flags, Form, InstrDef, Ty, X};
use crate::layout::{operands, Role, Slot};
use crate::operand::{classify, Special, Src, FLOAT_CONSTS, SRC_REGS};

/// LLVM's syntax cannot say it.
struct Inexpressible;

type Res = Result<(), Inexpressible>;

/// Appends the LLVM text of `i`.
pub fn print(out: &mut String, i: &Instr) {
    print_with(out, i, true, &At::ALONE)
}

/// Appends the LLVM text of `i` at `at` (see [`super::At`]).
pub fn print_at(out: &mut String, i: &Instr, at: &At) {
    print_with(out, i, true, at)
}

/// Appends LLVM-syntax text of `i` even when it breaks the operand rules (two SGPRs, a
/// literal in VOP3...): for tests that feed deliberately invalid instructions to llvm-mc and
/// the assembler. Still `.long` for what LLVM's syntax cannot write at all.
pub fn print_unchecked(out: &mut String, i: &Instr) {
    print_with(out, i, false, &At::ALONE)
}

fn print_with(out: &mut String, i: &Instr, rules: bool, at: &At) {
    let start = out.len();
    if !text(out, i, rules, at) {
        out.truncate(start);
        out.push_str(".long ");
        for (k, w) in i.words().iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            hex(out, *w as u64);
        }
        comment(out, i, at);
    }
}

/// After a `.long` line, what the words are: LLVM's text without the operand rules where that
/// is all that stopped it (llvm-mc would refuse it as written), else the CLRX dialect's text
/// (LLVM's syntax has no way to write these bits).
#[cold]
fn comment(out: &mut String, i: &Instr, at: &At) {
    let mut t = String::new();
    if !text(&mut t, i, false, at) {
        t.clear();
        super::clrx::print_at(&mut t, i, at);
        // clrx's own data form: `.int WORDS /* TEXT */`, or only the words.
        match (t.find("/* "), t.rfind(" */")) {
            (Some(a), Some(b)) if t.starts_with(".int") && a + 3 <= b => t = format!("{} (CLRX)", &t[a + 3..b]),
            _ if t.starts_with(".int") => return,
            _ => t.push_str(" (CLRX)"),
        }
        // An opcode no generation defines says nothing more than its words.
        if t.contains("_ill_") {
            return;
        }
    }
    out.push_str(" ; ");
    out.push_str(&t);
}

/// Appends LLVM's text of `i`; false (with whatever was appended) when LLVM's syntax cannot
/// say it, or `rules` and it breaks an operand rule llvm-mc checks.
fn text(out: &mut String, i: &Instr, rules: bool, at: &At) -> bool {
    match i.def() {
        Some(d) if d.short.is_mem() => {
            let name = d.llvm[i.arch.index()];
            !name.is_empty() && super::memory::print(out, i, d, name, Syntax::Llvm)
        }
        Some(d) if d.short.is_gfx() => {
            let name = d.llvm[i.arch.index()];
            !name.is_empty() && super::gfx::print(out, i, d, name, Syntax::Llvm)
        }
        Some(d) if d.short == crate::isa::Short::Vop3p => {
            let name = d.llvm[i.arch.index()];
            !name.is_empty() && super::vop3p::print(out, i, d, name, Syntax::Llvm)
        }
        Some(d) if !d.short.is_vop() => {
            let name = d.llvm[i.arch.index()];
            !name.is_empty() && super::scalar::print(out, i, d, name, Syntax::Llvm, at)
        }
        Some(d) if i.enc.is_ext() => super::ext::print(out, i, d, d.llvm[i.arch.index()], Syntax::Llvm),
        Some(d) if i.enc != Enc::Other => print_known(out, i, d, rules).is_ok(),
        _ => false,
    }
}

/// The VOP3 modifiers LLVM 14 accepts on a row, per arch (checked against llvm-mc; see
/// tests/llvm_diff.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlvmMods {
    /// Sources taking `-x` / `neg(x)`.
    pub neg: u8,
    /// Sources taking `|x|`.
    pub abs: u8,
    /// Sources whose NEG bit LLVM spells `sext(x)` (integer SRC1 of a float op).
    pub sext: u8,
    pub clamp: bool,
    pub omod: bool,
    pub op_sel: bool,
}

pub fn llvm_mods(d: &InstrDef, a: Arch) -> LlvmMods {
    let mut m = LlvmMods {
        neg: 0,
        abs: 0,
        sext: 0,
        clamp: false,
        omod: false,
        op_sel: false,
    };
    if matches!(d.form, Form::ReadLane | Form::WriteLane) {
        return m;
    }
    for k in 0..d.form.nsrc() {
        let t = d.src[k];
        let sgpr_pair = k == 2 && matches!(d.form, Form::Cndmask | Form::CarryIn);
        if sgpr_pair {
            continue;
        }
        if t.is_float() || (d.form == Form::Cndmask && k < 2) {
            m.neg |= 1 << k;
            if !d.form.is_vop3b() {
                m.abs |= 1 << k;
            }
        } else if k == 1 && d.form != Form::Cmp && d.src[0].is_float() {
            m.sext |= 1 << k;
        }
    }
    let float_src = d.src[..d.form.nsrc()].iter().any(|t| t.is_float());
    m.clamp = match d.form {
        Form::Cmp => float_src && !d.flags.has(Flags::CLASS) && a.is_vi_plus(),
        Form::Cndmask => false,
        _ => d.dst.is_float() || (a.is_vi_plus() && d.flags.has(Flags::INT_CLAMP)),
    };
    m.op_sel = a.is_gcn14() && d.flags.has(Flags::OPSEL);
    m.omod = d.dst.is_float() && d.form != Form::Cmp && !m.op_sel;
    m
}

/// LLVM 14 lacks the VOP3 form of MADMK/MADAK and V_READFIRSTLANE_B32, and of
/// READLANE/WRITELANE where their VOP2 form exists (GCN 1.0/1.1): the hardware has them,
/// LLVM's syntax cannot ask for them.
pub fn llvm_has_e64(d: &InstrDef, a: Arch) -> bool {
    let ai = a.index();
    let lacks = matches!(d.form, Form::Madmk | Form::Madak | Form::ReadFirstLane)
        || d.flags.has(Flags::NO_LLVM_E64)
        || (matches!(d.form, Form::ReadLane | Form::WriteLane) && d.e32[ai] != X);
    d.e64[ai] != X && !lacks
}

fn print_known(out: &mut String, i: &Instr, d: &InstrDef, rules: bool) -> Res {
    let a = i.arch;
    let ai = a.index();
    let vop3 = i.enc.is_vop3();
    if crate::decode::unused_bits(i) != 0
        || d.llvm[ai].is_empty()
        || crate::layout::unused_fields(i, d).iter().any(|f| i.get(*f) != 0)
    {
        return Err(Inexpressible);
    }
    if vop3 && !llvm_has_e64(d, a) {
        return Err(Inexpressible);
    }
    // GCN 1.0/1.1 VOP3B: LLVM accepts `clamp` but does not encode it.
    if i.enc == Enc::Vop3b && i.clamp() && !a.is_vi_plus() {
        return Err(Inexpressible);
    }
    if rules && !crate::rules::check_with(i, d, crate::rules::Policy::Llvm).is_empty() {
        return Err(Inexpressible);
    }
    let ops = operands(i, d);
    let nsrc = d.form.nsrc();
    let m = llvm_mods(d, a);
    if vop3 {
        if i.abs() & !m.abs != 0 || i.neg() & !(m.neg | m.sext) != 0 {
            return Err(Inexpressible);
        }
        if (nsrc..3).any(|k| i.src(k) != 0) || (d.form == Form::Nop && i.vdst() != 0) {
            return Err(Inexpressible);
        }
        if (i.clamp() && !m.clamp) || (i.omod() != 0 && !m.omod) {
            return Err(Inexpressible);
        }
        let sel_ok: u8 = 8 | ((1u8 << nsrc) - 1);
        if i.op_sel() != 0 && (!m.op_sel || i.op_sel() & !sel_ok != 0) {
            return Err(Inexpressible);
        }
    }
    if rules {
        operand_limits(i, d, ops.as_slice())?;
    }
    out.push_str(d.llvm[ai]);
    // The suffix only where LLVM has both forms.
    if d.e32[ai] != X && llvm_has_e64(d, a) {
        out.push_str(if vop3 { "_e64" } else { "_e32" });
    }
    out.push(' ');
    for (n, s) in ops.as_slice().iter().enumerate() {
        if n > 0 {
            out.push_str(", ");
        }
        let (abs, neg, sext) = match s.role {
            Role::Src(k) if vop3 => {
                let neg = i.neg() >> k & 1 != 0;
                let sext = neg && m.sext >> k & 1 != 0;
                (i.abs() >> k & 1 != 0, neg && !sext, sext)
            }
            _ => (false, false, false),
        };
        // `-2.0` would read as the constant -2.0: a negated constant is `neg(2.0)`.
        let constant = matches!(classify(a, s.code), Src::Int(_) | Src::Float(_));
        let neg_fn = neg && !abs && constant;
        if sext {
            out.push_str("sext(");
        } else if neg_fn {
            out.push_str("neg(");
        } else if neg {
            out.push('-');
        }
        if abs {
            out.push('|');
        }
        operand(out, a, s, i.literal)?;
        if abs {
            out.push('|');
        }
        if neg_fn || sext {
            out.push(')');
        }
    }
    if vop3 {
        if i.op_sel() != 0 {
            out.push_str(" op_sel:[");
            for k in 0..nsrc {
                out.push(if i.op_sel() >> k & 1 != 0 { '1' } else { '0' });
                out.push(',');
            }
            out.push(if i.op_sel() & 8 != 0 { '1' } else { '0' });
            out.push(']');
        }
        if i.clamp() {
            out.push_str(" clamp");
        }
        out.push_str(super::text::OMOD[i.omod() as usize]);
    }
    Ok(())
}

/// Operand restrictions of LLVM's parser beyond CLRX's pages' rules ([`crate::rules::llvm_check`]),
/// and literals LLVM would read as something else.
fn operand_limits(i: &Instr, d: &InstrDef, ops: &[Slot]) -> Res {
    if crate::rules::llvm_check(i, d).is_some() {
        return Err(Inexpressible);
    }
    for s in ops {
        if classify(i.arch, s.code) == Src::Literal && matches!(s.role, Role::Src(_) | Role::K) {
            // The type llvm-mc reads the constant as (a 32-bit SRC0 of its V_MADMK_F16).
            let ty = if s.role == Role::Src(0) && d.flags.has(Flags::LLVM_SRC0_32) {
                Ty::F32
            } else {
                s.ty
            };
            literal_ok(i.arch, i.literal.unwrap_or(0), ty, s.role == Role::K)?;
        }
    }
    Ok(())
}

/// Would LLVM read this literal back as the same literal? It folds values equal to an inline
/// constant into the constant (except for MADMK/MADAK's K) and wants 16-bit values for
/// 16-bit operands.
fn literal_ok(a: Arch, l: u32, ty: Ty, k: bool) -> Res {
    if ty.is_16() && l > 0xffff {
        return Err(Inexpressible);
    }
    if k {
        return Ok(());
    }
    let int_inline = |v: i64| (-16..=64).contains(&v);
    let floats = if a.is_vi_plus() { 9 } else { 8 };
    let folds = match ty.regs() {
        2 => int_inline(l as i64),
        _ if ty.is_16() => {
            int_inline(l as u16 as i16 as i64)
                || (ty.is_float() && FLOAT_CONSTS[..floats].iter().any(|c| c.1 as u32 == l))
        }
        _ => int_inline(l as i32 as i64) || FLOAT_CONSTS[..floats].iter().any(|c| c.2 == l),
    };
    if folds {
        Err(Inexpressible)
    } else {
        Ok(())
    }
}

/// Would LLVM read literal `l` of an operand of type `ty` back as this literal?
pub(super) fn literal_fits(a: Arch, l: u32, ty: Ty) -> bool {
    literal_ok(a, l, ty, false).is_ok()
}

/// Appends one operand as LLVM writes it; `false` if LLVM cannot write it.
pub(super) fn operand_text(out: &mut String, a: Arch, s: &Slot, literal: Option<u32>) -> bool {
    operand(out, a, s, literal).is_ok()
}

/// Appends one operand as LLVM writes it.
fn operand(out: &mut String, a: Arch, s: &Slot, literal: Option<u32>) -> Res {
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
        // LLVM has no float inline constants for 16-bit integer operands.
        Src::Float(_) if s.ty.is_16() && !s.ty.is_float() => return Err(Inexpressible),
        Src::Float(8) if s.ty.regs() == 2 => out.push_str("0.15915494309189532"),
        Src::Float(f) => {
            out.push_str(["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"][f as usize])
        }
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
