//! Float helpers: MODE's denormal controls, flushing, f16 conversions, the modifiers.

use crate::isa::Ty;

/// FP_DENORM field of MODE for a type: bit 0 = input denormals kept, bit 1 = output denormals
/// kept. f32 uses MODE\[5:4\], f64 and f16 MODE\[7:6\].
#[inline]
pub fn denorm_bits(mode: u32, ty: Ty) -> u32 {
    match ty {
        Ty::F32 => (mode >> 4) & 3,
        _ => (mode >> 6) & 3,
    }
}

/// Keeps input denormals of `ty` under `mode`?
#[inline]
pub fn keeps_input_denorms(mode: u32, ty: Ty) -> bool {
    denorm_bits(mode, ty) & 1 != 0
}

/// Keeps output denormals of `ty` under `mode`?
#[inline]
pub fn keeps_output_denorms(mode: u32, ty: Ty) -> bool {
    denorm_bits(mode, ty) & 2 != 0
}

/// Flushes an f32 denormal to a zero of its sign.
#[inline]
pub fn ftz32(x: u32) -> u32 {
    if x & 0x7f80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    }
}

#[inline]
pub fn ftz64(x: u64) -> u64 {
    if x & 0x7ff0_0000_0000_0000 == 0 {
        x & 0x8000_0000_0000_0000
    } else {
        x
    }
}

#[inline]
pub fn ftz16(x: u32) -> u32 {
    if x & 0x7c00 == 0 {
        x & 0x8000
    } else {
        x
    }
}

#[inline]
pub fn f16_to_f32(x: u32) -> f32 {
    half::f16::from_bits(x as u16).to_f32()
}

/// f32 → f16 bits, round to nearest even.
#[inline]
pub fn f32_to_f16(x: f32) -> u32 {
    half::f16::from_f32(x).to_bits() as u32
}

/// f64 → f16 bits, correctly rounded to nearest even (one rounding from the f64 value).
/// NaNs stay NaN (quiet, top payload bits kept).
pub fn f64_to_f16(x: f64) -> u32 {
    let b = x.to_bits();
    let sign = ((b >> 48) & 0x8000) as u32;
    if x.is_nan() {
        return sign | 0x7e00 | ((b >> 42) & 0x1ff) as u32;
    }
    let a = x.abs();
    if a >= 65520.0 {
        // 65504 + half an ulp ties to the even neighbour, which is infinity.
        return sign | 0x7c00;
    }
    if a < f64::from_bits(0x3f10_0000_0000_0000) {
        // Below 2^-14: subnormal quantum 2^-24 (the scaling is exact).
        let m = (a * 16_777_216.0).round_ties_even() as u32;
        return sign | m;
    }
    let e = ((a.to_bits() >> 52) as i32) - 1023;
    let m = (a * f64::from_bits(((1023 + 10 - e) as u64) << 52)).round_ties_even() as u32;
    // m in [1024, 2048]; 2048 carries into the exponent.
    sign | ((((e + 15) as u32) << 10) + (m - 1024))
}

/// IEEE minNum on f32 (a NaN operand yields the other), as V_MIN_F32 does.
#[inline]
pub fn min_num32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        quiet32(b)
    } else if b.is_nan() || a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

#[inline]
pub fn max_num32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        quiet32(b)
    } else if b.is_nan() || a > b || (a == b && b.is_sign_negative()) {
        a
    } else {
        b
    }
}

#[inline]
pub fn min_num64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        quiet64(b)
    } else if b.is_nan() || a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

#[inline]
pub fn max_num64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        quiet64(b)
    } else if b.is_nan() || a > b || (a == b && b.is_sign_negative()) {
        a
    } else {
        b
    }
}

/// A quiet version of a NaN (other values unchanged).
#[inline]
pub fn quiet32(x: f32) -> f32 {
    if x.is_nan() {
        f32::from_bits(x.to_bits() | 0x0040_0000)
    } else {
        x
    }
}

/// A quiet version of a NaN (other values unchanged).
#[inline]
pub fn quiet64(x: f64) -> f64 {
    if x.is_nan() {
        f64::from_bits(x.to_bits() | 0x0008_0000_0000_0000)
    } else {
        x
    }
}

/// The canonical quiet NaN the hardware produces for invalid operations.
pub const QNAN32: u32 = 0x7fc0_0000;
pub const QNAN64: u64 = 0x7ff8_0000_0000_0000;
pub const QNAN16: u32 = 0x7e00;
