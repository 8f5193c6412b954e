//! The CLRX dialect printer: the text clrxdisasm gives, including its forms for words no
//! assembler produces (`VOP2_ill_50`, `vsrc2=0x2b`, `abs2`, `m0&ill!`, `lit(5)`, a `vop3`
//! suffix on a VOP3 word that would fit in 32 bits), so that every printed line re-assembles
//! to the same words with CLRX's assembler.

use super::text::{dec, hex, reg_range, sdec, Cell};
use super::{At, Syntax};
use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::isa::{generic_row, isa, Flags, Form, InstrDef, Short, Ty, X};
use crate::layout::{operands, Role, Slot};
use crate::operand::{classify, Special, Src, SRC_REGS};

/// Appends the CLRX text of `i` (alone: see [`super::print`]).
pub fn print(out: &mut String, i: &Instr) {
    print_at(out, i, &At::ALONE)
}

/// Appends the CLRX text of `i` at `at` (see [`super::At`]).
pub fn print_at(out: &mut String, i: &Instr, at: &At) {
    // A zero word (padding, mostly) decodes to a `v_cndmask_b32` that reads two scalar values,
    // which no assembler takes: clrxdisasm prints it as data, and so does gcnkit.
    if i.len == 1 && i.words[0] == 0 {
        out.push_str(".fill 1, 4, 0");
        return;
    }
    let def = i.def();
    if i.enc.is_ext() {
        // SDWA/DPP of a row clrxasm knows; an unknown opcode's words as data.
        match def.filter(|d| !d.name[i.arch.index()].is_empty()) {
            Some(d) => {
                let start = out.len();
                super::ext::print(out, i, d, d.name[i.arch.index()], Syntax::Clrx);
                if super::ext::clrx_loses(i, d) {
                    as_data(out, start, i);
                }
            }
            None => data(out, i),
        }
        return;
    }
    // A row clrxasm knows on this arch (nearly every word of real code): printed first, then
    // turned into data in the rare case the text would not read back; a scalar row's check
    // uses the operand list of its printing.
    if let Some(d) = def.filter(|_| i.enc != Enc::Other) {
        let name = d.name[i.arch.index()];
        if !name.is_empty() {
            let start = out.len();
            let loses = if d.short.is_vop() {
                print_known(out, i, d, at);
                vector_loses_bits(i, d)
            } else if d.short == Short::Vop3p || d.short.is_gfx() {
                print_known(out, i, d, at);
                loses_bits(i)
            } else if d.short.is_mem() {
                super::memory::print_clrx(out, i, d, name)
            } else {
                super::scalar::print_clrx(out, i, d, name, at)
            };
            if loses {
                as_data(out, start, i);
            }
            return;
        }
    }
    match (i.enc, def) {
        (Enc::Other, _) => {
            out.push_str(".int ");
            hex(out, i.words[0] as u64);
        }
        _ if loses_bits(i) => {
            // clrxdisasm's text would read back as other words: the words as data, the text
            // in a comment.
            out.push_str(".int ");
            for (k, w) in i.words().iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                hex(out, *w as u64);
            }
            out.push_str(" /* ");
            match i.def() {
                Some(d) if !d.name[i.arch.index()].is_empty() => print_known(out, i, d, at),
                _ => print_illegal(out, i, at),
            }
            out.push_str(" */");
        }
        // An instruction clrxasm does not know on this arch: CLRX's name for an unused opcode.
        (_, Some(d)) if d.name[i.arch.index()].is_empty() => print_illegal(out, i, at),
        (_, Some(d)) => print_known(out, i, d, at),
        (e, None) if e.is_vop3() || e.is_vop32() || generic_row(e).is_some() => print_illegal(out, i, at),
        // The classes whose rows come later (export, interpolation, images): data, whole.
        _ => data(out, i),
    }
}

/// The words of `i` as one data line.
fn data(out: &mut String, i: &Instr) {
    out.push_str(".int ");
    for (k, w) in i.words().iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        hex(out, *w as u64);
    }
}

/// Turns the text of `i` printed from `start` into the form of a word that would not read
/// back: the words as data, the text in a comment.
#[cold]
fn as_data(out: &mut String, start: usize, i: &Instr) {
    let mut head = String::from(".int ");
    for (k, w) in i.words().iter().enumerate() {
        if k > 0 {
            head.push_str(", ");
        }
        hex(&mut head, *w as u64);
    }
    head.push_str(" /* ");
    out.insert_str(start, &head);
    out.push_str(" */");
}

/// Would clrxdisasm's text of `i` lose bits, so that it reads back as other words? A VOP3 word
/// with non-zero unused bits, CLAMP in a GCN 1.0/1.1 VOP3B word, ABS/NEG of the SGPR-pair SRC2
/// of V_CNDMASK and the carry-ins, the literal code in a source (VOP3 has no literal: CLRX
/// writes `0x0`), and for unused opcodes the ABS and CLAMP bits CLRX does not show; for the
/// scalar classes, see `syntax::scalar`.
pub fn loses_bits(i: &Instr) -> bool {
    if i.enc.is_ext() {
        return i
            .def()
            .filter(|d| !d.name[i.arch.index()].is_empty())
            .is_none_or(|d| super::ext::clrx_loses(i, d));
    }
    let known = i.def().filter(|d| !d.name[i.arch.index()].is_empty());
    if let Some(d) = known.filter(|d| d.short == Short::Vop3p) {
        return super::vop3p::clrx_loses(i, d);
    }
    if let Some(d) = known.filter(|d| d.short.is_gfx()) {
        return super::gfx::loses(i, d, false);
    }
    // clrxasm does not read its `VINTRP_ill_3`.
    if i.enc == Enc::Vintrp {
        return true;
    }
    if let Some(d) = known
        .filter(|d| !d.short.is_vop())
        .or_else(|| generic_row(i.enc).filter(|_| known.is_none()))
    {
        if d.short.is_mem() {
            return super::memory::loses_bits(i, d);
        }
        return super::scalar::loses_bits(i, d);
    }
    if let Some(d) = known {
        return vector_loses_bits(i, d);
    }
    if !i.enc.is_vop3() {
        return false;
    }
    if crate::decode::unused_bits(i) != 0 {
        return true;
    }
    match i.def() {
        // A row without a CLRX name on this arch.
        Some(d) => vop3_loses_bits(i, d),
        None => {
            let slot = illegal_slot_vop3a(i);
            let show_abs = slot == Some(true);
            let show_clamp = slot == Some(true) || (slot.is_none() && i.arch.is_vi_plus());
            let n = if i.opcode < 256 { 2 } else { 3 };
            (!show_abs && i.abs() != 0) || (!show_clamp && i.clamp()) || (0..n).any(|k| i.src(k) == 255)
        }
    }
}

/// [`loses_bits`] of a vector-ALU word whose row clrxasm knows on its arch.
#[inline]
fn vector_loses_bits(i: &Instr, d: &InstrDef) -> bool {
    if !i.enc.is_vop3() {
        // A literal no operand shows (V_CLREXCP with SRC0 = 255): clrxdisasm writes
        // `src0=0xff` and drops the literal dword.
        return i.literal.is_some() && !operands(i, d).shows_literal();
    }
    crate::decode::unused_bits(i) != 0 || vop3_loses_bits(i, d)
}

/// [`loses_bits`] of a VOP3 word of row `d` (its unused bits aside). clrxasm refuses the VOP3
/// form of V_MADMK/V_MADAK ("Literal in VOP3 encoding is illegal") that clrxdisasm prints.
fn vop3_loses_bits(i: &Instr, d: &InstrDef) -> bool {
    if matches!(d.form, Form::Madmk | Form::Madak) {
        return true;
    }
    let nsrc = d.form.nsrc();
    (i.enc == Enc::Vop3b && !i.arch.is_vi_plus() && i.clamp())
        || ((i.abs() | i.neg()) & !used_mod_mask(d) & 7 != 0)
        || (0..nsrc).any(|k| i.src_in(k, || Some(d.form)) == 255)
}

/// Sources whose ABS/NEG bits count: not the SGPR-pair SRC2 of V_CNDMASK and the carry-in
/// instructions (CLRX drops those bits silently).
pub(super) fn used_mod_mask(d: &InstrDef) -> u8 {
    if matches!(d.form, Form::Cndmask | Form::CarryIn) {
        3
    } else {
        7
    }
}

fn print_known(out: &mut String, i: &Instr, d: &InstrDef, at: &At) {
    let a = i.arch;
    if d.short == Short::Vop3p {
        super::vop3p::print(out, i, d, d.name[a.index()], Syntax::Clrx);
        return;
    }
    if d.short.is_gfx() {
        super::gfx::print(out, i, d, d.name[a.index()], Syntax::Clrx);
        return;
    }
    if d.short.is_mem() {
        super::memory::print(out, i, d, d.name[a.index()], Syntax::Clrx);
        return;
    }
    if !d.short.is_vop() {
        super::scalar::print(out, i, d, d.name[a.index()], Syntax::Clrx, at);
        return;
    }
    let texts = texts(a);
    match i.def {
        Some(id) => texts.mnemonics[id as usize].push(out),
        None => out.push(' '),
    }
    let ops = operands(i, d);
    if ops.len == 0 && out.ends_with(' ') {
        out.pop();
    }
    let vop3 = i.enc.is_vop3();
    let mods = used_mod_mask(d);
    let mut const_mods = (0u8, 0u8);
    // Sources with a modifier shown (VOP3 only); CLASS compares' mask source.
    let modded_srcs = if vop3 { (i.abs() | i.neg()) & mods } else { 0 };
    let class = d.flags.has(Flags::CLASS);
    for (n, s) in ops.as_slice().iter().enumerate() {
        // Plain operands (no modifier, no literal): one precomputed text with its ", ".
        let plain = s.code != 255 && s.regs <= 2 && (!matches!(s.role, Role::Src(_)) || modded_srcs == 0);
        if plain && !(class && s.role == Role::Src(1)) {
            let k = op_index(s.regs, s.code);
            if n > 0 {
                texts.comma_ops[k].push(out)
            } else {
                texts.ops[k].push(out)
            }
            continue;
        }
        if n > 0 {
            out.push_str(", ");
        }
        let mut s = *s;
        // CLRX writes the class mask of a 64-bit CLASS compare as a register pair (except at
        // the end of a register file, where the pair would name a register that does not
        // exist and could not be read back).
        if class && s.role == Role::Src(1) && d.src[0].regs() == 2 && pair_fits(a, s.code) {
            s.regs = 2;
        }
        let (mut abs, mut neg) = match s.role {
            Role::Src(k) if vop3 && mods >> k & 1 != 0 => (i.abs() >> k & 1 != 0, i.neg() >> k & 1 != 0),
            _ => (false, false),
        };
        // clrxasm reads `-0.5` as the constant -0.5 and does not take `abs(2.0)`: ABS/NEG of a
        // bare constant go into trailing `abs:[...]`/`neg:[...]` (clrxdisasm's `-0.5` loses the bit).
        if (neg || abs) && is_number(a, s.code) {
            if let Role::Src(k) = s.role {
                const_mods.0 |= (abs as u8) << k;
                const_mods.1 |= (neg as u8) << k;
                (abs, neg) = (false, false);
            }
        }
        // The 32-bit forms' literal comments; V_READLANE/V_WRITELANE's scalar VSRC1 never
        // sees the literal word.
        let lit = match s.role {
            Role::Src(0) | Role::K if !vop3 => i.literal,
            // CLRX prints the lane select's literal code without its (absent) literal: lit(0).
            Role::Src(1) if !vop3 && matches!(d.form, Form::ReadLane | Form::WriteLane) => Some(0),
            _ => None,
        };
        modded(
            out,
            a,
            &s,
            lit,
            abs,
            neg,
            !vop3 && (s.role == Role::Src(0) || lit == Some(0) && s.role == Role::Src(1)),
            comment_ty(d, vop3),
        );
    }
    if vop3 {
        // The VOP3 form of MADMK/MADAK shows K's slot as a third source.
        let nsrc = if matches!(d.form, Form::Madmk | Form::Madak) {
            3
        } else {
            d.form.nsrc()
        };
        let vop3b_si = i.enc == Enc::Vop3b && !a.is_vi_plus();
        // CLRX's abs:/neg: lists cover the sources that take modifiers (not V_CNDMASK's and
        // the carry-ins' SGPR-pair SRC2).
        let list_len = (mods & 7).count_ones() as usize;
        vop3_tail(
            out,
            i,
            nsrc,
            i.enc == Enc::Vop3a,
            !vop3b_si,
            const_mods,
            list_len.min(nsrc),
        );
        if fits_32bit(i, d) {
            out.push_str(" vop3");
        }
    } else {
        super::scalar::notes(out, i, d);
    }
    // The value of a float literal, as a comment at the end of the line (CLRX puts it right
    // after the literal; at the end, the operand list stays plain for scripts).
    if let (Some(l), Some(t)) = (i.literal, comment_ty(d, vop3)) {
        float_comment(out, l, t);
    }
}

/// The literal comment type: f32/f16 32-bit forms only.
pub(super) fn comment_ty(d: &InstrDef, vop3: bool) -> Option<Ty> {
    match d.src[0] {
        Ty::F32 | Ty::F16 if !vop3 => Some(d.src[0]),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn modded(
    out: &mut String,
    a: Arch,
    s: &Slot,
    lit: Option<u32>,
    abs: bool,
    neg: bool,
    lit_form: bool,
    cty: Option<Ty>,
) {
    if neg {
        out.push('-');
    }
    if abs {
        out.push_str("abs(");
    }
    operand(out, a, s, lit, lit_form, cty);
    if abs {
        out.push(')');
    }
}

/// The VOP3 modifiers after the operands, in CLRX's order: OP_SEL, OMOD, CLAMP, then notes for
/// non-zero bits of operands the instruction does not have.
fn vop3_tail(
    out: &mut String,
    i: &Instr,
    nsrc: usize,
    vop3a: bool,
    show_clamp: bool,
    const_mods: (u8, u8),
    list_len: usize,
) {
    let allowed: u8 = 8 | ((1u8 << list_len) - 1);
    let bracket = i.op_sel() != 0 && i.op_sel() & !allowed == 0;
    if bracket {
        out.push_str(" op_sel:[");
        for k in 0..list_len {
            out.push(if i.op_sel() >> k & 1 != 0 { '1' } else { '0' });
            out.push(',');
        }
        out.push(if i.op_sel() & 8 != 0 { '1' } else { '0' });
        out.push(']');
    }
    out.push_str(super::text::OMOD[i.omod() as usize]);
    if i.clamp() && show_clamp {
        out.push_str(" clamp");
    }
    // Raw notes for the fields of operands the instruction lacks (clrxdisasm's spelling).
    if nsrc == 0 && i.vdst() != 0 {
        out.push_str(" dst=");
        hex(out, i.vdst() as u64);
    }
    const NAMES: [(&str, &str, &str); 3] = [
        (" src0=", " abs0", " neg0"),
        (" vsrc1=", " abs1", " neg1"),
        (" vsrc2=", " abs2", " neg2"),
    ];
    for (k, &(field, abs, neg)) in NAMES.iter().enumerate().skip(nsrc) {
        if i.src(k) != 0 {
            out.push_str(field);
            hex(out, i.src(k) as u64);
        }
        if vop3a && i.abs() >> k & 1 != 0 {
            out.push_str(abs);
        }
        if i.neg() >> k & 1 != 0 {
            out.push_str(neg);
        }
    }
    for (name, bits) in [(" abs:[", const_mods.0), (" neg:[", const_mods.1)] {
        if bits != 0 {
            out.push_str(name);
            for k in 0..list_len {
                if k > 0 {
                    out.push(',');
                }
                out.push(if bits >> k & 1 != 0 { '1' } else { '0' });
            }
            out.push(']');
        }
    }
    if i.op_sel() != 0 && !bracket {
        out.push_str(" op_sel=");
        hex(out, i.op_sel() as u64);
    }
}

/// Does a register pair starting at `code` stay inside its register file?
fn pair_fits(a: Arch, code: u16) -> bool {
    match classify(a, code) {
        Src::Sgpr(r) => r + 1 < crate::operand::sgpr_count(a),
        Src::Ttmp(t) => t + 1 < crate::operand::ttmp_range(a).1,
        _ => true,
    }
}

/// A numeric constant operand (inline integer or float, or the literal).
pub(super) fn is_number(a: Arch, code: u16) -> bool {
    matches!(classify(a, code), Src::Int(_) | Src::Float(_) | Src::Literal)
}

/// Would the VOP3 word `i` encode the same thing as the 32-bit form? CLRX then marks it with
/// a `vop3` suffix so that re-assembly keeps the long form.
pub(super) fn fits_32bit(i: &Instr, d: &InstrDef) -> bool {
    if !may_fit_32bit(d, i.arch) {
        return false;
    }
    if matches!(d.form, Form::Madmk | Form::Madak) {
        return true;
    }
    let vcc = 106;
    let used = used_mod_mask(d);
    if i.enc == Enc::Vop3b {
        // CLRX quirk: CLAMP does not cancel the suffix of a VOP3B carry op.
        let src2_ok = if d.form == Form::CarryIn {
            i.src(2) == vcc
        } else {
            i.src(2) == 0
        };
        return i.src(1) >= 256 && i.sdst() == vcc && src2_ok && i.omod() == 0 && i.neg() & used == 0;
    }
    if (i.abs() | i.neg()) & used != 0 || i.omod() != 0 || i.clamp() || i.op_sel() != 0 {
        return false;
    }
    let src1_ok = match d.form {
        Form::ReadLane | Form::WriteLane => i.src(1) < 256,
        // VOP1: the unused SRC1 field must be zero (VDST and SRC0 of V_NOP do not matter).
        Form::Un | Form::Nop | Form::ReadFirstLane => i.src(1) == 0,
        _ => i.src(1) >= 256,
    };
    let rest_ok = match d.form {
        Form::Cndmask => i.src(2) == vcc,
        Form::Cmp => i.vdst() == vcc && i.src(2) == 0,
        _ => i.src(2) == 0,
    };
    src1_ok && rest_ok
}

/// Can a VOP3 word of row `d` on `a` take the ` vop3` suffix at all (see [`fits_32bit`]):
/// the row has a 32-bit form, or CLRX marks it anyway.
pub(super) fn may_fit_32bit(d: &InstrDef, a: Arch) -> bool {
    d.e32[a.index()] != X || d.flags.has(Flags::CLRX_VOP3_SUFFIX)
}

/// How CLRX treats the modifier bits of an unused VOP3 opcode: as the instruction another
/// arch of the same family has there (VOP3A: ABS and CLAMP shown; VOP3B: not), or, for an
/// opcode no arch uses, without ABS (and without CLAMP on GCN 1.0/1.1).
fn illegal_slot_vop3a(i: &Instr) -> Option<bool> {
    let sibling = match i.arch {
        Arch::Gcn10 => Arch::Gcn11,
        Arch::Gcn11 => Arch::Gcn10,
        Arch::Gcn12 => Arch::Gcn14,
        Arch::Gcn14 | Arch::Gcn141 => Arch::Gcn12,
    };
    isa()
        .vop3(sibling, i.opcode as u32)
        .map(|d| !isa().def(d).form.is_vop3b())
}

fn print_illegal(out: &mut String, i: &Instr, at: &At) {
    let a = i.arch;
    if i.enc == Enc::Vintrp {
        super::gfx::print_illegal(out, i);
        return;
    }
    if let Some(g) = generic_row(i.enc) {
        let name = format!("{}_ill_{}", i.enc.name(), i.opcode);
        if g.short.is_mem() {
            super::memory::print(out, i, g, &name, Syntax::Clrx);
        } else {
            super::scalar::print(out, i, g, &name, Syntax::Clrx, at);
        }
        return;
    }
    let vgpr = |code: u16| Slot::new(Role::Vdst, code, 1, Ty::B32);
    match i.enc {
        Enc::Vop2 | Enc::Vopc => {
            out.push_str(if i.enc == Enc::Vop2 { "VOP2_ill_" } else { "VOPC_ill_" });
            dec(out, i.opcode as u32);
            out.push(' ');
            if i.enc == Enc::Vop2 {
                operand(out, a, &vgpr(256 + i.vdst()), None, false, None);
            } else {
                out.push_str("vcc");
            }
            out.push_str(", ");
            operand(out, a, &vgpr(i.src(0)), i.literal, true, None);
            out.push_str(", ");
            operand(out, a, &vgpr(i.src(1)), None, false, None);
        }
        Enc::Vop1 => {
            out.push_str("VOP1_ill_");
            dec(out, i.opcode as u32);
            out.push(' ');
            operand(out, a, &vgpr(256 + i.vdst()), None, false, None);
            out.push_str(", ");
            operand(out, a, &vgpr(i.src(0)), i.literal, true, None);
        }
        _ => {
            out.push_str("VOP3A_ill_");
            dec(out, i.opcode as u32);
            out.push(' ');
            let slot = illegal_slot_vop3a(i);
            let show_abs = slot == Some(true);
            let show_clamp = slot == Some(true) || (slot.is_none() && a.is_vi_plus());
            let cmp = i.opcode < 256;
            if cmp {
                let sd = Slot::new(Role::Sdst, i.vdst(), 2, Ty::B64);
                operand(out, a, &sd, None, false, None);
            } else {
                operand(out, a, &vgpr(256 + i.vdst()), None, false, None);
            }
            let n = if cmp { 2 } else { 3 };
            let mut const_mods = (0u8, 0u8);
            for k in 0..n {
                out.push_str(", ");
                let mut abs = show_abs && i.abs() >> k & 1 != 0;
                let mut neg = i.neg() >> k & 1 != 0;
                if (neg || abs) && is_number(a, i.src(k)) {
                    const_mods.0 |= (abs as u8) << k;
                    const_mods.1 |= (neg as u8) << k;
                    (abs, neg) = (false, false);
                }
                modded(out, a, &vgpr(i.src(k)), None, abs, neg, false, None);
            }
            let mut j = *i;
            if !show_abs {
                j.set(crate::enc::F::Abs, 0);
            }
            vop3_tail(out, &j, n, true, show_clamp, const_mods, n);
        }
    }
}

/// Appends one operand as CLRX writes it. `lit_form`: a source literal (small values as
/// `lit(N)` to keep the literal encoding); `cty`: type of the float comment, if any.
#[inline]
pub fn operand(out: &mut String, a: Arch, s: &Slot, literal: Option<u32>, lit_form: bool, cty: Option<Ty>) {
    // Hot path: the text of every non-literal code of width 1 or 2 is precomputed per arch.
    if s.code != 255 && s.regs <= 2 {
        texts(a).ops[op_index(s.regs, s.code)].push(out);
        return;
    }
    operand_slow(out, a, s, literal, lit_form, cty)
}

/// Precomputed texts of one arch: operands by width (1 or 2 registers) and code, plain and
/// with a leading ", "; mnemonics with their trailing space by row.
struct Texts {
    ops: Vec<Cell>,
    comma_ops: Vec<Cell>,
    mnemonics: Vec<Cell>,
}

/// The precomputed texts of `a`, built on first use (a listing is of one arch: the others'
/// are never built).
#[inline(always)]
fn texts(a: Arch) -> &'static Texts {
    use std::sync::LazyLock;
    static TEXTS: [LazyLock<Texts>; 4] = [
        LazyLock::new(|| Texts::build(Arch::ALL[0])),
        LazyLock::new(|| Texts::build(Arch::ALL[1])),
        LazyLock::new(|| Texts::build(Arch::ALL[2])),
        LazyLock::new(|| Texts::build(Arch::ALL[3])),
    ];
    &TEXTS[a.index()]
}

/// Appends the mnemonic `name` of row `id` on `a` with its trailing space, from the
/// precomputed texts; `false` (nothing appended) if the text is not there.
#[inline]
pub(super) fn push_mnemonic(out: &mut String, id: crate::isa::DefId, a: Arch, name: &str) -> bool {
    let c = &texts(a).mnemonics[id as usize];
    if c.len() != name.len() + 1 {
        return false;
    }
    c.push(out);
    true
}

/// The precomputed operand texts of `a` (index `(regs - 1) * 512 + code`, one or two
/// registers): plain, and with a leading ", ".
#[inline(always)]
pub(super) fn op_texts(a: Arch) -> (&'static [Cell], &'static [Cell]) {
    let t = texts(a);
    (&t.ops, &t.comma_ops)
}

fn op_index(regs: u8, code: u16) -> usize {
    (regs as usize - 1) * 512 + (code as usize & 511)
}

impl Texts {
    fn build(a: Arch) -> Texts {
        // Built without `fmt`, each text in one reused buffer: this runs at every process start.
        let mut t = String::with_capacity(64);
        let blank = Cell::new("").unwrap();
        let mut ops = Vec::with_capacity(1024);
        let mut comma_ops = Vec::with_capacity(1024);
        for regs in 1..=2u8 {
            for code in 0..512u16 {
                t.clear();
                t.push_str(", ");
                let s = Slot::new(Role::Vdst, code, regs, Ty::B32);
                operand_slow(&mut t, a, &s, None, false, None);
                ops.push(Cell::new(&t[2..]).unwrap_or(blank));
                comma_ops.push(Cell::new(&t).unwrap_or(blank));
            }
        }
        let space = Cell::new(" ").unwrap();
        let mnemonics = isa()
            .defs
            .iter()
            .map(|d| Cell::spaced(d.name[a.index()]).unwrap_or(space))
            .collect();
        Texts {
            ops,
            comma_ops,
            mnemonics,
        }
    }
}

#[inline(never)]
fn operand_slow(out: &mut String, a: Arch, s: &Slot, literal: Option<u32>, lit_form: bool, cty: Option<Ty>) {
    let n = s.regs as u16;
    match classify(a, s.code) {
        Src::Vgpr(v) => {
            if n == 1 {
                out.push('v');
                dec(out, v as u32);
            } else {
                out.push_str("v[");
                dec(out, v as u32);
                out.push(':');
                dec(out, ((v + n - 1) & 255) as u32);
                out.push(']');
            }
        }
        Src::Sgpr(r) => reg_range(out, "s", r, n),
        Src::Ttmp(t) => reg_range(out, "ttmp", t, n),
        Src::Special(sp, hi) => special(out, sp, hi, n),
        Src::Int(v) => sdec(out, v as i64),
        Src::Float(f) => out.push_str(FLOAT_TEXT[f as usize]),
        Src::SrcReg(r) => out.push_str(&SRC_REGS[r as usize][4..]),
        Src::Vccz => out.push_str("vccz"),
        Src::Execz => out.push_str("execz"),
        Src::Scc => out.push_str("scc"),
        Src::LdsDirect => out.push_str("lds"),
        Src::Literal => {
            // VOP3 has no literal on these archs: CLRX shows the code as a zero literal.
            let l = literal.unwrap_or(0);
            if lit_form && literal.is_some() && (-16..=64).contains(&(l as i32)) {
                out.push_str("lit(");
                sdec(out, l as i32 as i64);
                out.push(')');
            } else {
                hex(out, l as u64);
            }
            // The float value goes in a comment at the end of the line (see `print_known`).
            let _ = cty;
        }
        Src::Sdwa | Src::Dpp | Src::Invalid => {
            out.push_str("ill_");
            dec(out, s.code as u32);
        }
    }
}

const FLOAT_TEXT: [&str; 9] = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"];

fn special(out: &mut String, sp: Special, hi: u8, n: u16) {
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
        return;
    }
    if hi != 0 {
        out.push_str("_u!");
    }
    if n > 2 {
        out.push_str("&ill!");
    }
}

/// ` /* 1.5f */`-style comment: the literal read as f32 or (low 16 bits) f16.
pub(super) fn float_comment(out: &mut String, l: u32, t: Ty) {
    let (v, suffix) = match t {
        // (Exact; the const form asks no runtime CPU-feature detection.)
        Ty::F16 => (half::f16::from_bits(l as u16).to_f64_const(), 'h'),
        _ => (f32::from_bits(l) as f64, 'f'),
    };
    out.push_str(" /* ");
    if v.is_nan() {
        out.push_str(if v.is_sign_negative() { "-nan" } else { "nan" });
    } else if v.is_infinite() {
        out.push_str(if v < 0.0 { "-inf" } else { "inf" });
    } else {
        // Shortest round-trip digits (ryu), laid out the way CLRX lays out its numbers.
        let mut b = ryu::Buffer::new();
        push_float(out, b.format_finite(v as f32), if suffix == 'h' { 5 } else { 8 });
    }
    out.push(suffix);
    out.push_str(" */");
}

/// Appends a decimal number (`2.0`, `0.0125`, `6.9551627e13`, `1.5e0`...) laid out the way
/// CLRX does: positional for exponents in -5..precision, else `d.ddde+N`; no trailing zeros.
fn push_float(out: &mut String, s: &str, precision: i32) {
    let (neg, s) = s.strip_prefix('-').map(|m| (true, m)).unwrap_or((false, s));
    let (mant, e) = s.split_once(['e', 'E']).unwrap_or((s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    // The digits without the point, on the stack (ryu's numbers are short).
    let mut buf = [b'0'; 48];
    let owned;
    let all: &str = if int.len() + frac.len() <= buf.len() {
        buf[..int.len()].copy_from_slice(int.as_bytes());
        buf[int.len()..int.len() + frac.len()].copy_from_slice(frac.as_bytes());
        std::str::from_utf8(&buf[..int.len() + frac.len()]).unwrap_or("0")
    } else {
        owned = [int, frac].concat();
        &owned
    };
    let lead = all.len() - all.trim_start_matches('0').len();
    let digits = all.trim_start_matches('0').trim_end_matches('0');
    if neg {
        out.push('-');
    }
    if digits.is_empty() {
        out.push('0');
        return;
    }
    let exp = e + int.len() as i32 - 1 - lead as i32;
    if (-5..=-1).contains(&exp) {
        out.push_str("0.");
        for _ in 0..(-exp - 1) {
            out.push('0');
        }
        out.push_str(digits);
    } else if exp >= 0 && exp < precision {
        let int_len = (exp + 1) as usize;
        if digits.len() <= int_len {
            out.push_str(digits);
            for _ in digits.len()..int_len {
                out.push('0');
            }
        } else {
            out.push_str(&digits[..int_len]);
            out.push('.');
            out.push_str(&digits[int_len..]);
        }
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        dec(out, exp.unsigned_abs());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trim_float(s: &str, precision: i32) -> String {
        let mut r = String::new();
        push_float(&mut r, s, precision);
        r
    }

    #[test]
    fn float_layout() {
        assert_eq!(trim_float("2.0000000e0", 8), "2");
        assert_eq!(trim_float("1.5000000e0", 8), "1.5");
        assert_eq!(trim_float("6.9551627e13", 8), "6.9551627e+13");
        assert_eq!(trim_float("1.3242e0", 5), "1.3242");
        assert_eq!(trim_float("1.2500000e-2", 8), "0.0125");
        assert_eq!(trim_float("0.0125", 8), "0.0125");
        assert_eq!(trim_float("2.0", 8), "2");
        assert_eq!(trim_float("100.0", 8), "100");
        assert_eq!(trim_float("6.9551627e13", 8), "6.9551627e+13");
        assert_eq!(trim_float("2.4e-44", 8), "2.4e-44");
        assert_eq!(trim_float("-0.5", 8), "-0.5");
        assert_eq!(trim_float("1.0000000e2", 8), "100");
    }

    /// Writes every arch's precomputed texts to `GCNKIT_TEXTS_DUMP`, to check that a change to
    /// how they are built leaves them as they were (compare the files before and after).
    #[test]
    #[ignore]
    fn write_texts_dump() {
        let path = std::env::var("GCNKIT_TEXTS_DUMP").expect("GCNKIT_TEXTS_DUMP: where to write the dump");
        let mut o = String::new();
        for a in Arch::ALL {
            let t = texts(a);
            for (k, cells) in [("op", &t.ops), ("comma", &t.comma_ops), ("mnemonic", &t.mnemonics)] {
                for (i, c) in cells.iter().enumerate() {
                    o.push_str(&format!("{a:?} {k} {i} {} {:?}\n", c.len(), c.bytes()));
                }
            }
        }
        std::fs::write(path, o).unwrap();
    }
}
