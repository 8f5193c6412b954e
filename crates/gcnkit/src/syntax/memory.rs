//! The vector memory classes (DS, FLAT, MUBUF, MTBUF, MIMG) in both dialects: the row's operands
//! ([`crate::layout`]) then the class's modifiers. LLVM's text cannot say every word (fields
//! its form has no operand for, GWS without `gds`, FLAT's TFE): [`print`] returns `false`
//! there and the caller prints data. The CLRX text always exists; [`loses_bits`] says when
//! clrxasm would read it back as other words.

use super::text::{dec, hex, reg_range, sdec};
use super::Syntax;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{Flags, Form, InstrDef};
use crate::layout::{mem_field_name, operands, unused_fields, Role, Slot, Slots};
use crate::operand::{classify, Src};

/// Appends the text of memory instruction `i` (row `d`, or its class's generic row for an
/// unused opcode) under `mnemonic`; `false`: LLVM's syntax cannot say it.
pub(super) fn print(out: &mut String, i: &Instr, d: &InstrDef, mnemonic: &str, syn: Syntax) -> bool {
    print_with(out, i, d, &operands(i, d), mnemonic, syn)
}

/// [`print`] over the operand list `ops` of `i`.
fn print_with(out: &mut String, i: &Instr, d: &InstrDef, ops: &Slots, mnemonic: &str, syn: Syntax) -> bool {
    let llvm = syn == Syntax::Llvm;
    let llvm_image;
    let ops = if llvm && i.enc == Enc::Mimg {
        match llvm_image_ops(i, d, ops) {
            Some(o) => {
                llvm_image = o;
                &llvm_image
            }
            None => return false,
        }
    } else {
        ops
    };
    if llvm && !llvm_can_say(i, d, ops) {
        return false;
    }
    out.push_str(mnemonic);
    let mut first = true;
    for s in ops.as_slice() {
        if llvm && !llvm_shows(i, d, s) {
            continue;
        }
        out.push_str(if first { " " } else { ", " });
        first = false;
        if !operand(out, i, s, llvm) {
            return false;
        }
    }
    let said = match i.enc {
        Enc::Flat => {
            flat_modifiers(out, i, llvm);
            true
        }
        Enc::Mubuf | Enc::Mtbuf => {
            buffer_modifiers(out, i, d, llvm);
            true
        }
        Enc::Mimg => {
            image_modifiers(out, i, llvm);
            true
        }
        _ => ds_modifiers(out, i, d, llvm),
    };
    if !said {
        return false;
    }
    if !llvm {
        notes(out, i, d);
    }
    true
}

/// One memory operand: VGPRs, SGPRs (FLAT's base, the buffer resource and offset) or `off`;
/// `false`: LLVM has no text for it.
fn operand(out: &mut String, i: &Instr, s: &Slot, llvm: bool) -> bool {
    let buffer = matches!(i.enc, Enc::Mubuf | Enc::Mtbuf);
    if s.is_off() || (llvm && buffer && s.role == Role::Vaddr && !buffer_addressed(i)) {
        out.push_str("off");
    } else if matches!(s.role, Role::Saddr | Role::Srsrc | Role::Soffset | Role::Ssamp) {
        return super::scalar::register(out, i.arch, s, None, llvm);
    } else {
        // llvm-mc does not count TFE's extra data register.
        let extra = (llvm && buffer && s.role != Role::Vaddr) as u8 * i.get(F::Tfe) as u8;
        reg_range(out, "v", s.code - 256, (s.regs - extra) as u16);
    }
    true
}

/// Does a MUBUF/MTBUF word use VADDR (OFFEN, IDXEN or ADDR64)?
fn buffer_addressed(i: &Instr) -> bool {
    i.get(F::Offen) | i.get(F::Idxen) | i.get(F::Addr64) != 0
}

/// The CLRX text of `i` and whether clrxasm would read it back as other words (one operand
/// list serves both).
pub(super) fn print_clrx(out: &mut String, i: &Instr, d: &InstrDef, mnemonic: &str) -> bool {
    let ops = operands(i, d);
    print_with(out, i, d, &ops, mnemonic, Syntax::Clrx);
    loses_bits_of(i, &ops)
}

/// Would the CLRX text of `i` read back as other words? Bits no field holds, and register
/// ranges past v255 (clrxdisasm writes `v[255:0]`, which clrxasm refuses).
pub(super) fn loses_bits(i: &Instr, d: &InstrDef) -> bool {
    loses_bits_of(i, &operands(i, d))
}

fn loses_bits_of(i: &Instr, ops: &Slots) -> bool {
    crate::decode::unused_bits(i) != 0
        || past_end(ops)
        || match i.enc {
            Enc::Flat => flat_loses_bits(i, ops),
            Enc::Mubuf | Enc::Mtbuf => buffer_loses_bits(i, ops),
            Enc::Mimg => image_loses_bits(i, ops),
            // GWS without the GDS bit: clrxasm wants `gds` written (and sets it).
            Enc::Ds => i.def().is_some_and(|d| d.flags.has(Flags::GWS)) && i.get(F::Gds) == 0,
            _ => false,
        }
}

/// MUBUF/MTBUF texts clrxasm reads back as other words or refuses: notes (it takes no
/// `vaddr=`... on buffers), operands it has no name for, LDS with TFE, GCN 1.0/1.1's ADDR64
/// with OFFEN or IDXEN, MTBUF's invalid and reserved data formats.
fn buffer_loses_bits(i: &Instr, ops: &Slots) -> bool {
    let def = i.def();
    let notes = def.is_some_and(|d| unused_fields(i, d).iter().any(|&f| i.get(f) != 0));
    let unnamed = ops.as_slice().iter().any(|s| match s.role {
        Role::Srsrc | Role::Soffset => !scalar_named(i, s),
        _ => false,
    });
    let addr64_mixed = i.get(F::Addr64) != 0 && (i.get(F::Offen) | i.get(F::Idxen)) != 0;
    let dfmt = i.get(F::Dfmt);
    notes
        || unnamed
        || (i.get(F::Lds) & i.get(F::Tfe)) != 0
        || addr64_mixed
        || (i.enc == Enc::Mtbuf && (dfmt == 0 || dfmt == 15))
}

/// MIMG texts clrxasm reads back as other words or refuses: `dmask:0`, the `ssamp=` note,
/// resources it has no name for, a store or atomic without `unorm`, a gather's data count
/// with TFE or GCN 1.4's D16 (clrxasm wants four VGPRs), an unknown opcode.
fn image_loses_bits(i: &Instr, ops: &Slots) -> bool {
    let Some(d) = i.def() else {
        return true;
    };
    let unnamed = ops.as_slice().iter().any(|s| match s.role {
        Role::Srsrc | Role::Ssamp => !scalar_named(i, s),
        _ => false,
    });
    let unorm_needed = matches!(d.form, Form::MimgStore | Form::MimgAtomic) && i.get(F::Unorm) == 0;
    let gather_count = d.flags.has(Flags::GATHER) && (i.get(F::Tfe) != 0 || (i.arch.is_gcn14() && i.get(F::D16) != 0));
    unnamed
        || unorm_needed
        || gather_count
        || i.get(F::Dmask) == 0
        || unused_fields(i, d).iter().any(|&f| i.get(f) != 0)
}

/// MIMG's operands as llvm-mc 14 writes them ([`crate::layout::image_addr_regs`]'s VADDR
/// count, eight SGPRs of resource even with R128, data VGPRs by its own variants), or `None`
/// where its syntax cannot say the word: an atomic whose DMASK is not one of its widths, D16
/// on GCN 1.4 where it has no d16 form.
fn llvm_image_ops(i: &Instr, d: &InstrDef, ops: &Slots) -> Option<Slots> {
    let mut o = *ops;
    let data = crate::layout::llvm_image_data_regs(i, d)?;
    for s in o.slots[..o.len].iter_mut() {
        match s.role {
            Role::Vaddr => s.regs = crate::layout::image_addr_regs(d).0,
            Role::Srsrc => s.regs = 8,
            Role::Vdst | Role::Data(_) => s.regs = data,
            _ => {}
        }
    }
    Some(o)
}

/// MIMG's modifiers, in the order both disassemblers write them (the only one llvm-mc 14
/// takes): DMASK (LLVM hex where not 0, CLRX decimal where not 1), `unorm glc slc`, bit 15
/// (`r128`, GCN 1.4's `a16`), `tfe lwe da d16`.
fn image_modifiers(out: &mut String, i: &Instr, llvm: bool) {
    let dmask = i.get(F::Dmask);
    if llvm && dmask != 0 {
        out.push_str(" dmask:");
        hex(out, dmask as u64);
    } else if !llvm && dmask != 1 {
        out.push_str(" dmask:");
        dec(out, dmask);
    }
    let gfx9 = i.arch.is_gcn14();
    for (f, name) in [
        (F::Unorm, " unorm"),
        (F::Glc, " glc"),
        (F::Slc, " slc"),
        (F::R128, if gfx9 { " a16" } else { " r128" }),
        (F::Tfe, " tfe"),
        (F::Lwe, " lwe"),
        (F::Da, " da"),
        (F::D16, " d16"),
    ] {
        if i.fields().has(f) && i.get(f) != 0 {
            out.push_str(name);
        }
    }
}

/// Does clrxasm read the text of scalar memory operand `s` back (FLAT's SADDR, a buffer's
/// SRSRC or SOFFSET): `off`, SGPRs inside the arch's file aligned as clrxasm wants, TTMPs,
/// named registers and pairs, inline constants; not `ill_N`, `lds`, the literal code or a
/// named register taken as a wider range?
fn scalar_named(i: &Instr, s: &Slot) -> bool {
    s.is_off() || scalar_code_named(i.arch, s.code, s.regs)
}

/// [`scalar_named`] of `regs` registers from operand code `code` (not `off`).
pub(super) fn scalar_code_named(a: crate::arch::Arch, code: u16, regs: u8) -> bool {
    let s = Slot::new(Role::Srsrc, code, regs, crate::isa::Ty::B32);
    match classify(a, code) {
        Src::Sgpr(n) => n + regs as u16 <= crate::operand::sgpr_count(a) && !super::scalar::misaligned(a, &s, true),
        Src::Ttmp(_) => true,
        Src::Special(_, hi) => regs == 1 || (hi == 0 && regs == 2),
        Src::Int(_) | Src::Float(_) | Src::Vccz | Src::Execz | Src::Scc | Src::SrcReg(_) => regs == 1,
        _ => false,
    }
}

/// FLAT bits clrxdisasm does not show: GCN 1.4 FLAT's SADDR and offset bit 12, and the
/// segment of an unused SCRATCH/GLOBAL opcode; SGPR bases it does not name.
fn flat_loses_bits(i: &Instr, ops: &Slots) -> bool {
    let flat_seg = i.get(F::Seg) == 0;
    // SCRATCH with an SGPR base: VADDR is `off`, its field's bits are not written.
    let vaddr_off = ops.as_slice().iter().any(|s| s.role == Role::Vaddr && s.is_off());
    (vaddr_off && i.get(F::Vaddr) != 0)
        || (flat_seg && (i.get(F::Saddr) != 0 || i.get(F::Offset) >= 0x1000))
        || (i.def.is_none() && !flat_seg)
        || ops
            .as_slice()
            .iter()
            .any(|s| s.role == Role::Saddr && !scalar_named(i, s))
}

/// Does llvm-mc write operand `s` of `i`? Not CLRX's VADDR of DS_NOP and GWS, not the
/// destination of a FLAT atomic without glc (it returns nothing).
fn llvm_shows(i: &Instr, d: &InstrDef, s: &Slot) -> bool {
    match s.role {
        Role::Vaddr => !d.flags.has(Flags::LLVM_NO_ADDR),
        Role::Vdst => !(d.form == Form::FlatAtomic && i.get(F::Glc) == 0),
        _ => true,
    }
}

/// A VGPR range that runs past v255.
fn past_end(ops: &Slots) -> bool {
    ops.as_slice().iter().any(|s| s.code + s.regs as u16 > 512)
}

/// What llvm-mc 14's syntax can write: no bits outside the fields, no field the form has
/// no operand for; for DS `gds` on the GDS-only rows, see [`flat_llvm_can_say`] for FLAT.
fn llvm_can_say(i: &Instr, d: &InstrDef, ops: &Slots) -> bool {
    if crate::decode::unused_bits(i) != 0 || past_end(ops) || unused_fields(i, d).iter().any(|f| i.get(*f) != 0) {
        return false;
    }
    match i.enc {
        Enc::Flat => return flat_llvm_can_say(i, d, ops),
        Enc::Mubuf | Enc::Mtbuf => return buffer_llvm_can_say(i, d),
        _ => {}
    }
    if d.flags.has(Flags::LLVM_NO_ADDR) && i.get(F::Vaddr) != 0 {
        return false;
    }
    let (gds, offset) = (i.get(F::Gds) != 0, i.get(F::Offset0) | i.get(F::Offset1) != 0);
    if d.flags.has(Flags::LLVM_BARE) && (gds || offset) || d.flags.has(Flags::LLVM_NO_GDS) && gds {
        return false;
    }
    !d.flags.has(Flags::GDS) || gds
}

/// FLAT words llvm-mc 14 has no text for: TFE (GCN 1.1/1.2), NV and LDS (GCN 1.4), a
/// destination on an atomic without glc, GCN 1.4 FLAT's SADDR (always 0) and offsets past
/// 4095, SCRATCH's VADDR beside an SGPR base.
fn flat_llvm_can_say(i: &Instr, d: &InstrDef, ops: &Slots) -> bool {
    if i.get(F::Tfe) | i.get(F::Nv) | i.get(F::Lds) != 0 {
        return false;
    }
    if d.form == Form::FlatAtomic && i.get(F::Glc) == 0 && i.get(F::Vdst) != 0 {
        return false;
    }
    let vaddr_off = ops.as_slice().iter().any(|s| s.role == Role::Vaddr && s.is_off());
    match i.get(F::Seg) {
        0 => i.get(F::Saddr) == 0 && i.get(F::Offset) < 0x1000,
        _ => !vaddr_off || i.get(F::Vaddr) == 0,
    }
}

/// MUBUF/MTBUF words llvm-mc 14 has no text for: VADDR set without OFFEN/IDXEN/ADDR64, ADDR64
/// with either, LDS where it takes none (and TFE with it or on atomics), a no-operand row
/// with any field set, BUFFER_STORE_LDS_DWORD without LDS or with addressing.
fn buffer_llvm_can_say(i: &Instr, d: &InstrDef) -> bool {
    let (lds, tfe) = (i.get(F::Lds) != 0, i.get(F::Tfe) != 0);
    let addressed = buffer_addressed(i);
    if !addressed && i.get(F::Vaddr) != 0 {
        return false;
    }
    if i.get(F::Addr64) != 0 && (i.get(F::Offen) | i.get(F::Idxen)) != 0 {
        return false;
    }
    // llvm-mc 14 prints XNACK_MASK on GCN 1.2 but takes it there nowhere.
    if i.arch == crate::arch::Arch::Gcn12 && matches!(i.get(F::Soffset), 104 | 105) {
        return false;
    }
    match d.form {
        Form::BufNone => [F::Offset, F::Offen, F::Idxen, F::Glc, F::Addr64, F::Lds, F::Slc, F::Tfe]
            .iter()
            .all(|&f| i.get(f) == 0),
        Form::BufStoreLds => lds && !addressed && !tfe,
        _ => {
            let lds_ok = d.flags.has(Flags::LLVM_LDS) || (d.flags.has(Flags::LLVM_LDS_VI) && i.arch.is_vi_plus());
            (!lds || lds_ok) && !(tfe && (lds || d.form == Form::BufAtomic))
        }
    }
}

/// MUBUF/MTBUF's modifiers: CLRX `offen idxen offset:N glc slc addr64 lds tfe` then MTBUF's
/// `format:[..]`; LLVM `format:[..]` first, then `idxen offen addr64 offset:N glc slc lds tfe`
/// (BUFFER_STORE_LDS_DWORD's `lds` before `glc`). A format of data format 1 and number
/// format 0 is the default and not written.
fn buffer_modifiers(out: &mut String, i: &Instr, d: &InstrDef, llvm: bool) {
    let bit = |out: &mut String, f: F, name: &str| {
        if i.get(f) != 0 {
            out.push_str(name);
        }
    };
    if llvm {
        if i.enc == Enc::Mtbuf {
            format(out, i, true);
        }
        bit(out, F::Idxen, " idxen");
        bit(out, F::Offen, " offen");
        bit(out, F::Addr64, " addr64");
    } else {
        bit(out, F::Offen, " offen");
        bit(out, F::Idxen, " idxen");
    }
    let off = i.get(F::Offset);
    if off != 0 {
        out.push_str(" offset:");
        dec(out, off);
    }
    let store_lds = d.form == Form::BufStoreLds;
    if llvm && store_lds {
        bit(out, F::Lds, " lds");
    }
    bit(out, F::Glc, " glc");
    bit(out, F::Slc, " slc");
    if !llvm {
        bit(out, F::Addr64, " addr64");
    }
    if !(llvm && store_lds) {
        bit(out, F::Lds, " lds");
    }
    bit(out, F::Tfe, " tfe");
    if !llvm && i.enc == Enc::Mtbuf {
        format(out, i, false);
    }
}

/// MTBUF's data and number formats (bits DFMT, NFMT), as each dialect names them.
pub const DATA_FORMATS: [(&str, &str); 16] = [
    ("invalid", "INVALID"),
    ("8", "8"),
    ("16", "16"),
    ("8_8", "8_8"),
    ("32", "32"),
    ("16_16", "16_16"),
    ("10_11_11", "10_11_11"),
    ("11_11_10", "11_11_10"),
    ("10_10_10_2", "10_10_10_2"),
    ("2_10_10_10", "2_10_10_10"),
    ("8_8_8_8", "8_8_8_8"),
    ("32_32", "32_32"),
    ("16_16_16_16", "16_16_16_16"),
    ("32_32_32", "32_32_32"),
    ("32_32_32_32", "32_32_32_32"),
    ("reserved", "RESERVED_15"),
];

/// Number formats: (CLRX, LLVM before GCN 1.2, LLVM on GCN 1.2+).
pub const NUM_FORMATS: [(&str, &str, &str); 8] = [
    ("unorm", "UNORM", "UNORM"),
    ("snorm", "SNORM", "SNORM"),
    ("uscaled", "USCALED", "USCALED"),
    ("sscaled", "SSCALED", "SSCALED"),
    ("uint", "UINT", "UINT"),
    ("sint", "SINT", "SINT"),
    ("snorm_ogl", "SNORM_OGL", "RESERVED_6"),
    ("float", "FLOAT", "FLOAT"),
];

/// ` format:[D,N]` (the default parts left out; nothing for data format 1, number format 0).
fn format(out: &mut String, i: &Instr, llvm: bool) {
    let (dfmt, nfmt) = (i.get(F::Dfmt) as usize, i.get(F::Nfmt) as usize);
    if dfmt == 1 && nfmt == 0 {
        return;
    }
    out.push_str(" format:[");
    if dfmt != 1 {
        if llvm {
            out.push_str("BUF_DATA_FORMAT_");
            out.push_str(DATA_FORMATS[dfmt].1);
        } else {
            out.push_str(DATA_FORMATS[dfmt].0);
        }
    }
    if nfmt != 0 {
        if dfmt != 1 {
            out.push(',');
        }
        let (c, si, vi) = NUM_FORMATS[nfmt];
        if llvm {
            out.push_str("BUF_NUM_FORMAT_");
            out.push_str(if i.arch.is_vi_plus() { vi } else { si });
        } else {
            out.push_str(c);
        }
    }
    out.push(']');
}

/// FLAT's modifiers: GCN 1.4's offset (12 bits unsigned for FLAT, 13 signed for SCRATCH and
/// GLOBAL; CLRX calls it `inst_offset`), then `glc`, `slc` (CLRX: `lds` before them, GCN
/// 1.1/1.2's `tfe` or GCN 1.4's `nv` after).
fn flat_modifiers(out: &mut String, i: &Instr, llvm: bool) {
    let off = i.get(F::Offset);
    if off != 0 {
        out.push_str(if llvm { " offset:" } else { " inst_offset:" });
        match i.get(F::Seg) {
            0 if llvm => dec(out, off),
            0 => dec(out, off & 0xfff),
            _ => sdec(out, ((off << 19) as i32 >> 19) as i64),
        }
    }
    let bit = |out: &mut String, f: F, name: &str| {
        if i.get(f) != 0 {
            out.push_str(name);
        }
    };
    if !llvm {
        bit(out, F::Lds, " lds");
    }
    bit(out, F::Glc, " glc");
    bit(out, F::Slc, " slc");
    if !llvm {
        bit(out, F::Tfe, " tfe");
        bit(out, F::Nv, " nv");
    }
}

/// DS's offsets (decimal; ds_swizzle_b32's as LLVM's `swizzle(...)` macro) and `gds`;
/// `false` where that macro would read back as another offset.
fn ds_modifiers(out: &mut String, i: &Instr, d: &InstrDef, llvm: bool) -> bool {
    let (o0, o1) = (i.get(F::Offset0), i.get(F::Offset1));
    if d.flags.has(Flags::OFFSET2) {
        for (name, v) in [(" offset0:", o0), (" offset1:", o1)] {
            if v != 0 {
                out.push_str(name);
                dec(out, v);
            }
        }
    } else if o0 | o1 != 0 {
        let v = o0 | o1 << 8;
        out.push_str(" offset:");
        if llvm && d.flags.has(Flags::SWIZZLE) {
            if !swizzle(out, v) {
                return false;
            }
        } else {
            dec(out, v);
        }
    }
    if i.get(F::Gds) != 0 {
        out.push_str(" gds");
    }
    true
}

/// ds_swizzle_b32's offset as llvm-mc 14 writes it (checked on all 65536 values,
/// tests/llvm_diff.rs): a quad permutation, a bit-mask permutation (AND, OR, XOR masks of
/// the lane id) shown as its SWAP, REVERSE or BROADCAST special case where it is one.
/// `false`: the text is llvm-mc's but reads back as another value (a mask character `1`
/// stands for OR set with AND clear; llvm-mc also writes it where AND is set).
pub fn swizzle(out: &mut String, v: u32) -> bool {
    if v & 0x8000 != 0 {
        if v & 0x7f00 != 0 {
            dec(out, v);
            return true;
        }
        out.push_str("swizzle(QUAD_PERM");
        for k in 0..4 {
            out.push(',');
            dec(out, v >> (2 * k) & 3);
        }
        out.push(')');
        return true;
    }
    let (and, or, xor) = (v & 31, v >> 5 & 31, v >> 10 & 31);
    let inv = !and & 31;
    let mut faithful = true;
    out.push_str("swizzle(");
    if and == 31 && or == 0 && xor.is_power_of_two() {
        out.push_str("SWAP,");
        dec(out, xor);
    } else if and == 31 && or == 0 && xor != 0 && (xor + 1).is_power_of_two() {
        out.push_str("REVERSE,");
        dec(out, xor + 1);
    } else if xor == 0 && inv != 0 && (inv + 1).is_power_of_two() && or <= inv {
        out.push_str("BROADCAST,");
        dec(out, inv + 1);
        out.push(',');
        dec(out, or);
    } else {
        out.push_str("BITMASK_PERM,\"");
        for b in (0..5).rev() {
            let (a, r, x) = (and >> b & 1, or >> b & 1, xor >> b & 1);
            out.push(match (a, r, x) {
                (1, 0, 0) => 'p',
                (1, 0, _) => 'i',
                (1, _, 0) => '1',
                (1, _, _) => '0',
                (_, r, x) if r ^ x != 0 => '1',
                _ => '0',
            });
        }
        out.push('"');
        // A mask character says AND, OR and XOR of its bit only where AND and OR are not
        // both set and XOR is set only with AND.
        faithful = (and & or) == 0 && (xor & !and) == 0;
    }
    out.push(')');
    faithful
}

/// CLRX's notes for set fields the row has no operand for (`vdata1=0x27 vdst=0x8b`).
fn notes(out: &mut String, i: &Instr, d: &InstrDef) {
    for &f in unused_fields(i, d) {
        let v = i.get(f);
        if v == 0 {
            continue;
        }
        out.push(' ');
        out.push_str(mem_field_name(i.enc, f));
        out.push('=');
        hex(out, v as u64);
    }
}

#[cfg(test)]
mod tests {
    use crate::arch::Arch;
    use crate::decode::decode;
    use crate::syntax::{to_text, Syntax};

    /// MIMG words and the texts llvm-mc 14 and clrxdisasm print for them (fiji unless noted):
    /// each disassembler's VADDR count, DMASK in hex or decimal, R128's resource, GCN 1.4's
    /// halved D16 data and `a16`, the sampler of the sample forms.
    #[test]
    fn images_as_the_oracles_print_them() {
        for (arch, w, llvm, clrx) in [
            (
                Arch::Gcn12,
                [0xf000_0b00, 0x0002_0a04],
                "image_load v[10:12], v4, s[8:15] dmask:0xb",
                "image_load v[10:12], v[4:7], s[8:15] dmask:11",
            ),
            (
                Arch::Gcn12,
                [0xf000_8f00, 0x0002_0a04],
                "image_load v[10:13], v4, s[8:15] dmask:0xf r128",
                "image_load v[10:13], v[4:7], s[8:11] dmask:15 r128",
            ),
            (
                Arch::Gcn14,
                [0xf203_ff00, 0x8002_0a04],
                "image_load v[10:12], v4, s[8:15] dmask:0xf unorm glc slc a16 tfe lwe da d16",
                "image_load v[10:12], v[4:7], s[8:15] dmask:15 unorm glc slc a16 tfe lwe da d16",
            ),
            (
                Arch::Gcn12,
                [0xf0ec_0f00, 0x0002_0a04],
                "image_sample_c_d_cl_o v[10:13], v[4:7], s[8:15], s[0:3] dmask:0xf",
                "image_sample_c_d_cl_o v[10:13], v[4:9], s[8:15], s[0:3] dmask:15",
            ),
            (
                Arch::Gcn12,
                [0xf100_0100, 0x0002_0a04],
                "image_gather4 v[10:13], v4, s[8:15], s[0:3] dmask:0x1",
                "image_gather4 v[10:13], v[4:7], s[8:15], s[0:3]",
            ),
        ] {
            let i = decode(arch, &w).unwrap();
            assert_eq!(to_text(&i, Syntax::Llvm), llvm, "{w:08x?}");
            assert_eq!(to_text(&i, Syntax::Clrx), clrx, "{w:08x?}");
        }
        // Texts an assembler would not read back: dmask:0 (clrxasm), an atomic of four
        // components (llvm-mc has one and two), a sampler on a load (both).
        let data = |w: [u32; 2], syn| to_text(&decode(Arch::Gcn12, &w).unwrap(), syn).starts_with('.');
        assert!(data([0xf000_0000, 0x0002_0a04], Syntax::Clrx));
        assert!(!data([0xf000_0000, 0x0002_0a04], Syntax::Llvm));
        assert!(data([0xf048_1f00, 0x0002_0a04], Syntax::Llvm));
        assert!(!data([0xf048_1f00, 0x0002_0a04], Syntax::Clrx));
        assert!(data([0xf000_0f00, 0x0062_0a04], Syntax::Llvm));
        assert!(data([0xf000_0f00, 0x0062_0a04], Syntax::Clrx));
    }
}
