//! MODE's directed round modes (toward +inf, -inf, zero) on the emulator, against exact
//! arithmetic: every operand is a dyadic rational `m * 2^e` (big integers), the exact result
//! is computed without rounding, and the expected bits are found from the definition of the
//! mode alone (the largest format value not above the exact magnitude, by binary search over
//! the ordered bit patterns; one step away from zero when the mode asks and the value is not
//! exact). Random finite operands per lane: ordinary values, subnormals, values near the
//! overflow threshold, integers; f32, f64 and f16 rows, fused and unfused.

// Lane loops index several arrays at once.
#![allow(clippy::needless_range_loop)]

mod common;

use common::emu::{asm_d, exec_i, wave};
use common::Rng;
use gcnkit::asm::Dialect;
use gcnkit::Arch;
use num_bigint::BigInt;
use std::cmp::Ordering;

/// An IEEE binary format: exponent and mantissa widths.
#[derive(Clone, Copy)]
struct Fmt {
    exp: u32,
    man: u32,
}
const F16: Fmt = Fmt { exp: 5, man: 10 };
const F32: Fmt = Fmt { exp: 8, man: 23 };
const F64: Fmt = Fmt { exp: 11, man: 52 };

impl Fmt {
    fn bias(self) -> i64 {
        (1 << (self.exp - 1)) - 1
    }
    fn sign(self) -> u64 {
        1 << (self.exp + self.man)
    }
    /// The bits of +infinity (one above the largest finite magnitude).
    fn inf(self) -> u64 {
        ((1u64 << self.exp) - 1) << self.man
    }
    /// The exact value of finite bits.
    fn value(self, b: u64) -> Dy {
        let e = ((b >> self.man) & ((1 << self.exp) - 1)) as i64;
        let f = b & ((1 << self.man) - 1);
        let (m, x) = if e == 0 {
            (f, 1 - self.bias() - self.man as i64)
        } else {
            (f | 1 << self.man, e - self.bias() - self.man as i64)
        };
        let m = BigInt::from(m);
        Dy {
            m: if b & self.sign() != 0 { -m } else { m },
            e: x,
        }
    }
}

/// `m * 2^e`.
#[derive(Clone, Debug)]
struct Dy {
    m: BigInt,
    e: i64,
}

impl Dy {
    fn int(v: i64) -> Dy {
        Dy {
            m: BigInt::from(v),
            e: 0,
        }
    }
    /// Both at the smaller exponent.
    fn aligned(&self, o: &Dy) -> (BigInt, BigInt, i64) {
        let e = self.e.min(o.e);
        (&self.m << (self.e - e) as usize, &o.m << (o.e - e) as usize, e)
    }
    fn add(&self, o: &Dy) -> Dy {
        let (a, b, e) = self.aligned(o);
        Dy { m: a + b, e }
    }
    fn neg(&self) -> Dy {
        Dy { m: -&self.m, e: self.e }
    }
    fn mul(&self, o: &Dy) -> Dy {
        Dy {
            m: &self.m * &o.m,
            e: self.e + o.e,
        }
    }
    fn scale(&self, k: i64) -> Dy {
        Dy {
            m: self.m.clone(),
            e: self.e + k,
        }
    }
    fn cmp(&self, o: &Dy) -> Ordering {
        let (a, b, _) = self.aligned(o);
        a.cmp(&b)
    }
    fn is_zero(&self) -> bool {
        self.m == BigInt::from(0)
    }
    fn abs(&self) -> Dy {
        if self.m < BigInt::from(0) {
            self.neg()
        } else {
            self.clone()
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Up,
    Down,
    Zero,
}

impl Mode {
    /// MODE's FP_ROUND value.
    fn bits(self) -> u32 {
        match self {
            Mode::Up => 1,
            Mode::Down => 2,
            Mode::Zero => 3,
        }
    }
}

/// `x` (nonzero) rounded to `f` in `mode`, from the definition.
fn round(mode: Mode, x: &Dy, f: Fmt) -> u64 {
    assert!(!x.is_zero());
    let neg = x.m < BigInt::from(0);
    let a = x.abs();
    // The largest finite magnitude whose value is <= a (bit patterns of positive values are
    // ordered as the values).
    let (mut lo, mut hi) = (0u64, f.inf() - 1);
    if f.value(hi).cmp(&a) != Ordering::Greater {
        lo = hi;
    } else {
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if f.value(mid).cmp(&a) != Ordering::Greater {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
    }
    let exact = f.value(lo).cmp(&a) == Ordering::Equal;
    let away = match mode {
        Mode::Up => !neg,
        Mode::Down => neg,
        Mode::Zero => false,
    };
    let mag = if away && !exact { lo + 1 } else { lo };
    mag | if neg { f.sign() } else { 0 }
}

/// Random operands of a format (the shared generator of the tests).
trait Operands {
    fn finite(&mut self, f: Fmt) -> u64;
}

impl Operands for Rng {
    /// A finite value of `f`: any bits, a value near 1, a subnormal, or one near the top of
    /// the range, either sign.
    fn finite(&mut self, f: Fmt) -> u64 {
        let width = f.exp + f.man;
        let sign = (self.next() & 1) << width;
        let man = self.next() & ((1 << f.man) - 1);
        let exp = match self.next() % 5 {
            0 => 0,
            1 => f.bias() as u64 + (self.next() % 3),
            2 => (1 << f.exp) - 2,
            _ => 1 + self.next() % ((1 << f.exp) - 2),
        };
        sign | exp << f.man | man
    }
}

/// One row under test: its text (LLVM dialect), arch, the result format, the operands' formats
/// and the exact result of the operands (None: skip the lane, e.g. an unfused step overflowed).
struct Case {
    text: &'static str,
    arch: Arch,
    out: Fmt,
    /// Operand formats, in the VGPRs v1, v3, v5 (64-bit) or v1, v2, v3 (narrower); an `int`
    /// operand is a raw 32-bit value.
    ins: &'static [In],
    exact: fn(Mode, &[Dy]) -> Option<Dy>,
}

#[derive(Clone, Copy)]
enum In {
    F(Fmt),
    /// A 32-bit integer in [-lim, lim] (signed) or any (unsigned).
    I32(i64),
    U32,
    /// A value of v10 before the instruction (V_MAC's accumulator), f32.
    Acc,
}

fn cases() -> Vec<Case> {
    fn two(v: &[Dy]) -> (&Dy, &Dy) {
        (&v[0], &v[1])
    }
    vec![
        Case {
            text: "v_add_f32 v10, v1, v2",
            arch: Arch::Gcn12,
            out: F32,
            ins: &[In::F(F32), In::F(F32)],
            exact: |_, v| Some(v[0].add(&v[1])),
        },
        Case {
            text: "v_sub_f32 v10, v1, v2",
            arch: Arch::Gcn10,
            out: F32,
            ins: &[In::F(F32), In::F(F32)],
            exact: |_, v| Some(v[0].add(&v[1].neg())),
        },
        Case {
            text: "v_mul_f32 v10, v1, v2",
            arch: Arch::Gcn14,
            out: F32,
            ins: &[In::F(F32), In::F(F32)],
            exact: |_, v| Some(v[0].mul(&v[1])),
        },
        Case {
            text: "v_fma_f32 v10, v1, v2, v3",
            arch: Arch::Gcn14,
            out: F32,
            ins: &[In::F(F32), In::F(F32), In::F(F32)],
            exact: |_, v| Some(v[0].mul(&v[1]).add(&v[2])),
        },
        Case {
            // Not fused: the product is rounded in the mode first.
            text: "v_mac_f32 v10, v1, v2",
            arch: Arch::Gcn11,
            out: F32,
            ins: &[In::F(F32), In::F(F32), In::Acc],
            exact: |m, v| {
                let p = v[0].mul(&v[1]);
                let p = if p.is_zero() {
                    p
                } else {
                    F32.value(finite(round(m, &p, F32), F32)?)
                };
                Some(p.add(&v[2]))
            },
        },
        Case {
            text: "v_cvt_f32_i32 v10, v1",
            arch: Arch::Gcn12,
            out: F32,
            ins: &[In::I32(i32::MAX as i64)],
            exact: |_, v| Some(v[0].clone()),
        },
        Case {
            text: "v_cvt_f32_u32 v10, v1",
            arch: Arch::Gcn14,
            out: F32,
            ins: &[In::U32],
            exact: |_, v| Some(v[0].clone()),
        },
        Case {
            text: "v_cvt_f32_f64 v10, v[1:2]",
            arch: Arch::Gcn14,
            out: F32,
            ins: &[In::F(F64)],
            exact: |_, v| Some(v[0].clone()),
        },
        Case {
            text: "v_ldexp_f32 v10, v1, v2",
            arch: Arch::Gcn12,
            out: F32,
            ins: &[In::F(F32), In::I32(300)],
            exact: |_, v| Some(v[0].scale(small(&v[1]))),
        },
        Case {
            text: "v_add_f64 v[10:11], v[1:2], v[3:4]",
            arch: Arch::Gcn10,
            out: F64,
            ins: &[In::F(F64), In::F(F64)],
            exact: |_, v| {
                let (a, b) = two(v);
                Some(a.add(b))
            },
        },
        Case {
            text: "v_mul_f64 v[10:11], v[1:2], v[3:4]",
            arch: Arch::Gcn14,
            out: F64,
            ins: &[In::F(F64), In::F(F64)],
            exact: |_, v| Some(v[0].mul(&v[1])),
        },
        Case {
            text: "v_fma_f64 v[10:11], v[1:2], v[3:4], v[5:6]",
            arch: Arch::Gcn12,
            out: F64,
            ins: &[In::F(F64), In::F(F64), In::F(F64)],
            exact: |_, v| Some(v[0].mul(&v[1]).add(&v[2])),
        },
        Case {
            text: "v_ldexp_f64 v[10:11], v[1:2], v3",
            arch: Arch::Gcn14,
            out: F64,
            ins: &[In::F(F64), In::I32(2100)],
            exact: |_, v| Some(v[0].scale(small(&v[1]))),
        },
        Case {
            text: "v_add_f16 v10, v1, v2",
            arch: Arch::Gcn14,
            out: F16,
            ins: &[In::F(F16), In::F(F16)],
            exact: |_, v| Some(v[0].add(&v[1])),
        },
        Case {
            text: "v_mul_f16 v10, v1, v2",
            arch: Arch::Gcn12,
            out: F16,
            ins: &[In::F(F16), In::F(F16)],
            exact: |_, v| Some(v[0].mul(&v[1])),
        },
        Case {
            text: "v_fma_f16 v10, v1, v2, v3",
            arch: Arch::Gcn14,
            out: F16,
            ins: &[In::F(F16), In::F(F16), In::F(F16)],
            exact: |_, v| Some(v[0].mul(&v[1]).add(&v[2])),
        },
        Case {
            text: "v_cvt_f16_f32 v10, v1",
            arch: Arch::Gcn14,
            out: F16,
            ins: &[In::F(F32)],
            exact: |_, v| Some(v[0].clone()),
        },
        Case {
            text: "v_cvt_f16_u16 v10, v1",
            arch: Arch::Gcn12,
            out: F16,
            ins: &[In::I32(0xffff)],
            exact: |_, v| Some(v[0].abs()),
        },
        Case {
            text: "v_pk_fma_f16 v10, v1, v2, v3 op_sel_hi:[0,0,0]",
            arch: Arch::Gcn14,
            out: F16,
            ins: &[In::F(F16), In::F(F16), In::F(F16)],
            exact: |_, v| Some(v[0].mul(&v[1]).add(&v[2])),
        },
    ]
}

/// A finite result's bits, or None.
fn finite(b: u64, f: Fmt) -> Option<u64> {
    (b & !f.sign() < f.inf()).then_some(b)
}

/// An integer operand's value.
fn small(d: &Dy) -> i64 {
    i64::try_from(&d.m).unwrap() << d.e
}

#[test]
fn directed_modes_round_as_defined() {
    let mut r = Rng(0x0123_4567_89ab_cdef);
    for c in cases() {
        let instr = asm_d(c.arch, Dialect::Llvm, c.text);
        let mut zero_results = 0;
        for mode in [Mode::Up, Mode::Down, Mode::Zero] {
            // Denormals kept for every type; the round mode for f32 and for f64/f16 both.
            let m = 0xf0 | mode.bits() | mode.bits() << 2;
            for _round in 0..8 {
                let mut w = wave(c.arch, m);
                let mut vals: Vec<Vec<Dy>> = vec![Vec::new(); 64];
                for lane in 0..64 {
                    for (k, inp) in c.ins.iter().enumerate() {
                        let (v, reg_bits) = match *inp {
                            In::F(f) => {
                                let b = r.finite(f);
                                (f.value(b), b)
                            }
                            In::I32(lim) => {
                                let v = (r.next() % (2 * lim as u64 + 1)) as i64 - lim;
                                let v = if lim == 0xffff { v.abs() } else { v };
                                (Dy::int(v), v as u32 as u64)
                            }
                            In::U32 => {
                                let v = r.next() as u32;
                                (Dy::int(v as i64), v as u64)
                            }
                            In::Acc => {
                                let b = r.finite(F32);
                                (F32.value(b), b)
                            }
                        };
                        vals[lane].push(v);
                        let wide = matches!(inp, In::F(f) if f.man == 52);
                        let reg = match inp {
                            In::Acc => 10,
                            _ if c.out.man == 52 || wide => 1 + 2 * k,
                            _ => 1 + k,
                        };
                        w.v[reg][lane] = reg_bits as u32;
                        if wide {
                            w.v[reg + 1][lane] = (reg_bits >> 32) as u32;
                        }
                    }
                }
                exec_i(&mut w, &instr, c.text);
                for lane in 0..64 {
                    let got = w.v[10][lane] as u64
                        | if c.out.man == 52 {
                            (w.v[11][lane] as u64) << 32
                        } else {
                            0
                        };
                    let got = if c.out.man == 10 { got & 0xffff } else { got };
                    let Some(x) = (c.exact)(mode, &vals[lane]) else {
                        continue;
                    };
                    if x.is_zero() {
                        // A zero: its sign is IEEE's rule (checked by hand below).
                        assert_eq!(got & !c.out.sign(), 0, "{}: {mode:?}: lane {lane}: not a zero", c.text);
                        zero_results += 1;
                        continue;
                    }
                    let want = round(mode, &x, c.out);
                    assert_eq!(
                        got, want,
                        "{} ({}): {mode:?}: lane {lane}: operands {:?}: got {got:#x}, want {want:#x}",
                        c.text, c.arch, vals[lane]
                    );
                    if c.text.starts_with("v_pk_") {
                        // The high half (op_sel_hi 0: the same low operands) rounds alike.
                        assert_eq!(w.v[10][lane] as u64 >> 16, want, "{}: high half", c.text);
                    }
                }
            }
        }
        assert!(
            zero_results < 64,
            "{}: mostly zero results: the operands test nothing",
            c.text
        );
    }
}

/// The sign of exact zeros and the ends of the range, by hand (IEEE 754 §6.3, §7.4).
#[test]
fn zero_signs_and_overflow() {
    let run = |a: Arch, mode: u32, text: &str, x: u32, y: u32| -> u32 {
        let i = asm_d(a, Dialect::Llvm, text);
        let mut w = wave(a, 0xf0 | mode);
        *w.v[1] = [x; 64];
        *w.v[2] = [y; 64];
        exec_i(&mut w, &i, text);
        w.v[10][0]
    };
    let one = 1f32.to_bits();
    let m_one = (-1f32).to_bits();
    let max = f32::MAX.to_bits();
    for a in [Arch::Gcn10, Arch::Gcn14] {
        // x + (-x) is +0 in every mode but toward -inf.
        assert_eq!(run(a, 1, "v_add_f32 v10, v1, v2", one, m_one), 0);
        assert_eq!(run(a, 2, "v_add_f32 v10, v1, v2", one, m_one), 0x8000_0000);
        assert_eq!(run(a, 3, "v_add_f32 v10, v1, v2", one, m_one), 0);
        assert_eq!(run(a, 0, "v_add_f32 v10, v1, v2", one, m_one), 0);
        // Overflow: infinity only where the mode rounds away from zero.
        assert_eq!(run(a, 0, "v_add_f32 v10, v1, v2", max, max), 0x7f80_0000);
        assert_eq!(run(a, 1, "v_add_f32 v10, v1, v2", max, max), 0x7f80_0000);
        assert_eq!(run(a, 2, "v_add_f32 v10, v1, v2", max, max), max);
        assert_eq!(run(a, 3, "v_add_f32 v10, v1, v2", max, max), max);
        let nmax = (-f32::MAX).to_bits();
        assert_eq!(run(a, 1, "v_mul_f32 v10, v1, v2", nmax, 2f32.to_bits()), nmax);
        assert_eq!(run(a, 2, "v_mul_f32 v10, v1, v2", nmax, 2f32.to_bits()), 0xff80_0000);
        // Infinities and NaNs go through unchanged by the mode.
        assert_eq!(run(a, 3, "v_add_f32 v10, v1, v2", 0x7f80_0000, one), 0x7f80_0000);
        assert!(f32::from_bits(run(a, 2, "v_mul_f32 v10, v1, v2", 0x7f80_0000, 0)).is_nan());
        // 1 + 2^-25 (below half an ulp): only toward +inf moves.
        let tiny = 0x3300_0001;
        assert_eq!(run(a, 0, "v_add_f32 v10, v1, v2", one, tiny), one);
        assert_eq!(run(a, 1, "v_add_f32 v10, v1, v2", one, tiny), one + 1);
        assert_eq!(run(a, 2, "v_add_f32 v10, v1, v2", m_one, tiny), m_one);
        assert_eq!(run(a, 2, "v_sub_f32 v10, v1, v2", one, tiny), 0x3f7f_ffff);
    }
    // The f32 field (MODE[1:0]) leaves f64 alone and the f64/f16 field (MODE[3:2]) f32.
    let a = Arch::Gcn14;
    assert_eq!(run(a, 4, "v_add_f32 v10, v1, v2", one, 0x3300_0001), one);
    let h = |x: f32| half::f16::from_f32(x).to_bits() as u32;
    assert_eq!(run(a, 1, "v_add_f16 v10, v1, v2", h(1.0), 1), h(1.0));
    assert_eq!(run(a, 4, "v_add_f16 v10, v1, v2", h(1.0), 1), h(1.0) + 1);
}

/// V_CVT_PK_U8_F32 rounds to an integer in the f32 mode.
#[test]
fn cvt_pk_u8_rounds_in_the_mode() {
    let a = Arch::Gcn12;
    let text = "v_cvt_pk_u8_f32 v10, v1, 0, 0";
    let i = asm_d(a, Dialect::Llvm, text);
    for (mode, want) in [(0u32, 2u32), (1, 3), (2, 2), (3, 2)] {
        let mut w = wave(a, 0xf0 | mode);
        *w.v[1] = [2.25f32.to_bits(); 64];
        exec_i(&mut w, &i, text);
        assert_eq!(w.v[10][0], want, "mode {mode}");
    }
}
