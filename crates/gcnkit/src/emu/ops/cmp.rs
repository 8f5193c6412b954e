//! Compare semantics (CLRX wiki page GcnInstrsVopc), generated per type like the rows themselves:
//! `FLOAT_F16/F32/F64[op]` and `INT_*[op]` are indexed by the opcode offset of the compare.
//! Ordered compares (LT, EQ, ...) are false when an operand is NaN; their negations (NGE,
//! NLG, ...) are true. The signalling (CMPS) families compute the same bits: gcnkit models no
//! exceptions.

// `!(a >= b)` and `a < b || a > b` are deliberate: with a NaN operand they differ from `a < b`
// and `a != b` (the ordered/unordered distinction of the OP16 table).
#![allow(clippy::neg_cmp_op_on_partial_ord, clippy::double_comparisons)]

use super::bits;
use crate::emu::float::f16_to_f32;
use crate::emu::lanes::Lanes;
use crate::isa::Semantics;

macro_rules! float_family {
    ($table:ident, $t:ty, $read:expr) => {
        pub const $table: [Semantics; 16] = {
            #[inline(always)]
            fn r(l: &Lanes, k: usize, i: usize) -> $t {
                let f: fn(&Lanes, usize, usize) -> $t = $read;
                f(l, k, i)
            }
            fn f(l: &mut Lanes) {
                l.sdst = 0;
            }
            fn lt(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) < r(l, 1, i))
            }
            fn eq(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) == r(l, 1, i))
            }
            fn le(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) <= r(l, 1, i))
            }
            fn gt(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) > r(l, 1, i))
            }
            fn lg(l: &mut Lanes) {
                bits(l, |l, i| {
                    let (a, b) = (r(l, 0, i), r(l, 1, i));
                    a < b || a > b
                })
            }
            fn ge(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) >= r(l, 1, i))
            }
            fn o(l: &mut Lanes) {
                bits(l, |l, i| !r(l, 0, i).is_nan() && !r(l, 1, i).is_nan())
            }
            fn u(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i).is_nan() || r(l, 1, i).is_nan())
            }
            fn nge(l: &mut Lanes) {
                bits(l, |l, i| !(r(l, 0, i) >= r(l, 1, i)))
            }
            fn nlg(l: &mut Lanes) {
                bits(l, |l, i| {
                    let (a, b) = (r(l, 0, i), r(l, 1, i));
                    !(a < b || a > b)
                })
            }
            fn ngt(l: &mut Lanes) {
                bits(l, |l, i| !(r(l, 0, i) > r(l, 1, i)))
            }
            fn nle(l: &mut Lanes) {
                bits(l, |l, i| !(r(l, 0, i) <= r(l, 1, i)))
            }
            fn neq(l: &mut Lanes) {
                bits(l, |l, i| !(r(l, 0, i) == r(l, 1, i)))
            }
            fn nlt(l: &mut Lanes) {
                bits(l, |l, i| !(r(l, 0, i) < r(l, 1, i)))
            }
            fn tru(l: &mut Lanes) {
                l.sdst = u64::MAX;
            }
            [f, lt, eq, le, gt, lg, ge, o, u, nge, nlg, ngt, nle, neq, nlt, tru]
        };
    };
}

// f16 values compare as their (exact) f32 values, f32 as themselves.
float_family!(FLOAT_F16, f32, |l, k, i| f16_to_f32(l.src[k][0][i] & 0xffff));
float_family!(FLOAT_F32, f32, |l, k, i| f32::from_bits(l.src[k][0][i]));
float_family!(FLOAT_F64, f64, |l, k, i| f64::from_bits(l.src64(k, i)));

macro_rules! int_family {
    ($table:ident, $t:ty, $read:expr) => {
        pub const $table: [Semantics; 8] = {
            #[inline(always)]
            fn r(l: &Lanes, k: usize, i: usize) -> $t {
                let f: fn(&Lanes, usize, usize) -> $t = $read;
                f(l, k, i)
            }
            fn f(l: &mut Lanes) {
                l.sdst = 0;
            }
            fn lt(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) < r(l, 1, i))
            }
            fn eq(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) == r(l, 1, i))
            }
            fn le(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) <= r(l, 1, i))
            }
            fn gt(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) > r(l, 1, i))
            }
            fn ne(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) != r(l, 1, i))
            }
            fn ge(l: &mut Lanes) {
                bits(l, |l, i| r(l, 0, i) >= r(l, 1, i))
            }
            fn t(l: &mut Lanes) {
                l.sdst = u64::MAX;
            }
            [f, lt, eq, le, gt, ne, ge, t]
        };
    };
}

int_family!(INT_I16, i16, |l, k, i| l.src[k][0][i] as u16 as i16);
int_family!(INT_U16, u16, |l, k, i| l.src[k][0][i] as u16);
int_family!(INT_I32, i32, |l, k, i| l.src[k][0][i] as i32);
int_family!(INT_U32, u32, |l, k, i| l.src[k][0][i]);
int_family!(INT_I64, i64, |l, k, i| l.src64(k, i) as i64);
int_family!(INT_U64, u64, |l, k, i| l.src64(k, i));

/// The class bit (0 signalling NaN .. 9 +inf) of a float given as sign, exponent-all-ones,
/// exponent-zero, mantissa-zero and quiet bit.
fn class_bit(sign: bool, exp_max: bool, exp_zero: bool, mant_zero: bool, quiet: bool) -> u32 {
    match (exp_max, exp_zero, mant_zero) {
        (true, _, false) => {
            if quiet {
                1
            } else {
                0
            }
        }
        (true, _, true) => {
            if sign {
                2
            } else {
                9
            }
        }
        (false, true, true) => {
            if sign {
                5
            } else {
                6
            }
        }
        (false, true, false) => {
            if sign {
                4
            } else {
                7
            }
        }
        _ => {
            if sign {
                3
            } else {
                8
            }
        }
    }
}

/// `SDST(lane) = (SRC1 >> class(SRC0)) & 1` (SRC0 is not flushed).
pub fn class_f32(l: &mut Lanes) {
    bits(l, |l, i| {
        let x = l.src[0][0][i];
        let c = class_bit(
            x >> 31 != 0,
            x & 0x7f80_0000 == 0x7f80_0000,
            x & 0x7f80_0000 == 0,
            x & 0x7f_ffff == 0,
            x & 0x40_0000 != 0,
        );
        l.src[1][0][i] >> c & 1 != 0
    })
}

pub fn class_f64(l: &mut Lanes) {
    bits(l, |l, i| {
        let x = l.src64(0, i);
        let e = x & 0x7ff0_0000_0000_0000;
        let c = class_bit(
            x >> 63 != 0,
            e == 0x7ff0_0000_0000_0000,
            e == 0,
            x & 0xf_ffff_ffff_ffff == 0,
            x & 0x8_0000_0000_0000 != 0,
        );
        l.src[1][0][i] >> c & 1 != 0
    })
}

pub fn class_f16(l: &mut Lanes) {
    bits(l, |l, i| {
        let x = l.src[0][0][i] & 0xffff;
        let c = class_bit(
            x >> 15 != 0,
            x & 0x7c00 == 0x7c00,
            x & 0x7c00 == 0,
            x & 0x3ff == 0,
            x & 0x200 != 0,
        );
        l.src[1][0][i] >> c & 1 != 0
    })
}
