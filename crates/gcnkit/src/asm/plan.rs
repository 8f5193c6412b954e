//! Encoding plans: the plain vector-ALU statement (registers and constants, no modifiers; no
//! suffix, `_e32` or `_e64`; either dialect's reading) encoded by direct field shifts.
//!
//! A plan is made for one row, arch and encoding (the 32-bit form or VOP3) on the row's first
//! use, from the same descriptions the general path reads: the row's operand slots
//! ([`slots`]) and the class's field positions ([`crate::enc::Fields`]). Each slot's shift is
//! checked against the general path's own write ([`write_slot`]) when the plan is made; a
//! slot that does not match leaves the row without a plan.
//!
//! A plan takes only what it can decide alone: VGPRs, SGPRs, VCC, EXEC and M0 of the slot's
//! width, inline constants, and a plain literal in SRC0 of a 32-bit form; at most one
//! constant-bus read (so that no policy's constant-bus count can object). Anything else is
//! [`Outcome::Unknown`], and the general path ([`super::select`]) takes the statement, with
//! its checks and its messages. LLVM's reading reads constants as llvm-mc does, and what
//! llvm-mc refuses beyond the operand rules ([`crate::rules::llvm_check_ops`]) is left to the
//! general path too. Debug builds encode every planned statement the general way too and
//! compare; a test compares both on every row of every arch, in every dialect and suffix.

use std::sync::OnceLock;

use super::parse::{OpKind, Operand, Value};
use super::select::{
    inline_code, literal_bits_for, slots, write_slot, SlotSpec, Suffix, Want, F_K, F_SDST, F_SRC, F_VDST,
};
use super::Dialect;
use crate::arch::Arch;
use crate::enc::{Enc, Fields, F};
use crate::instr::Instr;
use crate::isa::{isa, DefId, Flags, Form, Ty, X};
use crate::operand::{classify, sgpr_count, Special, Src};

/// What a plan makes of a statement.
pub(super) enum Outcome {
    /// The instruction, as the general path encodes it.
    Done(Instr),
    /// The general path refuses this encoding, for a reason other than a value: a register
    /// of the wrong kind in a slot of the 32-bit form (the VOP3 form is tried next).
    Reject,
    /// Not a plain statement for this plan: the general path decides.
    Unknown,
}

/// One operand slot: what it takes and where its code goes.
#[derive(Clone, Copy, Debug)]
struct PlanSlot {
    want: Want,
    regs: u8,
    ty: Ty,
    optional: bool,
    /// A source (SRC0..SRC2): a scalar or the literal there reads the constant bus.
    src: bool,
    /// SRC0 of a 32-bit form: a constant that is not inline becomes the literal.
    literal: bool,
    /// The type LLVM's reading takes a constant as (a 32-bit SRC0 of its V_MADMK_F16).
    llvm_ty: Ty,
    /// A 16-bit integer source of VOP3: LLVM's reading takes an integer there as written
    /// (the general path decides those outside the inline range).
    raw16: bool,
    /// The field: the code less `sub`, masked by `mask`, shifted to `lo` of the fixed part.
    lo: u8,
    mask: u64,
    sub: u16,
}

const PAD: PlanSlot = PlanSlot {
    want: Want::Src,
    regs: 0,
    ty: Ty::B32,
    optional: false,
    src: false,
    literal: false,
    llvm_ty: Ty::B32,
    raw16: false,
    lo: 0,
    mask: 0,
    sub: 0,
};

/// The plan of one row, arch and encoding.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    fl: &'static Fields,
    enc: Enc,
    opcode: u16,
    /// The class's identifying bits and the opcode (the fixed part, two dwords at most).
    bits: u64,
    words: u8,
    slots: [PlanSlot; 5],
    len: u8,
    /// Slots that must be written (the others are optional).
    needed: u8,
    /// Constant-bus reads of every statement: the row's implicit reads (V_DIV_FMAS's VCC,
    /// M0) and the 32-bit forms' VCC sources.
    reads: u8,
    /// LLVM's register rules: a scalar range starts at an even register (CLRX: inside one
    /// 4-register line).
    llvm_align: bool,
}

/// The field a slot's code goes to, and what the general write subtracts from the code
/// first (a VGPR-only field holds the VGPR number): mirrors [`write_slot`] and
/// [`Instr::set_src`], and is checked against them when a plan is made.
fn field_of(enc: Enc, form: Form, s: &SlotSpec) -> Option<(F, u16)> {
    match s.field {
        F_VDST => Some((F::Vdst, if s.want == Want::Vgpr { 256 } else { 0 })),
        F_SDST => Some((F::Sdst, 0)),
        F_K => None,
        f => Some(match (enc, f - F_SRC) {
            (Enc::Vop2 | Enc::Vopc, 1) => (
                F::Vsrc1,
                if matches!(form, Form::ReadLane | Form::WriteLane) {
                    0
                } else {
                    256
                },
            ),
            (_, 0) => (F::Src0, 0),
            (_, 1) => (F::Src1, 0),
            _ => (F::Src2, 0),
        }),
    }
}

/// Codes a slot of kind `want` takes, to check a plan's shifts with.
fn probes(want: Want) -> &'static [u16] {
    match want {
        Want::Vgpr => &[256, 257, 300, 383, 510, 511],
        Want::Vcc => &[106],
        Want::Scalar => &[0, 1, 2, 57, 101, 106, 124, 126],
        Want::Scalar8 => &[0, 1, 106, 124, 128, 193, 240],
        Want::Src => &[0, 1, 3, 106, 124, 126, 128, 193, 240, 255, 256, 257, 383, 511],
        Want::K => &[],
    }
}

impl Plan {
    /// The plan of row `id` on `arch` in the 32-bit form or VOP3 (`None`: no such encoding,
    /// or a slot whose shift does not match the general write).
    fn new(arch: Arch, dialect: Dialect, id: DefId, vop3: bool) -> Option<Plan> {
        let d = isa().def(id);
        let ai = arch.index();
        let opcode = if vop3 { d.e64[ai] } else { d.e32[ai] };
        if !d.short.is_vop() || opcode == X {
            return None;
        }
        let enc = d.vector_enc(arch, vop3);
        let mut base = Instr::new(arch, enc);
        base.set_opcode(opcode);
        base.def = Some(id);
        let fl = base.fields();
        let specs = slots(d, arch, vop3, dialect);
        let bits = base.words[0] as u64 | (base.words[1] as u64) << 32;
        let mut plan = Plan {
            fl,
            enc,
            opcode,
            bits,
            words: fl.layout.words,
            slots: [PAD; 5],
            len: specs.len() as u8,
            needed: specs.iter().filter(|s| !s.optional).count() as u8,
            reads: [Flags::READS_VCC, Flags::READS_M0]
                .iter()
                .filter(|f| d.flags.has(**f))
                .count() as u8,
            llvm_align: dialect == Dialect::Llvm,
        };
        let mut covered = 0u64;
        for (p, s) in plan.slots.iter_mut().zip(specs.iter()) {
            let src = s.field >= F_SRC && s.field < F_K;
            let (lo, mask, sub) = match field_of(enc, d.form, s) {
                Some((f, sub)) => match fl.range(f) {
                    Some((lo, hi)) => (lo, (1u64 << (hi - lo + 1)) - 1, sub),
                    None => (0, 0, sub),
                },
                None => (0, 0, 0),
            };
            if covered & (mask << lo) != 0 {
                return None;
            }
            covered |= mask << lo;
            *p = PlanSlot {
                want: s.want,
                regs: s.regs,
                ty: s.ty,
                optional: s.optional,
                src,
                literal: !vop3 && s.want == Want::Src && s.field == F_SRC,
                llvm_ty: if s.field == F_SRC && d.flags.has(Flags::LLVM_SRC0_32) {
                    Ty::F32
                } else {
                    s.ty
                },
                raw16: vop3 && s.ty.is_16() && !s.ty.is_float(),
                lo,
                mask,
                sub,
            };
            // The 32-bit forms' VCC source is read whether written or left out.
            if src && s.want == Want::Vcc {
                plan.reads += 1;
            }
            // The shift must write what the general path writes.
            for &code in probes(s.want) {
                let mut i = base;
                write_slot(&mut i, s, code);
                let want = bits | p.field(code);
                if i.words[0] != want as u32 || i.words[1] != (want >> 32) as u32 {
                    return None;
                }
            }
        }
        Some(plan)
    }
}

impl PlanSlot {
    /// The bits of code `code` in this slot's field.
    #[inline(always)]
    fn field(&self, code: u16) -> u64 {
        ((code.wrapping_sub(self.sub) as u64) & self.mask) << self.lo
    }
}

impl Plan {
    /// Encodes `ops` for this plan's row (`id`) on `arch`; `fold`: LLVM's reading of
    /// constants.
    #[inline]
    fn encode(&self, arch: Arch, id: DefId, fold: bool, ops: &[Operand]) -> Outcome {
        // One copy per reading: the CLRX one has no LLVM test in its loop.
        if fold {
            self.encode_in::<true>(arch, id, ops)
        } else {
            self.encode_in::<false>(arch, id, ops)
        }
    }

    #[inline]
    fn encode_in<const FOLD: bool>(&self, arch: Arch, id: DefId, ops: &[Operand]) -> Outcome {
        let fold = FOLD;
        let len = self.len as usize;
        if ops.len() < self.needed as usize || ops.len() > len {
            return Outcome::Unknown;
        }
        // The optional slots left out are the first ones (as the general path leaves them).
        let mut skip = len - ops.len();
        let mut bits = self.bits;
        let mut reads = self.reads;
        let mut literal = None;
        let mut reject = false;
        let mut next = ops.iter();
        let sgprs = sgpr_count(arch);
        for s in &self.slots[..len] {
            if s.optional && skip > 0 {
                skip -= 1;
                continue;
            }
            let Some(o) = next.next() else {
                return Outcome::Unknown;
            };
            if o.neg || o.abs || o.sext {
                return Outcome::Unknown;
            }
            let code = match &o.kind {
                OpKind::Reg(r) => {
                    if r.any_width || r.regvar || r.count != s.regs as u16 {
                        return Outcome::Unknown;
                    }
                    let c = r.code;
                    let fits = match s.want {
                        Want::Vgpr | Want::Src | Want::Scalar | Want::Scalar8 if c >= 256 => {
                            if s.want == Want::Scalar || s.want == Want::Scalar8 {
                                reject = true;
                                continue;
                            }
                            c - 256 + r.count <= 256
                        }
                        // K is the literal dword, not a register.
                        Want::Vgpr | Want::K => {
                            reject = true;
                            continue;
                        }
                        Want::Vcc if c != 106 => {
                            reject = true;
                            continue;
                        }
                        Want::Vcc => true,
                        Want::Src | Want::Scalar | Want::Scalar8 => {
                            let ok = match classify(arch, c) {
                                Src::Sgpr(_) => {
                                    c + r.count <= sgprs
                                        && (r.count == 1
                                            || if self.llvm_align {
                                                c.is_multiple_of(2)
                                            } else {
                                                crate::rules::clrx_scalar_range_ok(c, r.count, sgprs)
                                            })
                                }
                                Src::Special(Special::Vcc | Special::Exec, hi) => {
                                    r.count == 1 || hi == 0 && r.count == 2
                                }
                                Src::Special(Special::M0, _) => r.count == 1,
                                _ => false,
                            };
                            reads += (ok && s.src) as u8;
                            ok
                        }
                    };
                    if !fits {
                        return Outcome::Unknown;
                    }
                    c
                }
                OpKind::Const(v) if matches!(s.want, Want::Src | Want::Scalar8) => {
                    let ty = if fold { s.llvm_ty } else { s.ty };
                    // CLRX's floats: the general path's (clrxasm's literal types and rounding).
                    if !fold && matches!(v, Value::Float(..)) {
                        return Outcome::Unknown;
                    }
                    if fold && s.raw16 && !matches!(v, Value::Int(x) if (-16..=64).contains(x)) {
                        return Outcome::Unknown;
                    }
                    match inline_code(arch, *v, ty, fold) {
                        Some(c) => c,
                        None if s.literal => match literal_bits_for(*v, ty, fold) {
                            Ok(l) => {
                                literal = Some(l);
                                reads += 1;
                                255
                            }
                            Err(_) => return Outcome::Unknown,
                        },
                        None => return Outcome::Unknown,
                    }
                }
                _ => return Outcome::Unknown,
            };
            bits |= s.field(code);
        }
        if reject {
            return Outcome::Reject;
        }
        if reads >= 2 {
            return Outcome::Unknown;
        }
        let mut words = [bits as u32, (bits >> 32) as u32, 0];
        let mut n = self.words;
        if let Some(l) = literal {
            words[n as usize] = l;
            n += 1;
        }
        Outcome::Done(Instr {
            arch,
            enc: self.enc,
            opcode: self.opcode,
            def: Some(id),
            words,
            len: n,
            literal,
            fl: self.fl,
        })
    }
}

/// The plans of every row for one arch and reading, built on first use: two per row (the
/// 32-bit form, VOP3).
type Table = Box<[OnceLock<Option<Plan>>]>;

/// By [`Arch::slot`] and dialect.
static PLANS: [OnceLock<Table>; 15] = [const { OnceLock::new() }; 15];

/// The plan of row `id` on `arch` (the 32-bit form or VOP3), made on first use.
fn plan(arch: Arch, dialect: Dialect, id: DefId, vop3: bool) -> Option<&'static Plan> {
    let k = arch.slot() * 3 + dialect as usize;
    let table = PLANS.get(k)?.get_or_init(|| {
        (0..isa().defs.len() * 2)
            .map(|_| OnceLock::new())
            .collect::<Vec<_>>()
            .into_boxed_slice()
    });
    table
        .get(id as usize * 2 + vop3 as usize)?
        .get_or_init(|| Plan::new(arch, dialect, id, vop3))
        .as_ref()
}

/// The plain statement `ops` of vector-ALU row `id` (no modifiers; `suffix` none, `_e32`
/// or `_e64`; `fold`: LLVM's reading) as [`super::select`] encodes it: the 32-bit form if it
/// takes the operands (or is asked for), else VOP3. `has32`/`has64`: the encodings the
/// general path may take. `None`: the general path decides.
#[allow(clippy::too_many_arguments)]
pub(super) fn encode(
    arch: Arch,
    dialect: Dialect,
    fold: bool,
    id: DefId,
    has32: bool,
    has64: bool,
    suffix: Suffix,
    ops: &[Operand],
) -> Option<Instr> {
    let (try32, try64) = match suffix {
        Suffix::None => (has32, has64),
        Suffix::E32 => (has32, false),
        Suffix::E64 => (false, has64),
        Suffix::Sdwa | Suffix::Dpp => return None,
    };
    let i = 'found: {
        if try32 {
            match plan(arch, dialect, id, false).map_or(Outcome::Unknown, |p| p.encode(arch, id, fold, ops)) {
                Outcome::Done(i) => break 'found i,
                Outcome::Reject if try64 => {
                    #[cfg(debug_assertions)]
                    assert!(
                        super::select::e32_refuses(arch, dialect, fold, id, ops),
                        "plan refused what the general path takes: {} {ops:?}",
                        isa().def(id).name[arch.index()]
                    );
                }
                _ => return None,
            }
        }
        if !try64 {
            return None;
        }
        match plan(arch, dialect, id, true)?.encode(arch, id, fold, ops) {
            Outcome::Done(i) => i,
            _ => return None,
        }
    };
    // What llvm-mc refuses beyond the operand rules: the general path says why.
    if fold {
        let d = isa().def(id);
        if crate::rules::llvm_check_ops(&i, d, &crate::layout::operands(&i, d)).is_some() {
            return None;
        }
    }
    Some(i)
}

/// Debug builds and tests: the plan's instruction is the general path's.
#[cfg(any(test, debug_assertions))]
pub(super) fn assert_same(
    sel: &super::select::Selected,
    full: &Result<super::select::Selected, Vec<super::parse::PErr>>,
    mnemonic: &str,
    ops: &[Operand],
) {
    let ok = match full {
        Ok(f) => {
            let (a, b) = (&sel.instr, &f.instr);
            a.arch == b.arch
                && a.enc == b.enc
                && a.opcode == b.opcode
                && a.def == b.def
                && a.words == b.words
                && a.len == b.len
                && a.literal == b.literal
                && std::ptr::eq(a.fl, b.fl)
                && f.fixups.is_empty()
                && f.warnings.is_empty()
        }
        Err(_) => false,
    };
    assert!(
        ok,
        "encoding plan differs from the general path: {mnemonic} {ops:?}: plan {:08x?}, general {:?}",
        sel.instr.words(),
        full.as_ref()
            .map(|f| f.instr.words().to_vec())
            .map_err(|e| e.iter().map(|e| e.msg.clone()).collect::<Vec<_>>())
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::parse::{FKind, Reg};
    use crate::asm::select::{select, Selected};

    /// xorshift64: the same operands on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    fn op(kind: OpKind) -> Operand {
        Operand {
            kind,
            neg: false,
            abs: false,
            sext: false,
            start: 0,
            end: 0,
            rel: false,
        }
    }

    fn reg(code: u16, count: u16) -> Operand {
        op(OpKind::Reg(Reg {
            code,
            count,
            ranged: count > 1,
            any_width: false,
            regvar: false,
        }))
    }

    /// The usual operand of a slot: a register of its kind and width.
    fn usual(want: Want, regs: u8, k: u16) -> Operand {
        let n = regs as u16;
        match want {
            Want::Vgpr | Want::Src => reg(256 + 4 * k + 4, n),
            Want::Vcc => reg(106, 2),
            Want::Scalar | Want::Scalar8 => reg(4 * k + 8, n),
            Want::K => op(OpKind::Const(Value::Int(0x1234))),
        }
    }

    /// Any operand, mostly of the slot's width: registers of every file (some past its end,
    /// some misaligned), special registers, inline and other constants, modifiers.
    fn any(r: &mut Rng, want: Want, regs: u8) -> Operand {
        let n = if r.below(8) == 0 {
            1 + r.below(4) as u16
        } else {
            regs as u16
        };
        let mut o = match r.below(14) {
            0..=2 => reg(256 + r.below(258) as u16, n),
            3 | 4 => reg(r.below(110) as u16, n),
            5 => reg(106 + r.below(2) as u16, n),
            6 => reg(
                [124, 126, 127, 102, 104, 108, 112, 123, 251, 253, 254][r.below(11) as usize],
                n,
            ),
            7 => op(OpKind::Const(Value::Int(r.below(90) as i64 - 20))),
            8 => op(OpKind::Const(Value::Float(
                [0.5, -1.0, 2.0, -4.0, 0.15915494309189535, 1.5, 0.0, -0.0][r.below(8) as usize],
                [FKind::Plain, FKind::Half, FKind::Single, FKind::Double][r.below(4) as usize],
            ))),
            9 => op(OpKind::Const(Value::Int(
                // (LLVM reads 0xffff as -1 for a 16-bit operand, 0xfffffff0 as -16 for a 32-bit one.)
                [
                    0x1234,
                    -17,
                    65,
                    0xffff_ffff,
                    0x1_0000_0000,
                    -0x8000_0001,
                    0xffff,
                    0xfff0,
                    0xffff_fff0,
                    0x3c00,
                ][r.below(10) as usize],
            ))),
            10 => op(OpKind::Lit(Value::Int(r.below(70) as i64))),
            11 => op(OpKind::Forward("later".into())),
            _ => usual(want, regs, r.below(8) as u16),
        };
        match r.below(24) {
            0 => o.neg = true,
            1 => o.abs = true,
            2 => o.sext = true,
            3 => {
                if let OpKind::Reg(g) = &mut o.kind {
                    g.any_width = true;
                }
            }
            _ => {}
        }
        o
    }

    fn general(
        arch: Arch,
        dialect: Dialect,
        fold: bool,
        suffix: Suffix,
        id: DefId,
        ops: &[Operand],
    ) -> Result<Selected, Vec<super::super::parse::PErr>> {
        let no = |_: &str| false;
        let none = |_: &str| None;
        let ctx = super::super::scalar::Ctx {
            offset: 0,
            src: "",
            is_label: &no,
            symbol: &none,
            other_section: &no,
            section: 0,
        };
        let name = isa().def(id).name[arch.index()];
        select(
            arch,
            dialect,
            fold,
            name,
            Some((id, false)),
            suffix,
            (0, 0),
            ops,
            &[],
            &ctx,
            false,
        )
    }

    /// Every vector-ALU row of every arch, in both encodings' operand shapes, in each
    /// dialect, with no suffix, `_e32` and `_e64`: the usual operands and random ones. What a
    /// plan encodes is the general path's instruction; what it refuses in the 32-bit form, the
    /// general path refuses there too (not for a value); and the usual operands are planned
    /// for every row whose slots are all registers, where the general path takes them.
    #[test]
    fn plans_agree_with_the_general_path_on_every_row() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut done, mut rejected, mut usual_rows) = (0usize, 0usize, 0usize);
        let mut done_llvm = 0usize;
        let readings = [
            (Dialect::Clrx, false, Suffix::None),
            (Dialect::Clrx, false, Suffix::E32),
            (Dialect::Clrx, false, Suffix::E64),
            (Dialect::Auto, false, Suffix::None),
            (Dialect::Auto, true, Suffix::E32),
            (Dialect::Auto, true, Suffix::E64),
            (Dialect::Llvm, true, Suffix::None),
            (Dialect::Llvm, true, Suffix::E32),
            (Dialect::Llvm, true, Suffix::E64),
        ];
        for arch in Arch::EVERY {
            let ai = arch.index();
            for (dialect, fold, suffix) in readings {
                for id in 0..isa().defs.len() as DefId {
                    let d = isa().def(id);
                    if !d.short.is_vop() || d.name[ai].is_empty() || isa().lookup(arch, d.name[ai]) != Some(id) {
                        continue;
                    }
                    let has32 = d.e32[ai] != X;
                    let has64 = super::super::select::has_e64(d, arch, fold);
                    for vop3 in [false, true] {
                        if !(if vop3 { has64 } else { has32 }) {
                            continue;
                        }
                        let specs = slots(d, arch, vop3, dialect);
                        let mut cases: Vec<Vec<Operand>> = Vec::new();
                        let usual_ops: Vec<Operand> = specs
                            .iter()
                            .enumerate()
                            .map(|(k, s)| usual(s.want, s.regs, k as u16))
                            .collect();
                        cases.push(usual_ops);
                        for _ in 0..16 {
                            let mut ops: Vec<Operand> = specs.iter().map(|s| any(&mut r, s.want, s.regs)).collect();
                            // Now and then one operand fewer or more.
                            match r.below(16) {
                                0 => {
                                    ops.pop();
                                }
                                1 => ops.push(reg(300, 1)),
                                _ => {}
                            }
                            cases.push(ops);
                        }
                        for (n, ops) in cases.iter().enumerate() {
                            let full = general(arch, dialect, fold, suffix, id, ops);
                            if let Some(p) = plan(arch, dialect, id, false).filter(|_| has32) {
                                if let Outcome::Reject = p.encode(arch, id, fold, ops) {
                                    rejected += 1;
                                    assert!(
                                        super::super::select::e32_refuses(arch, dialect, fold, id, ops),
                                        "{} {ops:?}",
                                        d.name[ai]
                                    );
                                }
                            }
                            match encode(arch, dialect, fold, id, has32, has64, suffix, ops) {
                                Some(instr) => {
                                    done += 1;
                                    done_llvm += fold as usize;
                                    let sel = Selected {
                                        instr,
                                        fixups: Vec::new(),
                                        warnings: Vec::new(),
                                    };
                                    assert_same(&sel, &full, d.name[ai], ops);
                                }
                                None => {
                                    // The usual operands of a row without a K slot are planned.
                                    let k = specs.iter().any(|s| s.want == Want::K);
                                    assert!(
                                        n != 0 || k || full.is_err(),
                                        "no plan for the usual operands of {} on {arch} ({}, {dialect:?} {suffix:?}): {ops:?}",
                                        d.name[ai],
                                        if vop3 { "VOP3" } else { "32-bit" }
                                    );
                                }
                            }
                            if n == 0 && full.is_ok() {
                                usual_rows += 1;
                            }
                        }
                    }
                }
            }
        }
        // Every outcome was exercised, many times.
        assert!(
            done > 40_000 && done_llvm > 10_000 && rejected > 1_000 && usual_rows > 10_000,
            "{done} {done_llvm} {rejected} {usual_rows}"
        );
    }
}
