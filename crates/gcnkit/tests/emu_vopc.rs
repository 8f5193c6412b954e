//! The VOPC compares on the emulator, end to end: text → `asm::assemble_one` → words → `decode`
//! → `emu::step` → VCC / SDST / EXEC.
//!
//! - `every_compare_*`: every compare row of every type family on every arch where it exists (F16
//!   on 1.2+; F32/F64 with CMPS/CMPSX on 1.0/1.1; I16/U16 on 1.2+; I32/U32/I64/U64), in VOPC
//!   (result in VCC) and VOP3 (result in an SGPR pair), CMPX also in EXEC, on all pairs of a list
//!   of edge values, under MODE 0xc0, 0xf0 and 0x00, against the seed page's OP16/OP8 tables
//!   (with DESIGN.md's erratum: `U` is `ISNAN(S0) || ISNAN(S1)`);
//! - hand-worked cases (ordered/unordered NaN handling, signed/unsigned, 64-bit halves, 16-bit
//!   halves, literals, inline constants, modifiers, EXEC holes);
//! - CLASS: every class bit of f16/f32/f64;
//! - property tests against Rust's comparisons.

// Lane loops index several arrays at once; the tables pair types with functions.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

mod common;

use common::emu::{asm_d, exec_i, ftz16, ftz32, ftz64, run, run_llvm, wave};
use gcnkit::asm::Dialect;
use gcnkit::emu::lanes::Lanes;
use gcnkit::emu::ops::cmp;
use gcnkit::emu::Wave;
use gcnkit::isa::{isa, Flags, InstrDef, Short, Ty};
use gcnkit::{Arch, Enc};
use half::f16;
use proptest::prelude::*;

const VCC: usize = 106;
const EXEC: usize = 126;
const VI_PLUS: [Arch; 2] = [Arch::Gcn12, Arch::Gcn14];
const SI_CI: [Arch; 2] = [Arch::Gcn10, Arch::Gcn11];

/// Sets the 64-bit value `x` of VGPR pair `r` in `lane`.
fn set64(w: &mut Wave, r: usize, lane: usize, x: u64) {
    w.v[r][lane] = x as u32;
    w.v[r + 1][lane] = (x >> 32) as u32;
}

/// Runs a compare with SRC0 = `x`, SRC1 = `y` broadcast (v[1:2], v[3:4]) and returns VCC.
fn vcc_of(a: Arch, mode: u32, text: &str, x: u64, y: u64) -> u64 {
    let mut w = wave(a, mode);
    for l in 0..64 {
        set64(&mut w, 1, l, x);
        set64(&mut w, 3, l, y);
    }
    run(&mut w, text);
    w.vcc()
}

/// All lanes set (true) or none (false), for a broadcast compare.
fn all(a: Arch, mode: u32, text: &str, x: u64, y: u64) -> bool {
    match vcc_of(a, mode, text, x, y) {
        u64::MAX => true,
        0 => false,
        m => panic!("{a}: `{text}`: lanes differ: {m:#x}"),
    }
}

fn f(x: f32) -> u64 {
    x.to_bits() as u64
}

fn d(x: f64) -> u64 {
    x.to_bits()
}

// ---------------------------------------------------------------------------------------------
// The reference

/// What a compare row is: kind (cmp, cmpx, cmps, cmpsx), operation, type.
#[derive(Clone, Copy, Debug)]
struct Cmp {
    exec: bool,
    op: &'static str,
    ty: Ty,
    class: bool,
}

fn parse(d: &InstrDef) -> Cmp {
    let n = d.name[0];
    let rest = n.strip_prefix("v_").unwrap();
    let (kind, rest) = rest.split_once('_').unwrap();
    let (op, _) = rest.rsplit_once('_').unwrap();
    assert!(["cmp", "cmpx", "cmps", "cmpsx"].contains(&kind), "{n}");
    assert_eq!(d.flags.has(Flags::EXEC), kind.ends_with('x'), "{n}");
    assert_eq!(d.flags.has(Flags::SIGNAL), kind.starts_with("cmps"), "{n}");
    Cmp {
        exec: kind.ends_with('x'),
        op,
        ty: d.src[0],
        class: op == "class",
    }
}

/// The float value of an operand under MODE's input-denormal flushing.
fn fval(ty: Ty, x: u64, mode: u32) -> f64 {
    match ty {
        Ty::F32 => f32::from_bits(if mode & 0x10 != 0 { x as u32 } else { ftz32(x as u32) }) as f64,
        Ty::F64 => f64::from_bits(if mode & 0x40 != 0 { x } else { ftz64(x) }),
        _ => {
            let h = x as u32 & 0xffff;
            f16::from_bits((if mode & 0x40 != 0 { h } else { ftz16(h) }) as u16).to_f64()
        }
    }
}

/// The seed page's OP16 table: "comparison operators compare only non NaN values; if any operand
/// is NaN they return false; their negations return true".
fn float_ref(op: &str, x: f64, y: f64) -> bool {
    let ordered = !x.is_nan() && !y.is_nan();
    match op {
        "f" => false,
        "lt" => ordered && x < y,
        "eq" => ordered && x == y,
        "le" => ordered && x <= y,
        "gt" => ordered && x > y,
        "lg" => ordered && x != y,
        "ge" => ordered && x >= y,
        "o" => ordered,
        "u" => !ordered,
        "nge" => !(ordered && x >= y),
        "nlg" => !(ordered && x != y),
        "ngt" => !(ordered && x > y),
        "nle" => !(ordered && x <= y),
        "neq" => !(ordered && x == y),
        "nlt" => !(ordered && x < y),
        "tru" => true,
        _ => panic!("float op {op}"),
    }
}

fn int_ref<T: Ord>(op: &str, x: T, y: T) -> bool {
    match op {
        "f" => false,
        "lt" => x < y,
        "eq" => x == y,
        "le" => x <= y,
        "gt" => x > y,
        "lg" | "ne" => x != y,
        "ge" => x >= y,
        "tru" | "t" => true,
        _ => panic!("int op {op}"),
    }
}

fn cmp_ref(c: &Cmp, x: u64, y: u64, mode: u32) -> bool {
    match c.ty {
        Ty::F16 | Ty::F32 | Ty::F64 => float_ref(c.op, fval(c.ty, x, mode), fval(c.ty, y, mode)),
        Ty::I16 => int_ref(c.op, x as u16 as i16, y as u16 as i16),
        Ty::U16 => int_ref(c.op, x as u16, y as u16),
        Ty::I32 => int_ref(c.op, x as u32 as i32, y as u32 as i32),
        Ty::U32 => int_ref(c.op, x as u32, y as u32),
        Ty::I64 => int_ref(c.op, x as i64, y as i64),
        Ty::U64 => int_ref(c.op, x, y),
        t => panic!("type {t:?}"),
    }
}

/// The class index of the page's list (0 sNaN .. 9 +INF), from sign/exponent/mantissa.
fn class_ref(ty: Ty, x: u64) -> u32 {
    let (sign, exp, mant, ebits, mbits) = match ty {
        Ty::F16 => ((x >> 15) & 1, (x >> 10) & 0x1f, x & 0x3ff, 5, 10),
        Ty::F32 => ((x >> 31) & 1, (x >> 23) & 0xff, x & 0x7f_ffff, 8, 23),
        _ => (x >> 63, (x >> 52) & 0x7ff, x & 0xf_ffff_ffff_ffff, 11, 52),
    };
    let emax = (1u64 << ebits) - 1;
    let neg = sign != 0;
    if exp == emax && mant != 0 {
        if mant >> (mbits - 1) != 0 {
            1
        } else {
            0
        }
    } else if exp == emax {
        if neg {
            2
        } else {
            9
        }
    } else if exp == 0 && mant == 0 {
        if neg {
            5
        } else {
            6
        }
    } else if exp == 0 {
        if neg {
            4
        } else {
            7
        }
    } else if neg {
        3
    } else {
        8
    }
}

// ---------------------------------------------------------------------------------------------
// Values

const F32S: [u64; 17] = [
    0x0000_0000,
    0x8000_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x3f80_0001,
    0x3f00_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x0080_0000,
    0x0000_0001,
    0x8000_0001,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7f80_0001,
    0xffc0_0000,
    0x0000_0002,
];

const F64S: [u64; 17] = [
    0,
    0x8000_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3ff0_0000_0000_0001, // 1 + ulp: differs in the low dword only
    0x3ff0_0001_0000_0000, // differs in the high dword only
    0x7fef_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x0000_0000_0000_0001,
    0x8000_0000_0000_0001,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff0_0000_0000_0001, // sNaN, payload in the low dword only
    0x4000_0000_0000_0000,
    0x0000_0001_0000_0000, // a denormal with a zero low dword
    0x3ff0_0000_ffff_ffff,
];

const F16S: [u64; 17] = [
    0x0000,
    0x8000,
    0x3c00,
    0xbc00,
    0x3c01,
    0x7bff,
    0xfbff,
    0x0400,
    0x0001,
    0x8001,
    0x7c00,
    0xfc00,
    0x7e00,
    0x7c01,
    0xffff_3c00, // 1.0 with a garbage high half
    0x1234_0000,
    0x0002,
];

const I16S: [u64; 10] = [
    0,
    1,
    2,
    0xffff,
    0x7fff,
    0x8000,
    0x8001,
    0xabcd_0001,
    0x0001_ffff,
    0xffff_7fff,
];

const I32S: [u64; 11] = [
    0,
    1,
    2,
    0xffff_ffff,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_fffe,
    0x1234_5678,
    0x0000_8000,
    0xffff_0000,
];

const I64S: [u64; 12] = [
    0,
    1,
    2,
    u64::MAX,
    i64::MAX as u64,
    i64::MIN as u64,
    0x1_0000_0000,
    0xffff_ffff,
    0x1_0000_0001,
    0xffff_ffff_0000_0000,
    0x8000_0000,
    0x8000_0000_ffff_ffff,
];

fn values(t: Ty) -> &'static [u64] {
    match t {
        Ty::F32 => &F32S,
        Ty::F64 => &F64S,
        Ty::F16 => &F16S,
        Ty::I16 | Ty::U16 => &I16S,
        Ty::I32 | Ty::U32 => &I32S,
        _ => &I64S,
    }
}

/// Class test values: one per class bit, and the index.
fn class_values(t: Ty) -> Vec<(u64, u32)> {
    let v: Vec<u64> = match t {
        Ty::F16 => vec![
            0x7c01, 0x7e00, 0xfc00, 0xbc00, 0x8001, 0x8000, 0x0000, 0x03ff, 0x3c00, 0x7c00,
        ],
        Ty::F32 => vec![
            0x7f80_0001,
            0x7fc0_0000,
            0xff80_0000,
            0xbf80_0000,
            0x8000_0001,
            0x8000_0000,
            0,
            0x007f_ffff,
            0x3f80_0000,
            0x7f80_0000,
        ],
        _ => vec![
            0x7ff0_0000_0000_0001,
            0x7ff8_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0xbff0_0000_0000_0000,
            0x800f_ffff_ffff_ffff,
            0x8000_0000_0000_0000,
            0,
            1,
            0x3ff0_0000_0000_0000,
            0x7ff0_0000_0000_0000,
        ],
    };
    let extra: Vec<u64> = match t {
        Ty::F16 => vec![0xfe00, 0xfd00, 0x7bff, 0x0400, 0x83ff, 0xabcd_3c00],
        Ty::F32 => vec![
            0xffc0_0001,
            0xffa0_0000,
            0x7f7f_ffff,
            0x0080_0000,
            0x807f_ffff,
            0x7fff_ffff,
        ],
        _ => vec![
            0xfff8_0000_0000_0001,
            0xfff4_0000_0000_0000,
            0x7fef_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            0x0000_0001_0000_0000,
            0x7ff0_0001_0000_0000,
        ],
    };
    let all: Vec<u64> = v.into_iter().chain(extra).collect();
    let out: Vec<(u64, u32)> = all.iter().map(|&x| (x, class_ref(t, x))).collect();
    // The first ten cover every class once, in order.
    for (i, &(_, c)) in out.iter().take(10).enumerate() {
        assert_eq!(c, i as u32, "{t:?} value {i}");
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The sweep

fn compare_rows() -> Vec<&'static InstrDef> {
    isa().defs.iter().filter(|d| d.short == Short::Vopc).collect()
}

fn regs(ty: Ty, first: usize) -> String {
    if ty.regs() == 2 {
        format!("v[{}:{}]", first, first + 1)
    } else {
        format!("v{first}")
    }
}

/// CLRX text of compare row `d` on `a`: SRC0 in v[1(:2)], SRC1 in v[3(:4)].
fn text_of(d: &InstrDef, a: Arch, vop3: bool) -> String {
    let n = d.name[a.index()];
    let dst = if vop3 { "s[20:21]" } else { "vcc" };
    format!("{n} {dst}, {}, {}", regs(d.src[0], 1), regs(d.src[1], 3))
}

/// Every pair of values through row `d` on `a`; returns the number of lane results checked.
fn sweep(d: &InstrDef, a: Arch, vop3: bool, mode: u32) -> usize {
    let c = parse(d);
    let text = text_of(d, a, vop3);
    let i = asm_d(a, Dialect::Clrx, &text);
    assert_eq!(i.enc, if vop3 { Enc::Vop3a } else { Enc::Vopc }, "{a}: `{text}`");
    let vals = values(c.ty);
    let pairs: Vec<(u64, u64)> = vals.iter().flat_map(|&x| vals.iter().map(move |&y| (x, y))).collect();
    let mut n = 0;
    for chunk in pairs.chunks(64) {
        let mut w = wave(a, mode);
        w.set_pair(VCC, 0x1234_5678_9abc_def0);
        w.set_pair(20, 0x0fed_cba9_8765_4321);
        let mut want = 0u64;
        for (lane, &(x, y)) in chunk.iter().enumerate() {
            set64(&mut w, 1, lane, x);
            set64(&mut w, 3, lane, y);
            want |= (cmp_ref(&c, x, y, mode) as u64) << lane;
        }
        // Lanes past the chunk compare zeros.
        for lane in chunk.len()..64 {
            want |= (cmp_ref(&c, 0, 0, mode) as u64) << lane;
        }
        exec_i(&mut w, &i, &text);
        let got = if vop3 { w.pair(20) } else { w.vcc() };
        if got != want {
            let bad = (got ^ want).trailing_zeros() as usize;
            let (x, y) = chunk.get(bad).copied().unwrap_or((0, 0));
            panic!(
                "{a} mode {mode:#x}: `{text}`: got {got:#018x}, want {want:#018x}; first wrong lane {bad}: \
                 {x:#x} vs {y:#x} → want {}",
                want >> bad & 1
            );
        }
        if vop3 {
            assert_eq!(w.vcc(), 0x1234_5678_9abc_def0, "{a}: `{text}` VCC untouched");
        }
        assert_eq!(w.exec(), if c.exec { want } else { u64::MAX }, "{a}: `{text}` EXEC");
        n += 64;
    }
    n
}

#[test]
fn every_compare_row_counted() {
    let rows = compare_rows();
    for a in Arch::ALL {
        let on: Vec<_> = rows.iter().filter(|d| d.exists_on(a)).collect();
        let count = |f: &dyn Fn(&Cmp) -> bool| on.iter().filter(|d| f(&parse(d))).count();
        let floats = |t: Ty| count(&|c: &Cmp| c.ty == t && !c.class);
        let ints = |t: Ty| count(&|c: &Cmp| c.ty == t);
        if a.is_vi_plus() {
            // F16/F32/F64: CMP and CMPX × 16; six integer types: CMP and CMPX × 8; 6 CLASS rows.
            assert_eq!((floats(Ty::F16), floats(Ty::F32), floats(Ty::F64)), (32, 32, 32), "{a}");
            for t in [Ty::I16, Ty::U16, Ty::I32, Ty::U32, Ty::I64, Ty::U64] {
                assert_eq!(ints(t), 16, "{a} {t:?}");
            }
            assert_eq!(on.len(), 96 + 96 + 6, "{a}");
        } else {
            // F32/F64: CMP, CMPX, CMPS, CMPSX × 16; four integer types; 4 CLASS rows.
            assert_eq!((floats(Ty::F16), floats(Ty::F32), floats(Ty::F64)), (0, 64, 64), "{a}");
            for t in [Ty::I32, Ty::U32, Ty::I64, Ty::U64] {
                assert_eq!(ints(t), 16, "{a} {t:?}");
            }
            assert_eq!(on.len(), 128 + 64 + 4, "{a}");
        }
        for d in on {
            if !parse(d).class {
                assert!(d.sem.is_some(), "{a}: {} has no semantics", d.name[a.index()]);
            }
            assert!(d.op.is_some(), "{a}: {} has no operation text", d.name[a.index()]);
        }
    }
}

fn sweep_all(filter: impl Fn(&Cmp) -> bool) -> usize {
    let mut n = 0;
    for d in compare_rows() {
        let c = parse(d);
        if c.class || !filter(&c) {
            continue;
        }
        for a in Arch::ALL.into_iter().filter(|&a| d.exists_on(a)) {
            for mode in [0xc0, 0xf0, 0x00] {
                for vop3 in [false, true] {
                    n += sweep(d, a, vop3, mode);
                }
            }
        }
    }
    n
}

#[test]
fn every_compare_float() {
    let n = sweep_all(|c| c.ty.is_float());
    println!("{n} lane results checked");
    assert!(n > 100_000, "{n}");
}

#[test]
fn every_compare_integer() {
    let n = sweep_all(|c| !c.ty.is_float());
    println!("{n} lane results checked");
    assert!(n > 50_000, "{n}");
}

/// EXEC with holes: result bits of inactive lanes are 0; CMPX writes its (masked) result to
/// EXEC too; every row, both encodings.
#[test]
fn every_compare_exec_holes() {
    let exec = 0xf0f0_0000_ffff_0001u64;
    for d in compare_rows() {
        let c = parse(d);
        for a in Arch::ALL.into_iter().filter(|&a| d.exists_on(a)) {
            if c.class && d.sem.is_none() {
                continue; // see class_* below
            }
            for vop3 in [false, true] {
                let text = text_of(d, a, vop3);
                let i = asm_d(a, Dialect::Clrx, &text);
                let setup = |w: &mut Wave| {
                    let vals = values(c.ty);
                    for lane in 0..64 {
                        set64(w, 1, lane, vals[lane % vals.len()]);
                        set64(w, 3, lane, vals[(lane * 5 + 3) % vals.len()]);
                    }
                    w.set_pair(VCC, 0x5555_5555_5555_5555);
                    w.set_pair(20, 0x5555_5555_5555_5555);
                };
                let mut full = wave(a, 0xc0);
                setup(&mut full);
                exec_i(&mut full, &i, &text);
                let mut holes = wave(a, 0xc0);
                setup(&mut holes);
                holes.set_pair(EXEC, exec);
                exec_i(&mut holes, &i, &text);
                let code = if vop3 { 20 } else { VCC };
                let want = full.pair(code) & exec;
                assert_eq!(holes.pair(code), want, "{a}: `{text}`");
                assert_eq!(holes.exec(), if c.exec { want } else { exec }, "{a}: `{text}` EXEC");
                // No VGPR is written.
                assert!(holes.v[5].iter().all(|&x| x == 0), "{a}: `{text}`");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-worked cases

/// LT vs NGE, GT vs NLE...: the same on ordered operands, opposite on a NaN.
#[test]
fn ordered_and_unordered() {
    let nan32 = 0x7fc0_0000u64;
    let nan64 = 0x7ff8_0000_0000_0000u64;
    for a in Arch::ALL {
        for (ty, one, two, nan) in [("f32", f(1.0), f(2.0), nan32), ("f64", d(1.0), d(2.0), nan64)] {
            let r = if ty == "f64" {
                ("v[1:2]", "v[3:4]")
            } else {
                ("v1", "v3")
            };
            let t = |op: &str, x: u64, y: u64| all(a, 0xc0, &format!("v_cmp_{op}_{ty} vcc, {}, {}", r.0, r.1), x, y);
            for (ord, neg) in [
                ("lt", "nge"),
                ("le", "ngt"),
                ("gt", "nle"),
                ("ge", "nlt"),
                ("lg", "nlg"),
                ("eq", "neq"),
            ] {
                assert!(!t(ord, nan, one) && t(neg, nan, one), "{a} {ty} {ord}/{neg} NaN, 1");
                assert!(!t(ord, one, nan) && t(neg, one, nan), "{a} {ty} {ord}/{neg} 1, NaN");
                assert!(!t(ord, nan, nan) && t(neg, nan, nan), "{a} {ty} {ord}/{neg} NaN, NaN");
            }
            // On ordered operands LT and NGE agree.
            assert!(t("lt", one, two) && t("nge", one, two), "{a} {ty}");
            assert!(!t("lt", two, one) && !t("nge", two, one), "{a} {ty}");
            assert!(!t("lt", one, one) && !t("nge", one, one), "{a} {ty}");
            // LG is ordered-and-different; NEQ is its unordered complement of EQ.
            assert!(t("lg", one, two) && t("neq", one, two), "{a} {ty}");
            assert!(
                !t("lg", one, one) && !t("neq", one, one) && t("nlg", one, one),
                "{a} {ty}"
            );
            // O / U.
            assert!(t("o", one, two) && !t("u", one, two), "{a} {ty}");
            assert!(!t("o", nan, two) && t("u", nan, two), "{a} {ty}");
            assert!(
                !t("o", one, nan) && t("u", one, nan),
                "{a} {ty}: U checks SRC1 too (erratum)"
            );
            // F / TRU ignore NaNs.
            assert!(!t("f", one, one) && !t("f", nan, nan), "{a} {ty}");
            assert!(t("tru", nan, nan) && t("tru", one, two), "{a} {ty}");
        }
        // -0 == +0; infinities are ordered.
        assert!(all(a, 0xc0, "v_cmp_eq_f32 vcc, v1, v3", f(-0.0), f(0.0)), "{a}");
        assert!(
            all(a, 0xc0, "v_cmp_lt_f32 vcc, v1, v3", f(f32::NEG_INFINITY), f(-f32::MAX)),
            "{a}"
        );
        assert!(
            all(a, 0xc0, "v_cmp_eq_f32 vcc, v1, v3", f(f32::INFINITY), f(f32::INFINITY)),
            "{a}"
        );
        assert!(all(a, 0xc0, "v_cmp_eq_f64 vcc, v[1:2], v[3:4]", d(-0.0), d(0.0)), "{a}");
        // A signalling NaN is a NaN too.
        assert!(all(a, 0xc0, "v_cmp_u_f32 vcc, v1, v3", 0x7f80_0001, f(1.0)), "{a}");
        assert!(
            all(
                a,
                0xc0,
                "v_cmp_neq_f64 vcc, v[1:2], v[3:4]",
                0x7ff0_0000_0000_0001,
                0x7ff0_0000_0000_0001
            ),
            "{a}"
        );
        // The TRU/T spellings.
        assert!(all(a, 0xc0, "v_cmp_t_f32 vcc, v1, v3", 0, 0), "{a}");
    }
    for a in VI_PLUS {
        let t = |op: &str, x: u64, y: u64| all(a, 0xc0, &format!("v_cmp_{op}_f16 vcc, v1, v3"), x, y);
        assert!(!t("lt", 0x7e00, 0x3c00) && t("nge", 0x7e00, 0x3c00), "{a}");
        assert!(t("lt", 0x3c00, 0x3c01) && t("nge", 0x3c00, 0x3c01), "{a}");
        assert!(t("eq", 0xffff_3c00, 0x3c00), "{a}: the high half is not compared");
        assert!(t("eq", 0x8000, 0), "{a}: -0 == +0");
        assert!(t("u", 0x3c00, 0x7c01) && !t("o", 0x3c00, 0x7c01), "{a}");
    }
    // The signalling compares of GCN 1.0/1.1 give the same bits.
    for a in SI_CI {
        for op in ["lt", "nge", "o", "u", "lg", "nlg", "eq", "neq"] {
            for (x, y) in [(f(1.0), 0x7fc0_0000), (f(1.0), f(2.0)), (f(2.0), f(2.0))] {
                let plain = vcc_of(a, 0xc0, &format!("v_cmp_{op}_f32 vcc, v1, v3"), x, y);
                let sig = vcc_of(a, 0xc0, &format!("v_cmps_{op}_f32 vcc, v1, v3"), x, y);
                assert_eq!(plain, sig, "{a} {op}");
            }
        }
    }
}

#[test]
fn integer_compares() {
    for a in Arch::ALL {
        let t = |text: &str, x: u64, y: u64| all(a, 0xc0, text, x, y);
        // Signed vs unsigned.
        assert!(t("v_cmp_lt_i32 vcc, v1, v3", 0xffff_ffff, 0), "{a}");
        assert!(!t("v_cmp_lt_u32 vcc, v1, v3", 0xffff_ffff, 0), "{a}");
        assert!(t("v_cmp_gt_i32 vcc, v1, v3", 0x7fff_ffff, 0x8000_0000), "{a}");
        assert!(!t("v_cmp_gt_u32 vcc, v1, v3", 0x7fff_ffff, 0x8000_0000), "{a}");
        assert!(
            t("v_cmp_lg_i32 vcc, v1, v3", 1, 2) && !t("v_cmp_lg_i32 vcc, v1, v3", 2, 2),
            "{a}"
        );
        assert!(
            t("v_cmp_le_u32 vcc, v1, v3", 2, 2) && t("v_cmp_ge_u32 vcc, v1, v3", 2, 2),
            "{a}"
        );
        assert!(
            !t("v_cmp_f_u32 vcc, v1, v3", 2, 2) && t("v_cmp_tru_u32 vcc, v1, v3", 2, 3),
            "{a}"
        );
        // 64-bit: the high dword decides first, the low dword is unsigned.
        let q = |op: &str, x: u64, y: u64| t(&format!("v_cmp_{op} vcc, v[1:2], v[3:4]"), x, y);
        assert!(q("gt_u64", 0x1_0000_0000, 0xffff_ffff), "{a}");
        assert!(q("gt_i64", 0x1_0000_0000, 0xffff_ffff), "{a}");
        assert!(q("lt_i64", 0xffff_ffff_0000_0000, 0), "{a}: negative");
        assert!(!q("lt_u64", 0xffff_ffff_0000_0000, 0), "{a}");
        assert!(q("lt_u64", 0x1_7fff_ffff, 0x1_8000_0000), "{a}: low dword unsigned");
        assert!(q("lt_i64", 0x1_7fff_ffff, 0x1_8000_0000), "{a}: low dword unsigned");
        assert!(!q("eq_u64", 0x1_0000_0005, 0x2_0000_0005), "{a}: high dword compared");
        assert!(q("lg_i64", 0x1_0000_0005, 0x2_0000_0005), "{a}");
        assert!(q("ge_i64", i64::MAX as u64, i64::MIN as u64), "{a}");
        // LLVM's names: ne, t.
        let mut w = wave(a, 0xc0);
        *w.v[1] = [5; 64];
        *w.v[3] = [6; 64];
        run_llvm(&mut w, "v_cmp_ne_u32_e32 vcc, v1, v3");
        assert_eq!(w.vcc(), u64::MAX, "{a}");
        run_llvm(&mut w, "v_cmp_t_i32_e64 s[20:21], v1, v3");
        assert_eq!(w.pair(20), u64::MAX, "{a}");
        run_llvm(&mut w, "v_cmp_eq_u32_e64 s[20:21], v1, v3");
        assert_eq!(w.pair(20), 0, "{a}");
        // Constants: SRC0 inline or a literal, SRC1 an SGPR in VOP3.
        let mut w = wave(a, 0xc0);
        for l in 0..64 {
            w.v[3][l] = l as u32;
        }
        run(&mut w, "v_cmp_gt_u32 vcc, 10, v3");
        assert_eq!(w.vcc(), (1 << 10) - 1, "{a}");
        run(&mut w, "v_cmp_lt_i32 vcc, -3, v3");
        assert_eq!(w.vcc(), u64::MAX, "{a}");
        let i = run(&mut w, "v_cmp_eq_u32 vcc, 0x3f, v3");
        assert_eq!((i.literal, w.vcc()), (None, 1 << 63), "{a}: 63 is inline");
        let i = run(&mut w, "v_cmp_le_u32 vcc, 0x12345, v3");
        assert_eq!((i.literal, w.vcc()), (Some(0x12345), 0), "{a}");
        w.s[7] = 40;
        run(&mut w, "v_cmp_ge_u32 s[20:21], v3, s7");
        assert_eq!(w.pair(20), !((1u64 << 40) - 1), "{a}");
        // 64-bit inline constants are sign-extended.
        let mut w = wave(a, 0xc0);
        set64(&mut w, 3, 0, u64::MAX);
        run(&mut w, "v_cmp_eq_u64 vcc, -1, v[3:4]");
        assert_eq!(w.vcc(), 1, "{a}");
    }
    for a in VI_PLUS {
        let t = |text: &str, x: u64, y: u64| all(a, 0xc0, text, x, y);
        assert!(
            t("v_cmp_eq_u16 vcc, v1, v3", 0xabcd_0005, 0x1234_0005),
            "{a}: high halves ignored"
        );
        assert!(t("v_cmp_lt_i16 vcc, v1, v3", 0x8000, 0x7fff), "{a}");
        assert!(!t("v_cmp_lt_u16 vcc, v1, v3", 0x8000, 0x7fff), "{a}");
        assert!(t("v_cmp_lt_i16 vcc, v1, v3", 0x0000_ffff, 0xffff_0000), "{a}: -1 < 0");
        assert!(t("v_cmp_gt_u16 vcc, v1, v3", 0x0000_ffff, 0xffff_0000), "{a}");
        assert!(t("v_cmpx_ge_i16 vcc, v1, v3", 0x7fff, 0x8000), "{a}");
    }
}

#[test]
fn float_operand_sources() {
    for a in Arch::ALL {
        let mut w = wave(a, 0xc0);
        for l in 0..64 {
            w.v[3][l] = (l as f32 * 0.25).to_bits();
            set64(&mut w, 5, l, d(l as f64 * 0.25));
        }
        // Literal f32 SRC0 (1.5 = lane 6).
        let i = run(&mut w, "v_cmp_eq_f32 vcc, 0x3fc00000, v3");
        assert_eq!((i.literal, w.vcc()), (Some(0x3fc0_0000), 1 << 6), "{a}");
        // Inline float constants.
        run(&mut w, "v_cmp_eq_f32 vcc, 0.5, v3");
        assert_eq!(w.vcc(), 1 << 2, "{a}");
        run(&mut w, "v_cmp_gt_f32 vcc, 4.0, v3");
        assert_eq!(w.vcc(), (1 << 16) - 1, "{a}");
        run(&mut w, "v_cmp_eq_f64 vcc, 2.0, v[5:6]");
        assert_eq!(w.vcc(), 1 << 8, "{a}");
        run(&mut w, "v_cmp_lt_f64 vcc, -1.0, v[5:6]");
        assert_eq!(w.vcc(), u64::MAX, "{a}");
        // A 64-bit float literal is the high dword of the double (1.5 = 0x3ff80000_00000000).
        let i = run(&mut w, "v_cmp_eq_f64 vcc, 0x3ff80000, v[5:6]");
        assert_eq!((i.literal, w.vcc()), (Some(0x3ff8_0000), 1 << 6), "{a}");
        // An integer inline constant is the raw bits (2 = a denormal, flushed by MODE 0xc0).
        let mut w = wave(a, 0xc0);
        run(&mut w, "v_cmp_eq_f32 vcc, 2, v3");
        assert_eq!(w.vcc(), u64::MAX, "{a}: flushed denormal == 0");
        w.mode = 0xf0;
        run(&mut w, "v_cmp_eq_f32 vcc, 2, v3");
        assert_eq!(w.vcc(), 0, "{a}");
        // VOP3 ABS/NEG: |−2| == −(−2).
        let mut w = wave(a, 0xc0);
        *w.v[1] = [f(-2.0) as u32; 64];
        *w.v[3] = [f(-2.0) as u32; 64];
        let i = run(&mut w, "v_cmp_eq_f32 s[20:21], |v1|, -v3");
        assert_eq!((i.enc, w.pair(20)), (Enc::Vop3a, u64::MAX), "{a}");
        run(&mut w, "v_cmp_eq_f32 s[20:21], -|v1|, v3");
        assert_eq!(w.pair(20), u64::MAX, "{a}");
        run(&mut w, "v_cmp_lt_f32 s[20:21], v1, -v3");
        assert_eq!(w.pair(20), u64::MAX, "{a}");
        set64(&mut w, 1, 0, d(-3.0));
        set64(&mut w, 3, 0, d(3.0));
        run(&mut w, "v_cmp_eq_f64 s[20:21], |v[1:2]|, v[3:4]");
        assert_eq!(w.pair(20) & 1, 1, "{a}");
        run(&mut w, "v_cmp_eq_f64 s[20:21], v[1:2], -v[3:4]");
        assert_eq!(w.pair(20) & 1, 1, "{a}");
        // SGPR operands: an SGPR pair as a double.
        let mut w = wave(a, 0xc0);
        w.s[8] = 0;
        w.s[9] = 0x4000_0000;
        set64(&mut w, 3, 7, d(2.0));
        run(&mut w, "v_cmp_eq_f64 vcc, s[8:9], v[3:4]");
        assert_eq!(w.vcc(), 1 << 7, "{a}");
    }
    for a in VI_PLUS {
        let mut w = wave(a, 0xc0);
        for l in 0..64 {
            w.v[3][l] = f16::from_f32(l as f32 * 0.25).to_bits() as u32;
        }
        run(&mut w, "v_cmp_eq_f16 vcc, 1.0, v3");
        assert_eq!(w.vcc(), 1 << 4, "{a}: f16 inline constant");
        run(&mut w, "v_cmp_eq_f16 vcc, 0x3e00, v3");
        assert_eq!(w.vcc(), 1 << 6, "{a}: f16 literal 1.5");
        run(&mut w, "v_cmp_lt_f16 s[20:21], -v3, -2.0");
        assert_eq!(w.pair(20), !((1u64 << 9) - 1), "{a}: -x < -2 ⇔ x > 2");
        // 1/(2*pi) as f32, f16, f64.
        let mut w = wave(a, 0xc0);
        *w.v[3] = [0x3e22_f983; 64];
        *w.v[4] = [0x3118; 64];
        set64(&mut w, 5, 0, 0x3fc4_5f30_6dc9_c882);
        run(&mut w, "v_cmp_eq_f32 vcc, 0.15915494, v3");
        assert_eq!(w.vcc(), u64::MAX, "{a}");
        run_llvm(&mut w, "v_cmp_eq_f16_e32 vcc, 0.15915494, v4");
        assert_eq!(w.vcc(), u64::MAX, "{a}");
        run_llvm(&mut w, "v_cmp_eq_f64_e32 vcc, 0.15915494309189532, v[5:6]");
        assert_eq!(w.vcc() & 1, 1, "{a}");
    }
}

/// Denormal operands under MODE: f32 uses bit 4 (flushed at reset), f64/f16 bit 6 (kept).
#[test]
fn denormal_compares() {
    for a in Arch::ALL {
        let t = |mode: u32, text: &str, x: u64, y: u64| all(a, mode, text, x, y);
        assert!(t(0xc0, "v_cmp_eq_f32 vcc, v1, v3", 1, 0), "{a}");
        assert!(!t(0xf0, "v_cmp_eq_f32 vcc, v1, v3", 1, 0), "{a}");
        assert!(!t(0xc0, "v_cmp_lt_f32 vcc, v1, v3", 0, 1), "{a}");
        assert!(t(0xf0, "v_cmp_lt_f32 vcc, v1, v3", 0, 1), "{a}");
        assert!(
            t(0xc0, "v_cmp_eq_f32 vcc, v1, v3", 0x8000_0001, 0x0000_0002),
            "{a}: -0 == +0"
        );
        assert!(
            t(0xc0, "v_cmp_neq_f32 vcc, v1, v3", 0x0080_0000, 0),
            "{a}: normals are not flushed"
        );
        // f64: kept at reset (0xc0), flushed under 0x00.
        let q = "v_cmp_eq_f64 vcc, v[1:2], v[3:4]";
        assert!(!t(0xc0, q, 1, 0), "{a}");
        assert!(t(0x00, q, 1, 0), "{a}");
        assert!(t(0x00, q, 0x800f_ffff_ffff_ffff, 0), "{a}");
        assert!(!t(0x00, q, 0x0010_0000_0000_0000, 0), "{a}");
        assert!(t(0x30, q, 0x0000_0001_0000_0000, 0), "{a}: 0x30 keeps f32, flushes f64");
        assert!(!t(0x30, "v_cmp_eq_f32 vcc, v1, v3", 1, 0), "{a}");
    }
    for a in VI_PLUS {
        let t = |mode: u32, x: u64, y: u64| all(a, mode, "v_cmp_eq_f16 vcc, v1, v3", x, y);
        assert!(!t(0xc0, 1, 0), "{a}");
        assert!(t(0x00, 1, 0), "{a}");
        assert!(t(0x30, 0x83ff, 0), "{a}");
    }
}

/// CMPX: EXEC and the destination get the result, zero for lanes that were inactive.
#[test]
fn cmpx_writes_exec() {
    for a in Arch::ALL {
        let mut w = wave(a, 0xc0);
        for l in 0..64 {
            w.v[1][l] = l as u32;
        }
        *w.v[3] = [10; 64];
        w.set_pair(EXEC, 0xffff_0000_0000_0f0f);
        let i = run(&mut w, "v_cmpx_lt_u32 vcc, v1, v3");
        assert_eq!(i.enc, Enc::Vopc);
        assert_eq!(w.exec(), 0x30f, "{a}");
        assert_eq!(w.vcc(), 0x30f, "{a}");
        // VOP3: SDST and EXEC, VCC untouched.
        w.set_pair(EXEC, u64::MAX);
        w.set_pair(VCC, 0xabc);
        let i = run(&mut w, "v_cmpx_gt_u32 s[20:21], v1, v3");
        assert!(i.enc.is_vop3());
        assert_eq!(w.pair(20), !((1u64 << 11) - 1), "{a}");
        assert_eq!(w.exec(), !((1u64 << 11) - 1), "{a}");
        assert_eq!(w.vcc(), 0xabc, "{a}");
        // A following instruction runs only where the compare held.
        run(&mut w, "v_or_b32 v10, v1, v1");
        for l in 0..64 {
            assert_eq!(w.v[10][l], if l > 10 { l as u32 } else { 0 }, "{a} lane {l}");
        }
        // CMPX with every lane failing leaves EXEC 0; then a CMPX on no lanes writes 0 again.
        run(&mut w, "v_cmpx_f_u32 vcc, v1, v3");
        assert_eq!((w.exec(), w.vcc()), (0, 0), "{a}");
        run(&mut w, "v_cmpx_tru_u32 vcc, v1, v3");
        assert_eq!((w.exec(), w.vcc()), (0, 0), "{a}: inactive lanes stay 0");
        // The signalling EXEC-writing kind of GCN 1.0/1.1 too.
        if !a.is_vi_plus() {
            w.set_pair(EXEC, 0xff);
            run(&mut w, "v_cmpsx_nlt_f32 vcc, v1, v3");
            assert_eq!(w.exec(), 0xff, "{a}: integers as f32 bits: tiny denormals, all equal");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// CLASS

const CLASS_FNS: [(Ty, fn(&mut Lanes)); 3] = [
    (Ty::F16, cmp::class_f16),
    (Ty::F32, cmp::class_f32),
    (Ty::F64, cmp::class_f64),
];

/// The CLASS semantics functions on their own (the rows do not reach them yet: see below): every
/// value against every single-bit mask, the full mask, the empty mask and bits above 9.
#[test]
fn class_semantics_every_bit() {
    for (ty, sem) in CLASS_FNS {
        let vals = class_values(ty);
        let mut cases = Vec::new();
        for &(x, c) in &vals {
            for bit in 0..10 {
                cases.push((x, 1u32 << bit, bit == c));
            }
            cases.push((x, 0x3ff, true));
            cases.push((x, 0, false));
            cases.push((x, 0xffff_fc00, false));
            cases.push((x, !(1u32 << c), false));
        }
        for a in Arch::ALL {
            for chunk in cases.chunks(64) {
                let mut l = Lanes::new(a);
                l.src.iter_mut().flatten().for_each(|r| **r = [0xdead_beef; 64]);
                l.sdst = 0x5555;
                for (i, &(x, m, _)) in chunk.iter().enumerate() {
                    l.src[0][0][i] = x as u32;
                    l.src[0][1][i] = (x >> 32) as u32;
                    l.src[1][0][i] = m;
                    l.src[1][1][i] = 0xffff_ffff; // the mask is 32 bits: the high dword is ignored
                }
                sem(&mut l);
                for (i, &(x, m, want)) in chunk.iter().enumerate() {
                    assert_eq!(l.sdst >> i & 1 != 0, want, "{ty:?} {x:#x} mask {m:#x}");
                }
            }
        }
    }
}

fn class_text(ty: Ty, x: bool, vop3: bool) -> String {
    let n = format!("v_cmp{}_class_{}", if x { "x" } else { "" }, ty.name());
    let dst = if vop3 { "s[20:21]" } else { "vcc" };
    format!("{n} {dst}, {}, v3", regs(ty, 1))
}

/// End to end: every class bit, both encodings, CMPX writing EXEC, denormal SRC0 not flushed
/// (MODE 0xc0 flushes f32 and 0x00 f64/f16 denormals for other compares).
#[test]
fn class_end_to_end_every_bit() {
    for a in Arch::ALL {
        for ty in [Ty::F16, Ty::F32, Ty::F64] {
            if ty == Ty::F16 && !a.is_vi_plus() {
                continue;
            }
            let vals = class_values(ty);
            for x in [false, true] {
                for vop3 in [false, true] {
                    let text = class_text(ty, x, vop3);
                    let i = asm_d(a, Dialect::Clrx, &text);
                    for mode in [0xc0, 0x00] {
                        for bit in 0..11 {
                            let mut w = wave(a, mode);
                            let mut want = 0u64;
                            for (lane, &(v, c)) in vals.iter().enumerate() {
                                set64(&mut w, 1, lane, v);
                                want |= ((c == bit) as u64) << lane;
                            }
                            *w.v[3] = [1 << bit; 64];
                            // Lanes past the values: +0 (class 6).
                            for lane in vals.len()..64 {
                                want |= ((bit == 6) as u64) << lane;
                            }
                            exec_i(&mut w, &i, &text);
                            let got = if vop3 { w.pair(20) } else { w.vcc() };
                            assert_eq!(got, want, "{a} mode {mode:#x}: `{text}` bit {bit}");
                            assert_eq!(w.exec(), if x { want } else { u64::MAX }, "{a}: `{text}`");
                        }
                    }
                }
            }
        }
    }
    // EXEC holes.
    for a in Arch::ALL {
        let mut w = wave(a, 0xc0);
        *w.v[1] = [0x3f80_0000; 64];
        *w.v[3] = [0x3ff; 64];
        w.set_pair(EXEC, 0xf0);
        run(&mut w, "v_cmpx_class_f32 vcc, v1, v3");
        assert_eq!((w.vcc(), w.exec()), (0xf0, 0xf0), "{a}");
    }
}

// ---------------------------------------------------------------------------------------------
// Properties

fn lanes<S: Strategy>(s: S) -> impl Strategy<Value = Vec<S::Value>>
where
    S::Value: std::fmt::Debug,
{
    prop::collection::vec(s, 64)
}

/// Values that hit equality often.
fn int64() -> impl Strategy<Value = u64> {
    prop_oneof![any::<u64>(), prop::sample::select(I64S.to_vec()), (0u64..4)]
}

fn run_cmp(a: Arch, mode: u32, text: &str, x: &[u64], y: &[u64]) -> u64 {
    let mut w = wave(a, mode);
    for l in 0..64 {
        set64(&mut w, 1, l, x[l]);
        set64(&mut w, 3, l, y[l]);
    }
    run(&mut w, text);
    w.vcc()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn prop_integer_compares_match_rust(ai in 0usize..4, x in lanes(int64()), y in lanes(int64()), op in 0usize..8) {
        let a = Arch::ALL[ai];
        let names = ["f", "lt", "eq", "le", "gt", "lg", "ge", "tru"];
        let rust: [fn(std::cmp::Ordering) -> bool; 8] = [
            |_| false, |o| o.is_lt(), |o| o.is_eq(), |o| o.is_le(), |o| o.is_gt(), |o| o.is_ne(), |o| o.is_ge(), |_| true,
        ];
        let types: &[(&str, bool)] = if a.is_vi_plus() {
            &[("i16", false), ("u16", false), ("i32", false), ("u32", false), ("i64", true), ("u64", true)]
        } else {
            &[("i32", false), ("u32", false), ("i64", true), ("u64", true)]
        };
        for &(t, wide) in types {
            let text = if wide {
                format!("v_cmp_{}_{t} vcc, v[1:2], v[3:4]", names[op])
            } else {
                format!("v_cmp_{}_{t} vcc, v1, v3", names[op])
            };
            let got = run_cmp(a, 0xc0, &text, &x, &y);
            for l in 0..64 {
                let o = match t {
                    "i16" => (x[l] as i16).cmp(&(y[l] as i16)),
                    "u16" => (x[l] as u16).cmp(&(y[l] as u16)),
                    "i32" => (x[l] as i32).cmp(&(y[l] as i32)),
                    "u32" => (x[l] as u32).cmp(&(y[l] as u32)),
                    "i64" => (x[l] as i64).cmp(&(y[l] as i64)),
                    _ => x[l].cmp(&y[l]),
                };
                prop_assert_eq!(got >> l & 1 != 0, rust[op](o), "{} {:#x} {:#x}", text, x[l], y[l]);
            }
        }
    }

    #[test]
    fn prop_float_compares_match_rust(ai in 0usize..4, x in lanes(any::<u64>()), y in lanes(any::<u64>()), op in 0usize..16, eq in any::<u64>()) {
        let a = Arch::ALL[ai];
        let names = ["f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"];
        // Rust's partial_cmp: None on a NaN.
        let rust = |p: Option<std::cmp::Ordering>| -> bool {
            use std::cmp::Ordering::*;
            match names[op] {
                "f" => false,
                "lt" => p == Some(Less),
                "eq" => p == Some(Equal),
                "le" => matches!(p, Some(Less | Equal)),
                "gt" => p == Some(Greater),
                "lg" => matches!(p, Some(Less | Greater)),
                "ge" => matches!(p, Some(Greater | Equal)),
                "o" => p.is_some(),
                "u" => p.is_none(),
                "nge" => !matches!(p, Some(Greater | Equal)),
                "nlg" => !matches!(p, Some(Less | Greater)),
                "ngt" => p != Some(Greater),
                "nle" => !matches!(p, Some(Less | Equal)),
                "neq" => p != Some(Equal),
                "nlt" => p != Some(Less),
                _ => true,
            }
        };
        // Make some lanes equal.
        let y: Vec<u64> = (0..64).map(|l| if eq >> l & 1 != 0 { x[l] } else { y[l] }).collect();
        let got = run_cmp(a, 0xf0, &format!("v_cmp_{}_f32 vcc, v1, v3", names[op]), &x, &y);
        for l in 0..64 {
            let (p, q) = (f32::from_bits(x[l] as u32), f32::from_bits(y[l] as u32));
            prop_assert_eq!(got >> l & 1 != 0, rust(p.partial_cmp(&q)), "f32 {} {:#x} {:#x}", names[op], x[l] as u32, y[l] as u32);
        }
        let got = run_cmp(a, 0xf0, &format!("v_cmp_{}_f64 vcc, v[1:2], v[3:4]", names[op]), &x, &y);
        for l in 0..64 {
            let (p, q) = (f64::from_bits(x[l]), f64::from_bits(y[l]));
            prop_assert_eq!(got >> l & 1 != 0, rust(p.partial_cmp(&q)), "f64 {} {:#x} {:#x}", names[op], x[l], y[l]);
        }
        if a.is_vi_plus() {
            let got = run_cmp(a, 0xf0, &format!("v_cmp_{}_f16 vcc, v1, v3", names[op]), &x, &y);
            for l in 0..64 {
                let (p, q) = (f16::from_bits(x[l] as u16), f16::from_bits(y[l] as u16));
                prop_assert_eq!(got >> l & 1 != 0, rust(p.partial_cmp(&q)), "f16 {} {:#x} {:#x}", names[op], x[l] as u16, y[l] as u16);
            }
        }
    }

    #[test]
    fn prop_class_matches_std(x in lanes(any::<u64>()), bit in 0u32..10) {
        // f32/f64 classification by the standard library, mapped to the page's class bits.
        fn std_class32(v: f32) -> u32 {
            use std::num::FpCategory::*;
            let neg = v.is_sign_negative();
            match v.classify() {
                Nan => if v.to_bits() & 0x40_0000 != 0 { 1 } else { 0 },
                Infinite => if neg { 2 } else { 9 },
                Normal => if neg { 3 } else { 8 },
                Subnormal => if neg { 4 } else { 7 },
                Zero => if neg { 5 } else { 6 },
            }
        }
        fn std_class64(v: f64) -> u32 {
            use std::num::FpCategory::*;
            let neg = v.is_sign_negative();
            match v.classify() {
                Nan => if v.to_bits() & 0x8_0000_0000_0000 != 0 { 1 } else { 0 },
                Infinite => if neg { 2 } else { 9 },
                Normal => if neg { 3 } else { 8 },
                Subnormal => if neg { 4 } else { 7 },
                Zero => if neg { 5 } else { 6 },
            }
        }
        let mut l = Lanes::new(Arch::Gcn12);
        for i in 0..64 {
            l.src[0][0][i] = x[i] as u32;
            l.src[0][1][i] = (x[i] >> 32) as u32;
            l.src[1][0][i] = 1 << bit;
        }
        cmp::class_f32(&mut l);
        for i in 0..64 {
            prop_assert_eq!(l.sdst >> i & 1 != 0, std_class32(f32::from_bits(x[i] as u32)) == bit);
        }
        cmp::class_f64(&mut l);
        for i in 0..64 {
            prop_assert_eq!(l.sdst >> i & 1 != 0, std_class64(f64::from_bits(x[i])) == bit);
        }
        cmp::class_f16(&mut l);
        for i in 0..64 {
            prop_assert_eq!(l.sdst >> i & 1 != 0, class_ref(Ty::F16, x[i] & 0xffff) == bit);
        }
    }
}
