//! Semantics of the VOP1 instructions (CLRX's GcnInstrsVop1 page, AMD's ISA manuals; each
//! inference says where it comes from).
//!
//! Register moves beyond "compute VDST from SRC0" are the executor's (`emu/exec.rs`): M0-relative
//! indexing of V_MOVREL*, V_SWAP_B32's second write, V_READFIRSTLANE_B32's lane and SGPR
//! destination, the GCN 1.4 V_WRITELANE_REGWR_B32 and V_MOV_PRSV_B32. The functions here only
//! compute.
//!
//! Float rules shared by these operations:
//! - NaN inputs give the input NaN, quieted (as the VOP2/VOP3 operations do).
//! - Invalid inputs (log, square root of a negative, sine of an infinity...) give the negative
//!   quiet NaN (`0xffc00000`, `0xfe00`, `0xfff8000000000000`), as CLRX's page writes `-NAN`.
//! - The f32 transcendental unit (EXP, LOG, RCP, RSQ, SQRT, SIN, COS and their variants) does
//!   not handle denormals whatever MODE says: inputs and results are flushed (CLRX's page for
//!   LOG/RSQ; LLVM scales inputs/results around v_exp_f32, v_log_f32, v_rcp_f32, v_sqrt_f32 for
//!   this reason). Their f16 and f64 forms follow MODE.
//! - The hardware's approximations are not documented: EXP, LOG, SIN, COS (f32, f16), RCP, RSQ,
//!   SQRT (f16, f32, f64) return the correctly rounded value of their formula; hardware may
//!   differ in the last bit.

use super::vop3::add_round_odd;
use super::{by_mode, map1, map1_64, map1_from64, map1_to64};
use crate::arch::Arch;
use crate::emu::float::{
    cos_rev_round, exp2_round, f16_bits_to_f32, f16_to_f32, f32_bits_to_f64, f64_bits_to_f32, f64_to_f16, frexp64,
    ftz32, log2_round, quiet16, quiet32, quiet64, rsqrt64, rsqrt_round, sin_rev_round, Narrow, NEG_QNAN16, NEG_QNAN32,
    NEG_QNAN64,
};
use crate::emu::lanes::Lanes;
use crate::emu::round::Rm;

// ---------------------------------------------------------------------------------------------
// Moves and bit operations
// ---------------------------------------------------------------------------------------------

/// V_NOP, V_CLREXCP (no exception state is modelled): nothing.
pub fn nop(_l: &mut Lanes) {}

/// `VDST = SRC0`. Also the operation of V_MOV_FED_B32 (its EDC error injection is not
/// modelled), V_MOVREL* (the executor indexes the registers by M0), V_SWAP_B32 (the executor
/// writes the old VDST to SRC0), V_WRITELANE_REGWR_B32 and V_MOV_PRSV_B32 (the executor writes
/// their lanes).
pub fn mov_b32(l: &mut Lanes) {
    super::imap1(l, |x| x)
}

/// `SDST = VSRC0[first active lane]` (the executor sets the lane: the lowest set bit of EXEC, 0
/// if EXEC is 0, and writes lane 0's result to the SGPR).
pub fn readfirstlane_b32(l: &mut Lanes) {
    l.dst[0][0] = l.src[0][0][l.lane];
}

pub fn not_b32(l: &mut Lanes) {
    map1(l, |x| !x)
}

pub fn bfrev_b32(l: &mut Lanes) {
    map1(l, u32::reverse_bits)
}

/// Position of the first 1 from the MSB; -1 for 0.
pub fn ffbh_u32(l: &mut Lanes) {
    map1(l, |x| if x == 0 { u32::MAX } else { x.leading_zeros() })
}

/// Position of the first 1 from the LSB; -1 for 0.
pub fn ffbl_b32(l: &mut Lanes) {
    map1(l, |x| if x == 0 { u32::MAX } else { x.trailing_zeros() })
}

/// Position of the first bit (from the MSB) that differs from the sign bit; -1 for 0 and -1.
pub fn ffbh_i32(l: &mut Lanes) {
    map1(l, |x| {
        let y = if (x as i32) < 0 { !x } else { x };
        if y == 0 {
            u32::MAX
        } else {
            y.leading_zeros()
        }
    })
}

/// The 4-SE screen partition table (AMD's Vega ISA, as CLRX's page lists it).
const SCREEN_PARTITION_4SE: [u8; 256] = [
    0x1, 0x3, 0x7, 0xf, 0x5, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, //
    0xf, 0x2, 0x6, 0xe, 0xf, 0xa, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, //
    0xd, 0xf, 0x4, 0xc, 0xf, 0xf, 0x5, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, //
    0x9, 0xb, 0xf, 0x8, 0xf, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, //
    0xf, 0xf, 0xf, 0xf, 0x4, 0xc, 0xd, 0xf, 0x6, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, //
    0xf, 0xf, 0xf, 0xf, 0xf, 0x8, 0x9, 0xb, 0xf, 0x9, 0x9, 0xf, 0xf, 0xd, 0xf, 0xf, //
    0xf, 0xf, 0xf, 0xf, 0x7, 0xf, 0x1, 0x3, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, //
    0xf, 0xf, 0xf, 0xf, 0x6, 0xe, 0xf, 0x2, 0x6, 0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7, //
    0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x3, 0xb, 0xf, 0xa, 0xf, 0xf, 0xf, //
    0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x1, 0x9, 0xd, 0xf, 0x5, 0xf, 0xf, //
    0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xe, 0xf, 0x8, 0xc, 0xf, 0xf, 0xa, 0xf, //
    0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0x6, 0x7, 0xf, 0x4, 0xf, 0xf, 0xf, 0x5, //
    0x9, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x8, 0xc, 0xe, 0xf, //
    0xf, 0x6, 0x6, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x4, 0x6, 0x7, //
    0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xb, 0xf, 0x2, 0x3, //
    0x9, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0x9, 0xd, 0xf, 0x1, //
];

/// `VDST = TABLE[SRC0 & 0xff]`.
pub fn screen_partition_4se_b32(l: &mut Lanes) {
    map1(l, |x| SCREEN_PARTITION_4SE[(x & 0xff) as usize] as u32)
}

/// Two signed 16-bit halves saturated to unsigned bytes, packed in the low 16 bits.
pub fn sat_pk_u8_i16(l: &mut Lanes) {
    map1(l, |x| {
        let sat = |h: u32| (h as u16 as i16).clamp(0, 255) as u32;
        sat(x & 0xffff) | sat(x >> 16) << 8
    })
}

// ---------------------------------------------------------------------------------------------
// Integer ↔ float conversions
// ---------------------------------------------------------------------------------------------

// Float → integer conversions truncate, saturate to the integer range and turn NaN into 0
// (AMD: "Out-of-range floating point values (including infinity) saturate. NaN is converted to
// 0"): exactly Rust's `as` casts.

pub fn cvt_i32_f64(l: &mut Lanes) {
    map1_from64(l, |x| f64::from_bits(x) as i32 as u32)
}

pub fn cvt_u32_f64(l: &mut Lanes) {
    map1_from64(l, |x| f64::from_bits(x) as u32)
}

pub fn cvt_i32_f32(l: &mut Lanes) {
    map1(l, |x| f32::from_bits(x) as i32 as u32)
}

pub fn cvt_u32_f32(l: &mut Lanes) {
    map1(l, |x| f32::from_bits(x) as u32)
}

/// The 16-bit results are zero-extended (GCN 1.2/1.4 VOP1 write the whole register).
pub fn cvt_u16_f16(l: &mut Lanes) {
    map1(l, |x| f16_to_f32(x & 0xffff) as u16 as u32)
}

pub fn cvt_i16_f16(l: &mut Lanes) {
    map1(l, |x| f16_to_f32(x & 0xffff) as i16 as u16 as u32)
}

/// An integer from `v` rounded down (already done by the caller), saturated; NaN gives
/// INT_MAX or INT_MIN by its sign (CLRX's page for V_CVT_FLR/RPI_I32_F32, unlike V_CVT_I32_F32's
/// 0; LLVM selects them only under no-NaNs math).
#[inline]
fn flr_sat(x: u32, v: f64) -> u32 {
    if v.is_nan() {
        if x & 0x8000_0000 != 0 {
            i32::MIN as u32
        } else {
            i32::MAX as u32
        }
    } else {
        v as i32 as u32
    }
}

/// `VDST = (INT32)floor(SRC0)`, saturated.
pub fn cvt_flr_i32_f32(l: &mut Lanes) {
    map1(l, |x| flr_sat(x, (f32::from_bits(x) as f64).floor()))
}

/// `VDST = (INT32)floor(SRC0 + 0.5)`, saturated; the sum is exact (computed in f64): halves
/// round up.
pub fn cvt_rpi_i32_f32(l: &mut Lanes) {
    map1(l, |x| flr_sat(x, (f32::from_bits(x) as f64 + 0.5).floor()))
}

// Integer → float conversions round in MODE's round mode for the result's type (to f64: exact).

pub fn cvt_f64_i32(l: &mut Lanes) {
    map1_to64(l, |x| (x as i32 as f64).to_bits())
}

pub fn cvt_f64_u32(l: &mut Lanes) {
    map1_to64(l, |x| (x as f64).to_bits())
}

pub fn cvt_f32_i32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map1(l, |x| rm.to32(x as i32 as f64).to_bits())
    })
}

pub fn cvt_f32_u32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| map1(l, |x| rm.to32(x as f64).to_bits()))
}

pub fn cvt_f16_u16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| map1(l, |x| rm.to16((x & 0xffff) as f64)))
}

pub fn cvt_f16_i16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| map1(l, |x| rm.to16(x as u16 as i16 as f64)))
}

/// Byte `n` of SRC0 as a float.
#[inline(always)]
fn ubyte(l: &mut Lanes, n: u32) {
    map1(l, |x| (((x >> (8 * n)) & 0xff) as f32).to_bits())
}

pub fn cvt_f32_ubyte0(l: &mut Lanes) {
    ubyte(l, 0)
}
pub fn cvt_f32_ubyte1(l: &mut Lanes) {
    ubyte(l, 1)
}
pub fn cvt_f32_ubyte2(l: &mut Lanes) {
    ubyte(l, 2)
}
pub fn cvt_f32_ubyte3(l: &mut Lanes) {
    ubyte(l, 3)
}

/// The signed 4-bit `SRC0[3:0]` divided by 16: `((SRC0 & 15) ^ 8) / 16 - 0.5` (exact).
pub fn cvt_off_f32_i4(l: &mut Lanes) {
    map1(l, |x| ((((x & 15) ^ 8) as f32) / 16.0 - 0.5).to_bits())
}

/// f16 → snorm16: clamp to [-1, 1], times 32767, round to nearest even; NaN → 0 (as
/// V_CVT_PKNORM_I16_F16 does per half).
pub fn cvt_norm_i16_f16(l: &mut Lanes) {
    map1(l, |x| {
        let f = f16_to_f32(x & 0xffff) as f64;
        if f.is_nan() {
            0
        } else {
            (f.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u16 as u32
        }
    })
}

/// f16 → unorm16: clamp to [0, 1], times 65535, round to nearest even; NaN → 0.
pub fn cvt_norm_u16_f16(l: &mut Lanes) {
    map1(l, |x| {
        let f = f16_to_f32(x & 0xffff) as f64;
        if f.is_nan() {
            0
        } else {
            (f.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
        }
    })
}

// ---------------------------------------------------------------------------------------------
// Float ↔ float conversions (rounded in MODE's mode for the result type; NaNs keep sign and
// payload, quieted)
// ---------------------------------------------------------------------------------------------

pub fn cvt_f16_f32(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        map1(l, |x| rm.to16(f64::from_bits(f32_bits_to_f64(x))))
    })
}

pub fn cvt_f32_f16(l: &mut Lanes) {
    map1(l, f16_bits_to_f32)
}

/// Rounded in MODE's f32 round mode (the result's type).
pub fn cvt_f32_f64(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map1_from64(l, |x| match f64::from_bits(x) {
            v if v.is_finite() => rm.to32(v).to_bits(),
            _ => f64_bits_to_f32(x),
        })
    })
}

pub fn cvt_f64_f32(l: &mut Lanes) {
    map1_to64(l, f32_bits_to_f64)
}

// ---------------------------------------------------------------------------------------------
// Rounding to integers, fractions, frexp
// ---------------------------------------------------------------------------------------------

/// f32 `VDST = f(SRC0)` for an exact operation; a NaN gives itself, quieted.
#[inline(always)]
fn exact32(l: &mut Lanes, f: impl Fn(f32) -> f32) {
    map1(l, |x| {
        let v = f32::from_bits(x);
        if v.is_nan() {
            x | 0x40_0000
        } else {
            f(v).to_bits()
        }
    })
}

#[inline(always)]
fn exact64(l: &mut Lanes, f: impl Fn(f64) -> f64) {
    map1_64(l, |x| {
        let v = f64::from_bits(x);
        if v.is_nan() {
            x | 0x8_0000_0000_0000
        } else {
            f(v).to_bits()
        }
    })
}

/// f16 in the low half, computed in f64 (exact for these operations), zero-extended.
#[inline(always)]
fn exact16(l: &mut Lanes, f: impl Fn(f64) -> f64) {
    map1(l, |x| {
        let x = x & 0xffff;
        let v = f16_to_f32(x) as f64;
        if v.is_nan() {
            quiet16(x)
        } else {
            f64_to_f16(f(v))
        }
    })
}

pub fn trunc_f32(l: &mut Lanes) {
    exact32(l, f32::trunc)
}
pub fn ceil_f32(l: &mut Lanes) {
    exact32(l, f32::ceil)
}
pub fn floor_f32(l: &mut Lanes) {
    exact32(l, f32::floor)
}
pub fn rndne_f32(l: &mut Lanes) {
    exact32(l, f32::round_ties_even)
}
pub fn trunc_f64(l: &mut Lanes) {
    exact64(l, f64::trunc)
}
pub fn ceil_f64(l: &mut Lanes) {
    exact64(l, f64::ceil)
}
pub fn floor_f64(l: &mut Lanes) {
    exact64(l, f64::floor)
}
pub fn rndne_f64(l: &mut Lanes) {
    exact64(l, f64::round_ties_even)
}
pub fn trunc_f16(l: &mut Lanes) {
    exact16(l, f64::trunc)
}
pub fn ceil_f16(l: &mut Lanes) {
    exact16(l, f64::ceil)
}
pub fn floor_f16(l: &mut Lanes) {
    exact16(l, f64::floor)
}
pub fn rndne_f16(l: &mut Lanes) {
    exact16(l, f64::round_ties_even)
}

/// V_FRACT: `SRC0 - floor(SRC0)` rounded once to the format in MODE's round mode, then at most the largest value below 1.0 on
/// GCN 1.1+. GCN 1.0's V_FRACT lacks that clamp and returns 1.0 for tiny negative inputs (LLVM
/// works around "V_FRACT is buggy on SI" with `min(V_FRACT(x), 0.99999999999999999)`; the
/// clamp itself is AMD's/OpenCL's `fmin(x - floor(x), 0x1.fffffep-1f)`, as LLVM's constant
/// folding has it). ±inf gives NaN of the input's sign (CLRX: `NAN * SIGN(SF)`).
#[inline(always)]
fn fract(arch: Arch, r: f64, below_one: f64) -> f64 {
    if arch == Arch::Gcn10 {
        r
    } else {
        r.min(below_one)
    }
}

pub fn fract_f32(l: &mut Lanes) {
    let a = l.arch;
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map1(l, |x| {
            let v = f32::from_bits(x);
            if v.is_nan() {
                x | 0x40_0000
            } else if v.is_infinite() {
                (x & 0x8000_0000) | 0x7fc0_0000
            } else {
                // Rounded to odd in f64, the difference rounds once more exactly to f32.
                let r = rm.to32(add_round_odd(v as f64, -v.floor() as f64)) as f64;
                (fract(a, r, f32::from_bits(0x3f7f_ffff) as f64) as f32).to_bits()
            }
        })
    })
}

pub fn fract_f64(l: &mut Lanes) {
    let a = l.arch;
    by_mode(l, Rm::f64(l.mode), |l, rm| {
        map1_64(l, |x| {
            let v = f64::from_bits(x);
            if v.is_nan() {
                x | 0x8_0000_0000_0000
            } else if v.is_infinite() {
                (x & 0x8000_0000_0000_0000) | 0x7ff8_0000_0000_0000
            } else {
                fract(a, rm.add64(v, -v.floor()), f64::from_bits(0x3fef_ffff_ffff_ffff)).to_bits()
            }
        })
    })
}

pub fn fract_f16(l: &mut Lanes) {
    let a = l.arch;
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        map1(l, |x| {
            let x = x & 0xffff;
            let v = f16_to_f32(x) as f64;
            if v.is_nan() {
                quiet16(x)
            } else if v.is_infinite() {
                (x & 0x8000) | 0x7e00
            } else {
                // Exact in f64; one rounding to f16, then the clamp (an f16 value).
                let r = f16_to_f32(rm.to16(v - v.floor())) as f64;
                f64_to_f16(fract(a, r, f16_to_f32(0x3bff) as f64))
            }
        })
    })
}

/// frexp's exponent: `x = m * 2^e`, 0.5 <= |m| < 1; 0 for ±0. ±inf and NaN give 0, and -1 on
/// GCN 1.0 (CLRX's page: "store -1 if GCN 1.0 or 0").
#[inline]
fn frexp_exp(arch: Arch, v: f64) -> i32 {
    if !v.is_finite() {
        if arch == Arch::Gcn10 {
            -1
        } else {
            0
        }
    } else if v == 0.0 {
        0
    } else {
        frexp64(v).1
    }
}

/// frexp's significand with the sign of x; ±0 stays. ±inf gives itself, and on GCN 1.0 the
/// negative NaN (CLRX's page); NaN gives itself quieted (handled by the callers).
#[inline]
fn frexp_mant(v: f64) -> f64 {
    if v == 0.0 || v.is_infinite() {
        v
    } else {
        frexp64(v).0
    }
}

pub fn frexp_exp_i32_f32(l: &mut Lanes) {
    let a = l.arch;
    map1(l, |x| frexp_exp(a, f32::from_bits(x) as f64) as u32)
}

pub fn frexp_exp_i32_f64(l: &mut Lanes) {
    let a = l.arch;
    map1_from64(l, |x| frexp_exp(a, f64::from_bits(x)) as u32)
}

/// The i16 result zero-extended (GCN 1.2+ only, so never GCN 1.0's -1).
pub fn frexp_exp_i16_f16(l: &mut Lanes) {
    let a = l.arch;
    map1(l, |x| frexp_exp(a, f16_to_f32(x & 0xffff) as f64) as u16 as u32)
}

pub fn frexp_mant_f32(l: &mut Lanes) {
    let gcn10 = l.arch == Arch::Gcn10;
    map1(l, |x| {
        let v = f32::from_bits(x);
        if v.is_nan() {
            x | 0x40_0000
        } else if v.is_infinite() && gcn10 {
            NEG_QNAN32
        } else {
            (frexp_mant(v as f64) as f32).to_bits()
        }
    })
}

pub fn frexp_mant_f64(l: &mut Lanes) {
    let gcn10 = l.arch == Arch::Gcn10;
    map1_64(l, |x| {
        let v = f64::from_bits(x);
        if v.is_nan() {
            x | 0x8_0000_0000_0000
        } else if v.is_infinite() && gcn10 {
            NEG_QNAN64
        } else {
            frexp_mant(v).to_bits()
        }
    })
}

pub fn frexp_mant_f16(l: &mut Lanes) {
    map1(l, |x| {
        let x = x & 0xffff;
        let v = f16_to_f32(x) as f64;
        if v.is_nan() {
            quiet16(x)
        } else {
            f64_to_f16(frexp_mant(v))
        }
    })
}

// ---------------------------------------------------------------------------------------------
// Transcendental operations, f16 and f32 (one implementation, rounded to either format)
// ---------------------------------------------------------------------------------------------

impl Narrow {
    #[inline]
    fn of(self, x: u32) -> f64 {
        match self {
            Narrow::F32 => f32::from_bits(x) as f64,
            Narrow::F16 => f16_to_f32(x & 0xffff) as f64,
        }
    }

    #[inline]
    fn quiet(self, x: u32) -> u32 {
        match self {
            Narrow::F32 => quiet32(f32::from_bits(x)).to_bits(),
            Narrow::F16 => quiet16(x & 0xffff),
        }
    }

    #[inline]
    fn neg_nan(self) -> u32 {
        match self {
            Narrow::F32 => NEG_QNAN32,
            Narrow::F16 => NEG_QNAN16,
        }
    }

    /// +inf with the sign bit `s` (0 or the format's sign bit).
    #[inline]
    fn inf_signed(self, s: u32) -> u32 {
        s | self.round(f64::INFINITY)
    }
}

/// `2^x`. An f32 result below 2^-126 is 0 (CLRX: "for values smaller than -126.0 always returns
/// 0 regardless floatmode"): the unit flushes results; f16 results keep MODE's rule (executor).
fn exp(fmt: Narrow, x: u32) -> u32 {
    let v = fmt.of(x);
    if v.is_nan() {
        fmt.quiet(x)
    } else if fmt == Narrow::F32 && v < -126.0 {
        0
    } else {
        exp2_round(fmt, v.max(-2000.0))
    }
}

/// `log2(x)`: log(±0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, log(1) = +0.
fn log(fmt: Narrow, x: u32) -> u32 {
    let v = fmt.of(x);
    if v.is_nan() {
        fmt.quiet(x)
    } else if v == 0.0 {
        fmt.inf_signed(fmt.sign())
    } else if v < 0.0 {
        fmt.neg_nan()
    } else if v.is_infinite() {
        x
    } else {
        log2_round(fmt, v)
    }
}

/// `1/x` (IEEE: 1/±0 = ±inf, 1/±inf = ±0); one rounding from f64 is exact (53 >= 2*24 + 2).
fn rcp(fmt: Narrow, x: u32) -> u32 {
    let v = fmt.of(x);
    if v.is_nan() {
        fmt.quiet(x)
    } else {
        fmt.round(1.0 / v)
    }
}

/// `1/sqrt(x)`: ±0 → ±inf, x < 0 → NaN, +inf → +0.
fn rsq(fmt: Narrow, x: u32) -> u32 {
    let v = fmt.of(x);
    if v.is_nan() {
        fmt.quiet(x)
    } else if v == 0.0 {
        fmt.inf_signed(x & fmt.sign())
    } else if v < 0.0 {
        fmt.neg_nan()
    } else if v.is_infinite() {
        0
    } else {
        rsqrt_round(fmt, v)
    }
}

/// `sqrt(x)`: -0 → -0, x < 0 → NaN; f64's sqrt then one rounding is exact (53 >= 2*24 + 2).
fn sqrt(fmt: Narrow, x: u32) -> u32 {
    let v = fmt.of(x);
    if v.is_nan() {
        fmt.quiet(x)
    } else if v < 0.0 {
        fmt.neg_nan()
    } else {
        fmt.round(v.sqrt()) | (x & fmt.sign())
    }
}

/// The valid input range of V_SIN/V_COS (AMD's Vega ISA: "Valid range of S0.f is [-256.0,
/// +256.0]. Out of range input results in float 0.0" for sine, 1.0 for cosine).
const TRIG_RANGE: f64 = 256.0;

/// `sin(2π x)`: the input is in revolutions. ±inf → NaN; out of range → +0.
fn sin(fmt: Narrow, x: u32) -> u32 {
    let v = fmt.of(x);
    if v.is_nan() {
        fmt.quiet(x)
    } else if v.is_infinite() {
        fmt.neg_nan()
    } else if v.abs() > TRIG_RANGE {
        0
    } else {
        sin_rev_round(fmt, v)
    }
}

/// `cos(2π x)`; ±inf → NaN; out of range → 1.0.
fn cos(fmt: Narrow, x: u32) -> u32 {
    let v = fmt.of(x);
    if v.is_nan() {
        fmt.quiet(x)
    } else if v.is_infinite() {
        fmt.neg_nan()
    } else if v.abs() > TRIG_RANGE {
        fmt.round(1.0)
    } else {
        cos_rev_round(fmt, v)
    }
}

/// An f32 transcendental: the input and the result flushed whatever MODE says.
#[inline(always)]
fn trans32(l: &mut Lanes, f: impl Fn(u32) -> u32) {
    map1(l, |x| ftz32(f(ftz32(x))))
}

/// An f16 transcendental (MODE's denormal rules, applied by the executor); zero-extended.
#[inline(always)]
fn trans16(l: &mut Lanes, f: impl Fn(u32) -> u32) {
    map1(l, |x| f(x & 0xffff))
}

/// ±inf → ±MAX_FLOAT (the _CLAMP forms).
#[inline]
fn clamp_inf32(r: u32) -> u32 {
    if r & 0x7fff_ffff == 0x7f80_0000 {
        (r & 0x8000_0000) | 0x7f7f_ffff
    } else {
        r
    }
}

#[inline]
fn clamp_inf64(r: u64) -> u64 {
    if r & 0x7fff_ffff_ffff_ffff == 0x7ff0_0000_0000_0000 {
        (r & 0x8000_0000_0000_0000) | 0x7fef_ffff_ffff_ffff
    } else {
        r
    }
}

/// V_EXP_F32, V_EXP_LEGACY_F32 (the legacy form differs only in the hardware's approximation).
pub fn exp_f32(l: &mut Lanes) {
    trans32(l, |x| exp(Narrow::F32, x))
}

/// V_LOG_F32, V_LOG_LEGACY_F32.
pub fn log_f32(l: &mut Lanes) {
    trans32(l, |x| log(Narrow::F32, x))
}

/// log2 with -inf clamped to -MAX_FLOAT.
pub fn log_clamp_f32(l: &mut Lanes) {
    trans32(l, |x| {
        let r = log(Narrow::F32, x);
        if r == 0xff80_0000 {
            0xff7f_ffff
        } else {
            r
        }
    })
}

/// V_RCP_F32, V_RCP_IFLAG_F32 (its integer divide-by-zero flag is not modelled).
pub fn rcp_f32(l: &mut Lanes) {
    trans32(l, |x| rcp(Narrow::F32, x))
}

/// Reciprocal with ±inf clamped to ±MAX_FLOAT.
pub fn rcp_clamp_f32(l: &mut Lanes) {
    trans32(l, |x| clamp_inf32(rcp(Narrow::F32, x)))
}

/// Legacy reciprocal: an infinite result (a zero input) gives a zero of the input's sign
/// (CLRX's page; 1/±inf is ±0 as usual).
pub fn rcp_legacy_f32(l: &mut Lanes) {
    trans32(l, |x| {
        let r = rcp(Narrow::F32, x);
        if r & 0x7fff_ffff == 0x7f80_0000 {
            x & 0x8000_0000
        } else {
            r
        }
    })
}

pub fn rsq_f32(l: &mut Lanes) {
    trans32(l, |x| rsq(Narrow::F32, x))
}

/// Reciprocal square root with ±inf clamped to ±MAX_FLOAT (CLRX's page clamps +inf; LLVM's
/// expansion of llvm.amdgcn.rsq.clamp on GCN 1.2+ clamps both signs).
pub fn rsq_clamp_f32(l: &mut Lanes) {
    trans32(l, |x| clamp_inf32(rsq(Narrow::F32, x)))
}

/// Legacy reciprocal square root: +inf (from +0) becomes +0 (CLRX's page:
/// `if (VDST==INF) VDST = 0.0`).
pub fn rsq_legacy_f32(l: &mut Lanes) {
    trans32(l, |x| {
        let r = rsq(Narrow::F32, x);
        if r == 0x7f80_0000 {
            0
        } else {
            r
        }
    })
}

pub fn sqrt_f32(l: &mut Lanes) {
    trans32(l, |x| sqrt(Narrow::F32, x))
}

pub fn sin_f32(l: &mut Lanes) {
    trans32(l, |x| sin(Narrow::F32, x))
}

pub fn cos_f32(l: &mut Lanes) {
    trans32(l, |x| cos(Narrow::F32, x))
}

pub fn exp_f16(l: &mut Lanes) {
    trans16(l, |x| exp(Narrow::F16, x))
}
pub fn log_f16(l: &mut Lanes) {
    trans16(l, |x| log(Narrow::F16, x))
}
pub fn rcp_f16(l: &mut Lanes) {
    trans16(l, |x| rcp(Narrow::F16, x))
}
pub fn rsq_f16(l: &mut Lanes) {
    trans16(l, |x| rsq(Narrow::F16, x))
}
pub fn sqrt_f16(l: &mut Lanes) {
    trans16(l, |x| sqrt(Narrow::F16, x))
}
pub fn sin_f16(l: &mut Lanes) {
    trans16(l, |x| sin(Narrow::F16, x))
}
pub fn cos_f16(l: &mut Lanes) {
    trans16(l, |x| cos(Narrow::F16, x))
}

// ---------------------------------------------------------------------------------------------
// f64 reciprocal and square roots (MODE's denormal rules, applied by the executor)
// ---------------------------------------------------------------------------------------------

/// `1/x`, correctly rounded (IEEE division).
fn rcp64(x: u64) -> u64 {
    let v = f64::from_bits(x);
    if v.is_nan() {
        x | 0x8_0000_0000_0000
    } else {
        (1.0 / v).to_bits()
    }
}

/// `1/sqrt(x)`, correctly rounded; ±0 → ±inf, x < 0 → NaN, +inf → +0.
fn rsq64(x: u64) -> u64 {
    let v = f64::from_bits(x);
    if v.is_nan() {
        x | 0x8_0000_0000_0000
    } else if v == 0.0 {
        (x & 0x8000_0000_0000_0000) | 0x7ff0_0000_0000_0000
    } else if v < 0.0 {
        NEG_QNAN64
    } else if v.is_infinite() {
        0
    } else {
        rsqrt64(v).to_bits()
    }
}

pub fn rcp_f64(l: &mut Lanes) {
    map1_64(l, rcp64)
}

pub fn rcp_clamp_f64(l: &mut Lanes) {
    map1_64(l, |x| clamp_inf64(rcp64(x)))
}

pub fn rsq_f64(l: &mut Lanes) {
    map1_64(l, rsq64)
}

pub fn rsq_clamp_f64(l: &mut Lanes) {
    map1_64(l, |x| clamp_inf64(rsq64(x)))
}

/// `sqrt(x)` (IEEE, correctly rounded); -0 → -0, x < 0 → NaN.
pub fn sqrt_f64(l: &mut Lanes) {
    map1_64(l, |x| {
        let v = f64::from_bits(x);
        if v.is_nan() {
            quiet64(v).to_bits()
        } else if v < 0.0 {
            NEG_QNAN64
        } else {
            v.sqrt().to_bits()
        }
    })
}
