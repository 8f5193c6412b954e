//! From a parsed statement to an [`Instr`]: the row, the encoding (32-bit whenever the
//! operands allow it, VOP3 when they need it), operand codes, inline constants or the
//! literal, modifiers; then the operand rules. Every problem is reported with the position of
//! the operand or modifier it is about.

use super::parse::{FKind, ModVal, Modifier, OpKind, Operand, PErr, Reg, Value};
use super::Dialect;
use crate::arch::Arch;
use crate::enc::F;
use crate::instr::{Enc, Instr};
use crate::isa::{isa, DefId, Dialects, Flags, Form, InstrDef, Ty, X};
use crate::operand::{classify, sgpr_count, Src, FLOAT_CONSTS};
use crate::rules::{self, Violation};
use crate::syntax::llvm::{llvm_has_e64, llvm_mods};

/// `_e32` / `_e64` written on the mnemonic.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Suffix {
    None,
    E32,
    E64,
    /// `_sdwa` / `_dpp` (LLVM; clrxasm takes them too).
    Sdwa,
    Dpp,
}

/// An operand that names a symbol defined later in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixup {
    pub symbol: String,
    /// Index of the dword to patch within the instruction's words.
    pub word: usize,
    pub kind: FixupKind,
    pub start: usize,
    pub end: usize,
}

/// What a [`Fixup`] patches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FixupKind {
    /// A `.long` data word.
    Data,
    /// The literal dword of an operand of this type.
    Literal(Ty),
    /// A branch's SIMM16: the target's distance in dwords from `next` (the byte offset after
    /// the instruction).
    Branch { next: usize, section: usize },
    /// A value field (SIMM16, an immediate offset, a DS offset or one of its halves): bits
    /// `lo..lo + fix.bits` of the instruction's first two dwords.
    Bits { lo: u8, fix: super::scalar::FieldFix },
    /// CLRX data of `width` bytes (`.byte`...`.quad`), which need not be word-aligned: in
    /// `.text` from byte [`Fixup::word`] of the item on (and the items after it); in a data
    /// section (`section` > 0) at byte [`Fixup::word`] of it. Too wide a value is truncated,
    /// with a warning.
    Bytes { width: u8, section: u16 },
}

/// What one slot of the chosen encoding accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Want {
    /// A VGPR range (VDST, VSRC1 of the 32-bit forms, VGPR-only operands).
    Vgpr,
    /// A scalar destination (SGPR, VCC, EXEC, TTMP...).
    Scalar,
    /// VCC, fixed by the 32-bit encoding.
    Vcc,
    /// Any 9-bit source: register, inline constant, literal where the encoding has one.
    Src,
    /// V_READLANE/V_WRITELANE lane select and data in the 32-bit form: a scalar or a
    /// constant, 8-bit field.
    Scalar8,
    /// The MADMK/MADAK literal K.
    K,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct SlotSpec {
    pub(super) want: Want,
    /// Which instruction field: 0 vdst, 1 sdst, 2.. src0..src2, 5 K.
    pub(super) field: u8,
    pub(super) regs: u8,
    pub(super) ty: Ty,
    /// May be left out (LLVM: the implicit VCC of some 32-bit forms).
    pub(super) optional: bool,
}

pub(super) const F_VDST: u8 = 0;
pub(super) const F_SDST: u8 = 1;
pub(super) const F_SRC: u8 = 2;
pub(super) const F_K: u8 = 5;

/// At most five slots (VOP3B, V_ADDC): kept on the stack, no allocation per instruction.
#[derive(Clone, Copy)]
pub(super) struct Slots {
    items: [SlotSpec; 5],
    len: usize,
}

impl Slots {
    fn of(specs: &[SlotSpec]) -> Slots {
        let pad = SlotSpec {
            want: Want::Src,
            field: 0,
            regs: 0,
            ty: Ty::B32,
            optional: false,
        };
        let mut items = [pad; 5];
        items[..specs.len()].copy_from_slice(specs);
        Slots {
            items,
            len: specs.len(),
        }
    }
}

impl std::ops::Deref for Slots {
    type Target = [SlotSpec];
    fn deref(&self) -> &[SlotSpec] {
        &self.items[..self.len]
    }
}

/// The slots of `d`'s form in the 32-bit (`vop3 == false`) or VOP3 encoding.
pub(super) fn slots(d: &InstrDef, a: Arch, vop3: bool, dialect: Dialect) -> Slots {
    let s = |want, field, regs, ty| SlotSpec {
        want,
        field,
        regs,
        ty,
        optional: false,
    };
    let src = |k: usize| s(Want::Src, F_SRC + k as u8, d.src[k].regs(), d.src[k]);
    let vsrc1 = s(
        if vop3 { Want::Src } else { Want::Vgpr },
        F_SRC + 1,
        d.src[1].regs(),
        d.src[1],
    );
    let vdst = s(Want::Vgpr, F_VDST, d.dst.regs(), d.dst);
    let llvm_ok = dialect != Dialect::Clrx;
    let vcc = |field, optional: bool| {
        let mut v = s(if vop3 { Want::Scalar } else { Want::Vcc }, field, 2, Ty::B64);
        v.optional = !vop3 && optional;
        if vop3 && field >= F_SRC {
            v.want = Want::Src;
        }
        v
    };
    match d.form {
        Form::Bin => Slots::of(&[vdst, src(0), vsrc1]),
        Form::Ter => Slots::of(&[vdst, src(0), src(1), src(2)]),
        Form::Carry => Slots::of(&[vdst, vcc(F_SDST, llvm_ok && a.is_gcn14()), src(0), vsrc1]),
        Form::CarryIn => Slots::of(&[vdst, vcc(F_SDST, false), src(0), vsrc1, vcc(F_SRC + 2, false)]),
        Form::Cndmask => Slots::of(&[vdst, src(0), vsrc1, vcc(F_SRC + 2, llvm_ok)]),
        Form::Madmk if !vop3 => Slots::of(&[vdst, src(0), s(Want::K, F_K, 1, d.dst), vsrc1]),
        Form::Madak if !vop3 => Slots::of(&[vdst, src(0), vsrc1, s(Want::K, F_K, 1, d.dst)]),
        Form::Madmk | Form::Madak => Slots::of(&[vdst, src(0), src(1), src(2)]),
        Form::ReadLane => {
            let lane = if vop3 {
                src(1)
            } else {
                s(Want::Scalar8, F_SRC + 1, 1, Ty::U32)
            };
            Slots::of(&[s(Want::Scalar, F_VDST, 1, Ty::B32), src(0), lane])
        }
        Form::WriteLane => {
            let lane = if vop3 {
                src(1)
            } else {
                s(Want::Scalar8, F_SRC + 1, 1, Ty::U32)
            };
            Slots::of(&[vdst, src(0), lane])
        }
        Form::Cmp => {
            let mut dst = vcc(F_SDST, llvm_ok);
            if vop3 {
                dst.field = F_VDST;
            }
            Slots::of(&[dst, src(0), vsrc1])
        }
        Form::Vop3b => Slots::of(&[vdst, s(Want::Scalar, F_SDST, 2, Ty::B64), src(0), src(1), src(2)]),
        Form::Un => Slots::of(&[vdst, src(0)]),
        Form::Nop => Slots::of(&[]),
        Form::ReadFirstLane => Slots::of(&[s(Want::Scalar, F_VDST, 1, Ty::B32), src(0)]),
        // The scalar classes are selected in `super::scalar`.
        _ => Slots::of(&[]),
    }
}

/// The modifiers of a statement, gathered.
#[derive(Default, Clone, Copy, Debug)]
pub(super) struct Mods {
    pub(super) clamp: bool,
    pub(super) omod: u8,
    pub(super) op_sel: Option<u8>,
    pub(super) neg: u8,
    pub(super) abs: u8,
    vop3: Option<bool>,
    /// Any modifier that only VOP3 has (clamp, omod, op_sel, neg:, abs:).
    needs_vop3: bool,
    /// CLRX's notes for fields of operands the instruction lacks: raw SRC0/SRC1/SRC2 and
    /// VDST values, raw OP_SEL.
    pub(super) raw_src: [Option<u16>; 3],
    pub(super) raw_dst: Option<u16>,
    pub(super) raw_op_sel: Option<u8>,
    /// Where clamp, the output modifier and op_sel were written (for error positions).
    clamp_at: Option<(usize, usize)>,
    pub(super) omod_at: Option<(usize, usize)>,
    pub(super) op_sel_at: Option<(usize, usize)>,
    /// SDWA (`Some(false)`) or DPP (`Some(true)`) asked for by a modifier, and where.
    ext: Option<bool>,
    pub(super) ext_at: Option<(usize, usize)>,
    sdwa: SdwaMods,
    dpp: DppMods,
}

/// The SDWA selects written (`None`: the dialect's default).
#[derive(Default, Clone, Copy, Debug)]
struct SdwaMods {
    /// CLRX's `sext:N` bits.
    sext: u8,
    dst_sel: Option<u8>,
    dst_unused: Option<u8>,
    src_sel: [Option<u8>; 2],
    dst_at: Option<(usize, usize)>,
}

/// The DPP controls written.
#[derive(Default, Clone, Copy, Debug)]
struct DppMods {
    ctrl: Option<u16>,
    row_mask: Option<u8>,
    bank_mask: Option<u8>,
    bound_ctrl: bool,
}

/// Reads an SDWA/DPP modifier into `r`; `false` if `m` is none.
fn gather_ext(m: &Modifier, r: &mut Mods, errs: &mut Vec<PErr>) -> bool {
    use crate::syntax::ext::{DPP_NAMED, DPP_ROW, SELS, UNUSED};
    let bad = |msg: String| PErr {
        start: m.start,
        end: m.end,
        msg,
        help: None,
    };
    let word = || match &m.value {
        ModVal::Words(w) if w.len() == 1 => Some(w[0].to_ascii_lowercase()),
        _ => None,
    };
    // CLRX's `@N`: a value by number.
    let at_num = |w: &str| w.strip_prefix('@').and_then(|n| n.parse::<usize>().ok());
    let int = match m.value {
        ModVal::Int(v) => Some(v),
        _ => None,
    };
    let name = m.name.as_str();
    let dpp = match name {
        "sdwa" | "dst_sel" | "dst_unused" | "dst_un" | "src0_sel" | "src1_sel" | "sext" => false,
        "dpp" | "quad_perm" | "row_shl" | "row_shr" | "row_ror" | "wave_shl" | "wave_rol" | "wave_shr" | "wave_ror"
        | "row_mirror" | "row_half_mirror" | "row_hmirror" | "row_bcast" | "row_bcast15" | "row_bcast31"
        | "row_mask" | "bank_mask" | "bound_ctrl" => true,
        _ => return false,
    };
    if r.ext.is_some_and(|e| e != dpp) {
        errs.push(bad("SDWA and DPP modifiers cannot be mixed".into()));
        return true;
    }
    r.ext = Some(dpp);
    r.ext_at.get_or_insert((m.start, m.end));
    let sel = |w: &str| {
        SELS.iter()
            .position(|(l, c)| l.eq_ignore_ascii_case(w) || *c == w)
            .or_else(|| {
                // CLRX's short forms: b0..b3, w0, w1.
                ["b0", "b1", "b2", "b3", "w0", "w1"].iter().position(|x| *x == w)
            })
            .or_else(|| at_num(w).filter(|&n| n < SELS.len()))
    };
    // A later lane pattern replaces an earlier one (as clrxasm takes them).
    let set_ctrl = |v: u16, r: &mut Mods, _: &mut Vec<PErr>| {
        r.dpp.ctrl = Some(v);
    };
    match name {
        "sdwa" | "dpp" => {}
        "dst_sel" | "src0_sel" | "src1_sel" => match word().and_then(|w| sel(&w)) {
            Some(v) => {
                let v = Some(v as u8);
                match name {
                    "dst_sel" => {
                        r.sdwa.dst_sel = v;
                        r.sdwa.dst_at = Some((m.start, m.end));
                    }
                    "src0_sel" => r.sdwa.src_sel[0] = v,
                    _ => r.sdwa.src_sel[1] = v,
                }
            }
            None => errs.push(PErr {
                help: Some("selects: BYTE_0..BYTE_3, WORD_0, WORD_1, DWORD (CLRX: byte0, word1, dword...)".into()),
                ..bad(format!("bad value for {name}"))
            }),
        },
        "sext" => match bits_of(m, 2) {
            Ok(b) => r.sdwa.sext |= b,
            Err(e) => errs.push(e),
        },
        "dst_unused" | "dst_un" => {
            let w = word().unwrap_or_default();
            let by_num = at_num(&w).filter(|&n| n < UNUSED.len());
            match UNUSED
                .iter()
                .position(|(l, c)| l.eq_ignore_ascii_case(&w) || *c == w)
                .or(by_num)
            {
                Some(v) => {
                    r.sdwa.dst_unused = Some(v as u8);
                    r.sdwa.dst_at = Some((m.start, m.end));
                }
                None => errs.push(bad("dst_unused takes UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE".into())),
            }
        }
        "quad_perm" => match &m.value {
            ModVal::List(l) if l.len() == 4 && l.iter().all(|x| (0..4).contains(x)) => {
                let v = l.iter().enumerate().fold(0u16, |a, (k, x)| a | (*x as u16) << (2 * k));
                set_ctrl(v, r, errs);
            }
            _ => errs.push(bad("quad_perm takes four lanes 0-3: quad_perm:[0,1,2,3]".into())),
        },
        // The shift's low four bits (clrxasm takes `row_ror:35` as 3).
        "row_shl" | "row_shr" | "row_ror" => match int {
            Some(n) if n >= 0 && n & 15 != 0 => {
                let base = DPP_ROW.iter().find(|(_, n2)| *n2 == name).map_or(0, |x| x.0);
                set_ctrl((base + (n & 15) as u32) as u16, r, errs);
            }
            _ => errs.push(bad(format!("{name} takes 1-15"))),
        },
        // The masks' low four bits (as clrxasm takes them).
        "row_mask" | "bank_mask" => match int {
            Some(n) if n >= 0 => {
                if name == "row_mask" {
                    r.dpp.row_mask = Some((n & 15) as u8);
                } else {
                    r.dpp.bank_mask = Some((n & 15) as u8);
                }
            }
            _ => errs.push(bad(format!("{name} takes 0-15"))),
        },
        "bound_ctrl" => match (&m.value, int) {
            (ModVal::None, _) | (_, Some(0 | 1)) => r.dpp.bound_ctrl = true,
            // CLRX's `bound_ctrl:0:B`.
            (ModVal::List(l), _) if l.len() == 1 && (0..2).contains(&l[0]) => r.dpp.bound_ctrl = l[0] == 1,
            _ => errs.push(bad("bound_ctrl takes 0 or 1 (both set the bit)".into())),
        },
        "row_hmirror" => set_ctrl(0x141, r, errs),
        _ => {
            // The named patterns: `wave_shl:1` or CLRX's `wave_shl`, `row_bcast:15` or `row_bcast15`.
            let full = match (&m.value, int) {
                (ModVal::None, _) => name.to_string(),
                (_, Some(n)) => format!("{name}:{n}"),
                _ => String::new(),
            };
            match DPP_NAMED.iter().find(|(_, l, c)| *l == full || *c == full) {
                Some(&(v, _, _)) => set_ctrl(v as u16, r, errs),
                None => errs.push(bad(format!(
                    "bad DPP control {}",
                    if full.is_empty() { name } else { &full }
                ))),
            }
        }
    }
    true
}

fn bits_of(m: &Modifier, nbits: usize) -> Result<u8, PErr> {
    match &m.value {
        ModVal::Int(v) if (0..(1 << nbits)).contains(v) => Ok(*v as u8),
        ModVal::List(l) if l.len() <= nbits + 1 && l.iter().all(|&b| b == 0 || b == 1) => {
            Ok(l.iter().enumerate().fold(0u8, |acc, (k, &b)| acc | ((b as u8) << k)))
        }
        _ => Err(PErr {
            start: m.start,
            end: m.end,
            msg: format!("bad value for {}", m.name),
            help: None,
        }),
    }
}

/// The VOP3 (and SDWA/DPP) modifiers of a statement with `nsrc` sources.
pub(super) fn gather(mods: &[Modifier], nsrc: usize, errs: &mut Vec<PErr>) -> Mods {
    let mut r = Mods::default();
    let bad = |m: &Modifier, msg: String| PErr {
        start: m.start,
        end: m.end,
        msg,
        help: None,
    };
    for m in mods {
        if gather_ext(m, &mut r, errs) {
            continue;
        }
        let at = Some((m.start, m.end));
        match m.name.as_str() {
            "clamp" => r.clamp_at = at,
            "mul" | "div" | "omod" => r.omod_at = at,
            "op_sel" => r.op_sel_at = at,
            _ => {}
        }
        let int = match &m.value {
            ModVal::Int(v) => Some(*v),
            ModVal::None | ModVal::List(_) | ModVal::Words(_) => None,
            ModVal::Forward { symbol, .. } => {
                errs.push(bad(
                    m,
                    format!("{} is not defined yet", super::scopes::shown_name(symbol)),
                ));
                continue;
            }
        };
        match (m.name.as_str(), &m.value) {
            // CLRX's notes: `abs2`, `neg0`, `vsrc2=0x1e5`, `src0=..`, `dst=..`, `op_sel=0x4`.
            (n @ ("abs0" | "abs1" | "abs2" | "neg0" | "neg1" | "neg2"), ModVal::None) => {
                let bit = 1u8 << (n.as_bytes()[3] - b'0');
                if n.starts_with("abs") {
                    r.abs |= bit;
                } else {
                    r.neg |= bit;
                }
            }
            (n @ ("src0" | "vsrc1" | "vsrc2"), ModVal::Int(v)) if m.eq && (0..512).contains(v) => {
                r.raw_src[if n == "src0" {
                    0
                } else if n == "vsrc1" {
                    1
                } else {
                    2
                }] = Some(*v as u16);
            }
            // `dst=` in VOP3 words, `vdst=` in 32-bit ones (V_NOP's unused fields).
            ("dst" | "vdst", ModVal::Int(v)) if m.eq && (0..256).contains(v) => r.raw_dst = Some(*v as u16),
            ("op_sel", ModVal::Int(v)) if m.eq && (0..16).contains(v) => r.raw_op_sel = Some(*v as u8),
            ("clamp", ModVal::None) => r.clamp = true,
            // CLRX: any value; not zero sets it (clrxasm's switches).
            ("clamp", ModVal::Int(v)) => r.clamp = *v != 0,
            ("mul", ModVal::Int(v)) if *v == 1 || *v == 2 || *v == 4 => r.omod = [0, 0, 1, 0, 2][*v as usize],
            ("div", ModVal::Int(v)) if *v == 1 || *v == 2 => r.omod = if *v == 2 { 3 } else { 0 },
            ("omod", ModVal::Int(v)) if (0..4).contains(v) => r.omod = *v as u8,
            ("vop3", ModVal::None) => r.vop3 = Some(true),
            ("vop3", ModVal::Int(v)) => r.vop3 = Some(*v != 0),
            ("op_sel", _) => match bits_of(m, 4) {
                Ok(b) => {
                    // A list has one entry per source then the destination.
                    let b = match &m.value {
                        ModVal::List(l) if l.len() == nsrc + 1 => {
                            let dst = (b >> nsrc) & 1;
                            (b & ((1 << nsrc) - 1)) | (dst << 3)
                        }
                        ModVal::List(l) => {
                            errs.push(bad(
                                m,
                                format!(
                                    "op_sel takes {} values here (sources, then destination); got {}",
                                    nsrc + 1,
                                    l.len()
                                ),
                            ));
                            0
                        }
                        // CLRX's number form: the bit after the sources is the destination.
                        _ => (b & ((1 << nsrc) - 1)) | (((b >> nsrc) & 1) << 3),
                    };
                    r.op_sel = Some(b);
                }
                Err(e) => errs.push(e),
            },
            ("neg", _) => match bits_of(m, 3) {
                Ok(b) => r.neg |= b,
                Err(e) => errs.push(e),
            },
            ("abs", _) => match bits_of(m, 3) {
                Ok(b) => r.abs |= b,
                Err(e) => errs.push(e),
            },
            (name, _) => {
                let known = ["clamp", "mul", "div", "omod", "vop3", "op_sel", "neg", "abs"].contains(&name);
                errs.push(if known {
                    bad(m, format!("bad value for {name}{}", int.map(|v| format!(": {v}")).unwrap_or_default()))
                } else {
                    PErr {
                        start: m.start,
                        end: m.end,
                        msg: format!("unknown modifier '{name}'"),
                        help: Some("VOP3 modifiers: clamp, mul:2, mul:4, div:2, op_sel:[...] (GCN 1.4); CLRX also omod:N, neg:N, abs:N, vop3".into()),
                    }
                });
            }
        }
        if matches!(
            m.name.as_str(),
            "clamp"
                | "mul"
                | "div"
                | "omod"
                | "op_sel"
                | "neg"
                | "abs"
                | "abs0"
                | "abs1"
                | "abs2"
                | "neg0"
                | "neg1"
                | "neg2"
                | "vsrc1"
                | "vsrc2"
        ) {
            r.needs_vop3 |= !(m.value == ModVal::Int(0) || (m.name == "mul" && m.value == ModVal::Int(1)));
        }
    }
    r
}

/// CLRX (clrxasm 0.1.9): a float written with the suffix of another type than its operand's
/// (`0.5s` or `1.0l` for a 16-bit float operand, `1.0h` for a 32-bit one) is a literal of the
/// suffix's bits, never an inline constant. An operand's own type is f16 for 16-bit float
/// operands, f64 for 64-bit float ones, f32 for the rest.
pub(super) fn clrx_suffix_literal(v: Value, ty: Ty, fold: bool) -> bool {
    let own = match ty {
        Ty::F16 => FKind::Half,
        Ty::F64 => FKind::Double,
        _ => FKind::Single,
    };
    !fold && matches!(v, Value::Float(_, k) if k != FKind::Plain && k != own)
}

/// How clrxasm reads a float written for a vector-ALU operand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum ClrxFloat {
    Inline(u16),
    Literal(u32),
}

/// The format clrxasm converts a float for this operand to (its per-row literal type): half
/// for the rows with a VOP1/VOP2 form whose SRC0 is f16 (its `GCN_F16LIT` rows: every operand
/// of them, `v_ldexp_f16`'s exponent too, in whatever form the statement is encoded, as
/// clrxasm's VOP2 parser promotes to VOP3 itself); single for VOPC (its parser reads no
/// literal type), the VOP3-only rows and the others (16-bit integer operands included);
/// double for a 64-bit operand.
pub(super) fn clrx_float_type(d: &InstrDef, a: Arch, ty: Ty) -> FKind {
    let vop12 = matches!(d.short, crate::isa::Short::Vop1 | crate::isa::Short::Vop2) && d.e32[a.index()] != X;
    if ty.regs() == 2 {
        FKind::Double
    } else if vop12 && d.src[0] == Ty::F16 {
        FKind::Half
    } else {
        FKind::Single
    }
}

/// A float `f` (written with suffix `kind`) for an operand whose format is `own`, as clrxasm
/// reads it: converted to the suffix's format (else `own`), an inline constant only when the
/// format is the operand's own, the value is not forced to a literal (`lit(...)`) and the
/// converted bits are one of that format's constants (so a value that rounds to one is one:
/// `1e-8` for a half is 0); otherwise a literal of the bits (a double: its high dword,
/// rounded to nearest).
pub(super) fn clrx_float(a: Arch, f: f64, kind: FKind, own: FKind, forced: bool) -> Result<ClrxFloat, String> {
    let fp = if kind == FKind::Plain { own } else { kind };
    // A finite value past the format's range is clrxasm's error, not an infinity.
    let too_big = match fp {
        FKind::Half => f16_of(f).is_infinite(),
        FKind::Double => false,
        _ => (f as f32).is_infinite(),
    };
    if too_big && f.is_finite() {
        let format = if fp == FKind::Half { "half" } else { "single" };
        return Err(format!(
            "{} is too big for {format} precision",
            show_value(Value::Float(f, kind))
        ));
    }
    let bits = match fp {
        FKind::Half => f16_of(f).to_bits() as u32,
        FKind::Double => double_high(f),
        _ => (f as f32).to_bits(),
    };
    if !forced && fp == own {
        if bits == 0 {
            return Ok(ClrxFloat::Inline(128));
        }
        let floats = if a.is_vi_plus() { 9 } else { 8 };
        let same = |&k: &usize| {
            let (_, h, s, d) = FLOAT_CONSTS[k];
            bits == match fp {
                FKind::Half => h as u32,
                FKind::Double => (d >> 32) as u32,
                _ => s,
            }
        };
        if let Some(k) = (0..floats).find(same) {
            return Ok(ClrxFloat::Inline(240 + k as u16));
        }
    }
    Ok(ClrxFloat::Literal(bits))
}

/// A float as clrxasm 0.1.2 read it (`.buggyfplit`, CLRX's GCNAsmHelpers: its "old buggy
/// behaviour"): a 64-bit operand reads it as single, like every operand but the half ones
/// (`own`: [`clrx_float_type`] of a 32-bit operand); a half is an inline constant only when
/// it is +0, a single whenever its bits are one of the single constants (a half operand's
/// `1.0s` too), a double (`l`) never.
pub(super) fn buggy_float(a: Arch, f: f64, kind: FKind, own: FKind, forced: bool) -> Result<ClrxFloat, String> {
    let fp = if kind == FKind::Plain { own } else { kind };
    // The range errors and the literal bits are those of the reading without the flag.
    let lit = match clrx_float(a, f, fp, fp, true)? {
        ClrxFloat::Literal(b) => b,
        ClrxFloat::Inline(_) => unreachable!("a forced float is a literal"),
    };
    Ok(match fp {
        FKind::Half if !forced && lit == 0 => ClrxFloat::Inline(128),
        FKind::Single if !forced => clrx_float(a, f, fp, fp, false)?,
        _ => ClrxFloat::Literal(lit),
    })
}

/// An operand that gives inline constant `code` (128, 240..=248) or literal `bits` in the
/// general reading, whatever the operand's format: the constant's value or `lit(bits)`.
pub(super) fn operand_of(c: ClrxFloat) -> OpKind {
    match c {
        ClrxFloat::Inline(128) => OpKind::Const(Value::Int(0)),
        ClrxFloat::Inline(code) => OpKind::Const(Value::Float(FLOAT_CONSTS[(code - 240) as usize].0, FKind::Plain)),
        ClrxFloat::Literal(bits) => OpKind::Lit(Value::Int(bits as i64)),
    }
}

/// The high dword of a double as clrxasm writes a 64-bit float literal: rounded to nearest
/// (even) at the low dword.
fn double_high(f: f64) -> u32 {
    let b = f.to_bits();
    let (hi, lo) = ((b >> 32) as u32, b as u32);
    hi.wrapping_add((lo > 0x8000_0000 || (lo == 0x8000_0000 && hi & 1 != 0)) as u32)
}

/// The inline-constant code of a value for an operand of type `ty`, if it has one. `llvm`:
/// LLVM's reading ([`llvm_bits`]: the value as the operand's bits, folded into an inline
/// constant whenever the bits are one); CLRX's otherwise.
pub(super) fn inline_code(a: Arch, v: Value, ty: Ty, llvm: bool) -> Option<u16> {
    if llvm {
        return llvm_bits(v, ty).ok().and_then(|b| inline_of_bits(a, b, ty, v));
    }
    let floats = if a.is_vi_plus() { 9 } else { 8 };
    match v {
        Value::Int(i) => int_code(i),
        Value::Float(f, _) => {
            if f == 0.0 && !f.is_sign_negative() {
                return Some(128);
            }
            (0..floats)
                .find(|&k| {
                    let (val, h, s, d) = FLOAT_CONSTS[k];
                    if k < 8 {
                        return f == val;
                    }
                    // 1/(2*pi): written to the precision of the operand's type.
                    match ty {
                        Ty::F16 => f16_of(f).to_bits() == h,
                        _ => (f as f32).to_bits() == s || f.to_bits() == d,
                    }
                })
                .map(|k| 240 + k as u16)
        }
    }
}

/// The inline integer constants: 0..64 and -16..-1.
fn int_code(i: i64) -> Option<u16> {
    match i {
        0..=64 => Some(128 + i as u16),
        -16..=-1 => Some((192 - i) as u16),
        _ => None,
    }
}

/// Width of an operand type in bits (16, 32 or 64; a 128-bit operand reads 64-bit constants).
fn width_bits(ty: Ty) -> u32 {
    match ty.regs() {
        1 if ty.is_16() => 16,
        1 => 32,
        _ => 64,
    }
}

/// LLVM's reading of a constant for an operand of type `ty`: the operand's bits. An integer
/// is taken at the operand's width (`0xfffffff0` is -16 for a 32-bit operand, `0xffff` is -1
/// for a 16-bit one) and must fit it; a float is converted to the operand's format (an integer
/// operand's size decides it) and may lose precision but not overflow or underflow, as
/// llvm-mc 14 requires.
pub fn llvm_bits(v: Value, ty: Ty) -> Result<u64, String> {
    let w = width_bits(ty);
    match v {
        Value::Int(i) => {
            let fits = match w {
                16 => (-0x8000..=0xffff).contains(&i),
                32 => (-0x8000_0000..=0xffff_ffff).contains(&i),
                _ => true,
            };
            if !fits {
                return Err(format!("{} does not fit a {w}-bit operand", show_value(v)));
            }
            Ok(if w == 64 {
                i as u64
            } else {
                i as u64 & ((1u64 << w) - 1)
            })
        }
        Value::Float(f, _) => {
            let (bits, back, tiny) = match w {
                16 => {
                    let h = f16_of(f);
                    (h.to_bits() as u64, h.to_f64_const(), h.to_bits() & 0x7c00 == 0)
                }
                32 => {
                    let g = f as f32;
                    (g.to_bits() as u64, g as f64, g.is_subnormal() || g == 0.0)
                }
                _ => return Ok(f.to_bits()),
            };
            let overflow = f.is_finite() && back.is_infinite();
            let underflow = tiny && back != f;
            if overflow || underflow {
                return Err(format!(
                    "{} does not fit a {w}-bit float operand ({})",
                    show_value(v),
                    if overflow { "overflow" } else { "underflow" }
                ));
            }
            Ok(bits)
        }
    }
}

/// The inline-constant code for operand bits `b` of type `ty` (LLVM's folding): an inline
/// integer at the operand's width, or the bits of an inline float of the operand's format (none
/// for 16-bit integer operands). `v` is the value as written: a 64-bit float that is no inline
/// constant keeps only its high half, and LLVM encodes that half inline when it is a small
/// integer (`1e-320` becomes 0).
fn inline_of_bits(a: Arch, b: u64, ty: Ty, v: Value) -> Option<u16> {
    let w = width_bits(ty);
    let signed = if w == 64 {
        b as i64
    } else {
        ((b << (64 - w)) as i64) >> (64 - w)
    };
    if let Some(c) = int_code(signed) {
        return Some(c);
    }
    let floats = if a.is_vi_plus() { 9 } else { 8 };
    if !ty.is_16() || ty.is_float() {
        let k = (0..floats).find(|&k| {
            let (_, h, s, d) = FLOAT_CONSTS[k];
            b == match w {
                16 => h as u64,
                32 => s as u64,
                _ => d,
            }
        });
        if let Some(k) = k {
            return Some(240 + k as u16);
        }
    }
    if ty == Ty::F64 && matches!(v, Value::Float(..)) && (b >> 32) <= 64 {
        return Some(128 + (b >> 32) as u16);
    }
    None
}

/// The literal dword LLVM encodes for operand bits `b` of type `ty`: the bits of a 16- or
/// 32-bit operand; for a 64-bit operand the high half of a float and the low half of an
/// integer that fits 32 bits.
fn llvm_literal(b: u64, ty: Ty, v: Value) -> Result<u32, String> {
    if width_bits(ty) < 64 {
        return Ok(b as u32);
    }
    match v {
        Value::Float(..) if ty.is_float() => Ok((b >> 32) as u32),
        Value::Float(..) => Err(format!(
            "{} is no inline constant, and a 64-bit integer operand takes no float literal",
            show_value(v)
        )),
        Value::Int(i) if (-0x8000_0000..=0xffff_ffff).contains(&i) => Ok(i as u32),
        Value::Int(_) => Err(format!("{} does not fit a 32-bit literal", show_value(v))),
    }
}

/// Sets ABS (clear) and NEG (flip) on the sign bit of operand bits `b` of type `ty`: how LLVM
/// folds `abs()`/`neg()` of a constant into the constant where the encoding has no modifiers.
fn fold_sign(b: u64, ty: Ty, abs: bool, neg: bool) -> u64 {
    let sign = 1u64 << (width_bits(ty) - 1);
    let b = if abs { b & !sign } else { b };
    if neg {
        b ^ sign
    } else {
        b
    }
}

/// The literal dword of a value for an operand of type `ty`.
pub fn literal_bits(v: Value, ty: Ty) -> Result<u32, String> {
    literal_bits_for(v, ty, true)
}

/// [`literal_bits`]; `strict16`: a 16-bit operand's literal must fit 16 bits (LLVM). CLRX
/// keeps a wider hex value's 32 bits (the hardware reads the low half).
pub fn literal_bits_for(v: Value, ty: Ty, strict16: bool) -> Result<u32, String> {
    if strict16 && !matches!(v, Value::Float(_, k) if k != FKind::Plain) {
        return llvm_literal(llvm_bits(v, ty)?, ty, v);
    }
    match v {
        Value::Int(i) => {
            // LLVM wants a 16-bit value; CLRX keeps the 32-bit literal dword as written.
            if ty.is_16() && strict16 {
                if (-0x8000..=0xffff).contains(&i) {
                    return Ok(i as u16 as u32);
                }
                return Err(format!("{i} does not fit a 16-bit operand"));
            }
            if (-0x8000_0000..=0xffff_ffff).contains(&i) {
                Ok(i as u32)
            } else {
                Err(format!("{i:#x} does not fit a 32-bit literal"))
            }
        }
        Value::Float(f, kind) => {
            let kind = if kind == FKind::Plain {
                match ty {
                    Ty::F16 | Ty::I16 | Ty::U16 | Ty::B16 => FKind::Half,
                    t if t.regs() == 2 => FKind::Double,
                    _ => FKind::Single,
                }
            } else {
                kind
            };
            Ok(match kind {
                FKind::Half => f16_of(f).to_bits() as u32,
                // A 64-bit float literal holds the high half of the double: LLVM truncates
                // the low half, clrxasm rounds to nearest (even).
                FKind::Double if strict16 => (f.to_bits() >> 32) as u32,
                FKind::Double => double_high(f),
                _ => (f as f32).to_bits(),
            })
        }
    }
}

/// Builds the instruction. `found` is `isa().lookup_in(arch, mnemonic, ..)` for the dialect,
/// which the caller has already made. Errors carry positions within the line. `plans`: the
/// plain vector-ALU statement may be encoded by its row's plan (`asm::plan`; false: the
/// general path alone, which the plans are checked against).
#[allow(clippy::too_many_arguments)]
pub fn select(
    arch: Arch,
    dialect: Dialect,
    fold: bool,
    mnemonic: &str,
    found: Option<(DefId, bool)>,
    suffix: Suffix,
    mn_span: (usize, usize),
    ops: &[Operand],
    mods: &[Modifier],
    ctx: &super::scalar::Ctx,
    plans: bool,
) -> Result<Selected, Vec<PErr>> {
    let t = isa();
    let perr = |span: (usize, usize), msg: String, help: Option<String>| PErr {
        start: span.0,
        end: span.1,
        msg,
        help,
    };
    // `CLASS_ill_N` names no row: asked only of a name the table does not know.
    debug_assert!(found.is_none() || super::scalar::illegal_enc(mnemonic).is_none());
    if let Some((enc, n)) = found.is_none().then(|| super::scalar::illegal_enc(mnemonic)).flatten() {
        if enc.is_vop32() || enc.is_vop3() {
            return select_illegal(arch, enc, n, mn_span, ops, mods).map(|instr| Selected {
                instr,
                fixups: Vec::new(),
                warnings: Vec::new(),
            });
        }
        super::scalar::unused_opcode(arch, enc, n).map_err(|m| vec![perr(mn_span, m, None)])?;
        let g = crate::isa::generic_row(enc).expect("scalar class");
        if g.short.is_mem() {
            return super::memory::select(arch, dialect, g, None, n, mnemonic, mn_span, ops, mods);
        }
        return super::scalar::select(
            arch, dialect, fold, g, None, n, mnemonic, mn_span, ops, mods, ctx, false,
        );
    }
    let dialects = match dialect {
        Dialect::Clrx => Dialects::CLRX,
        Dialect::Llvm => Dialects::LLVM,
        Dialect::Auto => Dialects::BOTH,
    };
    let Some((id, vop3_only)) = found else {
        let others = t.archs_with_in(mnemonic, dialects);
        let msg = if others.is_empty() {
            match t.lookup(arch, mnemonic) {
                Some(_) => format!(
                    "'{mnemonic}' is not {} syntax on {arch}",
                    if dialect == Dialect::Llvm { "LLVM" } else { "CLRX" }
                ),
                None => format!("unknown instruction '{mnemonic}'"),
            }
        } else {
            format!("{mnemonic} does not exist on {arch}")
        };
        let help = if others.is_empty() {
            t.closest_name(arch, mnemonic).map(|k| format!("did you mean '{k}'?"))
        } else {
            Some(suggest(arch, mnemonic, &others))
        };
        return Err(vec![perr(mn_span, msg, help)]);
    };
    let d = t.def(id);
    let ai = arch.index();
    if d.short.is_gfx() {
        // Both assemblers take VINTRP's `_e32`; llvm-mc `_e64` for its VOP3 form.
        let vintrp = d.short == crate::isa::Short::Vintrp;
        let e64_ok = vintrp && d.e64[ai] != X && dialect != Dialect::Clrx;
        if !(suffix == Suffix::None || suffix == Suffix::E32 && vintrp || suffix == Suffix::E64 && e64_ok) {
            return Err(vec![perr(mn_span, format!("{mnemonic} has no such form here"), None)]);
        }
        return super::gfx::select(arch, dialect, suffix == Suffix::E64, d, id, mn_span, ops, mods);
    }
    if d.short == crate::isa::Short::Vop3p {
        if suffix != Suffix::None {
            return Err(vec![perr(
                mn_span,
                format!("{mnemonic} has no _e32/_e64/_sdwa/_dpp forms"),
                None,
            )]);
        }
        return super::vop3p::select(arch, fold, d, id, mn_span, ops, mods);
    }
    if d.short.is_mem() {
        // clrxasm ignores an `_e32`/`_e64` suffix here; llvm-mc takes none.
        if suffix != Suffix::None && dialect == Dialect::Llvm {
            return Err(vec![perr(mn_span, format!("{mnemonic} has no _e32/_e64 forms"), None)]);
        }
        return super::memory::select(arch, dialect, d, Some(id), d.e32[ai], mnemonic, mn_span, ops, mods);
    }
    if !d.short.is_vop() {
        // clrxasm takes `_e32` on a scalar instruction and reads `_e64` as "constants as the
        // literal"; llvm-mc takes neither.
        if suffix != Suffix::None && dialect == Dialect::Llvm {
            return Err(vec![perr(mn_span, format!("{mnemonic} has no _e32/_e64 forms"), None)]);
        }
        return super::scalar::select(
            arch,
            dialect,
            fold && suffix == Suffix::None,
            d,
            Some(id),
            d.e32[ai],
            mnemonic,
            mn_span,
            ops,
            mods,
            ctx,
            suffix == Suffix::E64,
        );
    }
    let has32 = d.e32[ai] != X;
    let has64 = has_e64(d, arch, fold);
    // The plain statement (no modifiers): the row's encoding plans.
    if plans && mods.is_empty() && !vop3_only {
        if let Some(instr) = super::plan::encode(arch, dialect, fold, id, has32, has64, suffix, ops) {
            let sel = Selected {
                instr,
                fixups: Vec::new(),
                warnings: Vec::new(),
            };
            #[cfg(debug_assertions)]
            {
                let full = select(
                    arch, dialect, fold, mnemonic, found, suffix, mn_span, ops, mods, ctx, false,
                );
                super::plan::assert_same(&sel, &full, mnemonic, ops);
            }
            return Ok(sel);
        }
    }
    let mut errs = Vec::new();
    // The sources an op_sel list covers: not the SGPR-pair SRC2 of V_CNDMASK and the carry-ins.
    let listed = match d.form {
        Form::Madmk | Form::Madak => 3,
        Form::Cndmask | Form::CarryIn => 2,
        f => f.nsrc(),
    };
    let m = gather(mods, listed, &mut errs);
    if fold {
        llvm_modifier_order(mods, &mut errs);
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    // SDWA/DPP: asked for by the suffix, by their modifiers, or (CLRX) by a sext() source.
    let by_suffix = match suffix {
        Suffix::Sdwa => Some(false),
        Suffix::Dpp => Some(true),
        _ => None,
    };
    let clrx_sext = (!fold && ops.iter().any(|o| o.sext)).then_some(false);
    if let (Some(a), Some(b)) = (by_suffix, m.ext) {
        if a != b {
            let (start, end) = m.ext_at.unwrap_or(mn_span);
            return Err(vec![perr((start, end), "SDWA and DPP cannot be mixed".into(), None)]);
        }
    }
    // clrxasm: the `_sdwa` suffix alone (no SDWA modifier) with what its VOP3 reading
    // needs — clamp, an output modifier, a VOPC destination other than VCC — is "Mixing VOP3
    // with SDWA or WORD is illegal"; with an SDWA modifier written it is SDWA's.
    if !fold && suffix == Suffix::Sdwa && m.ext.is_none() {
        let vopc_sdst = d.short == crate::isa::Short::Vopc
            && matches!(ops.first().map(|o| &o.kind), Some(OpKind::Reg(r)) if r.code != 106);
        if m.clamp || m.omod != 0 || vopc_sdst {
            let msg = "clrxasm reads this _sdwa statement as VOP3 (clamp, an output modifier or a VOPC destination other than VCC without an SDWA modifier): \"Mixing VOP3 with SDWA\"";
            return Err(vec![perr(
                mn_span,
                msg.into(),
                Some("write an SDWA modifier (src0_sel:DWORD) or `sdwa`".into()),
            )]);
        }
    }
    if let Some(dpp) = by_suffix.or(m.ext).or(clrx_sext) {
        let what = if dpp { "DPP" } else { "SDWA" };
        let fail = |msg: String| Err(vec![perr(m.ext_at.unwrap_or(mn_span), msg, None)]);
        if !arch.is_vi_plus() {
            return fail(format!("{what} exists on GCN 1.2 and later, not on {arch}"));
        }
        if suffix == Suffix::E64 || m.vop3 == Some(true) || m.op_sel.is_some() || m.needs_vop3 && !only_ext_mods(mods) {
            return fail(format!("VOP3 and {what} modifiers cannot be mixed"));
        }
        if !has32 || !crate::syntax::ext::row_has_ext(d, arch, dpp) {
            return fail(format!("{mnemonic} has no {what} form on {arch}"));
        }
        if fold && dpp && d.short == crate::isa::Short::Vopc {
            return fail(format!("llvm-mc 14 has no DPP form of {mnemonic} (VOPC); clrxasm has"));
        }
        return build(arch, dialect, fold, id, false, Some(dpp), ops, &m, mn_span).map_err(|f| f.errs);
    }
    // LLVM folds abs()/neg() of a constant into the constant in the 32-bit form, so those
    // do not ask for VOP3.
    let any_src_mods = ops
        .iter()
        .any(|o| (o.neg || o.abs || o.sext) && !(fold && !o.sext && matches!(o.kind, OpKind::Const(_))));
    let force64 = suffix == Suffix::E64 || m.vop3 == Some(true) || vop3_only;
    let force32 = suffix == Suffix::E32 || m.vop3 == Some(false) && suffix != Suffix::E64;
    if force64 && !has64 {
        return Err(vec![perr(
            mn_span,
            format!("{mnemonic} has no VOP3 encoding on {arch}"),
            None,
        )]);
    }
    if suffix == Suffix::E32 && vop3_only {
        return Err(vec![perr(
            mn_span,
            format!("{mnemonic} names only the VOP3 encoding on {arch} (llvm-mc 14)"),
            Some(format!("use {}_e32 for the 32-bit form", d.llvm[ai])),
        )]);
    }
    if suffix == Suffix::E32 && !has32 {
        return Err(vec![perr(
            mn_span,
            format!("{mnemonic} has no 32-bit encoding on {arch}"),
            Some("drop the _e32 suffix".into()),
        )]);
    }
    // Try the 32-bit form first unless VOP3 is asked for or needed.
    let mut try32 = has32 && !force64;
    if try32 && !force32 && (m.needs_vop3 || any_src_mods) {
        try32 = false;
    }
    if try32 {
        match build(arch, dialect, fold, id, false, None, ops, &m, mn_span) {
            Ok(r) => return Ok(r),
            Err(f) if force32 || !has64 || f.value => return Err(f.errs),
            Err(_) => {}
        }
    }
    if !has64 {
        return Err(vec![perr(
            mn_span,
            format!("{mnemonic} needs modifiers that only VOP3 has, and has no VOP3 form on {arch}"),
            None,
        )]);
    }
    let r = build(arch, dialect, fold, id, true, None, ops, &m, mn_span).map_err(|f| f.errs)?;
    // llvm-mc 14's SI/CI `v_add_co_u32` and kin: the VOP3 encoding with the VOP2 form's
    // operands (SRC1 a VGPR).
    if vop3_only && r.instr.src(1) < 256 {
        let at = ops
            .get(if d.form == Form::Carry { 3 } else { 2 })
            .map(|o| (o.start, o.end));
        return Err(vec![perr(
            at.unwrap_or(mn_span),
            format!("{mnemonic} takes a VGPR as SRC1 on {arch} (llvm-mc 14)"),
            Some(format!("{} takes an SGPR or a constant there", d.llvm[ai])),
        )]);
    }
    Ok(r)
}

/// llvm-mc 14 takes the VOP3 modifiers `op_sel`, `clamp`, `mul:`/`div:` once each, in that
/// order; CLRX's others (`vop3`, `omod:`, `neg:`, `abs:`, raw-field notes) are not LLVM syntax.
fn llvm_modifier_order(mods: &[Modifier], errs: &mut Vec<PErr>) {
    let mut last: Option<(usize, &str)> = None;
    for m in mods {
        let rank = match m.name.as_str() {
            "op_sel" => 0,
            "clamp" => 1,
            "mul" | "div" => 2,
            "dst_sel" | "quad_perm" | "row_shl" | "row_shr" | "row_ror" | "wave_shl" | "wave_rol" | "wave_shr"
            | "wave_ror" | "row_mirror" | "row_half_mirror" | "row_bcast" => 3,
            "dst_unused" | "row_mask" => 4,
            "src0_sel" | "bank_mask" => 5,
            "src1_sel" | "bound_ctrl" => 6,
            _ => {
                errs.push(PErr {
                    start: m.start,
                    end: m.end,
                    msg: format!("'{}' is not an LLVM modifier", m.name),
                    help: Some("this is CLRX syntax; use --syntax clrx".into()),
                });
                continue;
            }
        };
        if let Some((r, prev)) = last {
            if rank <= r {
                errs.push(PErr {
                    start: m.start,
                    end: m.end,
                    msg: if rank == r {
                        format!(
                            "{} given twice",
                            if rank == 2 {
                                "an output modifier (mul:/div:)"
                            } else {
                                prev
                            }
                        )
                    } else {
                        format!("llvm-mc takes {} before {prev}", m.name)
                    },
                    help: Some("LLVM's order is op_sel, clamp, mul:/div:; then SDWA's dst_sel, dst_unused, src0_sel, src1_sel or DPP's pattern, row_mask, bank_mask, bound_ctrl".into()),
                });
                continue;
            }
        }
        last = Some((rank, m.name.as_str()));
    }
}

/// Help for a mnemonic that exists on other archs.
fn suggest(arch: Arch, mnemonic: &str, others: &[Arch]) -> String {
    let on: Vec<&str> = others.iter().map(|a| a.name()).collect();
    // GCN 1.2 dropped the non-reversed shifts: V_LSHL_B32 x, y == V_LSHLREV_B32 y, x.
    if let Some((head, ty)) = mnemonic.rsplit_once('_') {
        let rev = format!("{head}rev_{ty}");
        if isa().lookup(arch, &rev).is_some() {
            return format!(
                "{mnemonic} exists on {}; on {arch} use {rev} with the two sources swapped",
                on.join(", ")
            );
        }
    }
    format!("{mnemonic} exists on {}", on.join(", "))
}

/// Encodes `ops` for row `id` in one encoding, checking every operand.
#[allow(clippy::too_many_arguments)]
fn build(
    arch: Arch,
    dialect: Dialect,
    fold: bool,
    id: DefId,
    vop3: bool,
    ext: Option<bool>,
    ops_in: &[Operand],
    m: &Mods,
    mn_span: (usize, usize),
) -> Result<Selected, Failed> {
    let mut value = false;
    build_in(arch, dialect, fold, id, vop3, ext, ops_in, m, mn_span, &mut value).map_err(|errs| Failed { errs, value })
}

/// Does the general path's 32-bit form of row `id` refuse plain operands `ops` (no modifiers,
/// no suffix) for a reason other than a value (so that [`select`] goes on to VOP3)? What a
/// plan's [`Reject`](super::plan::Outcome::Reject) claims; checked in debug builds and tests.
#[cfg(any(test, debug_assertions))]
pub(super) fn e32_refuses(arch: Arch, dialect: Dialect, fold: bool, id: DefId, ops: &[Operand]) -> bool {
    let m = Mods::default();
    matches!(
        build(arch, dialect, fold, id, false, None, ops, &m, (0, 0)),
        Err(Failed { value: false, .. })
    )
}

/// Are the modifiers that ask for VOP3 ones SDWA has too (clamp, the output modifier)?
/// (CLRX's `neg:N`/`abs:N` source bits are SDWA/DPP's too.)
fn only_ext_mods(mods: &[Modifier]) -> bool {
    mods.iter().all(|m| {
        !matches!(
            m.name.as_str(),
            "op_sel" | "abs0" | "abs1" | "abs2" | "neg0" | "neg1" | "neg2" | "vsrc1" | "vsrc2"
        )
    })
}

/// An assembled instruction, a literal waiting for a symbol, and warnings.
pub struct Selected {
    pub instr: Instr,
    /// Symbols defined later that the words wait for.
    pub fixups: Vec<Fixup>,
    pub warnings: Vec<PErr>,
}

/// Why an encoding did not take the operands; `value`: a constant does not fit its operand
/// (in any encoding), so this is the error to report.
struct Failed {
    errs: Vec<PErr>,
    value: bool,
}

#[allow(clippy::too_many_arguments)]
fn build_in(
    arch: Arch,
    dialect: Dialect,
    fold: bool,
    id: DefId,
    vop3: bool,
    ext: Option<bool>,
    ops_in: &[Operand],
    m: &Mods,
    mn_span: (usize, usize),
    value_err: &mut bool,
) -> Result<Selected, Vec<PErr>> {
    let d = isa().def(id);
    let ai = arch.index();
    let mut specs = slots(d, arch, vop3, dialect);
    if let Some(dpp) = ext {
        ext_slots(&mut specs, d, arch, dpp);
    }
    let mut errs: Vec<PErr> = Vec::new();
    let perr = |o: &Operand, msg: String| PErr {
        start: o.start,
        end: o.end,
        msg,
        help: None,
    };
    // Match operands to slots, letting optional implicit-VCC slots be left out.
    let needed = specs.iter().filter(|s| !s.optional).count();
    if ops_in.len() < needed || ops_in.len() > specs.len() {
        let end = ops_in.last().map(|o| o.end).unwrap_or(mn_span.1);
        let forms = if needed == specs.len() {
            format!("{needed}")
        } else {
            format!("{needed} or {}", specs.len())
        };
        // The same name may be another instruction on another generation (v_add_u32 has a
        // carry out on GCN 1.2 and none on GCN 1.4): say where this operand count fits.
        let mnemonic = if dialect == Dialect::Llvm {
            d.llvm[ai]
        } else {
            d.name[ai]
        };
        let elsewhere = Arch::ALL.into_iter().find(|&b| {
            b != arch
                && isa().lookup(b, mnemonic).is_some_and(|other| {
                    let od = isa().def(other);
                    other != id
                        && [false, true].iter().any(|&v3| {
                            let has = if v3 { od.e64[b.index()] } else { od.e32[b.index()] } != X;
                            let sp = slots(od, b, v3, dialect);
                            let need = sp.iter().filter(|s| !s.optional).count();
                            has && (need..=sp.len()).contains(&ops_in.len())
                        })
                })
        });
        let help = match elsewhere {
            Some(b) => format!(
                "operands: {}; on {b} (-a {b}), {mnemonic} is another instruction that takes {} operands",
                describe(d, &specs),
                ops_in.len()
            ),
            None => format!("operands: {}", describe(d, &specs)),
        };
        return Err(vec![PErr {
            start: mn_span.0,
            end,
            msg: format!("{} takes {forms} operands here, got {}", d.name[ai], ops_in.len()),
            help: Some(help),
        }]);
    }
    // The optional slots to leave out (the first ones).
    let skip = specs.len() - ops_in.len();
    // Each slot with its operand and the operand's index in `ops_in` (for the spans of errors).
    let mut pairs: [(SlotSpec, Option<(usize, &Operand)>); 5] = [(specs.items[0], None); 5];
    let mut it = ops_in.iter().enumerate();
    let mut skipped = 0;
    for (p, s) in pairs.iter_mut().zip(specs.iter()) {
        if s.optional && skipped < skip {
            skipped += 1;
            *p = (*s, None);
        } else {
            *p = (*s, it.next());
        }
    }
    let pairs = &pairs[..specs.len()];
    let enc = match ext {
        Some(dpp) => d.short.enc(arch).ext(dpp).expect("a 32-bit vector-ALU class"),
        None => d.vector_enc(arch, vop3),
    };
    let mut i = Instr::new(arch, enc);
    i.opcode = if vop3 { d.e64[ai] } else { d.e32[ai] };
    i.set_opcode(i.opcode);
    i.def = Some(id);
    // The modifier bits, kept here until the checks below; written into the word at the end
    // (VOP3B has no ABS field, the 32-bit forms none at all).
    let mut bits = ModBits {
        abs: m.abs,
        neg: m.neg,
        clamp: m.clamp,
        omod: m.omod,
        op_sel: m.op_sel.unwrap_or(0),
    };
    let mut fixup: Option<Fixup> = None;
    let mut warnings = Vec::new();
    let llvm = fold;
    // SDWA's SEXT bits.
    let mut sext = 0u8;
    let mut op_of_field: [Option<usize>; 6] = [None; 6];
    for (s, o) in pairs.iter() {
        let Some((n, o)) = *o else { continue };
        op_of_field[s.field as usize] = Some(n);
        let is_src = s.field >= F_SRC && s.field < F_K;
        let k = s.field.wrapping_sub(F_SRC) as usize;
        // LLVM: abs()/neg() of a constant in an encoding without modifier bits fold into the
        // constant's value (`neg(0xbe22f983)` is 1/(2*pi)), where the source takes them in VOP3.
        // LLVM: a modifier the encoding has no bit for (NEG and ABS in the 32-bit forms, ABS in
        // VOP3B) folds into a constant's value (`neg(0xbe22f983)` is 1/(2*pi)); on a register,
        // VOP3B's ABS is taken and dropped, as llvm-mc 14 does.
        let vop3b = vop3 && d.form.is_vop3b();
        // Only the LLVM folding below asks (not per operand of every statement).
        let lm = || llvm_mods(d, arch);
        let bit = if is_src { 1u8 << k } else { 0 };
        let fold_neg = fold && is_src && o.neg && !vop3 && ext.is_none() && !o.sext;
        let fold_abs = fold && is_src && o.abs && !vop3 && ext.is_none();
        let folded;
        let o: &Operand = match o.kind {
            OpKind::Const(v) if fold_neg || fold_abs => {
                let lm = lm();
                let takes = llvm_has_e64(d, arch) && (!o.neg || lm.neg & bit != 0) && (!o.abs || lm.abs & bit != 0);
                let w = width_bits(s.ty);
                if !takes || (w == 64 && matches!(v, Value::Int(_))) {
                    errs.push(PErr {
                        start: o.start,
                        end: o.end,
                        msg: if takes {
                            "LLVM does not apply abs()/neg() to a 64-bit integer literal".into()
                        } else {
                            format!("LLVM does not accept this modifier on operand {k} of {}", d.llvm[ai])
                        },
                        help: None,
                    });
                    continue;
                }
                let b = match llvm_bits(v, s.ty) {
                    Ok(b) => fold_sign(b, s.ty, fold_abs, fold_neg),
                    Err(e) => {
                        *value_err = true;
                        errs.push(perr(o, e));
                        continue;
                    }
                };
                let value = match v {
                    Value::Float(_, k) if w == 64 => Value::Float(f64::from_bits(b), k),
                    _ if w == 64 => Value::Int(b as i64),
                    _ => Value::Int(((b << (64 - w)) as i64) >> (64 - w)),
                };
                folded = Operand {
                    kind: OpKind::Const(value),
                    neg: o.neg && !fold_neg,
                    abs: o.abs && !fold_abs,
                    ..(*o).clone()
                };
                &folded
            }
            // llvm-mc 14 refuses ABS on SRC0 and SRC2 of VOP3B but takes it on SRC1 and
            // encodes nothing.
            _ if fold && is_src && o.abs && vop3b && lm().neg & bit != 0 => {
                if k != 1 {
                    errs.push(perr(o, "ABS not allowed in VOP3B instructions (LLVM)".into()));
                    continue;
                }
                warnings.push(PErr {
                    start: o.start,
                    end: o.end,
                    msg: format!("VOP3B has no ABS bits: abs dropped on {} (as llvm-mc does)", d.llvm[ai]),
                    help: None,
                });
                folded = Operand {
                    abs: false,
                    ..(*o).clone()
                };
                &folded
            }
            _ => o,
        };
        // Source modifiers.
        if (o.neg || o.abs || o.sext) && ext.is_some() {
            if !is_src {
                errs.push(perr(o, "modifiers are allowed on sources only".into()));
                continue;
            }
            if let Some(msg) = ext_src_mod_err(d, arch, k, o, ext == Some(true), fold) {
                errs.push(perr(o, msg));
                continue;
            }
            if o.neg {
                bits.neg |= 1 << k;
            }
            if o.abs {
                bits.abs |= 1 << k;
            }
            if o.sext {
                sext |= 1 << k;
            }
        } else if o.neg || o.abs || o.sext {
            if !vop3 || !is_src {
                errs.push(perr(
                    o,
                    if vop3 {
                        "modifiers are allowed on sources only".into()
                    } else {
                        "a source modifier needs the VOP3 encoding".into()
                    },
                ));
                continue;
            }
            if o.sext && dialect != Dialect::Llvm {
                errs.push(PErr {
                    start: o.start,
                    end: o.end,
                    msg: "sext() is not a VOP3 modifier in the CLRX dialect".into(),
                    help: Some("LLVM spells the NEG bit of an integer source sext(); use --syntax llvm".into()),
                });
            }
            if o.abs && d.form.is_vop3b() {
                errs.push(perr(o, format!("{} is VOP3B: it has no ABS modifier", d.name[ai])));
            }
            if llvm {
                let lm = llvm_mods(d, arch);
                let bit = 1u8 << k;
                let ok =
                    (!o.neg || lm.neg & bit != 0) && (!o.abs || lm.abs & bit != 0) && (!o.sext || lm.sext & bit != 0);
                if !ok {
                    errs.push(PErr {
                        start: o.start,
                        end: o.end,
                        msg: format!(
                            "LLVM does not accept this modifier on {} operand {} of {}",
                            d.src[k].name(),
                            k,
                            d.llvm[ai]
                        ),
                        help: Some("the CLRX dialect (--syntax clrx) accepts ABS/NEG on any source".into()),
                    });
                }
            }
            if o.neg || o.sext {
                bits.neg |= 1 << k;
            }
            if o.abs {
                bits.abs |= 1 << k;
            }
        }
        let code = match &o.kind {
            OpKind::Reg(r) => match reg_code(arch, dialect, d, s, r) {
                // A `.regvar` register in a 9-bit source: clrxasm's field value 0 (not in
                // SDWA, whose sources are a VGPR field and a flag).
                Ok(_) if r.regvar && s.want == Want::Src && ext.is_none() => 0,
                Ok(c) => c,
                Err(msg) => {
                    let (msg, help) = msg;
                    errs.push(PErr {
                        start: o.start,
                        end: o.end,
                        msg,
                        help,
                    });
                    continue;
                }
            },
            OpKind::Const(v) | OpKind::Lit(v) => {
                let forced = matches!(o.kind, OpKind::Lit(_)) || clrx_suffix_literal(*v, s.ty, fold);
                // A float for a vector-ALU operand in CLRX text: clrxasm's reading of it (its
                // literal type, rounding).
                let clrx = match *v {
                    Value::Float(f, kind) if !fold && d.short.is_vop() => {
                        let own = clrx_float_type(d, arch, s.ty);
                        let lit = matches!(o.kind, OpKind::Lit(_)) || s.want == Want::K;
                        match clrx_float(arch, f, kind, own, lit) {
                            Ok(c) => Some(c),
                            Err(e) => {
                                *value_err = true;
                                errs.push(perr(o, e));
                                continue;
                            }
                        }
                    }
                    _ => None,
                };
                let literal_bits = |cty: Ty| match clrx {
                    Some(ClrxFloat::Literal(b)) => Ok(b),
                    _ => literal_bits_for(*v, cty, fold),
                };
                match s.want {
                    // clrxasm reads K as a plain expression: `lit()` is not parsed there.
                    Want::K if !fold && matches!(o.kind, OpKind::Lit(_)) => {
                        errs.push(perr(
                            o,
                            "K is always a literal: clrxasm takes no lit() here".to_string(),
                        ));
                        continue;
                    }
                    Want::K => {
                        match literal_bits(s.ty) {
                            Ok(l) => set_literal(&mut i, l, o, &mut errs),
                            Err(e) => {
                                *value_err = true;
                                errs.push(perr(o, e))
                            }
                        }
                        continue;
                    }
                    Want::Src | Want::Scalar8 => {}
                    _ => {
                        errs.push(perr(
                            o,
                            format!("{} operand {} must be a register", d.name[ai], slot_name(s)),
                        ));
                        continue;
                    }
                }
                // The type LLVM reads the constant as (a 32-bit SRC0 of its V_MADMK_F16).
                let cty = if fold && k == 0 && d.flags.has(Flags::LLVM_SRC0_32) {
                    Ty::F32
                } else {
                    s.ty
                };
                // llvm-mc 14 takes an integer for a 16-bit integer operand of VOP3 as it is
                // written: only -16..64 is inline there (0xffff is not -1).
                let raw16 = fold
                    && vop3
                    && s.ty.is_16()
                    && !s.ty.is_float()
                    && matches!(v, Value::Int(x) if !(-16..=64).contains(x));
                // `neg(2.0)` on a constant: keep the constant, set the NEG bit (done above).
                let inline = match clrx {
                    Some(ClrxFloat::Inline(c)) => Some(c),
                    Some(ClrxFloat::Literal(_)) => None,
                    None => (!forced && !raw16).then(|| inline_code(arch, *v, cty, fold)).flatten(),
                };
                match inline {
                    Some(c) => c,
                    None => {
                        if ext.is_some() {
                            errs.push(perr(
                                o,
                                format!(
                                    "{} is not an inline constant and SDWA/DPP have no literal",
                                    show_value(*v)
                                ),
                            ));
                            continue;
                        }
                        if vop3 || s.want == Want::Scalar8 || k != 0 {
                            let what = if vop3 {
                                "VOP3 has no literal on these GPUs"
                            } else {
                                "only SRC0 can be a literal"
                            };
                            errs.push(PErr {
                                start: o.start,
                                end: o.end,
                                msg: format!("{} is not an inline constant and {what}", show_value(*v)),
                                help: Some(if vop3 && d.e32[ai] != X {
                                    "VOP3 was needed here; only the 32-bit form takes a literal, in SRC0 with a VGPR in SRC1 and no modifiers. Inline constants: integers -16..64, ±0.5, ±1.0, ±2.0, ±4.0 (1/(2*pi) on GCN 1.2+)".into()
                                } else {
                                    "inline constants are integers -16..64 and ±0.5, ±1.0, ±2.0, ±4.0 (and 1/(2*pi) on GCN 1.2+); move the value into a register".into()
                                }),
                            });
                            continue;
                        }
                        match literal_bits(cty) {
                            Ok(l) => set_literal(&mut i, l, o, &mut errs),
                            Err(e) => {
                                *value_err = true;
                                errs.push(perr(o, e))
                            }
                        }
                        255
                    }
                }
            }
            OpKind::Forward(name) | OpKind::LitForward(name) => {
                let literal_ok = matches!(s.want, Want::K) || (!vop3 && ext.is_none() && s.want == Want::Src && k == 0);
                if !literal_ok {
                    errs.push(PErr {
                        start: o.start,
                        end: o.end,
                        msg: format!("{} is not defined", super::scopes::shown_name(name)),
                        help: Some("define it before this line (a symbol defined later can only be a 32-bit literal in SRC0 or MADMK/MADAK's constant)".into()),
                    });
                    continue;
                }
                set_literal(&mut i, 0, o, &mut errs);
                fixup = Some(Fixup {
                    symbol: name.clone(),
                    word: i.fields().layout.words as usize,
                    kind: FixupKind::Literal(s.ty),
                    start: o.start,
                    end: o.end,
                });
                if s.want == Want::K {
                    continue;
                }
                255
            }
        };
        write_slot(&mut i, s, code);
    }
    // The 32-bit forms keep VSRC1 as 256 + VGPR in `src[1]`; the Scalar8 lane select is 8-bit.
    if !errs.is_empty() {
        return Err(errs);
    }
    // Modifiers the encoding or the row does not have.
    let nsrc = if matches!(d.form, Form::Madmk | Form::Madak) && vop3 {
        3
    } else {
        d.form.nsrc()
    };
    let mod_err = |msg: String| PErr {
        start: mn_span.0,
        end: mn_span.1,
        msg,
        help: None,
    };
    let at_err = |at: Option<(usize, usize)>, msg: String| {
        let (start, end) = at.unwrap_or(mn_span);
        PErr {
            start,
            end,
            msg,
            help: None,
        }
    };
    if let Some(dpp) = ext {
        ext_fields(&mut i, d, m, dpp, llvm, &mut bits, sext, &mut errs);
    } else if !vop3 && (bits.clamp || bits.omod != 0 || bits.op_sel != 0 || bits.abs != 0 || bits.neg != 0) {
        errs.push(mod_err("modifiers need the VOP3 encoding (drop _e32 / vop3:0)".into()));
    }
    if vop3 {
        if i.enc == Enc::Vop3b && bits.abs != 0 {
            errs.push(mod_err(format!("{} is VOP3B: it has no ABS modifier", d.name[ai])));
        }
        if m.op_sel.is_some() && !arch.is_gcn14() {
            errs.push(at_err(
                m.op_sel_at,
                format!("op_sel exists on GCN 1.4 only, not on {arch}"),
            ));
        }
        if bits.op_sel != 0 && i.enc == Enc::Vop3b {
            errs.push(at_err(m.op_sel_at, "op_sel is not available in VOP3B".into()));
        }
        if bits.clamp && i.enc == Enc::Vop3b && !arch.is_vi_plus() {
            if llvm && llvm_mods(d, arch).clamp {
                // llvm-mc 14 takes it on the float VOP3B ops and encodes nothing.
                warnings.push(at_err(
                    m.clamp_at,
                    format!("VOP3B has no CLAMP bit on {arch}: clamp dropped (as llvm-mc does)"),
                ));
                bits.clamp = false;
            } else {
                errs.push(at_err(m.clamp_at, format!("CLAMP in VOP3B does not exist on {arch}")));
            }
        }
        if llvm {
            let lm = llvm_mods(d, arch);
            if bits.clamp && !lm.clamp {
                errs.push(at_err(
                    m.clamp_at,
                    format!("LLVM does not accept clamp on {} ({arch})", d.llvm[ai]),
                ));
            }
            if bits.omod != 0 && !lm.omod {
                errs.push(at_err(
                    m.omod_at,
                    format!("LLVM does not accept mul:/div: on {}", d.llvm[ai]),
                ));
            }
            if m.op_sel.is_some() && !lm.op_sel {
                errs.push(at_err(
                    m.op_sel_at,
                    format!("LLVM does not accept op_sel on {}", d.llvm[ai]),
                ));
            }
            if (bits.neg | bits.abs) >> nsrc != 0 {
                errs.push(mod_err(format!("{} has {nsrc} sources", d.llvm[ai])));
            }
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    // CLRX's raw-field notes for operands the instruction lacks.
    if vop3 {
        for k in 0..3 {
            if let Some(v) = m.raw_src[k] {
                if k < nsrc {
                    errs.push(mod_err(format!(
                        "src{k} is an operand of {}; its field cannot be set raw",
                        d.name[ai]
                    )));
                } else {
                    i.set_src(k, v);
                }
            }
        }
        if let Some(v) = m.raw_op_sel {
            bits.op_sel = v;
        }
        if let Some(v) = m.raw_dst {
            if d.form == Form::Nop {
                i.set_vdst(v);
            } else {
                errs.push(mod_err(format!(
                    "the destination is an operand of {}; its field cannot be set raw",
                    d.name[ai]
                )));
            }
        }
        if !errs.is_empty() {
            return Err(errs);
        }
    }
    // The 32-bit V_NOP's VDST and SRC0 fields, written raw (CLRX's notes).
    if !vop3 && (m.raw_dst.is_some() || m.raw_src[0].is_some()) {
        if d.form != Form::Nop {
            return Err(vec![mod_err(format!(
                "{} has those operands: their fields cannot be set raw",
                d.name[ai]
            ))]);
        }
        if let Some(v) = m.raw_dst {
            i.set_vdst(v);
        }
        if let Some(v) = m.raw_src[0] {
            i.set_src(0, v);
        }
    }
    if ext.is_none() {
        bits.write(&mut i);
    }
    // The operand rules (constant bus, LDS_DIRECT, registers of the arch).
    let policy = match dialect {
        Dialect::Llvm => rules::Policy::Llvm,
        Dialect::Clrx => rules::Policy::Clrx,
        Dialect::Auto => rules::Policy::Seed,
    };
    // The operand list, made once for every check below.
    let layout = crate::layout::operands(&i, d);
    let v = rules::check_ops(&i, d, policy, &layout);
    // The source span of operand `n` of the layout (the mnemonic's for an implicit one).
    let span_of = |n: usize| {
        let field = layout.as_slice().get(n).map(|s| match s.role {
            crate::layout::Role::Vdst => F_VDST,
            crate::layout::Role::Sdst if !vop3 || i.enc != Enc::Vop3b => {
                if d.form == Form::Cmp || d.form == Form::ReadLane {
                    F_VDST
                } else {
                    F_SDST
                }
            }
            crate::layout::Role::Sdst => F_SDST,
            crate::layout::Role::Src(k) => F_SRC + k,
            // K, and the scalar classes' roles (not selected here).
            _ => F_K,
        });
        let o = field.and_then(|f| op_of_field[f as usize]).and_then(|n| ops_in.get(n));
        o.map(|o| (o.start, o.end)).unwrap_or(mn_span)
    };
    if !v.is_empty() {
        for viol in v.iter() {
            let (start, end) = span_of(viol.operand());
            errs.push(violation_err(viol, d, arch, start, end, ops_in));
        }
        return Err(errs);
    }
    // clrxasm takes a second scalar value that the hardware's constant bus cannot carry (M0,
    // EXEC, a TTMP or a literal beside an SGPR): the words as clrxasm writes them, and a warning.
    if policy == rules::Policy::Clrx && rules::bus_reads_two_ops(&i, d, &layout) {
        let strict = rules::check_ops(&i, d, rules::Policy::Llvm, &layout);
        let bus = strict.iter().find(|x| matches!(x, Violation::ConstantBus { .. }));
        if let Some(viol) = bus {
            let (start, end) = span_of(viol.operand());
            warnings.push(PErr {
                start,
                end,
                msg: format!(
                    "{} reads a second scalar value here; the constant bus carries one (clrxasm takes it, llvm-mc does not)",
                    d.name[ai]
                ),
                help: None,
            });
        }
    }
    // What llvm-mc refuses beyond those rules.
    if fold {
        if let Some((n, why)) = rules::llvm_check_ops(&i, d, &layout) {
            let (start, end) = span_of(n);
            errs.push(PErr {
                start,
                end,
                msg: format!("{why} (LLVM)"),
                help: None,
            });
            return Err(errs);
        }
    }
    Ok(Selected {
        instr: i,
        fixups: fixup.into_iter().collect(),
        warnings,
    })
}

/// Writes operand code `code` into the field of slot `s` (the one write of an operand, shared
/// with the encoding plans, which check their shifts against it).
#[inline]
pub(super) fn write_slot(i: &mut Instr, s: &SlotSpec, code: u16) {
    match s.field {
        F_VDST => i.set_vdst(if s.want == Want::Vgpr { code - 256 } else { code }),
        F_SDST => i.set_sdst(code),
        F_K => {}
        f => i.set_src((f - F_SRC) as usize, code),
    }
}

/// Does row `d` take its VOP3 form on `arch` in this dialect (`fold`: LLVM's)? llvm-mc 14 has
/// no VOP3 form of V_MADMK/V_MADAK, nor of V_READLANE/V_WRITELANE where their 32-bit form
/// exists; clrxasm refuses V_MADMK/V_MADAK's too ("Literal in VOP3 encoding is illegal": it
/// takes K for a literal there).
pub(super) fn has_e64(d: &InstrDef, arch: Arch, fold: bool) -> bool {
    d.e64[arch.index()] != X && (!fold || llvm_has_e64(d, arch)) && !matches!(d.form, Form::Madmk | Form::Madak)
}

/// The slots of an SDWA/DPP form: the 32-bit form's, with GCN 1.4 SDWA's scalar and constant
/// sources and VOPC destination.
fn ext_slots(specs: &mut Slots, d: &InstrDef, arch: Arch, dpp: bool) {
    let scalar_srcs = !dpp && arch.is_gcn14();
    for s in specs.items[..specs.len].iter_mut() {
        match s.field {
            F_SRC | 3 if matches!(s.want, Want::Src | Want::Vgpr) => {
                s.want = if scalar_srcs { Want::Src } else { Want::Vgpr };
            }
            F_SDST if d.form == Form::Cmp && scalar_srcs => s.want = Want::Scalar,
            _ => {}
        }
    }
}

/// Why a source modifier cannot go on source `k` of this SDWA/DPP form (`None`: it can).
fn ext_src_mod_err(d: &InstrDef, arch: Arch, k: usize, o: &Operand, dpp: bool, llvm: bool) -> Option<String> {
    let _ = arch;
    if o.sext && dpp {
        return Some("DPP has no sext()".into());
    }
    if llvm {
        let (float, _) = crate::syntax::ext::llvm_src_mods(d, k);
        if (o.neg || o.abs) && !float {
            return Some(format!(
                "LLVM takes -x and |x| on float sources only here ({} source {k} is {}); sext() for integers",
                d.llvm[arch.index()],
                d.src[k].name()
            ));
        }
        if o.sext && float {
            return Some(format!(
                "LLVM takes sext() on integer sources only ({} source {k} is {})",
                d.llvm[arch.index()],
                d.src[k].name()
            ));
        }
    }
    None
}

/// Writes the SDWA/DPP control dword of `i` from the statement's modifiers (each dialect's
/// defaults for what is not written) and the source modifier bits.
#[allow(clippy::too_many_arguments)]
fn ext_fields(
    i: &mut Instr,
    d: &InstrDef,
    m: &Mods,
    dpp: bool,
    llvm: bool,
    bits: &mut ModBits,
    sext: u8,
    errs: &mut Vec<PErr>,
) {
    use crate::syntax::ext::{DPP_IDENTITY, SEL_DWORD};
    let at = |span: Option<(usize, usize)>, msg: String| {
        let (start, end) = span.or(m.ext_at).unwrap_or((0, 0));
        PErr {
            start,
            end,
            msg,
            help: None,
        }
    };
    let fl = i.fields();
    let sext = sext | m.sdwa.sext;
    if dpp && sext != 0 {
        errs.push(at(None, "SEXT is unavailable for the DPP word".into()));
    }
    i.set_src_mods(bits.abs, bits.neg, sext);
    if dpp {
        if bits.clamp || bits.omod != 0 {
            errs.push(at(
                m.clamp_at.or(m.omod_at),
                "DPP has no clamp or output modifier".into(),
            ));
        }
        i.set(F::DppCtrl, m.dpp.ctrl.map_or(DPP_IDENTITY, |c| c as u32));
        i.set(F::RowMask, m.dpp.row_mask.unwrap_or(15) as u32);
        i.set(F::BankMask, m.dpp.bank_mask.unwrap_or(15) as u32);
        i.set(F::BoundCtrl, m.dpp.bound_ctrl as u32);
        return;
    }
    if bits.clamp && !fl.has(F::Clamp) {
        errs.push(at(m.clamp_at, "GCN 1.4's VOPC SDWA has no clamp".into()));
    }
    if bits.omod != 0 && !fl.has(F::Omod) {
        errs.push(at(m.omod_at, format!("SDWA has no output modifier on {}", i.arch)));
    }
    i.set(F::Clamp, bits.clamp as u32);
    i.set(F::Omod, bits.omod as u32);
    let vopc = i.enc == Enc::VopcSdwa;
    let dst_given = m.sdwa.dst_sel.is_some() || m.sdwa.dst_unused.is_some();
    if fl.has(F::DstSel) && !(vopc && llvm) {
        let unused_default = if llvm && !vopc { 2 } else { 0 };
        i.set(F::DstSel, m.sdwa.dst_sel.map_or(SEL_DWORD, |v| v as u32));
        i.set(F::DstUnused, m.sdwa.dst_unused.unwrap_or(unused_default) as u32);
    } else if dst_given {
        errs.push(at(
            m.sdwa.dst_at,
            format!(
                "{} has no destination select in SDWA{}",
                d.name[i.arch.index()],
                if llvm { " (LLVM)" } else { "" }
            ),
        ));
    }
    i.set(F::Src0Sel, m.sdwa.src_sel[0].map_or(SEL_DWORD, |v| v as u32));
    if fl.has(F::Src1Sel) {
        i.set(F::Src1Sel, m.sdwa.src_sel[1].map_or(SEL_DWORD, |v| v as u32));
    } else if m.sdwa.src_sel[1].is_some() {
        errs.push(at(
            None,
            format!("{} has one source: no src1_sel", d.name[i.arch.index()]),
        ));
    }
    // GCN 1.4's VOPC: VCC is SD clear, any other pair SD set with SDST.
    if vopc && fl.has(F::Sd) {
        let sdst = i.get(F::Sdst);
        i.set(F::Sd, (sdst != 106) as u32);
        if sdst == 106 {
            i.set(F::Sdst, 0);
        }
    }
}

/// VOP3 modifier bits gathered from a statement.
struct ModBits {
    abs: u8,
    neg: u8,
    clamp: bool,
    omod: u8,
    op_sel: u8,
}

impl ModBits {
    /// Writes the bits into `i`, whose modifier fields are still zero (an instruction made by
    /// [`Instr::new`] with only its operands set): with no modifier, nothing to write.
    fn write(&self, i: &mut Instr) {
        if self.abs == 0 && self.neg == 0 && !self.clamp && self.omod == 0 && self.op_sel == 0 {
            debug_assert!([F::Abs, F::Neg, F::Clamp, F::Omod, F::OpSel]
                .iter()
                .all(|&f| i.get(f) == 0));
            return;
        }
        i.set(F::Abs, self.abs as u32);
        i.set(F::Neg, self.neg as u32);
        i.set(F::Clamp, self.clamp as u32);
        i.set(F::Omod, self.omod as u32);
        i.set(F::OpSel, self.op_sel as u32);
    }
}

fn set_literal(i: &mut Instr, l: u32, o: &Operand, errs: &mut Vec<PErr>) {
    match i.literal {
        Some(prev) if prev != l => errs.push(PErr {
            start: o.start,
            end: o.end,
            msg: format!("a second literal ({l:#x}, after {prev:#x}): an instruction has one literal dword"),
            help: None,
        }),
        _ => i.push_literal(l),
    }
}

pub(super) fn show_value(v: Value) -> String {
    match v {
        Value::Int(i) if !(-1024..=1024).contains(&i) => format!("{i:#x}"),
        Value::Int(i) => i.to_string(),
        Value::Float(f, _) if f != 0.0 && !(1e-4..1e6).contains(&f.abs()) => format!("{f:e}"),
        Value::Float(f, _) => format!("{f}"),
    }
}

fn slot_name(s: &SlotSpec) -> &'static str {
    match s.field {
        F_VDST => "vdst",
        F_SDST => "sdst",
        2 => "src0",
        3 => "src1",
        4 => "src2",
        _ => "k",
    }
}

fn describe(d: &InstrDef, specs: &[SlotSpec]) -> String {
    let _ = d;
    specs
        .iter()
        .map(|s| {
            let w = if s.regs > 1 {
                format!("({})", s.regs)
            } else {
                String::new()
            };
            let name = match s.want {
                Want::Vcc => "vcc".to_string(),
                Want::K => "K".to_string(),
                _ => slot_name(s).to_uppercase(),
            };
            if s.optional {
                format!("[{name}{w}]")
            } else {
                format!("{name}{w}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The code of register operand `r` in slot `s`, checking its kind and width.
fn reg_code(
    arch: Arch,
    dialect: Dialect,
    d: &InstrDef,
    s: &SlotSpec,
    r: &Reg,
) -> Result<u16, (String, Option<String>)> {
    let code = r.code;
    let src = classify(arch, code);
    let is_vgpr = code >= 256;
    let register_like = matches!(src, Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) | Src::Vgpr(_));
    if matches!(src, Src::Invalid) {
        return Err((format!("this register does not exist on {arch}"), None));
    }
    if s.want == Want::K {
        return Err(("K is a constant (the literal dword), not a register".into(), None));
    }
    match s.want {
        Want::Vgpr if !is_vgpr => {
            let help = if s.field == F_SRC + 1 {
                Some(
                    "the 32-bit encoding takes only a VGPR here; use the VOP3 form (_e64) for an SGPR or a constant"
                        .to_string(),
                )
            } else {
                None
            };
            return Err((format!("{} must be a VGPR", slot_name(s)), help));
        }
        Want::Vcc if !(code == 106 && r.count == 2) => {
            return Err((
                "the 32-bit encoding fixes this operand to vcc".into(),
                Some("use the VOP3 form (_e64) for another SGPR pair".into()),
            ));
        }
        Want::Scalar | Want::Scalar8 if is_vgpr => {
            return Err((format!("{} must be a scalar register", slot_name(s)), None))
        }
        _ => {}
    }
    if s.want == Want::Scalar8 && code > 255 {
        return Err(("this operand is an SGPR, M0 or an inline constant".into(), None));
    }
    // Width.
    let mut want = s.regs as u16;
    if d.flags.has(Flags::CLASS)
        && s.field == F_SRC + 1
        && r.count == 2
        && d.src[0].regs() == 2
        && dialect != Dialect::Llvm
    {
        want = 2; // CLRX writes the class mask of V_CMP_CLASS_F64 as a pair
    }
    if register_like && r.count != want && !r.any_width {
        let name = if is_vgpr { "VGPR" } else { "scalar register" };
        return Err((
            format!(
                "{} needs {want} {name}{} here, got {}",
                d.name[arch.index()],
                if want > 1 { "s" } else { "" },
                r.count
            ),
            Some(format!("operand {} is {}-bit", slot_name(s), want * 32)),
        ));
    }
    // Alignment of scalar ranges (not for CLRX's pair spelling of a 32-bit class mask).
    let class_pair = want == 2 && s.regs == 1;
    if register_like && !is_vgpr && r.count > 1 && !class_pair {
        match dialect {
            Dialect::Llvm => {
                if !code.is_multiple_of(2) {
                    return Err((
                        "a 64-bit scalar register pair must start at an even register (LLVM)".into(),
                        None,
                    ));
                }
            }
            _ => {
                if !rules::clrx_scalar_range_ok(code, r.count, sgpr_count(arch)) {
                    return Err((
                        "a scalar register range may not cross a 4-register boundary".into(),
                        None,
                    ));
                }
            }
        }
    }
    if matches!(src, Src::Sgpr(_)) && code + r.count > sgpr_count(arch) {
        return Err((format!("SGPRs end at s{} on {arch}", sgpr_count(arch) - 1), None));
    }
    Ok(code)
}

fn violation_err(v: Violation, d: &InstrDef, arch: Arch, start: usize, end: usize, ops: &[Operand]) -> PErr {
    let _ = ops;
    match v {
        Violation::ConstantBus { .. } => PErr {
            start,
            end,
            msg: format!(
                "{} can read one scalar value (SGPR, VCC, M0, EXEC... or a literal); this is a second one",
                d.name[arch.index()]
            ),
            help: Some("move one of them into a VGPR first (v_mov_b32)".into()),
        },
        Violation::LdsDirectNotSrc0 { .. } => PErr {
            start,
            end,
            msg: "lds_direct can only be SRC0".into(),
            help: None,
        },
        Violation::NoSuchOperand { .. } => PErr {
            start,
            end,
            msg: format!("this operand does not exist on {arch}"),
            help: None,
        },
        Violation::RangeOverflow { .. } => PErr {
            start,
            end,
            msg: "register range runs past the end of its file".into(),
            help: None,
        },
        Violation::NotWritable { .. } => PErr {
            start,
            end,
            msg: "a destination must be a register".into(),
            help: None,
        },
        Violation::MisplacedLiteral { .. } => PErr {
            start,
            end,
            msg: "VOP3 has no literal on these GPUs".into(),
            help: None,
        },
    }
}

/// CLRX's names for unused opcodes (`VOP2_ill_50 v1, v2, v3`, `VOPC_ill_137 vcc, ...`,
/// `VOP3A_ill_306 v55, s27, -v90, s0`): the word with that opcode and those fields.
fn select_illegal(
    arch: Arch,
    enc: Enc,
    opcode: u16,
    span: (usize, usize),
    ops: &[Operand],
    mods: &[Modifier],
) -> Result<Instr, Vec<PErr>> {
    let t = isa();
    let perr = |start: usize, end: usize, msg: String| PErr {
        start,
        end,
        msg,
        help: None,
    };
    let (limit, used) = match enc {
        Enc::Vop2 => (64, t.vop2(arch, opcode as u32)),
        Enc::Vopc => (256, t.vopc(arch, opcode as u32)),
        Enc::Vop1 => (256, t.by_opcode(Enc::Vop1, arch, opcode as u32)),
        _ => (if arch.is_vi_plus() { 1024 } else { 512 }, t.vop3(arch, opcode as u32)),
    };
    if opcode >= limit {
        return Err(vec![perr(span.0, span.1, format!("opcode {opcode} is out of range"))]);
    }
    if let Some(id) = used {
        return Err(vec![perr(
            span.0,
            span.1,
            format!("opcode {opcode} is {} on {arch}", t.def(id).name[arch.index()]),
        )]);
    }
    let vop3 = enc == Enc::Vop3a;
    let cmp = enc == Enc::Vopc || (vop3 && opcode < 256);
    let nsrc = match enc {
        Enc::Vop1 => 1,
        _ if vop3 && !cmp => 3,
        _ => 2,
    };
    if ops.len() != nsrc + 1 {
        return Err(vec![perr(
            span.0,
            span.1,
            format!("this form takes {} operands", nsrc + 1),
        )]);
    }
    let mut errs = Vec::new();
    let m = gather(mods, nsrc, &mut errs);
    if !vop3 && (m.needs_vop3 || m.vop3.is_some()) {
        errs.push(perr(span.0, span.1, "a 32-bit word has no modifiers".into()));
    }
    let mut i = Instr::new(arch, enc);
    i.set_opcode(opcode);
    let mut bits = ModBits {
        abs: m.abs,
        neg: m.neg,
        clamp: m.clamp,
        omod: m.omod,
        op_sel: m.op_sel.or(m.raw_op_sel).unwrap_or(0),
    };
    for (n, o) in ops.iter().enumerate() {
        let code = match &o.kind {
            OpKind::Reg(r) => r.code,
            OpKind::Const(v) | OpKind::Lit(v) => match inline_code(arch, *v, Ty::B32, false) {
                Some(c) if !matches!(o.kind, OpKind::Lit(_)) => c,
                _ if !vop3 && n == 1 => match literal_bits(*v, Ty::B32) {
                    Ok(l) => {
                        i.push_literal(l);
                        255
                    }
                    Err(e) => {
                        errs.push(perr(o.start, o.end, e));
                        continue;
                    }
                },
                _ => {
                    errs.push(perr(o.start, o.end, "not an inline constant".into()));
                    continue;
                }
            },
            OpKind::Forward(name) | OpKind::LitForward(name) => {
                errs.push(perr(
                    o.start,
                    o.end,
                    format!("{} is not defined", super::scopes::shown_name(name)),
                ));
                continue;
            }
        };
        if (o.neg || o.abs) && (!vop3 || n == 0) {
            errs.push(perr(o.start, o.end, "no modifier here".into()));
        }
        if n > 0 {
            if o.neg || o.sext {
                bits.neg |= 1 << (n - 1);
            }
            if o.abs {
                bits.abs |= 1 << (n - 1);
            }
        }
        match (n, vop3) {
            (0, false) if cmp => {
                if code != 106 {
                    errs.push(perr(o.start, o.end, "the 32-bit compare writes vcc".into()));
                }
            }
            (0, false) if code >= 256 => i.set_vdst(code - 256),
            (0, true) if cmp && code < 256 => i.set_vdst(code),
            (0, true) if code >= 256 => i.set_vdst(code - 256),
            (0, _) => errs.push(perr(o.start, o.end, "bad destination".into())),
            (2, false) if code < 256 => errs.push(perr(o.start, o.end, "VSRC1 must be a VGPR".into())),
            (k, _) => i.set_src(k - 1, code),
        }
    }
    for k in nsrc..3 {
        if let Some(v) = m.raw_src[k] {
            i.set_src(k, v);
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    bits.write(&mut i);
    Ok(i)
}

/// `f` rounded once to half precision (to nearest, ties to even), as llvm-mc and clrxasm
/// round a literal. Not `half::f16::from_f64`: with F16C it rounds through single precision
/// first, and its software path drops the double's low 32 bits before rounding, so both
/// round `1 + 2^-11 + 2^-40` (a tie at half precision but for a tail) down. The low bits,
/// all below the half's rounding bit, are folded into the lowest bit the software path reads.
fn f16_of(f: f64) -> half::f16 {
    let b = f.to_bits();
    half::f16::from_f64_const(f64::from_bits(b | ((b as u32 != 0) as u64) << 32))
}

#[cfg(test)]
mod tests {
    use super::f16_of;

    /// Round to nearest, ties to even, checked against the two halves around `f` (exact as
    /// doubles): doubles in half's range with random tails, many of them ties at half
    /// precision with a tail in the double's low 32 bits.
    #[test]
    fn half_literals_round_once() {
        let mut next = crate::test_rng(0x05ee_df16);
        for k in 0..200_000 {
            let r = next();
            // An exponent of half's normal and subnormal range; ties and ties with a tail.
            let exp = 1023 - 26 + (r % 42);
            let man = match k % 3 {
                0 => next() & ((1 << 52) - 1),
                1 => (next() & !((1 << 42) - 1) & ((1 << 52) - 1)) | 1 << 41,
                _ => (next() & !((1 << 42) - 1) & ((1 << 52) - 1)) | 1 << 41 | (next() & 0xffff_ffff | 1),
            };
            let f = f64::from_bits(exp << 52 | man);
            let h = f16_of(f);
            let v = h.to_f64_const();
            let (lo, hi) = if v <= f {
                (h, half::f16::from_bits(h.to_bits() + 1))
            } else {
                (half::f16::from_bits(h.to_bits() - 1), h)
            };
            // (Past the largest half, infinity stands where 2^16 would be: IEEE's rounding.)
            let hv = if hi.is_infinite() { 65536.0 } else { hi.to_f64_const() };
            let (dl, dh) = (f - lo.to_f64_const(), hv - f);
            assert!(dl >= 0.0 && dh >= 0.0, "{f:e}: {h} is not next to it");
            let want = if dl < dh || (dl == dh && lo.to_bits() & 1 == 0) {
                lo
            } else {
                hi
            };
            assert_eq!(h.to_bits(), want.to_bits(), "{f:e} ({:#018x})", f.to_bits());
        }
    }
}
