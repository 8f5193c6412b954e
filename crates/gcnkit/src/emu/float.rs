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

/// The negative quiet NaN the transcendental and conversion units return for invalid inputs
/// (the log, square root, or sine of a negative or infinite value). CLRX's GcnInstrsVop1 page
/// writes it `-NaN`; AMD's manuals show the same bits in their examples.
pub const NEG_QNAN32: u32 = 0xffc0_0000;
pub const NEG_QNAN64: u64 = 0xfff8_0000_0000_0000;
pub const NEG_QNAN16: u32 = 0xfe00;

/// f16 bits → f32 bits, exact; NaNs keep sign and payload and come out quiet.
pub fn f16_bits_to_f32(x: u32) -> u32 {
    let x = x & 0xffff;
    let sign = (x & 0x8000) << 16;
    if x & 0x7c00 == 0x7c00 && x & 0x3ff != 0 {
        return sign | 0x7fc0_0000 | (x & 0x3ff) << 13;
    }
    f16_to_f32(x).to_bits()
}

/// f32 → f64 bits, exact; NaNs keep sign and payload and come out quiet.
pub fn f32_bits_to_f64(x: u32) -> u64 {
    let f = f32::from_bits(x);
    if f.is_nan() {
        return (x as u64 & 0x8000_0000) << 32 | 0x7ff8_0000_0000_0000 | (x as u64 & 0x7f_ffff) << 29;
    }
    (f as f64).to_bits()
}

/// f64 → f32 bits, rounded to nearest even; NaNs keep sign and the top payload bits, quiet.
pub fn f64_bits_to_f32(x: u64) -> u32 {
    let f = f64::from_bits(x);
    if f.is_nan() {
        return ((x >> 32) as u32 & 0x8000_0000) | 0x7fc0_0000 | ((x >> 29) as u32 & 0x3f_ffff);
    }
    (f as f32).to_bits()
}

/// A quiet f16 NaN from NaN bits (other values unchanged).
#[inline]
pub fn quiet16(x: u32) -> u32 {
    if x & 0x7c00 == 0x7c00 && x & 0x3ff != 0 {
        x | 0x200
    } else {
        x
    }
}

/// `x = m * 2^e` with `0.5 <= |m| < 1` (C's frexp) for finite non-zero x, subnormals included.
pub fn frexp64(x: f64) -> (f64, i32) {
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(64), 64)
    } else {
        (x, 0)
    };
    let b = x.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32 - 1022;
    let m = f64::from_bits((b & !(0x7ff << 52)) | (1022 << 52));
    (m, e - bias)
}

// ---------------------------------------------------------------------------------------------
// Correctly rounded elementary functions for f32 and f16 results.
//
// The hardware's approximations (V_EXP/LOG/SIN/COS...) are not documented bit for bit; gcnkit
// returns the correctly rounded value of the documented formula. The value is first computed
// in f64 (libm, error well below 2^-50 relative); when that lies so close to a rounding boundary
// of the narrow format that the f64 error could decide the side, it is recomputed in
// double-double arithmetic (error below 2^-100) and rounded from there. Exact cases (powers of
// two, quarter revolutions) are handled before either path.
// ---------------------------------------------------------------------------------------------

/// A narrow float format results are rounded to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Narrow {
    F16,
    F32,
}

impl Narrow {
    /// Bits of `v` rounded to nearest even.
    #[inline]
    pub fn round(self, v: f64) -> u32 {
        match self {
            Narrow::F32 => (v as f32).to_bits(),
            Narrow::F16 => f64_to_f16(v),
        }
    }

    #[inline]
    pub fn value(self, b: u32) -> f64 {
        match self {
            Narrow::F32 => f32::from_bits(b) as f64,
            Narrow::F16 => f16_to_f32(b) as f64,
        }
    }

    /// Bits of +infinity.
    #[inline]
    fn inf(self) -> u32 {
        match self {
            Narrow::F32 => 0x7f80_0000,
            Narrow::F16 => 0x7c00,
        }
    }

    /// The sign bit.
    #[inline]
    pub fn sign(self) -> u32 {
        match self {
            Narrow::F32 => 0x8000_0000,
            Narrow::F16 => 0x8000,
        }
    }

    /// The boundary between the magnitudes `b` and `b + 1` (`b` finite): the midpoint, or for
    /// the largest finite value the overflow threshold (max + half an ulp).
    fn upper_boundary(self, b: u32) -> f64 {
        let v = self.value(b);
        if b + 1 == self.inf() {
            v + (v - self.value(b - 1)) / 2.0
        } else {
            (v + self.value(b + 1)) / 2.0
        }
    }
}

/// A double-double: the unevaluated sum `hi + lo`, `|lo| <= ulp(hi)/2`.
#[derive(Clone, Copy, Debug)]
pub struct Dd(pub f64, pub f64);

#[inline]
fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd(s, (a - (s - bb)) + (b - bb))
}

#[inline]
fn quick_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd(s, b - (s - a))
}

impl Dd {
    #[inline]
    fn add(self, o: Dd) -> Dd {
        let s = two_sum(self.0, o.0);
        let t = two_sum(self.1, o.1);
        let s = quick_two_sum(s.0, s.1 + t.0);
        quick_two_sum(s.0, s.1 + t.1)
    }

    #[inline]
    fn mul(self, o: Dd) -> Dd {
        let p = self.0 * o.0;
        let e = self.0.mul_add(o.0, -p);
        quick_two_sum(p, e + (self.0 * o.1 + self.1 * o.0))
    }

    #[inline]
    fn mul_f(self, f: f64) -> Dd {
        self.mul(Dd(f, 0.0))
    }

    #[inline]
    fn div(self, o: Dd) -> Dd {
        let q1 = self.0 / o.0;
        let r = self.add(o.mul_f(-q1));
        let q2 = r.0 / o.0;
        let r = r.add(o.mul_f(-q2));
        let q3 = r.0 / o.0;
        quick_two_sum(q1, q2).add(Dd(q3, 0.0))
    }

    #[inline]
    fn neg(self) -> Dd {
        Dd(-self.0, -self.1)
    }

    #[inline]
    fn scale(self, f: f64) -> Dd {
        Dd(self.0 * f, self.1 * f)
    }
}

/// ln 2, log2(e) and 2π as double-doubles (checked against 40-digit values in the unit tests).
const LN2: Dd = Dd(
    f64::from_bits(0x3fe6_2e42_fefa_39ef),
    f64::from_bits(0x3c7a_bc9e_3b39_803f),
);
const LOG2E: Dd = Dd(
    f64::from_bits(0x3ff7_1547_652b_82fe),
    f64::from_bits(0x3c77_77d0_ffda_0d24),
);
const TWO_PI: Dd = Dd(
    f64::from_bits(0x4019_21fb_5444_2d18),
    f64::from_bits(0x3cb1_a626_3314_5c07),
);

/// 2^x for finite x with |x| < 1024, to about 2^-100.
pub fn exp2_dd(x: f64) -> Dd {
    let n = x.round_ties_even();
    let y = LN2.mul_f(x - n);
    // exp(y) for |y| <= ln2/2 by its Taylor series: 27 terms bring the remainder below 2^-110.
    let mut term = Dd(1.0, 0.0);
    let mut sum = term;
    for k in 1..28 {
        term = term.mul(y).div(Dd(k as f64, 0.0));
        sum = sum.add(term);
    }
    sum.scale(2f64.powi(n as i32))
}

/// log2(x) for finite x > 0, to about 2^-100 (absolute for results near 0, relative otherwise).
pub fn log2_dd(x: f64) -> Dd {
    let (m, e) = frexp64(x);
    // m in [0.5, 1) → [1/√2, √2): log m = 2 atanh((m - 1) / (m + 1)), |s| <= 0.172.
    let (m, e) = if m < std::f64::consts::FRAC_1_SQRT_2 {
        (m * 2.0, e - 1)
    } else {
        (m, e)
    };
    let s = Dd(m - 1.0, 0.0).div(Dd(m + 1.0, 0.0));
    let s2 = s.mul(s);
    let mut p = s;
    let mut sum = s;
    for k in 1..26 {
        p = p.mul(s2);
        sum = sum.add(p.div(Dd((2 * k + 1) as f64, 0.0)));
    }
    Dd(e as f64, 0.0).add(sum.scale(2.0).mul(LOG2E))
}

/// sin(y) and cos(y) for |y| <= π/4, to about 2^-100, by their Taylor series.
fn sincos_dd(y: Dd) -> (Dd, Dd) {
    let y2 = y.mul(y);
    let (mut s, mut st) = (y, y);
    let (mut c, mut ct) = (Dd(1.0, 0.0), Dd(1.0, 0.0));
    for k in 1..16 {
        let k2 = (2 * k) as f64;
        st = st.mul(y2).div(Dd(k2 * (k2 + 1.0), 0.0)).neg();
        ct = ct.mul(y2).div(Dd((k2 - 1.0) * k2, 0.0)).neg();
        s = s.add(st);
        c = c.add(ct);
    }
    (s, c)
}

/// `x = q/4 + r` with q an integer and |r| <= 1/8 (exact for any f64 x with |x| < 2^50).
#[inline]
fn quarter_split(x: f64) -> (i64, f64) {
    let q = (x * 4.0).round_ties_even();
    (q as i64, x - q / 4.0)
}

/// Rounds `v` (an f64 approximation of the exact value, relative error far below 2^-48) to `fmt`
/// if its error cannot change the rounding; `None` if `v` lies within that error of a boundary.
fn round_if_clear(fmt: Narrow, v: f64) -> Option<u32> {
    let sign = if v.is_sign_negative() { fmt.sign() } else { 0 };
    let a = v.abs();
    let b = fmt.round(a);
    let tol = a * 2f64.powi(-48);
    let val = fmt.value(b);
    let near = if b == fmt.inf() {
        a - fmt.upper_boundary(b - 1) <= tol
    } else if a > val {
        fmt.upper_boundary(b) - a <= tol
    } else if a < val {
        a - fmt.upper_boundary(b - 1) <= tol
    } else {
        false
    };
    (!near).then_some(b | sign)
}

/// Rounds the double-double `d` to `fmt`, nearest even, exactly.
fn round_dd(fmt: Narrow, d: Dd) -> u32 {
    let (sign, d) = if d.0 < 0.0 { (fmt.sign(), d.neg()) } else { (0, d) };
    let b = fmt.round(d.0);
    // Which side of a boundary c is d on: the sign of (hi - c) + lo is exact in sign.
    let side = |c: f64| (d.0 - c) + d.1;
    let b = if b != fmt.inf() && side(fmt.upper_boundary(b)) > 0.0 {
        b + 1
    } else if b != 0 && side(fmt.upper_boundary(b - 1)) < 0.0 {
        b - 1
    } else if b != fmt.inf() && side(fmt.upper_boundary(b)) == 0.0 && b & 1 != 0 {
        b + 1
    } else if b != 0 && side(fmt.upper_boundary(b - 1)) == 0.0 && b & 1 != 0 {
        b - 1
    } else {
        b
    };
    b | sign
}

/// The correctly rounded value: the f64 evaluation `fast` when it decides the rounding, else
/// the double-double one.
#[inline]
pub fn correctly_rounded(fmt: Narrow, fast: f64, slow: impl FnOnce() -> Dd) -> u32 {
    round_if_clear(fmt, fast).unwrap_or_else(|| round_dd(fmt, slow()))
}

/// 2^x rounded to `fmt` for finite x (overflow gives +inf, underflow +0 or a subnormal).
pub fn exp2_round(fmt: Narrow, x: f64) -> u32 {
    if x >= 1024.0 {
        return fmt.inf();
    }
    if x < -1100.0 {
        return 0;
    }
    if x == x.round() {
        return fmt.round(2f64.powi(x as i32));
    }
    correctly_rounded(fmt, x.exp2(), || exp2_dd(x))
}

/// log2(x) rounded to `fmt` for finite x > 0.
pub fn log2_round(fmt: Narrow, x: f64) -> u32 {
    let (m, e) = frexp64(x);
    if m == 0.5 {
        return fmt.round((e - 1) as f64);
    }
    correctly_rounded(fmt, x.log2(), || log2_dd(x))
}

/// sin(2πx) rounded to `fmt` for finite x (|x| < 2^50). Zero results follow IEEE sinPi: the
/// sign of x.
pub fn sin_rev_round(fmt: Narrow, x: f64) -> u32 {
    let (q, r) = quarter_split(x);
    let k = q.rem_euclid(4);
    if r == 0.0 {
        return match k {
            1 => fmt.round(1.0),
            3 => fmt.round(-1.0),
            _ if x.is_sign_negative() => fmt.sign(),
            _ => 0,
        };
    }
    let y = TWO_PI.0 * r;
    let fast = match k {
        0 => y.sin(),
        1 => y.cos(),
        2 => -y.sin(),
        _ => -y.cos(),
    };
    correctly_rounded(fmt, fast, || {
        let (s, c) = sincos_dd(TWO_PI.mul_f(r));
        [s, c, s.neg(), c.neg()][k as usize]
    })
}

/// cos(2πx) rounded to `fmt` for finite x (|x| < 2^50). Zero results are +0 (IEEE cosPi).
pub fn cos_rev_round(fmt: Narrow, x: f64) -> u32 {
    let (q, r) = quarter_split(x);
    let k = q.rem_euclid(4);
    if r == 0.0 {
        return match k {
            0 => fmt.round(1.0),
            2 => fmt.round(-1.0),
            _ => 0,
        };
    }
    let y = TWO_PI.0 * r;
    let fast = match k {
        0 => y.cos(),
        1 => -y.sin(),
        2 => -y.cos(),
        _ => y.sin(),
    };
    correctly_rounded(fmt, fast, || {
        let (s, c) = sincos_dd(TWO_PI.mul_f(r));
        [c, s.neg(), c.neg(), s][k as usize]
    })
}

/// `v = m * 2^e` with m the integer significand (subnormals included), for finite v >= 0.
fn int_parts(v: f64) -> (u128, i32) {
    let b = v.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32;
    let m = b & ((1 << 52) - 1);
    if e == 0 {
        (m as u128, -1074)
    } else {
        ((m | 1 << 52) as u128, e - 1075)
    }
}

/// Whether `1/sqrt(x) > c` for finite x > 0 and `c = mc * 2^ec > 0` (mc < 2^55), decided
/// exactly: 1/sqrt(x) > c ⟺ c²·x < 1, computed on integers (c²·x has at most 163 bits).
fn rsqrt_above(x: f64, mc: u128, ec: i32) -> bool {
    let (mx, ex) = int_parts(x);
    let c2 = mc * mc; // < 2^110
                      // c2 * mx as three 64-bit limbs, low first.
    let lo = (c2 & u64::MAX as u128) * mx;
    let hi = (c2 >> 64) * mx;
    let mid = (lo >> 64) + (hi & u64::MAX as u128);
    let limbs = [lo as u64, mid as u64, ((mid >> 64) + (hi >> 64)) as u64];
    let bits = match limbs {
        [_, _, l2] if l2 != 0 => 192 - l2.leading_zeros(),
        [_, l1, _] if l1 != 0 => 128 - l1.leading_zeros(),
        [l0, ..] => 64 - l0.leading_zeros(),
    };
    // limbs * 2^k < 1 with k = 2*ec + ex ⟺ limbs < 2^-k ⟺ bits <= -k (limbs is not 0).
    bits as i64 <= -(2 * ec as i64 + ex as i64)
}

/// The boundary above the narrow value `b` as an exact f64, split for [`rsqrt_above`].
fn boundary_parts(fmt: Narrow, b: u32) -> (u128, i32) {
    int_parts(fmt.upper_boundary(b))
}

/// 1/sqrt(x) rounded to `fmt` (f16, f32) for finite x > 0, exactly (ties cannot occur: c²·x = 1
/// has no solution with c a midpoint and x a float).
pub fn rsqrt_round(fmt: Narrow, x: f64) -> u32 {
    let mut b = fmt.round(1.0 / x.sqrt());
    // The f64 estimate is within an ulp of the narrow result: move to the value whose rounding
    // interval holds the exact one.
    loop {
        if b != fmt.inf() && {
            let (m, e) = boundary_parts(fmt, b);
            rsqrt_above(x, m, e)
        } {
            b += 1;
        } else if b != 0 && {
            let (m, e) = boundary_parts(fmt, b - 1);
            !rsqrt_above(x, m, e)
        } {
            b -= 1;
        } else {
            return b;
        }
    }
}

/// 1/sqrt(x) correctly rounded to f64 for finite x > 0.
pub fn rsqrt64(x: f64) -> f64 {
    // Two roundings leave the estimate within 2 ulps; the midpoint above the finite positive
    // value with bits b is (2m + 1) * 2^(e - 1), exact on integers.
    let above = |b: u64| {
        let (m, e) = int_parts(f64::from_bits(b));
        rsqrt_above(x, 2 * m + 1, e - 1)
    };
    let mut b = (1.0 / x.sqrt()).to_bits();
    loop {
        if above(b) {
            b += 1;
        } else if b != 0 && !above(b - 1) {
            b -= 1;
        } else {
            return f64::from_bits(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// |a - b| relative to |b|, on double-doubles.
    fn rel(a: Dd, b: f64) -> f64 {
        (a.add(Dd(-b, 0.0)).0 / b).abs()
    }

    #[test]
    fn double_double_constants() {
        // ln 2 * log2(e) = 1, (2π/8) has sine = cosine = √2/2, to double-double precision.
        assert!(rel(LN2.mul(LOG2E), 1.0) < 2f64.powi(-103));
        let (s, c) = sincos_dd(TWO_PI.mul_f(0.125));
        assert!(rel(s.mul(s), 0.5) < 2f64.powi(-100));
        assert!(rel(c.mul(c), 0.5) < 2f64.powi(-100));
        // 2π / 4 = π/2: exp2/log2 round trips.
        assert!(rel(exp2_dd(0.5).mul(exp2_dd(0.5)), 2.0) < 2f64.powi(-100));
        assert!(rel(log2_dd(8.0), 3.0) < 2f64.powi(-100));
        assert!(rel(exp2_dd(log2_dd(3.0).0).add(Dd(0.0, 0.0)), 3.0) < 2f64.powi(-50));
        let l3 = log2_dd(3.0);
        assert!(rel(exp2_dd(l3.0).mul(exp2_dd(l3.1)), 3.0) < 2f64.powi(-100));
    }

    #[test]
    fn rounding_a_double_double() {
        // Just above, just below and exactly on the f32 midpoint 1 + 2^-24.
        let m = 1.0 + 2f64.powi(-24);
        assert_eq!(round_dd(Narrow::F32, Dd(m, 2f64.powi(-80))), 0x3f80_0001);
        assert_eq!(round_dd(Narrow::F32, Dd(m, -(2f64.powi(-80)))), 0x3f80_0000);
        assert_eq!(round_dd(Narrow::F32, Dd(m, 0.0)), 0x3f80_0000); // tie → even
        assert_eq!(round_dd(Narrow::F32, Dd(-m, -(2f64.powi(-80)))), 0xbf80_0001);
        // f16: 1 + 2^-11 is the midpoint.
        let m = 1.0 + 2f64.powi(-11);
        assert_eq!(round_dd(Narrow::F16, Dd(m, 2f64.powi(-70))), 0x3c01);
        assert_eq!(round_dd(Narrow::F16, Dd(m, -(2f64.powi(-70)))), 0x3c00);
        // The f64 value itself is unambiguous away from midpoints, and refused close to one.
        assert_eq!(round_if_clear(Narrow::F32, 1.5), Some(0x3fc0_0000));
        assert_eq!(round_if_clear(Narrow::F32, 1.0 + 2f64.powi(-24) + 2f64.powi(-60)), None);
    }

    #[test]
    fn rsqrt_is_exact_around_boundaries() {
        // 1/sqrt(4) = 0.5 exactly; 1/sqrt(2) rounds down in f32 (0x3f3504f3), as mpmath says.
        assert_eq!(rsqrt_round(Narrow::F32, 4.0), 0x3f00_0000);
        assert_eq!(rsqrt_round(Narrow::F32, 2.0), 0x3f35_04f3);
        assert_eq!(rsqrt64(4.0), 0.5);
        assert_eq!(rsqrt64(2.0).to_bits(), 0x3fe6_a09e_667f_3bcd);
        assert_eq!(rsqrt64(f64::from_bits(1)), 2f64.powi(537));
        // Every f16 input: the exact comparison agrees with f64 1/sqrt rounded (f16's 11 bits
        // are far from f64's error) wherever that is not within 2^-40 of a midpoint.
        for b in 1..0x7c00u32 {
            let x = f16_to_f32(b) as f64;
            let y = 1.0 / x.sqrt();
            if round_if_clear(Narrow::F16, y).is_some() {
                assert_eq!(rsqrt_round(Narrow::F16, x), f64_to_f16(y), "{b:#x}");
            }
        }
    }

    #[test]
    fn frexp_of_subnormals() {
        assert_eq!(frexp64(f64::from_bits(1)), (0.5, -1073));
        assert_eq!(frexp64(-12.0), (-0.75, 4));
        assert_eq!(frexp64(f64::MAX).1, 1024);
    }
}
