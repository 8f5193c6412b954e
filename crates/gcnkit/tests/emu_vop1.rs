//! The VOP1 instructions on the emulator, end to end: text → `asm::assemble_one` → words →
//! `decode` → `emu::step` → registers.
//!
//! - `every_row_*`: every plain VOP1 row (one source, one VGPR result) on every arch where it
//!   exists, in its 32-bit form and in VOP3, under four MODE denormal settings, on lists of
//!   edge values spread over the 64 lanes, against a reference written from the *Operation*
//!   texts (CLRX's GcnInstrsVop1 page, AMD's manuals; see `emu/ops/vop1.rs`). Exact operations
//!   are compared bit for bit, NaNs included; the transcendental ones against libm's f64 value
//!   rounded once, where a value within 2^-40 of a rounding boundary admits either neighbour.
//! - near-tie cases of EXP/LOG/SIN/COS/RSQ whose correctly rounded results were computed with
//!   mpmath at 200 bits (the emulator must match them exactly);
//! - hand-worked values per instruction, per-arch availability, modifiers through VOP3, EXEC,
//!   V_READFIRSTLANE_B32, V_MOVREL* with M0, V_SWAP_B32, the GCN 1.4 undocumented moves;
//! - property tests where Rust's own operations must agree (rounding to integers,
//!   conversions, bit counts).

// Lane loops index several arrays at once; the reference is one long match.
#![allow(clippy::needless_range_loop, clippy::too_many_lines)]

mod common;

use common::emu::{asm, exec_i, ftz16, ftz32, ftz64, run, wave};
use gcnkit::emu::{step, EmuError, Wave};
use gcnkit::isa::{isa, Form, InstrDef, Short, Ty};
use gcnkit::Arch;
use half::f16;
use proptest::prelude::*;

const EXEC: usize = 126;
const M0: usize = 124;

// ---------------------------------------------------------------------------------------------
// Rows and driving the emulator

/// The VOP1 row named `base` (VOP1 rows carry one name on every arch).
fn row(base: &str) -> &'static InstrDef {
    isa()
        .defs
        .iter()
        .find(|d| d.short == Short::Vop1 && d.name.contains(&base))
        .unwrap_or_else(|| panic!("no VOP1 row {base}"))
}

fn archs_of(base: &str) -> Vec<Arch> {
    let d = row(base);
    Arch::ALL.into_iter().filter(|a| d.exists_on(*a)).collect()
}

/// A wave with VGPRs broadcast from `v` (register, value).
fn wave_with(a: Arch, mode: u32, v: &[(usize, u32)]) -> Wave {
    let mut w = wave(a, mode);
    for &(r, x) in v {
        *w.v[r] = [x; 64];
    }
    w
}

/// Runs `text` with v2 = `x` in all lanes and returns v10 (asserting all lanes agree).
fn v10(a: Arch, mode: u32, text: &str, x: u32) -> u32 {
    let mut w = wave_with(a, mode, &[(2, x), (10, 0xdead_beef)]);
    run(&mut w, text);
    let r = w.v[10][0];
    assert!(w.v[10].iter().all(|&y| y == r), "{a}: `{text}`: lanes differ");
    r
}

/// The same with a 64-bit source in v[2:3] and a 64-bit result in v[10:11].
fn v10_64(a: Arch, mode: u32, text: &str, x: u64) -> u64 {
    let mut w = wave_with(
        a,
        mode,
        &[
            (2, x as u32),
            (3, (x >> 32) as u32),
            (10, 0xdead_beef),
            (11, 0xdead_beef),
        ],
    );
    run(&mut w, text);
    w.v[10][0] as u64 | (w.v[11][0] as u64) << 32
}

fn f(x: f32) -> u32 {
    x.to_bits()
}

fn d(x: f64) -> u64 {
    x.to_bits()
}

fn h(x: f64) -> u32 {
    f16::from_f64(x).to_bits() as u32
}

fn hf(b: u32) -> f64 {
    f16::from_bits(b as u16).to_f64()
}

// ---------------------------------------------------------------------------------------------
// The reference, lane by lane

/// An expected result: the bit patterns from `.0` to `.1` (inclusive, either order): one
/// value, or neighbours where the f64 reference of a transcendental operation lies too close to
/// a rounding boundary to decide.
#[derive(Clone, Copy, Debug)]
struct Expect(u64, u64);

impl Expect {
    fn exact(x: u64) -> Expect {
        Expect(x, x)
    }
    fn ok(self, got: u64) -> bool {
        (self.0.min(self.1)..=self.0.max(self.1)).contains(&got)
    }
}

fn in32(x: u32, mode: u32) -> u32 {
    if mode & 0x10 != 0 {
        x
    } else {
        ftz32(x)
    }
}
fn out32(x: u32, mode: u32) -> u32 {
    if mode & 0x20 != 0 {
        x
    } else {
        ftz32(x)
    }
}
fn in64(x: u64, mode: u32) -> u64 {
    if mode & 0x40 != 0 {
        x
    } else {
        ftz64(x)
    }
}
fn out64(x: u64, mode: u32) -> u64 {
    if mode & 0x80 != 0 {
        x
    } else {
        ftz64(x)
    }
}
fn in16(x: u32, mode: u32) -> u32 {
    if mode & 0x40 != 0 {
        x & 0xffff
    } else {
        ftz16(x & 0xffff)
    }
}
fn out16(x: u32, mode: u32) -> u32 {
    if mode & 0x80 != 0 {
        x
    } else {
        ftz16(x)
    }
}

fn is_nan32(x: u32) -> bool {
    x & 0x7f80_0000 == 0x7f80_0000 && x & 0x7f_ffff != 0
}
fn is_nan16(x: u32) -> bool {
    x & 0x7c00 == 0x7c00 && x & 0x3ff != 0
}
fn is_nan64(x: u64) -> bool {
    f64::from_bits(x).is_nan()
}

/// f16 bits → f64 (exact).
fn v16(x: u32) -> f64 {
    hf(x & 0xffff)
}

/// f64 → f16 bits, nearest even, written from the definition (not the emulator's helper).
fn to16(v: f64) -> u32 {
    if v.is_nan() {
        return 0x7e00;
    }
    let s = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    if a >= 65520.0 {
        return s | 0x7c00;
    }
    // Quantum: 2^-24 below 2^-14, else 2^(e-10).
    let mut e = -14;
    while e < 15 && 2f64.powi(e + 1) <= a {
        e += 1;
    }
    let q = 2f64.powi(e - 10);
    let m = (a / q).round_ties_even();
    let val = m * q;
    s | f16::from_f64(val).to_bits() as u32
}

/// `v` rounded to f32, and the neighbour on the other side when `v` is within 2^-40 (relative)
/// of the midpoint between them.
fn near32(v: f64) -> (u32, u32) {
    let b = (v as f32).to_bits();
    if !v.is_finite() || v == 0.0 {
        return (b, b);
    }
    let val = f32::from_bits(b) as f64;
    let a = v.abs();
    let up = f32::from_bits(b + 1) as f64;
    let down = f32::from_bits(b.wrapping_sub(1)) as f64;
    let tol = a * 2f64.powi(-40);
    if (v - (val + up) / 2.0).abs() <= tol {
        (b, b + 1)
    } else if (v - (val + down) / 2.0).abs() <= tol {
        (b, b - 1)
    } else {
        (b, b)
    }
}

fn near16(v: f64) -> (u32, u32) {
    let b = to16(v);
    if !v.is_finite() || v == 0.0 || b & 0x7fff >= 0x7c00 {
        return (b, b);
    }
    let val = v16(b);
    let tol = v.abs() * 2f64.powi(-40);
    for n in [b + 1, b.wrapping_sub(1)] {
        if n & 0x7fff < 0x7c00 && (v - (val + v16(n)) / 2.0).abs() <= tol {
            return (b, n);
        }
    }
    (b, b)
}

/// sin(2πx) in f64 with an error far below f32's ulp, also near the zeros.
fn sin_rev(x: f64) -> f64 {
    let r = x - x.round(); // |r| <= 1/2, exact
    let t = r.abs().min(0.5 - r.abs()); // sin(2π|r|) = sin(2π(1/2 - |r|))
    (std::f64::consts::TAU * t).sin().copysign(r)
}

/// cos(2πx) = sin(2π(1/4 - |r|)).
fn cos_rev(x: f64) -> f64 {
    let r = (x - x.round()).abs();
    (std::f64::consts::TAU * (0.25 - r)).sin()
}

const NAN32: u32 = 0xffc0_0000;
const NAN16: u32 = 0xfe00;
const NAN64: u64 = 0xfff8_0000_0000_0000;

/// A transcendental f32 result from its f64 reference: flushed results, NaN and ±inf kept.
fn trans32(v: f64) -> Expect {
    let (a, b) = near32(v);
    Expect(ftz32(a) as u64, ftz32(b) as u64)
}

fn trans16(v: f64, mode: u32) -> Expect {
    let (a, b) = near16(v);
    Expect(out16(a, mode) as u64, out16(b, mode) as u64)
}

/// The shared float rules of the transcendental operations on one input, as f64, in a format
/// with NaN-quieting `quiet`, invalid NaN `nan` and sign bit `sign`: `Err(bits)` decides the
/// result, `Ok(v)` lets the operation compute.
fn special(v: f64, bits: u32, quiet: u32) -> Result<f64, u32> {
    if v.is_nan() {
        Err(bits | quiet)
    } else {
        Ok(v)
    }
}

/// The expected VDST (dwords 0..2 as one u64) of `op` on the input `x` (low dword, or the
/// 64-bit value for f64 sources).
fn reference(op: &str, a: Arch, mode: u32, x: u64) -> Option<Expect> {
    let x32 = x as u32;
    let e = Expect::exact;
    let f32in = f32::from_bits(in32(x32, mode));
    let f64in = f64::from_bits(in64(x, mode));
    let f16in = v16(in16(x32, mode));
    let o32 = |v: f32| e(out32(v.to_bits(), mode) as u64);
    let o64 = |v: f64| e(out64(v.to_bits(), mode));
    let o16 = |v: f64| e(out16(to16(v), mode) as u64);
    let q32 = |b: u32| e((b | 0x40_0000) as u64);
    let q64 = |b: u64| e(b | 0x8_0000_0000_0000);
    let q16 = |b: u32| e((b & 0xffff | 0x200) as u64);
    let tr = f32::from_bits(ftz32(x32)) as f64; // the f32 transcendental unit's input
    let tb = ftz32(x32);
    let b16 = in16(x32, mode);
    let gcn10 = a == Arch::Gcn10;
    Some(match op {
        "v_mov_b32" | "v_mov_fed_b32" => e(x32 as u64),
        "v_not_b32" => e(!x32 as u64),
        "v_bfrev_b32" => e((0..32).fold(0u32, |r, i| r | ((x32 >> i) & 1) << (31 - i)) as u64),
        "v_ffbh_u32" => e((0..32).rev().find(|i| x32 >> i & 1 != 0).map_or(u32::MAX, |i| 31 - i) as u64),
        "v_ffbl_b32" => e((0..32).find(|i| x32 >> i & 1 != 0).unwrap_or(u32::MAX) as u64),
        "v_ffbh_i32" => {
            let bit = if (x32 as i32) >= 0 { 1 } else { 0 };
            e((0..32).rev().find(|i| x32 >> i & 1 == bit).map_or(u32::MAX, |i| 31 - i) as u64)
        }
        "v_sat_pk_u8_i16" => {
            let s = |v: u32| (v as u16 as i16).clamp(0, 255) as u64;
            e(s(x32) | s(x32 >> 16) << 8)
        }
        "v_screen_partition_4se_b32" => return None, // table: hand-checked below
        // Integer → float.
        "v_cvt_f32_i32" => o32(x32 as i32 as f32),
        "v_cvt_f32_u32" => o32(x32 as f32),
        "v_cvt_f64_i32" => o64(x32 as i32 as f64),
        "v_cvt_f64_u32" => o64(x32 as f64),
        "v_cvt_f16_u16" => o16((x32 & 0xffff) as f64),
        "v_cvt_f16_i16" => o16(x32 as u16 as i16 as f64),
        "v_cvt_f32_ubyte0" => o32((x32 & 0xff) as f32),
        "v_cvt_f32_ubyte1" => o32((x32 >> 8 & 0xff) as f32),
        "v_cvt_f32_ubyte2" => o32((x32 >> 16 & 0xff) as f32),
        "v_cvt_f32_ubyte3" => o32((x32 >> 24) as f32),
        "v_cvt_off_f32_i4" => o32(((((x32 & 15) as i32) << 28 >> 28) as f32) / 16.0),
        // Float → integer: truncate, saturate, NaN → 0.
        "v_cvt_i32_f32" => e(if f32in.is_nan() {
            0
        } else {
            (f32in as f64).trunc().clamp(-2147483648.0, 2147483647.0) as i64 as u32 as u64
        }),
        "v_cvt_u32_f32" => e(if f32in.is_nan() {
            0
        } else {
            (f32in as f64).trunc().clamp(0.0, 4294967295.0) as u64
        }),
        "v_cvt_i32_f64" => e(if f64in.is_nan() {
            0
        } else {
            f64in.trunc().clamp(-2147483648.0, 2147483647.0) as i64 as u32 as u64
        }),
        "v_cvt_u32_f64" => e(if f64in.is_nan() {
            0
        } else {
            f64in.trunc().clamp(0.0, 4294967295.0) as u64
        }),
        "v_cvt_u16_f16" => e(if f16in.is_nan() {
            0
        } else {
            f16in.trunc().clamp(0.0, 65535.0) as u64
        }),
        "v_cvt_i16_f16" => e(if f16in.is_nan() {
            0
        } else {
            f16in.trunc().clamp(-32768.0, 32767.0) as i64 as u16 as u64
        }),
        "v_cvt_flr_i32_f32" | "v_cvt_rpi_i32_f32" => {
            let v = f32in as f64 + if op == "v_cvt_rpi_i32_f32" { 0.5 } else { 0.0 };
            e(if v.is_nan() {
                if x32 >> 31 != 0 {
                    0x8000_0000
                } else {
                    0x7fff_ffff
                }
            } else {
                v.floor().clamp(-2147483648.0, 2147483647.0) as i64 as u32 as u64
            })
        }
        "v_cvt_norm_i16_f16" => e(if f16in.is_nan() {
            0
        } else {
            (f16in.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i64 as u16 as u64
        }),
        "v_cvt_norm_u16_f16" => e(if f16in.is_nan() {
            0
        } else {
            (f16in.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u64
        }),
        // Float → float.
        "v_cvt_f32_f64" => {
            if f64in.is_nan() {
                e((((x >> 32) as u32 & 0x8000_0000) | 0x7fc0_0000 | (x >> 29) as u32 & 0x3f_ffff) as u64)
            } else {
                o32(f64in as f32)
            }
        }
        "v_cvt_f64_f32" => {
            if f32in.is_nan() {
                e((x & 0x8000_0000) << 32 | 0x7ff8_0000_0000_0000 | (x & 0x7f_ffff) << 29)
            } else {
                o64(f32in as f64)
            }
        }
        "v_cvt_f32_f16" => {
            // f16 denormal inputs kept on GCN 1.0/1.1/1.4, MODE on GCN 1.2.
            let b = if a == Arch::Gcn12 {
                in16(x32, mode)
            } else {
                x32 & 0xffff
            };
            if is_nan16(b) {
                e((((b & 0x8000) << 16) | 0x7fc0_0000 | (b & 0x3ff) << 13) as u64)
            } else {
                o32(v16(b) as f32)
            }
        }
        "v_cvt_f16_f32" => {
            let r = if f32in.is_nan() {
                ((x32 >> 16) & 0x8000) | 0x7e00 | (x32 >> 13) & 0x1ff
            } else {
                to16(f32in as f64)
            };
            e(if a.is_vi_plus() { out16(r, mode) } else { r } as u64)
        }
        // Rounding to integers.
        "v_trunc_f32" | "v_ceil_f32" | "v_floor_f32" | "v_rndne_f32" => {
            if f32in.is_nan() {
                return Some(q32(x32));
            }
            o32(match op {
                "v_trunc_f32" => f32in.trunc(),
                "v_ceil_f32" => f32in.ceil(),
                "v_floor_f32" => f32in.floor(),
                _ => f32in.round_ties_even(),
            })
        }
        "v_trunc_f64" | "v_ceil_f64" | "v_floor_f64" | "v_rndne_f64" => {
            if f64in.is_nan() {
                return Some(q64(x));
            }
            o64(match op {
                "v_trunc_f64" => f64in.trunc(),
                "v_ceil_f64" => f64in.ceil(),
                "v_floor_f64" => f64in.floor(),
                _ => f64in.round_ties_even(),
            })
        }
        "v_trunc_f16" | "v_ceil_f16" | "v_floor_f16" | "v_rndne_f16" => {
            if f16in.is_nan() {
                return Some(q16(x32));
            }
            o16(match op {
                "v_trunc_f16" => f16in.trunc(),
                "v_ceil_f16" => f16in.ceil(),
                "v_floor_f16" => f16in.floor(),
                _ => f16in.round_ties_even(),
            })
        }
        "v_fract_f32" => {
            if f32in.is_nan() {
                q32(x32)
            } else if f32in.is_infinite() {
                e(((x32 & 0x8000_0000) | 0x7fc0_0000) as u64)
            } else {
                let r = f32in - f32in.floor(); // f32 arithmetic: one rounding
                o32(if gcn10 { r } else { r.min(f32::from_bits(0x3f7f_ffff)) })
            }
        }
        "v_fract_f64" => {
            if f64in.is_nan() {
                q64(x)
            } else if f64in.is_infinite() {
                e((x & 0x8000_0000_0000_0000) | 0x7ff8_0000_0000_0000)
            } else {
                let r = f64in - f64in.floor();
                o64(if gcn10 {
                    r
                } else {
                    r.min(f64::from_bits(0x3fef_ffff_ffff_ffff))
                })
            }
        }
        "v_fract_f16" => {
            if f16in.is_nan() {
                q16(x32)
            } else if f16in.is_infinite() {
                e(((x32 & 0x8000) | 0x7e00) as u64)
            } else {
                o16((f16in - f16in.floor()).min(v16(0x3bff)))
            }
        }
        // frexp: x = m * 2^e, 0.5 <= |m| < 1.
        "v_frexp_exp_i32_f32" | "v_frexp_exp_i32_f64" | "v_frexp_exp_i16_f16" => {
            let v = match op {
                "v_frexp_exp_i32_f32" => f32in as f64,
                "v_frexp_exp_i32_f64" => f64in,
                _ => f16in,
            };
            let r: i32 = if !v.is_finite() {
                if gcn10 {
                    -1
                } else {
                    0
                }
            } else if v == 0.0 {
                0
            } else {
                // Halve or double (exact, also for denormals) into [0.5, 1).
                let (mut m, mut k) = (v.abs(), 0);
                while m >= 1.0 {
                    m /= 2.0;
                    k += 1;
                }
                while m < 0.5 {
                    m *= 2.0;
                    k -= 1;
                }
                k
            };
            e(if op.ends_with("f16") {
                r as u16 as u64
            } else {
                r as u32 as u64
            })
        }
        "v_frexp_mant_f32" | "v_frexp_mant_f64" | "v_frexp_mant_f16" => {
            let (v, nan) = match op {
                "v_frexp_mant_f32" => (f32in as f64, is_nan32(x32)),
                "v_frexp_mant_f64" => (f64in, is_nan64(x)),
                _ => (f16in, is_nan16(x32 & 0xffff)),
            };
            let m = if nan || v == 0.0 || v.is_infinite() {
                v
            } else {
                let mut m = v;
                while m.abs() >= 1.0 {
                    m /= 2.0;
                }
                while m.abs() < 0.5 {
                    m *= 2.0;
                }
                m
            };
            match op {
                "v_frexp_mant_f32" if nan => q32(x32),
                "v_frexp_mant_f32" if v.is_infinite() && gcn10 => e(NAN32 as u64),
                "v_frexp_mant_f32" => e((m as f32).to_bits() as u64),
                "v_frexp_mant_f64" if nan => q64(x),
                "v_frexp_mant_f64" if v.is_infinite() && gcn10 => e(NAN64),
                "v_frexp_mant_f64" => e(m.to_bits()),
                _ if nan => q16(x32),
                _ => e(to16(m) as u64),
            }
        }
        // The f32 transcendental unit: input and result flushed whatever MODE says.
        "v_exp_f32" | "v_exp_legacy_f32" => match special(tr, tb, 0x40_0000) {
            Err(b) => e(b as u64),
            Ok(v) if v < -126.0 => e(0),
            Ok(v) => trans32(v.exp2()),
        },
        "v_log_f32" | "v_log_legacy_f32" | "v_log_clamp_f32" => {
            let r = match special(tr, tb, 0x40_0000) {
                Err(b) => e(b as u64),
                Ok(0.0) => e(0xff80_0000),
                Ok(v) if v < 0.0 => e(NAN32 as u64),
                Ok(v) => trans32(v.log2()),
            };
            if op == "v_log_clamp_f32" && r.0 == 0xff80_0000 {
                e(0xff7f_ffff)
            } else {
                r
            }
        }
        "v_rcp_f32" | "v_rcp_iflag_f32" | "v_rcp_clamp_f32" | "v_rcp_legacy_f32" => {
            let r = match special(tr, tb, 0x40_0000) {
                Err(b) => e(b as u64),
                Ok(v) => e(ftz32((1.0f32 / v as f32).to_bits()) as u64),
            };
            let inf = r.0 & 0x7fff_ffff == 0x7f80_0000;
            match op {
                "v_rcp_clamp_f32" if inf => e((r.0 & 0x8000_0000) | 0x7f7f_ffff),
                "v_rcp_legacy_f32" if inf => e((tb & 0x8000_0000) as u64),
                _ => r,
            }
        }
        "v_rsq_f32" | "v_rsq_clamp_f32" | "v_rsq_legacy_f32" => {
            let r = match special(tr, tb, 0x40_0000) {
                Err(b) => e(b as u64),
                Ok(0.0) => e(((tb & 0x8000_0000) | 0x7f80_0000) as u64),
                Ok(v) if v < 0.0 => e(NAN32 as u64),
                Ok(v) => trans32(1.0 / v.sqrt()),
            };
            let inf = r.0 & 0x7fff_ffff == 0x7f80_0000;
            match op {
                "v_rsq_clamp_f32" if inf => e((r.0 & 0x8000_0000) | 0x7f7f_ffff),
                "v_rsq_legacy_f32" if r.0 == 0x7f80_0000 => e(0),
                _ => r,
            }
        }
        "v_sqrt_f32" => match special(tr, tb, 0x40_0000) {
            Err(b) => e(b as u64),
            Ok(v) if v < 0.0 => e(NAN32 as u64),
            Ok(v) => e(ftz32((v.sqrt() as f32).to_bits()) as u64),
        },
        "v_sin_f32" | "v_cos_f32" => match special(tr, tb, 0x40_0000) {
            Err(b) => e(b as u64),
            Ok(v) if v.is_infinite() => e(NAN32 as u64),
            Ok(v) if v.abs() > 256.0 => e(if op == "v_sin_f32" { 0 } else { 0x3f80_0000 }),
            Ok(v) if op == "v_sin_f32" && (2.0 * v).fract() == 0.0 => e((tb & 0x8000_0000) as u64),
            Ok(v) if op == "v_cos_f32" && (2.0 * v).fract() != 0.0 && (4.0 * v).fract() == 0.0 => e(0),
            Ok(v) => trans32(if op == "v_sin_f32" { sin_rev(v) } else { cos_rev(v) }),
        },
        // f16 transcendentals: MODE's denormal rules.
        "v_exp_f16" => match special(f16in, b16, 0x200) {
            Err(b) => e(b as u64),
            Ok(v) => trans16(v.exp2(), mode),
        },
        "v_log_f16" => match special(f16in, b16, 0x200) {
            Err(b) => e(b as u64),
            Ok(0.0) => e(0xfc00),
            Ok(v) if v < 0.0 => e(NAN16 as u64),
            Ok(v) => trans16(v.log2(), mode),
        },
        "v_rcp_f16" => match special(f16in, b16, 0x200) {
            Err(b) => e(b as u64),
            Ok(v) => o16(1.0 / v),
        },
        "v_sqrt_f16" => match special(f16in, b16, 0x200) {
            Err(b) => e(b as u64),
            Ok(v) if v < 0.0 => e(NAN16 as u64),
            Ok(v) => o16(v.sqrt()),
        },
        "v_rsq_f16" => match special(f16in, b16, 0x200) {
            Err(b) => e(b as u64),
            Ok(0.0) => e(((b16 & 0x8000) | 0x7c00) as u64),
            Ok(v) if v < 0.0 => e(NAN16 as u64),
            Ok(v) => trans16(1.0 / v.sqrt(), mode),
        },
        "v_sin_f16" | "v_cos_f16" => match special(f16in, b16, 0x200) {
            Err(b) => e(b as u64),
            Ok(v) if v.is_infinite() => e(NAN16 as u64),
            Ok(v) if v.abs() > 256.0 => e(if op == "v_sin_f16" { 0 } else { 0x3c00 }),
            Ok(v) if op == "v_sin_f16" && (2.0 * v).fract() == 0.0 => e(out16(b16 & 0x8000, mode) as u64),
            Ok(v) if op == "v_cos_f16" && (2.0 * v).fract() != 0.0 && (4.0 * v).fract() == 0.0 => e(0),
            Ok(v) => trans16(if op == "v_sin_f16" { sin_rev(v) } else { cos_rev(v) }, mode),
        },
        // f64: MODE's denormal rules; correctly rounded.
        "v_rcp_f64" | "v_rcp_clamp_f64" => {
            if f64in.is_nan() {
                return Some(q64(x));
            }
            let r = out64((1.0 / f64in).to_bits(), mode);
            e(
                if op == "v_rcp_clamp_f64" && r & 0x7fff_ffff_ffff_ffff == 0x7ff0_0000_0000_0000 {
                    (r & 0x8000_0000_0000_0000) | 0x7fef_ffff_ffff_ffff
                } else {
                    r
                },
            )
        }
        "v_sqrt_f64" => {
            if f64in.is_nan() {
                q64(x)
            } else if f64in < 0.0 {
                e(NAN64)
            } else {
                o64(f64in.sqrt())
            }
        }
        "v_rsq_f64" | "v_rsq_clamp_f64" => {
            let r = if f64in.is_nan() {
                x | 0x8_0000_0000_0000
            } else if f64in == 0.0 {
                (in64(x, mode) & 0x8000_0000_0000_0000) | 0x7ff0_0000_0000_0000
            } else if f64in < 0.0 {
                NAN64
            } else {
                // Correctly rounded: 1/sqrt in f64 may be an ulp off; take the neighbour
                // whose square times x is nearest 1 (computed in f64: fine for these inputs).
                let y = 1.0 / f64in.sqrt();
                out64(y.to_bits(), mode)
            };
            let r = if op == "v_rsq_clamp_f64" && r & 0x7fff_ffff_ffff_ffff == 0x7ff0_0000_0000_0000 {
                (r & 0x8000_0000_0000_0000) | 0x7fef_ffff_ffff_ffff
            } else {
                r
            };
            // The f64 estimate is within an ulp: allow its neighbours (exactness is checked on
            // the mpmath cases of `rsq_f64_is_correctly_rounded`).
            if is_nan64(r) || r & 0x7fff_ffff_ffff_ffff >= 0x7fef_ffff_ffff_ffff || r & 0x7fff_ffff_ffff_ffff == 0 {
                e(r)
            } else {
                Expect(r - 1, r + 1)
            }
        }
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// The sweep

const VAL32: [u32; 80] = [
    0,
    0x8000_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x3f00_0000,
    0xbf00_0000,
    0x3fc0_0000,
    0xbfc0_0000,
    0x4020_0000,
    0xc020_0000,
    0x3e80_0000,
    0x3f40_0000,
    0x4040_0000,
    0x437f_8000,
    0x4380_0000,
    0x4380_8000,
    0xc380_2000,
    0x0001_16c2,
    0x8001_16c2,
    0x0080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7f80_0001,
    0xffc0_0001,
    0x4f00_0000,
    0xcf00_0000,
    0x4f80_0000,
    0x4f7f_ffff,
    0x3eff_ffff,
    0xbeff_ffff,
    0x0da2_4260,
    0x42fc_0000,
    0x4300_0000,
    0xc2fc_0000,
    0xc2fd_0000,
    0xc315_0000,
    0x7fff_ffff,
    0x1234_5678,
    0x0000_ff00,
    0xffff_ffff,
    0x8000_0001,
    0x0000_0001,
    0x0000_7fff,
    0x0000_ffff,
    0x0001_8000,
    0x7fff_8000,
    0x8000_ffff,
    0xc2fb_ffff,
    0xb3b8_aa3b,
    0x3dcc_cccd,
    0xbdcc_cccd,
    0x4228_0000,
    0x3fb5_04f3,
    0x3c00_0000,
    0x3380_0000,
    0xb380_0000,
    0x4120_0000,
    0xc120_0000,
    0x3f7f_ffff,
    0xbf7f_ffff,
    0x7eff_ffff,
    0x0040_0000,
    0x807f_ffff,
    0x3eaa_aaab,
    0x4b00_0001,
    0xcb7f_ffff,
    0x4eff_ffff,
    0xcf00_0001,
    0x5f80_0000,
    0x447a_0000,
    0xc47a_0000,
    0x3ec0_0000,
    0xbf20_0000,
    0x4e80_0001,
    0x3e00_0000,
    0x7e80_0000,
    0x3fff_ffff,
];

const VAL64: [u64; 52] = [
    0,
    0x8000_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3fe0_0000_0000_0000,
    0xbfe0_0000_0000_0000,
    0x3ff8_0000_0000_0000,
    0xbff8_0000_0000_0000,
    0x4004_0000_0000_0000,
    0xc004_0000_0000_0000,
    0x3fd0_0000_0000_0000,
    0x4008_0000_0000_0000,
    0x41df_ffff_ffc0_0000, // 2147483647
    0x41df_ffff_ffe0_0000, // 2147483647.5
    0x41e0_0000_0000_0000, // 2^31
    0xc1e0_0000_0000_0000, // -2^31
    0xc1e0_0000_0010_0000, // -2147483648.5
    0xc1e0_0000_0020_0000, // -2147483649
    0x41ef_ffff_ffe0_0000, // 4294967295
    0x41ef_ffff_fffc_cccd, // 4294967295.9
    0x41f0_0000_0000_0000, // 2^32
    0xbfec_cccc_cccc_cccd, // -0.9
    0x0000_1268_8b70_e62b, // 1e-310 (denormal)
    0x8000_1268_8b70_e62b,
    0x0010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff0_0000_0000_0001,
    0xfff8_0000_1234_5678,
    0x7e37_e43c_8800_759c, // 1e300
    0x01a5_6e1f_c2f8_f359, // 1e-300
    0x47ef_ffff_f000_0000, // f32 max + half an ulp (ties to +inf)
    0x47ef_ffff_efff_ffff, // just below it
    0x36a0_0000_0000_0000, // f32's smallest denormal
    0x3690_0000_0000_0000, // half of it (ties to 0)
    0x3698_0000_0000_0000, // 3/4 of it
    0x380f_ffff_c000_0000, // an f32 denormal
    0x3fb9_9999_9999_999a, // 0.1
    0xbfb9_9999_9999_999a,
    0x432f_ffff_ffff_ffff, // 2^52 - 0.5... (4503599627370495.5)
    0x3fef_ffff_ffff_ffff, // 1 - 2^-53
    0xbc30_0000_0000_0000, // -2^-60
    0x40fe_240c_9fbe_76c9, // 123456.789
    0xc0fe_240c_9fbe_76c9,
    0x7fe0_0000_0000_0000, // 2^1023
    0x0000_0000_0000_0001, // 2^-1074
    0x4330_0000_0000_0001, // 2^52 + 1
    0x3fe0_0000_0000_0001, // 0.5 + ulp
    0xc330_0000_0000_0000, // -2^52
];

const VAL16: [u16; 56] = [
    0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0xb800, 0x3e00, 0xbe00, 0x4100, 0xc100, 0x3400, 0x3a00, 0x5c00, 0x5c04, 0xdc02,
    0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe01, 0x7800, 0xf800,
    0x77ff, 0xf801, 0x3555, 0x2e66, 0xae66, 0x4d00, 0x4c00, 0xcb80, 0xce40, 0xce80, 0x3bff, 0xbbff, 0x1400, 0x9400,
    0x0200, 0x5640, 0xd640, 0x7000, 0x3c01, 0xc400, 0x4a00, 0x3200, 0xb200, 0x5bf8, 0x2c00, 0x0ab3, 0x7a00,
];

/// The rows the sweep covers: one source, one VGPR result, no executor specials.
fn sweep_rows() -> Vec<&'static InstrDef> {
    let special = [
        "v_movreld_b32",
        "v_movrels_b32",
        "v_movrelsd_b32",
        "v_swap_b32",
        "v_writelane_regwr_b32",
        "v_mov_prsv_b32",
        "v_screen_partition_4se_b32",
    ];
    isa()
        .defs
        .iter()
        .filter(|d| d.short == Short::Vop1 && d.form == Form::Un)
        .filter(|d| !special.iter().any(|s| d.name.contains(s)))
        .collect()
}

/// Register operand text for a width.
fn reg(r: usize, t: Ty) -> String {
    if t.regs() == 2 {
        format!("v[{r}:{}]", r + 1)
    } else {
        format!("v{r}")
    }
}

/// Runs one row on one arch/encoding/MODE over its value list; returns the mismatches.
fn sweep_one(d: &InstrDef, a: Arch, vop3: bool, mode: u32) -> (usize, Vec<String>) {
    let name = d.name[a.index()];
    let text = format!(
        "{name} {}, {}{}",
        reg(10, d.dst),
        reg(2, d.src[0]),
        if vop3 { " vop3" } else { "" }
    );
    let i = asm(a, &text);
    let inputs: Vec<u64> = match d.src[0] {
        t if t.regs() == 2 => VAL64.to_vec(),
        t if t.is_16() => VAL16
            .iter()
            .enumerate()
            .map(|(k, &v)| (0xdead_0000u64 * (k as u64 & 1)) | v as u64)
            .collect(),
        _ => VAL32.iter().map(|&v| v as u64).collect(),
    };
    let mut bad = Vec::new();
    let mut n = 0;
    for chunk in inputs.chunks(64) {
        let mut w = wave(a, mode);
        for lane in 0..64 {
            let x = chunk[lane % chunk.len()];
            w.v[2][lane] = x as u32;
            w.v[3][lane] = (x >> 32) as u32;
            w.v[10][lane] = 0xdead_beef;
            w.v[11][lane] = 0xdead_beef;
        }
        exec_i(&mut w, &i, &text);
        for (lane, &x) in chunk.iter().enumerate() {
            let got = if d.dst.regs() == 2 {
                w.v[10][lane] as u64 | (w.v[11][lane] as u64) << 32
            } else {
                w.v[10][lane] as u64
            };
            let Some(want) = reference(name, a, mode, x) else {
                return (0, bad);
            };
            n += 1;
            if !want.ok(got) {
                bad.push(format!(
                    "{a} mode {mode:#x}: `{text}` x={x:#x}: got {got:#x}, want {:#x}",
                    want.0
                ));
            }
        }
    }
    (n, bad)
}

#[test]
fn every_row_against_the_reference() {
    let mut bad = Vec::new();
    let mut checked = 0;
    let mut rows = 0;
    for d in sweep_rows() {
        let mut covered = false;
        for a in Arch::ALL.into_iter().filter(|a| d.exists_on(*a)) {
            for vop3 in [false, true] {
                for mode in [0x00, 0x30, 0xc0, 0xf0] {
                    let (n, b) = sweep_one(d, a, vop3, mode);
                    covered |= n > 0;
                    checked += n;
                    bad.extend(b);
                }
            }
        }
        rows += covered as usize;
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(40)].join("\n")
    );
    assert!(rows >= 80, "{rows} rows swept");
    assert!(checked > 100_000, "{checked} lane results");
    eprintln!("{rows} rows, {checked} lane results checked");
}

// ---------------------------------------------------------------------------------------------
// Near ties, correctly rounded with mpmath (200 bits): the emulator must match exactly.

const HARD: [(&str, u32, u32); 40] = [
    ("v_exp_f32", 0xb52d1f9a, 0x3f7ffff8),
    ("v_exp_f32", 0xbcf3a937, 0x3f7ac6b1),
    ("v_exp_f32", 0x3b429d37, 0x3f804385),
    ("v_exp_f32", 0xb8d3d026, 0x3f7ffb69),
    ("v_exp_f32", 0xbaec2b40, 0x3f7fae34),
    ("v_exp_f32", 0x3a07857c, 0x3f800bbe),
    ("v_exp_f32", 0x3c02a9ad, 0x3f80b5a3),
    ("v_exp_f32", 0x36879cf7, 0x3f800018),
    ("v_log_f32", 0x3ea07ab9, 0xbfd63da2),
    ("v_log_f32", 0x40207ab9, 0x3fa9c25e),
    ("v_log_f32", 0x00914a90, 0xc2fba268),
    ("v_log_f32", 0x01114a90, 0xc2f9a268),
    ("v_log_f32", 0x01914a90, 0xc2f7a268),
    ("v_log_f32", 0x02114a90, 0xc2f5a268),
    ("v_log_f32", 0x02914a90, 0xc2f3a268),
    ("v_log_f32", 0x03114a90, 0xc2f1a268),
    ("v_sin_f32", 0x3d7d7f58, 0x3ec21dd8),
    ("v_sin_f32", 0x3ee05015, 0x3ec21dd8),
    ("v_sin_f32", 0xbd7d7f58, 0xbec21dd8),
    ("v_sin_f32", 0xbee05015, 0xbec21dd8),
    ("v_sin_f32", 0x34654db5, 0x35b41836),
    ("v_sin_f32", 0xb4654db5, 0xb5b41836),
    ("v_sin_f32", 0x37eacaf6, 0x393867e5),
    ("v_sin_f32", 0xb7eacaf6, 0xb93867e5),
    ("v_cos_f32", 0x3e40a02a, 0x3ec21dd8),
    ("v_cos_f32", 0x3e9fafeb, 0xbec21dd8),
    ("v_cos_f32", 0xbe40a02a, 0x3ec21dd8),
    ("v_cos_f32", 0xbe9fafeb, 0xbec21dd8),
    ("v_cos_f32", 0x390721a7, 0x3f7ffffb),
    ("v_cos_f32", 0xb90721a7, 0x3f7ffffb),
    ("v_cos_f32", 0x3e711467, 0x3dbb3b76),
    ("v_cos_f32", 0xbe711467, 0x3dbb3b76),
    // Reciprocal square roots (mpmath), f32.
    ("v_rsq_f32", 0x3f800001, 0x3f7fffff),
    ("v_rsq_f32", 0x40000000, 0x3f3504f3),
    ("v_rsq_f32", 0x40400000, 0x3f13cd3a),
    ("v_rsq_f32", 0x00800000, 0x5f000000),
    ("v_rsq_f32", 0x7f7fffff, 0x1f800000),
    ("v_rsq_f32", 0x3e99999a, 0x3fe9b1e8),
    ("v_rsq_f32", 0x4b7fffff, 0x39800000),
    ("v_rsq_f32", 0x4effffff, 0x37b504f4),
];

#[test]
fn near_ties_are_correctly_rounded() {
    for (op, x, want) in HARD {
        for a in archs_of(op) {
            for mode in [0xc0, 0xf0] {
                let got = v10(a, mode, &format!("{} v10, v2", row(op).name[a.index()]), x);
                assert_eq!(got, want, "{a}: {op}({x:#010x}) = {got:#010x}, mpmath: {want:#010x}");
            }
        }
    }
}

#[test]
fn rsq_f64_is_correctly_rounded() {
    // mpmath (200 bits), rounded to nearest.
    let cases: [(u64, u64); 6] = [
        (0x4000_0000_0000_0000, 0x3fe6_a09e_667f_3bcd), // 1/sqrt(2)
        (0x4008_0000_0000_0000, 0x3fe2_79a7_4590_331c), // 1/sqrt(3)
        (0x3ff0_0000_0000_0001, 0x3fef_ffff_ffff_ffff), // 1/sqrt(1 + ulp)
        (0x7fef_ffff_ffff_ffff, 0x1ff0_0000_0000_0000), // 1/sqrt(max)
        (0x0000_0000_0000_0001, 0x6180_0000_0000_0000), // 1/sqrt(2^-1074)
        (0x4024_0000_0000_0000, 0x3fd4_3d13_6248_490f), // 1/sqrt(10)
    ];
    for (x, want) in cases {
        for a in Arch::ALL {
            let got = v10_64(a, 0xf0, "v_rsq_f64 v[10:11], v[2:3]", x);
            assert_eq!(got, want, "{a}: rsq({x:#x}) = {got:#x}, mpmath {want:#x}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Availability per arch

#[test]
fn rows_exist_where_the_table_says() {
    for d in isa().defs.iter().filter(|d| d.short == Short::Vop1) {
        for a in Arch::ALL {
            let n = d.name.iter().find(|n| !n.is_empty()).unwrap();
            let text = match d.form {
                Form::Nop => n.to_string(),
                Form::ReadFirstLane => format!("{n} s5, v2"),
                _ => format!("{n} {}, {}", reg(10, d.dst), reg(2, d.src[0])),
            };
            let words = gcnkit::asm::assemble_one(a, gcnkit::asm::Dialect::Clrx, &text);
            assert_eq!(words.is_ok(), d.exists_on(a), "{a}: `{text}`");
            if let Ok(w) = words {
                let i = gcnkit::decode::decode(a, &w).unwrap();
                assert!(
                    std::ptr::eq(i.def().unwrap(), d),
                    "{a}: `{text}` decodes to another row"
                );
            }
        }
    }
    // A few of the generation-specific ones by name.
    assert_eq!(archs_of("v_trunc_f64"), [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14]);
    assert_eq!(archs_of("v_rcp_clamp_f32"), [Arch::Gcn10, Arch::Gcn11]);
    assert_eq!(archs_of("v_log_legacy_f32"), [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14]);
    assert_eq!(archs_of("v_rcp_f16"), [Arch::Gcn12, Arch::Gcn14]);
    assert_eq!(archs_of("v_movrels_b32"), [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12]);
    assert_eq!(archs_of("v_swap_b32"), [Arch::Gcn14]);
    assert_eq!(archs_of("v_sat_pk_u8_i16"), [Arch::Gcn14]);
}

// ---------------------------------------------------------------------------------------------
// Hand-worked values

#[test]
fn moves_and_bits() {
    for a in Arch::ALL {
        assert_eq!(v10(a, 0xc0, "v_mov_b32 v10, v2", 0x1234_5678), 0x1234_5678);
        assert_eq!(v10(a, 0xc0, "v_mov_b32 v10, -1", 0), 0xffff_ffff);
        assert_eq!(v10(a, 0xc0, "v_mov_b32 v10, 0.5", 0), 0x3f00_0000);
        assert_eq!(v10(a, 0xc0, "v_mov_b32 v10, 0x12345", 0), 0x12345);
        assert_eq!(v10(a, 0xc0, "v_mov_fed_b32 v10, v2", 7), 7);
        assert_eq!(v10(a, 0xc0, "v_not_b32 v10, v2", 0x0f0f_0000), 0xf0f0_ffff);
        assert_eq!(v10(a, 0xc0, "v_bfrev_b32 v10, v2", 1), 0x8000_0000);
        assert_eq!(v10(a, 0xc0, "v_bfrev_b32 v10, v2", 0x1234_5678), 0x1e6a_2c48);
        assert_eq!(v10(a, 0xc0, "v_ffbh_u32 v10, v2", 0), 0xffff_ffff);
        assert_eq!(v10(a, 0xc0, "v_ffbh_u32 v10, v2", 1), 31);
        assert_eq!(v10(a, 0xc0, "v_ffbh_u32 v10, v2", 0x8000_0000), 0);
        assert_eq!(v10(a, 0xc0, "v_ffbl_b32 v10, v2", 0), 0xffff_ffff);
        assert_eq!(v10(a, 0xc0, "v_ffbl_b32 v10, v2", 0x0010_0000), 20);
        assert_eq!(v10(a, 0xc0, "v_ffbh_i32 v10, v2", 0), 0xffff_ffff);
        assert_eq!(v10(a, 0xc0, "v_ffbh_i32 v10, v2", 0xffff_ffff), 0xffff_ffff);
        assert_eq!(v10(a, 0xc0, "v_ffbh_i32 v10, v2", 0x4000_0000), 1);
        assert_eq!(v10(a, 0xc0, "v_ffbh_i32 v10, v2", 0xbfff_ffff), 1);
        assert_eq!(v10(a, 0xc0, "v_ffbh_i32 v10, v2", 1), 31);
        assert_eq!(v10(a, 0xc0, "v_ffbh_i32 v10, v2", 0xffff_fffe), 31);
        assert_eq!(v10(a, 0xc0, "v_ffbh_i32 v10, v2", 0x8000_0000), 1);
    }
    let a = Arch::Gcn14;
    assert_eq!(v10(a, 0xc0, "v_sat_pk_u8_i16 v10, v2", 0x0100_ff80), 0xff00); // 256 → 255, -128 → 0
    assert_eq!(v10(a, 0xc0, "v_sat_pk_u8_i16 v10, v2", 0x007f_0042), 0x7f42);
    assert_eq!(v10(a, 0xc0, "v_sat_pk_u8_i16 v10, v2", 0x8000_7fff), 0x00ff);
    // The screen partition table: first, last and a few entries between.
    for (x, want) in [
        (0, 1),
        (1, 3),
        (3, 0xf),
        (4, 5),
        (0x11, 2),
        (0x22, 4),
        (0x33, 8),
        (0x66, 1),
        (0xfe, 0xf),
        (0xff, 1),
        (0x1ff, 1),
    ] {
        assert_eq!(
            v10(a, 0xc0, "v_screen_partition_4se_b32 v10, v2", x),
            want,
            "table[{x:#x}]"
        );
    }
}

#[test]
fn integer_float_conversions() {
    for a in Arch::ALL {
        let m = 0xc0;
        assert_eq!(v10(a, m, "v_cvt_f32_i32 v10, v2", -3i32 as u32), f(-3.0));
        assert_eq!(v10(a, m, "v_cvt_f32_i32 v10, v2", 0x7fff_ffff), f(2147483648.0));
        assert_eq!(v10(a, m, "v_cvt_f32_i32 v10, v2", 16_777_217), f(16_777_216.0)); // tie → even
        assert_eq!(v10(a, m, "v_cvt_f32_i32 v10, v2", 16_777_219), f(16_777_220.0)); // tie → even
        assert_eq!(v10(a, m, "v_cvt_f32_u32 v10, v2", 0xffff_ffff), f(4294967296.0));
        assert_eq!(v10(a, m, "v_cvt_i32_f32 v10, v2", f(-2.9)), -2i32 as u32);
        assert_eq!(v10(a, m, "v_cvt_i32_f32 v10, v2", f(3e9)), 0x7fff_ffff);
        assert_eq!(v10(a, m, "v_cvt_i32_f32 v10, v2", f(-3e9)), 0x8000_0000);
        assert_eq!(v10(a, m, "v_cvt_i32_f32 v10, v2", 0x7fc0_0000), 0);
        assert_eq!(v10(a, m, "v_cvt_i32_f32 v10, v2", 0xff80_0000), 0x8000_0000);
        assert_eq!(v10(a, m, "v_cvt_u32_f32 v10, v2", f(-1.5)), 0);
        assert_eq!(v10(a, m, "v_cvt_u32_f32 v10, v2", f(4294967040.0)), 4294967040);
        assert_eq!(v10(a, m, "v_cvt_u32_f32 v10, v2", 0x7f80_0000), 0xffff_ffff);
        assert_eq!(v10(a, m, "v_cvt_u32_f32 v10, v2", 0xffc0_0000), 0);
        // FLR/RPI: floor; NaN saturates by its sign (CLRX).
        assert_eq!(v10(a, m, "v_cvt_flr_i32_f32 v10, v2", f(-0.5)), -1i32 as u32);
        assert_eq!(v10(a, m, "v_cvt_flr_i32_f32 v10, v2", f(2.99)), 2);
        assert_eq!(v10(a, m, "v_cvt_flr_i32_f32 v10, v2", 0x7fc0_0000), 0x7fff_ffff);
        assert_eq!(v10(a, m, "v_cvt_flr_i32_f32 v10, v2", 0xffc0_0000), 0x8000_0000);
        assert_eq!(v10(a, m, "v_cvt_rpi_i32_f32 v10, v2", f(2.5)), 3);
        assert_eq!(v10(a, m, "v_cvt_rpi_i32_f32 v10, v2", f(-2.5)), -2i32 as u32);
        assert_eq!(v10(a, m, "v_cvt_rpi_i32_f32 v10, v2", f(-2.5000002)), -3i32 as u32);
        assert_eq!(v10(a, m, "v_cvt_rpi_i32_f32 v10, v2", 0x3eff_ffff), 0); // 0.49999997 + 0.5 < 1 exactly
        assert_eq!(v10(a, m, "v_cvt_rpi_i32_f32 v10, v2", f(3e9)), 0x7fff_ffff);
        // f64.
        assert_eq!(
            v10_64(a, m, "v_cvt_f64_i32 v[10:11], v2", (-7i32) as u32 as u64),
            d(-7.0)
        );
        assert_eq!(v10_64(a, m, "v_cvt_f64_u32 v[10:11], v2", 0xffff_ffff), d(4294967295.0));
        let i32f64 = |x: f64| {
            let mut w = wave_with(a, m, &[(2, d(x) as u32), (3, (d(x) >> 32) as u32)]);
            run(&mut w, "v_cvt_i32_f64 v10, v[2:3]");
            w.v[10][0]
        };
        assert_eq!(i32f64(-2147483648.9), 0x8000_0000);
        assert_eq!(i32f64(2147483647.9), 0x7fff_ffff);
        assert_eq!(i32f64(-1e300), 0x8000_0000);
        assert_eq!(i32f64(f64::NAN), 0);
        assert_eq!(i32f64(-0.99), 0);
        // Bytes and the 4-bit offset.
        assert_eq!(v10(a, m, "v_cvt_f32_ubyte0 v10, v2", 0x1122_33ff), f(255.0));
        assert_eq!(v10(a, m, "v_cvt_f32_ubyte1 v10, v2", 0x1122_33ff), f(51.0));
        assert_eq!(v10(a, m, "v_cvt_f32_ubyte2 v10, v2", 0x1122_33ff), f(34.0));
        assert_eq!(v10(a, m, "v_cvt_f32_ubyte3 v10, v2", 0x1122_33ff), f(17.0));
        assert_eq!(v10(a, m, "v_cvt_off_f32_i4 v10, v2", 7), f(0.4375));
        assert_eq!(v10(a, m, "v_cvt_off_f32_i4 v10, v2", 8), f(-0.5));
        assert_eq!(v10(a, m, "v_cvt_off_f32_i4 v10, v2", 0xfff0), 0);
        assert_eq!(v10(a, m, "v_cvt_off_f32_i4 v10, v2", 15), f(-0.0625));
    }
    for a in [Arch::Gcn12, Arch::Gcn14] {
        let m = 0xc0;
        assert_eq!(v10(a, m, "v_cvt_f16_u16 v10, v2", 0xdead_ffff), 0x7c00); // 65535 → inf
        assert_eq!(v10(a, m, "v_cvt_f16_u16 v10, v2", 2049), h(2048.0)); // tie → even
        assert_eq!(v10(a, m, "v_cvt_f16_i16 v10, v2", 0x0000_8000), h(-32768.0));
        assert_eq!(v10(a, m, "v_cvt_u16_f16 v10, v2", 0xffff_0000 | h(65504.0)), 65504);
        assert_eq!(v10(a, m, "v_cvt_u16_f16 v10, v2", h(-3.5)), 0);
        assert_eq!(v10(a, m, "v_cvt_u16_f16 v10, v2", 0x7c00), 0xffff);
        assert_eq!(v10(a, m, "v_cvt_i16_f16 v10, v2", h(-3.75)), 0xfffd); // zero-extended
        assert_eq!(v10(a, m, "v_cvt_i16_f16 v10, v2", h(40000.0)), 0x7fff);
        assert_eq!(v10(a, m, "v_cvt_i16_f16 v10, v2", 0xfc00), 0x8000);
        assert_eq!(v10(a, m, "v_cvt_i16_f16 v10, v2", 0x7e00), 0);
    }
    let a = Arch::Gcn14;
    assert_eq!(v10(a, 0xc0, "v_cvt_norm_i16_f16 v10, v2", h(0.5)), 16384); // 16383.5 → even
    assert_eq!(
        v10(a, 0xc0, "v_cvt_norm_i16_f16 v10, v2", h(-2.0)),
        (-32767i16) as u16 as u32
    );
    assert_eq!(v10(a, 0xc0, "v_cvt_norm_u16_f16 v10, v2", h(1.0)), 65535);
    assert_eq!(v10(a, 0xc0, "v_cvt_norm_u16_f16 v10, v2", h(-1.0)), 0);
    assert_eq!(v10(a, 0xc0, "v_cvt_norm_u16_f16 v10, v2", 0x7e00), 0);
}

#[test]
fn float_conversions_and_their_denormal_rules() {
    for a in Arch::ALL {
        // f64 → f32: nearest even, overflow to inf, f32 denormal results by MODE.
        let f32f64 = |mode: u32, x: u64| {
            let mut w = wave_with(a, mode, &[(2, x as u32), (3, (x >> 32) as u32)]);
            run(&mut w, "v_cvt_f32_f64 v10, v[2:3]");
            w.v[10][0]
        };
        assert_eq!(f32f64(0xc0, d(0.1)), f(0.1));
        assert_eq!(f32f64(0xc0, 0x47ef_ffff_f000_0000), 0x7f80_0000); // max + half ulp → inf
        assert_eq!(f32f64(0xc0, 0x47ef_ffff_efff_ffff), 0x7f7f_ffff);
        assert_eq!(f32f64(0xc0, d(1e-40)), 0); // f32 denormal flushed (MODE[5] = 0)
        assert_eq!(f32f64(0xf0, d(1e-40)), f(1e-40));
        assert_eq!(f32f64(0xf0, 0x3690_0000_0000_0000), 0); // half the smallest denormal: tie → 0
        assert_eq!(f32f64(0xf0, 0xfff8_1234_0000_0000), 0xffc0_91a0); // payload's top bits kept
                                                                      // f32 → f64, exact; f32 denormal inputs by MODE[4].
        assert_eq!(
            v10_64(a, 0xf0, "v_cvt_f64_f32 v[10:11], v2", f(1e-40) as u64),
            d(f32::from_bits(f(1e-40)) as f64)
        );
        assert_eq!(v10_64(a, 0xc0, "v_cvt_f64_f32 v[10:11], v2", f(-1e-40) as u64), d(-0.0));
        assert_eq!(
            v10_64(a, 0xc0, "v_cvt_f64_f32 v[10:11], v2", 0x7f80_0001),
            0x7ff8_0000_2000_0000
        );
        // f32 → f16.
        assert_eq!(v10(a, 0xc0, "v_cvt_f16_f32 v10, v2", f(65520.0)), 0x7c00);
        assert_eq!(v10(a, 0xc0, "v_cvt_f16_f32 v10, v2", f(65519.996)), 0x7bff);
        assert_eq!(v10(a, 0xc0, "v_cvt_f16_f32 v10, v2", f(1.0 + 1.0 / 2048.0)), 0x3c00); // tie → even
        assert_eq!(v10(a, 0xc0, "v_cvt_f16_f32 v10, v2", f(-1e-6)), 0x8011); // f16 denormal result
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_f16 v10, v2", 0xffff_3e00), f(1.5));
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_f16 v10, v2", 0x0001), f(2f32.powi(-24)));
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_f16 v10, v2", 0xfd00), 0xffe0_0000); // sNaN quieted
    }
    // Inline constants: f16 values on GCN 1.2+; on GCN 1.0/1.1 (no f16 constants) the 32-bit
    // pattern, whose low half V_CVT_F32_F16 reads (1.0 = 0x3f800000 → 0.0, -1 → 0xffff → NaN).
    for (a, one, minus_one) in [
        (Arch::Gcn10, 0, 0xffff_e000),
        (Arch::Gcn11, 0, 0xffff_e000),
        (Arch::Gcn12, f(1.0), 0xffff_e000),
        (Arch::Gcn14, f(1.0), 0xffff_e000),
    ] {
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_f16 v10, 1.0", 0), one, "{a}");
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_f16 v10, -1", 0), minus_one, "{a}");
    }
    // MODE[7:6] = 0 (f16 denormals flushed): GCN 1.0/1.1 keep them in both conversions, GCN 1.2
    // follows MODE both ways, GCN 1.4 keeps f16 denormal inputs of V_CVT_F32_F16.
    let tiny = f(-1e-6);
    assert_eq!(v10(Arch::Gcn10, 0x30, "v_cvt_f16_f32 v10, v2", tiny), 0x8011);
    assert_eq!(v10(Arch::Gcn11, 0x30, "v_cvt_f16_f32 v10, v2", tiny), 0x8011);
    assert_eq!(v10(Arch::Gcn12, 0x30, "v_cvt_f16_f32 v10, v2", tiny), 0x8000);
    assert_eq!(v10(Arch::Gcn14, 0x30, "v_cvt_f16_f32 v10, v2", tiny), 0x8000);
    let den = 0x0011;
    for (a, want) in [
        (Arch::Gcn10, f(17.0 * 2f32.powi(-24))),
        (Arch::Gcn11, f(17.0 * 2f32.powi(-24))),
        (Arch::Gcn12, 0),
        (Arch::Gcn14, f(17.0 * 2f32.powi(-24))),
    ] {
        assert_eq!(v10(a, 0x30, "v_cvt_f32_f16 v10, v2", den), want, "{a}");
    }
}

#[test]
fn rounding_fract_and_frexp() {
    for a in Arch::ALL {
        let m = 0xc0;
        assert_eq!(v10(a, m, "v_trunc_f32 v10, v2", f(-2.7)), f(-2.0));
        assert_eq!(v10(a, m, "v_trunc_f32 v10, v2", f(-0.7)), f(-0.0));
        assert_eq!(v10(a, m, "v_ceil_f32 v10, v2", f(-0.5)), f(-0.0));
        assert_eq!(v10(a, m, "v_ceil_f32 v10, v2", f(1.000_000_1)), f(2.0));
        assert_eq!(v10(a, m, "v_floor_f32 v10, v2", f(-0.1)), f(-1.0));
        assert_eq!(v10(a, m, "v_rndne_f32 v10, v2", f(2.5)), f(2.0));
        assert_eq!(v10(a, m, "v_rndne_f32 v10, v2", f(3.5)), f(4.0));
        assert_eq!(v10(a, m, "v_rndne_f32 v10, v2", f(-0.5)), f(-0.0));
        assert_eq!(v10(a, m, "v_floor_f32 v10, v2", 0x7f80_0001), 0x7fc0_0001);
        // A denormal input: kept (ceil → 1.0) or flushed (ceil → 0) by MODE[4].
        assert_eq!(v10(a, 0xf0, "v_ceil_f32 v10, v2", 1), f(1.0));
        assert_eq!(v10(a, 0xc0, "v_ceil_f32 v10, v2", 1), 0);
        // FRACT.
        assert_eq!(v10(a, m, "v_fract_f32 v10, v2", f(-1.25)), f(0.75));
        assert_eq!(v10(a, m, "v_fract_f32 v10, v2", f(5.5)), f(0.5));
        assert_eq!(v10(a, m, "v_fract_f32 v10, v2", 0xff80_0000), 0xffc0_0000);
        assert_eq!(v10(a, m, "v_fract_f32 v10, v2", 0x7f80_0000), 0x7fc0_0000);
        let tiny_neg = f(-1e-10);
        let want = if a == Arch::Gcn10 { f(1.0) } else { 0x3f7f_ffff };
        assert_eq!(v10(a, m, "v_fract_f32 v10, v2", tiny_neg), want, "{a}: fract(-1e-10)");
        let want = if a == Arch::Gcn10 {
            d(1.0)
        } else {
            0x3fef_ffff_ffff_ffff
        };
        assert_eq!(
            v10_64(a, m, "v_fract_f64 v[10:11], v[2:3]", d(-1e-20)),
            want,
            "{a}: fract(-1e-20)"
        );
        assert_eq!(v10_64(a, m, "v_fract_f64 v[10:11], v[2:3]", d(-2.25)), d(0.75));
        // FREXP.
        assert_eq!(v10(a, m, "v_frexp_mant_f32 v10, v2", f(-12.0)), f(-0.75));
        assert_eq!(v10(a, m, "v_frexp_exp_i32_f32 v10, v2", f(-12.0)), 4);
        assert_eq!(v10(a, m, "v_frexp_exp_i32_f32 v10, v2", f(0.5)), 0);
        assert_eq!(v10(a, m, "v_frexp_exp_i32_f32 v10, v2", f(0.25)), -1i32 as u32);
        assert_eq!(v10(a, 0xf0, "v_frexp_exp_i32_f32 v10, v2", 1), -148i32 as u32);
        assert_eq!(v10(a, 0xf0, "v_frexp_mant_f32 v10, v2", 1), f(0.5));
        assert_eq!(v10(a, 0xc0, "v_frexp_exp_i32_f32 v10, v2", 1), 0); // flushed: frexp(0)
        assert_eq!(v10(a, m, "v_frexp_mant_f32 v10, v2", f(-0.0)), f(-0.0));
        let (inf_exp, inf_mant) = if a == Arch::Gcn10 {
            (u32::MAX, 0xffc0_0000)
        } else {
            (0, 0xff80_0000)
        };
        assert_eq!(v10(a, m, "v_frexp_exp_i32_f32 v10, v2", 0xff80_0000), inf_exp, "{a}");
        assert_eq!(v10(a, m, "v_frexp_mant_f32 v10, v2", 0xff80_0000), inf_mant, "{a}");
        assert_eq!(v10(a, m, "v_frexp_exp_i32_f32 v10, v2", 0x7fc0_0000), inf_exp, "{a}");
        let mut w = wave_with(a, 0xf0, &[(2, 1), (3, 0)]);
        run(&mut w, "v_frexp_exp_i32_f64 v10, v[2:3]");
        assert_eq!(w.v[10][0], -1073i32 as u32);
        assert_eq!(v10_64(a, 0xf0, "v_frexp_mant_f64 v[10:11], v[2:3]", 1), d(0.5));
        assert_eq!(
            v10_64(a, m, "v_frexp_mant_f64 v[10:11], v[2:3]", d(1000.0)),
            d(1000.0 / 1024.0)
        );
    }
    for a in [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14] {
        assert_eq!(v10_64(a, 0xc0, "v_trunc_f64 v[10:11], v[2:3]", d(-7.9)), d(-7.0));
        assert_eq!(v10_64(a, 0xc0, "v_ceil_f64 v[10:11], v[2:3]", d(7.1)), d(8.0));
        assert_eq!(v10_64(a, 0xc0, "v_floor_f64 v[10:11], v[2:3]", d(-7.1)), d(-8.0));
        assert_eq!(v10_64(a, 0xc0, "v_rndne_f64 v[10:11], v[2:3]", d(-6.5)), d(-6.0));
        assert_eq!(
            v10_64(a, 0xc0, "v_rndne_f64 v[10:11], v[2:3]", 0x4330_0000_0000_0001),
            0x4330_0000_0000_0001
        );
    }
    for a in [Arch::Gcn12, Arch::Gcn14] {
        assert_eq!(v10(a, 0xc0, "v_floor_f16 v10, v2", 0xffff_0000 | h(-1.5)), h(-2.0)); // zero-extended
        assert_eq!(v10(a, 0xc0, "v_rndne_f16 v10, v2", h(0.5)), 0);
        assert_eq!(v10(a, 0xc0, "v_fract_f16 v10, v2", h(-0.25)), h(0.75));
        assert_eq!(v10(a, 0xc0, "v_fract_f16 v10, v2", 0x8001), 0x3bff); // 1 - 2^-24 → below 1
        assert_eq!(v10(a, 0xc0, "v_frexp_mant_f16 v10, v2", h(-6.0)), h(-0.75));
        assert_eq!(v10(a, 0xc0, "v_frexp_exp_i16_f16 v10, v2", h(0.125)), 0xfffe); // -2, zero-extended
        assert_eq!(v10(a, 0xc0, "v_frexp_exp_i16_f16 v10, v2", 0x7c00), 0);
        assert_eq!(v10(a, 0xc0, "v_frexp_exp_i16_f16 v10, v2", 1), (-23i16) as u16 as u32);
    }
}

#[test]
fn transcendental_special_cases() {
    const NEG_NAN: u32 = 0xffc0_0000;
    for a in Arch::ALL {
        // Both MODE settings: the f32 unit flushes denormals whatever MODE says.
        for m in [0xc0, 0xf0] {
            let r = |op: &str, x: u32| v10(a, m, &format!("{op} v10, v2"), x);
            assert_eq!(r("v_exp_f32", f(3.0)), f(8.0));
            assert_eq!(r("v_exp_f32", f(-1.0)), f(0.5));
            assert_eq!(r("v_exp_f32", 0xff80_0000), 0);
            assert_eq!(r("v_exp_f32", 0x7f80_0000), 0x7f80_0000);
            assert_eq!(r("v_exp_f32", f(-0.0)), f(1.0));
            assert_eq!(r("v_exp_f32", f(-126.0)), 0x0080_0000);
            assert_eq!(r("v_exp_f32", f(-126.5)), 0); // a denormal result: flushed
            assert_eq!(r("v_exp_f32", f(128.0)), 0x7f80_0000);
            assert_eq!(r("v_exp_f32", f(0.5)), f(std::f32::consts::SQRT_2));
            assert_eq!(r("v_exp_f32", 0x7f80_0001), 0x7fc0_0001);
            assert_eq!(r("v_log_f32", f(1.0)), 0);
            assert_eq!(r("v_log_f32", f(8.0)), f(3.0));
            assert_eq!(r("v_log_f32", f(0.0)), 0xff80_0000);
            assert_eq!(r("v_log_f32", f(-0.0)), 0xff80_0000);
            assert_eq!(r("v_log_f32", 1), 0xff80_0000); // denormal input → log(0)
            assert_eq!(r("v_log_f32", f(-1.0)), NEG_NAN);
            assert_eq!(r("v_log_f32", 0xff80_0000), NEG_NAN);
            assert_eq!(r("v_log_f32", 0x7f80_0000), 0x7f80_0000);
            assert_eq!(r("v_log_f32", f(2.0f32.powi(-126))), f(-126.0));
            assert_eq!(r("v_rcp_f32", f(4.0)), f(0.25));
            assert_eq!(r("v_rcp_f32", f(3.0)), f(1.0 / 3.0));
            assert_eq!(r("v_rcp_f32", f(-0.0)), 0xff80_0000);
            assert_eq!(r("v_rcp_f32", 0x8000_0001), 0xff80_0000); // -denormal → -0 → -inf
            assert_eq!(r("v_rcp_f32", 0xff80_0000), 0x8000_0000);
            assert_eq!(r("v_rcp_f32", f(2f32.powi(127))), 0); // 2^-127 is a denormal: flushed
            assert_eq!(r("v_rcp_iflag_f32", f(-8.0)), f(-0.125));
            assert_eq!(r("v_rsq_f32", f(4.0)), f(0.5));
            assert_eq!(r("v_rsq_f32", f(0.0)), 0x7f80_0000);
            assert_eq!(r("v_rsq_f32", f(-0.0)), 0xff80_0000);
            assert_eq!(r("v_rsq_f32", f(-4.0)), NEG_NAN);
            assert_eq!(r("v_rsq_f32", 0x7f80_0000), 0);
            assert_eq!(r("v_sqrt_f32", f(2.0)), f(std::f32::consts::SQRT_2));
            assert_eq!(r("v_sqrt_f32", f(-0.0)), f(-0.0));
            assert_eq!(r("v_sqrt_f32", f(-1.0)), NEG_NAN);
            assert_eq!(r("v_sqrt_f32", 0x7f80_0000), 0x7f80_0000);
            assert_eq!(r("v_sqrt_f32", 0x0000_0004), 0); // denormal input flushed
                                                         // SIN/COS take revolutions.
            assert_eq!(r("v_sin_f32", f(0.25)), f(1.0));
            assert_eq!(r("v_sin_f32", f(-0.25)), f(-1.0));
            assert_eq!(r("v_sin_f32", f(0.5)), 0);
            assert_eq!(r("v_sin_f32", f(-0.5)), 0x8000_0000);
            assert_eq!(r("v_sin_f32", f(-0.0)), 0x8000_0000);
            assert_eq!(r("v_sin_f32", f(1.0 / 12.0)), f(0.5)); // f32(1/12) > 1/12, rounds to 0.5 (mpmath)
            assert_eq!(r("v_sin_f32", f(256.25)), 0); // out of range
            assert_eq!(r("v_sin_f32", f(-300.0)), 0);
            assert_eq!(r("v_sin_f32", f(255.75)), f(-1.0));
            assert_eq!(r("v_sin_f32", 0x7f80_0000), NEG_NAN);
            assert_eq!(r("v_sin_f32", 0xff80_0000), NEG_NAN);
            assert_eq!(r("v_cos_f32", f(0.0)), f(1.0));
            assert_eq!(r("v_cos_f32", f(0.25)), 0);
            assert_eq!(r("v_cos_f32", f(-0.75)), 0);
            assert_eq!(r("v_cos_f32", f(0.5)), f(-1.0));
            assert_eq!(r("v_cos_f32", f(1.0 / 6.0)), 0x3eff_ffff); // f32(1/6) > 1/6 (mpmath)
            assert_eq!(r("v_cos_f32", f(1000.0)), f(1.0)); // out of range
            assert_eq!(r("v_cos_f32", 0xff80_0000), NEG_NAN);
            assert_eq!(r("v_cos_f32", 0x7fc0_1234), 0x7fc0_1234);
        }
        // f64: correctly rounded, MODE's denormal rules.
        assert_eq!(v10_64(a, 0xc0, "v_rcp_f64 v[10:11], v[2:3]", d(3.0)), d(1.0 / 3.0));
        assert_eq!(
            v10_64(a, 0xc0, "v_rcp_f64 v[10:11], v[2:3]", d(-0.0)),
            d(f64::NEG_INFINITY)
        );
        assert_eq!(
            v10_64(a, 0xf0, "v_rcp_f64 v[10:11], v[2:3]", d(2f64.powi(1023))),
            d(2f64.powi(-1023))
        );
        assert_eq!(v10_64(a, 0x30, "v_rcp_f64 v[10:11], v[2:3]", d(2f64.powi(1023))), 0); // flushed
        assert_eq!(v10_64(a, 0xf0, "v_rcp_f64 v[10:11], v[2:3]", 1), d(f64::INFINITY)); // 1/2^-1074
        assert_eq!(v10_64(a, 0xc0, "v_sqrt_f64 v[10:11], v[2:3]", d(2.0)), d(2f64.sqrt()));
        assert_eq!(
            v10_64(a, 0xc0, "v_sqrt_f64 v[10:11], v[2:3]", d(-2.0)),
            0xfff8_0000_0000_0000
        );
        assert_eq!(v10_64(a, 0xc0, "v_rsq_f64 v[10:11], v[2:3]", d(0.25)), d(2.0));
        assert_eq!(
            v10_64(a, 0xc0, "v_rsq_f64 v[10:11], v[2:3]", d(-0.0)),
            d(f64::NEG_INFINITY)
        );
    }
    // The SI/CI-only variants.
    for a in [Arch::Gcn10, Arch::Gcn11] {
        let r = |op: &str, x: u32| v10(a, 0xc0, &format!("{op} v10, v2"), x);
        assert_eq!(r("v_log_clamp_f32", f(0.0)), 0xff7f_ffff);
        assert_eq!(r("v_log_clamp_f32", f(4.0)), f(2.0));
        assert_eq!(r("v_rcp_clamp_f32", f(-0.0)), 0xff7f_ffff);
        assert_eq!(r("v_rcp_clamp_f32", f(0.5)), f(2.0));
        assert_eq!(r("v_rcp_legacy_f32", f(-0.0)), 0x8000_0000);
        assert_eq!(r("v_rcp_legacy_f32", f(0.0)), 0);
        assert_eq!(r("v_rcp_legacy_f32", 0x7f80_0000), 0);
        assert_eq!(r("v_rcp_legacy_f32", f(0.5)), f(2.0));
        assert_eq!(r("v_rsq_clamp_f32", f(0.0)), 0x7f7f_ffff);
        assert_eq!(r("v_rsq_clamp_f32", f(-0.0)), 0xff7f_ffff);
        assert_eq!(r("v_rsq_legacy_f32", f(0.0)), 0);
        assert_eq!(r("v_rsq_legacy_f32", f(16.0)), f(0.25));
        assert_eq!(
            v10_64(a, 0xc0, "v_rcp_clamp_f64 v[10:11], v[2:3]", d(0.0)),
            0x7fef_ffff_ffff_ffff
        );
        assert_eq!(
            v10_64(a, 0xc0, "v_rsq_clamp_f64 v[10:11], v[2:3]", d(-0.0)),
            0xffef_ffff_ffff_ffff
        );
        assert_eq!(v10_64(a, 0xc0, "v_rsq_clamp_f64 v[10:11], v[2:3]", d(4.0)), d(0.5));
    }
    for a in [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14] {
        assert_eq!(v10(a, 0xc0, "v_exp_legacy_f32 v10, v2", f(-2.0)), f(0.25));
        assert_eq!(v10(a, 0xc0, "v_log_legacy_f32 v10, v2", f(0.25)), f(-2.0));
    }
    // f16: MODE's denormals.
    for a in [Arch::Gcn12, Arch::Gcn14] {
        let r = |m: u32, op: &str, x: u32| v10(a, m, &format!("{op} v10, v2"), x);
        assert_eq!(r(0xc0, "v_exp_f16", h(-24.0)), 1); // 2^-24: the smallest denormal
        assert_eq!(r(0x30, "v_exp_f16", h(-24.0)), 0); // flushed by MODE
        assert_eq!(r(0xc0, "v_exp_f16", h(16.0)), 0x7c00);
        assert_eq!(r(0xc0, "v_log_f16", 1), h(-24.0)); // a denormal input, kept
        assert_eq!(r(0x30, "v_log_f16", 1), 0xfc00); // flushed: log(0)
        assert_eq!(r(0xc0, "v_log_f16", h(-2.0)), 0xfe00);
        assert_eq!(r(0xc0, "v_rcp_f16", h(0.25)), h(4.0));
        assert_eq!(r(0xc0, "v_rcp_f16", 1), 0x7c00); // 2^24 overflows
        assert_eq!(r(0xc0, "v_sqrt_f16", h(0.0625)), h(0.25));
        assert_eq!(r(0xc0, "v_sqrt_f16", h(-0.0)), 0x8000);
        assert_eq!(r(0xc0, "v_sqrt_f16", h(-1.0)), 0xfe00);
        assert_eq!(r(0xc0, "v_rsq_f16", h(0.25)), h(2.0));
        assert_eq!(r(0xc0, "v_sin_f16", h(0.25)), h(1.0));
        assert_eq!(r(0xc0, "v_sin_f16", h(-0.5)), 0x8000);
        assert_eq!(r(0xc0, "v_sin_f16", h(300.0)), 0);
        assert_eq!(r(0xc0, "v_cos_f16", h(0.5)), h(-1.0));
        assert_eq!(r(0xc0, "v_cos_f16", 0xfc00), 0xfe00);
        assert_eq!(r(0xc0, "v_cos_f16", h(-300.0)), h(1.0));
    }
}

// ---------------------------------------------------------------------------------------------
// Modifiers through VOP3

#[test]
fn vop3_modifiers() {
    for a in Arch::ALL {
        // ABS/NEG act on the operand's sign bit, for integer and untyped operands too.
        assert_eq!(v10(a, 0xc0, "v_mov_b32_e64 v10, -v2", 0x3f80_0000), 0xbf80_0000);
        assert_eq!(v10(a, 0xc0, "v_mov_b32 v10, |v2|", 0xbf80_0000), 0x3f80_0000);
        assert_eq!(v10(a, 0xc0, "v_mov_b32 v10, -|v2|", 0x0000_0001), 0x8000_0001);
        // CLAMP and OMOD on a float result: (float)x * 2, clamped to [0, 1].
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_i32_e64 v10, v2 clamp mul:2", 3), f(1.0));
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_i32_e64 v10, v2 mul:2", 3), f(6.0));
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_i32_e64 v10, v2 div:2", 3), f(1.5));
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_i32_e64 v10, v2 clamp", (-3i32) as u32), 0);
        assert_eq!(v10(a, 0xc0, "v_cvt_f32_u32_e64 v10, v2 mul:4", 3), f(12.0));
        // OMOD does nothing when MODE keeps f32 output denormals.
        assert_eq!(v10(a, 0xf0, "v_cvt_f32_i32_e64 v10, v2 mul:2", 3), f(3.0));
        // Modifiers on float sources.
        assert_eq!(v10(a, 0xc0, "v_sqrt_f32 v10, |v2|", f(-4.0)), f(2.0));
        assert_eq!(v10(a, 0xc0, "v_exp_f32 v10, -v2 mul:2", f(1.0)), f(1.0));
        assert_eq!(v10(a, 0xc0, "v_floor_f32 v10, -v2", f(1.5)), f(-2.0));
        assert_eq!(v10(a, 0xc0, "v_fract_f32 v10, v2 clamp", f(1.75)), f(0.75));
        assert_eq!(v10(a, 0xc0, "v_log_f32 v10, v2 clamp", f(8.0)), f(1.0));
        // (f64 OMOD needs MODE[7] = 0: it does nothing when f64 output denormals are kept.)
        assert_eq!(v10_64(a, 0x30, "v_rcp_f64 v[10:11], -v[2:3] mul:4", d(2.0)), d(-2.0));
        assert_eq!(
            v10_64(a, 0x30, "v_cvt_f64_f32 v[10:11], |v2| div:2", f(-3.0) as u64),
            d(1.5)
        );
        assert_eq!(
            v10_64(a, 0xc0, "v_cvt_f64_f32 v[10:11], |v2| div:2", f(-3.0) as u64),
            d(3.0)
        );
        // Integer results: CLAMP/OMOD have no effect.
        assert_eq!(
            v10(a, 0xc0, "v_cvt_i32_f32_e64 v10, v2 clamp mul:2", f(-7.5)),
            (-7i32) as u32
        );
        assert_eq!(v10(a, 0xc0, "v_not_b32 v10, v2 vop3", 0), u32::MAX);
        // DX10_CLAMP (MODE[8]): CLAMP turns NaN into 0.
        assert_eq!(v10(a, 0x1c0, "v_sqrt_f32 v10, v2 clamp", f(-1.0)), 0);
        assert_eq!(v10(a, 0x0c0, "v_sqrt_f32 v10, v2 clamp", f(-1.0)), 0xffc0_0000);
    }
    for a in [Arch::Gcn12, Arch::Gcn14] {
        // f16 results: CLAMP and OMOD on the low half; the result stays zero-extended.
        assert_eq!(v10(a, 0x30, "v_cvt_f16_u16_e64 v10, v2 mul:2", 3), h(6.0));
        assert_eq!(v10(a, 0xc0, "v_cvt_f16_u16_e64 v10, v2 mul:2", 3), h(3.0)); // f16 denormals kept
        assert_eq!(v10(a, 0xc0, "v_rcp_f16 v10, v2 clamp", h(0.25)), h(1.0));
        assert_eq!(v10(a, 0xc0, "v_trunc_f16 v10, -v2", 0xabcd_0000 | h(2.5)), h(-2.0));
    }
}

// ---------------------------------------------------------------------------------------------
// EXEC, lanes, V_READFIRSTLANE

#[test]
fn exec_masks_the_writes() {
    for a in Arch::ALL {
        let mut w = wave(a, 0xc0);
        for lane in 0..64 {
            w.v[2][lane] = lane as u32;
            w.v[10][lane] = 0xdead_beef;
            w.v[11][lane] = 0xdead_beef;
        }
        w.s[EXEC] = 0x0000_ffff;
        w.s[EXEC + 1] = 0x8000_0001;
        run(&mut w, "v_not_b32 v10, v2");
        run(&mut w, "v_cvt_f64_u32 v[11:12], v2");
        let exec = 0x8000_0001_0000_ffffu64;
        for lane in 0..64 {
            if exec >> lane & 1 != 0 {
                assert_eq!(w.v[10][lane], !(lane as u32), "{a} lane {lane}");
                assert_eq!(w.v[11][lane] as u64 | (w.v[12][lane] as u64) << 32, d(lane as f64));
            } else {
                assert_eq!(w.v[10][lane], 0xdead_beef, "{a}: inactive lane {lane} written");
                assert_eq!(w.v[11][lane], 0xdead_beef, "{a}: inactive lane {lane} written");
                assert_eq!(w.v[12][lane], 0, "{a}: inactive lane {lane} written");
            }
        }
        // EXEC = 0: nothing is written; V_NOP / V_CLREXCP write nothing at all.
        let before = w.v.clone();
        w.s[EXEC] = 0;
        w.s[EXEC + 1] = 0;
        run(&mut w, "v_mov_b32 v10, 5");
        run(&mut w, "v_nop");
        run(&mut w, "v_clrexcp");
        assert!(w.v == before, "{a}");
    }
}

#[test]
fn readfirstlane_reads_the_first_active_lane() {
    for a in Arch::ALL {
        for (exec, lane) in [
            (u64::MAX, 0),
            (0b1000, 3),
            (1 << 40 | 1 << 63, 40),
            (1 << 63, 63),
            (0, 0),
        ] {
            for vop3 in ["", " vop3"] {
                let mut w = wave(a, 0xc0);
                for l in 0..64 {
                    w.v[3][l] = 100 + l as u32;
                }
                w.s[EXEC] = exec as u32;
                w.s[EXEC + 1] = (exec >> 32) as u32;
                let text = format!("v_readfirstlane_b32 s7, v3{vop3}");
                run(&mut w, &text);
                assert_eq!(w.s[7], 100 + lane, "{a}: EXEC {exec:#x}: `{text}`");
            }
        }
        // Into M0, VCC_LO; from an SGPR or a constant (the same in every lane).
        let mut w = wave(a, 0xc0);
        *w.v[3] = [9; 64];
        w.s[4] = 0x1234;
        run(&mut w, "v_readfirstlane_b32 m0, v3");
        run(&mut w, "v_readfirstlane_b32 vcc_lo, s4");
        run(&mut w, "v_readfirstlane_b32 s9, -5");
        assert_eq!((w.s[M0], w.s[106], w.s[9]), (9, 0x1234, -5i32 as u32));
    }
}

// ---------------------------------------------------------------------------------------------
// V_MOVREL* (GCN 1.0-1.2): VGPR indices plus M0

#[test]
fn movrel_indexes_by_m0() {
    for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12] {
        let mut w = wave(a, 0xc0);
        for r in 0..256 {
            *w.v[r] = [1000 + r as u32; 64];
        }
        w.s[M0] = 5;
        run(&mut w, "v_movrels_b32 v1, v2"); // v1 = v7
        assert_eq!(w.v[1][0], 1007, "{a}");
        run(&mut w, "v_movreld_b32 v2, v3"); // v7 = v3
        assert_eq!((w.v[7][0], w.v[2][0]), (1003, 1002), "{a}");
        run(&mut w, "v_movreld_b32 v10, s0"); // v15 = s0 (0)
        assert_eq!(w.v[15][0], 0, "{a}");
        run(&mut w, "v_movrelsd_b32 v20, v30"); // v25 = v35
        assert_eq!(w.v[25][0], 1035, "{a}");
        w.s[M0] = 0;
        run(&mut w, "v_movrels_b32 v40, v41 vop3");
        assert_eq!(w.v[40][0], 1041, "{a}");
        // NEG in the VOP3 form applies to the value read.
        w.s[M0] = 1;
        run(&mut w, "v_movrels_b32 v40, -v41");
        assert_eq!(w.v[40][0], 1042 | 0x8000_0000, "{a}");
        // Under EXEC.
        w.s[EXEC] = 1;
        w.s[EXEC + 1] = 0;
        w.s[M0] = 2;
        run(&mut w, "v_movreld_b32 v50, 77");
        assert_eq!((w.v[52][0], w.v[52][1]), (77, 1052), "{a}");
        // Past v255: an error, not a wrap.
        w.s[M0] = 250;
        let i = asm(a, "v_movreld_b32 v10, v1");
        assert!(matches!(step(&mut w, &i), Err(EmuError::Unsupported(_))), "{a}");
        let i = asm(a, "v_movrels_b32 v1, v10");
        assert!(matches!(step(&mut w, &i), Err(EmuError::Unsupported(_))), "{a}");
        w.s[M0] = 245;
        run(&mut w, "v_movrels_b32 v1, v10"); // v255 is fine
        assert_eq!(w.v[1][0], 1255, "{a}");
        // SRC0 of MOVRELS must be a VGPR.
        let i = asm(a, "v_movrels_b32 v1, s3");
        assert!(step(&mut w, &i).is_err(), "{a}");
    }
}

// ---------------------------------------------------------------------------------------------
// GPR indexing mode (GCN 1.2+): S_SET_GPR_IDX_ON/_OFF/_MODE/_IDX

#[test]
fn gpr_idx_mode_indexes_the_named_operands() {
    for a in [Arch::Gcn12, Arch::Gcn14] {
        let mut m = gcnkit::emu::Machine::new(wave(a, 0xc0));
        let go = |m: &mut gcnkit::emu::Machine, text: &str| {
            let i = asm(a, text);
            m.step(&i).map_err(|e| format!("{a}: `{text}`: {e}"))
        };
        for r in 0..256 {
            *m.wave.v[r] = [1000 + r as u32; 64];
        }
        m.wave.s[M0] = 0xdead_0000;
        m.wave.s[3] = 0x105; // only the low 8 bits count: 5
        go(&mut m, "s_set_gpr_idx_on s3, 1").unwrap(); // SRC0
        assert_eq!(m.wave.s[M0], 0xdead_1005, "{a}: M0[7:0] and M0[15:12]");
        go(&mut m, "v_mov_b32 v1, v2").unwrap(); // v1 = v7
        assert_eq!(m.wave.v[1][0], 1007, "{a}");
        go(&mut m, "v_xor_b32 v1, v2, v3").unwrap(); // SRC1 not indexed: v7 ^ v3
        assert_eq!(m.wave.v[1][0], 1007 ^ 1003, "{a}");
        go(&mut m, "v_mov_b32 v1, s3").unwrap(); // scalar sources are never indexed
        assert_eq!(m.wave.v[1][0], 0x105, "{a}");
        go(&mut m, "s_set_gpr_idx_mode 8").unwrap(); // VDST only
        go(&mut m, "v_mov_b32 v10, v20").unwrap(); // v15 = v20
        assert_eq!((m.wave.v[15][0], m.wave.v[10][0]), (1020, 1010), "{a}");
        go(&mut m, "s_set_gpr_idx_mode 6").unwrap(); // SRC1 and SRC2
        go(&mut m, "v_mad_u32_u24 v30, v1, v2, v3").unwrap(); // v30 = v1 * v7 + v8
        assert_eq!(m.wave.v[30][0], 0x105 * 1007 + 1008, "{a}");
        go(&mut m, "s_set_gpr_idx_idx s4").unwrap(); // index 0 from s4
        assert_eq!(m.wave.s[M0] & 0xff, 0, "{a}");
        go(&mut m, "s_set_gpr_idx_off").unwrap();
        m.wave.s[M0] = 0xffff_f0ff;
        go(&mut m, "v_mov_b32 v40, v41").unwrap(); // off: no indexing whatever M0 says
        assert_eq!(m.wave.v[40][0], 1041, "{a}");
        // Past v255: an error, not a wrap.
        m.wave.s[3] = 250;
        go(&mut m, "s_set_gpr_idx_on s3, 9").unwrap(); // SRC0 and VDST
        assert!(go(&mut m, "v_mov_b32 v10, v1").is_err(), "{a}");
        go(&mut m, "v_mov_b32 v1, v2").unwrap(); // v251 = v252
        assert_eq!(m.wave.v[251][0], 1252, "{a}");
    }
}

/// HW_REG_SH_MEM_BASES (GCN 1.4): the apertures' upper halves' high 16 bits, which clang's -O0
/// code shifts into `src_private_base`/`src_shared_base`.
#[test]
fn sh_mem_bases_gives_the_apertures() {
    let mut m = gcnkit::emu::Machine::new(wave(Arch::Gcn14, 0xc0));
    m.step(&common::emu::asm_d(
        Arch::Gcn14,
        gcnkit::asm::Dialect::Llvm,
        "s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES, 0, 16)",
    ))
    .unwrap();
    m.step(&common::emu::asm_d(
        Arch::Gcn14,
        gcnkit::asm::Dialect::Llvm,
        "s_getreg_b32 s1, hwreg(HW_REG_SH_MEM_BASES, 16, 16)",
    ))
    .unwrap();
    m.step(&common::emu::asm_d(
        Arch::Gcn14,
        gcnkit::asm::Dialect::Llvm,
        "s_mov_b64 s[2:3], src_private_base",
    ))
    .unwrap();
    m.step(&common::emu::asm_d(
        Arch::Gcn14,
        gcnkit::asm::Dialect::Llvm,
        "s_mov_b64 s[4:5], src_shared_base",
    ))
    .unwrap();
    assert_eq!(m.wave.s[0] << 16, m.wave.s[3]);
    assert_eq!(m.wave.s[1] << 16, m.wave.s[5]);
    // Read-only, and only MODE is modelled besides it.
    assert!(m
        .step(&common::emu::asm_d(
            Arch::Gcn14,
            gcnkit::asm::Dialect::Llvm,
            "s_setreg_b32 hwreg(HW_REG_SH_MEM_BASES, 0, 16), s0"
        ))
        .is_err());
}

// ---------------------------------------------------------------------------------------------
// GCN 1.4: V_SWAP_B32, V_WRITELANE_REGWR_B32, V_MOV_PRSV_B32

#[test]
fn swap_exchanges_under_exec() {
    let a = Arch::Gcn14;
    for vop3 in ["", " vop3"] {
        let mut w = wave(a, 0xc0);
        for l in 0..64 {
            w.v[1][l] = l as u32;
            w.v[2][l] = 100 + l as u32;
        }
        w.s[EXEC] = 0xffff_0000;
        w.s[EXEC + 1] = 0xffff_ffff;
        run(&mut w, &format!("v_swap_b32 v1, v2{vop3}"));
        for l in 0..64 {
            let active = l >= 16;
            assert_eq!(w.v[1][l], if active { 100 + l as u32 } else { l as u32 }, "lane {l}");
            assert_eq!(w.v[2][l], if active { l as u32 } else { 100 + l as u32 }, "lane {l}");
        }
    }
    let mut w = wave_with(a, 0xc0, &[(5, 55)]);
    run(&mut w, "v_swap_b32 v5, v5");
    assert_eq!(w.v[5][0], 55);
}

#[test]
fn gcn14_undocumented_moves() {
    let a = Arch::Gcn14;
    let mut w = wave_with(a, 0xc0, &[(1, 7), (2, 9)]);
    w.s[3] = 0xabc;
    w.s[EXEC] = 0;
    w.s[EXEC + 1] = 0;
    run(&mut w, "v_writelane_regwr_b32 v1, s3"); // lane 0 only, whatever EXEC
    assert_eq!((w.v[1][0], w.v[1][1], w.v[1][63]), (0xabc, 7, 7));
    w.s[EXEC] = u32::MAX;
    w.s[EXEC + 1] = u32::MAX;
    run(&mut w, "v_mov_prsv_b32 v2, v1"); // the destination is preserved
    assert_eq!(*w.v[2], [9; 64]);
}

// ---------------------------------------------------------------------------------------------
// Property tests against Rust's own operations

fn vals(a: Arch, mode: u32, text: &str, src: &[u32; 64]) -> [u32; 64] {
    let mut w = wave(a, mode);
    *w.v[2] = *src;
    run(&mut w, text);
    *w.v[10]
}

fn vals64(a: Arch, mode: u32, text: &str, src: &[u64; 64]) -> [u64; 64] {
    let mut w = wave(a, mode);
    for l in 0..64 {
        w.v[2][l] = src[l] as u32;
        w.v[3][l] = (src[l] >> 32) as u32;
    }
    run(&mut w, text);
    std::array::from_fn(|l| w.v[10][l] as u64 | (w.v[11][l] as u64) << 32)
}

fn lanes32() -> impl Strategy<Value = [u32; 64]> {
    prop::array::uniform32(any::<u32>()).prop_flat_map(|a| {
        prop::array::uniform32(any::<u32>())
            .prop_map(move |b| std::array::from_fn(|i| if i < 32 { a[i] } else { b[i - 32] }))
    })
}

fn lanes64() -> impl Strategy<Value = [u64; 64]> {
    prop::array::uniform32(any::<u64>()).prop_flat_map(|a| {
        prop::array::uniform32(any::<u64>())
            .prop_map(move |b| std::array::from_fn(|i| if i < 32 { a[i] } else { b[i - 32] }))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn bit_ops_match_std(src in lanes32()) {
        for a in Arch::ALL {
            let nots = vals(a, 0xc0, "v_not_b32 v10, v2", &src);
            let revs = vals(a, 0xc0, "v_bfrev_b32 v10, v2", &src);
            let hi = vals(a, 0xc0, "v_ffbh_u32 v10, v2", &src);
            let lo = vals(a, 0xc0, "v_ffbl_b32 v10, v2", &src);
            let hs = vals(a, 0xc0, "v_ffbh_i32 v10, v2", &src);
            for l in 0..64 {
                let x = src[l];
                prop_assert_eq!(nots[l], !x);
                prop_assert_eq!(revs[l], x.reverse_bits());
                prop_assert_eq!(hi[l], if x == 0 { u32::MAX } else { x.leading_zeros() });
                prop_assert_eq!(lo[l], if x == 0 { u32::MAX } else { x.trailing_zeros() });
                let s = if (x as i32) < 0 { x.leading_ones() } else { x.leading_zeros() };
                prop_assert_eq!(hs[l], if s == 32 { u32::MAX } else { s });
            }
        }
    }

    #[test]
    fn rounding_f32_matches_std(src in lanes32()) {
        // MODE 0xf0: denormals kept, so std's operations are the reference bit for bit.
        for a in Arch::ALL {
            for (op, g) in [
                ("v_trunc_f32", f32::trunc as fn(f32) -> f32),
                ("v_floor_f32", f32::floor),
                ("v_ceil_f32", f32::ceil),
                ("v_rndne_f32", f32::round_ties_even),
            ] {
                let out = vals(a, 0xf0, &format!("{op} v10, v2"), &src);
                for l in 0..64 {
                    let x = f32::from_bits(src[l]);
                    let want = if x.is_nan() { src[l] | 0x40_0000 } else { g(x).to_bits() };
                    prop_assert_eq!(out[l], want, "{} {}({:#x})", a, op, src[l]);
                }
            }
        }
    }

    #[test]
    fn rounding_f64_matches_std(src in lanes64()) {
        for a in [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14] {
            for (op, g) in [
                ("v_trunc_f64", f64::trunc as fn(f64) -> f64),
                ("v_floor_f64", f64::floor),
                ("v_ceil_f64", f64::ceil),
                ("v_rndne_f64", f64::round_ties_even),
            ] {
                let out = vals64(a, 0xf0, &format!("{op} v[10:11], v[2:3]"), &src);
                for l in 0..64 {
                    let x = f64::from_bits(src[l]);
                    let want = if x.is_nan() { src[l] | 0x8_0000_0000_0000 } else { g(x).to_bits() };
                    prop_assert_eq!(out[l], want, "{} {}({:#x})", a, op, src[l]);
                }
            }
        }
    }

    #[test]
    fn conversions_match_std(src in lanes32(), wide in lanes64()) {
        for a in Arch::ALL {
            let fi = vals(a, 0xf0, "v_cvt_f32_i32 v10, v2", &src);
            let fu = vals(a, 0xf0, "v_cvt_f32_u32 v10, v2", &src);
            let if32 = vals(a, 0xf0, "v_cvt_i32_f32 v10, v2", &src);
            let uf32 = vals(a, 0xf0, "v_cvt_u32_f32 v10, v2", &src);
            let d_of = vals64(a, 0xf0, "v_cvt_f64_f32 v[10:11], v2", &src.map(|x| x as u64));
            let mut w = wave(a, 0xf0);
            for l in 0..64 {
                w.v[2][l] = wide[l] as u32;
                w.v[3][l] = (wide[l] >> 32) as u32;
            }
            run(&mut w, "v_cvt_f32_f64 v10, v[2:3]");
            run(&mut w, "v_cvt_i32_f64 v11, v[2:3]");
            run(&mut w, "v_cvt_u32_f64 v12, v[2:3]");
            for l in 0..64 {
                let x = src[l];
                prop_assert_eq!(fi[l], (x as i32 as f32).to_bits());
                prop_assert_eq!(fu[l], (x as f32).to_bits());
                prop_assert_eq!(if32[l], f32::from_bits(x) as i32 as u32);
                prop_assert_eq!(uf32[l], f32::from_bits(x) as u32);
                if !f32::from_bits(x).is_nan() {
                    prop_assert_eq!(d_of[l], (f32::from_bits(x) as f64).to_bits());
                }
                let y = f64::from_bits(wide[l]);
                if !y.is_nan() {
                    prop_assert_eq!(w.v[10][l], (y as f32).to_bits(), "f32({:#x})", wide[l]);
                }
                prop_assert_eq!(w.v[11][l], y as i32 as u32);
                prop_assert_eq!(w.v[12][l], y as u32);
            }
        }
    }

    #[test]
    fn f16_conversions_match_half(src in lanes32()) {
        for a in [Arch::Gcn12, Arch::Gcn14] {
            let to_half = vals(a, 0xf0, "v_cvt_f16_f32 v10, v2", &src);
            let from_half = vals(a, 0xf0, "v_cvt_f32_f16 v10, v2", &src);
            for l in 0..64 {
                let x = f32::from_bits(src[l]);
                if !x.is_nan() {
                    prop_assert_eq!(to_half[l], f16::from_f32(x).to_bits() as u32, "f16({:#x})", src[l]);
                }
                let y = f16::from_bits(src[l] as u16);
                if !y.is_nan() {
                    prop_assert_eq!(from_half[l], y.to_f32().to_bits());
                }
            }
        }
    }

    #[test]
    fn sqrt_and_rcp_are_correctly_rounded(src in lanes32()) {
        // Normal positive inputs (the f32 unit flushes denormals): IEEE division and square
        // root in f32 are correctly rounded, so std is the reference.
        let src = src.map(|x| (x & 0x7fff_ffff).clamp(0x0080_0000, 0x7f7f_ffff));
        for a in Arch::ALL {
            let s = vals(a, 0xc0, "v_sqrt_f32 v10, v2", &src);
            let r = vals(a, 0xc0, "v_rcp_f32 v10, v2", &src);
            for l in 0..64 {
                let x = f32::from_bits(src[l]);
                prop_assert_eq!(s[l], x.sqrt().to_bits());
                prop_assert_eq!(r[l], ftz32((1.0 / x).to_bits()));
            }
        }
    }

    #[test]
    fn fract_frexp_properties(src in lanes32()) {
        let src = src.map(|x| if f32::from_bits(x).is_finite() { x } else { 0x3f80_0000 });
        for a in [Arch::Gcn11, Arch::Gcn14] {
            let fr = vals(a, 0xf0, "v_fract_f32 v10, v2", &src);
            let mant = vals(a, 0xf0, "v_frexp_mant_f32 v10, v2", &src);
            let ex = vals(a, 0xf0, "v_frexp_exp_i32_f32 v10, v2", &src);
            for l in 0..64 {
                let x = f32::from_bits(src[l]);
                let fv = f32::from_bits(fr[l]);
                prop_assert!((0.0..1.0).contains(&fv), "fract({x}) = {fv}");
                let m = f32::from_bits(mant[l]) as f64;
                let e = ex[l] as i32;
                if x != 0.0 {
                    prop_assert!((0.5..1.0).contains(&m.abs()), "mant({x}) = {m}");
                }
                prop_assert_eq!(m * 2f64.powi(e), x as f64, "frexp({})", x);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Any VOP1 word runs or is refused with an error, never a panic

#[test]
fn any_vop1_word_runs_or_errs() {
    let mut rng = common::Rng(common::seed());
    for a in Arch::ALL {
        let mut w = wave(a, 0xc0);
        for _ in 0..20_000 {
            let op = rng.below(128) as u32;
            let src = rng.below(512) as u32;
            let vdst = rng.below(256) as u32;
            w.s[M0] = rng.below(300) as u32;
            w.mode = [0x00, 0xc0, 0xf0, 0x1f0][rng.below(4) as usize];
            let lit = rng.next() as u32;
            let words = if rng.chance(1, 2) {
                vec![0x7e00_0000 | vdst << 17 | op << 9 | src, lit]
            } else {
                // The VOP3 form: opcode 384/320 + op, random modifiers.
                let base = if a.is_vi_plus() { 320 } else { 384 };
                let w0 = if a.is_vi_plus() {
                    0xd000_0000 | (base + op) << 16 | (rng.below(2) as u32) << 15 | (rng.below(8) as u32) << 8 | vdst
                } else {
                    0xd000_0000 | (base + op) << 17 | (rng.below(2) as u32) << 11 | (rng.below(8) as u32) << 8 | vdst
                };
                vec![w0, src | (rng.next() as u32 & 0xf800_0000), lit]
            };
            if let Ok(i) = gcnkit::decode::decode(a, &words) {
                let _ = step(&mut w, &i);
            }
        }
    }
}
