//! The vector memory classes (DS so far) in both dialects: the row's operands
//! ([`crate::layout`]) then the class's modifiers. LLVM's text cannot say every word (fields
//! its form has no operand for, GWS without `gds`): [`print`] returns `false` there and the
//! caller prints data. The CLRX text always exists; [`loses_bits`] says when clrxasm would
//! read it back as other words.

use super::text::{dec, hex, reg_range};
use super::Syntax;
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::{Flags, InstrDef};
use crate::layout::{ds_field_name, operands, unused_fields, Role, Slots};

/// Appends the text of memory instruction `i` (row `d`, or its class's generic row for an
/// unused opcode) under `mnemonic`; `false`: LLVM's syntax cannot say it.
pub(super) fn print(out: &mut String, i: &Instr, d: &InstrDef, mnemonic: &str, syn: Syntax) -> bool {
    print_with(out, i, d, &operands(i, d), mnemonic, syn)
}

/// [`print`] over the operand list `ops` of `i`.
fn print_with(out: &mut String, i: &Instr, d: &InstrDef, ops: &Slots, mnemonic: &str, syn: Syntax) -> bool {
    let llvm = syn == Syntax::Llvm;
    if llvm && !llvm_can_say(i, d, ops) {
        return false;
    }
    out.push_str(mnemonic);
    let mut first = true;
    for s in ops.as_slice() {
        if llvm && s.role == Role::Vaddr && d.flags.has(Flags::LLVM_NO_ADDR) {
            continue;
        }
        out.push_str(if first { " " } else { ", " });
        first = false;
        reg_range(out, "v", s.code - 256, s.regs as u16);
    }
    if !ds_modifiers(out, i, d, llvm) {
        return false;
    }
    if !llvm {
        notes(out, i, d);
    }
    true
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
    crate::decode::unused_bits(i) != 0 || past_end(ops)
}

/// A VGPR range that runs past v255.
fn past_end(ops: &Slots) -> bool {
    ops.as_slice().iter().any(|s| s.code + s.regs as u16 > 512)
}

/// What llvm-mc 14's DS syntax can write: no bits outside the fields, no field the form has
/// no operand for, `gds` on the GDS-only rows.
fn llvm_can_say(i: &Instr, d: &InstrDef, ops: &Slots) -> bool {
    if crate::decode::unused_bits(i) != 0 || past_end(ops) || unused_fields(i, d).iter().any(|f| i.get(*f) != 0) {
        return false;
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
        out.push_str(ds_field_name(f));
        out.push('=');
        hex(out, v as u64);
    }
}
