//! Semantics of the VOP3-only instructions (seed page GcnInstrsVop3, *Operation* sections;
//! README says where an operation is inferred rather than documented).

use super::{map2, map3, map3f, map64f};
use crate::emu::lanes::Lanes;

/// `VDST = SRC0 * SRC1 + SRC2`, not fused (the product is rounded).
pub fn mad_f32(l: &mut Lanes) {
    map3f(l, |a, b, c| a * b + c)
}

/// Fused multiply-add.
pub fn fma_f32(l: &mut Lanes) {
    map3f(l, |a, b, c| a.mul_add(b, c))
}

pub fn fma_f64(l: &mut Lanes) {
    map64f(l, |a, b, c| a.mul_add(b, c))
}

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

pub fn mul_lo_u32(l: &mut Lanes) {
    map2(l, |a, b| a.wrapping_mul(b))
}

pub fn mul_hi_u32(l: &mut Lanes) {
    map2(l, |a, b| ((a as u64 * b as u64) >> 32) as u32)
}

pub fn mul_hi_i32(l: &mut Lanes) {
    map2(l, |a, b| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32)
}

pub fn add_f64(l: &mut Lanes) {
    map64f(l, |a, b, _| a + b)
}

pub fn mul_f64(l: &mut Lanes) {
    map64f(l, |a, b, _| a * b)
}
