//! Semantics of GCN 1.4's VOP3P rows: the packed 16-bit operations, the mixed-precision
//! multiply-adds and gfx906's dot products.
//!
//! The executor has already done the per-source work: a packed 16-bit source arrives as two
//! halves in one dword (low result half's operand in bits 15:0, high one's in 31:16, OP_SEL,
//! OP_SEL_HI and NEG_LO/NEG_HI applied, f16 denormals flushed as MODE says); a mixed-precision
//! source arrives as f32 bits (an f16 half already converted). CLAMP of float results, output
//! denormals and the half V_MAD_MIXLO/HI write are the executor's too; integer CLAMP
//! (saturation) is done here.
//!
//! Operations: CLRX's wiki page GcnInstrsVop3p (the packed rows, V_MAD_MIX*), AMD's Vega 7nm
//! ISA (the dot products); see each function for what is inferred.

use super::vop3::add_round_odd;
use super::{by_mode, map3};
use crate::emu::float::{f16_to_f32, f64_to_f16, ftz32, max_num64, min_num64};
use crate::emu::lanes::{Lanes, N};
use crate::emu::round::Rm;

/// `dst = f(a.lo, b.lo) | f(a.hi, b.hi) << 16` (each `f` result masked to 16 bits).
#[inline(always)]
fn pk2(l: &mut Lanes, f: impl Fn(u32, u32) -> u32) {
    let (a, b) = (&l.src[0][0], &l.src[1][0]);
    let d = &mut l.dst[0];
    for i in 0..N {
        let lo = f(a[i] & 0xffff, b[i] & 0xffff) & 0xffff;
        let hi = f(a[i] >> 16, b[i] >> 16) & 0xffff;
        d[i] = lo | hi << 16;
    }
}

/// Three-source form of [`pk2`].
#[inline(always)]
fn pk3(l: &mut Lanes, f: impl Fn(u32, u32, u32) -> u32) {
    let (a, b, c) = (&l.src[0][0], &l.src[1][0], &l.src[2][0]);
    let d = &mut l.dst[0];
    for i in 0..N {
        let lo = f(a[i] & 0xffff, b[i] & 0xffff, c[i] & 0xffff) & 0xffff;
        let hi = f(a[i] >> 16, b[i] >> 16, c[i] >> 16) & 0xffff;
        d[i] = lo | hi << 16;
    }
}

/// The f16 value of 16 bits, as f64 (exact).
#[inline(always)]
fn h(x: u32) -> f64 {
    f16_to_f32(x & 0xffff) as f64
}

#[inline(always)]
fn i16v(x: u32) -> i32 {
    x as u16 as i16 as i32
}

/// A 16-bit signed result: saturated with CLAMP, else wrapped.
#[inline(always)]
fn sat_i16(x: i32, clamp: bool) -> u32 {
    if clamp {
        x.clamp(i16::MIN as i32, i16::MAX as i32) as u32 & 0xffff
    } else {
        x as u32 & 0xffff
    }
}

/// A 16-bit unsigned result from a signed sum: saturated to [0, 0xffff] with CLAMP, else wrapped.
#[inline(always)]
fn sat_u16(x: i64, clamp: bool) -> u32 {
    if clamp {
        x.clamp(0, 0xffff) as u32
    } else {
        x as u32 & 0xffff
    }
}

// ---------------------------------------------------------------------------------------------
// Packed integer operations
// ---------------------------------------------------------------------------------------------

/// `D.lo = S0.lo * S1.lo + S2.lo` (signed 16-bit); CLAMP saturates.
pub fn pk_mad_i16(l: &mut Lanes) {
    let c = l.clamp;
    pk3(l, |a, b, s2| sat_i16(i16v(a) * i16v(b) + i16v(s2), c))
}

/// `D.lo = S0.lo * S1.lo + S2.lo` (unsigned 16-bit); CLAMP saturates.
pub fn pk_mad_u16(l: &mut Lanes) {
    let c = l.clamp;
    pk3(l, |a, b, s2| sat_u16(a as i64 * b as i64 + s2 as i64, c))
}

/// `D.lo = S0.lo * S1.lo` (low 16 bits).
pub fn pk_mul_lo_u16(l: &mut Lanes) {
    pk2(l, |a, b| a.wrapping_mul(b))
}

pub fn pk_add_i16(l: &mut Lanes) {
    let c = l.clamp;
    pk2(l, |a, b| sat_i16(i16v(a) + i16v(b), c))
}

pub fn pk_sub_i16(l: &mut Lanes) {
    let c = l.clamp;
    pk2(l, |a, b| sat_i16(i16v(a) - i16v(b), c))
}

pub fn pk_add_u16(l: &mut Lanes) {
    let c = l.clamp;
    pk2(l, |a, b| sat_u16(a as i64 + b as i64, c))
}

pub fn pk_sub_u16(l: &mut Lanes) {
    let c = l.clamp;
    pk2(l, |a, b| sat_u16(a as i64 - b as i64, c))
}

/// `D.lo = S1.lo << S0.lo[3:0]`.
pub fn pk_lshlrev_b16(l: &mut Lanes) {
    pk2(l, |a, b| b << (a & 15))
}

/// `D.lo = S1.lo >> S0.lo[3:0]` (logical).
pub fn pk_lshrrev_b16(l: &mut Lanes) {
    pk2(l, |a, b| b >> (a & 15))
}

/// `D.lo = (INT16)S1.lo >> S0.lo[3:0]` (arithmetic).
pub fn pk_ashrrev_i16(l: &mut Lanes) {
    pk2(l, |a, b| (i16v(b) >> (a & 15)) as u32)
}

pub fn pk_max_i16(l: &mut Lanes) {
    pk2(l, |a, b| i16v(a).max(i16v(b)) as u32)
}

pub fn pk_min_i16(l: &mut Lanes) {
    pk2(l, |a, b| i16v(a).min(i16v(b)) as u32)
}

pub fn pk_max_u16(l: &mut Lanes) {
    pk2(l, |a, b| a.max(b))
}

pub fn pk_min_u16(l: &mut Lanes) {
    pk2(l, |a, b| a.min(b))
}

// ---------------------------------------------------------------------------------------------
// Packed f16 operations (each half as the f16 VOP2/VOP3 operation does it)
// ---------------------------------------------------------------------------------------------

/// Fused: the product of two f16 values is exact in f64, the sum is rounded to odd, so the
/// rounding to f16 is the only one.
pub fn pk_fma_f16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        pk3(l, |a, b, c| rm.to16(add_round_odd(h(a) * h(b), h(c))))
    })
}

/// Sums and products of two f16 values are exact in f64: one rounding.
pub fn pk_add_f16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| pk2(l, |a, b| rm.to16(h(a) + h(b))))
}

pub fn pk_mul_f16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| pk2(l, |a, b| rm.to16(h(a) * h(b))))
}

/// IEEE minNum, as V_MIN_F16.
pub fn pk_min_f16(l: &mut Lanes) {
    pk2(l, |a, b| f64_to_f16(min_num64(h(a), h(b))))
}

/// IEEE maxNum, as V_MAX_F16.
pub fn pk_max_f16(l: &mut Lanes) {
    pk2(l, |a, b| f64_to_f16(max_num64(h(a), h(b))))
}

// ---------------------------------------------------------------------------------------------
// Mixed precision (sources are f32 bits: an f16 half was converted by the executor)
// ---------------------------------------------------------------------------------------------

/// V_MAD_MIX_F32 (gfx900): not fused, denormals flushed whatever MODE says, as V_MAD_F32.
/// inferred: LLVM selects v_mad_mix only where f32 denormals are flushed (D154824,
/// `OtherPredicates = [NoFP32Denormals]`) and as `fmuladd`, the V_MAD_F32 rule.
#[inline(always)]
fn mad32(rm: Rm, a: u32, b: u32, c: u32) -> f32 {
    let (a, b, c) = (
        f32::from_bits(ftz32(a)),
        f32::from_bits(ftz32(b)),
        f32::from_bits(ftz32(c)),
    );
    let p = f32::from_bits(ftz32(rm.mul32(a, b).to_bits()));
    f32::from_bits(ftz32(rm.add32(p, c).to_bits()))
}

#[inline(always)]
fn fma32(rm: Rm, a: u32, b: u32, c: u32) -> f32 {
    rm.fma32(f32::from_bits(a), f32::from_bits(b), f32::from_bits(c))
}

pub fn mad_mix_f32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| mad32(rm, a, b, c).to_bits())
    })
}

/// V_MAD_MIXLO_F16/V_MAD_MIXHI_F16: the f32 result rounded to f16 (the executor writes the
/// half and applies CLAMP after the conversion, LLVM D38069: "Clamp modifier is applied after
/// conversion to f16").
pub fn mad_mix_f16(l: &mut Lanes) {
    let rm16 = Rm::f16(l.mode);
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| rm16.to16(mad32(rm, a, b, c) as f64))
    })
}

/// V_FMA_MIX_F32 (gfx906): fused, one rounding to f32.
pub fn fma_mix_f32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| fma32(rm, a, b, c).to_bits())
    })
}

/// V_FMA_MIXLO_F16/V_FMA_MIXHI_F16: the fused f32 result, then rounded to f16 (LLVM selects
/// them for `fptrunc(fma(f32))`, which rounds twice).
pub fn fma_mix_f16(l: &mut Lanes) {
    let rm16 = Rm::f16(l.mode);
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| rm16.to16(fma32(rm, a, b, c) as f64))
    })
}

// ---------------------------------------------------------------------------------------------
// gfx906 dot products
// ---------------------------------------------------------------------------------------------

/// `a + b` exactly as `(s, e)`, `s` the rounded sum (Knuth's two-sum).
#[inline(always)]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `S0.lo * S1.lo + S0.hi * S1.hi + S2`: f16 products (exact), f32 accumulator, one rounding
/// to f32. inferred: AMD's Vega 7nm ISA gives the sum, not its rounding steps; computed as a
/// fused operation (the correctly rounded sum of three values: Boldo and Melquiond's
/// round-to-odd algorithm, every step exact but the odd roundings).
pub fn dot2_f32_f16(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            let p0 = h(a) * h(b);
            let p1 = h(a >> 16) * h(b >> 16);
            let c = f32::from_bits(c) as f64;
            if !(p0.is_finite() && p1.is_finite() && c.is_finite()) {
                return ((p0 + p1 + c) as f32).to_bits();
            }
            let (uh, ul) = two_sum(p1, c);
            let (th, tl) = two_sum(p0, uh);
            let v = add_round_odd(tl, ul);
            rm.to32(add_round_odd(th, v)).to_bits()
        })
    })
}

/// `S0.lo * S1.lo + S0.hi * S1.hi + S2` on signed 16-bit halves; wraps, CLAMP saturates to the
/// i32 range (inferred: LLVM's `llvm.amdgcn.sdot2` clamp operand saturates the result).
pub fn dot2_i32_i16(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        let s = i16v(a) as i64 * i16v(b) as i64 + i16v(a >> 16) as i64 * i16v(b >> 16) as i64 + s2 as i32 as i64;
        sat_i32(s, c)
    })
}

/// The unsigned form of [`dot2_i32_i16`]: CLAMP saturates to 0xffffffff.
pub fn dot2_u32_u16(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        let s = (a & 0xffff) as u64 * (b & 0xffff) as u64 + (a >> 16) as u64 * (b >> 16) as u64 + s2 as u64;
        sat_u32(s, c)
    })
}

/// The sum of the products of the `n` fields of `bits` bits of `a` and `b` (signed or not),
/// plus `s2` (read as signed when `signed`).
#[inline(always)]
fn dot_fields(a: u32, b: u32, s2: u32, bits: u32, signed: bool) -> i64 {
    let mut s = if signed { s2 as i32 as i64 } else { s2 as i64 };
    let mask = (1u32 << bits) - 1;
    for k in 0..32 / bits {
        let (x, y) = (a >> (k * bits) & mask, b >> (k * bits) & mask);
        let (x, y) = if signed {
            let sh = 32 - bits;
            (((x << sh) as i32 >> sh) as i64, ((y << sh) as i32 >> sh) as i64)
        } else {
            (x as i64, y as i64)
        };
        s += x * y;
    }
    s
}

#[inline(always)]
fn sat_i32(x: i64, clamp: bool) -> u32 {
    if clamp {
        x.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
    } else {
        x as u32
    }
}

#[inline(always)]
fn sat_u32(x: u64, clamp: bool) -> u32 {
    if clamp {
        x.min(u32::MAX as u64) as u32
    } else {
        x as u32
    }
}

/// Signed bytes: `sum(S0.byte[k] * S1.byte[k]) + S2`; CLAMP saturates to i32.
pub fn dot4_i32_i8(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_i32(dot_fields(a, b, s2, 8, true), c))
}

pub fn dot4_u32_u8(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_u32(dot_fields(a, b, s2, 8, false) as u64, c))
}

/// Signed nibbles: `sum(S0.nibble[k] * S1.nibble[k]) + S2`; CLAMP saturates to i32.
pub fn dot8_i32_i4(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_i32(dot_fields(a, b, s2, 4, true), c))
}

pub fn dot8_u32_u4(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_u32(dot_fields(a, b, s2, 4, false) as u64, c))
}
