//! VOP3P (GCN 1.4): packed 16-bit math (`v_pk_*`) and the mixed-precision `v_mad_mix*`, in
//! both dialects. The modifiers are per source: OP_SEL picks each source's half for the low
//! result, OP_SEL_HI for the high one, NEG_LO/NEG_HI negate them.
//!
//! Facts from clrxdisasm/clrxasm and llvm-mc 14 (gfx900): both write `op_sel:[..] op_sel_hi:[..]
//! neg_lo:[..] neg_hi:[..] clamp` with one entry per source, each only when it is not the
//! default (OP_SEL_HI all set); a two-source op's third OP_SEL_HI bit (bit 14) is set by
//! llvm-mc always and by clrxasm unless `op_sel_hi` is written. For `v_mad_mix*` LLVM's default
//! OP_SEL_HI is all clear and NEG_LO/NEG_HI are `-x`/`|x|`; CLRX writes them as for the
//! packed ops.

use super::text::hex;
use super::Syntax;
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::{Flags, InstrDef};
use crate::layout::{operands, Role};
use crate::operand::{classify, Special, Src};

/// The modifier bits of a VOP3P word, one bit per source (bit 2: SRC2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Mods {
    pub op_sel: u8,
    pub op_sel_hi: u8,
    pub neg_lo: u8,
    pub neg_hi: u8,
    pub clamp: bool,
}

impl Mods {
    pub fn of(i: &Instr) -> Mods {
        Mods {
            op_sel: i.get(F::OpSel) as u8,
            op_sel_hi: (i.get(F::OpSelHi) | i.get(F::OpSelHi2) << 2) as u8,
            neg_lo: i.get(F::Neg) as u8,
            neg_hi: i.get(F::NegHi) as u8,
            clamp: i.clamp(),
        }
    }

    pub fn write(&self, i: &mut Instr) {
        i.set(F::OpSel, self.op_sel as u32);
        i.set(F::OpSelHi, (self.op_sel_hi & 3) as u32);
        i.set(F::OpSelHi2, (self.op_sel_hi >> 2 & 1) as u32);
        i.set(F::Neg, self.neg_lo as u32);
        i.set(F::NegHi, self.neg_hi as u32);
        i.set(F::Clamp, self.clamp as u32);
    }
}

fn list(out: &mut String, name: &str, bits: u8, n: usize) {
    out.push(' ');
    out.push_str(name);
    out.push_str(":[");
    for k in 0..n {
        if k > 0 {
            out.push(',');
        }
        out.push(if bits >> k & 1 != 0 { '1' } else { '0' });
    }
    out.push(']');
}

/// Appends the text of VOP3P word `i` of row `d` named `name`; `false` where LLVM's syntax
/// cannot say it (CLRX: see [`clrx_loses`]).
pub fn print(out: &mut String, i: &Instr, d: &InstrDef, name: &str, syntax: Syntax) -> bool {
    let llvm = syntax == Syntax::Llvm;
    if llvm && !llvm_can_say(i, d) {
        return false;
    }
    let a = i.arch;
    let n = d.form.nsrc();
    let m = Mods::of(i);
    let mix = d.flags.has(Flags::MIX);
    out.push_str(name);
    for (k, s) in operands(i, d).as_slice().iter().enumerate() {
        out.push_str(if k == 0 { " " } else { ", " });
        let src = match s.role {
            Role::Src(j) => Some(j as usize),
            _ => None,
        };
        // LLVM's mix: NEG_LO is `-x`, NEG_HI `|x|`.
        let (neg, abs) = match src {
            Some(j) if llvm && mix => (m.neg_lo >> j & 1 != 0, m.neg_hi >> j & 1 != 0),
            _ => (false, false),
        };
        // `-2.0` would read as the constant -2.0: a negated constant is `neg(2.0)`.
        let neg_fn = neg && matches!(classify(a, s.code), Src::Int(_) | Src::Float(_));
        if neg_fn {
            out.push_str("neg(");
        } else if neg {
            out.push('-');
        }
        if abs {
            out.push('|');
        }
        if llvm {
            if !super::llvm::operand_text(out, a, s, None) {
                return false;
            }
        } else {
            super::clrx::operand(out, a, s, None, false, None);
        }
        if abs {
            out.push('|');
        }
        if neg_fn {
            out.push(')');
        }
    }
    let default_hi = if llvm && mix { 0 } else { (1u8 << n) - 1 };
    let hi = m.op_sel_hi & ((1 << n) - 1);
    if m.op_sel & ((1 << n) - 1) != 0 {
        list(out, "op_sel", m.op_sel, n);
    }
    if hi != default_hi {
        list(out, "op_sel_hi", hi, n);
    }
    if !(llvm && mix) {
        if m.neg_lo & ((1 << n) - 1) != 0 {
            list(out, "neg_lo", m.neg_lo, n);
        }
        if m.neg_hi & ((1 << n) - 1) != 0 {
            list(out, "neg_hi", m.neg_hi, n);
        }
    }
    if m.clamp {
        out.push_str(" clamp");
    }
    if !llvm && n == 2 {
        // clrxdisasm's notes for a two-source op's third slot.
        if i.get(F::Src2) != 0 {
            out.push_str(" vsrc2=");
            hex(out, i.get(F::Src2) as u64);
        }
        if m.neg_lo & 4 != 0 {
            out.push_str(" neg2");
        }
        if m.op_sel & 4 != 0 {
            out.push_str(" op_sel=");
            hex(out, (m.op_sel | (m.op_sel_hi >> 2 & 1) << 3) as u64);
        }
    }
    true
}

/// Sources LLVM 14 writes for a VOP3P operand of type `ty`: registers, integer inline
/// constants, float ones where the operand is a float (it writes them as f16 hex on 16-bit
/// integer operands, which it then does not read).
fn llvm_source_ok(a: crate::arch::Arch, code: u16, ty: crate::isa::Ty, k: usize) -> bool {
    match classify(a, code) {
        Src::Vgpr(_)
        | Src::Sgpr(_)
        | Src::Ttmp(_)
        | Src::Int(_)
        | Src::SrcReg(_)
        | Src::Vccz
        | Src::Execz
        | Src::Scc => true,
        Src::Special(..) => true,
        Src::Float(_) => !ty.is_16() || ty.is_float(),
        Src::LdsDirect => k == 0,
        _ => false,
    }
}

/// Does LLVM's syntax say this word (llvm-mc reads the text back as the same words)?
fn llvm_can_say(i: &Instr, d: &InstrDef) -> bool {
    let a = i.arch;
    if d.llvm[a.index()].is_empty() || crate::decode::unused_bits(i) != 0 {
        return false;
    }
    let n = d.form.nsrc();
    let m = Mods::of(i);
    // A two-source op: nothing in the third slot, and bit 14 set (llvm-mc always sets it).
    if n == 2 && (i.get(F::Src2) != 0 || (m.op_sel | m.neg_lo | m.neg_hi) & 4 != 0 || m.op_sel_hi & 4 == 0) {
        return false;
    }
    // LLVM 14 decodes NEG bits of the 16-bit integer ops on SRC0 only.
    if d.src[0].is_16() && !d.src[0].is_float() && (m.neg_lo | m.neg_hi) & !1 != 0 {
        return false;
    }
    for s in operands(i, d).as_slice() {
        if let Role::Src(k) = s.role {
            if !llvm_source_ok(a, s.code, s.ty, k as usize) {
                return false;
            }
        }
    }
    // The constant bus (llvm-mc counts every scalar value, M0 and the source registers too).
    crate::rules::check_with(i, d, crate::rules::Policy::Llvm).is_empty()
}

/// Would clrxdisasm's text of this word read back as other words in clrxasm (or not at all)?
/// A two-source op's third-slot bits (its notes clrxasm does not read, NEG_HI it does not
/// show, bit 14 out of step with `op_sel_hi`), the literal code (VOP3P has no literal), codes
/// that name nothing, LDS_DIRECT beyond SRC0, two scalar sources.
pub fn clrx_loses(i: &Instr, d: &InstrDef) -> bool {
    if crate::decode::unused_bits(i) != 0 {
        return true;
    }
    let a = i.arch;
    let n = d.form.nsrc();
    let m = Mods::of(i);
    if n == 2 {
        let hi_default = m.op_sel_hi & 3 == 3;
        let bit14 = m.op_sel_hi & 4 != 0;
        if i.get(F::Src2) != 0 || (m.op_sel | m.neg_lo | m.neg_hi) & 4 != 0 || hi_default != bit14 {
            return true;
        }
    }
    let mut scalar: Option<u16> = None;
    for s in operands(i, d).as_slice() {
        if let Role::Src(k) = s.role {
            match classify(a, s.code) {
                Src::Vgpr(_) | Src::Int(_) | Src::Float(_) | Src::SrcReg(_) | Src::Vccz | Src::Execz | Src::Scc => {}
                Src::LdsDirect if k == 0 => {}
                Src::Special(Special::M0, _) => {}
                Src::Sgpr(_) | Src::Ttmp(_) | Src::Special(..) => {
                    if scalar.is_some_and(|c| c != s.code) {
                        return true;
                    }
                    scalar = Some(s.code);
                }
                _ => return true,
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::arch::Arch;
    use crate::asm::{assemble, Dialect};
    use crate::decode::decode;
    use crate::diag::Severity;
    use crate::syntax::{to_text, Syntax};

    /// Words and the texts llvm-mc 14 and clrxdisasm print for them (gfx900).
    #[test]
    fn texts_as_the_oracles_print_them() {
        for (w, llvm, clrx) in [
            (
                [0xd38f_4001, 0x1802_0702],
                "v_pk_add_f16 v1, v2, v3",
                "v_pk_add_f16 v1, v2, v3",
            ),
            (
                [0xd38e_bf01, 0xe412_0702],
                "v_pk_fma_f16 v1, v2, v3, v4 op_sel:[1,1,1] op_sel_hi:[0,0,0] neg_lo:[1,1,1] neg_hi:[1,1,1] clamp",
                "v_pk_fma_f16 v1, v2, v3, v4 op_sel:[1,1,1] op_sel_hi:[0,0,0] neg_lo:[1,1,1] neg_hi:[1,1,1] clamp",
            ),
            (
                [0xd3a0_ee01, 0x6c12_0702],
                "v_mad_mix_f32 v1, -v2, -|v3|, |v4| op_sel:[1,0,1] op_sel_hi:[1,0,1] clamp",
                "v_mad_mix_f32 v1, v2, v3, v4 op_sel:[1,0,1] op_sel_hi:[1,0,1] neg_lo:[1,1,0] neg_hi:[0,1,1] clamp",
            ),
            (
                [0xd3a0_4001, 0x1c12_0702],
                "v_mad_mix_f32 v1, v2, v3, v4 op_sel_hi:[1,1,1]",
                "v_mad_mix_f32 v1, v2, v3, v4",
            ),
            (
                [0xd38a_4001, 0x3802_0702],
                "v_pk_add_u16 v1, v2, v3 neg_lo:[1,0]",
                "v_pk_add_u16 v1, v2, v3 neg_lo:[1,0]",
            ),
        ] {
            let i = decode(Arch::Gcn14, &w).unwrap();
            assert_eq!(to_text(&i, Syntax::Llvm), llvm, "{w:08x?}");
            assert_eq!(to_text(&i, Syntax::Clrx), clrx, "{w:08x?}");
        }
        // LLVM 14 does not decode SRC1's NEG on the integer ops, nor a float constant there;
        // bit 14 clear on a two-source op reads back set in both assemblers.
        for w in [
            [0xd38a_4001, 0x5802_0702],
            [0xd38a_4001, 0x1802_06f2],
            [0xd38f_0001, 0x1802_0702],
        ] {
            let i = decode(Arch::Gcn14, &w).unwrap();
            assert!(to_text(&i, Syntax::Llvm).starts_with(".long"), "{w:08x?}");
        }
        let i = decode(Arch::Gcn14, &[0xd38f_0001, 0x1802_0702]).unwrap();
        assert!(to_text(&i, Syntax::Clrx).starts_with(".int"));
    }

    /// Each assembler's defaults: OP_SEL_HI of the mix ops (llvm-mc clear, clrxasm set), bit 14
    /// of a two-source op when `op_sel_hi` is written.
    #[test]
    fn assembles_as_the_oracles_do() {
        for (dialect, text, want) in [
            (
                Dialect::Llvm,
                "v_mad_mix_f32 v1, v2, v3, v4",
                Some([0xd3a0_0001u32, 0x0412_0702]),
            ),
            (
                Dialect::Clrx,
                "v_mad_mix_f32 v1, v2, v3, v4",
                Some([0xd3a0_4001, 0x1c12_0702]),
            ),
            (
                Dialect::Llvm,
                "v_mad_mix_f32 v1, -v2, |v3|, -|v4|",
                Some([0xd3a0_0601, 0xa412_0702]),
            ),
            (
                Dialect::Llvm,
                "v_pk_add_f16 v1, v2, v3 op_sel_hi:[0,0]",
                Some([0xd38f_4001, 0x0002_0702]),
            ),
            (
                Dialect::Clrx,
                "v_pk_add_f16 v1, v2, v3 op_sel_hi:[0,0]",
                Some([0xd38f_0001, 0x0002_0702]),
            ),
            (
                Dialect::Llvm,
                "v_pk_fma_f16 v1, v2, v3, v4 op_sel_hi:[0,0]",
                Some([0xd38e_0001, 0x0412_0702]),
            ),
            (
                Dialect::Clrx,
                "v_pk_add_f16 v1, v2, v3 op_sel:7",
                Some([0xd38f_5801, 0x1802_0702]),
            ),
            (Dialect::Llvm, "v_pk_add_f16 v1, v2, v3 clamp op_sel:[1,0]", None),
            (Dialect::Llvm, "v_pk_add_f16 v1, s2, s3", None),
            (Dialect::Llvm, "v_pk_add_f16 v1, 0x1234, v3", None),
            (Dialect::Clrx, "v_pk_add_f16 v1, v2, v3 op_sel:[1,0,0]", None),
        ] {
            let (items, diags) = assemble(Arch::Gcn14, dialect, "t.s", text);
            let got = (!diags.iter().any(|d| d.severity == Severity::Error))
                .then(|| items.iter().flat_map(|i| i.words().to_vec()).collect::<Vec<u32>>());
            assert_eq!(got, want.map(|w| w.to_vec()), "{dialect:?} {text}");
        }
    }
}
