//! From a parsed statement to a vector memory instruction (DS so far): the row's operands
//! ([`crate::layout`]'s order) as VGPR ranges of the row's widths, then the class's modifiers
//! (`offset:`, `offset0:`/`offset1:`, `gds`, and CLRX's `name=value` notes for fields without
//! an operand), checked as llvm-mc 14 and clrxasm check them.

use super::parse::{ModVal, Modifier, OpKind, Operand, PErr};
use super::scalar::FieldFix;
use super::select::{Fixup, FixupKind, Selected};
use super::Dialect;
use crate::arch::Arch;
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::{DefId, Flags, InstrDef};
use crate::layout::{ds_field_name, ds_fields, ds_operand, unused_fields};

fn perr(start: usize, end: usize, msg: impl Into<String>) -> PErr {
    PErr {
        start,
        end,
        msg: msg.into(),
        help: None,
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
    i.opcode = opcode;
    i.set(F::Op, opcode as u32);
    i.def = id;
    let llvm = dialect == Dialect::Llvm;
    let mut specs = ds_fields(d.form).0;
    // llvm-mc writes no operand where CLRX writes VADDR (DS_NOP, DS_GWS_SEMA_V...).
    if d.flags.has(Flags::LLVM_NO_ADDR) && (llvm || (dialect == Dialect::Auto && ops_in.is_empty())) {
        specs = &[];
    }
    if ops_in.len() != specs.len() {
        return Err(super::scalar::count_error(
            mnemonic,
            mn_span,
            ops_in,
            specs.len(),
            || {
                let names: Vec<String> = specs.iter().map(|&f| ds_field_name(f).to_uppercase()).collect();
                names.join(", ")
            },
        ));
    }
    let mut errs = Vec::new();
    for (o, &f) in ops_in.iter().zip(specs) {
        match vgprs(o, ds_operand(d, f).1.regs(), f) {
            Ok(n) => i.set(f, n as u32),
            Err(e) => errs.push(e),
        }
    }
    let mut fixups = Vec::new();
    ds_modifiers(&mut i, d, dialect, mods, mn_span, &mut errs, &mut fixups);
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Selected {
        instr: i,
        fixups,
        warnings: Vec::new(),
    })
}

/// A range of `regs` VGPRs for field `f`: its first register's number.
fn vgprs(o: &Operand, regs: u8, f: F) -> Result<u16, PErr> {
    let want = || {
        let name = ds_field_name(f).to_uppercase();
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
fn ds_modifiers(
    i: &mut Instr,
    d: &InstrDef,
    dialect: Dialect,
    mods: &[Modifier],
    mn_span: (usize, usize),
    errs: &mut Vec<PErr>,
    fixups: &mut Vec<Fixup>,
) {
    let llvm = dialect == Dialect::Llvm;
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
                let hi = (1 << bits) - 1;
                fixups.push(Fixup {
                    symbol: symbol.clone(),
                    word: 0,
                    kind: FixupKind::Bits {
                        lo,
                        fix: FieldFix {
                            lo: 0,
                            hi,
                            bits,
                            wrap_llvm: false,
                        },
                    },
                    start: *start,
                    end: *end,
                });
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
            errs.push(perr(mn_span.0, mn_span.1, "this instruction requires the gds modifier"));
        }
        gds = dialect != Dialect::Clrx;
    }
    if llvm && gds && d.flags.has(Flags::LLVM_NO_GDS) {
        errs.push(perr(mn_span.0, mn_span.1, "llvm-mc 14 takes no gds here"));
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
    let Some(&f) = unused_fields(i, d).iter().find(|&&f| ds_field_name(f) == name) else {
        return Err(if ds_fields(d.form).0.iter().any(|&f| ds_field_name(f) == name) {
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
