//! The scalar classes (SOP2, SOPK, SOP1, SOPC, SOPP, SMRD, SMEM) in both dialects: one walk
//! over the row's operands ([`crate::layout`]) with the few places where the dialects write a
//! value differently. Returns `false` where LLVM's syntax cannot say the word (the caller
//! prints it as data); the CLRX text always exists (words clrxasm would read back differently
//! are caught before, by [`loses_bits`]).

use super::special::{self, Kind};
use super::text::{dec, hex, sdec};
use super::{branch_target, At, Syntax};
use crate::arch::Arch;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{Flags, Form, InstrDef};
use crate::layout::{operands, scalar_aligned, unused_fields, Role, Slot, Slots};
use crate::operand::{classify, Src};

/// Appends the text of scalar instruction `i` (row `d`, or a class's generic row for an
/// unused opcode) under `mnemonic`.
pub(super) fn print(out: &mut String, i: &Instr, d: &InstrDef, mnemonic: &str, syn: Syntax, at: &At) -> bool {
    let llvm = syn == Syntax::Llvm;
    if llvm
        && (crate::decode::unused_bits(i) != 0
            || unused_fields(i, d).iter().any(|f| i.get(*f) != 0)
            || !crate::rules::check_with(i, d, crate::rules::Policy::Llvm).is_empty()
            || crate::rules::llvm_check(i, d).is_some())
    {
        return false;
    }
    print_with(out, i, d, &operands(i, d), mnemonic, false, syn, at, &mut true)
}

/// The CLRX text of scalar row `d` of `i`, and whether clrxasm would read it back as other
/// words ([`loses_bits`]): one operand list and one printing of the special operands serve
/// both.
pub(super) fn print_clrx(out: &mut String, i: &Instr, d: &InstrDef, mnemonic: &str, at: &At) -> bool {
    let ops = operands(i, d);
    let mut readable = true;
    // The mnemonic as one precomputed text with its space, when there is one.
    let spaced = i
        .def
        .is_some_and(|id| super::clrx::push_mnemonic(out, id, i.arch, mnemonic));
    let mnemonic = if spaced { "" } else { mnemonic };
    print_with(out, i, d, &ops, mnemonic, spaced, Syntax::Clrx, at, &mut readable);
    !readable || loses_bits_of(i, d, &ops)
}

/// [`print`] over operand list `ops`; clears `readable` when a special operand's text does not
/// read back. `spaced`: `out` ends with the mnemonic and a space already.
#[allow(clippy::too_many_arguments)]
fn print_with(
    out: &mut String,
    i: &Instr,
    d: &InstrDef,
    ops: &Slots,
    mnemonic: &str,
    spaced: bool,
    syn: Syntax,
    at: &At,
    readable: &mut bool,
) -> bool {
    let a = i.arch;
    let llvm = syn == Syntax::Llvm;
    out.push_str(mnemonic);
    let smem = i.enc == Enc::Smem;
    let soe = smem && i.get(F::Soe) != 0;
    // LLVM 14 has no SOE, NV or SOFFSET, and reads an SGPR offset from 7 bits.
    if llvm
        && smem
        && (soe || i.get(F::Soffset) != 0 || i.get(F::Nv) != 0 || (i.get(F::Imm) == 0 && i.get(F::Offset) > 127))
    {
        return false;
    }
    let mut first = true;
    let mut offset_modifier = None;
    for s in ops.as_slice() {
        // GCN 1.4's immediate offset beside an SGPR offset: CLRX's `offset:N` modifier.
        if soe && s.role == Role::Offset {
            offset_modifier = Some(s.val);
            continue;
        }
        if !first {
            out.push(',');
        }
        if !first || !spaced {
            out.push(' ');
        }
        first = false;
        let ok = match s.role {
            Role::Imm => {
                // SOPK's SIMM16 is hex in both; the SOPP immediates and S_ATC_PROBE's bits
                // are decimal in LLVM.
                if llvm && matches!(d.form, Form::PImm | Form::MProbe) {
                    dec(out, s.val);
                } else {
                    hex(out, s.val as u64);
                }
                true
            }
            Role::Label => {
                label(out, i, at, syn);
                true
            }
            // In CLRX syntax a value clrxasm cannot read back was caught by `loses_bits`: the
            // text is clrxdisasm's, for the data line's comment.
            r if special_kind(r).is_some() => {
                let kind = special_kind(r).unwrap_or(Kind::Waitcnt);
                let at = out.len();
                let ok = special::print(out, kind, a, syn, s.val);
                // llvm-mc reads a plain number as the raw SIMM16 of every special syntax: bits
                // its text would drop survive (`s_waitcnt 0x3141`).
                if llvm && !ok && kind != Kind::GprIdx && s.val <= 0xffff {
                    out.truncate(at);
                    hex(out, s.val as u64);
                    return true;
                }
                *readable &= ok;
                ok || !llvm
            }
            Role::Imm32 => {
                imm32(out, s.val, llvm);
                true
            }
            Role::Offset if s.imm => {
                offset_imm(out, i, s.val, llvm);
                true
            }
            // GCN 1.1's 32-bit literal offset.
            Role::Offset if s.code == 255 && !bad_smrd_offset(i) => literal_offset(out, i, llvm),
            Role::Offset if llvm && bad_smrd_offset(i) => false,
            _ => register(out, a, s, i.literal, llvm),
        };
        if !ok {
            return false;
        }
    }
    if first && spaced {
        out.pop(); // no operand after the mnemonic's space
    }
    // A no-operand SOPP with SIMM16 set.
    if d.form == Form::P0 {
        let v = i.get(F::Simm16);
        if v != 0 {
            if llvm {
                if !d.flags.has(Flags::LLVM_IMM) {
                    return false;
                }
                out.push(' ');
                dec(out, v);
            } else {
                out.push(' ');
                hex(out, v as u64);
            }
        }
    }
    if smem {
        if i.get(F::Glc) != 0 {
            // LLVM has GLC on loads, stores and atomics only.
            if llvm && !matches!(d.form, Form::MLoad | Form::MStore | Form::MAtomic) {
                return false;
            }
            out.push_str(" glc");
        }
        if i.get(F::Nv) != 0 {
            out.push_str(" nv");
        }
        if let Some(v) = offset_modifier {
            out.push_str(" offset:");
            hex(out, v as u64);
        }
    }
    if !llvm {
        notes(out, i, d);
    }
    true
}

/// CLRX's notes for set fields the instruction has no operand for (`sdst=0x5`, `imm=1`).
#[inline]
pub(super) fn notes(out: &mut String, i: &Instr, d: &InstrDef) {
    let fields = unused_fields(i, d);
    if !fields.is_empty() {
        notes_of(out, i, fields);
    }
}

fn notes_of(out: &mut String, i: &Instr, fields: &[F]) {
    for &f in fields {
        let v = i.get(f);
        if v == 0 {
            continue;
        }
        out.push(' ');
        out.push_str(match f {
            F::Ssrc0 => "ssrc",
            F::Vdst => "vdst",
            f => f.name(),
        });
        out.push('=');
        if f == F::Imm {
            dec(out, v);
        } else {
            hex(out, v as u64);
        }
    }
}

/// A branch target: its label, else relative to the instruction (CLRX `.+N`) or the raw
/// offset (LLVM); alone, as clrxdisasm and llvm-mc print it.
fn label(out: &mut String, i: &Instr, at: &At, syn: Syntax) {
    let simm = i.get(F::Simm16);
    let target = branch_target(i, at.offset).unwrap_or(0);
    super::branch_label(out, target, at, syn, simm);
}

/// An immediate scalar memory offset: SMRD's dword offset, SMEM's byte offset (LLVM reads
/// GCN 1.4's 21 bits as signed, CLRX as unsigned).
fn offset_imm(out: &mut String, i: &Instr, v: u32, llvm: bool) {
    if llvm && i.enc == Enc::Smem && i.arch.is_gcn14() && v & 0x10_0000 != 0 {
        let neg = (v | !0x1f_ffff) as i32;
        out.push('-');
        hex(out, neg.unsigned_abs() as u64);
    } else {
        hex(out, v as u64);
    }
}

/// GCN 1.1's literal SMRD offset. CLRX writes `lit(N)` where an 8-bit immediate would do;
/// LLVM takes a literal only where it must (beyond 8 bits).
fn literal_offset(out: &mut String, i: &Instr, llvm: bool) -> bool {
    let l = i.literal.unwrap_or(0);
    if l <= 255 {
        if llvm {
            return false;
        }
        out.push_str("lit(");
        dec(out, l);
        out.push(')');
    } else {
        hex(out, l as u64);
    }
    true
}

/// A register or constant operand.
pub(super) fn register(out: &mut String, a: Arch, s: &Slot, literal: Option<u32>, llvm: bool) -> bool {
    if llvm {
        if misaligned(a, s, false) {
            return false;
        }
        // Literals LLVM would read as something else (an inline constant).
        if classify(a, s.code) == Src::Literal && !super::llvm::literal_fits(a, literal.unwrap_or(0), s.ty) {
            return false;
        }
        super::llvm::operand_text(out, a, s, literal)
    } else {
        super::clrx::operand(out, a, s, literal, true, None);
        true
    }
}

/// Would clrxasm read the CLRX text of scalar instruction `i` back as other words (or refuse
/// it)? Bits no field holds, a literal no operand shows, register ranges it refuses as
/// unaligned, SIMM16 on a no-operand SOPP, two literal codes, SMEM offset fields its syntax
/// does not show.
pub(super) fn loses_bits(i: &Instr, d: &InstrDef) -> bool {
    let ops = operands(i, d);
    // A special operand whose clrxdisasm text clrxasm does not read back (bits beyond
    // s_waitcnt's counters, most sendmsg values).
    let unreadable = ops.as_slice().iter().any(|s| {
        special_kind(s.role).is_some_and(|k| !special::print(&mut String::new(), k, i.arch, Syntax::Clrx, s.val))
    });
    unreadable || loses_bits_of(i, d, &ops)
}

/// [`loses_bits`] but for the special operands' texts, over operand list `ops`.
fn loses_bits_of(i: &Instr, d: &InstrDef, ops: &Slots) -> bool {
    // Bits no field holds; a literal dword no operand shows (`s_getpc_b64 s[2:3] ssrc=0xff`
    // and `s_set_gpr_idx_on s1, 0xff` print the literal code, clrxdisasm drops the dword).
    if crate::decode::unused_bits(i) != 0 || (i.literal.is_some() && !ops.shows_literal()) {
        return true;
    }
    let unaligned = ops
        .as_slice()
        .iter()
        .any(|s| !s.is_value() && misaligned(i.arch, s, true));
    if unaligned || (d.form == Form::P0 && i.get(F::Simm16) != 0) {
        return true;
    }
    match i.enc {
        Enc::Sop2 | Enc::Sopc => i.get(F::Ssrc0) == 255 && i.get(F::Ssrc1) == 255,
        Enc::Smem if clrx_store_offset(i, d) => true,
        Enc::Smem => {
            let (soe, imm, off, soff) = (i.get(F::Soe), i.get(F::Imm), i.get(F::Offset), i.get(F::Soffset));
            let has_offset = ops
                .as_slice()
                .iter()
                .any(|s| matches!(s.role, Role::Offset | Role::Soffset));
            if !has_offset {
                soe != 0 || soff != 0
            } else if soe != 0 {
                // SOE without IMM reads as the SGPR offset of IMM clear and SOE clear.
                imm == 0
            } else {
                soff != 0 || (imm == 0 && off > 127)
            }
        }
        // An SGPR offset code beyond the registers (CLRX writes a constant, which reads back as
        // an immediate); GCN 1.0 has no literal offset either.
        Enc::Smrd => bad_smrd_offset(i),
        _ => false,
    }
}

/// An SMRD offset register code that names no register (an inline constant's code; the
/// literal's on GCN 1.0): no assembler writes it.
fn bad_smrd_offset(i: &Instr) -> bool {
    let off = i.get(F::Offset);
    i.enc == Enc::Smrd && i.get(F::Imm) == 0 && off >= 128 && !(off == 255 && i.arch == Arch::Gcn11)
}

/// A register range refused in the scalar classes as unaligned: by llvm-mc (SGPRs, TTMPs,
/// named pairs) or, `sgpr_only`, by clrxasm (SGPR ranges only).
pub(super) fn misaligned(a: Arch, s: &Slot, sgpr_only: bool) -> bool {
    if s.regs == 1 || scalar_aligned(s.code, s.regs) {
        return false;
    }
    match classify(a, s.code) {
        Src::Sgpr(_) => true,
        Src::Ttmp(_) | Src::Special(..) => !sgpr_only,
        _ => false,
    }
}

/// The special syntax of an operand role.
fn special_kind(r: Role) -> Option<Kind> {
    match r {
        Role::Hwreg => Some(Kind::Hwreg),
        Role::Sendmsg => Some(Kind::Sendmsg),
        Role::Waitcnt => Some(Kind::Waitcnt),
        Role::GprIdx => Some(Kind::GprIdx),
        _ => None,
    }
}

/// S_SETREG_IMM32_B32's dword: hex, but for LLVM the small integers its disassembler writes in
/// decimal (`-16`..`64`). (llvm-objdump also writes the bits of inline float constants as
/// `1.0`, which llvm-mc 14 reads back as other bits: those stay hex.)
fn imm32(out: &mut String, v: u32, llvm: bool) {
    if llvm && (-16..=64).contains(&(v as i32)) {
        sdec(out, v as i32 as i64);
    } else {
        hex(out, v as u64);
    }
}

/// A GCN 1.2 SMEM store or atomic with an SGPR offset other than M0: clrxasm refuses it.
pub(crate) fn clrx_store_offset(i: &Instr, d: &InstrDef) -> bool {
    i.enc == Enc::Smem
        && i.arch == Arch::Gcn12
        && matches!(d.form, Form::MStore | Form::MAtomic)
        && i.get(F::Imm) == 0
        && i.get(F::Offset) != 124
}
