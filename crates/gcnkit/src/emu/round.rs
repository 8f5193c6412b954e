//! MODE's round modes. FP_ROUND (MODE\[3:0\]): bits \[1:0\] for f32, bits \[3:2\] for f64 and
//! f16; 0 = to nearest even, 1 = toward +infinity, 2 = toward -infinity, 3 = toward zero.
//!
//! Round to nearest even is the host's own arithmetic (the semantics' plain `a + b`). The
//! directed modes go through `rustc_apfloat` (a port of LLVM's APFloat): IEEE operations
//! correctly rounded in every mode, in software, used only while a kernel has set such a mode.
//! Operations on an infinity or a NaN give what round to nearest gives (no rounding happens).

use rustc_apfloat::ieee::{Double, Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round};

/// A round mode of MODE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rm {
    Even,
    Up,
    Down,
    Zero,
}

impl Rm {
    #[inline(always)]
    fn from_bits(b: u32) -> Rm {
        match b & 3 {
            0 => Rm::Even,
            1 => Rm::Up,
            2 => Rm::Down,
            _ => Rm::Zero,
        }
    }

    /// The f32 round mode of MODE.
    #[inline(always)]
    pub fn f32(mode: u32) -> Rm {
        Rm::from_bits(mode)
    }

    /// The f64 and f16 round mode of MODE.
    #[inline(always)]
    pub fn f64(mode: u32) -> Rm {
        Rm::from_bits(mode >> 2)
    }

    /// The f16 round mode (MODE shares it with f64).
    #[inline(always)]
    pub fn f16(mode: u32) -> Rm {
        Rm::f64(mode)
    }

    fn ap(self) -> Round {
        match self {
            Rm::Even => Round::NearestTiesToEven,
            Rm::Up => Round::TowardPositive,
            Rm::Down => Round::TowardNegative,
            Rm::Zero => Round::TowardZero,
        }
    }

    /// Runs `op` in software when the mode is directed and every input is finite; else
    /// `native()` (the host's round-to-nearest result, or the special value it gives).
    #[inline(always)]
    fn pick<T>(self, finite: bool, native: impl FnOnce() -> T, op: impl FnOnce(Round) -> T) -> T {
        if self == Rm::Even || !finite {
            native()
        } else {
            op(self.ap())
        }
    }

    #[inline(always)]
    pub fn add32(self, a: f32, b: f32) -> f32 {
        self.pick(
            a.is_finite() && b.is_finite(),
            || a + b,
            |r| of32(s(a).add_r(s(b), r).value),
        )
    }

    #[inline(always)]
    pub fn sub32(self, a: f32, b: f32) -> f32 {
        self.pick(
            a.is_finite() && b.is_finite(),
            || a - b,
            |r| of32(s(a).sub_r(s(b), r).value),
        )
    }

    #[inline(always)]
    pub fn mul32(self, a: f32, b: f32) -> f32 {
        self.pick(
            a.is_finite() && b.is_finite(),
            || a * b,
            |r| of32(s(a).mul_r(s(b), r).value),
        )
    }

    /// `a * b + c` with one rounding.
    #[inline(always)]
    pub fn fma32(self, a: f32, b: f32, c: f32) -> f32 {
        self.pick(
            a.is_finite() && b.is_finite() && c.is_finite(),
            || a.mul_add(b, c),
            |r| of32(s(a).mul_add_r(s(b), s(c), r).value),
        )
    }

    #[inline(always)]
    pub fn add64(self, a: f64, b: f64) -> f64 {
        self.pick(
            a.is_finite() && b.is_finite(),
            || a + b,
            |r| of64(d(a).add_r(d(b), r).value),
        )
    }

    #[inline(always)]
    pub fn mul64(self, a: f64, b: f64) -> f64 {
        self.pick(
            a.is_finite() && b.is_finite(),
            || a * b,
            |r| of64(d(a).mul_r(d(b), r).value),
        )
    }

    #[inline(always)]
    pub fn fma64(self, a: f64, b: f64, c: f64) -> f64 {
        self.pick(
            a.is_finite() && b.is_finite() && c.is_finite(),
            || a.mul_add(b, c),
            |r| of64(d(a).mul_add_r(d(b), d(c), r).value),
        )
    }

    /// `x * 2^e` rounded once (f64 results below the normal range lose bits).
    #[inline(always)]
    pub fn ldexp64(self, x: f64, e: i32, native: impl FnOnce() -> f64) -> f64 {
        self.pick(x.is_finite(), native, |r| of64(d(x).scalbn_r(e.clamp(-4000, 4000), r)))
    }

    /// An f64 value rounded to f32 (exact values computed in f64: conversions, scaled products).
    #[inline(always)]
    pub fn to32(self, x: f64) -> f32 {
        self.pick(
            x.is_finite(),
            || x as f32,
            |r| {
                let v: Single = d(x).convert_r(r, &mut false).value;
                of32(v)
            },
        )
    }

    /// An f64 value rounded to f16 bits (sums and products of f16 values are exact in f64).
    #[inline(always)]
    pub fn to16(self, x: f64) -> u32 {
        self.pick(
            x.is_finite(),
            || super::float::f64_to_f16(x),
            |r| {
                let v: Half = d(x).convert_r(r, &mut false).value;
                v.to_bits() as u32
            },
        )
    }

    /// `x` rounded to an integer value in this mode.
    #[inline(always)]
    pub fn to_int32(self, x: f32) -> f32 {
        match self {
            Rm::Even => x.round_ties_even(),
            Rm::Up => x.ceil(),
            Rm::Down => x.floor(),
            Rm::Zero => x.trunc(),
        }
    }
}

#[inline(always)]
fn s(x: f32) -> Single {
    Single::from_bits(x.to_bits() as u128)
}

#[inline(always)]
fn of32(x: Single) -> f32 {
    f32::from_bits(x.to_bits() as u32)
}

#[inline(always)]
fn d(x: f64) -> Double {
    Double::from_bits(x.to_bits() as u128)
}

#[inline(always)]
fn of64(x: Double) -> f64 {
    f64::from_bits(x.to_bits() as u64)
}
