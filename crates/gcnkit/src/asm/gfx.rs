//! From a parsed statement to an EXP or VINTRP instruction: the target or attribute names,
//! `off` sources, V_INTERP_MOV's parameter, and EXP's `done compr vm`, as llvm-mc 14 and
//! clrxasm read them (see [`crate::syntax::gfx`] for the facts).

use super::parse::{perr, ModVal, Modifier, OpKind, Operand, PErr};
use super::select::Selected;
use crate::arch::Arch;
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::{DefId, Form, InstrDef};
use crate::syntax::gfx::{attr_of, target_of, INTERP_PARAMS};

/// The name an operand is written as (`mrt0`, `off`, `p10`, `attr3.y`), if it is a bare name.
fn name(o: &Operand) -> Option<&str> {
    match &o.kind {
        OpKind::Forward(s) if !(o.neg || o.abs || o.sext) => Some(s.as_str()),
        _ => None,
    }
}

/// A VGPR operand: its number.
fn vgpr(o: &Operand, what: &str) -> Result<u32, PErr> {
    match &o.kind {
        OpKind::Reg(r) if r.code >= 256 && r.count == 1 && !(o.neg || o.abs || o.sext) => Ok((r.code - 256) as u32),
        _ => Err(perr(o.start, o.end, format!("{what} is a VGPR"))),
    }
}

/// Assembles EXP or VINTRP row `id`; `llvm`: LLVM's reading (case, modifier order, how
/// `compr` pairs the sources).
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
    let mnemonic = if llvm { d.llvm[ai] } else { d.name[ai] };
    let want = if d.form == Form::Exp { 5 } else { 3 };
    if ops.len() != want {
        return Err(super::scalar::count_error(mnemonic, mn_span, ops, want, || {
            if d.form == Form::Exp {
                "TARGET, VSRC0, VSRC1, VSRC2, VSRC3 (a VGPR or off each)".into()
            } else if d.form == Form::InterpMov {
                "VDST, p10|p20|p0, attrN.C".into()
            } else {
                "VDST, VSRC, attrN.C".into()
            }
        }));
    }
    let mut i = Instr::new(arch, d.short.enc(arch));
    i.set_opcode(d.e32[ai]);
    i.def = Some(id);
    let mut errs = Vec::new();
    if d.form == Form::Exp {
        exp(&mut i, llvm, ops, mods, &mut errs);
    } else {
        if let Some(m) = mods.first() {
            errs.push(perr(m.start, m.end, format!("{mnemonic} takes no modifiers")));
        }
        match vgpr(&ops[0], "VDST") {
            Ok(v) => i.set(F::Vdst, v),
            Err(e) => errs.push(e),
        }
        let src = &ops[1];
        if d.form == Form::InterpMov {
            // llvm-mc takes the parameter names in lower case only.
            let slot = name(src).and_then(|n| {
                INTERP_PARAMS
                    .iter()
                    .position(|p| if llvm { *p == n } else { p.eq_ignore_ascii_case(n) })
            });
            match slot {
                Some(k) => i.set(F::Src0, k as u32),
                None => errs.push(perr(src.start, src.end, "the parameter is p10, p20 or p0")),
            }
        } else {
            match vgpr(src, "VSRC") {
                Ok(v) => i.set(F::Src0, v),
                Err(e) => errs.push(e),
            }
        }
        // clrxasm takes `aTTR26 . W` (any case, spaces around the dot); llvm-mc `attr26.w`.
        let a = &ops[2];
        let value = name(a)
            .map(|n| {
                if llvm {
                    n.to_string()
                } else {
                    n.split_whitespace().collect()
                }
            })
            .filter(|n| !llvm || *n == n.to_ascii_lowercase())
            .and_then(|n| attr_of(&n));
        match value {
            Some(v) => {
                i.set(F::Attr, v >> 2);
                i.set(F::AttrChan, v & 3);
            }
            None => errs.push(PErr {
                help: Some("attributes are attr0..attr63, channels .x .y .z .w".into()),
                ..perr(a.start, a.end, "expected an attribute: attrN.C")
            }),
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Selected {
        instr: i,
        fixups: Vec::new(),
        warnings: Vec::new(),
    })
}

/// EXP's target, sources and modifiers.
fn exp(i: &mut Instr, llvm: bool, ops: &[Operand], mods: &[Modifier], errs: &mut Vec<PErr>) {
    let t = &ops[0];
    // llvm-mc: lower case, no leading zero (`param05` is clrxasm's only).
    let llvm_ok = |n: &str| {
        let digits = n.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        n == n.to_ascii_lowercase() && !(digits.len() > 1 && digits.starts_with('0'))
    };
    let target = name(t).filter(|n| !llvm || llvm_ok(n)).and_then(target_of);
    match target {
        Some(v) => i.set(F::Tgt, v),
        _ => errs.push(PErr {
            help: Some("targets: mrt0..mrt7, mrtz, null, pos0..pos3, param0..param31".into()),
            ..perr(t.start, t.end, "unknown EXP target")
        }),
    }
    let mut last = None;
    for m in mods {
        let Some(rank) = ["done", "compr", "vm"].iter().position(|x| *x == m.name) else {
            errs.push(perr(m.start, m.end, format!("unknown EXP modifier '{}'", m.name)));
            continue;
        };
        // clrxasm also takes `done:0`/`done:1`.
        let on = match m.value {
            ModVal::None => true,
            ModVal::Int(v) if !llvm && (v == 0 || v == 1) => v == 1,
            _ => {
                errs.push(perr(m.start, m.end, format!("bad value for {}", m.name)));
                continue;
            }
        };
        if llvm && last.is_some_and(|l| l >= rank) {
            errs.push(PErr {
                help: Some("LLVM's order is done, compr, vm (each once)".into()),
                ..perr(m.start, m.end, format!("{} out of order or repeated (LLVM)", m.name))
            });
        }
        last = Some(rank);
        i.set([F::Done, F::Compr, F::Vm][rank], on as u32);
    }
    let compr = i.get(F::Compr) != 0;
    let mut srcs = [None; 4];
    for (k, o) in ops[1..].iter().enumerate() {
        if name(o).is_some_and(|n| n.eq_ignore_ascii_case("off")) {
            continue;
        }
        match vgpr(o, "an EXP source") {
            Ok(v) => srcs[k] = Some(v),
            Err(e) => errs.push(PErr {
                help: Some("a VGPR or off".into()),
                ..e
            }),
        }
    }
    const VSRC: [F; 4] = [F::ExpSrc0, F::ExpSrc1, F::ExpSrc2, F::ExpSrc3];
    let mut en = 0;
    if !compr {
        for (k, s) in srcs.iter().enumerate() {
            if let Some(v) = s {
                en |= 1 << k;
                i.set(VSRC[k], *v);
            }
        }
    } else {
        // Sources 0/1 share VSRC0 and 2/3 VSRC1. llvm-mc enables a pair from its first
        // source (the second is not read); clrxasm enables each source written and wants
        // the two of a pair the same register.
        for p in 0..2 {
            let (a, b) = (srcs[2 * p], srcs[2 * p + 1]);
            if llvm {
                if let Some(v) = a {
                    en |= 3 << (2 * p);
                    i.set(VSRC[p], v);
                }
            } else {
                if let (Some(x), Some(y)) = (a, b) {
                    if x != y {
                        let o = &ops[2 + 2 * p];
                        errs.push(perr(
                            o.start,
                            o.end,
                            "with compr, the two sources of a pair are one register",
                        ));
                    }
                }
                en |= (a.is_some() as u32) << (2 * p) | (b.is_some() as u32) << (2 * p + 1);
                // clrxasm takes the register from the pair's first source only.
                if let Some(v) = a {
                    i.set(VSRC[p], v);
                }
            }
        }
    }
    i.set(F::En, en);
}
