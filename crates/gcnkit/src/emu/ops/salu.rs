//! Scalar-ALU semantics (SOP1, SOP2, SOPK, SOPC), referenced from the rows of `isa/sop.rs`.
//!
//! Rules as the *Operation* sections of CLRX's wiki pages (GcnInstrsSop1/Sop2/Sopk/Sopc) and
//! AMD's ISA manuals give them. 32-bit operands and results live in the low half of the
//! [`Salu`] fields; a function that does not mention SCC or EXEC leaves them as they were.
//!
//! SOPK rows share the functions of the SOP2/SOPC operation they are: the executor puts the
//! register SDST names in `s0` and SIMM16, extended by the row's source type, in `s1`.

use crate::emu::salu::Salu;

const LO: u64 = 0xffff_ffff;

#[inline(always)]
fn lo(v: u64) -> u32 {
    v as u32
}

/// `D = f(S0, S1)` on 32-bit values, SCC = (D != 0).
#[inline(always)]
fn nz32(x: &mut Salu, f: impl Fn(u32, u32) -> u32) {
    let d = f(lo(x.s0), lo(x.s1));
    x.d = d as u64;
    x.scc = d != 0;
}

/// `D = f(S0, S1)` on 64-bit values, SCC = (D != 0).
#[inline(always)]
fn nz64(x: &mut Salu, f: impl Fn(u64, u64) -> u64) {
    x.d = f(x.s0, x.s1);
    x.scc = x.d != 0;
}

/// `D = f(S0, S1)` on 32-bit values; SCC unchanged.
#[inline(always)]
fn keep32(x: &mut Salu, f: impl Fn(u32, u32) -> u32) {
    x.d = f(lo(x.s0), lo(x.s1)) as u64;
}

/// SCC = `f(S0, S1)` on 32-bit values (compares: no SDST).
#[inline(always)]
fn cmp32(x: &mut Salu, f: impl Fn(u32, u32) -> bool) {
    x.scc = f(lo(x.s0), lo(x.s1));
}

// ---------------------------------------------------------------------------------------------
// SOP2: arithmetic
// ---------------------------------------------------------------------------------------------

/// SCC = carry out of the 32-bit sum.
pub fn add_u32(x: &mut Salu) {
    let t = (x.s0 & LO) + (x.s1 & LO);
    x.d = t & LO;
    x.scc = t >> 32 != 0;
}

/// SCC = borrow (S1 > S0, unsigned).
pub fn sub_u32(x: &mut Salu) {
    let (d, b) = lo(x.s0).overflowing_sub(lo(x.s1));
    x.d = d as u64;
    x.scc = b;
}

/// SCC = signed overflow. Also S_ADDK_I32 (S0 = SDST's value, S1 = SIMM16 sign-extended).
pub fn add_i32(x: &mut Salu) {
    let (d, o) = (lo(x.s0) as i32).overflowing_add(lo(x.s1) as i32);
    x.d = d as u32 as u64;
    x.scc = o;
}

/// SCC = signed overflow.
pub fn sub_i32(x: &mut Salu) {
    let (d, o) = (lo(x.s0) as i32).overflowing_sub(lo(x.s1) as i32);
    x.d = d as u32 as u64;
    x.scc = o;
}

/// `D = S0 + S1 + SCC`; SCC = carry out.
pub fn addc_u32(x: &mut Salu) {
    let t = (x.s0 & LO) + (x.s1 & LO) + x.scc as u64;
    x.d = t & LO;
    x.scc = t >> 32 != 0;
}

/// `D = S0 - S1 - SCC`; SCC = borrow (S1 + SCC > S0, unsigned, without wrapping).
pub fn subb_u32(x: &mut Salu) {
    let (a, b, c) = (x.s0 & LO, x.s1 & LO, x.scc as u64);
    x.d = a.wrapping_sub(b).wrapping_sub(c) & LO;
    x.scc = b + c > a;
}

/// SCC = S0 < S1 (S0 was selected; equal operands select S1 and clear SCC).
pub fn min_i32(x: &mut Salu) {
    let (a, b) = (lo(x.s0) as i32, lo(x.s1) as i32);
    x.scc = a < b;
    x.d = (if x.scc { a } else { b }) as u32 as u64;
}

/// SCC = S0 < S1, unsigned.
pub fn min_u32(x: &mut Salu) {
    let (a, b) = (lo(x.s0), lo(x.s1));
    x.scc = a < b;
    x.d = (if x.scc { a } else { b }) as u64;
}

/// SCC = S0 > S1 (strict, as the GCN manuals and CLRX give it: equal operands clear SCC).
pub fn max_i32(x: &mut Salu) {
    let (a, b) = (lo(x.s0) as i32, lo(x.s1) as i32);
    x.scc = a > b;
    x.d = (if x.scc { a } else { b }) as u32 as u64;
}

/// SCC = S0 > S1, unsigned.
pub fn max_u32(x: &mut Salu) {
    let (a, b) = (lo(x.s0), lo(x.s1));
    x.scc = a > b;
    x.d = (if x.scc { a } else { b }) as u64;
}

/// `D = SCC ? S0 : S1` (both widths); SCC unchanged.
pub fn cselect(x: &mut Salu) {
    x.d = if x.scc { x.s0 } else { x.s1 };
}

/// Low 32 bits of the product; SCC unchanged. Also S_MULK_I32.
pub fn mul_i32(x: &mut Salu) {
    keep32(x, u32::wrapping_mul)
}

pub fn mul_hi_u32(x: &mut Salu) {
    keep32(x, |a, b| ((a as u64 * b as u64) >> 32) as u32)
}

pub fn mul_hi_i32(x: &mut Salu) {
    keep32(x, |a, b| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32)
}

/// `D = |S0 - S1|` of the wrapped 32-bit difference (0x80000000 - 0 gives 0x80000000);
/// SCC = (D != 0).
pub fn absdiff_i32(x: &mut Salu) {
    nz32(x, |a, b| (a.wrapping_sub(b) as i32).wrapping_abs() as u32)
}

/// `D = (S0 << n) + S1`, the shift and sum taken in 64 bits; SCC = (sum >= 2^32), so bits
/// shifted out of S0 count as carry too.
#[inline(always)]
fn lshl_add(x: &mut Salu, n: u32) {
    let t = ((x.s0 & LO) << n) + (x.s1 & LO);
    x.d = t & LO;
    x.scc = t >> 32 != 0;
}

pub fn lshl1_add_u32(x: &mut Salu) {
    lshl_add(x, 1)
}

pub fn lshl2_add_u32(x: &mut Salu) {
    lshl_add(x, 2)
}

pub fn lshl3_add_u32(x: &mut Salu) {
    lshl_add(x, 3)
}

pub fn lshl4_add_u32(x: &mut Salu) {
    lshl_add(x, 4)
}

/// `D = {S1[15:0], S0[15:0]}`
pub fn pack_ll_b32_b16(x: &mut Salu) {
    keep32(x, |a, b| (a & 0xffff) | b << 16)
}

/// `D = {S1[31:16], S0[15:0]}`
pub fn pack_lh_b32_b16(x: &mut Salu) {
    keep32(x, |a, b| (a & 0xffff) | (b & 0xffff_0000))
}

/// `D = {S1[31:16], S0[31:16]}`
pub fn pack_hh_b32_b16(x: &mut Salu) {
    keep32(x, |a, b| a >> 16 | (b & 0xffff_0000))
}

// ---------------------------------------------------------------------------------------------
// SOP2: bitwise operations, shifts, bit fields (SCC = result != 0 unless said otherwise)
// ---------------------------------------------------------------------------------------------

pub fn and_b32(x: &mut Salu) {
    nz32(x, |a, b| a & b)
}

pub fn and_b64(x: &mut Salu) {
    nz64(x, |a, b| a & b)
}

pub fn or_b32(x: &mut Salu) {
    nz32(x, |a, b| a | b)
}

pub fn or_b64(x: &mut Salu) {
    nz64(x, |a, b| a | b)
}

pub fn xor_b32(x: &mut Salu) {
    nz32(x, |a, b| a ^ b)
}

pub fn xor_b64(x: &mut Salu) {
    nz64(x, |a, b| a ^ b)
}

pub fn andn2_b32(x: &mut Salu) {
    nz32(x, |a, b| a & !b)
}

pub fn andn2_b64(x: &mut Salu) {
    nz64(x, |a, b| a & !b)
}

pub fn orn2_b32(x: &mut Salu) {
    nz32(x, |a, b| a | !b)
}

pub fn orn2_b64(x: &mut Salu) {
    nz64(x, |a, b| a | !b)
}

pub fn nand_b32(x: &mut Salu) {
    nz32(x, |a, b| !(a & b))
}

pub fn nand_b64(x: &mut Salu) {
    nz64(x, |a, b| !(a & b))
}

pub fn nor_b32(x: &mut Salu) {
    nz32(x, |a, b| !(a | b))
}

pub fn nor_b64(x: &mut Salu) {
    nz64(x, |a, b| !(a | b))
}

pub fn xnor_b32(x: &mut Salu) {
    nz32(x, |a, b| !(a ^ b))
}

pub fn xnor_b64(x: &mut Salu) {
    nz64(x, |a, b| !(a ^ b))
}

/// `D = S0 << S1[4:0]`
pub fn lshl_b32(x: &mut Salu) {
    nz32(x, |a, b| a << (b & 31))
}

/// `D = S0 << S1[5:0]`
pub fn lshl_b64(x: &mut Salu) {
    nz64(x, |a, b| a << (b & 63))
}

pub fn lshr_b32(x: &mut Salu) {
    nz32(x, |a, b| a >> (b & 31))
}

pub fn lshr_b64(x: &mut Salu) {
    nz64(x, |a, b| a >> (b & 63))
}

pub fn ashr_i32(x: &mut Salu) {
    nz32(x, |a, b| ((a as i32) >> (b & 31)) as u32)
}

pub fn ashr_i64(x: &mut Salu) {
    nz64(x, |a, b| ((a as i64) >> (b & 63)) as u64)
}

/// `D = ((1 << S0[4:0]) - 1) << S1[4:0]`; SCC unchanged.
pub fn bfm_b32(x: &mut Salu) {
    keep32(x, |a, b| ((1u32 << (a & 31)) - 1) << (b & 31))
}

/// `D = ((1 << S0[5:0]) - 1) << S1[5:0]` (64-bit result from 32-bit sources); SCC unchanged.
pub fn bfm_b64(x: &mut Salu) {
    x.d = ((1u64 << (x.s0 & 63)) - 1) << (x.s1 & 63);
}

/// Bit field extract on a `W`-bit value: offset S1[4:0] (W = 32) or S1[5:0] (W = 64), width
/// S1[22:16] (0..127). Width 0 gives 0; a field reaching past bit W-1 is what is there (for
/// the signed forms the sign comes from bit W-1). The result is sign-extended from the
/// field's top bit when `signed`.
#[inline(always)]
fn bfe(x: &mut Salu, w: u32, signed: bool) {
    let v = if w == 32 { x.s0 & LO } else { x.s0 };
    let off = (x.s1 as u32) & (w - 1);
    let len = (x.s1 as u32 >> 16) & 0x7f;
    // Left-align the field in 64 bits, then shift it back down.
    let top = 64 - w; // bits above a W-bit value in a u64
    let d = if len == 0 {
        0
    } else if off + len < w {
        let up = v << (top + w - off - len);
        if signed {
            ((up as i64) >> (64 - len)) as u64
        } else {
            up >> (64 - len)
        }
    } else if signed {
        (((v << top) as i64) >> (top + off)) as u64
    } else {
        v >> off
    };
    x.d = if w == 32 { d & LO } else { d };
    x.scc = x.d != 0;
}

pub fn bfe_u32(x: &mut Salu) {
    bfe(x, 32, false)
}

pub fn bfe_i32(x: &mut Salu) {
    bfe(x, 32, true)
}

pub fn bfe_u64(x: &mut Salu) {
    bfe(x, 64, false)
}

pub fn bfe_i64(x: &mut Salu) {
    bfe(x, 64, true)
}

// ---------------------------------------------------------------------------------------------
// SOPK (the rest share the SOP2/SOPC functions)
// ---------------------------------------------------------------------------------------------

/// `D = SIMM16` sign-extended; SCC unchanged.
pub fn movk_i32(x: &mut Salu) {
    x.d = x.s1 & LO;
}

/// `if SCC then D = SIMM16` sign-extended (else SDST keeps its value).
pub fn cmovk_i32(x: &mut Salu) {
    if x.scc {
        x.d = x.s1 & LO;
    }
}

// ---------------------------------------------------------------------------------------------
// SOP1
// ---------------------------------------------------------------------------------------------

/// `D = S0` (both widths; also S_MOV_FED_B32); SCC unchanged.
pub fn mov(x: &mut Salu) {
    x.d = x.s0;
}

/// `if SCC then D = S0` (else SDST keeps its value).
pub fn cmov(x: &mut Salu) {
    if x.scc {
        x.d = x.s0;
    }
}

pub fn not_b32(x: &mut Salu) {
    nz32(x, |a, _| !a)
}

pub fn not_b64(x: &mut Salu) {
    nz64(x, |a, _| !a)
}

/// Whole quad mode: every 4-bit group of S0 with a bit set becomes 0xf.
#[inline(always)]
fn wqm(v: u64) -> u64 {
    let q = v | v >> 1 | v >> 2 | v >> 3; // bit 4i = any of group i
    (q & 0x1111_1111_1111_1111) * 0xf
}

/// SCC = (D != 0).
pub fn wqm_b32(x: &mut Salu) {
    nz32(x, |a, _| wqm(a as u64) as u32)
}

pub fn wqm_b64(x: &mut Salu) {
    nz64(x, |a, _| wqm(a))
}

/// Bit `i` of the result = any bit of S0's 4-bit group `i`.
#[inline(always)]
fn quadmask(v: u64, groups: u32) -> u64 {
    (0..groups).fold(0, |m, i| m | (((v >> (4 * i)) & 0xf != 0) as u64) << i)
}

/// `D[7:0]` = the 8 quads of S0, upper bits 0; SCC = (D != 0).
pub fn quadmask_b32(x: &mut Salu) {
    nz32(x, |a, _| quadmask(a as u64, 8) as u32)
}

/// `D[15:0]` = the 16 quads of S0, upper bits 0; SCC = (D != 0).
pub fn quadmask_b64(x: &mut Salu) {
    nz64(x, |a, _| quadmask(a, 16))
}

/// Each bit of S0 (32 bits) twice: `D[2i] = D[2i+1] = S0[i]`; SCC unchanged.
pub fn bitreplicate_b64_b32(x: &mut Salu) {
    let v = x.s0 & LO;
    x.d = (0..32).fold(0, |m, i| m | (((v >> i) & 1) * (3 << (2 * i))));
}

pub fn brev_b32(x: &mut Salu) {
    keep32(x, |a, _| a.reverse_bits())
}

pub fn brev_b64(x: &mut Salu) {
    x.d = x.s0.reverse_bits();
}

/// Number of 0 bits; SCC = (D != 0).
pub fn bcnt0_i32_b32(x: &mut Salu) {
    nz32(x, |a, _| a.count_zeros())
}

pub fn bcnt0_i32_b64(x: &mut Salu) {
    x.d = x.s0.count_zeros() as u64;
    x.scc = x.d != 0;
}

/// Number of 1 bits; SCC = (D != 0).
pub fn bcnt1_i32_b32(x: &mut Salu) {
    nz32(x, |a, _| a.count_ones())
}

pub fn bcnt1_i32_b64(x: &mut Salu) {
    x.d = x.s0.count_ones() as u64;
    x.scc = x.d != 0;
}

/// A bit position, or -1 (0xffffffff) when `none`.
#[inline(always)]
fn pos(x: &mut Salu, none: bool, p: u32) {
    x.d = if none { LO } else { p as u64 };
}

/// Position of the first 0 bit from the LSB; -1 if none. SCC unchanged.
pub fn ff0_i32_b32(x: &mut Salu) {
    let v = lo(x.s0);
    pos(x, v == u32::MAX, v.trailing_ones())
}

pub fn ff0_i32_b64(x: &mut Salu) {
    let v = x.s0;
    pos(x, v == u64::MAX, v.trailing_ones())
}

/// Position of the first 1 bit from the LSB; -1 if none. SCC unchanged.
pub fn ff1_i32_b32(x: &mut Salu) {
    let v = lo(x.s0);
    pos(x, v == 0, v.trailing_zeros())
}

pub fn ff1_i32_b64(x: &mut Salu) {
    let v = x.s0;
    pos(x, v == 0, v.trailing_zeros())
}

/// Number of 0 bits above the first 1 from the MSB; -1 for 0. SCC unchanged.
pub fn flbit_i32_b32(x: &mut Salu) {
    let v = lo(x.s0);
    pos(x, v == 0, v.leading_zeros())
}

pub fn flbit_i32_b64(x: &mut Salu) {
    let v = x.s0;
    pos(x, v == 0, v.leading_zeros())
}

/// Position from the MSB of the first bit that differs from the sign bit; -1 for 0 and -1.
/// SCC unchanged.
pub fn flbit_i32(x: &mut Salu) {
    let v = lo(x.s0);
    let y = if (v as i32) < 0 { !v } else { v };
    pos(x, y == 0, y.leading_zeros())
}

pub fn flbit_i32_i64(x: &mut Salu) {
    let v = x.s0;
    let y = if (v as i64) < 0 { !v } else { v };
    pos(x, y == 0, y.leading_zeros())
}

pub fn sext_i32_i8(x: &mut Salu) {
    keep32(x, |a, _| a as i8 as i32 as u32)
}

pub fn sext_i32_i16(x: &mut Salu) {
    keep32(x, |a, _| a as i16 as i32 as u32)
}

/// `D[S0[4:0]] = 0`, other bits of SDST kept; SCC unchanged.
pub fn bitset0_b32(x: &mut Salu) {
    x.d = x.d & LO & !(1 << (x.s0 & 31));
}

/// `D[S0[5:0]] = 0`
pub fn bitset0_b64(x: &mut Salu) {
    x.d &= !(1 << (x.s0 & 63));
}

/// `D[S0[4:0]] = 1`
pub fn bitset1_b32(x: &mut Salu) {
    x.d = (x.d | 1 << (x.s0 & 31)) & LO;
}

/// `D[S0[5:0]] = 1`
pub fn bitset1_b64(x: &mut Salu) {
    x.d |= 1 << (x.s0 & 63);
}

/// `D = |S0|`; |-2^31| = 0x80000000. SCC = (D != 0).
pub fn abs_i32(x: &mut Salu) {
    nz32(x, |a, _| (a as i32).wrapping_abs() as u32)
}

/// `D = EXEC` (the old one), `EXEC = f(S0, EXEC)`, SCC = (new EXEC != 0).
#[inline(always)]
fn saveexec(x: &mut Salu, f: impl Fn(u64, u64) -> u64) {
    x.d = x.exec;
    x.exec = f(x.s0, x.exec);
    x.scc = x.exec != 0;
}

/// `EXEC = f(S0, EXEC)`, `D = EXEC` (the new one), SCC = (EXEC != 0).
#[inline(always)]
fn wrexec(x: &mut Salu, f: impl Fn(u64, u64) -> u64) {
    x.exec = f(x.s0, x.exec);
    x.d = x.exec;
    x.scc = x.exec != 0;
}

/// `EXEC = S0 & EXEC`
pub fn and_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| s & e)
}

pub fn or_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| s | e)
}

pub fn xor_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| s ^ e)
}

/// `EXEC = S0 & !EXEC`
pub fn andn2_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| s & !e)
}

/// `EXEC = S0 | !EXEC`
pub fn orn2_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| s | !e)
}

pub fn nand_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| !(s & e))
}

pub fn nor_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| !(s | e))
}

pub fn xnor_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| !(s ^ e))
}

/// `EXEC = !S0 & EXEC` (GCN 1.4)
pub fn andn1_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| !s & e)
}

/// `EXEC = !S0 | EXEC` (GCN 1.4)
pub fn orn1_saveexec_b64(x: &mut Salu) {
    saveexec(x, |s, e| !s | e)
}

/// `EXEC = !S0 & EXEC`, `D = EXEC` (GCN 1.4)
pub fn andn1_wrexec_b64(x: &mut Salu) {
    wrexec(x, |s, e| !s & e)
}

/// `EXEC = S0 & !EXEC`, `D = EXEC` (GCN 1.4)
pub fn andn2_wrexec_b64(x: &mut Salu) {
    wrexec(x, |s, e| s & !e)
}

// ---------------------------------------------------------------------------------------------
// SOPC (and S_CMPK_*): SCC = the comparison; no SDST
// ---------------------------------------------------------------------------------------------

pub fn cmp_eq_i32(x: &mut Salu) {
    cmp32(x, |a, b| a == b)
}

pub fn cmp_lg_i32(x: &mut Salu) {
    cmp32(x, |a, b| a != b)
}

pub fn cmp_gt_i32(x: &mut Salu) {
    cmp32(x, |a, b| a as i32 > b as i32)
}

pub fn cmp_ge_i32(x: &mut Salu) {
    cmp32(x, |a, b| a as i32 >= b as i32)
}

pub fn cmp_lt_i32(x: &mut Salu) {
    cmp32(x, |a, b| (a as i32) < b as i32)
}

pub fn cmp_le_i32(x: &mut Salu) {
    cmp32(x, |a, b| a as i32 <= b as i32)
}

pub fn cmp_eq_u32(x: &mut Salu) {
    cmp32(x, |a, b| a == b)
}

pub fn cmp_lg_u32(x: &mut Salu) {
    cmp32(x, |a, b| a != b)
}

pub fn cmp_gt_u32(x: &mut Salu) {
    cmp32(x, |a, b| a > b)
}

pub fn cmp_ge_u32(x: &mut Salu) {
    cmp32(x, |a, b| a >= b)
}

pub fn cmp_lt_u32(x: &mut Salu) {
    cmp32(x, |a, b| a < b)
}

pub fn cmp_le_u32(x: &mut Salu) {
    cmp32(x, |a, b| a <= b)
}

pub fn cmp_eq_u64(x: &mut Salu) {
    x.scc = x.s0 == x.s1;
}

pub fn cmp_lg_u64(x: &mut Salu) {
    x.scc = x.s0 != x.s1;
}

/// `SCC = (S0[S1[4:0]] == 0)`
pub fn bitcmp0_b32(x: &mut Salu) {
    x.scc = ((x.s0 & LO) >> (x.s1 & 31)) & 1 == 0;
}

/// `SCC = (S0[S1[4:0]] == 1)`
pub fn bitcmp1_b32(x: &mut Salu) {
    x.scc = ((x.s0 & LO) >> (x.s1 & 31)) & 1 != 0;
}

/// `SCC = (S0[S1[5:0]] == 0)`, S0 64-bit
pub fn bitcmp0_b64(x: &mut Salu) {
    x.scc = (x.s0 >> (x.s1 & 63)) & 1 == 0;
}

/// `SCC = (S0[S1[5:0]] == 1)`, S0 64-bit
pub fn bitcmp1_b64(x: &mut Salu) {
    x.scc = (x.s0 >> (x.s1 & 63)) & 1 != 0;
}
