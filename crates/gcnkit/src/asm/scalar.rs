//! From a parsed statement to a scalar instruction (SOP2, SOPK, SOP1, SOPC, SOPP, SMRD,
//! SMEM): each operand of the row's form goes to its field, checked as llvm-mc 14 and clrxasm
//! check it (register kind, width and alignment, one literal, SIMM16 ranges, branch targets,
//! scalar memory offsets); then the trailing modifiers (`glc`, `nv`, `offset:`, CLRX's
//! `name=value` notes for fields without an operand).

use super::parse::{ModVal, Modifier, OpKind, Operand, PErr, Reg, Value};
use super::select::{inline_code, literal_bits_for, show_value, Fixup, FixupKind, Selected};
use super::Dialect;
use crate::arch::Arch;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{isa, DefId, Flags, Form, InstrDef, Ty};
use crate::layout::{scalar_aligned, unused_fields};
use crate::operand::{classify, sgpr_count, Src};
use crate::syntax::special;
pub(super) use crate::syntax::special::{parse_with as parse_special, Kind, SpecErr};

/// Where the statement is: what a branch target is relative to, and which names are labels.
pub struct Ctx<'a> {
    /// Byte offset of the instruction.
    pub offset: usize,
    /// The statement's source line (operand spans index into it).
    pub src: &'a str,
    /// Is this name a label (defined so far)?
    pub is_label: &'a dyn Fn(&str) -> bool,
    /// The value of a symbol defined so far.
    pub symbol: &'a dyn Fn(&str) -> Option<Value>,
    /// Is this name a label of another section?
    pub other_section: &'a dyn Fn(&str) -> bool,
    /// The current section.
    pub section: usize,
}

/// Which operands of a form are written in a special syntax (read before the generic operand
/// parser, which would not understand `vmcnt(0) & lgkmcnt(0)`).
pub(super) fn special_operands(form: Form) -> [Option<Kind>; 2] {
    match form {
        Form::PWaitcnt => [Some(Kind::Waitcnt), None],
        Form::PSendmsg => [Some(Kind::Sendmsg), None],
        Form::PGprIdx => [Some(Kind::GprIdx), None],
        Form::KSetReg | Form::KSetRegImm => [Some(Kind::Hwreg), None],
        Form::KGetReg => [None, Some(Kind::Hwreg)],
        Form::CGprIdx => [None, Some(Kind::GprIdx)],
        _ => [None, None],
    }
}

/// The special syntax of a form's special operand.
fn special_kind(form: Form) -> Kind {
    match form {
        Form::PWaitcnt => Kind::Waitcnt,
        Form::PSendmsg => Kind::Sendmsg,
        Form::PGprIdx | Form::CGprIdx => Kind::GprIdx,
        _ => Kind::Hwreg,
    }
}

/// What one operand of a scalar form is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    /// A scalar destination of `regs` registers in field `F`.
    Dst(F, u8),
    /// A scalar source (9-bit space: registers, constants, the literal) in field `F`, of the
    /// row's source type `k`.
    Src(F, usize),
    /// A register read through SDST (S_CMPK_*, S_SETREG_B32, S_CBRANCH_I_FORK).
    SdstSrc(usize),
    /// SIMM16 (typed by the row's source 1: signed or unsigned 16 bits).
    Simm,
    /// A branch target in SIMM16.
    Label,
    /// A special-syntax value (hwreg, sendmsg, waitcnt, GPR index mode) in field `F`.
    Special(F),
    /// S_SETREG_IMM32_B32's dword.
    Imm32,
    /// Scalar memory: the data registers (destination or source).
    Data,
    Base,
    Offset,
    /// S_ATC_PROBE's probe bits (in SDATA).
    Probe,
}

/// At most three operands: kept on the stack, no allocation per instruction.
struct Ops {
    items: [Op; 3],
    len: usize,
}

impl Ops {
    fn of(ops: &[Op]) -> Ops {
        let mut items = [Op::Data; 3];
        items[..ops.len()].copy_from_slice(ops);
        Ops { items, len: ops.len() }
    }

    fn push(&mut self, op: Op) {
        self.items[self.len] = op;
        self.len += 1;
    }
}

impl std::ops::Deref for Ops {
    type Target = [Op];
    fn deref(&self) -> &[Op] {
        &self.items[..self.len]
    }
}

/// The operands of a scalar form, in assembly order.
fn ops_of(d: &InstrDef) -> Ops {
    let dst = Op::Dst(F::Sdst, d.dst.regs());
    let s0 = Op::Src(F::Ssrc0, 0);
    let s1 = Op::Src(F::Ssrc1, 1);
    match d.form {
        Form::S2 => Ops::of(&[dst, s0, s1]),
        Form::S2NoDst | Form::C => Ops::of(&[s0, s1]),
        Form::S1 => Ops::of(&[dst, s0]),
        Form::S1NoDst => Ops::of(&[s0]),
        Form::S1NoSrc => Ops::of(&[dst]),
        Form::K => Ops::of(&[dst, Op::Simm]),
        Form::KCmp => Ops::of(&[Op::SdstSrc(0), Op::Simm]),
        Form::KFork => Ops::of(&[Op::SdstSrc(0), Op::Label]),
        Form::KGetReg => Ops::of(&[dst, Op::Special(F::Simm16)]),
        Form::KSetReg => Ops::of(&[Op::Special(F::Simm16), Op::SdstSrc(0)]),
        Form::KSetRegImm => Ops::of(&[Op::Special(F::Simm16), Op::Imm32]),
        Form::KCall => Ops::of(&[dst, Op::Label]),
        Form::CGprIdx => Ops::of(&[s0, Op::Special(F::Ssrc1)]),
        Form::P0 => Ops::of(&[]),
        Form::PImm => Ops::of(&[Op::Simm]),
        Form::PLabel => Ops::of(&[Op::Label]),
        Form::PWaitcnt | Form::PSendmsg | Form::PGprIdx => Ops::of(&[Op::Special(F::Simm16)]),
        Form::MLoad | Form::MStore | Form::MAtomic => Ops::of(&[Op::Data, Op::Base, Op::Offset]),
        Form::MTime => Ops::of(&[Op::Data]),
        Form::MNone => Ops::of(&[]),
        Form::MProbe => Ops::of(&[Op::Probe, Op::Base, Op::Offset]),
        Form::MDiscard => Ops::of(&[Op::Base, Op::Offset]),
        _ => Ops::of(&[]),
    }
}

/// The operand text of a scalar form, for messages.
fn describe(ops: &[Op], form: Form) -> String {
    ops.iter()
        .map(|o| match o {
            Op::Special(_) => match special_kind(form) {
                Kind::Waitcnt => "vmcnt(N) expcnt(N) lgkmcnt(N)",
                Kind::Hwreg => "hwreg(REG, OFFSET, SIZE)",
                Kind::Sendmsg => "sendmsg(MSG[, OP[, STREAM]])",
                Kind::GprIdx => "GPR_IDX",
            },
            Op::Dst(..) => "SDST",
            Op::Src(_, 0) | Op::SdstSrc(_) => "SSRC0",
            Op::Src(..) => "SSRC1",
            Op::Simm => "SIMM16",
            Op::Label => "LABEL",
            Op::Imm32 => "IMM32",
            Op::Data => "SDATA",
            Op::Base => "SBASE",
            Op::Offset => "OFFSET",
            Op::Probe => "PROBE",
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn perr(o: &Operand, msg: impl Into<String>) -> PErr {
    PErr {
        start: o.start,
        end: o.end,
        msg: msg.into(),
        help: None,
    }
}

/// The error for `ops_in` when the row takes `want` operands (`names`: their text).
pub(super) fn count_error(
    mnemonic: &str,
    mn_span: (usize, usize),
    ops_in: &[Operand],
    want: usize,
    names: impl FnOnce() -> String,
) -> Vec<PErr> {
    vec![PErr {
        start: mn_span.0,
        end: ops_in.last().map(|o| o.end).unwrap_or(mn_span.1),
        msg: format!("{mnemonic} takes {want} operands, got {}", ops_in.len()),
        help: Some(if want == 0 {
            "no operands".into()
        } else {
            format!("operands: {}", names())
        }),
    }]
}

/// Assembles scalar row `id` (or, with `generic`, an unused opcode of its class).
#[allow(clippy::too_many_arguments)]
pub(super) fn select(
    arch: Arch,
    dialect: Dialect,
    fold: bool,
    d: &InstrDef,
    id: Option<DefId>,
    opcode: u16,
    mnemonic: &str,
    mn_span: (usize, usize),
    ops_in: &[Operand],
    mods: &[Modifier],
    ctx: &Ctx,
    force_literal: bool,
) -> Result<Selected, Vec<PErr>> {
    let enc = d.short.enc(arch);
    let mut i = Instr::new(arch, enc);
    i.set_opcode(opcode);
    i.def = id;
    let llvm = dialect == Dialect::Llvm;
    let mut errs = Vec::new();
    let mut warnings = Vec::new();
    let mut fixup = None;
    let mut specs = ops_of(d);
    // llvm-mc takes S_ENDPGM's SIMM16 as an optional operand.
    if d.form == Form::P0 && d.flags.has(Flags::LLVM_IMM) && dialect != Dialect::Clrx && ops_in.len() == 1 {
        specs.push(Op::Simm);
    }
    if ops_in.len() != specs.len() {
        return Err(count_error(mnemonic, mn_span, ops_in, specs.len(), || {
            describe(&specs, d.form)
        }));
    }
    let smem = enc == Enc::Smem;
    let data_field = if smem { F::Sdata } else { F::Sdst };
    // Every register operand a plain one no operand rule can object to (see `plain_code`),
    // every other one a constant, the literal or a value: the rules need not be checked.
    let mut plain = true;
    for (o, spec) in ops_in.iter().zip(specs.iter()) {
        if o.neg || o.abs || o.sext {
            errs.push(perr(o, "scalar instructions take no source modifiers"));
            continue;
        }
        plain &= match *spec {
            Op::Dst(_, regs) => plain_code(arch, o, regs),
            Op::SdstSrc(k) | Op::Src(_, k) => plain_code(arch, o, d.src[k].regs()),
            Op::Simm | Op::Label | Op::Special(_) | Op::Imm32 => true,
            Op::Data | Op::Base | Op::Offset | Op::Probe => false,
        };
        let r = match *spec {
            Op::Dst(f, regs) => reg(arch, llvm, o, regs, true).map(|c| i.set(f, c as u32)),
            Op::Data => {
                let regs = d.dst.regs();
                let dst = d.form != Form::MStore;
                reg(arch, llvm, o, regs, dst).map(|c| i.set(data_field, c as u32))
            }
            Op::SdstSrc(k) => reg(arch, llvm, o, d.src[k].regs(), false).map(|c| i.set(F::Sdst, c as u32)),
            Op::Src(f, k) => source(
                &mut i,
                arch,
                dialect,
                fold,
                force_literal,
                o,
                d.src[k],
                f,
                &mut fixup,
                &mut warnings,
            ),
            // A symbol defined later: the field is patched when it is (see `FieldFix`).
            _ if matches!(o.kind, OpKind::Forward(_)) && field_fix(*spec, &i, d, dialect).is_some() => {
                let (f, fix) = field_fix(*spec, &i, d, dialect).unwrap_or((F::Simm16, FieldFix::SIMM16));
                if f == F::Offset {
                    i.set(F::Imm, 1);
                }
                fixup = Some(Fixup {
                    symbol: forward_name(o),
                    word: 0,
                    kind: field_bits(&i, f, fix),
                    start: o.start,
                    end: o.end,
                });
                Ok(())
            }
            Op::Simm => simm(o, d, dialect, &mut warnings).map(|v| i.set(F::Simm16, v)),
            Op::Label => label(o, dialect, ctx, i.size()).map(|r| match r {
                Some(v) => i.set(F::Simm16, v),
                None => {
                    fixup = Some(Fixup {
                        symbol: forward_name(o),
                        word: 0,
                        kind: FixupKind::Branch {
                            next: ctx.offset + i.size(),
                            section: ctx.section,
                        },
                        start: o.start,
                        end: o.end,
                    })
                }
            }),
            Op::Special(f) => special_value(o, special_kind(d.form), f, dialect).map(|v| i.set(f, v)),
            Op::Imm32 => imm32(&mut i, o, llvm, &mut fixup),
            Op::Base => base(arch, llvm, o, d).map(|c| i.set(F::Sbase, c as u32 / 2)),
            Op::Offset => offset(&mut i, arch, dialect, o, &mut warnings, &mut fixup, ctx),
            Op::Probe => match o.kind {
                OpKind::Const(Value::Int(v)) => FieldFix::PROBE
                    .fit(v, dialect)
                    .map(|(bits, warn)| {
                        i.set(data_field, bits);
                        warnings.extend(warn.map(|m| perr(o, m)));
                    })
                    .map_err(|m| perr(o, m)),
                _ => Err(perr(o, "the probe bits are a number 0..127")),
            },
        };
        if let Err(e) = r {
            errs.push(e);
        }
    }
    modifiers(&mut i, d, dialect, mods, &mut errs, &mut warnings);
    if !errs.is_empty() {
        return Err(errs);
    }
    // Registers the arch lacks (XNACK_MASK off GCN 1.2 for LLVM), ranges past their file.
    let policy = if llvm {
        crate::rules::Policy::Llvm
    } else {
        crate::rules::Policy::Seed
    };
    // Plain operands (CLRX's reading): no rule to check.
    let checked = llvm || !plain;
    #[cfg(debug_assertions)]
    if !checked {
        let layout = crate::layout::operands(&i, d);
        assert!(
            crate::rules::check_ops(&i, d, policy, &layout).is_empty(),
            "plain scalar operands broke a rule: {mnemonic} {ops_in:?}"
        );
    }
    // The layout's operands are in assembly order, as the statement's are; made once for
    // every check.
    let layout = checked.then(|| crate::layout::operands(&i, d));
    let violations = match &layout {
        Some(l) => crate::rules::check_ops(&i, d, policy, l),
        None => crate::rules::Violations::default(),
    };
    for v in violations.iter() {
        let at = ops_in.get(v.operand()).map(|o| (o.start, o.end)).unwrap_or(mn_span);
        let code = layout
            .as_ref()
            .and_then(|l| l.as_slice().get(v.operand()))
            .map(|s| s.code);
        let xnack_clrx = !llvm
            && matches!(
                classify(arch, code.unwrap_or(0)),
                Src::Special(crate::operand::Special::XnackMask, _)
            );
        if xnack_clrx {
            continue; // clrxasm takes XNACK_MASK on every GCN 1.2 device
        }
        errs.push(PErr {
            start: at.0,
            end: at.1,
            msg: match v {
                crate::rules::Violation::NoSuchOperand { .. } => format!("this operand does not exist on {arch}"),
                crate::rules::Violation::RangeOverflow { .. } => "register range runs past the end of its file".into(),
                crate::rules::Violation::NotWritable { .. } => "a destination must be a register".into(),
                _ => format!("operand rule broken: {}", v.rule()),
            },
            help: None,
        });
    }
    // clrxasm on GCN 1.2: stores and atomics take M0 as their only SGPR offset.
    if crate::syntax::scalar::clrx_store_offset(&i, d) && dialect == Dialect::Clrx {
        let at = ops_in.get(2).map(|o| (o.start, o.end)).unwrap_or(mn_span);
        errs.push(PErr {
            start: at.0,
            end: at.1,
            msg: "stores and atomics take M0 as their only SGPR offset on GCN 1.2 (clrxasm)".into(),
            help: Some("llvm-mc takes any SGPR here (--syntax llvm)".into()),
        });
    }
    if let Some(layout) = layout.as_ref().filter(|_| llvm) {
        if let Some((n, why)) = crate::rules::llvm_check_ops(&i, d, layout) {
            let at = ops_in.get(n).map(|o| (o.start, o.end)).unwrap_or(mn_span);
            errs.push(PErr {
                start: at.0,
                end: at.1,
                msg: format!("{why} (LLVM)"),
                help: None,
            });
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Selected {
        instr: i,
        fixups: fixup.into_iter().collect(),
        warnings,
    })
}

/// Is operand `o` of a `regs`-register scalar slot one no operand rule can object to, once
/// the slot has taken it: a constant or a symbol (an inline constant or the literal: a scalar
/// class has room for it), or a register written as itself (not `&ill!`) that is SGPRs inside
/// the file, VCC or EXEC (a pair, or one half), or M0?
fn plain_code(arch: Arch, o: &Operand, regs: u8) -> bool {
    match &o.kind {
        OpKind::Reg(r) => {
            !r.any_width
                && r.count == regs as u16
                && match classify(arch, r.code) {
                    Src::Sgpr(c) => c + r.count <= sgpr_count(arch),
                    Src::Special(crate::operand::Special::Vcc | crate::operand::Special::Exec, hi) => {
                        r.count == 1 || (hi == 0 && r.count == 2)
                    }
                    Src::Special(crate::operand::Special::M0, _) => r.count == 1,
                    _ => false,
                }
        }
        OpKind::Const(_) | OpKind::Lit(_) | OpKind::Forward(_) | OpKind::LitForward(_) => true,
    }
}

fn forward_name(o: &Operand) -> String {
    match &o.kind {
        OpKind::Forward(n) | OpKind::LitForward(n) => n.clone(),
        _ => String::new(),
    }
}

/// A register operand of `regs` registers: its code.
pub(super) fn reg(arch: Arch, llvm: bool, o: &Operand, regs: u8, dst: bool) -> Result<u16, PErr> {
    let OpKind::Reg(r) = &o.kind else {
        return Err(perr(
            o,
            if dst {
                "a destination must be a scalar register"
            } else {
                "expected a scalar register"
            },
        ));
    };
    reg_code(arch, llvm, o, r, regs, dst)
}

fn reg_code(arch: Arch, llvm: bool, o: &Operand, r: &Reg, regs: u8, dst: bool) -> Result<u16, PErr> {
    let code = r.code;
    let src = classify(arch, code);
    match src {
        Src::Vgpr(_) => return Err(perr(o, "scalar instructions take no VGPR")),
        Src::Invalid => return Err(perr(o, format!("this register does not exist on {arch}"))),
        Src::LdsDirect => return Err(perr(o, "lds_direct is no scalar operand")),
        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) => {}
        _ if dst => return Err(perr(o, "a destination must be a scalar register")),
        _ => {}
    }
    if dst && code >= 128 {
        return Err(perr(o, "a destination must be a scalar register"));
    }
    // VCCZ, EXECZ, SCC and the GCN 1.4 source registers are values of any width.
    let register = matches!(src, Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_)) || r.ranged;
    if register && r.count != regs as u16 && !r.any_width {
        return Err(PErr {
            start: o.start,
            end: o.end,
            msg: format!(
                "expected {regs} scalar register{}, got {}",
                if regs > 1 { "s" } else { "" },
                r.count
            ),
            help: Some(format!("this operand is {}-bit", regs as u32 * 32)),
        });
    }
    // llvm-mc wants every scalar range aligned, clrxasm SGPR ranges only.
    let aligned_kind = matches!(src, Src::Sgpr(_)) || (llvm && register);
    if aligned_kind && regs > 1 && !scalar_aligned(code, regs) {
        return Err(PErr {
            start: o.start,
            end: o.end,
            msg: "misaligned scalar register range".into(),
            help: Some("a pair starts at an even register, four or more registers at a multiple of 4".into()),
        });
    }
    if matches!(src, Src::Sgpr(_)) && code + r.count > sgpr_count(arch) {
        return Err(perr(o, format!("SGPRs end at s{} on {arch}", sgpr_count(arch) - 1)));
    }
    Ok(code)
}

/// A scalar source: register, inline constant or the literal.
/// How a scalar source is read: `force_literal` is CLRX's `_e64` suffix on a scalar
/// instruction (every constant becomes the literal).
#[allow(clippy::too_many_arguments)]
fn source(
    i: &mut Instr,
    arch: Arch,
    dialect: Dialect,
    fold: bool,
    force_literal: bool,
    o: &Operand,
    ty: Ty,
    field: F,
    fixup: &mut Option<Fixup>,
    warnings: &mut Vec<PErr>,
) -> Result<(), PErr> {
    let code = match &o.kind {
        OpKind::Reg(r) => reg_code(arch, dialect == Dialect::Llvm, o, r, ty.regs(), false)?,
        OpKind::Const(v) | OpKind::Lit(v) => {
            let forced =
                force_literal || matches!(o.kind, OpKind::Lit(_)) || super::select::clrx_suffix_literal(*v, ty, fold);
            match (!forced).then(|| inline_code(arch, *v, ty, fold)).flatten() {
                Some(c) => c,
                None => {
                    // CLRX reads a float for a 64-bit integer operand as an f32 literal, and
                    // keeps the low 32 bits of a wider integer (with a warning).
                    let lty = if !fold && ty.regs() == 2 && !ty.is_float() {
                        Ty::B32
                    } else {
                        ty
                    };
                    let l = match *v {
                        Value::Int(x) if !fold && !(-0x8000_0000..=0xffff_ffff).contains(&x) => {
                            warnings.push(perr(
                                o,
                                format!("{} truncated to 32 bits: {:#x}", show_value(*v), x as u32),
                            ));
                            x as u32
                        }
                        _ => literal_bits_for(*v, lty, fold).map_err(|e| perr(o, e))?,
                    };
                    literal(i, l, o, dialect)?;
                    255
                }
            }
        }
        OpKind::Forward(name) | OpKind::LitForward(name) => {
            literal(i, 0, o, dialect)?;
            *fixup = Some(Fixup {
                symbol: name.clone(),
                word: i.fields().layout.words as usize,
                kind: FixupKind::Literal(Ty::B32),
                start: o.start,
                end: o.end,
            });
            255
        }
    };
    i.set(field, code as u32);
    Ok(())
}

/// Takes literal `l`: one literal dword per instruction (llvm-mc lets two sources share an
/// equal one; clrxasm takes one only).
fn literal(i: &mut Instr, l: u32, o: &Operand, dialect: Dialect) -> Result<(), PErr> {
    match i.literal {
        Some(prev) if prev != l || dialect == Dialect::Clrx => Err(perr(
            o,
            if prev == l {
                "a second literal: clrxasm takes one literal operand per instruction".to_string()
            } else {
                format!("a second literal ({l:#x}, after {prev:#x}): an instruction has one literal dword")
            },
        )),
        _ => {
            i.push_literal(l);
            Ok(())
        }
    }
}

/// SIMM16: signed or unsigned by the row's type (llvm-mc takes -32768..65535, 0..65535 for
/// the unsigned compares, and wraps SOPP's immediates silently); clrxasm truncates with a
/// warning, as gcnkit does in CLRX syntax.
fn simm(o: &Operand, d: &InstrDef, dialect: Dialect, warnings: &mut Vec<PErr>) -> Result<u32, PErr> {
    let OpKind::Const(Value::Int(v)) = o.kind else {
        return Err(perr(o, "expected a 16-bit integer"));
    };
    let (bits, warn) = simm_fix(d, dialect).fit(v, dialect).map_err(|m| perr(o, m))?;
    warnings.extend(warn.map(|m| perr(o, m)));
    Ok(bits)
}

/// The SIMM16 range of a row (see [`simm`]).
fn simm_fix(d: &InstrDef, dialect: Dialect) -> FieldFix {
    let sopp = d.short.enc(Arch::Gcn12) == Enc::Sopp;
    FieldFix {
        lo: if d.src[1] == Ty::U32 && dialect == Dialect::Llvm {
            0
        } else {
            -0x8000
        },
        hi: 0xffff,
        bits: 16,
        wrap_llvm: sopp,
    }
}

/// A value field an operand fills (SIMM16, an immediate offset, the probe bits): its range
/// as written and its width. Outside the range, llvm-mc rejects (or, `wrap_llvm`, silently
/// keeps the low bits) and clrxasm keeps the low bits with a warning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FieldFix {
    pub lo: i64,
    pub hi: i64,
    pub bits: u32,
    pub wrap_llvm: bool,
}

impl FieldFix {
    const SIMM16: FieldFix = FieldFix {
        lo: -0x8000,
        hi: 0xffff,
        bits: 16,
        wrap_llvm: false,
    };
    const PROBE: FieldFix = FieldFix {
        lo: 0,
        hi: 127,
        bits: 7,
        wrap_llvm: true,
    };

    /// The field bits of `v`, and a warning if bits were dropped; or the error.
    pub fn fit(self, v: i64, dialect: Dialect) -> Result<(u32, Option<String>), String> {
        let mask = (1u64 << self.bits) - 1;
        let bits = (v as u64 & mask) as u32;
        if (self.lo..=self.hi).contains(&v) {
            return Ok((bits, None));
        }
        match dialect {
            Dialect::Llvm if self.wrap_llvm => Ok((bits, None)),
            Dialect::Llvm => Err(format!(
                "{} does not fit ({}..{})",
                show_value(Value::Int(v)),
                self.lo,
                self.hi
            )),
            _ => Ok((
                bits,
                Some(format!(
                    "{} truncated to {} bits: {bits:#x}",
                    show_value(Value::Int(v)),
                    self.bits
                )),
            )),
        }
    }
}

/// The field and range an operand kind fills, for a symbol defined later.
fn field_fix(spec: Op, i: &Instr, d: &InstrDef, dialect: Dialect) -> Option<(F, FieldFix)> {
    match spec {
        Op::Simm => Some((F::Simm16, simm_fix(d, dialect))),
        Op::Special(f) => Some((
            f,
            if f == F::Ssrc1 {
                FieldFix {
                    lo: -0x80,
                    hi: 0xff,
                    bits: 8,
                    wrap_llvm: false,
                }
            } else {
                FieldFix::SIMM16
            },
        )),
        Op::Offset => Some((F::Offset, imm_offset_fix(i, dialect))),
        Op::Probe => Some((if i.enc == Enc::Smem { F::Sdata } else { F::Sdst }, FieldFix::PROBE)),
        _ => None,
    }
}

/// The fixup of field `f` of `i`, whose width `fix` has.
fn field_bits(i: &Instr, f: F, fix: FieldFix) -> FixupKind {
    let (lo, hi) = i.fields().range(f).unwrap_or((0, 0));
    debug_assert_eq!(u32::from(hi - lo) + 1, fix.bits, "{f:?}");
    FixupKind::Bits { lo, fix }
}

/// The immediate offset's range: SMRD's 8-bit dwords, SMEM's 20-bit bytes (21 bits on GCN
/// 1.4: signed for llvm-mc, either way for clrxasm).
fn imm_offset_fix(i: &Instr, dialect: Dialect) -> FieldFix {
    let (lo, hi, bits) = match (i.enc, i.arch, dialect) {
        (Enc::Smrd, ..) => (0, 0xff, 8),
        (_, a, Dialect::Llvm) if a.is_gcn14() => (-0x10_0000, 0xf_ffff, 21),
        (_, a, _) if a.is_gcn14() => (-0x10_0000, 0x1f_ffff, 21),
        _ => (0, 0xf_ffff, 20),
    };
    FieldFix {
        lo,
        hi,
        bits,
        wrap_llvm: false,
    }
}

/// A special operand's value: already read by the special syntax, or a plain number in the
/// range the dialect's assembler takes (llvm-mc keeps s_waitcnt's low 16 bits).
fn special_value(o: &Operand, kind: Kind, f: F, dialect: Dialect) -> Result<u32, PErr> {
    let OpKind::Const(Value::Int(v)) = o.kind else {
        return Err(perr(o, "expected a number or the instruction's special syntax"));
    };
    let width = if f == F::Ssrc1 { 8 } else { 16 };
    let mask = (1u32 << width) - 1;
    let (lo, hi) = match special::raw_range(kind, dialect) {
        Some((lo, hi)) if f == F::Ssrc1 && dialect != Dialect::Llvm => (lo.max(-128), hi.min(255)),
        Some(r) => r,
        None => (0, mask as i64),
    };
    if !(lo..=hi).contains(&v) {
        return Err(perr(
            o,
            format!("{} is out of range ({lo}..{hi})", show_value(Value::Int(v))),
        ));
    }
    Ok(v as u32 & mask)
}

/// A branch operand: `Some(SIMM16)`, or `None` for a label defined later (a fixup). A label or
/// an expression naming a symbol (`.`, `.L5+8`) is a target address; a bare number is the
/// raw SIMM16 in LLVM syntax and an address in CLRX syntax.
fn label(o: &Operand, dialect: Dialect, ctx: &Ctx, size: usize) -> Result<Option<u32>, PErr> {
    let text = &ctx.src[o.start..o.end];
    // llvm-mc takes a label alone or an absolute expression, not an address computed from a
    // label (`l+4`, `.+8`); clrxasm takes any.
    let lone = symbol_names(text).next() == Some(text.trim()) && text.trim() != ".";
    let llvm_address = |o: &Operand| {
        let msg = "expected an absolute expression or a label (llvm-mc computes no address here)";
        Err(perr(o, msg))
    };
    let v = match &o.kind {
        OpKind::Forward(_) if dialect == Dialect::Llvm && !lone => return llvm_address(o),
        OpKind::Forward(_) => return Ok(None),
        OpKind::Const(Value::Int(_)) if dialect == Dialect::Clrx && !o.rel => {
            let msg = "a branch target is an address in this section (a label, `.`, plus or minus a number), not a number (clrxasm: \"Jump over current section!\")";
            return Err(perr(o, msg));
        }
        OpKind::Const(Value::Int(v)) => *v,
        _ => return Err(perr(o, "expected a label")),
    };
    if symbol_names(text).any(|n| (ctx.other_section)(n)) {
        return Err(perr(o, "the branch target is in another section"));
    }
    // llvm-mc: an expression of labels (or `.`) is an address; an absolute one (numbers and
    // symbols set to numbers: `s_branch 1+offset`) is the raw SIMM16, as a plain number is.
    let address = dialect == Dialect::Clrx || symbol_names(text).any(|n| n == "." || (ctx.is_label)(n));
    if address && dialect == Dialect::Llvm && !lone {
        return llvm_address(o);
    }
    if !address {
        if !(-0x8000..=0xffff).contains(&v) {
            return Err(perr(o, "expected a 16-bit signed jump offset"));
        }
        return Ok(Some(v as u16 as u32));
    }
    branch_offset(v, ctx.offset + size).map_err(|m| perr(o, m))
}

/// SIMM16 of a branch from the instruction ending at `next` to `target`.
pub(super) fn branch_offset(target: i64, next: usize) -> Result<Option<u32>, String> {
    let rel = target - next as i64;
    if rel % 4 != 0 {
        return Err(format!("the target is {rel} bytes away: not a whole number of dwords"));
    }
    let dw = rel / 4;
    if !(-0x8000..=0x7fff).contains(&dw) {
        return Err(format!(
            "the target is {dw} dwords away: out of the 16-bit branch range"
        ));
    }
    Ok(Some(dw as u16 as u32))
}

/// The names in an expression's text.
fn symbol_names(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
        .filter(|t| {
            t.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '.')
        })
}

/// S_SETREG_IMM32_B32's dword.
fn imm32(i: &mut Instr, o: &Operand, llvm: bool, fixup: &mut Option<Fixup>) -> Result<(), PErr> {
    match &o.kind {
        OpKind::Const(Value::Float(..)) if llvm => {
            return Err(PErr {
                start: o.start,
                end: o.end,
                msg: "llvm-mc 14 reads a float here as other bits (1.0 becomes 0)".into(),
                help: Some("write the bits in hex (0x3f800000 for 1.0)".into()),
            })
        }
        OpKind::Const(v) | OpKind::Lit(v) => {
            let l = literal_bits_for(*v, Ty::B32, true).map_err(|e| perr(o, e))?;
            i.push_literal(l);
        }
        OpKind::Forward(name) | OpKind::LitForward(name) => {
            i.push_literal(0);
            *fixup = Some(Fixup {
                symbol: name.clone(),
                word: 1,
                kind: FixupKind::Literal(Ty::B32),
                start: o.start,
                end: o.end,
            });
        }
        OpKind::Reg(_) => return Err(perr(o, "expected a 32-bit constant")),
    }
    Ok(())
}

/// The scalar memory base: an SGPR pair (a quad for buffer loads).
fn base(arch: Arch, llvm: bool, o: &Operand, d: &InstrDef) -> Result<u16, PErr> {
    let regs = if d.flags.has(Flags::BUFFER) { 4 } else { 2 };
    let c = reg(arch, llvm, o, regs, false)?;
    if c >= 128 || c % 2 != 0 {
        return Err(perr(o, "the base is an SGPR range"));
    }
    Ok(c)
}

/// The scalar memory offset: an immediate (SMRD: 8-bit dwords, or GCN 1.1's literal; SMEM:
/// 20-bit bytes, 21-bit signed on GCN 1.4) or an SGPR.
fn offset(
    i: &mut Instr,
    arch: Arch,
    dialect: Dialect,
    o: &Operand,
    warnings: &mut Vec<PErr>,
    fixup: &mut Option<Fixup>,
    ctx: &Ctx,
) -> Result<(), PErr> {
    let llvm = dialect == Dialect::Llvm;
    match &o.kind {
        OpKind::Reg(r) => {
            let c = reg_code(arch, llvm, o, r, 1, false)?;
            if c >= 128 {
                // clrxasm reads a name that is no offset register (`vccz`) as a symbol.
                let name = ctx.src[o.start..o.end].trim();
                if dialect == Dialect::Clrx {
                    let sym = Operand {
                        kind: match (ctx.symbol)(name) {
                            Some(v) => OpKind::Const(v),
                            None => OpKind::Forward(name.to_string()),
                        },
                        ..o.clone()
                    };
                    if let OpKind::Forward(n) = &sym.kind {
                        i.set(F::Imm, 1);
                        *fixup = Some(Fixup {
                            symbol: n.clone(),
                            word: 0,
                            kind: field_bits(i, F::Offset, imm_offset_fix(i, dialect)),
                            start: o.start,
                            end: o.end,
                        });
                        return Ok(());
                    }
                    return offset(i, arch, dialect, &sym, warnings, fixup, ctx);
                }
                return Err(perr(o, "an offset register is an SGPR, M0 or a special register"));
            }
            i.set(F::Imm, 0);
            i.set(F::Offset, c as u32);
            Ok(())
        }
        OpKind::Const(Value::Int(v)) | OpKind::Lit(Value::Int(v)) => {
            let v = *v;
            let lit = matches!(o.kind, OpKind::Lit(_));
            // GCN 1.1's literal offset: asked for with lit(), or needed beyond 8 bits.
            if i.enc == Enc::Smrd && arch == Arch::Gcn11 && (lit || !(0..=255).contains(&v)) {
                if llvm && lit {
                    return Err(perr(o, "LLVM takes no lit() here: an offset beyond 255 is a literal"));
                }
                let (l, warn) = FieldFix {
                    lo: -0x8000_0000,
                    hi: 0xffff_ffff,
                    bits: 32,
                    wrap_llvm: false,
                }
                .fit(v, dialect)
                .map_err(|m| perr(o, m))?;
                warnings.extend(warn.map(|m| perr(o, m)));
                i.set(F::Imm, 0);
                i.set(F::Offset, 255);
                i.push_literal(l);
                return Ok(());
            }
            if lit {
                return Err(perr(o, format!("{arch} has no literal offset")));
            }
            let (bits, warn) = imm_offset_fix(i, dialect).fit(v, dialect).map_err(|m| perr(o, m))?;
            warnings.extend(warn.map(|m| perr(o, m)));
            i.set(F::Imm, 1);
            i.set(F::Offset, bits);
            Ok(())
        }
        OpKind::Lit(_) => Err(perr(o, "a literal offset is an integer")),
        OpKind::LitForward(name) if i.enc == Enc::Smrd && arch == Arch::Gcn11 => {
            i.set(F::Imm, 0);
            i.set(F::Offset, 255);
            i.push_literal(0);
            *fixup = Some(Fixup {
                symbol: name.clone(),
                word: 1,
                kind: FixupKind::Literal(Ty::B32),
                start: o.start,
                end: o.end,
            });
            Ok(())
        }
        _ => Err(perr(o, "expected an offset")),
    }
}

/// `glc`, `nv`, `offset:N` (GCN 1.4's immediate beside an SGPR offset), and CLRX's notes
/// for fields without an operand.
fn modifiers(
    i: &mut Instr,
    d: &InstrDef,
    dialect: Dialect,
    mods: &[Modifier],
    errs: &mut Vec<PErr>,
    warnings: &mut Vec<PErr>,
) {
    let llvm = dialect == Dialect::Llvm;
    let smem = i.enc == Enc::Smem;
    let bad = |m: &Modifier, msg: String| PErr {
        start: m.start,
        end: m.end,
        msg,
        help: None,
    };
    for m in mods {
        // CLRX's `glc:1`, `nv:0`: the bit as a value.
        let value = match (m.name.as_str(), &m.value) {
            ("glc" | "nv", ModVal::Int(0)) if !llvm && !m.eq => continue,
            ("glc" | "nv", ModVal::Int(1)) if !llvm && !m.eq => &ModVal::None,
            (_, v) => v,
        };
        match (m.name.as_str(), value) {
            ("glc", ModVal::None) if smem => {
                if llvm && !matches!(d.form, Form::MLoad | Form::MStore | Form::MAtomic) {
                    errs.push(bad(m, "LLVM takes glc on loads, stores and atomics only".into()));
                }
                i.set(F::Glc, 1);
            }
            // llvm-mc 14 takes glc on GCN 1.0/1.1 scalar loads and encodes nothing.
            ("glc", ModVal::None) if i.enc == Enc::Smrd && dialect != Dialect::Clrx => {
                warnings.push(bad(m, "SMRD has no GLC bit: glc dropped (as llvm-mc does)".into()))
            }
            ("nv", ModVal::None) if smem && i.arch.is_gcn14() && !llvm => i.set(F::Nv, 1),
            ("offset", ModVal::Int(v)) if smem && i.arch.is_gcn14() && !llvm && !m.eq => {
                // `s91 offset:0x10`: the SGPR goes to SOFFSET, the immediate to OFFSET.
                if i.get(F::Imm) != 0 {
                    errs.push(bad(m, "offset: goes with an SGPR offset operand".into()));
                    continue;
                }
                let (bits, warn) = match imm_offset_fix(i, dialect).fit(*v, dialect) {
                    Ok(r) => r,
                    Err(e) => {
                        errs.push(bad(m, e));
                        continue;
                    }
                };
                warnings.extend(warn.map(|w| bad(m, w)));
                let sgpr = i.get(F::Offset);
                i.set(F::Soe, 1);
                i.set(F::Soffset, sgpr);
                i.set(F::Imm, 1);
                i.set(F::Offset, bits);
            }
            (name, ModVal::Int(v)) if m.eq && !llvm => {
                let f = unused_fields(i, d).iter().copied().find(|f| {
                    name == match f {
                        F::Ssrc0 => "ssrc",
                        F::Vdst => "vdst",
                        f => f.name(),
                    }
                });
                match f {
                    Some(f) if *v >= 0 && (*v as u64) < (1u64 << field_width(i, f)) => i.set(f, *v as u32),
                    Some(_) => errs.push(bad(m, format!("{name}={v:#x} does not fit the field"))),
                    None => errs.push(bad(
                        m,
                        format!("'{name}=' is not a field this instruction leaves unused"),
                    )),
                }
            }
            (name, _) => errs.push(PErr {
                start: m.start,
                end: m.end,
                msg: format!("unknown modifier '{name}' here"),
                help: Some(if smem {
                    "scalar memory takes glc (and in CLRX syntax on GCN 1.4, nv and offset:N)".into()
                } else {
                    "this instruction takes no modifiers".into()
                }),
            }),
        }
    }
}

fn field_width(i: &Instr, f: F) -> u8 {
    i.fields().range(f).map(|(lo, hi)| hi - lo + 1).unwrap_or(0)
}

/// CLRX's name of an unused opcode (`vop2_ill_50`, `vop3a_ill_400`, `sop2_ill_12`; the
/// mnemonic in lowercase): its class, one with such names (the vector ALU's and those with a
/// [`crate::isa::generic_row`]), and the opcode.
pub(super) fn illegal_enc(name: &str) -> Option<(Enc, u16)> {
    // Class names have two to five letters: look for `_ill_` only there.
    let at = (2..=5).find(|&k| name.get(k..k + 5) == Some("_ill_"))?;
    let class = &name[..at];
    let enc = Enc::ALL.into_iter().find(|&e| {
        (e.is_vop32() || e == Enc::Vop3a || crate::isa::generic_row(e).is_some())
            && e.name().eq_ignore_ascii_case(class)
    })?;
    Some((enc, name[at + 5..].parse().ok()?))
}

/// Is `opcode` of class `enc` unused on `arch` (and in range)?
pub(super) fn unused_opcode(arch: Arch, enc: Enc, opcode: u16) -> Result<(), String> {
    let Some(f) = crate::enc::fields(enc, arch) else {
        return Err(format!("{arch} has no {} encoding", enc.name()));
    };
    let width = f.opcode_bits();
    if opcode as u32 >= 1 << width {
        return Err(format!("opcode {opcode} is out of range"));
    }
    // An opcode clrxasm does not know on this arch (LLVM's name only) is "unused" to CLRX.
    if let Some(id) = isa().by_opcode(enc, arch, opcode as u32) {
        let d = isa().def(id);
        if !d.name[arch.index()].is_empty() {
            return Err(format!("opcode {opcode} is {} on {arch}", d.name[arch.index()]));
        }
    }
    Ok(())
}
