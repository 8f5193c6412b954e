//! The operands and results of one instruction for all 64 lanes, in arrays the compiler can
//! vectorise: the semantics functions loop over lanes, never dispatch per lane.

use crate::arch::Arch;

/// Lanes in a wave.
pub const N: usize = 64;

/// One register's 64 lanes, boxed: the kernel machine's fast path moves whole rows between
/// the register file and [`Lanes`] by swapping these pointers instead of copying lanes.
pub type Row = Box<[u32; N]>;

/// A row of zeros.
pub fn row() -> Row {
    Box::new([0; N])
}

/// Operands in, results out.
#[derive(Clone)]
pub struct Lanes {
    pub arch: Arch,
    /// `src[k][dword][lane]`: source `k` after ABS/NEG and denormal flushing; dwords 1..3 hold
    /// the upper halves of 64- and 128-bit operands.
    pub src: [[Row; 4]; 3],
    /// The destination's old value (V_MAC_*, V_WRITELANE keep or accumulate it).
    pub old: [Row; 4],
    /// `dst[dword][lane]`: the semantics' results.
    pub dst: [Row; 4],
    /// Per-lane result bits: compare results, carry out, V_DIV_SCALE's VCC.
    pub sdst: u64,
    /// Per-lane condition bits read from an SGPR pair: V_CNDMASK's and the carry-ins' SRC2,
    /// V_DIV_FMAS's VCC.
    pub mask: u64,
    pub exec: u64,
    pub mode: u32,
    /// VOP3 CLAMP, for integer operations that saturate (float results are clamped by the
    /// executor).
    pub clamp: bool,
    /// The MADMK/MADAK constant.
    pub k: u32,
    /// V_READLANE/V_WRITELANE lane select (already `& 63`).
    pub lane: usize,
}

impl Lanes {
    pub fn new(arch: Arch) -> Lanes {
        Lanes {
            arch,
            src: std::array::from_fn(|_| std::array::from_fn(|_| row())),
            old: std::array::from_fn(|_| row()),
            dst: std::array::from_fn(|_| row()),
            sdst: 0,
            mask: 0,
            exec: 0,
            mode: 0,
            clamp: false,
            k: 0,
            lane: 0,
        }
    }

    /// Every row (sources, old destination, results), for tests that fill them.
    #[cfg(test)]
    pub fn rows_mut(&mut self) -> impl Iterator<Item = &mut Row> {
        self.src
            .iter_mut()
            .flatten()
            .chain(self.old.iter_mut())
            .chain(self.dst.iter_mut())
    }

    /// Source `k` as 64-bit values of lane `l`.
    #[inline]
    pub fn src64(&self, k: usize, l: usize) -> u64 {
        self.src[k][0][l] as u64 | (self.src[k][1][l] as u64) << 32
    }

    /// Sets the 64-bit result of lane `l`.
    #[inline]
    pub fn set64(&mut self, l: usize, v: u64) {
        self.dst[0][l] = v as u32;
        self.dst[1][l] = (v >> 32) as u32;
    }
}

/// A lane loop compiled twice: for the baseline x86-64 (SSE2) and for AVX2, the copy taken at
/// run time when the CPU has AVX2 (twice the lanes per instruction, and the variable shifts
/// and 64-bit lane operations SSE2 does one lane at a time). The rows are arguments, so the
/// compiler knows them apart. AVX2 only, no FMA (`mul_add` would differ on NaNs): both copies
/// give the same bits (the `simd_matches_baseline` test runs every vector row both ways).
macro_rules! multiversion {
    ($(#[$doc:meta])* fn $name:ident($($a:ident: $t:ty),*) $(-> $r:ty)? $body:block) => {
        $(#[$doc])*
        #[inline(always)]
        pub fn $name($($a: $t),*) $(-> $r)? {
            #[inline(always)]
            fn imp($($a: $t),*) $(-> $r)? $body
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn avx2($($a: $t),*) $(-> $r)? {
                imp($($a),*)
            }
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: the CPU has AVX2 (checked just above).
                return unsafe { avx2($($a),*) };
            }
            imp($($a),*)
        }
    };
}

multiversion! {
    /// `d[i] = f(a[i])`
    fn each1(a: &[u32; N], d: &mut [u32; N], f: impl Fn(u32) -> u32) {
        for i in 0..N {
            d[i] = f(a[i]);
        }
    }
}

multiversion! {
    /// `d[i] = f(a[i], b[i])`
    fn each2(a: &[u32; N], b: &[u32; N], d: &mut [u32; N], f: impl Fn(u32, u32) -> u32) {
        for i in 0..N {
            d[i] = f(a[i], b[i]);
        }
    }
}

multiversion! {
    /// `(d[i], bit i of the result) = f(a[i], b[i], bit i of c)`: sums and differences with
    /// their carries and borrows in and out.
    fn each2_carry(a: &[u32; N], b: &[u32; N], c: u64, d: &mut [u32; N], f: impl Fn(u32, u32, bool) -> (u32, bool)) -> u64 {
        let mut flags = [0u32; N];
        for i in 0..N {
            let (v, flag) = f(a[i], b[i], c >> i & 1 != 0);
            d[i] = v;
            flags[i] = 0u32.wrapping_sub(flag as u32);
        }
        pack_bits(&flags)
    }
}

/// Lanes `8c..8c+8` of a lane mask as AVX2 lane masks: all ones where the lane's bit of
/// `bits` is set (the byte broadcast and tested against one bit per lane).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn lane_mask8(bits: u64, c: usize) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    let bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    let b = _mm256_set1_epi32((bits >> (8 * c)) as i32 & 0xff);
    _mm256_cmpeq_epi32(_mm256_and_si256(b, bit), bit)
}

/// The integer adds and subtracts with carry (borrow) in and out, eight lanes at a time
/// with AVX2, or `None` without it (the caller's lane loop then runs: `ops::vop2`'s
/// `add_carry`/`sub_borrow` say what each lane is; the `simd_matches_baseline` test holds the
/// two to the same bits). `sub`: `a - b - cin`, else `a + b + cin`; `sat`: CLAMP (a sum
/// saturates to all ones, a difference to 0). Returns the carry (borrow) bits.
#[inline(always)]
pub fn carry_lanes(a: &[u32; N], b: &[u32; N], cin: u64, sub: bool, sat: bool, d: &mut [u32; N]) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // One copy per kind, each without the others' steps (a sum without carry-in is one
        // add and one compare); SAFETY: the CPU has AVX2 (checked just above).
        return Some(unsafe {
            match (sub, sat, cin != 0) {
                (false, false, false) => carry_avx2::<false, false, false>(a, b, cin, d),
                (false, false, true) => carry_avx2::<false, false, true>(a, b, cin, d),
                (false, true, false) => carry_avx2::<false, true, false>(a, b, cin, d),
                (false, true, true) => carry_avx2::<false, true, true>(a, b, cin, d),
                (true, false, false) => carry_avx2::<true, false, false>(a, b, cin, d),
                (true, false, true) => carry_avx2::<true, false, true>(a, b, cin, d),
                (true, true, false) => carry_avx2::<true, true, false>(a, b, cin, d),
                (true, true, true) => carry_avx2::<true, true, true>(a, b, cin, d),
            }
        });
    }
    let _ = (a, b, cin, sub, sat, d);
    None
}

/// [`carry_lanes`] with AVX2: a lane's carry-in is its bit of `cin` tested against a lane
/// constant, unsigned compares are signed ones with the sign bits flipped. `SUB`, `SAT` as
/// `sub` and `sat`; `CIN`: `cin` may have bits set (else it is 0).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn carry_avx2<const SUB: bool, const SAT: bool, const CIN: bool>(
    a: &[u32; N],
    b: &[u32; N],
    cin: u64,
    d: &mut [u32; N],
) -> u64 {
    let (sub, sat) = (SUB, SAT);
    use std::arch::x86_64::*;
    let sign = _mm256_set1_epi32(i32::MIN);
    let mut out = 0u64;
    for c in 0..N / 8 {
        // SAFETY: lanes 8c..8c+8 of the three arrays (unaligned loads and stores).
        let (va, vb) = unsafe {
            (
                _mm256_loadu_si256(a.as_ptr().add(8 * c) as *const __m256i),
                _mm256_loadu_si256(b.as_ptr().add(8 * c) as *const __m256i),
            )
        };
        // -1 in the lanes with a carry (borrow) in.
        let m = if CIN {
            lane_mask8(cin, c)
        } else {
            _mm256_setzero_si256()
        };
        let (res, flag) = if sub {
            let gt = _mm256_cmpgt_epi32(_mm256_xor_si256(vb, sign), _mm256_xor_si256(va, sign));
            let eq = _mm256_and_si256(_mm256_cmpeq_epi32(va, vb), m);
            let borrow = _mm256_or_si256(gt, eq);
            let diff = _mm256_add_epi32(_mm256_sub_epi32(va, vb), m);
            (if sat { _mm256_andnot_si256(borrow, diff) } else { diff }, borrow)
        } else {
            let t = _mm256_add_epi32(va, vb);
            let s = _mm256_sub_epi32(t, m);
            let (ts, ss) = (_mm256_xor_si256(t, sign), _mm256_xor_si256(s, sign));
            let carry = _mm256_or_si256(
                _mm256_cmpgt_epi32(_mm256_xor_si256(va, sign), ts),
                _mm256_cmpgt_epi32(ts, ss),
            );
            (if sat { _mm256_or_si256(s, carry) } else { s }, carry)
        };
        // SAFETY: as above.
        unsafe { _mm256_storeu_si256(d.as_mut_ptr().add(8 * c) as *mut __m256i, res) };
        out |= (_mm256_movemask_ps(_mm256_castsi256_ps(flag)) as u8 as u64) << (8 * c);
    }
    out
}

/// The 64-bit shifts of row pairs (`lo`, `hi`) by each lane's `amt & 63` (`kind` 0: left, 1:
/// logical right, 2: arithmetic right), eight lanes at a time with AVX2's variable 32-bit
/// shifts (a count past 31 gives 0, or the sign for the arithmetic one), or `false` without
/// AVX2 (the caller's lane loop then runs; `simd_matches_baseline` holds the two to the same
/// bits).
#[inline(always)]
pub fn shift64_lanes(
    lo: &[u32; N],
    hi: &[u32; N],
    amt: &[u32; N],
    kind: u8,
    dlo: &mut [u32; N],
    dhi: &mut [u32; N],
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 (checked just above).
        unsafe {
            match kind {
                0 => shift64_avx2::<0>(lo, hi, amt, dlo, dhi),
                1 => shift64_avx2::<1>(lo, hi, amt, dlo, dhi),
                _ => shift64_avx2::<2>(lo, hi, amt, dlo, dhi),
            }
        }
        return true;
    }
    let _ = (lo, hi, amt, kind, dlo, dhi);
    false
}

/// [`shift64_lanes`] of one kind `K`: a half moves by `s`, the other half's bits cross by
/// `32 - s` (below 32) or `s - 32` (from 32), each a shift whose count is out of range (0)
/// where it does not apply.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn shift64_avx2<const K: u8>(lo: &[u32; N], hi: &[u32; N], amt: &[u32; N], dlo: &mut [u32; N], dhi: &mut [u32; N]) {
    use std::arch::x86_64::*;
    let (m63, t32, t31) = (_mm256_set1_epi32(63), _mm256_set1_epi32(32), _mm256_set1_epi32(31));
    for c in 0..N / 8 {
        // SAFETY: lanes 8c..8c+8 of the five arrays (unaligned loads and stores).
        unsafe {
            let at = |a: &[u32; N]| a.as_ptr().add(8 * c) as *const __m256i;
            let (l, h) = (_mm256_loadu_si256(at(lo)), _mm256_loadu_si256(at(hi)));
            let s = _mm256_and_si256(_mm256_loadu_si256(at(amt)), m63);
            let (up, down) = (_mm256_sub_epi32(t32, s), _mm256_sub_epi32(s, t32));
            let (rl, rh) = match K {
                0 => (
                    _mm256_sllv_epi32(l, s),
                    _mm256_or_si256(_mm256_or_si256(_mm256_sllv_epi32(h, s), _mm256_srlv_epi32(l, up)), _mm256_sllv_epi32(l, down)),
                ),
                1 => (
                    _mm256_or_si256(_mm256_or_si256(_mm256_srlv_epi32(l, s), _mm256_sllv_epi32(h, up)), _mm256_srlv_epi32(h, down)),
                    _mm256_srlv_epi32(h, s),
                ),
                _ => {
                    // (From 32 on, the sign-filled high half's bits; below, none.)
                    let from32 = _mm256_and_si256(_mm256_srav_epi32(h, down), _mm256_cmpgt_epi32(s, t31));
                    (
                        _mm256_or_si256(_mm256_or_si256(_mm256_srlv_epi32(l, s), _mm256_sllv_epi32(h, up)), from32),
                        _mm256_srav_epi32(h, s),
                    )
                }
            };
            _mm256_storeu_si256(dlo.as_mut_ptr().add(8 * c) as *mut __m256i, rl);
            _mm256_storeu_si256(dhi.as_mut_ptr().add(8 * c) as *mut __m256i, rh);
        }
    }
}

/// `dst[k] = the little-endian dword at byte `offs[k] + add` of `bytes`` for the lanes whose
/// `exec` bit is set (the others keep theirs), with AVX2's gathers, or `false` without AVX2.
/// The caller has checked every active lane's dword inside `bytes` (at most 2 GiB).
#[inline(always)]
pub fn gather_dwords(bytes: &[u8], offs: &[u32; N], add: u32, exec: u64, dst: &mut [u32; N]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 (checked just above); the caller's check keeps every
        // active lane's read inside `bytes`.
        unsafe { gather_avx2(bytes, offs, add, exec, dst) };
        return true;
    }
    let _ = (bytes, offs, add, exec, dst);
    false
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn gather_avx2(bytes: &[u8], offs: &[u32; N], add: u32, exec: u64, dst: &mut [u32; N]) {
    use std::arch::x86_64::*;
    let add = _mm256_set1_epi32(add as i32);
    let base = bytes.as_ptr() as *const i32;
    for c in 0..N / 8 {
        let m = lane_mask8(exec, c);
        // SAFETY: lanes 8c..8c+8 of the arrays; the masked-off lanes read nothing.
        unsafe {
            let o = _mm256_add_epi32(_mm256_loadu_si256(offs.as_ptr().add(8 * c) as *const __m256i), add);
            let p = dst.as_mut_ptr().add(8 * c) as *mut __m256i;
            let v = _mm256_mask_i32gather_epi32::<1>(_mm256_loadu_si256(p), base, o, m);
            _mm256_storeu_si256(p, v);
        }
    }
}

multiversion! {
    /// 64-bit lanes from row pairs (low, high): `d[i] = f(a[i], b[i])`, `b` 32-bit.
    fn each64_32(
        alo: &[u32; N],
        ahi: &[u32; N],
        b: &[u32; N],
        dlo: &mut [u32; N],
        dhi: &mut [u32; N],
        f: impl Fn(u64, u32) -> u64
    ) {
        for i in 0..N {
            let v = f(alo[i] as u64 | (ahi[i] as u64) << 32, b[i]);
            dlo[i] = v as u32;
            dhi[i] = (v >> 32) as u32;
        }
    }
}

multiversion! {
    /// Bit i = `f(l, i)`: the lanes' results to a mask array first (a loop the compiler
    /// vectorises into packed compares), then to bits (the sign bits of eight lanes in one
    /// instruction).
    fn lane_bits(l: &Lanes, f: impl Fn(&Lanes, usize) -> bool) -> u64 {
        let mut mask = [0u32; N];
        for (i, m) in mask.iter_mut().enumerate() {
            *m = 0u32.wrapping_sub(f(l, i) as u32);
        }
        pack_bits(&mask)
    }
}

/// `STEPS[d - 1][k] = k * 4 * d`: lane k's offset in a coalesced access of `d` dwords per lane.
static STEPS: [[u32; N]; 4] = {
    let mut t = [[0u32; N]; 4];
    let mut d = 0;
    while d < 4 {
        let mut k = 0;
        while k < N {
            t[d][k] = (k * 4 * (d + 1)) as u32;
            k += 1;
        }
        d += 1;
    }
    t
};

multiversion! {
    /// Is lane k's address `lo[k] + hi[k] << 32` the first lane's plus `k * stride` for every
    /// lane, without the low dword wrapping (`hi` the same in all lanes)? A wave's coalesced
    /// access.
    fn consecutive(lo: &[u32; N], hi: Option<&[u32; N]>, stride: u32) -> bool {
        let l0 = lo[0];
        let mut diff = 0u32;
        // Lane k's step `k * stride` from a table for the strides of 1-4 dwords (no multiply
        // per lane: its latency showed in profiles).
        let steps = match stride {
            4 | 8 | 12 | 16 => &STEPS[stride as usize / 4 - 1],
            _ => &std::array::from_fn(|k| k as u32 * stride),
        };
        for (&x, &step) in lo.iter().zip(steps) {
            diff |= x ^ l0.wrapping_add(step);
        }
        if let Some(h) = hi {
            let h0 = h[0];
            for x in h {
                diff |= x ^ h0;
            }
        }
        diff == 0 && l0.checked_add(63 * stride).is_some()
    }
}

multiversion! {
    /// `(row[0], row[1] - row[0])` when every lane is `row[0] + lane * (row[1] - row[0])`
    /// (wrapping): a row affine in the lane ([`super::affine`]).
    fn affine_row(row: &[u32; N]) -> Option<(u32, u32)> {
        let (b, s) = (row[0], row[1].wrapping_sub(row[0]));
        let mut diff = 0u32;
        for (i, &x) in row.iter().enumerate() {
            diff |= x ^ b.wrapping_add(s.wrapping_mul(i as u32));
        }
        (diff == 0).then_some((b, s))
    }
}

multiversion! {
    /// `row[lane] = base + lane * step` (wrapping).
    fn fill_affine(row: &mut [u32; N], base: u32, step: u32) {
        for (i, x) in row.iter_mut().enumerate() {
            *x = base.wrapping_add(step.wrapping_mul(i as u32));
        }
    }
}

/// Bit i = the top bit of `mask[i]`.
#[inline(always)]
pub fn pack_bits(mask: &[u32; N]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_loadu_ps, _mm_movemask_ps};
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked just above).
            return unsafe { pack_bits_avx2(mask) };
        }
        let mut m = 0u64;
        for c in 0..N / 4 {
            // SAFETY: SSE is part of x86-64; the load reads lanes 4c..4c+4 of the array.
            let g = unsafe { _mm_movemask_ps(_mm_loadu_ps(mask.as_ptr().add(4 * c) as *const f32)) };
            m |= (g as u64) << (4 * c);
        }
        m
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        mask.iter()
            .enumerate()
            .fold(0u64, |m, (i, x)| m | ((x >> 31) as u64) << i)
    }
}

/// [`pack_bits`] eight lanes at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pack_bits_avx2(mask: &[u32; N]) -> u64 {
    use std::arch::x86_64::{_mm256_loadu_ps, _mm256_movemask_ps};
    let mut m = 0u64;
    for c in 0..N / 8 {
        // SAFETY: the load reads lanes 8c..8c+8 of the array.
        let g = unsafe { _mm256_movemask_ps(_mm256_loadu_ps(mask.as_ptr().add(8 * c) as *const f32)) };
        m |= (g as u8 as u64) << (8 * c);
    }
    m
}

/// Does the CPU have AVX2 ([`multiversion`]'s choice; tests can turn it off, on their thread)?
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn has_avx2() -> bool {
    #[cfg(test)]
    if BASELINE.with(|b| b.get()) {
        return false;
    }
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(test)]
thread_local! {
    /// Set by tests to run [`multiversion`]'s baseline copy on a CPU with AVX2 (this thread).
    pub static BASELINE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::test_rng::Rng;

    /// [`consecutive`] (both copies) against the definition, lane by lane, on addresses that
    /// are consecutive, nearly so (one lane off, a wrapping low dword, another high dword) or
    /// random; and [`pack_bits`] (both copies) against the top bits.
    #[test]
    fn consecutive_and_pack_bits_match_their_definitions() {
        let mut r = Rng(0x7777_1111_2222_3333);
        let mut yes = 0;
        for n in 0..20_000 {
            let stride = [4u32, 8, 12, 16][r.next() as usize % 4];
            let l0 = if r.next().is_multiple_of(4) {
                u32::MAX - r.next() as u32 % 2048
            } else {
                r.next() as u32
            };
            let mut lo: [u32; N] = std::array::from_fn(|k| l0.wrapping_add(k as u32 * stride));
            let h0 = r.next() as u32;
            let mut hi = [h0; N];
            match r.next() % 4 {
                0 => lo[r.next() as usize % N] ^= 1 << (r.next() % 32),
                1 => hi[r.next() as usize % N] ^= 1 << (r.next() % 32),
                2 if n % 8 == 0 => lo.iter_mut().for_each(|x| *x = r.next() as u32),
                _ => {}
            }
            let wide = r.next().is_multiple_of(2);
            let want = (0..N).all(|k| {
                let a = |k: usize| lo[k] as u64 | if wide { (hi[k] as u64) << 32 } else { 0 };
                a(k) == a(0) + k as u64 * stride as u64 && lo[0] as u64 + 63 * stride as u64 <= u32::MAX as u64
            });
            yes += want as usize;
            let mask: [u32; N] = std::array::from_fn(|_| r.next() as u32);
            let bits = (0..N).fold(0u64, |m, k| m | ((mask[k] >> 31) as u64) << k);
            for baseline in [false, true] {
                BASELINE.with(|b| b.set(baseline));
                assert_eq!(
                    consecutive(&lo, wide.then_some(&hi), stride),
                    want,
                    "{lo:x?} {hi:x?} {stride}"
                );
                assert_eq!(pack_bits(&mask), bits);
            }
            BASELINE.with(|b| b.set(false));
        }
        assert!(yes > 5_000, "only {yes} consecutive");
    }
}
