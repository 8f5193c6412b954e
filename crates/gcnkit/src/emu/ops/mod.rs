//! Semantics functions, one per operation, referenced from the table rows. Each computes all
//! 64 lanes with a plain loop (the helpers below are generic and inlined, so every operation
//! is its own vectorisable loop; there is no per-lane dispatch).

pub mod atomic;
pub mod cmp;
pub mod salu;
pub mod vop1;
pub mod vop2;
pub mod vop3;
pub mod vop3p;

pub use super::lanes::pack_bits;
use super::lanes::{each1, each2, Lanes, N};
use super::round::Rm;

/// `dst = f(src0)` on 32-bit lanes.
#[inline(always)]
pub fn map1(l: &mut Lanes, f: impl Fn(u32) -> u32) {
    // Plain array references (not the boxes): the compiler then knows the rows apart.
    let a: &[u32; N] = &l.src[0][0];
    let d: &mut [u32; N] = &mut l.dst[0];
    for i in 0..N {
        d[i] = f(a[i]);
    }
}

/// [`map1`] for integer (bit) operations: the loop's AVX2 copy where the CPU has it
/// ([`each1`]). Not for float arithmetic: the compiler may commute a float operation, and
/// which NaN comes out then depends on the code it generated (v_add_f16 gave the other
/// source's NaN under AVX2).
#[inline(always)]
pub fn imap1(l: &mut Lanes, f: impl Fn(u32) -> u32) {
    each1(&l.src[0][0], &mut l.dst[0], f)
}

/// `dst = f(src0)` from a 64-bit source to a 32-bit result.
#[inline(always)]
pub fn map1_from64(l: &mut Lanes, f: impl Fn(u64) -> u32) {
    for i in 0..N {
        l.dst[0][i] = f(l.src64(0, i));
    }
}

/// `dst = f(src0)` from a 32-bit source to a 64-bit result.
#[inline(always)]
pub fn map1_to64(l: &mut Lanes, f: impl Fn(u32) -> u64) {
    for i in 0..N {
        let v = f(l.src[0][0][i]);
        l.set64(i, v);
    }
}

/// `dst = f(src0)` on 64-bit lanes.
#[inline(always)]
pub fn map1_64(l: &mut Lanes, f: impl Fn(u64) -> u64) {
    for i in 0..N {
        let v = f(l.src64(0, i));
        l.set64(i, v);
    }
}

/// `dst = f(src0, src1)` on 32-bit lanes.
#[inline(always)]
pub fn map2(l: &mut Lanes, f: impl Fn(u32, u32) -> u32) {
    let (a, b): (&[u32; N], &[u32; N]) = (&l.src[0][0], &l.src[1][0]);
    let d: &mut [u32; N] = &mut l.dst[0];
    for i in 0..N {
        d[i] = f(a[i], b[i]);
    }
}

/// [`map2`] for integer operations, as [`imap1`].
#[inline(always)]
pub fn imap2(l: &mut Lanes, f: impl Fn(u32, u32) -> u32) {
    each2(&l.src[0][0], &l.src[1][0], &mut l.dst[0], f)
}

/// `dst = f(src0, src1, src2)` on 32-bit lanes.
#[inline(always)]
pub fn map3(l: &mut Lanes, f: impl Fn(u32, u32, u32) -> u32) {
    let (a, b, c): (&[u32; N], &[u32; N], &[u32; N]) = (&l.src[0][0], &l.src[1][0], &l.src[2][0]);
    let d: &mut [u32; N] = &mut l.dst[0];
    for i in 0..N {
        d[i] = f(a[i], b[i], c[i]);
    }
}

/// Runs `run` with round mode `rm`. Under round to nearest even (always, on the fast path) the
/// mode is a constant in `run`, so its loop is the host's arithmetic, vectorised, in a leaf
/// function; a directed mode runs the same `run` from a separate cold function (it calls the
/// software float library).
#[inline(always)]
pub fn by_mode(l: &mut Lanes, rm: Rm, run: impl FnOnce(&mut Lanes, Rm)) {
    match rm {
        Rm::Even => run(l, Rm::Even),
        rm => directed(l, |l| run(l, rm)),
    }
}

#[cold]
#[inline(never)]
fn directed(l: &mut Lanes, run: impl FnOnce(&mut Lanes)) {
    run(l)
}

/// f32 binary operation; `f` gets MODE's f32 round mode ([`by_mode`]).
#[inline(always)]
pub fn map2f(l: &mut Lanes, f: impl Fn(Rm, f32, f32) -> f32) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map2(l, |a, b| f(rm, f32::from_bits(a), f32::from_bits(b)).to_bits())
    })
}

/// f32 ternary operation, as [`map2f`].
#[inline(always)]
pub fn map3f(l: &mut Lanes, f: impl Fn(Rm, f32, f32, f32) -> f32) {
    by_mode(l, Rm::f32(l.mode), |l, rm| {
        map3(l, |a, b, c| {
            f(rm, f32::from_bits(a), f32::from_bits(b), f32::from_bits(c)).to_bits()
        })
    })
}

/// `out[i] = fma(a[i], b[i], c[i])` rounded to nearest even, as `f32::mul_add` gives it. On an
/// x86-64 with FMA the lanes run as packed fused multiply-adds (a call to `fmaf` per lane
/// otherwise: the baseline target has no FMA instruction); lanes with a NaN input are computed
/// again one by one, so that the NaN returned is the one `mul_add` returns.
#[inline(always)]
pub fn fma_even_f32(a: &[u32; N], b: &[u32; N], c: &[u32; N], out: &mut [u32; N]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has FMA and AVX2 (checked just above).
        if !unsafe { fma_lanes_fma(a, b, c, out) } {
            return;
        }
        let nan = |x: u32| ((x & 0x7fff_ffff) as i32 > 0x7f80_0000) as u32;
        for i in 0..N {
            if nan(a[i]) | nan(b[i]) | nan(c[i]) != 0 {
                out[i] = f32::from_bits(a[i])
                    .mul_add(f32::from_bits(b[i]), f32::from_bits(c[i]))
                    .to_bits();
            }
        }
        return;
    }
    for i in 0..N {
        out[i] = f32::from_bits(a[i])
            .mul_add(f32::from_bits(b[i]), f32::from_bits(c[i]))
            .to_bits();
    }
}

/// The hardware's fused multiply-adds; `true`: some result is a NaN (a NaN input gives a NaN
/// result, so lanes without one need no second look). (Signed compares of the magnitudes:
/// packed compares without AVX-512.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,avx2")]
fn fma_lanes_fma(a: &[u32; N], b: &[u32; N], c: &[u32; N], out: &mut [u32; N]) -> bool {
    for i in 0..N {
        out[i] = f32::from_bits(a[i])
            .mul_add(f32::from_bits(b[i]), f32::from_bits(c[i]))
            .to_bits();
    }
    let nan = |x: u32| ((x & 0x7fff_ffff) as i32 > 0x7f80_0000) as u32;
    out.iter().fold(0, |m, &x| m | nan(x)) != 0
}

/// `out[i] = fma(a[i], b[i], c[i])` in f64, rounded to nearest even, as `f64::mul_add` gives
/// it: packed fused multiply-adds where the CPU has FMA, and lanes whose result is a NaN
/// again one by one (the NaN `mul_add` returns, for a NaN input or an invalid product).
#[inline(always)]
pub fn fma_even_f64(a: &[f64; N], b: &[f64; N], c: &[f64; N], out: &mut [f64; N]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has FMA and AVX2 (checked just above).
        if unsafe { fma64_lanes_fma(a, b, c, out) } {
            for i in 0..N {
                if out[i].is_nan() {
                    out[i] = a[i].mul_add(b[i], c[i]);
                }
            }
        }
        return;
    }
    for i in 0..N {
        out[i] = a[i].mul_add(b[i], c[i]);
    }
}

/// The hardware's f64 fused multiply-adds; `true`: some result is a NaN.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,avx2")]
fn fma64_lanes_fma(a: &[f64; N], b: &[f64; N], c: &[f64; N], out: &mut [f64; N]) -> bool {
    for i in 0..N {
        out[i] = a[i].mul_add(b[i], c[i]);
    }
    out.iter().fold(false, |m, x| m | x.is_nan())
}

/// f16 binary operation (low halves; the result is zero-extended): `f` computes in f64,
/// where sums and products of two f16 values are exact, and the value is rounded once to f16
/// in MODE's f16 round mode (`f` gets the mode too, for a rounding of its own inside).
#[inline(always)]
pub fn map2h(l: &mut Lanes, f: impl Fn(Rm, f64, f64) -> f64) {
    use super::float::f16_to_f32;
    by_mode(l, Rm::f16(l.mode), |l, rm| {
        map2(l, |a, b| {
            rm.to16(f(rm, f16_to_f32(a & 0xffff) as f64, f16_to_f32(b & 0xffff) as f64))
        })
    })
}

/// 64-bit lanes: `dst = f(src0, src1, src2)` (unused sources read as 0).
#[inline(always)]
pub fn map64(l: &mut Lanes, f: impl Fn(u64, u64, u64) -> u64) {
    for i in 0..N {
        let v = f(l.src64(0, i), l.src64(1, i), l.src64(2, i));
        l.set64(i, v);
    }
}

/// f64 operation, as [`map2f`] with MODE's f64 round mode.
#[inline(always)]
pub fn map64f(l: &mut Lanes, f: impl Fn(Rm, f64, f64, f64) -> f64) {
    by_mode(l, Rm::f64(l.mode), |l, rm| {
        map64(l, |a, b, c| {
            f(rm, f64::from_bits(a), f64::from_bits(b), f64::from_bits(c)).to_bits()
        })
    })
}

/// Per-lane bit results: `sdst` bit i = f(lane i) ([`super::lanes::lane_bits`]).
#[inline(always)]
pub fn bits(l: &mut Lanes, f: impl Fn(&Lanes, usize) -> bool) {
    l.sdst = super::lanes::lane_bits(l, f);
}

/// Lane masks of each four bits: entry b holds four u32 masks, all ones where bit k of b is
/// set (256 bytes).
pub static MASK4: [[u32; 4]; 16] = {
    let mut t = [[0u32; 4]; 16];
    let mut b = 0;
    while b < 16 {
        let mut k = 0;
        while k < 4 {
            t[b][k] = if b >> k & 1 != 0 { u32::MAX } else { 0 };
            k += 1;
        }
        b += 1;
    }
    t
};

/// Sign-extends the low 24 bits.
#[inline(always)]
pub fn sext24(x: u32) -> i32 {
    ((x << 8) as i32) >> 8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every vector row's semantics give the same bits with the lane loops' AVX2 copies
    /// (`lanes::multiversion`) as with their baseline copies: random operands (float specials,
    /// denormals and small integers among them), EXEC, masks, CLAMP and MODE (round modes,
    /// denormal flushing), on each arch.
    #[test]
    fn simd_matches_baseline() {
        use crate::arch::Arch;
        use crate::emu::lanes::BASELINE;
        use crate::emu::test_rng::Rng;
        use crate::isa::{isa, Sem};
        let mut r = Rng(0x0a5c_11ee_d00d_f00d);
        let special = [
            0u32,
            0x8000_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_1234,
            1,
            0x807f_ffff,
            0x3f80_0000,
            31,
            63,
        ];
        let (mut rows, mut bad) = (0, Vec::new());
        for a in [Arch::Gcn10, Arch::Gcn12, Arch::Gcn14] {
            for d in &isa().defs {
                let Some(Sem::Vector(f)) = d.sem else { continue };
                rows += 1;
                for _ in 0..4 {
                    let mut l = Lanes::new(a);
                    for row in l.rows_mut() {
                        for x in row.iter_mut() {
                            let v = r.next();
                            *x = match v & 3 {
                                0 => special[(v >> 8) as usize % special.len()],
                                1 => (v >> 40) as u32 & 0xff,
                                _ => (v >> 16) as u32,
                            };
                        }
                    }
                    l.exec = if r.next() & 1 == 0 { u64::MAX } else { r.next() };
                    // No carry-in at all sometimes (the carry rows have a copy without one).
                    l.mask = if r.next().is_multiple_of(4) { 0 } else { r.next() };
                    l.sdst = r.next();
                    l.mode = [0x0c0, 0x0f0, 0x3c0, 0x3f0, 0x0f5, 0x0fa][r.next() as usize % 6];
                    l.clamp = r.next() & 1 != 0;
                    l.k = r.next() as u32;
                    l.lane = r.next() as usize & 63;
                    let mut base = l.clone();
                    BASELINE.with(|b| b.set(true));
                    f(&mut base);
                    BASELINE.with(|b| b.set(false));
                    f(&mut l);
                    let name = d.name[0];
                    for k in 0..4 {
                        if let Some(i) = (0..N).find(|&i| base.dst[k][i] != l.dst[k][i]) {
                            bad.push(format!(
                                "{a} {name}: dword {k} lane {i}: {:#x} (baseline) vs {:#x}; sources {:#x} {:#x} {:#x}",
                                base.dst[k][i], l.dst[k][i], l.src[0][0][i], l.src[1][0][i], l.src[2][0][i]
                            ));
                        }
                    }
                    if base.sdst != l.sdst {
                        bad.push(format!("{a} {name}: SDST {:#x} (baseline) vs {:#x}", base.sdst, l.sdst));
                    }
                }
            }
        }
        assert!(bad.is_empty(), "{} differences:\n{}", bad.len(), bad.join("\n"));
        assert!(rows > 500, "only {rows} vector rows");
    }

    /// The packed fused multiply-add gives `f32::mul_add`'s bits on every lane: random values,
    /// signed zeros, infinities, denormals and NaNs with payloads among them.
    #[test]
    fn packed_fma_is_mul_add() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32
        };
        let special = [
            0,
            0x8000_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_1234,
            0xffa0_0001,
            1,
            0x3f80_0000,
            0x7f7f_ffff,
        ];
        for _ in 0..3000 {
            let mut pick = || {
                let v = next();
                if v % 5 == 0 {
                    special[(v / 5) as usize % special.len()]
                } else {
                    next()
                }
            };
            let (a, b, c): ([u32; N], [u32; N], [u32; N]) = (
                std::array::from_fn(|_| pick()),
                std::array::from_fn(|_| pick()),
                std::array::from_fn(|_| pick()),
            );
            let mut out = [0u32; N];
            fma_even_f32(&a, &b, &c, &mut out);
            for i in 0..N {
                let want = f32::from_bits(a[i]).mul_add(f32::from_bits(b[i]), f32::from_bits(c[i]));
                assert_eq!(out[i], want.to_bits(), "fma({:#x}, {:#x}, {:#x})", a[i], b[i], c[i]);
            }
        }
    }

    /// The f64 packed fused multiply-adds give `f64::mul_add`'s bits: random doubles and
    /// specials (zeros, infinities, NaNs quiet and signalling, denormals, the largest finite),
    /// so that invalid products (`inf * 0`), overflows and NaN inputs are among them.
    #[test]
    fn packed_fma64_is_mul_add() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let special = [
            0u64,
            0x8000_0000_0000_0000,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_1234,
            0xfff4_0000_0000_0001,
            1,
            0x000f_ffff_ffff_ffff,
            0x3ff0_0000_0000_0000,
            0x7fef_ffff_ffff_ffff,
        ];
        let mut nans = 0;
        for _ in 0..3000 {
            let mut pick = || {
                let v = next();
                f64::from_bits(if v % 5 == 0 { special[(v / 5) as usize % special.len()] } else { next() })
            };
            let (a, b, c): ([f64; N], [f64; N], [f64; N]) = (
                std::array::from_fn(|_| pick()),
                std::array::from_fn(|_| pick()),
                std::array::from_fn(|_| pick()),
            );
            let mut out = [0.0; N];
            fma_even_f64(&a, &b, &c, &mut out);
            for i in 0..N {
                let want = a[i].mul_add(b[i], c[i]);
                nans += want.is_nan() as usize;
                assert_eq!(out[i].to_bits(), want.to_bits(), "fma({:e}, {:e}, {:e})", a[i], b[i], c[i]);
            }
        }
        assert!(nans > 1000, "{nans} NaN results");
    }
}
