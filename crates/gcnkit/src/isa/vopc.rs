//! VOPC compare instructions, generated from their families (CLRX's wiki page's opcode-range
//! tables): every `V_CMP{,X,S,SX}_{OP}_{TYPE}` row gets its opcode on each arch from the
//! base of its family plus the offset of the compare operation.

use super::Ty::*;
use super::{Dialects as D, Flags, InstrDef, Row, Strings, Ty, X};
use crate::arch::ArchSet as A;
use crate::emu::ops::cmp;

/// Float compare operations (OP16), in opcode-offset order.
pub const FLOAT_OPS: [&str; 16] = [
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru",
];
/// Integer compare operations (OP8): CLRX names, LLVM names.
pub const INT_OPS: [(&str, &str); 8] = [
    ("f", "f"),
    ("lt", "lt"),
    ("eq", "eq"),
    ("le", "le"),
    ("gt", "gt"),
    ("lg", "ne"),
    ("ge", "ge"),
    ("tru", "t"),
];

/// The operation of each OP16 compare (CLRX's wiki page's table with its errata: LT's `SRC1_`,
/// O's parenthesis, U is `ISNAN(S0) || ISNAN(S1)`); `@` stands for the type's ASTYPE function.
const FLOAT_OP_TEXT: [&str; 16] = [
    "SDST(LANEID) = 0",
    "SDST(LANEID) = @(SRC0) < @(SRC1) (false if either is NaN)",
    "SDST(LANEID) = @(SRC0) == @(SRC1) (false if either is NaN)",
    "SDST(LANEID) = @(SRC0) <= @(SRC1) (false if either is NaN)",
    "SDST(LANEID) = @(SRC0) > @(SRC1) (false if either is NaN)",
    "SDST(LANEID) = @(SRC0) != @(SRC1) (false if either is NaN)",
    "SDST(LANEID) = @(SRC0) >= @(SRC1) (false if either is NaN)",
    "SDST(LANEID) = !ISNAN(@(SRC0)) && !ISNAN(@(SRC1))",
    "SDST(LANEID) = ISNAN(@(SRC0)) || ISNAN(@(SRC1))",
    "SDST(LANEID) = !(@(SRC0) >= @(SRC1)) (true if either is NaN)",
    "SDST(LANEID) = !(@(SRC0) != @(SRC1)) (true if either is NaN)",
    "SDST(LANEID) = !(@(SRC0) > @(SRC1)) (true if either is NaN)",
    "SDST(LANEID) = !(@(SRC0) <= @(SRC1)) (true if either is NaN)",
    "SDST(LANEID) = !(@(SRC0) == @(SRC1)) (true if either is NaN)",
    "SDST(LANEID) = !(@(SRC0) < @(SRC1)) (true if either is NaN)",
    "SDST(LANEID) = 1",
];

/// The operation of each OP8 compare; `@` stands for the type.
const INT_OP_TEXT: [&str; 8] = [
    "SDST(LANEID) = 0",
    "SDST(LANEID) = (@)SRC0 < (@)SRC1",
    "SDST(LANEID) = (@)SRC0 == (@)SRC1",
    "SDST(LANEID) = (@)SRC0 <= (@)SRC1",
    "SDST(LANEID) = (@)SRC0 > (@)SRC1",
    "SDST(LANEID) = (@)SRC0 != (@)SRC1",
    "SDST(LANEID) = (@)SRC0 >= (@)SRC1",
    "SDST(LANEID) = 1",
];

/// The CLASS compares (the page's class list: bit 0 signalling NaN, 1 quiet NaN, 2 -INF,
/// 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +INF).
const CLASS_OP_TEXT: &str = "SDST(LANEID) = (SRC1 >> CLASS(@(SRC0))) & 1 (CLASS: 0 sNaN, 1 qNaN, 2 -INF, \
     3 -normal, 4 -denormal, 5 -0.0, 6 +0.0, 7 +denormal, 8 +normal, 9 +INF; SRC0 not flushed)";

/// The operation text of a generated row: the family's text with its type (`@`), plus the
/// EXEC write of the CMPX kinds.
fn op_text(strings: &mut Strings, k: Kind, base: &str, ty: &str) -> &'static str {
    let exec = if k.flags().has(Flags::EXEC) {
        "; EXEC(LANEID) = SDST(LANEID)"
    } else {
        ""
    };
    strings.fill(base, ty, exec)
}

/// ASTYPE of a float type, TYPE of an integer type (the page's notation).
fn ty_text(t: Ty) -> &'static str {
    match t {
        F16 => "ASHALF",
        F32 => "ASFLOAT",
        F64 => "ASDOUBLE",
        I16 => "INT16",
        U16 => "UINT16",
        I32 => "INT32",
        U32 => "UINT32",
        I64 => "INT64",
        _ => "UINT64",
    }
}

/// The four kinds of compare: plain, EXEC-writing, signalling, signalling EXEC-writing.
#[derive(Clone, Copy)]
enum Kind {
    Cmp,
    Cmpx,
    Cmps,
    Cmpsx,
}

impl Kind {
    fn prefix(self) -> &'static str {
        match self {
            Kind::Cmp => "v_cmp_",
            Kind::Cmpx => "v_cmpx_",
            Kind::Cmps => "v_cmps_",
            Kind::Cmpsx => "v_cmpsx_",
        }
    }
    fn flags(self) -> Flags {
        match self {
            Kind::Cmp => Flags(0),
            Kind::Cmpx => Flags::EXEC,
            Kind::Cmps => Flags::SIGNAL,
            Kind::Cmpsx => Flags(Flags::SIGNAL.0 | Flags::EXEC.0),
        }
    }
}

/// Opcode base of a float family on GCN 1.0/1.1.
fn float_base_si(k: Kind, t: Ty) -> u16 {
    let b = match k {
        Kind::Cmp => 0x00,
        Kind::Cmpx => 0x10,
        Kind::Cmps => 0x40,
        Kind::Cmpsx => 0x50,
    };
    match t {
        F32 => b,
        F64 => b + 0x20,
        _ => X,
    }
}

/// Opcode base of a float family on GCN 1.2/1.4 (no signalling families there).
fn float_base_vi(k: Kind, t: Ty) -> u16 {
    let b = match k {
        Kind::Cmp => 0x00,
        Kind::Cmpx => 0x10,
        _ => return X,
    };
    match t {
        F16 => b + 0x20,
        F32 => b + 0x40,
        F64 => b + 0x60,
        _ => X,
    }
}

/// Opcode base of an integer family on GCN 1.0/1.1.
fn int_base_si(x: bool, t: Ty) -> u16 {
    let b = match t {
        I32 => 0x80,
        I64 => 0xa0,
        U32 => 0xc0,
        U64 => 0xe0,
        _ => return X,
    };
    if x {
        b + 0x10
    } else {
        b
    }
}

/// Opcode base of an integer family on GCN 1.2/1.4.
fn int_base_vi(x: bool, t: Ty) -> u16 {
    let b = match t {
        I16 => 0xa0,
        U16 => 0xa8,
        I32 => 0xc0,
        U32 => 0xc8,
        I64 => 0xe0,
        U64 => 0xe8,
        _ => return X,
    };
    if x {
        b + 0x10
    } else {
        b
    }
}

fn at(base: u16, off: u16) -> u16 {
    if base == X {
        X
    } else {
        base + off
    }
}

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let mut strings = Strings::new();
    // CLASS: [si, ci, vi, gfx9] opcodes for V_CMP_CLASS / V_CMPX_CLASS of each type.
    let class: [(Ty, [u16; 4], [u16; 4]); 3] = [
        (F32, [0x88, 0x88, 0x10, 0x10], [0x98, 0x98, 0x11, 0x11]),
        (F64, [0xa8, 0xa8, 0x12, 0x12], [0xb8, 0xb8, 0x13, 0x13]),
        (F16, [X, X, 0x14, 0x14], [X, X, 0x15, 0x15]),
    ];
    for (ty, cmp, cmpx) in class {
        for (k, op) in [(Kind::Cmp, cmp), (Kind::Cmpx, cmpx)] {
            let name = strings.join(&[k.prefix(), "class_", ty.name()]);
            t.push(
                Row::vopc(name, op, ty)
                    .tys(B64, ty, U32, U32)
                    .op(op_text(&mut strings, k, CLASS_OP_TEXT, ty_text(ty)))
                    .flag(k.flags())
                    .flag(Flags::CLASS)
                    .sem(match ty {
                        F16 => cmp::class_f16,
                        F32 => cmp::class_f32,
                        _ => cmp::class_f64,
                    })
                    .done(),
            );
        }
    }
    for k in [Kind::Cmp, Kind::Cmpx, Kind::Cmps, Kind::Cmpsx] {
        for ty in [F16, F32, F64] {
            let (si, vi) = (float_base_si(k, ty), float_base_vi(k, ty));
            for (off, op) in FLOAT_OPS.iter().enumerate() {
                let off = off as u16;
                let ops = [at(si, off), at(si, off), at(vi, off), at(vi, off)];
                if ops != [X; 4] {
                    let name = strings.join(&[k.prefix(), op, "_", ty.name()]);
                    let table = match ty {
                        F16 => cmp::FLOAT_F16,
                        F32 => cmp::FLOAT_F32,
                        _ => cmp::FLOAT_F64,
                    };
                    let mut r = Row::vopc(name, ops, ty)
                        .flag(k.flags())
                        .op(op_text(&mut strings, k, FLOAT_OP_TEXT[off as usize], ty_text(ty)))
                        .sem(table[off as usize]);
                    if *op == "tru" {
                        r = r.alias(D::CLRX, A::ALL, strings.join(&[k.prefix(), "t_", ty.name()]));
                    }
                    t.push(r.done());
                }
            }
        }
    }
    for (x, k) in [(false, Kind::Cmp), (true, Kind::Cmpx)] {
        for ty in [I16, U16, I32, U32, I64, U64] {
            let (si, vi) = (int_base_si(x, ty), int_base_vi(x, ty));
            for (off, (clrx, llvm)) in INT_OPS.iter().enumerate() {
                let off = off as u16;
                let ops = [at(si, off), at(si, off), at(vi, off), at(vi, off)];
                if ops == [X; 4] {
                    continue;
                }
                let name = strings.join(&[k.prefix(), clrx, "_", ty.name()]);
                let lname = if clrx == llvm {
                    name
                } else {
                    strings.join(&[k.prefix(), llvm, "_", ty.name()])
                };
                let table = match ty {
                    I16 => cmp::INT_I16,
                    U16 => cmp::INT_U16,
                    I32 => cmp::INT_I32,
                    U32 => cmp::INT_U32,
                    I64 => cmp::INT_I64,
                    _ => cmp::INT_U64,
                };
                let mut r = Row::vopc(name, ops, ty)
                    .llvm(lname)
                    .flag(k.flags())
                    .op(op_text(&mut strings, k, INT_OP_TEXT[off as usize], ty_text(ty)))
                    .sem(table[off as usize]);
                // clrxasm takes LLVM's names of these too (`v_cmp_ne_i32`, `v_cmp_t_u32`).
                if clrx != llvm {
                    r = r.alias(D::CLRX, A::ALL, lname);
                }
                t.push(r.done());
            }
        }
    }
}
