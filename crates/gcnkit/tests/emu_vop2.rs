//! The VOP2 instructions on the emulator, end to end: text → `asm::assemble_one` → words →
//! `decode` → `emu::step` → registers.
//!
//! - `every_row_*`: every VOP2 row on every arch where it exists, in its 32-bit form and in VOP3,
//!   under MODE 0xc0 (reset: f32 denormals flushed) and 0xf0 (all kept), on all pairs of a list of
//!   edge values, against a reference written from the *Operation* texts (seed page
//!   GcnInstrsVop2 with DESIGN.md's errata); float results are computed in f64 and rounded once,
//!   which is exact (double rounding through f64 is innocuous for +, -, *).
//! - hand-worked values for the edge cases (24-bit sign extension, shift counts, carry chains,
//!   legacy rules, denormals under both MODE settings, NaN/inf/±0, literals, modifiers, EXEC);
//! - property tests where Rust's own arithmetic must agree.
//!
//! NaN results are compared as "some NaN" (the payload is not specified by the pages).

// Lane loops index several arrays at once; the tables pair types with functions.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

mod common;

use common::emu::{asm, asm_d, exec_i, ftz16, ftz32, run, run_llvm, wave};
use gcnkit::asm::{assemble_one, Dialect};
use gcnkit::decode::decode;
use gcnkit::emu::Wave;
use gcnkit::isa::{isa, Form, InstrDef, Short, Ty, X};
use gcnkit::{Arch, Enc};
use half::f16;
use proptest::prelude::*;

const VCC: usize = 106;
const EXEC: usize = 126;

// ---------------------------------------------------------------------------------------------
// Driving the emulator

/// A wave with VGPRs broadcast from `v` (register, value).
fn wave_with(a: Arch, mode: u32, v: &[(usize, u32)]) -> Wave {
    let mut w = wave(a, mode);
    for &(r, x) in v {
        *w.v[r] = [x; 64];
    }
    w
}

/// Runs `text` with VGPRs broadcast from `v` and returns v10 (asserting all lanes agree).
fn v10(a: Arch, mode: u32, text: &str, v: &[(usize, u32)]) -> u32 {
    let mut w = wave_with(a, mode, v);
    run(&mut w, text);
    let x = w.v[10][0];
    assert!(w.v[10].iter().all(|&y| y == x), "{a}: `{text}`: lanes differ");
    x
}

/// The row whose GCN 1.0 (base) name is `base` (every row carries a name on every arch).
fn row(base: &str) -> &'static InstrDef {
    isa()
        .defs
        .iter()
        .find(|d| d.short == Short::Vop2 && d.e32.iter().any(|&o| o != X) && d.name[0] == base)
        .unwrap_or_else(|| panic!("no VOP2 row {base}"))
}

/// The CLRX name of row `base` on `a`.
fn nm(a: Arch, base: &str) -> &'static str {
    let d = row(base);
    assert!(d.exists_on(a), "{base} does not exist on {a}");
    d.name[a.index()]
}

const SI_CI: [Arch; 2] = [Arch::Gcn10, Arch::Gcn11];
const VI_PLUS: [Arch; 2] = [Arch::Gcn12, Arch::Gcn14];

fn f(x: f32) -> u32 {
    x.to_bits()
}

fn h(x: f64) -> u32 {
    f16::from_f64(x).to_bits() as u32
}

fn hf(b: u32) -> f64 {
    f16::from_bits(b as u16).to_f64()
}

// ---------------------------------------------------------------------------------------------
// The reference: the Operation texts, lane by lane

/// An f32 input under MODE (FP_DENORM[4]: keep single-precision input denormals).
fn in32(x: u32, mode: u32) -> f32 {
    f32::from_bits(if mode & 0x10 != 0 { x } else { ftz32(x) })
}

fn out32(x: u32, mode: u32) -> u32 {
    if mode & 0x20 != 0 {
        x
    } else {
        ftz32(x)
    }
}

/// An f16 input under MODE (FP_DENORM[6], shared with f64).
fn in16(x: u32, mode: u32) -> f64 {
    hf(if mode & 0x40 != 0 {
        x & 0xffff
    } else {
        ftz16(x & 0xffff)
    })
}

fn out16(x: u32, mode: u32) -> u32 {
    if mode & 0x80 != 0 {
        x
    } else {
        ftz16(x)
    }
}

/// An expected VDST (and carry out).
#[derive(Clone, Copy, Debug)]
enum Out {
    Exact(u32),
    /// An f32: any NaN matches any NaN.
    F32(u32),
    /// An f16 in the low half, the high half zero.
    F16(u32),
    /// Two f16 halves.
    PkF16(u32),
    Carry(u32, bool),
}

fn same32(x: u32, y: u32) -> bool {
    x == y || (f32::from_bits(x).is_nan() && f32::from_bits(y).is_nan())
}

fn same16(x: u32, y: u32) -> bool {
    let nan = |v: u32| v & 0x7c00 == 0x7c00 && v & 0x3ff != 0;
    (x & 0xffff) == (y & 0xffff) || (nan(x & 0xffff) && nan(y & 0xffff))
}

impl Out {
    fn matches(self, got: u32, carry: bool) -> bool {
        match self {
            Out::Exact(x) => got == x,
            Out::F32(x) => same32(x, got),
            Out::F16(x) => got >> 16 == 0 && same16(x, got),
            Out::PkF16(x) => same16(x, got) && same16(x >> 16, got >> 16),
            Out::Carry(x, c) => got == x && carry == c,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct In {
    a: u32,
    b: u32,
    old: u32,
    cin: bool,
    k: u32,
    lane: usize,
    mode: u32,
}

/// `SRC0 * SRC1 + SRC2` with the product rounded to f32 (f64 products of f32 are exact).
fn mad32(a: f32, b: f32, c: f32) -> f32 {
    let p = (a as f64 * b as f64) as f32;
    (p as f64 + c as f64) as f32
}

/// IEEE minNum/maxNum on bits: a NaN operand gives the other, -0 < +0.
fn min_num(a: u32, b: u32, to_f: fn(u32) -> f64, sign: u32) -> Option<u32> {
    let (x, y) = (to_f(a), to_f(b));
    match (x.is_nan(), y.is_nan()) {
        (true, true) => None,
        (true, false) => Some(b),
        (false, true) => Some(a),
        _ if x == y => Some(if a & sign != 0 { a } else { b }),
        _ => Some(if x < y { a } else { b }),
    }
}

fn max_num(a: u32, b: u32, to_f: fn(u32) -> f64, sign: u32) -> Option<u32> {
    let (x, y) = (to_f(a), to_f(b));
    match (x.is_nan(), y.is_nan()) {
        (true, true) => None,
        (true, false) => Some(b),
        (false, true) => Some(a),
        _ if x == y => Some(if a & sign == 0 { a } else { b }),
        _ => Some(if x > y { a } else { b }),
    }
}

fn f32_of(b: u32) -> f64 {
    f32::from_bits(b) as f64
}

/// `x * 2^e` rounded once to f32 (exact in f64 over the range that matters).
fn ldexp32_ref(x: f32, e: i32) -> f32 {
    (x as f64 * 2f64.powi(e.clamp(-300, 300))) as f32
}

/// f32 → f16 bits rounding toward zero, written from the definition.
fn rtz16(x: f32) -> u32 {
    let s = (x.to_bits() >> 16) & 0x8000;
    if x.is_nan() {
        return s | 0x7e00;
    }
    let v = (x as f64).abs();
    if v.is_infinite() {
        return s | 0x7c00;
    }
    if v > 65504.0 {
        return s | 0x7bff;
    }
    if v < 2f64.powi(-14) {
        return s | (v / 2f64.powi(-24)).floor() as u32;
    }
    let mut e = 15;
    while 2f64.powi(e) > v {
        e -= 1;
    }
    let m = (v / 2f64.powi(e - 10)).floor() as u32;
    s | ((e + 15) as u32) << 10 | (m - 1024)
}

fn sext24_ref(x: u32) -> i32 {
    ((x & 0x7f_ffff) | if x & 0x80_0000 != 0 { 0xff80_0000 } else { 0 }) as i32
}

fn popcount_loop(x: u32) -> u32 {
    (0..32).filter(|i| (1u32 << i) & x != 0).count() as u32
}

/// The expected result of row `op` (its GCN 1.0 name) for one lane; `None` for the rows the
/// sweep does not model (V_READLANE/V_WRITELANE: tested on their own).
fn reference(op: &str, x: &In) -> Option<Out> {
    let m = x.mode;
    let (a, b) = (x.a, x.b);
    let (fa, fb) = (in32(a, m), in32(b, m));
    let o32 = |v: f32| Out::F32(out32(v.to_bits(), m));
    let (ha, hb) = (in16(a, m), in16(b, m));
    let o16 = |v: f64| Out::F16(out16(h(v), m));
    let r16 = |v: f64| hf(h(v));
    let carry = |t: u64| Out::Carry(t as u32, t >> 32 != 0);
    let cin = x.cin as u64;
    let pick32 = |r: Option<u32>| Out::F32(out32(r.unwrap_or(0x7fc0_0000), m));
    let pick16 = |r: Option<u32>| Out::F16(out16(r.map(|v| v & 0xffff).unwrap_or(0x7e00), m));
    let flushed16 = |v: u32| h(in16(v, m));
    let snorm = |v: f32| {
        if v.is_nan() {
            0
        } else {
            ((v as f64).clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u16 as u32
        }
    };
    let unorm = |v: f32| {
        if v.is_nan() {
            0
        } else {
            ((v as f64).clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
        }
    };
    let (a16, b16) = (a as u16, b as u16);
    Some(match op {
        "v_cndmask_b32" => Out::Exact(if x.cin { b } else { a }),
        "v_readlane_b32" | "v_writelane_b32" => return None,
        "v_add_f32" => o32((fa as f64 + fb as f64) as f32),
        "v_sub_f32" => o32((fa as f64 - fb as f64) as f32),
        "v_subrev_f32" => o32((fb as f64 - fa as f64) as f32),
        "v_mac_legacy_f32" => {
            if fa != 0.0 && fb != 0.0 {
                o32(mad32(fa, fb, in32(x.old, m)))
            } else {
                Out::F32(out32(x.old, m))
            }
        }
        "v_mul_legacy_f32" => {
            if fa != 0.0 && fb != 0.0 {
                o32((fa as f64 * fb as f64) as f32)
            } else {
                Out::F32(0)
            }
        }
        "v_mul_f32" => o32((fa as f64 * fb as f64) as f32),
        "v_mul_i32_i24" => Out::Exact(sext24_ref(a).wrapping_mul(sext24_ref(b)) as u32),
        "v_mul_hi_i32_i24" => Out::Exact(((sext24_ref(a) as i64 * sext24_ref(b) as i64) >> 32) as u32),
        "v_mul_u32_u24" => Out::Exact((a & 0xff_ffff).wrapping_mul(b & 0xff_ffff)),
        "v_mul_hi_u32_u24" => Out::Exact((((a & 0xff_ffff) as u64 * (b & 0xff_ffff) as u64) >> 32) as u32),
        "v_min_legacy_f32" | "v_max_legacy_f32" => {
            if fb.is_nan() {
                Out::F32(0x7fc0_0000)
            } else {
                let less = if op == "v_min_legacy_f32" { fa < fb } else { fa > fb };
                Out::F32(out32(if less { fa.to_bits() } else { fb.to_bits() }, m))
            }
        }
        "v_min_f32" => pick32(min_num(fa.to_bits(), fb.to_bits(), f32_of, 0x8000_0000)),
        "v_max_f32" => pick32(max_num(fa.to_bits(), fb.to_bits(), f32_of, 0x8000_0000)),
        "v_min_i32" => Out::Exact(if (a as i32) < (b as i32) { a } else { b }),
        "v_max_i32" => Out::Exact(if (a as i32) > (b as i32) { a } else { b }),
        "v_min_u32" => Out::Exact(if a < b { a } else { b }),
        "v_max_u32" => Out::Exact(if a > b { a } else { b }),
        "v_lshr_b32" => Out::Exact(a >> (b & 31)),
        "v_lshrrev_b32" => Out::Exact(b >> (a & 31)),
        "v_ashr_i32" => Out::Exact(((a as i32) >> (b & 31)) as u32),
        "v_ashrrev_i32" => Out::Exact(((b as i32) >> (a & 31)) as u32),
        "v_lshl_b32" => Out::Exact(a << (b & 31)),
        "v_lshlrev_b32" => Out::Exact(b << (a & 31)),
        "v_and_b32" => Out::Exact(a & b),
        "v_or_b32" => Out::Exact(a | b),
        "v_xor_b32" => Out::Exact(a ^ b),
        "v_xnor_b32" => Out::Exact(!(a ^ b)),
        "v_bfm_b32" => Out::Exact(((1u32 << (a & 31)) - 1) << (b & 31)),
        "v_mac_f32" => o32(mad32(fa, fb, in32(x.old, m))),
        "v_fmac_f32" => o32(fa.mul_add(fb, in32(x.old, m))),
        "v_madmk_f32" => o32(mad32(fa, in32(x.k, m), fb)),
        "v_madak_f32" => o32(mad32(fa, fb, in32(x.k, m))),
        "v_bcnt_u32_b32" => Out::Exact(b.wrapping_add(popcount_loop(a))),
        "v_mbcnt_lo_u32_b32" => {
            let mask = ((1u64 << x.lane) - 1) as u32 & a;
            Out::Exact(b.wrapping_add(popcount_loop(mask)))
        }
        "v_mbcnt_hi_u32_b32" => {
            let mask = if x.lane >= 32 {
                ((1u64 << (x.lane - 32)) - 1) as u32
            } else {
                0
            } & a;
            Out::Exact(b.wrapping_add(popcount_loop(mask)))
        }
        "v_add_i32" => carry(a as u64 + b as u64),
        "v_sub_i32" => carry((a as u64).wrapping_sub(b as u64)),
        "v_subrev_i32" => carry((b as u64).wrapping_sub(a as u64)),
        "v_addc_u32" => carry(a as u64 + b as u64 + cin),
        "v_subb_u32" => carry((a as u64).wrapping_sub(b as u64).wrapping_sub(cin)),
        "v_subbrev_u32" => carry((b as u64).wrapping_sub(a as u64).wrapping_sub(cin)),
        "v_ldexp_f32" => o32(ldexp32_ref(fa, b as i32)),
        "v_cvt_pkaccum_u8_f32" => {
            let shift = (b & 3) * 8;
            let mask = 0xffu32 << shift;
            let r = fa.round_ties_even();
            let val = if r.is_nan() { 0 } else { r.clamp(0.0, 255.0) as u32 };
            Out::Exact((x.old & !mask) | (val << shift))
        }
        "v_cvt_pknorm_i16_f32" => Out::Exact(snorm(fa) | snorm(fb) << 16),
        "v_cvt_pknorm_u16_f32" => Out::Exact(unorm(fa) | unorm(fb) << 16),
        "v_cvt_pkrtz_f16_f32" => Out::PkF16(rtz16(fa) | rtz16(fb) << 16),
        "v_cvt_pk_u16_u32" => Out::Exact(a.min(0xffff) | b.min(0xffff) << 16),
        "v_cvt_pk_i16_i32" => {
            let s = |v: u32| (v as i32).clamp(-32768, 32767) as u16 as u32;
            Out::Exact(s(a) | s(b) << 16)
        }
        "v_add_f16" => o16(ha + hb),
        "v_sub_f16" => o16(ha - hb),
        "v_subrev_f16" => o16(hb - ha),
        "v_mul_f16" => o16(ha * hb),
        "v_mac_f16" => o16(r16(ha * hb) + in16(x.old, m)),
        "v_madmk_f16" => o16(r16(ha * in16(x.k, m)) + hb),
        "v_madak_f16" => o16(r16(ha * hb) + in16(x.k, m)),
        "v_add_u16" => Out::Exact(a16.wrapping_add(b16) as u32),
        "v_sub_u16" => Out::Exact(a16.wrapping_sub(b16) as u32),
        "v_subrev_u16" => Out::Exact(b16.wrapping_sub(a16) as u32),
        "v_mul_lo_u16" => Out::Exact(a16.wrapping_mul(b16) as u32),
        "v_lshlrev_b16" => Out::Exact((b16 << (a & 15)) as u32),
        "v_lshrrev_b16" => Out::Exact((b16 >> (a & 15)) as u32),
        "v_ashrrev_i16" => Out::Exact(((b16 as i16) >> (a & 15)) as u16 as u32),
        "v_max_f16" => pick16(max_num(flushed16(a), flushed16(b), hf, 0x8000)),
        "v_min_f16" => pick16(min_num(flushed16(a), flushed16(b), hf, 0x8000)),
        "v_max_u16" => Out::Exact(a16.max(b16) as u32),
        "v_max_i16" => Out::Exact((a16 as i16).max(b16 as i16) as u16 as u32),
        "v_min_u16" => Out::Exact(a16.min(b16) as u32),
        "v_min_i16" => Out::Exact((a16 as i16).min(b16 as i16) as u16 as u32),
        "v_ldexp_f16" => o16(ha * 2f64.powi((b as i32).clamp(-100, 100))),
        "v_add_u32" => Out::Exact(a.wrapping_add(b)),
        "v_sub_u32" => Out::Exact(a.wrapping_sub(b)),
        "v_subrev_u32" => Out::Exact(b.wrapping_sub(a)),
        _ => panic!("no reference for {op}"),
    })
}

// ---------------------------------------------------------------------------------------------
// Edge values

const F32S: [u32; 26] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x3f80_0000, // 1
    0xbf80_0000, // -1
    0x3f00_0000, // 0.5
    0x4040_0000, // 3
    0xc020_0000, // -2.5
    0x7f7f_ffff, // max
    0xff7f_ffff, // -max
    0x0080_0000, // min normal
    0x8080_0000, // -min normal
    0x0000_0001, // min denormal
    0x807f_ffff, // -max denormal
    0x0040_0000, // denormal 2^-127
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x7fc0_0000, // qNaN
    0x7f80_0001, // sNaN
    0xffc0_1234, // -qNaN with payload
    0x3eaa_aaab, // 1/3
    0x4b80_0001, // 2^24 + 2
    0x3380_0000, // 2^-24
    0x1f80_0000, // 2^-64 (its square is a denormal)
    0x2000_0000, // 2^-63 (its square is the smallest normal)
    0x437f_8000, // 255.5
    0x3f80_1800, // 1 + 3*2^-12 (rounds differently toward zero and to nearest in f16)
];

const U32S: [u32; 30] = [
    0,
    1,
    2,
    3,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0xffff_fffe,
    0x007f_ffff,
    0x0080_0000,
    0x00ff_ffff,
    0x0100_0000,
    0xff80_0000,
    31,
    32,
    33,
    63,
    64,
    0xffff,
    0x8000,
    0x7fff,
    0x1_0000,
    0x1234_5678,
    0xdead_beef,
    0xffff_8000,
    0xabcd_7fff,
    0xffff_ff6a, // -150
    0xffff_ff82, // -126
    200,
    0x0000_0096, // 150
];

/// f16 values, some with garbage in the high half (16-bit operations read the low half).
const F16S: [u32; 22] = [
    0x0000,
    0x8000,
    0x3c00,
    0xbc00,
    0x3800,
    0x4200,
    0xc100,
    0x7bff,
    0xfbff,
    0x0400,
    0x0001,
    0x83ff,
    0x7c00,
    0xfc00,
    0x7e00,
    0x7c01,
    0x3555,
    0x5bff,
    0x1c00,
    0xa5a5_3c00,
    0xffff_c100,
    0x1234_0001,
];

/// 16-bit integers, some with high garbage.
const U16S: [u32; 16] = [
    0,
    1,
    2,
    15,
    16,
    17,
    0x7fff,
    0x8000,
    0x8001,
    0xffff,
    0xfffe,
    0x1234,
    0xabcd_0005,
    0xffff_ffff,
    0x0001_0000,
    0x5a5a_8000,
];

fn values(t: Ty) -> &'static [u32] {
    match t {
        Ty::F32 => &F32S,
        Ty::F16 => &F16S,
        Ty::I16 | Ty::U16 | Ty::B16 => &U16S,
        _ => &U32S,
    }
}

// ---------------------------------------------------------------------------------------------
// The sweep over every row

/// The rows of the VOP2 table (those with a VOP2 opcode on some arch).
fn vop2_rows() -> Vec<&'static InstrDef> {
    isa()
        .defs
        .iter()
        .filter(|d| d.short == Short::Vop2 && d.e32.iter().any(|&o| o != X))
        .collect()
}

/// CLRX text of row `d` on `a`: the 32-bit form (`vop3 == false`) or VOP3.
fn text_of(d: &InstrDef, a: Arch, vop3: bool, k: u32) -> String {
    let n = d.name[a.index()];
    let sfx = if vop3 && d.e32[a.index()] != X { " vop3" } else { "" };
    match d.form {
        Form::Bin => format!("{n} v10, v11, v12{sfx}"),
        Form::Carry if vop3 => format!("{n} v10, s[20:21], v11, v12"),
        Form::Carry => format!("{n} v10, vcc, v11, v12"),
        Form::CarryIn if vop3 => format!("{n} v10, s[20:21], v11, v12, s[22:23]"),
        Form::CarryIn => format!("{n} v10, vcc, v11, v12, vcc"),
        Form::Cndmask if vop3 => format!("{n} v10, v11, v12, s[22:23]"),
        Form::Cndmask => format!("{n} v10, v11, v12, vcc"),
        Form::Madmk => format!("{n} v10, v11, {k:#x}, v12"),
        Form::Madak => format!("{n} v10, v11, v12, {k:#x}"),
        f => panic!("{n}: form {f:?} not swept"),
    }
}

/// Runs every pair of `values(src0) × values(src1)` through row `d` on `a`, 64 lanes at a time,
/// and checks VDST (and the carry out) against the reference.
fn sweep(d: &InstrDef, a: Arch, vop3: bool, mode: u32, k: u32) -> usize {
    let base = d.name[0];
    let text = text_of(d, a, vop3, k);
    let i = asm(a, &text);
    assert_eq!(
        i.enc.is_vop3(),
        vop3 || d.e32[a.index()] == X,
        "{a}: `{text}` encoding {:?}",
        i.enc
    );
    let op = if i.enc.is_vop3() {
        d.e64[a.index()]
    } else {
        d.e32[a.index()]
    };
    assert_eq!(i.opcode, op, "{a}: `{text}` opcode");
    let (v0, v1) = (values(d.src[0]), values(d.src[1]));
    let olds = values(d.dst);
    let pairs: Vec<(u32, u32)> = v0.iter().flat_map(|&x| v1.iter().map(move |&y| (x, y))).collect();
    let mut checked = 0;
    for (chunk_no, chunk) in pairs.chunks(64).enumerate() {
        let mut w = wave(a, mode);
        let cmask = 0x9e37_79b9_7f4a_7c15u64.rotate_left(chunk_no as u32 * 7);
        let mut ins = Vec::new();
        for (lane, &(x, y)) in chunk.iter().enumerate() {
            let old = olds[(lane + chunk_no) % olds.len()];
            w.v[11][lane] = x;
            w.v[12][lane] = y;
            w.v[10][lane] = old;
            ins.push(In {
                a: x,
                b: y,
                old,
                cin: cmask >> lane & 1 != 0,
                k,
                lane,
                mode,
            });
        }
        w.set_pair(VCC, cmask);
        w.set_pair(22, cmask);
        exec_i(&mut w, &i, &text);
        let cout = if vop3 { w.pair(20) } else { w.vcc() };
        for x in &ins {
            let Some(want) = reference(base, x) else { continue };
            let got = w.v[10][x.lane];
            let c = cout >> x.lane & 1 != 0;
            assert!(
                want.matches(got, c),
                "{a} mode {mode:#x}: `{text}` lane {}: src0 {:#010x} src1 {:#010x} old {:#010x} cin {} k {:#x}: \
                 got {got:#010x} carry {c}, want {want:x?}",
                x.lane,
                x.a,
                x.b,
                x.old,
                x.cin,
                x.k
            );
            checked += 1;
        }
    }
    checked
}

fn sweep_rows(filter: impl Fn(&InstrDef) -> bool) -> usize {
    let mut n = 0;
    for d in vop2_rows().into_iter().filter(|d| filter(d)) {
        if matches!(d.form, Form::ReadLane | Form::WriteLane) {
            continue;
        }
        for a in Arch::EVERY.into_iter().filter(|&a| d.exists_on(a)) {
            for mode in [0xc0, 0xf0] {
                let ks: &[u32] = match (d.form, d.dst) {
                    (Form::Madmk | Form::Madak, Ty::F16) => &[0x3e00, 0x0001, 0xfc00],
                    (Form::Madmk | Form::Madak, _) => &[0x3fc0_0000, 0x0000_0001, 0xff80_0000],
                    _ => &[0],
                };
                for &k in ks {
                    if d.e32[a.index()] != X {
                        n += sweep(d, a, false, mode, k);
                    }
                    // V_MADMK/V_MADAK have no K in VOP3 (see madmk_vop3_reads_src1_as_k).
                    if !matches!(d.form, Form::Madmk | Form::Madak) {
                        n += sweep(d, a, true, mode, k);
                    }
                }
            }
        }
    }
    n
}

#[test]
fn every_row_has_a_reference() {
    let x = In {
        a: 0,
        b: 0,
        old: 0,
        cin: false,
        k: 0,
        lane: 0,
        mode: 0xc0,
    };
    let rows = vop2_rows();
    // 50 rows of the GCN 1.0/1.1 page (V_ADD_I32 & co named V_ADD_U32/V_ADD_CO_U32 later),
    // 21 16-bit rows of GCN 1.2, 3 carry-less rows of GCN 1.4, gfx906's v_fmac_f32 and
    // v_xnor_b32.
    assert_eq!(rows.len(), 76);
    for d in rows {
        let _ = reference(d.name[0], &x);
        assert!(d.sem.is_some(), "{} has no semantics", d.name[0]);
    }
}

#[test]
fn every_row_f32_and_carry() {
    let n = sweep_rows(|d| !d.dst.is_16() && !d.src[0].is_16());
    println!("{n} lane results checked");
    assert!(n > 100_000, "{n}");
}

#[test]
fn every_row_16bit() {
    let n = sweep_rows(|d| d.dst.is_16() || d.src[0].is_16());
    println!("{n} lane results checked");
    assert!(n > 10_000, "{n}");
}

/// Every row, EXEC with holes: inactive lanes keep VDST, carry bits of inactive lanes are 0,
/// active lanes get what they get with EXEC full.
#[test]
fn every_row_exec_holes() {
    let exec = 0x00ff_00f0_f0f0_f0f1u64;
    for d in vop2_rows() {
        if matches!(d.form, Form::ReadLane | Form::WriteLane) {
            continue;
        }
        for a in Arch::EVERY.into_iter().filter(|&a| d.exists_on(a)) {
            for vop3 in [false, true] {
                if vop3 && matches!(d.form, Form::Madmk | Form::Madak) {
                    continue;
                }
                if !vop3 && d.e32[a.index()] == X {
                    continue;
                }
                let text = text_of(d, a, vop3, 0x3fc0_0000);
                let i = asm(a, &text);
                let setup = |w: &mut Wave| {
                    for lane in 0..64 {
                        w.v[10][lane] = 0x5a5a_0000 | lane as u32;
                        w.v[11][lane] = values(d.src[0])[lane % values(d.src[0]).len()];
                        w.v[12][lane] = values(d.src[1])[(lane * 7) % values(d.src[1]).len()];
                    }
                    w.set_pair(VCC, 0xffff_0000_ffff_0000);
                    w.set_pair(22, 0xffff_0000_ffff_0000);
                };
                let mut full = wave(a, 0xc0);
                setup(&mut full);
                exec_i(&mut full, &i, &text);
                let mut holes = wave(a, 0xc0);
                setup(&mut holes);
                holes.set_pair(EXEC, exec);
                exec_i(&mut holes, &i, &text);
                for lane in 0..64 {
                    let want = if exec >> lane & 1 != 0 {
                        full.v[10][lane]
                    } else {
                        0x5a5a_0000 | lane as u32
                    };
                    assert_eq!(holes.v[10][lane], want, "{a}: `{text}` lane {lane}");
                }
                if matches!(d.form, Form::Carry | Form::CarryIn) {
                    let code = if vop3 { 20 } else { VCC };
                    assert_eq!(holes.pair(code), full.pair(code) & exec, "{a}: `{text}` carry out");
                } else {
                    assert_eq!(holes.vcc(), 0xffff_0000_ffff_0000, "{a}: `{text}` VCC untouched");
                }
                assert_eq!(holes.exec(), exec, "{a}: `{text}` EXEC untouched");
            }
        }
    }
}

/// The names of the generations (GCN 1.0/1.1 `v_add_i32`, 1.2 `v_add_u32`, 1.4 `v_add_co_u32`
/// beside the carry-less `v_add_u32`) in both dialects, and their opcodes.
#[test]
fn names_and_opcodes_per_arch() {
    let cases: [(Arch, Dialect, &str, Enc, u16); 12] = [
        (Arch::Gcn10, Dialect::Clrx, "v_add_i32 v10, vcc, v1, v2", Enc::Vop2, 37),
        (
            Arch::Gcn11,
            Dialect::Llvm,
            "v_add_i32_e32 v10, vcc, v1, v2",
            Enc::Vop2,
            37,
        ),
        (Arch::Gcn12, Dialect::Clrx, "v_add_u32 v10, vcc, v1, v2", Enc::Vop2, 25),
        (
            Arch::Gcn12,
            Dialect::Llvm,
            "v_add_u32_e64 v10, s[20:21], v1, v2",
            Enc::Vop3b,
            281,
        ),
        (
            Arch::Gcn14,
            Dialect::Clrx,
            "v_add_co_u32 v10, vcc, v1, v2",
            Enc::Vop2,
            25,
        ),
        (
            Arch::Gcn14,
            Dialect::Llvm,
            "v_add_co_u32_e64 v10, s[20:21], v1, v2",
            Enc::Vop3b,
            281,
        ),
        (Arch::Gcn14, Dialect::Clrx, "v_add_u32 v10, v1, v2", Enc::Vop2, 52),
        (Arch::Gcn14, Dialect::Llvm, "v_add_u32_e64 v10, v1, v2", Enc::Vop3a, 308),
        (Arch::Gcn10, Dialect::Clrx, "v_subrev_f32 v10, v1, v2", Enc::Vop2, 5),
        (Arch::Gcn12, Dialect::Clrx, "v_subrev_f32 v10, v1, v2", Enc::Vop2, 3),
        (Arch::Gcn12, Dialect::Llvm, "v_ldexp_f32 v10, v1, v2", Enc::Vop3a, 0x288),
        (Arch::Gcn10, Dialect::Llvm, "v_ldexp_f32_e32 v10, v1, v2", Enc::Vop2, 43),
    ];
    for (a, dialect, text, enc, opcode) in cases {
        let i = asm_d(a, dialect, text);
        assert_eq!((i.enc, i.opcode), (enc, opcode), "{a}: `{text}`");
        let mut w = wave_with(a, 0xc0, &[(1, 0xffff_ffff), (2, 3)]);
        exec_i(&mut w, &i, text);
        let want = match text.split(' ').next().unwrap() {
            t if t.starts_with("v_subrev_f32") => f(f32::from_bits(3) - f32::from_bits(0xffff_ffff)),
            t if t.starts_with("v_ldexp") => 0xffff_ffff,
            _ => 2,
        };
        assert!(same32(w.v[10][0], want), "{a}: `{text}`: {:#x}", w.v[10][0]);
        if text.contains("vcc") {
            assert_eq!(w.vcc(), u64::MAX, "{a}: `{text}` carry");
        } else if text.contains("s[20:21]") {
            assert_eq!(w.pair(20), u64::MAX, "{a}: `{text}` carry");
        } else {
            assert_eq!(w.vcc(), 0, "{a}: `{text}` no carry");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// V_CNDMASK, V_READLANE, V_WRITELANE

#[test]
fn cndmask_vcc_and_sgpr_pair() {
    for a in Arch::ALL {
        let mut w = wave_with(a, 0xc0, &[(11, 111), (12, 222), (10, 7)]);
        w.set_pair(VCC, 0x8000_0000_0000_0005);
        let i = run(&mut w, "v_cndmask_b32 v10, v11, v12, vcc");
        assert_eq!(i.enc, Enc::Vop2);
        for lane in 0..64 {
            let want = if [0, 2, 63].contains(&lane) { 222 } else { 111 };
            assert_eq!(w.v[10][lane], want, "{a} lane {lane}");
        }
        // VOP3: any SGPR pair, here not aligned the way VCC is; and an inline -1 (all lanes).
        let mut w = wave_with(a, 0xc0, &[(11, 111), (12, 222)]);
        w.set_pair(VCC, u64::MAX);
        w.s[5] = 0x0000_0002;
        w.s[6] = 0x8000_0000;
        let i = run(&mut w, "v_cndmask_b32 v10, v11, v12, s[5:6]");
        assert!(i.enc.is_vop3());
        for lane in 0..64 {
            let want = if lane == 1 || lane == 63 { 222 } else { 111 };
            assert_eq!(w.v[10][lane], want, "{a} lane {lane}");
        }
        // CLAMP and OMOD do not touch the (bit) result; ABS/NEG are float input modifiers and the
        // operands are b32, so the values are not asked to carry through them here.
        let mut w = wave_with(a, 0xc0, &[(11, 0xbfc0_0000), (12, 0x7fc0_0000)]);
        w.set_pair(22, 0x0f);
        run(&mut w, "v_cndmask_b32 v10, v11, v12, s[22:23] clamp mul:4");
        assert_eq!(w.v[10][0], 0x7fc0_0000);
        assert_eq!(w.v[10][4], 0xbfc0_0000);
        // EXEC holes: inactive lanes keep VDST.
        let mut w = wave_with(a, 0xc0, &[(11, 1), (12, 2), (10, 9)]);
        w.set_pair(VCC, u64::MAX);
        w.set_pair(EXEC, 0x5);
        run(&mut w, "v_cndmask_b32 v10, v11, v12, vcc");
        assert_eq!(&w.v[10][..4], &[2, 9, 2, 9]);
    }
}

#[test]
fn readlane_ignores_exec() {
    for a in Arch::ALL {
        let mut w = wave(a, 0xc0);
        for lane in 0..64 {
            w.v[11][lane] = 0x1000 + lane as u32;
        }
        w.set_pair(EXEC, 0);
        w.s[21] = 37;
        let i = run(&mut w, "v_readlane_b32 s20, v11, s21");
        assert_eq!(i.enc.is_vop3(), a.is_vi_plus(), "{a}");
        assert_eq!(w.s[20], 0x1000 + 37, "{a}");
        // The lane is SSRC1 & 63.
        w.s[21] = 100;
        run(&mut w, "v_readlane_b32 s20, v11, s21");
        assert_eq!(w.s[20], 0x1000 + 36, "{a}");
        w.s[124] = 63 + 64 * 5;
        run(&mut w, "v_readlane_b32 s20, v11, m0");
        assert_eq!(w.s[20], 0x1000 + 63, "{a}");
        run(&mut w, "v_readlane_b32 s20, v11, 5");
        assert_eq!(w.s[20], 0x1000 + 5, "{a}");
        run(&mut w, "v_readlane_b32 s20, v11, 64");
        assert_eq!(w.s[20], 0x1000, "{a}: 64 & 63 = lane 0");
        assert_eq!(w.exec(), 0);
        assert!(w.v[10].iter().all(|&x| x == 0), "{a}: no VGPR written");
    }
}

#[test]
fn writelane_ignores_exec() {
    for a in Arch::ALL {
        let mut w = wave(a, 0xc0);
        for lane in 0..64 {
            w.v[10][lane] = lane as u32;
        }
        w.set_pair(EXEC, 0);
        w.s[20] = 0xdead_beef;
        let i = run(&mut w, "v_writelane_b32 v10, s20, 5");
        assert_eq!(i.enc.is_vop3(), a.is_vi_plus(), "{a}");
        for lane in 0..64 {
            let want = if lane == 5 { 0xdead_beef } else { lane as u32 };
            assert_eq!(w.v[10][lane], want, "{a} lane {lane}");
        }
        // 64 & 63 = lane 0; an inline constant as the value.
        run(&mut w, "v_writelane_b32 v10, -7, 64");
        assert_eq!(w.v[10][0], -7i32 as u32, "{a}");
        assert_eq!(w.v[10][1], 1, "{a}");
        // The same SGPR as value and lane select: lane = 0x12345 & 63 = 5.
        w.s[20] = 0x12345;
        run(&mut w, "v_writelane_b32 v10, s20, s20");
        assert_eq!(w.v[10][5], 0x12345, "{a}");
        assert_eq!(w.exec(), 0);
    }
    // GCN 1.0/1.1: the 32-bit form with M0 as the lane select through the VSRC1 field.
    for a in SI_CI {
        let mut w = wave(a, 0xc0);
        w.s[124] = 33;
        w.set_pair(EXEC, 1);
        let i = run(&mut w, "v_writelane_b32 v10, 7, m0");
        assert_eq!(i.enc, Enc::Vop2);
        assert_eq!(w.v[10][33], 7);
        assert_eq!(w.v[10].iter().filter(|&&x| x != 0).count(), 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Integer operations

#[test]
fn mul_24bit_sign_extension() {
    for a in Arch::ALL {
        let t = format!("{} v10, v11, v12", nm(a, "v_mul_i32_i24"));
        // -2^23 * 2 = -2^24.
        assert_eq!(v10(a, 0xc0, &t, &[(11, 0x0080_0000), (12, 2)]), 0xff00_0000, "{a}");
        // Bits 24-31 are ignored: 3 * -2 = -6.
        assert_eq!(
            v10(a, 0xc0, &t, &[(11, 0xff00_0003), (12, 0x00ff_fffe)]),
            0xffff_fffa,
            "{a}"
        );
        // (2^23-1)^2 = 2^46 - 2^24 + 1: the low 32 bits.
        assert_eq!(
            v10(a, 0xc0, &t, &[(11, 0x007f_ffff), (12, 0x807f_ffff)]),
            0xff00_0001,
            "{a}"
        );
        let t = format!("{} v10, v11, v12", nm(a, "v_mul_hi_i32_i24"));
        // (-2^23)^2 = 2^46: high half 2^14.
        assert_eq!(v10(a, 0xc0, &t, &[(11, 0x0080_0000), (12, 0xff80_0000)]), 0x4000, "{a}");
        // (2^23-1) * -2^23 = -(2^46 - 2^23): floor(/2^32) = -2^14.
        assert_eq!(
            v10(a, 0xc0, &t, &[(11, 0x007f_ffff), (12, 0x0080_0000)]),
            0xffff_c000,
            "{a}"
        );
        // -1 * 1 = -1: the high half is all ones (sign extension).
        assert_eq!(v10(a, 0xc0, &t, &[(11, 0x00ff_ffff), (12, 1)]), 0xffff_ffff, "{a}");
        let t = format!("{} v10, v11, v12", nm(a, "v_mul_u32_u24"));
        assert_eq!(
            v10(a, 0xc0, &t, &[(11, 0xffff_ffff), (12, 0x00ff_ffff)]),
            0xfe00_0001,
            "{a}"
        );
        let t = format!("{} v10, v11, v12", nm(a, "v_mul_hi_u32_u24"));
        assert_eq!(v10(a, 0xc0, &t, &[(11, 0xffff_ffff), (12, 0x00ff_ffff)]), 0xffff, "{a}");
        assert_eq!(v10(a, 0xc0, &t, &[(11, 0x0080_0000), (12, 0x0080_0000)]), 0x4000, "{a}");
    }
}

#[test]
fn shift_counts_are_masked_by_31() {
    for a in Arch::ALL {
        let x = 0x8000_0001u32;
        let rev = |n: &str, cnt: u32| v10(a, 0xc0, &format!("{} v10, v11, v12", nm(a, n)), &[(11, cnt), (12, x)]);
        assert_eq!(rev("v_lshlrev_b32", 33), 2, "{a}");
        assert_eq!(rev("v_lshlrev_b32", 32), x, "{a}");
        assert_eq!(rev("v_lshlrev_b32", 31), 0x8000_0000, "{a}");
        assert_eq!(rev("v_lshrrev_b32", 63), 1, "{a}");
        assert_eq!(rev("v_lshrrev_b32", 0xffff_ffe1), 0x4000_0000, "{a}");
        assert_eq!(rev("v_ashrrev_i32", 31), 0xffff_ffff, "{a}");
        assert_eq!(rev("v_ashrrev_i32", 32), x, "{a}");
        assert_eq!(rev("v_ashrrev_i32", 36), 0xf800_0000, "{a}");
        // An inline constant count and a literal value.
        assert_eq!(
            v10(a, 0xc0, &format!("{} v10, 40, v12", nm(a, "v_lshlrev_b32")), &[(12, 1)]),
            0x100,
            "{a}"
        );
    }
    for a in SI_CI {
        let fwd = |n: &str, cnt: u32| v10(a, 0xc0, &format!("{n} v10, v11, v12"), &[(11, 0x8000_0001), (12, cnt)]);
        assert_eq!(fwd("v_lshl_b32", 33), 2);
        assert_eq!(fwd("v_lshr_b32", 32), 0x8000_0001);
        assert_eq!(fwd("v_lshr_b32", 63), 1);
        assert_eq!(fwd("v_ashr_i32", 63), 0xffff_ffff);
        assert_eq!(fwd("v_ashr_i32", 36), 0xf800_0000);
    }
    for a in VI_PLUS {
        let t16 = |n: &str, cnt: u32, x: u32| v10(a, 0xc0, &format!("{n} v10, v11, v12"), &[(11, cnt), (12, x)]);
        assert_eq!(
            t16("v_lshlrev_b16", 17, 0xffff_8001),
            2,
            "{a}: count & 15, high half ignored"
        );
        assert_eq!(t16("v_lshlrev_b16", 16, 0x8001), 0x8001, "{a}");
        assert_eq!(t16("v_lshrrev_b16", 15, 0x8000), 1, "{a}");
        assert_eq!(t16("v_lshrrev_b16", 0x1_0004, 0x1234_8000), 0x0800, "{a}");
        assert_eq!(
            t16("v_ashrrev_i16", 4, 0x8000),
            0xf800,
            "{a}: sign of bit 15, zero-extended"
        );
        assert_eq!(t16("v_ashrrev_i16", 20, 0x7ff0), 0x07ff, "{a}");
    }
}

#[test]
fn bfm_bcnt_mbcnt() {
    for a in Arch::ALL {
        let t = |n: &str, x: u32, y: u32| v10(a, 0xc0, &format!("{n} v10, v11, v12"), &[(11, x), (12, y)]);
        assert_eq!(t("v_bfm_b32", 5, 3), 0xf8, "{a}");
        assert_eq!(t("v_bfm_b32", 32, 7), 0, "{a}: width 32 & 31 = 0");
        assert_eq!(t("v_bfm_b32", 31, 1), 0xffff_fffe, "{a}");
        assert_eq!(t("v_bfm_b32", 4, 30), 0xc000_0000, "{a}");
        assert_eq!(t("v_bfm_b32", 36, 33), 0x1e, "{a}");
        assert_eq!(t("v_bcnt_u32_b32", 0xf0f0, 5), 13, "{a}");
        assert_eq!(t("v_bcnt_u32_b32", 0xffff_ffff, 0xffff_fff0), 0x10, "{a}: wraps");
        // mbcnt_lo(-1, 0) then mbcnt_hi(-1, that): the lane id.
        let mut w = wave_with(a, 0xc0, &[(11, 0xffff_ffff)]);
        run(&mut w, "v_mbcnt_lo_u32_b32 v10, v11, 0");
        for lane in 0..64 {
            assert_eq!(w.v[10][lane], lane.min(32) as u32, "{a} lo lane {lane}");
        }
        run(&mut w, "v_mbcnt_hi_u32_b32 v12, v11, 0");
        for lane in 0..64 {
            assert_eq!(w.v[12][lane], lane.saturating_sub(32) as u32, "{a} hi lane {lane}");
        }
        run(&mut w, "v_mbcnt_hi_u32_b32 v13, v11, v10");
        for lane in 0..64 {
            assert_eq!(w.v[13][lane], lane as u32, "{a} lane id, lane {lane}");
        }
        // A sparse mask, through an SGPR: lane 40 counts bits 0..7 of 0x0000_00f1 = 5.
        let mut w = wave_with(a, 0xc0, &[(12, 100)]);
        w.s[4] = 0x0000_00f1;
        run(&mut w, "v_mbcnt_hi_u32_b32 v10, s4, v12");
        assert_eq!(w.v[10][31], 100, "{a}");
        assert_eq!(w.v[10][32], 100, "{a}");
        assert_eq!(w.v[10][33], 101, "{a}");
        assert_eq!(w.v[10][40], 105, "{a}");
        run(&mut w, "v_mbcnt_lo_u32_b32 v10, s4, 0");
        assert_eq!(w.v[10][0], 0, "{a}");
        assert_eq!(w.v[10][1], 1, "{a}");
        assert_eq!(w.v[10][5], 2, "{a}");
        assert_eq!(w.v[10][63], 5, "{a}");
    }
}

#[test]
fn min_max_integers() {
    for a in Arch::ALL {
        let t = |n: &str, x: u32, y: u32| v10(a, 0xc0, &format!("{} v10, v11, v12", nm(a, n)), &[(11, x), (12, y)]);
        assert_eq!(t("v_min_i32", 0xffff_ffff, 1), 0xffff_ffff, "{a}");
        assert_eq!(t("v_max_i32", 0x8000_0000, 0x7fff_ffff), 0x7fff_ffff, "{a}");
        assert_eq!(t("v_min_u32", 0xffff_ffff, 1), 1, "{a}");
        assert_eq!(t("v_max_u32", 0x8000_0000, 0x7fff_ffff), 0x8000_0000, "{a}");
    }
    for a in VI_PLUS {
        let t = |n: &str, x: u32, y: u32| v10(a, 0xc0, &format!("{n} v10, v11, v12"), &[(11, x), (12, y)]);
        assert_eq!(t("v_max_i16", 0x8000, 1), 1, "{a}");
        assert_eq!(t("v_max_u16", 0x8000, 1), 0x8000, "{a}");
        assert_eq!(t("v_min_i16", 0x0001_7fff, 0xffff_8000), 0x8000, "{a}");
        assert_eq!(t("v_min_u16", 0x0001_7fff, 0xffff_8000), 0x7fff, "{a}");
        assert_eq!(
            t("v_mul_lo_u16", 0x0001_0100, 0x0101),
            0x0100,
            "{a}: (0x100 * 0x101) & 0xffff"
        );
    }
}

/// 64-bit add and subtract through VCC (32-bit forms) and through SGPR pairs (VOP3B).
#[test]
fn carry_chains() {
    for a in Arch::ALL {
        let (add, addc) = (nm(a, "v_add_i32"), nm(a, "v_addc_u32"));
        let (sub, subb) = (nm(a, "v_sub_i32"), nm(a, "v_subb_u32"));
        let (subrev, subbrev) = (nm(a, "v_subrev_i32"), nm(a, "v_subbrev_u32"));
        let pairs: [(u64, u64); 6] = [
            (0x0000_0001_ffff_ffff, 1),
            (u64::MAX, 1),
            (0x1234_5678_9abc_def0, 0xfedc_ba98_7654_3210),
            (0, 0),
            (0x8000_0000_0000_0000, 0x8000_0000_0000_0000),
            (0xffff_ffff, 0xffff_ffff),
        ];
        let mut w = wave(a, 0xc0);
        for lane in 0..64 {
            let (x, y) = pairs[lane % pairs.len()];
            let (x, y) = if lane >= 32 { (y, x) } else { (x, y) };
            w.v[1][lane] = x as u32;
            w.v[2][lane] = (x >> 32) as u32;
            w.v[3][lane] = y as u32;
            w.v[4][lane] = (y >> 32) as u32;
        }
        let get = |w: &Wave, r: usize, lane: usize| w.v[r][lane] as u64 | (w.v[r + 1][lane] as u64) << 32;
        // VCC chain.
        run(&mut w, &format!("{add} v10, vcc, v1, v3"));
        let i = run(&mut w, &format!("{addc} v11, vcc, v2, v4, vcc"));
        assert_eq!(i.enc, Enc::Vop2, "{a}");
        let carry_add = w.vcc();
        run(&mut w, &format!("{sub} v20, vcc, v1, v3"));
        run(&mut w, &format!("{subb} v21, vcc, v2, v4, vcc"));
        let borrow_sub = w.vcc();
        run(&mut w, &format!("{subrev} v30, vcc, v1, v3"));
        run(&mut w, &format!("{subbrev} v31, vcc, v2, v4, vcc"));
        let borrow_rev = w.vcc();
        // SGPR-pair chain (VOP3B), carry in and out in different pairs.
        run(&mut w, &format!("{add} v40, s[30:31], v1, v3"));
        let i = run(&mut w, &format!("{addc} v41, s[32:33], v2, v4, s[30:31]"));
        assert_eq!(i.enc, Enc::Vop3b, "{a}");
        run(&mut w, &format!("{sub} v42, s[34:35], v1, v3"));
        run(&mut w, &format!("{subb} v43, s[36:37], v2, v4, s[34:35]"));
        for lane in 0..64 {
            let (x, y) = (get(&w, 1, lane), get(&w, 3, lane));
            assert_eq!(get(&w, 10, lane), x.wrapping_add(y), "{a} add lane {lane}");
            assert_eq!(
                carry_add >> lane & 1 != 0,
                x.checked_add(y).is_none(),
                "{a} carry lane {lane}"
            );
            assert_eq!(get(&w, 20, lane), x.wrapping_sub(y), "{a} sub lane {lane}");
            assert_eq!(borrow_sub >> lane & 1 != 0, y > x, "{a} borrow lane {lane}");
            assert_eq!(get(&w, 30, lane), y.wrapping_sub(x), "{a} subrev lane {lane}");
            assert_eq!(borrow_rev >> lane & 1 != 0, x > y, "{a} borrow rev lane {lane}");
            assert_eq!(get(&w, 40, lane), x.wrapping_add(y), "{a} VOP3B add lane {lane}");
            assert_eq!(w.pair(32) >> lane & 1 != 0, x.checked_add(y).is_none(), "{a}");
            assert_eq!(get(&w, 42, lane), x.wrapping_sub(y), "{a} VOP3B sub lane {lane}");
            assert_eq!(w.pair(36) >> lane & 1 != 0, y > x, "{a}");
        }
        // Carry in from VCC in VOP3B, and an inline constant carry-in (-1: every lane).
        let mut w = wave_with(a, 0xc0, &[(1, 0xffff_ffff), (2, 0)]);
        w.set_pair(VCC, 0x3);
        run(&mut w, &format!("{addc} v10, s[20:21], v1, v2, vcc"));
        assert_eq!(&w.v[10][..3], &[0, 0, 0xffff_ffff], "{a}");
        assert_eq!(w.pair(20), 0x3, "{a}");
        run(&mut w, &format!("{addc} v10, s[20:21], v2, v2, -1"));
        assert!(w.v[10].iter().all(|&x| x == 1), "{a}");
        assert_eq!(w.pair(20), 0, "{a}");
        run(&mut w, &format!("{subb} v10, s[20:21], v2, v2, -1"));
        assert!(w.v[10].iter().all(|&x| x == 0xffff_ffff), "{a}");
        assert_eq!(w.pair(20), u64::MAX, "{a}");
        // The borrow of SUBB counts the borrow in: 5 - 5 - 1 borrows, 5 - 4 - 1 does not.
        let mut w = wave_with(a, 0xc0, &[(1, 5), (2, 5), (3, 4)]);
        w.set_pair(VCC, u64::MAX);
        run(&mut w, &format!("{subb} v10, vcc, v1, v2, vcc"));
        assert_eq!((w.v[10][0], w.vcc()), (0xffff_ffff, u64::MAX), "{a}");
        w.set_pair(VCC, u64::MAX);
        run(&mut w, &format!("{subb} v10, vcc, v1, v3, vcc"));
        assert_eq!((w.v[10][0], w.vcc()), (0, 0), "{a}");
        w.set_pair(VCC, u64::MAX);
        run(&mut w, &format!("{subbrev} v10, vcc, v3, v1, vcc"));
        assert_eq!((w.v[10][0], w.vcc()), (0, 0), "{a}");
        // ADDC: 0xffffffff + 0 + 1 carries.
        let mut w = wave_with(a, 0xc0, &[(1, 0xffff_ffff), (2, 0)]);
        w.set_pair(VCC, 1);
        run(&mut w, &format!("{addc} v10, vcc, v1, v2, vcc"));
        assert_eq!((w.v[10][0], w.v[10][1], w.vcc()), (0, 0xffff_ffff, 1), "{a}");
    }
}

#[test]
fn carry_out_and_exec() {
    for a in Arch::ALL {
        let add = nm(a, "v_add_i32");
        let mut w = wave_with(a, 0xc0, &[(1, 0xffff_ffff), (2, 1), (10, 0x77)]);
        w.set_pair(EXEC, 0xf0f0_0000_0000_000f);
        w.set_pair(VCC, 0x0f0f_ffff_ffff_fff0);
        run(&mut w, &format!("{add} v10, vcc, v1, v2"));
        // Every active lane carries; inactive lanes' bits are cleared.
        assert_eq!(w.vcc(), 0xf0f0_0000_0000_000f, "{a}");
        assert_eq!(w.v[10][0], 0);
        assert_eq!(w.v[10][4], 0x77);
        // EXEC = 0: nothing written, the carry pair becomes 0.
        w.set_pair(EXEC, 0);
        w.set_pair(20, u64::MAX);
        run(&mut w, &format!("{add} v11, s[20:21], v1, v2"));
        assert_eq!(w.pair(20), 0, "{a}");
        assert!(w.v[11].iter().all(|&x| x == 0), "{a}");
    }
}

/// CLAMP saturates the carry operations and the other INT_CLAMP rows on GCN 1.2+; on GCN 1.0/1.1
/// the bit (VOP3B bit 15, which the decoder reads) does nothing to an integer result.
#[test]
fn integer_clamp() {
    for a in VI_PLUS {
        let t = |text: String, x: u32, y: u32| v10(a, 0xc0, &text, &[(1, x), (2, y)]);
        let add = nm(a, "v_add_i32");
        assert_eq!(
            t(format!("{add} v10, s[20:21], v1, v2 clamp"), 0xffff_fff0, 0x20),
            0xffff_ffff,
            "{a}"
        );
        assert_eq!(t(format!("{add} v10, s[20:21], v1, v2 clamp"), 5, 6), 11, "{a}");
        let sub = nm(a, "v_sub_i32");
        assert_eq!(t(format!("{sub} v10, s[20:21], v1, v2 clamp"), 5, 6), 0, "{a}");
        let subrev = nm(a, "v_subrev_i32");
        assert_eq!(t(format!("{subrev} v10, s[20:21], v1, v2 clamp"), 6, 5), 0, "{a}");
        assert_eq!(t(format!("{subrev} v10, s[20:21], v1, v2 clamp"), 5, 6), 1, "{a}");
        let addc = nm(a, "v_addc_u32");
        assert_eq!(
            t(format!("{addc} v10, s[20:21], v1, v2, -1 clamp"), 0xffff_ffff, 0),
            0xffff_ffff,
            "{a}"
        );
        let subb = nm(a, "v_subb_u32");
        assert_eq!(t(format!("{subb} v10, s[20:21], v1, v2, -1 clamp"), 5, 5), 0, "{a}");
        let subbrev = nm(a, "v_subbrev_u32");
        assert_eq!(t(format!("{subbrev} v10, s[20:21], v1, v2, -1 clamp"), 5, 5), 0, "{a}");
        // The carry out is still written.
        let mut w = wave_with(a, 0xc0, &[(1, 0xffff_ffff), (2, 1)]);
        run(&mut w, &format!("{add} v10, s[20:21], v1, v2 clamp"));
        assert_eq!((w.v[10][0], w.pair(20)), (0xffff_ffff, u64::MAX), "{a}");
        // 16-bit.
        assert_eq!(t("v_add_u16 v10, v1, v2 clamp".into(), 0xffff, 2), 0xffff, "{a}");
        assert_eq!(t("v_add_u16 v10, v1, v2".into(), 0xffff, 2), 1, "{a}");
        assert_eq!(t("v_sub_u16 v10, v1, v2 clamp".into(), 1, 2), 0, "{a}");
        assert_eq!(t("v_sub_u16 v10, v1, v2".into(), 1, 2), 0xffff, "{a}");
        assert_eq!(t("v_subrev_u16 v10, v1, v2 clamp".into(), 2, 1), 0, "{a}");
        // 24-bit multiplies: the full 48-bit product saturates (inferred: see README).
        assert_eq!(
            t("v_mul_i32_i24 v10, v1, v2 clamp".into(), 0x7f_ffff, 0x7f_ffff),
            0x7fff_ffff,
            "{a}"
        );
        assert_eq!(
            t("v_mul_i32_i24 v10, v1, v2 clamp".into(), 0x7f_ffff, 0x80_0000),
            0x8000_0000,
            "{a}"
        );
        assert_eq!(
            t("v_mul_i32_i24 v10, v1, v2 clamp".into(), 0x1000, 0xff_fffd),
            0xffff_d000,
            "{a}"
        );
        assert_eq!(
            t("v_mul_u32_u24 v10, v1, v2 clamp".into(), 0xff_ffff, 0xff_ffff),
            0xffff_ffff,
            "{a}"
        );
        assert_eq!(
            t("v_mul_u32_u24 v10, v1, v2 clamp".into(), 0x1000, 0x1000),
            0x100_0000,
            "{a}"
        );
    }
    let a = Arch::Gcn14;
    let t = |text: &str, x: u32, y: u32| v10(a, 0xc0, text, &[(1, x), (2, y)]);
    assert_eq!(t("v_add_u32 v10, v1, v2 clamp", 0xffff_ffff, 2), 0xffff_ffff);
    assert_eq!(t("v_add_u32 v10, v1, v2", 0xffff_ffff, 2), 1);
    assert_eq!(t("v_sub_u32 v10, v1, v2 clamp", 1, 2), 0);
    assert_eq!(t("v_sub_u32 v10, v1, v2", 1, 2), 0xffff_ffff);
    assert_eq!(t("v_subrev_u32 v10, v1, v2 clamp", 2, 1), 0);
    assert_eq!(t("v_subrev_u32 v10, v1, v2", 2, 1), 0xffff_ffff);
    // GCN 1.0/1.1: the assembler refuses CLAMP on VOP3B there, so set the bit in the word.
    for a in SI_CI {
        for (text, x, y, want, want_carry) in [
            (
                "v_add_i32 v10, s[20:21], v1, v2",
                0xffff_fff0u32,
                0x20u32,
                0x10u32,
                true,
            ),
            ("v_sub_i32 v10, s[20:21], v1, v2", 5, 6, 0xffff_ffff, true),
            ("v_subrev_i32 v10, s[20:21], v1, v2", 6, 5, 0xffff_ffff, true),
            ("v_addc_u32 v10, s[20:21], v1, v2, -1", 0xffff_ffff, 0, 0, true),
            ("v_subb_u32 v10, s[20:21], v1, v2, -1", 5, 5, 0xffff_ffff, true),
        ] {
            let mut words = assemble_one(a, Dialect::Clrx, text).unwrap();
            words[0] |= 0x8000;
            let i = decode(a, &words).unwrap();
            assert!(i.clamp(), "{a}: {text}");
            let mut w = wave_with(a, 0xc0, &[(1, x), (2, y)]);
            exec_i(&mut w, &i, text);
            assert_eq!(
                (w.v[10][0], w.pair(20) == u64::MAX),
                (want, want_carry),
                "{a}: {text} with CLAMP set"
            );
        }
        let t = |text: &str, x: u32, y: u32| v10(a, 0xc0, text, &[(1, x), (2, y)]);
        assert_eq!(
            t("v_mul_i32_i24 v10, v1, v2 clamp", 0x7f_ffff, 0x7f_ffff),
            0xff00_0001,
            "{a}"
        );
        assert_eq!(
            t("v_mul_u32_u24 v10, v1, v2 clamp", 0xff_ffff, 0xff_ffff),
            0xfe00_0001,
            "{a}"
        );
    }
}

/// CLAMP and OMOD do nothing to integer results (rows without INT_CLAMP, every arch).
#[test]
fn clamp_omod_no_effect_on_integers() {
    for a in Arch::ALL {
        for (base, x, y) in [
            ("v_and_b32", 0xbf80_0000u32, 0xffff_ffffu32),
            ("v_or_b32", 0x4000_0000, 0x0080_0000),
            ("v_xor_b32", 0x7fc0_0000, 0x0000_0001),
            ("v_max_i32", 0x4040_0000, 2),
            ("v_min_u32", 0x3f80_0000, 0x7f80_0000),
            ("v_mul_hi_u32_u24", 0xff_ffff, 0xff_ffff),
            ("v_mul_hi_i32_i24", 0x7f_ffff, 0x7f_ffff),
            ("v_lshlrev_b32", 1, 0x3f80_0000),
            ("v_ashrrev_i32", 1, 0xbf80_0000),
        ] {
            let n = nm(a, base);
            let plain = v10(a, 0xc0, &format!("{n} v10, v1, v2 vop3"), &[(1, x), (2, y)]);
            for m in ["clamp", "mul:2", "mul:4", "div:2", "clamp mul:4"] {
                let got = v10(a, 0xc0, &format!("{n} v10, v1, v2 {m}"), &[(1, x), (2, y)]);
                assert_eq!(got, plain, "{a}: {n} {m}");
            }
        }
        for base in ["v_bfm_b32", "v_bcnt_u32_b32", "v_cvt_pk_u16_u32", "v_cvt_pk_i16_i32"] {
            let n = nm(a, base);
            let plain = v10(a, 0xc0, &format!("{n} v10, v1, v2"), &[(1, 0x1_0005), (2, 0xffff_fff3)]);
            let got = v10(
                a,
                0xc0,
                &format!("{n} v10, v1, v2 clamp mul:2"),
                &[(1, 0x1_0005), (2, 0xffff_fff3)],
            );
            assert_eq!(got, plain, "{a}: {n}");
        }
    }
    for a in VI_PLUS {
        for base in ["v_mul_lo_u16", "v_max_i16", "v_lshlrev_b16"] {
            let plain = v10(
                a,
                0xc0,
                &format!("{base} v10, v1, v2 vop3"),
                &[(1, 0xff03), (2, 0x8fff)],
            );
            let got = v10(
                a,
                0xc0,
                &format!("{base} v10, v1, v2 clamp mul:2"),
                &[(1, 0xff03), (2, 0x8fff)],
            );
            assert_eq!(got, plain, "{a}: {base}");
        }
    }
}

#[test]
fn pack_conversions() {
    for a in Arch::ALL {
        let t = |n: &str, x: u32, y: u32| v10(a, 0xc0, &format!("{} v10, v11, v12", nm(a, n)), &[(11, x), (12, y)]);
        assert_eq!(t("v_cvt_pk_u16_u32", 0x1_2345, 7), 0x0007_ffff, "{a}");
        assert_eq!(t("v_cvt_pk_i16_i32", -40000i32 as u32, 40000), 0x7fff_8000, "{a}");
        assert_eq!(t("v_cvt_pk_i16_i32", -2i32 as u32, 3), 0x0003_fffe, "{a}");
        // SNORM: 0.5 → 16383.5 → 16384 (ties to even); -2.5 → -1 → -32767.
        assert_eq!(t("v_cvt_pknorm_i16_f32", f(0.5), f(-2.5)), 0x8001_4000, "{a}");
        assert_eq!(
            t("v_cvt_pknorm_i16_f32", 0x7fc0_0000, f(1.0)),
            0x7fff_0000,
            "{a}: NaN → 0"
        );
        // UNORM: 0.5 → 32767.5 → 32768; 2 → 1 → 65535; -1 → 0.
        assert_eq!(t("v_cvt_pknorm_u16_f32", f(0.5), f(2.0)), 0xffff_8000, "{a}");
        assert_eq!(t("v_cvt_pknorm_u16_f32", f(-1.0), 0xffc0_0000), 0, "{a}");
        // RTZ: 65520 → 65504 (not inf), 1+3*2^-12 → 1.0, -(1+3*2^-12) → -1.0, inf stays.
        assert_eq!(t("v_cvt_pkrtz_f16_f32", f(1.0), f(65520.0)), 0x7bff_3c00, "{a}");
        assert_eq!(t("v_cvt_pkrtz_f16_f32", 0x3f80_1800, 0xbf80_1800), 0xbc00_3c00, "{a}");
        assert_eq!(t("v_cvt_pkrtz_f16_f32", 0xff80_0000, f(-1e6)), 0xfbff_fc00, "{a}");
        assert_eq!(
            t("v_cvt_pkrtz_f16_f32", f(1.5 * 2f32.powi(-25)), f(2f32.powi(-24))),
            0x0001_0000,
            "{a}"
        );
        // PKACCUM: 2.5 → 2 into byte 1; 255.5 → 256 → 255 into byte 3; -3 → 0; NaN → 0.
        let mut w = wave_with(a, 0xc0, &[(10, 0x1122_3344), (11, f(2.5)), (12, 1)]);
        run(&mut w, &format!("{} v10, v11, v12", nm(a, "v_cvt_pkaccum_u8_f32")));
        assert_eq!(w.v[10][0], 0x1122_0244, "{a}");
        let mut w = wave_with(a, 0xc0, &[(10, 0x1122_3344), (11, f(255.5)), (12, 7)]);
        run(&mut w, &format!("{} v10, v11, v12", nm(a, "v_cvt_pkaccum_u8_f32")));
        assert_eq!(w.v[10][0], 0xff22_3344, "{a}: byte 7 & 3 = 3");
        let mut w = wave_with(a, 0xc0, &[(10, 0x1122_3344), (11, f(-3.0)), (12, 2)]);
        run(&mut w, &format!("{} v10, v11, v12", nm(a, "v_cvt_pkaccum_u8_f32")));
        assert_eq!(w.v[10][0], 0x1100_3344, "{a}");
        let mut w = wave_with(a, 0xc0, &[(10, 0x1122_3344), (11, 0x7fc0_0000), (12, 0)]);
        run(&mut w, &format!("{} v10, v11, v12", nm(a, "v_cvt_pkaccum_u8_f32")));
        assert_eq!(w.v[10][0], 0x1122_3300, "{a}");
    }
}

// ---------------------------------------------------------------------------------------------
// f32 operations

#[test]
fn f32_specials() {
    let inf = f32::INFINITY;
    for a in Arch::ALL {
        let t = |n: &str, x: u32, y: u32| v10(a, 0xc0, &format!("{} v10, v11, v12", nm(a, n)), &[(11, x), (12, y)]);
        let nan = |x: u32| f32::from_bits(x).is_nan();
        assert!(nan(t("v_add_f32", f(inf), f(-inf))), "{a}");
        assert_eq!(t("v_add_f32", f(inf), f(1.0)), f(inf), "{a}");
        assert_eq!(t("v_add_f32", f(-0.0), f(-0.0)), f(-0.0), "{a}");
        assert_eq!(t("v_add_f32", f(-0.0), f(0.0)), f(0.0), "{a}");
        assert_eq!(t("v_sub_f32", f(1.0), f(1.0)), f(0.0), "{a}: x - x = +0");
        assert_eq!(t("v_sub_f32", f(1.0), f(3.0)), f(-2.0), "{a}");
        assert_eq!(t("v_subrev_f32", f(1.0), f(3.0)), f(2.0), "{a}");
        // 1 + 2^-24 is a tie: rounds to even (1.0); 1 + 3*2^-24 rounds up.
        assert_eq!(t("v_add_f32", f(1.0), f(2f32.powi(-24))), f(1.0), "{a}");
        assert_eq!(t("v_add_f32", f(1.0), f(3.0 * 2f32.powi(-24))), 0x3f80_0002, "{a}");
        assert_eq!(t("v_add_f32", 0x7f7f_ffff, 0x7f7f_ffff), f(inf), "{a}: overflow");
        assert!(nan(t("v_add_f32", 0x7f80_0001, f(1.0))), "{a}: sNaN");
        assert!(nan(t("v_mul_f32", f(0.0), f(inf))), "{a}: 0 * inf");
        assert_eq!(t("v_mul_f32", f(-0.0), f(5.0)), f(-0.0), "{a}");
        assert_eq!(t("v_mul_f32", f(-2.0), f(-inf)), f(inf), "{a}");
        // Legacy multiply: a zero factor gives +0 whatever the other is.
        assert_eq!(t("v_mul_legacy_f32", f(0.0), f(inf)), 0, "{a}");
        assert_eq!(t("v_mul_legacy_f32", f(-inf), f(0.0)), 0, "{a}");
        assert_eq!(t("v_mul_legacy_f32", 0x7fc0_0000, f(-0.0)), 0, "{a}: NaN * -0 = +0");
        assert_eq!(t("v_mul_legacy_f32", f(-0.0), f(5.0)), 0, "{a}: -0 * 5 = +0");
        assert!(nan(t("v_mul_legacy_f32", 0x7fc0_0000, f(5.0))), "{a}");
        assert_eq!(t("v_mul_legacy_f32", f(-2.0), f(3.0)), f(-6.0), "{a}");
        // IEEE minNum/maxNum: a NaN operand gives the other; -0 < +0.
        assert_eq!(t("v_min_f32", 0x7fc0_0000, f(1.0)), f(1.0), "{a}");
        assert_eq!(t("v_min_f32", f(1.0), 0x7fc0_0000), f(1.0), "{a}");
        assert_eq!(t("v_max_f32", 0x7f80_0001, f(-1.0)), f(-1.0), "{a}");
        assert_eq!(t("v_max_f32", f(-inf), 0xffc0_0000), f(-inf), "{a}");
        assert!(nan(t("v_min_f32", 0x7fc0_0000, 0x7f80_0001)), "{a}");
        assert_eq!(t("v_min_f32", f(0.0), f(-0.0)), f(-0.0), "{a}");
        assert_eq!(t("v_min_f32", f(-0.0), f(0.0)), f(-0.0), "{a}");
        assert_eq!(t("v_max_f32", f(0.0), f(-0.0)), f(0.0), "{a}");
        assert_eq!(t("v_max_f32", f(-0.0), f(0.0)), f(0.0), "{a}");
        assert_eq!(t("v_min_f32", f(-inf), f(3.0)), f(-inf), "{a}");
        assert_eq!(t("v_max_f32", f(inf), f(3.0)), f(inf), "{a}");
        // LDEXP.
        assert_eq!(t("v_ldexp_f32", f(1.0), 3), f(8.0), "{a}");
        assert_eq!(t("v_ldexp_f32", f(-3.0), -2i32 as u32), f(-0.75), "{a}");
        assert_eq!(t("v_ldexp_f32", f(1.0), 128), f(inf), "{a}");
        assert_eq!(t("v_ldexp_f32", f(1.0), 0x7fff_ffff), f(inf), "{a}");
        assert_eq!(t("v_ldexp_f32", f(3.0), 0x8000_0000), 0, "{a}");
        assert_eq!(t("v_ldexp_f32", f(-3.0), 0x8000_0000), 0x8000_0000, "{a}");
        assert_eq!(t("v_ldexp_f32", f(inf), -1000i32 as u32), f(inf), "{a}");
        assert!(nan(t("v_ldexp_f32", 0x7fc0_0000, 5)), "{a}");
        assert_eq!(t("v_ldexp_f32", f(0.0), 1000), 0, "{a}");
    }
    // The legacy min/max of GCN 1.0/1.1: a NaN in SRC1 gives NaN, a NaN in SRC0 gives SRC1.
    for a in SI_CI {
        let t = |n: &str, x: u32, y: u32| v10(a, 0xc0, &format!("{n} v10, v11, v12"), &[(11, x), (12, y)]);
        let nan = |x: u32| f32::from_bits(x).is_nan();
        assert!(nan(t("v_min_legacy_f32", f(1.0), 0x7fc0_0000)), "{a}");
        assert!(nan(t("v_max_legacy_f32", f(1.0), 0x7fc0_0000)), "{a}");
        assert_eq!(t("v_min_legacy_f32", 0x7fc0_0000, f(1.0)), f(1.0), "{a}");
        assert_eq!(t("v_max_legacy_f32", 0x7fc0_0000, f(1.0)), f(1.0), "{a}");
        assert_eq!(t("v_min_legacy_f32", f(-1.0), f(1.0)), f(-1.0), "{a}");
        assert_eq!(t("v_max_legacy_f32", f(-1.0), f(1.0)), f(1.0), "{a}");
        // Equal values give SRC1: -0 vs +0 is not ordered by these.
        assert_eq!(t("v_min_legacy_f32", f(-0.0), f(0.0)), f(0.0), "{a}");
        assert_eq!(t("v_max_legacy_f32", f(0.0), f(-0.0)), f(-0.0), "{a}");
        // MAC_LEGACY: a zero factor leaves VDST alone, even against inf or NaN.
        for (x, y) in [(f(0.0), f(inf)), (0x7fc0_0000, f(-0.0)), (f(-0.0), f(2.0))] {
            let mut w = wave_with(a, 0xc0, &[(10, f(7.0)), (11, x), (12, y)]);
            run(&mut w, "v_mac_legacy_f32 v10, v11, v12");
            assert_eq!(w.v[10][0], f(7.0), "{a}: {x:#x} * {y:#x}");
        }
        let mut w = wave_with(a, 0xc0, &[(10, f(7.0)), (11, f(2.0)), (12, f(3.0))]);
        run(&mut w, "v_mac_legacy_f32 v10, v11, v12");
        assert_eq!(w.v[10][0], f(13.0), "{a}");
    }
    for a in VI_PLUS {
        let mut w = wave_with(a, 0xc0, &[(10, f(7.0)), (11, f(0.0)), (12, f(inf))]);
        let i = run(&mut w, "v_mac_legacy_f32 v10, v11, v12");
        assert!(i.enc.is_vop3(), "{a}");
        assert_eq!(w.v[10][0], f(7.0), "{a}");
    }
}

/// MODE's FP_DENORM for f32: bit 4 keeps input denormals, bit 5 keeps output denormals.
#[test]
fn f32_denormals_under_mode() {
    let d1 = 0x0000_0001u32; // 2^-149
    for a in Arch::ALL {
        let t = |mode: u32, n: &str, x: u32, y: u32| {
            v10(a, mode, &format!("{} v10, v11, v12", nm(a, n)), &[(11, x), (12, y)])
        };
        // Inputs flushed (0xc0) or kept (0xf0).
        assert_eq!(t(0xc0, "v_add_f32", d1, d1), 0, "{a}");
        assert_eq!(t(0xf0, "v_add_f32", d1, d1), 2, "{a}");
        assert_eq!(
            t(0xc0, "v_add_f32", 0x8000_0001, 0),
            0,
            "{a}: -denormal flushes to -0, -0 + +0 = +0"
        );
        assert_eq!(
            t(0xc0, "v_mul_f32", 0x8000_0001, f(1.0)),
            0x8000_0000,
            "{a}: -denormal * 1 = -0"
        );
        assert_eq!(t(0xf0, "v_mul_f32", 0x8000_0001, f(1.0)), 0x8000_0001, "{a}");
        // Outputs: 2^-64 * 2^-64 = 2^-128, a denormal.
        assert_eq!(t(0xc0, "v_mul_f32", 0x1f80_0000, 0x1f80_0000), 0, "{a}");
        assert_eq!(t(0xf0, "v_mul_f32", 0x1f80_0000, 0x1f80_0000), 0x0020_0000, "{a}");
        assert_eq!(
            t(0xe0, "v_mul_f32", 0x1f80_0000, 0x1f80_0000),
            0x0020_0000,
            "{a}: output kept"
        );
        assert_eq!(t(0xd0, "v_mul_f32", 0x1f80_0000, 0x1f80_0000), 0, "{a}: output flushed");
        assert_eq!(
            t(0xd0, "v_mul_f32", 0x0040_0000, f(4.0)),
            0x0100_0000,
            "{a}: input kept"
        );
        assert_eq!(t(0xe0, "v_mul_f32", 0x0040_0000, f(4.0)), 0, "{a}: input flushed");
        assert_eq!(
            t(0xc0, "v_mul_f32", 0x9f80_0000, 0x1f80_0000),
            0x8000_0000,
            "{a}: -denormal result → -0"
        );
        // min/max see flushed inputs.
        assert_eq!(t(0xc0, "v_max_f32", d1, 0), 0, "{a}");
        assert_eq!(t(0xf0, "v_max_f32", d1, 0), d1, "{a}");
        assert_eq!(t(0xc0, "v_min_f32", 0x8000_0001, 0), 0x8000_0000, "{a}");
        // LDEXP: 1 * 2^-149 is the smallest denormal; 1.5 * 2^-150 rounds to it; 2^-150 ties to 0.
        assert_eq!(t(0xf0, "v_ldexp_f32", f(1.0), -149i32 as u32), 1, "{a}");
        assert_eq!(t(0xf0, "v_ldexp_f32", f(1.5), -150i32 as u32), 1, "{a}");
        assert_eq!(t(0xf0, "v_ldexp_f32", f(1.0), -150i32 as u32), 0, "{a}");
        assert_eq!(t(0xc0, "v_ldexp_f32", f(1.0), -149i32 as u32), 0, "{a}");
        assert_eq!(t(0xf0, "v_ldexp_f32", d1, 149), f(1.0), "{a}");
        assert_eq!(t(0xc0, "v_ldexp_f32", d1, 149), 0, "{a}: input flushed first");
        // Legacy multiply: a flushed denormal is a zero factor.
        assert_eq!(t(0xc0, "v_mul_legacy_f32", d1, f(f32::INFINITY)), 0, "{a}");
        assert_eq!(
            t(0xf0, "v_mul_legacy_f32", d1, f(f32::INFINITY)),
            f(f32::INFINITY),
            "{a}"
        );
        // Conversions with f32 inputs flush them too (-denormal → -0 → 0).
        assert_eq!(t(0xc0, "v_cvt_pknorm_i16_f32", 0x807f_ffff, 0x007f_ffff), 0, "{a}");
    }
}

/// V_MAC (VDST is the third operand), V_MADMK (K multiplies), V_MADAK (K adds), literals.
#[test]
fn mac_madmk_madak() {
    for a in Arch::ALL {
        let mut w = wave_with(a, 0xc0, &[(10, f(1.0)), (11, f(2.0)), (12, f(3.0))]);
        let i = run(&mut w, "v_mac_f32 v10, v11, v12");
        assert_eq!((i.enc, w.v[10][0]), (Enc::Vop2, f(7.0)), "{a}");
        // A literal SRC0.
        let i = run(&mut w, "v_mac_f32 v10, 0x3fc00000, v12");
        assert_eq!((i.literal, w.v[10][0]), (Some(0x3fc0_0000), f(11.5)), "{a}");
        // VOP3 with modifiers: 11.5 + (-2 * |−3|) = 5.5, then OMOD 2 → 11, CLAMP → 1.
        let mut w2 = wave_with(a, 0xc0, &[(10, f(11.5)), (11, f(2.0)), (12, f(-3.0))]);
        run(&mut w2, "v_mac_f32 v10, -v11, |v12|");
        assert_eq!(w2.v[10][0], f(5.5), "{a}");
        run(&mut w2, "v_mac_f32 v10, v11, v12 mul:2");
        assert_eq!(w2.v[10][0], f(-1.0), "{a}: (5.5 - 6) * 2");
        run(&mut w2, "v_mac_f32 v10, v11, v11 clamp");
        assert_eq!(w2.v[10][0], f(1.0), "{a}: -1 + 4 = 3, clamped");
        // Not fused: (1+2^-12)^2 = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 before -1 is added.
        let x = 0x3f80_0800u32; // 1 + 2^-12
        let mut w = wave_with(a, 0xf0, &[(10, f(-1.0)), (11, x), (12, x)]);
        run(&mut w, "v_mac_f32 v10, v11, v12");
        assert_eq!(w.v[10][0], f(2f32.powi(-11)), "{a}: product rounded");
        // MADMK: v11 * K + v12; MADAK: v11 * v12 + K.
        let mut w = wave_with(a, 0xc0, &[(11, f(2.0)), (12, f(3.0))]);
        let i = run(&mut w, "v_madmk_f32 v10, v11, 0x3fc00000, v12");
        assert_eq!(
            (i.enc, i.literal, w.v[10][0]),
            (Enc::Vop2, Some(0x3fc0_0000), f(6.0)),
            "{a}"
        );
        run(&mut w, "v_madak_f32 v10, v11, v12, 0x3fc00000");
        assert_eq!(w.v[10][0], f(7.5), "{a}");
        // An inline constant SRC0 beside K.
        run(&mut w, "v_madmk_f32 v10, -4.0, 0x3fc00000, v12");
        assert_eq!(w.v[10][0], f(-3.0), "{a}");
        run(&mut w, "v_madak_f32 v10, 0.5, v12, 0x3fc00000");
        assert_eq!(w.v[10][0], f(3.0), "{a}");
        // K is a float input: a denormal K is flushed with input denormals (MODE 0xe0 keeps
        // output denormals, so only the input flush can give 0 here).
        let big = f(2f32.powi(100));
        let mut w = wave_with(a, 0xe0, &[(11, big), (12, 0)]);
        run(&mut w, "v_madmk_f32 v10, v11, 0x1, v12");
        assert_eq!(w.v[10][0], 0, "{a}: K flushed");
        w.mode = 0xf0;
        run(&mut w, "v_madmk_f32 v10, v11, 0x1, v12");
        assert_eq!(w.v[10][0], f(2f32.powi(-49)), "{a}: K kept");
        let mut w = wave_with(a, 0xe0, &[(11, f(0.0)), (12, f(0.0))]);
        run(&mut w, "v_madak_f32 v10, v11, v12, 0x80000001");
        assert_eq!(w.v[10][0], 0, "{a}: 0*0 + flushed(-denormal K) = +0 + -0 = +0");
        w.mode = 0xf0;
        run(&mut w, "v_madak_f32 v10, v11, v12, 0x80000001");
        assert_eq!(w.v[10][0], 0x8000_0001, "{a}");
        // VDST of MAC is a float input too: 2^-126 + 2^-149 keeps its denormal part only if
        // input denormals are kept.
        let mut w = wave_with(a, 0xe0, &[(10, 1), (11, 0x2000_0000), (12, 0x2000_0000)]);
        run(&mut w, "v_mac_f32 v10, v11, v12");
        assert_eq!(w.v[10][0], 0x0080_0000, "{a}: VDST flushed");
        let mut w = wave_with(a, 0xf0, &[(10, 1), (11, 0x2000_0000), (12, 0x2000_0000)]);
        run(&mut w, "v_mac_f32 v10, v11, v12");
        assert_eq!(w.v[10][0], 0x0080_0001, "{a}: VDST kept");
        // EXEC holes: inactive lanes keep VDST (not VDST + product).
        let mut w = wave_with(a, 0xc0, &[(10, f(1.0)), (11, f(2.0)), (12, f(3.0))]);
        w.set_pair(EXEC, 0b10);
        run(&mut w, "v_mac_f32 v10, v11, v12");
        assert_eq!(&w.v[10][..3], &[f(1.0), f(7.0), f(1.0)], "{a}");
    }
}

/// VOP3 input modifiers (ABS then NEG) and output modifiers (OMOD then CLAMP) on f32 results.
#[test]
fn f32_vop3_modifiers() {
    for a in Arch::ALL {
        let t = |mode: u32, text: &str, x: f32, y: f32| f32::from_bits(v10(a, mode, text, &[(11, f(x)), (12, f(y))]));
        assert_eq!(t(0xc0, "v_add_f32 v10, -v11, |v12|", 1.0, -2.0), 1.0, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, -|v11|, v12", -3.0, 0.0), -3.0, "{a}");
        assert_eq!(t(0xc0, "v_sub_f32 v10, |v11|, -v12", -3.0, -1.0), 2.0, "{a}");
        assert_eq!(t(0xc0, "v_mul_f32 v10, -v11, -v12", 2.0, 3.0), 6.0, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 mul:2", 1.0, 2.0), 6.0, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 mul:4", 1.0, 2.0), 12.0, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 div:2", 1.0, 2.0), 1.5, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 clamp", 1.0, 2.0), 1.0, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 clamp", -1.0, 0.5), 0.0, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 clamp", 0.25, 0.5), 0.75, "{a}");
        // OMOD before CLAMP: 0.75 * 2 = 1.5 → 1.
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 mul:2 clamp", 0.25, 0.5), 1.0, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 div:2 clamp", 0.75, 0.5), 0.625, "{a}");
        assert_eq!(t(0xc0, "v_add_f32 v10, v11, v12 clamp", f32::INFINITY, 0.0), 1.0, "{a}");
        assert_eq!(
            t(0xc0, "v_add_f32 v10, v11, v12 clamp", f32::NEG_INFINITY, 0.0),
            0.0,
            "{a}"
        );
        // The seed page: OMOD does nothing when output denormals are kept (MODE bit 5 for f32).
        assert_eq!(t(0xf0, "v_add_f32 v10, v11, v12 mul:4", 1.0, 2.0), 3.0, "{a}");
        assert_eq!(t(0xf0, "v_add_f32 v10, v11, v12 mul:4 clamp", 1.0, 2.0), 1.0, "{a}");
        // CLAMP of NaN: kept with DX10_CLAMP (MODE bit 8) off, 0 with it on.
        assert!(t(0xc0, "v_add_f32 v10, v11, v12 clamp", f32::NAN, 1.0).is_nan(), "{a}");
        assert_eq!(
            t(0x1c0, "v_add_f32 v10, v11, v12 clamp", f32::NAN, 1.0).to_bits(),
            0,
            "{a}"
        );
        // NEG of a NaN/inf/zero flips its sign bit only.
        assert_eq!(
            v10(a, 0xc0, "v_mul_f32 v10, -v11, v12", &[(11, 0), (12, f(1.0))]),
            0x8000_0000,
            "{a}"
        );
        assert_eq!(
            v10(a, 0xc0, "v_add_f32 v10, -v11, v12", &[(11, f(f32::INFINITY)), (12, 0)]),
            f(f32::NEG_INFINITY)
        );
        // ABS and NEG on the inputs of a legacy/min/max op.
        assert_eq!(
            t(0xc0, &format!("{} v10, -v11, v12", nm(a, "v_min_f32")), 2.0, -1.0),
            -2.0,
            "{a}"
        );
        assert_eq!(
            t(0xc0, &format!("{} v10, |v11|, v12", nm(a, "v_max_f32")), -5.0, 4.0),
            5.0,
            "{a}"
        );
        // LLVM spelling of the same VOP3 instruction.
        let mut w = wave_with(a, 0xc0, &[(11, f(1.0)), (12, f(-2.0))]);
        run_llvm(&mut w, "v_add_f32_e64 v10, -v11, |v12| mul:2");
        assert_eq!(w.v[10][0], f(2.0), "{a}");
    }
}

#[test]
fn f32_literals_and_inline_constants() {
    for a in Arch::ALL {
        let mut w = wave_with(a, 0xc0, &[(12, f(1.0))]);
        let i = run(&mut w, "v_add_f32 v10, 0x3fc00000, v12");
        assert_eq!((i.literal, w.v[10][0]), (Some(0x3fc0_0000), f(2.5)), "{a}");
        run(&mut w, "v_add_f32 v10, -4.0, v12");
        assert_eq!(w.v[10][0], f(-3.0), "{a}");
        run(&mut w, "v_mul_f32 v10, 0.5, v12");
        assert_eq!(w.v[10][0], f(0.5), "{a}");
        // An integer inline constant is the integer bits (1 = the smallest denormal).
        w.mode = 0xf0;
        run(&mut w, "v_mul_f32 v10, 1, v12");
        assert_eq!(w.v[10][0], 1, "{a}");
        w.mode = 0xc0;
        run(&mut w, "v_mul_f32 v10, 1, v12");
        assert_eq!(w.v[10][0], 0, "{a}");
        // An SGPR source.
        w.s[3] = f(10.0);
        run(&mut w, "v_sub_f32 v10, s3, v12");
        assert_eq!(w.v[10][0], f(9.0), "{a}");
    }
    for a in VI_PLUS {
        // 1/(2*pi) inline constant.
        let mut w = wave_with(a, 0xc0, &[(12, f(2.0))]);
        run(&mut w, "v_mul_f32 v10, 0.15915494, v12");
        assert_eq!(w.v[10][0], f(2.0 * f32::from_bits(0x3e22_f983)), "{a}");
    }
}

// ---------------------------------------------------------------------------------------------
// 16-bit float operations (GCN 1.2+)

#[test]
fn f16_operations() {
    for a in VI_PLUS {
        let t = |mode: u32, text: &str, x: u32, y: u32| v10(a, mode, text, &[(11, x), (12, y)]);
        assert_eq!(t(0xc0, "v_add_f16 v10, v11, v12", 0x3c00, 0x4000), 0x4200, "{a}: 1 + 2");
        assert_eq!(
            t(0xc0, "v_add_f16 v10, v11, v12", 0xabcd_3c00, 0x1234_4000),
            0x4200,
            "{a}: high halves ignored"
        );
        assert_eq!(
            t(0xc0, "v_add_f16 v10, v11, v12", 0x7bff, 0x7bff),
            0x7c00,
            "{a}: overflow"
        );
        assert_eq!(t(0xc0, "v_sub_f16 v10, v11, v12", 0x3c00, 0x4000), 0xbc00, "{a}");
        assert_eq!(t(0xc0, "v_subrev_f16 v10, v11, v12", 0x3c00, 0x4000), 0x3c00, "{a}");
        assert_eq!(
            t(0xc0, "v_mul_f16 v10, v11, v12", 0x4200, 0xc000),
            0xc600,
            "{a}: 3 * -2"
        );
        assert_eq!(
            t(0xc0, "v_mul_f16 v10, v11, v12", 0x0000, 0x7c00) & 0x7e00,
            0x7e00,
            "{a}: 0 * inf = NaN"
        );
        assert_eq!(t(0xc0, "v_max_f16 v10, v11, v12", 0x7e00, 0xbc00), 0xbc00, "{a}");
        assert_eq!(t(0xc0, "v_min_f16 v10, v11, v12", 0x0000, 0x8000), 0x8000, "{a}");
        assert_eq!(t(0xc0, "v_max_f16 v10, v11, v12", 0x8000, 0x0000), 0x0000, "{a}");
        // f16 denormals: kept under both 0xc0 and 0xf0 (FP_DENORM[7:6] = 3).
        assert_eq!(t(0xc0, "v_add_f16 v10, v11, v12", 0x0001, 0x0001), 0x0002, "{a}");
        assert_eq!(t(0xf0, "v_add_f16 v10, v11, v12", 0x0001, 0x0001), 0x0002, "{a}");
        // Flushed when MODE says so (0x30: f32 kept, f64/f16 flushed).
        assert_eq!(t(0x30, "v_add_f16 v10, v11, v12", 0x0001, 0x0001), 0, "{a}");
        assert_eq!(
            t(0x30, "v_add_f16 v10, v11, v12", 0x03ff, 0x0001),
            0,
            "{a}: inputs flushed"
        );
        // 0x70: f16 input denormals kept, output denormals flushed.
        assert_eq!(
            t(0x70, "v_add_f16 v10, v11, v12", 0x03ff, 0x0001),
            0x0400,
            "{a}: a normal sum"
        );
        assert_eq!(
            t(0x70, "v_add_f16 v10, v11, v12", 0x0001, 0x0001),
            0,
            "{a}: a denormal sum"
        );
        assert_eq!(
            t(0xb0, "v_mul_f16 v10, v11, v12", 0x0200, 0x4000),
            0,
            "{a}: input flushed"
        );
        assert_eq!(
            t(0x70, "v_mul_f16 v10, v11, v12", 0x0200, 0x3800),
            0,
            "{a}: output flushed"
        );
        // LDEXP.
        assert_eq!(
            t(0xc0, "v_ldexp_f16 v10, v11, v12", 0x3c00, -24i32 as u32),
            0x0001,
            "{a}"
        );
        assert_eq!(
            t(0xc0, "v_ldexp_f16 v10, v11, v12", 0x3c00, -25i32 as u32),
            0x0000,
            "{a}: tie to even"
        );
        assert_eq!(
            t(0xc0, "v_ldexp_f16 v10, v11, v12", 0x3e00, -25i32 as u32),
            0x0001,
            "{a}"
        );
        assert_eq!(t(0xc0, "v_ldexp_f16 v10, v11, v12", 0x3c00, 16), 0x7c00, "{a}");
        assert_eq!(t(0xc0, "v_ldexp_f16 v10, v11, v12", 0xbc00, 0x8000_0000), 0x8000, "{a}");
        // MAC/MADMK/MADAK.
        let mut w = wave_with(a, 0xc0, &[(10, 0xffff_3c00), (11, 0x4000), (12, 0x4200)]);
        run(&mut w, "v_mac_f16 v10, v11, v12");
        assert_eq!(w.v[10][0], 0x4700, "{a}: 2*3 + 1 = 7, high half cleared");
        let mut w = wave_with(a, 0xc0, &[(11, 0x4000), (12, 0x3c00)]);
        let i = run(&mut w, "v_madmk_f16 v10, v11, 0x3e00, v12");
        assert_eq!((i.literal, w.v[10][0]), (Some(0x3e00), 0x4400), "{a}: 2*1.5 + 1");
        run(&mut w, "v_madak_f16 v10, v11, v11, 0x3e00");
        assert_eq!(w.v[10][0], 0x4580, "{a}: 2*2 + 1.5");
        run(&mut w, "v_madak_f16 v10, v11, v11, 1.5");
        assert_eq!(w.v[10][0], 0x4580, "{a}: a float K in the text");
        // VOP3 modifiers on f16: NEG/ABS on bit 15.
        assert_eq!(
            t(0xc0, "v_add_f16 v10, -v11, |v12|", 0x3c00, 0xc000),
            0x3c00,
            "{a}: -1 + 2"
        );
        assert_eq!(t(0xc0, "v_add_f16 v10, v11, v12 clamp", 0x3c00, 0x4000), 0x3c00, "{a}");
        assert_eq!(t(0xc0, "v_sub_f16 v10, v11, v12 clamp", 0x3c00, 0x4000), 0x0000, "{a}");
        // OMOD: MODE bit 7 (output denormals of f64/f16) disables it, as for f32 with bit 5.
        assert_eq!(
            t(0xc0, "v_add_f16 v10, v11, v12 mul:2", 0x3c00, 0x4000),
            0x4200,
            "{a}: no OMOD"
        );
        assert_eq!(
            t(0x40, "v_add_f16 v10, v11, v12 mul:2", 0x3c00, 0x4000),
            0x4600,
            "{a}: 3 * 2"
        );
        assert_eq!(
            t(0x40, "v_add_f16 v10, v11, v12 div:2 clamp", 0x3c00, 0x4000),
            0x3c00,
            "{a}"
        );
        // Inline constants are f16 for f16 operands.
        assert_eq!(t(0xc0, "v_add_f16 v10, 0.5, v12", 0, 0x3c00), 0x3e00, "{a}");
        assert_eq!(t(0xc0, "v_mul_f16 v10, -2.0, v12", 0, 0x3c00), 0xc000, "{a}");
    }
}

// ---------------------------------------------------------------------------------------------
// The VOP3 form of V_MADMK/V_MADAK: AMD documents none, CLRX writes one; what it computes is
// unknown, so the emulator refuses it (an error, not a guess).

#[test]
fn madmk_vop3_is_refused() {
    for a in Arch::ALL {
        for m in ["v_madmk_f32", "v_madak_f32"] {
            // Neither assembler writes the VOP3 form (clrxasm: "Literal in VOP3 encoding is
            // illegal"): the word is V_MAD_F32's with the row's VOP3 opcode.
            let text = format!("{} v10, v11, v12, v13 vop3", nm(a, m));
            assert!(assemble_one(a, Dialect::Clrx, &text).is_err(), "{a}: `{text}` taken");
            let mut words = assemble_one(a, Dialect::Clrx, "v_mad_f32 v10, v11, v12, v13").unwrap();
            let id = isa().lookup(a, nm(a, m)).unwrap();
            let op = isa().def(id).e64[a.index()] as u32;
            let shift = if a.is_vi_plus() { 16 } else { 17 };
            let mask = if a.is_vi_plus() { 0x3ff } else { 0x1ff };
            words[0] = words[0] & !(mask << shift) | op << shift;
            let i = gcnkit::decode::decode(a, &words).unwrap();
            assert!(
                i.def().is_some_and(|d| std::ptr::eq(d, isa().def(id))),
                "{a}: {m}'s VOP3 word"
            );
            let mut w = Wave::new(a);
            let e = gcnkit::emu::step(&mut w, &i).unwrap_err();
            assert!(matches!(e, gcnkit::emu::EmuError::Unsupported(_)), "{a} {m}: {e:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Properties: Rust's arithmetic must agree

fn f32_strategy() -> impl Strategy<Value = u32> {
    prop_oneof![
        4 => any::<u32>(),
        2 => any::<f32>().prop_map(f32::to_bits),
        1 => prop::sample::select(F32S.to_vec()),
    ]
}

fn lanes<S: Strategy>(s: S) -> impl Strategy<Value = Vec<S::Value>>
where
    S::Value: std::fmt::Debug,
{
    prop::collection::vec(s, 64)
}

/// Runs `text` with v11/v12 from `x`/`y` and VCC from `vcc`; returns the wave.
fn run_lanes(a: Arch, mode: u32, text: &str, x: &[u32], y: &[u32], vcc: u64) -> Wave {
    let mut w = wave(a, mode);
    w.v[11].copy_from_slice(x);
    w.v[12].copy_from_slice(y);
    w.set_pair(VCC, vcc);
    run(&mut w, text);
    w
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn prop_f32_add_sub_mul_match_rust(ai in 0usize..4, x in lanes(f32_strategy()), y in lanes(f32_strategy())) {
        let a = Arch::ALL[ai];
        let cases: [(&str, fn(f32, f32) -> f32); 4] = [
            ("v_add_f32", |p, q| p + q),
            ("v_sub_f32", |p, q| p - q),
            ("v_subrev_f32", |p, q| q - p),
            ("v_mul_f32", |p, q| p * q),
        ];
        for (n, op) in cases {
            let w = run_lanes(a, 0xf0, &format!("{n} v10, v11, v12"), &x, &y, 0);
            for l in 0..64 {
                let want = op(f32::from_bits(x[l]), f32::from_bits(y[l])).to_bits();
                prop_assert!(same32(want, w.v[10][l]), "{} {:#x} {:#x}: {:#x} want {:#x}", n, x[l], y[l], w.v[10][l], want);
            }
        }
    }

    #[test]
    fn prop_f32_mac_and_flush(ai in 0usize..4, x in lanes(f32_strategy()), y in lanes(f32_strategy()), z in lanes(f32_strategy())) {
        let a = Arch::ALL[ai];
        let mut w = wave(a, 0xf0);
        w.v[10].copy_from_slice(&z);
        w.v[11].copy_from_slice(&x);
        w.v[12].copy_from_slice(&y);
        run(&mut w, "v_mac_f32 v10, v11, v12");
        for l in 0..64 {
            let (p, q, r) = (f32::from_bits(x[l]), f32::from_bits(y[l]), f32::from_bits(z[l]));
            prop_assert!(same32((p * q + r).to_bits(), w.v[10][l]));
        }
        // MODE 0xc0: inputs and outputs flushed.
        let w = run_lanes(a, 0xc0, "v_add_f32 v10, v11, v12", &x, &y, 0);
        for l in 0..64 {
            let want = ftz32((f32::from_bits(ftz32(x[l])) + f32::from_bits(ftz32(y[l]))).to_bits());
            prop_assert!(same32(want, w.v[10][l]));
        }
    }

    #[test]
    fn prop_integer_ops_match_rust(ai in 0usize..4, x in lanes(any::<u32>()), y in lanes(prop_oneof![any::<u32>(), 0u32..64]), vcc in any::<u64>()) {
        let a = Arch::ALL[ai];
        let cases: [(&str, fn(u32, u32) -> u32); 15] = [
            ("v_and_b32", |p, q| p & q),
            ("v_or_b32", |p, q| p | q),
            ("v_xor_b32", |p, q| p ^ q),
            ("v_min_i32", |p, q| (p as i32).min(q as i32) as u32),
            ("v_max_i32", |p, q| (p as i32).max(q as i32) as u32),
            ("v_min_u32", |p, q| p.min(q)),
            ("v_max_u32", |p, q| p.max(q)),
            ("v_lshlrev_b32", |p, q| q.wrapping_shl(p)),
            ("v_lshrrev_b32", |p, q| q.wrapping_shr(p)),
            ("v_ashrrev_i32", |p, q| (q as i32).wrapping_shr(p) as u32),
            ("v_mul_u32_u24", |p, q| ((p as u64 & 0xff_ffff) * (q as u64 & 0xff_ffff)) as u32),
            ("v_mul_hi_u32_u24", |p, q| (((p as u64 & 0xff_ffff) * (q as u64 & 0xff_ffff)) >> 32) as u32),
            ("v_mul_i32_i24", |p, q| (((p << 8) as i32 >> 8) as i64 * ((q << 8) as i32 >> 8) as i64) as u32),
            ("v_mul_hi_i32_i24", |p, q| ((((p << 8) as i32 >> 8) as i64 * ((q << 8) as i32 >> 8) as i64) >> 32) as u32),
            ("v_bcnt_u32_b32", |p, q| q.wrapping_add(p.count_ones())),
        ];
        for (base, op) in cases {
            if !row(base).exists_on(a) {
                continue;
            }
            let w = run_lanes(a, 0xc0, &format!("{} v10, v11, v12", nm(a, base)), &x, &y, 0);
            for l in 0..64 {
                prop_assert_eq!(w.v[10][l], op(x[l], y[l]), "{} {:#x} {:#x}", base, x[l], y[l]);
            }
        }
        // Carries.
        let add = nm(a, "v_add_i32");
        let w = run_lanes(a, 0xc0, &format!("{add} v10, vcc, v11, v12"), &x, &y, vcc);
        for l in 0..64 {
            let (s, c) = x[l].overflowing_add(y[l]);
            prop_assert_eq!((w.v[10][l], w.vcc() >> l & 1 != 0), (s, c));
        }
        let w = run_lanes(a, 0xc0, &format!("{} v10, vcc, v11, v12, vcc", nm(a, "v_addc_u32")), &x, &y, vcc);
        for l in 0..64 {
            let wide = x[l] as u64 + y[l] as u64 + (vcc >> l & 1);
            prop_assert_eq!((w.v[10][l], w.vcc() >> l & 1 != 0), (wide as u32, wide > u32::MAX as u64));
        }
        let w = run_lanes(a, 0xc0, &format!("{} v10, vcc, v11, v12, vcc", nm(a, "v_subb_u32")), &x, &y, vcc);
        for l in 0..64 {
            let b = vcc >> l & 1;
            let (d, c) = (x[l] as i64 - y[l] as i64 - b as i64, (y[l] as u64 + b) > x[l] as u64);
            prop_assert_eq!((w.v[10][l], w.vcc() >> l & 1 != 0), (d as u32, c));
        }
        let w = run_lanes(a, 0xc0, &format!("{} v10, vcc, v11, v12, vcc", nm(a, "v_subbrev_u32")), &x, &y, vcc);
        for l in 0..64 {
            let b = vcc >> l & 1;
            let (d, c) = (y[l] as i64 - x[l] as i64 - b as i64, (x[l] as u64 + b) > y[l] as u64);
            prop_assert_eq!((w.v[10][l], w.vcc() >> l & 1 != 0), (d as u32, c));
        }
        let w = run_lanes(a, 0xc0, "v_cndmask_b32 v10, v11, v12, vcc", &x, &y, vcc);
        for l in 0..64 {
            prop_assert_eq!(w.v[10][l], if vcc >> l & 1 != 0 { y[l] } else { x[l] });
        }
    }

    #[test]
    fn prop_16bit_ops_match_rust(ai in 2usize..4, x in lanes(any::<u32>()), y in lanes(any::<u32>())) {
        let a = Arch::ALL[ai];
        let cases: [(&str, fn(u16, u16) -> u16); 9] = [
            ("v_add_u16", |p, q| p.wrapping_add(q)),
            ("v_sub_u16", |p, q| p.wrapping_sub(q)),
            ("v_subrev_u16", |p, q| q.wrapping_sub(p)),
            ("v_mul_lo_u16", |p, q| p.wrapping_mul(q)),
            ("v_lshlrev_b16", |p, q| q.wrapping_shl(p as u32)),
            ("v_lshrrev_b16", |p, q| q.wrapping_shr(p as u32)),
            ("v_ashrrev_i16", |p, q| (q as i16).wrapping_shr(p as u32) as u16),
            ("v_max_i16", |p, q| (p as i16).max(q as i16) as u16),
            ("v_min_u16", |p, q| p.min(q)),
        ];
        for (n, op) in cases {
            let w = run_lanes(a, 0xc0, &format!("{n} v10, v11, v12"), &x, &y, 0);
            for l in 0..64 {
                prop_assert_eq!(w.v[10][l], op(x[l] as u16, y[l] as u16) as u32, "{} {:#x} {:#x}", n, x[l], y[l]);
            }
        }
        let w = run_lanes(a, 0xc0, "v_add_f16 v10, v11, v12", &x, &y, 0);
        for l in 0..64 {
            let want = f16::from_f32(f16::from_bits(x[l] as u16).to_f32() + f16::from_bits(y[l] as u16).to_f32());
            prop_assert!(w.v[10][l] >> 16 == 0 && same16(want.to_bits() as u32, w.v[10][l]));
        }
    }
}

/// V_CVT_PKRTZ_F16_F32 packs two halves; its row's destination type is F16, and the executor's
/// output stage (OMOD, CLAMP, output-denormal flush) only looks at the low half. Expected: both
/// halves treated alike (inferred: the pages say nothing about modifiers on packed results).
#[test]
fn pkrtz_output_modifiers_apply_to_both_halves() {
    for a in Arch::ALL {
        let n = nm(a, "v_cvt_pkrtz_f16_f32");
        // CLAMP: 2.0 → 1.0 in both halves.
        let got = v10(
            a,
            0xc0,
            &format!("{n} v10, v11, v12 clamp"),
            &[(11, f(2.0)), (12, f(2.0))],
        );
        assert_eq!(got, 0x3c00_3c00, "{a}: clamp");
        // f16 output denormals flushed (MODE 0x30): 2^-24 → 0 in both halves.
        let tiny = f(2f32.powi(-24));
        let got = v10(a, 0x30, &format!("{n} v10, v11, v12"), &[(11, tiny), (12, tiny)]);
        assert_eq!(got, 0, "{a}: flush");
        // OMOD (MODE 0x00: f16 output denormals flushed, so OMOD applies): 1.0 * 2 in both halves.
        let got = v10(
            a,
            0x00,
            &format!("{n} v10, v11, v12 mul:2"),
            &[(11, f(1.0)), (12, f(1.0))],
        );
        assert_eq!(got, 0x4000_4000, "{a}: omod");
    }
}
