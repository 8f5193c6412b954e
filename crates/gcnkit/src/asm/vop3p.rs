//! From a parsed statement to a VOP3P instruction (GCN 1.4): VDST a VGPR, the sources VGPRs,
//! scalar registers or inline constants (VOP3P has no literal), then `op_sel`, `op_sel_hi`,
//! `neg_lo`, `neg_hi` and `clamp` as each assembler reads them (see
//! [`crate::syntax::vop3p`] for the facts).

use super::parse::{perr, FKind, ModVal, Modifier, OpKind, Operand, PErr, Value};
use super::select::{clrx_float, inline_code, ClrxFloat, Selected};
use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::isa::{DefId, Flags, InstrDef};
use crate::operand::{classify, Special, Src};
use crate::syntax::vop3p::Mods;

/// Assembles VOP3P row `id`; `llvm`: LLVM's reading (defaults, modifier spellings and order).
pub(super) fn select(
    arch: Arch,
    llvm: bool,
    d: &InstrDef,
    id: DefId,
    mn_span: (usize, usize),
    ops: &[Operand],
    mods: &[Modifier],
) -> Result<Selected, Vec<PErr>> {
    let ai = arch.index();
    let name = if llvm { d.llvm[ai] } else { d.name[ai] };
    let n = d.form.nsrc();
    if ops.len() != n + 1 {
        return Err(super::scalar::count_error(name, mn_span, ops, n + 1, || {
            ["VDST", "SRC0", "SRC1", "SRC2"][..=n].join(", ")
        }));
    }
    let mix = d.flags.has(Flags::MIX);
    let mut i = Instr::new(arch, Enc::Vop3p);
    i.set_opcode(d.e32[ai]);
    i.def = Some(id);
    let mut errs = Vec::new();
    let mut warnings = Vec::new();
    let mut m = Mods::default();
    match &ops[0].kind {
        OpKind::Reg(r) if r.code >= 256 && r.count == 1 && !(ops[0].neg || ops[0].abs || ops[0].sext) => {
            i.set_vdst(r.code - 256)
        }
        _ => errs.push(perr(ops[0].start, ops[0].end, "VDST is a VGPR")),
    }
    // The 16-bit integer ops: llvm-mc 14 keeps NEG bits of SRC0 only (it drops the others).
    let int16 = d.src[0].is_16() && !d.src[0].is_float();
    let mut scalars: Vec<u16> = Vec::new();
    for (k, o) in ops[1..].iter().enumerate() {
        let bit = 1u8 << k;
        if o.sext {
            errs.push(perr(o.start, o.end, "VOP3P has no sext()"));
            continue;
        }
        if o.neg {
            if llvm && !mix {
                errs.push(perr(
                    o.start,
                    o.end,
                    "LLVM takes -x only on v_mad_mix*; use neg_lo:[...] here",
                ));
            } else {
                m.neg_lo |= bit;
            }
        }
        if o.abs {
            if !llvm {
                // clrxasm refuses abs() here and drops |x| silently: refused either way.
                errs.push(perr(
                    o.start,
                    o.end,
                    "VOP3P has no ABS (use neg_hi:[...] for the high halves' NEG)",
                ));
            } else if mix {
                m.neg_hi |= bit;
            } else {
                errs.push(perr(
                    o.start,
                    o.end,
                    "LLVM takes |x| only on v_mad_mix*; use neg_hi:[...] here",
                ));
            }
        }
        let code = match &o.kind {
            OpKind::Reg(r) => {
                let c = r.code;
                match classify(arch, c) {
                    Src::Invalid | Src::Literal => {
                        errs.push(perr(o.start, o.end, format!("this register does not exist on {arch}")));
                        continue;
                    }
                    Src::LdsDirect if k != 0 => {
                        errs.push(perr(o.start, o.end, "lds_direct is not a VOP3P source here"));
                        continue;
                    }
                    _ if r.count != 1 && !r.any_width => {
                        errs.push(perr(o.start, o.end, "VOP3P sources are 32-bit (one register)"));
                        continue;
                    }
                    Src::Sgpr(_) | Src::Ttmp(_) => scalars.push(c),
                    // clrxasm does not count M0 on the constant bus; llvm-mc does.
                    Src::Special(Special::M0, _) if !llvm => {}
                    Src::Special(..) => scalars.push(c),
                    _ => {}
                }
                // A `.regvar` register: clrxasm's field value 0 (see `Reg::regvar`).
                if r.regvar {
                    0
                } else {
                    c
                }
            }
            OpKind::Const(v) => {
                // llvm-mc 14 takes no float constant for a 16-bit integer source.
                let int16_src = d.src[k].is_16() && !d.src[k].is_float();
                let float_on_int = llvm && int16_src && matches!(v, super::parse::Value::Float(..));
                let code = match *v {
                    // clrxasm reads a float for any VOP3P source as single (`0.5h` is no
                    // constant: "Literal in VOP3 is illegal"); a constant by its bits.
                    Value::Float(f, kind) if !llvm => match clrx_float(arch, f, kind, FKind::Single, false) {
                        Ok(ClrxFloat::Inline(c)) => Some(c),
                        Ok(ClrxFloat::Literal(_)) => None,
                        Err(e) => {
                            errs.push(perr(o.start, o.end, e));
                            continue;
                        }
                    },
                    _ => inline_code(arch, *v, d.src[k], llvm).filter(|_| !float_on_int),
                };
                match code {
                    Some(c) => c,
                    None => {
                        errs.push(perr(
                            o.start,
                            o.end,
                            format!(
                                "{} is not an inline constant and VOP3P has no literal",
                                super::select::show_value(*v)
                            ),
                        ));
                        continue;
                    }
                }
            }
            _ => {
                errs.push(perr(o.start, o.end, "VOP3P has no literal"));
                continue;
            }
        };
        i.set_src(k, code);
    }
    scalars.dedup();
    if scalars.len() > 1 {
        let o = &ops[ops.len() - 1];
        errs.push(perr(o.start, o.end, "two scalar sources: the constant bus carries one"));
    }
    let mut hi_written = false;
    let mut last_rank: Option<usize> = None;
    for md in mods {
        const ORDER: [&str; 5] = ["op_sel", "op_sel_hi", "neg_lo", "neg_hi", "clamp"];
        let Some(rank) = ORDER.iter().position(|x| *x == md.name) else {
            let known = if llvm { "" } else { " (or neg:[...])" };
            let neg = !llvm && md.name == "neg";
            if !neg {
                errs.push(PErr {
                    help: Some(format!(
                        "VOP3P modifiers: op_sel, op_sel_hi, neg_lo, neg_hi, clamp{known}"
                    )),
                    ..perr(md.start, md.end, format!("unknown modifier '{}'", md.name))
                });
                continue;
            }
            // CLRX's neg:[...] is NEG_LO.
            match bits(md, n, llvm) {
                Ok(b) => m.neg_lo |= b,
                Err(e) => errs.push(e),
            }
            continue;
        };
        if llvm {
            if last_rank.is_some_and(|r| r >= rank) {
                errs.push(PErr {
                    help: Some("LLVM's order: op_sel, op_sel_hi, neg_lo, neg_hi, clamp (each once)".into()),
                    ..perr(md.start, md.end, format!("{} out of order or repeated (LLVM)", md.name))
                });
            }
            last_rank = Some(rank);
            if mix && (rank == 2 || rank == 3) {
                errs.push(perr(
                    md.start,
                    md.end,
                    "LLVM writes v_mad_mix* NEG_LO as -x and NEG_HI as |x|",
                ));
                continue;
            }
        }
        if rank == 4 {
            match md.value {
                ModVal::None => m.clamp = true,
                ModVal::Int(v) if !llvm && (v == 0 || v == 1) => m.clamp = v == 1,
                _ => errs.push(perr(md.start, md.end, "bad value for clamp")),
            }
            continue;
        }
        let b = match bits(md, n, llvm) {
            Ok(b) => b,
            Err(e) => {
                errs.push(e);
                continue;
            }
        };
        match rank {
            0 => m.op_sel = b,
            1 => {
                m.op_sel_hi = b;
                hi_written = true;
            }
            2 => m.neg_lo |= b,
            _ => m.neg_hi |= b,
        }
    }
    if !hi_written {
        m.op_sel_hi = if llvm && mix { 0 } else { (1 << n) - 1 };
    }
    // A two-source op's third OP_SEL_HI bit: llvm-mc sets it always, clrxasm unless
    // `op_sel_hi` is written.
    if n == 2 {
        m.op_sel_hi = (m.op_sel_hi & 3) | if llvm || !hi_written { 4 } else { 0 };
    }
    if llvm && int16 && (m.neg_lo | m.neg_hi) & !1 != 0 {
        warnings.push(perr(
            mn_span.0,
            mn_span.1,
            format!("NEG bits of SRC1/SRC2 dropped on {name} (as llvm-mc 14 does)"),
        ));
        m.neg_lo &= 1;
        m.neg_hi &= 1;
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    m.write(&mut i);
    // llvm-mc's constant bus counts every scalar value (the source registers, SCC...).
    if llvm && !crate::rules::check_with(&i, d, crate::rules::Policy::Llvm).is_empty() {
        let o = &ops[ops.len() - 1];
        return Err(vec![perr(
            o.start,
            o.end,
            "two scalar values: the constant bus carries one (LLVM)",
        )]);
    }
    Ok(Selected {
        instr: i,
        fixups: Vec::new(),
        warnings,
    })
}

/// The bits of `op_sel:[a,b,c]` (or CLRX's number form) for `n` sources. LLVM: one to four
/// entries, missing ones 0 and extra ones dropped; CLRX: a list or a number cut to `n` bits.
fn bits(md: &Modifier, n: usize, llvm: bool) -> Result<u8, PErr> {
    let mask = (1u8 << n) - 1;
    match &md.value {
        // clrxasm: one entry per source, and no `name=value` form.
        _ if !llvm && (md.eq || matches!(&md.value, ModVal::List(l) if l.len() != n)) => Err(perr(
            md.start,
            md.end,
            format!("{} takes one bit per source here ({n}), as [..] or a number", md.name),
        )),
        ModVal::List(l) if (1..=4).contains(&l.len()) && l.iter().all(|&b| b == 0 || b == 1) => {
            Ok(l.iter().enumerate().fold(0u8, |a, (k, &b)| a | (b as u8) << k) & mask)
        }
        ModVal::Int(v) if !llvm && (0..16).contains(v) => Ok(*v as u8 & mask),
        _ => Err(perr(
            md.start,
            md.end,
            format!(
                "bad value for {}: a list of {n} bits like [0,1{}]",
                md.name,
                if n == 3 { ",0" } else { "" }
            ),
        )),
    }
}
