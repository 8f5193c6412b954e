//! From a parsed statement to a vector memory instruction (DS, FLAT, MUBUF, MTBUF): the row's
//! operands ([`crate::layout`]'s order) as VGPR ranges of the row's widths (FLAT's SGPR base,
//! the buffer resource and offset, `off`), then the class's modifiers (`offset:`, `offset0:`/`offset1:`, `gds`, `glc`,
//! `slc`..., and CLRX's `name=value` notes for fields without an operand), checked as llvm-mc
//! 14 and clrxasm check them.

use super::parse::{perr, ModVal, Modifier, OpKind, Operand, PErr};
use super::scalar::FieldFix;
use super::select::{Fixup, FixupKind, Selected};
use super::Dialect;
use crate::arch::Arch;
use crate::enc::Enc;
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::Form;
use crate::isa::{DefId, Flags, InstrDef};
use crate::layout::{
    buffer_addr_regs, ds_fields, ds_operand, flat_addr_regs, mem_field_name, scalar_aligned, unused_fields, SADDR_OFF,
};

/// A parsed statement as the memory assemblers read it.
struct Stmt<'a> {
    dialect: Dialect,
    llvm: bool,
    mnemonic: &'a str,
    span: (usize, usize),
    ops: &'a [Operand],
    mods: &'a [Modifier],
}

impl Stmt<'_> {
    /// An error on the mnemonic.
    fn at(&self, msg: &str) -> PErr {
        perr(self.span.0, self.span.1, msg)
    }
}

/// Assembles memory row `id` (or, with `id` `None`, an unused opcode of its class, whose
/// generic row `d` is).
#[allow(clippy::too_many_arguments)]
pub(super) fn select(
    arch: Arch,
    dialect: Dialect,
    d: &InstrDef,
    id: Option<DefId>,
    opcode: u16,
    mnemonic: &str,
    mn_span: (usize, usize),
    ops_in: &[Operand],
    mods: &[Modifier],
) -> Result<Selected, Vec<PErr>> {
    let enc = d.short.enc(arch);
    let mut i = Instr::new(arch, enc);
    i.set_opcode(opcode);
    i.def = id;
    // llvm-mc's `lds` after the operands: commas between modifiers are optional in LLVM's
    // syntax, so it arrives as the LDS_DIRECT operand.
    let mut with_lds;
    let (ops_in, mods) = match ops_in.split_last() {
        Some((last, rest)) if matches!(&last.kind, OpKind::Reg(r) if r.code == 254) && enc != Enc::Ds => {
            with_lds = vec![Modifier {
                name: "lds".into(),
                value: ModVal::None,
                eq: false,
                start: last.start,
                end: last.end,
            }];
            with_lds.extend_from_slice(mods);
            (rest, &with_lds[..])
        }
        _ => (ops_in, mods),
    };
    let st = Stmt {
        dialect,
        llvm: dialect == Dialect::Llvm,
        mnemonic,
        span: mn_span,
        ops: ops_in,
        mods,
    };
    match enc {
        Enc::Flat => flat(i, d, &st),
        Enc::Mubuf | Enc::Mtbuf => buffer(i, d, &st),
        Enc::Mimg => image(i, d, &st),
        _ => ds(i, d, &st),
    }
}

/// Assembles DS row `d`: the form's VGPR operands, then [`ds_modifiers`].
fn ds(mut i: Instr, d: &InstrDef, st: &Stmt) -> Result<Selected, Vec<PErr>> {
    let mut specs = ds_fields(d.form).0;
    // llvm-mc writes no operand where CLRX writes VADDR (DS_NOP, DS_GWS_SEMA_V...).
    if d.flags.has(Flags::LLVM_NO_ADDR) && (st.llvm || (st.dialect == Dialect::Auto && st.ops.is_empty())) {
        specs = &[];
    }
    if st.ops.len() != specs.len() {
        return Err(super::scalar::count_error(
            st.mnemonic,
            st.span,
            st.ops,
            specs.len(),
            || {
                let names: Vec<String> = specs.iter().map(|&f| mem_field_name(i.enc, f).to_uppercase()).collect();
                names.join(", ")
            },
        ));
    }
    let mut errs = Vec::new();
    for (o, &f) in st.ops.iter().zip(specs) {
        let name = mem_field_name(i.enc, f);
        set_vgprs(&mut i, f, o, ds_operand(d, f).1.regs(), name, &mut errs);
    }
    let mut fixups = Vec::new();
    ds_modifiers(&mut i, d, st, &mut errs, &mut fixups);
    selected(i, fixups, Vec::new(), errs)
}

/// A range of `regs` VGPRs for the field called `name`: its first register's number.
fn vgprs(o: &Operand, regs: u8, name: &str) -> Result<u16, PErr> {
    let want = || {
        let name = name.to_uppercase();
        if regs == 1 {
            format!("{name} is a VGPR")
        } else {
            format!("{name} is a range of {regs} VGPRs (v[N:N+{}])", regs - 1)
        }
    };
    let OpKind::Reg(r) = &o.kind else {
        return Err(perr(o.start, o.end, want()));
    };
    if o.neg || o.abs || o.sext {
        return Err(perr(o.start, o.end, "memory operands take no source modifiers"));
    }
    if r.code < 256 || (r.count != regs as u16 && !r.any_width) {
        return Err(perr(o.start, o.end, want()));
    }
    let n = r.code - 256;
    if n + regs as u16 > 256 {
        return Err(perr(o.start, o.end, "register range runs past the end of its file"));
    }
    Ok(n)
}

/// DS's modifiers: `offset:` (16 bits; LLVM's `swizzle(...)` on DS_SWIZZLE_B32 arrives as its
/// value), `offset0:`/`offset1:` (8 bits each, the two-address forms), `gds`, CLRX's notes.
fn ds_modifiers(i: &mut Instr, d: &InstrDef, st: &Stmt, errs: &mut Vec<PErr>, fixups: &mut Vec<Fixup>) {
    let (llvm, dialect, mods) = (st.llvm, st.dialect, st.mods);
    let two = d.flags.has(Flags::OFFSET2);
    let mut gds = false;
    for m in mods {
        let e = |msg: String| perr(m.start, m.end, msg);
        let value = |max: i64| -> Result<u32, PErr> {
            match m.value {
                ModVal::Int(v) if (0..=max).contains(&v) => Ok(v as u32),
                ModVal::Int(v) => Err(e(format!("{} must be 0..{max}, got {v}", m.name))),
                _ => Err(e(format!("{} needs a value ({}:N)", m.name, m.name))),
            }
        };
        // A symbol defined later: the offset bits are patched when it is.
        if let ModVal::Forward { symbol, start, end } = &m.value {
            let bits = match (m.name.as_str(), two) {
                ("offset", false) => Some((0, 16)),
                ("offset0", true) => Some((0, 8)),
                ("offset1", true) => Some((8, 8)),
                _ => None,
            };
            if let Some((lo, bits)) = bits {
                fixups.push(offset_fixup(symbol, (*start, *end), lo, 0, (1 << bits) - 1, bits));
                continue;
            }
        }
        let r = match m.name.as_str() {
            "offset" if !two && !m.eq => value(0xffff).map(|v| {
                i.set(F::Offset0, v & 0xff);
                i.set(F::Offset1, v >> 8);
            }),
            "offset0" | "offset1" if two && !m.eq => {
                value(0xff).map(|v| i.set(if m.name == "offset0" { F::Offset0 } else { F::Offset1 }, v))
            }
            "offset" => Err(e(format!(
                "{} takes offset0:/offset1:, not offset:",
                d.name[i.arch.index()]
            ))),
            "offset0" | "offset1" => Err(e(format!("{} takes one offset (offset:N)", d.name[i.arch.index()]))),
            // CLRX also takes `gds:0`/`gds:1`.
            "gds" if !m.eq => match m.value {
                ModVal::None => {
                    gds = true;
                    Ok(())
                }
                ModVal::Int(v @ (0 | 1)) if !llvm => {
                    gds = v == 1;
                    Ok(())
                }
                _ => Err(e("gds takes no value".into())),
            },
            name if m.eq && !llvm => note(i, d, name, &m.value).map_err(e),
            name => Err(e(format!("unknown modifier '{name}' for a DS instruction"))),
        };
        if let Err(x) = r {
            errs.push(x);
        }
    }
    // GWS and DS_ORDERED_COUNT work on GDS only: llvm-mc sets `gds` itself, clrxasm wants it
    // written.
    if d.flags.has(Flags::GDS) && !gds {
        if dialect == Dialect::Clrx && d.flags.has(Flags::GWS) {
            errs.push(st.at("this instruction requires the gds modifier"));
        }
        gds = dialect != Dialect::Clrx;
    }
    if llvm && gds && d.flags.has(Flags::LLVM_NO_GDS) {
        errs.push(st.at("llvm-mc 14 takes no gds here"));
    }
    if llvm && d.flags.has(Flags::LLVM_BARE) {
        if let Some(m) = mods.first() {
            errs.push(perr(m.start, m.end, "llvm-mc 14 takes no modifiers here"));
        }
    }
    i.set(F::Gds, gds as u32);
}

/// CLRX's `name=value` note for a field the row has no operand for (`vdst=0x8b`).
fn note(i: &mut Instr, d: &InstrDef, name: &str, v: &ModVal) -> Result<(), String> {
    let field_name = |f: F| mem_field_name(i.enc, f);
    let Some(&f) = unused_fields(i, d).iter().find(|&&f| field_name(f) == name) else {
        let operand = [F::Vaddr, F::Vdata, F::Data1, F::Vdst]
            .iter()
            .any(|&f| i.fields().has(f) && field_name(f) == name);
        return Err(if operand {
            format!("{name} is an operand of this instruction, not a note")
        } else {
            format!("unknown field '{name}'")
        });
    };
    match *v {
        ModVal::Int(x) if (0..256).contains(&x) => {
            i.set(f, x as u32);
            Ok(())
        }
        _ => Err(format!("{name} must be 0..255")),
    }
}

/// Is operand `o` the word `off` (no address, no SGPR base)?
fn is_off(o: &Operand) -> bool {
    matches!(&o.kind, OpKind::Forward(s) if s.eq_ignore_ascii_case("off"))
}

/// Assembles FLAT row `d` (SCRATCH and GLOBAL by its segment: opcode >> 7 on GCN 1.4): VDST
/// (atomics: written with glc in LLVM's syntax; CLRX writes it always or leaves it out),
/// VADDR, VDATA, then SCRATCH/GLOBAL's SADDR or `off`.
fn flat(mut i: Instr, d: &InstrDef, st: &Stmt) -> Result<Selected, Vec<PErr>> {
    let llvm = st.llvm;
    let seg = i.get(F::Seg);
    let (has_dst, has_data) = match d.form {
        Form::FlatLoad => (true, false),
        Form::FlatStore => (false, true),
        _ => (true, true),
    };
    let full = has_dst as usize + 1 + has_data as usize + (seg != 0) as usize;
    // An atomic may leave its destination out (it returns nothing without glc).
    let with_dst = has_dst && (st.ops.len() == full || d.form != Form::FlatAtomic);
    if st.ops.len() != full && !(d.form == Form::FlatAtomic && st.ops.len() + 1 == full) {
        return Err(super::scalar::count_error(st.mnemonic, st.span, st.ops, full, || {
            let mut names = vec!["VDST", "VADDR", "VDATA", "SADDR"];
            names.retain(|&n| match n {
                "VDST" => has_dst,
                "VDATA" => has_data,
                "SADDR" => seg != 0,
                _ => true,
            });
            names.join(", ")
        }));
    }
    let mut errs = Vec::new();
    let mut fixups = Vec::new();
    for m in st.mods {
        // TFE, NV and LDS have no LLVM 14 syntax.
        const BITS: [F; 5] = [F::Glc, F::Slc, F::Tfe, F::Nv, F::Lds];
        let r = match m.name.as_str() {
            "offset" | "inst_offset" if !m.eq && (!llvm || m.name == "offset") => {
                flat_offset(&mut i, seg, m, &mut fixups)
            }
            name if m.eq && !llvm => note(&mut i, d, name, &m.value),
            name => bit_modifier(&mut i, m, llvm, &BITS, &BITS[..2])
                .unwrap_or_else(|| Err(format!("unknown modifier '{name}' for a FLAT instruction"))),
        };
        if let Err(x) = r {
            errs.push(perr(m.start, m.end, x));
        }
    }
    let (glc, tfe) = (i.get(F::Glc) != 0, i.get(F::Tfe) != 0);
    if d.form == Form::FlatAtomic && (glc && !with_dst || llvm && with_dst && !glc) {
        errs.push(st.at(if glc {
            "instruction must not use glc (an atomic without a destination returns nothing)"
        } else {
            "instruction must use glc (an atomic returns its destination with glc)"
        }));
    }
    let mut ops = st.ops.iter();
    if with_dst {
        let o = ops.next().unwrap();
        set_vgprs(&mut i, F::Vdst, o, d.dst.regs() + tfe as u8, "vdst", &mut errs);
    }
    let addr = ops.next().unwrap();
    let data = if has_data { ops.next() } else { None };
    // SCRATCH/GLOBAL: the SGPR base decides VADDR's width.
    if let Some(o) = ops.next() {
        match saddr(i.arch, o, seg, st.llvm) {
            Ok(code) => i.set(F::Saddr, code as u32),
            Err(x) => errs.push(x),
        }
    }
    match (flat_addr_regs(&i), is_off(addr)) {
        (0, true) => {} // SCRATCH's address is the SGPR base alone.
        (_, true) => errs.push(perr(
            addr.start,
            addr.end,
            "VADDR may be off only in SCRATCH instructions with an SGPR base",
        )),
        (0, false) => errs.push(perr(
            addr.start,
            addr.end,
            "SCRATCH takes VADDR or SADDR, not both: VADDR is off beside an SGPR base",
        )),
        (regs, false) => set_vgprs(&mut i, F::Vaddr, addr, regs, "vaddr", &mut errs),
    }
    if let Some(o) = data {
        set_vgprs(&mut i, F::Vdata, o, d.src[0].regs(), "vdata", &mut errs);
    }
    selected(i, fixups, Vec::new(), errs)
}

/// A modifier that sets one bit among `fields` (named as the fields are: `glc`, `offen`...),
/// `None` if `m` names none of them. CLRX also takes `name:N` (N not zero sets the bit);
/// llvm-mc takes only `llvm_fields`, and no value.
fn bit_modifier(
    i: &mut Instr,
    m: &Modifier,
    llvm: bool,
    fields: &[F],
    llvm_fields: &[F],
) -> Option<Result<(), String>> {
    let &f = fields.iter().find(|f| !m.eq && f.name() == m.name)?;
    let on = match m.value {
        ModVal::None => true,
        ModVal::Int(v) if !llvm => v != 0,
        _ => return Some(Err(format!("{} takes no value", m.name))),
    };
    Some(if llvm && !llvm_fields.contains(&f) {
        Err(format!(
            "llvm-mc 14 has no {} modifier on {} (CLRX's syntax has)",
            m.name,
            i.enc.name()
        ))
    } else if !i.fields().has(f) {
        Err(format!("{} has no {} modifier on {}", i.arch, m.name, i.enc.name()))
    } else {
        i.set(f, on as u32);
        Ok(())
    })
}

/// An offset field (bits `lo`.. of the first dword, `bits` wide, values `min..=max`) patched
/// when `symbol` is defined.
fn offset_fixup(symbol: &str, (start, end): (usize, usize), lo: u8, min: i64, max: i64, bits: u32) -> Fixup {
    Fixup {
        symbol: symbol.to_string(),
        word: 0,
        kind: FixupKind::Bits {
            lo,
            fix: FieldFix {
                lo: min,
                hi: max,
                bits,
                wrap_llvm: false,
            },
        },
        start,
        end,
    }
}

/// SCRATCH's one SGPR, GLOBAL's aligned pair (clrxasm: a TTMP pair at any TTMP), or `off`:
/// the SADDR code.
fn saddr(arch: Arch, o: &Operand, seg: u32, llvm: bool) -> Result<u16, PErr> {
    if is_off(o) {
        return Ok(SADDR_OFF);
    }
    let regs = if seg == 1 { 1 } else { 2 };
    let want = || {
        let what = if regs == 1 { "an SGPR" } else { "an aligned SGPR pair" };
        perr(o.start, o.end, format!("SADDR is {what} or off"))
    };
    match &o.kind {
        OpKind::Reg(r)
            if r.code < SADDR_OFF
                && r.count == regs
                && (scalar_aligned(r.code, regs as u8)
                    || (!llvm && matches!(crate::operand::classify(arch, r.code), crate::operand::Src::Ttmp(_)))) =>
        {
            Ok(r.code)
        }
        _ => Err(want()),
    }
}

/// GCN 1.4's FLAT offset: 12 bits unsigned for FLAT, 13 bits signed for SCRATCH and GLOBAL.
fn flat_offset(i: &mut Instr, seg: u32, m: &Modifier, fixups: &mut Vec<Fixup>) -> Result<(), String> {
    if !i.fields().has(F::Offset) {
        return Err(format!("{} has no FLAT offset (GCN 1.4 has)", i.arch));
    }
    let (lo, hi, what) = if seg == 0 {
        (0, 4095, "a 12-bit unsigned offset (0..4095)")
    } else {
        (-4096, 4095, "a 13-bit signed offset (-4096..4095)")
    };
    match &m.value {
        ModVal::Int(v) if (lo..=hi).contains(v) => {
            i.set(F::Offset, (*v as u32) & 0x1fff);
            Ok(())
        }
        ModVal::Forward { symbol, start, end } => {
            fixups.push(offset_fixup(symbol, (*start, *end), 0, lo, hi, 13));
            Ok(())
        }
        _ => Err(format!("{} takes {what}", m.name)),
    }
}

/// Assembles MUBUF/MTBUF row `d`: VDATA (CLRX counts TFE's extra register, llvm-mc does not),
/// VADDR (`off` without OFFEN/IDXEN/ADDR64; CLRX may also write a VGPR there or leave it
/// out), SRSRC, SOFFSET; the addressing, cache and format modifiers in any order.
fn buffer(mut i: Instr, d: &InstrDef, st: &Stmt) -> Result<Selected, Vec<PErr>> {
    const BITS: [F; 7] = [F::Offen, F::Idxen, F::Addr64, F::Glc, F::Slc, F::Lds, F::Tfe];
    let llvm = st.llvm;
    let arch = i.arch;
    let mut errs = Vec::new();
    let mut fixups = Vec::new();
    let mut warnings = Vec::new();
    if i.enc == Enc::Mtbuf {
        i.set(F::Dfmt, 1);
    }
    for m in st.mods {
        let e = |msg: String| perr(m.start, m.end, msg);
        let r = match m.name.as_str() {
            "offset" if !m.eq => match &m.value {
                ModVal::Int(v) if (0..4096).contains(v) => {
                    i.set(F::Offset, *v as u32);
                    Ok(())
                }
                // clrxasm keeps the low 12 bits, with a warning.
                ModVal::Int(v) if !llvm => {
                    i.set(F::Offset, (*v & 0xfff) as u32);
                    warnings.push(e(format!("offset {v} truncated to 12 bits: {}", *v & 0xfff)));
                    Ok(())
                }
                ModVal::Forward { symbol, start, end } => {
                    fixups.push(offset_fixup(symbol, (*start, *end), 0, 0, 4095, 12));
                    Ok(())
                }
                _ => Err("offset takes a 12-bit unsigned offset (0..4095)".to_string()),
            },
            "format" if !m.eq && i.enc == Enc::Mtbuf => format(&mut i, &m.value),
            name if m.eq && !llvm => note(&mut i, d, name, &m.value),
            name => bit_modifier(&mut i, m, llvm, &BITS, &BITS)
                .unwrap_or_else(|| Err(format!("unknown modifier '{name}' for a {} instruction", i.enc.name()))),
        };
        if let Err(x) = r {
            errs.push(e(x));
        }
    }
    let (lds, tfe) = (i.get(F::Lds) != 0, i.get(F::Tfe) != 0);
    let at = |msg: &str| st.at(msg);
    if d.form == Form::BufStoreLds && llvm {
        i.set(F::Lds, 1); // llvm-mc writes it itself
    }
    if lds && tfe {
        errs.push(at("lds and tfe cannot be set together"));
    }
    if i.get(F::Addr64) != 0 && (i.get(F::Offen) | i.get(F::Idxen)) != 0 {
        errs.push(at("addr64 takes no offen or idxen"));
    }
    if llvm && lds && d.form != Form::BufStoreLds {
        let ok = d.flags.has(Flags::LLVM_LDS) || (d.flags.has(Flags::LLVM_LDS_VI) && arch.is_vi_plus());
        if !ok {
            errs.push(at(
                "llvm-mc 14 takes lds on this instruction nowhere (CLRX's syntax does)",
            ));
        }
    }
    if llvm && tfe && d.form == Form::BufAtomic {
        errs.push(at("llvm-mc 14 takes no tfe on atomics"));
    }
    let addressed = (i.get(F::Offen) | i.get(F::Idxen) | i.get(F::Addr64)) != 0;
    let (want, names): (usize, &str) = match d.form {
        Form::BufNone => (0, ""),
        Form::BufStoreLds => (2, "SRSRC, SOFFSET"),
        _ => (4, "VDATA, VADDR, SRSRC, SOFFSET"),
    };
    // CLRX lets VADDR out where nothing addresses.
    let short = !llvm && want == 4 && st.ops.len() == 3 && !addressed;
    if st.ops.len() != want && !short {
        errs.extend(super::scalar::count_error(st.mnemonic, st.span, st.ops, want, || {
            names.to_string()
        }));
        return Err(errs);
    }
    let mut ops = st.ops.iter();
    if want == 4 {
        let data = ops.next().unwrap();
        let regs = crate::layout::buffer_data_regs(arch, d) + (tfe && !llvm) as u8;
        set_vgprs(&mut i, F::Vdata, data, regs, "vdata", &mut errs);
        if !short {
            let addr = ops.next().unwrap();
            if is_off(addr) {
                if addressed {
                    errs.push(perr(
                        addr.start,
                        addr.end,
                        "VADDR is required with offen, idxen or addr64",
                    ));
                }
            } else if llvm && !addressed {
                errs.push(perr(
                    addr.start,
                    addr.end,
                    "VADDR is off without offen, idxen or addr64 (llvm-mc)",
                ));
            } else {
                let regs = buffer_addr_regs(&i);
                set_vgprs(&mut i, F::Vaddr, addr, regs, "vaddr", &mut errs);
            }
        }
    }
    if want >= 2 {
        let rsrc = ops.next().unwrap();
        match super::scalar::reg(arch, llvm, rsrc, 4, false) {
            Ok(c) if c < 128 && c % 4 == 0 => i.set(F::Srsrc, (c / 4) as u32),
            Ok(_) => errs.push(perr(
                rsrc.start,
                rsrc.end,
                "SRSRC is four SGPRs starting at a multiple of 4",
            )),
            Err(x) => errs.push(x),
        }
        let soff = ops.next().unwrap();
        let code = match &soff.kind {
            OpKind::Reg(_) => super::scalar::reg(arch, llvm, soff, 1, false),
            OpKind::Const(v) => super::select::inline_code(arch, *v, crate::isa::Ty::B32, llvm).ok_or_else(|| {
                perr(
                    soff.start,
                    soff.end,
                    "SOFFSET takes an SGPR or an inline constant, not a literal",
                )
            }),
            _ => Err(perr(soff.start, soff.end, "SOFFSET is an SGPR or an inline constant")),
        };
        match code {
            Ok(c) => i.set(F::Soffset, c as u32),
            Err(x) => errs.push(x),
        }
    }
    selected(i, fixups, warnings, errs)
}

/// Assembles MIMG row `d`: the modifiers first (DMASK, TFE and D16 set the data count),
/// then VDATA, VADDR (any count from the row's least: the hardware does not encode it), SRSRC
/// (eight SGPRs; four with CLRX's `r128` before GCN 1.4) and a sample's SSAMP. llvm-mc 14 wants
/// the modifiers in its order, DMASK 0 by default, its atomic and gather DMASKs; clrxasm
/// DMASK 1 by default, never 0, and `unorm` on stores and atomics.
fn image(mut i: Instr, d: &InstrDef, st: &Stmt) -> Result<Selected, Vec<PErr>> {
    const BITS: [F; 8] = [F::Unorm, F::Glc, F::Slc, F::R128, F::Tfe, F::Lwe, F::Da, F::D16];
    let (llvm, arch) = (st.llvm, i.arch);
    let gfx9 = arch.is_gcn14();
    let mut errs = Vec::new();
    let mut warnings = Vec::new();
    i.set(F::Dmask, (!llvm) as u32);
    // llvm-mc's order; an earlier-or-equal position after a later one is out of order.
    let mut last = 0;
    for m in st.mods {
        let e = |msg: String| perr(m.start, m.end, msg);
        let name = match m.name.as_str() {
            "a16" if gfx9 => "r128",
            "r128" if gfx9 => {
                errs.push(e("GCN 1.4 calls bit 15 a16 (16-bit addresses), not r128".into()));
                continue;
            }
            "a16" => {
                errs.push(e(format!("{arch} has no a16 (bit 15 is r128 before GCN 1.4)")));
                continue;
            }
            n => n,
        };
        let pos = match BITS.iter().position(|f| f.name() == name) {
            Some(k) => k + 2,
            None => usize::from(name == "dmask"),
        };
        if llvm && pos > 0 && pos <= last {
            errs.push(e(
                "llvm-mc 14 takes MIMG modifiers once each, in the order dmask unorm glc slc r128|a16 tfe lwe da d16"
                    .into(),
            ));
        }
        last = last.max(pos);
        let r = if name == "dmask" && !m.eq {
            match m.value {
                ModVal::Int(0) if !llvm => Err("clrxasm takes no dmask:0 (a zero mask is illegal)".to_string()),
                ModVal::Int(v) if (0..16).contains(&v) => {
                    i.set(F::Dmask, v as u32);
                    Ok(())
                }
                // clrxasm keeps the low 4 bits, with a warning.
                ModVal::Int(v) if !llvm && v & 15 != 0 => {
                    i.set(F::Dmask, (v & 15) as u32);
                    warnings.push(e(format!("dmask {v} truncated to 4 bits: {}", v & 15)));
                    Ok(())
                }
                _ => Err("dmask takes a 4-bit mask (0..15)".to_string()),
            }
        } else {
            let renamed = Modifier {
                name: name.to_string(),
                ..m.clone()
            };
            bit_modifier(&mut i, &renamed, llvm, &BITS, &BITS)
                .unwrap_or_else(|| Err(format!("unknown modifier '{}' for a MIMG instruction", m.name)))
        };
        if let Err(x) = r {
            errs.push(e(x));
        }
    }
    let at = |msg: &str| st.at(msg);
    let dmask = i.get(F::Dmask);
    let store_or_atomic = matches!(d.form, Form::MimgStore | Form::MimgAtomic);
    if st.dialect == super::Dialect::Clrx && store_or_atomic && i.get(F::Unorm) == 0 {
        errs.push(at("clrxasm wants unorm on image stores and atomics"));
    }
    if llvm && d.flags.has(Flags::GATHER) && dmask.count_ones() != 1 {
        errs.push(at("a gather's dmask has exactly one bit set (llvm-mc 14)"));
    }
    // clrxasm wants a gather's four VGPRs whatever TFE and D16 say.
    let data = if llvm {
        crate::layout::llvm_image_data_regs(&i, d)
    } else if d.flags.has(Flags::GATHER) {
        Some(4)
    } else {
        Some(crate::layout::image_data_regs(&i, d))
    };
    let Some(data) = data else {
        errs.push(at(
            "llvm-mc 14 has no form of this instruction with this dmask, tfe and d16",
        ));
        return Err(errs);
    };
    let want = if d.form == Form::MimgSample { 4 } else { 3 };
    if st.ops.len() != want {
        errs.extend(super::scalar::count_error(st.mnemonic, st.span, st.ops, want, || {
            if want == 4 {
                "VDATA, VADDR, SRSRC, SSAMP"
            } else {
                "VDATA, VADDR, SRSRC"
            }
            .to_string()
        }));
        return Err(errs);
    }
    set_vgprs(&mut i, F::Vdata, &st.ops[0], data, "vdata", &mut errs);
    let addr = &st.ops[1];
    let (llvm_min, _) = crate::layout::image_addr_regs(d);
    let least = if llvm {
        llvm_min
    } else {
        crate::layout::image_addr_least(d)
    };
    match &addr.kind {
        OpKind::Reg(r) if r.code >= 256 && (least as u16..=13).contains(&r.count) => {
            set_vgprs(&mut i, F::Vaddr, addr, r.count as u8, "vaddr", &mut errs);
        }
        _ => errs.push(perr(
            addr.start,
            addr.end,
            format!("VADDR is a range of {least} to 13 VGPRs for this instruction"),
        )),
    }
    let r128 = i.get(F::R128) != 0 && !gfx9;
    let srsrc_regs = if r128 && !llvm { 4 } else { 8 };
    let mut sgprs = |f: F, o: &Operand, regs: u8, name: &str| {
        let mut r = super::scalar::reg(arch, llvm, o, regs, false);
        // Either assembler's resource width in the mixed dialect.
        if r.is_err() && st.dialect == super::Dialect::Auto && f == F::Srsrc && r128 {
            r = super::scalar::reg(arch, llvm, o, 8, false);
        }
        match r {
            Ok(c) if c < 128 && c % 4 == 0 => i.set(f, (c / 4) as u32),
            Ok(_) => errs.push(perr(
                o.start,
                o.end,
                format!("{name} is {regs} SGPRs starting at a multiple of 4"),
            )),
            Err(x) => errs.push(x),
        }
    };
    sgprs(F::Srsrc, &st.ops[2], srsrc_regs, "SRSRC");
    if want == 4 {
        sgprs(F::Ssamp, &st.ops[3], 4, "SSAMP");
    }
    selected(i, Vec::new(), warnings, errs)
}

/// MTBUF's `format:[D,N]` (either part alone; CLRX's short names or LLVM's BUF_DATA_FORMAT_*/
/// BUF_NUM_FORMAT_*, any case) or LLVM's `format:N` (DFMT | NFMT << 4).
fn format(i: &mut Instr, v: &ModVal) -> Result<(), String> {
    use crate::syntax::memory::{DATA_FORMATS, NUM_FORMATS};
    match v {
        ModVal::Int(n) if (0..128).contains(n) => {
            i.set(F::Dfmt, (*n & 15) as u32);
            i.set(F::Nfmt, (*n >> 4) as u32);
            Ok(())
        }
        ModVal::Words(words) if (1..=2).contains(&words.len()) => {
            for (k, w) in words.iter().enumerate() {
                // clrxasm's `@N`: the number itself (data format first, then number format).
                if let Some(n) = w.strip_prefix('@') {
                    let (f, max) = if k == 0 { (F::Dfmt, 16) } else { (F::Nfmt, 8) };
                    match n.parse::<u32>() {
                        Ok(n) if n < max => i.set(f, n),
                        _ => return Err(format!("{w} is no {} number", f.name())),
                    }
                    continue;
                }
                let up = w.to_ascii_uppercase();
                let d = match up.strip_prefix("BUF_DATA_FORMAT_") {
                    Some(rest) => DATA_FORMATS.iter().position(|f| f.1 == rest),
                    None => DATA_FORMATS.iter().position(|f| f.0.eq_ignore_ascii_case(w)),
                };
                let n = match up.strip_prefix("BUF_NUM_FORMAT_") {
                    Some(rest) => NUM_FORMATS
                        .iter()
                        .position(|f| f.1 == rest && !i.arch.is_vi_plus() || f.2 == rest && i.arch.is_vi_plus()),
                    None => NUM_FORMATS.iter().position(|f| f.0.eq_ignore_ascii_case(w)),
                };
                match (d, n) {
                    (Some(d), _) if !up.starts_with("BUF_NUM") => i.set(F::Dfmt, d as u32),
                    (_, Some(n)) => i.set(F::Nfmt, n as u32),
                    _ => return Err(format!("unknown data or number format '{w}'")),
                }
            }
            Ok(())
        }
        _ => Err("format takes [DATA_FORMAT,NUMBER_FORMAT] or a number 0..127".into()),
    }
}

/// Sets VGPR field `f` from operand `o` (a range of `regs`), or notes the error.
fn set_vgprs(i: &mut Instr, f: F, o: &Operand, regs: u8, name: &str, errs: &mut Vec<PErr>) {
    match vgprs(o, regs, name) {
        Ok(n) => i.set(f, n as u32),
        Err(x) => errs.push(x),
    }
}

/// The instruction, or every error found.
fn selected(i: Instr, fixups: Vec<Fixup>, warnings: Vec<PErr>, errs: Vec<PErr>) -> Result<Selected, Vec<PErr>> {
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Selected {
        instr: i,
        fixups,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::super::assemble;
    use super::Dialect;
    use crate::arch::Arch;
    use crate::diag::Severity;

    /// Words of `src` on GCN 1.4, or the error count.
    fn gfx9(dialect: Dialect, src: &str) -> Result<Vec<u32>, usize> {
        let (items, diags) = assemble(Arch::Gcn14, dialect, "t.s", src);
        let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
        if errors > 0 {
            return Err(errors);
        }
        Ok(items.iter().flat_map(|i| i.words().to_vec()).collect())
    }

    /// SCRATCH addresses through VADDR or SADDR, never both (clrxasm and llvm-mc refuse it).
    #[test]
    fn scratch_takes_vaddr_or_saddr() {
        for dialect in [Dialect::Clrx, Dialect::Llvm] {
            assert_eq!(
                gfx9(dialect, "scratch_load_dword v4, off, s10"),
                Ok(vec![0xdc504000, 0x040a0000])
            );
            assert_eq!(
                gfx9(dialect, "scratch_load_dword v4, v6, off"),
                Ok(vec![0xdc504000, 0x047f0006])
            );
            assert_eq!(gfx9(dialect, "scratch_load_dword v4, v6, s10"), Err(1));
            assert_eq!(gfx9(dialect, "scratch_load_dword v4, off, off"), Err(1));
        }
    }

    /// A bit modifier: CLRX's `name:N` sets it for N not zero; llvm-mc takes no value and
    /// none of CLRX's FLAT-only bits.
    #[test]
    fn bit_modifiers_by_dialect() {
        let load = "global_load_dword v4, v[6:7], off";
        assert_eq!(
            gfx9(Dialect::Clrx, &format!("{load} glc:7 slc:0")),
            Ok(vec![0xdc518000, 0x047f0006])
        );
        assert_eq!(gfx9(Dialect::Llvm, &format!("{load} glc:1")), Err(1));
        assert_eq!(
            gfx9(Dialect::Clrx, &format!("{load} nv")),
            Ok(vec![0xdc508000, 0x04ff0006])
        );
        assert_eq!(gfx9(Dialect::Llvm, &format!("{load} nv")), Err(1));
    }
}
