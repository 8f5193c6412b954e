//! Superinstructions: pairs of planned vector words that compilers emit together, run by the
//! wave loop's runs as one pass over the lanes, with exactly the effects of running the two
//! one after the other (tracing, checking and single steps see each word alone). The pair
//! here is the 64-bit add of two 32-bit halves, `v_add_co_u32` and then `v_addc_co_u32`
//! taking its carry: every address of a HIP kernel's global access is built so, and as two
//! planned words each gathers its sources, runs its row and writes back alone.

use super::fast::{FastVop, From, Gate};
use super::lanes::N;
use super::wave::{Wave, EXEC};

/// `LO_DST = A + B` with its carry bits to the pair `carry`, then `HI_DST = C + D + carry`
/// with its carry bits to `carry_out`, all under EXEC.
#[derive(Clone, Copy, Debug)]
pub struct FastAdd64 {
    lo: [From; 2],
    lo_dst: u8,
    carry: u8,
    hi: [From; 2],
    hi_dst: u8,
    carry_out: u8,
}

impl FastAdd64 {
    /// The pair `a` then `b`, if they are such an add: plain integer words (no modifiers,
    /// CLAMP, DPP or SDWA), `b` reading as its carry-in the pair `a` writes, which is not
    /// EXEC (`b` would then run under another EXEC) and holds none of `b`'s scalar sources
    /// (read when the pair starts). Only with AVX2 (without it the words run as they are).
    pub fn plan(a: &FastVop, b: &FastVop) -> Option<FastAdd64> {
        #[cfg(target_arch = "x86_64")]
        if !super::lanes::has_avx2() {
            return None;
        }
        #[cfg(not(target_arch = "x86_64"))]
        return None;
        let (lo, lo_dst, carry, cin) = a.carry_add()?;
        let (hi, hi_dst, carry_out, cin_b) = b.carry_add()?;
        if cin.is_some() || cin_b != Some(carry) || carry as usize == EXEC {
            return None;
        }
        if hi.iter().any(|x| matches!(*x, From::Sreg(c) if c & !1 == carry)) {
            return None;
        }
        Some(FastAdd64 {
            lo,
            lo_dst,
            carry,
            hi,
            hi_dst,
            carry_out,
        })
    }

    /// Runs the pair under `exec` (the wave's EXEC); `false`: MODE asks for the general
    /// executor (GPR indexing), nothing was done.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn run(&self, w: &mut Wave, exec: u64, gate: &Gate) -> bool {
        if !gate.ok[0] {
            return false;
        }
        let scalar = |w: &Wave, a: From| match a {
            From::Sreg(c) => w.s[c as usize],
            From::Value(v) => v,
            _ => 0,
        };
        let consts = [
            scalar(w, self.lo[0]),
            scalar(w, self.lo[1]),
            scalar(w, self.hi[0]),
            scalar(w, self.hi[1]),
        ];
        // Row pointers (a row may be a source of both words and a destination: the lanes
        // are independent, so each lane runs both words before the next, reading after
        // writing).
        let v = &mut w.v;
        let mut row = |a: From| match a {
            From::Vgpr(r) => Some(v[r as usize].as_mut_ptr()),
            _ => None,
        };
        let rows = [row(self.lo[0]), row(self.lo[1]), row(self.hi[0]), row(self.hi[1])];
        let (lo_dst, hi_dst) = (
            v[self.lo_dst as usize].as_mut_ptr(),
            v[self.hi_dst as usize].as_mut_ptr(),
        );
        // SAFETY: AVX2 was there when planned (a CPU keeps it); the pointers are the
        // wave's rows of 64 lanes, alive and not otherwise borrowed until it returns.
        let (c1, c2) = unsafe {
            // (Two copies: under a whole EXEC the rows are stored, not blended.)
            if exec == u64::MAX {
                add64_lanes::<true>(rows, consts, lo_dst, hi_dst, exec)
            } else {
                add64_lanes::<false>(rows, consts, lo_dst, hi_dst, exec)
            }
        };
        w.set_pair(self.carry as usize, c1 & exec);
        w.set_pair(self.carry_out as usize, c2 & exec);
        true
    }

    /// (Never planned without AVX2.)
    #[cfg(not(target_arch = "x86_64"))]
    pub fn run(&self, _: &mut Wave, _: u64, _: &Gate) -> bool {
        false
    }
}

/// Both words eight lanes at a time: the low sums and their carries, the low rows written
/// (under `exec`; `FULL`: all of EXEC, plain stores), then the high sums with those carries
/// in, read after. Returns the carry bits of each word (all lanes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn add64_lanes<const FULL: bool>(
    rows: [Option<*mut u32>; 4],
    consts: [u32; 4],
    lo_dst: *mut u32,
    hi_dst: *mut u32,
    exec: u64,
) -> (u64, u64) {
    use std::arch::x86_64::*;
    // Each source as a pointer and a step per 8 lanes: a row's lanes, or a constant's eight
    // copies read again (step 0). (No intrinsics in closures: they would not inherit AVX2,
    // and every intrinsic in them would be a call.)
    let copies = consts.map(|v| [v; 8]);
    let mut src = [(std::ptr::null::<u32>(), 0usize); 4];
    for k in 0..4 {
        src[k] = match rows[k] {
            Some(p) => (p as *const u32, 8),
            None => (copies[k].as_ptr(), 0),
        };
    }
    let sign = _mm256_set1_epi32(i32::MIN);
    let (mut c1, mut c2) = (0u64, 0u64);
    for c in 0..N / 8 {
        // SAFETY (all loads and stores): lanes 8c..8c+8 of rows of N lanes, or the copies.
        unsafe {
            let load = |k: usize| src[k].0.add(src[k].1 * c) as *const __m256i;
            let (a, b) = (_mm256_loadu_si256(load(0)), _mm256_loadu_si256(load(1)));
            let lo = _mm256_add_epi32(a, b);
            // Unsigned `lo < a` (signed on the flipped sign bits): the carry, -1 where set.
            let carry = _mm256_cmpgt_epi32(_mm256_xor_si256(a, sign), _mm256_xor_si256(lo, sign));
            let m = if FULL { _mm256_setzero_si256() } else { super::lanes::lane_mask8(exec, c) };
            let p = lo_dst.add(8 * c) as *mut __m256i;
            _mm256_storeu_si256(p, if FULL { lo } else { _mm256_blendv_epi8(_mm256_loadu_si256(p), lo, m) });
            // Read after the low row is written (a source may be that row).
            let (x, y) = (_mm256_loadu_si256(load(2)), _mm256_loadu_si256(load(3)));
            let t = _mm256_add_epi32(x, y);
            let hi = _mm256_sub_epi32(t, carry);
            let (ts, hs) = (_mm256_xor_si256(t, sign), _mm256_xor_si256(hi, sign));
            let carry2 = _mm256_or_si256(
                _mm256_cmpgt_epi32(_mm256_xor_si256(x, sign), ts),
                _mm256_cmpgt_epi32(ts, hs),
            );
            let p = hi_dst.add(8 * c) as *mut __m256i;
            _mm256_storeu_si256(p, if FULL { hi } else { _mm256_blendv_epi8(_mm256_loadu_si256(p), hi, m) });
            c1 |= (_mm256_movemask_ps(_mm256_castsi256_ps(carry)) as u8 as u64) << (8 * c);
            c2 |= (_mm256_movemask_ps(_mm256_castsi256_ps(carry2)) as u8 as u64) << (8 * c);
        }
    }
    (c1, c2)
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::arch::Arch;
    use crate::emu::lanes::Lanes;
    use crate::emu::test_rng::Rng;

    /// Random add pairs (both encodings, registers that overlap, scalar and constant
    /// sources, carries through VCC and other pairs) on random rows and EXECs: the fused
    /// pair leaves the wave as the two planned words run one after the other do (and those
    /// equal the general executor: `fast`'s tests). Pairs the plan must refuse are refused.
    #[test]
    fn fused_adds_equal_the_two_words() {
        let mut r = Rng(0x0add_6400_c0ff_ee01);
        let (mut fused, mut refused) = (0, 0);
        for (a, add, addc) in [
            (Arch::Gcn10, "v_add_i32", "v_addc_u32"),
            (Arch::Gcn12, "v_add_u32", "v_addc_u32"),
            (Arch::Gcn14, "v_add_co_u32", "v_addc_co_u32"),
        ] {
            let mut l = Lanes::new(a);
            for _ in 0..4000 {
                let mut pick = |xs: &[&str]| xs[r.next() as usize % xs.len()].to_string();
                let v = |r: &mut Rng| format!("v{}", r.next() % 6);
                let src = |r: &mut Rng| match r.next() % 5 {
                    0 => format!("s{}", r.next() % 8),
                    1 => format!("{}", r.next() % 65),
                    2 => "0x89abcdef".to_string(),
                    _ => format!("v{}", r.next() % 6),
                };
                let pair = pick(&["vcc", "vcc", "s[2:3]", "s[4:5]", "exec"]);
                let pair2 = pick(&["vcc", "vcc", "s[2:3]", "s[6:7]"]);
                let lo = if r.next() % 2 == 0 && pair == "vcc" {
                    format!("{add} {}, vcc, {}, {}", v(&mut r), src(&mut r), v(&mut r))
                } else {
                    format!("{add}_e64 {}, {pair}, {}, {}", v(&mut r), src(&mut r), src(&mut r))
                };
                let cin = if r.next() % 8 == 0 { "s[6:7]".to_string() } else { pair.clone() };
                let hi = if r.next() % 2 == 0 && pair2 == "vcc" && cin == "vcc" {
                    format!("{addc} {}, vcc, {}, {}, vcc", v(&mut r), v(&mut r), v(&mut r))
                } else {
                    format!("{addc}_e64 {}, {pair2}, {}, {}, {cin}", v(&mut r), src(&mut r), src(&mut r))
                };
                let text = format!("{lo}\n{hi}\n");
                let Ok(words) = crate::asm::assemble_one(a, crate::asm::Dialect::Llvm, &text) else {
                    continue;
                };
                let i1 = crate::decode::decode(a, &words).unwrap();
                let i2 = crate::decode::decode(a, &words[i1.len as usize..]).unwrap();
                let (Some(p1), Some(p2)) = (FastVop::plan(&i1, i1.def().unwrap()), FastVop::plan(&i2, i2.def().unwrap()))
                else {
                    continue;
                };
                let Some(f) = FastAdd64::plan(&p1, &p2) else {
                    refused += 1;
                    continue;
                };
                assert!(cin == pair && pair != "exec", "{text}: fused");
                let mut w = Wave::new(a);
                for row in w.v.iter_mut().take(8) {
                    // Halves that carry often: around 0 and 2^32.
                    **row = std::array::from_fn(|_| match r.next() % 4 {
                        0 => u32::MAX - (r.next() % 3) as u32,
                        1 => (r.next() % 3) as u32,
                        _ => r.next() as u32,
                    });
                }
                for s in w.s.iter_mut().take(16) {
                    *s = r.next() as u32;
                }
                let exec = match r.next() % 3 {
                    0 => u64::MAX,
                    1 => r.next(),
                    _ => r.next() & r.next() & r.next(),
                };
                w.set_pair(EXEC, exec);
                w.set_pair(crate::emu::wave::VCC, r.next());
                let mut two = w.clone();
                let gate = Gate::of(w.mode);
                assert!(p1.run(&mut two, &mut l) && p2.run(&mut two, &mut l), "{text}");
                assert!(f.run(&mut w, exec, &gate), "{text}");
                for k in 0..8 {
                    assert_eq!(w.v[k][..], two.v[k][..], "{text}: v{k}, EXEC {exec:x}");
                }
                assert_eq!(w.s, two.s, "{text}: SGPRs");
                fused += 1;
            }
        }
        assert!(fused > 2000 && refused > 300, "{fused} fused, {refused} refused");
    }
}
