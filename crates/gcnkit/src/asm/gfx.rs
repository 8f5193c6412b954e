//! From a parsed statement to an EXP or VINTRP instruction: the target or attribute names,
//! `off` sources, V_INTERP_MOV's parameter, and EXP's `done compr vm`, as llvm-mc 14 and
//! clrxasm read them (see [`crate::syntax::gfx`] for the facts).

use super::parse::{perr, ModVal, Modifier, OpKind, Operand, PErr};
use super::select::Selected;
use super::Dialect;
use crate::arch::Arch;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{DefId, Form, InstrDef, X};
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
#[allow(clippy::too_many_arguments)]
pub(super) fn select(
    arch: Arch,
    dialect: Dialect,
    e64: bool,
    d: &InstrDef,
    id: DefId,
    mn_span: (usize, usize),
    ops: &[Operand],
    mods: &[Modifier],
) -> Result<Selected, Vec<PErr>> {
    let ai = arch.index();
    let llvm = dialect == Dialect::Llvm;
    let mnemonic = if llvm { d.llvm[ai] } else { d.name[ai] };
    // The VOP3 form (GCN 1.2+): the rows without a VINTRP form, `_e64`, or (clrxasm) any
    // modifier or source modifier.
    let modified = !mods.is_empty() || ops.iter().any(|o| o.neg || o.abs);
    if d.form != Form::Exp && (e64 || d.e32[ai] == X || (modified && !llvm)) {
        if d.e64[ai] == X {
            return Err(vec![perr(
                mn_span.0,
                mn_span.1,
                format!("{mnemonic} has no VOP3 form on {arch}"),
            )]);
        }
        return interp_vop3(arch, dialect, d, id, mn_span, ops, mods);
    }
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
        if let Some((src, _)) = dst_and_source(&mut i, d, ops, llvm, &mut errs) {
            i.set(F::Src0, src & 0xff);
        }
        if ops[1].neg || ops[1].abs {
            errs.push(perr(ops[1].start, ops[1].end, "VINTRP takes no source modifiers"));
        }
        match attribute(&ops[2], llvm) {
            Ok(v) => {
                i.set(F::Attr, v >> 2);
                i.set(F::AttrChan, v & 3);
            }
            Err(e) => errs.push(e),
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

/// An interpolation's VDST (set) and source: a VGPR's operand code (V_INTERP_MOV: the
/// parameter slot) and its NEG and ABS; `None` after an error.
fn dst_and_source(
    i: &mut Instr,
    d: &InstrDef,
    ops: &[Operand],
    llvm: bool,
    errs: &mut Vec<PErr>,
) -> Option<(u32, (bool, bool))> {
    match vgpr(&ops[0], "VDST") {
        Ok(v) => i.set(F::Vdst, v),
        Err(e) => errs.push(e),
    }
    let src = &ops[1];
    let r = if d.form == Form::InterpMov {
        param(src, llvm).map(|k| (k, (false, false)))
    } else {
        match &src.kind {
            OpKind::Reg(r) if r.code >= 256 && r.count == 1 && !src.sext => Ok((r.code as u32, (src.neg, src.abs))),
            _ => Err(perr(src.start, src.end, "VSRC is a VGPR")),
        }
    };
    r.map_err(|e| errs.push(e)).ok()
}

/// V_INTERP_MOV's parameter: its slot (llvm-mc takes the names in lower case only).
fn param(o: &Operand, llvm: bool) -> Result<u32, PErr> {
    name(o)
        .and_then(|n| {
            INTERP_PARAMS
                .iter()
                .position(|p| if llvm { *p == n } else { p.eq_ignore_ascii_case(n) })
        })
        .map(|k| k as u32)
        .ok_or_else(|| perr(o.start, o.end, "the parameter is p10, p20 or p0"))
}

/// An attribute operand: attribute << 2 | channel. clrxasm takes `aTTR26 . W` (any case,
/// spaces around the dot); llvm-mc `attr26.w`.
fn attribute(a: &Operand, llvm: bool) -> Result<u32, PErr> {
    name(a)
        .map(|n| {
            if llvm {
                n.to_string()
            } else {
                n.split_whitespace().collect()
            }
        })
        .filter(|n| !llvm || *n == n.to_ascii_lowercase())
        .and_then(|n| attr_of(&n))
        .ok_or_else(|| PErr {
            help: Some("attributes are attr0..attr63, channels .x .y .z .w".into()),
            ..perr(a.start, a.end, "expected an attribute: attrN.C")
        })
}

/// The VOP3 form of an interpolation (GCN 1.2+): VDST, VSRC (a VGPR, `-`/`|x|`/`abs(x)`;
/// V_INTERP_MOV's parameter), the attribute, a third source (a VGPR or scalar register), then
/// `high`, `clamp`, `mul:2`/`mul:4`/`div:2`; clrxasm's `vop3`, `op_sel:[a,b,c,d]` or
/// `op_sel:N` (GCN 1.4, the four bits as they are), `neg:N`/`abs:N` masks and `name:0|1`.
/// llvm-mc takes `high` only on the f16 rows and an output modifier only on f32 results.
fn interp_vop3(
    arch: Arch,
    dialect: Dialect,
    d: &InstrDef,
    id: DefId,
    mn_span: (usize, usize),
    ops: &[Operand],
    mods: &[Modifier],
) -> Result<Selected, Vec<PErr>> {
    let ai = arch.index();
    let llvm = dialect == Dialect::Llvm;
    let mnemonic = if llvm { d.llvm[ai] } else { d.name[ai] };
    let three = d.form == Form::InterpSrc2;
    let want = if three { 4 } else { 3 };
    if ops.len() != want {
        return Err(super::scalar::count_error(mnemonic, mn_span, ops, want, || {
            match d.form {
                Form::InterpMov => "VDST, p10|p20|p0, attrN.C",
                Form::InterpSrc2 => "VDST, VSRC, attrN.C, SRC2",
                _ => "VDST, VSRC, attrN.C",
            }
            .into()
        }));
    }
    let mut i = Instr::new(arch, Enc::Vop3a);
    i.set_opcode(d.e64[ai]);
    i.def = Some(id);
    let mut errs = Vec::new();
    let (mut neg, mut abs) = (0u32, 0u32);
    if let Some((src, mods)) = dst_and_source(&mut i, d, ops, llvm, &mut errs) {
        i.set(F::Src1, src);
        (neg, abs) = ((mods.0 as u32) << 1, (mods.1 as u32) << 1);
    }
    let mut attr = match attribute(&ops[2], llvm) {
        Ok(v) => (v >> 2) | (v & 3) << 6,
        Err(e) => {
            errs.push(e);
            0
        }
    };
    if three {
        let o = &ops[3];
        let code = match &o.kind {
            OpKind::Reg(r) if r.count == 1 && !o.sext => match crate::operand::classify(arch, r.code) {
                crate::operand::Src::Vgpr(_)
                | crate::operand::Src::Sgpr(_)
                | crate::operand::Src::Ttmp(_)
                | crate::operand::Src::Special(..) => Some(r.code),
                _ => None,
            },
            _ => None,
        };
        match code {
            Some(c) => {
                i.set(F::Src2, c as u32);
                neg |= (o.neg as u32) << 2;
                abs |= (o.abs as u32) << 2;
            }
            None => errs.push(perr(o.start, o.end, "SRC2 is a VGPR or a scalar register")),
        }
    }
    let f32_row = d.e32[ai] != X;
    // `high` is the interpolations' own; the others are VOP3's, read as the vector ALU reads
    // them (`select::gather`: four op_sel bits, as clrxasm takes them here).
    let mut vop3_mods = Vec::with_capacity(mods.len());
    for m in mods {
        let e = |msg: &str| perr(m.start, m.end, msg);
        if llvm && !matches!(m.name.as_str(), "high" | "clamp" | "mul" | "div") {
            errs.push(e(&format!("llvm-mc 14 takes no '{}' on {mnemonic}", m.name)));
        } else if m.name != "high" {
            vop3_mods.push(m.clone());
        } else if llvm && f32_row {
            errs.push(e("llvm-mc 14 takes high only on the f16 interpolations"));
        } else {
            match m.value {
                ModVal::None => attr |= 0x100,
                ModVal::Int(v) if !llvm => attr = attr & !0x100 | u32::from(v != 0) << 8,
                _ => errs.push(e("bad value for high")),
            }
        }
    }
    let r = super::select::gather(&vop3_mods, 3, &mut errs);
    let at = |span: Option<(usize, usize)>| span.unwrap_or(mn_span);
    if let Some((s0, s1)) = r.ext_at {
        errs.push(perr(s0, s1, format!("{mnemonic} has no SDWA or DPP form")));
    }
    if r.raw_src.iter().any(Option::is_some) || r.raw_dst.is_some() || r.raw_op_sel.is_some() {
        errs.push(perr(
            mn_span.0,
            mn_span.1,
            "clrxasm takes no field notes (`vsrc2=`...) on interpolations",
        ));
    }
    if r.op_sel.is_some() && !arch.is_gcn14() {
        let (s0, s1) = at(r.op_sel_at);
        errs.push(perr(s0, s1, format!("{arch} has no op_sel")));
    }
    if llvm && r.omod != 0 && d.dst != crate::isa::Ty::F32 {
        let (s0, s1) = at(r.omod_at);
        errs.push(perr(s0, s1, "llvm-mc 14 takes no output modifier on an f16 result"));
    }
    i.set(F::Clamp, r.clamp as u32);
    i.set(F::Omod, r.omod as u32);
    i.set(F::OpSel, r.op_sel.unwrap_or(0) as u32);
    neg |= r.neg as u32;
    abs |= r.abs as u32;
    i.set(F::Src0, attr);
    i.set(F::Neg, neg);
    i.set(F::Abs, abs);
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
