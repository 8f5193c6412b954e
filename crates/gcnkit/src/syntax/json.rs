//! The instruction JSON record (DESIGN.md): every field of the encoding with its bit range
//! and raw value, the decoded operands, the modifiers and the text in the chosen dialect.

use super::text::{dec, hex8, sdec};
use super::Syntax;
use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::layout::{operands, Role};
use crate::operand::{classify, Src, FLOAT_CONSTS, SRC_REGS};

/// One field of an encoding: name, first and last bit (bit 32 = bit 0 of the second word).
type Field = (&'static str, u8, u8);

const VOP2: &[Field] = &[
    ("src0", 0, 8),
    ("vsrc1", 9, 16),
    ("vdst", 17, 24),
    ("opcode", 25, 30),
    ("encoding", 31, 31),
];
const VOPC: &[Field] = &[
    ("src0", 0, 8),
    ("vsrc1", 9, 16),
    ("opcode", 17, 24),
    ("encoding", 25, 31),
];
const VOP3_TAIL: &[Field] = &[
    ("src0", 32, 40),
    ("src1", 41, 49),
    ("src2", 50, 58),
    ("omod", 59, 60),
    ("neg", 61, 63),
];
const VOP3A_SI: &[Field] = &[
    ("vdst", 0, 7),
    ("abs", 8, 10),
    ("clamp", 11, 11),
    ("opcode", 17, 25),
    ("encoding", 26, 31),
];
const VOP3B_SI: &[Field] = &[
    ("vdst", 0, 7),
    ("sdst", 8, 14),
    ("clamp", 15, 15),
    ("opcode", 17, 25),
    ("encoding", 26, 31),
];
const VOP3A_VI: &[Field] = &[
    ("vdst", 0, 7),
    ("abs", 8, 10),
    ("clamp", 15, 15),
    ("opcode", 16, 25),
    ("encoding", 26, 31),
];
const VOP3A_GFX9: &[Field] = &[
    ("vdst", 0, 7),
    ("abs", 8, 10),
    ("op_sel", 11, 14),
    ("clamp", 15, 15),
    ("opcode", 16, 25),
    ("encoding", 26, 31),
];
const VOP3B_VI: &[Field] = &[
    ("vdst", 0, 7),
    ("sdst", 8, 14),
    ("clamp", 15, 15),
    ("opcode", 16, 25),
    ("encoding", 26, 31),
];

fn fields(i: &Instr) -> (&'static [Field], &'static [Field]) {
    let vi = i.arch.is_vi_plus();
    match i.enc {
        Enc::Vop2 => (VOP2, &[]),
        Enc::Vopc => (VOPC, &[]),
        Enc::Vop3a if i.arch == Arch::Gcn14 => (VOP3A_GFX9, VOP3_TAIL),
        Enc::Vop3a if vi => (VOP3A_VI, VOP3_TAIL),
        Enc::Vop3a => (VOP3A_SI, VOP3_TAIL),
        Enc::Vop3b if vi => (VOP3B_VI, VOP3_TAIL),
        Enc::Vop3b => (VOP3B_SI, VOP3_TAIL),
        Enc::Other => (&[], &[]),
    }
}

fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                use std::fmt::Write;
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
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
    let mut text = String::with_capacity(64);
    super::print(&mut text, i, syntax);
    if i.enc == Enc::Other {
        out.push_str("\"encoding\": null, \"opcode\": null, \"mnemonic\": null, \"text\": ");
        json_str(out, &text);
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
    json_str(out, &text);
    // Fields with bit ranges.
    out.push_str(", \"fields\": {");
    let (f0, f1) = fields(i);
    let dword = (i.words[0] as u64) | ((i.words[1] as u64) << 32);
    let mut first = true;
    for (name, lo, hi) in f0.iter().chain(f1.iter()) {
        if !first {
            out.push_str(", ");
        }
        first = false;
        let v = (dword >> lo) & ((1u64 << (hi - lo + 1)) - 1);
        out.push('"');
        out.push_str(name);
        out.push_str("\": {\"bits\": [");
        dec(out, *lo as u32);
        out.push_str(", ");
        dec(out, *hi as u32);
        out.push_str("], \"value\": ");
        sdec(out, v as i64);
        out.push('}');
    }
    if let Some(l) = i.literal {
        let lo = if i.enc.is_vop3() { 64 } else { 32 };
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
            operand(out, i.arch, s.code, s.regs, s.ty, i.literal);
            if s.implicit {
                out.push_str(", \"implicit\": true");
            }
            out.push_str(", \"type\": \"");
            out.push_str(s.ty.name());
            out.push_str("\"}");
            let _ = Role::K;
        }
    }
    out.push(']');
    if i.enc.is_vop3() {
        out.push_str(", \"modifiers\": {\"neg\": ");
        bools(out, i.neg, 3);
        out.push_str(", \"abs\": ");
        bools(out, i.abs, 3);
        out.push_str(", \"clamp\": ");
        out.push_str(if i.clamp { "true" } else { "false" });
        out.push_str(", \"omod\": ");
        dec(out, i.omod as u32);
        if i.arch == Arch::Gcn14 {
            out.push_str(", \"op_sel\": ");
            bools(out, i.op_sel, 4);
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
