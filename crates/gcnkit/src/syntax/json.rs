//! The instruction JSON record (DESIGN.md): every field of the encoding with its bit range
//! and raw value, the decoded operands, the modifiers and the text in the chosen dialect.

use super::special::{parts, Kind};
use super::text::{dec, hex8, sdec};
use super::Syntax;
use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::layout::{operands, Role};
use crate::operand::{classify, Src, FLOAT_CONSTS, SRC_REGS};

fn json_str(out: &mut String, s: &str) {
    out.push('"');
    // Runs of bytes that need no escape are appended whole.
    let mut start = 0;
    for (k, b) in s.bytes().enumerate() {
        if b != b'"' && b != b'\\' && b >= 0x20 {
            continue;
        }
        out.push_str(&s[start..k]);
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            _ => {
                use std::fmt::Write;
                let _ = write!(out, "\\u{:04x}", b);
            }
        }
        start = k + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends the text of `i` as a JSON string: printed in place, escaped only where it needs
/// it (rarely: no printer writes quotes or control characters).
fn text(out: &mut String, i: &Instr, syntax: Syntax, at: &super::At) {
    out.push('"');
    let start = out.len();
    super::print_at(out, i, syntax, at);
    if out.as_bytes()[start..]
        .iter()
        .any(|&b| b == b'"' || b == b'\\' || b < 0x20)
    {
        let t = out.split_off(start);
        out.pop();
        json_str(out, &t);
    } else {
        out.push('"');
    }
}

fn bools(out: &mut String, bits: u8, n: usize) {
    out.push('[');
    for k in 0..n {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(if bits >> k & 1 != 0 { "true" } else { "false" });
    }
    out.push(']');
}

thread_local! {
    /// [`field_heads`] by layout (its address), made on first use.
    static FIELD_HEADS: std::cell::RefCell<Vec<(usize, Vec<String>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// What a record says of each field of `layout` before its value:
/// `, "name": {"bits": [lo, hi], "value": ` (no comma before the first).
fn field_heads(layout: &crate::enc::Layout) -> Vec<String> {
    layout
        .all_fields()
        .enumerate()
        .map(|(k, f)| {
            let mut h = String::new();
            if k > 0 {
                h.push_str(", ");
            }
            h.push('"');
            h.push_str(f.f.name());
            h.push_str("\": {\"bits\": [");
            dec(&mut h, f.lo as u32);
            h.push_str(", ");
            dec(&mut h, (f.lo + f.width - 1) as u32);
            h.push_str("], \"value\": ");
            h
        })
        .collect()
}

/// Appends the JSON record of `i` at byte `offset` (one line, no newline).
pub fn record(out: &mut String, i: &Instr, offset: usize, syntax: Syntax) {
    out.push_str("{\"offset\": ");
    sdec(out, offset as i64);
    out.push_str(", \"words\": [");
    for (k, w) in i.words().iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push('"');
        hex8(out, *w);
        out.push('"');
    }
    out.push_str("], \"arch\": \"");
    out.push_str(i.arch.name());
    out.push_str("\", ");
    let at = super::At { offset, labels: None };
    if i.enc == Enc::Other {
        out.push_str("\"encoding\": null, \"opcode\": null, \"mnemonic\": null, \"text\": ");
        text(out, i, syntax, &at);
        out.push('}');
        return;
    }
    out.push_str("\"encoding\": \"");
    out.push_str(i.enc.name());
    out.push_str("\", \"opcode\": ");
    dec(out, i.opcode as u32);
    out.push_str(", \"mnemonic\": ");
    match i.def() {
        Some(d) => json_str(out, d.name[i.arch.index()]),
        None => out.push_str("null"),
    }
    if let Some(d) = i.def() {
        if d.llvm[i.arch.index()] != d.name[i.arch.index()] {
            out.push_str(", \"llvm_mnemonic\": ");
            json_str(out, d.llvm[i.arch.index()]);
        }
    }
    out.push_str(", \"text\": ");
    text(out, i, syntax, &at);
    // Fields with bit ranges, from the class's description.
    out.push_str(", \"fields\": {");
    let fl = i.fields();
    let bits = (i.words[0] as u64) | ((i.words[1] as u64) << 32);
    FIELD_HEADS.with(|heads| {
        let mut heads = heads.borrow_mut();
        let key = fl.layout as *const crate::enc::Layout as usize;
        let at = match heads.iter().position(|h| h.0 == key) {
            Some(at) => at,
            None => {
                heads.push((key, field_heads(fl.layout)));
                heads.len() - 1
            }
        };
        for (head, f) in heads[at].1.iter().zip(fl.layout.all_fields()) {
            out.push_str(head);
            dec(out, fl.get(bits, f.f));
            out.push('}');
        }
    });
    if let Some(l) = i.literal {
        let lo = fl.layout.words as u32 * 32;
        out.push_str(", \"literal\": {\"bits\": [");
        dec(out, lo);
        out.push_str(", ");
        dec(out, lo + 31);
        out.push_str("], \"value\": ");
        dec(out, l);
        out.push('}');
    }
    out.push('}');
    // Operands.
    out.push_str(", \"operands\": [");
    if let Some(d) = i.def() {
        for (k, s) in operands(i, d).as_slice().iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            out.push_str("{\"role\": \"");
            out.push_str(s.role.name());
            out.push_str("\", ");
            if s.is_off() {
                out.push_str("\"kind\": \"off\"");
            } else if !s.is_value() {
                operand(out, i.arch, s.code, s.regs, s.ty, i.literal);
            } else if s.role == Role::Label {
                // A branch: the signed dword offset and the byte offset it lands on.
                let rel = s.val as u16 as i16 as i64;
                out.push_str("\"kind\": \"label\", \"value\": ");
                sdec(out, rel);
                out.push_str(", \"target\": ");
                sdec(out, offset as i64 + i.size() as i64 + 4 * rel);
            } else {
                // An immediate: its kind is its role (imm, label, hwreg, sendmsg, waitcnt...);
                // a special value also by its parts (`"vmcnt": 0`, `"id": 1`...).
                out.push_str("\"kind\": \"");
                out.push_str(if s.role == Role::Offset { "imm" } else { s.role.name() });
                out.push_str("\", \"value\": ");
                dec(out, s.val);
                let kind = match s.role {
                    Role::Waitcnt => Some(Kind::Waitcnt),
                    Role::Hwreg => Some(Kind::Hwreg),
                    Role::Sendmsg => Some(Kind::Sendmsg),
                    Role::GprIdx => Some(Kind::GprIdx),
                    _ => None,
                };
                for (name, v) in kind.map(|k| parts(k, i.arch, s.val)).unwrap_or_default() {
                    if !name.is_empty() {
                        out.push_str(", \"");
                        out.push_str(name);
                        out.push_str("\": ");
                        dec(out, v);
                    }
                }
            }
            if s.implicit {
                out.push_str(", \"implicit\": true");
            }
            if !s.is_value() && !s.is_off() {
                out.push_str(", \"type\": \"");
                out.push_str(s.ty.name());
                out.push('"');
            }
            out.push('}');
        }
    }
    out.push(']');
    if i.enc == Enc::Vop3p {
        // One entry per source of the row.
        let n = i.def().map_or(3, |d| d.form.nsrc());
        let m = super::vop3p::Mods::of(i);
        out.push_str(", \"modifiers\": {");
        for (k, (name, bits)) in [
            ("op_sel", m.op_sel),
            ("op_sel_hi", m.op_sel_hi),
            ("neg_lo", m.neg_lo),
            ("neg_hi", m.neg_hi),
        ]
        .into_iter()
        .enumerate()
        {
            if k > 0 {
                out.push_str(", ");
            }
            out.push('"');
            out.push_str(name);
            out.push_str("\": ");
            bools(out, bits, n);
        }
        out.push_str(", \"clamp\": ");
        out.push_str(if m.clamp { "true" } else { "false" });
        out.push('}');
    }
    if i.enc.is_vop3() || i.enc.is_ext() {
        // VOP3's three sources; SDWA/DPP's two (SDWA: SEXT, CLAMP and OMOD too).
        let n = if i.enc.is_vop3() { 3 } else { 2 };
        out.push_str(", \"modifiers\": {\"neg\": ");
        bools(out, i.neg(), n);
        out.push_str(", \"abs\": ");
        bools(out, i.abs(), n);
        if i.enc.is_sdwa() {
            out.push_str(", \"sext\": ");
            bools(out, i.sext(), 2);
        }
        if !i.enc.is_dpp() {
            out.push_str(", \"clamp\": ");
            out.push_str(if i.clamp() { "true" } else { "false" });
            out.push_str(", \"omod\": ");
            dec(out, i.omod() as u32);
        }
        if i.enc.is_vop3() && i.arch.is_gcn14() {
            out.push_str(", \"op_sel\": ");
            bools(out, i.op_sel(), 4);
        }
        if i.enc.is_ext() {
            super::ext::json_modifiers(out, i);
        }
        out.push('}');
    }
    out.push('}');
}

fn operand(out: &mut String, a: Arch, code: u16, regs: u8, ty: crate::isa::Ty, literal: Option<u32>) {
    let reg = |out: &mut String, kind: &str, n: u16| {
        out.push_str("\"kind\": \"");
        out.push_str(kind);
        out.push_str("\", \"reg\": ");
        dec(out, n as u32);
        out.push_str(", \"width\": ");
        dec(out, regs as u32);
    };
    match classify(a, code) {
        Src::Vgpr(v) => reg(out, "vgpr", v),
        Src::Sgpr(s) => reg(out, "sgpr", s),
        Src::Ttmp(t) => reg(out, "ttmp", t),
        Src::Special(sp, hi) => {
            out.push_str("\"kind\": \"special\", \"name\": \"");
            out.push_str(sp.name());
            if regs == 1 && sp != crate::operand::Special::M0 {
                out.push_str(if hi == 0 { "_lo" } else { "_hi" });
            }
            out.push_str("\", \"code\": ");
            dec(out, code as u32);
            out.push_str(", \"width\": ");
            dec(out, regs as u32);
        }
        Src::Int(v) => {
            out.push_str("\"kind\": \"constant\", \"value\": ");
            sdec(out, v as i64);
        }
        Src::Float(f) => {
            use std::fmt::Write;
            let _ = write!(
                out,
                "\"kind\": \"constant\", \"value\": {:?}",
                FLOAT_CONSTS[f as usize].0
            );
        }
        Src::Literal => {
            out.push_str("\"kind\": \"literal\", \"value\": ");
            match literal {
                Some(l) => {
                    out.push_str("\"0x");
                    hex8(out, l);
                    out.push('"');
                }
                None => out.push_str("null"),
            }
        }
        other => {
            let name = match other {
                Src::SrcReg(r) => SRC_REGS[r as usize],
                Src::Vccz => "vccz",
                Src::Execz => "execz",
                Src::Scc => "scc",
                Src::LdsDirect => "lds_direct",
                Src::Sdwa => "sdwa",
                Src::Dpp => "dpp",
                _ => "invalid",
            };
            out.push_str("\"kind\": \"special\", \"name\": \"");
            out.push_str(name);
            out.push_str("\", \"code\": ");
            dec(out, code as u32);
        }
    }
    let _ = ty;
}
