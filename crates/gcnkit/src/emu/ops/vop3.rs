//! Semantics of the VOP3-only instructions (CLRX wiki page GcnInstrsVop3, *Operation* sections;
//! README says where an operation is inferred rather than documented).
//!
//! Where CLRX's wiki page has no Operation text, the operation is inferred from checkable public
//! facts; every such function carries an `// inferred: <source>` comment, and the row's `.op`
//! text states the operation that is executed.
//!
//! Operand widths: a 32-bit source only fills `src[k][0]` (dword 1 may hold stale data from an
//! earlier instruction), so the mixed-width operations below read each dword explicitly.

use super::{by_mode, fma_even_f32, map2, map3, map3f, map64f, sext24};
use crate::emu::float::{f16_to_f32, ftz16, ftz32, QNAN16, QNAN32, QNAN64};
use crate::emu::lanes::{each64_32, Lanes, N};
use crate::emu::round::Rm;

// ---------------------------------------------------------------------------------------------
// Private helpers
// ---------------------------------------------------------------------------------------------

/// The f16 value of low-half bits, as f64 (exact).
#[inline]
fn h(x: u32) -> f64 {
    f16_to_f32(x & 0xffff) as f64
}

/// `p + c` (p, c exact f64 values whose sum may be inexact) rounded to odd at f64 precision:
/// a later rounding to a narrower format is then correctly rounded (no double rounding).
pub(crate) fn add_round_odd(p: f64, c: f64) -> f64 {
    let s = p + c;
    if !s.is_finite() || s == 0.0 {
        return s;
    }
    // Two-sum: s + e == p + c exactly.
    let bb = s - p;
    let e = (p - (s - bb)) + (c - bb);
    let bits = s.to_bits();
    if e == 0.0 || bits & 1 == 1 {
        return s;
    }
    // s is even and inexact: the exact value lies between s and its odd neighbour toward e.
    if (e > 0.0) == (s > 0.0) {
        f64::from_bits(bits + 1)
    } else {
        f64::from_bits(bits - 1)
    }
}

/// `x * 2^e`, correctly rounded (one rounding, at the end).
fn ldexp64(x: f64, e: i32) -> f64 {
    let mut y = x;
    let mut n = e;
    if n > 1023 {
        y *= f64::from_bits(0x7fe0_0000_0000_0000); // 2^1023
        n -= 1023;
        if n > 1023 {
            y *= f64::from_bits(0x7fe0_0000_0000_0000);
            n -= 1023;
            n = n.min(1023);
        }
    } else if n < -1022 {
        // 2^-1022 * 2^53 keeps y normal until the last multiplication.
        let k = f64::from_bits(((1023 - 1022 + 53) as u64) << 52);
        y *= k;
        n += 1022 - 53;
        if n < -1022 {
            y *= k;
            n += 1022 - 53;
            n = n.max(-1022);
        }
    }
    y * f64::from_bits(((0x3ff + n) as u64) << 52)
}

/// `x * 2^e` in f32 (exact in f64, one rounding to f32).
fn ldexp32(x: f32, e: i32) -> f32 {
    ldexp64(x as f64, e) as f32
}

/// A float operand seen both as value (for comparisons) and as bits (the result is one of the
/// operands, bit for bit).
#[derive(Clone, Copy)]
struct V {
    f: f64,
    b: u64,
}

/// IEEE minNum as V_MIN_F32 does: a NaN operand gives the other one.
#[inline]
fn vmin(a: V, b: V) -> V {
    if a.f.is_nan() {
        b
    } else if b.f.is_nan() || a.f < b.f || (a.f == b.f && a.f.is_sign_negative()) {
        a
    } else {
        b
    }
}

#[inline]
fn vmax(a: V, b: V) -> V {
    if a.f.is_nan() {
        b
    } else if b.f.is_nan() || a.f > b.f || (a.f == b.f && b.f.is_sign_negative()) {
        a
    } else {
        b
    }
}

/// V_MIN3 (CLRX's page): NaN operands drop out; else SRC2 if strictly smallest, else
/// MIN(SRC1, SRC0).
fn fmin3(a: V, b: V, c: V) -> V {
    if a.f.is_nan() {
        vmin(b, c)
    } else if b.f.is_nan() {
        vmin(a, c)
    } else if c.f.is_nan() {
        vmin(a, b)
    } else if c.f < a.f && c.f < b.f {
        c
    } else {
        vmin(b, a)
    }
}

fn fmax3(a: V, b: V, c: V) -> V {
    if a.f.is_nan() {
        vmax(b, c)
    } else if b.f.is_nan() {
        vmax(a, c)
    } else if c.f.is_nan() {
        vmax(a, b)
    } else if c.f > a.f && c.f > b.f {
        c
    } else {
        vmax(b, a)
    }
}

/// V_MED3: the CLRX page's NaN rules (MIN of the other two); otherwise the median as AMD's ISA
/// documents it (the max of the two operands other than the overall max). The CLRX page's strict
/// comparisons would return SRC0 on ties (med3(1, 2, 2) = 1), which is not a median.
fn fmed3(a: V, b: V, c: V) -> V {
    if a.f.is_nan() {
        vmin(b, c)
    } else if b.f.is_nan() {
        vmin(a, c)
    } else if c.f.is_nan() {
        vmin(a, b)
    } else {
        let m = vmax(vmax(a, b), c);
        if m.f == a.f {
            vmax(b, c)
        } else if m.f == b.f {
            vmax(a, c)
        } else {
            vmax(a, b)
        }
    }
}

#[inline]
fn v32(x: u32) -> V {
    V {
        f: f32::from_bits(x) as f64,
        b: x as u64,
    }
}

#[inline]
fn v64(x: u64) -> V {
    V {
        f: f64::from_bits(x),
        b: x,
    }
}

#[inline]
fn v16(x: u32) -> V {
    V {
        f: h(x),
        b: (x & 0xffff) as u64,
    }
}

/// Result bits of a 3-way f32 selection, NaN quieted.
#[inline]
fn sel32(r: V) -> u32 {
    let b = r.b as u32;
    if r.f.is_nan() {
        b | 0x0040_0000
    } else {
        b
    }
}

#[inline]
fn sel16(r: V) -> u32 {
    let b = r.b as u32;
    if r.f.is_nan() {
        b | 0x0200
    } else {
        b
    }
}

fn med3_int<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    a.min(b).max(a.max(b).min(c))
}

/// Float format parameters for the bit-level V_DIV_FIXUP.
#[derive(Clone, Copy)]
struct Fmt {
    sign: u64,
    inf: u64,
    quiet: u64,
    qnan: u64,
}

const F16: Fmt = Fmt {
    sign: 0x8000,
    inf: 0x7c00,
    quiet: 0x0200,
    qnan: QNAN16 as u64,
};
const F32: Fmt = Fmt {
    sign: 0x8000_0000,
    inf: 0x7f80_0000,
    quiet: 0x0040_0000,
    qnan: QNAN32 as u64,
};
const F64: Fmt = Fmt {
    sign: 0x8000_0000_0000_0000,
    inf: 0x7ff0_0000_0000_0000,
    quiet: 0x0008_0000_0000_0000,
    qnan: QNAN64,
};

/// V_DIV_FIXUP (CLRX page text with AMD's manuals' 0/y and inf/y cases): q = quotient (SRC0), d = denominator (SRC1), n = numerator (SRC2).
fn div_fixup(q: u64, d: u64, n: u64, f: Fmt) -> u64 {
    let (aq, ad, an) = (q & !f.sign, d & !f.sign, n & !f.sign);
    let sign = (d ^ n) & f.sign;
    if ad > f.inf && an <= f.inf {
        d | f.quiet
    } else if an > f.inf {
        n | f.quiet
    } else if ad == 0 && an == 0 {
        f.qnan
    } else if ad == f.inf && an == f.inf {
        f.qnan | f.sign
    } else if ad == 0 || an == f.inf {
        // x/0 and inf/y (AMD's manuals; the CLRX page lacks inf/y).
        sign | f.inf
    } else if ad == f.inf || an == 0 {
        // x/inf and 0/y (AMD's manuals; the CLRX page lacks 0/y, which V_DIV_SCALE's NaN for
        // a zero numerator relies on: clang's f32/f64 division of 0 by y ends here).
        sign
    } else if aq > f.inf {
        sign | f.inf
    } else {
        q
    }
}

/// Saturating u32 from a wider sum when CLAMP is set, wrapping otherwise.
#[inline]
fn sat_u32(x: u64, clamp: bool) -> u32 {
    if clamp && x > u32::MAX as u64 {
        u32::MAX
    } else {
        x as u32
    }
}

#[inline]
fn sat_i32(x: i64, clamp: bool) -> u32 {
    if clamp {
        x.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
    } else {
        x as i32 as u32
    }
}

#[inline]
fn sat_u16(x: u32, clamp: bool) -> u32 {
    if clamp {
        x.min(0xffff)
    } else {
        x & 0xffff
    }
}

#[inline]
fn sat_i16(x: i32, clamp: bool) -> u32 {
    if clamp {
        x.clamp(i16::MIN as i32, i16::MAX as i32) as u32 & 0xffff
    } else {
        x as u32 & 0xffff
    }
}

#[inline]
fn absdiff(a: u32, b: u32) -> u32 {
    a.abs_diff(b)
}

/// Sum of absolute byte differences of `a` and `b` (masked: bytes where `b` is 0 count 0).
#[inline]
fn sad_bytes(a: u32, b: u32, masked: bool) -> u32 {
    let mut s = 0;
    for i in 0..4 {
        let (x, y) = ((a >> (8 * i)) & 0xff, (b >> (8 * i)) & 0xff);
        if !masked || y != 0 {
            s += absdiff(x, y);
        }
    }
    s
}

/// 64-bit result for lane `i` from explicit dwords.
#[inline]
fn src64(l: &Lanes, k: usize, i: usize) -> u64 {
    l.src[k][0][i] as u64 | (l.src[k][1][i] as u64) << 32
}

// ---------------------------------------------------------------------------------------------
// Multiply-add family
// ---------------------------------------------------------------------------------------------

/// `VDST = SRC0 * SRC1 + SRC2`, not fused (the product is rounded). V_MAD_F32 does not support
/// denormals whatever MODE says: inputs, the product and the result are flushed (CLRX's page:
/// "it flush denormals"; LLVM selects v_mad_f32 only when f32 denormals are flushed).
pub fn mad_f32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            let (a, b, c) = (
                f32::from_bits(ftz32(a)),
                f32::from_bits(ftz32(b)),
                f32::from_bits(ftz32(c)),
            );
            let p = f32::from_bits(ftz32(rm.mul32(a, b).to_bits()));
            ftz32(rm.add32(p, c).to_bits())
        })
    })
}

/// Legacy MAD: a zero factor gives SRC2 (DX9 rule, CLRX page description); denormals flushed as in
/// V_MAD_F32.
pub fn mad_legacy_f32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            let (fa, fb, fc) = (
                f32::from_bits(ftz32(a)),
                f32::from_bits(ftz32(b)),
                f32::from_bits(ftz32(c)),
            );
            if fa != 0.0 && fb != 0.0 {
                let p = f32::from_bits(ftz32(rm.mul32(fa, fb).to_bits()));
                ftz32(rm.add32(p, fc).to_bits())
            } else {
                ftz32(c)
            }
        })
    })
}

/// Fused multiply-add.
pub fn fma_f32(l: &mut Lanes) {
    if Rm::f32(l.mode) == Rm::Even {
        return fma_even_f32(&l.src[0][0], &l.src[1][0], &l.src[2][0], &mut l.dst[0]);
    }
    map3f(l, |rm, a, b, c| rm.fma32(a, b, c))
}

pub fn fma_f64(l: &mut Lanes) {
    if Rm::f64(l.mode) == Rm::Even {
        let f = |k: usize| -> [f64; N] { std::array::from_fn(|i| f64::from_bits(src64(l, k, i))) };
        let (a, b, c) = (f(0), f(1), f(2));
        let mut out = [0.0; N];
        super::fma_even_f64(&a, &b, &c, &mut out);
        for (i, x) in out.iter().enumerate() {
            l.set64(i, x.to_bits());
        }
        return;
    }
    map64f(l, |rm, a, b, c| rm.fma64(a, b, c))
}

/// `VDST = sext24(SRC0) * sext24(SRC1) + SRC2`; CLAMP (GCN 1.2+) saturates to i32.
pub fn mad_i32_i24(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        sat_i32(sext24(a) as i64 * sext24(b) as i64 + s2 as i32 as i64, c)
    })
}

/// `VDST = (SRC0 & 0xffffff) * (SRC1 & 0xffffff) + SRC2`; CLAMP saturates to u32.
pub fn mad_u32_u24(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        sat_u32((a & 0xff_ffff) as u64 * (b & 0xff_ffff) as u64 + s2 as u64, c)
    })
}

/// f16 MAD (not fused): the product is rounded to f16, then the sum. Like V_MAD_F32 it does not
/// support denormals (CLRX page: "it flush denormals"). Also the GCN 1.4 V_MAD_LEGACY_F16.
pub fn mad_f16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            let (a, b, c) = (h(ftz16(a & 0xffff)), h(ftz16(b & 0xffff)), h(ftz16(c & 0xffff)));
            let p = h(ftz16(rm.to16(a * b)));
            // Two f16 values add exactly in f64: one rounding.
            ftz16(rm.to16(p + c))
        })
    })
}

/// Fused f16 multiply-add, one rounding. Also the GCN 1.4 V_FMA_LEGACY_F16.
pub fn fma_f16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            // The product of two f16 values is exact in f64; the sum is rounded to odd so that the
            // final rounding to f16 is the only one.
            // Rounding to odd keeps every later rounding mode exact too.
            rm.to16(add_round_odd(h(a) * h(b), h(c)))
        })
    })
}

/// `VDST = SRC0.u16 * SRC1.u16 + SRC2.u16` (16-bit result); CLAMP saturates to 0xffff.
/// Also the GCN 1.4 V_MAD_LEGACY_U16.
pub fn mad_u16(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_u16((a & 0xffff) * (b & 0xffff) + (s2 & 0xffff), c))
}

/// `VDST = SRC0.i16 * SRC1.i16 + SRC2.i16`; CLAMP saturates to the i16 range.
pub fn mad_i16(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        sat_i16(
            (a as u16 as i16 as i32) * (b as u16 as i16 as i32) + (s2 as u16 as i16 as i32),
            c,
        )
    })
}

/// `VDST = SRC0.u16 * SRC1.u16 + SRC2` (32-bit); CLAMP saturates.
// inferred: AMD Vega ISA "D.u32 = S0.u16 * S1.u16 + S2.u32" (CLRX GcnInstrsVop3 GCN 1.4 page)
pub fn mad_u32_u16(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        sat_u32(((a & 0xffff) * (b & 0xffff)) as u64 + s2 as u64, c)
    })
}

/// `VDST = SRC0.i16 * SRC1.i16 + SRC2.i32`; CLAMP saturates.
// inferred: AMD Vega ISA "D.i32 = S0.i16 * S1.i16 + S2.i32" (CLRX GcnInstrsVop3 GCN 1.4 page)
pub fn mad_i32_i16(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        sat_i32(
            (a as u16 as i16 as i64) * (b as u16 as i16 as i64) + s2 as i32 as i64,
            c,
        )
    })
}

/// `{SDST, VDST} = SRC0.u32 * SRC1.u32 + SRC2.u64`: the carry out of bit 64 goes to SDST;
/// CLAMP saturates to u64.
// inferred: AMD ISA "{vcc_out,D.u64} = S0.u32 * S1.u32 + S2.u64" (as in gem5's Vega model)
pub fn mad_u64_u32(l: &mut Lanes) {
    let clamp = l.clamp;
    let mut carry = 0u64;
    for i in 0..N {
        let p = l.src[0][0][i] as u128 * l.src[1][0][i] as u128 + src64(l, 2, i) as u128;
        let c = (p >> 64) as u64 & 1;
        carry |= c << i;
        let v = if clamp && c != 0 { u64::MAX } else { p as u64 };
        l.set64(i, v);
    }
    l.sdst = carry;
}

/// `{SDST, VDST} = SRC0.i32 * SRC1.i32 + SRC2.i64` computed on 65 bits: SDST gets bit 64 of
/// the 65-bit two's-complement result (its sign); CLAMP saturates to the i64 range.
// inferred: AMD ISA "{vcc_out,D.i64} = S0.i32 * S1.i32 + S2.i64"; CLRX's page calls the SDST
// bits unknown, so bit 64 of the exact sum is gcnkit's choice
pub fn mad_i64_i32(l: &mut Lanes) {
    let clamp = l.clamp;
    let mut carry = 0u64;
    for i in 0..N {
        let p = l.src[0][0][i] as i32 as i128 * l.src[1][0][i] as i32 as i128 + src64(l, 2, i) as i64 as i128;
        carry |= ((p >> 64) as u64 & 1) << i;
        let v = if clamp {
            p.clamp(i64::MIN as i128, i64::MAX as i128) as i64 as u64
        } else {
            p as u64
        };
        l.set64(i, v);
    }
    l.sdst = carry;
}

// ---------------------------------------------------------------------------------------------
// Cube map
// ---------------------------------------------------------------------------------------------

/// The major axis the CLRX page's cube formulas choose: 2 = Z, 1 = Y, 0 = X.
#[inline]
fn cube_axis(x: f32, y: f32, z: f32) -> u32 {
    if z.abs() >= y.abs() && z.abs() >= x.abs() {
        2
    } else if y.abs() >= x.abs() {
        1
    } else {
        0
    }
}

/// `SIGN(s) * v` with SIGN = +1 for s >= 0 (the CLRX page's face test), -1 otherwise.
#[inline]
fn signed(s: f32, v: f32) -> f32 {
    if s >= 0.0 {
        v
    } else {
        -v
    }
}

pub fn cubeid_f32(l: &mut Lanes) {
    map3f(l, |_, x, y, z| match cube_axis(x, y, z) {
        2 => {
            if z >= 0.0 {
                4.0
            } else {
                5.0
            }
        }
        1 => {
            if y >= 0.0 {
                2.0
            } else {
                3.0
            }
        }
        _ => {
            if x >= 0.0 {
                0.0
            } else {
                1.0
            }
        }
    })
}

pub fn cubesc_f32(l: &mut Lanes) {
    map3f(l, |_, x, y, z| match cube_axis(x, y, z) {
        2 => signed(z, x),
        1 => x,
        _ => -signed(x, z),
    })
}

pub fn cubetc_f32(l: &mut Lanes) {
    map3f(l, |_, x, y, z| match cube_axis(x, y, z) {
        1 => signed(y, z),
        _ => -y,
    })
}

pub fn cubema_f32(l: &mut Lanes) {
    map3f(l, |rm, x, y, z| match cube_axis(x, y, z) {
        2 => rm.mul32(2.0, z),
        1 => rm.mul32(2.0, y),
        _ => rm.mul32(2.0, x),
    })
}

// ---------------------------------------------------------------------------------------------
// Bit fields, alignment, byte operations
// ---------------------------------------------------------------------------------------------

/// Extracts `SRC2 & 31` bits at `SRC1 & 31` (length 0 gives 0).
pub fn bfe_u32(l: &mut Lanes) {
    map3(l, |a, b, c| {
        let (shift, len) = (b & 31, c & 31);
        if len == 0 {
            0
        } else if shift + len < 32 {
            (a << (32 - shift - len)) >> (32 - len)
        } else {
            a >> shift
        }
    })
}

/// The same, sign-extending the extracted field.
pub fn bfe_i32(l: &mut Lanes) {
    map3(l, |a, b, c| {
        let (shift, len) = (b & 31, c & 31);
        if len == 0 {
            0
        } else if shift + len < 32 {
            (((a << (32 - shift - len)) as i32) >> (32 - len)) as u32
        } else {
            ((a as i32) >> shift) as u32
        }
    })
}

pub fn bfi_b32(l: &mut Lanes) {
    map3(l, |a, b, c| (a & b) | (!a & c))
}

/// Per byte: `(SRC0 + SRC1 + (SRC2 & 1)) >> 1`.
pub fn lerp_u8(l: &mut Lanes) {
    map3(l, |a, b, c| {
        let mut d = 0;
        for i in 0..4 {
            let s = |x: u32| (x >> (8 * i)) & 0xff;
            d |= ((s(a) + s(b) + (s(c) & 1)) >> 1) << (8 * i);
        }
        d
    })
}

pub fn alignbit_b32(l: &mut Lanes) {
    map3(l, |a, b, c| (((a as u64) << 32 | b as u64) >> (c & 31)) as u32)
}

pub fn alignbyte_b32(l: &mut Lanes) {
    map3(l, |a, b, c| (((a as u64) << 32 | b as u64) >> ((c & 3) * 8)) as u32)
}

/// Byte permute of {SRC0, SRC1} (SRC0 high) by the selector bytes of SRC2.
// inferred: AMD Vega ISA V_PERM_B32 (permute(): sel >= 13 → 0xff, 12 → 0x00, 8..11 → sign of
// byte 1/3/5/7 replicated, else byte sel), as quoted in gem5's Vega model and CLRX's page
pub fn perm_b32(l: &mut Lanes) {
    map3(l, |a, b, c| {
        let q = (a as u64) << 32 | b as u64;
        let mut d = 0;
        for i in 0..4 {
            let sel = (c >> (8 * i)) & 0xff;
            let byte = match sel {
                13.. => 0xff,
                12 => 0,
                8..=11 => (((q >> ((sel - 8) * 16 + 15)) & 1) as u32) * 0xff,
                _ => ((q >> (sel * 8)) & 0xff) as u32,
            };
            d |= byte << (8 * i);
        }
        d
    })
}

/// `VDST = SRC2 + sum |SRC0.byte - SRC1.byte|`; CLAMP saturates.
pub fn sad_u8(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_u32(s2 as u64 + sad_bytes(a, b, false) as u64, c))
}

/// `VDST = SRC2 + (sum |SRC0.byte - SRC1.byte|) << 16`.
pub fn sad_hi_u8(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        sat_u32(s2 as u64 + ((sad_bytes(a, b, false) as u64) << 16), c)
    })
}

pub fn sad_u16(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| {
        let d = absdiff(a & 0xffff, b & 0xffff) + absdiff(a >> 16, b >> 16);
        sat_u32(s2 as u64 + d as u64, c)
    })
}

pub fn sad_u32(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_u32(s2 as u64 + absdiff(a, b) as u64, c))
}

/// Masked SAD: bytes where SRC1 (the reference) is 0 do not count.
// inferred: AMD ISA "Masked Byte SAD with accum_lo"; the mask is SRC1's zero bytes (CLRX page
// GCN 1.4 V_MSAD_U8; Mesa's msad_4x8 masks on the reference, passed as the instruction's SRC1)
pub fn msad_u8(l: &mut Lanes) {
    let c = l.clamp;
    map3(l, |a, b, s2| sat_u32(s2 as u64 + sad_bytes(a, b, true) as u64, c))
}

/// Four SADs of SRC1 against the byte windows SRC0[8i+31:8i] (i = 0..3), each accumulated on
/// the 16-bit field i of SRC2, packed in four 16-bit fields.
// inferred: AMD ISA "Quad-Byte SAD with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0],
// S2.u[63:0])"; window layout from CLRX's GCN 1.4 page
fn qsad16(l: &mut Lanes, masked: bool) {
    let clamp = l.clamp;
    for i in 0..N {
        let s0 = src64(l, 0, i);
        let s1 = l.src[1][0][i];
        let s2 = src64(l, 2, i);
        let mut d = 0u64;
        for k in 0..4 {
            let win = (s0 >> (8 * k)) as u32;
            let acc = ((s2 >> (16 * k)) & 0xffff) as u32 + sad_bytes(win, s1, masked);
            d |= (sat_u16(acc, clamp) as u64) << (16 * k);
        }
        l.set64(i, d);
    }
}

pub fn qsad_pk_u16_u8(l: &mut Lanes) {
    qsad16(l, false)
}

// inferred: as qsad_pk_u16_u8 with V_MSAD_U8's mask
pub fn mqsad_pk_u16_u8(l: &mut Lanes) {
    qsad16(l, true)
}

/// Four masked SADs, each accumulated on dword i of SRC2 (128-bit result).
// inferred: AMD ISA "Masked Quad-Byte SAD with 32-bit accum_lo/hi(S0.u[63:0], S1.u[31:0],
// S2.u[127:0])"; windows from CLRX's GCN 1.4 page; CLAMP saturates each dword
pub fn mqsad_u32_u8(l: &mut Lanes) {
    let clamp = l.clamp;
    for i in 0..N {
        let s0 = src64(l, 0, i);
        let s1 = l.src[1][0][i];
        for k in 0..4 {
            let win = (s0 >> (8 * k)) as u32;
            let acc = l.src[2][k][i] as u64 + sad_bytes(win, s1, true) as u64;
            l.dst[k][i] = sat_u32(acc, clamp);
        }
    }
}

/// SRC0 rounded to an integer in MODE's f32 round mode, saturated to a byte (NaN gives 0),
/// placed in byte `SRC1 & 3` of SRC2. The seed's `if (ISNAN(f))` means `if (!ISNAN(f))`
/// (DESIGN.md errata).
pub fn cvt_pk_u8_f32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            let f = rm.to_int32(f32::from_bits(a));
            let v = if f.is_nan() { 0 } else { f.clamp(0.0, 255.0) as u32 };
            let shift = (b & 3) * 8;
            (c & !(0xff << shift)) | (v << shift)
        })
    })
}

// ---------------------------------------------------------------------------------------------
// min3 / max3 / med3
// ---------------------------------------------------------------------------------------------

pub fn min3_f32(l: &mut Lanes) {
    map3(l, |a, b, c| sel32(fmin3(v32(a), v32(b), v32(c))))
}
pub fn max3_f32(l: &mut Lanes) {
    map3(l, |a, b, c| sel32(fmax3(v32(a), v32(b), v32(c))))
}
pub fn med3_f32(l: &mut Lanes) {
    map3(l, |a, b, c| sel32(fmed3(v32(a), v32(b), v32(c))))
}
pub fn min3_i32(l: &mut Lanes) {
    map3(l, |a, b, c| (a as i32).min(b as i32).min(c as i32) as u32)
}
pub fn max3_i32(l: &mut Lanes) {
    map3(l, |a, b, c| (a as i32).max(b as i32).max(c as i32) as u32)
}
pub fn med3_i32(l: &mut Lanes) {
    map3(l, |a, b, c| med3_int(a as i32, b as i32, c as i32) as u32)
}
pub fn min3_u32(l: &mut Lanes) {
    map3(l, |a, b, c| a.min(b).min(c))
}
pub fn max3_u32(l: &mut Lanes) {
    map3(l, |a, b, c| a.max(b).max(c))
}
pub fn med3_u32(l: &mut Lanes) {
    map3(l, med3_int)
}

// GCN 1.4 16-bit forms: the same rules on 16-bit values (results zero-extended; the executor
// applies op_sel).
// inferred: AMD Vega ISA V_MIN3/MAX3/MED3_{F16,I16,U16} = the 32-bit operations on 16-bit
// values (CLRX GCN 1.4 page)

pub fn min3_f16(l: &mut Lanes) {
    map3(l, |a, b, c| sel16(fmin3(v16(a), v16(b), v16(c))))
}
pub fn max3_f16(l: &mut Lanes) {
    map3(l, |a, b, c| sel16(fmax3(v16(a), v16(b), v16(c))))
}
pub fn med3_f16(l: &mut Lanes) {
    map3(l, |a, b, c| sel16(fmed3(v16(a), v16(b), v16(c))))
}
pub fn min3_i16(l: &mut Lanes) {
    map3(l, |a, b, c| (a as i16).min(b as i16).min(c as i16) as u16 as u32)
}
pub fn max3_i16(l: &mut Lanes) {
    map3(l, |a, b, c| (a as i16).max(b as i16).max(c as i16) as u16 as u32)
}
pub fn med3_i16(l: &mut Lanes) {
    map3(l, |a, b, c| med3_int(a as i16, b as i16, c as i16) as u16 as u32)
}
pub fn min3_u16(l: &mut Lanes) {
    map3(l, |a, b, c| (a as u16).min(b as u16).min(c as u16) as u32)
}
pub fn max3_u16(l: &mut Lanes) {
    map3(l, |a, b, c| (a as u16).max(b as u16).max(c as u16) as u32)
}
pub fn med3_u16(l: &mut Lanes) {
    map3(l, |a, b, c| med3_int(a as u16, b as u16, c as u16) as u32)
}

// ---------------------------------------------------------------------------------------------
// Division helpers, legacy multiply, trig
// ---------------------------------------------------------------------------------------------

pub fn div_fixup_f32(l: &mut Lanes) {
    map3(l, |q, d, n| div_fixup(q as u64, d as u64, n as u64, F32) as u32)
}

pub fn div_fixup_f64(l: &mut Lanes) {
    for i in 0..N {
        let v = div_fixup(src64(l, 0, i), src64(l, 1, i), src64(l, 2, i), F64);
        l.set64(i, v);
    }
}

/// The CLRX page's V_DIV_FIXUP on f16 values (also the GCN 1.4 V_DIV_FIXUP_LEGACY_F16).
// inferred: CLRX GCN 1.4 page (the f32 text with HALF operands, NAN_H = 0x7e00)
pub fn div_fixup_f16(l: &mut Lanes) {
    map3(l, |q, d, n| {
        div_fixup((q & 0xffff) as u64, (d & 0xffff) as u64, (n & 0xffff) as u64, F16) as u32
    })
}

/// Biased exponent field.
#[inline]
fn exp32(x: u32) -> i32 {
    ((x >> 23) & 0xff) as i32
}

#[inline]
fn exp64(x: u64) -> i32 {
    ((x >> 52) & 0x7ff) as i32
}

/// The float widths V_DIV_SCALE works on, with their constants.
trait ScaleFloat: Copy + PartialEq + core::ops::Div<Output = Self> {
    const ONE: Self;
    /// Exponent gap from which the quotient may overflow.
    const GAP: i32;
    /// The pre-scale exponent.
    const K: i32;
    /// Numerator exponents at or below this are scaled up.
    const MANT: i32;
    fn is_zero(self) -> bool;
    fn is_subnormal(self) -> bool;
}

impl ScaleFloat for f32 {
    const ONE: f32 = 1.0;
    const GAP: i32 = 96;
    const K: i32 = 64;
    const MANT: i32 = 23;
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn is_subnormal(self) -> bool {
        f32::is_subnormal(self)
    }
}

impl ScaleFloat for f64 {
    const ONE: f64 = 1.0;
    const GAP: i32 = 768;
    const K: i32 = 128;
    const MANT: i32 = 53;
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn is_subnormal(self) -> bool {
        f64::is_subnormal(self)
    }
}

/// V_DIV_SCALE's decision for one lane, both widths: `None` = NaN, else (the power of two S0 is
/// scaled by, 0 for none; VCC's bit). `e1`, `e2` are the biased exponents of S1 and S2.
// inferred: AMD GCN3/Vega ISA V_DIV_SCALE_F32 pseudo-code (f32 constants 96, 2^64, 23; the f64
// form with 768, 2^128, 53 is transcribed in gem5's Vega model): VCC = 0; S2 == 0 or S1 == 0 →
// NaN; exp(S2) - exp(S1) >= 96 → VCC, scale S0 by 2^64 if S0 == S1; S1 denormal → scale by 2^64;
// 1/S1 and S2/S1 denormal → VCC, scale if S0 == S1; 1/S1 denormal → scale by 2^-64; S2/S1
// denormal → VCC, scale if S0 == S2; exp(S2) <= 23 → scale by 2^64; else D = S0.
fn div_scale_step<F: ScaleFloat>(f0: F, f1: F, f2: F, e1: i32, e2: i32) -> Option<(i32, bool)> {
    let if_eq = |x: F| if f0 == x { F::K } else { 0 };
    // A quotient below the normal range: denormal, or so small it rounds to 0 (the
    // operands are not 0 here).
    let tiny = |q: F| q.is_subnormal() || q.is_zero();
    Some(if f2.is_zero() || f1.is_zero() {
        return None;
    } else if e2 - e1 >= F::GAP {
        (if_eq(f1), true)
    } else if f1.is_subnormal() {
        (F::K, false)
    } else if (F::ONE / f1).is_subnormal() && tiny(f2 / f1) {
        // The manuals scale the denominator up here, which overflows (1/MAX); down is what
        // makes the quotient come out (clang's f64 division of 1 by MAX: run_kernels fdiv).
        (if f0 == f1 { -F::K } else { 0 }, true)
    } else if (F::ONE / f1).is_subnormal() {
        (-F::K, false)
    } else if tiny(f2 / f1) {
        (if_eq(f2), true)
    } else if e2 <= F::MANT {
        (F::K, false)
    } else {
        (0, false)
    })
}

/// Pre-scales numerator or denominator of a division; VCC tells V_DIV_FMAS to post-scale.
pub fn div_scale_f32(l: &mut Lanes) {
    let mut vcc = 0u64;
    for i in 0..N {
        let (s0, s1, s2) = (l.src[0][0][i], l.src[1][0][i], l.src[2][0][i]);
        let f0 = f32::from_bits(s0);
        let step = div_scale_step(f0, f32::from_bits(s1), f32::from_bits(s2), exp32(s1), exp32(s2));
        let (d, flag) = match step {
            None => (QNAN32, false),
            Some((0, flag)) => (s0, flag),
            Some((k, flag)) => (ldexp32(f0, k).to_bits(), flag),
        };
        l.dst[0][i] = d;
        vcc |= (flag as u64) << i;
    }
    l.sdst = vcc;
}

/// As [`div_scale_f32`], in double precision.
pub fn div_scale_f64(l: &mut Lanes) {
    let mut vcc = 0u64;
    for i in 0..N {
        let (s0, s1, s2) = (src64(l, 0, i), src64(l, 1, i), src64(l, 2, i));
        let f0 = f64::from_bits(s0);
        let step = div_scale_step(f0, f64::from_bits(s1), f64::from_bits(s2), exp64(s1), exp64(s2));
        let (d, flag) = match step {
            None => (QNAN64, false),
            Some((0, flag)) => (s0, flag),
            Some((k, flag)) => (ldexp64(f0, k).to_bits(), flag),
        };
        l.set64(i, d);
        vcc |= (flag as u64) << i;
    }
    l.sdst = vcc;
}

/// `x * 2^k` when that is exact (a normal result, or zero).
fn scaled_exactly(x: f64, k: i32) -> Option<f64> {
    let y = x * 2f64.powi(k);
    (x == 0.0 || (y.is_normal() && y * 2f64.powi(-k) == x)).then_some(y)
}

/// The exact value `hi + lo` (`|lo|` at most half an ulp of `hi`, as a two-sum gives) rounded
/// once to f32, to nearest even.
fn round_pair_f32(hi: f64, lo: f64) -> f32 {
    let r = hi as f32;
    if lo == 0.0 || r as f64 == hi || !r.is_finite() {
        return r;
    }
    // `hi` between r and its neighbour on hi's side: only a tie needs `lo` to decide.
    let other = if (r as f64) < hi {
        f32::from_bits(if r.is_sign_negative() {
            r.to_bits() - 1
        } else {
            r.to_bits() + 1
        })
    } else {
        f32::from_bits(if r.is_sign_negative() {
            r.to_bits() + 1
        } else {
            r.to_bits() - 1
        })
    };
    if (r as f64 + other as f64) / 2.0 != hi {
        return r;
    }
    let up = lo > 0.0;
    if (other > r) == up {
        other
    } else {
        r
    }
}

/// `FMA(SRC0, SRC1, SRC2)`, times 2^64 or 2^-64 where VCC's lane bit is set: up when SRC2's
/// exponent is above 127 (|SRC2| >= 2), else down; one rounding.
// The ISA manuals' "2**32 * fma" is wrong: V_DIV_SCALE pre-scales by 2^64, and clang's
// correctly rounded f32 division (tests: run_kernels fdiv) only comes out right with the
// post-scale chosen from the addend, as AMD's rocjitsu emulator does it (ROCm/rocm-systems
// PR 11613) and RDNA3's manual writes it (`2.0F ** (exponent(S2) > 127 ? 64 : -64)`).
pub fn div_fmas_f32(l: &mut Lanes) {
    let m = l.mask;
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        for i in 0..N {
            let (a, b, c) = (
                f32::from_bits(l.src[0][0][i]),
                f32::from_bits(l.src[1][0][i]),
                f32::from_bits(l.src[2][0][i]),
            );
            let r = if m >> i & 1 == 0 || !(a.is_finite() && b.is_finite() && c.is_finite()) {
                rm.fma32(a, b, c)
            } else {
                let k = if exp32(c.to_bits()) > 127 { 64 } else { -64 };
                // a*b is exact in f64, and so is scaling it and c by 2^k; a two-sum keeps the
                // sum exact; one rounding to f32 at the end.
                let s = 2f64.powi(k);
                let (p, q) = (a as f64 * b as f64 * s, c as f64 * s);
                let hi = p + q;
                let bb = hi - p;
                let lo = (p - (hi - bb)) + (q - bb);
                match rm {
                    Rm::Even => round_pair_f32(hi, lo),
                    // Rounded to odd, the sum rounds once more exactly in any mode.
                    rm => rm.to32(add_round_odd(p, q)),
                }
            };
            l.dst[0][i] = r.to_bits();
        }
    })
}

/// As [`div_fmas_f32`] in double precision: 2^128 or 2^-128 by SRC2's exponent (above 1023
/// or not); one rounding where scaling an operand is exact (always, but for operands near
/// the ends of the f64 range).
pub fn div_fmas_f64(l: &mut Lanes) {
    let m = l.mask;
    by_mode(l, Rm::f64(l.mode), |l, rm| {
        for i in 0..N {
            let (a, b, c) = (
                f64::from_bits(src64(l, 0, i)),
                f64::from_bits(src64(l, 1, i)),
                f64::from_bits(src64(l, 2, i)),
            );
            let r = if m >> i & 1 == 0 || !(a.is_finite() && b.is_finite() && c.is_finite()) {
                rm.fma64(a, b, c)
            } else {
                let k = if exp64(c.to_bits()) > 1023 { 128 } else { -128 };
                let c2 = scaled_exactly(c, k);
                match (scaled_exactly(a, k), scaled_exactly(b, k), c2) {
                    (Some(a2), _, Some(c2)) => rm.fma64(a2, b, c2),
                    (_, Some(b2), Some(c2)) => rm.fma64(a, b2, c2),
                    _ => rm.ldexp64(rm.fma64(a, b, c), k, || a.mul_add(b, c) * 2f64.powi(k)),
                }
            };
            l.set64(i, r.to_bits());
        }
    })
}

/// `-MAX_FLOAT` unless SRC2 > 0; then 0 if a factor is 0 (DX9 rule), else SRC0 * SRC1.
pub fn mullit_f32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            let (a, b, c) = (f32::from_bits(a), f32::from_bits(b), f32::from_bits(c));
            if c > 0.0 {
                if a != 0.0 && b != 0.0 {
                    rm.mul32(a, b).to_bits()
                } else {
                    0
                }
            } else {
                (-f32::MAX).to_bits()
            }
        })
    })
}

/// 2/π as a binary fraction, most significant bit first (0.a2f9836e... = 0.63661977...),
/// 37 words; computed from π, it matches LLVM's table for amdgcn_trig_preop.
const TWO_OVER_PI: [u32; 37] = [
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561, 0xb7246e3a,
    0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41,
    0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f, 0xef2f118b, 0x5a0a6d1f, 0x6d367ecf,
    0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08,
    0x56033046,
];

/// 53 bits of 2/π starting at fraction bit `shift`, scaled to their place, for range reduction.
// inferred: AMD ISA V_TRIG_PREOP_F64 ("shift = S1[4:0] * 53; if exponent(S0) > 1077, shift +=
// exponent(S0) - 1077; result = 53 bits of 2/PI at shift; scale = -53 - shift, + 128 if
// exponent(S0) >= 1968; D = ldexp(result, scale); rounding is always toward zero"), and LLVM's
// constant folding of amdgcn_trig_preop (a NaN input gives it quieted; segments past the table
// give +0, "hardware behavior")
pub fn trig_preop_f64(l: &mut Lanes) {
    for i in 0..N {
        let x = src64(l, 0, i);
        let seg = l.src[1][0][i] & 31;
        let e = exp64(x) as u32;
        let v = if f64::from_bits(x).is_nan() {
            x | F64.quiet
        } else {
            let mut shift = seg * 53;
            if e > 1077 {
                shift += e - 1077;
            }
            let idx = (shift >> 5) as usize;
            if idx + 2 >= TWO_OVER_PI.len() {
                0
            } else {
                let b = shift & 31;
                let hi = (TWO_OVER_PI[idx] as u64) << 32 | TWO_OVER_PI[idx + 1] as u64;
                let lo = (TWO_OVER_PI[idx + 2] as u64) << 32;
                let w = if b != 0 { hi << b | lo >> (64 - b) } else { hi };
                let bits53 = w >> 11;
                let mut scale = -53 - shift as i32;
                if e >= 1968 {
                    scale += 128;
                }
                scale_rtz(bits53, scale)
            }
        };
        l.set64(i, v);
    }
}

/// `m * 2^e` as f64 bits for an integer m < 2^53, rounding toward zero when the result is
/// denormal (it is exact otherwise).
fn scale_rtz(m: u64, e: i32) -> u64 {
    if m == 0 {
        return 0;
    }
    let top = 63 - m.leading_zeros() as i32; // value = 1.xxx * 2^(top + e)
    let ex = top + e;
    if ex >= -1022 {
        // Normal (never overflows for trig_preop's scales).
        ldexp64(m as f64, e).to_bits()
    } else {
        // Denormal: mantissa = m * 2^(e + 1074), truncated.
        let sh = e + 1074;
        if sh >= 0 {
            m << sh
        } else if -sh >= 64 {
            0
        } else {
            m >> -sh
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 64-bit shifts and f64 operations
// ---------------------------------------------------------------------------------------------

/// A 64-bit shift: operand `val` (0 or 1) is the 64-bit value, the other operand's low 6 bits
/// the amount (the `rev` forms swap them so the amount can be an inline constant in SRC0).
#[inline(always)]
fn shift64(l: &mut Lanes, val: usize, kind: u8, f: impl Fn(u64, u32) -> u64) {
    let amt = 1 - val;
    let [dlo, dhi, ..] = &mut l.dst;
    if crate::emu::lanes::shift64_lanes(&l.src[val][0], &l.src[val][1], &l.src[amt][0], kind, dlo, dhi) {
        return;
    }
    each64_32(&l.src[val][0], &l.src[val][1], &l.src[amt][0], dlo, dhi, |v, s| {
        f(v, s & 63)
    })
}

/// `VDST = SRC0 << (SRC1 & 63)` (SRC0 64-bit, SRC1 32-bit).
pub fn lshl_b64(l: &mut Lanes) {
    shift64(l, 0, 0, |v, s| v << s)
}

pub fn lshr_b64(l: &mut Lanes) {
    shift64(l, 0, 1, |v, s| v >> s)
}

pub fn ashr_i64(l: &mut Lanes) {
    shift64(l, 0, 2, |v, s| (v as i64 >> s) as u64)
}

/// `VDST = SRC1 << (SRC0 & 63)` (SRC0 32-bit, SRC1 64-bit).
pub fn lshlrev_b64(l: &mut Lanes) {
    shift64(l, 1, 0, |v, s| v << s)
}

pub fn lshrrev_b64(l: &mut Lanes) {
    shift64(l, 1, 1, |v, s| v >> s)
}

pub fn ashrrev_i64(l: &mut Lanes) {
    shift64(l, 1, 2, |v, s| (v as i64 >> s) as u64)
}

pub fn add_f64(l: &mut Lanes) {
    map64f(l, |rm, a, b, _| rm.add64(a, b))
}

pub fn mul_f64(l: &mut Lanes) {
    map64f(l, |rm, a, b, _| rm.mul64(a, b))
}

#[inline]
fn quiet64(x: u64) -> u64 {
    if f64::from_bits(x).is_nan() {
        x | F64.quiet
    } else {
        x
    }
}

/// A 64-bit min or max (`pick` is [`vmin`] or [`vmax`]); NaN results quieted.
#[inline(always)]
fn minmax64(l: &mut Lanes, pick: fn(V, V) -> V) {
    for i in 0..N {
        let r = pick(v64(src64(l, 0, i)), v64(src64(l, 1, i)));
        l.set64(i, quiet64(r.b));
    }
}

/// IEEE minNum (as V_MIN_F32): a NaN operand gives the other; NaN results quieted.
pub fn min_f64(l: &mut Lanes) {
    minmax64(l, vmin)
}

pub fn max_f64(l: &mut Lanes) {
    minmax64(l, vmax)
}

/// `VDST = SRC0 * 2^(INT32)SRC1`, one rounding.
pub fn ldexp_f64(l: &mut Lanes) {
    by_mode(l, Rm::f64(l.mode), |l, rm| {
        for i in 0..N {
            let (x, e) = (f64::from_bits(src64(l, 0, i)), l.src[1][0][i] as i32);
            let v = rm.ldexp64(x, e, || ldexp64(x, e));
            l.set64(i, v.to_bits());
        }
    })
}

// ---------------------------------------------------------------------------------------------
// 32-bit multiplies
// ---------------------------------------------------------------------------------------------

pub fn mul_lo_u32(l: &mut Lanes) {
    map2(l, |a, b| a.wrapping_mul(b))
}

/// `VDST = (INT32)SRC0 * (INT32)SRC1` (low 32 bits: the same bits as V_MUL_LO_U32).
pub fn mul_lo_i32(l: &mut Lanes) {
    map2(l, |a, b| (a as i32).wrapping_mul(b as i32) as u32)
}

pub fn mul_hi_u32(l: &mut Lanes) {
    map2(l, |a, b| ((a as u64 * b as u64) >> 32) as u32)
}

pub fn mul_hi_i32(l: &mut Lanes) {
    map2(l, |a, b| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32)
}

// ---------------------------------------------------------------------------------------------
// GCN 1.4 additions
// ---------------------------------------------------------------------------------------------

// inferred: AMD Vega ISA "D.u32 = (S0.u32 ^ S1.u32) + S2.u32" (gem5's Vega model, CLRX page)
pub fn xad_u32(l: &mut Lanes) {
    map3(l, |a, b, c| (a ^ b).wrapping_add(c))
}

// inferred: AMD Vega ISA "D.u = (S0.u << S1.u[4:0]) + S2.u"
pub fn lshl_add_u32(l: &mut Lanes) {
    map3(l, |a, b, c| (a << (b & 31)).wrapping_add(c))
}

// inferred: AMD Vega ISA "D.u = (S0.u + S1.u) << S2.u[4:0]"
pub fn add_lshl_u32(l: &mut Lanes) {
    map3(l, |a, b, c| a.wrapping_add(b) << (c & 31))
}

// inferred: AMD Vega ISA "D.u = S0.u + S1.u + S2.u"
pub fn add3_u32(l: &mut Lanes) {
    map3(l, |a, b, c| a.wrapping_add(b).wrapping_add(c))
}

// inferred: AMD Vega ISA "D.u = (S0.u << S1.u[4:0]) | S2.u"
pub fn lshl_or_b32(l: &mut Lanes) {
    map3(l, |a, b, c| (a << (b & 31)) | c)
}

// inferred: AMD Vega ISA "D.u = (S0.u & S1.u) | S2.u"
pub fn and_or_b32(l: &mut Lanes) {
    map3(l, |a, b, c| (a & b) | c)
}

// inferred: AMD Vega ISA "D.u = S0.u | S1.u | S2.u"
pub fn or3_b32(l: &mut Lanes) {
    map3(l, |a, b, c| a | b | c)
}

/// f16 → snorm16: clamp to [-1, 1], times 32767, round to nearest even (exact in f64); NaN → 0.
fn snorm16_h(x: u32) -> u32 {
    let f = h(x);
    if f.is_nan() {
        0
    } else {
        ((f.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u32) & 0xffff
    }
}

fn unorm16_h(x: u32) -> u32 {
    let f = h(x);
    if f.is_nan() {
        0
    } else {
        (f.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
    }
}

// inferred: AMD Vega ISA "D = {(snorm)S1.f16, (snorm)S0.f16}", V_CVT_PKNORM_I16_F32's
// conversion on f16 values (CLRX GCN 1.4 page)
pub fn cvt_pknorm_i16_f16(l: &mut Lanes) {
    map2(l, |a, b| snorm16_h(a) | snorm16_h(b) << 16)
}

// inferred: AMD Vega ISA "D = {(unorm)S1.f16, (unorm)S0.f16}"
pub fn cvt_pknorm_u16_f16(l: &mut Lanes) {
    map2(l, |a, b| unorm16_h(a) | unorm16_h(b) << 16)
}

// inferred: AMD Vega ISA "D.u = S0.u + S1.u" signed, CLAMP saturating to i32 (CLRX GCN 1.4 page)
pub fn add_i32(l: &mut Lanes) {
    let c = l.clamp;
    map2(l, |a, b| sat_i32(a as i32 as i64 + b as i32 as i64, c))
}

// inferred: AMD Vega ISA "D.u = S0.u - S1.u" signed, CLAMP saturating to i32
pub fn sub_i32(l: &mut Lanes) {
    let c = l.clamp;
    map2(l, |a, b| sat_i32(a as i32 as i64 - b as i32 as i64, c))
}

// inferred: AMD Vega ISA "D.i16 = S0.i16 + S1.i16", CLAMP saturating to i16 (CLRX GCN 1.4 page)
pub fn add_i16(l: &mut Lanes) {
    let c = l.clamp;
    map2(l, |a, b| sat_i16(a as i16 as i32 + b as i16 as i32, c))
}

// inferred: AMD Vega ISA "D.i16 = S0.i16 - S1.i16", CLAMP saturating to i16
pub fn sub_i16(l: &mut Lanes) {
    let c = l.clamp;
    map2(l, |a, b| sat_i16(a as i16 as i32 - b as i16 as i32, c))
}

// inferred: AMD Vega ISA "D[31:16].f16 = S1.f16; D[15:0].f16 = S0.f16" (CLRX GCN 1.4 page)
pub fn pack_b32_f16(l: &mut Lanes) {
    map2(l, |a, b| (a & 0xffff) | (b << 16))
}

/// `SDST = VSRC0[SSRC1 & 63]` (the executor writes lane 0's result to the SGPR).
// inferred: CLRX's GCN 1.4 table lists it beside V_READLANE_B32; same operation
pub fn readlane_regrd_b32(l: &mut Lanes) {
    l.dst[0][0] = l.src[0][0][l.lane];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::float::f64_to_f16;

    #[test]
    fn f16_rounding_matches_exhaustive_f32_path() {
        // Every f16 value converts back to itself; midpoints round to even.
        for x in 0..0x10000u32 {
            let f = h(x);
            if f.is_nan() {
                continue;
            }
            assert_eq!(f64_to_f16(f), x, "{x:#x}");
        }
        // 1 + 2^-11 (midpoint between 1.0 and next) → 1.0; + 2^-40 → next.
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3c00);
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11) + 2f64.powi(-40)), 0x3c01);
        assert_eq!(f64_to_f16(65519.0), 0x7bff);
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(2f64.powi(-25)), 0); // tie → even (0)
        assert_eq!(f64_to_f16(2f64.powi(-25) * 1.5), 1);
    }

    #[test]
    fn ldexp64_is_exact_and_rounds_once() {
        assert_eq!(ldexp64(1.0, 1023), 2f64.powi(1023));
        assert_eq!(ldexp64(1.0, 1024), f64::INFINITY);
        assert_eq!(ldexp64(1.0, -1074), f64::from_bits(1));
        assert_eq!(ldexp64(1.0, -1075), 0.0); // tie → even
        assert_eq!(ldexp64(1.5, -1075), f64::from_bits(1));
        assert_eq!(ldexp64(f64::from_bits(1), 1074), 1.0);
        assert_eq!(ldexp64(3.0, i32::MIN), 0.0);
        assert_eq!(ldexp64(3.0, i32::MAX), f64::INFINITY);
    }
}
