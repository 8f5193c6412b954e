//! Semantics of the VOP2 instructions (CLRX wiki page GcnInstrsVop2, *Operation* sections).

use super::{by_mode, fma_even_f32, imap2, map2, map2f, map2h, sext24};
use crate::emu::float::{
    f16_to_f32, f32_to_f16, ftz16, ftz32, keeps_input_denorms, max_num32, max_num64, min_num32, min_num64,
};
use crate::emu::lanes::{carry_lanes, each1, each2, each2_carry, Lanes, N};
use crate::emu::round::Rm;
use crate::isa::Ty;

/// CLAMP on an integer-result row that has [`crate::isa::Flags::INT_CLAMP`]: it saturates on
/// GCN 1.2+ only (on GCN 1.0/1.1 the bit has no effect on integer results).
#[inline(always)]
fn int_clamp(l: &Lanes) -> bool {
    l.clamp && l.arch.is_vi_plus()
}

/// An f32 operand the executor does not read as a source (VDST of V_MAC_*, the MADMK/MADAK
/// literal), with MODE's input-denormal flushing applied as to any float source.
#[inline(always)]
fn in32(l: &Lanes, x: u32) -> f32 {
    f32::from_bits(if keeps_input_denorms(l.mode, Ty::F32) {
        x
    } else {
        ftz32(x)
    })
}

/// The same for an f16 operand (low half).
#[inline(always)]
fn in16(l: &Lanes, x: u32) -> f32 {
    let x = x & 0xffff;
    f16_to_f32(if keeps_input_denorms(l.mode, Ty::F16) {
        x
    } else {
        ftz16(x)
    })
}

/// `VDST = SSRC2 & (1 << LANEID) ? SRC1 : SRC0`
pub fn cndmask_b32(l: &mut Lanes) {
    // SRC0, then SRC1 in the lanes whose mask bit is set (a vector blend, not a bit test
    // per lane).
    *l.dst[0] = *l.src[0][0];
    crate::emu::fast::blend(&mut l.dst[0], &l.src[1][0], l.mask);
}

/// `SDST = VSRC0[SSRC1 & 63]` (the executor writes lane 0's result to the SGPR).
pub fn readlane_b32(l: &mut Lanes) {
    l.dst[0][0] = l.src[0][0][l.lane];
}

/// `VDST[SSRC1 & 63] = SSRC0`, other lanes unchanged.
pub fn writelane_b32(l: &mut Lanes) {
    *l.dst[0] = *l.old[0];
    l.dst[0][l.lane] = l.src[0][0][l.lane];
}

pub fn add_f32(l: &mut Lanes) {
    map2f(l, |rm, a, b| rm.add32(a, b))
}
pub fn sub_f32(l: &mut Lanes) {
    map2f(l, |rm, a, b| rm.sub32(a, b))
}
pub fn subrev_f32(l: &mut Lanes) {
    map2f(l, |rm, a, b| rm.sub32(b, a))
}
pub fn mul_f32(l: &mut Lanes) {
    map2f(l, |rm, a, b| rm.mul32(a, b))
}

/// Legacy multiply: 0 times anything (even inf or NaN) is +0.
pub fn mul_legacy_f32(l: &mut Lanes) {
    map2f(l, |rm, a, b| if a == 0.0 || b == 0.0 { 0.0 } else { rm.mul32(a, b) })
}

/// `VDST = f(SRC0, SRC1, VDST)` lane by lane under MODE's f32 round mode: the MAC forms.
/// VDST is an input: MODE flushes it like the sources. `f` gives `None` to leave VDST as it
/// was (its bits, not flushed).
#[inline(always)]
fn map_mac32(l: &mut Lanes, f: impl Fn(Rm, f32, f32, f32) -> Option<f32>) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        for i in 0..N {
            let (a, b, c) = (
                f32::from_bits(l.src[0][0][i]),
                f32::from_bits(l.src[1][0][i]),
                in32(l, l.old[0][i]),
            );
            l.dst[0][i] = f(rm, a, b, c).map_or(l.old[0][i], f32::to_bits);
        }
    })
}

/// `VDST = SRC0 * SRC1 + VDST` (not fused: the product is rounded).
pub fn mac_f32(l: &mut Lanes) {
    map_mac32(l, |rm, a, b, c| Some(rm.add32(rm.mul32(a, b), c)))
}

/// `VDST = FMA(SRC0, SRC1, VDST)` (GCN 1.4.1: fused, one rounding).
pub fn fmac_f32(l: &mut Lanes) {
    if Rm::f32(l.mode) == Rm::Even {
        if keeps_input_denorms(l.mode, Ty::F32) {
            // VDST read as it is (no flushed copy).
            return fma_even_f32(&l.src[0][0], &l.src[1][0], &l.old[0], &mut l.dst[0]);
        }
        let mut c = [0u32; N];
        each1(&l.old[0], &mut c, |x| in32(l, x).to_bits());
        return fma_even_f32(&l.src[0][0], &l.src[1][0], &c, &mut l.dst[0]);
    }
    map_mac32(l, |rm, a, b, c| Some(rm.fma32(a, b, c)))
}

/// Legacy MAC: a zero factor leaves VDST unchanged.
pub fn mac_legacy_f32(l: &mut Lanes) {
    map_mac32(l, |rm, a, b, c| {
        (a != 0.0 && b != 0.0).then(|| rm.add32(rm.mul32(a, b), c))
    })
}

/// `VDST = SRC0 * K + SRC1` (K is a float input: MODE flushes it like the sources).
pub fn madmk_f32(l: &mut Lanes) {
    let k = in32(l, l.k);
    map2f(l, |rm, a, b| rm.add32(rm.mul32(a, k), b))
}

/// `VDST = SRC0 * SRC1 + K`
pub fn madak_f32(l: &mut Lanes) {
    let k = in32(l, l.k);
    map2f(l, |rm, a, b| rm.add32(rm.mul32(a, b), k))
}

/// `VDST = SEXT24(SRC0) * SEXT24(SRC1)`, the low 32 bits of the 48-bit product; CLAMP (GCN
/// 1.2+) saturates the product to the INT32 range instead.
pub fn mul_i32_i24(l: &mut Lanes) {
    let c = int_clamp(l);
    map2(l, |a, b| {
        let p = sext24(a) as i64 * sext24(b) as i64;
        if c {
            p.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
        } else {
            p as u32
        }
    })
}
pub fn mul_hi_i32_i24(l: &mut Lanes) {
    imap2(l, |a, b| ((sext24(a) as i64 * sext24(b) as i64) >> 32) as u32)
}
/// `VDST = (SRC0 & 0xffffff) * (SRC1 & 0xffffff)`, low 32 bits; CLAMP (GCN 1.2+) saturates
/// to 0xffffffff.
pub fn mul_u32_u24(l: &mut Lanes) {
    let c = int_clamp(l);
    map2(l, |a, b| {
        let p = (a & 0xff_ffff) as u64 * (b & 0xff_ffff) as u64;
        if c {
            p.min(u32::MAX as u64) as u32
        } else {
            p as u32
        }
    })
}
pub fn mul_hi_u32_u24(l: &mut Lanes) {
    map2(l, |a, b| {
        (((a & 0xff_ffff) as u64 * (b & 0xff_ffff) as u64) >> 32) as u32
    })
}

/// Legacy min: `SRC1` NaN gives NaN, else `SRC0 < SRC1 ? SRC0 : SRC1`.
pub fn min_legacy_f32(l: &mut Lanes) {
    map2f(l, |_, a, b| {
        if b.is_nan() {
            b
        } else if a < b {
            a
        } else {
            b
        }
    })
}
pub fn max_legacy_f32(l: &mut Lanes) {
    map2f(l, |_, a, b| {
        if b.is_nan() {
            b
        } else if a > b {
            a
        } else {
            b
        }
    })
}
pub fn min_f32(l: &mut Lanes) {
    map2f(l, |_, a, b| min_num32(a, b))
}
pub fn max_f32(l: &mut Lanes) {
    map2f(l, |_, a, b| max_num32(a, b))
}
pub fn min_i32(l: &mut Lanes) {
    imap2(l, |a, b| (a as i32).min(b as i32) as u32)
}
pub fn max_i32(l: &mut Lanes) {
    imap2(l, |a, b| (a as i32).max(b as i32) as u32)
}
pub fn min_u32(l: &mut Lanes) {
    imap2(l, |a, b| a.min(b))
}
pub fn max_u32(l: &mut Lanes) {
    imap2(l, |a, b| a.max(b))
}
pub fn lshr_b32(l: &mut Lanes) {
    imap2(l, |a, b| a >> (b & 31))
}
pub fn lshrrev_b32(l: &mut Lanes) {
    imap2(l, |a, b| b >> (a & 31))
}
pub fn ashr_i32(l: &mut Lanes) {
    imap2(l, |a, b| ((a as i32) >> (b & 31)) as u32)
}
pub fn ashrrev_i32(l: &mut Lanes) {
    imap2(l, |a, b| ((b as i32) >> (a & 31)) as u32)
}
pub fn lshl_b32(l: &mut Lanes) {
    imap2(l, |a, b| a << (b & 31))
}
pub fn lshlrev_b32(l: &mut Lanes) {
    imap2(l, |a, b| b << (a & 31))
}
pub fn and_b32(l: &mut Lanes) {
    imap2(l, |a, b| a & b)
}
pub fn or_b32(l: &mut Lanes) {
    imap2(l, |a, b| a | b)
}
pub fn xor_b32(l: &mut Lanes) {
    imap2(l, |a, b| a ^ b)
}

pub fn xnor_b32(l: &mut Lanes) {
    imap2(l, |a, b| !(a ^ b))
}

/// `VDST = ((1 << (SRC0 & 31)) - 1) << (SRC1 & 31)`
pub fn bfm_b32(l: &mut Lanes) {
    imap2(l, |a, b| ((1u32 << (a & 31)).wrapping_sub(1)) << (b & 31))
}

/// `VDST = SRC1 + popcount(SRC0)`
pub fn bcnt_u32_b32(l: &mut Lanes) {
    imap2(l, |a, b| b.wrapping_add(a.count_ones()))
}

/// Counts the set bits of SRC0 for the lanes below this one, in lanes 0..31.
pub fn mbcnt_lo_u32_b32(l: &mut Lanes) {
    mbcnt(l, &MBCNT_MASKS[0])
}

/// The same for lanes 32..63 (the mask is 0 for lanes below 32).
pub fn mbcnt_hi_u32_b32(l: &mut Lanes) {
    mbcnt(l, &MBCNT_MASKS[1])
}

/// `SRC1 + popcount(SRC0 & mask[lane])`, lane-parallel (the masks from a table, not a shift
/// per lane).
fn mbcnt(l: &mut Lanes, mask: &[u32; N]) {
    let mut m = [0u32; N];
    each2(&l.src[0][0], mask, &mut m, |a, k| (a & k).count_ones());
    each2(&l.src[1][0], &m, &mut l.dst[0], u32::wrapping_add);
}

/// Lane i's mask of the lanes below it: `[0]` over lanes 0..31 (all of them for lanes 32 and
/// up), `[1]` over lanes 32..63 (none for lanes up to 32).
static MBCNT_MASKS: [[u32; N]; 2] = {
    let mut t = [[0u32; N]; 2];
    let mut i = 0;
    while i < N {
        t[0][i] = if i >= 32 { u32::MAX } else { (1u32 << i) - 1 };
        t[1][i] = if i <= 32 { 0 } else { (1u32 << (i - 32)) - 1 };
        i += 1;
    }
    t
};

/// Unsigned add with carry out to SDST (VCC); CLAMP (GCN 1.2+) saturates.
pub fn add_co_u32(l: &mut Lanes) {
    add_carry(l, false)
}

/// `SRC0 + SRC1 (+ carry in)`: the sums and carries lane-parallel (a carry is a sum below
/// its first addend), packed to bits afterwards; CLAMP saturates a carried sum.
#[inline(always)]
fn add_carry(l: &mut Lanes, with_carry_in: bool) {
    let sat = 0u32.wrapping_sub(int_clamp(l) as u32);
    let cin = if with_carry_in { l.mask } else { 0 };
    if let Some(c) = carry_lanes(&l.src[0][0], &l.src[1][0], cin, false, sat != 0, &mut l.dst[0]) {
        l.sdst = c;
        return;
    }
    l.sdst = each2_carry(&l.src[0][0], &l.src[1][0], cin, &mut l.dst[0], |a, b, cin| {
        let t = a.wrapping_add(b);
        let s = t.wrapping_add(cin as u32);
        let c = (t < a) | (s < t);
        (s | (0u32.wrapping_sub(c as u32) & sat), c)
    });
}

/// `SRC0 - SRC1` with borrow out; CLAMP saturates at 0.
pub fn sub_co_u32(l: &mut Lanes) {
    sub_borrow(l, false, false)
}

/// `SRC1 - SRC0` with borrow out.
pub fn subrev_co_u32(l: &mut Lanes) {
    sub_borrow(l, true, false)
}

/// `a - b (- borrow in)` lane-parallel: a borrow when `b + borrow in > a`.
#[inline(always)]
fn sub_borrow(l: &mut Lanes, rev: bool, with_borrow_in: bool) {
    let sat = int_clamp(l);
    let bin = if with_borrow_in { l.mask } else { 0 };
    let (a, b) = if rev {
        (&l.src[1][0], &l.src[0][0])
    } else {
        (&l.src[0][0], &l.src[1][0])
    };
    if let Some(c) = carry_lanes(a, b, bin, true, sat, &mut l.dst[0]) {
        l.sdst = c;
        return;
    }
    l.sdst = each2_carry(&l.src[0][0], &l.src[1][0], bin, &mut l.dst[0], |a, b, bin| {
        let (a, b) = if rev { (b, a) } else { (a, b) };
        let m = (b > a) | ((b == a) & bin);
        let d = a.wrapping_sub(b).wrapping_sub(bin as u32);
        (if sat { d & !0u32.wrapping_sub(m as u32) } else { d }, m)
    });
}

/// `SRC0 + SRC1 + carry in (SRC2 or VCC)` with carry out.
pub fn addc_co_u32(l: &mut Lanes) {
    add_carry(l, true)
}

pub fn subb_co_u32(l: &mut Lanes) {
    sub_borrow(l, false, true)
}

pub fn subbrev_co_u32(l: &mut Lanes) {
    sub_borrow(l, true, true)
}

/// `VDST = SRC0 * 2^SRC1` (SRC1 signed).
pub fn ldexp_f32(l: &mut Lanes) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map2(l, |a, b| rm.to32(scaled(f32::from_bits(a) as f64, b as i32)).to_bits())
    })
}

/// `x * 2^e` for an f32 or f16 `x`, exact in f64 (the exponent clamped to a range where every
/// such result still rounds as the unclamped one would).
fn scaled(x: f64, e: i32) -> f64 {
    x * 2f64.powi(e.clamp(-400, 400))
}

/// `x * 2^e` correctly rounded to nearest even.
pub fn ldexp32(x: f32, e: i32) -> f32 {
    scaled(x as f64, e) as f32
}

/// f32 → u8 with rounding to nearest even, saturated; NaN gives 0.
fn f32_to_u8(x: f32) -> u32 {
    if x.is_nan() {
        0
    } else {
        x.round_ties_even().clamp(0.0, 255.0) as u32
    }
}

/// Converts SRC0 to a byte and writes it into byte `SRC1 & 3` of VDST.
pub fn cvt_pkaccum_u8_f32(l: &mut Lanes) {
    for i in 0..N {
        let shift = (l.src[1][0][i] & 3) * 8;
        let v = f32_to_u8(f32::from_bits(l.src[0][0][i]));
        l.dst[0][i] = (l.old[0][i] & !(0xff << shift)) | (v << shift);
    }
}

fn snorm16(x: f32) -> u32 {
    if x.is_nan() {
        0
    } else {
        ((x.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u32) & 0xffff
    }
}

fn unorm16(x: f32) -> u32 {
    if x.is_nan() {
        0
    } else {
        (x.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
    }
}

pub fn cvt_pknorm_i16_f32(l: &mut Lanes) {
    map2(l, |a, b| snorm16(f32::from_bits(a)) | snorm16(f32::from_bits(b)) << 16)
}

pub fn cvt_pknorm_u16_f32(l: &mut Lanes) {
    map2(l, |a, b| unorm16(f32::from_bits(a)) | unorm16(f32::from_bits(b)) << 16)
}

/// f32 → f16 rounding toward zero.
pub fn f32_to_f16_rtz(x: f32) -> u32 {
    let h = f32_to_f16(x);
    let back = f16_to_f32(h);
    if x.is_nan() || x.is_infinite() || back.abs() <= x.abs() {
        // RNE did not round away from zero (or x is special).
        if back.is_infinite() && !x.is_infinite() {
            // Overflow: toward zero gives the largest finite half.
            return (h & 0x8000) | 0x7bff;
        }
        h
    } else {
        // RNE rounded away from zero: step one ulp back toward zero.
        h - 1
    }
}

pub fn cvt_pkrtz_f16_f32(l: &mut Lanes) {
    map2(l, |a, b| {
        f32_to_f16_rtz(f32::from_bits(a)) | f32_to_f16_rtz(f32::from_bits(b)) << 16
    })
}

pub fn cvt_pk_u16_u32(l: &mut Lanes) {
    map2(l, |a, b| a.min(0xffff) | b.min(0xffff) << 16)
}

pub fn cvt_pk_i16_i32(l: &mut Lanes) {
    let s = |x: u32| ((x as i32).clamp(-32768, 32767) as u32) & 0xffff;
    map2(l, |a, b| s(a) | s(b) << 16)
}

// GCN 1.2: 16-bit operations (results zero-extended).

pub fn add_f16(l: &mut Lanes) {
    map2h(l, |_, a, b| a + b)
}
pub fn sub_f16(l: &mut Lanes) {
    map2h(l, |_, a, b| a - b)
}
pub fn subrev_f16(l: &mut Lanes) {
    map2h(l, |_, a, b| b - a)
}
pub fn mul_f16(l: &mut Lanes) {
    map2h(l, |_, a, b| a * b)
}
pub fn max_f16(l: &mut Lanes) {
    map2h(l, |_, a, b| max_num64(a, b))
}
pub fn min_f16(l: &mut Lanes) {
    map2h(l, |_, a, b| min_num64(a, b))
}

/// `VDST = SRC0 * SRC1 + VDST` in f16.
pub fn mac_f16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        for i in 0..N {
            let (a, b, c) = (
                f16_to_f32(l.src[0][0][i] & 0xffff),
                f16_to_f32(l.src[1][0][i] & 0xffff),
                in16(l, l.old[0][i]),
            );
            l.dst[0][i] = rm.to16(round16(rm, a as f64 * b as f64) + c as f64);
        }
    })
}

/// The f16 rounding of a value, back as f64 (rounds an intermediate product; f64 holds the
/// exact product and sum of f16 values, so each step rounds once).
/// An exact f64 value rounded to f16 in `rm`, as f64 again (the rounded product of a MAD).
fn round16(rm: Rm, x: f64) -> f64 {
    f16_to_f32(rm.to16(x)) as f64
}

pub fn madmk_f16(l: &mut Lanes) {
    let k = in16(l, l.k) as f64;
    map2h(l, |rm, a, b| round16(rm, a * k) + b)
}

pub fn madak_f16(l: &mut Lanes) {
    let k = in16(l, l.k) as f64;
    map2h(l, |rm, a, b| round16(rm, a * b) + k)
}

/// `SRC0 * 2^SRC1` in f16.
pub fn ldexp_f16(l: &mut Lanes) {
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        map2(l, |a, b| rm.to16(scaled(f16_to_f32(a & 0xffff) as f64, b as i32)))
    })
}

fn map16(l: &mut Lanes, f: impl Fn(u16, u16) -> u32) {
    map2(l, |a, b| f(a as u16, b as u16) & 0xffff)
}

pub fn add_u16(l: &mut Lanes) {
    let c = int_clamp(l);
    map16(l, |a, b| {
        if c {
            a.saturating_add(b) as u32
        } else {
            a.wrapping_add(b) as u32
        }
    })
}
pub fn sub_u16(l: &mut Lanes) {
    let c = int_clamp(l);
    map16(l, |a, b| {
        if c {
            a.saturating_sub(b) as u32
        } else {
            a.wrapping_sub(b) as u32
        }
    })
}
pub fn subrev_u16(l: &mut Lanes) {
    let c = int_clamp(l);
    map16(l, |a, b| {
        if c {
            b.saturating_sub(a) as u32
        } else {
            b.wrapping_sub(a) as u32
        }
    })
}
pub fn mul_lo_u16(l: &mut Lanes) {
    map16(l, |a, b| a.wrapping_mul(b) as u32)
}
pub fn lshlrev_b16(l: &mut Lanes) {
    map16(l, |a, b| (b << (a & 15)) as u32)
}
pub fn lshrrev_b16(l: &mut Lanes) {
    map16(l, |a, b| (b >> (a & 15)) as u32)
}
pub fn ashrrev_i16(l: &mut Lanes) {
    map16(l, |a, b| ((b as i16) >> (a & 15)) as u16 as u32)
}
pub fn max_u16(l: &mut Lanes) {
    map16(l, |a, b| a.max(b) as u32)
}
pub fn max_i16(l: &mut Lanes) {
    map16(l, |a, b| (a as i16).max(b as i16) as u16 as u32)
}
pub fn min_u16(l: &mut Lanes) {
    map16(l, |a, b| a.min(b) as u32)
}
pub fn min_i16(l: &mut Lanes) {
    map16(l, |a, b| (a as i16).min(b as i16) as u16 as u32)
}

// GCN 1.4: carry-less 32-bit add/sub (CLAMP saturates).

pub fn add_u32(l: &mut Lanes) {
    let c = int_clamp(l);
    imap2(l, |a, b| if c { a.saturating_add(b) } else { a.wrapping_add(b) })
}
pub fn sub_u32(l: &mut Lanes) {
    let c = int_clamp(l);
    imap2(l, |a, b| if c { a.saturating_sub(b) } else { a.wrapping_sub(b) })
}
pub fn subrev_u32(l: &mut Lanes) {
    let c = int_clamp(l);
    imap2(l, |a, b| if c { b.saturating_sub(a) } else { b.wrapping_sub(a) })
}
